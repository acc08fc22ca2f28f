// buffer-deallocation-pipeline on a memref program with a call, a CFG
// merge of two owned buffers, a view and an scf.if result: the pipeline's
// output (ownership-based deallocation, simplification, the dealloc
// lowering through dealloc_helper) is checked, and it runs under
// bufopt-run --strict with every allocation freed exactly once, as the same
// program put through mlir-opt-19's pipeline does.
// RUN: bufopt -buffer-deallocation-pipeline %s | FileCheck %s --check-prefix=IR
// RUN: bufopt -buffer-deallocation-pipeline %s -o %t.b.mlir
// RUN: bufopt-run --strict --stats %t.b.mlir 2>&1 | FileCheck %s --check-prefix=EXEC
// RUN: mlir-opt-19 -buffer-deallocation-pipeline %s -o %t.m.mlir
// RUN: bufopt-run --strict --stats %t.m.mlir 2>&1 | FileCheck %s --check-prefix=EXEC

// EXEC: 4
// EXEC: allocations: [[N:[0-9]+]]
// EXEC: deallocations: [[N]]

func.func private @printI64(i64)
func.func private @printNewline()

func.func private @make(%n: index) -> memref<?xi64> {
  %m = memref.alloc(%n) : memref<?xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = arith.index_cast %i : index to i64
    memref.store %v, %m[%i] : memref<?xi64>
  }
  return %m : memref<?xi64>
}

func.func @pick(%c: i1, %n: index) -> memref<?xi64> {
// IR-LABEL: func.func @pick
// IR: %[[SEL:.*]] = arith.select %{{.*}}, %[[CALL:.*]], %[[ALLOC:.*]] : memref<?xi64>
// IR: %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[CALL]]
// IR: call @dealloc_helper(
// IR: scf.if
// IR-NEXT: memref.dealloc %[[BASE]] : memref<i64>
// IR: scf.if
// IR-NEXT: memref.dealloc %[[ALLOC]] : memref<?xi64>
// IR: return %[[SEL]] : memref<?xi64>
  %a = call @make(%n) : (index) -> memref<?xi64>
  %b = memref.alloc(%n) : memref<?xi64>
  memref.copy %a, %b : memref<?xi64> to memref<?xi64>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%a : memref<?xi64>)
^bb2:
  cf.br ^bb3(%b : memref<?xi64>)
^bb3(%r: memref<?xi64>):
  return %r : memref<?xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %true = arith.constant true
  %false = arith.constant false
  %x = call @pick(%true, %c4) : (i1, index) -> memref<?xi64>
  %y = call @pick(%false, %c4) : (i1, index) -> memref<?xi64>
  %s = memref.subview %x[1] [2] [1] : memref<?xi64> to memref<2xi64, strided<[1], offset: 1>>
  %z = scf.if %true -> memref<?xi64> {
    %t = memref.alloc(%c2) : memref<?xi64>
    scf.yield %t : memref<?xi64>
  } else {
    scf.yield %y : memref<?xi64>
  }
  %v0 = memref.load %s[%c0] : memref<2xi64, strided<[1], offset: 1>>
  %v1 = memref.load %y[%c2] : memref<?xi64>
  %one = arith.constant 1 : i64
  memref.store %one, %z[%c0] : memref<?xi64>
  %v2 = memref.load %z[%c0] : memref<?xi64>
  %sum = arith.addi %v0, %v1 : i64
  %sum2 = arith.addi %sum, %v2 : i64
  call @printI64(%sum2) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
// IR-LABEL: func.func private @dealloc_helper(%{{.*}}: memref<?xindex>, %{{.*}}: memref<?xindex>, %{{.*}}: memref<?xi1>, %{{.*}}: memref<?xi1>, %{{.*}}: memref<?xi1>)
