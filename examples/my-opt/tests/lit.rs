//! Runs the example's `.mlir` tests (`tests/lit/*.mlir`): each `// RUN:`
//! line is a pipeline of `my-opt` invocations (`not my-opt ... 2>&1` for
//! one that must fail, its errors piped on) ending, optionally, in
//! `FileCheck` (bufopt's FileCheck, in process). Two more commands may
//! take the piped text: `bufopt-run` (bufopt's interpreter, in process, so
//! a bufferized program is executed under the memory checker) and
//! `mlir-opt-19` (the oracle, which must accept the text; a RUN line using
//! it is skipped when it is not installed, unless `BUFOPT_REQUIRE_MLIR=1`).
//! This small runner knows only those commands; bufopt's own tests use the
//! full lit runner.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn my_opt(args: &[String], stdin: Option<&str>) -> (bool, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_my-opt"));
    cmd.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("my-opt starts");
    {
        use std::io::Write;
        let mut input = child.stdin.take().expect("stdin");
        if let Some(text) = stdin {
            input.write_all(text.as_bytes()).expect("write stdin");
        }
    }
    let out = child.wait_with_output().expect("my-opt runs");
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

/// Runs `bufopt-run args` on `text` in process; its stdout, or why it failed.
fn bufopt_run(args: &[String], text: &str) -> Result<String, String> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let input = std::env::temp_dir().join(format!("my-opt-lit-{}-{n}.mlir", std::process::id()));
    std::fs::write(&input, text).map_err(|e| e.to_string())?;
    let mut all = args.to_vec();
    all.push(input.to_string_lossy().to_string());
    let out = interp::cli::main_with_args(&all);
    let _ = std::fs::remove_file(&input);
    if out.code != 0 {
        return Err(format!("bufopt-run {args:?} failed:\n{}{}", out.stdout, out.stderr));
    }
    Ok(out.stdout)
}

/// Runs `mlir-opt-19 args` on `text`: `Ok(None)` when it is not installed.
fn mlir_opt_19(args: &[String], text: &str) -> Result<Option<String>, String> {
    use std::io::Write;
    let child = Command::new("mlir-opt-19")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if std::env::var("BUFOPT_REQUIRE_MLIR").is_ok_and(|v| v == "1") {
                return Err("mlir-opt-19 is required (BUFOPT_REQUIRE_MLIR=1) but not installed".into());
            }
            return Ok(None);
        }
        Err(e) => return Err(e.to_string()),
    };
    child.stdin.take().expect("stdin").write_all(text.as_bytes()).map_err(|e| e.to_string())?;
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!("mlir-opt-19 {args:?} rejected the text:\n{}", String::from_utf8_lossy(&out.stderr)));
    }
    Ok(Some(String::from_utf8_lossy(&out.stdout).into()))
}

/// Runs one RUN line; `Err` says why it failed.
fn run_line(line: &str, file: &Path) -> Result<(), String> {
    let path = file.to_string_lossy().to_string();
    let mut piped: Option<String> = None;
    for stage in line.split('|') {
        let mut words = shlex::split(stage.trim()).ok_or_else(|| format!("cannot split '{stage}'"))?;
        // `not my-opt ...`: the command must fail; `2>&1`: its errors are
        // piped on with its output.
        let expect_failure = words.first().is_some_and(|w| w == "not");
        if expect_failure {
            words.remove(0);
        }
        let merge_stderr = words.last().is_some_and(|w| w == "2>&1");
        if merge_stderr {
            words.pop();
        }
        let args: Vec<String> = words.iter().skip(1).map(|w| w.replace("%s", &path)).collect();
        if expect_failure && words.first().map(String::as_str) != Some("my-opt") {
            return Err(format!("only 'not my-opt' is supported in RUN line '{line}'"));
        }
        match words.first().map(String::as_str) {
            Some("my-opt") => {
                let stdin = if args.iter().any(|a| a == &path) { None } else { piped.as_deref() };
                let (ok, out, err) = my_opt(&args, stdin);
                if ok == expect_failure {
                    let what = if ok { "succeeded (expected to fail)" } else { "failed" };
                    return Err(format!("my-opt {args:?} {what}:\n{err}"));
                }
                piped = Some(if merge_stderr { out + &err } else { out });
            }
            Some("FileCheck") => {
                let mut opts = filecheck::Options::default();
                for a in &args {
                    if let Some(p) = a.strip_prefix("--check-prefix=") {
                        opts.check_prefixes = vec![p.to_string()];
                    }
                }
                let checks = std::fs::read_to_string(file).map_err(|e| e.to_string())?;
                let input = piped.take().unwrap_or_default();
                filecheck::run(&checks, &path, &input, &opts)?;
            }
            Some("bufopt-run") => {
                let input = piped.take().ok_or_else(|| format!("bufopt-run needs piped input in '{line}'"))?;
                piped = Some(bufopt_run(&args, &input)?);
            }
            Some("mlir-opt-19") => {
                let input = piped.take().ok_or_else(|| format!("mlir-opt-19 needs piped input in '{line}'"))?;
                match mlir_opt_19(&args, &input)? {
                    Some(out) => piped = Some(out),
                    None => {
                        eprintln!("skipped (mlir-opt-19 not installed): {line}");
                        return Ok(());
                    }
                }
            }
            other => return Err(format!("unknown command {other:?} in RUN line '{line}'")),
        }
    }
    Ok(())
}

#[test]
fn lit_files() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/lit");
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(&dir).expect("tests/lit").map(|e| e.expect("entry").path()).collect();
    files.sort();
    let mut failures = Vec::new();
    let mut runs = 0;
    for f in &files {
        let text = std::fs::read_to_string(f).expect("readable");
        for line in text.lines().filter_map(|l| l.split_once("// RUN:").map(|(_, r)| r.trim())) {
            runs += 1;
            if let Err(e) = run_line(line, f) {
                failures.push(format!("{}: {line}\n{e}", f.display()));
            }
        }
    }
    assert!(runs >= 5, "expected the example's RUN lines, found {runs}");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
