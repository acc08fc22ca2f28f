// A passthru needs a result type to take: without `->` types, bufopt
// reports it at the passthru (mlir-opt-19 resolves the passthru against a
// null type and reports "expects different type than prior uses:
// '!builtin<>' vs ...").
// RUN: bufopt %s -verify-diagnostics

func.func @passthru_without_result(%m: vector<8xi1>, %v: vector<8xf32>, %b: memref<?xf32>, %i: index) {
  // expected-error @+1 {{expects result when passthru argument is provided}}
  vector.mask %m, %v { vector.transfer_write %v, %b[%i] : vector<8xf32>, memref<?xf32> } : vector<8xi1>
  return
}
