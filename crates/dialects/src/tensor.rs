//! The `tensor` dialect: `tensor.empty`, `extract`, `insert`,
//! `extract_slice`, `insert_slice`, `parallel_insert_slice`, `dim`, `rank`,
//! `cast`, `bitcast`, `generate`, `yield`, `pad`, `collapse_shape`,
//! `expand_shape`, `reshape`, `from_elements`, `splat` and `concat`.
//!
//! For each op this module owns its registration (traits, inherent
//! attributes), mlir-opt-19's custom syntax and result-name hints, the
//! verifier (ODS constraints, interface checks and the op's own checks, with
//! upstream's wording), folders, and its interfaces (`CastLike`,
//! `DestinationStyle`, `ReifyShapes`, [`OffsetSizeAndStride`]).
//!
//! It also exposes the type computations other code needs: slice result
//! types with rank reduction ([`infer_slice_result_type`],
//! [`canonical_rank_reduced_type`], [`rank_reduction_mask`],
//! [`is_rank_reduced_type`]), reshape types ([`collapsed_type`]) and pad
//! types ([`pad_result_type`]), builders for the ops bufferization creates,
//! and canonicalization patterns (attached as `CanonicalizationPatterns`).
//!
//! The ODS-style checking helpers of [`crate::util`] are re-exported here
//! (`pub(crate)`) for the modules that import them from `tensor`.

use crate::static_dynamic::{
    self, dispatch_mixed, parse_index_list_in, print_dynamic_index_list, segment_sizes_attr, slice_params_at,
    Delimiter, OffsetSizeAndStride,
};
use crate::util::{register_dialect, register_op, set_folders};
use ir::interfaces::{CastLike, DestinationStyle, MemoryEffects, OpFoldSize, ReifyShapes};
use ir::rewrite_api::{CanonicalizationPatterns, PatternRewriter, RewritePattern};
use ir::{
    AttrKind, Attribute, Context, DenseData, Diagnostic, FoldOutcome, InsertPoint, IntValue, Ir, Location, NamedAttr,
    OpFoldResult, OpId, OpSpec, OpTraits, Type, TypeKind, ValueId, DYNAMIC,
};
use smallvec::smallvec;
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::IrParser;
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

// ===== registration ========================================================

const SLICE_ATTRS: [&str; 4] = ["operandSegmentSizes", "static_offsets", "static_sizes", "static_strides"];

/// Registers the tensor dialect.
pub fn register(ctx: &mut Context) {
    register_dialect(ctx, "tensor", false);
    let pure = OpTraits::PURE;
    let reg = |ctx: &mut Context,
               name: &str,
               traits: OpTraits,
               attrs: &[&str],
               v: ir::registry::VerifyFn,
               asm: Box<dyn OpAsm>| {
        register_op(ctx, name, traits, attrs, Some(v), Some(asm));
    };
    reg(ctx, "tensor.bitcast", pure, &[], verify_bitcast, Box::new(ConvertAsm::cast(is_tensor, None)));
    reg(ctx, "tensor.cast", pure, &[], verify_cast, Box::new(ConvertAsm::cast(is_tensor, Some("cast"))));
    reg(ctx, "tensor.concat", pure, &["dim"], verify_concat, Box::new(ConcatAsm));
    // `NoMemoryEffect` but only conditionally speculatable: not `PURE`.
    reg(ctx, "tensor.dim", OpTraits::default(), &[], verify_dim, Box::new(DimAsm));
    reg(ctx, "tensor.empty", pure, &[], verify_empty, Box::new(EmptyAsm));
    reg(ctx, "tensor.extract", pure, &[], verify_extract, Box::new(ExtractAsm));
    reg(ctx, "tensor.extract_slice", pure, &SLICE_ATTRS, verify_extract_slice, Box::new(ExtractSliceAsm));
    reg(ctx, "tensor.from_elements", pure, &[], verify_from_elements, Box::new(FromElementsAsm));
    reg(
        ctx,
        "tensor.generate",
        OpTraits::RECURSIVE_MEMORY_EFFECTS | OpTraits::SINGLE_BLOCK | OpTraits::IMPLICIT_TERMINATOR,
        &[],
        verify_generate,
        Box::new(GenerateAsm),
    );
    reg(ctx, "tensor.insert", pure, &[], verify_insert, Box::new(InsertAsm));
    reg(
        ctx,
        "tensor.insert_slice",
        pure,
        &SLICE_ATTRS,
        verify_insert_slice,
        Box::new(InsertSliceAsm { parallel: false }),
    );
    reg(
        ctx,
        "tensor.rank",
        pure,
        &[],
        verify_rank,
        Box::new(OperandAsm { ok: is_tensor, index_result: true, hint: Some("rank") }),
    );
    reg(ctx, "tensor.reshape", pure, &[], verify_reshape, Box::new(ReshapeAsm));
    reg(
        ctx,
        "tensor.expand_shape",
        pure,
        &["reassociation", "static_output_shape"],
        verify_expand_shape,
        Box::new(ExpandShapeAsm { ok: is_tensor, hint: "expanded" }),
    );
    reg(
        ctx,
        "tensor.collapse_shape",
        pure,
        &["reassociation"],
        verify_collapse_shape,
        Box::new(ConvertAsm::collapse(is_tensor, "collapsed")),
    );
    reg(
        ctx,
        "tensor.pad",
        pure | OpTraits::SINGLE_BLOCK | OpTraits::IMPLICIT_TERMINATOR,
        &["nofold", "operandSegmentSizes", "static_high", "static_low"],
        verify_pad,
        Box::new(PadAsm),
    );
    reg(
        ctx,
        "tensor.parallel_insert_slice",
        OpTraits::default(),
        &SLICE_ATTRS,
        verify_parallel_insert_slice,
        Box::new(InsertSliceAsm { parallel: true }),
    );
    reg(ctx, "tensor.splat", pure, &[], verify_splat, Box::new(SplatAsm));
    reg(
        ctx,
        "tensor.yield",
        pure | OpTraits::RETURN_LIKE | OpTraits::TERMINATOR,
        &[],
        verify_yield,
        Box::new(OperandAsm { ok: any_type, index_result: false, hint: None }),
    );

    let folds: [(&str, ir::registry::FoldFn); 14] = [
        ("tensor.bitcast", fold_identity_cast),
        ("tensor.cast", fold_cast),
        ("tensor.concat", fold_concat),
        ("tensor.dim", fold_dim),
        ("tensor.extract", fold_extract),
        ("tensor.extract_slice", fold_extract_slice),
        ("tensor.from_elements", fold_from_elements),
        ("tensor.insert", fold_insert),
        ("tensor.insert_slice", fold_insert_slice),
        ("tensor.rank", fold_rank),
        ("tensor.reshape", fold_reshape),
        ("tensor.splat", fold_splat),
        ("tensor.collapse_shape", fold_collapse_shape),
        ("tensor.expand_shape", fold_expand_shape),
    ];
    set_folders(ctx, &folds);

    let add = |ctx: &mut Context, name: &str| ctx.intern_str(name);
    for name in ["tensor.cast", "tensor.bitcast"] {
        let n = add(ctx, name);
        ctx.registry_mut()
            .add_interface::<dyn CastLike>(n, Box::new(TensorCastLike { bitcast: name == "tensor.bitcast" }));
    }
    for name in ["tensor.insert", "tensor.insert_slice"] {
        let n = add(ctx, name);
        ctx.registry_mut().add_interface::<dyn DestinationStyle>(n, Box::new(DestIsOperand1));
    }
    for (name, first, num) in
        [("tensor.extract_slice", 1, 4), ("tensor.insert_slice", 2, 5), ("tensor.parallel_insert_slice", 2, 5)]
    {
        let n = add(ctx, name);
        ctx.registry_mut().add_interface::<dyn OffsetSizeAndStride>(
            n,
            Box::new(SliceLayout { first, num, rank_of_operand: if first == 1 { 0 } else { 1 } }),
        );
    }
    for name in [
        "tensor.empty",
        "tensor.extract_slice",
        "tensor.insert_slice",
        "tensor.generate",
        "tensor.splat",
        "tensor.pad",
        "tensor.expand_shape",
        "tensor.collapse_shape",
    ] {
        let n = add(ctx, name);
        ctx.registry_mut().add_interface::<dyn ReifyShapes>(n, Box::new(TensorReify));
    }
    let n = add(ctx, "tensor.dim");
    ctx.registry_mut().add_interface::<dyn MemoryEffects>(n, Box::new(NoEffects));
    add_patterns(ctx, "tensor.cast", &[("ChainedTensorCast", "tensor.cast", chained_cast)]);
    add_patterns(ctx, "tensor.bitcast", &[("ChainedTensorBitcast", "tensor.bitcast", chained_bitcast)]);
    add_patterns(ctx, "tensor.concat", &[("SingleInputConcatOp", "tensor.concat", single_input_concat)]);
    add_patterns(
        ctx,
        "tensor.extract_slice",
        &[
            ("OpWithOffsetSizesAndStridesConstantArgumentFolder", "tensor.extract_slice", extract_slice_constant_args),
            ("ExtractSliceOpCastFolder", "tensor.extract_slice", extract_slice_of_cast),
        ],
    );
    add_patterns(
        ctx,
        "tensor.insert_slice",
        &[("InsertSliceOpConstantArgumentFolder", "tensor.insert_slice", insert_slice_constant_args)],
    );
}

/// The offsets, sizes and strides of a slice op whose offsets are operand
/// segment `first`, with constant operands folded into static entries;
/// `None` when nothing folds.
fn folded_slice_lists(ir: &Ir, op: OpId, first: usize, num: usize) -> Option<[Vec<OpFoldSize>; 3]> {
    let p = static_dynamic::slice_params_at(ir, op, first, num);
    let (mut offsets, mut sizes, mut strides) = (p.mixed_offsets()?, p.mixed_sizes()?, p.mixed_strides()?);
    let a = crate::memref::fold_constant_entries(ir, &mut offsets, true);
    let b = crate::memref::fold_constant_entries(ir, &mut sizes, true);
    let c = crate::memref::fold_constant_entries(ir, &mut strides, false);
    (a || b || c).then_some([offsets, sizes, strides])
}

/// `OpWithOffsetSizesAndStridesConstantArgumentFolder` on `extract_slice`:
/// constant offsets, sizes and strides become static; the new slice has the
/// canonical rank-reduced type and a `tensor.cast` restores the old one.
fn extract_slice_constant_args(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some([offsets, sizes, strides]) = folded_slice_lists(ir, op, 1, 4) else { return false };
    let (source, old_ty) = (ir.operand(op, 0), ir.value_type(ir.result(op, 0)));
    let Some(rank) = ir.ctx().shape(old_ty).map(<[i64]>::len) else { return false };
    let loc = ir.op_loc(op);
    let slice = MixedSlice { offsets: &offsets, sizes: &sizes, strides: &strides };
    let ip = InsertPoint::Before(op);
    let Some(new) = build_extract_slice(rw.ir_mut(), ip, loc, source, slice, Some(rank)) else { return false };
    if let Some(def) = rw.ir().defining_op(new) {
        rw.notify_created(def);
    }
    let replacement = if rw.ir().value_type(new) == old_ty {
        new
    } else {
        let c = build_cast(rw.ir_mut(), ip, loc, new, old_ty);
        if let Some(def) = rw.ir().defining_op(c) {
            rw.notify_created(def);
        }
        c
    };
    rw.replace_op(op, &[replacement]);
    true
}

/// `ExtractSliceOpCastFolder`: a slice of a foldable `tensor.cast` slices
/// the cast's source instead (same result type). Slices with a constant
/// index operand are left to the constant-argument folder.
fn extract_slice_of_cast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let index = ir.ctx().index_ty();
    let has_const_index = ir.operands(op).any(|v| {
        ir.value_type(v) == index
            && ir.defining_op(v).is_some_and(|d| ir.has_trait(d, ir::OpTraits::CONSTANT_LIKE))
            && crate::scf_canon::const_int(ir, v).is_some()
    });
    if has_const_index || ir.num_operands(op) == 0 {
        return false;
    }
    let src = ir.operand(op, 0);
    let Some(cast) = ir.defining_op(src).filter(|&c| can_fold_cast_into_consumer(ir, c)) else { return false };
    let cast_src = ir.operand(cast, 0);
    let mut map = ir::IrMapping::default();
    map.map_value(src, cast_src);
    rw.set_insertion_point(InsertPoint::Before(op));
    let new = rw.clone_op(op, &mut map);
    let v = rw.ir().result(new, 0);
    rw.replace_op(op, &[v]);
    true
}

/// `InsertSliceOpConstantArgumentFolder`: constant offsets, sizes and
/// strides become static; the source is cast to the canonical slice type
/// when that changes.
fn insert_slice_constant_args(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some([offsets, sizes, strides]) = folded_slice_lists(ir, op, 2, 5) else { return false };
    let (source, dest) = (ir.operand(op, 0), ir.operand(op, 1));
    let src_ty = ir.value_type(source);
    let ctx = ir.ctx_arc().clone();
    let Some(rank) = ctx.shape(src_ty).map(<[i64]>::len) else { return false };
    let static_sizes: Vec<i64> = sizes
        .iter()
        .map(|s| match s {
            OpFoldSize::Static(v) => *v,
            OpFoldSize::Value(_) => ir::DYNAMIC,
        })
        .collect();
    let Some(want) = canonical_rank_reduced_type(&ctx, ir.value_type(dest), &static_sizes, rank) else { return false };
    let loc = ir.op_loc(op);
    let ip = InsertPoint::Before(op);
    let to_insert = if want == src_ty {
        source
    } else {
        let c = build_cast(rw.ir_mut(), ip, loc, source, want);
        if let Some(def) = rw.ir().defining_op(c) {
            rw.notify_created(def);
        }
        c
    };
    let slice = MixedSlice { offsets: &offsets, sizes: &sizes, strides: &strides };
    let new = build_insert_slice(rw.ir_mut(), ip, loc, to_insert, dest, slice);
    if let Some(def) = rw.ir().defining_op(new) {
        rw.notify_created(def);
    }
    rw.replace_op(op, &[new]);
    true
}

pub use crate::patterns::{FnPattern, PatternFn};

/// The canonicalization patterns one op contributes, as
/// `(label, root op name, rewrite)` in upstream's registration order.
pub struct OpPatterns(pub &'static [(&'static str, &'static str, PatternFn)]);

impl CanonicalizationPatterns for OpPatterns {
    fn patterns(&self) -> Vec<Box<dyn RewritePattern>> {
        self.0.iter().map(|&(name, root, f)| Box::new(FnPattern { name, root, f }) as Box<dyn RewritePattern>).collect()
    }
}

/// Attaches `patterns` as the canonicalization patterns of op `name`.
pub(crate) fn add_patterns(
    ctx: &mut Context,
    name: &str,
    patterns: &'static [(&'static str, &'static str, PatternFn)],
) {
    let n = ctx.intern_str(name);
    ctx.registry_mut().add_interface::<dyn CanonicalizationPatterns>(n, Box::new(OpPatterns(patterns)));
}

// ===== shared ODS-style helpers ============================================

use crate::util::{
    add_attr, any_type, custom_error, expect_colon, expect_keyword, name_result, parse_functional_type,
    parse_opt_attr_dict, parse_type_of, print_operand, print_operand_type, print_result_type, resolve_all,
    resolve_list, ConvertAsm, ExpandShapeAsm, OperandAsm, ReshapeAsm,
};
pub(crate) use crate::util::{
    check_min_operands, check_num_operands, check_num_regions, check_num_results, check_operands, check_results,
    op_error, plain_error, q,
};

/// The first `singles` operand groups of an op with `AttrSizedOperandSegments`
/// are non-variadic: each must hold exactly one operand.
pub(crate) fn check_single_segments(ir: &Ir, op: OpId, num_groups: usize, singles: usize) -> Result<(), Diagnostic> {
    let Some(sizes) = static_dynamic::operand_segments(ir, op, num_groups) else { return Ok(()) };
    let mut start = 0;
    for &n in sizes.iter().take(singles) {
        if n != 1 {
            return Err(op_error(
                ir,
                op,
                format!("operand group starting at #{start} requires 1 element, but found {n}"),
            ));
        }
        start += n;
    }
    Ok(())
}

/// True for ranked tensors.
pub fn is_ranked_tensor(ctx: &Context, t: Type) -> bool {
    matches!(ctx.kind(t), TypeKind::Tensor { .. })
}
/// True for ranked or unranked tensors.
pub fn is_tensor(ctx: &Context, t: Type) -> bool {
    ctx.is_tensor(t)
}
/// True for `index`.
pub(crate) fn is_index(ctx: &Context, t: Type) -> bool {
    ctx.is_index(t)
}
/// Shape, element type and encoding of a ranked tensor.
pub fn tensor_parts(ctx: &Context, t: Type) -> Option<(&[i64], Type, Option<Attribute>)> {
    match ctx.kind(t) {
        TypeKind::Tensor { shape, elem, encoding } => Some((shape, *elem, *encoding)),
        _ => None,
    }
}
/// The rank of a ranked shaped type.
pub fn rank(ctx: &Context, t: Type) -> Option<usize> {
    ctx.shape(t).map(<[i64]>::len)
}
/// A ranked tensor type with an optional encoding.
pub fn tensor_type(ctx: &Context, shape: &[i64], elem: Type, encoding: Option<Attribute>) -> Type {
    ctx.ty(TypeKind::Tensor { shape: shape.into(), elem, encoding })
}

/// MLIR's `verifyCompatibleShape` on two shaped types: unranked matches
/// anything; otherwise equal ranks and each dimension equal or dynamic.
pub fn compatible_shapes(ctx: &Context, a: Type, b: Type) -> bool {
    match (ctx.shape(a), ctx.shape(b)) {
        (Some(x), Some(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(&p, &q)| p == DYNAMIC || q == DYNAMIC || p == q)
        }
        _ => true,
    }
}

/// The tensor type of the same shape and element type as a memref (MLIR's
/// `memref::getTensorTypeFromMemRefType`): layout and memory space are
/// dropped; unranked memrefs give unranked tensors.
pub fn tensor_type_from_memref(ctx: &Context, t: Type) -> Option<Type> {
    match ctx.kind(t) {
        TypeKind::MemRef { shape, elem, .. } => Some(ctx.tensor_ty(shape, *elem)),
        TypeKind::UnrankedMemRef { elem, .. } => Some(ctx.ty(TypeKind::UnrankedTensor { elem: *elem })),
        _ => None,
    }
}

fn elem_bit_width(ctx: &Context, t: Type) -> Option<u32> {
    let e = ctx.element_type(t)?;
    if let TypeKind::Complex(inner) = ctx.kind(e) {
        return ctx.scalar_bit_width(*inner).map(|w| w * 2);
    }
    ctx.scalar_bit_width(e)
}

// ----- custom-syntax helpers ---------------------------------------------

/// MLIR's `ensureTerminator` for a single-block region with an implicit
/// terminator: adds the block if missing and appends `terminator` (with no
/// operands) when the block does not end in a terminator.
pub(crate) fn ensure_terminator(ir: &mut Ir, region: ir::RegionId, terminator: &str, loc: Location) {
    let b = match ir.entry_block(region) {
        Some(b) => b,
        None => ir.append_block(region, &[], &[]),
    };
    let has_term = ir.last_op(b).is_some_and(|o| ir.has_trait(o, OpTraits::TERMINATOR));
    if !has_term {
        let name = ir.ctx().intern_str(terminator);
        ir.insert_new_op(InsertPoint::BlockEnd(b), OpSpec::new(name, loc));
    }
}

// ===== type inference ======================================================

/// The non-rank-reduced result type of a slice: the static sizes, with the
/// source's element type and encoding (`ExtractSliceOp::inferResultType`).
pub fn infer_slice_result_type(ctx: &Context, source: Type, static_sizes: &[i64]) -> Option<Type> {
    let (_, elem, enc) = tensor_parts(ctx, source)?;
    Some(tensor_type(ctx, static_sizes, elem, enc))
}

/// The rank-reduced slice type of rank `rank` that drops the leading unit
/// dimensions first (`inferCanonicalRankReducedResultType`). Returns the
/// non-reduced type when no reduction is needed, `None` when it is
/// impossible.
pub fn canonical_rank_reduced_type(ctx: &Context, source: Type, static_sizes: &[i64], rank: usize) -> Option<Type> {
    let inferred = infer_slice_result_type(ctx, source, static_sizes)?;
    let (shape, elem, _) = tensor_parts(ctx, inferred)?;
    if shape.len() <= rank {
        return Some(inferred);
    }
    let mut to_drop = shape.len() - rank;
    let mut kept = Vec::with_capacity(rank);
    for &d in shape {
        if to_drop > 0 && d == 1 {
            to_drop -= 1;
        } else {
            kept.push(d);
        }
    }
    if to_drop > 0 {
        return None;
    }
    Some(ctx.tensor_ty(&kept, elem))
}

/// MLIR's `computeRankReductionMask`: the positions of `original` dropped to
/// obtain `reduced` (each must be a unit dimension), matching greedily.
pub fn rank_reduction_mask(original: &[i64], reduced: &[i64]) -> Option<Vec<usize>> {
    let mut dropped = Vec::new();
    let mut r = 0;
    for (i, &d) in original.iter().enumerate() {
        if r < reduced.len() && d == reduced[r] {
            r += 1;
            continue;
        }
        dropped.push(i);
        if d != 1 {
            return None;
        }
    }
    (r == reduced.len()).then_some(dropped)
}

/// Outcome of [`is_rank_reduced_type`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SliceVerification {
    /// The candidate is the type or a rank-reduced version of it.
    Success,
    /// The candidate has a higher rank.
    RankTooLarge,
    /// The shapes cannot be matched.
    SizeMismatch,
    /// The element types differ.
    ElemTypeMismatch,
}

/// MLIR's `isRankReducedType`.
pub fn is_rank_reduced_type(ctx: &Context, original: Type, candidate: Type) -> SliceVerification {
    if original == candidate {
        return SliceVerification::Success;
    }
    let (Some(o), Some(c)) = (ctx.shape(original), ctx.shape(candidate)) else {
        return SliceVerification::SizeMismatch;
    };
    if c.len() > o.len() {
        return SliceVerification::RankTooLarge;
    }
    if rank_reduction_mask(o, c).is_none() {
        return SliceVerification::SizeMismatch;
    }
    if ctx.element_type(original) != ctx.element_type(candidate) {
        return SliceVerification::ElemTypeMismatch;
    }
    SliceVerification::Success
}

fn slice_error(ir: &Ir, op: OpId, r: SliceVerification, expected: Type) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    match r {
        SliceVerification::Success => Ok(()),
        SliceVerification::RankTooLarge => {
            Err(plain_error(ir, op, "expected rank to be smaller or equal to the other rank. "))
        }
        SliceVerification::SizeMismatch => Err(plain_error(
            ir,
            op,
            format!("expected type to be {} or a rank-reduced version. (size mismatch) ", q(ctx, expected)),
        )),
        SliceVerification::ElemTypeMismatch => {
            let e = ctx.element_type(expected).map(|e| q(ctx, e)).unwrap_or_default();
            Err(plain_error(ir, op, format!("expected element type to be {e}")))
        }
    }
}

/// The reassociation groups of a reshape op (`[[0, 1], [2]]`), if well-formed.
pub fn reassociation(ir: &Ir, op: OpId) -> Option<Vec<Vec<i64>>> {
    reassociation_of(ir.ctx(), ir.attr(op, "reassociation")?)
}

fn reassociation_of(ctx: &Context, a: Attribute) -> Option<Vec<Vec<i64>>> {
    ctx.array_value(a)?
        .iter()
        .map(|&g| {
            ctx.array_value(g)?
                .iter()
                .map(|&e| match ctx.attr_kind(e) {
                    AttrKind::Integer { ty, value: IntValue::Small(v) } if ctx.int_width(*ty) == Some(64) => {
                        Some(*v as i64)
                    }
                    _ => None,
                })
                .collect()
        })
        .collect()
}

/// The `reassociation` attribute for `groups`.
pub fn reassociation_attr(ctx: &Context, groups: &[Vec<i64>]) -> Attribute {
    let i64t = ctx.int_ty(64);
    let arrs: Vec<Attribute> = groups
        .iter()
        .map(|g| {
            let elems: Vec<Attribute> = g.iter().map(|&i| ctx.int_attr(i64t, i as i128)).collect();
            ctx.array_attr(&elems)
        })
        .collect();
    ctx.array_attr(&arrs)
}

/// The collapsed type of `expanded` under `groups`
/// (`CollapseShapeOp::inferCollapsedType`), assuming a valid reassociation;
/// `None` when the groups run past the rank.
pub fn collapsed_type(ctx: &Context, expanded: Type, groups: &[Vec<i64>]) -> Option<Type> {
    let (shape, elem, _) = tensor_parts(ctx, expanded)?;
    let mut out = Vec::with_capacity(groups.len());
    let mut cur = 0usize;
    for g in groups {
        let band = shape.get(cur..cur + g.len())?;
        if band.contains(&DYNAMIC) {
            out.push(DYNAMIC);
        } else {
            out.push(band.iter().fold(1i64, |a, &d| a.saturating_mul(d)));
        }
        cur += g.len();
    }
    Some(ctx.tensor_ty(&out, elem))
}

/// The result type of `tensor.pad` (`PadOp::inferResultType`): `None` when
/// the low/high lists do not match the source rank.
pub fn pad_result_type(ctx: &Context, source: Type, low: &[i64], high: &[i64]) -> Option<Type> {
    let (shape, elem, _) = tensor_parts(ctx, source)?;
    if low.len() != shape.len() || high.len() != shape.len() {
        return None;
    }
    let dims: Vec<i64> =
        shape
            .iter()
            .zip(low.iter().zip(high))
            .map(|(&d, (&l, &h))| {
                if d == DYNAMIC || l == DYNAMIC || h == DYNAMIC {
                    DYNAMIC
                } else {
                    d.saturating_add(l).saturating_add(h)
                }
            })
            .collect();
    Some(ctx.tensor_ty(&dims, elem))
}

// ===== verifiers ============================================================

fn verify_cast_like(ir: &Ir, op: OpId, compatible: fn(&Context, Type, Type) -> bool) -> Result<(), Diagnostic> {
    check_num_operands(ir, op, 1)?;
    check_num_results(ir, op, 1)?;
    check_operands(ir, op, 0..1, is_tensor, "tensor of any type values")?;
    check_results(ir, op, 0..1, is_tensor, "tensor of any type values")?;
    let ctx = ir.ctx();
    let (a, b) = (ir.value_type(ir.operand(op, 0)), ir.value_type(ir.result(op, 0)));
    if !compatible(ctx, a, b) {
        return Err(op_error(
            ir,
            op,
            format!("operand type {} and result type {} are cast incompatible", q(ctx, a), q(ctx, b)),
        ));
    }
    Ok(())
}

/// `tensor.cast` compatibility: same element type and compatible shapes.
pub fn cast_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    ctx.is_tensor(a) && ctx.is_tensor(b) && ctx.element_type(a) == ctx.element_type(b) && compatible_shapes(ctx, a, b)
}

/// `tensor.bitcast` compatibility: same element bit width and compatible
/// shapes.
pub fn bitcast_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    ctx.is_tensor(a)
        && ctx.is_tensor(b)
        && elem_bit_width(ctx, a) == elem_bit_width(ctx, b)
        && compatible_shapes(ctx, a, b)
}

fn verify_cast(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    verify_cast_like(ir, op, cast_compatible)
}

fn verify_bitcast(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    verify_cast_like(ir, op, bitcast_compatible)
}

fn verify_concat(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_num_results(ir, op, 1)?;
    let Some(dim_attr) = ir.attr(op, "dim") else {
        return Err(op_error(ir, op, "requires attribute 'dim'"));
    };
    let dim = match ctx.attr_kind(dim_attr) {
        AttrKind::Integer { ty, value: IntValue::Small(v) }
            if ctx.int_width(*ty) == Some(64) && ctx.is_integer(*ty) =>
        {
            *v as i64
        }
        _ => {
            return Err(op_error(
                ir,
                op,
                "attribute 'dim' failed to satisfy constraint: 64-bit signless integer attribute",
            ))
        }
    };
    check_operands(ir, op, 0..ir.num_operands(op), is_ranked_tensor, "variadic of ranked tensor of any type values")?;
    check_results(ir, op, 0..1, is_ranked_tensor, "ranked tensor of any type values")?;
    if ir.num_operands(op) < 1 {
        return Err(op_error(ir, op, "requires at least one input"));
    }
    let result = ir.value_type(ir.result(op, 0));
    let Some((rshape, relem, _)) = tensor_parts(ctx, result) else { return Ok(()) };
    let inputs: Vec<Type> = ir.operand_types(op).to_vec();
    let shapes: Vec<&[i64]> = inputs.iter().filter_map(|&t| ctx.shape(t)).collect();
    let rank = rshape.len();
    if shapes.iter().any(|s| s.len() != rank) {
        return Err(op_error(ir, op, "rank of concatenated inputs must match result rank"));
    }
    if inputs.iter().any(|&t| ctx.element_type(t) != Some(relem)) {
        return Err(op_error(ir, op, "inputs and result element type must match"));
    }
    if dim < 0 || dim as usize >= rank {
        return Err(op_error(ir, op, "concatenation dim must be less than the tensor rank"));
    }
    let dim = dim as usize;
    let mut sizes = vec![DYNAMIC; rank];
    for (i, size) in sizes.iter_mut().enumerate() {
        if i == dim {
            continue;
        }
        for s in &shapes {
            let d = s[i];
            if d == DYNAMIC {
                continue;
            }
            if *size != DYNAMIC && *size != d {
                return Err(op_error(
                    ir,
                    op,
                    format!("static concatenation size mismatch along non-concatenated dimension {i}"),
                ));
            }
            *size = d;
        }
    }
    sizes[dim] = shapes
        .iter()
        .try_fold(0i64, |acc, s| if s[dim] == DYNAMIC { None } else { acc.checked_add(s[dim]) })
        .unwrap_or(DYNAMIC);
    for (&inferred, &actual) in sizes.iter().zip(rshape) {
        if inferred != DYNAMIC && actual != DYNAMIC && inferred != actual {
            let inferred_ty = ctx.tensor_ty(&sizes, relem);
            return Err(op_error(
                ir,
                op,
                format!(
                    "result type {}does not match inferred shape {} static sizes",
                    q(ctx, result),
                    q(ctx, inferred_ty)
                ),
            ));
        }
    }
    Ok(())
}

fn verify_dim(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_operands(ir, op, 2)?;
    check_num_results(ir, op, 1)?;
    check_operands(
        ir,
        op,
        0..1,
        |ctx, t| {
            matches!(ctx.kind(t), TypeKind::UnrankedTensor { .. })
                || rank(ctx, t).is_some_and(|r| r > 0) && ctx.is_tensor(t)
        },
        "non-0-ranked or unranked tensor",
    )?;
    check_operands(ir, op, 1..2, is_index, "index")?;
    check_results(ir, op, 0..1, is_index, "index")
}

fn count_dynamic(ctx: &Context, t: Type) -> usize {
    ctx.shape(t).map(|s| s.iter().filter(|&&d| d == DYNAMIC).count()).unwrap_or(0)
}

fn verify_dynamic_sizes_count(ir: &Ir, op: OpId, first: usize) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let n = ir.num_operands(op).saturating_sub(first);
    let expected = count_dynamic(ctx, ir.value_type(ir.result(op, 0)));
    if n != expected {
        return Err(op_error(ir, op, format!("incorrect number of dynamic sizes, has {n}, expected {expected}")));
    }
    Ok(())
}

fn verify_empty(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_results(ir, op, 1)?;
    check_operands(ir, op, 0..ir.num_operands(op), is_index, "variadic of index")?;
    check_results(ir, op, 0..1, is_ranked_tensor, "ranked tensor of any type values")?;
    verify_dynamic_sizes_count(ir, op, 0)
}

fn verify_extract(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_min_operands(ir, op, 1)?;
    check_num_results(ir, op, 1)?;
    check_operands(ir, op, 0..1, is_ranked_tensor, "ranked tensor of any type values")?;
    check_operands(ir, op, 1..ir.num_operands(op), is_index, "variadic of index")?;
    let t = ir.value_type(ir.operand(op, 0));
    if ctx.element_type(t) != Some(ir.value_type(ir.result(op, 0))) {
        return Err(op_error(ir, op, "failed to verify that result type matches element type of tensor"));
    }
    if rank(ctx, t) != Some(ir.num_operands(op) - 1) {
        return Err(op_error(ir, op, "incorrect number of indices for extract_element"));
    }
    Ok(())
}

fn verify_insert(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_min_operands(ir, op, 2)?;
    check_num_results(ir, op, 1)?;
    check_operands(ir, op, 1..2, is_ranked_tensor, "ranked tensor of any type values")?;
    check_operands(ir, op, 2..ir.num_operands(op), is_index, "variadic of index")?;
    check_results(ir, op, 0..1, is_ranked_tensor, "ranked tensor of any type values")?;
    let dest = ir.value_type(ir.operand(op, 1));
    if ir.value_type(ir.result(op, 0)) != dest {
        return Err(op_error(ir, op, "failed to verify that result type matches type of dest"));
    }
    if ctx.element_type(dest) != Some(ir.value_type(ir.operand(op, 0))) {
        return Err(op_error(ir, op, "failed to verify that scalar type matches element type of dest"));
    }
    if rank(ctx, dest) != Some(ir.num_operands(op) - 2) {
        return Err(op_error(ir, op, "incorrect number of indices"));
    }
    Ok(())
}

struct SliceLayout {
    first: usize,
    num: usize,
    rank_of_operand: usize,
}

impl OffsetSizeAndStride for SliceLayout {
    fn offsets_segment(&self) -> usize {
        self.first
    }
    fn num_segments(&self) -> usize {
        self.num
    }
    fn max_ranks(&self, ir: &Ir, op: OpId) -> [usize; 3] {
        let r = if self.rank_of_operand < ir.num_operands(op) {
            rank(ir.ctx(), ir.value_type(ir.operand(op, self.rank_of_operand))).unwrap_or(0)
        } else {
            0
        };
        [r; 3]
    }
}

fn verify_slice_common(ir: &Ir, op: OpId, layout: &SliceLayout) -> Result<(), Diagnostic> {
    static_dynamic::verify_operand_segments(ir, op, layout.num)?;
    check_single_segments(ir, op, layout.num, layout.first)?;
    for a in ["static_offsets", "static_sizes", "static_strides"] {
        static_dynamic::required_i64_array(ir, op, a)?;
    }
    let tensors = layout.first;
    check_operands(ir, op, 0..tensors, is_ranked_tensor, "ranked tensor of any type values")?;
    check_operands(ir, op, tensors..ir.num_operands(op), is_index, "variadic of index")?;
    check_results(ir, op, 0..ir.num_results(op), is_ranked_tensor, "ranked tensor of any type values")?;
    static_dynamic::verify_offset_size_and_stride(ir, op, layout)
}

fn verify_extract_slice(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let layout = SliceLayout { first: 1, num: 4, rank_of_operand: 0 };
    check_num_results(ir, op, 1)?;
    verify_slice_common(ir, op, &layout)?;
    let ctx = ir.ctx();
    let p = slice_params_at(ir, op, 1, 4);
    let source = ir.value_type(ir.operand(op, 0));
    let Some(expected) = infer_slice_result_type(ctx, source, &p.static_sizes) else { return Ok(()) };
    let r = is_rank_reduced_type(ctx, expected, ir.value_type(ir.result(op, 0)));
    slice_error(ir, op, r, expected)
}

fn verify_insert_slice_types(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let p = slice_params_at(ir, op, 2, 5);
    let dest = ir.value_type(ir.operand(op, 1));
    let Some(expected) = infer_slice_result_type(ctx, dest, &p.static_sizes) else { return Ok(()) };
    let r = is_rank_reduced_type(ctx, expected, ir.value_type(ir.operand(op, 0)));
    slice_error(ir, op, r, expected)
}

fn verify_insert_slice(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let layout = SliceLayout { first: 2, num: 5, rank_of_operand: 1 };
    check_num_results(ir, op, 1)?;
    verify_slice_common(ir, op, &layout)?;
    if ir.value_type(ir.result(op, 0)) != ir.value_type(ir.operand(op, 1)) {
        return Err(op_error(ir, op, "failed to verify that expected result type to match dest type"));
    }
    verify_insert_slice_types(ir, op)
}

fn verify_parallel_insert_slice(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let layout = SliceLayout { first: 2, num: 5, rank_of_operand: 1 };
    check_num_results(ir, op, 0)?;
    verify_slice_common(ir, op, &layout)?;
    let parent_ok = ir.parent_op(op).is_some_and(|p| ir.is_op(p, "scf.forall.in_parallel"));
    if !parent_ok {
        let got = match ir.parent_op(op) {
            Some(p) => syntax::printer::op_to_string(ir, p),
            None => String::new(),
        };
        return Err(plain_error(ir, op, format!("expected ParallelCombiningOpInterface parent, got:{got}")));
    }
    verify_insert_slice_types(ir, op)
}

fn verify_from_elements(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_num_results(ir, op, 1)?;
    let res = ir.value_type(ir.result(op, 0));
    check_results(
        ir,
        op,
        0..1,
        |ctx, t| is_ranked_tensor(ctx, t) && ctx.has_static_shape(t),
        "statically shaped tensor of any type values",
    )?;
    let Some((shape, elem, _)) = tensor_parts(ctx, res) else { return Ok(()) };
    let n = shape.iter().try_fold(1usize, |a, &d| a.checked_mul(usize::try_from(d).ok()?));
    let ok = n == Some(ir.num_operands(op)) && ir.operands(op).all(|v| ir.value_type(v) == elem);
    if !ok {
        return Err(op_error(ir, op, "failed to verify that operand types match result element type"));
    }
    Ok(())
}

fn region_block(ir: &Ir, op: OpId) -> Option<ir::BlockId> {
    ir.regions(op).first().and_then(|&r| ir.entry_block(r))
}

/// The value yielded by the body of `tensor.generate` / `tensor.pad`.
fn yielded_type(ir: &Ir, op: OpId) -> Option<Type> {
    let b = region_block(ir, op)?;
    let t = ir.terminator(b).or_else(|| ir.last_op(b))?;
    if !ir.is_op(t, "tensor.yield") || ir.num_operands(t) != 1 {
        return None;
    }
    Some(ir.value_type(ir.operand(t, 0)))
}

fn verify_generate(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_num_results(ir, op, 1)?;
    check_num_regions(ir, op, 1)?;
    check_operands(ir, op, 0..ir.num_operands(op), is_index, "variadic of index")?;
    check_results(ir, op, 0..1, is_ranked_tensor, "ranked tensor of any type values")?;
    let res = ir.value_type(ir.result(op, 0));
    if ir.num_operands(op) != count_dynamic(ctx, res) {
        return Err(plain_error(ir, op, "must have as many index operands as dynamic extents in the result type"));
    }
    let Some(b) = region_block(ir, op) else {
        return Err(op_error(ir, op, "region #0 ('body') failed to verify constraint: region with 1 blocks"));
    };
    if ir.region_blocks(ir.region(op, 0)).count() != 1 {
        return Err(op_error(ir, op, "region #0 ('body') failed to verify constraint: region with 1 blocks"));
    }
    let args = ir.block_args(b);
    if !args.iter().all(|&a| ctx.is_index(ir.value_type(a))) {
        return Err(plain_error(ir, op, "all body arguments must be index"));
    }
    if Some(args.len()) != rank(ctx, res) {
        return Err(plain_error(ir, op, "must have one body argument per input dimension"));
    }
    if let Some(t) = yielded_type(ir, op) {
        if Some(t) != ctx.element_type(res) {
            return Err(op_error(
                ir,
                op,
                "body must be terminated with a `yield` operation of the tensor element type",
            ));
        }
    }
    Ok(())
}

fn verify_rank(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_operands(ir, op, 1)?;
    check_num_results(ir, op, 1)?;
    check_operands(ir, op, 0..1, is_tensor, "tensor of any type values")?;
    check_results(ir, op, 0..1, is_index, "index")
}

fn verify_reshape(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_num_operands(ir, op, 2)?;
    check_num_results(ir, op, 1)?;
    check_operands(ir, op, 0..1, is_tensor, "tensor of any type values")?;
    check_operands(
        ir,
        op,
        1..2,
        |ctx, t| {
            rank(ctx, t) == Some(1)
                && ctx.is_tensor(t)
                && ctx.element_type(t).is_some_and(|e| {
                    ctx.is_index(e)
                        || matches!(ctx.kind(e), TypeKind::Integer { signedness: ir::Signedness::Signless, .. })
                })
        },
        "1D tensor of signless integer or index values",
    )?;
    check_results(ir, op, 0..1, is_tensor, "tensor of any type values")?;
    let (src, res) = (ir.value_type(ir.operand(op, 0)), ir.value_type(ir.result(op, 0)));
    if ctx.element_type(src) != ctx.element_type(res) {
        return Err(op_error(ir, op, "element types of source and destination tensor types should be the same"));
    }
    let shape_len = ctx.shape(ir.value_type(ir.operand(op, 1))).and_then(|s| s.first().copied()).unwrap_or(DYNAMIC);
    if let Some(rs) = ctx.shape(res) {
        if let Some(ss) = ctx.shape(src) {
            if ctx.has_static_shape(src) && ctx.has_static_shape(res) {
                let n = |s: &[i64]| s.iter().fold(1i64, |a, &d| a.wrapping_mul(d));
                if n(ss) != n(rs) {
                    return Err(op_error(
                        ir,
                        op,
                        "source and destination tensor should have the same number of elements",
                    ));
                }
            }
        }
        if shape_len == DYNAMIC {
            return Err(op_error(
                ir,
                op,
                "cannot use shape operand with dynamic length to reshape to statically-ranked tensor type",
            ));
        }
        if shape_len != rs.len() as i64 {
            return Err(op_error(ir, op, "length of shape operand differs from the result's tensor rank"));
        }
    }
    Ok(())
}

fn verify_reassociation_attr(ir: &Ir, op: OpId) -> Result<Vec<Vec<i64>>, Diagnostic> {
    let Some(a) = ir.attr(op, "reassociation") else {
        return Err(op_error(ir, op, "requires attribute 'reassociation'"));
    };
    reassociation_of(ir.ctx(), a).ok_or_else(|| {
        op_error(
            ir,
            op,
            "attribute 'reassociation' failed to satisfy constraint: Array of 64-bit integer array attributes",
        )
    })
}

/// The shared checks of `expand_shape`/`collapse_shape`
/// (`verifyReshapeLikeTypes` and the collapsed-type check).
fn verify_reshape_like(
    ir: &Ir,
    op: OpId,
    expanded: Type,
    collapsed: Type,
    groups: &[Vec<i64>],
) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let (Some(es), Some(cs)) = (ctx.shape(expanded), ctx.shape(collapsed)) else {
        return Ok(());
    };
    if es.len() < cs.len() {
        return Err(op_error(
            ir,
            op,
            format!(
                "expected the expanded type, {} to have a higher (or same) rank than the collapsed type, {}.",
                q(ctx, expanded),
                q(ctx, collapsed)
            ),
        ));
    }
    if cs.len() != groups.len() {
        return Err(op_error(
            ir,
            op,
            format!(
                "expected collapsed rank ({}) to equal the number of reassociation maps ({}).",
                cs.len(),
                groups.len()
            ),
        ));
    }
    // All maps share one dimension count: one past the largest index.
    let num_dims = groups.iter().flatten().copied().max().unwrap_or(0).max(0).saturating_add(1);
    for (i, _) in groups.iter().enumerate() {
        if num_dims != es.len() as i64 {
            return Err(op_error(
                ir,
                op,
                format!(
                    "expected reassociation map #{i} to have size equal to the expanded rank ({}), but it is  {num_dims}.",
                    es.len()
                ),
            ));
        }
    }
    let mut next = 0i64;
    for (i, g) in groups.iter().enumerate() {
        for &d in g {
            if d != next {
                return Err(op_error(ir, op, format!("expected reassociation map #{i} to be valid and contiguous.")));
            }
            next += 1;
        }
    }
    if !groups.is_empty() && next != num_dims {
        return Err(op_error(
            ir,
            op,
            format!("expected reassociation map #{} to be valid and contiguous.", groups.len() - 1),
        ));
    }
    let mut start = 0usize;
    for (i, g) in groups.iter().enumerate() {
        let band = es.get(start..start + g.len()).unwrap_or(&[]);
        if band.contains(&DYNAMIC) {
            if cs[i] != DYNAMIC {
                return Err(op_error(
                    ir,
                    op,
                    format!(
                        "expected dimension {i} of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic"
                    ),
                ));
            }
        } else {
            let prod = band.iter().fold(1i64, |a, &d| a.wrapping_mul(d));
            if cs[i] != prod {
                return Err(op_error(
                    ir,
                    op,
                    format!("expected dimension {i} of collapsed type to be static value of {prod}"),
                ));
            }
        }
        start += g.len();
    }
    if let Some(expected) = collapsed_type(ctx, expanded, groups) {
        if ctx.shape(expected) != Some(cs) || ctx.element_type(expected) != ctx.element_type(collapsed) {
            return Err(op_error(
                ir,
                op,
                format!("expected collapsed type to be {}, but got {}", q(ctx, expected), q(ctx, collapsed)),
            ));
        }
    }
    Ok(())
}

fn verify_collapse_shape(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_operands(ir, op, 1)?;
    check_num_results(ir, op, 1)?;
    let groups = verify_reassociation_attr(ir, op)?;
    check_operands(ir, op, 0..1, is_tensor, "tensor of any type values")?;
    check_results(ir, op, 0..1, is_tensor, "tensor of any type values")?;
    let (src, res) = (ir.value_type(ir.operand(op, 0)), ir.value_type(ir.result(op, 0)));
    verify_reshape_like(ir, op, src, res, &groups)
}

fn verify_expand_shape(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_min_operands(ir, op, 1)?;
    check_num_results(ir, op, 1)?;
    let groups = verify_reassociation_attr(ir, op)?;
    let statics = static_dynamic::required_i64_array(ir, op, "static_output_shape")?;
    check_operands(ir, op, 0..1, is_tensor, "tensor of any type values")?;
    check_operands(ir, op, 1..ir.num_operands(op), is_index, "variadic of index")?;
    check_results(ir, op, 0..1, is_tensor, "tensor of any type values")?;
    let (src, res) = (ir.value_type(ir.operand(op, 0)), ir.value_type(ir.result(op, 0)));
    let res_rank = rank(ctx, res).unwrap_or(0);
    if statics.len() != res_rank {
        return Err(op_error(
            ir,
            op,
            format!(
                "expected number of static shape dims to be equal to the output rank ({res_rank}) but found {} inputs instead",
                statics.len()
            ),
        ));
    }
    let dynamic = statics.iter().filter(|&&d| d == DYNAMIC).count();
    let values = ir.num_operands(op) - 1;
    if values != dynamic {
        return Err(op_error(
            ir,
            op,
            format!(
                "mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has {dynamic} dynamic dims while output_shape has {values} values"
            ),
        ));
    }
    verify_reshape_like(ir, op, res, src, &groups)
}

fn verify_pad(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_num_results(ir, op, 1)?;
    check_num_regions(ir, op, 1)?;
    static_dynamic::verify_operand_segments(ir, op, 3)?;
    check_single_segments(ir, op, 3, 1)?;
    let low = static_dynamic::required_i64_array(ir, op, "static_low")?;
    let high = static_dynamic::required_i64_array(ir, op, "static_high")?;
    if let Some(n) = ir.attr(op, "nofold") {
        if !matches!(ctx.attr_kind(n), AttrKind::Unit) {
            return Err(op_error(ir, op, "attribute 'nofold' failed to satisfy constraint: unit attribute"));
        }
    }
    check_operands(ir, op, 0..1, is_ranked_tensor, "ranked tensor of any type values")?;
    check_operands(ir, op, 1..ir.num_operands(op), is_index, "variadic of index")?;
    check_results(ir, op, 0..1, is_ranked_tensor, "ranked tensor of any type values")?;
    let (src, res) = (ir.value_type(ir.operand(op, 0)), ir.value_type(ir.result(op, 0)));
    let Some(expected) = pad_result_type(ctx, src, &low, &high) else {
        return Err(plain_error(
            ir,
            op,
            format!(
                "failed to infer expectedType from sourceType {}, specified resultType is {}",
                q(ctx, src),
                q(ctx, res)
            ),
        ));
    };
    let (Some(rs), Some(es)) = (ctx.shape(res), ctx.shape(expected)) else { return Ok(()) };
    let mismatch = rs.len() != es.len() || rs.iter().zip(es).any(|(&r, &e)| r != e && e != DYNAMIC);
    if mismatch {
        return Err(plain_error(
            ir,
            op,
            format!("specified type {} does not match the inferred type {}", q(ctx, res), q(ctx, expected)),
        ));
    }
    let Some(b) = region_block(ir, op) else {
        return Err(op_error(ir, op, "region #0 ('region') failed to verify constraint: region with 1 blocks"));
    };
    let args = ir.block_args(b);
    if args.len() != rs.len() {
        return Err(plain_error(ir, op, format!("expected the block to have {} arguments", rs.len())));
    }
    if let Some(i) = args.iter().position(|&a| !ctx.is_index(ir.value_type(a))) {
        return Err(op_error(ir, op, format!("expected block argument {} to be an index", i + 1)));
    }
    if let Some(t) = yielded_type(ir, op) {
        if Some(t) != ctx.element_type(res) {
            return Err(op_error(ir, op, "expected yield type to match shape element type"));
        }
    }
    Ok(())
}

fn verify_splat(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_min_operands(ir, op, 1)?;
    check_num_results(ir, op, 1)?;
    check_operands(
        ir,
        op,
        0..1,
        |ctx, t| {
            ctx.is_index(t)
                || ctx.float_kind(t).is_some()
                || matches!(ctx.kind(t), TypeKind::Integer { signedness: ir::Signedness::Signless, .. })
        },
        "integer/index/float type",
    )?;
    check_operands(ir, op, 1..ir.num_operands(op), is_index, "variadic of index")?;
    check_results(ir, op, 0..1, is_ranked_tensor, "ranked tensor of any type values")?;
    let res = ir.value_type(ir.result(op, 0));
    if ctx.element_type(res) != Some(ir.value_type(ir.operand(op, 0))) {
        return Err(op_error(ir, op, "failed to verify that operand type matches element type of result"));
    }
    verify_dynamic_sizes_count(ir, op, 1)
}

fn verify_yield(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_operands(ir, op, 1)?;
    let ok = ir.parent_op(op).is_some_and(|p| ir.is_op(p, "tensor.generate") || ir.is_op(p, "tensor.pad"));
    if !ok {
        return Err(op_error(ir, op, "expects parent op to be one of 'tensor.generate, tensor.pad'"));
    }
    Ok(())
}

// ===== custom syntax =======================================================

struct ConcatAsm;

impl OpAsm for ConcatAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        expect_keyword(p, "dim")?;
        p.p.expect(TokenKind::LParen, "expected '('")?;
        let pos = p.p.tok.start;
        let dim = p.p.parse_attribute(Some(ctx.int_ty(64)))?;
        if !matches!(ctx.attr_kind(dim), AttrKind::Integer { .. }) {
            return Err(custom_error(p, st, pos, "invalid kind of attribute specified"));
        }
        add_attr(p, st, "dim", dim);
        p.p.expect(TokenKind::RParen, "expected ')'")?;
        let ops_pos = p.p.tok.start;
        let ops = p.parse_operand_list()?;
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let (ins, outs) = parse_functional_type(p, st)?;
        st.operands = resolve_list(p, st, &ops, &ins, ops_pos)?;
        st.result_types = outs;
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push_str(" dim(");
        if let Some(d) = ir.attr(op, "dim") {
            pr.print_attr_no_type(d);
        }
        pr.out.push(')');
        if ir.num_operands(op) > 0 {
            pr.out.push(' ');
            pr.print_values(ir.operands(op));
        }
        pr.print_optional_attr_dict(ir.attrs(op), &["dim"]);
        pr.out.push_str(" : ");
        pr.print_functional_type(&ir.operand_types(op), &ir.result_types(op));
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        name_result(ir, op, set, "concat");
    }
}

struct DimAsm;

impl OpAsm for DimAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        parse_opt_attr_dict(p, st)?;
        let src = p.parse_operand()?;
        p.p.expect(TokenKind::Comma, "expected ','")?;
        let idx = p.parse_operand()?;
        expect_colon(p)?;
        let t = parse_type_of(p, st, is_tensor)?;
        let index = p.p.ctx.index_ty();
        st.operands = vec![p.resolve_operand(src, t)?, p.resolve_operand(idx, index)?];
        st.result_types = vec![index];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
        pr.out.push(' ');
        pr.print_values(ir.operands(op));
        pr.out.push_str(" : ");
        print_operand_type(pr, op, 0);
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        name_result(ir, op, set, "dim");
    }
}

struct EmptyAsm;

impl OpAsm for EmptyAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        p.p.expect(TokenKind::LParen, "expected '('")?;
        let ops = p.parse_operand_list()?;
        p.p.expect(TokenKind::RParen, "expected ')'")?;
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let t = parse_type_of(p, st, is_ranked_tensor)?;
        let index = p.p.ctx.index_ty();
        st.operands = resolve_all(p, &ops, index)?;
        st.result_types = vec![t];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push('(');
        pr.print_values(ir.operands(op));
        pr.out.push(')');
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
        pr.out.push_str(" : ");
        print_result_type(pr, op);
    }
}

struct ExtractAsm;

impl OpAsm for ExtractAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let t = p.parse_operand()?;
        p.p.expect(TokenKind::LSquare, "expected '['")?;
        let idx = p.parse_operand_list()?;
        p.p.expect(TokenKind::RSquare, "expected ']'")?;
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let ty = parse_type_of(p, st, is_ranked_tensor)?;
        let index = p.p.ctx.index_ty();
        let elem = p.p.ctx.element_type(ty).unwrap_or(ty);
        let mut operands = vec![p.resolve_operand(t, ty)?];
        operands.extend(resolve_all(p, &idx, index)?);
        st.operands = operands;
        st.result_types = vec![elem];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        print_operand(pr, op, 0);
        pr.out.push('[');
        pr.print_values(ir.operands(op).skip(1));
        pr.out.push(']');
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
        pr.out.push_str(" : ");
        print_operand_type(pr, op, 0);
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        name_result(ir, op, set, "extracted");
    }
}

struct InsertAsm;

impl OpAsm for InsertAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let scalar = p.parse_operand()?;
        expect_keyword(p, "into")?;
        let dest = p.parse_operand()?;
        p.p.expect(TokenKind::LSquare, "expected '['")?;
        let idx = p.parse_operand_list()?;
        p.p.expect(TokenKind::RSquare, "expected ']'")?;
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let ty = parse_type_of(p, st, is_ranked_tensor)?;
        let index = p.p.ctx.index_ty();
        let elem = p.p.ctx.element_type(ty).unwrap_or(ty);
        let mut operands = vec![p.resolve_operand(scalar, elem)?, p.resolve_operand(dest, ty)?];
        operands.extend(resolve_all(p, &idx, index)?);
        st.operands = operands;
        st.result_types = vec![ty];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        print_operand(pr, op, 0);
        pr.out.push_str(" into ");
        print_operand(pr, op, 1);
        pr.out.push('[');
        pr.print_values(ir.operands(op).skip(2));
        pr.out.push(']');
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
        pr.out.push_str(" : ");
        print_operand_type(pr, op, 1);
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        name_result(ir, op, set, "inserted");
    }
}

/// Parses the three `[...] [...] [...]` lists of a slice op and records the
/// static attributes; returns the resolved offsets, sizes and strides.
fn parse_slice_lists(p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<[Vec<ValueId>; 3]> {
    let (o, so) = parse_index_list_in(p, st, Delimiter::Square)?;
    let (s, ss) = parse_index_list_in(p, st, Delimiter::Square)?;
    let (t, sst) = parse_index_list_in(p, st, Delimiter::Square)?;
    let ctx = p.p.ctx;
    add_attr(p, st, "static_offsets", ctx.dense_i64_array_attr(&so));
    add_attr(p, st, "static_sizes", ctx.dense_i64_array_attr(&ss));
    add_attr(p, st, "static_strides", ctx.dense_i64_array_attr(&sst));
    Ok([o, s, t])
}

fn print_slice_lists(pr: &mut OpPrinter<'_>, op: OpId, offsets_segment: usize, num_segments: usize) {
    let p = slice_params_at(pr.ir, op, offsets_segment, num_segments);
    print_dynamic_index_list(pr, &p.offsets, &p.static_offsets, &[], Delimiter::Square);
    pr.out.push(' ');
    print_dynamic_index_list(pr, &p.sizes, &p.static_sizes, &[], Delimiter::Square);
    pr.out.push(' ');
    print_dynamic_index_list(pr, &p.strides, &p.static_strides, &[], Delimiter::Square);
}

struct ExtractSliceAsm;

impl OpAsm for ExtractSliceAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let src = p.parse_operand()?;
        let [o, s, t] = parse_slice_lists(p, st)?;
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let src_ty = parse_type_of(p, st, is_ranked_tensor)?;
        expect_keyword(p, "to")?;
        let res_ty = parse_type_of(p, st, is_ranked_tensor)?;
        let ctx = p.p.ctx;
        add_attr(p, st, "operandSegmentSizes", segment_sizes_attr(ctx, &[1, o.len(), s.len(), t.len()]));
        let mut operands = vec![p.resolve_operand(src, src_ty)?];
        operands.extend(o);
        operands.extend(s);
        operands.extend(t);
        st.operands = operands;
        st.result_types = vec![res_ty];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        print_operand(pr, op, 0);
        print_slice_lists(pr, op, 1, 4);
        pr.print_optional_attr_dict(ir.attrs(op), &SLICE_ATTRS);
        pr.out.push_str(" : ");
        print_operand_type(pr, op, 0);
        pr.out.push_str(" to ");
        print_result_type(pr, op);
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        name_result(ir, op, set, "extracted_slice");
    }
}

struct InsertSliceAsm {
    parallel: bool,
}

impl OpAsm for InsertSliceAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let src = p.parse_operand()?;
        expect_keyword(p, "into")?;
        let dest = p.parse_operand()?;
        let [o, s, t] = parse_slice_lists(p, st)?;
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let src_ty = parse_type_of(p, st, is_ranked_tensor)?;
        expect_keyword(p, "into")?;
        let dest_ty = parse_type_of(p, st, is_ranked_tensor)?;
        let ctx = p.p.ctx;
        add_attr(p, st, "operandSegmentSizes", segment_sizes_attr(ctx, &[1, 1, o.len(), s.len(), t.len()]));
        let mut operands = vec![p.resolve_operand(src, src_ty)?, p.resolve_operand(dest, dest_ty)?];
        operands.extend(o);
        operands.extend(s);
        operands.extend(t);
        st.operands = operands;
        if !self.parallel {
            st.result_types = vec![dest_ty];
        }
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        print_operand(pr, op, 0);
        pr.out.push_str(" into ");
        print_operand(pr, op, 1);
        print_slice_lists(pr, op, 2, 5);
        pr.print_optional_attr_dict(ir.attrs(op), &SLICE_ATTRS);
        pr.out.push_str(" : ");
        print_operand_type(pr, op, 0);
        pr.out.push_str(" into ");
        print_operand_type(pr, op, 1);
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        if !self.parallel {
            name_result(ir, op, set, "inserted_slice");
        }
    }
}

struct FromElementsAsm;

impl OpAsm for FromElementsAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let pos = p.p.tok.start;
        let elems = p.parse_operand_list()?;
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let ty = parse_type_of(p, st, is_tensor)?;
        let ctx = p.p.ctx;
        // The operand types follow from the (static) result shape.
        let n = ctx
            .shape(ty)
            .and_then(|s| s.iter().try_fold(1usize, |a, &d| a.checked_mul(usize::try_from(d).ok()?)))
            .unwrap_or(elems.len());
        if n != elems.len() {
            return Err(custom_error(p, st, pos, &format!("{} operands present, but expected {n}", elems.len())));
        }
        let elem = ctx.element_type(ty).unwrap_or(ty);
        st.operands = resolve_all(p, &elems, elem)?;
        st.result_types = vec![ty];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        if ir.num_operands(op) > 0 {
            pr.out.push(' ');
            pr.print_values(ir.operands(op));
        }
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
        pr.out.push_str(" : ");
        print_result_type(pr, op);
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        name_result(ir, op, set, "from_elements");
    }
}

struct GenerateAsm;

impl OpAsm for GenerateAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ops = p.parse_operand_list()?;
        let r = p.ir.create_region();
        p.parse_region(r, &[], false)?;
        ensure_terminator(p.ir, r, "tensor.yield", st.loc);
        st.regions.push(r);
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let ty = parse_type_of(p, st, is_ranked_tensor)?;
        let index = p.p.ctx.index_ty();
        st.operands = resolve_all(p, &ops, index)?;
        st.result_types = vec![ty];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        pr.print_values(ir.operands(op));
        pr.out.push(' ');
        if let Some(&r) = ir.regions(op).first() {
            let print_term = region_needs_terminator_printed(ir, r);
            pr.print_region(r, true, print_term, false);
        }
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
        pr.out.push_str(" : ");
        print_result_type(pr, op);
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        name_result(ir, op, set, "generated");
    }
}

/// ODS prints the implicit terminator of a region only when it carries
/// something (operands, results or attributes).
fn region_needs_terminator_printed(ir: &Ir, r: ir::RegionId) -> bool {
    match ir.entry_block(r).and_then(|b| ir.terminator(b)) {
        Some(t) => ir.num_operands(t) != 0 || ir.num_results(t) != 0 || !ir.attrs(t).is_empty(),
        None => true,
    }
}

struct PadAsm;

impl OpAsm for PadAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let src = p.parse_operand()?;
        if p.p.eat_keyword("nofold") {
            add_attr(p, st, "nofold", ctx.unit_attr());
        }
        expect_keyword(p, "low")?;
        let (low, slow) = parse_index_list_in(p, st, Delimiter::Square)?;
        expect_keyword(p, "high")?;
        let (high, shigh) = parse_index_list_in(p, st, Delimiter::Square)?;
        add_attr(p, st, "static_low", ctx.dense_i64_array_attr(&slow));
        add_attr(p, st, "static_high", ctx.dense_i64_array_attr(&shigh));
        let r = p.ir.create_region();
        p.parse_region(r, &[], false)?;
        ensure_terminator(p.ir, r, "tensor.yield", st.loc);
        st.regions.push(r);
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let src_ty = parse_type_of(p, st, is_ranked_tensor)?;
        expect_keyword(p, "to")?;
        let res_ty = parse_type_of(p, st, is_ranked_tensor)?;
        add_attr(p, st, "operandSegmentSizes", segment_sizes_attr(ctx, &[1, low.len(), high.len()]));
        let mut operands = vec![p.resolve_operand(src, src_ty)?];
        operands.extend(low);
        operands.extend(high);
        st.operands = operands;
        st.result_types = vec![res_ty];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        print_operand(pr, op, 0);
        if ir.attr(op, "nofold").is_some() {
            pr.out.push_str(" nofold");
        }
        let low = static_dynamic::segment_values(ir, op, 3, 1);
        let high = static_dynamic::segment_values(ir, op, 3, 2);
        pr.out.push_str(" low");
        print_dynamic_index_list(pr, &low, &static_dynamic::i64_array(ir, op, "static_low"), &[], Delimiter::Square);
        pr.out.push_str(" high");
        print_dynamic_index_list(pr, &high, &static_dynamic::i64_array(ir, op, "static_high"), &[], Delimiter::Square);
        pr.out.push(' ');
        if let Some(&r) = ir.regions(op).first() {
            let print_term = region_needs_terminator_printed(ir, r);
            pr.print_region(r, true, print_term, false);
        }
        pr.print_optional_attr_dict(ir.attrs(op), &["nofold", "operandSegmentSizes", "static_high", "static_low"]);
        pr.out.push_str(" : ");
        print_operand_type(pr, op, 0);
        pr.out.push_str(" to ");
        print_result_type(pr, op);
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        name_result(ir, op, set, "padded");
    }
}

struct SplatAsm;

impl OpAsm for SplatAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let input = p.parse_operand()?;
        let mut sizes = Vec::new();
        if p.p.eat(TokenKind::LSquare) {
            sizes = p.parse_operand_list()?;
            p.p.expect(TokenKind::RSquare, "expected ']'")?;
        }
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let ty = parse_type_of(p, st, is_ranked_tensor)?;
        let ctx = p.p.ctx;
        let elem = ctx.element_type(ty).unwrap_or(ty);
        let mut operands = vec![p.resolve_operand(input, elem)?];
        operands.extend(resolve_all(p, &sizes, ctx.index_ty())?);
        st.operands = operands;
        st.result_types = vec![ty];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        print_operand(pr, op, 0);
        if ir.num_operands(op) > 1 {
            pr.out.push('[');
            pr.print_values(ir.operands(op).skip(1));
            pr.out.push(']');
        }
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
        pr.out.push_str(" : ");
        print_result_type(pr, op);
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        name_result(ir, op, set, "splat");
    }
}

// ===== interfaces ==========================================================

struct TensorCastLike {
    bitcast: bool,
}

impl CastLike for TensorCastLike {
    fn are_cast_compatible(&self, ir: &Ir, inputs: &[Type], outputs: &[Type]) -> bool {
        let ([a], [b]) = (inputs, outputs) else { return false };
        if self.bitcast {
            bitcast_compatible(ir.ctx(), *a, *b)
        } else {
            cast_compatible(ir.ctx(), *a, *b)
        }
    }
}

/// No memory effects (`tensor.dim`, which is `NoMemoryEffect` without being
/// unconditionally speculatable).
struct NoEffects;

impl MemoryEffects for NoEffects {
    fn effects(&self, _: &Ir, _: OpId, _: &mut Vec<ir::interfaces::Effect>) {}
}

struct DestIsOperand1;

impl DestinationStyle for DestIsOperand1 {
    fn inits(&self, ir: &Ir, op: OpId) -> std::ops::Range<usize> {
        if ir.num_operands(op) > 1 {
            1..2
        } else {
            0..0
        }
    }
}

struct TensorReify;

impl ReifyShapes for TensorReify {
    fn reify(&self, ir: &mut Ir, op: OpId) -> Option<Vec<Vec<OpFoldSize>>> {
        let ctx = ir.ctx_arc().clone();
        if ir.num_results(op) != 1 || ir.num_operands(op) == 0 {
            return None;
        }
        let res = ir.value_type(ir.result(op, 0));
        let shape = ctx.shape(res)?.to_vec();
        let name = ir.op_name_str(op).to_string();
        let dims: Vec<OpFoldSize> = match name.as_str() {
            // Dynamic dimensions are the operands after `first`, in order.
            "tensor.empty" | "tensor.generate" | "tensor.splat" => {
                let first = usize::from(name == "tensor.splat");
                let mut next = ir.operands(op).skip(first);
                shape
                    .iter()
                    .map(
                        |&d| {
                            if d == DYNAMIC {
                                next.next().map(OpFoldSize::Value)
                            } else {
                                Some(OpFoldSize::Static(d))
                            }
                        },
                    )
                    .collect::<Option<_>>()?
            }
            "tensor.extract_slice" => {
                let p = slice_params_at(ir, op, 1, 4);
                let sizes = p.mixed_sizes()?;
                let dropped = rank_reduction_mask(&p.static_sizes, &shape).unwrap_or_default();
                let kept: Vec<OpFoldSize> =
                    sizes.into_iter().enumerate().filter(|(i, _)| !dropped.contains(i)).map(|(_, s)| s).collect();
                if kept.len() != shape.len() {
                    return None;
                }
                kept.into_iter()
                    .zip(&shape)
                    .map(|(s, &d)| if d == DYNAMIC { s } else { OpFoldSize::Static(d) })
                    .collect()
            }
            "tensor.insert_slice" => {
                let dest = *ir.operand_vec(op).get(1)?;
                let mut out = Vec::with_capacity(shape.len());
                for (i, &d) in shape.iter().enumerate() {
                    if d == DYNAMIC {
                        out.push(OpFoldSize::Value(build_dim(ir, InsertPoint::Before(op), ir.op_loc(op), dest, i)?));
                    } else {
                        out.push(OpFoldSize::Static(d));
                    }
                }
                out
            }
            "tensor.expand_shape" => {
                let statics = static_dynamic::i64_array(ir, op, "static_output_shape");
                let values: Vec<ValueId> = ir.operands(op).skip(1).collect();
                let mixed = static_dynamic::mixed_values(&statics, &values)?;
                mixed
                    .into_iter()
                    .zip(&shape)
                    .map(|(s, &d)| if d == DYNAMIC { s } else { OpFoldSize::Static(d) })
                    .collect()
            }
            "tensor.collapse_shape" | "tensor.pad" => {
                // Only the fully static case and single-dimension groups are
                // reified without arithmetic.
                let groups = if name == "tensor.collapse_shape" { reassociation(ir, op)? } else { Vec::new() };
                let src = ir.operand(op, 0);
                let mut out = Vec::with_capacity(shape.len());
                for (i, &d) in shape.iter().enumerate() {
                    if d != DYNAMIC {
                        out.push(OpFoldSize::Static(d));
                        continue;
                    }
                    let g = groups.get(i)?;
                    if g.len() != 1 {
                        return None;
                    }
                    let src_dim = usize::try_from(g[0]).ok()?;
                    out.push(OpFoldSize::Value(build_dim(ir, InsertPoint::Before(op), ir.op_loc(op), src, src_dim)?));
                }
                out
            }
            _ => return None,
        };
        Some(vec![dims])
    }
}

// ===== builders ============================================================

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

fn named(ctx: &Context, name: &str, value: Attribute) -> NamedAttr {
    NamedAttr { name: ctx.intern_str(name), value }
}

/// Creates `arith.constant <v> : index` (the op is created by name, so this
/// works whether or not the arith dialect is registered).
pub fn build_index_constant(ir: &mut Ir, ip: InsertPoint, loc: Location, v: i64) -> ValueId {
    let ctx = ir.ctx_arc().clone();
    let attrs = [named(&ctx, "value", ctx.index_attr(v))];
    let op = create(ir, ip, loc, "arith.constant", &[], &[ctx.index_ty()], &attrs);
    ir.result(op, 0)
}

/// Creates `tensor.dim %source, %c<dim>` (with its index constant).
pub fn build_dim(ir: &mut Ir, ip: InsertPoint, loc: Location, source: ValueId, dim: usize) -> Option<ValueId> {
    let d = i64::try_from(dim).ok()?;
    let c = build_index_constant(ir, ip, loc, d);
    let ip = match ip {
        InsertPoint::After(_) | InsertPoint::BlockStart(_) => InsertPoint::After(ir.defining_op(c)?),
        other => other,
    };
    let index = ir.ctx().index_ty();
    let op = create(ir, ip, loc, "tensor.dim", &[source, c], &[index], &[]);
    Some(ir.result(op, 0))
}

/// Creates `tensor.empty(%dynamic...) : <ty>`.
pub fn build_empty(ir: &mut Ir, ip: InsertPoint, loc: Location, ty: Type, dynamic_sizes: &[ValueId]) -> ValueId {
    let op = create(ir, ip, loc, "tensor.empty", dynamic_sizes, &[ty], &[]);
    ir.result(op, 0)
}

/// Creates `tensor.cast %v : ... to <ty>`.
pub fn build_cast(ir: &mut Ir, ip: InsertPoint, loc: Location, v: ValueId, ty: Type) -> ValueId {
    let op = create(ir, ip, loc, "tensor.cast", &[v], &[ty], &[]);
    ir.result(op, 0)
}

/// Mixed offsets, sizes and strides of a slice to build.
#[derive(Clone, Copy, Debug)]
pub struct MixedSlice<'s> {
    /// Offsets.
    pub offsets: &'s [OpFoldSize],
    /// Sizes.
    pub sizes: &'s [OpFoldSize],
    /// Strides.
    pub strides: &'s [OpFoldSize],
}

impl MixedSlice<'_> {
    /// The operand segments after the tensor operands, the static attributes,
    /// and the dynamic operands, as the slice ops store them.
    fn split(&self, ctx: &Context, tensors: usize) -> (Vec<NamedAttr>, Vec<ValueId>, Vec<i64>) {
        let (o, so) = dispatch_mixed(self.offsets);
        let (s, ss) = dispatch_mixed(self.sizes);
        let (t, st) = dispatch_mixed(self.strides);
        let mut segments = vec![1; tensors];
        segments.extend([o.len(), s.len(), t.len()]);
        let attrs = vec![
            named(ctx, "operandSegmentSizes", segment_sizes_attr(ctx, &segments)),
            named(ctx, "static_offsets", ctx.dense_i64_array_attr(&so)),
            named(ctx, "static_sizes", ctx.dense_i64_array_attr(&ss)),
            named(ctx, "static_strides", ctx.dense_i64_array_attr(&st)),
        ];
        let dynamic = o.into_iter().chain(s).chain(t).collect();
        (attrs, dynamic, ss)
    }
}

/// Creates `tensor.extract_slice`; the result type is inferred (rank-reduced
/// to `result_rank`, dropping leading unit dimensions first, if given).
pub fn build_extract_slice(
    ir: &mut Ir,
    ip: InsertPoint,
    loc: Location,
    source: ValueId,
    slice: MixedSlice<'_>,
    result_rank: Option<usize>,
) -> Option<ValueId> {
    let ctx = ir.ctx_arc().clone();
    let (attrs, dynamic, static_sizes) = slice.split(&ctx, 1);
    let src_ty = ir.value_type(source);
    let ty = match result_rank {
        Some(r) => canonical_rank_reduced_type(&ctx, src_ty, &static_sizes, r)?,
        None => infer_slice_result_type(&ctx, src_ty, &static_sizes)?,
    };
    let mut operands = vec![source];
    operands.extend(dynamic);
    let op = create(ir, ip, loc, "tensor.extract_slice", &operands, &[ty], &attrs);
    Some(ir.result(op, 0))
}

/// Creates `tensor.insert_slice %source into %dest[...]`.
pub fn build_insert_slice(
    ir: &mut Ir,
    ip: InsertPoint,
    loc: Location,
    source: ValueId,
    dest: ValueId,
    slice: MixedSlice<'_>,
) -> ValueId {
    let ctx = ir.ctx_arc().clone();
    let (attrs, dynamic, _) = slice.split(&ctx, 2);
    let mut operands = vec![source, dest];
    operands.extend(dynamic);
    let ty = ir.value_type(dest);
    let op = create(ir, ip, loc, "tensor.insert_slice", &operands, &[ty], &attrs);
    ir.result(op, 0)
}

// ===== folders =============================================================

fn fold_value(v: ValueId) -> FoldOutcome {
    FoldOutcome::Results(smallvec![OpFoldResult::Value(v)])
}

fn fold_attr(a: Attribute) -> FoldOutcome {
    FoldOutcome::Results(smallvec![OpFoldResult::Attr(a)])
}

/// The defining op of `v` if it has name `name`.
pub(crate) fn def_of(ir: &Ir, v: ValueId, name: &str) -> Option<OpId> {
    ir.defining_op(v).filter(|&d| ir.is_op(d, name))
}

fn const_index(ctx: &Context, a: Option<Attribute>) -> Option<i64> {
    match ctx.attr_kind(a?) {
        AttrKind::Integer { value: IntValue::Small(v), .. } => i64::try_from(*v).ok(),
        _ => None,
    }
}

/// The integer value of a constant operand: from the folder's constant
/// operands, or from an `arith.constant` defining it.
fn const_operand(ir: &Ir, op: OpId, i: usize, consts: &[Option<Attribute>]) -> Option<i64> {
    let ctx = ir.ctx();
    if let Some(v) = const_index(ctx, consts.get(i).copied().flatten()) {
        return Some(v);
    }
    let d = def_of(ir, ir.operand(op, i), "arith.constant")?;
    const_index(ctx, ir.attr(d, "value"))
}

/// Folds a cast whose operand and result types are equal.
fn fold_identity_cast(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    if ir.num_operands(op) == 1
        && ir.num_results(op) == 1
        && ir.value_type(ir.operand(op, 0)) == ir.value_type(ir.result(op, 0))
    {
        return fold_value(ir.operand(op, 0));
    }
    FoldOutcome::Failure
}

/// `tensor.cast`: identity casts fold to their operand.
pub fn fold_cast(ir: &mut Ir, op: OpId, c: &[Option<Attribute>]) -> FoldOutcome {
    fold_identity_cast(ir, op, c)
}

/// MLIR's `preservesStaticInformation(source, target)`: both ranked with the
/// same element type, rank and encoding, and `target` is not more static.
pub fn preserves_static_information(ctx: &Context, source: Type, target: Type) -> bool {
    let (Some((s, se, senc)), Some((t, te, tenc))) = (tensor_parts(ctx, source), tensor_parts(ctx, target)) else {
        return false;
    };
    se == te && s.len() == t.len() && senc == tenc && s.iter().zip(t).all(|(&a, &b)| !(a != DYNAMIC && b == DYNAMIC))
}

/// `canFoldIntoConsumerOp`: a cast to a less static type can be bypassed by
/// its users.
pub fn can_fold_cast_into_consumer(ir: &Ir, cast: OpId) -> bool {
    ir.is_op(cast, "tensor.cast")
        && ir.num_operands(cast) == 1
        && ir.num_results(cast) == 1
        && preserves_static_information(ir.ctx(), ir.value_type(ir.result(cast, 0)), ir.value_type(ir.operand(cast, 0)))
}

/// `tensor::foldTensorCast`: replaces operands produced by foldable casts
/// with the casts' sources; true when something changed.
pub fn fold_tensor_cast_operands(ir: &mut Ir, op: OpId) -> bool {
    let mut changed = false;
    for i in 0..ir.num_operands(op) {
        if let Some(c) = def_of(ir, ir.operand(op, i), "tensor.cast") {
            if can_fold_cast_into_consumer(ir, c) {
                let src = ir.operand(c, 0);
                ir.set_operand(op, i, src);
                changed = true;
            }
        }
    }
    changed
}

fn join_shapes(ctx: &Context, one: Type, two: Type) -> Option<Type> {
    let (Some(a), Some(b)) = (ctx.shape(one), ctx.shape(two)) else {
        return Some(if ctx.shape(one).is_none() { two } else { one });
    };
    if a.len() != b.len() {
        return None;
    }
    let mut join = Vec::with_capacity(a.len());
    for (&x, &y) in a.iter().zip(b) {
        if x == DYNAMIC {
            join.push(y);
        } else if y == DYNAMIC || x == y {
            join.push(x);
        } else {
            return None;
        }
    }
    Some(ctx.tensor_ty(&join, ctx.element_type(one)?))
}

/// `ChainedTensorCast`: `cast(cast(x))` becomes `cast(x)` when the
/// intermediate type adds no runtime check.
pub fn chained_cast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 1 || ir.num_results(op) != 1 {
        return false;
    }
    let Some(inner) = def_of(ir, ir.operand(op, 0), "tensor.cast") else { return false };
    if ir.num_operands(inner) != 1 {
        return false;
    }
    let ctx = ir.ctx();
    let src = ir.value_type(ir.operand(inner, 0));
    let mid = ir.value_type(ir.result(inner, 0));
    let res = ir.value_type(ir.result(op, 0));
    let Some(first) = join_shapes(ctx, src, mid).and_then(|j| join_shapes(ctx, j, res)) else { return false };
    if join_shapes(ctx, src, res) != Some(first) {
        return false;
    }
    let v = ir.operand(inner, 0);
    rw.modify_in_place(op, |ir| ir.set_operand(op, 0, v));
    true
}

/// `ChainedTensorBitcast`: `bitcast(bitcast(x))` becomes `bitcast(x)`.
pub fn chained_bitcast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 1 {
        return false;
    }
    let Some(inner) = def_of(ir, ir.operand(op, 0), "tensor.bitcast") else { return false };
    if ir.num_operands(inner) != 1 {
        return false;
    }
    let v = ir.operand(inner, 0);
    rw.modify_in_place(op, |ir| ir.set_operand(op, 0, v));
    true
}

/// `SingleInputConcatOp`: a one-input concat becomes a `tensor.cast`.
pub fn single_input_concat(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 1 || ir.num_results(op) != 1 {
        return false;
    }
    let (v, ty, loc) = (ir.operand(op, 0), ir.value_type(ir.result(op, 0)), ir.op_loc(op));
    let name = ir.ctx().intern_str("tensor.cast");
    rw.set_insertion_point(InsertPoint::Before(op));
    let c = rw.create(OpSpec { operands: &[v], results: &[ty], ..OpSpec::new(name, loc) });
    let r = rw.ir().result(c, 0);
    rw.replace_op(op, &[r]);
    true
}

fn fold_concat(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    if ir.num_operands(op) == 1
        && ir.num_results(op) == 1
        && ir.value_type(ir.operand(op, 0)) == ir.value_type(ir.result(op, 0))
    {
        return fold_value(ir.operand(op, 0));
    }
    FoldOutcome::Failure
}

/// Folds `tensor.dim`: static extents become constants; dynamic extents of
/// `tensor.empty`, `tensor.generate`, `bufferization.alloc_tensor` (without `copy`) and non-rank-reducing
/// `tensor.extract_slice` become the corresponding size operand; `dim` of a
/// foldable `tensor.cast` reads the cast's source instead.
pub fn fold_dim(ir: &mut Ir, op: OpId, consts: &[Option<Attribute>]) -> FoldOutcome {
    if ir.num_operands(op) != 2 {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx_arc().clone();
    let Some(index) = const_operand(ir, op, 1, consts) else { return FoldOutcome::Failure };
    let src = ir.operand(op, 0);
    let Some(shape) = ctx.shape(ir.value_type(src)).map(<[i64]>::to_vec) else { return FoldOutcome::Failure };
    let Ok(i) = usize::try_from(index) else { return FoldOutcome::Failure };
    if i >= shape.len() {
        return FoldOutcome::Failure;
    }
    if shape[i] != DYNAMIC {
        return fold_attr(ctx.index_attr(shape[i]));
    }
    // Position of dimension `i` among the dynamic ones.
    let dyn_pos = shape[..i].iter().filter(|&&d| d == DYNAMIC).count();
    if let Some(def) = ir.defining_op(src) {
        let name = ir.op_name_str(def);
        let first = match name {
            "tensor.empty" | "tensor.generate" => Some(0),
            "bufferization.alloc_tensor" => {
                let segs = static_dynamic::operand_segments(ir, def, 3);
                segs.filter(|s| s[1] == 0).map(|_| 0)
            }
            _ => None,
        };
        if let Some(first) = first {
            if first + dyn_pos < ir.num_operands(def) {
                return fold_value(ir.operand(def, first + dyn_pos));
            }
        }
        if name == "tensor.extract_slice" {
            let p = slice_params_at(ir, def, 1, 4);
            let src_rank = rank(&ctx, ir.value_type(ir.operand(def, 0)));
            if src_rank == Some(shape.len()) {
                if let Some(OpFoldSize::Value(v)) = p.mixed_sizes().and_then(|m| m.get(i).copied()) {
                    return fold_value(v);
                }
            }
        }
    }
    if fold_tensor_cast_operands(ir, op) {
        return FoldOutcome::InPlace;
    }
    FoldOutcome::Failure
}

/// The element attribute at flat position `i` of a dense elements attribute.
pub fn dense_element(ctx: &Context, a: Attribute, flat: usize) -> Option<Attribute> {
    let AttrKind::DenseElements { ty, data } = ctx.attr_kind(a) else { return None };
    let elem = ctx.element_type(*ty)?;
    let bits = if data.splat { *data.bits.first()? } else { *data.bits.get(flat)? };
    element_attr(ctx, elem, bits)
}

fn element_attr(ctx: &Context, elem: Type, bits: u128) -> Option<Attribute> {
    match ctx.kind(elem) {
        TypeKind::Integer { width, .. } => Some(ctx.int_attr(elem, ir::attrs::sign_extend(bits, *width))),
        TypeKind::Index => Some(ctx.int_attr(elem, ir::attrs::sign_extend(bits, 64))),
        TypeKind::Float(_) => Some(ctx.attr(AttrKind::Float { ty: elem, bits })),
        _ => None,
    }
}

fn scalar_bits(ctx: &Context, a: Attribute) -> Option<(Type, u128)> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { ty, value: IntValue::Small(v) } => {
            let w = ctx.scalar_bit_width(*ty)?;
            let mask = if w >= 128 { u128::MAX } else { (1u128 << w) - 1 };
            Some((*ty, (*v as u128) & mask))
        }
        AttrKind::Float { ty, bits } => Some((*ty, *bits)),
        AttrKind::Bool(b) => Some((ctx.i1_ty(), u128::from(*b))),
        _ => None,
    }
}

/// A splat `dense<v> : ty` from a scalar integer or float attribute.
pub fn splat_elements(ctx: &Context, ty: Type, scalar: Attribute) -> Option<Attribute> {
    let (st, bits) = scalar_bits(ctx, scalar)?;
    if ctx.element_type(ty) != Some(st) || !ctx.has_static_shape(ty) || !is_ranked_tensor(ctx, ty) {
        return None;
    }
    Some(ctx.attr(AttrKind::DenseElements { ty, data: DenseData { splat: true, bits: Box::new([bits]) } }))
}

fn flat_index(shape: &[i64], idx: &[i64]) -> Option<usize> {
    if shape.len() != idx.len() {
        return None;
    }
    let mut flat: i64 = 0;
    let mut stride: i64 = 1;
    for (&d, &i) in shape.iter().zip(idx).rev() {
        if i < 0 || (d != DYNAMIC && i >= d) {
            return None;
        }
        flat = flat.checked_add(i.checked_mul(stride)?)?;
        stride = stride.checked_mul(d)?;
    }
    usize::try_from(flat).ok()
}

/// Folds `tensor.extract` of a splat constant, of a `tensor.from_elements`
/// (constant indices) and of a dense constant (constant indices).
pub fn fold_extract(ir: &mut Ir, op: OpId, consts: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx_arc().clone();
    if ir.num_operands(op) < 1 {
        return FoldOutcome::Failure;
    }
    let tensor_const = consts
        .first()
        .copied()
        .flatten()
        .or_else(|| def_of(ir, ir.operand(op, 0), "arith.constant").and_then(|d| ir.attr(d, "value")));
    if let Some(a) = tensor_const {
        if let AttrKind::DenseElements { data, .. } = ctx.attr_kind(a) {
            if data.splat {
                if let Some(e) = dense_element(&ctx, a, 0) {
                    return fold_attr(e);
                }
            }
        }
    }
    let mut idx = Vec::with_capacity(ir.num_operands(op) - 1);
    for i in 1..ir.num_operands(op) {
        match const_operand(ir, op, i, consts) {
            Some(v) => idx.push(v),
            None => return FoldOutcome::Failure,
        }
    }
    let tensor = ir.operand(op, 0);
    let Some(shape) = ctx.shape(ir.value_type(tensor)).map(<[i64]>::to_vec) else { return FoldOutcome::Failure };
    let Some(flat) = flat_index(&shape, &idx) else { return FoldOutcome::Failure };
    if let Some(fe) = def_of(ir, tensor, "tensor.from_elements") {
        if flat < ir.num_operands(fe) {
            return fold_value(ir.operand(fe, flat));
        }
        return FoldOutcome::Failure;
    }
    if let Some(e) = tensor_const.and_then(|a| dense_element(&ctx, a, flat)) {
        return fold_attr(e);
    }
    if let Some(e) = tensor_const.and_then(|a| sparse_element(&ctx, a, &idx)) {
        return fold_attr(e);
    }
    FoldOutcome::Failure
}

/// The element at `idx` of a `sparse<indices, values>` attribute: the value
/// whose index row equals `idx`, else the element type's zero.
fn sparse_element(ctx: &Context, a: Attribute, idx: &[i64]) -> Option<Attribute> {
    let AttrKind::Sparse { ty, indices, values } = ctx.attr_kind(a) else { return None };
    let elem = ctx.element_type(*ty)?;
    let AttrKind::DenseElements { data: ind, .. } = ctx.attr_kind(*indices) else { return None };
    let rank = idx.len().max(1);
    let rows = if ind.splat { 1 } else { ind.bits.len() / rank };
    let at = |i: usize| if ind.splat { ind.bits.first().copied() } else { ind.bits.get(i).copied() };
    for r in 0..rows {
        let matches = idx.iter().enumerate().all(|(k, &v)| at(r * rank + k) == Some(v as u64 as u128));
        if matches {
            return dense_element(ctx, *values, r);
        }
    }
    element_attr(ctx, elem, 0)
}

/// Folds `tensor.from_elements` of constants into a dense constant.
pub fn fold_from_elements(ir: &mut Ir, op: OpId, consts: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx_arc().clone();
    if ir.num_results(op) != 1 || consts.len() != ir.num_operands(op) || consts.is_empty() {
        return FoldOutcome::Failure;
    }
    let ty = ir.value_type(ir.result(op, 0));
    let mut bits = Vec::with_capacity(consts.len());
    for c in consts {
        match c.and_then(|a| scalar_bits(&ctx, a)) {
            Some((t, b)) if Some(t) == ctx.element_type(ty) => bits.push(b),
            _ => return FoldOutcome::Failure,
        }
    }
    let splat = bits.iter().all(|&b| b == bits[0]);
    if splat {
        bits.truncate(1);
    }
    fold_attr(ctx.attr(AttrKind::DenseElements { ty, data: DenseData { splat, bits: bits.into() } }))
}

/// Folds `tensor.insert` of a splat's own value into a splat constant.
fn fold_insert(ir: &mut Ir, _op: OpId, consts: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx_arc().clone();
    let (Some(Some(scalar)), Some(Some(dest))) = (consts.first(), consts.get(1)) else { return FoldOutcome::Failure };
    if let AttrKind::DenseElements { data, .. } = ctx.attr_kind(*dest) {
        if data.splat && dense_element(&ctx, *dest, 0) == Some(*scalar) {
            return fold_attr(*dest);
        }
    }
    FoldOutcome::Failure
}

/// Folds `tensor.splat` of a constant into a splat constant (static shapes).
pub fn fold_splat(ir: &mut Ir, op: OpId, consts: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx_arc().clone();
    let Some(Some(c)) = consts.first() else { return FoldOutcome::Failure };
    if ir.num_results(op) != 1 {
        return FoldOutcome::Failure;
    }
    match splat_elements(&ctx, ir.value_type(ir.result(op, 0)), *c) {
        Some(a) => fold_attr(a),
        None => FoldOutcome::Failure,
    }
}

/// Folds `tensor.rank` of a ranked tensor.
pub fn fold_rank(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx_arc().clone();
    if ir.num_operands(op) != 1 {
        return FoldOutcome::Failure;
    }
    match rank(&ctx, ir.value_type(ir.operand(op, 0))) {
        Some(r) => fold_attr(ctx.index_attr(r as i64)),
        None => FoldOutcome::Failure,
    }
}

fn same_slice(a: &static_dynamic::SliceParams, b: &static_dynamic::SliceParams) -> bool {
    a == b
}

/// Folds `tensor.extract_slice`: a splat constant source gives a splat of
/// the result type; a full identity slice gives the source; a slice of an
/// `insert_slice` at the same place gives the inserted tensor.
pub fn fold_extract_slice(ir: &mut Ir, op: OpId, consts: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx_arc().clone();
    if ir.num_operands(op) < 1 || ir.num_results(op) != 1 {
        return FoldOutcome::Failure;
    }
    let res_ty = ir.value_type(ir.result(op, 0));
    if let Some(Some(c)) = consts.first() {
        if let AttrKind::DenseElements { data, .. } = ctx.attr_kind(*c) {
            if data.splat && ctx.has_static_shape(res_ty) {
                if let Some(a) = dense_element(&ctx, *c, 0).and_then(|e| splat_elements(&ctx, res_ty, e)) {
                    return fold_attr(a);
                }
            }
        }
    }
    let src = ir.operand(op, 0);
    let p = slice_params_at(ir, op, 1, 4);
    if ir.value_type(src) == res_ty && is_identity_slice(&p, ctx.shape(res_ty).unwrap_or(&[])) {
        return fold_value(src);
    }
    if let Some(ins) = def_of(ir, src, "tensor.insert_slice") {
        if ir.num_operands(ins) >= 2
            && ir.value_type(ir.operand(ins, 0)) == res_ty
            && same_slice(&slice_params_at(ir, ins, 2, 5), &p)
        {
            return fold_value(ir.operand(ins, 0));
        }
    }
    FoldOutcome::Failure
}

/// All offsets 0, sizes equal to `shape` (on the leading dims), strides 1.
fn is_identity_slice(p: &static_dynamic::SliceParams, shape: &[i64]) -> bool {
    p.static_offsets.iter().all(|&o| o == 0)
        && p.static_sizes.iter().zip(shape).all(|(&s, &d)| s != DYNAMIC && s == d)
        && p.static_strides.iter().all(|&s| s == 1)
}

/// Folds `tensor.insert_slice`: a full identity insert gives the source;
/// inserting where a previous insert of the same shape wrote bypasses it
/// (in place); re-inserting a slice extracted from the destination at the
/// same place gives the destination.
pub fn fold_insert_slice(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    if ir.num_operands(op) < 2 || ir.num_results(op) != 1 {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx_arc().clone();
    let (src, dest) = (ir.operand(op, 0), ir.operand(op, 1));
    let res_ty = ir.value_type(ir.result(op, 0));
    let p = slice_params_at(ir, op, 2, 5);
    if ir.value_type(src) == res_ty && is_identity_slice(&p, ctx.shape(res_ty).unwrap_or(&[])) {
        return fold_value(src);
    }
    if let Some(prev) = def_of(ir, dest, "tensor.insert_slice") {
        if ir.num_operands(prev) >= 2
            && ir.value_type(ir.operand(prev, 0)) == ir.value_type(src)
            && same_slice(&slice_params_at(ir, prev, 2, 5), &p)
        {
            let d = ir.operand(prev, 1);
            ir.set_operand(op, 1, d);
            return FoldOutcome::InPlace;
        }
    }
    if let Some(ext) = def_of(ir, src, "tensor.extract_slice") {
        if ir.num_operands(ext) >= 1
            && ir.operand(ext, 0) == dest
            && ir.value_type(ir.result(ext, 0)) == ir.value_type(src)
            && same_slice(&slice_params_at(ir, ext, 1, 4), &p)
        {
            return fold_value(dest);
        }
    }
    FoldOutcome::Failure
}

/// Folds `tensor.reshape`: a reshape of a reshape reads the original source
/// (in place); a reshape between equal static types is the source.
pub fn fold_reshape(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    if ir.num_operands(op) != 2 || ir.num_results(op) != 1 {
        return FoldOutcome::Failure;
    }
    if let Some(prev) = def_of(ir, ir.operand(op, 0), "tensor.reshape") {
        if ir.num_operands(prev) == 2 {
            let s = ir.operand(prev, 0);
            ir.set_operand(op, 0, s);
            return FoldOutcome::InPlace;
        }
    }
    let ctx = ir.ctx_arc().clone();
    let (src, res) = (ir.value_type(ir.operand(op, 0)), ir.value_type(ir.result(op, 0)));
    if src == res && is_ranked_tensor(&ctx, src) && ctx.has_static_shape(src) {
        return fold_value(ir.operand(op, 0));
    }
    FoldOutcome::Failure
}

/// `foldReshapeOp`: a reshape of the inverse reshape, back to the original
/// type, is that original; a splat constant source is re-typed.
fn fold_reassociative(ir: &mut Ir, op: OpId, consts: &[Option<Attribute>], inverse: &str) -> FoldOutcome {
    if ir.num_operands(op) < 1 || ir.num_results(op) != 1 {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx_arc().clone();
    let res_ty = ir.value_type(ir.result(op, 0));
    if ir.value_type(ir.operand(op, 0)) == res_ty {
        return fold_value(ir.operand(op, 0));
    }
    if let Some(prev) = def_of(ir, ir.operand(op, 0), inverse) {
        if ir.num_operands(prev) >= 1 && ir.value_type(ir.operand(prev, 0)) == res_ty {
            return fold_value(ir.operand(prev, 0));
        }
    }
    if let Some(Some(c)) = consts.first() {
        if let AttrKind::DenseElements { data, .. } = ctx.attr_kind(*c) {
            if data.splat {
                if let Some(a) = dense_element(&ctx, *c, 0).and_then(|e| splat_elements(&ctx, res_ty, e)) {
                    return fold_attr(a);
                }
            }
        }
    }
    FoldOutcome::Failure
}

fn fold_collapse_shape(ir: &mut Ir, op: OpId, consts: &[Option<Attribute>]) -> FoldOutcome {
    fold_reassociative(ir, op, consts, "tensor.expand_shape")
}

fn fold_expand_shape(ir: &mut Ir, op: OpId, consts: &[Option<Attribute>]) -> FoldOutcome {
    fold_reassociative(ir, op, consts, "tensor.collapse_shape")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_reduction() {
        assert_eq!(rank_reduction_mask(&[1, 6, 1], &[1, 6]), Some(vec![2]));
        assert_eq!(rank_reduction_mask(&[1, 6, 1], &[6, 1]), Some(vec![0]));
        assert_eq!(rank_reduction_mask(&[1, 1, 2, 1, 1, 4, 1], &[1, 2, 1, 4]), Some(vec![1, 4, 6]));
        assert_eq!(rank_reduction_mask(&[4, 4], &[4, 5]), None);
        assert_eq!(rank_reduction_mask(&[2, 4], &[4]), None);
    }

    #[test]
    fn canonical_reduction_drops_leading_ones() {
        let ctx = Context::new();
        let f32t = ctx.float_ty(ir::FloatKind::F32);
        let src = ctx.tensor_ty(&[8, 8, 8], f32t);
        let t = canonical_rank_reduced_type(&ctx, src, &[1, 6, 1], 2).expect("reducible");
        assert_eq!(ctx.shape(t), Some(&[6i64, 1][..]));
        assert_eq!(canonical_rank_reduced_type(&ctx, src, &[2, 6, 3], 2), None);
    }

    #[test]
    fn collapse_and_pad_types() {
        let ctx = Context::new();
        let f32t = ctx.float_ty(ir::FloatKind::F32);
        let t = ctx.tensor_ty(&[2, 3, DYNAMIC], f32t);
        let c = collapsed_type(&ctx, t, &[vec![0, 1], vec![2]]).expect("valid");
        assert_eq!(ctx.shape(c), Some(&[6i64, DYNAMIC][..]));
        let p = pad_result_type(&ctx, t, &[1, 0, 0], &[1, DYNAMIC, 2]).expect("valid");
        assert_eq!(ctx.shape(p), Some(&[4i64, DYNAMIC, DYNAMIC][..]));
        assert_eq!(flat_index(&[2, 3], &[1, 2]), Some(5));
        assert_eq!(flat_index(&[2, 3], &[2, 0]), None);
    }
}
