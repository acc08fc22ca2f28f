// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// Every cmpi and cmpf predicate on a few operand pairs, i1 results widened
// with extui, and select on scalars.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @b(%v: i1) {
  %w = arith.extui %v : i1 to i64
  call @printI64(%w) : (i64) -> ()
  return
}

func.func @ints(%x: i32, %y: i32) {
  %0 = arith.cmpi eq, %x, %y : i32
  call @b(%0) : (i1) -> ()
  %1 = arith.cmpi ne, %x, %y : i32
  call @b(%1) : (i1) -> ()
  %2 = arith.cmpi slt, %x, %y : i32
  call @b(%2) : (i1) -> ()
  %3 = arith.cmpi sle, %x, %y : i32
  call @b(%3) : (i1) -> ()
  %4 = arith.cmpi sgt, %x, %y : i32
  call @b(%4) : (i1) -> ()
  %5 = arith.cmpi sge, %x, %y : i32
  call @b(%5) : (i1) -> ()
  %6 = arith.cmpi ult, %x, %y : i32
  call @b(%6) : (i1) -> ()
  %7 = arith.cmpi ule, %x, %y : i32
  call @b(%7) : (i1) -> ()
  %8 = arith.cmpi ugt, %x, %y : i32
  call @b(%8) : (i1) -> ()
  %9 = arith.cmpi uge, %x, %y : i32
  call @b(%9) : (i1) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @floats(%x: f64, %y: f64) {
  %0 = arith.cmpf false, %x, %y : f64
  call @b(%0) : (i1) -> ()
  %1 = arith.cmpf oeq, %x, %y : f64
  call @b(%1) : (i1) -> ()
  %2 = arith.cmpf ogt, %x, %y : f64
  call @b(%2) : (i1) -> ()
  %3 = arith.cmpf oge, %x, %y : f64
  call @b(%3) : (i1) -> ()
  %4 = arith.cmpf olt, %x, %y : f64
  call @b(%4) : (i1) -> ()
  %5 = arith.cmpf ole, %x, %y : f64
  call @b(%5) : (i1) -> ()
  %6 = arith.cmpf one, %x, %y : f64
  call @b(%6) : (i1) -> ()
  %7 = arith.cmpf ord, %x, %y : f64
  call @b(%7) : (i1) -> ()
  %8 = arith.cmpf ueq, %x, %y : f64
  call @b(%8) : (i1) -> ()
  %9 = arith.cmpf ugt, %x, %y : f64
  call @b(%9) : (i1) -> ()
  %10 = arith.cmpf uge, %x, %y : f64
  call @b(%10) : (i1) -> ()
  %11 = arith.cmpf ult, %x, %y : f64
  call @b(%11) : (i1) -> ()
  %12 = arith.cmpf ule, %x, %y : f64
  call @b(%12) : (i1) -> ()
  %13 = arith.cmpf une, %x, %y : f64
  call @b(%13) : (i1) -> ()
  %14 = arith.cmpf uno, %x, %y : f64
  call @b(%14) : (i1) -> ()
  %15 = arith.cmpf true, %x, %y : f64
  call @b(%15) : (i1) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @main() {
  %a = arith.constant 5 : i32
  %b = arith.constant -3 : i32
  call @ints(%a, %b) : (i32, i32) -> ()
  call @ints(%b, %a) : (i32, i32) -> ()
  call @ints(%a, %a) : (i32, i32) -> ()
  %x = arith.constant 1.5 : f64
  %y = arith.constant 2.5 : f64
  %zero = arith.constant 0.0 : f64
  %nan = arith.divf %zero, %zero : f64
  call @floats(%x, %y) : (f64, f64) -> ()
  call @floats(%y, %y) : (f64, f64) -> ()
  call @floats(%x, %nan) : (f64, f64) -> ()
  %t = arith.cmpi slt, %b, %a : i32
  %s = arith.select %t, %a, %b : i32
  %s64 = arith.extsi %s : i32 to i64
  call @printI64(%s64) : (i64) -> ()
  %f = arith.xori %t, %t : i1
  %s2 = arith.select %f, %a, %b : i32
  %s264 = arith.extsi %s2 : i32 to i64
  call @printI64(%s264) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: 0100111100
// CHECK-NEXT: 0111000011
// CHECK-NEXT: 1001010101
// CHECK-NEXT: 0000111100011101
// CHECK-NEXT: 0101010110101001
// CHECK-NEXT: 0000000011111111
// CHECK-NEXT: 5-3
