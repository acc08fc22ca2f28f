//! `linalg.transpose`'s folder and canonicalization patterns (upstream's
//! `TransposeOp::fold` and `getCanonicalizationPatterns`): an identity
//! permutation folds to the input, a transpose of a transpose is one
//! transpose (`FoldTransposeWithTranspose`), and a transpose of a broadcast
//! becomes a broadcast of a (smaller) transpose (`SwapTransposeWithBroadcast`).

use super::{BroadcastOp, TransposeOp};
use ir::interfaces::OpFoldSize;
use ir::rewrite_api::PatternRewriter;
use ir::{Attribute, FoldOutcome, InsertPoint, Ir, Location, NamedAttr, OpId, OpSpec, ValueId, DYNAMIC};

/// `TransposeOp::fold`: an empty or identity permutation gives the input.
pub(super) fn fold_transpose(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let t = TransposeOp(op);
    let perm = t.permutation(ir);
    let identity = perm.iter().enumerate().all(|(i, &p)| usize::try_from(p) == Ok(i));
    if identity && ir.num_results(op) == 1 && ir.num_operands(op) == 2 {
        return FoldOutcome::Results(smallvec::smallvec![ir::OpFoldResult::Value(t.input(ir))]);
    }
    FoldOutcome::Failure
}

/// Creates `name ins(input) outs(init) attr = values` (a transpose or a
/// broadcast) before `at`, with upstream's identity body, and returns its
/// tensor result.
fn build_identity_op(
    rw: &mut PatternRewriter<'_>,
    at: OpId,
    loc: Location,
    name: &str,
    (input, init): (ValueId, ValueId),
    (attr, values): (&str, &[i64]),
) -> Option<ValueId> {
    let op = rw.build_with(InsertPoint::Before(at), |ir, ip| {
        let ctx = ir.ctx_arc().clone();
        let region = super::asm::identity_body(ir, &[input, init], Some(loc), loc);
        let attrs = [NamedAttr { name: ctx.intern_str(attr), value: ctx.dense_i64_array_attr(values) }];
        let results = [ir.value_type(init)];
        let spec = OpSpec {
            operands: &[input, init],
            results: &results,
            attrs: &attrs,
            ..OpSpec::new(ctx.intern_str(name), loc)
        };
        let op = ir.insert_new_op(ip, spec);
        ir.attach_region(op, region);
        op
    });
    rw.ir().results(op).next()
}

/// `FoldTransposeWithTranspose`.
pub(super) fn transpose_of_transpose(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let outer = TransposeOp(op);
    let Some(inner) = ir.defining_op(outer.input(ir)).filter(|&d| TransposeOp::matches(ir, d)).map(TransposeOp) else {
        return false;
    };
    if ir.num_results(op) != 1 {
        return false;
    }
    let inner_perm = inner.permutation(ir);
    let Some(folded) = outer
        .permutation(ir)
        .iter()
        .map(|&p| usize::try_from(p).ok().and_then(|p| inner_perm.get(p).copied()))
        .collect::<Option<Vec<i64>>>()
    else {
        return false;
    };
    let (source, init, loc) = (inner.input(ir), outer.init(ir), ir.op_loc(op));
    let Some(new) = build_identity_op(rw, op, loc, TransposeOp::NAME, (source, init), ("permutation", &folded)) else {
        return false;
    };
    rw.replace_op(op, &[new]);
    true
}

/// Upstream's `dropDims`: `perm` without the entries in `drop`, the others
/// renumbered past the dropped ones.
fn drop_dims(perm: &[i64], drop: &[i64]) -> Vec<i64> {
    let mut out = Vec::with_capacity(perm.len());
    for &p in perm {
        let mut target = p;
        let mut dropped = false;
        for &d in drop {
            if d == p {
                dropped = true;
                break;
            }
            if d < p {
                target -= 1;
            }
        }
        if !dropped {
            out.push(target);
        }
    }
    out
}

/// `SwapTransposeWithBroadcast`: `transpose(broadcast(x))` becomes
/// `broadcast(transpose(x))` when the broadcast has no other user.
pub(super) fn swap_transpose_with_broadcast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let ctx = ir.ctx_arc().clone();
    let transpose = TransposeOp(op);
    let input = transpose.input(ir);
    let Some(broadcast) = ir.defining_op(input).filter(|&d| BroadcastOp::matches(ir, d)).map(BroadcastOp) else {
        return false;
    };
    if !ir.has_one_use(input) || ir.num_results(op) != 1 {
        return false;
    }
    let dims = broadcast.dimensions(ir);
    let perm = transpose.permutation(ir);
    let result_perm = drop_dims(&perm, &dims);
    let mut inverse = vec![0i64; perm.len()];
    for (i, &p) in perm.iter().enumerate() {
        match usize::try_from(p).ok().and_then(|p| inverse.get_mut(p)) {
            Some(slot) => *slot = i as i64,
            None => return false,
        }
    }
    let Some(result_dims) =
        dims.iter().map(|&d| usize::try_from(d).ok().and_then(|d| inverse.get(d).copied())).collect::<Option<Vec<_>>>()
    else {
        return false;
    };
    let source = broadcast.input(ir);
    let source_ty = ir.value_type(source);
    let (Some(shape), Some(elem)) = (ctx.shape(source_ty).map(<[i64]>::to_vec), ctx.element_type(source_ty)) else {
        return false;
    };
    if result_perm.len() != shape.len()
        || result_perm.iter().any(|&p| usize::try_from(p).map_or(true, |p| p >= shape.len()))
    {
        return false;
    }
    let (loc, init) = (ir.op_loc(op), transpose.init(ir));
    rw.set_insertion_point(InsertPoint::Before(op));
    let mut sizes: Vec<OpFoldSize> = Vec::with_capacity(shape.len());
    for (i, &d) in shape.iter().enumerate() {
        if d == DYNAMIC {
            let Some(dim) = crate::tensor::build_dim_of(rw, loc, source, i) else { return false };
            sizes.push(OpFoldSize::Value(dim));
        } else {
            sizes.push(OpFoldSize::Static(d));
        }
    }
    let permuted: Vec<OpFoldSize> = result_perm.iter().map(|&p| sizes[p as usize]).collect();
    let empty = crate::tensor::build_empty_mixed(rw, loc, &permuted, elem);
    let Some(transposed) =
        build_identity_op(rw, op, loc, TransposeOp::NAME, (source, empty), ("permutation", &result_perm))
    else {
        return false;
    };
    let Some(new) = build_identity_op(rw, op, loc, BroadcastOp::NAME, (transposed, init), ("dimensions", &result_dims))
    else {
        return false;
    };
    rw.replace_op(op, &[new]);
    true
}
