//! mlir-opt-19's custom syntax of `scf.for`, `scf.if`, `scf.while`,
//! `scf.execute_region`, `scf.yield` and `scf.condition`, implicit
//! `scf.yield` terminators included.

use super::ops::{ForOp, IfOp, WhileOp, YieldOp};
use crate::util::print_bound_args;
use ir::op_decl::IrBuilder;
use ir::{InsertPoint, Ir, OpId, OpTraits, RegionId, Type, ValueId};
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::{ArgDecl, IrParser};
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

/// Appends an `scf.yield` to every empty-terminator block of `region`
/// (MLIR's `ensureTerminator` for `SingleBlockImplicitTerminator`).
fn ensure_yield(ir: &mut Ir, region: RegionId, loc: ir::Location) {
    let b = match ir.entry_block(region) {
        Some(b) => b,
        None => ir.append_block(region, &[], &[]),
    };
    let needs = match ir.last_op(b) {
        None => true,
        Some(last) => !ir.has_trait(last, OpTraits::TERMINATOR),
    };
    if needs {
        YieldOp::build(&mut IrBuilder::at(ir, InsertPoint::BlockEnd(b)), loc, &[]);
    }
}

/// True when the region's terminator is an operand-less `scf.yield` (so it
/// is elided when printing).
fn yield_is_trivial(ir: &Ir, r: RegionId) -> bool {
    let Some(b) = ir.entry_block(r) else { return true };
    match ir.last_op(b) {
        Some(t) => YieldOp::matches(ir, t) && ir.num_operands(t) == 0 && ir.attrs(t).is_empty(),
        None => true,
    }
}

fn parse_optional_arrow_types(p: &mut IrParser<'_, '_>) -> PResult<Vec<Type>> {
    if p.p.eat(TokenKind::Arrow) {
        return p.p.parse_function_result_types();
    }
    Ok(Vec::new())
}

pub(super) struct ForAsm;

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
        let for_op = ForOp(op);
        let body = for_op.region(ir);
        let entry = ir.entry_block(body).expect("scf.for body");
        let args = ir.block_args(entry).to_vec();
        pr.out.push(' ');
        pr.print_value(args[0]);
        pr.out.push_str(" = ");
        pr.print_value(for_op.lower_bound(ir));
        pr.out.push_str(" to ");
        pr.print_value(for_op.upper_bound(ir));
        pr.out.push_str(" step ");
        pr.print_value(for_op.step(ir));
        let inits: Vec<ValueId> = for_op.init_args(ir).to_vec();
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

pub(super) struct IfAsm;

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
        let if_op = IfOp(op);
        pr.print_value(if_op.condition(ir));
        let has_results = ir.num_results(op) > 0;
        if has_results {
            pr.out.push_str(" -> (");
            pr.print_types(ir.result_types(op));
            pr.out.push(')');
        }
        let (then_r, else_r) = (if_op.then_region(ir), if_op.else_region(ir));
        pr.out.push(' ');
        pr.print_region(then_r, false, has_results || !yield_is_trivial(ir, then_r), false);
        if !ir.region_is_empty(else_r) {
            pr.out.push_str(" else ");
            pr.print_region(else_r, false, has_results || !yield_is_trivial(ir, else_r), false);
        }
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
    }
}

pub(super) struct WhileAsm;

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
        let sig = p.parse_function_signature("expected function type")?;
        let ins = sig.inputs;
        st.operands = p.resolve_operands(&inits, &ins, sig.pos)?;
        st.result_types = sig.results;
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
        let while_op = WhileOp(op);
        let before = while_op.before(ir);
        let args: Vec<ValueId> = ir.entry_block(before).map(|b| ir.block_args(b).to_vec()).unwrap_or_default();
        // An empty initialization list is not printed.
        if ir.num_operands(op) > 0 {
            let inits: Vec<ValueId> = while_op.inits(ir).to_vec();
            print_bound_args(pr, "", &args, &inits);
        }
        pr.out.push_str(" : ");
        pr.print_functional_type(&ir.operand_types(op), &ir.result_types(op));
        pr.out.push(' ');
        pr.print_region(before, false, true, false);
        pr.out.push_str(" do ");
        pr.print_region(while_op.after(ir), true, true, false);
        pr.print_optional_attr_dict_with_keyword(ir.attrs(op), &[]);
    }
}

pub(super) struct ExecAsm;

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
        pr.print_region(super::ops::ExecuteRegionOp(op).region(ir), false, true, false);
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
    }
}
