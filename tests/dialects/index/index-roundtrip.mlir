// The custom forms of the index ops, printed as mlir-opt-19 prints them,
// and their generic forms parsing back to the same ops.
// RUN: bufopt %s | bufopt | FileCheck %s
// RUN: bufopt %s --mlir-print-op-generic | bufopt | FileCheck %s
// RUN: mlir-opt-19 %s | FileCheck %s

// CHECK-LABEL: func.func @ops
// CHECK-SAME: (%[[X:.*]]: index, %[[Y:.*]]: index, %[[N:.*]]: i16)
func.func @ops(%x: index, %y: index, %n: i16) -> (index, i1, i16) {
  // CHECK: %[[S:.*]] = index.ceildivu %[[X]], %[[Y]] {tag = "t"}
  %s = index.ceildivu %x, %y {tag = "t"}
  // CHECK: %[[F:.*]] = index.floordivs %[[S]], %[[X]]
  %f = index.floordivs %s, %x
  // CHECK: %[[C:.*]] = index.cmp uge(%[[F]], %[[Y]])
  %c = "index.cmp"(%f, %y) <{pred = #index<cmp_predicate uge>}> : (index, index) -> i1
  // CHECK: index.cmp ne(%[[X]], %[[Y]]) {note}
  %d = index.cmp ne(%x, %y) {note}
  // CHECK: %[[W:.*]] = index.castu %[[N]] : i16 to index
  %w = index.castu %n : i16 to index
  // CHECK: %[[Z:.*]] = index.shru %[[W]], %[[F]]
  %z = "index.shru"(%w, %f) : (index, index) -> index
  // CHECK: %[[T:.*]] = index.casts %[[Z]] : index to i16
  %t = index.casts %z : index to i16
  // CHECK: %[[K:.*]] = index.sizeof
  %k = index.sizeof
  // CHECK: %idx-3 = index.constant -3
  %m = index.constant -3
  // CHECK: %false = index.bool.constant false
  %b = "index.bool.constant"() <{value = false}> : () -> i1
  // CHECK: %[[R:.*]] = index.maxu %[[K]], %idx-3
  %r = index.maxu %k, %m
  // CHECK: return %[[R]], %[[C]], %[[T]] : index, i1, i16
  return %r, %c, %t : index, i1, i16
}
