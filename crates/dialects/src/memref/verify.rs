//! The memref verifiers: ODS constraint checks (structure, operand and
//! result types, attribute kinds) in upstream's order and wording, then each
//! op's own `verify`.

use super::*;
use crate::util::check_reshape_shape_length;

// ===== diagnostics and ODS-style constraint checks ==========================

pub(super) fn is_index(ctx: &Context, t: Type) -> bool {
    ctx.is_index(t)
}
pub(super) fn is_strided_memref(ctx: &Context, t: Type) -> bool {
    layout::is_strided(ctx, t)
}
pub(super) fn is_1d_memref(ctx: &Context, t: Type) -> bool {
    is_ranked_memref(ctx, t) && ctx.shape(t).is_some_and(|s| s.len() == 1)
}
pub(super) fn is_static_memref(ctx: &Context, t: Type) -> bool {
    is_ranked_memref(ctx, t) && ctx.has_static_shape(t)
}
pub(super) fn is_non0_ranked_or_unranked_memref(ctx: &Context, t: Type) -> bool {
    layout::is_unranked_memref(ctx, t) || (is_ranked_memref(ctx, t) && ctx.shape(t).is_some_and(|s| !s.is_empty()))
}
pub(super) fn is_shape_memref(ctx: &Context, t: Type) -> bool {
    is_1d_memref(ctx, t)
        && ctx.element_type(t).is_some_and(|e| {
            ctx.is_index(e) || matches!(ctx.kind(e), TypeKind::Integer { signedness: ir::Signedness::Signless, .. })
        })
}
pub(super) fn is_i8_1d_memref(ctx: &Context, t: Type) -> bool {
    is_1d_memref(ctx, t) && ctx.element_type(t).is_some_and(|e| e == ctx.int_ty(8))
}
pub(super) fn is_strided_rank0_memref(ctx: &Context, t: Type) -> bool {
    is_strided_memref(ctx, t) && ctx.shape(t).is_some_and(<[i64]>::is_empty)
}

pub(super) const MEMREF: &str = "memref of any type values";
pub(super) const ANY_MEMREF: &str = "ranked or unranked memref of any type values";
pub(super) const STRIDED: &str = "strided memref of any type values";
pub(super) const INDEX: &str = "index";

/// `operand #i must be <desc>, but got '<type>'` when operand `i` exists
/// and fails `ok`.
pub(super) fn check_operand(ir: &Ir, op: OpId, i: usize, ok: TypePred, desc: &str) -> Result<(), Diagnostic> {
    check_operands(ir, op, i..i + 1, ok, desc)
}

/// `operand #i must be variadic of <desc>, but got '<type>'` for the
/// operands of a variadic group.
pub(super) fn check_variadic_operands(
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
pub(super) fn check_result(ir: &Ir, op: OpId, i: usize, ok: TypePred, desc: &str) -> Result<(), Diagnostic> {
    check_results(ir, op, i..i + 1, ok, desc)
}

/// How many operands or results an op may have.
#[derive(Clone, Copy)]
pub(super) enum Count {
    Exact(usize),
    AtLeast(usize),
}

/// The structural traits ODS puts before an op's invariants, in their
/// order: region count, result count, no successors, operand count.
pub(super) fn check_structure(
    ir: &Ir,
    op: OpId,
    operands: Count,
    results: Count,
    regions: usize,
) -> Result<(), Diagnostic> {
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

pub(super) fn int_attr_of_width(ctx: &Context, a: Attribute, width: u32) -> Option<i128> {
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
pub(super) fn check_optional_i64(ir: &Ir, op: OpId, name: &str, min0: bool) -> Result<Option<i64>, Diagnostic> {
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

pub(super) fn check_optional_bool(ir: &Ir, op: OpId, name: &str) -> Result<(), Diagnostic> {
    match ir.attr(op, name) {
        Some(a) if !matches!(ir.ctx().attr_kind(a), AttrKind::Bool(_)) => {
            Err(op_error(ir, op, format!("attribute '{name}' failed to satisfy constraint: bool attribute")))
        }
        _ => Ok(()),
    }
}

/// The `reassociation` attribute: an array of arrays of `i64` integers.
pub(super) fn reassociation(ir: &Ir, op: OpId) -> Result<Vec<Vec<i64>>, Diagnostic> {
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

pub(super) fn value_ty(ir: &Ir, op: OpId, i: usize) -> Option<Type> {
    (i < ir.num_operands(op)).then(|| ir.value_type(ir.operand(op, i)))
}

pub(super) fn result_ty(ir: &Ir, op: OpId) -> Option<Type> {
    (ir.num_results(op) > 0).then(|| ir.value_type(ir.result(op, 0)))
}

pub(super) fn dynamic_dim_count(ctx: &Context, t: Type) -> usize {
    ctx.shape(t).map_or(0, |s| s.iter().filter(|&&d| d == DYNAMIC).count())
}

// ===== verifiers ===========================================================

/// The ODS invariants of `alloc` and `alloca`.
pub(super) fn alloc_invariants(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::AtLeast(0), Count::Exact(1), 0)?;
    check_optional_i64(ir, op, "alignment", true)?;
    static_dynamic::verify_operand_segments(ir, op, 2)?;
    check_variadic_operands(ir, op, 0..ir.num_operands(op), is_index, INDEX)?;
    check_result(ir, op, 0, is_ranked_memref, MEMREF)
}

/// `verifyAllocLikeOp`: operand counts against the memref type.
pub(super) fn alloc_checks(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let Some(t) = result_ty(ir, op) else { return Ok(()) };
    let sizes = AllocOp(op).dynamic_sizes(ir).len();
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
    let symbols = AllocOp(op).symbol_operands(ir).len();
    if symbols != num_symbols {
        return Err(op_error(
            ir,
            op,
            format!("symbol operand count does not equal memref symbol count: expected {num_symbols}, got {symbols}"),
        ));
    }
    Ok(())
}

pub(super) fn verify_alloc(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    alloc_invariants(ir, op)?;
    alloc_checks(ir, op)
}

pub(super) fn verify_alloca(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
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

pub(super) fn verify_alloca_scope(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
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

pub(super) fn verify_alloca_scope_return(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::AtLeast(0), Count::Exact(0), 0)?;
    match ir.parent_op(op) {
        Some(p) if ir.is_op(p, "memref.alloca_scope") => {}
        _ => return Err(op_error(ir, op, "expects parent op 'memref.alloca_scope'")),
    }
    Ok(())
}

pub(super) fn verify_assume_alignment(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::Exact(1), Count::Exact(0), 0)?;
    let Some(a) = AssumeAlignmentOp(op).alignment_attr(ir) else {
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
    check_operand(ir, op, 0, is_ranked_memref, MEMREF)?;
    if !(v as u32).is_power_of_two() {
        return Err(op_error(ir, op, "alignment must be power of 2"));
    }
    Ok(())
}

/// The keywords of `arith::AtomicRMWKind`, by value.
pub(super) const ATOMIC_RMW_KINDS: [&str; 15] = [
    "addf", "addi", "assign", "maximumf", "maxs", "maxu", "minimumf", "mins", "minu", "mulf", "muli", "ori", "andi",
    "maxnumf", "minnumf",
];

pub(super) fn is_signless_int_or_float(ctx: &Context, t: Type) -> bool {
    matches!(ctx.kind(t), TypeKind::Integer { signedness: ir::Signedness::Signless, .. } | TypeKind::Float(_))
}

pub(super) fn is_int_or_float_memref(ctx: &Context, t: Type) -> bool {
    is_ranked_memref(ctx, t) && ctx.element_type(t).is_some_and(|e| is_signless_int_or_float(ctx, e))
}

pub(super) const INT_OR_FLOAT: &str = "signless integer or floating-point";
pub(super) const INT_OR_FLOAT_MEMREF: &str = "memref of signless integer or floating-point values";

pub(super) fn verify_atomic_rmw(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::AtLeast(2), Count::Exact(1), 0)?;
    let ctx = ir.ctx();
    let Some(kind_attr) = AtomicRmwOp(op).kind_attr(ir) else {
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

pub(super) fn verify_generic_atomic_rmw(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
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

pub(super) fn verify_atomic_yield(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
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

pub(super) fn verify_prefetch(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
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
    let Some(hint) = PrefetchOp(op).localityHint_attr(ir) else {
        return Err(op_error(ir, op, "requires attribute 'localityHint'"));
    };
    if !int_attr_of_width(ctx, hint, 32).is_some_and(|h| (0..=3).contains(&h)) {
        return Err(op_error(
            ir,
            op,
            "attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3",
        ));
    }
    check_operand(ir, op, 0, is_ranked_memref, MEMREF)?;
    check_variadic_operands(ir, op, 1..ir.num_operands(op), is_index, INDEX)?;
    let rank = value_ty(ir, op, 0).and_then(|t| ctx.shape(t)).map_or(0, <[i64]>::len);
    if ir.num_operands(op) != 1 + rank {
        return Err(op_error(ir, op, "too few indices"));
    }
    Ok(())
}

pub(super) fn verify_cast(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::Exact(1), Count::Exact(1), 0)?;
    check_operand(ir, op, 0, Context::is_memref, ANY_MEMREF)?;
    check_result(ir, op, 0, Context::is_memref, ANY_MEMREF)?;
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
pub(super) fn check_same_shape(ir: &Ir, op: OpId, a: Type, b: Type, msg: &str) -> Result<(), Diagnostic> {
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

pub(super) fn verify_memory_space_cast(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::Exact(1), Count::Exact(1), 0)?;
    check_operand(ir, op, 0, Context::is_memref, ANY_MEMREF)?;
    check_result(ir, op, 0, Context::is_memref, ANY_MEMREF)?;
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

pub(super) fn verify_copy(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::Exact(2), Count::Exact(0), 0)?;
    check_operand(ir, op, 0, Context::is_memref, ANY_MEMREF)?;
    check_operand(ir, op, 1, Context::is_memref, ANY_MEMREF)?;
    let ctx = ir.ctx();
    let (Some(a), Some(b)) = (value_ty(ir, op, 0), value_ty(ir, op, 1)) else { return Ok(()) };
    if ctx.element_type(a) != ctx.element_type(b) {
        return Err(op_error(ir, op, "requires the same element type for all operands"));
    }
    check_same_shape(ir, op, a, b, "requires the same shape for all operands")
}

pub(super) fn verify_dealloc(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::Exact(1), Count::Exact(0), 0)?;
    check_operand(ir, op, 0, Context::is_memref, ANY_MEMREF)
}

pub(super) fn verify_dim(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
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

pub(super) fn verify_rank(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::Exact(1), Count::Exact(1), 0)?;
    check_operand(ir, op, 0, Context::is_memref, ANY_MEMREF)?;
    check_result(ir, op, 0, is_index, INDEX)
}

pub(super) fn verify_load(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::AtLeast(1), Count::Exact(1), 0)?;
    check_optional_bool(ir, op, "nontemporal")?;
    check_operand(ir, op, 0, is_ranked_memref, MEMREF)?;
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

pub(super) fn verify_store(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::AtLeast(2), Count::Exact(0), 0)?;
    check_optional_bool(ir, op, "nontemporal")?;
    check_operand(ir, op, 1, is_ranked_memref, MEMREF)?;
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

pub(super) fn verify_realloc(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
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

pub(super) fn verify_reshape(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::Exact(2), Count::Exact(1), 0)?;
    check_operand(ir, op, 0, Context::is_memref, ANY_MEMREF)?;
    check_operand(ir, op, 1, is_shape_memref, "1D memref of signless integer or index values")?;
    check_result(ir, op, 0, Context::is_memref, ANY_MEMREF)?;
    let ctx = ir.ctx();
    let (Some(s), Some(shape), Some(r)) = (value_ty(ir, op, 0), value_ty(ir, op, 1), result_ty(ir, op)) else {
        return Ok(());
    };
    if ctx.element_type(s) != ctx.element_type(r) {
        return Err(op_error(ir, op, "element types of source and destination memref types should be the same"));
    }
    if is_ranked_memref(ctx, s) && !layout::has_identity_layout(ctx, s) {
        return Err(op_error(ir, op, "source memref type should have identity affine map"));
    }
    if let Some(rs) = ctx.shape(r) {
        if !layout::has_identity_layout(ctx, r) {
            return Err(op_error(ir, op, "result memref type should have identity affine map"));
        }
        check_reshape_shape_length(ir, op, shape, rs.len(), "memref")?;
    }
    Ok(())
}

/// The `permutation` of a `transpose` as dim positions, if it is a
/// permutation map.
pub(super) fn transpose_permutation(ir: &Ir, op: OpId) -> Option<Vec<usize>> {
    let a = TransposeOp(op).permutation_attr(ir)?;
    let AttrKind::AffineMap(m) = ir.ctx().attr_kind(a) else { return None };
    if !m.is_permutation() {
        return None;
    }
    (0..m.num_results()).map(|i| m.dim_position(i)).collect()
}

pub(super) fn verify_transpose(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::Exact(1), Count::Exact(1), 0)?;
    let ctx = ir.ctx();
    let Some(a) = TransposeOp(op).permutation_attr(ir) else {
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

pub(super) fn verify_view(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::AtLeast(2), Count::Exact(1), 0)?;
    check_operand(ir, op, 0, is_i8_1d_memref, "1D memref of 8-bit signless integer values")?;
    check_operand(ir, op, 1, is_index, INDEX)?;
    check_variadic_operands(ir, op, 2..ir.num_operands(op), is_index, INDEX)?;
    check_result(ir, op, 0, is_ranked_memref, MEMREF)?;
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

pub(super) fn verify_extract_aligned_pointer(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::Exact(1), Count::Exact(1), 0)?;
    check_operand(ir, op, 0, Context::is_memref, ANY_MEMREF)?;
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

/// True when the results of `extract_strided_metadata` `op` (whose results
/// past the first are known to be `index`) are the types
/// [`extract_strided_metadata_types`] infers from `src`, decided without
/// interning a type: the base buffer is the rank-0 memref of `src`'s
/// element type and memory space, with no layout. `false` when unsure.
fn inferred_metadata_types_match(ir: &Ir, op: OpId, src: Type) -> bool {
    let ctx = ir.ctx();
    let TypeKind::MemRef { shape, elem, memory_space, .. } = ctx.kind(src) else { return false };
    if ir.num_results(op) != 2 + 2 * shape.len() {
        return false;
    }
    // `memref_type` drops a memory space of integer 0.
    if memory_space.is_some_and(|s| ctx.int_value(s) == Some(0)) {
        return false;
    }
    let base = ir.value_type(ir.result(op, 0));
    matches!(ctx.kind(base), TypeKind::MemRef { shape: s, elem: e, layout: None, memory_space: m }
        if s.is_empty() && e == elem && m == memory_space)
}

pub(super) fn verify_extract_strided_metadata(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
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
    if inferred_metadata_types_match(ir, op, src) {
        return Ok(());
    }
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

pub(super) fn verify_global(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::Exact(0), Count::Exact(0), 0)?;
    let ctx = ir.ctx();
    let alignment = check_optional_i64(ir, op, "alignment", false)?;
    if let Some(c) = GlobalOp(op).constant_attr(ir) {
        if !matches!(ctx.attr_kind(c), AttrKind::Unit) {
            return Err(op_error(ir, op, "attribute 'constant' failed to satisfy constraint: unit attribute"));
        }
    }
    if GlobalOp(op).sym_name_attr(ir).and_then(|a| ctx.str_value(a)).is_none() {
        return Err(op_error(ir, op, "requires attribute 'sym_name'"));
    }
    if let Some(v) = GlobalOp(op).sym_visibility_attr(ir) {
        if ctx.str_value(v).is_none() {
            return Err(op_error(ir, op, "attribute 'sym_visibility' failed to satisfy constraint: string attribute"));
        }
    }
    let Some(ta) = GlobalOp(op).global_type_attr(ir) else {
        return Err(op_error(ir, op, "requires attribute 'type'"));
    };
    let Some(t) = ctx.type_value(ta).filter(|&t| is_ranked_memref(ctx, t)) else {
        return Err(op_error(ir, op, "attribute 'type' failed to satisfy constraint: memref type attribute"));
    };
    // The `Symbol` interface's checks come after the ODS constraints.
    if let Some(vis) = GlobalOp(op).sym_visibility_attr(ir).and_then(|a| ctx.str_value(a)) {
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
    if let Some(init) = GlobalOp(op).initial_value_attr(ir) {
        match ctx.attr_kind(init) {
            AttrKind::Unit => {}
            AttrKind::DenseElements { ty, .. }
            | AttrKind::DenseString { ty, .. }
            | AttrKind::DenseResource { ty, .. } => {
                let want = tensor_type_from_memref(ctx, t).unwrap_or_else(|| ctx.none_ty());
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

pub(super) fn verify_get_global(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_structure(ir, op, Count::Exact(0), Count::Exact(1), 0)?;
    let ctx = ir.ctx();
    let Some(name) = GetGlobalOp(op).name_attr(ir) else {
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
    let gt = GlobalOp(g).global_type(ir);
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
pub(super) fn verify_collapsed_shape(
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

pub(super) fn verify_collapse_shape(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
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

pub(super) fn verify_expand_shape(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
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
pub(super) fn verify_slice_op(
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
    check_result(ir, op, 0, is_ranked_memref, MEMREF)?;
    static_dynamic::verify_offset_size_and_stride(ir, op, layout)?;
    Ok(value_ty(ir, op, 0).zip(result_ty(ir, op)))
}

pub(super) fn verify_subview(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let Some((base, sub)) = verify_slice_op(ir, op, (is_ranked_memref, MEMREF), &SliceLayout::SubView)? else {
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
    let p = SubViewOp(op).slice_params(ir);
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

pub(super) fn verify_reinterpret_cast(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let layout = &SliceLayout::ReinterpretCast;
    let Some((src, res)) = verify_slice_op(ir, op, (Context::is_memref, ANY_MEMREF), layout)? else { return Ok(()) };
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
    let p = ReinterpretCastOp(op).slice_params(ir);
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
