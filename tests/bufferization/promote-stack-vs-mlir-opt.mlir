// promote-buffers-to-stack against mlir-opt-19 (skipped without it): on
// the inputs of promote-stack.mlir, hoist.mlir and hoist-spec.mlir the
// output is byte-identical for each option mlir-opt-19 has.
// RUN: bufopt -promote-buffers-to-stack -split-input-file %S/promote-stack.mlir > %t.b && mlir-opt-19 -promote-buffers-to-stack -split-input-file %S/promote-stack.mlir > %t.m && diff -u %t.m %t.b
// RUN: bufopt -promote-buffers-to-stack=max-alloc-size-in-bytes=64 -split-input-file %S/promote-stack.mlir > %t.b && mlir-opt-19 -promote-buffers-to-stack=max-alloc-size-in-bytes=64 -split-input-file %S/promote-stack.mlir > %t.m && diff -u %t.m %t.b
// RUN: bufopt -promote-buffers-to-stack=max-rank-of-allocated-memref=2 -split-input-file %S/promote-stack.mlir > %t.b && mlir-opt-19 -promote-buffers-to-stack=max-rank-of-allocated-memref=2 -split-input-file %S/promote-stack.mlir > %t.m && diff -u %t.m %t.b
// RUN: bufopt -promote-buffers-to-stack -split-input-file -allow-unregistered-dialect %S/hoist.mlir > %t.b && mlir-opt-19 -promote-buffers-to-stack -split-input-file -allow-unregistered-dialect %S/hoist.mlir > %t.m && diff -u %t.m %t.b
// RUN: bufopt -promote-buffers-to-stack -split-input-file %S/hoist-spec.mlir > %t.b && mlir-opt-19 -promote-buffers-to-stack -split-input-file %S/hoist-spec.mlir > %t.m && diff -u %t.m %t.b
