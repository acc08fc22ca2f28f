// Liveness printed exactly as mlir-opt-19's test pass: unregistered ops
// print in generic form, registered ops (arith, scf, cf, memref, func) in
// their custom form, each op on its own with types and attributes inline.
// RUN: bufopt %s --allow-unregistered-dialect -split-input-file -pass-pipeline="builtin.module(func.func(test-print-liveness))" 2>&1 | FileCheck %s
// RUN: bufopt %s --allow-unregistered-dialect -split-input-file --test-print-liveness -o /dev/null 2> %t.ours
// RUN: mlir-opt-19 %s --allow-unregistered-dialect --mlir-disable-threading -split-input-file -pass-pipeline="builtin.module(func.func(test-print-liveness))" -o /dev/null 2>&1 | diff %t.ours -

// A diamond: %a is used in both arms and at the join, %b only in one arm.
// CHECK-LABEL: Testing : diamond
// CHECK: // - Block: 0
// CHECK-NEXT: {{.*}} LiveIn: {{$}}
// CHECK-NEXT: {{.*}} LiveOut: arg0@0 val_1 val_2 {{$}}
// CHECK: // - Block: 1
// CHECK-NEXT: {{.*}} LiveIn: arg0@0 val_1 val_2 {{$}}
// CHECK-NEXT: {{.*}} LiveOut: val_1 {{$}}
// CHECK: // - Block: 3
// CHECK-NEXT: {{.*}} LiveIn: val_1 {{$}}
// CHECK-NEXT: {{.*}} LiveOut: {{$}}
func.func @diamond(%c: i1) {
  %a = "test.def"() : () -> i32
  %b = "test.def"() : () -> i32
  "test.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  "test.use"(%b, %c) : (i32, i1) -> ()
  "test.br"()[^bb3] : () -> ()
^bb2:
  "test.br"()[^bb3] : () -> ()
^bb3:
  "test.use"(%a) : (i32) -> ()
  "test.return"() : () -> ()
}

// -----

// Nested loops with block arguments: the outer induction value is live
// around the inner loop.
// CHECK-LABEL: Testing : nested_loops
// CHECK: // - Block: 2
// CHECK-NEXT: {{.*}} LiveIn: arg0@0 val_1 arg0@1 {{$}}
// CHECK-NEXT: {{.*}} LiveOut: arg0@0 val_1 arg0@1 {{$}}
func.func @nested_loops(%n: i32) {
  %z = "test.def"() : () -> i32
  "test.br"(%z)[^outer] : (i32) -> ()
^outer(%i: i32):
  "test.br"(%z)[^inner] : (i32) -> ()
^inner(%j: i32):
  %j1 = "test.add"(%i, %j) : (i32, i32) -> i32
  %c = "test.cmp"(%j1, %n) : (i32, i32) -> i1
  "test.cond_br"(%c, %j1)[^inner, ^latch] : (i1, i32) -> ()
^latch:
  %i1 = "test.add"(%i, %n) : (i32, i32) -> i32
  %d = "test.cmp"(%i1, %n) : (i32, i32) -> i1
  "test.cond_br"(%d, %i1)[^outer, ^exit] : (i1, i32) -> ()
^exit:
  "test.return"() : () -> ()
}

// -----

// A loop with an early exit, values used in nested regions, and an
// unreachable block that uses a value of the entry block.
// CHECK-LABEL: Testing : early_exit_regions
// CHECK: // - Block: 0
// CHECK: {{.*}} LiveOut: arg0@0 arg1@0 val_2 {{$}}
func.func @early_exit_regions(%c: i1, %m: i32) {
  %v = "test.def"() : () -> i32
  "test.br"()[^header] : () -> ()
^header:
  "test.cond_br"(%c)[^body, ^exit] : (i1) -> ()
^body:
  %r = "test.region"() ({
    "test.use"(%v) : (i32) -> ()
    "test.region"() ({
      "test.use"(%m) : (i32) -> ()
      "test.yield"() : () -> ()
    }) : () -> ()
    "test.yield"(%m) : (i32) -> ()
  }) : () -> i32
  "test.cond_br"(%c)[^header, ^early] : (i1) -> ()
^early:
  "test.use"(%r) : (i32) -> ()
  "test.return"() : () -> ()
^exit:
  "test.return"() : () -> ()
^dead:
  "test.use"(%v) : (i32) -> ()
  "test.return"() : () -> ()
}

// -----

// Multi-block nested region: values flow across the nested CFG.
// CHECK-LABEL: Testing : nested_cfg
func.func @nested_cfg(%c: i1, %x: i32) {
  "test.region"() ({
  ^entry:
    %y = "test.def"() : () -> i32
    "test.cond_br"(%c)[^l, ^r] : (i1) -> ()
  ^l:
    "test.use"(%x) : (i32) -> ()
    "test.br"()[^join] : () -> ()
  ^r:
    "test.br"()[^join] : () -> ()
  ^join:
    "test.use"(%y) : (i32) -> ()
    "test.yield"() : () -> ()
  }) : () -> ()
  "test.return"() : () -> ()
}

// -----

// Registered ops: an scf.for whose body holds an scf.if, memref accesses
// and a nested region that uses an outer value. The loop op prints with
// its whole body; the region's values are live-in to the body block.
// CHECK-LABEL: Testing : loop_with_if
// CHECK: //     %[[LB:c0]] = arith.constant 0 : index [
// CHECK: //     %{{.*}} = scf.for %[[IV:arg[0-9]+]] = %c0 to %arg1 step %c1 iter_args(
// CHECK: //     func.return %{{[0-9]+}} : f32 [val_
func.func @loop_with_if(%m: memref<16xf32>, %n: index, %t: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    %v = memref.load %m[%i] : memref<16xf32>
    %big = arith.cmpf ogt, %v, %t : f32
    %next = scf.if %big -> (f32) {
      %d = arith.addf %acc, %v : f32
      scf.yield %d : f32
    } else {
      memref.store %t, %m[%i] : memref<16xf32>
      scf.yield %acc : f32
    }
    scf.yield %next : f32
  }
  return %sum : f32
}

// -----

// A cf loop with an early exit: the header tests a bound, the body may
// leave through ^found, and the latch carries the counter back. Values of
// the entry block stay live around the back edge.
// CHECK-LABEL: Testing : search
// CHECK: // - Block: 1
// CHECK-NEXT: {{.*}} LiveIn: arg0@0 arg1@0 arg2@0 val_4 {{$}}
// CHECK: //     cf.cond_br %{{[0-9]+}}, ^bb2, ^bb4 [
func.func @search(%m: memref<?xi32>, %n: index, %key: i32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^header(%c0 : index)
^header(%i: index):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^notfound
^body:
  %x = memref.load %m[%i] : memref<?xi32>
  %hit = arith.cmpi eq, %x, %key : i32
  cf.cond_br %hit, ^found(%i : index), ^latch
^latch:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^header(%i1 : index)
^notfound:
  cf.br ^found(%n : index)
^found(%r: index):
  return %r : index
}

// -----

// Unreachable blocks (no predecessors, and a cycle of two reachable only
// from each other) that use values of the entry block, next to a live
// nested region whose value is used after it.
// CHECK-LABEL: Testing : unreachable_blocks
// CHECK: // - Block: 0
// CHECK-NEXT: {{.*}} LiveIn: {{$}}
// CHECK-NEXT: {{.*}} LiveOut: arg1@0 val_2 val_3 {{$}}
// CHECK: //     cf.br ^bb3 [arg1@0 val_2 val_3 {{.}}]
// CHECK: // - Block: 4
// CHECK-NEXT: {{.*}} LiveIn: val_3 {{$}}
// CHECK-NEXT: {{.*}} LiveOut: val_3 {{$}}
func.func @unreachable_blocks(%a: i32, %b: i32) -> i32 {
  %s = arith.addi %a, %b : i32
  %r = scf.execute_region -> i32 {
    %p = arith.muli %s, %a : i32
    cf.br ^inner(%p : i32)
  ^inner(%q: i32):
    scf.yield %q : i32
  }
  cf.br ^exit
^dead:
  %u = arith.subi %s, %b : i32
  cf.br ^dead2(%u : i32)
^dead2(%w: i32):
  %w2 = arith.addi %w, %r : i32
  cf.br ^dead2(%w2 : i32)
^exit:
  return %r : i32
}

// -----

// Regions in regions: an scf.while whose after-region holds an
// scf.execute_region with a CFG and an alloca scope, and a value of the
// function used three levels down.
// CHECK-LABEL: Testing : while_nest
// CHECK: //     %{{[0-9]+}} = scf.while (%arg{{[0-9]+}} = %arg0) : (i32) -> i32 {
func.func @while_nest(%init: i32, %lim: i32, %m: memref<4xi32>) -> i32 {
  %c2 = arith.constant 2 : index
  %res = scf.while (%x = %init) : (i32) -> i32 {
    %go = arith.cmpi slt, %x, %lim : i32
    scf.condition(%go) %x : i32
  } do {
  ^bb0(%y: i32):
    %z = scf.execute_region -> i32 {
      %k = arith.cmpi eq, %y, %lim : i32
      cf.cond_br %k, ^a, ^b
    ^a:
      memref.alloca_scope {
        %buf = memref.alloca() : memref<4xi32>
        memref.store %y, %buf[%c2] : memref<4xi32>
        %e = memref.load %buf[%c2] : memref<4xi32>
        memref.store %e, %m[%c2] : memref<4xi32>
      }
      scf.yield %y : i32
    ^b:
      %y1 = arith.addi %y, %init : i32
      scf.yield %y1 : i32
    }
    scf.yield %z : i32
  }
  return %res : i32
}
