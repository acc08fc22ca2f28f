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
    transforms::topo_sort::register_passes(&mut reg);
    transforms::test_ir::register(&mut reg);
    crate::test_func::register(&mut reg);
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

/// The analysis test passes, from the analysis crate's three tables:
/// printers (`--test-print-liveness`, ...) and report passes
/// (`--test-alias-analysis`, ...) are read-only and write to stderr;
/// data-flow test passes (`--test-dead-code-analysis`, ...) take options,
/// may write to stdout (where upstream's pass writes to `llvm::outs()`),
/// and `--test-next-access` annotates the IR.
#[derive(Clone, Copy)]
enum TestDesc {
    Print(&'static analysis::test_printers::TestPass),
    Report(&'static analysis::test_reports::ReportPass),
    Dataflow(&'static analysis::dataflow::test_passes::DataflowTestPass),
}

/// The `i`-th test pass across the three tables.
fn test_desc(i: usize) -> Option<TestDesc> {
    use analysis::dataflow::test_passes::DATAFLOW_TEST_PASSES;
    use analysis::test_printers::TEST_PASSES;
    use analysis::test_reports::REPORT_PASSES;
    let prints = TEST_PASSES.iter().map(TestDesc::Print);
    let reports = REPORT_PASSES.iter().map(TestDesc::Report);
    prints.chain(reports).chain(DATAFLOW_TEST_PASSES.iter().map(TestDesc::Dataflow)).nth(i)
}

const NUM_TEST_PASSES: usize = analysis::test_printers::TEST_PASSES.len()
    + analysis::test_reports::REPORT_PASSES.len()
    + analysis::dataflow::test_passes::DATAFLOW_TEST_PASSES.len();

/// One constructor per test pass (a pass constructor carries no data, so
/// each is instantiated at its index).
macro_rules! test_ctors {
    ($($i:literal)*) => { [$(test_pass::<$i> as transforms::pass::PassCtor),*] };
}
const TEST_CTORS: [transforms::pass::PassCtor; NUM_TEST_PASSES] =
    test_ctors!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18);

fn add_analysis_test_passes(reg: &mut PassRegistry) {
    use transforms::pass::OptionDecl;
    for (i, ctor) in TEST_CTORS.into_iter().enumerate() {
        let Some(d) = test_desc(i) else { continue };
        let (name, summary, options) = match d {
            TestDesc::Print(t) => (t.name, t.summary, Vec::new()),
            TestDesc::Report(t) => (t.name, t.summary, Vec::new()),
            TestDesc::Dataflow(t) => {
                let options = t
                    .options
                    .iter()
                    .map(|&(name, help, default)| OptionDecl { name, help, default, choices: &[] })
                    .collect();
                (t.name, t.summary, options)
            }
        };
        reg.add(transforms::pass::PassInfo { name, summary, options, ctor });
    }
}

struct AnalysisTestPass(TestDesc, PassOptions);

impl transforms::pass::Pass for AnalysisTestPass {
    fn name(&self) -> &'static str {
        match self.0 {
            TestDesc::Print(t) => t.name,
            TestDesc::Report(t) => t.name,
            TestDesc::Dataflow(t) => t.name,
        }
    }
    fn anchor(&self) -> Option<&'static str> {
        match self.0 {
            TestDesc::Print(t) => t.anchor,
            TestDesc::Report(t) => t.anchor,
            TestDesc::Dataflow(t) => t.anchor,
        }
    }
    fn can_schedule_on(&self, ir: &ir::Ir, op: ir::OpId) -> bool {
        let filter = match self.0 {
            TestDesc::Report(t) => t.filter,
            _ => None,
        };
        self.anchor().is_none_or(|a| a == ir.op_name_str(op)) && filter.is_none_or(|f| f(ir, op))
    }
    fn run(&self, ir: &mut ir::Ir, op: ir::OpId, cx: &mut transforms::pass::PassContext) -> Result<(), ir::Diagnostic> {
        let TestDesc::Dataflow(t) = self.0 else { return self.run_read_only(ir, op, cx) };
        let text = (t.run)(ir, op, &self.1.values)?;
        if t.stdout {
            cx.stdout.push_str(&text);
        } else {
            cx.output.push_str(&text);
        }
        Ok(())
    }
    fn is_read_only(&self) -> bool {
        !matches!(self.0, TestDesc::Dataflow(_))
    }
    fn run_read_only(
        &self,
        ir: &ir::Ir,
        op: ir::OpId,
        cx: &mut transforms::pass::PassContext,
    ) -> Result<(), ir::Diagnostic> {
        match self.0 {
            TestDesc::Print(t) => cx.output.push_str(&(t.print)(ir, op)),
            TestDesc::Report(t) => {
                let report = (t.run)(ir, op);
                cx.output.push_str(&report.text);
                for d in report.diagnostics {
                    cx.report(ir, d);
                }
            }
            TestDesc::Dataflow(t) => {
                return Err(ir::Diagnostic::error(ir.op_loc(op), format!("'{}' changes the IR", t.name)))
            }
        }
        Ok(())
    }
}

fn test_pass<const I: usize>(opts: &PassOptions) -> Result<Box<dyn transforms::pass::Pass>, String> {
    match test_desc(I) {
        Some(d) => Ok(Box::new(AnalysisTestPass(d, opts.clone()))),
        None => Err(format!("no analysis test pass #{I}")),
    }
}
