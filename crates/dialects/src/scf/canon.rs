//! Canonicalization of the `scf` dialect: the patterns upstream's
//! `scf.for`, `scf.if`, `scf.while` and `scf.execute_region` contribute (with
//! upstream's pattern names as labels; the ops' declarations in
//! [`super::ops`] list them in upstream's order) and the `scf.if` folder.
//! New ops are built with the ops' typed builders through the rewriter.
//!
//! - `scf.for`: `ForOpIterArgsFolder` (iter args that are yielded unchanged,
//!   or unused and either forwarded from their init or with an unused
//!   result), `SimplifyTrivialLoops` (zero-trip loops, one-trip loops
//!   inlined, empty loops yielding outside values), `ForOpTensorCastFolder`
//!   (a `tensor.cast` to a less static type feeding an iter arg moves into
//!   the loop).
//! - `scf.if`: `CombineIfs`, `CombineNestedIfs`, `ConditionPropagation`,
//!   `ConvertTrivialIfToSelect`, `RemoveEmptyElseBranch`,
//!   `RemoveStaticCondition`, `RemoveUnusedResults`,
//!   `ReplaceIfYieldWithConditionOrValue`, and the fold of `if !c` (an
//!   `arith.xori` with true) into `if c` with swapped regions.
//! - `scf.execute_region`: `SingleBlockExecuteInliner`,
//!   `MultiBlockExecuteInliner`.
//! - `scf.while`: `RemoveLoopInvariantArgsFromBeforeBlock`,
//!   `RemoveLoopInvariantValueYielded`, `WhileConditionTruth`,
//!   `WhileCmpCond`, `WhileUnusedResult`, `WhileRemoveDuplicatedResults`,
//!   `WhileRemoveUnusedArgs`, `WhileOpAlignBeforeArgs`.
//! - `scf.index_switch`: `FoldConstantCase`.

use super::ops::{ConditionOp, ExecuteRegionOp, ForOp, IfOp, IndexSwitchOp, WhileOp, YieldOp};
use crate::arith::eval::CmpIPredicate;
use crate::cf::BrOp;
use crate::patterns::insert_before;
use crate::util::{build, build_bool, build_constant, const_attr, const_int, int_width, wrap_signed};
use ir::rewrite_api::{PatternRewriter, StaticName};
use ir::{
    Attribute, BlockId, Context, FoldOutcome, InsertPoint, Ir, Location, NamedAttr, OpId, RegionId, Type, ValueId,
    WalkResult,
};

// Names of other dialects' ops the patterns test on every visit, compared
// by handle.
static ARITH_ADDI: StaticName = StaticName::new("arith.addi");
static ARITH_XORI: StaticName = StaticName::new("arith.xori");
static TENSOR_CAST: StaticName = StaticName::new("tensor.cast");

/// True when `op` is named `name`.
#[inline]
fn named(ir: &Ir, op: OpId, name: &StaticName) -> bool {
    ir.op_name(op) == name.get(ir.ctx())
}

/// The region a value is defined in (its block's region).
fn value_region(ir: &Ir, v: ValueId) -> Option<RegionId> {
    ir.value_block(v).and_then(|b| ir.block_region(b))
}

/// The single block of region `r`.
fn block_of(ir: &Ir, r: RegionId) -> Option<BlockId> {
    ir.entry_block(r)
}

/// The terminator (last op) of the single block of region `r`.
fn yield_of(ir: &Ir, r: RegionId) -> Option<OpId> {
    ir.entry_block(r).and_then(|b| ir.last_op(b))
}

/// MLIR's `replaceOpWithRegion`: inlines the single block of `region`
/// before `op` (its arguments replaced by `args`), replaces `op`'s results
/// by the terminator's operands and erases the terminator.
fn replace_op_with_region(rw: &mut PatternRewriter<'_>, op: OpId, region: RegionId, args: &[ValueId]) {
    let ir = rw.ir();
    let (Some(block), Some(dest)) = (ir.entry_block(region), ir.op_block(op)) else { return };
    let Some(term) = ir.last_op(block) else { return };
    let results: Vec<ValueId> = ir.operands(term).collect();
    rw.merge_blocks(block, dest, Some(op), args);
    rw.replace_op(op, &results);
    rw.erase_op(term);
}

/// Erases the old terminator `old` and creates `scf.yield values` in its
/// place (MLIR's `replaceOpWithNewOp<YieldOp>`).
fn replace_yield(rw: &mut PatternRewriter<'_>, old: OpId, values: &[ValueId]) {
    let loc = insert_before(rw, old);
    YieldOp::build(rw, loc, values);
    rw.erase_op(old);
}

// ===== scf.execute_region ============================================================

pub(super) fn single_block_execute_inliner(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(&r) = ir.regions(op).first() else { return false };
    if ir.region_blocks(r).count() != 1 {
        return false;
    }
    replace_op_with_region(rw, op, r, &[]);
    true
}

pub(super) fn multi_block_execute_inliner(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(parent) = ir.parent_op(op) else { return false };
    let parent_ok = ExecuteRegionOp::matches(ir, parent)
        || ir.is_op(parent, "func.func")
        || ir.ctx().registry().interface::<dyn ir::interfaces::Callable>(ir.op_name(parent)).is_some();
    if !parent_ok {
        return false;
    }
    let (Some(prev), Some(&region)) = (ir.op_block(op), ir.regions(op).first()) else { return false };
    let Some(entry) = ir.entry_block(region) else { return false };
    let blocks: Vec<BlockId> = ir.region_blocks(region).collect();
    let loc = ir.op_loc(op);
    let post = rw.split_block(prev, Some(op));
    rw.set_insertion_point(InsertPoint::BlockEnd(prev));
    BrOp::build(rw, loc, &[], entry);
    for b in blocks {
        let Some(t) = rw.ir().last_op(b) else { continue };
        if !YieldOp::matches(rw.ir(), t) {
            continue;
        }
        let vals: Vec<ValueId> = rw.ir().operands(t).collect();
        let tloc = insert_before(rw, t);
        BrOp::build(rw, tloc, &vals, post);
        rw.erase_op(t);
    }
    let Some(dest) = rw.ir().block_region(post) else { return true };
    rw.inline_region_before(region, dest, Some(post));
    let results: Vec<ValueId> = rw.ir().results(op).collect();
    let mut args = Vec::with_capacity(results.len());
    for r in results {
        let ty = rw.ir().value_type(r);
        let rloc = rw.ir().value_loc(r);
        args.push(rw.add_block_arg(post, ty, rloc));
    }
    rw.replace_op(op, &args);
    true
}

// ===== scf.for ========================================================================

/// Operands of `scf.for`: `lb, ub, step, inits...`.
fn for_parts(ir: &Ir, op: OpId) -> Option<(BlockId, OpId)> {
    let r = *ir.regions(op).first()?;
    let b = block_of(ir, r)?;
    let y = ir.last_op(b)?;
    if ir.num_operands(op) < 3 || ir.block_args(b).len() != ir.num_operands(op) - 2 {
        return None;
    }
    if ir.num_operands(y) != ir.num_results(op) || ir.num_results(op) != ir.num_operands(op) - 3 {
        return None;
    }
    Some((b, y))
}

/// Creates `scf.for lb to ub step step iter_args(inits)` with an empty
/// body block (induction variable and one argument per init).
fn create_for(rw: &mut PatternRewriter<'_>, old: OpId, inits: &[ValueId]) -> (OpId, BlockId) {
    let ir = rw.ir();
    let old_for = ForOp(old);
    let loc = ir.op_loc(old);
    let (lb, ub, step) = (old_for.lower_bound(ir), old_for.upper_bound(ir), old_for.step(ir));
    let types: Vec<Type> = inits.iter().map(|&v| ir.value_type(v)).collect();
    let attrs: Vec<NamedAttr> = ir.attrs(old).to_vec();
    let iv_ty = ir.value_type(lb);
    let new = ForOp::build(rw, loc, &types, lb, ub, step, inits, 1);
    if !attrs.is_empty() {
        rw.modify_in_place(new.0, |ir| ir.set_attrs(new.0, &attrs));
    }
    let region = new.region(rw.ir());
    let mut arg_types = vec![iv_ty];
    arg_types.extend_from_slice(&types);
    let locs = vec![loc; arg_types.len()];
    let b = rw.create_block(region, &arg_types, &locs);
    (new.0, b)
}

pub(super) fn for_iter_args_folder(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((old_block, old_yield)) = for_parts(ir, op) else { return false };
    let n = ir.num_results(op);
    let forwarded = |i: usize| {
        let (arg, yielded) = (ir.block_arg(old_block, 1 + i), ir.operand(old_yield, i));
        let init = ForOp(op).init_args(ir).get(i);
        arg == yielded || (!ir.has_uses(arg) && (init == Some(yielded) || !ir.has_uses(ir.result(op, i))))
    };
    // Nothing to fold is the common case: decide it without allocating.
    if !(0..n).any(forwarded) {
        return false;
    }
    let keep: Vec<bool> = (0..n).map(|i| !forwarded(i)).collect();
    let inits: Vec<ValueId> = ForOp(op).init_args(ir).to_vec();
    let new_inits: Vec<ValueId> = (0..n).filter(|&i| keep[i]).map(|i| inits[i]).collect();
    rw.set_insertion_point(InsertPoint::Before(op));
    let (new, new_block) = create_for(rw, op, &new_inits);
    let new_args: Vec<ValueId> = rw.ir().block_args(new_block).to_vec();
    let new_results: Vec<ValueId> = rw.ir().results(new).collect();
    let mut transfer = vec![new_args[0]];
    let mut replacements = Vec::with_capacity(n);
    let mut k = 0;
    for i in 0..n {
        if keep[i] {
            transfer.push(new_args[1 + k]);
            replacements.push(new_results[k]);
            k += 1;
        } else {
            transfer.push(inits[i]);
            replacements.push(inits[i]);
        }
    }
    rw.merge_blocks(old_block, new_block, None, &transfer);
    let kept: Vec<ValueId> = (0..n).filter(|&i| keep[i]).map(|i| rw.ir().operand(old_yield, i)).collect();
    replace_yield(rw, old_yield, &kept);
    rw.replace_op(op, &replacements);
    true
}

/// `ub - lb` when both are constants, or when `ub = lb + c` (`addi`).
fn const_diff(ir: &Ir, lb: ValueId, ub: ValueId) -> Option<i128> {
    let width = int_width(ir.ctx(), ir.value_type(lb)).unwrap_or(64);
    if let (Some(l), Some(u)) = (const_int(ir, lb), const_int(ir, ub)) {
        return Some(wrap_signed(u.wrapping_sub(l), width));
    }
    let def = ir.defining_op(ub)?;
    if !named(ir, def, &ARITH_ADDI) || ir.num_operands(def) != 2 {
        return None;
    }
    let (a, b) = (ir.operand(def, 0), ir.operand(def, 1));
    if a == lb {
        if let Some(c) = const_int(ir, b) {
            return Some(wrap_signed(c, width));
        }
    }
    if b == lb {
        if let Some(c) = const_int(ir, a) {
            return Some(wrap_signed(c, width));
        }
    }
    None
}

pub(super) fn simplify_trivial_loops(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((block, term)) = for_parts(ir, op) else { return false };
    let for_op = ForOp(op);
    let (lb, ub, step) = (for_op.lower_bound(ir), for_op.upper_bound(ir), for_op.step(ir));
    let diff = if lb == ub { Some(0) } else { const_diff(ir, lb, ub) };
    let Some(diff) = diff else { return false };
    if diff <= 0 {
        let inits: Vec<ValueId> = ForOp(op).init_args(ir).to_vec();
        rw.replace_op(op, &inits);
        return true;
    }
    let width = int_width(ir.ctx(), ir.value_type(step)).unwrap_or(64);
    let Some(step_v) = const_int(ir, step).map(|s| wrap_signed(s, width)) else { return false };
    if step_v >= diff {
        let mut args = vec![lb];
        args.extend(for_op.init_args(ir).iter());
        let region = ir.region(op, 0);
        replace_op_with_region(rw, op, region, &args);
        return true;
    }
    if ir.first_op(block) != Some(term) {
        return false;
    }
    let outside = |v: ValueId| match ir.value_block(v).and_then(|b| ir.block_parent_op(b)) {
        Some(p) => !ir.is_ancestor(op, p),
        None => true,
    };
    if !ir.operands(term).all(outside) {
        return false;
    }
    let yielded: Vec<ValueId> = ir.operands(term).collect();
    rw.replace_op(op, &yielded);
    true
}

pub(super) fn for_tensor_cast_folder(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((old_block, old_yield)) = for_parts(ir, op) else { return false };
    let mut found = None;
    for (i, init) in ForOp(op).init_args(ir).iter().enumerate() {
        let Some(cast) = ir.defining_op(init).filter(|&d| named(ir, d, &TENSOR_CAST) && ir.num_operands(d) == 1) else {
            continue;
        };
        let src = ir.operand(cast, 0);
        let (old_ty, new_ty) = (ir.value_type(init), ir.value_type(src));
        if old_ty == new_ty || !crate::tensor::preserves_static_information(ir.ctx(), old_ty, new_ty) {
            continue;
        }
        if !ir.has_one_use(ir.result(op, i)) {
            continue;
        }
        found = Some((i, src, old_ty, new_ty));
        break;
    }
    let Some((i, src, old_ty, new_ty)) = found else { return false };
    let inits: Vec<ValueId> = ForOp(op).init_args(ir).to_vec();
    let loc = ir.op_loc(op);
    let mut new_inits = inits.clone();
    new_inits[i] = src;
    rw.set_insertion_point(InsertPoint::Before(op));
    let (new, new_block) = create_for(rw, op, &new_inits);
    let mut transfer: Vec<ValueId> = rw.ir().block_args(new_block).to_vec();
    rw.set_insertion_point(InsertPoint::BlockStart(new_block));
    let cast_in = build(rw, "tensor.cast", loc, &[transfer[1 + i]], &[old_ty], &[], 0);
    transfer[1 + i] = rw.ir().result(cast_in, 0);
    rw.merge_blocks(old_block, new_block, None, &transfer);
    let mut yielded: Vec<ValueId> = rw.ir().operands(old_yield).collect();
    rw.set_insertion_point(InsertPoint::Before(old_yield));
    let cast_out = build(rw, "tensor.cast", loc, &[yielded[i]], &[new_ty], &[], 0);
    yielded[i] = rw.ir().result(cast_out, 0);
    YieldOp::build(rw, loc, &yielded);
    rw.erase_op(old_yield);
    let mut new_results: Vec<ValueId> = rw.ir().results(new).collect();
    rw.set_insertion_point(InsertPoint::After(new));
    let cast_res = build(rw, "tensor.cast", loc, &[new_results[i]], &[old_ty], &[], 0);
    new_results[i] = rw.ir().result(cast_res, 0);
    rw.replace_op(op, &new_results);
    true
}

// ===== scf.if =========================================================================

/// `(then region, else region)`.
fn if_regions(ir: &Ir, op: OpId) -> Option<(RegionId, RegionId)> {
    let rs = ir.regions(op);
    if rs.len() != 2 || ir.num_operands(op) != 1 {
        return None;
    }
    Some((rs[0], rs[1]))
}

/// The yield of an `scf.if` region, when it is an `scf.yield` with one
/// operand per result.
fn if_yield(ir: &Ir, op: OpId, r: RegionId) -> Option<OpId> {
    let y = yield_of(ir, r)?;
    (YieldOp::matches(ir, y) && ir.num_operands(y) == ir.num_results(op)).then_some(y)
}

/// The regions and yields of an `scf.if` with results: `(then region, else
/// region, then yield, else yield)`.
fn if_with_yields(ir: &Ir, op: OpId) -> Option<(RegionId, RegionId, OpId, OpId)> {
    if ir.num_results(op) == 0 {
        return None;
    }
    let (then_r, else_r) = if_regions(ir, op)?;
    Some((then_r, else_r, if_yield(ir, op, then_r)?, if_yield(ir, op, else_r)?))
}

/// Builds `arith.select %cond, %t, %f` at the insertion point.
fn build_select(rw: &mut PatternRewriter<'_>, loc: Location, cond: ValueId, t: ValueId, f: ValueId) -> ValueId {
    let rt = rw.ir().value_type(t);
    let s = build(rw, "arith.select", loc, &[cond, t, f], &[rt], &[], 0);
    rw.ir().result(s, 0)
}

/// `arith.xori %x, %true`: returns `%x`.
fn not_of(ir: &Ir, v: ValueId) -> Option<ValueId> {
    let d = ir.defining_op(v)?;
    if !named(ir, d, &ARITH_XORI) || ir.num_operands(d) != 2 {
        return None;
    }
    let rhs = ir.operand(d, 1);
    let one = const_attr(ir, rhs).is_some_and(|a| is_all_ones(ir.ctx(), a, ir.value_type(rhs)));
    one.then(|| ir.operand(d, 0))
}

/// `m_One()` on an `i1` (or other integer) constant: value 1.
fn is_all_ones(ctx: &Context, a: Attribute, _ty: Type) -> bool {
    ctx.int_value(a) == Some(1) || matches!(ctx.attr_kind(a), ir::AttrKind::Bool(true))
}

pub(super) fn fold_if(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let Some((then_r, else_r)) = if_regions(ir, op) else { return FoldOutcome::Failure };
    if ir.region_is_empty(else_r) {
        return FoldOutcome::Failure;
    }
    let Some(x) = not_of(ir, IfOp(op).condition(ir)) else { return FoldOutcome::Failure };
    let slot = IfOp(op).condition_operand(ir);
    ir.set_use_value(slot, x);
    let then_blocks: Vec<BlockId> = ir.region_blocks(then_r).collect();
    let else_blocks: Vec<BlockId> = ir.region_blocks(else_r).collect();
    for &b in &then_blocks {
        ir.remove_block(b);
    }
    for &b in &else_blocks {
        ir.remove_block(b);
    }
    for b in else_blocks {
        ir.insert_block(then_r, b, None);
    }
    for b in then_blocks {
        ir.insert_block(else_r, b, None);
    }
    FoldOutcome::InPlace
}

pub(super) fn remove_unused_results(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((then_r, else_r)) = if_regions(ir, op) else { return false };
    if ir.results(op).all(|r| ir.has_uses(r)) {
        return false;
    }
    let used: Vec<usize> = (0..ir.num_results(op)).filter(|&i| ir.has_uses(ir.result(op, i))).collect();
    let (Some(tb), Some(eb)) = (block_of(ir, then_r), block_of(ir, else_r)) else { return false };
    let (Some(ty), Some(ey)) = (if_yield(ir, op, then_r), if_yield(ir, op, else_r)) else { return false };
    let types: Vec<Type> = used.iter().map(|&i| ir.value_type(ir.result(op, i))).collect();
    let cond = IfOp(op).condition(ir);
    let loc = ir.op_loc(op);
    rw.set_insertion_point(InsertPoint::Before(op));
    let new = IfOp::build(rw, loc, &types, cond, 1, 1);
    let (nt, ne) = (new.then_region(rw.ir()), new.else_region(rw.ir()));
    let ntb = rw.create_block(nt, &[], &[]);
    let neb = rw.create_block(ne, &[], &[]);
    for (src, dst, y) in [(tb, ntb, ty), (eb, neb, ey)] {
        rw.merge_blocks(src, dst, None, &[]);
        let vals: Vec<ValueId> = used.iter().map(|&i| rw.ir().operand(y, i)).collect();
        rw.modify_in_place(y, |ir| ir.set_operands(y, &vals));
    }
    let new_results: Vec<ValueId> = new.results(rw.ir()).collect();
    let mut reps: Vec<ValueId> = rw.ir().results(op).collect();
    for (k, &i) in used.iter().enumerate() {
        reps[i] = new_results[k];
    }
    rw.replace_op(op, &reps);
    true
}

pub(super) fn remove_static_condition(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((then_r, else_r)) = if_regions(ir, op) else { return false };
    let Some(a) = const_attr(ir, IfOp(op).condition(ir)) else { return false };
    let c = match ir.ctx().attr_kind(a) {
        ir::AttrKind::Bool(b) => *b,
        _ => return false,
    };
    if c {
        replace_op_with_region(rw, op, then_r, &[]);
    } else if !ir.region_is_empty(else_r) {
        replace_op_with_region(rw, op, else_r, &[]);
    } else {
        rw.erase_op(op);
    }
    true
}

pub(super) fn convert_trivial_if_to_select(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((then_r, else_r, ty, ey)) = if_with_yields(ir, op) else { return false };
    let inside = |t: ValueId, f: ValueId| value_region(ir, t) == Some(then_r) || value_region(ir, f) == Some(else_r);
    // Every yielded pair defined inside is the common case: decide it
    // without allocating.
    if ir.operands(ty).zip(ir.operands(ey)).all(|(t, f)| inside(t, f)) {
        return false;
    }
    let tvals: Vec<ValueId> = ir.operands(ty).collect();
    let fvals: Vec<ValueId> = ir.operands(ey).collect();
    let non_hoistable: Vec<Type> =
        tvals.iter().zip(&fvals).filter(|(&t, &f)| inside(t, f)).map(|(&t, _)| ir.value_type(t)).collect();
    if non_hoistable.len() == ir.num_results(op) {
        return false;
    }
    let kinds: Vec<bool> = tvals.iter().zip(&fvals).map(|(&t, &f)| inside(t, f)).collect();
    let cond = IfOp(op).condition(ir);
    let loc = ir.op_loc(op);
    rw.set_insertion_point(InsertPoint::Before(op));
    let new = IfOp::build(rw, loc, &non_hoistable, cond, 1, 1);
    let (nt, ne) = (new.then_region(rw.ir()), new.else_region(rw.ir()));
    rw.inline_region_before(then_r, nt, None);
    rw.inline_region_before(else_r, ne, None);
    let new_results: Vec<ValueId> = new.results(rw.ir()).collect();
    let mut results = Vec::with_capacity(tvals.len());
    let (mut ty_keep, mut fy_keep) = (Vec::new(), Vec::new());
    rw.set_insertion_point(InsertPoint::Before(new.0));
    for (i, (&t, &f)) in tvals.iter().zip(&fvals).enumerate() {
        if kinds[i] {
            results.push(new_results[ty_keep.len()]);
            ty_keep.push(t);
            fy_keep.push(f);
        } else if t == f {
            results.push(t);
        } else {
            results.push(build_select(rw, loc, cond, t, f));
        }
    }
    replace_yield(rw, ty, &ty_keep);
    replace_yield(rw, ey, &fy_keep);
    rw.replace_op(op, &results);
    true
}

pub(super) fn condition_propagation(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((then_r, else_r)) = if_regions(ir, op) else { return false };
    let cond = IfOp(op).condition(ir);
    if const_attr(ir, cond).is_some() {
        return false;
    }
    let loc = ir.op_loc(op);
    let uses = nested_uses(ir, op, cond);
    let mut t: Option<ValueId> = None;
    let mut f: Option<ValueId> = None;
    let mut changed = false;
    for u in uses {
        let owner = rw.ir().use_owner(u);
        let in_then = rw.ir().region_contains(then_r, owner);
        let in_else = !in_then && rw.ir().region_contains(else_r, owner);
        if !in_then && !in_else {
            continue;
        }
        changed = true;
        let slot = if in_then { &mut t } else { &mut f };
        let c = match *slot {
            Some(c) => c,
            None => {
                rw.set_insertion_point(InsertPoint::Before(op));
                let c = build_bool(rw, loc, in_then);
                *slot = Some(c);
                c
            }
        };
        rw.modify_in_place(owner, |ir| ir.set_use_value(u, c));
    }
    changed
}

/// The uses of `cond` by ops other than `op` that may be nested in `op`,
/// found the cheaper way: from the condition's use list (upstream's way),
/// or, when `op` holds fewer ops than `cond` has uses, by walking `op` (the
/// uses then come in use-list order for IR built in order: the reverse of
/// the walk's). A condition shared by many sibling `scf.if`s (the lowered
/// deallocations of a function make thousands) would otherwise make the
/// pattern quadratic: each `if` scanned every use.
fn nested_uses(ir: &Ir, op: OpId, cond: ValueId) -> Vec<ir::OperandId> {
    let mut cap = 16usize;
    loop {
        if ir.uses(cond).take(cap + 1).count() <= cap {
            return ir.uses(cond).filter(|&u| ir.use_owner(u) != op).collect();
        }
        let mut seen = 0usize;
        let small = ir.walk_pre(op, |_| {
            seen += 1;
            if seen > cap {
                WalkResult::Interrupt
            } else {
                WalkResult::Advance
            }
        });
        if small {
            let mut found = Vec::new();
            ir.walk_pre(op, |o| {
                if o != op {
                    let ids = ir.operand_ids(o);
                    found.extend(ir.operands(o).zip(ids).filter(|&(v, _)| v == cond).map(|(_, &u)| u));
                }
                WalkResult::Advance
            });
            found.reverse();
            return found;
        }
        cap = cap.saturating_mul(4);
    }
}

pub(super) fn replace_if_yield_with_condition_or_value(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((_, _, ty, ey)) = if_with_yields(ir, op) else { return false };
    let as_bool = |ir: &Ir, v: ValueId| {
        const_attr(ir, v).and_then(|a| match ir.ctx().attr_kind(a) {
            ir::AttrKind::Bool(b) => Some(*b),
            _ => None,
        })
    };
    // Only a used result yielding one value, or two boolean constants, can
    // change: decide that without allocating.
    let candidate = |i: usize| {
        let (t, f) = (ir.operand(ty, i), ir.operand(ey, i));
        ir.has_uses(ir.result(op, i)) && (t == f || (as_bool(ir, t).is_some() && as_bool(ir, f).is_some()))
    };
    if !(0..ir.num_results(op)).any(candidate) {
        return false;
    }
    let tvals: Vec<ValueId> = ir.operands(ty).collect();
    let fvals: Vec<ValueId> = ir.operands(ey).collect();
    let results: Vec<ValueId> = ir.results(op).collect();
    let cond = IfOp(op).condition(ir);
    let loc = ir.op_loc(op);
    let mut changed = false;
    for i in 0..results.len() {
        let (t, f, r) = (tvals[i], fvals[i], results[i]);
        if t == f {
            if rw.ir().has_uses(r) {
                rw.replace_all_uses(r, t);
                changed = true;
            }
            continue;
        }
        let (Some(tv), Some(fv)) = (as_bool(rw.ir(), t), as_bool(rw.ir(), f)) else { continue };
        if !tv && fv && rw.ir().has_uses(r) {
            rw.set_insertion_point(InsertPoint::Before(op));
            let one = build_bool(rw, loc, true);
            let i1 = rw.ir().ctx().i1_ty();
            let x = build(rw, "arith.xori", loc, &[cond, one], &[i1], &[], 0);
            let xv = rw.ir().result(x, 0);
            rw.replace_all_uses(r, xv);
            changed = true;
        }
        if tv && !fv && rw.ir().has_uses(r) {
            rw.replace_all_uses(r, cond);
            changed = true;
        }
    }
    changed
}

/// Moves the entry block of region `src` to the end of region `dst`'s and
/// replaces their two terminators by one `scf.yield` of both operand lists
/// (`dst`'s first), at the location of `src`'s. False when a block or a
/// terminator is missing.
fn merge_yielding_blocks(rw: &mut PatternRewriter<'_>, dst: RegionId, src: RegionId) -> bool {
    let (Some(cb), Some(nb)) = (rw.ir().entry_block(dst), rw.ir().entry_block(src)) else { return false };
    let (Some(y1), Some(y2)) = (rw.ir().last_op(cb), rw.ir().last_op(nb)) else { return false };
    rw.merge_blocks(nb, cb, None, &[]);
    let mut vals: Vec<ValueId> = rw.ir().operands(y1).collect();
    vals.extend(rw.ir().operands(y2));
    let y2loc = rw.ir().op_loc(y2);
    rw.set_insertion_point(InsertPoint::BlockEnd(cb));
    YieldOp::build(rw, y2loc, &vals);
    rw.erase_op(y1);
    rw.erase_op(y2);
    true
}

pub(super) fn combine_ifs(next: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(prev) = ir.prev_op(next) else { return false };
    if !IfOp::matches(ir, prev) {
        return false;
    }
    let (Some((next_then_r, next_else_r)), Some((prev_then_r, prev_else_r))) =
        (if_regions(ir, next), if_regions(ir, prev))
    else {
        return false;
    };
    let (nc, pc) = (IfOp(next).condition(ir), IfOp(prev).condition(ir));
    let mut next_then: Option<RegionId> = None;
    let mut next_else: Option<RegionId> = None;
    let next_has_else = !ir.region_is_empty(next_else_r);
    if nc == pc {
        next_then = Some(next_then_r);
        if next_has_else {
            next_else = Some(next_else_r);
        }
    }
    if not_of(ir, nc) == Some(pc) || not_of(ir, pc) == Some(nc) {
        next_else = Some(next_then_r);
        next_then = if next_has_else { Some(next_else_r) } else { None };
    }
    if next_then.is_none() && next_else.is_none() {
        return false;
    }
    let Some(prev_then_y) = if_yield(ir, prev, prev_then_r) else { return false };
    let prev_else_y = if ir.region_is_empty(prev_else_r) { None } else { if_yield(ir, prev, prev_else_r) };
    if !ir.region_is_empty(prev_else_r) && prev_else_y.is_none() {
        return false;
    }
    for r in [next_then, next_else].into_iter().flatten() {
        if if_yield(ir, next, r).is_none() {
            return false;
        }
    }
    // Uses of prev's results inside next's regions see the yielded values.
    let prev_results: Vec<ValueId> = ir.results(prev).collect();
    let then_vals: Vec<ValueId> = ir.operands(prev_then_y).collect();
    let else_vals: Vec<ValueId> = prev_else_y.map(|y| ir.operands(y).collect()).unwrap_or_default();
    for (i, &res) in prev_results.iter().enumerate() {
        if i >= else_vals.len() {
            break;
        }
        let uses: Vec<ir::OperandId> = rw.ir().uses(res).collect();
        for u in uses {
            let owner = rw.ir().use_owner(u);
            if next_then.is_some_and(|r| rw.ir().region_contains(r, owner)) {
                let v = then_vals[i];
                rw.modify_in_place(owner, |ir| ir.set_use_value(u, v));
            } else if next_else.is_some_and(|r| rw.ir().region_contains(r, owner)) {
                let v = else_vals[i];
                rw.modify_in_place(owner, |ir| ir.set_use_value(u, v));
            }
        }
    }
    let ir = rw.ir();
    let mut types: Vec<Type> = ir.result_types(next).to_vec();
    let prev_types: Vec<Type> = ir.result_types(prev).to_vec();
    types.splice(0..0, prev_types);
    let loc = ir.op_loc(next);
    let n_prev = ir.num_results(prev);
    rw.set_insertion_point(InsertPoint::Before(next));
    let combined = IfOp::build(rw, loc, &types, pc, 1, 1);
    let (ct, ce) = (combined.then_region(rw.ir()), combined.else_region(rw.ir()));
    rw.inline_region_before(prev_then_r, ct, None);
    if let Some(nt) = next_then {
        if !merge_yielding_blocks(rw, ct, nt) {
            return true;
        }
    }
    rw.inline_region_before(prev_else_r, ce, None);
    if let Some(ne) = next_else {
        if rw.ir().region_is_empty(ce) {
            rw.inline_region_before(ne, ce, None);
        } else if !merge_yielding_blocks(rw, ce, ne) {
            return true;
        }
    }
    let all: Vec<ValueId> = combined.results(rw.ir()).collect();
    rw.replace_op(prev, &all[..n_prev]);
    rw.replace_op(next, &all[n_prev..]);
    true
}

pub(super) fn remove_empty_else_branch(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_results(op) != 0 {
        return false;
    }
    let Some((then_r, else_r)) = if_regions(ir, op) else { return false };
    let Some(eb) = block_of(ir, else_r) else { return false };
    if ir.first_op(eb).is_none() || ir.first_op(eb) != ir.last_op(eb) {
        return false;
    }
    let cond = IfOp(op).condition(ir);
    let loc = ir.op_loc(op);
    let attrs: Vec<NamedAttr> = ir.attrs(op).to_vec();
    rw.set_insertion_point(InsertPoint::Before(op));
    let new = IfOp::build(rw, loc, &[], cond, 1, 1);
    if !attrs.is_empty() {
        rw.modify_in_place(new.0, |ir| ir.set_attrs(new.0, &attrs));
    }
    let nt = new.then_region(rw.ir());
    rw.inline_region_before(then_r, nt, None);
    rw.erase_op(op);
    true
}

pub(super) fn combine_nested_ifs(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((then_r, else_r)) = if_regions(ir, op) else { return false };
    let Some(tb) = block_of(ir, then_r) else { return false };
    // The then block must be exactly a nested `scf.if` and the yield: the
    // cheap shape test first, the yield's checks after.
    let Some(nested) = ir.first_op(tb) else { return false };
    if ir.next_op(nested) != ir.last_op(tb) || !IfOp::matches(ir, nested) {
        return false;
    }
    let Some(ty) = if_yield(ir, op, then_r) else { return false };
    if ir.next_op(nested) != Some(ty) {
        return false;
    }
    let has_else = !ir.region_is_empty(else_r);
    let single =
        |r: RegionId| block_of(ir, r).is_some_and(|b| ir.first_op(b).is_some() && ir.first_op(b) == ir.last_op(b));
    if has_else && !single(else_r) {
        return false;
    }
    let Some((nt_r, ne_r)) = if_regions(ir, nested) else { return false };
    let nested_has_else = !ir.region_is_empty(ne_r);
    if nested_has_else && !single(ne_r) {
        return false;
    }
    let Some(nty) = if_yield(ir, nested, nt_r) else { return false };
    let ney = if nested_has_else { if_yield(ir, nested, ne_r) } else { None };
    let mut then_yield: Vec<ValueId> = ir.operands(ty).collect();
    let else_yield: Vec<ValueId> = if has_else {
        match if_yield(ir, op, else_r) {
            Some(y) => ir.operands(y).collect(),
            None => return false,
        }
    } else {
        Vec::new()
    };
    let mut upgrade: Vec<usize> = Vec::new();
    for (i, slot) in then_yield.iter_mut().enumerate() {
        let v = *slot;
        if ir.defining_op(v) == Some(nested) {
            let Some(idx) = ir.results(nested).position(|r| r == v) else { return false };
            let Some(ney) = ney else { return false };
            if else_yield.get(i) != Some(&ir.operand(ney, idx)) {
                return false;
            }
            *slot = ir.operand(nty, idx);
            continue;
        }
        if value_region(ir, v) == Some(then_r) {
            return false;
        }
        upgrade.push(i);
    }
    let Some(ntb) = block_of(ir, nt_r) else { return false };
    let loc = ir.op_loc(op);
    let (c0, c1) = (IfOp(op).condition(ir), IfOp(nested).condition(ir));
    let types: Vec<Type> = ir.result_types(op).to_vec();
    let i1 = ir.ctx().i1_ty();
    rw.set_insertion_point(InsertPoint::Before(op));
    let and = build(rw, "arith.andi", loc, &[c0, c1], &[i1], &[], 0);
    let cond = rw.ir().result(and, 0);
    let new = IfOp::build(rw, loc, &types, cond, 1, 1);
    let (new_t, new_e) = (new.then_region(rw.ir()), new.else_region(rw.ir()));
    let new_tb = rw.create_block(new_t, &[], &[]);
    let mut results: Vec<ValueId> = new.results(rw.ir()).collect();
    rw.set_insertion_point(InsertPoint::Before(new.0));
    for &i in &upgrade {
        results[i] = build_select(rw, loc, c0, then_yield[i], else_yield[i]);
    }
    rw.merge_blocks(ntb, new_tb, None, &[]);
    if let Some(y) = rw.ir().last_op(new_tb) {
        replace_yield(rw, y, &then_yield);
    }
    if !else_yield.is_empty() {
        let eb = rw.create_block(new_e, &[], &[]);
        rw.set_insertion_point(InsertPoint::BlockEnd(eb));
        YieldOp::build(rw, loc, &else_yield);
    }
    rw.replace_op(op, &results);
    true
}

// ===== scf.while ======================================================================

/// `(before block, after block, scf.condition, scf.yield)` of a well-formed
/// `scf.while`.
fn while_parts(ir: &Ir, op: OpId) -> Option<(BlockId, BlockId, OpId, OpId)> {
    let rs = ir.regions(op);
    if rs.len() != 2 {
        return None;
    }
    let (before, after) = (ir.entry_block(rs[0])?, ir.entry_block(rs[1])?);
    let (cond, yield_) = (ir.last_op(before)?, ir.last_op(after)?);
    if !ConditionOp::matches(ir, cond) || ir.num_operands(cond) == 0 || !YieldOp::matches(ir, yield_) {
        return None;
    }
    let n_res = ir.num_results(op);
    if ir.num_operands(cond) != n_res + 1 || ir.block_args(after).len() != n_res {
        return None;
    }
    if ir.block_args(before).len() != ir.num_operands(op) || ir.num_operands(yield_) != ir.num_operands(op) {
        return None;
    }
    Some((before, after, cond, yield_))
}

/// Replaces `scf.condition` `old` by one forwarding `args`.
fn replace_condition(rw: &mut PatternRewriter<'_>, old: OpId, args: &[ValueId]) {
    let ir = rw.ir();
    let loc = ir.op_loc(old);
    let condition = ConditionOp(old).condition(ir);
    rw.set_insertion_point(InsertPoint::Before(old));
    ConditionOp::build(rw, loc, condition, args);
    rw.erase_op(old);
}

/// Creates `scf.while` with `inits` and result types `types` before `old`,
/// with empty regions; with `blocks`, also the before block (one argument
/// per init) and the after block (one per result).
fn create_while(
    rw: &mut PatternRewriter<'_>,
    old: OpId,
    types: &[Type],
    inits: &[ValueId],
    blocks: bool,
) -> (WhileOp, Option<(BlockId, BlockId)>) {
    let loc = insert_before(rw, old);
    let new = WhileOp::build(rw, loc, types, inits, 1, 1);
    if !blocks {
        return (new, None);
    }
    let init_types: Vec<Type> = inits.iter().map(|&v| rw.ir().value_type(v)).collect();
    let (r0, r1) = (new.before(rw.ir()), new.after(rw.ir()));
    let b0 = rw.create_block(r0, &init_types, &vec![loc; init_types.len()]);
    let b1 = rw.create_block(r1, types, &vec![loc; types.len()]);
    (new, Some((b0, b1)))
}

pub(super) fn while_condition_truth(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((_, after, cond, _)) = while_parts(ir, op) else { return false };
    let c = ConditionOp(cond).condition(ir);
    let args: Vec<ValueId> = ConditionOp(cond).args(ir).to_vec();
    let after_args: Vec<ValueId> = ir.block_args(after).to_vec();
    let cty = ir.value_type(c);
    let loc = ir.op_loc(op);
    let mut truth: Option<ValueId> = None;
    let mut replaced = false;
    for (a, arg) in args.into_iter().zip(after_args) {
        if a != c || !rw.ir().has_uses(arg) {
            continue;
        }
        let t = match truth {
            Some(t) => t,
            None => {
                rw.set_insertion_point(InsertPoint::Before(op));
                let attr = rw.ir().ctx().bool_attr(true);
                let t = build_constant(rw, loc, attr, cty);
                truth = Some(t);
                t
            }
        };
        rw.replace_all_uses(arg, t);
        replaced = true;
    }
    replaced
}

pub(super) fn while_cmp_cond(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((_, after, cond, _)) = while_parts(ir, op) else { return false };
    let cmp = ir.defining_op(ConditionOp(cond).condition(ir)).filter(|&d| ir.is_op(d, "arith.cmpi"));
    let Some(cmp) = cmp else { return false };
    if ir.num_operands(cmp) != 2 {
        return false;
    }
    let ctx = ir.ctx();
    let Some(pred) = ir.attr(cmp, "predicate").and_then(|a| ctx.int_value(a)) else { return false };
    let Some(inverted) = CmpIPredicate::from_value(pred).map(|p| p.inverted() as i128) else { return false };
    let cmp_ops = [ir.operand(cmp, 0), ir.operand(cmp, 1)];
    let args: Vec<ValueId> = ConditionOp(cond).args(ir).to_vec();
    let after_args: Vec<ValueId> = ir.block_args(after).to_vec();
    let mut changed = false;
    for (a, arg) in args.into_iter().zip(after_args) {
        for idx in 0..2 {
            if a != cmp_ops[idx] {
                continue;
            }
            let users: Vec<OpId> = rw.ir().users(arg).collect();
            for u in users {
                let ir = rw.ir();
                if !ir.is_alive(u) || !ir.is_op(u, "arith.cmpi") || ir.num_operands(u) != 2 {
                    continue;
                }
                if ir.operand(u, 1 - idx) != cmp_ops[1 - idx] {
                    continue;
                }
                let Some(p2) = ir.attr(u, "predicate").and_then(|a| ir.ctx().int_value(a)) else { continue };
                let same = if p2 == pred {
                    true
                } else if p2 == inverted {
                    false
                } else {
                    continue;
                };
                // `replaceOpWithNewOp` builds at the pattern's insertion
                // point: before the `scf.while`.
                let loc = ir.op_loc(u);
                let ty = ir.value_type(ir.result(u, 0));
                let attr = ir.ctx().int_attr(ty, i128::from(same));
                rw.set_insertion_point(InsertPoint::Before(op));
                let c = build_constant(rw, loc, attr, ty);
                rw.replace_op(u, &[c]);
                changed = true;
            }
        }
    }
    changed
}

pub(super) fn while_unused_result(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((_, after, cond, _)) = while_parts(ir, op) else { return false };
    let results: Vec<ValueId> = ir.results(op).collect();
    let after_args: Vec<ValueId> = ir.block_args(after).to_vec();
    let term_args: Vec<ValueId> = ConditionOp(cond).args(ir).to_vec();
    let keep: Vec<usize> =
        (0..results.len()).filter(|&i| ir.has_uses(results[i]) || ir.has_uses(after_args[i])).collect();
    if keep.len() == results.len() {
        return false;
    }
    let types: Vec<Type> = keep.iter().map(|&i| ir.value_type(results[i])).collect();
    let locs: Vec<Location> = keep.iter().map(|&i| ir.value_loc(results[i])).collect();
    let inits: Vec<ValueId> = ir.operands(op).collect();
    let new_term: Vec<ValueId> = keep.iter().map(|&i| term_args[i]).collect();
    replace_condition(rw, cond, &new_term);
    let (new, _) = create_while(rw, op, &types, &inits, false);
    let (nb, na) = (new.before(rw.ir()), new.after(rw.ir()));
    let new_after = rw.create_block(na, &types, &locs);
    let new_results: Vec<ValueId> = new.results(rw.ir()).collect();
    let new_args: Vec<ValueId> = rw.ir().block_args(new_after).to_vec();
    let mut res_map = results.clone();
    let mut arg_map = after_args.clone();
    for (k, &i) in keep.iter().enumerate() {
        res_map[i] = new_results[k];
        arg_map[i] = new_args[k];
    }
    let before_region = rw.ir().region(op, 0);
    rw.inline_region_before(before_region, nb, None);
    rw.merge_blocks(after, new_after, None, &arg_map);
    rw.replace_op(op, &res_map);
    true
}

pub(super) fn while_remove_duplicated_results(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((before, after, cond, _)) = while_parts(ir, op) else { return false };
    let args: Vec<ValueId> = ConditionOp(cond).args(ir).to_vec();
    let mut unique: Vec<ValueId> = Vec::new();
    let mut pos: Vec<usize> = Vec::with_capacity(args.len());
    for &a in &args {
        match unique.iter().position(|&u| u == a) {
            Some(p) => pos.push(p),
            None => {
                pos.push(unique.len());
                unique.push(a);
            }
        }
    }
    if unique.len() == args.len() {
        return false;
    }
    let types: Vec<Type> = unique.iter().map(|&v| ir.value_type(v)).collect();
    let inits: Vec<ValueId> = ir.operands(op).collect();
    let (new, blocks) = create_while(rw, op, &types, &inits, true);
    let Some((nb, na)) = blocks else { return false };
    let new_after_args: Vec<ValueId> = rw.ir().block_args(na).to_vec();
    let new_results: Vec<ValueId> = new.results(rw.ir()).collect();
    let after_map: Vec<ValueId> = pos.iter().map(|&p| new_after_args[p]).collect();
    let result_map: Vec<ValueId> = pos.iter().map(|&p| new_results[p]).collect();
    replace_condition(rw, cond, &unique);
    let before_args: Vec<ValueId> = rw.ir().block_args(nb).to_vec();
    rw.merge_blocks(before, nb, None, &before_args);
    rw.merge_blocks(after, na, None, &after_map);
    rw.replace_op(op, &result_map);
    true
}

pub(super) fn while_remove_unused_args(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((before, after, _, yield_)) = while_parts(ir, op) else { return false };
    let before_args: Vec<ValueId> = ir.block_args(before).to_vec();
    if !before_args.iter().any(|&a| !ir.has_uses(a)) {
        return false;
    }
    let yields: Vec<ValueId> = ir.operands(yield_).collect();
    let inits: Vec<ValueId> = ir.operands(op).collect();
    let keep: Vec<usize> = (0..before_args.len()).filter(|&i| ir.has_uses(before_args[i])).collect();
    let new_yields: Vec<ValueId> = keep.iter().map(|&i| yields[i]).collect();
    let new_inits: Vec<ValueId> = keep.iter().map(|&i| inits[i]).collect();
    let types: Vec<Type> = ir.result_types(op).to_vec();
    for i in (0..before_args.len()).rev() {
        if !keep.contains(&i) {
            rw.erase_block_arg(before, i);
        }
    }
    let (new, blocks) = create_while(rw, op, &types, &new_inits, true);
    let Some((nb, na)) = blocks else { return false };
    let yloc = insert_before(rw, yield_);
    YieldOp::build(rw, yloc, &new_yields);
    rw.erase_op(yield_);
    let nb_args: Vec<ValueId> = rw.ir().block_args(nb).to_vec();
    let na_args: Vec<ValueId> = rw.ir().block_args(na).to_vec();
    rw.merge_blocks(before, nb, None, &nb_args);
    rw.merge_blocks(after, na, None, &na_args);
    let results: Vec<ValueId> = new.results(rw.ir()).collect();
    rw.replace_op(op, &results);
    true
}

pub(super) fn while_remove_invariant_value_yielded(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((before, after, cond, _)) = while_parts(ir, op) else { return false };
    let args: Vec<ValueId> = ConditionOp(cond).args(ir).to_vec();
    let invariant: Vec<bool> = args.iter().map(|&a| ir.value_block(a) != Some(before)).collect();
    if !invariant.iter().any(|&b| b) {
        return false;
    }
    let after_args: Vec<ValueId> = ir.block_args(after).to_vec();
    let kept: Vec<ValueId> = args.iter().zip(&invariant).filter(|(_, &inv)| !inv).map(|(&a, _)| a).collect();
    let types: Vec<Type> = kept.iter().map(|&v| ir.value_type(v)).collect();
    let locs: Vec<Location> = (0..args.len()).filter(|&i| !invariant[i]).map(|i| ir.value_loc(after_args[i])).collect();
    let inits: Vec<ValueId> = ir.operands(op).collect();
    replace_condition(rw, cond, &kept);
    let (new, _) = create_while(rw, op, &types, &inits, false);
    let (nb, na) = (new.before(rw.ir()), new.after(rw.ir()));
    let new_after = rw.create_block(na, &types, &locs);
    let new_args: Vec<ValueId> = rw.ir().block_args(new_after).to_vec();
    let new_results: Vec<ValueId> = new.results(rw.ir()).collect();
    let (mut arg_map, mut res_map) = (Vec::with_capacity(args.len()), Vec::with_capacity(args.len()));
    let mut j = 0;
    for (i, &a) in args.iter().enumerate() {
        if invariant[i] {
            arg_map.push(a);
            res_map.push(a);
        } else {
            arg_map.push(new_args[j]);
            res_map.push(new_results[j]);
            j += 1;
        }
    }
    rw.merge_blocks(after, new_after, None, &arg_map);
    let before_region = rw.ir().region(op, 0);
    rw.inline_region_before(before_region, nb, None);
    rw.replace_op(op, &res_map);
    true
}

pub(super) fn while_align_before_args(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((before, after, cond, _)) = while_parts(ir, op) else { return false };
    let before_args: Vec<ValueId> = ir.block_args(before).to_vec();
    let term_args: Vec<ValueId> = ConditionOp(cond).args(ir).to_vec();
    if before_args == term_args || before_args.len() != term_args.len() {
        return false;
    }
    if term_args.iter().enumerate().any(|(i, a)| term_args[..i].contains(a)) {
        return false;
    }
    // mapping[j] = i where term_args[i] == before_args[j].
    let mut mapping = vec![0usize; term_args.len()];
    for (i, a) in term_args.iter().enumerate() {
        let Some(j) = before_args.iter().position(|b| b == a) else { return false };
        mapping[j] = i;
    }
    let mut types: Vec<Type> = vec![ir.value_type(before_args[0]); before_args.len()];
    for (j, &i) in mapping.iter().enumerate() {
        types[j] = ir.value_type(ir.result(op, i));
    }
    let inits: Vec<ValueId> = ir.operands(op).collect();
    replace_condition(rw, cond, &before_args);
    let (new, blocks) = create_while(rw, op, &types, &inits, true);
    let Some((nb, na)) = blocks else { return false };
    let na_args: Vec<ValueId> = rw.ir().block_args(na).to_vec();
    let new_results_all: Vec<ValueId> = new.results(rw.ir()).collect();
    let mut new_results = vec![new_results_all[0]; before_args.len()];
    let mut new_after_args = vec![na_args[0]; before_args.len()];
    for (j, &i) in mapping.iter().enumerate() {
        new_results[i] = new_results_all[j];
        new_after_args[i] = na_args[j];
    }
    let nb_args: Vec<ValueId> = rw.ir().block_args(nb).to_vec();
    let (first_b, first_a) = (rw.ir().first_op(nb), rw.ir().first_op(na));
    rw.merge_blocks(before, nb, first_b, &nb_args);
    rw.merge_blocks(after, na, first_a, &new_after_args);
    rw.replace_op(op, &new_results);
    true
}

pub(super) fn while_remove_invariant_before_args(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((before, after, cond, yield_)) = while_parts(ir, op) else { return false };
    let before_args: Vec<ValueId> = ir.block_args(before).to_vec();
    let cond_args: Vec<ValueId> = ConditionOp(cond).args(ir).to_vec();
    let inits: Vec<ValueId> = ir.operands(op).collect();
    let yields: Vec<ValueId> = ir.operands(yield_).collect();
    // The i-th before argument is invariant when the loop feeds it its
    // init value again, directly or through the after block's arguments.
    let invariant = |i: usize| -> bool {
        let (init, y) = (inits[i], yields[i]);
        if y == init {
            return true;
        }
        match ir.value_def(y) {
            ir::ValueDef::BlockArg { block, index } if block == after => {
                cond_args.get(index as usize).is_some_and(|&c| c == before_args[i] || c == init)
            }
            _ => false,
        }
    };
    let inv: Vec<bool> = (0..inits.len()).map(invariant).collect();
    if !inv.iter().any(|&b| b) {
        return false;
    }
    let new_inits: Vec<ValueId> = (0..inits.len()).filter(|&i| !inv[i]).map(|i| inits[i]).collect();
    let new_yields: Vec<ValueId> = (0..inits.len()).filter(|&i| !inv[i]).map(|i| yields[i]).collect();
    let types: Vec<Type> = new_yields.iter().map(|&v| ir.value_type(v)).collect();
    let locs: Vec<Location> = (0..inits.len()).filter(|&i| !inv[i]).map(|i| ir.value_loc(before_args[i])).collect();
    let result_types: Vec<Type> = ir.result_types(op).to_vec();
    let yloc = ir.op_loc(yield_);
    rw.set_insertion_point(InsertPoint::Before(yield_));
    YieldOp::build(rw, yloc, &new_yields);
    rw.erase_op(yield_);
    let (new, _) = create_while(rw, op, &result_types, &new_inits, false);
    let (nb, na) = (new.before(rw.ir()), new.after(rw.ir()));
    let new_before = rw.create_block(nb, &types, &locs);
    let nb_args: Vec<ValueId> = rw.ir().block_args(new_before).to_vec();
    let mut j = 0;
    let mut map = Vec::with_capacity(inits.len());
    for (i, &init) in inits.iter().enumerate() {
        if inv[i] {
            map.push(init);
        } else {
            map.push(nb_args[j]);
            j += 1;
        }
    }
    rw.merge_blocks(before, new_before, None, &map);
    let after_region = rw.ir().region(op, 1);
    rw.inline_region_before(after_region, na, None);
    let results: Vec<ValueId> = new.results(rw.ir()).collect();
    rw.replace_op(op, &results);
    true
}

/// `FoldConstantCase` (`scf.index_switch`): a switch on a constant is the
/// body of the case with that value (the default region when none has it),
/// inlined before the switch; its yielded values replace the results.
pub(super) fn index_switch_constant_case(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 1 || ir.regions(op).is_empty() {
        return false;
    }
    let switch = IndexSwitchOp(op);
    let Some(value) = const_int(ir, switch.arg(ir)) else { return false };
    let cases = switch.cases(ir);
    let case_regions = switch.case_regions(ir).to_vec();
    let region = match cases.iter().position(|&c| i128::from(c) == value) {
        Some(i) if i < case_regions.len() => case_regions[i],
        _ => ir.region(op, 0),
    };
    if yield_of(ir, region).is_none() {
        return false;
    }
    replace_op_with_region(rw, op, region, &[]);
    true
}
