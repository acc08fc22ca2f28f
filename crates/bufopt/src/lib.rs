//! bufopt as a library: the mlir-opt-compatible driver behind one call,
//! [`main_with`], like MLIR's `MlirOptMain(argc, argv, registry)`. A user
//! builds their own `my-opt` binary by passing a [`Tool`] that registers
//! their dialects (ops declared with `dialects::declare_op!`) and passes next
//! to bufopt's; `examples/my-opt` shows it.
//!
//! Modules: [`cl`] (LLVM-`cl`-style options), [`driver`] (reading, running
//! and printing split chunks, `-verify-diagnostics`), [`pipeline`] (the pass
//! registry and pass-manager construction).

pub mod cl;
pub mod driver;
pub mod pipeline;
pub mod test_func;

use ir::{Context, RegistryError};
use transforms::pass::PassRegistry;

/// What a tool built on the driver registers, and its name in `--help`
/// and `--version`.
#[derive(Clone, Copy)]
pub struct Tool {
    /// The program name.
    pub name: &'static str,
    /// Registers the dialects the tool reads (bufopt's own are
    /// [`register_all`]; call it first to keep them).
    pub register_dialects: fn(&mut Context) -> Result<(), RegistryError>,
    /// Adds the tool's passes and pipelines to bufopt's.
    pub register_passes: fn(&mut PassRegistry),
}

impl Tool {
    /// bufopt itself: every built-in dialect and pass.
    pub const BUFOPT: Tool = Tool { name: "bufopt", register_dialects: register_all, register_passes: |_| {} };
}

/// Registers every built-in dialect ([`dialects::register_all`]) and the
/// bufferization models of their ops. A tool with its own dialects calls
/// this first.
pub fn register_all(ctx: &mut Context) -> Result<(), RegistryError> {
    dialects::register_all(ctx)?;
    bufferization::one_shot::models::register(ctx);
    ctx.registry().check(ctx)
}

/// Stack size of the thread that runs the driver and of each rayon worker.
/// Parsing, verifying, the passes and printing recurse once or a few times
/// per nesting level of regions, types and attributes; this is sized so
/// that the parser's limit ([`syntax::parser::MAX_NESTING`] levels) is
/// reached before the stack is exhausted, in every component. The memory
/// is reserved, not committed: pages are touched only as deep as the input
/// nests.
pub const STACK_SIZE: usize = 8 << 30;

/// Runs the driver on the process's command line and returns the exit code
/// (`std::process::exit(bufopt::main_with(&tool))`). The work runs in a
/// rayon pool whose threads (the driver's included) have [`STACK_SIZE`]
/// stacks, so deep nests never overflow; where that much address space
/// cannot be reserved (strict overcommit, a small `ulimit -v`), smaller
/// stacks are tried, so the tool still runs with less nesting depth.
pub fn main_with(tool: &Tool) -> i32 {
    let args: Vec<String> = std::env::args().collect();
    let mut last_error = String::new();
    for size in [STACK_SIZE, STACK_SIZE / 8, 64 << 20] {
        let pool = rayon::ThreadPoolBuilder::new().stack_size(size).thread_name(|i| format!("bufopt-{i}")).build();
        match pool {
            Ok(pool) => return pool.install(|| main_with_args(tool, &args)),
            Err(e) => last_error = e.to_string(),
        }
    }
    eprintln!("{}: cannot start the driver threads: {last_error}", tool.name);
    1
}

/// Runs the driver on `args` (the program name first) and returns the exit
/// code; output goes to stdout/stderr or `-o` as with `mlir-opt`.
pub fn main_with_args(tool: &Tool, args: &[String]) -> i32 {
    let registry = pipeline::registry(tool);
    let flags = pipeline::pass_flags(&registry);
    let cl = match cl::parse_args(args, &flags) {
        Ok(c) => c,
        Err(e) => {
            eprint!("{e}");
            return 1;
        }
    };
    if cl.help || cl.help_hidden {
        let dialects = ["builtin", "func", "test"];
        print!("{}", cl::help_text(tool.name, &flags, &dialects, cl.help_hidden));
        return 0;
    }
    if cl.version {
        print!("{}", cl::version_text(tool.name));
        return 0;
    }
    for e in &cl.early_errors {
        eprintln!("{e}");
    }
    if !cl.early_errors.is_empty() {
        return 1;
    }
    if let Some(msg) = cl.pipeline_conflict() {
        eprintln!("{msg}");
        return 1;
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
            value_users: cl.mlir_print_value_users,
            parallel: !cl.mlir_disable_threading,
        },
        allow_unregistered: cl.allow_unregistered_dialect,
        no_implicit_module: cl.no_implicit_module,
        verify_each: cl.verify_each,
        print_before_all: cl.mlir_print_ir_before_all,
        print_module_scope: cl.mlir_print_ir_module_scope,
        print_after_all: cl.mlir_print_ir_after_all,
        timing: cl.mlir_timing,
        pass_statistics: cl.mlir_pass_statistics,
        disable_threading: cl.mlir_disable_threading,
        dump_pass_pipeline: cl.dump_pass_pipeline,
        tool: *tool,
    };
    driver::run(&cfg)
}
