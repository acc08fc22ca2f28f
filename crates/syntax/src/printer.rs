//! Printing ops, regions and blocks in MLIR's textual format, generic or
//! custom, with SSA names chosen the way mlir-opt chooses them.
//!
//! Owns SSA/block naming (numbering scopes, `%argN`, name hints from
//! [`OpAsm::result_names`], conflict suffixes, result groups), the generic
//! op form, region/block printing with predecessor comments, trailing
//! locations, and the top-level layout (aliases before the module, deferred
//! location aliases after it). Types and attributes are printed by
//! [`crate::print_attr`]. With [`PrintOptions::parallel`], the ops of a
//! large block are printed in chunks on the rayon pool (see
//! `OpPrinter::print_ops_in_parallel`).

use std::io::Write;
use std::ops::Deref;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use crate::asm::OpAsm;
use crate::numfmt;
use crate::print_attr::{self, AliasTable, Elision};
use ir::entity::EntityRef;
use ir::{
    AttrKind, Attribute, BlockId, Context, Ir, Location, NamedAttr, OpId, RegionId, Str, Type, ValueDef, ValueId,
};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// Printer flags (mlir-opt's `--mlir-print-*` options).
#[derive(Clone, Copy, Debug, Default)]
pub struct PrintOptions {
    /// `--mlir-print-op-generic`
    pub generic: bool,
    /// `--mlir-print-debuginfo`
    pub debug_info: bool,
    /// `--mlir-elide-elementsattrs-if-larger=N`
    pub elide_elements_larger: Option<u64>,
    /// `--mlir-print-elementsattrs-with-hex-if-larger=N` (`None`: MLIR's default).
    pub hex_elements_larger: Option<i64>,
    /// `--mlir-print-local-scope`: no aliases; everything prints inline.
    pub local_scope: bool,
    /// `--mlir-print-skip-regions`: regions print as `{...}`.
    pub skip_regions: bool,
    /// `--mlir-print-unique-ssa-ids` (implied by the generic form): value
    /// numbers are not restarted in each isolated region.
    pub unique_ssa_ids: bool,
    /// `--mlir-pretty-debuginfo`.
    pub pretty_debuginfo: bool,
    /// `--mlir-print-value-users`: a comment after each op and before each
    /// block's ops naming the users of each value; ops without results are
    /// numbered as values are, to be named there.
    pub value_users: bool,
    /// Print the ops of large blocks in chunks on the rayon pool (threading
    /// is on unless `--mlir-disable-threading`). The text is the serial
    /// print's, byte for byte.
    pub parallel: bool,
}

/// A block whose ops, nested ones included, number fewer than this is
/// printed serially: the pool's start-up would cost more than it saves.
const PARALLEL_MIN_OPS: usize = 4096;

/// The chunks of a split block per pool thread, for load balance (the ops
/// of a chunk may hold very different amounts of nested IR).
const CHUNKS_PER_THREAD: usize = 8;

/// Chunks printed on the rayon pool since the process started.
static PARALLEL_CHUNKS: AtomicU64 = AtomicU64::new(0);

/// Chunks of regions named on the rayon pool since the process started.
static PARALLEL_NAMING: AtomicU64 = AtomicU64::new(0);

/// How many chunks of ops have been printed on the rayon pool since the
/// process started: lets tests check that the parallel path was taken.
pub fn parallel_chunks_printed() -> u64 {
    PARALLEL_CHUNKS.load(Ordering::Relaxed)
}

/// How many chunks of sibling regions have been named on the rayon pool
/// since the process started (see `Names::number_in_parallel`).
pub fn parallel_naming_chunks() -> u64 {
    PARALLEL_NAMING.load(Ordering::Relaxed)
}

/// True when the regions `rs` hold at least `n` ops, nested ones included
/// (stops counting at `n`).
fn regions_hold_at_least(ir: &Ir, rs: &[RegionId], n: usize) -> bool {
    let mut seen = 0usize;
    for &r in rs {
        for b in ir.region_blocks(r) {
            for o in ir.block_ops(b) {
                ir.walk_pre(o, |_| {
                    seen += 1;
                    if seen >= n {
                        ir::WalkResult::Interrupt
                    } else {
                        ir::WalkResult::Advance
                    }
                });
                if seen >= n {
                    return true;
                }
            }
        }
    }
    false
}

/// A region waiting to be named, with the counters it starts from (value,
/// argument, conflict) and the length of the used-name log of its parent
/// scope.
type Frame = (RegionId, u32, u32, u32, usize);

/// State a printer owns, or borrows from the printer that split a block
/// into chunks printed in parallel (names and aliases are only read then).
enum Held<'p, T> {
    Own(T),
    Lent(&'p T),
}

impl<T> Deref for Held<'_, T> {
    type Target = T;
    #[inline]
    fn deref(&self) -> &T {
        match self {
            Held::Own(t) => t,
            Held::Lent(t) => t,
        }
    }
}

impl<T> Held<'_, T> {
    /// The owned value; `None` for a borrowed one (chunk printers, which
    /// never collect aliases).
    fn own_mut(&mut self) -> Option<&mut T> {
        match self {
            Held::Own(t) => Some(t),
            Held::Lent(_) => None,
        }
    }
}

/// Slots of an [`AsmCache`].
const ASM_SLOTS: usize = 64;

/// A direct-mapped cache of the custom syntax ([`OpAsm`]) of op names:
/// the registry's interface lookup compares type ids and makes a virtual
/// call per entry, and the printer asks for every op it numbers or prints
/// (and for the parent of every block).
struct AsmCache<'p> {
    slots: [(u32, Option<&'p dyn OpAsm>); ASM_SLOTS],
}

impl<'p> AsmCache<'p> {
    fn new() -> Self {
        AsmCache { slots: [(u32::MAX, None); ASM_SLOTS] }
    }

    /// The custom syntax of ops named `name`, if registered.
    #[inline]
    fn get(&mut self, ctx: &'p Context, name: Str) -> Option<&'p dyn OpAsm> {
        let k = name.as_u32();
        let slot = &mut self.slots[k as usize % ASM_SLOTS];
        if slot.0 != k {
            *slot = (k, ctx.registry().interface::<dyn OpAsm>(name));
        }
        slot.1
    }
}

/// The op name printed in custom form: without the `dd.` prefix when the
/// name has exactly one dot and `dd` (the default dialect in force) is its
/// dialect.
#[inline]
fn short_op_name<'a>(name: &'a str, dd: &str) -> &'a str {
    if dd.is_empty() {
        return name;
    }
    match name.strip_prefix(dd).and_then(|s| s.strip_prefix('.')) {
        Some(rest) if !rest.bytes().any(|c| c == b'.') && !dd.bytes().any(|c| c == b'.') => rest,
        _ => name,
    }
}

const NO_ID: u32 = u32::MAX;
/// `value_ids` entries with this bit set print as `%argN`, N in the low
/// bits (entry-block arguments in generic form, which need no name string).
const ARG: u32 = 1 << 31;
/// `value_ids` entries with this bit (and not [`ARG`]) set print the name
/// whose index in [`Names::name_spans`] is in the low bits.
const NAMED: u32 = 1 << 30;

/// SSA value and block names for one print.
pub struct Names {
    /// Per value: a number (`%N`, N below [`NAMED`]), `ARG | N` (`%argN`),
    /// `NAMED | i` (the name `i` of `name_spans`) or `NO_ID`.
    value_ids: IdWindow,
    /// The names of named values, back to back (no allocation per name).
    name_text: String,
    /// `(start, end)` of each name in `name_text`.
    name_spans: Vec<(u32, u32)>,
    result_groups: FxHashMap<OpId, Vec<u32>>,
    /// Per block: its number within its region (`^bbN`), or `NO_ID`.
    block_ids: IdWindow,
    /// With `--mlir-print-value-users`: the number of each op without
    /// results (`None` otherwise).
    op_ids: Option<FxHashMap<OpId, u32>>,
}

/// Numbers per entity index over the window of indices actually named
/// (`NO_ID` outside it). Naming one function of a large module then costs
/// the function's size, not the module's: its entities are allocated close
/// together, while a table over every index would be as large as the
/// module ([`ScopedOpPrinter`] names one function at a time).
#[derive(Default)]
struct IdWindow {
    base: usize,
    ids: Vec<u32>,
}

impl IdWindow {
    #[inline]
    fn get(&self, i: usize) -> u32 {
        match i.checked_sub(self.base) {
            Some(j) => self.ids.get(j).copied().unwrap_or(NO_ID),
            None => NO_ID,
        }
    }

    fn set(&mut self, i: usize, id: u32) {
        if self.ids.is_empty() {
            self.base = i;
        }
        if i < self.base {
            // Grow downwards by at least the current size (amortised).
            let grow = (self.base - i).max(self.ids.len()).min(self.base);
            let mut ids = vec![NO_ID; grow];
            ids.append(&mut self.ids);
            self.ids = ids;
            self.base -= grow;
        }
        let j = i - self.base;
        if j >= self.ids.len() {
            self.ids.resize(j + 1, NO_ID);
        }
        self.ids[j] = id;
    }
}

/// The names in use in the current scope, with how many values of the
/// enclosing scopes hold each, and the order they were taken in (so that
/// leaving a scope gives its names back).
struct UsedNames {
    /// Keys are kept at count 0 once released: a name used again (`arg0`
    /// in every function) costs no allocation.
    count: FxHashMap<String, u32>,
    /// Indices (into [`Names::name_spans`]) of the names taken, in order.
    log: Vec<u32>,
    /// The names in use where a parallel chunk starts (read-only, shared
    /// by every chunk): a chunk only adds and gives back its own names, so
    /// it looks here instead of copying a table that holds every name of a
    /// large function.
    parent: Option<Arc<FxHashMap<String, u32>>>,
}

impl UsedNames {
    fn contains(&self, s: &str) -> bool {
        self.count.get(s).is_some_and(|&c| c > 0)
            || self.parent.as_ref().is_some_and(|p| p.get(s).is_some_and(|&c| c > 0))
    }
    fn insert(&mut self, s: &str, index: u32) {
        match self.count.get_mut(s) {
            Some(c) => *c += 1,
            None => {
                self.count.insert(s.to_string(), 1);
            }
        }
        self.log.push(index);
    }
    fn truncate(&mut self, len: usize, names: &Names) {
        while self.log.len() > len {
            let Some(i) = self.log.pop() else { break };
            if let Some(c) = self.count.get_mut(names.name(i)) {
                *c -= 1;
            }
        }
    }
}

struct Counters {
    value: u32,
    arg: u32,
    conflict: u32,
}

/// What naming carries from op to op besides the names: the names in use,
/// the counters, the custom-syntax cache, and a buffer for name hints.
struct Naming<'a> {
    used: UsedNames,
    c: Counters,
    asms: AsmCache<'a>,
    /// Hinted values with the `(start, end)` of their hint in `hint_text`.
    hints: Vec<(ValueId, u32, u32)>,
    hint_text: String,
}

impl Naming<'_> {
    /// A state with `count` names in use (none to give back) and counters `c`.
    fn new(count: FxHashMap<String, u32>, c: Counters) -> Self {
        Naming {
            used: UsedNames { count, log: Vec::new(), parent: None },
            c,
            asms: AsmCache::new(),
            hints: Vec::new(),
            hint_text: String::new(),
        }
    }

    /// Collects the hints `f` gives into `hints` (cleared first).
    fn gather(&mut self, f: impl FnOnce(&mut dyn FnMut(ValueId, &str))) {
        self.hints.clear();
        self.hint_text.clear();
        let (hints, text) = (&mut self.hints, &mut self.hint_text);
        f(&mut |v, s| {
            let start = text.len() as u32;
            text.push_str(s);
            hints.push((v, start, text.len() as u32));
        });
    }
}

/// Appends `name` made safe to print after `%`, as MLIR's
/// `sanitizeIdentifier` does (`name` is not empty).
fn sanitize_into(name: &str, out: &mut String) {
    let valid = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'$' | b'.' | b'_' | b'-');
    let bytes = name.as_bytes();
    let first = bytes.first().copied().unwrap_or(b'_');
    if first.is_ascii_digit() || (!valid(first) && first != b' ') {
        out.push('_');
    }
    if bytes.iter().all(|&b| valid(b)) {
        out.push_str(name);
        return;
    }
    for &ch in bytes {
        if valid(ch) {
            out.push(ch as char);
        } else if ch == b' ' {
            out.push('_');
        } else {
            use std::fmt::Write as _;
            let _ = write!(out, "{ch:X}");
        }
    }
}

impl Names {
    /// Computes names for everything under `top`.
    pub fn compute(ir: &Ir, top: OpId, generic: bool) -> Names {
        Names::compute_with(ir, top, generic, generic)
    }

    /// Computes names for everything under `top`; `unique` numbers values
    /// across isolated regions instead of restarting in each.
    pub fn compute_with(ir: &Ir, top: OpId, generic: bool, unique: bool) -> Names {
        Names::compute_impl(ir, top, generic, unique, false, false)
    }

    fn empty() -> Names {
        Names {
            value_ids: IdWindow::default(),
            name_text: String::new(),
            name_spans: Vec::new(),
            result_groups: FxHashMap::default(),
            block_ids: IdWindow::default(),
            op_ids: None,
        }
    }

    /// [`Names::compute_with`]; `parallel` lets large sibling regions be
    /// named on the rayon pool (see [`Names::number_in_parallel`]).
    /// `number_ops` numbers the ops without results too (for
    /// `--mlir-print-value-users`), which serial naming alone does in
    /// MLIR's order.
    fn compute_impl(ir: &Ir, top: OpId, generic: bool, unique: bool, parallel: bool, number_ops: bool) -> Names {
        let mut n = Names::empty();
        let parallel = parallel && !number_ops;
        if number_ops {
            n.op_ids = Some(FxHashMap::default());
        }
        let mut st = Naming::new(FxHashMap::default(), Counters { value: 0, arg: 0, conflict: 0 });
        let mut stack: Vec<Frame> = Vec::new();
        for &r in ir.regions(top).iter() {
            stack.push((r, 0, 0, 0, 0));
        }
        n.number_op(ir, top, generic, &mut st);
        // Sibling regions are independent only when each restarts from
        // its parent's counters (not with unique ids).
        let mut may_split = parallel && !unique && rayon::current_num_threads() >= 2;
        n.drain(ir, generic, unique, &mut st, &mut stack, &mut may_split);
        n
    }

    /// Names the regions of `stack` and everything nested in them. The
    /// first time a region has two or more nested regions while
    /// `may_split` holds, those are named in parallel if large enough
    /// (and `may_split` is cleared either way, so the size check runs once).
    fn drain<'a>(
        &mut self,
        ir: &'a Ir,
        generic: bool,
        unique: bool,
        st: &mut Naming<'a>,
        stack: &mut Vec<Frame>,
        may_split: &mut bool,
    ) {
        let mut nested: Vec<RegionId> = Vec::new();
        while let Some((r, v, a, k, parent_len)) = stack.pop() {
            // Unique SSA ids (MLIR's `shouldPrintUniqueSSAIDs`, implied by
            // the generic form): counters are not restored.
            if !unique {
                st.c = Counters { value: v, arg: a, conflict: k };
            }
            st.used.truncate(parent_len, self);
            self.number_region(ir, r, generic, st, &mut nested);
            if *may_split && nested.len() >= 2 {
                *may_split = false;
                if regions_hold_at_least(ir, &nested, PARALLEL_MIN_OPS) {
                    self.number_in_parallel(ir, generic, st, &nested);
                    nested.clear();
                    continue;
                }
            }
            let here = st.used.log.len();
            let c = &st.c;
            // Nested regions start from the counters reached at the end of
            // this region, in op order (popped last to first).
            stack.extend(nested.drain(..).map(|nr| (nr, c.value, c.arg, c.conflict, here)));
        }
    }

    /// Names the sibling regions `rs` (nested in the region just named,
    /// whose end state `st` holds) in chunks on the rayon pool. Each
    /// region starts from the same counters and names in use and gives its
    /// names back when done, so siblings never see each other's names:
    /// each chunk can be named on its own, from a copy of that state, and
    /// its names merged in (a chunk's name indices shifted past the ones
    /// already taken).
    fn number_in_parallel<'a>(&mut self, ir: &'a Ir, generic: bool, st: &mut Naming<'a>, rs: &[RegionId]) {
        use rayon::prelude::*;
        let per = rs.len().div_ceil(rayon::current_num_threads() * CHUNKS_PER_THREAD).max(1);
        let (v, a, k) = (st.c.value, st.c.arg, st.c.conflict);
        // The chunks share the names in use (lent out and taken back).
        let shared = Arc::new(std::mem::take(&mut st.used.count));
        let parts: Vec<Names> = rs
            .par_chunks(per)
            .map(|chunk| {
                PARALLEL_NAMING.fetch_add(1, Ordering::Relaxed);
                let mut part = Names::empty();
                let mut pst = Naming::new(FxHashMap::default(), Counters { value: v, arg: a, conflict: k });
                pst.used.parent = Some(Arc::clone(&shared));
                let mut stack: Vec<Frame> = chunk.iter().map(|&r| (r, v, a, k, 0)).collect();
                part.drain(ir, generic, false, &mut pst, &mut stack, &mut false);
                part
            })
            .collect();
        st.used.count = Arc::try_unwrap(shared).unwrap_or_else(|still_shared| (*still_shared).clone());
        for p in parts {
            self.absorb(p);
        }
    }

    /// Adds the names of `p` (computed for other entities) to these.
    fn absorb(&mut self, p: Names) {
        let text_base = self.name_text.len() as u32;
        let span_base = self.name_spans.len() as u32;
        self.name_text.push_str(&p.name_text);
        self.name_spans.extend(p.name_spans.iter().map(|&(s, e)| (s + text_base, e + text_base)));
        for (j, &id) in p.value_ids.ids.iter().enumerate() {
            if id == NO_ID {
                continue;
            }
            let id = if id & ARG == 0 && id & NAMED != 0 { NAMED | ((id & !NAMED) + span_base) } else { id };
            self.value_ids.set(p.value_ids.base + j, id);
        }
        for (j, &id) in p.block_ids.ids.iter().enumerate() {
            if id != NO_ID {
                self.block_ids.set(p.block_ids.base + j, id);
            }
        }
        self.result_groups.extend(p.result_groups);
    }

    /// The name with index `i` in `name_spans`.
    #[inline]
    fn name(&self, i: u32) -> &str {
        self.name_spans.get(i as usize).and_then(|&(s, e)| self.name_text.get(s as usize..e as usize)).unwrap_or("")
    }

    /// Names `v` after `hint` (sanitized; a number when empty).
    fn set_name(&mut self, v: ValueId, hint: &str, st: &mut Naming<'_>) {
        if hint.is_empty() {
            self.value_ids.set(v.index(), st.c.value);
            st.c.value += 1;
            return;
        }
        let start = self.name_text.len();
        sanitize_into(hint, &mut self.name_text);
        self.take_name(v, start, st);
    }

    /// Names `v` with the candidate at `name_text[start..]`, or, when that
    /// name is in use, with the first `<candidate>_<N>` that is not (N from
    /// the conflict counter).
    fn take_name(&mut self, v: ValueId, start: usize, st: &mut Naming<'_>) {
        let base_end = self.name_text.len();
        while st.used.contains(&self.name_text[start..]) {
            self.name_text.truncate(base_end);
            self.name_text.push('_');
            numfmt::push_u32(&mut self.name_text, st.c.conflict);
            st.c.conflict += 1;
        }
        let index = self.name_spans.len() as u32;
        debug_assert!(index < NAMED);
        self.name_spans.push((start as u32, self.name_text.len() as u32));
        st.used.insert(&self.name_text[start..], index);
        self.value_ids.set(v.index(), NAMED | index);
    }

    /// Numbers the blocks, arguments and op results of `r`, and appends the
    /// regions of its ops to `nested`.
    fn number_region<'a>(
        &mut self,
        ir: &'a Ir,
        r: RegionId,
        generic: bool,
        st: &mut Naming<'a>,
        nested: &mut Vec<RegionId>,
    ) {
        if !generic {
            if let Some(parent) = ir.region_parent_op(r) {
                if let Some(asm) = st.asms.get(ir.ctx(), ir.op_name(parent)) {
                    st.gather(|set| asm.block_arg_names(ir, parent, r, set));
                    let hints = std::mem::take(&mut st.hints);
                    let text = std::mem::take(&mut st.hint_text);
                    for &(v, s, e) in &hints {
                        if self.value_ids.get(v.index()) == NO_ID {
                            self.set_name(v, text.get(s as usize..e as usize).unwrap_or(""), st);
                        }
                    }
                    (st.hints, st.hint_text) = (hints, text);
                }
            }
        }
        for (i, b) in ir.region_blocks(r).enumerate() {
            self.block_ids.set(b.index(), i as u32);
            let entry = i == 0;
            for &a in ir.block_args(b) {
                if self.value_ids.get(a.index()) != NO_ID {
                    continue;
                }
                if !entry {
                    self.value_ids.set(a.index(), st.c.value);
                    st.c.value += 1;
                } else if generic {
                    // The generic form has no name hints, so `argN` is the
                    // only kind of name and cannot conflict: counters only
                    // grow along a region's ancestors, and names of sibling
                    // subtrees are dropped from `used` between them. No
                    // string (nor conflict bookkeeping) is needed.
                    debug_assert!(st.c.arg < NAMED);
                    self.value_ids.set(a.index(), ARG | st.c.arg);
                    st.c.arg += 1;
                } else {
                    let start = self.name_text.len();
                    self.name_text.push_str("arg");
                    numfmt::push_u32(&mut self.name_text, st.c.arg);
                    st.c.arg += 1;
                    self.take_name(a, start, st);
                }
            }
            for o in ir.block_ops(b) {
                self.number_op(ir, o, generic, st);
                nested.extend_from_slice(ir.regions(o));
            }
        }
    }

    fn number_op<'a>(&mut self, ir: &'a Ir, op: OpId, generic: bool, st: &mut Naming<'a>) {
        let mut groups: SmallVec<[u32; 4]> = SmallVec::new();
        if !generic {
            if let Some(asm) = st.asms.get(ir.ctx(), ir.op_name(op)) {
                st.gather(|set| asm.result_names(ir, op, set));
                if !st.hints.is_empty() {
                    let hints = std::mem::take(&mut st.hints);
                    let text = std::mem::take(&mut st.hint_text);
                    for &(v, s, e) in &hints {
                        if self.value_ids.get(v.index()) != NO_ID {
                            continue;
                        }
                        self.set_name(v, text.get(s as usize..e as usize).unwrap_or(""), st);
                        if let ValueDef::Result { index, .. } = ir.value_def(v) {
                            if index != 0 {
                                groups.push(index);
                            }
                        }
                    }
                    (st.hints, st.hint_text) = (hints, text);
                }
            }
        }
        if ir.num_results(op) == 0 {
            if let Some(ids) = &mut self.op_ids {
                if let std::collections::hash_map::Entry::Vacant(e) = ids.entry(op) {
                    e.insert(st.c.value);
                    st.c.value += 1;
                }
            }
            return;
        }
        let first = ir.result(op, 0);
        if self.value_ids.get(first.index()) == NO_ID {
            self.value_ids.set(first.index(), st.c.value);
            st.c.value += 1;
        }
        if !groups.is_empty() {
            groups.push(0);
            groups.sort_unstable();
            self.result_groups.insert(op, groups.to_vec());
        }
    }
    /// The value whose name `v` is printed with, and the `#N` suffix.
    #[inline]
    fn lookup(&self, ir: &Ir, v: ValueId) -> (ValueId, Option<u32>) {
        if let ValueDef::Result { op, index } = ir.value_def(v) {
            let n = ir.num_results(op) as u32;
            if n != 1 {
                return match self.result_groups.get(&op) {
                    None => (ir.result(op, 0), Some(index)),
                    Some(groups) => {
                        let pos = groups.partition_point(|&g| g <= index);
                        let start = groups[pos - 1];
                        let end = groups.get(pos).copied().unwrap_or(n);
                        (ir.result(op, start as usize), (end - start != 1).then_some(index - start))
                    }
                };
            }
        }
        (v, None)
    }

    /// Writes the name of `lookup` itself (no `#N`); false when unnamed.
    #[inline]
    fn write_head(&self, lookup: ValueId, out: &mut String) -> bool {
        match self.value_ids.get(lookup.index()) {
            NO_ID => {
                out.push_str("<<UNKNOWN SSA VALUE>>");
                return false;
            }
            id if id & ARG != 0 => {
                out.push_str("%arg");
                numfmt::push_u32(out, id & !ARG);
            }
            id if id & NAMED != 0 => {
                out.push('%');
                out.push_str(self.name(id & !NAMED));
            }
            id => {
                out.push('%');
                numfmt::push_u32(out, id);
            }
        }
        true
    }

    /// Writes `%name` (with `#N` for results of multi-result groups).
    pub fn write_value(&self, ir: &Ir, v: ValueId, out: &mut String) {
        let (lookup, result_no) = self.lookup(ir, v);
        if !self.write_head(lookup, out) {
            return;
        }
        if let Some(k) = result_no {
            out.push('#');
            numfmt::push_u32(out, k);
        }
    }

    /// Writes a result group's head value without a result number, and
    /// `:count` when it has several values.
    fn write_result_group(&self, ir: &Ir, op: OpId, start: u32, count: u32, out: &mut String) {
        let (head, _) = self.lookup(ir, ir.result(op, start as usize));
        self.write_head(head, out);
        if count > 1 {
            out.push(':');
            numfmt::push_u32(out, count);
        }
    }

    /// Writes the `^bbN` name of a block.
    pub fn write_block_name(&self, b: BlockId, out: &mut String) {
        match self.block_ids.get(b.index()) {
            NO_ID => out.push_str("^INVALIDBLOCK"),
            i => {
                out.push_str("^bb");
                numfmt::push_u32(out, i);
            }
        }
    }

    /// The `^bbN` name of a block.
    pub fn block_name(&self, b: BlockId) -> String {
        let mut s = String::new();
        self.write_block_name(b, &mut s);
        s
    }
    fn block_order(&self, b: BlockId) -> u32 {
        self.block_ids.get(b.index())
    }
}

/// Longest type or attribute text kept in a [`TextCache`]; longer ones are
/// printed each time (their cost is in the text, not the lookup).
const MAX_CACHED: usize = 256;

/// The printed text of types and attributes, by handle, for one print pass
/// (the alias table is fixed during it, so a handle always prints the same).
#[derive(Default)]
struct TextCache {
    text: String,
    /// `(start, len)` in `text` per handle index (`start == u32::MAX`:
    /// absent), for types ([`TYPES`]) and for attributes in each
    /// [`Elision`] mode ([`attr_table`]).
    tables: [Vec<(u32, u32)>; 4],
}

const TYPES: usize = 0;
const ABSENT: (u32, u32) = (u32::MAX, 0);

/// The [`TextCache`] table of attributes printed with `e`.
fn attr_table(e: Elision) -> usize {
    match e {
        Elision::Never => 1,
        Elision::May => 2,
        Elision::Must => 3,
    }
}

impl TextCache {
    #[inline]
    fn get(&self, table: usize, i: usize) -> Option<&str> {
        match self.tables[table].get(i) {
            Some(&(s, l)) if s != u32::MAX => Some(&self.text[s as usize..(s + l) as usize]),
            _ => None,
        }
    }

    /// Records `text` for handle `i` in `table`.
    fn put(&mut self, table: usize, i: usize, text: &str) {
        if text.len() > MAX_CACHED || self.text.len() + text.len() > u32::MAX as usize {
            return;
        }
        let span = (self.text.len() as u32, text.len() as u32);
        self.text.push_str(text);
        let t = &mut self.tables[table];
        if t.len() <= i {
            t.resize(i + 1, ABSENT);
        }
        t[i] = span;
    }
}

/// Complete lines are handed to the sink once the buffer holds this much.
const FLUSH_AT: usize = 1 << 16;

/// Prints ops; custom printers receive this.
pub struct OpPrinter<'p> {
    /// The IR.
    pub ir: &'p Ir,
    /// Output. When the printer streams to a sink, complete lines are
    /// moved out of it between ops, so a custom printer must not keep an
    /// offset into it across printing a region.
    pub out: String,
    /// Options.
    pub opts: PrintOptions,
    names: Held<'p, Names>,
    aliases: Held<'p, AliasTable>,
    indent: usize,
    /// Alias-collection pass: printing records types, attributes and
    /// locations in print order instead of writing them (MLIR's dummy
    /// alias printer), so alias numbering follows first use. Text written
    /// meanwhile is discarded.
    collect: bool,
    /// True when the alias-collection pass was skipped because nothing in
    /// the context can have an alias.
    aliases_skipped: bool,
    cache: TextCache,
    /// Where complete lines go when streaming (`None`: all stays in `out`).
    sink: Option<&'p mut dyn Write>,
    /// The first error the sink returned; later output is dropped.
    sink_error: Option<std::io::Error>,
    /// The default dialect in force for the ops being printed: that of the
    /// op owning the enclosing region ("" when it has none), `builtin` at
    /// the top level and for an op a [`ScopedOpPrinter`] prints on its own.
    dd: &'static str,
    /// Custom syntax by op name.
    asm: AsmCache<'p>,
    /// No block below is split for parallel printing: set in chunk
    /// printers, and while printing a block too small to split (so its
    /// nested blocks, smaller still, are not counted again).
    no_split: bool,
    /// Whether the context allows a parallel print (it has no `distinct`
    /// attribute, numbered in print order); `None` until first asked.
    may_split: Option<bool>,
}

impl<'p> OpPrinter<'p> {
    fn new(
        ir: &'p Ir,
        opts: PrintOptions,
        names: Held<'p, Names>,
        aliases: Held<'p, AliasTable>,
        collect: bool,
    ) -> Self {
        OpPrinter {
            ir,
            out: String::new(),
            opts,
            names,
            aliases,
            indent: 0,
            collect,
            aliases_skipped: false,
            cache: TextCache::default(),
            sink: None,
            sink_error: None,
            dd: "builtin",
            asm: AsmCache::new(),
            no_split: false,
            may_split: None,
        }
    }

    /// The context.
    pub fn ctx(&self) -> &'p Context {
        self.ir.ctx()
    }
    /// Writes a value's name.
    pub fn print_value(&mut self, v: ValueId) {
        if self.collect {
            return;
        }
        self.names.write_value(self.ir, v, &mut self.out);
    }
    /// Writes `%a, %b`.
    pub fn print_values(&mut self, vs: impl IntoIterator<Item = ValueId>) {
        if self.collect {
            return;
        }
        for (i, v) in vs.into_iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.names.write_value(self.ir, v, &mut self.out);
        }
    }
    /// True during the alias-collection pass (MLIR's dummy alias printer),
    /// for printers whose upstream counterpart visits less there (e.g.
    /// `printRegionArgument` skips the argument's attributes).
    pub fn collecting_aliases(&self) -> bool {
        self.collect
    }
    /// Writes a type.
    pub fn print_type(&mut self, t: Type) {
        if self.collect {
            if let Some(a) = self.aliases.own_mut() {
                a.collect_type(self.ir.ctx(), t);
            }
            return;
        }
        let i = t.as_u32() as usize;
        if let Some(text) = self.cache.get(TYPES, i) {
            self.out.push_str(text);
            return;
        }
        let start = self.out.len();
        print_attr::print_type(self.ir.ctx(), &self.aliases, t, &mut self.out);
        self.cache.put(TYPES, i, &self.out[start..]);
    }
    /// Writes `t1, t2`.
    pub fn print_types(&mut self, ts: impl IntoIterator<Item = Type>) {
        for (i, t) in ts.into_iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_type(t);
        }
    }
    /// Writes an attribute with the given type elision, through the cache.
    fn print_attr_with(&mut self, a: Attribute, elision: Elision) {
        if self.collect {
            if let Some(t) = self.aliases.own_mut() {
                t.collect_attr(self.ir.ctx(), a);
            }
            return;
        }
        let table = attr_table(elision);
        let i = a.as_u32() as usize;
        if let Some(text) = self.cache.get(table, i) {
            self.out.push_str(text);
            return;
        }
        let start = self.out.len();
        print_attr::print_attr_elision(self.ir.ctx(), &self.aliases, a, &mut self.out, elision);
        self.cache.put(table, i, &self.out[start..]);
    }
    /// Writes an attribute (with its type unless elided by MLIR's rules).
    pub fn print_attr(&mut self, a: Attribute) {
        self.print_attr_with(a, Elision::Never);
    }
    /// Writes an attribute without its type.
    pub fn print_attr_no_type(&mut self, a: Attribute) {
        self.print_attr_with(a, Elision::Must);
    }
    /// Writes a block name.
    pub fn print_block_name(&mut self, b: BlockId) {
        if self.collect {
            return;
        }
        self.names.write_block_name(b, &mut self.out);
    }
    /// Writes `^bb1` or `^bb1(%a, %b : i32, f32)` (MLIR's successor-and-use list).
    pub fn print_successor_and_use_list(&mut self, b: BlockId, operands: &[ValueId]) {
        self.print_block_name(b);
        if operands.is_empty() {
            return;
        }
        self.out.push('(');
        self.print_values(operands.iter().copied());
        self.out.push_str(" : ");
        let ir = self.ir;
        self.print_types(operands.iter().map(|&v| ir.value_type(v)));
        self.out.push(')');
    }
    /// Writes `{a = 1, b}` for `attrs` (collects their values when
    /// collecting).
    fn print_attr_dict_entries(&mut self, attrs: impl Iterator<Item = NamedAttr>) {
        let ctx = self.ir.ctx();
        if self.collect {
            if let Some(t) = self.aliases.own_mut() {
                for a in attrs {
                    t.collect_attr(ctx, a.value);
                }
            }
            return;
        }
        self.out.push('{');
        for (i, n) in attrs.enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            print_attr::print_keyword_or_string(ctx.str(n.name), &mut self.out);
            if n.value != ctx.unit_attr() {
                self.out.push_str(" = ");
                self.print_attr_with(n.value, Elision::Never);
            }
        }
        self.out.push('}');
    }
    /// Writes ` {a = 1, ...}` for attributes not in `elide` (nothing if none).
    pub fn print_optional_attr_dict(&mut self, attrs: &[NamedAttr], elide: &[&str]) {
        let ctx = self.ir.ctx();
        let kept = |a: &&NamedAttr| elide.is_empty() || !elide.contains(&ctx.str(a.name));
        if !attrs.iter().any(|a| kept(&a)) {
            return;
        }
        if !self.collect {
            self.out.push(' ');
        }
        self.print_attr_dict_entries(attrs.iter().filter(kept).copied());
    }
    /// Like [`Self::print_optional_attr_dict`] with the `attributes` keyword.
    pub fn print_optional_attr_dict_with_keyword(&mut self, attrs: &[NamedAttr], elide: &[&str]) {
        let ctx = self.ir.ctx();
        if attrs.iter().any(|a| !elide.contains(&ctx.str(a.name))) {
            self.out.push_str(" attributes");
        }
        self.print_optional_attr_dict(attrs, elide);
    }
    /// Writes a region: `{`, its blocks, `}`.
    pub fn print_region(
        &mut self,
        r: RegionId,
        print_entry_args: bool,
        print_terminators: bool,
        print_empty_block: bool,
    ) {
        if self.opts.skip_regions {
            self.out.push_str("{...}");
            return;
        }
        self.out.push_str("{\n");
        if let Some(entry) = self.ir.entry_block(r) {
            let always = (print_empty_block && self.ir.block_is_empty(entry))
                || (print_entry_args && !self.ir.block_args(entry).is_empty());
            self.print_block(entry, always, print_terminators);
            let mut b = self.ir.next_block(entry);
            while let Some(bb) = b {
                self.print_block(bb, true, true);
                b = self.ir.next_block(bb);
            }
        }
        self.push_indent();
        self.out.push('}');
    }

    /// The indentation (in spaces) of the op being printed, for custom
    /// printers that break lines (`cf.switch`).
    pub fn indent(&self) -> usize {
        self.indent
    }

    /// Sets the indentation for what follows (MLIR's `increaseIndent` /
    /// `decreaseIndent`, for custom printers that print a region on a line
    /// of its own, like `linalg.map`).
    pub fn set_indent(&mut self, n: usize) {
        self.indent = n;
    }

    fn push_indent(&mut self) {
        const SPACES: &str = "                                                                ";
        let mut n = self.indent;
        while n > 0 {
            let k = n.min(SPACES.len());
            self.out.push_str(&SPACES[..k]);
            n -= k;
        }
    }

    /// Hands the buffered output to the sink when streaming (call only at
    /// a line boundary).
    fn maybe_flush(&mut self) {
        if self.out.len() < FLUSH_AT || self.collect {
            return;
        }
        if let Some(sink) = self.sink.as_mut() {
            if self.sink_error.is_none() {
                if let Err(e) = sink.write_all(self.out.as_bytes()) {
                    self.sink_error = Some(e);
                }
            }
            self.out.clear();
        }
    }

    fn print_block(&mut self, b: BlockId, header: bool, terminator: bool) {
        let ir = self.ir;
        if header {
            self.push_indent();
            self.print_block_name(b);
            let args = ir.block_args(b);
            if !args.is_empty() {
                self.out.push('(');
                for (i, &a) in args.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.print_value(a);
                    self.out.push_str(": ");
                    self.print_type(ir.value_type(a));
                    if self.opts.debug_info {
                        self.out.push(' ');
                        self.print_arg_loc(ir.value_loc(a));
                    }
                }
                self.out.push(')');
            }
            self.out.push(':');
            let preds = ir.predecessors(b);
            if preds.is_empty() {
                if ir.block_region(b).and_then(|r| ir.entry_block(r)) != Some(b) {
                    self.out.push_str("  // no predecessors");
                }
            } else if preds.len() == 1 {
                self.out.push_str("  // pred: ");
                let pb = ir.op_block(preds[0]).expect("terminator in a block");
                self.print_block_name(pb);
            } else {
                let mut pbs: SmallVec<[BlockId; 8]> = preds.iter().filter_map(|&p| ir.op_block(p)).collect();
                pbs.sort_by_key(|&x| self.names.block_order(x));
                self.out.push_str("  // ");
                numfmt::push_u64(&mut self.out, pbs.len() as u64);
                self.out.push_str(" preds: ");
                for (i, pb) in pbs.into_iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.print_block_name(pb);
                }
            }
            self.out.push('\n');
        }
        self.indent += 2;
        if self.opts.value_users && !self.collect {
            for &a in ir.block_args(b) {
                self.push_indent();
                self.out.push_str("// ");
                self.print_value(a);
                if ir.has_uses(a) {
                    self.out.push_str(" is used by ");
                    self.print_value_users(a);
                } else {
                    self.out.push_str(" is unused");
                }
                self.out.push('\n');
            }
        }
        let (dd, no_split) = (self.dd, self.no_split);
        if !self.opts.generic {
            let parent = ir.block_region(b).and_then(|r| ir.region_parent_op(r));
            self.dd = self.default_dialect_in(parent);
        }
        if !self.print_ops_in_parallel(b, terminator) {
            let last = ir.last_op(b);
            for o in ir.block_ops(b) {
                if !terminator && Some(o) == last && ir.has_trait(o, ir::OpTraits::TERMINATOR) {
                    continue;
                }
                self.print_full_op(o);
                self.out.push('\n');
                self.maybe_flush();
            }
        }
        (self.dd, self.no_split) = (dd, no_split);
        self.indent -= 2;
    }

    /// Prints the ops of `b` (each on its line, as the serial loop of
    /// [`Self::print_block`] does) in chunks of consecutive ops on the
    /// rayon pool, when parallel printing is on and the block holds at
    /// least [`PARALLEL_MIN_OPS`] ops, nested ones included; false (nothing
    /// printed) otherwise. Each chunk has a printer of its own that borrows
    /// this one's names and aliases (computed before printing, so fixed)
    /// and starts at the same indentation and default dialect; the chunks'
    /// texts are appended in order. Nothing else a printer keeps depends on
    /// what it printed before, except `distinct` attribute numbers: a
    /// context holding one is printed serially.
    fn print_ops_in_parallel(&mut self, b: BlockId, terminator: bool) -> bool {
        use rayon::prelude::*;
        if self.collect || !self.opts.parallel || self.no_split {
            return false;
        }
        let ir = self.ir;
        match (ir.first_op(b), ir.last_op(b)) {
            (Some(first), Some(last)) if first != last => {}
            _ => return false,
        }
        let threads = rayon::current_num_threads();
        let mut seen = 0usize;
        if threads >= 2 {
            for o in ir.block_ops(b) {
                ir.walk_pre(o, |_| {
                    seen += 1;
                    if seen >= PARALLEL_MIN_OPS {
                        ir::WalkResult::Interrupt
                    } else {
                        ir::WalkResult::Advance
                    }
                });
                if seen >= PARALLEL_MIN_OPS {
                    break;
                }
            }
        }
        if seen < PARALLEL_MIN_OPS
            || !*self.may_split.get_or_insert_with(|| !print_attr::context_has_distinct(ir.ctx()))
        {
            // Nested blocks hold fewer ops still (or the context forbids).
            self.no_split = true;
            return false;
        }
        let mut ops: Vec<OpId> = ir.block_ops(b).collect();
        if !terminator && ops.last().is_some_and(|&o| ir.has_trait(o, ir::OpTraits::TERMINATOR)) {
            ops.pop();
        }
        let per = ops.len().div_ceil(threads * CHUNKS_PER_THREAD).max(1);
        let (names, aliases) = (&*self.names, &*self.aliases);
        let (opts, indent, dd, skipped) = (self.opts, self.indent, self.dd, self.aliases_skipped);
        let texts: Vec<String> = ops
            .par_chunks(per)
            .map(|chunk| {
                PARALLEL_CHUNKS.fetch_add(1, Ordering::Relaxed);
                let mut pr = OpPrinter::new(ir, opts, Held::Lent(names), Held::Lent(aliases), false);
                (pr.indent, pr.dd, pr.no_split, pr.aliases_skipped) = (indent, dd, true, skipped);
                for &o in chunk {
                    pr.print_full_op(o);
                    pr.out.push('\n');
                }
                pr.out
            })
            .collect();
        for t in texts {
            self.out.push_str(&t);
            self.maybe_flush();
        }
        true
    }

    /// Writes `loc(...)`.
    pub fn print_loc(&mut self, l: Location) {
        self.print_loc_deferrable(l, false);
    }

    /// Writes the `loc(...)` of a block or region argument. As in MLIR, its
    /// alias is collected (and defined at the top) but the location itself
    /// is printed inline; nested locations still use their aliases.
    pub fn print_arg_loc(&mut self, l: Location) {
        if self.collect {
            if let Some(t) = self.aliases.own_mut() {
                t.collect_loc(self.ir.ctx(), l, false);
            }
            return;
        }
        print_attr::print_loc_inline(self.ir.ctx(), &self.aliases, l, &mut self.out);
    }

    /// Writes `loc(...)`; `deferrable` locations (trailing op locations)
    /// may have their alias defined after the module.
    pub fn print_loc_deferrable(&mut self, l: Location, deferrable: bool) {
        if self.collect {
            if let Some(t) = self.aliases.own_mut() {
                t.collect_loc(self.ir.ctx(), l, deferrable);
            }
            return;
        }
        // Locations are only printed with debug info, which never skips the
        // alias pass (an unaliased location would print inline).
        debug_assert!(!self.aliases_skipped || self.opts.local_scope, "location printed without debug info");
        print_attr::print_loc(self.ir.ctx(), &self.aliases, l, &mut self.out);
    }

    /// Writes an op with its indentation, results and trailing location.
    pub fn print_full_op(&mut self, op: OpId) {
        if self.collect {
            // MLIR's alias pass visits an op's location before the op.
            if self.opts.debug_info {
                self.print_loc_deferrable(self.ir.op_loc(op), true);
            }
            self.print_op(op);
            return;
        }
        self.push_indent();
        self.print_op(op);
        if self.opts.debug_info {
            self.out.push(' ');
            self.print_loc_deferrable(self.ir.op_loc(op), true);
        }
        if self.opts.value_users {
            self.print_users_comment(op);
        }
    }

    /// ` // id: %N`, ` // unused` or ` // user(s): ...` after `op`
    /// (MLIR's `printUsersComment`).
    fn print_users_comment(&mut self, op: OpId) {
        let ir = self.ir;
        let n = ir.num_results(op);
        if n == 0 {
            if ir.num_operands(op) > 0 {
                self.out.push_str(" // id: ");
                self.print_op_id(op);
            }
            return;
        }
        if !ir.results(op).any(|r| ir.has_uses(r)) {
            self.out.push_str(" // unused");
            return;
        }
        // The users of all results, each once.
        let mut seen: SmallVec<[OpId; 8]> = SmallVec::new();
        let mut in_results = 0;
        for r in ir.results(op) {
            for u in ir.users(r) {
                if !seen.contains(&u) {
                    seen.push(u);
                    in_results += ir.num_results(u);
                }
            }
        }
        let one = in_results <= 1 && seen.len() <= 1 && n == 1;
        self.out.push_str(if one { " // user: " } else { " // users: " });
        for (i, r) in ir.results(op).enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            if n > 1 {
                self.out.push('(');
            }
            self.print_value_users(r);
            if n > 1 {
                self.out.push(')');
            }
        }
    }

    /// The users of `v`, each once, in use-list order: an op by its
    /// results, or by its number when it has none.
    fn print_value_users(&mut self, v: ValueId) {
        let ir = self.ir;
        if !ir.has_uses(v) {
            self.out.push_str("unused");
        }
        let mut seen: SmallVec<[OpId; 8]> = SmallVec::new();
        for (i, u) in ir.users(v).enumerate() {
            if seen.contains(&u) {
                continue;
            }
            seen.push(u);
            if i > 0 {
                self.out.push_str(", ");
            }
            if ir.num_results(u) == 0 {
                self.print_op_id(u);
            } else {
                self.print_values(ir.results(u));
            }
        }
    }

    /// `%N` of an op without results, numbered with the values.
    fn print_op_id(&mut self, op: OpId) {
        match self.names.op_ids.as_ref().and_then(|ids| ids.get(&op)) {
            Some(&id) => {
                self.out.push('%');
                numfmt::push_u32(&mut self.out, id);
            }
            None => self.out.push_str("<<UNKNOWN OPERATION>>"),
        }
    }

    /// Writes `op` in custom form when it has one, else generic, without its
    /// results, indentation or location (MLIR's `printCustomOrGenericOp`,
    /// for custom printers that print a nested op inline, like
    /// `vector.mask`).
    pub fn print_custom_or_generic_op(&mut self, op: OpId) {
        if self.collect && self.opts.debug_info {
            // MLIR visits the location for aliases, deferrable.
            self.print_loc_deferrable(self.ir.op_loc(op), true);
        }
        self.print_op_body(op);
    }

    fn print_op(&mut self, op: OpId) {
        let ir = self.ir;
        let n = ir.num_results(op);
        if n > 0 && !self.collect {
            let (names, out) = (&self.names, &mut self.out);
            match names.result_groups.get(&op) {
                Some(g) => {
                    for (i, &start) in g.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        let end = g.get(i + 1).copied().unwrap_or(n as u32);
                        names.write_result_group(ir, op, start, end - start, out);
                    }
                }
                None => names.write_result_group(ir, op, 0, n as u32, out),
            }
            out.push_str(" = ");
        }
        self.print_op_body(op);
    }

    /// An op's name and the rest of its custom form, or its generic form.
    fn print_op_body(&mut self, op: OpId) {
        let ir = self.ir;
        let asm = if self.opts.generic { None } else { self.asm.get(ir.ctx(), ir.op_name(op)) };
        match asm {
            Some(asm) => {
                self.out.push_str(short_op_name(ir.op_name_str(op), self.dd));
                asm.print(self, op);
            }
            None => self.print_generic_op(op),
        }
    }

    /// The default dialect in force for the ops of a region of `parent`
    /// ("" when it has none), and `builtin` at the top level (no parent).
    fn default_dialect_in(&mut self, parent: Option<OpId>) -> &'static str {
        match parent {
            None => "builtin",
            Some(p) => self.asm.get(self.ir.ctx(), self.ir.op_name(p)).and_then(|a| a.default_dialect()).unwrap_or(""),
        }
    }

    /// Writes the generic form of an op (without results).
    pub fn print_generic_op(&mut self, op: OpId) {
        let ir = self.ir;
        if self.collect {
            // MLIR's dummy alias printer visits a generic op's regions, then
            // operand types, result types, and finally all attributes.
            for &r in ir.regions(op) {
                self.print_region(r, true, true, true);
            }
            for v in ir.operands(op) {
                self.print_type(ir.value_type(v));
            }
            for v in ir.results(op) {
                self.print_type(ir.value_type(v));
            }
            let ctx = ir.ctx();
            if let Some(t) = self.aliases.own_mut() {
                for a in ir.attrs(op) {
                    t.collect_attr(ctx, a.value);
                }
                if let Some(p) = ir.props(op) {
                    t.collect_attr(ctx, p);
                }
            }
            return;
        }
        self.out.push('"');
        print_attr::escape_into(ir.op_name_str(op).as_bytes(), &mut self.out);
        self.out.push_str("\"(");
        self.print_values(ir.operands(op));
        self.out.push(')');
        if !ir.successors(op).is_empty() {
            self.out.push('[');
            for (i, &s) in ir.successors(op).iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_block_name(s);
            }
            self.out.push(']');
        }
        let info = ir.op_info(op);
        let attrs = ir.attrs(op);
        match info {
            Some(i) => {
                if attrs.iter().any(|a| i.is_inherent(a.name)) {
                    self.out.push_str(" <");
                    self.print_attr_dict_entries(attrs.iter().filter(|a| i.is_inherent(a.name)).copied());
                    self.out.push('>');
                }
            }
            None => {
                if let Some(p) = ir.props(op) {
                    self.out.push_str(" <");
                    self.print_attr(p);
                    self.out.push('>');
                }
            }
        }
        if !ir.regions(op).is_empty() {
            self.out.push_str(" (");
            for (i, &r) in ir.regions(op).iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_region(r, true, true, true);
            }
            self.out.push(')');
        }
        let discardable = |a: &&NamedAttr| info.is_none_or(|i| !i.is_inherent(a.name));
        if attrs.iter().any(|a| discardable(&a)) {
            self.out.push(' ');
            self.print_attr_dict_entries(attrs.iter().filter(discardable).copied());
        }
        self.out.push_str(" : (");
        self.print_types(ir.operands(op).map(|v| ir.value_type(v)));
        self.out.push_str(") -> ");
        // As `print_result_types`, without collecting the types.
        let n = ir.num_results(op);
        let wrap = n != 1 || ir.ctx().function_sig(ir.value_type(ir.result(op, 0))).is_some();
        if wrap {
            self.out.push('(');
        }
        self.print_types(ir.results(op).map(|v| ir.value_type(v)));
        if wrap {
            self.out.push(')');
        }
    }

    /// Writes `(a, b) -> c` / `(a) -> (b, c)`.
    pub fn print_functional_type(&mut self, ins: &[Type], outs: &[Type]) {
        self.out.push('(');
        self.print_types(ins.iter().copied());
        self.out.push_str(") -> ");
        self.print_result_types(outs);
    }

    /// Writes result types: `t` alone unless it is a function type, else `(a, b)`.
    pub fn print_result_types(&mut self, outs: &[Type]) {
        let wrap = outs.len() != 1 || self.ctx().function_sig(outs[0]).is_some();
        if wrap {
            self.out.push('(');
        }
        self.print_types(outs.iter().copied());
        if wrap {
            self.out.push(')');
        }
    }
}

/// Prints a whole module as mlir-opt does: non-deferred aliases, the op,
/// deferred (location) aliases, then the file-metadata resources.
pub fn print_module(ir: &Ir, top: OpId, opts: PrintOptions) -> String {
    print_module_with_resources(ir, top, opts, &[])
}

/// [`print_module`] with the `{-# dialect_resources ... #-}` entries the
/// parser kept.
pub fn print_module_with_resources(
    ir: &Ir,
    top: OpId,
    opts: PrintOptions,
    resources: &[crate::parser::ResourceEntry],
) -> String {
    let mut pr = module_printer(ir, top, opts);
    finish_module(&mut pr, top, resources);
    pr.out
}

/// [`print_module_with_resources`] streamed to `sink` in chunks of
/// complete lines, so the whole text is never held in memory.
pub fn write_module_with_resources(
    ir: &Ir,
    top: OpId,
    opts: PrintOptions,
    resources: &[crate::parser::ResourceEntry],
    sink: &mut dyn Write,
) -> std::io::Result<()> {
    let mut pr = module_printer(ir, top, opts);
    pr.sink = Some(sink);
    finish_module(&mut pr, top, resources);
    if let Some(e) = pr.sink_error.take() {
        return Err(e);
    }
    let rest = std::mem::take(&mut pr.out);
    match pr.sink.as_mut() {
        Some(s) => s.write_all(rest.as_bytes()),
        None => Ok(()),
    }
}

/// A printer for `top` with names computed and aliases collected.
fn module_printer(ir: &Ir, top: OpId, opts: PrintOptions) -> OpPrinter<'_> {
    let names = Names::compute_impl(
        ir,
        top,
        opts.generic,
        opts.generic || opts.unique_ssa_ids,
        opts.parallel,
        opts.value_users,
    );
    let defaults = print_attr::AttrPrintOptions::default();
    let table = AliasTable::with_options(print_attr::AttrPrintOptions {
        elide_elements_larger: opts.elide_elements_larger,
        hex_elements_larger: opts.hex_elements_larger.unwrap_or(defaults.hex_elements_larger),
        pretty_locs: opts.pretty_debuginfo,
    });
    let mut pr = OpPrinter::new(ir, opts, Held::Own(names), Held::Own(table), true);
    pr.dd = pr.default_dialect_in(ir.parent_op(top));
    // The collection pass finds nothing when no interned type, attribute
    // or location could get an alias (or name a resource): skip it then.
    if opts.debug_info || print_attr::context_may_have_aliases(ir.ctx()) {
        pr.print_full_op(top);
        if let Some(t) = pr.aliases.own_mut() {
            t.finalize();
            if opts.local_scope {
                t.clear_aliases();
            }
        }
    } else {
        pr.aliases_skipped = true;
    }
    pr.collect = false;
    pr.out.clear();
    pr
}

/// Prints the alias definitions, `top`, the deferred aliases and the
/// resources into `pr`.
fn finish_module(pr: &mut OpPrinter<'_>, top: OpId, resources: &[crate::parser::ResourceEntry]) {
    let ctx = pr.ir.ctx();
    if pr.opts.local_scope {
        // MLIR prints a local-scope op alone: no aliases, no file metadata,
        // no blank line after it.
        pr.print_full_op(top);
        return;
    }
    print_attr::print_alias_definitions(ctx, &pr.aliases, false, &mut pr.out);
    pr.print_full_op(top);
    pr.out.push('\n');
    print_attr::print_alias_definitions(ctx, &pr.aliases, true, &mut pr.out);
    print_attr::print_file_metadata(ctx, &pr.aliases, resources, &mut pr.out);
}

/// A short human-readable form of one op (used in diagnostics' notes such
/// as "see current operation"), printed generically.
pub fn op_to_string(ir: &Ir, op: OpId) -> String {
    let opts = PrintOptions { generic: true, ..Default::default() };
    // Number values from the nearest isolated-from-above ancestor (or the
    // op itself), as MLIR's local-scope printing does.
    let mut root = op;
    while !ir.has_trait(root, ir::OpTraits::ISOLATED_FROM_ABOVE) {
        match ir.parent_op(root) {
            Some(p) => root = p,
            None => break,
        }
    }
    let names = Names::compute(ir, root, true);
    let mut pr = OpPrinter::new(ir, opts, Held::Own(names), Held::Own(AliasTable::new()), false);
    pr.print_op(op);
    pr.out
}

/// Prints many ops of one naming scope with SSA and block names computed
/// once, as `Operation::print` with default flags does for each op on its
/// own: custom form for registered ops (unless `generic`), no aliases
/// (types and attributes inline), the op's regions indented from column 0,
/// no trailing location unless `debug_info`, and `builtin` as the default
/// dialect of the printed op. Printing one op costs its own text, so
/// printing every op of a function costs the function's size times its
/// nesting, instead of a naming pass per op.
pub struct ScopedOpPrinter<'p> {
    pr: OpPrinter<'p>,
}

impl<'p> ScopedOpPrinter<'p> {
    /// A printer for ops nested in `scope`, named as when `scope` is printed.
    /// With default options, `scope` should be isolated from above (a
    /// function): value numbers restart there, exactly as in a whole-module
    /// print.
    pub fn new(ir: &'p Ir, scope: OpId, opts: PrintOptions) -> Self {
        let opts = PrintOptions { local_scope: true, ..opts };
        let names = Names::compute_with(ir, scope, opts.generic, opts.generic || opts.unique_ssa_ids);
        ScopedOpPrinter { pr: OpPrinter::new(ir, opts, Held::Own(names), Held::Own(AliasTable::new()), false) }
    }

    /// A printer for the naming scope of `op`: its nearest ancestor (or
    /// itself) that is isolated from above, else the outermost op.
    pub fn for_op(ir: &'p Ir, op: OpId, opts: PrintOptions) -> Self {
        let mut root = op;
        while !ir.has_trait(root, ir::OpTraits::ISOLATED_FROM_ABOVE) {
            match ir.parent_op(root) {
                Some(p) => root = p,
                None => break,
            }
        }
        ScopedOpPrinter::new(ir, root, opts)
    }

    /// Appends the text of `op` (with its results and regions) to `out`.
    pub fn write_op(&mut self, op: OpId, out: &mut String) {
        let pr = &mut self.pr;
        pr.out.clear();
        pr.indent = 0;
        pr.dd = "builtin";
        pr.print_full_op(op);
        out.push_str(&pr.out);
    }

    /// The text of `op` (with its results and regions).
    pub fn op_text(&mut self, op: OpId) -> String {
        let mut s = String::new();
        self.write_op(op, &mut s);
        s
    }
}

/// The string contents of a string attribute, or its printed form.
pub fn attr_text(ctx: &Context, a: Attribute) -> String {
    match ctx.attr_kind(a) {
        AttrKind::String { value, .. } => String::from_utf8_lossy(value).into_owned(),
        _ => {
            let mut s = String::new();
            print_attr::print_attr(ctx, &AliasTable::new(), a, &mut s, false);
            s
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sanitized(s: &str) -> String {
        let mut out = String::new();
        sanitize_into(s, &mut out);
        out
    }

    #[test]
    fn sanitize_follows_mlir() {
        assert_eq!(sanitized("foo_1.x$-"), "foo_1.x$-");
        assert_eq!(sanitized("1abc"), "_1abc");
        assert_eq!(sanitized("a b"), "a_b");
        assert_eq!(sanitized(" x"), "_x");
        assert_eq!(sanitized("a+b"), "a2Bb");
        assert_eq!(sanitized("+"), "_2B");
        assert_eq!(sanitized("\u{e9}t\u{e9}"), "_C3A9tC3A9");
    }

    #[test]
    fn short_names_drop_only_the_default_dialect() {
        assert_eq!(short_op_name("arith.addi", "arith"), "addi");
        assert_eq!(short_op_name("arith.addi", ""), "arith.addi");
        assert_eq!(short_op_name("arith.addi", "func"), "arith.addi");
        assert_eq!(short_op_name("funcx.call", "func"), "funcx.call");
        assert_eq!(short_op_name("arith.a.b", "arith"), "arith.a.b");
        assert_eq!(short_op_name("a.b.c", "a.b"), "a.b.c");
    }

    #[test]
    fn id_window_grows_both_ways() {
        let mut w = IdWindow::default();
        assert_eq!(w.get(5), NO_ID);
        w.set(100, 1);
        w.set(3, 2);
        w.set(250, 3);
        w.set(0, 4);
        assert_eq!((w.get(100), w.get(3), w.get(250), w.get(0)), (1, 2, 3, 4));
        assert_eq!((w.get(1), w.get(99), w.get(251), w.get(10_000)), (NO_ID, NO_ID, NO_ID, NO_ID));
    }

    #[test]
    fn absorbed_names_are_reindexed() {
        let mut a = Names::empty();
        a.name_text.push('x');
        a.name_spans.push((0, 1));
        a.value_ids.set(7, NAMED);
        let mut b = Names::empty();
        b.name_text.push_str("yz");
        b.name_spans.push((0, 2));
        b.value_ids.set(9, NAMED);
        b.value_ids.set(8, 5);
        b.value_ids.set(10, ARG | 2);
        b.block_ids.set(4, 1);
        a.absorb(b);
        assert_eq!(a.value_ids.get(9), NAMED | 1);
        assert_eq!(a.name(a.value_ids.get(9) & !NAMED), "yz");
        assert_eq!(a.name(a.value_ids.get(7) & !NAMED), "x");
        assert_eq!((a.value_ids.get(8), a.value_ids.get(10), a.block_ids.get(4)), (5, ARG | 2, 1));
    }
}
