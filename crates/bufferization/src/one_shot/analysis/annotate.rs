//! The debug annotations of One-Shot Analysis, byte-identical to upstream:
//! `__inplace_operands_attr__` (`test-analysis-only`), the alias sets
//! (`dump-alias-sets`: `__opresult_alias_set_attr__`,
//! `__bbarg_alias_set_attr__`, members in upstream's order, named as the
//! printer names them), and the `print-conflicts` markers (`C_n[...]` for a
//! read-after-write conflict, `W_n[...]` for a non-writable buffer).
//!
//! Upstream numbers the markers with process-wide counters, so they are
//! process-wide here too.

use super::super::interface::{is_tensor, AnalysisState};
use super::OneShotAnalysisState;
use ir::{AttrKind, Attribute, Ir, OpId, OperandId, ValueDef, ValueId, WalkResult};
use std::sync::atomic::{AtomicU64, Ordering};
use syntax::printer::Names;

static CONFLICT_COUNTER: AtomicU64 = AtomicU64::new(0);
static NOT_WRITABLE_COUNTER: AtomicU64 = AtomicU64::new(0);

/// Conflict markers found during the analysis, set on the IR afterwards.
#[derive(Default)]
pub struct Marks {
    attrs: Vec<(OpId, String)>,
}

/// `(op carrying the marker, "result N" / "bbArg N")` for a value.
fn value_site(ir: &Ir, v: ValueId) -> Option<(OpId, String)> {
    match ir.value_def(v) {
        ValueDef::Result { op, index } => Some((op, format!("result {index}"))),
        ValueDef::BlockArg { block, index } => ir.block_parent_op(block).map(|op| (op, format!("bbArg {index}"))),
        ValueDef::Detached => None,
    }
}

impl Marks {
    /// Upstream's `annotateConflict`.
    pub fn conflict(&mut self, ir: &Ir, read: OperandId, write: OperandId, def: ValueId) {
        let id = format!("C_{}", CONFLICT_COUNTER.fetch_add(1, Ordering::Relaxed));
        self.attrs.push((ir.use_owner(write), format!("{id}[CONFL-WRITE: {}]", ir.use_index(write))));
        self.attrs.push((ir.use_owner(read), format!("{id}[READ: {}]", ir.use_index(read))));
        if let Some((op, what)) = value_site(ir, def) {
            self.attrs.push((op, format!("{id}[DEF: {what}]")));
        }
    }

    /// Upstream's `annotateNonWritableTensor`.
    pub fn not_writable(&mut self, ir: &Ir, v: ValueId) {
        let id = format!("W_{}", NOT_WRITABLE_COUNTER.fetch_add(1, Ordering::Relaxed));
        if let Some((op, what)) = value_site(ir, v) {
            self.attrs.push((op, format!("{id}[NOT-WRITABLE: {what}]")));
        }
    }

    /// Sets the markers as unit attributes.
    pub fn apply(self, ir: &mut Ir) {
        for (op, name) in self.attrs {
            let unit = ir.ctx().unit_attr();
            ir.set_attr_str(op, &name, unit);
        }
    }
}

/// The strings of an array-of-strings attribute.
fn string_array(ir: &Ir, a: Attribute) -> Option<Vec<String>> {
    let AttrKind::Array(elems) = ir.ctx().attr_kind(a) else { return None };
    elems
        .iter()
        .map(|&e| match ir.ctx().attr_kind(e) {
            AttrKind::String { value, .. } => Some(String::from_utf8_lossy(value).into_owned()),
            _ => None,
        })
        .collect()
}

/// Upstream's `annotateOpsWithBufferizationMarkers`: on every op with a
/// tensor operand, `"true"`/`"false"` per tensor operand and `"none"` for
/// the others.
pub fn annotate_in_place(ir: &mut Ir, root: OpId, state: &OneShotAnalysisState) {
    const NAME: &str = "__inplace_operands_attr__";
    let mut updates: Vec<(OpId, Vec<String>)> = Vec::new();
    ir.walk_post(root, |op| {
        let ids = ir.operand_ids(op);
        if !ids.iter().any(|&u| is_tensor(ir, ir.value_type(ir.use_value(u)))) {
            return WalkResult::Advance;
        }
        let mut marks =
            ir.attr(op, NAME).and_then(|a| string_array(ir, a)).filter(|v| v.len() == ids.len()).unwrap_or_else(|| {
                ids.iter()
                    .map(|&u| if is_tensor(ir, ir.value_type(ir.use_value(u))) { "false" } else { "none" }.to_string())
                    .collect()
            });
        for (i, &u) in ids.iter().enumerate() {
            if is_tensor(ir, ir.value_type(ir.use_value(u))) {
                marks[i] = if state.is_in_place(ir, u) { "true" } else { "false" }.to_string();
            }
        }
        updates.push((op, marks));
        WalkResult::Advance
    });
    for (op, marks) in updates {
        let ctx = ir.ctx();
        let elems: Vec<Attribute> = marks.iter().map(|m| ctx.str_attr(m)).collect();
        let a = ctx.array_attr(&elems);
        ir.set_attr_str(op, NAME, a);
    }
}

/// Upstream's `annotateOpsWithAliasSets`.
pub fn annotate_alias_sets(ir: &mut Ir, root: OpId, state: &OneShotAnalysisState) {
    let names = Names::compute(ir, root, false);
    let mut updates: Vec<(OpId, &str, Attribute)> = Vec::new();
    {
        let ir: &Ir = ir;
        let ctx = ir.ctx();
        let set_of = |v: ValueId| {
            let elems: Vec<Attribute> = state
                .aliases(v)
                .map(|a| {
                    let mut s = String::new();
                    names.write_value(ir, a, &mut s);
                    ctx.str_attr(&s)
                })
                .collect();
            ctx.array_attr(&elems)
        };
        ir.walk_post(root, |op| {
            let results: Vec<Attribute> =
                ir.results(op).filter(|&r| is_tensor(ir, ir.value_type(r))).map(&set_of).collect();
            if !results.is_empty() {
                updates.push((op, "__opresult_alias_set_attr__", ctx.array_attr(&results)));
            }
            let mut has_tensor_arg = false;
            let mut regions = Vec::new();
            for &r in ir.regions(op) {
                let mut blocks = Vec::new();
                for b in ir.region_blocks(r) {
                    let mut args = Vec::new();
                    for &a in ir.block_args(b) {
                        if is_tensor(ir, ir.value_type(a)) {
                            args.push(set_of(a));
                            has_tensor_arg = true;
                        }
                    }
                    blocks.push(ctx.array_attr(&args));
                }
                regions.push(ctx.array_attr(&blocks));
            }
            if has_tensor_arg {
                updates.push((op, "__bbarg_alias_set_attr__", ctx.array_attr(&regions)));
            }
            WalkResult::Advance
        });
    }
    for (op, name, a) in updates {
        ir.set_attr_str(op, name, a);
    }
}
