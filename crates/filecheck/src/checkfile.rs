//! Reading a check file into a list of directives.
//!
//! Implements LLVM's `FileCheck::readCheckFile`: scanning for the earliest
//! (then longest) check or comment prefix that is not the tail of a larger
//! word, classifying the suffix (`-NEXT`, `-COUNT-3`, `{LITERAL}`, ...,
//! including the "misspelled directive" and "unsupported -NOT combo"
//! errors), attaching CHECK-DAG/CHECK-NOT directives (and the implicit
//! negative patterns) to the next positive directive, and the final checks
//! for unused prefixes and an implicit EOF pattern.

use std::collections::BTreeSet;

use crate::pattern::{CheckKind, CheckType, Pattern, PatternOptions};
use crate::source::{BufId, Loc, Severity, SourceMgr};
use crate::vars::{self, Context, Cursor, ParseError};
use crate::Options;

/// A CHECK-DAG or CHECK-NOT pattern waiting for the next positive directive.
#[derive(Clone, Debug)]
pub(crate) struct DagNot {
    pub(crate) pat: Pattern,
    pub(crate) prefix: String,
}

/// A positive directive with the DAG/NOT directives that precede it.
#[derive(Clone, Debug)]
pub(crate) struct CheckString {
    pub(crate) pat: Pattern,
    pub(crate) prefix: String,
    pub(crate) dag_not: Vec<DagNot>,
}

/// The outcome of recognising a prefix occurrence.
enum Found {
    None,
    Comment,
    Directive(CheckType),
    Misspelled,
    BadNot,
    BadCount,
}

fn is_part_of_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'-' || c == b'_'
}

/// Classifies the text following a prefix occurrence (LLVM's
/// `FindCheckType`).  Returns the kind and the offset in `buf` where the
/// pattern text starts (`None` when LLVM's "rest" would be empty).
fn find_check_type(buf: &[u8], prefix: &str, is_comment: bool) -> (Found, Option<usize>) {
    if buf.len() <= prefix.len() {
        return (Found::None, None);
    }
    let mut rest = prefix.len();
    let at = |r: usize| if r < buf.len() { Some(r) } else { None };
    let starts = |r: usize, p: &[u8]| buf[r..].starts_with(p);
    if is_comment {
        if starts(rest, b":") {
            return (Found::Comment, at(rest + 1));
        }
        return (Found::None, None);
    }

    let consume_modifiers = |mut r: usize, mut ty: CheckType| -> (Found, Option<usize>) {
        if starts(r, b":") {
            return (Found::Directive(ty), at(r + 1));
        }
        if !starts(r, b"{") {
            return (Found::None, None);
        }
        r += 1;
        loop {
            while r < buf.len() && buf[r].is_ascii_whitespace() {
                r += 1;
            }
            if starts(r, b"LITERAL") {
                ty.literal = true;
                r += 7;
            } else {
                return (Found::None, at(r));
            }
            while r < buf.len() && buf[r].is_ascii_whitespace() {
                r += 1;
            }
            if starts(r, b",") {
                r += 1;
            } else {
                break;
            }
        }
        if !starts(r, b"}:") {
            return (Found::None, at(r));
        }
        (Found::Directive(ty), at(r + 2))
    };

    if starts(rest, b":") {
        return (Found::Directive(CheckType::new(CheckKind::Plain)), at(rest + 1));
    }
    if buf[rest] == b'{' {
        return consume_modifiers(rest, CheckType::new(CheckKind::Plain));
    }
    let misspelled = if starts(rest, b"_") {
        true
    } else if starts(rest, b"-") {
        false
    } else {
        return (Found::None, None);
    };
    rest += 1;
    let result = classify_suffix(buf, rest, &consume_modifiers);
    match result {
        (Found::None, r) => (Found::None, r),
        (_, r) if misspelled => (Found::Misspelled, r),
        other => other,
    }
}

fn classify_suffix(
    buf: &[u8],
    rest: usize,
    consume_modifiers: &dyn Fn(usize, CheckType) -> (Found, Option<usize>),
) -> (Found, Option<usize>) {
    let at = |r: usize| if r < buf.len() { Some(r) } else { None };
    let tail = &buf[rest..];
    if let Some(after) = tail.strip_prefix(b"COUNT-") {
        let r = rest + 6;
        let digits = after.iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return (Found::BadCount, at(r));
        }
        let count = std::str::from_utf8(&after[..digits])
            .ok()
            .and_then(|d| d.parse::<u64>().ok())
            .filter(|&n| n > 0 && n <= i32::MAX as u64);
        let r = r + digits;
        let Some(count) = count else {
            return (Found::BadCount, at(r));
        };
        if !matches!(buf.get(r), Some(b':' | b'{')) {
            return (Found::BadCount, at(r));
        }
        let mut ty = CheckType::new(CheckKind::Plain);
        ty.count = count as usize;
        return consume_modifiers(r, ty);
    }
    for bad in [
        &b"DAG-NOT:"[..],
        b"NOT-DAG:",
        b"NEXT-NOT:",
        b"NOT-NEXT:",
        b"SAME-NOT:",
        b"NOT-SAME:",
        b"EMPTY-NOT:",
        b"NOT-EMPTY:",
    ] {
        if tail.starts_with(bad) {
            return (Found::BadNot, at(rest));
        }
    }
    for (word, kind) in [
        (&b"NEXT"[..], CheckKind::Next),
        (b"SAME", CheckKind::Same),
        (b"NOT", CheckKind::Not),
        (b"DAG", CheckKind::Dag),
        (b"LABEL", CheckKind::Label),
        (b"EMPTY", CheckKind::Empty),
    ] {
        if tail.starts_with(word) {
            return consume_modifiers(rest + word.len(), CheckType::new(kind));
        }
    }
    (Found::None, at(rest))
}

/// Tracks the next occurrence of each prefix (LLVM's `PrefixMatcher`).
struct PrefixMatcher<'p> {
    /// (prefix, is comment, next occurrence at or after the last search).
    prefixes: Vec<(&'p str, bool, Option<usize>)>,
}

impl<'p> PrefixMatcher<'p> {
    fn new(check: &'p [String], comment: &'p [String], text: &[u8]) -> Self {
        let mut prefixes: Vec<(&str, bool, Option<usize>)> = check
            .iter()
            .map(|p| (p.as_str(), false))
            .chain(comment.iter().map(|p| (p.as_str(), true)))
            .map(|(p, c)| (p, c, memchr::memmem::find(text, p.as_bytes())))
            .collect();
        // Longest first, so that the longest prefix wins at equal positions.
        prefixes.sort_by_key(|(p, _, _)| std::cmp::Reverse(p.len()));
        PrefixMatcher { prefixes }
    }

    /// The earliest prefix occurrence at or after `from`.
    fn next(&mut self, text: &[u8], from: usize) -> Option<(usize, &'p str, bool)> {
        let mut best: Option<(usize, &str, bool)> = None;
        for (prefix, comment, pos) in &mut self.prefixes {
            if pos.is_some_and(|p| p < from) {
                *pos = memchr::memmem::find(&text[from..], prefix.as_bytes()).map(|p| p + from);
            }
            if let Some(p) = *pos {
                if best.is_none_or(|(b, _, _)| p < b) {
                    best = Some((p, prefix, *comment));
                }
            }
        }
        best
    }
}

fn report(sm: &mut SourceMgr, e: &ParseError) {
    sm.print(e.loc, Severity::Error, &e.msg, None);
    if e.logged {
        sm.print_plain("");
    }
}

/// Defines the `-D` variables; errors are printed and reported as `Err`.
fn define_cmdline_vars(defines: &[String], ctx: &mut Context, sm: &mut SourceMgr) -> Result<(), ()> {
    if defines.is_empty() {
        return Ok(());
    }
    // Like LLVM, diagnostics point into a "Global defines" pseudo-buffer.
    let mut text = String::new();
    let mut spans = Vec::new();
    for (i, def) in defines.iter().enumerate() {
        let prefix = format!("Global define #{}: ", i + 1);
        let Some(eq) = def.find('=') else {
            spans.push((text.len(), 0));
            continue;
        };
        if let Some(stripped) = def.strip_prefix('#') {
            let _ = stripped;
            text.push_str(&format!("{prefix}{def} (parsed as: [["));
            let mut subst = def.clone();
            subst.replace_range(eq..eq + 1, ":");
            spans.push((text.len(), subst.len()));
            text.push_str(&format!("{subst}]])\n"));
        } else {
            text.push_str(&prefix);
            spans.push((text.len(), def.len()));
            text.push_str(&format!("{def}\n"));
        }
    }
    let buf = sm.add("Global defines", text.clone().into_bytes());
    let mut failed = false;
    for (start, len) in spans {
        let loc = Loc::new(buf, start);
        let def = &text.as_bytes()[start..start + len];
        if def.is_empty() {
            report(sm, &ParseError::logged(loc, "missing equal sign in global definition"));
            failed = true;
            continue;
        }
        if def[0] == b'#' {
            let mut parser = vars::Parser { ctx: &mut *ctx, line: None };
            let block = match parser.numeric_block(Cursor::new(&def[1..], loc.plus(1)), false) {
                Ok(b) => b,
                Err(e) => {
                    report(sm, &e);
                    failed = true;
                    continue;
                }
            };
            let value = match block.expr.ast.as_ref().map(|a| a.eval(ctx)) {
                Some(Ok(v)) => v,
                Some(Err(vars::EvalError::Undefined(uses))) => {
                    for (name, loc) in uses {
                        report(sm, &ParseError::logged(loc, format!("undefined variable: {name}")));
                    }
                    failed = true;
                    continue;
                }
                _ => {
                    report(sm, &ParseError::logged(loc, "unable to represent numeric value"));
                    failed = true;
                    continue;
                }
            };
            if let Some(id) = block.defined {
                ctx.numeric[id].value = Some(value);
                let name = ctx.numeric[id].name.clone();
                ctx.numeric_table.insert(name, id);
            }
        } else {
            let eq = def.iter().position(|&c| c == b'=').unwrap_or(def.len());
            let mut name_cur = Cursor::new(&def[..eq], loc);
            let orig = String::from_utf8_lossy(&def[..eq]).into_owned();
            let var = match vars::parse_variable(&mut name_cur) {
                Ok(v) => v,
                Err(e) => {
                    report(sm, &e);
                    failed = true;
                    continue;
                }
            };
            if var.pseudo || !name_cur.s.is_empty() {
                let msg = format!("invalid name in string variable definition '{orig}'");
                report(sm, &ParseError::logged(loc, msg));
                failed = true;
                continue;
            }
            if ctx.numeric_table.contains_key(&var.name) {
                let msg = format!("numeric variable with name '{}' already exists", var.name);
                report(sm, &ParseError::logged(loc, msg));
                failed = true;
                continue;
            }
            let value = def.get(eq + 1..).unwrap_or_default().to_vec();
            ctx.strings.entry(var.name.clone()).or_insert((value, None));
            ctx.defined_strings.insert(var.name);
        }
    }
    if failed {
        Err(())
    } else {
        Ok(())
    }
}

/// Parses the (canonicalized) check file in buffer `buf`.
pub(crate) fn read_check_file(
    buf: BufId,
    opts: &Options,
    check_prefixes: &[String],
    comment_prefixes: &[String],
    ctx: &mut Context,
    sm: &mut SourceMgr,
) -> Result<Vec<CheckString>, ()> {
    define_cmdline_vars(&opts.defines, ctx, sm)?;
    ctx.create_line_variable();
    let popts = PatternOptions {
        strict_whitespace: opts.strict_whitespace,
        match_full_lines: opts.match_full_lines,
        ignore_case: opts.ignore_case,
    };

    let mut implicit = Vec::new();
    for not in &opts.implicit_check_not {
        let head = "-implicit-check-not='";
        let text = format!("{head}{not}'");
        let ibuf = sm.add("command line", text.into_bytes());
        let loc = Loc::new(ibuf, head.len());
        let ty = CheckType::new(CheckKind::Not);
        // LLVM ignores the outcome of parsing implicit patterns (errors are
        // printed, the pattern is used as far as it got).
        let pat = match Pattern::parse(not.as_bytes(), loc, "IMPLICIT-CHECK", ty, None, ctx, popts) {
            Ok(p) => p,
            Err(e) => {
                report(sm, &e);
                Pattern::empty(ty, loc, None)
            }
        };
        implicit.push(DagNot { pat, prefix: "IMPLICIT-CHECK".to_string() });
    }

    let text = sm.text(buf).to_vec();
    let mut strings: Vec<CheckString> = Vec::new();
    let mut dag_not = implicit.clone();
    let mut line = 1usize;
    let mut cursor = 0usize;
    let mut matcher = PrefixMatcher::new(check_prefixes, comment_prefixes, &text);
    let mut not_found: BTreeSet<&str> = check_prefixes.iter().map(String::as_str).collect();
    let distinct = not_found.len();

    loop {
        // Find the next usable prefix occurrence.
        let (pos, prefix, found, after) = loop {
            let Some((pos, prefix, comment)) = matcher.next(&text, cursor) else {
                break (0, "", Found::None, None);
            };
            line += memchr::memchr_iter(b'\n', &text[cursor..pos]).count();
            if pos == cursor || !is_part_of_word(text[pos - 1]) {
                let (found, after) = find_check_type(&text[pos..], prefix, comment);
                if !matches!(found, Found::None) {
                    break (pos, prefix, found, after.map(|a| a + pos));
                }
            }
            let mut end = pos + prefix.len();
            while end < text.len() && is_part_of_word(text[end]) {
                end += 1;
            }
            cursor = end;
        };
        if prefix.is_empty() {
            break;
        }
        if !matches!(found, Found::Comment) {
            not_found.remove(prefix);
        }
        let prefix_loc = Loc::new(buf, pos);
        cursor = after.unwrap_or(pos + prefix.len());
        match found {
            Found::Misspelled => {
                let end = after.unwrap_or(text.len());
                let directive = String::from_utf8_lossy(&text[pos..end]).into_owned();
                sm.print(prefix_loc, Severity::Error, &format!("misspelled directive '{directive}'"), None);
                return Err(());
            }
            Found::BadNot => {
                let msg = format!("unsupported -NOT combo on prefix '{prefix}'");
                sm.print(Loc::new(buf, cursor), Severity::Error, &msg, None);
                return Err(());
            }
            Found::BadCount => {
                let msg = format!("invalid count in -COUNT specification on prefix '{prefix}'");
                sm.print(Loc::new(buf, cursor), Severity::Error, &msg, None);
                return Err(());
            }
            _ => {}
        }
        if !(opts.strict_whitespace && opts.match_full_lines) {
            while cursor < text.len() && (text[cursor] == b' ' || text[cursor] == b'\t') {
                cursor += 1;
            }
        }
        let eol = memchr::memchr2(b'\n', b'\r', &text[cursor..]).map_or(text.len(), |i| cursor + i);
        let pattern_loc = Loc::new(buf, cursor);
        let pattern_text = &text[cursor..eol];
        cursor = eol;
        let Found::Directive(ty) = found else {
            continue; // a comment
        };

        let pat = match Pattern::parse(pattern_text, pattern_loc, prefix, ty, Some(line), ctx, popts) {
            Ok(p) => p,
            Err(e) => {
                report(sm, &e);
                return Err(());
            }
        };
        if ty.kind == CheckKind::Label && pat.has_variable() {
            let msg = format!("found '{prefix}-LABEL:' with variable definition or use");
            sm.print(prefix_loc, Severity::Error, &msg, None);
            return Err(());
        }
        if matches!(ty.kind, CheckKind::Next | CheckKind::Same | CheckKind::Empty) && strings.is_empty() {
            let name = match ty.kind {
                CheckKind::Next => "NEXT",
                CheckKind::Empty => "EMPTY",
                _ => "SAME",
            };
            let msg = format!("found '{prefix}-{name}' without previous '{prefix}: line");
            sm.print(prefix_loc, Severity::Error, &msg, None);
            return Err(());
        }
        if matches!(ty.kind, CheckKind::Dag | CheckKind::Not) {
            dag_not.push(DagNot { pat, prefix: prefix.to_string() });
            continue;
        }
        strings.push(CheckString {
            pat,
            prefix: prefix.to_string(),
            dag_not: std::mem::replace(&mut dag_not, implicit.clone()),
        });
    }

    let none_found = not_found.len() == distinct;
    let some_unused = !opts.allow_unused_prefixes && !not_found.is_empty();
    let default_prefix = opts.check_prefixes.is_empty();
    if (none_found || some_unused) && (implicit.is_empty() || !default_prefix) {
        let list: Vec<String> = not_found.iter().map(|p| format!("'{p}:'")).collect();
        let plural = if not_found.len() > 1 { "es" } else { "" };
        sm.print_plain(&format!("error: no check strings found with prefix{plural} {}", list.join(", ")));
        return Err(());
    }

    if !dag_not.is_empty() {
        let loc = Loc::new(buf, cursor.min(text.len()));
        strings.push(CheckString {
            pat: Pattern::empty(CheckType::new(CheckKind::Eof), loc, Some(line + 1)),
            prefix: check_prefixes[0].clone(),
            dag_not,
        });
    }
    Ok(strings)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind_of(s: &str) -> Option<CheckType> {
        match find_check_type(s.as_bytes(), "CHECK", false).0 {
            Found::Directive(t) => Some(t),
            _ => None,
        }
    }

    #[test]
    fn suffixes() {
        assert_eq!(kind_of("CHECK: x").unwrap().kind, CheckKind::Plain);
        assert_eq!(kind_of("CHECK-NEXT: x").unwrap().kind, CheckKind::Next);
        assert_eq!(kind_of("CHECK-COUNT-3: x").unwrap().count, 3);
        assert!(kind_of("CHECK{LITERAL}: x").unwrap().literal);
        assert!(kind_of("CHECK-NEXTX: x").is_none());
        assert!(kind_of("CHECKER: x").is_none());
        assert!(matches!(find_check_type(b"CHECK_NEXT: x", "CHECK", false).0, Found::Misspelled));
        assert!(matches!(find_check_type(b"CHECK-DAG-NOT: x", "CHECK", false).0, Found::BadNot));
        assert!(matches!(find_check_type(b"CHECK-COUNT-0: x", "CHECK", false).0, Found::BadCount));
    }
}
