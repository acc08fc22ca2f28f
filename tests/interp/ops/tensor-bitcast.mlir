// tensor.bitcast reinterprets each element's bits: it must agree with the
// elementwise arith.bitcast of the same tensor, both ways. (Not in the
// differential corpus: One-Shot Bufferize in MLIR 19 cannot bufferize
// tensor.bitcast.)
// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
func.func private @printMemrefI32(memref<*xi32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @showi(%t: tensor<4xi32>) {
  %m = bufferization.to_memref %t read_only : memref<4xi32>
  %u = memref.cast %m : memref<4xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}

func.func @showf(%t: tensor<4xf32>) {
  %m = bufferization.to_memref %t read_only : memref<4xf32>
  %u = memref.cast %m : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %f = arith.constant dense<[1.0, -2.0, 0.5, -0.0]> : tensor<4xf32>
  %t = tensor.bitcast %f : tensor<4xf32> to tensor<4xi32>
  call @showi(%t) : (tensor<4xi32>) -> ()
  %a = arith.bitcast %f : tensor<4xf32> to tensor<4xi32>
  call @showi(%a) : (tensor<4xi32>) -> ()
  %i = arith.constant dense<[1078530011, -1, 0, 8388608]> : tensor<4xi32>
  %tf = tensor.bitcast %i : tensor<4xi32> to tensor<4xf32>
  call @showf(%tf) : (tensor<4xf32>) -> ()
  %af = arith.bitcast %i : tensor<4xi32> to tensor<4xf32>
  call @showf(%af) : (tensor<4xf32>) -> ()
  return
}
// CHECK: Unranked Memref {{.*}} sizes = [4] strides = [1] data =
// CHECK-NEXT: [[BITS:\[1065353216,  -1073741824,  1056964608,  -2147483648\]]]
// CHECK-NEXT: Unranked Memref {{.*}} sizes = [4] strides = [1] data =
// CHECK-NEXT: [[BITS]]
// CHECK-NEXT: Unranked Memref {{.*}} sizes = [4] strides = [1] data =
// CHECK-NEXT: [[FLOATS:\[3.14159,  -nan,  0,  1.17549e-38\]]]
// CHECK-NEXT: Unranked Memref {{.*}} sizes = [4] strides = [1] data =
// CHECK-NEXT: [[FLOATS]]
