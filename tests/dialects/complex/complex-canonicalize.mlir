// The complex folders and canonicalization patterns, as upstream's: parts
// of create and of constants, create of parts, the inverse pairs, neutral
// constants, re/im of a negated create, and bitcast chains (merged into one
// complex.bitcast, or an arith.bitcast when neither end is complex).
// RUN: bufopt %s --canonicalize | FileCheck %s
// RUN: mlir-opt-19 %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @parts_of_create(
// CHECK-NEXT: return %arg0, %arg1 : f32, f32
// CHECK-NEXT: }
func.func @parts_of_create(%x: f32, %y: f32) -> (f32, f32) {
  %z = complex.create %x, %y : complex<f32>
  %re = complex.re %z : complex<f32>
  %im = complex.im %z : complex<f32>
  return %re, %im : f32, f32
}

// CHECK-LABEL: func.func @parts_of_constant(
// CHECK-NEXT: %cst = arith.constant 2.500000e+00 : f64
// CHECK-NEXT: %cst_0 = arith.constant -5.000000e-01 : f64
// CHECK-NEXT: return %cst, %cst_0 : f64, f64
// CHECK-NEXT: }
func.func @parts_of_constant() -> (f64, f64) {
  %z = complex.constant [2.5, -0.5] : complex<f64>
  %re = complex.re %z : complex<f64>
  %im = complex.im %z : complex<f64>
  return %re, %im : f64, f64
}

// CHECK-LABEL: func.func @create_of_parts(
// CHECK-NEXT: %0 = complex.re %arg0 : complex<f64>
// CHECK-NEXT: %1 = complex.im %arg1 : complex<f64>
// CHECK-NEXT: %2 = complex.create %0, %1 : complex<f64>
// CHECK-NEXT: return %arg0, %2 : complex<f64>, complex<f64>
// CHECK-NEXT: }
func.func @create_of_parts(%z: complex<f64>, %w: complex<f64>) -> (complex<f64>, complex<f64>) {
  %re = complex.re %z : complex<f64>
  %im = complex.im %z : complex<f64>
  %same = complex.create %re, %im : complex<f64>
  %im2 = complex.im %w : complex<f64>
  %mixed = complex.create %re, %im2 : complex<f64>
  return %same, %mixed : complex<f64>, complex<f64>
}

// CHECK-LABEL: func.func @inverse_pairs(
// CHECK-NEXT: return %arg0, %arg1, %arg0, %arg1, %arg0, %arg0, %arg0 : complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>
// CHECK-NEXT: }
func.func @inverse_pairs(%a: complex<f32>, %b: complex<f32>) -> (complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>) {
  %n = complex.neg %a : complex<f32>
  %nn = complex.neg %n : complex<f32>
  %c = complex.conj %b : complex<f32>
  %cc = complex.conj %c : complex<f32>
  %e = complex.exp %a : complex<f32>
  %le = complex.log %e : complex<f32>
  %l = complex.log %b : complex<f32>
  %el = complex.exp %l : complex<f32>
  %s = complex.sub %a, %b : complex<f32>
  %as = complex.add %s, %b : complex<f32>
  %as2 = complex.add %b, %s : complex<f32>
  %ad = complex.add %a, %b : complex<f32>
  %sa = complex.sub %ad, %b : complex<f32>
  return %nn, %cc, %le, %el, %as, %as2, %sa : complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>
}

// CHECK-LABEL: func.func @neutral_constants(
// CHECK-NEXT: %cst = complex.constant [2.000000e+00 : f32, 0.000000e+00 : f32] : complex<f32>
// CHECK-NEXT: %0 = complex.mul %arg0, %cst : complex<f32>
// CHECK-NEXT: return %arg0, %arg0, %arg0, %arg0, %0 : complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>
// CHECK-NEXT: }
func.func @neutral_constants(%a: complex<f32>) -> (complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>) {
  %zero = complex.constant [0.0 : f32, -0.0 : f32] : complex<f32>
  %one = complex.constant [1.0 : f32, 0.0 : f32] : complex<f32>
  %two = complex.constant [2.0 : f32, 0.0 : f32] : complex<f32>
  %0 = complex.add %a, %zero : complex<f32>
  %1 = complex.sub %a, %zero : complex<f32>
  %2 = complex.mul %a, %one : complex<f32>
  %3 = complex.div %a, %one : complex<f32>
  %4 = complex.mul %a, %two : complex<f32>
  return %0, %1, %2, %3, %4 : complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>
}

// CHECK-LABEL: func.func @parts_of_negated_create(
// CHECK-NEXT: %0 = arith.negf %arg0 : f32
// CHECK-NEXT: %1 = arith.negf %arg1 : f32
// CHECK-NEXT: return %0, %1 : f32, f32
// CHECK-NEXT: }
func.func @parts_of_negated_create(%x: f32, %y: f32) -> (f32, f32) {
  %z = complex.create %x, %y : complex<f32>
  %n = complex.neg %z : complex<f32>
  %re = complex.re %n : complex<f32>
  %im = complex.im %n : complex<f32>
  return %re, %im : f32, f32
}

// CHECK-LABEL: func.func @bitcasts(
// CHECK-NEXT: %0 = complex.bitcast %arg0 : complex<f32> to f64
// CHECK-NEXT: %1 = complex.bitcast %arg2 : f64 to complex<f32>
// CHECK-NEXT: %2 = complex.bitcast %arg0 : complex<f32> to i64
// CHECK-NEXT: %3 = complex.bitcast %arg1 : i64 to complex<f32>
// CHECK-NEXT: return %arg0, %0, %1, %2, %3 : complex<f32>, f64, complex<f32>, i64, complex<f32>
// CHECK-NEXT: }
func.func @bitcasts(%z: complex<f32>, %i: i64, %f: f64) -> (complex<f32>, f64, complex<f32>, i64, complex<f32>) {
  %same = complex.bitcast %z : complex<f32> to complex<f32>
  %0 = complex.bitcast %z : complex<f32> to i64
  %1 = arith.bitcast %0 : i64 to f64
  %2 = arith.bitcast %f : f64 to i64
  %3 = complex.bitcast %2 : i64 to complex<f32>
  %4 = complex.bitcast %z : complex<f32> to f64
  %5 = arith.bitcast %4 : f64 to i64
  %6 = complex.bitcast %i : i64 to complex<f32>
  %7 = complex.bitcast %6 : complex<f32> to f64
  %8 = complex.bitcast %7 : f64 to complex<f32>
  return %same, %1, %3, %5, %8 : complex<f32>, f64, complex<f32>, i64, complex<f32>
}

// CHECK-LABEL: func.func @bitcast_through_complex(
// CHECK-NEXT: %0 = arith.bitcast %arg0 : i64 to f64
// CHECK-NEXT: return %0 : f64
// CHECK-NEXT: }
func.func @bitcast_through_complex(%i: i64) -> f64 {
  %c = complex.bitcast %i : i64 to complex<f32>
  %f = complex.bitcast %c : complex<f32> to f64
  return %f : f64
}
