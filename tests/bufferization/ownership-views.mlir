// Views, stack memory, globals and manual deallocation: a subview or cast
// of an owned buffer shares its ownership (the buffer itself is freed
// through its base buffer), alloca and get_global results are never owned,
// and a buffer under bufferization.manual_deallocation is left to its
// memref.dealloc, guarded by a runtime assertion that the block does not
// own it. Output compared with mlir-opt-19; the program runs leak-free.
// RUN: bufopt --ownership-based-buffer-deallocation %s > %t.b && mlir-opt-19 --ownership-based-buffer-deallocation %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --ownership-based-buffer-deallocation %s | FileCheck %s
// RUN: bufopt --ownership-based-buffer-deallocation %s | bufopt-run --strict --stats 2>&1 | FileCheck %s --check-prefix=EXEC

func.func private @printMemrefF32(memref<*xf32>)

memref.global "private" constant @cst : memref<2xf32> = dense<[4.0, 5.0]>

// The subview is returned: it is owned as its source is (known true here,
// so neither a clone nor an scf.if is needed), and the dealloc keeps it.
// CHECK-LABEL: func.func @window(
//       CHECK: %[[A:.*]] = memref.alloc() : memref<8xf32>
//       CHECK: %[[S:.*]] = memref.subview %[[A]]
//   CHECK-NOT: bufferization.clone
//   CHECK-NOT: scf.if
//       CHECK: bufferization.dealloc ({{.*}}) if (%true) retain (%[[S]] :
//       CHECK: return %[[S]]
func.func @window() -> memref<4xf32, strided<[1], offset: 2>> {
  %a = memref.alloc() : memref<8xf32>
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%a : memref<8xf32>)
  %s = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  return %s : memref<4xf32, strided<[1], offset: 2>>
}

// CHECK-LABEL: func.func @stack_and_global(
//       CHECK: %[[T:.*]] = memref.alloca()
//       CHECK: memref.get_global
//   CHECK-NOT: memref.extract_strided_metadata %[[T]]
//       CHECK: return
func.func @stack_and_global(%out: memref<2xf32>) {
  %t = memref.alloca() : memref<2xf32>
  %g = memref.get_global @cst : memref<2xf32>
  memref.copy %g, %t : memref<2xf32> to memref<2xf32>
  memref.copy %t, %out : memref<2xf32> to memref<2xf32>
  return
}

// CHECK-LABEL: func.func @manual(
//       CHECK: %[[M:.*]] = memref.alloc() {bufferization.manual_deallocation}
//       CHECK: %[[X:.*]] = arith.xori %false{{.*}}, %true{{.*}} : i1
//       CHECK: cf.assert %[[X]], "expected that the block does not have ownership"
//       CHECK: memref.dealloc %[[M]] {bufferization.manual_deallocation}
func.func @manual(%out: memref<2xf32>) {
  %m = memref.alloc() {bufferization.manual_deallocation} : memref<2xf32>
  %two = arith.constant 2.0 : f32
  linalg.fill ins(%two : f32) outs(%m : memref<2xf32>)
  memref.copy %m, %out : memref<2xf32> to memref<2xf32>
  memref.dealloc %m {bufferization.manual_deallocation} : memref<2xf32>
  return
}

// EXEC: [1,  1,  1,  1]
// EXEC: [4,  5]
// EXEC: [2,  2]
// The alloca is counted as an allocation and released with its scope.
// EXEC-NOT: error
// EXEC: allocations: 4
// EXEC: deallocations: 3
func.func @main() {
  %w = call @window() : () -> memref<4xf32, strided<[1], offset: 2>>
  %wu = memref.cast %w : memref<4xf32, strided<[1], offset: 2>> to memref<*xf32>
  call @printMemrefF32(%wu) : (memref<*xf32>) -> ()
  %out = memref.alloc() : memref<2xf32>
  %ou = memref.cast %out : memref<2xf32> to memref<*xf32>
  call @stack_and_global(%out) : (memref<2xf32>) -> ()
  call @printMemrefF32(%ou) : (memref<*xf32>) -> ()
  call @manual(%out) : (memref<2xf32>) -> ()
  call @printMemrefF32(%ou) : (memref<*xf32>) -> ()
  return
}
