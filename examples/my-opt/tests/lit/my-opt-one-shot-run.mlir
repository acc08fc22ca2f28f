// The bufferized program runs under bufopt's interpreter with the memory
// checker (--strict: no read of uninitialised memory; every buffer freed
// once, no leak): One-Shot Bufferize across the function boundary, then the
// deallocation pipeline. %x is scaled twice, so the first scale must not
// overwrite it (the analysis gives it a copy) and the second may.
// RUN: my-opt %s --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline | bufopt-run --strict | FileCheck %s
// RUN: my-opt %s --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline | mlir-opt-19 --verify-each

// CHECK:      data =
// CHECK-NEXT: [3,  3,  3,  3]
// CHECK:      data =
// CHECK-NEXT: [4.5,  4.5,  4.5,  4.5]
// CHECK-NOT:  data =
func.func private @printMemrefF32(memref<*xf32>)

func.func @print(%t: tensor<4xf32>) {
  %m = bufferization.to_memref %t : memref<4xf32>
  %u = memref.cast %m : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %v = arith.constant 1.5 : f32
  %e = tensor.empty() : tensor<4xf32>
  %x = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %a = my.scale %x by %two : tensor<4xf32>
  %b = my.scale %x by %three : tensor<4xf32>
  call @print(%a) : (tensor<4xf32>) -> ()
  call @print(%b) : (tensor<4xf32>) -> ()
  return
}
