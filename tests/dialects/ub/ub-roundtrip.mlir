// `ub.poison` in custom and generic form: the default `#ub.poison` value is
// elided from the custom form and kept as a property in the generic one.
// RUN: bufopt %s | bufopt | FileCheck %s
// RUN: bufopt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: bufopt %s --mlir-print-op-generic | bufopt | FileCheck %s
// RUN: mlir-opt-19 %s | FileCheck %s

// CHECK-LABEL: func.func @forms
// CHECK: %[[A:.*]] = ub.poison : memref<2xf32>
// CHECK: %[[B:.*]] = ub.poison {note = 1 : i64} : tensor<?x3xi8>
// CHECK: %[[C:.*]] = ub.poison : index
// GENERIC: "ub.poison"() <{value = #ub.poison}> : () -> memref<2xf32>
// GENERIC: "ub.poison"() <{value = #ub.poison}> {note = 1 : i64} : () -> tensor<?x3xi8>
func.func @forms() -> (memref<2xf32>, tensor<?x3xi8>, index) {
  %a = ub.poison <#ub.poison> : memref<2xf32>
  %b = ub.poison {note = 1} : tensor<?x3xi8>
  %c = "ub.poison"() <{value = #ub.poison}> : () -> index
  return %a, %b, %c : memref<2xf32>, tensor<?x3xi8>, index
}
