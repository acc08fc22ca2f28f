//! Helpers shared by the dialect modules: registration shorthands and the
//! small pieces of declarative-format syntax many ops share.

use ir::{Context, Diagnostic, DialectInfo, Ir, OpId, OpInfo, OpTraits};
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

// ----- ODS-style diagnostics and structural checks -------------------------

/// MLIR's `emitOpError`: `'name' op message`.
pub(crate) fn op_error(ir: &Ir, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(ir.op_loc(op), format!("'{}' op {msg}", ir.op_name_str(op)))
}

/// MLIR's `emitError` on an op (no name prefix).
pub(crate) fn plain_error(ir: &Ir, op: OpId, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::error(ir.op_loc(op), msg)
}

/// Exactly `n` operands (`ZeroOperands`, `OneOperand`, `NOperands<n>`).
pub(crate) fn check_num_operands(ir: &Ir, op: OpId, n: usize) -> Result<(), Diagnostic> {
    let k = ir.num_operands(op);
    if k != n {
        let msg = match n {
            0 => "requires zero operands".to_string(),
            1 => "requires a single operand".to_string(),
            _ => format!("expected {n} operands, but found {k}"),
        };
        return Err(op_error(ir, op, msg));
    }
    Ok(())
}

/// At least `n` operands (`AtLeastNOperands<n>`).
pub(crate) fn check_min_operands(ir: &Ir, op: OpId, n: usize) -> Result<(), Diagnostic> {
    let k = ir.num_operands(op);
    if k < n {
        return Err(op_error(ir, op, format!("expected {n} or more operands, but found {k}")));
    }
    Ok(())
}

/// Exactly `n` results (`ZeroResults`, `OneResult`, `NResults<n>`).
pub(crate) fn check_num_results(ir: &Ir, op: OpId, n: usize) -> Result<(), Diagnostic> {
    let k = ir.num_results(op);
    if k != n {
        let msg = match n {
            0 => "requires zero results".to_string(),
            1 => "requires one result".to_string(),
            _ => format!("expected {n} results, but found {k}"),
        };
        return Err(op_error(ir, op, msg));
    }
    Ok(())
}

/// Exactly `n` regions (`ZeroRegions`, `OneRegion`).
pub(crate) fn check_num_regions(ir: &Ir, op: OpId, n: usize) -> Result<(), Diagnostic> {
    let k = ir.regions(op).len();
    if k != n {
        let msg = match n {
            0 => "requires zero regions".to_string(),
            1 => "requires one region".to_string(),
            _ => format!("expected {n} regions"),
        };
        return Err(op_error(ir, op, msg));
    }
    Ok(())
}
