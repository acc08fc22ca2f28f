//! The `math` dialect: the elementwise transcendental, rounding and bit
//! counting ops of MLIR 19 (`exp`, `log`, `sqrt`, `rsqrt`, `tanh`, `absf`,
//! `absi`, `ceil`, `floor`, `powf`, `fma`, `sin`, `cos`, `erf`, ... and
//! `fpowi`/`ipowi`), with their custom syntax, verifiers and upstream's
//! folders. Constants materialize as `arith.constant`
//! ([`crate::arith::materialize_constant`]).
//!
//! Upstream folds the libm functions only for `f32` and `f64`, calling the
//! C library; so do these folders (through the platform's libm), keeping
//! results bit-identical to mlir-opt-19's on the same platform. The
//! evaluation is public ([`eval_float_unary`], [`eval_float_binary`]) for
//! the interpreter.
//!
//! Submodules: [`ops`] (the op declarations and their typed views, e.g.
//! [`SqrtOp`], [`FmaOp`], [`FPowIOp`]), [`eval`] (scalar semantics),
//! [`fold`] (the folders) and the private libm bindings.

pub mod eval;
pub mod fold;
mod libm;
pub mod ops;

pub use eval::{eval_float_binary, eval_float_unary, FloatBinary, FloatUnary};
pub use fold::{fold_float_binary, fold_float_unary};
pub use ops::*;

use crate::util::register_dialect;
use ir::Context;

/// Registers the math dialect: its ops ([`ops`]) and arith's constant
/// materializer as its own.
pub fn register(ctx: &mut Context) {
    register_dialect(ctx, "math", false);
    crate::arith::use_poison_or_arith_materializer(ctx, "math");
    ops::register_ops(ctx);
}
