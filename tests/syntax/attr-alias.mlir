// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

#a = 1 : i32
#b = [#a, "x"]
#m = affine_map<(d0) -> (d0 * 2)>
#e = #foo.enc<1>
"test.op"() {a = #a, b = #b, c = #m, d = tensor<4xf32, #e>, e = memref<4xf32, #m>} : () -> ()

// CHECK: #map = affine_map<(d0) -> (d0 * 2)>
// CHECK-NEXT: module {
// CHECK-NEXT:   "test.op"() {a = 1 : i32, b = [1 : i32, "x"], c = #map, d = tensor<4xf32, #foo.enc<1>>, e = memref<4xf32, #map>} : () -> ()
// CHECK-NEXT: }
