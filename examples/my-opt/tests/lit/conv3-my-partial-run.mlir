// The spec's pipeline of partial passes with the user's own: my-bufferize
// next to bufopt's func-, arith-, tensor-, linalg- and scf-bufferize, then
// finalizing-bufferize, on a program mixing my.scale with an scf.for,
// tensor and linalg ops and calls. Nothing is left on tensors; after the
// deallocation pipeline the program runs under the memory checker (every
// buffer freed once, no leak) and prints what the tensor program means:
// x = [1, 2, 3, 4]; three times: scale by 4 (two calls of my.scale by 2),
// then add 1 to element i; finally add x: [81, 134, 196, 260].
// RUN: my-opt %s -func-bufferize -arith-bufferize -my-bufferize -tensor-bufferize -linalg-bufferize -scf-bufferize -finalizing-bufferize | FileCheck %s --check-prefix=IR
// RUN: my-opt %s -func-bufferize -arith-bufferize -my-bufferize -tensor-bufferize -linalg-bufferize -scf-bufferize -finalizing-bufferize -buffer-deallocation-pipeline | bufopt-run --strict | FileCheck %s
// RUN: my-opt %s -func-bufferize -arith-bufferize -my-bufferize -tensor-bufferize -linalg-bufferize -scf-bufferize -finalizing-bufferize -buffer-deallocation-pipeline | mlir-opt-19 --verify-each
// Without my-bufferize, finalizing-bufferize names the op left on tensors.
// RUN: not my-opt %s -func-bufferize -arith-bufferize -tensor-bufferize -linalg-bufferize -scf-bufferize -finalizing-bufferize 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK:      data =
// CHECK-NEXT: [81,  134,  196,  260]
// CHECK-NOT:  data =

// ERR: error: failed to legalize operation 'my.scale'

// IR-NOT: tensor<
// IR-NOT: bufferization.
// IR-NOT: my.scale
// IR-LABEL: func.func @scale_twice(
// IR-SAME: %[[X:.*]]: memref<?xf32>, %[[F:.*]]: f32) -> memref<?xf32>
// IR: %[[A:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// IR-NEXT: linalg.map ins(%[[X]] : memref<?xf32>) outs(%[[A]] : memref<?xf32>)
// IR: %[[B:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// IR-NEXT: linalg.map ins(%[[A]] : memref<?xf32>) outs(%[[B]] : memref<?xf32>)
// IR: return %[[B]] : memref<?xf32>
// IR-LABEL: func.func @main(
// IR: scf.for {{.*}} -> (memref<?xf32>)
// IR-NEXT: func.call @scale_twice(%{{.*}}, %{{.*}}) : (memref<?xf32>, f32) -> memref<?xf32>
// IR: linalg.map { arith.addf } ins(%{{.*}}, %{{.*}} : memref<4xf32>, memref<4xf32>) outs(%{{.*}} : memref<4xf32>)
func.func private @printMemrefF32(memref<*xf32>)

func.func @scale_twice(%x: tensor<?xf32>, %f: f32) -> tensor<?xf32> {
  %a = my.scale %x by %f : tensor<?xf32>
  %b = my.scale %a by %f : tensor<?xf32>
  return %b : tensor<?xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %two = arith.constant 2.0 : f32
  %one = arith.constant 1.0 : f32
  %x = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %d = tensor.cast %x : tensor<4xf32> to tensor<?xf32>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%t = %d) -> (tensor<?xf32>) {
    %s = func.call @scale_twice(%t, %two) : (tensor<?xf32>, f32) -> tensor<?xf32>
    %e = tensor.extract %s[%i] : tensor<?xf32>
    %f = arith.addf %e, %one : f32
    %u = tensor.insert %f into %s[%i] : tensor<?xf32>
    scf.yield %u : tensor<?xf32>
  }
  %s4 = tensor.cast %r : tensor<?xf32> to tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %sum = linalg.map { arith.addf } ins(%s4, %x : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>)
  %m = bufferization.to_memref %sum : memref<4xf32>
  %p = memref.cast %m : memref<4xf32> to memref<*xf32>
  func.call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  return
}
