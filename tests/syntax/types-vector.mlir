// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

"test.op"() {a = vector<4xf32>, b = vector<4x8xi32>, c = vector<[4]xf32>, d = vector<2x[4]xf32>, e = vector<f32>, f = vector<4xindex>} : () -> ()
"test.op"() {a = vector<[2]x[4]xbf16>, b = vector<1x1x1xi1>, c = vector<3xf8E4M3FN>} : () -> ()

// CHECK: module {
// CHECK-NEXT:   "test.op"() {a = vector<4xf32>, b = vector<4x8xi32>, c = vector<[4]xf32>, d = vector<2x[4]xf32>, e = vector<f32>, f = vector<4xindex>} : () -> ()
// CHECK-NEXT:   "test.op"() {a = vector<[2]x[4]xbf16>, b = vector<1x1x1xi1>, c = vector<3xf8E4M3FN>} : () -> ()
// CHECK-NEXT: }
