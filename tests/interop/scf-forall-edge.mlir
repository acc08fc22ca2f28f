// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

func.func @edge(%n: index, %t: tensor<8xf32>, %c: i1) -> (tensor<8xf32>, i32, f32) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %r = scf.forall (%i) = (%c2) to (%n) step (%c2) shared_outs(%o = %t) -> tensor<8xf32> {
    %s = tensor.extract_slice %o[%i] [1] [1] : tensor<8xf32> to tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [1] [1] : tensor<1xf32> into tensor<8xf32>
    }
  } {mapping = [#gpu.block<x>]}
  scf.forall (%i, %j, %k) in (2, %n, 3) {
    scf.forall (%a) = (1) to (%n) step (%c2) {
      "test.use"(%a, %i, %j, %k) : (index, index, index, index) -> ()
    }
  }
  %x:2 = scf.index_switch %n -> i32, f32
  case 0 {
    %a = arith.constant 1 : i32
    %b = arith.constant 1.0 : f32
    scf.yield %a, %b : i32, f32
  }
  default {
    %a = arith.constant 2 : i32
    %b = arith.constant 2.0 : f32
    scf.yield %a, %b : i32, f32
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c2, %c2) {
    scf.if %c {
      scf.parallel (%k) = (%i) to (%j) step (%c2) {
        "test.use"(%k) : (index) -> ()
      }
    }
  }
  return %r, %x#0, %x#1 : tensor<8xf32>, i32, f32
}
