// The custom forms bufopt prints for arith and math ops, whatever form
// they were written in: flags in canonical order (fastmath<fast> for all
// fast-math flags), default flags elided except on extf/truncf where
// fastmath is optional, predicates and rounding modes as keywords, select
// with a scalar or a mask condition, and generic-form input.
// RUN: bufopt %s | FileCheck %s
// RUN: bufopt %s | bufopt | FileCheck %s

// CHECK-LABEL: func.func @flags
func.func @flags(%a: i32, %x: f32, %h: f16) {
  // CHECK-NEXT: arith.addi %arg0, %arg0 overflow<nsw, nuw> : i32
  %0 = arith.addi %a, %a overflow<nuw,nsw> : i32
  // CHECK-NEXT: arith.subi %arg0, %arg0 : i32
  %1 = arith.subi %a, %a overflow<none> : i32
  // CHECK-NEXT: arith.shli %arg0, %arg0 overflow<nuw> {tag} : i32
  %2 = arith.shli %a, %a overflow<nuw> {tag} : i32
  // CHECK-NEXT: arith.mulf %arg1, %arg1 fastmath<nnan,contract> : f32
  %3 = arith.mulf %x, %x fastmath<contract, nnan> : f32
  // CHECK-NEXT: arith.addf %arg1, %arg1 fastmath<fast> : f32
  %4 = arith.addf %x, %x fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : f32
  // CHECK-NEXT: arith.divf %arg1, %arg1 : f32
  %5 = arith.divf %x, %x fastmath<none> : f32
  // CHECK-NEXT: arith.extf %arg2 fastmath<none> : f16 to f32
  %6 = arith.extf %h fastmath<none> : f16 to f32
  // CHECK-NEXT: arith.truncf %arg1 upward fastmath<afn> : f32 to f16
  %7 = arith.truncf %x "upward" fastmath<afn> : f32 to f16
  // CHECK-NEXT: math.fma %arg1, %arg1, %arg1 fastmath<fast> : f32
  %8 = math.fma %x, %x, %x fastmath<fast> : f32
  // CHECK-NEXT: math.sqrt %arg1 : f32
  %9 = math.sqrt %x fastmath<none> : f32
  return
}

// CHECK-LABEL: func.func @predicates
func.func @predicates(%a: i32, %x: f32, %c: i1, %v: vector<4xi8>, %m: vector<4xi1>) {
  // CHECK-NEXT: arith.cmpi sge, %arg0, %arg0 : i32
  %0 = arith.cmpi "sge", %a, %a : i32
  // CHECK-NEXT: arith.cmpf false, %arg1, %arg1 : f32
  %1 = arith.cmpf false, %x, %x : f32
  // CHECK-NEXT: arith.cmpf uno, %arg1, %arg1 fastmath<nnan> : f32
  %2 = arith.cmpf "uno", %x, %x fastmath<nnan> : f32
  // CHECK-NEXT: arith.select %arg2, %arg3, %arg3 : vector<4xi8>
  %3 = arith.select %c, %v, %v : vector<4xi8>
  // CHECK-NEXT: arith.select %arg4, %arg3, %arg3 : vector<4xi1>, vector<4xi8>
  %4 = arith.select %m, %v, %v : vector<4xi1>, vector<4xi8>
  return
}

// CHECK-LABEL: func.func @generic
func.func @generic(%a: i32, %x: f32) {
  // CHECK-NEXT: arith.cmpi sle, %arg0, %arg0 : i32
  %0 = "arith.cmpi"(%a, %a) {predicate = 3} : (i32, i32) -> i1
  // CHECK-NEXT: arith.addf %arg1, %arg1 fastmath<nnan> : f32
  %1 = "arith.addf"(%x, %x) <{fastmath = #arith.fastmath<nnan>}> : (f32, f32) -> f32
  // CHECK-NEXT: arith.truncf %arg1 to_nearest_away : f32 to bf16
  %2 = "arith.truncf"(%x) <{roundingmode = 4 : i32}> : (f32) -> bf16
  // CHECK-NEXT: %true = arith.constant true
  %3 = "arith.constant"() <{value = 1 : i1}> : () -> i1
  // CHECK-NEXT: arith.muli %arg0, %arg0 overflow<nsw> {note = "kept"} : i32
  %4 = "arith.muli"(%a, %a) {overflowFlags = #arith.overflow<nsw>, note = "kept"} : (i32, i32) -> i32
  return
}

// Attributes named like another op's properties are ordinary attributes.
// CHECK-LABEL: func.func @foreign_names
func.func @foreign_names(%a: i32, %x: f32) {
  // CHECK-NEXT: arith.cmpi eq, %arg0, %arg0 {fastmath = 1 : i64} : i32
  %0 = arith.cmpi eq, %a, %a {fastmath = 1} : i32
  // CHECK-NEXT: arith.extsi %arg0 {fastmath, roundingmode = 2 : i32} : i32 to i64
  %1 = arith.extsi %a {fastmath, roundingmode = 2 : i32} : i32 to i64
  // CHECK-NEXT: arith.divsi %arg0, %arg0 {overflowFlags = 3 : i64} : i32
  %2 = arith.divsi %a, %a {overflowFlags = 3} : i32
  return
}
