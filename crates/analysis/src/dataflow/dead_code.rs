//! Dead code analysis (MLIR's `DeadCodeAnalysis`): which blocks and CFG
//! edges may execute ([`Executable`]) and which ops may transfer control to
//! a region, a region branch op or a callable ([`PredecessorState`]). It
//! reads the constant lattice ([`ConstantValue`]) of branch operands, so a
//! branch on a known constant makes only one successor live; some analysis
//! must fill that lattice (`SparseConstantPropagation`, or any other).
//!
//! Control flow is asked through interfaces: `RegionBranch` (with
//! `entry_successors_for` for constant operands), `BranchOp` (with
//! `successor_for_operands`), `CallOp`, `Callable` and `SymbolOp`. An op with
//! regions or successors that implements none of them is assumed to enter
//! every region and take every successor.

use super::constant::ConstantValue;
use super::flow;
use super::solver::{AnalysisId, AnalysisState, Anchor, Cx, DataFlowAnalysis, Worklist};
use super::sparse::Lattice;
use ir::interfaces::{RegionSuccessor, Visibility};
use ir::{AttrKind, Attribute, Diagnostic, Ir, OpId, OpTraits, RegionId, ValueId};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// Whether a block (or a CFG edge) may execute.
#[derive(Default)]
pub struct Executable {
    live: bool,
    subscribers: SmallVec<[AnalysisId; 2]>,
}

impl Executable {
    /// True once known to execute.
    pub fn is_live(&self) -> bool {
        self.live
    }
    /// Marks it live; true when it was not.
    pub fn set_to_live(&mut self) -> bool {
        !std::mem::replace(&mut self.live, true)
    }
    /// When a block becomes live, `a` visits the block and each of its ops;
    /// when an edge does, `a` visits the edge's destination.
    pub fn block_content_subscribe(&mut self, a: AnalysisId) {
        if !self.subscribers.contains(&a) {
            self.subscribers.push(a);
        }
    }
}

impl AnalysisState for Executable {
    fn on_update(&self, ir: &Ir, anchor: Anchor, queue: &mut Worklist) {
        match anchor {
            Anchor::Block(b) => {
                for &a in &self.subscribers {
                    queue.push((anchor, a));
                }
                for &a in &self.subscribers {
                    for op in ir.block_ops(b) {
                        queue.push((Anchor::Op(op), a));
                    }
                }
            }
            Anchor::Edge(_, to) => {
                for &a in &self.subscribers {
                    queue.push((Anchor::Block(to), a));
                }
            }
            _ => {}
        }
    }
}

/// The ops that may transfer control to a point: to a region's entry block
/// (its parent op or sibling regions' terminators), to a region branch op
/// (its regions' terminators), to a callable (its call sites) or to a call
/// (the callee's returns). `all_known` is false when some predecessor may
/// be unknown (a public function's callers).
pub struct PredecessorState {
    all_known: bool,
    known: Vec<OpId>,
    inputs: FxHashMap<OpId, SmallVec<[ValueId; 4]>>,
}

impl Default for PredecessorState {
    fn default() -> Self {
        PredecessorState { all_known: true, known: Vec::new(), inputs: FxHashMap::default() }
    }
}

impl AnalysisState for PredecessorState {}

impl PredecessorState {
    /// True when every predecessor is among [`PredecessorState::known`].
    pub fn all_known(&self) -> bool {
        self.all_known
    }
    /// The predecessors seen, in the order they were found.
    pub fn known(&self) -> &[OpId] {
        &self.known
    }
    /// The values predecessor `op` defines at the point (its successor
    /// inputs), empty when none were recorded.
    pub fn successor_inputs(&self, op: OpId) -> &[ValueId] {
        self.inputs.get(&op).map_or(&[], |v| v.as_slice())
    }
    /// Some predecessors are unknown; true when that is news.
    pub fn set_has_unknown_predecessors(&mut self) -> bool {
        std::mem::replace(&mut self.all_known, false)
    }
    /// Adds a predecessor; true when new.
    pub fn join(&mut self, op: OpId) -> bool {
        if self.known.contains(&op) {
            return false;
        }
        self.known.push(op);
        true
    }
    /// Adds a predecessor with the successor inputs it defines.
    pub fn join_with_inputs(&mut self, op: OpId, inputs: &[ValueId]) -> bool {
        let mut changed = self.join(op);
        if !inputs.is_empty() {
            let cur = self.inputs.entry(op).or_default();
            if cur.as_slice() != inputs {
                *cur = inputs.into();
                changed = true;
            }
        }
        changed
    }
}

/// The dead code analysis.
#[derive(Default)]
pub struct DeadCodeAnalysis {
    /// The op the solver runs on: callables outside it are external.
    scope: Option<OpId>,
}

impl DeadCodeAnalysis {
    /// A new analysis.
    pub fn new() -> Self {
        DeadCodeAnalysis::default()
    }

    fn mark_entry_blocks_live(cx: &mut Cx<'_>, ir: &Ir, op: OpId) {
        for &r in ir.regions(op) {
            if let Some(b) = ir.entry_block(r) {
                cx.update::<Executable>(ir, Anchor::Block(b), Executable::set_to_live);
            }
        }
    }

    fn mark_edge_live(cx: &mut Cx<'_>, ir: &Ir, from: ir::BlockId, to: ir::BlockId) {
        cx.update::<Executable>(ir, Anchor::Block(to), Executable::set_to_live);
        cx.update::<Executable>(ir, Anchor::Edge(from, to), Executable::set_to_live);
    }

    /// Callables whose callers may not all be seen: public ones, nested
    /// ones when uses are not all visible, and any referenced other than by
    /// a call (MLIR's `initializeSymbolCallables`).
    fn initialize_symbol_callables(cx: &mut Cx<'_>, ir: &Ir, top: OpId) {
        let all_visible = ir.op_block(top).is_none();
        let mut tables = Vec::new();
        collect_symbol_tables(ir, top, all_visible, &mut tables);
        for (table, all_visible) in tables {
            let Some(&region) = ir.regions(table).first() else { continue };
            let Some(block) = ir.entry_block(region) else { continue };
            let mut found = false;
            for op in ir.block_ops(block) {
                let Some(callable) = ir::interfaces::callable(ir, op) else { continue };
                if callable.body(ir, op).is_none() {
                    continue;
                }
                let Some(sym) = ir::interfaces::symbol_op(ir, op) else { continue };
                let vis = sym.visibility(ir, op);
                if vis == Visibility::Public || (!all_visible && vis == Visibility::Nested) {
                    cx.update::<PredecessorState>(ir, Anchor::Op(op), PredecessorState::set_has_unknown_predecessors);
                }
                found = true;
            }
            if !found {
                continue;
            }
            let mut uses = Vec::new();
            if !symbol_uses(ir, region, &mut uses) {
                // Uses that cannot be gathered: no callable is safe.
                for op in ir.pre_order(top) {
                    if ir::interfaces::callable(ir, op).is_some() {
                        cx.update::<PredecessorState>(
                            ir,
                            Anchor::Op(op),
                            PredecessorState::set_has_unknown_predecessors,
                        );
                    }
                }
                return;
            }
            for (user, root) in uses {
                if ir::interfaces::call_op(ir, user).is_some() {
                    continue;
                }
                if let Some(sym) = ir.lookup_symbol_in(top, root) {
                    cx.update::<PredecessorState>(ir, Anchor::Op(sym), PredecessorState::set_has_unknown_predecessors);
                }
            }
        }
    }

    fn initialize_recursively(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, op: OpId) -> Result<(), Diagnostic> {
        if !ir.regions(op).is_empty()
            || !ir.successors(op).is_empty()
            || is_region_or_callable_return(ir, op)
            || ir::interfaces::call_op(ir, op).is_some()
        {
            if let Some(b) = ir.op_block(op) {
                let me = cx.me();
                let e = cx.state::<Executable>(Anchor::Block(b));
                cx.get_mut::<Executable>(e).block_content_subscribe(me);
            }
            self.visit_op(cx, ir, op);
        }
        for r in ir.regions(op).to_vec() {
            for b in ir.region_blocks(r).collect::<Vec<_>>() {
                for o in ir.block_ops_vec(b) {
                    self.initialize_recursively(cx, ir, o)?;
                }
            }
        }
        Ok(())
    }

    fn visit_op(&mut self, cx: &mut Cx<'_>, ir: &Ir, op: OpId) {
        if !super::sparse::op_is_live(cx, ir, op) {
            return;
        }
        if ir::interfaces::call_op(ir, op).is_some() {
            self.visit_call(cx, ir, op);
        }
        if !ir.regions(op).is_empty() {
            if flow::region_branch(ir, op).is_some() {
                Self::visit_region_branch(cx, ir, op);
            } else if ir::interfaces::callable(ir, op).is_some() {
                let sites = cx.state_for::<PredecessorState>(Anchor::Op(op), Anchor::Op(op));
                let s = cx.get::<PredecessorState>(sites);
                if !s.all_known() || !s.known().is_empty() {
                    Self::mark_entry_blocks_live(cx, ir, op);
                }
            } else {
                Self::mark_entry_blocks_live(cx, ir, op);
            }
        }
        if is_region_or_callable_return(ir, op) {
            let parent = ir.parent_op(op).expect("a return has a parent");
            if flow::region_branch(ir, parent).is_some() {
                Self::visit_region_terminator(cx, ir, op, parent);
            } else if ir::interfaces::callable(ir, parent).is_some() {
                Self::visit_callable_terminator(cx, ir, op, parent);
            }
        }
        if !ir.successors(op).is_empty() {
            let block = ir.op_block(op).expect("a live op has a block");
            if flow::branch_op(ir, op).is_some() {
                Self::visit_branch(cx, ir, op);
            } else {
                for s in ir.successors(op).to_vec() {
                    Self::mark_edge_live(cx, ir, block, s);
                }
            }
        }
    }

    fn visit_call(&mut self, cx: &mut Cx<'_>, ir: &Ir, call: OpId) {
        let callee = ir::interfaces::resolve_callee(ir, call);
        let scope = self.scope;
        let external = |c: OpId| {
            if scope.is_some_and(|s| !ir.is_ancestor(s, c)) {
                return true;
            }
            ir::interfaces::callable(ir, c).is_some_and(|i| i.body(ir, c).is_none())
        };
        match callee {
            Some(c) if ir::interfaces::symbol_op(ir, c).is_some() && !external(c) => {
                cx.update::<PredecessorState>(ir, Anchor::Op(c), |p| p.join(call));
            }
            _ => cx.update::<PredecessorState>(ir, Anchor::Op(call), PredecessorState::set_has_unknown_predecessors),
        }
    }

    fn visit_branch(cx: &mut Cx<'_>, ir: &Ir, op: OpId) {
        let Some(operands) = operand_values(cx, ir, op) else { return };
        let block = ir.op_block(op).expect("a live op has a block");
        let br = flow::branch_op(ir, op).expect("a branch");
        match br.successor_for_operands(ir, op, &operands) {
            Some(s) => Self::mark_edge_live(cx, ir, block, s),
            None => {
                for s in ir.successors(op).to_vec() {
                    Self::mark_edge_live(cx, ir, block, s);
                }
            }
        }
    }

    fn visit_region_branch(cx: &mut Cx<'_>, ir: &Ir, op: OpId) {
        let Some(operands) = operand_values(cx, ir, op) else { return };
        let rb = flow::region_branch(ir, op).expect("a region branch");
        let mut succs = SmallVec::new();
        rb.entry_successors_for(ir, op, &operands, &mut succs);
        for s in succs {
            let point = match s {
                RegionSuccessor::Region(r) => match ir.entry_block(r) {
                    Some(b) => Anchor::Block(b),
                    None => continue,
                },
                RegionSuccessor::Parent => Anchor::Op(op),
            };
            cx.update::<Executable>(ir, point, Executable::set_to_live);
            let inputs = rb.successor_inputs(ir, op, s);
            cx.update::<PredecessorState>(ir, point, |p| p.join_with_inputs(op, &inputs));
        }
    }

    fn visit_region_terminator(cx: &mut Cx<'_>, ir: &Ir, op: OpId, branch: OpId) {
        if operand_values(cx, ir, op).is_none() {
            return;
        }
        let rb = flow::region_branch(ir, branch).expect("a region branch");
        for s in flow::successors_from(ir, branch, ir.op_region(op)) {
            let point = match s {
                RegionSuccessor::Region(r) => match ir.entry_block(r) {
                    Some(b) => {
                        cx.update::<Executable>(ir, Anchor::Block(b), Executable::set_to_live);
                        Anchor::Block(b)
                    }
                    None => continue,
                },
                RegionSuccessor::Parent => Anchor::Op(branch),
            };
            let inputs = rb.successor_inputs(ir, branch, s);
            cx.update::<PredecessorState>(ir, point, |p| p.join_with_inputs(op, &inputs));
        }
    }

    fn visit_callable_terminator(cx: &mut Cx<'_>, ir: &Ir, op: OpId, callable: OpId) {
        let sites = cx.state_for::<PredecessorState>(Anchor::Op(op), Anchor::Op(callable));
        let can_resolve = ir.has_trait(op, OpTraits::RETURN_LIKE);
        for call in cx.get::<PredecessorState>(sites).known().to_vec() {
            if can_resolve {
                cx.update::<PredecessorState>(ir, Anchor::Op(call), |p| p.join(op));
            } else {
                cx.update::<PredecessorState>(ir, Anchor::Op(call), PredecessorState::set_has_unknown_predecessors);
            }
        }
    }
}

impl DataFlowAnalysis for DeadCodeAnalysis {
    fn initialize(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, top: OpId) -> Result<(), Diagnostic> {
        Self::mark_entry_blocks_live(cx, ir, top);
        self.scope = Some(top);
        Self::initialize_symbol_callables(cx, ir, top);
        self.initialize_recursively(cx, ir, top)
    }

    fn visit(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, point: Anchor) -> Result<(), Diagnostic> {
        match point {
            Anchor::Block(_) => Ok(()),
            Anchor::Op(op) => {
                self.visit_op(cx, ir, op);
                Ok(())
            }
            _ => Err(Diagnostic::error(ir.ctx().unknown_loc(), "unknown program point kind")),
        }
    }
}

/// The constant values of `op`'s operands (`None` for an unknown one), or
/// `None` when some operand's lattice is not initialised yet. The analysis
/// subscribes to each operand's lattice.
fn operand_values(cx: &mut Cx<'_>, ir: &Ir, op: OpId) -> Option<Vec<Option<Attribute>>> {
    let me = cx.me();
    let mut out = Vec::with_capacity(ir.num_operands(op));
    for v in ir.operands(op) {
        let l = cx.state::<Lattice<ConstantValue>>(Anchor::Value(v));
        let lat = cx.get_mut::<Lattice<ConstantValue>>(l);
        lat.use_def_subscribe(me);
        match *lat.value() {
            ConstantValue::Uninitialized => return None,
            ConstantValue::Unknown => out.push(None),
            ConstantValue::Known(a) => out.push(Some(a)),
        }
    }
    Some(out)
}

/// A terminator without successors that ends a region of a region branch
/// op or a callable.
fn is_region_or_callable_return(ir: &Ir, op: OpId) -> bool {
    if !ir.successors(op).is_empty() || !flow::is_block_end(ir, op) {
        return false;
    }
    let Some(parent) = ir.parent_op(op) else { return false };
    flow::region_branch(ir, parent).is_some() || ir::interfaces::callable(ir, parent).is_some()
}

/// The symbol tables at or below `op` with whether all uses of their
/// symbols are visible, nested tables first (MLIR's `walkSymbolTables`).
fn collect_symbol_tables(ir: &Ir, op: OpId, mut all_visible: bool, out: &mut Vec<(OpId, bool)>) {
    let is_table = ir.has_trait(op, OpTraits::SYMBOL_TABLE);
    if is_table {
        let private = ir::interfaces::symbol_op(ir, op).map(|s| s.visibility(ir, op) == Visibility::Private);
        all_visible |= private.unwrap_or(true);
    } else {
        all_visible = true;
    }
    for &r in ir.regions(op) {
        for b in ir.region_blocks(r) {
            for o in ir.block_ops(b) {
                collect_symbol_tables(ir, o, all_visible, out);
            }
        }
    }
    if is_table {
        out.push((op, all_visible));
    }
}

/// The symbol references in the ops of `region`, not entering nested
/// symbol tables: `(user, root symbol)` pairs. False when an op may be an
/// unknown symbol table (an op of an unregistered dialect with one region),
/// so the uses cannot all be known.
fn symbol_uses(ir: &Ir, region: RegionId, out: &mut Vec<(OpId, ir::Str)>) -> bool {
    let mut stack: Vec<OpId> = Vec::new();
    for b in ir.region_blocks(region) {
        stack.extend(ir.block_ops(b));
    }
    stack.reverse();
    while let Some(op) = stack.pop() {
        if ir.op_info(op).is_none() && ir.regions(op).len() == 1 {
            let name = ir.op_name_str(op);
            let dialect = name.split('.').next().unwrap_or("");
            let known = ir.ctx().lookup_str(dialect).is_some_and(|d| ir.ctx().registry().dialect(d).is_some());
            if !known {
                return false;
            }
        }
        for a in ir.attrs(op) {
            attr_symbols(ir, a.value, &mut |root| out.push((op, root)));
        }
        if ir.has_trait(op, OpTraits::SYMBOL_TABLE) {
            continue;
        }
        let before = stack.len();
        for &r in ir.regions(op) {
            for b in ir.region_blocks(r) {
                stack.extend(ir.block_ops(b));
            }
        }
        stack[before..].reverse();
    }
    true
}

/// Every symbol reference root inside attribute `a`.
fn attr_symbols(ir: &Ir, a: Attribute, f: &mut dyn FnMut(ir::Str)) {
    match ir.ctx().attr_kind(a) {
        AttrKind::SymbolRef { root, .. } => f(*root),
        AttrKind::Array(items) => {
            for &i in items.iter() {
                attr_symbols(ir, i, f);
            }
        }
        AttrKind::Dictionary(entries) => {
            for e in entries.iter() {
                attr_symbols(ir, e.value, f);
            }
        }
        _ => {}
    }
}
