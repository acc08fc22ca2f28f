// RUN: bufopt %s -split-input-file --allow-unregistered-dialect > %t.b && mlir-opt-19 %s -split-input-file --allow-unregistered-dialect > %t.m && diff -u %t.m %t.b
// RUN: bufopt %s -split-input-file --allow-unregistered-dialect --mlir-print-op-generic > %t.b && mlir-opt-19 %s -split-input-file --allow-unregistered-dialect --mlir-print-op-generic > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s -split-input-file --allow-unregistered-dialect | bufopt -split-input-file --allow-unregistered-dialect > %t.b && mlir-opt-19 %s -split-input-file --allow-unregistered-dialect > %t.m && diff -u %t.m %t.b
// RUN: bufopt %s -split-input-file --allow-unregistered-dialect | FileCheck %s

// Inputs the verifier must accept, as mlir-opt-19 does.
//
// The single block of an unregistered op's region has no SSA dominance
// (nothing is known about the op, so its region may be a graph region):
// a use may come before its definition there, also from a nested region,
// and an op may use its own result.

// CHECK-LABEL: func.func @use_before_def
// CHECK: "test.unreg"() ({
// CHECK-NEXT: %[[U:.*]] = "test.use"(%[[D:.*]]) : (i32) -> i32
// CHECK-NEXT: %[[D]] = "test.def"(%[[U]]) : (i32) -> i32
func.func @use_before_def() {
  "test.unreg"() ({
    %use = "test.use"(%def) : (i32) -> i32
    %def = "test.def"(%use) : (i32) -> i32
    "test.term"() : () -> ()
  }) : () -> ()
  return
}

// -----

// CHECK-LABEL: func.func @nested_use_before_def
func.func @nested_use_before_def(%arg0: i32) {
  "test.unreg"() ({
    "test.inner"() ({
      %0 = "test.use"(%late, %arg0) : (i32, i32) -> i32
    }) : () -> ()
    %self = "test.self"(%self) : (i32) -> i32
    %late = "test.def"() : () -> i32
  }) : () -> ()
  return
}

// -----

// Two levels of unregistered ops: each single block is its own graph-like
// scope.
// CHECK-LABEL: func.func @two_levels
func.func @two_levels() {
  "test.outer"() ({
    %a = "test.use"(%b) : (i32) -> i32
    "test.inner"() ({
      %c = "test.use"(%d, %a, %b) : (i32, i32, i32) -> i32
      %d = "test.def"() : () -> i32
    }) : () -> ()
    %b = "test.def"() : () -> i32
  }) : () -> ()
  return
}

// -----

// Unnamed modules are not symbols: they may sit in a function, in an
// unregistered op, or in another module, with attributes other than a name.
// CHECK-LABEL: func.func @module_in_function
// CHECK-NEXT: module {
// CHECK: module attributes {sym_visibility = "private"} {
func.func @module_in_function() {
  builtin.module {
    func.func @g() {
      return
    }
  }
  builtin.module attributes {sym_visibility = "private"} {
  }
  return
}

// -----

func.func @module_in_unregistered_op() {
  "test.unreg"() ({
    builtin.module {
    }
    builtin.module @named {
    }
  }) : () -> ()
  return
}

// -----

// A named module nested in a (registered) module is fine too.
module {
  builtin.module @inner {
    builtin.module {
    }
  }
}
