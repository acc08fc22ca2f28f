//! Translation of LLVM's regular-expression dialect into Rust regex syntax.
//!
//! LLVM's `Regex` class wraps Henry Spencer's POSIX regex library compiled in
//! *extended* (ERE) mode with `REG_NEWLINE`.  This module owns a parser for
//! exactly that dialect which re-emits the expression in the syntax accepted
//! by the `regex-automata` / `fancy-regex` crates, reproducing LLVM's quirks:
//!
//! * a backslash makes *any* following character ordinary (`\d` is the letter
//!   `d`, `\n` is the letter `n`), except `\1`..`\9` which are back-references;
//! * inside brackets the backslash is an ordinary character (`[^\n]` excludes a
//!   backslash and the letter `n`), `[:class:]`, `[=c=]` and `[.name.]` are
//!   supported, and negated brackets never match a newline;
//! * `{` is a bound only when a digit follows, otherwise it is a literal;
//! * a repetition operator may not follow another one (`a*?` is an error), nor
//!   start an expression, nor follow `^`;
//! * empty alternatives (`a|`, `(|b)`) and empty expressions are errors, but
//!   the empty group `()` is allowed.
//!
//! Errors carry the same messages as `llvm_regerror`, so FileCheck's
//! `invalid regex: ...` diagnostics read like LLVM's.

use std::fmt::Write as _;

/// Which engine the translated pattern is destined for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dialect {
    /// Byte-oriented (`(?-u)`) syntax for `regex-automata`; exact LLVM
    /// semantics, since LLVM's regex engine works on bytes.
    Bytes,
    /// Unicode syntax for `fancy-regex` (only used when back-references are
    /// present); non-ASCII bytes are handled per character.
    Unicode,
}

/// The result of a successful translation.
#[derive(Clone, Debug)]
pub(crate) struct Translation {
    /// The pattern in Rust syntax (without any leading flags).
    pub(crate) pattern: String,
    /// Number of capturing groups (`re_nsub`).
    pub(crate) groups: usize,
    /// Whether the expression uses back-references.
    pub(crate) backrefs: bool,
    /// Whether Perl (leftmost-first) and POSIX (leftmost-longest) matching
    /// may disagree on the end of a match: only alternations and
    /// repetitions of multi-character expressions can make them differ
    /// (greedy repetition of single characters finds the longest match).
    pub(crate) ambiguous: bool,
}

// The messages of `llvm_regerror`.
const REG_ECOLLATE: &str = "invalid collating element";
const REG_ECTYPE: &str = "invalid character class";
const REG_EESCAPE: &str = "trailing backslash (\\)";
const REG_ESUBREG: &str = "invalid backreference number";
const REG_EBRACK: &str = "brackets ([ ]) not balanced";
const REG_EPAREN: &str = "parentheses not balanced";
const REG_EBRACE: &str = "braces not balanced";
const REG_BADBR: &str = "invalid repetition count(s)";
const REG_ERANGE: &str = "invalid character range";
const REG_BADRPT: &str = "repetition-operator operand invalid";
const REG_EMPTY: &str = "empty (sub)expression";

/// Largest repetition count accepted by LLVM (`RE_DUP_MAX`).
const DUPMAX: u32 = 255;

/// Translates the LLVM extended regular expression `src`, or returns the
/// error LLVM's `regcomp` reports for it.  Also used just to validate a
/// `{{...}}` block and count its groups.
pub(crate) fn translate(src: &[u8], dialect: Dialect, ignore_case: bool) -> Result<Translation, &'static str> {
    let mut p = Parser {
        s: src,
        pos: 0,
        out: String::with_capacity(src.len() * 2),
        nsub: 0,
        closed: vec![false],
        backrefs: false,
        ambiguous: false,
        dialect,
        ignore_case,
    };
    p.ere(None)?;
    if p.pos < p.s.len() {
        // Only an unmatched ')' can stop the top-level parse early.
        return Err(REG_EPAREN);
    }
    Ok(Translation { pattern: p.out, groups: p.nsub, backrefs: p.backrefs, ambiguous: p.ambiguous })
}

/// Escapes every ERE meta character of `s` with a backslash, exactly like
/// `llvm::Regex::escape`.
pub(crate) fn escape_into(out: &mut Vec<u8>, s: &[u8]) {
    for &c in s {
        if b"()^$|*+?.[]\\{}".contains(&c) || c == 0 {
            out.push(b'\\');
        }
        out.push(c);
    }
}

struct Parser<'a> {
    s: &'a [u8],
    pos: usize,
    out: String,
    nsub: usize,
    /// `closed[n]` is true once group `n` has been fully parsed.
    closed: Vec<bool>,
    backrefs: bool,
    ambiguous: bool,
    dialect: Dialect,
    ignore_case: bool,
}

impl Parser<'_> {
    fn more(&self) -> bool {
        self.pos < self.s.len()
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }

    fn peek2(&self) -> Option<u8> {
        self.s.get(self.pos + 1).copied()
    }

    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn see_two(&self, a: u8, b: u8) -> bool {
        self.peek() == Some(a) && self.peek2() == Some(b)
    }

    fn eat_two(&mut self, a: u8, b: u8) -> bool {
        if self.see_two(a, b) {
            self.pos += 2;
            true
        } else {
            false
        }
    }

    /// Alternation of concatenations, up to `stop` (not consumed).
    fn ere(&mut self, stop: Option<u8>) -> Result<(), &'static str> {
        loop {
            let mut nonempty = false;
            while let Some(c) = self.peek() {
                if c == b'|' || Some(c) == stop {
                    break;
                }
                self.exp()?;
                nonempty = true;
            }
            if !nonempty {
                return Err(REG_EMPTY);
            }
            if !self.eat(b'|') {
                return Ok(());
            }
            self.ambiguous = true;
            self.out.push('|');
        }
    }

    fn is_repetition_next(&self) -> bool {
        match self.peek() {
            Some(b'*' | b'+' | b'?') => true,
            Some(b'{') => self.peek2().is_some_and(|c| c.is_ascii_digit()),
            _ => false,
        }
    }

    /// One atom, possibly followed by a repetition operator.
    fn exp(&mut self) -> Result<(), &'static str> {
        let c = self.s[self.pos];
        self.pos += 1;
        let atom_start = self.out.len();
        let mut was_caret = false;
        // Groups and back-references may match more than one character.
        let backref = c == b'\\' && self.peek().is_some_and(|d| (b'1'..=b'9').contains(&d));
        let single_char = c != b'(' && !backref;
        match c {
            b'(' => {
                if !self.more() {
                    return Err(REG_EPAREN);
                }
                self.nsub += 1;
                let n = self.nsub;
                self.closed.push(false);
                self.out.push('(');
                if self.peek() != Some(b')') {
                    self.ere(Some(b')'))?;
                }
                self.closed[n] = true;
                if !self.eat(b')') {
                    return Err(REG_EPAREN);
                }
                self.out.push(')');
            }
            b')' => return Err(REG_EPAREN),
            b'^' => {
                self.out.push('^');
                was_caret = true;
            }
            b'$' => self.out.push('$'),
            b'|' => return Err(REG_EMPTY),
            b'*' | b'+' | b'?' => return Err(REG_BADRPT),
            b'.' => self.out.push('.'),
            b'[' => self.bracket()?,
            b'\\' => {
                let Some(c) = self.peek() else {
                    return Err(REG_EESCAPE);
                };
                self.pos += 1;
                if c.is_ascii_digit() && c != b'0' {
                    let n = usize::from(c - b'0');
                    if !self.closed.get(n).copied().unwrap_or(false) {
                        return Err(REG_ESUBREG);
                    }
                    self.backrefs = true;
                    let _ = write!(self.out, "(?:\\{n})");
                } else {
                    self.ordinary(c);
                }
            }
            b'{' => {
                if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    return Err(REG_BADRPT);
                }
                self.ordinary(c);
            }
            _ => self.ordinary(c),
        }

        if !self.is_repetition_next() {
            return Ok(());
        }
        let op = self.s[self.pos];
        self.pos += 1;
        if was_caret {
            return Err(REG_BADRPT);
        }
        if !single_char {
            self.ambiguous = true;
        }
        let atom = self.out.split_off(atom_start);
        let _ = write!(self.out, "(?:{atom})");
        match op {
            b'*' | b'+' | b'?' => self.out.push(char::from(op)),
            _ => {
                let min = self.count()?;
                let max = if self.eat(b',') {
                    if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                        let max = self.count()?;
                        if min > max {
                            return Err(REG_BADBR);
                        }
                        Some(max)
                    } else {
                        None
                    }
                } else {
                    Some(min)
                };
                if !self.eat(b'}') {
                    while self.more() && self.peek() != Some(b'}') {
                        self.pos += 1;
                    }
                    return Err(if self.more() { REG_BADBR } else { REG_EBRACE });
                }
                match max {
                    Some(max) if max == min => {
                        let _ = write!(self.out, "{{{min}}}");
                    }
                    Some(max) => {
                        let _ = write!(self.out, "{{{min},{max}}}");
                    }
                    None => {
                        let _ = write!(self.out, "{{{min},}}");
                    }
                }
            }
        }
        if self.is_repetition_next() {
            return Err(REG_BADRPT);
        }
        Ok(())
    }

    fn count(&mut self) -> Result<u32, &'static str> {
        let mut count = 0u32;
        let mut digits = 0;
        while let Some(c) = self.peek() {
            if !c.is_ascii_digit() || count > DUPMAX {
                break;
            }
            count = count * 10 + u32::from(c - b'0');
            digits += 1;
            self.pos += 1;
        }
        if digits == 0 || count > DUPMAX {
            return Err(REG_BADBR);
        }
        Ok(count)
    }

    /// Emits an ordinary (literal) byte.
    fn ordinary(&mut self, c: u8) {
        if c.is_ascii_alphanumeric() || c == b'_' || c == b' ' {
            self.out.push(char::from(c));
            return;
        }
        if c < 0x80 || self.dialect == Dialect::Bytes {
            let _ = write!(self.out, "\\x{c:02x}");
            return;
        }
        // Unicode dialect: take the whole UTF-8 sequence starting here.
        let start = self.pos - 1;
        let len = utf8_len(c);
        if let Some(Ok(s)) = self.s.get(start..start + len).map(std::str::from_utf8) {
            if let Some(ch) = s.chars().next() {
                self.pos = start + len;
                let _ = write!(self.out, "\\x{{{:x}}}", u32::from(ch));
                return;
            }
        }
        // Not valid UTF-8: the best approximation is "some character".
        self.out.push_str("[^\\n]");
    }

    /// Parses a bracket expression (the `[` has been consumed).
    fn bracket(&mut self) -> Result<(), &'static str> {
        let rest = &self.s[self.pos..];
        if rest.starts_with(b"[:<:]]") {
            self.pos += 6;
            self.out.push_str("\\b{start}");
            return Ok(());
        }
        if rest.starts_with(b"[:>:]]") {
            self.pos += 6;
            self.out.push_str("\\b{end}");
            return Ok(());
        }
        let mut set = ByteSet::default();
        let invert = self.eat(b'^');
        if self.eat(b']') {
            set.add(b']');
        } else if self.eat(b'-') {
            set.add(b'-');
        }
        while self.more() && self.peek() != Some(b']') && !self.see_two(b'-', b']') {
            self.bracket_term(&mut set)?;
        }
        if self.eat(b'-') {
            set.add(b'-');
        }
        if !self.eat(b']') {
            return Err(REG_EBRACK);
        }
        if self.ignore_case {
            for c in 0..=255u8 {
                if set.has(c) && c.is_ascii_alphabetic() {
                    set.add(c.to_ascii_lowercase());
                    set.add(c.to_ascii_uppercase());
                }
            }
        }
        if invert {
            set.invert();
            set.remove(b'\n');
        }
        self.emit_set(&set);
        Ok(())
    }

    fn bracket_term(&mut self, set: &mut ByteSet) -> Result<(), &'static str> {
        let kind = match self.peek() {
            Some(b'[') => self.peek2(),
            Some(b'-') => return Err(REG_ERANGE),
            _ => None,
        };
        match kind {
            Some(b':') => {
                self.pos += 2;
                match self.peek() {
                    None => return Err(REG_EBRACK),
                    Some(b'-' | b']') => return Err(REG_ECTYPE),
                    _ => {}
                }
                let start = self.pos;
                while self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
                    self.pos += 1;
                }
                let name = &self.s[start..self.pos];
                let class = char_class(name).ok_or(REG_ECTYPE)?;
                for c in 0..=255u8 {
                    if class(c) {
                        set.add(c);
                    }
                }
                if !self.more() {
                    return Err(REG_EBRACK);
                }
                if !self.eat_two(b':', b']') {
                    return Err(REG_ECTYPE);
                }
            }
            Some(b'=') => {
                self.pos += 2;
                match self.peek() {
                    None => return Err(REG_EBRACK),
                    Some(b'-' | b']') => return Err(REG_ECOLLATE),
                    _ => {}
                }
                let c = self.collating_element(b'=')?;
                set.add(c);
                if !self.more() {
                    return Err(REG_EBRACK);
                }
                if !self.eat_two(b'=', b']') {
                    return Err(REG_ECOLLATE);
                }
            }
            _ => {
                let start = self.symbol()?;
                let finish = if self.peek() == Some(b'-') && self.peek2().is_some_and(|c| c != b']') {
                    self.pos += 1;
                    if self.eat(b'-') {
                        b'-'
                    } else {
                        self.symbol()?
                    }
                } else {
                    start
                };
                // Spencer compares plain (signed) chars.
                if (start as i8) > (finish as i8) {
                    return Err(REG_ERANGE);
                }
                for c in start..=finish {
                    set.add(c);
                }
            }
        }
        Ok(())
    }

    fn symbol(&mut self) -> Result<u8, &'static str> {
        let Some(c) = self.peek() else {
            return Err(REG_EBRACK);
        };
        if !self.eat_two(b'[', b'.') {
            self.pos += 1;
            return Ok(c);
        }
        let value = self.collating_element(b'.')?;
        if !self.eat_two(b'.', b']') {
            return Err(REG_ECOLLATE);
        }
        Ok(value)
    }

    fn collating_element(&mut self, end: u8) -> Result<u8, &'static str> {
        let start = self.pos;
        while self.more() && !self.see_two(end, b']') {
            self.pos += 1;
        }
        if !self.more() {
            return Err(REG_EBRACK);
        }
        let name = &self.s[start..self.pos];
        if let Some(&(_, code)) = COLLATING_NAMES.iter().find(|(n, _)| n.as_bytes() == name) {
            return Ok(code);
        }
        if name.len() == 1 {
            return Ok(name[0]);
        }
        Err(REG_ECOLLATE)
    }

    fn emit_set(&mut self, set: &ByteSet) {
        let limit = if self.dialect == Dialect::Bytes { 256 } else { 128 };
        let mut class = String::from("(?-i:[");
        let mut any = false;
        let mut c = 0usize;
        while c < limit {
            if !set.has(c as u8) {
                c += 1;
                continue;
            }
            let start = c;
            while c + 1 < limit && set.has((c + 1) as u8) {
                c += 1;
            }
            any = true;
            if start == c {
                let _ = write!(class, "\\x{start:02x}");
            } else {
                let _ = write!(class, "\\x{start:02x}-\\x{c:02x}");
            }
            c += 1;
        }
        if self.dialect == Dialect::Unicode && (0x80..=0xff).all(|b| set.has(b)) {
            class.push_str("\\x{80}-\\x{10ffff}");
            any = true;
        }
        if !any {
            // An empty set never matches.
            class.push_str("a&&b");
        }
        class.push_str("])");
        self.out.push_str(&class);
    }
}

fn utf8_len(first: u8) -> usize {
    match first {
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf7 => 4,
        _ => 1,
    }
}

/// A set of bytes.
#[derive(Default)]
struct ByteSet([u64; 4]);

impl ByteSet {
    fn add(&mut self, c: u8) {
        self.0[usize::from(c >> 6)] |= 1 << (c & 63);
    }

    fn remove(&mut self, c: u8) {
        self.0[usize::from(c >> 6)] &= !(1 << (c & 63));
    }

    fn has(&self, c: u8) -> bool {
        self.0[usize::from(c >> 6)] & (1 << (c & 63)) != 0
    }

    fn invert(&mut self) {
        for w in &mut self.0 {
            *w = !*w;
        }
    }
}

/// The POSIX character classes of the C locale.
fn char_class(name: &[u8]) -> Option<fn(u8) -> bool> {
    Some(match name {
        b"alnum" => |c: u8| c.is_ascii_alphanumeric(),
        b"alpha" => |c: u8| c.is_ascii_alphabetic(),
        b"blank" => |c: u8| c == b' ' || c == b'\t',
        b"cntrl" => |c: u8| c < 0x20 || c == 0x7f,
        b"digit" => |c: u8| c.is_ascii_digit(),
        b"graph" => |c: u8| c.is_ascii_graphic(),
        b"lower" => |c: u8| c.is_ascii_lowercase(),
        b"print" => |c: u8| c == b' ' || c.is_ascii_graphic(),
        b"punct" => |c: u8| c.is_ascii_punctuation(),
        b"space" => |c: u8| matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r'),
        b"upper" => |c: u8| c.is_ascii_uppercase(),
        b"xdigit" => |c: u8| c.is_ascii_hexdigit(),
        _ => return None,
    })
}

/// The collating-element names of Spencer's `cname.h` (ASCII subset).
const COLLATING_NAMES: &[(&str, u8)] = &[
    ("NUL", 0),
    ("SOH", 1),
    ("STX", 2),
    ("ETX", 3),
    ("EOT", 4),
    ("ENQ", 5),
    ("ACK", 6),
    ("BEL", 7),
    ("alert", 7),
    ("BS", 8),
    ("backspace", 8),
    ("HT", 9),
    ("tab", 9),
    ("LF", 10),
    ("newline", 10),
    ("VT", 11),
    ("vertical-tab", 11),
    ("FF", 12),
    ("form-feed", 12),
    ("CR", 13),
    ("carriage-return", 13),
    ("SO", 14),
    ("SI", 15),
    ("DLE", 16),
    ("DC1", 17),
    ("DC2", 18),
    ("DC3", 19),
    ("DC4", 20),
    ("NAK", 21),
    ("SYN", 22),
    ("ETB", 23),
    ("CAN", 24),
    ("EM", 25),
    ("SUB", 26),
    ("ESC", 27),
    ("IS4", 28),
    ("FS", 28),
    ("IS3", 29),
    ("GS", 29),
    ("IS2", 30),
    ("RS", 30),
    ("IS1", 31),
    ("US", 31),
    ("space", b' '),
    ("exclamation-mark", b'!'),
    ("quotation-mark", b'"'),
    ("number-sign", b'#'),
    ("dollar-sign", b'$'),
    ("percent-sign", b'%'),
    ("ampersand", b'&'),
    ("apostrophe", b'\''),
    ("left-parenthesis", b'('),
    ("right-parenthesis", b')'),
    ("asterisk", b'*'),
    ("plus-sign", b'+'),
    ("comma", b','),
    ("hyphen", b'-'),
    ("hyphen-minus", b'-'),
    ("period", b'.'),
    ("full-stop", b'.'),
    ("slash", b'/'),
    ("solidus", b'/'),
    ("zero", b'0'),
    ("one", b'1'),
    ("two", b'2'),
    ("three", b'3'),
    ("four", b'4'),
    ("five", b'5'),
    ("six", b'6'),
    ("seven", b'7'),
    ("eight", b'8'),
    ("nine", b'9'),
    ("colon", b':'),
    ("semicolon", b';'),
    ("less-than-sign", b'<'),
    ("equals-sign", b'='),
    ("greater-than-sign", b'>'),
    ("question-mark", b'?'),
    ("commercial-at", b'@'),
    ("left-square-bracket", b'['),
    ("backslash", b'\\'),
    ("reverse-solidus", b'\\'),
    ("right-square-bracket", b']'),
    ("circumflex", b'^'),
    ("circumflex-accent", b'^'),
    ("underscore", b'_'),
    ("low-line", b'_'),
    ("grave-accent", b'`'),
    ("left-brace", b'{'),
    ("left-curly-bracket", b'{'),
    ("vertical-line", b'|'),
    ("right-brace", b'}'),
    ("right-curly-bracket", b'}'),
    ("tilde", b'~'),
    ("DEL", 127),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn tr(s: &str) -> Result<String, &'static str> {
        translate(s.as_bytes(), Dialect::Bytes, false).map(|t| t.pattern)
    }

    #[test]
    fn escapes_make_characters_ordinary() {
        assert_eq!(tr(r"\d").unwrap(), "d");
        assert_eq!(tr(r"\.").unwrap(), r"\x2e");
        assert_eq!(tr(r"a\").unwrap_err(), REG_EESCAPE);
    }

    #[test]
    fn braces_are_literal_unless_a_digit_follows() {
        assert_eq!(tr("a{").unwrap(), r"a\x7b");
        assert_eq!(tr("a{,3}").unwrap(), r"a\x7b\x2c3\x7d");
        assert_eq!(tr("a{2,3}").unwrap(), "(?:a){2,3}");
        assert_eq!(tr("{1}").unwrap_err(), REG_BADRPT);
        assert_eq!(tr("a{3,2}").unwrap_err(), REG_BADBR);
        assert_eq!(tr("a{2").unwrap_err(), REG_EBRACE);
    }

    #[test]
    fn repetition_errors() {
        assert_eq!(tr("a*?").unwrap_err(), REG_BADRPT);
        assert_eq!(tr("*a").unwrap_err(), REG_BADRPT);
        assert_eq!(tr("^*").unwrap_err(), REG_BADRPT);
        assert_eq!(tr("a|").unwrap_err(), REG_EMPTY);
        assert_eq!(tr("(|a)").unwrap_err(), REG_EMPTY);
        assert_eq!(tr("").unwrap_err(), REG_EMPTY);
        assert!(tr("()").is_ok());
        assert_eq!(tr("(a").unwrap_err(), REG_EPAREN);
        assert_eq!(tr("a)").unwrap_err(), REG_EPAREN);
    }

    #[test]
    fn brackets() {
        assert_eq!(tr("[ab]").unwrap(), r"(?-i:[\x61-\x62])");
        // Backslash is ordinary inside brackets.
        assert_eq!(tr(r"[\n]").unwrap(), r"(?-i:[\x5c\x6e])");
        assert!(tr("[[:alpha:]_]").is_ok());
        assert_eq!(tr("[[:bogus:]]").unwrap_err(), REG_ECTYPE);
        assert_eq!(tr("[a").unwrap_err(), REG_EBRACK);
        assert_eq!(tr("[z-a]").unwrap_err(), REG_ERANGE);
        assert_eq!(tr("[]a]").unwrap(), r"(?-i:[\x5d\x61])");
        assert_eq!(tr("[a-]").unwrap(), r"(?-i:[\x2d\x61])");
    }

    #[test]
    fn backrefs() {
        let t = translate(br"(a)\1", Dialect::Unicode, false).unwrap();
        assert!(t.backrefs);
        assert_eq!(t.groups, 1);
        assert_eq!(tr(r"(a\1)").unwrap_err(), REG_ESUBREG);
        assert_eq!(tr(r"\1").unwrap_err(), REG_ESUBREG);
    }
}
