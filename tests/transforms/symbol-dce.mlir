// RUN: bufopt --allow-unregistered-dialect --symbol-dce %s | FileCheck %s
// RUN: bufopt --allow-unregistered-dialect --symbol-dce %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --symbol-dce %s > %t.m && diff -u %t.m %t.b

// Private (and, in a hidden table, non-public) symbols without uses from
// live code are erased; references are followed through nested tables and
// through arrays and dictionaries of attributes.
// CHECK-NOT:   @dead_private
// CHECK-NOT:   @only_used_by_dead
// CHECK-NOT:   @dead_user
// CHECK:       func.func private @live_private
// CHECK:       func.func @public_root
// CHECK-NOT:   @nested_vis
// CHECK-NOT:   @inner_public
// CHECK:       module @inner_pub
// CHECK-NOT:     @p()
// CHECK:         func.func @q
// CHECK:       "foo.keep"
module {
  func.func private @dead_private() {
    return
  }
  func.func private @live_private() {
    return
  }
  func.func private @only_used_by_dead() {
    return
  }
  func.func private @dead_user() {
    call @only_used_by_dead() : () -> ()
    return
  }
  func.func @public_root() {
    call @live_private() : () -> ()
    return
  }
  func.func nested @nested_vis() {
    return
  }
  module @inner attributes {sym_visibility = "private"} {
    func.func @inner_public() {
      return
    }
  }
  module @inner_pub {
    func.func private @p() {
      return
    }
    func.func @q() {
      return
    }
  }
  "foo.keep"() {ref = [@public_root, {x = @inner_pub::@q}]} : () -> ()
}
