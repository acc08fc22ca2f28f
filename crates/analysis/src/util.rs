//! Small traversal helpers shared by the analyses: pre-order block walks,
//! ancestor lookups across region nesting, and op naming for test output.

use ir::{BlockId, Ir, OpId, RegionId};

/// The blocks nested under `root` (not `root`'s own block) in MLIR's
/// pre-order: a block, then the blocks nested in its ops, then the next
/// block of the region.
pub fn blocks_pre_order(ir: &Ir, root: OpId) -> Vec<BlockId> {
    let mut out = Vec::new();
    let mut stack: Vec<BlockId> = Vec::new();
    push_child_blocks(ir, ir.regions(root), &mut stack);
    while let Some(b) = stack.pop() {
        out.push(b);
        let before = stack.len();
        for op in ir.block_ops(b) {
            for &r in ir.regions(op) {
                stack.extend(ir.region_blocks(r));
            }
        }
        stack[before..].reverse();
    }
    out
}

fn push_child_blocks(ir: &Ir, regions: &[RegionId], stack: &mut Vec<BlockId>) {
    let before = stack.len();
    for &r in regions {
        stack.extend(ir.region_blocks(r));
    }
    stack[before..].reverse();
}

/// The ancestor of block `b` (or `b`) whose region is `r`.
pub fn ancestor_block_in_region(ir: &Ir, r: RegionId, b: BlockId) -> Option<BlockId> {
    ir::dominance::ancestor_block_in_region(ir, r, b)
}

/// The block that holds the op owning `b`'s region.
pub fn parent_block(ir: &Ir, b: BlockId) -> Option<BlockId> {
    ir.block_parent_op(b).and_then(|op| ir.op_block(op))
}

/// The symbol name of an op (`sym_name`), or the empty string.
pub fn symbol_name(ir: &Ir, op: OpId) -> String {
    match ir.attr(op, "sym_name") {
        Some(a) => ir.ctx().str_value(a).map(str::to_string).unwrap_or_default(),
        None => String::new(),
    }
}

/// A dense side table over the window of entity indices actually set,
/// for per-function analyses: [`ir::entity::EntityMap`] grows to the
/// largest index set, which for the n-th function of a module is the size
/// of everything before it, so building one per function would cost the
/// module's size each time (quadratic over a module of many functions).
/// Entities of one function are allocated close together, so the window
/// stays about the function's size. Unset keys read as the default.
#[derive(Clone, Debug)]
pub struct LocalMap<K, V> {
    base: usize,
    data: Vec<V>,
    default: V,
    _k: std::marker::PhantomData<K>,
}

impl<K: ir::entity::EntityRef, V: Clone> LocalMap<K, V> {
    /// An empty table whose unset keys read as `default`.
    pub fn with_default(default: V) -> Self {
        LocalMap { base: 0, data: Vec::new(), default, _k: std::marker::PhantomData }
    }

    /// The value at `k` (the default when unset).
    #[inline]
    pub fn get(&self, k: K) -> &V {
        let i = k.index();
        if i < self.base {
            return &self.default;
        }
        self.data.get(i - self.base).unwrap_or(&self.default)
    }

    /// A mutable slot at `k`, growing the window as needed (amortised: a
    /// window grown downwards at least doubles).
    pub fn get_mut(&mut self, k: K) -> &mut V {
        let i = k.index();
        if self.data.is_empty() {
            self.base = i;
        }
        if i < self.base {
            let grow = (self.base - i).max(self.data.len()).min(self.base);
            let mut data = vec![self.default.clone(); grow];
            data.append(&mut self.data);
            self.data = data;
            self.base -= grow;
        }
        let j = i - self.base;
        if j >= self.data.len() {
            self.data.resize(j + 1, self.default.clone());
        }
        &mut self.data[j]
    }

    /// Sets the value at `k`.
    pub fn set(&mut self, k: K, v: V) {
        *self.get_mut(k) = v;
    }
}

#[cfg(test)]
mod tests {
    use super::LocalMap;
    use ir::entity::EntityRef;
    use ir::ValueId;

    #[test]
    fn local_map_grows_both_ways() {
        let mut m: LocalMap<ValueId, u32> = LocalMap::with_default(7);
        let k = |i: usize| ValueId::new(i);
        assert_eq!(*m.get(k(5)), 7);
        m.set(k(100), 1);
        m.set(k(90), 2);
        m.set(k(120), 3);
        m.set(k(3), 4);
        assert_eq!((*m.get(k(100)), *m.get(k(90)), *m.get(k(120)), *m.get(k(3))), (1, 2, 3, 4));
        assert_eq!(*m.get(k(50)), 7);
        assert_eq!(*m.get(k(1000)), 7);
        assert_eq!(*m.get(k(0)), 7);
        // The window covers the keys set, not everything below them.
        assert!(m.data.len() <= 200);
    }
}
