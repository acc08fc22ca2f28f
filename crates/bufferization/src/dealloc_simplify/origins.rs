//! Buffer origins and alias classes: MLIR's `BufferOriginAnalysis`
//! questions answered for a whole operand list at once.
//!
//! [`Origins`] computes, once per view base, what
//! `BufferOriginAnalysis::isSameAllocation` looks at: the terminal buffers
//! the base may come from (an interned, sorted set), whether they are all
//! allocations or all allocations or function arguments (the [`Class`]),
//! and where the base sits for `distinctAllocAndBlockArgument` (the
//! pre-order number of an allocation, or the pre-order span of the block of
//! a block argument).
//!
//! With that, `isSameAllocation(a, b)` is:
//! - `Must` when the bases are equal, or both have the same single
//!   terminal;
//! - `Never` when the terminal sets are non-empty and disjoint and the
//!   classes are isolated (one side all allocations, the other all
//!   allocations or function arguments);
//! - `May` otherwise (an empty terminal set is `May`, where upstream would
//!   assert).
//!
//! [`AliasIndex`] groups one list of buffers (a `dealloc`'s memrefs or its
//! retained values) into bags: by class, by terminal, by set and by base.
//! "Is there an element that may or must alias `q`" is then a test per bag
//! `q` touches (its class's non-isolated classes, the empty class, and one
//! bag per terminal of `q`), not a walk over the list; the pairs that
//! `distinctAllocAndBlockArgument` rules out are counted per bag by binary
//! search over sorted pre-order numbers (allocations nested in a block form
//! one interval of the pre-order; the blocks around an op are the spans
//! that contain its number, counted as `#starts <= p` minus `#ends <= p`
//! since spans nest). A query costs O(|terminals of q| · log n).

use analysis::alias::{allocates, is_function_arg, view_base, BufferViewFlow};
use ir::{BlockId, Ir, OpId, ValueDef, ValueId};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::sync::{Arc, Mutex};

/// What the terminal buffers of a value are.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Class {
    /// No terminal buffer is known.
    Empty,
    /// All are allocations.
    Allocs,
    /// All are allocations or function arguments, not all allocations.
    AllocsOrArgs,
    /// Anything else.
    Other,
}

const CLASSES: [Class; 4] = [Class::Empty, Class::Allocs, Class::AllocsOrArgs, Class::Other];

impl Class {
    fn index(self) -> usize {
        self as usize
    }
}

/// Upstream's `isolatedAlloc1 || isolatedAlloc2` for two non-empty classes.
fn isolated(a: Class, b: Class) -> bool {
    use Class::*;
    matches!((a, b), (Allocs, Allocs | AllocsOrArgs) | (AllocsOrArgs, Allocs))
}

/// Where a view base sits, for `distinctAllocAndBlockArgument`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Site {
    /// The result of an allocation at this pre-order number.
    Alloc(u32),
    /// An argument of a block whose ops (and everything nested in them)
    /// are numbered `start..end`.
    Arg(u32, u32),
    /// Neither.
    Other,
}

/// The origin of a buffer value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Origin {
    /// The view base.
    pub base: ValueId,
    /// The interned terminal set (0: empty).
    pub set: u32,
    /// The terminal set's class.
    pub class: Class,
    /// Where the base sits.
    pub site: Site,
}

/// True when `distinctAllocAndBlockArgument` holds: one base is an
/// allocation nested in the block whose argument is the other base.
pub(super) fn distinct(a: &Origin, b: &Origin) -> bool {
    let inside = |p: u32, s: u32, e: u32| s <= p && p < e;
    match (a.site, b.site) {
        (Site::Alloc(p), Site::Arg(s, e)) | (Site::Arg(s, e), Site::Alloc(p)) => inside(p, s, e),
        _ => false,
    }
}

/// `BufferOriginAnalysis::isSameAllocation`: `Some(true)` must, `Some(false)`
/// never, `None` may. The pairwise reference the index is tested against.
#[cfg(test)]
pub(super) fn same_allocation(origins: &Origins, a: &Origin, b: &Origin) -> Option<bool> {
    same_allocation_in(&origins.lock().sets, a, b)
}

/// [`same_allocation`] with the interned terminal sets at hand.
fn same_allocation_in(sets: &[Arc<[ValueId]>], a: &Origin, b: &Origin) -> Option<bool> {
    if a.base == b.base {
        return Some(true);
    }
    if a.set == 0 || b.set == 0 {
        return None;
    }
    let (ta, tb) = (&sets[a.set as usize], &sets[b.set as usize]);
    if a.set == b.set {
        // Equal non-empty sets overlap: must when it is one buffer.
        return (ta.len() == 1).then_some(true);
    }
    let overlap = if ta.len() <= tb.len() {
        ta.iter().any(|t| tb.binary_search(t).is_ok())
    } else {
        tb.iter().any(|t| ta.binary_search(t).is_ok())
    };
    if overlap {
        return None;
    }
    isolated(a.class, b.class).then_some(false)
}

#[derive(Default)]
struct Memo {
    by_base: FxHashMap<ValueId, Origin>,
    sets: Vec<Arc<[ValueId]>>,
    set_ids: FxHashMap<Arc<[ValueId]>, u32>,
}

/// The buffer view flow of the op the pass runs on, with origins computed
/// on demand and kept per view base.
pub(super) struct Origins {
    flow: BufferViewFlow,
    pre: FxHashMap<OpId, u32>,
    spans: FxHashMap<BlockId, (u32, u32)>,
    memo: Mutex<Memo>,
}

impl Origins {
    /// Builds the view flow and the pre-order numbering under `root`.
    pub fn new(ir: &Ir, root: OpId) -> Origins {
        let mut o = Origins {
            flow: BufferViewFlow::new(ir, root),
            pre: FxHashMap::default(),
            spans: FxHashMap::default(),
            memo: Mutex::new(Memo { sets: vec![Arc::from(Vec::new())], ..Memo::default() }),
        };
        let mut counter = 0u32;
        o.number(ir, root, &mut counter);
        o
    }

    fn number(&mut self, ir: &Ir, op: OpId, counter: &mut u32) {
        self.pre.insert(op, *counter);
        *counter += 1;
        for &r in ir.regions(op) {
            for b in ir.region_blocks(r) {
                let start = *counter;
                let mut next = ir.first_op(b);
                while let Some(o) = next {
                    self.number(ir, o, counter);
                    next = ir.next_op(o);
                }
                self.spans.insert(b, (start, *counter));
            }
        }
    }

    /// The sorted terminal buffers of set `id`.
    pub fn terms(&self, id: u32) -> Arc<[ValueId]> {
        Arc::clone(&self.lock().sets[id as usize])
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Memo> {
        self.memo.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The origin of buffer `v`.
    pub fn origin(&self, ir: &Ir, v: ValueId) -> Origin {
        let base = view_base(ir, v);
        if let Some(o) = self.lock().by_base.get(&base) {
            return *o;
        }
        let mut terms: Vec<ValueId> = self
            .flow
            .resolve_reverse(base)
            .into_iter()
            .filter(|&t| ir.ctx().is_memref(ir.value_type(t)) && self.flow.may_be_terminal(t))
            .collect();
        terms.sort_unstable();
        terms.dedup();
        let class = if terms.is_empty() {
            Class::Empty
        } else if terms.iter().all(|&t| allocates(ir, t)) {
            Class::Allocs
        } else if terms.iter().all(|&t| allocates(ir, t) || is_function_arg(ir, t)) {
            Class::AllocsOrArgs
        } else {
            Class::Other
        };
        let site = match ir.value_def(base) {
            ValueDef::Result { op, .. } if allocates(ir, base) => {
                self.pre.get(&op).map_or(Site::Other, |&p| Site::Alloc(p))
            }
            ValueDef::BlockArg { block, .. } => self.spans.get(&block).map_or(Site::Other, |&(s, e)| Site::Arg(s, e)),
            _ => Site::Other,
        };
        let mut memo = self.lock();
        let set = if terms.is_empty() {
            0
        } else if let Some(&id) = memo.set_ids.get(terms.as_slice()) {
            id
        } else {
            let id = memo.sets.len() as u32;
            let terms: Arc<[ValueId]> = Arc::from(terms);
            memo.sets.push(Arc::clone(&terms));
            memo.set_ids.insert(terms, id);
            id
        };
        let o = Origin { base, set, class, site };
        memo.by_base.insert(base, o);
        o
    }
}

/// Elements of a list that share a property, with what
/// `distinctAllocAndBlockArgument` needs to count the ones it rules out.
#[derive(Default)]
struct Bag {
    members: Vec<u32>,
    alloc_pre: Vec<u32>,
    arg_start: Vec<u32>,
    arg_end: Vec<u32>,
}

impl Bag {
    fn add(&mut self, pos: u32, o: &Origin) {
        self.members.push(pos);
        match o.site {
            Site::Alloc(p) => self.alloc_pre.push(p),
            Site::Arg(s, e) => {
                self.arg_start.push(s);
                self.arg_end.push(e);
            }
            Site::Other => {}
        }
    }

    fn seal(&mut self) {
        self.alloc_pre.sort_unstable();
        self.arg_start.sort_unstable();
        self.arg_end.sort_unstable();
    }

    /// How many members are distinct from `q` by
    /// `distinctAllocAndBlockArgument`.
    fn ruled_out(&self, q: &Origin) -> usize {
        let below = |v: &[u32], x: u32| v.partition_point(|&y| y < x);
        let at_most = |v: &[u32], x: u32| v.partition_point(|&y| y <= x);
        match q.site {
            Site::Arg(s, e) => below(&self.alloc_pre, e) - below(&self.alloc_pre, s),
            Site::Alloc(p) => at_most(&self.arg_start, p) - at_most(&self.arg_end, p),
            Site::Other => 0,
        }
    }

    /// Members that may alias `q` (not ruled out), minus `me` if `q` is one
    /// of them, are there any?
    fn any_besides(&self, q: &Origin, me: usize) -> bool {
        self.members.len() > self.ruled_out(q) + me
    }
}

/// Lists up to this long are answered pair by pair (a bounded number of
/// pairs): grouping them costs more than it saves.
const SMALL: usize = 32;

/// One operand list grouped into alias classes.
pub(super) struct AliasIndex {
    origins: Vec<Origin>,
    /// `None` for a list of at most [`SMALL`] elements.
    bags: Option<Bags>,
}

/// The alias classes of a long list.
struct Bags {
    all: Bag,
    by_class: [Bag; 4],
    by_term: FxHashMap<ValueId, Bag>,
    by_set: FxHashMap<u32, Vec<u32>>,
    by_base: FxHashMap<ValueId, Vec<u32>>,
}

impl AliasIndex {
    /// Groups `values` (in order; duplicates are kept).
    pub fn new(origins: &Origins, ir: &Ir, values: &[ValueId]) -> AliasIndex {
        Self::build(origins, ir, values, values.len() > SMALL)
    }

    /// [`AliasIndex::new`], grouping into bags or not as asked.
    fn build(origins: &Origins, ir: &Ir, values: &[ValueId], grouped: bool) -> AliasIndex {
        let list: Vec<Origin> = values.iter().map(|&v| origins.origin(ir, v)).collect();
        if !grouped {
            return AliasIndex { origins: list, bags: None };
        }
        let mut ix = Bags {
            all: Bag::default(),
            by_class: Default::default(),
            by_term: FxHashMap::default(),
            by_set: FxHashMap::default(),
            by_base: FxHashMap::default(),
        };
        let memo = origins.lock();
        for (pos, o) in list.iter().enumerate() {
            let pos = pos as u32;
            ix.all.add(pos, o);
            ix.by_class[o.class.index()].add(pos, o);
            for &t in memo.sets[o.set as usize].iter() {
                ix.by_term.entry(t).or_default().add(pos, o);
            }
            ix.by_set.entry(o.set).or_default().push(pos);
            ix.by_base.entry(o.base).or_default().push(pos);
        }
        drop(memo);
        ix.all.seal();
        ix.by_class.iter_mut().for_each(Bag::seal);
        ix.by_term.values_mut().for_each(Bag::seal);
        AliasIndex { origins: list, bags: Some(ix) }
    }

    /// The origin of the element at `pos`.
    pub fn origin(&self, pos: usize) -> &Origin {
        &self.origins[pos]
    }

    /// The relation of each element to `q` (`same_allocation`), for a
    /// short list.
    fn relations(&self, origins: &Origins, q: &Origin) -> impl Iterator<Item = Option<bool>> {
        let memo = origins.lock();
        let rels: SmallVec<[Option<bool>; SMALL]> =
            self.origins.iter().map(|o| same_allocation_in(&memo.sets, o, q)).collect();
        rels.into_iter()
    }

    /// `potentiallyAliasesMemref`: is some element (other than the one at
    /// `me`, which must have origin `q`) neither `distinctAllocAndBlockArgument`
    /// from `q` nor `Never` the same allocation?
    pub fn potentially_aliased(&self, origins: &Origins, q: &Origin, me: Option<usize>) -> bool {
        let Some(bags) = &self.bags else {
            return self
                .relations(origins, q)
                .enumerate()
                .any(|(j, rel)| Some(j) != me && rel != Some(false) && !distinct(&self.origins[j], q));
        };
        bags.may_bags(origins, q)
            .into_iter()
            .any(|(bag, holds_q)| bag.any_besides(q, usize::from(holds_q && me.is_some())))
    }

    /// The positions of the elements `potentially_aliased` counts, in order.
    pub fn potential_aliases(&self, origins: &Origins, q: &Origin) -> Vec<u32> {
        let may = |p: u32| !distinct(&self.origins[p as usize], q);
        let Some(bags) = &self.bags else {
            return self
                .relations(origins, q)
                .zip(0u32..)
                .filter(|&(rel, j)| rel != Some(false) && may(j))
                .map(|(_, j)| j)
                .collect();
        };
        let mut out: Vec<u32> = Vec::new();
        for (bag, _) in bags.may_bags(origins, q) {
            out.extend(bag.members.iter().copied().filter(|&p| may(p)));
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The positions of the elements that must be the same allocation as
    /// `q`, in order. They all share `q`'s terminal set.
    pub fn must(&self, origins: &Origins, q: &Origin) -> Vec<u32> {
        let Some(bags) = &self.bags else {
            return self
                .relations(origins, q)
                .zip(0u32..)
                .filter(|&(rel, _)| rel == Some(true))
                .map(|(_, j)| j)
                .collect();
        };
        bags.must(origins, q).to_vec()
    }

    /// Pattern `RemoveDeallocMemrefsContainedInRetained`'s question: `None`
    /// when some element may (not must, not never) be the same allocation
    /// as `q`, else the elements that must be.
    pub fn must_unless_may(&self, origins: &Origins, q: &Origin) -> Option<Vec<u32>> {
        let Some(bags) = &self.bags else {
            let mut must = Vec::new();
            for (rel, j) in self.relations(origins, q).zip(0u32..) {
                match rel {
                    None => return None,
                    Some(true) => must.push(j),
                    Some(false) => {}
                }
            }
            return Some(must);
        };
        let must = bags.must(origins, q);
        // Every must-element lies in each bag of `q` that holds `q` itself
        // (same terminal set, hence same class), and in no other.
        let may = bags
            .may_bags(origins, q)
            .into_iter()
            .any(|(bag, holds_q)| bag.members.len() > if holds_q { must.len() } else { 0 });
        (!may).then(|| must.to_vec())
    }
}

impl Bags {
    /// The bags whose members are exactly the elements that are not
    /// `Never` the same allocation as `q` (their union; they overlap).
    fn may_bags<'a>(&'a self, origins: &Origins, q: &Origin) -> Vec<(&'a Bag, bool)> {
        // (bag, whether q itself would be a member)
        if q.class == Class::Empty {
            return vec![(&self.all, true)];
        }
        let mut out = vec![(&self.by_class[Class::Empty.index()], false)];
        for c in CLASSES.into_iter().filter(|&c| c != Class::Empty && !isolated(c, q.class)) {
            out.push((&self.by_class[c.index()], c == q.class));
        }
        for t in origins.terms(q.set).iter() {
            if let Some(b) = self.by_term.get(t) {
                out.push((b, true));
            }
        }
        out
    }

    /// The members that must be the same allocation as `q`.
    fn must(&self, origins: &Origins, q: &Origin) -> &[u32] {
        let bucket = if q.set != 0 && origins.terms(q.set).len() == 1 {
            self.by_set.get(&q.set)
        } else {
            self.by_base.get(&q.base)
        };
        bucket.map_or(&[], Vec::as_slice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Buffers of every kind the analysis tells apart: allocations (at the
    /// top and in a loop body), function arguments, views, selects, loop
    /// arguments and results, reallocations and unknown results.
    const SRC: &str = r#"
func.func @f(%c: i1, %a0: memref<4xf32>, %a1: memref<4xf32>, %lb: index, %ub: index) {
  %m0 = memref.alloc() : memref<4xf32>
  %m1 = memref.alloc() : memref<4xf32>
  %m2 = memref.alloc() : memref<4xf32>
  %v0 = memref.subview %m0[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  %s01 = arith.select %c, %m0, %m1 : memref<4xf32>
  %s0a = arith.select %c, %m0, %a0 : memref<4xf32>
  %sa = arith.select %c, %a0, %a1 : memref<4xf32>
  %u = "test.unknown"() : () -> memref<4xf32>
  %su = arith.select %c, %u, %m2 : memref<4xf32>
  %r = memref.realloc %m2 : memref<4xf32> to memref<8xf32>
  %l = scf.for %i = %lb to %ub step %lb iter_args(%it = %m1) -> (memref<4xf32>) {
    %n = memref.alloc() : memref<4xf32>
    %sn = arith.select %c, %n, %it : memref<4xf32>
    "test.use"(%n, %sn) : (memref<4xf32>, memref<4xf32>) -> ()
    scf.yield %n : memref<4xf32>
  }
  return
}
"#;

    fn buffers(m: &testkit::Module) -> Vec<ValueId> {
        let ir = &m.ir;
        let mut out = Vec::new();
        for op in ir.pre_order(m.top) {
            out.extend(ir.results(op).filter(|&v| ir.ctx().is_memref(ir.value_type(v))));
            for &r in ir.regions(op) {
                for b in ir.region_blocks(r) {
                    out.extend(ir.block_args(b).iter().copied().filter(|&v| ir.ctx().is_memref(ir.value_type(v))));
                }
            }
        }
        out
    }

    /// Every list of up to three buffers (with repeats) and every query
    /// buffer: the aggregate answers equal the pairwise ones.
    #[test]
    fn index_answers_as_pairwise_queries() {
        let m = testkit::parse(SRC);
        let ir = &m.ir;
        let origins = Origins::new(ir, m.top);
        let all = buffers(&m);
        assert!(all.len() >= 15, "{}", all.len());
        let mut lists: Vec<Vec<ValueId>> = vec![all.clone()];
        for &a in &all {
            for &b in &all {
                lists.push(vec![a, b]);
                for &c in all.iter().step_by(3) {
                    lists.push(vec![a, b, c]);
                }
            }
        }
        let mut kinds = [0usize; 3];
        // Both ways of answering: grouped into bags, and pair by pair.
        for (list, grouped) in lists.iter().flat_map(|l| [(l, true), (l, false)]) {
            let index = AliasIndex::build(&origins, ir, list, grouped);
            let os: Vec<Origin> = list.iter().map(|&v| origins.origin(ir, v)).collect();
            for &qv in &all {
                let q = origins.origin(ir, qv);
                let rel: Vec<Option<bool>> = os.iter().map(|o| same_allocation(&origins, o, &q)).collect();
                let may_alias = |j: usize| !distinct(&os[j], &q) && rel[j] != Some(false);
                let expect: Vec<u32> = (0..os.len()).filter(|&j| may_alias(j)).map(|j| j as u32).collect();
                assert_eq!(index.potential_aliases(&origins, &q), expect);
                assert_eq!(index.potentially_aliased(&origins, &q, None), !expect.is_empty());
                let must: Vec<u32> = (0..os.len()).filter(|&j| rel[j] == Some(true)).map(|j| j as u32).collect();
                assert_eq!(index.must(&origins, &q), must);
                let expect_mm = (!rel.contains(&None)).then_some(must);
                assert_eq!(index.must_unless_may(&origins, &q), expect_mm);
                for r in &rel {
                    kinds[match r {
                        Some(true) => 0,
                        Some(false) => 1,
                        None => 2,
                    }] += 1;
                }
            }
            for (i, o) in os.iter().enumerate() {
                let others = (0..os.len()).filter(|&j| j != i);
                let expect = others
                    .into_iter()
                    .any(|j| !distinct(&os[j], o) && same_allocation(&origins, &os[j], o) != Some(false));
                assert_eq!(index.potentially_aliased(&origins, o, Some(i)), expect);
            }
        }
        // Every answer occurs, and the loop's allocation is distinct from its
        // iteration argument.
        assert!(kinds.iter().all(|&k| k > 0), "{kinds:?}");
        let n = m.all("memref.alloc")[3];
        let it = ir.block_args(ir.op_block(n).expect("in the loop body"))[1];
        assert!(distinct(&origins.origin(ir, ir.result(n, 0)), &origins.origin(ir, it)));
    }
}
