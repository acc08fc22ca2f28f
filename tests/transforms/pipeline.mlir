// RUN: bufopt --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(canonicalize,cse))' %s | FileCheck %s
// RUN: bufopt --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(canonicalize,cse))' %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(canonicalize,cse))' %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --canonicalize --cse %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --canonicalize --cse %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --cse --mlir-pass-statistics %s 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS

// STATS:      ... Pass statistics report ...
// STATS:      {{^}}CSE{{$}}
// STATS-NEXT: {{^}}  (S) 2 num-cse'd - Number of operations CSE'd{{$}}
// STATS-NEXT: {{^}}  (S) 1 num-dce'd - Number of operations DCE'd{{$}}

// Folding exposes common subexpressions that CSE then removes.
// CHECK-LABEL: func.func @fold_then_cse
// CHECK-NEXT:    %[[C:.*]] = arith.constant 6 : i32
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg0, %[[C]] : i32
// CHECK-NEXT:    "foo.sink"(%[[A]], %[[A]])
func.func @fold_then_cse(%a: i32) {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c6 = arith.constant 6 : i32
  %m = arith.muli %c2, %c3 : i32
  %x = arith.addi %a, %m : i32
  %y = arith.addi %a, %c6 : i32
  %dead = arith.subi %x, %y : i32
  "foo.sink"(%x, %y) : (i32, i32) -> ()
  return
}

// CHECK-LABEL: func.func @plain_cse
func.func @plain_cse(%a: i32) -> (i32, i32) {
  %0 = arith.muli %a, %a : i32
  %1 = arith.muli %a, %a : i32
  return %0, %1 : i32, i32
}
