// copy-before-write on a program mixing the bufferization and arith models
// with tensor, linalg and scf ops (the other model files): bufopt's output
// is mlir-opt-19's, byte for byte (also with the identity layout for
// unknown types), and the tensor program and the bufferized one print the
// same values with no memory error after the deallocation pipeline. With
// the analysis (no copy-before-write) the output is mlir-opt-19's too.
// RUN: bufopt -one-shot-bufferize="copy-before-write" %s > %t.b && mlir-opt-19 -one-shot-bufferize="copy-before-write" %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt -one-shot-bufferize="copy-before-write unknown-type-conversion=identity-layout-map" %s > %t.b && mlir-opt-19 -one-shot-bufferize="copy-before-write unknown-type-conversion=identity-layout-map" %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt -one-shot-bufferize %s > %t.b && mlir-opt-19 -one-shot-bufferize %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt -one-shot-bufferize="copy-before-write" %s | FileCheck %s --check-prefix=IR
// RUN: bufopt-run --strict %s | FileCheck %s
// RUN: bufopt -one-shot-bufferize="copy-before-write" --buffer-deallocation-pipeline %s | bufopt-run --strict - | FileCheck %s
// RUN: bufopt -one-shot-bufferize --buffer-deallocation-pipeline %s | bufopt-run --strict - | FileCheck %s

// CHECK-NOT: {{error|warning}}
// CHECK: sizes = [8] strides = [1] data =
// CHECK-NEXT: [5,  5,  5,  5,  8,  9,  10,  11]
// CHECK: sizes = [8] strides = [1] data =
// CHECK-NEXT: [2,  2,  2,  2,  2,  2,  2,  2]
// CHECK: sizes = [8] strides = [1] data =
// CHECK-NEXT: [0,  1,  2,  3,  4,  5,  6,  7]

// IR-LABEL: func.func @main()
// IR-NOT: bufferization.alloc_tensor
// IR: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : memref<8xf32>)
// IR: linalg.generic
// IR: scf.if %{{.*}} -> (memref<8xf32
// IR: memref.subview
// IR: memref.copy

#id = affine_map<(d0) -> (d0)>
func.func private @printMemrefF32(memref<*xf32>)

func.func @print(%t: tensor<8xf32>) {
  %m = bufferization.to_memref %t read_only : memref<8xf32>
  %u = memref.cast %m : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %true = arith.constant true
  %f2 = arith.constant 2.0 : f32
  %f5 = arith.constant 5.0 : f32
  %iota = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]> : tensor<8xf32>
  %e = tensor.empty() : tensor<8xf32>
  %twos = linalg.fill ins(%f2 : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  // sum = iota + twos + twos, computed in place of a copy of twos
  %sum = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%iota, %twos : tensor<8xf32>, tensor<8xf32>) outs(%twos : tensor<8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %s2 = arith.addf %s, %o : f32
    linalg.yield %s2 : f32
  } -> tensor<8xf32>
  %picked = scf.if %true -> (tensor<8xf32>) {
    scf.yield %sum : tensor<8xf32>
  } else {
    scf.yield %iota : tensor<8xf32>
  }
  // overwrite the low half with fives, through a slice
  %low = tensor.extract_slice %twos[0] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %fives = linalg.fill ins(%f5 : f32) outs(%low : tensor<4xf32>) -> tensor<4xf32>
  %res = tensor.insert_slice %fives into %picked[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
  %copy = bufferization.alloc_tensor() copy(%res) : tensor<8xf32>
  %dst = bufferization.alloc_tensor() : tensor<8xf32>
  %out = bufferization.materialize_in_destination %copy in %dst : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  call @print(%out) : (tensor<8xf32>) -> ()
  call @print(%twos) : (tensor<8xf32>) -> ()
  call @print(%iota) : (tensor<8xf32>) -> ()
  return
}
