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
        loop {
            let start = self.pos;
            let Some(&c) = self.src.get(start) else {
                return self.form(TokenKind::Eof, start);
            };
            self.pos += 1;
            let kind = match c {
                b' ' | b'\t' | b'\n' | b'\r' | 0 => {
                    self.skip_whitespace();
                    continue;
                }
                b'_' => return self.lex_bare_ident(start),
                c if c.is_ascii_alphabetic() => return self.lex_bare_ident(start),
                b':' => TokenKind::Colon,
                b',' => TokenKind::Comma,
                b'.' => return self.lex_ellipsis(start),
                b'(' => TokenKind::LParen,
                b')' => TokenKind::RParen,
                b'{' => {
                    if self.peek(0) == b'-' && self.peek(1) == b'#' {
                        self.pos += 2;
                        TokenKind::FileMetadataBegin
                    } else {
                        TokenKind::LBrace
                    }
                }
                b'}' => TokenKind::RBrace,
                b'[' => TokenKind::LSquare,
                b']' => TokenKind::RSquare,
                b'<' => TokenKind::Less,
                b'>' => TokenKind::Greater,
                b'=' => TokenKind::Equal,
                b'+' => TokenKind::Plus,
                b'*' => TokenKind::Star,
                b'-' => {
                    if self.peek(0) == b'>' {
                        self.pos += 1;
                        TokenKind::Arrow
                    } else {
                        TokenKind::Minus
                    }
                }
                b'?' => TokenKind::Question,
                b'|' => TokenKind::Vertical,
                b'/' => {
                    if self.peek(0) == b'/' {
                        self.skip_comment();
                        continue;
                    }
                    return self.error_tok(start, "unexpected character");
                }
                b'@' => return self.lex_at_ident(start),
                b'#' => {
                    if self.peek(0) == b'-' && self.peek(1) == b'}' {
                        self.pos += 2;
                        TokenKind::FileMetadataEnd
                    } else {
                        return self.lex_prefixed(start, TokenKind::HashIdent, "invalid attribute name");
                    }
                }
                b'!' => return self.lex_prefixed(start, TokenKind::ExclaimIdent, "invalid type identifier"),
                b'^' => return self.lex_prefixed(start, TokenKind::CaretIdent, "invalid block name"),
                b'%' => return self.lex_prefixed(start, TokenKind::PercentIdent, "invalid SSA name"),
                b'"' => return self.lex_string(start, TokenKind::String),
                b'0'..=b'9' => return self.lex_number(start),
                _ => return self.error_tok(start, "unexpected character"),
            };
            return self.form(kind, start);
        }
    }

    /// Skips spaces, tabs and line ends from `self.pos`. The indentation
    /// after a line end comes in runs of spaces, skipped eight at a time.
    #[inline]
    fn skip_whitespace(&mut self) {
        const SPACES: u64 = u64::from_le_bytes([b' '; 8]);
        let src = self.src;
        let mut i = self.pos;
        loop {
            match src.get(i) {
                Some(b' ' | b'\t' | b'\r') => i += 1,
                Some(b'\n') => {
                    i += 1;
                    while let Some(&chunk) = src.get(i..).and_then(|r| r.first_chunk::<8>()) {
                        if u64::from_le_bytes(chunk) != SPACES {
                            break;
                        }
                        i += 8;
                    }
                }
                _ => break,
            }
        }
        self.pos = i;
    }

    /// The end of the run of bytes from `i` whose [`CLASS`] has `bit`.
    #[inline]
    fn scan_class(&self, mut i: usize, bit: u8) -> usize {
        let src = self.src;
        while let Some(&c) = src.get(i) {
            if CLASS[c as usize] & bit == 0 {
                break;
            }
            i += 1;
        }
        i
    }

    fn skip_comment(&mut self) {
        match memchr2(b'\n', b'\r', &self.src[self.pos..]) {
            Some(i) => self.pos += i + 1,
            None => self.pos = self.src.len(),
        }
    }

    fn lex_ellipsis(&mut self, start: usize) -> Token {
        if self.peek(0) != b'.' || self.peek(1) != b'.' {
            return self.error_tok(self.pos, "expected three consecutive dots for an ellipsis");
        }
        self.pos += 2;
        self.form(TokenKind::Ellipsis, start)
    }

    fn lex_bare_ident(&mut self, start: usize) -> Token {
        self.pos = self.scan_class(self.pos, IDENT);
        self.form(TokenKind::BareIdent, start)
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
        self.pos = self.scan_class(self.pos, IDENT);
        self.form(TokenKind::AtIdent, start)
    }

    fn lex_prefixed(&mut self, start: usize, kind: TokenKind, err: &'static str) -> Token {
        let c = self.peek(0);
        if c.is_ascii_digit() {
            self.pos = self.scan_class(self.pos + 1, DIGIT);
        } else if c.is_ascii_alphabetic() || matches!(c, b'$' | b'.' | b'_' | b'-') {
            self.pos = self.scan_class(self.pos + 1, SUFFIX);
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

    #[test]
    fn unescapes() {
        assert_eq!(unescape(br#"a\"b\\c\n\t\0A\ff"#), b"a\"b\\c\n\t\n\xff".to_vec());
    }
}
