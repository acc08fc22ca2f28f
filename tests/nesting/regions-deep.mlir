// 100,000 nested regions (mlir-opt-19 overflows its stack near 3,000) go
// through parse, verify, the passes (in parallel function sections) and
// print without crashing, in time linear in the depth
// (bench/gen_nest.py; syntax::parser::MAX_NESTING).
// RUN: python3 %S/../../bench/gen_nest.py generic 100000 > %t.generic.mlir
// RUN: bufopt --allow-unregistered-dialect --mlir-print-skip-regions --canonicalize --cse --symbol-dce %t.generic.mlir | FileCheck --check-prefix=GENERIC %s
// RUN: bufopt --allow-unregistered-dialect --test-dominance-queries --mlir-print-skip-regions %t.generic.mlir 2>&1 | FileCheck --check-prefix=DOM %s
// GENERIC: module {
// GENERIC-NEXT: "test.nest"() ({...}) : () -> ()
// GENERIC-NEXT: }
// DOM: 0 operand queries
//
// Nested scf.if whose innermost op uses a value from the top: the
// trivially-dead check of each scf.if looks at everything nested in it, so
// canonicalize and cse memoize it (ir::interfaces::ErasureMemo).
// RUN: python3 %S/../../bench/gen_nest.py if 100000 > %t.if.mlir
// RUN: bufopt --mlir-print-skip-regions --canonicalize --cse %t.if.mlir | FileCheck --check-prefix=IF %s
// RUN: bufopt --mlir-print-skip-regions --mlir-disable-threading --cse --canonicalize --test-print-region-flow %t.if.mlir 2>&1 | grep -c "scf.if" | FileCheck --check-prefix=COUNT %s
// IF: func.func @f(%arg0: i1) -> i32 {...}
// COUNT: {{^}}100000{{$}}
//
// Nested scf.execute_region: canonicalize inlines every level into its
// parent, leaving a flat body.
// RUN: python3 %S/../../bench/gen_nest.py exec 100000 > %t.exec.mlir
// RUN: bufopt --canonicalize %t.exec.mlir | FileCheck --check-prefix=EXEC %s
// EXEC: func.func @f(%arg0: i32) -> i32 {
// EXEC-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// EXEC-NEXT: return %0 : i32
// EXEC-NEXT: }
