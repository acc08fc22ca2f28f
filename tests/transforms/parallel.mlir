// Function passes run on several threads give the serial result, byte for
// byte: passes split over the functions of a module, nested pipelines, and
// the analysis test passes (whose output is kept in function order).
// RUN: bufopt --canonicalize --cse %s > %t.par && bufopt --canonicalize --cse --mlir-disable-threading %s > %t.ser && diff -u %t.ser %t.par
// RUN: bufopt --pass-pipeline='builtin.module(func.func(cse,canonicalize),cse)' %s > %t.par && bufopt --pass-pipeline='builtin.module(func.func(cse,canonicalize),cse)' --mlir-disable-threading %s > %t.ser && diff -u %t.ser %t.par
// RUN: bufopt --pass-pipeline='builtin.module(func.func(test-print-liveness,test-print-dominance))' %s 2> %t.par > /dev/null && bufopt --pass-pipeline='builtin.module(func.func(test-print-liveness,test-print-dominance))' --mlir-disable-threading %s 2> %t.ser > /dev/null && diff -u %t.ser %t.par
// RUN: bufopt --canonicalize --cse --mlir-pass-statistics %s 2>&1 > /dev/null | FileCheck %s --check-prefix=STATS
// RUN: bufopt --canonicalize --cse %s | FileCheck %s
// RUN: bufopt --canonicalize --cse %s > %t.b && mlir-opt-19 --canonicalize --cse %s > %t.m && diff -u %t.m %t.b

// The counters are summed over the functions.
// STATS:      {{^}}Canonicalizer{{$}}
// STATS-NEXT: {{^}}CSE{{$}}
// STATS-NEXT: {{^}}  (S) 8 num-cse'd - Number of operations CSE'd{{$}}
// STATS-NEXT: {{^}}  (S) 0 num-dce'd - Number of operations DCE'd{{$}}

// CHECK-LABEL: func.func @diamond
// CHECK:         %[[S:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK:         cf.cond_br %arg2, ^bb1(%[[S]] : i32), ^bb2(%[[S]] : i32)
func.func @diamond(%a: i32, %b: i32, %c: i1) -> i32 {
  %c0 = arith.constant 0 : i32
  %x = arith.addi %a, %b : i32
  %y = arith.addi %a, %b : i32
  %z = arith.addi %x, %c0 : i32
  cf.cond_br %c, ^bb1(%z : i32), ^bb2(%y : i32)
^bb1(%p: i32):
  %u = arith.muli %p, %p : i32
  cf.br ^bb3(%u : i32)
^bb2(%q: i32):
  %v = arith.muli %q, %q : i32
  cf.br ^bb3(%v : i32)
^bb3(%w: i32):
  return %w : i32
}

// CHECK-LABEL: func.func @nested
// CHECK:         scf.for
// CHECK:           scf.if
func.func @nested(%a: i32, %n: index) -> i32 {
  %lb = arith.constant 0 : index
  %st = arith.constant 1 : index
  %c2 = arith.constant 2 : i32
  %r = scf.for %i = %lb to %n step %st iter_args(%acc = %a) -> (i32) {
    %t = arith.addi %acc, %c2 : i32
    %t2 = arith.addi %acc, %c2 : i32
    %cond = arith.cmpi slt, %t, %t2 : i32
    %s = scf.if %cond -> (i32) {
      %k = arith.muli %t, %t2 : i32
      %k2 = arith.muli %t, %t2 : i32
      %kk = arith.addi %k, %k2 : i32
      scf.yield %kk : i32
    } else {
      scf.yield %t : i32
    }
    scf.yield %s : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @caller
// CHECK:         call @nested
func.func @caller(%a: i32) -> i32 {
  %n = arith.constant 4 : index
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %m = arith.muli %c3, %c4 : i32
  %r = func.call @nested(%m, %n) : (i32, index) -> i32
  %r2 = func.call @nested(%m, %n) : (i32, index) -> i32
  %s = arith.addi %r, %r2 : i32
  return %s : i32
}

// CHECK-LABEL: func.func @loop
func.func @loop(%a: i32, %b: i1) -> i32 {
  %c1 = arith.constant 1 : i32
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  %y = arith.addi %x, %c1 : i32
  %y2 = arith.addi %x, %c1 : i32
  %z = arith.xori %y, %y2 : i32
  cf.cond_br %b, ^bb1(%z : i32), ^bb2
^bb2:
  return %z : i32
}
