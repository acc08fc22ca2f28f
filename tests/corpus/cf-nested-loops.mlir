// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// Two nested unstructured loops over a 2-D memref computing row sums.
func.func @row_sums(%m: memref<?x?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %rows = memref.dim %m, %c0 : memref<?x?xf32>
  %cols = memref.dim %m, %c1 : memref<?x?xf32>
  cf.br ^outer(%c0 : index)
^outer(%i: index):
  %oc = arith.cmpi slt, %i, %rows : index
  cf.cond_br %oc, ^inner_init, ^exit
^inner_init:
  cf.br ^inner(%c0, %zero : index, f32)
^inner(%j: index, %acc: f32):
  %ic = arith.cmpi slt, %j, %cols : index
  cf.cond_br %ic, ^inner_body, ^inner_exit
^inner_body:
  %v = memref.load %m[%i, %j] : memref<?x?xf32>
  %s = arith.addf %acc, %v : f32
  %j1 = arith.addi %j, %c1 : index
  cf.br ^inner(%j1, %s : index, f32)
^inner_exit:
  memref.store %acc, %out[%i] : memref<?xf32>
  %i1 = arith.addi %i, %c1 : index
  cf.br ^outer(%i1 : index)
^exit:
  return
}
