// RUN: bufopt --allow-unregistered-dialect --canonicalize %s | FileCheck %s
// RUN: bufopt --allow-unregistered-dialect --canonicalize %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --canonicalize %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --canonicalize=top-down=false %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --canonicalize=top-down=false %s > %t.m && diff -u %t.m %t.b

// Folding materializes constants, equal constants are de-duplicated and
// hoisted to the entry of the function.
// CHECK-LABEL: func.func @fold_and_dedup
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : i32
// CHECK-NEXT:    %[[U:.*]] = "foo.use"(%arg0)
// CHECK-NEXT:    %[[V:.*]] = arith.addi %[[U]], %[[C3]] : i32
// CHECK-NEXT:    return %[[C3]], %[[C3]], %[[V]]
func.func @fold_and_dedup(%a: i32) -> (i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %x = "foo.use"(%a) : (i32) -> i32
  %c2 = arith.constant 2 : i32
  %c1b = arith.constant 1 : i32
  %s = arith.addi %c1, %c2 : i32
  %t = arith.addi %c1b, %c2 : i32
  %u = arith.muli %x, %c1 : i32
  %v = arith.addi %u, %s : i32
  return %s, %t, %v : i32, i32, i32
}

// Constants in regions of registered non-isolated ops go to the function
// entry; an unregistered op may be isolated, so its constants stay inside.
// CHECK-LABEL: func.func @hoisting
// CHECK-NEXT:    %[[C12:.*]] = arith.constant 12 : index
// CHECK-NEXT:    scf.for %[[I:.*]] =
// CHECK-NEXT:      "foo.sink"(%[[C12]], %[[I]])
// CHECK:         "foo.region"() ({
// CHECK-NEXT:      %[[C20:.*]] = arith.constant 20 : index
// CHECK-NEXT:      "foo.yield"(%[[C20]])
func.func @hoisting(%lb: index, %ub: index, %s: index) -> index {
  scf.for %i = %lb to %ub step %s {
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %m = arith.muli %c3, %c4 : index
    "foo.sink"(%m, %i) : (index, index) -> ()
  }
  %1 = "foo.region"() ({
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %m = arith.muli %c4, %c5 : index
    "foo.yield"(%m) : (index) -> ()
  }) : () -> index
  return %1 : index
}

// Trivially dead ops go, transitively; ops of unknown effect stay.
// CHECK-LABEL: func.func @dead_code
// CHECK-NEXT:    "foo.effect"
// CHECK-NEXT:    return %arg0
func.func @dead_code(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  %1 = arith.addi %0, %a : i32
  %2 = arith.subi %1, %0 : i32
  %3 = "foo.effect"(%2) : (i32) -> i32
  return %a : i32
}

// Unreachable blocks are erased.
// CHECK-LABEL: func.func @unreachable
// CHECK-NEXT:    "foo.br"()[^bb1]
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    return %arg0
func.func @unreachable(%a: i32) -> i32 {
  "foo.br"()[^bb2] : () -> ()
^bb1:
  %0 = "foo.effect"(%a) : (i32) -> i32
  "foo.br"()[^bb2] : () -> ()
^bb2:
  %1 = arith.muli %a, %a : i32
  return %a : i32
}

// Unused arguments of blocks after the entry are dropped (the
// unregistered branch is not known to forward them).
// CHECK-LABEL: func.func @dead_block_args
// CHECK:       ^bb1:
// CHECK-NEXT:    return %arg0
func.func @dead_block_args(%a: i32) -> i32 {
  "foo.br"(%a)[^bb1] : (i32) -> ()
^bb1(%x: i32):
  %1 = arith.muli %x, %x : i32
  return %a : i32
}

// Folders that return an operand: `x * 1`, `x + 0`.
// CHECK-LABEL: func.func @identity_folds
// CHECK-NEXT:    return %arg0
func.func @identity_folds(%a: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %0 = arith.muli %a, %c1 : i64
  %1 = arith.addi %0, %c0 : i64
  return %1 : i64
}

// Declarations and unused functions are not touched.
// CHECK-LABEL: func.func private @decl
func.func private @decl(i32) -> i32
