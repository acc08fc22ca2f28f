// vector.gather (declared for its bufferization model): syntax, generic
// form and verifier errors as mlir-opt-19's.
// RUN: bufopt %s --split-input-file --verify-diagnostics > %t.b && mlir-opt-19 %s --split-input-file --verify-diagnostics > %t.m && diff -u %t.m %t.b
// RUN: bufopt %s --split-input-file --verify-diagnostics --mlir-print-op-generic > %t.b && mlir-opt-19 %s --split-input-file --verify-diagnostics --mlir-print-op-generic > %t.m && diff -u %t.m %t.b
// RUN: bufopt %s --split-input-file --verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @forms(
// CHECK: vector.gather %{{.*}}[%{{.*}}, %{{.*}}] [%{{.*}}], %{{.*}}, %{{.*}} : tensor<?x?xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
// CHECK: vector.gather %{{.*}}[%{{.*}}] [%{{.*}}], %{{.*}}, %{{.*}} {tag} : memref<?xf32>, vector<2x8xindex>, vector<2x8xi1>, vector<2x8xf32> into vector<2x8xf32>
func.func @forms(%base: tensor<?x?xf32>, %v: vector<16xi32>, %mask: vector<16xi1>, %pt: vector<16xf32>, %mb: memref<?xf32>,
                 %v2: vector<2x8xindex>, %m2: vector<2x8xi1>, %p2: vector<2x8xf32>) -> (vector<16xf32>, vector<2x8xf32>) {
  %c0 = arith.constant 0 : index
  %0 = vector.gather %base[%c0, %c0][%v], %mask, %pt : tensor<?x?xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  %1 = vector.gather %mb[%c0] [%v2], %m2, %p2 {tag} : memref<?xf32>, vector<2x8xindex>, vector<2x8xi1>, vector<2x8xf32> into vector<2x8xf32>
  return %0, %1 : vector<16xf32>, vector<2x8xf32>
}

// -----

func.func @indices(%base: tensor<?x?xf32>, %v: vector<16xi32>, %mask: vector<16xi1>, %pt: vector<16xf32>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  // expected-error @below {{'vector.gather' op requires 2 indices}}
  %0 = vector.gather %base[%c0][%v], %mask, %pt : tensor<?x?xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  return %0 : vector<16xf32>
}

// -----

func.func @index_dims(%base: tensor<?xf32>, %v: vector<8xi32>, %mask: vector<16xi1>, %pt: vector<16xf32>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  // expected-error @below {{'vector.gather' op expected result dim to match indices dim}}
  %0 = vector.gather %base[%c0][%v], %mask, %pt : tensor<?xf32>, vector<8xi32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  return %0 : vector<16xf32>
}

// -----

func.func @mask_dims(%base: tensor<?xf32>, %v: vector<16xi32>, %mask: vector<8xi1>, %pt: vector<16xf32>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  // expected-error @below {{'vector.gather' op expected result dim to match mask dim}}
  %0 = vector.gather %base[%c0][%v], %mask, %pt : tensor<?xf32>, vector<16xi32>, vector<8xi1>, vector<16xf32> into vector<16xf32>
  return %0 : vector<16xf32>
}

// -----

func.func @pass_thru(%base: tensor<?xf32>, %v: vector<16xi32>, %mask: vector<16xi1>, %pt: vector<16xf64>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  // expected-error @below {{'vector.gather' op expected pass_thru of same type as result type}}
  %0 = vector.gather %base[%c0][%v], %mask, %pt : tensor<?xf32>, vector<16xi32>, vector<16xi1>, vector<16xf64> into vector<16xf32>
  return %0 : vector<16xf32>
}

// -----

func.func @element(%base: tensor<?xf64>, %v: vector<16xi32>, %mask: vector<16xi1>, %pt: vector<16xf32>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  // expected-error @below {{'vector.gather' op base and result element type should match}}
  %0 = vector.gather %base[%c0][%v], %mask, %pt : tensor<?xf64>, vector<16xi32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  return %0 : vector<16xf32>
}

// -----

func.func @index_vec(%base: tensor<?xf32>, %v: vector<16xf32>, %mask: vector<16xi1>, %pt: vector<16xf32>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  // expected-error @below {{'vector.gather' op operand #2 must be vector of integer or index values, but got 'vector<16xf32>'}}
  %0 = vector.gather %base[%c0][%v], %mask, %pt : tensor<?xf32>, vector<16xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  return %0 : vector<16xf32>
}

// -----

func.func @unranked(%base: tensor<*xf32>, %v: vector<16xi32>, %mask: vector<16xi1>, %pt: vector<16xf32>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  // expected-error @below {{'vector.gather' op requires base to be a memref or ranked tensor type}}
  %0 = vector.gather %base[%c0][%v], %mask, %pt : tensor<*xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  return %0 : vector<16xf32>
}
