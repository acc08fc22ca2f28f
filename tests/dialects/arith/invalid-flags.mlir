// Unknown fast-math and overflow flags. mlir-opt-19 reports a second error
// ("failed to parse Arith_FastMathAttr parameter ...") after the first;
// bufopt stops at the first, so this checks the output rather than
// -verify-diagnostics.
// RUN: not bufopt %s -split-input-file 2>&1 | FileCheck %s

func.func @unknown_fastmath_flag(%x: f32) {
  %0 = arith.addf %x, %x fastmath<nnan,fst> : f32
  return
}
// CHECK: offset :8:35: error: custom op 'arith.addf' expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast

// -----

func.func @unknown_overflow_flag(%a: i32) {
  %0 = arith.addi %a, %a overflow<nsw, nuv> : i32
  return
}
// CHECK: offset :4:35: error: custom op 'arith.addi' expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw

// -----

func.func @empty_flags(%x: f32) {
  %0 = math.exp %x fastmath<> : f32
  return
}
// CHECK: offset :4:29: error: custom op 'math.exp' expected valid keyword

// -----

func.func @missing_bracket(%x: f32) {
  %0 = arith.negf %x fastmath : f32
  return
}
// CHECK: offset :4:30: error: expected '<'
