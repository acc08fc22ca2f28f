//! The pass manager: passes as trait objects, a registry of pass
//! constructors with declared options, op-anchored nesting
//! (`builtin.module(func.func(cse))`), verification after each pass, IR
//! printing before/after, per-pass timing and statistics.

use ir::verifier::{verify, VerifyOptions};
use ir::{Diagnostic, Ir, OpId};
use std::time::{Duration, Instant};

/// A declared pass option: name, help, default value text.
#[derive(Clone, Debug)]
pub struct OptionDecl {
    /// Option name as written in `pass{name=value}`.
    pub name: &'static str,
    /// One-line help.
    pub help: &'static str,
    /// Default value, printed in pipelines.
    pub default: &'static str,
    /// Allowed values for enum-like options (empty = free-form).
    pub choices: &'static [&'static str],
}

/// Parsed options handed to a pass constructor: `(name, value)` in the
/// declared order, with defaults filled in.
#[derive(Clone, Debug, Default)]
pub struct PassOptions {
    /// Option values.
    pub values: Vec<(String, String)>,
}

impl PassOptions {
    /// The value of an option.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.values.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }
    /// A boolean option.
    pub fn get_bool(&self, name: &str) -> bool {
        matches!(self.get(name), Some("true") | Some("1"))
    }
    /// An integer option.
    pub fn get_i64(&self, name: &str) -> Option<i64> {
        self.get(name).and_then(|v| v.parse().ok())
    }
}

/// Per-run services a pass may use.
pub struct PassContext {
    /// Statistics (name, value) recorded by the pass.
    pub stats: Vec<(&'static str, u64)>,
}

/// A transformation of the IR.
pub trait Pass: Send + Sync {
    /// The command-line name (`canonicalize`).
    fn name(&self) -> &'static str;
    /// The op kind the pass runs on (`None`: any op).
    fn anchor(&self) -> Option<&'static str> {
        None
    }
    /// Runs on `op`.
    fn run(&self, ir: &mut Ir, op: OpId, cx: &mut PassContext) -> Result<(), Diagnostic>;
    /// The options as `name=value` pairs, for printing pipelines.
    fn options_text(&self) -> String {
        String::new()
    }
}

/// How to build a pass from options.
pub type PassCtor = fn(&PassOptions) -> Result<Box<dyn Pass>, String>;

/// A registered pass.
#[derive(Clone)]
pub struct PassInfo {
    /// Command-line name.
    pub name: &'static str,
    /// Summary for `--help`.
    pub summary: &'static str,
    /// Declared options.
    pub options: Vec<OptionDecl>,
    /// Constructor.
    pub ctor: PassCtor,
}

/// A named pipeline (`--buffer-deallocation-pipeline`): expands to text.
#[derive(Clone)]
pub struct PipelineInfo {
    /// Command-line name.
    pub name: &'static str,
    /// Summary for `--help`.
    pub summary: &'static str,
    /// Builds the pipeline text from its options.
    pub expand: fn(&PassOptions) -> String,
    /// Declared options.
    pub options: Vec<OptionDecl>,
}

/// Every registered pass and pipeline.
#[derive(Default, Clone)]
pub struct PassRegistry {
    /// Passes.
    pub passes: Vec<PassInfo>,
    /// Pipelines.
    pub pipelines: Vec<PipelineInfo>,
}

impl PassRegistry {
    /// Registers a pass.
    pub fn add(&mut self, p: PassInfo) {
        self.passes.push(p);
    }
    /// Looks a pass up.
    pub fn pass(&self, name: &str) -> Option<&PassInfo> {
        self.passes.iter().find(|p| p.name == name)
    }
    /// Looks a pipeline up.
    pub fn pipeline(&self, name: &str) -> Option<&PipelineInfo> {
        self.pipelines.iter().find(|p| p.name == name)
    }
}

/// One element of a pipeline.
pub enum PmElement {
    /// A pass.
    Pass(Box<dyn Pass>),
    /// Passes run on every op named `anchor` directly nested in the
    /// current op (`any` matches every op).
    Nest {
        /// The op name.
        anchor: String,
        /// Nested elements.
        elems: Vec<PmElement>,
    },
}

/// Instrumentation switches.
#[derive(Clone, Copy, Debug, Default)]
pub struct PmOptions {
    /// Verify after each pass.
    pub verify_each: bool,
    /// Print the IR before each pass.
    pub print_before_all: bool,
    /// Print the IR after each pass.
    pub print_after_all: bool,
    /// Collect timing.
    pub timing: bool,
    /// Allow unregistered ops when verifying.
    pub allow_unregistered: bool,
}

/// A timing record.
#[derive(Clone, Debug)]
pub struct TimingEntry {
    /// Pass name (or phase).
    pub name: String,
    /// Wall time.
    pub time: Duration,
}

/// Runs a pipeline of passes.
pub struct PassManager {
    /// The anchor of the outermost level (`builtin.module` or `any`).
    pub anchor: String,
    /// Elements.
    pub elems: Vec<PmElement>,
    /// Options.
    pub opts: PmOptions,
    /// Timing records (filled when `opts.timing`).
    pub timings: Vec<TimingEntry>,
    /// Pass statistics (pass, stat, value).
    pub stats: Vec<(String, &'static str, u64)>,
}

/// Callback used to print the IR before/after passes (`header`, module).
pub type IrPrintHook<'a> = &'a mut dyn FnMut(&str, &Ir, OpId);

impl PassManager {
    /// An empty pass manager anchored on `anchor`.
    pub fn new(anchor: &str, opts: PmOptions) -> Self {
        PassManager { anchor: anchor.to_string(), elems: Vec::new(), opts, timings: Vec::new(), stats: Vec::new() }
    }

    /// Runs every element on `top`.
    pub fn run(&mut self, ir: &mut Ir, top: OpId, print: IrPrintHook<'_>) -> Result<(), Diagnostic> {
        if self.anchor != "any" && ir.op_name_str(top) != self.anchor {
            return Err(Diagnostic::error(
                ir.op_loc(top),
                format!("can't run '{}' pass manager on '{}' op", self.anchor, ir.op_name_str(top)),
            ));
        }
        let elems = std::mem::take(&mut self.elems);
        let r = self.run_elems(&elems, ir, top, top, print);
        self.elems = elems;
        r
    }

    fn run_elems(
        &mut self,
        elems: &[PmElement],
        ir: &mut Ir,
        op: OpId,
        top: OpId,
        print: IrPrintHook<'_>,
    ) -> Result<(), Diagnostic> {
        for e in elems {
            match e {
                PmElement::Pass(p) => {
                    if let Some(a) = p.anchor() {
                        if ir.op_name_str(op) != a {
                            return Err(Diagnostic::error(
                                ir.op_loc(op),
                                format!("'{}' pass anchored on '{a}' can't run on '{}'", p.name(), ir.op_name_str(op)),
                            ));
                        }
                    }
                    if self.opts.print_before_all {
                        print(
                            &format!("// -----// IR Dump Before {} ({}) //----- //", pass_title(p.name()), p.name()),
                            ir,
                            top,
                        );
                    }
                    let mut cx = PassContext { stats: Vec::new() };
                    let start = Instant::now();
                    p.run(ir, op, &mut cx)?;
                    if self.opts.timing {
                        self.timings.push(TimingEntry { name: pass_title(p.name()), time: start.elapsed() });
                    }
                    for (k, v) in cx.stats {
                        self.stats.push((p.name().to_string(), k, v));
                    }
                    if self.opts.print_after_all {
                        print(
                            &format!("// -----// IR Dump After {} ({}) //----- //", pass_title(p.name()), p.name()),
                            ir,
                            top,
                        );
                    }
                    if self.opts.verify_each {
                        verify(
                            ir,
                            op,
                            VerifyOptions { allow_unregistered: self.opts.allow_unregistered, op_printer: None },
                        )?;
                    }
                }
                PmElement::Nest { anchor, elems } => {
                    let targets: Vec<OpId> = ir
                        .regions(op)
                        .iter()
                        .flat_map(|&r| ir.region_blocks(r).collect::<Vec<_>>())
                        .flat_map(|b| ir.block_ops(b).collect::<Vec<_>>())
                        .filter(|&o| anchor == "any" || ir.op_name_str(o) == anchor)
                        .collect();
                    for t in targets {
                        self.run_elems(elems, ir, t, top, print)?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// MLIR names passes in headers by their C++ class name; bufopt uses the
/// CamelCase of the command-line name (`one-shot-bufferize` →
/// `OneShotBufferize`).
pub fn pass_title(name: &str) -> String {
    let mut out = String::new();
    for part in name.split(['-', '_']) {
        let mut cs = part.chars();
        if let Some(c) = cs.next() {
            out.extend(c.to_uppercase());
            out.push_str(cs.as_str());
        }
    }
    out
}

/// Renders a timing report like `--mlir-timing`'s.
pub fn timing_report(entries: &[TimingEntry], total: Duration) -> String {
    let mut s = String::new();
    s.push_str("===-------------------------------------------------------------------------===\n");
    s.push_str("                         ... Execution time report ...\n");
    s.push_str("===-------------------------------------------------------------------------===\n");
    let tot = total.as_secs_f64();
    s.push_str(&format!("  Total Execution Time: {tot:.4} seconds\n\n"));
    s.push_str("  ----Wall Time----  ----Name----\n");
    for e in entries {
        let t = e.time.as_secs_f64();
        let pct = if tot > 0.0 { 100.0 * t / tot } else { 0.0 };
        s.push_str(&format!("  {t:>8.4} ({pct:>5.1}%)  {}\n", e.name));
    }
    s.push_str(&format!("  {tot:>8.4} (100.0%)  Total\n"));
    s
}
