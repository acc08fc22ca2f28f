// A program of constants, select, alloc_tensor (with copy),
// materialize_in_destination and dealloc_tensor, bufferized by One-Shot
// Bufferize in copy-before-write mode. The tensor program, bufopt's
// bufferization and mlir-opt-19's print the same values; after the
// deallocation pipeline the bufferized program frees every buffer it
// allocates, once.
// RUN: bufopt-run --strict %s | FileCheck %s
// RUN: bufopt -one-shot-bufferize="copy-before-write" %s > %t.b && mlir-opt-19 -one-shot-bufferize="copy-before-write" %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt -one-shot-bufferize="copy-before-write" --buffer-deallocation-pipeline %s | bufopt-run --strict --stats - 2>&1 | FileCheck %s --check-prefixes=CHECK,STATS
// RUN: mlir-opt-19 -one-shot-bufferize="copy-before-write" --buffer-deallocation-pipeline %s | bufopt-run --strict --stats - 2>&1 | FileCheck %s --check-prefixes=CHECK,STATS

// CHECK-NOT: {{error|warning}}
// CHECK: sizes = [4] strides = [1] data =
// CHECK-NEXT: [1,  2,  3,  4]
// CHECK: sizes = [4] strides = [1] data =
// CHECK-NEXT: [10,  20,  30,  40]
// CHECK: sizes = [4] strides = [1] data =
// CHECK-NEXT: [7,  8,  9,  10]
// CHECK: sizes = [4] strides = [1] data =
// CHECK-NEXT: [7,  8,  9,  10]
// Two buffers (the copy of %s1 and the destination of the first
// materialize) are freed; the third allocation is the alloca.
// STATS: allocations: 3
// STATS: deallocations: 2

func.func private @printMemrefF32(memref<*xf32>)

func.func @show(%t: tensor<4xf32>) {
  %m = bufferization.to_memref %t read_only : memref<4xf32>
  %u = memref.cast %m : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %true = arith.constant true
  %false = arith.constant false
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %b = arith.constant dense<[10.0, 20.0, 30.0, 40.0]> : tensor<4xf32>
  %s1 = arith.select %true, %a, %b : tensor<4xf32>
  %s2 = arith.select %false, %a, %b : tensor<4xf32>
  // A copy of %s1, written through its buffer: %s1 (a constant) stays.
  %c = bufferization.alloc_tensor() copy(%s1) : tensor<4xf32>
  %cm = bufferization.to_memref %c : memref<4xf32>
  %ints = arith.constant dense<[6, 6, 6, 6]> : tensor<4xi64>
  %flm = bufferization.to_memref %ints read_only : memref<4xi64>
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %cm[%i] : memref<4xf32>
    %k = memref.load %flm[%i] : memref<4xi64>
    %kf = arith.sitofp %k : i64 to f32
    %w = arith.addf %v, %kf : f32
    memref.store %w, %cm[%i] : memref<4xf32>
  }
  %c2 = bufferization.to_tensor %cm : memref<4xf32>
  // Materialize the result in a fresh tensor and in a memref.
  %dst = bufferization.alloc_tensor() : tensor<4xf32>
  %r = bufferization.materialize_in_destination %c2 in %dst : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %out = memref.alloca() : memref<4xf32>
  bufferization.materialize_in_destination %c2 in restrict writable %out : (tensor<4xf32>, memref<4xf32>) -> ()
  call @show(%s1) : (tensor<4xf32>) -> ()
  call @show(%s2) : (tensor<4xf32>) -> ()
  call @show(%r) : (tensor<4xf32>) -> ()
  %outt = bufferization.to_tensor %out : memref<4xf32>
  call @show(%outt) : (tensor<4xf32>) -> ()
  return
}
