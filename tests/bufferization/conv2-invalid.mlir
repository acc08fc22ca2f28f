// test-bufferize-func-conversion on input it cannot convert: a located
// error naming the op, and no output.
// RUN: bufopt -test-bufferize-func-conversion -split-input-file -verify-diagnostics %s
// RUN: not bufopt -test-bufferize-func-conversion -split-input-file %s -o %t.out 2>/dev/null
// RUN: not test -s %t.out
// RUN: not bufopt -test-bufferize-func-conversion=result-kind=sideways %s 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: Cannot find option named 'sideways'

// The caller cannot allocate an appended result whose shape is dynamic.
func.func @callee(%arg0: tensor<?xf32>) -> tensor<?xf32> {
  return %arg0 : tensor<?xf32>
}
func.func @caller(%arg0: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{failed to legalize operation 'func.call' that was explicitly marked illegal}}
  %x = call @callee(%arg0) : (tensor<?xf32>) -> tensor<?xf32>
  return %x : tensor<?xf32>
}
