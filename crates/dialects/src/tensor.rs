//! The `tensor` dialect: `tensor.empty`, `extract`, `insert`,
//! `extract_slice`, `insert_slice`, `parallel_insert_slice`, `dim`, `rank`,
//! `cast`, `bitcast`, `generate`, `yield`, `pad`, `collapse_shape`,
//! `expand_shape`, `reshape`, `from_elements`, `splat`, `concat`, `gather`,
//! `scatter`, `pack` and `unpack`.
//!
//! Each op is declared once with `declare_op!` in [`ops`](self::ops), which
//! gives its typed view (`ExtractSliceOp(op).source(&ir)`,
//! `.static_sizes(&ir)`, `.params(&ir)`), its typed builder and its
//! registration. The rest is split by concern:
//! - `types`: type computations other code needs: slice result types with
//!   rank reduction ([`infer_slice_result_type`],
//!   [`canonical_rank_reduced_type`]; rank-reduction checks are
//!   [`crate::layout`]'s), reshape types ([`collapsed_type`]), pad types
//!   ([`pad_result_type`]) and cast compatibility;
//! - `verify`: the verifiers, with upstream's wording;
//! - `asm`: mlir-opt-19's custom syntax and result-name hints;
//! - `fold`: the folders; `canon`, `shape_canon`, `reshape_canon`,
//!   `pad_canon` and `generate_canon`: the canonicalization patterns;
//! - `interfaces`: `CastLike`, `DestinationStyle`, `ReifyShapes`,
//!   [`OffsetSizeAndStride`](crate::static_dynamic::OffsetSizeAndStride),
//!   and the subset interfaces of the slice ops;
//! - `build`: builders with logic beyond the generated ones.
//!
//! The ODS-style checking helpers of [`crate::util`] are re-exported here
//! (`pub(crate)`) for the modules that import them from `tensor`.

mod asm;
mod build;
mod canon;
mod fold;
mod generate_canon;
mod interfaces;
mod ops;
mod pad_canon;
mod reshape_canon;
mod shape_canon;
#[cfg(test)]
mod tests;
mod types;
mod verify;

pub use build::{
    build_dim, build_dim_folded, build_dim_of, build_empty_mixed, build_extract_slice, build_index_constant,
    build_insert_slice, MixedSlice, SliceType,
};
pub use canon::{chained_bitcast, chained_cast, single_input_concat};
pub use fold::{
    can_fold_cast_into_consumer, dense_element, fold_cast, fold_dim, fold_extract, fold_extract_slice,
    fold_from_elements, fold_insert_slice, fold_rank, fold_reshape, fold_splat, fold_tensor_cast_operands,
    preserves_static_information, splat_elements,
};
pub use ops::{
    pad_constant_padding_value, pad_mixed_high, pad_mixed_low, BitcastOp, CastOp, CollapseShapeOp, ConcatOp, DimOp,
    EmptyOp, ExpandShapeOp, ExtractOp, ExtractSliceOp, FromElementsOp, GatherOp, GenerateOp, InsertOp, InsertSliceOp,
    PackOp, PadOp, ParallelInsertSliceOp, RankOp, Relayout, ReshapeOp, ScatterOp, SliceOp, SplatOp, UnPackOp, YieldOp,
};
pub(crate) use types::is_index;
pub use types::{
    bitcast_compatible, canonical_rank_reduced_type, cast_compatible, collapsed_type, compatible_shapes,
    gather_result_type, infer_slice_result_type, invert_permutation, is_ranked_tensor, is_tensor,
    pack_requires_padding, packed_shape, pad_result_type, rank, reassociation, reassociation_attr, tensor_parts,
    tensor_type,
};

use crate::static_dynamic;
use crate::util::register_dialect;
use ir::{Context, Diagnostic, Ir, OpId};

/// The attributes the slice ops' custom syntax spells out.
const SLICE_ATTRS: [&str; 4] = ["operandSegmentSizes", "static_offsets", "static_sizes", "static_strides"];

/// Registers the tensor dialect.
pub fn register(ctx: &mut Context) {
    register_dialect(ctx, "tensor", false);
    // Upstream's tensor dialect materializes folded constants as `arith.constant`.
    let n = ctx.intern_str("tensor");
    ctx.registry_mut().set_materializer(n, std::sync::Arc::new(crate::complex::ComplexMaterializer));
    ops::register_tensor_ops(ctx);
    crate::patterns::register_dialect_patterns(
        ctx,
        "tensor",
        &[("FoldTensorCastProducerOp", canon::fold_tensor_cast_producer)],
    );
}

pub use crate::patterns::{FnPattern, PatternFn};

// ===== shared ODS-style helpers ============================================

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
