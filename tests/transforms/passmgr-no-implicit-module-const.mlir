// Input of passmgr-no-implicit-module.mlir: a lone constant as the top-level
// op; canonicalize is a generic pass, but the op is not isolated from above.
// RUN: true

// expected-error@below {{'arith.constant' op trying to schedule a pass on an operation not marked as 'IsolatedFromAbove'}}
arith.constant 7 : i32
