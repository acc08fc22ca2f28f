//! The `scf` dialect (structured control flow): `scf.for`, `scf.if`,
//! `scf.while`/`scf.condition`, `scf.execute_region` and `scf.yield` here,
//! `scf.forall`/`scf.forall.in_parallel` in [`forall`], and `scf.parallel`/
//! `scf.reduce`/`scf.reduce.return` and `scf.index_switch` in [`parallel`];
//! all with mlir-opt-19's custom syntax (implicit terminators included),
//! verifiers and the `RegionBranch`/`RegionTerminator` interfaces.

use crate::util::{check_num_regions, print_bound_args, register_dialect, register_op};
use ir::interfaces::{RegionBranch, RegionSuccessor, RegionTerminator};
use ir::{Context, Diagnostic, InsertPoint, Ir, OpId, OpSpec, OpTraits, RegionId, Type, ValueId};
use smallvec::SmallVec;
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::{ArgDecl, IrParser};
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

pub mod forall;
pub mod parallel;

pub use forall::{
    forall_bounds, forall_is_normalized, forall_mapping, forall_outputs, forall_terminator, ForallBounds,
};
pub use parallel::{index_switch_cases, index_switch_region, parallel_operands, ParallelOperands};

/// Registers the scf dialect.
pub fn register(ctx: &mut Context) {
    register_dialect(ctx, "scf", false);
    let loop_traits = OpTraits::RECURSIVE_MEMORY_EFFECTS | OpTraits::SINGLE_BLOCK | OpTraits::IMPLICIT_TERMINATOR;
    register_op(ctx, "scf.for", loop_traits, &[], Some(verify_for), Some(Box::new(ForAsm)));
    register_op(ctx, "scf.if", loop_traits, &[], Some(verify_if), Some(Box::new(IfAsm)));
    register_op(
        ctx,
        "scf.while",
        OpTraits::RECURSIVE_MEMORY_EFFECTS,
        &[],
        Some(verify_while),
        Some(Box::new(WhileAsm)),
    );
    register_op(
        ctx,
        "scf.execute_region",
        OpTraits::RECURSIVE_MEMORY_EFFECTS,
        &[],
        Some(|ir, op| check_num_regions(ir, op, 1)),
        Some(Box::new(ExecAsm)),
    );
    register_op(
        ctx,
        "scf.yield",
        OpTraits::TERMINATOR | OpTraits::RETURN_LIKE | OpTraits::PURE,
        &[],
        Some(verify_yield),
        Some(Box::new(YieldAsm)),
    );
    register_op(ctx, "scf.condition", OpTraits::TERMINATOR | OpTraits::PURE, &[], None, Some(Box::new(ConditionAsm)));
    for name in ["scf.for", "scf.if", "scf.while", "scf.execute_region"] {
        let n = ctx.intern_str(name);
        ctx.registry_mut().add_interface::<dyn RegionBranch>(n, Box::new(ScfBranch));
    }
    for name in ["scf.yield", "scf.condition"] {
        let n = ctx.intern_str(name);
        ctx.registry_mut().add_interface::<dyn RegionTerminator>(n, Box::new(ScfTerminator));
    }
    // The checks of what the regions yield, run once the regions are
    // verified, in the order of each op's traits upstream.
    let with_regions: [(&str, ir::registry::VerifyFn); 4] = [
        ("scf.for", verify_for_body),
        ("scf.if", verify_branch_types),
        ("scf.while", |ir, op| {
            if branch_types_hold(ir, op) {
                return Ok(());
            }
            verify_branch_types(ir, op).and_then(|()| verify_loop_like(ir, op))
        }),
        ("scf.execute_region", verify_branch_types),
    ];
    for (name, v) in with_regions {
        let n = ctx.intern_str(name);
        if let Some(info) = ctx.registry_mut().op_mut(n) {
            info.verify_regions = Some(v);
        }
    }
    forall::register(ctx);
    parallel::register(ctx);
}

// ----- interfaces -----------------------------------------------------------

struct ScfBranch;

impl RegionBranch for ScfBranch {
    fn successors(&self, ir: &Ir, op: OpId, from: Option<RegionId>, out: &mut SmallVec<[RegionSuccessor; 2]>) {
        let regions = ir.regions(op);
        match ir.op_name_str(op) {
            "scf.for" => {
                // Entry or after an iteration: the body again, or exit.
                out.push(RegionSuccessor::Region(regions[0]));
                out.push(RegionSuccessor::Parent);
            }
            "scf.if" => match from {
                None => {
                    out.push(RegionSuccessor::Region(regions[0]));
                    if regions.len() > 1 && !ir.region_is_empty(regions[1]) {
                        out.push(RegionSuccessor::Region(regions[1]));
                    } else {
                        out.push(RegionSuccessor::Parent);
                    }
                }
                Some(_) => out.push(RegionSuccessor::Parent),
            },
            "scf.while" => match from {
                None => out.push(RegionSuccessor::Region(regions[0])),
                // Upstream's order: leaving the loop first, then the body.
                Some(r) if r == regions[0] => {
                    out.push(RegionSuccessor::Parent);
                    out.push(RegionSuccessor::Region(regions[1]));
                }
                Some(_) => out.push(RegionSuccessor::Region(regions[0])),
            },
            _ => match from {
                None => out.push(RegionSuccessor::Region(regions[0])),
                Some(_) => out.push(RegionSuccessor::Parent),
            },
        }
    }

    fn entry_operands(&self, ir: &Ir, op: OpId, to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
        match (ir.op_name_str(op), to) {
            ("scf.for", _) => ir.operands(op).skip(3).collect(),
            ("scf.while", RegionSuccessor::Region(_)) => ir.operands(op).collect(),
            _ => SmallVec::new(),
        }
    }

    fn successor_inputs(&self, ir: &Ir, op: OpId, to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
        match to {
            RegionSuccessor::Parent => ir.results(op).collect(),
            RegionSuccessor::Region(r) => {
                let Some(b) = ir.entry_block(r) else { return SmallVec::new() };
                let args = ir.block_args(b);
                // The induction variable of scf.for is not a forwarded value.
                let skip = usize::from(ir.is_op(op, "scf.for"));
                args.iter().skip(skip).copied().collect()
            }
        }
    }
}

struct ScfTerminator;

impl RegionTerminator for ScfTerminator {
    fn forwarded_operands(&self, ir: &Ir, op: OpId, _to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
        // scf.condition forwards everything but the condition.
        let skip = usize::from(ir.is_op(op, "scf.condition"));
        ir.operands(op).skip(skip).collect()
    }
}

// ----- verifiers ---------------------------------------------------------------

/// `scf.for` on entry: upstream's ODS invariants (signless integer or index
/// bounds, one region of at most one block, `AllTypesMatch`) and
/// `ForOp::verify`. The body is checked after the nested ops
/// ([`verify_for_body`]).
fn verify_for(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
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
    let iv_ty = ir.value_type(ir.operand(op, 0));
    if (0..3).any(|i| ir.value_type(ir.operand(op, i)) != iv_ty) {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            "'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type",
        ));
    }
    if n - 3 != ir.num_results(op) {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            "'scf.for' op mismatch in number of loop-carried values and defined values",
        ));
    }
    Ok(())
}

/// `scf.for` after the nested ops: the loop and region-branch interface
/// checks, then `ForOp::verifyRegions`.
fn verify_for_body(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let body = ir.region(op, 0);
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
        verify_branch_types(ir, op)?;
    }
    let args = ir.block_args(entry);
    let iv_ty = ir.value_type(ir.operand(op, 0));
    if ir.value_type(args[0]) != iv_ty {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            "'scf.for' op expected induction variable to be same type as bounds and step",
        ));
    }
    let inits = ir.num_operands(op) - 3;
    if args.len() != ir.num_results(op) + 1 {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            "'scf.for' op mismatch in number of basic block args and defined values",
        ));
    }
    for i in 0..inits {
        let (init, arg, res) = (ir.operand(op, 3 + i), args[1 + i], ir.result(op, i));
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

fn verify_if(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
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

fn verify_while(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_regions(ir, op, 2)?;
    let before = ir.region(op, 0);
    let Some(b) = ir.entry_block(before) else {
        return Err(Diagnostic::error(ir.op_loc(op), "'scf.while' op expects a non-empty 'before' region"));
    };
    match ir.terminator(b) {
        Some(t) if ir.is_op(t, "scf.condition") => Ok(()),
        _ => Err(Diagnostic::error(
            ir.op_loc(op),
            "'scf.while' op expects the 'before' region to terminate with 'scf.condition'",
        )),
    }
}

/// The `'T'` spelling of a type in a diagnostic.
fn quoted(ctx: &Context, t: Type) -> String {
    format!("'{}'", syntax::print_attr::type_to_string(ctx, t))
}

/// MLIR's `RegionBranchOpInterface` verifier: along every control flow edge
/// (from the op into its regions, and from each region's terminator to its
/// successors) the forwarded values match the successor's inputs in number
/// and type. Errors are on the op, worded as upstream's.
fn verify_branch_types(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
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

/// The common case of [`verify_branch_types`] decided without the
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
    let yields = |t: OpId| ir.is_op(t, "scf.yield");
    match ir.op_name_str(op) {
        "scf.if" | "scf.execute_region" => ir.regions(op).iter().enumerate().all(|(i, &r)| {
            if ir.region_is_empty(r) {
                return true;
            }
            body(i).is_some_and(|(_, t)| yields(t) && same(ir, ir.operands(t), ir.results(op)))
        }),
        "scf.for" => body(0).is_some_and(|(b, t)| {
            let args = || ir.block_args(b).iter().skip(1).copied();
            ir.num_operands(op) >= 3
                && !ir.block_args(b).is_empty()
                && yields(t)
                && same(ir, ir.operands(op).skip(3), args())
                && same(ir, ir.operands(t), args())
                && same(ir, ir.operands(t), ir.results(op))
        }),
        "scf.while" => match (body(0), body(1)) {
            (Some((before, cond)), Some((after, y))) => {
                let before_args = || ir.block_args(before).iter().copied();
                ir.is_op(cond, "scf.condition")
                    && yields(y)
                    && ir.num_operands(cond) >= 1
                    && same(ir, ir.operands(op), before_args())
                    && same(ir, ir.operands(cond).skip(1), ir.results(op))
                    && same(ir, ir.operands(cond).skip(1), ir.block_args(after).iter().copied())
                    && same(ir, ir.operands(y), before_args())
            }
            _ => false,
        },
        _ => false,
    }
}

/// MLIR's `LoopLikeOpInterface` verifier for `scf.for` and `scf.while`:
/// inits, region iter_args, yielded values and loop results agree in number
/// and type.
fn verify_loop_like(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let is_for = ir.is_op(op, "scf.for");
    let (Some(&body), Some(&last)) = (ir.regions(op).first(), ir.regions(op).last()) else { return Ok(()) };
    let Some(entry) = ir.entry_block(body) else { return Ok(()) };
    // scf.for: operands after the bounds, body args after the induction
    // variable, the body's yield, the results. scf.while: all operands, the
    // 'before' args, the 'after' region's yield, no loop results.
    let inits: Vec<ValueId> = ir.operands(op).skip(if is_for { 3 } else { 0 }).collect();
    let iter_args: Vec<ValueId> = ir.block_args(entry).iter().skip(usize::from(is_for)).copied().collect();
    let yield_block = if is_for { Some(entry) } else { ir.entry_block(last) };
    let yielded: Vec<ValueId> = match yield_block.and_then(|b| ir.last_op(b)) {
        Some(y) if ir.is_op(y, "scf.yield") => ir.operands(y).collect(),
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

fn verify_yield(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let Some(parent) = ir.parent_op(op) else { return Ok(()) };
    let pname = ir.op_name_str(parent);
    if !matches!(pname, "scf.for" | "scf.if" | "scf.while" | "scf.execute_region" | "scf.index_switch") {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            "'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'",
        ));
    }
    // What the yielded values must match is checked by the parent once its
    // regions are verified (`verify_branch_types`, `verify_loop_like`).
    Ok(())
}

// ----- syntax ------------------------------------------------------------------

/// Appends an `scf.yield` to every empty-terminator block of `region`
/// (MLIR's `ensureTerminator` for `SingleBlockImplicitTerminator`).
fn ensure_yield(ir: &mut Ir, region: RegionId, loc: ir::Location) {
    let ctx = ir.ctx_arc().clone();
    if ir.region_is_empty(region) {
        ir.append_block(region, &[], &[]);
    }
    let b = ir.entry_block(region).expect("block");
    let needs = match ir.last_op(b) {
        None => true,
        Some(last) => !ir.has_trait(last, OpTraits::TERMINATOR),
    };
    if needs {
        let name = ctx.intern_str("scf.yield");
        ir.insert_new_op(InsertPoint::BlockEnd(b), OpSpec::new(name, loc));
    }
}

/// True when the region's terminator is an operand-less `scf.yield` (so it
/// is elided when printing).
fn yield_is_trivial(ir: &Ir, r: RegionId) -> bool {
    let Some(b) = ir.entry_block(r) else { return true };
    match ir.last_op(b) {
        Some(t) => ir.is_op(t, "scf.yield") && ir.num_operands(t) == 0 && ir.attrs(t).is_empty(),
        None => true,
    }
}

fn parse_optional_arrow_types(p: &mut IrParser<'_, '_>) -> PResult<Vec<Type>> {
    if p.p.eat(TokenKind::Arrow) {
        return p.p.parse_function_result_types();
    }
    Ok(Vec::new())
}

struct ForAsm;

impl OpAsm for ForAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let iv = p.parse_operand()?;
        p.p.expect(TokenKind::Equal, "expected '='")?;
        let lb = p.parse_operand()?;
        if !p.p.eat_keyword("to") {
            return Err(p.p.error_here("expected 'to'"));
        }
        let ub = p.parse_operand()?;
        if !p.p.eat_keyword("step") {
            return Err(p.p.error_here("expected 'step'"));
        }
        let step = p.parse_operand()?;
        let mut iter_names = Vec::new();
        let mut inits = Vec::new();
        if p.p.eat_keyword("iter_args") {
            p.p.expect(TokenKind::LParen, "expected '('")?;
            if !p.p.at(TokenKind::RParen) {
                loop {
                    let a = p.parse_operand()?;
                    p.p.expect(TokenKind::Equal, "expected '='")?;
                    let init = p.parse_operand()?;
                    iter_names.push(a);
                    inits.push(init);
                    if !p.p.eat(TokenKind::Comma) {
                        break;
                    }
                }
            }
            p.p.expect(TokenKind::RParen, "expected ')'")?;
        }
        let result_types = parse_optional_arrow_types(p)?;
        let mut iv_ty = ctx.index_ty();
        if p.p.eat(TokenKind::Colon) {
            iv_ty = p.p.parse_type()?;
        }
        if result_types.len() != inits.len() {
            return Err(p.p.error_here("mismatch in number of loop-carried values and defined values"));
        }
        let pos = p.p.tok.start;
        let bounds = p.resolve_operands(&[lb, ub, step], &[iv_ty, iv_ty, iv_ty], pos)?;
        let init_vals = p.resolve_operands(&inits, &result_types, pos)?;
        let iv_loc = p.p.loc_at(iv.pos);
        let mut args = vec![ArgDecl { name: iv, ty: iv_ty, loc: iv_loc }];
        for (n, &t) in iter_names.iter().zip(&result_types) {
            args.push(ArgDecl { name: *n, ty: t, loc: p.p.loc_at(n.pos) });
        }
        let r = p.ir.create_region();
        p.parse_region(r, &args, false)?;
        ensure_yield(p.ir, r, st.loc);
        // `parseOptionalAttrDict`: no `attributes` keyword.
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        st.operands = bounds;
        st.operands.extend(init_vals);
        st.result_types = result_types;
        st.regions.push(r);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let body = ir.region(op, 0);
        let entry = ir.entry_block(body).expect("scf.for body");
        let args = ir.block_args(entry).to_vec();
        pr.out.push(' ');
        pr.print_value(args[0]);
        pr.out.push_str(" = ");
        pr.print_value(ir.operand(op, 0));
        pr.out.push_str(" to ");
        pr.print_value(ir.operand(op, 1));
        pr.out.push_str(" step ");
        pr.print_value(ir.operand(op, 2));
        let inits: Vec<ValueId> = ir.operands(op).skip(3).collect();
        if !inits.is_empty() {
            print_bound_args(pr, "iter_args", &args[1..], &inits);
            pr.out.push_str(" -> (");
            pr.print_types(ir.result_types(op));
            pr.out.push(')');
        }
        let iv_ty = ir.value_type(args[0]);
        if !pr.ctx().is_index(iv_ty) {
            // mlir-opt-19 prints two spaces here.
            pr.out.push_str("  : ");
            pr.print_type(iv_ty);
        }
        pr.out.push(' ');
        pr.print_region(body, false, !inits.is_empty(), false);
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
    }
}

struct IfAsm;

impl OpAsm for IfAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let c = p.parse_operand()?;
        let cond = p.resolve_operand(c, ctx.i1_ty())?;
        st.result_types = parse_optional_arrow_types(p)?;
        let then_r = p.ir.create_region();
        p.parse_region(then_r, &[], false)?;
        ensure_yield(p.ir, then_r, st.loc);
        let else_r = p.ir.create_region();
        if p.p.eat_keyword("else") {
            p.parse_region(else_r, &[], false)?;
            ensure_yield(p.ir, else_r, st.loc);
        }
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        st.operands.push(cond);
        st.regions = vec![then_r, else_r];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        pr.print_value(ir.operand(op, 0));
        let has_results = ir.num_results(op) > 0;
        if has_results {
            pr.out.push_str(" -> (");
            pr.print_types(ir.result_types(op));
            pr.out.push(')');
        }
        let (then_r, else_r) = (ir.region(op, 0), ir.region(op, 1));
        pr.out.push(' ');
        pr.print_region(then_r, false, has_results || !yield_is_trivial(ir, then_r), false);
        if !ir.region_is_empty(else_r) {
            pr.out.push_str(" else ");
            pr.print_region(else_r, false, has_results || !yield_is_trivial(ir, else_r), false);
        }
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
    }
}

struct WhileAsm;

impl OpAsm for WhileAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let mut names = Vec::new();
        let mut inits = Vec::new();
        if p.p.eat(TokenKind::LParen) {
            if !p.p.at(TokenKind::RParen) {
                loop {
                    let a = p.parse_operand()?;
                    p.p.expect(TokenKind::Equal, "expected '='")?;
                    let init = p.parse_operand()?;
                    names.push(a);
                    inits.push(init);
                    if !p.p.eat(TokenKind::Comma) {
                        break;
                    }
                }
            }
            p.p.expect(TokenKind::RParen, "expected ')'")?;
        }
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let pos = p.p.tok.start;
        let fty = p.p.parse_type()?;
        let Some((ins, outs)) = p.p.ctx.function_sig(fty) else {
            return Err(p.p.error_at(pos, "expected function type"));
        };
        let (ins, outs) = (ins.to_vec(), outs.to_vec());
        st.operands = p.resolve_operands(&inits, &ins, pos)?;
        st.result_types = outs;
        let args: Vec<ArgDecl<'_>> =
            names.iter().zip(&ins).map(|(n, &t)| ArgDecl { name: *n, ty: t, loc: p.p.loc_at(n.pos) }).collect();
        let before = p.ir.create_region();
        p.parse_region(before, &args, false)?;
        if !p.p.eat_keyword("do") {
            return Err(p.p.error_here("expected 'do'"));
        }
        let after = p.ir.create_region();
        p.parse_region(after, &[], false)?;
        if p.p.eat_keyword("attributes") {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        st.regions = vec![before, after];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let before = ir.region(op, 0);
        let args: Vec<ValueId> = ir.entry_block(before).map(|b| ir.block_args(b).to_vec()).unwrap_or_default();
        // An empty initialization list is not printed.
        if ir.num_operands(op) > 0 {
            let inits: Vec<ValueId> = ir.operands(op).collect();
            print_bound_args(pr, "", &args, &inits);
        }
        pr.out.push_str(" : ");
        pr.print_functional_type(&ir.operand_types(op), &ir.result_types(op));
        pr.out.push(' ');
        pr.print_region(before, false, true, false);
        pr.out.push_str(" do ");
        pr.print_region(ir.region(op, 1), true, true, false);
        pr.print_optional_attr_dict_with_keyword(ir.attrs(op), &[]);
    }
}

struct ExecAsm;

impl OpAsm for ExecAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        st.result_types = parse_optional_arrow_types(p)?;
        let r = p.ir.create_region();
        p.parse_region(r, &[], false)?;
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        st.regions.push(r);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        if ir.num_results(op) > 0 {
            pr.out.push_str(" -> ");
            let rt = ir.result_types(op);
            pr.print_result_types(&rt);
        }
        pr.out.push(' ');
        pr.print_region(ir.region(op, 0), false, true, false);
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
    }
}

struct YieldAsm;

impl OpAsm for YieldAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        crate::util::parse_attr_dict_operands_types(p, st)
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        crate::util::print_attr_dict_operands_types(pr, op);
    }
}

struct ConditionAsm;

impl OpAsm for ConditionAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        p.p.expect(TokenKind::LParen, "expected '('")?;
        let c = p.parse_operand()?;
        p.p.expect(TokenKind::RParen, "expected ')'")?;
        let cond = p.resolve_operand(c, ctx.i1_ty())?;
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        let ops = p.parse_operand_list()?;
        st.operands.push(cond);
        if !ops.is_empty() {
            p.p.expect(TokenKind::Colon, "expected ':'")?;
            let pos = p.p.tok.start;
            let tys = p.parse_type_list()?;
            st.operands.extend(p.resolve_operands(&ops, &tys, pos)?);
        }
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push('(');
        pr.print_value(ir.operand(op, 0));
        pr.out.push(')');
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
        if ir.num_operands(op) > 1 {
            pr.out.push(' ');
            pr.print_values(ir.operands(op).skip(1));
            pr.out.push_str(" : ");
            let tys: Vec<Type> = ir.operand_types(op).iter().skip(1).copied().collect();
            pr.print_types(tys);
        }
    }
}
