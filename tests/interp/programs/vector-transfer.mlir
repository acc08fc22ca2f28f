// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// Vector loads and stores from buffers: vector.load/store,
// transfer_read with padding beyond the bounds, masked transfer_write,
// and vector.splat/fma on the loaded values.
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %m = memref.alloc() : memref<5xf32>
  scf.for %i = %c0 to %c5 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %m[%i] : memref<5xf32>
  }
  %v = vector.load %m[%c1] : memref<5xf32>, vector<3xf32>
  %two = arith.constant 2.0 : f32
  %s = vector.splat %two : vector<3xf32>
  %f = vector.fma %v, %s, %v : vector<3xf32>
  vector.store %f, %m[%c2] : memref<5xf32>, vector<3xf32>
  %u = memref.cast %m : memref<5xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %pad = arith.constant -9.0 : f32
  %r = vector.transfer_read %m[%c2], %pad : memref<5xf32>, vector<6xf32>
  %out = memref.alloc() : memref<6xf32>
  vector.transfer_write %r, %out[%c0] : vector<6xf32>, memref<6xf32>
  %ou = memref.cast %out : memref<6xf32> to memref<*xf32>
  call @printMemrefF32(%ou) : (memref<*xf32>) -> ()
  %mask = arith.constant dense<[true, false, true, false]> : vector<4xi1>
  %z = arith.constant dense<100.0> : vector<4xf32>
  vector.transfer_write %z, %out[%c1], %mask : vector<4xf32>, memref<6xf32>
  call @printMemrefF32(%ou) : (memref<*xf32>) -> ()
  memref.dealloc %out : memref<6xf32>
  memref.dealloc %m : memref<5xf32>
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [5] strides = [1] data = 
// CHECK-NEXT: [0,  1,  3,  6,  9]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [6] strides = [1] data = 
// CHECK-NEXT: [3,  6,  9,  -9,  -9,  -9]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [6] strides = [1] data = 
// CHECK-NEXT: [3,  100,  9,  100,  -9,  -9]
