//! `bufopt-run`: runs a module in bufopt's reference interpreter with a
//! memory checker (see the `interp` crate). Exit status 0 when the program
//! ran without errors (and, with `--compare`, both programs agreed).

use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // Deeply recursive programs need a deep native stack.
    let worker = std::thread::Builder::new().stack_size(1 << 30).spawn(move || interp::cli::main_with_args(&args));
    let out = match worker.map(|h| h.join()) {
        Ok(Ok(o)) => o,
        _ => {
            eprintln!("bufopt-run: internal error");
            std::process::exit(70);
        }
    };
    let _ = std::io::stdout().write_all(out.stdout.as_bytes());
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr().write_all(out.stderr.as_bytes());
    std::process::exit(out.code);
}
