// What scf.if, scf.for, scf.while and scf.execute_region regions yield must
// match what the next region or the op's results receive: upstream's
// RegionBranchOpInterface and LoopLikeOpInterface checks, reported on the
// parent op once its regions are verified. The second RUN line checks the
// same expectations against mlir-opt-19.
// RUN: bufopt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 %s -split-input-file -verify-diagnostics

func.func @if_count(%c: i1, %a: i32) -> i32 {
  // expected-error @+1 {{'scf.if' op  region control flow edge from Region #0 to parent results: source has 2 operands, but target successor needs 1}}
  %r = scf.if %c -> (i32) {
    scf.yield %a, %a : i32, i32
  } else {
    scf.yield %a : i32
  }
  return %r : i32
}

// -----

func.func @if_else_type(%c: i1, %a: i32, %b: i64) -> i32 {
  // expected-error @+1 {{'scf.if' op  along control flow edge from Region #1 to parent results: source type #0 'i64' should match input type #0 'i32'}}
  %r = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %b : i64
  }
  return %r : i32
}

// -----

func.func @if_no_results(%c: i1, %a: i32) {
  // expected-error @+1 {{'scf.if' op  region control flow edge from Region #0 to parent results: source has 1 operands, but target successor needs 0}}
  scf.if %c {
    scf.yield %a : i32
  }
  return
}

// -----

func.func @for_type(%lb: index, %a: i32, %b: i64) -> i32 {
  // expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'i32' != 'i64'}}
  %r = scf.for %i = %lb to %lb step %lb iter_args(%x = %a) -> (i32) {
    scf.yield %b : i64
  }
  return %r : i32
}

// -----

func.func @for_count(%lb: index, %a: i32) -> i32 {
  // expected-error @+1 {{'scf.for' op different number of region iter_args and yielded values: 1 != 2}}
  %r = scf.for %i = %lb to %lb step %lb iter_args(%x = %a) -> (i32) {
    scf.yield %a, %a : i32, i32
  }
  return %r : i32
}

// -----

func.func @for_empty_yield(%lb: index, %a: i32) -> i32 {
  // expected-error @+1 {{'scf.for' op  region control flow edge from Region #0 to Region #0: source has 0 operands, but target successor needs 1}}
  %r = scf.for %i = %lb to %lb step %lb iter_args(%x = %a) -> (i32) {
    scf.yield
  }
  return %r : i32
}

// -----

func.func @while_condition(%a: i32, %b: i64) -> i32 {
  // expected-error @+1 {{'scf.while' op  along control flow edge from Region #0 to parent results: source type #0 'i64' should match input type #0 'i32'}}
  %r = scf.while (%x = %a) : (i32) -> i32 {
    %c = arith.constant true
    scf.condition(%c) %b : i64
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

func.func @while_yield(%a: i32, %b: i64) -> i32 {
  // expected-error @+1 {{'scf.while' op  along control flow edge from Region #1 to Region #0: source type #0 'i64' should match input type #0 'i32'}}
  %r = scf.while (%x = %a) : (i32) -> i32 {
    %c = arith.constant true
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    scf.yield %b : i64
  }
  return %r : i32
}

// -----

func.func @execute_region(%a: i32) -> i32 {
  // expected-error @+1 {{'scf.execute_region' op  region control flow edge from Region #0 to parent results: source has 2 operands, but target successor needs 1}}
  %r = scf.execute_region -> i32 {
    scf.yield %a, %a : i32, i32
  }
  return %r : i32
}

// -----

// An error inside a region is reported before the parent's check of what
// the region yields.
func.func @nested_first(%c: i1, %a: i32, %b: i64) -> i32 {
  %r = scf.if %c -> (i32) {
    // expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
    %s = "arith.addi"(%a, %a) : (i32, i32) -> i64
    scf.yield %s : i64
  } else {
    scf.yield %a : i32
  }
  return %r : i32
}
