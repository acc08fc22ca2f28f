// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// f16 and bf16 arithmetic (each op rounded to the narrow type), conversions
// to and from f32/integers, and printMemrefF16/BF16.
func.func private @printMemrefF16(memref<*xf16>) attributes {llvm.emit_c_interface}
func.func private @printMemrefBF16(memref<*xbf16>) attributes {llvm.emit_c_interface}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %h = memref.alloc() : memref<8xf16>
  %b = memref.alloc() : memref<8xbf16>
  %third = arith.constant 0.333333343 : f32
  %x0 = arith.constant 1.0 : f32
  %last = scf.for %i = %c0 to %c8 step %c1 iter_args(%x = %x0) -> (f32) {
    %xh = arith.truncf %x : f32 to f16
    %th = arith.truncf %third : f32 to f16
    %p = arith.mulf %xh, %th : f16
    %q = arith.addf %p, %xh : f16
    %r = arith.divf %q, %th : f16
    memref.store %r, %h[%i] : memref<8xf16>
    %xb = arith.truncf %x : f32 to bf16
    %tb = arith.truncf %third : f32 to bf16
    %pb = arith.mulf %xb, %tb : bf16
    %qb = arith.subf %pb, %xb : bf16
    memref.store %qb, %b[%i] : memref<8xbf16>
    %ten = arith.constant 7.5 : f32
    %nx = arith.mulf %x, %ten : f32
    scf.yield %nx : f32
  }
  %hu = memref.cast %h : memref<8xf16> to memref<*xf16>
  call @printMemrefF16(%hu) : (memref<*xf16>) -> ()
  %bu = memref.cast %b : memref<8xbf16> to memref<*xbf16>
  call @printMemrefBF16(%bu) : (memref<*xbf16>) -> ()
  // Conversions: f16 -> i32 -> f16, and bf16 -> f64.
  %c2 = arith.constant 2 : index
  %v = memref.load %h[%c2] : memref<8xf16>
  %vi = arith.fptosi %v : f16 to i32
  %vh = arith.sitofp %vi : i32 to f16
  memref.store %vh, %h[%c0] : memref<8xf16>
  %w = memref.load %b[%c2] : memref<8xbf16>
  %wd = arith.extf %w : bf16 to f64
  %wt = arith.truncf %wd : f64 to bf16
  %wn = arith.negf %wt : bf16
  memref.store %wn, %b[%c0] : memref<8xbf16>
  call @printMemrefF16(%hu) : (memref<*xf16>) -> ()
  call @printMemrefBF16(%bu) : (memref<*xbf16>) -> ()
  memref.dealloc %h : memref<8xf16>
  memref.dealloc %b : memref<8xbf16>
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [8] strides = [1] data = 
// CHECK-NEXT: [4,  30,  225,  1688,  12648,  inf,  inf,  inf]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [8] strides = [1] data = 
// CHECK-NEXT: [-0.664062,  -5,  -37.5,  -280,  -2112,  -15744,  -118784,  -888832]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [8] strides = [1] data = 
// CHECK-NEXT: [225,  30,  225,  1688,  12648,  inf,  inf,  inf]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [8] strides = [1] data = 
// CHECK-NEXT: [37.5,  -5,  -37.5,  -280,  -2112,  -15744,  -118784,  -888832]
