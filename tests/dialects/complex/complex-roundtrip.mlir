// Every complex op in custom form: read, printed back, read again; the
// fastmath flag prints only when it is not `none`, constants keep their
// array form and get the `%cst` name, and the generic form carries the
// default `fastmath` property.
// RUN: bufopt %s | bufopt | FileCheck %s
// RUN: bufopt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: bufopt %s --mlir-print-op-generic | bufopt | FileCheck %s
// RUN: mlir-opt-19 %s | FileCheck %s

// CHECK-LABEL: func.func @every_op(
// CHECK-SAME:      %[[A:.*]]: complex<f32>, %[[B:.*]]: complex<f32>, %[[X:.*]]: f64, %[[I:.*]]: i64)
func.func @every_op(%a: complex<f32>, %b: complex<f32>, %x: f64, %i: i64) {
  // CHECK: %[[ADD:.*]] = complex.add %[[A]], %[[B]] : complex<f32>
  %0 = complex.add %a, %b : complex<f32>
  // CHECK: complex.sub %[[ADD]], %[[B]] fastmath<nnan,ninf> : complex<f32>
  %1 = complex.sub %0, %b fastmath<ninf,nnan> : complex<f32>
  // CHECK: complex.mul %[[A]], %[[A]] fastmath<fast> {tag = 1 : i32} : complex<f32>
  %2 = complex.mul %a, %a fastmath<fast> {tag = 1 : i32} : complex<f32>
  // CHECK: complex.div %[[A]], %[[B]] : complex<f32>
  %3 = complex.div %a, %b fastmath<none> : complex<f32>
  // CHECK: complex.pow %[[A]], %[[B]] : complex<f32>
  %4 = complex.pow %a, %b : complex<f32>
  // CHECK: complex.atan2 %[[B]], %[[A]] fastmath<contract> : complex<f32>
  %5 = complex.atan2 %b, %a fastmath<contract> : complex<f32>
  // CHECK: complex.abs %[[A]] fastmath<afn> : complex<f32>
  %6 = complex.abs %a fastmath<afn> : complex<f32>
  // CHECK: complex.angle %[[A]] : complex<f32>
  %7 = complex.angle %a : complex<f32>
  // CHECK: complex.re %[[A]] : complex<f32>
  %8 = complex.re %a : complex<f32>
  // CHECK: complex.im %[[A]] : complex<f32>
  %9 = complex.im %a : complex<f32>
  // CHECK: complex.neg %[[A]] : complex<f32>
  %10 = complex.neg %a : complex<f32>
  // CHECK: complex.conj %[[A]] : complex<f32>
  %11 = complex.conj %a : complex<f32>
  // CHECK: complex.exp %[[A]] : complex<f32>
  %12 = complex.exp %a : complex<f32>
  // CHECK: complex.expm1 %[[A]] : complex<f32>
  %13 = complex.expm1 %a : complex<f32>
  // CHECK: complex.log %[[A]] fastmath<nsz> : complex<f32>
  %14 = complex.log %a fastmath<nsz> : complex<f32>
  // CHECK: complex.log1p %[[A]] : complex<f32>
  %15 = complex.log1p %a : complex<f32>
  // CHECK: complex.sqrt %[[A]] : complex<f32>
  %16 = complex.sqrt %a : complex<f32>
  // CHECK: complex.rsqrt %[[A]] : complex<f32>
  %17 = complex.rsqrt %a : complex<f32>
  // CHECK: complex.sin %[[A]] : complex<f32>
  %18 = complex.sin %a : complex<f32>
  // CHECK: complex.cos %[[A]] : complex<f32>
  %19 = complex.cos %a : complex<f32>
  // CHECK: complex.tan %[[A]] : complex<f32>
  %20 = complex.tan %a : complex<f32>
  // CHECK: complex.tanh %[[A]] : complex<f32>
  %21 = complex.tanh %a : complex<f32>
  // CHECK: complex.sign %[[A]] fastmath<reassoc,arcp> : complex<f32>
  %22 = complex.sign %a fastmath<arcp,reassoc> : complex<f32>
  // CHECK: complex.eq %[[A]], %[[B]] : complex<f32>
  %23 = complex.eq %a, %b : complex<f32>
  // CHECK: complex.neq %[[A]], %[[B]] : complex<f32>
  %24 = complex.neq %a, %b : complex<f32>
  // CHECK: complex.create %[[X]], %[[X]] : complex<f64>
  %25 = complex.create %x, %x : complex<f64>
  // CHECK: complex.bitcast %[[I]] : i64 to complex<f32>
  %26 = complex.bitcast %i : i64 to complex<f32>
  // CHECK: complex.bitcast %[[A]] : complex<f32> to f64
  %27 = complex.bitcast %a : complex<f32> to f64
  // CHECK: %cst = complex.constant [1.000000e-01, -2.500000e+00] : complex<f64>
  %28 = complex.constant [0.1, -2.5] : complex<f64>
  // CHECK: %cst_0 = complex.constant [1.000000e+00 : f32, 2.000000e+00 : f32] {note} : complex<f32>
  %29 = complex.constant [1.0 : f32, 2.0 : f32] {note} : complex<f32>
  // CHECK: %cst_1 = complex.constant [true, false] : complex<i1>
  %30 = complex.constant [1 : i1, 0 : i1] : complex<i1>
  // CHECK: %cst_2 = complex.constant [3, 4] : complex<i64>
  %31 = complex.constant [3, 4] : complex<i64>
  return
}

// GENERIC: "complex.add"(%{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<none>}> : (complex<f32>, complex<f32>) -> complex<f32>
// GENERIC: "complex.sub"(%{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<nnan,ninf>}> : (complex<f32>, complex<f32>) -> complex<f32>
// GENERIC: "complex.mul"(%{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<fast>}> {tag = 1 : i32} : (complex<f32>, complex<f32>) -> complex<f32>
// GENERIC: "complex.abs"(%{{.*}}) <{fastmath = #arith.fastmath<afn>}> : (complex<f32>) -> f32
// GENERIC: "complex.re"(%{{.*}}) <{fastmath = #arith.fastmath<none>}> : (complex<f32>) -> f32
// GENERIC: "complex.eq"(%{{.*}}, %{{.*}}) : (complex<f32>, complex<f32>) -> i1
// GENERIC: "complex.create"(%{{.*}}, %{{.*}}) : (f64, f64) -> complex<f64>
// GENERIC: "complex.bitcast"(%{{.*}}) : (i64) -> complex<f32>
// GENERIC: "complex.constant"() <{value = [1.000000e-01, -2.500000e+00]}> : () -> complex<f64>
// GENERIC: "complex.constant"() <{value = [1.000000e+00 : f32, 2.000000e+00 : f32]}> {note} : () -> complex<f32>
