// Test-dialect ops of upstream's canonicalize/CSE tests: test.br and
// test.producing_br (branch operands dropped with dead block arguments),
// test.test_effects_result (allocates and writes its own result: dead when
// unused), test.op_with_memread/memwrite (reads CSE until a write),
// test.graph_region (use before definition: CSE keeps a duplicate whose
// uses were already visited), test.cse_of_single_block_op, and a function
// with type-only arguments whose body spells its entry block. Compared with
// mlir-opt-19.
// RUN: bufopt -allow-unregistered-dialect %s -pass-pipeline='builtin.module(func.func(cse))' > %t.b && mlir-opt-19 -allow-unregistered-dialect %s -pass-pipeline='builtin.module(func.func(cse))' > %t.m && diff -u %t.m %t.b
// RUN: bufopt -allow-unregistered-dialect %s -pass-pipeline='builtin.module(func.func(canonicalize{region-simplify=aggressive},cse))' > %t.b && mlir-opt-19 -allow-unregistered-dialect %s -pass-pipeline='builtin.module(func.func(canonicalize{region-simplify=aggressive},cse))' > %t.m && diff -u %t.m %t.b
// RUN: bufopt -allow-unregistered-dialect %s -pass-pipeline='builtin.module(func.func(cse))' | FileCheck %s --check-prefix=CSE
// RUN: bufopt -allow-unregistered-dialect %s -pass-pipeline='builtin.module(func.func(canonicalize{region-simplify=aggressive},cse))' | FileCheck %s --check-prefix=CANON

// CANON-LABEL: func.func @dead_branch_args
// CANON-NEXT: "test.br"()[^bb1] : () -> ()
// CANON-NEXT: ^bb1:
// CANON-NEXT: "foo.use"(%arg1)
// CANON-LABEL: func.func @effects_result_is_dead
// CANON-NEXT: return
// CSE-LABEL: func.func @reads_cse
// CSE-NEXT: %[[R:.*]] = "test.op_with_memread"
// CSE-NEXT: arith.addi %[[R]], %[[R]]
// CSE-NEXT: "test.op_with_memwrite"
// CSE-NEXT: "test.op_with_memread"
// CSE-LABEL: func.func @graph
// CSE-NEXT: test.graph_region attributes {tag = 1 : i32} {
// CSE-NEXT: arith.addi %c3_i32, %c3_i32_0
// CSE-NEXT: arith.constant 3
// CSE-NEXT: arith.constant 3
// CANON-LABEL: func.func @graph
// CANON-NEXT: %[[C:.*]] = arith.constant 6 : i32
// CANON-NEXT: test.graph_region attributes {tag = 1 : i32} {
// CANON-NEXT: "foo.sink"(%[[C]])
// CSE-LABEL: func.func @single_block
// CSE: %[[OP:.*]] = test.cse_of_single_block_op inputs(%arg0, %arg1) {
// CSE-NEXT: ^bb0(%arg2: f32, %arg3: f32):
// CSE-NEXT: test.region_yield %arg2 : f32
// CSE-NEXT: } : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
// CSE-NEXT: return %[[OP]], %[[OP]]
// CSE-LABEL: func.func @type_only_args(%arg0: i32, %arg1: i32) -> i32 {
// CSE-NEXT: %[[S:.*]] = arith.addi %arg0, %arg1
// CSE-NEXT: arith.muli %[[S]], %[[S]]
func.func @dead_branch_args(%a: f32, %b: i32) {
  "test.br"(%a, %b)[^bb1] : (f32, i32) -> ()
^bb1(%x: f32, %y: i32):
  "foo.use"(%y) : (i32) -> ()
  return
}
func.func @effects_result_is_dead() {
  %0 = "test.test_effects_result"() : () -> i32
  return
}
func.func @reads_cse() -> i32 {
  %0 = "test.op_with_memread"() : () -> i32
  %1 = "test.op_with_memread"() : () -> i32
  %2 = arith.addi %0, %1 : i32
  "test.op_with_memwrite"() : () -> ()
  %3 = "test.op_with_memread"() : () -> i32
  %4 = arith.addi %2, %3 : i32
  return %4 : i32
}
func.func @graph(%arg0: i32) {
  test.graph_region attributes {tag = 1 : i32} {
    %s = arith.addi %c, %d : i32
    %c = arith.constant 3 : i32
    %d = arith.constant 3 : i32
    "foo.sink"(%s) : (i32) -> ()
  }
  return
}
func.func @single_block(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = test.cse_of_single_block_op inputs(%a, %b) {
  ^bb0(%x: f32, %y: f32):
    test.region_yield %x : f32
  } : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %1 = test.cse_of_single_block_op inputs(%a, %b) {
  ^bb0(%x: f32, %y: f32):
    test.region_yield %x : f32
  } : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
func.func @type_only_args(i32, i32) -> i32 {
^bb0(%p: i32, %q: i32):
  %0 = arith.addi %p, %q : i32
  %1 = arith.addi %p, %q : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
