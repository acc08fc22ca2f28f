//! The pass registry bufopt offers and the construction of a pass manager
//! from the command line: `--pass-pipeline=...` text, or pass flags in
//! command-line order (nested implicitly under the ops they anchor on).

use crate::cl::PassFlagInfo;
use crate::driver::Config;
use transforms::pass::{PassManager, PassOptions, PassRegistry, PmElement, PmOptions};
use transforms::pipeline_syntax::PipelineElement;

/// Every pass and named pipeline bufopt registers, then the tool's own.
pub fn registry(tool: &crate::Tool) -> PassRegistry {
    let mut reg = PassRegistry::with_builtin_passes();
    add_analysis_test_passes(&mut reg);
    add_analysis_report_passes(&mut reg);
    transforms::topo_sort::register_passes(&mut reg);
    transforms::test_ir::register(&mut reg);
    crate::test_func::register(&mut reg);
    add_dataflow_test_passes(&mut reg);
    bufferization::register_passes(&mut reg);
    (tool.register_passes)(&mut reg);
    reg
}

/// The registry as command-line flags.
pub fn pass_flags(reg: &PassRegistry) -> Vec<PassFlagInfo> {
    let mut v: Vec<PassFlagInfo> = reg
        .passes
        .iter()
        .map(|p| {
            let opts: Vec<(&str, &str)> = p.options.iter().map(|o| (o.name, o.help)).collect();
            PassFlagInfo::pass(p.name, p.summary, &opts)
        })
        .collect();
    v.extend(reg.pipelines.iter().map(|p| {
        let opts: Vec<(&str, &str)> = p.options.iter().map(|o| (o.name, o.help)).collect();
        PassFlagInfo::pipeline(p.name, p.summary, &opts)
    }));
    v
}

/// Builds the pass manager for `cfg`, to run on a top-level op named
/// `top` (`builtin.module` unless `--no-implicit-module`). Pass flags go
/// into a pass manager anchored on `top`, nesting op-specific passes for
/// other ops implicitly, as mlir-opt does.
pub fn build(cfg: &Config, opts: PmOptions, top: &str) -> Result<PassManager, String> {
    let reg = registry(&cfg.tool);
    if let Some(text) = &cfg.pipeline {
        return reg.parse_pass_manager(text, opts);
    }
    let mut pm = PassManager::new(top, opts);
    for (name, text) in &cfg.pass_flags {
        let elems = reg.lower(&[PipelineElement::Pass {
            name: name.clone(),
            options: text.clone(),
            span: Default::default(),
        }])?;
        for e in elems {
            // A pass anchored on another op runs nested on those ops.
            let anchored = match &e {
                PmElement::Pass(p) => p.anchor().filter(|a| *a != top).map(str::to_string),
                PmElement::Nest { .. } => None,
            };
            match anchored {
                Some(a) => pm.elems.push(PmElement::Nest { anchor: a, elems: vec![e] }),
                None => pm.elems.push(e),
            }
        }
    }
    Ok(pm)
}

/// Registers the analysis test passes (`--test-print-liveness`, ...): each
/// prints what its analysis computed to stderr and leaves the IR unchanged.
fn add_analysis_test_passes(reg: &mut PassRegistry) {
    use transforms::pass::PassCtor;
    let ctors: [PassCtor; 7] = [
        test_pass::<0>,
        test_pass::<1>,
        test_pass::<2>,
        test_pass::<3>,
        test_pass::<4>,
        test_pass::<5>,
        test_pass::<6>,
    ];
    for (tp, ctor) in analysis::test_printers::TEST_PASSES.iter().zip(ctors) {
        reg.add(transforms::pass::PassInfo { name: tp.name, summary: tp.summary, options: Vec::new(), ctor });
    }
}

struct AnalysisTestPass(&'static analysis::test_printers::TestPass);

impl transforms::pass::Pass for AnalysisTestPass {
    fn name(&self) -> &'static str {
        self.0.name
    }
    fn anchor(&self) -> Option<&'static str> {
        self.0.anchor
    }
    fn run(&self, ir: &mut ir::Ir, op: ir::OpId, cx: &mut transforms::pass::PassContext) -> Result<(), ir::Diagnostic> {
        self.run_read_only(ir, op, cx)
    }
    fn is_read_only(&self) -> bool {
        true
    }
    fn run_read_only(
        &self,
        ir: &ir::Ir,
        op: ir::OpId,
        cx: &mut transforms::pass::PassContext,
    ) -> Result<(), ir::Diagnostic> {
        cx.output.push_str(&(self.0.print)(ir, op));
        Ok(())
    }
}

fn test_pass<const I: usize>(_: &PassOptions) -> Result<Box<dyn transforms::pass::Pass>, String> {
    match analysis::test_printers::TEST_PASSES.get(I) {
        Some(tp) => Ok(Box::new(AnalysisTestPass(tp))),
        None => Err(format!("no analysis test pass #{I}")),
    }
}

/// Registers upstream's report-style analysis test passes
/// (`--test-alias-analysis`, `--test-cfg-loop-info`, ...): read-only, they
/// print to stderr and report remarks without failing.
fn add_analysis_report_passes(reg: &mut PassRegistry) {
    use transforms::pass::PassCtor;
    const _: () = assert!(analysis::test_reports::REPORT_PASSES.len() == 6, "one constructor per report pass");
    let ctors: [PassCtor; 6] =
        [report_pass::<0>, report_pass::<1>, report_pass::<2>, report_pass::<3>, report_pass::<4>, report_pass::<5>];
    for (rp, ctor) in analysis::test_reports::REPORT_PASSES.iter().zip(ctors) {
        reg.add(transforms::pass::PassInfo { name: rp.name, summary: rp.summary, options: Vec::new(), ctor });
    }
}

struct ReportPass(&'static analysis::test_reports::ReportPass);

impl transforms::pass::Pass for ReportPass {
    fn name(&self) -> &'static str {
        self.0.name
    }
    fn anchor(&self) -> Option<&'static str> {
        self.0.anchor
    }
    fn can_schedule_on(&self, ir: &ir::Ir, op: ir::OpId) -> bool {
        self.0.anchor.is_none_or(|a| a == ir.op_name_str(op)) && self.0.filter.is_none_or(|f| f(ir, op))
    }
    fn run(&self, ir: &mut ir::Ir, op: ir::OpId, cx: &mut transforms::pass::PassContext) -> Result<(), ir::Diagnostic> {
        self.run_read_only(ir, op, cx)
    }
    fn is_read_only(&self) -> bool {
        true
    }
    fn run_read_only(
        &self,
        ir: &ir::Ir,
        op: ir::OpId,
        cx: &mut transforms::pass::PassContext,
    ) -> Result<(), ir::Diagnostic> {
        let report = (self.0.run)(ir, op);
        cx.output.push_str(&report.text);
        for d in report.diagnostics {
            cx.report(ir, d);
        }
        Ok(())
    }
}

fn report_pass<const I: usize>(_: &PassOptions) -> Result<Box<dyn transforms::pass::Pass>, String> {
    match analysis::test_reports::REPORT_PASSES.get(I) {
        Some(rp) => Ok(Box::new(ReportPass(rp))),
        None => Err(format!("no analysis report pass #{I}")),
    }
}

/// Registers the data-flow test passes (`--test-dead-code-analysis`, ...):
/// each runs its analyses and prints what they computed (to stderr, or to
/// stdout where upstream's pass writes to `llvm::outs()`);
/// `--test-next-access` annotates the IR instead.
fn add_dataflow_test_passes(reg: &mut PassRegistry) {
    use transforms::pass::{OptionDecl, PassCtor};
    let ctors: [PassCtor; 6] = [
        dataflow_pass::<0>,
        dataflow_pass::<1>,
        dataflow_pass::<2>,
        dataflow_pass::<3>,
        dataflow_pass::<4>,
        dataflow_pass::<5>,
    ];
    for (tp, ctor) in analysis::dataflow::test_passes::DATAFLOW_TEST_PASSES.iter().zip(ctors) {
        let options =
            tp.options.iter().map(|&(name, help, default)| OptionDecl { name, help, default, choices: &[] }).collect();
        reg.add(transforms::pass::PassInfo { name: tp.name, summary: tp.summary, options, ctor });
    }
}

struct DataflowTestPass(&'static analysis::dataflow::test_passes::DataflowTestPass, PassOptions);

impl transforms::pass::Pass for DataflowTestPass {
    fn name(&self) -> &'static str {
        self.0.name
    }
    fn anchor(&self) -> Option<&'static str> {
        self.0.anchor
    }
    fn run(&self, ir: &mut ir::Ir, op: ir::OpId, cx: &mut transforms::pass::PassContext) -> Result<(), ir::Diagnostic> {
        let text = (self.0.run)(ir, op, &self.1.values)?;
        if self.0.stdout {
            cx.stdout.push_str(&text);
        } else {
            cx.output.push_str(&text);
        }
        Ok(())
    }
}

fn dataflow_pass<const I: usize>(opts: &PassOptions) -> Result<Box<dyn transforms::pass::Pass>, String> {
    match analysis::dataflow::test_passes::DATAFLOW_TEST_PASSES.get(I) {
        Some(tp) => Ok(Box::new(DataflowTestPass(tp, opts.clone()))),
        None => Err(format!("no data-flow test pass #{I}")),
    }
}
