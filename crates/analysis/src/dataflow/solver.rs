//! The data-flow solver: lattice anchors, type-keyed analysis states with
//! their dependents, the FIFO worklist of `(anchor, analysis)` items, and
//! the [`DataFlowAnalysis`] trait the analyses implement (MLIR's
//! `DataFlowSolver`, `AnalysisState`, `DataFlowAnalysis`).
//!
//! A state is created on first request for an `(anchor, state type)` pair
//! and lives in one arena slot ([`StateId`]). An analysis that reads a
//! state while visiting anchor `p` records `p` as a dependent of the state;
//! when the state changes ([`Cx::propagate`]) every dependent is queued
//! again, then the state's own [`AnalysisState::on_update`] hook queues what
//! its kind implies (the ops of a block that became live, the users of a
//! value whose lattice moved). Each state change costs its dependents, so a
//! run is linear in the number of (state change, dependent) pairs.

use ir::{BlockId, Diagnostic, Ir, OpId, ValueId};
use rustc_hash::{FxHashMap, FxHashSet};
use std::any::{Any, TypeId};
use std::collections::VecDeque;

/// Where an analysis state lives (MLIR's `ProgramPoint` / lattice anchor).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Anchor {
    /// An op: for dense analyses the state after it (forward) or before
    /// it (backward); for control flow its predecessors.
    Op(OpId),
    /// A block: its liveness, or the dense state at its start.
    Block(BlockId),
    /// An SSA value: its sparse lattice.
    Value(ValueId),
    /// A CFG edge `from → to` (MLIR's `CFGEdge`).
    Edge(BlockId, BlockId),
}

/// The index of an analysis loaded into a solver.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct AnalysisId(pub u32);

/// The index of a state in its solver.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct StateId(u32);

/// A queued visit: analysis `.1` is invoked on anchor `.0`.
pub type WorkItem = (Anchor, AnalysisId);

/// The solver's queue, as the update hooks see it.
pub struct Worklist(VecDeque<WorkItem>);

impl Worklist {
    /// Queues a visit.
    pub fn push(&mut self, item: WorkItem) {
        self.0.push_back(item);
    }
}

/// A state attached to an anchor. `Default` is its uninitialised value.
pub trait AnalysisState: Any + Default {
    /// Called after the state changed and its dependents were queued:
    /// queue whatever else its kind implies. Nothing by default.
    fn on_update(&self, _ir: &Ir, _anchor: Anchor, _queue: &mut Worklist) {}
}

/// The object-safe face of [`AnalysisState`] the arena stores.
trait AnyState: Any {
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
    fn notify(&self, ir: &Ir, anchor: Anchor, queue: &mut Worklist);
}

impl<S: AnalysisState> AnyState for S {
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
    fn notify(&self, ir: &Ir, anchor: Anchor, queue: &mut Worklist) {
        self.on_update(ir, anchor, queue)
    }
}

struct Slot {
    anchor: Anchor,
    state: Box<dyn AnyState>,
    /// Visits to queue when the state changes, in insertion order, each once.
    dependents: Vec<WorkItem>,
    seen: FxHashSet<WorkItem>,
}

/// Solver-wide settings (MLIR's `DataFlowConfig`).
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Follow calls into callee bodies (default); off treats every call as
    /// a call to an external function.
    pub interprocedural: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config { interprocedural: true }
    }
}

/// The states and the worklist.
#[derive(Default)]
pub struct Store {
    slots: Vec<Slot>,
    index: FxHashMap<(Anchor, TypeId), StateId>,
    queue: VecDeque<WorkItem>,
    config: Config,
}

impl Store {
    /// The state of type `S` at `anchor`, if one was ever created.
    pub fn lookup<S: AnalysisState>(&self, anchor: Anchor) -> Option<&S> {
        let id = self.index.get(&(anchor, TypeId::of::<S>()))?;
        self.slots[id.0 as usize].state.as_any().downcast_ref()
    }
}

/// What an analysis sees while it initializes or visits: the states and
/// worklist, and its own id (the dependent side of the dependencies it
/// records).
pub struct Cx<'s> {
    store: &'s mut Store,
    me: AnalysisId,
}

impl Cx<'_> {
    /// The running analysis.
    pub fn me(&self) -> AnalysisId {
        self.me
    }

    /// The solver configuration.
    pub fn config(&self) -> Config {
        self.store.config
    }

    /// The state of type `S` at `anchor`, created uninitialised on first
    /// request (MLIR's `getOrCreate`).
    pub fn state<S: AnalysisState>(&mut self, anchor: Anchor) -> StateId {
        let key = (anchor, TypeId::of::<S>());
        if let Some(&id) = self.store.index.get(&key) {
            return id;
        }
        let id = StateId(self.store.slots.len() as u32);
        self.store.slots.push(Slot {
            anchor,
            state: Box::new(S::default()),
            dependents: Vec::new(),
            seen: FxHashSet::default(),
        });
        self.store.index.insert(key, id);
        id
    }

    /// [`Cx::state`], recording that a change of it must visit `dependent`
    /// again with this analysis (MLIR's `getOrCreateFor`).
    pub fn state_for<S: AnalysisState>(&mut self, dependent: Anchor, anchor: Anchor) -> StateId {
        let id = self.state::<S>(anchor);
        self.add_dependency(id, dependent);
        id
    }

    /// Records that a change of `id` must visit `dependent` again.
    pub fn add_dependency(&mut self, id: StateId, dependent: Anchor) {
        let item = (dependent, self.me);
        let slot = &mut self.store.slots[id.0 as usize];
        if slot.seen.insert(item) {
            slot.dependents.push(item);
        }
    }

    /// Reads a state.
    pub fn get<S: AnalysisState>(&self, id: StateId) -> &S {
        self.store.slots[id.0 as usize].state.as_any().downcast_ref().expect("state of another type")
    }

    /// Writes a state; report a change with [`Cx::propagate`].
    pub fn get_mut<S: AnalysisState>(&mut self, id: StateId) -> &mut S {
        self.store.slots[id.0 as usize].state.as_any_mut().downcast_mut().expect("state of another type")
    }

    /// The anchor of a state.
    pub fn anchor(&self, id: StateId) -> Anchor {
        self.store.slots[id.0 as usize].anchor
    }

    /// After a change of `id` (`changed`), queues its dependents and runs
    /// its update hook (MLIR's `propagateIfChanged`).
    pub fn propagate(&mut self, ir: &Ir, id: StateId, changed: bool) {
        if !changed {
            return;
        }
        let slot = &self.store.slots[id.0 as usize];
        self.store.queue.extend(slot.dependents.iter().copied());
        let mut queue = Worklist(std::mem::take(&mut self.store.queue));
        slot.state.notify(ir, slot.anchor, &mut queue);
        self.store.queue = queue.0;
    }

    /// Changes the state of type `S` at `anchor` with `f` (which says
    /// whether it changed anything) and propagates the change.
    pub fn update<S: AnalysisState>(&mut self, ir: &Ir, anchor: Anchor, f: impl FnOnce(&mut S) -> bool) {
        let id = self.state::<S>(anchor);
        let changed = f(self.get_mut::<S>(id));
        self.propagate(ir, id, changed);
    }

    /// Queues a visit.
    pub fn enqueue(&mut self, item: WorkItem) {
        self.store.queue.push_back(item);
    }
}

/// One analysis run by a [`Solver`] (MLIR's `DataFlowAnalysis`). The IR is
/// mutable only so that transfer functions can call op folders, which take
/// `&mut Ir`; an analysis must leave the IR as it found it.
pub trait DataFlowAnalysis {
    /// Seeds the states from the op the solver runs on: typically visits
    /// every anchor of interest once, recording dependencies.
    fn initialize(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, top: OpId) -> Result<(), Diagnostic>;
    /// The transfer function at `point`, run again whenever a state it
    /// depends on changes.
    fn visit(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, point: Anchor) -> Result<(), Diagnostic>;
}

/// The solver: loaded analyses and their shared states.
#[derive(Default)]
pub struct Solver {
    analyses: Vec<Box<dyn DataFlowAnalysis>>,
    store: Store,
}

impl Solver {
    /// A solver with `config`.
    pub fn new(config: Config) -> Self {
        Solver { analyses: Vec::new(), store: Store { config, ..Store::default() } }
    }

    /// Loads an analysis; analyses initialize in load order.
    pub fn load(&mut self, analysis: impl DataFlowAnalysis + 'static) -> AnalysisId {
        self.analyses.push(Box::new(analysis));
        AnalysisId(self.analyses.len() as u32 - 1)
    }

    /// Initializes every analysis on `top`, then visits queued items until
    /// the queue is empty (MLIR's `initializeAndRun`).
    pub fn run(&mut self, ir: &mut Ir, top: OpId) -> Result<(), Diagnostic> {
        for (i, a) in self.analyses.iter_mut().enumerate() {
            let mut cx = Cx { store: &mut self.store, me: AnalysisId(i as u32) };
            a.initialize(&mut cx, ir, top)?;
        }
        while let Some((point, id)) = self.store.queue.pop_front() {
            let mut cx = Cx { store: &mut self.store, me: id };
            self.analyses[id.0 as usize].visit(&mut cx, ir, point)?;
        }
        Ok(())
    }

    /// The states computed.
    pub fn states(&self) -> &Store {
        &self.store
    }

    /// The state of type `S` at `anchor`, if one was created (MLIR's
    /// `lookupState`).
    pub fn lookup<S: AnalysisState>(&self, anchor: Anchor) -> Option<&S> {
        self.store.lookup(anchor)
    }
}
