// gpu.launch and gpu.terminator verifiers and parser errors, with
// mlir-opt-19's wording.
// RUN: bufopt %s --allow-unregistered-dialect -split-input-file -verify-diagnostics
// RUN: mlir-opt-19 %s --allow-unregistered-dialect -split-input-file -verify-diagnostics

func.func @too_few_sizes(%sz : index) {
  // expected-error @below {{'gpu.launch' op expected 6 or more operands, but found 5}}
  "gpu.launch"(%sz, %sz, %sz, %sz, %sz) ({
    gpu.terminator
  }) {operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0>} : (index, index, index, index, index) -> ()
  return
}

// -----

func.func @too_few_region_args(%sz : index) {
  // expected-error @below {{'gpu.launch' op unexpected number of region arguments}}
  "gpu.launch"(%sz, %sz, %sz, %sz, %sz, %sz) ({
  ^bb1(%bx: index, %by: index, %bz: index, %tx: index, %ty: index, %tz: index):
    gpu.terminator
  }) {operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0>} : (index, index, index, index, index, index) -> ()
  return
}

// -----

func.func @bad_terminator(%sz : index) {
  // expected-note @below {{in 'gpu.launch' body region}}
  gpu.launch blocks(%bx, %by, %bz) in (%sbx = %sz, %sby = %sz, %sbz = %sz)
             threads(%tx, %ty, %tz) in (%stx = %sz, %sty = %sz, %stz = %sz) {
    // expected-error @below {{expected 'gpu.terminator' or a terminator with successors}}
    "test.end"() : () -> ()
  }
  return
}

// -----

func.func @unnamed_async(%sz : index) {
  // expected-error @below {{custom op 'gpu.launch' needs to be named when marked 'async'}}
  gpu.launch async blocks(%bx, %by, %bz) in (%sbx = %sz, %sby = %sz, %sbz = %sz)
             threads(%tx, %ty, %tz) in (%stx = %sz, %sty = %sz, %stz = %sz) {
    gpu.terminator
  }
  return
}

// -----

func.func @terminator_outside() {
  // expected-error @below {{'gpu.terminator' op expects parent op 'gpu.launch'}}
  gpu.terminator
}

// -----

func.func @attribution_not_memref(%sz : index) {
  // expected-error @below {{'gpu.launch' op expected memref type in attribution}}
  gpu.launch blocks(%bx, %by, %bz) in (%sbx = %sz, %sby = %sz, %sbz = %sz)
             threads(%tx, %ty, %tz) in (%stx = %sz, %sty = %sz, %stz = %sz) workgroup(%w : f32) {
    gpu.terminator
  }
  return
}

// -----

func.func @attribution_space(%sz : index) {
  // expected-error @below {{'gpu.launch' op expected memory space private in attribution}}
  gpu.launch blocks(%bx, %by, %bz) in (%sbx = %sz, %sby = %sz, %sbz = %sz)
             threads(%tx, %ty, %tz) in (%stx = %sz, %sty = %sz, %stz = %sz)
             private(%w : memref<2xf32, #gpu.address_space<workgroup>>) {
    gpu.terminator
  }
  return
}

// -----

func.func @partial_cluster(%sz : index) {
  // expected-error @below {{'gpu.launch' op cluster size must be all present}}
  "gpu.launch"(%sz, %sz, %sz, %sz, %sz, %sz, %sz) ({
  ^bb1(%a0: index, %a1: index, %a2: index, %a3: index, %a4: index, %a5: index, %a6: index, %a7: index, %a8: index, %a9: index, %a10: index, %a11: index):
    gpu.terminator
  }) {operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0>} : (index, index, index, index, index, index, index) -> ()
  return
}

// -----

func.func @bad_result(%sz : index) {
  // expected-error @below {{'gpu.launch' op result #0 must be async token type, but got 'index'}}
  %t = "gpu.launch"(%sz, %sz, %sz, %sz, %sz, %sz) ({
  ^bb1(%a0: index, %a1: index, %a2: index, %a3: index, %a4: index, %a5: index, %a6: index, %a7: index, %a8: index, %a9: index, %a10: index, %a11: index):
    gpu.terminator
  }) {operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0>} : (index, index, index, index, index, index) -> (index)
  return
}

// -----

func.func @bad_size_type(%sz : index, %f : f32) {
  // expected-error @below {{'gpu.launch' op operand #1 must be index, but got 'f32'}}
  "gpu.launch"(%sz, %f, %sz, %sz, %sz, %sz) ({
  ^bb1(%a0: index, %a1: index, %a2: index, %a3: index, %a4: index, %a5: index, %a6: index, %a7: index, %a8: index, %a9: index, %a10: index, %a11: index):
    gpu.terminator
  }) {operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0>} : (index, f32, index, index, index, index) -> ()
  return
}
