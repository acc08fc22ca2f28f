//! Unit tests of the tensor dialect: type computations, and the subset
//! interfaces of the slice ops.

use super::fold::flat_index;
use super::*;
use ir::{Context, DYNAMIC};

#[test]
fn rank_reduction() {
    assert_eq!(rank_reduction_mask(&[1, 6, 1], &[1, 6]), Some(vec![2]));
    assert_eq!(rank_reduction_mask(&[1, 6, 1], &[6, 1]), Some(vec![0]));
    assert_eq!(rank_reduction_mask(&[1, 1, 2, 1, 1, 4, 1], &[1, 2, 1, 4]), Some(vec![1, 4, 6]));
    assert_eq!(rank_reduction_mask(&[4, 4], &[4, 5]), None);
    assert_eq!(rank_reduction_mask(&[2, 4], &[4]), None);
}

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
