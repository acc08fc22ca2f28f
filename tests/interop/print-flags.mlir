// Printer flags, each compared byte for byte with mlir-opt-19 and checked
// on its own with FileCheck.
// RUN: for f in --mlir-print-local-scope --mlir-print-skip-regions --mlir-print-unique-ssa-ids "--mlir-print-debuginfo --mlir-pretty-debuginfo" "--mlir-print-debuginfo --mlir-print-local-scope" "--mlir-print-op-generic --mlir-print-skip-regions" --mlir-print-value-users "--mlir-print-value-users --mlir-print-op-generic"; do bufopt $f %s > %t.b && mlir-opt-19 $f %s > %t.m && diff -u %t.m %t.b || exit 1; done
// RUN: bufopt --mlir-print-local-scope %s | FileCheck %s --check-prefix=LOCAL
// RUN: bufopt --mlir-print-skip-regions %s | FileCheck %s --check-prefix=SKIP
// RUN: bufopt --mlir-print-unique-ssa-ids %s | FileCheck %s --check-prefix=UNIQUE
// RUN: bufopt --mlir-print-debuginfo --mlir-pretty-debuginfo %s | FileCheck %s --check-prefix=PRETTY
// RUN: bufopt --mlir-print-value-users %s | FileCheck %s --check-prefix=USERS

#shift = affine_map<(d0) -> (d0 + 1)>

// LOCAL-NOT: #map
// LOCAL: func.func @first(%arg0: memref<4xf32, affine_map<(d0) -> (d0 + 1)>>, %arg1: i32) -> i32
// SKIP: module {...}
// UNIQUE: func.func @first(%arg1: memref<4xf32, #map>, %arg2: i32) -> i32
// UNIQUE: func.func @second(%arg0: i32)
// PRETTY: %0 = arith.addi %arg1, %arg1 : i32 here.mlir:3:4
// PRETTY: return %0 : i32 {{.*}}print-flags.mlir:
// USERS-LABEL: func.func @first(
// USERS-NEXT: // %arg0 is unused
// USERS-NEXT: // %arg1 is used by %2
// USERS-NEXT: %2 = arith.addi %arg1, %arg1 : i32 // user: %3
// USERS-NEXT: return %2 : i32 // id: %3
// USERS-LABEL: func.func @second(
// USERS-NEXT: // %arg0 is unused
// USERS-NEXT: %c1_i32 = arith.constant 1 : i32 // unused
func.func @first(%m: memref<4xf32, #shift>, %x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32 loc("here.mlir":3:4)
  return %0 : i32
}
func.func @second(%y: i32) {
  %c = arith.constant 1 : i32
  return
}
