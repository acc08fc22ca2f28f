//! Matching the directives of a check file against the input.
//!
//! Implements LLVM's `FileCheck::checkInput` and `FileCheckString::Check`:
//! CHECK-LABEL directives first partition the input, then each block is
//! checked in order; every positive directive first matches its preceding
//! CHECK-DAG groups (non-overlapping, CHECK-NOTs between groups checked in
//! the gaps), then matches itself (`COUNT` times), then verifies the
//! CHECK-NEXT/SAME/EMPTY line constraints and the trailing CHECK-NOTs in the
//! skipped region.  A failure abandons the current label block and checking
//! resumes at the next one, as in LLVM.  Diagnostics and input-dump
//! annotations are produced along the way.

use crate::checkfile::{CheckString, DagNot};
use crate::dump::{Annotation, Marker};
use crate::engine::Engine;
use crate::pattern::{CheckKind, Pattern};
use crate::source::{BufId, Loc, Severity, SourceMgr};
use crate::vars::{Context, ParseError};
use crate::Options;

/// A half-open byte range of the input.
type Span = (usize, usize);

/// Result of matching one pattern: position and length relative to the
/// searched buffer.
type MatchResult = Result<Option<(usize, usize)>, Vec<ParseError>>;

/// Mutable state of a FileCheck run.
pub(crate) struct Checker<'o> {
    pub(crate) sm: SourceMgr,
    pub(crate) ctx: Context,
    engine: Engine,
    opts: &'o Options,
    input: Vec<u8>,
    input_buf: BufId,
    /// Whether annotations for the input dump are being collected.
    collect: bool,
    pub(crate) annotations: Vec<Annotation>,
}

impl<'o> Checker<'o> {
    pub(crate) fn new(sm: SourceMgr, ctx: Context, opts: &'o Options, input_buf: BufId, collect: bool) -> Self {
        let input = sm.text(input_buf).to_vec();
        Checker {
            sm,
            ctx,
            engine: Engine::new(opts.ignore_case),
            opts,
            input,
            input_buf,
            collect,
            annotations: Vec::new(),
        }
    }

    fn input_loc(&self, off: usize) -> Loc {
        Loc::new(self.input_buf, off)
    }

    fn annotate(&mut self, pat: &Pattern, span: Span, marker: Marker) {
        if self.collect {
            self.annotations.push(Annotation { check_loc: pat.loc, check_ty: pat.ty, span, marker });
        }
    }

    fn match_pattern(&mut self, pat: &Pattern, (start, end): Span) -> MatchResult {
        pat.match_in(&self.input[start..end], start, &mut self.ctx, &mut self.engine)
    }

    /// Checks all directives; returns whether the input passed.
    pub(crate) fn check_input(&mut self, strings: &[CheckString]) -> bool {
        let mut buffer: Span = (0, self.input.len());
        let mut failed = false;
        let (mut i, mut j) = (0, 0);
        let e = strings.len();
        loop {
            let mut region = if j == e {
                buffer
            } else {
                let label = &strings[j];
                if label.pat.ty.kind != CheckKind::Label {
                    j += 1;
                    continue;
                }
                // Scan to the next CHECK-LABEL match, ignoring DAG/NOT.
                let Some((pos, len)) = self.check(label, buffer, true) else {
                    return false;
                };
                let region = (buffer.0, buffer.0 + pos + len);
                buffer.0 += pos + len;
                j += 1;
                region
            };
            // The region before the first label keeps command-line variables.
            if i != 0 && self.opts.enable_var_scope {
                self.ctx.clear_local_vars();
            }
            while i != j {
                match self.check(&strings[i], region, false) {
                    Some((pos, len)) => region.0 += pos + len,
                    None => {
                        failed = true;
                        i = j;
                        break;
                    }
                }
                i += 1;
            }
            if j == e {
                break;
            }
        }
        !failed
    }

    /// Matches one directive in `buf`; returns the match position (relative
    /// to `buf`) and the length up to the end of the last COUNT match.
    fn check(&mut self, cs: &CheckString, buf: Span, label_scan: bool) -> Option<(usize, usize)> {
        let mut last_pos = 0;
        let mut not_strings: Vec<&DagNot> = Vec::new();
        if !label_scan {
            last_pos = self.check_dag(cs, buf, &mut not_strings)?;
        }
        let mut last_match_end = last_pos;
        let mut first_match_pos = 0;
        for i in 1..=cs.pat.ty.count {
            let search = (buf.0 + last_match_end, buf.1);
            let result = self.match_pattern(&cs.pat, search);
            let found = result.as_ref().ok().copied().flatten();
            if self.report(true, &cs.prefix, &cs.pat, i, search, result) {
                return None;
            }
            let (pos, len) = found.expect("a reported success is a match");
            if i == 1 {
                first_match_pos = last_pos + pos;
            }
            last_match_end += pos + len;
        }
        let match_len = last_match_end - first_match_pos;

        if !label_scan {
            let skipped = (buf.0 + last_pos, buf.0 + first_match_pos);
            let matched = (buf.0 + first_match_pos, buf.0 + first_match_pos + match_len);
            if self.check_next(cs, skipped, matched) || self.check_same(cs, skipped, matched) {
                return None;
            }
            if self.check_not(skipped, &not_strings) {
                return None;
            }
        }
        Some((first_match_pos, match_len))
    }

    /// Verifies the line constraint of CHECK-NEXT and CHECK-EMPTY.
    fn check_next(&mut self, cs: &CheckString, skipped: Span, matched: Span) -> bool {
        let kind = cs.pat.ty.kind;
        if kind != CheckKind::Next && kind != CheckKind::Empty {
            return false;
        }
        let name = format!("{}{}", cs.prefix, if kind == CheckKind::Empty { "-EMPTY" } else { "-NEXT" });
        let (newlines, first_newline) = count_newlines(&self.input[skipped.0..skipped.1]);
        if newlines == 1 {
            return false;
        }
        let msg = if newlines == 0 {
            format!("{name}: is on the same line as previous match")
        } else {
            format!("{name}: is not on the line after the previous match")
        };
        self.sm.print(cs.pat.loc, Severity::Error, &msg, None);
        self.sm.print(self.input_loc(skipped.1), Severity::Note, "'next' match was here", None);
        self.sm.print(self.input_loc(skipped.0), Severity::Note, "previous match ended here", None);
        if newlines > 1 {
            let at = self.input_loc(skipped.0 + first_newline);
            self.sm.print(at, Severity::Note, "non-matching line after previous match is here", None);
        }
        self.annotate(&cs.pat, matched, Marker::WrongLine);
        true
    }

    /// Verifies the line constraint of CHECK-SAME.
    fn check_same(&mut self, cs: &CheckString, skipped: Span, matched: Span) -> bool {
        if cs.pat.ty.kind != CheckKind::Same {
            return false;
        }
        let (newlines, _) = count_newlines(&self.input[skipped.0..skipped.1]);
        if newlines == 0 {
            return false;
        }
        let msg = format!("{}-SAME: is not on the same line as the previous match", cs.prefix);
        self.sm.print(cs.pat.loc, Severity::Error, &msg, None);
        self.sm.print(self.input_loc(skipped.1), Severity::Note, "'next' match was here", None);
        self.sm.print(self.input_loc(skipped.0), Severity::Note, "previous match ended here", None);
        self.annotate(&cs.pat, matched, Marker::WrongLine);
        true
    }

    /// Verifies that none of `nots` matches in `region`; returns whether
    /// any failed.
    fn check_not(&mut self, region: Span, nots: &[&DagNot]) -> bool {
        let mut failed = false;
        for not in nots {
            let result = self.match_pattern(&not.pat, region);
            if self.report(false, &not.prefix, &not.pat, 1, region, result) {
                failed = true;
            }
        }
        failed
    }

    /// Matches the CHECK-DAG groups (and checks the CHECK-NOTs between
    /// them) preceding a directive; returns where the directive's own search
    /// starts, relative to `buf`.
    fn check_dag<'c>(&mut self, cs: &'c CheckString, buf: Span, not_strings: &mut Vec<&'c DagNot>) -> Option<usize> {
        if cs.dag_not.is_empty() {
            return Some(0);
        }
        let mut start_pos = 0usize;
        // Sorted, non-overlapping match ranges of the current DAG group.
        let mut ranges: Vec<Span> = Vec::new();
        for (k, dn) in cs.dag_not.iter().enumerate() {
            if dn.pat.ty.kind == CheckKind::Not {
                not_strings.push(dn);
                continue;
            }
            let mut match_pos = start_pos;
            let mut match_len;
            let mut mi = 0usize;
            loop {
                let search = (buf.0 + match_pos, buf.1);
                let result = self.match_pattern(&dn.pat, search);
                let found = result.as_ref().ok().copied().flatten();
                if (found.is_none() || self.opts.verbose_verbose)
                    && self.report(true, &dn.prefix, &dn.pat, 1, search, result)
                {
                    return None;
                }
                let (pos, len) = found.expect("reported failures return early");
                match_len = len;
                match_pos += pos;
                let m = (match_pos, match_pos + match_len);
                if self.opts.allow_deprecated_dag_overlap {
                    if let Some(block) = ranges.first_mut() {
                        block.0 = block.0.min(m.0);
                        block.1 = block.1.max(m.1);
                    } else {
                        ranges.push(m);
                    }
                    break;
                }
                let mut overlap = false;
                while mi < ranges.len() {
                    if m.0 < ranges[mi].1 {
                        overlap = ranges[mi].0 < m.1;
                        break;
                    }
                    mi += 1;
                }
                if !overlap {
                    ranges.insert(mi, m);
                    break;
                }
                if self.opts.verbose_verbose && !self.collect {
                    let old = ranges[mi];
                    let loc = self.input_loc(buf.0 + old.0);
                    let range = Some((buf.0 + old.0, buf.0 + old.1));
                    self.sm.print(loc, Severity::Note, "match discarded, overlaps earlier DAG match here", range);
                }
                match_pos = ranges[mi].1;
                mi += 1;
            }
            if !self.opts.verbose_verbose {
                let search = (buf.0, buf.1);
                let result = Ok(Some((match_pos, match_len)));
                self.report(true, &dn.prefix, &dn.pat, 1, search, result);
            }
            // At the end of a DAG group, check the NOTs before it.
            let group_ends = cs.dag_not.get(k + 1).is_none_or(|next| next.pat.ty.kind == CheckKind::Not);
            if group_ends {
                if !not_strings.is_empty() {
                    let region = (buf.0 + start_pos, buf.0 + ranges[0].0);
                    if self.check_not(region, not_strings) {
                        return None;
                    }
                    not_strings.clear();
                }
                start_pos = ranges.last().expect("group has a match").1;
                ranges.clear();
            }
        }
        Some(start_pos)
    }

    /// Prints the outcome of a match attempt like LLVM's
    /// `reportMatchResult`; returns whether it is an error.
    fn report(
        &mut self,
        expected: bool,
        prefix: &str,
        pat: &Pattern,
        count: usize,
        buf: Span,
        result: MatchResult,
    ) -> bool {
        match result {
            Ok(Some((pos, len))) => self.print_match(expected, prefix, pat, count, (buf.0 + pos, buf.0 + pos + len)),
            Ok(None) => self.print_no_match(expected, prefix, pat, count, buf, Vec::new()),
            Err(errors) => self.print_no_match(expected, prefix, pat, count, buf, errors),
        }
    }

    fn count_suffix(pat: &Pattern, count: usize) -> String {
        if pat.ty.count > 1 {
            format!(" ({count} out of {})", pat.ty.count)
        } else {
            String::new()
        }
    }

    fn print_match(&mut self, expected: bool, prefix: &str, pat: &Pattern, count: usize, range: Span) -> bool {
        let has_error = !expected;
        if !has_error {
            if !self.opts.verbose {
                return false;
            }
            if !self.opts.verbose_verbose && pat.ty.kind == CheckKind::Eof {
                return false;
            }
        }
        self.annotate(pat, range, if expected { Marker::Good } else { Marker::Excluded });
        let notes = pat.substitution_notes(&self.ctx);
        let captures = pat.captured_vars(&self.ctx);
        for note in &notes {
            self.annotate(pat, (range.0, range.0), Marker::Note(note.clone()));
        }
        for (name, at) in &captures {
            self.annotate(pat, *at, Marker::Note(format!("captured var \"{name}\"")));
        }
        // Like LLVM, successful matches are reported either in the input
        // dump or as messages, not both.
        if !has_error && self.collect {
            return false;
        }
        let msg = format!(
            "{}: {} string found in input{}",
            pat.ty.description(prefix),
            if expected { "expected" } else { "excluded" },
            Self::count_suffix(pat, count)
        );
        let sev = if expected { Severity::Remark } else { Severity::Error };
        self.sm.print(pat.loc, sev, &msg, None);
        self.sm.print(self.input_loc(range.0), Severity::Note, "found here", Some(range));
        for note in notes {
            self.sm.print(self.input_loc(range.0), Severity::Note, &note, None);
        }
        for (name, at) in captures {
            let msg = format!("captured var \"{name}\"");
            self.sm.print(self.input_loc(at.0), Severity::Note, &msg, Some(at));
        }
        has_error
    }

    fn print_no_match(
        &mut self,
        expected: bool,
        prefix: &str,
        pat: &Pattern,
        count: usize,
        buf: Span,
        errors: Vec<ParseError>,
    ) -> bool {
        let pattern_error = !errors.is_empty();
        let has_error = expected || pattern_error;
        for e in &errors {
            self.sm.print(e.loc, Severity::Error, &e.msg, None);
        }
        if !has_error && !self.opts.verbose_verbose {
            return false;
        }
        let marker = if pattern_error {
            Marker::InvalidPattern
        } else if expected {
            Marker::NoMatch
        } else {
            Marker::NoMatchExcluded
        };
        self.annotate(pat, buf, marker);
        for e in &errors {
            self.annotate(pat, (buf.0, buf.0), Marker::Note(e.msg.clone()));
        }
        let notes = pat.substitution_notes(&self.ctx);
        for note in &notes {
            self.annotate(pat, (buf.0, buf.0), Marker::Note(note.clone()));
        }
        if !has_error && self.collect {
            return false;
        }
        if !pattern_error {
            let msg = format!(
                "{}: {} string not found in input{}",
                pat.ty.description(prefix),
                if expected { "expected" } else { "excluded" },
                Self::count_suffix(pat, count)
            );
            let sev = if expected { Severity::Error } else { Severity::Remark };
            self.sm.print(pat.loc, sev, &msg, None);
            self.sm.print(self.input_loc(buf.0), Severity::Note, "scanning from here", None);
        }
        for note in notes {
            self.sm.print(self.input_loc(buf.0), Severity::Note, &note, None);
        }
        if expected {
            if let Some(best) = pat.fuzzy_match(&self.input[buf.0..buf.1]) {
                let at = buf.0 + best;
                self.annotate(pat, (at, at), Marker::Fuzzy);
                self.sm.print(self.input_loc(at), Severity::Note, "possible intended match here", None);
            }
        }
        has_error
    }
}

/// Counts the newlines in `s` (`\r\n` and `\n\r` count once) and returns
/// the offset just past the first one.
fn count_newlines(s: &[u8]) -> (usize, usize) {
    let mut count = 0;
    let mut first = 0;
    let mut i = 0;
    while i < s.len() {
        if s[i] != b'\n' && s[i] != b'\r' {
            i += 1;
            continue;
        }
        count += 1;
        if i + 1 < s.len() && (s[i + 1] == b'\n' || s[i + 1] == b'\r') && s[i] != s[i + 1] {
            i += 1;
        }
        i += 1;
        if count == 1 {
            first = i;
        }
    }
    (count, first)
}
