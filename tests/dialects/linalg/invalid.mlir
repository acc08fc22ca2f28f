// Verifier and custom-syntax errors of the linalg dialect, with upstream's
// wording. The second RUN line checks the same expectations against
// mlir-opt-19.
// RUN: bufopt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 %s -split-input-file -verify-diagnostics

func.func @map_count(%a: tensor<4xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected the number of indexing_map (1) to be equal to the number of input/output operands (2)}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return
}

// -----

func.func @map_rank(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected operand rank (2) to match the result rank of indexing_map #0 (1)}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4x4xf32>) outs(%a : tensor<4x4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4x4xf32>
  return
}

// -----

func.func @map_dims(%a: tensor<4xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected indexing_map #1 to have 1 dim(s) to match the number of loops}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return
}

// -----

func.func @arg_type(%a: tensor<4xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected type of bb argument #0 ('i32') to match element or self type of the corresponding operand ('f32')}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: i32, %y: f32):
    linalg.yield %y : f32
  } -> tensor<4xf32>
  return
}

// -----

func.func @result_type(%a: tensor<4xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected type of operand #1 ('tensor<4xf32>') to match type of corresponding result ('tensor<?xf32>')}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %y : f32
  } -> tensor<?xf32>
  return
}

// -----

func.func @result_count(%a: tensor<4xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected the number of tensor results (0) to be equal to the number of output tensors (1)}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %y : f32
  }
  return
}

// -----

func.func @mixed(%a: tensor<4xf32>, %m: memref<4xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected to have pure tensor or buffer semantics}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%m : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %y : f32
  }
  return
}

// -----

func.func @yield_count(%m: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%m : memref<4xf32>) {
  ^bb0(%y: f32):
    // expected-error @+1 {{'linalg.yield' op expected number of yield values (2) to match the number of inits / outs operands of the enclosing LinalgOp (1)}}
    linalg.yield %y, %y : f32, f32
  }
  return
}

// -----

func.func @yield_type(%m: memref<4xf32>, %i: i32) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%m : memref<4xf32>) {
  ^bb0(%y: f32):
    // expected-error @+1 {{'linalg.yield' op type of yield operand 1 ('i32') doesn't match the element type of the enclosing linalg.generic op ('f32')}}
    linalg.yield %i : i32
  }
  return
}

// -----

func.func @index_dim(%m: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%m : memref<4xf32>) {
  ^bb0(%y: f32):
    // expected-error @+1 {{'linalg.index' op expected dim (1) to be lower than the number of loops (1) of the enclosing LinalgOp}}
    %i = linalg.index 1 : index
    linalg.yield %y : f32
  }
  return
}

// -----

func.func @index_parent() {
  // expected-error @+1 {{'linalg.index' op expected parent op with LinalgOp interface}}
  %i = linalg.index 0 : index
  return
}

// -----

func.func @shape_mismatch(%a: tensor<4x8xf32>, %b: tensor<8x3xf32>, %c: tensor<4x4xf32>) {
  // expected-error @+1 {{'linalg.matmul' op inferred input/output operand #2 has shape's dimension #1 to be 3, but found 4}}
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x3xf32>) outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @matmul_rank(%a: tensor<4xf32>, %c: tensor<4x4xf32>) {
  // expected-error @+1 {{'linalg.matmul' op expected operand rank (1) to match the result rank of indexing_map #0 (2)}}
  %0 = linalg.matmul ins(%a, %c : tensor<4xf32>, tensor<4x4xf32>) outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @matmul_args(%a: tensor<4x4xf32>) {
  // expected-error @+2 {{custom op 'linalg.matmul' [parseNamedStructuredOpRegion] ods-gen generated region expects 3 args, got 2}}
  %0 = linalg.matmul ins(%a : tensor<4x4xf32>) outs(%a : tensor<4x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @fill_tensor_input(%a: tensor<4xf32>) {
  // expected-error @+1 {{expected op with scalar input}}
  %0 = linalg.fill ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @map_arity(%a: tensor<4xf32>) {
  // expected-error @+1 {{'linalg.map' op expects number of operands to match the arity of mapper, but got: 1 and 2}}
  %0 = linalg.map ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>)
    (%x: f32, %y: f32) {
      linalg.yield %x : f32
    }
  return
}

// -----

func.func @map_shape(%a: tensor<4xf32>, %b: tensor<5xf32>) {
  // expected-error @+1 {{'linalg.map' op expected shape of input (5) to match shape of output (4)}}
  %0 = linalg.map { arith.negf } ins(%b : tensor<5xf32>) outs(%a : tensor<4xf32>)
  return
}

// -----

func.func @reduce_init(%a: tensor<4x5xf32>, %b: tensor<5xf32>) {
  // expected-error @+1 {{'linalg.reduce' op init dimensions [5] doesn't match input dimensions after reduction [4]}}
  %0 = linalg.reduce { arith.addf } ins(%a : tensor<4x5xf32>) outs(%b : tensor<5xf32>) dimensions = [1]
  return
}

// -----

func.func @reduce_range(%a: tensor<4x5xf32>, %b: tensor<5xf32>) {
  // expected-error @+1 {{'linalg.reduce' op dimensions for reduction should be in the range [0, 1].}}
  %0 = linalg.reduce { arith.addf } ins(%a : tensor<4x5xf32>) outs(%b : tensor<5xf32>) dimensions = [2]
  return
}

// -----

func.func @transpose_perm(%a: tensor<4x5xf32>, %b: tensor<5x4xf32>) {
  // expected-error @+1 {{'linalg.transpose' op permutation is not valid}}
  %0 = linalg.transpose ins(%a : tensor<4x5xf32>) outs(%b : tensor<5x4xf32>) permutation = [1, 1]
  return
}

// -----

func.func @transpose_dim(%a: tensor<4x5xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+1 {{'linalg.transpose' op dim(result, 0) = 4 doesn't match dim(input, permutation[0]) = 5}}
  %0 = linalg.transpose ins(%a : tensor<4x5xf32>) outs(%b : tensor<4x5xf32>) permutation = [1, 0]
  return
}

// -----

func.func @broadcast_rank(%a: tensor<4xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+1 {{'linalg.broadcast' op input rank plus added dimensions does not match init rank. input rank: 1, dimensions size: 0, init rank: 2}}
  %0 = linalg.broadcast ins(%a : tensor<4xf32>) outs(%b : tensor<4x5xf32>) dimensions = []
  return
}

// -----

func.func @broadcast_dim(%a: tensor<4xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+1 {{'linalg.broadcast' op input dim 0 should match init dim 1. input: 4, init: 5}}
  %0 = linalg.broadcast ins(%a : tensor<4xf32>) outs(%b : tensor<4x5xf32>) dimensions = [0]
  return
}

// -----

func.func @iterator_name(%a: tensor<4xf32>) {
  // expected-error @+1 {{unexpected iterator_type (sideways)}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["sideways"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return
}

// -----

func.func @shape_to_loops(%a: tensor<4xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected the shape-to-loops map to be non-null}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return
}

// -----

func.func @symbols(%a: tensor<4xf32>) {
  // expected-error @+1 {{'linalg.generic' op unexpected symbols in indexing_map #0}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0)[s0] -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return
}

// -----

func.func @contraction_body(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{expected add/mul op in the body}}
  %0 = "linalg.matmul"(%a, %a, %a) <{operandSegmentSizes = array<i32: 2, 1>}> ({
  ^bb0(%x: f32, %y: f32, %z: f32):
    %s = arith.subf %x, %y : f32
    linalg.yield %s : f32
  }) : (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @inferred_non_dim(%a: tensor<4xf32>, %b: tensor<8xf32>) {
  // expected-error @+1 {{'linalg.generic' op inferred input/output operand #1 has shape's dimension #0 to be greater than or equal to 11, but found 8}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0 * 2 + 4)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<8xf32>
  return
}

// -----

func.func @negative_index(%a: tensor<4xf32>, %b: tensor<8xf32>) {
  // expected-error @+1 {{'linalg.generic' op unexpected result less than 0 at expression #0 in (d0) -> (d0 - 1)}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0 - 1)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<8xf32>
  return
}

// -----

func.func @outs_scalar(%a: tensor<4xf32>, %f: f32) {
  // expected-error @+1 {{'linalg.generic' op operand #1 must be variadic of shaped of any type values, but got 'f32'}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%f : f32) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

func.func @reduce_order(%a: tensor<4x5xf32>, %b: tensor<f32>) {
  // expected-error @+1 {{'linalg.reduce' op attribute 'dimensions' failed to satisfy constraint: i64 dense array attribute should be in increasing order}}
  %0 = linalg.reduce { arith.addf } ins(%a : tensor<4x5xf32>) outs(%b : tensor<f32>) dimensions = [1, 0]
  return
}

// -----

func.func @vector_outs(%a: tensor<4xf32>, %v: vector<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%v : vector<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    // expected-error @+1 {{'linalg.yield' op type of yield operand 1 ('f32') doesn't match the element type of the enclosing linalg.generic op ('vector<4xf32>')}}
    linalg.yield %x : f32
  }
  return
}

// -----

func.func @yield_outside(%a: f32) {
  // expected-error @+1 {{'linalg.yield' op expected parent op with LinalgOp interface}}
  linalg.yield %a : f32
}

// -----

func.func @reduce_arg_type(%a: tensor<4x5xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'linalg.reduce' op input element type 'f32' does not match corresponding block argument type 'f64'}}
  %0 = linalg.reduce ins(%a : tensor<4x5xf32>) outs(%b : tensor<4xf32>) dimensions = [1]
    (%x: f64, %y: f32) {
      linalg.yield %y : f32
    }
  return
}

// -----

func.func @bad_fun(%a: tensor<4xf32>) {
  // expected-error @+1 {{custom op 'linalg.elemwise_binary' 'linalg.elemwise_binary' op attribute 'fun' failed to satisfy constraint: allowed 32-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %0 = linalg.elemwise_binary {fun = #linalg.unary_fn<exp>} ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @no_iterators(%a: tensor<4xf32>) {
  // expected-error @+1 {{custom op 'linalg.generic' expected "iterator_types" array attribute}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return
}

// -----

func.func @bad_maps(%a: tensor<4xf32>) {
  // expected-error @+1 {{custom op 'linalg.generic' 'linalg.generic' op attribute 'indexing_maps' failed to satisfy constraint: AffineMap array attribute}}
  %0 = linalg.generic {indexing_maps = [1, 2], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return
}

// -----

func.func @wrong_terminator(%a: tensor<4xf32>) {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    // expected-error @+1 {{'tensor.yield' op expects parent op to be one of 'tensor.generate, tensor.pad'}}
    tensor.yield %x : f32
  } -> tensor<4xf32>
  return
}

// -----

func.func @fill_two_outputs(%f: f32, %a: memref<4xf32>) {
  // expected-error @+2 {{custom op 'linalg.fill' [parseNamedStructuredOpRegion] ods-gen generated region expects 2 args, got 3}}
  linalg.fill ins(%f : f32) outs(%a, %a : memref<4xf32>, memref<4xf32>)
  return
}

// -----

func.func @index_type(%m: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%m : memref<4xf32>) {
  ^bb0(%y: f32):
    // expected-error @+1 {{custom op 'linalg.index' invalid kind of type specified}}
    %i = linalg.index 0 : i32
    linalg.yield %y : f32
  }
  return
}

// -----

func.func @map_memref_result(%a: memref<4xf32>) {
  // expected-error @+1 {{'linalg.broadcast' op input rank plus added dimensions does not match init rank. input rank: 1, dimensions size: 1, init rank: 1}}
  linalg.broadcast ins(%a : memref<4xf32>) outs(%a : memref<4xf32>) dimensions = [0]
  return
}

// -----

// The elementwise named ops (linalg.add, linalg.exp, ...).

func.func @add_arity(%a: tensor<4xf32>) {
  // expected-error @+2 {{custom op 'linalg.add' [parseNamedStructuredOpRegion] ods-gen generated region expects 3 args, got 2}}
  %0 = linalg.add ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @select_arity(%c: tensor<4xi1>, %a: tensor<4xf32>) {
  // expected-error @+2 {{custom op 'linalg.select' [parseNamedStructuredOpRegion] ods-gen generated region expects 4 args, got 3}}
  %0 = linalg.select ins(%c, %a : tensor<4xi1>, tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @exp_rank(%a: tensor<4xf32>, %b: tensor<4x4xf32>) {
  // expected-error @+1 {{'linalg.exp' op expected operand rank (1) to match the result rank of indexing_map #0 (2)}}
  %0 = linalg.exp ins(%a : tensor<4xf32>) outs(%b : tensor<4x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @sub_shape(%a: memref<4xf32>, %b: memref<5xf32>) {
  // expected-error @+1 {{'linalg.sub' op inferred input/output operand #1 has shape's dimension #0 to be 4, but found 5}}
  linalg.sub ins(%a, %b : memref<4xf32>, memref<5xf32>) outs(%a : memref<4xf32>)
  return
}

// -----

func.func @mul_result(%a: tensor<4xf32>) {
  // expected-error @+1 {{'linalg.mul' op expected the number of tensor results (0) to be equal to the number of output tensors (1)}}
  linalg.mul ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%a : tensor<4xf32>)
  return
}

// -----

func.func @max_result_type(%a: tensor<4xf32>) {
  // expected-error @+1 {{'linalg.max' op expected type of operand #2 ('tensor<4xf32>') to match type of corresponding result ('tensor<5xf32>')}}
  %0 = linalg.max ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @generic_form(%a: tensor<4xf32>) {
  // expected-error @+1 {{'linalg.abs' op operand count (2) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  %0 = "linalg.abs"(%a, %a) ({
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
