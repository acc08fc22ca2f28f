// Integers wider than 64 bits are not modelled: using one is a clean error
// at the op (not a crash or a wrong value), in arithmetic and in memory.
// The clean entry uses i64, the widest supported width.
// RUN: not bufopt-run %s -e arith128 2>&1 | FileCheck %s --check-prefix=ARITH
// RUN: not bufopt-run %s -e memory256 2>&1 | FileCheck %s --check-prefix=MEM
// RUN: bufopt-run %s -e clean 2>&1 | FileCheck %s --check-prefix=CLEAN --allow-empty
// CLEAN-NOT: {{error|warning}}

func.func @arith128() {
  // ARITH: wide-integers.mlir:[[@LINE+1]]:8: error: 'arith.constant' on i128: integers wider than 64 bits are not supported by the interpreter
  %a = arith.constant 5 : i128
  %b = arith.addi %a, %a : i128
  return
}

func.func @memory256() {
  // MEM: wide-integers.mlir:[[@LINE+1]]:8: error: 'memref.alloc' on i256: integers wider than 64 bits are not supported by the interpreter
  %m = memref.alloc() : memref<4xi256>
  memref.dealloc %m : memref<4xi256>
  return
}

func.func @clean() {
  %a = arith.constant -5 : i64
  %b = arith.muli %a, %a : i64
  %m = memref.alloc() : memref<4xi64>
  %c0 = arith.constant 0 : index
  memref.store %b, %m[%c0] : memref<4xi64>
  memref.dealloc %m : memref<4xi64>
  return
}
