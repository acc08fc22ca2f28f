// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

func.func @f(%lb: index, %ub: index, %st: index, %c: i1, %x: f32, %i32: i32) -> f32 {
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %x) -> (f32) {
    %s = "test.addf"(%acc, %acc) : (f32, f32) -> f32
    scf.yield %s : f32
  }
  scf.for %i = %lb to %ub step %st {
    "test.use"(%i) : (index) -> ()
  }
  scf.for %j = %i32 to %i32 step %i32 : i32 {
    "test.use"(%j) : (i32) -> ()
  }
  %v = scf.if %c -> (f32) {
    scf.yield %x : f32
  } else {
    scf.yield %r : f32
  }
  scf.if %c {
    "test.use"(%c) : (i1) -> ()
  }
  %w:2 = scf.while (%a = %x, %b = %i32) : (f32, i32) -> (f32, i32) {
    scf.condition(%c) %a, %b : f32, i32
  } do {
  ^bb0(%a2: f32, %b2: i32):
    scf.yield %a2, %b2 : f32, i32
  }
  %e = scf.execute_region -> f32 {
    scf.yield %v : f32
  }
  return %e : f32
}

func.func @nested(%lb: index, %ub: index, %t: tensor<?xf32>) -> tensor<?xf32> {
  %r = scf.for %i = %lb to %ub step %lb iter_args(%a = %t) -> (tensor<?xf32>) {
    %r2 = scf.for %j = %i to %ub step %lb iter_args(%b = %a) -> (tensor<?xf32>) {
      %c = "test.cond"(%j) : (index) -> i1
      %n = scf.if %c -> (tensor<?xf32>) {
        %x = "test.update"(%b) : (tensor<?xf32>) -> tensor<?xf32>
        scf.yield %x : tensor<?xf32>
      } else {
        scf.yield %b : tensor<?xf32>
      }
      scf.yield %n : tensor<?xf32>
    }
    scf.yield %r2 : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
