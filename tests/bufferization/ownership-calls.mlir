// Calls and the function-boundary ABI. By default a callee returns owned
// buffers (cloning an argument it returns) and the caller frees every
// returned buffer. With private-function-dynamic-ownership, a private
// function returns an i1 indicator per memref result instead, and its
// callers use it: no clone is needed for a returned argument.
// Output compared with mlir-opt-19 in both modes; both programs run
// leak-free and print the same.
// RUN: bufopt --ownership-based-buffer-deallocation %s > %t.b && mlir-opt-19 --ownership-based-buffer-deallocation %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --ownership-based-buffer-deallocation=private-function-dynamic-ownership=true %s > %t.b && mlir-opt-19 --ownership-based-buffer-deallocation=private-function-dynamic-ownership=true %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --ownership-based-buffer-deallocation %s | FileCheck %s
// RUN: bufopt --ownership-based-buffer-deallocation=private-function-dynamic-ownership=true %s | FileCheck %s --check-prefix=DYN
// RUN: bufopt --ownership-based-buffer-deallocation %s | bufopt-run --strict --stats 2>&1 | FileCheck %s --check-prefix=EXEC
// RUN: bufopt --ownership-based-buffer-deallocation=private-function-dynamic-ownership=true %s | bufopt-run --strict --stats 2>&1 | FileCheck %s --check-prefix=EXEC

func.func private @printMemrefF32(memref<*xf32>)

// CHECK-LABEL: func.func private @maybe_fresh(
//  CHECK-SAME: -> memref<4xf32>
//       CHECK: %[[R:.*]]:2 = scf.if
//       CHECK: %[[G:.*]] = scf.if %[[R]]#1 -> (memref<4xf32>) {
//       CHECK: bufferization.clone
//       CHECK: return %[[G]] : memref<4xf32>
// DYN-LABEL: func.func private @maybe_fresh(
//  DYN-SAME: -> (memref<4xf32>, i1)
//   DYN-NOT: bufferization.clone
//       DYN: %[[R:.*]]:2 = scf.if
//       DYN: %[[D:.*]] = bufferization.dealloc ({{.*}}) if ({{.*}}) retain (%[[R]]#0 : memref<4xf32>)
//       DYN: return %[[R]]#0, %[[D]] : memref<4xf32>, i1
func.func private @maybe_fresh(%c: i1, %arg: memref<4xf32>) -> memref<4xf32> {
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

// A public function keeps the ABI in both modes.
// CHECK-LABEL: func.func @public_user(
// DYN-LABEL: func.func @public_user(
//       DYN: %[[C:.*]]:2 = call @maybe_fresh(%{{.*}}, %{{.*}}) : (i1, memref<4xf32>) -> (memref<4xf32>, i1)
//       DYN: scf.if %[[C]]#1 -> (memref<4xf32>)
func.func @public_user(%c: i1, %arg: memref<4xf32>) -> memref<4xf32> {
  %r = call @maybe_fresh(%c, %arg) : (i1, memref<4xf32>) -> memref<4xf32>
  return %r : memref<4xf32>
}

// CHECK-LABEL: func.func @consume(
//       CHECK: %[[C:.*]] = call @maybe_fresh
//       CHECK: bufferization.dealloc ({{.*}}) if ({{.*}}%true{{.*}})
// DYN-LABEL: func.func @consume(
//       DYN: %[[C:.*]]:2 = call @maybe_fresh
//       DYN: bufferization.dealloc ({{.*}}) if ({{.*}}%[[C]]#1)
func.func @consume(%c: i1, %arg: memref<4xf32>, %out: memref<4xf32>) {
  %r = call @maybe_fresh(%c, %arg) : (i1, memref<4xf32>) -> memref<4xf32>
  memref.copy %r, %out : memref<4xf32> to memref<4xf32>
  return
}

// EXEC: [1,  1,  1,  1]
// EXEC: [6,  6,  6,  6]
// EXEC: [1,  1,  1,  1]
// EXEC: [6,  6,  6,  6]
// EXEC: allocations: [[N:[0-9]+]]
// EXEC: deallocations: [[N]]
func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %six = arith.constant 6.0 : f32
  %arg = memref.alloc() : memref<4xf32>
  linalg.fill ins(%six : f32) outs(%arg : memref<4xf32>)
  %out = memref.alloc() : memref<4xf32>
  %ou = memref.cast %out : memref<4xf32> to memref<*xf32>
  call @consume(%true, %arg, %out) : (i1, memref<4xf32>, memref<4xf32>) -> ()
  call @printMemrefF32(%ou) : (memref<*xf32>) -> ()
  call @consume(%false, %arg, %out) : (i1, memref<4xf32>, memref<4xf32>) -> ()
  call @printMemrefF32(%ou) : (memref<*xf32>) -> ()
  %x = call @public_user(%true, %arg) : (i1, memref<4xf32>) -> memref<4xf32>
  %xu = memref.cast %x : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%xu) : (memref<*xf32>) -> ()
  %y = call @public_user(%false, %arg) : (i1, memref<4xf32>) -> memref<4xf32>
  %yu = memref.cast %y : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%yu) : (memref<*xf32>) -> ()
  return
}
