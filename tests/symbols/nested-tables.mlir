// Nested symbol tables: calls resolve in the nearest table, the same name
// may be defined in an inner and an outer table, nested references
// (@inner::@f) reach into inner tables, and symbol-dce keeps what those
// references use. Output matches mlir-opt-19.
// RUN: bufopt --allow-unregistered-dialect %s > %t.b && mlir-opt-19 --allow-unregistered-dialect %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --symbol-dce %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --symbol-dce %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --symbol-dce %s | FileCheck %s

// CHECK-LABEL: module @inner
// CHECK:         func.func nested @used_by_outer
// CHECK-NOT:     @unused_nested
// CHECK:         func.func @f() -> i32
// CHECK:           call @same
// CHECK:         func.func private @same() -> i32
// CHECK:           arith.constant 1
// CHECK:       func.func private @same() -> i32
// CHECK:         arith.constant 2
// CHECK:       func.func @main
// CHECK:         call @same
// CHECK:         "foo.use"() {ref = @inner::@used_by_outer}
// CHECK-NOT:   @dead
module {
  module @inner {
    func.func nested @used_by_outer() { return }
    func.func nested @unused_nested() { return }
    func.func @f() -> i32 {
      %r = func.call @same() : () -> i32
      return %r : i32
    }
    func.func private @same() -> i32 {
      %c = arith.constant 1 : i32
      return %c : i32
    }
  }
  func.func private @same() -> i32 {
    %c = arith.constant 2 : i32
    return %c : i32
  }
  func.func private @dead() { return }
  func.func @main() -> i32 {
    %r = func.call @same() : () -> i32
    "foo.use"() {ref = @inner::@used_by_outer} : () -> ()
    return %r : i32
  }
}
