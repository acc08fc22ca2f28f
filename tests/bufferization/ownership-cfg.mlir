// Ownership-based deallocation over unstructured control flow: a diamond
// whose join receives a fresh buffer or an argument, a cond_br forwarding
// buffers to both successors, and an arith.select of two buffers returned
// from a function (cloned under an scf.if when not owned for sure).
// Output compared with mlir-opt-19; the program then runs leak-free.
// RUN: bufopt --ownership-based-buffer-deallocation %s > %t.b && mlir-opt-19 --ownership-based-buffer-deallocation %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --ownership-based-buffer-deallocation %s | FileCheck %s
// RUN: bufopt --ownership-based-buffer-deallocation %s | bufopt-run --strict --stats 2>&1 | FileCheck %s --check-prefix=EXEC

func.func private @printMemrefF32(memref<*xf32>)

// CHECK-LABEL: func.func @diamond(
//  CHECK-SAME: %[[C:.*]]: i1, %[[ARG:.*]]: memref<4xf32>, %[[OUT:.*]]: memref<4xf32>)
//       CHECK: cf.cond_br %[[C]], ^bb1, ^bb2(%[[ARG]], %{{.*}} : memref<4xf32>, i1)
//       CHECK: ^bb1:
//       CHECK: %[[A:.*]] = memref.alloc() : memref<4xf32>
//       CHECK: %[[D:.*]]:2 = bufferization.dealloc ({{.*}}) if ({{.*}}) retain (%[[A]], %[[OUT]] :
//  CHECK-NEXT: cf.br ^bb2(%[[A]], %[[D]]#0 : memref<4xf32>, i1)
//       CHECK: ^bb2(%[[J:.*]]: memref<4xf32>, %[[JO:.*]]: i1):
//       CHECK: %[[JB:base_buffer[0-9_]*]], %{{.*}} = memref.extract_strided_metadata %[[J]]
//       CHECK: bufferization.dealloc ({{.*}}%[[JB]] : {{.*}}) if ({{.*}}%[[JO]])
//  CHECK-NEXT: return
func.func @diamond(%c: i1, %arg: memref<4xf32>, %out: memref<4xf32>) {
  cf.cond_br %c, ^bb1, ^bb2(%arg : memref<4xf32>)
^bb1:
  %a = memref.alloc() : memref<4xf32>
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  cf.br ^bb2(%a : memref<4xf32>)
^bb2(%j: memref<4xf32>):
  memref.copy %j, %out : memref<4xf32> to memref<4xf32>
  return
}

// Both successors receive a buffer; the dealloc before the branch is split
// per successor and the ownership of values retained on both edges is
// selected by the condition.
// CHECK-LABEL: func.func @two_ways(
//       CHECK: %[[A:.*]] = memref.alloc()
//       CHECK: %[[B:.*]] = memref.alloc()
//       CHECK: %[[T:.*]]:2 = bufferization.dealloc ({{.*}}) if ({{.*}}) retain (%[[A]], %{{.*}} :
//       CHECK: %[[E:.*]]:2 = bufferization.dealloc ({{.*}}) if ({{.*}}) retain (%[[B]], %{{.*}} :
//       CHECK: arith.select
//       CHECK: cf.cond_br %{{.*}}, ^bb1(%[[A]], %[[T]]#0 : memref<4xf32>, i1), ^bb2(%[[B]], %[[E]]#0 : memref<4xf32>, i1)
func.func @two_ways(%c: i1, %out: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  linalg.fill ins(%two : f32) outs(%a : memref<4xf32>)
  linalg.fill ins(%three : f32) outs(%b : memref<4xf32>)
  cf.cond_br %c, ^bb1(%a : memref<4xf32>), ^bb2(%b : memref<4xf32>)
^bb1(%x: memref<4xf32>):
  memref.copy %x, %out : memref<4xf32> to memref<4xf32>
  return
^bb2(%y: memref<4xf32>):
  memref.copy %y, %out : memref<4xf32> to memref<4xf32>
  return
}

// The result may alias the argument: the select's ownership is the select
// of the indicators, and the returned buffer is cloned when not owned.
// CHECK-LABEL: func.func @pick(
//       CHECK: %[[A:.*]] = memref.alloc()
//       CHECK: %[[S:.*]] = arith.select %{{.*}}, %[[A]], %{{.*}} : memref<4xf32>
//       CHECK: %[[O:.*]] = arith.select %{{.*}}, %true{{.*}}, %false{{.*}} : i1
//       CHECK: %[[R:.*]] = scf.if %[[O]] -> (memref<4xf32>) {
//  CHECK-NEXT: scf.yield %[[S]]
//  CHECK-NEXT: } else {
//  CHECK-NEXT: %[[CL:.*]] = bufferization.clone %[[S]]
//  CHECK-NEXT: scf.yield %[[CL]]
//       CHECK: bufferization.dealloc ({{.*}}) if ({{.*}}) retain (%[[R]] :
//       CHECK: return %[[R]]
func.func @pick(%c: i1, %arg: memref<4xf32>) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %five = arith.constant 5.0 : f32
  linalg.fill ins(%five : f32) outs(%a : memref<4xf32>)
  %s = arith.select %c, %a, %arg : memref<4xf32>
  return %s : memref<4xf32>
}

// EXEC: [2,  2,  2,  2]
// EXEC: [3,  3,  3,  3]
// EXEC: [1,  1,  1,  1]
// EXEC: [7,  7,  7,  7]
// EXEC: [5,  5,  5,  5]
// EXEC: [7,  7,  7,  7]
// EXEC: allocations: [[N:[0-9]+]]
// EXEC: deallocations: [[N]]
func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %seven = arith.constant 7.0 : f32
  %out = memref.alloc() : memref<4xf32>
  %u = memref.cast %out : memref<4xf32> to memref<*xf32>
  %arg = memref.alloc() : memref<4xf32>
  linalg.fill ins(%seven : f32) outs(%arg : memref<4xf32>)
  call @two_ways(%true, %out) : (i1, memref<4xf32>) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  call @two_ways(%false, %out) : (i1, memref<4xf32>) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  call @diamond(%true, %arg, %out) : (i1, memref<4xf32>, memref<4xf32>) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  call @diamond(%false, %arg, %out) : (i1, memref<4xf32>, memref<4xf32>) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %p = call @pick(%true, %arg) : (i1, memref<4xf32>) -> memref<4xf32>
  %pu = memref.cast %p : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%pu) : (memref<*xf32>) -> ()
  %q = call @pick(%false, %arg) : (i1, memref<4xf32>) -> memref<4xf32>
  %qu = memref.cast %q : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%qu) : (memref<*xf32>) -> ()
  return
}
