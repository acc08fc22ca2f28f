// 100,000 nested regions (mlir-opt-19 overflows its stack near 3,000) go
// through parse, verify, the passes (in parallel function sections) and
// print without crashing, in time linear in the depth
// (bench/gen_nest.py; syntax::parser::MAX_NESTING).
// RUN: python3 %S/../../bench/gen_nest.py generic 100000 > %t.generic.mlir
// RUN: bufopt --allow-unregistered-dialect --mlir-print-skip-regions --canonicalize --cse --symbol-dce %t.generic.mlir | FileCheck --check-prefix=SKIP %s
// RUN: bufopt --allow-unregistered-dialect --mlir-print-skip-regions -mlir-print-op-generic --test-print-liveness %t.generic.mlir 2>&1 | FileCheck --check-prefix=GENERIC %s
// SKIP: {{^}}module {...}{{$}}
// GENERIC: "builtin.module"() ({...}) : () -> ()
//
// Nested scf.if whose innermost op uses a value from the top: the
// trivially-dead check of each scf.if looks at everything nested in it, so
// canonicalize and cse memoize it (ir::interfaces::ErasureMemo).
// RUN: python3 %S/../../bench/gen_nest.py if 100000 > %t.if.mlir
// RUN: bufopt --mlir-print-skip-regions --canonicalize --cse %t.if.mlir | FileCheck --check-prefix=SKIP %s
// RUN: bufopt --mlir-print-skip-regions --test-dominance-queries %t.if.mlir 2>&1 | FileCheck --check-prefix=DOM %s
// RUN: bufopt --mlir-print-skip-regions --mlir-disable-threading --cse --canonicalize --test-print-region-flow %t.if.mlir 2>&1 | grep -c "RegionBranch 'scf.if'" | FileCheck --check-prefix=COUNT %s
// DOM: 100004 operand queries: 100004 dominated
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
//
// The printer, custom and generic, round-trips 5,000 levels (its output is
// quadratic in the depth, as mlir-opt's: each line is indented).
// RUN: python3 %S/../../bench/gen_nest.py if 5000 > %t.if5k.mlir
// RUN: bufopt %t.if5k.mlir > %t.if5k.1.mlir
// RUN: bufopt %t.if5k.1.mlir | diff %t.if5k.1.mlir -
// RUN: bufopt -mlir-print-op-generic %t.if5k.mlir > %t.if5k.g.mlir
// RUN: bufopt %t.if5k.g.mlir | diff %t.if5k.1.mlir -
// RUN: grep -c "scf.if" %t.if5k.1.mlir | FileCheck --check-prefix=COUNT5K %s
// COUNT5K: {{^}}5000{{$}}
//
// The interpreter compiles and runs 100,000 nested loops.
// RUN: python3 %S/../../bench/gen_nest.py for 100000 > %t.for.mlir
// RUN: bufopt-run %t.for.mlir | FileCheck --check-prefix=OUT %s
// OUT: {{^}}100000{{$}}
