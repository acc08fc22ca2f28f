//! The parser core: token cursor, error reporting with MLIR's wording and
//! locations, alias tables, alias definitions, attribute dictionaries,
//! literals, and the top-level `{-# ... #-}` file metadata block.
//!
//! Types, attributes and locations are parsed by `impl Parser` blocks in
//! [`crate::parse_type`], [`crate::parse_attr`] and [`crate::parse_loc`].
//! The op-level parser builds on this API.

use std::cell::{Cell, OnceCell};

use ir::{Attribute, Context, Diagnostic, Location, NamedAttr, Str, Type};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::lexer::{unescape, Token, TokenKind, TokenStream};

/// A located parse error (MLIR stops at the first one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError(pub Diagnostic);

/// Result of a parsing step.
pub type PResult<T> = Result<T, ParseError>;

/// One entry of a `dialect_resources` section, kept verbatim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceEntry {
    /// The dialect (`builtin`).
    pub dialect: Str,
    /// The resource key (the `dense_resource<key>` handle).
    pub key: Str,
    /// The value's source text (`"0x..."`, `true`, or a string).
    pub value: Str,
}

/// A reference to a location alias that was not yet defined when it was
/// used; resolved by [`Parser::resolve_deferred_loc`].
#[derive(Clone, Copy, Debug)]
struct DeferredLoc<'a> {
    pos: u32,
    name: &'a str,
}

/// Marker dialect of the opaque locations standing for deferred aliases.
pub(crate) const DEFERRED_LOC_DIALECT: &str = "\0deferred-loc";

/// How many entries a [`Memo`] table holds before it starts over.
const MEMO_CAPACITY: usize = 4096;

/// Results of parses made at nesting depth 0, keyed by the exact source
/// text they consumed: modules repeat the same types, attribute values and
/// attribute dictionaries (`(i32, i32) -> i32`, `{value = 0 : i32}`) on
/// many ops, and a repeated text is then found by one scan and hash instead
/// of being lexed, parsed and interned again.
///
/// Soundness: parsing is deterministic given the text it consumes and the
/// kind of the token after it (no rule looks further at these points, see
/// [`Parser::memo_lookup`]), and only successful parses are recorded, so a
/// recorded text followed by a token of the recorded kind parses to the
/// recorded value. Parses that may depend on more (a deferred location
/// alias, an expected type) are not recorded.
#[derive(Default)]
struct Memo<'a> {
    types: FxHashMap<&'a str, (Type, TokenKind)>,
    attrs: FxHashMap<&'a str, (Attribute, TokenKind)>,
    /// Attribute dictionaries: a range of `dict_entries`.
    dicts: FxHashMap<&'a str, (u32, u32)>,
    dict_entries: Vec<NamedAttr>,
}

/// The bytes [`scan_span_end`] looks at: brackets, `-` (of `->`), quotes,
/// `,`, newlines and (outside a group) spaces, for ` loc(`.
static SCAN_STOP: [[bool; 256]; 2] = {
    let mut t = [[false; 256]; 2];
    let special = b"()[]{}<>-\",\n";
    let mut k = 0;
    while k < special.len() {
        t[0][special[k] as usize] = true;
        t[1][special[k] as usize] = true;
        k += 1;
    }
    t[0][b' ' as usize] = true;
    t
};

/// Where the type, attribute value or dictionary starting at `start` ends,
/// as a scan balancing brackets guesses it: before a `,`, a closing bracket,
/// a newline or ` loc(` at depth 0, or (`group`) right after the bracket
/// opened at `start` closes. Only used as a memo key: a wrong guess is just
/// a miss.
fn scan_span_end(src: &[u8], start: usize, group: bool) -> usize {
    let mut depth = 0u32;
    let mut i = start;
    while i < src.len() {
        // Most bytes are plain text.
        let stop = &SCAN_STOP[group as usize];
        while i < src.len() && !stop[src[i] as usize] {
            i += 1;
        }
        let Some(&c) = src.get(i) else { break };
        match c {
            // `->` and `>=` close nothing.
            b'-' if src.get(i + 1) == Some(&b'>') => i += 1,
            b'>' if src.get(i + 1) == Some(&b'=') => i += 1,
            b'(' | b'[' | b'{' | b'<' => depth += 1,
            b')' | b']' | b'}' | b'>' => {
                if depth == 0 {
                    break;
                }
                depth -= 1;
                if group && depth == 0 {
                    i += 1;
                    break;
                }
            }
            b'"' => {
                i += 1;
                while i < src.len() && src[i] != b'"' {
                    i += if src[i] == b'\\' { 2 } else { 1 };
                }
            }
            b',' | b'\n' if depth == 0 => break,
            b' ' if depth == 0 && src[i + 1..].starts_with(b"loc(") => break,
            _ => {}
        }
        i += 1;
    }
    let mut end = i.min(src.len());
    while end > start && matches!(src[end - 1], b' ' | b'\t' | b'\r' | b'\n') {
        end -= 1;
    }
    end
}

/// The parser state shared by every parsing routine.
pub struct Parser<'a> {
    /// The context types and attributes are interned in.
    pub ctx: &'a Context,
    /// The whole source buffer.
    pub src: &'a str,
    /// The file name used in locations.
    pub file: Str,
    /// The current token.
    pub tok: Token,
    /// `#name = ...` definitions, keyed without the `#`.
    pub attr_aliases: FxHashMap<&'a str, Attribute>,
    /// `!name = ...` definitions, keyed without the `!`.
    pub type_aliases: FxHashMap<&'a str, Type>,
    /// `dialect_resources` entries of the file metadata, in source order.
    pub resources: Vec<ResourceEntry>,
    /// `distinct[N]<..>` attributes by the `N` the file gives them.
    pub distinct_attrs: FxHashMap<u64, Attribute>,
    /// The text of `external_resources` sections, verbatim (MLIR ignores
    /// them with a warning unless a handler is registered).
    pub external_resources: Vec<&'a str>,
    lexer: TokenStream<'a>,
    /// End of the last consumed token (or of the text `reset_to` skipped).
    prev_end: u32,
    memo: Memo<'a>,
    /// Byte offsets of the source's `\n`s, found on the first location
    /// query (one vectorised pass) instead of by a search per query.
    newlines: OnceCell<Vec<u32>>,
    /// How many of `newlines` precede the last queried position: queries
    /// mostly move forward by a line or less, so the next answer is found
    /// by a step or two from here.
    line_hint: Cell<usize>,
    deferred: Vec<DeferredLoc<'a>>,
    depth: u32,
}

/// How deeply types, attributes and locations may nest, and (counted
/// separately, in `IrParser::parse_region`) how deeply regions may nest.
/// MLIR has no limit (it overflows its stack, around 3,000 nested regions
/// or 10,000 nested types); bufopt runs its work on threads whose stacks
/// are sized for this depth (`STACK_SIZE` in the `bufopt` crate's
/// `main.rs`), and past it reports a located error instead of crashing.
pub const MAX_NESTING: u32 = 1_000_000;

impl<'a> Parser<'a> {
    /// A parser positioned at the first token of `src`.
    pub fn new(ctx: &'a Context, src: &'a str, file_name: &str) -> Self {
        let mut lexer = TokenStream::new(src);
        let tok = lexer.next_token();
        Parser {
            ctx,
            src,
            file: ctx.intern_str(file_name),
            tok,
            attr_aliases: FxHashMap::default(),
            type_aliases: FxHashMap::default(),
            distinct_attrs: FxHashMap::default(),
            resources: Vec::new(),
            external_resources: Vec::new(),
            lexer,
            prev_end: 0,
            memo: Memo::default(),
            newlines: OnceCell::new(),
            line_hint: Cell::new(0),
            deferred: Vec::new(),
            depth: 0,
        }
    }

    // ----- token cursor ---------------------------------------------------

    /// The source text of `t`.
    #[inline]
    pub fn text(&self, t: Token) -> &'a str {
        self.src.get(t.start as usize..t.end as usize).unwrap_or("")
    }
    /// The source text of the current token.
    #[inline]
    pub fn tok_text(&self) -> &'a str {
        self.text(self.tok)
    }
    /// Advances to the next token.
    #[inline]
    pub fn bump(&mut self) {
        self.prev_end = self.tok.end;
        self.tok = self.lexer.next_token();
    }
    /// True when the current token has kind `k`.
    #[inline]
    pub fn at(&self, k: TokenKind) -> bool {
        self.tok.kind == k
    }
    /// Consumes the current token if it has kind `k`.
    #[inline]
    pub fn eat(&mut self, k: TokenKind) -> bool {
        if self.tok.kind == k {
            self.bump();
            true
        } else {
            false
        }
    }
    /// Consumes a token of kind `k` or fails with `msg`, located like
    /// MLIR's `emitWrongTokenError` (end of the previous line when the
    /// current token starts a line).
    pub fn expect(&mut self, k: TokenKind, msg: &str) -> PResult<()> {
        if self.eat(k) {
            Ok(())
        } else {
            Err(self.wrong_token_error(msg))
        }
    }
    /// True when the current token is the bare identifier `kw`.
    #[inline]
    pub fn at_keyword(&self, kw: &str) -> bool {
        self.tok.kind == TokenKind::BareIdent && self.tok_text() == kw
    }
    /// Consumes the bare identifier `kw` if it is the current token.
    #[inline]
    pub fn eat_keyword(&mut self, kw: &str) -> bool {
        if self.at_keyword(kw) {
            self.bump();
            true
        } else {
            false
        }
    }
    /// Re-lexes from byte offset `byte_pos`.
    pub fn reset_to(&mut self, byte_pos: u32) {
        self.tok = self.lexer.reset_to(byte_pos);
        self.prev_end = byte_pos;
    }

    // ----- memoized parses (see `Memo`) -------------------------------------

    /// The text from `start` to the end of the last consumed token.
    fn consumed_since(&self, start: u32) -> &'a str {
        let text = self.src.get(start as usize..self.prev_end as usize).unwrap_or("");
        text.trim_end_matches([' ', '\t', '\r', '\n'])
    }

    /// The memo key at the current token (see [`scan_span_end`]).
    fn memo_key(&self, group: bool) -> &'a str {
        let start = self.tok.start as usize;
        let end = scan_span_end(self.src.as_bytes(), start, group);
        &self.src[start..end]
    }

    /// Skips `key` (text starting at the current token) if the token after
    /// it has kind `next` (`None`: any); otherwise stays put.
    fn memo_skip(&mut self, key: &str, next: Option<TokenKind>) -> bool {
        let start = self.tok.start;
        self.reset_to(start + key.len() as u32);
        if next.is_none_or(|k| k == self.tok.kind) {
            return true;
        }
        self.reset_to(start);
        false
    }

    /// Parses a type, through the memo when at depth 0 and the type is
    /// worth it (a function or shaped type; a keyword type is one token).
    pub(crate) fn parse_type_memo(&mut self, parse: impl FnOnce(&mut Self) -> PResult<Type>) -> PResult<Type> {
        let worth = self.depth == 0
            && match self.tok.kind {
                TokenKind::LParen => true,
                TokenKind::BareIdent => matches!(self.tok_text(), "tensor" | "memref" | "vector" | "tuple" | "complex"),
                _ => false,
            };
        if !worth {
            return parse(self);
        }
        let key = self.memo_key(false);
        if let Some(&(t, next)) = self.memo.types.get(key) {
            if self.memo_skip(key, Some(next)) {
                return Ok(t);
            }
        }
        let start = self.tok.start;
        let deferred = self.deferred.len();
        let t = parse(self)?;
        if self.deferred.len() == deferred {
            let text = self.consumed_since(start);
            if self.memo.types.len() >= MEMO_CAPACITY {
                self.memo.types.clear();
            }
            self.memo.types.insert(text, (t, self.tok.kind));
        }
        Ok(t)
    }

    /// Parses a type that usually fills the rest of its line (a generic
    /// op's signature): the memo is first tried with that text, found by a
    /// newline search rather than a bracket-balancing scan.
    pub(crate) fn parse_line_end_type(&mut self) -> PResult<Type> {
        if self.depth == 0 && self.at(TokenKind::LParen) {
            let rest = &self.src[self.tok.start as usize..];
            let line = &rest[..memchr::memchr(b'\n', rest.as_bytes()).unwrap_or(rest.len())];
            let key = line.trim_end_matches([' ', '\t', '\r']);
            if let Some(&(t, next)) = self.memo.types.get(key) {
                if self.memo_skip(key, Some(next)) {
                    return Ok(t);
                }
            }
        }
        self.parse_type()
    }

    /// Parses the value of an attribute-dictionary entry, through the memo
    /// when the dictionary is at depth 0.
    fn parse_dict_value(&mut self) -> PResult<Attribute> {
        if self.depth != 0 {
            return self.parse_attribute(None);
        }
        let key = self.memo_key(false);
        if let Some(&(a, next)) = self.memo.attrs.get(key) {
            if self.memo_skip(key, Some(next)) {
                return Ok(a);
            }
        }
        let start = self.tok.start;
        let deferred = self.deferred.len();
        let a = self.parse_attribute(None)?;
        // Only `,` and `}` may follow a value in a valid dictionary; a value
        // with a forward location alias stands for its own use.
        if matches!(self.tok.kind, TokenKind::Comma | TokenKind::RBrace) && self.deferred.len() == deferred {
            let text = self.consumed_since(start);
            if self.memo.attrs.len() >= MEMO_CAPACITY {
                self.memo.attrs.clear();
            }
            self.memo.attrs.insert(text, (a, self.tok.kind));
        }
        Ok(a)
    }

    /// How many [`Self::nested`] levels are open.
    #[inline]
    pub(crate) fn depth(&self) -> u32 {
        self.depth
    }

    /// Runs `f` one nesting level deeper, failing past [`MAX_NESTING`].
    pub fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        if self.depth >= MAX_NESTING {
            return Err(self.error_here(format!("exceeded the maximum nesting depth of {MAX_NESTING}")));
        }
        self.depth += 1;
        let r = f(self);
        self.depth -= 1;
        r
    }

    // ----- locations and errors -------------------------------------------

    /// 1-based line and column of a byte offset, as MLIR counts them
    /// (lines end at `\n`; columns count bytes).
    pub fn line_col(&self, byte_pos: u32) -> (u32, u32) {
        let bytes = self.src.as_bytes();
        let pos = byte_pos.min(bytes.len() as u32);
        let nl = self.newlines.get_or_init(|| memchr::memchr_iter(b'\n', bytes).map(|i| i as u32).collect());
        // `k`: the number of newlines before `pos`, so `pos` is on line
        // `k + 1`, which starts after newline `k - 1`.
        let mut k = self.line_hint.get().min(nl.len());
        if k > 0 && nl.get(k - 1).is_some_and(|&p| p >= pos) {
            k = nl.partition_point(|&p| p < pos);
        } else {
            // Forward: a few steps, then a binary search of the rest.
            let mut steps = 0;
            while nl.get(k).is_some_and(|&p| p < pos) {
                k += 1;
                steps += 1;
                if steps == 4 {
                    k += nl.get(k..).map_or(0, |rest| rest.partition_point(|&p| p < pos));
                    break;
                }
            }
        }
        self.line_hint.set(k);
        let line_start = if k == 0 { 0 } else { nl.get(k - 1).map_or(0, |&p| p + 1) };
        (k as u32 + 1, pos - line_start + 1)
    }
    /// A `FileLineCol` location for a byte offset.
    pub fn loc_at(&self, byte_pos: u32) -> Location {
        let (line, col) = self.line_col(byte_pos);
        self.ctx.loc(ir::LocKind::FileLineCol { file: self.file, line, col })
    }
    /// The location of the current token.
    pub fn cur_loc(&self) -> Location {
        self.loc_at(self.tok.start)
    }
    /// An error at `byte_pos`. If the current token is a lexer error, the
    /// lexer's message wins, as in MLIR.
    pub fn error_at(&self, byte_pos: u32, msg: impl Into<String>) -> ParseError {
        if self.tok.kind == TokenKind::Error {
            return self.lexer_error();
        }
        ParseError(Diagnostic::error(self.loc_at(byte_pos), msg))
    }
    /// An error at the current token (one byte back at end of file).
    pub fn error_here(&self, msg: impl Into<String>) -> ParseError {
        let mut pos = self.tok.start;
        if self.tok.kind == TokenKind::Eof {
            pos = pos.saturating_sub(1);
        }
        self.error_at(pos, msg)
    }
    /// The error of the current [`TokenKind::Error`] token.
    fn lexer_error(&self) -> ParseError {
        ParseError(Diagnostic::error(self.loc_at(self.tok.start), self.lexer.error_message()))
    }
    /// MLIR's `emitWrongTokenError`: when the current token starts a line,
    /// the error is reported at the end of the previous non-blank line
    /// (before a `//` comment on it).
    pub fn wrong_token_error(&self, msg: impl Into<String>) -> ParseError {
        if self.tok.kind == TokenKind::Error {
            return self.lexer_error();
        }
        let mut pos = self.tok.start as usize;
        if self.tok.kind == TokenKind::Eof {
            pos = pos.saturating_sub(1);
        }
        let original = pos;
        let bytes = self.src.as_bytes();
        let mut end = pos.min(bytes.len());
        loop {
            while end > 0 && matches!(bytes[end - 1], b' ' | b'\t') {
                end -= 1;
            }
            if end == 0 {
                return self.error_at(original as u32, msg);
            }
            let last = bytes[end - 1];
            if last != b'\n' && last != b'\r' {
                return self.error_at(end as u32, msg);
            }
            end -= 1;
            let line_start = bytes[..end].iter().rposition(|&c| c == b'\n' || c == b'\r').unwrap_or(0);
            if let Some(c) = memchr::memmem::find(&bytes[line_start..end], b"//") {
                end = line_start + c;
            }
        }
    }

    // ----- literals ---------------------------------------------------------

    /// Parses a string literal token into its bytes.
    pub fn parse_string(&mut self) -> PResult<Vec<u8>> {
        if !self.at(TokenKind::String) {
            return Err(self.wrong_token_error("expected string"));
        }
        let v = self.string_value(self.tok);
        self.bump();
        Ok(v)
    }
    /// The unescaped bytes of a string token (or of an `@"..."` token).
    pub fn string_value(&self, t: Token) -> Vec<u8> {
        let text = self.text(t).as_bytes();
        let body = match t.kind {
            TokenKind::AtIdent => &text[2..text.len() - 1],
            _ => &text[1..text.len() - 1],
        };
        unescape(body)
    }
    /// The unescaped text of a string token as UTF-8 (lossy).
    pub fn string_text(&self, t: Token) -> String {
        match String::from_utf8(self.string_value(t)) {
            Ok(s) => s,
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        }
    }
    /// Parses an optional `-` and a decimal or hex integer up to 128 bits.
    /// As MLIR's `parseInteger`: no integer or `-` at all is reported at the
    /// current token; a `-` without an integer as a wrong token.
    pub fn parse_int(&mut self) -> PResult<(bool, u128)> {
        if !matches!(self.tok.kind, TokenKind::Integer | TokenKind::Minus | TokenKind::Error) {
            return Err(self.error_here("expected integer value"));
        }
        let negative = self.eat(TokenKind::Minus);
        let t = self.tok;
        self.expect(TokenKind::Integer, "expected integer value")?;
        match parse_u128(self.text(t)) {
            Some(v) => Ok((negative, v)),
            None => Err(self.error_at(t.start, "integer value too large")),
        }
    }
    /// The value of an integer token as `u64`, if it fits.
    pub fn token_u64(&self, t: Token) -> Option<u64> {
        parse_u128(self.text(t)).and_then(|v| u64::try_from(v).ok())
    }

    // ----- lists ------------------------------------------------------------

    /// `elem (',' elem)*`
    pub fn parse_comma_list(&mut self, mut f: impl FnMut(&mut Self) -> PResult<()>) -> PResult<()> {
        f(self)?;
        while self.eat(TokenKind::Comma) {
            f(self)?;
        }
        Ok(())
    }
    /// MLIR's `parseCommaSeparatedListUntil`: elements up to `close`.
    pub fn parse_comma_list_until(
        &mut self,
        close: TokenKind,
        allow_empty: bool,
        f: impl FnMut(&mut Self) -> PResult<()>,
    ) -> PResult<()> {
        if self.at(close) {
            if !allow_empty {
                return Err(self.wrong_token_error("expected list element"));
            }
            self.bump();
            return Ok(());
        }
        self.parse_comma_list(f)?;
        if self.eat(close) {
            return Ok(());
        }
        Err(self.wrong_token_error(format!("expected ',' or '{}'", close.spelling())))
    }
    /// A delimited list: `open [elem (',' elem)*] close`; `ctx_msg` is the
    /// suffix of MLIR's messages (e.g. `" in attribute dictionary"`).
    pub fn parse_delimited_list(
        &mut self,
        open: TokenKind,
        close: TokenKind,
        ctx_msg: &str,
        f: impl FnMut(&mut Self) -> PResult<()>,
    ) -> PResult<()> {
        if !self.eat(open) {
            return Err(self.wrong_token_error(format!("expected '{}'{}", open.spelling(), ctx_msg)));
        }
        if self.eat(close) {
            return Ok(());
        }
        self.parse_comma_list(f)?;
        if self.eat(close) {
            return Ok(());
        }
        Err(self.wrong_token_error(format!("expected '{}'{}", close.spelling(), ctx_msg)))
    }

    // ----- attribute dictionaries -----------------------------------------

    /// True for tokens MLIR accepts as a keyword (bare identifiers,
    /// integer types, keywords).
    pub fn at_any_keyword(&self) -> bool {
        self.tok.kind == TokenKind::BareIdent
    }

    /// Parses `{a = 1, b, "quoted" = 2}` into `out` (source order).
    pub fn parse_attr_dict(&mut self, out: &mut Vec<NamedAttr>) -> PResult<()> {
        if self.depth != 0 || !self.at(TokenKind::LBrace) {
            return self.parse_attr_dict_uncached(out);
        }
        // Nothing after the closing `}` matters to a dictionary.
        let key = self.memo_key(true);
        if let Some(&(s, n)) = self.memo.dicts.get(key) {
            self.memo_skip(key, None);
            out.extend_from_slice(&self.memo.dict_entries[s as usize..(s + n) as usize]);
            return Ok(());
        }
        let start = self.tok.start;
        let deferred = self.deferred.len();
        let base = out.len();
        self.parse_attr_dict_uncached(out)?;
        if self.deferred.len() == deferred {
            let text = self.consumed_since(start);
            let memo = &mut self.memo;
            if memo.dicts.len() >= MEMO_CAPACITY || memo.dict_entries.len() >= 16 * MEMO_CAPACITY {
                memo.dicts.clear();
                memo.dict_entries.clear();
            }
            let range = (memo.dict_entries.len() as u32, (out.len() - base) as u32);
            memo.dict_entries.extend_from_slice(&out[base..]);
            memo.dicts.insert(text, range);
        }
        Ok(())
    }

    fn parse_attr_dict_uncached(&mut self, out: &mut Vec<NamedAttr>) -> PResult<()> {
        // Duplicates are found by a scan while the dictionary is small.
        let mut seen: FxHashSet<Str> = FxHashSet::default();
        let base = out.len();
        self.parse_delimited_list(TokenKind::LBrace, TokenKind::RBrace, " in attribute dictionary", |p| {
            let name = match p.tok.kind {
                TokenKind::String => {
                    let s = p.string_text(p.tok);
                    if s.is_empty() {
                        return Err(p.error_here("expected valid attribute name"));
                    }
                    p.ctx.intern_str(&s)
                }
                TokenKind::BareIdent => p.ctx.intern_str(p.tok_text()),
                _ => return Err(p.wrong_token_error("expected attribute name")),
            };
            let entries = &out[base..];
            let dup = if entries.len() < 16 {
                entries.iter().any(|n| n.name == name)
            } else {
                if seen.is_empty() {
                    seen.extend(entries.iter().map(|n| n.name));
                }
                !seen.insert(name)
            };
            if dup {
                return Err(p.error_here(format!("duplicate key '{}' in dictionary attribute", p.ctx.str(name))));
            }
            p.bump();
            if !p.eat(TokenKind::Equal) {
                out.push(NamedAttr { name, value: p.ctx.unit_attr() });
                return Ok(());
            }
            let value = p.parse_dict_value()?;
            out.push(NamedAttr { name, value });
            Ok(())
        })
    }

    // ----- top-level definitions ------------------------------------------

    /// Parses `#name = attr` or `!name = type` at the top level.
    pub fn parse_alias_definition(&mut self) -> PResult<()> {
        let t = self.tok;
        let name = &self.text(t)[1..];
        if t.kind == TokenKind::HashIdent {
            if self.attr_aliases.contains_key(name) {
                return Err(self.error_here(format!("redefinition of attribute alias id '{name}'")));
            }
            if name.contains('.') {
                return Err(self.error_here("attribute names with a '.' are reserved for dialect-defined names"));
            }
            self.bump();
            self.expect(TokenKind::Equal, "expected '=' in attribute alias definition")?;
            let a = self.parse_attribute(None)?;
            self.attr_aliases.insert(name, a);
            Ok(())
        } else if t.kind == TokenKind::ExclaimIdent {
            if self.type_aliases.contains_key(name) {
                return Err(self.error_here(format!("redefinition of type alias id '{name}'")));
            }
            if name.contains('.') {
                return Err(self.error_here("type names with a '.' are reserved for dialect-defined names"));
            }
            self.bump();
            self.expect(TokenKind::Equal, "expected '=' in type alias definition")?;
            let ty = self.parse_type()?;
            self.type_aliases.entry(name).or_insert(ty);
            Ok(())
        } else {
            Err(self.wrong_token_error("expected alias definition"))
        }
    }

    /// Parses a `{-# key: {...}, ... #-}` file metadata block, keeping
    /// `dialect_resources` entries in [`Parser::resources`].
    pub fn parse_file_metadata(&mut self) -> PResult<()> {
        self.expect(TokenKind::FileMetadataBegin, "expected '{-#'")?;
        self.parse_comma_list_until(TokenKind::FileMetadataEnd, true, |p| {
            let key_tok = p.tok;
            if !p.at_any_keyword() {
                return Err(p.error_here("expected identifier key in file metadata dictionary"));
            }
            let key = p.tok_text();
            p.bump();
            p.expect(TokenKind::Colon, "expected ':'")?;
            match key {
                "dialect_resources" => p.parse_resource_section(true),
                "external_resources" => p.parse_resource_section(false),
                _ => Err(p.error_at(key_tok.start, format!("unknown key '{key}' in file metadata dictionary"))),
            }
        })
    }

    fn parse_resource_section(&mut self, dialect: bool) -> PResult<()> {
        let section_start = self.tok.start;
        self.expect(TokenKind::LBrace, "expected '{'")?;
        self.parse_comma_list_until(TokenKind::RBrace, true, |p| {
            let name_tok = p.tok;
            if !p.at_any_keyword() {
                return Err(p.error_here("expected identifier key for 'resource' entry"));
            }
            let dname = p.tok_text();
            p.bump();
            p.expect(TokenKind::Colon, "expected ':'")?;
            p.expect(TokenKind::LBrace, "expected '{'")?;
            if dialect && dname != "builtin" {
                return Err(p.error_at(name_tok.start, format!("dialect '{dname}' is unknown")));
            }
            let dsym = p.ctx.intern_str(dname);
            p.parse_comma_list_until(TokenKind::RBrace, true, |p| {
                if !p.at_any_keyword() {
                    return Err(p.error_here(if dialect {
                        "expected identifier key for 'resource' entry"
                    } else {
                        "expected identifier key for 'external_resources' entry"
                    }));
                }
                let key = p.ctx.intern_str(p.tok_text());
                p.bump();
                p.expect(TokenKind::Colon, "expected ':'")?;
                let v = p.tok;
                if matches!(v.kind, TokenKind::Eof | TokenKind::Error) {
                    return Err(p.wrong_token_error("expected resource value"));
                }
                p.bump();
                if dialect {
                    if v.kind != TokenKind::String || !p.text(v).starts_with("\"0x") {
                        let k = p.ctx.str(key);
                        return Err(p.error_at(v.start, format!("expected hex string blob for key '{k}'")));
                    }
                    let value = p.ctx.intern_str(p.text(v));
                    p.resources.push(ResourceEntry { dialect: dsym, key, value });
                }
                Ok(())
            })
        })?;
        if !dialect {
            let end = self.tok.start as usize;
            self.external_resources.push(self.src[section_start as usize..end].trim_end());
        }
        Ok(())
    }

    // ----- deferred location aliases --------------------------------------

    /// Records a use of a location alias that is not defined yet and
    /// returns a placeholder location for it.
    pub(crate) fn defer_loc(&mut self, pos: u32, name: &'a str) -> Location {
        let idx = self.deferred.len();
        self.deferred.push(DeferredLoc { pos, name });
        let dialect = self.ctx.intern_str(DEFERRED_LOC_DIALECT);
        let body = self.ctx.intern_str(&idx.to_string());
        let a = self.ctx.attr(ir::AttrKind::Opaque { dialect, body, ty: None });
        self.ctx.loc(ir::LocKind::Opaque(a))
    }

    /// True when some location alias was used before its definition.
    pub fn has_deferred_locs(&self) -> bool {
        !self.deferred.is_empty()
    }

    /// True when `loc` is a placeholder for a forward location alias.
    pub fn is_deferred_loc(&self, loc: Location) -> bool {
        self.deferred_index(loc).is_some()
    }

    fn deferred_index(&self, loc: Location) -> Option<usize> {
        if self.deferred.is_empty() {
            return None;
        }
        let ir::LocKind::Opaque(a) = self.ctx.loc_kind(loc) else { return None };
        let ir::AttrKind::Opaque { dialect, body, .. } = self.ctx.attr_kind(*a) else { return None };
        if self.ctx.str(*dialect) != DEFERRED_LOC_DIALECT {
            return None;
        }
        self.ctx.str(*body).parse().ok()
    }

    /// Resolves a placeholder made for `loc(#alias)` before `#alias` was
    /// defined (call after the whole file is parsed); other locations are
    /// returned unchanged.
    pub fn resolve_deferred_loc(&self, loc: Location) -> PResult<Location> {
        let Some(i) = self.deferred_index(loc) else { return Ok(loc) };
        let d = self.deferred[i];
        match self.attr_aliases.get(d.name) {
            None => {
                Err(ParseError(Diagnostic::error(self.loc_at(d.pos), "operation location alias was never defined")))
            }
            Some(&a) => match self.ctx.attr_kind(a) {
                ir::AttrKind::Location(l) => Ok(*l),
                _ => Err(ParseError(Diagnostic::error(
                    self.loc_at(d.pos),
                    format!("expected location, but found '{}'", crate::print_attr::attr_to_string(self.ctx, a)),
                ))),
            },
        }
    }
}

/// Parses a decimal or `0x` hex integer spelling into a `u128`.
pub fn parse_u128(s: &str) -> Option<u128> {
    if let Some(h) = s.strip_prefix("0x") {
        u128::from_str_radix(h, 16).ok()
    } else {
        s.parse().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err_pos(ctx: &Context, e: &ParseError) -> (u32, u32) {
        let (_, l, c) = ctx.file_line_col(e.0.loc).unwrap();
        (l, c)
    }

    #[test]
    fn line_and_column() {
        let ctx = Context::new();
        let p = Parser::new(&ctx, "ab\ncd\n\nef", "f.mlir");
        assert_eq!(p.line_col(0), (1, 1));
        assert_eq!(p.line_col(4), (2, 2));
        assert_eq!(p.line_col(7), (4, 1));
        assert_eq!(p.line_col(8), (4, 2));
        // Going backwards after a forward query still works.
        assert_eq!(p.line_col(1), (1, 2));
        assert_eq!(p.line_col(99), (4, 3));
    }

    #[test]
    fn line_and_column_agree_with_counting() {
        let ctx = Context::new();
        let src = "a\n\nbc d\r\n\n    efg\nh\n".repeat(9);
        let p = Parser::new(&ctx, &src, "f.mlir");
        let naive = |pos: usize| {
            let pos = pos.min(src.len());
            let before = &src.as_bytes()[..pos];
            let line = before.iter().filter(|&&c| c == b'\n').count() as u32 + 1;
            let start = before.iter().rposition(|&c| c == b'\n').map_or(0, |i| i + 1);
            (line, (pos - start) as u32 + 1)
        };
        // Forward one byte at a time, forward in jumps of every size,
        // backward, and past the end.
        let n = src.len() + 2;
        let mut order: Vec<usize> = (0..n).collect();
        for step in [3, 7, 40, 97] {
            order.extend((0..n).step_by(step));
        }
        order.extend((0..n).rev());
        order.extend([5, 150, 2, 60, 61, 0, n, 1]);
        for pos in order {
            assert_eq!(p.line_col(pos as u32), naive(pos), "at {pos}");
        }
    }

    #[test]
    fn wrong_token_errors_point_at_the_previous_line_end() {
        let ctx = Context::new();
        let mut p = Parser::new(&ctx, "foo  // note\n\n  bar", "f.mlir");
        p.bump();
        let e = p.expect(TokenKind::Colon, "expected ':'").unwrap_err();
        assert_eq!(err_pos(&ctx, &e), (1, 4));
        assert_eq!(e.0.message, "expected ':'");
        // Mid-line, the error goes right after the previous token.
        let mut p = Parser::new(&ctx, "foo  bar", "f.mlir");
        p.bump();
        assert_eq!(err_pos(&ctx, &p.expect(TokenKind::Colon, "x").unwrap_err()), (1, 4));
        // `error_here` reports at the token itself.
        assert_eq!(err_pos(&ctx, &p.error_here("x")), (1, 6));
    }

    #[test]
    fn lexer_errors_win() {
        let ctx = Context::new();
        let mut p = Parser::new(&ctx, "a \"x\\q\"", "f.mlir");
        p.bump();
        let e = p.expect(TokenKind::Colon, "expected ':'").unwrap_err();
        assert_eq!(e.0.message, "unknown escape in string literal");
        assert_eq!(err_pos(&ctx, &e), (1, 5));
    }

    #[test]
    fn integers_and_strings() {
        let ctx = Context::new();
        let mut p = Parser::new(&ctx, "-42 0x1F 340282366920938463463374607431768211456 \"a\\0Ab\"", "f.mlir");
        assert_eq!(p.parse_int().unwrap(), (true, 42));
        assert_eq!(p.parse_int().unwrap(), (false, 31));
        assert_eq!(p.parse_int().unwrap_err().0.message, "integer value too large");
        assert_eq!(p.parse_string().unwrap(), b"a\nb".to_vec());
        assert!(p.at(TokenKind::Eof));
    }

    #[test]
    fn aliases_and_dictionaries() {
        let ctx = Context::new();
        let src = "#a = 1 : i32\n!t = tensor<4x!foo.x>\n{b = #a, a = !t, u, \"q r\" = \"s\"}";
        let mut p = Parser::new(&ctx, src, "f.mlir");
        p.parse_alias_definition().unwrap();
        p.parse_alias_definition().unwrap();
        let mut v = Vec::new();
        p.parse_attr_dict(&mut v).unwrap();
        let names: Vec<&str> = v.iter().map(|n| ctx.str(n.name)).collect();
        assert_eq!(names, ["b", "a", "u", "q r"]);
        assert_eq!(v[0].value, ctx.int_attr(ctx.int_ty(32), 1));
        assert_eq!(v[2].value, ctx.unit_attr());

        let mut p = Parser::new(&ctx, "#a = 1\n#a = 2", "f.mlir");
        p.parse_alias_definition().unwrap();
        let e = p.parse_alias_definition().unwrap_err();
        assert_eq!(e.0.message, "redefinition of attribute alias id 'a'");
        assert_eq!(err_pos(&ctx, &e), (2, 1));
    }

    #[test]
    fn duplicate_keys_in_large_dictionaries() {
        let ctx = Context::new();
        let mut src: String = "{".into();
        for i in 0..40 {
            src.push_str(&format!("k{i} = {i}, "));
        }
        src.push_str("k7 = 0}");
        let mut p = Parser::new(&ctx, &src, "f.mlir");
        let e = p.parse_attr_dict(&mut Vec::new()).unwrap_err();
        assert_eq!(e.0.message, "duplicate key 'k7' in dictionary attribute");
    }

    #[test]
    fn deferred_location_aliases() {
        let ctx = Context::new();
        let mut p = Parser::new(&ctx, "loc(#fwd) loc(#never)\n#fwd = loc(\"x.mlir\":3:4)", "f.mlir");
        p.bump();
        let fwd = p.parse_location_body().unwrap();
        p.bump();
        let never = p.parse_location_body().unwrap();
        p.parse_alias_definition().unwrap();
        assert!(p.is_deferred_loc(fwd));
        assert_eq!(p.resolve_deferred_loc(fwd).unwrap(), ctx.file_loc("x.mlir", 3, 4));
        let e = p.resolve_deferred_loc(never).unwrap_err();
        assert_eq!(e.0.message, "operation location alias was never defined");
        assert_eq!(err_pos(&ctx, &e), (1, 15));
        let plain = ctx.unknown_loc();
        assert_eq!(p.resolve_deferred_loc(plain).unwrap(), plain);
    }

    #[test]
    fn file_metadata_keeps_builtin_resources() {
        let ctx = Context::new();
        let src = "{-#\n  dialect_resources: { builtin: { b1: \"0x0400000001\", b2: \"0x04000000\" } },\n  external_resources: { ext: { k: true } }\n#-}";
        let mut p = Parser::new(&ctx, src, "f.mlir");
        p.parse_file_metadata().unwrap();
        assert!(p.at(TokenKind::Eof));
        let keys: Vec<&str> = p.resources.iter().map(|r| ctx.str(r.key)).collect();
        assert_eq!(keys, ["b1", "b2"]);
        assert_eq!(ctx.str(p.resources[0].value), "\"0x0400000001\"");
        assert_eq!(p.external_resources.len(), 1);
        let mut p = Parser::new(&ctx, "{-# foo: {} #-}", "f.mlir");
        assert_eq!(p.parse_file_metadata().unwrap_err().0.message, "unknown key 'foo' in file metadata dictionary");
    }

    #[test]
    fn deep_nesting_parses() {
        // 10,000 levels (once rejected past 256) on a deep stack, as the
        // driver provides; the limit itself is tested in tests/nesting.
        let run = || {
            let ctx = Context::new();
            let src = format!("{}1{}", "[".repeat(10_000), "]".repeat(10_000));
            let mut p = Parser::new(&ctx, &src, "f.mlir");
            p.parse_attribute(None).is_ok()
        };
        let t = std::thread::Builder::new().stack_size(1 << 30).spawn(run).unwrap();
        assert!(t.join().unwrap());
    }
}
