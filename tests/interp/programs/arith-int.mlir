// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// Integer arithmetic on i32/i64/i8 scalars: wrapping, division flavours,
// shifts, bitwise ops, min/max, printed with printI64.
func.func private @printI64(i64)
func.func private @printNewline()
func.func private @printComma()

func.func @show(%v: i64) {
  call @printI64(%v) : (i64) -> ()
  call @printComma() : () -> ()
  return
}

func.func @show32(%v: i32) {
  %w = arith.extsi %v : i32 to i64
  call @show(%w) : (i64) -> ()
  return
}

func.func @main() {
  %a = arith.constant 1234567 : i32
  %b = arith.constant -89 : i32
  %0 = arith.addi %a, %b : i32
  call @show32(%0) : (i32) -> ()
  %1 = arith.subi %b, %a : i32
  call @show32(%1) : (i32) -> ()
  %2 = arith.muli %a, %a : i32
  call @show32(%2) : (i32) -> ()
  %3 = arith.divsi %a, %b : i32
  call @show32(%3) : (i32) -> ()
  %4 = arith.remsi %a, %b : i32
  call @show32(%4) : (i32) -> ()
  %5 = arith.divui %a, %b : i32
  call @show32(%5) : (i32) -> ()
  %6 = arith.remui %b, %a : i32
  call @show32(%6) : (i32) -> ()
  %7 = arith.ceildivsi %a, %b : i32
  call @show32(%7) : (i32) -> ()
  %8 = arith.floordivsi %a, %b : i32
  call @show32(%8) : (i32) -> ()
  %9 = arith.ceildivui %a, %b : i32
  call @show32(%9) : (i32) -> ()
  call @printNewline() : () -> ()
  %c3 = arith.constant 3 : i32
  %10 = arith.shli %b, %c3 : i32
  call @show32(%10) : (i32) -> ()
  %11 = arith.shrsi %b, %c3 : i32
  call @show32(%11) : (i32) -> ()
  %12 = arith.shrui %b, %c3 : i32
  call @show32(%12) : (i32) -> ()
  %13 = arith.andi %a, %b : i32
  call @show32(%13) : (i32) -> ()
  %14 = arith.ori %a, %b : i32
  call @show32(%14) : (i32) -> ()
  %15 = arith.xori %a, %b : i32
  call @show32(%15) : (i32) -> ()
  %16 = arith.maxsi %a, %b : i32
  call @show32(%16) : (i32) -> ()
  %17 = arith.maxui %a, %b : i32
  call @show32(%17) : (i32) -> ()
  %18 = arith.minsi %a, %b : i32
  call @show32(%18) : (i32) -> ()
  %19 = arith.minui %a, %b : i32
  call @show32(%19) : (i32) -> ()
  call @printNewline() : () -> ()
  // i8 wraps around.
  %x = arith.constant 100 : i8
  %y = arith.addi %x, %x : i8
  %y64 = arith.extsi %y : i8 to i64
  call @show(%y64) : (i64) -> ()
  %yu = arith.extui %y : i8 to i64
  call @show(%yu) : (i64) -> ()
  %z = arith.muli %y, %x : i8
  %z64 = arith.extsi %z : i8 to i64
  call @show(%z64) : (i64) -> ()
  // i64 extremes.
  %max = arith.constant 9223372036854775807 : i64
  %one = arith.constant 1 : i64
  %ovf = arith.addi %max, %one : i64
  call @show(%ovf) : (i64) -> ()
  %m2 = arith.constant -2 : i64
  %h = arith.shrui %m2, %one : i64
  call @show(%h) : (i64) -> ()
  %hi:2 = arith.mulsi_extended %max, %m2 : i64
  call @show(%hi#0) : (i64) -> ()
  call @show(%hi#1) : (i64) -> ()
  %hu:2 = arith.mului_extended %max, %m2 : i64
  call @show(%hu#1) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: 1234478, -1234656, -557712591, -13871, 48, 0, 1143181, -13871, -13872, 1, 
// CHECK-NEXT: -712, -12, 536870900, 1234567, -89, -1234656, 1234567, -89, -89, 1234567, 
// CHECK-NEXT: -56, 200, 32, -9223372036854775808, 9223372036854775807, 2, -1, 9223372036854775806, 
