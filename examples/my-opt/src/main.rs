//! `my-opt`: bufopt's driver with the example's `my` dialect.

fn main() {
    std::process::exit(bufopt::main_with(&my_opt::TOOL));
}
