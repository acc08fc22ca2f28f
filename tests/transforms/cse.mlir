// RUN: bufopt --allow-unregistered-dialect --cse %s | FileCheck %s
// RUN: bufopt --allow-unregistered-dialect --cse %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --cse %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --cse --mlir-print-op-generic %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --cse --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b

// Equal pure ops fold into the first; commutative operands are compared
// unordered.
// CHECK-LABEL: func.func @simple
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT:    return %[[M]], %[[M]] : i32, i32
func.func @simple(%a: i32, %b: i32) -> (i32, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b : i32
  %2 = arith.addi %b, %a : i32
  %3 = arith.muli %0, %1 : i32
  %4 = arith.muli %1, %2 : i32
  return %3, %4 : i32, i32
}

// Different attributes or result types keep ops apart.
// CHECK-LABEL: func.func @attrs
// CHECK: arith.cmpi slt
// CHECK: arith.cmpi sgt
// CHECK: arith.index_cast %{{.*}} : index to i32
// CHECK: arith.index_cast %{{.*}} : index to i64
func.func @attrs(%a: i32, %i: index) -> (i1, i1, i1, i32, i64) {
  %0 = arith.cmpi slt, %a, %a : i32
  %1 = arith.cmpi sgt, %a, %a : i32
  %2 = arith.cmpi slt, %a, %a : i32
  %3 = arith.index_cast %i : index to i32
  %4 = arith.index_cast %i : index to i64
  return %0, %1, %2, %3, %4 : i1, i1, i1, i32, i64
}

// Ops of unknown effect (unregistered) are never merged.
// CHECK-LABEL: func.func @unknown_effects
// CHECK-NEXT: "foo.op"
// CHECK-NEXT: "foo.op"
func.func @unknown_effects(%a: i32) -> (i32, i32) {
  %0 = "foo.op"(%a) : (i32) -> i32
  %1 = "foo.op"(%a) : (i32) -> i32
  return %0, %1 : i32, i32
}

// Unused pure ops are erased; an unregistered op may be isolated from
// above, so its body starts a fresh scope.
// CHECK-LABEL: func.func @dead_and_isolated
// CHECK-NOT:     arith.muli
// CHECK:         "foo.region"
// CHECK-NEXT:      arith.addi
func.func @dead_and_isolated(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = "foo.region"() ({
    %2 = arith.addi %a, %a : i32
    "foo.yield"(%2) : (i32) -> ()
  }) : () -> i32
  %dead = arith.muli %a, %a : i32
  "foo.sink"(%0) : (i32) -> ()
  return %1 : i32
}

// Nested non-isolated regions see the ops above them; sibling regions do
// not see each other, and ops after a region do not see inside it.
// CHECK-LABEL: func.func @nested_regions
// CHECK:         %[[X:.*]] = arith.addi %arg0, %arg0 : index
// CHECK:         scf.for
// CHECK-NOT:       arith.addi %arg0, %arg0
// CHECK:           arith.muli %[[X]]
// CHECK-NOT:       arith.muli %[[X]]
// CHECK:         scf.if
// CHECK:           arith.muli %arg0, %arg0
// CHECK:         } else {
// CHECK:           arith.muli %arg0, %arg0
// CHECK:         }
// CHECK:         arith.muli %arg0, %arg0
func.func @nested_regions(%a: index, %lb: index, %ub: index, %c: i1) -> index {
  %0 = arith.addi %a, %a : index
  %r = scf.for %i = %lb to %ub step %a iter_args(%acc = %0) -> (index) {
    %1 = arith.addi %a, %a : index
    %2 = arith.muli %1, %i : index
    %3 = arith.muli %1, %i : index
    %4 = arith.addi %2, %3 : index
    scf.yield %4 : index
  }
  %5 = scf.if %c -> (index) {
    %6 = arith.muli %a, %a : index
    scf.yield %6 : index
  } else {
    %7 = arith.muli %a, %a : index
    scf.yield %7 : index
  }
  %8 = arith.muli %a, %a : index
  %9 = arith.addi %5, %8 : index
  %10 = arith.addi %9, %r : index
  return %10 : index
}

// Across blocks, only dominating ops are reused.
// CHECK-LABEL: func.func @dominance
// CHECK:         %[[X:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK:       ^bb1:
// CHECK-NEXT:    arith.muli %[[X]], %arg0
// CHECK:       ^bb2:
// CHECK-NEXT:    %[[Y:.*]] = arith.muli %[[X]], %arg0
// CHECK:       ^bb3(%[[Z:.*]]: i32):
// CHECK-NEXT:    %[[W:.*]] = arith.muli %[[X]], %arg0
// CHECK-NEXT:    arith.addi %[[Z]], %[[W]]
func.func @dominance(%a: i32, %c: i1) -> i32 {
  %0 = arith.addi %a, %a : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %1, %a : i32
  cf.br ^bb3(%2 : i32)
^bb2:
  %3 = arith.muli %0, %a : i32
  %33 = arith.muli %0, %a : i32
  "foo.sink"(%33) : (i32) -> ()
  cf.br ^bb3(%3 : i32)
^bb3(%4: i32):
  %5 = arith.muli %0, %a : i32
  %6 = arith.addi %4, %5 : i32
  return %6 : i32
}

// Graph regions (the module body) are single-block scopes too.
// CHECK-LABEL: func.func @graph
// CHECK:         "foo.graph"
// CHECK-NEXT:      arith.addi
// CHECK-NEXT:      "foo.sink"
// CHECK-NEXT:      "foo.sink"
func.func @graph(%a: i32) {
  "foo.graph"() ({
    %0 = arith.addi %a, %a : i32
    %1 = arith.addi %a, %a : i32
    "foo.sink"(%0) : (i32) -> ()
    "foo.sink"(%1) : (i32) -> ()
    "foo.end"() : () -> ()
  }) : () -> ()
  return
}
