// Topological sorting: `test-print-topological-sort` numbers ops across
// blocks in dominance order (not text order), and `topological-sort` moves
// producers before users in a graph region, an op using its own result
// counting as ready. Expected output is mlir-opt-19's.
// RUN: bufopt %s -pass-pipeline="builtin.module(func.func(test-print-topological-sort))" -split-input-file | FileCheck %s --check-prefix=INDEX
// RUN: bufopt %s -topological-sort -split-input-file -allow-unregistered-dialect | FileCheck %s --check-prefix=SORT

// INDEX-LABEL: func.func @blocks
// INDEX: arith.constant {test_sort_index = 0 : i32, test_to_sort} 1 : i32
// INDEX: arith.constant {test_sort_index = 2 : i32, test_to_sort} 2 : i32
// INDEX: arith.constant {test_sort_index = 1 : i32, test_to_sort} 3 : i32
func.func @blocks(%c: i1) {
  %0 = arith.constant {test_to_sort} 1 : i32
  cf.br ^bb2
^bb1:
  %1 = arith.constant {test_to_sort} 2 : i32
  return
^bb2:
  %2 = arith.constant {test_to_sort} 3 : i32
  cf.br ^bb1
}

// -----

// SORT-LABEL: test.graph_region {
// SORT-NEXT: %0 = "test.c"() : () -> i32
// SORT-NEXT: %1 = "test.e"(%1) : (i32) -> i32
// SORT-NEXT: %2 = "test.a"(%0) : (i32) -> i32
// SORT-NEXT: %3 = "test.b"(%2) : (i32) -> i32
// SORT-NEXT: "test.d"(%1) : (i32) -> ()
// SORT-NEXT: }
test.graph_region {
  %0 = "test.a"(%2) : (i32) -> i32
  %1 = "test.b"(%0) : (i32) -> i32
  %2 = "test.c"() : () -> i32
  "test.d"(%3) : (i32) -> ()
  %3 = "test.e"(%3) : (i32) -> i32
}
