//! A lit-style test runner for the repository's `tests/**/*.mlir` files.
//!
//! Every `*.mlir` file under the top-level `tests/` directory (except inside
//! `Inputs/` directories, which hold helper files) is one libtest trial,
//! named by its path relative to `tests/`, so `cargo test --test lit --
//! lit-selftest/` and nextest filters work.  A test file contains:
//!
//! * `RUN: <command>` lines (a trailing `\` continues the command on the next
//!   RUN line), executed in order with `bash -o pipefail -c` until one fails;
//! * optionally `REQUIRES: <features>`, `UNSUPPORTED: <features>` and
//!   `XFAIL: <features>|*`, where features are comma-separated boolean
//!   expressions (`!`, `&&`, `||`, parentheses) over the available features:
//!   the name of every LLVM 19 tool found on `PATH` (`mlir-opt-19`,
//!   `mlir-cpu-runner-19`, `mlir-translate-19`, `FileCheck-19`, ...), `bash`
//!   and `linux`/`macos`.
//!
//! Substitutions follow lit: `%s` (test file), `%S` and `%p` (its directory),
//! `%t` (a per-test temporary path), `%T` (its directory), `%basename_t`,
//! `%{pathsep}` and `%%`.  Commands run in a per-test scratch directory with
//! `PATH` prefixed by a directory of links: `bufopt`, `FileCheck` (our
//! FileCheck, or the one named by `BUFOPT_LIT_FILECHECK`, e.g. LLVM's, to
//! cross-check) and `not`.  `mlir-opt` is deliberately not aliased.
//!
//! A test whose RUN lines use a missing LLVM 19 tool (any `mlir-*-19`,
//! `llvm-*-19` or `FileCheck-19` word), or whose REQUIRES names a missing
//! one, is reported as ignored with "skipped: <tool> not installed" — unless
//! `BUFOPT_REQUIRE_MLIR=1`, which turns that into a failure.  A RUN line is
//! killed after `BUFOPT_LIT_TIMEOUT` seconds (default 600). Commands run
//! with `BUFOPT_CHECK_INVARIANTS=1`, so the pass manager checks
//! `Ir::check_invariants` after every pass, in release builds too.
//!
//! Upstream's own tests: every path listed in `tests/upstream-passing.txt`
//! (relative to MLIR 19.1.7's `mlir/test`) is a trial named
//! `upstream/<path>`, run from the unpacked sources
//! (`BUFOPT_UPSTREAM_MLIR`, default `../mlir19/mlir` beside the repository,
//! where `../shared/tools/get-mlir19-source.sh` puts them) with `mlir-opt`
//! aliased to `bufopt`. The list holds the files that pass, so a regression
//! shows as a failure. When any listed file is missing (no sources, or a
//! partial unpack) one line on stderr says so and those trials are ignored
//! with a "skipped" reason, or fail under `BUFOPT_REQUIRE_MLIR=1` (CI).

use std::collections::{BTreeSet, HashSet};
use std::hash::{Hash, Hasher};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};
use testkit::process::find_on_path;

use libtest_mimic::{Arguments, Completion, Failed, Trial};

/// What every trial shares.
struct Env {
    /// Directory with the `bufopt`, `FileCheck` and `not` links.
    shims: PathBuf,
    /// Root of the per-test scratch directories.
    scratch: PathBuf,
    /// Available features (see the module docs).
    features: HashSet<String>,
    /// `BUFOPT_REQUIRE_MLIR=1`: missing LLVM tools are failures.
    require_mlir: bool,
    timeout: Duration,
}

/// One parsed test file.
struct TestFile {
    /// RUN commands with the line number where each starts.
    runs: Vec<(usize, String)>,
    requires: Vec<String>,
    unsupported: Vec<String>,
    xfail: Vec<String>,
}

/// Most bytes of a command's stdout/stderr shown in a failure report.
const OUTPUT_LIMIT: usize = 20_000;

fn main() {
    let args = Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let tests_dir = root.join("tests");
    let env = match setup() {
        Ok(env) => Arc::new(env),
        Err(e) => {
            eprintln!("lit: cannot set up the test environment: {e}");
            std::process::exit(101);
        }
    };
    let mut files = Vec::new();
    discover(&tests_dir, &mut files);
    files.sort();
    let mut trials: Vec<Trial> = files
        .into_iter()
        .map(|path| {
            let name = path.strip_prefix(&tests_dir).unwrap_or(&path).to_string_lossy().replace('\\', "/");
            let env = Arc::clone(&env);
            let trial_name = name.clone();
            Trial::ignorable_test(trial_name, move || run_test(&env, &path, &name))
        })
        .collect();
    trials.extend(upstream_trials(&root));
    libtest_mimic::run(&args, trials).exit();
}

/// The trials of `tests/upstream-passing.txt` (see the module docs).
///
/// The sources count as present only when every listed file is there: a
/// partial unpack (say `mlir/` without `test/`) is reported like a missing
/// one, with one line on stderr naming the directory and a missing file,
/// and the trials are ignored, or fail under `BUFOPT_REQUIRE_MLIR=1`.
fn upstream_trials(root: &Path) -> Vec<Trial> {
    let list = std::fs::read_to_string(root.join("tests/upstream-passing.txt")).unwrap_or_default();
    let paths: Vec<String> =
        list.lines().map(|l| l.split('#').next().unwrap_or("").trim().to_string()).filter(|l| !l.is_empty()).collect();
    let src =
        std::env::var_os("BUFOPT_UPSTREAM_MLIR").map(PathBuf::from).unwrap_or_else(|| root.join("../mlir19/mlir"));
    let test_root = src.join("test");
    let require = std::env::var("BUFOPT_REQUIRE_MLIR").as_deref() == Ok("1");
    let missing: Vec<&String> = paths.iter().filter(|rel| !test_root.join(rel).is_file()).collect();
    let absent = match missing.first() {
        None => None,
        Some(first) => {
            let what = if missing.len() == paths.len() { "not found" } else { "incomplete" };
            Some(format!(
                "upstream MLIR 19 sources {what} at {} ({} of {} listed files missing, e.g. test/{first}); \
                 unpack them with ../shared/tools/get-mlir19-source.sh or set BUFOPT_UPSTREAM_MLIR",
                src.display(),
                missing.len(),
                paths.len()
            ))
        }
    };
    let env = match &absent {
        Some(reason) => {
            let verdict = if require { "failing (BUFOPT_REQUIRE_MLIR=1)" } else { "skipping" };
            eprintln!("lit: {reason}: {verdict} the upstream/ trials");
            None
        }
        None => match setup_with(&[("mlir-opt", PathBuf::from(env!("CARGO_BIN_EXE_bufopt")))]) {
            Ok(env) => Some(Arc::new(env)),
            Err(e) => {
                eprintln!("lit: cannot set up the upstream test environment: {e}");
                std::process::exit(101);
            }
        },
    };
    let absent = absent.map(Arc::new);
    paths
        .into_iter()
        .map(|rel| {
            let name = format!("upstream/{rel}");
            let path = test_root.join(&rel);
            let env = env.clone();
            let absent = absent.clone();
            Trial::ignorable_test(name.clone(), move || match (&env, &absent) {
                (Some(env), _) => run_test(env, &path, &name),
                (None, Some(reason)) if require => Err(Failed::from(format!("{reason} (BUFOPT_REQUIRE_MLIR=1)"))),
                (None, _) => Ok(Completion::ignored_with("skipped: upstream MLIR 19 sources absent or incomplete")),
            })
        })
        .collect()
}

/// Collects `*.mlir` files below `dir`, skipping `Inputs` directories.
fn discover(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "Inputs") {
                discover(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "mlir") {
            out.push(path);
        }
    }
}

/// Creates the link directory and computes the feature set.
fn setup() -> std::io::Result<Env> {
    setup_with(&[])
}

/// [`setup`] with extra links (upstream tests alias `mlir-opt`).
fn setup_with(extra: &[(&str, PathBuf)]) -> std::io::Result<Env> {
    let filecheck = std::env::var_os("BUFOPT_LIT_FILECHECK")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_filecheck")));
    let mut links = vec![
        ("bufopt", PathBuf::from(env!("CARGO_BIN_EXE_bufopt"))),
        ("FileCheck", filecheck),
        ("not", PathBuf::from(env!("CARGO_BIN_EXE_not"))),
        ("bufopt-run", PathBuf::from(env!("CARGO_BIN_EXE_bufopt-run"))),
    ];
    links.extend(extra.iter().cloned());
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    // One link directory per set of targets, so concurrent runners (nextest
    // runs one process per test) never see a half-made directory.
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    links.hash(&mut hasher);
    let shims = tmp.join(format!("lit-shims-{:016x}", hasher.finish()));
    std::fs::create_dir_all(&shims)?;
    for (name, target) in &links {
        let link = shims.join(name);
        if std::fs::read_link(&link).ok().as_ref() == Some(target) {
            continue;
        }
        let staging = shims.join(format!(".{name}.{}", std::process::id()));
        let _ = std::fs::remove_file(&staging);
        std::os::unix::fs::symlink(target, &staging)?;
        std::fs::rename(&staging, &link)?;
    }

    let mut features: HashSet<String> = ["bash".to_string()].into_iter().collect();
    features.insert(if cfg!(target_os = "macos") { "macos" } else { "linux" }.to_string());
    for tool in [
        "mlir-opt-19",
        "mlir-cpu-runner-19",
        "mlir-translate-19",
        "mlir-runner-19",
        "FileCheck-19",
        "not-19",
        "split-file-19",
    ] {
        if find_on_path(tool).is_some() {
            features.insert(tool.to_string());
        }
    }
    let timeout = std::env::var("BUFOPT_LIT_TIMEOUT").ok().and_then(|s| s.parse().ok()).unwrap_or(600);
    Ok(Env {
        shims,
        scratch: tmp.join("lit"),
        features,
        require_mlir: std::env::var("BUFOPT_REQUIRE_MLIR").as_deref() == Ok("1"),
        timeout: Duration::from_secs(timeout),
    })
}

/// Text after `keyword` on `line`, if the keyword occurs.
fn directive<'l>(line: &'l str, keyword: &str) -> Option<&'l str> {
    line.find(keyword).map(|i| line[i + keyword.len()..].trim())
}

fn parse_test(text: &str) -> Result<TestFile, String> {
    let mut file = TestFile { runs: Vec::new(), requires: Vec::new(), unsupported: Vec::new(), xfail: Vec::new() };
    let mut pending: Option<(usize, String)> = None;
    for (i, line) in text.lines().enumerate() {
        let lineno = i + 1;
        if let Some(cmd) = directive(line, "RUN:") {
            let (start, mut acc) = pending.take().unwrap_or((lineno, String::new()));
            if let Some(cont) = cmd.strip_suffix('\\') {
                acc.push_str(cont);
                acc.push(' ');
                pending = Some((start, acc));
            } else {
                acc.push_str(cmd);
                file.runs.push((start, acc.trim().to_string()));
            }
            continue;
        }
        let lists =
            [("REQUIRES:", &mut file.requires), ("UNSUPPORTED:", &mut file.unsupported), ("XFAIL:", &mut file.xfail)];
        for (keyword, list) in lists {
            if let Some(rest) = directive(line, keyword) {
                list.extend(rest.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()));
            }
        }
        if line.contains("END.") && pending.is_none() && !file.runs.is_empty() {
            break;
        }
    }
    if let Some((start, _)) = pending {
        return Err(format!("RUN line {start} ends with a line continuation"));
    }
    if file.runs.is_empty() {
        return Err("test has no 'RUN:' line".to_string());
    }
    Ok(file)
}

/// Evaluates a lit boolean feature expression.
fn eval_features(expr: &str, features: &HashSet<String>) -> Result<bool, String> {
    let mut tokens = Vec::new();
    let chars: Vec<char> = expr.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c == '(' || c == ')' || c == '!' {
            tokens.push(c.to_string());
            i += 1;
        } else if expr[i..].starts_with("&&") || expr[i..].starts_with("||") {
            tokens.push(expr[i..i + 2].to_string());
            i += 2;
        } else {
            let start = i;
            while i < chars.len() && !chars[i].is_whitespace() && !"()!&|".contains(chars[i]) {
                i += 1;
            }
            if start == i {
                return Err(format!("cannot parse feature expression '{expr}'"));
            }
            tokens.push(chars[start..i].iter().collect());
        }
    }
    let mut pos = 0;
    let value = parse_or(&tokens, &mut pos, features)?;
    if pos != tokens.len() {
        return Err(format!("cannot parse feature expression '{expr}'"));
    }
    Ok(value)
}

fn parse_or(t: &[String], pos: &mut usize, f: &HashSet<String>) -> Result<bool, String> {
    let mut v = parse_and(t, pos, f)?;
    while t.get(*pos).is_some_and(|s| s == "||") {
        *pos += 1;
        v |= parse_and(t, pos, f)?;
    }
    Ok(v)
}

fn parse_and(t: &[String], pos: &mut usize, f: &HashSet<String>) -> Result<bool, String> {
    let mut v = parse_not(t, pos, f)?;
    while t.get(*pos).is_some_and(|s| s == "&&") {
        *pos += 1;
        v &= parse_not(t, pos, f)?;
    }
    Ok(v)
}

fn parse_not(t: &[String], pos: &mut usize, f: &HashSet<String>) -> Result<bool, String> {
    match t.get(*pos).map(String::as_str) {
        Some("!") => {
            *pos += 1;
            Ok(!parse_not(t, pos, f)?)
        }
        Some("(") => {
            *pos += 1;
            let v = parse_or(t, pos, f)?;
            if t.get(*pos).map(String::as_str) != Some(")") {
                return Err("missing ')' in feature expression".to_string());
            }
            *pos += 1;
            Ok(v)
        }
        Some(word) if !["&&", "||", ")"].contains(&word) => {
            *pos += 1;
            Ok(word == "*" || f.contains(word))
        }
        _ => Err("malformed feature expression".to_string()),
    }
}

/// Whether a word names an external LLVM 19 tool.
fn is_llvm19_tool(word: &str) -> bool {
    word.ends_with("-19") && (word.starts_with("mlir-") || word.starts_with("llvm-") || word == "FileCheck-19")
}

/// LLVM 19 tools used by the RUN lines that are not installed.
fn missing_tools(runs: &[(usize, String)]) -> BTreeSet<String> {
    runs.iter()
        .flat_map(|(_, cmd)| cmd.split(|c: char| c.is_whitespace() || "|;&()<>`$\"'".contains(c)))
        .filter(|w| is_llvm19_tool(w))
        .filter(|w| find_on_path(w).is_none())
        .map(str::to_string)
        .collect()
}

/// Applies lit's substitutions to a RUN command.
fn substitute(cmd: &str, source: &Path, tmp: &Path) -> String {
    let dir = source.parent().unwrap_or(Path::new("/"));
    let tmp_dir = tmp.parent().unwrap_or(Path::new("/"));
    let basename_t = tmp.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let table: [(&str, String); 8] = [
        ("%%", "%".to_string()),
        ("%{pathsep}", ":".to_string()),
        ("%basename_t", basename_t),
        ("%s", source.display().to_string()),
        ("%S", dir.display().to_string()),
        ("%p", dir.display().to_string()),
        ("%t", tmp.display().to_string()),
        ("%T", tmp_dir.display().to_string()),
    ];
    let mut out = String::with_capacity(cmd.len());
    let mut rest = cmd;
    'scan: while let Some(i) = rest.find('%') {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        for (key, value) in &table {
            if let Some(tail) = rest.strip_prefix(key) {
                out.push_str(value);
                rest = tail;
                continue 'scan;
            }
        }
        out.push('%');
        rest = &rest[1..];
    }
    out.push_str(rest);
    out
}

/// Runs `cmd` with bash; returns the exit status (`None` on timeout) and
/// the captured output.
fn execute(cmd: &str, cwd: &Path, env: &Env) -> std::io::Result<(Option<ExitStatus>, Vec<u8>, Vec<u8>)> {
    use std::os::unix::process::CommandExt;
    let path = match std::env::var_os("PATH") {
        Some(p) => {
            let mut dirs = vec![env.shims.clone()];
            dirs.extend(std::env::split_paths(&p));
            std::env::join_paths(dirs).map_err(std::io::Error::other)?
        }
        None => env.shims.clone().into_os_string(),
    };
    let mut child = Command::new("bash")
        .args(["-o", "pipefail", "-c", cmd])
        .current_dir(cwd)
        .env("PATH", path)
        // Every pass checks the IR's structural invariants after it runs.
        .env("BUFOPT_CHECK_INVARIANTS", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()?;
    let reader = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = pipe.read_to_end(&mut buf);
            buf
        })
    };
    let out = reader(Box::new(child.stdout.take().expect("piped stdout")));
    let err = reader(Box::new(child.stderr.take().expect("piped stderr")));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break Some(status);
        }
        if start.elapsed() > env.timeout {
            // Kill the whole process group (the pipeline), then reap.
            let _ = Command::new("kill").arg("-KILL").arg(format!("-{}", child.id())).status();
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stdout = out.join().unwrap_or_default();
    let stderr = err.join().unwrap_or_default();
    Ok((status, stdout, stderr))
}

fn clip(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    if text.len() <= OUTPUT_LIMIT {
        return text.into_owned();
    }
    let mut cut = OUTPUT_LIMIT;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}\n... ({} more bytes)", &text[..cut], text.len() - cut)
}

fn run_test(env: &Env, path: &Path, name: &str) -> Result<Completion, Failed> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let test = parse_test(&text).map_err(|e| format!("{name}: {e}"))?;

    // Requirements.
    let missing_tool_msg = |tools: &BTreeSet<String>| {
        let list: Vec<&str> = tools.iter().map(String::as_str).collect();
        format!("skipped: {} not installed", list.join(", "))
    };
    let mut missing = BTreeSet::new();
    for req in &test.requires {
        if !eval_features(req, &env.features).map_err(|e| format!("{name}: REQUIRES: {e}"))? {
            missing.insert(req.clone());
        }
    }
    missing.extend(missing_tools(&test.runs));
    if !missing.is_empty() {
        let tools_only = missing.iter().all(|m| is_llvm19_tool(m));
        let msg = if tools_only {
            missing_tool_msg(&missing)
        } else {
            let list: Vec<&str> = missing.iter().map(String::as_str).collect();
            format!("skipped: missing required features: {}", list.join(", "))
        };
        if env.require_mlir && missing.iter().any(|m| is_llvm19_tool(m)) {
            return Err(format!("{msg} (and BUFOPT_REQUIRE_MLIR=1)").into());
        }
        println!("{name}: {msg}");
        return Ok(Completion::ignored_with(msg));
    }
    for expr in &test.unsupported {
        if eval_features(expr, &env.features).map_err(|e| format!("{name}: UNSUPPORTED: {e}"))? {
            let msg = format!("skipped: unsupported ({expr})");
            println!("{name}: {msg}");
            return Ok(Completion::ignored_with(msg));
        }
    }
    let mut xfail = false;
    for expr in &test.xfail {
        xfail |= eval_features(expr, &env.features).map_err(|e| format!("{name}: XFAIL: {e}"))?;
    }

    // Scratch space: <tmp>/lit/<dir of test>/Output/<file>.tmp
    let exec_dir = env.scratch.join(Path::new(name).parent().unwrap_or(Path::new("")));
    let output_dir = exec_dir.join("Output");
    std::fs::create_dir_all(&output_dir).map_err(|e| format!("cannot create {}: {e}", output_dir.display()))?;
    let file_name = Path::new(name).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = output_dir.join(format!("{file_name}.tmp"));
    let source = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());

    let mut failure = None;
    for (lineno, run) in &test.runs {
        let cmd = substitute(run, &source, &tmp);
        let (status, stdout, stderr) =
            execute(&cmd, &exec_dir, env).map_err(|e| format!("{name}: cannot run bash: {e}"))?;
        if status.is_some_and(|s| s.success()) {
            continue;
        }
        let how = match status {
            None => format!("timed out after {}s", env.timeout.as_secs()),
            Some(s) => match s.code() {
                Some(code) => format!("exit status {code}"),
                None => format!("killed ({s})"),
            },
        };
        failure = Some(format!(
            "{name}:{lineno}: RUN line failed ({how})\n$ {cmd}\n--- stdout ---\n{}\n--- stderr ---\n{}",
            clip(&stdout),
            clip(&stderr)
        ));
        break;
    }
    match (failure, xfail) {
        (None, false) => Ok(Completion::Completed),
        (Some(report), false) => Err(report.into()),
        (Some(_), true) => {
            println!("{name}: expected failure (XFAIL)");
            Ok(Completion::Completed)
        }
        (None, true) => Err(format!("{name}: unexpectedly passed (XFAIL)").into()),
    }
}
