//! Canonicalization patterns of the `arith` dialect: upstream's
//! `ArithCanonicalization.td` rewrites (constant reassociation of
//! `addi`/`subi`/`muli`, `addi` of a negated product, `xori` of a `cmpi`
//! or of extensions, `cmpi` of extensions, redundant and boolean `select`s,
//! `index_cast`/`index_castui`/`bitcast` chains, `extsi` of `extui`,
//! `andi`/`ori` of extensions, extended arithmetic with an unused high
//! part or a unit factor, `trunci` of extensions and of high-half shifts,
//! `mulf`/`divf` of two negations) and the C++ `SelectToExtUI`. Labels are
//! upstream's pattern names; each op's list is in the order upstream's
//! pattern applicator tries them (by decreasing benefit, then registration
//! order); the op declarations in [`super::ops`] attach them. The folders
//! live in [`super::fold`].

use super::eval::CmpIPredicate;
use super::{constant, flags};
use crate::patterns::insert_before;
use crate::util::{build, build_constant, const_int, int_width, wrap_signed};
use ir::rewrite_api::{PatternRewriter, StaticName};
use ir::{InsertPoint, Ir, NamedAttr, OpId, Type, ValueId};

// ----- matching helpers ------------------------------------------------------------

/// The op named `name` defining `v`.
fn def(ir: &Ir, v: ValueId, name: &str) -> Option<OpId> {
    ir.defining_op(v).filter(|&d| ir.is_op(d, name))
}

/// The two operands of binary op `op`.
fn bin(ir: &Ir, op: OpId) -> Option<(ValueId, ValueId)> {
    (ir.num_operands(op) == 2).then(|| (ir.operand(op, 0), ir.operand(op, 1)))
}

/// The operands of the binary op `name` defining `v`, with the op.
fn def_bin(ir: &Ir, v: ValueId, name: &str) -> Option<(OpId, ValueId, ValueId)> {
    let d = def(ir, v, name)?;
    let (a, b) = bin(ir, d)?;
    Some((d, a, b))
}

/// The source of the unary op `name` defining `v`.
fn def_unary(ir: &Ir, v: ValueId, name: &str) -> Option<ValueId> {
    let d = def(ir, v, name)?;
    (ir.num_operands(d) == 1).then(|| ir.operand(d, 0))
}

/// The overflow flags of an `addi`/`subi`/`muli` (none when absent).
fn ovf(ir: &Ir, op: OpId) -> u32 {
    ir.attr_by(op, flags::OVERFLOW.attr_name.get(ir.ctx()))
        .and_then(|a| flags::OVERFLOW.value(ir.ctx(), a))
        .unwrap_or(0)
}

fn ovf_attr(ir: &Ir, bits: u32) -> Vec<NamedAttr> {
    let ctx = ir.ctx();
    vec![NamedAttr { name: flags::OVERFLOW.attr_name.get(ctx), value: flags::OVERFLOW.attr(ctx, bits) }]
}

fn result_ty(ir: &Ir, op: OpId) -> Type {
    ir.value_type(ir.result(op, 0))
}

/// Creates `arith.constant v : ty` before the root op.
fn int_const(rw: &mut PatternRewriter<'_>, root: OpId, ty: Type, v: i128) -> ValueId {
    let loc = rw.ir().op_loc(root);
    let attr = rw.ir().ctx().int_attr(ty, v);
    rw.set_insertion_point(InsertPoint::Before(root));
    build_constant(rw, loc, attr, ty)
}

/// Creates `name(operands)` of type `ty` before the root op.
fn make(
    rw: &mut PatternRewriter<'_>,
    root: OpId,
    name: &str,
    operands: &[ValueId],
    ty: Type,
    attrs: &[NamedAttr],
) -> ValueId {
    let loc = insert_before(rw, root);
    let o = build(rw, name, loc, operands, &[ty], attrs, 0);
    rw.ir().result(o, 0)
}

/// Replaces `root` by `name(operands)`.
fn replace_with(rw: &mut PatternRewriter<'_>, root: OpId, name: &str, operands: &[ValueId], attrs: &[NamedAttr]) {
    let ty = result_ty(rw.ir(), root);
    let v = make(rw, root, name, operands, ty, attrs);
    rw.replace_op(root, &[v]);
}

fn width_of(ir: &Ir, op: OpId) -> Option<u32> {
    int_width(ir.ctx(), result_ty(ir, op))
}

// ----- addi / subi / muli -------------------------------------------------------------

/// `root(inner(..), c1)` with `inner` named `inner_name`: `(inner, a, b, c1)`.
fn outer_const(ir: &Ir, root: OpId, inner_name: &str) -> Option<(OpId, ValueId, ValueId, i128)> {
    let (lhs, rhs) = bin(ir, root)?;
    let c1 = const_int(ir, rhs)?;
    let (inner, a, b) = def_bin(ir, lhs, inner_name)?;
    Some((inner, a, b, c1))
}

/// `root(c1, inner(..))`: `(inner, a, b, c1)`.
fn outer_const_lhs(ir: &Ir, root: OpId, inner_name: &str) -> Option<(OpId, ValueId, ValueId, i128)> {
    let (lhs, rhs) = bin(ir, root)?;
    let c1 = const_int(ir, lhs)?;
    let (inner, a, b) = def_bin(ir, rhs, inner_name)?;
    Some((inner, a, b, c1))
}

/// Builds `name(x, const)` or `name(const, x)` replacing `root`.
fn reassociate(
    rw: &mut PatternRewriter<'_>,
    root: OpId,
    name: &str,
    x: ValueId,
    c: i128,
    const_first: bool,
    flags: u32,
) {
    let ir = rw.ir();
    let ty = result_ty(ir, root);
    let width = width_of(ir, root).unwrap_or(64);
    let attrs = ovf_attr(ir, flags);
    let cv = int_const(rw, root, ty, wrap_signed(c, width));
    let operands = if const_first { [cv, x] } else { [x, cv] };
    replace_with(rw, root, name, &operands, &attrs);
}

pub(super) fn addi_addi_constant(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((inner, x, c0v, c1)) = outer_const(ir, op, "arith.addi") else { return false };
    let Some(c0) = const_int(ir, c0v) else { return false };
    let f = ovf(ir, inner) & ovf(ir, op);
    reassociate(rw, op, "arith.addi", x, c0.wrapping_add(c1), false, f);
    true
}

pub(super) fn addi_subi_constant_rhs(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((inner, x, c0v, c1)) = outer_const(ir, op, "arith.subi") else { return false };
    let Some(c0) = const_int(ir, c0v) else { return false };
    let f = ovf(ir, inner) & ovf(ir, op);
    reassociate(rw, op, "arith.addi", x, c1.wrapping_sub(c0), false, f);
    true
}

pub(super) fn addi_subi_constant_lhs(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((inner, c0v, x, c1)) = outer_const(ir, op, "arith.subi") else { return false };
    let Some(c0) = const_int(ir, c0v) else { return false };
    let f = ovf(ir, inner) & ovf(ir, op);
    reassociate(rw, op, "arith.subi", x, c0.wrapping_add(c1), true, f);
    true
}

/// A scalar integer constant with all bits set.
fn is_minus_one(ir: &Ir, v: ValueId) -> bool {
    let Some(c) = const_int(ir, v) else { return false };
    let width = int_width(ir.ctx(), ir.value_type(v)).unwrap_or(64);
    wrap_signed(c, width) == -1
}

/// `IsScalarOrSplatNegativeOne` on any constant (scalar or splat).
fn is_minus_one_or_splat(ir: &Ir, v: ValueId) -> bool {
    let a = crate::util::const_attr(ir, v);
    constant::match_int(ir.ctx(), a).is_some_and(|i| i.is_all_ones())
}

pub(super) fn addi_mul_negative_one_rhs(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((x, m)) = bin(ir, op) else { return false };
    let Some((_, y, c0)) = def_bin(ir, m, "arith.muli") else { return false };
    if !is_minus_one_or_splat(ir, c0) {
        return false;
    }
    let attrs = ovf_attr(ir, 0);
    replace_with(rw, op, "arith.subi", &[x, y], &attrs);
    true
}

pub(super) fn addi_mul_negative_one_lhs(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((m, y)) = bin(ir, op) else { return false };
    let Some((_, x, c0)) = def_bin(ir, m, "arith.muli") else { return false };
    if !is_minus_one_or_splat(ir, c0) {
        return false;
    }
    let attrs = ovf_attr(ir, 0);
    replace_with(rw, op, "arith.subi", &[y, x], &attrs);
    true
}

pub(super) fn muli_muli_constant(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((inner, x, c0v, c1)) = outer_const(ir, op, "arith.muli") else { return false };
    let Some(c0) = const_int(ir, c0v) else { return false };
    let f = ovf(ir, inner) & ovf(ir, op);
    reassociate(rw, op, "arith.muli", x, c0.wrapping_mul(c1), false, f);
    true
}

pub(super) fn subi_rhs_add_constant(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((_, x, c0v, c1)) = outer_const(ir, op, "arith.addi") else { return false };
    let Some(c0) = const_int(ir, c0v) else { return false };
    reassociate(rw, op, "arith.addi", x, c0.wrapping_sub(c1), false, 0);
    true
}

pub(super) fn subi_lhs_add_constant(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((inner, x, c0v, c1)) = outer_const_lhs(ir, op, "arith.addi") else { return false };
    let Some(c0) = const_int(ir, c0v) else { return false };
    let f = ovf(ir, inner) & ovf(ir, op);
    reassociate(rw, op, "arith.subi", x, c1.wrapping_sub(c0), true, f);
    true
}

pub(super) fn subi_rhs_sub_constant_rhs(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((inner, x, c0v, c1)) = outer_const(ir, op, "arith.subi") else { return false };
    let Some(c0) = const_int(ir, c0v) else { return false };
    let f = ovf(ir, inner) & ovf(ir, op);
    reassociate(rw, op, "arith.subi", x, c0.wrapping_add(c1), false, f);
    true
}

pub(super) fn subi_rhs_sub_constant_lhs(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((inner, c0v, x, c1)) = outer_const(ir, op, "arith.subi") else { return false };
    let Some(c0) = const_int(ir, c0v) else { return false };
    let f = ovf(ir, inner) & ovf(ir, op);
    reassociate(rw, op, "arith.subi", x, c0.wrapping_sub(c1), true, f);
    true
}

pub(super) fn subi_lhs_sub_constant_rhs(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((inner, x, c0v, c1)) = outer_const_lhs(ir, op, "arith.subi") else { return false };
    let Some(c0) = const_int(ir, c0v) else { return false };
    let f = ovf(ir, inner) & ovf(ir, op);
    reassociate(rw, op, "arith.subi", x, c0.wrapping_add(c1), true, f);
    true
}

pub(super) fn subi_lhs_sub_constant_lhs(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((inner, c0v, x, c1)) = outer_const_lhs(ir, op, "arith.subi") else { return false };
    let Some(c0) = const_int(ir, c0v) else { return false };
    let f = ovf(ir, inner) & ovf(ir, op);
    reassociate(rw, op, "arith.addi", x, c1.wrapping_sub(c0), false, f);
    true
}

pub(super) fn subi_subi_lhs_rhs_lhs(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((lhs, rhs)) = bin(ir, op) else { return false };
    let Some((inner, x, y)) = def_bin(ir, lhs, "arith.subi") else { return false };
    if x != rhs {
        return false;
    }
    let yty = ir.value_type(y);
    if int_width(ir.ctx(), yty).is_none() {
        return false;
    }
    let f = ovf(ir, inner) & ovf(ir, op);
    let attrs = ovf_attr(ir, f);
    let zero = int_const(rw, op, yty, 0);
    replace_with(rw, op, "arith.subi", &[zero, y], &attrs);
    true
}

/// `addui_extended` / `mulsi_extended` / `mului_extended` whose second
/// result is unused: `[addi|muli(x, y), x]` (any value does for the
/// unused result).
fn extended_to_plain(op: OpId, rw: &mut PatternRewriter<'_>, plain: &str) -> bool {
    let ir = rw.ir();
    if ir.num_results(op) != 2 || ir.has_uses(ir.result(op, 1)) {
        return false;
    }
    let Some((x, y)) = bin(ir, op) else { return false };
    let ty = result_ty(ir, op);
    let attrs = ovf_attr(ir, 0);
    let v = make(rw, op, plain, &[x, y], ty, &attrs);
    rw.replace_op(op, &[v, x]);
    true
}

pub(super) fn addui_extended_to_addi(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    extended_to_plain(op, rw, "arith.addi")
}

pub(super) fn mul_extended_to_muli(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    extended_to_plain(op, rw, "arith.muli")
}

/// `mulf|divf(negf(x), negf(y))` with equal types → `mulf|divf(x, y)`,
/// keeping the root's fast-math flags.
pub(super) fn float_op_of_negf(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((a, b)) = bin(ir, op) else { return false };
    let (Some(x), Some(y)) = (def_unary(ir, a, "arith.negf"), def_unary(ir, b, "arith.negf")) else { return false };
    if ir.value_type(x) != ir.value_type(y) {
        return false;
    }
    let name = ir.op_name_str(op).to_string();
    let attrs: Vec<NamedAttr> = ir.attrs(op).to_vec();
    replace_with(rw, op, &name, &[x, y], &attrs);
    true
}

// ----- xori / cmpi -------------------------------------------------------------------------

/// `op(ext(x), ext(y))` with equal source types → `ext(op(x, y))`.
/// `arith.extui`, interned once per context.
static EXTUI: StaticName = StaticName::new("arith.extui");
/// `arith.extsi`, interned once per context.
static EXTSI: StaticName = StaticName::new("arith.extsi");

/// The source of the unary op named `name` defining `v` (as [`def_unary`],
/// comparing interned names).
fn def_unary_named(ir: &Ir, v: ValueId, name: &StaticName) -> Option<ValueId> {
    let d = ir.defining_op(v).filter(|&d| ir.op_name(d) == name.get(ir.ctx()))?;
    (ir.num_operands(d) == 1).then(|| ir.operand(d, 0))
}

fn op_of_ext(op: OpId, rw: &mut PatternRewriter<'_>, ext_name: &StaticName) -> bool {
    let ir = rw.ir();
    let ext = ext_name.text();
    let Some((a, b)) = bin(ir, op) else { return false };
    let Some(x) = def_unary_named(ir, a, ext_name) else { return false };
    let Some(y) = def_unary_named(ir, b, ext_name) else { return false };
    if ir.value_type(x) != ir.value_type(y) {
        return false;
    }
    let name = ir.op_name_str(op).to_string();
    let xty = ir.value_type(x);
    let inner = make(rw, op, &name, &[x, y], xty, &[]);
    replace_with(rw, op, ext, &[inner], &[]);
    true
}

pub(super) fn xori_of_extui(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    op_of_ext(op, rw, &EXTUI)
}

pub(super) fn xori_of_extsi(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    op_of_ext(op, rw, &EXTSI)
}

pub(super) fn andi_of_extui(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    op_of_ext(op, rw, &EXTUI)
}

pub(super) fn andi_of_extsi(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    op_of_ext(op, rw, &EXTSI)
}

pub(super) fn ori_of_extui(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    op_of_ext(op, rw, &EXTUI)
}

pub(super) fn ori_of_extsi(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    op_of_ext(op, rw, &EXTSI)
}

fn is_i1_true(ir: &Ir, v: ValueId) -> bool {
    ir.value_type(v) == ir.ctx().i1_ty() && const_int(ir, v) == Some(1)
}

pub(super) fn xori_not_cmpi(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((c, one)) = bin(ir, op) else { return false };
    if !is_i1_true(ir, one) {
        return false;
    }
    let Some(cmp) = def(ir, c, "arith.cmpi") else { return false };
    let Some((a, b)) = bin(ir, cmp) else { return false };
    let ctx = ir.ctx();
    let Some(p) = ir.attr(cmp, "predicate").and_then(|a| ctx.int_value(a)) else { return false };
    let Some(np) = CmpIPredicate::from_value(p).map(CmpIPredicate::inverted) else { return false };
    let attrs = vec![NamedAttr { name: ctx.intern_str("predicate"), value: flags::predicate_attr(ctx, np as i64) }];
    replace_with(rw, op, "arith.cmpi", &[a, b], &attrs);
    true
}

fn cmpi_of_ext(op: OpId, rw: &mut PatternRewriter<'_>, ext: &str) -> bool {
    let ir = rw.ir();
    let ctx = ir.ctx();
    let Some(p) = ir.attr(op, "predicate").and_then(|a| ctx.int_value(a)) else { return false };
    if p != 0 && p != 1 {
        return false;
    }
    let Some((a, b)) = bin(ir, op) else { return false };
    let (Some(x), Some(y)) = (def_unary(ir, a, ext), def_unary(ir, b, ext)) else { return false };
    if ir.value_type(x) != ir.value_type(y) {
        return false;
    }
    let attrs: Vec<NamedAttr> = ir.attrs(op).to_vec();
    replace_with(rw, op, "arith.cmpi", &[x, y], &attrs);
    true
}

pub(super) fn cmpi_extsi(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    cmpi_of_ext(op, rw, "arith.extsi")
}

pub(super) fn cmpi_extui(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    cmpi_of_ext(op, rw, "arith.extui")
}

// ----- select ---------------------------------------------------------------------------------

fn select_parts(ir: &Ir, op: OpId) -> Option<(ValueId, ValueId, ValueId)> {
    (ir.num_operands(op) == 3).then(|| (ir.operand(op, 0), ir.operand(op, 1), ir.operand(op, 2)))
}

pub(super) fn redundant_select_false(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((p, a, f)) = select_parts(ir, op) else { return false };
    let Some(inner) = def(ir, f, "arith.select") else { return false };
    let Some((p2, _, c)) = select_parts(ir, inner) else { return false };
    if p2 != p {
        return false;
    }
    replace_with(rw, op, "arith.select", &[p, a, c], &[]);
    true
}

pub(super) fn redundant_select_true(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((p, t, c)) = select_parts(ir, op) else { return false };
    let Some(inner) = def(ir, t, "arith.select") else { return false };
    let Some((p2, a, _)) = select_parts(ir, inner) else { return false };
    if p2 != p {
        return false;
    }
    replace_with(rw, op, "arith.select", &[p, a, c], &[]);
    true
}

pub(super) fn select_not_cond(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((c, a, b)) = select_parts(ir, op) else { return false };
    let Some((_, p, ones)) = def_bin(ir, c, "arith.xori") else { return false };
    if !is_minus_one(ir, ones) {
        return false;
    }
    replace_with(rw, op, "arith.select", &[p, b, a], &[]);
    true
}

pub(super) fn select_i1_to_not(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((p, t, f)) = select_parts(ir, op) else { return false };
    let i1 = ir.ctx().i1_ty();
    let is = |v: ValueId, want: i128| ir.value_type(v) == i1 && const_int(ir, v) == Some(want);
    if !is(t, 0) || !is(f, 1) {
        return false;
    }
    let one = int_const(rw, op, i1, 1);
    replace_with(rw, op, "arith.xori", &[p, one], &[]);
    true
}

pub(super) fn select_to_extui(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let ty = result_ty(ir, op);
    let ctx = ir.ctx();
    if !ctx.is_integer(ty) || ctx.int_width(ty) == Some(1) {
        return false;
    }
    let Some((c, t, f)) = select_parts(ir, op) else { return false };
    let (ta, fa) = (crate::util::const_attr(ir, t), crate::util::const_attr(ir, f));
    let (t1, t0) = (constant::is_one_int(ctx, ta), constant::is_zero_int(ctx, ta));
    let (f1, f0) = (constant::is_one_int(ctx, fa), constant::is_zero_int(ctx, fa));
    if t1 && f0 {
        replace_with(rw, op, "arith.extui", &[c], &[]);
        return true;
    }
    if t0 && f1 {
        let cty = ir.value_type(c);
        let one = int_const(rw, op, cty, 1);
        let x = make(rw, op, "arith.xori", &[c, one], cty, &[]);
        replace_with(rw, op, "arith.extui", &[x], &[]);
        return true;
    }
    false
}

// ----- casts ------------------------------------------------------------------------------------

/// `cast(cast(x))` → `x` when the types round-trip.
fn cast_of_same_cast(op: OpId, rw: &mut PatternRewriter<'_>, name: &str) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 1 {
        return false;
    }
    let Some(x) = def_unary(ir, ir.operand(op, 0), name) else { return false };
    if ir.value_type(x) != result_ty(ir, op) {
        return false;
    }
    rw.replace_op(op, &[x]);
    true
}

/// `cast(ext(x))` → `cast(x)`.
fn cast_of_ext(op: OpId, rw: &mut PatternRewriter<'_>, ext: &str) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 1 {
        return false;
    }
    let Some(x) = def_unary(ir, ir.operand(op, 0), ext) else { return false };
    let name = ir.op_name_str(op).to_string();
    replace_with(rw, op, &name, &[x], &[]);
    true
}

pub(super) fn index_cast_of_index_cast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    cast_of_same_cast(op, rw, "arith.index_cast")
}

pub(super) fn index_cast_of_extsi(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    cast_of_ext(op, rw, "arith.extsi")
}

pub(super) fn index_castui_of_index_castui(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    cast_of_same_cast(op, rw, "arith.index_castui")
}

pub(super) fn index_castui_of_extui(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    cast_of_ext(op, rw, "arith.extui")
}

pub(super) fn bitcast_of_bitcast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 1 {
        return false;
    }
    let Some(x) = def_unary(ir, ir.operand(op, 0), "arith.bitcast") else { return false };
    rw.replace_op(op, &[x]);
    true
}

pub(super) fn extsi_of_extui(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 1 {
        return false;
    }
    let Some(x) = def_unary(ir, ir.operand(op, 0), "arith.extui") else { return false };
    replace_with(rw, op, "arith.extui", &[x], &[]);
    true
}

// ----- mulsi_extended / trunci ---------------------------------------------------------

/// The integer width of a scalar type or of a shaped type's elements
/// (upstream's `getScalarOrElementWidth`, restricted to integers).
fn elem_int_width(ir: &Ir, v: ValueId) -> Option<u32> {
    let ctx = ir.ctx();
    let t = ir.value_type(v);
    let e = ctx.element_type(t).unwrap_or(t);
    match ctx.kind(e) {
        ir::TypeKind::Integer { width, .. } => Some(*width),
        _ => None,
    }
}

/// The value of an integer scalar or splat constant defining `v`
/// (`m_ConstantInt`).
fn const_int_or_splat(ir: &Ir, v: ValueId) -> Option<super::eval::IntVal> {
    let a = crate::util::const_attr(ir, v)?;
    constant::view(ir.ctx(), a)?.splat_int()
}

/// `mulsi_extended(x, 1)` → `[x, extsi(cmpi slt, x, 0)]`.
pub(super) fn mulsi_extended_rhs_one(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((x, c)) = bin(ir, op) else { return false };
    if ir.num_results(op) != 2 {
        return false;
    }
    // `isStrictlyPositive() && == 1`: an `i1` true is -1, not 1.
    match const_int_or_splat(ir, c).map(|v| v.sext()) {
        Some(1) => {}
        _ => return false,
    }
    let xty = ir.value_type(x);
    let ctx = ir.ctx_arc().clone();
    let Some(zero) = constant::zero_attr(&ctx, xty) else { return false };
    let loc = ir.op_loc(op);
    rw.set_insertion_point(InsertPoint::Before(op));
    let z = build_constant(rw, loc, zero, xty);
    let pred = NamedAttr { name: ctx.intern_str("predicate"), value: ctx.int_attr(ctx.int_ty(64), 2) };
    let cmp = make(rw, op, "arith.cmpi", &[x, z], constant::i1_same_shape(&ctx, xty), &[pred]);
    let ext = make(rw, op, "arith.extsi", &[cmp], xty, &[]);
    rw.replace_op(op, &[x, ext]);
    true
}

/// `trunci(ext(x))` → `ext(x)` when the truncation only drops extension
/// bits: `width(ext) > width(trunci) > width(x) > 0`.
fn trunci_of_ext(op: OpId, rw: &mut PatternRewriter<'_>, ext: &str) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 1 {
        return false;
    }
    let e = ir.operand(op, 0);
    let Some(x) = def_unary(ir, e, ext) else { return false };
    let (Some(we), Some(wt), Some(wx)) =
        (elem_int_width(ir, e), elem_int_width(ir, ir.result(op, 0)), elem_int_width(ir, x))
    else {
        return false;
    };
    if !(we > wt && wt > wx && wx > 0) {
        return false;
    }
    replace_with(rw, op, ext, &[x], &[]);
    true
}

pub(super) fn trunci_extsi_to_extsi(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    trunci_of_ext(op, rw, "arith.extsi")
}

pub(super) fn trunci_extui_to_extui(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    trunci_of_ext(op, rw, "arith.extui")
}

/// True when `c` is an integer constant equal to `wide - narrow`.
fn matches_shift(ir: &Ir, c: ValueId, wide: u32, narrow: u32) -> bool {
    // APInt's `== uint64_t` compares the zero-extended value.
    const_int_or_splat(ir, c).is_some_and(|v| v.zext() == u128::from(wide.saturating_sub(narrow)) && wide >= narrow)
}

/// `trunci(shrsi(x, c))` → `trunci(shrui(x, c))` when `c` is the number
/// of truncated bits (only sign bits differ, and they are dropped).
pub(super) fn trunci_shrsi_to_trunci_shrui(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 1 {
        return false;
    }
    let Some((_, x, c)) = def_bin(ir, ir.operand(op, 0), "arith.shrsi") else { return false };
    let Some(c_attr) = crate::util::const_attr(ir, c) else { return false };
    let (Some(wx), Some(wt)) = (elem_int_width(ir, x), elem_int_width(ir, ir.result(op, 0))) else { return false };
    if !matches_shift(ir, c, wx, wt) {
        return false;
    }
    let loc = ir.op_loc(op);
    let cty = ir.value_type(c);
    let xty = ir.value_type(x);
    rw.set_insertion_point(InsertPoint::Before(op));
    let c2 = build_constant(rw, loc, c_attr, cty);
    let shr = make(rw, op, "arith.shrui", &[x, c2], xty, &[]);
    replace_with(rw, op, "arith.trunci", &[shr], &[]);
    true
}

/// `trunci(shrui(muli(ext(x), ext(y)), c))` → the high half of
/// `mul*_extended(x, y)` when the types of `trunci`, `x` and `y` agree and
/// `c` is the width difference.
fn trunci_high_mul(op: OpId, rw: &mut PatternRewriter<'_>, ext: &str, extended: &str) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 1 {
        return false;
    }
    let Some((_, m, c)) = def_bin(ir, ir.operand(op, 0), "arith.shrui") else { return false };
    let Some((_, a, b)) = def_bin(ir, m, "arith.muli") else { return false };
    let (Some(x), Some(y)) = (def_unary(ir, a, ext), def_unary(ir, b, ext)) else { return false };
    if crate::util::const_attr(ir, c).is_none() {
        return false;
    }
    let ty = result_ty(ir, op);
    if ir.value_type(x) != ty || ir.value_type(y) != ty {
        return false;
    }
    let (Some(wm), Some(wx)) = (elem_int_width(ir, m), elem_int_width(ir, x)) else { return false };
    if !(wm > wx && wx > 0 && matches_shift(ir, c, wm, wx)) {
        return false;
    }
    let loc = ir.op_loc(op);
    rw.set_insertion_point(InsertPoint::Before(op));
    let e = build(rw, extended, loc, &[x, y], &[ty, ty], &[], 0);
    let high = rw.ir().result(e, 1);
    rw.replace_op(op, &[high]);
    true
}

pub(super) fn trunci_shrui_muli_to_mulsi_extended(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    trunci_high_mul(op, rw, "arith.extsi", "arith.mulsi_extended")
}

pub(super) fn trunci_shrui_muli_to_mului_extended(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    trunci_high_mul(op, rw, "arith.extui", "arith.mului_extended")
}
