// The MLIR snippets of ../shared/spec/bufferization-one-shot-and-ownership.md, updated to today's
// syntax and completed into functions (free SSA names become arguments; linalg is written in generic
// form until that dialect is registered). bufopt must parse them and print text mlir-opt-19 accepts.
// RUN: bufopt -split-input-file --allow-unregistered-dialect %s | mlir-opt-19 -split-input-file --allow-unregistered-dialect > /dev/null

// Snippet 1.
func.func @s1(%sz: index) -> tensor<?xf32> {
  %0 = tensor.generate %sz {
  ^bb0(%i : index):
    %cst = arith.constant 0.0 : f32
    tensor.yield %cst : f32
  } : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// Snippet 2 (linalg in generic form until the dialect is registered).
#map = affine_map<(i) -> (i)>
func.func @s2(%t: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "linalg.generic"(%t) <{indexing_maps = [#map], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 0, 1>}> ({
  ^bb0(%arg0 : f32):
    %cst = arith.constant 0.0 : f32
    "linalg.yield"(%cst) : (f32) -> ()
  }) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// Snippet 3.
#map = affine_map<(i) -> (i)>
func.func @s3(%s: tensor<?xf32>, %idx: index, %sz: index) -> tensor<?xf32> {
  %t = tensor.extract_slice %s [%idx] [%sz] [1] : tensor<?xf32> to tensor<?xf32>
  %0 = "linalg.generic"(%t) <{indexing_maps = [#map], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 0, 1>}> ({
  ^bb0(%arg0 : f32):
    "linalg.yield"(%arg0) : (f32) -> ()
  }) : (tensor<?xf32>) -> tensor<?xf32>
  %1 = tensor.insert_slice %0 into %s [%idx] [%sz] [1]
      : tensor<?xf32> into tensor<?xf32>
  return %1 : tensor<?xf32>
}

// -----

// Snippet 4.
func.func @s4(%t: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "my_dialect.some_op"(%t) : (tensor<?xf32>) -> (tensor<?xf32>)
  %1 = "my_dialect.another_op"(%0) : (tensor<?xf32>) -> (tensor<?xf32>)
  %2 = "my_dialect.yet_another_op"(%1) : (tensor<?xf32>) -> (tensor<?xf32>)
  return %2 : tensor<?xf32>
}

// -----

// Snippet 5.
func.func @s5(%t: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "my_dialect.some_op"(%t) : (tensor<?xf32>) -> (tensor<?xf32>)
  %1 = "my_dialect.another_op"(%0) : (tensor<?xf32>) -> (tensor<?xf32>)
  %2 = "my_dialect.yet_another_op"(%0) : (tensor<?xf32>) -> (tensor<?xf32>)
  return %2 : tensor<?xf32>
}

// -----

// Snippet 6.
func.func @s6(%c: i1, %sz: index, %another_tensor: tensor<?xf32>) -> tensor<?xf32> {
  %0 = scf.if %c -> (tensor<?xf32>) {
    %1 = tensor.generate %sz {
    ^bb0(%i : index):
      %cst = arith.constant 0.0 : f32
      tensor.yield %cst : f32
    } : tensor<?xf32>
    scf.yield %1 : tensor<?xf32>
  } else {
    scf.yield %another_tensor : tensor<?xf32>
  }
  return %0 : tensor<?xf32>
}

// -----

// Snippet 7.
func.func @s7(%c: i1, %cst: f32, %idx: index, %another_tensor: tensor<?xf32>, %yet_another_tensor: tensor<?xf32>) -> tensor<?xf32> {
  %0 = scf.if %c -> (tensor<?xf32>) {
    %1 = tensor.insert %cst into %another_tensor[%idx] : tensor<?xf32>
    "my_dialect.reading_tensor_op"(%another_tensor) : (tensor<?xf32>) -> ()
    scf.yield %1 : tensor<?xf32>
  } else {
    scf.yield %yet_another_tensor : tensor<?xf32>
  }
  return %0 : tensor<?xf32>
}

// -----

// Snippet 8.
func.func @example(%memref: memref<?xi8>, %select_cond: i1, %br_cond: i1, %n: index) {
  %alloc = memref.alloc(%n) : memref<?xi8>
  %alloca = memref.alloca(%n) : memref<?xi8>
  %select = arith.select %select_cond, %alloc, %alloca : memref<?xi8>
  cf.cond_br %br_cond, ^bb1(%alloc : memref<?xi8>), ^bb1(%memref : memref<?xi8>)
^bb1(%bbarg: memref<?xi8>):
  test.copy(%bbarg, %select) : (memref<?xi8>, memref<?xi8>)
  return
}

// -----

// Snippet 9 (the ownership-based deallocation of snippet 8).
func.func @example(%memref: memref<?xi8>, %select_cond: i1, %br_cond: i1, %n: index) {
  %false = arith.constant false
  %true = arith.constant true
  %alloc = memref.alloc(%n) : memref<?xi8>
  %alloca = memref.alloca(%n) : memref<?xi8>
  %select = arith.select %select_cond, %alloc, %alloca : memref<?xi8>
  %base_buffer_memref, %o0, %s0, %st0 = memref.extract_strided_metadata %memref
    : memref<?xi8> -> memref<i8>, index, index, index
  %base_buffer_alloc, %o1, %s1, %st1 = memref.extract_strided_metadata %alloc
    : memref<?xi8> -> memref<i8>, index, index, index
  %base_buffer_alloca, %o2, %s2, %st2 = memref.extract_strided_metadata %alloca
    : memref<?xi8> -> memref<i8>, index, index, index
  %not_br_cond = arith.xori %true, %br_cond : i1
  %10:2 = bufferization.dealloc
           (%base_buffer_memref, %base_buffer_alloc, %base_buffer_alloca
             : memref<i8>, memref<i8>, memref<i8>)
        if (%false, %br_cond, %false)
    retain (%alloc, %select : memref<?xi8>, memref<?xi8>)
  %11:2 = bufferization.dealloc
           (%base_buffer_memref, %base_buffer_alloc, %base_buffer_alloca
             : memref<i8>, memref<i8>, memref<i8>)
        if (%false, %not_br_cond, %false)
    retain (%memref, %select : memref<?xi8>, memref<?xi8>)
  %new_ownership = arith.select %br_cond, %10#1, %11#1 : i1
  cf.cond_br %br_cond, ^bb1(%alloc, %10#0 : memref<?xi8>, i1),
                       ^bb1(%memref, %11#0 : memref<?xi8>, i1)
^bb1(%13: memref<?xi8>, %14: i1):  // 2 preds: ^bb0, ^bb0
  test.copy(%13, %select) : (memref<?xi8>, memref<?xi8>)
  %base_buffer_13, %o3, %s3, %st3 = memref.extract_strided_metadata %13
    : memref<?xi8> -> memref<i8>, index, index, index
  %base_buffer_select, %o4, %s4, %st4 = memref.extract_strided_metadata %select
    : memref<?xi8> -> memref<i8>, index, index, index
  bufferization.dealloc (%base_buffer_13, %base_buffer_select
                          : memref<i8>, memref<i8>)
                     if (%14, %new_ownership)
  return
}

// -----

// Snippets 10 and 11.
func.func @s10(%arg0: memref<2xf32>, %arg1: i1) {
  bufferization.dealloc (%arg0 : memref<2xf32>) if (%arg1)
  scf.if %arg1 {
    memref.dealloc %arg0 : memref<2xf32>
  }
  return
}

// -----

// Snippets 12 and 13 (the dealloc and its lowering).
func.func @s12(%m: memref<2xf32>, %cond: i1, %r0: memref<1xf32>, %r1: memref<2xf32>) -> (i1, i1) {
  %0:2 = bufferization.dealloc (%m : memref<2xf32>) if (%cond)
                        retain (%r0, %r1 : memref<1xf32>, memref<2xf32>)
  return %0#0, %0#1 : i1, i1
}
func.func @s13(%m: memref<2xf32>, %cond: i1, %r0: memref<1xf32>, %r1: memref<2xf32>) -> (i1, i1) {
  %m_base_pointer = memref.extract_aligned_pointer_as_index %m : memref<2xf32> -> index
  %r0_base_pointer = memref.extract_aligned_pointer_as_index %r0 : memref<1xf32> -> index
  %r0_does_not_alias = arith.cmpi ne, %m_base_pointer, %r0_base_pointer : index
  %r1_base_pointer = memref.extract_aligned_pointer_as_index %r1 : memref<2xf32> -> index
  %r1_does_not_alias = arith.cmpi ne, %m_base_pointer, %r1_base_pointer : index
  %not_retained = arith.andi %r0_does_not_alias, %r1_does_not_alias : i1
  %should_dealloc = arith.andi %not_retained, %cond : i1
  scf.if %should_dealloc {
    memref.dealloc %m : memref<2xf32>
  }
  %true = arith.constant true
  %r0_does_alias = arith.xori %r0_does_not_alias, %true : i1
  %r0_ownership = arith.andi %r0_does_alias, %cond : i1
  %r1_does_alias = arith.xori %r1_does_not_alias, %true : i1
  %r1_ownership = arith.andi %r1_does_alias, %cond : i1
  return %r0_ownership, %r1_ownership : i1, i1
}

// -----

// Snippets 14 and 15 (to_memref with a fully dynamic layout).
func.func @s14(%t: tensor<?x?xf32>, %idx1: index, %idx2: index) -> (f32, f32) {
  %0 = "my_dialect.unbufferizable_op"(%t) : (tensor<?x?xf32>) -> (tensor<?x?xf32>)
  %1 = tensor.extract %0[%idx1, %idx2] : tensor<?x?xf32>
  %m0 = bufferization.to_memref %0 : memref<?x?xf32, strided<[?, ?], offset: ?>>
  %2 = memref.load %m0[%idx1, %idx2] : memref<?x?xf32, strided<[?, ?], offset: ?>>
  return %1, %2 : f32, f32
}
