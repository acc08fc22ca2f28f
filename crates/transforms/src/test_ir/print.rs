//! `--test-print-defuse` and `--test-print-nesting` (upstream's
//! `TestPrintDefUse.cpp` and `TestPrintNesting.cpp`): the def-use chains and
//! the op/region/block nesting under the op the pass runs on, on stdout.

use crate::pass::PassContext;
use ir::{BlockId, Diagnostic, Ir, OpId, RegionId, ValueDef};
use std::fmt::Write;

/// Every op nested in `root` (post-order), with where its operands come from
/// and who uses its results.
pub(super) fn print_defuse(ir: &Ir, root: OpId, cx: &mut PassContext) -> Result<(), Diagnostic> {
    let out = &mut cx.stdout;
    for op in ir.post_order(root) {
        let _ = writeln!(out, "Visiting op '{}' with {} operands:", ir.op_name_str(op), ir.num_operands(op));
        for v in ir.operands(op) {
            match ir.value_def(v) {
                ValueDef::Result { op: producer, .. } => {
                    let _ = writeln!(out, "  - Operand produced by operation '{}'", ir.op_name_str(producer));
                }
                ValueDef::BlockArg { index, .. } => {
                    let _ = writeln!(out, "  - Operand produced by Block argument, number {index}");
                }
                ValueDef::Detached => {}
            }
        }
        let _ = writeln!(out, "Has {} results:", ir.num_results(op));
        for (i, r) in ir.results(op).enumerate() {
            let _ = write!(out, "  - Result {i}");
            let n = ir.uses(r).count();
            match n {
                0 => {
                    out.push_str(" has no uses\n");
                    continue;
                }
                1 => out.push_str(" has a single use: "),
                _ => {
                    let _ = writeln!(out, " has {n} uses:");
                }
            }
            // The use-list order is MLIR's (newest use first).
            for u in ir.users(r) {
                let _ = writeln!(out, "    - {}", ir.op_name_str(u));
            }
        }
    }
    Ok(())
}

/// The nesting of ops, regions and blocks under `root`, indented.
pub(super) fn print_nesting(ir: &Ir, root: OpId, cx: &mut PassContext) -> Result<(), Diagnostic> {
    let mut p = Nesting { ir, out: &mut cx.stdout, indent: 0 };
    p.op(root);
    Ok(())
}

struct Nesting<'a> {
    ir: &'a Ir,
    out: &'a mut String,
    indent: usize,
}

impl Nesting<'_> {
    fn line(&mut self) -> &mut String {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out
    }

    fn op(&mut self, op: OpId) {
        let ir = self.ir;
        let (nops, nres) = (ir.num_operands(op), ir.num_results(op));
        let _ = writeln!(self.line(), "visiting op: '{}' with {nops} operands and {nres} results", ir.op_name_str(op));
        let attrs = op_attributes(ir, op);
        if !attrs.is_empty() {
            let _ = writeln!(self.line(), "{} attributes:", attrs.len());
            for (name, value) in attrs {
                let _ = writeln!(self.line(), " - '{name}' : '{value}'");
            }
        }
        let _ = writeln!(self.line(), " {} nested regions:", ir.regions(op).len());
        self.indent += 1;
        for &r in ir.regions(op) {
            self.region(r);
        }
        self.indent -= 1;
    }

    fn region(&mut self, r: RegionId) {
        let n = self.ir.region_blocks(r).count();
        let _ = writeln!(self.line(), "Region with {n} blocks:");
        self.indent += 1;
        for b in self.ir.region_blocks(r) {
            self.block(b);
        }
        self.indent -= 1;
    }

    fn block(&mut self, b: BlockId) {
        let ir = self.ir;
        let nsucc = ir.terminator(b).map_or(0, |t| ir.successors(t).len());
        let _ = writeln!(
            self.line(),
            "Block with {} arguments, {nsucc} successors, and {} operations",
            ir.block_args(b).len(),
            ir.block_ops(b).count()
        );
        self.indent += 1;
        for op in ir.block_ops(b) {
            self.op(op);
        }
        self.indent -= 1;
    }
}

/// An op's attributes as MLIR's `getAttrs()` lists them (inherent and
/// discardable ones in one dictionary, sorted by name), each value printed.
fn op_attributes(ir: &Ir, op: OpId) -> Vec<(String, String)> {
    let ctx = ir.ctx();
    ir.attrs(op)
        .iter()
        .map(|a| (ctx.str(a.name).to_string(), syntax::print_attr::attr_to_string(ctx, a.value)))
        .collect()
}
