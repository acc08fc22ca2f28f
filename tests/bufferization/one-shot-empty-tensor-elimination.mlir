// eliminate-empty-tensors: each tensor.empty that is filled and then
// inserted in place into a larger tensor becomes an extract_slice of that
// tensor, so One-Shot computes straight into the destination's buffer and
// allocates nothing. A tensor.empty whose slice offset is defined after it
// is extracted right after the offset. An empty tensor inserted out of
// place (the destination is read later) stays. Same output as mlir-opt-19;
// the bufferized program runs clean.
// RUN: bufopt %s -eliminate-empty-tensors | FileCheck %s
// RUN: mlir-opt-19 %s -eliminate-empty-tensors | FileCheck %s
// RUN: bufopt %s -eliminate-empty-tensors -empty-tensor-to-alloc-tensor -one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s --check-prefix=BUF
// RUN: bufopt-run --strict %s | FileCheck %s --check-prefix=EXEC
// RUN: bufopt %s -eliminate-empty-tensors -empty-tensor-to-alloc-tensor -one-shot-bufferize="bufferize-function-boundaries" -buffer-deallocation-pipeline | bufopt-run --strict - | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: func.func @tiles(
// CHECK-SAME: %[[T:.*]]: tensor<8xf32>, %[[I:.*]]: index)
// CHECK-NOT: tensor.empty
// CHECK: %[[S0:.*]] = tensor.extract_slice %[[T]][0] [4] [1]
// CHECK: %[[F0:.*]] = linalg.fill ins(%{{.*}}) outs(%[[S0]] : tensor<4xf32>)
// CHECK: %[[R0:.*]] = tensor.insert_slice %[[F0]] into %[[T]][0] [4] [1]
// CHECK: %[[J:.*]] = arith.addi %[[I]], %[[I]]
// CHECK: %[[S1:.*]] = tensor.extract_slice %[[R0]][%[[J]]] [4] [1]
// CHECK: linalg.fill ins(%{{.*}}) outs(%[[S1]] : tensor<4xf32>)
// BUF-LABEL: func.func @tiles(
// BUF-NOT: memref.alloc
// BUF: return
func.func @tiles(%t: tensor<8xf32>, %i: index) -> tensor<8xf32> {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e0 = tensor.empty() : tensor<4xf32>
  %f0 = linalg.fill ins(%one : f32) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
  %r0 = tensor.insert_slice %f0 into %t[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
  %e1 = tensor.empty() : tensor<4xf32>
  %j = arith.addi %i, %i : index
  %f1 = linalg.fill ins(%two : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %r1 = tensor.insert_slice %f1 into %r0[%j] [4] [1] : tensor<4xf32> into tensor<8xf32>
  return %r1 : tensor<8xf32>
}

// The destination is read after the insertion: the insertion is out of
// place, the empty tensor stays and becomes an allocation.
// CHECK-LABEL: func.func @kept(
// CHECK: tensor.empty
// BUF-LABEL: func.func @kept(
// BUF: memref.alloc
func.func @kept(%t: tensor<8xf32>) -> (tensor<8xf32>, f32) {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.insert_slice %f into %t[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
  %x = tensor.extract %t[%c0] : tensor<8xf32>
  return %r, %x : tensor<8xf32>, f32
}

func.func private @printMemrefF32(tensor<*xf32>)

// EXEC: data =
// EXEC-NEXT: [1,  1,  1,  1,  2,  2,  2,  2]
// EXEC: data =
// EXEC-NEXT: [1,  1,  1,  1,  0,  0,  0,  0]
// EXEC-NOT: error
func.func @main() {
  %z = arith.constant 0.0 : f32
  %c2 = arith.constant 2 : index
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.fill ins(%z : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %a = call @tiles(%t, %c2) : (tensor<8xf32>, index) -> tensor<8xf32>
  %au = tensor.cast %a : tensor<8xf32> to tensor<*xf32>
  call @printMemrefF32(%au) : (tensor<*xf32>) -> ()
  %e2 = tensor.empty() : tensor<8xf32>
  %t2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<8xf32>) -> tensor<8xf32>
  %b, %x = call @kept(%t2) : (tensor<8xf32>) -> (tensor<8xf32>, f32)
  %bu = tensor.cast %b : tensor<8xf32> to tensor<*xf32>
  call @printMemrefF32(%bu) : (tensor<*xf32>) -> ()
  return
}
