// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// Sieve of Eratosthenes over a memref<200xi1>, counting primes and
// collecting them into an i64 buffer, with nested scf.while/scf.for.
func.func private @printMemrefI64(memref<*xi64>) attributes {llvm.emit_c_interface}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = arith.constant 200 : index
  %true = arith.constant true
  %false = arith.constant false
  %composite = memref.alloc() : memref<200xi1>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %false, %composite[%i] : memref<200xi1>
  }
  %last = scf.while (%p = %c2) : (index) -> index {
    %sq = arith.muli %p, %p : index
    %go = arith.cmpi ult, %sq, %n : index
    scf.condition(%go) %p : index
  } do {
  ^bb0(%p: index):
    %isc = memref.load %composite[%p] : memref<200xi1>
    %prime = arith.xori %isc, %true : i1
    scf.if %prime {
      %start = arith.muli %p, %p : index
      scf.for %k = %start to %n step %p {
        memref.store %true, %composite[%k] : memref<200xi1>
      }
    }
    %next = arith.addi %p, %c1 : index
    scf.yield %next : index
  }
  %primes = memref.alloc() : memref<46xi64>
  %count = scf.for %i = %c2 to %n step %c1 iter_args(%cnt = %c0) -> (index) {
    %isc = memref.load %composite[%i] : memref<200xi1>
    %r = scf.if %isc -> (index) {
      scf.yield %cnt : index
    } else {
      %iv = arith.index_cast %i : index to i64
      memref.store %iv, %primes[%cnt] : memref<46xi64>
      %c = arith.addi %cnt, %c1 : index
      scf.yield %c : index
    }
    scf.yield %r : index
  }
  %pu = memref.cast %primes : memref<46xi64> to memref<*xi64>
  call @printMemrefI64(%pu) : (memref<*xi64>) -> ()
  %out = memref.alloc() : memref<2xi64>
  %ci = arith.index_cast %count : index to i64
  %li = arith.index_cast %last : index to i64
  memref.store %ci, %out[%c0] : memref<2xi64>
  memref.store %li, %out[%c1] : memref<2xi64>
  %ou = memref.cast %out : memref<2xi64> to memref<*xi64>
  call @printMemrefI64(%ou) : (memref<*xi64>) -> ()
  memref.dealloc %out : memref<2xi64>
  memref.dealloc %primes : memref<46xi64>
  memref.dealloc %composite : memref<200xi1>
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [46] strides = [1] data = 
// CHECK-NEXT: [2,  3,  5,  7,  11,  13,  17,  19,  23,  29,  31,  37,  41,  43,  47,  53,  59,  61,  67,  71,  73,  79,  83,  89,  97,  101,  103,  107,  109,  113,  127,  131,  137,  139,  149,  151,  157,  163,  167,  173,  179,  181,  191,  193,  197,  199]
// CHECK-NEXT: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [2] strides = [1] data = 
// CHECK-NEXT: [46,  15]
