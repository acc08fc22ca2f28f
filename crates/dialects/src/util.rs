//! Helpers shared by the dialect modules: registration shorthands and the
//! small pieces of declarative-format syntax many ops share.

use ir::{Context, DialectInfo, OpInfo, OpTraits};
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::IrParser;
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

/// Registers an op with traits, inherent attributes, verifier and syntax.
pub fn register_op(
    ctx: &mut Context,
    name: &str,
    traits: OpTraits,
    inherent: &[&str],
    verify: Option<ir::registry::VerifyFn>,
    asm: Option<Box<dyn OpAsm>>,
) {
    let mut info = OpInfo::new(ctx, name);
    info.traits = traits;
    info.inherent_attrs = inherent.iter().map(|s| ctx.intern_str(s)).collect();
    info.verify = verify;
    let n = info.name;
    ctx.registry_mut().register_op(info);
    if let Some(a) = asm {
        ctx.registry_mut().add_interface::<dyn OpAsm>(n, a);
    }
}

/// Registers a dialect namespace.
pub fn register_dialect(ctx: &mut Context, name: &str, allow_unknown_ops: bool) {
    let n = ctx.intern_str(name);
    ctx.registry_mut().register_dialect(n, DialectInfo { allow_unknown_ops });
}

/// Dialect namespaces whose ops are not modelled yet but that mlir-opt-19
/// knows: `test` accepts unknown ops (as upstream's test dialect does).
pub fn register_passthrough_dialects(ctx: &mut Context) {
    register_dialect(ctx, "test", true);
}

/// Parses `attr-dict ($operands^ `:` type($operands))?`, the syntax of
/// return-like terminators (`func.return`, `scf.yield`, …).
pub fn parse_attr_dict_operands_types(p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
    if p.p.at(TokenKind::LBrace) {
        p.p.parse_attr_dict(&mut st.attrs)?;
    }
    let ops = p.parse_operand_list()?;
    if !ops.is_empty() {
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let pos = p.p.tok.start;
        let tys = p.parse_type_list()?;
        st.operands = p.resolve_operands(&ops, &tys, pos)?;
    }
    Ok(())
}

/// Prints `attr-dict ($operands^ `:` type($operands))?`.
pub fn print_attr_dict_operands_types(pr: &mut OpPrinter<'_>, op: ir::OpId) {
    let ir = pr.ir;
    pr.print_optional_attr_dict(ir.attrs(op), &[]);
    if ir.num_operands(op) > 0 {
        pr.out.push(' ');
        pr.print_values(ir.operands(op));
        pr.out.push_str(" : ");
        pr.print_types(ir.operand_types(op));
    }
}
