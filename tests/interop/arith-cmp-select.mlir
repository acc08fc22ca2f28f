// Comparisons and select round-tripped against mlir-opt-19: cmpi with
// every predicate on integers, index, vectors (also 0-d and scalable) and
// tensors, cmpf with every predicate (false/true included) and fastmath,
// predicates given as strings, and select with scalar and shaped
// conditions.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --mlir-print-op-generic %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

func.func @cmp_select(%a: i32, %b: i32, %i: index, %v: vector<4xi8>, %v0: vector<i32>, %t: tensor<?xi64>, %u: tensor<*xi1>,
                      %x: f32, %y: f32, %fv: vector<[2]xf16>, %ft: tensor<3xf64>, %c: i1, %vc: vector<4xi1>, %tc: tensor<3xi1>) -> i32 {
  %0 = arith.cmpi eq, %a, %b : i32
  %1 = arith.cmpi ne, %a, %b : i32
  %2 = arith.cmpi slt, %a, %b : i32
  %3 = arith.cmpi sle, %a, %b : i32
  %4 = arith.cmpi sgt, %a, %b : i32
  %5 = arith.cmpi sge, %a, %b : i32
  %6 = arith.cmpi ult, %a, %b : i32
  %7 = arith.cmpi ule, %a, %b : i32
  %8 = arith.cmpi ugt, %a, %b : i32
  %9 = arith.cmpi uge, %a, %b : i32
  %10 = arith.cmpi eq, %i, %i : index
  %11 = arith.cmpi slt, %v, %v : vector<4xi8>
  %12 = arith.cmpi ne, %v0, %v0 : vector<i32>
  %13 = arith.cmpi uge, %t, %t : tensor<?xi64>
  %14 = arith.cmpi eq, %u, %u : tensor<*xi1>
  %15 = arith.cmpi "sgt", %a, %b {tag} : i32
  %16 = arith.cmpf false, %x, %y : f32
  %17 = arith.cmpf oeq, %x, %y : f32
  %18 = arith.cmpf ogt, %x, %y : f32
  %19 = arith.cmpf oge, %x, %y : f32
  %20 = arith.cmpf olt, %x, %y : f32
  %21 = arith.cmpf ole, %x, %y : f32
  %22 = arith.cmpf one, %x, %y : f32
  %23 = arith.cmpf ord, %x, %y : f32
  %24 = arith.cmpf ueq, %x, %y : f32
  %25 = arith.cmpf ugt, %x, %y : f32
  %26 = arith.cmpf uge, %x, %y : f32
  %27 = arith.cmpf ult, %x, %y : f32
  %28 = arith.cmpf ule, %x, %y : f32
  %29 = arith.cmpf une, %x, %y : f32
  %30 = arith.cmpf uno, %x, %y : f32
  %31 = arith.cmpf true, %x, %y : f32
  %32 = arith.cmpf olt, %fv, %fv fastmath<nnan> : vector<[2]xf16>
  %33 = arith.cmpf "une", %ft, %ft fastmath<fast> {x = 2} : tensor<3xf64>
  %34 = arith.select %c, %a, %b : i32
  %35 = arith.select %c, %x, %y {tag} : f32
  %36 = arith.select %vc, %v, %v : vector<4xi1>, vector<4xi8>
  %37 = arith.select %c, %v, %v : vector<4xi8>
  %38 = arith.select %tc, %ft, %ft : tensor<3xi1>, tensor<3xf64>
  %39 = arith.select %2, %i, %i : index
  %40 = arith.select %c, %t, %t : tensor<?xi64>
  return %34 : i32
}
