//! Unit tests of the IR arena: use-lists, op order, cloning, erasure and
//! block surgery.

use ir::*;
use std::sync::Arc;

fn setup() -> (Ir, BlockId, Type) {
    let ctx = Arc::new(Context::new());
    let mut ir = Ir::new(ctx.clone());
    let top = ir.create_op(OpSpec { num_regions: 1, ..OpSpec::new(ctx.intern_str("test.top"), ctx.unknown_loc()) });
    let r = ir.region(top, 0);
    let i32t = ctx.int_ty(32);
    let b = ir.append_block(r, &[i32t], &[]);
    (ir, b, i32t)
}

fn mk(ir: &mut Ir, b: BlockId, name: &str, operands: &[ValueId], results: &[Type]) -> OpId {
    let n = ir.ctx().intern_str(name);
    let loc = ir.ctx().unknown_loc();
    ir.insert_new_op(InsertPoint::BlockEnd(b), OpSpec { operands, results, ..OpSpec::new(n, loc) })
}

#[test]
fn use_lists_track_operands() {
    let (mut ir, b, t) = setup();
    let arg = ir.block_arg(b, 0);
    let a = mk(&mut ir, b, "test.a", &[arg, arg], &[t]);
    let ra = ir.result(a, 0);
    let c = mk(&mut ir, b, "test.c", &[ra], &[]);
    assert_eq!(ir.uses(arg).count(), 2);
    assert!(ir.has_one_use(ra));
    assert_eq!(ir.users(ra).collect::<Vec<_>>(), vec![c]);
    ir.replace_all_uses(ra, arg);
    assert!(!ir.has_uses(ra));
    assert_eq!(ir.uses(arg).count(), 3);
    assert_eq!(ir.operand(c, 0), arg);
    ir.set_operands(a, &[]);
    assert_eq!(ir.uses(arg).count(), 1);
    ir.erase_op(c);
    assert!(!ir.has_uses(arg));
    assert!(!ir.is_alive(c));
}

#[test]
fn order_survives_many_inserts_at_one_point() {
    let (mut ir, b, _) = setup();
    let first = mk(&mut ir, b, "test.first", &[], &[]);
    let last = mk(&mut ir, b, "test.last", &[], &[]);
    let n = ir.ctx().intern_str("test.mid");
    let loc = ir.ctx().unknown_loc();
    let mut inserted = Vec::new();
    for _ in 0..5000 {
        let o = ir.insert_new_op(InsertPoint::Before(last), OpSpec::new(n, loc));
        inserted.push(o);
    }
    // Also insert repeatedly right after `first` (always at the same point).
    for _ in 0..5000 {
        let o = ir.insert_new_op(InsertPoint::After(first), OpSpec::new(n, loc));
        inserted.push(o);
    }
    // And at the block's start, the pattern a fixed relabelling gap made
    // quadratic.
    for _ in 0..5000 {
        let o = ir.insert_new_op(InsertPoint::BlockStart(b), OpSpec::new(n, loc));
        inserted.push(o);
    }
    let ops: Vec<OpId> = ir.block_ops(b).collect();
    assert_eq!(ops.len(), 15002);
    for w in ops.windows(2) {
        assert!(ir.is_before_in_block(w[0], w[1]));
        assert!(!ir.is_before_in_block(w[1], w[0]));
    }
}

#[test]
fn clone_remaps_nested_values() {
    let (mut ir, b, t) = setup();
    let arg = ir.block_arg(b, 0);
    let n = ir.ctx().intern_str("test.region_op");
    let loc = ir.ctx().unknown_loc();
    let outer = ir.insert_new_op(
        InsertPoint::BlockEnd(b),
        OpSpec { operands: &[arg], results: &[t], num_regions: 1, ..OpSpec::new(n, loc) },
    );
    let r = ir.region(outer, 0);
    let inner_b = ir.append_block(r, &[t], &[]);
    let x = ir.block_arg(inner_b, 0);
    let add = mk(&mut ir, inner_b, "test.add", &[x, arg], &[t]);
    let sum = ir.result(add, 0);
    mk(&mut ir, inner_b, "test.yield", &[sum], &[]);

    let mut map = IrMapping::default();
    let other = ir.create_detached_value(t, loc);
    map.map_value(arg, other);
    let copy = ir.clone_op(outer, &mut map);
    ir.insert_op(copy, InsertPoint::BlockEnd(b));
    assert_eq!(ir.operand(copy, 0), other);
    let cb = ir.entry_block(ir.region(copy, 0)).unwrap();
    let ops: Vec<OpId> = ir.block_ops(cb).collect();
    assert_eq!(ops.len(), 2);
    assert_eq!(ir.operand(ops[0], 0), ir.block_arg(cb, 0));
    assert_eq!(ir.operand(ops[0], 1), other);
    assert_eq!(ir.operand(ops[1], 0), ir.result(ops[0], 0));
    // The original is untouched.
    assert_eq!(ir.operand(add, 1), arg);
}

#[test]
fn split_and_merge_blocks() {
    let (mut ir, b, _) = setup();
    let o1 = mk(&mut ir, b, "test.one", &[], &[]);
    let o2 = mk(&mut ir, b, "test.two", &[], &[]);
    let o3 = mk(&mut ir, b, "test.three", &[], &[]);
    let nb = ir.split_block(b, Some(o2));
    assert_eq!(ir.block_ops(b).collect::<Vec<_>>(), vec![o1]);
    assert_eq!(ir.block_ops(nb).collect::<Vec<_>>(), vec![o2, o3]);
    assert_eq!(ir.next_block(b), Some(nb));
    ir.merge_block_into(nb, b, None, &[]);
    assert_eq!(ir.block_ops(b).collect::<Vec<_>>(), vec![o1, o2, o3]);
    assert!(ir.is_before_in_block(o1, o3));
    assert!(!ir.block_is_alive(nb));
}

#[test]
fn successors_maintain_predecessors() {
    let (mut ir, b, _) = setup();
    let r = ir.block_region(b).unwrap();
    let b2 = ir.append_block(r, &[], &[]);
    let b3 = ir.append_block(r, &[], &[]);
    let n = ir.ctx().intern_str("test.br");
    let loc = ir.ctx().unknown_loc();
    let br = ir.insert_new_op(InsertPoint::BlockEnd(b), OpSpec { successors: &[b2, b2], ..OpSpec::new(n, loc) });
    assert_eq!(ir.predecessors(b2).len(), 2);
    ir.set_successor(br, 1, b3);
    assert_eq!(ir.predecessors(b2), &[br]);
    assert_eq!(ir.predecessors(b3), &[br]);
    ir.erase_op(br);
    assert!(ir.predecessors(b2).is_empty() && ir.predecessors(b3).is_empty());
}

#[test]
fn walk_orders() {
    let (mut ir, b, t) = setup();
    let top = ir.block_parent_op(b).unwrap();
    let n = ir.ctx().intern_str("test.region_op");
    let loc = ir.ctx().unknown_loc();
    let outer = ir.insert_new_op(InsertPoint::BlockEnd(b), OpSpec { num_regions: 1, ..OpSpec::new(n, loc) });
    let ib = ir.append_block(ir.region(outer, 0), &[], &[]);
    let inner = mk(&mut ir, ib, "test.inner", &[], &[t]);
    let after = mk(&mut ir, b, "test.after", &[], &[]);
    assert_eq!(ir.pre_order(top), vec![top, outer, inner, after]);
    assert_eq!(ir.post_order(top), vec![inner, outer, after, top]);
    let mut seen = Vec::new();
    ir.walk_pre(top, |o| {
        seen.push(o);
        if o == outer {
            WalkResult::Skip
        } else {
            WalkResult::Advance
        }
    });
    assert_eq!(seen, vec![top, outer, after]);
    assert!(ir.is_ancestor(top, inner));
    assert_eq!(ir.ancestor_in_block(b, inner), Some(outer));
}

#[test]
fn attributes_sorted_by_name() {
    let (mut ir, b, _) = setup();
    let o = mk(&mut ir, b, "test.attrs", &[], &[]);
    let ctx = ir.ctx_arc().clone();
    ir.set_attr_str(o, "zeta", ctx.unit_attr());
    ir.set_attr_str(o, "alpha", ctx.bool_attr(true));
    ir.set_attr_str(o, "mid", ctx.index_attr(3));
    let names: Vec<&str> = ir.attrs(o).iter().map(|a| ctx.str(a.name)).collect();
    assert_eq!(names, vec!["alpha", "mid", "zeta"]);
    assert_eq!(ir.remove_attr(o, "mid"), Some(ctx.index_attr(3)));
    assert_eq!(ir.attr(o, "mid"), None);
}
