//! The `BufferizableOp` models of the `tensor` dialect's ops (upstream's
//! `Tensor/Transforms/BufferizableOpInterfaceImpl.cpp`), one model per op,
//! with upstream's answers to every interface question:
//!
//! * [`views`]: ops whose result aliases their source: `cast`,
//!   `collapse_shape`, `expand_shape`, `reshape`, `extract_slice`, and the
//!   metadata readers `dim` and `rank` (which alias nothing);
//! * [`access`]: element and slice accesses: `extract`, `insert`,
//!   `insert_slice`, `parallel_insert_slice`;
//! * [`alloc`]: ops that bufferize to a new allocation: `empty`,
//!   `from_elements`, `generate`, `pad`, `splat` and `concat`.
//!
//! `tensor.concat` has no model in upstream 19; its model is the one later
//! upstream added: an allocation of the result (with the identity layout),
//! then, per input in order, a `memref.subview` of the allocation at the
//! input's offset along the concatenated dimension and a copy of the
//! input's buffer into it. When the result's size along that dimension is
//! dynamic, the offsets are accumulated with `arith.addi` over `memref.dim`s
//! of the inputs' buffers.
//!
//! This module holds the registration and the small builders the models
//! share (`createOrFold` for index-typed ops, constant matching, memory
//! spaces of buffer types).

pub mod access;
pub mod alloc;
pub mod views;

use super::super::interface::BufferizableOp;
use ir::interfaces::OpFoldSize;
use ir::op_decl::OpBuilder;
use ir::rewrite_api::PatternRewriter;
use ir::{Attribute, Context, Diagnostic, Ir, OpId, Type, ValueId};

/// Attaches the `tensor` models.
pub fn register(ctx: &mut Context) {
    let models: [(&str, Box<dyn BufferizableOp>); 17] = [
        ("tensor.cast", Box::new(views::CastModel)),
        ("tensor.collapse_shape", Box::new(views::CollapseShapeModel)),
        ("tensor.dim", Box::new(views::DimModel)),
        ("tensor.empty", Box::new(alloc::EmptyModel)),
        ("tensor.expand_shape", Box::new(views::ExpandShapeModel)),
        ("tensor.extract_slice", Box::new(views::ExtractSliceModel)),
        ("tensor.extract", Box::new(access::ExtractModel)),
        ("tensor.from_elements", Box::new(alloc::FromElementsModel)),
        ("tensor.generate", Box::new(alloc::GenerateModel)),
        ("tensor.insert", Box::new(access::InsertModel)),
        ("tensor.insert_slice", Box::new(access::InsertSliceModel)),
        ("tensor.pad", Box::new(alloc::PadModel)),
        ("tensor.parallel_insert_slice", Box::new(access::ParallelInsertSliceModel)),
        ("tensor.rank", Box::new(views::RankModel)),
        ("tensor.reshape", Box::new(views::ReshapeModel)),
        ("tensor.splat", Box::new(alloc::SplatModel)),
        ("tensor.concat", Box::new(alloc::ConcatModel)),
    ];
    for (name, model) in models {
        let name = ctx.intern_str(name);
        ctx.registry_mut().add_interface::<dyn BufferizableOp>(name, model);
    }
}

/// The memory space of a (ranked or unranked) memref type (`None` for the
/// default space).
pub(crate) fn memory_space_of(ir: &Ir, ty: Type) -> Option<Attribute> {
    ir.ctx().memory_space(ty)
}

/// `getConstantIntValue` of a mixed size: the constant, or the integer of
/// the constant op defining the value.
pub(crate) fn constant_int(ir: &Ir, s: &OpFoldSize) -> Option<i64> {
    match *s {
        OpFoldSize::Static(c) => Some(c),
        OpFoldSize::Value(v) => dialects::util::const_int(ir, v).and_then(|c| i64::try_from(c).ok()),
    }
}

/// An error located at `op` (upstream's `op->emitError(msg)`).
pub(crate) fn op_error(ir: &Ir, op: OpId, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::error(ir.op_loc(op), msg.into()).with_op(op)
}

/// Folds the single-result, index-typed op just created (MLIR's
/// `OpBuilder::createOrFold`, shared with shape reification in
/// `dialects::affine_compose`): the folded value, or the op's result.
/// A folded op is erased without telling the rewriter; the driver skips
/// dead ops.
pub(crate) fn create_or_fold(rw: &mut PatternRewriter<'_>, op: OpId) -> ValueId {
    dialects::affine_compose::create_or_fold_index(rw.ir_mut(), op)
}

/// `getValueOrCreateConstantIndexOp`: the value, or a new index constant.
pub(crate) fn value_or_constant(b: &mut dyn OpBuilder, loc: ir::Location, s: &OpFoldSize) -> ValueId {
    match *s {
        OpFoldSize::Value(v) => v,
        OpFoldSize::Static(c) => dialects::tensor::build_index_constant(b, loc, c),
    }
}
