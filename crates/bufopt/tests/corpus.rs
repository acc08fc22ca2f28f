//! The canonicalize corpus check: every `tests/corpus/*.mlir` program is
//! canonicalized by `mlir-opt-19 --canonicalize` (M) and by
//! `bufopt --canonicalize` (B); then
//!
//! 1. B must parse (and verify) in mlir-opt-19, and M in bufopt;
//! 2. both, re-printed by mlir-opt-19 (which normalises names and layout),
//!    must be identical.
//!
//! A file with an `// XFAIL: *` line (and a `// Known disagreement: <reason>`
//! line) records a disagreement caused by a pattern bufopt lacks: its trial
//! passes while the check fails and fails once the check passes (so the
//! lines get removed). Each file also carries a lit `RUN:` line doing the
//! same check, so `cargo test --test lit -- corpus/` runs it too.
//!
//! One libtest trial per file, named by the file name. When mlir-opt-19 is
//! not on `PATH` every trial is ignored and a `skipped: mlir-opt-19 not
//! installed` line is printed — unless `BUFOPT_REQUIRE_MLIR=1`, which makes
//! that a failure.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use libtest_mimic::{Arguments, Failed, Trial};

const MLIR_OPT: &str = "mlir-opt-19";

/// Runs `program args` with `input` on stdin; stdout on success, else a
/// message with stderr.
fn run(program: &str, args: &[&str], input: Option<&str>) -> Result<String, String> {
    let mut cmd = Command::new(program);
    cmd.args(args).stdout(Stdio::piped()).stderr(Stdio::piped());
    cmd.stdin(if input.is_some() { Stdio::piped() } else { Stdio::null() });
    let mut child = cmd.spawn().map_err(|e| format!("cannot run {program}: {e}"))?;
    if let (Some(text), Some(mut stdin)) = (input, child.stdin.take()) {
        // A write error shows up as a failed exit below.
        let _ = stdin.write_all(text.as_bytes());
    }
    let out = child.wait_with_output().map_err(|e| format!("{program}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "`{program} {}` failed ({}):\n{}",
            args.join(" "),
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    String::from_utf8(out.stdout).map_err(|e| format!("{program}: non-UTF-8 output: {e}"))
}

fn mlir_opt_available() -> bool {
    Command::new(MLIR_OPT)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// A unified-ish diff: the first differing line with some context.
fn first_difference(a: &str, b: &str) -> String {
    let (la, lb): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    let i = la.iter().zip(&lb).position(|(x, y)| x != y).unwrap_or(la.len().min(lb.len()));
    let from = i.saturating_sub(3);
    let mut out = format!("first difference at line {}:\n", i + 1);
    for k in from..(i + 4) {
        if let Some(l) = la.get(k) {
            out.push_str(&format!("  mlir-opt-19: {l}\n"));
        }
        if let Some(l) = lb.get(k) {
            out.push_str(&format!("  bufopt     : {l}\n"));
        }
    }
    out
}

fn check(bufopt: &Path, file: &Path) -> Result<(), Failed> {
    let path = file.to_string_lossy().to_string();
    let bufopt = bufopt.to_string_lossy().to_string();
    let m = run(MLIR_OPT, &["--canonicalize", &path], None)?;
    let b = run(&bufopt, &["--canonicalize", &path], None)?;
    let b_norm =
        run(MLIR_OPT, &[], Some(&b)).map_err(|e| format!("bufopt's output does not parse in mlir-opt-19: {e}"))?;
    run(&bufopt, &[], Some(&m)).map_err(|e| format!("mlir-opt-19's output does not parse in bufopt: {e}"))?;
    let m_norm = run(MLIR_OPT, &[], Some(&m))?;
    if b_norm != m_norm {
        return Err(format!(
            "canonicalized outputs differ after normalisation by mlir-opt-19\n{}",
            first_difference(&m_norm, &b_norm)
        )
        .into());
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .map(|rd| {
            rd.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "mlir")).collect()
        })
        .unwrap_or_default();
    files.sort();
    let available = mlir_opt_available();
    let require = std::env::var("BUFOPT_REQUIRE_MLIR").is_ok_and(|v| v == "1");
    if !available {
        println!("skipped: {MLIR_OPT} not installed (corpus check of {} programs)", files.len());
    }
    let bufopt = PathBuf::from(env!("CARGO_BIN_EXE_bufopt"));
    let trials: Vec<Trial> = files
        .into_iter()
        .map(|file| {
            let name = file.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
            let bufopt = bufopt.clone();
            let ignored = !available && !require;
            Trial::test(name, move || {
                if !available {
                    return Err(format!("{MLIR_OPT} not installed and BUFOPT_REQUIRE_MLIR=1").into());
                }
                let text = std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
                let xfail = text.lines().any(|l| l.trim_start().starts_with("// XFAIL:")).then(|| {
                    text.lines()
                        .find_map(|l| l.trim_start().strip_prefix("// Known disagreement:"))
                        .unwrap_or("no reason given")
                        .trim()
                });
                match (check(&bufopt, &file), xfail) {
                    (Ok(()), None) | (Err(_), Some(_)) => Ok(()),
                    (Err(e), None) => Err(e),
                    (Ok(()), Some(reason)) => {
                        Err(format!("unexpectedly passed; remove the XFAIL line ({reason})").into())
                    }
                }
            })
            .with_ignored_flag(ignored)
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
