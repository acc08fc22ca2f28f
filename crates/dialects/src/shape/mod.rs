//! The `shape` dialect of MLIR 19: its types (`!shape.shape`,
//! `!shape.size`, `!shape.value_shape`, `!shape.witness`), every op of
//! ShapeOps.td with upstream's assembly, verifiers, inferred result types,
//! folders and canonicalization patterns, and the dialect's constant
//! materializer (`const_shape`, `const_size`, `const_witness`, else
//! `arith.constant`). Like upstream, the dialect accepts unknown ops.
//!
//! - `types.rs`: the types and ODS's type constraints;
//! - `ops.rs`: the op declarations;
//! - `asm.rs`: the hand-written assembly;
//! - `verify.rs`: verifiers and result type inference;
//! - `fold.rs`: folders and the broadcasting rules;
//! - `canon.rs`: canonicalization patterns.

mod asm;
mod canon;
mod fold;
mod ops;
pub mod types;
mod verify;

pub use ops::*;
pub use types::witness_type;

use ir::rewrite_api::ConstantMaterializer;
use ir::{AttrKind, Attribute, Context, InsertPoint, Ir, Location, OpId, OpSpec, Type};

/// Registers the `shape` dialect.
pub fn register(ctx: &mut Context) {
    crate::util::register_dialect(ctx, "shape", true);
    let n = ctx.intern_str("shape");
    ctx.registry_mut().set_attr_verifier(n, "shape", std::sync::Arc::new(verify::ShapeAttrs));
    ops::register_all(ctx);
    let n = ctx.intern_str("shape");
    ctx.registry_mut().set_materializer(n, std::sync::Arc::new(ShapeMaterializer));
}

/// `BoolAttr`, written as ODS does (`true`, `false`, or an integer parsed
/// as an `i1`).
pub struct Passing;

impl ir::op_decl::AttrDecl for Passing {
    type Get<'a> = Option<bool>;
    type Arg<'a> = bool;
    fn get(ctx: &Context, a: Option<Attribute>) -> Option<bool> {
        match ctx.attr_kind(a?) {
            AttrKind::Bool(b) => Some(*b),
            _ => None,
        }
    }
    fn make(ctx: &Context, arg: bool) -> Option<Attribute> {
        Some(ctx.bool_attr(arg))
    }
    const SYNTAX: ir::op_decl::AttrSyntax = ir::op_decl::AttrSyntax::Typed(|ctx| ctx.i1_ty());
}

/// A `StrAttr` written in a declarative format: the string alone, parsed
/// without a trailing `: type` (ODS parses it with a `NoneType`).
pub struct FormatStr;

impl ir::op_decl::AttrDecl for FormatStr {
    type Get<'a> = Option<&'a str>;
    type Arg<'a> = &'a str;
    fn get(ctx: &Context, a: Option<Attribute>) -> Option<&str> {
        a.and_then(|a| ctx.str_value(a))
    }
    fn make(ctx: &Context, arg: &str) -> Option<Attribute> {
        Some(ctx.str_attr(arg))
    }
    const SYNTAX: ir::op_decl::AttrSyntax = ir::op_decl::AttrSyntax::Typed(|ctx| ctx.none_ty());
}

/// `Builder::getIndexTensorAttr`: `dense<[...]> : tensor<Nxindex>`.
pub fn index_tensor_attr(ctx: &Context, values: &[i64]) -> Attribute {
    let ty = types::extent_tensor_type(ctx, values.len() as i64);
    if values.is_empty() {
        // `dense<>`: no element, not a splat.
        let data = ir::DenseData { splat: false, bits: Box::new([]) };
        return ctx.attr(AttrKind::DenseElements { ty, data });
    }
    let bits = values.iter().map(|&v| u128::from(v as u64)).collect();
    crate::arith::constant::dense_attr(ctx, ty, bits).unwrap_or_else(|| ctx.unit_attr())
}

/// The integer elements of a `dense<...>` attribute of a statically
/// shaped type (splats expanded), as `i64`.
pub fn extents(ctx: &Context, a: Attribute) -> Option<Vec<i64>> {
    let AttrKind::DenseElements { ty, .. } = ctx.attr_kind(a) else { return None };
    let n = crate::arith::constant::static_num_elements(ctx, *ty)?;
    let v = crate::arith::constant::view(ctx, a)?;
    let crate::arith::constant::ElemKind::Int(w) = v.kind else { return None };
    Some((0..n).map(|i| crate::arith::eval::IntVal::new(w, v.get(i)).sext() as i64).collect())
}

/// The constant behind `v` (MLIR's `m_Constant`): the attribute a
/// constant-like defining op folds to.
pub fn constant_of(ir: &Ir, v: ir::ValueId) -> Option<Attribute> {
    let d = ir.defining_op(v)?;
    if let Some(c) = ConstShapeOp::cast(ir, d) {
        return c.shape(ir);
    }
    if ConstWitnessOp::matches(ir, d) {
        return ir.attr(d, "passing");
    }
    crate::util::const_attr(ir, v)
}

/// `ShapeDialect::materializeConstant`.
struct ShapeMaterializer;

impl ConstantMaterializer for ShapeMaterializer {
    fn materialize(&self, ir: &mut Ir, ip: InsertPoint, value: Attribute, ty: Type, loc: Location) -> Option<OpId> {
        let ctx = ir.ctx();
        if crate::ub::is_poison(ctx, value) {
            return crate::ub::materialize_poison(ir, ip, value, ty, loc);
        }
        let (name, attr_name, value) = if types::is_shape(ctx, ty) || types::is_extent_tensor(ctx, ty) {
            if !matches!(ctx.attr_kind(value), AttrKind::DenseElements { .. }) {
                return None;
            }
            ("shape.const_shape", "shape", value)
        } else if types::is_size(ctx, ty) {
            if !matches!(ctx.attr_kind(value), AttrKind::Integer { .. }) {
                return None;
            }
            ("shape.const_size", "value", value)
        } else if types::is_witness(ctx, ty) {
            let b = match ctx.attr_kind(value) {
                AttrKind::Bool(b) => *b,
                _ => return None,
            };
            ("shape.const_witness", "passing", ctx.bool_attr(b))
        } else {
            return crate::arith::materialize_constant(ir, ip, value, ty, loc);
        };
        let attrs = [ir::NamedAttr { name: ctx.intern_str(attr_name), value }];
        let results = [ty];
        let name = ctx.intern_str(name);
        Some(ir.insert_new_op(ip, OpSpec { results: &results, attrs: &attrs, ..OpSpec::new(name, loc) }))
    }
}
