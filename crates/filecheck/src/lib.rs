//! A faithful Rust re-implementation of LLVM 19's `FileCheck`.
//!
//! This crate owns the whole FileCheck behaviour used by bufopt's lit tests:
//! check-file parsing (`CHECK`, `-NEXT`, `-SAME`, `-NOT`, `-LABEL`, `-DAG`,
//! `-EMPTY`, `-COUNT-n`, `{LITERAL}`, custom and comment prefixes), pattern
//! syntax (`{{regex}}`, `[[VAR:regex]]`, `[[VAR]]`, `[[#NUM:]]`,
//! `[[#%x,NUM+1]]`, `[[@LINE+N]]`), LLVM's POSIX regex dialect with
//! leftmost-longest matching, whitespace canonicalization, the matching
//! algorithm (label partitioning, DAG groups, NOT regions), LLVM-style
//! diagnostics with the annotated input dump, and the command line
//! ([`main_with_args`]).
//!
//! ```
//! let opts = filecheck::Options::default();
//! let check = "// CHECK: %[[V:.*]] = arith.addi\n// CHECK-NEXT: return %[[V]]\n";
//! let input = "%0 = arith.addi %a, %b\nreturn %0\n";
//! assert!(filecheck::run(check, "test.mlir", input, &opts).is_ok());
//! ```

mod checker;
mod checkfile;
mod cli;
mod dump;
mod engine;
mod ere;
mod pattern;
mod source;
mod vars;

pub use cli::{main_with_args, main_with_io};
pub use dump::DumpFilter;

use checker::Checker;
use source::SourceMgr;
use vars::Context;

/// When the annotated input dump is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum DumpInput {
    /// Never.
    Never,
    /// After a failed check (LLVM's default).
    #[default]
    Fail,
    /// Always.
    Always,
}

/// FileCheck options; `Default` gives FileCheck's defaults.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Check prefixes (`--check-prefix(es)`); empty means `CHECK`.
    pub check_prefixes: Vec<String>,
    /// Comment prefixes (`--comment-prefixes`); empty means `COM`, `RUN`.
    pub comment_prefixes: Vec<String>,
    /// Patterns implicitly forbidden between positive matches
    /// (`--implicit-check-not`).
    pub implicit_check_not: Vec<String>,
    /// Variable definitions (`-D NAME=VALUE`, `-D#NAME=EXPR`).
    pub defines: Vec<String>,
    /// Do not canonicalize horizontal whitespace (`--strict-whitespace`).
    pub strict_whitespace: bool,
    /// Positive matches must cover whole lines (`--match-full-lines`).
    pub match_full_lines: bool,
    /// Case-insensitive matching (`--ignore-case`).
    pub ignore_case: bool,
    /// Accept an empty input (`--allow-empty`).
    pub allow_empty: bool,
    /// Do not require every check prefix to be used
    /// (`--allow-unused-prefixes`).
    pub allow_unused_prefixes: bool,
    /// Reset non-`$` variables at each CHECK-LABEL block
    /// (`--enable-var-scope`).
    pub enable_var_scope: bool,
    /// Let matches in a CHECK-DAG group overlap
    /// (`--allow-deprecated-dag-overlap`).
    pub allow_deprecated_dag_overlap: bool,
    /// Also report successful matches (`-v`).
    pub verbose: bool,
    /// Report even more (`-vv`; implies `verbose`).
    pub verbose_verbose: bool,
    /// When to print the annotated input dump (`--dump-input`).
    pub dump_input: DumpInput,
    /// Which lines the dump shows (`--dump-input-filter`); `None` picks
    /// LLVM's default for the dump mode.
    pub dump_input_filter: Option<DumpFilter>,
    /// Context lines around filtered lines (`--dump-input-context`,
    /// default 5).
    pub dump_input_context: Option<usize>,
}

/// Outcome of a FileCheck run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The input matched (exit code 0).
    Passed,
    /// The input did not match (exit code 1).
    Failed,
    /// The check file or options were invalid, or the input was empty
    /// (exit code 2).
    Invalid,
}

impl Status {
    /// The process exit code FileCheck uses for this outcome.
    pub fn exit_code(self) -> i32 {
        match self {
            Status::Passed => 0,
            Status::Failed => 1,
            Status::Invalid => 2,
        }
    }
}

/// The result of [`check`]: a verdict and the diagnostics LLVM would print
/// on stderr.
#[derive(Clone, Debug)]
pub struct Report {
    /// The verdict.
    pub status: Status,
    /// What LLVM FileCheck would print on stderr.
    pub diagnostics: String,
}

/// Collapses runs of spaces/tabs to one space (unless `strict`) and drops
/// the `\r` of `\r\n`, like `FileCheck::CanonicalizeFile`.
fn canonicalize(text: &[u8], strict: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        let c = text[i];
        if c == b'\r' && text.get(i + 1) == Some(&b'\n') {
            i += 1;
            continue;
        }
        if strict || (c != b' ' && c != b'\t') {
            out.push(c);
            i += 1;
            continue;
        }
        out.push(b' ');
        i += 1;
        while i < text.len() && (text[i] == b' ' || text[i] == b'\t') {
            i += 1;
        }
    }
    out
}

/// Validates check/comment prefixes like LLVM; returns the error message.
fn validate_prefixes(opts: &Options) -> Result<(), String> {
    let mut seen = std::collections::HashSet::new();
    if opts.check_prefixes.is_empty() {
        seen.insert("CHECK".to_string());
    }
    if opts.comment_prefixes.is_empty() {
        seen.insert("COM".to_string());
        seen.insert("RUN".to_string());
    }
    for (kind, list) in [("check", &opts.check_prefixes), ("comment", &opts.comment_prefixes)] {
        for p in list {
            if p.is_empty() {
                return Err(format!("error: supplied {kind} prefix must not be the empty string"));
            }
            if !p.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'-') {
                return Err(format!(
                    "error: supplied {kind} prefix must start with a letter and contain only alphanumeric characters, hyphens, and underscores: '{p}'"
                ));
            }
            if !seen.insert(p.clone()) {
                return Err(format!(
                    "error: supplied {kind} prefix must be unique among check and comment prefixes: '{p}'"
                ));
            }
        }
    }
    Ok(())
}

/// Runs FileCheck: checks `input` (named `input_name` in messages, e.g.
/// `<stdin>`) against the directives in `check_text` (named `check_name`).
pub fn check(check_text: &[u8], check_name: &str, input: &[u8], input_name: &str, opts: &Options) -> Report {
    let mut opts = opts.clone();
    if opts.verbose_verbose {
        opts.verbose = true;
    }
    let invalid = |diagnostics: String| Report { status: Status::Invalid, diagnostics };
    if let Err(msg) = validate_prefixes(&opts) {
        return invalid(msg + "\n");
    }
    let check_prefixes =
        if opts.check_prefixes.is_empty() { vec!["CHECK".to_string()] } else { opts.check_prefixes.clone() };
    let comment_prefixes = if opts.comment_prefixes.is_empty() {
        vec!["COM".to_string(), "RUN".to_string()]
    } else {
        opts.comment_prefixes.clone()
    };

    let mut sm = SourceMgr::default();
    let check_buf = sm.add(check_name, canonicalize(check_text, opts.strict_whitespace));
    let first_implicit = check_buf + 1 + usize::from(!opts.defines.is_empty());
    let mut ctx = Context::default();
    let strings =
        match checkfile::read_check_file(check_buf, &opts, &check_prefixes, &comment_prefixes, &mut ctx, &mut sm) {
            Ok(s) => s,
            Err(()) => return invalid(sm.out),
        };
    let implicit_bufs: Vec<usize> = (first_implicit..first_implicit + opts.implicit_check_not.len()).collect();

    if input.is_empty() && !opts.allow_empty {
        sm.print_plain(&format!("FileCheck error: '{input_name}' is empty."));
        return invalid(sm.out);
    }
    let input_buf = sm.add(input_name, canonicalize(input, opts.strict_whitespace));
    let collect = opts.dump_input != DumpInput::Never;
    let mut checker = Checker::new(sm, ctx, &opts, input_buf, collect);
    let passed = checker.check_input(&strings);
    let mut out = std::mem::take(&mut checker.sm.out);
    let dump = match opts.dump_input {
        DumpInput::Always => true,
        DumpInput::Fail => !passed,
        DumpInput::Never => false,
    };
    if dump {
        let default_filter = if opts.dump_input == DumpInput::Always { DumpFilter::All } else { DumpFilter::Error };
        let body = dump::render(
            &checker.sm,
            input_buf,
            check_buf,
            &implicit_bufs,
            &checker.annotations,
            opts.dump_input_filter.unwrap_or(default_filter),
            opts.dump_input_context.unwrap_or(5),
        );
        out.push_str(&format!(
            "\nInput file: {input_name}\nCheck file: {check_name}\n\n-dump-input=help explains the following input dump.\n\nInput was:\n<<<<<<\n{body}>>>>>>\n"
        ));
    }
    Report { status: if passed { Status::Passed } else { Status::Failed }, diagnostics: out }
}

/// Convenience wrapper around [`check`] for in-process use: `Ok(())` when
/// `input` matches, otherwise `Err` with the diagnostics.
pub fn run(check_text: &str, check_name: &str, input: &str, opts: &Options) -> Result<(), String> {
    let report = check(check_text.as_bytes(), check_name, input.as_bytes(), "<stdin>", opts);
    match report.status {
        Status::Passed => Ok(()),
        _ => Err(report.diagnostics),
    }
}

#[cfg(test)]
mod tests;
