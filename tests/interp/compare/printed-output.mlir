// Comparison on printed output: a tensor program summing rows through
// tensor.extract_slice, against a buffer program that prints the same
// values, and one that skips the last row. Both print through the runner
// utilities.
// RUN: bufopt-run %S/Inputs/rows-tensor.mlir --compare %S/Inputs/rows-memref.mlir | FileCheck %s --check-prefix=SAME
// RUN: not bufopt-run %S/Inputs/rows-tensor.mlir --compare %S/Inputs/rows-memref-wrong.mlir | FileCheck %s --check-prefix=DIFF

// SAME: output: same
// SAME-NEXT: results: same
// SAME-NEXT: verdict: agree

// DIFF: output: different
// DIFF-NEXT: outputs have 3 and 2 lines
// DIFF: verdict: DISAGREE
