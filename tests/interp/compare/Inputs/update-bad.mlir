// Wrong bufferization of update-tensor.mlir: the copy before the in-place
// write is missing, so the "old" element read afterwards is the new one.
func.func @update(%t: memref<4xf32>) -> (memref<4xf32>, f32) {
  %c1 = arith.constant 1 : index
  %ten = arith.constant 10.0 : f32
  memref.store %ten, %t[%c1] : memref<4xf32>
  %old = memref.load %t[%c1] : memref<4xf32>
  %x = memref.load %t[%c1] : memref<4xf32>
  %s = arith.addf %old, %x : f32
  return %t, %s : memref<4xf32>, f32
}

func.func @main(%t: memref<4xf32>) -> (memref<4xf32>, f32) {
  %r:2 = call @update(%t) : (memref<4xf32>) -> (memref<4xf32>, f32)
  return %r#0, %r#1 : memref<4xf32>, f32
}
