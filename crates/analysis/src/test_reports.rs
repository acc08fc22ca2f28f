//! Upstream's analysis test passes that report through stderr text and
//! diagnostics (remarks): `test-alias-analysis`,
//! `test-alias-analysis-modref`, `test-alias-analysis-extending`
//! (upstream's `TestAliasAnalysis.cpp`, over [`crate::local_alias`]),
//! `test-cfg-loop-info` ([`crate::cfg_loop_info`]) and
//! `test-match-reduction` ([`crate::match_reduction`]) and
//! `test-shape-function-report` ([`crate::shape_fn_report`]). Each is read-only;
//! the tool wraps the table [`REPORT_PASSES`] into passes.

use crate::local_alias::{AliasAnalysis, AliasResult, LocalAliasAnalysis};
use ir::{Diagnostic, Ir, OpId, ValueDef, ValueId};
use std::fmt::Write;

/// What a report pass produced: text for stderr and diagnostics reported
/// without failing the pass.
#[derive(Default)]
pub struct Report {
    /// Text for stderr.
    pub text: String,
    /// Diagnostics (remarks) in emission order.
    pub diagnostics: Vec<Diagnostic>,
}

/// A read-only analysis test pass.
pub struct ReportPass {
    /// Command-line name.
    pub name: &'static str,
    /// One-line summary.
    pub summary: &'static str,
    /// The op kind it runs on (`None`: any op the filter accepts).
    pub anchor: Option<&'static str>,
    /// MLIR's `InterfacePass`: the ops it can run on (`None`: any).
    pub filter: Option<fn(&Ir, OpId) -> bool>,
    /// What it reports for the op it runs on.
    pub run: fn(&Ir, OpId) -> Report,
}

/// True for function-like ops (MLIR's `FunctionOpInterface`, here ops
/// that are `Callable`).
pub fn is_function(ir: &Ir, op: OpId) -> bool {
    ir::interfaces::callable(ir, op).is_some()
}

/// Every report pass.
pub const REPORT_PASSES: &[ReportPass] = &[
    ReportPass {
        name: "test-alias-analysis",
        summary: "Test alias analysis results.",
        anchor: None,
        filter: None,
        run: |ir, op| text(alias_report(ir, op, &AliasAnalysis::new())),
    },
    ReportPass {
        name: "test-alias-analysis-modref",
        summary: "Test alias analysis ModRef results.",
        anchor: None,
        filter: None,
        run: |ir, op| text(mod_ref_report(ir, op, &AliasAnalysis::new())),
    },
    ReportPass {
        name: "test-alias-analysis-extending",
        summary: "Test alias analysis extending.",
        anchor: None,
        filter: None,
        run: |ir, op| {
            let mut aa = AliasAnalysis::new();
            aa.add_impl(Box::new(LocalAliasAnalysis::with_refinement(restrict_refinement)));
            text(alias_report(ir, op, &aa))
        },
    },
    ReportPass {
        name: "test-cfg-loop-info",
        summary: "Test the loop info analysis.",
        anchor: None,
        filter: Some(is_function),
        run: |ir, op| text(crate::cfg_loop_info::print_loop_info(ir, op)),
    },
    ReportPass {
        name: "test-match-reduction",
        summary: "Test the match reduction utility.",
        anchor: None,
        filter: Some(is_function),
        run: crate::match_reduction::report,
    },
    ReportPass {
        name: "test-shape-function-report",
        summary: "Test pass to report associated shape functions",
        anchor: Some("builtin.module"),
        filter: None,
        run: crate::shape_fn_report::report,
    },
];

fn text(text: String) -> Report {
    Report { text, diagnostics: Vec::new() }
}

/// `Testing : <sym_name attribute>` as upstream's test passes print it.
pub(crate) fn testing_line(ir: &Ir, op: OpId, out: &mut String) {
    out.push_str("Testing : ");
    match ir.attr(op, "sym_name") {
        Some(a) => syntax::print_attr::print_attr(ir.ctx(), &syntax::AliasTable::new(), a, out, false),
        None => out.push_str("<<NULL ATTRIBUTE>>"),
    }
    out.push('\n');
}

/// The `test.ptr` tag of an op.
fn tag(ir: &Ir, op: OpId) -> &str {
    ir.attr(op, "test.ptr").and_then(|a| ir.ctx().str_value(a)).unwrap_or("")
}

/// `tag#n` for a result, `tag.regionR[.blockB]#n` for a block argument.
fn write_operand(ir: &Ir, v: ValueId, out: &mut String) {
    match ir.value_def(v) {
        ValueDef::BlockArg { block, index } => {
            let region = ir.block_region(block);
            let parent = region.and_then(|r| ir.region_parent_op(r));
            out.push_str(parent.map_or("", |p| tag(ir, p)));
            let _ = write!(out, ".region{}", region.map_or(0, |r| ir.region_index(r)));
            let pos = region.map_or(0, |r| ir.region_blocks(r).position(|b| b == block).unwrap_or(0));
            if pos != 0 {
                let _ = write!(out, ".block{pos}");
            }
            let _ = write!(out, "#{index}");
        }
        ValueDef::Result { op, index } => {
            let _ = write!(out, "{}#{index}", tag(ir, op));
        }
        _ => out.push_str("<<detached>>"),
    }
}

/// The values the alias tests ask about: results and region arguments of
/// every op tagged `test.ptr`, in walk (post-)order.
fn tagged_values(ir: &Ir, root: OpId) -> (Vec<OpId>, Vec<ValueId>) {
    let mut ops = Vec::new();
    let mut vals = Vec::new();
    for op in ir.post_order(root) {
        if ir.attr(op, "test.ptr").is_none() {
            continue;
        }
        ops.push(op);
        vals.extend(ir.results(op));
        for &r in ir.regions(op) {
            for b in ir.region_blocks(r) {
                vals.extend(ir.block_args(b).iter().copied());
            }
        }
    }
    (ops, vals)
}

/// Every pair of tagged values and how they alias.
fn alias_report(ir: &Ir, root: OpId, aa: &AliasAnalysis) -> String {
    let mut out = String::new();
    testing_line(ir, root, &mut out);
    let (_, vals) = tagged_values(ir, root);
    for (i, &b) in vals.iter().enumerate() {
        for &a in &vals[..i] {
            let r = aa.alias(ir, a, b);
            write_operand(ir, a, &mut out);
            out.push_str(" <-> ");
            write_operand(ir, b, &mut out);
            let _ = writeln!(out, ": {r}");
        }
    }
    out
}

/// How every tagged op accesses every tagged value.
fn mod_ref_report(ir: &Ir, root: OpId, aa: &AliasAnalysis) -> String {
    let mut out = String::new();
    testing_line(ir, root, &mut out);
    let (ops, vals) = tagged_values(ir, root);
    for &v in &vals {
        for &op in &ops {
            let r = aa.mod_ref(ir, op, v);
            let _ = write!(out, "{} -> ", tag(ir, op));
            write_operand(ir, v, &mut out);
            let _ = writeln!(out, ": {r}");
        }
    }
    out
}

/// The function whose entry block defines `v`, if `v` is a function
/// argument.
fn function_arg(ir: &Ir, v: ValueId) -> Option<(OpId, usize)> {
    let ValueDef::BlockArg { block, index } = ir.value_def(v) else { return None };
    let op = ir.block_parent_op(block)?;
    is_function(ir, op).then_some((op, index as usize))
}

/// True when function argument `i` of `f` has `local_alias_analysis.restrict`.
fn is_restrict(ir: &Ir, f: OpId, i: usize) -> bool {
    let ctx = ir.ctx();
    ir.attr(f, "arg_attrs")
        .and_then(|a| ctx.array_value(a))
        .and_then(|dicts| dicts.get(i).copied())
        .and_then(|d| ctx.dict_get(d, "local_alias_analysis.restrict"))
        .is_some()
}

/// The extending test's refinement: two function arguments, one of them
/// `restrict`, do not alias.
fn restrict_refinement(ir: &Ir, lhs: ValueId, rhs: ValueId) -> Option<AliasResult> {
    let ((lf, li), (rf, ri)) = (function_arg(ir, lhs)?, function_arg(ir, rhs)?);
    (is_restrict(ir, lf, li) || is_restrict(ir, rf, ri)).then_some(AliasResult::NoAlias)
}
