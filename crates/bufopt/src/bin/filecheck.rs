//! `FileCheck`: bufopt's LLVM 19 compatible FileCheck, a thin wrapper over
//! [`filecheck::main_with_args`].

fn main() {
    let args: Vec<String> = std::env::args().collect();
    std::process::exit(filecheck::main_with_args(&args, std::io::stdin().lock()));
}
