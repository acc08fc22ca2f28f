// shape.assuming's region must yield its result types (the verifier of
// the subset of the shape dialect upstream's deallocation tests use).
// RUN: bufopt -split-input-file -verify-diagnostics %s
// RUN: mlir-opt-19 -split-input-file -verify-diagnostics %s

func.func @wrong_type(%w: !shape.witness, %m: memref<2xf32>) -> memref<2xf32> {
  // expected-error @below {{'shape.assuming' op  along control flow edge from Region #0 to parent results: source type #0 '!shape.witness' should match input type #0 'memref<2xf32>'}}
  %r = shape.assuming %w -> memref<2xf32> {
    shape.assuming_yield %w : !shape.witness
  }
  return %r : memref<2xf32>
}
