// Blocks 39 and 40 of ../shared/spec/bufferization-dialect-conversion-and-deallocation.md (the
// linalg.generic examples), updated as in dialect-conversion-and-deallocation.mlir. bufopt does not
// register the linalg dialect yet, so linalg.generic/linalg.yield are written in generic form
// (args_in/args_out dropped, the snippet's undefined #map0 defined as the identity map, exp is
// math.exp, the old "linalg.copy" is memref.copy). mlir-opt-19 prints linalg in custom form, so the
// outputs are not byte-identical; instead mlir-opt-19 must accept bufopt's output and print it the
// same way it prints the input. (The custom-syntax versions are in pending-linalg.txt.)
// RUN: bufopt -split-input-file --allow-unregistered-dialect %s | mlir-opt-19 -split-input-file --allow-unregistered-dialect > /dev/null
// RUN: bufopt -split-input-file --allow-unregistered-dialect %s | mlir-opt-19 -split-input-file --allow-unregistered-dialect > %t.b && mlir-opt-19 -split-input-file --allow-unregistered-dialect %s > %t.m && diff -u %t.m %t.b

// Snippet 39 (line 1109).
#map0 = affine_map<(d0) -> (d0)>
func.func @reuseTarget(%arg0: memref<2xf32>, %result: memref<2xf32>){
  %temp = memref.alloc() : memref<2xf32>
  "linalg.generic"(%arg0, %temp) <{
    indexing_maps = [#map0, #map0],
    iterator_types = [#linalg.iterator_type<parallel>],
    operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%gen2_arg0: f32, %gen2_arg1: f32):
    %tmp2 = math.exp %gen2_arg0 : f32
    "linalg.yield"(%tmp2) : (f32) -> ()
  }) : (memref<2xf32>, memref<2xf32>) -> ()
  memref.copy %temp, %result : memref<2xf32> to memref<2xf32>
  memref.dealloc %temp : memref<2xf32>
  return
}

// -----

// Snippet 40 (line 1129).
#map0 = affine_map<(d0) -> (d0)>
func.func @reuseTarget(%arg0: memref<2xf32>, %result: memref<2xf32>){
  "linalg.generic"(%arg0, %result) <{
    indexing_maps = [#map0, #map0],
    iterator_types = [#linalg.iterator_type<parallel>],
    operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%gen2_arg0: f32, %gen2_arg1: f32):
    %tmp2 = math.exp %gen2_arg0 : f32
    "linalg.yield"(%tmp2) : (f32) -> ()
  }) : (memref<2xf32>, memref<2xf32>) -> ()
  return
}
