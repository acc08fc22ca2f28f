//! An example of extending bufopt from outside its crates: the `my`
//! dialect, declared with `dialects::declare_op!`, and the registration a
//! tool passes to `bufopt::main_with`.
//!
//! - `my.scale %x by %f : tensor<4xf32>` multiplies every element of a
//!   float tensor (or memref) by a scalar of its element type. It is pure,
//!   has custom syntax and a verifier, and canonicalizes `my.scale %x by 1.0`
//!   to `%x` (pattern `ScaleByOne`).
//! - `my.trace %x : f32` writes `%x` to a trace: it has a memory effect on
//!   a resource of its own, so it is never erased as dead.
//!
//! `my.scale` on tensors also takes part in One-Shot Bufferize: its
//! `BufferizableOp` model lives in [`bufferize`] and is attached by
//! [`register`] next to bufopt's own models. For dialect-conversion
//! bufferization it has a conversion pattern and the partial pass
//! `my-bufferize` ([`partial`]), registered by [`TOOL`].

pub mod bufferize;
pub mod partial;

use dialects::declare_op;
use ir::interfaces::{Effect, EffectKind, EffectOn, MemoryEffects, Resource};
use ir::rewrite_api::PatternRewriter;
use ir::{AttrKind, Context, Diagnostic, Ir, OpId, OpTraits, RegistryError, Type};
use syntax::asm::{OpAsm, OpState};
use syntax::op_parser::IrParser;
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

declare_op! {
    /// `my.scale`: multiplies a float tensor or memref by a scalar.
    pub struct ScaleOp = "my.scale" {
        traits: OpTraits::PURE,
        operands: [input: Single, factor: Single],
        results: [result: Single],
        verify: verify_scale,
        asm: ScaleAsm,
        patterns: ["ScaleByOne" => scale_by_one],
    }
}

declare_op! {
    /// `my.trace`: records a value in the trace.
    pub struct TraceOp = "my.trace" {
        traits: OpTraits::default(),
        operands: [value: Single],
        asm: TraceAsm,
        interfaces: [MemoryEffects => TraceEffects],
    }
}

/// The resource `my.trace` writes.
pub const TRACE: Resource = Resource::User("my::trace");

struct TraceEffects;

impl MemoryEffects for TraceEffects {
    fn effects(&self, _: &Ir, _: OpId, out: &mut Vec<Effect>) {
        out.push(Effect::on_resource(EffectKind::Write, EffectOn::Unknown, TRACE));
    }
}

/// Registers bufopt's dialects (with their bufferization models) and the
/// `my` dialect with the model of `my.scale`: the `register_dialects` of
/// [`TOOL`].
pub fn register(ctx: &mut Context) -> Result<(), RegistryError> {
    bufopt::register_all(ctx)?;
    dialects::util::register_dialect(ctx, "my", false);
    dialects::register_ops!(ctx, [ScaleOp, TraceOp]);
    bufferize::register(ctx);
    ctx.registry().check(ctx)
}

/// The `my-opt` tool: bufopt's driver with the `my` dialect.
pub const TOOL: bufopt::Tool =
    bufopt::Tool { name: "my-opt", register_dialects: register, register_passes: |reg| reg.add(partial::pass_info()) };

fn verify_scale(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let s = ScaleOp(op);
    let err = |msg: String| Diagnostic::error(ir.op_loc(op), format!("'my.scale' op {msg}"));
    let (input, result) = (ir.value_type(s.input(ir)), ir.value_type(s.result(ir)));
    if input != result {
        return Err(err("requires the input and the result to have the same type".into()));
    }
    let elem = ctx.element_type(input).filter(|&e| ctx.float_kind(e).is_some());
    let Some(elem) = elem.filter(|_| ctx.shape(input).is_some()) else {
        return Err(err(format!("input must be a float tensor or memref, but got {}", type_text(ctx, input))));
    };
    let factor = ir.value_type(s.factor(ir));
    if factor != elem {
        return Err(err(format!(
            "factor must have the element type {}, but got {}",
            type_text(ctx, elem),
            type_text(ctx, factor)
        )));
    }
    Ok(())
}

fn type_text(ctx: &Context, t: Type) -> String {
    format!("'{}'", syntax::print_attr::type_to_string(ctx, t))
}

/// `my.scale %x by 1.0` → `%x`.
fn scale_by_one(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let s = ScaleOp(op);
    let Some(def) = ir.defining_op(s.factor(ir)) else { return false };
    if !ir.has_trait(def, OpTraits::CONSTANT_LIKE) {
        return false;
    }
    let Some(value) = ir.attr(def, "value") else { return false };
    let AttrKind::Float { ty, bits } = *ir.ctx().attr_kind(value) else { return false };
    let Some(kind) = ir.ctx().float_kind(ty) else { return false };
    if ir::float::to_f64(kind, bits) != 1.0 {
        return false;
    }
    let input = s.input(ir);
    rw.replace_op(op, &[input]);
    true
}

/// `$input `by` $factor attr-dict : type($input)`.
struct ScaleAsm;

impl OpAsm for ScaleAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let input = p.parse_operand()?;
        if !p.p.eat_keyword("by") {
            return Err(p.p.error_here("expected 'by'"));
        }
        let factor = p.parse_operand()?;
        if p.p.at(syntax::lexer::TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        p.p.expect(syntax::lexer::TokenKind::Colon, "expected ':'")?;
        let pos = p.p.tok.start;
        let ty = p.p.parse_type()?;
        let elem = p.p.ctx.element_type(ty).ok_or_else(|| p.p.error_at(pos, "expected a shaped type"))?;
        st.operands.push(p.resolve_operand(input, ty)?);
        st.operands.push(p.resolve_operand(factor, elem)?);
        st.result_types.push(ty);
        Ok(())
    }
    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let s = ScaleOp(op);
        pr.out.push(' ');
        pr.print_value(s.input(ir));
        pr.out.push_str(" by ");
        pr.print_value(s.factor(ir));
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
        pr.out.push_str(" : ");
        pr.print_type(ir.value_type(s.input(ir)));
    }
    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ir::ValueId, &str)) {
        set(ScaleOp(op).result(ir), "scaled");
    }
}

/// `$value attr-dict : type($value)`.
struct TraceAsm;

impl OpAsm for TraceAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let v = p.parse_operand()?;
        if p.p.at(syntax::lexer::TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        p.p.expect(syntax::lexer::TokenKind::Colon, "expected ':'")?;
        let ty = p.p.parse_type()?;
        st.operands.push(p.resolve_operand(v, ty)?);
        Ok(())
    }
    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let v = TraceOp(op).value(ir);
        pr.out.push(' ');
        pr.print_value(v);
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
        pr.out.push_str(" : ");
        pr.print_type(ir.value_type(v));
    }
}
