// Liveness printed exactly as mlir-opt-19's test pass (unregistered ops
// print in generic form in both tools).
// RUN: bufopt %s --allow-unregistered-dialect -split-input-file -pass-pipeline="builtin.module(func.func(test-print-liveness))" 2>&1 | FileCheck %s
// RUN: bufopt %s --allow-unregistered-dialect -split-input-file --test-print-liveness > %t.ours 2>&1
// RUN: mlir-opt-19 %s --allow-unregistered-dialect -split-input-file -pass-pipeline="builtin.module(func.func(test-print-liveness))" 2>&1 | diff %t.ours -

// A diamond: %a is used in both arms and at the join, %b only in one arm.
// CHECK-LABEL: Testing : diamond
// CHECK: // - Block: 0
// CHECK-NEXT: {{.*}} LiveIn: {{$}}
// CHECK-NEXT: {{.*}} LiveOut: arg0@0 val_1 val_2 {{$}}
// CHECK: // - Block: 1
// CHECK-NEXT: {{.*}} LiveIn: arg0@0 val_1 val_2 {{$}}
// CHECK-NEXT: {{.*}} LiveOut: val_1 {{$}}
// CHECK: // - Block: 3
// CHECK-NEXT: {{.*}} LiveIn: val_1 {{$}}
// CHECK-NEXT: {{.*}} LiveOut: {{$}}
func.func @diamond(%c: i1) {
  %a = "test.def"() : () -> i32
  %b = "test.def"() : () -> i32
  "test.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  "test.use"(%b, %c) : (i32, i1) -> ()
  "test.br"()[^bb3] : () -> ()
^bb2:
  "test.br"()[^bb3] : () -> ()
^bb3:
  "test.use"(%a) : (i32) -> ()
  "test.return"() : () -> ()
}

// -----

// Nested loops with block arguments: the outer induction value is live
// around the inner loop.
// CHECK-LABEL: Testing : nested_loops
// CHECK: // - Block: 2
// CHECK-NEXT: {{.*}} LiveIn: arg0@0 val_1 arg0@1 {{$}}
// CHECK-NEXT: {{.*}} LiveOut: arg0@0 val_1 arg0@1 {{$}}
func.func @nested_loops(%n: i32) {
  %z = "test.def"() : () -> i32
  "test.br"(%z)[^outer] : (i32) -> ()
^outer(%i: i32):
  "test.br"(%z)[^inner] : (i32) -> ()
^inner(%j: i32):
  %j1 = "test.add"(%i, %j) : (i32, i32) -> i32
  %c = "test.cmp"(%j1, %n) : (i32, i32) -> i1
  "test.cond_br"(%c, %j1)[^inner, ^latch] : (i1, i32) -> ()
^latch:
  %i1 = "test.add"(%i, %n) : (i32, i32) -> i32
  %d = "test.cmp"(%i1, %n) : (i32, i32) -> i1
  "test.cond_br"(%d, %i1)[^outer, ^exit] : (i1, i32) -> ()
^exit:
  "test.return"() : () -> ()
}

// -----

// A loop with an early exit, values used in nested regions, and an
// unreachable block that uses a value of the entry block.
// CHECK-LABEL: Testing : early_exit_regions
// CHECK: // - Block: 0
// CHECK: {{.*}} LiveOut: arg0@0 arg1@0 val_2 {{$}}
func.func @early_exit_regions(%c: i1, %m: i32) {
  %v = "test.def"() : () -> i32
  "test.br"()[^header] : () -> ()
^header:
  "test.cond_br"(%c)[^body, ^exit] : (i1) -> ()
^body:
  %r = "test.region"() ({
    "test.use"(%v) : (i32) -> ()
    "test.region"() ({
      "test.use"(%m) : (i32) -> ()
      "test.yield"() : () -> ()
    }) : () -> ()
    "test.yield"(%m) : (i32) -> ()
  }) : () -> i32
  "test.cond_br"(%c)[^header, ^early] : (i1) -> ()
^early:
  "test.use"(%r) : (i32) -> ()
  "test.return"() : () -> ()
^exit:
  "test.return"() : () -> ()
^dead:
  "test.use"(%v) : (i32) -> ()
  "test.return"() : () -> ()
}

// -----

// Multi-block nested region: values flow across the nested CFG.
// CHECK-LABEL: Testing : nested_cfg
func.func @nested_cfg(%c: i1, %x: i32) {
  "test.region"() ({
  ^entry:
    %y = "test.def"() : () -> i32
    "test.cond_br"(%c)[^l, ^r] : (i1) -> ()
  ^l:
    "test.use"(%x) : (i32) -> ()
    "test.br"()[^join] : () -> ()
  ^r:
    "test.br"()[^join] : () -> ()
  ^join:
    "test.use"(%y) : (i32) -> ()
    "test.yield"() : () -> ()
  }) : () -> ()
  "test.return"() : () -> ()
}
