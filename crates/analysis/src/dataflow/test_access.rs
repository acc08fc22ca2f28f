//! The memory-access analyses of upstream's data-flow tests
//! (`TestDenseDataFlowAnalysis.h` and the dense and sparse backward test
//! passes): the underlying value of each value (sparse forward), the last
//! modifications of each memory value at each point (dense forward,
//! `--test-last-modified`), the next accesses (dense backward,
//! `--test-next-access`) and the stores each value flows into (sparse
//! backward, `--test-written-to`).
//!
//! As upstream's test passes, the transfers read two attributes of the
//! test dialect's store ops: `store_before_call` (a call that also writes,
//! before or after the callee runs) and `store_before_region` (an op that
//! writes before or after running its region).

use super::dense::{self, CallAction, DenseBackwardTransfer, DenseForwardTransfer, DenseLattice};
use super::solver::{AnalysisState, Anchor, Cx, StateId};
use super::sparse::{Lattice, LatticeValue, SparseBackwardTransfer, SparseForwardTransfer};
use ir::interfaces::{EffectKind, EffectOn, RegionSuccessor};
use ir::{Ir, OpId, RegionId, ValueId};
use rustc_hash::FxHashMap;

/// The value a value stands for: `None` before it is known, `Some(None)`
/// when values disagree, `Some(Some(v))` for `v`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct UnderlyingValue(pub Option<Option<ValueId>>);

impl LatticeValue for UnderlyingValue {
    fn join(&self, rhs: &Self) -> Self {
        match (self.0, rhs.0) {
            (None, _) => *rhs,
            (_, None) => *self,
            (a, b) if a == b => *self,
            _ => UnderlyingValue(Some(None)),
        }
    }
}

/// Underlying values: an op's results and entry arguments stand for
/// themselves; values passed along control flow stand for what was passed.
#[derive(Default)]
pub struct UnderlyingValueTransfer;

impl SparseForwardTransfer for UnderlyingValueTransfer {
    type Value = UnderlyingValue;

    fn visit_operation(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, _op: OpId, _operands: &[StateId], results: &[StateId]) {
        for &r in results {
            self.set_to_entry_state(cx, ir, r);
        }
    }

    fn set_to_entry_state(&mut self, cx: &mut Cx<'_>, ir: &Ir, lattice: StateId) {
        let Anchor::Value(v) = cx.anchor(lattice) else { return };
        let changed = cx.get_mut::<Lattice<UnderlyingValue>>(lattice).join(&UnderlyingValue(Some(Some(v))));
        cx.propagate(ir, lattice, changed);
    }
}

/// The most underlying value of `v`, following underlying values until one
/// stands for itself; `None` while one is unknown. `lookup` reads the
/// lattice of a value (and may record a dependency).
pub fn most_underlying(mut v: ValueId, mut lookup: impl FnMut(ValueId) -> Option<UnderlyingValue>) -> Option<ValueId> {
    loop {
        // A value whose sources disagree has no lattice of its own
        // upstream (a null value): it stays unknown.
        let next = lookup(v)?.0??;
        if next == v {
            return Some(v);
        }
        v = next;
    }
}

/// The underlying value of `v` read on behalf of `dependent`.
fn underlying_for(cx: &mut Cx<'_>, dependent: Anchor, v: ValueId) -> Option<ValueId> {
    most_underlying(v, |x| {
        let l = cx.state_for::<Lattice<UnderlyingValue>>(dependent, Anchor::Value(x));
        Some(*cx.get::<Lattice<UnderlyingValue>>(l).value())
    })
}

/// The ops adjacent to a point that access a value (last writers or next
/// accessors), in the order found, or unknown.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct AdjacentAccess {
    unknown: bool,
    accesses: Vec<OpId>,
}

impl AdjacentAccess {
    /// The accesses (when known).
    pub fn get(&self) -> &[OpId] {
        &self.accesses
    }
    /// False once merged with an unknown access.
    pub fn is_known(&self) -> bool {
        !self.unknown
    }
    fn merge(&mut self, other: &AdjacentAccess) -> bool {
        if self.unknown {
            return false;
        }
        if other.unknown {
            self.unknown = true;
            self.accesses.clear();
            return true;
        }
        let before = self.accesses.len();
        for &o in &other.accesses {
            if !self.accesses.contains(&o) {
                self.accesses.push(o);
            }
        }
        self.accesses.len() != before
    }
    fn set(&mut self, op: OpId) -> bool {
        if !self.unknown && self.accesses == [op] {
            return false;
        }
        self.unknown = false;
        self.accesses = vec![op];
        true
    }
    fn set_unknown(&mut self) -> bool {
        if self.unknown {
            return false;
        }
        self.accesses.clear();
        self.unknown = true;
        true
    }
}

/// The adjacent accesses of each memory value at a point.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct AccessLattice {
    accesses: FxHashMap<ValueId, AdjacentAccess>,
}

impl AnalysisState for AccessLattice {}

impl AccessLattice {
    /// The accesses of `v`, if any were recorded.
    pub fn get(&self, v: ValueId) -> Option<&AdjacentAccess> {
        self.accesses.get(&v)
    }
    fn reset(&mut self) -> bool {
        let changed = !self.accesses.is_empty();
        self.accesses.clear();
        changed
    }
    fn merge(&mut self, rhs: &AccessLattice) -> bool {
        let mut changed = false;
        for (&v, a) in &rhs.accesses {
            changed |= self.accesses.entry(v).or_default().merge(a);
        }
        changed
    }
    fn set(&mut self, v: ValueId, op: OpId) -> bool {
        self.accesses.entry(v).or_default().set(op)
    }
    fn set_known_to_unknown(&mut self) -> bool {
        let mut changed = false;
        for a in self.accesses.values_mut() {
            changed |= a.set_unknown();
        }
        changed
    }
}

/// The last modifications before a point (forward).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct LastModification(pub AccessLattice);

impl AnalysisState for LastModification {}

impl DenseLattice for LastModification {
    fn join(&mut self, rhs: &Self) -> bool {
        self.0.merge(&rhs.0)
    }
}

/// The next accesses after a point (backward).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct NextAccess(pub AccessLattice);

impl AnalysisState for NextAccess {}

impl DenseLattice for NextAccess {
    fn meet(&mut self, rhs: &Self) -> bool {
        self.0.merge(&rhs.0)
    }
}

/// The values `op`'s memory effects act on, with whether each is a read;
/// `None` when the effects are unknown or act on no particular value.
fn effect_values(ir: &Ir, op: OpId) -> Option<Vec<(ValueId, bool)>> {
    let effects = ir::interfaces::memory_effects(ir, op)?;
    let mut out = Vec::with_capacity(effects.len());
    for e in effects {
        let v = match e.on {
            EffectOn::Operand(i) => ir.operand(op, i),
            EffectOn::Result(i) => ir.result(op, i),
            EffectOn::Unknown => return None,
        };
        out.push((v, e.kind == EffectKind::Read));
    }
    Some(out)
}

/// A lattice of adjacent accesses, forward or backward.
trait AccessState: AnalysisState + Clone + Default + 'static {
    fn accesses(&mut self) -> &mut AccessLattice;
}

impl AccessState for LastModification {
    fn accesses(&mut self) -> &mut AccessLattice {
        &mut self.0
    }
}

impl AccessState for NextAccess {
    fn accesses(&mut self) -> &mut AccessLattice {
        &mut self.0
    }
}

/// One transfer through `op`, in either direction: `dst` takes `src`'s
/// accesses, then `op` becomes the adjacent access of each value marked
/// `true`. Every value's underlying value must be known first; until then
/// nothing is propagated, rather than something later overwritten.
fn step<L: AccessState>(
    cx: &mut Cx<'_>,
    ir: &Ir,
    op: OpId,
    accessed: impl Iterator<Item = (ValueId, bool)>,
    src: StateId,
    dst: StateId,
) {
    let mut recorded = Vec::new();
    for (v, record) in accessed {
        let Some(u) = underlying_for(cx, Anchor::Op(op), v) else { return };
        if record {
            recorded.push(u);
        }
    }
    let mut incoming = cx.get::<L>(src).clone();
    let d = cx.get_mut::<L>(dst).accesses();
    let mut changed = d.merge(incoming.accesses());
    for v in recorded {
        changed |= d.set(v, op);
    }
    cx.propagate(ir, dst, changed);
}

/// A call's argument values (none when `call` is no call).
fn call_args(ir: &Ir, call: OpId) -> Vec<ValueId> {
    let Some(ci) = ir::interfaces::call_op(ir, call) else { return Vec::new() };
    ci.arg_operands(ir, call).map(|i| ir.operand(call, i)).collect()
}

/// The `store_before_*` flag of a test store op, if `op` is one.
fn store_flag(ir: &Ir, op: OpId, name: &str) -> Option<bool> {
    ir.attr(op, name).and_then(|a| ir.ctx().int_value(a)).map(|v| v != 0)
}

/// `--test-last-modified`'s analysis: the ops that last wrote each memory
/// value.
pub struct LastModifiedTransfer {
    /// Calls to external functions write all their arguments.
    pub assume_func_writes: bool,
}

impl DenseForwardTransfer for LastModifiedTransfer {
    type Lattice = LastModification;

    fn set_to_entry_state(&mut self, cx: &mut Cx<'_>, ir: &Ir, lattice: StateId) {
        let changed = cx.get_mut::<LastModification>(lattice).0.reset();
        cx.propagate(ir, lattice, changed);
    }

    fn visit_operation(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, op: OpId, before: StateId, after: StateId) {
        let Some(effects) = effect_values(ir, op) else {
            return self.set_to_entry_state(cx, ir, after);
        };
        // Writes are recorded; reads only need their underlying values.
        step::<LastModification>(cx, ir, op, effects.iter().map(|&(v, read)| (v, !read)), before, after);
    }

    fn visit_call_control_flow_transfer(
        &mut self,
        cx: &mut Cx<'_>,
        ir: &mut Ir,
        call: OpId,
        action: CallAction,
        before: StateId,
        after: StateId,
    ) {
        if action == CallAction::ExternalCallee && self.assume_func_writes {
            let args = call_args(ir, call);
            return step::<LastModification>(cx, ir, call, args.into_iter().map(|v| (v, true)), before, after);
        }
        let store = store_flag(ir, call, "store_before_call");
        if let Some(before_call) = store {
            if (action == CallAction::EnterCallee && before_call) || (action == CallAction::ExitCallee && !before_call)
            {
                return self.visit_operation(cx, ir, call, before, after);
            }
        }
        dense::join::<LastModification>(cx, ir, after, before);
        if action == CallAction::ExternalCallee {
            self.set_to_entry_state(cx, ir, after);
        }
    }

    fn visit_region_branch_control_flow_transfer(
        &mut self,
        cx: &mut Cx<'_>,
        ir: &mut Ir,
        branch: OpId,
        from: Option<RegionId>,
        to: Option<RegionId>,
        before: StateId,
        after: StateId,
    ) {
        if let Some(before_region) = store_flag(ir, branch, "store_before_region") {
            if (to.is_none() && !before_region) || (from.is_none() && before_region) {
                self.visit_operation(cx, ir, branch, before, after);
            }
        }
        dense::join::<LastModification>(cx, ir, after, before);
    }
}

/// `--test-next-access`'s analysis: the ops that next access each memory
/// value.
pub struct NextAccessTransfer {
    /// Calls to external functions read all their arguments.
    pub assume_func_reads: bool,
}

impl DenseBackwardTransfer for NextAccessTransfer {
    type Lattice = NextAccess;

    fn set_to_exit_state(&mut self, cx: &mut Cx<'_>, ir: &Ir, lattice: StateId) {
        let changed = cx.get_mut::<NextAccess>(lattice).0.set_known_to_unknown();
        cx.propagate(ir, lattice, changed);
    }

    fn visit_operation(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, op: OpId, after: StateId, before: StateId) {
        let Some(effects) = effect_values(ir, op) else {
            return self.set_to_exit_state(cx, ir, before);
        };
        step::<NextAccess>(cx, ir, op, effects.iter().map(|&(v, _)| (v, true)), after, before);
    }

    fn visit_call_control_flow_transfer(
        &mut self,
        cx: &mut Cx<'_>,
        ir: &mut Ir,
        call: OpId,
        action: CallAction,
        after: StateId,
        before: StateId,
    ) {
        if action == CallAction::ExternalCallee && self.assume_func_reads {
            let args = call_args(ir, call);
            return step::<NextAccess>(cx, ir, call, args.into_iter().map(|v| (v, true)), after, before);
        }
        if let Some(before_call) = store_flag(ir, call, "store_before_call") {
            if (action == CallAction::EnterCallee && before_call) || (action == CallAction::ExitCallee && !before_call)
            {
                return self.visit_operation(cx, ir, call, after, before);
            }
        }
        dense::meet::<NextAccess>(cx, ir, before, after);
        if action == CallAction::ExternalCallee {
            self.set_to_exit_state(cx, ir, before);
        }
    }

    fn visit_region_branch_control_flow_transfer(
        &mut self,
        cx: &mut Cx<'_>,
        ir: &mut Ir,
        branch: OpId,
        from: Option<RegionId>,
        to: RegionSuccessor,
        after: StateId,
        before: StateId,
    ) {
        // Upstream applies this to `test.store_with_a_region` only, not to
        // its loop form.
        let plain = crate::dataflow::flow::successors_from(ir, branch, None).len() == 1;
        if let Some(before_region) = store_flag(ir, branch, "store_before_region").filter(|_| plain) {
            if (to == RegionSuccessor::Parent && !before_region) || (from.is_none() && before_region) {
                return self.visit_operation(cx, ir, branch, after, before);
            }
        }
        dense::meet::<NextAccess>(cx, ir, before, after);
    }
}

/// The stores a value flows into, by their `tag_name` (and the branch and
/// call operands it reaches, as `brancharg<N>` / `callarg<N>`).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct WrittenTo(pub Vec<String>);

impl WrittenTo {
    fn add(&mut self, name: &str) -> bool {
        if self.0.iter().any(|w| w == name) {
            return false;
        }
        self.0.push(name.to_string());
        true
    }
}

impl LatticeValue for WrittenTo {
    fn meet(&self, rhs: &Self) -> Self {
        let mut out = self.clone();
        for w in &rhs.0 {
            out.add(w);
        }
        out
    }
}

/// `--test-written-to`'s analysis.
pub struct WrittenToTransfer {
    /// Calls to external functions write all their arguments.
    pub assume_func_writes: bool,
}

fn add_write(cx: &mut Cx<'_>, ir: &Ir, l: StateId, name: &str) {
    let changed = cx.get_mut::<Lattice<WrittenTo>>(l).update(|w| w.add(name));
    cx.propagate(ir, l, changed);
}

/// The value a store-like op writes to memory: its operand 0, when the op
/// writes through another operand (upstream's test asks for
/// `memref.store`; this asks its memory effects).
fn stored_value(ir: &Ir, op: OpId) -> Option<ValueId> {
    let effects = ir::interfaces::memory_effects(ir, op)?;
    let writes = effects.iter().any(|e| e.kind == EffectKind::Write && matches!(e.on, EffectOn::Operand(i) if i > 0));
    (writes && ir.num_operands(op) > 0).then(|| ir.operand(op, 0))
}

impl SparseBackwardTransfer for WrittenToTransfer {
    type Value = WrittenTo;

    fn visit_operation(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, op: OpId, operands: &[StateId], results: &[StateId]) {
        if stored_value(ir, op).is_some() {
            let name = ir.attr(op, "tag_name").and_then(|a| ir.ctx().str_value(a)).unwrap_or("").to_string();
            return add_write(cx, ir, operands[0], &name);
        }
        for &r in results {
            for &o in operands {
                super::sparse::meet::<WrittenTo>(cx, ir, o, r);
            }
            cx.add_dependency(r, Anchor::Op(op));
        }
    }

    fn visit_branch_operand(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, op: OpId, index: usize) {
        let l = super::sparse::lattice::<WrittenTo>(cx, ir.operand(op, index));
        add_write(cx, ir, l, &format!("brancharg{index}"));
    }

    fn visit_call_operand(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, op: OpId, index: usize) {
        let l = super::sparse::lattice::<WrittenTo>(cx, ir.operand(op, index));
        add_write(cx, ir, l, &format!("callarg{index}"));
    }

    fn set_to_exit_state(&mut self, cx: &mut Cx<'_>, _ir: &Ir, lattice: StateId) {
        // As upstream: cleared, and the change is not propagated.
        let _ = cx.get_mut::<Lattice<WrittenTo>>(lattice).set(WrittenTo::default());
    }

    fn visit_external_call(
        &mut self,
        cx: &mut Cx<'_>,
        ir: &mut Ir,
        call: OpId,
        operands: &[StateId],
        _results: &[StateId],
    ) {
        if !self.assume_func_writes {
            for i in 0..ir.num_operands(call) {
                self.visit_call_operand(cx, ir, call, i);
            }
            return;
        }
        let name = match ir.attr(call, "tag_name").and_then(|a| ir.ctx().str_value(a)) {
            Some(n) => n.to_string(),
            None => ir.op_name_str(call).to_string(),
        };
        for &o in operands {
            add_write(cx, ir, o, &name);
        }
    }
}
