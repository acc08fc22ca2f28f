// Verifier and custom-syntax errors of the tensor dialect, with upstream's
// wording. The second RUN line checks the same expectations against
// mlir-opt-19.
// RUN: bufopt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 %s -split-input-file -verify-diagnostics

func.func @cast_incompatible(%t: tensor<4xf32>) {
  // expected-error @+1 {{'tensor.cast' op operand type 'tensor<4xf32>' and result type 'tensor<5xf32>' are cast incompatible}}
  %0 = tensor.cast %t : tensor<4xf32> to tensor<5xf32>
  return
}

// -----

func.func @cast_element_type(%t: tensor<4xf32>) {
  // expected-error @+1 {{'tensor.cast' op operand type 'tensor<4xf32>' and result type 'tensor<4xi32>' are cast incompatible}}
  %0 = tensor.cast %t : tensor<4xf32> to tensor<4xi32>
  return
}

// -----

func.func @cast_not_tensor(%f: f32) {
  // expected-error @+1 {{'tensor.cast' op operand #0 must be tensor of any type values, but got 'f32'}}
  %0 = "tensor.cast"(%f) : (f32) -> tensor<*xf32>
  return
}

// -----

func.func @bitcast_width(%t: tensor<4xf32>) {
  // expected-error @+1 {{'tensor.bitcast' op operand type 'tensor<4xf32>' and result type 'tensor<4xi64>' are cast incompatible}}
  %0 = tensor.bitcast %t : tensor<4xf32> to tensor<4xi64>
  return
}

// -----

func.func @extract_indices(%t: tensor<4xf32>, %i: index) {
  // expected-error @+1 {{'tensor.extract' op incorrect number of indices for extract_element}}
  %0 = tensor.extract %t[%i, %i] : tensor<4xf32>
  return
}

// -----

func.func @extract_unranked(%t: tensor<*xf32>, %i: index) {
  // expected-error @+1 {{custom op 'tensor.extract' invalid kind of type specified}}
  %0 = tensor.extract %t[%i] : tensor<*xf32>
  return
}

// -----

func.func @extract_generic_not_tensor(%f: f32) {
  // expected-error @+1 {{'tensor.extract' op operand #0 must be ranked tensor of any type values, but got 'f32'}}
  %0 = "tensor.extract"(%f) : (f32) -> f32
  return
}

// -----

func.func @insert_indices(%t: tensor<4xf32>, %f: f32) {
  // expected-error @+1 {{'tensor.insert' op incorrect number of indices}}
  %0 = "tensor.insert"(%f, %t) : (f32, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @insert_result_type(%t: tensor<4xf32>, %f: f32, %i: index) {
  // expected-error @+1 {{'tensor.insert' op failed to verify that result type matches type of dest}}
  %0 = "tensor.insert"(%f, %t, %i) : (f32, tensor<4xf32>, index) -> tensor<5xf32>
  return
}

// -----

func.func @empty_dynamic_count(%i: index) {
  // expected-error @+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = tensor.empty(%i) : tensor<4xf32>
  return
}

// -----

func.func @empty_unranked() {
  // expected-error @+1 {{'tensor.empty' op result #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = "tensor.empty"() : () -> tensor<*xf32>
  return
}

// -----

func.func @dim_rank_zero(%t: tensor<f32>, %i: index) {
  // expected-error @+1 {{'tensor.dim' op operand #0 must be non-0-ranked or unranked tensor, but got 'tensor<f32>'}}
  %0 = "tensor.dim"(%t, %i) : (tensor<f32>, index) -> index
  return
}

// -----

func.func @dim_not_tensor(%f: f32) {
  // expected-error @+1 {{custom op 'tensor.dim' invalid kind of type specified}}
  %0 = tensor.dim %f, %f : f32
  return
}

// -----

func.func @rank_not_tensor(%f: f32) {
  // expected-error @+1 {{'tensor.rank' op operand #0 must be tensor of any type values, but got 'f32'}}
  %0 = "tensor.rank"(%f) : (f32) -> index
  return
}

// -----

func.func @slice_size_mismatch(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{expected type to be 'tensor<4x4xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.extract_slice %t[0, 0] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x5xf32>
  return
}

// -----

func.func @slice_rank_too_large(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{expected rank to be smaller or equal to the other rank.}}
  %0 = tensor.extract_slice %t[0, 0] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x4x4xf32>
  return
}

// -----

func.func @slice_element_type(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{expected element type to be 'f32'}}
  %0 = tensor.extract_slice %t[0, 0] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x4xi32>
  return
}

// -----

func.func @slice_reduce_non_unit(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{expected type to be 'tensor<2x4xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.extract_slice %t[0, 0] [2, 4] [1, 1] : tensor<8x16xf32> to tensor<4xf32>
  return
}

// -----

func.func @slice_offsets_rank(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the rank of the result type is well-formed.}}
  %0 = tensor.extract_slice %t[0] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @slice_strides_rank(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{expected mixed sizes rank to match mixed strides rank (2 vs 1) so the rank of the result type is well-formed.}}
  %0 = tensor.extract_slice %t[0, 0] [4, 4] [1] : tensor<8x16xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @slice_too_many(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{expected 2 offset values, got 3}}
  %0 = tensor.extract_slice %t[0, 0, 0] [4, 4, 1] [1, 1, 1] : tensor<8x16xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @slice_negative_offset(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{expected offsets to be non-negative, but got -1}}
  %0 = tensor.extract_slice %t[-1, 0] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @slice_negative_size(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{expected sizes to be non-negative, but got -4}}
  %0 = tensor.extract_slice %t[0, 0] [4, -4] [1, 1] : tensor<8x16xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @slice_missing_attr(%t: tensor<4xf32>) {
  // expected-error @+1 {{'tensor.extract_slice' op requires attribute 'static_sizes'}}
  %0 = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_strides = array<i64: 1>}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @slice_missing_segments(%t: tensor<4xf32>) {
  // expected-error @+1 {{'tensor.extract_slice' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  %0 = "tensor.extract_slice"(%t) <{static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @slice_dynamic_count(%t: tensor<4xf32>, %i: index) {
  // expected-error @+1 {{expected 1 dynamic offset values}}
  %0 = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @insert_slice_mismatch(%t: tensor<4x5xf32>, %u: tensor<4x5xf32>) {
  // expected-error @+1 {{expected type to be 'tensor<4x4xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.insert_slice %t into %u[0, 0] [4, 4] [1, 1] : tensor<4x5xf32> into tensor<4x5xf32>
  return
}

// -----

func.func @parallel_insert_slice_parent(%t: tensor<4xf32>, %u: tensor<8xf32>) {
  // expected-error @+1 {{expected ParallelCombiningOpInterface parent, got:}}
  tensor.parallel_insert_slice %t into %u[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
  return
}

// -----

func.func @collapse_static_size(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 128}}
  %0 = tensor.collapse_shape %t [[0, 1]] : tensor<8x16xf32> into tensor<127xf32>
  return
}

// -----

func.func @collapse_group_count(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected collapsed rank (1) to equal the number of reassociation maps (2).}}
  %0 = tensor.collapse_shape %t [[0], [1]] : tensor<8x16xf32> into tensor<128xf32>
  return
}

// -----

func.func @collapse_not_contiguous(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected reassociation map #0 to be valid and contiguous.}}
  %0 = tensor.collapse_shape %t [[1, 0]] : tensor<8x16xf32> into tensor<128xf32>
  return
}

// -----

func.func @collapse_map_size(%t: tensor<8x16x4xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected reassociation map #0 to have size equal to the expanded rank (3), but it is  2.}}
  %0 = tensor.collapse_shape %t [[0, 1]] : tensor<8x16x4xf32> into tensor<128xf32>
  return
}

// -----

func.func @collapse_dynamic(%t: tensor<?x16xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic}}
  %0 = tensor.collapse_shape %t [[0, 1]] : tensor<?x16xf32> into tensor<128xf32>
  return
}

// -----

func.func @collapse_higher_rank(%t: tensor<8xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected the expanded type, 'tensor<8xf32>' to have a higher (or same) rank than the collapsed type, 'tensor<2x4xf32>'.}}
  %0 = tensor.collapse_shape %t [[0]] : tensor<8xf32> into tensor<2x4xf32>
  return
}

// -----

func.func @collapse_bad_attr(%t: tensor<4xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op attribute 'reassociation' failed to satisfy constraint: Array of 64-bit integer array attributes}}
  %0 = "tensor.collapse_shape"(%t) <{reassociation = [0]}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @expand_output_rank(%t: tensor<128xf32>) {
  // expected-error @+1 {{'tensor.expand_shape' op expected number of static shape dims to be equal to the output rank (2) but found 3 inputs instead}}
  %0 = tensor.expand_shape %t [[0, 1]] output_shape [8, 16, 1] : tensor<128xf32> into tensor<8x16xf32>
  return
}

// -----

func.func @expand_dynamic_count(%t: tensor<?xf32>, %n: index) {
  // expected-error @+1 {{'tensor.expand_shape' op mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has 1 dynamic dims while output_shape has 0 values}}
  %0 = "tensor.expand_shape"(%t) <{reassociation = [[0, 1]], static_output_shape = array<i64: -9223372036854775808, 4>}> : (tensor<?xf32>) -> tensor<?x4xf32>
  return
}

// -----

func.func @expand_collapsed_type(%t: tensor<12xf32>) {
  // expected-error @+1 {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be static value of 16}}
  %0 = tensor.expand_shape %t [[0, 1]] output_shape [4, 4] : tensor<12xf32> into tensor<4x4xf32>
  return
}

// -----

func.func @generate_extents(%i: index, %f: f32) {
  // expected-error @+1 {{must have as many index operands as dynamic extents in the result type}}
  %0 = tensor.generate %i {
  ^bb0(%a: index):
    tensor.yield %f : f32
  } : tensor<4xf32>
  return
}

// -----

func.func @generate_yield_type(%i: index) {
  // expected-error @+1 {{'tensor.generate' op body must be terminated with a `yield` operation of the tensor element type}}
  %0 = tensor.generate {
  ^bb0(%a: index):
    tensor.yield %i : index
  } : tensor<4xf32>
  return
}

// -----

func.func @generate_arg_type(%f: f32) {
  // expected-error @+1 {{all body arguments must be index}}
  %0 = tensor.generate {
  ^bb0(%a: i32):
    tensor.yield %f : f32
  } : tensor<4xf32>
  return
}

// -----

func.func @generate_arg_count(%f: f32) {
  // expected-error @+1 {{must have one body argument per input dimension}}
  %0 = tensor.generate {
  ^bb0(%a: index, %b: index):
    tensor.yield %f : f32
  } : tensor<4xf32>
  return
}

// -----

func.func @pad_type(%t: tensor<128xf32>, %f: f32) {
  // expected-error @+1 {{specified type 'tensor<130xf32>' does not match the inferred type 'tensor<131xf32>'}}
  %0 = tensor.pad %t low[1] high[2] {
  ^bb0(%a: index):
    tensor.yield %f : f32
  } : tensor<128xf32> to tensor<130xf32>
  return
}

// -----

func.func @pad_block_args(%t: tensor<128xf32>, %f: f32) {
  // expected-error @+1 {{expected the block to have 1 arguments}}
  %0 = tensor.pad %t low[1] high[2] {
  ^bb0(%a: index, %b: index):
    tensor.yield %f : f32
  } : tensor<128xf32> to tensor<131xf32>
  return
}

// -----

func.func @pad_arg_type(%t: tensor<128xf32>, %f: f32) {
  // expected-error @+1 {{'tensor.pad' op expected block argument 1 to be an index}}
  %0 = tensor.pad %t low[1] high[2] {
  ^bb0(%a: i32):
    tensor.yield %f : f32
  } : tensor<128xf32> to tensor<131xf32>
  return
}

// -----

func.func @pad_yield_type(%t: tensor<128xf32>, %i: index) {
  // expected-error @+1 {{'tensor.pad' op expected yield type to match shape element type}}
  %0 = tensor.pad %t low[1] high[2] {
  ^bb0(%a: index):
    tensor.yield %i : index
  } : tensor<128xf32> to tensor<131xf32>
  return
}

// -----

func.func @pad_rank(%t: tensor<128xf32>, %f: f32) {
  // expected-error @+1 {{failed to infer expectedType from sourceType 'tensor<128xf32>', specified resultType is 'tensor<131xf32>'}}
  %0 = tensor.pad %t low[1, 1] high[2, 2] {
  ^bb0(%a: index):
    tensor.yield %f : f32
  } : tensor<128xf32> to tensor<131xf32>
  return
}

// -----

func.func @reshape_dynamic_shape(%t: tensor<4xf32>, %s: tensor<?xindex>) {
  // expected-error @+1 {{'tensor.reshape' op cannot use shape operand with dynamic length to reshape to statically-ranked tensor type}}
  %0 = tensor.reshape %t(%s) : (tensor<4xf32>, tensor<?xindex>) -> tensor<2x2xf32>
  return
}

// -----

func.func @reshape_shape_length(%t: tensor<4xf32>, %s: tensor<3xindex>) {
  // expected-error @+1 {{'tensor.reshape' op length of shape operand differs from the result's tensor rank}}
  %0 = tensor.reshape %t(%s) : (tensor<4xf32>, tensor<3xindex>) -> tensor<2x2xf32>
  return
}

// -----

func.func @reshape_elements(%t: tensor<4xf32>, %s: tensor<2xindex>) {
  // expected-error @+1 {{'tensor.reshape' op source and destination tensor should have the same number of elements}}
  %0 = tensor.reshape %t(%s) : (tensor<4xf32>, tensor<2xindex>) -> tensor<2x3xf32>
  return
}

// -----

func.func @reshape_element_type(%t: tensor<4xf32>, %s: tensor<2xindex>) {
  // expected-error @+1 {{'tensor.reshape' op element types of source and destination tensor types should be the same}}
  %0 = tensor.reshape %t(%s) : (tensor<4xf32>, tensor<2xindex>) -> tensor<2x2xi32>
  return
}

// -----

func.func @concat_rank(%t: tensor<4xf32>, %u: tensor<4x5xf32>) {
  // expected-error @+1 {{'tensor.concat' op rank of concatenated inputs must match result rank}}
  %0 = tensor.concat dim(0) %t, %u : (tensor<4xf32>, tensor<4x5xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @concat_mismatch(%t: tensor<4x5xf32>, %u: tensor<4x6xf32>) {
  // expected-error @+1 {{'tensor.concat' op static concatenation size mismatch along non-concatenated dimension 1}}
  %0 = tensor.concat dim(0) %t, %u : (tensor<4x5xf32>, tensor<4x6xf32>) -> tensor<8x5xf32>
  return
}

// -----

func.func @concat_result(%t: tensor<4x5xf32>) {
  // expected-error @+1 {{'tensor.concat' op result type 'tensor<9x5xf32>'does not match inferred shape 'tensor<8x5xf32>' static sizes}}
  %0 = tensor.concat dim(0) %t, %t : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<9x5xf32>
  return
}

// -----

func.func @concat_dim(%t: tensor<4x5xf32>) {
  // expected-error @+1 {{'tensor.concat' op concatenation dim must be less than the tensor rank}}
  %0 = tensor.concat dim(2) %t, %t : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<8x5xf32>
  return
}

// -----

func.func @concat_element_type(%t: tensor<4x5xf32>, %u: tensor<4x5xi32>) {
  // expected-error @+1 {{'tensor.concat' op inputs and result element type must match}}
  %0 = tensor.concat dim(0) %t, %u : (tensor<4x5xf32>, tensor<4x5xi32>) -> tensor<8x5xf32>
  return
}

// -----

func.func @concat_no_dim(%t: tensor<4xf32>) {
  // expected-error @+1 {{'tensor.concat' op requires attribute 'dim'}}
  %0 = "tensor.concat"(%t) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @from_elements_count(%x: f32) {
  // expected-error @+1 {{custom op 'tensor.from_elements' 2 operands present, but expected 3}}
  %0 = tensor.from_elements %x, %x : tensor<3xf32>
  return
}

// -----

func.func @from_elements_dynamic(%x: f32) {
  // expected-error @+1 {{'tensor.from_elements' op result #0 must be statically shaped tensor of any type values, but got 'tensor<?xf32>'}}
  %0 = "tensor.from_elements"(%x) : (f32) -> tensor<?xf32>
  return
}

// -----

func.func @splat_dynamic_count(%f: f32, %i: index) {
  // expected-error @+1 {{'tensor.splat' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = tensor.splat %f[%i] : tensor<4xf32>
  return
}

// -----

func.func @yield_parent(%f: f32) {
  // expected-error @+1 {{'tensor.yield' op expects parent op to be one of 'tensor.generate, tensor.pad'}}
  "tensor.yield"(%f) : (f32) -> ()
}

// -----

// A count mismatch in the functional type is reported at the op name, not
// at the operands (which sit on the next line here).
func.func @reshape_type_count(%t: tensor<4xf32>, %s: tensor<1xindex>) {
  // expected-error @+1 {{custom op 'tensor.reshape' 2 operands present, but expected 3}}
  %0 = tensor.reshape
      %t(%s) : (tensor<4xf32>, tensor<1xindex>, index) -> tensor<4xf32>
  return
}
