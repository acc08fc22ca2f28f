// Verifier errors of scf.forall, scf.parallel, scf.reduce and
// scf.index_switch, with upstream's wording. The second RUN line checks the
// same expectations against mlir-opt-19.
// RUN: bufopt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 %s -split-input-file -verify-diagnostics

func.func @forall_out_type(%t: tensor<4xf32>) {
  // expected-error @+1 {{'scf.forall' op type mismatch between 0-th output and corresponding block argument}}
  %r = "scf.forall"(%t) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index, %o: tensor<5xf32>):
    "scf.forall.in_parallel"() ({}) : () -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @forall_mapping_rank(%n: index) {
  // expected-error @+1 {{'scf.forall' op mapping attribute size must match op rank}}
  scf.forall (%i) in (%n) {
  } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
  return
}

// -----

func.func @forall_bad_count(%n: index) {
  // expected-error @+1 {{expected 2 upper bound values, got 1}}
  "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0, 0>, staticStep = array<i64: 1, 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index, %j: index):
    "scf.forall.in_parallel"() ({}) : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @forall_insert_not_out(%n: index, %t: tensor<4xf32>, %s: tensor<1xf32>) {
  %r = scf.forall (%i) in (%n) shared_outs(%o = %t) -> (tensor<4xf32>) {
    scf.forall.in_parallel {
      // expected-error @+1 {{'tensor.parallel_insert_slice' op may only insert into an output block argument}}
      tensor.parallel_insert_slice %s into %t[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  return
}

// -----

func.func @in_parallel_other_op(%n: index) {
  scf.forall (%i) in (%n) {
    // expected-error @+1 {{'scf.forall.in_parallel' op expected only tensor.parallel_insert_slice ops}}
    scf.forall.in_parallel {
      "test.use"(%i) : (index) -> ()
    }
  }
  return
}

// -----

func.func @parallel_results(%lb: index, %x: f32) {
  // expected-error @+1 {{'scf.parallel' op expects number of results: 0 to be the same as number of reductions: 1}}
  scf.parallel (%i) = (%lb) to (%lb) step (%lb) {
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      scf.reduce.return %a : f32
    }
  }
  return
}

// -----

func.func @parallel_neg_step(%lb: index) {
  %c = arith.constant -1 : index
  // expected-error @+1 {{'scf.parallel' op constant step operand must be positive}}
  scf.parallel (%i) = (%lb) to (%lb) step (%c) {
  }
  return
}

// -----

func.func @parallel_init_count(%lb: index, %x: f32) {
  // expected-error @+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of initial values: 0}}
  %r = "scf.parallel"(%lb, %lb, %lb) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      scf.reduce.return %a : f32
    }
  }) : (index, index, index) -> f32
  return
}

// -----

func.func @reduce_args(%lb: index, %x: f32) {
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    // expected-error @+1 {{'scf.reduce' op expected two block arguments with type 'f32' in the 0-th reduction region}}
    scf.reduce(%x : f32) {
    ^bb0(%a: f32):
      scf.reduce.return %a : f32
    }
  }
  return
}

// -----

func.func @reduce_return_type(%lb: index, %x: f32, %y: i32) {
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      // expected-error @+1 {{'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)}}
      scf.reduce.return %y : i32
    }
  }
  return
}

// -----

func.func @switch_dup(%i: index) {
  // expected-error @+1 {{'scf.index_switch' op has duplicate case value: 3}}
  scf.index_switch %i
  case 3 {
    scf.yield
  }
  case 3 {
    scf.yield
  }
  default {
  }
  return
}

// -----

func.func @switch_count(%i: index, %x: f32) {
  // expected-error @+1 {{'scf.index_switch' op expected each region to return 1 values, but case region #0 returns 0}}
  %r = scf.index_switch %i -> f32
  case 3 {
    // expected-note @+1 {{see yield operation here}}
    scf.yield
  }
  default {
    scf.yield %x : f32
  }
  return
}

// -----

func.func @switch_type(%i: index, %x: f32, %y: i32) {
  // expected-error @+1 {{'scf.index_switch' op expected result #0 of each region to be 'f32'}}
  %r = scf.index_switch %i -> f32
  case 3 {
    scf.yield %x : f32
  }
  default {
    // expected-note @+1 {{default region returns 'i32' here}}
    scf.yield %y : i32
  }
  return
}

// -----

func.func @switch_no_yield(%i: index) {
  // expected-error @+1 {{'scf.index_switch' op expected region to end with scf.yield, but got test.use}}
  scf.index_switch %i
  case 1 {
    "test.use"(%i) : (index) -> ()
  }
  default {
  }
  return
}

// -----

func.func @in_parallel_no_block(%n: index) {
  "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index):
    // expected-error @+1 {{'scf.forall.in_parallel' op region #0 ('region') failed to verify constraint: region with 1 blocks}}
    "scf.forall.in_parallel"() ({}) : () -> ()
  }) : (index) -> ()
  return
}

// -----

// scf.for's attribute dictionary takes no `attributes` keyword.
func.func @for_attributes_keyword(%lb: index, %ub: index, %s: index) {
  scf.for %i = %lb to %ub step %s {
  // expected-error@+1 {{custom op 'attributes' is unknown}}
  } attributes {some_attr}
  return
}

// -----

// ODS operand constraints come before AllTypesMatch.
func.func @for_float_bound(%f: f32, %i: index) {
  // expected-error @+1 {{operand #1 must be signless integer or index, but got 'f32'}}
  "scf.for"(%i, %f, %i) ({}) : (index, f32, index) -> ()
  return
}

// -----

func.func @for_two_blocks(%i: index) {
  // expected-error @+1 {{expects region #0 to have 0 or 1 blocks}}
  "scf.for"(%i, %i, %i) ({
  ^bb0(%iv: index):
    scf.yield
  ^bb1:
    scf.yield
  }) : (index, index, index) -> ()
  return
}

// -----

// The body is checked after the nested ops, by the loop interface first.
func.func @for_iter_arg_type(%i: index, %x: f32) {
  // expected-error @+1 {{0-th init and 0-th region iter_arg have different type: 'f32' != 'f64'}}
  %r = "scf.for"(%i, %i, %i, %x) ({
  ^bb0(%iv: index, %a: f64):
    "scf.yield"(%x) : (f32) -> ()
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @if_three_regions(%c: i1) {
  // expected-error @+1 {{expected 2 regions}}
  "scf.if"(%c) ({}, {}, {}) : (i1) -> ()
  return
}

// -----

func.func @if_block_argument(%c: i1) {
  // expected-error @+1 {{region #0 should have no arguments}}
  "scf.if"(%c) ({
  ^bb0(%a: index):
    scf.yield
  }, {}) : (i1) -> ()
  return
}
