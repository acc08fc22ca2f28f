//! Unit tests of the analyses on parsed IR: post-dominance and nearest
//! common dominators, liveness queries, the call graph, CFG loops,
//! reachability and buffer origins.

use analysis::alias::{same_allocation, BufferViewFlow, SameAllocation};
use analysis::callgraph::CallGraph;
use analysis::dominance::Dominance;
use analysis::liveness::Liveness;
use analysis::region_flow::{can_reach, CfgLoops};
use testkit::parse;

const DIAMOND: &str = r#"
func.func @f(%c: i1) {
  %a = "test.def"() {tag = "a"} : () -> i32
  "test.cond_br"(%c)[^bb1, ^bb2] {tag = "br"} : (i1) -> ()
^bb1:
  "test.use"(%a) {tag = "use1"} : (i32) -> ()
  "test.br"()[^bb3] : () -> ()
^bb2:
  "test.br"()[^bb3] : () -> ()
^bb3:
  "test.op"() {tag = "join"} : () -> ()
  "test.return"() : () -> ()
}
"#;

#[test]
fn post_dominance_of_a_diamond() {
    let m = parse(DIAMOND);
    let b = m.blocks();
    let post = Dominance::post(&m.ir, m.func());
    let fwd = Dominance::forward(&m.ir, m.func());
    assert!(post.dominates_block(&m.ir, b[3], b[0]));
    assert!(!post.dominates_block(&m.ir, b[1], b[0]));
    assert_eq!(post.nearest_common_dominator(&m.ir, b[1], b[2]), Some(b[3]));
    assert_eq!(fwd.nearest_common_dominator(&m.ir, b[1], b[2]), Some(b[0]));
    assert_eq!(post.idom(&m.ir, b[0]), Some(b[3]));
    assert_eq!(post.idom(&m.ir, b[3]), None);
    assert!(post.properly_post_dominates(&m.ir, m.tagged("join"), m.tagged("a")));
    assert!(!post.properly_post_dominates(&m.ir, m.tagged("use1"), m.tagged("a")));
    assert!(post.properly_post_dominates(&m.ir, m.tagged("br"), m.tagged("a")));
    assert!(!post.properly_post_dominates(&m.ir, m.tagged("a"), m.tagged("br")));
    assert!(fwd.properly_dominates_op(&m.ir, m.tagged("a"), m.tagged("join"), false));
}

#[test]
fn post_dominance_of_an_infinite_loop_picks_llvms_root() {
    let m = parse(
        r#"
func.func @f() {
  "test.br"()[^loop] : () -> ()
^loop:
  "test.br"()[^loop] : () -> ()
}
"#,
    );
    let b = m.blocks();
    let post = Dominance::post(&m.ir, m.func());
    // As in LLVM (and mlir-opt-19), the loop block, reached last by a
    // forward walk from the entry, becomes a root of the post-dominator
    // tree and post-dominates the entry.
    assert!(post.is_reachable(&m.ir, b[0]));
    assert!(post.is_reachable(&m.ir, b[1]));
    assert_eq!(post.nearest_common_dominator(&m.ir, b[0], b[1]), Some(b[1]));
    assert!(post.dominates_block(&m.ir, b[1], b[0]));
    assert!(!post.dominates_block(&m.ir, b[0], b[1]));
}

#[test]
fn liveness_queries() {
    let m = parse(DIAMOND);
    let b = m.blocks();
    let live = Liveness::new(&m.ir, m.func());
    let a = m.tagged_result("a");
    assert!(live.live_out(b[0]).contains(&a));
    assert!(live.live_in(b[1]).contains(&a));
    assert!(!live.live_in(b[2]).contains(&a));
    assert!(!live.live_in(b[3]).contains(&a));
    assert!(live.is_dead_after(&m.ir, a, m.tagged("use1")));
    assert!(!live.is_dead_after(&m.ir, a, m.tagged("a")));
    assert_eq!(live.start_op(&m.ir, b[1], a), m.ir.first_op(b[1]));
    assert_eq!(live.end_op(&m.ir, b[1], a, m.tagged("use1")), m.tagged("use1"));
    let range = live.live_range_ops(&m.ir, a);
    assert!(range.contains(&m.tagged("br")) && range.contains(&m.tagged("use1")));
    assert!(!range.contains(&m.tagged("join")));
}

#[test]
fn liveness_of_chosen_values_answers_as_the_full_sets() {
    let m = parse(DIAMOND);
    let full = Liveness::sets(&m.ir, m.func());
    let a = m.tagged_result("a");
    let only = Liveness::sets_of(&m.ir, m.func(), &[a, a]);
    for b in m.blocks() {
        assert_eq!(only.live_in(b).contains(&a), full.live_in(b).contains(&a));
        assert_eq!(only.live_out(b).contains(&a), full.live_out(b).contains(&a));
        assert!(only.live_in(b).iter().chain(only.live_out(b)).all(|&v| v == a), "only the chosen value");
        assert_eq!(only.start_op(&m.ir, b, a), full.start_op(&m.ir, b, a));
    }
    assert!(m.blocks().iter().any(|&b| only.live_in(b).contains(&a)), "the diamond carries `a` into a block");
}

#[test]
fn liveness_through_nested_regions() {
    let m = parse(
        r#"
func.func @f(%x: i32) {
  %v = "test.def"() {tag = "v"} : () -> i32
  "test.region"() ({
    "test.region"() ({
      "test.use"(%v) {tag = "deep"} : (i32) -> ()
    }) : () -> ()
  }) {tag = "outer"} : () -> ()
  "test.op"() {tag = "last"} : () -> ()
}
"#,
    );
    let live = Liveness::new(&m.ir, m.func());
    let v = m.tagged_result("v");
    let deep_block = m.ir.op_block(m.tagged("deep")).expect("attached");
    assert!(live.live_in(deep_block).contains(&v));
    assert!(!live.is_dead_after(&m.ir, v, m.tagged("v")));
    assert!(live.is_dead_after(&m.ir, v, m.tagged("outer")));
}

#[test]
fn call_graph_bottom_up_and_recursion() {
    let m = parse(
        r#"
func.func @a() {
  func.call @b() : () -> ()
  return
}
func.func @b() {
  func.call @c() : () -> ()
  func.call @b() : () -> ()
  return
}
func.func @c() {
  return
}
"#,
    );
    let g = CallGraph::new(&m.ir, m.top);
    let names: Vec<String> = g.bottom_up().iter().map(|&o| analysis::util::symbol_name(&m.ir, o)).collect();
    assert_eq!(names, vec!["c", "b", "a"]);
    let sccs = g.sccs();
    let b = g.node_of(m.op("func.func", 1)).expect("node");
    let c = g.node_of(m.op("func.func", 2)).expect("node");
    assert!(g.is_recursive(&sccs, b));
    assert!(!g.is_recursive(&sccs, c));
}

#[test]
fn cfg_loops_and_reachability() {
    let m = parse(
        r#"
func.func @f(%c: i1) {
  "test.op"() {tag = "entry"} : () -> ()
  "test.br"()[^h] : () -> ()
^h:
  "test.op"() {tag = "head"} : () -> ()
  "test.cond_br"(%c)[^h, ^x] : (i1) -> ()
^x:
  "test.op"() {tag = "exit"} : () -> ()
  "test.return"() : () -> ()
}
"#,
    );
    let b = m.blocks();
    let dom = Dominance::forward(&m.ir, m.func());
    let loops = CfgLoops::new(&m.ir, m.ir.region(m.func(), 0), &dom);
    assert_eq!(loops.back_edges, vec![(b[1], b[1])]);
    assert_eq!(loops.loop_blocks, vec![b[1]]);
    assert!(!loops.has_unstructured_loop());
    assert!(can_reach(&m.ir, m.tagged("entry"), m.tagged("exit")));
    assert!(can_reach(&m.ir, m.tagged("head"), m.tagged("head")));
    assert!(!can_reach(&m.ir, m.tagged("exit"), m.tagged("entry")));
    assert!(!can_reach(&m.ir, m.tagged("entry"), m.tagged("entry")));
}

#[test]
fn buffer_origins() {
    let m = parse(
        r#"
func.func @f(%arg: memref<4xf32>) {
  %a = memref.alloc() {tag = "a"} : memref<4xf32>
  %b = memref.alloc() {tag = "b"} : memref<4xf32>
  %v = memref.cast %a {tag = "v"} : memref<4xf32> to memref<?xf32>
  %u = "test.unknown"() {tag = "u"} : () -> memref<4xf32>
  return
}
"#,
    );
    let flow = BufferViewFlow::new(&m.ir, m.func());
    let (a, b, v, u) = (m.tagged_result("a"), m.tagged_result("b"), m.tagged_result("v"), m.tagged_result("u"));
    let arg = m.ir.block_arg(m.blocks()[0], 0);
    assert_eq!(same_allocation(&m.ir, &flow, a, v), SameAllocation::Must);
    assert_eq!(same_allocation(&m.ir, &flow, a, b), SameAllocation::Never);
    assert_eq!(same_allocation(&m.ir, &flow, a, arg), SameAllocation::Never);
    assert_eq!(same_allocation(&m.ir, &flow, a, u), SameAllocation::May);
    assert!(flow.resolve(a).contains(&v));
    assert!(flow.resolve_reverse(v).contains(&a));
    assert!(!flow.resolve(b).contains(&v));
}
