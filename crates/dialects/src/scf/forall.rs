//! `scf.forall` and its terminator `scf.forall.in_parallel`: custom syntax
//! (the `(%i) in (%n)` normalized form and the general
//! `= (lbs) to (ubs) step (steps)` form, `shared_outs`, `mapping`),
//! verifiers with upstream's wording, and accessors for interpreters and
//! passes ([`forall_bounds`], [`forall_outputs`], [`forall_terminator`]).
//! The ops are declared in [`super::ops`], their interfaces are in
//! [`super::interfaces`].

use super::interfaces::combining_destination;
use super::ops::{ForallOp, InParallelOp};
use crate::decl::Values;
use crate::memref::constant_int;
use crate::static_dynamic::{
    dispatch_mixed, mixed_values, operand_segments, parse_dynamic_index_list_in, print_dynamic_index_list,
    segment_sizes_attr, verify_list_of_operands_or_integers, verify_operand_segments, Delimiter, UnresolvedIndexList,
};
use crate::util::{check_num_regions, check_operands, op_error, print_bound_args};
use ir::interfaces::OpFoldSize;
use ir::op_decl::IrBuilder;
use ir::{AttrKind, Diagnostic, InsertPoint, Ir, OpId, OpTraits, RegionId, TypeKind, ValueId};
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::{ArgDecl, IrParser};
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

/// Operand groups of `scf.forall`: dynamic lower bounds, upper bounds,
/// steps, then the shared outputs.
const FORALL_GROUPS: usize = 4;

// ----- accessors -------------------------------------------------------------

/// The loop bounds of an `scf.forall`, one entry per loop, each either a
/// static integer or an `index` value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForallBounds {
    /// Lower bounds.
    pub lower: Vec<OpFoldSize>,
    /// Upper bounds (exclusive).
    pub upper: Vec<OpFoldSize>,
    /// Steps.
    pub step: Vec<OpFoldSize>,
}

/// The mixed lower bounds, upper bounds and steps of `scf.forall` `op`
/// (`None` when the op is malformed).
pub fn forall_bounds(ir: &Ir, op: OpId) -> Option<ForallBounds> {
    operand_segments(ir, op, FORALL_GROUPS)?;
    let f = ForallOp(op);
    let list = |statics: Option<ir::Attribute>, dynamic: Values<'_>| -> Option<Vec<OpFoldSize>> {
        let statics = ir.ctx().dense_i64_array(statics?)?;
        mixed_values(&statics, &dynamic.to_vec())
    };
    Some(ForallBounds {
        lower: list(f.staticLowerBound_attr(ir), f.dynamic_lower_bound(ir))?,
        upper: list(f.staticUpperBound_attr(ir), f.dynamic_upper_bound(ir))?,
        step: list(f.staticStep_attr(ir), f.dynamic_step(ir))?,
    })
}

/// The `shared_outs` operands of `scf.forall` `op`, in result order.
pub fn forall_outputs(ir: &Ir, op: OpId) -> Vec<ValueId> {
    ForallOp(op).outputs(ir).to_vec()
}

/// The `scf.forall.in_parallel` terminator of `scf.forall` `op`, if present.
pub fn forall_terminator(ir: &Ir, op: OpId) -> Option<OpId> {
    let b = ir.entry_block(*ir.regions(op).first()?)?;
    ir.last_op(b).filter(|&t| InParallelOp::matches(ir, t))
}

/// The `mapping` attribute entries of `scf.forall` `op` (empty when absent).
pub fn forall_mapping(ir: &Ir, op: OpId) -> Vec<ir::Attribute> {
    ForallOp(op).mapping(ir).and_then(|a| ir.ctx().array_value(a).map(|v| v.to_vec())).unwrap_or_default()
}

/// MLIR's `getConstantIntValue` on a mixed entry: the static value, or the
/// integer of a constant-like defining op.
fn constant_value(m: OpFoldSize, ir: &Ir) -> Option<i128> {
    match m {
        OpFoldSize::Static(s) => Some(s as i128),
        OpFoldSize::Value(v) => constant_int(ir, v),
    }
}

/// True when every lower bound is 0 and every step is 1 (the op prints in
/// the `in (...)` form).
pub fn forall_is_normalized(ir: &Ir, op: OpId) -> bool {
    let Some(b) = forall_bounds(ir, op) else { return false };
    b.lower.iter().all(|&m| constant_value(m, ir) == Some(0))
        && b.step.iter().all(|&m| constant_value(m, ir) == Some(1))
}

// ----- verifiers -------------------------------------------------------------

fn required_dense_i64(ir: &Ir, op: OpId, attr: &str) -> Result<Vec<i64>, Diagnostic> {
    crate::static_dynamic::required_i64_array(ir, op, attr)
}

pub(super) fn verify_forall(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_num_regions(ir, op, 1)?;
    let lbs = required_dense_i64(ir, op, "staticLowerBound")?;
    let steps = required_dense_i64(ir, op, "staticStep")?;
    let ubs = required_dense_i64(ir, op, "staticUpperBound")?;
    if let Some(m) = ForallOp(op).mapping(ir) {
        if ctx.array_value(m).is_none() {
            return Err(op_error(
                ir,
                op,
                "attribute 'mapping' failed to satisfy constraint: Device Mapping array attribute",
            ));
        }
    }
    verify_operand_segments(ir, op, FORALL_GROUPS)?;
    let Some(sizes) = operand_segments(ir, op, FORALL_GROUPS) else { return Ok(()) };
    let bounds_end = sizes[0] + sizes[1] + sizes[2];
    check_operands(ir, op, 0..bounds_end, |c, t| c.is_index(t), "variadic of index")?;
    check_operands(
        ir,
        op,
        bounds_end..ir.num_operands(op),
        |c, t| matches!(c.kind(t), TypeKind::Tensor { .. }),
        "variadic of ranked tensor of any type values",
    )?;
    let region = ForallOp(op).region(ir);
    let Some(body) = ir.entry_block(region) else {
        return Err(op_error(ir, op, "region #0 ('region') failed to verify constraint: region with 1 blocks"));
    };
    if ir.region_blocks(region).nth(1).is_some() {
        return Err(op_error(ir, op, "region #0 ('region') failed to verify constraint: region with 1 blocks"));
    }
    match ir.last_op(body) {
        Some(t) if InParallelOp::matches(ir, t) => {}
        Some(t) => {
            return Err(op_error(
                ir,
                op,
                format!("expects regions to end with 'scf.forall.in_parallel', found '{}'", ir.op_name_str(t)),
            )
            .with_note(
                ir.op_loc(t),
                "in custom textual format, the absence of terminator implies 'scf.forall.in_parallel'",
            ));
        }
        None => {
            return Err(op_error(ir, op, "expects a non-empty block"));
        }
    }

    let num_loops = lbs.len();
    let outputs = forall_outputs(ir, op);
    if ir.num_results(op) != outputs.len() {
        return Err(op_error(
            ir,
            op,
            format!("produces {} results, but has only {} outputs", ir.num_results(op), outputs.len()),
        ));
    }
    let args = ir.block_args(body);
    if args.len() != num_loops + outputs.len() {
        return Err(op_error(ir, op, format!("region expects {num_loops} arguments")));
    }
    for (i, &a) in args.iter().take(num_loops).enumerate() {
        if !ctx.is_index(ir.value_type(a)) {
            return Err(op_error(ir, op, format!("expects {i}-th block argument to be an index")));
        }
    }
    for (i, &o) in outputs.iter().enumerate() {
        if ir.value_type(args[num_loops + i]) != ir.value_type(o) {
            return Err(op_error(
                ir,
                op,
                format!("type mismatch between {i}-th output and corresponding block argument"),
            ));
        }
    }
    let mapping = forall_mapping(ir, op);
    if !mapping.is_empty() {
        if mapping.len() != num_loops {
            return Err(op_error(ir, op, "mapping attribute size must match op rank"));
        }
        for &m in &mapping {
            if !matches!(ctx.attr_kind(m), AttrKind::Opaque { .. }) {
                return Err(op_error(ir, op, "mapping is not device mapping attribute"));
            }
        }
    }
    verify_list_of_operands_or_integers(ir, op, "lower bound", num_loops, &lbs, sizes[0])?;
    verify_list_of_operands_or_integers(ir, op, "upper bound", num_loops, &ubs, sizes[1])?;
    verify_list_of_operands_or_integers(ir, op, "step", num_loops, &steps, sizes[2])?;
    Ok(())
}

pub(super) fn verify_in_parallel(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_regions(ir, op, 1)?;
    if ir.region_blocks(InParallelOp(op).region(ir)).count() != 1 {
        return Err(op_error(ir, op, "region #0 ('region') failed to verify constraint: region with 1 blocks"));
    }
    let Some(forall) = ir.parent_op(op).filter(|&p| ForallOp::matches(ir, p)) else {
        return Err(op_error(ir, op, "expects parent op 'scf.forall'"));
    };
    let Some(&region) = ir.regions(op).first() else { return Ok(()) };
    let Some(block) = ir.entry_block(region) else { return Ok(()) };
    let outs_start = forall_bounds(ir, forall).map(|b| b.lower.len()).unwrap_or(0);
    let out_args: Vec<ValueId> = ir
        .regions(forall)
        .first()
        .and_then(|&r| ir.entry_block(r))
        .map(|b| ir.block_args(b).iter().skip(outs_start).copied().collect())
        .unwrap_or_default();
    for o in ir.block_ops(block) {
        if !ir.is_op(o, "tensor.parallel_insert_slice") {
            return Err(op_error(ir, op, "expected only tensor.parallel_insert_slice ops"));
        }
        let Some(dest) = combining_destination(ir, o) else { continue };
        if !out_args.contains(&dest) {
            return Err(op_error(ir, o, "may only insert into an output block argument").with_op(o));
        }
    }
    Ok(())
}

// ----- syntax ----------------------------------------------------------------

/// Appends `scf.forall.in_parallel {}` to the body when it lacks a
/// terminator (`SingleBlockImplicitTerminator`).
fn ensure_in_parallel(ir: &mut Ir, region: RegionId, loc: ir::Location) {
    if ir.region_is_empty(region) {
        ir.append_block(region, &[], &[]);
    }
    let Some(b) = ir.entry_block(region) else { return };
    let needs = match ir.last_op(b) {
        None => true,
        Some(last) => !ir.has_trait(last, OpTraits::TERMINATOR),
    };
    if needs {
        let t = InParallelOp::build(&mut IrBuilder::at(ir, InsertPoint::BlockEnd(b)), loc, 1);
        let r = t.region(ir);
        ir.append_block(r, &[], &[]);
    }
}

/// Resolves the operands of a parsed index list as `index` values.
fn resolve_list<'a>(p: &mut IrParser<'a, '_>, list: UnresolvedIndexList<'a>) -> PResult<(Vec<ValueId>, Vec<i64>)> {
    let index = p.p.ctx.index_ty();
    let mut vals = Vec::with_capacity(list.operands.len());
    for o in list.operands {
        vals.push(p.resolve_operand(o, index)?);
    }
    Ok((vals, list.statics))
}

pub(super) struct ForallAsm;

impl OpAsm for ForallAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let index = ctx.index_ty();
        p.p.expect(TokenKind::LParen, "expected '('")?;
        let mut ivs = Vec::new();
        if !p.p.at(TokenKind::RParen) {
            loop {
                ivs.push(p.parse_operand()?);
                if !p.p.eat(TokenKind::Comma) {
                    break;
                }
            }
        }
        p.p.expect(TokenKind::RParen, "expected ')'")?;
        let n = ivs.len();
        let (lbs, ubs, steps);
        if p.p.eat_keyword("in") {
            let l = parse_dynamic_index_list_in(p, st, Delimiter::Paren)?;
            ubs = resolve_list(p, l)?;
            lbs = (Vec::new(), vec![0; n]);
            steps = (Vec::new(), vec![1; n]);
        } else {
            p.p.expect(TokenKind::Equal, "expected '='")?;
            let l = parse_dynamic_index_list_in(p, st, Delimiter::Paren)?;
            lbs = resolve_list(p, l)?;
            if !p.p.eat_keyword("to") {
                return Err(p.p.error_here("expected 'to'"));
            }
            let l = parse_dynamic_index_list_in(p, st, Delimiter::Paren)?;
            ubs = resolve_list(p, l)?;
            if !p.p.eat_keyword("step") {
                return Err(p.p.error_here("expected 'step'"));
            }
            let l = parse_dynamic_index_list_in(p, st, Delimiter::Paren)?;
            steps = resolve_list(p, l)?;
        }
        let mut out_names = Vec::new();
        let mut outs = Vec::new();
        let outs_pos = p.p.tok.start;
        if p.p.eat_keyword("shared_outs") {
            p.p.expect(TokenKind::LParen, "expected '('")?;
            if !p.p.at(TokenKind::RParen) {
                loop {
                    out_names.push(p.parse_operand()?);
                    p.p.expect(TokenKind::Equal, "expected '='")?;
                    outs.push(p.parse_operand()?);
                    if !p.p.eat(TokenKind::Comma) {
                        break;
                    }
                }
            }
            p.p.expect(TokenKind::RParen, "expected ')'")?;
            if p.p.eat(TokenKind::Arrow) {
                st.result_types = p.p.parse_function_result_types()?;
            }
            if st.result_types.len() != outs.len() {
                return Err(p.p.error_at(
                    outs_pos,
                    format!("{} operands present, but expected {}", outs.len(), st.result_types.len()),
                ));
            }
        }
        let out_vals = p.resolve_operands(&outs, &st.result_types, outs_pos)?;
        let mut args = Vec::with_capacity(n + out_names.len());
        for iv in &ivs {
            args.push(ArgDecl { name: *iv, ty: index, loc: p.p.loc_at(iv.pos) });
        }
        for (o, &t) in out_names.iter().zip(&st.result_types) {
            args.push(ArgDecl { name: *o, ty: t, loc: p.p.loc_at(o.pos) });
        }
        let r = p.ir.create_region();
        p.parse_region(r, &args, false)?;
        ensure_in_parallel(p.ir, r, st.loc);
        st.regions.push(r);
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        let sizes = [lbs.0.len(), ubs.0.len(), steps.0.len(), out_vals.len()];
        st.add_attr(ctx.intern_str("staticLowerBound"), ctx.dense_i64_array_attr(&lbs.1));
        st.add_attr(ctx.intern_str("staticUpperBound"), ctx.dense_i64_array_attr(&ubs.1));
        st.add_attr(ctx.intern_str("staticStep"), ctx.dense_i64_array_attr(&steps.1));
        st.add_attr(ctx.intern_str("operandSegmentSizes"), segment_sizes_attr(ctx, &sizes));
        st.operands = lbs.0;
        st.operands.extend(ubs.0);
        st.operands.extend(steps.0);
        st.operands.extend(out_vals);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let Some(&body) = ir.regions(op).first() else { return };
        let args: Vec<ValueId> = ir.entry_block(body).map(|b| ir.block_args(b).to_vec()).unwrap_or_default();
        let f = ForallOp(op);
        let (lbs, ubs, steps) = (f.staticLowerBound(ir), f.staticUpperBound(ir), f.staticStep(ir));
        let num_loops = lbs.len().min(args.len());
        pr.out.push_str(" (");
        pr.print_values(args[..num_loops].iter().copied());
        if forall_is_normalized(ir, op) {
            pr.out.push_str(") in ");
            print_dynamic_index_list(pr, &f.dynamic_upper_bound(ir).to_vec(), &ubs, &[], Delimiter::Paren);
        } else {
            pr.out.push_str(") = ");
            print_dynamic_index_list(pr, &f.dynamic_lower_bound(ir).to_vec(), &lbs, &[], Delimiter::Paren);
            pr.out.push_str(" to ");
            print_dynamic_index_list(pr, &f.dynamic_upper_bound(ir).to_vec(), &ubs, &[], Delimiter::Paren);
            pr.out.push_str(" step ");
            print_dynamic_index_list(pr, &f.dynamic_step(ir).to_vec(), &steps, &[], Delimiter::Paren);
        }
        let outs = f.outputs(ir).to_vec();
        if !outs.is_empty() {
            print_bound_args(pr, "shared_outs", &args[num_loops..], &outs);
        }
        pr.out.push(' ');
        if args.len() > num_loops {
            pr.out.push_str("-> (");
            pr.print_types(ir.result_types(op));
            pr.out.push_str(") ");
        }
        pr.print_region(body, false, ir.num_results(op) > 0, false);
        pr.print_optional_attr_dict(
            ir.attrs(op),
            &["operandSegmentSizes", "staticLowerBound", "staticUpperBound", "staticStep"],
        );
    }
}

pub(super) struct InParallelAsm;

impl OpAsm for InParallelAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let r = p.ir.create_region();
        p.parse_region(r, &[], false)?;
        if p.ir.region_is_empty(r) {
            p.ir.append_block(r, &[], &[]);
        }
        st.regions.push(r);
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        if let Some(&r) = ir.regions(op).first() {
            pr.print_region(r, false, false, false);
        }
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
    }
}

/// Canonicalization `ForallOpControlOperandsFolder`: constant dynamic
/// bounds and steps become static ones.
pub(super) fn control_operands_folder(op: OpId, rw: &mut ir::rewrite_api::PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(bounds) = forall_bounds(ir, op) else { return false };
    let mut changed = false;
    let mut fold = |list: &[OpFoldSize]| -> Vec<OpFoldSize> {
        list.iter()
            .map(|&m| match m {
                OpFoldSize::Value(v) => match crate::util::const_int(ir, v) {
                    Some(c) => {
                        changed = true;
                        OpFoldSize::Static(c as i64)
                    }
                    None => m,
                },
                s => s,
            })
            .collect()
    };
    let (lower, upper, step) = (fold(&bounds.lower), fold(&bounds.upper), fold(&bounds.step));
    if !changed {
        return false;
    }
    let outputs = forall_outputs(ir, op);
    let (dl, sl) = dispatch_mixed(&lower);
    let (du, su) = dispatch_mixed(&upper);
    let (ds, ss) = dispatch_mixed(&step);
    let mut operands = Vec::with_capacity(dl.len() + du.len() + ds.len() + outputs.len());
    for list in [&dl, &du, &ds, &outputs] {
        operands.extend_from_slice(list);
    }
    let ctx = ir.ctx_arc().clone();
    let sizes = segment_sizes_attr(&ctx, &[dl.len(), du.len(), ds.len(), outputs.len()]);
    rw.modify_in_place(op, |ir| {
        ir.set_operands(op, &operands);
        ir.set_attr_str(op, "operandSegmentSizes", sizes);
        ir.set_attr_str(op, "staticLowerBound", ctx.dense_i64_array_attr(&sl));
        ir.set_attr_str(op, "staticUpperBound", ctx.dense_i64_array_attr(&su));
        ir.set_attr_str(op, "staticStep", ctx.dense_i64_array_attr(&ss));
    });
    true
}
