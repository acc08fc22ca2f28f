// Every op of the math dialect round-tripped against mlir-opt-19, on
// scalars, vectors and tensors, with fastmath<...> flags where the op has
// them and discardable attributes next to them.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --mlir-print-op-generic %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

func.func @math_ops(%x: f32, %y: f32, %z: f32, %d: f64, %h: f16, %v: vector<4xf32>, %t: tensor<?xf64>, %u: tensor<*xf16>,
                    %a: i32, %b: i32, %vi: vector<4xi8>, %i: index) -> f32 {
  %0 = math.absf %x : f32
  %1 = math.absi %a : i32
  %2 = math.acos %x : f32
  %3 = math.acosh %d : f64
  %4 = math.asin %x : f32
  %5 = math.asinh %x : f32
  %6 = math.atan %x : f32
  %7 = math.atanh %x : f32
  %8 = math.atan2 %x, %y : f32
  %9 = math.cbrt %x : f32
  %10 = math.ceil %h : f16
  %11 = math.copysign %x, %y : f32
  %12 = math.cos %x : f32
  %13 = math.cosh %x : f32
  %14 = math.sin %x : f32
  %15 = math.sinh %x : f32
  %16 = math.ctlz %a : i32
  %17 = math.cttz %vi : vector<4xi8>
  %18 = math.ctpop %i : index
  %19 = math.erf %x : f32
  %20 = math.exp %x : f32
  %21 = math.exp2 %d : f64
  %22 = math.expm1 %x : f32
  %23 = math.floor %x : f32
  %24 = math.fma %x, %y, %z : f32
  %25 = math.ipowi %a, %b : i32
  %26 = math.log %x : f32
  %27 = math.log10 %x : f32
  %28 = math.log1p %x : f32
  %29 = math.log2 %x : f32
  %30 = math.powf %x, %y : f32
  %31 = math.rsqrt %x : f32
  %32 = math.sqrt %x : f32
  %33 = math.tan %x : f32
  %34 = math.tanh %x : f32
  %35 = math.roundeven %x : f32
  %36 = math.round %x : f32
  %37 = math.trunc %x : f32
  %38 = math.fpowi %x, %a : f32, i32
  %39 = math.exp %v : vector<4xf32>
  %40 = math.sqrt %t : tensor<?xf64>
  %41 = math.tanh %u : tensor<*xf16>
  %42 = math.fma %v, %v, %v fastmath<fast> : vector<4xf32>
  %43 = math.exp %x fastmath<nnan,ninf> : f32
  %44 = math.powf %x, %y fastmath<none> : f32
  %45 = math.fpowi %v, %vi fastmath<afn> : vector<4xf32>, vector<4xi8>
  %46 = math.absf %x fastmath<contract> {tag} : f32
  %47 = math.absi %vi {n = 3 : i64} : vector<4xi8>
  %48 = math.erf %h fastmath<reassoc,afn> : f16
  %49 = math.sin %t fastmath<nsz> : tensor<?xf64>
  return %0 : f32
}
