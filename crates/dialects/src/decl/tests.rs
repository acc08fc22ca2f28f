//! Tests of `declare_op!`: accessors on every group kind, the builder's
//! segment sizes, and loud registration mistakes.

use ir::interfaces::{Effect, MemoryEffects};
use ir::op_decl::{I64Array, IrBuilder, OpView, Opt, StrAttr, TypeAttr, UnitAttr};
use ir::rewrite_api::CanonicalizationPatterns;
use ir::{Context, InsertPoint, Ir, OpId, OpTraits, ValueId};
use std::sync::Arc;

declare_op! {
    /// A test op with every kind of operand group.
    pub struct SegOp = "decltest.seg" {
        traits: OpTraits::default(),
        operands: [src: Single, opt: Optional, offsets: Variadic, sizes: Variadic],
        operand_segments: true,
        attrs: [static_offsets: I64Array, label: Opt<StrAttr>, flag: UnitAttr],
        results: [out: Single, rest: Variadic],
        regions: [body: Single],
    }
}

declare_op! {
    /// A test op whose one variadic group takes what the fixed ones leave.
    pub struct ImplicitOp = "decltest.implicit" {
        traits: OpTraits::PURE,
        operands: [first: Single, middle: Variadic, last: Single],
        results: [res: Single],
        interfaces: [MemoryEffects => NoEffects],
    }
}

declare_op! {
    /// A test op with equal-size variadic results, an attribute spelled
    /// differently from its accessor, and patterns rooted at itself and at
    /// another op.
    pub struct SameOp = "decltest.same" {
        traits: OpTraits::default(),
        operands: [input: Single],
        attrs: [elem_type as "type": TypeAttr],
        results: [base: Single, sizes: Variadic, strides: Variadic],
        result_segments: same,
        patterns: ["Mine" => never, "Theirs" on "decltest.implicit" => never],
    }
}

fn never(_: OpId, _: &mut ir::rewrite_api::PatternRewriter<'_>) -> bool {
    false
}

struct NoEffects;
impl MemoryEffects for NoEffects {
    fn effects(&self, _: &Ir, _: OpId, _: &mut Vec<Effect>) {}
}

fn context() -> Context {
    let mut ctx = Context::new();
    crate::util::register_dialect(&mut ctx, "decltest", false);
    SegOp::register(&mut ctx);
    ImplicitOp::register(&mut ctx);
    SameOp::register(&mut ctx);
    ctx
}

/// A module body with `n` index block arguments to use as operands.
fn values(ir: &mut Ir, n: usize) -> (ir::BlockId, Vec<ValueId>) {
    let region = ir.create_region();
    let block = ir.append_block(region, &[], &[]);
    let index = ir.ctx().index_ty();
    let loc = ir.ctx().unknown_loc();
    let vals = (0..n).map(|_| ir.add_block_arg(block, index, loc)).collect();
    (block, vals)
}

#[test]
fn builder_fills_segments_and_accessors_read_them() {
    let ctx = Arc::new(context());
    assert!(ctx.registry().check(&ctx).is_ok());
    let mut ir = Ir::new(ctx.clone());
    let (block, v) = values(&mut ir, 6);
    let loc = ctx.unknown_loc();
    let index = ctx.index_ty();
    let mut b = IrBuilder::at(&mut ir, InsertPoint::BlockEnd(block));
    let op = SegOp::build(
        &mut b,
        loc,
        index,
        &[index, index],
        v[0],
        None,
        &[v[1], v[2], v[3]],
        &[v[4], v[5]],
        &[1, -2, 3],
        Some("x"),
        true,
        1,
    );
    assert!(SegOp::matches(&ir, op.0));
    assert!(!ImplicitOp::matches(&ir, op.0));
    assert_eq!(op.src(&ir), v[0]);
    assert_eq!(op.opt(&ir), None);
    assert_eq!(op.offsets(&ir).to_vec(), vec![v[1], v[2], v[3]]);
    assert_eq!(op.sizes(&ir).to_vec(), vec![v[4], v[5]]);
    assert_eq!(op.sizes_range(&ir), 4..6);
    assert_eq!(op.src_operand(&ir), ir.operand_ids(op.0)[0]);
    assert_eq!(op.static_offsets(&ir).as_slice(), &[1, -2, 3]);
    assert_eq!(op.label(&ir), Some("x"));
    assert!(op.flag(&ir));
    assert_eq!(op.out(&ir), ir.result(op.0, 0));
    assert_eq!(op.rest(&ir).count(), 2);
    assert_eq!(op.body(&ir), ir.region(op.0, 0));
    // The segment attribute is an inherent attribute of the registration.
    let info = ctx.registry().op(ctx.intern_str("decltest.seg")).expect("registered");
    assert!(info.is_inherent(ctx.intern_str("operandSegmentSizes")));
    assert!(info.is_inherent(ctx.intern_str("static_offsets")));
    assert!(!info.is_inherent(ctx.intern_str("resultSegmentSizes")));
}

#[test]
fn implicit_variadic_takes_the_rest_and_interfaces_attach() {
    let ctx = Arc::new(context());
    let mut ir = Ir::new(ctx.clone());
    let (block, v) = values(&mut ir, 5);
    let loc = ctx.unknown_loc();
    let index = ctx.index_ty();
    let mut b = IrBuilder::at(&mut ir, InsertPoint::BlockEnd(block));
    let op = ImplicitOp::build(&mut b, loc, index, v[0], &v[1..4], v[4]);
    assert_eq!(op.first(&ir), v[0]);
    assert_eq!(op.middle(&ir).to_vec(), v[1..4].to_vec());
    assert_eq!(op.last(&ir), v[4]);
    assert!(ir.attrs(op.0).is_empty(), "no segment attribute without operand_segments");
    assert!(ctx.registry().interface::<dyn MemoryEffects>(ImplicitOp::name(&ctx)).is_some());
    assert!(ctx.registry().op(ImplicitOp::name(&ctx)).is_some_and(|i| i.has(OpTraits::PURE)));
}

#[test]
fn registering_an_op_twice_is_an_error() {
    let mut ctx = context();
    SegOp::register(&mut ctx);
    let err = ctx.registry().check(&ctx).expect_err("duplicate registration");
    assert!(err.to_string().contains("'decltest.seg'"), "{err}");
    assert!(err.to_string().contains("registered twice"), "{err}");
}

#[test]
fn attaching_an_interface_twice_is_an_error() {
    let mut ctx = context();
    let name = ctx.intern_str("decltest.implicit");
    ctx.registry_mut().add_interface::<dyn MemoryEffects>(name, Box::new(NoEffects));
    let err = ctx.registry().check(&ctx).expect_err("interface twice");
    assert!(err.to_string().contains("attached twice"), "{err}");
    assert!(err.to_string().contains("'decltest.implicit'"), "{err}");
}

#[test]
fn a_misspelled_name_in_a_table_is_an_error() {
    let mut ctx = context();
    let name = ctx.intern_str("decltest.implicitt");
    ctx.registry_mut().add_interface::<dyn MemoryEffects>(name, Box::new(NoEffects));
    let err = ctx.registry().check(&ctx).expect_err("unknown name");
    assert!(err.to_string().contains("unregistered op 'decltest.implicitt'"), "{err}");

    let mut ctx = context();
    crate::util::set_folders(&mut ctx, &[("decltest.nope", |_, _, _| ir::FoldOutcome::Failure)]);
    let err = ctx.registry().check(&ctx).expect_err("unknown folder name");
    assert!(err.to_string().contains("'decltest.nope'"), "{err}");

    let mut ctx = context();
    crate::patterns::register_patterns(&mut ctx, &[("decltest.nada", "P", |_, _| false)]);
    assert!(ctx.registry().check(&ctx).is_err());
}

#[test]
fn the_builtin_registration_is_consistent() {
    let mut ctx = Context::new();
    crate::register_all(&mut ctx).expect("every dialect registers cleanly");
}

#[test]
fn same_size_groups_spelled_attributes_and_rooted_patterns() {
    let ctx = Arc::new(context());
    assert!(ctx.registry().check(&ctx).is_ok());
    let mut ir = Ir::new(ctx.clone());
    let (block, v) = values(&mut ir, 1);
    let (loc, index, f32) = (ctx.unknown_loc(), ctx.index_ty(), ctx.float_ty(ir::FloatKind::F32));
    let mut b = IrBuilder::at(&mut ir, InsertPoint::BlockEnd(block));
    let op = SameOp::build(&mut b, loc, index, &[index, index], &[index, index], v[0], f32);
    // Two variadic groups of equal size split the four results in half,
    // and no segment attribute is stored.
    assert_eq!(op.sizes(&ir).collect::<Vec<_>>(), vec![ir.result(op.0, 1), ir.result(op.0, 2)]);
    assert_eq!(op.strides(&ir).collect::<Vec<_>>(), vec![ir.result(op.0, 3), ir.result(op.0, 4)]);
    // The attribute is stored, and inherent, under its IR spelling.
    assert_eq!(op.elem_type(&ir), Some(f32));
    assert_eq!(ir.attr(op.0, "type"), op.elem_type_attr(&ir));
    let info = ctx.registry().op(SameOp::name(&ctx)).expect("registered");
    assert!(info.is_inherent(ctx.intern_str("type")));
    assert!(!info.is_inherent(ctx.intern_str("elem_type")));
    assert_eq!(ir.attrs(op.0).len(), 1);
    // Both patterns belong to the declaring op; each keeps its root.
    let set = ctx.registry().interface::<dyn CanonicalizationPatterns>(SameOp::name(&ctx)).expect("patterns");
    let roots: Vec<(String, Option<String>)> =
        set.patterns().iter().map(|p| (p.name().to_string(), p.root().map(str::to_string))).collect();
    assert_eq!(
        roots,
        vec![
            ("Mine".to_string(), Some("decltest.same".to_string())),
            ("Theirs".to_string(), Some("decltest.implicit".to_string())),
        ]
    );
}

declare_op! {
    /// A test op with a declarative format: segment sizes, an optional
    /// group anchored by a variadic group, a unit attribute written as a
    /// keyword, a typed attribute and inferred types.
    pub struct FmtOp = "decltest.fmt" {
        traits: OpTraits::default(),
        operands: [src: Single, sizes: Variadic, extra: Variadic],
        operand_segments: true,
        attrs: [flag: UnitAttr, width: ir::op_decl::I32Attr],
        results: [out: Single],
        format: "$src `[` $sizes `]` (`extra` `` `(` $extra^ `:` type($extra) `)`)? (`flagged` $flag^)? `w` $width attr-dict `:` type($src)",
        format_rules: [sizes: Is(Context::index_ty), out: SameAs("src")],
        result_name: "fmt",
    }
}

declare_op! {
    /// A test op whose format names an operand it does not have.
    pub struct BadFmtOp = "decltest.badfmt" {
        traits: OpTraits::default(),
        operands: [src: Single],
        format: "$source attr-dict `:` type($source)",
    }
}

#[test]
fn a_declarative_format_parses_and_prints_back() {
    let mut ctx = context();
    FmtOp::register(&mut ctx);
    assert!(ctx.registry().check(&ctx).is_ok());
    crate::register_all(&mut ctx).expect("dialects");
    let src = r#"func.func @f(%a: f32, %i: index, %e: i8) {
  %fmt = decltest.fmt %a[%i, %i] extra(%e, %e : i8, i8) flagged w 4 {tag} : f32
  %fmt_0 = decltest.fmt %a[] w 5 : f32
  return
}
"#;
    let m = testkit::parse_in(ctx, src, false);
    let text = m.print();
    assert!(
        text.contains("%fmt = decltest.fmt %arg0[%arg1, %arg1] extra(%arg2, %arg2 : i8, i8) flagged w 4 {tag} : f32"),
        "{text}"
    );
    assert!(text.contains("%fmt_0 = decltest.fmt %arg0[] w 5 : f32"), "{text}");
    let op = FmtOp(m.op("decltest.fmt", 0));
    assert_eq!(op.sizes(&m.ir).len(), 2);
    assert_eq!(op.extra(&m.ir).len(), 2);
    assert!(op.flag(&m.ir));
    assert_eq!(op.width(&m.ir), Some(4));
    assert_eq!(syntax::print_attr::type_to_string(m.ir.ctx(), m.ir.value_type(op.out(&m.ir))), "f32");
    let second = FmtOp(m.op("decltest.fmt", 1));
    assert!(!second.flag(&m.ir) && second.extra(&m.ir).is_empty());
}

#[test]
fn a_format_reports_mismatched_operands_as_upstream_does() {
    let mut ctx = context();
    FmtOp::register(&mut ctx);
    crate::register_all(&mut ctx).expect("dialects");
    let src = "func.func @f(%a: f32, %e: i8) {\n  %0 = decltest.fmt %a[] extra(%e : i8, i8) w 4 : f32\n  return\n}\n";
    let err = syntax::op_parser::parse_source(&Arc::new(ctx), src, "in.mlir", Default::default()).err().expect("error");
    assert_eq!(err.message, "custom op 'decltest.fmt' 1 operands present, but expected 2");
}

#[test]
fn a_malformed_format_is_a_registration_error() {
    let mut ctx = context();
    BadFmtOp::register(&mut ctx);
    let err = ctx.registry().check(&ctx).expect_err("bad format");
    assert!(
        err.to_string().contains("invalid assembly format of 'decltest.badfmt': unknown variable '$source'"),
        "{err}"
    );
}
