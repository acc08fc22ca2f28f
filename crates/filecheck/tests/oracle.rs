//! Oracle test: our FileCheck must reach the same verdict as LLVM's.
//!
//! Every `cases/*.test` file holds one check file, one input, the command
//! line arguments and the exit code LLVM 19's FileCheck gives for them:
//!
//! ```text
//! #--- expect        the expected exit code (0, 1 or 2)
//! #--- args          one FileCheck argument per line
//! #--- check         the check file (`check-noeol`: without final newline)
//! #--- input         the input, up to the end of the file
//! ```
//!
//! Our exit code must equal the recorded one.  When LLVM's FileCheck is
//! installed (`/usr/lib/llvm-19/bin/FileCheck`, or `FileCheck-19` on PATH) it
//! is run on every case too and must agree; otherwise that half is skipped
//! with a message, unless `BUFOPT_REQUIRE_MLIR=1` makes its absence an error.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

struct Case {
    name: String,
    expect: i32,
    args: Vec<String>,
    check: String,
    input: String,
}

fn parse_case(name: &str, text: &str) -> Case {
    let mut case =
        Case { name: name.to_string(), expect: -1, args: Vec::new(), check: String::new(), input: String::new() };
    let mut section = "";
    let mut noeol = false;
    let mut rest = text;
    while !rest.is_empty() {
        let (line, tail) = match rest.find('\n') {
            Some(i) => (&rest[..=i], &rest[i + 1..]),
            None => (rest, ""),
        };
        if let Some(s) = line.strip_prefix("#--- ") {
            section = s.trim_end();
            noeol |= section == "check-noeol";
            rest = tail;
            if section == "input" {
                case.input = tail.to_string();
                break;
            }
            continue;
        }
        match section {
            "expect" => case.expect = line.trim().parse().expect("numeric expectation"),
            "args" => case.args.push(line.trim_end_matches('\n').to_string()),
            "check" | "check-noeol" => case.check.push_str(line),
            other => panic!("{name}: unknown section {other:?}"),
        }
        rest = tail;
    }
    if noeol {
        case.check.pop();
    }
    case
}

fn llvm_filecheck() -> Option<PathBuf> {
    let fixed = Path::new("/usr/lib/llvm-19/bin/FileCheck");
    if fixed.exists() {
        return Some(fixed.to_path_buf());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join("FileCheck-19")).find(|p| p.exists())
}

fn run_llvm(bin: &Path, case: &Case, check_path: &Path) -> i32 {
    let mut child = Command::new(bin)
        .args(&case.args)
        .arg(check_path)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("run LLVM FileCheck");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("piped stdin");
        let _ = stdin.write_all(case.input.as_bytes());
    }
    child.wait().expect("wait for LLVM FileCheck").code().unwrap_or(-1)
}

#[test]
fn verdicts_match_llvm() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("cases directory")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "test"))
        .collect();
    files.sort();
    assert!(files.len() >= 60, "the corpus should have at least 60 cases");

    let llvm = llvm_filecheck();
    if llvm.is_none() {
        if std::env::var("BUFOPT_REQUIRE_MLIR").as_deref() == Ok("1") {
            panic!("LLVM FileCheck not installed but BUFOPT_REQUIRE_MLIR=1");
        }
        println!("skipped: LLVM FileCheck not installed (checking recorded verdicts only)");
    }
    let tmp = std::env::temp_dir().join(format!("filecheck-oracle-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).expect("temp dir");

    let mut failures = Vec::new();
    for file in &files {
        let name = file.file_stem().expect("file name").to_string_lossy().into_owned();
        let text = std::fs::read_to_string(file).expect("read case");
        let case = parse_case(&name, &text);
        let check_path = tmp.join(format!("{name}.check"));
        std::fs::write(&check_path, &case.check).expect("write check file");

        let mut argv = vec!["FileCheck".to_string()];
        argv.extend(case.args.iter().cloned());
        argv.push(check_path.to_string_lossy().into_owned());
        let mut diagnostics = Vec::new();
        let ours = filecheck::main_with_io(&argv, case.input.as_bytes(), &mut diagnostics);

        if ours != case.expect {
            failures.push(format!(
                "{}: exit code {ours}, expected {}\n{}",
                case.name,
                case.expect,
                String::from_utf8_lossy(&diagnostics)
            ));
        }
        if let Some(bin) = &llvm {
            let theirs = run_llvm(bin, &case, &check_path);
            if theirs != ours {
                failures.push(format!("{}: LLVM FileCheck exits {theirs}, ours {ours}", case.name));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(failures.is_empty(), "{} of {} cases disagree:\n{}", failures.len(), files.len(), failures.join("\n"));
    println!("{} cases agree", files.len());
}
