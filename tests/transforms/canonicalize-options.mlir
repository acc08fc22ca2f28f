// RUN: bufopt --allow-unregistered-dialect --canonicalize=region-simplify=disabled %s | FileCheck %s --check-prefix=DISABLED
// RUN: bufopt --allow-unregistered-dialect --canonicalize=region-simplify=aggressive %s | FileCheck %s --check-prefix=AGGRESSIVE
// RUN: bufopt --allow-unregistered-dialect --canonicalize=region-simplify=disabled %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --canonicalize=region-simplify=disabled %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --canonicalize=region-simplify=aggressive %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --canonicalize=region-simplify=aggressive %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect '--canonicalize=max-iterations=1 region-simplify=aggressive' %s > %t.b && mlir-opt-19 --allow-unregistered-dialect '--canonicalize=max-iterations=1 region-simplify=aggressive' %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(canonicalize{max-num-rewrites=0 top-down=false}))' %s > %t.b && mlir-opt-19 --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(canonicalize{max-num-rewrites=0 top-down=false}))' %s > %t.m && diff -u %t.m %t.b
// RUN: not bufopt --allow-unregistered-dialect '--canonicalize=max-iterations=1 test-convergence' %s 2>&1 | FileCheck %s --check-prefix=CONVERGE
// RUN: bufopt --allow-unregistered-dialect '--canonicalize=max-iterations=10 test-convergence' %s > /dev/null
// RUN: not bufopt --allow-unregistered-dialect --canonicalize=region-simplify=sometimes %s 2>&1 | FileCheck %s --check-prefix=BADOPT

// CONVERGE: error: canonicalizer failed to converge
// BADOPT: for the --region-simplify option: Cannot find option named 'sometimes'!

// Identical blocks merge only with `aggressive`.
// DISABLED-LABEL: func.func @merge
// DISABLED:         "foo.cond_br"(%arg1)[^bb1, ^bb2]
// DISABLED:       ^bb4:
// AGGRESSIVE-LABEL: func.func @merge
// AGGRESSIVE:         "foo.cond_br"(%arg1)[^bb1, ^bb1]
// AGGRESSIVE-NEXT:  ^bb1:
// AGGRESSIVE-NEXT:    %[[M:.*]] = arith.muli %arg0, %arg0
// AGGRESSIVE-NEXT:    "foo.sink"(%[[M]])
// AGGRESSIVE-NEXT:    "foo.br"()[^bb2]
// AGGRESSIVE-NEXT:  ^bb2:
// AGGRESSIVE-NEXT:    return
func.func @merge(%a: i32, %c: i1) -> i32 {
  "foo.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  %0 = arith.muli %a, %a : i32
  "foo.sink"(%0) : (i32) -> ()
  "foo.br"()[^bb3] : () -> ()
^bb2:
  %1 = arith.muli %a, %a : i32
  "foo.sink"(%1) : (i32) -> ()
  "foo.br"()[^bb3] : () -> ()
^bb3:
  return %a : i32
^bb4:
  %2 = arith.muli %a, %a : i32
  "foo.br"()[^bb3] : () -> ()
}

// Blocks whose ops differ are kept apart.
// AGGRESSIVE-LABEL: func.func @no_merge
// AGGRESSIVE:         "foo.cond_br"(%arg1)[^bb1, ^bb2]
func.func @no_merge(%a: i32, %c: i1) -> i32 {
  "foo.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  %0 = arith.muli %a, %a : i32
  "foo.sink"(%0) : (i32) -> ()
  "foo.br"()[^bb3] : () -> ()
^bb2:
  %1 = arith.addi %a, %a : i32
  "foo.sink"(%1) : (i32) -> ()
  "foo.br"()[^bb3] : () -> ()
^bb3:
  return %a : i32
}

func.func @fold_chain(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %c1, %c2 : i32
  %1 = arith.muli %0, %0 : i32
  %2 = arith.addi %1, %a : i32
  %3 = arith.muli %2, %c1 : i32
  return %3 : i32
}
