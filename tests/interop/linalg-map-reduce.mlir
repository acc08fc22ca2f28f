// linalg.map, linalg.reduce, linalg.transpose and linalg.broadcast
// round-tripped against mlir-opt-19: the short `{ payload }` forms (with
// payload attributes, integer ops carrying overflow flags, the init-first
// operand order of reduce), explicit regions printed on their own lines,
// variadic reduce, extra attributes, and tensor/memref, static/dynamic
// operands with integer and float elements.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --mlir-print-op-generic %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

func.func @maps(%a: tensor<4x?xf32>, %b: tensor<4x?xf32>, %i: memref<8xi32>, %j: memref<8xi32>) -> (tensor<4x?xf32>, tensor<4x?xf32>, tensor<4x?xf32>) {
  %0 = linalg.map { arith.addf } ins(%a, %b : tensor<4x?xf32>, tensor<4x?xf32>) outs(%a : tensor<4x?xf32>)
  %1 = linalg.map { arith.mulf {fastmath = #arith.fastmath<fast>} } ins(%0, %b : tensor<4x?xf32>, tensor<4x?xf32>) outs(%a : tensor<4x?xf32>)
  %2 = linalg.map { math.absf } ins(%1 : tensor<4x?xf32>) outs(%b : tensor<4x?xf32>) {tag = 3 : i8}
  linalg.map { arith.addi } ins(%i, %j : memref<8xi32>, memref<8xi32>) outs(%i : memref<8xi32>)
  linalg.map { arith.maxsi } ins(%i, %j : memref<8xi32>, memref<8xi32>) outs(%j : memref<8xi32>)
  return %0, %1, %2 : tensor<4x?xf32>, tensor<4x?xf32>, tensor<4x?xf32>
}

func.func @map_regions(%a: tensor<3xi64>, %b: tensor<3xf32>, %m: memref<?x2xf64>) -> tensor<3xf32> {
  %0 = linalg.map ins(%a, %b : tensor<3xi64>, tensor<3xf32>) outs(%b : tensor<3xf32>)
    (%x: i64, %y: f32) {
      %f = arith.sitofp %x : i64 to f32
      %s = arith.subf %f, %y : f32
      linalg.yield %s : f32
    }
  %1 = linalg.map ins(%0 : tensor<3xf32>) outs(%b : tensor<3xf32>) {note}
    (%x: f32) {
      %k = arith.constant 2.5 : f32
      %i = linalg.index 0 : index
      linalg.yield %k : f32
    }
  linalg.map outs(%m : memref<?x2xf64>)
    () {
      %c = arith.constant -1.0 : f64
      linalg.yield %c : f64
    }
  linalg.map ins(%m, %m : memref<?x2xf64>, memref<?x2xf64>) outs(%m : memref<?x2xf64>)
    (%x: f64, %y: f64) {
      %s = arith.addf %y, %x : f64
      linalg.yield %s : f64
    }
  return %1 : tensor<3xf32>
}

func.func @reductions(%a: tensor<2x3x4xf32>, %r: tensor<3xf32>, %s: tensor<2x4xf32>, %m: memref<?x?xi32>, %n: memref<?xi32>) -> (tensor<3xf32>, tensor<2x4xf32>) {
  %0 = linalg.reduce { arith.addf } ins(%a : tensor<2x3x4xf32>) outs(%r : tensor<3xf32>) dimensions = [0, 2]
  %1 = linalg.reduce { arith.maximumf } ins(%a : tensor<2x3x4xf32>) outs(%s : tensor<2x4xf32>) dimensions = [1] {tag}
  linalg.reduce { arith.muli } ins(%m : memref<?x?xi32>) outs(%n : memref<?xi32>) dimensions = [1]
  linalg.reduce ins(%m : memref<?x?xi32>) outs(%n : memref<?xi32>) dimensions = [0]
    (%x: i32, %acc: i32) {
      %v = arith.minsi %x, %acc : i32
      linalg.yield %v : i32
    }
  return %0, %1 : tensor<3xf32>, tensor<2x4xf32>
}

func.func @variadic_reduce(%v: tensor<16xf32>, %i: tensor<16xindex>, %bv: tensor<f32>, %bi: tensor<index>) -> (tensor<f32>, tensor<index>) {
  %0:2 = linalg.reduce ins(%v, %i : tensor<16xf32>, tensor<16xindex>) outs(%bv, %bi : tensor<f32>, tensor<index>) dimensions = [0]
    (%x: f32, %xi: index, %best: f32, %besti: index) {
      %gt = arith.cmpf ogt, %x, %best : f32
      %nv = arith.select %gt, %x, %best : f32
      %ni = arith.select %gt, %xi, %besti : index
      linalg.yield %nv, %ni : f32, index
    }
  return %0#0, %0#1 : tensor<f32>, tensor<index>
}

func.func @transposes(%a: tensor<2x3x4xi8>, %b: tensor<4x2x3xi8>, %m: memref<?x5xf16>, %n: memref<5x?xf16>) -> tensor<4x2x3xi8> {
  %0 = linalg.transpose ins(%a : tensor<2x3x4xi8>) outs(%b : tensor<4x2x3xi8>) permutation = [2, 0, 1]
  linalg.transpose ins(%m : memref<?x5xf16>) outs(%n : memref<5x?xf16>) permutation = [1, 0] {tag = "t"}
  return %0 : tensor<4x2x3xi8>
}

func.func @broadcasts(%a: tensor<3xf32>, %b: tensor<2x3x4xf32>, %m: memref<?xi64>, %n: memref<?x7xi64>, %s: tensor<f32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  %0 = linalg.broadcast ins(%a : tensor<3xf32>) outs(%b : tensor<2x3x4xf32>) dimensions = [0, 2]
  %1 = linalg.broadcast ins(%s : tensor<f32>) outs(%b : tensor<2x3x4xf32>) dimensions = [0, 1, 2]
  linalg.broadcast ins(%m : memref<?xi64>) outs(%n : memref<?x7xi64>) dimensions = [1]
  return %0, %1 : tensor<2x3x4xf32>, tensor<2x3x4xf32>
}
