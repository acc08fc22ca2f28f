// vector.mask of a vector.reduction and of a vector.gather, executed as
// MLIR 19 lowers them: a masked reduction combines only the active lanes,
// into its accumulator or the kind's neutral value (so an all-false mask
// gives 1 for <mul>, INT_MAX for <minsi>, all ones for <and>), except
// <maximumf>/<minimumf>, whose masked-off lanes become -denorm_min / the
// largest float (hence -1.4013e-45 as the maximum of negative lanes); a
// masked gather takes the vector.mask's mask in place of its own and zeros
// in place of its pass-through. The inputs pass through a call so that no
// folder sees them. The expected output is mlir-cpu-runner-19's after
// mlir-opt-19's lowering (second RUN line; --lower-vector-mask first, as
// the lowering script does not lower a masked gather by itself).
// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// RUN: mlir-opt-19 --lower-vector-mask %s > %t.mlir && MLIR_OPT=mlir-opt-19 MLIR_CPU_RUNNER=mlir-cpu-runner-19 %S/../../../scripts/lower-and-run.sh %t.mlir | FileCheck %s --match-full-lines

func.func @id_f32(%v: vector<6xf32>) -> vector<6xf32> {
  return %v : vector<6xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = arith.constant dense<[true, false, true, true, false, true]> : vector<6xi1>
  %none = arith.constant dense<false> : vector<6xi1>
  %vc = arith.constant dense<[1.5, 100.0, -2.0, 4.0, -100.0, 0.25]> : vector<6xf32>
  %v = call @id_f32(%vc) : (vector<6xf32>) -> vector<6xf32>
  %neg = arith.constant dense<[-1.5, 100.0, -2.0, -4.0, 7.0, -0.25]> : vector<6xf32>
  %vn = call @id_f32(%neg) : (vector<6xf32>) -> vector<6xf32>
  %acc = arith.constant 10.0 : f32
  %r0 = vector.mask %m { vector.reduction <add>, %v : vector<6xf32> into f32 } : vector<6xi1> -> f32
  vector.print %r0 : f32
  %r1 = vector.mask %m { vector.reduction <add>, %v, %acc : vector<6xf32> into f32 } : vector<6xi1> -> f32
  vector.print %r1 : f32
  %r2 = vector.mask %m { vector.reduction <mul>, %v : vector<6xf32> into f32 } : vector<6xi1> -> f32
  vector.print %r2 : f32
  %r3 = vector.mask %m { vector.reduction <maxnumf>, %v : vector<6xf32> into f32 } : vector<6xi1> -> f32
  vector.print %r3 : f32
  %r4 = vector.mask %m { vector.reduction <minnumf>, %v : vector<6xf32> into f32 } : vector<6xi1> -> f32
  vector.print %r4 : f32
  %r5 = vector.mask %m { vector.reduction <maximumf>, %vn : vector<6xf32> into f32 } : vector<6xi1> -> f32
  vector.print %r5 : f32
  %r6 = vector.mask %m { vector.reduction <minimumf>, %v, %acc : vector<6xf32> into f32 } : vector<6xi1> -> f32
  vector.print %r6 : f32
  %r7 = vector.mask %none { vector.reduction <mul>, %v : vector<6xf32> into f32 } : vector<6xi1> -> f32
  vector.print %r7 : f32
  %r7b = vector.mask %none { vector.reduction <add>, %v, %acc : vector<6xf32> into f32 } : vector<6xi1> -> f32
  vector.print %r7b : f32
  %iv = arith.constant dense<[7, -3, 12, 5, -9, 2]> : vector<6xi32>
  %i0 = vector.mask %m { vector.reduction <add>, %iv : vector<6xi32> into i32 } : vector<6xi1> -> i32
  vector.print %i0 : i32
  %i1 = vector.mask %m { vector.reduction <minsi>, %iv : vector<6xi32> into i32 } : vector<6xi1> -> i32
  vector.print %i1 : i32
  %i2 = vector.mask %m { vector.reduction <maxsi>, %iv : vector<6xi32> into i32 } : vector<6xi1> -> i32
  vector.print %i2 : i32
  %i3 = vector.mask %m { vector.reduction <minui>, %iv : vector<6xi32> into i32 } : vector<6xi1> -> i32
  vector.print %i3 : i32
  %i4 = vector.mask %m { vector.reduction <maxui>, %iv : vector<6xi32> into i32 } : vector<6xi1> -> i32
  vector.print %i4 : i32
  %i5 = vector.mask %m { vector.reduction <and>, %iv : vector<6xi32> into i32 } : vector<6xi1> -> i32
  vector.print %i5 : i32
  %i6 = vector.mask %m { vector.reduction <or>, %iv : vector<6xi32> into i32 } : vector<6xi1> -> i32
  vector.print %i6 : i32
  %i7 = vector.mask %m { vector.reduction <xor>, %iv : vector<6xi32> into i32 } : vector<6xi1> -> i32
  vector.print %i7 : i32
  %i8 = vector.mask %m { vector.reduction <mul>, %iv : vector<6xi32> into i32 } : vector<6xi1> -> i32
  vector.print %i8 : i32
  %i9 = vector.mask %none { vector.reduction <minsi>, %iv : vector<6xi32> into i32 } : vector<6xi1> -> i32
  vector.print %i9 : i32
  %i10 = vector.mask %none { vector.reduction <and>, %iv : vector<6xi32> into i32 } : vector<6xi1> -> i32
  vector.print %i10 : i32
  %buf = memref.alloc() : memref<8xf32>
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %buf[%i] : memref<8xf32>
  }
  %idx = arith.constant dense<[0, 3, 100, 5]> : vector<4xi32>
  %gm = arith.constant dense<[true, true, false, true]> : vector<4xi1>
  %own = arith.constant dense<[false, true, true, true]> : vector<4xi1>
  %pt = arith.constant dense<-7.0> : vector<4xf32>
  %g0 = vector.mask %gm { vector.gather %buf[%c1] [%idx], %own, %pt : memref<8xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  vector.print %g0 : vector<4xf32>
  memref.dealloc %buf : memref<8xf32>
  return
}

// CHECK: 3.75
// CHECK-NEXT: 13.75
// CHECK-NEXT: -3
// CHECK-NEXT: 4
// CHECK-NEXT: -2
// CHECK-NEXT: -1.4013e-45
// CHECK-NEXT: -2
// CHECK-NEXT: 1
// CHECK-NEXT: 10
// CHECK-NEXT: 26
// CHECK-NEXT: 2
// CHECK-NEXT: 12
// CHECK-NEXT: 2
// CHECK-NEXT: 12
// CHECK-NEXT: 0
// CHECK-NEXT: 15
// CHECK-NEXT: 12
// CHECK-NEXT: 840
// CHECK-NEXT: 2147483647
// CHECK-NEXT: -1
// CHECK-NEXT: ( 1, 4, 0, 6 )
