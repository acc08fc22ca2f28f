// A vector.mask with several results prints them as a bare list after
// `->`, as mlir-opt-19 does; mlir-opt-19's parser then rejects its own
// output ("operation defines 1 results but was provided 2 to bind"), while
// bufopt reads it back, so its output always re-parses.
// RUN: bufopt %s | bufopt | FileCheck %s
// RUN: bufopt %s | bufopt --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @two_results(
// CHECK: %{{.*}}:2 = vector.mask %{{.*}} { vector.yield %{{.*}}, %{{.*}} : tensor<?xf32>, vector<16xf32> } : vector<16xi1> -> tensor<?xf32>, vector<16xf32>
// GENERIC: }) : (vector<16xi1>) -> (tensor<?xf32>, vector<16xf32>)
func.func @two_results(%t: tensor<?xf32>, %v: vector<16xf32>, %m: vector<16xi1>) -> (tensor<?xf32>, vector<16xf32>) {
  %0:2 = "vector.mask"(%m) ({
    vector.yield %t, %v : tensor<?xf32>, vector<16xf32>
  }) : (vector<16xi1>) -> (tensor<?xf32>, vector<16xf32>)
  return %0#0, %0#1 : tensor<?xf32>, vector<16xf32>
}
