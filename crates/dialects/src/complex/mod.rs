//! The `complex` dialect of MLIR 19: arithmetic and elementary functions on
//! complex numbers with float parts (`add` ... `tanh`, each with arith's
//! `fastmath` flag), `create`/`re`/`im`, `eq`/`neq`, `bitcast` and
//! `constant` (`complex.constant [1.0 : f32, 2.0 : f32] : complex<f32>`),
//! with upstream's custom syntax, verifier messages, folders and
//! canonicalization patterns. Constants materialize as `complex.constant`
//! for a two-part array of a complex type, else as `arith.constant`
//! (upstream's `ComplexDialect::materializeConstant`).
//!
//! Submodules: [`ops`] (the op declarations and typed views, e.g.
//! [`AddOp`], [`CreateOp`], [`ConstantOp`]), `asm` (custom syntax) and
//! `fold` (folders and patterns). The interpreter evaluates the ops
//! (`crates/interp`).

mod asm;
mod fold;
pub mod ops;

pub use ops::*;

use crate::util::register_dialect;
use ir::rewrite_api::ConstantMaterializer;
use ir::{AttrKind, Attribute, Context, InsertPoint, Ir, Location, OpId, Type, TypeKind};

/// Upstream's `complex::ConstantOp::isBuildableWith`: a two-element array of
/// float (or integer) attributes of `ty`'s element type.
pub fn is_buildable_constant(ctx: &Context, value: Attribute, ty: Type) -> bool {
    let TypeKind::Complex(elem) = ctx.kind(ty) else { return false };
    let Some([re, im]) = ctx.array_value(value) else { return false };
    let part_ty = |a: &Attribute| match ctx.attr_kind(*a) {
        AttrKind::Float { ty, .. } => Some((*ty, true)),
        AttrKind::Integer { ty, .. } => Some((*ty, false)),
        AttrKind::Bool(_) => Some((ctx.i1_ty(), false)),
        _ => None,
    };
    match (part_ty(re), part_ty(im)) {
        (Some((a, fa)), Some((b, fb))) => fa == fb && a == *elem && b == *elem,
        _ => false,
    }
}

/// The complex dialect's constant materializer, which the tensor dialect
/// registers as its own too: `complex.constant` for a `[re, im]` array of
/// a complex type, else `arith.constant` (upstream's `materializeConstant`
/// of both dialects).
pub struct ComplexMaterializer;

impl ConstantMaterializer for ComplexMaterializer {
    fn materialize(&self, ir: &mut Ir, ip: InsertPoint, value: Attribute, ty: Type, loc: Location) -> Option<OpId> {
        if is_buildable_constant(ir.ctx(), value, ty) {
            let name = ir.ctx().intern_str(ConstantOp::NAME);
            let attrs = [ir::NamedAttr { name: ir.ctx().intern_str("value"), value }];
            let results = [ty];
            return Some(
                ir.insert_new_op(ip, ir::OpSpec { results: &results, attrs: &attrs, ..ir::OpSpec::new(name, loc) }),
            );
        }
        crate::arith::materialize_constant(ir, ip, value, ty, loc)
    }
}

/// Registers the complex dialect: its ops and its constant materializer.
pub fn register(ctx: &mut Context) {
    register_dialect(ctx, "complex", false);
    let n = ctx.intern_str("complex");
    ctx.registry_mut().set_materializer(n, std::sync::Arc::new(ComplexMaterializer));
    ops::register_ops(ctx);
}
