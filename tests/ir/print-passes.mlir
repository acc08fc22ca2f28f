// test-print-nesting, test-print-defuse and print-op-stats against
// mlir-opt-19: pass text on stdout precedes each chunk's module, also with
// -o (then only the pass text is on stdout); op statistics go to stderr.
// RUN: bufopt %s -allow-unregistered-dialect -split-input-file -test-print-nesting -test-print-defuse > %t.ours
// RUN: mlir-opt-19 %s -allow-unregistered-dialect -split-input-file -test-print-nesting -test-print-defuse | diff %t.ours -
// RUN: bufopt %s -allow-unregistered-dialect -split-input-file -test-print-nesting -o %t.ir | FileCheck %s --check-prefix=ONLY
// RUN: FileCheck %s --check-prefix=FILE < %t.ir
// RUN: bufopt %s -allow-unregistered-dialect -split-input-file -print-op-stats -o /dev/null 2> %t.stats
// RUN: mlir-opt-19 %s -allow-unregistered-dialect -split-input-file -print-op-stats -o /dev/null 2>&1 | diff %t.stats -
// RUN: bufopt %s -allow-unregistered-dialect -split-input-file -print-op-stats=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=JSON

// ONLY: visiting op: 'builtin.module' with 0 operands and 0 results
// ONLY-NOT: module {
// ONLY: visiting op: 'builtin.module' with 0 operands and 0 results
// ONLY-NOT: module {

// FILE: module {
// FILE: {{^// [-]----$}}
// FILE: module {

// JSON: {
// JSON-NEXT:   "a" : 1,
// JSON-NEXT:   "a.b" : 1,
// JSON-NEXT:   "builtin.module" : 1,
// JSON-NEXT:   "dialect.op" : 2,
// JSON-NEXT:   "func.func" : 1,
// JSON-NEXT:   "func.return" : 1
// JSON-NEXT: }

func.func @f(%arg0: i32) -> i32 {
  %0:2 = "dialect.op"(%arg0) {b = 1 : i64, a = "s"} : (i32) -> (i32, i32)
  "dialect.op"(%0#1, %0#1, %arg0) : (i32, i32, i32) -> ()
  "a"() ({
  ^bb0(%x: i32):
    "a.b"(%x, %0#0) : (i32, i32) -> ()
  }) : () -> ()
  return %0#0 : i32
}

// -----

"x.y.z"() : () -> ()
"noDialect"() : () -> ()
