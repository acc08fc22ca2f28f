// Verifier and custom-syntax errors of the bufferization dialect, with
// upstream's wording. The second RUN line checks the same expectations
// against mlir-opt-19.
// RUN: bufopt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 %s -split-input-file -verify-diagnostics

func.func @alloc_tensor_copy_and_sizes(%t: tensor<4xf32>, %i: index) {
  // expected-error @+1 {{dynamic sizes not needed when copying a tensor}}
  %0 = bufferization.alloc_tensor(%i) copy(%t) : tensor<4xf32>
  return
}

// -----

func.func @alloc_tensor_missing_size() {
  // expected-error @+1 {{expected 1 dynamic sizes}}
  %0 = bufferization.alloc_tensor() : tensor<?xf32>
  return
}

// -----

func.func @alloc_tensor_copy_type(%t: tensor<4xf32>) {
  // expected-error @+1 {{expected that `copy` and return type match}}
  %0 = "bufferization.alloc_tensor"(%t) <{operandSegmentSizes = array<i32: 0, 1, 0>}> : (tensor<4xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @alloc_tensor_not_tensor() {
  // expected-error @+1 {{custom op 'bufferization.alloc_tensor' invalid kind of type specified}}
  %0 = bufferization.alloc_tensor() : memref<4xf32>
  return
}

// -----

func.func @alloc_tensor_segments(%i: index) {
  // expected-error @+1 {{'bufferization.alloc_tensor' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  %0 = "bufferization.alloc_tensor"(%i) : (index) -> tensor<?xf32>
  return
}

// -----

func.func @to_tensor_shape(%m: memref<4xf32>) {
  // expected-error @+1 {{'bufferization.to_tensor' op failed to verify that result type matches tensor equivalent of 'memref'}}
  %0 = "bufferization.to_tensor"(%m) : (memref<4xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @to_tensor_not_memref(%t: tensor<4xf32>) {
  // expected-error @+1 {{'bufferization.to_tensor' op operand #0 must be ranked or unranked memref of any type values, but got 'tensor<4xf32>'}}
  %0 = "bufferization.to_tensor"(%t) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @to_memref_shape(%t: tensor<4xf32>) {
  // expected-error @+1 {{'bufferization.to_memref' op failed to verify that type of 'tensor' is the tensor equivalent of 'memref'}}
  %0 = "bufferization.to_memref"(%t) : (tensor<4xf32>) -> memref<5xf32>
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @to_memref_operand_type(%m: memref<4xf32>) {
  // expected-error @+1 {{use of value '%m' expects different type than prior uses: 'tensor<4xf32>' vs 'memref<4xf32>'}}
  %0 = bufferization.to_memref %m : memref<4xf32>
  return
}

// -----

func.func @clone_not_memref(%t: tensor<4xf32>) {
  // expected-error @+1 {{'bufferization.clone' op operand #0 must be ranked or unranked memref of any type values, but got 'tensor<4xf32>'}}
  %0 = "bufferization.clone"(%t) : (tensor<4xf32>) -> memref<4xf32>
  return
}

// -----

func.func @materialize_missing_writable(%t: tensor<4xf32>, %m: memref<4xf32>) {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op 'writable' must be specified if and only if the destination is of memref type}}
  bufferization.materialize_in_destination %t in %m : (tensor<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @materialize_restrict_tensor(%t: tensor<4xf32>, %d: tensor<4xf32>) {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op 'restrict' is valid only for memref destinations}}
  %0 = bufferization.materialize_in_destination %t in restrict %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @materialize_shapes(%t: tensor<4xf32>, %d: tensor<5xf32>) {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op source/destination shapes are incompatible}}
  %0 = bufferization.materialize_in_destination %t in %d : (tensor<4xf32>, tensor<5xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @materialize_rank(%t: tensor<4xf32>, %d: tensor<4x5xf32>) {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op rank mismatch between source and destination shape}}
  %0 = bufferization.materialize_in_destination %t in %d : (tensor<4xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
  return
}

// -----

func.func @materialize_tensor_no_result(%t: tensor<4xf32>, %d: tensor<4xf32>) {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op tensor 'dest' implies exactly one tensor result}}
  bufferization.materialize_in_destination %t in %d : (tensor<4xf32>, tensor<4xf32>) -> ()
  return
}

// -----

func.func @materialize_memref_result(%t: tensor<4xf32>, %m: memref<4xf32>) {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op memref 'dest' implies zero results}}
  %0 = bufferization.materialize_in_destination %t in writable %m : (tensor<4xf32>, memref<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @materialize_result_type(%t: tensor<4xf32>, %d: tensor<4xf32>) {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op result and 'dest' types must match}}
  %0 = bufferization.materialize_in_destination %t in %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @dealloc_conditions(%m: memref<4xf32>, %c: i1) {
  // expected-error @+1 {{'bufferization.dealloc' op must have the same number of conditions as memrefs to deallocate}}
  bufferization.dealloc (%m : memref<4xf32>) if (%c, %c)
  return
}

// -----

func.func @dealloc_results(%m: memref<4xf32>, %c: i1) {
  // expected-error @+1 {{'bufferization.dealloc' op must have the same number of updated conditions (results) as retained operands}}
  "bufferization.dealloc"(%m, %c, %m) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (memref<4xf32>, i1, memref<4xf32>) -> ()
  return
}

// -----

func.func @dealloc_segments(%m: memref<4xf32>, %c: i1) {
  // expected-error @+1 {{'bufferization.dealloc' op operand count (3) does not match with the total size (4) specified in attribute 'operandSegmentSizes'}}
  "bufferization.dealloc"(%m, %c, %m) <{operandSegmentSizes = array<i32: 1, 1, 2>}> : (memref<4xf32>, i1, memref<4xf32>) -> (i1)
  return
}

// -----

func.func @dealloc_condition_type(%m: memref<4xf32>) {
  // expected-error @+1 {{'bufferization.dealloc' op operand #1 must be variadic of 1-bit signless integer, but got 'memref<4xf32>'}}
  "bufferization.dealloc"(%m, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @dealloc_tensor_not_tensor(%m: memref<4xf32>) {
  // expected-error @+1 {{custom op 'bufferization.dealloc_tensor' invalid kind of type specified}}
  bufferization.dealloc_tensor %m : memref<4xf32>
  return
}
