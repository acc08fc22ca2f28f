// expand-realloc against mlir-opt-19 (skipped without it): the expansions
// of expand-realloc.mlir are byte-identical (custom and generic form, with
// locations, with and without deallocations), and the program of
// expand-realloc-run.mlir expanded by mlir-opt-19 runs leak-free under
// bufopt-run and prints what mlir-cpu-runner-19 prints for it.
// REQUIRES: mlir-cpu-runner-19
// RUN: bufopt --expand-realloc --split-input-file %S/expand-realloc.mlir > %t.b && mlir-opt-19 --expand-realloc --split-input-file %S/expand-realloc.mlir > %t.m && diff -u %t.m %t.b
// RUN: bufopt --expand-realloc=emit-deallocs=false --split-input-file %S/expand-realloc.mlir > %t.b && mlir-opt-19 --expand-realloc=emit-deallocs=false --split-input-file %S/expand-realloc.mlir > %t.m && diff -u %t.m %t.b
// RUN: bufopt --expand-realloc --split-input-file --mlir-print-op-generic --mlir-print-debuginfo %S/expand-realloc.mlir > %t.b && mlir-opt-19 --expand-realloc --split-input-file --mlir-print-op-generic --mlir-print-debuginfo %S/expand-realloc.mlir > %t.m && diff -u %t.m %t.b
// RUN: bufopt --expand-realloc %S/expand-realloc-run.mlir > %t.b && mlir-opt-19 --expand-realloc %S/expand-realloc-run.mlir > %t.m && diff -u %t.m %t.b
// RUN: bufopt-run --strict %t.m | FileCheck %S/expand-realloc-run.mlir
// RUN: %S/../../scripts/lower-and-run.sh %t.m | FileCheck %S/expand-realloc-run.mlir
