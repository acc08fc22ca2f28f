// An unknown `index.cmp` predicate keyword. mlir-opt-19 reports a second
// error ("failed to parse IndexCmpPredicateAttr parameter ...") after the
// first; bufopt stops at the first, so this checks the output rather than
// -verify-diagnostics.
// RUN: not bufopt %s 2>&1 | FileCheck %s
// RUN: not mlir-opt-19 %s 2>&1 | FileCheck %s

// CHECK: 10:18: error: custom op 'index.cmp' expected ::mlir::index::IndexCmpPredicate to be one of: eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge
func.func @cmp_bad_keyword(%a: index) -> i1 {
  %0 = index.cmp lt(%a, %a)
  return %0 : i1
}
