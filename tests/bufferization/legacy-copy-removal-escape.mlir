// copy-removal and buffers reachable through memory: the document's "no
// users/aliases between" conditions also count the aliases the view flow
// cannot see. A buffer escapes when it is a function argument, is stored
// into memory, is passed to a call, or is returned; then an op between the
// two points that may reach it without naming it (a call, an access to a
// buffer loaded from memory) blocks the rewrite. Each blocked case has a
// twin without that op, which is rewritten.
// (Buffers of buffers cannot be run under bufopt-run or lowered for
// mlir-cpu-runner-19, so these are checked on the IR only.)
// RUN: bufopt -copy-removal -split-input-file %s | FileCheck %s
// RUN: bufopt -copy-removal -split-input-file %s | mlir-opt-19 -split-input-file -verify-each > /dev/null

func.func private @peek()
func.func private @keep(memref<2xf32>)

// Reusing the source: %from is stored into %m; after the copy, %to is
// written and %from is read back through %m before its dealloc. Reusing
// %from for %to would let the load see the write.
// CHECK-LABEL: func @source_stored_read_through_memory(
// CHECK: memref.copy
// CHECK: memref.dealloc
func.func @source_stored_read_through_memory(%m: memref<memref<2xf32>>, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %from = memref.alloc() : memref<2xf32>
  memref.store %v, %from[%c0] : memref<2xf32>
  memref.store %from, %m[] : memref<memref<2xf32>>
  %to = memref.alloc() : memref<2xf32>
  memref.copy %from, %to : memref<2xf32> to memref<2xf32>
  memref.store %v, %to[%c0] : memref<2xf32>
  %p = memref.load %m[] : memref<memref<2xf32>>
  %x = memref.load %p[%c0] : memref<2xf32>
  memref.dealloc %from : memref<2xf32>
  memref.dealloc %to : memref<2xf32>
  return %x : f32
}

// -----

func.func private @peek()

// Reusing the source: %from is stored into %m, and a call between the copy
// and the dealloc may read it from there.
// CHECK-LABEL: func @source_stored_call_between(
// CHECK: memref.copy
// CHECK: call @peek
// CHECK: memref.dealloc
func.func @source_stored_call_between(%m: memref<memref<2xf32>>) -> memref<2xf32> {
  %from = memref.alloc() : memref<2xf32>
  memref.store %from, %m[] : memref<memref<2xf32>>
  %to = memref.alloc() : memref<2xf32>
  memref.copy %from, %to : memref<2xf32> to memref<2xf32>
  func.call @peek() : () -> ()
  memref.dealloc %from : memref<2xf32>
  return %to : memref<2xf32>
}

// -----

func.func private @peek()
func.func private @keep(memref<2xf32>)

// Reusing the source: %from is handed to a callee that may keep it, and a
// later call may use it.
// CHECK-LABEL: func @source_passed_to_call(
// CHECK: call @keep
// CHECK: memref.copy
// CHECK: call @peek
// CHECK: memref.dealloc
func.func @source_passed_to_call() -> memref<2xf32> {
  %from = memref.alloc() : memref<2xf32>
  func.call @keep(%from) : (memref<2xf32>) -> ()
  %to = memref.alloc() : memref<2xf32>
  memref.copy %from, %to : memref<2xf32> to memref<2xf32>
  func.call @peek() : () -> ()
  memref.dealloc %from : memref<2xf32>
  return %to : memref<2xf32>
}

// -----

func.func private @keep(memref<2xf32>)

// The twin without an op between: rewritten (the source is reused).
// CHECK-LABEL: func @source_passed_to_call_nothing_between(
// CHECK-NEXT: %[[A:.*]] = memref.alloc()
// CHECK-NEXT: call @keep(%[[A]])
// CHECK-NEXT: return %[[A]]
func.func @source_passed_to_call_nothing_between() -> memref<2xf32> {
  %from = memref.alloc() : memref<2xf32>
  func.call @keep(%from) : (memref<2xf32>) -> ()
  %to = memref.alloc() : memref<2xf32>
  memref.copy %from, %to : memref<2xf32> to memref<2xf32>
  memref.dealloc %from : memref<2xf32>
  return %to : memref<2xf32>
}

// -----

func.func private @peek()

// Reusing the target: %result comes from the caller, which may reach it
// from the callee @peek; writing the temporary's contents into %result
// before that call would change what @peek sees.
// CHECK-LABEL: func @target_argument_call_between(
// CHECK: %[[T:.*]] = memref.alloc()
// CHECK: call @peek
// CHECK: memref.copy %[[T]], %arg1
// CHECK: memref.dealloc %[[T]]
func.func @target_argument_call_between(%arg0: memref<2xf32>, %result: memref<2xf32>) {
  %temp = memref.alloc() : memref<2xf32>
  memref.copy %arg0, %temp : memref<2xf32> to memref<2xf32>
  func.call @peek() : () -> ()
  memref.copy %temp, %result : memref<2xf32> to memref<2xf32>
  memref.dealloc %temp : memref<2xf32>
  return
}

// -----

// The twin without the call: %result is written directly (the document's
// target-reuse example; distinct arguments are taken not to alias).
// CHECK-LABEL: func @target_argument_nothing_between(
// CHECK-NEXT: memref.copy %arg0, %arg1
// CHECK-NEXT: return
func.func @target_argument_nothing_between(%arg0: memref<2xf32>, %result: memref<2xf32>) {
  %temp = memref.alloc() : memref<2xf32>
  memref.copy %arg0, %temp : memref<2xf32> to memref<2xf32>
  memref.copy %temp, %result : memref<2xf32> to memref<2xf32>
  memref.dealloc %temp : memref<2xf32>
  return
}

// -----

// Reusing the target: %to is stored into %m before the temporary is made;
// between the temporary's write and the copy, %to is read back through %m.
// CHECK-LABEL: func @target_stored_read_through_memory(
// CHECK: %[[TO:.*]] = memref.alloc()
// CHECK: %[[T:.*]] = memref.alloc()
// CHECK: memref.load
// CHECK: memref.copy %[[T]], %[[TO]]
// CHECK: memref.dealloc %[[T]]
func.func @target_stored_read_through_memory(%m: memref<memref<2xf32>>, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %to = memref.alloc() : memref<2xf32>
  memref.store %to, %m[] : memref<memref<2xf32>>
  %temp = memref.alloc() : memref<2xf32>
  memref.store %v, %temp[%c0] : memref<2xf32>
  %p = memref.load %m[] : memref<memref<2xf32>>
  %x = memref.load %p[%c0] : memref<2xf32>
  memref.copy %temp, %to : memref<2xf32> to memref<2xf32>
  memref.dealloc %temp : memref<2xf32>
  memref.dealloc %to : memref<2xf32>
  return %x : f32
}

// -----

// The twin that reads %m only after the copy: rewritten.
// CHECK-LABEL: func @target_stored_read_after_copy(
// CHECK: %[[TO:.*]] = memref.alloc()
// CHECK-NEXT: memref.store %[[TO]], %arg0[]
// CHECK-NEXT: memref.store %arg1, %[[TO]][%{{.*}}]
// CHECK-NOT: memref.copy
// CHECK: memref.dealloc %[[TO]]
// CHECK-NEXT: return
func.func @target_stored_read_after_copy(%m: memref<memref<2xf32>>, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %to = memref.alloc() : memref<2xf32>
  memref.store %to, %m[] : memref<memref<2xf32>>
  %temp = memref.alloc() : memref<2xf32>
  memref.store %v, %temp[%c0] : memref<2xf32>
  memref.copy %temp, %to : memref<2xf32> to memref<2xf32>
  memref.dealloc %temp : memref<2xf32>
  %p = memref.load %m[] : memref<memref<2xf32>>
  %x = memref.load %p[%c0] : memref<2xf32>
  memref.dealloc %to : memref<2xf32>
  return %x : f32
}

// -----

func.func private @peek()

// Reusing the target: %to is returned, but only after the copy, and it is
// allocated in this block: the call before the copy cannot reach it, and
// the temporary is replaced.
// CHECK-LABEL: func @target_returned_later(
// CHECK-NEXT: %[[TO:.*]] = memref.alloc()
// CHECK-NEXT: memref.copy %arg0, %[[TO]]
// CHECK-NEXT: call @peek
// CHECK-NEXT: return %[[TO]]
func.func @target_returned_later(%arg0: memref<2xf32>) -> memref<2xf32> {
  %to = memref.alloc() : memref<2xf32>
  %temp = memref.alloc() : memref<2xf32>
  memref.copy %arg0, %temp : memref<2xf32> to memref<2xf32>
  func.call @peek() : () -> ()
  memref.copy %temp, %to : memref<2xf32> to memref<2xf32>
  memref.dealloc %temp : memref<2xf32>
  return %to : memref<2xf32>
}

// -----

func.func private @peek()
func.func private @keep(memref<2xf32>)

// Reusing the target: %to was handed to @keep before the temporary was
// made, so @peek may read it.
// CHECK-LABEL: func @target_passed_to_call(
// CHECK: %[[TO:.*]] = memref.alloc()
// CHECK: call @keep(%[[TO]])
// CHECK: %[[T:.*]] = memref.alloc()
// CHECK: call @peek
// CHECK: memref.copy %[[T]], %[[TO]]
func.func @target_passed_to_call(%arg0: memref<2xf32>) -> memref<2xf32> {
  %to = memref.alloc() : memref<2xf32>
  func.call @keep(%to) : (memref<2xf32>) -> ()
  %temp = memref.alloc() : memref<2xf32>
  memref.copy %arg0, %temp : memref<2xf32> to memref<2xf32>
  func.call @peek() : () -> ()
  memref.copy %temp, %to : memref<2xf32> to memref<2xf32>
  memref.dealloc %temp : memref<2xf32>
  return %to : memref<2xf32>
}
