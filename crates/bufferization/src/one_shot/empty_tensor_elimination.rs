//! `eliminate-empty-tensors`: a `tensor.empty` whose value ends up
//! inserted, in place, as the source of a subset insertion
//! (`tensor.insert_slice`, `parallel_insert_slice`, `transfer_write`,
//! `materialize_in_destination`: anything with the `SubsetInsertion`
//! interface) is replaced by an extraction of that subset from the
//! destination, so the computation writes straight into the destination's
//! buffer (upstream's `EmptyTensorElimination.cpp`).
//!
//! The analysis runs first (module analysis on a module, with
//! `allow-return-allocs-from-loops`); each empty tensor is reached from an
//! in-place source through equivalent, same-type (or cast) aliases. The
//! extraction goes at the first candidate point (the empty tensor, or
//! right after each value the extraction needs) where those values
//! dominate it and it dominates every use of the empty tensor.

use super::analysis::{analyze_op, AnalysisStatistics, OneShotAnalysisState};
use super::interface::{AnalysisState, TraversalConfig};
use super::module::analyze_module_op;
use super::options::BufferizationOptions;
use dialects::tensor::{CastOp, EmptyOp};
use ir::buffer_interfaces::SubsetInsertion;
use ir::dominance::DominanceInfo;
use ir::op_decl::IrBuilder;
use ir::{Diagnostic, InsertPoint, Ir, OpId, ValueDef, ValueId};
use transforms::pass::{Pass, PassContext, PassInfo};

fn dominates(ir: &Ir, dom: &DominanceInfo, a: OpId, b: OpId) -> bool {
    a == b || dom.op_properly_dominates(ir, a, b, true)
}

/// True when every needed value is defined before `ip`.
fn needed_values_dominate(ir: &Ir, dom: &DominanceInfo, ip: OpId, needed: &[ValueId]) -> bool {
    needed.iter().all(|&v| match ir.value_def(v) {
        ValueDef::BlockArg { block, .. } => ir.ancestor_in_block(block, ip).is_some(),
        ValueDef::Result { op, .. } => dom.op_properly_dominates(ir, op, ip, true),
        ValueDef::Detached => false,
    })
}

/// Where the extraction replacing `empty` can go, if anywhere.
fn valid_insertion_point(ir: &Ir, dom: &DominanceInfo, empty: OpId, needed: &[ValueId]) -> Option<OpId> {
    let mut candidates = vec![Some(empty)];
    for &v in needed {
        candidates.push(match ir.value_def(v) {
            ValueDef::BlockArg { block, .. } => ir.first_op(block),
            ValueDef::Result { op, .. } => ir.next_op(op),
            ValueDef::Detached => None,
        });
    }
    let users: Vec<OpId> = ir.users(ir.results(empty).next()?).collect();
    candidates
        .into_iter()
        .flatten()
        .find(|&ip| needed_values_dominate(ir, dom, ip, needed) && users.iter().all(|&u| dominates(ir, dom, ip, u)))
}

/// Replaces the empty tensors that `state` shows flow in place into a
/// subset insertion under `op` (upstream's `eliminateEmptyTensors(rewriter,
/// op, state)`).
pub fn eliminate_empty_tensors_with(ir: &mut Ir, op: OpId, state: &OneShotAnalysisState) {
    let inserts: Vec<OpId> = ir
        .post_order(op)
        .into_iter()
        .filter(|&o| ir.ctx().registry().interface::<dyn SubsetInsertion>(ir.op_name(o)).is_some())
        .collect();
    let ctx = ir.ctx_arc().clone();
    // One dominance for the whole walk: replacements add and erase ops but
    // never blocks, so the block dominance trees stay valid (op order
    // within a block is read from the IR).
    let dom = DominanceInfo::new();
    let config = TraversalConfig {
        follow_equivalent_only: true,
        always_include_leaves: false,
        follow_same_type_or_casts_only: true,
        ..TraversalConfig::default()
    };
    for ins in inserts {
        if !ir.is_alive(ins) {
            continue;
        }
        let model = ctx.registry().interface::<dyn SubsetInsertion>(ir.op_name(ins)).expect("a subset insertion");
        let source = model.source_operand(ir, ins);
        if !state.is_in_place(ir, source) {
            continue;
        }
        let needed = model.values_needed_to_build_subset_extraction(ir, ins);
        let s: &dyn AnalysisState = state;
        let empties = s.find_value_in_reverse_use_def_chain(
            ir,
            ir.use_value(source),
            &mut |v| ir.defining_op(v).is_some_and(|d| EmptyOp::matches(ir, d)),
            config,
        );
        for v in empties {
            let Some(empty) = ir.defining_op(v) else { continue };
            if !ir.is_alive(empty) {
                continue;
            }
            let Some(ip) = valid_insertion_point(ir, &dom, empty, &needed) else { continue };
            let loc = ir.op_loc(empty);
            let Some(mut replacement) = model.build_subset_extraction_updating(ir, InsertPoint::Before(ip), ins, loc)
            else {
                continue;
            };
            if ir.defining_op(replacement) == Some(empty) {
                continue;
            }
            let vty = ir.value_type(v);
            if ir.value_type(replacement) != vty {
                if ctx.element_type(ir.value_type(replacement)) != ctx.element_type(vty) {
                    continue;
                }
                let after = super::helpers::insertion_point_after_value(ir, replacement).expect("an attached value");
                let vloc = ir.value_loc(v);
                let mut b = IrBuilder::at(ir, after);
                replacement = CastOp::build(&mut b, vloc, vty, replacement).dest(b.ir);
            }
            ir.replace_op(empty, &[replacement]);
        }
    }
}

/// Analyzes `op` (a module: with function boundaries) and eliminates its
/// empty tensors (upstream's `eliminateEmptyTensors(rewriter, op)`).
pub fn eliminate_empty_tensors(ir: &mut Ir, op: OpId) -> Result<(), Diagnostic> {
    let is_module = ir.op_name_str(op) == "builtin.module";
    let options = BufferizationOptions {
        allow_return_allocs_from_loops: true,
        bufferize_function_boundaries: is_module,
        ..BufferizationOptions::default()
    };
    let mut stats = AnalysisStatistics::default();
    let state = if is_module {
        let mut state = OneShotAnalysisState::new(ir, op, &options);
        analyze_module_op(ir, op, &mut state, &mut stats)?;
        state
    } else {
        analyze_op(ir, op, &options, &mut stats)?
    };
    eliminate_empty_tensors_with(ir, op, &state);
    Ok(())
}

/// The pass.
pub struct EmptyTensorElimination;

impl Pass for EmptyTensorElimination {
    fn name(&self) -> &'static str {
        "eliminate-empty-tensors"
    }
    fn title(&self) -> String {
        "EmptyTensorElimination".to_string()
    }
    fn run(&self, ir: &mut Ir, op: OpId, _cx: &mut PassContext) -> Result<(), Diagnostic> {
        eliminate_empty_tensors(ir, op)
    }
}

/// The registry entry.
pub fn pass_info() -> PassInfo {
    PassInfo {
        name: "eliminate-empty-tensors",
        summary: "Try to eliminate all tensor.empty ops.",
        options: vec![],
        ctor: |_| Ok(Box::new(EmptyTensorElimination)),
    }
}
