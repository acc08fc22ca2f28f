//! The `index` dialect: integer arithmetic, comparison and casts on the
//! `index` type, whose width is the target's (32 or 64 bits), with
//! mlir-opt-19's syntax, verifiers, folders, canonicalization and constant
//! materializer.
//!
//! Submodules: [`ops`] (the op declarations and their typed views, e.g.
//! [`AddOp`], [`CmpOp`], [`ConstantOp`]), [`fold`] (the folders: results
//! computed at 64 and at 32 bits, folded only when both agree, as
//! upstream's), [`CmpPredicate`] (the `#index<cmp_predicate ...>`
//! attribute), and the private syntax and pattern modules.

mod asm;
mod canon;
pub mod fold;
pub mod ops;

pub use ops::*;

use crate::util::register_dialect;
use ir::rewrite_api::ConstantMaterializer;
use ir::{AttrKind, Attribute, Context, InsertPoint, Ir, Location, NamedAttr, OpId, OpSpec, Type};

/// Registers the index dialect: its ops and its constant materializer.
pub fn register(ctx: &mut Context) {
    register_dialect(ctx, "index", false);
    let n = ctx.intern_str("index");
    ctx.registry_mut().set_materializer(n, std::sync::Arc::new(IndexMaterializer));
    ops::register_ops(ctx);
}

/// `IndexCmpPredicate`: the comparison of `index.cmp`, numbered as
/// upstream's enum (and as `arith.cmpi`'s predicates).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CmpPredicate {
    /// `eq`
    Eq,
    /// `ne`
    Ne,
    /// `slt`
    Slt,
    /// `sle`
    Sle,
    /// `sgt`
    Sgt,
    /// `sge`
    Sge,
    /// `ult`
    Ult,
    /// `ule`
    Ule,
    /// `ugt`
    Ugt,
    /// `uge`
    Uge,
}

/// The predicate keywords, in enum order.
pub const CMP_KEYWORDS: [&str; 10] = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"];

impl CmpPredicate {
    const ALL: [CmpPredicate; 10] = [
        CmpPredicate::Eq,
        CmpPredicate::Ne,
        CmpPredicate::Slt,
        CmpPredicate::Sle,
        CmpPredicate::Sgt,
        CmpPredicate::Sge,
        CmpPredicate::Ult,
        CmpPredicate::Ule,
        CmpPredicate::Ugt,
        CmpPredicate::Uge,
    ];

    /// The predicate numbered `i` in upstream's enum.
    pub fn from_index(i: usize) -> Option<Self> {
        Self::ALL.get(i).copied()
    }

    /// The keyword (`slt`).
    pub fn keyword(self) -> &'static str {
        CMP_KEYWORDS[self as usize]
    }

    /// `#index<cmp_predicate kw>`.
    pub fn attr(self, ctx: &Context) -> Attribute {
        let body = format!("cmp_predicate {}", self.keyword());
        ctx.attr(AttrKind::Opaque { dialect: ctx.intern_str("index"), body: ctx.intern_str(&body), ty: None })
    }

    /// The predicate an `#index<cmp_predicate ...>` attribute holds.
    pub fn from_attr(ctx: &Context, a: Attribute) -> Option<Self> {
        let AttrKind::Opaque { dialect, body, ty: None } = ctx.attr_kind(a) else { return None };
        if ctx.str(*dialect) != "index" {
            return None;
        }
        let kw = ctx.str(*body).strip_prefix("cmp_predicate")?;
        if !kw.starts_with(char::is_whitespace) {
            return None;
        }
        let i = CMP_KEYWORDS.iter().position(|k| *k == kw.trim())?;
        Self::from_index(i)
    }
}

/// The index dialect's constant materializer: `index.bool.constant` for a
/// boolean of type `i1`, `index.constant` for an `index` integer of type
/// `index`.
struct IndexMaterializer;

impl ConstantMaterializer for IndexMaterializer {
    fn materialize(&self, ir: &mut Ir, ip: InsertPoint, value: Attribute, ty: Type, loc: Location) -> Option<OpId> {
        let ctx = ir.ctx();
        let name = match ctx.attr_kind(value) {
            AttrKind::Bool(_) if ty == ctx.i1_ty() => BoolConstantOp::NAME,
            AttrKind::Integer { ty: attr_ty, .. } if ctx.is_index(*attr_ty) && ctx.is_index(ty) => ConstantOp::NAME,
            _ => return None,
        };
        let name = ctx.intern_str(name);
        let attrs = [NamedAttr { name: ctx.intern_str("value"), value }];
        let results = [ty];
        Some(ir.insert_new_op(ip, OpSpec { results: &results, attrs: &attrs, ..OpSpec::new(name, loc) }))
    }
}

#[cfg(test)]
mod tests;
