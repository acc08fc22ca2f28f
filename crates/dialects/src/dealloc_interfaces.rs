//! The `BufferDeallocationOpInterface` implementations
//! ([`ir::buffer_interfaces::BufferDeallocationOp`]) of the ops the
//! ownership-based deallocation cannot treat through the generic
//! interfaces: `cf.cond_br`, which frees what its block owns separately
//! for each successor (conditions masked by the branch condition), and
//! `arith.select`, whose result's ownership is the selected operand's, and
//! `cf.switch` (beyond upstream, which rejects it), which frees per
//! successor under `condition && flag selects it`; and the terminators of
//! parallel loops, `scf.forall.in_parallel` (with an empty body) and
//! `scf.reduce.return` (of a non-memref), which free what their block owns
//! like a return.
//! The ops declare them in their `interfaces:` lists.

use crate::arith::{AndIOp, CmpIOp, SelectOp, XOrIOp};
use crate::bufferization::build::build_dealloc;
use crate::cf::{successor_operand_range, CondBrOp, SwitchOp};
use crate::util::{build_bool, build_constant};
use ir::buffer_interfaces::{BufferDeallocationOp, DeallocationOptions, DeallocationState, Ownership};
use ir::op_decl::IrBuilder;
use ir::rewrite_api::BranchOpMut;
use ir::{AttrKind, BlockId, Diagnostic, InsertPoint, Ir, Location, OpId, ValueId};
use rustc_hash::FxHashMap;

fn is_memref(ir: &Ir, v: ValueId) -> bool {
    ir.ctx().is_memref(ir.value_type(v))
}

/// Makes the updated conditions of a `bufferization.dealloc` at the end of
/// `block` the ownership of its retained values there (MLIR's
/// `resetOwnerships` and `updateOwnership` of each retained value). A value
/// retained twice (forwarded to the successor and also live into it, as the
/// buffer a CFG loop starts from) takes its first condition: both are
/// equal by the op's semantics, whereas joining them (as upstream does)
/// makes its ownership unknown and fails any successor that inherits it.
pub fn take_retained_ownerships(
    ir: &Ir,
    state: &mut dyn DeallocationState,
    retain: &[ValueId],
    updated: &[ValueId],
    block: BlockId,
) {
    state.reset_ownerships(retain, block);
    let mut seen = rustc_hash::FxHashSet::default();
    for (&r, &u) in retain.iter().zip(updated) {
        if seen.insert(r) {
            state.update_ownership(ir, r, Ownership::Unique(u), Some(block));
        }
    }
}

/// `cf.cond_br`: one `bufferization.dealloc` per successor, each freeing
/// the block's memrefs under `condition && taken`, and the ownership of a
/// value retained on both edges selected by the branch condition.
pub(crate) struct CondBrDealloc;

impl BufferDeallocationOp for CondBrDealloc {
    fn process(
        &self,
        ir: &mut Ir,
        op: OpId,
        state: &mut dyn DeallocationState,
        _options: &DeallocationOptions,
    ) -> Result<Option<OpId>, Diagnostic> {
        let Some(br) = CondBrOp::cast(ir, op) else { return Ok(Some(op)) };
        let block = ir.op_block(op).expect("a terminator in a block");
        let loc = ir.op_loc(op);
        let ip = InsertPoint::Before(op);
        let (memrefs, conditions) = state.memrefs_and_conditions_to_deallocate(ir, ip, loc, block)?;
        let cond = br.condition(ir);
        let i1 = ir.ctx().i1_ty();
        let mut retained_per_succ: Vec<(Vec<ValueId>, FxHashMap<ValueId, ValueId>)> = Vec::new();
        for succ in 0..2 {
            let target = ir.successors(op)[succ];
            let dest: Vec<ValueId> = successor_operand_range(ir, op, succ).map(|i| ir.operand(op, i)).collect();
            let retain = state.memrefs_to_retain(ir, block, Some(target), &dest);
            let mut b = IrBuilder::at(ir, ip);
            let adapted: Vec<ValueId> = conditions
                .iter()
                .map(|&c| {
                    if succ == 0 {
                        AndIOp::build(&mut b, loc, i1, c, cond).result(b.ir)
                    } else {
                        let t = build_bool(&mut b, loc, true);
                        let neg = XOrIOp::build(&mut b, loc, i1, t, cond).result(b.ir);
                        AndIOp::build(&mut b, loc, i1, c, neg).result(b.ir)
                    }
                })
                .collect();
            let dealloc = build_dealloc(&mut b, loc, &memrefs, &adapted, &retain);
            let updated: Vec<ValueId> = ir.results(dealloc.0).collect();
            take_retained_ownerships(ir, state, &retain, &updated, block);
            let mut mapping: FxHashMap<ValueId, ValueId> = FxHashMap::default();
            for (&r, &u) in retain.iter().zip(&updated) {
                mapping.insert(r, u);
            }
            let ownerships: Vec<ValueId> = dest.iter().filter(|&&v| is_memref(ir, v)).map(|v| mapping[v]).collect();
            let ctx = ir.ctx_arc().clone();
            if let Some(m) = ctx.registry().interface::<dyn BranchOpMut>(ir.op_name(op)) {
                m.append_successor_operands(ir, op, succ, &ownerships);
            }
            retained_per_succ.push((retain, mapping));
        }
        let (then_retained, then_map) = &retained_per_succ[0];
        let (else_retained, else_map) = &retained_per_succ[1];
        let then_set: rustc_hash::FxHashSet<ValueId> = then_retained.iter().copied().collect();
        let mut common: Vec<ValueId> = Vec::new();
        let mut seen: rustc_hash::FxHashSet<ValueId> = rustc_hash::FxHashSet::default();
        for &v in else_retained {
            if then_set.contains(&v) && seen.insert(v) {
                common.push(v);
            }
        }
        for r in common {
            state.reset_ownerships(&[r], block);
            let mut b = IrBuilder::at(ir, ip);
            let sel = SelectOp::build(&mut b, loc, i1, cond, then_map[&r], else_map[&r]).result(b.ir);
            state.update_ownership(ir, r, Ownership::Unique(sel), Some(block));
        }
        Ok(Some(op))
    }
}

/// `arith.select`: nothing to do at the op; a unique ownership of its
/// result is the select of its operands' indicators.
pub(crate) struct SelectDealloc;

impl BufferDeallocationOp for SelectDealloc {
    fn process(
        &self,
        _ir: &mut Ir,
        op: OpId,
        _state: &mut dyn DeallocationState,
        _options: &DeallocationOptions,
    ) -> Result<Option<OpId>, Diagnostic> {
        Ok(Some(op))
    }

    fn materialize_unique_ownership(
        &self,
        ir: &mut Ir,
        op: OpId,
        state: &mut dyn DeallocationState,
        ip: InsertPoint,
        memref: ValueId,
    ) -> (ValueId, ValueId) {
        let block = ir.value_block(memref).expect("a result in a block");
        let Some(sel) = SelectOp::cast(ir, op) else {
            return state.memref_with_unique_ownership(ir, ip, memref, block);
        };
        let (t, f) = (state.ownership(sel.true_value(ir), block), state.ownership(sel.false_value(ir), block));
        let (Ownership::Unique(ti), Ownership::Unique(fi)) = (t, f) else {
            return state.memref_with_unique_ownership(ir, ip, memref, block);
        };
        let (loc, cond, i1) = (ir.op_loc(op), sel.condition(ir), ir.ctx().i1_ty());
        let mut b = IrBuilder::at(ir, ip);
        let own = SelectOp::build(&mut b, loc, i1, cond, ti, fi).result(b.ir);
        (memref, own)
    }
}

/// `cf.switch`: one `bufferization.dealloc` per successor, each freeing the
/// block's memrefs under `condition && taken`, where case `i` is taken when
/// the flag equals its value (and no earlier case has that value) and the
/// default when no case matches; the ownership of a value retained on
/// several edges is selected by the edge taken.
pub(crate) struct SwitchDealloc;

/// The case values of a `cf.switch`, sign-extended from the flag's width.
fn switch_case_values(ir: &Ir, op: OpId) -> Vec<i128> {
    let ctx = ir.ctx();
    let width = ctx.scalar_bit_width(ir.value_type(SwitchOp(op).flag(ir))).unwrap_or(64).min(128);
    let Some(AttrKind::DenseElements { ty, data }) = SwitchOp(op).case_values(ir).map(|a| ctx.attr_kind(a)) else {
        return Vec::new();
    };
    let n: i64 = ctx.shape(*ty).map(|s| s.iter().product()).unwrap_or(0);
    (0..n.max(0) as usize)
        .map(|i| {
            let bits = if data.splat { data.bits.first() } else { data.bits.get(i) }.copied().unwrap_or(0);
            let shift = 128 - width;
            ((bits << shift) as i128) >> shift
        })
        .collect()
}

impl SwitchDealloc {
    /// The `i1` that is true when successor `succ` is taken.
    fn taken(ir: &mut Ir, ip: InsertPoint, loc: Location, op: OpId, values: &[i128], succ: usize) -> ValueId {
        let flag = SwitchOp(op).flag(ir);
        let (fty, i1) = (ir.value_type(flag), ir.ctx().i1_ty());
        let ctx = ir.ctx_arc().clone();
        let mut b = IrBuilder::at(ir, ip);
        let cmp = |b: &mut IrBuilder<'_>, v: i128, pred: i64| {
            let c = build_constant(b, loc, ctx.int_attr(fty, v), fty);
            CmpIOp::build(b, loc, i1, flag, c, Some(crate::arith::flags::predicate_attr(&ctx, pred))).result(b.ir)
        };
        if succ == 0 {
            // No case matches.
            let mut acc = build_bool(&mut b, loc, true);
            for &v in values {
                let ne = cmp(&mut b, v, 1);
                acc = AndIOp::build(&mut b, loc, i1, acc, ne).result(b.ir);
            }
            return acc;
        }
        let v = values[succ - 1];
        if values[..succ - 1].contains(&v) {
            return build_bool(&mut b, loc, false);
        }
        cmp(&mut b, v, 0)
    }
}

impl BufferDeallocationOp for SwitchDealloc {
    fn process(
        &self,
        ir: &mut Ir,
        op: OpId,
        state: &mut dyn DeallocationState,
        _options: &DeallocationOptions,
    ) -> Result<Option<OpId>, Diagnostic> {
        let block: BlockId = ir.op_block(op).expect("a terminator in a block");
        let loc = ir.op_loc(op);
        let ip = InsertPoint::Before(op);
        let values = switch_case_values(ir, op);
        let nsucc = ir.successors(op).len();
        if nsucc != values.len() + 1 {
            return Err(Diagnostic::error(loc, "expected one successor per case value and a default").with_op(op));
        }
        let (memrefs, conditions) = state.memrefs_and_conditions_to_deallocate(ir, ip, loc, block)?;
        let i1 = ir.ctx().i1_ty();
        let mut edges: Vec<(ValueId, Vec<ValueId>, FxHashMap<ValueId, ValueId>)> = Vec::new();
        for succ in 0..nsucc {
            let target = ir.successors(op)[succ];
            let dest: Vec<ValueId> = successor_operand_range(ir, op, succ).map(|i| ir.operand(op, i)).collect();
            let retain = state.memrefs_to_retain(ir, block, Some(target), &dest);
            let taken = Self::taken(ir, ip, loc, op, &values, succ);
            let mut b = IrBuilder::at(ir, ip);
            let adapted: Vec<ValueId> =
                conditions.iter().map(|&c| AndIOp::build(&mut b, loc, i1, c, taken).result(b.ir)).collect();
            let dealloc = build_dealloc(&mut b, loc, &memrefs, &adapted, &retain);
            let updated: Vec<ValueId> = ir.results(dealloc.0).collect();
            let mapping: FxHashMap<ValueId, ValueId> = retain.iter().copied().zip(updated.iter().copied()).collect();
            // What the edge forwards is `updated && taken` (the same value
            // on the taken edge): a single result, since mlir-opt-19's
            // cf.switch parser rejects `%x#n` in its operand lists.
            let owned: Vec<ValueId> = dest.iter().filter(|&&v| is_memref(ir, v)).map(|v| mapping[v]).collect();
            let mut b = IrBuilder::at(ir, ip);
            let ownerships: Vec<ValueId> =
                owned.into_iter().map(|u| AndIOp::build(&mut b, loc, i1, u, taken).result(b.ir)).collect();
            let ctx = ir.ctx_arc().clone();
            if let Some(m) = ctx.registry().interface::<dyn BranchOpMut>(ir.op_name(op)) {
                m.append_successor_operands(ir, op, succ, &ownerships);
            }
            edges.push((taken, retain, mapping));
        }
        // The ownership after the switch: the indicator of the edge taken.
        let mut order: Vec<ValueId> = Vec::new();
        let mut seen: rustc_hash::FxHashSet<ValueId> = rustc_hash::FxHashSet::default();
        for (_, retain, _) in &edges {
            for &r in retain {
                if seen.insert(r) {
                    order.push(r);
                }
            }
        }
        for r in order {
            let mut acc: Option<ValueId> = None;
            for (taken, _, mapping) in edges.iter().rev() {
                let Some(&u) = mapping.get(&r) else { continue };
                acc = Some(match acc {
                    None => u,
                    Some(a) => SelectOp::build(&mut IrBuilder::at(ir, ip), loc, i1, *taken, u, a).result(ir),
                });
            }
            if let Some(a) = acc {
                state.reset_ownerships(&[r], block);
                state.update_ownership(ir, r, Ownership::Unique(a), Some(block));
            }
        }
        Ok(Some(op))
    }
}

/// `scf.forall.in_parallel`: a return-like dealloc, when it combines
/// nothing.
pub(crate) struct InParallelDealloc;

impl BufferDeallocationOp for InParallelDealloc {
    fn process(
        &self,
        ir: &mut Ir,
        op: OpId,
        state: &mut dyn DeallocationState,
        _options: &DeallocationOptions,
    ) -> Result<Option<OpId>, Diagnostic> {
        let empty = ir.regions(op).iter().all(|&r| ir.region_blocks(r).all(|b| ir.block_is_empty(b)));
        if !empty {
            return Err(Diagnostic::error(ir.op_loc(op), "only supported when nested region is empty").with_op(op));
        }
        state.insert_dealloc_for_return_like(ir, op, &[])?;
        Ok(Some(op))
    }
}

/// `scf.reduce.return`: a return-like dealloc, when what it returns is not
/// a memref.
pub(crate) struct ReduceReturnDealloc;

impl BufferDeallocationOp for ReduceReturnDealloc {
    fn process(
        &self,
        ir: &mut Ir,
        op: OpId,
        state: &mut dyn DeallocationState,
        _options: &DeallocationOptions,
    ) -> Result<Option<OpId>, Diagnostic> {
        if ir.operands(op).any(|v| is_memref(ir, v)) {
            return Err(Diagnostic::error(ir.op_loc(op), "only supported when operand is not a MemRef").with_op(op));
        }
        state.insert_dealloc_for_return_like(ir, op, &[])?;
        Ok(Some(op))
    }
}
