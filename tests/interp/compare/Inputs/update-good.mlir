// Correct bufferization of update-tensor.mlir: the write goes to a copy of
// the argument buffer, so the old element is still there to be read.
func.func @update(%t: memref<4xf32>) -> (memref<4xf32>, f32) {
  %c1 = arith.constant 1 : index
  %ten = arith.constant 10.0 : f32
  %alloc = memref.alloc() : memref<4xf32>
  memref.copy %t, %alloc : memref<4xf32> to memref<4xf32>
  memref.store %ten, %alloc[%c1] : memref<4xf32>
  %old = memref.load %t[%c1] : memref<4xf32>
  %x = memref.load %alloc[%c1] : memref<4xf32>
  %s = arith.addf %old, %x : f32
  return %alloc, %s : memref<4xf32>, f32
}

func.func @main(%t: memref<4xf32>) -> (memref<4xf32>, f32) {
  %r:2 = call @update(%t) : (memref<4xf32>) -> (memref<4xf32>, f32)
  return %r#0, %r#1 : memref<4xf32>, f32
}
