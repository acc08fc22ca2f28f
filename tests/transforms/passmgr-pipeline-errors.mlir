// Errors of the pass manager itself, with mlir-opt-19's wording:
// - an op-specific pass added to a pass manager anchored on another op
//   (textual pipelines nest explicitly), with one "failed to add" line per
//   enclosing nest;
// - an unknown pass option inside a nest;
// - a pass manager anchored on an op other than the top-level one;
// - --no-implicit-module on a file without exactly one top-level op.
// RUN: not bufopt --pass-pipeline='builtin.module(promote-buffers-to-stack)' %s 2>&1 | FileCheck %s --check-prefix=ADD
// RUN: not bufopt --pass-pipeline='builtin.module(func.func(canonicalize,one-shot-bufferize))' %s 2>&1 | FileCheck %s --check-prefix=NEST
// RUN: not bufopt --pass-pipeline='func.func(cse)' %s 2>&1 | FileCheck %s --check-prefix=TOP
// RUN: not bufopt --pass-pipeline='builtin.module(func.func(cse{foo=1}))' %s 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: not mlir-opt-19 --pass-pipeline='builtin.module(func.func(cse{foo=1}))' %s 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: not bufopt --no-implicit-module %s 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not mlir-opt-19 --no-implicit-module %s 2>&1 | FileCheck %s --check-prefix=COUNT

// ADD:      <unknown>:0: error: Can't add pass 'PromoteBuffersToStack' restricted to 'func.func' on a PassManager intended to run on 'builtin.module', did you intend to nest?
// ADD-NEXT: failed to add `promote-buffers-to-stack` with options ``
// ADD-EMPTY:
// ADD-NOT:  module

// NEST:      <unknown>:0: error: Can't add pass 'OneShotBufferize' restricted to 'builtin.module' on a PassManager intended to run on 'func.func', did you intend to nest?
// NEST-NEXT: failed to add `one-shot-bufferize` with options ``
// NEST-NEXT: failed to add `func.func` with options `` to inner pipeline
// NEST-EMPTY:

// An unknown option inside a nest: the option parser's line, a blank line,
// then one "failed to add" line per level.
// OPT:      <unknown>:0: error: <Pass-Options-Parser>: no such option foo
// OPT-EMPTY:
// OPT-NEXT: failed to add `cse` with options `foo=1`
// OPT-NEXT: failed to add `func.func` with options `` to inner pipeline

// TOP: error: can't run 'func.func' pass manager on 'builtin.module' op

// Two top-level ops: the error is at the file's start (line 0, column 0).
// COUNT: passmgr-pipeline-errors.mlir:0:0: error: source must contain a single top-level operation, found: 2

func.func @f() {
  return
}

func.func @g() {
  return
}
