//! Printing ops, regions and blocks in MLIR's textual format, generic or
//! custom, with SSA names chosen the way mlir-opt chooses them.
//!
//! Owns SSA/block naming (numbering scopes, `%argN`, name hints from
//! [`OpAsm::result_names`], conflict suffixes, result groups), the generic
//! op form, region/block printing with predecessor comments, trailing
//! locations, and the top-level layout (aliases before the module, deferred
//! location aliases after it). Types and attributes are printed by
//! [`crate::print_attr`].

use crate::asm::OpAsm;
use ir::entity::EntityRef;
use crate::print_attr::{self, AliasTable};
use ir::{AttrKind, Attribute, BlockId, Context, Ir, Location, NamedAttr, OpId, RegionId, Type, ValueDef, ValueId};
use rustc_hash::FxHashMap;

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
}

const NO_ID: u32 = u32::MAX;
const NAMED: u32 = u32::MAX - 1;

/// SSA value and block names for one print.
pub struct Names {
    value_ids: Vec<u32>,
    value_names: FxHashMap<ValueId, String>,
    result_groups: FxHashMap<OpId, Vec<u32>>,
    block_names: FxHashMap<BlockId, (u32, String)>,
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
        let mut n = Names {
            value_ids: vec![NO_ID; ir.value_capacity()],
            value_names: FxHashMap::default(),
            result_groups: FxHashMap::default(),
            block_names: FxHashMap::default(),
        };
        let mut used = UsedNames { count: FxHashMap::default(), log: Vec::new() };
        let mut c = Counters { value: 0, arg: 0, conflict: 0 };
        // (region, counters, log length of parent scope)
        let mut stack: Vec<(RegionId, u32, u32, u32, usize)> = Vec::new();
        for &r in ir.regions(top).iter() {
            stack.push((r, 0, 0, 0, 0));
        }
        n.number_op(ir, top, generic, &mut used, &mut c);
        while let Some((r, v, a, k, parent_len)) = stack.pop() {
            // The generic form prints unique SSA ids (MLIR's
            // `shouldPrintUniqueSSAIDs`): counters are not restored.
            if !generic {
                c = Counters { value: v, arg: a, conflict: k };
            }
            used.truncate(parent_len);
            n.number_region(ir, r, generic, &mut used, &mut c);
            let here = used.log.len();
            for b in ir.region_blocks(r) {
                for o in ir.block_ops(b) {
                    for &nr in ir.regions(o) {
                        stack.push((nr, c.value, c.arg, c.conflict, here));
                    }
                }
            }
        }
        n
    }

    fn set_name(&mut self, v: ValueId, name: &str, used: &mut UsedNames, c: &mut Counters) {
        if name.is_empty() {
            self.value_ids[v.index()] = c.value;
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
        self.value_ids[v.index()] = NAMED;
        self.value_names.insert(v, s);
    }

    fn number_region(&mut self, ir: &Ir, r: RegionId, generic: bool, used: &mut UsedNames, c: &mut Counters) {
        if !generic {
            if let Some(parent) = ir.region_parent_op(r) {
                if let Some(asm) = ir.ctx().registry().interface::<dyn OpAsm>(ir.op_name(parent)) {
                    let mut hints: Vec<(ValueId, String)> = Vec::new();
                    asm.block_arg_names(ir, parent, r, &mut |v, s| hints.push((v, s.to_string())));
                    for (v, s) in hints {
                        if self.value_ids[v.index()] == NO_ID {
                            self.set_name(v, &s, used, c);
                        }
                    }
                }
            }
        }
        for (i, b) in ir.region_blocks(r).enumerate() {
            self.block_names.insert(b, (i as u32, format!("^bb{i}")));
            let entry = i == 0;
            for &a in ir.block_args(b) {
                if self.value_ids[a.index()] != NO_ID {
                    continue;
                }
                if entry {
                    let s = format!("arg{}", c.arg);
                    c.arg += 1;
                    self.set_name(a, &s, used, c);
                } else {
                    self.set_name(a, "", used, c);
                }
            }
            for o in ir.block_ops(b) {
                self.number_op(ir, o, generic, used, c);
            }
        }
    }

    fn number_op(&mut self, ir: &Ir, op: OpId, generic: bool, used: &mut UsedNames, c: &mut Counters) {
        let mut groups: Vec<u32> = vec![0];
        if !generic {
            if let Some(asm) = ir.ctx().registry().interface::<dyn OpAsm>(ir.op_name(op)) {
                let mut hints: Vec<(ValueId, String)> = Vec::new();
                asm.result_names(ir, op, &mut |v, s| hints.push((v, s.to_string())));
                for (v, s) in hints {
                    if self.value_ids[v.index()] != NO_ID {
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
        if self.value_ids[first.index()] == NO_ID {
            self.value_ids[first.index()] = c.value;
            c.value += 1;
        }
        if groups.len() > 1 {
            groups.sort_unstable();
            self.result_groups.insert(op, groups);
        }
    }

    /// Writes `%name` (with `#N` for results of multi-result groups).
    pub fn write_value(&self, ir: &Ir, v: ValueId, out: &mut String) {
        let mut lookup = v;
        let mut result_no: Option<u32> = None;
        if let ValueDef::Result { op, index } = ir.value_def(v) {
            let n = ir.num_results(op) as u32;
            if n != 1 {
                match self.result_groups.get(&op) {
                    None => {
                        result_no = Some(index);
                        lookup = ir.result(op, 0);
                    }
                    Some(groups) => {
                        let pos = groups.partition_point(|&g| g <= index);
                        let start = groups[pos - 1];
                        let end = groups.get(pos).copied().unwrap_or(n);
                        if end - start != 1 {
                            result_no = Some(index - start);
                        }
                        lookup = ir.result(op, start as usize);
                    }
                }
            }
        }
        match self.value_ids.get(lookup.index()).copied().unwrap_or(NO_ID) {
            NO_ID => {
                out.push_str("<<UNKNOWN SSA VALUE>>");
                return;
            }
            NAMED => {
                out.push('%');
                out.push_str(&self.value_names[&lookup]);
            }
            id => {
                use std::fmt::Write;
                let _ = write!(out, "%{id}");
            }
        }
        if let Some(k) = result_no {
            use std::fmt::Write;
            let _ = write!(out, "#{k}");
        }
    }

    /// The `^bbN` name of a block.
    pub fn block_name(&self, b: BlockId) -> &str {
        self.block_names.get(&b).map(|x| x.1.as_str()).unwrap_or("^INVALIDBLOCK")
    }
    fn block_order(&self, b: BlockId) -> u32 {
        self.block_names.get(&b).map(|x| x.0).unwrap_or(u32::MAX)
    }
}

/// Prints ops; custom printers receive this.
pub struct OpPrinter<'p> {
    /// The IR.
    pub ir: &'p Ir,
    /// Output.
    pub out: String,
    /// Options.
    pub opts: PrintOptions,
    names: Names,
    aliases: AliasTable,
    indent: usize,
    /// Alias-collection pass: printing records types, attributes and
    /// locations in print order instead of writing them (MLIR's dummy
    /// alias printer), so alias numbering follows first use.
    collect: bool,
}

impl<'p> OpPrinter<'p> {
    /// The context.
    pub fn ctx(&self) -> &'p Context {
        self.ir.ctx()
    }
    /// Writes a value's name.
    pub fn print_value(&mut self, v: ValueId) {
        self.names.write_value(self.ir, v, &mut self.out);
    }
    /// Writes `%a, %b`.
    pub fn print_values(&mut self, vs: impl IntoIterator<Item = ValueId>) {
        for (i, v) in vs.into_iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_value(v);
        }
    }
    /// Writes a type.
    pub fn print_type(&mut self, t: Type) {
        if self.collect {
            self.aliases.collect_type(self.ir.ctx(), t);
            return;
        }
        print_attr::print_type(self.ir.ctx(), &self.aliases, t, &mut self.out);
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
    /// Writes an attribute (with its type unless elided by MLIR's rules).
    pub fn print_attr(&mut self, a: Attribute) {
        if self.collect {
            self.aliases.collect_attr(self.ir.ctx(), a);
            return;
        }
        print_attr::print_attr(self.ir.ctx(), &self.aliases, a, &mut self.out, false);
    }
    /// Writes an attribute without its type.
    pub fn print_attr_no_type(&mut self, a: Attribute) {
        if self.collect {
            self.aliases.collect_attr(self.ir.ctx(), a);
            return;
        }
        print_attr::print_attr(self.ir.ctx(), &self.aliases, a, &mut self.out, true);
    }
    /// Writes a block name.
    pub fn print_block_name(&mut self, b: BlockId) {
        let n = self.names.block_name(b).to_string();
        self.out.push_str(&n);
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
        let tys: Vec<Type> = operands.iter().map(|&v| self.ir.value_type(v)).collect();
        self.print_types(tys);
        self.out.push(')');
    }
    /// Writes ` {a = 1, ...}` for attributes not in `elide` (nothing if none).
    pub fn print_optional_attr_dict(&mut self, attrs: &[NamedAttr], elide: &[&str]) {
        let ctx = self.ir.ctx();
        let kept: Vec<NamedAttr> = attrs.iter().copied().filter(|a| !elide.contains(&ctx.str(a.name))).collect();
        if kept.is_empty() {
            return;
        }
        if self.collect {
            for a in &kept {
                self.aliases.collect_attr(ctx, a.value);
            }
            return;
        }
        self.out.push(' ');
        print_attr::print_attr_dict(ctx, &self.aliases, &kept, &mut self.out);
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
    pub fn print_region(&mut self, r: RegionId, print_entry_args: bool, print_terminators: bool, print_empty_block: bool) {
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

    /// The indentation (in spaces) of the op being printed.
    pub fn indent(&self) -> usize {
        self.indent
    }

    fn push_indent(&mut self) {
        for _ in 0..self.indent {
            self.out.push(' ');
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
                        self.print_loc(ir.value_loc(a));
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
                let mut pbs: Vec<BlockId> = preds.iter().filter_map(|&p| ir.op_block(p)).collect();
                pbs.sort_by_key(|&x| self.names.block_order(x));
                use std::fmt::Write;
                let _ = write!(self.out, "  // {} preds: ", pbs.len());
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
        }
        self.indent -= 2;
    }

    /// Writes `loc(...)`.
    pub fn print_loc(&mut self, l: Location) {
        self.print_loc_deferrable(l, false);
    }

    /// Writes `loc(...)`; `deferrable` locations (trailing op locations)
    /// may have their alias defined after the module.
    pub fn print_loc_deferrable(&mut self, l: Location, deferrable: bool) {
        if self.collect {
            self.aliases.collect_loc(self.ir.ctx(), l, deferrable);
            return;
        }
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
        if n > 0 {
            let groups = self.names.result_groups.get(&op).cloned();
            match groups {
                Some(g) => {
                    for (i, &start) in g.iter().enumerate() {
                        if i > 0 {
                            self.out.push_str(", ");
                        }
                        let end = g.get(i + 1).copied().unwrap_or(n as u32);
                        self.print_result_group(op, start, end - start);
                    }
                }
                None => self.print_result_group(op, 0, n as u32),
            }
            self.out.push_str(" = ");
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

    fn print_result_group(&mut self, op: OpId, start: u32, count: u32) {
        let v = self.ir.result(op, start as usize);
        // Print the group head without a result number.
        let mut s = String::new();
        self.names.write_value(self.ir, v, &mut s);
        if let Some(i) = s.find('#') {
            s.truncate(i);
        }
        self.out.push_str(&s);
        if count > 1 {
            use std::fmt::Write;
            let _ = write!(self.out, ":{count}");
        }
    }

    /// Writes the generic form of an op (without results).
    pub fn print_generic_op(&mut self, op: OpId) {
        let ir = self.ir;
        let ctx = ir.ctx();
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
        let (props, discardable): (Vec<NamedAttr>, Vec<NamedAttr>) = match info {
            Some(i) => ir.attrs(op).iter().partition(|a| i.is_inherent(a.name)),
            None => (Vec::new(), ir.attrs(op).to_vec()),
        };
        if info.is_some() {
            if !props.is_empty() {
                if self.collect {
                    for a in &props {
                        self.aliases.collect_attr(ctx, a.value);
                    }
                } else {
                    self.out.push_str(" <");
                    print_attr::print_attr_dict(ctx, &self.aliases, &props, &mut self.out);
                    self.out.push('>');
                }
            }
        } else if let Some(p) = ir.props(op) {
            self.out.push_str(" <");
            self.print_attr(p);
            self.out.push('>');
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
        self.print_optional_attr_dict(&discardable, &[]);
        self.out.push_str(" : ");
        self.print_functional_type(&ir.operand_types(op), &ir.result_types(op));
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
    let names = Names::compute(ir, top, opts.generic);
    let defaults = print_attr::AttrPrintOptions::default();
    let table = AliasTable::with_options(print_attr::AttrPrintOptions {
        elide_elements_larger: opts.elide_elements_larger,
        hex_elements_larger: opts.hex_elements_larger.unwrap_or(defaults.hex_elements_larger),
    });
    let mut pr = OpPrinter { ir, out: String::new(), opts, names, aliases: table, indent: 0, collect: true };
    pr.print_full_op(top);
    pr.aliases.finalize();
    pr.collect = false;
    pr.out.clear();
    let ctx = ir.ctx();
    print_attr::print_alias_definitions(ctx, &pr.aliases, false, &mut pr.out);
    pr.print_full_op(top);
    pr.out.push('\n');
    print_attr::print_alias_definitions(ctx, &pr.aliases, true, &mut pr.out);
    print_attr::print_file_metadata(ctx, &pr.aliases, resources, &mut pr.out);
    pr.out
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
    let aliases = AliasTable::new();
    let mut pr = OpPrinter { ir, out: String::new(), opts, names, aliases, indent: 0, collect: false };
    pr.print_op(op);
    pr.out
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
