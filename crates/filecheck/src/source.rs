//! Source buffers and LLVM-style diagnostics.
//!
//! Mirrors the bits of LLVM's `SourceMgr` that FileCheck relies on: buffers
//! (the check file, the input, pseudo-buffers for `--implicit-check-not` and
//! `-D`), mapping byte offsets to line/column, and printing messages as
//!
//! ```text
//! <buffer>:<line>:<col>: error: <message>
//! <source line>
//!        ^~~~
//! ```

use std::fmt::Write as _;

/// Index of a buffer registered with a [`SourceMgr`].
pub(crate) type BufId = usize;

/// A position in one of the buffers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Loc {
    pub(crate) buf: BufId,
    pub(crate) off: usize,
}

impl Loc {
    pub(crate) fn new(buf: BufId, off: usize) -> Self {
        Loc { buf, off }
    }

    /// This location moved `n` bytes forward.
    pub(crate) fn plus(self, n: usize) -> Self {
        Loc { buf: self.buf, off: self.off + n }
    }
}

/// Severity of a diagnostic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Severity {
    Error,
    Remark,
    Note,
}

impl Severity {
    fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Remark => "remark",
            Severity::Note => "note",
        }
    }
}

struct Buffer {
    name: String,
    text: Vec<u8>,
    line_starts: Vec<usize>,
}

/// Owns the buffers and accumulates the diagnostics text.
#[derive(Default)]
pub(crate) struct SourceMgr {
    bufs: Vec<Buffer>,
    /// Everything printed so far (what LLVM writes to stderr).
    pub(crate) out: String,
}

impl SourceMgr {
    /// Registers a buffer and returns its id.
    pub(crate) fn add(&mut self, name: &str, text: Vec<u8>) -> BufId {
        let mut line_starts = vec![0];
        line_starts.extend(memchr::memchr_iter(b'\n', &text).map(|i| i + 1));
        self.bufs.push(Buffer { name: name.to_string(), text, line_starts });
        self.bufs.len() - 1
    }

    /// The contents of a buffer.
    pub(crate) fn text(&self, buf: BufId) -> &[u8] {
        &self.bufs[buf].text
    }

    /// One-based line and (byte) column of `loc`.
    pub(crate) fn line_col(&self, loc: Loc) -> (usize, usize) {
        let b = &self.bufs[loc.buf];
        let line = b.line_starts.partition_point(|&s| s <= loc.off);
        (line, loc.off - b.line_starts[line - 1] + 1)
    }

    /// Byte range of the line containing `loc`, without its newline.
    pub(crate) fn line_range(&self, loc: Loc) -> (usize, usize) {
        let b = &self.bufs[loc.buf];
        let line = b.line_starts.partition_point(|&s| s <= loc.off);
        let start = b.line_starts[line - 1];
        let end = memchr::memchr2(b'\n', b'\r', &b.text[start..]).map_or(b.text.len(), |i| start + i);
        (start, end)
    }

    /// Prints a located diagnostic; `range` (byte offsets in `loc.buf`) is
    /// underlined with `~`.
    pub(crate) fn print(&mut self, loc: Loc, sev: Severity, msg: &str, range: Option<(usize, usize)>) {
        let (line, col) = self.line_col(loc);
        let b = &self.bufs[loc.buf];
        let _ = writeln!(self.out, "{}:{line}:{col}: {}: {msg}", b.name, sev.as_str());
        let (ls, le) = self.line_range(loc);
        let b = &self.bufs[loc.buf];
        let src = &b.text[ls..le];
        // Expand tabs like LLVM (tab stops every 8 columns) and build the
        // caret line in step.
        let mut shown = String::new();
        let mut marks = String::new();
        let mut column = 0usize;
        let (rs, re) = range.unwrap_or((loc.off, loc.off));
        for (i, &c) in src.iter().enumerate() {
            let at = ls + i;
            let mark = if at == loc.off {
                '^'
            } else if at >= rs && at < re {
                '~'
            } else {
                ' '
            };
            let width = if c == b'\t' { 8 - column % 8 } else { 1 };
            if c == b'\t' {
                shown.extend(std::iter::repeat_n(' ', width));
            } else {
                shown.push_str(&String::from_utf8_lossy(&[c]));
            }
            marks.extend(std::iter::repeat_n(mark, width));
            column += width;
        }
        if loc.off >= le {
            marks.push('^');
        } else if re > le && rs <= le {
            // A range reaching past the end of the line.
            marks.push('~');
        }
        // Keep multi-byte sequences intact when the line is valid UTF-8.
        if let Ok(s) = std::str::from_utf8(src) {
            if !src.contains(&b'\t') {
                shown = s.to_string();
            }
        }
        let _ = writeln!(self.out, "{shown}");
        let _ = writeln!(self.out, "{}", marks.trim_end());
    }

    /// Prints a diagnostic without location.
    pub(crate) fn print_plain(&mut self, msg: &str) {
        let _ = writeln!(self.out, "{msg}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column() {
        let mut sm = SourceMgr::default();
        let b = sm.add("f", b"ab\ncd\n".to_vec());
        assert_eq!(sm.line_col(Loc::new(b, 0)), (1, 1));
        assert_eq!(sm.line_col(Loc::new(b, 2)), (1, 3));
        assert_eq!(sm.line_col(Loc::new(b, 4)), (2, 2));
        assert_eq!(sm.line_col(Loc::new(b, 6)), (3, 1));
    }

    #[test]
    fn message_format() {
        let mut sm = SourceMgr::default();
        let b = sm.add("in", b"foo bar\n".to_vec());
        sm.print(Loc::new(b, 4), Severity::Note, "found here", Some((4, 7)));
        assert_eq!(sm.out, "in:1:5: note: found here\nfoo bar\n    ^~~\n");
    }
}
