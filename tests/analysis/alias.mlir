// Buffer view flow (may-alias sets) and buffer origins. Values are named by
// `"test.name"(%v) {name = "..."}`; each line lists the named values the
// buffer may flow into, then every pair's same-allocation verdict.
// RUN: bufopt %s --allow-unregistered-dialect --test-print-alias 2>&1 >/dev/null | FileCheck %s

// Views (memref.cast), unregistered branches (conservative: every operand
// reaches every successor argument), scf.if results, unknown ops and calls.
// CHECK-LABEL: Testing : f
// CHECK-NEXT: arg -> arg r
// CHECK-NEXT: a -> a j r v
// CHECK-NEXT: b -> b j k
// CHECK-NEXT: v -> v
// CHECK-NEXT: j -> j
// CHECK-NEXT: r -> r
// CHECK-NEXT: u -> u
// CHECK-NEXT: k -> k
// CHECK-NEXT: same_allocation(arg, a) = never
// CHECK-NEXT: same_allocation(arg, b) = never
// CHECK-NEXT: same_allocation(arg, v) = never
// CHECK-NEXT: same_allocation(arg, j) = never
// CHECK-NEXT: same_allocation(arg, r) = may
// CHECK-NEXT: same_allocation(arg, u) = may
// CHECK-NEXT: same_allocation(arg, k) = may
// CHECK-NEXT: same_allocation(a, b) = never
// CHECK-NEXT: same_allocation(a, v) = must
// CHECK-NEXT: same_allocation(a, j) = may
// CHECK-NEXT: same_allocation(a, r) = may
// CHECK-NEXT: same_allocation(a, u) = may
// CHECK-NEXT: same_allocation(a, k) = may
// CHECK-NEXT: same_allocation(b, v) = never
// CHECK-NEXT: same_allocation(b, j) = may
// CHECK-NEXT: same_allocation(b, r) = never
// CHECK-NEXT: same_allocation(b, u) = may
// CHECK-NEXT: same_allocation(b, k) = may
// CHECK-NEXT: same_allocation(v, j) = may
// CHECK-NEXT: same_allocation(v, r) = may
// CHECK-NEXT: same_allocation(v, u) = may
// CHECK-NEXT: same_allocation(v, k) = may
// CHECK-NEXT: same_allocation(j, r) = may
// CHECK-NEXT: same_allocation(j, u) = may
// CHECK-NEXT: same_allocation(j, k) = may
// CHECK-NEXT: same_allocation(r, u) = may
// CHECK-NEXT: same_allocation(r, k) = may
// CHECK-NEXT: same_allocation(u, k) = may
// CHECK-LABEL: Testing : g

func.func @f(%arg: memref<8xf32>, %c: i1) {
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloc() : memref<8xf32>
  %v = memref.cast %a : memref<8xf32> to memref<?xf32>
  "test.name"(%arg) {name = "arg"} : (memref<8xf32>) -> ()
  "test.name"(%a) {name = "a"} : (memref<8xf32>) -> ()
  "test.name"(%b) {name = "b"} : (memref<8xf32>) -> ()
  "test.name"(%v) {name = "v"} : (memref<?xf32>) -> ()
  "test.cond_br"(%c, %a, %b)[^bb1, ^bb2] : (i1, memref<8xf32>, memref<8xf32>) -> ()
^bb1:
  "test.br"(%a)[^join] : (memref<8xf32>) -> ()
^bb2:
  "test.br"(%b)[^join] : (memref<8xf32>) -> ()
^join(%j: memref<8xf32>):
  "test.name"(%j) {name = "j"} : (memref<8xf32>) -> ()
  %r = scf.if %c -> memref<8xf32> {
    scf.yield %a : memref<8xf32>
  } else {
    scf.yield %arg : memref<8xf32>
  }
  "test.name"(%r) {name = "r"} : (memref<8xf32>) -> ()
  %u = "test.unknown"() : () -> memref<8xf32>
  "test.name"(%u) {name = "u"} : (memref<8xf32>) -> ()
  %k = func.call @g(%b) : (memref<8xf32>) -> memref<8xf32>
  "test.name"(%k) {name = "k"} : (memref<8xf32>) -> ()
  return
}
func.func private @g(memref<8xf32>) -> memref<8xf32>

// Region branches through scf.for iter_args: the loop result may be the
// initial buffer or the one yielded by the body.
// CHECK-LABEL: Testing : loop
// CHECK-NEXT: init -> init res
// CHECK-NEXT: fresh -> fresh res
// CHECK-NEXT: res -> res
// CHECK-NEXT: same_allocation(init, fresh) = never
// CHECK-NEXT: same_allocation(init, res) = may
// CHECK-NEXT: same_allocation(fresh, res) = may
func.func @loop(%lb: index, %ub: index, %s: index) {
  %init = memref.alloc() : memref<4xf32>
  "test.name"(%init) {name = "init"} : (memref<4xf32>) -> ()
  %res = scf.for %i = %lb to %ub step %s iter_args(%it = %init) -> (memref<4xf32>) {
    %fresh = memref.alloc() : memref<4xf32>
    "test.name"(%fresh) {name = "fresh"} : (memref<4xf32>) -> ()
    scf.yield %fresh : memref<4xf32>
  }
  "test.name"(%res) {name = "res"} : (memref<4xf32>) -> ()
  return
}
