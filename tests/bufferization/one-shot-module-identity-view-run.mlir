// function-boundary-type-conversion=identity-layout-map when a view (a
// tensor.extract_slice) is passed to a function without a body, which
// takes an identity-layout buffer. mlir-opt-19 casts the view with
// memref.cast, a 19.1.7 defect:
// * @strided: the cast does not verify ("'memref.cast' op operand type
//   'memref<?xf32, strided<[3], offset: 1>>' and result type
//   'memref<?xf32>' are cast incompatible"), so mlir-opt-19 fails;
// * @shifted (alone): the cast from `strided<[1], offset: ?>` to
//   `memref<?xf32>` verifies, but asserts an offset of 0 that does not
//   hold at run time.
// bufopt casts only when the cast is guaranteed to hold and otherwise
// copies the view into a new buffer (later upstream's
// castOrReallocMemRefValue). Shown by running the tensor program and the
// bufferized one: both print the same slices.
// RUN: bufopt-run --strict %s | FileCheck %s
// RUN: bufopt %s -one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --buffer-deallocation-pipeline | bufopt-run --strict - | FileCheck %s
// RUN: bufopt %s -one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s --check-prefix=IR

// CHECK: sizes = [2] strides = [1] data =
// CHECK-NEXT: [-2.25,  2.25]
// CHECK: sizes = [2] strides = [1] data =
// CHECK-NEXT: [-4,  -2.75]

// IR-LABEL: func.func @strided(
//  IR-SAME:     %[[T:.*]]: memref<8xf32>
//       IR:   %[[S:.*]] = memref.subview %[[T]][1] [%{{.*}}] [3] : memref<8xf32> to memref<?xf32, strided<[3], offset: 1>>
//       IR:   %[[D:.*]] = memref.dim %[[S]]
//       IR:   %[[A:.*]] = memref.alloc(%[[D]]) {alignment = 64 : i64} : memref<?xf32>
//       IR:   memref.copy %[[S]], %[[A]]
//       IR:   call @printMemref1dF32(%[[A]]) : (memref<?xf32>) -> ()
//   IR-NOT:   memref.cast
// IR-LABEL: func.func @shifted(
//  IR-SAME:     %[[T:.*]]: memref<8xf32>, %[[O:.*]]: index)
//       IR:   %[[U:.*]] = memref.subview %[[T]][%[[O]]] [%{{.*}}] [1] : memref<8xf32> to memref<?xf32, strided<[1], offset: ?>>
//       IR:   %[[B:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf32>
//       IR:   memref.copy %[[U]], %[[B]]
//       IR:   call @printMemref1dF32(%[[B]]) : (memref<?xf32>) -> ()
//   IR-NOT:   memref.cast

func.func private @printMemref1dF32(tensor<?xf32>)

func.func @strided(%t: tensor<8xf32>) {
  %c2 = arith.constant 2 : index
  %s = tensor.extract_slice %t[1] [%c2] [3] : tensor<8xf32> to tensor<?xf32>
  call @printMemref1dF32(%s) : (tensor<?xf32>) -> ()
  return
}

func.func @shifted(%t: tensor<8xf32>, %o: index) {
  %c2 = arith.constant 2 : index
  %u = tensor.extract_slice %t[%o] [%c2] [1] : tensor<8xf32> to tensor<?xf32>
  call @printMemref1dF32(%u) : (tensor<?xf32>) -> ()
  return
}

func.func @main(%t: tensor<8xf32>) {
  call @strided(%t) : (tensor<8xf32>) -> ()
  %c5 = arith.constant 5 : index
  call @shifted(%t, %c5) : (tensor<8xf32>, index) -> ()
  return
}
