//! The verifiers of the `shape` ops, in MLIR's order: ODS's attribute,
//! operand and result constraints, then the result types that
//! `InferTypeOpInterface` infers (checked for compatibility as upstream's
//! `isCompatibleReturnTypes` does), then the op's own `verify`, with
//! upstream's messages word for word.

use super::ops::{AssumingOp, ConstShapeOp, ReduceOp};
use super::types::{desc, *};
use crate::util::{check_num_operands, check_num_regions, check_num_results, check_types, op_error, plain_error, q};
use ir::{AttrKind, Context, Diagnostic, Ir, OpId, Type, TypeKind, DYNAMIC};

type VResult = Result<(), Diagnostic>;
type Pred = fn(&Context, Type) -> bool;

fn operand(ir: &Ir, op: OpId, i: usize, ok: Pred, d: &str) -> VResult {
    check_types(ir, op, false, i..i + 1, ok, "", d)
}

fn variadic(ir: &Ir, op: OpId, from: usize, ok: Pred, d: &str) -> VResult {
    check_types(ir, op, false, from..usize::MAX, ok, "variadic of ", d)
}

fn result(ir: &Ir, op: OpId, i: usize, ok: Pred, d: &str) -> VResult {
    check_types(ir, op, true, i..i + 1, ok, "", d)
}

fn index(ctx: &Context, t: Type) -> bool {
    ctx.is_index(t)
}

fn i1(ctx: &Context, t: Type) -> bool {
    t == ctx.i1_ty()
}

fn index_tensor(ctx: &Context, t: Type) -> bool {
    ctx.is_tensor(t) && ctx.element_type(t).is_some_and(|e| ctx.is_index(e))
}

fn int_tensor_1d_or_value_shape(ctx: &Context, t: Type) -> bool {
    is_value_shape(ctx, t)
        || (matches!(ctx.kind(t), TypeKind::Tensor { .. })
            && ctx.shape(t).is_some_and(|s| s.len() == 1)
            && ctx.element_type(t).is_some_and(|e| ctx.is_index(e) || matches!(ctx.kind(e), TypeKind::Integer { .. })))
}

/// The `NResults` and `NOperands` traits, checked before anything reads
/// an operand or result (results first, as MLIR's trait order).
fn counts(ir: &Ir, op: OpId, operands: usize, results: usize) -> VResult {
    if results == 2 {
        if ir.num_results(op) != 2 {
            return Err(op_error(ir, op, "expected 2 results"));
        }
    } else {
        check_num_results(ir, op, results)?;
    }
    check_num_operands(ir, op, operands)
}

fn ty(ir: &Ir, op: OpId, i: usize) -> Type {
    ir.value_type(ir.operand(op, i))
}

/// `OpTrait::...HasParent<P>`.
fn has_parent(ir: &Ir, op: OpId, parents: &[&str]) -> VResult {
    let parent = ir.parent_op(op).map(|p| ir.op_name_str(p));
    if parent.is_some_and(|p| parents.contains(&p)) {
        return Ok(());
    }
    let msg = if parents.len() == 1 {
        format!("expects parent op '{}'", parents[0])
    } else {
        format!("expects parent op to be one of '{}'", parents.join(", "))
    };
    Err(op_error(ir, op, msg))
}

/// `verifyInferredResultTypes`: the inferred type (or the inference's
/// error), checked with the op's compatibility rule.
fn check_inferred(
    ir: &Ir,
    op: OpId,
    inferred: Result<Type, String>,
    compatible: fn(&Context, Type, Type) -> bool,
) -> VResult {
    let failed = || op_error(ir, op, "failed to infer returned types");
    let inferred = match inferred {
        Ok(t) => t,
        Err(msg) => return Err(failed().after(plain_error(ir, op, msg))),
    };
    let ctx = ir.ctx();
    if let [actual] = ir.result_types(op)[..] {
        if compatible(ctx, inferred, actual) {
            return Ok(());
        }
    }
    let list = ir.result_types(op).iter().map(|&t| q(ctx, t)).collect::<Vec<_>>().join(", ");
    let first = plain_error(
        ir,
        op,
        format!(
            "'{}' op inferred type(s) {} are incompatible with return type(s) of operation {list}",
            ir.op_name_str(op),
            q(ctx, inferred)
        ),
    );
    Err(failed().after(first))
}

/// `eachHasOnlyOneOfTypes<SizeType, IndexType>`.
fn size_or_index_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    is_size_or_index(ctx, a) && is_size_or_index(ctx, b)
}

/// `size` when either operand is a size, else `index`.
fn infer_size_or_index(ir: &Ir, op: OpId) -> Type {
    let ctx = ir.ctx();
    if ir.operands(op).any(|v| is_size(ctx, ir.value_type(v))) {
        size_type(ctx)
    } else {
        ctx.index_ty()
    }
}

/// `verifySizeOrIndexOp`.
fn verify_size_or_index_result(ir: &Ir, op: OpId) -> VResult {
    let ctx = ir.ctx();
    if ir.operands(op).any(|v| can_hold_error(ctx, ir.value_type(v))) && !is_size(ctx, ir.result_types(op)[0]) {
        return Err(op_error(
            ir,
            op,
            "if at least one of the operands can hold error values then the result must be of type `size` to propagate them",
        ));
    }
    Ok(())
}

/// `verifyShapeOrExtentTensorOp`.
fn verify_shape_or_extent_result(ir: &Ir, op: OpId) -> VResult {
    let ctx = ir.ctx();
    if ir.operands(op).any(|v| can_hold_error(ctx, ir.value_type(v))) && !is_shape(ctx, ir.result_types(op)[0]) {
        return Err(op_error(
            ir,
            op,
            "if at least one of the operands can hold error values then the result must be of type `shape` to propagate them",
        ));
    }
    Ok(())
}

/// `add`, `div`, `mul`.
pub(super) fn verify_size_or_index_binary(ir: &Ir, op: OpId) -> VResult {
    counts(ir, op, 2, 1)?;
    operand(ir, op, 0, is_size_or_index, desc::SIZE_OR_INDEX)?;
    operand(ir, op, 1, is_size_or_index, desc::SIZE_OR_INDEX)?;
    result(ir, op, 0, is_size_or_index, desc::SIZE_OR_INDEX)?;
    check_inferred(ir, op, Ok(infer_size_or_index(ir, op)), size_or_index_compatible)?;
    verify_size_or_index_result(ir, op)
}

pub(super) fn verify_any(ir: &Ir, op: OpId) -> VResult {
    variadic(ir, op, 0, is_shape_or_extent_tensor, desc::SHAPE_OR_EXTENT)?;
    result(ir, op, 0, is_shape_or_extent_tensor, desc::SHAPE_OR_EXTENT)
}

pub(super) fn verify_assuming_all(ir: &Ir, op: OpId) -> VResult {
    variadic(ir, op, 0, is_witness, desc::DIALECT_TYPE)?;
    result(ir, op, 0, is_witness, desc::DIALECT_TYPE)?;
    if ir.num_operands(op) == 0 {
        return Err(op_error(ir, op, "no operands specified"));
    }
    Ok(())
}

fn verify_str_attr(ir: &Ir, op: OpId, name: &str, required: bool) -> VResult {
    match ir.attr(op, name) {
        None if required => Err(op_error(ir, op, format!("requires attribute '{name}'"))),
        Some(a) if ir.ctx().str_value(a).is_none() => {
            Err(op_error(ir, op, format!("attribute '{name}' failed to satisfy constraint: string attribute")))
        }
        _ => Ok(()),
    }
}

pub(super) fn verify_broadcast(ir: &Ir, op: OpId) -> VResult {
    verify_str_attr(ir, op, "error", false)?;
    variadic(ir, op, 0, is_shape_or_extent_tensor, desc::SHAPE_OR_EXTENT)?;
    result(ir, op, 0, is_shape_or_extent_tensor, desc::SHAPE_OR_EXTENT)?;
    verify_shape_or_extent_result(ir, op)
}

pub(super) fn verify_concat(ir: &Ir, op: OpId) -> VResult {
    operand(ir, op, 0, is_shape_or_extent_tensor, desc::SHAPE_OR_EXTENT)?;
    operand(ir, op, 1, is_shape_or_extent_tensor, desc::SHAPE_OR_EXTENT)?;
    result(ir, op, 0, is_shape_or_extent_tensor, desc::SHAPE_OR_EXTENT)
}

/// An `IndexElementsAttr`: `dense<...>` of `index` elements.
fn is_index_elements(ctx: &Context, a: ir::Attribute) -> bool {
    matches!(ctx.attr_kind(a), AttrKind::DenseElements { ty, .. }
        if ctx.element_type(*ty).is_some_and(|e| ctx.is_index(e)))
}

pub(super) fn verify_const_shape(ir: &Ir, op: OpId) -> VResult {
    let ctx = ir.ctx();
    let Some(shape) = ConstShapeOp(op).shape(ir) else {
        return Err(op_error(ir, op, "requires attribute 'shape'"));
    };
    if !is_index_elements(ctx, shape) {
        return Err(op_error(ir, op, "attribute 'shape' failed to satisfy constraint: index elements attribute"));
    }
    result(ir, op, 0, is_shape_or_extent_tensor, desc::SHAPE_OR_EXTENT)?;
    let n = super::extents(ctx, shape).map_or(0, |e| e.len());
    check_inferred(ir, op, Ok(extent_tensor_type(ctx, n as i64)), |ctx, a, b| {
        is_shape(ctx, a) || is_shape(ctx, b) || a == b
    })
}

pub(super) fn verify_const_size(ir: &Ir, op: OpId) -> VResult {
    let ctx = ir.ctx();
    match ir.attr(op, "value") {
        None => return Err(op_error(ir, op, "requires attribute 'value'")),
        Some(a) if !matches!(ctx.attr_kind(a), AttrKind::Integer { ty, .. } if ctx.is_index(*ty)) => {
            return Err(op_error(ir, op, "attribute 'value' failed to satisfy constraint: index attribute"))
        }
        _ => {}
    }
    result(ir, op, 0, is_size, desc::DIALECT_TYPE)
}

/// ODS's checks of `shape.const_witness`: a `passing` bool attribute and
/// one witness result.
pub(super) fn verify_const_witness(ir: &Ir, op: OpId) -> VResult {
    check_num_operands(ir, op, 0)?;
    crate::util::check_num_results(ir, op, 1)?;
    let Some(passing) = ir.attr(op, "passing") else {
        return Err(op_error(ir, op, "requires attribute 'passing'"));
    };
    if !matches!(ir.ctx().attr_kind(passing), AttrKind::Bool(_)) {
        return Err(op_error(ir, op, "attribute 'passing' failed to satisfy constraint: bool attribute"));
    }
    result(ir, op, 0, is_witness, desc::DIALECT_TYPE)
}

pub(super) fn verify_cstr_broadcastable(ir: &Ir, op: OpId) -> VResult {
    variadic(ir, op, 0, is_shape_or_extent_tensor, desc::SHAPE_OR_EXTENT)?;
    result(ir, op, 0, is_witness, desc::DIALECT_TYPE)?;
    if ir.num_operands(op) < 2 {
        return Err(op_error(ir, op, "required at least 2 input shapes"));
    }
    Ok(())
}

pub(super) fn verify_cstr_eq(ir: &Ir, op: OpId) -> VResult {
    variadic(ir, op, 0, is_shape_or_extent_tensor, desc::SHAPE_OR_EXTENT)?;
    result(ir, op, 0, is_witness, desc::DIALECT_TYPE)
}

pub(super) fn verify_cstr_require(ir: &Ir, op: OpId) -> VResult {
    verify_str_attr(ir, op, "msg", true)?;
    operand(ir, op, 0, i1, "1-bit signless integer")?;
    result(ir, op, 0, is_witness, desc::DIALECT_TYPE)
}

pub(super) fn verify_debug_print(ir: &Ir, op: OpId) -> VResult {
    operand(ir, op, 0, is_shape_or_size, desc::SHAPE_OR_SIZE)?;
    result(ir, op, 0, is_shape_or_size, desc::SHAPE_OR_SIZE)
}

pub(super) fn verify_dim(ir: &Ir, op: OpId) -> VResult {
    counts(ir, op, 2, 1)?;
    operand(ir, op, 0, is_shaped, "shaped of any type values")?;
    operand(ir, op, 1, is_size_or_index, desc::SIZE_OR_INDEX)?;
    result(ir, op, 0, is_size_or_index, desc::SIZE_OR_INDEX)?;
    check_inferred(ir, op, Ok(ty(ir, op, 1)), size_or_index_compatible)
}

pub(super) fn verify_from_extent_tensor(ir: &Ir, op: OpId) -> VResult {
    operand(ir, op, 0, is_extent_tensor, desc::EXTENT_TENSOR_1D)?;
    result(ir, op, 0, is_shape, desc::DIALECT_TYPE)
}

pub(super) fn verify_from_extents(ir: &Ir, op: OpId) -> VResult {
    variadic(ir, op, 0, is_size_or_index, desc::SIZE_OR_INDEX)?;
    result(ir, op, 0, is_shape, desc::DIALECT_TYPE)
}

pub(super) fn verify_func(ir: &Ir, op: OpId) -> VResult {
    if ir.attr(op, "sym_name").is_none() {
        return Err(op_error(ir, op, "requires attribute 'sym_name'"));
    }
    if ir.attr(op, "function_type").is_none() {
        return Err(op_error(ir, op, "requires attribute 'function_type'"));
    }
    Ok(())
}

pub(super) fn verify_function_library(ir: &Ir, op: OpId) -> VResult {
    if ir.attr(op, "mapping").is_none() {
        return Err(op_error(ir, op, "requires attribute 'mapping'"));
    }
    if ir.attr(op, "sym_name").is_none() {
        return Err(op_error(ir, op, "requires attribute 'sym_name'"));
    }
    Ok(())
}

pub(super) fn verify_get_extent(ir: &Ir, op: OpId) -> VResult {
    counts(ir, op, 2, 1)?;
    operand(ir, op, 0, is_shape_or_extent_tensor, desc::SHAPE_OR_EXTENT)?;
    operand(ir, op, 1, is_size_or_index, desc::SIZE_OR_INDEX)?;
    result(ir, op, 0, is_size_or_index, desc::SIZE_OR_INDEX)?;
    check_inferred(ir, op, Ok(ir.ctx().index_ty()), size_or_index_compatible)?;
    verify_size_or_index_result(ir, op)
}

pub(super) fn verify_index_to_size(ir: &Ir, op: OpId) -> VResult {
    operand(ir, op, 0, index, "index")?;
    result(ir, op, 0, is_size, desc::DIALECT_TYPE)
}

pub(super) fn verify_is_broadcastable(ir: &Ir, op: OpId) -> VResult {
    variadic(ir, op, 0, is_shape_or_extent_tensor, desc::SHAPE_OR_EXTENT)?;
    result(ir, op, 0, i1, "1-bit signless integer")
}

pub(super) fn verify_max_min(ir: &Ir, op: OpId) -> VResult {
    counts(ir, op, 2, 1)?;
    operand(ir, op, 0, is_shape_or_size, desc::SHAPE_OR_SIZE)?;
    operand(ir, op, 1, is_shape_or_size, desc::SHAPE_OR_SIZE)?;
    result(ir, op, 0, is_shape_or_size, desc::SHAPE_OR_SIZE)?;
    let ctx = ir.ctx();
    let (l, r) = (ty(ir, op, 0), ty(ir, op, 1));
    let inferred = if l == r { l } else { size_type(ctx) };
    check_inferred(ir, op, Ok(inferred), |ctx, a, b| {
        (is_shape(ctx, a) && is_shape(ctx, b)) || (is_size(ctx, a) && is_size(ctx, b))
    })
}

/// `verifyCompatibleShapes` for two types.
fn compatible_shapes(ctx: &Context, a: Type, b: Type) -> bool {
    if !ctx.is_shaped(a) || !ctx.is_shaped(b) {
        return false;
    }
    match (ctx.shape(a), ctx.shape(b)) {
        (Some(x), Some(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(&p, &q)| p == q || p == DYNAMIC || q == DYNAMIC)
        }
        _ => true,
    }
}

/// `MeetOp::inferReturnTypes`.
fn infer_meet(ctx: &Context, types: &[Type]) -> Result<Type, String> {
    let Some((&first, rest)) = types.split_first() else { return Err(String::new()) };
    let mismatch = || Err("requires all sizes or shapes".to_string());
    let mut acc = first;
    for &t in rest {
        let (mut l, mut r) = (acc, t);
        if !is_shape_or_size(ctx, l) {
            std::mem::swap(&mut l, &mut r);
        }
        if is_size(ctx, l) {
            if !is_size_or_index(ctx, r) {
                return mismatch();
            }
            acc = l;
        } else if ctx.is_index(l) {
            if !ctx.is_index(r) {
                return mismatch();
            }
            acc = r;
        } else if is_shape(ctx, l) {
            if !is_shape_or_extent_tensor(ctx, r) {
                return mismatch();
            }
            acc = l;
        } else if is_extent_tensor(ctx, l) {
            let rank = |t: Type| ctx.shape(t).and_then(|s| s.first().copied()).unwrap_or(DYNAMIC);
            let (r1, r2) = (rank(l), rank(r));
            if r1 == DYNAMIC {
                acc = l;
            } else if r2 == DYNAMIC {
                acc = r;
            } else if r1 != r2 {
                return Err("unequal shape cardinality".to_string());
            } else {
                acc = l;
            }
        }
    }
    Ok(acc)
}

pub(super) fn verify_meet(ir: &Ir, op: OpId) -> VResult {
    counts(ir, op, 2, 1)?;
    verify_str_attr(ir, op, "error", false)?;
    operand(ir, op, 0, is_any_shape_or_size, desc::ANY_SHAPE_OR_SIZE)?;
    operand(ir, op, 1, is_any_shape_or_size, desc::ANY_SHAPE_OR_SIZE)?;
    result(ir, op, 0, is_any_shape_or_size, desc::ANY_SHAPE_OR_SIZE)?;
    let ctx = ir.ctx();
    let inferred = infer_meet(ctx, &[ty(ir, op, 0), ty(ir, op, 1)]);
    check_inferred(ir, op, inferred, |ctx, a, b| {
        if a == b {
            return true;
        }
        let (mut l, mut r) = (a, b);
        if !is_shape_or_size(ctx, l) {
            std::mem::swap(&mut l, &mut r);
        }
        if is_size(ctx, l) {
            return is_size_or_index(ctx, r);
        }
        if is_shape(ctx, l) {
            return is_shape(ctx, r) || ctx.is_tensor(r);
        }
        compatible_shapes(ctx, l, r)
    })
}

pub(super) fn verify_num_elements(ir: &Ir, op: OpId) -> VResult {
    counts(ir, op, 1, 1)?;
    operand(ir, op, 0, is_shape_or_extent_tensor, desc::SHAPE_OR_EXTENT)?;
    result(ir, op, 0, is_size_or_index, desc::SIZE_OR_INDEX)?;
    let ctx = ir.ctx();
    let inferred = if is_shape(ctx, ty(ir, op, 0)) { size_type(ctx) } else { ctx.index_ty() };
    check_inferred(ir, op, Ok(inferred), size_or_index_compatible)?;
    verify_size_or_index_result(ir, op)
}

pub(super) fn verify_rank(ir: &Ir, op: OpId) -> VResult {
    verify_num_elements(ir, op)
}

/// ODS's checks and `ReduceOp::verify`.
pub(super) fn verify_reduce(ir: &Ir, op: OpId) -> VResult {
    check_num_regions(ir, op, 1)?;
    operand(ir, op, 0, is_shape_or_extent_tensor, desc::SHAPE_OR_EXTENT)?;
    let ctx = ir.ctx();
    let r = ReduceOp(op);
    let Some(block) = ir.entry_block(r.region(ir)) else {
        return Err(op_error(ir, op, "region #0 ('region') failed to verify constraint: region with 1 blocks"));
    };
    let args = ir.block_args(block);
    let inits = r.init_vals(ir);
    let expected = inits.len() + 2;
    if args.len() != expected {
        return Err(op_error(ir, op, format!("ReduceOp body is expected to have {expected} arguments")));
    }
    if !ctx.is_index(ir.value_type(args[0])) {
        return Err(op_error(ir, op, "argument 0 of ReduceOp body is expected to be of IndexType"));
    }
    let extent = ir.value_type(args[1]);
    if is_shape(ctx, ir.value_type(r.shape(ir))) {
        if !is_size(ctx, extent) {
            return Err(op_error(
                ir,
                op,
                "argument 1 of ReduceOp body is expected to be of SizeType if the ReduceOp operates on a ShapeType",
            ));
        }
    } else if !ctx.is_index(extent) {
        return Err(op_error(
            ir,
            op,
            "argument 1 of ReduceOp body is expected to be of IndexType if the ReduceOp operates on an extent tensor",
        ));
    }
    for (i, v) in inits.iter().enumerate() {
        if ir.value_type(args[i + 2]) != ir.value_type(v) {
            return Err(op_error(
                ir,
                op,
                format!("type mismatch between argument {} of ReduceOp body and initial value {i}", i + 2),
            ));
        }
    }
    Ok(())
}

pub(super) fn verify_return(ir: &Ir, op: OpId) -> VResult {
    has_parent(ir, op, &["shape.func"])
}

pub(super) fn verify_assuming_yield(ir: &Ir, op: OpId) -> VResult {
    has_parent(ir, op, &["shape.assuming"])
}

pub(super) fn verify_shape_eq(ir: &Ir, op: OpId) -> VResult {
    variadic(ir, op, 0, is_shape_or_extent_tensor, desc::SHAPE_OR_EXTENT)?;
    result(ir, op, 0, i1, "1-bit signless integer")
}

/// `ShapeOfOp::inferReturnTypes`.
pub(super) fn infer_shape_of(ctx: &Context, arg: Type) -> Type {
    if is_value_shape(ctx, arg) {
        return shape_type(ctx);
    }
    let rank = ctx.shape(arg).map_or(DYNAMIC, |s| s.len() as i64);
    extent_tensor_type(ctx, rank)
}

pub(super) fn verify_shape_of(ir: &Ir, op: OpId) -> VResult {
    counts(ir, op, 1, 1)?;
    operand(ir, op, 0, is_shaped_or_value_shape, desc::SHAPED_OR_VALUE_SHAPE)?;
    result(ir, op, 0, is_shape_or_extent_tensor, desc::SHAPE_OR_EXTENT)?;
    let ctx = ir.ctx();
    check_inferred(ir, op, Ok(infer_shape_of(ctx, ty(ir, op, 0))), |ctx, a, b| {
        if a == b {
            return true;
        }
        let ok = |t| is_shape(ctx, t) || ctx.is_shaped(t);
        if !ok(a) || !ok(b) {
            return false;
        }
        is_shape(ctx, a) || is_shape(ctx, b) || compatible_shapes(ctx, a, b)
    })?;
    verify_shape_or_extent_result(ir, op)
}

pub(super) fn verify_size_to_index(ir: &Ir, op: OpId) -> VResult {
    operand(ir, op, 0, is_size_or_index, desc::SIZE_OR_INDEX)?;
    result(ir, op, 0, index, "index")
}

pub(super) fn verify_split_at(ir: &Ir, op: OpId) -> VResult {
    counts(ir, op, 2, 2)?;
    operand(ir, op, 0, is_shape_or_extent_tensor, desc::SHAPE_OR_EXTENT)?;
    operand(ir, op, 1, is_size_or_index, desc::SIZE_OR_INDEX)?;
    result(ir, op, 0, is_shape_or_extent_tensor, desc::SHAPE_OR_EXTENT)?;
    result(ir, op, 1, is_shape_or_extent_tensor, desc::SHAPE_OR_EXTENT)
}

pub(super) fn verify_to_extent_tensor(ir: &Ir, op: OpId) -> VResult {
    operand(ir, op, 0, is_shape_or_extent_tensor, desc::SHAPE_OR_EXTENT)?;
    result(ir, op, 0, index_tensor, desc::INDEX_TENSOR)
}

pub(super) fn verify_value_as_shape(ir: &Ir, op: OpId) -> VResult {
    operand(ir, op, 0, int_tensor_1d_or_value_shape, desc::INT_TENSOR_OR_VALUE_SHAPE)?;
    result(ir, op, 0, is_shape_or_extent_tensor, desc::SHAPE_OR_EXTENT)
}

pub(super) fn verify_value_of(ir: &Ir, op: OpId) -> VResult {
    operand(ir, op, 0, is_value_shape, desc::DIALECT_TYPE)?;
    result(ir, op, 0, is_shaped, "shaped of any type values")
}

pub(super) fn verify_with_shape(ir: &Ir, op: OpId) -> VResult {
    operand(ir, op, 0, is_shaped_or_value_shape, desc::SHAPED_OR_VALUE_SHAPE)?;
    operand(ir, op, 1, is_shape_or_extent_tensor, desc::SHAPE_OR_EXTENT)?;
    result(ir, op, 0, is_value_shape, desc::DIALECT_TYPE)
}

/// `HasParent<"ReduceOp, FunctionLibraryOp">` and `YieldOp::verify`.
pub(super) fn verify_yield(ir: &Ir, op: OpId) -> VResult {
    has_parent(ir, op, &["shape.reduce", "shape.function_library"])?;
    let Some(parent) = ir.parent_op(op) else { return Ok(()) };
    let results: Vec<Type> = ir.result_types(parent).to_vec();
    if results.len() != ir.num_operands(op) {
        return Err(op_error(ir, op, "number of operands does not match number of results of its parent"));
    }
    if results.iter().zip(ir.operands(op)).any(|(&t, v)| t != ir.value_type(v)) {
        return Err(op_error(ir, op, "types mismatch between yield op and its parent"));
    }
    Ok(())
}

/// ODS's structural checks of `shape.assuming` (`OneOperand`,
/// `OneRegion`), in its generated order, before anything reads the operand
/// or the region.
pub(super) fn verify_assuming_structure(ir: &Ir, op: OpId) -> VResult {
    check_num_operands(ir, op, 1)?;
    check_num_regions(ir, op, 1)
}

/// The yielded values must match the results (MLIR's region-branch type
/// check along the edge from the region to the parent).
pub(super) fn verify_assuming(ir: &Ir, op: OpId) -> VResult {
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

/// The shape dialect's check of `shape.lib` wherever an op carries it
/// (upstream's `ShapeDialect::verifyOperationAttribute`): on a symbol
/// table, naming one `shape.function_library` or an array of them whose
/// mappings name each op once.
pub(super) struct ShapeAttrs;

impl ir::DialectAttrVerifier for ShapeAttrs {
    fn verify_op_attr(&self, ir: &Ir, op: OpId, attr: ir::NamedAttr) -> VResult {
        let ctx = ir.ctx();
        if ctx.str(attr.name) != "shape.lib" {
            return Ok(());
        }
        let err = |msg: String| Err(plain_error(ir, op, msg));
        if !ir.is_symbol_table(op) {
            return err("shape.lib attribute may only be on op implementing SymbolTable".into());
        }
        let text = |a| syntax::print_attr::attr_to_string(ctx, a);
        let library = |r| ir.resolve_symbol_ref(op, r).filter(|&s| super::FunctionLibraryOp::matches(ir, s));
        match ctx.attr_kind(attr.value) {
            AttrKind::SymbolRef { .. } => {
                if ir.resolve_symbol_ref(op, attr.value).is_none() {
                    return err(format!("shape function library {} not found", text(attr.value)));
                }
                if library(attr.value).is_none() {
                    return err(format!("{} required to be shape function library", text(attr.value)));
                }
                Ok(())
            }
            AttrKind::Array(items) => {
                let mut seen = rustc_hash::FxHashSet::default();
                for &it in items.iter() {
                    if !matches!(ctx.attr_kind(it), AttrKind::SymbolRef { .. }) {
                        return err("only SymbolRefAttr allowed in shape.lib attribute array".into());
                    }
                    let Some(lib) = library(it) else {
                        return err(format!("{} does not refer to FunctionLibraryOp", text(it)));
                    };
                    let mapping = ir.attr(lib, "mapping").map(|m| ctx.attr_kind(m));
                    let Some(AttrKind::Dictionary(entries)) = mapping else { continue };
                    for e in entries.iter() {
                        if !seen.insert(e.name) {
                            let name = ctx.str(e.name);
                            return err(format!(
                                "only one op to shape mapping allowed, found multiple for `\"{name}\"`"
                            ));
                        }
                    }
                }
                Ok(())
            }
            _ => err("only SymbolRefAttr or array of SymbolRefAttrs allowed as shape.lib attribute".into()),
        }
    }
}
