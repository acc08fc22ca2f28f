// scf.index_switch on a constant is the matching case's body, or the
// default region's (FoldConstantCase), as mlir-opt-19 does it.
// RUN: bufopt %s --allow-unregistered-dialect --canonicalize --cse --split-input-file | FileCheck %s
// RUN: bufopt %s --allow-unregistered-dialect --canonicalize --cse --split-input-file | mlir-opt-19 --allow-unregistered-dialect --split-input-file -o /dev/null

// CHECK-LABEL: func.func @switch_constant_case(%arg0: i32, %arg1: i32) -> (i32, i32) {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT: return %0, %1 : i32, i32
// CHECK-NEXT: }
func.func @switch_constant_case(%a: i32, %b: i32) -> (i32, i32) {
  %c3 = arith.constant 3 : index
  %0 = scf.index_switch %c3 -> i32
  case 1 {
    scf.yield %a : i32
  }
  case 3 {
    %s = arith.addi %a, %b : i32
    scf.yield %s : i32
  }
  default {
    scf.yield %b : i32
  }
  %c7 = arith.constant 7 : index
  %1 = scf.index_switch %c7 -> i32
  case 1 {
    scf.yield %a : i32
  }
  default {
    %m = arith.muli %a, %b : i32
    scf.yield %m : i32
  }
  return %0, %1 : i32, i32
}

// -----

// CHECK-LABEL: func.func @switch_no_results(%arg0: index) {
// CHECK-NEXT: "test.first"() : () -> ()
// CHECK-NEXT: scf.index_switch %arg0
// CHECK-NEXT: case 0 {
// CHECK-NEXT: "test.kept"() : () -> ()
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @switch_no_results(%i: index) {
  %c0 = arith.constant 0 : index
  scf.index_switch %c0
  case 0 {
    "test.first"() : () -> ()
    scf.yield
  }
  default {
    "test.other"() : () -> ()
  }
  scf.index_switch %i
  case 0 {
    "test.kept"() : () -> ()
    scf.yield
  }
  default {
  }
  return
}
