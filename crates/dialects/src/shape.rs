//! The subset of the `shape` dialect that upstream's deallocation tests
//! use: `shape.assuming` (a region executed under a `!shape.witness`,
//! whose yielded values become its results) and its terminator
//! `shape.assuming_yield`, with mlir-opt-19's custom syntax, the
//! region-branch and region-terminator interfaces, the implicit
//! terminator of an op without results and upstream's canonicalizations
//! (results nobody uses are dropped; under a `shape.const_witness` the
//! body is inlined, whatever the witness's value, as upstream tests only
//! that it has one); and `shape.const_witness`, a
//! constant witness (constant-like, pure, folding to its `passing`
//! attribute). `!shape.witness` is kept as an opaque dialect type.

use crate::declare_op;
use crate::util::register_dialect;
use ir::interfaces::{RegionBranch, RegionTerminator};
use ir::op_decl::OpView;
use ir::rewrite_api::PatternRewriter;
use ir::{BlockId, Context, Diagnostic, InsertPoint, Ir, OpId, OpSpec, OpTraits, TypeKind, ValueId};
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::IrParser;
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

declare_op! {
    /// `shape.assuming`: executes its region under a witness; the values
    /// the region yields are the results.
    pub struct AssumingOp = "shape.assuming" {
        traits: OpTraits(OpTraits::RECURSIVE_MEMORY_EFFECTS.0 | OpTraits::SINGLE_BLOCK.0 | OpTraits::IMPLICIT_TERMINATOR.0),
        operands: [witness: Single],
        results: [results: Variadic],
        regions: [do_region: Single],
        verify: verify_assuming_structure,
        verify_regions: verify_assuming,
        asm: AssumingAsm,
        interfaces: [RegionBranch => crate::scf::ExecuteRegionBranch],
        patterns: [
            "AssumingOpRemoveUnusedResults" => remove_unused_results,
            "AssumingWithTrue" => assuming_with_true,
        ],
    }
}

declare_op! {
    /// `shape.const_witness`: a statically known witness.
    pub struct ConstWitnessOp = "shape.const_witness" {
        traits: OpTraits(OpTraits::CONSTANT_LIKE.0 | OpTraits::PURE.0),
        attrs: [passing: Passing],
        results: [result: Single],
        verify: verify_const_witness,
        fold: fold_const_witness,
        format: "$passing attr-dict",
        format_rules: [result: Is(witness_type)],
    }
}

declare_op! {
    /// `shape.assuming_yield`: the terminator of `shape.assuming`.
    pub struct AssumingYieldOp = "shape.assuming_yield" {
        traits: OpTraits(OpTraits::TERMINATOR.0 | OpTraits::RETURN_LIKE.0 | OpTraits::PURE.0),
        operands: [operands: Variadic],
        asm: AssumingYieldAsm,
        interfaces: [RegionTerminator => crate::util::ForwardAllOperands],
    }
}

/// Registers the `shape` subset.
pub fn register(ctx: &mut Context) {
    register_dialect(ctx, "shape", false);
    crate::register_ops!(ctx, [AssumingOp, AssumingYieldOp, ConstWitnessOp]);
}

/// `!shape.witness`.
pub fn witness_type(ctx: &Context) -> ir::Type {
    ctx.ty(TypeKind::Opaque { dialect: ctx.intern_str("shape"), body: ctx.intern_str("witness") })
}

/// `BoolAttr`, written as ODS does (`true`, `false`, or an integer parsed
/// as an `i1`).
pub struct Passing;

impl ir::op_decl::AttrDecl for Passing {
    type Get<'a> = Option<bool>;
    type Arg<'a> = bool;
    fn get(ctx: &Context, a: Option<ir::Attribute>) -> Option<bool> {
        match ctx.attr_kind(a?) {
            ir::AttrKind::Bool(b) => Some(*b),
            _ => None,
        }
    }
    fn make(ctx: &Context, arg: bool) -> Option<ir::Attribute> {
        Some(ctx.bool_attr(arg))
    }
    const SYNTAX: ir::op_decl::AttrSyntax = ir::op_decl::AttrSyntax::Typed(|ctx| ctx.i1_ty());
}

fn is_bool_attr(ctx: &Context, a: ir::Attribute) -> bool {
    matches!(ctx.attr_kind(a), ir::AttrKind::Bool(_))
}

/// ODS's checks of `shape.const_witness`: no operands, one witness
/// result, a `passing` bool attribute.
fn verify_const_witness(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    crate::util::check_num_operands(ir, op, 0)?;
    crate::util::check_num_results(ir, op, 1)?;
    let Some(passing) = ConstWitnessOp(op).passing_attr(ir) else {
        return Err(crate::util::op_error(ir, op, "requires attribute 'passing'"));
    };
    if !is_bool_attr(ir.ctx(), passing) {
        return Err(crate::util::op_error(ir, op, "attribute 'passing' failed to satisfy constraint: bool attribute"));
    }
    crate::util::check_results(ir, op, 0..1, |ctx, t| t == witness_type(ctx), "")
}

/// A constant witness folds to its `passing` attribute.
fn fold_const_witness(ir: &mut Ir, op: OpId, _: &[Option<ir::Attribute>]) -> ir::FoldOutcome {
    match ConstWitnessOp(op).passing_attr(ir) {
        Some(a) => ir::FoldOutcome::Results(vec![ir::OpFoldResult::Attr(a)].into()),
        None => ir::FoldOutcome::Failure,
    }
}

/// The yielded values must match the results (MLIR's region-branch type
/// check along the edge from the region to the parent).
/// ODS's structural checks of `shape.assuming` (`OneOperand`,
/// `OneRegion`), in its generated order, before anything reads the operand
/// or the region.
fn verify_assuming_structure(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    crate::util::check_num_operands(ir, op, 1)?;
    crate::util::check_num_regions(ir, op, 1)
}

fn verify_assuming(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let Some(b) = ir.entry_block(AssumingOp(op).do_region(ir)) else { return Ok(()) };
    let Some(t) = ir.terminator(b) else { return Ok(()) };
    let yielded: Vec<_> = ir.operands(t).map(|v| ir.value_type(v)).collect();
    let results = ir.result_types(op);
    if yielded.len() != results.len() {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            format!(
                "'shape.assuming' op  region control flow edge from Region #0 to parent results: source has {} operands, but target successor needs {}",
                yielded.len(),
                results.len()
            ),
        ));
    }
    for (i, (a, b)) in yielded.iter().zip(results.iter()).enumerate() {
        if a != b {
            let ctx = ir.ctx();
            return Err(Diagnostic::error(
                ir.op_loc(op),
                format!(
                    "'shape.assuming' op  along control flow edge from Region #0 to parent results: source type #{i} '{}' should match input type #{i} '{}'",
                    syntax::print_attr::type_to_string(ctx, *a),
                    syntax::print_attr::type_to_string(ctx, *b)
                ),
            ));
        }
    }
    Ok(())
}

// ----- canonicalization ----------------------------------------------------------

/// The `shape.assuming_yield` ending the body of `op`, when the body is one
/// block ended by one.
fn body_yield(ir: &Ir, op: OpId) -> Option<(BlockId, OpId)> {
    let b = ir.entry_block(AssumingOp(op).do_region(ir))?;
    let t = ir.terminator(b).filter(|&t| AssumingYieldOp::matches(ir, t))?;
    Some((b, t))
}

/// `AssumingOpRemoveUnusedResults`: a new op yielding only the values whose
/// results are used.
fn remove_unused_results(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((body, y)) = body_yield(ir, op) else { return false };
    let results: Vec<ValueId> = ir.results(op).collect();
    let yielded: Vec<ValueId> = ir.operands(y).collect();
    let kept: Vec<ValueId> =
        results.iter().zip(&yielded).filter(|(r, _)| ir.uses(**r).next().is_some()).map(|(_, &v)| v).collect();
    if kept.len() == yielded.len() {
        return false;
    }
    let (loc, yield_loc, witness) = (ir.op_loc(op), ir.op_loc(y), AssumingOp(op).witness(ir));
    let saved = rw.insertion_point();
    rw.set_insertion_point(InsertPoint::BlockEnd(body));
    let new_yield = AssumingYieldOp::build(rw, yield_loc, &kept).0;
    rw.replace_op(y, &[]);
    let types: Vec<ir::Type> = rw.ir().operand_types(new_yield).to_vec();
    rw.set_insertion_point(InsertPoint::Before(op));
    let new = rw.create(OpSpec {
        operands: &[witness],
        results: &types,
        num_regions: 1,
        ..OpSpec::new(AssumingOp::name(rw.ir().ctx()), loc)
    });
    let (from, to) = (rw.ir().region(op, 0), rw.ir().region(new, 0));
    rw.inline_region_before(from, to, None);
    let mut next = 0;
    for r in results {
        if rw.ir().uses(r).next().is_some() {
            let v = rw.ir().result(new, next);
            next += 1;
            rw.replace_all_uses(r, v);
        }
    }
    rw.erase_op(op);
    if let Some(ip) = saved {
        rw.set_insertion_point(ip);
    }
    true
}

/// `AssumingWithTrue`: under a constant witness, the body runs in place of
/// the op (upstream's `inlineRegionIntoParent`).
fn assuming_with_true(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let witness = AssumingOp(op).witness(ir);
    let constant = ir.defining_op(witness).and_then(|d| ConstWitnessOp::cast(ir, d));
    if constant.is_none_or(|c| c.passing_attr(ir).is_none()) {
        return false;
    }
    let Some((body, y)) = body_yield(ir, op) else { return false };
    let (Some(before), Some(parent)) = (ir.op_block(op), ir.op_block(op).and_then(|b| ir.block_region(b))) else {
        return false;
    };
    let after = rw.split_block(before, Some(op));
    let region = rw.ir().region(op, 0);
    rw.inline_region_before(region, parent, Some(after));
    let values: Vec<ValueId> = rw.ir().operands(y).collect();
    rw.replace_op(op, &values);
    rw.erase_op(y);
    rw.merge_blocks(body, before, None, &[]);
    rw.merge_blocks(after, before, None, &[]);
    true
}

/// `shape.assuming %w (-> (types))? region attr-dict`.
struct AssumingAsm;

impl OpAsm for AssumingAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let w = p.parse_operand()?;
        let witness_ty = ctx.ty(TypeKind::Opaque { dialect: ctx.intern_str("shape"), body: ctx.intern_str("witness") });
        let w = p.resolve_operand(w, witness_ty)?;
        st.operands.push(w);
        if p.p.eat(TokenKind::Arrow) {
            st.result_types = p.p.parse_function_result_types()?;
        }
        let loc = st.loc;
        let r = p.ir.create_region();
        p.parse_region(r, &[], false)?;
        // `ensureTerminator`: an operand-less yield ends a block without one.
        crate::util::ensure_terminator(p.ir, r, AssumingYieldOp::NAME, loc);
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        st.regions.push(r);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let a = AssumingOp(op);
        pr.out.push(' ');
        pr.print_value(a.witness(ir));
        let results = ir.result_types(op);
        if !results.is_empty() {
            pr.out.push_str(" -> (");
            for (i, &t) in results.iter().enumerate() {
                if i > 0 {
                    pr.out.push_str(", ");
                }
                pr.print_type(t);
            }
            pr.out.push(')');
        }
        pr.out.push(' ');
        pr.print_region(a.do_region(ir), false, !results.is_empty(), false);
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
    }
}

/// `shape.assuming_yield attr-dict ($operands^ : types)?`.
struct AssumingYieldAsm;

impl OpAsm for AssumingYieldAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        crate::util::parse_attr_dict_operands_types(p, st)
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        crate::util::print_attr_dict_operands_types(pr, op);
    }
}
