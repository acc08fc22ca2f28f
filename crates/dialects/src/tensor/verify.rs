//! The tensor dialect's verifiers: ODS constraints (operand and result
//! types, segment sizes, required attributes), interface checks and each
//! op's own checks, with upstream's wording.

use super::interfaces::SliceLayout;
use super::ops::{
    CollapseShapeOp, ConcatOp, ExpandShapeOp, ExtractOp, ExtractSliceOp, GatherOp, GenerateOp, InsertOp, InsertSliceOp,
    PackOp, PadOp, ParallelInsertSliceOp, Relayout, ReshapeOp, ScatterOp, SplatOp, UnPackOp, YieldOp,
};
use super::types::{
    bitcast_compatible, cast_compatible, collapsed_type, gather_result_type, infer_slice_result_type, is_index,
    is_ranked_tensor, is_tensor, pack_requires_padding, packed_shape, pad_result_type, rank, reassociation_of,
    tensor_parts,
};
use super::{
    check_min_operands, check_num_operands, check_num_regions, check_num_results, check_operands, check_results,
    check_single_segments, op_error, plain_error, q,
};
use crate::layout::{is_rank_reduced_type, SliceVerification};
use crate::static_dynamic;
use crate::util::check_types;
use crate::util::{check_reshape_shape_length, is_signless_int_index_or_float};
use ir::interfaces::OpFoldSize;
use ir::{AttrKind, Context, Diagnostic, IntValue, Ir, OpId, Type, TypeKind, DYNAMIC};

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
        // `is_rank_reduced_type` compares neither memory spaces nor
        // layouts, and tensors have neither.
        SliceVerification::MemSpaceMismatch | SliceVerification::LayoutMismatch => Ok(()),
    }
}

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

pub(super) fn verify_cast(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    verify_cast_like(ir, op, cast_compatible)
}

pub(super) fn verify_bitcast(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    verify_cast_like(ir, op, bitcast_compatible)
}

pub(super) fn verify_concat(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_num_results(ir, op, 1)?;
    let Some(dim_attr) = ConcatOp(op).dim_attr(ir) else {
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

pub(super) fn verify_dim(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
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

pub(super) fn verify_empty(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_results(ir, op, 1)?;
    check_operands(ir, op, 0..ir.num_operands(op), is_index, "variadic of index")?;
    check_results(ir, op, 0..1, is_ranked_tensor, "ranked tensor of any type values")?;
    verify_dynamic_sizes_count(ir, op, 0)
}

pub(super) fn verify_extract(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_min_operands(ir, op, 1)?;
    check_num_results(ir, op, 1)?;
    check_operands(ir, op, 0..1, is_ranked_tensor, "ranked tensor of any type values")?;
    check_operands(ir, op, 1..ir.num_operands(op), is_index, "variadic of index")?;
    let extract = ExtractOp(op);
    let t = ir.value_type(extract.tensor(ir));
    if ctx.element_type(t) != Some(ir.value_type(extract.result(ir))) {
        return Err(op_error(ir, op, "failed to verify that result type matches element type of tensor"));
    }
    if rank(ctx, t) != Some(extract.indices(ir).len()) {
        return Err(op_error(ir, op, "incorrect number of indices for extract_element"));
    }
    Ok(())
}

pub(super) fn verify_insert(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_min_operands(ir, op, 2)?;
    check_num_results(ir, op, 1)?;
    check_operands(ir, op, 1..2, is_ranked_tensor, "ranked tensor of any type values")?;
    check_operands(ir, op, 2..ir.num_operands(op), is_index, "variadic of index")?;
    check_results(ir, op, 0..1, is_ranked_tensor, "ranked tensor of any type values")?;
    let insert = InsertOp(op);
    let dest = ir.value_type(insert.dest(ir));
    if ir.value_type(insert.result(ir)) != dest {
        return Err(op_error(ir, op, "failed to verify that result type matches type of dest"));
    }
    if ctx.element_type(dest) != Some(ir.value_type(insert.scalar(ir))) {
        return Err(op_error(ir, op, "failed to verify that scalar type matches element type of dest"));
    }
    if rank(ctx, dest) != Some(insert.indices(ir).len()) {
        return Err(op_error(ir, op, "incorrect number of indices"));
    }
    Ok(())
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

pub(super) fn verify_extract_slice(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_results(ir, op, 1)?;
    verify_slice_common(ir, op, &SliceLayout::EXTRACT)?;
    let ctx = ir.ctx();
    let slice = ExtractSliceOp(op);
    let source = ir.value_type(slice.source(ir));
    let Some(expected) = infer_slice_result_type(ctx, source, &slice.static_sizes(ir)) else { return Ok(()) };
    let r = is_rank_reduced_type(ctx, expected, ir.value_type(slice.result(ir)));
    slice_error(ir, op, r, expected)
}

/// The source of an insertion fits the slice of the destination (both
/// insert ops share the layout: `source`, `dest`, then the three lists).
fn verify_insert_slice_types(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let slice = ParallelInsertSliceOp(op);
    let dest = ir.value_type(slice.dest(ir));
    let Some(expected) = infer_slice_result_type(ctx, dest, &slice.static_sizes(ir)) else { return Ok(()) };
    let r = is_rank_reduced_type(ctx, expected, ir.value_type(slice.source(ir)));
    slice_error(ir, op, r, expected)
}

pub(super) fn verify_insert_slice(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_results(ir, op, 1)?;
    verify_slice_common(ir, op, &SliceLayout::INSERT)?;
    let slice = InsertSliceOp(op);
    if ir.value_type(slice.result(ir)) != ir.value_type(slice.dest(ir)) {
        return Err(op_error(ir, op, "failed to verify that expected result type to match dest type"));
    }
    verify_insert_slice_types(ir, op)
}

pub(super) fn verify_parallel_insert_slice(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_results(ir, op, 0)?;
    verify_slice_common(ir, op, &SliceLayout::INSERT)?;
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

pub(super) fn verify_from_elements(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
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
    if !YieldOp::matches(ir, t) || ir.num_operands(t) != 1 {
        return None;
    }
    Some(ir.value_type(ir.operand(t, 0)))
}

pub(super) fn verify_generate(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
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

pub(super) fn verify_rank(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_operands(ir, op, 1)?;
    check_num_results(ir, op, 1)?;
    check_operands(ir, op, 0..1, is_tensor, "tensor of any type values")?;
    check_results(ir, op, 0..1, is_index, "index")
}

pub(super) fn verify_reshape(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
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
    let reshape = ReshapeOp(op);
    let (src, res) = (ir.value_type(reshape.source(ir)), ir.value_type(reshape.result(ir)));
    if ctx.element_type(src) != ctx.element_type(res) {
        return Err(op_error(ir, op, "element types of source and destination tensor types should be the same"));
    }
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
        check_reshape_shape_length(ir, op, ir.value_type(reshape.shape(ir)), rs.len(), "tensor")?;
    }
    Ok(())
}

/// The `reassociation` attribute of `expand_shape` / `collapse_shape`
/// (stored under the same name by both).
fn verify_reassociation_attr(ir: &Ir, op: OpId) -> Result<Vec<Vec<i64>>, Diagnostic> {
    let Some(a) = CollapseShapeOp(op).reassociation_attr(ir) else {
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

pub(super) fn verify_collapse_shape(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_operands(ir, op, 1)?;
    check_num_results(ir, op, 1)?;
    let groups = verify_reassociation_attr(ir, op)?;
    check_operands(ir, op, 0..1, is_tensor, "tensor of any type values")?;
    check_results(ir, op, 0..1, is_tensor, "tensor of any type values")?;
    let collapse = CollapseShapeOp(op);
    let (src, res) = (ir.value_type(collapse.src(ir)), ir.value_type(collapse.result(ir)));
    verify_reshape_like(ir, op, src, res, &groups)
}

pub(super) fn verify_expand_shape(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_min_operands(ir, op, 1)?;
    check_num_results(ir, op, 1)?;
    let groups = verify_reassociation_attr(ir, op)?;
    let statics = static_dynamic::required_i64_array(ir, op, "static_output_shape")?;
    check_operands(ir, op, 0..1, is_tensor, "tensor of any type values")?;
    check_operands(ir, op, 1..ir.num_operands(op), is_index, "variadic of index")?;
    check_results(ir, op, 0..1, is_tensor, "tensor of any type values")?;
    let expand = ExpandShapeOp(op);
    let (src, res) = (ir.value_type(expand.src(ir)), ir.value_type(expand.result(ir)));
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
    let values = expand.output_shape(ir).len();
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

pub(super) fn verify_pad(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_num_results(ir, op, 1)?;
    check_num_regions(ir, op, 1)?;
    static_dynamic::verify_operand_segments(ir, op, 3)?;
    check_single_segments(ir, op, 3, 1)?;
    let low = static_dynamic::required_i64_array(ir, op, "static_low")?;
    let high = static_dynamic::required_i64_array(ir, op, "static_high")?;
    let pad = PadOp(op);
    if let Some(n) = pad.nofold_attr(ir) {
        if !matches!(ctx.attr_kind(n), AttrKind::Unit) {
            return Err(op_error(ir, op, "attribute 'nofold' failed to satisfy constraint: unit attribute"));
        }
    }
    check_operands(ir, op, 0..1, is_ranked_tensor, "ranked tensor of any type values")?;
    check_operands(ir, op, 1..ir.num_operands(op), is_index, "variadic of index")?;
    check_results(ir, op, 0..1, is_ranked_tensor, "ranked tensor of any type values")?;
    let (src, res) = (ir.value_type(pad.source(ir)), ir.value_type(pad.result(ir)));
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

pub(super) fn verify_splat(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_min_operands(ir, op, 1)?;
    check_num_results(ir, op, 1)?;
    check_operands(ir, op, 0..1, is_signless_int_index_or_float, "integer/index/float type")?;
    check_operands(ir, op, 1..ir.num_operands(op), is_index, "variadic of index")?;
    check_results(ir, op, 0..1, is_ranked_tensor, "ranked tensor of any type values")?;
    let splat = SplatOp(op);
    let res = ir.value_type(splat.aggregate(ir));
    if ctx.element_type(res) != Some(ir.value_type(splat.input(ir))) {
        return Err(op_error(ir, op, "failed to verify that operand type matches element type of result"));
    }
    verify_dynamic_sizes_count(ir, op, 1)
}

pub(super) fn verify_yield(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_operands(ir, op, 1)?;
    let ok = ir.parent_op(op).is_some_and(|p| GenerateOp::matches(ir, p) || PadOp::matches(ir, p));
    if !ok {
        return Err(op_error(ir, op, "expects parent op to be one of 'tensor.generate, tensor.pad'"));
    }
    Ok(())
}

// ===== gather / scatter ====================================================

fn is_int_or_index_tensor(ctx: &Context, t: Type) -> bool {
    is_ranked_tensor(ctx, t)
        && ctx.element_type(t).is_some_and(|e| {
            ctx.is_index(e) || matches!(ctx.kind(e), TypeKind::Integer { signedness: ir::Signedness::Signless, .. })
        })
}

/// Upstream's `verifyGatherOrScatterDims`.
fn verify_gather_scatter_dims(
    ir: &Ir,
    op: OpId,
    dims: &[i64],
    rank: usize,
    what: &str,
    of: &str,
) -> Result<(), Diagnostic> {
    if dims.is_empty() {
        return Err(op_error(ir, op, format!("{what}_dims must be non-empty")));
    }
    if dims.len() > rank {
        return Err(op_error(ir, op, format!("{what}_dims overflow {of} rank")));
    }
    for &d in dims {
        if d < 0 {
            return Err(op_error(ir, op, format!("{what}_dims value must be non-negative")));
        }
        if d >= rank as i64 {
            return Err(op_error(ir, op, format!("{what}_dims value must be smaller than {of} rank")));
        }
    }
    if dims.windows(2).any(|w| w[0] >= w[1]) {
        return Err(op_error(ir, op, format!("{what}_dims values must be strictly increasing")));
    }
    Ok(())
}

/// The ODS checks shared by gather and scatter: the dims attribute, the
/// `unique` unit attribute, the tensor operands and the result.
fn verify_gather_scatter_invariants(
    ir: &Ir,
    op: OpId,
    dims_attr: &str,
    tensors: usize,
) -> Result<Vec<i64>, Diagnostic> {
    check_num_operands(ir, op, tensors + 1)?;
    check_num_results(ir, op, 1)?;
    let dims = static_dynamic::required_i64_array(ir, op, dims_attr)?;
    if let Some(u) = ir.attr(op, "unique") {
        if !matches!(ir.ctx().attr_kind(u), AttrKind::Unit) {
            return Err(op_error(ir, op, "attribute 'unique' failed to satisfy constraint: unit attribute"));
        }
    }
    check_operands(ir, op, 0..tensors, is_ranked_tensor, "ranked tensor of any type values")?;
    check_operands(
        ir,
        op,
        tensors..tensors + 1,
        is_int_or_index_tensor,
        "ranked tensor of signless integer or index values",
    )?;
    check_results(ir, op, 0..1, is_ranked_tensor, "ranked tensor of any type values")?;
    Ok(dims)
}

pub(super) fn verify_gather(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let dims = verify_gather_scatter_invariants(ir, op, "gather_dims", 1)?;
    let gather = GatherOp(op);
    let (src, idx, res) =
        (ir.value_type(gather.source(ir)), ir.value_type(gather.indices(ir)), ir.value_type(gather.result(ir)));
    verify_gather_scatter_dims(ir, op, &dims, rank(ctx, src).unwrap_or(0), "gather", "source")?;
    let (Some(full), Some(reduced)) =
        (gather_result_type(ctx, src, idx, &dims, false), gather_result_type(ctx, src, idx, &dims, true))
    else {
        return Ok(());
    };
    if res != full && res != reduced {
        return Err(op_error(
            ir,
            op,
            format!(
                "result type mismatch: expected {} or its rank-reduced variant {} (got: {})",
                q(ctx, full),
                q(ctx, reduced),
                q(ctx, res)
            ),
        ));
    }
    Ok(())
}

pub(super) fn verify_scatter(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let dims = verify_gather_scatter_invariants(ir, op, "scatter_dims", 2)?;
    let scatter = ScatterOp(op);
    let (src, dest, idx) =
        (ir.value_type(scatter.source(ir)), ir.value_type(scatter.dest(ir)), ir.value_type(scatter.indices(ir)));
    verify_gather_scatter_dims(ir, op, &dims, rank(ctx, dest).unwrap_or(0), "scatter", "dest")?;
    if !scatter.unique(ir) {
        return Err(op_error(ir, op, "requires 'unique' attribute to be set"));
    }
    let (Some(full), Some(reduced)) =
        (gather_result_type(ctx, dest, idx, &dims, false), gather_result_type(ctx, dest, idx, &dims, true))
    else {
        return Ok(());
    };
    if src != full && src != reduced {
        return Err(op_error(
            ir,
            op,
            format!(
                "source type mismatch: expected {} or its rank-reduced variant {} (got: {})",
                q(ctx, full),
                q(ctx, reduced),
                q(ctx, src)
            ),
        ));
    }
    Ok(())
}

// ===== pack / unpack =======================================================

/// Upstream's `isInvalidPackingPosSpecification`: too many entries, a
/// duplicate, or one out of `[0, rank)`.
fn invalid_packing_positions(dims: &[i64], rank: usize) -> bool {
    if dims.len() > rank {
        return true;
    }
    let mut seen = std::collections::HashSet::with_capacity(dims.len());
    dims.iter().any(|&d| !seen.insert(d) || d < 0 || d >= rank as i64)
}

/// The ODS checks of both relayout ops: required attributes, operand
/// groups and types, and the result matching `dest`.
fn verify_relayout_invariants(ir: &Ir, op: OpId, pack: bool) -> Result<(), Diagnostic> {
    check_num_results(ir, op, 1)?;
    static_dynamic::required_i64_array(ir, op, "inner_dims_pos")?;
    static_dynamic::required_i64_array(ir, op, "static_inner_tiles")?;
    if let Some(a) = ir.attr(op, "outer_dims_perm") {
        if ir.ctx().dense_i64_array(a).is_none() {
            return Err(op_error(
                ir,
                op,
                "attribute 'outer_dims_perm' failed to satisfy constraint: i64 dense array attribute",
            ));
        }
    }
    let tiles_from = if pack {
        static_dynamic::verify_operand_segments(ir, op, 4)?;
        check_single_segments(ir, op, 4, 2)?;
        let sizes = static_dynamic::operand_segments(ir, op, 4).unwrap_or_default();
        let padding = sizes.get(2).copied().unwrap_or(0);
        if padding > 1 {
            return Err(op_error(
                ir,
                op,
                format!("operand group starting at #2 requires 0 or 1 element, but found {padding}"),
            ));
        }
        2 + padding
    } else {
        check_min_operands(ir, op, 2)?;
        2
    };
    check_operands(ir, op, 0..2, is_ranked_tensor, "ranked tensor of any type values")?;
    check_types(ir, op, false, tiles_from..ir.num_operands(op), is_index, "variadic of ", "index")?;
    check_results(ir, op, 0..1, is_ranked_tensor, "ranked tensor of any type values")?;
    if ir.value_type(ir.result(op, 0)) != ir.value_type(ir.operand(op, 1)) {
        return Err(op_error(ir, op, "failed to verify that result type matches type of dest"));
    }
    Ok(())
}

/// The constant tiles of a relayout op (`None` for a non-constant one).
fn constant_tiles(ir: &Ir, tiles: &[OpFoldSize]) -> Vec<Option<i64>> {
    tiles
        .iter()
        .map(|t| match *t {
            OpFoldSize::Static(s) => Some(s),
            OpFoldSize::Value(v) => crate::util::const_int(ir, v).and_then(|c| i64::try_from(c).ok()),
        })
        .collect()
}

/// Upstream's `commonVerifierPackAndUnPackOp`.
fn verify_relayout_common(ir: &Ir, op: OpId, r: Relayout) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let Some(tiles) = r.mixed_tiles(ir) else {
        let dynamic = r.static_inner_tiles(ir).iter().filter(|&&s| s == DYNAMIC).count();
        return Err(plain_error(ir, op, format!("expected {dynamic} dynamic inner_tiles values")));
    };
    let consts = constant_tiles(ir, &tiles);
    if consts.contains(&Some(0)) {
        return Err(plain_error(ir, op, "invalid zero tile factor"));
    }
    let unpacked_ty = ir.value_type(r.unpacked(ir));
    let packed_ty = ir.value_type(r.packed(ir));
    let (Some(unpacked), Some(packed)) = (ctx.shape(unpacked_ty), ctx.shape(packed_ty)) else { return Ok(()) };
    let inner = r.inner_dims_pos(ir);
    let outer = r.outer_dims_perm(ir);
    if invalid_packing_positions(&inner, unpacked.len()) {
        return Err(plain_error(ir, op, "invalid inner_dims_pos vector"));
    }
    if invalid_packing_positions(&outer, unpacked.len()) {
        return Err(plain_error(ir, op, "invalid outer_dims_perm vector"));
    }
    if !outer.is_empty() && outer.len() != unpacked.len() {
        return Err(plain_error(ir, op, "outer_dims_perm must be a permutation or empty"));
    }
    if tiles.len() > unpacked.len() {
        return Err(plain_error(
            ir,
            op,
            "tiling factors must be less than or equal to the input rank for pack or output rank for unpack",
        ));
    }
    if tiles.len() != inner.len() {
        return Err(plain_error(ir, op, "tiling factors must equal the number of dimensions to tile"));
    }
    if unpacked.len() + tiles.len() != packed.len() {
        return Err(plain_error(ir, op, "packed rank must equal unpacked rank + tiling factors"));
    }
    // `getStaticTiles`: constant-valued tile operands count as static.
    let static_tiles: Vec<i64> = consts.iter().map(|c| c.unwrap_or(DYNAMIC)).collect();
    let Some(expected) = packed_shape(unpacked, &static_tiles, &inner, &outer) else { return Ok(()) };
    let in_bound = expected.iter().zip(packed).all(|(&e, &p)| e == DYNAMIC || p == DYNAMIC || e <= p);
    if !in_bound {
        let elem = ctx.element_type(unpacked_ty).unwrap_or(unpacked_ty);
        return Err(plain_error(
            ir,
            op,
            format!(
                "the shape of output is not large enough to hold the packed data. Expected at least {}, got {}",
                q(ctx, ctx.tensor_ty(&expected, elem)),
                q(ctx, packed_ty)
            ),
        ));
    }
    let tiled = &packed[packed.len() - tiles.len()..];
    let tiles_match = tiled.iter().zip(&consts).all(|(&shape, c)| match c {
        None => shape == DYNAMIC,
        Some(t) => shape == DYNAMIC || shape == *t,
    });
    if !tiles_match {
        return Err(plain_error(
            ir,
            op,
            "mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type",
        ));
    }
    Ok(())
}

pub(super) fn verify_pack(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    verify_relayout_invariants(ir, op, true)?;
    let pack = PackOp(op);
    verify_relayout_common(ir, op, Relayout::Pack(pack))?;
    let ctx = ir.ctx();
    let (src, dest) = (ir.value_type(pack.source(ir)), ir.value_type(pack.dest(ir)));
    let elem = ctx.element_type(src).unwrap_or(src);
    if let Some(p) = pack.padding_value(ir) {
        let pt = ir.value_type(p);
        if pt != elem {
            return Err(op_error(
                ir,
                op,
                format!("expected padding_value has {} but got: {}", q(ctx, elem), q(ctx, pt)),
            ));
        }
        return Ok(());
    }
    let (Some(tiles), Some(s), Some(d)) = (Relayout::Pack(pack).mixed_tiles(ir), ctx.shape(src), ctx.shape(dest))
    else {
        return Ok(());
    };
    let consts = constant_tiles(ir, &tiles);
    if pack_requires_padding(s, &pack.inner_dims_pos(ir), d, &pack.outer_dims_perm(ir), &consts) {
        return Err(op_error(
            ir,
            op,
            "invalid tile factor or output size provided. Only full tiles are supported when padding_value is not set",
        ));
    }
    Ok(())
}

pub(super) fn verify_unpack(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    verify_relayout_invariants(ir, op, false)?;
    verify_relayout_common(ir, op, Relayout::UnPack(UnPackOp(op)))
}
