//! Building `affine.apply` ops the way MLIR's affine utilities do:
//! `makeComposedFoldedAffineApply` (constant operands folded into the map,
//! producing `affine.apply` ops composed in, the map and operands
//! canonicalized and simplified, then the new op folded), with its parts
//! `foldAttributesIntoMap`, `composeAffineMapAndOperands` and
//! `canonicalizeMapAndOperands`, and `createOrFold` for the index-typed ops
//! shape reification creates (`tensor.dim`). Shape reification
//! (`ReifyShapes` of `tensor.pad` and `tensor.concat`) builds its sizes with
//! these, so the IR matches upstream's op for op. Also `affine.apply`'s
//! canonicalization (`SimplifyAffineOp`) and the replacement of an op by a
//! new `affine.apply`, which tensor's shape patterns share.

use crate::affine_ops::{apply_map, is_valid_symbol};
use crate::util::const_attr;
use ir::affine::{simplify_affine_map, AffineExpr, AffineMap};
use ir::interfaces::OpFoldSize;
use ir::op_decl::{IrBuilder, OpBuilder};
use ir::rewrite_api::PatternRewriter;
use ir::{AttrKind, FoldOutcome, InsertPoint, Ir, Location, NamedAttr, OpFoldResult, OpId, OpSpec, OpTraits, ValueId};
use rustc_hash::FxHashMap;

/// The integer of a constant op defining `v` (MLIR's `m_Constant` with an
/// `IntegerAttr`).
fn constant_of(ir: &Ir, v: ValueId) -> Option<i64> {
    ir.ctx().int_value(const_attr(ir, v)?).and_then(|c| i64::try_from(c).ok())
}

/// MLIR's one-argument `isValidSymbol`: an index value at the top level of
/// an affine scope, or valid as a symbol in the scope of its defining op.
fn is_valid_symbol_value(ir: &Ir, v: ValueId) -> bool {
    if !ir.ctx().is_index(ir.value_type(v)) {
        return false;
    }
    let parent = match ir.value_def(v) {
        ir::ValueDef::BlockArg { block, .. } => ir.block_parent_op(block),
        ir::ValueDef::Result { op, .. } => ir.parent_op(op),
        ir::ValueDef::Detached => None,
    };
    if parent.is_some_and(|p| is_affine_scope(ir, p)) {
        return true;
    }
    match ir.defining_op(v) {
        Some(def) => is_valid_symbol(ir, v, affine_scope_of(ir, def)),
        None => false,
    }
}

/// Ops that open an affine scope (`func.func` and isolated ops).
fn is_affine_scope(ir: &Ir, op: OpId) -> bool {
    ir.is_op(op, "func.func") || ir.has_trait(op, OpTraits::ISOLATED_FROM_ABOVE)
}

/// The region of the nearest affine scope around `op`.
fn affine_scope_of(ir: &Ir, op: OpId) -> Option<ir::RegionId> {
    let mut cur = op;
    loop {
        let parent = ir.parent_op(cur)?;
        if is_affine_scope(ir, parent) {
            return ir.op_block(cur).and_then(|b| ir.block_region(b));
        }
        cur = parent;
    }
}

/// `foldAttributesIntoMap`: constant operands become constants of the map;
/// the remaining values are returned in order.
pub fn fold_attributes_into_map(map: &AffineMap, operands: &[OpFoldSize]) -> (AffineMap, Vec<ValueId>) {
    let mut values = Vec::new();
    let mut replace = |range: std::ops::Range<usize>, make: fn(usize) -> AffineExpr| -> (Vec<AffineExpr>, usize) {
        let mut n = 0;
        let repl = range
            .map(|i| match operands.get(i) {
                Some(OpFoldSize::Static(c)) => AffineExpr::constant(*c),
                Some(OpFoldSize::Value(v)) => {
                    values.push(*v);
                    n += 1;
                    make(n - 1)
                }
                None => AffineExpr::constant(0),
            })
            .collect();
        (repl, n)
    };
    let (dims, nd) = replace(0..map.num_dims, AffineExpr::dim);
    let (syms, ns) = replace(map.num_dims..map.num_dims + map.num_symbols, AffineExpr::symbol);
    (map.replace_dims_and_symbols(&dims, &syms, nd, ns), values)
}

/// `canonicalizeMapAndOperands`: dims that are valid symbols become
/// symbols, unused and duplicate operands are dropped, and constant symbol
/// operands are folded into the map.
pub fn canonicalize_map_and_operands(ir: &Ir, map: &mut AffineMap, operands: &mut Vec<ValueId>) {
    if operands.is_empty() || operands.len() != map.num_inputs() {
        return;
    }
    // canonicalizePromotedSymbols
    let old_syms = map.num_symbols;
    let mut dim_remap = Vec::with_capacity(map.num_dims);
    let mut result = Vec::with_capacity(operands.len());
    let mut promoted = Vec::new();
    let mut next_dim = 0;
    for (i, &v) in operands.iter().enumerate() {
        if i < map.num_dims {
            if is_valid_symbol_value(ir, v) {
                dim_remap.push(AffineExpr::symbol(old_syms + promoted.len()));
                promoted.push(v);
            } else {
                dim_remap.push(AffineExpr::dim(next_dim));
                next_dim += 1;
                result.push(v);
            }
        } else {
            result.push(v);
        }
    }
    let num_syms = old_syms + promoted.len();
    result.extend(promoted);
    *operands = result;
    *map = map.replace_dims_and_symbols(&dim_remap, &[], next_dim, num_syms);

    let mut used_dims = vec![false; map.num_dims];
    let mut used_syms = vec![false; map.num_symbols];
    for e in &map.results {
        e.walk(&mut |x| {
            if let Some(d) = x.as_dim() {
                if let Some(u) = used_dims.get_mut(d) {
                    *u = true;
                }
            } else if let Some(s) = x.as_symbol() {
                if let Some(u) = used_syms.get_mut(s) {
                    *u = true;
                }
            }
        });
    }
    let mut result = Vec::with_capacity(operands.len());
    let mut seen: FxHashMap<ValueId, AffineExpr> = FxHashMap::default();
    let mut dim_remap = vec![AffineExpr::constant(0); map.num_dims];
    let mut next_dim = 0;
    for (i, used) in used_dims.iter().enumerate() {
        if !used {
            continue;
        }
        let v = operands[i];
        dim_remap[i] = seen
            .entry(v)
            .or_insert_with(|| {
                result.push(v);
                next_dim += 1;
                AffineExpr::dim(next_dim - 1)
            })
            .clone();
    }
    let mut seen: FxHashMap<ValueId, AffineExpr> = FxHashMap::default();
    let mut sym_remap = vec![AffineExpr::constant(0); map.num_symbols];
    let mut next_sym = 0;
    for (i, used) in used_syms.iter().enumerate() {
        if !used {
            continue;
        }
        let v = operands[map.num_dims + i];
        if let Some(c) = constant_of(ir, v) {
            sym_remap[i] = AffineExpr::constant(c);
            continue;
        }
        sym_remap[i] = seen
            .entry(v)
            .or_insert_with(|| {
                result.push(v);
                next_sym += 1;
                AffineExpr::symbol(next_sym - 1)
            })
            .clone();
    }
    *map = map.replace_dims_and_symbols(&dim_remap, &sym_remap, next_dim, next_sym);
    *operands = result;
}

/// One step of `composeAffineMapAndOperands`: replaces the dim or symbol at
/// `pos` by the expression of the `affine.apply` defining its operand.
fn replace_dim_or_sym(
    ir: &Ir,
    map: &mut AffineMap,
    pos: usize,
    dims: &mut Vec<Option<ValueId>>,
    syms: &mut Vec<Option<ValueId>>,
) -> bool {
    let is_dim = pos < dims.len();
    let slot = if is_dim { &mut dims[pos] } else { &mut syms[pos - dims.len()] };
    let Some(v) = *slot else { return false };
    let Some(apply) = ir.defining_op(v).filter(|&d| ir.is_op(d, "affine.apply")) else { return false };
    let Some(mut compose_map) = apply_map(ir, apply) else { return false };
    if compose_map.num_results() != 1 {
        return false;
    }
    *slot = None;
    let mut compose_operands: Vec<ValueId> = ir.operands(apply).collect();
    canonicalize_map_and_operands(ir, &mut compose_map, &mut compose_operands);
    let shifted = compose_map.shift_dims(dims.len(), 0).shift_symbols(syms.len(), 0);
    let replacement = shifted.results[0].clone();
    let nd = compose_map.num_dims;
    let ns = compose_map.num_symbols;
    let to_replace = if is_dim { AffineExpr::dim(pos) } else { AffineExpr::symbol(pos - dims.len()) };
    dims.extend(compose_operands[..nd].iter().map(|&v| Some(v)));
    syms.extend(compose_operands[compose_operands.len() - ns..].iter().map(|&v| Some(v)));
    *map = AffineMap::new(dims.len(), syms.len(), map.results.iter().map(|e| e.replace(&to_replace, &replacement)));
    true
}

/// `composeAffineMapAndOperands`: composes the `affine.apply` ops that
/// produce operands into `map`, then canonicalizes and simplifies.
pub fn compose_affine_map_and_operands(ir: &Ir, map: &mut AffineMap, operands: &mut Vec<ValueId>) {
    if map.num_results() == 0 {
        canonicalize_map_and_operands(ir, map, operands);
        *map = simplify_affine_map(map);
        return;
    }
    let mut dims: Vec<Option<ValueId>> = operands[..map.num_dims].iter().map(|&v| Some(v)).collect();
    let mut syms: Vec<Option<ValueId>> = operands[map.num_dims..].iter().map(|&v| Some(v)).collect();
    loop {
        let mut changed = false;
        for pos in 0..dims.len() + syms.len() {
            if replace_dim_or_sym(ir, map, pos, &mut dims, &mut syms) {
                changed = true;
                break;
            }
        }
        if !changed {
            break;
        }
    }
    operands.clear();
    let (mut nd, mut ns) = (0, 0);
    let dim_repl: Vec<AffineExpr> = dims
        .iter()
        .map(|v| match v {
            Some(v) => {
                operands.push(*v);
                nd += 1;
                AffineExpr::dim(nd - 1)
            }
            None => AffineExpr::constant(0),
        })
        .collect();
    let sym_repl: Vec<AffineExpr> = syms
        .iter()
        .map(|v| match v {
            Some(v) => {
                operands.push(*v);
                ns += 1;
                AffineExpr::symbol(ns - 1)
            }
            None => AffineExpr::constant(0),
        })
        .collect();
    *map = map.replace_dims_and_symbols(&dim_repl, &sym_repl, nd, ns);
    canonicalize_map_and_operands(ir, map, operands);
    *map = simplify_affine_map(map);
}

/// Folds the single-result op `op` just created (MLIR's `createOrFold` for
/// index-typed ops): a folded value replaces it, a folded constant becomes
/// an `arith.constant` where the op was; the op is then erased.
pub fn create_or_fold_index(ir: &mut Ir, op: OpId) -> ValueId {
    let result = ir.result(op, 0);
    let Some(fold) = ir.op_info(op).and_then(|i| i.fold) else { return result };
    let consts: Vec<_> = ir.operands(op).map(|v| const_attr(ir, v)).collect();
    let folded = match fold(ir, op, &consts) {
        FoldOutcome::Results(rs) if rs.len() == 1 => rs[0],
        _ => return result,
    };
    let value = match folded {
        OpFoldResult::Value(v) => v,
        OpFoldResult::Attr(a) => {
            let Some(c) = ir.ctx().int_value(a).and_then(|c| i64::try_from(c).ok()) else { return result };
            let loc = ir.op_loc(op);
            let mut b = IrBuilder::at(ir, InsertPoint::Before(op));
            crate::tensor::build_index_constant(&mut b, loc, c)
        }
    };
    if value != result {
        ir.erase_op(op);
    }
    value
}

/// `makeComposedFoldedAffineApply`: an `affine.apply` of `map` (one result)
/// on `operands`, composed and canonicalized, built at `ip`; when it folds
/// it is erased and the folded value or constant returned.
pub fn make_composed_folded_affine_apply(
    ir: &mut Ir,
    ip: InsertPoint,
    loc: Location,
    map: &AffineMap,
    operands: &[OpFoldSize],
) -> OpFoldSize {
    let (mut map, mut values) = fold_attributes_into_map(map, operands);
    compose_affine_map_and_operands(ir, &mut map, &mut values);
    let ctx = ir.ctx_arc().clone();
    let attrs = [NamedAttr { name: ctx.intern_str("map"), value: ctx.attr(AttrKind::AffineMap(map)) }];
    let index = ctx.index_ty();
    let name = ctx.intern_str("affine.apply");
    let mut b = IrBuilder::at(ir, ip);
    let op = b.create(OpSpec { operands: &values, results: &[index], attrs: &attrs, ..OpSpec::new(name, loc) });
    let result = ir.result(op, 0);
    let Some(fold) = ir.op_info(op).and_then(|i| i.fold) else { return OpFoldSize::Value(result) };
    let consts: Vec<_> = ir.operands(op).map(|v| const_attr(ir, v)).collect();
    match fold(ir, op, &consts) {
        FoldOutcome::Results(rs) if rs.len() == 1 => match rs[0] {
            OpFoldResult::Value(v) if v != result => {
                ir.erase_op(op);
                OpFoldSize::Value(v)
            }
            OpFoldResult::Attr(a) => match ctx.int_value(a).and_then(|c| i64::try_from(c).ok()) {
                Some(c) => {
                    ir.erase_op(op);
                    OpFoldSize::Static(c)
                }
                None => OpFoldSize::Value(result),
            },
            _ => OpFoldSize::Value(result),
        },
        _ => OpFoldSize::Value(result),
    }
}

/// Replaces `op` by `affine.apply map(operands)`, created at `op`.
pub(crate) fn replace_with_apply(rw: &mut PatternRewriter<'_>, op: OpId, map: AffineMap, operands: &[ValueId]) {
    let ctx = rw.ir().ctx_arc().clone();
    let loc = rw.ir().op_loc(op);
    let attrs = [NamedAttr { name: ctx.intern_str("map"), value: ctx.attr(AttrKind::AffineMap(map)) }];
    rw.set_insertion_point(InsertPoint::Before(op));
    let apply = rw.create(OpSpec {
        operands,
        results: &[ctx.index_ty()],
        attrs: &attrs,
        ..OpSpec::new(ctx.intern_str("affine.apply"), loc)
    });
    let v = rw.ir().result(apply, 0);
    rw.replace_op(op, &[v]);
}

/// The index of the first map operand of an op whose `map` attribute
/// indexes its operands: `affine.apply` (0), the loads (1, after the
/// memref) and the stores (2, after the value and the memref).
fn first_map_operand(ir: &Ir, op: OpId) -> usize {
    match ir.op_name_str(op) {
        "affine.apply" => 0,
        "affine.store" | "affine.vector_store" => 2,
        _ => 1,
    }
}

/// `SimplifyAffineOp` for `affine.apply` and the affine loads and stores:
/// the `affine.apply` ops producing map operands composed into the map,
/// the map and operands canonicalized (valid symbols promoted, constant
/// symbols folded in, unused and repeated operands dropped); the op is
/// replaced by a new one when either changed. (Upstream then also
/// simplifies the map with the bounds of `affine.for` induction variables
/// among the operands; that step is not done here.)
pub(crate) fn simplify_affine_op(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let Some(old_map) = apply_map(ir, op) else { return false };
    let first = first_map_operand(ir, op);
    let all: Vec<ValueId> = ir.operands(op).collect();
    if all.len() < first || all.len() - first != old_map.num_inputs() {
        return false;
    }
    let old_operands = all[first..].to_vec();
    let (mut map, mut operands) = (old_map.clone(), old_operands.clone());
    compose_affine_map_and_operands(ir, &mut map, &mut operands);
    canonicalize_map_and_operands(ir, &mut map, &mut operands);
    if map == old_map && operands == old_operands {
        return false;
    }
    if first == 0 {
        if ir.num_results(op) != 1 {
            return false;
        }
        replace_with_apply(rw, op, map, &operands);
        return true;
    }
    // The same op over the new map and operands.
    let ctx = ir.ctx_arc().clone();
    let map_name = ctx.intern_str("map");
    let mut new_operands = all[..first].to_vec();
    new_operands.extend_from_slice(&operands);
    let attrs: Vec<NamedAttr> = ir
        .attrs(op)
        .iter()
        .map(|a| {
            if a.name == map_name {
                NamedAttr { name: map_name, value: ctx.attr(AttrKind::AffineMap(map.clone())) }
            } else {
                *a
            }
        })
        .collect();
    let results: Vec<ir::Type> = ir.results(op).map(|r| ir.value_type(r)).collect();
    let (name, loc) = (ir.op_name(op), ir.op_loc(op));
    rw.set_insertion_point(InsertPoint::Before(op));
    let new = rw.create(OpSpec { operands: &new_operands, results: &results, attrs: &attrs, ..OpSpec::new(name, loc) });
    let values: Vec<ValueId> = rw.ir().results(new).collect();
    rw.replace_op(op, &values);
    true
}
