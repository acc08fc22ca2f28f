//! The `arith` dialect: `arith.constant`, the integer and float
//! arithmetic, comparison, `select` and cast ops, with mlir-opt-19's custom
//! syntax and name hints, ODS-faithful inherent attributes, verifiers with
//! upstream's wording, folders, and the constant materializer.
//!
//! Submodules: [`ops`] (the op declarations and their typed views,
//! e.g. [`AddIOp`], [`ConstantOp`], [`SelectOp`]), [`eval`] (scalar
//! semantics, reusable by the interpreter),
//! [`constant`] (attributes as typed elements), [`fold`] (the folders),
//! [`flags`] (fast-math/overflow flags, predicates, rounding modes), and
//! the private syntax and verifier modules.

pub(crate) mod asm;
mod canon;
pub mod constant;
pub(crate) mod elementwise;
pub mod eval;
pub mod flags;
pub mod fold;
pub mod ops;
pub(crate) mod verify;

pub use ops::*;

use crate::util::register_dialect;
use ir::rewrite_api::ConstantMaterializer;
use ir::{AttrKind, Attribute, Context, InsertPoint, Ir, Location, NamedAttr, OpId, OpSpec, Type, TypeKind};

/// Registers the arith dialect: its ops ([`ops`]) and its constant
/// materializer.
pub fn register(ctx: &mut Context) {
    register_dialect(ctx, "arith", false);
    use_poison_or_arith_materializer(ctx, "arith");
    ops::register_ops(ctx);
}

/// The default-valued properties an `arith` (or `math`) op named `name`
/// carries when built without them (`fastmath = #arith.fastmath<none>`,
/// `overflowFlags = #arith.overflow<none>`), for passes creating ops.
pub fn default_properties(ctx: &Context, name: &str) -> Vec<NamedAttr> {
    let Some(info) = ctx.lookup_str(name).and_then(|n| ctx.registry().op(n)) else { return Vec::new() };
    let optional_fastmath = matches!(name, "arith.extf" | "arith.truncf");
    let mut out = Vec::new();
    for &attr in &info.inherent_attrs {
        let value = match ctx.str(attr) {
            "fastmath" if !optional_fastmath => flags::FASTMATH.attr(ctx, 0),
            "overflowFlags" => flags::OVERFLOW.attr(ctx, 0),
            _ => continue,
        };
        out.push(NamedAttr { name: attr, value });
    }
    out
}

/// MLIR's `arith::ConstantOp::isBuildableWith`: a typed integer, float or
/// elements attribute of type `ty` (signless if an integer).
pub fn is_buildable_constant(ctx: &Context, attr: Attribute, ty: Type) -> bool {
    if verify::typed_attr_type(ctx, attr) != Some(ty) {
        return false;
    }
    if matches!(ctx.kind(ty), TypeKind::Integer { signedness, .. } if *signedness != ir::Signedness::Signless) {
        return false;
    }
    matches!(
        ctx.attr_kind(attr),
        AttrKind::Integer { .. }
            | AttrKind::Bool(_)
            | AttrKind::Float { .. }
            | AttrKind::DenseElements { .. }
            | AttrKind::DenseString { .. }
            | AttrKind::DenseResource { .. }
    )
}

/// The `arith.constant` materializer, which the `arith`, `math`, `tensor`
/// and `memref` dialects register as theirs (upstream's
/// `materializeConstant` of each builds `arith.constant`).
pub struct ArithConstantMaterializer;

impl ConstantMaterializer for ArithConstantMaterializer {
    fn materialize(&self, ir: &mut Ir, ip: InsertPoint, value: Attribute, ty: Type, loc: Location) -> Option<OpId> {
        materialize_constant(ir, ip, value, ty, loc)
    }
}

/// Registers [`ArithConstantMaterializer`] as the constant materializer of
/// dialect `dialect` (registered already).
pub fn use_arith_materializer(ctx: &mut Context, dialect: &str) {
    let n = ctx.intern_str(dialect);
    ctx.registry_mut().set_materializer(n, std::sync::Arc::new(ArithConstantMaterializer));
}

/// The materializer of `arith` and `math`: `ub.poison` for a poison
/// value, else `arith.constant` (upstream's `materializeConstant` of both).
pub struct PoisonOrArithMaterializer;

impl ConstantMaterializer for PoisonOrArithMaterializer {
    fn materialize(&self, ir: &mut Ir, ip: InsertPoint, value: Attribute, ty: Type, loc: Location) -> Option<OpId> {
        if crate::ub::is_poison(ir.ctx(), value) {
            return crate::ub::materialize_poison(ir, ip, value, ty, loc);
        }
        materialize_constant(ir, ip, value, ty, loc)
    }
}

/// Registers [`PoisonOrArithMaterializer`] as the constant materializer of
/// dialect `dialect` (registered already).
pub fn use_poison_or_arith_materializer(ctx: &mut Context, dialect: &str) {
    let n = ctx.intern_str(dialect);
    ctx.registry_mut().set_materializer(n, std::sync::Arc::new(PoisonOrArithMaterializer));
}

/// Creates `arith.constant attr : ty` at `ip` (the dialect's constant
/// materializer); `None` when `attr` cannot be an `arith.constant` of `ty`.
pub fn materialize_constant(ir: &mut Ir, ip: InsertPoint, attr: Attribute, ty: Type, loc: Location) -> Option<OpId> {
    let ctx = ir.ctx();
    if !is_buildable_constant(ctx, attr, ty) {
        return None;
    }
    let name = ctx.intern_str("arith.constant");
    let attrs = [NamedAttr { name: ctx.intern_str("value"), value: attr }];
    let results = [ty];
    Some(ir.insert_new_op(ip, OpSpec { results: &results, attrs: &attrs, ..OpSpec::new(name, loc) }))
}

#[cfg(test)]
mod tests;
