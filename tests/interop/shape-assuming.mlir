// The shape subset: shape.assuming with and without results (implicit
// terminator elided), attributes, and its yield; plus the verifier of the
// yielded types.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

func.func @f(%w: !shape.witness, %m: memref<2xf32>) -> memref<2xf32> {
  shape.assuming %w {
    "test.read_buffer"(%m) : (memref<2xf32>) -> ()
  }
  %r = shape.assuming %w -> memref<2xf32> {
    shape.assuming_yield %m : memref<2xf32>
  } {foo}
  %s:2 = shape.assuming %w -> (memref<2xf32>, i1) {
    %t = arith.constant true
    shape.assuming_yield %m, %t : memref<2xf32>, i1
  }
  return %r : memref<2xf32>
}
