//! The call graph over callables (ops with the `Callable` interface) and
//! the calls nested in them (ops with the `CallOp` interface), with strongly
//! connected components by an iterative Tarjan and a bottom-up order
//! (callees before callers). Calls whose callee cannot be resolved (indirect
//! calls, unknown symbols, declarations) point at the external node. Symbol
//! callees are resolved through the arena's symbol-table cache, so building
//! the graph is linear in the module.

use ir::entity::EntityMap;
use ir::interfaces::{call_op, callable, resolve_callee, Callee};
use ir::{Ir, OpId, ValueDef};

/// A node of the call graph.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Node {
    /// Code outside the analysed module (node 0).
    External,
    /// A callable op.
    Callable(OpId),
}

/// One call edge.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CallEdge {
    /// The call op.
    pub call: OpId,
    /// Callee node.
    pub callee: u32,
}

/// The call graph of a module.
#[derive(Clone, Debug)]
pub struct CallGraph {
    nodes: Vec<Node>,
    node_of: EntityMap<OpId, u32>,
    edges: Vec<Vec<CallEdge>>,
}

const NONE: u32 = u32::MAX;

fn is_callable(ir: &Ir, op: OpId) -> bool {
    callable(ir, op).is_some()
}

fn is_call(ir: &Ir, op: OpId) -> bool {
    call_op(ir, op).is_some()
}

impl CallGraph {
    /// Builds the graph of every callable and call nested in `root`.
    pub fn new(ir: &Ir, root: OpId) -> CallGraph {
        let mut g = CallGraph { nodes: vec![Node::External], node_of: EntityMap::with_default(NONE), edges: vec![] };
        g.edges.push(Vec::new());
        let order = ir.pre_order(root);
        for &op in &order {
            if is_callable(ir, op) {
                g.node_of.set(op, g.nodes.len() as u32);
                g.nodes.push(Node::Callable(op));
                g.edges.push(Vec::new());
            }
        }
        for &op in &order {
            if !is_call(ir, op) {
                continue;
            }
            // The nearest enclosing callable is the caller.
            let mut caller = ir.parent_op(op);
            while let Some(c) = caller {
                if *g.node_of.get(c) != NONE {
                    break;
                }
                caller = ir.parent_op(c);
            }
            let from = caller.map_or(0, |c| *g.node_of.get(c));
            let target = resolve_callee(ir, op).map(|t| *g.node_of.get(t));
            let callee = match target {
                Some(t) if t != NONE && !is_declaration(ir, g.nodes[t as usize]) => t,
                _ => 0,
            };
            g.edges[from as usize].push(CallEdge { call: op, callee });
        }
        g
    }

    /// Number of nodes (the external node included).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }
    /// True when there is no callable.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() <= 1
    }
    /// Node `i`.
    pub fn node(&self, i: u32) -> Node {
        self.nodes.get(i as usize).copied().unwrap_or(Node::External)
    }
    /// The node of a callable op.
    pub fn node_of(&self, op: OpId) -> Option<u32> {
        let n = *self.node_of.get(op);
        (n != NONE).then_some(n)
    }
    /// The calls made by node `i`.
    pub fn calls(&self, i: u32) -> &[CallEdge] {
        self.edges.get(i as usize).map_or(&[], |v| v)
    }

    /// Strongly connected components, callees before callers.
    pub fn sccs(&self) -> Vec<Vec<u32>> {
        let succs: Vec<Vec<u32>> = self.edges.iter().map(|es| es.iter().map(|e| e.callee).collect()).collect();
        tarjan_scc(&succs)
    }

    /// Callables in bottom-up order (each callee before its callers, up to
    /// recursion), without the external node.
    pub fn bottom_up(&self) -> Vec<OpId> {
        self.sccs()
            .into_iter()
            .flatten()
            .filter_map(|n| match self.node(n) {
                Node::Callable(op) => Some(op),
                Node::External => None,
            })
            .collect()
    }

    /// True when node `i` is in a cycle (mutual or self recursion).
    pub fn is_recursive(&self, sccs: &[Vec<u32>], i: u32) -> bool {
        sccs.iter().any(|s| s.contains(&i) && (s.len() > 1 || self.calls(i).iter().any(|e| e.callee == i)))
    }
}

fn is_declaration(ir: &Ir, n: Node) -> bool {
    match n {
        Node::External => true,
        Node::Callable(op) => callable(ir, op).is_none_or(|c| c.body(ir, op).is_none()),
    }
}

/// Tarjan's strongly connected components, iteratively, over nodes
/// `0..succs.len()`. Components come out in reverse topological order
/// (a component after every component it reaches); nodes inside a
/// component are listed in the order they were visited.
pub fn tarjan_scc(succs: &[Vec<u32>]) -> Vec<Vec<u32>> {
    let n = succs.len();
    let mut index = vec![NONE; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut out: Vec<Vec<u32>> = Vec::new();
    let mut next = 0u32;
    let mut call: Vec<(u32, usize)> = Vec::new();
    for root in 0..n as u32 {
        if index[root as usize] != NONE {
            continue;
        }
        call.push((root, 0));
        index[root as usize] = next;
        low[root as usize] = next;
        next += 1;
        stack.push(root);
        on_stack[root as usize] = true;
        while let Some(top) = call.last_mut() {
            let (v, i) = *top;
            if let Some(&w) = succs[v as usize].get(i) {
                top.1 += 1;
                let wu = w as usize;
                if wu >= n {
                    continue;
                }
                if index[wu] == NONE {
                    index[wu] = next;
                    low[wu] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[wu] = true;
                    call.push((w, 0));
                } else if on_stack[wu] {
                    low[v as usize] = low[v as usize].min(index[wu]);
                }
            } else {
                call.pop();
                if let Some(&(parent, _)) = call.last() {
                    low[parent as usize] = low[parent as usize].min(low[v as usize]);
                }
                if low[v as usize] == index[v as usize] {
                    let mut comp = Vec::new();
                    while let Some(w) = stack.pop() {
                        on_stack[w as usize] = false;
                        comp.push(w);
                        if w == v {
                            break;
                        }
                    }
                    comp.reverse();
                    out.push(comp);
                }
            }
        }
    }
    out
}

fn node_name(ir: &Ir, g: &CallGraph, i: u32) -> String {
    match g.node(i) {
        Node::External => "<external>".to_string(),
        Node::Callable(op) => format!("@{}", crate::util::symbol_name(ir, op)),
    }
}

/// `--test-print-callgraph-bottom-up` (bufopt only): this module's graph as
/// the passes use it: nodes with their call edges, the SCCs (callees first)
/// and the bottom-up order of callables.
pub fn print_callgraph_bottom_up(ir: &Ir, op: OpId) -> String {
    use std::fmt::Write;
    let g = CallGraph::new(ir, op);
    let mut out = String::from("// ---- CallGraph ----\n");
    for i in 0..g.len() as u32 {
        let _ = writeln!(out, "// - Node : {}", node_name(ir, &g, i));
        for e in g.calls(i) {
            let _ = writeln!(out, "// -- Call-Edge : {}", node_name(ir, &g, e.callee));
        }
    }
    out.push_str("// ---- SCCs ----\n");
    let sccs = g.sccs();
    for s in &sccs {
        let names: Vec<String> = s.iter().map(|&n| node_name(ir, &g, n)).collect();
        let rec = if s.iter().any(|&n| g.is_recursive(&sccs, n)) { " (recursive)" } else { "" };
        let _ = writeln!(out, "// - SCC : {}{rec}", names.join(" "));
    }
    let order: Vec<String> = g.bottom_up().iter().map(|&o| format!("@{}", crate::util::symbol_name(ir, o))).collect();
    let _ = writeln!(out, "// ---- BottomUp : {}", order.join(" "));
    out
}

/// The kind of an edge of [`MlirCallGraph`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum EdgeKind {
    /// From the external caller node to a top-level callable.
    Abstract,
    /// From a caller to the callee a call resolves to.
    Call,
    /// From a callable to a callable nested in it.
    Child,
}

/// MLIR's `CallGraph` as its test pass shows it: one node per callable
/// *region* (declarations have none), an external caller node with an
/// abstract edge to every callable not nested in another, an unknown
/// callee node for calls that do not resolve to a node, child edges to
/// nested callables, and each (target, kind) edge once per node, in the
/// order found. Kept apart from [`CallGraph`], whose shape the passes use.
struct MlirCallGraph {
    /// The callable op of node `i` (nodes 0 and 1: the external caller and
    /// the unknown callee), and its region's index in that op.
    nodes: Vec<Option<(OpId, usize)>>,
    edges: Vec<Vec<(u32, EdgeKind)>>,
}

const EXTERNAL_CALLER: u32 = 0;
const UNKNOWN_CALLEE: u32 = 1;

impl MlirCallGraph {
    /// Two walks as MLIR's constructor: the nodes first (so that calls to
    /// callables nested later resolve), then the calls.
    fn new(ir: &Ir, root: OpId) -> Self {
        let mut g = MlirCallGraph { nodes: vec![None, None], edges: vec![Vec::new(), Vec::new()] };
        let mut node_of_region: rustc_hash::FxHashMap<ir::RegionId, u32> = Default::default();
        let mut seen: rustc_hash::FxHashSet<(u32, u32, EdgeKind)> = Default::default();
        for resolve in [false, true] {
            // Pre-order over (op, the node of the nearest enclosing callable).
            let mut stack: Vec<(OpId, Option<u32>)> = vec![(root, None)];
            while let Some((op, mut parent)) = stack.pop() {
                if call_op(ir, op).is_some() {
                    if let (true, Some(from)) = (resolve, parent) {
                        let to = g.resolve(ir, op, &node_of_region);
                        g.add_edge(&mut seen, from, to, EdgeKind::Call);
                    }
                    continue;
                }
                if let Some(c) = callable(ir, op) {
                    let Some(region) = c.body(ir, op) else { continue };
                    let node = match node_of_region.get(&region) {
                        Some(&n) => n,
                        None => {
                            let n = g.nodes.len() as u32;
                            g.nodes.push(Some((op, ir.region_index(region))));
                            g.edges.push(Vec::new());
                            node_of_region.insert(region, n);
                            match parent {
                                Some(p) => g.add_edge(&mut seen, p, n, EdgeKind::Child),
                                None => g.add_edge(&mut seen, EXTERNAL_CALLER, n, EdgeKind::Abstract),
                            }
                            n
                        }
                    };
                    parent = Some(node);
                }
                let nested: Vec<OpId> =
                    ir.regions(op).iter().flat_map(|&r| ir.region_blocks(r)).flat_map(|b| ir.block_ops(b)).collect();
                stack.extend(nested.into_iter().rev().map(|o| (o, parent)));
            }
        }
        g
    }

    fn add_edge(&mut self, seen: &mut rustc_hash::FxHashSet<(u32, u32, EdgeKind)>, from: u32, to: u32, kind: EdgeKind) {
        if seen.insert((from, to, kind)) {
            self.edges[from as usize].push((to, kind));
        }
    }

    /// MLIR's `resolveCallable`: a symbol callee through the symbol tables,
    /// a value callee through its defining op; the node of the callable's
    /// region, else the unknown callee.
    fn resolve(&self, ir: &Ir, call: OpId, node_of_region: &rustc_hash::FxHashMap<ir::RegionId, u32>) -> u32 {
        let target = match call_op(ir, call).and_then(|c| c.callee(ir, call)) {
            Some(Callee::Symbol(sym)) => ir.resolve_symbol_ref(call, sym),
            Some(Callee::Value(v)) => match ir.value_def(v) {
                ValueDef::Result { op, .. } => Some(op),
                _ => None,
            },
            None => None,
        };
        target
            .and_then(|t| callable(ir, t).and_then(|c| c.body(ir, t)))
            .and_then(|r| node_of_region.get(&r).copied())
            .unwrap_or(UNKNOWN_CALLEE)
    }

    /// `'func.func' - Region #0 : {attr-dict}`, or the name of a virtual node.
    fn node_name(&self, ir: &Ir, i: u32) -> String {
        match self.nodes[i as usize] {
            None if i == EXTERNAL_CALLER => "<External-Caller-Node>".to_string(),
            None => "<Unknown-Callee-Node>".to_string(),
            Some((op, region)) => {
                let mut s = format!("'{}' - Region #{region}", ir.op_name_str(op));
                let mut attrs = ir.attrs(op).to_vec();
                if !attrs.is_empty() {
                    let ctx = ir.ctx();
                    attrs.sort_by(|a, b| ctx.str(a.name).as_bytes().cmp(ctx.str(b.name).as_bytes()));
                    s.push_str(" : ");
                    syntax::print_attr::print_attr_dict(ctx, &Default::default(), &attrs, &mut s);
                }
                s
            }
        }
    }

    /// The SCCs LLVM's `scc_iterator` visits from the external caller node:
    /// callees first, each component's nodes in the order they leave the
    /// stack (the last visited first).
    fn sccs(&self) -> Vec<Vec<u32>> {
        let succs: Vec<Vec<u32>> = self.edges.iter().map(|es| es.iter().map(|e| e.0).collect()).collect();
        let mut reached = vec![false; succs.len()];
        let mut work = vec![EXTERNAL_CALLER];
        reached[EXTERNAL_CALLER as usize] = true;
        while let Some(n) = work.pop() {
            for &m in &succs[n as usize] {
                if !std::mem::replace(&mut reached[m as usize], true) {
                    work.push(m);
                }
            }
        }
        // Tarjan starts at node 0, so the reachable components come first.
        tarjan_scc(&succs)
            .into_iter()
            .filter(|c| reached[c[0] as usize])
            .map(|mut c| {
                c.reverse();
                c
            })
            .collect()
    }
}

/// `--test-print-callgraph`: mlir-opt-19's test pass output: `Testing :`
/// and the module's `test.name` attribute, every node with its edges, then
/// the SCCs.
pub fn print_callgraph(ir: &Ir, op: OpId) -> String {
    use std::fmt::Write;
    let g = MlirCallGraph::new(ir, op);
    let name = ir
        .attr(op, "test.name")
        .map_or_else(|| "<<NULL ATTRIBUTE>>".to_string(), |a| syntax::print_attr::attr_to_string(ir.ctx(), a));
    let mut out = format!("Testing : {name}\n// ---- CallGraph ----\n");
    for i in 2..g.nodes.len() as u32 {
        let _ = writeln!(out, "// - Node : {}", g.node_name(ir, i));
        for &(to, kind) in &g.edges[i as usize] {
            let kind = match kind {
                EdgeKind::Call => "Call",
                EdgeKind::Child => "Child",
                EdgeKind::Abstract => "",
            };
            let _ = writeln!(out, "// -- {kind}-Edge : {}", g.node_name(ir, to));
        }
        out.push_str("//\n");
    }
    out.push_str("// -- SCCs --\n");
    for scc in g.sccs() {
        out.push_str("// - SCC : \n");
        for n in scc {
            let _ = writeln!(out, "// -- Node :{}", g.node_name(ir, n));
        }
        out.push('\n');
    }
    out.push_str("// -------------------\n");
    out
}

#[cfg(test)]
mod tests {
    use super::tarjan_scc;

    #[test]
    fn scc_cycle_and_chain() {
        // 0 → 1 → 2 → 1, 2 → 3.
        let succs = vec![vec![1], vec![2], vec![1, 3], vec![]];
        let sccs = tarjan_scc(&succs);
        assert_eq!(sccs, vec![vec![3], vec![1, 2], vec![0]]);
    }

    #[test]
    fn scc_self_loop_and_isolated() {
        let succs = vec![vec![0], vec![], vec![9]];
        let sccs = tarjan_scc(&succs);
        assert_eq!(sccs, vec![vec![0], vec![1], vec![2]]);
    }

    #[test]
    fn scc_deep_chain_does_not_overflow() {
        let n = 200_000u32;
        let succs: Vec<Vec<u32>> = (0..n).map(|i| if i + 1 < n { vec![i + 1] } else { vec![0] }).collect();
        let sccs = tarjan_scc(&succs);
        assert_eq!(sccs.len(), 1);
        assert_eq!(sccs[0].len(), n as usize);
    }
}
