//! The `FileCheck` command line.
//!
//! Parses arguments the way LLVM's `cl` library does for FileCheck (`-opt`
//! or `--opt`, `--opt=value` or `--opt value`, `-DNAME=VALUE`, comma
//! separated prefix lists, `FILECHECK_OPTS` from the environment), reads the
//! check file and the input (stdin or `--input-file`), runs [`crate::check`]
//! and returns LLVM's exit codes: 0 on success, 1 when the input does not
//! match (or the command line is malformed, as `cl` does), 2 for invalid
//! check files, options or empty input.

use std::io::{Read, Write};

use crate::{check, DumpFilter, DumpInput, Options, Status};

const HELP: &str = "OVERVIEW: bufopt's FileCheck (LLVM 19 compatible)

USAGE: FileCheck [options] <check-file>

OPTIONS:
  --allow-deprecated-dag-overlap  Enable overlapping among matches in a group of consecutive CHECK-DAG directives
  --allow-empty                   Allow the input file to be empty
  --allow-unused-prefixes         Allow prefixes to be specified but not appear in the test
  --check-prefix=<string>         Alias for --check-prefixes
  --check-prefixes=<string>       Comma separated list of prefixes to use from check file (defaults to 'CHECK')
  --comment-prefixes=<string>     Comma separated list of comment prefixes (defaults to 'COM,RUN')
  -D<VAR=VALUE>                   Define a variable to be used in capture patterns
  --dump-input=<mode>             Dump input to stderr: help, always, fail (default), never
  --dump-input-context=<N>        Context lines around filtered input lines in the dump (default 5)
  --dump-input-filter=<value>     Lines in the dump: all, annotation-full, annotation, error
  --enable-var-scope              Reset variables not starting with '$' at each CHECK-LABEL block
  --ignore-case                   Use case-insensitive matching
  --implicit-check-not=<pattern>  Add an implicit negative check with this pattern to every positive check
  --input-file=<filename>         File to check (defaults to stdin)
  --match-full-lines              Require all positive matches to cover an entire input line
  --strict-whitespace             Do not treat all horizontal whitespace as equivalent
  -v                              Print directive pattern matches
  --vv                            Print information helpful in diagnosing internal FileCheck issues

Options are parsed from the environment variable FILECHECK_OPTS and from the command line.
";

const DUMP_HELP: &str = "The following description was requested by -dump-input=help to
explain the input dump printed by FileCheck.

Input dump annotation format:

  - L:     labels line number L of the input file
           An extra space is added after each input line to represent the
           newline character
  - T:L    labels the only match result for either (1) a pattern of type T
           from line L of the check file if L is an integer or (2) the I-th
           implicit pattern if L is \"imp\" followed by an integer I (index
           origin one)
  - T:L'N  labels the Nth match result for such a pattern
  - ^~~    marks good match (reported if -v)
  - !~~    marks bad match, such as:
           - CHECK-NEXT on same line as previous match (error)
           - CHECK-NOT found (error)
           - CHECK-DAG overlapping match (discarded, reported if -vv)
  - X~~    marks search range when no match is found, such as:
           - CHECK-NEXT not found (error)
           - CHECK-NOT not found (success, reported if -vv)
           - CHECK-DAG not found after discarded matches (error)
  - ?      marks fuzzy match when no match is found
  - ...    indicates elided input lines and annotations, as specified by
           -dump-input-filter and -dump-input-context
";

/// Parsed command line.
#[derive(Default)]
struct CommandLine {
    opts: Options,
    check_file: Option<String>,
    input_file: Option<String>,
    dump_inputs: Vec<u8>,
    dump_filters: Vec<DumpFilter>,
    dump_contexts: Vec<usize>,
    help: bool,
    version: bool,
}

/// How an option takes its value.
#[derive(PartialEq)]
enum Arity {
    Flag,
    Value,
}

fn arity(name: &str) -> Option<Arity> {
    Some(match name {
        "strict-whitespace"
        | "ignore-case"
        | "allow-empty"
        | "allow-unused-prefixes"
        | "match-full-lines"
        | "enable-var-scope"
        | "allow-deprecated-dag-overlap"
        | "v"
        | "vv"
        | "color"
        | "help"
        | "version" => Arity::Flag,
        "input-file"
        | "check-prefixes"
        | "check-prefix"
        | "comment-prefixes"
        | "implicit-check-not"
        | "dump-input"
        | "dump-input-filter"
        | "dump-input-context"
        | "dump-input-label-width"
        | "D" => Arity::Value,
        _ => return None,
    })
}

fn parse_bool(name: &str, value: &str) -> Result<bool, String> {
    match value {
        "" | "true" | "TRUE" | "True" | "1" => Ok(true),
        "false" | "FALSE" | "False" | "0" => Ok(false),
        _ => Err(format!("for the --{name} option: '{value}' is invalid value for boolean argument! Try 0 or 1")),
    }
}

fn parse_args(args: &[String]) -> Result<CommandLine, String> {
    let mut cl = CommandLine::default();
    let mut i = 0;
    let mut only_positional = false;
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        if only_positional || arg == "-" || !arg.starts_with('-') {
            if cl.check_file.is_some() {
                return Err(
                    "Too many positional arguments specified!\nCan specify at most 1 positional arguments".into()
                );
            }
            cl.check_file = Some(arg.clone());
            continue;
        }
        if arg == "--" {
            only_positional = true;
            continue;
        }
        let body = arg.strip_prefix("--").unwrap_or(&arg[1..]);
        // `-DNAME=VALUE` is a prefix option.
        let (name, inline) = if let Some(rest) = body.strip_prefix('D') {
            if rest.is_empty() {
                ("D", None)
            } else {
                ("D", Some(rest.to_string()))
            }
        } else {
            match body.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (body, None),
            }
        };
        let Some(kind) = arity(name) else {
            return Err(format!("Unknown command line argument '{arg}'."));
        };
        let value = match (kind, inline) {
            (Arity::Flag, v) => v.unwrap_or_default(),
            (Arity::Value, Some(v)) => v,
            (Arity::Value, None) => {
                // LLVM requires `-D` values to be attached; accept the
                // separated form too, for convenience.
                let Some(v) = args.get(i) else {
                    return Err(format!("for the -{name} option: requires a value!"));
                };
                i += 1;
                v.clone()
            }
        };
        let o = &mut cl.opts;
        match name {
            "strict-whitespace" => o.strict_whitespace = parse_bool(name, &value)?,
            "ignore-case" => o.ignore_case = parse_bool(name, &value)?,
            "allow-empty" => o.allow_empty = parse_bool(name, &value)?,
            "allow-unused-prefixes" => o.allow_unused_prefixes = parse_bool(name, &value)?,
            "match-full-lines" => o.match_full_lines = parse_bool(name, &value)?,
            "enable-var-scope" => o.enable_var_scope = parse_bool(name, &value)?,
            "allow-deprecated-dag-overlap" => o.allow_deprecated_dag_overlap = parse_bool(name, &value)?,
            "v" => o.verbose = parse_bool(name, &value)?,
            "vv" => o.verbose_verbose = parse_bool(name, &value)?,
            "color" => {
                parse_bool(name, &value)?;
            }
            "help" => cl.help = true,
            "version" => cl.version = true,
            "input-file" => cl.input_file = Some(value),
            "check-prefixes" | "check-prefix" => o.check_prefixes.extend(value.split(',').map(String::from)),
            "comment-prefixes" => o.comment_prefixes.extend(value.split(',').map(String::from)),
            "implicit-check-not" => o.implicit_check_not.push(value),
            "D" => o.defines.push(value),
            "dump-input" => cl.dump_inputs.push(match value.as_str() {
                "never" => 0,
                "fail" => 1,
                "always" => 2,
                "help" => 3,
                _ => return Err(format!("for the --dump-input option: Cannot find option named '{value}'!")),
            }),
            "dump-input-filter" => cl.dump_filters.push(match value.as_str() {
                "error" => DumpFilter::Error,
                "annotation" => DumpFilter::Annotation,
                "annotation-full" => DumpFilter::AnnotationFull,
                "all" => DumpFilter::All,
                _ => return Err(format!("for the --dump-input-filter option: Cannot find option named '{value}'!")),
            }),
            "dump-input-context" | "dump-input-label-width" => {
                let n = value
                    .parse::<usize>()
                    .map_err(|_| format!("for the --{name} option: '{value}' value invalid for uint argument!"))?;
                if name == "dump-input-context" {
                    cl.dump_contexts.push(n);
                }
            }
            _ => unreachable!("arity() covers every name"),
        }
    }
    Ok(cl)
}

fn filter_rank(f: DumpFilter) -> u8 {
    match f {
        DumpFilter::Error => 0,
        DumpFilter::Annotation => 1,
        DumpFilter::AnnotationFull => 2,
        DumpFilter::All => 3,
    }
}

fn read_source(path: &str, stdin: &mut dyn Read) -> std::io::Result<Vec<u8>> {
    if path == "-" {
        let mut buf = Vec::new();
        stdin.read_to_end(&mut buf)?;
        Ok(buf)
    } else {
        std::fs::read(path)
    }
}

/// Runs the FileCheck command line.  `args` includes the program name (as
/// from `std::env::args()`); options from the `FILECHECK_OPTS` environment
/// variable are added before the others.  Diagnostics go to stderr.
/// Returns the process exit code.
pub fn main_with_args(args: &[String], stdin: impl Read) -> i32 {
    main_with_io(args, stdin, &mut std::io::stderr().lock())
}

/// Like [`main_with_args`], with the diagnostics written to `stderr`.
pub fn main_with_io(args: &[String], mut stdin: impl Read, stderr: &mut dyn Write) -> i32 {
    let program = args.first().map_or("FileCheck", String::as_str);
    let mut all: Vec<String> =
        std::env::var("FILECHECK_OPTS").map(|v| v.split_whitespace().map(String::from).collect()).unwrap_or_default();
    all.extend(args.iter().skip(1).cloned());

    let cl = match parse_args(&all) {
        Ok(cl) => cl,
        Err(msg) => {
            let _ = writeln!(stderr, "{program}: {msg}  Try: '{program} --help'");
            return 1;
        }
    };
    if cl.help {
        print!("{HELP}");
        return 0;
    }
    if cl.version {
        println!("bufopt FileCheck (LLVM 19 compatible) {}", env!("CARGO_PKG_VERSION"));
        return 0;
    }
    let mut opts = cl.opts;
    let dump = cl.dump_inputs.iter().copied().max().unwrap_or(1);
    if dump == 3 {
        print!("{DUMP_HELP}");
        return 0;
    }
    opts.dump_input = match dump {
        0 => DumpInput::Never,
        2 => DumpInput::Always,
        _ => DumpInput::Fail,
    };
    opts.dump_input_filter = cl.dump_filters.iter().copied().max_by_key(|&f| filter_rank(f));
    opts.dump_input_context = cl.dump_contexts.iter().copied().max();

    let Some(check_file) = cl.check_file else {
        let _ = writeln!(stderr, "<check-file> not specified");
        return 2;
    };
    for def in &opts.defines {
        match def.find('=') {
            None => {
                let _ = writeln!(stderr, "Missing equal sign in command-line definition '-D{def}'");
                return 2;
            }
            Some(0) => {
                let _ = writeln!(stderr, "Missing variable name in command-line definition '-D{def}'");
                return 2;
            }
            Some(_) => {}
        }
    }
    let check_text = match read_source(&check_file, &mut stdin) {
        Ok(t) => t,
        Err(e) => {
            let _ = writeln!(stderr, "Could not open check file '{check_file}': {e}");
            return 2;
        }
    };
    let input_path = cl.input_file.unwrap_or_else(|| "-".to_string());
    let input_name = if input_path == "-" { "<stdin>" } else { input_path.as_str() };
    let input = match read_source(&input_path, &mut stdin) {
        Ok(t) => t,
        Err(e) => {
            let _ = writeln!(stderr, "Could not open input file '{input_name}': {e}");
            return 2;
        }
    };
    let report = check(&check_text, &check_file, &input, input_name, &opts);
    let _ = stderr.write_all(report.diagnostics.as_bytes());
    if report.status == Status::Invalid && input.is_empty() && report.diagnostics.ends_with("is empty.\n") {
        let line: String = args.iter().map(|a| format!(" {a}")).collect();
        let _ = writeln!(stderr, "FileCheck command line: {line}");
    }
    report.status.exit_code()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn option_forms() {
        let cl = parse_args(&args(&[
            "--check-prefixes=A,B",
            "-check-prefix",
            "C",
            "-DX=1",
            "-D",
            "Y=2",
            "--strict-whitespace",
            "--match-full-lines=false",
            "check.txt",
        ]))
        .unwrap();
        assert_eq!(cl.opts.check_prefixes, ["A", "B", "C"]);
        assert_eq!(cl.opts.defines, ["X=1", "Y=2"]);
        assert!(cl.opts.strict_whitespace);
        assert!(!cl.opts.match_full_lines);
        assert_eq!(cl.check_file.as_deref(), Some("check.txt"));
    }

    #[test]
    fn bad_command_lines() {
        assert!(parse_args(&args(&["--bogus"])).is_err());
        assert!(parse_args(&args(&["a", "b"])).is_err());
        assert!(parse_args(&args(&["--input-file"])).is_err());
        assert!(parse_args(&args(&["--dump-input=sometimes"])).is_err());
    }
}
