//! Declarative assembly formats: MLIR's ODS `assemblyFormat`, read once when
//! an op is registered and interpreted by [`FormatAsm`], which implements
//! [`OpAsm`] (both the parser and the printer) from it.
//!
//! A format is a sequence of directives over the op's declared groups
//! ([`OpShape`]):
//! - `$name`: an operand group (a comma list when variadic), an attribute
//!   (written as its [`AttrSyntax`] says, and left out of the attr-dict) or a
//!   successor;
//! - `attr-dict`, `attr-dict-with-keyword`;
//! - `type($x)`, `type(operands)`, `type(results)`, `qualified(type(..))`;
//! - `functional-type(a, b)`, `operands`;
//! - literals: `` `:` ``, `` `->` ``, `` `to` ``, …; `` ` ` `` (a space) and
//!   `` `` `` (no space);
//! - optional groups `( ... )?` with one element marked `^` as the anchor.
//!
//! Spacing follows ODS's generated printers exactly (a space before each
//! element except after `(`, `[`, … and before `)`, `,`, …), so output is
//! byte-identical to mlir-opt-19's. Types not written in the format come
//! from the op declaration's [`Rule`]s (ODS's buildable types,
//! `AllTypesMatch` and `TypesMatchWith`); a format whose operand or result
//! types cannot all be found is rejected at registration.

use crate::asm::{OpAsm, OpState};
use crate::lexer::TokenKind;
use crate::op_parser::{IrParser, UnresolvedOperand};
use crate::parser::{PResult, ParseError};
use crate::print_attr::type_to_string;
use crate::printer::OpPrinter;
use ir::op_decl::{group_range, segment_sizes_attr, Arity, AttrSyntax, Sizing};
use ir::{Attribute, BlockId, Context, Diagnostic, Ir, OpId, Type, ValueId};

/// A constraint on a written type.
pub type TypePred = fn(&Context, Type) -> bool;

/// What an op declaration says about one variable of its format.
#[derive(Clone, Copy)]
pub enum Rule {
    /// A written type must satisfy the predicate; else `custom op '<name>'
    /// invalid kind of type specified`.
    Kind(TypePred),
    /// A written type must be builtin type `name` (`vector`, `memref`);
    /// else `invalid kind of type specified: expected builtin.<name>, but
    /// found '<type>'`.
    Builtin(&'static str, TypePred),
    /// The type is buildable: always this one (ODS's `Index`, `I1`).
    Is(fn(&Context) -> Type),
    /// The same type as another variable's (`AllTypesMatch`).
    SameAs(&'static str),
    /// Derived from another variable's type (`TypesMatchWith`), e.g. its
    /// element type.
    From(&'static str, fn(&Context, Type) -> Option<Type>),
    /// A variadic group's types, all derived from another variable's type
    /// and the number of operands parsed (`tensor.from_elements`: one
    /// element type per element of the static shape).
    FromList(&'static str, fn(&Context, Type, usize) -> Vec<Type>),
    /// A parsed attribute must satisfy the predicate (its declaration takes
    /// any attribute); else `invalid kind of attribute specified`.
    AttrKind(fn(&Context, Attribute) -> bool),
    /// An attribute's default value: the attr-dict leaves it out when the
    /// op holds exactly that value (ODS's `DefaultValuedAttr`).
    Default(fn(&Context) -> Attribute),
}

/// The declared groups of an op that its format names.
#[derive(Clone, Copy)]
pub struct OpShape {
    /// The op name (for messages).
    pub name: &'static str,
    /// Operand group names, in declaration order.
    pub operands: &'static [&'static str],
    /// Operand group arities.
    pub operand_arities: &'static [Arity],
    /// How operand groups are sized.
    pub operand_sizing: Sizing,
    /// Result group names.
    pub results: &'static [&'static str],
    /// Result group arities.
    pub result_arities: &'static [Arity],
    /// How result groups are sized.
    pub result_sizing: Sizing,
    /// Inherent attributes (as spelled in the IR) and how each is written.
    pub attrs: &'static [(&'static str, AttrSyntax)],
    /// Successor group names (each a single block).
    pub successors: &'static [&'static str],
    /// Type and default rules, by variable name.
    pub rules: &'static [(&'static str, Rule)],
    /// The name suggested for the first result (`%alloc`), if any.
    pub result_name: Option<&'static str>,
    /// Names for several results (MLIR's `getAsmResultNames`), if any.
    pub result_names: Option<ResultNamesFn>,
}

/// Suggests result names (`%base_buffer`, `%offset`, …) for an op.
pub type ResultNamesFn = fn(&Ir, OpId, &mut dyn FnMut(ValueId, &str));

/// Whose types a `type(...)` directive writes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum TypeOf {
    Operand(usize),
    Result(usize),
    Operands,
    Results,
}

/// One element of a compiled format.
#[derive(Clone, Debug)]
enum Elem {
    Literal(&'static str),
    /// `` ` ` `` (true) or `` `` `` (false).
    Space(bool),
    Operand(usize),
    Operands,
    Attr(usize),
    Successor(usize),
    AttrDict {
        keyword: bool,
    },
    Type(TypeOf),
    Functional(TypeOf, TypeOf),
    Optional(Box<Group>),
}

/// An optional group `( ... )?`.
#[derive(Clone, Debug)]
struct Group {
    items: Vec<Item>,
    anchor: Anchor,
    /// A unit attribute anchoring the group and not its first element: not
    /// written, present exactly when the group is.
    elided_unit: Option<usize>,
}

/// What decides whether an optional group is printed.
#[derive(Clone, Copy, Debug)]
enum Anchor {
    Operand(usize),
    Attr(usize),
    Type(TypeOf),
}

/// An element with whether the printer writes a space before it.
#[derive(Clone, Debug)]
struct Item {
    elem: Elem,
    space: bool,
}

/// An op's custom syntax interpreted from a declarative format.
pub struct FormatAsm {
    shape: OpShape,
    items: Vec<Item>,
    /// Attributes the attr-dict leaves out: those the format writes and
    /// the segment sizes.
    elided: Vec<&'static str>,
    /// Attributes with a default value the attr-dict leaves out when equal.
    defaults: Vec<(&'static str, DefaultFn)>,
    /// The rule of each type slot (operand groups, then result groups),
    /// with the slot its source variable names, resolved at registration.
    slot_rules: Vec<Option<(Rule, Option<usize>)>>,
}

/// An attribute's default value.
type DefaultFn = fn(&Context) -> Attribute;

/// The punctuation a literal may be, with its token.
const PUNCTUATION: [(&str, TokenKind); 15] = [
    (":", TokenKind::Colon),
    (",", TokenKind::Comma),
    ("=", TokenKind::Equal),
    ("<", TokenKind::Less),
    (">", TokenKind::Greater),
    ("(", TokenKind::LParen),
    (")", TokenKind::RParen),
    ("{", TokenKind::LBrace),
    ("}", TokenKind::RBrace),
    ("[", TokenKind::LSquare),
    ("]", TokenKind::RSquare),
    ("->", TokenKind::Arrow),
    ("?", TokenKind::Question),
    ("+", TokenKind::Plus),
    ("*", TokenKind::Star),
];

fn punctuation(lit: &str) -> Option<TokenKind> {
    PUNCTUATION.iter().find(|(s, _)| *s == lit).map(|&(_, k)| k)
}

// ===== reading a format ==========================================================

/// A token of a format string.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum FTok {
    Literal(&'static str),
    Var(&'static str),
    Ident(&'static str),
    Punct(char),
}

fn lex(fmt: &'static str) -> Result<Vec<FTok>, String> {
    let b = fmt.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c == b'`' {
            let end = fmt[i + 1..].find('`').ok_or("unterminated literal")? + i + 1;
            out.push(FTok::Literal(&fmt[i + 1..end]));
            i = end + 1;
        } else if c == b'$' || c.is_ascii_alphabetic() {
            let start = if c == b'$' { i + 1 } else { i };
            let mut j = start;
            while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_' || (c != b'$' && b[j] == b'-')) {
                j += 1;
            }
            if j == start {
                return Err("expected a variable name after '$'".into());
            }
            out.push(if c == b'$' { FTok::Var(&fmt[start..j]) } else { FTok::Ident(&fmt[start..j]) });
            i = j;
        } else if b"()?^,".contains(&c) {
            out.push(FTok::Punct(c as char));
            i += 1;
        } else {
            return Err(format!("unexpected character '{}'", c as char));
        }
    }
    Ok(out)
}

/// A variable a format names.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Var {
    Operand(usize),
    Result(usize),
    Attr(usize),
    Successor(usize),
}

struct Reader<'s> {
    toks: Vec<FTok>,
    pos: usize,
    shape: &'s OpShape,
    /// The anchor of the group being read.
    anchor: Option<Anchor>,
    in_group: bool,
}

impl Reader<'_> {
    fn peek(&self) -> Option<FTok> {
        self.toks.get(self.pos).copied()
    }
    fn expect(&mut self, c: char) -> Result<(), String> {
        if self.peek() == Some(FTok::Punct(c)) {
            self.pos += 1;
            Ok(())
        } else {
            Err(format!("expected '{c}'"))
        }
    }
    fn var(&self, name: &str) -> Result<Var, String> {
        let s = self.shape;
        if let Some(i) = s.operands.iter().position(|n| *n == name) {
            return Ok(Var::Operand(i));
        }
        if let Some(i) = s.results.iter().position(|n| *n == name) {
            return Ok(Var::Result(i));
        }
        if let Some(i) = s.attrs.iter().position(|(n, _)| *n == name) {
            return Ok(Var::Attr(i));
        }
        if let Some(i) = s.successors.iter().position(|n| *n == name) {
            return Ok(Var::Successor(i));
        }
        Err(format!("unknown variable '${name}'"))
    }
    /// `$x`, `operands` or `results` inside `type(..)`.
    fn type_arg(&mut self) -> Result<TypeOf, String> {
        let t = self.peek().ok_or("expected an argument")?;
        self.pos += 1;
        match t {
            FTok::Var(n) => match self.var(n)? {
                Var::Operand(i) => Ok(TypeOf::Operand(i)),
                Var::Result(i) => Ok(TypeOf::Result(i)),
                _ => Err(format!("'${n}' has no type")),
            },
            FTok::Ident("operands") => Ok(TypeOf::Operands),
            FTok::Ident("results") => Ok(TypeOf::Results),
            FTok::Ident("type") => {
                self.expect('(')?;
                let t = self.type_arg()?;
                self.expect(')')?;
                Ok(t)
            }
            _ => Err("expected a variable, 'operands' or 'results'".into()),
        }
    }
    fn elements(&mut self) -> Result<Vec<Elem>, String> {
        let mut out = Vec::new();
        while let Some(t) = self.peek() {
            if t == FTok::Punct(')') {
                break;
            }
            out.push(self.element()?);
        }
        Ok(out)
    }
    fn mark_anchor(&mut self, a: Anchor) -> Result<(), String> {
        if !self.in_group {
            return Err("'^' outside an optional group".into());
        }
        if self.anchor.replace(a).is_some() {
            return Err("an optional group has more than one anchor".into());
        }
        Ok(())
    }
    fn element(&mut self) -> Result<Elem, String> {
        let t = self.peek().ok_or("unexpected end")?;
        self.pos += 1;
        let e = match t {
            FTok::Literal("") => Elem::Space(false),
            FTok::Literal(" ") => Elem::Space(true),
            FTok::Literal(l) => {
                let ok = punctuation(l).is_some()
                    || (l.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                        && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$'));
                if !ok {
                    return Err(format!("unsupported literal `{l}`"));
                }
                Elem::Literal(l)
            }
            FTok::Var(n) => match self.var(n)? {
                Var::Operand(i) => Elem::Operand(i),
                Var::Attr(i) => Elem::Attr(i),
                Var::Successor(i) => Elem::Successor(i),
                Var::Result(_) => return Err(format!("result '${n}' can only appear in type(..)")),
            },
            FTok::Ident("attr-dict") => Elem::AttrDict { keyword: false },
            FTok::Ident("attr-dict-with-keyword") => Elem::AttrDict { keyword: true },
            FTok::Ident("operands") => Elem::Operands,
            FTok::Ident("type") | FTok::Ident("qualified") => {
                self.expect('(')?;
                let t = self.type_arg()?;
                self.expect(')')?;
                Elem::Type(t)
            }
            FTok::Ident("functional-type") => {
                self.expect('(')?;
                let a = self.type_arg()?;
                self.expect(',')?;
                let b = self.type_arg()?;
                self.expect(')')?;
                Elem::Functional(a, b)
            }
            FTok::Ident(d) => return Err(format!("unsupported directive '{d}'")),
            FTok::Punct('(') => {
                if self.in_group {
                    return Err("nested optional groups are not supported".into());
                }
                self.in_group = true;
                let elems = self.elements()?;
                self.expect(')')?;
                self.expect('?')?;
                self.in_group = false;
                let anchor = self.anchor.take().ok_or("an optional group has no anchor ('^')")?;
                return self.group(elems, anchor);
            }
            FTok::Punct(c) => return Err(format!("unexpected '{c}'")),
        };
        if self.peek() == Some(FTok::Punct('^')) {
            self.pos += 1;
            let a = match &e {
                Elem::Operand(i) => Anchor::Operand(*i),
                Elem::Attr(i) => Anchor::Attr(*i),
                Elem::Type(t) => Anchor::Type(*t),
                _ => return Err("only a variable or a type directive can anchor a group".into()),
            };
            self.mark_anchor(a)?;
        }
        Ok(e)
    }
    fn group(&self, elems: Vec<Elem>, anchor: Anchor) -> Result<Elem, String> {
        let s = self.shape;
        match anchor {
            Anchor::Operand(i) | Anchor::Type(TypeOf::Operand(i)) if s.operand_arities[i] == Arity::Single => {
                return Err(format!("anchor '${}' is neither optional nor variadic", s.operands[i]));
            }
            Anchor::Type(TypeOf::Result(i)) if s.result_arities[i] == Arity::Single => {
                return Err(format!("anchor '${}' is neither optional nor variadic", s.results[i]));
            }
            _ => {}
        }
        if !matches!(elems.iter().find(|e| !matches!(e, Elem::Space(_))), Some(Elem::Literal(_) | Elem::Operand(_))) {
            return Err("the first element of an optional group must be a literal or an operand".into());
        }
        let mut elided_unit = None;
        let mut elems = elems;
        if let Anchor::Attr(i) = anchor {
            if matches!(s.attrs[i].1, AttrSyntax::Unit) && !matches!(elems.first(), Some(Elem::Attr(j)) if *j == i) {
                elided_unit = Some(i);
                elems.retain(|e| !matches!(e, Elem::Attr(j) if *j == i));
            }
        }
        let items = elems.into_iter().map(|elem| Item { elem, space: false }).collect();
        Ok(Elem::Optional(Box::new(Group { items, anchor, elided_unit })))
    }
}

/// ODS's `shouldEmitSpaceBefore` for a literal.
fn space_before_literal(lit: &str, last_was_punctuation: bool) -> bool {
    if lit.len() != 1 && lit != "->" {
        return true;
    }
    let c = lit.as_bytes()[0];
    if last_was_punctuation {
        !b">)}],".contains(&c)
    } else {
        !b"<>(){}[],".contains(&c)
    }
}

/// Sets each item's leading space as ODS's generated printer does, threading
/// (`shouldEmitSpace`, `lastWasPunctuation`) through the elements in order
/// (an optional group's elements included, whether printed or not).
fn assign_spaces(items: &mut [Item], emit: &mut bool, last_punct: &mut bool) {
    for it in items {
        match &mut it.elem {
            Elem::Literal(l) => {
                it.space = *emit && space_before_literal(l, *last_punct);
                *emit = l.len() != 1 || !b"<({[".contains(&l.as_bytes()[0]);
                *last_punct = !l.starts_with(|c: char| c == '_' || c.is_ascii_alphabetic());
            }
            Elem::Space(v) => {
                it.space = false;
                *last_punct = !*v;
                *emit = false;
            }
            Elem::AttrDict { .. } => {
                it.space = false;
                *last_punct = false;
            }
            Elem::Optional(g) => {
                it.space = false;
                assign_spaces(&mut g.items, emit, last_punct);
            }
            _ => {
                it.space = *emit || !*last_punct;
                *last_punct = false;
                *emit = true;
            }
        }
    }
}

impl FormatAsm {
    /// Reads `format` for the op `shape` describes. The error says what is
    /// wrong with the format (a registration error).
    pub fn new(shape: OpShape, format: &'static str) -> Result<FormatAsm, String> {
        let mut r = Reader { toks: lex(format)?, pos: 0, shape: &shape, anchor: None, in_group: false };
        let elems = r.elements()?;
        if r.pos != r.toks.len() {
            return Err("unbalanced ')'".into());
        }
        let mut items: Vec<Item> = elems.into_iter().map(|elem| Item { elem, space: false }).collect();
        assign_spaces(&mut items, &mut true, &mut false);
        let mut f = FormatAsm { shape, items, elided: Vec::new(), defaults: Vec::new(), slot_rules: Vec::new() };
        f.check()?;
        f.slot_rules = (0..shape.operands.len() + shape.results.len())
            .map(|k| {
                let rule = f.rule(f.slot_name(k))?;
                let src = match rule {
                    Rule::SameAs(o) | Rule::From(o, _) | Rule::FromList(o, _) => f.slot_index(o),
                    _ => None,
                };
                Some((rule, src))
            })
            .collect();
        Ok(f)
    }

    fn rule(&self, name: &str) -> Option<Rule> {
        self.shape.rules.iter().find(|(n, _)| *n == name).map(|&(_, r)| r)
    }

    /// Every element, groups flattened.
    fn all_elems(&self) -> Vec<&Elem> {
        fn walk<'a>(items: &'a [Item], out: &mut Vec<&'a Elem>) {
            for it in items {
                out.push(&it.elem);
                if let Elem::Optional(g) = &it.elem {
                    walk(&g.items, out);
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.items, &mut out);
        out
    }

    /// The registration-time checks: each operand written once, one
    /// attr-dict, every type written or inferable, rules naming variables.
    fn check(&mut self) -> Result<(), String> {
        let s = self.shape;
        let elems = self.all_elems();
        let mut written_types: Vec<TypeOf> = Vec::new();
        let mut attr_dicts = 0;
        let mut operand_seen = vec![0usize; s.operands.len()];
        let mut all_operands = false;
        let mut elided: Vec<&'static str> = Vec::new();
        for e in &elems {
            match e {
                Elem::Operand(i) => operand_seen[*i] += 1,
                Elem::Operands => all_operands = true,
                Elem::Attr(i) => elided.push(s.attrs[*i].0),
                Elem::AttrDict { .. } => attr_dicts += 1,
                Elem::Type(t) => written_types.push(*t),
                Elem::Functional(a, b) => written_types.extend([*a, *b]),
                Elem::Optional(g) => {
                    if let Some(i) = g.elided_unit {
                        elided.push(s.attrs[i].0);
                    }
                }
                _ => {}
            }
        }
        if attr_dicts != 1 {
            return Err("the format must have exactly one attr-dict directive".into());
        }
        for (i, &n) in operand_seen.iter().enumerate() {
            if (n == 0 && !all_operands) || n > 1 || (n == 1 && all_operands) {
                return Err(format!("operand '${}' must appear exactly once", s.operands[i]));
            }
        }
        for (name, rule) in s.rules {
            let known = s.operands.contains(name) || s.results.contains(name) || s.attrs.iter().any(|(n, _)| n == name);
            if !known {
                return Err(format!("rule for unknown variable '{name}'"));
            }
            if let Rule::SameAs(o) | Rule::From(o, _) | Rule::FromList(o, _) = rule {
                if !s.operands.contains(o) && !s.results.contains(o) {
                    return Err(format!("rule for '{name}' names unknown variable '{o}'"));
                }
            }
            if let Rule::Default(f) = rule {
                self.defaults.push((name, *f));
            }
        }
        // Which types are known: written ones, then inferred ones to a fixpoint.
        let n_ops = s.operands.len();
        let mut known: Vec<bool> = (0..n_ops + s.results.len())
            .map(|k| {
                let t = if k < n_ops { TypeOf::Operand(k) } else { TypeOf::Result(k - n_ops) };
                let all = if k < n_ops { TypeOf::Operands } else { TypeOf::Results };
                written_types.contains(&t) || written_types.contains(&all)
            })
            .collect();
        let index_of = |name: &str| {
            s.operands
                .iter()
                .position(|n| *n == name)
                .or_else(|| s.results.iter().position(|n| *n == name).map(|i| i + n_ops))
        };
        loop {
            let mut progress = false;
            for k in 0..known.len() {
                if known[k] {
                    continue;
                }
                let name = if k < n_ops { s.operands[k] } else { s.results[k - n_ops] };
                let ok = match self.rule(name) {
                    Some(Rule::Is(_)) => true,
                    Some(Rule::SameAs(o) | Rule::From(o, _) | Rule::FromList(o, _)) => {
                        index_of(o).is_some_and(|j| known[j])
                    }
                    _ => false,
                };
                if ok {
                    if k >= n_ops
                        && s.result_arities[k - n_ops] != Arity::Single
                        && !matches!(self.rule(name), Some(Rule::FromList(..)))
                    {
                        return Err(format!("type of result '{name}' cannot be inferred: it is not a single result"));
                    }
                    known[k] = true;
                    progress = true;
                }
            }
            if !progress {
                break;
            }
        }
        if let Some(k) = known.iter().position(|&b| !b) {
            let (what, name) = if k < n_ops { ("operand", s.operands[k]) } else { ("result", s.results[k - n_ops]) };
            return Err(format!("type of {what} '{name}' is neither written nor inferable"));
        }
        if let Sizing::Segments(n) = s.operand_sizing {
            elided.push(n.text());
        }
        if let Sizing::Segments(n) = s.result_sizing {
            elided.push(n.text());
        }
        self.elided = elided;
        Ok(())
    }
}

// ===== printing ==================================================================

impl FormatAsm {
    fn operand_range(&self, ir: &Ir, op: OpId, g: usize) -> std::ops::Range<usize> {
        let s = &self.shape;
        group_range(ir, op, ir.num_operands(op), s.operand_arities, s.operand_sizing, g)
    }
    fn result_range(&self, ir: &Ir, op: OpId, g: usize) -> std::ops::Range<usize> {
        let s = &self.shape;
        group_range(ir, op, ir.num_results(op), s.result_arities, s.result_sizing, g)
    }
    fn types_of(&self, ir: &Ir, op: OpId, t: TypeOf) -> Vec<Type> {
        match t {
            TypeOf::Operand(g) => self.operand_range(ir, op, g).map(|k| ir.value_type(ir.operand(op, k))).collect(),
            TypeOf::Result(g) => self.result_range(ir, op, g).map(|k| ir.value_type(ir.result(op, k))).collect(),
            TypeOf::Operands => ir.operand_types(op).into_iter().collect(),
            TypeOf::Results => ir.result_types(op).into_iter().collect(),
        }
    }
    fn attr_present(&self, ir: &Ir, op: OpId, i: usize) -> bool {
        let name = self.shape.attrs[i].0;
        match ir.attr(op, name) {
            None => false,
            Some(a) => !self.defaults.iter().any(|&(n, d)| n == name && d(ir.ctx()) == a),
        }
    }
    fn anchor_present(&self, ir: &Ir, op: OpId, a: Anchor) -> bool {
        match a {
            Anchor::Operand(g) | Anchor::Type(TypeOf::Operand(g)) => !self.operand_range(ir, op, g).is_empty(),
            Anchor::Type(TypeOf::Result(g)) => !self.result_range(ir, op, g).is_empty(),
            Anchor::Type(TypeOf::Operands) => ir.num_operands(op) > 0,
            Anchor::Type(TypeOf::Results) => ir.num_results(op) > 0,
            Anchor::Attr(i) => self.attr_present(ir, op, i),
        }
    }
    fn print_items(&self, pr: &mut OpPrinter<'_>, op: OpId, items: &[Item]) {
        let ir = pr.ir;
        for it in items {
            if it.space {
                pr.out.push(' ');
            }
            match &it.elem {
                Elem::Literal(l) => pr.out.push_str(l),
                Elem::Space(v) => {
                    if *v {
                        pr.out.push(' ');
                    }
                }
                Elem::Operand(g) => {
                    let r = self.operand_range(ir, op, *g);
                    pr.print_values(r.map(|k| ir.operand(op, k)));
                }
                Elem::Operands => pr.print_values(ir.operands(op)),
                Elem::Attr(i) => {
                    let (name, syntax) = self.shape.attrs[*i];
                    if let Some(a) = ir.attr(op, name) {
                        match syntax {
                            AttrSyntax::Typed(_) => pr.print_attr_no_type(a),
                            _ => pr.print_attr(a),
                        }
                    }
                }
                Elem::Successor(i) => {
                    if let Some(&b) = ir.successors(op).get(*i) {
                        pr.print_block_name(b);
                    }
                }
                Elem::AttrDict { keyword } => self.print_attr_dict(pr, op, *keyword),
                Elem::Type(t) => match *t {
                    TypeOf::Operand(g) => {
                        let r = self.operand_range(ir, op, g);
                        pr.print_types(r.map(|k| ir.value_type(ir.operand(op, k))));
                    }
                    TypeOf::Result(g) => {
                        let r = self.result_range(ir, op, g);
                        pr.print_types(r.map(|k| ir.value_type(ir.result(op, k))));
                    }
                    TypeOf::Operands => pr.print_types(ir.operands(op).map(|v| ir.value_type(v))),
                    TypeOf::Results => pr.print_types(ir.result_types(op)),
                },
                Elem::Functional(a, b) => {
                    let (ins, outs) = (self.types_of(ir, op, *a), self.types_of(ir, op, *b));
                    pr.print_functional_type(&ins, &outs);
                }
                Elem::Optional(g) => {
                    if self.anchor_present(ir, op, g.anchor) {
                        self.print_items(pr, op, &g.items);
                    }
                }
            }
        }
    }
    fn print_attr_dict(&self, pr: &mut OpPrinter<'_>, op: OpId, keyword: bool) {
        let ir = pr.ir;
        let ctx = ir.ctx();
        let at_default = |&(n, d): &(&'static str, DefaultFn)| ir.attr(op, n).is_some_and(|a| a == d(ctx));
        let extra: Vec<&str>;
        let elided: &[&str] = if self.defaults.iter().any(at_default) {
            extra = self
                .elided
                .iter()
                .copied()
                .chain(self.defaults.iter().filter(|d| at_default(d)).map(|d| d.0))
                .collect();
            &extra
        } else {
            &self.elided
        };
        if keyword {
            pr.print_optional_attr_dict_with_keyword(ir.attrs(op), elided);
        } else {
            pr.print_optional_attr_dict(ir.attrs(op), elided);
        }
    }
}

// ===== parsing ===================================================================

/// What has been read of one op.
struct Parsed<'a> {
    /// Per operand group: the operands and where the group began.
    operands: Vec<(Vec<UnresolvedOperand<'a>>, u32)>,
    /// The `operands` directive's list.
    all_operands: Option<(Vec<UnresolvedOperand<'a>>, u32)>,
    /// Written types per operand group, then per result group.
    types: Vec<Option<Vec<Type>>>,
    all_operand_types: Option<Vec<Type>>,
    all_result_types: Option<Vec<Type>>,
    successors: Vec<Option<BlockId>>,
}

fn custom_error(p: &IrParser<'_, '_>, st: &OpState, pos: u32, msg: &str) -> ParseError {
    p.p.error_at(pos, format!("custom op '{}' {msg}", p.p.ctx.str(st.name)))
}

impl FormatAsm {
    /// The name of type slot `k` (operand groups, then result groups).
    fn slot_name(&self, k: usize) -> &'static str {
        let n = self.shape.operands.len();
        if k < n {
            self.shape.operands[k]
        } else {
            self.shape.results[k - n]
        }
    }
    fn slot_index(&self, name: &str) -> Option<usize> {
        let s = &self.shape;
        s.operands
            .iter()
            .position(|n| *n == name)
            .or_else(|| s.results.iter().position(|n| *n == name).map(|i| i + s.operands.len()))
    }
    fn slot(&self, t: TypeOf) -> Option<usize> {
        match t {
            TypeOf::Operand(g) => Some(g),
            TypeOf::Result(g) => Some(self.shape.operands.len() + g),
            _ => None,
        }
    }

    /// Parses one type, checked by the variable's rule.
    fn parse_checked_type(&self, p: &mut IrParser<'_, '_>, st: &OpState, slot: Option<usize>) -> PResult<Type> {
        let pos = p.p.tok.start;
        let t = p.p.parse_type()?;
        let rule = slot.and_then(|k| self.slot_rules[k].map(|r| r.0));
        match rule {
            Some(Rule::Kind(ok)) if !ok(p.p.ctx, t) => Err(custom_error(p, st, pos, "invalid kind of type specified")),
            Some(Rule::Builtin(name, ok)) if !ok(p.p.ctx, t) => Err(p.p.error_at(
                pos,
                format!(
                    "invalid kind of type specified: expected builtin.{name}, but found '{}'",
                    type_to_string(p.p.ctx, t)
                ),
            )),
            _ => Ok(t),
        }
    }

    /// Parses the types `type(t)` writes.
    fn parse_types(&self, p: &mut IrParser<'_, '_>, st: &OpState, t: TypeOf) -> PResult<Vec<Type>> {
        let single = match t {
            TypeOf::Operand(g) => self.shape.operand_arities[g] != Arity::Variadic,
            TypeOf::Result(g) => self.shape.result_arities[g] != Arity::Variadic,
            _ => false,
        };
        let slot = self.slot(t);
        let mut out = vec![self.parse_checked_type(p, st, slot)?];
        if !single {
            while p.p.eat(TokenKind::Comma) {
                out.push(self.parse_checked_type(p, st, slot)?);
            }
        }
        Ok(out)
    }

    fn store_types(&self, parsed: &mut Parsed<'_>, t: TypeOf, types: Vec<Type>) {
        match t {
            TypeOf::Operands => parsed.all_operand_types = Some(types),
            TypeOf::Results => parsed.all_result_types = Some(types),
            _ => {
                if let Some(k) = self.slot(t) {
                    parsed.types[k] = Some(types);
                }
            }
        }
    }

    fn parse_literal(p: &mut IrParser<'_, '_>, l: &str) -> PResult<()> {
        match punctuation(l) {
            // The message is built only on failure: this runs for every literal.
            Some(k) if p.p.eat(k) => Ok(()),
            Some(k) => p.p.expect(k, &format!("expected '{l}'")),
            None if p.p.eat_keyword(l) => Ok(()),
            None => Err(p.p.error_here(format!("expected '{l}'"))),
        }
    }

    fn parse_items<'a>(
        &self,
        p: &mut IrParser<'a, '_>,
        st: &mut OpState,
        items: &[Item],
        parsed: &mut Parsed<'a>,
    ) -> PResult<()> {
        for it in items {
            match &it.elem {
                Elem::Literal(l) => Self::parse_literal(p, l)?,
                Elem::Space(_) => {}
                Elem::Operand(g) => {
                    let pos = p.p.tok.start;
                    let list = match self.shape.operand_arities[*g] {
                        Arity::Single => vec![p.parse_operand()?],
                        Arity::Optional if p.p.at(TokenKind::PercentIdent) => vec![p.parse_operand()?],
                        Arity::Optional => Vec::new(),
                        Arity::Variadic => p.parse_operand_list()?,
                    };
                    parsed.operands[*g] = (list, pos);
                }
                Elem::Operands => {
                    let pos = p.p.tok.start;
                    parsed.all_operands = Some((p.parse_operand_list()?, pos));
                }
                Elem::Attr(i) => {
                    let (name, syntax) = self.shape.attrs[*i];
                    let pos = p.p.tok.start;
                    let a = match syntax {
                        AttrSyntax::Typed(ty) => p.p.parse_attribute(Some(ty(p.p.ctx)))?,
                        AttrSyntax::Plain(_) | AttrSyntax::Unit => p.p.parse_attribute(None)?,
                    };
                    let ok = match (self.rule(name), syntax) {
                        (Some(Rule::AttrKind(ok)), _) | (_, AttrSyntax::Plain(ok)) => ok(p.p.ctx, a),
                        (_, AttrSyntax::Typed(_)) => p.p.ctx.int_value(a).is_some(),
                        (_, AttrSyntax::Unit) => a == p.p.ctx.unit_attr(),
                    };
                    if !ok {
                        return Err(custom_error(p, st, pos, "invalid kind of attribute specified"));
                    }
                    st.add_attr(p.p.ctx.intern_str(name), a);
                }
                Elem::Successor(i) => parsed.successors[*i] = Some(p.parse_successor()?),
                Elem::AttrDict { keyword } => {
                    if (!*keyword || p.p.eat_keyword("attributes")) && p.p.at(TokenKind::LBrace) {
                        p.p.parse_attr_dict(&mut st.attrs)?;
                    }
                }
                Elem::Type(t) => {
                    let types = self.parse_types(p, st, *t)?;
                    self.store_types(parsed, *t, types);
                }
                Elem::Functional(a, b) => {
                    let pos = p.p.tok.start;
                    let t = p.p.parse_type()?;
                    let Some((ins, outs)) = p.p.ctx.function_sig(t) else {
                        return Err(custom_error(p, st, pos, "invalid kind of type specified"));
                    };
                    let (ins, outs) = (ins.to_vec(), outs.to_vec());
                    self.store_types(parsed, *a, ins);
                    self.store_types(parsed, *b, outs);
                }
                Elem::Optional(g) => {
                    // The first element that is not whitespace decides.
                    let lead = g.items.iter().position(|i| !matches!(i.elem, Elem::Space(_))).unwrap_or(0);
                    let present = match g.items.get(lead).map(|i| &i.elem) {
                        Some(Elem::Literal(l)) => match punctuation(l) {
                            Some(k) => p.p.eat(k),
                            None => p.p.eat_keyword(l),
                        },
                        Some(Elem::Operand(_)) => p.p.at(TokenKind::PercentIdent),
                        _ => false,
                    };
                    if present {
                        let rest = match g.items.get(lead).map(|i| &i.elem) {
                            Some(Elem::Literal(_)) => &g.items[lead + 1..],
                            _ => &g.items[lead..],
                        };
                        self.parse_items(p, st, rest, parsed)?;
                        if let Some(i) = g.elided_unit {
                            st.add_attr(p.p.ctx.intern_str(self.shape.attrs[i].0), p.p.ctx.unit_attr());
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The types of slot `k` once inferred, `n` of them for an operand
    /// group of `n` operands.
    fn infer(&self, ctx: &Context, types: &[Option<Vec<Type>>], k: usize, n: usize) -> Option<Vec<Type>> {
        let (rule, from) = self.slot_rules[k]?;
        let src = || from.and_then(|j| types[j].as_ref()).and_then(|v| v.first().copied());
        match rule {
            Rule::Is(f) => Some(vec![f(ctx); n]),
            Rule::SameAs(_) => src().map(|t| vec![t; n]),
            Rule::From(_, f) => src().map(|t| vec![f(ctx, t).unwrap_or(t); n]),
            Rule::FromList(_, f) => src().map(|t| f(ctx, t, n)),
            _ => None,
        }
    }
}

impl OpAsm for FormatAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let s = &self.shape;
        let n_ops = s.operands.len();
        let mut parsed = Parsed {
            operands: vec![(Vec::new(), st_pos(p)); n_ops],
            all_operands: None,
            types: vec![None; n_ops + s.results.len()],
            all_operand_types: None,
            all_result_types: None,
            successors: vec![None; s.successors.len()],
        };
        self.parse_items(p, st, &self.items, &mut parsed)?;
        let ctx = p.p.ctx;
        // Split lists written for all operands (results) among the groups.
        if let Some(all) = &parsed.all_operand_types {
            if parsed.all_operands.is_none() {
                let mut at = 0;
                for g in 0..n_ops {
                    let n = parsed.operands[g].0.len();
                    parsed.types[g] = Some(all.get(at..at + n).map(<[Type]>::to_vec).unwrap_or_default());
                    at += n;
                }
            }
        }
        if let Some(all) = &parsed.all_result_types {
            if s.results.len() == 1 {
                parsed.types[n_ops] = Some(all.clone());
            }
        }
        // Infer the rest.
        loop {
            let mut progress = false;
            for k in 0..parsed.types.len() {
                if parsed.types[k].is_some() {
                    continue;
                }
                let n = if k < n_ops { parsed.operands[k].0.len() } else { 1 };
                if let Some(t) = self.infer(ctx, &parsed.types, k, n) {
                    parsed.types[k] = Some(t);
                    progress = true;
                }
            }
            if !progress {
                break;
            }
        }
        // Resolve the operands, in declaration order.
        let mut sizes = Vec::with_capacity(n_ops);
        if let Some((list, pos)) = &parsed.all_operands {
            let tys = parsed.all_operand_types.clone().unwrap_or_default();
            if list.len() != tys.len() {
                return Err(custom_error(
                    p,
                    st,
                    *pos,
                    &format!("{} operands present, but expected {}", list.len(), tys.len()),
                ));
            }
            for (&u, &t) in list.iter().zip(&tys) {
                let v = p.resolve_operand(u, t)?;
                st.operands.push(v);
            }
        } else {
            if let Some(all) = &parsed.all_operand_types {
                let n: usize = parsed.operands.iter().map(|g| g.0.len()).sum();
                if n != all.len() {
                    let msg = format!("{n} operands present, but expected {}", all.len());
                    return Err(ParseError(Diagnostic::error(
                        st.loc,
                        format!("custom op '{}' {msg}", ctx.str(st.name)),
                    )));
                }
            }
            for g in 0..n_ops {
                let (list, pos) = &parsed.operands[g];
                let tys = parsed.types[g].as_deref().unwrap_or(&[]);
                if list.len() != tys.len() {
                    let msg = format!("{} operands present, but expected {}", list.len(), tys.len());
                    return Err(custom_error(p, st, *pos, &msg));
                }
                for (&u, &t) in list.iter().zip(tys) {
                    let v = p.resolve_operand(u, t)?;
                    st.operands.push(v);
                }
                sizes.push(list.len());
            }
        }
        if let Sizing::Segments(name) = s.operand_sizing {
            st.add_attr(name.get(ctx), segment_sizes_attr(ctx, &sizes));
        }
        match parsed.all_result_types {
            Some(all) => st.result_types = all,
            None => {
                for k in n_ops..parsed.types.len() {
                    st.result_types.extend(parsed.types[k].iter().flatten().copied());
                }
            }
        }
        st.successors.extend(parsed.successors.into_iter().flatten());
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        self.print_items(pr, op, &self.items);
    }

    fn result_names(&self, ir: &Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
        if let Some(f) = self.shape.result_names {
            f(ir, op, set);
        }
        if let Some(h) = self.shape.result_name {
            if ir.num_results(op) == 1 {
                set(ir.result(op, 0), h);
            }
        }
    }
}

/// The parser's position (where an operand group that is never written
/// would have been).
fn st_pos(p: &IrParser<'_, '_>) -> u32 {
    p.p.tok.start
}

#[cfg(test)]
mod tests;
