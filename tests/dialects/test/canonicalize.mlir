// Memory effects and patterns of the test ops under --canonicalize,
// compared with mlir-opt-19.
// RUN: bufopt --canonicalize %s | FileCheck %s
// RUN: bufopt --canonicalize %s > %t.b && mlir-opt-19 --canonicalize %s > %t.m && diff -u %t.m %t.b

// Ops that only read (or are pure) die when unused; writers stay.
// CHECK-LABEL: func.func @dead_ops
// CHECK-NOT: test.forward_buffer
// CHECK-NOT: "test.side_effect_op"() {effects = [{effect = "read"}]}
// CHECK: "test.side_effect_op"() {effects = [{effect = "write"}]}
// CHECK: test.buffer_based
// CHECK: test.read_buffer
// CHECK: test.tensor_based
func.func @dead_ops(%m: memref<2xf32>, %t: tensor<2xf32>) {
  %f = "test.forward_buffer"(%m) : (memref<2xf32>) -> memref<2xf32>
  %r = "test.side_effect_op"() {effects = [{effect = "read"}]} : () -> i32
  %a = "test.side_effect_op"() {effects = [{effect = "allocate", on_result}]} : () -> i32
  %w = "test.side_effect_op"() {effects = [{effect = "write"}]} : () -> i32
  test.buffer_based in(%m: memref<2xf32>) out(%m: memref<2xf32>)
  "test.read_buffer"(%m) : (memref<2xf32>) -> ()
  %u = test.tensor_based in(%t : tensor<2xf32>) -> tensor<2xf32>
  %e = "test.one_region_with_recursive_memory_effects"() ({
    %z = "test.side_effect_op"() {effects = [{effect = "read"}]} : () -> i32
    "test.return"(%z) : (i32) -> ()
  }) : () -> i32
  return
}

// The test dialect's canonicalization pattern.
// CHECK-LABEL: func.func @dialect_pattern
// CHECK-NEXT: %[[C:.*]] = arith.constant 42 : i32
// CHECK-NEXT: return %[[C]]
func.func @dialect_pattern() -> i32 {
  %c = "test.dialect_canonicalizable"() : () -> i32
  return %c : i32
}

// An unused region_if whose regions have no effects is dead.
// CHECK-LABEL: func.func @dead_region_if
// CHECK-NEXT: return
func.func @dead_region_if(%m: memref<2xf32>) {
  %r = test.region_if %m : memref<2xf32> -> memref<2xf32> then {
  ^bb0(%a: memref<2xf32>):
    test.region_if_yield %a : memref<2xf32>
  } else {
  ^bb0(%a: memref<2xf32>):
    test.region_if_yield %a : memref<2xf32>
  } join {
  ^bb0(%a: memref<2xf32>):
    test.region_if_yield %a : memref<2xf32>
  }
  return
}
