//! `bufopt`: MLIR's bufferization as an mlir-opt-compatible command-line
//! tool. This file wires the command line ([`cl`]) to the driver
//! ([`driver`]) and the pass registry ([`pipeline`]).

mod cl;
mod driver;
mod pipeline;

/// mimalloc (the optional `mimalloc` feature) instead of the system
/// allocator; see the feature's note in Cargo.toml.
#[cfg(feature = "mimalloc")]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Stack size of the thread that runs the driver and of each rayon worker.
/// Parsing, verifying, the passes and printing recurse once or a few times
/// per nesting level of regions, types and attributes; this is sized so
/// that the parser's limit ([`syntax::parser::MAX_NESTING`] levels) is
/// reached before the stack is exhausted, in every component. The memory
/// is reserved, not committed: pages are touched only as deep as the input
/// nests.
const STACK_SIZE: usize = 8 << 30;

fn main() {
    // The rayon pool's workers run function passes, and verify and print
    // big bodies in parallel, so they need the same deep stacks. Failing to
    // configure it (it was already built) only keeps the default stacks.
    let _ = rayon::ThreadPoolBuilder::new().stack_size(STACK_SIZE).build_global();
    let worker = std::thread::Builder::new().name("bufopt".into()).stack_size(STACK_SIZE).spawn(run);
    match worker.map(|h| h.join()) {
        Ok(Ok(code)) => std::process::exit(code),
        Ok(Err(panic)) => std::panic::resume_unwind(panic),
        Err(e) => {
            eprintln!("bufopt: cannot start the driver thread: {e}");
            std::process::exit(1);
        }
    }
}

/// The tool itself; returns the exit status.
fn run() -> i32 {
    let args: Vec<String> = std::env::args().collect();
    let program = "bufopt";
    let registry = pipeline::registry();
    let flags = pipeline::pass_flags(&registry);
    let cl = match cl::parse_args(&args, &flags) {
        Ok(c) => c,
        Err(e) => {
            eprint!("{e}");
            std::process::exit(1);
        }
    };
    if cl.help || cl.help_hidden {
        let dialects = ["builtin", "func", "test"];
        print!("{}", cl::help_text(program, &flags, &dialects, cl.help_hidden));
        return 0;
    }
    if cl.version {
        print!("{}", cl::version_text(program));
        return 0;
    }
    for e in &cl.early_errors {
        eprintln!("{e}");
    }
    if !cl.early_errors.is_empty() {
        std::process::exit(1);
    }
    if cl.mlir_print_value_users {
        eprintln!("bufopt: --mlir-print-value-users is not supported (its user comments are not printed)");
        std::process::exit(1);
    }
    if let Some(msg) = cl.pipeline_conflict() {
        eprintln!("{msg}");
        std::process::exit(1);
    }
    let cfg = driver::Config {
        input: cl.input.clone(),
        output: if cl.output == "-" { None } else { Some(cl.output.clone()) },
        split_input_file: cl.split_input_file.is_some(),
        verify_diagnostics: cl.verify_diagnostics,
        pipeline: cl.pass_pipeline.clone(),
        pass_flags: cl.pass_flags.clone(),
        print: syntax::printer::PrintOptions {
            generic: cl.mlir_print_op_generic,
            debug_info: cl.mlir_print_debuginfo,
            elide_elements_larger: cl.mlir_elide_elementsattrs_if_larger,
            hex_elements_larger: cl.mlir_print_elementsattrs_with_hex_if_larger,
            local_scope: cl.mlir_print_local_scope,
            skip_regions: cl.mlir_print_skip_regions,
            unique_ssa_ids: cl.mlir_print_unique_ssa_ids,
            pretty_debuginfo: cl.mlir_pretty_debuginfo,
            parallel: !cl.mlir_disable_threading,
        },
        allow_unregistered: cl.allow_unregistered_dialect,
        verify_each: cl.verify_each,
        print_before_all: cl.mlir_print_ir_before_all,
        print_after_all: cl.mlir_print_ir_after_all,
        timing: cl.mlir_timing,
        pass_statistics: cl.mlir_pass_statistics,
        disable_threading: cl.mlir_disable_threading,
    };
    driver::run(&cfg)
}
