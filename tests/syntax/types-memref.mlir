// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

"test.op"() {a = memref<4x?xf32>, b = memref<f32>, c = memref<*xf32>, d = memref<*xf32, 1>, e = memref<*xf32, 0>} : () -> ()
"test.op"() {a = memref<4xf32, 0>, b = memref<4xf32, 1>, c = memref<4xf32, 1 : i32>, d = memref<4xf32, "gpu">, e = memref<4xf32, #gpu.address_space<workgroup>>} : () -> ()
"test.op"() {a = memref<2xmemref<4xf32>>, b = memref<4xvector<4xf32>>, c = memref<?xcomplex<f64>>, d = memref<4xf32, {s = 1}>, e = memref<4xi8, 0 : i32>} : () -> ()

// CHECK: module {
// CHECK-NEXT:   "test.op"() {a = memref<4x?xf32>, b = memref<f32>, c = memref<*xf32>, d = memref<*xf32, 1>, e = memref<*xf32>} : () -> ()
// CHECK-NEXT:   "test.op"() {a = memref<4xf32>, b = memref<4xf32, 1>, c = memref<4xf32, 1 : i32>, d = memref<4xf32, "gpu">, e = memref<4xf32, #gpu.address_space<workgroup>>} : () -> ()
// CHECK-NEXT:   "test.op"() {a = memref<2xmemref<4xf32>>, b = memref<4xvector<4xf32>>, c = memref<?xcomplex<f64>>, d = memref<4xf32, {s = 1 : i64}>, e = memref<4xi8>} : () -> ()
// CHECK-NEXT: }
