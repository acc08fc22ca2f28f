//! `scf.parallel` with its terminator `scf.reduce` and the reduction
//! terminator `scf.reduce.return`, and `scf.index_switch`: mlir-opt-19's
//! custom syntax, verifiers with upstream's wording, and accessors
//! ([`parallel_operands`], [`index_switch_cases`]). The ops are declared in
//! [`super::ops`], their interfaces are in [`super::interfaces`].

use super::ops::{IndexSwitchOp, ParallelOp, ReduceOp, ReduceReturnOp, YieldOp};
use crate::memref::constant_int;
use crate::static_dynamic::{operand_segments, segment_sizes_attr, verify_operand_segments};
use crate::util::{check_num_regions, check_operands, op_error, q};
use ir::op_decl::IrBuilder;
use ir::{Diagnostic, InsertPoint, Ir, OpId, OpTraits, RegionId, ValueId};
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::{ArgDecl, IrParser};
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

/// Operand groups of `scf.parallel`: lower bounds, upper bounds, steps,
/// init values.
const PARALLEL_GROUPS: usize = 4;

// ----- accessors -------------------------------------------------------------

/// The operand groups of an `scf.parallel`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ParallelOperands {
    /// Lower bounds, one per loop.
    pub lower: Vec<ValueId>,
    /// Upper bounds (exclusive).
    pub upper: Vec<ValueId>,
    /// Steps.
    pub step: Vec<ValueId>,
    /// Initial values of the reductions, one per result.
    pub inits: Vec<ValueId>,
}

/// The bounds, steps and init values of `scf.parallel` `op` (`None` when
/// `operandSegmentSizes` is malformed).
pub fn parallel_operands(ir: &Ir, op: OpId) -> Option<ParallelOperands> {
    operand_segments(ir, op, PARALLEL_GROUPS)?;
    let p = ParallelOp(op);
    Some(ParallelOperands {
        lower: p.lower_bound(ir).to_vec(),
        upper: p.upper_bound(ir).to_vec(),
        step: p.step(ir).to_vec(),
        inits: p.init_vals(ir).to_vec(),
    })
}

/// The case values of `scf.index_switch` `op`. Region 0 is the default
/// region; case `i` is region `i + 1`.
pub fn index_switch_cases(ir: &Ir, op: OpId) -> Vec<i64> {
    IndexSwitchOp(op).cases(ir).to_vec()
}

/// The region `scf.index_switch` `op` enters for the value `v`.
pub fn index_switch_region(ir: &Ir, op: OpId, v: i64) -> Option<RegionId> {
    let i = index_switch_cases(ir, op).iter().position(|&c| c == v).map_or(0, |i| i + 1);
    ir.regions(op).get(i).copied()
}

// ----- verifiers -------------------------------------------------------------

pub(super) fn verify_parallel(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_num_regions(ir, op, 1)?;
    verify_operand_segments(ir, op, PARALLEL_GROUPS)?;
    let Some(g) = parallel_operands(ir, op) else { return Ok(()) };
    let bounds = g.lower.len() + g.upper.len() + g.step.len();
    check_operands(ir, op, 0..bounds, |c, t| c.is_index(t), "variadic of index")?;
    let region = ParallelOp(op).region(ir);
    let single = ir.entry_block(region).is_some() && ir.region_blocks(region).nth(1).is_none();
    let Some(body) = ir.entry_block(region).filter(|_| single) else {
        return Err(op_error(ir, op, "region #0 ('region') failed to verify constraint: region with 1 blocks"));
    };
    if let Some(t) = ir.last_op(body).filter(|&t| !ReduceOp::matches(ir, t)) {
        return Err(op_error(
            ir,
            op,
            format!("expects regions to end with 'scf.reduce', found '{}'", ir.op_name_str(t)),
        )
        .with_note(ir.op_loc(t), "in custom textual format, the absence of terminator implies 'scf.reduce'"));
    }
    if g.step.is_empty() {
        return Err(op_error(ir, op, "needs at least one tuple element for lowerBound, upperBound and step"));
    }
    for &s in &g.step {
        if constant_int(ir, s).is_some_and(|c| c <= 0) {
            return Err(op_error(ir, op, "constant step operand must be positive"));
        }
    }
    let args = ir.block_args(body);
    if args.len() != g.step.len() {
        return Err(op_error(
            ir,
            op,
            format!(
                "expects the same number of induction variables: {} as bound and step values: {}",
                args.len(),
                g.step.len()
            ),
        ));
    }
    if args.iter().any(|&a| !ctx.is_index(ir.value_type(a))) {
        return Err(op_error(ir, op, "expects arguments for the induction variable to be of index type"));
    }
    let Some(reduce) = ir.last_op(body).filter(|&t| ReduceOp::matches(ir, t)) else {
        return Err(op_error(ir, op, "expects body to terminate with 'scf.reduce'"));
    };
    let num_results = ir.num_results(op);
    let reductions = ir.regions(reduce).len();
    if num_results != reductions {
        return Err(op_error(
            ir,
            op,
            format!("expects number of results: {num_results} to be the same as number of reductions: {reductions}"),
        ));
    }
    if num_results != g.inits.len() {
        return Err(op_error(
            ir,
            op,
            format!(
                "expects number of results: {num_results} to be the same as number of initial values: {}",
                g.inits.len()
            ),
        ));
    }
    for i in 0..reductions.min(ir.num_operands(reduce)) {
        let rt = ir.value_type(ir.result(op, i));
        let ot = ir.value_type(ir.operand(reduce, i));
        if rt != ot {
            return Err(op_error(
                ir,
                reduce,
                format!(
                    "expects type of {i}-th reduction operand: {} to be the same as the {i}-th result type: {}",
                    q(ctx, ot),
                    q(ctx, rt)
                ),
            )
            .with_op(reduce));
        }
    }
    Ok(())
}

pub(super) fn verify_reduce(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    if !ir.parent_op(op).is_some_and(|p| ParallelOp::matches(ir, p)) {
        return Err(op_error(ir, op, "expects parent op 'scf.parallel'"));
    }
    for (i, &r) in ir.regions(op).iter().enumerate() {
        if ir.region_blocks(r).count() != 1 {
            return Err(op_error(
                ir,
                op,
                format!("region #{i} ('reductions') failed to verify constraint: region with 1 blocks"),
            ));
        }
    }
    if ir.regions(op).len() != ir.num_operands(op) {
        // Upstream indexes operands by region number; report the mismatch.
        return Err(op_error(
            ir,
            op,
            format!("expected {} reduction regions, got {}", ir.num_operands(op), ir.regions(op).len()),
        ));
    }
    for (i, &r) in ir.regions(op).iter().enumerate() {
        let ty = ir.value_type(ir.operand(op, i));
        let Some(b) = ir.entry_block(r) else { continue };
        if ir.block_is_empty(b) {
            return Err(op_error(ir, op, format!("{i}-th reduction has an empty body")));
        }
        let args = ir.block_args(b);
        if args.len() != 2 || args.iter().any(|&a| ir.value_type(a) != ty) {
            return Err(op_error(
                ir,
                op,
                format!("expected two block arguments with type {} in the {i}-th reduction region", q(ctx, ty)),
            ));
        }
        if !ir.last_op(b).is_some_and(|t| ReduceReturnOp::matches(ir, t)) {
            return Err(op_error(ir, op, "reduction bodies must be terminated with an 'scf.reduce.return' op"));
        }
    }
    Ok(())
}

pub(super) fn verify_reduce_return(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    if !ir.parent_op(op).is_some_and(|p| ReduceOp::matches(ir, p)) {
        return Err(op_error(ir, op, "expects parent op 'scf.reduce'"));
    }
    if ir.num_operands(op) != 1 {
        return Err(op_error(ir, op, format!("expected 1 operands, but found {}", ir.num_operands(op))));
    }
    let Some(b) = ir.op_block(op) else { return Ok(()) };
    let Some(&arg) = ir.block_args(b).first() else { return Ok(()) };
    let expected = ir.value_type(arg);
    if ir.value_type(ReduceReturnOp(op).result(ir)) != expected {
        return Err(op_error(
            ir,
            op,
            format!("must have type {} (the type of the reduction inputs)", q(ir.ctx(), expected)),
        ));
    }
    Ok(())
}

pub(super) fn verify_index_switch(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let cases = crate::static_dynamic::required_i64_array(ir, op, "cases")?;
    if ir.num_operands(op) != 1 {
        return Err(op_error(ir, op, format!("expected 1 operands, but found {}", ir.num_operands(op))));
    }
    check_operands(ir, op, 0..1, |c, t| c.is_index(t), "index")?;
    let regions = ir.regions(op);
    if regions.is_empty() {
        return Err(op_error(ir, op, "expected 1 or more regions"));
    }
    for (i, &r) in regions.iter().enumerate() {
        if ir.region_blocks(r).count() != 1 {
            let what = if i == 0 { "defaultRegion" } else { "caseRegions" };
            return Err(op_error(
                ir,
                op,
                format!("region #{i} ('{what}') failed to verify constraint: region with 1 blocks"),
            ));
        }
    }
    let num_case_regions = regions.len().saturating_sub(1);
    if cases.len() != num_case_regions {
        return Err(op_error(ir, op, format!("has {num_case_regions} case regions but {} case values", cases.len())));
    }
    let mut seen = std::collections::HashSet::new();
    for &c in &cases {
        if !seen.insert(c) {
            return Err(op_error(ir, op, format!("has duplicate case value: {c}")));
        }
    }
    let results = ir.result_types(op);
    for (i, &r) in regions.iter().enumerate() {
        let name = if i == 0 { "default region".to_string() } else { format!("case region #{}", i - 1) };
        let Some(b) = ir.entry_block(r) else { continue };
        let Some(last) = ir.last_op(b) else { continue };
        if !YieldOp::matches(ir, last) {
            return Err(op_error(
                ir,
                op,
                format!("expected region to end with scf.yield, but got {}", ir.op_name_str(last)),
            ));
        }
        if ir.num_operands(last) != results.len() {
            return Err(op_error(
                ir,
                op,
                format!(
                    "expected each region to return {} values, but {name} returns {}",
                    results.len(),
                    ir.num_operands(last)
                ),
            )
            .with_note(ir.op_loc(last), "see yield operation here"));
        }
        for (idx, (&rt, ot)) in results.iter().zip(ir.operand_types(last)).enumerate() {
            if rt != ot {
                return Err(op_error(ir, op, format!("expected result #{idx} of each region to be {}", q(ctx, rt)))
                    .with_note(ir.op_loc(last), format!("{name} returns {} here", q(ctx, ot))));
            }
        }
    }
    Ok(())
}

// ----- syntax ----------------------------------------------------------------

/// Appends a terminator built by `build` to the entry block of `region`
/// when it lacks one (`SingleBlockImplicitTerminator`).
fn ensure_terminator(ir: &mut Ir, region: RegionId, build: fn(&mut IrBuilder<'_>, ir::Location), loc: ir::Location) {
    if ir.region_is_empty(region) {
        ir.append_block(region, &[], &[]);
    }
    let Some(b) = ir.entry_block(region) else { return };
    if !ir.last_op(b).is_some_and(|last| ir.has_trait(last, OpTraits::TERMINATOR)) {
        build(&mut IrBuilder::at(ir, InsertPoint::BlockEnd(b)), loc);
    }
}

/// An operand-less `scf.reduce` (the implicit terminator of `scf.parallel`).
fn implicit_reduce(b: &mut IrBuilder<'_>, loc: ir::Location) {
    ReduceOp::build(b, loc, &[], 0);
}

/// An operand-less `scf.yield` (the implicit terminator of a default region).
fn implicit_yield(b: &mut IrBuilder<'_>, loc: ir::Location) {
    YieldOp::build(b, loc, &[]);
}

/// Parses `(%a, %b)` with exactly `n` operands when `n` is given.
fn parse_paren_operands<'a>(
    p: &mut IrParser<'a, '_>,
    n: Option<usize>,
) -> PResult<Vec<syntax::op_parser::UnresolvedOperand<'a>>> {
    let pos = p.p.tok.start;
    let list = p.parse_paren_operand_list()?;
    if let Some(n) = n {
        if list.len() != n {
            return Err(p.p.error_at(pos, format!("expected {n} operands")));
        }
    }
    Ok(list)
}

pub(super) struct ParallelAsm;

impl OpAsm for ParallelAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let index = ctx.index_ty();
        let ivs = parse_paren_operands(p, None)?;
        let n = ivs.len();
        p.p.expect(TokenKind::Equal, "expected '='")?;
        let pos = p.p.tok.start;
        let lower = parse_paren_operands(p, Some(n))?;
        let lower = p.resolve_operands(&lower, &vec![index; n], pos)?;
        if !p.p.eat_keyword("to") {
            return Err(p.p.error_here("expected 'to'"));
        }
        let pos = p.p.tok.start;
        let upper = parse_paren_operands(p, Some(n))?;
        let upper = p.resolve_operands(&upper, &vec![index; n], pos)?;
        if !p.p.eat_keyword("step") {
            return Err(p.p.error_here("expected 'step'"));
        }
        let pos = p.p.tok.start;
        let steps = parse_paren_operands(p, Some(n))?;
        let steps = p.resolve_operands(&steps, &vec![index; n], pos)?;
        let mut inits = Vec::new();
        if p.p.eat_keyword("init") {
            inits = parse_paren_operands(p, None)?;
        }
        if p.p.eat(TokenKind::Arrow) {
            st.result_types = p.p.parse_function_result_types()?;
        }
        let args: Vec<ArgDecl<'_>> =
            ivs.iter().map(|iv| ArgDecl { name: *iv, ty: index, loc: p.p.loc_at(iv.pos) }).collect();
        let r = p.ir.create_region();
        p.parse_region(r, &args, false)?;
        st.regions.push(r);
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        let pos = p.p.tok.start;
        let init_vals = p.resolve_operands(&inits, &st.result_types, pos)?;
        ensure_terminator(p.ir, r, implicit_reduce, st.loc);
        let sizes = [lower.len(), upper.len(), steps.len(), init_vals.len()];
        st.add_attr(ctx.intern_str("operandSegmentSizes"), segment_sizes_attr(ctx, &sizes));
        st.operands = lower;
        st.operands.extend(upper);
        st.operands.extend(steps);
        st.operands.extend(init_vals);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let Some(&body) = ir.regions(op).first() else { return };
        let args: Vec<ValueId> = ir.entry_block(body).map(|b| ir.block_args(b).to_vec()).unwrap_or_default();
        let g = parallel_operands(ir, op).unwrap_or_default();
        pr.out.push_str(" (");
        pr.print_values(args);
        pr.out.push_str(") = (");
        pr.print_values(g.lower);
        pr.out.push_str(") to (");
        pr.print_values(g.upper);
        pr.out.push_str(") step (");
        pr.print_values(g.step);
        pr.out.push(')');
        if !g.inits.is_empty() {
            pr.out.push_str(" init (");
            pr.print_values(g.inits);
            pr.out.push(')');
        }
        if ir.num_results(op) > 0 {
            pr.out.push_str(" -> ");
            pr.print_result_types(&ir.result_types(op));
        }
        pr.out.push(' ');
        pr.print_region(body, false, true, false);
        pr.print_optional_attr_dict(ir.attrs(op), &["operandSegmentSizes"]);
    }
}

pub(super) struct ReduceAsm;

impl OpAsm for ReduceAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        if p.p.eat(TokenKind::LParen) {
            let ops = p.parse_operand_list()?;
            p.p.expect(TokenKind::Colon, "expected ':'")?;
            let pos = p.p.tok.start;
            let tys = p.parse_type_list()?;
            p.p.expect(TokenKind::RParen, "expected ')'")?;
            st.operands = p.resolve_operands(&ops, &tys, pos)?;
        }
        if p.p.at(TokenKind::LBrace) {
            loop {
                let r = p.ir.create_region();
                p.parse_region(r, &[], false)?;
                st.regions.push(r);
                if !p.p.eat(TokenKind::Comma) {
                    break;
                }
            }
        }
        if p.p.at_keyword("attributes") {
            return Err(p.p.error_here("expected '{' to begin a region"));
        }
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        if ir.num_operands(op) > 0 {
            pr.out.push('(');
            pr.print_values(ir.operands(op));
            pr.out.push_str(" : ");
            pr.print_types(ir.operand_types(op));
            pr.out.push(')');
        }
        pr.out.push(' ');
        for (i, &r) in ir.regions(op).iter().enumerate() {
            if i > 0 {
                pr.out.push_str(", ");
            }
            pr.print_region(r, true, true, false);
        }
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
    }
}

pub(super) struct IndexSwitchAsm;

impl OpAsm for IndexSwitchAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let arg = p.parse_operand()?;
        st.operands.push(p.resolve_operand(arg, ctx.index_ty())?);
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        if p.p.eat(TokenKind::Arrow) {
            st.result_types = p.parse_type_list()?;
        }
        let mut cases = Vec::new();
        let mut case_regions = Vec::new();
        while p.p.eat_keyword("case") {
            cases.push(crate::static_dynamic::parse_i64(p)?);
            let r = p.ir.create_region();
            p.parse_region(r, &[], false)?;
            case_regions.push(r);
        }
        if !p.p.eat_keyword("default") {
            return Err(p.p.error_here("expected 'default'"));
        }
        let default = p.ir.create_region();
        p.parse_region(default, &[], false)?;
        ensure_terminator(p.ir, default, implicit_yield, st.loc);
        st.regions.push(default);
        st.regions.extend(case_regions);
        st.add_attr(ctx.intern_str("cases"), ctx.dense_i64_array_attr(&cases));
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        pr.print_value(IndexSwitchOp(op).arg(ir));
        pr.print_optional_attr_dict(ir.attrs(op), &["cases"]);
        if ir.num_results(op) > 0 {
            pr.out.push_str(" -> ");
            pr.print_types(ir.result_types(op));
        }
        pr.out.push(' ');
        let indent = " ".repeat(pr.indent());
        let cases = index_switch_cases(ir, op);
        for (&c, &r) in cases.iter().zip(ir.regions(op).iter().skip(1)) {
            pr.out.push('\n');
            pr.out.push_str(&indent);
            pr.out.push_str(&format!("case {c} "));
            pr.print_region(r, false, true, false);
        }
        pr.out.push('\n');
        pr.out.push_str(&indent);
        pr.out.push_str("default ");
        if let Some(&d) = ir.regions(op).first() {
            let trivial = ir
                .entry_block(d)
                .and_then(|b| ir.last_op(b))
                .is_none_or(|t| ir.num_operands(t) == 0 && ir.attrs(t).is_empty() && ir.num_results(t) == 0);
            pr.print_region(d, true, !trivial, false);
        }
    }
}

#[cfg(test)]
mod tests {
    //! Accessors of scf.forall, scf.parallel and scf.index_switch.

    use super::*;
    use crate::scf::forall::{forall_bounds, forall_is_normalized, forall_outputs, forall_terminator};
    use crate::test_util::{all, parse};
    use ir::interfaces::OpFoldSize;

    #[test]
    fn accessors() {
        let (ir, top) = parse(
            r#"
func.func @f(%n: index, %t: tensor<4xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.forall (%i) in (%n) shared_outs(%o = %t) -> (tensor<4xf32>) {
  }
  scf.forall (%i, %j) = (%c0, 2) to (8, %n) step (%c1, 3) {
  }
  %s = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      scf.reduce.return %a : f32
    }
  }
  scf.index_switch %n
  case 4 {
    scf.yield
  }
  default {
  }
  return
}
"#,
        );
        let fa = all(&ir, top, "scf.forall");
        let b = forall_bounds(&ir, fa[0]).expect("bounds");
        assert_eq!(b.lower, vec![OpFoldSize::Static(0)]);
        assert_eq!(b.step, vec![OpFoldSize::Static(1)]);
        assert!(matches!(b.upper[0], OpFoldSize::Value(_)));
        assert_eq!(forall_outputs(&ir, fa[0]).len(), 1);
        assert!(forall_terminator(&ir, fa[0]).is_some());
        assert!(forall_is_normalized(&ir, fa[0]));
        let b = forall_bounds(&ir, fa[1]).expect("bounds");
        assert_eq!(b.lower[1], OpFoldSize::Static(2));
        assert_eq!(b.step[1], OpFoldSize::Static(3));
        assert!(!forall_is_normalized(&ir, fa[1]));
        let p = all(&ir, top, "scf.parallel")[0];
        let g = parallel_operands(&ir, p).expect("operands");
        assert_eq!((g.lower.len(), g.upper.len(), g.step.len(), g.inits.len()), (1, 1, 1, 1));
        let sw = all(&ir, top, "scf.index_switch")[0];
        assert_eq!(index_switch_cases(&ir, sw), vec![4]);
        assert_eq!(index_switch_region(&ir, sw, 4), ir.regions(sw).get(1).copied());
        assert_eq!(index_switch_region(&ir, sw, 5), ir.regions(sw).first().copied());
    }
}
