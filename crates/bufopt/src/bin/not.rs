//! `not`: LLVM's test utility inverting a command's exit status.
//!
//! `not CMD ARGS...` succeeds iff `CMD` ran and exited with a non-zero
//! status; a crash (death by signal) counts as failure.  `not --crash CMD`
//! succeeds iff `CMD` crashed.  `not` alone, or a command that cannot be
//! started, fails.

use std::process::{Command, ExitCode};

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1).peekable();
    let expect_crash = args.peek().is_some_and(|a| a == "--crash");
    if expect_crash {
        args.next();
    }
    let Some(program) = args.next() else {
        return ExitCode::FAILURE;
    };
    let mut cmd = Command::new(&program);
    cmd.args(args);
    if expect_crash {
        // Keep expected crashes quiet and fast, as LLVM's `not` does.
        cmd.env("LLVM_DISABLE_CRASH_REPORT", "1");
        cmd.env("LLVM_DISABLE_SYMBOLIZATION", "1");
    }
    let status = match cmd.status() {
        Ok(status) => status,
        Err(e) => {
            eprintln!("not: error: unable to run `{}': {e}", program.to_string_lossy());
            return ExitCode::FAILURE;
        }
    };
    let crashed = status.code().is_none();
    if crashed {
        eprintln!("not: error: `{}' crashed ({status})", program.to_string_lossy());
    }
    let success = if expect_crash { crashed } else { !crashed && !status.success() };
    if success {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
