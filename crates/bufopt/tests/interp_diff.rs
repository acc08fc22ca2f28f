//! Differential test of the interpreter (`bufopt-run`) against MLIR's own
//! execution of the programs in `tests/interp/programs/`.
//!
//! Each program is one trial, `interp_diff/<file>`. It
//!
//! 1. lowers and runs the program with `scripts/lower-and-run.sh`
//!    (mlir-opt-19 + mlir-cpu-runner-19 + the runner utility libraries);
//! 2. checks that the program's stored expected output — the `CHECK` block
//!    at its end, which the lit suite uses to test `bufopt-run` without the
//!    MLIR tools — is exactly what mlir-cpu-runner-19 printed. With
//!    `BUFOPT_REGEN_EXPECTED=1` the block is rewritten instead;
//! 3. runs the program with `bufopt-run --strict` (so reading uninitialized
//!    memory, leaks and other memory faults fail) and compares its output with
//!    mlir-cpu-runner-19's byte for byte, after masking memref base
//!    addresses (`base@ = 0x...`) on both sides.
//!
//! A program marked `// XFAIL: *` (the lit marker for programs the
//! interpreter cannot run yet) must *differ* in step 3: if it matches, the
//! trial fails so that the marker gets removed.
//!
//! Missing tools: without mlir-opt-19 or mlir-cpu-runner-19 every trial is
//! ignored with a "skipped" reason (a failure when `BUFOPT_REQUIRE_MLIR=1`).
//! `bufopt-run` is found through `BUFOPT_RUN`, then Cargo's
//! `CARGO_BIN_EXE_bufopt-run` (when it is a binary of this package), then
//! next to the test executable's target directory; without it step 3 is
//! skipped and said so.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use testkit::process::find_on_path;

use libtest_mimic::{Arguments, Completion, Failed, Trial};

/// Opening line of the generated expected-output block.
const BLOCK_START: &str =
    "// ---- Expected output, generated from mlir-cpu-runner-19 by crates/bufopt/tests/interp_diff.rs ----";

/// What every trial shares.
struct Env {
    root: PathBuf,
    lower_and_run: PathBuf,
    /// `None` when both LLVM 19 tools are installed, else which is missing.
    missing_mlir: Option<String>,
    bufopt_run: Option<PathBuf>,
    require_mlir: bool,
    regen: bool,
}

fn main() {
    let args = Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = root.join("tests/interp/programs");
    let mut programs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|rd| rd.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "mlir")).collect())
        .unwrap_or_default();
    programs.sort();
    let missing: Vec<&str> =
        ["mlir-opt-19", "mlir-cpu-runner-19"].into_iter().filter(|t| find_on_path(t).is_none()).collect();
    let env = Arc::new(Env {
        lower_and_run: root.join("scripts/lower-and-run.sh"),
        root,
        missing_mlir: (!missing.is_empty()).then(|| missing.join(", ")),
        bufopt_run: find_bufopt_run(),
        require_mlir: std::env::var("BUFOPT_REQUIRE_MLIR").is_ok_and(|v| v == "1"),
        regen: std::env::var("BUFOPT_REGEN_EXPECTED").is_ok_and(|v| v == "1"),
    });
    let trials = programs
        .into_iter()
        .map(|path| {
            let env = Arc::clone(&env);
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            Trial::ignorable_test(format!("interp_diff/{name}"), move || run_program(&env, &path))
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}

/// Locates the interpreter's CLI (see the module docs).
fn find_bufopt_run() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("BUFOPT_RUN") {
        return Some(PathBuf::from(p));
    }
    if let Some(p) = option_env!("CARGO_BIN_EXE_bufopt-run") {
        return Some(PathBuf::from(p));
    }
    // target/<profile>/deps/interp_diff-<hash> -> target/<profile>/bufopt-run
    let exe = std::env::current_exe().ok()?;
    let profile_dir = exe.parent()?.parent()?;
    let candidate = profile_dir.join("bufopt-run");
    candidate.is_file().then_some(candidate)
}

/// Replaces every `base@ = 0x<hex>` by `base@ = 0xMASKED`.
fn mask_addresses(text: &str) -> String {
    const KEY: &str = "base@ = 0x";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(KEY) {
        out.push_str(&rest[..at + KEY.len()]);
        rest = &rest[at + KEY.len()..];
        let hex = rest.bytes().take_while(u8::is_ascii_hexdigit).count();
        out.push_str("MASKED");
        rest = &rest[hex..];
    }
    out.push_str(rest);
    out
}

/// Runs `cmd`, returning stdout, or an error with the exit status and stderr.
fn run_capture(cmd: &mut Command, what: &str) -> Result<String, String> {
    let out = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("cannot run {what}: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    if !out.status.success() {
        return Err(format!(
            "{what} failed ({}):\n--- stdout ---\n{}\n--- stderr ---\n{}",
            out.status,
            clip(&stdout),
            clip(&String::from_utf8_lossy(&out.stderr))
        ));
    }
    Ok(stdout)
}

fn clip(s: &str) -> &str {
    let mut end = s.len().min(8000);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// Escapes an output line for a FileCheck pattern: `[[` would start a
/// variable, and the base address varies from run to run.
fn check_pattern(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + 16);
    let mut rest = line;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("base@ = 0xMASKED") {
            out.push_str("base@ = {{0x[0-9a-f]+}}");
            rest = after;
        } else if rest.starts_with("[[") {
            let n = rest.bytes().take_while(|&b| b == b'[').count();
            out.push_str("{{");
            for _ in 0..n {
                out.push_str("\\[");
            }
            out.push_str("}}");
            rest = &rest[n..];
        } else {
            let c = rest.chars().next().unwrap_or(' ');
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// The expected-output block for a (masked) output.
fn expected_block(masked: &str) -> String {
    let mut block = String::from(BLOCK_START);
    block.push('\n');
    let body = masked.strip_suffix('\n').unwrap_or(masked);
    for (i, line) in body.split('\n').enumerate() {
        let pattern = check_pattern(line);
        if i == 0 {
            block.push_str("// CHECK: ");
            block.push_str(&pattern);
        } else if pattern.trim().is_empty() {
            block.push_str("// CHECK-EMPTY:");
        } else {
            block.push_str("// CHECK-NEXT: ");
            block.push_str(&pattern);
        }
        block.push('\n');
    }
    block
}

/// Splits a program into the text before its expected-output block and the
/// block (empty when it has none).
fn split_block(text: &str) -> (&str, &str) {
    match text.find(BLOCK_START) {
        Some(at) => (&text[..at], &text[at..]),
        None => (text, ""),
    }
}

fn is_xfail(text: &str) -> bool {
    text.lines().any(|l| l.trim_start().strip_prefix("//").is_some_and(|r| r.trim() == "XFAIL: *"))
}

/// First differing line of two outputs, for the failure message.
fn first_difference(expected: &str, actual: &str) -> String {
    let (e, a): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), actual.lines().collect());
    for i in 0..e.len().max(a.len()) {
        let (x, y) = (e.get(i), a.get(i));
        if x != y {
            return format!(
                "first difference at line {}:\n  mlir-cpu-runner-19: {}\n  bufopt-run:         {}",
                i + 1,
                x.map_or("<end of output>".into(), |s| format!("{s:?}")),
                y.map_or("<end of output>".into(), |s| format!("{s:?}"))
            );
        }
    }
    "outputs differ only in the final newline".into()
}

fn run_program(env: &Env, path: &Path) -> Result<Completion, Failed> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    if let Some(missing) = &env.missing_mlir {
        let msg = format!("skipped: {missing} not installed");
        if env.require_mlir {
            return Err(format!("{msg} (and BUFOPT_REQUIRE_MLIR=1)").into());
        }
        println!("interp_diff/{name}: {msg}");
        return Ok(Completion::ignored_with(msg));
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;

    // 1. The oracle.
    let reference = run_capture(
        Command::new("bash").arg(&env.lower_and_run).arg("--mask").arg(path).current_dir(&env.root),
        "scripts/lower-and-run.sh",
    )?;

    // 2. The stored expectation.
    let (program, block) = split_block(&text);
    let want_block = expected_block(&reference);
    if block != want_block {
        if env.regen {
            let mut new_text = program.trim_end_matches('\n').to_string();
            new_text.push_str("\n\n");
            new_text.push_str(&want_block);
            std::fs::write(path, new_text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            println!("interp_diff/{name}: expected output regenerated");
        } else {
            return Err(format!(
                "{name}: the stored expected output is stale or missing; rerun with BUFOPT_REGEN_EXPECTED=1.\n\
                 mlir-cpu-runner-19 printed:\n{}",
                clip(&reference)
            )
            .into());
        }
    }

    // 3. The interpreter.
    let Some(bufopt_run) = &env.bufopt_run else {
        let msg = "skipped: bufopt-run not built (expected output checked)".to_string();
        println!("interp_diff/{name}: {msg}");
        return Ok(Completion::ignored_with(msg));
    };
    let xfail = is_xfail(program);
    let actual = run_capture(Command::new(bufopt_run).arg("--strict").arg(path).current_dir(&env.root), "bufopt-run")
        .map(|s| mask_addresses(&s));
    match (actual, xfail) {
        (Ok(actual), false) if actual == reference => Ok(Completion::Completed),
        (Ok(actual), false) => Err(format!(
            "{name}: bufopt-run's output differs from mlir-cpu-runner-19's\n{}\n--- bufopt-run ---\n{}",
            first_difference(&reference, &actual),
            clip(&actual)
        )
        .into()),
        (Err(e), false) => Err(e.into()),
        (Ok(actual), true) if actual == reference => {
            Err(format!("{name}: marked XFAIL but bufopt-run now matches mlir-cpu-runner-19; remove the XFAIL line")
                .into())
        }
        (_, true) => {
            let msg = "expected failure (XFAIL)".to_string();
            println!("interp_diff/{name}: {msg}");
            Ok(Completion::ignored_with(msg))
        }
    }
}
