// The test-func-* passes on functions with bodies: inserted arguments
// become entry block arguments (with their locations), erased ones leave
// it, several insertions at one index keep their order; insert-arg is
// compared with mlir-opt-19.
// RUN: bufopt %s -split-input-file -test-func-insert-arg -mlir-print-debuginfo > %t.ins
// RUN: mlir-opt-19 %s -split-input-file -test-func-insert-arg -mlir-print-debuginfo | diff %t.ins -
// (mlir-opt-19 crashes on the second chunk when the erase and insert-result
// passes run together; the expected text is written out below.)
// RUN: bufopt %s -split-input-file -test-func-insert-arg | FileCheck %s
// RUN: bufopt %s -split-input-file -test-func-erase-arg -test-func-erase-result -test-func-insert-result | FileCheck %s --check-prefix=ERASE

// ERASE-LABEL: func.func @erase(%arg0: i16) {
// ERASE-NEXT: "test.use"(%arg0) : (i16) -> ()
// ERASE: func.func private @results() -> (f64, i2, f32 {test.R})

// CHECK-LABEL: func.func @body(
// CHECK-SAME: %arg0: i1 {test.A}, %arg1: i8, %arg2: i2, %arg3: i16 {test.B})
// CHECK-NEXT: "test.use"(%arg1, %arg3) : (i8, i16) -> ()
func.func @body(%a: i8, %b: i16 {test.B}) attributes {test.insert_args = [
  [0, i1, {test.A}, loc("first")], [1, i2]]} {
  "test.use"(%a, %b) : (i8, i16) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @erase(
func.func @erase(%a: i8 {test.erase_this_arg}, %b: i16, %c: i32 {test.erase_this_arg, test.keep}) {
  "test.use"(%b) : (i16) -> ()
  return
}
func.func private @results() -> (i1 {test.erase_this_result}, i2)
    attributes {test.insert_results = [[0, f64], [2, f32, {test.R}]]}
