//! The verifiers of `scf.for`, `scf.if`, `scf.while`, `scf.execute_region`
//! and `scf.yield`, with upstream's wording: the ODS constraints checked on
//! entry, and the region checks run once the nested ops are verified
//! (MLIR's `RegionBranchOpInterface` and `LoopLikeOpInterface` verifiers,
//! then `ForOp::verifyRegions`).

use super::ops::{ConditionOp, ExecuteRegionOp, ForOp, IfOp, IndexSwitchOp, WhileOp, YieldOp};
use crate::util::check_num_regions;
use ir::interfaces::{RegionBranch, RegionSuccessor, RegionTerminator};
use ir::{Context, Diagnostic, Ir, OpId, RegionId, Type, ValueId};
use smallvec::SmallVec;

/// `scf.for` on entry: upstream's ODS invariants (signless integer or index
/// bounds, one region of at most one block, `AllTypesMatch`) and
/// `ForOp::verify`. The body is checked after the nested ops
/// ([`verify_for_body`]).
pub(super) fn verify_for(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let n = ir.num_operands(op);
    if n < 3 {
        return Err(Diagnostic::error(ir.op_loc(op), "'scf.for' op expected at least 3 operands"));
    }
    for i in 0..3 {
        let t = ir.value_type(ir.operand(op, i));
        let ok = match ctx.kind(t) {
            ir::TypeKind::Integer { signedness, .. } => *signedness == ir::Signedness::Signless,
            ir::TypeKind::Index => true,
            _ => false,
        };
        if !ok {
            return Err(Diagnostic::error(
                ir.op_loc(op),
                format!("'scf.for' op operand #{i} must be signless integer or index, but got {}", quoted(ctx, t)),
            ));
        }
    }
    if ir.regions(op).len() != 1 {
        return Err(Diagnostic::error(ir.op_loc(op), "'scf.for' op requires one region"));
    }
    if ir.region_blocks(ir.region(op, 0)).nth(1).is_some() {
        return Err(Diagnostic::error(ir.op_loc(op), "'scf.for' op expects region #0 to have 0 or 1 blocks"));
    }
    let for_op = ForOp(op);
    let bounds = [for_op.lower_bound(ir), for_op.upper_bound(ir), for_op.step(ir)];
    let iv_ty = ir.value_type(bounds[0]);
    if bounds.iter().any(|&b| ir.value_type(b) != iv_ty) {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            "'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type",
        ));
    }
    if for_op.init_args(ir).len() != ir.num_results(op) {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            "'scf.for' op mismatch in number of loop-carried values and defined values",
        ));
    }
    Ok(())
}

/// `scf.for` after the nested ops: the loop and region-branch interface
/// checks, then `ForOp::verifyRegions`.
pub(super) fn verify_for_body(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let for_op = ForOp(op);
    let body = for_op.region(ir);
    let Some(entry) = ir.entry_block(body) else {
        return Err(Diagnostic::error(ir.op_loc(op), "'scf.for' op expects a non-empty body"));
    };
    if ir.block_args(entry).is_empty() {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            "'scf.for' op expected induction variable to be same type as bounds and step",
        ));
    }
    // (Edges that all match satisfy the loop checks as well.)
    if !branch_types_hold(ir, op) {
        verify_loop_like(ir, op)?;
        verify_region_types(ir, op)?;
    }
    let args = ir.block_args(entry);
    let iv_ty = ir.value_type(for_op.lower_bound(ir));
    if ir.value_type(args[0]) != iv_ty {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            "'scf.for' op expected induction variable to be same type as bounds and step",
        ));
    }
    if args.len() != ir.num_results(op) + 1 {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            "'scf.for' op mismatch in number of basic block args and defined values",
        ));
    }
    for (i, init) in for_op.init_args(ir).iter().enumerate() {
        let (arg, res) = (args[1 + i], ir.result(op, i));
        if ir.value_type(init) != ir.value_type(res) {
            return Err(Diagnostic::error(
                ir.op_loc(op),
                format!("'scf.for' op types mismatch between {i}th iter operand and defined value"),
            ));
        }
        if ir.value_type(arg) != ir.value_type(res) {
            return Err(Diagnostic::error(
                ir.op_loc(op),
                format!("'scf.for' op types mismatch between {i}th iter region arg and defined value"),
            ));
        }
    }
    Ok(())
}

pub(super) fn verify_if(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    if ir.num_operands(op) != 1 || ir.value_type(ir.operand(op, 0)) != ir.ctx().i1_ty() {
        return Err(Diagnostic::error(ir.op_loc(op), "'scf.if' op operand #0 must be 1-bit signless integer"));
    }
    if ir.regions(op).len() != 2 {
        return Err(Diagnostic::error(ir.op_loc(op), "'scf.if' op expected 2 regions"));
    }
    // `SingleBlock` and `NoRegionArguments`.
    for (i, &r) in ir.regions(op).iter().enumerate() {
        if ir.region_blocks(r).nth(1).is_some() {
            return Err(Diagnostic::error(
                ir.op_loc(op),
                format!("'scf.if' op expects region #{i} to have 0 or 1 blocks"),
            ));
        }
    }
    for (i, &r) in ir.regions(op).iter().enumerate() {
        if ir.entry_block(r).is_some_and(|b| !ir.block_args(b).is_empty()) {
            return Err(Diagnostic::error(ir.op_loc(op), format!("'scf.if' op region #{i} should have no arguments")));
        }
    }
    if ir.num_results(op) != 0 && ir.regions(op).get(1).is_none_or(|&r| ir.region_is_empty(r)) {
        return Err(Diagnostic::error(ir.op_loc(op), "'scf.if' op must have an else block if defining values"));
    }
    Ok(())
}

pub(super) fn verify_while(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_regions(ir, op, 2)?;
    let before = WhileOp(op).before(ir);
    let Some(b) = ir.entry_block(before) else {
        return Err(Diagnostic::error(ir.op_loc(op), "'scf.while' op expects a non-empty 'before' region"));
    };
    match ir.terminator(b) {
        Some(t) if ConditionOp::matches(ir, t) => Ok(()),
        _ => Err(Diagnostic::error(
            ir.op_loc(op),
            "'scf.while' op expects the 'before' region to terminate with 'scf.condition'",
        )),
    }
}

/// `scf.while` after the nested ops: the region-branch edges, then the
/// loop-like checks.
pub(super) fn verify_while_regions(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    if branch_types_hold(ir, op) {
        return Ok(());
    }
    verify_region_types(ir, op).and_then(|()| verify_loop_like(ir, op))
}

/// `scf.execute_region` on entry: its one region.
pub(super) fn verify_exec(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_regions(ir, op, 1)
}

/// The `'T'` spelling of a type in a diagnostic.
fn quoted(ctx: &Context, t: Type) -> String {
    format!("'{}'", syntax::print_attr::type_to_string(ctx, t))
}

/// MLIR's `RegionBranchOpInterface` verifier: along every control flow edge
/// (from the op into its regions, and from each region's terminator to its
/// successors) the forwarded values match the successor's inputs in number
/// and type. Errors are on the op, worded as upstream's.
pub(super) fn verify_region_types(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    if branch_types_hold(ir, op) {
        return Ok(());
    }
    let ctx = ir.ctx();
    let registry = ctx.registry();
    let Some(branch) = registry.interface::<dyn RegionBranch>(ir.op_name(op)) else { return Ok(()) };
    let regions = ir.regions(op);
    let region_name = |r: RegionId| match regions.iter().position(|&x| x == r) {
        Some(i) => format!("Region #{i}"),
        None => "Region #?".to_string(),
    };
    let fail = |msg: String| Err(Diagnostic::error(ir.op_loc(op), format!("'{}' op  {msg}", ir.op_name_str(op))));
    let edges = |from: Option<RegionId>, sources: &dyn Fn(RegionSuccessor) -> SmallVec<[ValueId; 4]>| {
        let mut succs: SmallVec<[RegionSuccessor; 2]> = SmallVec::new();
        branch.successors(ir, op, from, &mut succs);
        for to in succs {
            let (src, inputs) = (sources(to), branch.successor_inputs(ir, op, to));
            // Spelled only for an error (this runs for every region op).
            let edge = || {
                format!(
                    "from {} to {}",
                    from.map_or("parent operands".to_string(), region_name),
                    match to {
                        RegionSuccessor::Region(r) => region_name(r),
                        RegionSuccessor::Parent => "parent results".to_string(),
                    }
                )
            };
            if src.len() != inputs.len() {
                return fail(format!(
                    "region control flow edge {}: source has {} operands, but target successor needs {}",
                    edge(),
                    src.len(),
                    inputs.len()
                ));
            }
            for (k, (&a, &b)) in src.iter().zip(&inputs).enumerate() {
                let (ta, tb) = (ir.value_type(a), ir.value_type(b));
                if ta != tb {
                    return fail(format!(
                        "along control flow edge {}: source type #{k} {} should match input type #{k} {}",
                        edge(),
                        quoted(ctx, ta),
                        quoted(ctx, tb)
                    ));
                }
            }
        }
        Ok(())
    };
    edges(None, &|to| branch.entry_operands(ir, op, to))?;
    for &r in regions {
        // The region's terminators that forward values to a successor.
        let terms: SmallVec<[(OpId, &dyn RegionTerminator); 1]> = ir
            .region_blocks(r)
            .filter_map(|b| ir.last_op(b))
            .filter_map(|t| registry.interface::<dyn RegionTerminator>(ir.op_name(t)).map(|i| (t, i)))
            .collect();
        let Some(&(first, term)) = terms.first() else { continue };
        // Several terminators must forward the same types.
        let types = |t: OpId, i: &dyn RegionTerminator| -> Vec<Type> {
            i.forwarded_operands(ir, t, RegionSuccessor::Parent).iter().map(|&v| ir.value_type(v)).collect()
        };
        if terms.iter().skip(1).any(|&(t, i)| types(t, i) != types(first, term)) {
            let mut succs: SmallVec<[RegionSuccessor; 2]> = SmallVec::new();
            branch.successors(ir, op, Some(r), &mut succs);
            let to = match succs.first() {
                Some(RegionSuccessor::Region(x)) => region_name(*x),
                _ => "parent results".to_string(),
            };
            return fail(format!(
                "along control flow edge from {} to {to} operands mismatch between return-like terminators",
                region_name(r)
            ));
        }
        edges(Some(r), &|to| term.forwarded_operands(ir, first, to))?;
    }
    Ok(())
}

/// The common case of [`verify_region_types`] decided without the
/// interfaces or any list: every edge of a well-formed `scf.if`,
/// `scf.execute_region`, `scf.for` or `scf.while` forwards values of the
/// types its successor receives. False sends the caller to the full check,
/// which finds and words the error (or accepts a form this does not know).
fn branch_types_hold(ir: &Ir, op: OpId) -> bool {
    fn same(ir: &Ir, a: impl ExactSizeIterator<Item = ValueId>, b: impl ExactSizeIterator<Item = ValueId>) -> bool {
        a.len() == b.len() && a.zip(b).all(|(x, y)| ir.value_type(x) == ir.value_type(y))
    }
    // The single block of region `i` and its last op.
    let body = |i: usize| {
        let b = ir.entry_block(*ir.regions(op).get(i)?)?;
        (ir.next_block(b).is_none()).then_some(())?;
        Some((b, ir.last_op(b)?))
    };
    let yields = |t: OpId| YieldOp::matches(ir, t);
    if IfOp::matches(ir, op) || ExecuteRegionOp::matches(ir, op) {
        return ir.regions(op).iter().enumerate().all(|(i, &r)| {
            if ir.region_is_empty(r) {
                return true;
            }
            body(i).is_some_and(|(_, t)| yields(t) && same(ir, ir.operands(t), ir.results(op)))
        });
    }
    if ForOp::matches(ir, op) {
        // (At least the three bounds: the init group is then well defined.)
        return ir.num_operands(op) >= 3
            && body(0).is_some_and(|(b, t)| {
                let args = || ir.block_args(b).iter().skip(1).copied();
                !ir.block_args(b).is_empty()
                    && yields(t)
                    && same(ir, ForOp(op).init_args(ir).iter(), args())
                    && same(ir, ir.operands(t), args())
                    && same(ir, ir.operands(t), ir.results(op))
            });
    }
    if WhileOp::matches(ir, op) {
        return match (body(0), body(1)) {
            (Some((before, cond)), Some((after, y))) => {
                let before_args = || ir.block_args(before).iter().copied();
                ConditionOp::matches(ir, cond)
                    && yields(y)
                    && ir.num_operands(cond) >= 1
                    && same(ir, ir.operands(op), before_args())
                    && same(ir, ConditionOp(cond).args(ir).iter(), ir.results(op))
                    && same(ir, ConditionOp(cond).args(ir).iter(), ir.block_args(after).iter().copied())
                    && same(ir, ir.operands(y), before_args())
            }
            _ => false,
        };
    }
    false
}

/// MLIR's `LoopLikeOpInterface` verifier for `scf.for` and `scf.while`:
/// inits, region iter_args, yielded values and loop results agree in number
/// and type.
fn verify_loop_like(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let is_for = ForOp::matches(ir, op);
    let (Some(&body), Some(&last)) = (ir.regions(op).first(), ir.regions(op).last()) else { return Ok(()) };
    let Some(entry) = ir.entry_block(body) else { return Ok(()) };
    // scf.for: operands after the bounds, body args after the induction
    // variable, the body's yield, the results. scf.while: all operands, the
    // 'before' args, the 'after' region's yield, no loop results.
    let inits: Vec<ValueId> = if is_for { ForOp(op).init_args(ir).to_vec() } else { WhileOp(op).inits(ir).to_vec() };
    let iter_args: Vec<ValueId> = ir.block_args(entry).iter().skip(usize::from(is_for)).copied().collect();
    let yield_block = if is_for { Some(entry) } else { ir.entry_block(last) };
    let yielded: Vec<ValueId> = match yield_block.and_then(|b| ir.last_op(b)) {
        Some(y) if YieldOp::matches(ir, y) => YieldOp(y).values(ir).to_vec(),
        _ => Vec::new(),
    };
    let results: Option<Vec<ValueId>> = is_for.then(|| ir.results(op).collect());
    let fail = |msg: String| Err(Diagnostic::error(ir.op_loc(op), format!("'{}' op {msg}", ir.op_name_str(op))));
    if inits.len() != iter_args.len() {
        return fail(format!("different number of inits and region iter_args: {} != {}", inits.len(), iter_args.len()));
    }
    if !yielded.is_empty() && iter_args.len() != yielded.len() {
        return fail(format!(
            "different number of region iter_args and yielded values: {} != {}",
            iter_args.len(),
            yielded.len()
        ));
    }
    if let Some(rs) = &results {
        if rs.len() != iter_args.len() {
            return fail(format!(
                "different number of loop results and region iter_args: {} != {}",
                rs.len(),
                iter_args.len()
            ));
        }
    }
    let ty = |v: ValueId| ir.value_type(v);
    for (i, (&init, &arg)) in inits.iter().zip(&iter_args).enumerate() {
        if ty(init) != ty(arg) {
            return fail(format!(
                "{i}-th init and {i}-th region iter_arg have different type: {} != {}",
                quoted(ctx, ty(init)),
                quoted(ctx, ty(arg))
            ));
        }
        if let Some(&y) = yielded.get(i) {
            if ty(arg) != ty(y) {
                return fail(format!(
                    "{i}-th region iter_arg and {i}-th yielded value have different type: {} != {}",
                    quoted(ctx, ty(arg)),
                    quoted(ctx, ty(y))
                ));
            }
        }
    }
    if let Some(rs) = &results {
        // Upstream's index never advances inside this loop: every message
        // says 0-th.
        if let Some((&arg, &r)) = iter_args.iter().zip(rs).find(|(&a, &r)| ty(a) != ty(r)) {
            return fail(format!(
                "0-th region iter_arg and 0-th loop result have different type: {} != {}",
                quoted(ctx, ty(arg)),
                quoted(ctx, ty(r))
            ));
        }
    }
    Ok(())
}

pub(super) fn verify_yield(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let Some(parent) = ir.parent_op(op) else { return Ok(()) };
    let allowed = ForOp::matches(ir, parent)
        || IfOp::matches(ir, parent)
        || WhileOp::matches(ir, parent)
        || ExecuteRegionOp::matches(ir, parent)
        || IndexSwitchOp::matches(ir, parent);
    if !allowed {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            "'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'",
        ));
    }
    // What the yielded values must match is checked by the parent once its
    // regions are verified (`verify_region_types`, `verify_loop_like`).
    Ok(())
}
