//! The `memref` dialect: `alloc`, `alloca`, `alloca_scope` (with
//! `alloca_scope.return`), `assume_alignment`, `atomic_rmw`, `cast`,
//! `collapse_shape`, `copy`, `dealloc`, `dim`, `expand_shape`,
//! `extract_aligned_pointer_as_index`, `extract_strided_metadata`,
//! `generic_atomic_rmw` (with `atomic_yield`), `get_global`, `global`,
//! `load`, `memory_space_cast`, `prefetch`, `rank`, `realloc`,
//! `reinterpret_cast`, `reshape`, `store`, `subview`, `transpose` and
//! `view`. (`dma_start`/`dma_wait` are not modelled.)
//!
//! For each op this module owns its registration (traits and the exact
//! inherent attributes, so the generic form matches mlir-opt-19), its custom
//! syntax and result-name hints, its verifier (ODS constraints and the op's
//! own checks, with upstream's wording), its folder, and its interfaces
//! (`MemoryEffects`, `ViewLike`, `CopyLike`, `CastLike`, `RegionBranch`,
//! `RegionTerminator`, `ReifyShapes`, `AllocationOp` and
//! [`OffsetSizeAndStride`]). Upstream's canonicalization patterns are
//! attached to the ops by their declarations; [`compose_subviews`],
//! upstream's separate subview-composition pattern, is exported for passes
//! that want it.
//!
//! Layout arithmetic (strides, subview and reshape result types, cast rules)
//! lives in [`crate::layout`]; the mixed static/dynamic index lists in
//! [`crate::static_dynamic`].
//!
//! Memory effects follow upstream: `alloc`/`alloca` allocate their result
//! (an `alloca`'s memory is released when its enclosing automatic allocation
//! scope ends, which is not an effect of the op itself), `dealloc` frees its
//! operand, `realloc` frees its source and allocates its result, `load`
//! reads, `store` writes, and `copy` reads its source and writes its target.
//!
//! The module is split by concern: [`ops`] declares every op once (typed
//! views, builders, registration), `verify` holds the verifiers and ODS
//! constraint checks, `asm` the custom syntax, `fold` the folders, `canon`
//! the canonicalization patterns and `interfaces` the interface
//! implementations (memory effects, views, casts, `AllocationOp`, …).

use crate::layout::{self, is_ranked_memref, tensor_type_from_memref, SliceVerification};
use crate::static_dynamic::{
    self, mixed_values, parse_index_list, print_dynamic_index_list, Delimiter, OffsetSizeAndStride, SliceParams,
};
use crate::util::{
    add_attr, check_min_operands, check_num_operands, check_num_regions, check_num_results, check_operands,
    check_results, check_types, custom_error, custom_error_at_name, expect_colon, expect_keyword, expect_token,
    name_result, op_error, parse_opt_attr_dict, parse_type_of, plain_error, print_operand, print_operand_type,
    print_result_type, q, register_dialect, resolve_all, ExpandShapeAsm, TypePred,
};
use ir::buffer_interfaces::{AllocationOp, BufferViewFlow, HoistingKind};
use ir::interfaces::{
    CastLike, CopyLike, Effect, EffectKind, EffectOn, MemoryEffects, OpFoldSize, RegionBranch, RegionSuccessor,
    RegionTerminator, ReifyShapes, ViewLike,
};
use ir::op_decl::{OpBuilder, OpView};
use ir::rewrite_api::PatternRewriter;
use ir::{
    AttrKind, Attribute, Context, Diagnostic, FoldOutcome, InsertPoint, Ir, Location, NamedAttr, OpFoldResult, OpId,
    OpSpec, OpTraits, RegionId, Type, TypeKind, ValueId, DYNAMIC,
};
use smallvec::{smallvec, SmallVec};
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::IrParser;
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

mod asm;
mod canon;
mod fold;
mod interfaces;
pub mod ops;
mod verify;

pub use self::canon::*;
pub use self::fold::{can_fold_into_consumer, fold_memref_cast, subview_dropped_dims};
pub use self::ops::*;
pub use self::verify::{extract_strided_metadata_types, reassociation_attr, reassociation_indices};
// The submodules see each other's `pub(super)` items through these.
use self::{asm::*, fold::*, interfaces::*, verify::*};

#[cfg(test)]
mod tests;
