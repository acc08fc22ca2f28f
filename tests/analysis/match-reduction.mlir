// `test-match-reduction` on scf.for (upstream's file covers linalg and
// affine): a reduction by a value from above the loop, a chain of two
// combiners (not matched: upstream allows one), and a combiner with unknown
// memory effects (not matched). mlir-opt-19 verifies the same remarks.
// RUN: bufopt %s -pass-pipeline="builtin.module(func.func(test-match-reduction))" -split-input-file -verify-diagnostics -allow-unregistered-dialect

// expected-remark@below {{Testing function}}
func.func @scf_mul(%lb: index, %ub: index, %step: index, %init: f32, %x: f32) -> f32 {
  // expected-remark@below {{Reduction found in output #0!}}
  // expected-remark@below {{Reduced Value: <block argument> of type 'f32' at index: 4}}
  // expected-remark@below {{Combiner Op: %1 = arith.mulf %arg6, %arg4 : f32}}
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %init) -> (f32) {
    %m = arith.mulf %acc, %x : f32
    scf.yield %m : f32
  }
  return %r : f32
}

// -----

// expected-remark@below {{Testing function}}
func.func @two_combiners(%lb: index, %ub: index, %step: index, %init: f32, %x: f32) -> f32 {
  // expected-remark@below {{Reduction NOT found in output #0!}}
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %init) -> (f32) {
    %a = arith.addf %acc, %x : f32
    %b = arith.addf %a, %x : f32
    scf.yield %b : f32
  }
  return %r : f32
}

// -----

// expected-remark@below {{Testing function}}
func.func @effects(%lb: index, %ub: index, %step: index, %init: f32, %x: f32) -> f32 {
  // expected-remark@below {{Reduction NOT found in output #0!}}
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %init) -> (f32) {
    %a = "foo.combine"(%acc, %x) : (f32, f32) -> f32
    scf.yield %a : f32
  }
  return %r : f32
}
