//! Printing of types, attributes and locations exactly as `mlir-opt-19`
//! prints them, and the alias table (`#map`, `#set`, `#loc`, `!tuple`)
//! that reproduces MLIR's `AliasInitializer`: which values get aliases,
//! their numbering, and the order of their definitions.
//!
//! Usage: build an [`AliasTable`], call `collect_*` for every type,
//! attribute and location in the order the printer will print them (op
//! locations first when debug info is printed, then for a generic op its
//! regions, operand types, result types and attribute values), call
//! [`AliasTable::finalize`], print the non-deferred definitions with
//! [`print_alias_definitions`], the body with [`print_type`] /
//! [`print_attr`] / [`print_loc`], then the deferred definitions.

use std::fmt::Write as _;

use ir::{AttrKind, Attribute, Context, DenseData, IntValue, LocKind, Location, NamedAttr, Signedness};
use ir::{Type, TypeKind, DYNAMIC};
use rustc_hash::FxHashMap;

/// When an attribute's type is printed after its value (MLIR's
/// `AttrTypeElision`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elision {
    /// Always print ` : type` (for typed attributes with a non-`none` type).
    Never,
    /// Elide `: i64` after integers and `: f64` after floats (array
    /// elements, memref memory spaces and layouts).
    May,
    /// Never print the type (`printAttributeWithoutType`).
    Must,
}

/// Printer flags that affect attributes.
#[derive(Clone, Copy, Debug)]
pub struct AttrPrintOptions {
    /// `--mlir-elide-elementsattrs-if-larger=N`: non-splat elements
    /// attributes with more than N elements print as
    /// `dense_resource<__elided__>`.
    pub elide_elements_larger: Option<u64>,
    /// `--mlir-print-elementsattrs-with-hex-if-larger=N` (default 100, -1
    /// disables): non-splat dense attributes with more than N elements
    /// print as a hex string.
    pub hex_elements_larger: i64,
    /// `--mlir-pretty-debuginfo`: locations print as `file:1:2` without
    /// `loc(...)` and without aliases at the top level.
    pub pretty_locs: bool,
}

impl Default for AttrPrintOptions {
    fn default() -> Self {
        AttrPrintOptions { elide_elements_larger: None, hex_elements_larger: 100, pretty_locs: false }
    }
}

/// What an alias stands for. Location attributes are keyed by their
/// location, so `loc(...)` used as an op location and as an attribute
/// value share one alias, as in MLIR.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AliasKey {
    /// A type.
    Type(Type),
    /// A (non-location) attribute.
    Attr(Attribute),
    /// A location.
    Loc(Location),
}

#[derive(Clone, Debug)]
struct Visit {
    key: AliasKey,
    name: Option<&'static str>,
    depth: usize,
    is_type: bool,
    can_defer: bool,
    children: Vec<usize>,
}

/// A finalized alias: `#name` or `#nameN`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Alias {
    /// Base name (`map`, `set`, `loc`, `tuple`).
    pub name: &'static str,
    /// Numeric suffix (0 prints nothing).
    pub suffix: u32,
    /// `!` instead of `#`.
    pub is_type: bool,
    /// Printed after the top-level op instead of before it.
    pub deferred: bool,
}

impl Alias {
    fn write(&self, out: &mut String) {
        out.push(if self.is_type { '!' } else { '#' });
        out.push_str(self.name);
        if self.suffix != 0 {
            let _ = write!(out, "{}", self.suffix);
        }
    }
}

/// The aliases of one printed file (see the module docs), plus the
/// attribute printing options.
#[derive(Default)]
pub struct AliasTable {
    /// Attribute printing flags.
    pub options: AttrPrintOptions,
    index: FxHashMap<AliasKey, usize>,
    visits: Vec<Visit>,
    aliases: FxHashMap<AliasKey, Alias>,
    order: Vec<AliasKey>,
    resources: Vec<ir::Str>,
    /// The numbers `distinct[N]` attributes print with, assigned from 0 in
    /// print order (MLIR's `DistinctState`). A mutex keeps the table `Sync`
    /// so that parallel printers can share it; they never print a
    /// `distinct` attribute (the printer stays serial when the context has
    /// one), so the lock is uncontended.
    distinct_ids: std::sync::Mutex<FxHashMap<Attribute, u64>>,
}

/// The alias name a dialect gives a value, if any: the builtin dialect's
/// (`map`, `set`, `loc`, `tuple`) and `sparse_tensor`'s (`sparse`).
fn alias_name(ctx: &Context, key: AliasKey) -> Option<&'static str> {
    match key {
        AliasKey::Loc(_) => Some("loc"),
        AliasKey::Attr(a) => match ctx.attr_kind(a) {
            AttrKind::AffineMap(_) => Some("map"),
            AttrKind::IntegerSet(_) => Some("set"),
            AttrKind::Location(_) => Some("loc"),
            AttrKind::Distinct { referenced, .. } if !matches!(ctx.attr_kind(*referenced), AttrKind::Unit) => {
                Some("distinct")
            }
            AttrKind::Opaque { dialect, body, .. }
                if ctx.str(*dialect) == "sparse_tensor" && ctx.str(*body).starts_with("encoding<") =>
            {
                Some("sparse")
            }
            _ => None,
        },
        AliasKey::Type(t) => match ctx.kind(t) {
            TypeKind::Tuple(v) if v.len() > 16 => Some("tuple"),
            _ => None,
        },
    }
}

/// False when nothing interned in `ctx` can get an alias from
/// [`alias_name`] or name a resource, so an alias-collection pass over
/// types and attributes would find nothing. Keep in sync with
/// [`alias_name`] and [`AliasTable::visit`]. (Locations always may; the
/// printer only collects them with debug info.)
pub(crate) fn context_may_have_aliases(ctx: &Context) -> bool {
    let attr = |k: &AttrKind| match k {
        AttrKind::AffineMap(_)
        | AttrKind::IntegerSet(_)
        | AttrKind::Location(_)
        | AttrKind::DenseResource { .. }
        | AttrKind::Distinct { .. } => true,
        AttrKind::Opaque { dialect, .. } => ctx.str(*dialect) == "sparse_tensor",
        _ => false,
    };
    let ty = |k: &TypeKind| matches!(k, TypeKind::Tuple(v) if v.len() > 16);
    ctx.interned_attrs().any(attr) || ctx.interned_types().any(ty)
}

/// True when `ctx` holds a `distinct[..]<..>` attribute. Such attributes
/// are numbered in print order, so a module that may print one is printed
/// serially (see `OpPrinter`'s parallel blocks).
pub(crate) fn context_has_distinct(ctx: &Context) -> bool {
    ctx.interned_attrs().any(|k| matches!(k, AttrKind::Distinct { .. }))
}

fn attr_key(ctx: &Context, a: Attribute) -> AliasKey {
    match ctx.attr_kind(a) {
        AttrKind::Location(l) => AliasKey::Loc(*l),
        _ => AliasKey::Attr(a),
    }
}

impl AliasTable {
    /// Forgets every alias (`--mlir-print-local-scope`).
    pub fn clear_aliases(&mut self) {
        self.aliases.clear();
        self.order.clear();
    }

    /// An empty table with default options.
    pub fn new() -> Self {
        Self::default()
    }
    /// An empty table with the given options.
    pub fn with_options(options: AttrPrintOptions) -> Self {
        AliasTable { options, ..Self::default() }
    }

    /// Records a type the printer will print.
    pub fn collect_type(&mut self, ctx: &Context, t: Type) {
        self.visit(ctx, AliasKey::Type(t), false);
    }
    /// Records an attribute the printer will print.
    pub fn collect_attr(&mut self, ctx: &Context, a: Attribute) {
        self.visit(ctx, attr_key(ctx, a), false);
    }
    /// Records a location the printer will print; `deferrable` is true for
    /// op locations (their aliases may be defined after the op).
    pub fn collect_loc(&mut self, ctx: &Context, l: Location, deferrable: bool) {
        self.visit(ctx, AliasKey::Loc(l), deferrable);
    }

    fn visit(&mut self, ctx: &Context, key: AliasKey, can_defer: bool) -> (usize, usize) {
        if let Some(&i) = self.index.get(&key) {
            if !can_defer {
                self.mark_non_deferrable(i);
            }
            return (self.visits[i].depth, i);
        }
        let idx = self.visits.len();
        let name = alias_name(ctx, key);
        self.visits.push(Visit {
            key,
            name,
            depth: name.is_some() as usize,
            is_type: matches!(key, AliasKey::Type(_)),
            can_defer: name.is_some() && can_defer,
            children: Vec::new(),
        });
        self.index.insert(key, idx);
        let mut children = Vec::new();
        let mut max_depth = 0;
        let mut child = |this: &mut Self, k: AliasKey| {
            let (d, i) = this.visit(ctx, k, can_defer);
            children.push(i);
            max_depth = max_depth.max(d);
        };
        match key {
            AliasKey::Type(t) => match ctx.kind(t) {
                TypeKind::Complex(e) | TypeKind::Vector { elem: e, .. } | TypeKind::UnrankedTensor { elem: e } => {
                    child(self, AliasKey::Type(*e))
                }
                TypeKind::Tensor { elem, encoding, .. } => {
                    child(self, AliasKey::Type(*elem));
                    if let Some(e) = encoding {
                        child(self, attr_key(ctx, *e));
                    }
                }
                TypeKind::MemRef { elem, layout, memory_space, .. } => {
                    child(self, AliasKey::Type(*elem));
                    if let Some(l) = printed_layout(ctx, *layout) {
                        child(self, attr_key(ctx, l));
                    }
                    if let Some(m) = memory_space {
                        child(self, attr_key(ctx, *m));
                    }
                }
                TypeKind::UnrankedMemRef { elem, memory_space } => {
                    child(self, AliasKey::Type(*elem));
                    if let Some(m) = memory_space {
                        child(self, attr_key(ctx, *m));
                    }
                }
                TypeKind::Tuple(ts) => {
                    for &e in ts.iter() {
                        child(self, AliasKey::Type(e));
                    }
                }
                TypeKind::Function { inputs, results } => {
                    for &e in inputs.iter().chain(results.iter()) {
                        child(self, AliasKey::Type(e));
                    }
                }
                _ => {}
            },
            AliasKey::Loc(l) => match ctx.loc_kind(l) {
                LocKind::Name { child: Some(c), .. } if *ctx.loc_kind(*c) != LocKind::Unknown => {
                    child(self, AliasKey::Loc(*c));
                }
                LocKind::CallSite { callee, caller } => {
                    child(self, AliasKey::Loc(*callee));
                    child(self, AliasKey::Loc(*caller));
                }
                LocKind::Fused { locs, metadata } => {
                    if let Some(m) = metadata {
                        child(self, attr_key(ctx, *m));
                    }
                    for &c in ctx.loc_list_items(*locs) {
                        child(self, AliasKey::Loc(c));
                    }
                }
                LocKind::Opaque(a) => child(self, attr_key(ctx, *a)),
                _ => {}
            },
            AliasKey::Attr(a) => match ctx.attr_kind(a) {
                AttrKind::Dictionary(v) => {
                    for n in v.iter() {
                        child(self, attr_key(ctx, n.value));
                    }
                }
                AttrKind::Array(v) => {
                    for &e in v.iter() {
                        child(self, attr_key(ctx, e));
                    }
                }
                AttrKind::Type(t) => child(self, AliasKey::Type(*t)),
                AttrKind::Distinct { referenced, .. } => child(self, attr_key(ctx, *referenced)),
                AttrKind::String { ty: Some(t), .. }
                | AttrKind::Opaque { ty: Some(t), .. }
                | AttrKind::DenseElements { ty: t, .. }
                | AttrKind::DenseString { ty: t, .. }
                | AttrKind::Sparse { ty: t, .. } => child(self, AliasKey::Type(*t)),
                AttrKind::DenseResource { ty, handle } => {
                    if !self.resources.contains(handle) {
                        self.resources.push(*handle);
                    }
                    child(self, AliasKey::Type(*ty));
                }
                _ => {}
            },
        }
        let v = &mut self.visits[idx];
        v.children = children;
        if max_depth > 0 {
            v.depth = max_depth + 1;
        }
        (v.depth, idx)
    }

    fn mark_non_deferrable(&mut self, i: usize) {
        if !self.visits[i].can_defer {
            return;
        }
        self.visits[i].can_defer = false;
        let children = std::mem::take(&mut self.visits[i].children);
        for &c in &children {
            self.mark_non_deferrable(c);
        }
        self.visits[i].children = children;
    }

    /// Assigns names and numbers (MLIR's order: by depth, types before
    /// attributes, then by name; first use first).
    pub fn finalize(&mut self) {
        let mut order: Vec<usize> = (0..self.visits.len()).filter(|&i| self.visits[i].name.is_some()).collect();
        order.sort_by(|&a, &b| {
            let (x, y) = (&self.visits[a], &self.visits[b]);
            x.depth.cmp(&y.depth).then(y.is_type.cmp(&x.is_type)).then(x.name.cmp(&y.name))
        });
        let mut counts: FxHashMap<&'static str, u32> = FxHashMap::default();
        self.aliases.clear();
        self.order.clear();
        for i in order {
            let v = &self.visits[i];
            let name = v.name.unwrap_or("");
            let c = counts.entry(name).or_insert(0);
            let alias = Alias { name, suffix: *c, is_type: v.is_type, deferred: v.can_defer };
            *c += 1;
            self.aliases.insert(v.key, alias);
            self.order.push(v.key);
        }
    }

    /// The alias of a value, once finalized.
    pub fn alias(&self, key: AliasKey) -> Option<Alias> {
        if self.aliases.is_empty() {
            return None;
        }
        self.aliases.get(&key).copied()
    }
    /// True when some alias must be printed after the top-level op.
    pub fn has_deferred(&self) -> bool {
        self.aliases.values().any(|a| a.deferred)
    }
    /// True when some alias must be printed before the top-level op.
    pub fn has_non_deferred(&self) -> bool {
        self.aliases.values().any(|a| !a.deferred)
    }
    /// `dense_resource` handles met while collecting, in first-use order.
    pub fn used_resources(&self) -> &[ir::Str] {
        &self.resources
    }
}

/// Prints `#alias = value` lines (each ending in `\n`) for the aliases
/// that are deferred (`deferred == true`) or not.
pub fn print_alias_definitions(ctx: &Context, table: &AliasTable, deferred: bool, out: &mut String) {
    for &key in &table.order {
        let Some(alias) = table.aliases.get(&key) else { continue };
        if alias.deferred != deferred {
            continue;
        }
        alias.write(out);
        out.push_str(" = ");
        match key {
            AliasKey::Type(t) => print_type_impl(ctx, table, t, out),
            AliasKey::Attr(a) => print_attr_impl(ctx, table, a, out, Elision::Never),
            AliasKey::Loc(l) => print_loc_inline(ctx, table, l, out),
        }
        out.push('\n');
    }
}

/// Prints the `{-# dialect_resources: ... #-}` block for the resources the
/// printed attributes use (nothing if none); `entries` are the parsed
/// resource entries.
pub fn print_file_metadata(
    ctx: &Context,
    table: &AliasTable,
    entries: &[crate::parser::ResourceEntry],
    out: &mut String,
) {
    let used: Vec<&crate::parser::ResourceEntry> = table
        .resources
        .iter()
        .filter_map(|h| entries.iter().find(|e| e.key == *h && ctx.str(e.dialect) == "builtin"))
        .collect();
    if used.is_empty() {
        return;
    }
    out.push_str("\n{-#\n  dialect_resources: {\n    builtin: {\n");
    for (i, e) in used.iter().enumerate() {
        let _ = write!(out, "      {}: ", ctx.str(e.key));
        let v = ctx.str(e.value);
        match v.strip_prefix("\"0x") {
            // Blobs are re-printed from their bytes, in upper-case hex.
            Some(hex) => {
                out.push_str("\"0x");
                out.push_str(&hex.to_ascii_uppercase());
            }
            None => out.push_str(v),
        }
        out.push_str(if i + 1 < used.len() { ",\n" } else { "\n" });
    }
    out.push_str("    }\n  }\n#-}\n");
}

// ----- types ---------------------------------------------------------------

/// Prints a type (or its alias).
pub fn print_type(ctx: &Context, table: &AliasTable, t: Type, out: &mut String) {
    if let Some(a) = table.alias(AliasKey::Type(t)) {
        a.write(out);
        return;
    }
    print_type_impl(ctx, table, t, out);
}

/// A type as text, without aliases (for diagnostics).
pub fn type_to_string(ctx: &Context, t: Type) -> String {
    let mut s = String::new();
    print_type(ctx, &AliasTable::default(), t, &mut s);
    s
}

/// An attribute as text, without aliases (for diagnostics).
pub fn attr_to_string(ctx: &Context, a: Attribute) -> String {
    let mut s = String::new();
    print_attr_elision(ctx, &AliasTable::default(), a, &mut s, Elision::Never);
    s
}

/// A location as `loc(...)` text, without aliases (for diagnostics).
pub fn loc_to_string(ctx: &Context, l: Location) -> String {
    let mut s = String::new();
    print_loc(ctx, &AliasTable::default(), l, &mut s);
    s
}

fn print_dims(shape: &[i64], out: &mut String) {
    for (i, &d) in shape.iter().enumerate() {
        if i > 0 {
            out.push('x');
        }
        if d == DYNAMIC {
            out.push('?');
        } else {
            crate::numfmt::push_i64(out, d);
        }
    }
}

fn print_type_list(ctx: &Context, table: &AliasTable, ts: &[Type], out: &mut String) {
    for (i, &t) in ts.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        print_type(ctx, table, t, out);
    }
}

fn print_type_impl(ctx: &Context, table: &AliasTable, t: Type, out: &mut String) {
    match ctx.kind(t) {
        TypeKind::Integer { width, signedness } => {
            match signedness {
                Signedness::Signed => out.push('s'),
                Signedness::Unsigned => out.push('u'),
                Signedness::Signless => {}
            }
            out.push('i');
            crate::numfmt::push_u32(out, *width);
        }
        TypeKind::Index => out.push_str("index"),
        TypeKind::Float(k) => out.push_str(k.keyword()),
        TypeKind::None => out.push_str("none"),
        TypeKind::Complex(e) => {
            out.push_str("complex<");
            print_type(ctx, table, *e, out);
            out.push('>');
        }
        TypeKind::Vector { shape, scalable, elem } => {
            out.push_str("vector<");
            for (i, &d) in shape.iter().enumerate() {
                let sc = scalable.get(i).copied().unwrap_or(false);
                if sc {
                    out.push('[');
                }
                let _ = write!(out, "{d}");
                if sc {
                    out.push(']');
                }
                out.push('x');
            }
            print_type(ctx, table, *elem, out);
            out.push('>');
        }
        TypeKind::Tensor { shape, elem, encoding } => {
            out.push_str("tensor<");
            print_dims(shape, out);
            if !shape.is_empty() {
                out.push('x');
            }
            print_type(ctx, table, *elem, out);
            if let Some(e) = encoding {
                out.push_str(", ");
                print_attr_elision(ctx, table, *e, out, Elision::Never);
            }
            out.push('>');
        }
        TypeKind::UnrankedTensor { elem } => {
            out.push_str("tensor<*x");
            print_type(ctx, table, *elem, out);
            out.push('>');
        }
        TypeKind::MemRef { shape, elem, layout, memory_space } => {
            out.push_str("memref<");
            print_dims(shape, out);
            if !shape.is_empty() {
                out.push('x');
            }
            print_type(ctx, table, *elem, out);
            if let Some(l) = printed_layout(ctx, *layout) {
                out.push_str(", ");
                print_attr_elision(ctx, table, l, out, Elision::May);
            }
            if let Some(m) = memory_space {
                out.push_str(", ");
                print_attr_elision(ctx, table, *m, out, Elision::May);
            }
            out.push('>');
        }
        TypeKind::UnrankedMemRef { elem, memory_space } => {
            out.push_str("memref<*x");
            print_type(ctx, table, *elem, out);
            if let Some(m) = memory_space {
                out.push_str(", ");
                print_attr_elision(ctx, table, *m, out, Elision::May);
            }
            out.push('>');
        }
        TypeKind::Tuple(ts) => {
            out.push_str("tuple<");
            print_type_list(ctx, table, ts, out);
            out.push('>');
        }
        TypeKind::Function { inputs, results } => {
            out.push('(');
            print_type_list(ctx, table, inputs, out);
            out.push_str(") -> ");
            if results.len() == 1 && !matches!(ctx.kind(results[0]), TypeKind::Function { .. }) {
                print_type(ctx, table, results[0], out);
            } else {
                out.push('(');
                print_type_list(ctx, table, results, out);
                out.push(')');
            }
        }
        TypeKind::Opaque { dialect, body } => print_dialect_symbol(out, '!', ctx.str(*dialect), ctx.str(*body)),
    }
}

/// `!dialect.body` when the body is `identifier(<...>)?`, else
/// `!dialect<body>`.
pub fn print_dialect_symbol(out: &mut String, sigil: char, dialect: &str, body: &str) {
    out.push(sigil);
    out.push_str(dialect);
    if is_simple_dialect_symbol(body) {
        out.push('.');
        out.push_str(body);
    } else {
        out.push('<');
        out.push_str(body);
        out.push('>');
    }
}

fn is_simple_dialect_symbol(s: &str) -> bool {
    if !s.as_bytes().first().is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    let rest = s.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '.' || c == '_');
    rest.is_empty() || (rest.starts_with('<') && rest.ends_with('>'))
}

// ----- strings and names ------------------------------------------------------

/// Appends `bytes` escaped as LLVM's `printEscapedString` does: printable
/// ASCII except `"` and `\` verbatim, `\\` for backslash, `\XX` otherwise.
pub fn escape_into(bytes: &[u8], out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for &c in bytes {
        if c == b'\\' {
            out.push_str("\\\\");
        } else if (0x20..0x7f).contains(&c) && c != b'"' {
            out.push(c as char);
        } else {
            out.push('\\');
            out.push(HEX[(c >> 4) as usize] as char);
            out.push(HEX[(c & 15) as usize] as char);
        }
    }
}

/// Appends `"escaped"`.
pub fn print_escaped_string(bytes: &[u8], out: &mut String) {
    out.push('"');
    escape_into(bytes, out);
    out.push('"');
}

/// True for a name that prints without quotes: `[a-zA-Z_][a-zA-Z0-9_$.]*`.
pub fn is_bare_identifier(s: &str) -> bool {
    let b = s.as_bytes();
    match b.first() {
        Some(&c) if c.is_ascii_alphabetic() || c == b'_' => {}
        _ => return false,
    }
    b[1..].iter().all(|&c| c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'.')
}

/// A bare identifier as is, anything else quoted and escaped.
pub fn print_keyword_or_string(s: &str, out: &mut String) {
    if is_bare_identifier(s) {
        out.push_str(s);
    } else {
        print_escaped_string(s.as_bytes(), out);
    }
}

/// `@name` or `@"quoted name"`.
pub fn print_symbol_name(s: &str, out: &mut String) {
    if s.is_empty() {
        out.push_str("@<<INVALID EMPTY SYMBOL>>");
        return;
    }
    out.push('@');
    print_keyword_or_string(s, out);
}

// ----- attributes -------------------------------------------------------------

/// Prints an attribute (or its alias). `elide_type` drops the trailing
/// `: type` (MLIR's `printAttributeWithoutType`); otherwise the type of a
/// typed attribute is printed.
pub fn print_attr(ctx: &Context, table: &AliasTable, a: Attribute, out: &mut String, elide_type: bool) {
    print_attr_elision(ctx, table, a, out, if elide_type { Elision::Must } else { Elision::Never });
}

/// Prints an attribute (or its alias) with an explicit type elision mode.
pub fn print_attr_elision(ctx: &Context, table: &AliasTable, a: Attribute, out: &mut String, elision: Elision) {
    if let Some(al) = table.alias(attr_key(ctx, a)) {
        al.write(out);
        return;
    }
    print_attr_impl(ctx, table, a, out, elision);
}

/// `name = value`, or just `name` for a unit value.
pub fn print_named_attr(ctx: &Context, table: &AliasTable, n: NamedAttr, out: &mut String) {
    print_keyword_or_string(ctx.str(n.name), out);
    if *ctx.attr_kind(n.value) == AttrKind::Unit {
        return;
    }
    out.push_str(" = ");
    print_attr_elision(ctx, table, n.value, out, Elision::Never);
}

/// `{a = 1 : i32, b}` in the given order.
pub fn print_attr_dict(ctx: &Context, table: &AliasTable, attrs: &[NamedAttr], out: &mut String) {
    out.push('{');
    for (i, n) in attrs.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        print_named_attr(ctx, table, *n, out);
    }
    out.push('}');
}

fn print_int_value(v: &IntValue, out: &mut String) {
    match v {
        IntValue::Small(x) => {
            let _ = write!(out, "{x}");
        }
        IntValue::Wide(s) => out.push_str(s),
    }
}

fn print_attr_impl(ctx: &Context, table: &AliasTable, a: Attribute, out: &mut String, elision: Elision) {
    let kind = ctx.attr_kind(a);
    let mut ty: Option<Type> = None;
    match kind {
        AttrKind::Unit => {
            out.push_str("unit");
            return;
        }
        AttrKind::Bool(b) => {
            out.push_str(if *b { "true" } else { "false" });
            return;
        }
        AttrKind::Integer { ty: t, value } => {
            if let TypeKind::Integer { width: 1, signedness: Signedness::Signless } = ctx.kind(*t) {
                let set = !matches!(value, IntValue::Small(0));
                out.push_str(if set { "true" } else { "false" });
                return;
            }
            print_int_value(value, out);
            if elision == Elision::May
                && *ctx.kind(*t) == (TypeKind::Integer { width: 64, signedness: Signedness::Signless })
            {
                return;
            }
            ty = Some(*t);
        }
        AttrKind::Float { ty: t, bits } => {
            let kind = ctx.float_kind(*t).unwrap_or(ir::FloatKind::F64);
            let hex = crate::float_text::print_into(kind, *bits, out);
            if elision == Elision::May && kind == ir::FloatKind::F64 && !hex {
                return;
            }
            ty = Some(*t);
        }
        AttrKind::String { value, ty: t } => {
            print_escaped_string(value, out);
            ty = *t;
        }
        AttrKind::Type(t) => print_type(ctx, table, *t, out),
        AttrKind::Distinct { referenced, .. } => {
            let id = {
                let mut ids = table.distinct_ids.lock().unwrap_or_else(|e| e.into_inner());
                let next = ids.len() as u64;
                *ids.entry(a).or_insert(next)
            };
            let _ = write!(out, "distinct[{id}]<");
            if !matches!(ctx.attr_kind(*referenced), AttrKind::Unit) {
                print_attr_elision(ctx, table, *referenced, out, Elision::Never);
            }
            out.push('>');
        }
        AttrKind::Array(v) => {
            out.push('[');
            for (i, &e) in v.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                print_attr_elision(ctx, table, e, out, Elision::May);
            }
            out.push(']');
        }
        AttrKind::DenseArray { elem, bits } => {
            out.push_str("array<");
            print_type(ctx, table, *elem, out);
            if !bits.is_empty() {
                out.push_str(": ");
                for (i, &b) in bits.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    print_scalar_bits(ctx, *elem, b, out);
                }
            }
            out.push('>');
            return;
        }
        AttrKind::Dictionary(v) => print_attr_dict(ctx, table, v, out),
        AttrKind::SymbolRef { root, nested } => {
            print_symbol_name(ctx.str(*root), out);
            for n in nested.iter() {
                out.push_str("::");
                print_symbol_name(ctx.str(*n), out);
            }
        }
        AttrKind::DenseElements { ty: t, data } => {
            let n = num_elements(ctx, *t);
            if should_elide(table, n, data.splat) {
                out.push_str("dense_resource<__elided__>");
            } else {
                out.push_str("dense<");
                print_dense_data(ctx, table, *t, data, n, out);
                out.push('>');
            }
            ty = Some(*t);
        }
        AttrKind::Sparse { ty: t, indices, values } => {
            let dense = |a: Attribute| match ctx.attr_kind(a) {
                AttrKind::DenseElements { ty, data } => Some((*ty, data, num_elements(ctx, *ty))),
                _ => None,
            };
            let elided = |a: Attribute| match ctx.attr_kind(a) {
                AttrKind::DenseElements { ty, data } => should_elide(table, num_elements(ctx, *ty), data.splat),
                AttrKind::DenseString { ty, splat, .. } => should_elide(table, num_elements(ctx, *ty), *splat),
                _ => false,
            };
            if elided(*indices) || elided(*values) {
                out.push_str("dense_resource<__elided__>");
            } else {
                out.push_str("sparse<");
                if let Some((ity, idata, n)) = dense(*indices).filter(|d| d.2 != 0) {
                    let no_hex = AliasTable {
                        options: AttrPrintOptions { hex_elements_larger: -1, ..table.options },
                        ..AliasTable::default()
                    };
                    print_dense_data(ctx, &no_hex, ity, idata, n, out);
                    out.push_str(", ");
                    let mut body = String::new();
                    print_attr_impl(ctx, table, *values, &mut body, Elision::Must);
                    // The values print as a dense literal without `dense<`/`>`.
                    let inner = body.strip_prefix("dense<").and_then(|b| b.strip_suffix('>')).unwrap_or(&body);
                    out.push_str(inner);
                }
                out.push('>');
            }
            ty = Some(*t);
        }
        AttrKind::DenseString { ty: t, splat, values } => {
            let n = num_elements(ctx, *t);
            if should_elide(table, n, *splat) {
                out.push_str("dense_resource<__elided__>");
            } else {
                out.push_str("dense<");
                let shape = ctx.shape(*t).unwrap_or(&[]);
                print_elements(shape, *splat, n, out, &mut |i, out| {
                    print_escaped_string(values.get(i).map(|v| &v[..]).unwrap_or(b""), out)
                });
                out.push('>');
            }
            ty = Some(*t);
        }
        AttrKind::DenseResource { ty: t, handle } => {
            out.push_str("dense_resource<");
            out.push_str(ctx.str(*handle));
            out.push('>');
            ty = Some(*t);
        }
        AttrKind::AffineMap(m) => {
            let _ = write!(out, "affine_map<{m}>");
            return;
        }
        AttrKind::IntegerSet(s) => {
            let _ = write!(out, "affine_set<{s}>");
            return;
        }
        AttrKind::Strided { strides, offset } => {
            out.push_str("strided<[");
            for (i, &s) in strides.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                print_int_or_q(s, out);
            }
            out.push(']');
            if *offset != 0 {
                out.push_str(", offset: ");
                print_int_or_q(*offset, out);
            }
            out.push('>');
        }
        AttrKind::Opaque { dialect, body, ty: t } => {
            print_dialect_symbol(out, '#', ctx.str(*dialect), ctx.str(*body));
            ty = *t;
        }
        AttrKind::Location(l) => {
            out.push_str("loc(");
            print_loc_internal(ctx, table, *l, out, true);
            out.push(')');
        }
    }
    if elision != Elision::Must {
        if let Some(t) = ty.filter(|&t| t != ctx.none_ty()) {
            out.push_str(" : ");
            print_type(ctx, table, t, out);
        }
    }
}

fn print_int_or_q(v: i64, out: &mut String) {
    if v == DYNAMIC {
        out.push('?');
    } else {
        crate::numfmt::push_i64(out, v);
    }
}

fn num_elements(ctx: &Context, t: Type) -> u64 {
    ctx.shape(t).map(|s| s.iter().map(|&d| d.max(0) as u64).product()).unwrap_or(1)
}

fn should_elide(table: &AliasTable, n: u64, splat: bool) -> bool {
    !splat && table.options.elide_elements_larger.is_some_and(|lim| lim < n)
}

/// Prints one integer or float element from its raw bits.
fn print_scalar_bits(ctx: &Context, t: Type, bits: u128, out: &mut String) {
    match ctx.kind(t) {
        TypeKind::Float(k) => {
            crate::float_text::print_into(*k, bits, out);
        }
        TypeKind::Integer { width, signedness } => {
            if *width == 1 {
                out.push_str(if bits & 1 != 0 { "true" } else { "false" });
            } else if *signedness == Signedness::Unsigned {
                let _ = write!(out, "{bits}");
            } else {
                let _ = write!(out, "{}", ir::attrs::sign_extend(bits, *width));
            }
        }
        TypeKind::Index => {
            let _ = write!(out, "{}", bits as u64 as i64);
        }
        _ => {
            let _ = write!(out, "{bits}");
        }
    }
}

/// MLIR's `printDenseElementsAttrImpl`: a splat prints one element, other
/// shapes print nested `[...]` lists.
fn print_elements(shape: &[i64], splat: bool, n: u64, out: &mut String, elem: &mut dyn FnMut(usize, &mut String)) {
    if splat {
        elem(0, out);
        return;
    }
    if n == 0 {
        return;
    }
    let rank = shape.len();
    let mut counter = vec![0i64; rank];
    let mut open = 0usize;
    for idx in 0..n as usize {
        if idx != 0 {
            out.push_str(", ");
        }
        while open < rank {
            out.push('[');
            open += 1;
        }
        elem(idx, out);
        if rank > 0 {
            counter[rank - 1] += 1;
            for i in (1..rank).rev() {
                if counter[i] >= shape[i] {
                    counter[i] = 0;
                    counter[i - 1] += 1;
                    open -= 1;
                    out.push(']');
                }
            }
        }
    }
    for _ in 0..open {
        out.push(']');
    }
}

fn print_dense_data(ctx: &Context, table: &AliasTable, t: Type, data: &DenseData, n: u64, out: &mut String) {
    let _ = table;
    let elem_ty = ctx.element_type(t).unwrap_or(t);
    let (scalar, complex) = match ctx.kind(elem_ty) {
        TypeKind::Complex(e) => (*e, true),
        _ => (elem_ty, false),
    };
    let hex_lim = table.options.hex_elements_larger;
    if hex_lim != -1 && (hex_lim < 0 || (n as i128) > hex_lim as i128) && !data.splat {
        print_dense_hex(ctx, scalar, complex, data, n, out);
        return;
    }
    let shape = ctx.shape(t).unwrap_or(&[]);
    let bits = &data.bits;
    print_elements(shape, data.splat, n, out, &mut |i, out| {
        if complex {
            out.push('(');
            print_scalar_bits(ctx, scalar, bits.get(2 * i).copied().unwrap_or(0), out);
            out.push(',');
            print_scalar_bits(ctx, scalar, bits.get(2 * i + 1).copied().unwrap_or(0), out);
            out.push(')');
        } else {
            print_scalar_bits(ctx, scalar, bits.get(i).copied().unwrap_or(0), out);
        }
    });
}

fn print_dense_hex(ctx: &Context, scalar: Type, complex: bool, data: &DenseData, n: u64, out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let width = ctx.scalar_bit_width(scalar).unwrap_or(64);
    let mut bytes: Vec<u8> = Vec::new();
    if width == 1 && !complex {
        bytes.resize((n as usize).div_ceil(8), 0);
        for (i, &b) in data.bits.iter().enumerate().take(n as usize) {
            if b & 1 != 0 {
                bytes[i / 8] |= 1 << (i % 8);
            }
        }
    } else {
        let nb = (width as usize).div_ceil(8);
        for &b in data.bits.iter() {
            for k in 0..nb {
                bytes.push(if k < 16 { (b >> (8 * k)) as u8 } else { 0 });
            }
        }
    }
    out.push_str("\"0x");
    for b in bytes {
        out.push(HEX[(b >> 4) as usize] as char);
        out.push(HEX[(b & 15) as usize] as char);
    }
    out.push('"');
}

// ----- locations --------------------------------------------------------------

/// Prints a trailing location `loc(...)`, using its alias if it has one.
pub fn print_loc(ctx: &Context, table: &AliasTable, l: Location, out: &mut String) {
    if table.options.pretty_locs {
        print_loc_internal(ctx, table, l, out, true);
        return;
    }
    out.push_str("loc(");
    if let Some(a) = table.alias(AliasKey::Loc(l)) {
        a.write(out);
    } else {
        print_loc_internal(ctx, table, l, out, true);
    }
    out.push(')');
}

/// A location printed in full at the top level (`loc(...)`, or the bare
/// pretty form); nested locations use their aliases.
pub fn print_loc_inline(ctx: &Context, table: &AliasTable, l: Location, out: &mut String) {
    if table.options.pretty_locs {
        print_loc_internal(ctx, table, l, out, true);
        return;
    }
    out.push_str("loc(");
    print_loc_internal(ctx, table, l, out, true);
    out.push(')');
}

/// The body of a location without `loc(`/`)`; nested locations use their
/// aliases.
pub fn print_loc_body(ctx: &Context, table: &AliasTable, l: Location, out: &mut String) {
    print_loc_internal(ctx, table, l, out, true);
}

fn print_loc_internal(ctx: &Context, table: &AliasTable, l: Location, out: &mut String, top: bool) {
    if !top {
        if let Some(a) = table.alias(AliasKey::Loc(l)) {
            a.write(out);
            return;
        }
    }
    let pretty = table.options.pretty_locs;
    match ctx.loc_kind(l) {
        LocKind::Unknown => out.push_str(if pretty { "[unknown]" } else { "unknown" }),
        LocKind::FileLineCol { file, line, col } => {
            if pretty {
                out.push_str(ctx.str(*file));
            } else {
                print_escaped_string(ctx.str(*file).as_bytes(), out);
            }
            let _ = write!(out, ":{line}:{col}");
        }
        LocKind::Name { name, child } => {
            print_escaped_string(ctx.str(*name).as_bytes(), out);
            if let Some(c) = child {
                if *ctx.loc_kind(*c) != LocKind::Unknown {
                    out.push('(');
                    print_loc_internal(ctx, table, *c, out, false);
                    out.push(')');
                }
            }
        }
        LocKind::CallSite { callee, caller } => {
            if !pretty {
                out.push_str("callsite(");
            }
            print_loc_internal(ctx, table, *callee, out, false);
            let same_line = matches!(ctx.loc_kind(*callee), LocKind::Name { .. })
                && matches!(ctx.loc_kind(*caller), LocKind::FileLineCol { .. });
            out.push_str(if !pretty || same_line { " at " } else { "\n at " });
            print_loc_internal(ctx, table, *caller, out, false);
            if !pretty {
                out.push(')');
            }
        }
        LocKind::Fused { locs, metadata } => {
            if !pretty {
                out.push_str("fused");
            }
            if let Some(m) = metadata {
                out.push('<');
                print_attr_elision(ctx, table, *m, out, Elision::Never);
                out.push('>');
            }
            out.push('[');
            for (i, &c) in ctx.loc_list_items(*locs).iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                print_loc_internal(ctx, table, c, out, false);
            }
            out.push(']');
        }
        LocKind::Opaque(_) => out.push_str(if pretty { "[unknown]" } else { "unknown" }),
    }
}

/// The layout of a memref type as MLIR prints it: left out when it is an
/// identity affine map. The parser drops those, but a pass may build one
/// with symbols (`affine_map<(d0)[s0] -> (d0)>`), a type distinct from the
/// default layout that prints the same, as in MLIR.
fn printed_layout(ctx: &Context, layout: Option<Attribute>) -> Option<Attribute> {
    layout.filter(|&l| !matches!(ctx.attr_kind(l), AttrKind::AffineMap(m) if m.is_identity()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Parser;

    #[test]
    fn escaping_and_names() {
        let mut s = String::new();
        print_escaped_string(b"a\"b\\c\n\x7f\xc3\xa9 ~", &mut s);
        assert_eq!(s, "\"a\\22b\\\\c\\0A\\7F\\C3\\A9 ~\"");
        assert!(is_bare_identifier("_a$b.c9"));
        assert!(!is_bare_identifier("9a") && !is_bare_identifier("a-b") && !is_bare_identifier(""));
        let mut s = String::new();
        print_symbol_name("a b", &mut s);
        print_symbol_name("ok", &mut s);
        assert_eq!(s, "@\"a b\"@ok");
        let mut s = String::new();
        print_dialect_symbol(&mut s, '#', "d", "x.y<1>");
        print_dialect_symbol(&mut s, '!', "d", "\"x\"");
        print_dialect_symbol(&mut s, '!', "d", "x<1>y");
        assert_eq!(s, "#d.x.y<1>!d<\"x\">!d<x<1>y>");
    }

    /// Aliases are ordered by depth, then types before attributes, then
    /// by name; numbering follows that order.
    #[test]
    fn alias_order_and_numbering() {
        let ctx = Context::new();
        let src = "[affine_set<(d0) : (d0 >= 0)>, memref<4xf32, affine_map<(d0) -> (d0 + 1)>>, affine_map<(d0) -> (d0 + 2)>, loc(\"x\":1:1)]";
        let mut p = Parser::new(&ctx, src, "a.mlir");
        let a = p.parse_attribute(None).unwrap();
        let mut t = AliasTable::new();
        t.collect_attr(&ctx, a);
        let big = (0..17).map(|i| ctx.int_ty(i + 1)).collect::<Vec<_>>();
        let tuple = ctx.ty(TypeKind::Tuple(big.into()));
        t.collect_type(&ctx, tuple);
        t.finalize();
        let mut defs = String::new();
        print_alias_definitions(&ctx, &t, false, &mut defs);
        let names: Vec<&str> = defs.lines().map(|l| l.split(" = ").next().unwrap()).collect();
        assert_eq!(names, ["!tuple", "#loc", "#map", "#map1", "#set"]);
        let mut s = String::new();
        print_attr(&ctx, &t, a, &mut s, false);
        assert_eq!(s, "[#set, memref<4xf32, #map>, #map1, #loc]");
        assert!(!t.has_deferred());
    }

    #[test]
    fn op_locations_are_deferred_unless_used_elsewhere() {
        let ctx = Context::new();
        let l1 = ctx.file_loc("a", 1, 1);
        let l2 = ctx.file_loc("b", 2, 2);
        let mut t = AliasTable::new();
        t.collect_loc(&ctx, l1, true);
        t.collect_loc(&ctx, l2, true);
        t.collect_attr(&ctx, ctx.attr(AttrKind::Location(l2)));
        t.finalize();
        let (mut top, mut end) = (String::new(), String::new());
        print_alias_definitions(&ctx, &t, false, &mut top);
        print_alias_definitions(&ctx, &t, true, &mut end);
        assert_eq!(top, "#loc1 = loc(\"b\":2:2)\n");
        assert_eq!(end, "#loc = loc(\"a\":1:1)\n");
    }

    #[test]
    fn elided_and_hex_elements() {
        let ctx = Context::new();
        let mut p = Parser::new(&ctx, "dense<[1, 2, 3]> : tensor<3xi16>", "a.mlir");
        let a = p.parse_attribute(None).unwrap();
        let opts = AttrPrintOptions { elide_elements_larger: Some(2), hex_elements_larger: 100, pretty_locs: false };
        let mut s = String::new();
        print_attr(&ctx, &AliasTable::with_options(opts), a, &mut s, false);
        assert_eq!(s, "dense_resource<__elided__> : tensor<3xi16>");
        let opts = AttrPrintOptions { elide_elements_larger: None, hex_elements_larger: 1, pretty_locs: false };
        let mut s = String::new();
        print_attr(&ctx, &AliasTable::with_options(opts), a, &mut s, true);
        assert_eq!(s, "dense<\"0x010002000300\">");
    }
}
