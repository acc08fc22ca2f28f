//! The canonicalization patterns `linalg.fill` contributes (upstream's
//! `FillOp::getCanonicalizationPatterns`), each rooted at an op that
//! consumes a fill: a copy of a fill is a fill (`FoldFillWithCopy`), an
//! element of a fill is its value (`FoldFillWithTensorExtract`), a reshape
//! or a transpose of a fill is a fill of the reshaped init or of the
//! transpose's init (`FoldFillWithTensorReshape`, `FoldFillWithTranspose`).
//! A pack of a fill is a fill of the pack's destination (`FoldFillWithPack`),
//! a pad of a fill by the fill's value is a fill of a new empty tensor
//! (`FoldFillWithPad`), and a pad inserted into a fill by the fill's value
//! inserts the unpadded source instead (`FoldInsertPadIntoFill`).

use super::build_named_op;
use crate::tensor::{pad_constant_padding_value, pad_mixed_low, CastOp, InsertSliceOp, MixedSlice, PackOp, PadOp};
use crate::util::const_int;
use ir::interfaces::{OpFoldSize, ReifyShapes};
use ir::rewrite_api::PatternRewriter;
use ir::{InsertPoint, IrMapping, Location, OpId, ValueId};

/// The `linalg.fill` defining `v`.
fn fill_of(rw: &PatternRewriter<'_>, v: ValueId) -> Option<OpId> {
    let ir = rw.ir();
    ir.defining_op(v).filter(|&d| super::FillOp::matches(ir, d) && ir.num_operands(d) == 2)
}

/// Builds `linalg.fill ins(value) outs(init)` before `at` (through the
/// rewriter's listener) and returns the op.
fn build_fill(rw: &mut PatternRewriter<'_>, at: OpId, loc: Location, value: ValueId, init: ValueId) -> Option<OpId> {
    rw.build_with(InsertPoint::Before(at), |ir, ip| {
        build_named_op(ir, ip, loc, "linalg.fill", &[value], &[init], &[]).ok()
    })
}

/// `FoldFillWithTensorExtract`: `tensor.extract` of a fill is the value.
pub(super) fn fill_with_extract(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(fill) = ir.operands(op).next().and_then(|t| fill_of(rw, t)) else { return false };
    let value = ir.operand(fill, 0);
    rw.replace_op(op, &[value]);
    true
}

/// `FoldFillWithTensorReshape`: a reshape of a fill fills the reshaped
/// init (the new reshape at the fill's location, the new fill at the
/// reshape's).
pub(super) fn fill_with_reshape(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_results(op) != 1 || ir.num_operands(op) == 0 {
        return false;
    }
    let Some(fill) = fill_of(rw, ir.operand(op, 0)) else { return false };
    let (value, init) = (ir.operand(fill, 0), ir.operand(fill, 1));
    let (fill_loc, loc) = (ir.op_loc(fill), ir.op_loc(op));
    let mut map = IrMapping::default();
    map.map_value(ir.operand(op, 0), init);
    rw.set_insertion_point(InsertPoint::Before(op));
    let new_init = rw.clone_op(op, &mut map);
    rw.modify_in_place(new_init, |ir| ir.set_op_loc(new_init, fill_loc));
    let reshaped = rw.ir().result(new_init, 0);
    let Some(new_fill) = build_fill(rw, op, loc, value, reshaped) else { return false };
    let v = rw.ir().result(new_fill, 0);
    rw.replace_op(op, &[v]);
    true
}

/// `FoldFillWithCopy`: a copy of a fill fills the copy's init; a copy
/// into a fill copies into the fill's init.
pub(super) fn fill_with_copy(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 2 {
        return false;
    }
    let (input, output, loc) = (ir.operand(op, 0), ir.operand(op, 1), ir.op_loc(op));
    if let Some(fill) = fill_of(rw, input) {
        let value = rw.ir().operand(fill, 0);
        let Some(new) = build_fill(rw, op, loc, value, output) else { return false };
        let results: Vec<ValueId> = rw.ir().results(new).collect();
        rw.replace_op(op, &results);
        return true;
    }
    if let Some(fill) = fill_of(rw, output) {
        let fill_init = rw.ir().operand(fill, 1);
        let mut map = IrMapping::default();
        map.map_value(output, fill_init);
        rw.set_insertion_point(InsertPoint::Before(op));
        let new = rw.clone_op(op, &mut map);
        let results: Vec<ValueId> = rw.ir().results(new).collect();
        rw.replace_op(op, &results);
        return true;
    }
    false
}

/// `FoldFillWithTranspose`: a transpose of a fill fills the transpose's
/// init.
pub(super) fn fill_with_transpose(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 2 {
        return false;
    }
    let Some(fill) = fill_of(rw, ir.operand(op, 0)) else { return false };
    let (value, init, loc) = (ir.operand(fill, 0), ir.operand(op, 1), ir.op_loc(op));
    let Some(new) = build_fill(rw, op, loc, value, init) else { return false };
    let results: Vec<ValueId> = rw.ir().results(new).collect();
    rw.replace_op(op, &results);
    true
}

/// `FoldFillWithPack`: a pack of a fill (without padding, or padding with
/// the fill's value) fills the pack's destination, when the pack is that
/// destination's only user.
pub(super) fn fill_with_pack(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let pack = PackOp(op);
    let Some(fill) = fill_of(rw, pack.source(ir)) else { return false };
    let value = ir.operand(fill, 0);
    if let Some(padding) = pack.padding_value(ir) {
        let same_constant = const_int(ir, padding).is_some_and(|c| const_int(ir, value) == Some(c));
        if padding != value && !same_constant {
            return false;
        }
    }
    let dest = pack.dest(ir);
    if !ir.has_one_use(dest) {
        return false;
    }
    let loc = ir.op_loc(op);
    let Some(new) = build_fill(rw, op, loc, value, dest) else { return false };
    let results: Vec<ValueId> = rw.ir().results(new).collect();
    rw.replace_op(op, &results);
    true
}

/// `FoldFillWithPad`: a pad of a fill by the fill's own value is a fill of
/// an empty tensor of the pad's reified shape (cast to the pad's type when
/// the reified shape is more static).
pub(super) fn fill_with_pad(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let pad = PadOp(op);
    let Some(fill) = fill_of(rw, pad.source(ir)) else { return false };
    let Some(value) = pad_constant_padding_value(ir, pad).filter(|&v| v == ir.operand(fill, 0)) else {
        return false;
    };
    let ctx = ir.ctx_arc().clone();
    let result_ty = ir.value_type(pad.result(ir));
    let Some(elem) = ctx.element_type(result_ty) else { return false };
    let Some(reify) = ctx.registry().interface::<dyn ReifyShapes>(ir.op_name(op)) else { return false };
    let Some(shape) = rw.build_with(InsertPoint::Before(op), |ir, at| reify.reify(ir, op, at)) else {
        return false;
    };
    let Some(sizes) = shape.into_iter().next() else { return false };
    let (loc, fill_loc) = (rw.ir().op_loc(op), rw.ir().op_loc(fill));
    rw.set_insertion_point(InsertPoint::Before(op));
    let empty = crate::tensor::build_empty_mixed(rw, loc, &sizes, elem);
    let Some(new_fill) = build_fill(rw, op, fill_loc, value, empty) else { return false };
    let mut replacement = rw.ir().result(new_fill, 0);
    if rw.ir().value_type(replacement) != result_ty {
        rw.set_insertion_point(InsertPoint::Before(op));
        replacement = CastOp::build(rw, fill_loc, result_ty, replacement).dest(rw.ir());
    }
    rw.replace_op(op, &[replacement]);
    true
}

/// The static `(offset, size, stride)` of dimension `i` of a slice op, or
/// `None` when any is dynamic.
fn static_range(ir: &ir::Ir, slice: InsertSliceOp, i: usize) -> Option<(i64, i64, i64)> {
    let get = |v: Vec<i64>| v.get(i).copied().filter(|&x| x != ir::DYNAMIC);
    Some((
        get(slice.static_offsets(ir).to_vec())?,
        get(slice.static_sizes(ir).to_vec())?,
        get(slice.static_strides(ir).to_vec())?,
    ))
}

/// `FoldInsertPadIntoFill`: inserting a pad (by the fill's value) into a
/// chain of disjoint insertions that starts at a fill inserts the pad's
/// source instead, at offsets moved by the low padding.
pub(super) fn insert_pad_into_fill(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let ctx = ir.ctx_arc().clone();
    let insert = InsertSliceOp(op);
    let rank_of = |v: ValueId| ctx.shape(ir.value_type(v)).map(<[i64]>::len);
    let Some(pad) = ir.defining_op(insert.source(ir)).filter(|&d| PadOp::matches(ir, d)).map(PadOp) else {
        return false;
    };
    if rank_of(insert.result(ir)) != rank_of(insert.source(ir)) {
        return false;
    }
    let mut first_dest = insert.dest(ir);
    while let Some(prev) = ir.defining_op(first_dest).filter(|&d| InsertSliceOp::matches(ir, d)).map(InsertSliceOp) {
        let rank = rank_of(prev.result(ir));
        if rank != rank_of(prev.source(ir)) {
            return false;
        }
        let disjoint = (0..rank.unwrap_or(0)).any(|i| {
            let (Some(p), Some(n)) = (static_range(ir, prev, i), static_range(ir, insert, i)) else { return false };
            let (p_end, n_end) = (p.0 + (p.1 - 1) * p.2, n.0 + (n.1 - 1) * n.2);
            p_end < n.0 || n_end < p.0
        });
        if !disjoint {
            break;
        }
        first_dest = prev.dest(ir);
    }
    let Some(fill) = fill_of(rw, first_dest) else { return false };
    if pad_constant_padding_value(ir, pad) != Some(ir.operand(fill, 0)) {
        return false;
    }
    let (Some(low), Some(offsets), Some(strides)) =
        (pad_mixed_low(ir, pad), insert.mixed_offsets(ir), insert.mixed_strides(ir))
    else {
        return false;
    };
    let source = pad.source(ir);
    let Some(src_shape) = ctx.shape(ir.value_type(source)).map(<[i64]>::to_vec) else { return false };
    let (loc, dest) = (ir.op_loc(op), insert.dest(ir));
    let add = {
        use ir::affine::{AffineBinaryOp::Add, AffineExpr};
        ir::affine::AffineMap::new(0, 2, [AffineExpr::binary(Add, &AffineExpr::symbol(0), &AffineExpr::symbol(1))])
    };
    let new_offsets: Vec<OpFoldSize> = low
        .iter()
        .zip(&offsets)
        .map(|(&l, &o)| {
            rw.build_with(InsertPoint::Before(op), |ir, at| {
                crate::affine_compose::make_composed_folded_affine_apply(ir, at, loc, &add, &[l, o])
            })
        })
        .collect();
    let mut sizes = Vec::with_capacity(src_shape.len());
    for (i, &d) in src_shape.iter().enumerate() {
        if d == ir::DYNAMIC {
            rw.set_insertion_point(InsertPoint::Before(op));
            let Some(dim) = crate::tensor::build_dim_of(rw, loc, source, i) else { return false };
            sizes.push(OpFoldSize::Value(dim));
        } else {
            sizes.push(OpFoldSize::Static(d));
        }
    }
    rw.set_insertion_point(InsertPoint::Before(op));
    let slice = MixedSlice { offsets: &new_offsets, sizes: &sizes, strides: &strides };
    let new = crate::tensor::build_insert_slice(rw, loc, source, dest, slice);
    rw.replace_op(op, &[new]);
    true
}
