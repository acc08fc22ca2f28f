// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// Floating-point arithmetic on f32/f64 scalars, including signed zeros,
// infinities, NaN propagation of the min/max flavours and conversions.
func.func private @printF64(f64)
func.func private @printF32(f32)
func.func private @printI64(i64)
func.func private @printNewline()
func.func private @printComma()

func.func @f(%v: f32) {
  call @printF32(%v) : (f32) -> ()
  call @printComma() : () -> ()
  return
}

func.func @d(%v: f64) {
  call @printF64(%v) : (f64) -> ()
  call @printComma() : () -> ()
  return
}

func.func @specials(%a: f32, %b: f32, %z: f32, %nz: f32) {
  %inf = arith.divf %a, %z : f32
  call @f(%inf) : (f32) -> ()
  %ninf = arith.divf %a, %nz : f32
  call @f(%ninf) : (f32) -> ()
  %nan = arith.divf %z, %z : f32
  %absnan = math.absf %nan : f32
  call @f(%absnan) : (f32) -> ()
  %6 = arith.maximumf %absnan, %a : f32
  call @f(%6) : (f32) -> ()
  %7 = arith.maxnumf %absnan, %a : f32
  call @f(%7) : (f32) -> ()
  %8 = arith.minimumf %a, %b : f32
  call @f(%8) : (f32) -> ()
  %9 = arith.minnumf %b, %absnan : f32
  call @f(%9) : (f32) -> ()
  %10 = arith.addf %nz, %nz : f32
  call @f(%10) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @main() {
  %a = arith.constant 3.75 : f32
  %b = arith.constant -1.2 : f32
  %0 = arith.addf %a, %b : f32
  call @f(%0) : (f32) -> ()
  %1 = arith.subf %a, %b : f32
  call @f(%1) : (f32) -> ()
  %2 = arith.mulf %a, %b : f32
  call @f(%2) : (f32) -> ()
  %3 = arith.divf %a, %b : f32
  call @f(%3) : (f32) -> ()
  %4 = arith.remf %a, %b : f32
  call @f(%4) : (f32) -> ()
  %5 = arith.negf %a : f32
  call @f(%5) : (f32) -> ()
  call @printNewline() : () -> ()
  %z = arith.constant 0.0 : f32
  %nz = arith.constant -0.0 : f32
  // Through a call, so that mlir-opt's folders (whose maxnumf/minnumf
  // folding propagates NaN in LLVM 19) do not see the constants.
  call @specials(%a, %b, %z, %nz) : (f32, f32, f32, f32) -> ()
  // f64 with many digits: %g keeps six.
  %p = arith.constant 3.141592653589793 : f64
  %q = arith.constant 1.0e-5 : f64
  %11 = arith.mulf %p, %q : f64
  call @d(%11) : (f64) -> ()
  %big = arith.constant 123456789.0 : f64
  call @d(%big) : (f64) -> ()
  %12 = arith.divf %big, %p : f64
  call @d(%12) : (f64) -> ()
  %13 = arith.extf %b : f32 to f64
  call @d(%13) : (f64) -> ()
  %14 = arith.truncf %p : f64 to f32
  call @f(%14) : (f32) -> ()
  %15 = arith.fptosi %3 : f32 to i64
  call @printI64(%15) : (i64) -> ()
  call @printComma() : () -> ()
  %16 = arith.fptoui %a : f32 to i64
  call @printI64(%16) : (i64) -> ()
  call @printComma() : () -> ()
  %m7 = arith.constant -7 : i32
  %17 = arith.sitofp %m7 : i32 to f64
  call @d(%17) : (f64) -> ()
  %18 = arith.uitofp %m7 : i32 to f64
  call @d(%18) : (f64) -> ()
  %19 = arith.bitcast %a : f32 to i32
  %20 = arith.extui %19 : i32 to i64
  call @printI64(%20) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: 2.55, 4.95, -4.5, -3.125, 0.15, -3.75, 
// CHECK-NEXT: inf, -inf, nan, nan, 3.75, -1.2, -1.2, -0, 
// CHECK-NEXT: 3.14159e-05, 1.23457e+08, 3.92975e+07, -1.2, 3.14159, -3, 3, -7, 4.29497e+09, 1081081856
