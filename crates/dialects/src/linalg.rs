//! The `linalg` dialect: `linalg.generic`, `linalg.yield`, `linalg.index`
//! and the structured ops `fill`, `copy`, `matmul`, `batch_matmul` (and
//! their transposed and quantized forms), `mmt4d`, `batch_mmt4d`,
//! `matvec`, `vecmat`, `batch_matvec`, `batch_vecmat`, `dot`, `transpose`, `broadcast`, `map`, `reduce`,
//! `elemwise_unary`, `elemwise_binary`, `batch_reduce_matmul` and the
//! elementwise ops (`exp`, `log`, `abs`, `ceil`, `floor`, `negf`,
//! `reciprocal`, `round`, `sqrt`, `rsqrt`, `square`, `tanh`, `erf`, `add`,
//! `sub`, `mul`, `div`, `div_unsigned`, `max`, `min`, `powf`, `select`),
//! and the 44 convolution and pooling ops of MLIR 19 (`conv_*`,
//! `depthwise_conv_*`, `pooling_*`, with their `_q` quantized forms), whose
//! indexing maps depend on their `strides` and `dilations`; and
//! `linalg.softmax` (destination style, not structured: no body), and the
//! three Winograd transform ops (`winograd_filter_transform`,
//! `winograd_input_transform`, `winograd_output_transform`).
//!
//! This module owns the registration of those ops and the public
//! loop-structure query [`structured_info`] that passes and the interpreter
//! use. The submodules own the rest: [`named`] the OpDSL-generated ops'
//! descriptions and the scalar bodies mlir-opt-19 materialises for them,
//! `asm` the custom syntax, `verify` the verifiers (ODS constraints,
//! `DestinationStyleOpInterface`, `LinalgStructuredInterface`, the
//! contraction/fill interfaces and each op's own checks) and `interfaces`
//! the `DestinationStyle`, `MemoryEffects` and `ReifyShapes`
//! implementations. [`build_named_op`] creates named ops from code.
//!
//! Known deviations from mlir-opt-19: a contraction op read in generic
//! form without `linalg.memoized_indexing_maps` is printed without it
//! (upstream adds it while verifying; bufopt's verifiers do not mutate),
//! and the checks upstream runs as region invariants run when the op is
//! verified (after the body ops' own verifiers, so the first error is the
//! same in practice; the "see current operation" note names the
//! structured op).

mod asm;
mod dialect_patterns;
mod fill_patterns;
mod interfaces;
pub mod named;
mod ops;
mod transpose_patterns;
mod verify;
mod winograd;

pub use interfaces::payload_uses_operand;
pub use ops::*;
pub use winograd::{WinogradFilterTransformOp, WinogradInputTransformOp, WinogradOutputTransformOp};

use crate::util::register_dialect;
use ir::affine::AffineMap;
use ir::{AttrKind, Context, Ir, OpId, Type};
use named::NamedDef;

/// The kind of one loop dimension of a structured op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IteratorKind {
    /// `parallel`
    Parallel,
    /// `reduction`
    Reduction,
}

/// The loop structure of a linalg structured op.
#[derive(Clone, Debug, PartialEq)]
pub struct StructuredInfo {
    /// One map per operand (ins then outs), over the loop dims.
    pub indexing_maps: Vec<AffineMap>,
    /// One kind per loop dim.
    pub iterators: Vec<IteratorKind>,
    /// Number of `ins` operands.
    pub num_inputs: usize,
    /// Number of `outs` operands.
    pub num_outputs: usize,
}

/// For every linalg structured op (generic and all named ops): its loop
/// structure. The op's region 0 entry block is the scalar body: block arg
/// i binds the element of operand i (ins then outs); a body may have fewer
/// args than operands (`linalg.map` has none for its init). The terminator
/// is `linalg.yield` with one value per output.
///
/// `None` for other ops and for structured ops whose attributes or operand
/// types are too malformed to give a structure (the verifier rejects them).
pub fn structured_info(ir: &Ir, op: OpId) -> Option<StructuredInfo> {
    let kind = op_kind(ir.op_name_str(op))?;
    let (num_inputs, num_outputs) = io_split(ir, op, kind)?;
    let indexing_maps = indexing_maps(ir, op, kind, num_inputs)?;
    let iterators = iterators(ir, op, kind, num_inputs)?;
    Some(StructuredInfo { indexing_maps, iterators, num_inputs, num_outputs })
}

/// The structured op kinds.
#[derive(Clone, Copy, Debug)]
pub(crate) enum OpKind {
    Generic,
    Named(&'static NamedDef),
    Map,
    Reduce,
    Transpose,
    Broadcast,
}

/// The structured kind of the op named `name`.
pub(crate) fn op_kind(name: &str) -> Option<OpKind> {
    Some(match name {
        "linalg.generic" => OpKind::Generic,
        "linalg.map" => OpKind::Map,
        "linalg.reduce" => OpKind::Reduce,
        "linalg.transpose" => OpKind::Transpose,
        "linalg.broadcast" => OpKind::Broadcast,
        _ => OpKind::Named(named::named_def(name)?),
    })
}

/// True for the linalg structured ops (the `LinalgOp` interface).
pub fn is_structured_op(ir: &Ir, op: OpId) -> bool {
    op_kind(ir.op_name_str(op)).is_some()
}

/// `(number of ins, number of outs)`, when the operand list splits.
pub(crate) fn io_split(ir: &Ir, op: OpId, kind: OpKind) -> Option<(usize, usize)> {
    let n = ir.num_operands(op);
    match kind {
        OpKind::Generic | OpKind::Named(_) => {
            let s = crate::static_dynamic::operand_segments(ir, op, 2)?;
            (s[0] + s[1] == n).then_some((s[0], s[1]))
        }
        OpKind::Map => n.checked_sub(1).map(|i| (i, 1)),
        OpKind::Reduce => n.is_multiple_of(2).then_some((n / 2, n / 2)),
        OpKind::Transpose | OpKind::Broadcast => (n == 2).then_some((1, 1)),
    }
}

/// `getRank` of an operand type: the rank of a ranked tensor or memref,
/// else 0 (a vector is an elemental type to linalg).
pub(crate) fn operand_rank(ctx: &Context, t: Type) -> usize {
    operand_shape(ctx, t).len()
}

/// `getShape` of an operand type: the shape of a ranked tensor or memref,
/// else empty (a vector is an elemental type to linalg).
pub(crate) fn operand_shape(ctx: &Context, t: Type) -> &[i64] {
    match ctx.kind(t) {
        ir::TypeKind::Tensor { shape, .. } | ir::TypeKind::MemRef { shape, .. } => shape,
        _ => &[],
    }
}

/// The element type of a ranked tensor or memref, else the type itself
/// (`getElementTypeOrSelf` as linalg applies it to operands).
pub(crate) fn elem_or_self(ctx: &Context, t: Type) -> Type {
    match ctx.kind(t) {
        ir::TypeKind::Tensor { elem, .. } | ir::TypeKind::MemRef { elem, .. } => *elem,
        _ => t,
    }
}

/// The affine maps of an array-of-`affine_map` attribute.
pub(crate) fn map_array(ctx: &Context, a: ir::Attribute) -> Option<Vec<AffineMap>> {
    ctx.array_value(a)?
        .iter()
        .map(|&m| match ctx.attr_kind(m) {
            AttrKind::AffineMap(map) => Some(map.clone()),
            _ => None,
        })
        .collect()
}

/// The iterator kinds of a `[#linalg.iterator_type<...>, ...]` attribute.
pub(crate) fn iterator_array(ctx: &Context, a: ir::Attribute) -> Option<Vec<IteratorKind>> {
    ctx.array_value(a)?
        .iter()
        .map(|&it| match named::enum_case(ctx, it, "iterator_type")? {
            "parallel" => Some(IteratorKind::Parallel),
            "reduction" => Some(IteratorKind::Reduction),
            _ => None,
        })
        .collect()
}

/// The rank of operand `i`.
fn rank_of(ir: &Ir, op: OpId, i: usize) -> Option<usize> {
    (i < ir.num_operands(op)).then(|| operand_rank(ir.ctx(), ir.value_type(ir.operand(op, i))))
}

/// The rank of the operand of a single-operand group (`None` when the
/// group is empty, as it is for too few operands).
fn group_rank(ir: &Ir, op: OpId, group: std::ops::Range<usize>) -> Option<usize> {
    if group.is_empty() {
        return None;
    }
    rank_of(ir, op, group.start)
}

/// The rank of `linalg.reduce`'s first input.
fn reduce_rank(ir: &Ir, op: OpId) -> Option<usize> {
    ReduceOp(op).inputs(ir).get(0).map(|v| operand_rank(ir.ctx(), ir.value_type(v)))
}

/// A `dimensions`/`permutation` attribute as indices below `bound`.
fn dims_attr(ctx: &Context, a: Option<ir::Attribute>, bound: usize) -> Option<Vec<usize>> {
    let v = ctx.dense_i64_array(a?)?;
    v.into_iter().map(|d| usize::try_from(d).ok().filter(|&d| d < bound)).collect()
}

/// `getLoopsToShapesMap`: the indexing maps' results concatenated, over
/// `loops` dims (one result per operand dimension, in operand order).
pub(crate) fn loops_to_shapes_map(maps: &[AffineMap], loops: usize) -> AffineMap {
    AffineMap::new(loops, 0, maps.iter().flat_map(|m| m.results.iter().cloned()))
}

/// The indexing maps, one per operand (`getIndexingMapsArray`).
pub(crate) fn indexing_maps(ir: &Ir, op: OpId, kind: OpKind, num_inputs: usize) -> Option<Vec<AffineMap>> {
    let ctx = ir.ctx();
    let n = ir.num_operands(op);
    match kind {
        OpKind::Generic => map_array(ctx, GenericOp(op).indexing_maps_attr(ir)?),
        OpKind::Named(def) => {
            if def.has_fixed_loops() {
                // Upstream memoizes the maps on the op and reads them back.
                if let Some(maps) = ir.attr(op, MEMOIZED_MAPS).and_then(|a| map_array(ctx, a)) {
                    return Some(maps);
                }
                return def.maps_with(ctx, ir.attrs(op));
            }
            let loops = rank_of(ir, op, num_inputs)?;
            Some(
                (0..n)
                    .map(|i| {
                        if rank_of(ir, op, i) == Some(0) {
                            AffineMap::zero_results(loops, 0)
                        } else {
                            AffineMap::identity(loops)
                        }
                    })
                    .collect(),
            )
        }
        OpKind::Map => {
            let rank = group_rank(ir, op, MapOp(op).init_range(ir))?;
            Some(vec![AffineMap::identity(rank); n])
        }
        OpKind::Reduce => {
            let rank = reduce_rank(ir, op)?;
            let dims = dims_attr(ctx, ReduceOp(op).dimensions_attr(ir), rank)?;
            let id = AffineMap::identity(rank);
            let reduced = id.drop_results(&dims);
            Some((0..n).map(|i| if i < num_inputs { id.clone() } else { reduced.clone() }).collect())
        }
        OpKind::Transpose => {
            let rank = group_rank(ir, op, TransposeOp(op).init_range(ir))?;
            let perm = dims_attr(ctx, TransposeOp(op).permutation_attr(ir), rank)?;
            let inv = AffineMap::permutation(&perm)?.inverse_permutation()?;
            Some(vec![inv, AffineMap::identity(rank)])
        }
        OpKind::Broadcast => {
            let rank = group_rank(ir, op, BroadcastOp(op).init_range(ir))?;
            let dims = dims_attr(ctx, BroadcastOp(op).dimensions_attr(ir), rank)?;
            let id = AffineMap::identity(rank);
            Some(vec![id.drop_results(&dims), id])
        }
    }
}

/// The iterator kinds, one per loop (`getIteratorTypesArray`).
pub(crate) fn iterators(ir: &Ir, op: OpId, kind: OpKind, num_inputs: usize) -> Option<Vec<IteratorKind>> {
    let par = |k: usize| Some(vec![IteratorKind::Parallel; k]);
    match kind {
        OpKind::Generic => iterator_array(ir.ctx(), GenericOp(op).iterator_types_attr(ir)?),
        OpKind::Named(def) if def.has_fixed_loops() => Some(def.static_iterators()),
        OpKind::Named(_) => par(rank_of(ir, op, num_inputs)?),
        OpKind::Map => par(group_rank(ir, op, MapOp(op).init_range(ir))?),
        OpKind::Transpose => par(group_rank(ir, op, TransposeOp(op).init_range(ir))?),
        OpKind::Broadcast => par(group_rank(ir, op, BroadcastOp(op).init_range(ir))?),
        OpKind::Reduce => {
            let rank = reduce_rank(ir, op)?;
            let mut it = vec![IteratorKind::Parallel; rank];
            for d in dims_attr(ir.ctx(), ReduceOp(op).dimensions_attr(ir), rank)? {
                it[d] = IteratorKind::Reduction;
            }
            Some(it)
        }
    }
}

/// The discardable attribute upstream caches named ops' maps in.
pub(crate) const MEMOIZED_MAPS: &str = "linalg.memoized_indexing_maps";

/// Builds the named op `name` (one of [`named::NAMED_OPS`], e.g.
/// `"linalg.fill"`, `"linalg.copy"`, `"linalg.matmul"`) at `ip`, as
/// mlir-opt-19's builder does: the `operandSegmentSizes`, one result per
/// ranked-tensor init, the materialised body (reading `cast`/`fun` from
/// `attrs`) and, for the contraction ops, the memoized indexing maps.
/// Errors name what cannot be built; the result still has to verify.
pub fn build_named_op(
    ir: &mut Ir,
    ip: ir::InsertPoint,
    loc: ir::Location,
    name: &str,
    inputs: &[ir::ValueId],
    outputs: &[ir::ValueId],
    attrs: &[ir::NamedAttr],
) -> Result<OpId, String> {
    let def = named::named_def(name).ok_or_else(|| format!("'{name}' is not a named linalg op"))?;
    if inputs.len() + outputs.len() != def.num_args {
        return Err(format!("'{name}' takes {} operands, got {}", def.num_args, inputs.len() + outputs.len()));
    }
    let ctx = ir.ctx_arc().clone();
    let operands: Vec<ir::ValueId> = inputs.iter().chain(outputs).copied().collect();
    let results: Vec<Type> = outputs
        .iter()
        .map(|&v| ir.value_type(v))
        .filter(|&t| matches!(ctx.kind(t), ir::TypeKind::Tensor { .. }))
        .collect();
    let mut all: Vec<ir::NamedAttr> = attrs.to_vec();
    let segs = crate::static_dynamic::segment_sizes_attr(&ctx, &[inputs.len(), outputs.len()]);
    all.push(ir::NamedAttr { name: ctx.intern_str("operandSegmentSizes"), value: segs });
    if let Some(maps) = def.maps_with(&ctx, attrs) {
        let elems: Vec<ir::Attribute> = maps.into_iter().map(|m| ctx.attr(AttrKind::AffineMap(m))).collect();
        all.push(ir::NamedAttr { name: ctx.intern_str(MEMOIZED_MAPS), value: ctx.array_attr(&elems) });
    }
    let arg_types: Vec<Type> = operands.iter().map(|&v| elem_or_self(&ctx, ir.value_type(v))).collect();
    let arg_locs = vec![ctx.unknown_loc(); arg_types.len()];
    let region = ir.create_region();
    let block = ir.append_block(region, &arg_types, &arg_locs);
    named::build_body(ir, block, def, attrs, ctx.unknown_loc())?;
    let op_name = ctx.intern_str(name);
    let op = ir.insert_new_op(
        ip,
        ir::OpSpec { operands: &operands, results: &results, attrs: &all, ..ir::OpSpec::new(op_name, loc) },
    );
    ir.attach_region(op, region);
    Ok(op)
}

/// Registers the linalg dialect.
pub fn register(ctx: &mut Context) {
    register_dialect(ctx, "linalg", false);
    ops::register_ops(ctx);
    let copy = ctx.intern_str("linalg.copy");
    let reg = ctx.registry_mut();
    reg.add_interface::<dyn ir::buffer_interfaces::SubsetOp>(copy, Box::new(interfaces::CopySubset));
    reg.add_interface::<dyn ir::buffer_interfaces::SubsetInsertion>(copy, Box::new(interfaces::CopySubset));
    crate::patterns::register_dialect_patterns(
        ctx,
        "linalg",
        &[
            ("EraseDeadLinalgOp", dialect_patterns::erase_dead_linalg_op),
            ("FoldTensorCastConsumerOp", dialect_patterns::fold_tensor_cast_consumer),
            ("InferStaticShapeOfOperands", dialect_patterns::infer_static_shape_of_operands),
        ],
    );
    crate::patterns::register_patterns(
        ctx,
        &[
            ("linalg.copy", "EraseSelfCopy", erase_self_copy),
            ("linalg.transpose", "FoldTransposeWithTranspose", transpose_patterns::transpose_of_transpose),
            ("linalg.transpose", "SwapTransposeWithBroadcast", transpose_patterns::swap_transpose_with_broadcast),
            ("linalg.generic", "EraseIdentityLinalgOp", erase_identity_linalg_op),
            ("linalg.broadcast", "EraseIdentityLinalgOp", erase_identity_linalg_op),
        ],
    );
    // `linalg.fill`'s patterns, rooted at the ops that consume a fill.
    let fill = ctx.intern_str("linalg.fill");
    let fill_patterns: Vec<(&'static str, &'static str, crate::patterns::PatternFn)> = vec![
        ("FoldFillWithCopy", "linalg.copy", fill_patterns::fill_with_copy),
        ("FoldFillWithTensorExtract", "tensor.extract", fill_patterns::fill_with_extract),
        ("FoldFillWithPack", "tensor.pack", fill_patterns::fill_with_pack),
        ("FoldFillWithPad", "tensor.pad", fill_patterns::fill_with_pad),
        ("FoldFillWithTensorReshape", "tensor.collapse_shape", fill_patterns::fill_with_reshape),
        ("FoldFillWithTensorReshape", "tensor.expand_shape", fill_patterns::fill_with_reshape),
        ("FoldInsertPadIntoFill", "tensor.insert_slice", fill_patterns::insert_pad_into_fill),
        ("FoldFillWithTranspose", "linalg.transpose", fill_patterns::fill_with_transpose),
    ];
    ctx.registry_mut().add_interface::<dyn ir::rewrite_api::CanonicalizationPatterns>(
        fill,
        Box::new(crate::patterns::PatternSet(fill_patterns)),
    );
    // Every structured op without a folder of its own folds the
    // `memref.cast`s of its operands (upstream's `foldMemRefCast` folders),
    // but for `map`, `reduce` and `broadcast`, which have no folder upstream.
    let linalg = ctx.intern_str("linalg");
    let no_folder = ["linalg.map", "linalg.reduce", "linalg.broadcast"].map(|n| ctx.intern_str(n));
    let structured: Vec<ir::Str> = ctx
        .registry()
        .ops()
        .filter(|i| i.dialect == linalg && i.fold.is_none() && !no_folder.contains(&i.name))
        .filter(|i| ctx.registry().interface::<dyn ir::interfaces::DestinationStyle>(i.name).is_some())
        .map(|i| i.name)
        .collect();
    for name in structured {
        if let Some(info) = ctx.registry_mut().op_mut(name) {
            info.fold = Some(fold_memref_casts);
        }
    }
}

/// The folder of the structured ops: operands produced by `memref.cast`
/// take the cast's source.
fn fold_memref_casts(ir: &mut Ir, op: OpId, _: &[Option<ir::Attribute>]) -> ir::FoldOutcome {
    if crate::memref::fold_memref_cast(ir, op, None) {
        ir::FoldOutcome::InPlace
    } else {
        ir::FoldOutcome::Failure
    }
}

/// Canonicalization `EraseSelfCopy`: a `linalg.copy` of a value into itself
/// is erased (buffers) or replaced by its input (tensors).
fn erase_self_copy(op: OpId, rw: &mut ir::rewrite_api::PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 2 || ir.operand(op, 0) != ir.operand(op, 1) {
        return false;
    }
    let ctx = ir.ctx();
    let types: Vec<ir::Type> = ir.operands(op).map(|v| ir.value_type(v)).collect();
    if types.iter().all(|&t| ctx.is_memref(t)) && ir.num_results(op) == 0 {
        rw.erase_op(op);
        true
    } else if types.iter().all(|&t| ctx.is_tensor(t)) {
        let input = ir.operand(op, 0);
        rw.replace_op(op, &[input]);
        true
    } else {
        false
    }
}

/// Canonicalization `EraseIdentityLinalgOp` (of `linalg.generic` and
/// `linalg.broadcast`): an op whose indexing maps are all identities and
/// whose body only yields block arguments copies its operands. On tensors
/// each result becomes the operand its yielded argument binds (through a
/// `tensor.cast` where only the static shape differs); on buffers a copy of
/// one buffer into itself is erased.
fn erase_identity_linalg_op(op: OpId, rw: &mut ir::rewrite_api::PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let ctx = ir.ctx_arc().clone();
    let Some(info) = structured_info(ir, op) else { return false };
    if !info.indexing_maps.iter().all(AffineMap::is_identity) {
        return false;
    }
    let Some(body) = ir.regions(op).first().and_then(|&r| ir.entry_block(r)) else { return false };
    let mut ops = ir.block_ops(body);
    let (Some(yield_op), None) = (ops.next(), ops.next()) else { return false };
    if ir.op_name_str(yield_op) != "linalg.yield" {
        return false;
    }
    let shaped: Vec<Type> =
        ir.operands(op).map(|v| ir.value_type(v)).filter(|&t| ctx.is_tensor(t) || ctx.is_memref(t)).collect();
    if shaped.iter().all(|&t| ctx.is_memref(t)) {
        let (ins, outs) = (info.num_inputs, info.num_outputs);
        if ins == 1 && outs == 1 && ir.num_operands(op) == 2 && ir.operand(op, 0) == ir.operand(op, 1) {
            rw.erase_op(op);
            return true;
        }
        return false;
    }
    if !shaped.iter().all(|&t| ctx.is_tensor(t)) {
        return false;
    }
    let mut replacements = Vec::with_capacity(ir.num_results(op));
    for (i, y) in ir.operands(yield_op).enumerate() {
        let ir::ValueDef::BlockArg { block, index } = ir.value_def(y) else { return false };
        if block != body || i >= ir.num_results(op) {
            return false;
        }
        let Some(arg) = ir.operands(op).nth(index as usize) else { return false };
        replacements.push((arg, ir.value_type(ir.result(op, i))));
    }
    if replacements.len() != ir.num_results(op) {
        return false;
    }
    if replacements.iter().any(|&(arg, ty)| {
        let arg_ty = ir.value_type(arg);
        arg_ty != ty && !crate::tensor::cast_compatible(&ctx, arg_ty, ty)
    }) {
        return false;
    }
    let loc = ir.op_loc(op);
    rw.set_insertion_point(ir::InsertPoint::Before(op));
    let mut values = Vec::with_capacity(replacements.len());
    for (arg, ty) in replacements {
        if rw.ir().value_type(arg) == ty {
            values.push(arg);
        } else {
            values.push(crate::tensor::CastOp::build(rw, loc, ty, arg).dest(rw.ir()));
        }
    }
    rw.replace_op(op, &values);
    true
}

#[cfg(test)]
mod tests;
