//! The state of the ownership-based deallocation of one function (MLIR's
//! `DeallocationState`): the ownership of each memref per block (the
//! [`Ownership`] lattice, joined by [`join`]), the memrefs each block must
//! free, and the liveness the retained values come from. It implements
//! [`ir::buffer_interfaces::DeallocationState`], the view that ops with
//! special deallocation needs get.
//!
//! Values are ordered as MLIR's `ValueComparator` orders them
//! ([`ValueOrder`]): block arguments first, then by argument number or
//! position, then by region nesting. MLIR compares ops of different blocks
//! by their blocks' order indices (`Operation::isBeforeInBlock`, which
//! release builds do not check), and lazily renumbers blocks; so does
//! [`MlirOpOrder`], so that the retained values come out in mlir-opt-19's
//! order.

use analysis::liveness::Liveness;
use dialects::bufferization::build::build_dealloc;
use dialects::bufferization::CloneOp;
use dialects::memref::{ExtractStridedMetadataOp, ReinterpretCastOp};
use dialects::util::build_bool;
use ir::buffer_interfaces::{DeallocationState, Ownership};
use ir::op_decl::IrBuilder;
use ir::{BlockId, Diagnostic, InsertPoint, Ir, Location, OpId, OpTraits, RegionId, TypeKind, ValueDef, ValueId};
use rustc_hash::{FxHashMap, FxHashSet};
use std::cell::RefCell;

/// True for ranked and unranked memrefs.
pub fn is_memref(ir: &Ir, v: ValueId) -> bool {
    ir.ctx().is_memref(ir.value_type(v))
}

/// The integer a constant-like op gives `v` (MLIR's `getConstantIntValue`).
fn constant_int(ir: &Ir, v: ValueId) -> Option<i128> {
    let d = ir.defining_op(v).filter(|&d| ir.has_trait(d, OpTraits::CONSTANT_LIKE))?;
    ir.ctx().int_value(ir.attr(d, "value")?)
}

/// True when `v` is the constant `n`.
pub fn is_constant(ir: &Ir, v: ValueId, n: i128) -> bool {
    constant_int(ir, v).is_some_and(|c| c == n || (n == 1 && c == -1 && is_i1(ir, v)))
}

fn is_i1(ir: &Ir, v: ValueId) -> bool {
    ir.value_type(v) == ir.ctx().i1_ty()
}

/// MLIR's `Ownership::getCombined`: the join of two ownerships. Two unique
/// ownerships stay unique when their indicators are the same value or equal
/// constants.
pub fn join(ir: &Ir, a: Ownership, b: Ownership) -> Ownership {
    match (a, b) {
        (_, Ownership::Uninitialized) => a,
        (Ownership::Uninitialized, _) => b,
        (Ownership::Unique(x), Ownership::Unique(y)) => {
            let same = x == y || matches!((constant_int(ir, x), constant_int(ir, y)), (Some(p), Some(q)) if p == q);
            if same {
                a
            } else {
                Ownership::Unknown
            }
        }
        _ => Ownership::Unknown,
    }
}

/// MLIR's lazily maintained op order indices (`Operation::orderIndex` and
/// the block's "order is valid" bit), which decide how
/// `isBeforeInBlock` compares ops, also ops of different blocks.
#[derive(Default)]
pub struct MlirOpOrder {
    index: FxHashMap<OpId, u32>,
    valid: FxHashSet<BlockId>,
}

const STRIDE: u32 = 5;

impl MlirOpOrder {
    /// The order after parsing and verifying `root`: a block is numbered
    /// when the verifier compared two of its ops (a use after a definition
    /// in the same block), as MLIR's dominance check does.
    pub fn after_verification(ir: &Ir, root: OpId) -> MlirOpOrder {
        let mut order = MlirOpOrder::default();
        let mut blocks: Vec<BlockId> = Vec::new();
        for op in ir.pre_order(root) {
            for v in ir.operands(op) {
                let Some(def) = ir.defining_op(v) else { continue };
                let Some(db) = ir.op_block(def) else { continue };
                // The user's ancestor in the definition's block.
                if let Some(anc) = ir.ancestor_in_block(db, op) {
                    if anc != def {
                        blocks.push(db);
                    }
                }
            }
        }
        for b in blocks {
            if !order.valid.contains(&b) {
                order.recompute(ir, b);
            }
        }
        order
    }

    fn recompute(&mut self, ir: &Ir, b: BlockId) {
        self.valid.insert(b);
        let mut i = 0;
        for op in ir.block_ops(b) {
            i += STRIDE;
            self.index.insert(op, i);
        }
    }

    fn idx(&self, op: OpId) -> Option<u32> {
        self.index.get(&op).copied()
    }

    fn update(&mut self, ir: &Ir, op: OpId) {
        if self.idx(op).is_some() {
            return;
        }
        let Some(b) = ir.op_block(op) else { return };
        let (prev, next) = (ir.prev_op(op), ir.next_op(op));
        match (prev, next) {
            (None, None) => {}
            (Some(p), None) => match self.idx(p) {
                Some(pi) => {
                    self.index.insert(op, pi + STRIDE);
                }
                None => self.recompute(ir, b),
            },
            (None, Some(n)) => match self.idx(n) {
                None | Some(0) => self.recompute(ir, b),
                Some(ni) => {
                    self.index.insert(op, if ni <= STRIDE { ni / 2 } else { STRIDE });
                }
            },
            (Some(p), Some(n)) => match (self.idx(p), self.idx(n)) {
                (Some(pi), Some(ni)) if pi + 1 != ni => {
                    self.index.insert(op, pi + (ni - pi) / 2);
                }
                _ => self.recompute(ir, b),
            },
        }
    }

    /// MLIR's `a->isBeforeInBlock(b)`.
    pub fn is_before(&mut self, ir: &Ir, a: OpId, b: OpId) -> bool {
        match ir.op_block(a) {
            Some(ab) if !self.valid.contains(&ab) => self.recompute(ir, ab),
            _ => {
                self.update(ir, a);
                self.update(ir, b);
            }
        }
        self.idx(a).unwrap_or(u32::MAX) < self.idx(b).unwrap_or(u32::MAX)
    }
}

/// MLIR's `ValueComparator` over the simulated op order.
pub struct ValueOrder<'a> {
    /// The op order indices.
    pub order: &'a RefCell<MlirOpOrder>,
}

impl ValueOrder<'_> {
    fn region_of(ir: &Ir, v: ValueId) -> Option<RegionId> {
        match ir.value_def(v) {
            ValueDef::BlockArg { block, .. } => ir.block_region(block),
            ValueDef::Result { op, .. } => ir.op_region(op),
            _ => None,
        }
    }

    fn parent_region(ir: &Ir, r: RegionId) -> Option<RegionId> {
        ir.region_parent_op(r).and_then(|p| ir.op_region(p))
    }

    /// True when `a` comes before `b`.
    pub fn less(&self, ir: &Ir, a: ValueId, b: ValueId) -> bool {
        if a == b {
            return false;
        }
        let (da, db) = (ir.value_def(a), ir.value_def(b));
        let a_arg = matches!(da, ValueDef::BlockArg { .. });
        let b_arg = matches!(db, ValueDef::BlockArg { .. });
        if a_arg != b_arg {
            return a_arg;
        }
        let (mut lr, mut rr);
        match (da, db) {
            (ValueDef::BlockArg { index: ia, .. }, ValueDef::BlockArg { index: ib, .. }) => {
                if ia != ib {
                    return ia < ib;
                }
                lr = Self::region_of(ir, a);
                rr = Self::region_of(ir, b);
            }
            (ValueDef::Result { op: oa, index: ia }, ValueDef::Result { op: ob, index: ib }) => {
                if oa == ob {
                    return ia < ib;
                }
                lr = ir.op_region(oa);
                rr = ir.op_region(ob);
                if lr == rr {
                    return self.order.borrow_mut().is_before(ir, oa, ob);
                }
            }
            _ => return false,
        }
        while let (Some(l), Some(r)) = (lr, rr) {
            let (li, ri) = (ir.region_index(l), ir.region_index(r));
            if li != ri {
                return li < ri;
            }
            let (pl, pr) = (Self::parent_region(ir, l), Self::parent_region(ir, r));
            if pl == pr {
                let (Some(ol), Some(or)) = (ir.region_parent_op(l), ir.region_parent_op(r)) else { return false };
                if ol == or {
                    return false;
                }
                return self.order.borrow_mut().is_before(ir, ol, or);
            }
            lr = pl;
            rr = pr;
        }
        rr.is_some()
    }

    /// Sorts `vals` as `std::sort` (libstdc++) does with this comparator:
    /// insertion sort up to 16 elements, which decides the order also where
    /// the comparator is not a strict order; a stable merge sort beyond.
    pub fn sort(&self, ir: &Ir, vals: &mut [ValueId]) {
        if vals.len() > 16 {
            vals.sort_by(|&x, &y| {
                if self.less(ir, x, y) {
                    std::cmp::Ordering::Less
                } else if self.less(ir, y, x) {
                    std::cmp::Ordering::Greater
                } else {
                    std::cmp::Ordering::Equal
                }
            });
            return;
        }
        for i in 1..vals.len() {
            let v = vals[i];
            if self.less(ir, v, vals[0]) {
                vals.copy_within(0..i, 1);
                vals[0] = v;
            } else {
                let mut j = i;
                while self.less(ir, v, vals[j - 1]) {
                    vals[j] = vals[j - 1];
                    j -= 1;
                }
                vals[j] = v;
            }
        }
    }
}

/// The deallocation state of one function.
pub struct State {
    /// Liveness of the function as it was before the pass changed it.
    pub liveness: Liveness,
    ownership: FxHashMap<(ValueId, BlockId), Ownership>,
    to_dealloc: FxHashMap<BlockId, Vec<ValueId>>,
    /// MLIR's op order indices.
    pub order: RefCell<MlirOpOrder>,
    /// The results of ops the pass replaced (by a copy with more results),
    /// old to new: the liveness names the old ones.
    replaced: FxHashMap<ValueId, ValueId>,
}

impl State {
    /// The state for the function `func`.
    pub fn new(ir: &Ir, func: OpId) -> State {
        State {
            liveness: Liveness::new(ir, func),
            ownership: FxHashMap::default(),
            to_dealloc: FxHashMap::default(),
            order: RefCell::new(MlirOpOrder::after_verification(ir, func)),
            replaced: FxHashMap::default(),
        }
    }

    /// Records that the result `old` of a replaced op is now `new`.
    pub fn record_replacement(&mut self, old: ValueId, new: ValueId) {
        self.replaced.insert(old, new);
    }

    /// The value `v` of the liveness (computed before the pass) is now.
    /// Upstream forgets the results of the ops it replaces (a region-branch
    /// op or a call gaining ownership results), so a region result used in
    /// a later block without being a branch operand is neither retained nor
    /// handed on, and is freed before its use; following the replacement
    /// keeps it.
    fn current(&self, mut v: ValueId) -> ValueId {
        while let Some(&n) = self.replaced.get(&v) {
            v = n;
        }
        v
    }

    /// `v` still exists (liveness was computed before ops were replaced).
    fn exists(ir: &Ir, v: ValueId) -> bool {
        match ir.value_def(v) {
            ValueDef::Result { op, .. } => ir.is_alive(op),
            ValueDef::BlockArg { block, .. } => ir.block_is_alive(block),
            _ => false,
        }
    }

    /// The memrefs live into `block`, in value order.
    pub fn live_memrefs_in(&self, ir: &Ir, block: BlockId) -> Vec<ValueId> {
        let mut v: Vec<ValueId> = self
            .liveness
            .live_in(block)
            .iter()
            .map(|&x| self.current(x))
            .filter(|&x| Self::exists(ir, x) && is_memref(ir, x))
            .collect();
        ValueOrder { order: &self.order }.sort(ir, &mut v);
        v
    }
}

impl DeallocationState for State {
    fn ownership(&self, memref: ValueId, block: BlockId) -> Ownership {
        self.ownership.get(&(memref, block)).copied().unwrap_or_default()
    }

    fn update_ownership(&mut self, ir: &Ir, memref: ValueId, ownership: Ownership, block: Option<BlockId>) {
        let Some(block) = block.or_else(|| ir.value_block(memref)) else { return };
        let e = self.ownership.entry((memref, block)).or_default();
        *e = join(ir, *e, ownership);
    }

    fn reset_ownerships(&mut self, memrefs: &[ValueId], block: BlockId) {
        for &m in memrefs {
            self.ownership.insert((m, block), Ownership::Uninitialized);
        }
    }

    fn add_memref_to_deallocate(&mut self, memref: ValueId, block: BlockId) {
        self.to_dealloc.entry(block).or_default().push(memref);
    }

    fn memrefs_and_conditions_to_deallocate(
        &self,
        ir: &mut Ir,
        ip: InsertPoint,
        loc: Location,
        block: BlockId,
    ) -> Result<(Vec<ValueId>, Vec<ValueId>), Diagnostic> {
        let (mut memrefs, mut conditions) = (Vec::new(), Vec::new());
        let list = self.to_dealloc.get(&block).cloned().unwrap_or_default();
        for memref in list {
            let Ownership::Unique(indicator) = self.ownership(memref, block) else {
                return Err(Diagnostic::error(ir.value_loc(memref), "MemRef value does not have valid ownership"));
            };
            let ctx = ir.ctx_arc().clone();
            let ty = ir.value_type(memref);
            let mut source = memref;
            let mut b = IrBuilder::at(ir, ip);
            if let TypeKind::UnrankedMemRef { elem, .. } = ctx.kind(ty) {
                let ranked = ctx.memref_ty(&[], *elem, None);
                source =
                    ReinterpretCastOp::build(&mut b, loc, ranked, memref, &[], &[], &[], &[0], &[], &[]).result(b.ir);
            }
            let sty = b.ir.value_type(source);
            let rank = ctx.shape(sty).map_or(0, |s| s.len());
            let elem = ctx.element_type(sty).expect("a memref has an element type");
            let base = ctx.memref_ty(&[], elem, ctx.memory_space(sty));
            let index = ctx.index_ty();
            let dims = vec![index; rank];
            let md = ExtractStridedMetadataOp::build(&mut b, loc, base, index, &dims, &dims, source);
            memrefs.push(md.base_buffer(b.ir));
            conditions.push(indicator);
        }
        Ok((memrefs, conditions))
    }

    fn memrefs_to_retain(
        &self,
        ir: &Ir,
        from: BlockId,
        to: Option<BlockId>,
        dest_operands: &[ValueId],
    ) -> Vec<ValueId> {
        let mut retain: Vec<ValueId> = dest_operands.iter().copied().filter(|&v| is_memref(ir, v)).collect();
        let live_in_to = to.map(|t| self.liveness.live_in(t));
        let mut live: Vec<ValueId> = self
            .liveness
            .live_out(from)
            .iter()
            .filter(|v| live_in_to.is_none_or(|li| li.binary_search(v).is_ok()))
            .map(|&v| self.current(v))
            .filter(|&v| Self::exists(ir, v) && is_memref(ir, v))
            .collect();
        ValueOrder { order: &self.order }.sort(ir, &mut live);
        retain.extend(live);
        retain
    }

    fn memref_with_unique_ownership(
        &mut self,
        ir: &mut Ir,
        ip: InsertPoint,
        memref: ValueId,
        block: BlockId,
    ) -> (ValueId, ValueId) {
        if let Ownership::Unique(ind) = self.ownership(memref, block) {
            return (memref, ind);
        }
        let loc = ir.value_loc(memref);
        let ty = ir.value_type(memref);
        let mut b = IrBuilder::at(ir, ip);
        let clone = CloneOp::build(&mut b, loc, ty, memref).output(b.ir);
        let cond = build_bool(&mut b, loc, true);
        self.update_ownership(ir, clone, Ownership::Unique(cond), None);
        let cb = ir.value_block(clone).expect("a clone in a block");
        self.add_memref_to_deallocate(clone, cb);
        (clone, cond)
    }

    fn insert_dealloc_for_return_like(
        &mut self,
        ir: &mut Ir,
        op: OpId,
        operands: &[ValueId],
    ) -> Result<Vec<ValueId>, Diagnostic> {
        let block = ir.op_block(op).expect("a terminator in a block");
        let loc = ir.op_loc(op);
        let ip = InsertPoint::Before(op);
        let (memrefs, conditions) = self.memrefs_and_conditions_to_deallocate(ir, ip, loc, block)?;
        let retain = self.memrefs_to_retain(ir, block, None, operands);
        if memrefs.is_empty() && retain.is_empty() {
            return Ok(Vec::new());
        }
        let dealloc = build_dealloc(&mut IrBuilder::at(ir, ip), loc, &memrefs, &conditions, &retain);
        let updated: Vec<ValueId> = ir.results(dealloc.0).collect();
        dialects::dealloc_interfaces::take_retained_ownerships(ir, self, &retain, &updated, block);
        let n = operands.iter().filter(|&&v| is_memref(ir, v)).count();
        Ok(updated.into_iter().take(n).collect())
    }
}

#[cfg(test)]
mod tests {
    //! The ownership join, MLIR's value order and its lazily numbered op
    //! order, on parsed IR.

    use super::*;
    use testkit::parse;

    const SRC: &str = r#"
func.func @f(%a: memref<2xf32>, %b: memref<2xf32>) {
  %t = arith.constant true
  %t2 = arith.constant true
  %f = arith.constant false
  %m = memref.alloc() : memref<2xf32>
  %n = memref.alloc() : memref<2xf32>
  cf.br ^bb1
^bb1:
  %k = memref.alloc() : memref<2xf32>
  return
}
"#;

    #[test]
    fn join_is_the_lattice_join() {
        let m = parse(SRC);
        let ir = &m.ir;
        let c = |i| ir.result(m.op("arith.constant", i), 0);
        let (t, t2, f) = (c(0), c(1), c(2));
        let u = Ownership::Unique;
        assert_eq!(join(ir, Ownership::Uninitialized, u(t)), u(t));
        assert_eq!(join(ir, u(t), Ownership::Uninitialized), u(t));
        // Equal constants merge; the first indicator is kept.
        assert_eq!(join(ir, u(t), u(t2)), u(t));
        assert_eq!(join(ir, u(t), u(f)), Ownership::Unknown);
        assert_eq!(join(ir, Ownership::Unknown, u(t)), Ownership::Unknown);
        assert_eq!(join(ir, u(t), Ownership::Unknown), Ownership::Unknown);
        assert!(is_constant(ir, t, 1) && is_constant(ir, f, 0) && !is_constant(ir, f, 1));
    }

    #[test]
    fn value_order_is_mlirs() {
        let m = parse(SRC);
        let ir = &m.ir;
        let func = m.op("func.func", 0);
        let entry = ir.entry_block(ir.regions(func)[0]).unwrap();
        let (a, b) = (ir.block_arg(entry, 0), ir.block_arg(entry, 1));
        let alloc = |i| ir.result(m.op("memref.alloc", i), 0);
        let (mm, nn, kk) = (alloc(0), alloc(1), alloc(2));
        let order = RefCell::new(MlirOpOrder::after_verification(ir, func));
        let vo = ValueOrder { order: &order };
        // Arguments first, by number; results of one block by position.
        // Across blocks MLIR compares order indices, numbered lazily: no op
        // uses another, so no block is numbered yet. Comparing %k with %n
        // numbers %k's block only (%k = 5, %n unnumbered: %k first); %m
        // against %n numbers the entry block (%m = 20 < %n = 25), and %m
        // against %k then compares 20 with 5.
        let mut vals = vec![nn, kk, b, mm, a];
        vo.sort(ir, &mut vals);
        assert_eq!(vals, vec![a, b, kk, mm, nn]);
        assert!(vo.less(ir, kk, mm) && !vo.less(ir, mm, kk));
        assert!(!vo.less(ir, a, a));
    }

    #[test]
    fn inserted_ops_take_indices_between_their_neighbours() {
        let mut m = parse(SRC);
        let func = m.op("func.func", 0);
        let mut order = MlirOpOrder::after_verification(&m.ir, func);
        let (t, f) = (m.op("arith.constant", 0), m.op("arith.constant", 2));
        // The entry block was numbered by the verifier: 5, 10, 15, ...
        assert!(order.is_before(&m.ir, t, f));
        let loc = m.ir.op_loc(t);
        let new = build_bool(&mut IrBuilder::at(&mut m.ir, InsertPoint::Before(f)), loc, true);
        let new_op = m.ir.defining_op(new).unwrap();
        assert!(order.is_before(&m.ir, t, new_op));
        assert!(order.is_before(&m.ir, new_op, f));
        assert_eq!(order.idx(new_op), Some(12));
    }
}
