// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// memref.view carving typed buffers out of one i8 allocation,
// memref.alloca_scope, memref.atomic_rmw and generic_atomic_rmw, and
// memref.extract_strided_metadata / memref.rank / memref.dim.
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI64(memref<*xi64>) attributes {llvm.emit_c_interface}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %raw = memref.alloc() : memref<64xi8>
  // Bytes [0, 16): a 2x2 f32 matrix; bytes [16, 64): six i64 slots.
  %f = memref.view %raw[%c0][] : memref<64xi8> to memref<2x2xf32>
  %n = memref.view %raw[%c16][%c3] : memref<64xi8> to memref<?x2xi64>
  %one = arith.constant 1.25 : f32
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      %ij = arith.addi %i, %j : index
      %iji = arith.index_cast %ij : index to i32
      %ijf = arith.sitofp %iji : i32 to f32
      %v = arith.mulf %ijf, %one : f32
      memref.store %v, %f[%i, %j] : memref<2x2xf32>
    }
  }
  %zero = arith.constant 0 : i64
  scf.for %i = %c0 to %c3 step %c1 {
    memref.store %zero, %n[%i, %c0] : memref<?x2xi64>
    memref.store %zero, %n[%i, %c1] : memref<?x2xi64>
  }
  %c10 = arith.constant 10 : index
  %seven = arith.constant 7 : i64
  scf.for %i = %c0 to %c10 step %c1 {
    %ii = arith.index_cast %i : index to i64
    %r = arith.remui %i, %c3 : index
    %old = memref.atomic_rmw addi %ii, %n[%r, %c0] : (i64, memref<?x2xi64>) -> i64
    %m = memref.atomic_rmw maxs %ii, %n[%r, %c1] : (i64, memref<?x2xi64>) -> i64
  }
  %g = memref.generic_atomic_rmw %n[%c2, %c1] : memref<?x2xi64> {
  ^bb0(%cur: i64):
    %x = arith.muli %cur, %seven : i64
    memref.atomic_yield %x : i64
  }
  %fu = memref.cast %f : memref<2x2xf32> to memref<*xf32>
  call @printMemrefF32(%fu) : (memref<*xf32>) -> ()
  %nu = memref.cast %n : memref<?x2xi64> to memref<*xi64>
  call @printMemrefI64(%nu) : (memref<*xi64>) -> ()
  %meta = memref.alloc() : memref<6xi64>
  %base, %off, %sz:2, %st:2 = memref.extract_strided_metadata %n : memref<?x2xi64> -> memref<i64>, index, index, index, index, index
  %rank = memref.rank %n : memref<?x2xi64>
  %d0 = memref.dim %n, %c0 : memref<?x2xi64>
  memref.alloca_scope {
    %tmp = memref.alloca() : memref<6xindex>
    memref.store %off, %tmp[%c0] : memref<6xindex>
    memref.store %sz#0, %tmp[%c1] : memref<6xindex>
    memref.store %sz#1, %tmp[%c2] : memref<6xindex>
    memref.store %st#0, %tmp[%c3] : memref<6xindex>
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    memref.store %rank, %tmp[%c4] : memref<6xindex>
    memref.store %d0, %tmp[%c5] : memref<6xindex>
    // Straight-line code only: the oracle's lowering cannot take an
    // alloca_scope whose body became several blocks.
    %v0 = memref.load %tmp[%c0] : memref<6xindex>
    %v1 = memref.load %tmp[%c1] : memref<6xindex>
    %v2 = memref.load %tmp[%c2] : memref<6xindex>
    %v3 = memref.load %tmp[%c3] : memref<6xindex>
    %v4 = memref.load %tmp[%c4] : memref<6xindex>
    %v5 = memref.load %tmp[%c5] : memref<6xindex>
    %w0 = arith.index_cast %v0 : index to i64
    %w1 = arith.index_cast %v1 : index to i64
    %w2 = arith.index_cast %v2 : index to i64
    %w3 = arith.index_cast %v3 : index to i64
    %w4 = arith.index_cast %v4 : index to i64
    %w5 = arith.index_cast %v5 : index to i64
    memref.store %w0, %meta[%c0] : memref<6xi64>
    memref.store %w1, %meta[%c1] : memref<6xi64>
    memref.store %w2, %meta[%c2] : memref<6xi64>
    memref.store %w3, %meta[%c3] : memref<6xi64>
    memref.store %w4, %meta[%c4] : memref<6xi64>
    memref.store %w5, %meta[%c5] : memref<6xi64>
  }
  %mu = memref.cast %meta : memref<6xi64> to memref<*xi64>
  call @printMemrefI64(%mu) : (memref<*xi64>) -> ()
  memref.dealloc %meta : memref<6xi64>
  memref.dealloc %raw : memref<64xi8>
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 2] strides = [2, 1] data = 
// CHECK-NEXT: {{\[\[}}0,   1.25], 
// CHECK-NEXT:  [1.25,   2.5]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [3, 2] strides = [2, 1] data = 
// CHECK-NEXT: {{\[\[}}18,   9], 
// CHECK-NEXT:  [12,   7], 
// CHECK-NEXT:  [15,   56]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [6] strides = [1] data = 
// CHECK-NEXT: [0,  3,  2,  2,  2,  3]
