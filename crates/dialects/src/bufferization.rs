//! The `bufferization` dialect: `bufferization.alloc_tensor`, `clone`,
//! `to_memref`, `to_tensor`, `materialize_in_destination`, `dealloc` and
//! `dealloc_tensor`.
//!
//! This module owns their registration (traits, inherent attributes),
//! mlir-opt-19's custom syntax (including `alloc_tensor`'s hand-written
//! format and `dealloc`'s optional groups), verifiers with upstream's
//! wording, memory effects, folders (`to_tensor(to_memref(x))`,
//! `to_memref(to_tensor(m))`, `clone(memref.cast)`), canonicalization
//! patterns (attached as `CanonicalizationPatterns`: the `dealloc`
//! simplifications, `to_memref`/`to_tensor` interplay with `tensor.dim`,
//! `memref.dim`, `memref.load` and casts), plus builders for the ops the
//! bufferization passes create.

use crate::static_dynamic::{operand_segments, segment_sizes_attr, segment_values, verify_operand_segments};
use crate::tensor::{
    add_patterns, check_num_operands, check_num_results, check_operands, check_results, def_of, is_index, is_tensor,
    op_error, plain_error, tensor_type_from_memref,
};
use crate::util::{
    expect_colon, expect_keyword, parse_functional_type, parse_opt_attr_dict, parse_type_of, register_dialect,
    register_op, resolve_all, resolve_list, set_folders, ConvertAsm, OperandAsm,
};
use ir::interfaces::{
    CastLike, DestinationStyle, Effect, EffectKind, EffectOn, MemoryEffects, OpFoldSize, ReifyShapes,
};
use ir::rewrite_api::PatternRewriter;
use ir::{
    AttrKind, Attribute, Context, Diagnostic, FoldOutcome, InsertPoint, IntValue, Ir, Location, NamedAttr,
    OpFoldResult, OpId, OpSpec, OpTraits, Type, TypeKind, ValueId, DYNAMIC,
};
use smallvec::smallvec;
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::IrParser;
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

/// Registers the bufferization dialect.
pub fn register(ctx: &mut Context) {
    register_dialect(ctx, "bufferization", false);
    register_op(
        ctx,
        "bufferization.alloc_tensor",
        OpTraits::default(),
        &["memory_space", "operandSegmentSizes"],
        Some(verify_alloc_tensor),
        Some(Box::new(AllocTensorAsm)),
    );
    register_op(
        ctx,
        "bufferization.clone",
        OpTraits::default(),
        &[],
        Some(verify_clone),
        Some(Box::new(ConvertAsm::cast(is_memref, None))),
    );
    register_op(
        ctx,
        "bufferization.materialize_in_destination",
        OpTraits::default(),
        &["restrict", "writable"],
        Some(verify_materialize),
        Some(Box::new(MaterializeAsm)),
    );
    register_op(
        ctx,
        "bufferization.dealloc_tensor",
        OpTraits::default(),
        &[],
        Some(verify_dealloc_tensor),
        Some(Box::new(OperandAsm { ok: is_tensor, index_result: false, hint: None })),
    );
    register_op(
        ctx,
        "bufferization.to_tensor",
        OpTraits::default(),
        &["restrict", "writable"],
        Some(verify_to_tensor),
        Some(Box::new(BufferConversionAsm { to_memref: false })),
    );
    register_op(
        ctx,
        "bufferization.to_memref",
        OpTraits::PURE,
        &["read_only"],
        Some(verify_to_memref),
        Some(Box::new(BufferConversionAsm { to_memref: true })),
    );
    register_op(
        ctx,
        "bufferization.dealloc",
        OpTraits::default(),
        &["operandSegmentSizes"],
        Some(verify_dealloc),
        Some(Box::new(DeallocAsm)),
    );

    let folds: [(&str, ir::registry::FoldFn); 3] = [
        ("bufferization.to_tensor", fold_to_tensor_of_to_memref),
        ("bufferization.to_memref", fold_to_memref_of_to_tensor),
        ("bufferization.clone", fold_clone),
    ];
    set_folders(ctx, &folds);
    let effects: [(&str, Box<dyn MemoryEffects>); 5] = [
        ("bufferization.alloc_tensor", Box::new(AllocTensorEffects)),
        ("bufferization.clone", Box::new(CloneEffects)),
        ("bufferization.to_tensor", Box::new(ToTensorEffects)),
        ("bufferization.materialize_in_destination", Box::new(MaterializeEffects)),
        ("bufferization.dealloc", Box::new(DeallocEffects)),
    ];
    for (name, e) in effects {
        let n = ctx.intern_str(name);
        ctx.registry_mut().add_interface::<dyn MemoryEffects>(n, e);
    }
    let n = ctx.intern_str("bufferization.materialize_in_destination");
    ctx.registry_mut().add_interface::<dyn DestinationStyle>(n, Box::new(MaterializeDps));
    let n = ctx.intern_str("bufferization.alloc_tensor");
    ctx.registry_mut().add_interface::<dyn ReifyShapes>(n, Box::new(AllocTensorReify));
    add_patterns(
        ctx,
        "bufferization.dealloc",
        &[
            ("DeallocRemoveDuplicateDeallocMemrefs", "bufferization.dealloc", dealloc_remove_duplicate_memrefs),
            ("DeallocRemoveDuplicateRetainedMemrefs", "bufferization.dealloc", dealloc_remove_duplicate_retained),
            ("EraseEmptyDealloc", "bufferization.dealloc", erase_empty_dealloc),
            ("EraseAlwaysFalseDealloc", "bufferization.dealloc", dealloc_erase_always_false),
            ("SkipExtractMetadataOfAlloc", "bufferization.dealloc", dealloc_skip_extract_metadata),
            ("RemoveAllocDeallocPairWhenNoOtherUsers", "bufferization.dealloc", dealloc_remove_alloc_pairs),
        ],
    );
    add_patterns(ctx, "bufferization.clone", &[("SimplifyClones", "bufferization.clone", erase_unused_clone)]);
    add_patterns(
        ctx,
        "bufferization.to_memref",
        &[
            ("DimOfCastOp", "memref.dim", memref_dim_of_to_memref),
            ("LoadOfToMemref", "memref.load", load_of_to_memref),
            ("ToMemrefOfCast", "bufferization.to_memref", to_memref_of_cast),
            ("ToMemrefToTensorFolding", "bufferization.to_memref", to_memref_to_tensor_folding),
        ],
    );
    add_patterns(ctx, "bufferization.to_tensor", &[("DimOfToTensorFolder", "tensor.dim", tensor_dim_of_to_tensor)]);
}

// ===== verifiers ============================================================

fn is_memref(ctx: &Context, t: Type) -> bool {
    ctx.is_memref(t)
}

fn is_i1(ctx: &Context, t: Type) -> bool {
    t == ctx.i1_ty()
}

const MEMREF_DESC: &str = "ranked or unranked memref of any type values";

fn verify_alloc_tensor(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_num_results(ir, op, 1)?;
    verify_operand_segments(ir, op, 3)?;
    let Some(segs) = operand_segments(ir, op, 3) else { return Ok(()) };
    if segs[1] > 1 || segs[2] > 1 {
        let (i, n) = if segs[1] > 1 { (1, segs[1]) } else { (2, segs[2]) };
        return Err(op_error(
            ir,
            op,
            format!(
                "operand group starting at #{} requires 0 or 1 element, but found {n}",
                segs[0] + if i == 2 { segs[1] } else { 0 }
            ),
        ));
    }
    check_operands(ir, op, 0..segs[0], is_index, "variadic of index")?;
    check_operands(ir, op, segs[0]..segs[0] + segs[1], is_tensor, "tensor of any type values")?;
    check_operands(ir, op, segs[0] + segs[1]..ir.num_operands(op), is_index, "index")?;
    check_results(ir, op, 0..1, is_tensor, "tensor of any type values")?;
    let res = ir.value_type(ir.result(op, 0));
    let has_copy = segs[1] == 1;
    if has_copy && segs[0] != 0 {
        return Err(plain_error(ir, op, "dynamic sizes not needed when copying a tensor"));
    }
    let dynamic = ctx.shape(res).map(|s| s.iter().filter(|&&d| d == DYNAMIC).count()).unwrap_or(0);
    if !has_copy && dynamic != segs[0] {
        return Err(plain_error(ir, op, format!("expected {dynamic} dynamic sizes")));
    }
    if has_copy && ir.value_type(ir.operand(op, segs[0])) != res {
        return Err(plain_error(ir, op, "expected that `copy` and return type match"));
    }
    Ok(())
}

fn verify_clone(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_operands(ir, op, 1)?;
    check_num_results(ir, op, 1)?;
    check_operands(ir, op, 0..1, is_memref, MEMREF_DESC)?;
    check_results(ir, op, 0..1, is_memref, MEMREF_DESC)
}

fn verify_dealloc_tensor(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_operands(ir, op, 1)?;
    check_num_results(ir, op, 0)?;
    check_operands(ir, op, 0..1, is_tensor, "tensor of any type values")
}

fn verify_unit(ir: &Ir, op: OpId, names: &[&str]) -> Result<(), Diagnostic> {
    for n in names {
        if let Some(a) = ir.attr(op, n) {
            if !matches!(ir.ctx().attr_kind(a), AttrKind::Unit) {
                return Err(op_error(ir, op, format!("attribute '{n}' failed to satisfy constraint: unit attribute")));
            }
        }
    }
    Ok(())
}

fn verify_to_tensor(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_num_operands(ir, op, 1)?;
    check_num_results(ir, op, 1)?;
    verify_unit(ir, op, &["restrict", "writable"])?;
    check_operands(ir, op, 0..1, is_memref, MEMREF_DESC)?;
    check_results(ir, op, 0..1, is_tensor, "tensor of any type values")?;
    let (m, t) = (ir.value_type(ir.operand(op, 0)), ir.value_type(ir.result(op, 0)));
    if tensor_type_from_memref(ctx, m) != Some(t) {
        return Err(op_error(ir, op, "failed to verify that result type matches tensor equivalent of 'memref'"));
    }
    Ok(())
}

fn verify_to_memref(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_num_operands(ir, op, 1)?;
    check_num_results(ir, op, 1)?;
    verify_unit(ir, op, &["read_only"])?;
    check_operands(ir, op, 0..1, is_tensor, "tensor of any type values")?;
    check_results(ir, op, 0..1, is_memref, MEMREF_DESC)?;
    let (t, m) = (ir.value_type(ir.operand(op, 0)), ir.value_type(ir.result(op, 0)));
    if tensor_type_from_memref(ctx, m) != Some(t) {
        return Err(op_error(ir, op, "failed to verify that type of 'tensor' is the tensor equivalent of 'memref'"));
    }
    Ok(())
}

fn verify_materialize(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_num_operands(ir, op, 2)?;
    if ir.num_results(op) > 1 {
        return Err(op_error(ir, op, format!("requires zero or one result, but found {}", ir.num_results(op))));
    }
    verify_unit(ir, op, &["restrict", "writable"])?;
    check_operands(ir, op, 0..1, is_tensor, "tensor of any type values")?;
    check_operands(ir, op, 1..2, |c, t| c.is_shaped(t), "shaped of any type values")?;
    check_results(ir, op, 0..1, is_tensor, "tensor of any type values")?;
    let (src, dest) = (ir.value_type(ir.operand(op, 0)), ir.value_type(ir.operand(op, 1)));
    if ctx.element_type(src) != ctx.element_type(dest) {
        return Err(op_error(ir, op, "failed to verify that all of {source, dest} have same element type"));
    }
    let dest_is_memref = ctx.is_memref(dest);
    if !ctx.is_tensor(dest) && !dest_is_memref {
        return Err(op_error(ir, op, "'dest' must be a tensor or a memref"));
    }
    if ctx.is_tensor(dest) {
        if ir.num_results(op) != 1 {
            return Err(op_error(ir, op, "tensor 'dest' implies exactly one tensor result"));
        }
        if ir.value_type(ir.result(op, 0)) != dest {
            return Err(op_error(ir, op, "result and 'dest' types must match"));
        }
    }
    if dest_is_memref && ir.num_results(op) != 0 {
        return Err(op_error(ir, op, "memref 'dest' implies zero results"));
    }
    if ir.attr(op, "restrict").is_some() && !dest_is_memref {
        return Err(op_error(ir, op, "'restrict' is valid only for memref destinations"));
    }
    if ir.attr(op, "writable").is_some() != dest_is_memref {
        return Err(op_error(ir, op, "'writable' must be specified if and only if the destination is of memref type"));
    }
    match (ctx.shape(src), ctx.shape(dest)) {
        (Some(s), Some(d)) => {
            if s.len() != d.len() {
                return Err(op_error(ir, op, "rank mismatch between source and destination shape"));
            }
            if s.iter().zip(d).any(|(&a, &b)| a != DYNAMIC && b != DYNAMIC && a != b) {
                return Err(op_error(ir, op, "source/destination shapes are incompatible"));
            }
        }
        (None, None) => {}
        _ => return Err(op_error(ir, op, "source/destination shapes are incompatible")),
    }
    Ok(())
}

fn verify_dealloc(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    verify_operand_segments(ir, op, 3)?;
    let Some(segs) = operand_segments(ir, op, 3) else { return Ok(()) };
    let (m, c) = (segs[0], segs[1]);
    check_operands(ir, op, 0..m, is_memref, &format!("variadic of {MEMREF_DESC}"))?;
    check_operands(ir, op, m..m + c, is_i1, "variadic of 1-bit signless integer")?;
    check_operands(ir, op, m + c..ir.num_operands(op), is_memref, &format!("variadic of {MEMREF_DESC}"))?;
    check_results(ir, op, 0..ir.num_results(op), is_i1, "variadic of 1-bit signless integer")?;
    if m != c {
        return Err(op_error(ir, op, "must have the same number of conditions as memrefs to deallocate"));
    }
    if segs[2] != ir.num_results(op) {
        return Err(op_error(ir, op, "must have the same number of updated conditions (results) as retained operands"));
    }
    Ok(())
}

// ===== custom syntax =======================================================

struct AllocTensorAsm;

impl OpAsm for AllocTensorAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        p.p.expect(TokenKind::LParen, "expected '('")?;
        let sizes = p.parse_operand_list()?;
        p.p.expect(TokenKind::RParen, "expected ')'")?;
        let mut copy = None;
        if p.p.eat_keyword("copy") {
            p.p.expect(TokenKind::LParen, "expected '('")?;
            copy = Some(p.parse_operand()?);
            p.p.expect(TokenKind::RParen, "expected ')'")?;
        }
        let mut hint = None;
        if p.p.eat_keyword("size_hint") {
            p.p.expect(TokenKind::Equal, "expected '='")?;
            hint = Some(p.parse_operand()?);
        }
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let ty = parse_type_of(p, st, is_tensor)?;
        let index = ctx.index_ty();
        let mut operands = resolve_all(p, &sizes, index)?;
        if let Some(c) = copy {
            operands.push(p.resolve_operand(c, ty)?);
        }
        if let Some(h) = hint {
            operands.push(p.resolve_operand(h, index)?);
        }
        st.operands = operands;
        st.result_types = vec![ty];
        st.add_attr(
            ctx.intern_str("operandSegmentSizes"),
            segment_sizes_attr(ctx, &[sizes.len(), usize::from(copy.is_some()), usize::from(hint.is_some())]),
        );
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let sizes = segment_values(ir, op, 3, 0);
        let copy = segment_values(ir, op, 3, 1);
        let hint = segment_values(ir, op, 3, 2);
        pr.out.push('(');
        pr.print_values(sizes);
        pr.out.push(')');
        if let Some(&c) = copy.first() {
            pr.out.push_str(" copy(");
            pr.print_value(c);
            pr.out.push(')');
        }
        if let Some(&h) = hint.first() {
            pr.out.push_str(" size_hint=");
            pr.print_value(h);
        }
        pr.print_optional_attr_dict(ir.attrs(op), &["operandSegmentSizes"]);
        pr.out.push_str(" : ");
        if ir.num_results(op) > 0 {
            pr.print_type(ir.value_type(ir.result(op, 0)));
        }
    }
}

/// Prints ` $operand`, the unit `keywords` the op has, and its other
/// attributes.
fn print_operand_and_attrs(pr: &mut OpPrinter<'_>, op: OpId, keywords: &[&str]) {
    let ir = pr.ir;
    if ir.num_operands(op) > 0 {
        pr.out.push(' ');
        pr.print_value(ir.operand(op, 0));
    }
    print_unit_keywords(pr, op, keywords);
    pr.print_optional_attr_dict(ir.attrs(op), keywords);
}

fn parse_unit_keyword(p: &mut IrParser<'_, '_>, st: &mut OpState, kw: &str) {
    if p.p.eat_keyword(kw) {
        let ctx = p.p.ctx;
        st.add_attr(ctx.intern_str(kw), ctx.unit_attr());
    }
}

fn print_unit_keywords(pr: &mut OpPrinter<'_>, op: OpId, kws: &[&str]) {
    for kw in kws {
        if pr.ir.attr(op, kw).is_some() {
            pr.out.push(' ');
            pr.out.push_str(kw);
        }
    }
}

/// `to_tensor` (`$memref (restrict)? (writable)? attr-dict : type($memref)`)
/// and, with `to_memref` set, `to_memref` (`$tensor (read_only)? attr-dict
/// : type($memref)`): both name the memref type and imply the tensor type.
struct BufferConversionAsm {
    to_memref: bool,
}

impl BufferConversionAsm {
    fn keywords(&self) -> &'static [&'static str] {
        if self.to_memref {
            &["read_only"]
        } else {
            &["restrict", "writable"]
        }
    }
}

impl OpAsm for BufferConversionAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let operand = p.parse_operand()?;
        for kw in self.keywords() {
            parse_unit_keyword(p, st, kw);
        }
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let memref = parse_type_of(p, st, is_memref)?;
        let Some(tensor) = tensor_type_from_memref(p.p.ctx, memref) else {
            return Err(p.p.error_here("expected a memref type"));
        };
        let (from, to) = if self.to_memref { (tensor, memref) } else { (memref, tensor) };
        st.operands = vec![p.resolve_operand(operand, from)?];
        st.result_types = vec![to];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        print_operand_and_attrs(pr, op, self.keywords());
        pr.out.push_str(" : ");
        if self.to_memref {
            pr.print_types(ir.result_types(op));
        } else {
            pr.print_types(ir.operand_types(op));
        }
    }
}

struct MaterializeAsm;

impl OpAsm for MaterializeAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let pos = p.p.tok.start;
        let src = p.parse_operand()?;
        expect_keyword(p, "in")?;
        parse_unit_keyword(p, st, "restrict");
        parse_unit_keyword(p, st, "writable");
        let dest = p.parse_operand()?;
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let (ins, outs) = parse_functional_type(p, st)?;
        st.operands = resolve_list(p, st, &[src, dest], &ins, pos)?;
        st.result_types = outs;
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        if ir.num_operands(op) > 0 {
            pr.out.push(' ');
            pr.print_value(ir.operand(op, 0));
        }
        pr.out.push_str(" in");
        print_unit_keywords(pr, op, &["restrict", "writable"]);
        if ir.num_operands(op) > 1 {
            pr.out.push(' ');
            pr.print_value(ir.operand(op, 1));
        }
        pr.print_optional_attr_dict(ir.attrs(op), &["restrict", "writable"]);
        pr.out.push_str(" : ");
        pr.print_functional_type(&ir.operand_types(op), &ir.result_types(op));
    }
}

struct DeallocAsm;

impl OpAsm for DeallocAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let mut memrefs = Vec::new();
        let mut conditions = Vec::new();
        let mut retained = Vec::new();
        if p.p.eat(TokenKind::LParen) {
            let ops_pos = p.p.tok.start;
            let ops = p.parse_operand_list()?;
            if ops.is_empty() {
                return Err(p.p.error_here("expected SSA operand"));
            }
            expect_colon(p)?;
            let tys = p.parse_type_list()?;
            p.p.expect(TokenKind::RParen, "expected ')'")?;
            expect_keyword(p, "if")?;
            p.p.expect(TokenKind::LParen, "expected '('")?;
            let conds = p.parse_operand_list()?;
            p.p.expect(TokenKind::RParen, "expected ')'")?;
            memrefs = resolve_list(p, st, &ops, &tys, ops_pos)?;
            conditions = resolve_all(p, &conds, ctx.i1_ty())?;
        }
        if p.p.eat_keyword("retain") {
            p.p.expect(TokenKind::LParen, "expected '('")?;
            let ops_pos = p.p.tok.start;
            let ops = p.parse_operand_list()?;
            if ops.is_empty() {
                return Err(p.p.error_here("expected SSA operand"));
            }
            expect_colon(p)?;
            let tys = p.parse_type_list()?;
            p.p.expect(TokenKind::RParen, "expected ')'")?;
            retained = resolve_list(p, st, &ops, &tys, ops_pos)?;
        }
        parse_opt_attr_dict(p, st)?;
        st.add_attr(
            ctx.intern_str("operandSegmentSizes"),
            segment_sizes_attr(ctx, &[memrefs.len(), conditions.len(), retained.len()]),
        );
        // InferTypeOpInterface: one `i1` per retained memref.
        st.result_types = vec![ctx.i1_ty(); retained.len()];
        st.operands = memrefs.into_iter().chain(conditions).chain(retained).collect();
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let memrefs = segment_values(ir, op, 3, 0);
        let conditions = segment_values(ir, op, 3, 1);
        let retained = segment_values(ir, op, 3, 2);
        if !memrefs.is_empty() {
            pr.out.push_str(" (");
            let tys: Vec<Type> = memrefs.iter().map(|&v| ir.value_type(v)).collect();
            pr.print_values(memrefs);
            pr.out.push_str(" : ");
            pr.print_types(tys);
            pr.out.push_str(") if (");
            pr.print_values(conditions);
            pr.out.push(')');
        }
        if !retained.is_empty() {
            pr.out.push_str(" retain (");
            let tys: Vec<Type> = retained.iter().map(|&v| ir.value_type(v)).collect();
            pr.print_values(retained);
            pr.out.push_str(" : ");
            pr.print_types(tys);
            pr.out.push(')');
        }
        pr.print_optional_attr_dict(ir.attrs(op), &["operandSegmentSizes"]);
    }
}

// ===== interfaces ==========================================================

/// `alloc_tensor` allocates its result and reads its `copy` operand.
/// Upstream declares no effects (so they are unknown): a write of unknown
/// memory stands for that, so that an unused `alloc_tensor` is never
/// trivially dead and CSE never merges two of them, as in mlir-opt-19.
struct AllocTensorEffects;

impl MemoryEffects for AllocTensorEffects {
    fn effects(&self, ir: &Ir, op: OpId, out: &mut Vec<Effect>) {
        if ir.num_results(op) == 1 {
            out.push(Effect::new(EffectKind::Allocate, EffectOn::Result(0)));
        }
        if let Some(segs) = operand_segments(ir, op, 3) {
            if segs[1] == 1 {
                out.push(Effect::new(EffectKind::Read, EffectOn::Operand(segs[0])));
            }
        }
        out.push(Effect::new(EffectKind::Write, EffectOn::Unknown));
    }
}

/// `clone` reads its operand and allocates and writes its result.
struct CloneEffects;

impl MemoryEffects for CloneEffects {
    fn effects(&self, ir: &Ir, op: OpId, out: &mut Vec<Effect>) {
        if ir.num_operands(op) == 1 {
            out.push(Effect::new(EffectKind::Read, EffectOn::Operand(0)));
        }
        if ir.num_results(op) == 1 {
            out.push(Effect::new(EffectKind::Write, EffectOn::Result(0)));
            out.push(Effect::new(EffectKind::Allocate, EffectOn::Result(0)));
        }
    }
}

/// `to_tensor` reads its memref.
struct ToTensorEffects;

impl MemoryEffects for ToTensorEffects {
    fn effects(&self, ir: &Ir, op: OpId, out: &mut Vec<Effect>) {
        if ir.num_operands(op) == 1 {
            out.push(Effect::new(EffectKind::Read, EffectOn::Operand(0)));
        }
    }
}

/// `materialize_in_destination` writes a memref destination.
struct MaterializeEffects;

impl MemoryEffects for MaterializeEffects {
    fn effects(&self, ir: &Ir, op: OpId, out: &mut Vec<Effect>) {
        if ir.num_operands(op) == 2 && ir.ctx().is_memref(ir.value_type(ir.operand(op, 1))) {
            out.push(Effect::new(EffectKind::Write, EffectOn::Operand(1)));
        }
    }
}

/// `dealloc` frees each memref it deallocates. Upstream declares no
/// effects at all (so they are unknown); a write of unknown memory stands
/// for that, so that CSE never moves reads across a `dealloc` and an unused
/// `dealloc` is never trivially dead, exactly as in mlir-opt-19.
struct DeallocEffects;

impl MemoryEffects for DeallocEffects {
    fn effects(&self, ir: &Ir, op: OpId, out: &mut Vec<Effect>) {
        if let Some(segs) = operand_segments(ir, op, 3) {
            out.extend((0..segs[0]).map(|i| Effect::new(EffectKind::Free, EffectOn::Operand(i))));
        }
        out.push(Effect::new(EffectKind::Write, EffectOn::Unknown));
    }
}

struct MaterializeDps;

impl DestinationStyle for MaterializeDps {
    fn inits(&self, ir: &Ir, op: OpId) -> std::ops::Range<usize> {
        if ir.num_operands(op) == 2 {
            1..2
        } else {
            0..0
        }
    }
}

struct AllocTensorReify;

impl ReifyShapes for AllocTensorReify {
    fn reify(&self, ir: &mut Ir, op: OpId) -> Option<Vec<Vec<OpFoldSize>>> {
        let ctx = ir.ctx_arc().clone();
        if ir.num_results(op) != 1 {
            return None;
        }
        let shape = ctx.shape(ir.value_type(ir.result(op, 0)))?.to_vec();
        let segs = operand_segments(ir, op, 3)?;
        let mut dims = Vec::with_capacity(shape.len());
        let mut next = 0;
        for (i, &d) in shape.iter().enumerate() {
            if d != DYNAMIC {
                dims.push(OpFoldSize::Static(d));
            } else if segs[1] == 1 {
                let copy = ir.operand(op, segs[0]);
                let loc = ir.op_loc(op);
                dims.push(OpFoldSize::Value(crate::tensor::build_dim(ir, InsertPoint::Before(op), loc, copy, i)?));
            } else {
                dims.push(OpFoldSize::Value(ir.operand(op, next)));
                next += 1;
            }
        }
        Some(vec![dims])
    }
}

// ===== folders and rewrites ================================================

fn fold_value(v: ValueId) -> FoldOutcome {
    FoldOutcome::Results(smallvec![OpFoldResult::Value(v)])
}

/// `to_tensor(to_memref(%t))` folds to `%t` when the `to_memref` is the op
/// right before (a conservative stand-in for alias analysis, as upstream).
pub fn fold_to_tensor_of_to_memref(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    if ir.num_operands(op) != 1 || ir.num_results(op) != 1 {
        return FoldOutcome::Failure;
    }
    let Some(tm) = def_of(ir, ir.operand(op, 0), "bufferization.to_memref") else { return FoldOutcome::Failure };
    if ir.num_operands(tm) != 1 || ir.op_block(tm) != ir.op_block(op) || ir.next_op(tm) != Some(op) {
        return FoldOutcome::Failure;
    }
    let t = ir.operand(tm, 0);
    if ir.value_type(t) != ir.value_type(ir.result(op, 0)) {
        return FoldOutcome::Failure;
    }
    fold_value(t)
}

/// `to_memref(to_tensor(%m))` folds to `%m` when the types agree.
pub fn fold_to_memref_of_to_tensor(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    if ir.num_operands(op) != 1 || ir.num_results(op) != 1 {
        return FoldOutcome::Failure;
    }
    let Some(tt) = def_of(ir, ir.operand(op, 0), "bufferization.to_tensor") else { return FoldOutcome::Failure };
    if ir.num_operands(tt) != 1 {
        return FoldOutcome::Failure;
    }
    let m = ir.operand(tt, 0);
    if ir.value_type(m) != ir.value_type(ir.result(op, 0)) {
        return FoldOutcome::Failure;
    }
    fold_value(m)
}

/// `clone(memref.cast(%m))` clones `%m` directly when `%m` is ranked
/// (`memref::foldMemRefCast`).
pub fn fold_clone(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    if ir.num_operands(op) != 1 {
        return FoldOutcome::Failure;
    }
    let Some(c) = def_of(ir, ir.operand(op, 0), "memref.cast") else { return FoldOutcome::Failure };
    if ir.num_operands(c) != 1 {
        return FoldOutcome::Failure;
    }
    let src = ir.operand(c, 0);
    if !matches!(ir.ctx().kind(ir.value_type(src)), TypeKind::MemRef { .. }) {
        return FoldOutcome::Failure;
    }
    ir.set_operand(op, 0, src);
    FoldOutcome::InPlace
}

/// The memrefs, conditions and retained values of a `dealloc`.
pub fn dealloc_parts(ir: &Ir, op: OpId) -> Option<(Vec<ValueId>, Vec<ValueId>, Vec<ValueId>)> {
    operand_segments(ir, op, 3)?;
    Some((segment_values(ir, op, 3, 0), segment_values(ir, op, 3, 1), segment_values(ir, op, 3, 2)))
}

fn create(
    ir: &mut Ir,
    ip: InsertPoint,
    loc: Location,
    name: &str,
    operands: &[ValueId],
    results: &[Type],
    attrs: &[NamedAttr],
) -> OpId {
    let n = ir.ctx().intern_str(name);
    ir.insert_new_op(ip, OpSpec { operands, results, attrs, ..OpSpec::new(n, loc) })
}

/// Creates `arith.constant <b>` of type `i1` (by name).
pub fn build_bool_constant(ir: &mut Ir, ip: InsertPoint, loc: Location, b: bool) -> ValueId {
    let ctx = ir.ctx_arc().clone();
    let attrs = [NamedAttr { name: ctx.intern_str("value"), value: ctx.bool_attr(b) }];
    let op = create(ir, ip, loc, "arith.constant", &[], &[ctx.i1_ty()], &attrs);
    ir.result(op, 0)
}

/// Creates `bufferization.dealloc` with its inferred `i1` results.
pub fn build_dealloc(
    ir: &mut Ir,
    ip: InsertPoint,
    loc: Location,
    memrefs: &[ValueId],
    conditions: &[ValueId],
    retained: &[ValueId],
) -> OpId {
    let ctx = ir.ctx_arc().clone();
    let attrs = [NamedAttr {
        name: ctx.intern_str("operandSegmentSizes"),
        value: segment_sizes_attr(&ctx, &[memrefs.len(), conditions.len(), retained.len()]),
    }];
    let operands: Vec<ValueId> = memrefs.iter().chain(conditions).chain(retained).copied().collect();
    let results = vec![ctx.i1_ty(); retained.len()];
    create(ir, ip, loc, "bufferization.dealloc", &operands, &results, &attrs)
}

/// Creates `bufferization.to_tensor %m` (with `restrict`/`writable`).
pub fn build_to_tensor(
    ir: &mut Ir,
    ip: InsertPoint,
    loc: Location,
    m: ValueId,
    restrict: bool,
    writable: bool,
) -> Option<ValueId> {
    let ctx = ir.ctx_arc().clone();
    let ty = tensor_type_from_memref(&ctx, ir.value_type(m))?;
    let mut attrs = Vec::new();
    if restrict {
        attrs.push(NamedAttr { name: ctx.intern_str("restrict"), value: ctx.unit_attr() });
    }
    if writable {
        attrs.push(NamedAttr { name: ctx.intern_str("writable"), value: ctx.unit_attr() });
    }
    let op = create(ir, ip, loc, "bufferization.to_tensor", &[m], &[ty], &attrs);
    Some(ir.result(op, 0))
}

/// Creates `bufferization.to_memref %t : <memref_ty>`.
pub fn build_to_memref(
    ir: &mut Ir,
    ip: InsertPoint,
    loc: Location,
    t: ValueId,
    memref_ty: Type,
    read_only: bool,
) -> ValueId {
    let ctx = ir.ctx_arc().clone();
    let mut attrs = Vec::new();
    if read_only {
        attrs.push(NamedAttr { name: ctx.intern_str("read_only"), value: ctx.unit_attr() });
    }
    let op = create(ir, ip, loc, "bufferization.to_memref", &[t], &[memref_ty], &attrs);
    ir.result(op, 0)
}

/// Creates `bufferization.clone %m`.
pub fn build_clone(ir: &mut Ir, ip: InsertPoint, loc: Location, m: ValueId) -> ValueId {
    let ty = ir.value_type(m);
    let op = create(ir, ip, loc, "bufferization.clone", &[m], &[ty], &[]);
    ir.result(op, 0)
}

/// Creates `bufferization.alloc_tensor(%sizes) [copy(%c)] : <ty>`.
pub fn build_alloc_tensor(
    ir: &mut Ir,
    ip: InsertPoint,
    loc: Location,
    ty: Type,
    dynamic_sizes: &[ValueId],
    copy: Option<ValueId>,
    memory_space: Option<Attribute>,
) -> ValueId {
    let ctx = ir.ctx_arc().clone();
    let mut attrs = vec![NamedAttr {
        name: ctx.intern_str("operandSegmentSizes"),
        value: segment_sizes_attr(&ctx, &[dynamic_sizes.len(), usize::from(copy.is_some()), 0]),
    }];
    if let Some(ms) = memory_space {
        attrs.push(NamedAttr { name: ctx.intern_str("memory_space"), value: ms });
    }
    let operands: Vec<ValueId> = dynamic_sizes.iter().copied().chain(copy).collect();
    let op = create(ir, ip, loc, "bufferization.alloc_tensor", &operands, &[ty], &attrs);
    ir.result(op, 0)
}

fn is_const_false(ir: &Ir, v: ValueId) -> bool {
    let Some(d) = def_of(ir, v, "arith.constant") else { return false };
    matches!(
        ir.attr(d, "value").map(|a| ir.ctx().attr_kind(a)),
        Some(AttrKind::Bool(false) | AttrKind::Integer { value: IntValue::Small(0), .. })
    )
}

// ----- canonicalization patterns -----------------------------------------

/// True when `user` frees `v` (a `Free` effect on an operand that is `v`).
fn frees(ir: &Ir, user: OpId, v: ValueId) -> bool {
    ir::interfaces::memory_effects(ir, user).is_some_and(|effects| {
        effects.iter().any(|e| {
            e.kind == ir::interfaces::EffectKind::Free
                && matches!(e.on, ir::interfaces::EffectOn::Operand(i) if ir.operand(user, i) == v)
        })
    })
}

/// `memref::findDealloc`: `None` when `v` is freed by more than one op,
/// else the op that frees it, if any.
fn find_dealloc(ir: &Ir, v: ValueId) -> Option<Option<OpId>> {
    let mut found = None;
    for user in ir.users(v) {
        if !frees(ir, user, v) || found == Some(user) {
            continue;
        }
        if found.is_some() {
            return None;
        }
        found = Some(user);
    }
    Some(found)
}

/// `SimplifyClones`: an unused `clone` is erased. A clone whose source (or
/// the clone itself) is freed later in the same block, with no other free
/// in between and the other one not freed in that same block, is replaced
/// by its source (through a `memref.cast` when the types differ) and that
/// dealloc is erased.
pub fn erase_unused_clone(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.results(op).all(|r| !ir.has_uses(r)) {
        rw.erase_op(op);
        return true;
    }
    if ir.num_operands(op) != 1 || ir.num_results(op) != 1 {
        return false;
    }
    let source = ir.operand(op, 0);
    let output = ir.result(op, 0);
    let (src_ty, out_ty) = (ir.value_type(source), ir.value_type(output));
    if src_ty != out_ty && !crate::layout::are_cast_compatible(ir.ctx(), src_ty, out_ty) {
        return false;
    }
    let mut canonical = source;
    while let Some(def) = ir.defining_op(canonical) {
        match ir::interfaces::view_source(ir, def) {
            Some(s) => canonical = s,
            None => break,
        }
    }
    let Some(clone_dealloc) = find_dealloc(ir, output) else { return false };
    let Some(source_dealloc) = find_dealloc(ir, canonical) else { return false };
    if let (Some(a), Some(b)) = (clone_dealloc, source_dealloc) {
        if ir.op_block(a) == ir.op_block(b) {
            return false;
        }
    }
    let block = ir.op_block(op);
    let redundant = match (clone_dealloc, source_dealloc) {
        (Some(d), _) if ir.op_block(d) == block => d,
        (_, Some(d)) if ir.op_block(d) == block => d,
        _ => return false,
    };
    // No other free between the clone and the dealloc to drop.
    let mut pos = ir.next_op(op);
    loop {
        match pos {
            None => return false,
            Some(p) if p == redundant => break,
            Some(p) => {
                let has_free = ir::interfaces::memory_effects(ir, p)
                    .is_some_and(|e| e.iter().any(|e| e.kind == ir::interfaces::EffectKind::Free));
                if has_free {
                    return false;
                }
                pos = ir.next_op(p);
            }
        }
    }
    let replacement = if src_ty != out_ty { crate::memref::create_cast(rw, op, source, out_ty) } else { source };
    rw.replace_op(op, &[replacement]);
    rw.erase_op(redundant);
    true
}

fn create_with(
    rw: &mut PatternRewriter<'_>,
    before: OpId,
    name: &str,
    operands: &[ValueId],
    results: &[Type],
    attrs: &[NamedAttr],
) -> OpId {
    let loc = rw.ir().op_loc(before);
    let n = rw.ir().ctx().intern_str(name);
    rw.set_insertion_point(InsertPoint::Before(before));
    rw.create(OpSpec { operands, results, attrs, ..OpSpec::new(n, loc) })
}

/// MLIR's `updateDeallocIfChanged`: sets the memrefs and conditions of a
/// `dealloc` (in place) unless they are unchanged.
fn update_dealloc_if_changed(rw: &mut PatternRewriter<'_>, op: OpId, memrefs: &[ValueId], conds: &[ValueId]) -> bool {
    let Some((old_m, old_c, retained)) = dealloc_parts(rw.ir(), op) else { return false };
    if old_m == memrefs && old_c == conds {
        return false;
    }
    let ctx = rw.ir().ctx_arc().clone();
    let all: Vec<ValueId> = memrefs.iter().chain(conds).chain(&retained).copied().collect();
    let segs = segment_sizes_attr(&ctx, &[memrefs.len(), conds.len(), retained.len()]);
    let name = ctx.intern_str("operandSegmentSizes");
    rw.modify_in_place(op, |ir| {
        ir.set_operands(op, &all);
        ir.set_attr(op, name, segs);
    });
    true
}

/// `DeallocRemoveDuplicateDeallocMemrefs`: a memref listed twice is
/// deallocated once, under the disjunction (`arith.ori`) of its conditions.
pub fn dealloc_remove_duplicate_memrefs(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let Some((memrefs, conds, _)) = dealloc_parts(rw.ir(), op) else { return false };
    let mut new_m: Vec<ValueId> = Vec::new();
    let mut new_c: Vec<ValueId> = Vec::new();
    for (&m, &c) in memrefs.iter().zip(&conds) {
        match new_m.iter().position(|&x| x == m) {
            Some(i) => {
                if new_c[i] != c {
                    let i1 = rw.ir().ctx().i1_ty();
                    let or = create_with(rw, op, "arith.ori", &[new_c[i], c], &[i1], &[]);
                    new_c[i] = rw.ir().result(or, 0);
                }
            }
            None => {
                new_m.push(m);
                new_c.push(c);
            }
        }
    }
    update_dealloc_if_changed(rw, op, &new_m, &new_c)
}

/// `DeallocRemoveDuplicateRetainedMemrefs`: a retained value listed twice is
/// kept once; a new `dealloc` replaces the old one and both old results map
/// to the single new result.
pub fn dealloc_remove_duplicate_retained(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let Some((memrefs, conds, retained)) = dealloc_parts(rw.ir(), op) else { return false };
    if retained.len() != rw.ir().num_results(op) {
        return false;
    }
    let mut uniq: Vec<ValueId> = Vec::new();
    let mut map = Vec::with_capacity(retained.len());
    for &r in &retained {
        match uniq.iter().position(|&x| x == r) {
            Some(i) => map.push(i),
            None => {
                map.push(uniq.len());
                uniq.push(r);
            }
        }
    }
    if uniq.len() == retained.len() {
        return false;
    }
    let ctx = rw.ir().ctx_arc().clone();
    let attrs = [NamedAttr {
        name: ctx.intern_str("operandSegmentSizes"),
        value: segment_sizes_attr(&ctx, &[memrefs.len(), conds.len(), uniq.len()]),
    }];
    let operands: Vec<ValueId> = memrefs.iter().chain(&conds).chain(&uniq).copied().collect();
    let results = vec![ctx.i1_ty(); uniq.len()];
    let new_op = create_with(rw, op, "bufferization.dealloc", &operands, &results, &attrs);
    let repl: Vec<ValueId> = map.iter().map(|&i| rw.ir().result(new_op, i)).collect();
    rw.replace_op(op, &repl);
    true
}

/// `EraseEmptyDealloc`: a `dealloc` with no memrefs is erased; its results
/// become a constant `false`.
pub fn erase_empty_dealloc(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let Some((memrefs, _, _)) = dealloc_parts(rw.ir(), op) else { return false };
    if !memrefs.is_empty() {
        return false;
    }
    let ctx = rw.ir().ctx_arc().clone();
    let n = rw.ir().num_results(op);
    let attrs = [NamedAttr { name: ctx.intern_str("value"), value: ctx.bool_attr(false) }];
    let f = create_with(rw, op, "arith.constant", &[], &[ctx.i1_ty()], &attrs);
    let v = rw.ir().result(f, 0);
    rw.replace_op(op, &vec![v; n]);
    true
}

/// `EraseAlwaysFalseDealloc`: memrefs whose condition is the constant
/// `false` are dropped.
pub fn dealloc_erase_always_false(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((memrefs, conds, _)) = dealloc_parts(ir, op) else { return false };
    let (m, c): (Vec<ValueId>, Vec<ValueId>) =
        memrefs.iter().zip(&conds).filter(|(_, &c)| !is_const_false(ir, c)).map(|(&m, &c)| (m, c)).unzip();
    update_dealloc_if_changed(rw, op, &m, &c)
}

/// True when the defining op of `v` has an `Allocate` effect on it.
fn allocates(ir: &Ir, v: ValueId) -> bool {
    effects_on(ir, v).is_some_and(|e| e.contains(&EffectKind::Allocate))
}

/// The kinds of the effects the defining op of `v` has on `v`.
fn effects_on(ir: &Ir, v: ValueId) -> Option<Vec<EffectKind>> {
    let def = ir.defining_op(v)?;
    let idx = ir.results(def).position(|r| r == v)?;
    let effects = ir::interfaces::memory_effects(ir, def)?;
    Some(effects.iter().filter(|e| e.on == EffectOn::Result(idx)).map(|e| e.kind).collect())
}

/// `SkipExtractMetadataOfAlloc`: deallocating the base buffer returned by
/// `memref.extract_strided_metadata` of an allocation deallocates the
/// allocation itself.
pub fn dealloc_skip_extract_metadata(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((memrefs, conds, _)) = dealloc_parts(ir, op) else { return false };
    let new_m: Vec<ValueId> = memrefs
        .iter()
        .map(|&m| match def_of(ir, m, "memref.extract_strided_metadata") {
            Some(x) if ir.num_operands(x) == 1 && allocates(ir, ir.operand(x, 0)) => ir.operand(x, 0),
            _ => m,
        })
        .collect();
    update_dealloc_if_changed(rw, op, &new_m, &conds)
}

/// `RemoveAllocDeallocPairWhenNoOtherUsers`: an allocation whose only use is
/// this `dealloc` (and that has no other effect on it) is erased together
/// with its entry in the `dealloc`.
pub fn dealloc_remove_alloc_pairs(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((memrefs, conds, _)) = dealloc_parts(ir, op) else { return false };
    let mut new_m = Vec::new();
    let mut new_c = Vec::new();
    let mut dead = Vec::new();
    for (&m, &c) in memrefs.iter().zip(&conds) {
        let only_alloc =
            effects_on(ir, m).is_some_and(|e| !e.is_empty() && e.iter().all(|&k| k == EffectKind::Allocate));
        if only_alloc && ir.has_one_use(m) {
            if let Some(d) = ir.defining_op(m) {
                dead.push(d);
                continue;
            }
        }
        new_m.push(m);
        new_c.push(c);
    }
    if !update_dealloc_if_changed(rw, op, &new_m, &new_c) {
        return false;
    }
    for d in dead {
        rw.erase_op(d);
    }
    true
}

fn cast_compatible(ir: &Ir, cast_op: &str, from: Type, to: Type) -> bool {
    let n = ir.ctx().intern_str(cast_op);
    ir.ctx().registry().interface::<dyn CastLike>(n).is_some_and(|c| c.are_cast_compatible(ir, &[from], &[to]))
}

/// `ToMemrefOfCast`: `to_memref(tensor.cast %x)` becomes
/// `memref.cast(to_memref %x)` when `%x` is ranked.
pub fn to_memref_of_cast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 1 || ir.num_results(op) != 1 {
        return false;
    }
    let Some(cast) = def_of(ir, ir.operand(op, 0), "tensor.cast") else { return false };
    if ir.num_operands(cast) != 1 {
        return false;
    }
    let src = ir.operand(cast, 0);
    let ctx = ir.ctx_arc().clone();
    let Some((shape, elem, _)) = crate::tensor::tensor_parts(&ctx, ir.value_type(src)) else { return false };
    let mty = ctx.memref_ty(shape, elem, None);
    let res_ty = ir.value_type(ir.result(op, 0));
    let tm = create_with(rw, op, "bufferization.to_memref", &[src], &[mty], &[]);
    let m = rw.ir().result(tm, 0);
    let c = create_with(rw, op, "memref.cast", &[m], &[res_ty], &[]);
    let v = rw.ir().result(c, 0);
    rw.replace_op(op, &[v]);
    true
}

/// `ToMemrefToTensorFolding`: `to_memref(to_tensor %m)` becomes `%m`, or a
/// `memref.cast` of it when the types differ but are cast compatible.
pub fn to_memref_to_tensor_folding(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 1 || ir.num_results(op) != 1 {
        return false;
    }
    let Some(tt) = def_of(ir, ir.operand(op, 0), "bufferization.to_tensor") else { return false };
    if ir.num_operands(tt) != 1 {
        return false;
    }
    let m = ir.operand(tt, 0);
    let (src, dst) = (ir.value_type(m), ir.value_type(ir.result(op, 0)));
    if src == dst {
        rw.replace_op(op, &[m]);
        return true;
    }
    let ctx = ir.ctx();
    let unranked_src = matches!(ctx.kind(src), TypeKind::UnrankedMemRef { .. });
    let ranked_dst = matches!(ctx.kind(dst), TypeKind::MemRef { .. });
    // Unranked to ranked would need a copy; reallocation is not modelled.
    if (unranked_src && ranked_dst) || !cast_compatible(ir, "memref.cast", src, dst) {
        return false;
    }
    let c = create_with(rw, op, "memref.cast", &[m], &[dst], &[]);
    let v = rw.ir().result(c, 0);
    rw.replace_op(op, &[v]);
    true
}

/// `LoadOfToMemref`: `memref.load (to_memref %t)[...]` becomes
/// `tensor.extract %t[...]`.
pub fn load_of_to_memref(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) < 1 || ir.num_results(op) != 1 {
        return false;
    }
    let Some(tm) = def_of(ir, ir.operand(op, 0), "bufferization.to_memref") else { return false };
    if ir.num_operands(tm) != 1 {
        return false;
    }
    let mut operands = vec![ir.operand(tm, 0)];
    operands.extend(ir.operands(op).skip(1));
    let ty = ir.value_type(ir.result(op, 0));
    let e = create_with(rw, op, "tensor.extract", &operands, &[ty], &[]);
    let v = rw.ir().result(e, 0);
    rw.replace_op(op, &[v]);
    true
}

/// `DimOfCastOp`: `memref.dim (to_memref %t), %i` becomes `tensor.dim %t, %i`.
pub fn memref_dim_of_to_memref(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    dim_of(op, rw, "bufferization.to_memref", "tensor.dim")
}

/// `DimOfToTensorFolder`: `tensor.dim (to_tensor %m), %i` becomes
/// `memref.dim %m, %i`.
pub fn tensor_dim_of_to_tensor(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    dim_of(op, rw, "bufferization.to_tensor", "memref.dim")
}

fn dim_of(op: OpId, rw: &mut PatternRewriter<'_>, producer: &str, new_dim: &str) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 2 || ir.num_results(op) != 1 {
        return false;
    }
    let Some(p) = def_of(ir, ir.operand(op, 0), producer) else { return false };
    if ir.num_operands(p) != 1 {
        return false;
    }
    let (src, idx, ty) = (ir.operand(p, 0), ir.operand(op, 1), ir.value_type(ir.result(op, 0)));
    let d = create_with(rw, op, new_dim, &[src, idx], &[ty], &[]);
    let v = rw.ir().result(d, 0);
    rw.replace_op(op, &[v]);
    true
}

#[cfg(test)]
mod tests {
    use ir::interfaces::{memory_effects, ReifyShapes};
    use syntax::op_parser::{parse_source, ParseOptions};
    use syntax::printer::{print_module, PrintOptions};

    /// Malformed tensor and bufferization ops (wrong operand counts, missing
    /// or inconsistent attributes, missing regions) must not make any hook
    /// panic: verifier, custom printer, folder, effects, reification.
    #[test]
    fn malformed_ops_do_not_panic() {
        let src = r#"
func.func @f(%t: tensor<4xf32>, %i: index, %m: memref<4xf32>) {
  %0 = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 0, 0, 1, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i32: 4>}> : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "tensor.extract"() : () -> f32
  %2 = "tensor.pad"() ({}) : () -> tensor<4xf32>
  %3 = "tensor.generate"() : () -> tensor<4xf32>
  "bufferization.dealloc"(%m) <{operandSegmentSizes = array<i32: 5, 0, 0>}> : (memref<4xf32>) -> ()
  %4 = "bufferization.alloc_tensor"() : () -> tensor<4xf32>
  %5 = "tensor.insert_slice"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (tensor<4xf32>) -> tensor<4xf32>
  %6 = "tensor.expand_shape"() : () -> tensor<4xf32>
  %7 = "tensor.collapse_shape"(%t) <{reassociation = [[0, 1]]}> : (tensor<4xf32>) -> tensor<4xf32>
  %8 = "tensor.concat"() <{dim = 0}> : () -> tensor<4xf32>
  %9 = "bufferization.materialize_in_destination"(%t) : (tensor<4xf32>) -> tensor<4xf32>
  %10 = "tensor.dim"(%t) : (tensor<4xf32>) -> index
  "tensor.yield"() : () -> ()
  %11 = "tensor.splat"() : () -> tensor<?xf32>
  %12 = "bufferization.to_tensor"() : () -> tensor<4xf32>
  %13 = "bufferization.to_memref"(%t, %t) : (tensor<4xf32>, tensor<4xf32>) -> memref<4xf32>
  %14 = "tensor.from_elements"() : () -> tensor<3xf32>
  %15 = "tensor.reshape"(%t) : (tensor<4xf32>) -> tensor<4xf32>
  %16 = "tensor.parallel_insert_slice"() : () -> tensor<4xf32>
  %17 = "bufferization.clone"() : () -> memref<4xf32>
  return
}
"#;
        let ctx = std::sync::Arc::new(crate::new_context());
        let mut m = parse_source(&ctx, src, "malformed.mlir", ParseOptions::default()).expect("parses");
        let ops: Vec<ir::OpId> = m.ir.pre_order(m.top);
        for &op in &ops {
            if let Some(info) = m.ir.op_info(op) {
                if let Some(v) = info.verify {
                    let _ = v(&m.ir, op);
                }
            }
            let _ = memory_effects(&m.ir, op);
        }
        let _ = print_module(&m.ir, m.top, PrintOptions::default());
        for &op in &ops {
            let name = m.ir.op_name(op);
            let fold = m.ir.op_info(op).and_then(|i| i.fold);
            if let Some(f) = fold {
                let consts = vec![None; m.ir.num_operands(op)];
                let _ = f(&mut m.ir, op, &consts);
            }
            if let Some(r) = ctx.registry().interface::<dyn ReifyShapes>(name) {
                let _ = r.reify(&mut m.ir, op);
            }
        }
        let _ = print_module(&m.ir, m.top, PrintOptions::default());
    }
}
