// Symbol uses that do not resolve: an unknown callee among many functions,
// a callee that names a non-function symbol, and a call from a nested
// module to a function of the outer one (lookups search the nearest symbol
// table only, as MLIR's lookupNearestSymbolFrom). Diagnostics match
// mlir-opt-19's.
// RUN: bufopt %s -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 %s -split-input-file -verify-diagnostics

module {
  func.func @a() { return }
  func.func @b() {
    func.call @a() : () -> ()
    // expected-error@+1 {{'func.call' op 'nope' does not reference a valid function}}
    func.call @nope() : () -> ()
    return
  }
  func.func @c() { return }
}

// -----

module {
  memref.global "private" @g : memref<2xf32> = dense<0.0>
  func.func @f() {
    // expected-error@+1 {{'func.call' op 'g' does not reference a valid function}}
    func.call @g() : () -> ()
    return
  }
}

// -----

module {
  func.func @outer() { return }
  module @inner {
    func.func @f() {
      // expected-error@+1 {{'func.call' op 'outer' does not reference a valid function}}
      func.call @outer() : () -> ()
      return
    }
  }
}

// -----

module {
  func.func @f() -> i32 {
    // expected-error@+1 {{'func.constant' op reference to undefined function 'missing'}}
    %f = func.constant @missing : () -> i32
    %r = func.call_indirect %f() : () -> i32
    return %r : i32
  }
}

// -----

module @m {
  module @inner {
    func.func @g() { return }
  }
  func.func @f() {
    // expected-error@+1 {{'memref.get_global' op 'x' does not reference a valid global memref}}
    %0 = memref.get_global @x : memref<2xf32>
    return
  }
}
