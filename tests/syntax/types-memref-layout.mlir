// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

"test.op"() {a = memref<4x?xf32, strided<[?, 1], offset: ?>>, b = memref<4xf32, strided<[1]>>, c = memref<4x4xf32, strided<[4, 1], offset: 0>>} : () -> ()
"test.op"() {a = memref<4x4xf32, affine_map<(d0, d1) -> (d0 * 4 + d1)>>, b = memref<4xf32, affine_map<(d0) -> (d0)>>, c = memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>, 3>} : () -> ()
"test.op"() {a = memref<8xf32, strided<[2], offset: 4>, 1>, b = memref<2x3xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>>, c = memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>} : () -> ()

// CHECK: #map = affine_map<(d0, d1) -> (d0 * 4 + d1)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>
// CHECK-NEXT: #map2 = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   "test.op"() {a = memref<4x?xf32, strided<[?, 1], offset: ?>>, b = memref<4xf32, strided<[1]>>, c = memref<4x4xf32, strided<[4, 1]>>} : () -> ()
// CHECK-NEXT:   "test.op"() {a = memref<4x4xf32, #map>, b = memref<4xf32>, c = memref<4x4xf32, 3>} : () -> ()
// CHECK-NEXT:   "test.op"() {a = memref<8xf32, strided<[2], offset: 4>, 1>, b = memref<2x3xf32, #map1>, c = memref<4x4xf32, #map2>} : () -> ()
// CHECK-NEXT: }
