// Self-test of the lit runner: substitutions, pipes and our FileCheck.
// RUN: cat %s | FileCheck %s
// RUN: FileCheck %s --input-file=%s
// RUN: echo "%%s is %s" | FileCheck %s --check-prefix=SUBST -DFILE=%s
// RUN: echo hello > %t && FileCheck %s --check-prefix=TMP --input-file=%t

// CHECK-LABEL: func.func @selftest
func.func @selftest(%arg0: i32) -> i32 {
  // CHECK-NEXT: %[[SUM:.*]] = arith.addi %arg0, %arg0 : i32
  %0 = arith.addi %arg0, %arg0 : i32
  // CHECK: return %[[SUM]] : i32
  return %0 : i32
}

// SUBST: %s is [[FILE]]
// TMP: hello
