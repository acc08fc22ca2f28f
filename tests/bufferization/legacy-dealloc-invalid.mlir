// The documented limitations of the clone-based deallocation, as
// mlir-opt-19 reports them: loops of blocks, and ops with regions that do
// not describe their control flow (one error per op).
// RUN: bufopt -buffer-deallocation -split-input-file -verify-diagnostics %s | FileCheck %s
// RUN: bufopt -buffer-deallocation -split-input-file -verify-diagnostics %s > %t.b && mlir-opt-19 --allow-unregistered-dialect -buffer-deallocation -split-input-file -verify-diagnostics %s > %t.m && diff %t.b %t.m

// expected-error@+1 {{Only structured control-flow loops are supported.}}
func.func @cfg_loop(%n: index, %buf: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^loop(%c0 : index)
^loop(%i: index):
  %a = memref.alloc() : memref<2xf32>
  memref.copy %buf, %a : memref<2xf32> to memref<2xf32>
  %next = arith.addi %i, %c1 : index
  %cond = arith.cmpi slt, %next, %n : index
  cf.cond_br %cond, ^loop(%next : index), ^exit
^exit:
  return
}

// -----

// Reported, not fatal (see legacy-dealloc-report.mlir): the buffer is freed.
// CHECK-LABEL: func @unknown_region_ops(
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: "test.yield"
func.func @unknown_region_ops() {
  // expected-error@+1 {{All operations with attached regions need to implement the RegionBranchOpInterface.}}
  %0 = "test.bar"() ({
    // expected-error@+1 {{All operations with attached regions need to implement the RegionBranchOpInterface.}}
    %1 = "test.bar"() ({
      %a = memref.alloc() : memref<2xf32>
      "test.yield"() : () -> ()
    }) : () -> (i32)
    "test.yield"() : () -> ()
  }) : () -> (i32)
  return
}

// -----

// A loop of blocks that no path from the entry reaches is no error, and a
// region-less op with results is fine: the buffer is freed after its use.
// CHECK-LABEL: func @unreachable_loop(
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK-NEXT: memref.copy %{{.*}}, %[[A]]
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: return
func.func @unreachable_loop(%buf: memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  memref.copy %buf, %a : memref<2xf32> to memref<2xf32>
  return
^dead:
  cf.br ^dead
}
