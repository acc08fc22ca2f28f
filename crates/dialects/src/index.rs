//! The `index` dialect, as far as bufferization's tests use it:
//! `index.constant`, an `index` constant with mlir-opt-19's syntax
//! (`index.constant {attrs} 27`), its folder (so `m_ConstantInt`-style matchers and
//! the greedy driver see its value) and its result name (`%idx27`).

use crate::declare_op;
use crate::util::{check_num_operands, check_num_results, check_results, op_error, register_dialect};
use ir::op_decl::AnyAttr;
use ir::{AttrKind, Attribute, Context, Diagnostic, FoldOutcome, Ir, OpFoldResult, OpId, OpTraits, ValueId};
use smallvec::smallvec;
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::IrParser;
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

declare_op! {
    /// `index.constant`: an `index` value known at compile time.
    pub struct ConstantOp = "index.constant" {
        traits: OpTraits(OpTraits::CONSTANT_LIKE.0 | OpTraits::PURE.0),
        attrs: [value: AnyAttr],
        results: [result: Single],
        verify: verify_constant,
        fold: fold_constant,
        asm: ConstantAsm,
    }
}

/// Registers the index dialect.
pub fn register(ctx: &mut Context) {
    register_dialect(ctx, "index", false);
    crate::register_ops!(ctx, [ConstantOp]);
}

fn verify_constant(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_operands(ir, op, 0)?;
    check_num_results(ir, op, 1)?;
    let ctx = ir.ctx();
    let Some(value) = ir.attr(op, "value") else {
        return Err(op_error(ir, op, "requires attribute 'value'"));
    };
    let index_attr = matches!(ctx.attr_kind(value), AttrKind::Integer { ty, .. } if ctx.is_index(*ty));
    if !index_attr {
        return Err(op_error(ir, op, "attribute 'value' failed to satisfy constraint: index attribute"));
    }
    check_results(ir, op, 0..1, Context::is_index, "index")
}

fn fold_constant(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    match ir.attr(op, "value") {
        Some(a) => FoldOutcome::Results(smallvec![OpFoldResult::Attr(a)]),
        None => FoldOutcome::Failure,
    }
}

/// `attr-dict $value`, the value an integer of type `index`.
struct ConstantAsm;

impl OpAsm for ConstantAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let index = ctx.index_ty();
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        let value = p.p.parse_attribute(Some(index))?;
        st.add_attr(ctx.intern_str("value"), value);
        st.result_types.push(index);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.print_optional_attr_dict(ir.attrs(op), &["value"]);
        if let Some(v) = ir.attr(op, "value") {
            pr.out.push(' ');
            pr.print_attr_no_type(v);
        }
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        if ir.num_results(op) != 1 {
            return;
        }
        if let Some(n) = ir.attr(op, "value").and_then(|a| ir.ctx().int_value(a)) {
            set(ir.result(op, 0), &format!("idx{n}"));
        }
    }
}
