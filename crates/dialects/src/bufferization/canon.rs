//! The canonicalization patterns of the bufferization ops, in upstream's
//! registration order: `SimplifyClones` (on `clone`), the `dealloc`
//! simplifications, and the `to_memref` / `to_tensor` interplay with
//! `memref.dim`, `memref.load`, `tensor.dim` and casts (attached to those
//! two ops, as upstream's `getCanonicalizationPatterns` does, but rooted at
//! the op they rewrite). Every op is built through the rewriter.

use super::fold::def_as;
use super::ops::{AllocTensorOp, CloneOp, ToMemrefOp, ToTensorOp};
use crate::arith::ConstantOp;
use crate::memref::ExtractStridedMetadataOp;
use crate::static_dynamic::segment_sizes_attr;
use ir::interfaces::{CastLike, EffectKind, EffectOn};
use ir::op_decl::OPERAND_SEGMENT_SIZES;
use ir::rewrite_api::PatternRewriter;
use ir::{AttrKind, InsertPoint, IntValue, Ir, NamedAttr, OpId, OpSpec, Type, TypeKind, ValueId};
use smallvec::SmallVec;
use std::ops::Range;

/// An operand list of a `dealloc`, inline for the usual short lists.
pub type ValueList = SmallVec<[ValueId; 8]>;

/// The operand index ranges of a `dealloc`'s memrefs, conditions and
/// retained values; `None` when its `operandSegmentSizes` is missing, not
/// three non-negative sizes, or does not add up to its operands.
pub fn dealloc_ranges(ir: &Ir, op: OpId) -> Option<[Range<usize>; 3]> {
    let a = ir.attr_by(op, OPERAND_SEGMENT_SIZES.get(ir.ctx()))?;
    let mut sizes = ir.ctx().dense_i64_iter(a)?;
    if sizes.len() != 3 {
        return None;
    }
    let mut size = || sizes.next().and_then(|s| usize::try_from(s).ok());
    let (m, c, r) = (size()?, size()?, size()?);
    let mc = m.checked_add(c)?;
    (mc.checked_add(r)? == ir.num_operands(op)).then_some([0..m, m..mc, mc..mc + r])
}

/// The values of operand range `r` of `op`.
fn values_in(ir: &Ir, op: OpId, r: Range<usize>) -> ValueList {
    ir.operand_ids(op)[r].iter().map(|&u| ir.use_value(u)).collect()
}

/// The memrefs, conditions and retained values of a `dealloc`.
pub fn dealloc_parts(ir: &Ir, op: OpId) -> Option<(ValueList, ValueList, ValueList)> {
    let [m, c, r] = dealloc_ranges(ir, op)?;
    Some((values_in(ir, op, m), values_in(ir, op, c), values_in(ir, op, r)))
}

/// True when no value occurs twice in `vs` (pair by pair for a short
/// list, which is the common case, through a set otherwise).
pub fn all_distinct(vs: &[ValueId]) -> bool {
    if vs.len() <= 8 {
        return vs.iter().enumerate().all(|(i, v)| !vs[..i].contains(v));
    }
    let mut seen = rustc_hash::FxHashSet::default();
    vs.iter().all(|&r| seen.insert(r))
}

/// Creates an op of another dialect (by name) before `before`, through the
/// rewriter.
fn create_before(
    rw: &mut PatternRewriter<'_>,
    before: OpId,
    name: &str,
    operands: &[ValueId],
    results: &[Type],
    attrs: &[NamedAttr],
) -> OpId {
    let loc = rw.ir().op_loc(before);
    let n = rw.ir().ctx().intern_str(name);
    rw.set_insertion_point(InsertPoint::Before(before));
    rw.create(OpSpec { operands, results, attrs, ..OpSpec::new(n, loc) })
}

/// The one result of an op of another dialect created before `before`.
fn create_value_before(
    rw: &mut PatternRewriter<'_>,
    before: OpId,
    name: &str,
    operands: &[ValueId],
    ty: Type,
    attrs: &[NamedAttr],
) -> ValueId {
    let op = create_before(rw, before, name, operands, &[ty], attrs);
    rw.ir().result(op, 0)
}

fn is_const_false(ir: &Ir, v: ValueId) -> bool {
    let Some(d) = ir.defining_op(v).and_then(|d| ConstantOp::cast(ir, d)) else { return false };
    matches!(
        d.value_attr(ir).map(|a| ir.ctx().attr_kind(a)),
        Some(AttrKind::Bool(false) | AttrKind::Integer { value: IntValue::Small(0), .. })
    )
}

/// True when `user` frees `v` (a `Free` effect on an operand that is `v`).
fn frees(ir: &Ir, user: OpId, v: ValueId) -> bool {
    ir::interfaces::memory_effects(ir, user).is_some_and(|effects| {
        effects.iter().any(|e| {
            e.kind == ir::interfaces::EffectKind::Free
                && matches!(e.on, ir::interfaces::EffectOn::Operand(i) if ir.operand(user, i) == v)
        })
    })
}

/// `memref::findDealloc`: `None` when `v` is freed by more than one op or
/// by a reallocation (an op that frees it and allocates a result, such as
/// `memref.realloc`), else the op that frees it, if any.
pub fn find_dealloc(ir: &Ir, v: ValueId) -> Option<Option<OpId>> {
    let mut found = None;
    for user in ir.users(v) {
        if !frees(ir, user, v) || found == Some(user) {
            continue;
        }
        if ir.results(user).any(|r| allocates(ir, r)) || found.is_some() {
            return None;
        }
        found = Some(user);
    }
    Some(found)
}

/// `SimplifyClones`: an unused `clone` is erased. A clone whose source (or
/// the clone itself) is freed later in the same block, with no other free
/// in between and the other one not freed in that same block, is replaced
/// by its source (through a `memref.cast` when the types differ) and that
/// dealloc is erased.
pub fn erase_unused_clone(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.results(op).all(|r| !ir.has_uses(r)) {
        rw.erase_op(op);
        return true;
    }
    if ir.num_operands(op) != 1 || ir.num_results(op) != 1 {
        return false;
    }
    let clone = CloneOp(op);
    let (source, output) = (clone.input(ir), clone.output(ir));
    let (src_ty, out_ty) = (ir.value_type(source), ir.value_type(output));
    if src_ty != out_ty && !crate::layout::are_cast_compatible(ir.ctx(), src_ty, out_ty) {
        return false;
    }
    let mut canonical = source;
    while let Some(def) = ir.defining_op(canonical) {
        match ir::interfaces::view_source(ir, def) {
            Some(s) => canonical = s,
            None => break,
        }
    }
    let Some(clone_dealloc) = find_dealloc(ir, output) else { return false };
    let Some(source_dealloc) = find_dealloc(ir, canonical) else { return false };
    if let (Some(a), Some(b)) = (clone_dealloc, source_dealloc) {
        if ir.op_block(a) == ir.op_block(b) {
            return false;
        }
    }
    let block = ir.op_block(op);
    let redundant = match (clone_dealloc, source_dealloc) {
        (Some(d), _) if ir.op_block(d) == block => d,
        (_, Some(d)) if ir.op_block(d) == block => d,
        _ => return false,
    };
    // No other free between the clone and the dealloc to drop.
    let mut pos = ir.next_op(op);
    loop {
        match pos {
            None => return false,
            Some(p) if p == redundant => break,
            Some(p) => {
                let has_free = ir::interfaces::memory_effects(ir, p)
                    .is_some_and(|e| e.iter().any(|e| e.kind == ir::interfaces::EffectKind::Free));
                if has_free {
                    return false;
                }
                pos = ir.next_op(p);
            }
        }
    }
    let replacement =
        if src_ty != out_ty { create_value_before(rw, op, "memref.cast", &[source], out_ty, &[]) } else { source };
    rw.replace_op(op, &[replacement]);
    rw.erase_op(redundant);
    true
}

/// MLIR's `updateDeallocIfChanged`: sets the memrefs and conditions of a
/// `dealloc` (in place) unless they are unchanged.
pub fn update_dealloc_if_changed(
    rw: &mut PatternRewriter<'_>,
    op: OpId,
    memrefs: &[ValueId],
    conds: &[ValueId],
) -> bool {
    let Some((old_m, old_c, retained)) = dealloc_parts(rw.ir(), op) else { return false };
    if old_m.as_slice() == memrefs && old_c.as_slice() == conds {
        return false;
    }
    let ctx = rw.ir().ctx_arc().clone();
    let all: Vec<ValueId> = memrefs.iter().chain(conds).chain(&retained).copied().collect();
    let segs = segment_sizes_attr(&ctx, &[memrefs.len(), conds.len(), retained.len()]);
    let name = OPERAND_SEGMENT_SIZES.get(&ctx);
    rw.modify_in_place(op, |ir| {
        ir.set_operands(op, &all);
        ir.set_attr(op, name, segs);
    });
    true
}

/// `DeallocRemoveDuplicateDeallocMemrefs`: a memref listed twice is
/// deallocated once, under the disjunction (`arith.ori`) of its conditions.
pub fn dealloc_remove_duplicate_memrefs(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let Some((memrefs, conds, _)) = dealloc_parts(rw.ir(), op) else { return false };
    if all_distinct(&memrefs) {
        return false;
    }
    let mut new_m: Vec<ValueId> = Vec::new();
    let mut new_c: Vec<ValueId> = Vec::new();
    let mut index: rustc_hash::FxHashMap<ValueId, usize> = rustc_hash::FxHashMap::default();
    for (&m, &c) in memrefs.iter().zip(&conds) {
        match index.get(&m).copied() {
            Some(i) => {
                if new_c[i] != c {
                    let i1 = rw.ir().ctx().i1_ty();
                    new_c[i] = create_value_before(rw, op, "arith.ori", &[new_c[i], c], i1, &[]);
                }
            }
            None => {
                index.insert(m, new_m.len());
                new_m.push(m);
                new_c.push(c);
            }
        }
    }
    update_dealloc_if_changed(rw, op, &new_m, &new_c)
}

/// `DeallocRemoveDuplicateRetainedMemrefs`: a retained value listed twice is
/// kept once; a new `dealloc` replaces the old one and both old results map
/// to the single new result.
pub fn dealloc_remove_duplicate_retained(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let Some((memrefs, conds, retained)) = dealloc_parts(rw.ir(), op) else { return false };
    if retained.len() != rw.ir().num_results(op) || all_distinct(&retained) {
        return false;
    }
    let mut uniq: Vec<ValueId> = Vec::new();
    let mut map = Vec::with_capacity(retained.len());
    let mut index: rustc_hash::FxHashMap<ValueId, usize> = rustc_hash::FxHashMap::default();
    for &r in &retained {
        let i = *index.entry(r).or_insert_with(|| {
            uniq.push(r);
            uniq.len() - 1
        });
        map.push(i);
    }
    if uniq.len() == retained.len() {
        return false;
    }
    let loc = rw.ir().op_loc(op);
    rw.set_insertion_point(InsertPoint::Before(op));
    let new_op = super::build::build_dealloc(rw, loc, &memrefs, &conds, &uniq);
    let repl: Vec<ValueId> = map.iter().map(|&i| rw.ir().result(new_op.0, i)).collect();
    rw.replace_op(op, &repl);
    true
}

/// `EraseEmptyDealloc`: a `dealloc` with no memrefs is erased; its results
/// become a constant `false`.
pub fn erase_empty_dealloc(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let Some([memrefs, _, _]) = dealloc_ranges(rw.ir(), op) else { return false };
    if !memrefs.is_empty() {
        return false;
    }
    let ctx = rw.ir().ctx_arc().clone();
    let n = rw.ir().num_results(op);
    let attrs = [NamedAttr { name: ctx.intern_str("value"), value: ctx.bool_attr(false) }];
    let v = create_value_before(rw, op, "arith.constant", &[], ctx.i1_ty(), &attrs);
    rw.replace_op(op, &vec![v; n]);
    true
}

/// `EraseAlwaysFalseDealloc`: memrefs whose condition is the constant
/// `false` are dropped.
pub fn dealloc_erase_always_false(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some([_, cond_range, _]) = dealloc_ranges(ir, op) else { return false };
    if !ir.operand_ids(op)[cond_range].iter().any(|&u| is_const_false(ir, ir.use_value(u))) {
        return false;
    }
    let Some((memrefs, conds, _)) = dealloc_parts(ir, op) else { return false };
    let (m, c): (Vec<ValueId>, Vec<ValueId>) =
        memrefs.iter().zip(&conds).filter(|(_, &c)| !is_const_false(ir, c)).map(|(&m, &c)| (m, c)).unzip();
    update_dealloc_if_changed(rw, op, &m, &c)
}

/// True when the defining op of `v` has an `Allocate` effect on it.
fn allocates(ir: &Ir, v: ValueId) -> bool {
    effects_on(ir, v).is_some_and(|e| e.contains(&EffectKind::Allocate))
}

/// The kinds of the effects the defining op of `v` has on `v`.
fn effects_on(ir: &Ir, v: ValueId) -> Option<Vec<EffectKind>> {
    let def = ir.defining_op(v)?;
    let idx = ir.results(def).position(|r| r == v)?;
    let effects = ir::interfaces::memory_effects(ir, def)?;
    Some(effects.iter().filter(|e| e.on == EffectOn::Result(idx)).map(|e| e.kind).collect())
}

/// `SkipExtractMetadataOfAlloc`: deallocating the base buffer returned by
/// `memref.extract_strided_metadata` of an allocation deallocates the
/// allocation itself.
pub fn dealloc_skip_extract_metadata(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((memrefs, conds, _)) = dealloc_parts(ir, op) else { return false };
    let skip = |m: ValueId| {
        let x = ir.defining_op(m).filter(|&x| ExtractStridedMetadataOp::matches(ir, x))?;
        (ir.num_operands(x) == 1 && allocates(ir, ir.operand(x, 0))).then(|| ir.operand(x, 0))
    };
    if !memrefs.iter().any(|&m| skip(m).is_some()) {
        return false;
    }
    let new_m: Vec<ValueId> = memrefs.iter().map(|&m| skip(m).unwrap_or(m)).collect();
    update_dealloc_if_changed(rw, op, &new_m, &conds)
}

/// `RemoveAllocDeallocPairWhenNoOtherUsers`: an allocation whose only use is
/// this `dealloc` (and that has no other effect on it) is erased together
/// with its entry in the `dealloc`.
pub fn dealloc_remove_alloc_pairs(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some((memrefs, conds, _)) = dealloc_parts(ir, op) else { return false };
    let mut new_m = Vec::new();
    let mut new_c = Vec::new();
    let mut dead = Vec::new();
    for (&m, &c) in memrefs.iter().zip(&conds) {
        let only_alloc =
            || effects_on(ir, m).is_some_and(|e| !e.is_empty() && e.iter().all(|&k| k == EffectKind::Allocate));
        if ir.has_one_use(m) && only_alloc() {
            if let Some(d) = ir.defining_op(m) {
                dead.push(d);
                continue;
            }
        }
        new_m.push(m);
        new_c.push(c);
    }
    if !update_dealloc_if_changed(rw, op, &new_m, &new_c) {
        return false;
    }
    for d in dead {
        rw.erase_op(d);
    }
    true
}

fn cast_compatible(ir: &Ir, cast_op: &str, from: Type, to: Type) -> bool {
    let n = ir.ctx().intern_str(cast_op);
    ir.ctx().registry().interface::<dyn CastLike>(n).is_some_and(|c| c.are_cast_compatible(ir, &[from], &[to]))
}

/// `ToMemrefOfCast`: `to_memref(tensor.cast %x)` becomes
/// `memref.cast(to_memref %x)` when `%x` is ranked.
pub fn to_memref_of_cast(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 1 || ir.num_results(op) != 1 {
        return false;
    }
    let tm = ToMemrefOp(op);
    let Some(cast) = ir.defining_op(tm.tensor(ir)).filter(|&c| ir.is_op(c, "tensor.cast")) else { return false };
    if ir.num_operands(cast) != 1 {
        return false;
    }
    let src = ir.operand(cast, 0);
    let ctx = ir.ctx_arc().clone();
    let Some((shape, elem, _)) = crate::tensor::tensor_parts(&ctx, ir.value_type(src)) else { return false };
    let mty = ctx.memref_ty(shape, elem, None);
    let res_ty = ir.value_type(tm.memref(ir));
    let loc = ir.op_loc(op);
    rw.set_insertion_point(InsertPoint::Before(op));
    let m = ToMemrefOp::build(rw, loc, mty, src, false).memref(rw.ir());
    let v = create_value_before(rw, op, "memref.cast", &[m], res_ty, &[]);
    rw.replace_op(op, &[v]);
    true
}

/// `ToMemrefToTensorFolding` (`foldToMemrefToTensorPair`):
/// `to_memref(to_tensor %m)` becomes `%m`; when the types differ, a
/// `memref.cast` of it where that cast always succeeds at runtime, else
/// (ranked to ranked, from a dynamic offset or stride to a static one) a new
/// `memref.alloc` and a `memref.copy` of `%m` into it
/// (`castOrReallocMemRefValue` with the default options).
pub fn to_memref_to_tensor_folding(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 1 || ir.num_results(op) != 1 {
        return false;
    }
    let tm = ToMemrefOp(op);
    let Some(tt) = def_as::<ToTensorOp>(ir, tm.tensor(ir)) else { return false };
    if ir.num_operands(tt.0) != 1 {
        return false;
    }
    let m = tt.memref(ir);
    let (src, dst) = (ir.value_type(m), ir.value_type(tm.memref(ir)));
    if src == dst {
        rw.replace_op(op, &[m]);
        return true;
    }
    let ctx = ir.ctx_arc().clone();
    let unranked_src = matches!(ctx.kind(src), TypeKind::UnrankedMemRef { .. });
    let ranked_dst = matches!(ctx.kind(dst), TypeKind::MemRef { .. });
    if ranked_dst && !unranked_src {
        let Some(v) = cast_or_realloc(rw, op, m, dst) else { return false };
        rw.replace_op(op, &[v]);
        return true;
    }
    // Unranked to ranked would need a copy; not done upstream either.
    if (unranked_src && ranked_dst) || !cast_compatible(ir, "memref.cast", src, dst) {
        return false;
    }
    let v = create_value_before(rw, op, "memref.cast", &[m], dst, &[]);
    rw.replace_op(op, &[v]);
    true
}

/// `value` as `dst` before `before` (see [`super::build::cast_or_realloc`]).
fn cast_or_realloc(rw: &mut PatternRewriter<'_>, before: OpId, value: ValueId, dst: Type) -> Option<ValueId> {
    let loc = rw.ir().op_loc(before);
    rw.set_insertion_point(InsertPoint::Before(before));
    super::build::cast_or_realloc(rw, loc, value, dst)
}

/// `LoadOfToMemref`: `memref.load (to_memref %t)[...]` becomes
/// `tensor.extract %t[...]`.
pub fn load_of_to_memref(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) < 1 || ir.num_results(op) != 1 {
        return false;
    }
    let Some(tm) = def_as::<ToMemrefOp>(ir, ir.operand(op, 0)) else { return false };
    if ir.num_operands(tm.0) != 1 {
        return false;
    }
    let mut operands = vec![tm.tensor(ir)];
    operands.extend(ir.operands(op).skip(1));
    let ty = ir.value_type(ir.result(op, 0));
    let v = create_value_before(rw, op, "tensor.extract", &operands, ty, &[]);
    rw.replace_op(op, &[v]);
    true
}

/// `DimOfCastOp`: `memref.dim (to_memref %t), %i` becomes `tensor.dim %t, %i`.
pub fn memref_dim_of_to_memref(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    dim_of(op, rw, |ir, v| def_as::<ToMemrefOp>(ir, v).map(|t| (t.0, t.tensor(ir))), "tensor.dim")
}

/// `DimOfToTensorFolder`: `tensor.dim (to_tensor %m), %i` becomes
/// `memref.dim %m, %i`.
pub fn tensor_dim_of_to_tensor(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    dim_of(op, rw, |ir, v| def_as::<ToTensorOp>(ir, v).map(|t| (t.0, t.memref(ir))), "memref.dim")
}

/// `op` is a `dim` of a value `producer` recognises (returning the producer
/// and its operand): it becomes `new_dim` of that operand.
fn dim_of(
    op: OpId,
    rw: &mut PatternRewriter<'_>,
    producer: fn(&Ir, ValueId) -> Option<(OpId, ValueId)>,
    new_dim: &str,
) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 2 || ir.num_results(op) != 1 {
        return false;
    }
    let Some((p, src)) = producer(ir, ir.operand(op, 0)) else { return false };
    if ir.num_operands(p) != 1 {
        return false;
    }
    let (idx, ty) = (ir.operand(op, 1), ir.value_type(ir.result(op, 0)));
    let v = create_value_before(rw, op, new_dim, &[src, idx], ty, &[]);
    rw.replace_op(op, &[v]);
    true
}

/// `FoldDimOfAllocTensorOp`: `tensor.dim (alloc_tensor(..)), %c` with a
/// constant in-range index of a dynamic dimension becomes the dynamic size
/// operand that gives it.
pub fn dim_of_alloc_tensor(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_operands(op) != 2 || ir.num_results(op) != 1 {
        return false;
    }
    let Some(at) = def_as::<AllocTensorOp>(ir, ir.operand(op, 0)) else { return false };
    let Some(idx) = crate::util::const_int(ir, ir.operand(op, 1)) else { return false };
    let Some(shape) = ir.ctx().shape(ir.value_type(at.result(ir))) else { return false };
    let Ok(idx) = usize::try_from(idx) else { return false };
    if idx >= shape.len() || shape[idx] != ir::DYNAMIC {
        return false;
    }
    // `getDynamicSize`: the operand of the dim among the dynamic ones.
    let k = shape[..idx].iter().filter(|&&d| d == ir::DYNAMIC).count();
    let Some(size) = at.dynamic_sizes(ir).get(k) else { return false };
    rw.replace_op(op, &[size]);
    true
}

/// `ReplaceStaticShapeDims`: dynamic sizes of an `alloc_tensor` (without
/// `copy`) given by non-negative constants move into the result type; a
/// `tensor.cast` back to the old type replaces the op.
pub fn alloc_tensor_static_dims(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let at = AllocTensorOp(op);
    if ir.num_results(op) != 1 || at.copy(ir).is_some() {
        return false;
    }
    let ctx = ir.ctx_arc().clone();
    let old_ty = ir.value_type(at.result(ir));
    let Some((shape, elem, encoding)) = crate::tensor::tensor_parts(&ctx, old_ty) else { return false };
    let sizes = at.dynamic_sizes(ir);
    let mut new_shape = shape.to_vec();
    let mut new_sizes = Vec::new();
    for (k, d) in new_shape.iter_mut().filter(|d| **d == ir::DYNAMIC).enumerate() {
        let Some(v) = sizes.get(k) else { return false };
        match crate::util::const_int(ir, v) {
            Some(c) if c >= 0 => *d = c as i64,
            _ => new_sizes.push(v),
        }
    }
    let new_ty = crate::tensor::tensor_type(&ctx, &new_shape, elem, encoding);
    if new_ty == old_ty {
        return false;
    }
    let loc = ir.op_loc(op);
    rw.set_insertion_point(InsertPoint::Before(op));
    let new_op = AllocTensorOp::build(rw, loc, new_ty, &new_sizes, None, None, None);
    let v = new_op.result(rw.ir());
    let cast = create_value_before(rw, op, "tensor.cast", &[v], old_ty, &[]);
    rw.replace_op(op, &[cast]);
    true
}
