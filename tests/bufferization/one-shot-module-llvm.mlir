// LLVM functions and calls in a module bufferized across function
// boundaries are left alone (they are callables, but not func.func), and
// the llvm subset prints as mlir-opt-19 does, in both forms.
// RUN: bufopt %s -one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s
// RUN: bufopt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GEN
// RUN: bufopt %s -mlir-print-op-generic | bufopt | FileCheck %s --check-prefix=RT
// RUN: bufopt %s > %t.b && mlir-opt-19 %s > %t.m && diff -u %t.m %t.b
// RUN: bufopt %s -mlir-print-op-generic > %t.b && mlir-opt-19 %s -mlir-print-op-generic > %t.m && diff -u %t.m %t.b

// CHECK: llvm.func @ext(i32, f32) -> i64
// CHECK: llvm.func internal @twice(%{{.*}}: i32) -> i32 attributes {sym_visibility = "private"} {
// CHECK:   llvm.return %{{.*}} : i32
// CHECK: func.func @caller(%[[T:.*]]: memref<4xf32, strided<[?], offset: ?>>, %[[X:.*]]: i32, %[[Y:.*]]: f32) -> (memref<4xf32, strided<[?], offset: ?>>, i64)
// CHECK:   %[[R:.*]] = llvm.call @ext(%[[X]], %[[Y]]) : (i32, f32) -> i64
// CHECK:   llvm.call @twice(%[[X]]) {fastmathFlags = #llvm.fastmath<fast>} : (i32) -> i32
// CHECK:   return %[[T]], %[[R]]

// GEN: "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<i64 (i32, f32)>, linkage = #llvm.linkage<external>, sym_name = "ext", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
// GEN: "llvm.call"(%{{.*}}, %{{.*}}) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, callee = @ext, fastmathFlags = #llvm.fastmath<none>}> : (i32, f32) -> i64
// RT: llvm.func @ext(i32, f32) -> i64
// RT: llvm.call @ext(%{{.*}}, %{{.*}}) : (i32, f32) -> i64

llvm.func @ext(i32, f32) -> i64

llvm.func internal @twice(%a: i32) -> i32 attributes {sym_visibility = "private"} {
  llvm.return %a : i32
}

func.func @caller(%t: tensor<4xf32>, %x: i32, %y: f32) -> (tensor<4xf32>, i64) {
  %r = llvm.call @ext(%x, %y) : (i32, f32) -> i64
  %s = llvm.call @twice(%x) {fastmathFlags = #llvm.fastmath<fast>} : (i32) -> i32
  return %t, %r : tensor<4xf32>, i64
}
