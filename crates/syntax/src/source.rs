//! Source buffers and diagnostic rendering in MLIR's format:
//! `file:line:col: error: message`, the source line and a caret, then the
//! notes the same way. Also splits a buffer on `// -----` exactly as
//! mlir-opt's `-split-input-file` does (chunk names, near-miss warnings).

use ir::{Context, Diagnostic, LocKind, Location, Severity};

/// One named source buffer.
pub struct SourceBuffer {
    /// The buffer identifier (file name, or MLIR's split-chunk name).
    pub name: String,
    /// The text.
    pub text: String,
    line_starts: Vec<usize>,
}

impl SourceBuffer {
    /// Indexes a buffer.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        let text = text.into();
        let mut line_starts = vec![0];
        line_starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1));
        SourceBuffer { name: name.into(), text, line_starts }
    }
    /// The text of 1-based line `line` without its newline.
    pub fn line_text(&self, line: u32) -> Option<&str> {
        let i = (line as usize).checked_sub(1)?;
        let start = *self.line_starts.get(i)?;
        let end = self.line_starts.get(i + 1).map(|e| e - 1).unwrap_or(self.text.len());
        let s = &self.text[start..end.max(start)];
        Some(s.strip_suffix('\r').unwrap_or(s))
    }
}

/// The buffers diagnostics may point into.
#[derive(Default)]
pub struct SourceMgr {
    /// All buffers.
    pub buffers: Vec<SourceBuffer>,
}

impl SourceMgr {
    /// Adds a buffer.
    pub fn add(&mut self, b: SourceBuffer) {
        self.buffers.push(b);
    }
    /// Finds a buffer by name.
    pub fn find(&self, name: &str) -> Option<&SourceBuffer> {
        self.buffers.iter().rev().find(|b| b.name == name)
    }

    /// Renders a diagnostic and its notes as mlir-opt prints them.
    /// Notes at the diagnostic's own location omit the source line, as
    /// MLIR's source-manager handler does.
    pub fn render(&self, ctx: &Context, d: &Diagnostic, out: &mut String) {
        self.render_one(ctx, d.loc, d.severity, &d.message, out);
        for n in &d.notes {
            self.render_with(ctx, n.loc, n.severity, &n.message, n.loc != d.loc, out);
        }
    }

    /// Renders a single message at a location, with its source line.
    pub fn render_one(&self, ctx: &Context, loc: Location, sev: Severity, msg: &str, out: &mut String) {
        self.render_with(ctx, loc, sev, msg, true, out);
    }

    /// Renders a single message; `source_line` shows the line and caret.
    pub fn render_with(
        &self,
        ctx: &Context,
        loc: Location,
        sev: Severity,
        msg: &str,
        source_line: bool,
        out: &mut String,
    ) {
        match ctx.file_line_col(loc) {
            Some((file, line, col)) if line != 0 && col != 0 => {
                out.push_str(&format!("{file}:{line}:{col}: {}: {msg}\n", sev.word()));
                if let Some(text) = self.find(file).and_then(|b| b.line_text(line)).filter(|_| source_line) {
                    push_source_line(text, col, out);
                    out.push('\n');
                }
            }
            Some((file, line, col)) => {
                out.push_str(&format!("{file}:{line}:{col}: {}: {msg}\n", sev.word()));
            }
            None => {
                if matches!(ctx.loc_kind(loc), LocKind::Unknown) {
                    out.push_str(&format!("<unknown>:0: {}: {msg}\n", sev.word()));
                } else {
                    let mut l = String::new();
                    crate::print_attr::print_loc(ctx, &crate::print_attr::AliasTable::new(), loc, &mut l);
                    out.push_str(&format!("{l}: {}: {msg}\n", sev.word()));
                }
            }
        }
    }
}

/// One chunk of a split input.
pub struct Chunk<'a> {
    /// MLIR's buffer name for the chunk (`within split at F:L offset `).
    pub name: String,
    /// The chunk text.
    pub text: &'a str,
}

/// Splits `text` on `// -----` the way mlir-opt does. Near misses (a
/// `// ---` run not followed by `--`) produce warnings in `warnings`.
pub fn split_input<'a>(file: &str, text: &'a str, warnings: &mut Vec<String>) -> Vec<Chunk<'a>> {
    const PREFIX: &str = "// ---";
    let raw: Vec<&'a str> = split_str(text, PREFIX);
    let mut bufs: Vec<&'a str> = Vec::new();
    let mut prev: Option<&'a str> = None;
    let base = text.as_ptr() as usize;
    for b in raw {
        let Some(p) = prev else {
            prev = Some(b);
            continue;
        };
        let expected = b.starts_with("--") && b.len() > 2 && b.as_bytes()[2] != b'0';
        if expected {
            bufs.push(p);
            prev = Some(&b[2..]);
        } else {
            let off = b.as_ptr() as usize - base;
            let (line, col) = line_col(text, off);
            let mut w = format!("{file}:{line}:{col}: warning: near miss with file split marker\n");
            let line_start = text[..off].rfind('\n').map_or(0, |i| i + 1);
            let line_end = text[off..].find('\n').map_or(text.len(), |i| off + i);
            push_source_line(&text[line_start..line_end], col, &mut w);
            warnings.push(w);
            let start = p.as_ptr() as usize - base;
            let end = off + b.len();
            prev = Some(&text[start..end]);
        }
    }
    if let Some(p) = prev {
        if !p.is_empty() {
            bufs.push(p);
        }
    }
    bufs.into_iter()
        .map(|t| {
            let off = t.as_ptr() as usize - base;
            let (line, _) = line_col(text, off);
            Chunk { name: format!("within split at {file}:{line} offset "), text: t }
        })
        .collect()
}

fn split_str<'a>(text: &'a str, sep: &str) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut rest = text;
    let finder = memchr::memmem::Finder::new(sep.as_bytes());
    while let Some(i) = finder.find(rest.as_bytes()) {
        out.push(&rest[..i]);
        rest = &rest[i + sep.len()..];
    }
    out.push(rest);
    out
}

/// Appends a diagnostic's source line and, below it, a caret under column
/// `col` (tabs kept, so that the caret lines up), without a final newline.
pub fn push_source_line(text: &str, col: u32, out: &mut String) {
    out.push_str(text);
    out.push('\n');
    for (i, ch) in text.chars().enumerate() {
        if i + 1 >= col as usize {
            break;
        }
        out.push(if ch == '\t' { '\t' } else { ' ' });
    }
    out.push('^');
}

/// 1-based line and column of a byte offset.
pub fn line_col(text: &str, off: usize) -> (u32, u32) {
    let before = &text.as_bytes()[..off.min(text.len())];
    let line = memchr::memchr_iter(b'\n', before).count() + 1;
    let line_start = memchr::memrchr(b'\n', before).map(|i| i + 1).unwrap_or(0);
    (line as u32, (off - line_start + 1) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_names_and_near_miss() {
        let text = "a\n// -----\nb\n// ---x\nc\n// -----\nd\n";
        let mut w = Vec::new();
        let chunks = split_input("f.mlir", text, &mut w);
        assert_eq!(chunks.len(), 3);
        assert_eq!(chunks[0].name, "within split at f.mlir:1 offset ");
        assert_eq!(chunks[1].name, "within split at f.mlir:2 offset ");
        assert!(chunks[1].text.contains("// ---x"));
        assert_eq!(w, ["f.mlir:4:7: warning: near miss with file split marker\n// ---x\n      ^"]);
        assert_eq!(chunks[2].text, "\nd\n");
    }

    #[test]
    fn line_text_lookup() {
        let b = SourceBuffer::new("x", "one\ntwo\r\nthree");
        assert_eq!(b.line_text(1), Some("one"));
        assert_eq!(b.line_text(2), Some("two"));
        assert_eq!(b.line_text(3), Some("three"));
        assert_eq!(b.line_text(4), None);
        assert_eq!(line_col("ab\ncd", 4), (2, 2));
    }
}
