//! Randomized check of the O(1) dominance queries: on many generated IRs
//! with nested regions of every kind (multi-block CFGs with unreachable
//! blocks, single-block SSA regions, graph regions, regions of unregistered
//! ops, empty regions), every block, op and value query of
//! [`Dominance`] (forward and post) must give the answer of its reference
//! formulation, which walks the parent chain as MLIR does.

use analysis::dominance::{Direction, Dominance};
use ir::{BlockId, Ir, OpId, ValueDef, ValueId};
use std::fmt::Write;
use std::sync::Arc;
use syntax::op_parser::{parse_source, ParseOptions};

mod common;
use common::Rng;

/// The kinds of region-holding ops the generator nests.
#[derive(Clone, Copy)]
enum Holder {
    /// `test.region` (unregistered): 1–2 regions of 0–3 blocks.
    Unregistered,
    /// `scf.execute_region` (registered, SSA dominance): 1–3 blocks.
    ExecuteRegion,
    /// `builtin.module` (registered graph region): one block.
    Graph,
}

struct Gen {
    rng: Rng,
    out: String,
    next_value: u32,
    max_depth: u32,
}

impl Gen {
    fn value(&mut self) -> String {
        self.next_value += 1;
        format!("%v{}", self.next_value)
    }

    fn region(&mut self, blocks: u32, depth: u32, terminators: bool) {
        self.out.push_str("{\n");
        for i in 0..blocks {
            let args = if self.rng.chance(30) { 1 + self.rng.below(2) } else { 0 };
            if i > 0 || args > 0 {
                let _ = write!(self.out, "^bb{i}");
                if args > 0 {
                    let names: Vec<String> = (0..args).map(|_| format!("{}: i32", self.value())).collect();
                    let _ = write!(self.out, "({})", names.join(", "));
                }
                self.out.push_str(":\n");
            }
            for _ in 0..self.rng.below(4) {
                self.op(depth);
            }
            if terminators {
                // Successors never name the entry block; some blocks end up
                // unreachable, some in loops, some without successors.
                match (blocks > 1, self.rng.below(4)) {
                    (true, 0) => {
                        let t = 1 + self.rng.below(u64::from(blocks - 1));
                        let _ = writeln!(self.out, "\"test.br\"()[^bb{t}] : () -> ()");
                    }
                    (true, 1) => {
                        let t = 1 + self.rng.below(u64::from(blocks - 1));
                        let f = 1 + self.rng.below(u64::from(blocks - 1));
                        let _ = writeln!(self.out, "\"test.cond_br\"()[^bb{t}, ^bb{f}] : () -> ()");
                    }
                    _ => self.out.push_str("\"test.ret\"() : () -> ()\n"),
                }
            }
        }
        self.out.push('}');
    }

    fn op(&mut self, depth: u32) {
        if depth >= self.max_depth || self.rng.chance(55) {
            let v = self.value();
            let _ = writeln!(self.out, "{v} = \"test.op\"() : () -> i32");
            return;
        }
        let holder = match self.rng.below(3) {
            0 => Holder::Unregistered,
            1 => Holder::ExecuteRegion,
            _ => Holder::Graph,
        };
        match holder {
            Holder::Unregistered => {
                let v = self.value();
                let _ = write!(self.out, "{v} = \"test.region\"() (");
                let regions = 1 + self.rng.below(2);
                for k in 0..regions {
                    if k > 0 {
                        self.out.push_str(", ");
                    }
                    let blocks = self.rng.below(4) as u32;
                    self.region(blocks, depth + 1, true);
                }
                self.out.push_str(") : () -> i32\n");
            }
            Holder::ExecuteRegion => {
                let v = self.value();
                let _ = write!(self.out, "{v} = \"scf.execute_region\"() (");
                let blocks = 1 + self.rng.below(3) as u32;
                self.region(blocks, depth + 1, true);
                self.out.push_str(") : () -> i32\n");
            }
            Holder::Graph => {
                self.out.push_str("\"builtin.module\"() (");
                self.region(1, depth + 1, false);
                self.out.push_str(") : () -> ()\n");
            }
        }
    }
}

fn generate(seed: u64) -> String {
    let mut g =
        Gen { rng: Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1), out: String::new(), next_value: 0, max_depth: 5 };
    for f in 0..2 {
        let _ = write!(g.out, "\"func.func\"() <{{function_type = () -> (), sym_name = \"f{f}\"}}> (");
        let blocks = 1 + g.rng.below(5) as u32;
        g.region(blocks, 0, true);
        g.out.push_str(") : () -> ()\n");
    }
    g.out
}

struct Everything {
    ops: Vec<OpId>,
    blocks: Vec<BlockId>,
    values: Vec<ValueId>,
}

fn collect(ir: &Ir, top: OpId) -> Everything {
    let ops = ir.pre_order(top);
    let mut blocks = Vec::new();
    let mut values = Vec::new();
    for &o in &ops {
        for &r in ir.regions(o) {
            for b in ir.region_blocks(r) {
                blocks.push(b);
                values.extend_from_slice(ir.block_args(b));
            }
        }
        values.extend(ir.results(o));
    }
    Everything { ops, blocks, values }
}

/// Compares every query of `d` with its reference; returns the number of
/// queries asked.
fn compare(ir: &Ir, d: &Dominance, all: &Everything, src: &str) -> usize {
    let mut n = 0;
    for &a in &all.blocks {
        for &b in &all.blocks {
            assert_eq!(
                d.properly_dominates_block(ir, a, b),
                d.reference_properly_dominates_block(ir, a, b),
                "{:?} block {a:?} vs {b:?} in\n{src}",
                d.direction()
            );
            n += 1;
        }
    }
    for &a in &all.ops {
        for &b in &all.ops {
            for enclosing_ok in [false, true] {
                assert_eq!(
                    d.properly_dominates_op(ir, a, b, enclosing_ok),
                    d.reference_properly_dominates_op(ir, a, b, enclosing_ok),
                    "{:?} op {a:?} vs {b:?} (enclosing_ok {enclosing_ok}) in\n{src}",
                    d.direction()
                );
                n += 1;
            }
        }
    }
    if d.direction() == Direction::Forward {
        for &v in &all.values {
            for &o in &all.ops {
                assert_eq!(
                    d.properly_dominates_value(ir, v, o),
                    d.reference_properly_dominates_value(ir, v, o),
                    "value {v:?} at {o:?} in\n{src}"
                );
                n += 1;
            }
        }
    }
    n
}

#[test]
fn constant_time_queries_match_the_parent_walk() {
    let ctx = Arc::new(dialects::new_context());
    let (mut queries, mut true_answers, mut nested_true) = (0usize, 0usize, 0usize);
    for seed in 0..250u64 {
        let src = generate(seed);
        let m = match parse_source(&ctx, &src, "gen.mlir", ParseOptions { allow_unregistered: true }) {
            Ok(m) => m,
            Err(d) => panic!("generated input does not parse: {}\n{src}", d.message),
        };
        let ir = &m.ir;
        let all = collect(ir, m.top);
        // Rooted at the module (everything numbered) and at each function
        // (the module's block and the other function are outside).
        let mut roots = vec![m.top];
        roots.extend(all.ops.iter().copied().filter(|&o| ir.is_op(o, "func.func")));
        for root in roots {
            for dir in [Direction::Forward, Direction::Post] {
                let d = Dominance::build(ir, root, dir);
                queries += compare(ir, &d, &all, &src);
            }
        }
        // The workload is not trivial: many answers are true, many of them
        // across regions.
        let d = Dominance::forward(ir, m.top);
        for &a in &all.ops {
            for &b in &all.ops {
                if d.properly_dominates_op(ir, a, b, true) {
                    true_answers += 1;
                    if ir.op_block(a).and_then(|x| ir.block_region(x))
                        != ir.op_block(b).and_then(|x| ir.block_region(x))
                    {
                        nested_true += 1;
                    }
                }
            }
        }
    }
    assert!(queries > 1_000_000, "only {queries} queries");
    assert!(true_answers > 10_000 && nested_true > 1_000, "{true_answers} true, {nested_true} across regions");
}

/// Hand-checked answers on one nest, so that the reference itself is
/// pinned: an unreachable block, a graph region and an op's own region.
#[test]
fn nested_answers_by_hand() {
    let src = r#"
func.func @f() {
  %a = "test.op"() : () -> i32
  %r = "test.region"() ({
    %in = "test.op"() : () -> i32
    "builtin.module"() ({
      %g1 = "test.op"() : () -> i32
      %g2 = "test.op"() : () -> i32
    }) : () -> ()
  }) : () -> i32
  "test.br"()[^bb1] : () -> ()
^bb1:
  %b = "test.op"() : () -> i32
  "test.ret"() : () -> ()
^bb2:
  %u = "scf.execute_region"() ({
    %un = "test.op"() : () -> i32
    "test.ret"() : () -> ()
  }) : () -> i32
  "test.ret"() : () -> ()
}
"#;
    let ctx = Arc::new(dialects::new_context());
    let m = parse_source(&ctx, src, "t.mlir", ParseOptions { allow_unregistered: true }).expect("parses");
    let ir = &m.ir;
    let all = collect(ir, m.top);
    let results: Vec<OpId> = all.ops.iter().copied().filter(|&o| ir.results(o).len() > 0).collect::<Vec<_>>();
    // Pre-order is textual order here.
    let [a, r, inner, g1, g2, b, u, un] = results[..] else { panic!("eight results, got {}", results.len()) };
    let d = Dominance::forward(ir, m.top);
    let p = Dominance::post(ir, m.top);
    // Across nesting: %a dominates everything nested after it.
    assert!(d.properly_dominates_op(ir, a, g2, false));
    assert!(d.properly_dominates_op(ir, a, b, false));
    // An op dominates its own nested ops only with enclosing_ok.
    assert!(!d.properly_dominates_op(ir, r, inner, false));
    assert!(d.properly_dominates_op(ir, r, inner, true));
    // Nested ops do not dominate what follows their holder.
    assert!(!d.properly_dominates_op(ir, inner, b, true));
    // `test.region`'s single block has no SSA dominance (unregistered op);
    // neither has the graph region of `builtin.module`.
    assert!(d.properly_dominates_op(ir, g2, g1, false));
    assert!(d.properly_dominates_op(ir, g1, g1, false));
    // ^bb2 is unreachable: everything reachable dominates what it holds,
    // and it dominates nothing reachable.
    assert!(d.properly_dominates_op(ir, b, un, false));
    assert!(!d.properly_dominates_op(ir, u, b, false));
    assert!(d.properly_dominates_op(ir, u, un, true));
    // Values: a result is not available inside its own op.
    let rv = ir.result(r, 0);
    assert!(!d.properly_dominates_value(ir, rv, inner));
    assert!(d.properly_dominates_value(ir, rv, b));
    // Post-dominance: an op post-dominates what is nested in it, and
    // %b post-dominates %a (the entry falls through to ^bb1).
    assert!(p.properly_post_dominates(ir, r, g1));
    assert!(p.properly_post_dominates(ir, b, a));
    assert!(!p.properly_post_dominates(ir, a, b));
    assert!(matches!(ir.value_def(rv), ValueDef::Result { .. }));
}
