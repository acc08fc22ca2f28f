// promote-buffers-to-stack with its default options, a 64-byte limit
// (LOW), rank 2 for dynamic shapes (RANK) and 32-bit indices (IDX, an
// option mlir-opt-19 no longer has); NLOW, NRANK and NIDX are the lines of
// the runs without that option. promote-stack-vs-mlir-opt.mlir checks
// the output of the first three is mlir-opt-19's, byte for byte.
// RUN: bufopt -promote-buffers-to-stack -split-input-file %s | FileCheck %s --check-prefixes=CHECK,NLOW,NRANK,NIDX
// RUN: bufopt -promote-buffers-to-stack=max-alloc-size-in-bytes=64 -split-input-file %s | FileCheck %s --check-prefixes=CHECK,LOW,NRANK,NIDX
// RUN: bufopt -promote-buffers-to-stack=max-rank-of-allocated-memref=2 -split-input-file %s | FileCheck %s --check-prefixes=CHECK,NLOW,RANK,NIDX
// RUN: bufopt -promote-buffers-to-stack=bitwidth-of-index-type=32 -split-input-file %s | FileCheck %s --check-prefixes=CHECK,NLOW,NRANK,IDX

// CHECK-LABEL: func.func @limit
// NLOW-NEXT: memref.alloca() : memref<256xf32>
// LOW-NEXT: memref.alloc() : memref<256xf32>
// CHECK-NEXT: memref.alloc() : memref<257xf32>
// CHECK-NEXT: memref.alloca() : memref<16xf32>

// 256 f32 are 1024 bytes: promoted by default, not with a 64-byte limit.
func.func @limit() {
  %a = memref.alloc() : memref<256xf32>
  %b = memref.alloc() : memref<257xf32>
  %c = memref.alloc() : memref<16xf32>
  "test.read_buffer"(%a) : (memref<256xf32>) -> ()
  "test.read_buffer"(%b) : (memref<257xf32>) -> ()
  "test.read_buffer"(%c) : (memref<16xf32>) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @element_sizes
// NLOW-NEXT: memref.alloca() : memref<8192xi1>
// LOW-NEXT: memref.alloc() : memref<8192xi1>
// NIDX-NEXT: memref.alloc() : memref<256xindex>
// IDX-NEXT: memref.alloca() : memref<256xindex>
// NLOW-NEXT: memref.alloca() : memref<128xcomplex<f32>>
// LOW-NEXT: memref.alloc() : memref<128xcomplex<f32>>
// NLOW-NEXT: memref.alloca() : memref<64xvector<3xf32>>
// LOW-NEXT: memref.alloc() : memref<64xvector<3xf32>>
// CHECK-NEXT: memref.alloc() : memref<65xvector<3xf32>>

// Element sizes: i1 takes one bit, index 64 bits (256 of them are too
// many unless bitwidth-of-index-type is 32), complex<f32> 64,
// vector<3xf32> as much as vector<4xf32>.
func.func @element_sizes() {
  %a = memref.alloc() : memref<8192xi1>
  %b = memref.alloc() : memref<256xindex>
  %c = memref.alloc() : memref<128xcomplex<f32>>
  %d = memref.alloc() : memref<64xvector<3xf32>>
  %e = memref.alloc() : memref<65xvector<3xf32>>
  "test.read_buffer"(%a) : (memref<8192xi1>) -> ()
  "test.read_buffer"(%b) : (memref<256xindex>) -> ()
  "test.read_buffer"(%c) : (memref<128xcomplex<f32>>) -> ()
  "test.read_buffer"(%d) : (memref<64xvector<3xf32>>) -> ()
  "test.read_buffer"(%e) : (memref<65xvector<3xf32>>) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @dynamic
// CHECK-NEXT: %[[R:.*]] = memref.rank
// CHECK-NEXT: memref.alloca(%[[R]]) : memref<?xf32>
// NRANK-NEXT: memref.alloc(%[[R]], %[[R]]) : memref<?x?xf32>
// RANK-NEXT: memref.alloca(%[[R]], %[[R]]) : memref<?x?xf32>
// CHECK-NEXT: memref.alloc(%{{.*}}) : memref<?xf32>

// Dynamic sizes: only sizes given by memref.rank, up to the rank limit.
func.func @dynamic(%m: memref<*xf32>, %n: index) {
  %r = memref.rank %m : memref<*xf32>
  %a = memref.alloc(%r) : memref<?xf32>
  %b = memref.alloc(%r, %r) : memref<?x?xf32>
  %c = memref.alloc(%n) : memref<?xf32>
  "test.read_buffer"(%a) : (memref<?xf32>) -> ()
  "test.read_buffer"(%b) : (memref<?x?xf32>) -> ()
  "test.read_buffer"(%c) : (memref<?xf32>) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @escaping
// CHECK-NEXT: %[[A:.*]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: scf.if
// CHECK-NEXT: memref.alloc() : memref<2xf32>
// CHECK: scf.if
// CHECK-NEXT: memref.alloca() {alignment = 16 : i64} : memref<2xf32>
// CHECK: return %[[A]],

// Escaping buffers stay on the heap: returned, or yielded out of an scf.if
// whose result is returned; a buffer yielded by an scf.if and only read
// afterwards stays in the function's scope and is promoted, and so is one
// with an alignment, which the alloca keeps.
func.func @escaping(%c: i1, %o: memref<2xf32>) -> (memref<2xf32>, memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  %r = scf.if %c -> memref<2xf32> {
    %b = memref.alloc() : memref<2xf32>
    scf.yield %b : memref<2xf32>
  } else {
    scf.yield %o : memref<2xf32>
  }
  %s = scf.if %c -> memref<2xf32> {
    %d = memref.alloc() {alignment = 16 : i64} : memref<2xf32>
    scf.yield %d : memref<2xf32>
  } else {
    scf.yield %o : memref<2xf32>
  }
  "test.read_buffer"(%s) : (memref<2xf32>) -> ()
  return %a, %r : memref<2xf32>, memref<2xf32>
}

// -----

// CHECK-LABEL: func.func @deallocs_and_loops
// CHECK-NEXT: %[[A:.*]] = memref.alloc() : memref<2xf32>
// CHECK: memref.dealloc %[[A]]
// CHECK-NEXT: scf.while
// CHECK-NEXT: memref.alloc()
// CHECK: scf.for
// CHECK-NEXT: %[[F:.*]] = memref.alloca()
// CHECK-NEXT: test.copy
// CHECK-NEXT: %[[Y:.*]] = memref.alloc()
// CHECK-NEXT: test.copy(%[[F]], %[[Y]])

// A buffer with a dealloc is left alone, and so is one in a loop that is
// not an allocation scope (scf.while); scf.for is a scope of its own, so
// its body's buffer is promoted unless it is yielded.
func.func @deallocs_and_loops(%lb: index, %ub: index, %s: index, %cond: i1, %o: memref<2xf32>) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  "test.read_buffer"(%a) : (memref<2xf32>) -> ()
  memref.dealloc %a : memref<2xf32>
  scf.while : () -> () {
    %w = memref.alloc() : memref<2xf32>
    "test.read_buffer"(%w) : (memref<2xf32>) -> ()
    scf.condition(%cond)
  } do {
    scf.yield
  }
  %r = scf.for %i = %lb to %ub step %s iter_args(%it = %o) -> memref<2xf32> {
    %f = memref.alloc() : memref<2xf32>
    test.copy(%it, %f) : (memref<2xf32>, memref<2xf32>)
    %y = memref.alloc() : memref<2xf32>
    test.copy(%f, %y) : (memref<2xf32>, memref<2xf32>)
    scf.yield %y : memref<2xf32>
  }
  return %r : memref<2xf32>
}

// -----

// CHECK-LABEL: func.func @branches
// CHECK: ^bb1:
// CHECK-NEXT: %[[A:.*]] = memref.alloca()
// CHECK-NEXT: cf.br ^bb2(%[[A]] : memref<2xf32>)

// A CFG merge: the alloca goes where the alloc was.
func.func @branches(%c: i1, %o: memref<2xf32>) {
  cf.cond_br %c, ^bb1, ^bb2(%o : memref<2xf32>)
^bb1:
  %a = memref.alloc() : memref<2xf32>
  cf.br ^bb2(%a : memref<2xf32>)
^bb2(%x: memref<2xf32>):
  "test.read_buffer"(%x) : (memref<2xf32>) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @data_layout
// NLOW-NEXT: memref.alloca() : memref<256xindex>
// LOW-NEXT: memref.alloc() : memref<256xindex>

// The index width of the closest data layout wins over the option: 256
// indices of 16 bits are small.
module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<index, 16 : i32>>} {
  func.func @data_layout() {
    %a = memref.alloc() : memref<256xindex>
    "test.read_buffer"(%a) : (memref<256xindex>) -> ()
    return
  }
}
