// cf.switch, which upstream rejects ("Terminators with more than one
// successor are not supported!"): the block's memrefs are freed per
// successor under `condition && taken`, where a case is taken when the flag
// equals its value and the default when no case does; each edge forwards
// `updated && taken` as the ownership of its memref operands. The output
// verifies with mlir-opt-19 and runs leak-free for every case.
// RUN: bufopt --ownership-based-buffer-deallocation %s | mlir-opt-19 > /dev/null
// RUN: bufopt --ownership-based-buffer-deallocation %s | FileCheck %s
// RUN: bufopt --ownership-based-buffer-deallocation %s | bufopt-run --strict --stats 2>&1 | FileCheck %s --check-prefix=EXEC

func.func private @printMemrefF32(memref<*xf32>)

// CHECK-LABEL: func.func @pick(
//  CHECK-SAME: %[[F:.*]]: i32, %[[ARG:.*]]: memref<2xf32>, %[[OUT:.*]]: memref<2xf32>)
//       CHECK: %[[A:.*]] = memref.alloc()
//       CHECK: %[[NE3:.*]] = arith.cmpi ne, %[[F]], %c3_i32
//       CHECK: %[[NEM:.*]] = arith.cmpi ne, %[[F]], %c-1_i32
//       CHECK: %[[DEF:.*]] = arith.andi %{{.*}}, %[[NEM]] : i1
//       CHECK: %[[D0:.*]]:2 = bufferization.dealloc ({{.*}}) if ({{.*}}) retain (%[[ARG]], %[[OUT]] :
//       CHECK: %[[O0:.*]] = arith.andi %[[D0]]#0, %[[DEF]] : i1
//       CHECK: %[[EQ3:.*]] = arith.cmpi eq, %[[F]], %c3_i32
//       CHECK: %[[D1:.*]]:2 = bufferization.dealloc ({{.*}}) if ({{.*}}) retain (%[[A]], %[[OUT]] :
//       CHECK: %[[O1:.*]] = arith.andi %[[D1]]#0, %[[EQ3]] : i1
//       CHECK: %[[EQM:.*]] = arith.cmpi eq, %[[F]], %c-1_i32
//       CHECK: bufferization.dealloc ({{.*}}) if ({{.*}}) retain (%[[OUT]], %[[A]] :
//       CHECK: cf.switch %[[F]] : i32, [
//  CHECK-NEXT: default: ^bb1(%[[ARG]], %[[O0]] : memref<2xf32>, i1),
//  CHECK-NEXT: 3: ^bb2(%[[A]], %[[O1]] : memref<2xf32>, i1),
//  CHECK-NEXT: 4294967295: ^bb3
func.func @pick(%f: i32, %arg: memref<2xf32>, %out: memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%a : memref<2xf32>)
  cf.switch %f : i32, [
    default: ^d(%arg : memref<2xf32>),
    3: ^c(%a : memref<2xf32>),
    -1: ^e
  ]
^d(%x: memref<2xf32>):
  memref.copy %x, %out : memref<2xf32> to memref<2xf32>
  return
^c(%y: memref<2xf32>):
  memref.copy %y, %out : memref<2xf32> to memref<2xf32>
  return
^e:
  %two = arith.constant 2.0 : f32
  linalg.fill ins(%two : f32) outs(%a : memref<2xf32>)
  memref.copy %a, %out : memref<2xf32> to memref<2xf32>
  return
}

// A switch whose successors join: the joined buffer is freed once, under
// the indicator each edge forwarded.
// CHECK-LABEL: func.func @join(
//       CHECK: ^bb3(%[[J:.*]]: memref<2xf32>, %[[JO:.*]]: i1):
//       CHECK: bufferization.dealloc ({{.*}}) if ({{.*}}%[[JO]])
func.func @join(%f: i32, %arg: memref<2xf32>, %out: memref<2xf32>) {
  cf.switch %f : i32, [
    default: ^j(%arg : memref<2xf32>),
    0: ^m1,
    1: ^m2
  ]
^m1:
  %a = memref.alloc() : memref<2xf32>
  %five = arith.constant 5.0 : f32
  linalg.fill ins(%five : f32) outs(%a : memref<2xf32>)
  cf.br ^j(%a : memref<2xf32>)
^m2:
  %b = memref.alloc() : memref<2xf32>
  %six = arith.constant 6.0 : f32
  linalg.fill ins(%six : f32) outs(%b : memref<2xf32>)
  cf.br ^j(%b : memref<2xf32>)
^j(%r: memref<2xf32>):
  memref.copy %r, %out : memref<2xf32> to memref<2xf32>
  return
}

// EXEC: [1,  1]
// EXEC: [7,  7]
// EXEC: [2,  2]
// EXEC: [5,  5]
// EXEC: [6,  6]
// EXEC: [7,  7]
// EXEC: allocations: [[N:[0-9]+]]
// EXEC: deallocations: [[N]]
func.func @main() {
  %out = memref.alloc() : memref<2xf32>
  %arg = memref.alloc() : memref<2xf32>
  %seven = arith.constant 7.0 : f32
  linalg.fill ins(%seven : f32) outs(%arg : memref<2xf32>)
  %u = memref.cast %out : memref<2xf32> to memref<*xf32>
  %c3 = arith.constant 3 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cm = arith.constant -1 : i32
  call @pick(%c3, %arg, %out) : (i32, memref<2xf32>, memref<2xf32>) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  call @pick(%c0, %arg, %out) : (i32, memref<2xf32>, memref<2xf32>) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  call @pick(%cm, %arg, %out) : (i32, memref<2xf32>, memref<2xf32>) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  call @join(%c0, %arg, %out) : (i32, memref<2xf32>, memref<2xf32>) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  call @join(%c1, %arg, %out) : (i32, memref<2xf32>, memref<2xf32>) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  call @join(%c3, %arg, %out) : (i32, memref<2xf32>, memref<2xf32>) -> ()
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
