// gpu.launch bodies with memory attributions (memref arguments) under the
// ownership-based deallocation, as upstream: an async launch (it has a
// result) is not a region-branch op and is rejected; without a result, the
// pass gives the body an ownership argument per memref argument, which
// the launch then counts as a private attribution of type i1, so the IR
// no longer verifies.
// RUN: bufopt %s -ownership-based-buffer-deallocation --allow-unregistered-dialect -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 %s -ownership-based-buffer-deallocation --allow-unregistered-dialect -split-input-file -verify-diagnostics

func.func @async_with_attributions(%n: index, %d: !gpu.async.token) -> !gpu.async.token {
  %c1 = arith.constant 1 : index
  // expected-error @below {{All operations with attached regions need to implement the RegionBranchOpInterface.}}
  %t = gpu.launch async [%d] blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1)
      workgroup(%w : memref<16xf32, 3>) {
    "test.read_buffer"(%w) : (memref<16xf32, 3>) -> ()
    gpu.terminator
  }
  return %t : !gpu.async.token
}

// -----

func.func @attributions(%n: index) {
  %c1 = arith.constant 1 : index
  // expected-error @below {{'gpu.launch' op expected memref type in attribution}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1)
      private(%p : memref<1xf32, 5>) {
    %a = memref.alloc() : memref<3xf32>
    "test.read_buffer"(%a) : (memref<3xf32>) -> ()
    "test.read_buffer"(%p) : (memref<1xf32, 5>) -> ()
    gpu.terminator
  }
  return
}
