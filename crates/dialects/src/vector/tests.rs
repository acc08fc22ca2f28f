//! Tests of the vector ops: accessors on parsed IR, typed transfer builders,
//! and the subset interfaces of the transfers.

use super::*;
use crate::test_util::{find, parse};
use ir::{Ir, OpId, TypeKind};

#[test]
fn transfer_and_position_accessors() {
    let (ir, top) = parse(
        r#"
func.func @f(%m: memref<4x8xf32>, %i: index, %p: f32, %mk: vector<8x4xi1>) {
  %v = vector.transfer_read %m[%i, %i], %p, %mk {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<4x8xf32>, vector<4x8xf32>
  %e = vector.extract %v[1, %i] : f32 from vector<4x8xf32>
  vector.print punctuation <comma>
  vector.print str "hi"
  return
}
"#,
    );
    let r = find(&ir, top, "vector.transfer_read");
    let t = transfer_parts(&ir, r).expect("parts");
    assert_eq!(t.indices.len(), 2);
    assert!(t.mask.is_some() && t.padding.is_some() && t.vector.is_none());
    assert_eq!(t.in_bounds, vec![false, false]);
    assert!(t.permutation_map.is_permutation());
    let mut effects = Vec::new();
    transfer::TransferEffects.effects(&ir, r, &mut effects);
    assert_eq!(effects, vec![Effect::new(EffectKind::Read, EffectOn::Operand(0))]);
    let e = find(&ir, top, "vector.extract");
    let pos = position(&ir, e).expect("position");
    assert_eq!(pos[0], OpFoldSize::Static(1));
    assert!(matches!(pos[1], OpFoldSize::Value(_)));
    assert!(has_dynamic_position(&ir, e));
    let prints: Vec<OpId> = ir.pre_order(top).into_iter().filter(|&o| ir.is_op(o, "vector.print")).collect();
    assert_eq!(print_punctuation(&ir, prints[0]), "comma");
    assert_eq!(print_punctuation(&ir, prints[1]), "newline");
    assert_eq!(print_string(&ir, prints[1]), Some(b"hi".to_vec()));
}

fn verify(ir: &Ir, op: OpId) -> Result<(), String> {
    let v = ir.op_info(op).and_then(|i| i.verify).expect("a verifier");
    v(ir, op).map_err(|d| d.message)
}

#[test]
fn typed_transfer_builders_round_trip() {
    use ir::op_decl::IrBuilder;
    use ir::InsertPoint;
    let (mut ir, top) = parse(
        r#"
func.func @f(%t: tensor<4x8xf32>, %i: index, %p: f32) {
  return
}
"#,
    );
    let ret = find(&ir, top, "func.return");
    let args = ir.block_args(ir.op_block(ret).expect("a block")).to_vec();
    let (t, i, p) = (args[0], args[1], args[2]);
    let ctx = ir.ctx_arc().clone();
    let loc = ctx.unknown_loc();
    let vty = ctx.ty(TypeKind::Vector { shape: vec![8].into(), scalable: vec![false].into(), elem: ir.value_type(p) });
    let perm = transfer_minor_identity_map(&ctx, ir.value_type(t), vty);
    let tty = ir.value_type(t);
    let mut b = IrBuilder::at(&mut ir, InsertPoint::Before(ret));
    let read = TransferReadOp::build(&mut b, loc, vty, t, &[i, i], p, None, &perm, &[true]);
    let v = read.vector(b.ir);
    let write = TransferWriteOp::build(&mut b, loc, Some(tty), v, t, &[i, i], None, &perm, &[false]);
    assert_eq!(verify(&ir, read.0), Ok(()));
    assert_eq!(verify(&ir, write.0), Ok(()));
    assert_eq!((read.source(&ir), read.padding(&ir), read.mask(&ir)), (t, p, None));
    assert_eq!(read.indices(&ir).to_vec(), vec![i, i]);
    assert_eq!(read.in_bounds(&ir), Some(vec![true]));
    assert_eq!((write.vector(&ir), write.source(&ir), write.result(&ir).is_some()), (v, t, true));
    let text = syntax::printer::print_module(&ir, top, syntax::printer::PrintOptions::default());
    assert!(
        text.contains(
            "vector.transfer_read %arg0[%arg1, %arg1], %arg2 {in_bounds = [true]} : tensor<4x8xf32>, vector<8xf32>"
        ),
        "{text}"
    );
    assert!(text.contains("vector.transfer_write %0, %arg0[%arg1, %arg1] : vector<8xf32>, tensor<4x8xf32>"), "{text}");
}

const SUBSETS: &str = r#"
func.func @f(%t: tensor<16xf32>, %u: tensor<16xf32>, %i: index, %p: f32) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c0b = arith.constant 0 : index
  %r0 = vector.transfer_read %t[%c0], %p : tensor<16xf32>, vector<4xf32>
  %r4 = vector.transfer_read %t[%c4], %p : tensor<16xf32>, vector<4xf32>
  %ri = vector.transfer_read %t[%i], %p : tensor<16xf32>, vector<8xf32>
  %w0 = vector.transfer_write %r0, %t[%c0b] : vector<4xf32>, tensor<16xf32>
  %wu = vector.transfer_write %r0, %u[%c0] : vector<4xf32>, tensor<16xf32>
  %w2 = vector.transfer_write %ri, %t[%c0] : vector<8xf32>, tensor<16xf32>
  return %w0 : tensor<16xf32>
}
"#;

#[test]
fn transfers_are_subset_ops() {
    use crate::test_util::all;
    use ir::buffer_interfaces::{SubsetExtraction, SubsetInsertion, SubsetOp};
    let (ir, top) = parse(SUBSETS);
    let reads = all(&ir, top, "vector.transfer_read");
    let writes = all(&ir, top, "vector.transfer_write");
    let (r0, r4, ri) = (reads[0], reads[1], reads[2]);
    let (w0, wu, w2) = (writes[0], writes[1], writes[2]);
    let reg = ir.ctx().registry();
    let subset = reg.interface::<dyn SubsetOp>(ir.op_name(r0)).expect("SubsetOp on reads");
    assert!(reg.interface::<dyn SubsetOp>(ir.op_name(w0)).is_some());
    let ext = reg.interface::<dyn SubsetExtraction>(ir.op_name(r0)).expect("SubsetExtraction");
    let ins = reg.interface::<dyn SubsetInsertion>(ir.op_name(w0)).expect("SubsetInsertion");
    assert!(reg.interface::<dyn SubsetInsertion>(ir.op_name(r0)).is_none());
    assert!(reg.interface::<dyn SubsetExtraction>(ir.op_name(w0)).is_none());
    let same = |a: ir::ValueId, b: ir::ValueId| a == b;
    let t = TransferReadOp(r0).source(&ir);
    assert_eq!(ir.use_value(ext.source_operand(&ir, r0)), t);
    assert_eq!(ir.use_value(ins.source_operand(&ir, w0)), ir.result(r0, 0));
    assert_eq!(ir.use_value(ins.destination_operand(&ir, w0)), t);
    assert_eq!(ins.updated_destination(&ir, w0), Some(ir.result(w0, 0)));
    // Equal constant offsets and sizes on the same tensor: the same subset.
    assert!(subset.operates_on_equivalent_subset(&ir, w0, r0, &same));
    assert!(ins.is_equivalent_subset(&ir, w0, ir.result(r0, 0), &same));
    // Another offset, another tensor, another size, or not an extraction: not.
    assert!(!subset.operates_on_equivalent_subset(&ir, r0, r4, &same));
    assert!(!subset.operates_on_equivalent_subset(&ir, wu, r0, &same));
    assert!(!subset.operates_on_equivalent_subset(&ir, w2, r0, &same));
    assert!(!ins.is_equivalent_subset(&ir, w0, ir.result(r4, 0), &same));
    assert!(!ins.is_equivalent_subset(&ir, w0, t, &same));
    // [0, 4) and [4, 8) are disjoint; [0, 4) and [%i, %i + 8) may overlap,
    // and [0, 8) overlaps [4, 8).
    assert!(subset.operates_on_disjoint_subset(&ir, r0, r4, &same));
    assert!(subset.operates_on_disjoint_subset(&ir, r4, w0, &same));
    assert!(!subset.operates_on_disjoint_subset(&ir, r0, ri, &same));
    assert!(!subset.operates_on_disjoint_subset(&ir, w2, r4, &same));
    assert!(!subset.operates_on_disjoint_subset(&ir, wu, r4, &same));
    assert!(ins.values_needed_to_build_subset_extraction(&ir, w0).is_empty());
}

#[test]
fn masking_queries_and_expected_mask_types() {
    use crate::test_util::all;
    let (ir, top) = parse(
        r#"
func.func @f(%t: tensor<?x?xf32>, %i: index, %p: f32, %m: vector<2x4xi1>, %v: vector<4x2xf32>, %r: vector<8xf32>, %rm: vector<8xi1>) {
  %0 = vector.mask %m { vector.transfer_write %v, %t[%i, %i] {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : vector<4x2xf32>, tensor<?x?xf32> } : vector<2x4xi1> -> tensor<?x?xf32>
  %1 = vector.transfer_read %t[%i, %i], %p : tensor<?x?xf32>, vector<4x2xf32>
  %2 = vector.mask %rm { vector.reduction <add>, %r : vector<8xf32> into f32 } : vector<8xi1> -> f32
  vector.mask %rm { } : vector<8xi1>
  return
}
"#,
    );
    let masks = all(&ir, top, "vector.mask");
    let write = find(&ir, top, "vector.transfer_write");
    let read = find(&ir, top, "vector.transfer_read");
    let red = find(&ir, top, "vector.reduction");
    assert!(is_masked(&ir, write) && is_masked(&ir, red) && !is_masked(&ir, read));
    assert_eq!(masking_op(&ir, write), Some(MaskOp(masks[0])));
    assert_eq!(masked_op(&ir, MaskOp(masks[0])), Some(write));
    // The empty mask masks nothing; its block holds only the implicit yield.
    assert_eq!(masked_op(&ir, MaskOp(masks[2])), None);
    let ctx = ir.ctx();
    let text = |t: Option<ir::Type>| t.map(|t| syntax::print_attr::type_to_string(ctx, t));
    let mw = maskable(&ir, write).expect("transfer_write is maskable");
    assert_eq!(text(mw.expected_mask_type(&ir, write)).as_deref(), Some("vector<2x4xi1>"));
    assert!(!mw.supports_passthru());
    let mr = maskable(&ir, read).expect("transfer_read is maskable");
    assert!(mr.supports_passthru());
    assert_eq!(text(mr.expected_mask_type(&ir, read)).as_deref(), Some("vector<4x2xi1>"));
    let mred = maskable(&ir, red).expect("reduction is maskable");
    assert_eq!(text(mred.expected_mask_type(&ir, red)).as_deref(), Some("vector<8xi1>"));
    assert!(maskable(&ir, masks[0]).is_none());
    // The implicit yield yields the masked op's results.
    let yields = all(&ir, top, "vector.yield");
    assert_eq!(ir.operands(yields[0]).collect::<Vec<_>>(), vec![ir.result(write, 0)]);
    assert_eq!(ir.num_operands(yields[2]), 0);
    assert_eq!(verify(&ir, masks[0]), Ok(()));
}
