// The bufferization dialect's own attributes where other ops carry them:
// on function arguments (`bufferization.writable`, `bufferization.access`,
// `bufferization.buffer_layout`) and on ops
// (`bufferization.manual_deallocation`), with upstream's wording. The
// second RUN line checks the same expectations against mlir-opt-19.
// RUN: bufopt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 %s -split-input-file -verify-diagnostics

// Accepted: each attribute where it belongs.
func.func @ok(%t: tensor<4xf32> {bufferization.writable = true, bufferization.access = "read-write"},
              %u: tensor<4xf32> {bufferization.buffer_layout = affine_map<(d0) -> (d0)>}) {
  %m = memref.alloc() {bufferization.manual_deallocation} : memref<4xf32>
  memref.dealloc %m {bufferization.manual_deallocation} : memref<4xf32>
  return
}

// -----

// expected-error @+1 {{'bufferization.writable' is expected to be a boolean attribute}}
func.func @writable_not_bool(%t: tensor<4xf32> {bufferization.writable = 1 : i32}) {
  return
}

// -----

// expected-error @+1 {{'bufferization.access' is expected to be a string attribute}}
func.func @access_not_string(%t: tensor<4xf32> {bufferization.access = 1 : i32}) {
  return
}

// -----

// expected-error @+1 {{'bufferization.buffer_layout' is expected to be a affine map attribute}}
func.func @layout_not_map(%t: tensor<4xf32> {bufferization.buffer_layout = "id"}) {
  return
}

// -----

// Upstream names the layout attribute whichever unknown name it met.
// expected-error @+1 {{attribute 'bufferization.buffer_layout' not supported as a region arg attribute by the bufferization dialect}}
func.func @unknown_arg_attr(%t: tensor<4xf32> {bufferization.unknown}) {
  return
}

// -----

// The attribute check comes before the body's: the missing terminator of
// this function is not reported.
func.func @unknown_op_attr() {
  // expected-error @+1 {{attribute '"bufferization.access"' not supported as an op attribute by the bufferization dialect}}
  %c = arith.constant {bufferization.access = "read"} 0 : index
}

// -----

func.func @manual_dealloc_on_pure_op(%m: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'memref.load' op attribute 'bufferization.manual_deallocation' can be used only on ops that have an allocation and/or free side effect}}
  %v = memref.load %m[%c0] {bufferization.manual_deallocation} : memref<4xf32>
  return
}
