//! The `arith` dialect: `arith.constant`, the integer and float
//! arithmetic, comparison, `select` and cast ops, with mlir-opt-19's custom
//! syntax and name hints, ODS-faithful inherent attributes, verifiers with
//! upstream's wording, folders, and the constant materializer.
//!
//! Submodules: [`eval`] (scalar semantics, reusable by the interpreter),
//! [`constant`] (attributes as typed elements), [`fold`] (the folders),
//! [`flags`] (fast-math/overflow flags, predicates, rounding modes), and
//! the private syntax and verifier modules.

pub(crate) mod asm;
mod canon;
pub mod constant;
pub mod eval;
pub mod flags;
pub mod fold;
pub(crate) mod verify;

use crate::util::{register_dialect, register_op};
use asm::{
    AddUIExtendedAsm, CastAsm, CmpAsm, ConstantAsm, ElementwiseAsm, Flag, MulExtendedAsm, SelectAsm, FASTMATH_DEFAULT,
    OVERFLOW_DEFAULT,
};
use ir::interfaces::{CastLike, Effect, MemoryEffects};
use ir::registry::{FoldFn, VerifyFn};
use ir::rewrite_api::ConstantMaterializer;
use ir::{AttrKind, Attribute, Context, InsertPoint, Ir, Location, NamedAttr, OpId, OpSpec, OpTraits, Type, TypeKind};
use syntax::asm::OpAsm;

/// The union of trait sets, usable in constants.
const fn traits(ts: &[OpTraits]) -> OpTraits {
    let mut bits = 0;
    let mut i = 0;
    while i < ts.len() {
        bits |= ts[i].0;
        i += 1;
    }
    OpTraits(bits)
}

const PURE: OpTraits = OpTraits::PURE;
const SAME: OpTraits = OpTraits::SAME_OPERANDS_AND_RESULT_TYPE;
const COMM: OpTraits = OpTraits::COMMUTATIVE;
const PURE_SAME: OpTraits = traits(&[PURE, SAME]);
const PURE_COMM: OpTraits = traits(&[PURE, COMM]);
const PURE_COMM_SAME: OpTraits = traits(&[PURE, COMM, SAME]);
const CONSTANT: OpTraits = traits(&[PURE, OpTraits::CONSTANT_LIKE]);

/// One op of the dialect.
struct OpDef {
    name: &'static str,
    traits: OpTraits,
    inherent: &'static [&'static str],
    verify: VerifyFn,
    fold: FoldFn,
    asm: fn() -> Box<dyn OpAsm>,
}

fn int_binary() -> Box<dyn OpAsm> {
    Box::new(ElementwiseAsm::new(2, Flag::None))
}
fn int_binary_overflow() -> Box<dyn OpAsm> {
    Box::new(ElementwiseAsm::new(2, OVERFLOW_DEFAULT))
}
fn float_binary() -> Box<dyn OpAsm> {
    Box::new(ElementwiseAsm::new(2, FASTMATH_DEFAULT))
}
fn float_unary() -> Box<dyn OpAsm> {
    Box::new(ElementwiseAsm::new(1, FASTMATH_DEFAULT))
}
fn cast() -> Box<dyn OpAsm> {
    Box::new(CastAsm { flag: Flag::None, rounding: false })
}
fn extf() -> Box<dyn OpAsm> {
    Box::new(CastAsm { flag: Flag::Optional(&flags::FASTMATH, "fastmath"), rounding: false })
}
fn truncf() -> Box<dyn OpAsm> {
    Box::new(CastAsm { flag: Flag::Optional(&flags::FASTMATH, "fastmath"), rounding: true })
}

const OVERFLOW_ATTR: &[&str] = &["overflowFlags"];
const FASTMATH_ATTR: &[&str] = &["fastmath"];

macro_rules! ops {
    ($($name:literal, $traits:expr, $inherent:expr, $verify:path, $fold:path, $asm:expr;)*) => {
        &[$(OpDef { name: $name, traits: $traits, inherent: $inherent, verify: $verify, fold: $fold, asm: $asm }),*]
    };
}

/// Every op, in ODS order.
const OPS: &[OpDef] = ops![
    "arith.constant", CONSTANT, &["value"], verify::verify_constant, fold::fold_constant, || Box::new(ConstantAsm);
    "arith.addi", PURE_COMM_SAME, OVERFLOW_ATTR, verify::verify_int_binary, fold::fold_addi, int_binary_overflow;
    "arith.addui_extended", PURE_COMM, &[], verify::verify_addui_extended, fold::fold_addui_extended, || Box::new(AddUIExtendedAsm);
    "arith.subi", PURE_SAME, OVERFLOW_ATTR, verify::verify_int_binary, fold::fold_subi, int_binary_overflow;
    "arith.muli", PURE_COMM_SAME, OVERFLOW_ATTR, verify::verify_int_binary, fold::fold_muli, int_binary_overflow;
    "arith.mulsi_extended", PURE_COMM, &[], verify::verify_mul_extended, fold::fold_mulsi_extended, || Box::new(MulExtendedAsm);
    "arith.mului_extended", PURE_COMM, &[], verify::verify_mul_extended, fold::fold_mului_extended, || Box::new(MulExtendedAsm);
    "arith.divui", SAME, &[], verify::verify_int_binary, fold::fold_divui, int_binary;
    "arith.divsi", SAME, &[], verify::verify_int_binary, fold::fold_divsi, int_binary;
    "arith.ceildivui", SAME, &[], verify::verify_int_binary, fold::fold_ceildivui, int_binary;
    "arith.ceildivsi", SAME, &[], verify::verify_int_binary, fold::fold_ceildivsi, int_binary;
    "arith.floordivsi", PURE_SAME, &[], verify::verify_int_binary, fold::fold_floordivsi_op, int_binary;
    "arith.remui", PURE_SAME, &[], verify::verify_int_binary, fold::fold_remui, int_binary;
    "arith.remsi", PURE_SAME, &[], verify::verify_int_binary, fold::fold_remsi, int_binary;
    "arith.andi", PURE_COMM_SAME, &[], verify::verify_int_binary, fold::fold_andi, int_binary;
    "arith.ori", PURE_COMM_SAME, &[], verify::verify_int_binary, fold::fold_ori, int_binary;
    "arith.xori", PURE_COMM_SAME, &[], verify::verify_int_binary, fold::fold_xori, int_binary;
    "arith.shli", PURE_SAME, OVERFLOW_ATTR, verify::verify_int_binary, fold::fold_shli, int_binary_overflow;
    "arith.shrui", PURE_SAME, &[], verify::verify_int_binary, fold::fold_shrui, int_binary;
    "arith.shrsi", PURE_SAME, &[], verify::verify_int_binary, fold::fold_shrsi, int_binary;
    "arith.negf", PURE_SAME, FASTMATH_ATTR, verify::verify_float_unary, fold::fold_negf, float_unary;
    "arith.addf", PURE_COMM_SAME, FASTMATH_ATTR, verify::verify_float_binary, fold::fold_addf, float_binary;
    "arith.subf", PURE_SAME, FASTMATH_ATTR, verify::verify_float_binary, fold::fold_subf, float_binary;
    "arith.maximumf", PURE_COMM_SAME, FASTMATH_ATTR, verify::verify_float_binary, fold::fold_maximumf, float_binary;
    "arith.maxnumf", PURE_COMM_SAME, FASTMATH_ATTR, verify::verify_float_binary, fold::fold_maxnumf, float_binary;
    "arith.maxsi", PURE_COMM_SAME, &[], verify::verify_int_binary, fold::fold_maxsi, int_binary;
    "arith.maxui", PURE_COMM_SAME, &[], verify::verify_int_binary, fold::fold_maxui, int_binary;
    "arith.minimumf", PURE_COMM_SAME, FASTMATH_ATTR, verify::verify_float_binary, fold::fold_minimumf, float_binary;
    "arith.minnumf", PURE_COMM_SAME, FASTMATH_ATTR, verify::verify_float_binary, fold::fold_minnumf, float_binary;
    "arith.minsi", PURE_COMM_SAME, &[], verify::verify_int_binary, fold::fold_minsi, int_binary;
    "arith.minui", PURE_COMM_SAME, &[], verify::verify_int_binary, fold::fold_minui, int_binary;
    "arith.mulf", PURE_COMM_SAME, FASTMATH_ATTR, verify::verify_float_binary, fold::fold_mulf, float_binary;
    "arith.divf", PURE_SAME, FASTMATH_ATTR, verify::verify_float_binary, fold::fold_divf, float_binary;
    "arith.remf", PURE_SAME, FASTMATH_ATTR, verify::verify_float_binary, fold::fold_remf, float_binary;
    "arith.extui", PURE, &[], verify::verify_cast, fold::fold_extui, cast;
    "arith.extsi", PURE, &[], verify::verify_cast, fold::fold_extsi, cast;
    "arith.extf", PURE, FASTMATH_ATTR, verify::verify_cast, fold::fold_extf, extf;
    "arith.trunci", PURE, &[], verify::verify_cast, fold::fold_trunci, cast;
    "arith.truncf", PURE, &["fastmath", "roundingmode"], verify::verify_cast, fold::fold_truncf, truncf;
    "arith.uitofp", PURE, &[], verify::verify_cast, fold::fold_uitofp, cast;
    "arith.sitofp", PURE, &[], verify::verify_cast, fold::fold_sitofp, cast;
    "arith.fptoui", PURE, &[], verify::verify_cast, fold::fold_fptoui, cast;
    "arith.fptosi", PURE, &[], verify::verify_cast, fold::fold_fptosi, cast;
    "arith.index_cast", PURE, &[], verify::verify_cast, fold::fold_index_cast, cast;
    "arith.index_castui", PURE, &[], verify::verify_cast, fold::fold_index_castui, cast;
    "arith.bitcast", PURE, &[], verify::verify_cast, fold::fold_bitcast_op, cast;
    "arith.cmpi", PURE, &["predicate"], verify::verify_cmp, fold::fold_cmpi_op, || Box::new(CmpAsm { float: false });
    "arith.cmpf", PURE, &["fastmath", "predicate"], verify::verify_cmp, fold::fold_cmpf_op, || Box::new(CmpAsm { float: true });
    "arith.select", PURE, &[], verify::verify_select, fold::fold_select, || Box::new(SelectAsm);
];

/// The divisions that may trap: no memory effects, but not speculatable,
/// so they are not `PURE`.
const TRAPPING_DIVISIONS: [&str; 4] = ["arith.divui", "arith.divsi", "arith.ceildivui", "arith.ceildivsi"];

/// `NoMemoryEffect` without `AlwaysSpeculatable`.
struct NoMemoryEffect;

impl MemoryEffects for NoMemoryEffect {
    fn effects(&self, _: &Ir, _: OpId, _: &mut Vec<Effect>) {}
}

/// `CastOpInterface` of the cast ops.
struct CastCompat(verify::Cast);

impl CastLike for CastCompat {
    fn are_cast_compatible(&self, ir: &Ir, inputs: &[Type], outputs: &[Type]) -> bool {
        match (inputs, outputs) {
            ([from], [to]) => verify::cast_compatible(ir.ctx(), self.0, *from, *to),
            _ => false,
        }
    }
}

/// Registers the arith dialect.
pub fn register(ctx: &mut Context) {
    register_dialect(ctx, "arith", false);
    use_arith_materializer(ctx, "arith");
    for def in OPS {
        register_op(ctx, def.name, def.traits, def.inherent, Some(def.verify), Some((def.asm)()));
        let name = ctx.intern_str(def.name);
        if let Some(info) = ctx.registry_mut().op_mut(name) {
            info.fold = Some(def.fold);
        }
        if let Some(kind) = verify::cast_of(def.name) {
            let imp: Box<dyn CastLike> = Box::new(CastCompat(kind));
            ctx.registry_mut().add_interface::<dyn CastLike>(name, imp);
        }
    }
    for name in TRAPPING_DIVISIONS {
        let n = ctx.intern_str(name);
        let imp: Box<dyn MemoryEffects> = Box::new(NoMemoryEffect);
        ctx.registry_mut().add_interface::<dyn MemoryEffects>(n, imp);
    }
    canon::register(ctx);
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
