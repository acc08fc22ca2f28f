// Calls across many functions, forward and backward, direct and indirect,
// resolved through the module's symbol table: generic round trip and
// canonicalize+cse (per-function passes, then the module's symbol uses are
// verified) agree with mlir-opt-19 byte for byte.
// RUN: bufopt %s --mlir-print-op-generic > %t.b && mlir-opt-19 %s --mlir-print-op-generic > %t.m && diff -u %t.m %t.b
// RUN: bufopt %s --canonicalize --cse > %t.b && mlir-opt-19 %s --canonicalize --cse > %t.m && diff -u %t.m %t.b
// RUN: bufopt %s --canonicalize --cse --mlir-disable-threading | FileCheck %s

// CHECK-LABEL: func.func @f0
// CHECK:         call @f9
// CHECK:         call @f1
// CHECK-LABEL: func.func @f9
// CHECK:         call @f0
// CHECK-NEXT:    call @f8
// CHECK-NEXT:    call @f7
module {
  func.func @f0(%x: i32) -> i32 {
    %a = func.call @f9(%x) : (i32) -> i32
    %b = func.call @f1(%a) : (i32) -> i32
    return %b : i32
  }
  func.func @f1(%x: i32) -> i32 {
    %a = func.call @f2(%x) : (i32) -> i32
    %b = func.call @f8(%a) : (i32) -> i32
    return %b : i32
  }
  func.func @f2(%x: i32) -> i32 {
    %a = func.call @f3(%x) : (i32) -> i32
    %b = func.call @f7(%a) : (i32) -> i32
    return %b : i32
  }
  func.func @f3(%x: i32) -> i32 {
    %a = func.call @f4(%x) : (i32) -> i32
    %b = func.call @f6(%a) : (i32) -> i32
    return %b : i32
  }
  func.func @f4(%x: i32) -> i32 {
    %a = func.call @f5(%x) : (i32) -> i32
    %b = func.call @f5(%a) : (i32) -> i32
    return %b : i32
  }
  func.func @f5(%x: i32) -> i32 {
    %a = func.call @f4(%x) : (i32) -> i32
    %b = func.call @ext(%a) : (i32) -> i32
    return %b : i32
  }
  func.func @f6(%x: i32) -> i32 {
    %a = func.call @f3(%x) : (i32) -> i32
    return %a : i32
  }
  func.func @f7(%x: i32) -> i32 {
    %a = func.call @f2(%x) : (i32) -> i32
    return %a : i32
  }
  func.func @f8(%x: i32) -> i32 {
    %a = func.call @f1(%x) : (i32) -> i32
    return %a : i32
  }
  func.func @f9(%x: i32) -> i32 {
    %a = func.call @f0(%x) : (i32) -> i32
    %f = func.constant @f8 : (i32) -> i32
    %b = func.call_indirect %f(%a) : (i32) -> i32
    %g = func.constant @f7 : (i32) -> i32
    %c = func.call_indirect %g(%b) : (i32) -> i32
    return %c : i32
  }
  func.func private @ext(i32) -> i32
}
