// `ub.poison` executes as the interpreter's one concept of poison: a
// deterministic value (zero), like an over-wide shift's result. A program
// that never observes it (here, `arith.select` discards it) prints the
// same as mlir-cpu-runner-19.
// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// RUN: bufopt %s | mlir-opt-19 -o /dev/null

// CHECK: 5
// CHECK-NEXT: 7
// CHECK-NEXT: ( 3, 4 )
// CHECK-NEXT: 0
func.func @main() {
  %p = ub.poison : i32
  %a = arith.constant 5 : i32
  %b = arith.constant 7 : i32
  %t = arith.constant true
  %f = arith.constant false
  %0 = arith.select %t, %a, %p : i32
  %1 = arith.select %f, %p, %b : i32
  %pv = ub.poison : vector<2xf32>
  %v = arith.constant dense<[3.0, 4.0]> : vector<2xf32>
  %m = arith.constant dense<[true, true]> : vector<2xi1>
  %2 = arith.select %m, %v, %pv : vector<2xi1>, vector<2xf32>
  // Observed poison: the deterministic zero.
  %pi = ub.poison : index
  vector.print %0 : i32
  vector.print %1 : i32
  vector.print %2 : vector<2xf32>
  vector.print %pi : index
  return
}
