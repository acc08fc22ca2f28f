// Allocation statistics of two bufferizations of the same computation: one
// that copies the input before updating it, and one that updates in place.
// Both are correct; --stats shows what the copy costs.
// RUN: bufopt-run %s -e with_copy --stats 2>&1 | FileCheck %s --check-prefix=COPY
// RUN: bufopt-run %s -e in_place --stats=json 2>&1 | FileCheck %s --check-prefix=INPLACE

// COPY: allocations: 2
// COPY-NEXT: bytes allocated: 128
// COPY-NEXT: peak live bytes: 128
// COPY-NEXT: bytes copied: 64
// COPY-NEXT: deallocations: 2

// INPLACE: {"allocations": 1, "bytes_allocated": 64, "peak_live_bytes": 64, "bytes_copied": 0, "deallocations": 1}

func.func @fill(%m: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c16 step %c1 {
    memref.store %one, %m[%i] : memref<16xf32>
  }
  return
}

func.func @double(%m: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c16 step %c1 {
    %x = memref.load %m[%i] : memref<16xf32>
    %y = arith.addf %x, %x : f32
    memref.store %y, %m[%i] : memref<16xf32>
  }
  return
}

func.func @with_copy() {
  %a = memref.alloc() : memref<16xf32>
  call @fill(%a) : (memref<16xf32>) -> ()
  %b = memref.alloc() : memref<16xf32>
  memref.copy %a, %b : memref<16xf32> to memref<16xf32>
  call @double(%b) : (memref<16xf32>) -> ()
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return
}

func.func @in_place() {
  %a = memref.alloc() : memref<16xf32>
  call @fill(%a) : (memref<16xf32>) -> ()
  call @double(%a) : (memref<16xf32>) -> ()
  memref.dealloc %a : memref<16xf32>
  return
}
