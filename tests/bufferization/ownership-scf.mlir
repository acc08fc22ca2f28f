// Ownership through region-branch ops: scf.if yielding a fresh buffer or an
// argument, scf.for carrying a buffer that each iteration replaces, and
// scf.while; each region frees what it owns before its terminator and
// forwards an ownership indicator per memref. Output compared with
// mlir-opt-19; the program runs leak-free.
// RUN: bufopt --ownership-based-buffer-deallocation %s > %t.b && mlir-opt-19 --ownership-based-buffer-deallocation %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --ownership-based-buffer-deallocation %s | FileCheck %s
// RUN: bufopt --ownership-based-buffer-deallocation %s | bufopt-run --strict --stats 2>&1 | FileCheck %s --check-prefix=EXEC

func.func private @printMemrefF32(memref<*xf32>)

// CHECK-LABEL: func.func @if_alloc(
//       CHECK: %[[R:.*]]:2 = scf.if %{{.*}} -> (memref<4xf32>, i1) {
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[D:.*]] = bufferization.dealloc ({{.*}}) if ({{.*}}) retain (%[[A]] : memref<4xf32>)
//  CHECK-NEXT:   scf.yield %[[A]], %[[D]] : memref<4xf32>, i1
//       CHECK: } else {
//       CHECK:   scf.yield %{{.*}}, %{{.*}} : memref<4xf32>, i1
//       CHECK: scf.if %[[R]]#1 -> (memref<4xf32>)
//       CHECK: bufferization.clone %[[R]]#0
func.func @if_alloc(%c: i1, %arg: memref<4xf32>) -> memref<4xf32> {
  %r = scf.if %c -> memref<4xf32> {
    %a = memref.alloc() : memref<4xf32>
    %one = arith.constant 1.0 : f32
    linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
    scf.yield %a : memref<4xf32>
  } else {
    scf.yield %arg : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// Each iteration allocates the next buffer and frees the carried one when
// it owns it: the loop carries an i1 next to the memref.
// CHECK-LABEL: func.func @for_carry(
//       CHECK: %[[L:.*]]:2 = scf.for %{{.*}} iter_args(%[[M:.*]] = %{{.*}}, %[[O:.*]] = %false{{.*}}) -> (memref<4xf32>, i1) {
//       CHECK:   %[[N:.*]] = memref.alloc()
//       CHECK:   bufferization.dealloc ({{.*}}) if (%[[O]]{{.*}}) retain (%[[N]] : memref<4xf32>)
//       CHECK: bufferization.dealloc ({{.*}}) if ({{.*}}%[[L]]#1)
func.func @for_carry(%init: memref<4xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %res = scf.for %i = %c0 to %c3 step %c1 iter_args(%m = %init) -> memref<4xf32> {
    %n = memref.alloc() : memref<4xf32>
    %two = arith.constant 2.0 : f32
    linalg.fill ins(%two : f32) outs(%n : memref<4xf32>)
    %k = memref.load %m[%c0] : memref<4xf32>
    memref.store %k, %n[%c1] : memref<4xf32>
    scf.yield %n : memref<4xf32>
  }
  memref.copy %res, %out : memref<4xf32> to memref<4xf32>
  return
}

// scf.while: the before region passes the buffer to the after region,
// which replaces it.
// CHECK-LABEL: func.func @while_carry(
//       CHECK: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %false{{.*}}) : (index, memref<4xf32>, i1) -> (index, memref<4xf32>, i1)
//       CHECK: scf.condition(%{{.*}}) %{{.*}}, %{{.*}}, %{{.*}} : index, memref<4xf32>, i1
func.func @while_carry(%init: memref<4xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r:2 = scf.while (%i = %c0, %m = %init) : (index, memref<4xf32>) -> (index, memref<4xf32>) {
    %go = arith.cmpi slt, %i, %c2 : index
    scf.condition(%go) %i, %m : index, memref<4xf32>
  } do {
  ^bb0(%j: index, %b: memref<4xf32>):
    %n = memref.alloc() : memref<4xf32>
    memref.copy %b, %n : memref<4xf32> to memref<4xf32>
    %f = arith.index_cast %j : index to i32
    %g = arith.sitofp %f : i32 to f32
    memref.store %g, %n[%j] : memref<4xf32>
    %j1 = arith.addi %j, %c1 : index
    scf.yield %j1, %n : index, memref<4xf32>
  }
  memref.copy %r#1, %out : memref<4xf32> to memref<4xf32>
  return
}

// EXEC: [1,  1,  1,  1]
// EXEC: [9,  9,  9,  9]
// EXEC: [2,  2,  2,  2]
// EXEC: [0,  1,  9,  9]
// EXEC: allocations: [[N:[0-9]+]]
// EXEC: deallocations: [[N]]
func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %nine = arith.constant 9.0 : f32
  %arg = memref.alloc() : memref<4xf32>
  linalg.fill ins(%nine : f32) outs(%arg : memref<4xf32>)
  %x = call @if_alloc(%true, %arg) : (i1, memref<4xf32>) -> memref<4xf32>
  %xu = memref.cast %x : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%xu) : (memref<*xf32>) -> ()
  %y = call @if_alloc(%false, %arg) : (i1, memref<4xf32>) -> memref<4xf32>
  %yu = memref.cast %y : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%yu) : (memref<*xf32>) -> ()
  %out = memref.alloc() : memref<4xf32>
  %ou = memref.cast %out : memref<4xf32> to memref<*xf32>
  call @for_carry(%arg, %out) : (memref<4xf32>, memref<4xf32>) -> ()
  call @printMemrefF32(%ou) : (memref<*xf32>) -> ()
  call @while_carry(%arg, %out) : (memref<4xf32>, memref<4xf32>) -> ()
  call @printMemrefF32(%ou) : (memref<*xf32>) -> ()
  return
}
