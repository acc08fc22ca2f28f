//! The pass manager: passes as trait objects, a registry of pass
//! constructors with declared options, op-anchored nesting
//! (`builtin.module(func.func(cse))`), verification after each pass, IR
//! printing before/after, per-pass timing and statistics.

use crate::pipeline_syntax::{
    failed_to_add_message, failed_to_add_nest_message, parse_pass_options, parse_pipeline, PipelineElement,
};
use ir::verifier::{verify, VerifyOptions};
use ir::{Diagnostic, Ir, OpId, OpTraits};
use std::time::{Duration, Instant};

/// The anchor of an op-agnostic pass manager, `any(...)` (MLIR's
/// `OpPassManager::getAnyOpAnchorName`).
pub const ANY: &str = "any";

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
#[derive(Default)]
pub struct PassContext {
    /// Statistics (name, value) recorded by the pass; names should be
    /// among those [`Pass::statistics`] declares (others are reported with
    /// an empty description).
    pub stats: Vec<(&'static str, u64)>,
    /// Text for stderr (test passes print their analyses here). The pass
    /// manager writes it out in pipeline order, also when functions run in
    /// parallel.
    pub output: String,
    /// Text for stdout (MLIR's `llvm::outs()`, which some test passes
    /// print to): the driver writes it before the module text of the
    /// input chunk, in pipeline order, as mlir-opt's output shows it.
    pub stdout: String,
    /// Set by a pass that left the IR exactly as it found it (MLIR's
    /// `markAllAnalysesPreserved`): the pass manager then skips the
    /// verification after it, as MLIR does, since nothing it could find
    /// has changed since the last one.
    pub preserved_all: bool,
    /// Diagnostics the pass reported without failing ([`PassContext::report`]).
    pub diagnostics: Vec<ReportedDiagnostic>,
}

/// A diagnostic a pass reported without failing (MLIR's `emitError` in a
/// pass that then goes on and does not signal failure): the driver renders
/// it (or matches it under `-verify-diagnostics`) and still prints the
/// output, with exit status 0.
#[derive(Clone, Debug)]
pub struct ReportedDiagnostic {
    /// The diagnostic.
    pub diagnostic: Diagnostic,
    /// Its op as it was when reported (MLIR's "see current operation" note
    /// is made then), in generic form.
    pub op_text: Option<String>,
}

impl PassContext {
    /// An empty context.
    pub fn new() -> Self {
        PassContext::default()
    }

    /// Reports `d` without failing the pass (see [`ReportedDiagnostic`]).
    pub fn report(&mut self, ir: &Ir, d: Diagnostic) {
        let op_text = d.op.filter(|&o| ir.is_alive(o)).map(|o| syntax::printer::op_to_string(ir, o));
        self.diagnostics.push(ReportedDiagnostic { diagnostic: d, op_text });
    }
}

/// A transformation of the IR.
pub trait Pass: Send + Sync {
    /// The command-line name (`canonicalize`).
    fn name(&self) -> &'static str;
    /// The name in reports (`--mlir-timing`, statistics, IR dumps): MLIR's
    /// C++ class name (`Canonicalizer`).
    fn title(&self) -> String {
        pass_title(self.name())
    }
    /// The op kind the pass runs on (`None`: any op).
    fn anchor(&self) -> Option<&'static str> {
        None
    }
    /// MLIR's `canScheduleOn`: whether the pass can run on `op`, a
    /// registered op isolated from above (the pass manager checks those two
    /// first). The answer must depend only on the op's kind. By default an
    /// op-specific pass ([`Pass::anchor`]) runs on ops of that name and a
    /// generic pass on any op; a pass restricted to an interface (MLIR's
    /// `InterfacePass`) answers from the registry.
    fn can_schedule_on(&self, ir: &Ir, op: OpId) -> bool {
        self.anchor().is_none_or(|a| a == ir.op_name_str(op))
    }
    /// Runs on `op`.
    fn run(&self, ir: &mut Ir, op: OpId, cx: &mut PassContext) -> Result<(), Diagnostic>;
    /// The options as `name=value` pairs, for printing pipelines.
    fn options_text(&self) -> String {
        String::new()
    }
    /// The statistics the pass keeps: (name, description), MLIR's
    /// `Statistic<>` declarations.
    fn statistics(&self) -> &'static [(&'static str, &'static str)] {
        &[]
    }
    /// True when the pass never changes the IR, so that it can run through
    /// [`Pass::run_read_only`] on a shared arena.
    fn is_read_only(&self) -> bool {
        false
    }
    /// Runs a read-only pass on `op` (only called when
    /// [`Pass::is_read_only`]).
    fn run_read_only(&self, ir: &Ir, op: OpId, _cx: &mut PassContext) -> Result<(), Diagnostic> {
        Err(Diagnostic::error(ir.op_loc(op), format!("pass '{}' is not read-only", self.name())))
    }
    /// True when running the pass on an op whose body holds only isolated
    /// symbol ops (a module of functions) is the same as running it on each
    /// of those ops on its own: the pass manager then runs it per function,
    /// in parallel when threading is on.
    fn runs_per_isolated_symbol(&self) -> bool {
        false
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

    /// The registry of this crate's passes: canonicalize, cse, symbol-dce.
    pub fn with_builtin_passes() -> Self {
        let mut reg = PassRegistry::default();
        reg.add(crate::canonicalize::pass_info());
        reg.add(PassInfo {
            name: "cse",
            summary: "Eliminate common sub-expressions",
            options: Vec::new(),
            ctor: |_| Ok(Box::new(crate::cse::CsePass)),
        });
        reg.add(crate::symbol_dce::pass_info());
        reg
    }

    /// Turns parsed pipeline elements into pass-manager elements, building
    /// each pass from its options and expanding named pipelines. The
    /// elements are not checked against an enclosing anchor: this is the
    /// command-line flags' path, where the driver nests op-specific passes
    /// itself (MLIR's implicit nesting).
    pub fn lower(&self, elems: &[PipelineElement]) -> Result<Vec<PmElement>, String> {
        self.lower_in(None, elems)
    }

    /// [`PassRegistry::lower`] for the elements of a textual pipeline
    /// anchored on `anchor` (`any` for an op-agnostic one): as MLIR's
    /// explicitly nested pass managers, an op-specific pass must run on the
    /// anchor's op ("Can't add pass ..., did you intend to nest?"), and a
    /// failure inside a nest is reported with one "failed to add" line per
    /// enclosing nest.
    pub fn lower_anchored(&self, anchor: &str, elems: &[PipelineElement]) -> Result<Vec<PmElement>, String> {
        self.lower_in(Some(anchor), elems)
    }

    fn lower_in(&self, anchor: Option<&str>, elems: &[PipelineElement]) -> Result<Vec<PmElement>, String> {
        let mut out = Vec::new();
        for e in elems {
            match e {
                PipelineElement::Pass { name, options, .. } => {
                    if let Some(info) = self.pass(name) {
                        let opts = make_options(&info.options, options, name, anchor.is_some())?;
                        let pass = (info.ctor)(&opts).map_err(|msg| match anchor {
                            // A pass's own option errors, then the pipeline
                            // parser's line.
                            Some(_) => format!("{msg}\n{}\n", failed_to_add_message(name, options)),
                            None => msg,
                        })?;
                        if let (Some(pm), Some(restricted)) = (anchor.filter(|a| *a != ANY), pass.anchor()) {
                            if pm != restricted {
                                return Err(format!(
                                    "Can't add pass '{}' restricted to '{restricted}' on a PassManager intended \
                                     to run on '{pm}', did you intend to nest?\n{}\n",
                                    pass.title(),
                                    failed_to_add_message(name, options)
                                ));
                            }
                        }
                        out.push(PmElement::Pass(pass));
                    } else if let Some(pl) = self.pipeline(name) {
                        let opts = make_options(&pl.options, options, name, anchor.is_some())?;
                        let text = (pl.expand)(&opts);
                        let sub = crate::pipeline_syntax::parse_pipeline_elements(&text).map_err(|e| e.message)?;
                        out.extend(self.lower_in(anchor, &sub)?);
                    } else {
                        return Err(format!("'{name}' does not refer to a registered pass or pass pipeline"));
                    }
                }
                PipelineElement::Nest { anchor: inner, elements, .. } => {
                    let elems = match anchor {
                        Some(_) => self.lower_in(Some(inner), elements).map_err(|mut msg| {
                            if !msg.ends_with('\n') {
                                msg.push('\n');
                            }
                            msg.push_str(&failed_to_add_nest_message(inner));
                            msg.push('\n');
                            msg
                        })?,
                        None => self.lower_in(None, elements)?,
                    };
                    out.push(PmElement::Nest { anchor: inner.clone(), elems });
                }
            }
        }
        Ok(out)
    }

    /// A pass manager for the textual pipeline `text`
    /// (`builtin.module(func.func(canonicalize),cse)`), with MLIR's
    /// messages for a malformed or unregistered pipeline.
    pub fn parse_pass_manager(&self, text: &str, opts: PmOptions) -> Result<PassManager, String> {
        let p = parse_pipeline(text).map_err(|e| e.to_mlir_string())?;
        p.check_registered(|n| self.pass(n).is_some() || self.pipeline(n).is_some()).map_err(|e| e.to_mlir_string())?;
        let mut pm = PassManager::new(&p.anchor, opts);
        pm.elems = self.lower_anchored(&p.anchor, &p.elements)?;
        Ok(pm)
    }
}

/// A pass's option values: the declared defaults overridden by `text`.
/// In a textual pipeline (`textual`) an unknown option is reported as
/// MLIR's pipeline parser does (the option parser's line, a blank line,
/// then "failed to add"); on the command-line flags' path as before.
fn make_options(decl: &[OptionDecl], text: &str, pass: &str, textual: bool) -> Result<PassOptions, String> {
    let mut values: Vec<(String, String)> = decl.iter().map(|d| (d.name.to_string(), d.default.to_string())).collect();
    for (k, v) in parse_pass_options(text) {
        let Some(slot) = values.iter_mut().find(|(n, _)| *n == k) else {
            let (gap, end) = if textual { ("\n", "\n") } else { ("", "") };
            return Err(format!(
                "<Pass-Options-Parser>: no such option {k}\n{gap}{}{end}",
                failed_to_add_message(pass, text)
            ));
        };
        slot.1 = v.unwrap_or_else(|| "true".to_string());
    }
    Ok(PassOptions { values })
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
    /// Run function-level work on several threads (off with
    /// `--mlir-disable-threading`).
    pub threading: bool,
    /// The ops passes run on were copied out of their module into an arena
    /// of their own (a parallel worker): verification leaves out the
    /// symbol uses, which cannot be resolved there and are checked once the
    /// ops are back.
    pub detached: bool,
}

/// A timing record.
#[derive(Clone, Debug)]
pub struct TimingEntry {
    /// Pass name (or phase), indented by two spaces per nesting level.
    pub name: String,
    /// Wall time.
    pub time: Duration,
}

/// What one pipeline element accumulated: its time, its statistics and
/// (for a nested pipeline) those of its elements. Parallel workers fill
/// their own copies, which are summed in target order.
#[derive(Clone, Debug, Default)]
struct Record {
    time: Duration,
    stats: Vec<(&'static str, u64)>,
    children: Vec<Record>,
}

impl Record {
    fn add_stat(&mut self, name: &'static str, v: u64) {
        match self.stats.iter_mut().find(|(k, _)| *k == name) {
            Some(slot) => slot.1 += v,
            None => self.stats.push((name, v)),
        }
    }
}

fn empty_records(elems: &[PmElement]) -> Vec<Record> {
    elems
        .iter()
        .map(|e| match e {
            PmElement::Pass(_) => Record::default(),
            PmElement::Nest { elems, .. } => Record { children: empty_records(elems), ..Record::default() },
        })
        .collect()
}

fn merge_records(into: &mut [Record], from: Vec<Record>) {
    for (a, b) in into.iter_mut().zip(from) {
        a.time += b.time;
        for (k, v) in b.stats {
            a.add_stat(k, v);
        }
        merge_records(&mut a.children, b.children);
    }
}

/// Runs a pipeline of passes.
pub struct PassManager {
    /// The anchor of the outermost level (`builtin.module` or `any`).
    pub anchor: String,
    /// Elements.
    pub elems: Vec<PmElement>,
    /// Options.
    pub opts: PmOptions,
    /// Timing records (filled when `opts.timing`), one per pipeline element
    /// in pipeline order, nested ones indented, summed over the ops they
    /// ran on.
    pub timings: Vec<TimingEntry>,
    /// The diagnostics passes reported without failing during the last
    /// [`PassManager::run`] ([`PassContext::diagnostics`]), in order; the
    /// ops they name are the module's.
    pub diagnostics: Vec<ReportedDiagnostic>,
    /// What passes wrote for stdout during the last [`PassManager::run`]
    /// ([`PassContext::stdout`]), in pipeline order.
    pub stdout: String,
    records: Vec<Record>,
}

/// Callback used to print the IR before/after passes (`header`, the op the
/// pass runs on, in the arena that holds the top op).
pub type IrPrintHook<'a> = &'a mut dyn FnMut(&str, &Ir, OpId);

/// Where pass output (`PassContext::output`) goes: straight to stderr
/// (`text: None`), or into a buffer written out later in order; and the
/// diagnostics passes reported without failing, in the order of a serial
/// run.
#[derive(Default)]
struct Out {
    text: Option<String>,
    diagnostics: Vec<ReportedDiagnostic>,
    stdout: String,
}

/// The print hook handed down the pipeline (absent in worker threads).
type Hook<'r, 'f> = Option<&'r mut (dyn FnMut(&str, &Ir, OpId) + 'f)>;

fn emit(out: &mut Out, text: &str) {
    if text.is_empty() {
        return;
    }
    match &mut out.text {
        Some(buf) => buf.push_str(text),
        None => eprint!("{text}"),
    }
}

/// The work run on each target of a parallel section.
#[derive(Clone, Copy)]
enum Work<'a> {
    /// A nested pipeline.
    Elems(&'a [PmElement]),
    /// Passes (only [`PmElement::Pass`] elements) split over the functions
    /// of a module, run one after the other on each function.
    Passes(&'a [PmElement]),
}

impl Work<'_> {
    fn records(&self) -> Vec<Record> {
        match self {
            Work::Elems(e) => empty_records(e),
            Work::Passes(ps) => vec![Record::default(); ps.len()],
        }
    }
    fn is_read_only(&self) -> bool {
        fn elems_ro(es: &[PmElement]) -> bool {
            es.iter().all(|e| match e {
                PmElement::Pass(p) => p.is_read_only(),
                PmElement::Nest { elems, .. } => elems_ro(elems),
            })
        }
        match self {
            Work::Elems(e) => elems_ro(e),
            Work::Passes(ps) => elems_ro(ps),
        }
    }
}

/// The isolated symbol ops a per-function pass is split over: every op
/// directly in `op`'s single-block regions, when all of them are
/// registered, isolated from above, symbols and movable to an arena of
/// their own. `None` otherwise (the pass then runs on `op` itself).
fn isolated_symbol_children(ir: &Ir, op: OpId) -> Option<Vec<OpId>> {
    let mut out = Vec::new();
    for &r in ir.regions(op) {
        let mut blocks = ir.region_blocks(r);
        let Some(b) = blocks.next() else { continue };
        if blocks.next().is_some() || !ir.block_args(b).is_empty() {
            return None;
        }
        for o in ir.block_ops(b) {
            let ok = ir.op_info(o).is_some_and(|i| i.has(OpTraits::ISOLATED_FROM_ABOVE) && i.has(OpTraits::SYMBOL))
                && crate::transplant::is_movable(ir, o);
            if !ok {
                return None;
            }
            out.push(o);
        }
    }
    Some(out)
}

impl PassManager {
    /// An empty pass manager anchored on `anchor`.
    pub fn new(anchor: &str, opts: PmOptions) -> Self {
        PassManager {
            anchor: anchor.to_string(),
            elems: Vec::new(),
            opts,
            timings: Vec::new(),
            diagnostics: Vec::new(),
            stdout: String::new(),
            records: Vec::new(),
        }
    }

    /// The pipeline in MLIR's textual form with every option's value
    /// (`builtin.module(canonicalize{  max-iterations=10 ...},func.func(cse))`),
    /// as `PassManager::printAsTextualPipeline` writes it.
    pub fn textual_pipeline(&self) -> String {
        fn write_elems(out: &mut String, elems: &[PmElement]) {
            for (i, e) in elems.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                match e {
                    PmElement::Pass(p) => {
                        out.push_str(p.name());
                        let opts = p.options_text();
                        if !opts.is_empty() {
                            out.push('{');
                            out.push_str(&opts);
                            out.push('}');
                        }
                    }
                    PmElement::Nest { anchor, elems: inner } => {
                        out.push_str(anchor);
                        out.push('(');
                        write_elems(out, inner);
                        out.push(')');
                    }
                }
            }
        }
        let mut out = format!("{}(", self.anchor);
        write_elems(&mut out, &self.elems);
        out.push(')');
        out
    }

    /// `--dump-pass-pipeline`'s text: `Pass Manager with N passes:`, the
    /// [`PassManager::textual_pipeline`], and an empty line.
    pub fn dump_text(&self) -> String {
        format!("Pass Manager with {} passes:\n{}\n\n", self.elems.len(), self.textual_pipeline())
    }

    /// Runs every element on `top`.
    pub fn run(&mut self, ir: &mut Ir, top: OpId, print: IrPrintHook<'_>) -> Result<(), Diagnostic> {
        if self.anchor != ANY && ir.op_name_str(top) != self.anchor {
            return Err(Diagnostic::error(
                ir.op_loc(top),
                format!("can't run '{}' pass manager on '{}' op", self.anchor, ir.op_name_str(top)),
            ));
        }
        let mut records = empty_records(&self.elems);
        let mut out = Out::default();
        let r = run_elems(&self.opts, &self.elems, &mut records, ir, top, top, Some(print), &mut out);
        self.diagnostics = out.diagnostics;
        self.stdout = out.stdout;
        if self.opts.timing {
            self.timings.clear();
            collect_timings(&self.elems, &records, 0, &mut self.timings);
        }
        self.records = records;
        r
    }

    /// The `--mlir-pass-statistics` report (MLIR's "pipeline" display):
    /// each pass with its statistics sorted by name, nested pipelines as
    /// `'op' Pipeline` entries, values summed over the ops a pass ran on.
    pub fn statistics_report(&self) -> String {
        let mut s = String::new();
        let rule = format!("==={}===\n", "-".repeat(73));
        s.push_str(&rule);
        let title = "... Pass statistics report ...";
        s.push_str(&" ".repeat((80 - title.len()) / 2));
        s.push_str(title);
        s.push('\n');
        s.push_str(&rule);
        stats_lines(&self.elems, &self.records, 0, &mut s);
        s.push('\n');
        s
    }
}

fn collect_timings(elems: &[PmElement], recs: &[Record], depth: usize, out: &mut Vec<TimingEntry>) {
    for (e, r) in elems.iter().zip(recs) {
        let pad = "  ".repeat(depth);
        match e {
            PmElement::Pass(p) => out.push(TimingEntry { name: format!("{pad}{}", p.title()), time: r.time }),
            PmElement::Nest { anchor, elems } => {
                out.push(TimingEntry { name: format!("{pad}'{anchor}' Pipeline"), time: r.time });
                collect_timings(elems, &r.children, depth + 1, out);
            }
        }
    }
}

fn stats_lines(elems: &[PmElement], recs: &[Record], indent: usize, s: &mut String) {
    use std::fmt::Write;
    for (e, r) in elems.iter().zip(recs) {
        let pad = " ".repeat(indent);
        match e {
            PmElement::Pass(p) => {
                let _ = writeln!(s, "{pad}{}", p.title());
                let mut rows: Vec<(&str, &str, u64)> = p
                    .statistics()
                    .iter()
                    .map(|&(k, d)| (k, d, r.stats.iter().find(|(n, _)| *n == k).map_or(0, |x| x.1)))
                    .collect();
                for &(k, v) in &r.stats {
                    if !rows.iter().any(|x| x.0 == k) {
                        rows.push((k, "", v));
                    }
                }
                rows.sort_by(|a, b| a.0.cmp(b.0));
                let wn = rows.iter().map(|x| x.0.len()).max().unwrap_or(0);
                let wv = rows.iter().map(|x| x.2.to_string().len()).max().unwrap_or(0);
                for (k, d, v) in rows {
                    let _ = writeln!(s, "{pad}  (S) {v:>wv$} {k:<wn$} - {d}");
                }
            }
            PmElement::Nest { anchor, elems } => {
                let _ = writeln!(s, "{pad}'{anchor}' Pipeline");
                stats_lines(elems, &r.children, indent + 2, s);
            }
        }
    }
}

/// Runs one pass on `op`, recording time, statistics and output. `Ok(true)`
/// when the pass reported that it preserved everything
/// ([`PassContext::preserved_all`]), so the IR needs no new verification.
fn run_pass_on(p: &dyn Pass, rec: &mut Record, ir: &mut Ir, op: OpId, out: &mut Out) -> Result<bool, Diagnostic> {
    let mut cx = PassContext::new();
    let start = Instant::now();
    let r = p.run(ir, op, &mut cx);
    rec.time += start.elapsed();
    for (k, v) in cx.stats {
        rec.add_stat(k, v);
    }
    emit(out, &cx.output);
    out.stdout.push_str(&cx.stdout);
    out.diagnostics.append(&mut cx.diagnostics);
    r?;
    if check_invariants_enabled() {
        check_invariants_after(p, ir, op)?;
    }
    Ok(cx.preserved_all)
}

/// Whether [`Ir::check_invariants`] runs after every pass: in debug builds,
/// and in any build when `BUFOPT_CHECK_INVARIANTS=1` (the lit harness sets
/// it, so the release test suite checks every pass it runs).
pub fn check_invariants_enabled() -> bool {
    static ENABLED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ENABLED.get_or_init(|| cfg!(debug_assertions) || std::env::var("BUFOPT_CHECK_INVARIANTS").is_ok_and(|v| v == "1"))
}

/// Checks the IR under `op` after pass `p` ran on it; a broken invariant is
/// an internal error located at the op it was found at.
fn check_invariants_after(p: &dyn Pass, ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    ir.check_invariants(op).map_err(|e| {
        let at = e.op.filter(|&o| ir.is_alive(o)).unwrap_or(op);
        Diagnostic::error(
            ir.op_loc(at),
            format!("internal error: pass '{}' left the IR inconsistent: {}", p.name(), e.message),
        )
        .with_op(at)
    })
}

/// MLIR's checks before running a pass (or a nested pipeline, `pass` =
/// `None`) on `op` (`OpToOpPassAdaptor::run`): the op must be registered,
/// isolated from above, and one the pass can be scheduled on. Errors are
/// upstream's, located at the op.
fn check_schedulable(pass: Option<&dyn Pass>, ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let problem = match ir.op_info(op) {
        None => Some("trying to schedule a pass on an unregistered operation"),
        Some(info) if !info.has(OpTraits::ISOLATED_FROM_ABOVE) => {
            Some("trying to schedule a pass on an operation not marked as 'IsolatedFromAbove'")
        }
        Some(_) if pass.is_some_and(|p| !p.can_schedule_on(ir, op)) => {
            Some("trying to schedule a pass on an unsupported operation")
        }
        Some(_) => None,
    };
    match problem {
        Some(msg) => Err(Diagnostic::error(ir.op_loc(op), format!("'{}' op {msg}", ir.op_name_str(op))).with_op(op)),
        None => Ok(()),
    }
}

/// Whether a nested pipeline anchored on `anchor` runs on `op`, an op
/// directly inside the op the enclosing pipeline runs on (MLIR's
/// `OpPassManagerImpl::canScheduleOn`): an op-specific pipeline takes the
/// ops of its name (which [`check_schedulable`] may then reject); an
/// op-agnostic one (`any`) takes the registered ops isolated from above
/// that each of its passes can be scheduled on, and skips the others.
fn nest_takes(anchor: &str, elems: &[PmElement], ir: &Ir, op: OpId) -> bool {
    if anchor != ANY {
        return ir.op_name_str(op) == anchor;
    }
    ir.op_info(op).is_some_and(|i| i.has(OpTraits::ISOLATED_FROM_ABOVE))
        && elems.iter().all(|e| match e {
            PmElement::Pass(p) => p.can_schedule_on(ir, op),
            PmElement::Nest { .. } => true,
        })
}

fn verify_after(opts: &PmOptions, ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    if opts.verify_each {
        let vopts = VerifyOptions {
            allow_unregistered: opts.allow_unregistered,
            skip_symbol_users: opts.detached,
            parallel: opts.threading,
            ..Default::default()
        };
        verify(ir, op, vopts)?;
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn run_elems(
    opts: &PmOptions,
    elems: &[PmElement],
    recs: &mut [Record],
    ir: &mut Ir,
    op: OpId,
    top: OpId,
    mut print: Hook<'_, '_>,
    out: &mut Out,
) -> Result<(), Diagnostic> {
    let mut i = 0;
    while i < elems.len() {
        let (e, rec) = (&elems[i], &mut recs[i]);
        i += 1;
        match e {
            PmElement::Pass(p) => {
                check_schedulable(Some(&**p), ir, op)?;
                let printing = opts.print_before_all || opts.print_after_all;
                if opts.print_before_all {
                    if let Some(pr) = print.as_deref_mut() {
                        pr(&format!("// -----// IR Dump Before {} ({}) //----- //", p.title(), p.name()), ir, op);
                    }
                }
                let split = if p.runs_per_isolated_symbol() { isolated_symbol_children(ir, op) } else { None };
                // A split run verifies each function as it goes; a pass that
                // preserved everything needs no verification.
                let mut verified = split.is_some();
                if let Some(children) = split {
                    // The following passes that split the same way run on
                    // each function right after this one (one copy of each
                    // function for all of them), unless the IR is printed
                    // between passes.
                    let first = i - 1;
                    while !printing
                        && i < elems.len()
                        && matches!(&elems[i], PmElement::Pass(q) if q.runs_per_isolated_symbol()
                            && q.can_schedule_on(ir, op))
                    {
                        i += 1;
                    }
                    // A pass's time is summed over the functions it ran on;
                    // a lone pass gets the wall time of its split run
                    // (copies and per-function verification included).
                    let (start, before) = (Instant::now(), recs[first].time);
                    let work = Work::Passes(&elems[first..i]);
                    let r = run_targets(opts, work, &mut recs[first..i], ir, &children, top, None, out);
                    if i == first + 1 {
                        recs[first].time = before + start.elapsed();
                    }
                    r?;
                } else {
                    verified = run_pass_on(&**p, rec, ir, op, out)?;
                }
                if opts.print_after_all {
                    if let Some(pr) = print.as_deref_mut() {
                        pr(&format!("// -----// IR Dump After {} ({}) //----- //", p.title(), p.name()), ir, op);
                    }
                }
                if !verified {
                    verify_after(opts, ir, op)?;
                }
            }
            PmElement::Nest { anchor, elems } => {
                check_schedulable(None, ir, op)?;
                let start = Instant::now();
                let mut targets: Vec<OpId> = Vec::new();
                for &r in ir.regions(op) {
                    for b in ir.region_blocks(r) {
                        targets.extend(ir.block_ops(b).filter(|&o| nest_takes(anchor, elems, ir, o)));
                    }
                }
                let r = run_targets(
                    opts,
                    Work::Elems(elems),
                    &mut rec.children,
                    ir,
                    &targets,
                    top,
                    print.as_deref_mut(),
                    out,
                );
                rec.time += start.elapsed();
                r?;
            }
        }
    }
    Ok(())
}

/// Runs `work` on one target in place.
#[allow(clippy::too_many_arguments)]
fn run_work(
    opts: &PmOptions,
    work: Work<'_>,
    recs: &mut [Record],
    ir: &mut Ir,
    t: OpId,
    top: OpId,
    print: Hook<'_, '_>,
    out: &mut Out,
) -> Result<(), Diagnostic> {
    match work {
        Work::Elems(es) => run_elems(opts, es, recs, ir, t, top, print, out),
        Work::Passes(ps) => {
            for (e, rec) in ps.iter().zip(recs.iter_mut()) {
                if let PmElement::Pass(p) = e {
                    // A pass split over functions verifies each of them (the
                    // rest of the module cannot change), unless it preserved
                    // everything.
                    if !run_pass_on(&**p, rec, ir, t, out)? {
                        verify_after(opts, ir, t)?;
                    }
                }
            }
            Ok(())
        }
    }
}

/// Runs read-only `work` on one target of a shared arena.
fn run_work_read_only(work: Work<'_>, recs: &mut [Record], ir: &Ir, t: OpId, out: &mut Out) -> Result<(), Diagnostic> {
    fn elems_ro(elems: &[PmElement], recs: &mut [Record], ir: &Ir, op: OpId, out: &mut Out) -> Result<(), Diagnostic> {
        for (e, rec) in elems.iter().zip(recs.iter_mut()) {
            match e {
                PmElement::Pass(p) => {
                    check_schedulable(Some(&**p), ir, op)?;
                    pass_ro(&**p, rec, ir, op, out)?;
                }
                PmElement::Nest { anchor, elems } => {
                    check_schedulable(None, ir, op)?;
                    let start = Instant::now();
                    for &r in ir.regions(op) {
                        for b in ir.region_blocks(r) {
                            for o in ir.block_ops(b) {
                                if nest_takes(anchor, elems, ir, o) {
                                    elems_ro(elems, &mut rec.children, ir, o, out)?;
                                }
                            }
                        }
                    }
                    rec.time += start.elapsed();
                }
            }
        }
        Ok(())
    }
    fn pass_ro(p: &dyn Pass, rec: &mut Record, ir: &Ir, op: OpId, out: &mut Out) -> Result<(), Diagnostic> {
        let mut cx = PassContext::new();
        let start = Instant::now();
        let r = p.run_read_only(ir, op, &mut cx);
        rec.time += start.elapsed();
        for (k, v) in cx.stats {
            rec.add_stat(k, v);
        }
        emit(out, &cx.output);
        out.stdout.push_str(&cx.stdout);
        out.diagnostics.append(&mut cx.diagnostics);
        r
    }
    match work {
        Work::Elems(es) => elems_ro(es, recs, ir, t, out),
        Work::Passes(ps) => {
            for (e, rec) in ps.iter().zip(recs.iter_mut()) {
                if let PmElement::Pass(p) = e {
                    pass_ro(&**p, rec, ir, t, out)?;
                }
            }
            Ok(())
        }
    }
}

/// Targets per pool thread in one batch of a parallel section
/// ([`run_targets`]): enough for load balance, few enough that the copies
/// alive at once stay a small part of the module.
const TARGETS_PER_THREAD: usize = 256;

/// One target's result in a parallel section.
struct Done {
    sub: Option<(Ir, OpId)>,
    recs: Vec<Record>,
    out: Out,
    result: Result<(), Diagnostic>,
}

/// Runs `work` on each of `targets` (ops of `ir`, in order): in place one
/// after the other, or, with threading, on all of them at once. A target
/// that may change is copied into an arena of its own
/// ([`crate::transplant`]), transformed there, and copied back in target
/// order; read-only work shares the arena. Records, output and the first
/// failure come out as in a serial run.
#[allow(clippy::too_many_arguments)]
fn run_targets(
    opts: &PmOptions,
    work: Work<'_>,
    recs: &mut [Record],
    ir: &mut Ir,
    targets: &[OpId],
    top: OpId,
    mut print: Hook<'_, '_>,
    out: &mut Out,
) -> Result<(), Diagnostic> {
    use rayon::prelude::*;
    let parallel = opts.threading
        && targets.len() >= 2
        && !opts.print_before_all
        && !opts.print_after_all
        && rayon::current_num_threads() > 1;
    let read_only = work.is_read_only();
    let movable = read_only || targets.iter().all(|&t| crate::transplant::is_movable(ir, t));
    if !parallel || !movable {
        for &t in targets {
            run_work(opts, work, recs, ir, t, top, print.as_deref_mut(), out)?;
        }
        return Ok(());
    }
    // Workers verify their function apart from the module, leaving out
    // symbol uses (a call's callee is not in the worker's arena); those are
    // checked in the module once every function is back.
    let wopts = PmOptions { detached: true, ..*opts };
    // Targets go to the pool a batch at a time, and each batch's arenas
    // are copied back (and dropped) before the next batch is copied out:
    // only one batch of copies is alive at once, and the module's arena
    // reuses the slots the old bodies leave.
    let batch = (rayon::current_num_threads() * TARGETS_PER_THREAD).max(1);
    let mut start = 0;
    while start < targets.len() {
        let part = &targets[start..(start + batch).min(targets.len())];
        start += part.len();
        let done: Vec<Option<Done>> = {
            let wopts = &wopts;
            let shared: &Ir = ir;
            part.par_iter()
                .map(|&t| {
                    let mut recs = work.records();
                    let mut buf = Out { text: Some(String::new()), ..Out::default() };
                    if read_only {
                        let result = run_work_read_only(work, &mut recs, shared, t, &mut buf);
                        return Some(Done { sub: None, recs, out: buf, result });
                    }
                    let (mut sub, root) = crate::transplant::extract(shared, t)?;
                    let result = run_work(wopts, work, &mut recs, &mut sub, root, root, None, &mut buf);
                    Some(Done { sub: Some((sub, root)), recs, out: buf, result })
                })
                .collect()
        };
        if done.iter().any(Option::is_none) {
            // A target uses values from outside itself: run it and the
            // rest in place (the earlier ones are done).
            for &t in &targets[start - part.len()..] {
                run_work(opts, work, recs, ir, t, top, print.as_deref_mut(), out)?;
            }
            return Ok(());
        }
        for (&t, d) in part.iter().zip(done.into_iter().flatten()) {
            let Done { sub, recs: rs, out: text, result } = d;
            merge_records(recs, rs);
            emit(out, text.text.as_deref().unwrap_or_default());
            out.stdout.push_str(&text.stdout);
            if let Some((sub, root)) = &sub {
                if !crate::transplant::splice_back(ir, t, sub, *root) {
                    return Err(Diagnostic::error(
                        ir.op_loc(t),
                        "internal error: a function transformed on its own thread could not be copied back",
                    ));
                }
            }
            // The ops named are the worker's: find them in the module.
            let remap = |d: &mut Diagnostic| {
                if let (Some(bad), Some((sub, root))) = (d.op, &sub) {
                    d.op = crate::transplant::path_from(sub, *root, bad)
                        .and_then(|p| crate::transplant::follow_path(ir, t, &p))
                        .or(Some(t));
                }
            };
            for mut r in text.diagnostics {
                remap(&mut r.diagnostic);
                r.diagnostic.preceding.iter_mut().for_each(remap);
                out.diagnostics.push(r);
            }
            if let Err(mut d) = result {
                remap(&mut d);
                d.preceding.iter_mut().for_each(remap);
                return Err(d);
            }
        }
    }
    if opts.verify_each && !read_only && !opts.detached {
        let shared: &Ir = ir;
        let verdicts: Vec<Result<(), Diagnostic>> =
            targets.par_iter().map(|&t| ir::verifier::verify_symbol_uses(shared, t)).collect();
        for v in verdicts {
            v?;
        }
    }
    Ok(())
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
