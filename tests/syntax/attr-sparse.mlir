// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s
// RUN: bufopt --allow-unregistered-dialect %s | bufopt --allow-unregistered-dialect | FileCheck %s

// Sparse elements: explicit index lists, a single index given as a splat,
// splat values, hex values, string values, and the all-zero `sparse<>`.

// CHECK: module {
// CHECK{LITERAL}:   "test.sparse"() {a = sparse<[[0, 1], [1, 0]], [1.500000e+00, 2.000000e+00]> : tensor<2x2xf32>, b = sparse<> : tensor<3xi32>, c = sparse<[[0], [2]], [1, 2]> : vector<3xi8>, d = sparse<0, 1> : tensor<2x2xi8>, e = sparse<[[1, 1], [0, 0]], 7> : tensor<2x2xi32>, f = sparse<1, "x"> : tensor<2x!foo.str>, g = sparse<[0, 2], [true, false]> : tensor<3xi1>} : () -> ()
// CHECK: }

"test.sparse"() {
  a = sparse<[[0, 1], [1, 0]], [1.5, 2.0]> : tensor<2x2xf32>,
  b = sparse<> : tensor<3xi32>,
  c = sparse<[[0], [2]], [1, 2]> : vector<3xi8>,
  d = sparse<[[0, 0]], "0x01"> : tensor<2x2xi8>,
  e = sparse<[[1, 1], [0, 0]], 7> : tensor<2x2xi32>,
  f = sparse<[[1]], ["x"]> : tensor<2x!foo.str>,
  g = sparse<[0, 2], [true, false]> : tensor<3xi1>
} : () -> ()
