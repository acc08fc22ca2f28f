//! Custom syntax of the `arith` ops (and of `math`, whose formats are the
//! same shapes), following each op's ODS `assemblyFormat` literally, plus
//! the result-name hints (`%c0`, `%c42_i32`, `%true`, `%cst`, `%sum`, ...).

use super::constant::i1_same_shape;
use super::eval::{CmpFPredicate, CmpIPredicate};
use super::flags::{self, custom_error, parse_enum_keyword, BitEnum, FASTMATH, OVERFLOW, ROUNDING_MODES};
use super::verify::{is_like, like_summary, Elem};
use crate::util::print_operands_attr_dict_colon;
use ir::{AttrKind, Diagnostic, IntValue, Ir, OpId, Str, Type, TypeKind, ValueId};
use smallvec::SmallVec;
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::{IrParser, UnresolvedOperand};
use syntax::parser::{PResult, ParseError};
use syntax::printer::OpPrinter;

/// How an op carries a flag property in its custom form.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Flag {
    /// No flags.
    None,
    /// `DefaultValuedAttr` (always present; printed unless `none`).
    Default(&'static BitEnum, &'static str),
    /// `OptionalAttr` (printed whenever present).
    Optional(&'static BitEnum, &'static str),
}

/// `fastmath` with a default value.
pub(crate) const FASTMATH_DEFAULT: Flag = Flag::Default(&FASTMATH, "fastmath");
/// `overflowFlags` with a default value.
pub(crate) const OVERFLOW_DEFAULT: Flag = Flag::Default(&OVERFLOW, "overflowFlags");

impl Flag {
    fn parts(self) -> Option<(&'static BitEnum, &'static str)> {
        match self {
            Flag::None => None,
            Flag::Default(e, n) | Flag::Optional(e, n) => Some((e, n)),
        }
    }

    /// Parses `(mnemonic<...>)?`.
    pub(crate) fn parse(self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let Some((e, attr)) = self.parts() else { return Ok(()) };
        if p.p.eat_keyword(e.mnemonic) {
            let name = p.p.ctx.str(st.name).to_string();
            let bits = e.parse_body(p, &name)?;
            st.add_attr(p.p.ctx.intern_str(attr), e.attr(p.p.ctx, bits));
        }
        Ok(())
    }

    /// Adds the default value when the property was not given.
    pub(crate) fn fill_default(self, p: &mut IrParser<'_, '_>, st: &mut OpState) {
        if let Flag::Default(e, attr) = self {
            // The interned name and the default attribute, memoized per
            // parser as one entry (no interning or formatting per op).
            static DEFAULTS: u8 = 0;
            let packed = p.memo(&DEFAULTS as *const u8 as usize, attr.as_ptr() as u64, |ctx| {
                (u64::from(ctx.intern_str(attr).as_u32()) << 32) | u64::from(e.attr(ctx, 0).as_u32())
            });
            let name = Str::from_u32((packed >> 32) as u32);
            if !st.attrs.iter().any(|a| a.name == name) {
                st.add_attr(name, ir::Attribute::from_u32(packed as u32));
            }
        }
    }

    /// Prints ` mnemonic<...>` when the custom form shows it.
    pub(crate) fn print(self, pr: &mut OpPrinter<'_>, op: OpId) {
        let Some((e, attr)) = self.parts() else { return };
        let Some(a) = pr.ir.attr(op, attr) else { return };
        let Some(bits) = e.value(pr.ctx(), a) else { return };
        if matches!(self, Flag::Default(..)) && bits == 0 {
            return;
        }
        pr.out.push(' ');
        pr.out.push_str(e.mnemonic);
        pr.out.push('<');
        pr.out.push_str(&e.spell(bits));
        pr.out.push('>');
    }

    pub(crate) fn name(self) -> &'static str {
        self.parts().map(|p| p.1).unwrap_or("")
    }
}

/// Parses `attr-dict` (optional).
fn parse_attr_dict(p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
    if p.p.at(TokenKind::LBrace) {
        p.p.parse_attr_dict(&mut st.attrs)?;
    }
    Ok(())
}

/// Parses `n` comma-separated operands.
fn parse_operands<'a>(p: &mut IrParser<'a, '_>, n: usize) -> PResult<SmallVec<[UnresolvedOperand<'a>; 3]>> {
    let mut ops = SmallVec::with_capacity(n);
    for i in 0..n {
        if i > 0 {
            p.p.expect(TokenKind::Comma, "expected ','")?;
        }
        ops.push(p.parse_operand()?);
    }
    Ok(ops)
}

fn expect_colon(p: &mut IrParser<'_, '_>) -> PResult<()> {
    p.p.expect(TokenKind::Colon, "expected ':'")
}

fn op_name(p: &IrParser<'_, '_>, st: &OpState) -> String {
    p.p.ctx.str(st.name).to_string()
}

/// Elementwise ops of the shape
/// `$a, $b, ... (flag<...>)? attr-dict : type($result)`, with
/// `second_type` for `math.fpowi`'s `: type($lhs), type($rhs)`.
pub(crate) struct ElementwiseAsm {
    pub operands: usize,
    pub flag: Flag,
    pub second_type: bool,
}

impl ElementwiseAsm {
    pub(crate) const fn new(operands: usize, flag: Flag) -> Self {
        ElementwiseAsm { operands, flag, second_type: false }
    }
}

impl OpAsm for ElementwiseAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ops = parse_operands(p, self.operands)?;
        self.flag.parse(p, st)?;
        parse_attr_dict(p, st)?;
        expect_colon(p)?;
        let pos = p.p.tok.start;
        let ty = p.p.parse_type()?;
        let mut tys: SmallVec<[Type; 3]> = smallvec::smallvec![ty; self.operands];
        if self.second_type {
            p.p.expect(TokenKind::Comma, "expected ','")?;
            if let Some(last) = tys.last_mut() {
                *last = p.p.parse_type()?;
            }
        }
        p.resolve_operands_to(&ops, &tys, pos, &mut st.operands)?;
        st.result_types.push(ty);
        self.flag.fill_default(p, st);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        pr.print_values(ir.operands(op));
        self.flag.print(pr, op);
        pr.print_optional_attr_dict(ir.attrs(op), &[self.flag.name()]);
        pr.out.push_str(" : ");
        if let Some(&t) = ir.result_types(op).first() {
            pr.print_type(t);
        }
        if self.second_type {
            if let Some(&t) = ir.operand_types(op).get(1) {
                pr.out.push_str(", ");
                pr.print_type(t);
            }
        }
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        if ir.is_op(op, "arith.muli") {
            muli_vscale_name(ir, op, set);
        }
    }
}

/// `muli` of a constant and `vector.vscale` on `index` is `%c<N>_vscale`.
fn muli_vscale_name(ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
    if ir.num_operands(op) != 2 || ir.num_results(op) != 1 || !ir.ctx().is_index(ir.value_type(ir.result(op, 0))) {
        return;
    }
    let ctx = ir.ctx();
    let is_vscale = |v: ValueId| ir.defining_op(v).is_some_and(|d| ir.is_op(d, "vector.vscale"));
    let base = |v: ValueId| match super::constant::value_constant(ir, v).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Integer { value: IntValue::Small(n), .. }) => Some(*n as i64),
        _ => None,
    };
    let (a, b) = (ir.operand(op, 0), ir.operand(op, 1));
    let n = match (base(a), base(b)) {
        (Some(n), _) if is_vscale(b) => n,
        (_, Some(n)) if is_vscale(a) => n,
        _ => return,
    };
    set(ir.result(op, 0), &format!("c{n}_vscale"));
}

/// `cmpi`/`cmpf`: `$predicate, $lhs, $rhs (fastmath<...>)? attr-dict :
/// type($lhs)`.
pub(crate) struct CmpAsm {
    pub float: bool,
}

impl OpAsm for CmpAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let name = op_name(p, st);
        let kws: Vec<&str> = if self.float {
            CmpFPredicate::ALL.iter().map(|x| x.keyword()).collect()
        } else {
            CmpIPredicate::ALL.iter().map(|x| x.keyword()).collect()
        };
        let pred = parse_enum_keyword(p, &name, "predicate", &kws)?;
        st.add_attr(ctx.intern_str("predicate"), flags::predicate_attr(ctx, pred as i64));
        p.p.expect(TokenKind::Comma, "expected ','")?;
        let ops = parse_operands(p, 2)?;
        let flag = if self.float { FASTMATH_DEFAULT } else { Flag::None };
        flag.parse(p, st)?;
        parse_attr_dict(p, st)?;
        expect_colon(p)?;
        let pos = p.p.tok.start;
        let ty = p.p.parse_type()?;
        let e = if self.float { Elem::Float } else { Elem::SignlessIntOrIndex };
        if !is_like(ctx, ty, e) {
            let msg = format!(
                "custom op '{name}' 'lhs' must be {}, but got '{}'",
                like_summary(e),
                syntax::print_attr::type_to_string(ctx, ty)
            );
            return Err(ParseError(Diagnostic::error(st.loc, msg)));
        }
        p.resolve_operands_to(&ops, &[ty, ty], pos, &mut st.operands)?;
        st.result_types.push(i1_same_shape(ctx, ty));
        flag.fill_default(p, st);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let ctx = pr.ctx();
        pr.out.push(' ');
        let pred = ir.attr(op, "predicate");
        let kw = if self.float {
            pred.and_then(|a| flags::cmpf_predicate(ctx, a)).map(CmpFPredicate::keyword)
        } else {
            pred.and_then(|a| flags::cmpi_predicate(ctx, a)).map(CmpIPredicate::keyword)
        };
        pr.out.push_str(kw.unwrap_or("<<invalid predicate>>"));
        pr.out.push_str(", ");
        pr.print_values(ir.operands(op));
        let flag = if self.float { FASTMATH_DEFAULT } else { Flag::None };
        flag.print(pr, op);
        pr.print_optional_attr_dict(ir.attrs(op), &["predicate", flag.name()]);
        pr.out.push_str(" : ");
        if let Some(&t) = ir.operand_types(op).first() {
            pr.print_type(t);
        }
    }
}

/// `select`: `%c, %t, %f attr-dict : [cond-type ,] type`.
pub(crate) struct SelectAsm;

impl OpAsm for SelectAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let start = p.p.tok.start;
        let ops = p.parse_operand_list()?;
        if ops.len() != 3 {
            let name = op_name(p, st);
            return Err(custom_error(p, start, &name, "expected 3 operands"));
        }
        parse_attr_dict(p, st)?;
        expect_colon(p)?;
        let mut ty = p.p.parse_type()?;
        let mut cond_ty = ctx.i1_ty();
        if p.p.eat(TokenKind::Comma) {
            cond_ty = ty;
            ty = p.p.parse_type()?;
        }
        st.result_types = vec![ty];
        let pos = p.p.tok.start;
        st.operands = p.resolve_operands(&ops, &[cond_ty, ty, ty], pos)?;
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let ctx = pr.ctx();
        print_operands_attr_dict_colon(pr, op, &[]);
        if let Some(&c) = ir.operand_types(op).first() {
            if ctx.is_shaped(c) {
                pr.print_type(c);
                pr.out.push_str(", ");
            }
        }
        if let Some(&t) = ir.result_types(op).first() {
            pr.print_type(t);
        }
    }
}

/// Casts: `$in [roundingmode] (fastmath<...>)? attr-dict : type($in) to
/// type($out)`.
pub(crate) struct CastAsm {
    pub flag: Flag,
    pub rounding: bool,
}

impl OpAsm for CastAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let input = p.parse_operand()?;
        if self.rounding {
            let is_mode = p.p.at(TokenKind::BareIdent) && ROUNDING_MODES.contains(&p.p.tok_text());
            if is_mode || p.p.at(TokenKind::String) {
                let name = op_name(p, st);
                let mode = parse_enum_keyword(p, &name, "roundingmode", &ROUNDING_MODES)?;
                st.add_attr(ctx.intern_str("roundingmode"), flags::rounding_mode_attr(ctx, mode));
            }
        }
        self.flag.parse(p, st)?;
        parse_attr_dict(p, st)?;
        expect_colon(p)?;
        let pos = p.p.tok.start;
        let from = p.p.parse_type()?;
        if !p.p.eat_keyword("to") {
            let name = op_name(p, st);
            return Err(custom_error(p, p.p.tok.start, &name, "expected 'to'"));
        }
        let to = p.p.parse_type()?;
        st.operands = p.resolve_operands(&[input], &[from], pos)?;
        st.result_types = vec![to];
        self.flag.fill_default(p, st);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let ctx = pr.ctx();
        pr.out.push(' ');
        pr.print_values(ir.operands(op));
        if self.rounding {
            if let Some(m) = ir.attr(op, "roundingmode").and_then(|a| flags::rounding_mode(ctx, a)) {
                pr.out.push(' ');
                pr.out.push_str(ROUNDING_MODES[m]);
            }
        }
        self.flag.print(pr, op);
        let rounding = if self.rounding { "roundingmode" } else { "" };
        pr.print_optional_attr_dict(ir.attrs(op), &[rounding, self.flag.name()]);
        pr.out.push_str(" : ");
        pr.print_types(ir.operand_types(op));
        pr.out.push_str(" to ");
        pr.print_types(ir.result_types(op));
    }
}

/// `constant`: `attr-dict $value`.
pub(crate) struct ConstantAsm;

impl OpAsm for ConstantAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        parse_attr_dict(p, st)?;
        let pos = p.p.tok.start;
        let value = p.p.parse_attribute(None)?;
        let Some(ty) = super::verify::typed_attr_type(ctx, value) else {
            let name = op_name(p, st);
            return Err(custom_error(p, pos, &name, "invalid kind of attribute specified"));
        };
        st.add_attr(ctx.intern_str("value"), value);
        st.result_types.push(ty);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.print_optional_attr_dict(ir.attrs(op), &["value"]);
        pr.out.push(' ');
        if let Some(v) = ir.attr(op, "value") {
            pr.print_attr(v);
        }
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        if ir.num_results(op) != 1 {
            return;
        }
        let r = ir.result(op, 0);
        let name = ir.attr(op, "value").map(|v| constant_name(ir, v, ir.value_type(r)));
        set(r, name.as_deref().unwrap_or("cst"));
    }
}

/// `getAsmResultNames` of `arith.constant`: `true`/`false` for `i1`,
/// `c<value>[_<type>]` for integers, `cst` otherwise.
fn constant_name(ir: &Ir, value: ir::Attribute, ty: Type) -> String {
    let ctx = ir.ctx();
    let int_ty = matches!(ctx.kind(ty), TypeKind::Integer { .. });
    let text = match ctx.attr_kind(value) {
        AttrKind::Bool(b) => return if *b { "true" } else { "false" }.to_string(),
        AttrKind::Integer { value: IntValue::Small(v), .. } => v.to_string(),
        AttrKind::Integer { value: IntValue::Wide(s), .. } => s.to_string(),
        _ => return "cst".to_string(),
    };
    if int_ty && ctx.int_width(ty) == Some(1) {
        return if text == "0" { "false" } else { "true" }.to_string();
    }
    let mut name = format!("c{text}");
    if int_ty {
        name.push('_');
        name.push_str(&syntax::print_attr::type_to_string(ctx, ty));
    }
    name
}

/// `addui_extended`: `$lhs, $rhs attr-dict : type($sum), type($overflow)`.
pub(crate) struct AddUIExtendedAsm;

impl OpAsm for AddUIExtendedAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ops = parse_operands(p, 2)?;
        parse_attr_dict(p, st)?;
        expect_colon(p)?;
        let pos = p.p.tok.start;
        let sum = p.p.parse_type()?;
        p.p.expect(TokenKind::Comma, "expected ','")?;
        let overflow = p.p.parse_type()?;
        st.operands = p.resolve_operands(&ops, &[sum, sum], pos)?;
        st.result_types = vec![sum, overflow];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        print_operands_attr_dict_colon(pr, op, &[]);
        pr.print_types(ir.result_types(op));
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        name_results(ir, op, &["sum", "overflow"], set);
    }
}

/// `mulsi_extended`/`mului_extended`: `$lhs, $rhs attr-dict : type($lhs)`.
pub(crate) struct MulExtendedAsm;

impl OpAsm for MulExtendedAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ops = parse_operands(p, 2)?;
        parse_attr_dict(p, st)?;
        expect_colon(p)?;
        let pos = p.p.tok.start;
        let ty = p.p.parse_type()?;
        st.operands = p.resolve_operands(&ops, &[ty, ty], pos)?;
        st.result_types = vec![ty, ty];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        print_operands_attr_dict_colon(pr, op, &[]);
        if let Some(&t) = ir.operand_types(op).first() {
            pr.print_type(t);
        }
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        name_results(ir, op, &["low", "high"], set);
    }
}

fn name_results(ir: &Ir, op: OpId, names: &[&str], set: &mut dyn FnMut(ValueId, &str)) {
    for (i, n) in names.iter().enumerate().take(ir.num_results(op)) {
        set(ir.result(op, i), n);
    }
}
