// A recursive tensor program (self recursion, mutual recursion through an
// acyclic callee, a constant returned at the bottom of the recursion)
// bufferized across function boundaries and run under the memory checker
// against the tensor program. mlir-opt-19 rejects the input ("expected
// callgraph to be free of circular dependencies."). @pong writes (through
// @double_at) into what @ping returns, which may be the constant: bufopt
// knows @ping's results may be read-only, so the write goes to a copy;
// in place, it would change the constant that the second call returns.
// RUN: bufopt %s -one-shot-bufferize="bufferize-function-boundaries" --buffer-deallocation-pipeline -o %t.mlir
// RUN: bufopt-run --strict --stats --compare %s %t.mlir 2>&1 | FileCheck %s --check-prefix=EXEC
// RUN: bufopt-run --strict --print-results %t.mlir | FileCheck %s
// RUN: bufopt %s -one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s --check-prefix=IR

// EXEC: verdict: agree
// CHECK: result #1: <4> [2.0, 4.0, 6.0, 4.0]
// CHECK-NEXT: result #2: <4> [2.0, 4.0, 6.0, 4.0]
// IR-LABEL: func.func @pong(
//       IR:   %[[P:.*]] = call @ping(
//       IR:   %[[A:.*]] = memref.alloc()
//       IR:   memref.copy %[[P]], %[[A]]
//       IR:   call @double_at(
func.func @scan(%t: tensor<8xf32>, %i: index) -> tensor<8xf32> {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %done = arith.cmpi uge, %i, %c8 : index
  %r = scf.if %done -> tensor<8xf32> {
    scf.yield %t : tensor<8xf32>
  } else {
    %p = arith.subi %i, %c1 : index
    %a = tensor.extract %t[%p] : tensor<8xf32>
    %b = tensor.extract %t[%i] : tensor<8xf32>
    %s = arith.addf %a, %b : f32
    %t2 = tensor.insert %s into %t[%i] : tensor<8xf32>
    %n = arith.addi %i, %c1 : index
    %x = func.call @scan(%t2, %n) : (tensor<8xf32>, index) -> tensor<8xf32>
    scf.yield %x : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

func.func @double_at(%t: tensor<4xf32>, %i: index) -> tensor<4xf32> {
  %v = tensor.extract %t[%i] : tensor<4xf32>
  %w = arith.addf %v, %v : f32
  %u = tensor.insert %w into %t[%i] : tensor<4xf32>
  return %u : tensor<4xf32>
}

func.func @ping(%n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %base = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %base -> tensor<4xf32> {
    %k = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
    scf.yield %k : tensor<4xf32>
  } else {
    %c1 = arith.constant 1 : index
    %m = arith.subi %n, %c1 : index
    %x = func.call @pong(%m) : (index) -> tensor<4xf32>
    scf.yield %x : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

func.func @pong(%n: index) -> tensor<4xf32> {
  %x = func.call @ping(%n) : (index) -> tensor<4xf32>
  %c4 = arith.constant 4 : index
  %i = arith.remui %n, %c4 : index
  %y = func.call @double_at(%x, %i) : (tensor<4xf32>, index) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

func.func @main(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<4xf32>, tensor<4xf32>) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %s = func.call @scan(%x, %c1) : (tensor<8xf32>, index) -> tensor<8xf32>
  %p = func.call @ping(%c3) : (index) -> tensor<4xf32>
  %q = func.call @ping(%c3) : (index) -> tensor<4xf32>
  return %s, %p, %q : tensor<8xf32>, tensor<4xf32>, tensor<4xf32>
}
