// arith.constant in every form mlir-opt-19 prints, round-tripped against
// it: integers of several widths (name hints %c0, %c42_i32, %c-1_i64, ...),
// index, i1 (%true/%false), floats of every type, and dense tensor and
// vector constants (%cst, %cst_0, ...), with and without attributes.
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt --mlir-print-op-generic %s > %t.b && mlir-opt-19 --mlir-print-op-generic %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: mlir-opt-19 --mlir-print-op-generic %s | bufopt > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b

// (One function: bufopt numbers generic-form values of sibling functions
// differently from mlir-opt-19, which continues the numbering across them.)
func.func @constants() -> (i32, f32) {
  %v0 = arith.constant 0 : index
  %v1 = arith.constant 1 : index
  %v2 = arith.constant -7 : index
  %v3 = arith.constant 42 : i32
  %v4 = arith.constant -1 : i64
  %v5 = arith.constant 255 : i8
  %v6 = arith.constant 127 : i8
  %v7 = arith.constant -128 : i8
  %v8 = arith.constant true
  %v9 = arith.constant false
  %v10 = arith.constant 1 : i1
  %v11 = arith.constant 0 : i1
  %v12 = arith.constant 18446744073709551615 : i64
  %v13 = arith.constant 170141183460469231731687303715884105727 : i128
  %v14 = arith.constant 340282366920938463463374607431768211455 : i128
  %v15 = arith.constant 123456789012345678901234567890123456789012345 : i256
  %v16 = arith.constant 3 : i7
  %v17 = arith.constant 0x1F : i16
  %v18 = arith.constant 42 : i32
  %v19 = arith.constant 0 : index
  %v20 = arith.constant true
  %v21 = arith.constant 1.0 : f32
  %v22 = arith.constant -0.0 : f32
  %v23 = arith.constant 0.1 : f64
  %v24 = arith.constant 0x7FC00000 : f32
  %v25 = arith.constant 0xFF800000 : f32
  %v26 = arith.constant 6.5e4 : f16
  %v27 = arith.constant 1.5 : bf16
  %v28 = arith.constant 2.0 : tf32
  %v29 = arith.constant 1.0 : f80
  %v30 = arith.constant 0.1 : f128
  %v31 = arith.constant 0.5 : f8E4M3FN
  %v32 = arith.constant 0.5 : f8E5M2
  %v33 = arith.constant 0.5 : f8E4M3
  %v34 = arith.constant 0.5 : f8E5M2FNUZ
  %v35 = arith.constant 0.5 : f8E4M3FNUZ
  %v36 = arith.constant 0.5 : f8E4M3B11FNUZ
  %v37 = arith.constant 3.14159265358979 : f64
  %v38 = arith.constant 1.0e-40 : f32
  %v39 = arith.constant dense<0> : tensor<4xi32>
  %v40 = arith.constant dense<[1, 2, 3]> : vector<3xi32>
  %v41 = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %v42 = arith.constant dense<true> : vector<8xi1>
  %v43 = arith.constant dense<[true, false, true]> : tensor<3xi1>
  %v44 = arith.constant dense<[0, -1]> : tensor<2xindex>
  %v45 = arith.constant dense<> : tensor<0xf32>
  %v46 = arith.constant dense<1.5> : vector<[4]xf32>
  %v47 = arith.constant dense<7> : tensor<i64>
  %v48 = arith.constant dense<[0x7FC00000, -0.0]> : vector<2xf32>
  %v49 = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : vector<2x3xi8>
  %v50 = arith.constant dense<"0x0100000002000000"> : tensor<2xi32>
  %v51 = arith.constant dense<-1> : tensor<2x2x2xi16>
  %v52 = arith.constant {tag = "x"} 5 : i32
  %v53 = arith.constant {a, b = 2 : i64} 2.5 : f32
  return %v52, %v53 : i32, f32
}
