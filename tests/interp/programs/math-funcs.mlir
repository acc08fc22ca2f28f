// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// math dialect functions on f64 and f32, printed with six significant
// digits (so last-ulp differences between libm implementations vanish).
func.func private @printF64(f64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @printComma()

func.func @d(%v: f64) {
  call @printF64(%v) : (f64) -> ()
  call @printComma() : () -> ()
  return
}

func.func @main() {
  %x = arith.constant 0.7 : f64
  %y = arith.constant 2.5 : f64
  %0 = math.sqrt %y : f64
  call @d(%0) : (f64) -> ()
  %1 = math.exp %x : f64
  call @d(%1) : (f64) -> ()
  %2 = math.log %y : f64
  call @d(%2) : (f64) -> ()
  %3 = math.sin %x : f64
  call @d(%3) : (f64) -> ()
  %4 = math.cos %x : f64
  call @d(%4) : (f64) -> ()
  %5 = math.tanh %x : f64
  call @d(%5) : (f64) -> ()
  %6 = math.powf %y, %x : f64
  call @d(%6) : (f64) -> ()
  %7 = math.log2 %y : f64
  call @d(%7) : (f64) -> ()
  %8 = math.log10 %y : f64
  call @d(%8) : (f64) -> ()
  %9 = math.exp2 %y : f64
  call @d(%9) : (f64) -> ()
  call @printNewline() : () -> ()
  %n = arith.constant -2.5 : f64
  %10 = math.absf %n : f64
  call @d(%10) : (f64) -> ()
  %11 = math.floor %n : f64
  call @d(%11) : (f64) -> ()
  %12 = math.ceil %n : f64
  call @d(%12) : (f64) -> ()
  %13 = math.round %n : f64
  call @d(%13) : (f64) -> ()
  %14 = math.roundeven %n : f64
  call @d(%14) : (f64) -> ()
  %15 = math.trunc %n : f64
  call @d(%15) : (f64) -> ()
  %16 = math.copysign %y, %n : f64
  call @d(%16) : (f64) -> ()
  %17 = math.fma %x, %y, %n : f64
  call @d(%17) : (f64) -> ()
  %18 = math.rsqrt %y : f64
  call @d(%18) : (f64) -> ()
  %19 = math.atan2 %x, %n : f64
  call @d(%19) : (f64) -> ()
  %20 = math.tan %x : f64
  call @d(%20) : (f64) -> ()
  %21 = math.atan %y : f64
  call @d(%21) : (f64) -> ()
  %22 = math.log1p %x : f64
  call @d(%22) : (f64) -> ()
  %23 = math.expm1 %x : f64
  call @d(%23) : (f64) -> ()
  %24 = math.cbrt %y : f64
  call @d(%24) : (f64) -> ()
  %25 = math.erf %x : f64
  call @d(%25) : (f64) -> ()
  call @printNewline() : () -> ()
  %f = arith.constant 1.25 : f32
  %26 = math.sqrt %f : f32
  call @printF32(%26) : (f32) -> ()
  call @printComma() : () -> ()
  %27 = math.exp %f : f32
  call @printF32(%27) : (f32) -> ()
  call @printComma() : () -> ()
  %three = arith.constant 3 : i32
  %28 = math.fpowi %f, %three : f32, i32
  call @printF32(%28) : (f32) -> ()
  call @printComma() : () -> ()
  %29 = math.ipowi %three, %three : i32
  %30 = arith.sitofp %29 : i32 to f32
  call @printF32(%30) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: 1.58114, 2.01375, 0.916291, 0.644218, 0.764842, 0.604368, 1.89914, 1.32193, 0.39794, 5.65685, 
// CHECK-NEXT: 2.5, -3, -2, -3, -2, -2, -2.5, -0.75, 0.632456, 2.86858, 0.842288, 1.19029, 0.530628, 1.01375, 1.35721, 0.677801, 
// CHECK-NEXT: 1.11803, 3.49034, 1.95312, 27
