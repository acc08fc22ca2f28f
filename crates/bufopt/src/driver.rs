//! The mlir-opt-compatible driver: reads the input (file or stdin), splits
//! it on `// -----` when asked, and for each chunk parses, verifies, runs
//! the pass pipeline and prints; diagnostics are rendered in MLIR's format
//! or checked against `expected-*` designators. Output goes to stdout or,
//! only when every chunk succeeded, to the `-o` file (never half a file).

use std::io::{Read, Write};
use std::sync::Arc;
use std::time::Instant;

use ir::verifier::{verify, VerifyOptions};
use ir::{Context, Diagnostic, Ir, OpId, Severity};
use syntax::op_parser::{parse_source_all, ParseOptions};
use syntax::printer::{
    op_to_string, print_module, print_module_with_resources, write_module_with_resources, PrintOptions,
};
use syntax::source::{split_input, SourceBuffer, SourceMgr};
use syntax::verify::DiagVerifier;
use transforms::pass::{timing_report, PmOptions, TimingEntry};

/// What the driver does, independent of how the command line spelled it.
#[derive(Clone)]
pub struct Config {
    /// Input path (`-` for stdin).
    pub input: String,
    /// Output path (`-` or `None` for stdout).
    pub output: Option<String>,
    /// `-split-input-file`.
    pub split_input_file: bool,
    /// `-verify-diagnostics`.
    pub verify_diagnostics: bool,
    /// The pipeline: `--pass-pipeline` text, or the pass flags in order
    /// rendered as a pipeline.
    pub pipeline: Option<String>,
    /// Pass flags in command-line order: (name, options text).
    pub pass_flags: Vec<(String, String)>,
    /// Printing options.
    pub print: PrintOptions,
    /// `--allow-unregistered-dialect`.
    pub allow_unregistered: bool,
    /// `--no-implicit-module`: the file's single top-level op is the top
    /// op (whatever its kind), instead of a module created around the file.
    pub no_implicit_module: bool,
    /// `--verify-each` (default true).
    pub verify_each: bool,
    /// `--mlir-print-ir-before-all`.
    pub print_before_all: bool,
    /// `--mlir-print-ir-after-all`.
    pub print_after_all: bool,
    /// `--mlir-print-ir-module-scope`: print the whole top op around the op
    /// a pass ran on.
    pub print_module_scope: bool,
    /// `--mlir-timing`.
    pub timing: bool,
    /// `--mlir-pass-statistics`.
    pub pass_statistics: bool,
    /// `--mlir-disable-threading`: run function-level passes serially.
    pub disable_threading: bool,
    /// `--dump-pass-pipeline`: print the pipeline (with every option's
    /// value) to stderr before running it.
    pub dump_pass_pipeline: bool,
    /// The dialects and passes of the tool.
    pub tool: crate::Tool,
}

fn op_printer(ir: &Ir, op: OpId) -> String {
    op_to_string(ir, op)
}

struct Run<'c> {
    cfg: &'c Config,
    ctx: Arc<Context>,
    stderr: String,
    timings: Vec<TimingEntry>,
    /// Where a successful single chunk is streamed while it is printed,
    /// so its text is never held whole in memory.
    direct: Option<Direct>,
    /// True once the output was streamed (nothing is left to write).
    streamed: bool,
    /// A failure to write the streamed output file.
    write_error: Option<String>,
    /// What the passes of the current chunk wrote for stdout
    /// (`PassContext::stdout`); it precedes the chunk's IR, as MLIR's
    /// `llvm::outs()` text does.
    pass_stdout: String,
}

/// A destination the printer can stream to without changing what is seen:
/// stdout when nothing was (or will be) written to stderr before it, or the
/// `-o` file.
enum Direct {
    Stdout,
    File(String),
}

/// Runs the driver; returns the process exit code.
pub fn run(cfg: &Config) -> i32 {
    let start = Instant::now();
    let text = match read_input(&cfg.input) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{e}");
            return 1;
        }
    };
    let mut ctx = Context::new();
    if let Err(e) = (cfg.tool.register_dialects)(&mut ctx) {
        eprintln!("{}: internal error: {e}", cfg.tool.name);
        return 1;
    }
    let ctx = Arc::new(ctx);
    let direct = if cfg.split_input_file || cfg.verify_diagnostics {
        None
    } else {
        match cfg.output.as_deref() {
            None | Some("-") => (!cfg.timing).then_some(Direct::Stdout),
            Some(path) => Some(Direct::File(path.to_string())),
        }
    };
    let mut run = Run {
        cfg,
        ctx,
        stderr: String::new(),
        timings: Vec::new(),
        direct,
        streamed: false,
        write_error: None,
        pass_stdout: String::new(),
    };
    let file = if cfg.input == "-" { "<stdin>".to_string() } else { cfg.input.clone() };
    let mut outputs: Vec<String> = Vec::new();
    let mut ok = true;
    if cfg.split_input_file {
        let mut warnings = Vec::new();
        let chunks = split_input(&file, &text, &mut warnings);
        // Each chunk's diagnostics go out before the next chunk runs, so
        // that they interleave with what passes print straight to stderr
        // as mlir-opt's do.
        for w in warnings {
            eprintln!("{w}");
        }
        for c in chunks {
            let (out, good) = run.process_chunk(&c.name, c.text);
            eprint!("{}", std::mem::take(&mut run.stderr));
            ok &= good;
            outputs.push(run.with_pass_stdout(out));
        }
    } else {
        let (out, good) = run.process_chunk(&file, &text);
        ok &= good;
        outputs.push(run.with_pass_stdout(out));
    }
    eprint!("{}", run.stderr);
    if cfg.timing {
        eprint!("{}", timing_report(&run.timings, start.elapsed()));
    }
    if let Some(e) = run.write_error {
        eprintln!("{e}");
        return 1;
    }
    let joined = match outputs.len() {
        _ if run.streamed => String::new(),
        1 => outputs.pop().unwrap_or_default(),
        _ => outputs.join("// -----\n"),
    };
    match cfg.output.as_deref() {
        _ if run.streamed => {}
        None | Some("-") => {
            let mut so = std::io::stdout().lock();
            let _ = so.write_all(joined.as_bytes());
            let _ = so.flush();
        }
        Some(path) => {
            if ok {
                if let Err(e) = write_atomically(path, joined.as_bytes()) {
                    eprintln!("error: could not write output file '{path}': {e}");
                    return 1;
                }
            }
        }
    }
    // As for the module: the context's interners and the input text go
    // back to the OS with the process.
    std::mem::forget(run.ctx);
    std::mem::forget(text);
    if ok {
        0
    } else {
        1
    }
}

/// An I/O error as LLVM words it (without Rust's " (os error N)").
fn io_message(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

fn read_input(path: &str) -> Result<String, String> {
    let mut buf = Vec::new();
    if path == "-" {
        std::io::stdin()
            .read_to_end(&mut buf)
            .map_err(|e| format!("cannot open input file '-': {}", io_message(&e)))?;
    } else {
        buf = std::fs::read(path).map_err(|e| format!("cannot open input file '{path}': {}", io_message(&e)))?;
    }
    String::from_utf8(buf).map_err(|_| format!("error: input file '{path}' is not valid UTF-8"))
}

/// Writes to a temporary file next to `path`, then renames it into place.
/// An existing path that is not a regular file (`/dev/null`, a FIFO, a
/// terminal) is written in place: renaming over it would replace the device
/// node with a plain file.
fn write_atomically(path: &str, data: &[u8]) -> std::io::Result<()> {
    write_atomically_with(path, |w| w.write_all(data))
}

/// [`write_atomically`] with the contents produced by `f`.
fn write_atomically_with(path: &str, f: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) -> std::io::Result<()> {
    if std::fs::metadata(path).is_ok_and(|m| !m.file_type().is_file()) {
        return f(&mut std::fs::OpenOptions::new().write(true).open(path)?);
    }
    let tmp = format!("{path}.bufopt-tmp-{}", std::process::id());
    let written = std::fs::File::create(&tmp).and_then(|mut file| f(&mut file));
    written.and_then(|()| std::fs::rename(&tmp, path)).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// The only op of the module the parser made around a file's ops, taken
/// out of it (`--no-implicit-module`); MLIR's error, at the file's
/// location, when the file held another number of ops.
fn take_single_top_level_op(ir: &mut Ir, module: OpId) -> Result<OpId, Diagnostic> {
    let ops: Vec<OpId> =
        ir.regions(module).iter().flat_map(|&r| ir.region_blocks(r)).flat_map(|b| ir.block_ops(b)).collect();
    match ops[..] {
        [op] => {
            ir.remove_op(op);
            ir.erase_op(module);
            Ok(op)
        }
        _ => Err(Diagnostic::error(
            ir.op_loc(module),
            format!("source must contain a single top-level operation, found: {}", ops.len()),
        )),
    }
}

/// Queues `d` and the diagnostics it carries, in report order, each with the
/// text of its op for the "see current operation" note (none in verify
/// mode, as MLIR).
fn emit_all(ir: &Ir, verify_mode: bool, d: Diagnostic, emitted: &mut Vec<(Diagnostic, Option<String>)>) {
    for d in d.into_sequence() {
        let op_text = if verify_mode { None } else { d.op.filter(|&o| ir.is_alive(o)).map(|o| op_to_string(ir, o)) };
        emitted.push((d, op_text));
    }
}

impl Run<'_> {
    /// `out` (a chunk's output) preceded by what its passes wrote for
    /// stdout when the output goes to stdout; otherwise that text goes to
    /// stdout now and `out` to the output file.
    fn with_pass_stdout(&mut self, out: String) -> String {
        let so = std::mem::take(&mut self.pass_stdout);
        if so.is_empty() {
            return out;
        }
        match self.cfg.output.as_deref() {
            None | Some("-") => so + &out,
            Some(_) => {
                let mut w = std::io::stdout().lock();
                let _ = w.write_all(so.as_bytes());
                let _ = w.flush();
                out
            }
        }
    }

    /// Processes one buffer; returns its printed output and success.
    fn process_chunk(&mut self, name: &str, text: &str) -> (String, bool) {
        let mut verifier = if self.cfg.verify_diagnostics { Some(DiagVerifier::new(name, text)) } else { None };
        let ctx = self.ctx.clone();
        let mut emitted: Vec<(Diagnostic, Option<String>)> = Vec::new();
        let result = self.compile(name, text, &mut emitted);
        if emitted.is_empty() && verifier.is_none() {
            // Nothing to render: spare the source manager its copy of the text.
            return match result {
                Some(out) => (out, true),
                None => (String::new(), false),
            };
        }
        let mut srcs = SourceMgr::default();
        srcs.add(SourceBuffer::new(name, text));
        // Report diagnostics.
        for (d, op_text) in &emitted {
            match verifier.as_mut() {
                Some(v) => v.process(&ctx, &srcs, d),
                None => {
                    // MLIR attaches "see current operation" when the
                    // diagnostic is created, so it precedes other notes.
                    let mut d = d.clone();
                    if let Some(t) = op_text {
                        let note = Diagnostic {
                            severity: Severity::Note,
                            loc: d.loc,
                            message: if t.contains('\n') {
                                format!("see current operation: \n{t}")
                            } else {
                                format!("see current operation: {t}")
                            },
                            notes: Vec::new(),
                            op: None,
                            preceding: Vec::new(),
                        };
                        d.notes.insert(0, note);
                    }
                    let mut s = String::new();
                    srcs.render(&ctx, &d, &mut s);
                    self.stderr.push_str(&s);
                }
            }
        }
        match verifier {
            Some(v) => {
                let errs = v.finish(&srcs);
                let good = errs.is_empty();
                for e in errs {
                    self.stderr.push_str(&e);
                    self.stderr.push('\n');
                }
                (result.unwrap_or_default(), good)
            }
            None => match result {
                Some(out) => (out, true),
                None => (String::new(), false),
            },
        }
    }

    /// Parse, verify, transform, print. `None` on failure (diagnostics in `emitted`).
    fn compile(&mut self, name: &str, text: &str, emitted: &mut Vec<(Diagnostic, Option<String>)>) -> Option<String> {
        let cfg = self.cfg;
        let t0 = Instant::now();
        let parsed = match parse_source_all(
            &self.ctx,
            text,
            name,
            ParseOptions { allow_unregistered: cfg.allow_unregistered },
        ) {
            Ok(p) => p,
            Err(ds) => {
                emitted.extend(ds.into_iter().map(|d| (d, None)));
                return None;
            }
        };
        self.timings.push(TimingEntry { name: "Parser".into(), time: t0.elapsed() });
        let mut ir = parsed.ir;
        let mut top = parsed.top;
        let resources = parsed.resources;
        let vopts = VerifyOptions {
            allow_unregistered: cfg.allow_unregistered,
            op_printer: Some(op_printer),
            parallel: !cfg.disable_threading,
            ..Default::default()
        };
        let t1 = Instant::now();
        if let Err(d) = verify(&ir, top, vopts) {
            emit_all(&ir, cfg.verify_diagnostics, d, emitted);
            return None;
        }
        self.timings.push(TimingEntry { name: "Verifier".into(), time: t1.elapsed() });
        if cfg.no_implicit_module && parsed.implicit_module {
            // As MLIR's parser: the ops were verified in the module made
            // around them; without an implicit module there must be one.
            match take_single_top_level_op(&mut ir, top) {
                Ok(op) => top = op,
                Err(d) => {
                    emitted.push((d, None));
                    return None;
                }
            }
        }
        let passed = self.run_passes(&mut ir, top, emitted);
        if let Err(d) = passed {
            emit_all(&ir, cfg.verify_diagnostics, d, emitted);
            return None;
        }
        let t2 = Instant::now();
        // Stdout is streamed only when nothing precedes it on stderr.
        let direct = match self.direct.take() {
            Some(Direct::Stdout) if !self.stderr.is_empty() => None,
            d => d,
        };
        let print = |w: &mut dyn Write| {
            write_module_with_resources(&ir, top, cfg.print, &resources, w)?;
            w.write_all(b"\n")?;
            w.flush()
        };
        let out = match direct {
            None => {
                let mut out = print_module_with_resources(&ir, top, cfg.print, &resources);
                out.push('\n');
                out
            }
            Some(Direct::Stdout) => {
                let mut w = std::io::stdout().lock();
                let _ = w.write_all(std::mem::take(&mut self.pass_stdout).as_bytes());
                let _ = print(&mut w);
                self.streamed = true;
                String::new()
            }
            Some(Direct::File(path)) => {
                let mut so = std::io::stdout().lock();
                let _ = so.write_all(std::mem::take(&mut self.pass_stdout).as_bytes());
                let _ = so.flush();
                drop(so);
                if let Err(e) = write_atomically_with(&path, print) {
                    self.write_error = Some(format!("error: could not write output file '{path}': {e}"));
                }
                self.streamed = true;
                String::new()
            }
        };
        self.timings.push(TimingEntry { name: "Output".into(), time: t2.elapsed() });
        if !cfg.split_input_file {
            // The process ends right after the only module: handing its
            // arena back to the OS at exit is cheaper than freeing it piece
            // by piece (a tenth of the run on large inputs).
            std::mem::forget(ir);
        }
        Some(out)
    }

    /// Runs the pipeline; the diagnostics passes reported without failing
    /// go to `emitted` (they do not fail the chunk, as in MLIR).
    fn run_passes(
        &mut self,
        ir: &mut Ir,
        top: OpId,
        emitted: &mut Vec<(Diagnostic, Option<String>)>,
    ) -> Result<(), Diagnostic> {
        let cfg = self.cfg;
        let pm_opts = PmOptions {
            verify_each: cfg.verify_each,
            print_before_all: cfg.print_before_all,
            print_after_all: cfg.print_after_all,
            timing: cfg.timing,
            allow_unregistered: cfg.allow_unregistered,
            threading: !cfg.disable_threading,
            ..PmOptions::default()
        };
        if cfg.print_module_scope && !cfg.disable_threading {
            return Err(Diagnostic::error(
                ir.ctx().unknown_loc(),
                "IR print for module scope can't be setup on a pass-manager without disabling multi-threading \
                 first.\n",
            ));
        }
        let mut pm = crate::pipeline::build(cfg, pm_opts, ir.op_name_str(top))
            .map_err(|msg| Diagnostic::error(ir.ctx().unknown_loc(), msg))?;
        if cfg.dump_pass_pipeline {
            self.stderr.push_str(&pm.dump_text());
        }
        if pm.elems.is_empty() {
            return Ok(());
        }
        let print = cfg.print;
        let mut dump = String::new();
        let module_scope = cfg.print_module_scope;
        let r = pm.run(ir, top, &mut |header: &str, ir: &Ir, op: OpId| {
            // As MLIR's IR printer: the op the pass ran on, with local
            // scope when it is nested; at module scope, the top op, with the
            // pass's op named in the header. Then an empty line (a top-level
            // op's text already ends its line).
            if module_scope {
                let mut named = format!(" ('{}' operation", ir.op_name_str(op));
                if let Some(sym) = ir.attr(op, "sym_name").and_then(|a| ir.ctx().str_value(a).map(str::to_string)) {
                    named.push_str(&format!(": @{sym}"));
                }
                named.push(')');
                dump.push_str(&header.replacen(" //----- //", &format!("{named} //----- //"), 1));
                dump.push('\n');
                dump.push_str(&print_module(ir, top, print));
            } else {
                dump.push_str(header);
                dump.push('\n');
                let local = ir.op_block(op).is_some();
                dump.push_str(&print_module(ir, op, PrintOptions { local_scope: local || print.local_scope, ..print }));
            }
            dump.push_str("\n\n");
        });
        self.stderr.push_str(&dump);
        self.pass_stdout.push_str(&pm.stdout);
        for r in std::mem::take(&mut pm.diagnostics) {
            // As MLIR: the op as it was when reported; no note when verifying.
            emitted.push((r.diagnostic, r.op_text.filter(|_| !cfg.verify_diagnostics)));
        }
        self.timings.append(&mut pm.timings);
        if cfg.pass_statistics {
            self.stderr.push_str(&pm.statistics_report());
        }
        r
    }
}
