//! The verifiers of the vector ops other than the transfers, with
//! upstream's wording.

use super::transfer::required_attr;
use super::{
    is_i1_vector, is_int_index_or_float, is_vector, print_punctuation, reduction_kind, vector_parts, vector_ty,
};
use super::{BroadcastOp, ExtractOp, GatherOp, InsertOp, PrintOp, ReductionOp, SplatOp};
use crate::static_dynamic::mixed_values;
use crate::util::{
    check_num_operands, check_num_results, check_operands, check_results, is_signless_int_index_or_float, op_error, q,
};
use ir::interfaces::OpFoldSize;
use ir::{AttrKind, Context, Diagnostic, Ir, OpId, Type, ValueId};
use std::ops::Range;

pub(super) fn verify_print(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    if ir.num_operands(op) > 1 {
        return Err(op_error(ir, op, format!("expected 0 or 1 operands, but found {}", ir.num_operands(op))));
    }
    check_num_results(ir, op, 0)?;
    check_operands(
        ir,
        op,
        0..1,
        |c, t| is_vector(c, t) || is_int_index_or_float(c, t),
        "vector of any type values or integer or index or floating-point",
    )?;
    if let Some(s) = PrintOp(op).stringLiteral(ir) {
        if ctx.str_value(s).is_none() && !matches!(ctx.attr_kind(s), AttrKind::String { .. }) {
            return Err(op_error(ir, op, "attribute 'stringLiteral' failed to satisfy constraint: string attribute"));
        }
        if ir.num_operands(op) > 0 || print_punctuation(ir, op) != "newline" {
            return Err(op_error(
                ir,
                op,
                "failed to verify that `source` or `punctuation` are not set when printing strings",
            ));
        }
    }
    Ok(())
}

pub(super) fn verify_broadcast(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_num_operands(ir, op, 1)?;
    check_num_results(ir, op, 1)?;
    check_results(ir, op, 0..1, is_vector, "vector of any type values")?;
    let src = ir.value_type(BroadcastOp(op).source(ir));
    let dst = ir.value_type(ir.result(op, 0));
    let elem_or_self = |t: Type| vector_parts(ctx, t).map_or(t, |(_, _, e)| e);
    if elem_or_self(src) != elem_or_self(dst) {
        return Err(op_error(ir, op, "failed to verify that source operand and result have same element type"));
    }
    if is_int_index_or_float(ctx, src) {
        return Ok(());
    }
    let Some((sshape, _, _)) = vector_parts(ctx, src) else {
        return Err(op_error(ir, op, "source type is not a vector"));
    };
    let Some((dshape, _, _)) = vector_parts(ctx, dst) else { return Ok(()) };
    if sshape.len() > dshape.len() {
        return Err(op_error(ir, op, "source rank higher than destination rank"));
    }
    let lead = dshape.len() - sshape.len();
    for (r, &s) in sshape.iter().enumerate() {
        let d = dshape[lead + r];
        if s != 1 && s != d {
            return Err(op_error(ir, op, format!("dimension mismatch ({s} vs. {d})")));
        }
    }
    Ok(())
}

pub(super) fn verify_splat(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_num_operands(ir, op, 1)?;
    check_num_results(ir, op, 1)?;
    check_operands(ir, op, 0..1, is_signless_int_index_or_float, "integer/index/float type")?;
    check_results(ir, op, 0..1, is_vector, "vector of any type values")?;
    let elem = vector_parts(ctx, ir.value_type(ir.result(op, 0))).map(|(_, _, e)| e);
    if elem != Some(ir.value_type(SplatOp(op).input(ir))) {
        return Err(op_error(ir, op, "failed to verify that operand type matches element type of result"));
    }
    Ok(())
}

/// Checks `static_position` against the dynamic operands and the vector
/// type; `dynamics` is the range of the dynamic position operands.
fn verify_position(
    ir: &Ir,
    op: OpId,
    dynamics: Range<usize>,
    vshape: &[i64],
    dest: bool,
) -> Result<Vec<OpFoldSize>, Diagnostic> {
    let statics = crate::static_dynamic::required_i64_array(ir, op, "static_position")?;
    check_operands(ir, op, dynamics.clone(), |c, t| c.is_index(t), "variadic of index")?;
    let dynamics: Vec<ValueId> = dynamics.map(|i| ir.operand(op, i)).collect();
    let Some(pos) = mixed_values(&statics, &dynamics) else {
        return Err(op_error(
            ir,
            op,
            "mismatch between dynamic and static positions (kDynamic marker but no corresponding dynamic position) -- this can only happen due to an incorrect fold/rewrite",
        ));
    };
    if pos.len() > vshape.len() {
        let what = if dest { "dest vector rank" } else { "vector rank" };
        return Err(op_error(ir, op, format!("expected position attribute of rank no greater than {what}")));
    }
    Ok(pos)
}

fn check_position_bounds(ir: &Ir, op: OpId, pos: &[OpFoldSize], vshape: &[i64], dest: bool) -> Result<(), Diagnostic> {
    for (i, p) in pos.iter().enumerate() {
        if let OpFoldSize::Static(c) = *p {
            if c < 0 || c >= vshape[i] {
                let what = if dest { "dest vector dimension" } else { "vector dimension" };
                return Err(op_error(
                    ir,
                    op,
                    format!(
                        "expected position attribute #{} to be a non-negative integer smaller than the corresponding {what}",
                        i + 1
                    ),
                ));
            }
        }
    }
    Ok(())
}

pub(super) fn verify_extract(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    if ir.num_operands(op) < 1 {
        return Err(op_error(ir, op, "expected 1 or more operands, but found 0"));
    }
    check_num_results(ir, op, 1)?;
    check_operands(ir, op, 0..1, is_vector, "vector of any type values")?;
    let vt = ir.value_type(ExtractOp(op).vector(ir));
    let Some((vshape, vscal, velem)) = vector_parts(ctx, vt) else { return Ok(()) };
    let res = ir.value_type(ir.result(op, 0));
    let elem_or_self = |t: Type| vector_parts(ctx, t).map_or(t, |(_, _, e)| e);
    if elem_or_self(res) != velem {
        return Err(op_error(ir, op, "failed to verify that operand and result have same element type"));
    }
    let pos = verify_position(ir, op, ExtractOp(op).dynamic_position_range(ir), vshape, false)?;
    check_position_bounds(ir, op, &pos, vshape, false)?;
    let statics = crate::static_dynamic::required_i64_array(ir, op, "static_position")?;
    // mlir-opt-19 checks the inferred result type after the op verifier.
    let inferred = if statics.len() == vshape.len() {
        velem
    } else {
        let n = statics.len().min(vshape.len());
        vector_ty(ctx, &vshape[n..], &vscal[n.min(vscal.len())..], velem)
    };
    let one_elem = |a: Type, b: Type| vector_parts(ctx, a).is_some_and(|(s, _, e)| s == [1] && e == b);
    if inferred != res && !one_elem(inferred, res) && !one_elem(res, inferred) {
        return Err(op_error(
            ir,
            op,
            format!(
                "inferred type(s) {} are incompatible with return type(s) of operation {}",
                q(ctx, inferred),
                q(ctx, res)
            ),
        ));
    }
    Ok(())
}

pub(super) fn verify_insert(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    if ir.num_operands(op) < 2 {
        return Err(op_error(ir, op, format!("expected 2 or more operands, but found {}", ir.num_operands(op))));
    }
    check_num_results(ir, op, 1)?;
    check_operands(ir, op, 1..2, is_vector, "vector of any type values")?;
    check_results(ir, op, 0..1, is_vector, "vector of any type values")?;
    let src = ir.value_type(InsertOp(op).source(ir));
    let dest = ir.value_type(InsertOp(op).dest(ir));
    let Some((dshape, _, delem)) = vector_parts(ctx, dest) else { return Ok(()) };
    let elem_or_self = |t: Type| vector_parts(ctx, t).map_or(t, |(_, _, e)| e);
    if elem_or_self(src) != delem {
        return Err(op_error(ir, op, "failed to verify that source operand and result have same element type"));
    }
    if ir.value_type(ir.result(op, 0)) != dest {
        return Err(op_error(ir, op, "failed to verify that all of {dest, result} have same type"));
    }
    let pos = verify_position(ir, op, InsertOp(op).dynamic_position_range(ir), dshape, true)?;
    match vector_parts(ctx, src) {
        Some((sshape, _, _)) if sshape.len() + pos.len() != dshape.len() => {
            return Err(op_error(ir, op, "expected position attribute rank + source rank to match dest vector rank"));
        }
        None if pos.len() != dshape.len() => {
            return Err(op_error(ir, op, "expected position attribute rank to match the dest vector rank"));
        }
        _ => {}
    }
    check_position_bounds(ir, op, &pos, dshape, true)
}

pub(super) fn verify_constant_mask(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_num_operands(ir, op, 0)?;
    check_num_results(ir, op, 1)?;
    let a = required_attr(ir, op, "mask_dim_sizes")?;
    let sizes: Option<Vec<i64>> = ctx.array_value(a).and_then(|v| {
        v.iter()
            .map(|&e| match ctx.attr_kind(e) {
                AttrKind::Integer { ty, .. } if ctx.int_width(*ty) == Some(64) => ctx.int_value(e).map(|x| x as i64),
                _ => None,
            })
            .collect()
    });
    let Some(sizes) = sizes else {
        return Err(op_error(
            ir,
            op,
            "attribute 'mask_dim_sizes' failed to satisfy constraint: 64-bit integer array attribute",
        ));
    };
    check_results(ir, op, 0..1, is_i1_vector, "vector of 1-bit signless integer values")?;
    let Some((shape, scal, _)) = vector_parts(ctx, ir.value_type(ir.result(op, 0))) else { return Ok(()) };
    if shape.is_empty() {
        if sizes.len() != 1 {
            return Err(Diagnostic::error(ir.op_loc(op), "array attr must have length 1 for 0-D vectors"));
        }
        if sizes[0] != 0 && sizes[0] != 1 {
            return Err(Diagnostic::error(ir.op_loc(op), "mask dim size must be either 0 or 1 for 0-D vectors"));
        }
        return Ok(());
    }
    if sizes.len() != shape.len() {
        return Err(op_error(ir, op, "must specify array attr of size equal vector result rank"));
    }
    for (i, &s) in sizes.iter().enumerate() {
        if s < 0 || s > shape[i] {
            return Err(op_error(ir, op, "array attr of size out of bounds of vector result dimension size"));
        }
        if scal.get(i).copied().unwrap_or(false) && s != 0 && s != shape[i] {
            return Err(op_error(ir, op, "only supports 'none set' or 'all set' scalable dimensions"));
        }
    }
    if sizes.contains(&0) && !sizes.iter().all(|&s| s == 0) {
        return Err(op_error(
            ir,
            op,
            "expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim",
        ));
    }
    Ok(())
}

pub(super) fn verify_create_mask(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_num_results(ir, op, 1)?;
    check_operands(ir, op, 0..ir.num_operands(op), |c, t| c.is_index(t), "variadic of index")?;
    check_results(ir, op, 0..1, is_i1_vector, "vector of 1-bit signless integer values")?;
    let Some((shape, _, _)) = vector_parts(ctx, ir.value_type(ir.result(op, 0))) else { return Ok(()) };
    if shape.is_empty() {
        if ir.num_operands(op) != 1 {
            return Err(op_error(ir, op, "must specify exactly one operand for 0-D create_mask"));
        }
    } else if ir.num_operands(op) != shape.len() {
        return Err(op_error(ir, op, "must specify an operand for each result vector dimension"));
    }
    Ok(())
}

pub(super) fn verify_load_store(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let store = ir.is_op(op, "vector.store");
    let (base, first_index) = if store { (1, 2) } else { (0, 1) };
    if ir.num_operands(op) < first_index {
        return Err(op_error(
            ir,
            op,
            format!("expected {first_index} or more operands, but found {}", ir.num_operands(op)),
        ));
    }
    if let Some(a) = ir.attr(op, "nontemporal") {
        if !matches!(ctx.attr_kind(a), AttrKind::Bool(_)) {
            return Err(op_error(ir, op, "attribute 'nontemporal' failed to satisfy constraint: bool attribute"));
        }
    }
    if store {
        check_num_results(ir, op, 0)?;
        check_operands(ir, op, 0..1, is_vector, "vector of any type values")?;
    } else {
        check_num_results(ir, op, 1)?;
    }
    check_operands(ir, op, base..base + 1, |c, t| c.is_memref(t), "memref of any type values")?;
    check_operands(ir, op, first_index..ir.num_operands(op), |c, t| c.is_index(t), "variadic of index")?;
    if !store {
        check_results(ir, op, 0..1, is_vector, "vector of any type values")?;
    }
    let vt = if store { ir.value_type(ir.operand(op, 0)) } else { ir.value_type(ir.result(op, 0)) };
    let mt = ir.value_type(ir.operand(op, base));
    let Some(mut elem) = ctx.element_type(mt) else { return Ok(()) };
    let what = if store { "valueToStore" } else { "result" };
    if ctx.shape(mt).is_some() {
        let unit = crate::layout::strides_and_offset(ctx, mt)
            .is_some_and(|(strides, _)| strides.last().is_none_or(|&s| s == 1));
        if !unit {
            return Err(op_error(ir, op, "most minor memref dim must have unit stride"));
        }
    }
    if is_vector(ctx, elem) {
        if elem != vt {
            return Err(op_error(ir, op, format!("base memref and {what} vector types should match")));
        }
        elem = vector_parts(ctx, elem).map_or(elem, |(_, _, e)| e);
    }
    if vector_parts(ctx, vt).map(|(_, _, e)| e) != Some(elem) {
        // Upstream's wording differs between the two ops.
        let noun = if store { "type" } else { "types" };
        return Err(op_error(ir, op, format!("base and {what} element {noun} should match")));
    }
    let rank = ctx.shape(mt).map_or(0, |s| s.len());
    if ir.num_operands(op) - first_index != rank {
        return Err(op_error(ir, op, format!("requires {rank} indices")));
    }
    Ok(())
}

pub(super) fn verify_fma(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_operands(ir, op, 3)?;
    check_num_results(ir, op, 1)?;
    let float_vec = |c: &Context, t: Type| vector_parts(c, t).is_some_and(|(_, _, e)| c.float_kind(e).is_some());
    check_operands(ir, op, 0..3, float_vec, "vector of any float type values")?;
    check_results(ir, op, 0..1, float_vec, "vector of any float type values")?;
    let t = ir.value_type(ir.result(op, 0));
    if ir.operands(op).any(|v| ir.value_type(v) != t) {
        return Err(op_error(ir, op, "failed to verify that all of {lhs, rhs, acc, result} have same type"));
    }
    Ok(())
}

pub(super) fn verify_reduction(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    if ReductionOp(op).kind(ir).is_none() {
        return Err(op_error(ir, op, "requires attribute 'kind'"));
    }
    let Some(kind) = reduction_kind(ir, op) else {
        return Err(op_error(
            ir,
            op,
            "attribute 'kind' failed to satisfy constraint: Kind of combining function for contractions and reductions",
        ));
    };
    if ir.num_operands(op) < 1 || ir.num_operands(op) > 2 {
        return Err(op_error(ir, op, format!("expected 1 or 2 operands, but found {}", ir.num_operands(op))));
    }
    check_num_results(ir, op, 1)?;
    check_operands(ir, op, 0..1, is_vector, "vector of any type values")?;
    let Some((shape, _, elem)) = vector_parts(ctx, ir.value_type(ReductionOp(op).vector(ir))) else { return Ok(()) };
    let dest = ir.value_type(ir.result(op, 0));
    if elem != dest {
        return Err(op_error(ir, op, "failed to verify that source operand and result have same element type"));
    }
    if ReductionOp(op).acc(ir).is_some_and(|acc| ir.value_type(acc) != dest) {
        return Err(op_error(ir, op, "failed to verify that dest and acc have the same type"));
    }
    if shape.len() > 1 {
        return Err(op_error(ir, op, format!("unsupported reduction rank: {}", shape.len())));
    }
    let int = ctx.is_int_or_index(dest);
    let float = ctx.float_kind(dest).is_some();
    let ok = match kind {
        "add" | "mul" => int || float,
        "minui" | "minsi" | "maxui" | "maxsi" | "and" | "or" | "xor" => int,
        _ => float,
    };
    if !ok {
        return Err(op_error(
            ir,
            op,
            // mlir-opt-19 quotes the type twice.
            format!(
                "unsupported reduction type ''{}'' for kind '{kind}'",
                syntax::print_attr::type_to_string(ctx, dest)
            ),
        ));
    }
    Ok(())
}

pub(super) fn verify_gather(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    if ir.num_operands(op) < 4 {
        return Err(op_error(ir, op, format!("expected 4 or more operands, but found {}", ir.num_operands(op))));
    }
    check_num_results(ir, op, 1)?;
    let g = GatherOp(op);
    let n = ir.num_operands(op);
    let shaped = |c: &Context, t: Type| {
        c.shape(t).is_some()
            || matches!(c.kind(t), ir::TypeKind::UnrankedTensor { .. } | ir::TypeKind::UnrankedMemRef { .. })
    };
    check_operands(ir, op, 0..1, shaped, "shaped of any type values")?;
    check_operands(ir, op, 1..n - 3, |c, t| t == c.index_ty(), "index")?;
    let int_or_index_vector =
        |c: &Context, t: Type| vector_parts(c, t).is_some_and(|(_, _, e)| c.is_integer(e) || e == c.index_ty());
    check_operands(ir, op, n - 3..n - 2, int_or_index_vector, "vector of integer or index values")?;
    check_operands(ir, op, n - 2..n - 1, is_i1_vector, "vector of 1-bit signless integer values")?;
    check_operands(ir, op, n - 1..n, is_vector, "vector of any type values")?;
    check_results(ir, op, 0..1, is_vector, "vector of any type values")?;
    let base = ir.value_type(g.base(ir));
    let result = ir.value_type(ir.result(op, 0));
    let base_shape = match ctx.kind(base) {
        ir::TypeKind::MemRef { shape, .. } | ir::TypeKind::Tensor { shape, .. } => shape.clone(),
        _ => return Err(op_error(ir, op, "requires base to be a memref or ranked tensor type")),
    };
    let (res_shape, _, res_elem) = vector_parts(ctx, result).expect("checked");
    if ctx.element_type(base) != Some(res_elem) {
        return Err(op_error(ir, op, "base and result element type should match"));
    }
    if g.indices(ir).len() != base_shape.len() {
        return Err(op_error(ir, op, format!("requires {} indices", base_shape.len())));
    }
    let shape_of = |v: ValueId| vector_parts(ctx, ir.value_type(v)).map(|(s, _, _)| s.to_vec());
    if shape_of(g.index_vec(ir)).as_deref() != Some(res_shape) {
        return Err(op_error(ir, op, "expected result dim to match indices dim"));
    }
    if shape_of(g.mask(ir)).as_deref() != Some(res_shape) {
        return Err(op_error(ir, op, "expected result dim to match mask dim"));
    }
    if ir.value_type(g.pass_thru(ir)) != result {
        return Err(op_error(ir, op, "expected pass_thru of same type as result type"));
    }
    Ok(())
}
