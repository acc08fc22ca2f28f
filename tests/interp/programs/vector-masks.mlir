// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// vector.create_mask (dynamic sizes, including one past the vector and a
// zero) and vector.constant_mask, printed and used by a masked
// vector.transfer_read.
func.func @masks(%n: index, %m: index) {
  %a = vector.create_mask %n, %m : vector<3x4xi1>
  vector.print %a : vector<3x4xi1>
  %z = arith.constant 0 : index
  %b = vector.create_mask %z : vector<5xi1>
  vector.print %b : vector<5xi1>
  %c = vector.constant_mask [1, 2] : vector<2x3xi1>
  vector.print %c : vector<2x3xi1>
  %buf = memref.alloc() : memref<4xf32>
  %f = arith.constant 2.5 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  memref.store %f, %buf[%c0] : memref<4xf32>
  memref.store %f, %buf[%c1] : memref<4xf32>
  memref.store %f, %buf[%c2] : memref<4xf32>
  memref.store %f, %buf[%c3] : memref<4xf32>
  %pad = arith.constant -1.0 : f32
  %mask = vector.create_mask %m : vector<4xi1>
  %r = vector.transfer_read %buf[%c0], %pad, %mask : memref<4xf32>, vector<4xf32>
  vector.print %r : vector<4xf32>
  memref.dealloc %buf : memref<4xf32>
  return
}

func.func @main() {
  %n = arith.constant 2 : index
  %m = arith.constant 5 : index
  call @masks(%n, %m) : (index, index) -> ()
  %k = arith.constant 3 : index
  call @masks(%k, %n) : (index, index) -> ()
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: ( ( 1, 1, 1, 1 ), ( 1, 1, 1, 1 ), ( 0, 0, 0, 0 ) )
// CHECK-NEXT: ( 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( ( 1, 1, 0 ), ( 0, 0, 0 ) )
// CHECK-NEXT: ( 2.5, 2.5, 2.5, 2.5 )
// CHECK-NEXT: ( ( 1, 1, 0, 0 ), ( 1, 1, 0, 0 ), ( 1, 1, 0, 0 ) )
// CHECK-NEXT: ( 0, 0, 0, 0, 0 )
// CHECK-NEXT: ( ( 1, 1, 0 ), ( 0, 0, 0 ) )
// CHECK-NEXT: ( 2.5, 2.5, -1, -1 )
