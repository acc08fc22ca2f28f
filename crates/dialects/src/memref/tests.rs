//! Tests of the memref folders, canonicalization rewrites and interfaces.
//! Expected outputs mirror what mlir-opt-19's `--canonicalize` produces for
//! the same input (where upstream folds the same way).

use super::*;
use crate::patterns::PatternFn;
use crate::reassociation::compose_reassociation_indices;
use ir::interfaces;
use ir::rewrite_api::{CanonicalizationPatterns, RewritePattern};

use testkit::Module;

fn parse(src: &str) -> Module {
    testkit::parse_in(crate::new_context(), src, true)
}

fn index(m: &Module, v: i64) -> Option<Attribute> {
    Some(m.ir.ctx().index_attr(v))
}

fn value(v: ValueId) -> FoldOutcome {
    FoldOutcome::Results(smallvec![OpFoldResult::Value(v)])
}

#[test]
fn dim_folds_static_sizes_and_allocation_operands() {
    let mut m = parse(
        r#"
func.func @f(%n: index, %k: index, %b: memref<64xi8>) {
  %a = memref.alloc(%n, %k) : memref<?x4x?xf32>
  %0 = "test.use"() : () -> index
  %d0 = memref.dim %a, %0 : memref<?x4x?xf32>
  %d1 = memref.dim %a, %0 : memref<?x4x?xf32>
  %d2 = memref.dim %a, %0 : memref<?x4x?xf32>
  %s = memref.alloca(%k) : memref<?xf32>
  %d3 = memref.dim %s, %0 : memref<?xf32>
  %v = memref.view %b[%n][%k] : memref<64xi8> to memref<2x?xf32>
  %d4 = memref.dim %v, %0 : memref<2x?xf32>
  return
}
"#,
    );
    let (n, k) = (m.arg(0), m.arg(1));
    let dims: Vec<OpId> = (0..5).map(|i| m.op("memref.dim", i)).collect();
    assert_eq!(m.fold(dims[0], &[None, index(&m, 0)]), value(n));
    let four = m.ir.ctx().index_attr(4);
    assert_eq!(m.fold(dims[1], &[None, index(&m, 1)]), FoldOutcome::Results(smallvec![OpFoldResult::Attr(four)]));
    assert_eq!(m.fold(dims[2], &[None, index(&m, 2)]), value(k));
    assert_eq!(m.fold(dims[3], &[None, index(&m, 0)]), value(k));
    assert_eq!(m.fold(dims[4], &[None, index(&m, 1)]), value(k));
    // Out of range, negative or unknown indices do not fold.
    assert_eq!(m.fold(dims[0], &[None, index(&m, 3)]), FoldOutcome::Failure);
    assert_eq!(m.fold(dims[0], &[None, index(&m, -1)]), FoldOutcome::Failure);
    assert_eq!(m.fold(dims[0], &[None, None]), FoldOutcome::Failure);
}

#[test]
fn dim_folds_through_subviews_reinterpret_casts_and_casts() {
    let mut m = parse(
        r#"
func.func @f(%src: memref<8x16x4xf32>, %n: index, %k: index, %u: memref<*xf32>, %c: memref<4x?xf32>) {
  %0 = "test.use"() : () -> index
  %sv = memref.subview %src[0, 0, 0] [%n, 1, %k] [1, 1, 1] : memref<8x16x4xf32> to memref<?x?xf32, strided<[64, 1]>>
  %d0 = memref.dim %sv, %0 : memref<?x?xf32, strided<[64, 1]>>
  %d1 = memref.dim %sv, %0 : memref<?x?xf32, strided<[64, 1]>>
  %rc = memref.reinterpret_cast %u to offset: [0], sizes: [4, %n], strides: [%k, 1] : memref<*xf32> to memref<4x?xf32, strided<[?, 1]>>
  %d2 = memref.dim %rc, %0 : memref<4x?xf32, strided<[?, 1]>>
  %cast = memref.cast %c : memref<4x?xf32> to memref<?x?xf32>
  %d3 = memref.dim %cast, %0 : memref<?x?xf32>
  %d4 = memref.dim %u, %0 : memref<*xf32>
  return
}
"#,
    );
    let (n, k) = (m.arg(1), m.arg(2));
    let d: Vec<OpId> = (0..5).map(|i| m.op("memref.dim", i)).collect();
    assert_eq!(m.fold(d[0], &[None, index(&m, 0)]), value(n));
    assert_eq!(m.fold(d[1], &[None, index(&m, 1)]), value(k));
    assert_eq!(m.fold(d[2], &[None, index(&m, 1)]), value(n));
    // dim(cast) reads the cast's source.
    assert_eq!(m.fold(d[3], &[None, index(&m, 1)]), FoldOutcome::InPlace);
    assert_eq!(m.ir.operand(d[3], 0), m.arg(4));
    // A static size of the cast's source only folds once the cast is gone.
    assert_eq!(
        m.fold(d[3], &[None, index(&m, 0)]),
        FoldOutcome::Results(smallvec![OpFoldResult::Attr(m.ir.ctx().index_attr(4))])
    );
    assert_eq!(m.fold(d[4], &[None, index(&m, 0)]), FoldOutcome::Failure);
}

#[test]
fn rank_folds_for_ranked_memrefs() {
    let mut m = parse(
        r#"
func.func @f(%a: memref<4x?x2xf32>, %u: memref<*xf32>) {
  %0 = memref.rank %a : memref<4x?x2xf32>
  %1 = memref.rank %u : memref<*xf32>
  return
}
"#,
    );
    let (r0, r1) = (m.op("memref.rank", 0), m.op("memref.rank", 1));
    let three = m.ir.ctx().index_attr(3);
    assert_eq!(m.fold(r0, &[None]), FoldOutcome::Results(smallvec![OpFoldResult::Attr(three)]));
    assert_eq!(m.fold(r1, &[None]), FoldOutcome::Failure);
}

#[test]
fn casts_fold_into_loads_stores_deallocs_and_copies() {
    let mut m = parse(
        r#"
func.func @f(%a: memref<4x8xf32>, %u: memref<*xf32>, %b: memref<?x8xf32>, %i: index, %v: f32) {
  %c = memref.cast %a : memref<4x8xf32> to memref<?x?xf32>
  %0 = memref.load %c[%i, %i] : memref<?x?xf32>
  memref.store %v, %c[%i, %i] : memref<?x?xf32>
  %r = memref.cast %u : memref<*xf32> to memref<4x8xf32>
  %1 = memref.load %r[%i, %i] : memref<4x8xf32>
  %s = memref.cast %b : memref<?x8xf32> to memref<4x8xf32>
  memref.copy %c, %s : memref<?x?xf32> to memref<4x8xf32>
  %cc = memref.cast %c : memref<?x?xf32> to memref<4x?xf32>
  memref.dealloc %c : memref<?x?xf32>
  return
}
"#,
    );
    let (load, store, load2) = (m.op("memref.load", 0), m.op("memref.store", 0), m.op("memref.load", 1));
    assert_eq!(m.fold(load, &[]), FoldOutcome::InPlace);
    assert_eq!(m.fold(store, &[]), FoldOutcome::InPlace);
    // A cast from an unranked memref is kept.
    assert_eq!(m.fold(load2, &[]), FoldOutcome::Failure);
    // copy only folds casts towards more dynamic types: the source cast
    // goes, the target cast (more static) stays.
    let copy = m.op("memref.copy", 0);
    assert_eq!(m.fold(copy, &[]), FoldOutcome::InPlace);
    assert_eq!(m.ir.operand(copy, 0), m.arg(0));
    assert_ne!(m.ir.operand(copy, 1), m.arg(2));
    // cast(cast(x)) -> cast(x).
    let cc = m.op("memref.cast", 3);
    assert_eq!(m.fold(cc, &[]), FoldOutcome::InPlace);
    assert_eq!(m.ir.operand(cc, 0), m.arg(0));
    let dealloc = m.op("memref.dealloc", 0);
    assert_eq!(m.fold(dealloc, &[]), FoldOutcome::InPlace);
    let out = m.print();
    assert!(out.contains("memref.load %arg0[%arg3, %arg3] : memref<4x8xf32>"), "{out}");
    assert!(out.contains("memref.store %arg4, %arg0[%arg3, %arg3] : memref<4x8xf32>"), "{out}");
    assert!(out.contains("memref.copy %arg0, %cast_1 : memref<4x8xf32> to memref<4x8xf32>"), "{out}");
    assert!(out.contains("memref.dealloc %arg0 : memref<4x8xf32>"), "{out}");
    m.verify(true).expect("still valid");
}

#[test]
fn view_folds() {
    let mut m = parse(
        r#"
func.func @f(%a: memref<4x8xf32>, %g: memref<8xi32, 1>, %e: memref<?x4xf32>, %n: index) {
  %0 = memref.subview %a[0, 0] [4, 8] [1, 1] : memref<4x8xf32> to memref<4x8xf32>
  %1 = memref.subview %a[1, 0] [2, 8] [1, 1] : memref<4x8xf32> to memref<2x8xf32, strided<[8, 1], offset: 8>>
  %2 = memref.subview %1[0, 0] [2, 8] [1, 1] : memref<2x8xf32, strided<[8, 1], offset: 8>> to memref<2x8xf32, strided<[8, 1], offset: 8>>
  %m1 = memref.memory_space_cast %g : memref<8xi32, 1> to memref<8xi32, 2>
  %m2 = memref.memory_space_cast %m1 : memref<8xi32, 2> to memref<8xi32>
  %c = memref.collapse_shape %e [[0, 1]] : memref<?x4xf32> into memref<?xf32>
  %x = memref.expand_shape %c [[0, 1]] output_shape [%n, 4] : memref<?xf32> into memref<?x4xf32>
  %r0 = memref.reinterpret_cast %a to offset: [0], sizes: [4, 8], strides: [8, 1] : memref<4x8xf32> to memref<4x8xf32>
  %cast = memref.cast %a : memref<4x8xf32> to memref<?x?xf32>
  %r1 = memref.reinterpret_cast %cast to offset: [0], sizes: [32], strides: [1] : memref<?x?xf32> to memref<32xf32>
  %same = memref.collapse_shape %a [[0], [1]] : memref<4x8xf32> into memref<4x8xf32>
  return
}
"#,
    );
    let a = m.arg(0);
    let s0 = m.op("memref.subview", 0);
    assert_eq!(m.fold(s0, &[]), value(a));
    let s1 = m.op("memref.subview", 1);
    assert_eq!(m.fold(s1, &[]), FoldOutcome::Failure);
    let s2 = m.op("memref.subview", 2);
    let s1v = m.ir.result(s1, 0);
    assert_eq!(m.fold(s2, &[]), value(s1v));
    let msc = m.op("memref.memory_space_cast", 1);
    assert_eq!(m.fold(msc, &[]), FoldOutcome::InPlace);
    assert_eq!(m.ir.operand(msc, 0), m.arg(1));
    let expand = m.op("memref.expand_shape", 0);
    assert_eq!(m.fold(expand, &[]), value(m.arg(2)));
    let r0 = m.op("memref.reinterpret_cast", 0);
    assert_eq!(m.fold(r0, &[]), value(a));
    let r1 = m.op("memref.reinterpret_cast", 1);
    assert_eq!(m.fold(r1, &[]), FoldOutcome::InPlace);
    assert_eq!(m.ir.operand(r1, 0), a);
    let same = m.op("memref.collapse_shape", 1);
    assert_eq!(m.fold(same, &[]), value(a));
}

fn rewrite(m: &mut Module, name: &str, n: usize, f: PatternFn) -> bool {
    let op = m.op(name, n);
    apply(&mut m.ir, op, f)
}

/// The canonicalization patterns registered for `name`, in order.
fn registered_patterns(ctx: &Context, name: &str) -> Vec<Box<dyn RewritePattern>> {
    let n = ctx.intern_str(name);
    ctx.registry().interface::<dyn CanonicalizationPatterns>(n).map(|p| p.patterns()).unwrap_or_default()
}

/// The memref ops with canonicalization patterns.
const PATTERN_ROOTS: [&str; 11] = [
    AllocOp::NAME,
    AllocaOp::NAME,
    ReallocOp::NAME,
    AllocaScopeOp::NAME,
    DimOp::NAME,
    ReinterpretCastOp::NAME,
    CollapseShapeOp::NAME,
    ExpandShapeOp::NAME,
    CopyOp::NAME,
    SubViewOp::NAME,
    ViewOp::NAME,
];

fn apply(ir: &mut Ir, op: OpId, f: PatternFn) -> bool {
    let mut listener = ir::rewrite_api::NoListener;
    let mut rw = PatternRewriter::new(ir, &mut listener);
    f(op, &mut rw)
}

#[test]
fn subview_of_subview_composes() {
    let mut m = parse(
        r#"
func.func @f(%a: memref<16x16xf32>) -> memref<2x2xf32, strided<[32, 2], offset: 70>> {
  %0 = memref.subview %a[2, 4] [8, 8] [1, 2] : memref<16x16xf32> to memref<8x8xf32, strided<[16, 2], offset: 36>>
  %1 = memref.subview %0[2, 1] [2, 2] [2, 1] : memref<8x8xf32, strided<[16, 2], offset: 36>> to memref<2x2xf32, strided<[32, 2], offset: 70>>
  return %1 : memref<2x2xf32, strided<[32, 2], offset: 70>>
}
"#,
    );
    assert_eq!(composed_subview_params(&m.ir, m.op("memref.subview", 1)), Some([vec![4, 6], vec![2, 2], vec![2, 2]]));
    assert!(rewrite(&mut m, "memref.subview", 1, compose_subviews));
    m.verify(true).expect("composed subview verifies");
    let out = m.print();
    assert!(
        out.contains("memref.subview %arg0[4, 6] [2, 2] [2, 2] : memref<16x16xf32> to memref<2x2xf32, strided<[32, 2], offset: 70>>"),
        "{out}"
    );
}

#[test]
fn subview_of_dynamic_subview_is_not_composed() {
    let mut m = parse(
        r#"
func.func @f(%a: memref<16x16xf32>, %i: index) {
  %0 = memref.subview %a[%i, 0] [8, 8] [1, 1] : memref<16x16xf32> to memref<8x8xf32, strided<[16, 1], offset: ?>>
  %1 = memref.subview %0[1, 1] [2, 2] [1, 1] : memref<8x8xf32, strided<[16, 1], offset: ?>> to memref<2x2xf32, strided<[16, 1], offset: ?>>
  %2 = memref.subview %a[0, 0] [1, 8] [1, 1] : memref<16x16xf32> to memref<8xf32, strided<[1]>>
  %3 = memref.subview %2[1] [2] [1] : memref<8xf32, strided<[1]>> to memref<2xf32, strided<[1], offset: 1>>
  return
}
"#,
    );
    assert!(!rewrite(&mut m, "memref.subview", 1, compose_subviews));
    assert!(!rewrite(&mut m, "memref.subview", 3, compose_subviews));
}

#[test]
fn subview_of_cast_is_pushed_through() {
    let mut m = parse(
        r#"
func.func @f(%a: memref<16x16xf32>) -> memref<3x4xf32, strided<[?, 1], offset: ?>> {
  %0 = memref.cast %a : memref<16x16xf32> to memref<?x?xf32>
  %1 = memref.subview %0[0, 0] [3, 4] [1, 1] : memref<?x?xf32> to memref<3x4xf32, strided<[?, 1], offset: ?>>
  return %1 : memref<3x4xf32, strided<[?, 1], offset: ?>>
}
"#,
    );
    assert!(rewrite(&mut m, "memref.subview", 0, fold_subview_of_cast));
    m.verify(true).expect("valid");
    let out = m.print();
    assert!(
        out.contains(
            "memref.subview %arg0[0, 0] [3, 4] [1, 1] : memref<16x16xf32> to memref<3x4xf32, strided<[16, 1]>>"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "memref.cast %subview : memref<3x4xf32, strided<[16, 1]>> to memref<3x4xf32, strided<[?, 1], offset: ?>>"
        ),
        "{out}"
    );
}

#[test]
fn trivial_subviews_and_dead_allocations() {
    let mut m = parse(
        r#"
func.func @f(%a: memref<4x8xf32>, %v: f32, %i: index) -> memref<4x8xf32, strided<[8, 1]>> {
  %0 = memref.subview %a[0, 0] [4, 8] [1, 1] : memref<4x8xf32> to memref<4x8xf32, strided<[8, 1]>>
  %b = memref.alloc() : memref<4xf32>
  memref.store %v, %b[%i] : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  %c = memref.alloc() : memref<4xf32>
  %x = memref.load %c[%i] : memref<4xf32>
  memref.copy %a, %a : memref<4x8xf32> to memref<4x8xf32>
  %e = memref.alloca() : memref<0x4xf32>
  %f = memref.alloca() : memref<4x4xf32>
  memref.copy %e, %f : memref<0x4xf32> to memref<4x4xf32>
  return %0 : memref<4x8xf32, strided<[8, 1]>>
}
"#,
    );
    assert!(rewrite(&mut m, "memref.subview", 0, fold_trivial_subview));
    assert!(rewrite(&mut m, "memref.alloc", 0, simplify_dead_alloc));
    // The second allocation is read: it stays.
    assert!(!rewrite(&mut m, "memref.alloc", 0, simplify_dead_alloc));
    assert!(rewrite(&mut m, "memref.copy", 0, fold_self_copy));
    assert!(!rewrite(&mut m, "memref.copy", 0, fold_self_copy));
    assert!(rewrite(&mut m, "memref.copy", 0, fold_empty_copy));
    m.verify(true).expect("valid");
    let out = m.print();
    assert!(out.contains("%cast = memref.cast %arg0 : memref<4x8xf32> to memref<4x8xf32, strided<[8, 1]>>"), "{out}");
    assert!(!out.contains("memref.store"), "{out}");
    assert!(!out.contains("memref.copy"), "{out}");
    let names: Vec<String> =
        registered_patterns(m.ir.ctx(), SubViewOp::NAME).iter().map(|p| p.name().to_string()).collect();
    assert!(names.iter().any(|n| n == "TrivialSubViewOpFolder"), "{names:?}");
}

#[test]
fn interfaces_describe_memory_and_views() {
    let m = parse(
        r#"
func.func @f(%a: memref<4xf32>, %i: index, %v: f32) {
  %b = memref.alloc() : memref<4xf32>
  %0 = memref.load %a[%i] : memref<4xf32>
  memref.store %v, %b[%i] : memref<4xf32>
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  %s = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %r = memref.realloc %b : memref<4xf32> to memref<8xf32>
  memref.dealloc %r : memref<8xf32>
  %u = memref.alloca() : memref<2xf32>
  %d = memref.dim %a, %i : memref<4xf32>
  memref.alloca_scope {
    %x = memref.alloca() : memref<4xf32>
  }
  return
}
"#,
    );
    let ir = &m.ir;
    let eff = |name: &str| interfaces::memory_effects(ir, m.op(name, 0)).expect("known effects");
    let e = Effect::new;
    assert_eq!(eff("memref.alloc"), vec![e(EffectKind::Allocate, EffectOn::Result(0))]);
    // `alloca` allocates on the automatic allocation scope, `alloc` does not.
    let scope = interfaces::Resource::AutomaticAllocationScope;
    assert_eq!(eff("memref.alloca"), vec![Effect::on_resource(EffectKind::Allocate, EffectOn::Result(0), scope)]);
    assert_eq!(eff("memref.load"), vec![e(EffectKind::Read, EffectOn::Operand(0))]);
    assert_eq!(eff("memref.store"), vec![e(EffectKind::Write, EffectOn::Operand(1))]);
    assert_eq!(
        eff("memref.copy"),
        vec![e(EffectKind::Read, EffectOn::Operand(0)), e(EffectKind::Write, EffectOn::Operand(1))]
    );
    assert_eq!(
        eff("memref.realloc"),
        vec![e(EffectKind::Free, EffectOn::Operand(0)), e(EffectKind::Allocate, EffectOn::Result(0))]
    );
    assert_eq!(eff("memref.dealloc"), vec![e(EffectKind::Free, EffectOn::Operand(0))]);
    assert!(eff("memref.subview").is_empty());
    assert!(eff("memref.dim").is_empty());
    assert!(interfaces::is_trivially_dead(ir, m.op("memref.alloca", 0)));
    assert!(interfaces::is_trivially_dead(ir, m.op("memref.dim", 0)));
    // As in MLIR (`mlir-opt-19 --cse` erases it): its only effect is the
    // allocation of a value defined inside it.
    assert!(interfaces::is_trivially_dead(ir, m.op("memref.alloca_scope", 0)));
    assert_eq!(interfaces::view_source(ir, m.op("memref.subview", 0)), Some(m.arg(0)));
    let copy = m.op("memref.copy", 0);
    let cl = ir.ctx().registry().interface::<dyn CopyLike>(ir.op_name(copy)).expect("copy-like");
    assert_eq!((cl.source(ir, copy), cl.target(ir, copy)), (0, 1));
    let scope = m.op("memref.alloca_scope", 0);
    let body = ir.region(scope, 0);
    let entry = interfaces::region_successors(ir, scope, None).expect("region branch");
    assert_eq!(entry.as_slice(), &[RegionSuccessor::Region(body)]);
    let exit = interfaces::region_successors(ir, scope, Some(body)).expect("region branch");
    assert_eq!(exit.as_slice(), &[RegionSuccessor::Parent]);
    let cast = ir.ctx().registry().interface::<dyn CastLike>(ir.ctx().intern_str("memref.cast")).expect("cast-like");
    let t = |s: &str| syntax::Parser::new(ir.ctx(), s, "t").parse_type().expect("type");
    assert!(cast.are_cast_compatible(ir, &[t("memref<4xf32>")], &[t("memref<?xf32>")]));
    assert!(!cast.are_cast_compatible(ir, &[t("memref<4xf32>")], &[t("memref<4xi32>")]));
}

#[test]
fn expand_shape_reifies_its_output_shape() {
    let mut m = parse(
        r#"
func.func @f(%a: memref<?xf32>, %n: index) {
  %0 = memref.expand_shape %a [[0, 1]] output_shape [%n, 4] : memref<?xf32> into memref<?x4xf32>
  return
}
"#,
    );
    let op = m.op("memref.expand_shape", 0);
    let n = m.arg(1);
    let r = m.ir.ctx_arc().clone();
    let reify = r.registry().interface::<dyn ReifyShapes>(m.ir.op_name(op)).expect("reify");
    assert_eq!(
        reify.reify(&mut m.ir, op, ir::InsertPoint::Before(op)),
        Some(vec![vec![OpFoldSize::Value(n), OpFoldSize::Static(4)]])
    );
}

#[test]
fn malformed_generic_ops_do_not_panic() {
    let src = r#"
func.func @f(%a: memref<4xf32>, %i: index, %t: tensor<4xf32>) {
  %0 = "memref.subview"(%a, %i) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>, static_offsets = array<i64: 0>, static_sizes = array<i64>, static_strides = array<i64: 1, 2, 3>}> : (memref<4xf32>, index) -> memref<4xf32>
  %1 = "memref.load"() : () -> f32
  "memref.store"() : () -> ()
  %2 = "memref.dim"(%a) : (memref<4xf32>) -> index
  %3 = "memref.collapse_shape"(%a) <{reassociation = [[0, 7]]}> : (memref<4xf32>) -> memref<4xf32>
  %4 = "memref.expand_shape"(%a) <{reassociation = [[5]], static_output_shape = array<i64: 1, 2, 3>}> : (memref<4xf32>) -> memref<4x1xf32>
  %5 = "memref.reinterpret_cast"(%t) : (tensor<4xf32>) -> memref<4xf32>
  %6 = "memref.alloc"(%i) <{operandSegmentSizes = array<i32: 1>}> : (index) -> memref<?xf32>
  %7:3 = "memref.extract_strided_metadata"(%a) : (memref<4xf32>) -> (memref<f32>, index, index)
  "memref.global"() <{sym_name = "g", type = i32, initial_value = 3}> : () -> ()
  %8 = "memref.get_global"() <{name = @nope::@deeper}> : () -> memref<4xf32>
  %9 = "memref.cast"(%a, %a) : (memref<4xf32>, memref<4xf32>) -> memref<4xf32>
  %10 = "memref.view"(%a) : (memref<4xf32>) -> memref<4xf32>
  "memref.alloca_scope"() : () -> ()
  "memref.assume_alignment"(%a) <{alignment = 4 : i64}> : (memref<4xf32>) -> ()
  %11 = "memref.rank"() : () -> index
  %12 = "memref.transpose"(%a) : (memref<4xf32>) -> memref<4xf32>
  %13 = "memref.atomic_rmw"(%a) <{kind = 99 : i64}> : (memref<4xf32>) -> f32
  "memref.prefetch"(%a) : (memref<4xf32>) -> ()
  %14 = "memref.generic_atomic_rmw"(%a) : (memref<4xf32>) -> f32
  "memref.atomic_yield"() : () -> ()
  return
}
"#;
    let mut m = parse(src);
    let ops: Vec<OpId> =
        m.ir.pre_order(m.top).into_iter().filter(|&o| m.ir.op_name_str(o).starts_with("memref.")).collect();
    for &op in &ops {
        let info = m.ir.op_info(op).expect("registered");
        if let Some(v) = info.verify {
            assert!(v(&m.ir, op).is_err(), "{} should not verify", m.ir.op_name_str(op));
        }
    }
    for &op in &ops {
        if let Some(f) = m.ir.op_info(op).and_then(|i| i.fold) {
            let attrs = vec![Some(m.ir.ctx().index_attr(0)); m.ir.num_operands(op)];
            let _ = f(&mut m.ir, op, &attrs);
        }
        // Every memref pattern, also those rooted at other ops.
        let ctx = m.ir.ctx_arc().clone();
        for p in PATTERN_ROOTS.iter().flat_map(|r| registered_patterns(&ctx, r)) {
            if m.ir.is_alive(op) {
                let mut listener = ir::rewrite_api::NoListener;
                let _ = p.match_and_rewrite(op, &mut PatternRewriter::new(&mut m.ir, &mut listener));
            }
        }
        if m.ir.is_alive(op) {
            let _ = apply(&mut m.ir, op, compose_subviews);
        }
    }
    // Printing malformed ops in custom form must not panic either.
    let _ = m.print();
}

#[test]
fn reassociations_compose() {
    let g = |v: &[&[i64]]| -> Vec<Vec<i64>> { v.iter().map(|x| x.to_vec()).collect() };
    let producer = g(&[&[0, 1], &[2], &[3, 4]]);
    let consumer = g(&[&[0, 1], &[2]]);
    assert_eq!(compose_reassociation_indices(&producer, &consumer), Some(g(&[&[0, 1, 2], &[3, 4]])));
    assert_eq!(compose_reassociation_indices(&consumer, &producer), Some(g(&[&[0, 1, 2], &[3, 4]])));
    assert_eq!(compose_reassociation_indices(&producer, &producer), None);
    assert_eq!(compose_reassociation_indices(&producer, &[]), Some(Vec::new()));
    assert_eq!(compose_reassociation_indices(&producer, &g(&[&[0, 7]])), None);
    assert_eq!(compose_reassociation_indices(&g(&[&[0], &[1]]), &g(&[&[0, -1]])), None);
}

/// The `AllocationOp` implementation attached to `op`'s name.
fn allocation(ir: &Ir, op: OpId) -> &dyn ir::buffer_interfaces::AllocationOp {
    ir.ctx().registry().interface::<dyn ir::buffer_interfaces::AllocationOp>(ir.op_name(op)).expect("AllocationOp")
}

#[test]
fn heap_allocations_build_their_dealloc_clone_and_promoted_alloca() {
    use ir::buffer_interfaces::HoistingKind;
    use ir::op_decl::IrBuilder;
    let mut m = parse(
        r#"
func.func @f(%n: index) {
  %a = memref.alloc(%n) {alignment = 64 : i64} : memref<?x4xf32>
  return
}
"#,
    );
    let alloc = m.op("memref.alloc", 0);
    let v = m.ir.result(alloc, 0);
    assert_eq!(allocation(&m.ir, alloc).hoisting_kind(&m.ir, alloc), HoistingKind::LOOP | HoistingKind::BLOCK);
    let ctx = m.ir.ctx_arc().clone();
    let iface = ctx.registry().interface::<dyn ir::buffer_interfaces::AllocationOp>(m.ir.op_name(alloc)).unwrap();
    let mut b = IrBuilder::at(&mut m.ir, InsertPoint::After(alloc));
    let promoted = iface.build_promoted_alloc(&mut b, alloc).expect("promotable");
    let clone = iface.build_clone(&mut b, alloc, v).expect("clonable");
    let dealloc = iface.build_dealloc(&mut b, alloc, v).expect("freed");
    assert!(m.ir.is_op(dealloc, "memref.dealloc"));
    assert_eq!(m.ir.operands(dealloc).collect::<Vec<_>>(), vec![v]);
    assert_eq!(m.ir.value_type(clone), m.ir.value_type(v));
    assert_eq!(m.ir.value_type(promoted), m.ir.value_type(v));
    m.verify(true).expect("valid");
    let out = m.print();
    // Built in reverse order at the same point: dealloc, clone, alloca.
    let expected = "\
    %alloc = memref.alloc(%arg0) {alignment = 64 : i64} : memref<?x4xf32>
    memref.dealloc %alloc : memref<?x4xf32>
    %0 = bufferization.clone %alloc : memref<?x4xf32> to memref<?x4xf32>
    %alloca = memref.alloca(%arg0) {alignment = 64 : i64} : memref<?x4xf32>
";
    assert!(out.contains(expected), "{out}");
}

#[test]
fn stack_and_reallocations_are_neither_cloned_nor_promoted() {
    use ir::buffer_interfaces::HoistingKind;
    use ir::op_decl::IrBuilder;
    let mut m = parse(
        r#"
func.func @f(%n: index, %b: memref<2xf32>) {
  %a = memref.alloca(%n) : memref<?xf32>
  %r = memref.realloc %b(%n) : memref<2xf32> to memref<?xf32>
  return
}
"#,
    );
    let (alloca, realloc) = (m.op("memref.alloca", 0), m.op("memref.realloc", 0));
    let (av, rv) = (m.ir.result(alloca, 0), m.ir.result(realloc, 0));
    assert_eq!(allocation(&m.ir, alloca).hoisting_kind(&m.ir, alloca), HoistingKind::LOOP);
    assert_eq!(allocation(&m.ir, realloc).hoisting_kind(&m.ir, realloc), HoistingKind::NONE);
    let before = m.print();
    let ctx = m.ir.ctx_arc().clone();
    let reg = ctx.registry();
    let stack = reg.interface::<dyn ir::buffer_interfaces::AllocationOp>(m.ir.op_name(alloca)).unwrap();
    let re = reg.interface::<dyn ir::buffer_interfaces::AllocationOp>(m.ir.op_name(realloc)).unwrap();
    let mut b = IrBuilder::at(&mut m.ir, InsertPoint::After(realloc));
    assert!(stack.build_dealloc(&mut b, alloca, av).is_none());
    assert!(stack.build_clone(&mut b, alloca, av).is_none());
    assert!(stack.build_promoted_alloc(&mut b, alloca).is_none());
    assert!(re.build_clone(&mut b, realloc, rv).is_none());
    assert!(re.build_promoted_alloc(&mut b, realloc).is_none());
    assert_eq!(m.print(), before, "nothing built");
    let mut b = IrBuilder::at(&mut m.ir, InsertPoint::After(realloc));
    let d = re.build_dealloc(&mut b, realloc, rv).expect("a realloc is freed");
    assert_eq!(m.ir.operands(d).collect::<Vec<_>>(), vec![rv]);
    assert!(m.print().contains("memref.dealloc %0 : memref<?xf32>"), "{}", m.print());
}

#[test]
fn typed_builders_create_what_bufferization_emits() {
    use ir::op_decl::IrBuilder;
    let mut m = parse(
        r#"
func.func @f(%n: index, %x: f32) {
  return
}
"#,
    );
    let (n, x) = (m.arg(0), m.arg(1));
    let ret = m.op("func.return", 0);
    let ctx = m.ir.ctx_arc().clone();
    let loc = ctx.unknown_loc();
    let f32t = m.ir.value_type(x);
    let dyn_ty = layout::memref_type(&ctx, &[DYNAMIC, 8], f32t, None, None);
    let sub_ty = layout::strided_memref_type(&ctx, &[2, 4], f32t, &[8, 1], DYNAMIC, None);
    let mut b = IrBuilder::at(&mut m.ir, InsertPoint::Before(ret));
    let a = AllocOp::build(&mut b, loc, dyn_ty, &[n], &[], Some(16)).memref(b.ir);
    let s = AllocaOp::build(&mut b, loc, dyn_ty, &[n], &[], None).memref(b.ir);
    let sv = SubViewOp::build(&mut b, loc, sub_ty, a, &[n], &[], &[], &[DYNAMIC, 0], &[2, 4], &[1, 1]);
    let sv = sv.result(b.ir);
    let l = LoadOp::build(&mut b, loc, f32t, sv, &[n, n], None).result(b.ir);
    StoreOp::build(&mut b, loc, l, s, &[n, n], Some(true));
    CopyOp::build(&mut b, loc, a, s);
    DeallocOp::build(&mut b, loc, a);
    m.verify(true).expect("valid");
    let out = m.print();
    let expected = "\
    %alloc = memref.alloc(%arg0) {alignment = 16 : i64} : memref<?x8xf32>
    %alloca = memref.alloca(%arg0) : memref<?x8xf32>
    %subview = memref.subview %alloc[%arg0, 0] [2, 4] [1, 1] : memref<?x8xf32> to memref<2x4xf32, strided<[8, 1], offset: ?>>
    %0 = memref.load %subview[%arg0, %arg0] : memref<2x4xf32, strided<[8, 1], offset: ?>>
    memref.store %0, %alloca[%arg0, %arg0] {nontemporal = true} : memref<?x8xf32>
    memref.copy %alloc, %alloca : memref<?x8xf32> to memref<?x8xf32>
    memref.dealloc %alloc : memref<?x8xf32>
";
    assert!(out.contains(expected), "{out}");
    // The typed views read back what was built.
    let sv = SubViewOp(m.op("memref.subview", 0));
    assert_eq!(sv.offsets(&m.ir).to_vec(), vec![n]);
    assert_eq!(sv.static_sizes(&m.ir).to_vec(), vec![2, 4]);
    assert_eq!(AllocOp(m.op("memref.alloc", 0)).alignment(&m.ir), Some(16));
    assert!(StoreOp(m.op("memref.store", 0)).nontemporal(&m.ir));
    assert!(!LoadOp(m.op("memref.load", 0)).nontemporal(&m.ir));
}
