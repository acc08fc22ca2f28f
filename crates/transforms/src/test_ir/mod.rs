//! The IR test passes of mlir-opt-19's `test/lib/IR` (`--test-print-defuse`,
//! `--test-print-nesting`, the IR visitor tests, `--print-op-stats`, …):
//! what each prints or does on the IR is upstream's, so that upstream's
//! `mlir/test/IR` lit files run unchanged. Text upstream writes to
//! `llvm::outs()` goes to [`PassContext::stdout`], text for `llvm::errs()`
//! to [`PassContext::output`], remarks through [`PassContext::report`].
//! Passes that need concrete dialects (the `FunctionOpInterface` tests)
//! live with the tool (`bufopt::test_func`).

mod op_stats;
mod print;
mod regions;
mod side_effects;
mod symbols;
mod visitors;

use crate::pass::{Pass, PassContext, PassInfo, PassRegistry};
use ir::{Diagnostic, Ir, OpId};

/// A registration of a [`TestPass`]: the constructor is a closure without
/// captures (a `PassCtor` is a plain function pointer).
macro_rules! test_pass {
    ($name:literal, $summary:literal, $anchor:expr, $body:expr) => {
        PassInfo {
            name: $name,
            summary: $summary,
            options: Vec::new(),
            ctor: |_| Ok(Box::new(TestPass { name: $name, anchor: $anchor, body: $body })),
        }
    };
}

const MODULE: Option<&str> = Some("builtin.module");

/// Adds every pass of this module to `reg`.
pub fn register(reg: &mut PassRegistry) {
    use Body::{Mut, Read};
    reg.add(test_pass!("test-print-defuse", "Test various printing.", None, Read(print::print_defuse)));
    reg.add(test_pass!("test-print-nesting", "Test various printing.", None, Read(print::print_nesting)));
    reg.add(test_pass!("test-ir-visitors", "Test various visitors.", None, Mut(visitors::test_ir_visitors)));
    reg.add(test_pass!("test-generic-ir-visitors", "Test generic IR visitors.", None, Read(visitors::generic)));
    reg.add(test_pass!(
        "test-generic-ir-visitors-interrupt",
        "Test generic IR visitors with interrupts.",
        None,
        Read(visitors::generic_interrupt)
    ));
    reg.add(test_pass!(
        "test-generic-ir-block-visitors-interrupt",
        "Test generic IR visitors with interrupts, starting with Blocks.",
        MODULE,
        Read(visitors::block_interrupt)
    ));
    reg.add(test_pass!(
        "test-generic-ir-region-visitors-interrupt",
        "Test generic IR visitors with interrupts, starting with Regions.",
        MODULE,
        Read(visitors::region_interrupt)
    ));
    reg.add(op_stats::pass_info());
    reg.add(test_pass!("test-symbol-uses", "Test detection of symbol uses", MODULE, Mut(symbols::symbol_uses)));
    reg.add(PassInfo {
        name: "test-clone",
        summary: "Test clone of op",
        options: Vec::new(),
        ctor: |_| Ok(Box::new(FunctionPass { name: "test-clone", body: regions::test_clone })),
    });
    reg.add(test_pass!("test-take-body", "Test Region's takeBody", MODULE, Mut(regions::take_body)));
    reg.add(test_pass!(
        "test-side-effects",
        "Test side effects interfaces",
        MODULE,
        Read(side_effects::test_side_effects)
    ));
}

/// What a read-only test pass does: reads the op it runs on, writes to the
/// context.
type ReadFn = fn(&Ir, OpId, &mut PassContext) -> Result<(), Diagnostic>;
/// What a test pass that changes the IR does.
type MutFn = fn(&mut Ir, OpId, &mut PassContext) -> Result<(), Diagnostic>;

/// A test pass: its name, anchor and body.
struct TestPass {
    name: &'static str,
    anchor: Option<&'static str>,
    body: Body,
}

#[derive(Clone, Copy)]
enum Body {
    Read(ReadFn),
    Mut(MutFn),
}

impl Pass for TestPass {
    fn name(&self) -> &'static str {
        self.name
    }
    fn anchor(&self) -> Option<&'static str> {
        self.anchor
    }
    fn run(&self, ir: &mut Ir, op: OpId, cx: &mut PassContext) -> Result<(), Diagnostic> {
        match self.body {
            Body::Read(f) => f(ir, op, cx),
            Body::Mut(f) => f(ir, op, cx),
        }
    }
    fn is_read_only(&self) -> bool {
        matches!(self.body, Body::Read(_))
    }
    fn run_read_only(&self, ir: &Ir, op: OpId, cx: &mut PassContext) -> Result<(), Diagnostic> {
        match self.body {
            Body::Read(f) => f(ir, op, cx),
            Body::Mut(_) => Err(Diagnostic::error(ir.op_loc(op), format!("pass '{}' is not read-only", self.name))),
        }
    }
}

/// A test pass on every function (MLIR's `InterfacePass<FunctionOpInterface>`:
/// ops with a callable body that are symbols).
struct FunctionPass {
    name: &'static str,
    body: MutFn,
}

impl Pass for FunctionPass {
    fn name(&self) -> &'static str {
        self.name
    }
    fn can_schedule_on(&self, ir: &Ir, op: OpId) -> bool {
        ir::interfaces::callable(ir, op).is_some() && ir::interfaces::symbol_op(ir, op).is_some()
    }
    fn run(&self, ir: &mut Ir, op: OpId, cx: &mut PassContext) -> Result<(), Diagnostic> {
        (self.body)(ir, op, cx)
    }
}
