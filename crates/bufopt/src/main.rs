//! `bufopt`: MLIR's bufferization as an mlir-opt-compatible command-line
//! tool: the library's driver ([`bufopt::main_with`]) with every built-in
//! dialect and pass.

/// mimalloc (the optional `mimalloc` feature) instead of the system
/// allocator; see the feature's note in Cargo.toml.
#[cfg(feature = "mimalloc")]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    std::process::exit(bufopt::main_with(&bufopt::Tool::BUFOPT));
}
