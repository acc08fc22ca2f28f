// A program mixing func calls, an scf.for, tensor, linalg and arith ops
// on tensors, bufferized by the partial passes one dialect at a time and
// finished by finalizing-bufferize (the spec's pipeline of dialect
// conversion-based bufferization). Every tensor is gone; the bufferized
// program computes what the tensor program computes on the same generated
// inputs (--compare), and after the ownership-based deallocation pipeline
// it frees every buffer it does not return, with no memory error.
// RUN: bufopt %s -func-bufferize -arith-bufferize -tensor-bufferize -linalg-bufferize -scf-bufferize -finalizing-bufferize | FileCheck %s --check-prefix=IR --implicit-check-not='tensor<' --implicit-check-not=bufferization.
// RUN: bufopt %s -func-bufferize -arith-bufferize -tensor-bufferize -linalg-bufferize -scf-bufferize -finalizing-bufferize | mlir-opt-19 > /dev/null
// RUN: bufopt %s -func-bufferize -arith-bufferize -tensor-bufferize -linalg-bufferize -scf-bufferize -finalizing-bufferize -buffer-deallocation-pipeline -o %t.buf
// RUN: bufopt-run --strict --seed 3 %s --compare %t.buf | FileCheck %s --check-prefix=CMP
// RUN: bufopt-run --strict --seed 11 %s --compare %t.buf | FileCheck %s --check-prefix=CMP
// RUN: bufopt-run --strict --stats --seed 3 %t.buf 2>&1 | FileCheck %s --check-prefix=STATS
// The spec's order (npcomp's pipeline): the partial passes first, then
// func-bufferize, then finalizing-bufferize.
// RUN: bufopt %s -pass-pipeline='builtin.module(arith-bufferize,func.func(scf-bufferize,linalg-bufferize,tensor-bufferize),func-bufferize,func.func(finalizing-bufferize),buffer-deallocation-pipeline)' -o %t.spec
// RUN: bufopt-run --strict --seed 3 %s --compare %t.spec | FileCheck %s --check-prefix=CMP
// The same pipeline nested as mlir-opt would run it.
// RUN: bufopt %s -pass-pipeline='builtin.module(func-bufferize,arith-bufferize,func.func(tensor-bufferize,linalg-bufferize,scf-bufferize,finalizing-bufferize))' | FileCheck %s --check-prefix=IR --implicit-check-not='tensor<' --implicit-check-not=bufferization.

// CMP: {{.*}}.mlir: ok
// CMP: output: same
// CMP-NEXT: results: same
// CMP-NEXT: verdict: agree

// Every buffer (the copies before writes, the loop's buffers, and the
// lowered dealloc's own helper buffers) is freed exactly once, but the one
// returned to @main's caller.
// STATS-NOT: error
// STATS: allocations: 38
// STATS: deallocations: 37

// IR: memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]>
// IR-LABEL: func.func @axpy(
// IR-SAME: %[[A:.*]]: f32, %[[X:.*]]: memref<4xf32>, %[[Y:.*]]: memref<4xf32>) -> memref<4xf32>
// IR-NEXT: %[[O:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// IR-NEXT: memref.copy %[[Y]], %[[O]]
// IR-NEXT: linalg.generic {{.*}} ins(%[[X]] : memref<4xf32>) outs(%[[O]] : memref<4xf32>)
// IR: return %[[O]] : memref<4xf32>
// IR-LABEL: func.func @step(
// IR-SAME: %[[T:.*]]: memref<4xf32>, %[[I:.*]]: index) -> memref<4xf32>
// IR-NEXT: %[[V:.*]] = memref.load %[[T]][%[[I]]] : memref<4xf32>
// IR: %[[N:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// IR-NEXT: memref.copy %[[T]], %[[N]]
// IR-NEXT: memref.store %{{.*}}, %[[N]][%[[I]]] : memref<4xf32>
// IR-NEXT: return %[[N]] : memref<4xf32>
// IR-LABEL: func.func @main(
// IR-SAME: %[[MX:.*]]: memref<4xf32>, %{{.*}}: f32) -> (memref<4xf32>, f32)
// IR: %[[K:.*]] = memref.get_global @__constant_4xf32 : memref<4xf32>
// IR: linalg.fill ins(%{{.*}} : f32) outs(%[[INIT:.*]] : memref<4xf32>)
// IR-NEXT: %[[ACC:.*]] = scf.for {{.*}} iter_args(%[[IT:.*]] = %[[INIT]]) -> (memref<4xf32>)
// IR-NEXT: %[[S:.*]] = func.call @step(%[[IT]], %{{.*}}) : (memref<4xf32>, index) -> memref<4xf32>
// IR-NEXT: %[[U:.*]] = func.call @axpy(%{{.*}}, %[[MX]], %[[S]])
// IR-NEXT: %[[W:.*]] = func.call @axpy(%{{.*}}, %[[K]], %[[U]])
// IR-NEXT: scf.yield %[[W]] : memref<4xf32>
// IR: %[[L:.*]] = memref.load %[[MX]][%{{.*}}] : memref<4xf32>
// IR-NEXT: return %[[ACC]], %[[L]] : memref<4xf32>, f32

#map = affine_map<(d0) -> (d0)>

func.func @axpy(%a: f32, %x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%y : tensor<4xf32>) {
  ^bb0(%xi: f32, %yi: f32):
    %p = arith.mulf %a, %xi : f32
    %s = arith.addf %p, %yi : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func @step(%t: tensor<4xf32>, %i: index) -> tensor<4xf32> {
  %v = tensor.extract %t[%i] : tensor<4xf32>
  %one = arith.constant 1.0 : f32
  %w = arith.addf %v, %one : f32
  %r = tensor.insert %w into %t[%i] : tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func @main(%x: tensor<4xf32>, %two: f32) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %k = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %half = arith.constant 0.5 : f32
  %y = linalg.fill ins(%half : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %acc = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %y) -> (tensor<4xf32>) {
    %s = func.call @step(%t, %i) : (tensor<4xf32>, index) -> tensor<4xf32>
    %u = func.call @axpy(%two, %x, %s) : (f32, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %w = func.call @axpy(%two, %k, %u) : (f32, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    scf.yield %w : tensor<4xf32>
  }
  %l = tensor.extract %x[%c1] : tensor<4xf32>
  return %acc, %l : tensor<4xf32>, f32
}
