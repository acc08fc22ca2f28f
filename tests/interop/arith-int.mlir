// The integer arithmetic of arith round-tripped against mlir-opt-19: every
// binary op on scalars, index, vectors and tensors, the overflow<...> flags
// of addi/subi/muli/shli in every combination and spelling, the extended
// ops with their %sum/%overflow and %low/%high result names, and
// discardable attributes next to the flags.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --mlir-print-op-generic %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

func.func @int_ops(%a: i32, %b: i32, %i: index, %j: index, %v: vector<4xi64>, %t: tensor<2x?xi8>, %u: tensor<*xi16>, %s: vector<[4]xi32>) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %a, %b : i32
  %2 = arith.muli %a, %b : i32
  %3 = arith.divsi %a, %b : i32
  %4 = arith.divui %a, %b : i32
  %5 = arith.ceildivsi %a, %b : i32
  %6 = arith.ceildivui %a, %b : i32
  %7 = arith.floordivsi %a, %b : i32
  %8 = arith.remsi %a, %b : i32
  %9 = arith.remui %a, %b : i32
  %10 = arith.andi %a, %b : i32
  %11 = arith.ori %a, %b : i32
  %12 = arith.xori %a, %b : i32
  %13 = arith.shli %a, %b : i32
  %14 = arith.shrsi %a, %b : i32
  %15 = arith.shrui %a, %b : i32
  %16 = arith.maxsi %a, %b : i32
  %17 = arith.minsi %a, %b : i32
  %18 = arith.maxui %a, %b : i32
  %19 = arith.minui %a, %b : i32
  %20 = arith.addi %i, %j : index
  %21 = arith.muli %i, %j : index
  %22 = arith.floordivsi %i, %j : index
  %23 = arith.remsi %v, %v : vector<4xi64>
  %24 = arith.xori %t, %t : tensor<2x?xi8>
  %25 = arith.maxui %u, %u : tensor<*xi16>
  %26 = arith.shrui %s, %s : vector<[4]xi32>
  %27 = arith.addi %a, %b overflow<nsw> : i32
  %28 = arith.addi %a, %b overflow<nuw> : i32
  %29 = arith.addi %a, %b overflow<nsw, nuw> : i32
  %30 = arith.subi %a, %b overflow<nuw, nsw> : i32
  %31 = arith.muli %i, %j overflow<nsw,nuw> : index
  %32 = arith.shli %v, %v overflow<nuw> : vector<4xi64>
  %33 = arith.addi %a, %b overflow<none> : i32
  %34 = arith.subi %a, %b overflow<nsw, none> : i32
  %35 = arith.muli %a, %b overflow<nsw> {tag = 1 : i8} : i32
  %36 = arith.andi %a, %b {a, b = "s"} : i32
  %sum, %carry = arith.addui_extended %a, %b : i32, i1
  %37:2 = arith.addui_extended %v, %v : vector<4xi64>, vector<4xi1>
  %lo, %hi = arith.mulsi_extended %a, %b : i32
  %38:2 = arith.mului_extended %i, %j : index
  %39:2 = arith.mulsi_extended %t, %t {x} : tensor<2x?xi8>
  %40 = arith.addi %sum, %lo : i32
  %41 = arith.addi %37#0, %v : vector<4xi64>
  %42 = arith.muli %38#1, %38#0 : index
  return %40 : i32
}
