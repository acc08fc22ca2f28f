// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// Calls between functions passing tensors and memrefs, with casts that
// fold and a private helper.
func.func private @helper(%t: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %t, %c0 : tensor<?xf32>
  %e = tensor.empty(%d) : tensor<?xf32>
  %one = arith.constant 1.0 : f32
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %d step %c1 iter_args(%acc = %e) -> tensor<?xf32> {
    %x = tensor.extract %t[%i] : tensor<?xf32>
    %y = arith.addf %x, %one : f32
    %w = tensor.insert %y into %acc[%i] : tensor<?xf32>
    scf.yield %w : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

func.func @caller(%t: tensor<8xf32>) -> tensor<8xf32> {
  %c = tensor.cast %t : tensor<8xf32> to tensor<?xf32>
  %r = call @helper(%c) : (tensor<?xf32>) -> tensor<?xf32>
  %r2 = call @helper(%r) : (tensor<?xf32>) -> tensor<?xf32>
  %back = tensor.cast %r2 : tensor<?xf32> to tensor<8xf32>
  return %back : tensor<8xf32>
}

func.func @buffer_caller(%m: memref<8xf32>) -> f32 {
  %c3 = arith.constant 3 : index
  %cast = memref.cast %m : memref<8xf32> to memref<?xf32>
  %v = memref.load %cast[%c3] : memref<?xf32>
  %x = call @scale(%v) : (f32) -> f32
  return %x : f32
}

func.func private @scale(%x: f32) -> f32 {
  %two = arith.constant 2.0 : f32
  %one = arith.constant 1.0 : f32
  %y = arith.mulf %x, %two : f32
  %z = arith.mulf %y, %one : f32
  return %z : f32
}
