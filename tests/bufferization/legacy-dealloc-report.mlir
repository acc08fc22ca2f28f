// An op with regions that does not implement RegionBranchOpInterface is
// reported, one error per op in post-order, but the clone-based
// deallocation does not fail for it: as in 19.1.7 (whose validation walk is
// never interrupted), the errors go to stderr, the pass goes on, the
// deallocated IR is printed and the exit status is 0.
// RUN: bufopt -buffer-deallocation %s 2> %t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: bufopt -buffer-deallocation -verify-diagnostics %s | FileCheck %s
// RUN: bufopt -buffer-deallocation %s -o %t.out 2> /dev/null && FileCheck %s < %t.out
// The same output, errors and exit status as mlir-opt-19:
// RUN: bufopt -buffer-deallocation %s > %t.b 2> %t.be; mlir-opt-19 --allow-unregistered-dialect -buffer-deallocation %s > %t.m 2> %t.me; diff %t.b %t.m && diff %t.be %t.me

// ERR: legacy-dealloc-report.mlir:42:10: error: All operations with attached regions need to implement the RegionBranchOpInterface.
// ERR-NEXT: {{^}}    %1 = "test.bar"() ({
// ERR: note: see current operation:
// ERR-NEXT: %{{[0-9]+}} = "test.bar"() ({
// ERR-NEXT:   %{{[0-9]+}} = "memref.alloc"()
// ERR-NEXT:   "memref.copy"
// ERR-NEXT:   "test.yield"
// ERR-NEXT: }) : () -> i32
// ERR: legacy-dealloc-report.mlir:40:8: error: All operations with attached regions need to implement the RegionBranchOpInterface.
// ERR-NOT: error

// The function's own buffer and the one nested in the ops are still freed;
// the note shows the op as it was when the error was reported (no dealloc).
// CHECK-LABEL: func @reported_and_deallocated(
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK-NEXT: "test.bar"() ({
// CHECK-NEXT: "test.bar"() ({
// CHECK-NEXT: %[[B:.*]] = memref.alloc()
// CHECK-NEXT: memref.copy %{{.*}}, %[[B]]
// CHECK-NEXT: memref.dealloc %[[B]]
// CHECK-NEXT: "test.yield"
// CHECK: memref.copy %{{.*}}, %[[A]]
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: return
func.func @reported_and_deallocated(%arg0: memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  // expected-error@+1 {{All operations with attached regions need to implement the RegionBranchOpInterface.}}
  %0 = "test.bar"() ({
    // expected-error@+1 {{All operations with attached regions need to implement the RegionBranchOpInterface.}}
    %1 = "test.bar"() ({
      %b = memref.alloc() : memref<2xf32>
      memref.copy %arg0, %b : memref<2xf32> to memref<2xf32>
      "test.yield"() : () -> ()
    }) : () -> (i32)
    "test.yield"() : () -> ()
  }) : () -> (i32)
  memref.copy %arg0, %a : memref<2xf32> to memref<2xf32>
  return
}
