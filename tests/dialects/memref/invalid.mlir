// Verifier errors of the memref dialect, with upstream's wording. The
// second RUN line checks the same expectations against mlir-opt-19.
// RUN: bufopt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 %s -split-input-file -verify-diagnostics

func.func @alloc_dynamic_count(%n: index) {
  // expected-error @+1 {{'memref.alloc' op dimension operand count does not equal memref dynamic dimension count}}
  %0 = memref.alloc(%n) : memref<4x4xf32>
  return
}

// -----

func.func @alloc_symbol_count(%n: index) {
  // expected-error @+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 1, got 0}}
  %0 = memref.alloc() : memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  return
}

// -----

func.func @alloc_alignment() {
  // expected-error @+1 {{'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0}}
  %0 = memref.alloc() {alignment = -8} : memref<4xf32>
  return
}

// -----

func.func @alloc_segments(%n: index) {
  // expected-error @+1 {{'memref.alloc' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  %0 = "memref.alloc"(%n) <{operandSegmentSizes = array<i32: 0, 0>}> : (index) -> memref<?xf32>
  return
}

// -----

func.func @alloc_tensor() {
  // expected-error @+1 {{custom op 'memref.alloc' invalid kind of type specified}}
  %0 = memref.alloc() : tensor<4xf32>
  return
}

// -----

func.func @alloc_result_generic() {
  // expected-error @+1 {{'memref.alloc' op result #0 must be memref of any type values, but got 'tensor<4xf32>'}}
  %0 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> tensor<4xf32>
  return
}

// -----

builtin.module {
  // expected-error @+1 {{'memref.alloca' op requires an ancestor op with AutomaticAllocationScope trait}}
  %0 = memref.alloca() : memref<4xf32>
}

// -----

func.func @realloc_layout(%m: memref<4xf32, strided<[2]>>) {
  // expected-error @+1 {{unsupported layout for source memref type 'memref<4xf32, strided<[2]>>'}}
  %0 = memref.realloc %m : memref<4xf32, strided<[2]>> to memref<8xf32>
  return
}

// -----

func.func @realloc_missing_size(%m: memref<4xf32>) {
  // expected-error @+1 {{missing dimension operand for result type 'memref<?xf32>'}}
  %0 = memref.realloc %m : memref<4xf32> to memref<?xf32>
  return
}

// -----

func.func @realloc_elem(%m: memref<4xf32>) {
  // expected-error @+1 {{different element types specified for source memref type 'memref<4xf32>' and result memref type 'memref<8xi32>'}}
  %0 = memref.realloc %m : memref<4xf32> to memref<8xi32>
  return
}

// -----

func.func @realloc_rank(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.realloc' op result #0 must be 1D memref of any type values, but got 'memref<4x4xf32>'}}
  %0 = memref.realloc %m : memref<4xf32> to memref<4x4xf32>
  return
}

// -----

func.func @assume_alignment(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.assume_alignment' op alignment must be power of 2}}
  memref.assume_alignment %m, 12 : memref<4xf32>
  return
}

// -----

func.func @assume_alignment_zero(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.assume_alignment' op attribute 'alignment' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive}}
  memref.assume_alignment %m, 0 : memref<4xf32>
  return
}

// -----

func.func @load_indices(%m: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'memref.load' op incorrect number of indices for load, expected 2 but got 1}}
  %0 = memref.load %m[%i] : memref<4x4xf32>
  return
}

// -----

func.func @load_result(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'memref.load' op failed to verify that result type matches element type of 'memref'}}
  %0 = "memref.load"(%m, %i) : (memref<4xf32>, index) -> i32
  return
}

// -----

func.func @load_index_type(%m: memref<4xf32>, %i: i32) {
  // expected-error @+1 {{'memref.load' op operand #1 must be variadic of index, but got 'i32'}}
  %0 = "memref.load"(%m, %i) : (memref<4xf32>, i32) -> f32
  return
}

// -----

func.func @store_indices(%m: memref<4x4xf32>, %v: f32, %i: index) {
  // expected-error @+1 {{'memref.store' op store index operand count not equal to memref rank}}
  memref.store %v, %m[%i, %i, %i] : memref<4x4xf32>
  return
}

// -----

func.func @store_value(%m: memref<4xf32>, %v: i32, %i: index) {
  // expected-error @+1 {{'memref.store' op failed to verify that type of 'value' matches element type of 'memref'}}
  "memref.store"(%v, %m, %i) : (i32, memref<4xf32>, index) -> ()
  return
}

// -----

func.func @copy_shape(%a: memref<4xf32>, %b: memref<8xf32>) {
  // expected-error @+1 {{'memref.copy' op requires the same shape for all operands}}
  memref.copy %a, %b : memref<4xf32> to memref<8xf32>
  return
}

// -----

func.func @copy_elem(%a: memref<4xf32>, %b: memref<4xi32>) {
  // expected-error @+1 {{'memref.copy' op requires the same element type for all operands}}
  memref.copy %a, %b : memref<4xf32> to memref<4xi32>
  return
}

// -----

func.func @cast_incompatible(%a: memref<4xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<4xi32>' are cast incompatible}}
  %0 = memref.cast %a : memref<4xf32> to memref<4xi32>
  return
}

// -----

func.func @cast_unranked(%a: memref<*xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<*xf32>' and result type 'memref<*xf32>' are cast incompatible}}
  %0 = memref.cast %a : memref<*xf32> to memref<*xf32>
  return
}

// -----

func.func @cast_shape(%a: memref<4xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<8xf32>' are cast incompatible}}
  %0 = memref.cast %a : memref<4xf32> to memref<8xf32>
  return
}

// -----

func.func @cast_strides(%a: memref<4x4xf32, strided<[4, 1]>>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4x4xf32, strided<[4, 1]>>' and result type 'memref<4x4xf32, strided<[8, 1]>>' are cast incompatible}}
  %0 = memref.cast %a : memref<4x4xf32, strided<[4, 1]>> to memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @memory_space_cast(%a: memref<4xf32>) {
  // expected-error @+1 {{'memref.memory_space_cast' op operand type 'memref<4xf32>' and result type 'memref<4xi32, 1>' are cast incompatible}}
  %0 = memref.memory_space_cast %a : memref<4xf32> to memref<4xi32, 1>
  return
}

// -----

func.func @dim_rank0(%a: memref<f32>, %i: index) {
  // expected-error @+1 {{'memref.dim' op operand #0 must be unranked.memref of any type values or non-0-ranked.memref of any type values, but got 'memref<f32>'}}
  %0 = memref.dim %a, %i : memref<f32>
  return
}

// -----

func.func @rank_result(%a: memref<4xf32>) {
  // expected-error @+1 {{'memref.rank' op result #0 must be index, but got 'i32'}}
  %0 = "memref.rank"(%a) : (memref<4xf32>) -> i32
  return
}

// -----

func.func @subview_result(%m: memref<8x8xf32>, %i: index) {
  // expected-error @+1 {{expected result type to be 'memref<4x4xf32, strided<[8, 1], offset: ?>>' or a rank-reduced version. (mismatch of result sizes)}}
  %0 = memref.subview %m[0, %i] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x8xf32>
  return
}

// -----

func.func @subview_layout(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<4x4xf32, strided<[8, 1], offset: 2>>' or a rank-reduced version. (mismatch of result layout)}}
  %0 = memref.subview %m[0, 2] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @subview_rank(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected result rank to be smaller or equal to the source rank.}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4x1xf32>
  return
}

// -----

func.func @subview_elem(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected result element type to be 'f32'}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xi32, strided<[8, 1]>>
  return
}

// -----

func.func @subview_sizes(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected 2 offset values, got 3}}
  %0 = "memref.subview"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0, 0>, static_sizes = array<i64: 4, 4, 1>, static_strides = array<i64: 1, 1, 1>}> : (memref<8x8xf32>) -> memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @subview_memory_space(%m: memref<8x8xf32, 1>) {
  // expected-error @+1 {{different memory spaces specified for base memref type 'memref<8x8xf32, 1>' and subview memref type 'memref<4x4xf32, strided<[8, 1]>>'}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x8xf32, 1> to memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @subview_not_strided(%m: memref<8x8xf32, affine_map<(d0, d1) -> (d1, d0)>>) {
  // expected-error @+1 {{base type 'memref<8x8xf32, affine_map<(d0, d1) -> (d1, d0)>>' is not strided}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x8xf32, affine_map<(d0, d1) -> (d1, d0)>> to memref<4x4xf32>
  return
}

// -----

func.func @subview_offsets(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the rank of the result type is well-formed.}}
  %0 = memref.subview %m[0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @subview_negative(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected offsets to be non-negative, but got -1}}
  %0 = memref.subview %m[-1, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: -8>>
  return
}

// -----

func.func @reinterpret_size(%m: memref<?xf32>) {
  // expected-error @+1 {{expected result type with size = 10 instead of 4 in dim = 0}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [10], strides: [1] : memref<?xf32> to memref<4xf32>
  return
}

// -----

func.func @reinterpret_offset(%m: memref<?xf32>) {
  // expected-error @+1 {{expected result type with offset = 2 instead of 3}}
  %0 = memref.reinterpret_cast %m to offset: [2], sizes: [4], strides: [1] : memref<?xf32> to memref<4xf32, strided<[1], offset: 3>>
  return
}

// -----

func.func @reinterpret_stride(%m: memref<?xf32>) {
  // expected-error @+1 {{expected result type with stride = 2 instead of 1 in dim = 0}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [4], strides: [2] : memref<?xf32> to memref<4xf32>
  return
}

// -----

func.func @reinterpret_space(%m: memref<?xf32, 1>) {
  // expected-error @+1 {{different memory spaces specified for source type 'memref<?xf32, 1>' and result memref type 'memref<4xf32>'}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [4], strides: [1] : memref<?xf32, 1> to memref<4xf32>
  return
}

// -----

func.func @collapse_noncontiguous(%m: memref<4x8xf32, strided<[16, 1]>>) {
  // expected-error @+1 {{'memref.collapse_shape' op invalid source layout map or collapsing non-contiguous dims}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x8xf32, strided<[16, 1]>> into memref<32xf32>
  return
}

// -----

func.func @collapse_type(%m: memref<4x8xf32, strided<[8, 1], offset: 3>>) {
  // expected-error @+1 {{'memref.collapse_shape' op expected collapsed type to be 'memref<32xf32, strided<[1], offset: 3>>' but found 'memref<32xf32>'}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x8xf32, strided<[8, 1], offset: 3>> into memref<32xf32>
  return
}

// -----

func.func @collapse_groups(%m: memref<4x8xf32>) {
  // expected-error @+1 {{'memref.collapse_shape' op reassociation indices must be contiguous}}
  %0 = memref.collapse_shape %m [[1, 0]] : memref<4x8xf32> into memref<32xf32>
  return
}

// -----

func.func @collapse_size(%m: memref<4x8xf32>) {
  // expected-error @+1 {{'memref.collapse_shape' op collapsed dim size (16) must equal reassociation group size (32)}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x8xf32> into memref<16xf32>
  return
}

// -----

func.func @collapse_rank(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.collapse_shape' op has source rank 1 and result rank 2. This is not a collapse (1 < 2).}}
  %0 = memref.collapse_shape %m [[0], [1]] : memref<4xf32> into memref<2x2xf32>
  return
}

// -----

func.func @expand_dynamic(%m: memref<4xf32>, %n: index) {
  // expected-error @+1 {{'memref.expand_shape' op collapsed dim (0) must be dynamic if and only if reassociation group is dynamic}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [%n, 2] : memref<4xf32> into memref<?x2xf32>
  return
}

// -----

func.func @expand_output_shape(%m: memref<8xf32>) {
  // expected-error @+1 {{'memref.expand_shape' op invalid output shape provided at pos 1}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [2, 3] : memref<8xf32> into memref<2x4xf32>
  return
}

// -----

func.func @expand_layout(%m: memref<8xf32, strided<[2]>>) {
  // expected-error @+1 {{'memref.expand_shape' op expected expanded type to be 'memref<2x4xf32, strided<[8, 2]>>' but found 'memref<2x4xf32>'}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [2, 4] : memref<8xf32, strided<[2]>> into memref<2x4xf32>
  return
}

// -----

func.func @reshape_length(%m: memref<4xf32>, %s: memref<2xindex>) {
  // expected-error @+1 {{'memref.reshape' op length of shape operand differs from the result's memref rank}}
  %0 = memref.reshape %m(%s) : (memref<4xf32>, memref<2xindex>) -> memref<4xf32>
  return
}

// -----

func.func @reshape_dynamic(%m: memref<4xf32>, %s: memref<?xindex>) {
  // expected-error @+1 {{'memref.reshape' op cannot use shape operand with dynamic length to reshape to statically-ranked memref type}}
  %0 = memref.reshape %m(%s) : (memref<4xf32>, memref<?xindex>) -> memref<4xf32>
  return
}

// -----

func.func @view_sizes(%b: memref<64xi8>, %o: index) {
  // expected-error @+1 {{incorrect number of size operands for type 'memref<?x4xf32>'}}
  %0 = memref.view %b[%o][] : memref<64xi8> to memref<?x4xf32>
  return
}

// -----

func.func @view_source(%b: memref<64xi16>, %o: index) {
  // expected-error @+1 {{'memref.view' op operand #0 must be 1D memref of 8-bit signless integer values, but got 'memref<64xi16>'}}
  %0 = memref.view %b[%o][] : memref<64xi16> to memref<4xf32>
  return
}

// -----

func.func @metadata_types(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.extract_strided_metadata' op result #3 must be variadic of index, but got 'i32'}}
  %0:4 = memref.extract_strided_metadata %m : memref<4xf32> -> memref<f32>, index, index, i32
  return
}

// -----

// expected-error @+1 {{'memref.global' op type should be static shaped memref, but got 'memref<?xf32>'}}
"memref.global"() <{sym_name = "g", type = memref<?xf32>}> : () -> ()

// -----

// expected-error @+1 {{custom op 'memref.global' type should be static shaped memref, but got 'memref<?xf32>'}}
memref.global @g : memref<?xf32>

// -----

// expected-error @+1 {{'memref.global' op initial value expected to be of type 'tensor<2xf32>', but was of type 'tensor<2xi32>'}}
"memref.global"() <{sym_name = "g", type = memref<2xf32>, initial_value = dense<1> : tensor<2xi32>}> : () -> ()

// -----

// expected-error @+1 {{alignment attribute value 3 is not a power of 2}}
memref.global @g : memref<2xf32> = uninitialized {alignment = 3}

// -----

func.func @get_global_missing() {
  // expected-error @+1 {{'memref.get_global' op 'nope' does not reference a valid global memref}}
  %0 = memref.get_global @nope : memref<2xf32>
  return
}

// -----

memref.global @g : memref<2xf32> = uninitialized
func.func @get_global_type() {
  // expected-error @+1 {{'memref.get_global' op result type 'memref<4xf32>' does not match type 'memref<2xf32>' of the global memref @g}}
  %0 = memref.get_global @g : memref<4xf32>
  return
}

// -----

func.func @scope_return() {
  // expected-error @+1 {{'memref.alloca_scope.return' op expects parent op 'memref.alloca_scope'}}
  memref.alloca_scope.return
}

// -----

func.func @scope_arguments() {
  // expected-error @+1 {{'memref.alloca_scope' op region should have no arguments}}
  "memref.alloca_scope"() ({
  ^bb0(%x: index):
    "memref.alloca_scope.return"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @scope_blocks() {
  // expected-error @+1 {{'memref.alloca_scope' op expects region #0 to have 0 or 1 blocks}}
  "memref.alloca_scope"() ({
    "memref.alloca_scope.return"() : () -> ()
  ^bb1:
    "memref.alloca_scope.return"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @scope_results(%n: index) {
  // expected-error @+1 {{'memref.alloca_scope' op  region control flow edge from Region #0 to parent results: source has 0 operands, but target successor needs 1}}
  %0 = "memref.alloca_scope"() ({
    "memref.alloca_scope.return"() : () -> ()
  }) : () -> index
  return
}

// -----

func.func @scope_result_types(%n: index) {
  // expected-error @+1 {{'memref.alloca_scope' op  along control flow edge from Region #0 to parent results: source type #0 'index' should match input type #0 'i32'}}
  %0 = memref.alloca_scope -> (i32) {
    memref.alloca_scope.return %n : index
  }
  return
}

// -----

func.func @load_regions(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'memref.load' op requires zero regions}}
  %0 = "memref.load"(%m, %i) ({
  }) : (memref<4xf32>, index) -> f32
  return
}

// -----

func.func @copy_operands(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.copy' op expected 2 operands, but found 1}}
  "memref.copy"(%m) : (memref<4xf32>) -> ()
  return
}

// -----

func.func @realloc_operands(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'memref.realloc' op operand group starting at #1 requires 0 or 1 element, but found 2}}
  %0 = "memref.realloc"(%m, %i, %i) : (memref<4xf32>, index, index) -> memref<?xf32>
  return
}

// -----

func.func @transpose_not_permutation(%m: memref<?x?xf32>) {
  // expected-error @+1 {{'memref.transpose' op expected a permutation map}}
  %0 = memref.transpose %m (d0, d1) -> (d0, d0) : memref<?x?xf32> to memref<?x?xf32>
  return
}

// -----

func.func @transpose_type(%m: memref<4x8xf32>) {
  // expected-error @+1 {{'memref.transpose' op result type 'memref<8x4xf32>' is not equivalent to the canonical transposed input type 'memref<8x4xf32, affine_map<(d0, d1) -> (d0 + d1 * 8)>>'}}
  %0 = memref.transpose %m (d0, d1) -> (d1, d0) : memref<4x8xf32> to memref<8x4xf32>
  return
}

// -----

func.func @atomic_rmw_kind(%m: memref<4xi32>, %v: i32, %i: index) {
  // expected-error @+1 {{'memref.atomic_rmw' op with kind 'addf' expects a floating-point type}}
  %0 = memref.atomic_rmw addf %v, %m[%i] : (i32, memref<4xi32>) -> i32
  return
}

// -----

func.func @atomic_rmw_rank(%m: memref<4x4xf32>, %v: f32, %i: index) {
  // expected-error @+1 {{'memref.atomic_rmw' op expects the number of subscripts to be equal to memref rank}}
  %0 = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<4x4xf32>) -> f32
  return
}

// -----

func.func @generic_atomic_rmw_args(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'memref.generic_atomic_rmw' op expected block argument of the same type result type}}
  %0 = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%x: i32):
    %c = arith.constant 1.0 : f32
    memref.atomic_yield %c : f32
  }
  return
}

// -----

func.func @atomic_yield_type(%m: memref<4xf32>, %i: index) {
  %0 = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%x: f32):
    %c = arith.constant 1 : i32
    // expected-error @+1 {{'memref.atomic_yield' op types mismatch between yield op: 'i32' and its parent: 'f32'}}
    memref.atomic_yield %c : i32
  }
  return
}

// -----

func.func @prefetch_locality(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'memref.prefetch' op attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3}}
  memref.prefetch %m[%i], read, locality<5>, data : memref<4xf32>
  return
}

// -----

func.func @prefetch_rw(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{custom op 'memref.prefetch' rw specifier has to be 'read' or 'write'}}
  memref.prefetch %m[%i], load, locality<1>, data : memref<4xf32>
  return
}

// -----

// expected-error @+1 {{'memref.global' op visibility expected to be one of ["public", "private", "nested"], but got "hidden"}}
memref.global "hidden" @g : memref<2xf32>

// -----

// A count mismatch in the functional type is reported at the op name, not
// at the operands or the type (which sit on the next line here).
func.func @reshape_type_count(%m: memref<4xf32>, %s: memref<1xindex>) {
  // expected-error @+1 {{custom op 'memref.reshape' 2 operands present, but expected 1}}
  %0 = memref.reshape
      %m(%s) : (memref<4xf32>) -> memref<4xf32>
  return
}
