//! Buffer aliasing as the deallocation passes see it.
//!
//! [`BufferViewFlow`] records which values a buffer value may flow into:
//! the result of a `ViewLike` op from its source, region-branch entry
//! operands and forwarded terminator operands into successor inputs,
//! branch operands into successor block arguments, and (conservatively)
//! every call operand into every call result. Its transitive closures give
//! the values that may alias a value ([`BufferViewFlow::resolve`]) and the
//! values it may come from ([`BufferViewFlow::resolve_reverse`]). "Terminal"
//! buffers are those whose origin the analysis cannot see further (results
//! of unknown ops and calls, entry arguments of their regions).
//!
//! [`same_allocation`] answers MLIR's `BufferOriginAnalysis` question:
//! must, may, or can never two buffers come from the same allocation.
//!
//! Ops with the `BufferViewFlow` interface (`arith.select`) give their
//! own dependencies and terminal buffers, as upstream.
//!
//! Unlike MLIR, an unregistered op with successors forwards every operand
//! to every argument of its successor blocks (MLIR would lose the flow).

use crate::util::LocalMap;
use ir::interfaces::{
    memory_effects, region_successors, BranchOp, EffectKind, EffectOn, RegionBranch, RegionSuccessor, RegionTerminator,
};
use ir::{Ir, OpId, OpTraits, ValueDef, ValueId};
use smallvec::SmallVec;

type Adj = LocalMap<ValueId, SmallVec<[ValueId; 2]>>;

/// Value flow between buffers under an op.
#[derive(Clone, Debug)]
pub struct BufferViewFlow {
    deps: Adj,
    rdeps: Adj,
    terminal: LocalMap<ValueId, bool>,
}

/// Whether two buffers come from one allocation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SameAllocation {
    /// Always the same allocation.
    Must,
    /// Never the same allocation.
    Never,
    /// Unknown.
    May,
}

impl BufferViewFlow {
    /// Builds the flow for every op nested in `root` (and `root` itself).
    pub fn new(ir: &Ir, root: OpId) -> BufferViewFlow {
        let mut f = BufferViewFlow {
            deps: LocalMap::with_default(SmallVec::new()),
            rdeps: LocalMap::with_default(SmallVec::new()),
            terminal: LocalMap::with_default(false),
        };
        let reg = ir.ctx().registry();
        let mut pairs = Vec::new();
        for op in ir.pre_order(root) {
            let name = ir.op_name(op);
            if let Some(bvf) = reg.interface::<dyn ir::buffer_interfaces::BufferViewFlow>(name) {
                pairs.clear();
                bvf.dependencies(ir, op, &mut pairs);
                for &(from, to) in &pairs {
                    f.add(from, to);
                }
                let regions = ir.regions(op).iter().filter_map(|&r| ir.entry_block(r));
                let values = ir.results(op).chain(regions.flat_map(|b| ir.block_args(b).iter().copied()));
                for v in values {
                    if ir.ctx().is_memref(ir.value_type(v)) && bvf.may_be_terminal_buffer(ir, op, v) {
                        f.terminal.set(v, true);
                    }
                }
                continue;
            }
            if let Some(src) = ir::interfaces::view_source(ir, op) {
                if ir.num_results(op) > 0 {
                    f.add(src, ir.result(op, 0));
                }
                continue;
            }
            if let Some(br) = reg.interface::<dyn BranchOp>(name) {
                for (i, &s) in ir.successors(op).iter().enumerate() {
                    let range = br.successor_operands(ir, op, i);
                    let args = ir.block_args(s);
                    // Produced operands come first; forwarded ones map to the tail.
                    let skip = args.len().saturating_sub(range.len());
                    for (k, oi) in range.enumerate() {
                        if oi < ir.num_operands(op) {
                            if let Some(&a) = args.get(skip + k) {
                                f.add(ir.operand(op, oi), a);
                            }
                        }
                    }
                }
                continue;
            }
            if reg.interface::<dyn RegionBranch>(name).is_some() {
                f.region_branch(ir, op);
                continue;
            }
            if reg.interface::<dyn RegionTerminator>(name).is_some() || is_region_return(ir, op) {
                continue;
            }
            let is_call = reg.interface::<dyn ir::interfaces::CallOp>(name).is_some();
            f.mark_terminals(ir, op);
            if is_call {
                for a in ir.operands(op) {
                    for r in ir.results(op) {
                        f.add(a, r);
                    }
                }
            }
            if ir.op_info(op).is_none() && !ir.successors(op).is_empty() {
                for &s in ir.successors(op) {
                    for &arg in ir.block_args(s) {
                        for a in ir.operands(op) {
                            f.add(a, arg);
                        }
                    }
                }
            }
        }
        f
    }

    fn add(&mut self, from: ValueId, to: ValueId) {
        self.deps.get_mut(from).push(to);
        self.rdeps.get_mut(to).push(from);
    }

    fn mark_terminals(&mut self, ir: &Ir, op: OpId) {
        for r in ir.results(op) {
            if ir.ctx().is_memref(ir.value_type(r)) {
                self.terminal.set(r, true);
            }
        }
        for &reg in ir.regions(op) {
            if let Some(b) = ir.entry_block(reg) {
                for &a in ir.block_args(b) {
                    if ir.ctx().is_memref(ir.value_type(a)) {
                        self.terminal.set(a, true);
                    }
                }
            }
        }
    }

    fn region_branch(&mut self, ir: &Ir, op: OpId) {
        let Some(rb) = ir.ctx().registry().interface::<dyn RegionBranch>(ir.op_name(op)) else { return };
        for to in region_successors(ir, op, None).unwrap_or_default() {
            let ins = rb.successor_inputs(ir, op, to);
            for (a, b) in rb.entry_operands(ir, op, to).into_iter().zip(ins) {
                self.add(a, b);
            }
        }
        for &r in ir.regions(op) {
            for to in region_successors(ir, op, Some(r)).unwrap_or_default() {
                let ins = rb.successor_inputs(ir, op, to);
                for b in ir.region_blocks(r) {
                    let Some(t) = ir.terminator(b) else { continue };
                    for (a, i) in forwarded_operands(ir, t, to).into_iter().zip(ins.iter().copied()) {
                        self.add(a, i);
                    }
                }
            }
        }
    }

    /// The values `v` flows into directly (one step of [`Self::resolve`]).
    pub fn dependencies(&self, v: ValueId) -> &[ValueId] {
        self.deps.get(v)
    }

    /// Every value `v` may flow into (its may-alias set), `v` included.
    pub fn resolve(&self, v: ValueId) -> Vec<ValueId> {
        closure(&self.deps, v)
    }

    /// The values `v` flows into directly: one step of [`Self::resolve`].
    pub fn dependents(&self, v: ValueId) -> &[ValueId] {
        self.deps.get(v)
    }

    /// Every value `v` may come from, `v` included.
    pub fn resolve_reverse(&self, v: ValueId) -> Vec<ValueId> {
        closure(&self.rdeps, v)
    }

    /// True when the analysis cannot see where `v` comes from.
    pub fn may_be_terminal(&self, v: ValueId) -> bool {
        *self.terminal.get(v)
    }
}

/// The operands terminator `t` forwards to region successor `to`: through
/// `RegionTerminator`, or every operand of a return-like (or unregistered)
/// terminator.
pub fn forwarded_operands(ir: &Ir, t: OpId, to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
    if let Some(rt) = ir.ctx().registry().interface::<dyn RegionTerminator>(ir.op_name(t)) {
        return rt.forwarded_operands(ir, t, to);
    }
    if ir.op_info(t).is_none_or(|i| i.has(OpTraits::RETURN_LIKE)) {
        return ir.operands(t).collect();
    }
    SmallVec::new()
}

fn is_region_return(ir: &Ir, op: OpId) -> bool {
    ir.has_trait(op, OpTraits::RETURN_LIKE)
        && ir.parent_op(op).is_some_and(|p| ir.ctx().registry().interface::<dyn RegionBranch>(ir.op_name(p)).is_some())
}

fn closure(adj: &Adj, v: ValueId) -> Vec<ValueId> {
    let mut out = vec![v];
    let mut seen: rustc_hash::FxHashSet<ValueId> = rustc_hash::FxHashSet::default();
    seen.insert(v);
    let mut i = 0;
    while let Some(&cur) = out.get(i) {
        i += 1;
        for &n in adj.get(cur) {
            if seen.insert(n) {
                out.push(n);
            }
        }
    }
    out
}

/// The value `v` is a view of, following `ViewLike` sources to the first
/// value that is not a view (MLIR's `getViewBase`).
pub fn view_base(ir: &Ir, mut v: ValueId) -> ValueId {
    while let Some(src) = ir.defining_op(v).and_then(|d| ir::interfaces::view_source(ir, d)) {
        if src == v {
            break;
        }
        v = src;
    }
    v
}

/// True when the op defining `v` allocates it (an `Allocate` effect on
/// that result).
pub fn allocates(ir: &Ir, v: ValueId) -> bool {
    let ValueDef::Result { op, index } = ir.value_def(v) else { return false };
    memory_effects(ir, op)
        .is_some_and(|es| es.iter().any(|e| e.kind == EffectKind::Allocate && e.on == EffectOn::Result(index as usize)))
}

/// True when `v` is an argument of the entry block of a callable's body.
pub fn is_function_arg(ir: &Ir, v: ValueId) -> bool {
    let ValueDef::BlockArg { block, .. } = ir.value_def(v) else { return false };
    let Some(p) = ir.block_parent_op(block) else { return false };
    let Some(callable) = ir::interfaces::callable(ir, p) else { return false };
    callable.body(ir, p).and_then(|r| ir.entry_block(r)) == Some(block)
}

/// MLIR's `BufferOriginAnalysis::isSameAllocation` for two buffers.
pub fn same_allocation(ir: &Ir, flow: &BufferViewFlow, a: ValueId, b: ValueId) -> SameAllocation {
    let (a, b) = (view_base(ir, a), view_base(ir, b));
    if a == b {
        return SameAllocation::Must;
    }
    let gather = |v: ValueId| {
        let mut terms: Vec<ValueId> = Vec::new();
        let (mut all_alloc, mut all_alloc_or_arg) = (true, true);
        for o in flow.resolve_reverse(v) {
            if ir.ctx().is_memref(ir.value_type(o)) && flow.may_be_terminal(o) {
                terms.push(o);
                let al = allocates(ir, o);
                all_alloc &= al;
                all_alloc_or_arg &= al || is_function_arg(ir, o);
            }
        }
        (terms, all_alloc, all_alloc_or_arg)
    };
    let (t1, aa1, aaf1) = gather(a);
    let (t2, aa2, aaf2) = gather(b);
    if t1.is_empty() || t2.is_empty() {
        return SameAllocation::May;
    }
    if t1.len() == 1 && t2.len() == 1 && t1[0] == t2[0] {
        return SameAllocation::Must;
    }
    if t1.iter().any(|v| t2.contains(v)) {
        return SameAllocation::May;
    }
    let iso1 = aa1 && (aa2 || aaf2);
    let iso2 = (aa1 || aaf1) && aa2;
    if iso1 || iso2 {
        SameAllocation::Never
    } else {
        SameAllocation::May
    }
}

/// Values named by `"test.name"(%v) {name = "x"}` ops under `root`, in order.
pub fn named_values(ir: &Ir, root: OpId) -> Vec<(String, ValueId)> {
    let mut out = Vec::new();
    for op in ir.pre_order(root) {
        if ir.is_op(op, "test.name") && ir.num_operands(op) == 1 {
            if let Some(n) = ir.attr(op, "name").and_then(|a| ir.ctx().str_value(a)) {
                out.push((n.to_string(), ir.operand(op, 0)));
            }
        }
    }
    out
}

/// `--test-print-alias`: for each named value, the named values it may
/// flow into, then the buffer origin of every pair of named buffers.
pub fn print_alias(ir: &Ir, op: OpId) -> String {
    use std::fmt::Write;
    let flow = BufferViewFlow::new(ir, op);
    let named = named_values(ir, op);
    let mut out = String::new();
    let _ = writeln!(out, "Testing : {}", crate::util::symbol_name(ir, op));
    for (name, v) in &named {
        let set = flow.resolve(*v);
        let mut names: Vec<&str> = named.iter().filter(|(_, w)| set.contains(w)).map(|(n, _)| n.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        let _ = writeln!(out, "{name} -> {}", names.join(" "));
    }
    for (i, (n1, v1)) in named.iter().enumerate() {
        for (n2, v2) in &named[i + 1..] {
            let memrefs = ir.ctx().is_memref(ir.value_type(*v1)) && ir.ctx().is_memref(ir.value_type(*v2));
            if !memrefs {
                continue;
            }
            let s = match same_allocation(ir, &flow, *v1, *v2) {
                SameAllocation::Must => "must",
                SameAllocation::Never => "never",
                SameAllocation::May => "may",
            };
            let _ = writeln!(out, "same_allocation({n1}, {n2}) = {s}");
        }
    }
    out
}
