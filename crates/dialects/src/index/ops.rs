//! The `index` op declarations, in ODS order: one
//! [`declare_op!`](crate::declare_op) per op with its traits, groups,
//! inherent attributes (ODS's properties), verifier, folder, syntax and
//! patterns. The binary ops share one shape (`$lhs, $rhs attr-dict`, all
//! `index`), expanded by the local `binary_op!`.

use super::asm::{BoolConstantAsm, CmpAsm, ConstantAsm};
use super::{canon, fold, CmpPredicate};
use crate::declare_op;
use crate::util::{check_num_operands, check_num_results, check_operands, check_results, op_error, plain_error, q};
use ir::interfaces::{CastLike, Effect, MemoryEffects};
use ir::op_decl::AnyAttr;
use ir::{AttrKind, Context, Diagnostic, Ir, OpId, OpTraits, Type, TypeKind};

const PURE: OpTraits = OpTraits::PURE;
const PURE_COMM: OpTraits = OpTraits(OpTraits::PURE.0 | OpTraits::COMMUTATIVE.0);
const NONE: OpTraits = OpTraits(0);
const CONSTANT: OpTraits = OpTraits(OpTraits::CONSTANT_LIKE.0 | OpTraits::PURE.0);

/// One binary op: `$lhs, $rhs attr-dict`, operands and result `index`.
/// `trap` marks the divisions (no memory effects, not speculatable).
macro_rules! binary_op {
    ($(#[$m:meta])* $Name:ident = $n:literal, $tr:expr, $fold:expr $(, trap: $trap:tt)?) => {
        declare_op! {
            $(#[$m])*
            pub struct $Name = $n {
                traits: $tr,
                operands: [lhs: Single, rhs: Single],
                results: [result: Single],
                verify: verify_binary,
                fold: $fold,
                format: "$lhs `,` $rhs attr-dict",
                format_rules: [
                    lhs: Is(Context::index_ty),
                    rhs: Is(Context::index_ty),
                    result: Is(Context::index_ty),
                ],
                $(interfaces: [MemoryEffects => binary_op!(@trap $trap)],)?
            }
        }
    };
    (@trap yes) => { NoMemoryEffect };
}

binary_op!(/// `index.add`: wrapping addition.
    AddOp = "index.add", PURE_COMM, fold::fold_add);
binary_op!(/// `index.sub`: wrapping subtraction.
    SubOp = "index.sub", PURE, fold::fold_sub);
binary_op!(/// `index.mul`: wrapping multiplication.
    MulOp = "index.mul", PURE_COMM, fold::fold_mul);
binary_op!(/// `index.divs`: signed division (may trap).
    DivSOp = "index.divs", NONE, fold::fold_divs, trap: yes);
binary_op!(/// `index.divu`: unsigned division (may trap).
    DivUOp = "index.divu", NONE, fold::fold_divu, trap: yes);
binary_op!(/// `index.ceildivs`: signed division rounding up (may trap).
    CeilDivSOp = "index.ceildivs", NONE, fold::fold_ceildivs, trap: yes);
binary_op!(/// `index.ceildivu`: unsigned division rounding up (may trap).
    CeilDivUOp = "index.ceildivu", NONE, fold::fold_ceildivu, trap: yes);
binary_op!(/// `index.floordivs`: signed division rounding down (may trap).
    FloorDivSOp = "index.floordivs", NONE, fold::fold_floordivs, trap: yes);
binary_op!(/// `index.rems`: signed remainder (may trap).
    RemSOp = "index.rems", NONE, fold::fold_rems, trap: yes);
binary_op!(/// `index.remu`: unsigned remainder (may trap).
    RemUOp = "index.remu", NONE, fold::fold_remu, trap: yes);
binary_op!(/// `index.maxs`: signed maximum.
    MaxSOp = "index.maxs", PURE_COMM, fold::fold_maxs);
binary_op!(/// `index.maxu`: unsigned maximum.
    MaxUOp = "index.maxu", PURE_COMM, fold::fold_maxu);
binary_op!(/// `index.mins`: signed minimum.
    MinSOp = "index.mins", PURE_COMM, fold::fold_mins);
binary_op!(/// `index.minu`: unsigned minimum.
    MinUOp = "index.minu", PURE_COMM, fold::fold_minu);
binary_op!(/// `index.shl`: left shift.
    ShlOp = "index.shl", PURE, fold::fold_shl);
binary_op!(/// `index.shrs`: arithmetic right shift.
    ShrSOp = "index.shrs", PURE, fold::fold_shrs);
binary_op!(/// `index.shru`: logical right shift.
    ShrUOp = "index.shru", PURE, fold::fold_shru);
binary_op!(/// `index.and`: bitwise and.
    AndOp = "index.and", PURE_COMM, fold::fold_and);
binary_op!(/// `index.or`: bitwise or.
    OrOp = "index.or", PURE_COMM, fold::fold_or);
binary_op!(/// `index.xor`: bitwise exclusive or.
    XOrOp = "index.xor", PURE_COMM, fold::fold_xor);

declare_op! {
    /// `index.casts`: between `index` and an integer type, sign-extending
    /// when widening.
    pub struct CastSOp = "index.casts" {
        traits: PURE,
        operands: [input: Single],
        results: [output: Single],
        verify: verify_cast,
        fold: fold::fold_casts,
        format: "$input attr-dict `:` type($input) `to` type($output)",
        interfaces: [CastLike => IndexCast],
    }
}

declare_op! {
    /// `index.castu`: between `index` and an integer type, zero-extending
    /// when widening.
    pub struct CastUOp = "index.castu" {
        traits: PURE,
        operands: [input: Single],
        results: [output: Single],
        verify: verify_cast,
        fold: fold::fold_castu,
        format: "$input attr-dict `:` type($input) `to` type($output)",
        interfaces: [CastLike => IndexCast],
    }
}

declare_op! {
    /// `index.cmp`: compares two `index` values (`index.cmp slt(%a, %b)`).
    pub struct CmpOp = "index.cmp" {
        traits: PURE,
        operands: [lhs: Single, rhs: Single],
        attrs: [pred: AnyAttr],
        results: [result: Single],
        verify: verify_cmp,
        fold: fold::fold_cmp,
        asm: CmpAsm,
        patterns: ["CmpOpCanonicalize" => canon::cmp_of_sub],
    }
}

declare_op! {
    /// `index.sizeof`: the bit width of `index` on the target.
    pub struct SizeOfOp = "index.sizeof" {
        traits: PURE,
        results: [result: Single],
        verify: verify_sizeof,
        format: "attr-dict",
        format_rules: [result: Is(Context::index_ty)],
    }
}

declare_op! {
    /// `index.constant`: an `index` value known at compile time.
    pub struct ConstantOp = "index.constant" {
        traits: CONSTANT,
        attrs: [value: AnyAttr],
        results: [result: Single],
        verify: verify_constant,
        fold: fold::fold_constant,
        asm: ConstantAsm,
    }
}

declare_op! {
    /// `index.bool.constant`: an `i1` known at compile time.
    pub struct BoolConstantOp = "index.bool.constant" {
        traits: CONSTANT,
        attrs: [value: AnyAttr],
        results: [result: Single],
        verify: verify_bool_constant,
        fold: fold::fold_constant,
        asm: BoolConstantAsm,
    }
}

/// Registers every index op, in ODS order.
pub(super) fn register_ops(ctx: &mut Context) {
    crate::register_ops!(
        ctx,
        [
            AddOp,
            SubOp,
            MulOp,
            DivSOp,
            DivUOp,
            CeilDivSOp,
            CeilDivUOp,
            FloorDivSOp,
            RemSOp,
            RemUOp,
            MaxSOp,
            MaxUOp,
            MinSOp,
            MinUOp,
            ShlOp,
            ShrSOp,
            ShrUOp,
            AndOp,
            OrOp,
            XOrOp,
            CastSOp,
            CastUOp,
            CmpOp,
            SizeOfOp,
            ConstantOp,
            BoolConstantOp,
        ]
    );
}

/// `AnyTypeOf<[AnyInteger, Index]>`.
pub(crate) fn is_int_or_index(ctx: &Context, t: Type) -> bool {
    matches!(ctx.kind(t), TypeKind::Integer { .. } | TypeKind::Index)
}

fn verify_binary(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_operands(ir, op, 2)?;
    check_num_results(ir, op, 1)?;
    check_operands(ir, op, 0..2, Context::is_index, "index")?;
    check_results(ir, op, 0..1, Context::is_index, "index")
}

fn verify_cast(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_operands(ir, op, 1)?;
    check_num_results(ir, op, 1)?;
    check_operands(ir, op, 0..1, is_int_or_index, "integer or index")?;
    check_results(ir, op, 0..1, is_int_or_index, "integer or index")?;
    let ctx = ir.ctx();
    let (from, to) = (ir.value_type(ir.operand(op, 0)), ir.value_type(ir.result(op, 0)));
    if !cast_compatible(ctx, from, to) {
        let msg = format!("operand type {} and result type {} are cast incompatible", q(ctx, from), q(ctx, to));
        return Err(op_error(ir, op, msg));
    }
    Ok(())
}

/// Upstream's `areCastCompatible` of both casts: exactly one side is
/// `index`.
fn cast_compatible(ctx: &Context, from: Type, to: Type) -> bool {
    ctx.is_index(from) != ctx.is_index(to)
}

/// `CastOpInterface` of `index.casts` and `index.castu`.
struct IndexCast;

impl CastLike for IndexCast {
    fn are_cast_compatible(&self, ir: &Ir, inputs: &[Type], outputs: &[Type]) -> bool {
        match (inputs, outputs) {
            ([from], [to]) => cast_compatible(ir.ctx(), *from, *to),
            _ => false,
        }
    }
}

/// The predicate of `index.cmp`, checked as ODS's property conversion.
fn verify_cmp(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let Some(pred) = CmpOp(op).pred_attr(ir) else {
        return Err(op_error(ir, op, "requires attribute 'pred'"));
    };
    if CmpPredicate::from_attr(ctx, pred).is_none() {
        return Err(invalid_property(ir, op, "pred", pred));
    }
    check_num_operands(ir, op, 2)?;
    check_num_results(ir, op, 1)?;
    check_operands(ir, op, 0..2, Context::is_index, "index")?;
    check_results(ir, op, 0..1, |c, t| t == c.i1_ty(), "1-bit signless integer")
}

/// MLIR's message for a property that does not convert.
fn invalid_property(ir: &Ir, op: OpId, name: &str, value: ir::Attribute) -> Diagnostic {
    let ctx = ir.ctx();
    let props: Vec<_> = ir.attrs(op).iter().copied().filter(|a| ctx.str(a.name) == name).collect();
    let dict = syntax::printer::attr_text(ctx, ctx.dict_attr(&props));
    let shown = syntax::printer::attr_text(ctx, value);
    plain_error(
        ir,
        op,
        format!(
            "invalid properties {dict} for op {}: Invalid attribute `{name}` in property conversion: {shown}",
            ir.op_name_str(op)
        ),
    )
}

fn verify_sizeof(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_operands(ir, op, 0)?;
    check_num_results(ir, op, 1)?;
    check_results(ir, op, 0..1, Context::is_index, "index")
}

fn verify_constant(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let Some(value) = ConstantOp(op).value_attr(ir) else {
        return Err(op_error(ir, op, "requires attribute 'value'"));
    };
    let index_attr = matches!(ctx.attr_kind(value), AttrKind::Integer { ty, .. } if ctx.is_index(*ty));
    if !index_attr {
        return Err(op_error(ir, op, "attribute 'value' failed to satisfy constraint: index attribute"));
    }
    check_num_operands(ir, op, 0)?;
    check_num_results(ir, op, 1)?;
    check_results(ir, op, 0..1, Context::is_index, "index")
}

fn verify_bool_constant(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let Some(value) = BoolConstantOp(op).value_attr(ir) else {
        return Err(op_error(ir, op, "requires attribute 'value'"));
    };
    if !matches!(ctx.attr_kind(value), AttrKind::Bool(_)) {
        return Err(op_error(ir, op, "attribute 'value' failed to satisfy constraint: bool attribute"));
    }
    check_num_operands(ir, op, 0)?;
    check_num_results(ir, op, 1)?;
    check_results(ir, op, 0..1, |c, t| t == c.i1_ty(), "1-bit signless integer")
}

/// `NoMemoryEffect` without `AlwaysSpeculatable` (the divisions, which may
/// trap).
struct NoMemoryEffect;

impl MemoryEffects for NoMemoryEffect {
    fn effects(&self, _: &Ir, _: OpId, _: &mut Vec<Effect>) {}
}
