// RUN: bufopt --allow-unregistered-dialect --mlir-print-debuginfo %s | FileCheck %s

"test.op"() {z = affine_set<(d0) : (d0 >= 0)>, y = memref<4xf32, affine_map<(d0) -> (d0 + 1)>>, x = tuple<i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15, i16, i17>} : () -> () loc("a.mlir":1:1)
"test.op"() {w = [affine_map<(d0) -> (d0 + 2)>, loc("b.mlir":2:2)], v = {k = memref<4xf32, affine_map<(d0) -> (d0 + 1)>>}} : () -> () loc(fused["a.mlir":1:1, "c.mlir":3:3])
"test.op"() {u = tuple<memref<4xf32, affine_map<(d0) -> (d0 + 3)>>, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15, i16, i17>} : () -> () loc("b.mlir":2:2)

// CHECK: !tuple = tuple<i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15, i16, i17>
// CHECK-NEXT: #loc3 = loc("b.mlir":2:2)
// CHECK-NEXT: #map = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0 + 2)>
// CHECK-NEXT: #map2 = affine_map<(d0) -> (d0 + 3)>
// CHECK-NEXT: #set = affine_set<(d0) : (d0 >= 0)>
// CHECK-NEXT: !tuple1 = tuple<memref<4xf32, #map2>, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15, i16, i17>
// CHECK-NEXT: module {
// CHECK-NEXT:   "test.op"() {x = !tuple, y = memref<4xf32, #map>, z = #set} : () -> () loc(#loc1)
// CHECK-NEXT:   "test.op"() {v = {k = memref<4xf32, #map>}, w = [#map1, #loc3]} : () -> () loc(#loc4)
// CHECK-NEXT:   "test.op"() {u = !tuple1} : () -> () loc(#loc3)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc("{{.*}}alias-order.mlir":0:0)
// CHECK-NEXT: #loc1 = loc("a.mlir":1:1)
// CHECK-NEXT: #loc2 = loc("c.mlir":3:3)
// CHECK-NEXT: #loc4 = loc(fused[#loc1, #loc2])
