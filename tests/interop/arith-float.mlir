// The float arithmetic of arith round-tripped against mlir-opt-19: every
// binary op and negf on every float type, vectors and tensors, and the
// fastmath<...> flags in every spelling (none is elided, all flags print
// as fast, flags print in bit order whatever order they were written in).
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --mlir-print-op-generic %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

func.func @float_ops(%x: f32, %y: f32, %h: f16, %b: bf16, %d: f64, %q: f128, %e: f80, %f8: f8E4M3FN, %tf: tf32, %v: vector<4xf32>, %t: tensor<?x3xf64>, %u: tensor<*xf16>) -> f32 {
  %0 = arith.addf %x, %y : f32
  %1 = arith.subf %x, %y : f32
  %2 = arith.mulf %x, %y : f32
  %3 = arith.divf %x, %y : f32
  %4 = arith.remf %x, %y : f32
  %5 = arith.maximumf %x, %y : f32
  %6 = arith.minimumf %x, %y : f32
  %7 = arith.maxnumf %x, %y : f32
  %8 = arith.minnumf %x, %y : f32
  %9 = arith.negf %x : f32
  %10 = arith.addf %h, %h : f16
  %11 = arith.mulf %b, %b : bf16
  %12 = arith.divf %d, %d : f64
  %13 = arith.subf %q, %q : f128
  %14 = arith.remf %e, %e : f80
  %15 = arith.maximumf %f8, %f8 : f8E4M3FN
  %16 = arith.negf %tf : tf32
  %17 = arith.addf %v, %v : vector<4xf32>
  %18 = arith.mulf %t, %t : tensor<?x3xf64>
  %19 = arith.negf %u : tensor<*xf16>
  %20 = arith.addf %x, %y fastmath<fast> : f32
  %21 = arith.addf %x, %y fastmath<none> : f32
  %22 = arith.subf %x, %y fastmath<nnan> : f32
  %23 = arith.mulf %x, %y fastmath<contract,nnan> : f32
  %24 = arith.divf %x, %y fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : f32
  %25 = arith.remf %x, %y fastmath<afn,reassoc> : f32
  %26 = arith.maximumf %v, %v fastmath<ninf, nsz> : vector<4xf32>
  %27 = arith.negf %x fastmath<arcp> : f32
  %28 = arith.minnumf %x, %y fastmath<fast,nnan> : f32
  %29 = arith.maxnumf %x, %y fastmath<nsz> {tag} : f32
  %30 = arith.minimumf %x, %y {a = 1 : i32, b} : f32
  %31 = arith.addf %x, %y fastmath<none,contract> : f32
  return %31 : f32
}
