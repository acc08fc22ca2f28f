// RUN: bufopt --allow-unregistered-dialect %s -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 --allow-unregistered-dialect %s -split-input-file -verify-diagnostics

// expected-error @+1 {{expected shape ([2, 3]); inferred shape of indices literal ([2]); inferred shape of values literal ([2])}}
"test.op"() {a = sparse<[0, 1], 5> : tensor<2x3xi32>} : () -> ()

// -----

// expected-error @+1 {{sparse index #0 is not contained within the value shape, with index=[3], and type='tensor<2xi32>'}}
"test.op"() {a = sparse<[[3]], [1]> : tensor<2xi32>} : () -> ()

// -----

// expected-error @+1 {{sparse index #1 is not contained within the value shape, with index=[2, 0], and type='tensor<2x2xi32>'}}
"test.op"() {a = sparse<[[0, 0], [2, 0]], [1, 2]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error @+1 {{expected 1-d tensor for sparse element values}}
"test.op"() {a = sparse<[[0]], [[1]]> : tensor<2xi32>} : () -> ()

// -----

// expected-error @+1 {{elements literal type must have static shape}}
"test.op"() {a = sparse<[[0]], [1]> : tensor<?xi32>} : () -> ()

// -----

// expected-error @+1 {{expected ','}}
"test.op"() {a = sparse<[[0]] [1]> : tensor<2xi32>} : () -> ()

// -----

// expected-error @+1 {{referenced attribute does not match previous definition: 1 : i32}}
"test.op"() {a = distinct[0]<1 : i32>, b = distinct[0]<2 : i32>} : () -> ()

// -----

// expected-error @+1 {{expected distinct ID}}
"test.op"() {a = distinct[x]<1 : i32>} : () -> ()

// -----

// expected-error @+1 {{expected '>' to close distinct attribute}}
"test.op"() {a = distinct[0]<1 : i32} : () -> ()

// -----

// expected-error @+1 {{expected '<' after distinct ID}}
"test.op"() {a = distinct[0](1 : i32)} : () -> ()
