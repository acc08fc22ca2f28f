// The outputs of the one-shot-module-* tests that mlir-opt-19 cannot
// produce itself parse and verify with mlir-opt-19.
// RUN: bufopt %S/one-shot-module-cycles.mlir -one-shot-bufferize="bufferize-function-boundaries" | mlir-opt-19 > /dev/null
// RUN: bufopt %S/one-shot-module-cycles.mlir -one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | mlir-opt-19 > /dev/null
// RUN: bufopt %S/one-shot-module-cycles-run.mlir -one-shot-bufferize="bufferize-function-boundaries" --buffer-deallocation-pipeline | mlir-opt-19 > /dev/null
// RUN: bufopt %S/one-shot-module-identity-view-run.mlir -one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | mlir-opt-19 > /dev/null
// RUN: bufopt %S/one-shot-module-unread-call-result-run.mlir -one-shot-bufferize="bufferize-function-boundaries" | mlir-opt-19 > /dev/null
// The mlir-opt-19 failures the comments of those tests describe.
// RUN: not mlir-opt-19 %S/one-shot-module-cycles.mlir -one-shot-bufferize="bufferize-function-boundaries" 2>&1 | FileCheck %s --check-prefix=CYCLE
// RUN: not mlir-opt-19 %S/one-shot-module-identity-view-run.mlir -one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" 2>&1 | FileCheck %s --check-prefix=CAST
// RUN: not --crash mlir-opt-19 %S/one-shot-module-unread-call-result-run.mlir -one-shot-bufferize="bufferize-function-boundaries" 2>&1 | FileCheck %s --check-prefix=CRASH
// CYCLE: expected callgraph to be free of circular dependencies.
// CAST: error: 'memref.cast' op operand type 'memref<?xf32, strided<[3], offset: 1>>' and result type 'memref<?xf32>' are cast incompatible
// CRASH: AllocTensorOp::getBufferType
