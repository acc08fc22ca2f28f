// A memref op masked by `vector.mask`: the ownership-based deallocation
// puts the `i1` constants for the ops of the mask's region (here the
// `false` ownership of %buf, captured from the enclosing region) before the
// `vector.mask`, not inside its region, which may hold only the masked op.
// mlir-opt-19 puts `%false = arith.constant false` inside the region and
// fails: "'vector.mask' op expects only one operation to mask".
// RUN: bufopt -ownership-based-buffer-deallocation %s | FileCheck %s
// RUN: bufopt -ownership-based-buffer-deallocation %s | mlir-opt-19 > /dev/null
// RUN: bufopt -buffer-deallocation-pipeline %s > %t.mlir
// RUN: mlir-opt-19 %t.mlir > /dev/null
// RUN: bufopt-run --strict --stats %t.mlir 2>&1 | FileCheck %s --check-prefix=EXEC

func.func private @printI64(i64)
func.func private @printNewline()

// CHECK-LABEL: func.func @main(
//       CHECK: %[[BUF:.*]] = memref.alloc() : memref<4xi64>
//       CHECK: %false{{.*}} = arith.constant false
//  CHECK-NEXT: vector.mask %{{.*}} { vector.transfer_write %{{.*}}, %[[BUF]][%{{.*}}] : vector<4xi64>, memref<4xi64> } : vector<4xi1>
//       CHECK: bufferization.dealloc
func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0 : i64
  %buf = memref.alloc() : memref<4xi64>
  linalg.fill ins(%z : i64) outs(%buf : memref<4xi64>)
  %mask = vector.create_mask %c2 : vector<4xi1>
  %v = arith.constant dense<[5, 6, 7, 8]> : vector<4xi64>
  vector.mask %mask { vector.transfer_write %v, %buf[%c0] : vector<4xi64>, memref<4xi64> } : vector<4xi1>
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a = memref.load %buf[%c1] : memref<4xi64>
  %b = memref.load %buf[%c3] : memref<4xi64>
  %s = arith.addi %a, %b : i64
  func.call @printI64(%s) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// The masked write stores lanes 0 and 1 only: 6 + 0.
// EXEC: 6
// EXEC: allocations: 1
// EXEC: deallocations: 1
// EXEC-NOT: error
