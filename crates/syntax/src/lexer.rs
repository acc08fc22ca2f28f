//! The lexer for MLIR's textual format.
//!
//! It turns source bytes into [`Token`]s (kind plus byte range) without
//! allocating. Keywords are lexed as [`TokenKind::BareIdent`]; the parser
//! compares their text. Lexical errors produce a [`TokenKind::Error`] token
//! whose start is where MLIR reports the error, and the message is kept in
//! [`Lexer::error_message`].

use memchr::memchr2;

/// The kind of a token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// End of the buffer.
    Eof,
    /// A lexical error; see [`Lexer::error_message`].
    Error,
    /// `foo`, `i32`, `memref`, `x4xf32`: identifiers and keywords.
    BareIdent,
    /// `%foo`, `%0`
    PercentIdent,
    /// `^bb0`
    CaretIdent,
    /// `#map`
    HashIdent,
    /// `!foo.bar`
    ExclaimIdent,
    /// `@sym`, `@"quoted sym"`
    AtIdent,
    /// `42`, `0x2A`
    Integer,
    /// `1.5`, `2.0e-3`
    Float,
    /// `"text"` with its quotes
    String,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `[`
    LSquare,
    /// `]`
    RSquare,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `<`
    Less,
    /// `>`
    Greater,
    /// `,`
    Comma,
    /// `:`
    Colon,
    /// `=`
    Equal,
    /// `->`
    Arrow,
    /// `-`
    Minus,
    /// `+`
    Plus,
    /// `*`
    Star,
    /// `?`
    Question,
    /// `...`
    Ellipsis,
    /// `{-#`
    FileMetadataBegin,
    /// `#-}`
    FileMetadataEnd,
    /// `|`
    Vertical,
}

impl TokenKind {
    /// The fixed spelling of a punctuation token, for messages.
    pub fn spelling(self) -> &'static str {
        match self {
            TokenKind::LParen => "(",
            TokenKind::RParen => ")",
            TokenKind::LSquare => "[",
            TokenKind::RSquare => "]",
            TokenKind::LBrace => "{",
            TokenKind::RBrace => "}",
            TokenKind::Less => "<",
            TokenKind::Greater => ">",
            TokenKind::Comma => ",",
            TokenKind::Colon => ":",
            TokenKind::Equal => "=",
            TokenKind::Arrow => "->",
            TokenKind::Minus => "-",
            TokenKind::Plus => "+",
            TokenKind::Star => "*",
            TokenKind::Question => "?",
            TokenKind::Ellipsis => "...",
            TokenKind::FileMetadataBegin => "{-#",
            TokenKind::FileMetadataEnd => "#-}",
            TokenKind::Vertical => "|",
            _ => "",
        }
    }
}

/// A token: its kind and byte range in the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Byte offset of its first byte.
    pub start: u32,
    /// Byte offset one past its last byte.
    pub end: u32,
}

impl Token {
    /// True when the token has kind `k`.
    #[inline]
    pub fn is(self, k: TokenKind) -> bool {
        self.kind == k
    }
}

/// Turns source text into tokens on demand.
pub struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
    error: &'static str,
}

/// [`CLASS`] bit of bare identifier characters `[a-zA-Z0-9_$.]`.
const IDENT: u8 = 1;
/// [`CLASS`] bit of suffix-id characters (identifier characters and `-`).
const SUFFIX: u8 = 2;
/// [`CLASS`] bit of decimal digits.
const DIGIT: u8 = 4;

/// Character classes, as bits [`IDENT`], [`SUFFIX`] and [`DIGIT`].
static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        if b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b == b'.' {
            t[c] = IDENT | SUFFIX;
        } else if b == b'-' {
            t[c] = SUFFIX;
        }
        if b.is_ascii_digit() {
            t[c] |= DIGIT;
        }
        c += 1;
    }
    t
};

/// The end of the run of blanks (spaces, tabs, line ends and NUL bytes)
/// from `i`. Spaces (indentation, separators) are skipped eight at a time:
/// the first byte that is not a space is found from the lowest nonzero byte
/// of the chunk XOR eight spaces.
#[inline(always)]
fn skip_blank(src: &[u8], mut i: usize) -> usize {
    const SPACES: u64 = u64::from_le_bytes([b' '; 8]);
    loop {
        if let Some(chunk) = src.get(i..).and_then(|r| r.first_chunk::<8>()) {
            let x = u64::from_le_bytes(*chunk) ^ SPACES;
            if x == 0 {
                i += 8;
                continue;
            }
            i += (x.trailing_zeros() / 8) as usize;
        }
        match src.get(i) {
            Some(b' ' | b'\t' | b'\n' | b'\r' | 0) => i += 1,
            _ => return i,
        }
    }
}

/// The end of the run of bytes from `i` whose [`CLASS`] has `bit`.
#[inline(always)]
fn scan_class(src: &[u8], mut i: usize, bit: u8) -> usize {
    while let Some(&c) = src.get(i) {
        if CLASS[c as usize] & bit == 0 {
            break;
        }
        i += 1;
    }
    i
}

/// Where lexing resumes after a `//` comment whose second byte is at `i`:
/// after the line end, or at the end of the buffer.
fn skip_comment(src: &[u8], i: usize) -> usize {
    match src.get(i..).and_then(|rest| memchr2(b'\n', b'\r', rest)) {
        Some(k) => i + k + 1,
        None => src.len(),
    }
}

/// What a token starting with a given byte is, for [`Lexer::lex`]'s
/// dispatch (one table load and one jump instead of a chain of tests).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Start {
    /// Space, tab, line end or NUL: skipped.
    Blank,
    /// `[a-zA-Z_]`: a bare identifier.
    Ident,
    /// A one-byte punctuation token; its kind is in [`PUNCT`].
    Punct,
    Percent,
    Caret,
    Exclaim,
    Hash,
    At,
    Digit,
    Quote,
    Dot,
    /// `{` or `{-#`.
    LBrace,
    /// `-` or `->`.
    Minus,
    /// A `//` comment, or an error.
    Slash,
    /// Not the start of any token.
    Other,
}

/// [`Start`] class of each byte.
static START: [Start; 256] = {
    let mut t = [Start::Other; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = match b {
            b' ' | b'\t' | b'\n' | b'\r' | 0 => Start::Blank,
            b'_' => Start::Ident,
            b'0'..=b'9' => Start::Digit,
            b'%' => Start::Percent,
            b'^' => Start::Caret,
            b'!' => Start::Exclaim,
            b'#' => Start::Hash,
            b'@' => Start::At,
            b'"' => Start::Quote,
            b'.' => Start::Dot,
            b'{' => Start::LBrace,
            b'-' => Start::Minus,
            b'/' => Start::Slash,
            _ if b.is_ascii_alphabetic() => Start::Ident,
            _ if !matches!(PUNCT[c], TokenKind::Error) => Start::Punct,
            _ => Start::Other,
        };
        c += 1;
    }
    t
};

/// The kind of each one-byte punctuation token ([`TokenKind::Error`] for
/// other bytes).
static PUNCT: [TokenKind; 256] = {
    let mut t = [TokenKind::Error; 256];
    t[b':' as usize] = TokenKind::Colon;
    t[b',' as usize] = TokenKind::Comma;
    t[b'(' as usize] = TokenKind::LParen;
    t[b')' as usize] = TokenKind::RParen;
    t[b'}' as usize] = TokenKind::RBrace;
    t[b'[' as usize] = TokenKind::LSquare;
    t[b']' as usize] = TokenKind::RSquare;
    t[b'<' as usize] = TokenKind::Less;
    t[b'>' as usize] = TokenKind::Greater;
    t[b'=' as usize] = TokenKind::Equal;
    t[b'+' as usize] = TokenKind::Plus;
    t[b'*' as usize] = TokenKind::Star;
    t[b'?' as usize] = TokenKind::Question;
    t[b'|' as usize] = TokenKind::Vertical;
    t
};

/// Bytes that end the plain part of a string literal: the closing quote,
/// an escape, and the characters a string may not hold (newline, \v, \f).
static STRING_STOP: [bool; 256] = {
    let mut t = [false; 256];
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t[b'\n' as usize] = true;
    t[0x0B] = true;
    t[0x0C] = true;
    t
};

impl<'a> Lexer<'a> {
    /// A lexer at the start of `src`.
    pub fn new(src: &'a str) -> Self {
        Lexer { src: src.as_bytes(), pos: 0, error: "" }
    }

    /// The message of the last [`TokenKind::Error`] token.
    pub fn error_message(&self) -> &'static str {
        self.error
    }

    /// Continues lexing at byte offset `pos`.
    pub fn reset_to(&mut self, pos: u32) {
        self.pos = (pos as usize).min(self.src.len());
    }

    /// The current byte offset (just after the last token).
    pub fn position(&self) -> u32 {
        self.pos as u32
    }

    #[inline]
    fn peek(&self, off: usize) -> u8 {
        self.src.get(self.pos + off).copied().unwrap_or(0)
    }

    #[inline]
    fn form(&self, kind: TokenKind, start: usize) -> Token {
        Token { kind, start: start as u32, end: self.pos as u32 }
    }

    fn error_tok(&mut self, at: usize, msg: &'static str) -> Token {
        self.error = msg;
        Token { kind: TokenKind::Error, start: at as u32, end: self.pos.max(at) as u32 }
    }

    /// Lexes the next token.
    pub fn next_token(&mut self) -> Token {
        self.lex()
    }

    /// Lexes tokens into `out` from its start until it is full or a token
    /// of kind [`TokenKind::Eof`] or [`TokenKind::Error`] was written, and
    /// returns how many were written (at least one unless `out` is empty).
    /// Lexing in a batch keeps the lexer's state in registers across
    /// tokens, which a call per token does not.
    pub fn fill(&mut self, out: &mut [Token]) -> usize {
        let mut n = 0;
        for slot in out.iter_mut() {
            let t = self.lex();
            *slot = t;
            n += 1;
            if matches!(t.kind, TokenKind::Eof | TokenKind::Error) {
                break;
            }
        }
        n
    }

    /// The lexer proper, inlined into [`Self::next_token`] and [`Self::fill`].
    /// It dispatches on the [`START`] class of the first byte.
    #[inline(always)]
    fn lex(&mut self) -> Token {
        let src = self.src;
        let mut start = self.pos;
        loop {
            let Some(&c) = src.get(start) else {
                self.pos = start;
                return self.form(TokenKind::Eof, start);
            };
            self.pos = start + 1;
            let kind = match START[c as usize] {
                Start::Blank => {
                    start = skip_blank(src, start + 1);
                    continue;
                }
                Start::Ident => {
                    self.pos = scan_class(src, start + 1, IDENT);
                    TokenKind::BareIdent
                }
                Start::Punct => PUNCT[c as usize],
                Start::Percent => return self.lex_prefixed(start, TokenKind::PercentIdent, "invalid SSA name"),
                Start::Caret => return self.lex_prefixed(start, TokenKind::CaretIdent, "invalid block name"),
                Start::Exclaim => return self.lex_prefixed(start, TokenKind::ExclaimIdent, "invalid type identifier"),
                Start::Hash => {
                    if self.peek(0) == b'-' && self.peek(1) == b'}' {
                        self.pos += 2;
                        TokenKind::FileMetadataEnd
                    } else {
                        return self.lex_prefixed(start, TokenKind::HashIdent, "invalid attribute name");
                    }
                }
                Start::At => return self.lex_at_ident(start),
                Start::Digit => return self.lex_number(start),
                Start::Quote => return self.lex_string(start, TokenKind::String),
                Start::Dot => return self.lex_ellipsis(start),
                Start::LBrace => {
                    if self.peek(0) == b'-' && self.peek(1) == b'#' {
                        self.pos += 2;
                        TokenKind::FileMetadataBegin
                    } else {
                        TokenKind::LBrace
                    }
                }
                Start::Minus => {
                    if self.peek(0) == b'>' {
                        self.pos += 1;
                        TokenKind::Arrow
                    } else {
                        TokenKind::Minus
                    }
                }
                Start::Slash => {
                    if self.peek(0) == b'/' {
                        start = skip_comment(src, start + 1);
                        continue;
                    }
                    return self.error_tok(start, "unexpected character");
                }
                Start::Other => return self.error_tok(start, "unexpected character"),
            };
            return self.form(kind, start);
        }
    }

    fn lex_ellipsis(&mut self, start: usize) -> Token {
        if self.peek(0) != b'.' || self.peek(1) != b'.' {
            return self.error_tok(self.pos, "expected three consecutive dots for an ellipsis");
        }
        self.pos += 2;
        self.form(TokenKind::Ellipsis, start)
    }

    fn lex_at_ident(&mut self, start: usize) -> Token {
        let c = self.peek(0);
        self.pos += 1;
        if c == b'"' {
            let t = self.lex_string(self.pos, TokenKind::String);
            if t.kind == TokenKind::Error {
                return t;
            }
            return self.form(TokenKind::AtIdent, start);
        }
        if !c.is_ascii_alphabetic() && c != b'_' {
            return self.error_tok(self.pos - 1, "@ identifier expected to start with letter or '_'");
        }
        self.pos = scan_class(self.src, self.pos, IDENT);
        self.form(TokenKind::AtIdent, start)
    }

    #[inline(always)]
    fn lex_prefixed(&mut self, start: usize, kind: TokenKind, err: &'static str) -> Token {
        let c = self.peek(0);
        if c.is_ascii_digit() {
            self.pos = scan_class(self.src, self.pos + 1, DIGIT);
        } else if c.is_ascii_alphabetic() || matches!(c, b'$' | b'.' | b'_' | b'-') {
            self.pos = scan_class(self.src, self.pos + 1, SUFFIX);
        } else {
            return self.error_tok(start, err);
        }
        self.form(kind, start)
    }

    fn lex_number(&mut self, start: usize) -> Token {
        let src = self.src;
        if src[start] == b'0' && self.peek(0) == b'x' {
            // `0xi32` is `0` followed by `xi32`.
            if !self.peek(1).is_ascii_hexdigit() {
                return self.form(TokenKind::Integer, start);
            }
            self.pos += 2;
            while self.pos < src.len() && src[self.pos].is_ascii_hexdigit() {
                self.pos += 1;
            }
            return self.form(TokenKind::Integer, start);
        }
        while self.pos < src.len() && src[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        if self.peek(0) != b'.' {
            return self.form(TokenKind::Integer, start);
        }
        self.pos += 1;
        while self.pos < src.len() && src[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        if matches!(self.peek(0), b'e' | b'E') {
            let c1 = self.peek(1);
            if c1.is_ascii_digit() || (matches!(c1, b'-' | b'+') && self.peek(2).is_ascii_digit()) {
                self.pos += 2;
                while self.pos < src.len() && src[self.pos].is_ascii_digit() {
                    self.pos += 1;
                }
            }
        }
        self.form(TokenKind::Float, start)
    }

    /// Lexes a string body; `self.pos` is just after the opening quote.
    fn lex_string(&mut self, start: usize, kind: TokenKind) -> Token {
        let src = self.src;
        loop {
            let rest = &src[self.pos..];
            // Strings are short: a table lookup per byte beats a vector
            // search's setup. The first stray \v or \f is an error.
            let Some(i) = rest.iter().position(|&c| STRING_STOP[c as usize]) else {
                self.pos = src.len();
                let at = self.pos;
                return self.error_tok(at, "expected '\"' in string literal");
            };
            self.pos += i + 1;
            match rest[i] {
                b'"' => return self.form(kind, start),
                0x0B | 0x0C => {
                    self.pos -= 1;
                    let at = self.pos;
                    self.pos += 1;
                    return self.error_tok(at, "expected '\"' in string literal");
                }
                b'\n' => return self.error_tok(self.pos - 1, "expected '\"' in string literal"),
                _ => {
                    // Backslash escape.
                    let c = self.peek(0);
                    if matches!(c, b'"' | b'\\' | b'n' | b't') {
                        self.pos += 1;
                    } else if c.is_ascii_hexdigit() && self.peek(1).is_ascii_hexdigit() {
                        self.pos += 2;
                    } else {
                        return self.error_tok(self.pos - 1, "unknown escape in string literal");
                    }
                }
            }
        }
    }
}

/// Fewest tokens a [`TokenStream`] lexes at a time: its first batch after
/// a re-lex from an arbitrary position, which may be undone soon.
const MIN_BATCH: usize = 4;
/// Most tokens a [`TokenStream`] lexes at a time (12 bytes each: the
/// buffer stays in the first-level cache).
const MAX_BATCH: usize = 512;

/// The parser's token source: a [`Lexer`] run ahead in batches, so that
/// taking the next token is an array read. Each refill lexes twice as many
/// tokens as the last, up to [`MAX_BATCH`], starting from [`MIN_BATCH`]
/// after a re-lex; [`Self::reset_to`] re-syncs from the tokens already
/// lexed when it can. The tokens are exactly those [`Lexer::next_token`]
/// returns one by one.
pub struct TokenStream<'a> {
    lexer: Lexer<'a>,
    /// Tokens lexed ahead; `buf[..len]` are valid.
    buf: Box<[Token]>,
    len: usize,
    /// Index in `buf` of the token [`Self::next_token`] returns.
    next: usize,
    /// How many tokens the next refill lexes.
    batch: usize,
}

impl<'a> TokenStream<'a> {
    /// A stream at the start of `src`.
    pub fn new(src: &'a str) -> Self {
        TokenStream {
            lexer: Lexer::new(src),
            buf: vec![Token { kind: TokenKind::Eof, start: 0, end: 0 }; MAX_BATCH].into_boxed_slice(),
            len: 0,
            next: 0,
            batch: MIN_BATCH,
        }
    }

    /// The next token.
    #[inline]
    pub fn next_token(&mut self) -> Token {
        if self.next < self.len {
            if let Some(&t) = self.buf.get(self.next) {
                self.next += 1;
                return t;
            }
        }
        self.refill()
    }

    /// Lexes the next batch and returns its first token.
    #[cold]
    #[inline(never)]
    fn refill(&mut self) -> Token {
        let batch = self.batch.min(self.buf.len());
        self.len = self.buf.get_mut(..batch).map_or(0, |b| self.lexer.fill(b));
        self.batch = (batch * 2).min(MAX_BATCH);
        self.next = 1;
        match self.buf.first() {
            Some(&t) if self.len > 0 => t,
            _ => self.lexer.next_token(),
        }
    }

    /// The token lexing from byte offset `pos` starts with (later calls to
    /// [`Self::next_token`] continue from there). When `pos` is where a buffered
    /// token starts, or where one ends, the buffered tokens are reused:
    /// lexing depends only on the position, so from a token's end the next
    /// buffered token follows.
    pub fn reset_to(&mut self, pos: u32) -> Token {
        let toks = self.buf.get(..self.len).unwrap_or(&[]);
        let j = toks.partition_point(|t| t.start < pos);
        let hit = match toks.get(j) {
            // An error token's start is where the error is reported, not
            // necessarily where lexing it began.
            Some(t) if t.start == pos && t.kind != TokenKind::Error => true,
            Some(_) => j > 0 && toks.get(j - 1).is_some_and(|p| p.end == pos && p.kind != TokenKind::Error),
            None => false,
        };
        if let (true, Some(&t)) = (hit, toks.get(j)) {
            self.next = j + 1;
            return t;
        }
        self.lexer.reset_to(pos);
        self.len = 0;
        self.next = 0;
        self.batch = MIN_BATCH;
        self.refill()
    }

    /// The message of the last [`TokenKind::Error`] token lexed. A batch
    /// ends at an error token, so this is the message of the one the
    /// stream returned last.
    pub fn error_message(&self) -> &'static str {
        self.lexer.error_message()
    }
}

/// Decodes the body of a string token (without quotes) into bytes,
/// resolving `\"`, `\\`, `\n`, `\t` and `\XX` escapes.
pub fn unescape(body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(body.len());
    let mut i = 0;
    while i < body.len() {
        match memchr::memchr(b'\\', &body[i..]) {
            None => {
                out.extend_from_slice(&body[i..]);
                break;
            }
            Some(j) => {
                out.extend_from_slice(&body[i..i + j]);
                i += j + 1;
                let c1 = body.get(i).copied().unwrap_or(b'\\');
                i += 1;
                match c1 {
                    b'"' | b'\\' => out.push(c1),
                    b'n' => out.push(b'\n'),
                    b't' => out.push(b'\t'),
                    _ => {
                        let c2 = body.get(i).copied().unwrap_or(b'0');
                        i += 1;
                        out.push((hex_val(c1) << 4) | hex_val(c2));
                    }
                }
            }
        }
    }
    out
}

fn hex_val(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        b'a'..=b'f' => c - b'a' + 10,
        b'A'..=b'F' => c - b'A' + 10,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<(TokenKind, &str)> {
        let mut l = Lexer::new(s);
        let mut v = Vec::new();
        loop {
            let t = l.next_token();
            if t.kind == TokenKind::Eof {
                break;
            }
            v.push((t.kind, &s[t.start as usize..t.end as usize]));
            if t.kind == TokenKind::Error {
                break;
            }
        }
        v
    }

    #[test]
    fn punctuation_and_idents() {
        use TokenKind::*;
        assert_eq!(
            kinds("%0 = \"a.b\"(%x) {-# #-} -> - ... |^bb1 #map !t.x @\"q r\" @s.y // c\n ?*+"),
            vec![
                (PercentIdent, "%0"),
                (Equal, "="),
                (String, "\"a.b\""),
                (LParen, "("),
                (PercentIdent, "%x"),
                (RParen, ")"),
                (FileMetadataBegin, "{-#"),
                (FileMetadataEnd, "#-}"),
                (Arrow, "->"),
                (Minus, "-"),
                (Ellipsis, "..."),
                (Vertical, "|"),
                (CaretIdent, "^bb1"),
                (HashIdent, "#map"),
                (ExclaimIdent, "!t.x"),
                (AtIdent, "@\"q r\""),
                (AtIdent, "@s.y"),
                (Question, "?"),
                (Star, "*"),
                (Plus, "+"),
            ]
        );
    }

    #[test]
    fn whitespace_runs_and_indentation() {
        use TokenKind::*;
        // Runs shorter and longer than eight bytes after a line end, tabs
        // and carriage returns inside indentation, and a run up to the end.
        let src = "a\n            %b\n \t  \r\n        ^c\n                #d.e-f\n   ";
        assert_eq!(kinds(src), vec![(BareIdent, "a"), (PercentIdent, "%b"), (CaretIdent, "^c"), (HashIdent, "#d.e-f")]);
        let mut l = Lexer::new(src);
        while l.next_token().kind != Eof {}
        assert_eq!(l.position() as usize, src.len());
        // Prefixed names: digits only after a digit, suffix characters otherwise.
        assert_eq!(kinds("%12ab %x-1.y$"), vec![(PercentIdent, "%12"), (BareIdent, "ab"), (PercentIdent, "%x-1.y$")]);
    }

    #[test]
    fn numbers() {
        use TokenKind::*;
        assert_eq!(kinds("0xi32"), vec![(Integer, "0"), (BareIdent, "xi32")]);
        assert_eq!(kinds("0x1F"), vec![(Integer, "0x1F")]);
        assert_eq!(kinds("4x?xf32"), vec![(Integer, "4"), (BareIdent, "x"), (Question, "?"), (BareIdent, "xf32")]);
        assert_eq!(kinds("1.5e-3 2. 3.e"), vec![(Float, "1.5e-3"), (Float, "2."), (Float, "3."), (BareIdent, "e")]);
    }

    #[test]
    fn errors() {
        let mut l = Lexer::new("\"abc\n");
        let t = l.next_token();
        assert_eq!((t.kind, t.start), (TokenKind::Error, 4));
        assert_eq!(l.error_message(), "expected '\"' in string literal");
        let mut l = Lexer::new("  \"a\\q\"");
        let t = l.next_token();
        assert_eq!((t.kind, t.start), (TokenKind::Error, 4));
        assert_eq!(l.error_message(), "unknown escape in string literal");
        let mut l = Lexer::new("%");
        assert_eq!(l.next_token().kind, TokenKind::Error);
        assert_eq!(l.error_message(), "invalid SSA name");
        let mut l = Lexer::new("\"abc");
        let t = l.next_token();
        assert_eq!((t.kind, t.start), (TokenKind::Error, 4));
    }

    /// Sources for comparing [`TokenStream`] with [`Lexer::next_token`]:
    /// every token kind, comments, blanks of every kind, and errors.
    const STREAM_SOURCES: &[&str] = &[
        "%0 = \"a.b\"(%x) {-# #-} -> - ... |^bb1 #map !t.x @\"q r\" @s.y // c\n ?*+",
        "func.func @f(%a: i32) -> i32 {\n  %c = arith.constant 0x1F : i32 // one\r\n\t%d = \"x\"() : () -> ()\n\0 return %a : i32\n}\n",
        "a b c \"abc\n def",
        "x = 4x?xf32 1.5e-3 2. 3.e [ ] < > , : = // trailing",
        "%ok, %also @ bad",
        "\"a\\q\" after",
        "   \t\n\n        ",
        "",
    ];

    fn one_by_one(src: &str, from: u32, max: usize) -> Vec<(Token, &'static str)> {
        let mut l = Lexer::new(src);
        l.reset_to(from);
        let mut v = Vec::new();
        while v.len() < max {
            let t = l.next_token();
            let msg = if t.kind == TokenKind::Error { l.error_message() } else { "" };
            v.push((t, msg));
        }
        v
    }

    fn streamed(s: &mut TokenStream<'_>, first: Token, max: usize) -> Vec<(Token, &'static str)> {
        let mut v = Vec::new();
        let mut t = first;
        while v.len() < max {
            let msg = if t.kind == TokenKind::Error { s.error_message() } else { "" };
            v.push((t, msg));
            t = s.next_token();
        }
        v
    }

    #[test]
    fn stream_matches_one_by_one() {
        // Long enough to need several batches of growing size.
        let long = STREAM_SOURCES[1].repeat(300) + "%bad = \"\\z\" tail";
        for src in STREAM_SOURCES.iter().copied().chain([long.as_str()]) {
            let n = one_by_one(src, 0, 20_000).iter().position(|t| t.0.kind == TokenKind::Eof);
            let n = n.map_or(20_000, |i| i + 3);
            let mut s = TokenStream::new(src);
            let first = s.next_token();
            assert_eq!(streamed(&mut s, first, n), one_by_one(src, 0, n), "{src:?}");
        }
    }

    #[test]
    fn stream_reset_anywhere() {
        for src in STREAM_SOURCES {
            let total = one_by_one(src, 0, 64).len();
            // From each state reached by reading `read` tokens, reset to
            // every byte offset (and past the end).
            for read in [0usize, 1, 3, 7, 20] {
                for pos in 0..=src.len() as u32 + 1 {
                    let mut s = TokenStream::new(src);
                    for _ in 0..read {
                        s.next_token();
                    }
                    let first = s.reset_to(pos);
                    assert_eq!(
                        streamed(&mut s, first, 6),
                        one_by_one(src, pos, 6),
                        "{src:?} after {read} of {total} tokens, reset to {pos}"
                    );
                }
            }
        }
    }

    #[test]
    fn unescapes() {
        assert_eq!(unescape(br#"a\"b\\c\n\t\0A\ff"#), b"a\"b\\c\n\t\n\xff".to_vec());
    }
}
