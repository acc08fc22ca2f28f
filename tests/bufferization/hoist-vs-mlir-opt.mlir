// buffer-hoisting, buffer-loop-hoisting and promote-buffers-to-stack
// against mlir-opt-19 (skipped without it): on the inputs of hoist.mlir,
// hoist-spec.mlir and promote-stack.mlir the output is byte-identical.
// RUN: bufopt -buffer-hoisting -split-input-file -allow-unregistered-dialect %S/hoist.mlir > %t.b && mlir-opt-19 -buffer-hoisting -split-input-file -allow-unregistered-dialect %S/hoist.mlir > %t.m && diff -u %t.m %t.b
// RUN: bufopt -buffer-loop-hoisting -split-input-file -allow-unregistered-dialect %S/hoist.mlir > %t.b && mlir-opt-19 -buffer-loop-hoisting -split-input-file -allow-unregistered-dialect %S/hoist.mlir > %t.m && diff -u %t.m %t.b
// RUN: bufopt -buffer-hoisting -split-input-file %S/hoist-spec.mlir > %t.b && mlir-opt-19 -buffer-hoisting -split-input-file %S/hoist-spec.mlir > %t.m && diff -u %t.m %t.b
// RUN: bufopt -buffer-loop-hoisting -split-input-file %S/hoist-spec.mlir > %t.b && mlir-opt-19 -buffer-loop-hoisting -split-input-file %S/hoist-spec.mlir > %t.m && diff -u %t.m %t.b
// RUN: bufopt -buffer-loop-hoisting -split-input-file %S/promote-stack.mlir > %t.b && mlir-opt-19 -buffer-loop-hoisting -split-input-file %S/promote-stack.mlir > %t.m && diff -u %t.m %t.b
