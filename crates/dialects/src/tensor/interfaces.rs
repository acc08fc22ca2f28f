//! The tensor dialect's interface implementations: `CastLike` (`cast`,
//! `bitcast`), `DestinationStyle` (`insert`, `insert_slice`, `pack`,
//! `unpack`),
//! [`OffsetSizeAndStride`] (the slice ops), `ReifyShapes` (ops whose result
//! extents follow from operands), the memory effects of `tensor.dim`,
//! `pack` and `unpack` (none, without being speculatable), and
//! the subset interfaces bufferization asks (`SubsetOp`,
//! `SubsetExtraction` on `extract_slice`, `SubsetInsertion` on
//! `insert_slice` and `parallel_insert_slice`) with upstream's semantics.

use super::build::{build_dim, build_extract_slice, MixedSlice};
use super::ops::{CollapseShapeOp, ExpandShapeOp, ExtractSliceOp, InsertSliceOp, ParallelInsertSliceOp, SliceOp};
use super::types::{bitcast_compatible, cast_compatible, rank};
use crate::layout::rank_reduction_mask;
use crate::static_dynamic::{self, OffsetSizeAndStride, SliceParams};
use ir::buffer_interfaces::{EquivalenceFn, SubsetExtraction, SubsetInsertion, SubsetOp};
use ir::interfaces::{CastLike, DestinationStyle, MemoryEffects, OpFoldSize, ReifyShapes};
use ir::op_decl::OpBuilder;
use ir::{InsertPoint, Ir, Location, OpId, OperandId, Type, ValueId, DYNAMIC};

/// `CastOpInterface` of `tensor.cast` and `tensor.bitcast`.
pub(crate) struct TensorCastLike {
    pub(crate) bitcast: bool,
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
pub(crate) struct NoEffects;

impl MemoryEffects for NoEffects {
    fn effects(&self, _: &Ir, _: OpId, _: &mut Vec<ir::interfaces::Effect>) {}
}

/// `DestinationStyleOpInterface` of `tensor.pack` and `tensor.unpack`:
/// the one init is `dest`, operand 1.
pub(crate) struct RelayoutDest;

impl DestinationStyle for RelayoutDest {
    fn inits(&self, ir: &Ir, op: OpId) -> std::ops::Range<usize> {
        if ir.num_operands(op) < 2 {
            return 0..0;
        }
        1..2
    }
}

/// `DestinationStyleOpInterface` of `tensor.insert` and
/// `tensor.insert_slice`: the one init is `dest`.
pub(crate) struct TensorDest;

impl DestinationStyle for TensorDest {
    fn inits(&self, ir: &Ir, op: OpId) -> std::ops::Range<usize> {
        if ir.num_operands(op) < 2 {
            return 0..0;
        }
        match InsertSliceOp::cast(ir, op) {
            Some(s) => s.dest_range(ir),
            None => super::ops::InsertOp(op).dest_range(ir),
        }
    }
}

/// How a slice op lays out its operand groups for
/// [`OffsetSizeAndStride`]: the offsets group, the number of groups, and
/// the tensor operand whose rank bounds the lists.
pub(crate) struct SliceLayout {
    pub(crate) first: usize,
    pub(crate) num: usize,
    rank_of_operand: usize,
}

impl SliceLayout {
    /// `extract_slice`: `source`, offsets, sizes, strides.
    pub(crate) const EXTRACT: SliceLayout = SliceLayout { first: 1, num: 4, rank_of_operand: 0 };
    /// `insert_slice` / `parallel_insert_slice`: `source`, `dest`, offsets,
    /// sizes, strides; the lists index `dest`.
    pub(crate) const INSERT: SliceLayout = SliceLayout { first: 2, num: 5, rank_of_operand: 1 };
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

/// `ReifyRankedShapedTypeOpInterface`, one variant per op kind.
#[derive(Clone, Copy)]
pub(crate) enum TensorReify {
    /// `tensor.empty`, `tensor.generate`: the operands are the dynamic
    /// extents in order.
    DynamicSizes,
    /// `tensor.splat`: the operands after the value are the dynamic extents.
    Splat,
    /// `tensor.extract_slice`: the sizes that are not dropped.
    ExtractSlice,
    /// `tensor.insert_slice`: the destination's extents.
    InsertSlice,
    /// `tensor.expand_shape`: the output shape.
    ExpandShape,
    /// `tensor.collapse_shape`: static extents and single-dimension groups.
    CollapseShape,
    /// `tensor.pad`: source extent plus low and high padding (an
    /// `affine.apply` built as upstream's `makeComposedFoldedAffineApply`).
    Pad,
    /// `tensor.concat`: the inputs' extents, summed along the concatenated
    /// dimension.
    Concat,
    /// `tensor.pack`, `tensor.unpack`: the destination's extents.
    Relayout,
}

impl ReifyShapes for TensorReify {
    fn reify(&self, ir: &mut Ir, op: OpId, at: InsertPoint) -> Option<Vec<Vec<OpFoldSize>>> {
        let ctx = ir.ctx_arc().clone();
        if ir.num_results(op) != 1 || ir.num_operands(op) == 0 {
            return None;
        }
        let res = ir.value_type(ir.result(op, 0));
        let shape = ctx.shape(res)?.to_vec();
        let keep_static = |mixed: Vec<OpFoldSize>| -> Vec<OpFoldSize> {
            mixed.into_iter().zip(&shape).map(|(s, &d)| if d == DYNAMIC { s } else { OpFoldSize::Static(d) }).collect()
        };
        let dims: Vec<OpFoldSize> =
            match self {
                TensorReify::Pad => return reify_pad(ir, op, at, &shape).map(|d| vec![d]),
                TensorReify::Concat => return reify_concat(ir, op, at, &shape).map(|d| vec![d]),
                TensorReify::DynamicSizes | TensorReify::Splat => {
                    let first = usize::from(matches!(self, TensorReify::Splat));
                    let mut next = ir.operands(op).skip(first);
                    shape
                        .iter()
                        .map(|&d| {
                            if d == DYNAMIC {
                                next.next().map(OpFoldSize::Value)
                            } else {
                                Some(OpFoldSize::Static(d))
                            }
                        })
                        .collect::<Option<_>>()?
                }
                TensorReify::ExtractSlice => {
                    let slice = ExtractSliceOp(op);
                    let sizes = slice.mixed_sizes(ir)?;
                    let dropped = rank_reduction_mask(&slice.static_sizes(ir), &shape, false).unwrap_or_default();
                    let kept: Vec<OpFoldSize> = sizes
                        .into_iter()
                        .enumerate()
                        .filter(|(i, _)| !dropped.get(*i).copied().unwrap_or(false))
                        .map(|(_, s)| s)
                        .collect();
                    if kept.len() != shape.len() {
                        return None;
                    }
                    keep_static(kept)
                }
                TensorReify::InsertSlice | TensorReify::Relayout => {
                    if ir.num_operands(op) < 2 {
                        return None;
                    }
                    // `dest` is operand 1 of all three ops.
                    let dest = ir.operand(op, 1);
                    dims_of(ir, op, at, dest, &shape, Some)?
                }
                TensorReify::ExpandShape => {
                    let expand = ExpandShapeOp(op);
                    let values = expand.output_shape(ir).to_vec();
                    keep_static(static_dynamic::mixed_values(&expand.static_output_shape(ir), &values)?)
                }
                TensorReify::CollapseShape => {
                    // Only the fully static case and single-dimension groups are
                    // reified without arithmetic.
                    let groups = super::types::reassociation(ir, CollapseShapeOp(op).0)?;
                    let src = CollapseShapeOp(op).src(ir);
                    dims_of(ir, op, at, src, &shape, |i| {
                        let g = groups.get(i)?;
                        if g.len() != 1 {
                            return None;
                        }
                        usize::try_from(g[0]).ok()
                    })?
                }
            };
        Some(vec![dims])
    }
}

/// `tensor.dim %src, <dim>` for `op`, built at `at` and folded.
fn folded_dim(ir: &mut Ir, op: OpId, at: InsertPoint, src: ValueId, dim: usize) -> Option<ValueId> {
    let loc = ir.op_loc(op);
    super::build::build_dim_folded(ir, at, loc, src, dim)
}

/// `getValueOrCreateConstantIndexOp` at `at`.
fn value_or_constant(ir: &mut Ir, op: OpId, at: InsertPoint, s: OpFoldSize) -> ValueId {
    match s {
        OpFoldSize::Value(v) => v,
        OpFoldSize::Static(c) => {
            let loc = ir.op_loc(op);
            let mut b = ir::op_decl::IrBuilder::at(ir, at);
            super::build::build_index_constant(&mut b, loc, c)
        }
    }
}

/// Upstream's `ReifyPadOp`: a dynamic extent is `dim(source) + low + high`.
fn reify_pad(ir: &mut Ir, op: OpId, at: InsertPoint, shape: &[i64]) -> Option<Vec<OpFoldSize>> {
    let pad = super::ops::PadOp(op);
    let low = super::ops::pad_mixed_low(ir, pad)?;
    let high = super::ops::pad_mixed_high(ir, pad)?;
    let source = pad.source(ir);
    let rank = rank(ir.ctx(), ir.value_type(source))?;
    let sum = {
        use ir::affine::{AffineBinaryOp::Add, AffineExpr};
        let d0s0 = AffineExpr::binary(Add, &AffineExpr::dim(0), &AffineExpr::symbol(0));
        ir::affine::AffineMap::new(1, 2, [AffineExpr::binary(Add, &d0s0, &AffineExpr::symbol(1))])
    };
    let mut out = Vec::with_capacity(rank);
    for dim in 0..rank {
        let d = *shape.get(dim)?;
        if d != DYNAMIC {
            out.push(OpFoldSize::Static(d));
            continue;
        }
        let src_dim = folded_dim(ir, op, at, source, dim)?;
        let operands = [OpFoldSize::Value(src_dim), *low.get(dim)?, *high.get(dim)?];
        let loc = ir.op_loc(op);
        let r = crate::affine_compose::make_composed_folded_affine_apply(ir, at, loc, &sum, &operands);
        out.push(OpFoldSize::Value(value_or_constant(ir, op, at, r)));
    }
    Some(out)
}

/// Upstream's `ConcatOp::reifyResultShapes`: the static sizes of the result
/// or of the inferred result type, else the first input's extents; along
/// the concatenated dimension the sum of the inputs' extents.
fn reify_concat(ir: &mut Ir, op: OpId, at: InsertPoint, shape: &[i64]) -> Option<Vec<OpFoldSize>> {
    let concat = super::ops::ConcatOp(op);
    let dim = usize::try_from(concat.dim(ir)?).ok()?;
    let inputs = concat.inputs(ir).to_vec();
    let first = *inputs.first()?;
    let ctx = ir.ctx_arc().clone();
    let shapes: Vec<Vec<i64>> =
        inputs.iter().map(|&v| ctx.shape(ir.value_type(v)).map(<[i64]>::to_vec)).collect::<Option<_>>()?;
    let mut out = vec![OpFoldSize::Static(0); shape.len()];
    for (i, &d) in shape.iter().enumerate() {
        if i == dim {
            continue;
        }
        if d != DYNAMIC {
            out[i] = OpFoldSize::Static(d);
            continue;
        }
        // The inferred type takes a static size from any input.
        let inferred = shapes.iter().map(|s| s.get(i).copied().unwrap_or(DYNAMIC)).find(|&s| s != DYNAMIC);
        out[i] = match inferred {
            Some(c) => OpFoldSize::Value(value_or_constant(ir, op, at, OpFoldSize::Static(c))),
            None => {
                let loc = ir.value_loc(first);
                OpFoldSize::Value(build_dim(ir, at, loc, first, i)?)
            }
        };
    }
    let d = *shape.get(dim)?;
    if d != DYNAMIC {
        out[dim] = OpFoldSize::Static(d);
        return Some(out);
    }
    use ir::affine::{AffineBinaryOp::Add, AffineExpr};
    let mut sum = AffineExpr::dim(0);
    let mut sizes = vec![OpFoldSize::Value(folded_dim(ir, op, at, first, dim)?)];
    for (idx, &input) in inputs.iter().enumerate().skip(1) {
        sum = AffineExpr::binary(Add, &sum, &AffineExpr::dim(idx));
        sizes.push(OpFoldSize::Value(folded_dim(ir, op, at, input, dim)?));
    }
    let map = ir::affine::AffineMap::new(inputs.len(), 0, [sum]);
    let loc = ir.op_loc(op);
    let r = crate::affine_compose::make_composed_folded_affine_apply(ir, at, loc, &map, &sizes);
    out[dim] = OpFoldSize::Value(value_or_constant(ir, op, at, r));
    Some(out)
}

/// The extents of `shape`: static ones as they are, dynamic dimension `i`
/// as a `tensor.dim` of `src` at dimension `src_dim(i)`, built at `at`.
fn dims_of(
    ir: &mut Ir,
    op: OpId,
    at: InsertPoint,
    src: ValueId,
    shape: &[i64],
    src_dim: impl Fn(usize) -> Option<usize>,
) -> Option<Vec<OpFoldSize>> {
    let mut out = Vec::with_capacity(shape.len());
    for (i, &d) in shape.iter().enumerate() {
        if d != DYNAMIC {
            out.push(OpFoldSize::Static(d));
            continue;
        }
        let loc = ir.op_loc(op);
        out.push(OpFoldSize::Value(build_dim(ir, at, loc, src, src_dim(i)?)?));
    }
    Some(out)
}

// ----- subsets ----------------------------------------------------------------

/// The mixed offsets, sizes and strides of a slice op (MLIR's
/// `HyperrectangularSlice`).
struct Hyperrectangle {
    offsets: Vec<OpFoldSize>,
    sizes: Vec<OpFoldSize>,
    strides: Vec<OpFoldSize>,
}

impl Hyperrectangle {
    fn of(p: &SliceParams) -> Option<Hyperrectangle> {
        Some(Hyperrectangle { offsets: p.mixed_offsets()?, sizes: p.mixed_sizes()?, strides: p.mixed_strides()? })
    }

    fn same_rank(&self, o: &Hyperrectangle) -> bool {
        self.offsets.len() == o.offsets.len()
            && self.sizes.len() == o.sizes.len()
            && self.strides.len() == o.strides.len()
    }

    /// Same offsets, sizes and strides: equal constants or the same SSA
    /// values (`ValueBoundsConstraintSet::areEquivalentSlices` without the
    /// value-bounds analysis).
    fn equivalent(&self, o: &Hyperrectangle) -> bool {
        self.same_rank(o) && self.offsets == o.offsets && self.sizes == o.sizes && self.strides == o.strides
    }

    /// Provably non-overlapping: along some dimension, with constant
    /// entries, `offset1 + size1 * stride1 <= offset2` or the converse
    /// (`areOverlappingSlices` on constants).
    fn disjoint(&self, o: &Hyperrectangle) -> bool {
        let c = |m: &OpFoldSize| match m {
            OpFoldSize::Static(v) => Some(*v as i128),
            OpFoldSize::Value(_) => None,
        };
        let before = |a: &Hyperrectangle, b: &Hyperrectangle, i: usize| -> bool {
            let (Some(off), Some(size), Some(stride), Some(other)) =
                (c(&a.offsets[i]), c(&a.sizes[i]), c(&a.strides[i]), c(&b.offsets[i]))
            else {
                return false;
            };
            off + size * stride - other <= 0
        };
        self.same_rank(o) && (0..self.offsets.len()).any(|i| before(self, o, i) || before(o, self, i))
    }
}

/// The tensor accessed by a subset op: the destination of an insertion,
/// else the source of an extraction (MLIR's `getTensorContainer`), through
/// the registered interfaces so that any subset op can be compared.
fn tensor_container(ir: &Ir, op: OpId) -> Option<ValueId> {
    let reg = ir.ctx().registry();
    let name = ir.op_name(op);
    if let Some(ins) = reg.interface::<dyn SubsetInsertion>(name) {
        return Some(ir.use_value(ins.destination_operand(ir, op)));
    }
    reg.interface::<dyn SubsetExtraction>(name).map(|ext| ir.use_value(ext.source_operand(ir, op)))
}

/// Both ops' hyperrectangles when both are tensor slice ops on equivalent
/// containers.
fn comparable(ir: &Ir, op: OpId, other: OpId, equiv: EquivalenceFn<'_>) -> Option<(Hyperrectangle, Hyperrectangle)> {
    let a = SliceOp::cast(ir, op)?;
    let b = SliceOp::cast(ir, other)?;
    let (ra, rb) = (Hyperrectangle::of(&a.params(ir))?, Hyperrectangle::of(&b.params(ir))?);
    let (ca, cb) = (tensor_container(ir, op)?, tensor_container(ir, other)?);
    equiv(ca, cb).then_some((ra, rb))
}

/// `SubsetOpInterface` of the three slice ops (upstream's default
/// implementation over `getAccessedHyperrectangularSlice`).
pub(crate) struct SliceSubset;

impl SubsetOp for SliceSubset {
    fn operates_on_equivalent_subset(&self, ir: &Ir, op: OpId, other: OpId, equiv: EquivalenceFn<'_>) -> bool {
        comparable(ir, op, other, equiv).is_some_and(|(a, b)| a.equivalent(&b))
    }

    fn operates_on_disjoint_subset(&self, ir: &Ir, op: OpId, other: OpId, equiv: EquivalenceFn<'_>) -> bool {
        comparable(ir, op, other, equiv).is_some_and(|(a, b)| a.disjoint(&b))
    }
}

impl SubsetExtraction for SliceSubset {
    fn source_operand(&self, ir: &Ir, op: OpId) -> OperandId {
        ExtractSliceOp(op).source_operand(ir)
    }
}

/// `SubsetInsertionOpInterface` of `tensor.insert_slice` and
/// `tensor.parallel_insert_slice` (both laid out as `source`, `dest`, then
/// the three lists).
pub(crate) struct InsertSliceSubset;

impl SubsetInsertion for InsertSliceSubset {
    fn source_operand(&self, ir: &Ir, op: OpId) -> OperandId {
        ParallelInsertSliceOp(op).source_operand(ir)
    }

    fn destination_operand(&self, ir: &Ir, op: OpId) -> OperandId {
        ParallelInsertSliceOp(op).dest_operand(ir)
    }

    fn updated_destination(&self, ir: &Ir, op: OpId) -> Option<ValueId> {
        InsertSliceOp::cast(ir, op).map(|s| s.result(ir))
    }

    /// True when `candidate` is produced by a subset extraction of the same
    /// subset (upstream's `defaultIsEquivalentSubset`).
    fn is_equivalent_subset(&self, ir: &Ir, op: OpId, candidate: ValueId, equiv: EquivalenceFn<'_>) -> bool {
        let Some(def) = ir.defining_op(candidate) else { return false };
        let reg = ir.ctx().registry();
        if reg.interface::<dyn SubsetExtraction>(ir.op_name(def)).is_none() {
            return false;
        }
        SliceSubset.operates_on_equivalent_subset(ir, op, def, equiv)
    }

    /// The offsets, sizes and strides, then the destination (upstream's
    /// order).
    fn values_needed_to_build_subset_extraction(&self, ir: &Ir, op: OpId) -> Vec<ValueId> {
        let s = ParallelInsertSliceOp(op);
        let mut out = s.offsets(ir).to_vec();
        out.extend(s.sizes(ir).iter());
        out.extend(s.strides(ir).iter());
        out.push(s.dest(ir));
        out
    }

    /// `tensor.extract_slice` of the destination at the same offsets, sizes
    /// and strides, typed as the inserted source.
    fn build_subset_extraction(&self, b: &mut dyn OpBuilder, op: OpId, loc: Location) -> Option<ValueId> {
        let ir = b.ir();
        let s = ParallelInsertSliceOp(op);
        let p = s.params(ir);
        let (offsets, sizes, strides) = (p.mixed_offsets()?, p.mixed_sizes()?, p.mixed_strides()?);
        let (dest, ty) = (s.dest(ir), ir.value_type(s.source(ir)));
        let slice = MixedSlice { offsets: &offsets, sizes: &sizes, strides: &strides };
        build_extract_slice(b, loc, dest, slice, super::build::SliceType::Exactly(ty))
    }
}
