// IR printing around passes, as mlir-opt-19: a pass nested on functions
// dumps the function it ran on (local scope: no aliases) followed by an empty
// line; a pass on the module dumps the module (its text ends its last line,
// then the empty line); with --mlir-print-ir-module-scope the header names
// the op and the whole module is printed, which needs
// --mlir-disable-threading. Diagnostics of one chunk come out before the
// next chunk's dumps.
// RUN: not bufopt %s -split-input-file --pass-pipeline='builtin.module(func.func(cse),cse)' --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=AFTER --match-full-lines
// RUN: not bufopt %s -split-input-file --pass-pipeline='builtin.module(func.func(cse))' --mlir-print-ir-before-all --mlir-print-ir-module-scope --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCOPE --match-full-lines
// RUN: not bufopt %s -split-input-file --cse --mlir-print-ir-module-scope -o /dev/null 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: not bufopt %s -split-input-file --cse --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=ORDER
// The same text as mlir-opt-19's:
// RUN: not bufopt %s -split-input-file --pass-pipeline='builtin.module(func.func(cse),cse)' --mlir-print-ir-after-all --mlir-print-ir-before-all -o /dev/null 2> %t.b && not mlir-opt-19 %s -split-input-file --pass-pipeline='builtin.module(func.func(cse),cse)' --mlir-print-ir-after-all --mlir-print-ir-before-all -o /dev/null 2> %t.m && diff -u %t.m %t.b
// RUN: not bufopt %s -split-input-file --pass-pipeline='builtin.module(func.func(cse),cse)' --mlir-print-ir-after-all --mlir-print-ir-module-scope --mlir-disable-threading -o /dev/null 2> %t.b && not mlir-opt-19 %s -split-input-file --pass-pipeline='builtin.module(func.func(cse),cse)' --mlir-print-ir-after-all --mlir-print-ir-module-scope --mlir-disable-threading -o /dev/null 2> %t.m && diff -u %t.m %t.b

// AFTER:      {{.*}}IR Dump After CSE (cse) {{.*}}
// AFTER-NEXT: func.func @f(%arg0: memref<4xf32, strided<[1], offset: ?>>) {
// AFTER-NEXT:   return
// AFTER-NEXT: }
// AFTER-EMPTY:
// AFTER-NEXT: {{.*}}IR Dump After CSE (cse) {{.*}}
// AFTER-NEXT: func.func @g() {
// AFTER:      {{.*}}IR Dump After CSE (cse) {{.*}}
// AFTER-NEXT: #map = affine_map<(d0) -> (d0)>
// AFTER-NEXT: module {
// AFTER:      "test.use"() {map = #map} : () -> ()
// AFTER-NEXT: return
// AFTER-NEXT: }
// AFTER-NEXT: }
// AFTER-EMPTY:
// AFTER-EMPTY:
// AFTER-NEXT: within split at {{.*}} error: custom op 'test.nope' is unknown{{.*}}

// SCOPE:      {{.*}}IR Dump Before CSE (cse) ('func.func' operation: @f) {{.*}}
// SCOPE-NEXT: #map = affine_map<(d0) -> (d0)>
// SCOPE-NEXT: module {
// SCOPE:      {{.*}}IR Dump Before CSE (cse) ('func.func' operation: @g) {{.*}}
// SCOPE-NEXT: #map = affine_map<(d0) -> (d0)>

// THREADS: <unknown>:0: error: IR print for module scope can't be setup on a pass-manager without disabling multi-threading first.

// ORDER:      {{.*}}IR Dump After CSE (cse) {{.*}}
// ORDER:      error: custom op 'test.nope' is unknown{{.*}}
// ORDER:      {{.*}}IR Dump After CSE (cse) {{.*}}
// ORDER-NEXT: #map = affine_map<(d0) -> (d0)>

func.func @f(%m: memref<4xf32, strided<[1], offset: ?>>) {
  return
}
func.func @g() {
  %c = arith.constant 0 : index
  "test.use"() {map = affine_map<(d0) -> (d0)>} : () -> ()
  return
}

// -----

func.func @h() {
  test.nope
  return
}

// -----

func.func @k() {
  "test.use"() {map = affine_map<(d0) -> (d0)>} : () -> ()
  return
}
