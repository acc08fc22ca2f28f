//! Tests of the scf declarations: typed accessors and builders, the
//! per-op region-branch interfaces, and `ParallelCombining` on
//! `scf.forall.in_parallel`.

use super::ops::{ForOp, ForallOp, IfOp, InParallelOp, IndexSwitchOp, WhileOp, YieldOp};
use crate::test_util::{find, parse};
use ir::buffer_interfaces::ParallelCombining;
use ir::interfaces::{DestinationStyle, RegionBranch, RegionSuccessor, RegionTerminator};
use ir::op_decl::IrBuilder;
use ir::{InsertPoint, Ir, OpId, ValueId};
use smallvec::SmallVec;

fn successors(ir: &Ir, op: OpId, from: Option<ir::RegionId>) -> Vec<RegionSuccessor> {
    let registry = ir.ctx().registry();
    let rb = registry.interface::<dyn RegionBranch>(ir.op_name(op)).expect("RegionBranch");
    let mut out: SmallVec<[RegionSuccessor; 2]> = SmallVec::new();
    rb.successors(ir, op, from, &mut out);
    out.to_vec()
}

const FORALL: &str = r#"
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>, %x: tensor<1xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r:2 = scf.forall (%i) in (4) shared_outs(%o1 = %a, %o2 = %b) -> (tensor<4xf32>, tensor<4xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %x into %o2[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
      tensor.parallel_insert_slice %x into %o1[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}
"#;

#[test]
fn in_parallel_combines_into_the_result_of_each_destination() {
    let (ir, top) = parse(FORALL);
    let forall = find(&ir, top, "scf.forall");
    let term = find(&ir, top, "scf.forall.in_parallel");
    assert!(InParallelOp::matches(&ir, term));
    let registry = ir.ctx().registry();
    let pc = registry.interface::<dyn ParallelCombining>(ir.op_name(term)).expect("ParallelCombining");
    let ops = pc.yielding_ops(&ir, term);
    assert_eq!(ops.len(), 2);
    assert!(ops.iter().all(|&o| ir.is_op(o, "tensor.parallel_insert_slice")));
    // The first insert writes %o2, the second shared output: result #1.
    assert_eq!(pc.parent_result(&ir, term, 0), Some(ir.result(forall, 1)));
    assert_eq!(pc.parent_result(&ir, term, 1), Some(ir.result(forall, 0)));
    assert_eq!(pc.parent_result(&ir, term, 2), None);
    // Only scf.forall.in_parallel combines.
    assert!(registry.interface::<dyn ParallelCombining>(ir.op_name(forall)).is_none());
}

#[test]
fn forall_accessors_and_destination_style() {
    let (ir, top) = parse(FORALL);
    let f = ForallOp::cast(&ir, find(&ir, top, "scf.forall")).expect("forall");
    assert_eq!(f.outputs(&ir).len(), 2);
    assert!(f.dynamic_upper_bound(&ir).is_empty());
    assert_eq!(f.staticUpperBound(&ir).as_slice(), &[4]);
    assert_eq!(f.staticLowerBound(&ir).as_slice(), &[0]);
    assert!(f.mapping(&ir).is_none());
    let registry = ir.ctx().registry();
    let dps = registry.interface::<dyn DestinationStyle>(ir.op_name(f.0)).expect("DestinationStyle");
    assert_eq!(dps.inits(&ir, f.0), f.outputs_range(&ir));
    assert_eq!(f.outputs_range(&ir), 0..2);
}

#[test]
fn region_branches_of_each_op() {
    let (ir, top) = parse(
        r#"
func.func @f(%c: i1, %n: index, %t: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> (f32) {
    scf.yield %acc : f32
  }
  scf.if %c {
  }
  %w = scf.while (%v = %s) : (f32) -> f32 {
    scf.condition(%c) %v : f32
  } do {
  ^bb0(%y: f32):
    scf.yield %y : f32
  }
  %k = scf.index_switch %n -> f32
  case 2 {
    scf.yield %w : f32
  }
  default {
    scf.yield %t : f32
  }
  return %k : f32
}
"#,
    );
    // scf.for: into the body or out, forwarding the inits to the
    // iteration arguments (not the induction variable).
    let for_op = ForOp::cast(&ir, find(&ir, top, "scf.for")).expect("for");
    let body = for_op.region(&ir);
    assert_eq!(successors(&ir, for_op.0, None), [RegionSuccessor::Region(body), RegionSuccessor::Parent]);
    let registry = ir.ctx().registry();
    let rb = registry.interface::<dyn RegionBranch>(ir.op_name(for_op.0)).expect("for");
    let init = for_op.init_args(&ir).get(0).expect("init");
    assert_eq!(rb.entry_operands(&ir, for_op.0, RegionSuccessor::Region(body)).as_slice(), &[init]);
    let entry = ir.entry_block(body).expect("entry");
    let acc: ValueId = ir.block_args(entry)[1];
    assert_eq!(rb.successor_inputs(&ir, for_op.0, RegionSuccessor::Region(body)).as_slice(), &[acc]);
    // scf.if without else: the then region or straight back.
    let if_op = IfOp::cast(&ir, find(&ir, top, "scf.if")).expect("if");
    assert_eq!(
        successors(&ir, if_op.0, None),
        [RegionSuccessor::Region(if_op.then_region(&ir)), RegionSuccessor::Parent]
    );
    // scf.while: 'before' leaves the loop first, then enters 'after'.
    let w = WhileOp::cast(&ir, find(&ir, top, "scf.while")).expect("while");
    assert_eq!(
        successors(&ir, w.0, Some(w.before(&ir))),
        [RegionSuccessor::Parent, RegionSuccessor::Region(w.after(&ir))]
    );
    assert_eq!(successors(&ir, w.0, Some(w.after(&ir))), [RegionSuccessor::Region(w.before(&ir))]);
    let cond = find(&ir, top, "scf.condition");
    let term = registry.interface::<dyn RegionTerminator>(ir.op_name(cond)).expect("condition");
    assert_eq!(term.forwarded_operands(&ir, cond, RegionSuccessor::Parent).len(), 1);
    // scf.index_switch: the cases, then the default region.
    let sw = IndexSwitchOp::cast(&ir, find(&ir, top, "scf.index_switch")).expect("switch");
    assert_eq!(sw.cases(&ir).as_slice(), &[2]);
    assert_eq!(
        successors(&ir, sw.0, None),
        [RegionSuccessor::Region(sw.case_regions(&ir)[0]), RegionSuccessor::Region(sw.default_region(&ir))]
    );
}

#[test]
fn typed_builders_make_what_the_parser_makes() {
    let (mut ir, top) = parse(
        r#"
func.func @f(%c: i1, %x: f32) {
  return
}
"#,
    );
    let ret = find(&ir, top, "func.return");
    let func = find(&ir, top, "func.func");
    let entry = ir.entry_block(ir.regions(func)[0]).expect("entry");
    let (c, x) = (ir.block_args(entry)[0], ir.block_args(entry)[1]);
    let loc = ir.op_loc(ret);
    let f32 = ir.value_type(x);
    let if_op = IfOp::build(&mut IrBuilder::at(&mut ir, InsertPoint::Before(ret)), loc, &[f32], c, 1, 1);
    for r in [if_op.then_region(&ir), if_op.else_region(&ir)] {
        let b = ir.append_block(r, &[], &[]);
        YieldOp::build(&mut IrBuilder::at(&mut ir, InsertPoint::BlockEnd(b)), loc, &[x]);
    }
    assert_eq!(if_op.condition(&ir), c);
    assert_eq!(if_op.results(&ir).count(), 1);
    let text = syntax::printer::print_module(&ir, top, syntax::printer::PrintOptions::default());
    assert!(
        text.contains("%0 = scf.if %arg0 -> (f32) {\n      scf.yield %arg1 : f32\n    } else {\n      scf.yield %arg1 : f32\n    }"),
        "{text}"
    );
}
