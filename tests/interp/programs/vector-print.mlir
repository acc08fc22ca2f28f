// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// vector.print of scalars of every kind, 0-d, 1-d and n-d vectors,
// punctuation and string forms, plus simple vector arithmetic, broadcast,
// extract and insert.
func.func @main() {
  %i = arith.constant -42 : i32
  vector.print %i : i32
  %b = arith.constant true
  vector.print %b : i1
  %x = arith.constant 0.1 : f32
  vector.print %x : f32
  %d = arith.constant 2.0e-7 : f64
  vector.print %d : f64
  %n = arith.constant -1 : index
  vector.print %n : index
  %v = arith.constant dense<[1.5, -2.0, 3.25, 0.0]> : vector<4xf32>
  vector.print %v : vector<4xf32>
  %w = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : vector<2x3xi64>
  vector.print %w : vector<2x3xi64>
  %z = arith.constant dense<7> : vector<i8>
  vector.print %z : vector<i8>
  %bools = arith.constant dense<[true, false, true]> : vector<3xi1>
  vector.print %bools : vector<3xi1>
  %sum = arith.addf %v, %v : vector<4xf32>
  vector.print %sum : vector<4xf32>
  %bc = vector.broadcast %x : f32 to vector<2x2xf32>
  vector.print %bc : vector<2x2xf32>
  %e = vector.extract %w[1, 2] : i64 from vector<2x3xi64>
  vector.print %e : i64
  %row = vector.extract %w[0] : vector<3xi64> from vector<2x3xi64>
  vector.print %row : vector<3xi64>
  %ins = vector.insert %e, %w[0, 0] : i64 into vector<2x3xi64>
  vector.print %ins : vector<2x3xi64>
  %r = vector.reduction <add>, %v : vector<4xf32> into f32
  vector.print %r : f32
  vector.print %i : i32 punctuation <comma>
  vector.print %i : i32 punctuation <no_punctuation>
  vector.print punctuation <newline>
  vector.print punctuation <open>
  vector.print punctuation <close>
  vector.print str "\ndone\n"
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: -42
// CHECK-NEXT: 1
// CHECK-NEXT: 0.1
// CHECK-NEXT: 2e-07
// CHECK-NEXT: 18446744073709551615
// CHECK-NEXT: ( 1.5, -2, 3.25, 0 )
// CHECK-NEXT: ( ( 1, 2, 3 ), ( 4, 5, 6 ) )
// CHECK-NEXT: ( 7 )
// CHECK-NEXT: ( 1, 0, 1 )
// CHECK-NEXT: ( 3, -4, 6.5, 0 )
// CHECK-NEXT: ( ( 0.1, 0.1 ), ( 0.1, 0.1 ) )
// CHECK-NEXT: 6
// CHECK-NEXT: ( 1, 2, 3 )
// CHECK-NEXT: ( ( 6, 2, 3 ), ( 4, 5, 6 ) )
// CHECK-NEXT: 2.75
// CHECK-NEXT: -42, -42
// CHECK-NEXT: (  )
// CHECK-NEXT: done
