//! Op equivalence and hashing (MLIR's `OperationEquivalence`), shared by CSE
//! and block merging.
//!
//! Two ops are equivalent when they have the same name, attributes,
//! properties, successors, result types and operands (in sorted order for
//! commutative ops), and structurally equivalent regions. Locations are
//! ignored.

use ir::entity::EntityRef;
use ir::{BlockId, Ir, OpId, OpTraits, ValueId};
use rustc_hash::{FxHashMap, FxHasher};
use smallvec::SmallVec;
use std::hash::{Hash, Hasher};

/// How operand values are compared.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ValueEq {
    /// Operands must be the same values.
    Direct,
    /// Operand values are not compared (only their count).
    Ignore,
}

/// The operands of `op`, sorted by value number when it is commutative.
/// Ops with at most two operands (nearly all) are ordered without a sort.
fn sorted_operands(ir: &Ir, op: OpId) -> SmallVec<[ValueId; 4]> {
    let ids = ir.operand_ids(op);
    match ids.len() {
        0 => SmallVec::new(),
        1 => smallvec::smallvec![ir.operand(op, 0)],
        2 => {
            let (a, b) = (ir.operand(op, 0), ir.operand(op, 1));
            if b.index() < a.index() && ir.has_trait(op, OpTraits::COMMUTATIVE) {
                smallvec::smallvec![b, a]
            } else {
                smallvec::smallvec![a, b]
            }
        }
        _ => {
            let mut v: SmallVec<[ValueId; 4]> = ir.operands(op).collect();
            if ir.has_trait(op, OpTraits::COMMUTATIVE) {
                v.sort_by_key(|x| x.index());
            }
            v
        }
    }
}

/// A hash of `op` consistent with [`ops_equivalent`] (operands included
/// when `with_operands`).
pub fn structural_hash(ir: &Ir, op: OpId, with_operands: bool) -> u64 {
    let mut h = FxHasher::default();
    ir.op_name(op).hash(&mut h);
    ir.attrs(op).hash(&mut h);
    ir.props(op).hash(&mut h);
    for r in ir.results(op) {
        ir.value_type(r).hash(&mut h);
    }
    if with_operands {
        for v in sorted_operands(ir, op) {
            v.index().hash(&mut h);
        }
    }
    h.finish()
}

/// True when `a` and `b` are equivalent (see the module docs).
pub fn ops_equivalent(ir: &Ir, a: OpId, b: OpId, values: ValueEq) -> bool {
    if ir.regions(a).is_empty() && ir.regions(b).is_empty() {
        return flat_equivalent(ir, a, b, values);
    }
    let mut map: FxHashMap<ValueId, ValueId> = FxHashMap::default();
    let mut blocks: FxHashMap<BlockId, BlockId> = FxHashMap::default();
    equivalent_with(ir, a, b, values, &mut map, &mut blocks)
}

/// [`ops_equivalent`] for ops without regions: no value or block
/// correspondences are needed, so nothing is allocated.
fn flat_equivalent(ir: &Ir, a: OpId, b: OpId, values: ValueEq) -> bool {
    if a == b {
        return true;
    }
    if ir.op_name(a) != ir.op_name(b)
        || ir.num_operands(a) != ir.num_operands(b)
        || ir.num_results(a) != ir.num_results(b)
        || ir.attrs(a) != ir.attrs(b)
        || ir.props(a) != ir.props(b)
        || ir.successors(a) != ir.successors(b)
    {
        return false;
    }
    if values == ValueEq::Direct && sorted_operands(ir, a) != sorted_operands(ir, b) {
        return false;
    }
    ir.results(a).zip(ir.results(b)).all(|(x, y)| ir.value_type(x) == ir.value_type(y))
}

fn equivalent_with(
    ir: &Ir,
    a: OpId,
    b: OpId,
    values: ValueEq,
    map: &mut FxHashMap<ValueId, ValueId>,
    blocks: &mut FxHashMap<BlockId, BlockId>,
) -> bool {
    if a == b {
        return true;
    }
    if ir.op_name(a) != ir.op_name(b)
        || ir.attrs(a) != ir.attrs(b)
        || ir.props(a) != ir.props(b)
        || ir.regions(a).len() != ir.regions(b).len()
        || ir.successors(a).len() != ir.successors(b).len()
        || ir.num_operands(a) != ir.num_operands(b)
        || ir.num_results(a) != ir.num_results(b)
    {
        return false;
    }
    if values == ValueEq::Direct {
        let (la, lb) = (sorted_operands(ir, a), sorted_operands(ir, b));
        for (x, y) in la.iter().zip(&lb) {
            if x != y && map.get(x) != Some(y) {
                return false;
            }
        }
    }
    for (sa, sb) in ir.successors(a).iter().zip(ir.successors(b)) {
        if sa != sb && blocks.get(sa) != Some(sb) {
            return false;
        }
    }
    for (ra, rb) in ir.results(a).zip(ir.results(b)) {
        if ir.value_type(ra) != ir.value_type(rb) {
            return false;
        }
        map.insert(ra, rb);
    }
    for (&ra, &rb) in ir.regions(a).iter().zip(ir.regions(b)) {
        let ba: Vec<BlockId> = ir.region_blocks(ra).collect();
        let bb: Vec<BlockId> = ir.region_blocks(rb).collect();
        if ba.len() != bb.len() {
            return false;
        }
        for (&x, &y) in ba.iter().zip(&bb) {
            let (xa, ya) = (ir.block_args(x), ir.block_args(y));
            if xa.len() != ya.len() {
                return false;
            }
            for (&p, &q) in xa.iter().zip(ya) {
                if ir.value_type(p) != ir.value_type(q) {
                    return false;
                }
                map.insert(p, q);
            }
            blocks.insert(x, y);
        }
        for (&x, &y) in ba.iter().zip(&bb) {
            let xo: Vec<OpId> = ir.block_ops(x).collect();
            let yo: Vec<OpId> = ir.block_ops(y).collect();
            if xo.len() != yo.len() {
                return false;
            }
            for (&p, &q) in xo.iter().zip(&yo) {
                if !equivalent_with(ir, p, q, ValueEq::Direct, map, blocks) {
                    return false;
                }
            }
        }
    }
    true
}
