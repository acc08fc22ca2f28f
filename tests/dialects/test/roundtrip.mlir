// Custom syntax of the modelled test ops, byte for byte against mlir-opt-19
// (custom and generic forms, and re-reading mlir-opt-19's output).
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt %s | FileCheck %s

// CHECK-LABEL: func.func @buffers
// CHECK: test.buffer_based in(%arg0 : memref<4xf32>) out(%arg1 : memref<4xf32>)
// CHECK: test.region_buffer_based in(%arg0 : memref<4xf32>) out(%arg1 : memref<4xf32>) {
// CHECK-NEXT: ^bb0(%{{.*}}: f32, %{{.*}}: f32):
// CHECK-NEXT: arith.addf
// CHECK-NEXT: test.region_yield
func.func @buffers(%in: memref<4xf32>, %out: memref<4xf32>, %u: memref<*xf32>) {
  test.buffer_based in(%in: memref<4xf32>) out(%out: memref<4xf32>)
  test.buffer_based in(%u : memref<*xf32>) out(%out : memref<4xf32>) {tag = 1 : i32}
  test.region_buffer_based in(%in: memref<4xf32>) out(%out: memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    test.region_yield %s : f32
  }
  test.region_buffer_based in(%in: memref<4xf32>) out(%out: memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    test.region_yield %a : f32 {note = "x"}
  } {outer}
  "test.read_buffer"(%out) : (memref<4xf32>) -> ()
  %f = "test.forward_buffer"(%in) : (memref<4xf32>) -> memref<4xf32>
  test.copy(%f, %out) : (memref<4xf32>, memref<4xf32>)
  return
}

// CHECK-LABEL: func.func @region_if
// CHECK: test.region_if %arg0, %arg1: memref<2xf32>, i32 -> (memref<2xf32>, i32) then {
func.func @region_if(%m: memref<2xf32>, %i: i32) -> (memref<2xf32>, i32) {
  %r:2 = test.region_if %m, %i : memref<2xf32>, i32 -> (memref<2xf32>, i32) then {
  ^bb0(%a: memref<2xf32>, %b: i32):
    test.region_if_yield %a, %b : memref<2xf32>, i32
  } else {
  ^bb0(%a: memref<2xf32>, %b: i32):
    %c = arith.addi %b, %b : i32
    test.region_if_yield %a, %c : memref<2xf32>, i32 {tag}
  } join {
  ^bb0(%a: memref<2xf32>, %b: i32):
    test.region_if_yield %a, %b : memref<2xf32>, i32
  }
  %one = test.region_if %m : memref<2xf32> -> memref<2xf32> then {
  ^bb0(%a: memref<2xf32>):
    test.region_if_yield %a : memref<2xf32>
  } else {
  ^bb0(%a: memref<2xf32>):
    test.region_if_yield %a : memref<2xf32>
  } join {
  ^bb0(%a: memref<2xf32>):
    test.region_if_yield %a : memref<2xf32>
  }
  return %r#0, %r#1 : memref<2xf32>, i32
}

// CHECK-LABEL: func.func @tensors_and_effects
func.func @tensors_and_effects(%t: tensor<?xf32>) -> tensor<?xf32> {
  %r = test.tensor_based in(%t : tensor<?xf32>) -> tensor<?xf32>
  %x = "test.side_effect_op"() {effects = [{effect = "read"}, {effect = "allocate", on_result}]} : () -> i32
  %y = "test.one_region_with_recursive_memory_effects"() ({
    %z = "test.side_effect_op"() {effects = [{effect = "write"}]} : () -> i32
    "test.return"(%z) : (i32) -> ()
  }) : () -> i32
  %c = "test.dialect_canonicalizable"() : () -> i32
  "test.unregistered_thing"(%x, %y, %c) : (i32, i32, i32) -> ()
  return %r : tensor<?xf32>
}
