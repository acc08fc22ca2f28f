// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// Printing buffers of every integer element type the runtime supports:
// i8 (printed as characters), i16, i32, i64 and index (printed unsigned),
// plus an f64 buffer with special values.
func.func private @printMemrefI8(memref<*xi8>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI16(memref<*xi16>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI64(memref<*xi64>) attributes {llvm.emit_c_interface}
func.func private @printMemrefInd(memref<*xindex>) attributes {llvm.emit_c_interface}
func.func private @printMemrefF64(memref<*xf64>) attributes {llvm.emit_c_interface}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  // "Hello" as i8.
  %s = memref.alloc() : memref<5xi8>
  %h = arith.constant 72 : i8
  %e = arith.constant 101 : i8
  %l = arith.constant 108 : i8
  %o = arith.constant 111 : i8
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  memref.store %h, %s[%c0] : memref<5xi8>
  memref.store %e, %s[%c1] : memref<5xi8>
  memref.store %l, %s[%c2] : memref<5xi8>
  memref.store %l, %s[%c3] : memref<5xi8>
  memref.store %o, %s[%c4] : memref<5xi8>
  %su = memref.cast %s : memref<5xi8> to memref<*xi8>
  call @printMemrefI8(%su) : (memref<*xi8>) -> ()
  %a16 = memref.alloc() : memref<5xi16>
  %a32 = memref.alloc() : memref<5xi32>
  %a64 = memref.alloc() : memref<5xi64>
  %ai = memref.alloc() : memref<5xindex>
  %f = memref.alloc() : memref<5xf64>
  %base = arith.constant -40000 : i64
  %mul = arith.constant 12345 : i64
  scf.for %i = %c0 to %c5 step %c1 {
    %iv = arith.index_cast %i : index to i64
    %t = arith.muli %iv, %mul : i64
    %v = arith.addi %base, %t : i64
    %v16 = arith.trunci %v : i64 to i16
    %v32 = arith.trunci %v : i64 to i32
    %vi = arith.index_cast %v : i64 to index
    memref.store %v16, %a16[%i] : memref<5xi16>
    memref.store %v32, %a32[%i] : memref<5xi32>
    memref.store %v, %a64[%i] : memref<5xi64>
    memref.store %vi, %ai[%i] : memref<5xindex>
    %vf = arith.sitofp %v : i64 to f64
    %q = arith.constant 3.0e-3 : f64
    %vq = arith.mulf %vf, %q : f64
    memref.store %vq, %f[%i] : memref<5xf64>
  }
  %u16 = memref.cast %a16 : memref<5xi16> to memref<*xi16>
  call @printMemrefI16(%u16) : (memref<*xi16>) -> ()
  %u32 = memref.cast %a32 : memref<5xi32> to memref<*xi32>
  call @printMemrefI32(%u32) : (memref<*xi32>) -> ()
  %u64 = memref.cast %a64 : memref<5xi64> to memref<*xi64>
  call @printMemrefI64(%u64) : (memref<*xi64>) -> ()
  %ui = memref.cast %ai : memref<5xindex> to memref<*xindex>
  call @printMemrefInd(%ui) : (memref<*xindex>) -> ()
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %inf = arith.divf %one, %zero : f64
  %ninf = arith.negf %inf : f64
  memref.store %inf, %f[%c1] : memref<5xf64>
  memref.store %ninf, %f[%c3] : memref<5xf64>
  %fu = memref.cast %f : memref<5xf64> to memref<*xf64>
  call @printMemrefF64(%fu) : (memref<*xf64>) -> ()
  memref.dealloc %f : memref<5xf64>
  memref.dealloc %ai : memref<5xindex>
  memref.dealloc %a64 : memref<5xi64>
  memref.dealloc %a32 : memref<5xi32>
  memref.dealloc %a16 : memref<5xi16>
  memref.dealloc %s : memref<5xi8>
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [5] strides = [1] data = 
// CHECK-NEXT: [H,  e,  l,  l,  o]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [5] strides = [1] data = 
// CHECK-NEXT: [25536,  -27655,  -15310,  -2965,  9380]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [5] strides = [1] data = 
// CHECK-NEXT: [-40000,  -27655,  -15310,  -2965,  9380]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [5] strides = [1] data = 
// CHECK-NEXT: [-40000,  -27655,  -15310,  -2965,  9380]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [5] strides = [1] data = 
// CHECK-NEXT: [18446744073709511616,  18446744073709523961,  18446744073709536306,  18446744073709548651,  9380]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [5] strides = [1] data = 
// CHECK-NEXT: [-120,  inf,  -45.93,  -inf,  28.14]
