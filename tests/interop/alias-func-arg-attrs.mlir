// mlir-opt-19 collects aliases by a dry run of each op's printer whose
// `printRegionArgument` ignores argument attributes: a map used only in the
// argument attributes of a function with a body prints inline, while the
// same map in an external function's signature (printed as a plain
// attribute dictionary) or in a result attribute gets an alias.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt %s | FileCheck %s

// CHECK: #map = affine_map<(d0) -> (d0 + 7)>
// CHECK: #map1 = affine_map<(d0) -> (d0 + 9)>
// CHECK-NOT: #map2
// CHECK: func.func @body(%arg0: tensor<?xf32> {test.layout = affine_map<(d0) -> (d0 + 5)>}) -> (tensor<?xf32> {test.layout = #map})
// CHECK: func.func private @external(tensor<?xf32> {test.layout = #map1})
func.func @body(%t: tensor<?xf32> {test.layout = affine_map<(d0) -> (d0 + 5)>}) -> (tensor<?xf32> {test.layout = affine_map<(d0) -> (d0 + 7)>}) {
  return %t : tensor<?xf32>
}
func.func private @external(tensor<?xf32> {test.layout = affine_map<(d0) -> (d0 + 9)>})
