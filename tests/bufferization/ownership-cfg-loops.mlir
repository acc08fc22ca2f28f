// Loops of blocks, which upstream rejects: with allow-unstructured-loops
// the pass accepts them, and the programs run leak-free and without double
// frees: a while loop replacing its buffer each iteration, a do-while loop
// whose body is entered first, nested loops, an irreducible loop (two
// entries), a buffer live across a loop, and a loop whose exit is a
// cf.switch. Without the option, upstream's error.
// RUN: bufopt --ownership-based-buffer-deallocation=allow-unstructured-loops=true %s | mlir-opt-19 > /dev/null
// RUN: bufopt --ownership-based-buffer-deallocation=allow-unstructured-loops=true %s | FileCheck %s
// RUN: bufopt --ownership-based-buffer-deallocation=allow-unstructured-loops=true %s | bufopt-run --strict --stats 2>&1 | FileCheck %s --check-prefix=EXEC
// RUN: bufopt --ownership-based-buffer-deallocation="allow-unstructured-loops=true private-function-dynamic-ownership=true" %s | bufopt-run --strict --stats 2>&1 | FileCheck %s --check-prefix=EXEC
// RUN: not bufopt --ownership-based-buffer-deallocation %s 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: error: Only structured control-flow loops are supported.

func.func private @printMemrefF32(memref<*xf32>)

// The header's buffer argument gets an ownership argument; the back edge
// passes the ownership of the new buffer, and the old one is freed in the
// body before the back edge unless it is the initial (borrowed) argument.
// CHECK-LABEL: func.func @grow(
//       CHECK: %[[D0:.*]] = bufferization.dealloc ({{.*}}) if (%false) retain (%arg1 : memref<?xf32>)
//       CHECK: cf.br ^bb1(%{{.*}}, %arg1, %[[D0]] : i32, memref<?xf32>, i1)
//       CHECK: ^bb1(%{{.*}}: i32, %[[B:.*]]: memref<?xf32>, %[[BO:.*]]: i1):
//       CHECK: ^bb2(%{{.*}}: i32, %[[X:.*]]: memref<?xf32>, %[[XO:.*]]: i1):
//       CHECK: %[[A:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
//       CHECK: bufferization.dealloc ({{.*}}) if ({{.*}}%[[XO]]{{.*}}) retain (%[[A]] :
//       CHECK: cf.br ^bb1
func.func @grow(%n: i32, %init: memref<?xf32>) {
  %c0 = arith.constant 0 : i32
  cf.br ^head(%c0, %init : i32, memref<?xf32>)
^head(%i: i32, %b: memref<?xf32>):
  %lt = arith.cmpi slt, %i, %n : i32
  cf.cond_br %lt, ^body(%i, %b : i32, memref<?xf32>), ^exit(%b : memref<?xf32>)
^body(%v: i32, %x: memref<?xf32>):
  %c1 = arith.constant 1 : i32
  %inc = arith.addi %v, %c1 : i32
  %size = arith.index_cast %inc : i32 to index
  %a = memref.alloc(%size) : memref<?xf32>
  %f = arith.sitofp %inc : i32 to f32
  linalg.fill ins(%f : f32) outs(%a : memref<?xf32>)
  cf.br ^head(%inc, %a : i32, memref<?xf32>)
^exit(%r: memref<?xf32>):
  %u = memref.cast %r : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// Do-while with a buffer allocated before the loop and written on every
// iteration (live across the loop), and a fresh copy per iteration.
func.func @do_while(%n: i32, %init: memref<2xf32>, %out: memref<2xf32>) {
  %c0 = arith.constant 0 : i32
  %acc = memref.alloc() : memref<2xf32>
  cf.br ^body(%c0, %init : i32, memref<2xf32>)
^body(%v: i32, %x: memref<2xf32>):
  %c1 = arith.constant 1 : i32
  %inc = arith.addi %v, %c1 : i32
  %a = memref.alloc() : memref<2xf32>
  memref.copy %x, %a : memref<2xf32> to memref<2xf32>
  memref.copy %x, %acc : memref<2xf32> to memref<2xf32>
  %f = arith.sitofp %inc : i32 to f32
  %i0 = arith.constant 0 : index
  memref.store %f, %a[%i0] : memref<2xf32>
  cf.br ^head(%inc, %a : i32, memref<2xf32>)
^head(%i: i32, %b: memref<2xf32>):
  %lt = arith.cmpi slt, %i, %n : i32
  cf.cond_br %lt, ^body(%i, %b : i32, memref<2xf32>), ^exit(%b : memref<2xf32>)
^exit(%r: memref<2xf32>):
  memref.copy %r, %out : memref<2xf32> to memref<2xf32>
  %u = memref.cast %acc : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// Nested loops: the inner loop allocates and replaces a buffer, the outer
// loop carries the inner loop's result; an scf.if inside the inner body.
func.func @nested(%n: i32, %m: i32, %init: memref<2xf32>, %out: memref<2xf32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^outer(%c0, %init : i32, memref<2xf32>)
^outer(%i: i32, %ob: memref<2xf32>):
  %olt = arith.cmpi slt, %i, %n : i32
  cf.cond_br %olt, ^inner_pre, ^exit(%ob : memref<2xf32>)
^inner_pre:
  cf.br ^inner(%c0, %ob : i32, memref<2xf32>)
^inner(%j: i32, %ib: memref<2xf32>):
  %ilt = arith.cmpi slt, %j, %m : i32
  cf.cond_br %ilt, ^inner_body, ^outer_latch(%ib : memref<2xf32>)
^inner_body:
  %even = arith.cmpi eq, %j, %c0 : i32
  %nb = scf.if %even -> memref<2xf32> {
    %t = memref.alloc() : memref<2xf32>
    memref.copy %ib, %t : memref<2xf32> to memref<2xf32>
    scf.yield %t : memref<2xf32>
  } else {
    scf.yield %ib : memref<2xf32>
  }
  %i1 = arith.constant 1 : index
  %old = memref.load %nb[%i1] : memref<2xf32>
  %one = arith.constant 1.0 : f32
  %new = arith.addf %old, %one : f32
  memref.store %new, %nb[%i1] : memref<2xf32>
  %j1 = arith.addi %j, %c1 : i32
  cf.br ^inner(%j1, %nb : i32, memref<2xf32>)
^outer_latch(%lb: memref<2xf32>):
  %i2 = arith.addi %i, %c1 : i32
  cf.br ^outer(%i2, %lb : i32, memref<2xf32>)
^exit(%r: memref<2xf32>):
  memref.copy %r, %out : memref<2xf32> to memref<2xf32>
  return
}

// An irreducible loop: ^a and ^b both enter the cycle, each allocates.
func.func @irreducible(%c: i1, %n: i32, %out: memref<2xf32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %first = memref.alloc() : memref<2xf32>
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%first : memref<2xf32>)
  cf.cond_br %c, ^a(%c0, %first : i32, memref<2xf32>), ^b(%c0, %first : i32, memref<2xf32>)
^a(%ia: i32, %ma: memref<2xf32>):
  %na = memref.alloc() : memref<2xf32>
  memref.copy %ma, %na : memref<2xf32> to memref<2xf32>
  %i0 = arith.constant 0 : index
  %va = memref.load %na[%i0] : memref<2xf32>
  %two = arith.constant 2.0 : f32
  %wa = arith.addf %va, %two : f32
  memref.store %wa, %na[%i0] : memref<2xf32>
  %ia1 = arith.addi %ia, %c1 : i32
  %da = arith.cmpi slt, %ia1, %n : i32
  cf.cond_br %da, ^b(%ia1, %na : i32, memref<2xf32>), ^exit(%na : memref<2xf32>)
^b(%ib: i32, %mb: memref<2xf32>):
  %nb = memref.alloc() : memref<2xf32>
  memref.copy %mb, %nb : memref<2xf32> to memref<2xf32>
  %i1 = arith.constant 1 : index
  %vb = memref.load %nb[%i1] : memref<2xf32>
  %three = arith.constant 3.0 : f32
  %wb = arith.addf %vb, %three : f32
  memref.store %wb, %nb[%i1] : memref<2xf32>
  %ib1 = arith.addi %ib, %c1 : i32
  %db = arith.cmpi slt, %ib1, %n : i32
  cf.cond_br %db, ^a(%ib1, %nb : i32, memref<2xf32>), ^exit(%nb : memref<2xf32>)
^exit(%r: memref<2xf32>):
  memref.copy %r, %out : memref<2xf32> to memref<2xf32>
  return
}

// A loop that leaves through a cf.switch on the iteration count, with a
// buffer live across it. (Forwarding a buffer that the successor also uses
// directly gives it two indicators: upstream's "MemRef value does not have
// valid ownership", as without loops.)
func.func @switch_exit(%out: memref<2xf32>) {
  %c0 = arith.constant 0 : i32
  %keep = memref.alloc() : memref<2xf32>
  %nine = arith.constant 9.0 : f32
  linalg.fill ins(%nine : f32) outs(%keep : memref<2xf32>)
  %first = memref.alloc() : memref<2xf32>
  cf.br ^loop(%c0, %first : i32, memref<2xf32>)
^loop(%i: i32, %m: memref<2xf32>):
  %c1 = arith.constant 1 : i32
  %i1 = arith.addi %i, %c1 : i32
  %fresh = memref.alloc() : memref<2xf32>
  %f = arith.sitofp %i1 : i32 to f32
  linalg.fill ins(%f : f32) outs(%fresh : memref<2xf32>)
  cf.switch %i1 : i32, [
    default: ^loop(%i1, %fresh : i32, memref<2xf32>),
    4: ^done(%fresh : memref<2xf32>),
    5: ^done(%m : memref<2xf32>)
  ]
^done(%r: memref<2xf32>):
  memref.copy %r, %out : memref<2xf32> to memref<2xf32>
  %u = memref.cast %keep : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// EXEC: [3,  3,  3]
// EXEC-NEXT: Unranked
// EXEC-NEXT: [9,  9]
// EXEC-NEXT: Unranked
// EXEC-NEXT: [2,  9]
// EXEC-NEXT: Unranked
// EXEC-NEXT: [3,  9]
// EXEC-NEXT: Unranked
// EXEC-NEXT: [9,  15]
// EXEC-NEXT: Unranked
// EXEC-NEXT: [4,  3]
// EXEC-NEXT: Unranked
// EXEC-NEXT: [2,  6]
// EXEC-NEXT: Unranked
// EXEC-NEXT: [9,  9]
// EXEC-NEXT: Unranked
// EXEC-NEXT: [4,  4]
// EXEC-NOT: error
// EXEC: allocations: [[N:[0-9]+]]
// EXEC: deallocations: [[N]]
func.func @main() {
  %a = memref.alloc() : memref<2xf32>
  %out = memref.alloc() : memref<2xf32>
  %nine = arith.constant 9.0 : f32
  linalg.fill ins(%nine : f32) outs(%a : memref<2xf32>)
  %ad = memref.cast %a : memref<2xf32> to memref<?xf32>
  %ou = memref.cast %out : memref<2xf32> to memref<*xf32>
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  %c2 = arith.constant 2 : i32
  %true = arith.constant true
  %false = arith.constant false
  call @grow(%c3, %ad) : (i32, memref<?xf32>) -> ()
  call @grow(%c0, %ad) : (i32, memref<?xf32>) -> ()
  call @do_while(%c3, %a, %out) : (i32, memref<2xf32>, memref<2xf32>) -> ()
  call @printMemrefF32(%ou) : (memref<*xf32>) -> ()
  call @nested(%c2, %c3, %a, %out) : (i32, i32, memref<2xf32>, memref<2xf32>) -> ()
  call @printMemrefF32(%ou) : (memref<*xf32>) -> ()
  call @irreducible(%true, %c3, %out) : (i1, i32, memref<2xf32>) -> ()
  call @printMemrefF32(%ou) : (memref<*xf32>) -> ()
  call @irreducible(%false, %c3, %out) : (i1, i32, memref<2xf32>) -> ()
  call @printMemrefF32(%ou) : (memref<*xf32>) -> ()
  call @switch_exit(%out) : (memref<2xf32>) -> ()
  call @printMemrefF32(%ou) : (memref<*xf32>) -> ()
  return
}
