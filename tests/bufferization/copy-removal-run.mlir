// A program with copies that copy-removal removes (source reuse in
// @twice, target reuse in @fill_into) and copies it must keep (@keep: the
// temporary is read after the copy; @accumulate: the target is read
// between the temporary's allocation and the copy). The
// output is the same with and without the pass, nothing leaks or is freed
// twice, and fewer bytes are copied.
// RUN: bufopt-run --strict --stats %s 2>&1 | FileCheck %s --check-prefixes=CHECK,BEFORE
// RUN: bufopt -copy-removal %s | bufopt-run --strict --stats - 2>&1 | FileCheck %s --check-prefixes=CHECK,AFTER
// RUN: bufopt -copy-removal %s | FileCheck %s --check-prefix=IR

// CHECK-NOT: {{error|warning}}
// CHECK: data =
// CHECK-NEXT: [2,  2,  2,  2]
// CHECK: data =
// CHECK-NEXT: [3,  3,  3,  3]
// CHECK: data =
// CHECK-NEXT: [5,  5,  5,  5]
// CHECK: data =
// CHECK-NEXT: [7,  7,  7,  9]
// CHECK-NOT: {{error|warning}}
// CHECK: allocations: [[N:[0-9]+]]
// BEFORE: bytes copied: 80
// AFTER: bytes copied: 48
// CHECK: deallocations: [[N]]

// IR-LABEL: func.func @twice(
// IR-NOT: memref.copy
// IR-LABEL: func.func @fill_into(
// IR-NOT: memref.copy
// IR-LABEL: func.func @accumulate(
// IR: memref.copy
// IR-LABEL: func.func @keep(
// IR: memref.copy

func.func private @printMemrefF32(memref<*xf32>)

func.func @print(%m: memref<4xf32>) {
  %u = memref.cast %m : memref<4xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// A fresh buffer of 2s, copied once more before it is returned.
func.func @twice() -> memref<4xf32> {
  %two = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%two : f32) outs(%a : memref<4xf32>)
  %b = memref.alloc() : memref<4xf32>
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return %b : memref<4xf32>
}

func.func @fill_into(%out: memref<4xf32>, %f: f32) {
  %t = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%t : memref<4xf32>)
  memref.copy %t, %out : memref<4xf32> to memref<4xf32>
  memref.dealloc %t : memref<4xf32>
  return
}

// out = in + 1, n times, through a temporary each time.
func.func @accumulate(%out: memref<4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<4xf32>
    scf.for %j = %c0 to %c4 step %c1 {
      %v = memref.load %out[%j] : memref<4xf32>
      %w = arith.addf %v, %one : f32
      memref.store %w, %t[%j] : memref<4xf32>
    }
    memref.copy %t, %out : memref<4xf32> to memref<4xf32>
    memref.dealloc %t : memref<4xf32>
  }
  return
}

// The temporary is read after the copy: the copy stays.
func.func @keep(%out: memref<4xf32>, %f: f32) {
  %c3 = arith.constant 3 : index
  %t = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%t : memref<4xf32>)
  memref.copy %t, %out : memref<4xf32> to memref<4xf32>
  %x = memref.load %t[%c3] : memref<4xf32>
  %y = arith.addf %x, %x : f32
  %z = arith.subf %y, %f : f32
  %two = arith.constant 2.0 : f32
  %w = arith.addf %z, %two : f32
  memref.store %w, %out[%c3] : memref<4xf32>
  memref.dealloc %t : memref<4xf32>
  return
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %b = func.call @twice() : () -> memref<4xf32>
  func.call @print(%b) : (memref<4xf32>) -> ()
  %three = arith.constant 3.0 : f32
  func.call @fill_into(%b, %three) : (memref<4xf32>, f32) -> ()
  func.call @print(%b) : (memref<4xf32>) -> ()
  func.call @accumulate(%b, %c2) : (memref<4xf32>, index) -> ()
  func.call @print(%b) : (memref<4xf32>) -> ()
  %seven = arith.constant 7.0 : f32
  func.call @keep(%b, %seven) : (memref<4xf32>, f32) -> ()
  func.call @print(%b) : (memref<4xf32>) -> ()
  memref.dealloc %b : memref<4xf32>
  return
}
