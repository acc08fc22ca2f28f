// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// The complex dialect run end to end: unary and binary functions applied
// through func.call_indirect over tensors of complex<f32> built from dense
// constants, the real-valued functions, comparisons, complex<f64>
// scalars, and a linalg.matmul over complex elements.

func.func @apply_unary(%t: tensor<?xcomplex<f32>>, %f: (complex<f32>) -> complex<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c0 : tensor<?xcomplex<f32>>
  scf.for %i = %c0 to %n step %c1 {
    %z = tensor.extract %t[%i] : tensor<?xcomplex<f32>>
    %w = func.call_indirect %f(%z) : (complex<f32>) -> complex<f32>
    %re = complex.re %w : complex<f32>
    %im = complex.im %w : complex<f32>
    vector.print %re : f32
    vector.print %im : f32
  }
  return
}

func.func @apply_binary(%t: tensor<?xcomplex<f32>>, %u: tensor<?xcomplex<f32>>,
                        %f: (complex<f32>, complex<f32>) -> complex<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c0 : tensor<?xcomplex<f32>>
  scf.for %i = %c0 to %n step %c1 {
    %a = tensor.extract %t[%i] : tensor<?xcomplex<f32>>
    %b = tensor.extract %u[%i] : tensor<?xcomplex<f32>>
    %w = func.call_indirect %f(%a, %b) : (complex<f32>, complex<f32>) -> complex<f32>
    %re = complex.re %w : complex<f32>
    %im = complex.im %w : complex<f32>
    vector.print %re : f32
    vector.print %im : f32
  }
  return
}

func.func @apply_real(%t: tensor<?xcomplex<f32>>, %f: (complex<f32>) -> f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c0 : tensor<?xcomplex<f32>>
  scf.for %i = %c0 to %n step %c1 {
    %z = tensor.extract %t[%i] : tensor<?xcomplex<f32>>
    %r = func.call_indirect %f(%z) : (complex<f32>) -> f32
    vector.print %r : f32
  }
  return
}

func.func @f_sqrt(%z: complex<f32>) -> complex<f32> {
  %r = complex.sqrt %z : complex<f32>
  return %r : complex<f32>
}
func.func @f_rsqrt(%z: complex<f32>) -> complex<f32> {
  %r = complex.rsqrt %z : complex<f32>
  return %r : complex<f32>
}
func.func @f_exp(%z: complex<f32>) -> complex<f32> {
  %r = complex.exp %z : complex<f32>
  return %r : complex<f32>
}
func.func @f_expm1(%z: complex<f32>) -> complex<f32> {
  %r = complex.expm1 %z : complex<f32>
  return %r : complex<f32>
}
func.func @f_log(%z: complex<f32>) -> complex<f32> {
  %r = complex.log %z : complex<f32>
  return %r : complex<f32>
}
func.func @f_log1p(%z: complex<f32>) -> complex<f32> {
  %r = complex.log1p %z : complex<f32>
  return %r : complex<f32>
}
func.func @f_sin(%z: complex<f32>) -> complex<f32> {
  %r = complex.sin %z : complex<f32>
  return %r : complex<f32>
}
func.func @f_cos(%z: complex<f32>) -> complex<f32> {
  %r = complex.cos %z : complex<f32>
  return %r : complex<f32>
}
func.func @f_tan(%z: complex<f32>) -> complex<f32> {
  %r = complex.tan %z : complex<f32>
  return %r : complex<f32>
}
func.func @f_tanh(%z: complex<f32>) -> complex<f32> {
  %r = complex.tanh %z : complex<f32>
  return %r : complex<f32>
}
func.func @f_sign(%z: complex<f32>) -> complex<f32> {
  %r = complex.sign %z : complex<f32>
  return %r : complex<f32>
}
func.func @f_neg_conj(%z: complex<f32>) -> complex<f32> {
  %n = complex.neg %z : complex<f32>
  %r = complex.conj %n : complex<f32>
  return %r : complex<f32>
}
func.func @f_add(%a: complex<f32>, %b: complex<f32>) -> complex<f32> {
  %r = complex.add %a, %b : complex<f32>
  return %r : complex<f32>
}
func.func @f_sub(%a: complex<f32>, %b: complex<f32>) -> complex<f32> {
  %r = complex.sub %a, %b : complex<f32>
  return %r : complex<f32>
}
func.func @f_mul(%a: complex<f32>, %b: complex<f32>) -> complex<f32> {
  %r = complex.mul %a, %b : complex<f32>
  return %r : complex<f32>
}
func.func @f_div(%a: complex<f32>, %b: complex<f32>) -> complex<f32> {
  %r = complex.div %a, %b : complex<f32>
  return %r : complex<f32>
}
func.func @f_pow(%a: complex<f32>, %b: complex<f32>) -> complex<f32> {
  %r = complex.pow %a, %b : complex<f32>
  return %r : complex<f32>
}
func.func @f_atan2(%a: complex<f32>, %b: complex<f32>) -> complex<f32> {
  %r = complex.atan2 %a, %b : complex<f32>
  return %r : complex<f32>
}
func.func @f_abs(%z: complex<f32>) -> f32 {
  %r = complex.abs %z : complex<f32>
  return %r : f32
}
func.func @f_angle(%z: complex<f32>) -> f32 {
  %r = complex.angle %z : complex<f32>
  return %r : f32
}

func.func @main() {
  %lhs = arith.constant dense<[(1.5, -2.0), (0.25, 3.0), (-4.0, 0.5), (2.0, 2.0)]> : tensor<4xcomplex<f32>>
  %rhs = arith.constant dense<[(0.5, 1.0), (-1.0, -0.75), (3.0, 0.0), (-2.0, 1.5)]> : tensor<4xcomplex<f32>>
  %l = tensor.cast %lhs : tensor<4xcomplex<f32>> to tensor<?xcomplex<f32>>
  %r = tensor.cast %rhs : tensor<4xcomplex<f32>> to tensor<?xcomplex<f32>>

  %sqrt = func.constant @f_sqrt : (complex<f32>) -> complex<f32>
  call @apply_unary(%l, %sqrt) : (tensor<?xcomplex<f32>>, (complex<f32>) -> complex<f32>) -> ()
  %rsqrt = func.constant @f_rsqrt : (complex<f32>) -> complex<f32>
  call @apply_unary(%l, %rsqrt) : (tensor<?xcomplex<f32>>, (complex<f32>) -> complex<f32>) -> ()
  %exp = func.constant @f_exp : (complex<f32>) -> complex<f32>
  call @apply_unary(%l, %exp) : (tensor<?xcomplex<f32>>, (complex<f32>) -> complex<f32>) -> ()
  %expm1 = func.constant @f_expm1 : (complex<f32>) -> complex<f32>
  call @apply_unary(%r, %expm1) : (tensor<?xcomplex<f32>>, (complex<f32>) -> complex<f32>) -> ()
  %log = func.constant @f_log : (complex<f32>) -> complex<f32>
  call @apply_unary(%l, %log) : (tensor<?xcomplex<f32>>, (complex<f32>) -> complex<f32>) -> ()
  %log1p = func.constant @f_log1p : (complex<f32>) -> complex<f32>
  call @apply_unary(%r, %log1p) : (tensor<?xcomplex<f32>>, (complex<f32>) -> complex<f32>) -> ()
  %sin = func.constant @f_sin : (complex<f32>) -> complex<f32>
  call @apply_unary(%l, %sin) : (tensor<?xcomplex<f32>>, (complex<f32>) -> complex<f32>) -> ()
  %cos = func.constant @f_cos : (complex<f32>) -> complex<f32>
  call @apply_unary(%l, %cos) : (tensor<?xcomplex<f32>>, (complex<f32>) -> complex<f32>) -> ()
  %tan = func.constant @f_tan : (complex<f32>) -> complex<f32>
  call @apply_unary(%r, %tan) : (tensor<?xcomplex<f32>>, (complex<f32>) -> complex<f32>) -> ()
  %tanh = func.constant @f_tanh : (complex<f32>) -> complex<f32>
  call @apply_unary(%l, %tanh) : (tensor<?xcomplex<f32>>, (complex<f32>) -> complex<f32>) -> ()
  %sign = func.constant @f_sign : (complex<f32>) -> complex<f32>
  call @apply_unary(%l, %sign) : (tensor<?xcomplex<f32>>, (complex<f32>) -> complex<f32>) -> ()
  %nc = func.constant @f_neg_conj : (complex<f32>) -> complex<f32>
  call @apply_unary(%r, %nc) : (tensor<?xcomplex<f32>>, (complex<f32>) -> complex<f32>) -> ()

  %add = func.constant @f_add : (complex<f32>, complex<f32>) -> complex<f32>
  call @apply_binary(%l, %r, %add) : (tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>, (complex<f32>, complex<f32>) -> complex<f32>) -> ()
  %sub = func.constant @f_sub : (complex<f32>, complex<f32>) -> complex<f32>
  call @apply_binary(%l, %r, %sub) : (tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>, (complex<f32>, complex<f32>) -> complex<f32>) -> ()
  %mul = func.constant @f_mul : (complex<f32>, complex<f32>) -> complex<f32>
  call @apply_binary(%l, %r, %mul) : (tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>, (complex<f32>, complex<f32>) -> complex<f32>) -> ()
  %div = func.constant @f_div : (complex<f32>, complex<f32>) -> complex<f32>
  call @apply_binary(%l, %r, %div) : (tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>, (complex<f32>, complex<f32>) -> complex<f32>) -> ()
  %pow = func.constant @f_pow : (complex<f32>, complex<f32>) -> complex<f32>
  call @apply_binary(%l, %r, %pow) : (tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>, (complex<f32>, complex<f32>) -> complex<f32>) -> ()
  %atan2 = func.constant @f_atan2 : (complex<f32>, complex<f32>) -> complex<f32>
  call @apply_binary(%l, %r, %atan2) : (tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>, (complex<f32>, complex<f32>) -> complex<f32>) -> ()

  %abs = func.constant @f_abs : (complex<f32>) -> f32
  call @apply_real(%l, %abs) : (tensor<?xcomplex<f32>>, (complex<f32>) -> f32) -> ()
  %angle = func.constant @f_angle : (complex<f32>) -> f32
  call @apply_real(%r, %angle) : (tensor<?xcomplex<f32>>, (complex<f32>) -> f32) -> ()

  // Comparisons.
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %z0 = tensor.extract %lhs[%c0] : tensor<4xcomplex<f32>>
  %z2 = tensor.extract %rhs[%c2] : tensor<4xcomplex<f32>>
  %eq = complex.eq %z0, %z0 : complex<f32>
  %neq = complex.neq %z0, %z2 : complex<f32>
  %eq2 = complex.eq %z0, %z2 : complex<f32>
  vector.print %eq : i1
  vector.print %neq : i1
  vector.print %eq2 : i1

  // complex<f64> scalars.
  %d = complex.constant [3.0, -4.0] : complex<f64>
  %x = arith.constant 0.5 : f64
  %y = arith.constant 1.25 : f64
  %e = complex.create %x, %y : complex<f64>
  %q = complex.div %d, %e : complex<f64>
  %qa = complex.abs %q : complex<f64>
  %qre = complex.re %q : complex<f64>
  %qim = complex.im %q : complex<f64>
  vector.print %qa : f64
  vector.print %qre : f64
  vector.print %qim : f64
  %da = complex.abs %d : complex<f64>
  vector.print %da : f64

  // A matrix product over complex elements.
  %ma = arith.constant dense<[[(1.0, 1.0), (2.0, 0.0)], [(0.0, -1.0), (0.5, 0.5)]]> : tensor<2x2xcomplex<f32>>
  %mb = arith.constant dense<[[(0.0, 2.0), (1.0, 0.0)], [(3.0, -1.0), (-1.0, 1.0)]]> : tensor<2x2xcomplex<f32>>
  %zero = complex.constant [0.0 : f32, 0.0 : f32] : complex<f32>
  %empty = tensor.empty() : tensor<2x2xcomplex<f32>>
  %init = linalg.fill ins(%zero : complex<f32>) outs(%empty : tensor<2x2xcomplex<f32>>) -> tensor<2x2xcomplex<f32>>
  %mm = linalg.matmul ins(%ma, %mb : tensor<2x2xcomplex<f32>>, tensor<2x2xcomplex<f32>>)
                      outs(%init : tensor<2x2xcomplex<f32>>) -> tensor<2x2xcomplex<f32>>
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      %v = tensor.extract %mm[%i, %j] : tensor<2x2xcomplex<f32>>
      %vre = complex.re %v : complex<f32>
      %vim = complex.im %v : complex<f32>
      vector.print %vre : f32
      vector.print %vim : f32
    }
  }
  return
}

// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----
// CHECK: 1.41421
// CHECK-NEXT: -0.707107
// CHECK-NEXT: 1.27679
// CHECK-NEXT: 1.17482
// CHECK-NEXT: 0.124758
// CHECK-NEXT: 2.00389
// CHECK-NEXT: 1.55377
// CHECK-NEXT: 0.643594
// CHECK-NEXT: 0.565685
// CHECK-NEXT: 0.282843
// CHECK-NEXT: 0.424127
// CHECK-NEXT: -0.390254
// CHECK-NEXT: 0.0309485
// CHECK-NEXT: -0.497103
// CHECK-NEXT: 0.549342
// CHECK-NEXT: -0.227545
// CHECK-NEXT: -1.86504
// CHECK-NEXT: -4.07519
// CHECK-NEXT: -1.27118
// CHECK-NEXT: 0.181202
// CHECK-NEXT: 0.0160735
// CHECK-NEXT: 0.00878099
// CHECK-NEXT: -3.07493
// CHECK-NEXT: 6.71885
// CHECK-NEXT: -0.109192
// CHECK-NEXT: 1.38735
// CHECK-NEXT: -0.730827
// CHECK-NEXT: -0.250761
// CHECK-NEXT: 19.0855
// CHECK-NEXT: 0
// CHECK-NEXT: -0.990427
// CHECK-NEXT: 0.134996
// CHECK-NEXT: 0.916291
// CHECK-NEXT: -0.927295
// CHECK-NEXT: 1.10207
// CHECK-NEXT: 1.48766
// CHECK-NEXT: 1.39405
// CHECK-NEXT: 3.01724
// CHECK-NEXT: 1.03972
// CHECK-NEXT: 0.785398
// CHECK-NEXT: 0.589327
// CHECK-NEXT: 0.588003
// CHECK-NEXT: -0.287682
// CHECK-NEXT: -1.5708
// CHECK-NEXT: 1.38629
// CHECK-NEXT: 0
// CHECK-NEXT: 0.589327
// CHECK-NEXT: 2.1588
// CHECK-NEXT: 3.75277
// CHECK-NEXT: -0.256554
// CHECK-NEXT: 2.49078
// CHECK-NEXT: 9.70644
// CHECK-NEXT: 0.85339
// CHECK-NEXT: -0.340611
// CHECK-NEXT: 3.42095
// CHECK-NEXT: -1.50931
// CHECK-NEXT: 0.266127
// CHECK-NEXT: 3.61777
// CHECK-NEXT: 9.75468
// CHECK-NEXT: -2.47846
// CHECK-NEXT: -0.737065
// CHECK-NEXT: -0.394366
// CHECK-NEXT: -1.56563
// CHECK-NEXT: -3.29789
// CHECK-NEXT: 0.195577
// CHECK-NEXT: 0.842966
// CHECK-NEXT: -0.469615
// CHECK-NEXT: -1.09969
// CHECK-NEXT: -0.142547
// CHECK-NEXT: -0
// CHECK-NEXT: 0.080391
// CHECK-NEXT: 1.06414
// CHECK-NEXT: 1.06414
// CHECK-NEXT: 0.080391
// CHECK-NEXT: 0.249591
// CHECK-NEXT: -0.133833
// CHECK-NEXT: -0.999637
// CHECK-NEXT: 0.00056436
// CHECK-NEXT: 1.02384
// CHECK-NEXT: -0.028393
// CHECK-NEXT: 0.6
// CHECK-NEXT: -0.8
// CHECK-NEXT: 0.0830455
// CHECK-NEXT: 0.996546
// CHECK-NEXT: -0.992278
// CHECK-NEXT: 0.124035
// CHECK-NEXT: 0.707107
// CHECK-NEXT: 0.707107
// CHECK-NEXT: -0.5
// CHECK-NEXT: 1
// CHECK-NEXT: 1
// CHECK-NEXT: -0.75
// CHECK-NEXT: -3
// CHECK-NEXT: 0
// CHECK-NEXT: 2
// CHECK-NEXT: 1.5
// CHECK-NEXT: 2
// CHECK-NEXT: -1
// CHECK-NEXT: -0.75
// CHECK-NEXT: 2.25
// CHECK-NEXT: -1
// CHECK-NEXT: 0.5
// CHECK-NEXT: 0
// CHECK-NEXT: 3.5
// CHECK-NEXT: 1
// CHECK-NEXT: -3
// CHECK-NEXT: 1.25
// CHECK-NEXT: 3.75
// CHECK-NEXT: -7
// CHECK-NEXT: 0.5
// CHECK-NEXT: 4
// CHECK-NEXT: 0.5
// CHECK-NEXT: 2.75
// CHECK-NEXT: 0.5
// CHECK-NEXT: 2
// CHECK-NEXT: -3.1875
// CHECK-NEXT: -12
// CHECK-NEXT: 1.5
// CHECK-NEXT: -7
// CHECK-NEXT: -1
// CHECK-NEXT: -1
// CHECK-NEXT: -2
// CHECK-NEXT: -1.6
// CHECK-NEXT: -1.8
// CHECK-NEXT: -1.33333
// CHECK-NEXT: 0.166667
// CHECK-NEXT: -0.16
// CHECK-NEXT: -1.12
// CHECK-NEXT: 3.59411
// CHECK-NEXT: 1.74788
// CHECK-NEXT: -0.686119
// CHECK-NEXT: -0.746294
// CHECK-NEXT: -61
// CHECK-NEXT: 23.875
// CHECK-NEXT: 0.0384806
// CHECK-NEXT: -0.000431586
// CHECK-NEXT: 1.80262
// CHECK-NEXT: -0.402359
// CHECK-NEXT: 1.8648
// CHECK-NEXT: -0.294664
// CHECK-NEXT: -0.932082
// CHECK-NEXT: 0.0596878
// CHECK-NEXT: 1.99678
// CHECK-NEXT: -1.18185
// CHECK-NEXT: 2.5
// CHECK-NEXT: 3.0104
// CHECK-NEXT: 4.03113
// CHECK-NEXT: 2.82843
// CHECK-NEXT: 1.10715
// CHECK-NEXT: -2.49809
// CHECK-NEXT: 0
// CHECK-NEXT: 2.49809
// CHECK-NEXT: 1
// CHECK-NEXT: 1
// CHECK-NEXT: 0
// CHECK-NEXT: 3.71391
// CHECK-NEXT: -1.93103
// CHECK-NEXT: -3.17241
// CHECK-NEXT: 5
// CHECK-NEXT: 4
// CHECK-NEXT: 0
// CHECK-NEXT: -1
// CHECK-NEXT: 3
// CHECK-NEXT: 4
// CHECK-NEXT: 1
// CHECK-NEXT: -1
// CHECK-NEXT: -1
