// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// Bubble sort of an f32 buffer written entirely with cf blocks (no scf),
// with an early exit when a pass makes no swap, and a pass counter.
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @printI64(i64)
func.func private @printNewline()

func.func @bsort(%m: memref<?xf32>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xf32>
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %false = arith.constant false
  %true = arith.constant true
  cf.br ^pass(%zero : i64)
^pass(%passes: i64):
  %p1 = arith.addi %passes, %one : i64
  cf.br ^inner(%c1, %false : index, i1)
^inner(%i: index, %swapped: i1):
  %more = arith.cmpi ult, %i, %n : index
  cf.cond_br %more, ^body, ^endpass
^body:
  %im1 = arith.subi %i, %c1 : index
  %a = memref.load %m[%im1] : memref<?xf32>
  %b = memref.load %m[%i] : memref<?xf32>
  %gt = arith.cmpf ogt, %a, %b : f32
  %next = arith.addi %i, %c1 : index
  cf.cond_br %gt, ^swap, ^inner(%next, %swapped : index, i1)
^swap:
  memref.store %b, %m[%im1] : memref<?xf32>
  memref.store %a, %m[%i] : memref<?xf32>
  cf.br ^inner(%next, %true : index, i1)
^endpass:
  cf.cond_br %swapped, ^pass(%p1 : i64), ^done
^done:
  return %p1 : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  %m = memref.alloc(%c9) : memref<?xf32>
  %x0 = arith.constant 0.3 : f32
  %step = arith.constant 2.7 : f32
  %ten = arith.constant 10.0 : f32
  %final = scf.for %i = %c0 to %c9 step %c1 iter_args(%x = %x0) -> (f32) {
    %y = arith.addf %x, %step : f32
    %z = arith.remf %y, %ten : f32
    %w = arith.subf %z, %step : f32
    memref.store %w, %m[%i] : memref<?xf32>
    scf.yield %z : f32
  }
  %u = memref.cast %m : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %p = call @bsort(%m) : (memref<?xf32>) -> i64
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  call @printI64(%p) : (i64) -> ()
  call @printNewline() : () -> ()
  memref.dealloc %m : memref<?xf32>
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [9] strides = [1] data = 
// CHECK-NEXT: [0.3,  3,  5.7,  -1.6,  1.1,  3.8,  6.5,  -0.8,  1.9]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [9] strides = [1] data = 
// CHECK-NEXT: [-1.6,  -0.8,  0.3,  1.1,  1.9,  3,  3.8,  5.7,  6.5]
// CHECK-NEXT: 7
