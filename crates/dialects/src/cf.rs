//! The `cf` dialect: unstructured control flow (`cf.br`, `cf.cond_br`,
//! `cf.switch`, `cf.assert`) with mlir-opt-19's custom syntax, operand
//! segments, the `BranchOp` interface and successor-operand verification.

use crate::cf_canon;
use crate::dealloc_interfaces::{CondBrDealloc, SwitchDealloc};
use crate::declare_op;
use crate::util::register_dialect;
use ir::buffer_interfaces::BufferDeallocationOp;
use ir::interfaces::{BranchOp, Effect, EffectKind, EffectOn, MemoryEffects};
use ir::op_decl::{segment_sizes_attr, AnyAttr, I64Array, StrAttr};
use ir::rewrite_api::BranchOpMut;
use ir::{AttrKind, BlockId, Context, Diagnostic, Ir, OpId, OpTraits, ValueId};
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::IrParser;
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

const TERM: OpTraits = OpTraits(OpTraits::TERMINATOR.0 | OpTraits::PURE.0);

declare_op! {
    /// `cf.br`: an unconditional branch.
    pub struct BrOp = "cf.br" {
        traits: TERM,
        operands: [dest_operands: Variadic],
        successors: [dest: Single],
        verify: verify_branch,
        asm: BrAsm,
        interfaces: [BranchOp => CfBranch, BranchOpMut => CfBranch],
        patterns: ["BranchOp::canonicalize" => cf_canon::br_canonicalize],
    }
}

declare_op! {
    /// `cf.cond_br`: a two-way conditional branch.
    pub struct CondBrOp = "cf.cond_br" {
        traits: TERM,
        operands: [condition: Single, true_dest_operands: Variadic, false_dest_operands: Variadic],
        operand_segments: true,
        successors: [true_dest: Single, false_dest: Single],
        verify: verify_cond_br,
        asm: CondBrAsm,
        interfaces: [BranchOp => CfBranch, BranchOpMut => CfBranch, BufferDeallocationOp => CondBrDealloc],
        patterns: [
            "SimplifyConstCondBranchPred" => cf_canon::simplify_const_cond_branch,
            "SimplifyPassThroughCondBranch" => cf_canon::simplify_pass_through_cond_branch,
            "SimplifyCondBranchIdenticalSuccessors" => cf_canon::simplify_identical_successors,
            "SimplifyCondBranchFromCondBranchOnSameCondition" => cf_canon::simplify_same_condition,
            "CondBranchTruthPropagation" => cf_canon::cond_branch_truth_propagation,
        ],
    }
}

declare_op! {
    /// `cf.switch`: a multi-way branch on an integer flag.
    pub struct SwitchOp = "cf.switch" {
        traits: TERM,
        operands: [flag: Single, default_operands: Variadic, case_operands: Variadic],
        operand_segments: true,
        attrs: [case_operand_segments: I64Array, case_values: AnyAttr],
        successors: [default_destination: Single, case_destinations: Variadic],
        verify: verify_switch,
        asm: SwitchAsm,
        interfaces: [BranchOp => CfBranch, BranchOpMut => CfBranch, BufferDeallocationOp => SwitchDealloc],
        patterns: [
            "simplifySwitchWithOnlyDefault" => cf_canon::switch_only_default,
            "dropSwitchCasesThatMatchDefault" => cf_canon::switch_drop_default_cases,
            "simplifyConstSwitchValue" => cf_canon::switch_const_value,
            "simplifyPassThroughSwitch" => cf_canon::switch_pass_through,
            "simplifySwitchFromSwitchOnSameCondition" => cf_canon::switch_from_switch,
            "simplifySwitchFromDefaultSwitchOnSameCondition" => cf_canon::switch_from_default_switch,
        ],
    }
}

declare_op! {
    /// `cf.assert`: aborts with a message when the condition is false.
    pub struct AssertOp = "cf.assert" {
        traits: OpTraits::default(),
        operands: [arg: Single],
        attrs: [msg: StrAttr],
        verify: verify_assert,
        asm: AssertAsm,
        interfaces: [MemoryEffects => AssertEffects],
        patterns: ["AssertOp::canonicalize" => cf_canon::assert_canonicalize],
    }
}

/// Registers the cf dialect.
pub fn register(ctx: &mut Context) {
    register_dialect(ctx, "cf", false);
    crate::register_ops!(ctx, [BrOp, CondBrOp, SwitchOp, AssertOp]);
}

/// The `i32` segment sizes stored in a dense-array attribute.
pub fn segments(ir: &Ir, op: OpId, name: &str) -> Option<Vec<i64>> {
    ir.attr(op, name).and_then(|a| ir.ctx().dense_i64_array(a))
}

/// Operand range forwarded to successor `succ` of a cf terminator.
pub fn successor_operand_range(ir: &Ir, op: OpId, succ: usize) -> std::ops::Range<usize> {
    if BrOp::matches(ir, op) {
        return BrOp(op).dest_operands_range(ir);
    }
    if let Some(br) = CondBrOp::cast(ir, op) {
        return if succ == 0 { br.true_dest_operands_range(ir) } else { br.false_dest_operands_range(ir) };
    }
    let Some(sw) = SwitchOp::cast(ir, op) else { return 0..0 };
    if succ == 0 {
        return sw.default_operands_range(ir);
    }
    // The case operands are split further by `case_operand_segments`.
    let cases = sw.case_operands_range(ir);
    let segs = sw.case_operand_segments(ir);
    let start = cases.start + segs.iter().take(succ - 1).map(|&c| c.max(0) as usize).sum::<usize>();
    let len = segs.get(succ - 1).map_or(0, |&c| c.max(0) as usize);
    start.min(cases.end)..(start + len).min(cases.end)
}

struct CfBranch;

impl BranchOp for CfBranch {
    fn successor_operands(&self, ir: &Ir, op: OpId, succ: usize) -> std::ops::Range<usize> {
        successor_operand_range(ir, op, succ)
    }

    fn successor_for_operands(&self, ir: &Ir, op: OpId, operands: &[Option<ir::Attribute>]) -> Option<BlockId> {
        if BrOp::matches(ir, op) {
            return ir.successors(op).first().copied();
        }
        let flag = ir.ctx().int_value((*operands.first()?)?)?;
        if CondBrOp::matches(ir, op) {
            return ir.successors(op).get(if flag != 0 { 0 } else { 1 }).copied();
        }
        cf_canon::switch_target(ir, op, flag)
    }
}

/// Adds `delta` to entry `k` of the `i32` segment sizes attribute `name`.
fn bump_segment(ir: &mut Ir, op: OpId, name: &str, k: usize, delta: isize) {
    let Some(mut segs) = segments(ir, op, name) else { return };
    let Some(s) = segs.get_mut(k) else { return };
    *s = (*s as isize + delta).max(0) as i64;
    let sizes: Vec<usize> = segs.iter().map(|&v| v.max(0) as usize).collect();
    let attr = segment_sizes_attr(ir.ctx(), &sizes);
    ir.set_attr_str(op, name, attr);
}

/// Keeps the segment attributes of a cf branch in step with `delta`
/// operands added to (or removed from) successor `succ`.
fn resize_successor_segment(ir: &mut Ir, op: OpId, succ: usize, delta: isize) {
    if CondBrOp::matches(ir, op) {
        bump_segment(ir, op, "operandSegmentSizes", 1 + succ.min(1), delta);
    } else if SwitchOp::matches(ir, op) {
        if succ == 0 {
            bump_segment(ir, op, "operandSegmentSizes", 1, delta);
        } else {
            bump_segment(ir, op, "operandSegmentSizes", 2, delta);
            bump_segment(ir, op, "case_operand_segments", succ - 1, delta);
        }
    }
}

/// MLIR's mutable `SuccessorOperands` of the cf branches: the segment sizes
/// (`operandSegmentSizes`, and `case_operand_segments` of `cf.switch`)
/// follow the edit.
impl BranchOpMut for CfBranch {
    fn erase_successor_operand(&self, ir: &mut Ir, op: OpId, succ: usize, index: usize) {
        let range = successor_operand_range(ir, op, succ);
        let abs = range.start + index;
        if abs >= range.end || abs >= ir.num_operands(op) {
            return;
        }
        ir.erase_operand(op, abs);
        resize_successor_segment(ir, op, succ, -1);
    }

    fn append_successor_operands(&self, ir: &mut Ir, op: OpId, succ: usize, values: &[ValueId]) {
        if succ >= ir.successors(op).len() {
            return;
        }
        let end = successor_operand_range(ir, op, succ).end;
        ir.insert_operands(op, end, values);
        resize_successor_segment(ir, op, succ, values.len() as isize);
    }
}

struct AssertEffects;

impl MemoryEffects for AssertEffects {
    fn effects(&self, _ir: &Ir, _op: OpId, out: &mut Vec<Effect>) {
        out.push(Effect::new(EffectKind::Write, EffectOn::Unknown));
    }
}

/// MLIR's `verifyBranchSuccessorOperands` for every successor.
fn verify_successor_operands(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    for (i, &b) in ir.successors(op).iter().enumerate() {
        let r = successor_operand_range(ir, op, i);
        let args = ir.block_args(b);
        if r.len() != args.len() {
            return Err(Diagnostic::error(
                ir.op_loc(op),
                format!("branch has {} operands for successor #{i}, but target block has {}", r.len(), args.len()),
            ));
        }
        for (j, (oi, &a)) in r.zip(args.iter()).enumerate() {
            let (ot, at) = (ir.value_type(ir.operand(op, oi)), ir.value_type(a));
            if ot != at {
                return Err(Diagnostic::error(
                    ir.op_loc(op),
                    format!("type mismatch for bb argument #{j} of successor #{i}"),
                ));
            }
        }
    }
    Ok(())
}

fn verify_branch(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    if ir.successors(op).len() != 1 {
        return Err(Diagnostic::error(ir.op_loc(op), "'cf.br' op requires 1 successor"));
    }
    verify_successor_operands(ir, op)
}

fn verify_cond_br(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    if ir.successors(op).len() != 2 {
        return Err(Diagnostic::error(ir.op_loc(op), "'cf.cond_br' op requires 2 successors"));
    }
    if ir.num_operands(op) == 0 || ir.value_type(ir.operand(op, 0)) != ir.ctx().i1_ty() {
        return Err(Diagnostic::error(ir.op_loc(op), "'cf.cond_br' op operand #0 must be 1-bit signless integer"));
    }
    verify_successor_operands(ir, op)
}

fn verify_switch(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let cases = ir.successors(op).len().saturating_sub(1);
    let segs = SwitchOp(op).case_operand_segments(ir);
    if segs.len() != cases {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            format!(
                "'cf.switch' op number of case operand segments ({}) must match number of case destinations ({cases})",
                segs.len()
            ),
        ));
    }
    let n_values = match SwitchOp(op).case_values(ir).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::DenseElements { ty, .. }) => ctx.shape(*ty).map_or(0, |s| s.iter().product::<i64>()) as usize,
        _ => 0,
    };
    if n_values != cases {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            format!(
                "'cf.switch' op number of case values ({n_values}) should match number of case destinations ({cases})"
            ),
        ));
    }
    verify_successor_operands(ir, op)
}

fn verify_assert(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    if ir.num_operands(op) != 1 || ir.value_type(ir.operand(op, 0)) != ir.ctx().i1_ty() {
        return Err(Diagnostic::error(ir.op_loc(op), "'cf.assert' op operand #0 must be 1-bit signless integer"));
    }
    Ok(())
}

struct BrAsm;

impl OpAsm for BrAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let (b, vals) = p.parse_successor_and_use_list()?;
        st.successors.push(b);
        st.operands = vals;
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        let vals: Vec<ValueId> = ir.operands(op).collect();
        pr.print_successor_and_use_list(ir.successors(op)[0], &vals);
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
    }
}

struct CondBrAsm;

impl OpAsm for CondBrAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let c = p.parse_operand()?;
        let cond = p.resolve_operand(c, ctx.i1_ty())?;
        p.p.expect(TokenKind::Comma, "expected ','")?;
        let (t, tv) = p.parse_successor_and_use_list()?;
        p.p.expect(TokenKind::Comma, "expected ','")?;
        let (f, fv) = p.parse_successor_and_use_list()?;
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        st.add_attr(ctx.intern_str("operandSegmentSizes"), segment_sizes_attr(ctx, &[1, tv.len(), fv.len()]));
        st.operands.push(cond);
        st.operands.extend(tv);
        st.operands.extend(fv);
        st.successors = vec![t, f];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        pr.print_value(ir.operand(op, 0));
        for i in 0..2 {
            pr.out.push_str(", ");
            let r = successor_operand_range(ir, op, i);
            let vals: Vec<ValueId> = r.map(|k| ir.operand(op, k)).collect();
            pr.print_successor_and_use_list(ir.successors(op)[i], &vals);
        }
        pr.print_optional_attr_dict(ir.attrs(op), &["operandSegmentSizes"]);
    }
}

struct SwitchAsm;

impl OpAsm for SwitchAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let f = p.parse_operand()?;
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let fty = p.p.parse_type()?;
        let flag = p.resolve_operand(f, fty)?;
        p.p.expect(TokenKind::Comma, "expected ','")?;
        p.p.expect(TokenKind::LSquare, "expected '['")?;
        if !p.p.eat_keyword("default") {
            return Err(p.p.error_here("expected 'default'"));
        }
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let (db, dv) = p.parse_successor_and_use_list()?;
        let mut case_values: Vec<u128> = Vec::new();
        let mut case_blocks: Vec<BlockId> = Vec::new();
        let mut case_ops: Vec<Vec<ValueId>> = Vec::new();
        while p.p.eat(TokenKind::Comma) {
            let (neg, v) = p.p.parse_int()?;
            let value = if neg { (v as i128).wrapping_neg() as u128 } else { v };
            p.p.expect(TokenKind::Colon, "expected ':'")?;
            let (b, vals) = p.parse_successor_and_use_list()?;
            case_values.push(value);
            case_blocks.push(b);
            case_ops.push(vals);
        }
        p.p.expect(TokenKind::RSquare, "expected ']'")?;
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        let width = ctx.scalar_bit_width(fty).unwrap_or(32);
        let mask = if width >= 128 { u128::MAX } else { (1u128 << width) - 1 };
        if !case_values.is_empty() {
            let vty = ctx.ty(ir::TypeKind::Vector {
                shape: vec![case_values.len() as i64].into(),
                scalable: vec![false].into(),
                elem: fty,
            });
            // As `DenseElementsAttr::get`: equal elements (one case) make a splat.
            let mut bits: Vec<u128> = case_values.iter().map(|v| v & mask).collect();
            let splat = bits.iter().all(|&b| b == bits[0]);
            if splat {
                bits.truncate(1);
            }
            let data = ir::DenseData { splat, bits: bits.into() };
            let dense = ctx.attr(AttrKind::DenseElements { ty: vty, data });
            st.add_attr(ctx.intern_str("case_values"), dense);
        }
        let segs: Vec<usize> = case_ops.iter().map(|v| v.len()).collect();
        st.add_attr(ctx.intern_str("case_operand_segments"), segment_sizes_attr(ctx, &segs));
        let total: usize = segs.iter().sum();
        st.add_attr(ctx.intern_str("operandSegmentSizes"), segment_sizes_attr(ctx, &[1, dv.len(), total]));
        st.operands.push(flag);
        st.operands.extend(dv);
        for v in case_ops {
            st.operands.extend(v);
        }
        st.successors.push(db);
        st.successors.extend(case_blocks);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let ctx = pr.ctx();
        pr.out.push(' ');
        pr.print_value(ir.operand(op, 0));
        pr.out.push_str(" : ");
        let fty = ir.value_type(ir.operand(op, 0));
        pr.print_type(fty);
        pr.out.push_str(", [\n");
        let indent = pr.indent();
        let pad = " ".repeat(indent + 2);
        pr.out.push_str(&pad);
        pr.out.push_str("default: ");
        let dv: Vec<ValueId> = successor_operand_range(ir, op, 0).map(|k| ir.operand(op, k)).collect();
        pr.print_successor_and_use_list(ir.successors(op)[0], &dv);
        let width = ctx.scalar_bit_width(fty).unwrap_or(32);
        // mlir-opt-19 prints case values zero-extended (unsigned).
        let mask = if width >= 128 { u128::MAX } else { (1u128 << width) - 1 };
        let values: Vec<u128> = match ir.attr(op, "case_values").map(|a| ctx.attr_kind(a)) {
            Some(AttrKind::DenseElements { ty, data }) => {
                let n: i64 = ctx.shape(*ty).map(|s| s.iter().product()).unwrap_or(0);
                (0..n as usize)
                    .map(|i| {
                        let bits = if data.splat { data.bits[0] } else { data.bits.get(i).copied().unwrap_or(0) };
                        bits & mask
                    })
                    .collect()
            }
            _ => Vec::new(),
        };
        for (i, v) in values.iter().enumerate() {
            pr.out.push_str(",\n");
            pr.out.push_str(&pad);
            pr.out.push_str(&format!("{v}: "));
            let vals: Vec<ValueId> = successor_operand_range(ir, op, i + 1).map(|k| ir.operand(op, k)).collect();
            if let Some(&b) = ir.successors(op).get(i + 1) {
                pr.print_successor_and_use_list(b, &vals);
            }
        }
        pr.out.push('\n');
        pr.out.push_str(&" ".repeat(indent));
        pr.out.push(']');
        pr.print_optional_attr_dict(ir.attrs(op), &["case_values", "case_operand_segments", "operandSegmentSizes"]);
    }
}

struct AssertAsm;

impl OpAsm for AssertAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let c = p.parse_operand()?;
        let cond = p.resolve_operand(c, ctx.i1_ty())?;
        p.p.expect(TokenKind::Comma, "expected ','")?;
        let msg = p.p.parse_string()?;
        st.add_attr(ctx.intern_str("msg"), ctx.attr(AttrKind::String { value: msg.into(), ty: None }));
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        st.operands.push(cond);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        pr.print_value(ir.operand(op, 0));
        pr.out.push_str(", ");
        if let Some(m) = ir.attr(op, "msg") {
            pr.print_attr(m);
        }
        pr.print_optional_attr_dict(ir.attrs(op), &["msg"]);
    }
}

#[cfg(test)]
mod tests {
    use crate::test_util::{find, parse};
    use ir::rewrite_api::BranchOpMut;
    use syntax::printer::op_to_string;

    /// Applies `edit` to the first `name` op of `src` through its
    /// `BranchOpMut`; returns the op printed, then re-verified.
    fn edit(src: &str, name: &str, edit: impl FnOnce(&dyn BranchOpMut, &mut ir::Ir, ir::OpId)) -> String {
        let (mut ir, top) = parse(src);
        let op = find(&ir, top, name);
        let ctx = ir.ctx_arc().clone();
        let m = ctx.registry().interface::<dyn BranchOpMut>(ir.op_name(op)).expect("attached");
        edit(m, &mut ir, op);
        op_to_string(&ir, op)
    }

    const SRC: &str = "func.func @f(%c: i1, %f: i32, %x: i32, %y: i32) {
  cf.cond_br %c, ^bb1(%x, %y : i32, i32), ^bb2(%y : i32)
^bb1(%a: i32, %b: i32):
  cf.switch %f : i32, [
    default: ^bb2(%a : i32),
    1: ^bb1(%a, %b : i32, i32),
    2: ^bb2(%b : i32)
  ]
^bb2(%z: i32):
  cf.br ^bb2(%z : i32)
}";

    #[test]
    fn cond_br_operands_follow_the_segments() {
        let out = edit(SRC, "cf.cond_br", |m, ir, op| {
            m.erase_successor_operand(ir, op, 0, 0);
            let x = ir.operand(op, 1);
            m.append_successor_operands(ir, op, 1, &[x]);
        });
        assert_eq!(
            out,
            "\"cf.cond_br\"(%arg0, %arg3, %arg3, %arg3)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, i32, i32, i32) -> ()"
        );
    }

    #[test]
    fn switch_operands_follow_both_segment_attributes() {
        let out = edit(SRC, "cf.switch", |m, ir, op| {
            m.erase_successor_operand(ir, op, 1, 1);
            let a = ir.operand(op, 1);
            m.append_successor_operands(ir, op, 2, &[a]);
            m.append_successor_operands(ir, op, 0, &[a]);
            // Out of range: nothing happens.
            m.erase_successor_operand(ir, op, 2, 5);
        });
        // Operands: flag; default (%a, %a); case 1 (%a); case 2 (%b, %a).
        assert!(out.starts_with("\"cf.switch\"(%arg1, %0, %0, %0, %1, %0)[^bb2, ^bb1, ^bb2]"), "{out}");
        assert!(out.contains("case_operand_segments = array<i32: 1, 2>"), "{out}");
        assert!(out.contains("operandSegmentSizes = array<i32: 1, 2, 3>"), "{out}");
        let (mut ir, top) = parse(SRC);
        let op = find(&ir, top, "cf.switch");
        let ctx = ir.ctx_arc().clone();
        let m = ctx.registry().interface::<dyn BranchOpMut>(ir.op_name(op)).expect("attached");
        m.erase_successor_operand(&mut ir, op, 1, 0);
        let sw = super::SwitchOp(op);
        assert_eq!(sw.case_operand_segments(&ir).to_vec(), vec![1, 1]);
        assert_eq!(super::segments(&ir, op, "operandSegmentSizes"), Some(vec![1, 1, 2]));
    }

    #[test]
    fn br_operands_are_edited_in_place() {
        let out = edit(SRC, "cf.br", |m, ir, op| {
            let z = ir.operand(op, 0);
            m.append_successor_operands(ir, op, 0, &[z]);
            m.erase_successor_operand(ir, op, 0, 0);
        });
        assert_eq!(out, "\"cf.br\"(%2)[^bb2] : (i32) -> ()");
    }
}
