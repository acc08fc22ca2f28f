//! The `ub` dialect (undefined behaviour): the `#ub.poison` attribute and
//! `ub.poison`, the constant that materializes a poisoned value, with
//! mlir-opt-19's syntax (`ub.poison : T`, `ub.poison <#attr> : T` when the
//! value is not the default `#ub.poison`), its verifier, its `ConstantLike`
//! folder and the dialect's constant materializer.
//!
//! The attribute is also the one concept of poison the folders of other
//! dialects use: [`poison_attr`], [`is_poison`] and [`first_poison`] (the
//! operand a constant folder propagates, as MLIR's `CommonFolders.h` does
//! with `ub::PoisonAttr`). Upstream's `PoisonAttrInterface` has one
//! implementation in MLIR 19, `#ub.poison`; [`is_poison`] is that interface's
//! test.

use crate::declare_op;
use crate::util::{check_num_operands, check_num_results, custom_error, plain_error, register_dialect};
use ir::op_decl::AnyAttr;
use ir::rewrite_api::ConstantMaterializer;
use ir::{
    AttrKind, Attribute, Context, Diagnostic, FoldOutcome, InsertPoint, Ir, Location, NamedAttr, OpFoldResult, OpId,
    OpSpec, OpTraits, Type,
};
use smallvec::smallvec;
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::IrParser;
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

declare_op! {
    /// `ub.poison`: a compile-time poisoned constant (deferred undefined
    /// behaviour). `value` says how it is poisoned; the default
    /// `#ub.poison` poisons the whole value.
    pub struct PoisonOp = "ub.poison" {
        traits: OpTraits(OpTraits::CONSTANT_LIKE.0 | OpTraits::PURE.0),
        attrs: [value: AnyAttr],
        results: [result: Single],
        verify: verify_poison,
        fold: fold_poison,
        asm: PoisonAsm,
    }
}

/// Registers the ub dialect: `ub.poison` and the materializer of poison
/// constants.
pub fn register(ctx: &mut Context) {
    register_dialect(ctx, "ub", false);
    let n = ctx.intern_str("ub");
    ctx.registry_mut().set_materializer(n, std::sync::Arc::new(PoisonMaterializer));
    crate::register_ops!(ctx, [PoisonOp]);
}

/// `#ub.poison`.
pub fn poison_attr(ctx: &Context) -> Attribute {
    ctx.attr(AttrKind::Opaque { dialect: ctx.intern_str("ub"), body: ctx.intern_str("poison"), ty: None })
}

/// True when `a` is a poison attribute (`PoisonAttrInterface`).
pub fn is_poison(ctx: &Context, a: Attribute) -> bool {
    matches!(ctx.attr_kind(a), AttrKind::Opaque { dialect, body, ty: None }
        if ctx.str(*dialect) == "ub" && ctx.str(*body) == "poison")
}

/// The first poison among constant operands, which a constant folder
/// returns as its result (poison propagates).
pub fn first_poison(ctx: &Context, operands: &[Option<Attribute>]) -> Option<Attribute> {
    operands.iter().flatten().copied().find(|&a| is_poison(ctx, a))
}

/// Creates `ub.poison <value> : ty` at `ip` when `value` is a poison
/// attribute (the materializer of `ub`, and of `arith` and `math` for
/// poison values).
pub fn materialize_poison(ir: &mut Ir, ip: InsertPoint, value: Attribute, ty: Type, loc: Location) -> Option<OpId> {
    let ctx = ir.ctx();
    if !is_poison(ctx, value) {
        return None;
    }
    let name = ctx.intern_str(PoisonOp::NAME);
    let attrs = [NamedAttr { name: PoisonOp::value_name(ctx), value }];
    let results = [ty];
    Some(ir.insert_new_op(ip, OpSpec { results: &results, attrs: &attrs, ..OpSpec::new(name, loc) }))
}

/// The `ub` dialect's constant materializer.
struct PoisonMaterializer;

impl ConstantMaterializer for PoisonMaterializer {
    fn materialize(&self, ir: &mut Ir, ip: InsertPoint, value: Attribute, ty: Type, loc: Location) -> Option<OpId> {
        materialize_poison(ir, ip, value, ty, loc)
    }
}

fn verify_poison(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_operands(ir, op, 0)?;
    check_num_results(ir, op, 1)?;
    if let Some(v) = PoisonOp(op).value_attr(ir) {
        if !is_poison(ir.ctx(), v) {
            let ctx = ir.ctx();
            let shown = syntax::printer::attr_text(ctx, v);
            let dict = syntax::printer::attr_text(
                ctx,
                ctx.dict_attr(&[NamedAttr { name: PoisonOp::value_name(ctx), value: v }]),
            );
            let msg = format!(
                "invalid properties {dict} for op ub.poison: Invalid attribute `value` in property conversion: {shown}"
            );
            return Err(plain_error(ir, op, msg));
        }
    }
    Ok(())
}

fn fold_poison(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx();
    let value = PoisonOp(op).value_attr(ir).unwrap_or_else(|| poison_attr(ctx));
    FoldOutcome::Results(smallvec![OpFoldResult::Attr(value)])
}

/// `attr-dict (`<` $value^ `>`)? `:` type($result)`, `value` defaulting to
/// `#ub.poison`.
struct PoisonAsm;

impl OpAsm for PoisonAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        let value = if p.p.eat(TokenKind::Less) {
            let pos = p.p.tok.start;
            let a = p.p.parse_attribute(None)?;
            if !is_poison(ctx, a) {
                return Err(custom_error(p, st, pos, "invalid kind of attribute specified"));
            }
            p.p.expect(TokenKind::Greater, "expected '>'")?;
            a
        } else {
            poison_attr(ctx)
        };
        st.add_attr(PoisonOp::value_name(ctx), value);
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let ty = p.p.parse_type()?;
        st.result_types.push(ty);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.print_optional_attr_dict(ir.attrs(op), &["value"]);
        if let Some(v) = PoisonOp(op).value_attr(ir).filter(|&v| v != poison_attr(ir.ctx())) {
            pr.out.push_str(" <");
            pr.print_attr(v);
            pr.out.push('>');
        }
        pr.out.push_str(" : ");
        pr.print_types(ir.result_types(op));
    }
}
