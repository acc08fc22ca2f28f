// Execution of promote-buffers-to-stack: @fill returns one buffer (which
// escapes, stays on the heap and is freed by @main) and uses a scratch
// buffer per loop iteration and one sized by memref.rank, none of them
// freed. As is, bufopt-run reports the scratch buffers as leaks; promoted
// to the stack they need no free, and the program prints the same values
// with the returned buffer as the only heap allocation, freed once.
// With a limit below the scratch buffer's 32 bytes, that one stays on the
// heap and leaks again.
// RUN: not bufopt-run --strict %s 2>&1 | FileCheck %s --check-prefix=LEAK
// RUN: bufopt -promote-buffers-to-stack %s | FileCheck %s --check-prefix=IR
// RUN: bufopt -promote-buffers-to-stack %s | bufopt-run --strict --stats - 2>&1 | FileCheck %s
// RUN: bufopt -promote-buffers-to-stack=max-alloc-size-in-bytes=16 %s | not bufopt-run --strict - 2>&1 | FileCheck %s --check-prefix=SMALL

// LEAK: 0, 6, 12, 18
// LEAK: error: memory leak: 8 bytes allocated here are never freed
// LEAK-COUNT-3: error: memory leak: 32 bytes allocated here are never freed
// LEAK-NOT: memory leak

// IR-LABEL: func.func @fill
// IR: %[[OUT:.*]] = memref.alloc() : memref<4xi64>
// IR: memref.alloca(%{{.*}}) : memref<?xi64>
// IR: scf.for {{.*}} to %c3
// IR-NEXT: memref.alloca() : memref<4xi64>
// IR: return %[[OUT]]

// CHECK-NOT: error
// CHECK: 0, 6, 12, 18
// CHECK-NOT: error
// CHECK: deallocations: 1

// SMALL: 0, 6, 12, 18
// SMALL-COUNT-3: error: memory leak: 32 bytes allocated here are never freed
// SMALL-NOT: memory leak

func.func private @printMemrefI64(memref<*xi64>)

// out[j] = sum over i < 3 of (i + 1) * j, through a scratch row per i.
func.func @fill(%u: memref<*xi64>) -> memref<4xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0 : i64
  %out = memref.alloc() : memref<4xi64>
  %rank = memref.rank %u : memref<*xi64>
  %scale = memref.alloc(%rank) : memref<?xi64>
  %one = arith.constant 1 : i64
  memref.store %one, %scale[%c0] : memref<?xi64>
  scf.for %j = %c0 to %c4 step %c1 {
    memref.store %zero, %out[%j] : memref<4xi64>
  }
  scf.for %i = %c0 to %c3 step %c1 {
    %row = memref.alloc() : memref<4xi64>
    %ii = arith.index_cast %i : index to i64
    %f = memref.load %scale[%c0] : memref<?xi64>
    %k = arith.addi %ii, %f : i64
    scf.for %j = %c0 to %c4 step %c1 {
      %jj = arith.index_cast %j : index to i64
      %p = arith.muli %k, %jj : i64
      memref.store %p, %row[%j] : memref<4xi64>
    }
    scf.for %j = %c0 to %c4 step %c1 {
      %v = memref.load %row[%j] : memref<4xi64>
      %a = memref.load %out[%j] : memref<4xi64>
      %s = arith.addi %a, %v : i64
      memref.store %s, %out[%j] : memref<4xi64>
    }
  }
  return %out : memref<4xi64>
}

func.func @main() {
  %u = memref.alloca() : memref<1xi64>
  %uu = memref.cast %u : memref<1xi64> to memref<*xi64>
  %out = call @fill(%uu) : (memref<*xi64>) -> memref<4xi64>
  %p = memref.cast %out : memref<4xi64> to memref<*xi64>
  call @printMemrefI64(%p) : (memref<*xi64>) -> ()
  memref.dealloc %out : memref<4xi64>
  return
}
