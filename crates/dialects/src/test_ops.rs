//! The registered ops of upstream's `test` dialect that bufferization tests
//! use. Other `test.*` ops stay unregistered (the dialect accepts unknown
//! ops, as mlir-opt-19's does). So far: `test.copy` (a `CopyLike` op that
//! reads its source and writes its target), `test.make_tuple` and
//! `test.get_tuple_element`.

use crate::util::register_op;
use ir::interfaces::{CopyLike, Effect, EffectKind, EffectOn, MemoryEffects};
use ir::{Context, Diagnostic, Ir, OpId, OpTraits};
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::IrParser;
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

/// Registers the modelled test ops (the `test` namespace itself is
/// registered by [`crate::util::register_passthrough_dialects`]).
pub fn register(ctx: &mut Context) {
    register_op(ctx, "test.copy", OpTraits::default(), &[], Some(verify_copy), Some(Box::new(CopyAsm)));
    let n = ctx.intern_str("test.copy");
    ctx.registry_mut().add_interface::<dyn MemoryEffects>(n, Box::new(CopyEffects));
    ctx.registry_mut().add_interface::<dyn CopyLike>(n, Box::new(CopyEffects));
    // Tuple helpers of the type-decomposition tests (generic syntax only).
    register_op(ctx, "test.make_tuple", OpTraits::PURE, &[], None, None);
    register_op(ctx, "test.get_tuple_element", OpTraits::PURE, &["index"], None, None);
}

fn verify_copy(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    if ir.num_operands(op) != 2 || ir.operands(op).any(|v| !ctx.is_memref(ir.value_type(v))) {
        return Err(Diagnostic::error(ir.op_loc(op), "'test.copy' op expects two memref operands"));
    }
    Ok(())
}

struct CopyEffects;

impl MemoryEffects for CopyEffects {
    fn effects(&self, _ir: &Ir, _op: OpId, out: &mut Vec<Effect>) {
        out.push(Effect { kind: EffectKind::Read, on: EffectOn::Operand(0) });
        out.push(Effect { kind: EffectKind::Write, on: EffectOn::Operand(1) });
    }
}

impl CopyLike for CopyEffects {
    fn source(&self, _ir: &Ir, _op: OpId) -> usize {
        0
    }
    fn target(&self, _ir: &Ir, _op: OpId) -> usize {
        1
    }
}

struct CopyAsm;

impl OpAsm for CopyAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        p.p.expect(TokenKind::LParen, "expected '('")?;
        let a = p.parse_operand()?;
        p.p.expect(TokenKind::Comma, "expected ','")?;
        let b = p.parse_operand()?;
        p.p.expect(TokenKind::RParen, "expected ')'")?;
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        p.p.expect(TokenKind::LParen, "expected '('")?;
        let pos = p.p.tok.start;
        let ta = p.p.parse_type()?;
        p.p.expect(TokenKind::Comma, "expected ','")?;
        let tb = p.p.parse_type()?;
        p.p.expect(TokenKind::RParen, "expected ')'")?;
        st.operands = p.resolve_operands(&[a, b], &[ta, tb], pos)?;
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push('(');
        pr.print_values(ir.operands(op));
        pr.out.push_str(") : (");
        pr.print_types(ir.operand_types(op));
        pr.out.push(')');
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
    }
}
