//! Tests of the conversion framework's API on unregistered `x.*` ops, with
//! a converter that turns `i32` into `i64`.

use super::*;
use ir::op_decl::OpBuilder;
use ir::{InsertPoint, OpSpec, Type};
use smallvec::smallvec;
use testkit::parse;

/// `i32` → `i64`, everything else kept; materializations are `x.cast`
/// ops (source ones only when `with_source`).
fn converter(with_source: bool) -> Arc<TypeConverter> {
    let mut c = TypeConverter::new();
    c.add_conversion(keep_all_types());
    c.add_conversion(|ctx, t| {
        if t == ctx.int_ty(32) {
            TypeConversion::Converted(smallvec![ctx.int_ty(64)])
        } else {
            TypeConversion::NotApplicable
        }
    });
    let cast = |ir: &mut Ir, ip: InsertPoint, ty: Type, ins: &[ValueId], loc| {
        let name = ir.ctx().intern_str("x.cast");
        let op = ir.insert_new_op(ip, OpSpec { operands: ins, results: &[ty], ..OpSpec::new(name, loc) });
        Some(ir.result(op, 0))
    };
    c.add_target_materialization(cast);
    if with_source {
        c.add_source_materialization(cast);
        c.add_argument_materialization(cast);
    }
    Arc::new(c)
}

/// Rebuilds an op with the converted result types under the name `to`.
fn rename_pattern(set: &mut ConversionPatternSet, from: &str, to: &'static str, c: &Arc<TypeConverter>) {
    let cc = c.clone();
    set.add_fn(Some(from), Some(c.clone()), move |op, operands, rw| {
        let ir = rw.ir();
        let results = cc.convert_types(ir.ctx(), &ir.result_types(op)).ok_or(NoMatch)?;
        let name = ir.ctx().intern_str(to);
        let loc = ir.op_loc(op);
        let new = rw.builder(InsertPoint::Before(op)).create(OpSpec {
            operands,
            results: &results,
            ..OpSpec::new(name, loc)
        });
        rw.replace_op_with_op(op, new);
        Ok(())
    });
}

const SRC: &str = r#"func.func @f(%a: i32) -> i32 {
  %0 = "x.producer"(%a) : (i32) -> i32
  %1 = "x.user"(%0) : (i32) -> i32
  "x.bad"(%1) : (i32) -> ()
  return %1 : i32
}
"#;

#[test]
fn a_failed_partial_conversion_leaves_the_ir_byte_identical() {
    let mut m = parse(SRC);
    let before = m.print();
    let c = converter(true);
    let mut patterns = ConversionPatternSet::new();
    rename_pattern(&mut patterns, "x.producer", "x.new", &c);
    rename_pattern(&mut patterns, "x.user", "x.new_user", &c);
    let mut target = ConversionTarget::new();
    target.add_legal_op("x.new");
    target.add_illegal_op("x.producer");
    target.add_illegal_op("x.user");
    target.add_illegal_op("x.bad");
    target.add_legal_op("x.new_user");
    let err = apply_partial_conversion(&mut m.ir, m.top, &target, &patterns).unwrap_err();
    assert_eq!(err.message, "failed to legalize operation 'x.bad' that was explicitly marked illegal");
    assert_eq!(err.op, Some(m.op("x.bad", 0)));
    assert_eq!(m.print(), before);
    m.ir.check_invariants(m.top).expect("consistent after rollback");
}

#[test]
fn a_full_conversion_names_the_op_no_pattern_handles() {
    let mut m = parse(SRC);
    let before = m.print();
    let c = converter(true);
    let mut patterns = ConversionPatternSet::new();
    rename_pattern(&mut patterns, "x.producer", "x.new", &c);
    let mut target = ConversionTarget::new();
    target.add_legal_dialect("func");
    target.add_legal_dialect("builtin");
    target.add_legal_op("x.new");
    let err = apply_full_conversion(&mut m.ir, m.top, &target, &patterns).unwrap_err();
    assert_eq!(err.message, "failed to legalize operation 'x.user'");
    assert_eq!(m.print(), before);
}

#[test]
fn users_left_behind_get_source_materializations_and_converted_users_target_ones() {
    let mut m = parse(SRC);
    let c = converter(true);
    let mut patterns = ConversionPatternSet::new();
    rename_pattern(&mut patterns, "x.producer", "x.new", &c);
    let mut target = ConversionTarget::new();
    target.add_legal_op("x.new");
    target.add_illegal_op("x.producer");
    let left = apply_conversion(&mut m.ir, m.top, &target, &patterns, ConversionMode::Partial).expect("converts");
    // x.user, x.bad and the function's ops were not legalized and stay.
    assert!(left.contains(&m.op("x.user", 0)));
    let out = m.print();
    let expect = r#"  func.func @f(%arg0: i32) -> i32 {
    %0 = "x.cast"(%arg0) : (i32) -> i64
    %1 = "x.new"(%0) : (i64) -> i64
    %2 = "x.cast"(%1) : (i64) -> i32
    %3 = "x.user"(%2) : (i32) -> i32
"#;
    assert!(out.contains(expect), "{out}");
    m.ir.check_invariants(m.top).expect("consistent");
}

#[test]
fn a_replaced_value_still_used_without_a_source_materialization_is_an_error() {
    let mut m = parse(SRC);
    let before = m.print();
    let c = converter(false);
    let mut patterns = ConversionPatternSet::new();
    rename_pattern(&mut patterns, "x.producer", "x.new", &c);
    let mut target = ConversionTarget::new();
    target.add_legal_op("x.new");
    target.add_illegal_op("x.producer");
    let err = apply_partial_conversion(&mut m.ir, m.top, &target, &patterns).unwrap_err();
    assert_eq!(
        err.message,
        "failed to materialize conversion for result #0 of operation 'x.producer' that remained live after conversion"
    );
    // The note prints the user as the IR stood when the error was found.
    let note = &err.notes[0].message;
    assert!(note.starts_with("see existing live user here: ") && note.contains(r#"= "x.user"("#), "{note}");
    assert_eq!(m.print(), before);
}

#[test]
fn a_failing_pattern_is_undone_and_the_next_one_applies() {
    let mut m = parse(SRC);
    let c = converter(true);
    let mut patterns = ConversionPatternSet::new();
    // Builds an op, then gives up: what it built must go.
    let cc = c.clone();
    patterns.add_fn(Some("x.producer"), Some(c.clone()), move |op, operands, rw| {
        let ir = rw.ir();
        let results = cc.convert_types(ir.ctx(), &ir.result_types(op)).ok_or(NoMatch)?;
        let name = ir.ctx().intern_str("x.abandoned");
        let loc = ir.op_loc(op);
        rw.builder(InsertPoint::Before(op)).create(OpSpec { operands, results: &results, ..OpSpec::new(name, loc) });
        rw.set_operands(op, &[]);
        Err(NoMatch)
    });
    rename_pattern(&mut patterns, "x.producer", "x.new", &c);
    let mut target = ConversionTarget::new();
    target.add_legal_op("x.new");
    target.add_illegal_op("x.producer");
    apply_partial_conversion(&mut m.ir, m.top, &target, &patterns).expect("converts");
    let out = m.print();
    assert!(!out.contains("x.abandoned") && out.contains("x.new"), "{out}");
    m.ir.check_invariants(m.top).expect("consistent");
}

#[test]
fn region_signature_conversion_maps_old_arguments_through_materializations() {
    let src = r#"func.func @g(%a: i32) {
  "x.region"(%a) ({
  ^bb0(%b: i32):
    %0 = "x.use"(%b) : (i32) -> i32
    "x.end"(%b) : (i32) -> ()
  }) : (i32) -> ()
  return
}
"#;
    let mut m = parse(src);
    let c = converter(true);
    let mut patterns = ConversionPatternSet::new();
    let cc = c.clone();
    patterns.add_fn(Some("x.region"), Some(c.clone()), move |op, operands, rw| {
        let r = rw.ir().region(op, 0);
        rw.convert_region_types(r, &cc, None)?;
        rw.set_operands(op, operands);
        Ok(())
    });
    patterns.add_fn(Some("x.end"), Some(c.clone()), |op, operands, rw| {
        rw.set_operands(op, operands);
        Ok(())
    });
    let mut target = ConversionTarget::new();
    let t = c.clone();
    target.add_dynamically_legal_op("x.region", move |ir, op| {
        t.is_legal_op(ir, op) && t.is_legal_region(ir, ir.region(op, 0))
    });
    let t = c.clone();
    target.add_dynamically_legal_op("x.end", move |ir, op| t.is_legal_op(ir, op));
    apply_partial_conversion(&mut m.ir, m.top, &target, &patterns).expect("converts");
    let out = m.print();
    let expect = r#"    %0 = "x.cast"(%arg0) : (i32) -> i64
    "x.region"(%0) ({
    ^bb0(%arg1: i64):
      %1 = "x.cast"(%arg1) : (i64) -> i32
      %2 = "x.use"(%1) : (i32) -> i32
      "x.end"(%arg1) : (i64) -> ()
    }) : (i64) -> ()
"#;
    assert!(out.contains(expect), "{out}");
    m.ir.check_invariants(m.top).expect("consistent");
}

#[test]
fn an_operand_type_the_converter_does_not_know_stops_the_pattern() {
    let src = r#"func.func @h(%x: f32) {
  "x.producer"(%x) : (f32) -> ()
  return
}
"#;
    let mut m = parse(src);
    let before = m.print();
    // Knows only i32: f32 has no conversion at all.
    let mut c = TypeConverter::new();
    c.add_conversion(|ctx, t| {
        if t == ctx.int_ty(32) {
            TypeConversion::Converted(smallvec![ctx.int_ty(64)])
        } else {
            TypeConversion::NotApplicable
        }
    });
    let c = Arc::new(c);
    assert!(c.convert_type(m.ir.ctx(), m.ir.ctx().float_ty(ir::FloatKind::F32)).is_none());
    let mut patterns = ConversionPatternSet::new();
    rename_pattern(&mut patterns, "x.producer", "x.new", &c);
    let mut target = ConversionTarget::new();
    target.add_illegal_op("x.producer");
    target.add_legal_op("x.new");
    let err = apply_partial_conversion(&mut m.ir, m.top, &target, &patterns).unwrap_err();
    assert_eq!(err.message, "failed to legalize operation 'x.producer' that was explicitly marked illegal");
    assert_eq!(m.print(), before);
}
