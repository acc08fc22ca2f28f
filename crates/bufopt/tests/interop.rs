//! Interop with mlir-opt-19: for every valid test file under `tests/syntax`
//! and `tests/interop`, bufopt's output must equal mlir-opt-19's byte for
//! byte in custom form and in generic form, and bufopt re-reading
//! mlir-opt-19's output must print it unchanged.
//!
//! Files whose RUN lines expect failure (`not`, `-verify-diagnostics`) are
//! skipped. Without mlir-opt-19 the test prints "skipped" and passes,
//! unless `BUFOPT_REQUIRE_MLIR=1`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("repo root")
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|e| e == "mlir") {
            out.push(p);
        }
    }
}

fn run(cmd: &str, args: &[&str], stdin: Option<&[u8]>) -> (bool, Vec<u8>, String) {
    use std::io::Write;
    let mut child = Command::new(cmd)
        .args(args)
        .stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {cmd}: {e}"));
    if let Some(data) = stdin {
        child.stdin.take().expect("stdin").write_all(data).expect("write stdin");
    }
    let out = child.wait_with_output().expect("wait");
    (out.status.success(), out.stdout, String::from_utf8_lossy(&out.stderr).into_owned())
}

fn mlir_opt_available() -> bool {
    Command::new("mlir-opt-19").arg("--version").stdout(Stdio::null()).stderr(Stdio::null()).status().is_ok()
}

/// The extra flags a file's first RUN line passes to bufopt that also
/// mean something to mlir-opt (e.g. hex printing thresholds).
fn file_flags(text: &str) -> Option<Vec<String>> {
    let mut flags = vec!["--allow-unregistered-dialect".to_string()];
    let mut any_run = false;
    for line in text.lines() {
        let Some(run) = line.trim_start().strip_prefix("// RUN:") else { continue };
        any_run = true;
        if run.contains("verify-diagnostics") || run.contains("not ") || run.contains("--pass-pipeline") {
            return None;
        }
        let first = run.split('|').next().unwrap_or("");
        if !first.trim_start().starts_with("bufopt") {
            continue;
        }
        for w in first.split_whitespace().skip(1) {
            let keep = w.starts_with("-split-input-file")
                || w.starts_with("--split-input-file")
                || w.starts_with("--mlir-print-elementsattrs-with-hex-if-larger")
                || w.starts_with("--mlir-elide-elementsattrs-if-larger")
                || w.starts_with("--mlir-print-debuginfo");
            if keep && !flags.iter().any(|f| f == w) {
                flags.push(w.to_string());
            }
        }
        break;
    }
    any_run.then_some(flags)
}

#[test]
fn bufopt_matches_mlir_opt_19() {
    if !mlir_opt_available() {
        if std::env::var("BUFOPT_REQUIRE_MLIR").as_deref() == Ok("1") {
            panic!("mlir-opt-19 is required (BUFOPT_REQUIRE_MLIR=1) but not installed");
        }
        println!("skipped: mlir-opt-19 not installed");
        return;
    }
    let bufopt = env!("CARGO_BIN_EXE_bufopt");
    let root = repo_root();
    let mut files = Vec::new();
    collect(&root.join("tests/syntax"), &mut files);
    collect(&root.join("tests/interop"), &mut files);
    let mut failures = Vec::new();
    let mut checked = 0;
    for f in &files {
        let text = std::fs::read_to_string(f).expect("read");
        let Some(flags) = file_flags(&text) else { continue };
        let path = f.to_str().expect("utf-8 path");
        let rel = f.strip_prefix(&root).unwrap_or(f).display().to_string();
        for generic in [false, true] {
            let mut args: Vec<&str> = flags.iter().map(String::as_str).collect();
            if generic {
                args.push("--mlir-print-op-generic");
            }
            args.push(path);
            let (mok, mout, merr) = run("mlir-opt-19", &args, None);
            if !mok {
                // Inputs mlir-opt rejects are not interop cases.
                let _ = merr;
                continue;
            }
            let (bok, bout, berr) = run(bufopt, &args, None);
            checked += 1;
            if !bok || bout != mout {
                failures.push(format!(
                    "{rel} ({}): bufopt differs from mlir-opt-19\n{}",
                    if generic { "generic" } else { "custom" },
                    first_difference(&mout, &bout, &berr)
                ));
                continue;
            }
            // Re-reading mlir-opt-19's output prints it unchanged.
            let mut rargs: Vec<&str> = args[..args.len() - 1].to_vec();
            rargs.retain(|a| !a.contains("split-input-file"));
            if !flags.iter().any(|f| f.contains("split-input-file")) {
                let (rok, rout, rerr) = run(bufopt, &rargs, Some(&mout));
                if !rok || rout != mout {
                    failures.push(format!(
                        "{rel} ({}): re-reading mlir-opt-19's output changed it\n{}",
                        if generic { "generic" } else { "custom" },
                        first_difference(&mout, &rout, &rerr)
                    ));
                }
            }
        }
    }
    println!("interop: {checked} (file, form) pairs compared with mlir-opt-19");
    assert!(checked >= 40, "expected at least 40 interop comparisons, got {checked}");
    assert!(failures.is_empty(), "{} interop failures:\n{}", failures.len(), failures.join("\n"));
}

fn first_difference(expected: &[u8], got: &[u8], stderr: &str) -> String {
    let e = String::from_utf8_lossy(expected);
    let g = String::from_utf8_lossy(got);
    for (i, (a, b)) in e.lines().zip(g.lines()).enumerate() {
        if a != b {
            return format!("  line {}:\n    mlir-opt-19: {a}\n    bufopt:      {b}\n  stderr: {stderr}", i + 1);
        }
    }
    format!("  lengths differ ({} vs {} lines)\n  stderr: {stderr}", e.lines().count(), g.lines().count())
}
