// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

"test.op"() {a = tensor<4xf32, #sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>>, b = #gpu.address_space<workgroup>, c = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>} : () -> ()
"test.op"() {d = [#sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>, memref<4xf32, #gpu.address_space<private>>]} : () -> ()

// CHECK: #sparse = #sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>
// CHECK-NEXT: #sparse1 = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>
// CHECK-NEXT: module {
// CHECK-NEXT:   "test.op"() {a = tensor<4xf32, #sparse>, b = #gpu.address_space<workgroup>, c = #sparse1} : () -> ()
// CHECK-NEXT:   "test.op"() {d = [#sparse, memref<4xf32, #gpu.address_space<private>>]} : () -> ()
// CHECK-NEXT: }
