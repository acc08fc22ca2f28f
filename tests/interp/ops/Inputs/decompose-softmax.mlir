// Transform script: decomposes every linalg.softmax into linalg.generic ops
// (upstream's decomposition), so mlir-opt-19 can lower a softmax program.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %s = transform.structured.match ops{["linalg.softmax"]} in %root : (!transform.any_op) -> !transform.any_op
    %d = transform.structured.decompose_interface %s : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
