//! The order in which One-Shot Analysis decides ops (upstream's
//! `analyzeOp` heuristics): `bottom-up`, `top-down`,
//! `bottom-up-from-terminators`, and `fuzzer`, whose shuffle is
//! bit-identical to upstream's `std::mt19937` + `llvm::shuffle`.

use super::super::interface::{bufferizable_model, default_has_tensor_semantics, is_tensor, AnalysisState};
use super::super::options::AnalysisHeuristic;
use ir::interfaces::RegionTerminator;
use ir::{Ir, OpId, OpTraits, ValueDef};
use rustc_hash::FxHashSet;

/// Upstream's `hasTensorSemantics`: the model's answer when the op has one
/// (the op filter is not consulted), else the default.
pub fn has_tensor_semantics(ir: &Ir, op: OpId) -> bool {
    match bufferizable_model(ir, op) {
        Some(m) => m.has_tensor_semantics(ir, op),
        None => default_has_tensor_semantics(ir, op),
    }
}

/// The ops under `root` (and `root`) in the order the heuristic decides them.
pub fn ordered_ops(
    ir: &Ir,
    root: OpId,
    state: &dyn AnalysisState,
    heuristic: AnalysisHeuristic,
    seed: u32,
) -> Vec<OpId> {
    if heuristic == AnalysisHeuristic::BottomUpFromTerminators {
        return bottom_up_from_terminators(ir, root, state);
    }
    let mut ops: Vec<OpId> = ir.post_order(root).into_iter().filter(|&o| has_tensor_semantics(ir, o)).collect();
    match heuristic {
        AnalysisHeuristic::BottomUp => ops.reverse(),
        AnalysisHeuristic::TopDown | AnalysisHeuristic::BottomUpFromTerminators => {}
        AnalysisHeuristic::Fuzzer => {
            let mut g = Mt19937::new(seed);
            shuffle(&mut ops, &mut g);
        }
    }
    ops
}

/// True for ops that implement `RegionBranchTerminatorOpInterface`
/// (upstream: every `ReturnLike` op does too).
fn is_region_branch_terminator(ir: &Ir, op: OpId) -> bool {
    ir.has_trait(op, OpTraits::RETURN_LIKE)
        || ir.ctx().registry().interface::<dyn RegionTerminator>(ir.op_name(op)).is_some()
}

/// Upstream's `bottomUpFromTerminatorsHeuristic`.
fn bottom_up_from_terminators(ir: &Ir, root: OpId, state: &dyn AnalysisState) -> Vec<OpId> {
    let mut order: Vec<OpId> = Vec::new();
    let mut seen: FxHashSet<OpId> = FxHashSet::default();
    for term in ir.post_order(root) {
        if !is_region_branch_terminator(ir, term) || !seen.insert(term) {
            continue;
        }
        order.push(term);
        let Some(term_region) = ir.op_region(term) else { continue };
        let mut work: Vec<ir::ValueId> = Vec::new();
        for v in ir.operands(term) {
            if is_tensor(ir, ir.value_type(v)) && matches!(ir.value_def(v), ValueDef::Result { .. }) {
                work.push(v);
            }
        }
        while let Some(res) = work.pop() {
            let Some(def) = ir.defining_op(res) else { continue };
            if !seen.insert(def) {
                continue;
            }
            order.push(def);
            if !ir.region_contains(term_region, def) {
                continue;
            }
            for a in state.get_aliasing_op_operands(ir, res) {
                let v = ir.use_value(a.operand);
                if is_tensor(ir, ir.value_type(v)) && matches!(ir.value_def(v), ValueDef::Result { .. }) {
                    work.push(v);
                }
            }
        }
    }
    for op in reverse_post_order_walk(ir, root) {
        if !seen.contains(&op) && has_tensor_semantics(ir, op) {
            order.push(op);
        }
    }
    order
}

/// MLIR's `walk<PostOrder, ReverseIterator>`: regions, blocks and ops
/// iterated backwards, every op after its nested ops.
fn reverse_post_order_walk(ir: &Ir, root: OpId) -> Vec<OpId> {
    // Each frame: an op and the not yet visited children (reversed), which
    // are popped from the back.
    let mut out = Vec::new();
    let children = |op: OpId| -> Vec<OpId> {
        // Children in reverse iteration order, stored reversed for popping.
        let mut c = Vec::new();
        for &r in ir.regions(op).iter().rev() {
            let blocks: Vec<_> = ir.region_blocks(r).collect();
            for &b in blocks.iter().rev() {
                let ops = ir.block_ops_vec(b);
                c.extend(ops.into_iter().rev());
            }
        }
        c.reverse();
        c
    };
    let mut stack: Vec<(OpId, Vec<OpId>)> = vec![(root, children(root))];
    while let Some((op, kids)) = stack.last_mut() {
        match kids.pop() {
            Some(k) => {
                let ck = children(k);
                stack.push((k, ck));
            }
            None => {
                out.push(*op);
                stack.pop();
            }
        }
    }
    out
}

/// `std::mt19937`: the 32-bit Mersenne Twister with the standard's seeding.
pub struct Mt19937 {
    mt: [u32; 624],
    idx: usize,
}

impl Mt19937 {
    /// Seeds as `std::mt19937 g(seed)`.
    pub fn new(seed: u32) -> Self {
        let mut mt = [0u32; 624];
        mt[0] = seed;
        for i in 1..624 {
            mt[i] = 1812433253u32.wrapping_mul(mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_add(i as u32);
        }
        Mt19937 { mt, idx: 624 }
    }

    fn twist(&mut self) {
        for i in 0..624 {
            let y = (self.mt[i] & 0x8000_0000) | (self.mt[(i + 1) % 624] & 0x7fff_ffff);
            let mut v = self.mt[(i + 397) % 624] ^ (y >> 1);
            if y & 1 != 0 {
                v ^= 0x9908_b0df;
            }
            self.mt[i] = v;
        }
        self.idx = 0;
    }

    /// The next output (`g()`).
    pub fn next_u32(&mut self) -> u32 {
        if self.idx >= 624 {
            self.twist();
        }
        let mut y = self.mt[self.idx];
        self.idx += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^= y >> 18;
        y
    }
}

/// `llvm::shuffle`: for each position, swap with `g() % remaining` ahead.
pub fn shuffle<T>(items: &mut [T], g: &mut Mt19937) {
    let mut first = 0usize;
    let mut size = items.len();
    while size > 1 {
        let offset = (g.next_u32() as usize) % size;
        if offset != 0 {
            items.swap(first, first + offset);
        }
        first += 1;
        size -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mt19937_matches_the_standard() {
        // The C++ standard requires the 10000th output of a
        // default-seeded (5489) mt19937 to be 4123659995.
        let mut g = Mt19937::new(5489);
        let mut last = 0;
        for _ in 0..10000 {
            last = g.next_u32();
        }
        assert_eq!(last, 4123659995);
        let mut g = Mt19937::new(5489);
        assert_eq!(g.next_u32(), 3499211612);
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut v: Vec<u32> = (0..50).collect();
        shuffle(&mut v, &mut Mt19937::new(23));
        assert_ne!(v, (0..50).collect::<Vec<_>>());
        v.sort();
        assert_eq!(v, (0..50).collect::<Vec<_>>());
    }
}
