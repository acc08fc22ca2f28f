//! CHECK patterns: parsing a directive's text and matching it against input.
//!
//! A pattern is either a fixed string (no `{{`/`[[` in it) found with a plain
//! substring search, or an LLVM regular expression assembled exactly like
//! LLVM's `Pattern::parsePattern` does: literal text escaped, `{{re}}` blocks
//! (parenthesised when the rest of the line contains `|`), variable
//! definitions as capture groups, uses of variables defined earlier on the
//! same line as back-references, and other uses/expressions as substitutions
//! spliced in at match time.  Keeping the assembled expression identical to
//! LLVM's keeps group numbering (and thus user back-references) identical.

use std::collections::BTreeMap;

use crate::engine::Engine;
use crate::ere::{self, Dialect};
use crate::source::Loc;
use crate::vars::{self, Context, Cursor, EvalError, Expression, NumVarId, ParseError};

/// The kind of a directive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CheckKind {
    Plain,
    Next,
    Same,
    Not,
    Dag,
    Label,
    Empty,
    /// The implicit pattern matching the end of input after trailing
    /// CHECK-NOT/CHECK-DAG directives.
    Eof,
}

/// A directive kind with its modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CheckType {
    pub(crate) kind: CheckKind,
    /// `n` of `CHECK-COUNT-n` (1 otherwise).
    pub(crate) count: usize,
    /// The `{LITERAL}` modifier.
    pub(crate) literal: bool,
}

impl CheckType {
    pub(crate) fn new(kind: CheckKind) -> Self {
        CheckType { kind, count: 1, literal: false }
    }

    /// How LLVM names the directive in messages, e.g. `CHECK-NEXT`.
    pub(crate) fn description(&self, prefix: &str) -> String {
        let suffix = match self.kind {
            CheckKind::Plain if self.count > 1 => "-COUNT",
            CheckKind::Plain => "",
            CheckKind::Next => "-NEXT",
            CheckKind::Same => "-SAME",
            CheckKind::Not => "-NOT",
            CheckKind::Dag => "-DAG",
            CheckKind::Label => "-LABEL",
            CheckKind::Empty => "-EMPTY",
            CheckKind::Eof => return "implicit EOF".to_string(),
        };
        let modifiers = if self.literal { "{LITERAL}" } else { "" };
        format!("{prefix}{suffix}{modifiers}")
    }

    /// The abbreviation used in input dumps, e.g. `next`.
    pub(crate) fn abbreviation(&self) -> &'static str {
        match self.kind {
            CheckKind::Plain if self.count > 1 => "count",
            CheckKind::Plain => "check",
            CheckKind::Next => "next",
            CheckKind::Same => "same",
            CheckKind::Not => "not",
            CheckKind::Dag => "dag",
            CheckKind::Label => "label",
            CheckKind::Empty => "empty",
            CheckKind::Eof => "eof",
        }
    }
}

/// Options that influence how patterns are parsed and matched.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PatternOptions {
    pub(crate) strict_whitespace: bool,
    pub(crate) match_full_lines: bool,
    pub(crate) ignore_case: bool,
}

#[derive(Clone, Debug)]
enum SubstKind {
    /// `[[VAR]]`: the variable's name is `Subst::from`.
    String,
    /// `[[#expr]]`.
    Numeric(Expression),
}

/// A value spliced into the regex at match time.
#[derive(Clone, Debug)]
struct Subst {
    /// Insertion offset in `Pattern::regex`.
    idx: usize,
    /// The text of the variable or expression (for messages).
    from: String,
    loc: Loc,
    kind: SubstKind,
}

/// A parsed pattern.
#[derive(Clone, Debug)]
pub(crate) struct Pattern {
    pub(crate) ty: CheckType,
    /// Where the pattern text starts in the check file.
    pub(crate) loc: Loc,
    /// Line of the directive (for `@LINE`).
    pub(crate) line: Option<usize>,
    fixed: Vec<u8>,
    regex: Vec<u8>,
    substs: Vec<Subst>,
    var_defs: BTreeMap<String, usize>,
    num_defs: BTreeMap<String, (NumVarId, usize)>,
    ignore_case: bool,
}

/// Most back-references a pattern may use (LLVM's `BackrefLimit`).
const BACKREF_LIMIT: usize = 20;

fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if from > hay.len() {
        return None;
    }
    memchr::memmem::find(&hay[from..], needle).map(|i| i + from)
}

/// Finds the `]]` closing a substitution block, honouring nested brackets
/// and backslash escapes.  `Err(offset)` reports a stray `]`.
fn find_var_end(s: &[u8]) -> Result<Option<usize>, usize> {
    let mut i = 0;
    let mut depth = 0usize;
    while i < s.len() {
        if depth == 0 && s[i..].starts_with(b"]]") {
            return Ok(Some(i));
        }
        match s[i] {
            b'\\' => {
                i += 2;
                continue;
            }
            b'[' => depth += 1,
            b']' => {
                if depth == 0 {
                    return Err(i);
                }
                depth -= 1;
            }
            _ => {}
        }
        i += 1;
    }
    Ok(None)
}

fn perr<T>(loc: Loc, msg: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError::new(loc, msg))
}

impl Pattern {
    /// A pattern of type `ty` that matches nothing yet (used for EOF).
    pub(crate) fn empty(ty: CheckType, loc: Loc, line: Option<usize>) -> Self {
        Pattern {
            ty,
            loc,
            line,
            fixed: Vec::new(),
            regex: Vec::new(),
            substs: Vec::new(),
            var_defs: BTreeMap::new(),
            num_defs: BTreeMap::new(),
            ignore_case: false,
        }
    }

    /// Whether the pattern defines or uses variables (forbidden in labels).
    pub(crate) fn has_variable(&self) -> bool {
        !(self.substs.is_empty() && self.var_defs.is_empty())
    }

    /// Parses the text of a directive; `loc` is where `text` starts.
    pub(crate) fn parse(
        text: &[u8],
        loc: Loc,
        prefix: &str,
        ty: CheckType,
        line: Option<usize>,
        ctx: &mut Context,
        opts: PatternOptions,
    ) -> Result<Pattern, ParseError> {
        let mut pat = Pattern::empty(ty, loc, line);
        pat.ignore_case = opts.ignore_case;
        let full_lines_here = opts.match_full_lines && ty.kind != CheckKind::Not;

        let mut s = text;
        if !(opts.strict_whitespace && opts.match_full_lines) {
            let n = s.iter().rev().take_while(|&&c| c == b' ' || c == b'\t').count();
            s = &s[..s.len() - n];
        }
        if s.is_empty() && ty.kind != CheckKind::Empty {
            return perr(loc, format!("found empty check string with prefix '{prefix}:'"));
        }
        if !s.is_empty() && ty.kind == CheckKind::Empty {
            return perr(loc, format!("found non-empty check string for empty check with prefix '{prefix}:'"));
        }
        if ty.kind == CheckKind::Empty {
            pat.regex = b"(\n$)".to_vec();
            return Ok(pat);
        }
        if ty.literal {
            pat.fixed = s.to_vec();
            return Ok(pat);
        }
        let has = |needle: &[u8]| memchr::memmem::find(s, needle).is_some();
        if !full_lines_here && (s.len() < 2 || (!has(b"{{") && !has(b"[["))) {
            pat.fixed = s.to_vec();
            return Ok(pat);
        }

        let mut regex = Vec::new();
        if full_lines_here {
            regex.push(b'^');
            if !opts.strict_whitespace {
                regex.extend_from_slice(b" *");
            }
        }
        // Parenthesis index of the next capture group (0 is the whole match).
        let mut cur_paren = 1usize;
        let mut pos = 0usize;
        while pos < s.len() {
            let rest = &s[pos..];
            let rest_loc = loc.plus(pos);
            if rest.starts_with(b"{{") {
                let Some(end) = find(rest, b"}}", 0) else {
                    return perr(rest_loc, "found start of regex string with no end '}}'");
                };
                let alternation = rest.contains(&b'|');
                if alternation {
                    regex.push(b'(');
                    cur_paren += 1;
                }
                add_regex(&mut regex, &rest[2..end], rest_loc.plus(2), &mut cur_paren)?;
                if alternation {
                    regex.push(b')');
                }
                pos += end + 2;
                continue;
            }
            if rest.starts_with(b"[[") && !rest.starts_with(b"[[[") {
                pos += 2;
                pos += pat.parse_block(&s[pos..], loc.plus(pos), rest_loc, &mut regex, &mut cur_paren, ctx)?;
                continue;
            }
            let next = [find(rest, b"{{", 1), find(rest, b"[[", 1)].into_iter().flatten().min().unwrap_or(rest.len());
            ere::escape_into(&mut regex, &rest[..next]);
            pos += next;
        }
        if full_lines_here {
            if !opts.strict_whitespace {
                regex.extend_from_slice(b" *");
            }
            regex.push(b'$');
        }
        pat.regex = regex;
        Ok(pat)
    }

    /// Parses one `[[...]]` block; `s` starts after the `[[`.  Returns how
    /// many bytes of `s` were consumed (including the closing `]]`).
    fn parse_block(
        &mut self,
        s: &[u8],
        loc: Loc,
        block_loc: Loc,
        regex: &mut Vec<u8>,
        cur_paren: &mut usize,
        ctx: &mut Context,
    ) -> Result<usize, ParseError> {
        let end = match find_var_end(s) {
            Ok(Some(end)) => end,
            Ok(None) => return perr(block_loc, "Invalid substitution block, no ]] found"),
            Err(at) => return perr(loc.plus(at), "missing closing \"]\" for regex variable"),
        };
        let mut body = Cursor::new(&s[..end], loc);
        let mut numeric = false;
        if body.s.first() == Some(&b'#') {
            numeric = true;
            body = Cursor::new(&body.s[1..], body.loc.plus(1));
        }

        let mut is_definition = false;
        let mut subst_needed = false;
        let mut legacy_line = false;
        let mut def_name = String::new();
        let mut subst_str = String::new();
        let mut subst_loc = body.loc;
        let mut match_regex: Vec<u8> = Vec::new();
        let mut match_regex_loc = body.loc;
        let mut insert_idx = regex.len();

        if !numeric {
            let colon = body.s.iter().position(|&c| c == b':');
            let name_part = &body.s[..colon.unwrap_or(body.s.len())];
            if let Some(sp) = name_part.iter().position(|&c| c == b' ' || c == b'\t') {
                return perr(body.loc.plus(sp), "unexpected whitespace");
            }
            let orig = body;
            let var = vars::parse_variable(&mut body)?;
            is_definition = colon.is_some();
            subst_needed = !is_definition;
            if is_definition {
                if var.pseudo || !body.s.starts_with(b":") {
                    return perr(var.loc, "invalid name in string variable definition");
                }
                body = Cursor::new(&body.s[1..], body.loc.plus(1));
                if ctx.numeric_table.contains_key(&var.name) {
                    return perr(var.loc, format!("numeric variable with name '{}' already exists", var.name));
                }
                def_name = var.name;
                match_regex = body.s.to_vec();
                match_regex_loc = body.loc;
            } else if var.pseudo {
                body = orig;
                legacy_line = true;
                numeric = true;
            } else {
                if !body.s.is_empty() {
                    return perr(var.loc, "invalid name in string variable use");
                }
                subst_str = var.name;
                subst_loc = var.loc;
            }
        }

        let mut expression = None;
        let mut defined_num = None;
        if numeric {
            let mut parser = vars::Parser { ctx: &mut *ctx, line: self.line };
            let block = parser.numeric_block(body, legacy_line)?;
            subst_needed = block.expr.ast.is_some();
            if let Some(id) = block.defined {
                is_definition = true;
                def_name = ctx.numeric[id].name.clone();
                defined_num = Some(id);
            }
            if subst_needed {
                subst_str = body.text();
                subst_loc = body.loc;
            } else {
                match_regex = block.expr.format.wildcard_regex().into_bytes();
                match_regex_loc = body.loc;
            }
            expression = Some(block.expr);
        }

        if is_definition {
            regex.push(b'(');
            insert_idx += 1;
            if let Some(id) = defined_num {
                self.num_defs.insert(def_name.clone(), (id, *cur_paren));
                ctx.numeric_table.insert(def_name.clone(), id);
            } else {
                self.var_defs.insert(def_name.clone(), *cur_paren);
                ctx.defined_strings.insert(def_name.clone());
            }
            *cur_paren += 1;
        }
        if !match_regex.is_empty() {
            add_regex(regex, &match_regex, match_regex_loc, cur_paren)?;
        }
        if is_definition {
            regex.push(b')');
        }
        if subst_needed {
            let backref = if numeric { None } else { self.var_defs.get(&subst_str).copied() };
            if let Some(group) = backref {
                if !(1..=BACKREF_LIMIT).contains(&group) {
                    return perr(subst_loc, format!("Can't back-reference more than {BACKREF_LIMIT} variables"));
                }
                if group <= 9 {
                    regex.extend_from_slice(format!("\\{group}").as_bytes());
                } else {
                    regex.extend_from_slice(format!("\\g{{{group}}}").as_bytes());
                }
            } else {
                let kind = match expression {
                    Some(expr) if numeric => SubstKind::Numeric(expr),
                    _ => SubstKind::String,
                };
                self.substs.push(Subst { idx: insert_idx, from: subst_str, loc: subst_loc, kind });
            }
        }
        Ok(end + 2)
    }

    /// The value a substitution currently stands for, or why it has none.
    fn subst_value(&self, sub: &Subst, ctx: &Context) -> Result<Vec<u8>, Vec<ParseError>> {
        match &sub.kind {
            SubstKind::String => match ctx.strings.get(&sub.from) {
                Some((value, _)) => Ok(value.clone()),
                None => Err(vec![ParseError::new(sub.loc, format!("undefined variable: {}", sub.from))]),
            },
            SubstKind::Numeric(expr) => {
                let ast = expr.ast.as_ref().expect("substitutions have an expression");
                let overflow = || {
                    vec![ParseError::new(
                        sub.loc,
                        "unable to substitute variable or numeric expression: overflow error",
                    )]
                };
                match ast.eval(ctx) {
                    Ok(v) => expr.format.render(v).map(String::into_bytes).ok_or_else(overflow),
                    Err(EvalError::Overflow) => Err(overflow()),
                    Err(EvalError::Undefined(uses)) => Err(uses
                        .into_iter()
                        .map(|(name, loc)| ParseError::new(loc, format!("undefined variable: {name}")))
                        .collect()),
                }
            }
        }
    }

    /// Matches the pattern against `buf` (a complete string as far as
    /// anchors are concerned).  `base` is the absolute input offset of `buf`,
    /// used to remember where variables were captured.  Returns the match
    /// position and length relative to `buf`.
    pub(crate) fn match_in(
        &self,
        buf: &[u8],
        base: usize,
        ctx: &mut Context,
        engine: &mut Engine,
    ) -> Result<Option<(usize, usize)>, Vec<ParseError>> {
        if self.ty.kind == CheckKind::Eof {
            return Ok(Some((buf.len(), 0)));
        }
        if !self.fixed.is_empty() {
            let pos = if self.ignore_case {
                find_ignore_case(buf, &self.fixed)
            } else {
                memchr::memmem::find(buf, &self.fixed)
            };
            return Ok(pos.map(|p| (p, self.fixed.len())));
        }

        if self.regex.is_empty() && self.substs.is_empty() {
            // A pattern whose parsing failed (only possible for implicit
            // patterns, which LLVM keeps anyway) never matches.
            return Ok(None);
        }
        let mut owned;
        let mut regex: &[u8] = &self.regex;
        if !self.substs.is_empty() {
            if let Some(line) = self.line {
                ctx.numeric[ctx.line_var].value = Some(line as i128);
            }
            owned = Vec::with_capacity(self.regex.len() + 16);
            let mut errors = Vec::new();
            let mut last = 0;
            for sub in &self.substs {
                owned.extend_from_slice(&self.regex[last..sub.idx]);
                last = sub.idx;
                match self.subst_value(sub, ctx) {
                    Ok(value) => match sub.kind {
                        SubstKind::String => ere::escape_into(&mut owned, &value),
                        SubstKind::Numeric(_) => owned.extend_from_slice(&value),
                    },
                    Err(e) => errors.extend(e),
                }
            }
            owned.extend_from_slice(&self.regex[last..]);
            if !errors.is_empty() {
                return Err(errors);
            }
            regex = &owned;
        }

        let groups = match engine.search(regex, buf) {
            Ok(Some(groups)) => groups,
            Ok(None) => return Ok(None),
            Err(msg) => return Err(vec![ParseError::new(self.loc, format!("invalid regex: {msg}"))]),
        };
        let (start, end) = groups[0].expect("group 0 always matches");
        for (name, &group) in &self.var_defs {
            let span = groups.get(group).copied().flatten();
            let value = span.map_or_else(Vec::new, |(s, e)| buf[s..e].to_vec());
            let at = span.map(|(s, e)| (base + s, base + e));
            ctx.strings.insert(name.clone(), (value, at));
        }
        for (name, &(id, group)) in &self.num_defs {
            let span = groups.get(group).copied().flatten();
            let text = span.map_or(&b""[..], |(s, e)| &buf[s..e]);
            let var = &mut ctx.numeric[id];
            var.value = var.format.parse_value(text);
            var.matched_at = span.map(|(s, e)| (base + s, base + e));
            ctx.numeric_table.entry(name.clone()).or_insert(id);
        }
        // CHECK-EMPTY consumes the newline before the empty line, but its
        // match is considered to start after it.
        let skip = usize::from(self.ty.kind == CheckKind::Empty);
        Ok(Some((start + skip, end - start - skip)))
    }

    /// `with "X" equal to "value"` notes for each computable substitution.
    pub(crate) fn substitution_notes(&self, ctx: &Context) -> Vec<String> {
        let mut notes = Vec::new();
        for sub in &self.substs {
            let Ok(value) = self.subst_value(sub, ctx) else {
                continue;
            };
            let shown = match sub.kind {
                SubstKind::Numeric(_) => format!("\"{}\"", String::from_utf8_lossy(&value)),
                SubstKind::String => {
                    if value.iter().any(|&c| !(0x20..0x7f).contains(&c) || c == b'"') {
                        format!("\"{}\" (escaped value)", escape_for_display(&value))
                    } else {
                        format!("\"{}\"", String::from_utf8_lossy(&value))
                    }
                }
            };
            notes.push(format!("with \"{}\" equal to {shown}", escape_for_display(sub.from.as_bytes())));
        }
        notes
    }

    /// The variables defined by this pattern with where they were captured,
    /// in input order.
    pub(crate) fn captured_vars(&self, ctx: &Context) -> Vec<(String, (usize, usize))> {
        let mut caps: Vec<(String, (usize, usize))> = Vec::new();
        for name in self.var_defs.keys() {
            if let Some((_, Some(at))) = ctx.strings.get(name) {
                caps.push((name.clone(), *at));
            }
        }
        for (name, &(id, _)) in &self.num_defs {
            if let Some(at) = ctx.numeric[id].matched_at {
                caps.push((name.clone(), at));
            }
        }
        caps.sort_by_key(|(_, at)| at.0);
        caps
    }

    /// LLVM's "possible intended match" heuristic: the offset in `buf` of
    /// the most similar text, if any is similar enough.
    pub(crate) fn fuzzy_match(&self, buf: &[u8]) -> Option<usize> {
        let example: &[u8] = if self.fixed.is_empty() { &self.regex } else { &self.fixed };
        let limit = buf.len().min(4096);
        if 4096 * 2048 < limit * example.len() {
            return None;
        }
        let mut lines = 0usize;
        let mut best: Option<(usize, f64)> = None;
        for i in 0..limit {
            if buf[i] == b'\n' {
                lines += 1;
            }
            if buf[i] == b' ' || buf[i] == b'\t' {
                continue;
            }
            let rest = &buf[i..];
            let prefix = &rest[..rest.len().min(example.len())];
            let prefix = &prefix[..memchr::memchr(b'\n', prefix).unwrap_or(prefix.len())];
            let quality = edit_distance(prefix, example) as f64 + lines as f64 / 100.0;
            if best.is_none_or(|(_, q)| quality < q) {
                best = Some((i, quality));
            }
        }
        match best {
            Some((i, q)) if i != 0 && q < 50.0 => Some(i),
            _ => None,
        }
    }
}

/// Validates `re` as an LLVM regex and appends it, advancing `cur_paren` by
/// its number of groups.
fn add_regex(regex: &mut Vec<u8>, re: &[u8], loc: Loc, cur_paren: &mut usize) -> Result<(), ParseError> {
    match ere::translate(re, Dialect::Bytes, false) {
        Ok(t) => {
            regex.extend_from_slice(re);
            *cur_paren += t.groups;
            Ok(())
        }
        Err(msg) => perr(loc, format!("invalid regex: {msg}")),
    }
}

fn find_ignore_case(hay: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.len() > hay.len() {
        return None;
    }
    (0..=hay.len() - needle.len()).find(|&i| hay[i..i + needle.len()].eq_ignore_ascii_case(needle))
}

/// `raw_ostream::write_escaped`.
fn escape_for_display(s: &[u8]) -> String {
    let mut out = String::new();
    for &c in s {
        match c {
            b'\\' => out.push_str("\\\\"),
            b'\t' => out.push_str("\\t"),
            b'\n' => out.push_str("\\n"),
            b'"' => out.push_str("\\\""),
            0x20..=0x7e => out.push(char::from(c)),
            _ => out.push_str(&format!("\\{c:03o}")),
        }
    }
    out
}

/// Levenshtein distance (with replacements), as `StringRef::edit_distance`.
fn edit_distance(a: &[u8], b: &[u8]) -> usize {
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, &ca) in a.iter().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let old = row[j + 1];
            row[j + 1] = if ca == cb { prev } else { 1 + prev.min(row[j]).min(row[j + 1]) };
            prev = old;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str, ctx: &mut Context) -> Result<Pattern, ParseError> {
        Pattern::parse(
            text.as_bytes(),
            Loc::new(0, 0),
            "CHECK",
            CheckType::new(CheckKind::Plain),
            Some(1),
            ctx,
            PatternOptions::default(),
        )
    }

    fn regex_of(text: &str) -> String {
        let mut ctx = Context::default();
        ctx.create_line_variable();
        String::from_utf8(parse(text, &mut ctx).unwrap().regex).unwrap()
    }

    #[test]
    fn fixed_strings_stay_fixed() {
        let mut ctx = Context::default();
        let p = parse("foo(%a) ", &mut ctx).unwrap();
        assert_eq!(p.fixed, b"foo(%a)");
    }

    #[test]
    fn regex_assembly_matches_llvm() {
        assert_eq!(regex_of("a.{{b|c}}"), r"a\.(b|c)");
        assert_eq!(regex_of("x{{y}}"), "xy");
        assert_eq!(regex_of("[[X:a+]] [[X]]"), r"(a+) \1");
        assert_eq!(regex_of("[[#N:]]"), "([0-9]+)");
        assert_eq!(regex_of("[[[X:a]]"), r"\[(a)");
    }

    #[test]
    fn parse_errors() {
        let mut ctx = Context::default();
        ctx.create_line_variable();
        assert!(parse("{{a", &mut ctx).is_err());
        assert!(parse("{{}}", &mut ctx).is_err());
        assert!(parse("[[X", &mut ctx).is_err());
        assert!(parse("[[X Y:a]]", &mut ctx).is_err());
        assert!(parse("[[X+1]]", &mut ctx).is_err());
        assert!(parse("[[@FOO]]", &mut ctx).is_err());
        assert!(parse("{{a**}}", &mut ctx).is_err());
    }

    #[test]
    fn edit_distance_works() {
        assert_eq!(edit_distance(b"kitten", b"sitting"), 3);
        assert_eq!(edit_distance(b"", b"abc"), 3);
    }
}
