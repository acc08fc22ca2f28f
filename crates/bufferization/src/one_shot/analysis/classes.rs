//! Upstream's `llvm::EquivalenceClasses` over tensor values, as One-Shot
//! Analysis uses it for alias sets and equivalence classes.
//!
//! What must match upstream is the *member order* of a class (visible in
//! `dump-alias-sets`): `union(a, b)` makes the list of `a`'s class followed
//! by the list of `b`'s class, and the first member stays first. Which
//! member the union-find uses as its root is independent of that order, so
//! `find` uses union by size and path halving (near-constant time) while
//! each root keeps the head and tail of its member list (concatenation in
//! O(1)).

use ir::entity::EntityMap;
use ir::ValueId;

const NONE: u32 = u32::MAX;

/// Disjoint sets of values with upstream's member order.
#[derive(Default, Clone)]
pub struct EquivalenceClasses {
    /// Each value's slot plus one (0: not a member); a dense side table.
    index: EntityMap<ValueId, u32>,
    values: Vec<ValueId>,
    parent: Vec<u32>,
    size: Vec<u32>,
    head: Vec<u32>,
    tail: Vec<u32>,
    next: Vec<u32>,
}

impl EquivalenceClasses {
    /// Adds `v` as a singleton class (no effect when present).
    pub fn insert(&mut self, v: ValueId) -> u32 {
        if let Some(i) = self.slot(v) {
            return i;
        }
        let i = self.values.len() as u32;
        self.index.set(v, i + 1);
        self.values.push(v);
        self.parent.push(i);
        self.size.push(1);
        self.head.push(i);
        self.tail.push(i);
        self.next.push(NONE);
        i
    }

    /// True when `v` has an entry.
    pub fn contains(&self, v: ValueId) -> bool {
        self.slot(v).is_some()
    }

    /// The slot of `v`, if it is a member.
    fn slot(&self, v: ValueId) -> Option<u32> {
        self.index.get(v).checked_sub(1)
    }

    fn find(&self, mut i: u32) -> u32 {
        while self.parent[i as usize] != i {
            i = self.parent[i as usize];
        }
        i
    }

    fn find_mut(&mut self, mut i: u32) -> u32 {
        while self.parent[i as usize] != i {
            let p = self.parent[i as usize];
            self.parent[i as usize] = self.parent[p as usize];
            i = p;
        }
        i
    }

    /// The class root of `v` (a stable key for the class until the next
    /// union), `None` when `v` has no entry.
    pub fn root(&self, v: ValueId) -> Option<u32> {
        self.slot(v).map(|i| self.find(i))
    }

    /// Merges the classes of `a` and `b` (inserting them if needed): the
    /// members of `a`'s class come first.
    pub fn union(&mut self, a: ValueId, b: ValueId) {
        let ia = self.insert(a);
        let ib = self.insert(b);
        let (ra, rb) = (self.find_mut(ia), self.find_mut(ib));
        if ra == rb {
            return;
        }
        let (head, tail) = (self.head[ra as usize], self.tail[rb as usize]);
        self.next[self.tail[ra as usize] as usize] = self.head[rb as usize];
        let (big, small) = if self.size[ra as usize] >= self.size[rb as usize] { (ra, rb) } else { (rb, ra) };
        self.parent[small as usize] = big;
        self.size[big as usize] += self.size[small as usize];
        self.head[big as usize] = head;
        self.tail[big as usize] = tail;
    }

    /// True when `a` and `b` are the same value or in the same class
    /// (upstream's `isEquivalent`).
    pub fn same(&self, a: ValueId, b: ValueId) -> bool {
        if a == b {
            return true;
        }
        match (self.root(a), self.root(b)) {
            (Some(x), Some(y)) => x == y,
            _ => false,
        }
    }

    /// The members of `v`'s class in upstream's order (empty when `v` has
    /// no entry).
    pub fn members(&self, v: ValueId) -> Members<'_> {
        let cur = self.root(v).map_or(NONE, |r| self.head[r as usize]);
        Members { classes: self, cur }
    }

    /// Every value with an entry, in insertion order.
    pub fn values(&self) -> &[ValueId] {
        &self.values
    }

    /// The number of members of `v`'s class.
    pub fn class_size(&self, v: ValueId) -> usize {
        self.root(v).map_or(0, |r| self.size[r as usize] as usize)
    }
}

/// Iterator over a class's members.
pub struct Members<'a> {
    classes: &'a EquivalenceClasses,
    cur: u32,
}

impl Iterator for Members<'_> {
    type Item = ValueId;
    fn next(&mut self) -> Option<ValueId> {
        if self.cur == NONE {
            return None;
        }
        let v = self.classes.values[self.cur as usize];
        self.cur = self.classes.next[self.cur as usize];
        Some(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::entity::EntityRef;

    fn v(i: usize) -> ValueId {
        ValueId::new(i)
    }

    #[test]
    fn member_order_follows_union_arguments() {
        let mut c = EquivalenceClasses::default();
        for i in 1..=5 {
            c.insert(v(i));
        }
        c.union(v(2), v(1));
        c.union(v(3), v(4));
        c.union(v(1), v(3));
        let m: Vec<_> = c.members(v(4)).collect();
        assert_eq!(m, vec![v(2), v(1), v(3), v(4)]);
        assert!(c.same(v(2), v(4)) && !c.same(v(5), v(1)));
        c.union(v(5), v(4));
        let m: Vec<_> = c.members(v(1)).collect();
        assert_eq!(m, vec![v(5), v(2), v(1), v(3), v(4)]);
        assert_eq!(c.class_size(v(3)), 5);
        assert!(c.members(v(9)).next().is_none());
    }
}
