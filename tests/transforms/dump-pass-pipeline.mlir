// `--dump-pass-pipeline` prints, before the run and once per chunk, the pass
// manager's size and its pipeline with every option's value: options sorted by
// name, an empty list option printed as nothing (its separator stays), pass
// flags nested implicitly under the ops they anchor on, named pipelines
// expanded.
// RUN: bufopt --dump-pass-pipeline --canonicalize --finalizing-bufferize --cse %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FLAGS --match-full-lines --strict-whitespace
// RUN: bufopt --dump-pass-pipeline --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=3 disable-patterns=A,B},buffer-hoisting),one-shot-bufferize{bufferize-function-boundaries dialect-filter=tensor,arith})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NESTED --match-full-lines --strict-whitespace
// RUN: bufopt --dump-pass-pipeline --buffer-deallocation-pipeline %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NAMED --match-full-lines --strict-whitespace
// RUN: bufopt --dump-pass-pipeline --split-input-file %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=EMPTY --match-full-lines --strict-whitespace
// The same text as mlir-opt-19 where both know every option:
// RUN: bufopt --dump-pass-pipeline --canonicalize --finalizing-bufferize --cse %s -o /dev/null 2> %t.b && mlir-opt-19 --dump-pass-pipeline --canonicalize --finalizing-bufferize --cse %s -o /dev/null 2> %t.m && diff -u %t.m %t.b
// RUN: bufopt --dump-pass-pipeline --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=3 disable-patterns=A,B},buffer-hoisting),one-shot-bufferize{bufferize-function-boundaries dialect-filter=tensor,arith})' %s -o /dev/null 2> %t.b && mlir-opt-19 --dump-pass-pipeline --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=3 disable-patterns=A,B},buffer-hoisting),one-shot-bufferize{bufferize-function-boundaries dialect-filter=tensor,arith})' %s -o /dev/null 2> %t.m && diff -u %t.m %t.b

// FLAGS:Pass Manager with 3 passes:
// FLAGS-NEXT:builtin.module(canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},func.func(finalizing-bufferize),cse)
// FLAGS-EMPTY:

// NESTED:Pass Manager with 2 passes:
// NESTED-NEXT:builtin.module(func.func(canonicalize{disable-patterns=A,B  max-iterations=3 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},buffer-hoisting),one-shot-bufferize{allow-return-allocs-from-loops=false allow-unknown-ops=false analysis-fuzzer-seed=0 analysis-heuristic=bottom-up bufferize-function-boundaries=true check-parallel-regions=true copy-before-write=false dialect-filter=tensor,arith dump-alias-sets=false function-boundary-type-conversion=infer-layout-map must-infer-memory-space=false  print-conflicts=false test-analysis-only=false unknown-type-conversion=fully-dynamic-layout-map})

// NAMED:Pass Manager with 8 passes:
// NAMED-NEXT:builtin.module(expand-realloc{emit-deallocs=false},canonicalize{{.*}},ownership-based-buffer-deallocation{allow-unstructured-loops=false private-function-dynamic-ownership=false},canonicalize{{.*}},buffer-deallocation-simplification,bufferization-lower-deallocations,cse,canonicalize{{.*}})

// EMPTY:Pass Manager with 0 passes:
// EMPTY-NEXT:builtin.module()
// EMPTY-EMPTY:
// EMPTY-NEXT:Pass Manager with 0 passes:
// EMPTY-NEXT:builtin.module()

func.func @f() {
  return
}

// -----

func.func @g() {
  return
}
