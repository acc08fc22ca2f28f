//! Unit tests of the tensor dialect: type computations, and the subset
//! interfaces of the slice ops.

use super::fold::flat_index;
use super::*;
use ir::{Context, DYNAMIC};

#[test]
fn canonical_reduction_drops_leading_ones() {
    let ctx = Context::new();
    let f32t = ctx.float_ty(ir::FloatKind::F32);
    let src = ctx.tensor_ty(&[8, 8, 8], f32t);
    let t = canonical_rank_reduced_type(&ctx, src, &[1, 6, 1], 2).expect("reducible");
    assert_eq!(ctx.shape(t), Some(&[6i64, 1][..]));
    assert_eq!(canonical_rank_reduced_type(&ctx, src, &[2, 6, 3], 2), None);
}

#[test]
fn collapse_and_pad_types() {
    let ctx = Context::new();
    let f32t = ctx.float_ty(ir::FloatKind::F32);
    let t = ctx.tensor_ty(&[2, 3, DYNAMIC], f32t);
    let c = collapsed_type(&ctx, t, &[vec![0, 1], vec![2]]).expect("valid");
    assert_eq!(ctx.shape(c), Some(&[6i64, DYNAMIC][..]));
    let p = pad_result_type(&ctx, t, &[1, 0, 0], &[1, DYNAMIC, 2]).expect("valid");
    assert_eq!(ctx.shape(p), Some(&[4i64, DYNAMIC, DYNAMIC][..]));
    assert_eq!(flat_index(&[2, 3], &[1, 2]), Some(5));
    assert_eq!(flat_index(&[2, 3], &[2, 0]), None);
}

// ----- subset interfaces ------------------------------------------------------

use crate::test_util::{all, parse};
use ir::buffer_interfaces::{SubsetExtraction, SubsetInsertion, SubsetOp};
use ir::op_decl::{IrBuilder, OpView};
use ir::{InsertPoint, Ir, OpId, ValueId};

const SLICES: &str = r#"
func.func @f(%t: tensor<8x8xf32>, %u: tensor<8x8xf32>, %s: tensor<2x2xf32>, %i: index, %j: index) -> () {
  %0 = tensor.extract_slice %t[0, 0] [2, 2] [1, 1] : tensor<8x8xf32> to tensor<2x2xf32>
  %1 = tensor.extract_slice %t[0, 0] [2, 2] [1, 1] : tensor<8x8xf32> to tensor<2x2xf32>
  %2 = tensor.extract_slice %t[2, 0] [2, 2] [1, 1] : tensor<8x8xf32> to tensor<2x2xf32>
  %3 = tensor.extract_slice %t[1, 0] [2, 2] [1, 1] : tensor<8x8xf32> to tensor<2x2xf32>
  %4 = tensor.extract_slice %t[%i, 0] [2, 2] [1, 1] : tensor<8x8xf32> to tensor<2x2xf32>
  %5 = tensor.extract_slice %t[%i, 0] [2, 2] [1, 1] : tensor<8x8xf32> to tensor<2x2xf32>
  %6 = tensor.extract_slice %t[%j, 0] [2, 2] [1, 1] : tensor<8x8xf32> to tensor<2x2xf32>
  %7 = tensor.extract_slice %u[0, 0] [2, 2] [1, 1] : tensor<8x8xf32> to tensor<2x2xf32>
  %8 = tensor.extract_slice %t[0, 0] [2, 2] [2, 1] : tensor<8x8xf32> to tensor<2x2xf32>
  %9 = tensor.extract_slice %t[4, %i] [2, 2] [2, 1] : tensor<8x8xf32> to tensor<2x2xf32>
  %10 = tensor.insert_slice %s into %t[0, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<8x8xf32>
  %11 = tensor.insert_slice %s into %t[%i, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<8x8xf32>
  %12 = tensor.empty() : tensor<8x8xf32>
  %13 = scf.forall (%k) in (4) shared_outs(%o = %t) -> (tensor<8x8xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%k, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<8x8xf32>
    }
  }
  return
}
"#;

/// The slice ops of [`SLICES`]: ten extractions, two insertions, one
/// parallel insertion.
fn slices() -> (Ir, Vec<OpId>, Vec<OpId>, OpId) {
    let (ir, top) = parse(SLICES);
    let ext = all(&ir, top, "tensor.extract_slice");
    let ins = all(&ir, top, "tensor.insert_slice");
    let par = all(&ir, top, "tensor.parallel_insert_slice")[0];
    assert_eq!((ext.len(), ins.len()), (10, 2));
    (ir, ext, ins, par)
}

fn subset(ir: &Ir, op: OpId) -> &dyn SubsetOp {
    ir.ctx().registry().interface::<dyn SubsetOp>(ir.op_name(op)).expect("SubsetOp registered")
}

fn insertion(ir: &Ir, op: OpId) -> &dyn SubsetInsertion {
    ir.ctx().registry().interface::<dyn SubsetInsertion>(ir.op_name(op)).expect("SubsetInsertion registered")
}

fn same(a: ValueId, b: ValueId) -> bool {
    a == b
}

#[test]
fn equivalent_subsets_need_equal_lists_on_equivalent_tensors() {
    let (ir, e, ins, _) = slices();
    let eq = |a: OpId, b: OpId| subset(&ir, a).operates_on_equivalent_subset(&ir, a, b, &same);
    assert!(eq(e[0], e[1]), "same static lists");
    assert!(eq(e[4], e[5]), "same dynamic offset");
    assert!(eq(e[0], ins[0]), "extraction and insertion of the same subset of %t");
    assert!(!eq(e[0], e[2]), "different offset");
    assert!(!eq(e[4], e[6]), "different SSA offsets are not known equal");
    assert!(!eq(e[0], e[7]), "another tensor");
    assert!(!eq(e[0], e[8]), "different stride");
    // An equivalence function that relates %t and %u makes them comparable.
    let (t, u) = (ExtractSliceOp(e[0]).source(&ir), ExtractSliceOp(e[7]).source(&ir));
    let related = |a: ValueId, b: ValueId| a == b || (a == t && b == u) || (a == u && b == t);
    assert!(subset(&ir, e[0]).operates_on_equivalent_subset(&ir, e[0], e[7], &related));
}

#[test]
fn disjoint_subsets_need_constant_separation() {
    let (ir, e, ins, par) = slices();
    let dj = |a: OpId, b: OpId| subset(&ir, a).operates_on_disjoint_subset(&ir, a, b, &same);
    assert!(dj(e[0], e[2]), "rows 0..2 and 2..4");
    assert!(dj(e[2], e[0]), "symmetric");
    assert!(!dj(e[0], e[3]), "rows 0..2 and 1..3 overlap");
    assert!(!dj(e[0], e[1]), "the same subset");
    assert!(!dj(e[0], e[4]), "a dynamic offset is not provably apart");
    assert!(!dj(e[0], e[7]), "another tensor");
    // Stride 2 over 2 rows from 0 reaches up to row 4 (exclusive): 0 + 2 * 2 <= 4.
    assert!(dj(e[8], e[9]), "one constant dimension suffices");
    assert!(!dj(ins[0], e[3]), "insertion at rows 0..2 overlaps an extraction at 1..3");
    assert!(dj(ins[0], e[2]));
    // The parallel insertion writes into the loop's block argument, not %t.
    assert!(!dj(par, e[2]));
}

#[test]
fn insertions_expose_source_destination_and_the_extraction_of_their_subset() {
    let (mut ir, e, ins, par) = slices();
    let ext_iface = ir.ctx().registry().interface::<dyn SubsetExtraction>(ir.op_name(e[0])).expect("registered");
    assert_eq!(ir.use_value(ext_iface.source_operand(&ir, e[0])), ExtractSliceOp(e[0]).source(&ir));
    assert!(ir.ctx().registry().interface::<dyn SubsetExtraction>(ir.op_name(ins[0])).is_none());

    let i0 = InsertSliceOp(ins[0]);
    let iface = insertion(&ir, ins[0]);
    assert_eq!(ir.use_value(iface.source_operand(&ir, ins[0])), i0.source(&ir));
    assert_eq!(ir.use_value(iface.destination_operand(&ir, ins[0])), i0.dest(&ir));
    assert_eq!(iface.updated_destination(&ir, ins[0]), Some(i0.result(&ir)));
    assert_eq!(insertion(&ir, par).updated_destination(&ir, par), None);
    let p = ParallelInsertSliceOp(par);
    assert_eq!(ir.use_value(insertion(&ir, par).destination_operand(&ir, par)), p.dest(&ir));

    // %0 extracts what %10 inserts; %2 and %4 do not.
    let v = |op: OpId| ExtractSliceOp(op).result(&ir);
    assert!(iface.is_equivalent_subset(&ir, ins[0], v(e[0]), &same));
    assert!(!iface.is_equivalent_subset(&ir, ins[0], v(e[2]), &same));
    assert!(!iface.is_equivalent_subset(&ir, ins[1], v(e[0]), &same));
    assert!(iface.is_equivalent_subset(&ir, ins[1], v(e[4]), &same));
    // A value not produced by an extraction is never the subset.
    assert!(!iface.is_equivalent_subset(&ir, ins[0], i0.source(&ir), &same));

    let i1 = InsertSliceOp(ins[1]);
    let needed = iface.values_needed_to_build_subset_extraction(&ir, ins[1]);
    assert_eq!(needed, vec![i1.offsets(&ir).get(0).expect("dynamic offset"), i1.dest(&ir)]);
    assert_eq!(iface.values_needed_to_build_subset_extraction(&ir, ins[0]), vec![i0.dest(&ir)]);

    // The built extraction reads the same subset of the destination, typed
    // as the inserted source.
    let loc = ir.op_loc(ins[1]);
    let ctx = ir.ctx_arc().clone();
    let iface = ctx.registry().interface::<dyn SubsetInsertion>(InsertSliceOp::name(&ctx)).expect("registered");
    let mut b = IrBuilder::at(&mut ir, InsertPoint::Before(ins[1]));
    let built = iface.build_subset_extraction(&mut b, ins[1], loc).expect("built");
    let ext = ir.defining_op(built).expect("an op");
    let ext = ExtractSliceOp::cast(&ir, ext).expect("an extract_slice");
    assert_eq!(ext.source(&ir), i1.dest(&ir));
    assert_eq!(ir.value_type(built), ir.value_type(i1.source(&ir)));
    assert_eq!(ext.params(&ir), i1.params(&ir));
    assert!(iface_equivalent(&ir, ins[1], built));
}

fn iface_equivalent(ir: &Ir, ins: OpId, v: ValueId) -> bool {
    insertion(ir, ins).is_equivalent_subset(ir, ins, v, &same)
}
