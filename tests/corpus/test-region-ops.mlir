// RUN: mlir-opt-19 --canonicalize %s > %t.m && bufopt --canonicalize %s > %t.b && mlir-opt-19 %t.b > %t.bn && bufopt %t.m > /dev/null && mlir-opt-19 %t.m > %t.mn && diff -u %t.mn %t.bn
// The test ops of upstream's buffer deallocation tests: region_if with
// then/else/join regions, region_buffer_based, read_buffer.
func.func @region_if(%cond: i1, %m: memref<4xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %r = test.region_if %m : memref<4xf32> -> memref<4xf32> then {
  ^bb0(%a: memref<4xf32>):
    test.region_if_yield %a : memref<4xf32>
  } else {
  ^bb0(%a: memref<4xf32>):
    %b = memref.alloc() : memref<4xf32>
    test.buffer_based in(%a: memref<4xf32>) out(%b: memref<4xf32>)
    test.region_if_yield %b : memref<4xf32>
  } join {
  ^bb0(%a: memref<4xf32>):
    test.region_if_yield %a : memref<4xf32>
  }
  test.region_buffer_based in(%r: memref<4xf32>) out(%out: memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %t = arith.constant true
    %s = arith.select %t, %x, %y : f32
    test.region_yield %s : f32
  }
  "test.read_buffer"(%out) : (memref<4xf32>) -> ()
  %unused = "test.forward_buffer"(%m) : (memref<4xf32>) -> memref<4xf32>
  return
}
