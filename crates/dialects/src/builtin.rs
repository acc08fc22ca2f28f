//! The `builtin` dialect: `builtin.module` and
//! `builtin.unrealized_conversion_cast`.

use crate::util::{register_dialect, register_op};
use ir::{Context, Diagnostic, Ir, OpId, OpTraits};
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::IrParser;
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

/// Registers the builtin dialect.
pub fn register(ctx: &mut Context) {
    register_dialect(ctx, "builtin", false);
    register_op(
        ctx,
        "builtin.module",
        OpTraits::ISOLATED_FROM_ABOVE
            | OpTraits::NO_TERMINATOR
            | OpTraits::SINGLE_BLOCK
            | OpTraits::SYMBOL_TABLE
            | OpTraits::SYMBOL
            | OpTraits::OPTIONAL_SYMBOL
            | OpTraits::GRAPH_REGION,
        &["sym_name", "sym_visibility"],
        Some(verify_module),
        Some(Box::new(ModuleAsm)),
    );
    let module = ctx.intern_str("builtin.module");
    let symbol: Box<dyn ir::interfaces::SymbolOp> = Box::new(crate::func_interfaces::DefinitionSymbol);
    ctx.registry_mut().add_interface::<dyn ir::interfaces::SymbolOp>(module, symbol);
    register_op(ctx, "builtin.unrealized_conversion_cast", OpTraits::PURE, &[], None, Some(Box::new(CastAsm)));
    let name = ctx.intern_str("builtin.unrealized_conversion_cast");
    if let Some(info) = ctx.registry_mut().op_mut(name) {
        info.fold = Some(fold_unrealized_cast);
    }
    ctx.registry_mut().add_interface::<dyn ir::interfaces::CastLike>(name, Box::new(UnrealizedCastIface));
}

/// Any types may be cast into any others.
struct UnrealizedCastIface;

impl ir::interfaces::CastLike for UnrealizedCastIface {
    fn are_cast_compatible(&self, _: &Ir, _: &[ir::Type], _: &[ir::Type]) -> bool {
        true
    }
}

/// Folds a cast to its inputs when the types already match, and a cast of
/// the results of another cast back to that cast's inputs (`A -> B -> A`).
fn fold_unrealized_cast(ir: &mut Ir, op: OpId, _: &[Option<ir::Attribute>]) -> ir::FoldOutcome {
    let same = |ir: &Ir, a: &[ir::ValueId], b: &[ir::ValueId]| {
        a.len() == b.len() && a.iter().zip(b).all(|(&x, &y)| ir.value_type(x) == ir.value_type(y))
    };
    let operands: Vec<ir::ValueId> = ir.operands(op).collect();
    let results: Vec<ir::ValueId> = ir.results(op).collect();
    let values =
        |vs: &[ir::ValueId]| ir::FoldOutcome::Results(vs.iter().map(|&v| ir::OpFoldResult::Value(v)).collect());
    if same(ir, &operands, &results) {
        return values(&operands);
    }
    let Some(input) = operands.first().and_then(|&v| ir.defining_op(v)) else { return ir::FoldOutcome::Failure };
    if ir.op_name(input) != ir.op_name(op) {
        return ir::FoldOutcome::Failure;
    }
    let inner_results: Vec<ir::ValueId> = ir.results(input).collect();
    let inner_operands: Vec<ir::ValueId> = ir.operands(input).collect();
    if inner_results != operands || !same(ir, &inner_operands, &results) {
        return ir::FoldOutcome::Failure;
    }
    values(&inner_operands)
}

fn verify_module(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    // Malformed generic forms (an unnamed module is verified anywhere).
    if ir.operands(op).len() != 0 {
        return Err(Diagnostic::error(ir.op_loc(op), "'builtin.module' op requires zero operands"));
    }
    if ir.results(op).len() != 0 {
        return Err(Diagnostic::error(ir.op_loc(op), "'builtin.module' op requires zero results"));
    }
    let &[r] = ir.regions(op) else {
        return Err(Diagnostic::error(ir.op_loc(op), "'builtin.module' op requires one region"));
    };
    let n = ir.region_blocks(r).count();
    if n != 1 {
        return Err(Diagnostic::error(ir.op_loc(op), "'builtin.module' op expects region #0 to have 0 or 1 blocks"));
    }
    let entry = ir.entry_block(r).expect("one block");
    if !ir.block_args(entry).is_empty() {
        return Err(Diagnostic::error(ir.op_loc(op), "'builtin.module' op expects region #0 to have no arguments"));
    }
    Ok(())
}

struct ModuleAsm;

impl OpAsm for ModuleAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        if p.p.at(TokenKind::AtIdent) {
            let name = p.parse_symbol_name()?;
            st.add_attr(ctx.intern_str("sym_name"), ctx.str_attr(&name));
        }
        if p.p.eat_keyword("attributes") {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        let r = p.ir.create_region();
        p.parse_region(r, &[], false)?;
        // An empty module body still gets its block.
        if p.ir.region_is_empty(r) {
            p.ir.append_block(r, &[], &[]);
        }
        st.regions.push(r);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        if let Some(n) = ir.attr(op, "sym_name").and_then(|a| pr.ctx().str_value(a)) {
            pr.out.push(' ');
            syntax::print_attr::print_symbol_name(n, &mut pr.out);
        }
        pr.print_optional_attr_dict_with_keyword(ir.attrs(op), &["sym_name"]);
        pr.out.push(' ');
        pr.print_region(ir.region(op, 0), false, false, false);
    }

    fn default_dialect(&self) -> Option<&'static str> {
        Some("builtin")
    }
}

struct CastAsm;

impl OpAsm for CastAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let operands = p.parse_operand_list()?;
        let mut tys = Vec::new();
        if !operands.is_empty() {
            p.p.expect(TokenKind::Colon, "expected ':'")?;
            tys = p.parse_type_list()?;
        }
        let pos = p.p.tok.start;
        st.operands = p.resolve_operands(&operands, &tys, pos)?;
        if !p.p.eat_keyword("to") {
            return Err(p.p.error_here("expected 'to'"));
        }
        st.result_types = p.parse_type_list()?;
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        if ir.num_operands(op) > 0 {
            pr.out.push(' ');
            pr.print_values(ir.operands(op));
            pr.out.push_str(" : ");
            pr.print_types(ir.operand_types(op));
        }
        pr.out.push_str(" to ");
        pr.print_types(ir.result_types(op));
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
    }
}
