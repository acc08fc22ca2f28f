// Custom syntax of the bufferization dialect: optional groups and unit
// keywords, inferred result types, and the properties of the generic form.
// Bufferization ops give no result-name hints: results print as %N.
// RUN: bufopt %s -split-input-file | FileCheck %s
// RUN: bufopt %s -split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @alloc_tensor
// CHECK: %0 = bufferization.alloc_tensor() : tensor<4xf32>
// CHECK: %1 = bufferization.alloc_tensor() copy(%arg0) size_hint=%arg1 {memory_space = 2 : i64} : tensor<?xf32>
// GENERIC-LABEL: sym_name = "alloc_tensor"
// GENERIC: "bufferization.alloc_tensor"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> tensor<4xf32>
// GENERIC: "bufferization.alloc_tensor"(%arg0, %arg1) <{memory_space = 2 : i64, operandSegmentSizes = array<i32: 0, 1, 1>}> : (tensor<?xf32>, index) -> tensor<?xf32>
func.func @alloc_tensor(%t: tensor<?xf32>, %n: index) {
  %0 = bufferization.alloc_tensor() : tensor<4xf32>
  %1 = "bufferization.alloc_tensor"(%t, %n) <{memory_space = 2 : i64, operandSegmentSizes = array<i32: 0, 1, 1>}> : (tensor<?xf32>, index) -> tensor<?xf32>
  return
}

// -----

// The tensor type of to_tensor and to_memref is derived from the memref
// type: layout and memory space are dropped.
// CHECK-LABEL: func.func @conversions
// CHECK: %0 = bufferization.to_tensor %arg0 restrict writable : memref<4xf32, strided<[2]>, 3>
// CHECK: %1 = bufferization.to_memref %0 read_only : memref<4xf32, 1>
// GENERIC-LABEL: sym_name = "conversions"
// GENERIC: "bufferization.to_tensor"(%arg0) <{restrict, writable}> : (memref<4xf32, strided<[2]>, 3>) -> tensor<4xf32>
// GENERIC: "bufferization.to_memref"(%0) <{read_only}> : (tensor<4xf32>) -> memref<4xf32, 1>
func.func @conversions(%m: memref<4xf32, strided<[2]>, 3>) {
  %0 = bufferization.to_tensor %m restrict writable : memref<4xf32, strided<[2]>, 3>
  %1 = bufferization.to_memref %0 read_only : memref<4xf32, 1>
  return
}

// -----

// dealloc: both optional groups, either one, or none; one i1 result per
// retained value.
// CHECK-LABEL: func.func @dealloc
// CHECK: %0:2 = bufferization.dealloc (%arg0 : memref<2xf32>) if (%arg2) retain (%arg1, %arg0 : memref<4xi8>, memref<2xf32>)
// CHECK: bufferization.dealloc (%arg0, %arg1 : memref<2xf32>, memref<4xi8>) if (%arg2, %arg2){{$}}
// CHECK: %1 = bufferization.dealloc retain (%arg1 : memref<4xi8>){{$}}
// CHECK: bufferization.dealloc{{$}}
// CHECK: bufferization.dealloc {tag}{{$}}
// GENERIC-LABEL: sym_name = "dealloc"
// GENERIC: "bufferization.dealloc"(%arg0, %arg2, %arg1, %arg0) <{operandSegmentSizes = array<i32: 1, 1, 2>}> : (memref<2xf32>, i1, memref<4xi8>, memref<2xf32>) -> (i1, i1)
// GENERIC: "bufferization.dealloc"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> {tag} : () -> ()
func.func @dealloc(%a: memref<2xf32>, %b: memref<4xi8>, %c: i1) {
  %0:2 = bufferization.dealloc (%a : memref<2xf32>) if (%c) retain (%b, %a : memref<4xi8>, memref<2xf32>)
  bufferization.dealloc (%a, %b : memref<2xf32>, memref<4xi8>) if (%c, %c)
  %1 = bufferization.dealloc retain (%b : memref<4xi8>)
  bufferization.dealloc
  bufferization.dealloc {tag}
  return
}

// -----

// CHECK-LABEL: func.func @materialize
// CHECK: %0 = bufferization.materialize_in_destination %arg0 in %arg0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK: bufferization.materialize_in_destination %arg0 in restrict writable %arg1 : (tensor<4xf32>, memref<4xf32>) -> ()
// CHECK: bufferization.dealloc_tensor %0 : tensor<4xf32>
// CHECK: %1 = bufferization.clone %arg1 : memref<4xf32> to memref<4xf32>
func.func @materialize(%t: tensor<4xf32>, %m: memref<4xf32>) {
  %0 = bufferization.materialize_in_destination %t in %t : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  bufferization.materialize_in_destination %t in restrict writable %m : (tensor<4xf32>, memref<4xf32>) -> ()
  bufferization.dealloc_tensor %0 : tensor<4xf32>
  %1 = bufferization.clone %m : memref<4xf32> to memref<4xf32>
  return
}
