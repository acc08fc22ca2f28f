//! The `bufopt-run` command line: option parsing, loading and verifying the
//! input module(s), running them, printing program output, diagnostics,
//! statistics, and the verdict of comparison mode.

use crate::run::{run, stats_json, stats_text, RunOptions, RunOutcome};
use ir::verifier::{verify, VerifyOptions};
use std::sync::Arc;
use syntax::op_parser::{parse_source, ParseOptions};
use syntax::source::{SourceBuffer, SourceMgr};

/// What the command line asked for.
#[derive(Clone, Debug, Default)]
pub struct Cli {
    /// Input file (`-` = stdin).
    pub input: String,
    /// Second program for comparison mode.
    pub compare: Option<String>,
    /// Run options.
    pub run: RunOptions,
    /// `--stats` (`Some(false)` text, `Some(true)` JSON).
    pub stats: Option<bool>,
    /// Print the entry function's results.
    pub print_results: bool,
    /// Accept unregistered ops.
    pub allow_unregistered: bool,
}

/// Usage text.
pub const USAGE: &str = "USAGE: bufopt-run [options] <input.mlir>

Runs a module's entry function in bufopt's reference interpreter with a
memory checker.

OPTIONS:
  -e, --entry-point <name>  entry function (default: main)
  --arg <value>             a scalar argument of the entry function (repeatable)
  --seed <n>                seed of generated tensor/memref/scalar inputs (default: 1)
  --dyn-size <n>            size of dynamic dimensions of generated inputs (default: 4)
  --strict                  reads of uninitialized memory are errors
  --stats[=text|json]       print allocation statistics to stderr
  --print-results           print the entry function's results
  --compare <other.mlir>    run both programs on the same inputs and compare
  --allow-unregistered-dialect
";

/// Parses the arguments (without the program name).
pub fn parse_cli(args: &[String]) -> Result<Cli, String> {
    let mut c = Cli { run: RunOptions::default(), ..Default::default() };
    let mut it = args.iter();
    let mut input = None;
    while let Some(a) = it.next() {
        let (name, inline) = match a.split_once('=') {
            Some((n, v)) if n.starts_with('-') => (n, Some(v.to_string())),
            _ => (a.as_str(), None),
        };
        let mut value = |what: &str| -> Result<String, String> {
            match inline.clone() {
                Some(v) => Ok(v),
                None => it.next().cloned().ok_or_else(|| format!("option '{what}' needs a value")),
            }
        };
        match name {
            "-e" | "--entry-point" | "-entry-point" | "--entry" => c.run.entry = value(name)?,
            "--arg" | "-a" => {
                let v = value(name)?;
                c.run.args.extend(v.split(',').map(|s| s.trim().to_string()));
            }
            "--seed" => c.run.seed = value(name)?.parse().map_err(|_| "bad --seed value".to_string())?,
            "--dyn-size" => c.run.dyn_size = value(name)?.parse().map_err(|_| "bad --dyn-size value".to_string())?,
            "--strict" => c.run.strict = true,
            "--stats" => {
                c.stats = Some(match inline.as_deref() {
                    None | Some("text") => false,
                    Some("json") => true,
                    Some(o) => return Err(format!("unknown --stats format '{o}'")),
                })
            }
            "--print-results" => c.print_results = true,
            "--compare" => c.compare = Some(value(name)?),
            "--allow-unregistered-dialect" | "-allow-unregistered-dialect" => c.allow_unregistered = true,
            "-h" | "--help" => return Err(String::new()),
            _ if name.starts_with('-') && name != "-" => return Err(format!("unknown option '{a}'")),
            _ => {
                if input.is_some() {
                    return Err(format!("unexpected extra input '{a}'"));
                }
                input = Some(a.clone());
            }
        }
    }
    c.input = input.unwrap_or_else(|| "-".into());
    Ok(c)
}

fn read_input(path: &str) -> Result<String, String> {
    if path == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).map_err(|e| format!("cannot read stdin: {e}"))?;
        Ok(s)
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("cannot open '{path}': {e}"))
    }
}

/// Output of one invocation.
#[derive(Debug, Default)]
pub struct Output {
    /// Exit status.
    pub code: i32,
    /// Text for stdout.
    pub stdout: String,
    /// Text for stderr.
    pub stderr: String,
}

/// Loads, verifies and runs one file; diagnostics are rendered into `err`.
fn run_file(path: &str, cli: &Cli, err: &mut String) -> Option<RunOutcome> {
    let text = match read_input(path) {
        Ok(t) => t,
        Err(e) => {
            err.push_str(&format!("bufopt-run: {e}\n"));
            return None;
        }
    };
    let name = if path == "-" { "<stdin>" } else { path };
    let ctx = Arc::new(dialects::new_context());
    let mut srcs = SourceMgr::default();
    srcs.add(SourceBuffer::new(name, text.as_str()));
    let parsed = match parse_source(&ctx, &text, name, ParseOptions { allow_unregistered: cli.allow_unregistered }) {
        Ok(p) => p,
        Err(d) => {
            srcs.render(&ctx, &d, err);
            return None;
        }
    };
    if let Err(d) = verify(
        &parsed.ir,
        parsed.top,
        VerifyOptions { allow_unregistered: cli.allow_unregistered, op_printer: None, ..Default::default() },
    ) {
        srcs.render(&ctx, &d, err);
        return None;
    }
    let out = run(&parsed.ir, parsed.top, &cli.run);
    for d in &out.diags {
        srcs.render(&ctx, d, err);
    }
    Some(out)
}

/// Runs the tool.
pub fn main_with_args(args: &[String]) -> Output {
    let mut o = Output::default();
    let cli = match parse_cli(args) {
        Ok(c) => c,
        Err(e) => {
            if e.is_empty() {
                o.stdout.push_str(USAGE);
                return o;
            }
            o.stderr.push_str(&format!("bufopt-run: {e}\n{USAGE}"));
            o.code = 2;
            return o;
        }
    };
    let Some(a) = run_file(&cli.input, &cli, &mut o.stderr) else {
        o.code = 1;
        return o;
    };
    let Some(other) = cli.compare.clone() else {
        o.stdout.push_str(&a.stdout);
        if cli.print_results {
            if let Some(rs) = &a.results {
                for (i, r) in rs.iter().enumerate() {
                    o.stdout.push_str(&format!("result #{i}: {r}\n"));
                }
            }
        }
        if let Some(json) = cli.stats {
            o.stderr.push_str(&if json { stats_json(&a.stats) + "\n" } else { stats_text(&a.stats) });
        }
        o.code = i32::from(!a.ok);
        return o;
    };
    let mut err_b = String::new();
    let b = run_file(&other, &cli, &mut err_b);
    o.stderr.push_str(&err_b);
    let Some(b) = b else {
        o.code = 1;
        return o;
    };
    let same_out = a.stdout == b.stdout;
    let same_res = a.results.is_some() && a.results == b.results;
    let line = |s: &mut String, file: &str, r: &RunOutcome| {
        let errors = r.diags.iter().filter(|d| d.severity == ir::Severity::Error).count();
        s.push_str(&format!("{file}: {}\n", if r.ok { "ok".to_string() } else { format!("{errors} error(s)") }));
        if cli.stats == Some(true) {
            s.push_str(&format!("{file}: stats: {}\n", stats_json(&r.stats)));
        } else {
            for l in stats_text(&r.stats).lines() {
                s.push_str(&format!("{file}: {l}\n"));
            }
        }
        if let Some(rs) = &r.results {
            for (i, x) in rs.iter().enumerate() {
                s.push_str(&format!("{file}: result #{i}: {x}\n"));
            }
        }
    };
    line(&mut o.stdout, &cli.input, &a);
    line(&mut o.stdout, &other, &b);
    o.stdout.push_str(&format!("output: {}\n", if same_out { "same" } else { "different" }));
    if !same_out {
        o.stdout.push_str(&first_difference(&a.stdout, &b.stdout));
    }
    o.stdout.push_str(&format!("results: {}\n", if same_res { "same" } else { "different" }));
    let agree = same_out && same_res && a.ok && b.ok;
    o.stdout.push_str(if agree { "verdict: agree\n" } else { "verdict: DISAGREE\n" });
    o.code = i32::from(!agree);
    o
}

fn first_difference(a: &str, b: &str) -> String {
    for (i, (x, y)) in a.lines().zip(b.lines()).enumerate() {
        if x != y {
            return format!("  first difference at output line {}:\n  < {x}\n  > {y}\n", i + 1);
        }
    }
    format!("  outputs have {} and {} lines\n", a.lines().count(), b.lines().count())
}
