//! One-Shot Analysis (upstream's `OneShotAnalysis.cpp`): the alias sets and
//! equivalence classes of tensor values, the in-place decision of every
//! tensor operand, and the debug annotations of `test-analysis-only`.
//!
//! * this module: [`OneShotAnalysisState`] (the decisions, answering
//!   [`AnalysisState`]), the repetitive/parallel-region queries, and
//!   [`analyze_op`], the entry point the pass calls;
//! * `classes`: `EquivalenceClasses` with upstream's member order;
//! * `conflicts`: the decision procedure (non-writable buffers,
//!   read-after-write interference with dominance, repetitive, mutually
//!   exclusive and parallel regions, element-wise access and subsets), the
//!   pre-bufferization checks, the equivalence analysis;
//! * `order`: the heuristics' op orders (with the fuzzer's bit-exact
//!   shuffle);
//! * `annotate`: `__inplace_operands_attr__`, the alias-set attributes and
//!   the conflict markers.
//!
//! * `incremental`: the default way of computing the decisions, from
//!   per-alias-set data and windowed indexes, identical to the literal
//!   procedure (checked by the shadow mode).
//!
//! The decisions are upstream's (same as mlir-opt-19 under every heuristic);
//! [`DecisionMode`] selects how they are computed.

mod annotate;
pub mod classes;
mod conflicts;
mod incremental;
pub mod order;
#[cfg(test)]
mod tests;

use super::interface::{find_bufferizable, is_tensor, owner_of_value, AnalysisState};
use super::module::FuncAnalysisState;
use super::options::BufferizationOptions;
use classes::EquivalenceClasses;
use ir::{BlockId, Diagnostic, Ir, OpId, OperandId, RegionId, ValueDef, ValueId, WalkResult};

pub use conflicts::{happens_before, inside_mutually_exclusive_regions};

/// Counters the pass reports under `--mlir-pass-statistics`.
#[derive(Default, Debug, Clone, Copy)]
pub struct AnalysisStatistics {
    /// Operands decided in place.
    pub num_tensor_in_place: u64,
    /// Operands decided out of place.
    pub num_tensor_out_of_place: u64,
}

/// The analysis result. Owns a copy of the options; keyed by IR handles, so
/// it stays usable while copy insertion adds ops.
pub struct OneShotAnalysisState {
    options: BufferizationOptions,
    alias_info: EquivalenceClasses,
    equivalent_info: EquivalenceClasses,
    in_place: ir::entity::EntitySet<OperandId>,
    undefined_uses: ir::entity::EntitySet<OperandId>,
    stat_in_place: u64,
    stat_out_of_place: u64,
    func_state: Option<FuncAnalysisState>,
}

impl AnalysisState for OneShotAnalysisState {
    fn options(&self) -> &BufferizationOptions {
        &self.options
    }
    fn is_in_place(&self, _ir: &Ir, operand: OperandId) -> bool {
        self.in_place.contains(operand)
    }
    fn are_equivalent_bufferized_values(&self, _ir: &Ir, a: ValueId, b: ValueId) -> bool {
        self.equivalent_info.same(a, b)
    }
    fn are_aliasing_bufferized_values(&self, _ir: &Ir, a: ValueId, b: ValueId) -> bool {
        self.alias_info.same(a, b)
    }
    fn has_undefined_contents(&self, _ir: &Ir, operand: OperandId) -> bool {
        self.undefined_uses.contains(operand)
    }
    fn apply_on_aliases(&self, _ir: &Ir, v: ValueId, f: &mut dyn FnMut(ValueId)) -> bool {
        self.alias_info.members(v).for_each(f);
        true
    }
    fn func_state(&self) -> Option<&FuncAnalysisState> {
        self.func_state.as_ref()
    }
}

impl OneShotAnalysisState {
    /// Upstream's constructor: an alias entry for every tensor result and
    /// block argument under `op`, then the operands that must bufferize in
    /// place (of allowed bufferizable ops, in post-order) marked in place.
    pub fn new(ir: &Ir, op: OpId, options: &BufferizationOptions) -> Self {
        let mut state = OneShotAnalysisState {
            options: options.clone(),
            alias_info: EquivalenceClasses::default(),
            equivalent_info: EquivalenceClasses::default(),
            in_place: Default::default(),
            undefined_uses: Default::default(),
            stat_in_place: 0,
            stat_out_of_place: 0,
            func_state: None,
        };
        let ops = ir.post_order(op);
        for &o in &ops {
            for r in ir.results(o) {
                if is_tensor(ir, ir.value_type(r)) {
                    state.create_alias_info_entry(r);
                }
            }
            for &region in ir.regions(o) {
                for b in ir.region_blocks(region) {
                    for &a in ir.block_args(b) {
                        if is_tensor(ir, ir.value_type(a)) {
                            state.create_alias_info_entry(a);
                        }
                    }
                }
            }
        }
        for &o in &ops {
            let Some(model) = find_bufferizable(ir, o, options) else { continue };
            for &u in ir.operand_ids(o) {
                if is_tensor(ir, ir.value_type(ir.use_value(u))) && model.must_bufferize_in_place(ir, u, &state) {
                    state.bufferize_in_place(ir, u);
                }
            }
        }
        state
    }

    /// Attaches the function-boundary facts of module analysis.
    pub fn set_func_state(&mut self, fs: FuncAnalysisState) {
        self.func_state = Some(fs);
    }

    /// The function-boundary facts, to update.
    pub fn func_state_mut(&mut self) -> Option<&mut FuncAnalysisState> {
        self.func_state.as_mut()
    }

    fn create_alias_info_entry(&mut self, v: ValueId) {
        self.alias_info.insert(v);
        self.equivalent_info.insert(v);
    }

    /// Marks `operand` in place and merges the alias sets of its aliasing
    /// values with its value's (no effect when already in place).
    pub fn bufferize_in_place(&mut self, ir: &Ir, operand: OperandId) {
        if !self.in_place.insert(operand) {
            return;
        }
        let aliases = (self as &dyn AnalysisState).get_aliasing_values(ir, operand);
        let v = ir.use_value(operand);
        for a in aliases {
            self.alias_info.union(a.value, v);
        }
        self.stat_in_place += 1;
    }

    /// Records an out-of-place decision.
    pub fn bufferize_out_of_place(&mut self, _operand: OperandId) {
        self.stat_out_of_place += 1;
    }

    /// The members of `v`'s alias set, in upstream's order.
    pub fn aliases(&self, v: ValueId) -> impl Iterator<Item = ValueId> + '_ {
        self.alias_info.members(v)
    }

    /// The members of `v`'s equivalence class, in upstream's order.
    pub fn equivalence_class(&self, v: ValueId) -> impl Iterator<Item = ValueId> + '_ {
        self.equivalent_info.members(v)
    }

    /// Merges the alias sets of `a` and `b`.
    pub fn union_alias_sets(&mut self, a: ValueId, b: ValueId) {
        self.alias_info.union(a, b);
    }

    /// Merges the equivalence classes of `a` and `b`.
    pub fn union_equivalence_classes(&mut self, a: ValueId, b: ValueId) {
        self.equivalent_info.union(a, b);
    }

    /// True when some value aliasing `v` is written in place.
    pub fn is_value_written(&self, ir: &Ir, v: ValueId) -> bool {
        let s: &dyn AnalysisState = self;
        self.aliases(v).any(|a| ir.uses(a).any(|u| self.in_place.contains(u) && s.writes(ir, u)))
    }

    /// True when the buffer of `v` may be written: the owner op's model
    /// says so (false for ops that are not bufferizable or filtered out).
    pub fn is_writable(&self, ir: &Ir, v: ValueId) -> bool {
        match owner_of_value(ir, v).and_then(|op| find_bufferizable(ir, op, &self.options)) {
            Some(m) => m.is_writable(ir, v, self),
            None => false,
        }
    }

    /// Operands decided in place so far (constructor included).
    pub fn stat_num_tensor_in_place(&self) -> u64 {
        self.stat_in_place
    }

    /// Operands decided out of place so far.
    pub fn stat_num_tensor_out_of_place(&self) -> u64 {
        self.stat_out_of_place
    }
}

// ---------------------------------------------------------------------------
// Repetitive and parallel regions.
// ---------------------------------------------------------------------------

/// True when region `r`'s op is an allowed bufferizable op that says the
/// region may run repeatedly.
pub fn is_repetitive_region(ir: &Ir, r: RegionId, options: &BufferizationOptions) -> bool {
    let Some(op) = ir.region_parent_op(r) else { return false };
    find_bufferizable(ir, op, options).is_some_and(|m| m.is_repetitive_region(ir, op, ir.region_index(r)))
}

/// The region enclosing `r` (the parent op's region).
fn parent_region(ir: &Ir, r: RegionId) -> Option<RegionId> {
    ir.region_parent_op(r).and_then(|op| ir.op_region(op))
}

/// The innermost repetitive region that contains block `b` (its own region
/// included).
pub fn enclosing_repetitive_region_of_block(ir: &Ir, b: BlockId, options: &BufferizationOptions) -> Option<RegionId> {
    let mut region = ir.block_region(b);
    while let Some(r) = region {
        if is_repetitive_region(ir, r, options) {
            return Some(r);
        }
        region = parent_region(ir, r);
    }
    None
}

/// The innermost repetitive region that contains `op` (none for a detached
/// op).
pub fn enclosing_repetitive_region_of_op(ir: &Ir, op: OpId, options: &BufferizationOptions) -> Option<RegionId> {
    enclosing_repetitive_region_of_block(ir, ir.op_block(op)?, options)
}

/// The region a value is defined in (its op's region, or its block's).
pub fn value_parent_region(ir: &Ir, v: ValueId) -> Option<RegionId> {
    match ir.value_def(v) {
        ValueDef::Result { op, .. } => ir.op_region(op),
        ValueDef::BlockArg { block, .. } => ir.block_region(block),
        ValueDef::Detached => None,
    }
}

/// The innermost repetitive region that contains the definition of `v`.
pub fn enclosing_repetitive_region_of_value(ir: &Ir, v: ValueId, options: &BufferizationOptions) -> Option<RegionId> {
    let mut region = value_parent_region(ir, v);
    while let Some(r) = region {
        if is_repetitive_region(ir, r, options) {
            return Some(r);
        }
        region = parent_region(ir, r);
    }
    None
}

/// The next repetitive region enclosing the repetitive region `r`.
pub fn next_enclosing_repetitive_region(ir: &Ir, r: RegionId, options: &BufferizationOptions) -> Option<RegionId> {
    let mut region = parent_region(ir, r);
    while let Some(x) = region {
        if is_repetitive_region(ir, x, options) {
            return Some(x);
        }
        region = parent_region(ir, x);
    }
    None
}

/// The innermost region around `r` (itself included) that an allowed
/// bufferizable op says runs in parallel with itself.
pub fn parallel_region(ir: &Ir, mut region: Option<RegionId>, options: &BufferizationOptions) -> Option<RegionId> {
    while let Some(r) = region {
        if let Some(op) = ir.region_parent_op(r) {
            if find_bufferizable(ir, op, options).is_some_and(|m| m.is_parallel_region(ir, op, ir.region_index(r))) {
                return Some(r);
            }
        }
        region = parent_region(ir, r);
    }
    None
}

// ---------------------------------------------------------------------------
// The entry point.
// ---------------------------------------------------------------------------

/// Analyzes every op nested in `op`; with `options.test_analysis_only`
/// also annotates the IR (`__inplace_operands_attr__`, alias sets,
/// conflicts). Errors are upstream's located diagnostics (earlier ones
/// chained in `preceding`).
pub fn analyze_op(
    ir: &mut Ir,
    op: OpId,
    options: &BufferizationOptions,
    stats: &mut AnalysisStatistics,
) -> Result<OneShotAnalysisState, Diagnostic> {
    analyze_op_with_mode(ir, op, options, stats, DecisionMode::for_options(options))
}

/// [`analyze_op`] with the decisions computed in the given mode.
pub fn analyze_op_with_mode(
    ir: &mut Ir,
    op: OpId,
    options: &BufferizationOptions,
    stats: &mut AnalysisStatistics,
    mode: DecisionMode,
) -> Result<OneShotAnalysisState, Diagnostic> {
    let mut state = OneShotAnalysisState::new(ir, op, options);
    analyze_into_with_mode(ir, op, &mut state, stats, mode)?;
    Ok(state)
}

/// Analyzes every op nested in `op` on an existing `state` (module
/// analysis analyzes each function on one shared state), annotating as
/// [`analyze_op`] does.
pub fn analyze_into(
    ir: &mut Ir,
    op: OpId,
    state: &mut OneShotAnalysisState,
    stats: &mut AnalysisStatistics,
) -> Result<(), Diagnostic> {
    let mode = DecisionMode::for_options(&state.options);
    analyze_into_with_mode(ir, op, state, stats, mode)
}

fn analyze_into_with_mode(
    ir: &mut Ir,
    op: OpId,
    state: &mut OneShotAnalysisState,
    stats: &mut AnalysisStatistics,
    mode: DecisionMode,
) -> Result<(), Diagnostic> {
    let options = &state.options.clone();
    let mut marks = annotate::Marks::default();
    // Conflict markers are set before any error is reported, as upstream
    // sets them while it analyzes (an error's "see current operation" note
    // shows them); the in-place markers only on success.
    let result = {
        let ir_ref: &Ir = ir;
        let mut an = conflicts::Analyzer::new(ir_ref, options);
        let mut inc = (mode != DecisionMode::Literal).then(|| incremental::Incremental::new(&mut an, &*state, op));
        an.check_pre_bufferization_assumptions(op, &*state, inc.as_mut(), &mut marks).map(|()| {
            let order =
                order::ordered_ops(ir_ref, op, &*state, options.analysis_heuristic, options.analysis_fuzzer_seed);
            for o in order {
                for &u in ir_ref.operand_ids(o) {
                    if !is_tensor(ir_ref, ir_ref.value_type(ir_ref.use_value(u))) {
                        continue;
                    }
                    match inc.as_mut() {
                        Some(inc) => inc.decide(&mut an, &mut *state, u, mode == DecisionMode::Shadow, &mut marks),
                        None => {
                            if an.literal_interference(&*state, u, &mut marks) {
                                state.bufferize_out_of_place(u);
                            } else {
                                state.bufferize_in_place(ir_ref, u);
                            }
                        }
                    }
                }
            }
            conflicts::equivalence_analysis(ir_ref, op, &mut *state);
            stats.num_tensor_in_place = state.stat_in_place;
            stats.num_tensor_out_of_place = state.stat_out_of_place;
            an.gather_undefined_tensor_uses(op, &mut *state);
        })
    };
    marks.apply(ir);
    result?;
    verify_analysis(ir, op, &*state)?;
    if options.test_analysis_only {
        annotate::annotate_in_place(ir, op, &*state);
    }
    if options.dump_alias_sets {
        annotate::annotate_alias_sets(ir, op, &*state);
    }
    Ok(())
}

/// How decisions are computed. All modes decide identically.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum DecisionMode {
    /// Upstream's literal procedure (re-collects the sets for every
    /// operand; used with `print-conflicts`, whose markers show which
    /// pair upstream's search meets first).
    Literal,
    /// Per-set data, only cross pairs checked (the default).
    Incremental,
    /// Both, asserting that they agree (for testing).
    Shadow,
}

impl DecisionMode {
    /// The mode for `options`: literal with `print-conflicts`; otherwise
    /// the environment variable `BUFOPT_ONE_SHOT_DECISIONS`
    /// (`literal`, `shadow`), else incremental.
    pub fn for_options(options: &BufferizationOptions) -> DecisionMode {
        if options.print_conflicts {
            return DecisionMode::Literal;
        }
        match std::env::var("BUFOPT_ONE_SHOT_DECISIONS").as_deref() {
            Ok("literal") => DecisionMode::Literal,
            Ok("shadow") => DecisionMode::Shadow,
            _ => DecisionMode::Incremental,
        }
    }
}

/// Every allowed bufferizable op's `verify_analysis`, in post-order; all
/// errors are reported (chained), as upstream emits them all.
fn verify_analysis(ir: &Ir, op: OpId, state: &OneShotAnalysisState) -> Result<(), Diagnostic> {
    let mut err: Option<Diagnostic> = None;
    ir.walk_post(op, |o| {
        if let Some(m) = find_bufferizable(ir, o, &state.options) {
            if let Err(d) = m.verify_analysis(ir, o, state) {
                err = Some(match err.take() {
                    Some(prev) => d.after(prev),
                    None => d,
                });
            }
        }
        WalkResult::Advance
    });
    match err {
        Some(d) => Err(d),
        None => Ok(()),
    }
}
