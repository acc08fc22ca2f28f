//! Builders of `scf` loops and conditionals with their bodies, as MLIR's
//! `scf::ForOp` / `scf::IfOp` builders with a body-builder callback: the
//! body is filled by the callback and ends with the `scf.yield` the helper
//! appends.

use super::ops::{ForOp, IfOp, YieldOp};
use ir::op_decl::IrBuilder;
use ir::{InsertPoint, Location, ValueId};

/// Creates `scf.for %iv = lb to ub step step iter_args(inits)` at the
/// builder's insertion point. `body` is called with a builder at the end of
/// the body block, the induction variable and the iteration arguments, and
/// returns the values to yield (one per init, of the same types). The
/// builder's insertion point is left after the loop, as before the call.
pub fn build_for(
    b: &mut IrBuilder<'_>,
    loc: Location,
    bounds: (ValueId, ValueId, ValueId),
    inits: &[ValueId],
    body: impl FnOnce(&mut IrBuilder<'_>, ValueId, &[ValueId]) -> Vec<ValueId>,
) -> ForOp {
    let (lb, ub, step) = bounds;
    let types: Vec<_> = inits.iter().map(|&v| b.ir.value_type(v)).collect();
    let for_op = ForOp::build(b, loc, &types, lb, ub, step, inits, 1);
    let region = for_op.region(b.ir);
    let mut arg_types = vec![b.ir.value_type(lb)];
    arg_types.extend_from_slice(&types);
    let block = b.ir.append_block(region, &arg_types, &vec![loc; arg_types.len()]);
    let args = b.ir.block_args(block).to_vec();
    let mut inner = IrBuilder::at(b.ir, InsertPoint::BlockEnd(block));
    let yielded = body(&mut inner, args[0], &args[1..]);
    YieldOp::build(&mut inner, loc, &yielded);
    for_op
}

/// Creates `scf.if %cond { then }` without results and without an `else`
/// block at the builder's insertion point; `then` is called with a builder
/// at the end of the then block, before the `scf.yield` the helper appends.
pub fn build_if_then(
    b: &mut IrBuilder<'_>,
    loc: Location,
    cond: ValueId,
    then: impl FnOnce(&mut IrBuilder<'_>),
) -> IfOp {
    let if_op = IfOp::build(b, loc, &[], cond, 1, 1);
    let region = if_op.then_region(b.ir);
    let block = b.ir.append_block(region, &[], &[]);
    let mut inner = IrBuilder::at(b.ir, InsertPoint::BlockEnd(block));
    then(&mut inner);
    YieldOp::build(&mut inner, loc, &[]);
    if_op
}
