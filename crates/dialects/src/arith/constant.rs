//! Constant attributes seen as typed elements, and back: the bridge between
//! the IR's integer/float/`dense<...>` attributes and the scalar
//! evaluation in [`super::eval`].
//!
//! Also the attribute matchers MLIR's folders use (`m_Zero`, `m_One`,
//! `m_ConstantInt`, `m_OneFloat`, ...), which accept a scalar attribute or
//! a splat `dense<...>` of one, and the elementwise drivers mirroring
//! MLIR's `constFoldBinaryOp`/`constFoldUnaryOp`/`constFoldCastOp`.

use super::eval::{float_is_exactly, IntVal};
use ir::float::{self, FloatKind};
use ir::{AttrKind, Attribute, Context, DenseData, IntValue, Ir, Signedness, Type, TypeKind, ValueId, DYNAMIC};

/// How the elements of a constant are to be read.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ElemKind {
    /// An integer (or `index`, 64 bits) of this width.
    Int(u32),
    /// A float of this kind.
    Float(FloatKind),
}

impl ElemKind {
    /// The element kind of a scalar type (integers up to 128 bits).
    pub fn of(ctx: &Context, t: Type) -> Option<ElemKind> {
        match ctx.kind(t) {
            TypeKind::Integer { width, .. } if (1..=128).contains(width) => Some(ElemKind::Int(*width)),
            TypeKind::Index => Some(ElemKind::Int(64)),
            TypeKind::Float(k) => Some(ElemKind::Float(*k)),
            _ => None,
        }
    }
}

/// The elements of a constant.
#[derive(Clone, Copy, Debug)]
pub enum Elements<'a> {
    /// A scalar attribute (`IntegerAttr`/`FloatAttr`) holding these bits.
    Scalar(u128),
    /// A splat `dense<...>`.
    Splat(u128),
    /// A non-splat `dense<...>`, one entry per element.
    Dense(&'a [u128]),
}

/// A constant attribute viewed as raw element bits (integers zero-extended
/// to their width, floats as their encoding).
#[derive(Clone, Copy, Debug)]
pub struct ConstView<'a> {
    /// The attribute's type (scalar, tensor or vector).
    pub ty: Type,
    /// The element type.
    pub elem: Type,
    /// How elements read.
    pub kind: ElemKind,
    /// The elements.
    pub elems: Elements<'a>,
}

impl ConstView<'_> {
    /// Element `i` (any index for scalars and splats).
    pub fn get(&self, i: usize) -> u128 {
        match self.elems {
            Elements::Scalar(b) | Elements::Splat(b) => b,
            Elements::Dense(v) => v.get(i).copied().unwrap_or(0),
        }
    }
    /// Number of elements to iterate (1 for scalars and splats).
    pub fn stored_len(&self) -> usize {
        match self.elems {
            Elements::Scalar(_) | Elements::Splat(_) => 1,
            Elements::Dense(v) => v.len(),
        }
    }
    /// True for scalar attributes.
    pub fn is_scalar(&self) -> bool {
        matches!(self.elems, Elements::Scalar(_))
    }
    /// The single value of a scalar or splat.
    pub fn splat_value(&self) -> Option<u128> {
        match self.elems {
            Elements::Scalar(b) | Elements::Splat(b) => Some(b),
            Elements::Dense(_) => None,
        }
    }
    /// The integer value of a scalar or splat integer constant.
    pub fn splat_int(&self) -> Option<IntVal> {
        match self.kind {
            ElemKind::Int(w) => self.splat_value().map(|b| IntVal::new(w, b)),
            ElemKind::Float(_) => None,
        }
    }
    /// The float value of a scalar or splat float constant.
    pub fn splat_float(&self) -> Option<(FloatKind, u128)> {
        match self.kind {
            ElemKind::Float(k) => self.splat_value().map(|b| (k, b)),
            ElemKind::Int(_) => None,
        }
    }
}

/// The element view of an integer, `true`/`false`, float or
/// `dense<...>` (non-complex) attribute.
pub fn view(ctx: &Context, a: Attribute) -> Option<ConstView<'_>> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { ty, value: IntValue::Small(v) } => {
            let kind @ ElemKind::Int(w) = ElemKind::of(ctx, *ty)? else { return None };
            Some(ConstView { ty: *ty, elem: *ty, kind, elems: Elements::Scalar(IntVal::from_i128(w, *v).bits) })
        }
        AttrKind::Bool(b) => {
            let i1 = ctx.i1_ty();
            Some(ConstView { ty: i1, elem: i1, kind: ElemKind::Int(1), elems: Elements::Scalar(u128::from(*b)) })
        }
        AttrKind::Float { ty, bits } => {
            let kind = ElemKind::of(ctx, *ty)?;
            Some(ConstView { ty: *ty, elem: *ty, kind, elems: Elements::Scalar(*bits) })
        }
        AttrKind::DenseElements { ty, data } => {
            let elem = ctx.element_type(*ty)?;
            let kind = ElemKind::of(ctx, elem)?;
            let elems = match (data.splat, data.bits.first()) {
                (true, Some(&b)) => Elements::Splat(b),
                (true, None) => Elements::Dense(&[]),
                (false, _) => Elements::Dense(&data.bits),
            };
            Some(ConstView { ty: *ty, elem, kind, elems })
        }
        _ => None,
    }
}

/// The constant attribute behind a value: the `value` of a constant-like
/// defining op (`arith.constant`, ...).
pub fn value_constant(ir: &Ir, v: ValueId) -> Option<Attribute> {
    let def = ir.defining_op(v)?;
    if !ir.has_trait(def, ir::OpTraits::CONSTANT_LIKE) {
        return None;
    }
    ir.attr_by(def, VALUE_NAME.get(ir.ctx()))
}

/// The `value` attribute name of constant ops, interned once per context
/// (folders and patterns read it on every visit).
pub static VALUE_NAME: ir::rewrite_api::StaticName = ir::rewrite_api::StaticName::new("value");

/// A scalar attribute of type `ty` holding `bits` (`true`/`false` for
/// `i1`).
pub fn scalar_attr(ctx: &Context, ty: Type, bits: u128) -> Option<Attribute> {
    match ctx.kind(ty) {
        TypeKind::Integer { width: 1, signedness: Signedness::Signless } => Some(ctx.bool_attr(bits & 1 == 1)),
        TypeKind::Integer { width, .. } if (1..=128).contains(width) => {
            Some(ctx.int_attr(ty, IntVal::new(*width, bits).sext()))
        }
        TypeKind::Index => Some(ctx.int_attr(ty, IntVal::new(64, bits).sext())),
        TypeKind::Float(k) => Some(ctx.attr(AttrKind::Float { ty, bits: float::canonicalize(*k, bits) })),
        _ => None,
    }
}

/// Number of elements of a statically shaped tensor or vector type.
pub fn static_num_elements(ctx: &Context, ty: Type) -> Option<usize> {
    if !matches!(ctx.kind(ty), TypeKind::Tensor { .. } | TypeKind::Vector { .. }) {
        return None;
    }
    let shape = ctx.shape(ty)?;
    shape.iter().try_fold(1usize, |acc, &d| if d == DYNAMIC || d < 0 { None } else { acc.checked_mul(d as usize) })
}

/// A `dense<...>` attribute of the statically shaped `ty` from one entry
/// per element (a single entry is a splat); recognizes splats as MLIR does.
pub fn dense_attr(ctx: &Context, ty: Type, mut bits: Vec<u128>) -> Option<Attribute> {
    let n = static_num_elements(ctx, ty)?;
    let kind = ElemKind::of(ctx, ctx.element_type(ty)?)?;
    if bits.len() != n && bits.len() != 1 {
        return None;
    }
    for b in &mut bits {
        *b = match kind {
            ElemKind::Int(w) => IntVal::new(w, *b).bits,
            ElemKind::Float(k) => float::canonicalize(k, *b),
        };
    }
    let splat = bits.len() <= 1 || bits.iter().all(|&b| b == bits[0]);
    if splat {
        bits.truncate(1);
    }
    Some(ctx.attr(AttrKind::DenseElements { ty, data: DenseData { splat, bits: bits.into() } }))
}

/// A splat of `bits` for a shaped `ty`, or a scalar for a scalar `ty`.
pub fn splat_or_scalar(ctx: &Context, ty: Type, bits: u128) -> Option<Attribute> {
    if ctx.is_shaped(ty) {
        dense_attr(ctx, ty, vec![bits])
    } else {
        scalar_attr(ctx, ty, bits)
    }
}

/// MLIR's `Builder::getZeroAttr` for int/index/float types and statically
/// shaped tensors and vectors of them.
pub fn zero_attr(ctx: &Context, ty: Type) -> Option<Attribute> {
    splat_or_scalar(ctx, ty, 0)
}

/// `i1` with the shape of `ty` (MLIR's `getI1SameShape`).
pub fn i1_same_shape(ctx: &Context, ty: Type) -> Type {
    let i1 = ctx.i1_ty();
    match ctx.kind(ty) {
        TypeKind::Tensor { shape, encoding, .. } => {
            ctx.ty(TypeKind::Tensor { shape: shape.clone(), elem: i1, encoding: *encoding })
        }
        TypeKind::UnrankedTensor { .. } => ctx.ty(TypeKind::UnrankedTensor { elem: i1 }),
        TypeKind::Vector { shape, scalable, .. } => {
            ctx.ty(TypeKind::Vector { shape: shape.clone(), scalable: scalable.clone(), elem: i1 })
        }
        TypeKind::MemRef { shape, layout, memory_space, .. } => {
            ctx.ty(TypeKind::MemRef { shape: shape.clone(), elem: i1, layout: *layout, memory_space: *memory_space })
        }
        TypeKind::UnrankedMemRef { memory_space, .. } => {
            ctx.ty(TypeKind::UnrankedMemRef { elem: i1, memory_space: *memory_space })
        }
        _ => i1,
    }
}

/// `ty` with its element type replaced by `elem` (scalars become `elem`).
pub fn with_element_type(ctx: &Context, ty: Type, elem: Type) -> Type {
    match ctx.kind(ty) {
        TypeKind::Tensor { shape, encoding, .. } => {
            ctx.ty(TypeKind::Tensor { shape: shape.clone(), elem, encoding: *encoding })
        }
        TypeKind::UnrankedTensor { .. } => ctx.ty(TypeKind::UnrankedTensor { elem }),
        TypeKind::Vector { shape, scalable, .. } => {
            ctx.ty(TypeKind::Vector { shape: shape.clone(), scalable: scalable.clone(), elem })
        }
        _ => elem,
    }
}

// ----- matchers ------------------------------------------------------------

/// `m_ConstantInt`: an integer scalar or integer splat.
pub fn match_int(ctx: &Context, a: Option<Attribute>) -> Option<IntVal> {
    view(ctx, a?)?.splat_int()
}

/// `m_Zero`.
pub fn is_zero_int(ctx: &Context, a: Option<Attribute>) -> bool {
    match_int(ctx, a).is_some_and(IntVal::is_zero)
}

/// `m_One`.
pub fn is_one_int(ctx: &Context, a: Option<Attribute>) -> bool {
    match_int(ctx, a).is_some_and(IntVal::is_one)
}

/// A float scalar or float splat.
pub fn match_float(ctx: &Context, a: Option<Attribute>) -> Option<(FloatKind, u128)> {
    view(ctx, a?)?.splat_float()
}

/// `m_OneFloat`.
pub fn is_one_float(ctx: &Context, a: Option<Attribute>) -> bool {
    match_float(ctx, a).is_some_and(|(k, b)| float_is_exactly(k, b, 1.0))
}

/// `m_PosZeroFloat` (`negative == false`) / `m_NegZeroFloat`.
pub fn is_zero_float(ctx: &Context, a: Option<Attribute>, negative: bool) -> bool {
    match_float(ctx, a).is_some_and(|(k, b)| float::is_zero(k, b) && float::is_negative(k, b) == negative)
}

/// `m_PosInfFloat` (`negative == false`) / `m_NegInfFloat`.
pub fn is_inf_float(ctx: &Context, a: Option<Attribute>, negative: bool) -> bool {
    match_float(ctx, a).is_some_and(|(k, b)| float::is_infinite(k, b) && float::is_negative(k, b) == negative)
}

// ----- elementwise drivers -------------------------------------------------

/// Builds the result of an elementwise fold: a scalar when the operands
/// were scalars, a splat when they were splats, else one entry per element.
fn finish(ctx: &Context, scalar: bool, result_ty: Type, bits: Vec<u128>) -> Option<Attribute> {
    if scalar {
        scalar_attr(ctx, result_ty, *bits.first()?)
    } else {
        dense_attr(ctx, result_ty, bits)
    }
}

/// MLIR's `constFoldBinaryOp`: both operands constants of the same type and
/// element class (`want`); `f` maps element bits (a `None` aborts).
pub fn fold_binary(
    ctx: &Context,
    lhs: Option<Attribute>,
    rhs: Option<Attribute>,
    result_ty: Option<Type>,
    want_float: bool,
    mut f: impl FnMut(u128, u128) -> Option<u128>,
) -> Option<Attribute> {
    let (l, r) = (view(ctx, lhs?)?, view(ctx, rhs?)?);
    if l.ty != r.ty || matches!(l.kind, ElemKind::Float(_)) != want_float {
        return None;
    }
    let result_ty = result_ty.unwrap_or(l.ty);
    if l.is_scalar() != r.is_scalar() {
        return None;
    }
    let bits: Vec<u128> = match (l.splat_value(), r.splat_value()) {
        (Some(a), Some(b)) => vec![f(a, b)?],
        _ => {
            let n = static_num_elements(ctx, l.ty)?;
            (0..n).map(|i| f(l.get(i), r.get(i))).collect::<Option<_>>()?
        }
    };
    finish(ctx, l.is_scalar(), result_ty, bits)
}

/// MLIR's `constFoldUnaryOp` (result of the operand's type) and
/// `constFoldCastOp` (result of `result_ty`).
pub fn fold_unary(
    ctx: &Context,
    operand: Option<Attribute>,
    result_ty: Option<Type>,
    want_float: bool,
    mut f: impl FnMut(u128) -> Option<u128>,
) -> Option<Attribute> {
    let a = view(ctx, operand?)?;
    if matches!(a.kind, ElemKind::Float(_)) != want_float {
        return None;
    }
    let result_ty = result_ty.unwrap_or(a.ty);
    let bits: Vec<u128> = match a.splat_value() {
        Some(v) => vec![f(v)?],
        None => {
            let n = static_num_elements(ctx, a.ty)?;
            (0..n).map(|i| f(a.get(i))).collect::<Option<_>>()?
        }
    };
    finish(ctx, a.is_scalar(), result_ty, bits)
}
