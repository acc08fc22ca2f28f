//! The annotated input dump printed after a failure (`--dump-input`).
//!
//! Reproduces the layout of LLVM 19's dump: numbered input lines, and below
//! them annotation lines labelled `<type>:<check line>['<n>]` whose markers
//! (`X~~` no match in this search range, `!~~` bad match, `?` fuzzy match,
//! `^~~` good match with `-v`) point at input columns.  With the default
//! filter only lines where errors start are shown, with 5 lines of context;
//! elided stretches become a column of three dots.

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::pattern::CheckType;
use crate::source::{BufId, Loc, SourceMgr};

/// What an annotation marks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Marker {
    /// A good match (only with `-v`).
    Good,
    /// An expected pattern was not found in the annotated search range.
    NoMatch,
    /// An excluded pattern was not found (only with `-vv`).
    NoMatchExcluded,
    /// The pattern could not be matched because of an error.
    InvalidPattern,
    /// An excluded pattern matched here.
    Excluded,
    /// A CHECK-NEXT/SAME/EMPTY matched on the wrong line.
    WrongLine,
    /// Where the pattern probably should have matched.
    Fuzzy,
    /// A free-form note.
    Note(String),
}

impl Marker {
    fn lead(&self) -> char {
        match self {
            Marker::Good => '^',
            Marker::NoMatch | Marker::NoMatchExcluded | Marker::InvalidPattern => 'X',
            Marker::Excluded | Marker::WrongLine => '!',
            Marker::Fuzzy => '?',
            Marker::Note(_) => ' ',
        }
    }

    fn note(&self) -> &str {
        match self {
            Marker::Good | Marker::NoMatchExcluded => "",
            Marker::NoMatch => "error: no match found",
            Marker::InvalidPattern => "error: match failed for invalid pattern",
            Marker::Excluded => "error: no match expected",
            Marker::WrongLine => "error: match on wrong line",
            Marker::Fuzzy => "possible intended match",
            Marker::Note(n) => n,
        }
    }

    fn is_error(&self) -> bool {
        matches!(self, Marker::NoMatch | Marker::InvalidPattern | Marker::Excluded | Marker::WrongLine)
    }
}

/// One diagnostic to show in the dump.
#[derive(Clone, Debug)]
pub(crate) struct Annotation {
    /// The pattern the diagnostic is about.
    pub(crate) check_loc: Loc,
    pub(crate) check_ty: CheckType,
    /// Input byte range (may be empty).
    pub(crate) span: (usize, usize),
    pub(crate) marker: Marker,
}

/// Which input lines the dump shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum DumpFilter {
    /// Lines where an error annotation starts (default for failures).
    #[default]
    Error,
    /// Lines where any annotation starts.
    Annotation,
    /// Lines covered by any annotation.
    AnnotationFull,
    /// Every line (default for `--dump-input=always`).
    All,
}

/// An annotation broken down to one input line.
struct LineNote {
    line: usize,
    check_line: usize,
    diag_index: usize,
    first: bool,
    label: String,
    start_col: usize,
    /// Exclusive; `usize::MAX` extends to the end of the line.
    end_col: usize,
    lead: char,
    note: String,
    error: bool,
}

/// Renders the dump of `input` (buffer `input_buf`) with `annotations`.
pub(crate) fn render(
    sm: &SourceMgr,
    input_buf: BufId,
    check_buf: BufId,
    implicit_bufs: &[BufId],
    annotations: &[Annotation],
    filter: DumpFilter,
    context: usize,
) -> String {
    let input = sm.text(input_buf);
    // Number the diagnostics of each check.
    let mut per_check: HashMap<(usize, usize), usize> = HashMap::new();
    for a in annotations {
        *per_check.entry((a.check_loc.buf, a.check_loc.off)).or_default() += 1;
    }
    let mut seen: HashMap<(usize, usize), usize> = HashMap::new();
    let mut notes: Vec<LineNote> = Vec::new();
    for a in annotations {
        let key = (a.check_loc.buf, a.check_loc.off);
        let index = {
            let n = seen.entry(key).or_default();
            *n += 1;
            *n - 1
        };
        let check_line = sm.line_col(a.check_loc).0;
        let mut label = format!("{}:", a.check_ty.abbreviation());
        if a.check_loc.buf == check_buf {
            let _ = write!(label, "{check_line}");
        } else if let Some(i) = implicit_bufs.iter().position(|&b| b == a.check_loc.buf) {
            let _ = write!(label, "imp{}", i + 1);
        } else {
            label.push('?');
        }
        if per_check[&key] > 1 {
            let _ = write!(label, "'{index}");
        }
        let (sl, sc) = sm.line_col(Loc::new(input_buf, a.span.0));
        let (el, mut ec) = sm.line_col(Loc::new(input_buf, a.span.1));
        if a.span.1 == a.span.0 {
            ec += 1;
        }
        let lead = a.marker.lead();
        let note = a.marker.note().to_string();
        let error = a.marker.is_error();
        let mk = |line, first, start_col, end_col, lead, note: String| LineNote {
            line,
            check_line,
            diag_index: index,
            first,
            label: label.clone(),
            start_col,
            end_col,
            lead,
            note,
            error,
        };
        if sl == el {
            notes.push(mk(sl, true, sc, ec, lead, note));
        } else {
            notes.push(mk(sl, true, sc, usize::MAX, lead, note));
            for l in sl + 1..=el {
                if l == el && ec == 1 {
                    break;
                }
                let end = if l == el { ec } else { usize::MAX };
                notes.push(mk(l, false, 1, end, '~', String::new()));
            }
        }
    }
    notes.sort_by_key(|n| (n.line, n.check_line, n.diag_index, !n.first, n.start_col));

    let mut line_starts = vec![0usize];
    line_starts.extend(memchr::memchr_iter(b'\n', input).map(|i| i + 1));
    if line_starts.last() == Some(&input.len()) && !input.is_empty() {
        line_starts.pop();
    }
    let line_count = if input.is_empty() { 0 } else { line_starts.len() };
    let digits = line_count.max(1).to_string().len();
    let width = notes.iter().map(|n| n.label.len()).max().unwrap_or(0).max(digits) + 3;

    let in_filter = |line: usize| -> bool {
        match filter {
            DumpFilter::All => true,
            DumpFilter::Error => notes.iter().any(|n| n.line == line && n.first && n.error),
            DumpFilter::Annotation => notes.iter().any(|n| n.line == line && n.first),
            DumpFilter::AnnotationFull => notes.iter().any(|n| n.line == line),
        }
    };
    let max_line = notes.iter().map(|n| n.line).max().unwrap_or(0).max(line_count);
    let filtered: Vec<usize> = (1..=max_line).filter(|&l| in_filter(l)).collect();

    let mut out = String::new();
    let mut elided = String::new();
    let mut elided_lines = 0usize;
    let flush = |out: &mut String, elided: &mut String, count: &mut usize| {
        if *count == 0 {
            return;
        }
        if *count <= 3 {
            out.push_str(elided);
        } else {
            for _ in 0..3 {
                let _ = writeln!(out, "{:>width$}", ".");
            }
        }
        elided.clear();
        *count = 0;
    };
    let mut ni = 0;
    for line in 1..=max_line {
        let shown = filtered.iter().any(|&f| f.abs_diff(line) <= context);
        let mut text = String::new();
        let mut line_width = 0;
        if line <= line_count {
            let start = line_starts[line - 1];
            let end = line_starts.get(line).copied().unwrap_or(input.len());
            let raw = &input[start..end];
            line_width = raw.len();
            let body = raw.strip_suffix(b"\n").map_or_else(
                || String::from_utf8_lossy(raw).into_owned(),
                |b| format!("{} ", String::from_utf8_lossy(b)),
            );
            let _ = writeln!(text, "{line:>width$}: {body}");
        }
        let mut count = usize::from(line <= line_count);
        while ni < notes.len() && notes[ni].line == line {
            let n = &notes[ni];
            let _ = write!(text, "{:<width$}  ", n.label);
            let mut col = 1;
            while col < n.start_col {
                text.push(' ');
                col += 1;
            }
            text.push(n.lead);
            col += 1;
            while col < n.end_col && col <= line_width {
                text.push('~');
                col += 1;
            }
            if !n.note.is_empty() {
                while col <= line_width {
                    text.push(' ');
                    col += 1;
                }
                let _ = write!(text, " {}", n.note);
            }
            text.push('\n');
            count += 1;
            ni += 1;
        }
        if shown {
            flush(&mut out, &mut elided, &mut elided_lines);
            out.push_str(&text);
        } else {
            elided.push_str(&text);
            elided_lines += count;
        }
    }
    flush(&mut out, &mut elided, &mut elided_lines);
    out
}
