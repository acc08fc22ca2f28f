// The casts of arith round-tripped against mlir-opt-19: integer and float
// extension and truncation (truncf with every rounding mode and fastmath,
// extf with fastmath, fastmath<none> kept on both), int/float conversions,
// index_cast/index_castui on scalars, vectors, tensors and memrefs, and
// bitcast between same-width types.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --mlir-print-op-generic %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

func.func @casts(%a: i32, %i: index, %x: f32, %h: f16, %d: f64, %v: vector<4xi16>, %t: tensor<?x2xi32>, %u: tensor<*xf32>, %m: memref<4xi32>, %mi: memref<?xindex>, %vx: vector<[4]xf32>) {
  %0 = arith.extui %a : i32 to i64
  %1 = arith.extsi %a : i32 to i64
  %2 = arith.trunci %a : i32 to i8
  %3 = arith.extf %x : f32 to f64
  %4 = arith.truncf %x : f32 to f16
  %5 = arith.truncf %x to_nearest_even : f32 to bf16
  %6 = arith.truncf %d downward : f64 to f32
  %7 = arith.truncf %d upward : f64 to f32
  %8 = arith.truncf %d toward_zero fastmath<nnan> : f64 to f32
  %9 = arith.truncf %d to_nearest_away : f64 to f16
  %10 = arith.truncf %x fastmath<none> : f32 to f16
  %11 = arith.extf %h fastmath<contract> : f16 to f32
  %12 = arith.extf %h fastmath<none> : f16 to f64
  %13 = arith.sitofp %a : i32 to f32
  %14 = arith.uitofp %a : i32 to f64
  %15 = arith.fptosi %x : f32 to i32
  %16 = arith.fptoui %x : f32 to i8
  %17 = arith.index_cast %a : i32 to index
  %18 = arith.index_cast %i : index to i32
  %19 = arith.index_castui %i : index to i64
  %20 = arith.index_castui %a : i32 to index
  %21 = arith.bitcast %a : i32 to f32
  %22 = arith.bitcast %x : f32 to i32
  %23 = arith.bitcast %h : f16 to bf16
  %24 = arith.extsi %v : vector<4xi16> to vector<4xi32>
  %25 = arith.trunci %t : tensor<?x2xi32> to tensor<?x2xi1>
  %26 = arith.fptosi %x : f32 to i64
  %27 = arith.index_cast %m : memref<4xi32> to memref<4xindex>
  %28 = arith.index_castui %mi : memref<?xindex> to memref<?xi16>
  %29 = arith.bitcast %m : memref<4xi32> to memref<4xf32>
  %30 = arith.bitcast %vx : vector<[4]xf32> to vector<[4]xi32>
  %31 = arith.sitofp %v : vector<4xi16> to vector<4xf16>
  %32 = arith.extui %a {tag} : i32 to i64
  %33 = arith.truncf %x "upward" : f32 to f16
  %34 = arith.uitofp %t : tensor<?x2xi32> to tensor<?x2xf32>
  %35 = arith.bitcast %i : index to index
  return
}
