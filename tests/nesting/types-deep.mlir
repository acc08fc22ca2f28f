// Types, attributes, affine expressions and locations nested 100,000 deep
// (mlir-opt-19 reads about 10,000; bufopt rejected more than 256) parse and
// print back unchanged (bench/gen_nest.py; syntax::parser::MAX_NESTING).
// RUN: python3 %S/../../bench/gen_nest.py tuple 100000 > %t.tuple.mlir
// RUN: bufopt %t.tuple.mlir > %t.tuple.1.mlir
// RUN: bufopt %t.tuple.1.mlir --canonicalize --cse | diff %t.tuple.1.mlir -
// RUN: grep -o "tuple<" %t.tuple.1.mlir | wc -l | FileCheck --check-prefix=COUNT %s
// RUN: python3 %S/../../bench/gen_nest.py fntype 100000 > %t.fn.mlir
// RUN: bufopt %t.fn.mlir > %t.fn.1.mlir
// RUN: bufopt %t.fn.1.mlir -mlir-print-op-generic | bufopt | diff %t.fn.1.mlir -
// RUN: grep -o "() ->" %t.fn.1.mlir | wc -l | FileCheck --check-prefix=COUNT %s
// RUN: python3 %S/../../bench/gen_nest.py array 100000 > %t.array.mlir
// RUN: bufopt %t.array.mlir > %t.array.1.mlir
// RUN: bufopt %t.array.1.mlir --cse | diff %t.array.1.mlir -
// RUN: grep -o "\[" %t.array.1.mlir | wc -l | FileCheck --check-prefix=COUNT %s
// RUN: python3 %S/../../bench/gen_nest.py dict 100000 > %t.dict.mlir
// RUN: bufopt %t.dict.mlir > %t.dict.1.mlir
// RUN: bufopt %t.dict.1.mlir | diff %t.dict.1.mlir -
// RUN: grep -o "{a = " %t.dict.1.mlir | wc -l | FileCheck --check-prefix=DICT %s
// DICT: {{^}}100001{{$}}
// RUN: python3 %S/../../bench/gen_nest.py loc 100000 > %t.loc.mlir
// RUN: bufopt -mlir-print-debuginfo %t.loc.mlir > %t.loc.1.mlir
// RUN: bufopt -mlir-print-debuginfo %t.loc.1.mlir | diff %t.loc.1.mlir -
// RUN: grep -o "callsite(" %t.loc.1.mlir | wc -l | FileCheck --check-prefix=COUNT %s
// COUNT: {{^}}100000{{$}}
//
// Parentheses in affine expressions (the tree stays shallow).
// RUN: python3 %S/../../bench/gen_nest.py affine 100000 | bufopt | FileCheck --check-prefix=AFFINE %s
// AFFINE: #map = affine_map<(d0) -> (d0)>
