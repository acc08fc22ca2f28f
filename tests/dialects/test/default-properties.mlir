// An inherent attribute with a default value (ODS's DefaultValuedAttr) is
// filled in when generic input leaves it out, as MLIR initialises
// properties: test.reify_bound's `type` and test.compare's `cmp` become "EQ";
// a given value is kept; an optional attribute without default stays absent.
// RUN: bufopt %s | FileCheck %s
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt %s --mlir-print-op-generic > %t.b && mlir-opt-19 %s --mlir-print-op-generic > %t.m && diff -u %t.m %t.b

// CHECK-LABEL: func.func @bounds(
// CHECK: "test.reify_bound"(%{{.*}}) <{dim = 0 : i64, type = "EQ"}> : (tensor<?xf32>) -> index
// CHECK: "test.reify_bound"(%{{.*}}) <{dim = 0 : i64, type = "UB"}> : (tensor<?xf32>) -> index
// CHECK: "test.reify_bound"(%{{.*}}) <{type = "EQ"}> : (index) -> index
// CHECK: "test.compare"(%{{.*}}, %{{.*}}) <{cmp = "EQ"}> : (index, index) -> ()
// CHECK: "test.compare"(%{{.*}}, %{{.*}}) <{cmp = "LT"}> : (index, index) -> ()
func.func @bounds(%t: tensor<?xf32>, %i: index) {
  %0 = "test.reify_bound"(%t) {dim = 0} : (tensor<?xf32>) -> index
  %1 = "test.reify_bound"(%t) {dim = 0, type = "UB"} : (tensor<?xf32>) -> index
  %2 = "test.reify_bound"(%i) : (index) -> index
  "test.compare"(%0, %1) : (index, index) -> ()
  "test.compare"(%1, %2) {cmp = "LT"} : (index, index) -> ()
  return
}
