// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// affine.parallel with max/min bound groups, steps and reductions (addf,
// ori, muli, and a zero-trip loop that yields the identities), and
// linalg.generic indexing maps with mod, floordiv and ceildiv.
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI64(memref<*xi64>) attributes {llvm.emit_c_interface}

func.func @reduce(%m: memref<6x4xf32>, %n: index) -> (f32, i64, i64, f32, i64) {
  %sum, %mx, %prod = affine.parallel (%i, %j) = (0, max(1, %n - 4)) to (min(6, %n), 4) step (2, 1) reduce ("addf", "ori", "muli") -> (f32, i64, i64) {
    %v = affine.load %m[%i, %j] : memref<6x4xf32>
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %k = arith.addi %ii, %jj : i64
    affine.yield %v, %k, %k : f32, i64, i64
  }
  %none_f, %none_i = affine.parallel (%i) = (%n) to (0) reduce ("maximumf", "andi") -> (f32, i64) {
    %c = arith.constant 1.0 : f32
    %d = arith.constant 1 : i64
    affine.yield %c, %d : f32, i64
  }
  return %sum, %mx, %prod, %none_f, %none_i : f32, i64, i64, f32, i64
}

func.func @main() {
  %m = memref.alloc() : memref<6x4xf32>
  affine.parallel (%i, %j) = (0, 0) to (6, 4) {
    %ii = arith.index_cast %i : index to i32
    %jj = arith.index_cast %j : index to i32
    %c10 = arith.constant 10 : i32
    %t = arith.muli %ii, %c10 : i32
    %s = arith.addi %t, %jj : i32
    %f = arith.sitofp %s : i32 to f32
    affine.store %f, %m[%i, %j] : memref<6x4xf32>
  }
  %n = arith.constant 5 : index
  %a, %b, %c, %d, %e = call @reduce(%m, %n) : (memref<6x4xf32>, index) -> (f32, i64, i64, f32, i64)
  %out = memref.alloc() : memref<2xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  memref.store %a, %out[%c0] : memref<2xf32>
  memref.store %d, %out[%c1] : memref<2xf32>
  %uo = memref.cast %out : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%uo) : (memref<*xf32>) -> ()
  %iout = memref.alloc() : memref<3xi64>
  %c2 = arith.constant 2 : index
  memref.store %b, %iout[%c0] : memref<3xi64>
  memref.store %c, %iout[%c1] : memref<3xi64>
  memref.store %e, %iout[%c2] : memref<3xi64>
  %ui = memref.cast %iout : memref<3xi64> to memref<*xi64>
  call @printMemrefI64(%ui) : (memref<*xi64>) -> ()
  // Non-linear indexing maps: fold a 6x4 matrix into 3 rows by i mod 3,
  // and gather columns j floordiv 2 and j ceildiv 2.
  %acc = memref.alloc() : memref<3x4xf32>
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%acc : memref<3x4xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i mod 3, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%m : memref<6x4xf32>) outs(%acc : memref<3x4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  %ua = memref.cast %acc : memref<3x4xf32> to memref<*xf32>
  call @printMemrefF32(%ua) : (memref<*xf32>) -> ()
  %g = memref.alloc() : memref<6x3xf32>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j floordiv 2)>, affine_map<(i, j) -> (i, (j + 1) ceildiv 2)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%m, %m : memref<6x4xf32>, memref<6x4xf32>) outs(%g : memref<6x3xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %s = arith.subf %y, %x : f32
    linalg.yield %s : f32
  }
  %ug = memref.cast %g : memref<6x3xf32> to memref<*xf32>
  call @printMemrefF32(%ug) : (memref<*xf32>) -> ()
  memref.dealloc %m : memref<6x4xf32>
  memref.dealloc %out : memref<2xf32>
  memref.dealloc %iout : memref<3xi64>
  memref.dealloc %acc : memref<3x4xf32>
  memref.dealloc %g : memref<6x3xf32>
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [2] strides = [1] data = 
// CHECK-NEXT: [198,  -inf]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [3] strides = [1] data = 
// CHECK-NEXT: [7,  75600,  -1]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [3, 4] strides = [4, 1] data = 
// CHECK-NEXT: {{\[\[}}30,   32,   34,   36], 
// CHECK-NEXT:  [50,   52,   54,   56], 
// CHECK-NEXT:  [70,   72,   74,   76]]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [6, 3] strides = [3, 1] data = 
// CHECK-NEXT: {{\[\[}}1,   1,   1], 
// CHECK-NEXT:  [1,   1,   1], 
// CHECK-NEXT:  [1,   1,   1], 
// CHECK-NEXT:  [1,   1,   1], 
// CHECK-NEXT:  [1,   1,   1], 
// CHECK-NEXT:  [1,   1,   1]]
