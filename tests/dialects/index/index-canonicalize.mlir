// Folders and canonicalization of the index dialect: a fold happens only
// when the 32-bit and the 64-bit result agree; `cmp` of a difference with
// zero compares the operands of the subtraction.
// RUN: bufopt %s -split-input-file --canonicalize | FileCheck %s
// RUN: mlir-opt-19 %s -split-input-file --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @width_dependent
// CHECK-DAG: %[[Z:.*]] = index.constant 0
// CHECK-DAG: %[[BIG:.*]] = index.constant 4294967298
// CHECK-DAG: %[[TWO:.*]] = index.constant 2
// CHECK: %[[D:.*]] = index.divu %[[BIG]], %[[TWO]]
// CHECK: %[[S:.*]] = index.shl %[[TWO]], %{{.*}}
// CHECK: return %[[Z]], %[[D]], %[[S]]
func.func @width_dependent() -> (index, index, index) {
  %big = index.constant 4294967298
  %two = index.constant 2
  %six = index.constant 6
  %c33 = index.constant 33
  // -7 floordiv 2 is -4 at both widths: 6 - (2 - -4) = 0.
  %m7 = index.constant -7
  %f = index.floordivs %m7, %two
  %q = index.sub %two, %f
  // (2^32 + 2) / 2 differs at 32 bits (2 / 2 = 1): no fold.
  %d = index.divu %big, %two
  // A shift by 33 is undefined at 32 bits: no fold.
  %s = index.shl %two, %c33
  %r = index.sub %six, %q
  return %r, %d, %s : index, index, index
}

// -----

// CHECK-LABEL: func.func @casts
// CHECK-DAG: %[[W:.*]] = index.constant 255
// CHECK-DAG: %[[BIG:.*]] = index.constant 8589934592
// CHECK-DAG: %[[M1:.*]] = index.constant -1
// CHECK: %[[M:.*]] = index.casts %[[M1]] : index to i64
// CHECK: %[[N:.*]] = index.casts %[[BIG]] : index to i64
// CHECK: return %[[M]], %[[W]], %[[N]]
func.func @casts() -> (i64, index, i64) {
  // Folds to -1 : i64, but the index dialect materializes only index and
  // i1 constants: the cast stays.
  %m1 = index.constant -1
  %a = index.casts %m1 : index to i64
  %c = arith.constant -1 : i8
  %w = index.castu %c : i8 to index
  // 2^33 is 0 at 32 bits: the i64 result would depend on the width.
  %big = index.constant 8589934592
  %n = index.casts %big : index to i64
  return %a, %w, %n : i64, index, i64
}

// -----

// CHECK-LABEL: func.func @compares
// CHECK-SAME: (%[[X:.*]]: index, %[[Y:.*]]: index)
// CHECK-DAG: %[[T:.*]] = index.bool.constant true
// CHECK-DAG: %[[F:.*]] = index.bool.constant false
// CHECK: %[[C:.*]] = index.cmp slt(%[[X]], %[[Y]])
// CHECK: %[[E:.*]] = index.cmp sgt(%[[Y]], %[[X]])
// CHECK: return %[[T]], %[[F]], %[[C]], %[[E]]
func.func @compares(%x: index, %y: index) -> (i1, i1, i1, i1) {
  %c5 = index.constant 5
  %c9 = index.constant 9
  %zero = index.constant 0
  // min(x, 5) <= 9 at both widths.
  %m = index.mins %x, %c5
  %t = index.cmp sle(%m, %c9)
  // x < x never holds.
  %f = index.cmp ult(%x, %x)
  %d = index.sub %x, %y
  %c = index.cmp slt(%d, %zero)
  %e = index.cmp sgt(%zero, %d)
  return %t, %f, %c, %e : i1, i1, i1, i1
}
