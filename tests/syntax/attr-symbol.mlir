// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

"test.op"() {a = @a, b = @"quoted name", c = @a::@b::@c, d = @"x y"::@z, e = @_private$1.x, f = [@a, @b::@c]} : () -> ()

// CHECK: module {
// CHECK-NEXT:   "test.op"() {a = @a, b = @"quoted name", c = @a::@b::@c, d = @"x y"::@z, e = @_private$1.x, f = [@a, @b::@c]} : () -> ()
// CHECK-NEXT: }
