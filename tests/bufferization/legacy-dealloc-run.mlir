// Programs put through the clone-based deallocation and executed: a CFG
// merge of an argument and a fresh buffer, an scf.for whose iteration
// buffer is replaced by a fresh one in an scf.if (the document's
// loop_nested_if), an scf.if yielding a fresh buffer or an argument, a view
// of a buffer, and a buffer returned to the caller (which frees
// it itself). Without the pass the fresh buffers leak; with it, every
// allocation (clones included) is freed exactly once, as with mlir-opt-19's
// output.
// RUN: bufopt -buffer-deallocation %s > %t.b && mlir-opt-19 -buffer-deallocation %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt -buffer-deallocation %s | bufopt-run --strict --stats - 2>&1 | FileCheck %s
// RUN: not bufopt-run --strict %s 2>&1 | FileCheck %s --check-prefix=LEAK

// CHECK-NOT: {{error|warning}}
// CHECK: data =
// CHECK-NEXT: [1,  2,  3,  4]
// CHECK: data =
// CHECK-NEXT: [2,  4,  6,  8]
// CHECK: data =
// CHECK-NEXT: [4,  5,  6,  7]
// CHECK: data =
// CHECK-NEXT: [2,  4,  6,  8]
// CHECK: data =
// CHECK-NEXT: [1,  2,  3,  4]
// CHECK: data =
// CHECK-NEXT: [3,  4]
// CHECK: data =
// CHECK-NEXT: [0,  1,  2,  3]
// CHECK-NOT: {{error|warning}}
// CHECK: allocations: [[N:[0-9]+]]
// CHECK: deallocations: [[N]]

// LEAK: error: memory leak

func.func private @printMemrefF32(memref<*xf32>)

func.func @print(%m: memref<4xf32>) {
  %u = memref.cast %m : memref<4xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// out[i] = in[i] * k
func.func @scale(%in: memref<4xf32>, %out: memref<4xf32>, %k: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %in[%i] : memref<4xf32>
    %w = arith.mulf %v, %k : f32
    memref.store %w, %out[%i] : memref<4xf32>
  }
  return
}

func.func @diamond(%c: i1, %src: memref<4xf32>, %out: memref<4xf32>) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%src : memref<4xf32>)
^bb2:
  %a = memref.alloc() : memref<4xf32>
  %two = arith.constant 2.0 : f32
  func.call @scale(%src, %a, %two) : (memref<4xf32>, memref<4xf32>, f32) -> ()
  cf.br ^bb3(%a : memref<4xf32>)
^bb3(%m: memref<4xf32>):
  memref.copy %m, %out : memref<4xf32> to memref<4xf32>
  return
}

// Adds 1 to every element on each of n iterations, in a fresh buffer on
// odd iterations and in place otherwise.
func.func @loop(%n: index, %buf: memref<4xf32>, %res: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%it = %buf) -> memref<4xf32> {
    %rem = arith.remui %i, %c2 : index
    %odd = arith.cmpi eq, %rem, %c1 : index
    %next = scf.if %odd -> (memref<4xf32>) {
      %fresh = memref.alloc() : memref<4xf32>
      memref.copy %it, %fresh : memref<4xf32> to memref<4xf32>
      scf.yield %fresh : memref<4xf32>
    } else {
      scf.yield %it : memref<4xf32>
    }
    scf.for %j = %c0 to %c2 step %c1 {
      %k = arith.addi %j, %c2 : index
      %v = memref.load %next[%k] : memref<4xf32>
      %w = arith.addf %v, %one : f32
      memref.store %w, %next[%k] : memref<4xf32>
      %v2 = memref.load %next[%j] : memref<4xf32>
      %w2 = arith.addf %v2, %one : f32
      memref.store %w2, %next[%j] : memref<4xf32>
    }
    scf.yield %next : memref<4xf32>
  }
  memref.copy %r, %res : memref<4xf32> to memref<4xf32>
  return
}

func.func @select_if(%c: i1, %src: memref<4xf32>, %out: memref<4xf32>) {
  %r = scf.if %c -> (memref<4xf32>) {
    %a = memref.alloc() : memref<4xf32>
    %two = arith.constant 2.0 : f32
    func.call @scale(%src, %a, %two) : (memref<4xf32>, memref<4xf32>, f32) -> ()
    scf.yield %a : memref<4xf32>
  } else {
    scf.yield %src : memref<4xf32>
  }
  memref.copy %r, %out : memref<4xf32> to memref<4xf32>
  return
}

// A fresh buffer returned to the caller: not freed here.
func.func @iota() -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %m = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %m[%i] : memref<4xf32>
  }
  return %m : memref<4xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %true = arith.constant true
  %false = arith.constant false
  %src = memref.alloc() : memref<4xf32>
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %f3 = arith.constant 3.0 : f32
  %f4 = arith.constant 4.0 : f32
  memref.store %f1, %src[%c0] : memref<4xf32>
  memref.store %f2, %src[%c1] : memref<4xf32>
  memref.store %f3, %src[%c2] : memref<4xf32>
  memref.store %f4, %src[%c3] : memref<4xf32>
  %out = memref.alloc() : memref<4xf32>
  func.call @diamond(%true, %src, %out) : (i1, memref<4xf32>, memref<4xf32>) -> ()
  func.call @print(%out) : (memref<4xf32>) -> ()
  func.call @diamond(%false, %src, %out) : (i1, memref<4xf32>, memref<4xf32>) -> ()
  func.call @print(%out) : (memref<4xf32>) -> ()
  %c3i = arith.constant 3 : index
  func.call @loop(%c3i, %src, %out) : (index, memref<4xf32>, memref<4xf32>) -> ()
  func.call @print(%out) : (memref<4xf32>) -> ()
  func.call @select_if(%true, %src, %out) : (i1, memref<4xf32>, memref<4xf32>) -> ()
  func.call @print(%out) : (memref<4xf32>) -> ()
  func.call @select_if(%false, %src, %out) : (i1, memref<4xf32>, memref<4xf32>) -> ()
  func.call @print(%out) : (memref<4xf32>) -> ()
  %view = memref.subview %src[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  %tmp = memref.alloc() : memref<2xf32>
  memref.copy %view, %tmp : memref<2xf32, strided<[1], offset: 2>> to memref<2xf32>
  %tu = memref.cast %tmp : memref<2xf32> to memref<*xf32>
  func.call @printMemrefF32(%tu) : (memref<*xf32>) -> ()
  %i = func.call @iota() : () -> memref<4xf32>
  func.call @print(%i) : (memref<4xf32>) -> ()
  memref.dealloc %i : memref<4xf32>
  return
}
