//! Tests of the layout arithmetic. The tables in `cases.rs` were produced by
//! running mlir-opt-19's verifiers on generated ops (the inferred types are
//! taken from its diagnostics), so each row is upstream's answer.

use super::*;
use ir::Context;

use super::cases;

fn ty(ctx: &Context, text: &str) -> Type {
    let mut p = syntax::Parser::new(ctx, text, "test");
    match p.parse_type() {
        Ok(t) => t,
        Err(e) => panic!("cannot parse {text}: {}", e.0.message),
    }
}

fn show(ctx: &Context, t: Option<Type>) -> String {
    match t {
        Some(t) => syntax::print_attr::type_to_string(ctx, t),
        None => "<none>".to_string(),
    }
}

fn groups(g: &[&[i64]]) -> Vec<Vec<i64>> {
    g.iter().map(|x| x.to_vec()).collect()
}

#[test]
fn subview_inference_matches_mlir() {
    let ctx = Context::new();
    for &(src, offsets, sizes, strides, expected) in cases::SUBVIEW {
        let source = ty(&ctx, src);
        let got = subview_result_type(&ctx, source, offsets, sizes, strides);
        let want = expected.map(|e| ty(&ctx, e));
        assert_eq!(
            got,
            want,
            "subview of {src} {offsets:?} {sizes:?} {strides:?}: got {}, want {}",
            show(&ctx, got),
            show(&ctx, want)
        );
        assert_eq!(is_strided(&ctx, source), expected.is_some(), "is_strided({src})");
    }
}

#[test]
fn rank_reduced_subviews_match_mlir_verifier() {
    let ctx = Context::new();
    for &(src, offsets, sizes, strides, candidate, accepted) in cases::RANK_REDUCED {
        let source = ty(&ctx, src);
        let cand = ty(&ctx, candidate);
        let shape = ctx.shape(cand).unwrap_or_default().to_vec();
        let inferred = subview_rank_reduced_result_type(&ctx, &shape, source, offsets, sizes, strides);
        if accepted {
            assert_eq!(inferred, Some(cand), "rank-reduced subview of {src}: got {}", show(&ctx, inferred));
        }
        let expected = subview_result_type(&ctx, source, offsets, sizes, strides).expect("strided source");
        let verdict = verify_subview_result(&ctx, expected, cand, sizes);
        assert_eq!(verdict == SliceVerification::Success, accepted, "verify {candidate} against {src}: {verdict:?}");
    }
}

#[test]
fn collapse_shape_matches_mlir() {
    let ctx = Context::new();
    for &(src, reassoc, expected) in cases::COLLAPSE {
        let source = ty(&ctx, src);
        let reassoc = groups(reassoc);
        let got = collapsed_type(&ctx, source, &reassoc);
        let want = expected.map(|e| ty(&ctx, e));
        assert_eq!(got, want, "collapse {src} {reassoc:?}: got {}, want {}", show(&ctx, got), show(&ctx, want));
    }
}

#[test]
fn expand_shape_matches_mlir() {
    let ctx = Context::new();
    for &(src, shape, reassoc, expected) in cases::EXPAND {
        let source = ty(&ctx, src);
        let reassoc = groups(reassoc);
        let got = expanded_type(&ctx, source, shape, &reassoc);
        let want = expected.map(|e| ty(&ctx, e));
        assert_eq!(
            got,
            want,
            "expand {src} to {shape:?} {reassoc:?}: got {}, want {}",
            show(&ctx, got),
            show(&ctx, want)
        );
    }
}

#[test]
fn cast_compatibility_matches_mlir() {
    let ctx = Context::new();
    for &(a, b, ok) in cases::CAST {
        assert_eq!(are_cast_compatible(&ctx, ty(&ctx, a), ty(&ctx, b)), ok, "cast {a} to {b}");
    }
}

#[test]
fn strides_of_layout_forms() {
    let ctx = Context::new();
    type Case = (&'static str, Option<(&'static [i64], i64)>);
    let cases: &[Case] = &[
        ("memref<f32>", Some((&[], 0))),
        ("memref<4x8x16xf32>", Some((&[128, 16, 1], 0))),
        ("memref<4x?x16xf32>", Some((&[DYNAMIC, 16, 1], 0))),
        ("memref<4x0x16xf32>", Some((&[DYNAMIC, 16, 1], 0))),
        ("memref<4x8xf32, strided<[1, 4], offset: ?>>", Some((&[1, 4], DYNAMIC))),
        ("memref<4x8xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1 + 3)>>", Some((&[DYNAMIC, 1], 3))),
        ("memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>>", None),
        ("memref<4x8xf32, affine_map<(d0, d1) -> (d0 mod 2 + d1)>>", None),
        ("memref<*xf32>", None),
        ("tensor<4xf32>", None),
    ];
    for &(t, want) in cases {
        let got = strides_and_offset(&ctx, ty(&ctx, t));
        assert_eq!(got, want.map(|(s, o)| (s.to_vec(), o)), "{t}");
    }
    assert_eq!(canonical_strides(&[2, DYNAMIC, 3, 4]), vec![DYNAMIC, 12, 4, 1]);
}

#[test]
fn layout_predicates() {
    let ctx = Context::new();
    let t = |s: &str| ty(&ctx, s);
    assert!(has_identity_layout(&ctx, t("memref<4x8xf32>")));
    assert!(has_identity_layout(&ctx, t("memref<8xf32, strided<[1]>>")));
    assert!(!has_identity_layout(&ctx, t("memref<4x8xf32, strided<[8, 1]>>")));
    assert!(!has_identity_layout(&ctx, t("memref<8xf32, strided<[1], offset: 2>>")));
    assert!(!has_identity_layout(&ctx, t("memref<*xf32>")));
    assert!(is_static_shape_and_contiguous_row_major(&ctx, t("memref<4x8xf32, strided<[8, 1], offset: 3>>")));
    assert!(is_static_shape_and_contiguous_row_major(&ctx, t("memref<1x8xf32, strided<[99, 1]>>")));
    assert!(!is_static_shape_and_contiguous_row_major(&ctx, t("memref<2x8xf32, strided<[16, 1]>>")));
    assert!(!is_static_shape_and_contiguous_row_major(&ctx, t("memref<?x8xf32>")));
    assert!(is_last_dim_unit_stride(&ctx, t("memref<4x8xf32, strided<[?, 1], offset: ?>>")));
    assert!(!is_last_dim_unit_stride(&ctx, t("memref<4x8xf32, strided<[16, 2]>>")));
    assert!(is_guaranteed_collapsible(&ctx, t("memref<4x8xf32>"), &[vec![0, 1]]));
    assert!(!is_guaranteed_collapsible(&ctx, t("memref<4x8xf32, strided<[?, 1]>>"), &[vec![0, 1]]));
}

#[test]
fn building_types() {
    let ctx = Context::new();
    let f32t = ty(&ctx, "f32");
    let full = fully_dynamic_memref_type(&ctx, &[4, DYNAMIC], f32t, None);
    assert_eq!(full, ty(&ctx, "memref<4x?xf32, strided<[?, ?], offset: ?>>"));
    assert_eq!(fully_dynamic_memref_type(&ctx, &[], f32t, None), ty(&ctx, "memref<f32, strided<[], offset: ?>>"));
    let identity_map = ctx.attr(AttrKind::AffineMap(AffineMap::identity(2)));
    assert_eq!(memref_type(&ctx, &[4, 8], f32t, Some(identity_map), None), ty(&ctx, "memref<4x8xf32>"));
    let zero = ctx.int_attr(ctx.int_ty(64), 0);
    assert_eq!(memref_type(&ctx, &[4], f32t, None, Some(zero)), ty(&ctx, "memref<4xf32>"));
    assert_eq!(
        strided_memref_type(&ctx, &[4], f32t, &[2], 1, None),
        ty(&ctx, "memref<4xf32, strided<[2], offset: 1>>")
    );
    let canon = canonicalize_strided_layout(&ctx, ty(&ctx, "memref<4x8xf32, affine_map<(d0, d1) -> (d0 * 8 + d1)>>"));
    assert_eq!(canon, ty(&ctx, "memref<4x8xf32>"));
    let src = ty(&ctx, "memref<4x8xf32, strided<[8, 1]>>");
    assert_eq!(with_layout(&ctx, src, None), Some(ty(&ctx, "memref<4x8xf32>")));
    assert_eq!(with_shape(&ctx, src, &[2, 8]), Some(ty(&ctx, "memref<2x8xf32, strided<[8, 1]>>")));
}

#[test]
fn rank_reduction_masks() {
    assert_eq!(rank_reduction_mask(&[1, 4, 1], &[4], false), Some(vec![true, false, true]));
    assert_eq!(rank_reduction_mask(&[1, 4, 1], &[4, 1], false), Some(vec![true, false, false]));
    assert_eq!(rank_reduction_mask(&[2, 4], &[4], false), None);
    assert_eq!(rank_reduction_mask(&[DYNAMIC, 4], &[5, 4], true), Some(vec![false, false]));
    assert_eq!(rank_reduction_mask(&[4], &[4, 1], false), None);
    // The greedy match keeps the leftmost equal dims (tensor slices).
    assert_eq!(rank_reduction_mask(&[1, 6, 1], &[1, 6], false), Some(vec![false, false, true]));
    assert_eq!(rank_reduction_mask(&[1, 6, 1], &[6, 1], false), Some(vec![true, false, false]));
    assert_eq!(
        rank_reduction_mask(&[1, 1, 2, 1, 1, 4, 1], &[1, 2, 1, 4], false),
        Some(vec![false, true, false, false, true, false, true])
    );
    assert_eq!(rank_reduction_mask(&[4, 4], &[4, 5], false), None);
    let ctx = Context::new();
    let orig = ty(&ctx, "memref<1x1xf32, strided<[8, 1], offset: ?>>");
    // Both dims have size 1; the strides tell that dim 1 was kept.
    let reduced = ty(&ctx, "memref<1xf32, strided<[1], offset: ?>>");
    assert_eq!(memref_rank_reduction_mask(&ctx, orig, reduced, &[1, 1]), Some(vec![true, false]));
    let reduced = ty(&ctx, "memref<1xf32, strided<[8], offset: ?>>");
    assert_eq!(memref_rank_reduction_mask(&ctx, orig, reduced, &[1, 1]), Some(vec![false, true]));
    let reduced = ty(&ctx, "memref<1xf32, strided<[4], offset: ?>>");
    assert_eq!(memref_rank_reduction_mask(&ctx, orig, reduced, &[1, 1]), None);
}

#[test]
fn cast_folding_and_memory_space_casts() {
    let ctx = Context::new();
    let t = |s: &str| ty(&ctx, s);
    assert!(can_fold_cast_into_consumer(&ctx, t("memref<8x16xf32>"), t("memref<?x?xf32>")));
    assert!(!can_fold_cast_into_consumer(&ctx, t("memref<?x16xf32>"), t("memref<8x16xf32>")));
    assert!(can_fold_cast_into_consumer(
        &ctx,
        t("memref<8x16xf32, strided<[16, 1], offset: 4>>"),
        t("memref<8x16xf32, strided<[?, 1], offset: ?>>")
    ));
    assert!(!can_fold_cast_into_consumer(&ctx, t("memref<8x16xf32, strided<[?, 1]>>"), t("memref<8x16xf32>")));
    assert!(!can_fold_cast_into_consumer(&ctx, t("memref<8x16xf32>"), t("memref<*xf32>")));
    assert!(memory_space_cast_compatible(&ctx, t("memref<4xf32, 1>"), t("memref<4xf32>")));
    assert!(!memory_space_cast_compatible(&ctx, t("memref<4xf32, 1>"), t("memref<?xf32>")));
    assert!(memory_space_cast_compatible(&ctx, t("memref<*xf32, 1>"), t("memref<*xf32, 2>")));
    assert!(!memory_space_cast_compatible(&ctx, t("memref<*xf32, 1>"), t("memref<4xf32>")));
}

#[test]
fn malformed_inputs_do_not_panic() {
    let ctx = Context::new();
    let m = ty(&ctx, "memref<4x8xf32>");
    assert_eq!(collapsed_type(&ctx, m, &[vec![0, 5]]), None);
    assert_eq!(collapsed_type(&ctx, m, &[vec![-1]]), None);
    assert_eq!(collapsed_layout(&ctx, ty(&ctx, "memref<4x8xf32, strided<[8, 1]>>"), &[vec![]], false), None);
    assert_eq!(expanded_layout(&ctx, ty(&ctx, "memref<4x8xf32, strided<[8, 1]>>"), &[4], &[vec![0, 1], vec![2]]), None);
    assert_eq!(subview_result_type(&ctx, m, &[0], &[1, 1], &[1, 1]), None);
    assert_eq!(subview_result_type_checked(&ctx, m, &[0, -1], &[1, 1], &[1, 1]), None);
    assert_eq!(subview_result_type_checked(&ctx, m, &[0, 0], &[1, 1], &[1, 0]), None);
    assert_eq!(subview_rank_reduced_result_type(&ctx, &[3], m, &[0, 0], &[1, 2], &[1, 1]), None);
    assert_eq!(memref_rank_reduction_mask(&ctx, m, ty(&ctx, "f32"), &[1, 4]), None);
    assert!(!are_cast_compatible(&ctx, m, ty(&ctx, "tensor<4x8xf32>")));
    assert_eq!(saturated_mul(DYNAMIC, 0), 0);
    assert_eq!(saturated_mul(DYNAMIC, 3), DYNAMIC);
    assert_eq!(saturated_add(DYNAMIC, 0), DYNAMIC);
}

#[test]
fn transposes_and_canonical_layouts() {
    let ctx = Context::new();
    let t = |s: &str| ty(&ctx, s);
    let src = t("memref<2x3x4xf32, strided<[12, 4, 1], offset: 5>>");
    assert_eq!(transposed_type(&ctx, src, &[2, 0, 1]), Some(t("memref<4x2x3xf32, strided<[1, 12, 4], offset: 5>>")));
    assert_eq!(transposed_type(&ctx, src, &[0, 3, 1]), None);
    assert_eq!(canonicalize_strided_layout(&ctx, t("memref<4x8xf32, strided<[8, 1]>>")), t("memref<4x8xf32>"));
    // An identity strided layout is left alone, as upstream does.
    let unit = t("memref<8xf32, strided<[1]>>");
    assert_eq!(canonicalize_strided_layout(&ctx, unit), unit);
    assert_eq!(
        canonicalize_strided_layout(&ctx, t("memref<8x4xf32, strided<[1, 8]>>")),
        t("memref<8x4xf32, affine_map<(d0, d1) -> (d0 + d1 * 8)>>")
    );
    let scalar = t("memref<f32, strided<[], offset: 5>>");
    assert_eq!(canonicalize_strided_layout(&ctx, scalar), scalar);
    assert_eq!(canonicalize_strided_layout(&ctx, t("memref<f32, strided<[]>>")), t("memref<f32>"));
}

#[test]
fn identity_layout_strides_are_the_affine_walks() {
    let shapes: &[&[i64]] = &[
        &[],
        &[4],
        &[DYNAMIC],
        &[2, 3, 4],
        &[2, DYNAMIC, 4],
        &[DYNAMIC, 3, DYNAMIC],
        &[0, 5],
        &[5, 0, 7],
        &[1 << 40, 1 << 30, 1 << 30],
    ];
    for &shape in shapes {
        let walked = ir::affine::strides_and_offset(&AffineMap::identity(shape.len()), shape);
        assert_eq!(layout_strides_and_offset(&Context::new(), None, shape), walked, "{shape:?}");
    }
}
