// Comparison mode on a tensor program and two bufferizations of it: the
// right one (copy before the in-place write) agrees; the wrong one (the
// copy is missing, so a value read after the write is the new one)
// disagrees on the entry results; a leaky one computes the right values but
// its memory error makes the comparison fail. Inputs are random (seeded)
// and identical for both programs.
// RUN: bufopt-run %S/Inputs/update-tensor.mlir --compare %S/Inputs/update-good.mlir --seed 3 | FileCheck %s --check-prefix=GOOD
// RUN: not bufopt-run %S/Inputs/update-tensor.mlir --compare %S/Inputs/update-bad.mlir --seed 3 | FileCheck %s --check-prefix=BAD
// RUN: not bufopt-run %S/Inputs/update-tensor.mlir --compare %S/Inputs/leaky.mlir --seed 3 2>&1 | FileCheck %s --check-prefix=LEAK
// RUN: bufopt-run %S/Inputs/update-tensor.mlir --compare %S/Inputs/update-good.mlir --stats=json | FileCheck %s --check-prefix=JSON

// GOOD: update-tensor.mlir: ok
// GOOD: update-tensor.mlir: allocations: 0
// GOOD: update-tensor.mlir: result #0: <4> [[[A:.*]], 10.0, [[C:.*]], [[D:.*]]]
// GOOD-NEXT: update-tensor.mlir: result #1: [[S:.*]]
// GOOD: update-good.mlir: ok
// GOOD: update-good.mlir: allocations: 1
// GOOD: update-good.mlir: bytes copied: 16
// GOOD: update-good.mlir: result #0: <4> [[[A]], 10.0, [[C]], [[D]]]
// GOOD-NEXT: update-good.mlir: result #1: [[S]]
// GOOD: output: same
// GOOD-NEXT: results: same
// GOOD-NEXT: verdict: agree

// BAD: update-tensor.mlir: result #1: [[S:.*]]
// BAD: update-bad.mlir: ok
// BAD: update-bad.mlir: result #1: 20.0
// BAD: output: same
// BAD-NEXT: results: different
// BAD-NEXT: verdict: DISAGREE

// LEAK: leaky.mlir: 1 error(s)
// LEAK: results: same
// LEAK-NEXT: verdict: DISAGREE
// LEAK-NEXT: leaky.mlir:8:14: error: memory leak: 16 bytes allocated here are never freed

// JSON: update-good.mlir: stats: {"allocations": 1, "bytes_allocated": 16, "peak_live_bytes": 16, "bytes_copied": 16, "deallocations": 0}
