// Self-test of the lit runner: substitutions, pipes and our FileCheck.
// RUN: cat %s | FileCheck %s
// RUN: FileCheck %s --input-file=%s
// RUN: echo "%%s is %s" | FileCheck %s --check-prefix=SUBST -DFILE=%s
// RUN: echo hello > %t && FileCheck %s --check-prefix=TMP --input-file=%t

func.func @selftest(%arg0: i32) -> i32 {
  %0 = arith.addi %arg0, %arg0 : i32
  return %0 : i32
}

// The checks follow the code so that they cannot match themselves.
// CHECK-LABEL: func.func @{{selftest}}
// CHECK-NEXT: %[[SUM:[0-9]+]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: return %[[SUM]] : i32

// SUBST: %s is [[FILE]]
// TMP: hello
