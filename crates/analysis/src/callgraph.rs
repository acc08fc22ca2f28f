//! The call graph over callables (ops with the `Callable` interface) and
//! the calls nested in them (ops with the `CallOp` interface), with strongly
//! connected components by an iterative Tarjan and a bottom-up order
//! (callees before callers). Calls whose callee cannot be resolved (indirect
//! calls, unknown symbols, declarations) point at the external node. Symbol
//! callees are resolved through the arena's symbol-table cache, so building
//! the graph is linear in the module.

use ir::entity::EntityMap;
use ir::interfaces::{call_op, callable, resolve_callee};
use ir::{Ir, OpId};

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

/// `--test-print-callgraph`: nodes with their call edges, the SCCs
/// (bottom-up) and the bottom-up order of callables.
pub fn print_callgraph(ir: &Ir, op: OpId) -> String {
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
