// RUN: bufopt --allow-unregistered-dialect '--canonicalize=region-simplify=aggressive enable-patterns=none' %s | FileCheck %s
// RUN: bufopt --allow-unregistered-dialect '--canonicalize=region-simplify=aggressive enable-patterns=none' %s > %t.b && mlir-opt-19 --allow-unregistered-dialect '--canonicalize=region-simplify=aggressive enable-patterns=none' %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --allow-unregistered-dialect '--canonicalize=region-simplify=aggressive enable-patterns=none top-down=false' --mlir-print-op-generic %s > %t.b && mlir-opt-19 --allow-unregistered-dialect '--canonicalize=region-simplify=aggressive enable-patterns=none top-down=false' --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b

// Region simplification alone (`enable-patterns=none` filters out every
// pattern, so the `cf` canonicalizations do not interfere): blocks that
// differ only in values from outside merge, the differences becoming new
// block arguments; arguments receiving the same values are pruned.
// CHECK-LABEL: func.func @merge_operands
// CHECK-NEXT:    cf.cond_br %arg2, ^bb1(%arg0 : i32), ^bb1(%arg1 : i32)
// CHECK-NEXT:  ^bb1(%[[X:.*]]: i32):
// CHECK-NEXT:    arith.muli %[[X]], %[[X]]
// CHECK-LABEL: func.func @merge_operands2
// CHECK-NEXT:    cf.cond_br %arg2, ^bb3(%arg0, %arg0, %arg1 : i32, i32, i32), ^bb1
// CHECK:         cf.cond_br %arg3, ^bb3(%arg1, %arg1, %arg1 : i32, i32, i32), ^bb2
// CHECK:         cf.br ^bb3(%arg0, %arg1, %arg0 : i32, i32, i32)
// CHECK:       ^bb3(%{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32):
func.func @merge_operands(%a: i32, %b: i32, %c: i1) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = arith.muli %a, %a : i32
  "foo.sink"(%0) : (i32) -> ()
  cf.br ^bb3
^bb2:
  %1 = arith.muli %b, %b : i32
  "foo.sink"(%1) : (i32) -> ()
  cf.br ^bb3
^bb3:
  return %a : i32
}
func.func @merge_operands2(%a: i32, %b: i32, %c: i1, %d: i1) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb4
^bb4:
  cf.cond_br %d, ^bb2(%b : i32), ^bb5
^bb5:
  cf.br ^bb6(%a : i32)
^bb1(%x: i32):
  %0 = arith.addi %x, %a : i32
  "foo.sink"(%0, %b) : (i32, i32) -> ()
  cf.br ^bb3
^bb2(%y: i32):
  %1 = arith.addi %y, %b : i32
  "foo.sink"(%1, %b) : (i32, i32) -> ()
  cf.br ^bb3
^bb6(%z: i32):
  %2 = arith.addi %z, %b : i32
  "foo.sink"(%2, %a) : (i32, i32) -> ()
  cf.br ^bb3
^bb3:
  return %a : i32
}
