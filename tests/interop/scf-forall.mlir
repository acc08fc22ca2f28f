// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

func.func @forall_norm(%n: index, %t: tensor<16xf32>, %u: tensor<8x8xf32>) -> (tensor<16xf32>, tensor<8x8xf32>) {
  %r:2 = scf.forall (%i, %j) in (%n, 4) shared_outs(%o = %t, %p = %u) -> (tensor<16xf32>, tensor<8x8xf32>) {
    %s = tensor.extract_slice %o[%i] [2] [1] : tensor<16xf32> to tensor<2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [2] [1] : tensor<2xf32> into tensor<16xf32>
      tensor.parallel_insert_slice %s into %o[%j] [2] [1] : tensor<2xf32> into tensor<16xf32>
    }
  } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
  return %r#0, %r#1 : tensor<16xf32>, tensor<8x8xf32>
}

func.func @forall_bounds(%lb: index, %ub: index, %st: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.forall (%i, %j) = (%lb, 2) to (%ub, 10) step (%st, 3) {
    "test.use"(%i, %j) : (index, index) -> ()
  }
  scf.forall (%i) = (%c0) to (%ub) step (%c1) {
    "test.use"(%i) : (index) -> ()
  }
  scf.forall (%i) = (0) to (8) step (1) {
    "test.use"(%i) : (index) -> ()
  } {some.attr}
  scf.forall () in () {
  }
  return
}
