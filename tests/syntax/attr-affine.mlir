// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

"test.op"() {a = affine_map<(d0) -> (d0)>, b = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 * 2)>, c = affine_map<() -> (0)>} : () -> ()
"test.op"() {a = affine_map<(d0) -> (d0)>, b = affine_map<(i, j) -> (j floordiv 4, i mod 3, j ceildiv 2)>, c = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>} : () -> ()
"test.op"() {a = [affine_map<(d0) -> (d0 + 1)>, affine_set<() : (0 == 0)>], b = {m = affine_map<(d0, d1) -> (d1, d0)>}} : () -> ()

// CHECK: #map = affine_map<(d0) -> (d0)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 * 2)>
// CHECK-NEXT: #map2 = affine_map<() -> (0)>
// CHECK-NEXT: #map3 = affine_map<(d0, d1) -> (d1 floordiv 4, d0 mod 3, d1 ceildiv 2)>
// CHECK-NEXT: #map4 = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT: #map5 = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: #set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
// CHECK-NEXT: #set1 = affine_set<() : (0 == 0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   "test.op"() {a = #map, b = #map1, c = #map2} : () -> ()
// CHECK-NEXT:   "test.op"() {a = #map, b = #map3, c = #set} : () -> ()
// CHECK-NEXT:   "test.op"() {a = [#map4, #set1], b = {m = #map5}} : () -> ()
// CHECK-NEXT: }
