// Result-name hints of arith ops: integer constants are %c<value>_<type>
// (no type suffix for index), i1 constants %true/%false, everything else
// %cst; clashes get _N suffixes; the extended ops name their results; a
// constant times vector.vscale on index is %c<N>_vscale.
// RUN: bufopt --allow-unregistered-dialect %s | FileCheck %s

// CHECK-LABEL: func.func @constants
func.func @constants() {
  // CHECK-NEXT: %c0 = arith.constant 0 : index
  %0 = arith.constant 0 : index
  // CHECK-NEXT: %c-3 = arith.constant -3 : index
  %1 = arith.constant -3 : index
  // CHECK-NEXT: %c42_i32 = arith.constant 42 : i32
  %2 = arith.constant 42 : i32
  // CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
  %3 = arith.constant 18446744073709551615 : i64
  // CHECK-NEXT: %c-1_i8 = arith.constant -1 : i8
  %4 = arith.constant 255 : i8
  // CHECK-NEXT: %true = arith.constant true
  %5 = arith.constant true
  // CHECK-NEXT: %false = arith.constant false
  %6 = arith.constant 0 : i1
  // CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
  %7 = arith.constant 1.0 : f32
  // CHECK-NEXT: %cst_0 = arith.constant dense<1> : vector<4xi32>
  %8 = arith.constant dense<1> : vector<4xi32>
  // CHECK-NEXT: %cst_1 = arith.constant dense<[true, false]> : tensor<2xi1>
  %9 = arith.constant dense<[true, false]> : tensor<2xi1>
  // CHECK-NEXT: %c0_2 = arith.constant 0 : index
  %10 = arith.constant 0 : index
  // CHECK-NEXT: %true_3 = arith.constant true
  %11 = arith.constant true
  // CHECK-NEXT: %c42_i32_4 = arith.constant 42 : i32
  %12 = arith.constant 42 : i32
  // CHECK-NEXT: %c-1_i3 = arith.constant -1 : i3
  %13 = arith.constant 7 : i3
  // CHECK-NEXT: %c99999999999999999999_i80 = arith.constant 99999999999999999999 : i80
  %14 = arith.constant 99999999999999999999 : i80
  // CHECK-NEXT: %c1000000000000000000000000000000000000000_i200 = arith.constant 1000000000000000000000000000000000000000 : i200
  %15 = arith.constant 1000000000000000000000000000000000000000 : i200
  return
}

// CHECK-LABEL: func.func @results
func.func @results(%a: i32, %b: i32, %i: index) {
  // CHECK-NEXT: %sum, %overflow = arith.addui_extended %arg0, %arg1 : i32, i1
  %0:2 = arith.addui_extended %a, %b : i32, i1
  // CHECK-NEXT: %low, %high = arith.mulsi_extended %arg0, %arg1 : i32
  %1:2 = arith.mulsi_extended %a, %b : i32
  // CHECK-NEXT: %low_0, %high_1 = arith.mului_extended %arg0, %arg1 : i32
  %2:2 = arith.mului_extended %a, %b : i32
  // CHECK-NEXT: %0 = arith.addi %sum, %high_1 : i32
  %3 = arith.addi %0#0, %2#1 : i32
  // CHECK-NEXT: %c4 = arith.constant 4 : index
  %c4 = arith.constant 4 : index
  // CHECK-NEXT: %1 = "vector.vscale"() : () -> index
  %vs = "vector.vscale"() : () -> index
  // CHECK-NEXT: %c4_vscale = arith.muli %c4, %1 : index
  %4 = arith.muli %c4, %vs : index
  // CHECK-NEXT: %c4_vscale_2 = arith.muli %1, %c4 : index
  %5 = arith.muli %vs, %c4 : index
  // CHECK-NEXT: %2 = arith.muli %arg2, %1 : index
  %6 = arith.muli %i, %vs : index
  return
}
