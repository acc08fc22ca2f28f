//! Verifiers of the `arith` ops (and the type-constraint toolkit `math`
//! shares), checking in MLIR's order: op shape (regions, results,
//! successors, operands), inherent attributes, operand and result type
//! constraints, predicate traits, native traits (`SameOperandsAndResultType`,
//! `Elementwise`, ...), `CastOpInterface`, then the op's own verifier —
//! each with upstream's wording.

use super::constant::i1_same_shape;
use super::flags::{self, FASTMATH, OVERFLOW};
use ir::rewrite_api::StaticName;
use ir::{AttrKind, Context, Diagnostic, Ir, OpId, Signedness, Type, TypeKind};
use syntax::print_attr::type_to_string;

/// The verification context of one op.
pub(crate) struct Check<'a> {
    pub ir: &'a Ir,
    pub op: OpId,
    pub name: &'a str,
}

/// Element classes of the type constraints.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Elem {
    /// Signless integers and `index`.
    SignlessIntOrIndex,
    /// Signless integers.
    SignlessInt,
    /// Floats.
    Float,
    /// `i1`.
    I1,
}

impl Elem {
    fn matches(self, ctx: &Context, t: Type) -> bool {
        let signless = matches!(ctx.kind(t), TypeKind::Integer { signedness: Signedness::Signless, .. });
        match self {
            Elem::SignlessIntOrIndex => signless || ctx.is_index(t),
            Elem::SignlessInt => signless,
            Elem::Float => ctx.float_kind(t).is_some(),
            Elem::I1 => t == ctx.i1_ty(),
        }
    }
}

/// True for `e`, or a vector or tensor (ranked or not) of `e` (ODS's
/// `TypeOrContainer` and `TypeOrValueSemanticsContainer`).
pub(crate) fn is_like(ctx: &Context, t: Type, e: Elem) -> bool {
    match ctx.kind(t) {
        TypeKind::Vector { elem, .. } | TypeKind::Tensor { elem, .. } | TypeKind::UnrankedTensor { elem } => {
            e.matches(ctx, *elem)
        }
        _ => e.matches(ctx, t),
    }
}

/// True for a ranked or unranked memref of elements satisfying `pred`.
fn is_memref_of(ctx: &Context, t: Type, pred: impl Fn(Type) -> bool) -> bool {
    match ctx.kind(t) {
        TypeKind::MemRef { elem, .. } | TypeKind::UnrankedMemRef { elem, .. } => pred(*elem),
        _ => false,
    }
}

/// The description of an `Elem`-like constraint in ODS messages.
pub(crate) fn like_summary(e: Elem) -> &'static str {
    match e {
        Elem::SignlessIntOrIndex => "signless-integer-like",
        Elem::SignlessInt => "signless-fixed-width-integer-like",
        Elem::Float => "floating-point-like",
        Elem::I1 => "bool-like",
    }
}

/// Shape of a shaped type: `Some(None)` for unranked ones, `None` for
/// scalars.
fn shape_of(ctx: &Context, t: Type) -> Option<Option<&[i64]>> {
    match ctx.kind(t) {
        TypeKind::UnrankedTensor { .. } | TypeKind::UnrankedMemRef { .. } => Some(None),
        _ if ctx.is_shaped(t) => Some(ctx.shape(t)),
        _ => None,
    }
}

/// MLIR's `verifyCompatibleShape` for two types.
pub(crate) fn compatible_shape(ctx: &Context, a: Type, b: Type) -> bool {
    match (shape_of(ctx, a), shape_of(ctx, b)) {
        (None, None) => true,
        (Some(Some(x)), Some(Some(y))) => {
            x.len() == y.len() && x.iter().zip(y).all(|(&p, &q)| p == ir::DYNAMIC || q == ir::DYNAMIC || p == q)
        }
        (Some(_), Some(_)) => true,
        _ => false,
    }
}

fn is_scalable_vector(ctx: &Context, t: Type) -> bool {
    matches!(ctx.kind(t), TypeKind::Vector { scalable, .. } if scalable.iter().any(|&s| s))
}

/// MLIR's `verifyCompatibleShapes` over several types.
pub(crate) fn compatible_shapes(ctx: &Context, types: &[Type]) -> bool {
    let shaped: Vec<bool> = types.iter().map(|&t| ctx.is_shaped(t)).collect();
    if shaped.iter().all(|&s| !s) {
        return true;
    }
    if !shaped.iter().all(|&s| s) {
        return false;
    }
    let scalable = types.iter().filter(|&&t| is_scalable_vector(ctx, t)).count();
    if scalable != 0 && scalable != types.len() {
        return false;
    }
    let ranked: Vec<&[i64]> = types.iter().filter_map(|&t| shape_of(ctx, t).flatten()).collect();
    let Some(first) = ranked.first() else { return true };
    if ranked.iter().any(|s| s.len() != first.len()) {
        return false;
    }
    (0..first.len()).all(|d| {
        let mut fixed = ranked.iter().map(|s| s[d]).filter(|&x| x != ir::DYNAMIC);
        match fixed.next() {
            Some(v) => fixed.all(|x| x == v),
            None => true,
        }
    })
}

/// The encoding of a ranked tensor type.
fn encoding(ctx: &Context, t: Type) -> Option<ir::Attribute> {
    match ctx.kind(t) {
        TypeKind::Tensor { encoding, .. } => *encoding,
        _ => None,
    }
}

fn base_kind(ctx: &Context, t: Type) -> u8 {
    match ctx.kind(t) {
        TypeKind::Vector { .. } => 1,
        TypeKind::Tensor { .. } => 2,
        TypeKind::UnrankedTensor { .. } => 3,
        _ => 0,
    }
}

impl<'a> Check<'a> {
    pub fn new(ir: &'a Ir, op: OpId) -> Self {
        Check { ir, op, name: ir.op_name_str(op) }
    }

    pub fn ctx(&self) -> &'a Context {
        self.ir.ctx()
    }

    /// `'name' op msg`.
    pub fn err(&self, msg: impl AsRef<str>) -> Diagnostic {
        Diagnostic::error(self.ir.op_loc(self.op), format!("'{}' op {}", self.name, msg.as_ref()))
    }

    pub fn ty(&self, t: Type) -> String {
        type_to_string(self.ctx(), t)
    }

    pub fn operand_ty(&self, i: usize) -> Type {
        self.ir.value_type(self.ir.operand(self.op, i))
    }

    pub fn result_ty(&self, i: usize) -> Type {
        self.ir.value_type(self.ir.result(self.op, i))
    }

    /// The structural traits: zero regions, `results` results, zero
    /// successors, `operands` operands.
    pub fn shape(&self, operands: usize, results: usize) -> Result<(), Diagnostic> {
        let ir = self.ir;
        if !ir.regions(self.op).is_empty() {
            return Err(self.err("requires zero regions"));
        }
        let n = ir.num_results(self.op);
        if n != results {
            return Err(self.err(match results {
                0 => "requires zero results".to_string(),
                1 => "requires one result".to_string(),
                k => format!("expected {k} results"),
            }));
        }
        if !ir.successors(self.op).is_empty() {
            return Err(self.err("requires zero successors"));
        }
        let m = ir.num_operands(self.op);
        if m != operands {
            return Err(self.err(match operands {
                0 => "requires zero operands".to_string(),
                1 => "requires a single operand".to_string(),
                k => format!("expected {k} operands, but found {m}"),
            }));
        }
        Ok(())
    }

    /// `operand #i must be <summary>, but got '<type>'`.
    pub fn operand_constraint(&self, i: usize, ok: bool, summary: &str) -> Result<(), Diagnostic> {
        if ok {
            return Ok(());
        }
        Err(self.err(format!("operand #{i} must be {summary}, but got '{}'", self.ty(self.operand_ty(i)))))
    }

    /// `result #i must be <summary>, but got '<type>'`.
    pub fn result_constraint(&self, i: usize, ok: bool, summary: &str) -> Result<(), Diagnostic> {
        if ok {
            return Ok(());
        }
        Err(self.err(format!("result #{i} must be {summary}, but got '{}'", self.ty(self.result_ty(i)))))
    }

    /// Every operand and result `e`-like.
    pub fn all_like(&self, e: Elem) -> Result<(), Diagnostic> {
        let ctx = self.ctx();
        for i in 0..self.ir.num_operands(self.op) {
            self.operand_constraint(i, is_like(ctx, self.operand_ty(i), e), like_summary(e))?;
        }
        for i in 0..self.ir.num_results(self.op) {
            self.result_constraint(i, is_like(ctx, self.result_ty(i), e), like_summary(e))?;
        }
        Ok(())
    }

    /// A required inherent attribute.
    pub fn required(&self, attr: &str) -> Result<ir::Attribute, Diagnostic> {
        self.ir.attr(self.op, attr).ok_or_else(|| self.err(format!("requires attribute '{attr}'")))
    }

    /// `attribute '<attr>' failed to satisfy constraint: <summary>`.
    pub fn attr_constraint(&self, attr: &str, ok: bool, summary: &str) -> Result<(), Diagnostic> {
        if ok {
            return Ok(());
        }
        Err(self.err(format!("attribute '{attr}' failed to satisfy constraint: {summary}")))
    }

    /// The attribute `name` when it is an inherent attribute of the op.
    fn property(&self, name: &StaticName) -> Option<ir::Attribute> {
        // Find the attribute first (a short list, compared by handle): most
        // ops carry no such attribute and need no registry lookup.
        let name = name.get(self.ctx());
        let a = self.ir.attrs(self.op).iter().find(|a| a.name == name)?;
        if !self.ir.op_info(self.op)?.is_inherent(a.name) {
            return None;
        }
        Some(a.value)
    }

    /// The `fastmath` property, when the op has one.
    pub fn fastmath(&self) -> Result<(), Diagnostic> {
        if let Some(a) = self.property(&FASTMATH.attr_name) {
            self.attr_constraint("fastmath", FASTMATH.value(self.ctx(), a).is_some(), FASTMATH.summary)?;
        }
        Ok(())
    }

    /// The `overflowFlags` property, when the op has one.
    pub fn overflow(&self) -> Result<(), Diagnostic> {
        if let Some(a) = self.property(&OVERFLOW.attr_name) {
            self.attr_constraint("overflowFlags", OVERFLOW.value(self.ctx(), a).is_some(), OVERFLOW.summary)?;
        }
        Ok(())
    }

    /// `SameOperandsAndResultType`.
    pub fn same_operands_and_result_type(&self) -> Result<(), Diagnostic> {
        let ctx = self.ctx();
        let ir = self.ir;
        if ir.num_operands(self.op) == 0 || ir.num_results(self.op) == 0 {
            return Ok(());
        }
        let ty = self.result_ty(0);
        let elem = ctx.element_type(ty).unwrap_or(ty);
        let enc = encoding(ctx, ty);
        let others = ir.result_types(self.op).into_iter().skip(1).chain(ir.operand_types(self.op));
        for t in others {
            if ctx.element_type(t).unwrap_or(t) != elem || !compatible_shape(ctx, t, ty) {
                return Err(self.err("requires the same type for all operands and results"));
            }
            if enc.is_some() && encoding(ctx, t) != enc {
                return Err(self.err("requires the same encoding for all operands and results"));
            }
        }
        Ok(())
    }

    /// `SameTypeOperands`.
    pub fn same_type_operands(&self) -> Result<(), Diagnostic> {
        let tys = self.ir.operand_types(self.op);
        if tys.iter().any(|&t| t != tys[0]) {
            return Err(self.err("requires all operands to have the same type"));
        }
        Ok(())
    }

    /// `SameOperandsAndResultShape`.
    pub fn same_operands_and_result_shape(&self) -> Result<(), Diagnostic> {
        let mut tys: Vec<Type> = self.ir.operand_types(self.op).to_vec();
        tys.extend(self.ir.result_types(self.op));
        if !compatible_shapes(self.ctx(), &tys) {
            return Err(self.err("requires the same shape for all operands and results"));
        }
        Ok(())
    }

    /// `Elementwise`.
    pub fn elementwise(&self) -> Result<(), Diagnostic> {
        let ctx = self.ctx();
        let mappable = |t: &Type| base_kind(ctx, *t) != 0;
        let results: Vec<Type> = self.ir.result_types(self.op).into_iter().filter(mappable).collect();
        let operands: Vec<Type> = self.ir.operand_types(self.op).into_iter().filter(mappable).collect();
        if results.is_empty() && operands.is_empty() {
            return Ok(());
        }
        if operands.is_empty() {
            return Err(self.err("if a result is non-scalar, then at least one operand must be non-scalar"));
        }
        if results.is_empty() {
            return Err(self.err("if an operand is non-scalar, then there must be at least one non-scalar result"));
        }
        if results.len() != self.ir.num_results(self.op) {
            return Err(self.err("if an operand is non-scalar, then all results must be non-scalar"));
        }
        let all: Vec<Type> = operands.into_iter().chain(results).collect();
        let tensor_like = |t: Type| if base_kind(ctx, t) == 1 { 1 } else { 2 };
        let same_base = all.iter().all(|&t| tensor_like(t) == tensor_like(all[0]));
        if !same_base || !compatible_shapes(ctx, &all) {
            return Err(self.err("all non-scalar operands/results must have the same shape and base type"));
        }
        Ok(())
    }
}

// ----- per-class verifiers ------------------------------------------------------

/// Integer binary ops (`addi`, ..., `shrui`); `overflowFlags` when present.
pub fn verify_int_binary(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    if plain_uniform(ir, op, 2, Elem::SignlessIntOrIndex) {
        // Only the optional property is left to check.
        return if ir.attrs(op).is_empty() { Ok(()) } else { Check::new(ir, op).overflow() };
    }
    let c = Check::new(ir, op);
    c.shape(2, 1)?;
    c.overflow()?;
    if uniform_scalar(ir, op, Elem::SignlessIntOrIndex) {
        return Ok(());
    }
    c.all_like(Elem::SignlessIntOrIndex)?;
    c.same_operands_and_result_type()?;
    c.elementwise()
}

/// Float binary ops (`addf`, ...).
pub fn verify_float_binary(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    verify_float_n(ir, op, 2)
}

/// Float unary ops (`negf`).
pub fn verify_float_unary(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    verify_float_n(ir, op, 1)
}

/// Float ops of `n` operands with a `fastmath` property.
pub(crate) fn verify_float_n(ir: &Ir, op: OpId, n: usize) -> Result<(), Diagnostic> {
    if plain_uniform(ir, op, n, Elem::Float) {
        // Only the optional property is left to check.
        return if ir.attrs(op).is_empty() { Ok(()) } else { Check::new(ir, op).fastmath() };
    }
    let c = Check::new(ir, op);
    c.shape(n, 1)?;
    c.fastmath()?;
    if uniform_scalar(ir, op, Elem::Float) {
        return Ok(());
    }
    c.all_like(Elem::Float)?;
    c.same_operands_and_result_type()?;
    c.elementwise()
}

/// The common case of the type checks: every operand and the result have
/// one scalar type of class `e`. Then `all_like`, `SameOperandsAndResultType`
/// and `Elementwise` all hold, and no vectors need to be collected.
fn uniform_scalar(ir: &Ir, op: OpId, e: Elem) -> bool {
    let ty = ir.value_type(ir.result(op, 0));
    ir.operands(op).all(|v| ir.value_type(v) == ty) && e.matches(ir.ctx(), ty)
}

/// The hot path of the elementwise verifiers, checked before anything is
/// looked up by name: `n` operands and one result, all of one scalar type
/// of class `e`, no regions and no successors. Every check of the full
/// verifiers but those of the optional properties (`overflowFlags`,
/// `fastmath`) then holds; anything else takes the full path, which words
/// the errors.
fn plain_uniform(ir: &Ir, op: OpId, n: usize, e: Elem) -> bool {
    if ir.num_results(op) != 1
        || ir.num_operands(op) != n
        || !ir.regions(op).is_empty()
        || !ir.successors(op).is_empty()
    {
        return false;
    }
    uniform_scalar(ir, op, e)
}

/// Integer unary ops (`math.absi`, ...).
pub(crate) fn verify_int_n(ir: &Ir, op: OpId, n: usize) -> Result<(), Diagnostic> {
    if plain_uniform(ir, op, n, Elem::SignlessIntOrIndex) {
        return Ok(());
    }
    let c = Check::new(ir, op);
    c.shape(n, 1)?;
    if uniform_scalar(ir, op, Elem::SignlessIntOrIndex) {
        return Ok(());
    }
    c.all_like(Elem::SignlessIntOrIndex)?;
    c.same_operands_and_result_type()?;
    c.elementwise()
}

/// `addui_extended`: `(sum, overflow)`.
pub fn verify_addui_extended(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let c = Check::new(ir, op);
    let ctx = c.ctx();
    c.shape(2, 2)?;
    for i in 0..2 {
        c.operand_constraint(i, is_like(ctx, c.operand_ty(i), Elem::SignlessIntOrIndex), "signless-integer-like")?;
    }
    c.result_constraint(0, is_like(ctx, c.result_ty(0), Elem::SignlessIntOrIndex), "signless-integer-like")?;
    c.result_constraint(1, is_like(ctx, c.result_ty(1), Elem::I1), "bool-like")?;
    let (a, b, s) = (c.operand_ty(0), c.operand_ty(1), c.result_ty(0));
    if a != b || a != s {
        return Err(c.err("failed to verify that all of {lhs, rhs, sum} have same type"));
    }
    c.elementwise()
}

/// `mulsi_extended`, `mului_extended`: `(low, high)`.
pub fn verify_mul_extended(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let c = Check::new(ir, op);
    c.shape(2, 2)?;
    c.all_like(Elem::SignlessIntOrIndex)?;
    let t = c.operand_ty(0);
    if c.operand_ty(1) != t || c.result_ty(0) != t || c.result_ty(1) != t {
        return Err(c.err("failed to verify that all of {lhs, rhs, low, high} have same type"));
    }
    c.elementwise()
}

/// `cmpi` and `cmpf`.
pub fn verify_cmp(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let c = Check::new(ir, op);
    let ctx = c.ctx();
    let is_cmpf = c.name == "arith.cmpf";
    c.shape(2, 1)?;
    let pred = c.required("predicate")?;
    if is_cmpf {
        c.attr_constraint(
            "predicate",
            flags::cmpf_predicate(ctx, pred).is_some(),
            "allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15",
        )?;
        c.fastmath()?;
    } else {
        c.attr_constraint(
            "predicate",
            flags::cmpi_predicate(ctx, pred).is_some(),
            "allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9",
        )?;
    }
    let e = if is_cmpf { Elem::Float } else { Elem::SignlessIntOrIndex };
    for i in 0..2 {
        c.operand_constraint(i, is_like(ctx, c.operand_ty(i), e), like_summary(e))?;
    }
    c.result_constraint(0, is_like(ctx, c.result_ty(0), Elem::I1), "bool-like")?;
    if c.result_ty(0) != i1_same_shape(ctx, c.operand_ty(0)) {
        return Err(c.err("failed to verify that result type has i1 element type and same shape as operands"));
    }
    c.same_type_operands()?;
    c.elementwise()
}

/// `select`.
pub fn verify_select(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let c = Check::new(ir, op);
    let ctx = c.ctx();
    c.shape(3, 1)?;
    c.operand_constraint(0, is_like(ctx, c.operand_ty(0), Elem::I1), "bool-like")?;
    let (cond, t, f, r) = (c.operand_ty(0), c.operand_ty(1), c.operand_ty(2), c.result_ty(0));
    if t != f || t != r {
        return Err(c.err("failed to verify that all of {true_value, false_value, result} have same type"));
    }
    let shapes_match = match (shape_of(ctx, cond), shape_of(ctx, r)) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    };
    if cond != ctx.i1_ty() && !shapes_match {
        return Err(c.err("failed to verify that condition is signless i1 or has matching shape"));
    }
    c.elementwise()?;
    if cond == ctx.i1_ty() {
        return Ok(());
    }
    if !matches!(base_kind(ctx, r), 1..=3) {
        return Err(c.err(format!("expected condition to be a signless i1, but got {}", c.ty(cond))));
    }
    let expected = i1_same_shape(ctx, r);
    if cond != expected {
        return Err(c.err(format!(
            "expected condition type to have the same shape as the result type, expected {}, but got {}",
            c.ty(expected),
            c.ty(cond)
        )));
    }
    Ok(())
}

/// The typed-attribute kinds `arith.constant` accepts as `value`
/// (`IntegerAttr`, `FloatAttr`, `ElementsAttr`).
fn is_constant_value(kind: &AttrKind) -> bool {
    matches!(
        kind,
        AttrKind::Integer { .. }
            | AttrKind::Bool(_)
            | AttrKind::Float { .. }
            | AttrKind::DenseElements { .. }
            | AttrKind::DenseString { .. }
            | AttrKind::DenseResource { .. }
            | AttrKind::Sparse { .. }
    )
}

/// The type of a typed attribute.
pub(crate) fn typed_attr_type(ctx: &Context, a: ir::Attribute) -> Option<Type> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { ty, .. } | AttrKind::Float { ty, .. } => Some(*ty),
        AttrKind::Bool(_) => Some(ctx.i1_ty()),
        AttrKind::String { ty, .. } => Some(ty.unwrap_or(ctx.none_ty())),
        AttrKind::DenseElements { ty, .. }
        | AttrKind::DenseString { ty, .. }
        | AttrKind::DenseResource { ty, .. }
        | AttrKind::Sparse { ty, .. } => Some(*ty),
        AttrKind::Opaque { ty, .. } => Some(ty.unwrap_or(ctx.none_ty())),
        _ => None,
    }
}

/// `constant`.
pub fn verify_constant(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let c = Check::new(ir, op);
    let ctx = c.ctx();
    c.shape(0, 1)?;
    let value = c.required("value")?;
    let Some(vty) = typed_attr_type(ctx, value) else {
        return Err(c.err("attribute 'value' failed to satisfy constraint: TypedAttr instance"));
    };
    let ty = c.result_ty(0);
    if vty != ty {
        return Err(c.err("failed to verify that all of {value, result} have same type"));
    }
    if matches!(ctx.kind(ty), TypeKind::Integer { signedness, .. } if *signedness != Signedness::Signless) {
        return Err(c.err("integer return type must be signless"));
    }
    let kind = ctx.attr_kind(value);
    if !is_constant_value(kind) {
        return Err(c.err("value must be an integer, float, or elements attribute"));
    }
    let splat = matches!(kind, AttrKind::DenseElements { data, .. } if data.splat)
        || matches!(kind, AttrKind::DenseString { splat: true, .. });
    if is_scalable_vector(ctx, ty) && !splat {
        return Err(
            c.err("intializing scalable vectors with elements attribute is not supported unless it's a vector splat")
        );
    }
    Ok(())
}

// ----- casts --------------------------------------------------------------------------

/// The cast kinds, by their type rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Cast {
    /// `extui`, `extsi`: integer to wider integer.
    ExtI,
    /// `trunci`: integer to narrower integer.
    TruncI,
    /// `extf`: float to wider float.
    ExtF,
    /// `truncf`: float to narrower float.
    TruncF,
    /// `sitofp`, `uitofp`.
    IToF,
    /// `fptosi`, `fptoui`.
    FToI,
    /// `index_cast`, `index_castui`.
    Index,
    /// `bitcast`.
    Bitcast,
}

pub(crate) fn cast_of(name: &str) -> Option<Cast> {
    Some(match name {
        "arith.extui" | "arith.extsi" => Cast::ExtI,
        "arith.trunci" => Cast::TruncI,
        "arith.extf" => Cast::ExtF,
        "arith.truncf" => Cast::TruncF,
        "arith.sitofp" | "arith.uitofp" => Cast::IToF,
        "arith.fptosi" | "arith.fptoui" => Cast::FToI,
        "arith.index_cast" | "arith.index_castui" => Cast::Index,
        "arith.bitcast" => Cast::Bitcast,
        _ => return None,
    })
}

/// The element type of a scalar, vector or tensor (or also memref when
/// `memref`) type; `None` for other shaped types.
fn underlying(ctx: &Context, t: Type, memref: bool) -> Option<Type> {
    match ctx.kind(t) {
        TypeKind::Vector { elem, .. } | TypeKind::Tensor { elem, .. } | TypeKind::UnrankedTensor { elem } => {
            Some(*elem)
        }
        TypeKind::MemRef { elem, .. } | TypeKind::UnrankedMemRef { elem, .. } => memref.then_some(*elem),
        _ => Some(t),
    }
}

/// The bit width of an integer or float; `index` has none.
fn int_or_float_width(ctx: &Context, t: Type) -> Option<u32> {
    match ctx.kind(t) {
        TypeKind::Integer { width, .. } => Some(*width),
        TypeKind::Float(k) => Some(k.bit_width()),
        _ => None,
    }
}

/// `CastOpInterface::areCastCompatible` of each cast.
pub(crate) fn cast_compatible(ctx: &Context, cast: Cast, from: Type, to: Type) -> bool {
    if encoding(ctx, from).is_some() || encoding(ctx, to).is_some() {
        let both_ranked =
            matches!(ctx.kind(from), TypeKind::Tensor { .. }) && matches!(ctx.kind(to), TypeKind::Tensor { .. });
        if both_ranked && encoding(ctx, from) != encoding(ctx, to) {
            return false;
        }
    }
    if !compatible_shape(ctx, from, to) {
        return false;
    }
    let memref = matches!(cast, Cast::Index | Cast::Bitcast);
    let (Some(s), Some(d)) = (underlying(ctx, from, memref), underlying(ctx, to, memref)) else { return false };
    let int = |t: Type| ctx.is_integer(t);
    let float = |t: Type| ctx.float_kind(t).is_some();
    let width = |t: Type| int_or_float_width(ctx, t);
    match cast {
        Cast::ExtI => int(s) && int(d) && width(d) > width(s),
        Cast::TruncI => int(s) && int(d) && width(d) < width(s),
        Cast::ExtF => float(s) && float(d) && width(d) > width(s),
        Cast::TruncF => float(s) && float(d) && width(d) < width(s),
        Cast::IToF => int(s) && float(d),
        Cast::FToI => float(s) && int(d),
        Cast::Index => {
            let signless = |t: Type| Elem::SignlessInt.matches(ctx, t);
            (ctx.is_index(s) && signless(d)) || (signless(s) && ctx.is_index(d))
        }
        Cast::Bitcast => {
            let ok = |t: Type| int(t) || float(t) || ctx.is_index(t);
            ok(s) && ok(d) && (if ctx.is_index(s) || ctx.is_index(d) { s == d } else { width(s) == width(d) })
        }
    }
}

/// The operand/result constraint of a cast kind.
fn cast_constraints(ctx: &Context, cast: Cast, t: Type, input: bool) -> (bool, &'static str) {
    let fixed_int = (is_like(ctx, t, Elem::SignlessInt), "signless-fixed-width-integer-like");
    let float = (is_like(ctx, t, Elem::Float), "floating-point-like");
    match (cast, input) {
        (Cast::ExtI | Cast::TruncI, _) | (Cast::IToF, true) | (Cast::FToI, false) => fixed_int,
        (Cast::ExtF | Cast::TruncF, _) | (Cast::IToF, false) | (Cast::FToI, true) => float,
        (Cast::Index, _) => (
            is_like(ctx, t, Elem::SignlessIntOrIndex)
                || is_memref_of(ctx, t, |e| Elem::SignlessIntOrIndex.matches(ctx, e)),
            "signless-integer-like or memref of signless-integer",
        ),
        (Cast::Bitcast, _) => (
            is_like(ctx, t, Elem::SignlessIntOrIndex)
                || is_like(ctx, t, Elem::Float)
                || is_memref_of(ctx, t, |e| Elem::SignlessIntOrIndex.matches(ctx, e) || ctx.float_kind(e).is_some()),
            "signless-integer-or-float-like or memref of signless-integer or float",
        ),
    }
}

/// The shape a type contributes to `SameInputOutputTensorDims`: a ranked
/// tensor's shape, nothing for other types; unranked tensors have no
/// dimensions to compare and never satisfy it (as in mlir-opt-19).
fn tensor_dims(ctx: &Context, t: Type) -> Option<&[i64]> {
    match ctx.kind(t) {
        TypeKind::Tensor { shape, .. } => Some(shape),
        TypeKind::UnrankedTensor { .. } => None,
        _ => Some(&[]),
    }
}

/// The cast ops.
pub fn verify_cast(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let c = Check::new(ir, op);
    let ctx = c.ctx();
    let Some(cast) = cast_of(c.name) else { return Err(c.err("is not a cast")) };
    c.shape(1, 1)?;
    if matches!(cast, Cast::ExtF | Cast::TruncF) {
        c.fastmath()?;
    }
    if let Some(a) = ir.attr(op, "roundingmode").filter(|_| cast == Cast::TruncF) {
        let ok = flags::rounding_mode(ctx, a).is_some();
        c.attr_constraint("roundingmode", ok, "Floating point rounding mode")?;
    }
    let (from, to) = (c.operand_ty(0), c.result_ty(0));
    let (ok, summary) = cast_constraints(ctx, cast, from, true);
    c.operand_constraint(0, ok, summary)?;
    let (ok, summary) = cast_constraints(ctx, cast, to, false);
    c.result_constraint(0, ok, summary)?;
    let (a, b) = (tensor_dims(ctx, from), tensor_dims(ctx, to));
    if a.is_none() || b.is_none() || a != b {
        return Err(c.err("failed to verify that input and output have the same tensor dimensions"));
    }
    c.same_operands_and_result_shape()?;
    if !cast_compatible(ctx, cast, from, to) {
        return Err(c.err(format!(
            "operand type '{}' and result type '{}' are cast incompatible",
            c.ty(from),
            c.ty(to)
        )));
    }
    c.elementwise()
}
