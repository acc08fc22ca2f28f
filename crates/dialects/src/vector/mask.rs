//! Masking: `vector.mask` (MLIR's `MaskingOpInterface`) and the ops it may
//! mask (MLIR's `MaskableOpInterface`, [`MaskableOp`]), with `vector.mask`'s
//! custom syntax, its implicit `vector.yield` terminator and its verifier
//! (upstream's wording), its folder (an all-true mask unwraps its op) and
//! canonicalization (an empty mask goes), what a mask value is known to be
//! ([`mask_format`]), and the queries other code asks of a maskable op:
//! [`is_masked`] and [`masking_op`].
//!
//! A `vector.mask` holds one block with at most one op to mask and a
//! `vector.yield` that yields that op's results. In custom form the yield
//! is implicit: `vector.mask %m, %passthru { op } attr-dict : mask-type ->
//! result-types`.

use super::{is_i1_vector, vector_parts, vector_ty, GatherOp, MaskOp, ReductionOp, TransferReadOp, TransferWriteOp};
use crate::util::{check_min_operands, check_num_regions, check_operands, op_error, parse_opt_attr_dict, q};
use ir::registry::{FoldOutcome, OpFoldResult};
use ir::rewrite_api::PatternRewriter;
use ir::{AttrKind, Attribute, Diagnostic, InsertPoint, Ir, OpId, OpSpec, OpTraits, RegionId, Type, ValueId};
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::IrParser;
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

// ----- MaskableOpInterface -----------------------------------------------------

/// MLIR's `MaskableOpInterface`: an op that a `vector.mask` may mask.
pub trait MaskableOp: Send + Sync {
    /// True when the op accepts a passthru value when masked (by default
    /// not).
    fn supports_passthru(&self) -> bool {
        false
    }
    /// The mask type the op expects (`None` when the op is malformed).
    fn expected_mask_type(&self, ir: &Ir, op: OpId) -> Option<Type>;
}

/// The maskable op model of `op`, if its op implements [`MaskableOp`].
pub fn maskable(ir: &Ir, op: OpId) -> Option<&dyn MaskableOp> {
    ir.ctx().registry().interface::<dyn MaskableOp>(ir.op_name(op))
}

/// The masking op around `op` (MLIR's `getMaskingOp`): its parent when that
/// is a `vector.mask`, the only op implementing `MaskingOpInterface`.
pub fn masking_op(ir: &Ir, op: OpId) -> Option<MaskOp> {
    ir.parent_op(op).and_then(|p| MaskOp::cast(ir, p))
}

/// True when a `vector.mask` masks `op` (MLIR's `isMasked`).
pub fn is_masked(ir: &Ir, op: OpId) -> bool {
    masking_op(ir, op).is_some()
}

/// The op masked by a `vector.mask` (MLIR's `getMaskableOp`): the first op
/// of its block when the block holds more than the terminator.
pub fn masked_op(ir: &Ir, mask: MaskOp) -> Option<OpId> {
    let block = ir.entry_block(*ir.regions(mask.0).first()?)?;
    let first = ir.first_op(block)?;
    (ir.last_op(block) != Some(first)).then_some(first)
}

/// An `i1` vector of `vector`'s shape and scalable dims.
fn i1_like(ir: &Ir, vector: Type) -> Option<Type> {
    let ctx = ir.ctx();
    let (shape, scalable, _) = vector_parts(ctx, vector)?;
    Some(vector_ty(ctx, shape, scalable, ctx.i1_ty()))
}

/// The transfers: the mask follows the permutation map
/// (`inferTransferOpMaskType`); the read takes a passthru.
pub(super) struct TransferMaskable {
    /// True for `vector.transfer_read`.
    pub(super) read: bool,
}

impl MaskableOp for TransferMaskable {
    fn supports_passthru(&self) -> bool {
        self.read
    }
    fn expected_mask_type(&self, ir: &Ir, op: OpId) -> Option<Type> {
        let (vector, perm) = if self.read {
            let r = TransferReadOp(op);
            (ir.value_type(r.vector(ir)), r.permutation_map(ir)?)
        } else {
            let w = TransferWriteOp(op);
            (ir.value_type(w.vector(ir)), w.permutation_map(ir)?)
        };
        super::infer_transfer_mask_type(ir.ctx(), vector, perm)
    }
}

/// `vector.gather`: a mask of the index vector's shape.
pub(super) struct GatherMaskable;

impl MaskableOp for GatherMaskable {
    fn expected_mask_type(&self, ir: &Ir, op: OpId) -> Option<Type> {
        i1_like(ir, ir.value_type(GatherOp(op).index_vec(ir)))
    }
}

/// `vector.reduction`: a mask of the source vector's shape.
pub(super) struct ReductionMaskable;

impl MaskableOp for ReductionMaskable {
    fn expected_mask_type(&self, ir: &Ir, op: OpId) -> Option<Type> {
        i1_like(ir, ir.value_type(ReductionOp(op).vector(ir)))
    }
}

// ----- mask values, folding and canonicalization -------------------------------

/// What a mask value is known to be (upstream's `MaskFormat`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MaskFormat {
    /// Every bit set.
    AllTrue,
    /// No bit set.
    AllFalse,
    /// Not known, or mixed.
    Unknown,
}

/// Upstream's `getMaskFormat`: a dense `arith.constant` whose bits all
/// agree, a `vector.constant_mask` whose sizes cover every dimension (or
/// none), or a `vector.create_mask` with a constant size of zero or less.
pub fn mask_format(ir: &Ir, mask: ValueId) -> MaskFormat {
    let Some(def) = ir.defining_op(mask) else { return MaskFormat::Unknown };
    let ctx = ir.ctx();
    if let Some(c) = crate::arith::ConstantOp::cast(ir, def) {
        let Some(AttrKind::DenseElements { ty, data }) = ir.attr(c.0, "value").map(|a| ctx.attr_kind(a)) else {
            return MaskFormat::Unknown;
        };
        if ctx.element_type(*ty) != Some(ctx.i1_ty()) {
            return MaskFormat::Unknown;
        }
        let count = ctx.shape(*ty).map_or(0, |s| s.iter().product::<i64>());
        let mut set = data.bits.iter().map(|&b| b & 1 != 0);
        let first = set.next();
        return match first {
            Some(b) if count > 0 && set.all(|x| x == b) => {
                if b {
                    MaskFormat::AllTrue
                } else {
                    MaskFormat::AllFalse
                }
            }
            _ => MaskFormat::Unknown,
        };
    }
    if super::ConstantMaskOp::matches(ir, def) {
        let shape = ctx.shape(ir.value_type(mask)).unwrap_or(&[]);
        let sizes = ir.attr(def, "mask_dim_sizes").and_then(|a| ctx.array_value(a));
        let Some(sizes) = sizes else { return MaskFormat::Unknown };
        let sizes: Vec<i64> = sizes.iter().filter_map(|&a| ctx.int_value(a)).map(|v| v as i64).collect();
        if sizes.iter().zip(shape).all(|(i, d)| i >= d) {
            return MaskFormat::AllTrue;
        }
        if sizes.iter().all(|&i| i <= 0) {
            return MaskFormat::AllFalse;
        }
        return MaskFormat::Unknown;
    }
    if super::CreateMaskOp::matches(ir, def)
        && ir.operands(def).any(|v| crate::util::const_int(ir, v).is_some_and(|x| x <= 0))
    {
        return MaskFormat::AllFalse;
    }
    MaskFormat::Unknown
}

/// `MaskOp::fold`: under an all-true mask, the masked op moves before the
/// mask and its results replace the mask's.
pub(super) fn fold_mask(ir: &mut Ir, op: OpId, _operands: &[Option<Attribute>]) -> FoldOutcome {
    let Some(masked) = masked_op(ir, MaskOp(op)) else { return FoldOutcome::Failure };
    if ir.num_results(masked) != ir.num_results(op) || mask_format(ir, MaskOp(op).mask(ir)) != MaskFormat::AllTrue {
        return FoldOutcome::Failure;
    }
    ir.move_op_before(masked, op);
    FoldOutcome::Results(ir.results(masked).map(OpFoldResult::Value).collect())
}

/// `ElideEmptyMaskOp`: a mask that masks nothing is replaced by the values
/// its `vector.yield` yields (or erased when it yields none).
pub(super) fn elide_empty_mask(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(block) = ir.regions(op).first().and_then(|&r| ir.entry_block(r)) else { return false };
    let Some(first) = ir.first_op(block) else { return false };
    if ir.last_op(block) != Some(first) || !super::YieldOp::matches(ir, first) {
        return false;
    }
    let values: Vec<ValueId> = ir.operands(first).collect();
    if values.is_empty() {
        rw.erase_op(op);
    } else {
        rw.replace_op(op, &values);
    }
    true
}

// ----- syntax ------------------------------------------------------------------

/// MLIR's `MaskOp::ensureTerminator`: the implicit `vector.yield` is added,
/// and when the block then holds one op and the yield, the yield is
/// replaced by one yielding that op's results.
fn ensure_mask_terminator(ir: &mut Ir, region: RegionId, loc: ir::Location) {
    crate::util::ensure_terminator(ir, region, super::YieldOp::NAME, loc);
    let Some(block) = ir.entry_block(region) else { return };
    let (Some(first), Some(last)) = (ir.first_op(block), ir.last_op(block)) else { return };
    if first == last || ir.next_op(first) != Some(last) {
        return;
    }
    let results: Vec<_> = ir.results(first).collect();
    let name = ir.ctx().intern_str(super::YieldOp::NAME);
    ir.insert_new_op(InsertPoint::Before(last), OpSpec { operands: &results, ..OpSpec::new(name, loc) });
    ir.erase_op(last);
}

/// `vector.mask`: `%mask (, %passthru)? { op } attr-dict : type (-> types)?`.
pub(super) struct MaskAsm;

impl OpAsm for MaskAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let mask = p.parse_operand()?;
        let passthru = if p.p.eat(TokenKind::Comma) { Some(p.parse_operand()?) } else { None };
        let r = p.ir.create_region();
        p.parse_region(r, &[], false)?;
        ensure_mask_terminator(p.ir, r, st.loc);
        st.regions.push(r);
        parse_opt_attr_dict(p, st)?;
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let mask_ty = p.p.parse_type()?;
        if p.p.eat(TokenKind::Arrow) {
            st.result_types = p.p.parse_function_result_types()?;
            // Several results print as a bare list (`-> t1, t2`), which
            // mlir-opt-19's own parser rejects; bufopt reads it back.
            if st.result_types.len() == 1 {
                while p.p.eat(TokenKind::Comma) {
                    st.result_types.push(p.p.parse_type()?);
                }
            }
        }
        st.operands.push(p.resolve_operand(mask, mask_ty)?);
        if let Some(pt) = passthru {
            let Some(&ty) = st.result_types.first() else {
                return Err(p.p.error_at(pt.pos, "expects result when passthru argument is provided"));
            };
            st.operands.push(p.resolve_operand(pt, ty)?);
        }
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let m = MaskOp(op);
        pr.out.push(' ');
        pr.print_value(m.mask(ir));
        if let Some(pt) = m.passthru(ir) {
            pr.out.push_str(", ");
            pr.print_value(pt);
        }
        pr.out.push_str(" { ");
        if let Some(first) = ir.regions(op).first().and_then(|&r| ir.entry_block(r)).and_then(|b| ir.first_op(b)) {
            pr.print_custom_or_generic_op(first);
        }
        pr.out.push_str(" }");
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
        pr.out.push_str(" : ");
        pr.print_type(ir.value_type(m.mask(ir)));
        if ir.num_results(op) > 0 {
            pr.out.push_str(" -> ");
            pr.print_types(ir.result_types(op).to_vec());
        }
    }
}

// ----- verifier ----------------------------------------------------------------

/// The traits' and ODS checks of `vector.mask`, then `MaskOp::verify`.
pub(super) fn verify_mask(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_regions(ir, op, 1)?;
    check_min_operands(ir, op, 1)?;
    let region = ir.region(op, 0);
    // SingleBlock.
    if ir.region_blocks(region).count() > 1 {
        return Err(op_error(ir, op, "expects region #0 to have 0 or 1 blocks"));
    }
    if let Some(b) = ir.entry_block(region) {
        if ir.block_is_empty(b) {
            return Err(op_error(ir, op, "expects a non-empty block"));
        }
    }
    // ODS: operand groups and types, the sized region.
    if ir.num_operands(op) > 2 {
        return Err(op_error(
            ir,
            op,
            format!("operand group starting at #1 requires 0 or 1 element, but found {}", ir.num_operands(op) - 1),
        ));
    }
    check_operands(ir, op, 0..1, is_i1_vector, "vector of 1-bit signless integer values")?;
    let Some(block) = ir.entry_block(region) else {
        return Err(op_error(ir, op, "region #0 ('maskRegion') failed to verify constraint: region with 1 blocks"));
    };
    // NoRegionArguments.
    if !ir.block_args(block).is_empty() {
        return Err(op_error(ir, op, "region should have no arguments"));
    }
    // MaskOp::verify.
    let ops = ir.block_ops_vec(block);
    if ops.len() > 2 {
        return Err(op_error(ir, op, "expects only one operation to mask"));
    }
    let Some(&terminator) = ops.last().filter(|&&t| super::YieldOp::matches(ir, t)) else {
        return Err(op_error(ir, op, "expects a terminator within the mask region"));
    };
    if ir.num_operands(terminator) != ir.num_results(op) {
        return Err(op_error(ir, op, "expects number of results to match mask region yielded values"));
    }
    let first = ops[0];
    let Some(model) = maskable(ir, first) else { return Ok(()) };
    if ir.num_results(first) != ir.num_results(op) {
        return Err(op_error(ir, op, "expects number of results to match maskable operation number of results"));
    }
    if ir.result_types(first) != ir.result_types(op) {
        return Err(op_error(ir, op, "expects result type to match maskable operation result type"));
    }
    let ctx = ir.ctx();
    if ir.result_types(first).iter().filter(|&&t| vector_parts(ctx, t).is_some()).count() > 1 {
        return Err(op_error(ir, op, "multiple vector results not supported"));
    }
    let mask_ty = ir.value_type(ir.operand(op, 0));
    if let Some(expected) = model.expected_mask_type(ir, first) {
        if mask_ty != expected {
            return Err(op_error(ir, op, format!("expects a {} mask for the maskable operation", q(ctx, expected))));
        }
    }
    if let Some(pt) = MaskOp(op).passthru(ir) {
        if !model.supports_passthru() {
            return Err(op_error(ir, op, "doesn't expect a passthru argument for this maskable operation"));
        }
        if ir.num_results(first) != 1 {
            return Err(op_error(ir, op, "expects result when passthru argument is provided"));
        }
        if ir.value_type(pt) != ir.result_types(first)[0] {
            return Err(op_error(ir, op, "expects passthru type to match result type"));
        }
    }
    Ok(())
}

/// The traits of `vector.mask`: one block ending in an implicit
/// `vector.yield`, recursive memory effects.
pub(super) const MASK_TRAITS: OpTraits =
    OpTraits(OpTraits::SINGLE_BLOCK.0 | OpTraits::IMPLICIT_TERMINATOR.0 | OpTraits::RECURSIVE_MEMORY_EFFECTS.0);
