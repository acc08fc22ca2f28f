// An scf.if result used in both successors of a cf.cond_br without being a
// branch operand. The pass replaces the scf.if by a copy with an ownership
// result; the liveness (computed before the pass) must follow that
// replacement, so the result is retained by the deallocs before the branch
// and freed by the successors.
//
// mlir-opt-19 loses it: its `--ownership-based-buffer-deallocation` frees
// it before the branch and nowhere retains it,
//     bufferization.dealloc (%base_buffer, %base_buffer_0 : memref<i64>, memref<i64>) if (%5, %6)
//     bufferization.dealloc (%base_buffer, %base_buffer_0 : memref<i64>, memref<i64>) if (%8, %10)
//     cf.cond_br %4, ^bb1, ^bb2
// and the successors free nothing; its `-buffer-deallocation-pipeline`
// output, run with `bufopt-run --strict`, fails with
//     error: use after free: read of a freed buffer
//       %13 = memref.load %3[%c0] : memref<4xi64>
// (the buffer allocated in the else branch, freed before the cf.cond_br).
// RUN: bufopt --ownership-based-buffer-deallocation %s | mlir-opt-19 > /dev/null
// RUN: bufopt --ownership-based-buffer-deallocation %s | FileCheck %s
// RUN: bufopt -buffer-deallocation-pipeline %s > %t.mlir
// RUN: mlir-opt-19 %t.mlir > /dev/null
// RUN: bufopt-run --strict --stats %t.mlir 2>&1 | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: func.func @main(
//       CHECK: %[[R:.*]]:2 = scf.if
//       CHECK: %[[T:.*]] = bufferization.dealloc ({{.*}}) if ({{.*}}) retain (%[[R]]#0 : memref<4xi64>)
//       CHECK: %[[E:.*]] = bufferization.dealloc ({{.*}}) if ({{.*}}) retain (%[[R]]#0 : memref<4xi64>)
//       CHECK: %[[O:.*]] = arith.select %{{.*}}, %[[T]], %[[E]] : i1
//       CHECK: cf.cond_br
//       CHECK: ^bb1:
//       CHECK: memref.load %[[R]]#0
//       CHECK: %[[B1:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]#0
//       CHECK: bufferization.dealloc (%[[B1]] : memref<i64>) if (%[[O]])
//       CHECK: ^bb2:
//       CHECK: memref.load %[[R]]#0
//       CHECK: %[[B2:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]#0
//       CHECK: bufferization.dealloc (%[[B2]] : memref<i64>) if (%[[O]])

// EXEC: 8
// EXEC: allocations: 2
// EXEC: deallocations: 2
// EXEC-NOT: error

func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = arith.constant 4 : i64
  %a = memref.alloc() : memref<4xi64>
  memref.store %k, %a[%c0] : memref<4xi64>
  %x = memref.load %a[%c0] : memref<4xi64>
  %c = arith.cmpi sgt, %x, %k : i64
  %r = scf.if %c -> (memref<4xi64>) {
    scf.yield %a : memref<4xi64>
  } else {
    %n = memref.alloc() : memref<4xi64>
    %k2 = arith.addi %k, %k : i64
    memref.store %k2, %n[%c0] : memref<4xi64>
    scf.yield %n : memref<4xi64>
  }
  %c7 = arith.constant 7 : i64
  %z = memref.load %r[%c0] : memref<4xi64>
  %d = arith.cmpi sgt, %z, %c7 : i64
  cf.cond_br %d, ^bb1, ^bb2
^bb1:
  %y = memref.load %r[%c0] : memref<4xi64>
  func.call @printI64(%y) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
^bb2:
  %w = memref.load %r[%c0] : memref<4xi64>
  %w1 = arith.addi %w, %w : i64
  func.call @printI64(%w1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
