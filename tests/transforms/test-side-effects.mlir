// --test-side-effects: a remark per memory effect of each op that declares
// its effects (a pure op declares none); terminators are skipped and ops
// with unknown effects say nothing. Checked against mlir-opt-19 too.
// RUN: bufopt %s --test-side-effects -verify-diagnostics
// RUN: mlir-opt-19 %s --test-side-effects -verify-diagnostics

func.func @effects(%m: memref<4xf32>, %i: index) -> f32 {
  // expected-remark @below {{found an instance of 'allocate' on a op result, on resource '<Default>'}}
  %a = memref.alloc() : memref<4xf32>
  // expected-remark @below {{found an instance of 'allocate' on a op result, on resource 'AutomaticAllocationScope'}}
  %s = memref.alloca() : memref<4xf32>
  // expected-remark @below {{found an instance of 'read' on a op operand, on resource '<Default>'}}
  %v = memref.load %m[%i] : memref<4xf32>
  // expected-remark @below {{found an instance of 'write' on a op operand, on resource '<Default>'}}
  memref.store %v, %a[%i] : memref<4xf32>
  // expected-remark @below {{operation has no memory effects}}
  %w = arith.addf %v, %v : f32
  // expected-remark @below {{found an instance of 'read' on a op operand, on resource '<Default>'}}
  // expected-remark @below {{found an instance of 'write' on a op result, on resource '<Default>'}}
  // expected-remark @below {{found an instance of 'allocate' on a op result, on resource '<Default>'}}
  %c = bufferization.clone %a : memref<4xf32> to memref<4xf32>
  // expected-remark @below {{found an instance of 'free' on a op operand, on resource '<Default>'}}
  memref.dealloc %c : memref<4xf32>
  // expected-remark @below {{found an instance of 'free' on a op operand, on resource '<Default>'}}
  memref.dealloc %a : memref<4xf32>
  return %w : f32
}
