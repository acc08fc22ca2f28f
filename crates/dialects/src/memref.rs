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
//! `RegionTerminator`, `ReifyShapes` and [`OffsetSizeAndStride`]).
//! Upstream's canonicalization patterns are attached to the ops as
//! `CanonicalizationPatterns` (listed by [`canonicalization_patterns`]);
//! [`compose_subviews`], upstream's separate subview-composition pattern,
//! is exported for passes that want it.
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

use crate::layout::{self, SliceVerification};
use crate::static_dynamic::{
    self, mixed_values, parse_index_list, print_dynamic_index_list, segment_sizes_attr, segment_values,
    slice_params_at, Delimiter, OffsetSizeAndStride,
};
use crate::util::{
    add_attr, any_type, check_min_operands, check_num_operands, check_num_regions, check_num_results, check_operands,
    check_results, check_types, custom_error, custom_error_at_name, expect_colon, expect_keyword, expect_token,
    name_result, op_error, parse_opt_attr_dict, parse_type_of, plain_error, print_operand, print_operand_type,
    print_result_type, q, register_dialect, register_op, resolve_all, set_folders, ConvertAsm, ExpandShapeAsm,
    OperandAsm, ReshapeAsm, TypePred,
};
use ir::interfaces::{
    CastLike, CopyLike, Effect, EffectKind, EffectOn, MemoryEffects, OpFoldSize, RegionBranch, RegionSuccessor,
    RegionTerminator, ReifyShapes, ViewLike,
};
use ir::rewrite_api::PatternRewriter;
use ir::{
    AttrKind, Attribute, Context, Diagnostic, FoldOutcome, InsertPoint, Ir, Location, NamedAttr, OpFoldResult, OpId,
    OpSpec, OpTraits, RegionId, Type, TypeKind, ValueId, DYNAMIC,
};
use smallvec::{smallvec, SmallVec};
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::{IrParser, UnresolvedOperand};
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

const SLICE_ATTRS: [&str; 4] = ["operandSegmentSizes", "static_offsets", "static_sizes", "static_strides"];

// ===== registration ========================================================

/// Registers the memref dialect.
pub fn register(ctx: &mut Context) {
    register_dialect(ctx, "memref", false);
    let pure = OpTraits::PURE;
    let none = OpTraits::default();
    type V = ir::registry::VerifyFn;
    let mut reg = |name: &str, traits: OpTraits, attrs: &[&str], verify: V, asm: Box<dyn OpAsm>| {
        register_op(ctx, name, traits, attrs, Some(verify), Some(asm));
    };
    reg("memref.alloc", none, &["alignment", "operandSegmentSizes"], verify_alloc, Box::new(AllocAsm("alloc")));
    reg("memref.alloca", none, &["alignment", "operandSegmentSizes"], verify_alloca, Box::new(AllocAsm("alloca")));
    reg(
        "memref.alloca_scope",
        OpTraits::AUTOMATIC_ALLOCATION_SCOPE
            | OpTraits::SINGLE_BLOCK
            | OpTraits::IMPLICIT_TERMINATOR
            | OpTraits::RECURSIVE_MEMORY_EFFECTS,
        &[],
        verify_alloca_scope,
        Box::new(AllocaScopeAsm),
    );
    reg(
        "memref.alloca_scope.return",
        OpTraits::TERMINATOR | OpTraits::RETURN_LIKE | pure,
        &[],
        verify_alloca_scope_return,
        Box::new(AllocaScopeReturnAsm),
    );
    reg("memref.assume_alignment", none, &["alignment"], verify_assume_alignment, Box::new(AssumeAlignmentAsm));
    reg("memref.atomic_rmw", none, &["kind"], verify_atomic_rmw, Box::new(AtomicRmwAsm));
    reg(
        "memref.atomic_yield",
        OpTraits::TERMINATOR | pure,
        &[],
        verify_atomic_yield,
        Box::new(OperandAsm { ok: any_type, index_result: false, hint: None }),
    );
    reg("memref.cast", pure, &[], verify_cast, Box::new(ConvertAsm::cast(is_any_memref, Some("cast"))));
    reg(
        "memref.collapse_shape",
        pure,
        &["reassociation"],
        verify_collapse_shape,
        Box::new(ConvertAsm::collapse(is_memref, "collapse_shape")),
    );
    reg("memref.copy", none, &[], verify_copy, Box::new(CopyAsm));
    reg(
        "memref.dealloc",
        none,
        &[],
        verify_dealloc,
        Box::new(OperandAsm { ok: is_any_memref, index_result: false, hint: None }),
    );
    reg("memref.dim", none, &[], verify_dim, Box::new(DimAsm));
    reg(
        "memref.expand_shape",
        pure,
        &["reassociation", "static_output_shape"],
        verify_expand_shape,
        Box::new(ExpandShapeAsm { ok: is_memref, hint: "expand_shape" }),
    );
    reg(
        "memref.extract_aligned_pointer_as_index",
        pure,
        &[],
        verify_extract_aligned_pointer,
        Box::new(ExtractAsm { metadata: false }),
    );
    reg(
        "memref.extract_strided_metadata",
        pure,
        &[],
        verify_extract_strided_metadata,
        Box::new(ExtractAsm { metadata: true }),
    );
    reg(
        "memref.generic_atomic_rmw",
        OpTraits::SINGLE_BLOCK,
        &[],
        verify_generic_atomic_rmw,
        Box::new(GenericAtomicRmwAsm),
    );
    reg("memref.get_global", pure | OpTraits::SYMBOL_USER, &["name"], verify_get_global, Box::new(GetGlobalAsm));
    reg(
        "memref.global",
        OpTraits::SYMBOL,
        &["alignment", "constant", "initial_value", "sym_name", "sym_visibility", "type"],
        verify_global,
        Box::new(GlobalAsm),
    );
    reg("memref.load", none, &["nontemporal"], verify_load, Box::new(LoadAsm));
    reg(
        "memref.memory_space_cast",
        pure,
        &[],
        verify_memory_space_cast,
        Box::new(ConvertAsm::cast(is_any_memref, Some("memspacecast"))),
    );
    reg("memref.prefetch", none, &["isDataCache", "isWrite", "localityHint"], verify_prefetch, Box::new(PrefetchAsm));
    reg(
        "memref.rank",
        pure,
        &[],
        verify_rank,
        Box::new(OperandAsm { ok: is_any_memref, index_result: true, hint: None }),
    );
    reg("memref.realloc", none, &["alignment"], verify_realloc, Box::new(ReallocAsm));
    reg(
        "memref.reinterpret_cast",
        pure,
        &SLICE_ATTRS,
        verify_reinterpret_cast,
        Box::new(SliceAsm { labelled: true, source: is_any_memref, name: "reinterpret_cast" }),
    );
    reg("memref.reshape", pure, &[], verify_reshape, Box::new(ReshapeAsm));
    reg("memref.store", none, &["nontemporal"], verify_store, Box::new(StoreAsm));
    reg(
        "memref.subview",
        pure,
        &SLICE_ATTRS,
        verify_subview,
        Box::new(SliceAsm { labelled: false, source: is_memref, name: "subview" }),
    );
    reg("memref.transpose", pure, &["permutation"], verify_transpose, Box::new(TransposeAsm));
    reg("memref.view", pure, &[], verify_view, Box::new(ViewAsm));

    register_folders(ctx);
    register_interfaces(ctx);
    register_patterns(ctx);
}

fn register_folders(ctx: &mut Context) {
    let folders: [(&str, ir::registry::FoldFn); 16] = [
        ("memref.atomic_rmw", fold_atomic_rmw),
        ("memref.cast", fold_cast),
        ("memref.collapse_shape", fold_collapse_shape),
        ("memref.copy", fold_copy),
        ("memref.dealloc", fold_dealloc),
        ("memref.dim", fold_dim),
        ("memref.expand_shape", fold_expand_shape),
        ("memref.extract_strided_metadata", fold_extract_strided_metadata),
        ("memref.load", fold_load),
        ("memref.memory_space_cast", fold_memory_space_cast),
        ("memref.prefetch", fold_prefetch),
        ("memref.rank", fold_rank),
        ("memref.reinterpret_cast", fold_reinterpret_cast),
        ("memref.store", fold_store),
        ("memref.subview", fold_subview),
        ("memref.transpose", fold_transpose),
    ];
    set_folders(ctx, &folders);
}

fn register_interfaces(ctx: &mut Context) {
    let mut add_effects = |name: &str, e: MemEffects| {
        let n = ctx.intern_str(name);
        ctx.registry_mut().add_interface::<dyn MemoryEffects>(n, Box::new(e));
    };
    add_effects("memref.alloc", MemEffects(&[(EffectKind::Allocate, EffectOn::Result(0))]));
    add_effects("memref.dealloc", MemEffects(&[(EffectKind::Free, EffectOn::Operand(0))]));
    add_effects(
        "memref.realloc",
        MemEffects(&[(EffectKind::Free, EffectOn::Operand(0)), (EffectKind::Allocate, EffectOn::Result(0))]),
    );
    add_effects("memref.load", MemEffects(&[(EffectKind::Read, EffectOn::Operand(0))]));
    add_effects("memref.store", MemEffects(&[(EffectKind::Write, EffectOn::Operand(1))]));
    add_effects(
        "memref.copy",
        MemEffects(&[(EffectKind::Read, EffectOn::Operand(0)), (EffectKind::Write, EffectOn::Operand(1))]),
    );
    add_effects("memref.dim", MemEffects(&[]));
    let rmw: &'static [(EffectKind, EffectOn)] =
        &[(EffectKind::Read, EffectOn::Operand(1)), (EffectKind::Write, EffectOn::Operand(1))];
    add_effects("memref.atomic_rmw", MemEffects(rmw));
    add_effects(
        "memref.generic_atomic_rmw",
        MemEffects(&[(EffectKind::Read, EffectOn::Operand(0)), (EffectKind::Write, EffectOn::Operand(0))]),
    );

    for name in [
        "memref.cast",
        "memref.collapse_shape",
        "memref.expand_shape",
        "memref.extract_strided_metadata",
        "memref.memory_space_cast",
        "memref.reinterpret_cast",
        "memref.reshape",
        "memref.subview",
        "memref.transpose",
        "memref.view",
    ] {
        let n = ctx.intern_str(name);
        ctx.registry_mut().add_interface::<dyn ViewLike>(n, Box::new(FirstOperandView));
    }
    let n = ctx.intern_str("memref.alloca");
    ctx.registry_mut().add_interface::<dyn MemoryEffects>(n, Box::new(AllocaEffects));
    let n = ctx.intern_str("memref.copy");
    ctx.registry_mut().add_interface::<dyn CopyLike>(n, Box::new(CopyIface));
    let n = ctx.intern_str("memref.cast");
    ctx.registry_mut().add_interface::<dyn CastLike>(n, Box::new(CastIface { memory_space: false }));
    let n = ctx.intern_str("memref.memory_space_cast");
    ctx.registry_mut().add_interface::<dyn CastLike>(n, Box::new(CastIface { memory_space: true }));
    let n = ctx.intern_str("memref.alloca_scope");
    ctx.registry_mut().add_interface::<dyn RegionBranch>(n, Box::new(AllocaScopeBranch));
    let n = ctx.intern_str("memref.alloca_scope.return");
    ctx.registry_mut().add_interface::<dyn RegionTerminator>(n, Box::new(ForwardAll));
    let n = ctx.intern_str("memref.expand_shape");
    ctx.registry_mut().add_interface::<dyn ReifyShapes>(n, Box::new(ExpandShapeReify));
    let n = ctx.intern_str("memref.subview");
    ctx.registry_mut().add_interface::<dyn OffsetSizeAndStride>(n, Box::new(SliceLayout::SubView));
    let n = ctx.intern_str("memref.reinterpret_cast");
    ctx.registry_mut().add_interface::<dyn OffsetSizeAndStride>(n, Box::new(SliceLayout::ReinterpretCast));
}

// ===== interfaces ==========================================================

struct MemEffects(&'static [(EffectKind, EffectOn)]);

impl MemoryEffects for MemEffects {
    fn effects(&self, _ir: &Ir, _op: OpId, out: &mut Vec<Effect>) {
        out.extend(self.0.iter().map(|&(kind, on)| Effect::new(kind, on)));
    }
}

/// `memref.alloca`: allocates on the automatic allocation scope.
struct AllocaEffects;

impl MemoryEffects for AllocaEffects {
    fn effects(&self, _ir: &Ir, _op: OpId, out: &mut Vec<Effect>) {
        let scope = ir::interfaces::Resource::AutomaticAllocationScope;
        out.push(Effect::on_resource(EffectKind::Allocate, EffectOn::Result(0), scope));
    }
}

struct FirstOperandView;

impl ViewLike for FirstOperandView {
    fn view_source(&self, _ir: &Ir, _op: OpId) -> usize {
        0
    }
}

struct CopyIface;

impl CopyLike for CopyIface {
    fn source(&self, _ir: &Ir, _op: OpId) -> usize {
        0
    }
    fn target(&self, _ir: &Ir, _op: OpId) -> usize {
        1
    }
}

struct CastIface {
    memory_space: bool,
}

impl CastLike for CastIface {
    fn are_cast_compatible(&self, ir: &Ir, inputs: &[Type], outputs: &[Type]) -> bool {
        let ([a], [b]) = (inputs, outputs) else { return false };
        if self.memory_space {
            layout::memory_space_cast_compatible(ir.ctx(), *a, *b)
        } else {
            layout::are_cast_compatible(ir.ctx(), *a, *b)
        }
    }
}

struct AllocaScopeBranch;

impl RegionBranch for AllocaScopeBranch {
    fn successors(&self, ir: &Ir, op: OpId, from: Option<RegionId>, out: &mut SmallVec<[RegionSuccessor; 2]>) {
        match from {
            None => {
                if let Some(&r) = ir.regions(op).first() {
                    out.push(RegionSuccessor::Region(r));
                }
            }
            Some(_) => out.push(RegionSuccessor::Parent),
        }
    }
    fn entry_operands(&self, _ir: &Ir, _op: OpId, _to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
        SmallVec::new()
    }
}

/// `alloca_scope.return` forwards all its operands to the parent's results.
struct ForwardAll;

impl RegionTerminator for ForwardAll {
    fn forwarded_operands(&self, ir: &Ir, op: OpId, _to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
        ir.operands(op).collect()
    }
}

struct ExpandShapeReify;

impl ReifyShapes for ExpandShapeReify {
    fn reify(&self, ir: &mut Ir, op: OpId) -> Option<Vec<Vec<OpFoldSize>>> {
        let statics = static_dynamic::i64_array(ir, op, "static_output_shape");
        let dynamics: Vec<ValueId> = ir.operands(op).skip(1).collect();
        Some(vec![mixed_values(&statics, &dynamics)?])
    }
}

/// How `subview` and `reinterpret_cast` lay out their offset, size and
/// stride lists.
enum SliceLayout {
    SubView,
    ReinterpretCast,
}

impl OffsetSizeAndStride for SliceLayout {
    fn offsets_segment(&self) -> usize {
        1
    }
    fn num_segments(&self) -> usize {
        4
    }
    fn max_ranks(&self, ir: &Ir, op: OpId) -> [usize; 3] {
        match self {
            SliceLayout::SubView => {
                let r = operand_rank(ir, op, 0);
                [r, r, r]
            }
            SliceLayout::ReinterpretCast => {
                let r = result_rank(ir, op);
                [1, r, r]
            }
        }
    }
}

fn operand_rank(ir: &Ir, op: OpId, i: usize) -> usize {
    if i >= ir.num_operands(op) {
        return 0;
    }
    ir.ctx().shape(ir.value_type(ir.operand(op, i))).map_or(0, <[i64]>::len)
}

fn result_rank(ir: &Ir, op: OpId) -> usize {
    if ir.num_results(op) == 0 {
        return 0;
    }
    ir.ctx().shape(ir.value_type(ir.result(op, 0))).map_or(0, <[i64]>::len)
}

// ===== diagnostics and ODS-style constraint checks ==========================

fn is_memref(ctx: &Context, t: Type) -> bool {
    layout::is_ranked_memref(ctx, t)
}
fn is_any_memref(ctx: &Context, t: Type) -> bool {
    ctx.is_memref(t)
}
fn is_index(ctx: &Context, t: Type) -> bool {
    ctx.is_index(t)
}
fn is_strided_memref(ctx: &Context, t: Type) -> bool {
    layout::is_strided(ctx, t)
}
fn is_1d_memref(ctx: &Context, t: Type) -> bool {
    is_memref(ctx, t) && ctx.shape(t).is_some_and(|s| s.len() == 1)
}
fn is_static_memref(ctx: &Context, t: Type) -> bool {
    is_memref(ctx, t) && ctx.has_static_shape(t)
}
fn is_non0_ranked_or_unranked_memref(ctx: &Context, t: Type) -> bool {
    layout::is_unranked_memref(ctx, t) || (is_memref(ctx, t) && ctx.shape(t).is_some_and(|s| !s.is_empty()))
}
fn is_shape_memref(ctx: &Context, t: Type) -> bool {
    is_1d_memref(ctx, t)
        && ctx.element_type(t).is_some_and(|e| {
            ctx.is_index(e) || matches!(ctx.kind(e), TypeKind::Integer { signedness: ir::Signedness::Signless, .. })
        })
}
fn is_i8_1d_memref(ctx: &Context, t: Type) -> bool {
    is_1d_memref(ctx, t) && ctx.element_type(t).is_some_and(|e| e == ctx.int_ty(8))
}
fn is_strided_rank0_memref(ctx: &Context, t: Type) -> bool {
    is_strided_memref(ctx, t) && ctx.shape(t).is_some_and(<[i64]>::is_empty)
}

const MEMREF: &str = "memref of any type values";
const ANY_MEMREF: &str = "ranked or unranked memref of any type values";
const STRIDED: &str = "strided memref of any type values";
const INDEX: &str = "index";

/// `operand #i must be <desc>, but got '<type>'` when operand `i` exists
/// and fails `ok`.
fn check_operand(ir: &Ir, op: OpId, i: usize, ok: TypePred, desc: &str) -> Result<(), Diagnostic> {
    check_operands(ir, op, i..i + 1, ok, desc)
}

/// `operand #i must be variadic of <desc>, but got '<type>'` for the
/// operands of a variadic group.
fn check_variadic_operands(
    ir: &Ir,
    op: OpId,
    range: std::ops::Range<usize>,
    ok: TypePred,
    desc: &str,
) -> Result<(), Diagnostic> {
    check_types(ir, op, false, range, ok, "variadic of ", desc)
}

/// `result #i must be <desc>, but got '<type>'` when result `i` exists and
/// fails `ok`.
fn check_result(ir: &Ir, op: OpId, i: usize, ok: TypePred, desc: &str) -> Result<(), Diagnostic> {
    check_results(ir, op, i..i + 1, ok, desc)
}

/// How many operands or results an op may have.
#[derive(Clone, Copy)]
enum Count {
    Exact(usize),
    AtLeast(usize),
}

/// The structural traits ODS puts before an op's invariants, in their
/// order: region count, result count, no successors, operand count.
fn check_structure(ir: &Ir, op: OpId, operands: Count, results: Count, regions: usize) -> Result<(), Diagnostic> {
    check_num_regions(ir, op, regions)?;
    match results {
        Count::Exact(k) => check_num_results(ir, op, k)?,
        Count::AtLeast(k) if ir.num_results(op) < k => {
            return Err(op_error(ir, op, format!("expected {k} or more results, but found {}", ir.num_results(op))))
        }
        Count::AtLeast(_) => {}
    }
    let s = ir.successors(op).len();
    if s != 0 {
        return Err(op_error(ir, op, format!("requires 0 successors but found {s}")));
    }
    match operands {
        Count::Exact(k) => check_num_operands(ir, op, k),
        Count::AtLeast(k) => check_min_operands(ir, op, k),
    }
}

fn int_attr_of_width(ctx: &Context, a: Attribute, width: u32) -> Option<i128> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { ty, .. }
            if ctx.kind(*ty) == &TypeKind::Integer { width, signedness: ir::Signedness::Signless } =>
        {
            ctx.int_value(a)
        }
        _ => None,
    }
}

/// An optional `I64Attr` (with `IntMinValue<0>` when `min0`).
fn check_optional_i64(ir: &Ir, op: OpId, name: &str, min0: bool) -> Result<Option<i64>, Diagnostic> {
    let Some(a) = ir.attr(op, name) else { return Ok(None) };
    match int_attr_of_width(ir.ctx(), a, 64) {
        Some(v) if !min0 || v >= 0 => Ok(Some(v as i64)),
        _ => {
            let desc = if min0 {
                "64-bit signless integer attribute whose minimum value is 0"
            } else {
                "64-bit signless integer attribute"
            };
            Err(op_error(ir, op, format!("attribute '{name}' failed to satisfy constraint: {desc}")))
        }
    }
}

fn check_optional_bool(ir: &Ir, op: OpId, name: &str) -> Result<(), Diagnostic> {
    match ir.attr(op, name) {
        Some(a) if !matches!(ir.ctx().attr_kind(a), AttrKind::Bool(_)) => {
            Err(op_error(ir, op, format!("attribute '{name}' failed to satisfy constraint: bool attribute")))
        }
        _ => Ok(()),
    }
}

/// The `reassociation` attribute: an array of arrays of `i64` integers.
fn reassociation(ir: &Ir, op: OpId) -> Result<Vec<Vec<i64>>, Diagnostic> {
    let ctx = ir.ctx();
    let Some(a) = ir.attr(op, "reassociation") else {
        return Err(op_error(ir, op, "requires attribute 'reassociation'"));
    };
    let bad = || {
        op_error(
            ir,
            op,
            "attribute 'reassociation' failed to satisfy constraint: Array of 64-bit integer array attributes",
        )
    };
    let groups = ctx.array_value(a).ok_or_else(bad)?;
    groups
        .iter()
        .map(|&g| {
            let elems = ctx.array_value(g).ok_or_else(bad)?;
            elems.iter().map(|&e| int_attr_of_width(ctx, e, 64).map(|v| v as i64).ok_or_else(bad)).collect()
        })
        .collect()
}

/// The reassociation of a (valid) reshape op, empty when malformed.
pub fn reassociation_indices(ir: &Ir, op: OpId) -> Vec<Vec<i64>> {
    reassociation(ir, op).unwrap_or_default()
}

/// Builds a `reassociation` attribute from its groups.
pub fn reassociation_attr(ctx: &Context, groups: &[Vec<i64>]) -> Attribute {
    let i64t = ctx.int_ty(64);
    let arrs: Vec<Attribute> = groups
        .iter()
        .map(|g| {
            let elems: Vec<Attribute> = g.iter().map(|&d| ctx.int_attr(i64t, d as i128)).collect();
            ctx.array_attr(&elems)
        })
        .collect();
    ctx.array_attr(&arrs)
}

fn value_ty(ir: &Ir, op: OpId, i: usize) -> Option<Type> {
    (i < ir.num_operands(op)).then(|| ir.value_type(ir.operand(op, i)))
}

fn result_ty(ir: &Ir, op: OpId) -> Option<Type> {
    (ir.num_results(op) > 0).then(|| ir.value_type(ir.result(op, 0)))
}

fn dynamic_dim_count(ctx: &Context, t: Type) -> usize {
    ctx.shape(t).map_or(0, |s| s.iter().filter(|&&d| d == DYNAMIC).count())
}

// ===== verifiers ===========================================================

/// The ODS invariants of `alloc` and `alloca`.
fn alloc_invariants(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::AtLeast(0), Count::Exact(1), 0)?;
    check_optional_i64(ir, op, "alignment", true)?;
    static_dynamic::verify_operand_segments(ir, op, 2)?;
    check_variadic_operands(ir, op, 0..ir.num_operands(op), is_index, INDEX)?;
    check_result(ir, op, 0, is_memref, MEMREF)
}

/// `verifyAllocLikeOp`: operand counts against the memref type.
fn alloc_checks(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let Some(t) = result_ty(ir, op) else { return Ok(()) };
    let sizes = segment_values(ir, op, 2, 0).len();
    if sizes != dynamic_dim_count(ctx, t) {
        return Err(op_error(ir, op, "dimension operand count does not equal memref dynamic dimension count"));
    }
    let num_symbols = match ctx.memref_layout(t) {
        Some(l) if !layout::is_identity_layout(ctx, Some(l)) => {
            let rank = ctx.shape(t).map_or(0, <[i64]>::len);
            layout::layout_affine_map(ctx, Some(l), rank).map_or(0, |m| m.num_symbols)
        }
        _ => 0,
    };
    let symbols = segment_values(ir, op, 2, 1).len();
    if symbols != num_symbols {
        return Err(op_error(
            ir,
            op,
            format!("symbol operand count does not equal memref symbol count: expected {num_symbols}, got {symbols}"),
        ));
    }
    Ok(())
}

fn verify_alloc(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    alloc_invariants(ir, op)?;
    alloc_checks(ir, op)
}

fn verify_alloca(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    alloc_invariants(ir, op)?;
    let mut cur = ir.parent_op(op);
    loop {
        match cur {
            Some(p) if ir.has_trait(p, OpTraits::AUTOMATIC_ALLOCATION_SCOPE) => break,
            Some(p) => cur = ir.parent_op(p),
            None => return Err(op_error(ir, op, "requires an ancestor op with AutomaticAllocationScope trait")),
        }
    }
    alloc_checks(ir, op)
}

fn verify_alloca_scope(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::Exact(0), Count::AtLeast(0), 1)?;
    let r = ir.region(op, 0);
    let n = ir.region_blocks(r).count();
    if n > 1 {
        return Err(op_error(ir, op, "expects region #0 to have 0 or 1 blocks"));
    }
    let Some(b) = ir.entry_block(r) else {
        return Err(op_error(ir, op, "region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks"));
    };
    if !ir.block_args(b).is_empty() {
        return Err(op_error(ir, op, "region should have no arguments"));
    }
    let Some(last) = ir.last_op(b) else { return Ok(()) };
    if ir.is_op(last, "memref.alloca_scope.return") {
        let ctx = ir.ctx();
        let (from, to) = (ir.operand_types(last), ir.result_types(op));
        if from.len() != to.len() {
            return Err(op_error(
                ir,
                op,
                format!(
                    " region control flow edge from Region #0 to parent results: source has {} operands, but target successor needs {}",
                    from.len(),
                    to.len()
                ),
            ));
        }
        for (i, (&a, &b)) in from.iter().zip(to.iter()).enumerate() {
            if a != b {
                return Err(op_error(
                    ir,
                    op,
                    format!(
                        " along control flow edge from Region #0 to parent results: source type #{i} {} should match input type #{i} {}",
                        q(ctx, a),
                        q(ctx, b)
                    ),
                ));
            }
        }
        return Ok(());
    }
    Err(op_error(
        ir,
        op,
        format!("expects regions to end with 'memref.alloca_scope.return', found '{}'", ir.op_name_str(last)),
    )
    .with_note(
        ir.op_loc(op),
        "in custom textual format, the absence of terminator implies 'memref.alloca_scope.return'",
    ))
}

fn verify_alloca_scope_return(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::AtLeast(0), Count::Exact(0), 0)?;
    match ir.parent_op(op) {
        Some(p) if ir.is_op(p, "memref.alloca_scope") => {}
        _ => return Err(op_error(ir, op, "expects parent op 'memref.alloca_scope'")),
    }
    Ok(())
}

fn verify_assume_alignment(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::Exact(1), Count::Exact(0), 0)?;
    let Some(a) = ir.attr(op, "alignment") else {
        return Err(op_error(ir, op, "requires attribute 'alignment'"));
    };
    let v = match int_attr_of_width(ir.ctx(), a, 32) {
        Some(v) if v > 0 => v,
        _ => {
            return Err(op_error(
                ir,
                op,
                "attribute 'alignment' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive",
            ))
        }
    };
    check_operand(ir, op, 0, is_memref, MEMREF)?;
    if !(v as u32).is_power_of_two() {
        return Err(op_error(ir, op, "alignment must be power of 2"));
    }
    Ok(())
}

/// The keywords of `arith::AtomicRMWKind`, by value.
const ATOMIC_RMW_KINDS: [&str; 15] = [
    "addf", "addi", "assign", "maximumf", "maxs", "maxu", "minimumf", "mins", "minu", "mulf", "muli", "ori", "andi",
    "maxnumf", "minnumf",
];

fn is_signless_int_or_float(ctx: &Context, t: Type) -> bool {
    matches!(ctx.kind(t), TypeKind::Integer { signedness: ir::Signedness::Signless, .. } | TypeKind::Float(_))
}

fn is_int_or_float_memref(ctx: &Context, t: Type) -> bool {
    is_memref(ctx, t) && ctx.element_type(t).is_some_and(|e| is_signless_int_or_float(ctx, e))
}

const INT_OR_FLOAT: &str = "signless integer or floating-point";
const INT_OR_FLOAT_MEMREF: &str = "memref of signless integer or floating-point values";

fn verify_atomic_rmw(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::AtLeast(2), Count::Exact(1), 0)?;
    let ctx = ir.ctx();
    let Some(kind_attr) = ir.attr(op, "kind") else {
        return Err(op_error(ir, op, "requires attribute 'kind'"));
    };
    let kind = int_attr_of_width(ctx, kind_attr, 64).and_then(|k| usize::try_from(k).ok()).filter(|&k| k < 15);
    let Some(kind) = kind else {
        return Err(op_error(
            ir,
            op,
            "attribute 'kind' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14",
        ));
    };
    check_operand(ir, op, 0, is_signless_int_or_float, INT_OR_FLOAT)?;
    check_operand(ir, op, 1, is_int_or_float_memref, INT_OR_FLOAT_MEMREF)?;
    check_variadic_operands(ir, op, 2..ir.num_operands(op), is_index, INDEX)?;
    check_result(ir, op, 0, is_signless_int_or_float, INT_OR_FLOAT)?;
    let (Some(v), Some(m), Some(r)) = (value_ty(ir, op, 0), value_ty(ir, op, 1), result_ty(ir, op)) else {
        return Ok(());
    };
    if v != r {
        return Err(op_error(ir, op, "failed to verify that all of {value, result} have same type"));
    }
    if ctx.element_type(m) != Some(v) {
        return Err(op_error(ir, op, "failed to verify that value type matches element type of memref"));
    }
    if ctx.shape(m).map_or(0, <[i64]>::len) != ir.num_operands(op) - 2 {
        return Err(op_error(ir, op, "expects the number of subscripts to be equal to memref rank"));
    }
    let name = ATOMIC_RMW_KINDS[kind];
    match name {
        "addf" | "maximumf" | "minimumf" | "mulf" if ctx.float_kind(v).is_none() => {
            Err(op_error(ir, op, format!("with kind '{name}' expects a floating-point type")))
        }
        "addi" | "maxs" | "maxu" | "mins" | "minu" | "muli" | "ori" | "andi" if !ctx.is_integer(v) => {
            Err(op_error(ir, op, format!("with kind '{name}' expects an integer type")))
        }
        _ => Ok(()),
    }
}

fn verify_generic_atomic_rmw(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::AtLeast(1), Count::Exact(1), 1)?;
    let r = ir.region(op, 0);
    if ir.region_blocks(r).nth(1).is_some() {
        return Err(op_error(ir, op, "expects region #0 to have 0 or 1 blocks"));
    }
    check_operand(ir, op, 0, is_int_or_float_memref, INT_OR_FLOAT_MEMREF)?;
    check_variadic_operands(ir, op, 1..ir.num_operands(op), is_index, INDEX)?;
    check_result(ir, op, 0, is_signless_int_or_float, INT_OR_FLOAT)?;
    let ctx = ir.ctx();
    let (Some(m), Some(res)) = (value_ty(ir, op, 0), result_ty(ir, op)) else { return Ok(()) };
    if ctx.element_type(m) != Some(res) {
        return Err(op_error(ir, op, "failed to verify that result type matches element type of memref"));
    }
    let args = ir.entry_block(r).map(|b| ir.block_args(b).to_vec()).unwrap_or_default();
    if args.len() != 1 {
        return Err(op_error(ir, op, "expected single number of entry block arguments"));
    }
    if ir.value_type(args[0]) != res {
        return Err(op_error(ir, op, "expected block argument of the same type result type"));
    }
    for nested in ir.pre_order(op).into_iter().skip(1) {
        if !ir::interfaces::is_memory_effect_free(ir, nested) {
            return Err(Diagnostic::error(
                ir.op_loc(nested),
                "body of 'memref.generic_atomic_rmw' should contain only operations with no side effects",
            ));
        }
    }
    if let Some(last) = ir.entry_block(r).and_then(|b| ir.last_op(b)) {
        if !ir.is_op(last, "memref.atomic_yield") {
            return Err(op_error(
                ir,
                op,
                format!("expects regions to end with 'memref.atomic_yield', found '{}'", ir.op_name_str(last)),
            )
            .with_note(
                ir.op_loc(op),
                "in custom textual format, the absence of terminator implies 'memref.atomic_yield'",
            ));
        }
    }
    Ok(())
}

fn verify_atomic_yield(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::Exact(1), Count::Exact(0), 0)?;
    let Some(parent) = ir.parent_op(op).filter(|&p| ir.is_op(p, "memref.generic_atomic_rmw")) else {
        return Err(op_error(ir, op, "expects parent op 'memref.generic_atomic_rmw'"));
    };
    let ctx = ir.ctx();
    let (Some(pt), Some(t)) = (result_ty(ir, parent), value_ty(ir, op, 0)) else { return Ok(()) };
    if pt != t {
        return Err(op_error(
            ir,
            op,
            format!("types mismatch between yield op: {} and its parent: {}", q(ctx, t), q(ctx, pt)),
        ));
    }
    Ok(())
}

fn verify_prefetch(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::AtLeast(1), Count::Exact(0), 0)?;
    let ctx = ir.ctx();
    for name in ["isDataCache", "isWrite"] {
        match ir.attr(op, name) {
            None => return Err(op_error(ir, op, format!("requires attribute '{name}'"))),
            Some(a) if !matches!(ctx.attr_kind(a), AttrKind::Bool(_)) => {
                return Err(op_error(
                    ir,
                    op,
                    format!("attribute '{name}' failed to satisfy constraint: bool attribute"),
                ))
            }
            _ => {}
        }
    }
    let Some(hint) = ir.attr(op, "localityHint") else {
        return Err(op_error(ir, op, "requires attribute 'localityHint'"));
    };
    if !int_attr_of_width(ctx, hint, 32).is_some_and(|h| (0..=3).contains(&h)) {
        return Err(op_error(
            ir,
            op,
            "attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3",
        ));
    }
    check_operand(ir, op, 0, is_memref, MEMREF)?;
    check_variadic_operands(ir, op, 1..ir.num_operands(op), is_index, INDEX)?;
    let rank = value_ty(ir, op, 0).and_then(|t| ctx.shape(t)).map_or(0, <[i64]>::len);
    if ir.num_operands(op) != 1 + rank {
        return Err(op_error(ir, op, "too few indices"));
    }
    Ok(())
}

fn verify_cast(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::Exact(1), Count::Exact(1), 0)?;
    check_operand(ir, op, 0, is_any_memref, ANY_MEMREF)?;
    check_result(ir, op, 0, is_any_memref, ANY_MEMREF)?;
    let ctx = ir.ctx();
    let (Some(a), Some(b)) = (value_ty(ir, op, 0), result_ty(ir, op)) else { return Ok(()) };
    // `CastOpInterface` is verified before the shape trait.
    if !layout::are_cast_compatible(ctx, a, b) {
        return Err(op_error(
            ir,
            op,
            format!("operand type {} and result type {} are cast incompatible", q(ctx, a), q(ctx, b)),
        ));
    }
    check_same_shape(ir, op, a, b, "requires the same shape for all operands and results")
}

/// `SameOperandsShape`-style check: ranked shapes agree where both static.
fn check_same_shape(ir: &Ir, op: OpId, a: Type, b: Type, msg: &str) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    if let (Some(sa), Some(sb)) = (ctx.shape(a), ctx.shape(b)) {
        let compatible =
            sa.len() == sb.len() && sa.iter().zip(sb).all(|(&x, &y)| x == DYNAMIC || y == DYNAMIC || x == y);
        if !compatible {
            return Err(op_error(ir, op, msg));
        }
    }
    Ok(())
}

fn verify_memory_space_cast(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::Exact(1), Count::Exact(1), 0)?;
    check_operand(ir, op, 0, is_any_memref, ANY_MEMREF)?;
    check_result(ir, op, 0, is_any_memref, ANY_MEMREF)?;
    let ctx = ir.ctx();
    let (Some(a), Some(b)) = (value_ty(ir, op, 0), result_ty(ir, op)) else { return Ok(()) };
    if !layout::memory_space_cast_compatible(ctx, a, b) {
        return Err(op_error(
            ir,
            op,
            format!("operand type {} and result type {} are cast incompatible", q(ctx, a), q(ctx, b)),
        ));
    }
    if ctx.element_type(a) != ctx.element_type(b) {
        return Err(op_error(ir, op, "requires the same element type for all operands and results"));
    }
    check_same_shape(ir, op, a, b, "requires the same shape for all operands and results")
}

fn verify_copy(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::Exact(2), Count::Exact(0), 0)?;
    check_operand(ir, op, 0, is_any_memref, ANY_MEMREF)?;
    check_operand(ir, op, 1, is_any_memref, ANY_MEMREF)?;
    let ctx = ir.ctx();
    let (Some(a), Some(b)) = (value_ty(ir, op, 0), value_ty(ir, op, 1)) else { return Ok(()) };
    if ctx.element_type(a) != ctx.element_type(b) {
        return Err(op_error(ir, op, "requires the same element type for all operands"));
    }
    check_same_shape(ir, op, a, b, "requires the same shape for all operands")
}

fn verify_dealloc(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::Exact(1), Count::Exact(0), 0)?;
    check_operand(ir, op, 0, is_any_memref, ANY_MEMREF)
}

fn verify_dim(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::Exact(2), Count::Exact(1), 0)?;
    check_operand(
        ir,
        op,
        0,
        is_non0_ranked_or_unranked_memref,
        "unranked.memref of any type values or non-0-ranked.memref of any type values",
    )?;
    check_operand(ir, op, 1, is_index, INDEX)?;
    check_result(ir, op, 0, is_index, INDEX)
}

fn verify_rank(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::Exact(1), Count::Exact(1), 0)?;
    check_operand(ir, op, 0, is_any_memref, ANY_MEMREF)?;
    check_result(ir, op, 0, is_index, INDEX)
}

fn verify_load(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::AtLeast(1), Count::Exact(1), 0)?;
    check_optional_bool(ir, op, "nontemporal")?;
    check_operand(ir, op, 0, is_memref, MEMREF)?;
    check_variadic_operands(ir, op, 1..ir.num_operands(op), is_index, INDEX)?;
    let ctx = ir.ctx();
    let (Some(m), Some(r)) = (value_ty(ir, op, 0), result_ty(ir, op)) else { return Ok(()) };
    if ctx.element_type(m) != Some(r) {
        return Err(op_error(ir, op, "failed to verify that result type matches element type of 'memref'"));
    }
    let rank = ctx.shape(m).map_or(0, <[i64]>::len);
    let n = ir.num_operands(op) - 1;
    if n != rank {
        return Err(op_error(ir, op, format!("incorrect number of indices for load, expected {rank} but got {n}")));
    }
    Ok(())
}

fn verify_store(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::AtLeast(2), Count::Exact(0), 0)?;
    check_optional_bool(ir, op, "nontemporal")?;
    check_operand(ir, op, 1, is_memref, MEMREF)?;
    check_variadic_operands(ir, op, 2..ir.num_operands(op), is_index, INDEX)?;
    let ctx = ir.ctx();
    let (Some(v), Some(m)) = (value_ty(ir, op, 0), value_ty(ir, op, 1)) else { return Ok(()) };
    if ctx.element_type(m) != Some(v) {
        return Err(op_error(ir, op, "failed to verify that type of 'value' matches element type of 'memref'"));
    }
    let rank = ctx.shape(m).map_or(0, <[i64]>::len);
    if ir.num_operands(op) != 2 + rank {
        return Err(op_error(ir, op, "store index operand count not equal to memref rank"));
    }
    Ok(())
}

fn verify_realloc(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::AtLeast(1), Count::Exact(1), 0)?;
    check_optional_i64(ir, op, "alignment", true)?;
    if ir.num_operands(op) > 2 {
        return Err(op_error(
            ir,
            op,
            format!("operand group starting at #1 requires 0 or 1 element, but found {}", ir.num_operands(op) - 1),
        ));
    }
    check_operand(ir, op, 0, is_1d_memref, "1D memref of any type values")?;
    if ir.num_operands(op) == 2 {
        check_operand(ir, op, 1, is_index, INDEX)?;
    }
    check_result(ir, op, 0, is_1d_memref, "1D memref of any type values")?;
    let ctx = ir.ctx();
    let (Some(s), Some(r)) = (value_ty(ir, op, 0), result_ty(ir, op)) else { return Ok(()) };
    if !layout::has_identity_layout(ctx, s) {
        return Err(plain_error(ir, op, format!("unsupported layout for source memref type {}", q(ctx, s))));
    }
    if !layout::has_identity_layout(ctx, r) {
        return Err(plain_error(ir, op, format!("unsupported layout for result memref type {}", q(ctx, r))));
    }
    if ctx.memory_space(s) != ctx.memory_space(r) {
        return Err(plain_error(
            ir,
            op,
            format!(
                "different memory spaces specified for source memref type {} and result memref type {}",
                q(ctx, s),
                q(ctx, r)
            ),
        ));
    }
    if ctx.element_type(s) != ctx.element_type(r) {
        return Err(plain_error(
            ir,
            op,
            format!(
                "different element types specified for source memref type {} and result memref type {}",
                q(ctx, s),
                q(ctx, r)
            ),
        ));
    }
    let dynamic = dynamic_dim_count(ctx, r) > 0;
    let has_size = ir.num_operands(op) == 2;
    if dynamic && !has_size {
        return Err(plain_error(ir, op, format!("missing dimension operand for result type {}", q(ctx, r))));
    }
    if !dynamic && has_size {
        return Err(plain_error(ir, op, format!("unnecessary dimension operand for result type {}", q(ctx, r))));
    }
    Ok(())
}

fn verify_reshape(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::Exact(2), Count::Exact(1), 0)?;
    check_operand(ir, op, 0, is_any_memref, ANY_MEMREF)?;
    check_operand(ir, op, 1, is_shape_memref, "1D memref of signless integer or index values")?;
    check_result(ir, op, 0, is_any_memref, ANY_MEMREF)?;
    let ctx = ir.ctx();
    let (Some(s), Some(shape), Some(r)) = (value_ty(ir, op, 0), value_ty(ir, op, 1), result_ty(ir, op)) else {
        return Ok(());
    };
    if ctx.element_type(s) != ctx.element_type(r) {
        return Err(op_error(ir, op, "element types of source and destination memref types should be the same"));
    }
    if is_memref(ctx, s) && !layout::has_identity_layout(ctx, s) {
        return Err(op_error(ir, op, "source memref type should have identity affine map"));
    }
    let shape_size = ctx.shape(shape).and_then(|s| s.first().copied()).unwrap_or(DYNAMIC);
    if let Some(rs) = ctx.shape(r) {
        if !layout::has_identity_layout(ctx, r) {
            return Err(op_error(ir, op, "result memref type should have identity affine map"));
        }
        if shape_size == DYNAMIC {
            return Err(op_error(
                ir,
                op,
                "cannot use shape operand with dynamic length to reshape to statically-ranked memref type",
            ));
        }
        if shape_size != rs.len() as i64 {
            return Err(op_error(ir, op, "length of shape operand differs from the result's memref rank"));
        }
    }
    Ok(())
}

/// The `permutation` of a `transpose` as dim positions, if it is a
/// permutation map.
fn transpose_permutation(ir: &Ir, op: OpId) -> Option<Vec<usize>> {
    let a = ir.attr(op, "permutation")?;
    let AttrKind::AffineMap(m) = ir.ctx().attr_kind(a) else { return None };
    if !m.is_permutation() {
        return None;
    }
    (0..m.num_results()).map(|i| m.dim_position(i)).collect()
}

fn verify_transpose(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::Exact(1), Count::Exact(1), 0)?;
    let ctx = ir.ctx();
    let Some(a) = ir.attr(op, "permutation") else {
        return Err(op_error(ir, op, "requires attribute 'permutation'"));
    };
    let AttrKind::AffineMap(map) = ctx.attr_kind(a) else {
        return Err(op_error(ir, op, "attribute 'permutation' failed to satisfy constraint: AffineMap attribute"));
    };
    check_operand(ir, op, 0, is_strided_memref, STRIDED)?;
    check_result(ir, op, 0, is_strided_memref, STRIDED)?;
    let (Some(src), Some(res)) = (value_ty(ir, op, 0), result_ty(ir, op)) else { return Ok(()) };
    if !map.is_permutation() {
        return Err(op_error(ir, op, "expected a permutation map"));
    }
    if map.num_dims != ctx.shape(src).map_or(0, <[i64]>::len) {
        return Err(op_error(ir, op, "expected a permutation map of same rank as the input"));
    }
    let Some(perm) = transpose_permutation(ir, op) else { return Ok(()) };
    let Some(inferred) = layout::transposed_type(ctx, src, &perm) else { return Ok(()) };
    let canonical = layout::canonicalize_strided_layout(ctx, inferred);
    if layout::canonicalize_strided_layout(ctx, res) != canonical {
        return Err(op_error(
            ir,
            op,
            format!(
                "result type {} is not equivalent to the canonical transposed input type {}",
                q(ctx, res),
                q(ctx, canonical)
            ),
        ));
    }
    Ok(())
}

fn verify_view(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::AtLeast(2), Count::Exact(1), 0)?;
    check_operand(ir, op, 0, is_i8_1d_memref, "1D memref of 8-bit signless integer values")?;
    check_operand(ir, op, 1, is_index, INDEX)?;
    check_variadic_operands(ir, op, 2..ir.num_operands(op), is_index, INDEX)?;
    check_result(ir, op, 0, is_memref, MEMREF)?;
    let ctx = ir.ctx();
    let (Some(b), Some(v)) = (value_ty(ir, op, 0), result_ty(ir, op)) else { return Ok(()) };
    if !layout::has_identity_layout(ctx, b) {
        return Err(plain_error(ir, op, format!("unsupported map for base memref type {}", q(ctx, b))));
    }
    if !layout::has_identity_layout(ctx, v) {
        return Err(plain_error(ir, op, format!("unsupported map for result memref type {}", q(ctx, v))));
    }
    if ctx.memory_space(b) != ctx.memory_space(v) {
        return Err(plain_error(
            ir,
            op,
            format!(
                "different memory spaces specified for base memref type {} and view memref type {}",
                q(ctx, b),
                q(ctx, v)
            ),
        ));
    }
    if ir.num_operands(op) - 2 != dynamic_dim_count(ctx, v) {
        return Err(plain_error(ir, op, format!("incorrect number of size operands for type {}", q(ctx, v))));
    }
    Ok(())
}

fn verify_extract_aligned_pointer(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::Exact(1), Count::Exact(1), 0)?;
    check_operand(ir, op, 0, is_any_memref, ANY_MEMREF)?;
    check_result(ir, op, 0, is_index, INDEX)
}

/// The result types `extract_strided_metadata` infers for `source`.
pub fn extract_strided_metadata_types(ctx: &Context, source: Type) -> Option<Vec<Type>> {
    let p = layout::memref_parts(ctx, source)?;
    let base = layout::memref_type(ctx, &[], p.elem, None, p.memory_space);
    let mut out = vec![base, ctx.index_ty()];
    out.extend(std::iter::repeat_n(ctx.index_ty(), 2 * p.shape.len()));
    Some(out)
}

fn verify_extract_strided_metadata(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::Exact(1), Count::AtLeast(2), 0)?;
    check_operand(ir, op, 0, is_strided_memref, STRIDED)?;
    check_result(ir, op, 0, is_strided_rank0_memref, "strided memref of any type values of ranks 0")?;
    check_result(ir, op, 1, is_index, INDEX)?;
    let ctx = ir.ctx();
    for i in 2..ir.num_results(op) {
        let t = ir.value_type(ir.result(op, i));
        if !ctx.is_index(t) {
            return Err(op_error(ir, op, format!("result #{i} must be variadic of index, but got {}", q(ctx, t))));
        }
    }
    let Some(src) = value_ty(ir, op, 0) else { return Ok(()) };
    let Some(inferred) = extract_strided_metadata_types(ctx, src) else { return Ok(()) };
    let actual = ir.result_types(op);
    if inferred.as_slice() != actual.as_slice() {
        let list = |ts: &[Type]| ts.iter().map(|&t| q(ctx, t)).collect::<Vec<_>>().join(", ");
        return Err(op_error(
            ir,
            op,
            format!(
                "inferred type(s) {} are incompatible with return type(s) of operation {}",
                list(&inferred),
                list(&actual)
            ),
        ));
    }
    Ok(())
}

fn verify_global(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::Exact(0), Count::Exact(0), 0)?;
    let ctx = ir.ctx();
    let alignment = check_optional_i64(ir, op, "alignment", false)?;
    if let Some(c) = ir.attr(op, "constant") {
        if !matches!(ctx.attr_kind(c), AttrKind::Unit) {
            return Err(op_error(ir, op, "attribute 'constant' failed to satisfy constraint: unit attribute"));
        }
    }
    if ir.attr(op, "sym_name").and_then(|a| ctx.str_value(a)).is_none() {
        return Err(op_error(ir, op, "requires attribute 'sym_name'"));
    }
    if let Some(v) = ir.attr(op, "sym_visibility") {
        if ctx.str_value(v).is_none() {
            return Err(op_error(ir, op, "attribute 'sym_visibility' failed to satisfy constraint: string attribute"));
        }
    }
    let Some(ta) = ir.attr(op, "type") else {
        return Err(op_error(ir, op, "requires attribute 'type'"));
    };
    let Some(t) = ctx.type_value(ta).filter(|&t| is_memref(ctx, t)) else {
        return Err(op_error(ir, op, "attribute 'type' failed to satisfy constraint: memref type attribute"));
    };
    // The `Symbol` interface's checks come after the ODS constraints.
    if let Some(vis) = ir.attr(op, "sym_visibility").and_then(|a| ctx.str_value(a)) {
        if !["public", "private", "nested"].contains(&vis) {
            return Err(op_error(
                ir,
                op,
                format!(
                    "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got {}",
                    syntax::print_attr::attr_to_string(ctx, ctx.str_attr(vis))
                ),
            ));
        }
    }
    if !ctx.has_static_shape(t) {
        return Err(op_error(ir, op, format!("type should be static shaped memref, but got {}", q(ctx, t))));
    }
    if let Some(init) = ir.attr(op, "initial_value") {
        match ctx.attr_kind(init) {
            AttrKind::Unit => {}
            AttrKind::DenseElements { ty, .. }
            | AttrKind::DenseString { ty, .. }
            | AttrKind::DenseResource { ty, .. } => {
                let want = tensor_type_of_memref(ctx, t);
                if *ty != want {
                    return Err(op_error(
                        ir,
                        op,
                        format!(
                            "initial value expected to be of type {}, but was of type {}",
                            q(ctx, want),
                            q(ctx, *ty)
                        ),
                    ));
                }
            }
            _ => {
                return Err(op_error(
                    ir,
                    op,
                    format!(
                        "initial value should be a unit or elements attribute, but got {}",
                        syntax::print_attr::attr_to_string(ctx, init)
                    ),
                ))
            }
        }
    }
    if let Some(a) = alignment {
        if !(a as u64).is_power_of_two() {
            return Err(plain_error(ir, op, format!("alignment attribute value {} is not a power of 2", a as u64)));
        }
    }
    Ok(())
}

/// `getTensorTypeFromMemRefType`: the ranked or unranked tensor type with
/// the memref's shape and element type (`none` for other types).
pub fn tensor_type_of_memref(ctx: &Context, t: Type) -> Type {
    match ctx.kind(t) {
        TypeKind::MemRef { shape, elem, .. } => ctx.tensor_ty(shape, *elem),
        TypeKind::UnrankedMemRef { elem, .. } => ctx.ty(TypeKind::UnrankedTensor { elem: *elem }),
        _ => ctx.none_ty(),
    }
}

fn verify_get_global(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::Exact(0), Count::Exact(1), 0)?;
    let ctx = ir.ctx();
    let Some(name) = ir.attr(op, "name") else {
        return Err(op_error(ir, op, "requires attribute 'name'"));
    };
    let Some(root) = (match ctx.attr_kind(name) {
        AttrKind::SymbolRef { root, nested } if nested.is_empty() => Some(*root),
        _ => None,
    }) else {
        return Err(op_error(ir, op, "attribute 'name' failed to satisfy constraint: flat symbol reference attribute"));
    };
    check_result(ir, op, 0, is_static_memref, "statically shaped memref of any type values")?;
    let global = ir.resolve_symbol_ref(op, name).filter(|&g| ir.is_op(g, "memref.global"));
    let sym = ctx.str(root);
    let Some(g) = global else {
        return Err(op_error(ir, op, format!("'{sym}' does not reference a valid global memref")));
    };
    let gt = ir.attr(g, "type").and_then(|a| ctx.type_value(a));
    let Some(rt) = result_ty(ir, op) else { return Ok(()) };
    if gt != Some(rt) {
        let gts = gt.map(|t| q(ctx, t)).unwrap_or_else(|| "<<NULL TYPE>>".to_string());
        return Err(op_error(
            ir,
            op,
            format!("result type {} does not match type {gts} of the global memref @{sym}", q(ctx, rt)),
        ));
    }
    Ok(())
}

/// MLIR's `verifyCollapsedShape` (multiple dynamic dims per group allowed).
fn verify_collapsed_shape(
    ir: &Ir,
    op: OpId,
    collapsed: &[i64],
    expanded: &[i64],
    reassoc: &[Vec<i64>],
) -> Result<(), Diagnostic> {
    if collapsed.len() != reassoc.len() {
        return Err(op_error(
            ir,
            op,
            format!("invalid number of reassociation groups: found {}, expected {}", reassoc.len(), collapsed.len()),
        ));
    }
    let mut next: i64 = 0;
    for (collapsed_dim, group) in reassoc.iter().enumerate() {
        let mut found_dynamic = false;
        for &d in group {
            if d != next {
                return Err(op_error(ir, op, "reassociation indices must be contiguous"));
            }
            next += 1;
            let Some(&size) = usize::try_from(d).ok().and_then(|u| expanded.get(u)) else {
                return Err(op_error(ir, op, format!("reassociation index {d} is out of bounds")));
            };
            if size == DYNAMIC {
                found_dynamic = true;
            }
        }
        let cdim = collapsed[collapsed_dim];
        if (cdim == DYNAMIC) != found_dynamic {
            return Err(op_error(
                ir,
                op,
                format!(
                    "collapsed dim ({collapsed_dim}) must be dynamic if and only if reassociation group is dynamic"
                ),
            ));
        }
        if !found_dynamic {
            let size = group.iter().fold(1i64, |acc, &d| acc.wrapping_mul(expanded[d as usize]));
            if size != cdim {
                return Err(op_error(
                    ir,
                    op,
                    format!("collapsed dim size ({cdim}) must equal reassociation group size ({size})"),
                ));
            }
        }
    }
    if collapsed.is_empty() {
        if expanded.iter().any(|&d| d != 1) {
            return Err(op_error(ir, op, "rank 0 memrefs can only be extended/collapsed with/from ones"));
        }
    } else if next != expanded.len() as i64 {
        return Err(op_error(
            ir,
            op,
            format!("expanded rank ({}) inconsistent with number of reassociation indices ({next})", expanded.len()),
        ));
    }
    Ok(())
}

fn verify_collapse_shape(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::Exact(1), Count::Exact(1), 0)?;
    let reassoc = reassociation(ir, op)?;
    check_operand(ir, op, 0, is_strided_memref, STRIDED)?;
    check_result(ir, op, 0, is_strided_memref, STRIDED)?;
    let ctx = ir.ctx();
    let (Some(src), Some(res)) = (value_ty(ir, op, 0), result_ty(ir, op)) else { return Ok(()) };
    let (Some(ss), Some(rs)) = (ctx.shape(src), ctx.shape(res)) else { return Ok(()) };
    if ss.len() < rs.len() {
        let (r0, r1) = (ss.len(), rs.len());
        return Err(op_error(
            ir,
            op,
            format!("has source rank {r0} and result rank {r1}. This is not a collapse ({r0} < {r1})."),
        ));
    }
    verify_collapsed_shape(ir, op, rs, ss, &reassoc)?;
    let Some(expected) = layout::collapsed_type_with_shape(ctx, src, rs, &reassoc) else {
        return Err(op_error(ir, op, "invalid source layout map or collapsing non-contiguous dims"));
    };
    if expected != res {
        return Err(op_error(
            ir,
            op,
            format!("expected collapsed type to be {} but found {}", q(ctx, expected), q(ctx, res)),
        ));
    }
    Ok(())
}

fn verify_expand_shape(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::AtLeast(1), Count::Exact(1), 0)?;
    let reassoc = reassociation(ir, op)?;
    let statics = static_dynamic::required_i64_array(ir, op, "static_output_shape")?;
    check_operand(ir, op, 0, is_strided_memref, STRIDED)?;
    check_variadic_operands(ir, op, 1..ir.num_operands(op), is_index, INDEX)?;
    check_result(ir, op, 0, is_strided_memref, STRIDED)?;
    let ctx = ir.ctx();
    let (Some(src), Some(res)) = (value_ty(ir, op, 0), result_ty(ir, op)) else { return Ok(()) };
    let (Some(ss), Some(rs)) = (ctx.shape(src), ctx.shape(res)) else { return Ok(()) };
    if ss.len() > rs.len() {
        let (r0, r1) = (ss.len(), rs.len());
        return Err(op_error(
            ir,
            op,
            format!("has source rank {r0} and result rank {r1}. This is not an expansion ({r0} > {r1})."),
        ));
    }
    verify_collapsed_shape(ir, op, ss, rs, &reassoc)?;
    let Some(expected) = layout::expanded_type(ctx, src, rs, &reassoc) else {
        return Err(op_error(ir, op, "invalid source layout map"));
    };
    if expected != res {
        return Err(op_error(
            ir,
            op,
            format!("expected expanded type to be {} but found {}", q(ctx, expected), q(ctx, res)),
        ));
    }
    if statics.len() != rs.len() {
        return Err(op_error(
            ir,
            op,
            format!(
                "expected number of static shape bounds to be equal to the output rank ({}) but found {} inputs instead",
                rs.len(),
                statics.len()
            ),
        ));
    }
    let dynamic = statics.iter().filter(|&&s| s == DYNAMIC).count();
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
    for (pos, (&r, &s)) in rs.iter().zip(&statics).enumerate() {
        if r != DYNAMIC && r != s {
            return Err(op_error(ir, op, format!("invalid output shape provided at pos {pos}")));
        }
    }
    Ok(())
}

/// The checks `subview` and `reinterpret_cast` share: structure, the
/// static lists and operand segments, the ODS type constraints (the source
/// must satisfy `source`, described as `desc`) and `OffsetSizeAndStride`.
/// Returns the source and result types.
fn verify_slice_op(
    ir: &Ir,
    op: OpId,
    (source, desc): (TypePred, &str),
    layout: &SliceLayout,
) -> Result<Option<(Type, Type)>, Diagnostic> {
    check_structure(ir, op, Count::AtLeast(1), Count::Exact(1), 0)?;
    for a in ["static_offsets", "static_sizes", "static_strides"] {
        static_dynamic::required_i64_array(ir, op, a)?;
    }
    static_dynamic::verify_operand_segments(ir, op, 4)?;
    check_operand(ir, op, 0, source, desc)?;
    check_variadic_operands(ir, op, 1..ir.num_operands(op), is_index, INDEX)?;
    check_result(ir, op, 0, is_memref, MEMREF)?;
    static_dynamic::verify_offset_size_and_stride(ir, op, layout)?;
    Ok(value_ty(ir, op, 0).zip(result_ty(ir, op)))
}

fn verify_subview(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let Some((base, sub)) = verify_slice_op(ir, op, (is_memref, MEMREF), &SliceLayout::SubView)? else {
        return Ok(());
    };
    let ctx = ir.ctx();
    if ctx.memory_space(base) != ctx.memory_space(sub) {
        return Err(plain_error(
            ir,
            op,
            format!(
                "different memory spaces specified for base memref type {} and subview memref type {}",
                q(ctx, base),
                q(ctx, sub)
            ),
        ));
    }
    if !layout::is_strided(ctx, base) {
        return Err(plain_error(ir, op, format!("base type {} is not strided", q(ctx, base))));
    }
    let p = slice_params_at(ir, op, 1, 4);
    let Some(expected) = layout::subview_result_type(ctx, base, &p.static_offsets, &p.static_sizes, &p.static_strides)
    else {
        return Ok(());
    };
    let verdict = layout::verify_subview_result(ctx, expected, sub, &p.static_sizes);
    let msg = match verdict {
        SliceVerification::Success => return Ok(()),
        SliceVerification::RankTooLarge => {
            "expected result rank to be smaller or equal to the source rank. ".to_string()
        }
        SliceVerification::SizeMismatch => format!(
            "expected result type to be {} or a rank-reduced version. (mismatch of result sizes) ",
            q(ctx, expected)
        ),
        SliceVerification::ElemTypeMismatch => format!(
            "expected result element type to be {}",
            ctx.element_type(expected).map(|e| q(ctx, e)).unwrap_or_default()
        ),
        SliceVerification::MemSpaceMismatch => "expected result and source memory spaces to match.".to_string(),
        SliceVerification::LayoutMismatch => format!(
            "expected result type to be {} or a rank-reduced version. (mismatch of result layout) ",
            q(ctx, expected)
        ),
    };
    Err(plain_error(ir, op, msg))
}

fn verify_reinterpret_cast(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let layout = &SliceLayout::ReinterpretCast;
    let Some((src, res)) = verify_slice_op(ir, op, (is_any_memref, ANY_MEMREF), layout)? else { return Ok(()) };
    let ctx = ir.ctx();
    if ctx.memory_space(src) != ctx.memory_space(res) {
        return Err(plain_error(
            ir,
            op,
            format!(
                "different memory spaces specified for source type {} and result memref type {}",
                q(ctx, src),
                q(ctx, res)
            ),
        ));
    }
    if ctx.element_type(src) != ctx.element_type(res) {
        return Err(plain_error(
            ir,
            op,
            format!(
                "different element types specified for source type {} and result memref type {}",
                q(ctx, src),
                q(ctx, res)
            ),
        ));
    }
    let p = slice_params_at(ir, op, 1, 4);
    let shape = ctx.shape(res).unwrap_or_default();
    for (idx, (&r, &e)) in shape.iter().zip(&p.static_sizes).enumerate() {
        if r != DYNAMIC && e != DYNAMIC && r != e {
            return Err(plain_error(
                ir,
                op,
                format!("expected result type with size = {e} instead of {r} in dim = {idx}"),
            ));
        }
    }
    let Some((strides, offset)) = layout::strides_and_offset(ctx, res) else {
        return Err(plain_error(
            ir,
            op,
            format!("expected result type to have strided layout but found {}", q(ctx, res)),
        ));
    };
    if let Some(&e) = p.static_offsets.first() {
        if offset != DYNAMIC && e != DYNAMIC && offset != e {
            return Err(plain_error(ir, op, format!("expected result type with offset = {e} instead of {offset}")));
        }
    }
    for (idx, (&r, &e)) in strides.iter().zip(&p.static_strides).enumerate() {
        if r != DYNAMIC && e != DYNAMIC && r != e {
            return Err(plain_error(
                ir,
                op,
                format!("expected result type with stride = {e} instead of {r} in dim = {idx}"),
            ));
        }
    }
    Ok(())
}

// ===== custom syntax helpers =================================================

/// Parses `[%a, %b]` (possibly empty).
fn parse_square_operands<'a>(p: &mut IrParser<'a, '_>) -> PResult<Vec<UnresolvedOperand<'a>>> {
    expect_token(p, TokenKind::LSquare)?;
    let l = p.parse_operand_list()?;
    expect_token(p, TokenKind::RSquare)?;
    Ok(l)
}

/// The attributes of `op` to print in its attr-dict: all but `elided`, and
/// `nontemporal = false` (a default-valued attribute) dropped.
fn printable_attrs(ir: &Ir, op: OpId, elided: &[&str]) -> Vec<NamedAttr> {
    let ctx = ir.ctx();
    ir.attrs(op)
        .iter()
        .copied()
        .filter(|a| !elided.contains(&ctx.str(a.name)))
        .filter(|a| !(ctx.str(a.name) == "nontemporal" && matches!(ctx.attr_kind(a.value), AttrKind::Bool(false))))
        .collect()
}

// ===== custom syntax ==========================================================

/// `alloc` and `alloca`: `(%d) [%s] attr-dict : type`.
struct AllocAsm(&'static str);

impl OpAsm for AllocAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let sizes = p.parse_paren_operand_list()?;
        let mut symbols = Vec::new();
        if p.p.at(TokenKind::LSquare) {
            symbols = parse_square_operands(p)?;
        }
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let t = parse_type_of(p, st, is_memref)?;
        let index = p.p.ctx.index_ty();
        let mut operands = resolve_all(p, &sizes, index)?;
        operands.extend(resolve_all(p, &symbols, index)?);
        add_attr(p, st, "operandSegmentSizes", segment_sizes_attr(p.p.ctx, &[sizes.len(), symbols.len()]));
        st.operands = operands;
        st.result_types = vec![t];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push('(');
        pr.print_values(segment_values(ir, op, 2, 0));
        pr.out.push(')');
        let symbols = segment_values(ir, op, 2, 1);
        if !symbols.is_empty() {
            pr.out.push('[');
            pr.print_values(symbols);
            pr.out.push(']');
        }
        pr.print_optional_attr_dict(ir.attrs(op), &["operandSegmentSizes"]);
        pr.out.push_str(" : ");
        print_result_type(pr, op);
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        name_result(ir, op, set, self.0);
    }
}

/// MLIR's `ensureTerminator` for `alloca_scope`'s body.
fn ensure_alloca_scope_terminator(ir: &mut Ir, region: RegionId, loc: Location) {
    let b = match ir.entry_block(region) {
        Some(b) => b,
        None => ir.append_block(region, &[], &[]),
    };
    let has_term = ir.last_op(b).is_some_and(|o| ir.has_trait(o, OpTraits::TERMINATOR));
    if !has_term {
        let name = ir.ctx().intern_str("memref.alloca_scope.return");
        ir.insert_new_op(InsertPoint::BlockEnd(b), OpSpec::new(name, loc));
    }
}

/// `alloca_scope`: `-> (types)? region attr-dict` (two spaces after the
/// name, as upstream prints them).
struct AllocaScopeAsm;

impl OpAsm for AllocaScopeAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        if p.p.eat(TokenKind::Arrow) {
            if p.p.at(TokenKind::LParen) {
                st.result_types = p.p.parse_type_list_parens()?;
            } else {
                st.result_types = vec![p.p.parse_type()?];
            }
        }
        let r = p.ir.create_region();
        p.parse_region(r, &[], false)?;
        ensure_alloca_scope_terminator(p.ir, r, st.loc);
        st.regions.push(r);
        parse_opt_attr_dict(p, st)
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        let has_results = ir.num_results(op) > 0;
        if has_results {
            pr.out.push_str(" -> (");
            pr.print_types(ir.result_types(op));
            pr.out.push(')');
        }
        pr.out.push(' ');
        if let Some(&r) = ir.regions(op).first() {
            pr.print_region(r, false, has_results, false);
        }
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
    }
}

/// `alloca_scope.return`: `attr-dict (%v : type)?`.
struct AllocaScopeReturnAsm;

impl OpAsm for AllocaScopeReturnAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        parse_opt_attr_dict(p, st)?;
        let ops = p.parse_operand_list()?;
        if !ops.is_empty() {
            expect_colon(p)?;
            let pos = p.p.tok.start;
            let tys = p.parse_type_list()?;
            if ops.len() != tys.len() {
                return Err(custom_error(
                    p,
                    st,
                    pos,
                    &format!("{} operands present, but expected {}", ops.len(), tys.len()),
                ));
            }
            for (o, t) in ops.into_iter().zip(tys) {
                let v = p.resolve_operand(o, t)?;
                st.operands.push(v);
            }
        }
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        crate::util::print_attr_dict_operands_types(pr, op);
    }
}

/// `assume_alignment`: `%m, 16 attr-dict : type`.
struct AssumeAlignmentAsm;

impl OpAsm for AssumeAlignmentAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let m = p.parse_operand()?;
        expect_token(p, TokenKind::Comma)?;
        let i32t = p.p.ctx.int_ty(32);
        let a = p.p.parse_attribute(Some(i32t))?;
        add_attr(p, st, "alignment", a);
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let t = parse_type_of(p, st, is_memref)?;
        st.operands = vec![p.resolve_operand(m, t)?];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        print_operand(pr, op, 0);
        pr.out.push_str(", ");
        if let Some(a) = ir.attr(op, "alignment") {
            pr.print_attr_no_type(a);
        }
        pr.print_optional_attr_dict(ir.attrs(op), &["alignment"]);
        pr.out.push_str(" : ");
        print_operand_type(pr, op, 0);
    }
}

/// `atomic_rmw`: `addf %v, %m[%i] attr-dict : (f32, memref<..>) -> f32`.
struct AtomicRmwAsm;

impl OpAsm for AtomicRmwAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let pos = p.p.tok.start;
        let kw = p.p.tok_text();
        let Some(kind) = ATOMIC_RMW_KINDS.iter().position(|&k| p.p.at(TokenKind::BareIdent) && k == kw) else {
            return Err(custom_error(p, st, pos, "expected keyword for kind"));
        };
        p.p.bump();
        let i64t = p.p.ctx.int_ty(64);
        add_attr(p, st, "kind", p.p.ctx.int_attr(i64t, kind as i128));
        let v = p.parse_operand()?;
        expect_token(p, TokenKind::Comma)?;
        let m = p.parse_operand()?;
        let idx = parse_square_operands(p)?;
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        expect_token(p, TokenKind::LParen)?;
        let vt = p.p.parse_type()?;
        expect_token(p, TokenKind::Comma)?;
        let mt = parse_type_of(p, st, is_memref)?;
        expect_token(p, TokenKind::RParen)?;
        p.p.expect(TokenKind::Arrow, "expected '->'")?;
        let rt = p.p.parse_type()?;
        let index = p.p.ctx.index_ty();
        let mut operands = vec![p.resolve_operand(v, vt)?, p.resolve_operand(m, mt)?];
        operands.extend(resolve_all(p, &idx, index)?);
        st.operands = operands;
        st.result_types = vec![rt];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let kind = ir.attr(op, "kind").and_then(|a| pr.ctx().int_value(a));
        match kind.and_then(|k| usize::try_from(k).ok()).and_then(|k| ATOMIC_RMW_KINDS.get(k)) {
            Some(k) => {
                pr.out.push(' ');
                pr.out.push_str(k);
            }
            None => pr.out.push_str(" <<invalid kind>>"),
        }
        pr.out.push(' ');
        print_operand(pr, op, 0);
        pr.out.push_str(", ");
        print_operand(pr, op, 1);
        pr.out.push('[');
        pr.print_values(ir.operands(op).skip(2));
        pr.out.push(']');
        pr.print_optional_attr_dict(ir.attrs(op), &["kind"]);
        pr.out.push_str(" : (");
        print_operand_type(pr, op, 0);
        pr.out.push_str(", ");
        print_operand_type(pr, op, 1);
        pr.out.push_str(") -> ");
        print_result_type(pr, op);
    }
}

/// `generic_atomic_rmw`: `%m[%i] : type region attr-dict`.
struct GenericAtomicRmwAsm;

impl OpAsm for GenericAtomicRmwAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let m = p.parse_operand()?;
        let idx = parse_square_operands(p)?;
        expect_colon(p)?;
        let t = parse_type_of(p, st, is_memref)?;
        let index = p.p.ctx.index_ty();
        let mut operands = vec![p.resolve_operand(m, t)?];
        operands.extend(resolve_all(p, &idx, index)?);
        let r = p.ir.create_region();
        p.parse_region(r, &[], false)?;
        st.regions.push(r);
        parse_opt_attr_dict(p, st)?;
        st.operands = operands;
        st.result_types = vec![p.p.ctx.element_type(t).unwrap_or(t)];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        print_operand(pr, op, 0);
        pr.out.push('[');
        pr.print_values(ir.operands(op).skip(1));
        pr.out.push_str("] : ");
        print_operand_type(pr, op, 0);
        pr.out.push(' ');
        if let Some(&r) = ir.regions(op).first() {
            pr.print_region(r, true, true, false);
        }
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
    }
}

/// `prefetch`: `%m[%i], read, locality<3>, data : type`. Like upstream, the
/// printer puts extra attributes before the `:` and the parser reads none.
struct PrefetchAsm;

impl OpAsm for PrefetchAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let m = p.parse_operand()?;
        let idx = parse_square_operands(p)?;
        expect_token(p, TokenKind::Comma)?;
        let rw = parse_keyword(p)?;
        expect_token(p, TokenKind::Comma)?;
        expect_keyword(p, "locality")?;
        expect_token(p, TokenKind::Less)?;
        let hint = p.p.parse_attribute(Some(ctx.int_ty(32)))?;
        add_attr(p, st, "localityHint", hint);
        expect_token(p, TokenKind::Greater)?;
        expect_token(p, TokenKind::Comma)?;
        let cache = parse_keyword(p)?;
        expect_colon(p)?;
        let t = parse_type_of(p, st, is_memref)?;
        let index = ctx.index_ty();
        let mut operands = vec![p.resolve_operand(m, t)?];
        operands.extend(resolve_all(p, &idx, index)?);
        st.operands = operands;
        if rw != "read" && rw != "write" {
            return Err(custom_error_at_name(st, ctx, "rw specifier has to be 'read' or 'write'"));
        }
        add_attr(p, st, "isWrite", ctx.bool_attr(rw == "write"));
        if cache != "data" && cache != "instr" {
            return Err(custom_error_at_name(st, ctx, "cache type has to be 'data' or 'instr'"));
        }
        add_attr(p, st, "isDataCache", ctx.bool_attr(cache == "data"));
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let ctx = pr.ctx();
        let flag = |name: &str| ir.attr(op, name).is_some_and(|a| matches!(ctx.attr_kind(a), AttrKind::Bool(true)));
        pr.out.push(' ');
        print_operand(pr, op, 0);
        pr.out.push('[');
        pr.print_values(ir.operands(op).skip(1));
        pr.out.push_str("], ");
        pr.out.push_str(if flag("isWrite") { "write" } else { "read" });
        pr.out.push_str(", locality<");
        if let Some(h) = ir.attr(op, "localityHint") {
            pr.print_attr_no_type(h);
        }
        pr.out.push_str(">, ");
        pr.out.push_str(if flag("isDataCache") { "data" } else { "instr" });
        pr.print_optional_attr_dict(ir.attrs(op), &["localityHint", "isWrite", "isDataCache"]);
        pr.out.push_str(" : ");
        print_operand_type(pr, op, 0);
    }
}

/// Parses a bare keyword and returns its text.
fn parse_keyword<'a>(p: &mut IrParser<'a, '_>) -> PResult<&'a str> {
    if !p.p.at(TokenKind::BareIdent) {
        return Err(p.p.wrong_token_error("expected valid keyword"));
    }
    let t = p.p.tok_text();
    p.p.bump();
    Ok(t)
}

/// `copy`: `%a, %b attr-dict : type to type`.
struct CopyAsm;

impl OpAsm for CopyAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let a = p.parse_operand()?;
        expect_token(p, TokenKind::Comma)?;
        let b = p.parse_operand()?;
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let ta = parse_type_of(p, st, is_any_memref)?;
        expect_keyword(p, "to")?;
        let tb = parse_type_of(p, st, is_any_memref)?;
        st.operands = vec![p.resolve_operand(a, ta)?, p.resolve_operand(b, tb)?];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        print_operand(pr, op, 0);
        pr.out.push_str(", ");
        print_operand(pr, op, 1);
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
        pr.out.push_str(" : ");
        print_operand_type(pr, op, 0);
        pr.out.push_str(" to ");
        print_operand_type(pr, op, 1);
    }
}

/// `dim`: `attr-dict %m, %i : type`.
struct DimAsm;

impl OpAsm for DimAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        parse_opt_attr_dict(p, st)?;
        let m = p.parse_operand()?;
        expect_token(p, TokenKind::Comma)?;
        let i = p.parse_operand()?;
        expect_colon(p)?;
        let t = parse_type_of(p, st, is_any_memref)?;
        let index = p.p.ctx.index_ty();
        st.operands = vec![p.resolve_operand(m, t)?, p.resolve_operand(i, index)?];
        st.result_types = vec![index];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
        pr.out.push(' ');
        print_operand(pr, op, 0);
        pr.out.push_str(", ");
        print_operand(pr, op, 1);
        pr.out.push_str(" : ");
        print_operand_type(pr, op, 0);
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        name_result(ir, op, set, "dim");
    }
}

/// `extract_aligned_pointer_as_index` and `extract_strided_metadata`:
/// `%m : type -> types attr-dict`.
struct ExtractAsm {
    metadata: bool,
}

impl OpAsm for ExtractAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let m = p.parse_operand()?;
        expect_colon(p)?;
        let t = parse_type_of(p, st, if self.metadata { is_memref } else { is_any_memref })?;
        p.p.expect(TokenKind::Arrow, "expected '->'")?;
        st.result_types = p.parse_type_list()?;
        parse_opt_attr_dict(p, st)?;
        st.operands = vec![p.resolve_operand(m, t)?];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        print_operand(pr, op, 0);
        pr.out.push_str(" : ");
        print_operand_type(pr, op, 0);
        pr.out.push_str(" -> ");
        pr.print_types(ir.result_types(op));
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        if !self.metadata {
            name_result(ir, op, set, "intptr");
            return;
        }
        let n = ir.num_results(op);
        if n < 2 {
            return;
        }
        set(ir.result(op, 0), "base_buffer");
        set(ir.result(op, 1), "offset");
        let rank = (n - 2) / 2;
        if rank > 0 {
            set(ir.result(op, 2), "sizes");
            set(ir.result(op, 2 + rank), "strides");
        }
    }
}

/// `get_global`: `@name : type attr-dict`.
struct GetGlobalAsm;

impl OpAsm for GetGlobalAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let pos = p.p.tok.start;
        if !p.p.at(TokenKind::AtIdent) {
            return Err(p.p.error_here("expected attribute value"));
        }
        let a = p.p.parse_attribute(None)?;
        if !matches!(p.p.ctx.attr_kind(a), AttrKind::SymbolRef { nested, .. } if nested.is_empty()) {
            return Err(custom_error(p, st, pos, "invalid kind of attribute specified"));
        }
        add_attr(p, st, "name", a);
        expect_colon(p)?;
        let t = parse_type_of(p, st, is_memref)?;
        parse_opt_attr_dict(p, st)?;
        st.result_types = vec![t];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        if let Some(a) = ir.attr(op, "name") {
            pr.print_attr(a);
        }
        pr.out.push_str(" : ");
        print_result_type(pr, op);
        pr.print_optional_attr_dict(ir.attrs(op), &["name"]);
    }
}

/// `global`: `"vis"? constant? @name : type (= init)? attr-dict`.
struct GlobalAsm;

impl OpAsm for GlobalAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        if p.p.at(TokenKind::String) {
            let v = p.p.parse_string()?;
            let s = String::from_utf8_lossy(&v).into_owned();
            add_attr(p, st, "sym_visibility", ctx.str_attr(&s));
        }
        if p.p.eat_keyword("constant") {
            add_attr(p, st, "constant", ctx.unit_attr());
        }
        let name = p.parse_symbol_name()?;
        add_attr(p, st, "sym_name", ctx.str_attr(&name));
        expect_colon(p)?;
        let t = p.p.parse_type()?;
        if !is_static_memref(ctx, t) {
            return Err(custom_error_at_name(
                st,
                ctx,
                &format!("type should be static shaped memref, but got {}", q(ctx, t)),
            ));
        }
        add_attr(p, st, "type", ctx.type_attr(t));
        if p.p.eat(TokenKind::Equal) {
            if p.p.eat_keyword("uninitialized") {
                add_attr(p, st, "initial_value", ctx.unit_attr());
            } else {
                let tensor = tensor_type_of_memref(ctx, t);
                let init = p.p.parse_attribute(Some(tensor))?;
                if !matches!(
                    ctx.attr_kind(init),
                    AttrKind::DenseElements { .. } | AttrKind::DenseString { .. } | AttrKind::DenseResource { .. }
                ) {
                    return Err(custom_error_at_name(st, ctx, "initial value should be a unit or elements attribute"));
                }
                add_attr(p, st, "initial_value", init);
            }
        }
        parse_opt_attr_dict(p, st)
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let ctx = pr.ctx();
        if let Some(v) = ir.attr(op, "sym_visibility") {
            pr.out.push(' ');
            pr.print_attr(v);
        }
        if ir.attr(op, "constant").is_some() {
            pr.out.push_str(" constant");
        }
        pr.out.push(' ');
        let name = ir.attr(op, "sym_name").and_then(|a| ctx.str_value(a)).unwrap_or("");
        syntax::print_attr::print_symbol_name(name, &mut pr.out);
        pr.out.push_str(" : ");
        if let Some(t) = ir.attr(op, "type").and_then(|a| ctx.type_value(a)) {
            pr.print_type(t);
        }
        if let Some(init) = ir.attr(op, "initial_value") {
            pr.out.push_str(" = ");
            if matches!(ctx.attr_kind(init), AttrKind::Unit) {
                pr.out.push_str("uninitialized");
            } else {
                pr.print_attr_no_type(init);
            }
        }
        pr.print_optional_attr_dict(ir.attrs(op), &["sym_visibility", "constant", "sym_name", "type", "initial_value"]);
    }
}

/// `load`: `%m[%i] attr-dict : type`.
struct LoadAsm;

impl OpAsm for LoadAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let m = p.parse_operand()?;
        let idx = parse_square_operands(p)?;
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let t = parse_type_of(p, st, is_memref)?;
        let index = p.p.ctx.index_ty();
        let mut operands = vec![p.resolve_operand(m, t)?];
        operands.extend(resolve_all(p, &idx, index)?);
        st.operands = operands;
        st.result_types = vec![p.p.ctx.element_type(t).unwrap_or(t)];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        print_operand(pr, op, 0);
        pr.out.push('[');
        pr.print_values(ir.operands(op).skip(1));
        pr.out.push(']');
        let attrs = printable_attrs(ir, op, &[]);
        pr.print_optional_attr_dict(&attrs, &[]);
        pr.out.push_str(" : ");
        print_operand_type(pr, op, 0);
    }
}

/// `store`: `%v, %m[%i] attr-dict : type`.
struct StoreAsm;

impl OpAsm for StoreAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let v = p.parse_operand()?;
        expect_token(p, TokenKind::Comma)?;
        let m = p.parse_operand()?;
        let idx = parse_square_operands(p)?;
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let t = parse_type_of(p, st, is_memref)?;
        let index = p.p.ctx.index_ty();
        let elem = p.p.ctx.element_type(t).unwrap_or(t);
        let mut operands = vec![p.resolve_operand(v, elem)?, p.resolve_operand(m, t)?];
        operands.extend(resolve_all(p, &idx, index)?);
        st.operands = operands;
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        print_operand(pr, op, 0);
        pr.out.push_str(", ");
        print_operand(pr, op, 1);
        pr.out.push('[');
        pr.print_values(ir.operands(op).skip(2));
        pr.out.push(']');
        let attrs = printable_attrs(ir, op, &[]);
        pr.print_optional_attr_dict(&attrs, &[]);
        pr.out.push_str(" : ");
        print_operand_type(pr, op, 1);
    }
}

/// `realloc`: `%m (%d)? attr-dict : type to type`.
struct ReallocAsm;

impl OpAsm for ReallocAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let m = p.parse_operand()?;
        let mut size = None;
        if p.p.eat(TokenKind::LParen) {
            size = Some(p.parse_operand()?);
            expect_token(p, TokenKind::RParen)?;
        }
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let a = parse_type_of(p, st, is_memref)?;
        expect_keyword(p, "to")?;
        let b = parse_type_of(p, st, is_memref)?;
        let mut operands = vec![p.resolve_operand(m, a)?];
        if let Some(s) = size {
            let index = p.p.ctx.index_ty();
            operands.push(p.resolve_operand(s, index)?);
        }
        st.operands = operands;
        st.result_types = vec![b];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        print_operand(pr, op, 0);
        if ir.num_operands(op) > 1 {
            pr.out.push('(');
            print_operand(pr, op, 1);
            pr.out.push(')');
        }
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
        pr.out.push_str(" : ");
        print_operand_type(pr, op, 0);
        pr.out.push_str(" to ");
        print_result_type(pr, op);
    }
}

/// `subview` (`%m[..] [..] [..]`) and, with `labelled` set,
/// `reinterpret_cast` (`%m to offset: [..], sizes: [..], strides: [..]`),
/// both followed by `attr-dict : type to type`.
struct SliceAsm {
    labelled: bool,
    source: TypePred,
    name: &'static str,
}

/// The keywords before the lists of a labelled [`SliceAsm`].
const SLICE_LABELS: [&str; 3] = ["offset", "sizes", "strides"];

impl OpAsm for SliceAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let src = p.parse_operand()?;
        if self.labelled {
            expect_keyword(p, "to")?;
        }
        let mut lists: [(Vec<ValueId>, Vec<i64>); 3] = Default::default();
        for (k, label) in SLICE_LABELS.iter().enumerate() {
            if self.labelled {
                if k > 0 {
                    expect_token(p, TokenKind::Comma)?;
                }
                expect_keyword(p, label)?;
                expect_colon(p)?;
            }
            lists[k] = parse_index_list(p, Delimiter::Square)?;
        }
        let [(o, so), (s, ss), (t, sst)] = lists;
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let a = parse_type_of(p, st, self.source)?;
        expect_keyword(p, "to")?;
        let b = parse_type_of(p, st, is_memref)?;
        let ctx = p.p.ctx;
        add_attr(p, st, "static_offsets", ctx.dense_i64_array_attr(&so));
        add_attr(p, st, "static_sizes", ctx.dense_i64_array_attr(&ss));
        add_attr(p, st, "static_strides", ctx.dense_i64_array_attr(&sst));
        add_attr(p, st, "operandSegmentSizes", segment_sizes_attr(ctx, &[1, o.len(), s.len(), t.len()]));
        let mut operands = vec![p.resolve_operand(src, a)?];
        operands.extend(o);
        operands.extend(s);
        operands.extend(t);
        st.operands = operands;
        st.result_types = vec![b];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        print_operand(pr, op, 0);
        let sp = slice_params_at(ir, op, 1, 4);
        let lists =
            [(&sp.offsets, &sp.static_offsets), (&sp.sizes, &sp.static_sizes), (&sp.strides, &sp.static_strides)];
        let separators = if self.labelled { [" to offset: ", ", sizes: ", ", strides: "] } else { ["", " ", " "] };
        for ((values, statics), separator) in lists.into_iter().zip(separators) {
            pr.out.push_str(separator);
            print_dynamic_index_list(pr, values, statics, &[], Delimiter::Square);
        }
        pr.print_optional_attr_dict(ir.attrs(op), &SLICE_ATTRS);
        pr.out.push_str(" : ");
        print_operand_type(pr, op, 0);
        pr.out.push_str(" to ");
        print_result_type(pr, op);
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        name_result(ir, op, set, self.name);
    }
}

/// `transpose`: `%m (d0, d1) -> (d1, d0) attr-dict : type to type`.
struct TransposeAsm;

impl OpAsm for TransposeAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let src = p.parse_operand()?;
        let map = parse_bare_affine_map(p)?;
        add_attr(p, st, "permutation", p.p.ctx.attr(AttrKind::AffineMap(map)));
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let a = parse_type_of(p, st, is_memref)?;
        expect_keyword(p, "to")?;
        let b = parse_type_of(p, st, is_memref)?;
        st.operands = vec![p.resolve_operand(src, a)?];
        st.result_types = vec![b];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        print_operand(pr, op, 0);
        pr.out.push(' ');
        if let Some(a) = ir.attr(op, "permutation") {
            match pr.ctx().attr_kind(a) {
                AttrKind::AffineMap(m) => pr.out.push_str(&m.to_string()),
                _ => pr.print_attr(a),
            }
        }
        pr.print_optional_attr_dict(ir.attrs(op), &["permutation"]);
        pr.out.push_str(" : ");
        print_operand_type(pr, op, 0);
        pr.out.push_str(" to ");
        print_result_type(pr, op);
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        name_result(ir, op, set, "transpose");
    }
}

/// Parses an affine map written without `affine_map<...>` (MLIR's
/// `parseAffineMap`): `(d0, d1) -> (d1, d0)`; dims may have any names.
fn parse_bare_affine_map(p: &mut IrParser<'_, '_>) -> PResult<ir::affine::AffineMap> {
    if !p.p.at(TokenKind::LParen) {
        return Err(p.p.error_here("expected '('"));
    }
    let start = p.p.tok.start;
    let text = p.p.src.get(start as usize..).unwrap_or("");
    match syntax::affine_parse::parse_affine_map(text) {
        Ok((map, consumed)) => {
            let end = u32::try_from(start as usize + consumed).unwrap_or(u32::MAX);
            p.p.reset_to(end);
            Ok(map)
        }
        Err(e) => {
            let pos = u32::try_from(start as usize + e.offset).unwrap_or(start);
            Err(p.p.error_at(pos, e.message))
        }
    }
}

/// `view`: `%m[%shift][%sizes] attr-dict : type to type`.
struct ViewAsm;

impl OpAsm for ViewAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let src = p.parse_operand()?;
        expect_token(p, TokenKind::LSquare)?;
        let shift = p.parse_operand()?;
        expect_token(p, TokenKind::RSquare)?;
        let sizes = parse_square_operands(p)?;
        parse_opt_attr_dict(p, st)?;
        expect_colon(p)?;
        let a = parse_type_of(p, st, is_memref)?;
        expect_keyword(p, "to")?;
        let b = p.p.parse_type()?;
        let index = p.p.ctx.index_ty();
        let mut operands = vec![p.resolve_operand(src, a)?, p.resolve_operand(shift, index)?];
        operands.extend(resolve_all(p, &sizes, index)?);
        st.operands = operands;
        st.result_types = vec![b];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        print_operand(pr, op, 0);
        pr.out.push('[');
        print_operand(pr, op, 1);
        pr.out.push_str("][");
        pr.print_values(ir.operands(op).skip(2));
        pr.out.push(']');
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
        pr.out.push_str(" : ");
        print_operand_type(pr, op, 0);
        pr.out.push_str(" to ");
        print_result_type(pr, op);
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        name_result(ir, op, set, "view");
    }
}

// ===== folders ===============================================================

/// `ExtractStridedMetadataOp::fold`: uses of the offset, size and stride
/// results whose value the source type gives statically are replaced by
/// `arith.constant`s created before the op.
fn fold_extract_strided_metadata(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx_arc().clone();
    let Some(src) = value_ty(ir, op, 0) else { return FoldOutcome::Failure };
    let (Some(shape), Some((strides, offset))) =
        (ctx.shape(src).map(<[i64]>::to_vec), layout::strides_and_offset(&ctx, src))
    else {
        return FoldOutcome::Failure;
    };
    let rank = shape.len();
    if ir.num_results(op) != 2 + 2 * rank {
        return FoldOutcome::Failure;
    }
    let known = std::iter::once(offset).chain(shape).chain(strides);
    let mut changed = false;
    for (i, c) in known.enumerate() {
        let r = ir.result(op, i + 1);
        if c == DYNAMIC || !ir.has_uses(r) {
            continue;
        }
        let name = ctx.intern_str("arith.constant");
        let attrs = [NamedAttr { name: ctx.intern_str("value"), value: ctx.index_attr(c) }];
        let results = [ctx.index_ty()];
        let loc = ir.op_loc(op);
        let k = ir.insert_new_op(
            InsertPoint::Before(op),
            OpSpec { results: &results, attrs: &attrs, ..OpSpec::new(name, loc) },
        );
        let kv = ir.result(k, 0);
        ir.replace_all_uses(r, kv);
        changed = true;
    }
    in_place(changed)
}

fn in_place(changed: bool) -> FoldOutcome {
    if changed {
        FoldOutcome::InPlace
    } else {
        FoldOutcome::Failure
    }
}

fn fold_to_value(v: ValueId) -> FoldOutcome {
    FoldOutcome::Results(smallvec![OpFoldResult::Value(v)])
}

fn fold_to_attr(a: Attribute) -> FoldOutcome {
    FoldOutcome::Results(smallvec![OpFoldResult::Attr(a)])
}

/// The `memref.cast` defining `v`, if any.
fn defining_cast(ir: &Ir, v: ValueId) -> Option<OpId> {
    ir.defining_op(v).filter(|&d| ir.is_op(d, "memref.cast") && ir.num_operands(d) == 1)
}

/// MLIR's `foldMemRefCast`: every operand of `op` (other than `inner`)
/// produced by a `memref.cast` from a ranked memref is replaced by the
/// cast's source. Returns true when an operand changed.
pub fn fold_memref_cast(ir: &mut Ir, op: OpId, inner: Option<ValueId>) -> bool {
    let mut folded = false;
    for i in 0..ir.num_operands(op) {
        let v = ir.operand(op, i);
        if Some(v) == inner {
            continue;
        }
        let Some(cast) = defining_cast(ir, v) else { continue };
        let src = ir.operand(cast, 0);
        if layout::is_unranked_memref(ir.ctx(), ir.value_type(src)) {
            continue;
        }
        ir.set_operand(op, i, src);
        folded = true;
    }
    folded
}

/// `CastOp::canFoldIntoConsumerOp` for a `memref.cast` op.
pub fn can_fold_into_consumer(ir: &Ir, cast: OpId) -> bool {
    match (value_ty(ir, cast, 0), result_ty(ir, cast)) {
        (Some(s), Some(d)) => layout::can_fold_cast_into_consumer(ir.ctx(), s, d),
        _ => false,
    }
}

/// `CastOpInterface`'s trait fold: a cast to the operand's own type folds to
/// the operand.
fn identity_cast(ir: &Ir, op: OpId) -> Option<ValueId> {
    let (src, res) = (value_ty(ir, op, 0)?, result_ty(ir, op)?);
    (ir.num_operands(op) == 1 && ir.num_results(op) == 1 && src == res).then(|| ir.operand(op, 0))
}

fn fold_atomic_rmw(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    if ir.num_operands(op) == 0 {
        return FoldOutcome::Failure;
    }
    let value = ir.operand(op, 0);
    in_place(fold_memref_cast(ir, op, Some(value)))
}

fn fold_prefetch(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    in_place(fold_memref_cast(ir, op, None))
}

fn fold_cast(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let changed = fold_memref_cast(ir, op, None);
    match identity_cast(ir, op) {
        Some(v) => fold_to_value(v),
        None => in_place(changed),
    }
}

fn fold_load(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    in_place(fold_memref_cast(ir, op, None))
}

fn fold_dealloc(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    in_place(fold_memref_cast(ir, op, None))
}

fn fold_store(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    if ir.num_operands(op) == 0 {
        return FoldOutcome::Failure;
    }
    let value = ir.operand(op, 0);
    in_place(fold_memref_cast(ir, op, Some(value)))
}

fn fold_copy(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let mut folded = false;
    for i in 0..ir.num_operands(op) {
        let v = ir.operand(op, i);
        if let Some(cast) = defining_cast(ir, v) {
            if can_fold_into_consumer(ir, cast) {
                let src = ir.operand(cast, 0);
                ir.set_operand(op, i, src);
                folded = true;
            }
        }
    }
    in_place(folded)
}

fn fold_memory_space_cast(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let Some(src) = (ir.num_operands(op) == 1).then(|| ir.operand(op, 0)) else { return FoldOutcome::Failure };
    let mut changed = false;
    if let Some(parent) = ir.defining_op(src) {
        if ir.is_op(parent, "memref.memory_space_cast") && ir.num_operands(parent) == 1 {
            let inner = ir.operand(parent, 0);
            ir.set_operand(op, 0, inner);
            changed = true;
        }
    }
    match identity_cast(ir, op) {
        Some(v) => fold_to_value(v),
        None => in_place(changed),
    }
}

fn fold_rank(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx();
    match value_ty(ir, op, 0).and_then(|t| ctx.shape(t)) {
        Some(s) => fold_to_attr(ctx.index_attr(s.len() as i64)),
        None => FoldOutcome::Failure,
    }
}

/// Position of dim `index` among the dynamic dims of `shape`
/// (`getDynamicDimIndex`).
fn dynamic_dim_index(shape: &[i64], index: usize) -> usize {
    shape.iter().take(index).filter(|&&d| d == DYNAMIC).count()
}

fn fold_dim(ir: &mut Ir, op: OpId, operands: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx();
    let Some(index) = operands.get(1).copied().flatten().and_then(|a| ctx.int_value(a)) else {
        return FoldOutcome::Failure;
    };
    let Some(src_ty) = value_ty(ir, op, 0) else { return FoldOutcome::Failure };
    let Some(shape) = ctx.shape(src_ty).filter(|_| layout::is_ranked_memref(ctx, src_ty)).map(<[i64]>::to_vec) else {
        return FoldOutcome::Failure;
    };
    let Some(idx) = usize::try_from(index).ok().filter(|&i| i < shape.len()) else {
        return FoldOutcome::Failure;
    };
    if shape[idx] != DYNAMIC {
        return fold_to_attr(ctx.index_attr(shape[idx]));
    }
    let src = ir.operand(op, 0);
    if let Some(def) = ir.defining_op(src) {
        let dyn_pos = dynamic_dim_index(&shape, idx);
        let name = ir.op_name_str(def);
        let dynamic_sizes: Option<Vec<ValueId>> = match name {
            "memref.alloc" | "memref.alloca" => Some(segment_values(ir, def, 2, 0)),
            "memref.view" => Some(ir.operands(def).skip(2).collect()),
            _ => None,
        };
        if let Some(sizes) = dynamic_sizes {
            return match sizes.get(dyn_pos) {
                Some(&v) => fold_to_value(v),
                None => FoldOutcome::Failure,
            };
        }
        if name == "memref.subview" {
            if let Some(v) = subview_dynamic_size_of_result_dim(ir, def, idx) {
                return fold_to_value(v);
            }
            return FoldOutcome::Failure;
        }
        if let Some(p) = static_dynamic::slice_params(ir, def) {
            if let Some(Some(OpFoldSize::Value(v))) = p.mixed_sizes().map(|m| m.get(idx).copied()) {
                return fold_to_value(v);
            }
            return FoldOutcome::Failure;
        }
    }
    in_place(fold_memref_cast(ir, op, None))
}

/// The dims of a subview's source dropped in its (rank-reduced) result.
pub fn subview_dropped_dims(ir: &Ir, subview: OpId) -> Option<Vec<bool>> {
    let (src, res) = (value_ty(ir, subview, 0)?, result_ty(ir, subview)?);
    let sizes = static_dynamic::i64_array(ir, subview, "static_sizes");
    layout::memref_rank_reduction_mask(ir.ctx(), src, res, &sizes)
}

fn subview_dynamic_size_of_result_dim(ir: &Ir, subview: OpId, result_dim: usize) -> Option<ValueId> {
    let dropped = subview_dropped_dims(ir, subview)?;
    let source_dim = dropped.iter().enumerate().filter(|(_, &d)| !d).nth(result_dim).map(|(i, _)| i)?;
    let p = slice_params_at(ir, subview, 1, 4);
    match p.mixed_sizes()?.get(source_dim)? {
        OpFoldSize::Value(v) => Some(*v),
        OpFoldSize::Static(_) => None,
    }
}

fn mixed_slice(ir: &Ir, op: OpId) -> Option<(Vec<OpFoldSize>, Vec<OpFoldSize>, Vec<OpFoldSize>)> {
    let p = slice_params_at(ir, op, 1, 4);
    Some((p.mixed_offsets()?, p.mixed_sizes()?, p.mixed_strides()?))
}

fn fold_subview(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx();
    let (Some(src_ty), Some(res_ty)) = (value_ty(ir, op, 0), result_ty(ir, op)) else { return FoldOutcome::Failure };
    let src = ir.operand(op, 0);
    if ctx.has_static_shape(res_ty) && res_ty == src_ty {
        return fold_to_value(src);
    }
    let Some(inner) = ir.defining_op(src).filter(|&d| ir.is_op(d, "memref.subview")) else {
        return FoldOutcome::Failure;
    };
    let (Some((offsets, sizes, strides)), Some((_, inner_sizes, _))) = (mixed_slice(ir, op), mixed_slice(ir, inner))
    else {
        return FoldOutcome::Failure;
    };
    let zeros = offsets.iter().all(|&o| o == OpFoldSize::Static(0));
    let ones = strides.iter().all(|&s| s == OpFoldSize::Static(1));
    if zeros && ones && sizes == inner_sizes && res_ty == src_ty {
        return fold_to_value(src);
    }
    FoldOutcome::Failure
}

/// `TransposeOp::fold`: an identity permutation between equal types folds
/// to the input; a transpose of a transpose composes the permutations.
fn fold_transpose(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let ctx = ir.ctx_arc().clone();
    let Some(AttrKind::AffineMap(map)) = ir.attr(op, "permutation").map(|a| ctx.attr_kind(a)) else {
        return FoldOutcome::Failure;
    };
    let (Some(src_ty), Some(res_ty)) = (value_ty(ir, op, 0), result_ty(ir, op)) else { return FoldOutcome::Failure };
    if map.is_identity() && src_ty == res_ty {
        return fold_to_value(ir.operand(op, 0));
    }
    let Some(inner) = ir.defining_op(ir.operand(op, 0)).filter(|&d| ir.is_op(d, "memref.transpose")) else {
        return FoldOutcome::Failure;
    };
    let Some(AttrKind::AffineMap(inner_map)) = ir.attr(inner, "permutation").map(|a| ctx.attr_kind(a)) else {
        return FoldOutcome::Failure;
    };
    let (Some(composed), Some(&inner_src)) = (map.compose(inner_map), ir.operands(inner).collect::<Vec<_>>().first())
    else {
        return FoldOutcome::Failure;
    };
    ir.set_operand(op, 0, inner_src);
    let name = ctx.intern_str("permutation");
    ir.set_attr(op, name, ctx.attr(AttrKind::AffineMap(composed)));
    FoldOutcome::InPlace
}

fn fold_reinterpret_cast(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    let (Some(src_ty), Some(res_ty)) = (value_ty(ir, op, 0), result_ty(ir, op)) else { return FoldOutcome::Failure };
    let src = ir.operand(op, 0);
    let prev_src = ir.defining_op(src).and_then(|d| match ir.op_name_str(d) {
        "memref.reinterpret_cast" | "memref.cast" if ir.num_operands(d) > 0 => Some(ir.operand(d, 0)),
        "memref.subview" => {
            let (offsets, _, _) = mixed_slice(ir, d)?;
            offsets.iter().all(|&o| o == OpFoldSize::Static(0)).then(|| ir.operand(d, 0))
        }
        _ => None,
    });
    if let Some(prev) = prev_src {
        ir.set_operand(op, 0, prev);
        return FoldOutcome::InPlace;
    }
    let ctx = ir.ctx();
    let first_offset = static_dynamic::i64_array(ir, op, "static_offsets").first().copied();
    if ctx.has_static_shape(res_ty) && src_ty == res_ty && first_offset == Some(0) {
        return fold_to_value(src);
    }
    FoldOutcome::Failure
}

/// `foldReshapeOp`: an identity reshape folds to its source, and a reshape
/// undoing its producer (`inverse`) folds to the producer's source.
fn fold_reshape(ir: &mut Ir, op: OpId, inverse: &str, collapsing: bool) -> FoldOutcome {
    let (Some(src_ty), Some(res_ty)) = (value_ty(ir, op, 0), result_ty(ir, op)) else { return FoldOutcome::Failure };
    let src = ir.operand(op, 0);
    if src_ty == res_ty {
        return fold_to_value(src);
    }
    let Some(prod) = ir.defining_op(src).filter(|&d| ir.is_op(d, inverse) && ir.num_operands(d) > 0) else {
        return FoldOutcome::Failure;
    };
    let orig = ir.operand(prod, 0);
    let orig_ty = ir.value_type(orig);
    if orig_ty != res_ty {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx();
    let shape = ctx.shape(orig_ty).unwrap_or_default().to_vec();
    if shape.iter().filter(|&&d| d == DYNAMIC).count() < 2 {
        return fold_to_value(orig);
    }
    let (Ok(ours), Ok(theirs)) = (reassociation(ir, op), reassociation(ir, prod)) else {
        return FoldOutcome::Failure;
    };
    if ours != theirs {
        return FoldOutcome::Failure;
    }
    // Expanding then collapsing back folds despite several dynamic dims.
    if collapsing {
        return fold_to_value(orig);
    }
    let ok = ours.iter().all(|g| {
        let dynamic =
            g.iter().filter(|&&d| usize::try_from(d).ok().and_then(|u| shape.get(u)) == Some(&DYNAMIC)).count();
        dynamic < 2
    });
    if ok {
        fold_to_value(orig)
    } else {
        FoldOutcome::Failure
    }
}

fn fold_collapse_shape(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    fold_reshape(ir, op, "memref.expand_shape", true)
}

fn fold_expand_shape(ir: &mut Ir, op: OpId, _: &[Option<Attribute>]) -> FoldOutcome {
    fold_reshape(ir, op, "memref.collapse_shape", false)
}

// ===== canonicalization patterns =============================================

pub use crate::patterns::PatternFn;

/// The canonicalization patterns of the memref dialect as
/// `(op name, upstream pattern name, rewrite)`, in upstream's registration
/// order. [`register`] attaches them to the ops; folders are registered
/// separately.
pub fn canonicalization_patterns() -> Vec<(&'static str, &'static str, PatternFn)> {
    vec![
        ("memref.alloc", "SimplifyAllocConst", simplify_alloc_const),
        ("memref.alloc", "SimplifyDeadAlloc", simplify_dead_alloc),
        ("memref.alloca", "SimplifyAllocConst", simplify_alloc_const),
        ("memref.alloca", "SimplifyDeadAlloc", simplify_dead_alloc),
        ("memref.realloc", "SimplifyDeadAlloc", simplify_dead_alloc),
        ("memref.alloca_scope", "AllocaScopeInliner", inline_alloca_scope),
        ("memref.dim", "DimOfMemRefReshape", fold_dim_of_reshape),
        ("memref.reinterpret_cast", "ReinterpretCastOpExtractStridedMetadataFolder", fold_reinterpret_of_metadata),
        ("memref.collapse_shape", "ComposeReassociativeReshapeOps", compose_reassociative_reshapes),
        ("memref.collapse_shape", "ComposeCollapseOfExpandOp", compose_collapse_of_expand),
        ("memref.collapse_shape", "CollapseShapeOpMemRefCastFolder", fold_collapse_of_cast),
        ("memref.expand_shape", "ComposeReassociativeReshapeOps", compose_reassociative_reshapes),
        ("memref.copy", "FoldCopyOfCast", fold_copy_of_cast),
        ("memref.copy", "FoldEmptyCopy", fold_empty_copy),
        ("memref.copy", "FoldSelfCopy", fold_self_copy),
        ("memref.subview", "OpWithOffsetSizesAndStridesConstantArgumentFolder", fold_subview_constant_arguments),
        ("memref.subview", "SubViewOpMemRefCastFolder", fold_subview_of_cast),
        ("memref.subview", "TrivialSubViewOpFolder", fold_trivial_subview),
        ("memref.view", "ViewOpShapeFolder", fold_view_shape),
        ("memref.view", "ViewOpMemrefCastFolder", fold_view_of_cast),
    ]
}

fn register_patterns(ctx: &mut Context) {
    crate::patterns::register_patterns(ctx, &canonicalization_patterns());
}

/// Creates an op named `name` right before `before`, with `before`'s
/// location.
fn create_before(
    rw: &mut PatternRewriter<'_>,
    before: OpId,
    name: &str,
    operands: &[ValueId],
    results: &[Type],
    attrs: &[NamedAttr],
) -> OpId {
    let n = rw.ir().ctx().intern_str(name);
    let loc = rw.ir().op_loc(before);
    rw.set_insertion_point(InsertPoint::Before(before));
    rw.create(OpSpec { operands, results, attrs, ..OpSpec::new(n, loc) })
}

/// Creates `memref.cast %v : T to dst` before `before`.
pub fn create_cast(rw: &mut PatternRewriter<'_>, before: OpId, v: ValueId, dst: Type) -> ValueId {
    let c = create_before(rw, before, "memref.cast", &[v], &[dst], &[]);
    rw.ir().result(c, 0)
}

/// The integer a constant-like op (`arith.constant`) gives `v`, if any
/// (MLIR's `m_ConstantInt`).
pub fn constant_int(ir: &Ir, v: ValueId) -> Option<i128> {
    let d = ir.defining_op(v).filter(|&d| ir.has_trait(d, OpTraits::CONSTANT_LIKE))?;
    let a = ir.attr(d, "value")?;
    match ir.ctx().attr_kind(a) {
        AttrKind::Integer { .. } => ir.ctx().int_value(a),
        _ => None,
    }
}

/// `SimplifyAllocConst`: dynamic sizes of an `alloc`/`alloca` given by
/// non-negative constants move into the type; a `memref.cast` back to the
/// old type replaces the op (only `alignment` is kept, as upstream).
pub fn simplify_alloc_const(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let ctx = ir.ctx_arc().clone();
    let Some(t) = result_ty(ir, op) else { return false };
    let Some(p) = layout::memref_parts(&ctx, t) else { return false };
    let sizes = segment_values(ir, op, 2, 0);
    let symbols = segment_values(ir, op, 2, 1);
    if sizes.len() != dynamic_dim_count(&ctx, t) {
        return false;
    }
    let constant = |v: ValueId| constant_int(ir, v).filter(|&c| c >= 0 && c <= i64::MAX as i128);
    if !sizes.iter().any(|&v| constant(v).is_some()) {
        return false;
    }
    let mut next = sizes.iter();
    let mut shape = Vec::with_capacity(p.shape.len());
    let mut kept = Vec::new();
    for &d in &p.shape {
        if d != DYNAMIC {
            shape.push(d);
            continue;
        }
        let Some(&v) = next.next() else { return false };
        match constant(v) {
            Some(c) => shape.push(c as i64),
            None => {
                shape.push(DYNAMIC);
                kept.push(v);
            }
        }
    }
    let new_ty = layout::memref_type(&ctx, &shape, p.elem, p.layout, p.memory_space);
    let mut attrs = vec![NamedAttr {
        name: ctx.intern_str("operandSegmentSizes"),
        value: segment_sizes_attr(&ctx, &[kept.len(), symbols.len()]),
    }];
    if let Some(a) = ir.attr(op, "alignment") {
        attrs.push(NamedAttr { name: ctx.intern_str("alignment"), value: a });
    }
    let name = ir.op_name_str(op).to_string();
    let mut operands = kept;
    operands.extend(symbols);
    let new = create_before(rw, op, &name, &operands, &[new_ty], &attrs);
    let v = rw.ir().result(new, 0);
    let cast = create_cast(rw, op, v, t);
    rw.replace_op(op, &[cast]);
    true
}

/// `SimplifyDeadAlloc`: an allocation whose only users are `dealloc`s and
/// `store`s into it is erased with those users.
pub fn simplify_dead_alloc(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_results(op) != 1 {
        return false;
    }
    let r = ir.result(op, 0);
    let mut users: Vec<OpId> = ir.users(r).collect();
    let removable = users.iter().all(|&u| {
        if ir.is_op(u, "memref.store") {
            ir.num_operands(u) > 0 && ir.operand(u, 0) != r
        } else {
            ir.is_op(u, "memref.dealloc")
        }
    });
    if !removable {
        return false;
    }
    users.dedup();
    for u in users {
        rw.erase_op(u);
    }
    rw.erase_op(op);
    true
}

/// Whether `op` may itself allocate in an automatic allocation scope
/// (`isOpItselfPotentialAutomaticAllocation`): ops with recursive effects
/// do not, ops with unknown effects might, and `memref.alloca` does.
fn is_potential_automatic_allocation(ir: &Ir, op: OpId) -> bool {
    if ir.has_trait(op, OpTraits::RECURSIVE_MEMORY_EFFECTS) {
        return false;
    }
    let known = ir.has_trait(op, OpTraits::PURE)
        || ir.ctx().registry().interface::<dyn MemoryEffects>(ir.op_name(op)).is_some();
    !known || ir.is_op(op, "memref.alloca")
}

/// True when `op` is in a single-block region and only a terminator follows
/// it.
fn last_non_terminator_in_region(ir: &Ir, op: OpId) -> bool {
    let Some(b) = ir.op_block(op) else { return false };
    let single = ir.block_region(b).is_some_and(|r| ir.region_blocks(r).nth(1).is_none());
    single && ir.next_op(op).is_some_and(|n| Some(n) == ir.terminator(b))
}

/// `AllocaScopeInliner`: an `alloca_scope` is inlined into its parent when
/// it contains no potential stack allocation, or when its parent is itself
/// an allocation scope and nothing follows it but the terminator.
pub fn inline_alloca_scope(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(&region) = ir.regions(op).first() else { return false };
    let Some(block) = ir.entry_block(region) else { return false };
    let mut potential = false;
    let mut stack: Vec<OpId> = ir.block_ops(block).collect();
    stack.reverse();
    while let Some(o) = stack.pop() {
        if is_potential_automatic_allocation(ir, o) {
            potential = true;
            break;
        }
        if ir.has_trait(o, OpTraits::AUTOMATIC_ALLOCATION_SCOPE) {
            continue;
        }
        for &r in ir.regions(o).iter().rev() {
            let blocks: Vec<_> = ir.region_blocks(r).collect();
            for b in blocks.into_iter().rev() {
                let mut ops: Vec<OpId> = ir.block_ops(b).collect();
                ops.reverse();
                stack.extend(ops);
            }
        }
    }
    if potential {
        let parent_scope = ir.parent_op(op).is_some_and(|p| ir.has_trait(p, OpTraits::AUTOMATIC_ALLOCATION_SCOPE));
        if !parent_scope || !last_non_terminator_in_region(ir, op) {
            return false;
        }
    }
    let Some(term) = ir.last_op(block).filter(|&t| ir.is_op(t, "memref.alloca_scope.return")) else {
        return false;
    };
    if ir.region_blocks(region).nth(1).is_some() {
        return false;
    }
    let results: Vec<ValueId> = ir.operands(term).collect();
    if results.len() != ir.num_results(op) {
        return false;
    }
    let body: Vec<OpId> = ir.block_ops(block).filter(|&o| o != term).collect();
    for o in body {
        rw.move_op(o, InsertPoint::Before(op));
    }
    rw.replace_op(op, &results);
    true
}

/// `FoldCopyOfCast`: a `memref.cast` from a ranked memref feeding a copy's
/// source or target is bypassed. (Upstream compares the cast source's type
/// with itself, so every such cast qualifies; this keeps that behaviour.)
pub fn fold_copy_of_cast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 2 {
        return false;
    }
    let mut changes = Vec::new();
    for i in 0..2 {
        if let Some(cast) = defining_cast(ir, ir.operand(op, i)) {
            let src = ir.operand(cast, 0);
            if layout::is_ranked_memref(ir.ctx(), ir.value_type(src)) {
                changes.push((i, src));
            }
        }
    }
    if changes.is_empty() {
        return false;
    }
    rw.modify_in_place(op, |ir| {
        for (i, v) in changes {
            ir.set_operand(op, i, v);
        }
    });
    true
}

/// `FoldSelfCopy`: `memref.copy %x, %x` is erased.
pub fn fold_self_copy(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) == 2 && ir.operand(op, 0) == ir.operand(op, 1) {
        rw.erase_op(op);
        return true;
    }
    false
}

/// `FoldEmptyCopy`: a copy of or into a memref with a zero-sized dim is
/// erased.
pub fn fold_empty_copy(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let ctx = ir.ctx();
    let empty = |t: Option<Type>| t.and_then(|t| ctx.shape(t)).is_some_and(|s| s.contains(&0));
    if empty(value_ty(ir, op, 0)) || empty(value_ty(ir, op, 1)) {
        rw.erase_op(op);
        return true;
    }
    false
}

/// Creates a `memref.subview` before `before` from mixed lists.
fn create_subview(
    rw: &mut PatternRewriter<'_>,
    before: OpId,
    source: ValueId,
    result: Type,
    lists: [&[OpFoldSize]; 3],
) -> OpId {
    let ctx = rw.ir().ctx_arc().clone();
    let split = lists.map(static_dynamic::dispatch_mixed);
    let attrs = [
        NamedAttr { name: ctx.intern_str("static_offsets"), value: ctx.dense_i64_array_attr(&split[0].1) },
        NamedAttr { name: ctx.intern_str("static_sizes"), value: ctx.dense_i64_array_attr(&split[1].1) },
        NamedAttr { name: ctx.intern_str("static_strides"), value: ctx.dense_i64_array_attr(&split[2].1) },
        NamedAttr {
            name: ctx.intern_str("operandSegmentSizes"),
            value: segment_sizes_attr(&ctx, &[1, split[0].0.len(), split[1].0.len(), split[2].0.len()]),
        },
    ];
    let mut operands = vec![source];
    for (values, _) in &split {
        operands.extend_from_slice(values);
    }
    create_before(rw, before, "memref.subview", &operands, &[result], &attrs)
}

/// Replaces dynamic entries defined by constants with static ones
/// (`foldDynamicIndexList`); returns true when one changed.
pub(crate) fn fold_constant_entries(ir: &Ir, list: &mut [OpFoldSize], only_non_negative: bool) -> bool {
    let mut changed = false;
    for e in list.iter_mut() {
        if let OpFoldSize::Value(v) = *e {
            if let Some(c) = constant_int(ir, v).and_then(|c| i64::try_from(c).ok()) {
                if only_non_negative && c < 0 {
                    continue;
                }
                *e = OpFoldSize::Static(c);
                changed = true;
            }
        }
    }
    changed
}

fn statics_of(list: &[OpFoldSize]) -> Vec<i64> {
    list.iter()
        .map(|e| match e {
            OpFoldSize::Static(s) => *s,
            OpFoldSize::Value(_) => DYNAMIC,
        })
        .collect()
}

/// The type of a subview of `op`'s source with new mixed lists, keeping the
/// dims `op` drops (`SubViewReturnTypeCanonicalizer`).
fn canonical_subview_type(ir: &Ir, op: OpId, lists: [&[OpFoldSize]; 3]) -> Option<Type> {
    let ctx = ir.ctx();
    let source = value_ty(ir, op, 0)?;
    let [o, s, t] = lists.map(statics_of);
    let full = layout::subview_result_type_checked(ctx, source, &o, &s, &t)?;
    let dropped = subview_dropped_dims(ir, op)?;
    if !dropped.contains(&true) {
        return Some(full);
    }
    let (strides, offset) = layout::strides_and_offset(ctx, full)?;
    let p = layout::memref_parts(ctx, full)?;
    let keep = |v: &[i64]| -> Vec<i64> { v.iter().zip(&dropped).filter(|(_, &d)| !d).map(|(&x, _)| x).collect() };
    Some(layout::strided_memref_type(ctx, &keep(&p.shape), p.elem, &keep(&strides), offset, p.memory_space))
}

/// `OpWithOffsetSizesAndStridesConstantArgumentFolder` for subviews:
/// constant dynamic offsets, sizes (non-negative) and strides become static;
/// the new, more static subview is cast back to the old type.
pub fn fold_subview_constant_arguments(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((mut offsets, mut sizes, mut strides)) = mixed_slice(ir, op) else { return false };
    let a = fold_constant_entries(ir, &mut offsets, true);
    let b = fold_constant_entries(ir, &mut sizes, true);
    let c = fold_constant_entries(ir, &mut strides, false);
    if !(a || b || c) {
        return false;
    }
    let Some(new_ty) = canonical_subview_type(ir, op, [&offsets, &sizes, &strides]) else { return false };
    let (Some(old_ty), source) = (result_ty(ir, op), ir.operand(op, 0)) else { return false };
    let sv = create_subview(rw, op, source, new_ty, [&offsets, &sizes, &strides]);
    let v = rw.ir().result(sv, 0);
    let cast = create_cast(rw, op, v, old_ty);
    rw.replace_op(op, &[cast]);
    true
}

/// `TrivialSubViewOpFolder`: a subview with zero offsets, unit strides and
/// the full static source shape is replaced by its source (through a
/// `memref.cast` when the types differ).
pub fn fold_trivial_subview(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let ctx = ir.ctx();
    let (Some(src_ty), Some(res_ty)) = (value_ty(ir, op, 0), result_ty(ir, op)) else { return false };
    let (Some(ss), Some(rs)) = (ctx.shape(src_ty), ctx.shape(res_ty)) else { return false };
    if ss.len() != rs.len() {
        return false;
    }
    let Some((offsets, sizes, strides)) = mixed_slice(ir, op) else { return false };
    let is_const = |e: &OpFoldSize, c: i64| match *e {
        OpFoldSize::Static(s) => s == c,
        OpFoldSize::Value(v) => constant_int(ir, v) == Some(c as i128),
    };
    let trivial = offsets.iter().all(|e| is_const(e, 0))
        && strides.iter().all(|e| is_const(e, 1))
        && sizes.iter().zip(ss).all(|(e, &d)| d != DYNAMIC && is_const(e, d));
    if !trivial {
        return false;
    }
    let src = ir.operand(op, 0);
    let replacement = if src_ty == res_ty { src } else { create_cast(rw, op, src, res_ty) };
    rw.replace_op(op, &[replacement]);
    true
}

/// `SubViewOpMemRefCastFolder`: `subview(cast(x))`, where the cast only
/// makes the type more dynamic and no operand is a constant, becomes
/// `cast(subview(x))` with the subview's type inferred from `x`.
pub fn fold_subview_of_cast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.operands(op).any(|v| ir.defining_op(v).is_some_and(|d| ir.has_trait(d, OpTraits::CONSTANT_LIKE))) {
        return false;
    }
    let Some(cast) = (ir.num_operands(op) > 0).then(|| defining_cast(ir, ir.operand(op, 0))).flatten() else {
        return false;
    };
    if !can_fold_into_consumer(ir, cast) {
        return false;
    }
    let ctx = ir.ctx_arc().clone();
    let (Some(cur_src), Some(cur_res)) = (value_ty(ir, op, 0), result_ty(ir, op)) else { return false };
    let new_src = ir.operand(cast, 0);
    let new_src_ty = ir.value_type(new_src);
    let p = slice_params_at(ir, op, 1, 4);
    let Some(full) =
        layout::subview_result_type(&ctx, new_src_ty, &p.static_offsets, &p.static_sizes, &p.static_strides)
    else {
        return false;
    };
    let Some(dropped) = layout::memref_rank_reduction_mask(&ctx, cur_src, cur_res, &p.static_sizes) else {
        return false;
    };
    let (Some(fp), Some((fstrides, offset))) =
        (layout::memref_parts(&ctx, full), layout::strides_and_offset(&ctx, full))
    else {
        return false;
    };
    let keep = |v: &[i64]| -> Vec<i64> { v.iter().zip(&dropped).filter(|(_, &d)| !d).map(|(&x, _)| x).collect() };
    let new_res =
        layout::strided_memref_type(&ctx, &keep(&fp.shape), fp.elem, &keep(&fstrides), offset, fp.memory_space);
    let Some((offsets, sizes, strides)) = mixed_slice(ir, op) else { return false };
    let sv = create_subview(rw, op, new_src, new_res, [&offsets, &sizes, &strides]);
    let v = rw.ir().result(sv, 0);
    let cast = create_cast(rw, op, v, cur_res);
    rw.replace_op(op, &[cast]);
    true
}

/// `ViewOpShapeFolder`: dynamic sizes of a `memref.view` given by
/// `arith.constant`s move into the result type; a cast restores the old
/// type.
pub fn fold_view_shape(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let ctx = ir.ctx_arc().clone();
    let index_const = |v: ValueId| -> Option<i64> {
        let d = ir.defining_op(v).filter(|&d| ir.is_op(d, "arith.constant"))?;
        let a = ir.attr(d, "value")?;
        match ctx.attr_kind(a) {
            AttrKind::Integer { ty, .. } if ctx.is_index(*ty) => ctx.int_value(a).map(|c| c as i64),
            _ => None,
        }
    };
    if ir.num_operands(op) < 2 || !ir.operands(op).any(|v| index_const(v).is_some()) {
        return false;
    }
    let Some(t) = result_ty(ir, op) else { return false };
    let Some(p) = layout::memref_parts(&ctx, t) else { return false };
    let sizes: Vec<ValueId> = ir.operands(op).skip(2).collect();
    let mut next = sizes.iter();
    let mut shape = Vec::with_capacity(p.shape.len());
    let mut kept = Vec::new();
    for &d in &p.shape {
        if d != DYNAMIC {
            shape.push(d);
            continue;
        }
        let Some(&v) = next.next() else { return false };
        match index_const(v) {
            Some(c) => shape.push(c),
            None => {
                shape.push(DYNAMIC);
                kept.push(v);
            }
        }
    }
    let new_ty = layout::memref_type(&ctx, &shape, p.elem, p.layout, p.memory_space);
    if new_ty == t {
        return false;
    }
    let mut operands = vec![ir.operand(op, 0), ir.operand(op, 1)];
    operands.extend(kept);
    let view = create_before(rw, op, "memref.view", &operands, &[new_ty], &[]);
    let v = rw.ir().result(view, 0);
    let cast = create_cast(rw, op, v, t);
    rw.replace_op(op, &[cast]);
    true
}

/// `ViewOpMemrefCastFolder`: `view(cast(alloc))` views the allocation
/// directly.
pub fn fold_view_of_cast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) < 2 {
        return false;
    }
    let Some(cast) = defining_cast(ir, ir.operand(op, 0)) else { return false };
    let alloc = ir.operand(cast, 0);
    if !ir.defining_op(alloc).is_some_and(|d| ir.is_op(d, "memref.alloc")) {
        return false;
    }
    let Some(t) = result_ty(ir, op) else { return false };
    let mut operands: Vec<ValueId> = ir.operands(op).collect();
    operands[0] = alloc;
    let attrs = ir.attrs(op).to_vec();
    let view = create_before(rw, op, "memref.view", &operands, &[t], &attrs);
    let v = rw.ir().result(view, 0);
    rw.replace_op(op, &[v]);
    true
}

/// True when region `anc` strictly contains region `r`.
fn is_proper_ancestor_region(ir: &Ir, anc: RegionId, r: RegionId) -> bool {
    let mut cur = ir.region_parent_op(r).and_then(|o| ir.op_region(o));
    while let Some(c) = cur {
        if c == anc {
            return true;
        }
        cur = ir.region_parent_op(c).and_then(|o| ir.op_region(o));
    }
    false
}

/// `DimOfMemRefReshape`: `dim(reshape(x, shape), i)` becomes a load of
/// `shape[i]` right after the reshape (cast to `index` if needed), when `i`
/// is known to be available there.
pub fn fold_dim_of_reshape(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 2 || ir.num_results(op) != 1 {
        return false;
    }
    let Some(reshape) = ir.defining_op(ir.operand(op, 0)).filter(|&d| ir.is_op(d, "memref.reshape")) else {
        return false;
    };
    if ir.num_operands(reshape) != 2 {
        return false;
    }
    let index = ir.operand(op, 1);
    let (Some(idx_block), Some(rs_block)) = (ir.value_block(index), ir.op_block(reshape)) else { return false };
    if idx_block == rs_block {
        if let Some(def) = ir.defining_op(index) {
            if ir.is_before_in_block(reshape, def) {
                return false;
            }
        }
    } else if ir.op_block(op) != Some(rs_block) {
        let (Some(ir_idx), Some(ir_rs)) = (ir.block_region(idx_block), ir.op_region(reshape)) else { return false };
        if !is_proper_ancestor_region(ir, ir_idx, ir_rs) {
            return false;
        }
    }
    let shape = ir.operand(reshape, 1);
    let ctx = ir.ctx_arc().clone();
    let Some(elem) = ctx.element_type(ir.value_type(shape)) else { return false };
    let loc = ir.op_loc(op);
    rw.set_insertion_point(InsertPoint::After(reshape));
    let load_name = ctx.intern_str("memref.load");
    let load = rw.create(OpSpec { operands: &[shape, index], results: &[elem], ..OpSpec::new(load_name, loc) });
    let mut v = rw.ir().result(load, 0);
    if elem != ctx.index_ty() {
        rw.set_insertion_point(InsertPoint::After(load));
        let cast_name = ctx.intern_str("arith.index_cast");
        let cast = rw.create(OpSpec { operands: &[v], results: &[ctx.index_ty()], ..OpSpec::new(cast_name, loc) });
        v = rw.ir().result(cast, 0);
    }
    rw.replace_op(op, &[v]);
    true
}

/// `constifyIndexValues`: entries the type knows statically (`known`, with
/// [`DYNAMIC`] for unknown ones) and values defined by constants become
/// static.
fn constify(ir: &Ir, values: &mut [OpFoldSize], known: &[i64]) {
    for (v, &k) in values.iter_mut().zip(known) {
        if k != DYNAMIC {
            *v = OpFoldSize::Static(k);
        }
    }
    for v in values.iter_mut() {
        if let OpFoldSize::Value(x) = *v {
            if let Some(c) = constant_int(ir, x).and_then(|c| i64::try_from(c).ok()) {
                *v = OpFoldSize::Static(c);
            }
        }
    }
}

/// `ReinterpretCastOpExtractStridedMetadataFolder`: a `reinterpret_cast` of
/// the base buffer of `extract_strided_metadata(x)` that rebuilds exactly
/// `x`'s offset, sizes and strides is `x` (through a `memref.cast` when the
/// types differ).
pub fn fold_reinterpret_of_metadata(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let ctx = ir.ctx();
    if ir.num_operands(op) == 0 {
        return false;
    }
    let Some(md) = ir.defining_op(ir.operand(op, 0)).filter(|&d| ir.is_op(d, "memref.extract_strided_metadata")) else {
        return false;
    };
    let (Some(src_ty), Some(res_ty)) = (value_ty(ir, md, 0), result_ty(ir, op)) else { return false };
    let rank = ctx.shape(res_ty).map_or(0, <[i64]>::len);
    let n = ir.num_results(md);
    if n < 2 || (n - 2) % 2 != 0 {
        return false;
    }
    let md_rank = (n - 2) / 2;
    let results = |from: usize, len: usize| -> Vec<OpFoldSize> {
        (from..from + len).map(|i| OpFoldSize::Value(ir.result(md, i))).collect()
    };
    let known = |t: Type| layout::strides_and_offset(ctx, t);
    let (src_so, res_so) = (known(src_ty), known(res_ty));
    let Some((offsets, sizes, strides)) = mixed_slice(ir, op) else { return false };

    let mut md_strides = results(2 + md_rank, md_rank);
    constify(ir, &mut md_strides, src_so.as_ref().map_or(&[][..], |(s, _)| s));
    let mut rc_strides = strides;
    constify(ir, &mut rc_strides, res_so.as_ref().map_or(&[][..], |(s, _)| s));
    if md_strides.len() != rc_strides.len() || md_strides.iter().zip(&rc_strides).take(rank).any(|(a, b)| a != b) {
        return false;
    }
    let mut md_sizes = results(2, md_rank);
    constify(ir, &mut md_sizes, ctx.shape(src_ty).unwrap_or_default());
    let mut rc_sizes = sizes;
    constify(ir, &mut rc_sizes, ctx.shape(res_ty).unwrap_or_default());
    if md_sizes.len() < rank || rc_sizes.len() < rank || md_sizes[..rank] != rc_sizes[..rank] {
        return false;
    }
    let mut md_offset = results(1, 1);
    constify(ir, &mut md_offset, &src_so.as_ref().map(|(_, o)| vec![*o]).unwrap_or_default());
    let mut rc_offset = offsets;
    constify(ir, &mut rc_offset, &res_so.as_ref().map(|(_, o)| vec![*o]).unwrap_or_default());
    if md_offset != rc_offset {
        return false;
    }
    let src = ir.operand(md, 0);
    let replacement = if src_ty == res_ty { src } else { create_cast(rw, op, src, res_ty) };
    rw.replace_op(op, &[replacement]);
    true
}

/// `composeReassociationIndices`: the reassociation of two chained
/// collapses (or expansions), the longer one being the producer's. `None`
/// when the groups do not chain.
pub fn compose_reassociation_indices(a: &[Vec<i64>], b: &[Vec<i64>]) -> Option<Vec<Vec<i64>>> {
    let (producer, consumer) = match a.len().cmp(&b.len()) {
        std::cmp::Ordering::Equal => return None,
        std::cmp::Ordering::Greater => (a, b),
        std::cmp::Ordering::Less => (b, a),
    };
    if consumer.is_empty() {
        return Some(Vec::new());
    }
    if consumer.iter().map(Vec::len).sum::<usize>() != producer.len() {
        return None;
    }
    consumer
        .iter()
        .map(|group| {
            let mut out = Vec::new();
            for &i in group {
                out.extend_from_slice(producer.get(usize::try_from(i).ok()?)?);
            }
            Some(out)
        })
        .collect()
}

fn has_non_identity_layout(ir: &Ir, v: ValueId) -> bool {
    let ctx = ir.ctx();
    let t = ir.value_type(v);
    layout::is_ranked_memref(ctx, t) && !layout::has_identity_layout(ctx, t)
}

/// Creates a `collapse_shape` (or, with `output_shape`, an `expand_shape`)
/// of `src` before `before`.
fn create_reshape(
    rw: &mut PatternRewriter<'_>,
    before: OpId,
    src: ValueId,
    result: Type,
    reassoc: &[Vec<i64>],
    output_shape: Option<&[OpFoldSize]>,
) -> ValueId {
    let ctx = rw.ir().ctx_arc().clone();
    let mut attrs = vec![NamedAttr { name: ctx.intern_str("reassociation"), value: reassociation_attr(&ctx, reassoc) }];
    let mut operands = vec![src];
    let name = match output_shape {
        Some(shape) => {
            let (values, statics) = static_dynamic::dispatch_mixed(shape);
            operands.extend(values);
            attrs.push(NamedAttr {
                name: ctx.intern_str("static_output_shape"),
                value: ctx.dense_i64_array_attr(&statics),
            });
            "memref.expand_shape"
        }
        None => "memref.collapse_shape",
    };
    let op = create_before(rw, before, name, &operands, &[result], &attrs);
    rw.ir().result(op, 0)
}

/// The mixed `output_shape` of an `expand_shape`.
fn expand_output_shape(ir: &Ir, op: OpId) -> Option<Vec<OpFoldSize>> {
    let statics = static_dynamic::i64_array(ir, op, "static_output_shape");
    let values: Vec<ValueId> = ir.operands(op).skip(1).collect();
    mixed_values(&statics, &values)
}

/// `ComposeReassociativeReshapeOps`: a collapse of a collapse (or an
/// expansion of an expansion) of memrefs with identity layouts becomes one
/// op with the composed reassociation.
pub fn compose_reassociative_reshapes(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let name = ir.op_name_str(op).to_string();
    if ir.num_operands(op) == 0 || ir.num_results(op) != 1 {
        return false;
    }
    let Some(prod) = ir.defining_op(ir.operand(op, 0)).filter(|&d| ir.is_op(d, &name) && ir.num_operands(d) > 0) else {
        return false;
    };
    let src = ir.operand(prod, 0);
    if has_non_identity_layout(ir, src)
        || has_non_identity_layout(ir, ir.operand(op, 0))
        || has_non_identity_layout(ir, ir.result(op, 0))
    {
        return false;
    }
    let (Ok(ours), Ok(theirs)) = (reassociation(ir, op), reassociation(ir, prod)) else { return false };
    let Some(composed) = compose_reassociation_indices(&theirs, &ours) else { return false };
    let Some(res_ty) = result_ty(ir, op) else { return false };
    let shape = if name == "memref.expand_shape" {
        match expand_output_shape(ir, op) {
            Some(s) => Some(s),
            None => return false,
        }
    } else {
        None
    };
    let v = create_reshape(rw, op, src, res_ty, &composed, shape.as_deref());
    rw.replace_op(op, &[v]);
    true
}

/// `ComposeCollapseOfExpandOp`: `collapse_shape(expand_shape(x))` on
/// identity layouts becomes one collapse of `x` when the collapse's groups
/// are unions of the expansion's, or a `memref.cast` when the ranks agree.
/// (The case that needs an expansion with an inferred output shape is left
/// alone.)
pub fn compose_collapse_of_expand(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) == 0 || ir.num_results(op) != 1 {
        return false;
    }
    let Some(expand) =
        ir.defining_op(ir.operand(op, 0)).filter(|&d| ir.is_op(d, "memref.expand_shape") && ir.num_operands(d) > 0)
    else {
        return false;
    };
    let src = ir.operand(expand, 0);
    if has_non_identity_layout(ir, ir.operand(op, 0))
        || has_non_identity_layout(ir, src)
        || has_non_identity_layout(ir, ir.result(expand, 0))
    {
        return false;
    }
    let ctx = ir.ctx();
    let (src_ty, res_ty) = (ir.value_type(src), ir.value_type(ir.result(op, 0)));
    let (Some(src_rank), Some(res_rank)) = (ctx.shape(src_ty).map(<[i64]>::len), ctx.shape(res_ty).map(<[i64]>::len))
    else {
        return false;
    };
    if src_ty == res_ty || src_rank < res_rank {
        return false;
    }
    let (Ok(expand_re), Ok(collapse_re)) = (reassociation(ir, expand), reassociation(ir, op)) else { return false };
    let (higher, lower) = (&expand_re, &collapse_re);
    let mut next = 0usize;
    let mut composed = Vec::with_capacity(lower.len());
    for group in lower {
        let Some(&last) = group.last() else { return false };
        let mut indices = Vec::new();
        while next < higher.len() {
            let Some(&rightmost) = higher[next].last() else { return false };
            if rightmost > last {
                return false;
            }
            indices.push(next as i64);
            next += 1;
            if rightmost == last {
                break;
            }
        }
        composed.push(indices);
    }
    let v = if src_rank > res_rank {
        create_reshape(rw, op, src, res_ty, &composed, None)
    } else {
        create_cast(rw, op, src, res_ty)
    };
    rw.replace_op(op, &[v]);
    true
}

/// `CollapseShapeOpMemRefCastFolder`: a collapse of a `memref.cast` that
/// only makes the type more dynamic collapses the cast's source instead
/// (casting the result back when its type changes).
pub fn fold_collapse_of_cast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) == 0 {
        return false;
    }
    let Some(cast) = defining_cast(ir, ir.operand(op, 0)) else { return false };
    if !can_fold_into_consumer(ir, cast) {
        return false;
    }
    let Ok(reassoc) = reassociation(ir, op) else { return false };
    let src = ir.operand(cast, 0);
    let Some(new_ty) = layout::collapsed_type(ir.ctx(), ir.value_type(src), &reassoc) else { return false };
    let Some(res_ty) = result_ty(ir, op) else { return false };
    if new_ty == res_ty {
        rw.modify_in_place(op, |ir| ir.set_operand(op, 0, src));
        return true;
    }
    let v = create_reshape(rw, op, src, new_ty, &reassoc, None);
    let c = create_cast(rw, op, v, res_ty);
    rw.replace_op(op, &[c]);
    true
}

/// The composition of a subview of a subview, when both have static
/// offsets, sizes and strides and the inner one is not rank-reducing:
/// offsets add (`inner + outer * inner_stride`), strides multiply and the
/// outer sizes are kept. Returns `(offsets, sizes, strides)` relative to the
/// inner subview's source. (Upstream also handles dynamic offsets by
/// materializing `affine.apply`; that case is left alone here.)
pub fn composed_subview_params(ir: &Ir, op: OpId) -> Option<[Vec<i64>; 3]> {
    if ir.num_operands(op) == 0 {
        return None;
    }
    let inner = ir.defining_op(ir.operand(op, 0)).filter(|&d| ir.is_op(d, "memref.subview"))?;
    let (isrc, ires) = (value_ty(ir, inner, 0)?, result_ty(ir, inner)?);
    let ctx = ir.ctx();
    if ctx.shape(isrc)?.len() != ctx.shape(ires)?.len() {
        return None;
    }
    let outer = slice_params_at(ir, op, 1, 4);
    let inner_p = slice_params_at(ir, inner, 1, 4);
    let lists = [
        &outer.static_offsets,
        &outer.static_sizes,
        &outer.static_strides,
        &inner_p.static_offsets,
        &inner_p.static_strides,
    ];
    if lists.iter().any(|l| l.contains(&DYNAMIC)) {
        return None;
    }
    let rank = inner_p.static_offsets.len();
    if lists.iter().any(|l| l.len() != rank) {
        return None;
    }
    let mut offsets = Vec::with_capacity(rank);
    let mut strides = Vec::with_capacity(rank);
    for i in 0..rank {
        let s = inner_p.static_strides[i];
        offsets.push(inner_p.static_offsets[i].wrapping_add(outer.static_offsets[i].wrapping_mul(s)));
        strides.push(outer.static_strides[i].wrapping_mul(s));
    }
    Some([offsets, outer.static_sizes.clone(), strides])
}

/// `ComposeSubViewOpPattern` (upstream's `populateComposeSubViewPatterns`,
/// not a canonicalization): replaces a subview of a (non rank-reducing)
/// subview by one subview of the inner source with the composed parameters
/// (see [`composed_subview_params`]); the result type is kept.
pub fn compose_subviews(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some([offsets, sizes, strides]) = composed_subview_params(ir, op) else { return false };
    let Some(inner) = ir.defining_op(ir.operand(op, 0)) else { return false };
    let Some(res_ty) = result_ty(ir, op) else { return false };
    let source = ir.operand(inner, 0);
    let stat = |v: &[i64]| -> Vec<OpFoldSize> { v.iter().map(|&x| OpFoldSize::Static(x)).collect() };
    let (o, s, t) = (stat(&offsets), stat(&sizes), stat(&strides));
    let sv = create_subview(rw, op, source, res_ty, [&o, &s, &t]);
    let v = rw.ir().result(sv, 0);
    rw.replace_op(op, &[v]);
    true
}

#[cfg(test)]
mod tests;
