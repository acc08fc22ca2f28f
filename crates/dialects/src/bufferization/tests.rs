//! Tests of the bufferization ops: malformed ops never panic a hook, the
//! typed builders make ops that verify and read back, and the subset
//! insertion and allocation interfaces answer as upstream's.

use super::*;
use crate::test_util::{find, find_last, parse};
use ir::buffer_interfaces::{AllocationOp, HoistingKind, SubsetInsertion, SubsetOp};
use ir::interfaces::{memory_effects, ReifyShapes};
use ir::op_decl::{IrBuilder, OpBuilder};
use ir::{InsertPoint, Ir, OpId, ValueId};
use syntax::op_parser::{parse_source, ParseOptions};
use syntax::printer::{print_module, PrintOptions};

/// Malformed tensor and bufferization ops (wrong operand counts, missing
/// or inconsistent attributes, missing regions) must not make any hook
/// panic: verifier, custom printer, folder, effects, reification.
#[test]
fn malformed_ops_do_not_panic() {
    let src = r#"
func.func @f(%t: tensor<4xf32>, %i: index, %m: memref<4xf32>) {
  %0 = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 0, 0, 1, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i32: 4>}> : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "tensor.extract"() : () -> f32
  %2 = "tensor.pad"() ({}) : () -> tensor<4xf32>
  %3 = "tensor.generate"() : () -> tensor<4xf32>
  "bufferization.dealloc"(%m) <{operandSegmentSizes = array<i32: 5, 0, 0>}> : (memref<4xf32>) -> ()
  %4 = "bufferization.alloc_tensor"() : () -> tensor<4xf32>
  %5 = "tensor.insert_slice"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (tensor<4xf32>) -> tensor<4xf32>
  %6 = "tensor.expand_shape"() : () -> tensor<4xf32>
  %7 = "tensor.collapse_shape"(%t) <{reassociation = [[0, 1]]}> : (tensor<4xf32>) -> tensor<4xf32>
  %8 = "tensor.concat"() <{dim = 0}> : () -> tensor<4xf32>
  %9 = "bufferization.materialize_in_destination"(%t) : (tensor<4xf32>) -> tensor<4xf32>
  %10 = "tensor.dim"(%t) : (tensor<4xf32>) -> index
  "tensor.yield"() : () -> ()
  %11 = "tensor.splat"() : () -> tensor<?xf32>
  %12 = "bufferization.to_tensor"() : () -> tensor<4xf32>
  %13 = "bufferization.to_memref"(%t, %t) : (tensor<4xf32>, tensor<4xf32>) -> memref<4xf32>
  %14 = "tensor.from_elements"() : () -> tensor<3xf32>
  %15 = "tensor.reshape"(%t) : (tensor<4xf32>) -> tensor<4xf32>
  %16 = "tensor.parallel_insert_slice"() : () -> tensor<4xf32>
  %17 = "bufferization.clone"() : () -> memref<4xf32>
  return
}
"#;
    let ctx = std::sync::Arc::new(crate::new_context());
    let mut m = parse_source(&ctx, src, "malformed.mlir", ParseOptions::default()).expect("parses");
    let ops: Vec<ir::OpId> = m.ir.pre_order(m.top);
    for &op in &ops {
        if let Some(info) = m.ir.op_info(op) {
            if let Some(v) = info.verify {
                let _ = v(&m.ir, op);
            }
        }
        let _ = memory_effects(&m.ir, op);
    }
    let _ = print_module(&m.ir, m.top, PrintOptions::default());
    for &op in &ops {
        let name = m.ir.op_name(op);
        let fold = m.ir.op_info(op).and_then(|i| i.fold);
        if let Some(f) = fold {
            let consts = vec![None; m.ir.num_operands(op)];
            let _ = f(&mut m.ir, op, &consts);
        }
        if let Some(r) = ctx.registry().interface::<dyn ReifyShapes>(name) {
            let _ = r.reify(&mut m.ir, op, ir::InsertPoint::Before(op));
        }
    }
    let _ = print_module(&m.ir, m.top, PrintOptions::default());
}

fn verify(ir: &Ir, op: OpId) -> Result<(), String> {
    let v = ir.op_info(op).and_then(|i| i.verify).expect("a verifier");
    v(ir, op).map_err(|d| d.message)
}

fn iface<I: ?Sized + 'static>(ir: &Ir, op: OpId) -> Option<&I> {
    ir.ctx().registry().interface::<I>(ir.op_name(op))
}

const BUILD_SRC: &str = r#"
func.func @f(%t: tensor<?x4xf32>, %m: memref<?x4xf32>, %n: index, %c: i1) {
  return
}
"#;

/// The function's arguments and its `return`.
fn args(ir: &Ir, top: OpId) -> (Vec<ValueId>, OpId) {
    let ret = find(ir, top, "func.return");
    let block = ir.op_block(ret).expect("in a block");
    (ir.block_args(block).to_vec(), ret)
}

#[test]
fn typed_builders_make_valid_ops() {
    let (mut ir, top) = parse(BUILD_SRC);
    let (a, ret) = args(&ir, top);
    let (t, m, n, c) = (a[0], a[1], a[2], a[3]);
    let loc = ir.ctx().unknown_loc();
    let ctx = ir.ctx_arc().clone();
    let tty = ir.value_type(t);
    let mty = ir.value_type(m);
    let mut b = IrBuilder::at(&mut ir, InsertPoint::Before(ret));
    let alloc = AllocTensorOp::build(&mut b, loc, tty, &[n], None, None, None);
    let copy = AllocTensorOp::build(&mut b, loc, tty, &[], Some(t), None, Some(ctx.int_attr(ctx.int_ty(64), 1)));
    let to_memref = ToMemrefOp::build(&mut b, loc, mty, t, true);
    let to_tensor = build_to_tensor(&mut b, loc, m, true, false).expect("a memref");
    let clone = CloneOp::build(&mut b, loc, mty, m);
    let mat = MaterializeInDestinationOp::build(&mut b, loc, Some(tty), t, t, false, false);
    let mat_memref = MaterializeInDestinationOp::build(&mut b, loc, None, t, m, true, true);
    let dealloc = build_dealloc(&mut b, loc, &[m], &[c], &[m, m]);
    let dt = DeallocTensorOp::build(&mut b, loc, t);
    assert!(build_to_tensor(&mut b, loc, t, false, false).is_none(), "a tensor has no tensor type to view");
    let ops = [alloc.0, copy.0, to_memref.0, clone.0, mat.0, mat_memref.0, dealloc.0, dt.0];
    for op in ops {
        assert_eq!(verify(&ir, op), Ok(()), "{}", ir.op_name_str(op));
    }
    let tt = ir.defining_op(to_tensor).expect("an op");
    assert_eq!(verify(&ir, tt), Ok(()));
    // The accessors read back what the builders were given.
    assert_eq!(alloc.dynamic_sizes(&ir).to_vec(), vec![n]);
    assert_eq!((alloc.copy(&ir), copy.copy(&ir), copy.size_hint(&ir)), (None, Some(t), None));
    assert!(copy.memory_space(&ir).is_some() && alloc.memory_space(&ir).is_none());
    assert!(to_memref.read_only(&ir) && ToTensorOp(tt).restrict(&ir) && !ToTensorOp(tt).writable(&ir));
    assert_eq!((clone.input(&ir), mat.dest(&ir), mat_memref.result(&ir)), (m, t, None));
    assert_eq!(dealloc.memrefs(&ir).to_vec(), vec![m]);
    assert_eq!(dealloc.conditions(&ir).to_vec(), vec![c]);
    assert_eq!(dealloc.retained(&ir).to_vec(), vec![m, m]);
    assert_eq!(dealloc.updated_conditions(&ir).count(), 2);
    // Printed in mlir-opt's custom form.
    let text = print_module(&ir, top, PrintOptions::default());
    for expected in [
        "bufferization.alloc_tensor(%arg2) : tensor<?x4xf32>",
        "bufferization.alloc_tensor() copy(%arg0) {memory_space = 1 : i64} : tensor<?x4xf32>",
        "bufferization.to_memref %arg0 read_only : memref<?x4xf32>",
        "bufferization.to_tensor %arg1 restrict : memref<?x4xf32>",
        "bufferization.clone %arg1 : memref<?x4xf32> to memref<?x4xf32>",
        "bufferization.materialize_in_destination %arg0 in restrict writable %arg1",
        "bufferization.dealloc (%arg1 : memref<?x4xf32>) if (%arg3) retain (%arg1, %arg1 : memref<?x4xf32>, memref<?x4xf32>)",
        "bufferization.dealloc_tensor %arg0 : tensor<?x4xf32>",
    ] {
        assert!(text.contains(expected), "missing `{expected}` in\n{text}");
    }
}

#[test]
fn a_wrong_typed_build_is_caught_by_the_verifier() {
    let (mut ir, top) = parse(BUILD_SRC);
    let (a, ret) = args(&ir, top);
    let loc = ir.ctx().unknown_loc();
    let tty = ir.value_type(a[0]);
    let mut b = IrBuilder::at(&mut ir, InsertPoint::Before(ret));
    // A dynamic dimension without its size.
    let alloc = AllocTensorOp::build(&mut b, loc, tty, &[], None, None, None);
    // A memref destination needs `writable` and has no result.
    let mat = MaterializeInDestinationOp::build(&mut b, loc, None, a[0], a[1], false, false);
    let dealloc = build_dealloc(&mut b, loc, &[a[1]], &[], &[]);
    assert_eq!(verify(&ir, alloc.0), Err("expected 1 dynamic sizes".to_string()));
    assert!(verify(&ir, mat.0).is_err_and(|e| e.contains("'writable' must be specified")));
    assert!(verify(&ir, dealloc.0).is_err_and(|e| e.contains("same number of conditions as memrefs")));
}

const SUBSET_SRC: &str = r#"
func.func @f(%t: tensor<4xf32>, %u: tensor<4xf32>, %m: memref<4xf32>) -> tensor<4xf32> {
  %0 = bufferization.materialize_in_destination %t in %u : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  bufferization.materialize_in_destination %t in restrict writable %m : (tensor<4xf32>, memref<4xf32>) -> ()
  %c = bufferization.clone %m : memref<4xf32> to memref<4xf32>
  %a = bufferization.alloc_tensor() : tensor<4xf32>
  return %0 : tensor<4xf32>
}
"#;

#[test]
fn materialize_in_destination_is_a_subset_insertion() {
    let (mut ir, top) = parse(SUBSET_SRC);
    let (a, ret) = args(&ir, top);
    let (t, u, m) = (a[0], a[1], a[2]);
    let to_tensor_dest = find(&ir, top, "bufferization.materialize_in_destination");
    let to_memref_dest = find_last(&ir, top, "bufferization.materialize_in_destination");
    let ins = iface::<dyn SubsetInsertion>(&ir, to_tensor_dest).expect("SubsetInsertion");
    let subset = iface::<dyn SubsetOp>(&ir, to_tensor_dest).expect("SubsetOp");
    let same = |x: ValueId, y: ValueId| x == y;
    assert_eq!(ir.use_value(ins.source_operand(&ir, to_tensor_dest)), t);
    assert_eq!(ir.use_value(ins.destination_operand(&ir, to_tensor_dest)), u);
    assert_eq!(ins.updated_destination(&ir, to_tensor_dest), Some(ir.result(to_tensor_dest, 0)));
    assert_eq!(ins.updated_destination(&ir, to_memref_dest), None);
    // The subset is the whole destination: equivalent to it, not to the source.
    assert!(ins.is_equivalent_subset(&ir, to_tensor_dest, u, &same));
    assert!(!ins.is_equivalent_subset(&ir, to_tensor_dest, t, &same));
    assert_eq!(ins.values_needed_to_build_subset_extraction(&ir, to_memref_dest), vec![m]);
    // As upstream, never the same nor a disjoint subset of another op.
    assert!(!subset.operates_on_equivalent_subset(&ir, to_tensor_dest, to_tensor_dest, &same));
    assert!(!subset.operates_on_disjoint_subset(&ir, to_tensor_dest, to_memref_dest, &same));
    let loc = ir.ctx().unknown_loc();
    let ctx = ir.ctx_arc().clone();
    let ins = ctx.registry().interface::<dyn SubsetInsertion>(ir.op_name(to_tensor_dest)).expect("SubsetInsertion");
    let mut b = IrBuilder::at(&mut ir, InsertPoint::Before(ret));
    assert_eq!(ins.build_subset_extraction(&mut b, to_tensor_dest, loc), Some(u));
    assert_eq!(ins.build_subset_extraction(&mut b, to_memref_dest, loc), None);
    // Other bufferization ops are not subset ops.
    let clone = find(&ir, top, "bufferization.clone");
    assert!(iface::<dyn SubsetInsertion>(&ir, clone).is_none() && iface::<dyn SubsetOp>(&ir, clone).is_none());
}

#[test]
fn clone_is_an_allocation_and_alloc_tensor_is_not() {
    let (mut ir, top) = parse(SUBSET_SRC);
    let (_, ret) = args(&ir, top);
    let clone = find(&ir, top, "bufferization.clone");
    let alloc_tensor = find(&ir, top, "bufferization.alloc_tensor");
    // Upstream implements AllocationOpInterface on `clone` only.
    assert!(iface::<dyn AllocationOp>(&ir, alloc_tensor).is_none());
    let ctx = ir.ctx_arc().clone();
    let alloc = ctx.registry().interface::<dyn AllocationOp>(ir.op_name(clone)).expect("AllocationOp");
    let v = ir.result(clone, 0);
    assert_eq!(alloc.hoisting_kind(&ir, clone), HoistingKind::NONE);
    let mut b = IrBuilder::at(&mut ir, InsertPoint::Before(ret));
    let b: &mut dyn OpBuilder = &mut b;
    let dealloc = alloc.build_dealloc(b, clone, v).expect("a dealloc");
    let copy = alloc.build_clone(b, clone, v).expect("a clone");
    assert!(alloc.build_promoted_alloc(b, clone).is_none());
    assert!(ir.is_op(dealloc, "memref.dealloc"));
    assert_eq!(ir.operands(dealloc).collect::<Vec<_>>(), vec![v]);
    let copy_op = ir.defining_op(copy).expect("an op");
    assert!(CloneOp::matches(&ir, copy_op));
    assert_eq!((CloneOp(copy_op).input(&ir), ir.value_type(copy)), (v, ir.value_type(v)));
    assert_eq!(verify(&ir, copy_op), Ok(()));
    // The new ops sit before the return, in order.
    assert_eq!(ir.next_op(dealloc), Some(copy_op));
    assert_eq!(ir.next_op(copy_op), Some(ret));
}

#[test]
fn effects_use_the_declared_groups() {
    let (ir, top) = parse(
        r#"
func.func @f(%t: tensor<?xf32>, %m: memref<4xf32>, %c: i1, %n: index) {
  %a = bufferization.alloc_tensor() copy(%t) : tensor<?xf32>
  %b = bufferization.alloc_tensor(%n) : tensor<?xf32>
  %r = bufferization.dealloc (%m, %m : memref<4xf32>, memref<4xf32>) if (%c, %c) retain (%m : memref<4xf32>)
  return
}
"#,
    );
    use ir::interfaces::{Effect, EffectKind, EffectOn};
    let a = find(&ir, top, "bufferization.alloc_tensor");
    let b = find_last(&ir, top, "bufferization.alloc_tensor");
    let d = find(&ir, top, "bufferization.dealloc");
    let reads = |op| memory_effects(&ir, op).unwrap_or_default().into_iter().filter(|e| e.kind == EffectKind::Read);
    assert_eq!(reads(a).collect::<Vec<_>>(), vec![Effect::new(EffectKind::Read, EffectOn::Operand(0))]);
    assert_eq!(reads(b).count(), 0);
    // `dealloc` declares no effects, as upstream: its effects are unknown,
    // so no pass takes it for the dealloc of one particular buffer.
    assert!(memory_effects(&ir, d).is_none());
}
