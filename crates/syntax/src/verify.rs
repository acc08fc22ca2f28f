//! `-verify-diagnostics`: reads `expected-error/warning/note/remark`
//! designators (`@+N`, `@-N`, `@above`, `@below`, `-re` with `{{regex}}`
//! parts) from a buffer and checks emitted diagnostics against them,
//! reporting unexpected and missing ones with mlir-opt's wording.

use crate::source::SourceMgr;
use ir::{Context, Diagnostic, Severity};
use regex::Regex;

struct Expected {
    kind: Severity,
    line: u32,
    /// Line and column of the `expected-` text, for reporting.
    at: (u32, u32),
    substring: String,
    regex: Option<Regex>,
    matched: bool,
}

impl Expected {
    fn matches(&self, msg: &str) -> bool {
        match &self.regex {
            Some(r) => r.is_match(msg),
            None => msg.contains(&self.substring),
        }
    }
}

/// Checks diagnostics of one buffer against its designators.
pub struct DiagVerifier {
    file: String,
    expected: Vec<Expected>,
    errors: Vec<String>,
}

fn kind_word(k: Severity) -> &'static str {
    k.word()
}

impl DiagVerifier {
    /// Scans `text` (the buffer named `file`) for designators.
    pub fn new(file: &str, text: &str) -> Self {
        let re = Regex::new(r"expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below))? *\{\{(.*)\}\}$")
            .expect("static regex");
        let mut expected: Vec<Expected> = Vec::new();
        let mut errors = Vec::new();
        let lines: Vec<&str> = text.split('\n').collect();
        let n = lines.len() as u32;
        let mut last_non_designator: u32 = 0;
        let mut for_next: Vec<usize> = Vec::new();
        for (i, raw) in lines.iter().enumerate() {
            let line_no = i as u32;
            let trimmed = raw.trim_end();
            let Some(c) = re.captures(trimmed) else {
                for &k in &for_next {
                    expected[k].line = line_no + 1;
                }
                for_next.clear();
                last_non_designator = line_no;
                continue;
            };
            let whole = c.get(0).expect("match");
            let col = raw[..whole.start()].chars().count() as u32 + 1;
            let kind = match &c[1] {
                "error" => Severity::Error,
                "warning" => Severity::Warning,
                "remark" => Severity::Remark,
                _ => Severity::Note,
            };
            let substring = c.get(5).map(|m| m.as_str()).unwrap_or("").to_string();
            let mut e =
                Expected { kind, line: line_no + 1, at: (line_no + 1, col), substring, regex: None, matched: false };
            if c.get(2).is_some() {
                match build_regex(&e.substring) {
                    Ok(r) => e.regex = Some(r),
                    Err(msg) => {
                        errors.push(format!("{file}:{}:{}: error: {msg}", e.at.0, e.at.1));
                        continue;
                    }
                }
            }
            if let Some(off) = c.get(4) {
                let o = off.as_str();
                if let Some(num) = o.strip_prefix('+') {
                    e.line += num.parse::<u32>().unwrap_or(0);
                } else if let Some(num) = o.strip_prefix('-') {
                    e.line = e.line.saturating_sub(num.parse::<u32>().unwrap_or(0));
                } else if o == "above" {
                    e.line = last_non_designator + 1;
                } else {
                    for_next.push(expected.len());
                    e.line = n;
                }
            }
            expected.push(e);
        }
        DiagVerifier { file: file.to_string(), expected, errors }
    }

    /// Processes one emitted diagnostic and its notes.
    pub fn process(&mut self, ctx: &Context, srcs: &SourceMgr, d: &Diagnostic) {
        self.process_one(ctx, srcs, d.loc, d.severity, &d.message);
        for n in &d.notes {
            self.process_one(ctx, srcs, n.loc, n.severity, &n.message);
        }
    }

    fn process_one(&mut self, ctx: &Context, srcs: &SourceMgr, loc: ir::Location, kind: Severity, msg: &str) {
        let Some((file, line, _)) = ctx.file_line_col(loc) else {
            let mut s = String::new();
            srcs.render_one(ctx, loc, Severity::Error, &format!("unexpected {}: {msg}", kind_word(kind)), &mut s);
            self.errors.push(s.trim_end().to_string());
            return;
        };
        let mut near: Option<usize> = None;
        if file == self.file {
            for (i, e) in self.expected.iter_mut().enumerate() {
                if e.line == line && e.matches(msg) {
                    if e.kind == kind {
                        e.matched = true;
                        return;
                    }
                    near = Some(i);
                }
            }
        }
        let mut s = String::new();
        match near {
            Some(i) => {
                let e = &self.expected[i];
                let text = format!("'{}' diagnostic emitted when expecting a '{}'", kind_word(kind), kind_word(e.kind));
                self.render_at(srcs, e.at, &text, &mut s);
            }
            None => {
                srcs.render_one(ctx, loc, Severity::Error, &format!("unexpected {}: {msg}", kind_word(kind)), &mut s);
            }
        }
        self.errors.push(s.trim_end().to_string());
    }

    fn render_at(&self, srcs: &SourceMgr, at: (u32, u32), msg: &str, out: &mut String) {
        out.push_str(&format!("{}:{}:{}: error: {msg}\n", self.file, at.0, at.1));
        if let Some(t) = srcs.find(&self.file).and_then(|b| b.line_text(at.0)) {
            out.push_str(t);
            out.push('\n');
            out.push_str(&" ".repeat(at.1.saturating_sub(1) as usize));
            out.push_str("^\n");
        }
    }

    /// Finishes: returns every verification error (empty on success).
    pub fn finish(mut self, srcs: &SourceMgr) -> Vec<String> {
        let pending: Vec<(u32, u32, String)> = self
            .expected
            .iter()
            .filter(|e| !e.matched)
            .map(|e| (e.at.0, e.at.1, format!("expected {} \"{}\" was not produced", kind_word(e.kind), e.substring)))
            .collect();
        for (l, c, msg) in pending {
            let mut s = String::new();
            self.render_at(srcs, (l, c), &msg, &mut s);
            self.errors.push(s.trim_end().to_string());
        }
        self.errors
    }
}

fn build_regex(s: &str) -> Result<Regex, String> {
    let mut out = String::new();
    let mut rest = s;
    loop {
        let Some(i) = rest.find("{{") else {
            out.push_str(&regex::escape(rest));
            break;
        };
        out.push_str(&regex::escape(&rest[..i]));
        rest = &rest[i + 2..];
        let Some(j) = rest.find("}}") else {
            return Err("found start of regex with no end '}}'".into());
        };
        let part = &rest[..j];
        Regex::new(part).map_err(|e| format!("invalid regex: {e}"))?;
        out.push('(');
        out.push_str(part);
        out.push(')');
        rest = &rest[j + 2..];
    }
    Regex::new(&out).map_err(|e| format!("invalid regex: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn designator_lines() {
        let text = "op1\n// expected-error @+1 {{bad}}\nop2\n// expected-note @above {{n}}\n// expected-remark @below {{r}}\nop3\nop4 // expected-warning {{w}}\n";
        let v = DiagVerifier::new("f", text);
        let lines: Vec<u32> = v.expected.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![3, 3, 6, 7]);
    }

    #[test]
    fn regex_parts() {
        let r = build_regex("op {{[0-9]+}} results").unwrap();
        assert!(r.is_match("the op 12 results here"));
        assert!(!r.is_match("op x results"));
        assert!(build_regex("a {{b").is_err());
    }
}
