//! `--print-op-stats` (upstream's `PrintOpStatsPass`, `OpStats.cpp`): the
//! number of ops of each name under the op it runs on, on stderr, as an
//! aligned table or (`json=true`) a JSON object.

use crate::pass::{OptionDecl, Pass, PassContext, PassInfo};
use ir::{Diagnostic, Ir, OpId};
use std::collections::BTreeMap;
use std::fmt::Write;

struct PrintOpStats {
    json: bool,
}

/// The registration of `print-op-stats`.
pub(super) fn pass_info() -> PassInfo {
    PassInfo {
        name: "print-op-stats",
        summary: "Print statistics of operations",
        options: vec![OptionDecl { name: "json", help: "print the stats as JSON", default: "false", choices: &[] }],
        ctor: |o| Ok(Box::new(PrintOpStats { json: o.get_bool("json") })),
    }
}

impl Pass for PrintOpStats {
    fn name(&self) -> &'static str {
        "print-op-stats"
    }
    fn title(&self) -> String {
        "PrintOpStats".to_string()
    }
    fn options_text(&self) -> String {
        format!("json={}", self.json)
    }
    fn run(&self, ir: &mut Ir, op: OpId, cx: &mut PassContext) -> Result<(), Diagnostic> {
        self.run_read_only(ir, op, cx)
    }
    fn is_read_only(&self) -> bool {
        true
    }
    fn run_read_only(&self, ir: &Ir, op: OpId, cx: &mut PassContext) -> Result<(), Diagnostic> {
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        ir.walk_post(op, |o| {
            *counts.entry(ir.op_name_str(o)).or_default() += 1;
            ir::WalkResult::Advance
        });
        if self.json {
            print_json(&counts, &mut cx.output);
        } else {
            print_table(&counts, &mut cx.output);
        }
        Ok(())
    }
}

/// `dialect.op` split at the first dot; a name without one has no dialect.
fn split(name: &str) -> (&str, &str) {
    match name.split_once('.') {
        Some((d, o)) if !o.is_empty() => (d, o),
        Some((d, _)) => ("", d),
        None => ("", name),
    }
}

fn print_table(counts: &BTreeMap<&str, usize>, out: &mut String) {
    out.push_str("Operations encountered:\n-----------------------\n");
    let max_dialect = counts.keys().map(|k| split(k).0.len()).max().unwrap_or(0);
    let max_op = counts.keys().map(|k| split(k).1.len()).max().unwrap_or(0);
    for (key, n) in counts {
        let (dialect, op) = split(key);
        if dialect.is_empty() {
            out.push_str(&" ".repeat(max_dialect + 3));
        } else {
            let _ = write!(out, "{dialect:>w$}.", w = max_dialect + 2);
        }
        let _ = writeln!(out, "{op:<max_op$} , {n}");
    }
}

fn print_json(counts: &BTreeMap<&str, usize>, out: &mut String) {
    out.push_str("{\n");
    let n = counts.len();
    for (i, (key, c)) in counts.iter().enumerate() {
        let _ = write!(out, "  \"{key}\" : {c}");
        out.push_str(if i + 1 == n { "\n" } else { ",\n" });
    }
    out.push_str("}\n");
}
