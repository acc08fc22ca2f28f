//! A subset of the `affine` dialect: `affine.apply`, `affine.min`,
//! `affine.max`, `affine.for`,
//! `affine.if`, `affine.load`, `affine.store`, `affine.yield` and
//! `affine.parallel`, with mlir-opt-19's custom syntax (bounds as maps with
//! dim/symbol lists, `min`/`max` bounds, and subscripts written as affine
//! expressions of SSA values: `affine.load %m[%i + 1, symbol(%n)]`),
//! verifiers with upstream's wording (including the dimension/symbol rules
//! of affine scopes), interfaces (memory effects, `RegionBranch` for
//! `affine.for`/`affine.if`, `RegionTerminator` for `affine.yield`), the
//! folder of `affine.apply`, and accessors for interpreters
//! ([`apply_map`], [`for_bounds`], [`if_condition`], [`access_map`],
//! [`parallel_bounds`]).
//!
//! Affine maps, expressions and integer sets themselves (and their
//! simplification and printing) live in `ir::affine`; this module only
//! adds the SSA-id syntax around them.

use crate::static_dynamic::{operand_segments, segment_sizes_attr, segment_values, verify_operand_segments};
use crate::tensor::{check_num_regions, check_operands, op_error};
use crate::util::{parse_builtin_type, parse_opt_attr_dict, print_bound_args, register_dialect, register_op};
use ir::affine::{AffineBinaryOp, AffineExpr, AffineMap, IntegerSet};
use ir::interfaces::{Effect, EffectKind, EffectOn, MemoryEffects, RegionBranch, RegionSuccessor, RegionTerminator};
use ir::registry::{FoldOutcome, OpFoldResult};
use ir::rewrite_api::ConstantMaterializer;
use ir::{
    AttrKind, Attribute, Context, DenseData, Diagnostic, InsertPoint, Ir, Location, OpId, OpSpec, OpTraits, RegionId,
    Type, TypeKind, ValueDef, ValueId,
};
use smallvec::{smallvec, SmallVec};
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::{ArgDecl, IrParser, UnresolvedOperand};
use syntax::parser::{PResult, ParseError};
use syntax::printer::OpPrinter;

/// The `arith.atomic_rmw` kinds, in enum order (`reductions` of
/// `affine.parallel` store the index).
pub const ATOMIC_RMW_KINDS: [&str; 15] = [
    "addf", "addi", "assign", "maximumf", "maxs", "maxu", "minimumf", "mins", "minu", "mulf", "muli", "ori", "andi",
    "maxnumf", "minnumf",
];

/// Registers the affine subset.
pub fn register(ctx: &mut Context) {
    register_dialect(ctx, "affine", false);
    let loop_traits = OpTraits::AUTOMATIC_ALLOCATION_SCOPE
        | OpTraits::RECURSIVE_MEMORY_EFFECTS
        | OpTraits::SINGLE_BLOCK
        | OpTraits::IMPLICIT_TERMINATOR;
    register_op(ctx, "affine.apply", OpTraits::PURE, &["map"], Some(verify_apply), Some(Box::new(ApplyAsm)));
    for name in ["affine.min", "affine.max"] {
        register_op(ctx, name, OpTraits::PURE, &["map"], Some(verify_min_max), Some(Box::new(MinMaxAsm)));
        let n = ctx.intern_str(name);
        if let Some(info) = ctx.registry_mut().op_mut(n) {
            info.fold = Some(fold_min_max);
        }
        ctx.registry_mut().add_interface::<dyn ConstantMaterializer>(n, Box::new(ArithConstants));
    }
    register_op(
        ctx,
        "affine.for",
        loop_traits,
        &["lowerBoundMap", "operandSegmentSizes", "step", "upperBoundMap"],
        Some(verify_for),
        Some(Box::new(ForAsm)),
    );
    register_op(
        ctx,
        "affine.if",
        OpTraits::RECURSIVE_MEMORY_EFFECTS | OpTraits::SINGLE_BLOCK | OpTraits::IMPLICIT_TERMINATOR,
        &[],
        Some(verify_if),
        Some(Box::new(IfAsm)),
    );
    crate::patterns::register_patterns(ctx, &[("affine.if", "SimplifyDeadElse", simplify_dead_else)]);
    register_op(
        ctx,
        "affine.load",
        OpTraits::default(),
        &["map"],
        Some(verify_load),
        Some(Box::new(AccessAsm { store: false, vector: false })),
    );
    register_op(
        ctx,
        "affine.store",
        OpTraits::default(),
        &["map"],
        Some(verify_store),
        Some(Box::new(AccessAsm { store: true, vector: false })),
    );
    register_op(
        ctx,
        "affine.yield",
        OpTraits::PURE | OpTraits::TERMINATOR | OpTraits::RETURN_LIKE,
        &[],
        Some(verify_yield),
        Some(Box::new(YieldAsm)),
    );
    register_op(
        ctx,
        "affine.parallel",
        loop_traits | OpTraits::HAS_PARALLEL_REGION,
        &["lowerBoundsGroups", "lowerBoundsMap", "reductions", "steps", "upperBoundsGroups", "upperBoundsMap"],
        Some(verify_parallel),
        Some(Box::new(ParallelAsm)),
    );
    let n = ctx.intern_str("affine.apply");
    if let Some(info) = ctx.registry_mut().op_mut(n) {
        info.fold = Some(fold_apply);
    }
    crate::patterns::register_patterns(
        ctx,
        &[
            ("affine.apply", "SimplifyAffineOp", crate::affine_compose::simplify_affine_op),
            ("affine.load", "SimplifyAffineOp", crate::affine_compose::simplify_affine_op),
            ("affine.store", "SimplifyAffineOp", crate::affine_compose::simplify_affine_op),
        ],
    );
    ctx.registry_mut().add_interface::<dyn ConstantMaterializer>(n, Box::new(ArithConstants));
    for name in ["affine.load", "affine.store"] {
        let n = ctx.intern_str(name);
        ctx.registry_mut().add_interface::<dyn MemoryEffects>(n, Box::new(AccessEffects));
    }
    for name in ["affine.for", "affine.if"] {
        let n = ctx.intern_str(name);
        ctx.registry_mut().add_interface::<dyn RegionBranch>(n, Box::new(AffineBranch));
    }
    for name in ["affine.for", "affine.parallel"] {
        let n = ctx.intern_str(name);
        ctx.registry_mut().add_interface::<dyn ir::interfaces::LoopLike>(n, Box::new(crate::util::FirstRegionLoop));
    }
    let n = ctx.intern_str("affine.yield");
    ctx.registry_mut().add_interface::<dyn RegionTerminator>(n, Box::new(crate::util::ForwardAllOperands));
    let exit_checks: [(&str, ir::registry::VerifyFn); 3] = [
        ("affine.for", verify_for_regions),
        ("affine.if", verify_terminators),
        ("affine.parallel", verify_terminators),
    ];
    for (name, v) in exit_checks {
        let n = ctx.intern_str(name);
        if let Some(info) = ctx.registry_mut().op_mut(n) {
            info.verify_regions = Some(v);
        }
    }
}

// ----- accessors ---------------------------------------------------------------

fn map_attr(ir: &Ir, op: OpId, name: &str) -> Option<AffineMap> {
    match ir.ctx().attr_kind(ir.attr(op, name)?) {
        AttrKind::AffineMap(m) => Some(m.clone()),
        _ => None,
    }
}

/// The map of `affine.apply`, `affine.min`, `affine.max`, `affine.load` or
/// `affine.store`.
pub fn apply_map(ir: &Ir, op: OpId) -> Option<AffineMap> {
    map_attr(ir, op, "map")
}

/// The map and index operands of `affine.load` / `affine.store` (the
/// operands the map's dims and symbols stand for, dims first).
pub fn access_map(ir: &Ir, op: OpId) -> Option<(AffineMap, Vec<ValueId>)> {
    let first = if ir.is_op(op, "affine.store") || ir.is_op(op, "affine.vector_store") { 2 } else { 1 };
    Some((apply_map(ir, op)?, ir.operands(op).skip(first).collect()))
}

/// Evaluates `map` on constant operands (dims then symbols), with MLIR's
/// `floordiv`/`mod` semantics; `None` on a missing operand or division by
/// zero.
pub fn eval_map(map: &AffineMap, operands: &[i64]) -> Option<Vec<i64>> {
    let nd = map.num_dims.min(operands.len());
    map.evaluate_constant(&operands[..nd], &operands[nd..])
}

/// The bounds of an `affine.for`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AffineForBounds {
    /// Lower bound map (the loop starts at the max of its results).
    pub lower_map: AffineMap,
    /// Its operands.
    pub lower_operands: Vec<ValueId>,
    /// Upper bound map (exclusive; the min of its results).
    pub upper_map: AffineMap,
    /// Its operands.
    pub upper_operands: Vec<ValueId>,
    /// The positive step.
    pub step: i64,
    /// Initial values of the loop-carried values.
    pub inits: Vec<ValueId>,
}

/// The bounds, step and inits of `affine.for` `op`.
pub fn for_bounds(ir: &Ir, op: OpId) -> Option<AffineForBounds> {
    operand_segments(ir, op, 3)?;
    let step = ir.attr(op, "step").and_then(|a| ir.ctx().int_value(a))?;
    Some(AffineForBounds {
        lower_map: map_attr(ir, op, "lowerBoundMap")?,
        lower_operands: segment_values(ir, op, 3, 0),
        upper_map: map_attr(ir, op, "upperBoundMap")?,
        upper_operands: segment_values(ir, op, 3, 1),
        step: i64::try_from(step).ok()?,
        inits: segment_values(ir, op, 3, 2),
    })
}

/// `affine.if` without results whose else block holds only its yield: the
/// else block is erased (upstream's `SimplifyDeadElse`).
fn simplify_dead_else(op: OpId, rw: &mut ir::rewrite_api::PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    if ir.num_results(op) != 0 {
        return false;
    }
    let Some(&e) = ir.regions(op).get(1) else { return false };
    let Some(b) = ir.entry_block(e) else { return false };
    if ir.block_ops(b).nth(1).is_some() {
        return false;
    }
    rw.erase_block(b);
    rw.notify_modified(op);
    true
}

/// The integer set and operands of `affine.if` `op`.
pub fn if_condition(ir: &Ir, op: OpId) -> Option<(IntegerSet, Vec<ValueId>)> {
    match ir.ctx().attr_kind(ir.attr(op, "condition")?) {
        AttrKind::IntegerSet(s) => Some((s.clone(), ir.operands(op).collect())),
        _ => None,
    }
}

/// The bounds of an `affine.parallel`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AffineParallelBounds {
    /// Flat lower bound map; loop `i` takes the max of its group's results.
    pub lower_map: AffineMap,
    /// Number of lower-bound results per loop.
    pub lower_groups: Vec<usize>,
    /// Flat upper bound map; loop `i` takes the min of its group's results.
    pub upper_map: AffineMap,
    /// Number of upper-bound results per loop.
    pub upper_groups: Vec<usize>,
    /// The operands of the lower bound map, then those of the upper one.
    pub operands: Vec<ValueId>,
    /// One step per loop.
    pub steps: Vec<i64>,
    /// One `arith.atomic_rmw` kind name per result (`addf`, `maxs`, …).
    pub reductions: Vec<&'static str>,
}

fn int_list(ctx: &Context, a: Attribute) -> Option<Vec<i64>> {
    match ctx.attr_kind(a) {
        AttrKind::Array(v) => v.iter().map(|&e| ctx.int_value(e).and_then(|x| i64::try_from(x).ok())).collect(),
        AttrKind::DenseElements { ty, data } => {
            let n = ctx.shape(*ty)?.iter().product::<i64>();
            let n = usize::try_from(n).ok()?;
            let get = |i: usize| data.bits.get(if data.splat { 0 } else { i }).map(|&b| b as u32 as i32 as i64);
            (0..n).map(get).collect()
        }
        _ => None,
    }
}

/// The bounds, steps and reductions of `affine.parallel` `op`.
pub fn parallel_bounds(ir: &Ir, op: OpId) -> Option<AffineParallelBounds> {
    let ctx = ir.ctx();
    let groups = |n: &str| -> Option<Vec<usize>> {
        int_list(ctx, ir.attr(op, n)?)?.into_iter().map(|g| usize::try_from(g).ok()).collect()
    };
    let reductions = int_list(ctx, ir.attr(op, "reductions")?)?
        .into_iter()
        .map(|k| usize::try_from(k).ok().and_then(|k| ATOMIC_RMW_KINDS.get(k).copied()))
        .collect::<Option<Vec<_>>>()?;
    Some(AffineParallelBounds {
        lower_map: map_attr(ir, op, "lowerBoundsMap")?,
        lower_groups: groups("lowerBoundsGroups")?,
        upper_map: map_attr(ir, op, "upperBoundsMap")?,
        upper_groups: groups("upperBoundsGroups")?,
        operands: ir.operands(op).collect(),
        steps: int_list(ctx, ir.attr(op, "steps")?)?,
        reductions,
    })
}

// ----- interfaces ------------------------------------------------------------

/// The loads (`affine.load`, `affine.vector_load`) read their memref
/// (operand 0); the stores write theirs (operand 1).
pub(crate) struct AccessEffects;

impl MemoryEffects for AccessEffects {
    fn effects(&self, ir: &Ir, op: OpId, out: &mut Vec<Effect>) {
        if ir.is_op(op, "affine.load") || ir.is_op(op, "affine.vector_load") {
            out.push(Effect::new(EffectKind::Read, EffectOn::Operand(0)));
        } else {
            out.push(Effect::new(EffectKind::Write, EffectOn::Operand(1)));
        }
    }
}

struct AffineBranch;

/// The trip count of an `affine.for` with constant bounds and a positive
/// step (upstream's `getTrivialConstantTripCount`).
fn trivial_trip_count(ir: &Ir, op: OpId) -> Option<u64> {
    let b = for_bounds(ir, op)?;
    let (lb, ub) = (b.lower_map.single_constant_result()?, b.upper_map.single_constant_result()?);
    if b.step <= 0 {
        return None;
    }
    let d = ub.checked_sub(lb)?;
    Some(if d <= 0 { 0 } else { (d as u64).div_ceil(b.step as u64) })
}

impl RegionBranch for AffineBranch {
    fn successors(&self, ir: &Ir, op: OpId, from: Option<RegionId>, out: &mut SmallVec<[RegionSuccessor; 2]>) {
        let regions = ir.regions(op);
        if ir.is_op(op, "affine.for") {
            // Upstream's rule: with a constant trip count, entry goes only
            // into the body (trip count > 0) or only back to the parent
            // (zero), and a single iteration leaves the body to the parent.
            let trips = trivial_trip_count(ir, op);
            let body = regions.first().map(|&r| RegionSuccessor::Region(r));
            match (from, trips) {
                (None, Some(0)) => out.push(RegionSuccessor::Parent),
                (None, Some(_)) => out.extend(body),
                (Some(_), Some(1)) => out.push(RegionSuccessor::Parent),
                _ => {
                    out.extend(body);
                    out.push(RegionSuccessor::Parent);
                }
            }
            return;
        }
        match from {
            None => {
                if let Some(&r) = regions.first() {
                    out.push(RegionSuccessor::Region(r));
                }
                match regions.get(1) {
                    Some(&r) if !ir.region_is_empty(r) => out.push(RegionSuccessor::Region(r)),
                    _ => out.push(RegionSuccessor::Parent),
                }
            }
            Some(_) => out.push(RegionSuccessor::Parent),
        }
    }

    fn entry_operands(&self, ir: &Ir, op: OpId, _to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
        // affine.for forwards its inits to the body and, for a zero-trip
        // loop, straight to its results.
        if ir.is_op(op, "affine.for") {
            return for_bounds(ir, op).map(|b| b.inits.into_iter().collect()).unwrap_or_default();
        }
        SmallVec::new()
    }

    fn successor_inputs(&self, ir: &Ir, op: OpId, to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
        match to {
            RegionSuccessor::Parent => ir.results(op).collect(),
            RegionSuccessor::Region(r) => {
                let Some(b) = ir.entry_block(r) else { return SmallVec::new() };
                // The induction variable of affine.for is not forwarded.
                let skip = usize::from(ir.is_op(op, "affine.for"));
                ir.block_args(b).iter().skip(skip).copied().collect()
            }
        }
    }
}

struct ArithConstants;

impl ConstantMaterializer for ArithConstants {
    fn materialize(&self, ir: &mut Ir, ip: InsertPoint, value: Attribute, ty: Type, loc: Location) -> Option<OpId> {
        crate::arith::materialize_constant(ir, ip, value, ty, loc)
    }
}

// ----- folding -----------------------------------------------------------------

/// `affine.apply`: a result that is a dim or symbol folds to that operand;
/// with all operands constant, the map folds to an `index` constant.
fn fold_apply(ir: &mut Ir, op: OpId, operands: &[Option<Attribute>]) -> FoldOutcome {
    let Some(map) = apply_map(ir, op) else { return FoldOutcome::Failure };
    if map.num_results() != 1 || ir.num_operands(op) != map.num_inputs() {
        return FoldOutcome::Failure;
    }
    let Some(expr) = map.result(0) else { return FoldOutcome::Failure };
    if let Some(d) = expr.as_dim() {
        return FoldOutcome::Results(smallvec![OpFoldResult::Value(ir.operand(op, d))]);
    }
    if let Some(s) = expr.as_symbol() {
        return FoldOutcome::Results(smallvec![OpFoldResult::Value(ir.operand(op, map.num_dims + s))]);
    }
    let ctx = ir.ctx();
    let mut vals = Vec::with_capacity(operands.len());
    for a in operands {
        match a.and_then(|a| ctx.int_value(a)).and_then(|v| i64::try_from(v).ok()) {
            Some(v) => vals.push(v),
            None => {
                if !expr.is_constant() {
                    return FoldOutcome::Failure;
                }
                vals.push(0);
            }
        }
    }
    match eval_map(&map, &vals) {
        Some(r) if r.len() == 1 => FoldOutcome::Results(smallvec![OpFoldResult::Attr(ctx.index_attr(r[0]))]),
        _ => FoldOutcome::Failure,
    }
}

/// MLIR's `AffineMap::partialConstantFold`: each result whose dims and
/// symbols are all known constants becomes a constant; returns the new map
/// and, when every result folded, their values.
fn partial_constant_fold(map: &AffineMap, consts: &[Option<i64>]) -> (AffineMap, Option<Vec<i64>>) {
    let nd = map.num_dims;
    let dims: Vec<i64> = (0..nd).map(|i| consts.get(i).copied().flatten().unwrap_or(0)).collect();
    let syms: Vec<i64> = (0..map.num_symbols).map(|i| consts.get(nd + i).copied().flatten().unwrap_or(0)).collect();
    let mut all = Some(Vec::with_capacity(map.num_results()));
    let mut exprs = Vec::with_capacity(map.num_results());
    for e in &map.results {
        let mut known = true;
        e.walk(&mut |x| {
            if let Some(d) = x.as_dim() {
                known &= consts.get(d).copied().flatten().is_some();
            }
            if let Some(s) = x.as_symbol() {
                known &= consts.get(nd + s).copied().flatten().is_some();
            }
        });
        match known.then(|| e.evaluate(&dims, &syms)).flatten() {
            Some(v) => {
                exprs.push(AffineExpr::constant(v));
                if let Some(a) = all.as_mut() {
                    a.push(v);
                }
            }
            None => {
                exprs.push(e.clone());
                all = None;
            }
        }
    }
    (AffineMap::new(map.num_dims, map.num_symbols, exprs), all)
}

/// `affine.min` / `affine.max`: folds to a constant when every result of the
/// map is constant, to the operand of a `()[s0] -> (s0)` map, and otherwise
/// replaces the results that fold in place.
fn fold_min_max(ir: &mut Ir, op: OpId, operands: &[Option<Attribute>]) -> FoldOutcome {
    let Some(map) = apply_map(ir, op) else { return FoldOutcome::Failure };
    if ir.num_operands(op) != map.num_inputs() || map.num_results() == 0 {
        return FoldOutcome::Failure;
    }
    let ctx = ir.ctx_arc().clone();
    let consts: Vec<Option<i64>> =
        operands.iter().map(|a| a.and_then(|a| ctx.int_value(a)).and_then(|v| i64::try_from(v).ok())).collect();
    let (folded, values) = partial_constant_fold(&map, &consts);
    if folded.num_dims == 0
        && folded.num_symbols == 1
        && folded.num_results() == 1
        && folded.result(0).and_then(|e| e.as_symbol()) == Some(0)
    {
        return FoldOutcome::Results(smallvec![OpFoldResult::Value(ir.operand(op, 0))]);
    }
    let Some(values) = values else {
        if folded == map {
            return FoldOutcome::Failure;
        }
        ir.set_attr_str(op, "map", ctx.attr(AttrKind::AffineMap(folded)));
        return FoldOutcome::InPlace;
    };
    let v = if ir.is_op(op, "affine.min") { values.iter().min() } else { values.iter().max() };
    match v {
        Some(&v) => FoldOutcome::Results(smallvec![OpFoldResult::Attr(ctx.index_attr(v))]),
        None => FoldOutcome::Failure,
    }
}

// ----- dims and symbols (affine scopes) ------------------------------------------

/// The region of the closest enclosing affine scope (`func.func`, or any op
/// that is isolated from above).
fn affine_scope(ir: &Ir, op: OpId) -> Option<RegionId> {
    let mut cur = op;
    loop {
        let parent = ir.parent_op(cur)?;
        if ir.is_op(parent, "func.func") || ir.has_trait(parent, OpTraits::ISOLATED_FROM_ABOVE) {
            return ir.op_block(cur).and_then(|b| ir.block_region(b));
        }
        cur = parent;
    }
}

fn value_region(ir: &Ir, v: ValueId) -> Option<RegionId> {
    match ir.value_def(v) {
        ValueDef::BlockArg { block, .. } => ir.block_region(block),
        ValueDef::Result { op, .. } => ir.op_block(op).and_then(|b| ir.block_region(b)),
        ValueDef::Detached => None,
    }
}

fn is_constant_value(ir: &Ir, v: ValueId) -> bool {
    ir.defining_op(v).is_some_and(|d| ir.has_trait(d, OpTraits::CONSTANT_LIKE))
}

/// MLIR's `isValidSymbol(value, region)`, for the ops modelled here.
pub fn is_valid_symbol(ir: &Ir, v: ValueId, region: Option<RegionId>) -> bool {
    if !ir.ctx().is_index(ir.value_type(v)) {
        return false;
    }
    if region.is_some() && value_region(ir, v) == region {
        return true;
    }
    if is_constant_value(ir, v) {
        return true;
    }
    if let Some(d) = ir.defining_op(v) {
        if ir.is_op(d, "affine.apply") {
            return ir.operands(d).all(|o| is_valid_symbol(ir, o, region));
        }
        if ir.is_op(d, "memref.dim") || ir.is_op(d, "tensor.dim") {
            return is_dim_op_valid_symbol(ir, d, region);
        }
    }
    // Values dominating the scope's parent op (when it is not isolated).
    let Some(r) = region else { return false };
    let Some(parent) = ir.region_parent_op(r) else { return false };
    if ir.is_op(parent, "func.func") || ir.has_trait(parent, OpTraits::ISOLATED_FROM_ABOVE) {
        return false;
    }
    let outer = ir.op_block(parent).and_then(|b| ir.block_region(b));
    outer.is_some() && is_valid_symbol(ir, v, outer)
}

/// MLIR's `isDimOpValidSymbol`: a `dim` of a shaped value defined at the top
/// level of an affine scope, or (at a constant index) of a `view`, `subview`
/// or `alloc` (through `memref.cast`s) whose size there is static or a valid
/// symbol. Other block arguments (loop iteration arguments) are not.
fn is_dim_op_valid_symbol(ir: &Ir, d: OpId, region: Option<RegionId>) -> bool {
    if ir.num_operands(d) < 2 {
        return false;
    }
    let shaped = ir.operand(d, 0);
    let parent = match ir.value_def(shaped) {
        ValueDef::BlockArg { block, .. } => ir.block_parent_op(block),
        ValueDef::Result { op, .. } => ir.parent_op(op),
        ValueDef::Detached => None,
    };
    if parent.is_some_and(|p| ir.is_op(p, "func.func") || ir.has_trait(p, OpTraits::ISOLATED_FROM_ABOVE)) {
        return true;
    }
    let Some(mut def) = ir.defining_op(shaped) else { return false };
    let Some(index) = crate::util::const_int(ir, ir.operand(d, 1)).and_then(|i| usize::try_from(i).ok()) else {
        return false;
    };
    while ir.is_op(def, "memref.cast") {
        let src = ir.operand(def, 0);
        if matches!(ir.ctx().kind(ir.value_type(src)), ir::TypeKind::UnrankedMemRef { .. }) {
            return false;
        }
        let Some(next) = ir.defining_op(src) else { return false };
        def = next;
    }
    if !(ir.is_op(def, "memref.view") || ir.is_op(def, "memref.subview") || ir.is_op(def, "memref.alloc")) {
        return false;
    }
    let ty = ir.value_type(ir.result(def, 0));
    let Some(shape) = ir.ctx().shape(ty) else { return false };
    match shape.get(index) {
        Some(&s) if s != ir::DYNAMIC => true,
        Some(_) => {
            // The dynamic sizes: `view`'s after the byte shift, `subview`'s
            // sizes group, `alloc`'s first group.
            let pos = shape[..index].iter().filter(|&&s| s == ir::DYNAMIC).count();
            let size = if ir.is_op(def, "memref.view") {
                ir.operands(def).nth(2 + pos)
            } else if ir.is_op(def, "memref.subview") {
                crate::memref::SubViewOp(def).sizes(ir).to_vec().get(pos).copied()
            } else {
                crate::memref::AllocOp(def).dynamic_sizes(ir).to_vec().get(pos).copied()
            };
            size.is_some_and(|v| is_valid_symbol(ir, v, region))
        }
        None => false,
    }
}

/// MLIR's `isValidDim(value, region)`.
pub fn is_valid_dim(ir: &Ir, v: ValueId, region: Option<RegionId>) -> bool {
    if !ir.ctx().is_index(ir.value_type(v)) {
        return false;
    }
    if is_valid_symbol(ir, v, region) {
        return true;
    }
    match ir.value_def(v) {
        ValueDef::Detached => false,
        ValueDef::BlockArg { block, .. } => ir
            .block_region(block)
            .and_then(|r| ir.region_parent_op(r))
            .is_some_and(|p| ir.is_op(p, "affine.for") || ir.is_op(p, "affine.parallel")),
        ValueDef::Result { op: d, .. } => {
            if ir.is_op(d, "affine.apply") {
                return ir.operands(d).all(|o| is_valid_dim(ir, o, region));
            }
            if ir.is_op(d, "memref.dim") || ir.is_op(d, "tensor.dim") {
                return ir.num_operands(d) > 0 && value_region(ir, ir.operand(d, 0)) == region;
            }
            false
        }
    }
}

fn verify_dims_and_symbols(ir: &Ir, op: OpId, operands: &[ValueId], num_dims: usize) -> Result<(), Diagnostic> {
    let scope = affine_scope(ir, op);
    for (i, &v) in operands.iter().enumerate() {
        if i < num_dims {
            if !is_valid_dim(ir, v, scope) {
                return Err(op_error(ir, op, "operand cannot be used as a dimension id"));
            }
        } else if !is_valid_symbol(ir, v, scope) {
            return Err(op_error(ir, op, "operand cannot be used as a symbol"));
        }
    }
    Ok(())
}

// ----- verifiers ---------------------------------------------------------------

fn required_map(ir: &Ir, op: OpId, name: &str) -> Result<AffineMap, Diagnostic> {
    let Some(a) = ir.attr(op, name) else {
        return Err(op_error(ir, op, format!("requires attribute '{name}'")));
    };
    match ir.ctx().attr_kind(a) {
        AttrKind::AffineMap(m) => Ok(m.clone()),
        _ => Err(op_error(ir, op, format!("attribute '{name}' failed to satisfy constraint: AffineMap attribute"))),
    }
}

fn verify_apply(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let map = required_map(ir, op, "map")?;
    check_operands(ir, op, 0..ir.num_operands(op), |c, t| c.is_index(t), "variadic of index")?;
    if ir.num_results(op) != 1 {
        return Err(op_error(ir, op, "requires one result"));
    }
    if !ir.ctx().is_index(ir.value_type(ir.result(op, 0))) {
        return Err(op_error(
            ir,
            op,
            format!("result #0 must be index, but got {}", crate::tensor::q(ir.ctx(), ir.value_type(ir.result(op, 0)))),
        ));
    }
    if ir.num_operands(op) != map.num_inputs() {
        return Err(op_error(ir, op, "operand count and affine map dimension and symbol count must match"));
    }
    if map.num_results() != 1 {
        return Err(op_error(ir, op, "mapping must produce one value"));
    }
    Ok(())
}

fn verify_min_max(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let map = required_map(ir, op, "map")?;
    check_operands(ir, op, 0..ir.num_operands(op), |c, t| c.is_index(t), "variadic of index")?;
    if ir.num_results(op) != 1 {
        return Err(op_error(ir, op, "requires one result"));
    }
    if ir.num_operands(op) != map.num_inputs() {
        return Err(op_error(ir, op, "operand count and affine map dimension and symbol count must match"));
    }
    Ok(())
}

/// `affine.for`'s ODS invariants (attributes, operands, one block), checked
/// on entry; returns the bound maps and the body.
fn for_invariants(ir: &Ir, op: OpId) -> Result<(AffineMap, AffineMap, ir::BlockId), Diagnostic> {
    let ctx = ir.ctx();
    let lb = required_map(ir, op, "lowerBoundMap")?;
    let Some(step) = ir.attr(op, "step") else {
        return Err(op_error(ir, op, "requires attribute 'step'"));
    };
    if !matches!(ctx.attr_kind(step), AttrKind::Integer { ty, .. } if ctx.is_index(*ty)) {
        return Err(op_error(ir, op, "attribute 'step' failed to satisfy constraint: index attribute"));
    }
    let ub = required_map(ir, op, "upperBoundMap")?;
    check_num_regions(ir, op, 1)?;
    verify_operand_segments(ir, op, 3)?;
    let Some(sizes) = operand_segments(ir, op, 3) else {
        return Err(op_error(ir, op, "requires attribute 'operandSegmentSizes'"));
    };
    check_operands(ir, op, 0..sizes[0] + sizes[1], |c, t| c.is_index(t), "variadic of index")?;
    let region = ir.region(op, 0);
    let Some(body) = ir.entry_block(region).filter(|_| ir.region_blocks(region).nth(1).is_none()) else {
        return Err(op_error(ir, op, "region #0 ('region') failed to verify constraint: region with 1 blocks"));
    };
    Ok((lb, ub, body))
}

fn verify_for(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    for_invariants(ir, op).map(|_| ())
}

/// Checked after the nested ops (upstream's region traits, then
/// `AffineForOp::verifyRegions`): the terminator, the induction variable,
/// the bound operands and the loop-carried values.
fn verify_for_regions(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let (lb, ub, body) = for_invariants(ir, op)?;
    check_terminator(ir, op, body)?;
    let args = ir.block_args(body);
    if args.is_empty() || !ctx.is_index(ir.value_type(args[0])) {
        return Err(op_error(ir, op, "expected body to have a single index argument for the induction variable"));
    }
    let lb_ops = segment_values(ir, op, 3, 0);
    let ub_ops = segment_values(ir, op, 3, 1);
    if lb.num_inputs() > 0 {
        verify_dims_and_symbols(ir, op, &lb_ops, lb.num_dims)?;
    }
    if ub.num_inputs() > 0 {
        verify_dims_and_symbols(ir, op, &ub_ops, ub.num_dims)?;
    }
    let n = ir.num_results(op);
    if n == 0 {
        return Ok(());
    }
    let iter_operands = ir.num_operands(op).saturating_sub(lb.num_inputs() + ub.num_inputs());
    if iter_operands != n {
        return Err(op_error(ir, op, "mismatch between the number of loop-carried values and results"));
    }
    if args.len() - 1 != n {
        return Err(op_error(ir, op, "mismatch between the number of basic block args and results"));
    }
    Ok(())
}

/// `SingleBlockImplicitTerminator<AffineYieldOp>` of `affine.if` and
/// `affine.parallel`, a region trait: checked after the nested ops.
fn verify_terminators(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    for &r in ir.regions(op) {
        if let Some(b) = ir.entry_block(r) {
            check_terminator(ir, op, b)?;
        }
    }
    Ok(())
}

/// `SingleBlockImplicitTerminator<AffineYieldOp>`.
fn check_terminator(ir: &Ir, op: OpId, body: ir::BlockId) -> Result<(), Diagnostic> {
    match ir.last_op(body) {
        Some(t) if ir.is_op(t, "affine.yield") => Ok(()),
        Some(t) => {
            Err(op_error(ir, op, format!("expects regions to end with 'affine.yield', found '{}'", ir.op_name_str(t)))
                .with_note(ir.op_loc(t), "in custom textual format, the absence of terminator implies 'affine.yield'"))
        }
        None => Err(op_error(ir, op, "expects a non-empty block")),
    }
}

fn verify_if(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_regions(ir, op, 2)?;
    for (i, &r) in ir.regions(op).iter().enumerate() {
        let n = ir.region_blocks(r).count();
        if i == 0 && n != 1 {
            return Err(op_error(ir, op, "region #0 ('thenRegion') failed to verify constraint: region with 1 blocks"));
        }
        if let Some(b) = ir.entry_block(r) {
            if !ir.block_args(b).is_empty() {
                return Err(op_error(ir, op, "requires regions to have no arguments"));
            }
        }
    }
    let set = match ir.attr(op, "condition").map(|a| ir.ctx().attr_kind(a)) {
        Some(AttrKind::IntegerSet(s)) => s.clone(),
        _ => return Err(op_error(ir, op, "requires an integer set attribute named 'condition'")),
    };
    if ir.num_operands(op) != set.num_inputs() {
        return Err(op_error(ir, op, "operand count and condition integer set dimension and symbol count must match"));
    }
    let ops: Vec<ValueId> = ir.operands(op).collect();
    verify_dims_and_symbols(ir, op, &ops, set.num_dims)
}

pub(crate) fn verify_access(ir: &Ir, op: OpId, memref_idx: usize) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let map = required_map(ir, op, "map")?;
    let mt = ir.value_type(ir.operand(op, memref_idx));
    let Some(shape) = ctx.shape(mt) else { return Ok(()) };
    if map.num_results() != shape.len() {
        return Err(op_error(ir, op, "affine map num results must equal memref rank"));
    }
    let idx: Vec<ValueId> = ir.operands(op).skip(memref_idx + 1).collect();
    if map.num_inputs() != idx.len() {
        return Err(op_error(ir, op, "expects as many subscripts as affine map inputs"));
    }
    let scope = affine_scope(ir, op);
    for &v in &idx {
        if !ctx.is_index(ir.value_type(v)) {
            return Err(op_error(ir, op, "index to load must have 'index' type"));
        }
        if !is_valid_dim(ir, v, scope) && !is_valid_symbol(ir, v, scope) {
            return Err(op_error(ir, op, "index must be a valid dimension or symbol identifier"));
        }
    }
    Ok(())
}

/// The operand constraints of the loads (`memref` at 0, then indices;
/// one result) and stores (value, `memref` at 1, then indices).
pub(crate) fn check_access_operands(ir: &Ir, op: OpId, store: bool) -> Result<(), Diagnostic> {
    let (memref, n) = (usize::from(store), ir.num_operands(op));
    if n < memref + 1 {
        return Err(op_error(ir, op, format!("expected {} or more operands, but found {n}", memref + 1)));
    }
    check_operands(ir, op, memref..memref + 1, Context::is_memref, "memref of any type values")?;
    check_operands(ir, op, memref + 1..n, |c, t| c.is_index(t), "variadic of index")?;
    if !store && ir.num_results(op) != 1 {
        return Err(op_error(ir, op, "requires one result"));
    }
    Ok(())
}

fn verify_load(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_access_operands(ir, op, false)?;
    let mt = ir.value_type(ir.operand(op, 0));
    if ctx.element_type(mt) != Some(ir.value_type(ir.result(op, 0))) {
        return Err(op_error(ir, op, "result type must match element type of memref"));
    }
    verify_access(ir, op, 0)
}

fn verify_store(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_access_operands(ir, op, true)?;
    let mt = ir.value_type(ir.operand(op, 1));
    if ctx.element_type(mt) != Some(ir.value_type(ir.operand(op, 0))) {
        return Err(op_error(ir, op, "value to store must have the same type as memref element type"));
    }
    verify_access(ir, op, 1)
}

fn verify_yield(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let Some(parent) = ir.parent_op(op) else { return Ok(()) };
    if !(ir.is_op(parent, "affine.parallel") || ir.is_op(parent, "affine.if") || ir.is_op(parent, "affine.for")) {
        return Err(op_error(ir, op, "only terminates affine.if/for/parallel regions"));
    }
    if ir.num_results(parent) != ir.num_operands(op) {
        return Err(op_error(ir, op, "parent of yield must have same number of results as the yield operands"));
    }
    if ir.results(parent).zip(ir.operands(op)).any(|(r, o)| ir.value_type(r) != ir.value_type(o)) {
        return Err(op_error(ir, op, "types mismatch between yield op and its parent"));
    }
    Ok(())
}

fn reduction_type_ok(ctx: &Context, t: Type, kind: &str) -> bool {
    let int = |signed: Option<ir::Signedness>| match ctx.kind(t) {
        TypeKind::Integer { signedness, .. } => signed.is_none_or(|s| *signedness == s),
        _ => false,
    };
    match kind {
        "addf" | "mulf" | "maximumf" | "minimumf" => ctx.float_kind(t).is_some(),
        "addi" | "muli" | "ori" | "andi" => int(None),
        "assign" => true,
        "maxs" | "mins" => int(Some(ir::Signedness::Signed)),
        "maxu" | "minu" => int(Some(ir::Signedness::Unsigned)),
        _ => false,
    }
}

fn verify_parallel(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let names = ["lowerBoundsGroups", "lowerBoundsMap", "reductions", "steps", "upperBoundsGroups", "upperBoundsMap"];
    for n in names {
        if ir.attr(op, n).is_none() {
            return Err(op_error(ir, op, format!("requires attribute '{n}'")));
        }
    }
    let lb = required_map(ir, op, "lowerBoundsMap")?;
    let ub = required_map(ir, op, "upperBoundsMap")?;
    check_operands(ir, op, 0..ir.num_operands(op), |c, t| c.is_index(t), "variadic of index")?;
    check_num_regions(ir, op, 1)?;
    let region = ir.region(op, 0);
    let Some(body) = ir.entry_block(region).filter(|_| ir.region_blocks(region).nth(1).is_none()) else {
        return Err(op_error(ir, op, "region #0 ('region') failed to verify constraint: region with 1 blocks"));
    };
    let get = |n: &str| ir.attr(op, n).and_then(|a| int_list(ctx, a)).unwrap_or_default();
    let (lg, ug, steps) = (get("lowerBoundsGroups"), get("upperBoundsGroups"), get("steps"));
    let nargs = ir.block_args(body).len();
    let num_dims = steps.len();
    if lg.len() != num_dims || ug.len() != num_dims || nargs != num_dims {
        return Err(op_error(
            ir,
            op,
            format!(
                "the number of region arguments ({nargs}) and the number of map groups for lower ({}) and upper bound ({}), and the number of steps ({}) must all match",
                lg.len(),
                ug.len(),
                steps.len()
            ),
        ));
    }
    let total = |g: &[i64]| g.iter().map(|&x| x as u32 as usize).sum::<usize>();
    if total(&lg) != lb.num_results() {
        return Err(op_error(ir, op, format!("expected lower bounds map to have {} results", total(&lg))));
    }
    if total(&ug) != ub.num_results() {
        return Err(op_error(ir, op, format!("expected upper bounds map to have {} results", total(&ug))));
    }
    let reds = ir.attr(op, "reductions").and_then(|a| ctx.array_value(a).map(|v| v.to_vec())).unwrap_or_default();
    if reds.len() != ir.num_results(op) {
        return Err(op_error(ir, op, "a reduction must be specified for each output"));
    }
    for (i, &r) in reds.iter().enumerate() {
        let kind = ctx.int_value(r).and_then(|k| usize::try_from(k).ok()).and_then(|k| ATOMIC_RMW_KINDS.get(k));
        let Some(kind) = kind else {
            return Err(op_error(ir, op, "invalid reduction attribute"));
        };
        if !reduction_type_ok(ctx, ir.value_type(ir.result(op, i)), kind) {
            return Err(op_error(ir, op, "result type cannot match reduction attribute"));
        }
    }
    let ops: Vec<ValueId> = ir.operands(op).collect();
    let (lops, uops) = ops.split_at(lb.num_inputs().min(ops.len()));
    verify_dims_and_symbols(ir, op, lops, lb.num_dims)?;
    verify_dims_and_symbols(ir, op, uops, ub.num_dims)
}

// ----- SSA-id affine expressions ---------------------------------------------------

/// Parses affine expressions whose dims are SSA values (`%i`) and whose
/// symbols are `symbol(%n)`; dims and symbols are numbered in order of
/// first appearance, as MLIR's `parseAffineMapOfSSAIds` does.
struct SsaExprParser<'a> {
    dims: Vec<UnresolvedOperand<'a>>,
    syms: Vec<UnresolvedOperand<'a>>,
}

fn same_operand(a: &UnresolvedOperand<'_>, b: &UnresolvedOperand<'_>) -> bool {
    a.name == b.name && a.number == b.number
}

impl<'a> SsaExprParser<'a> {
    fn new() -> Self {
        SsaExprParser { dims: Vec::new(), syms: Vec::new() }
    }

    fn lookup(&mut self, o: UnresolvedOperand<'a>, symbol: bool) -> AffineExpr {
        if let Some(i) = self.dims.iter().position(|d| same_operand(d, &o)) {
            return AffineExpr::dim(i);
        }
        if let Some(i) = self.syms.iter().position(|d| same_operand(d, &o)) {
            return AffineExpr::symbol(i);
        }
        if symbol {
            self.syms.push(o);
            AffineExpr::symbol(self.syms.len() - 1)
        } else {
            self.dims.push(o);
            AffineExpr::dim(self.dims.len() - 1)
        }
    }

    fn expr(&mut self, p: &mut IrParser<'a, '_>) -> PResult<AffineExpr> {
        let mut lhs = self.high(p)?;
        loop {
            if p.p.eat(TokenKind::Plus) {
                let rhs = self.high(p)?;
                lhs = AffineExpr::binary(AffineBinaryOp::Add, &lhs, &rhs);
            } else if p.p.eat(TokenKind::Minus) {
                let rhs = self.high(p)?;
                lhs = &lhs - &rhs;
            } else {
                return Ok(lhs);
            }
        }
    }

    fn high(&mut self, p: &mut IrParser<'a, '_>) -> PResult<AffineExpr> {
        let mut lhs = self.operand(p)?;
        loop {
            let pos = p.p.tok.start;
            let op = if p.p.at(TokenKind::Star) {
                AffineBinaryOp::Mul
            } else if p.p.at_keyword("floordiv") {
                AffineBinaryOp::FloorDiv
            } else if p.p.at_keyword("ceildiv") {
                AffineBinaryOp::CeilDiv
            } else if p.p.at_keyword("mod") {
                AffineBinaryOp::Mod
            } else {
                return Ok(lhs);
            };
            p.p.bump();
            let rhs = self.operand(p)?;
            if op == AffineBinaryOp::Mul {
                if !lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant() {
                    return Err(p.p.error_at(
                        pos,
                        "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic",
                    ));
                }
            } else if !rhs.is_symbolic_or_constant() {
                return Err(p.p.error_at(
                    pos,
                    format!(
                        "non-affine expression: right operand of {} has to be either a constant or symbolic",
                        op.spelling()
                    ),
                ));
            }
            lhs = AffineExpr::binary(op, &lhs, &rhs);
        }
    }

    fn operand(&mut self, p: &mut IrParser<'a, '_>) -> PResult<AffineExpr> {
        if p.p.eat(TokenKind::LParen) {
            let e = self.expr(p)?;
            p.p.expect(TokenKind::RParen, "expected ')'")?;
            return Ok(e);
        }
        if p.p.eat(TokenKind::Minus) {
            let e = self.operand(p)?;
            return Ok(AffineExpr::binary(AffineBinaryOp::Mul, &AffineExpr::constant(-1), &e));
        }
        if p.p.at(TokenKind::Integer) {
            let text = p.p.tok_text();
            let v = syntax::parser::parse_u128(text).and_then(|v| i64::try_from(v).ok());
            let Some(v) = v else { return Err(p.p.error_here("constant too large for index")) };
            p.p.bump();
            return Ok(AffineExpr::constant(v));
        }
        if p.p.at(TokenKind::PercentIdent) {
            let o = p.parse_operand()?;
            return Ok(self.lookup(o, false));
        }
        if p.p.at_keyword("symbol") {
            p.p.bump();
            p.p.expect(TokenKind::LParen, "expected '(' at start of SSA symbol")?;
            let o = p.parse_operand()?;
            p.p.expect(TokenKind::RParen, "expected ')' at end of SSA symbol")?;
            return Ok(self.lookup(o, true));
        }
        if p.p.at(TokenKind::BareIdent) {
            return Err(p.p.error_here("use of undeclared identifier"));
        }
        Err(p.p.error_here("expected affine expression"))
    }

    /// The dims then the symbols, as resolved `index` operands.
    fn operands(self, p: &mut IrParser<'a, '_>) -> PResult<Vec<ValueId>> {
        let index = p.p.ctx.index_ty();
        let mut out = Vec::with_capacity(self.dims.len() + self.syms.len());
        for o in self.dims.into_iter().chain(self.syms) {
            out.push(p.resolve_operand(o, index)?);
        }
        Ok(out)
    }
}

/// Parses `open expr, expr, ... close` (possibly empty) of SSA-id
/// expressions into a map and its operands (unresolved).
fn parse_map_of_ssa_ids<'a>(
    p: &mut IrParser<'a, '_>,
    open: TokenKind,
    close: TokenKind,
) -> PResult<(AffineMap, SsaExprParser<'a>)> {
    let mut sp = SsaExprParser::new();
    let mut exprs = Vec::new();
    p.p.expect(open, &format!("expected '{}'", open.spelling()))?;
    if !p.p.eat(close) {
        loop {
            exprs.push(sp.expr(p)?);
            if !p.p.eat(TokenKind::Comma) {
                break;
            }
        }
        p.p.expect(close, &format!("expected '{}'", close.spelling()))?;
    }
    Ok((AffineMap::new(sp.dims.len(), sp.syms.len(), exprs), sp))
}

/// Prints the results of `map` with dims and symbols replaced by the given
/// operands (`symbol(%x)` for symbols), comma-separated.
fn print_map_of_ssa_ids(pr: &mut OpPrinter<'_>, map: &AffineMap, operands: &[ValueId]) {
    for (i, e) in map.results.iter().enumerate() {
        if i > 0 {
            pr.out.push_str(", ");
        }
        print_expr_of_ssa_ids(
            pr,
            e,
            &operands[..map.num_dims.min(operands.len())],
            &operands[map.num_dims.min(operands.len())..],
        );
    }
}

/// Prints one expression with SSA operands for its dims and symbols.
fn print_expr_of_ssa_ids(pr: &mut OpPrinter<'_>, e: &AffineExpr, dims: &[ValueId], syms: &[ValueId]) {
    // Render with markers, then substitute the SSA names (which the
    // printer must write itself to keep its naming state).
    let text = e
        .display_with(
            |f, pos, is_sym| if is_sym { write!(f, "\u{1}s{pos}\u{2}") } else { write!(f, "\u{1}d{pos}\u{2}") },
        )
        .to_string();
    let mut rest = text.as_str();
    while let Some(start) = rest.find('\u{1}') {
        pr.out.push_str(&rest[..start]);
        let Some(end) = rest[start..].find('\u{2}') else { break };
        let marker = &rest[start + 1..start + end];
        let (is_sym, pos) = (marker.starts_with('s'), marker[1..].parse::<usize>().unwrap_or(usize::MAX));
        let v = if is_sym { syms.get(pos) } else { dims.get(pos) };
        if is_sym {
            pr.out.push_str("symbol(");
        }
        match v {
            Some(&v) => pr.print_value(v),
            None => pr.out.push_str("<<invalid>>"),
        }
        if is_sym {
            pr.out.push(')');
        }
        rest = &rest[start + end + 1..];
    }
    pr.out.push_str(rest);
}

// ----- syntax ------------------------------------------------------------------

fn name_error(st: &OpState, msg: impl Into<String>) -> ParseError {
    ParseError(Diagnostic::error(st.loc, msg))
}

/// `(%d0, %d1)[%s0]`: returns the resolved operands and the dim count.
fn parse_dim_and_symbol_list(p: &mut IrParser<'_, '_>) -> PResult<(Vec<ValueId>, usize)> {
    let index = p.p.ctx.index_ty();
    let mut ops = p.parse_paren_operand_list()?;
    let num_dims = ops.len();
    if p.p.eat(TokenKind::LSquare) {
        if !p.p.at(TokenKind::RSquare) {
            ops.extend(p.parse_operand_list()?);
        }
        p.p.expect(TokenKind::RSquare, "expected ']'")?;
    }
    let pos = p.p.tok.start;
    let tys = vec![index; ops.len()];
    Ok((p.resolve_operands(&ops, &tys, pos)?, num_dims))
}

fn print_dim_and_symbol_list(pr: &mut OpPrinter<'_>, operands: &[ValueId], num_dims: usize) {
    let nd = num_dims.min(operands.len());
    pr.out.push('(');
    pr.print_values(operands[..nd].iter().copied());
    pr.out.push(')');
    if operands.len() > nd {
        pr.out.push('[');
        pr.print_values(operands[nd..].iter().copied());
        pr.out.push(']');
    }
}

fn ensure_yield(ir: &mut Ir, region: RegionId, loc: Location) {
    let ctx = ir.ctx_arc().clone();
    if ir.region_is_empty(region) {
        ir.append_block(region, &[], &[]);
    }
    let Some(b) = ir.entry_block(region) else { return };
    if !ir.last_op(b).is_some_and(|last| ir.has_trait(last, OpTraits::TERMINATOR)) {
        ir.insert_new_op(InsertPoint::BlockEnd(b), OpSpec::new(ctx.intern_str("affine.yield"), loc));
    }
}

fn map_attr_of(ctx: &Context, m: AffineMap) -> Attribute {
    ctx.attr(AttrKind::AffineMap(m))
}

fn parse_optional_arrow_types(p: &mut IrParser<'_, '_>) -> PResult<Vec<Type>> {
    if p.p.eat(TokenKind::Arrow) {
        return p.p.parse_function_result_types();
    }
    Ok(Vec::new())
}

fn print_optional_arrow_types(pr: &mut OpPrinter<'_>, op: OpId) {
    let ir = pr.ir;
    if ir.num_results(op) > 0 {
        pr.out.push_str(" -> ");
        pr.print_result_types(&ir.result_types(op));
    }
}

struct ApplyAsm;

impl OpAsm for ApplyAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let pos = p.p.tok.start;
        let a = p.p.parse_attribute(None)?;
        let AttrKind::AffineMap(map) = ctx.attr_kind(a) else {
            return Err(p.p.error_at(pos, "invalid kind of attribute specified"));
        };
        let map = map.clone();
        let (ops, num_dims) = parse_dim_and_symbol_list(p)?;
        parse_opt_attr_dict(p, st)?;
        if map.num_dims != num_dims || num_dims + map.num_symbols != ops.len() {
            return Err(name_error(st, "dimension or symbol index mismatch"));
        }
        st.add_attr(ctx.intern_str("map"), a);
        st.operands = ops;
        st.result_types = vec![ctx.index_ty(); map.num_results()];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        if let Some(a) = ir.attr(op, "map") {
            pr.print_attr(a);
        }
        let nd = apply_map(ir, op).map_or(0, |m| m.num_dims);
        let ops: Vec<ValueId> = ir.operands(op).collect();
        print_dim_and_symbol_list(pr, &ops, nd);
        pr.print_optional_attr_dict(ir.attrs(op), &["map"]);
    }
}

struct MinMaxAsm;

impl OpAsm for MinMaxAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let pos = p.p.tok.start;
        let a = p.p.parse_attribute(None)?;
        if !matches!(ctx.attr_kind(a), AttrKind::AffineMap(_)) {
            return Err(p.p.error_at(pos, "invalid kind of attribute specified"));
        }
        let (ops, _) = parse_dim_and_symbol_list(p)?;
        parse_opt_attr_dict(p, st)?;
        st.add_attr(ctx.intern_str("map"), a);
        st.operands = ops;
        st.result_types = vec![ctx.index_ty()];
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        ApplyAsm.print(pr, op);
    }
}

/// Parses one `affine.for` bound; returns the map attribute and operands.
fn parse_bound(p: &mut IrParser<'_, '_>, st: &OpState, lower: bool) -> PResult<(Attribute, Vec<ValueId>)> {
    let ctx = p.p.ctx;
    let index = ctx.index_ty();
    let has_minmax = p.p.eat_keyword(if lower { "max" } else { "min" });
    if p.p.at(TokenKind::PercentIdent) {
        let ops = p.parse_operand_list()?;
        if ops.len() > 1 {
            return Err(name_error(st, "expected only one loop bound operand"));
        }
        let v = p.resolve_operand(ops[0], index)?;
        let map = AffineMap::new(0, 1, [AffineExpr::symbol(0)]);
        return Ok((map_attr_of(ctx, map), vec![v]));
    }
    let attr_pos = p.p.tok.start;
    let a = p.p.parse_attribute(Some(index))?;
    match ctx.attr_kind(a) {
        AttrKind::AffineMap(map) => {
            let map = map.clone();
            let (ops, num_dims) = parse_dim_and_symbol_list(p)?;
            if map.num_dims != num_dims {
                return Err(name_error(st, "dim operand count and affine map dim count must match"));
            }
            if num_dims + map.num_symbols != ops.len() {
                return Err(name_error(st, "symbol operand count and affine map symbol count must match"));
            }
            if map.num_results() > 1 && !has_minmax {
                let msg = if lower {
                    "lower loop bound affine map with multiple results requires 'max' prefix"
                } else {
                    "upper loop bound affine map with multiple results requires 'min' prefix"
                };
                return Err(p.p.error_at(attr_pos, msg));
            }
            Ok((a, ops))
        }
        AttrKind::Integer { .. } => {
            let v = ctx.int_value(a).and_then(|v| i64::try_from(v).ok()).unwrap_or(0);
            Ok((map_attr_of(ctx, AffineMap::constant_map(v)), Vec::new()))
        }
        _ => Err(name_error(st, "expected valid affine map representation for loop bounds")),
    }
}

fn print_bound(pr: &mut OpPrinter<'_>, a: Option<Attribute>, operands: &[ValueId], prefix: &str) {
    let ctx = pr.ctx();
    let Some(a) = a else { return };
    let AttrKind::AffineMap(map) = ctx.attr_kind(a) else { return };
    if map.num_results() == 1 {
        if let Some(e) = map.result(0) {
            if map.num_dims == 0 && map.num_symbols == 0 {
                if let Some(c) = e.as_constant() {
                    pr.out.push_str(&c.to_string());
                    return;
                }
            }
            if map.num_dims == 0 && map.num_symbols == 1 && e.as_symbol().is_some() {
                if let Some(&v) = operands.first() {
                    pr.print_value(v);
                    return;
                }
            }
        }
    } else {
        pr.out.push_str(prefix);
        pr.out.push(' ');
    }
    let nd = map.num_dims;
    pr.print_attr(a);
    print_dim_and_symbol_list(pr, operands, nd);
}

struct ForAsm;

impl OpAsm for ForAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let index = ctx.index_ty();
        let iv = p.parse_operand()?;
        p.p.expect(TokenKind::Equal, "expected '='")?;
        let (lb, lb_ops) = parse_bound(p, st, true)?;
        if !p.p.eat_keyword("to") {
            return Err(p.p.error_here("expected 'to' between bounds"));
        }
        let (ub, ub_ops) = parse_bound(p, st, false)?;
        let step = if p.p.eat_keyword("step") {
            let pos = p.p.tok.start;
            let a = p.p.parse_attribute(Some(index))?;
            match ctx.int_value(a) {
                Some(v) if v < 0 => {
                    return Err(p.p.error_at(pos, "expected step to be representable as a positive signed integer"))
                }
                Some(_) if matches!(ctx.attr_kind(a), AttrKind::Integer { .. }) => a,
                _ => return Err(p.p.error_at(pos, "invalid kind of attribute specified")),
            }
        } else {
            ctx.index_attr(1)
        };
        let mut iter_names = Vec::new();
        let mut inits = Vec::new();
        if p.p.eat_keyword("iter_args") {
            p.p.expect(TokenKind::LParen, "expected '('")?;
            if !p.p.at(TokenKind::RParen) {
                loop {
                    iter_names.push(p.parse_operand()?);
                    p.p.expect(TokenKind::Equal, "expected '='")?;
                    inits.push(p.parse_operand()?);
                    if !p.p.eat(TokenKind::Comma) {
                        break;
                    }
                }
            }
            p.p.expect(TokenKind::RParen, "expected ')'")?;
            p.p.expect(TokenKind::Arrow, "expected '->'")?;
            st.result_types = p.p.parse_function_result_types()?;
            let pos = p.p.tok.start;
            let n = inits.len().min(st.result_types.len());
            let init_vals = p.resolve_operands(&inits[..n], &st.result_types[..n], pos)?;
            st.operands = init_vals;
        }
        if iter_names.len() != st.result_types.len() {
            return Err(name_error(st, "mismatch between the number of loop-carried values and results"));
        }
        let mut args = vec![ArgDecl { name: iv, ty: index, loc: p.p.loc_at(iv.pos) }];
        for (n, &t) in iter_names.iter().zip(&st.result_types) {
            args.push(ArgDecl { name: *n, ty: t, loc: p.p.loc_at(n.pos) });
        }
        let r = p.ir.create_region();
        p.parse_region(r, &args, false)?;
        ensure_yield(p.ir, r, st.loc);
        st.regions.push(r);
        parse_opt_attr_dict(p, st)?;
        let sizes = [lb_ops.len(), ub_ops.len(), st.operands.len()];
        let mut operands = lb_ops;
        operands.extend(ub_ops);
        operands.append(&mut st.operands);
        st.operands = operands;
        st.add_attr(ctx.intern_str("lowerBoundMap"), lb);
        st.add_attr(ctx.intern_str("upperBoundMap"), ub);
        st.add_attr(ctx.intern_str("step"), step);
        st.add_attr(ctx.intern_str("operandSegmentSizes"), segment_sizes_attr(ctx, &sizes));
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let Some(&body) = ir.regions(op).first() else { return };
        let args: Vec<ValueId> = ir.entry_block(body).map(|b| ir.block_args(b).to_vec()).unwrap_or_default();
        pr.out.push(' ');
        if let Some(&iv) = args.first() {
            pr.print_value(iv);
        }
        pr.out.push_str(" = ");
        print_bound(pr, ir.attr(op, "lowerBoundMap"), &segment_values(ir, op, 3, 0), "max");
        pr.out.push_str(" to ");
        print_bound(pr, ir.attr(op, "upperBoundMap"), &segment_values(ir, op, 3, 1), "min");
        let step = ir.attr(op, "step").and_then(|a| ir.ctx().int_value(a)).unwrap_or(1);
        if step != 1 {
            pr.out.push_str(&format!(" step {step}"));
        }
        let inits = segment_values(ir, op, 3, 2);
        if !inits.is_empty() {
            print_bound_args(pr, "iter_args", args.get(1..).unwrap_or_default(), &inits);
            pr.out.push_str(" -> (");
            pr.print_types(ir.result_types(op));
            pr.out.push(')');
        }
        pr.out.push(' ');
        pr.print_region(body, false, !inits.is_empty(), false);
        pr.print_optional_attr_dict(ir.attrs(op), &["lowerBoundMap", "upperBoundMap", "step", "operandSegmentSizes"]);
    }
}

struct IfAsm;

impl OpAsm for IfAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let pos = p.p.tok.start;
        let a = p.p.parse_attribute(None)?;
        let AttrKind::IntegerSet(set) = ctx.attr_kind(a) else {
            return Err(p.p.error_at(pos, "invalid kind of attribute specified"));
        };
        let set = set.clone();
        let (ops, num_dims) = parse_dim_and_symbol_list(p)?;
        if set.num_dims != num_dims {
            return Err(name_error(st, "dim operand count and integer set dim count must match"));
        }
        if num_dims + set.num_symbols != ops.len() {
            return Err(name_error(st, "symbol operand count and integer set symbol count must match"));
        }
        st.add_attr(ctx.intern_str("condition"), a);
        st.operands = ops;
        st.result_types = parse_optional_arrow_types(p)?;
        let then_r = p.ir.create_region();
        p.parse_region(then_r, &[], false)?;
        ensure_yield(p.ir, then_r, st.loc);
        let else_r = p.ir.create_region();
        if p.p.eat_keyword("else") {
            p.parse_region(else_r, &[], false)?;
            ensure_yield(p.ir, else_r, st.loc);
        }
        st.regions = vec![then_r, else_r];
        parse_opt_attr_dict(p, st)
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        let nd = if_condition(ir, op).map_or(0, |(s, _)| s.num_dims);
        if let Some(a) = ir.attr(op, "condition") {
            pr.print_attr(a);
        }
        let ops: Vec<ValueId> = ir.operands(op).collect();
        print_dim_and_symbol_list(pr, &ops, nd);
        print_optional_arrow_types(pr, op);
        let with_results = ir.num_results(op) > 0;
        pr.out.push(' ');
        if let Some(&t) = ir.regions(op).first() {
            pr.print_region(t, false, with_results, false);
        }
        if let Some(&e) = ir.regions(op).get(1) {
            if !ir.region_is_empty(e) {
                pr.out.push_str(" else ");
                pr.print_region(e, false, with_results, false);
            }
        }
        pr.print_optional_attr_dict(ir.attrs(op), &["condition"]);
    }
}

/// `affine.load` (`%m[map] attr-dict : type`) and, with `store` set,
/// `affine.store` (`%v, %m[map] attr-dict : type`); with `vector` set,
/// `affine.vector_load` / `affine.vector_store`, whose type list adds the
/// vector type (`: memref-type, vector-type`).
pub(crate) struct AccessAsm {
    pub(crate) store: bool,
    pub(crate) vector: bool,
}

impl OpAsm for AccessAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let value = if self.store {
            let v = p.parse_operand()?;
            p.p.expect(TokenKind::Comma, "expected ','")?;
            Some(v)
        } else {
            None
        };
        let m = p.parse_operand()?;
        let (map, sp) = parse_map_of_ssa_ids(p, TokenKind::LSquare, TokenKind::RSquare)?;
        parse_opt_attr_dict(p, st)?;
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let (t, mut elem) = parse_builtin_type(p, "memref", |ctx, t| ctx.element_type(t).filter(|_| ctx.is_memref(t)))?;
        if self.vector {
            p.p.expect(TokenKind::Comma, "expected ','")?;
            let is_vector = |ctx: &Context, t: Type| matches!(ctx.kind(t), TypeKind::Vector { .. }).then_some(t);
            elem = parse_builtin_type(p, "vector", is_vector)?.0;
        }
        if let Some(v) = value {
            st.operands.push(p.resolve_operand(v, elem)?);
        }
        st.operands.push(p.resolve_operand(m, t)?);
        st.operands.extend(sp.operands(p)?);
        st.add_attr(ctx.intern_str("map"), map_attr_of(ctx, map));
        if !self.store {
            st.result_types.push(elem);
        }
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let memref = ir.operand(op, usize::from(self.store));
        pr.out.push(' ');
        if self.store {
            pr.print_value(ir.operand(op, 0));
            pr.out.push_str(", ");
        }
        pr.print_value(memref);
        pr.out.push('[');
        if let Some((map, ops)) = access_map(ir, op) {
            print_map_of_ssa_ids(pr, &map, &ops);
        }
        pr.out.push(']');
        pr.print_optional_attr_dict(ir.attrs(op), &["map"]);
        pr.out.push_str(" : ");
        pr.print_type(ir.value_type(memref));
        if self.vector {
            let value = if self.store { ir.operand(op, 0) } else { ir.result(op, 0) };
            pr.out.push_str(", ");
            pr.print_type(ir.value_type(value));
        }
    }
}

struct YieldAsm;

impl OpAsm for YieldAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        crate::util::parse_attr_dict_operands_types(p, st)
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        crate::util::print_attr_dict_operands_types(pr, op);
    }
}

/// `dense<[...]> : tensor<Nxi32>` (MLIR's `getI32TensorAttr`).
fn i32_tensor_attr(ctx: &Context, values: &[i32]) -> Attribute {
    let ty = ctx.tensor_ty(&[values.len() as i64], ctx.int_ty(32));
    let mut bits: Vec<u128> = values.iter().map(|&v| v as u32 as u128).collect();
    let splat = !bits.is_empty() && bits.iter().all(|&b| b == bits[0]);
    if splat {
        bits.truncate(1);
    }
    ctx.attr(AttrKind::DenseElements { ty, data: DenseData { splat, bits: bits.into() } })
}

/// One bound list of `affine.parallel`: `(e0, max(e1, e2), ...)`. Returns
/// the flat map, the group sizes and the (deduplicated) operands.
fn parse_parallel_bound(p: &mut IrParser<'_, '_>, kw: &str) -> PResult<(AffineMap, Vec<i32>, Vec<ValueId>)> {
    p.p.expect(TokenKind::LParen, "expected '('")?;
    if p.p.eat(TokenKind::RParen) {
        return Ok((AffineMap::empty(), Vec::new(), Vec::new()));
    }
    let index = p.p.ctx.index_ty();
    // Per expression: the expression and its own dim and symbol operands.
    let mut flat: Vec<(AffineExpr, Vec<ValueId>, Vec<ValueId>)> = Vec::new();
    let mut groups = Vec::new();
    loop {
        if p.p.eat_keyword(kw) {
            let (map, sp) = parse_map_of_ssa_ids(p, TokenKind::LParen, TokenKind::RParen)?;
            let nd = sp.dims.len();
            let ops = sp.operands(p)?;
            let (d, s) = ops.split_at(nd);
            for e in &map.results {
                flat.push((e.clone(), d.to_vec(), s.to_vec()));
            }
            groups.push(i32::try_from(map.num_results()).unwrap_or(i32::MAX));
        } else {
            let mut sp = SsaExprParser::new();
            let e = sp.expr(p)?;
            let mut d = Vec::new();
            for o in std::mem::take(&mut sp.dims) {
                d.push(p.resolve_operand(o, index)?);
            }
            let mut s = Vec::new();
            for o in std::mem::take(&mut sp.syms) {
                s.push(p.resolve_operand(o, index)?);
            }
            flat.push((e, d, s));
            groups.push(1);
        }
        if !p.p.eat(TokenKind::Comma) {
            break;
        }
    }
    p.p.expect(TokenKind::RParen, "expected ')'")?;
    // Concatenate the per-expression dims and symbols, then deduplicate.
    let (mut total_dims, mut total_syms) = (0, 0);
    let mut exprs = Vec::with_capacity(flat.len());
    let (mut dim_ops, mut sym_ops) = (Vec::new(), Vec::new());
    for (e, d, s) in &flat {
        exprs.push(e.shift_dims(d.len(), total_dims, 0).shift_symbols(s.len(), total_syms, 0));
        total_dims += d.len();
        total_syms += s.len();
        dim_ops.extend(d.iter().copied());
        sym_ops.extend(s.iter().copied());
    }
    let dedup = |ops: &[ValueId], sym: bool| {
        let mut uniq: Vec<ValueId> = Vec::new();
        let mut repl = Vec::with_capacity(ops.len());
        for &v in ops {
            let pos = uniq.iter().position(|&u| u == v).unwrap_or_else(|| {
                uniq.push(v);
                uniq.len() - 1
            });
            repl.push(if sym { AffineExpr::symbol(pos) } else { AffineExpr::dim(pos) });
        }
        (uniq, repl)
    };
    let (ud, rd) = dedup(&dim_ops, false);
    let (us, rs) = dedup(&sym_ops, true);
    let map = AffineMap::new(total_dims, total_syms, exprs).replace_dims_and_symbols(&rd, &rs, ud.len(), us.len());
    let mut operands = ud;
    operands.extend(us);
    Ok((map, groups, operands))
}

fn print_parallel_bound(pr: &mut OpPrinter<'_>, map: &AffineMap, groups: &[i64], operands: &[ValueId], kw: &str) {
    let nd = map.num_dims.min(operands.len());
    let (dims, syms) = operands.split_at(nd);
    let mut start = 0usize;
    for (i, &g) in groups.iter().enumerate() {
        if i > 0 {
            pr.out.push_str(", ");
        }
        let g = g as u32 as usize;
        if g == 1 {
            if let Some(e) = map.result(start) {
                print_expr_of_ssa_ids(pr, e, dims, syms);
            }
            start += 1;
        } else {
            pr.out.push_str(kw);
            pr.out.push('(');
            let end = (start + g).min(map.num_results());
            let sub = AffineMap::new(map.num_dims, map.num_symbols, map.results[start.min(end)..end].iter().cloned());
            print_map_of_ssa_ids(pr, &sub, operands);
            pr.out.push(')');
            start += g;
        }
    }
}

struct ParallelAsm;

impl OpAsm for ParallelAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let index = ctx.index_ty();
        let ivs = p.parse_paren_operand_list()?;
        p.p.expect(TokenKind::Equal, "expected '='")?;
        let (lmap, lgroups, lops) = parse_parallel_bound(p, "max")?;
        if !p.p.eat_keyword("to") {
            return Err(p.p.error_here("expected 'to'"));
        }
        let (umap, ugroups, uops) = parse_parallel_bound(p, "min")?;
        let steps: Vec<i64> = if p.p.eat_keyword("step") {
            let (map, sp) = parse_map_of_ssa_ids(p, TokenKind::LParen, TokenKind::RParen)?;
            if !sp.dims.is_empty() || !sp.syms.is_empty() || !map.results.iter().all(|e| e.is_constant()) {
                return Err(name_error(st, "steps must be constant integers"));
            }
            map.results.iter().filter_map(|e| e.as_constant()).collect()
        } else {
            vec![1; ivs.len()]
        };
        let mut reductions = Vec::new();
        if p.p.eat_keyword("reduce") {
            p.p.expect(TokenKind::LParen, "expected '('")?;
            loop {
                let pos = p.p.tok.start;
                let a = p.p.parse_attribute(Some(ctx.none_ty()))?;
                let kind = ctx.str_value(a).and_then(|s| ATOMIC_RMW_KINDS.iter().position(|&k| k == s));
                let Some(kind) = kind else {
                    let text = syntax::printer::attr_text(ctx, a);
                    return Err(p.p.error_at(pos, format!("invalid reduction value: {text}")));
                };
                reductions.push(ctx.int_attr(ctx.int_ty(64), kind as i128));
                if !p.p.eat(TokenKind::Comma) {
                    break;
                }
            }
            p.p.expect(TokenKind::RParen, "expected ')'")?;
        }
        st.result_types = parse_optional_arrow_types(p)?;
        let args: Vec<ArgDecl<'_>> =
            ivs.iter().map(|iv| ArgDecl { name: *iv, ty: index, loc: p.p.loc_at(iv.pos) }).collect();
        let r = p.ir.create_region();
        p.parse_region(r, &args, false)?;
        parse_opt_attr_dict(p, st)?;
        ensure_yield(p.ir, r, st.loc);
        st.regions.push(r);
        st.operands = lops;
        st.operands.extend(uops);
        let i64_array =
            |v: &[i64]| -> Vec<Attribute> { v.iter().map(|&x| ctx.int_attr(ctx.int_ty(64), x as i128)).collect() };
        st.add_attr(ctx.intern_str("lowerBoundsMap"), map_attr_of(ctx, lmap));
        st.add_attr(ctx.intern_str("lowerBoundsGroups"), i32_tensor_attr(ctx, &lgroups));
        st.add_attr(ctx.intern_str("upperBoundsMap"), map_attr_of(ctx, umap));
        st.add_attr(ctx.intern_str("upperBoundsGroups"), i32_tensor_attr(ctx, &ugroups));
        st.add_attr(ctx.intern_str("steps"), ctx.array_attr(&i64_array(&steps)));
        st.add_attr(ctx.intern_str("reductions"), ctx.array_attr(&reductions));
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let Some(&body) = ir.regions(op).first() else { return };
        let args: Vec<ValueId> = ir.entry_block(body).map(|b| ir.block_args(b).to_vec()).unwrap_or_default();
        pr.out.push_str(" (");
        pr.print_values(args);
        pr.out.push_str(") = (");
        if let Some(b) = parallel_bounds(ir, op) {
            let nl = b.lower_map.num_inputs().min(b.operands.len());
            let lg: Vec<i64> = b.lower_groups.iter().map(|&g| g as i64).collect();
            let ug: Vec<i64> = b.upper_groups.iter().map(|&g| g as i64).collect();
            print_parallel_bound(pr, &b.lower_map, &lg, &b.operands[..nl], "max");
            pr.out.push_str(") to (");
            print_parallel_bound(pr, &b.upper_map, &ug, &b.operands[nl..], "min");
            pr.out.push(')');
            if !b.steps.iter().all(|&s| s == 1) {
                pr.out.push_str(" step (");
                pr.out.push_str(&b.steps.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", "));
                pr.out.push(')');
            }
            if ir.num_results(op) > 0 {
                pr.out.push_str(" reduce (");
                let r: Vec<String> = b.reductions.iter().map(|k| format!("\"{k}\"")).collect();
                pr.out.push_str(&r.join(", "));
                pr.out.push_str(") -> (");
                pr.print_types(ir.result_types(op));
                pr.out.push(')');
            }
        } else {
            pr.out.push_str(") to ()");
        }
        pr.out.push(' ');
        pr.print_region(body, false, ir.num_results(op) > 0, false);
        pr.print_optional_attr_dict(
            ir.attrs(op),
            &["reductions", "lowerBoundsMap", "lowerBoundsGroups", "upperBoundsMap", "upperBoundsGroups", "steps"],
        );
    }
}

#[cfg(test)]
mod tests {
    //! Accessors and evaluation helpers on parsed IR.

    use super::*;
    use crate::test_util::{find, parse};

    const SRC: &str = r#"
func.func @f(%m: memref<8x8xf32>, %n: index, %k: index) {
  affine.for %i = max affine_map<(d0)[s0] -> (d0, s0)>(%n)[%k] to 10 step 2 {
    %v = affine.load %m[%i + 1, symbol(%n) * 2] : memref<8x8xf32>
    affine.store %v, %m[%i, %i floordiv 3] : memref<8x8xf32>
  }
  affine.parallel (%a, %b) = (0, max(%n, 1)) to (%k, 8) step (1, 4) {
  }
  affine.if affine_set<(d0)[s0] : (d0 - s0 >= 0)>(%n)[%k] {
  }
  return
}
"#;

    #[test]
    fn for_bounds_and_access_maps() {
        let (ir, top) = parse(SRC);
        let f = find(&ir, top, "affine.for");
        let b = for_bounds(&ir, f).expect("bounds");
        assert_eq!(b.step, 2);
        assert_eq!(b.lower_operands.len(), 2);
        assert_eq!(eval_map(&b.lower_map, &[3, 5]), Some(vec![3, 5]));
        assert_eq!(eval_map(&b.upper_map, &[]), Some(vec![10]));
        let load = find(&ir, top, "affine.load");
        let (map, ops) = access_map(&ir, load).expect("map");
        assert_eq!(ops.len(), 2);
        // Dims first (%i), then symbols (%n).
        assert_eq!(eval_map(&map, &[4, 3]), Some(vec![5, 6]));
        let store = find(&ir, top, "affine.store");
        let (map, ops) = access_map(&ir, store).expect("map");
        assert_eq!(ops.len(), 1);
        assert_eq!(eval_map(&map, &[7]), Some(vec![7, 2]));
    }

    #[test]
    fn parallel_and_if() {
        let (ir, top) = parse(SRC);
        let p = find(&ir, top, "affine.parallel");
        let b = parallel_bounds(&ir, p).expect("bounds");
        assert_eq!(b.lower_groups, vec![1, 2]);
        assert_eq!(b.upper_groups, vec![1, 1]);
        assert_eq!(b.steps, vec![1, 4]);
        assert!(b.reductions.is_empty());
        assert_eq!(b.operands.len(), 2);
        let i = find(&ir, top, "affine.if");
        let (set, ops) = if_condition(&ir, i).expect("set");
        assert_eq!(ops.len(), 2);
        assert_eq!(set.contains(&[5], &[3]), Some(true));
        assert_eq!(set.contains(&[2], &[3]), Some(false));
    }
}
