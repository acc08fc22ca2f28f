// Bad options of promote-buffers-to-stack and of the hoisting passes are
// refused with LLVM's wording, as mlir-opt-19 words them.
// RUN: not bufopt -promote-buffers-to-stack=max-alloc-size-in-bytes=abc %s 2>&1 | FileCheck %s --check-prefix=NOTINT
// RUN: not bufopt -promote-buffers-to-stack=max-alloc-size-in-bytes=-1 %s 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not bufopt -promote-buffers-to-stack=max-rank-of-allocated-memref=4294967296 %s 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: not bufopt -promote-buffers-to-stack=bitwidth-of-index-type=x32 %s 2>&1 | FileCheck %s --check-prefix=INDEX
// RUN: not bufopt -promote-buffers-to-stack=max-size=4 %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not bufopt -buffer-hoisting=max-alloc-size-in-bytes=4 %s 2>&1 | FileCheck %s --check-prefix=HOIST
// RUN: not bufopt -buffer-loop-hoisting=x=1 %s 2>&1 | FileCheck %s --check-prefix=LOOP

// NOTINT: error: for the --max-alloc-size-in-bytes option: 'abc' value invalid for uint argument!
// NEG: error: for the --max-alloc-size-in-bytes option: '-1' value invalid for uint argument!
// RANGE: error: for the --max-rank-of-allocated-memref option: '4294967296' value invalid for uint argument!
// INDEX: error: for the --bitwidth-of-index-type option: 'x32' value invalid for uint argument!
// UNKNOWN: error: <Pass-Options-Parser>: no such option max-size
// UNKNOWN: failed to add `promote-buffers-to-stack` with options `max-size=4`
// HOIST: error: <Pass-Options-Parser>: no such option max-alloc-size-in-bytes
// LOOP: error: <Pass-Options-Parser>: no such option x

func.func @f() {
  %a = memref.alloc() : memref<2xf32>
  return
}
