//! Printing ops, regions and blocks in MLIR's textual format, generic or
//! custom, with SSA names chosen the way mlir-opt chooses them.
//!
//! Owns SSA/block naming (numbering scopes, `%argN`, name hints from
//! [`OpAsm::result_names`], conflict suffixes, result groups), the generic
//! op form, region/block printing with predecessor comments, trailing
//! locations, and the top-level layout (aliases before the module, deferred
//! location aliases after it). Types and attributes are printed by
//! [`crate::print_attr`].

use std::io::Write;

use crate::asm::OpAsm;
use crate::numfmt;
use crate::print_attr::{self, AliasTable, Elision};
use ir::entity::EntityRef;
use ir::{AttrKind, Attribute, BlockId, Context, Ir, Location, NamedAttr, OpId, RegionId, Type, ValueDef, ValueId};
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
}

const NO_ID: u32 = u32::MAX;
const NAMED: u32 = u32::MAX - 1;
/// `value_ids` entries with this bit set print as `%argN`, N in the low
/// bits (entry-block arguments in generic form, which need no name string).
const ARG: u32 = 1 << 31;

/// SSA value and block names for one print.
pub struct Names {
    /// Per value: a number (`%N`), `ARG | N` (`%argN`), `NAMED` (see
    /// `value_names`) or `NO_ID`.
    value_ids: IdWindow,
    value_names: FxHashMap<ValueId, String>,
    result_groups: FxHashMap<OpId, Vec<u32>>,
    /// Per block: its number within its region (`^bbN`), or `NO_ID`.
    block_ids: IdWindow,
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

struct UsedNames {
    count: FxHashMap<String, u32>,
    log: Vec<String>,
}

impl UsedNames {
    fn contains(&self, s: &str) -> bool {
        self.count.get(s).is_some_and(|&c| c > 0)
    }
    fn insert(&mut self, s: String) {
        *self.count.entry(s.clone()).or_insert(0) += 1;
        self.log.push(s);
    }
    fn truncate(&mut self, len: usize) {
        while self.log.len() > len {
            let s = self.log.pop().expect("non-empty");
            if let Some(c) = self.count.get_mut(&s) {
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

/// Makes a name safe to print after `%`, as MLIR's `sanitizeIdentifier`.
fn sanitize(name: &str) -> String {
    let valid = |c: char| c.is_ascii_alphanumeric() || "$._-".contains(c);
    let copy = |out: &mut String| {
        for ch in name.bytes() {
            let c = ch as char;
            if ch < 128 && valid(c) {
                out.push(c);
            } else if c == ' ' {
                out.push('_');
            } else {
                out.push_str(&format!("{ch:X}"));
            }
        }
    };
    let first = name.as_bytes()[0] as char;
    let mut out = String::with_capacity(name.len() + 1);
    if first.is_ascii_digit() || (!valid(first) && first != ' ') {
        out.push('_');
        copy(&mut out);
        return out;
    }
    if name.chars().all(valid) {
        return name.to_string();
    }
    copy(&mut out);
    out
}

impl Names {
    /// Computes names for everything under `top`.
    pub fn compute(ir: &Ir, top: OpId, generic: bool) -> Names {
        Names::compute_with(ir, top, generic, generic)
    }

    /// Computes names for everything under `top`; `unique` numbers values
    /// across isolated regions instead of restarting in each.
    pub fn compute_with(ir: &Ir, top: OpId, generic: bool, unique: bool) -> Names {
        let mut n = Names {
            value_ids: IdWindow::default(),
            value_names: FxHashMap::default(),
            result_groups: FxHashMap::default(),
            block_ids: IdWindow::default(),
        };
        let mut used = UsedNames { count: FxHashMap::default(), log: Vec::new() };
        let mut c = Counters { value: 0, arg: 0, conflict: 0 };
        // (region, counters, log length of parent scope)
        let mut stack: Vec<(RegionId, u32, u32, u32, usize)> = Vec::new();
        for &r in ir.regions(top).iter() {
            stack.push((r, 0, 0, 0, 0));
        }
        n.number_op(ir, top, generic, &mut used, &mut c);
        let mut nested: Vec<RegionId> = Vec::new();
        while let Some((r, v, a, k, parent_len)) = stack.pop() {
            // Unique SSA ids (MLIR's `shouldPrintUniqueSSAIDs`, implied by
            // the generic form): counters are not restored.
            if !unique {
                c = Counters { value: v, arg: a, conflict: k };
            }
            used.truncate(parent_len);
            n.number_region(ir, r, generic, &mut used, &mut c, &mut nested);
            let here = used.log.len();
            // Nested regions start from the counters reached at the end of
            // this region, in op order (popped last to first).
            stack.extend(nested.drain(..).map(|nr| (nr, c.value, c.arg, c.conflict, here)));
        }
        n
    }

    fn set_name(&mut self, v: ValueId, name: &str, used: &mut UsedNames, c: &mut Counters) {
        if name.is_empty() {
            self.value_ids.set(v.index(), c.value);
            c.value += 1;
            return;
        }
        let mut s = sanitize(name);
        if used.contains(&s) {
            let base = s.clone();
            loop {
                let probe = format!("{base}_{}", c.conflict);
                c.conflict += 1;
                if !used.contains(&probe) {
                    s = probe;
                    break;
                }
            }
        }
        used.insert(s.clone());
        self.value_ids.set(v.index(), NAMED);
        self.value_names.insert(v, s);
    }

    /// Numbers the blocks, arguments and op results of `r`, and appends the
    /// regions of its ops to `nested`.
    fn number_region(
        &mut self,
        ir: &Ir,
        r: RegionId,
        generic: bool,
        used: &mut UsedNames,
        c: &mut Counters,
        nested: &mut Vec<RegionId>,
    ) {
        if !generic {
            if let Some(parent) = ir.region_parent_op(r) {
                if let Some(asm) = ir.ctx().registry().interface::<dyn OpAsm>(ir.op_name(parent)) {
                    let mut hints: Vec<(ValueId, String)> = Vec::new();
                    asm.block_arg_names(ir, parent, r, &mut |v, s| hints.push((v, s.to_string())));
                    for (v, s) in hints {
                        if self.value_ids.get(v.index()) == NO_ID {
                            self.set_name(v, &s, used, c);
                        }
                    }
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
                    self.value_ids.set(a.index(), c.value);
                    c.value += 1;
                } else if generic {
                    // The generic form has no name hints, so `argN` is the
                    // only kind of name and cannot conflict: counters only
                    // grow along a region's ancestors, and names of sibling
                    // subtrees are dropped from `used` between them. No
                    // string (nor conflict bookkeeping) is needed.
                    debug_assert!(c.arg < NAMED & !ARG);
                    self.value_ids.set(a.index(), ARG | c.arg);
                    c.arg += 1;
                } else {
                    let s = format!("arg{}", c.arg);
                    c.arg += 1;
                    self.set_name(a, &s, used, c);
                }
            }
            for o in ir.block_ops(b) {
                self.number_op(ir, o, generic, used, c);
                nested.extend_from_slice(ir.regions(o));
            }
        }
    }

    fn number_op(&mut self, ir: &Ir, op: OpId, generic: bool, used: &mut UsedNames, c: &mut Counters) {
        let mut groups: SmallVec<[u32; 4]> = SmallVec::new();
        if !generic {
            if let Some(asm) = ir.ctx().registry().interface::<dyn OpAsm>(ir.op_name(op)) {
                let mut hints: Vec<(ValueId, String)> = Vec::new();
                asm.result_names(ir, op, &mut |v, s| hints.push((v, s.to_string())));
                for (v, s) in hints {
                    if self.value_ids.get(v.index()) != NO_ID {
                        continue;
                    }
                    self.set_name(v, &s, used, c);
                    if let ValueDef::Result { index, .. } = ir.value_def(v) {
                        if index != 0 {
                            groups.push(index);
                        }
                    }
                }
            }
        }
        if ir.num_results(op) == 0 {
            return;
        }
        let first = ir.result(op, 0);
        if self.value_ids.get(first.index()) == NO_ID {
            self.value_ids.set(first.index(), c.value);
            c.value += 1;
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
            NAMED => {
                out.push('%');
                out.push_str(&self.value_names[&lookup]);
            }
            id if id & ARG != 0 => {
                out.push_str("%arg");
                numfmt::push_u32(out, id & !ARG);
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
    names: Names,
    aliases: AliasTable,
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
    /// The op a [`ScopedOpPrinter`] is printing on its own: like the top
    /// level of a module, it is printed with `builtin` as default dialect.
    standalone: Option<OpId>,
}

impl<'p> OpPrinter<'p> {
    fn new(ir: &'p Ir, opts: PrintOptions, names: Names, aliases: AliasTable, collect: bool) -> Self {
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
            standalone: None,
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
    /// Writes a type.
    pub fn print_type(&mut self, t: Type) {
        if self.collect {
            self.aliases.collect_type(self.ir.ctx(), t);
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
            self.aliases.collect_attr(self.ir.ctx(), a);
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
            for a in attrs {
                self.aliases.collect_attr(ctx, a.value);
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
        let last = ir.last_op(b);
        for o in ir.block_ops(b) {
            if !terminator && Some(o) == last && ir.has_trait(o, ir::OpTraits::TERMINATOR) {
                continue;
            }
            self.print_full_op(o);
            self.out.push('\n');
            self.maybe_flush();
        }
        self.indent -= 2;
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
            self.aliases.collect_loc(self.ir.ctx(), l, false);
            return;
        }
        print_attr::print_loc_inline(self.ir.ctx(), &self.aliases, l, &mut self.out);
    }

    /// Writes `loc(...)`; `deferrable` locations (trailing op locations)
    /// may have their alias defined after the module.
    pub fn print_loc_deferrable(&mut self, l: Location, deferrable: bool) {
        if self.collect {
            self.aliases.collect_loc(self.ir.ctx(), l, deferrable);
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
        let asm = if self.opts.generic { None } else { ir.ctx().registry().interface::<dyn OpAsm>(ir.op_name(op)) };
        match asm {
            Some(asm) => {
                let name = ir.op_name_str(op);
                let dd = self.default_dialect_for(op);
                let short = if name.matches('.').count() == 1 {
                    name.strip_prefix(dd).and_then(|s| s.strip_prefix('.')).filter(|_| !dd.is_empty())
                } else {
                    None
                };
                self.out.push_str(short.unwrap_or(name));
                asm.print(self, op);
            }
            None => self.print_generic_op(op),
        }
    }

    /// The default dialect in force where `op` is printed: that of the
    /// op owning the enclosing region ("" when it has none), and `builtin`
    /// at the top level.
    fn default_dialect_for(&self, op: OpId) -> &'static str {
        if self.standalone == Some(op) {
            return "builtin";
        }
        match self.ir.parent_op(op) {
            None => "builtin",
            Some(p) => self
                .ir
                .ctx()
                .registry()
                .interface::<dyn OpAsm>(self.ir.op_name(p))
                .and_then(|a| a.default_dialect())
                .unwrap_or(""),
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
            for a in ir.attrs(op) {
                self.aliases.collect_attr(ctx, a.value);
            }
            if let Some(p) = ir.props(op) {
                self.aliases.collect_attr(ctx, p);
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
    let names = Names::compute_with(ir, top, opts.generic, opts.generic || opts.unique_ssa_ids);
    let defaults = print_attr::AttrPrintOptions::default();
    let table = AliasTable::with_options(print_attr::AttrPrintOptions {
        elide_elements_larger: opts.elide_elements_larger,
        hex_elements_larger: opts.hex_elements_larger.unwrap_or(defaults.hex_elements_larger),
        pretty_locs: opts.pretty_debuginfo,
    });
    let mut pr = OpPrinter::new(ir, opts, names, table, true);
    // The collection pass finds nothing when no interned type, attribute
    // or location could get an alias (or name a resource): skip it then.
    if opts.debug_info || print_attr::context_may_have_aliases(ir.ctx()) {
        pr.print_full_op(top);
        pr.aliases.finalize();
        if opts.local_scope {
            pr.aliases.clear_aliases();
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
    let mut pr = OpPrinter::new(ir, opts, names, AliasTable::new(), false);
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
        ScopedOpPrinter { pr: OpPrinter::new(ir, opts, names, AliasTable::new(), false) }
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
        pr.standalone = Some(op);
        pr.print_full_op(op);
        pr.standalone = None;
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
