//! Unit tests of the arith folders: each case parses a function, folds the
//! first op of a given name with the constant operands its producers
//! define, and checks the outcome (a printed constant, an existing value,
//! an in-place update, or no fold). Expected values were checked against
//! `mlir-opt-19 --canonicalize`.

use super::constant::value_constant;
use super::materialize_constant;
use crate::test_util::{find_last as find, parse};
use ir::{FoldOutcome, InsertPoint, Ir, OpFoldResult, OpId, ValueDef, ValueId};
use syntax::print_attr::attr_to_string;

/// How a value reads in expectations: `%argN` or `<op name>#N`.
fn describe(ir: &Ir, v: ValueId) -> String {
    match ir.value_def(v) {
        ValueDef::BlockArg { index, .. } => format!("%arg{index}"),
        ValueDef::Result { op, index } => format!("{}#{index}", ir.op_name_str(op)),
        ValueDef::Detached => "?".to_string(),
    }
}

fn top_func(ir: &Ir, top: OpId) -> OpId {
    find(ir, top, "func.func")
}

fn fold_op(ir: &mut Ir, op: OpId) -> FoldOutcome {
    let csts: Vec<_> = ir.operands(op).map(|v| value_constant(ir, v)).collect();
    let f = ir.op_info(op).and_then(|i| i.fold).expect("op has a folder");
    f(ir, op, &csts)
}

/// Folds the last `name` op of a function whose body is `body` (and
/// signature `sig`); renders the outcome.
fn fold(sig: &str, body: &str, name: &str) -> String {
    let src = format!("func.func @f({sig}) {{\n{body}\n  return\n}}");
    let (mut ir, top) = parse(&src);
    let op = find(&ir, top, name);
    match fold_op(&mut ir, op) {
        FoldOutcome::Failure => "none".to_string(),
        FoldOutcome::InPlace => format!("in-place {}", syntax::printer::op_to_string(&ir, op)),
        FoldOutcome::Results(rs) => rs
            .iter()
            .map(|r| match *r {
                OpFoldResult::Attr(a) => attr_to_string(ir.ctx(), a),
                OpFoldResult::Value(v) => describe(&ir, v),
            })
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// Folds `op` applied to constant operands: `ops` are `(value, type)`.
fn fold_consts(op: &str, ops: &[(&str, &str)], result: &str) -> String {
    let mut body = String::new();
    let mut names = Vec::new();
    for (i, (v, t)) in ops.iter().enumerate() {
        let ty = if matches!(*v, "true" | "false") { String::new() } else { format!(" : {t}") };
        body.push_str(&format!("  %c{i} = arith.constant {v}{ty}\n"));
        names.push(format!("%c{i}"));
    }
    let types: Vec<&str> = ops.iter().map(|o| o.1).collect();
    let n = if result.starts_with('(') { ":2" } else { "" };
    body.push_str(&format!("  %r{n} = \"{op}\"({}) : ({}) -> {result}", names.join(", "), types.join(", ")));
    fold("", &body, op)
}

fn binary(op: &str, a: &str, b: &str, t: &str) -> String {
    fold_consts(op, &[(a, t), (b, t)], t)
}

#[test]
fn integer_wraparound_at_width() {
    assert_eq!(binary("arith.addi", "127", "1", "i8"), "-128 : i8");
    assert_eq!(binary("arith.addi", "-1", "1", "i8"), "0 : i8");
    assert_eq!(binary("arith.muli", "16", "16", "i8"), "0 : i8");
    assert_eq!(binary("arith.subi", "-128", "1", "i8"), "127 : i8");
    assert_eq!(binary("arith.addi", "true", "true", "i1"), "false");
    assert_eq!(binary("arith.xori", "true", "true", "i1"), "false");
    // xori x, false is x itself.
    assert_eq!(binary("arith.xori", "true", "false", "i1"), "arith.constant#0");
    assert_eq!(binary("arith.muli", "-1", "-1", "i128"), "1 : i128");
    assert_eq!(binary("arith.addi", "9223372036854775807", "1", "index"), "-9223372036854775808 : index");
    assert_eq!(binary("arith.shli", "1", "7", "i8"), "-128 : i8");
    assert_eq!(binary("arith.shrsi", "-128", "7", "i8"), "-1 : i8");
    assert_eq!(binary("arith.shrui", "-128", "7", "i8"), "1 : i8");
    assert_eq!(binary("arith.maxui", "-1", "1", "i8"), "-1 : i8");
    assert_eq!(binary("arith.maxsi", "-1", "1", "i8"), "1 : i8");
}

#[test]
fn division_by_zero_and_signed_overflow_stay() {
    for op in ["arith.divsi", "arith.divui", "arith.ceildivsi", "arith.ceildivui", "arith.floordivsi"] {
        assert_eq!(binary(op, "7", "0", "i32"), "none", "{op}");
    }
    assert_eq!(binary("arith.remsi", "7", "0", "i32"), "none");
    assert_eq!(binary("arith.remui", "7", "0", "i32"), "none");
    assert_eq!(binary("arith.divsi", "-128", "-1", "i8"), "none");
    assert_eq!(binary("arith.floordivsi", "-128", "-1", "i8"), "none");
    assert_eq!(binary("arith.ceildivsi", "-128", "3", "i8"), "none");
    assert_eq!(binary("arith.remsi", "-128", "-1", "i8"), "0 : i8");
    assert_eq!(binary("arith.divsi", "-7", "2", "i8"), "-3 : i8");
    assert_eq!(binary("arith.floordivsi", "-7", "2", "i8"), "-4 : i8");
    assert_eq!(binary("arith.ceildivsi", "-7", "-2", "i8"), "4 : i8");
    assert_eq!(binary("arith.ceildivui", "255", "2", "i8"), "-128 : i8");
    assert_eq!(binary("arith.divui", "-7", "2", "i8"), "124 : i8");
    // x / 1 folds even without a constant x; x % 1 is 0.
    assert_eq!(
        fold("%x: i32", "  %c1 = arith.constant 1 : i32\n  %r = arith.divsi %x, %c1 : i32", "arith.divsi"),
        "%arg0"
    );
    assert_eq!(
        fold("%x: i32", "  %c1 = arith.constant 1 : i32\n  %r = arith.remui %x, %c1 : i32", "arith.remui"),
        "0 : i32"
    );
}

#[test]
fn dense_folding_and_upstream_element_quirks() {
    let v = "vector<3xi8>";
    assert_eq!(
        binary("arith.addi", "dense<[1, 2, 3]>", "dense<[10, 20, 126]>", v),
        "dense<[11, 22, -127]> : vector<3xi8>"
    );
    assert_eq!(binary("arith.muli", "dense<3>", "dense<5>", v), "dense<15> : vector<3xi8>");
    assert_eq!(binary("arith.subi", "dense<[1, 2, 3]>", "dense<[0, 1, 2]>", v), "dense<1> : vector<3xi8>");
    // Any undefined element blocks the fold...
    assert_eq!(binary("arith.divsi", "dense<[1, 2, 3]>", "dense<[1, 0, 1]>", v), "none");
    // ...except where upstream only looks at the last element.
    assert_eq!(binary("arith.floordivsi", "dense<7>", "dense<[0, 2, 2]>", v), "dense<[7, 3, 3]> : vector<3xi8>");
    assert_eq!(binary("arith.floordivsi", "dense<[-128, 1, 1]>", "dense<[-1, 2, 0]>", v), "none");
    assert_eq!(binary("arith.shli", "dense<7>", "dense<[9, 2, 1]>", v), "dense<[0, 28, 14]> : vector<3xi8>");
    assert_eq!(binary("arith.shli", "dense<7>", "dense<[1, 2, 9]>", v), "none");
    let cmp = "  %a = arith.constant dense<[1, 5]> : tensor<2xi32>\n  %b = arith.constant dense<3> : tensor<2xi32>\n  %r = arith.cmpi slt, %a, %b : tensor<2xi32>";
    assert_eq!(fold("", cmp, "arith.cmpi"), "dense<[true, false]> : tensor<2xi1>");
}

#[test]
fn integer_identities() {
    let x = "%x: i32, %y: i32";
    assert_eq!(fold(x, "  %c0 = arith.constant 0 : i32\n  %r = arith.addi %x, %c0 : i32", "arith.addi"), "%arg0");
    assert_eq!(fold(x, "  %c1 = arith.constant 1 : i32\n  %r = arith.muli %x, %c1 : i32", "arith.muli"), "%arg0");
    assert_eq!(
        fold(x, "  %c0 = arith.constant 0 : i32\n  %r = arith.muli %x, %c0 : i32", "arith.muli"),
        "arith.constant#0"
    );
    assert_eq!(fold(x, "  %r = arith.subi %x, %x : i32", "arith.subi"), "0 : i32");
    assert_eq!(
        fold("%v: vector<2xi8>", "  %r = arith.subi %v, %v : vector<2xi8>", "arith.subi"),
        "dense<0> : vector<2xi8>"
    );
    assert_eq!(fold("%t: tensor<?xi8>", "  %r = arith.subi %t, %t : tensor<?xi8>", "arith.subi"), "none");
    assert_eq!(fold(x, "  %r = arith.andi %x, %x : i32", "arith.andi"), "%arg0");
    assert_eq!(fold(x, "  %r = arith.ori %x, %x : i32", "arith.ori"), "%arg0");
    assert_eq!(fold(x, "  %r = arith.xori %x, %x : i32", "arith.xori"), "0 : i32");
    assert_eq!(fold(x, "  %s = arith.subi %x, %y : i32\n  %r = arith.addi %s, %y : i32", "arith.addi"), "%arg0");
    assert_eq!(fold(x, "  %s = arith.addi %x, %y : i32\n  %r = arith.subi %s, %x : i32", "arith.subi"), "%arg1");
    assert_eq!(
        fold(
            x,
            "  %m = arith.constant -1 : i32\n  %n = arith.xori %x, %m : i32\n  %r = arith.andi %x, %n : i32",
            "arith.andi"
        ),
        "0 : i32"
    );
    assert_eq!(
        fold(x, "  %m = arith.constant 2147483647 : i32\n  %r = arith.maxsi %x, %m : i32", "arith.maxsi"),
        "arith.constant#0"
    );
    assert_eq!(fold(x, "  %m = arith.constant 0 : i32\n  %r = arith.maxui %x, %m : i32", "arith.maxui"), "%arg0");
    assert_eq!(fold(x, "  %m = arith.constant -1 : i32\n  %r = arith.ori %x, %m : i32", "arith.ori"), "-1 : i32");
}

#[test]
fn compare_and_select() {
    let x = "%x: i32, %c: i1, %a: f32, %b: f32";
    assert_eq!(fold(x, "  %r = arith.cmpi sle, %x, %x : i32", "arith.cmpi"), "true");
    assert_eq!(fold(x, "  %r = arith.cmpi ult, %x, %x : i32", "arith.cmpi"), "false");
    assert_eq!(
        fold("%v: vector<2xi32>", "  %r = arith.cmpi eq, %v, %v : vector<2xi32>", "arith.cmpi"),
        "dense<true> : vector<2xi1>"
    );
    // A constant on the left moves right, flipping the predicate (slt -> sgt).
    let swapped = fold(x, "  %k = arith.constant 3 : i32\n  %r = arith.cmpi slt, %k, %x : i32", "arith.cmpi");
    assert!(swapped.starts_with("in-place") && swapped.contains("(%arg0, ") && swapped.contains("predicate = 4 "));
    let cmpi = |p: &str, a: &str, b: &str, t: &str| {
        let ty = |v: &str| if matches!(v, "true" | "false") { String::new() } else { format!(" : {t}") };
        let body = format!(
            "  %a = arith.constant {a}{}\n  %b = arith.constant {b}{}\n  %r = arith.cmpi {p}, %a, %b : {t}",
            ty(a),
            ty(b)
        );
        fold("", &body, "arith.cmpi")
    };
    assert_eq!(cmpi("slt", "true", "false", "i1"), "true");
    assert_eq!(cmpi("ult", "true", "false", "i1"), "false");
    assert_eq!(cmpi("sgt", "-1", "1", "i8"), "false");
    assert_eq!(cmpi("ugt", "-1", "1", "i8"), "true");
    assert_eq!(cmpi("ne", "dense<[1, 2]>", "dense<[1, 3]>", "tensor<2xi64>"), "dense<[false, true]> : tensor<2xi1>");
    let cmpf = |p: &str, a: &str, b: &str| {
        fold(
            "",
            &format!(
                "  %a = arith.constant {a} : f32\n  %b = arith.constant {b} : f32\n  %r = arith.cmpf {p}, %a, %b : f32"
            ),
            "arith.cmpf",
        )
    };
    assert_eq!(cmpf("oeq", "-0.0", "0.0"), "true");
    assert_eq!(cmpf("ueq", "0x7FC00000", "0.0"), "true");
    assert_eq!(cmpf("one", "0x7FC00000", "1.0"), "false");
    assert_eq!(cmpf("olt", "1.0", "2.0"), "true");
    // A NaN decides alone.
    assert_eq!(
        fold(x, "  %n = arith.constant 0x7FC00000 : f32\n  %r = arith.cmpf uno, %a, %n : f32", "arith.cmpf"),
        "true"
    );
    assert_eq!(fold(x, "  %r = arith.cmpf oeq, %a, %b : f32", "arith.cmpf"), "none");
    assert_eq!(fold(x, "  %t = arith.constant true\n  %r = arith.select %t, %x, %x : i32", "arith.select"), "%arg0");
    let sel = "  %t = arith.constant true\n  %y = arith.constant 1 : i32\n  %r = arith.select %t, %x, %y : i32";
    assert_eq!(fold(x, sel, "arith.select"), "%arg0");
    let sel = "  %t = arith.constant false\n  %y = arith.constant 1 : i32\n  %r = arith.select %t, %x, %y : i32";
    assert_eq!(fold(x, sel, "arith.select"), "arith.constant#0");
    let sel = "  %t = arith.constant true\n  %f = arith.constant false\n  %r = arith.select %c, %t, %f : i1";
    assert_eq!(fold(x, sel, "arith.select"), "%arg1");
    let sel = "  %k = arith.constant 7 : i32\n  %e = arith.cmpi ne, %x, %k : i32\n  %r = arith.select %e, %x, %k : i32";
    assert_eq!(fold(x, sel, "arith.select"), "%arg0");
    let sel = "  %m = arith.constant dense<[true, false]> : vector<2xi1>\n  %p = arith.constant dense<[1, 2]> : vector<2xi8>\n  %q = arith.constant dense<[3, 4]> : vector<2xi8>\n  %r = arith.select %m, %p, %q : vector<2xi1>, vector<2xi8>";
    assert_eq!(fold("", sel, "arith.select"), "dense<[1, 4]> : vector<2xi8>");
}

#[test]
fn floats_nan_and_signed_zero() {
    let f = |op: &str, a: &str, b: &str| binary(op, a, b, "f32");
    assert_eq!(f("arith.addf", "0x7FC00000", "1.0"), "0x7FC00000 : f32");
    assert_eq!(f("arith.addf", "0x7F800001", "1.0"), "0x7FC00001 : f32");
    assert_eq!(f("arith.addf", "-0.0", "0.0"), "0.000000e+00 : f32");
    assert_eq!(f("arith.subf", "-0.0", "-0.0"), "0.000000e+00 : f32");
    assert_eq!(f("arith.subf", "-0.0", "0.0"), "arith.constant#0");
    assert_eq!(f("arith.addf", "0.1", "0.2"), "3.000000e-01 : f32");
    assert_eq!(binary("arith.addf", "0.1", "0.2", "f64"), "0.30000000000000004 : f64");
    assert_eq!(f("arith.mulf", "-1.0", "0.0"), "-0.000000e+00 : f32");
    assert_eq!(f("arith.divf", "1.0", "0.0"), "0x7F800000 : f32");
    assert_eq!(f("arith.divf", "0.0", "0.0"), "0x7FC00000 : f32");
    assert_eq!(f("arith.remf", "-7.5", "2.0"), "-1.500000e+00 : f32");
    assert_eq!(f("arith.maximumf", "0x7F800001", "1.0"), "0x7F800001 : f32");
    assert_eq!(f("arith.minimumf", "-0.0", "0.0"), "-0.000000e+00 : f32");
    // maxnumf folds like maximumf upstream; minnumf ignores NaN.
    assert_eq!(f("arith.maxnumf", "0x7FC00000", "1.0"), "0x7FC00000 : f32");
    assert_eq!(f("arith.minnumf", "0x7FC00000", "1.0"), "1.000000e+00 : f32");
    assert_eq!(f("arith.minnumf", "0.0", "-0.0"), "-0.000000e+00 : f32");
    assert_eq!(binary("arith.addf", "1.0", "4.8828125e-4", "f16"), "1.000000e+00 : f16");
    assert_eq!(binary("arith.mulf", "3.0", "5.5", "f8E4M3"), "1.600000e+01 : f8E4M3");
    assert_eq!(binary("arith.addf", "1.0", "2.0", "f80"), "3.000000e+00 : f80");
    assert_eq!(binary("arith.divf", "1.0", "3.0", "f128"), "0.333333333333333333333333333333333317 : f128");
    let un = |op: &str, v: &str, t: &str| fold_consts(op, &[(v, t)], t);
    assert_eq!(un("arith.negf", "0.0", "f32"), "-0.000000e+00 : f32");
    assert_eq!(un("arith.negf", "0.0", "f8E5M2FNUZ"), "0.000000e+00 : f8E5M2FNUZ");
    assert_eq!(
        un("arith.negf", "dense<[1.0, -2.0]>", "vector<2xf64>"),
        "dense<[-1.000000e+00, 2.000000e+00]> : vector<2xf64>"
    );
    let x = "%x: f32";
    assert_eq!(fold(x, "  %z = arith.constant -0.0 : f32\n  %r = arith.addf %x, %z : f32", "arith.addf"), "%arg0");
    assert_eq!(fold(x, "  %z = arith.constant 0.0 : f32\n  %r = arith.addf %x, %z : f32", "arith.addf"), "none");
    assert_eq!(fold(x, "  %z = arith.constant 0.0 : f32\n  %r = arith.subf %x, %z : f32", "arith.subf"), "%arg0");
    assert_eq!(fold(x, "  %o = arith.constant 1.0 : f32\n  %r = arith.divf %x, %o : f32", "arith.divf"), "%arg0");
    assert_eq!(
        fold(x, "  %i = arith.constant 0xFF800000 : f32\n  %r = arith.maxnumf %x, %i : f32", "arith.maxnumf"),
        "%arg0"
    );
    let twice = "  %n = arith.negf %x : f32\n  %r = arith.negf %n : f32";
    let (mut ir, top) = parse(&format!("func.func @f(%x: f32) {{\n{twice}\n  return\n}}"));
    let outer = ir.pre_order(top).into_iter().filter(|&o| ir.is_op(o, "arith.negf")).nth(1).expect("two negf");
    assert!(
        matches!(fold_op(&mut ir, outer), FoldOutcome::Results(r) if r[0] == OpFoldResult::Value(ir.block_arg(ir.entry_block(ir.region(top_func(&ir, top), 0)).expect("entry"), 0)))
    );
}

#[test]
fn casts() {
    let cast = |op: &str, v: &str, from: &str, to: &str| fold_consts(op, &[(v, from)], to);
    assert_eq!(cast("arith.extsi", "-1", "i8", "i32"), "-1 : i32");
    assert_eq!(cast("arith.extui", "-1", "i8", "i32"), "255 : i32");
    assert_eq!(cast("arith.extui", "true", "i1", "i8"), "1 : i8");
    assert_eq!(cast("arith.extsi", "true", "i1", "i8"), "-1 : i8");
    assert_eq!(cast("arith.trunci", "257", "i32", "i8"), "1 : i8");
    assert_eq!(cast("arith.trunci", "3", "i32", "i1"), "true");
    assert_eq!(cast("arith.index_cast", "-1", "i32", "index"), "-1 : index");
    assert_eq!(cast("arith.index_castui", "-1", "i32", "index"), "4294967295 : index");
    assert_eq!(cast("arith.index_cast", "4294967296", "index", "i32"), "0 : i32");
    assert_eq!(cast("arith.sitofp", "-1", "i8", "f32"), "-1.000000e+00 : f32");
    assert_eq!(cast("arith.uitofp", "-1", "i8", "f32"), "2.550000e+02 : f32");
    assert_eq!(cast("arith.sitofp", "16777217", "i32", "f32"), "0x4B800000 : f32");
    assert_eq!(cast("arith.fptosi", "-1.9", "f32", "i8"), "-1 : i8");
    assert_eq!(cast("arith.fptosi", "200.0", "f32", "i8"), "none");
    assert_eq!(cast("arith.fptoui", "200.0", "f32", "i8"), "-56 : i8");
    assert_eq!(cast("arith.fptoui", "-1.0", "f32", "i8"), "none");
    assert_eq!(cast("arith.fptosi", "0x7FC00000", "f32", "i32"), "none");
    assert_eq!(cast("arith.extf", "0.1", "f32", "f64"), "0.10000000149011612 : f64");
    assert_eq!(cast("arith.truncf", "1.5", "f64", "f16"), "1.500000e+00 : f16");
    assert_eq!(cast("arith.truncf", "0.1", "f64", "f32"), "none");
    assert_eq!(cast("arith.truncf", "1.0e10", "f32", "f16"), "none");
    assert_eq!(cast("arith.bitcast", "1.0", "f32", "i32"), "1065353216 : i32");
    assert_eq!(cast("arith.bitcast", "-1", "i16", "f16"), "0xFFFF : f16");
    assert_eq!(
        cast("arith.sitofp", "dense<[1, -2]>", "vector<2xi8>", "vector<2xf16>"),
        "dense<[1.000000e+00, -2.000000e+00]> : vector<2xf16>"
    );
    assert_eq!(
        cast("arith.bitcast", "dense<1.0>", "tensor<2xf32>", "tensor<2xi32>"),
        "dense<1065353216> : tensor<2xi32>"
    );
}

#[test]
fn casts_of_casts() {
    let ext = fold("%x: i8", "  %a = arith.extui %x : i8 to i16\n  %r = arith.extui %a : i16 to i32", "arith.extui");
    assert!(ext.starts_with("in-place") && ext.contains("(%arg0) : (i8) -> i32"), "{ext}");
    assert!(fold("%x: i8", "  %a = arith.extsi %x : i8 to i16\n  %r = arith.extsi %a : i16 to i32", "arith.extsi")
        .starts_with("in-place"));
    assert_eq!(
        fold("%x: i8", "  %a = arith.extsi %x : i8 to i32\n  %r = arith.trunci %a : i32 to i8", "arith.trunci"),
        "%arg0"
    );
    assert!(fold("%x: i32", "  %a = arith.extsi %x : i32 to i64\n  %r = arith.trunci %a : i64 to i8", "arith.trunci")
        .starts_with("in-place"));
    assert_eq!(
        fold("%x: i8", "  %a = arith.extui %x : i8 to i32\n  %r = arith.trunci %a : i32 to i16", "arith.trunci"),
        "none"
    );
    let rt = "  %a = arith.index_cast %x : i32 to index\n  %r = arith.index_cast %a : index to i32";
    assert_eq!(fold("%x: i32", rt, "arith.index_cast"), "%arg0");
    let rt = "  %a = arith.index_castui %x : i32 to index\n  %r = arith.index_castui %a : index to i64";
    assert_eq!(fold("%x: i32", rt, "arith.index_castui"), "none");
    let ext =
        "  %t = arith.truncf %x fastmath<contract> : f32 to f16\n  %r = arith.extf %t fastmath<contract> : f16 to f32";
    assert_eq!(fold("%x: f32", ext, "arith.extf"), "%arg0");
    let ext = "  %t = arith.truncf %x : f32 to f16\n  %r = arith.extf %t fastmath<contract> : f16 to f32";
    assert_eq!(fold("%x: f32", ext, "arith.extf"), "none");
    let bc = "  %a = arith.bitcast %x : f32 to i32\n  %r = arith.bitcast %a : i32 to f32";
    assert_eq!(fold("%x: f32", bc, "arith.bitcast"), "%arg0");
    let bc = "  %a = arith.bitcast %x : f32 to i32\n  %r = arith.bitcast %a : i32 to i32";
    assert_eq!(fold("%x: f32", bc, "arith.bitcast"), "none");
}

#[test]
fn extended_ops() {
    let r = fold_consts("arith.addui_extended", &[("-1", "i8"), ("2", "i8")], "(i8, i1)");
    assert_eq!(r, "1 : i8, true");
    let r = fold_consts("arith.mulsi_extended", &[("-1", "i8"), ("-1", "i8")], "(i8, i8)");
    assert_eq!(r, "1 : i8, 0 : i8");
    let r = fold_consts("arith.mului_extended", &[("-1", "i8"), ("-1", "i8")], "(i8, i8)");
    assert_eq!(r, "1 : i8, -2 : i8");
    let body = "  %c0 = arith.constant 0 : i32\n  %s, %o = arith.addui_extended %x, %c0 : i32, i1";
    assert_eq!(fold("%x: i32", body, "arith.addui_extended"), "%arg0, false");
}

#[test]
fn constant_folds_to_its_value_and_materializes() {
    assert_eq!(fold("", "  %c = arith.constant 5 : i16", "arith.constant"), "5 : i16");
    let (mut ir, top) = parse("func.func @f() {\n  return\n}");
    let ctx = ir.ctx_arc().clone();
    let ret = find(&ir, top, "func.return");
    let loc = ir.op_loc(ret);
    let i32t = ctx.int_ty(32);
    let a = ctx.int_attr(i32t, 7);
    let op = materialize_constant(&mut ir, InsertPoint::Before(ret), a, i32t, loc).expect("buildable");
    assert!(ir.is_op(op, "arith.constant"));
    assert_eq!(ir.value_type(ir.result(op, 0)), i32t);
    assert!(materialize_constant(&mut ir, InsertPoint::Before(ret), a, ctx.int_ty(8), loc).is_none());
    let si = ctx.ty(ir::TypeKind::Integer { width: 8, signedness: ir::Signedness::Signed });
    assert!(materialize_constant(&mut ir, InsertPoint::Before(ret), ctx.int_attr(si, 1), si, loc).is_none());
    assert!(materialize_constant(&mut ir, InsertPoint::Before(ret), ctx.str_attr("s"), ctx.none_ty(), loc).is_none());
}

#[test]
fn folders_reject_malformed_ops() {
    // Generic ops with the wrong arity must not panic.
    let src = "func.func @f(%x: i32) {\n  %r = \"arith.addi\"(%x) : (i32) -> i32\n  %s = \"arith.select\"(%x) : (i32) -> i32\n  %t = \"arith.extui\"() : () -> i32\n  return\n}";
    let (mut ir, top) = parse(src);
    for name in ["arith.addi", "arith.select", "arith.extui"] {
        let op = find(&ir, top, name);
        assert_eq!(fold_op(&mut ir, op), FoldOutcome::Failure);
    }
}

/// Differential test of the folders against `mlir-opt-19 --canonicalize`
/// on random constant operands of every integer width and float type
/// (`ARITH_DIFF_CASES` and `ARITH_DIFF_SEED` choose how many and which).
/// Skipped when mlir-opt-19 is absent, unless `BUFOPT_REQUIRE_MLIR=1`.
#[test]
fn differential_against_mlir_opt() {
    let have = std::process::Command::new("mlir-opt-19")
        .arg("--version")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !have {
        assert!(
            std::env::var("BUFOPT_REQUIRE_MLIR").as_deref() != Ok("1"),
            "mlir-opt-19 is required (BUFOPT_REQUIRE_MLIR=1) but not installed"
        );
        println!("skipped: mlir-opt-19 not installed");
        return;
    }
    let n = std::env::var("ARITH_DIFF_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(2000);
    let cases = differential::cases(n);
    let mut src = String::new();
    let mut ours = Vec::new();
    for (i, body) in cases.iter().enumerate() {
        let func = format!("func.func @c{i}() -> {} {{\n{}\n}}\n", body.ret_ty, body.text);
        ours.push(differential::fold_case(&func, &body.op));
        src.push_str(&func);
    }
    let dir = std::env::temp_dir().join(format!("bufopt-arith-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let input = dir.join("in.mlir");
    std::fs::write(&input, &src).expect("write input");
    let out = std::process::Command::new("mlir-opt-19")
        .arg("--canonicalize")
        .arg("--mlir-print-op-generic")
        .arg(&input)
        .output()
        .expect("mlir-opt-19 runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let (ir, top) = parse(&text);
    let funcs: Vec<OpId> = ir.pre_order(top).into_iter().filter(|&o| ir.is_op(o, "func.func")).collect();
    let mut failures = Vec::new();
    for f in funcs {
        let name = ir.attr(f, "sym_name").and_then(|a| ir.ctx().str_value(a)).unwrap_or("").to_string();
        let Ok(i) = name.trim_start_matches('c').parse::<usize>() else { continue };
        let theirs = differential::returned(&ir, f, &text);
        if theirs != ours[i] {
            failures.push(format!("{}\n  mlir-opt: {theirs}\n  bufopt:   {}", cases[i].text, ours[i]));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.iter().take(40).cloned().collect::<Vec<_>>().join("\n")
    );
}

mod differential {
    use super::*;

    pub struct Case {
        pub text: String,
        pub ret_ty: String,
        pub op: String,
    }

    /// A small deterministic generator.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            self.0 >> 11
        }
        fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
            &xs[(self.next() % xs.len() as u64) as usize]
        }
        fn bits(&mut self) -> u128 {
            (u128::from(self.next()) << 64) | u128::from(self.next())
        }
    }

    const INT_TYPES: [(&str, u32); 8] =
        [("i1", 1), ("i8", 8), ("i16", 16), ("i32", 32), ("i64", 64), ("i128", 128), ("index", 64), ("i7", 7)];
    const FLOAT_TYPES: [(&str, FloatKind); 13] = [
        ("f16", FloatKind::F16),
        ("bf16", FloatKind::BF16),
        ("f32", FloatKind::F32),
        ("f64", FloatKind::F64),
        ("f80", FloatKind::F80),
        ("f128", FloatKind::F128),
        ("tf32", FloatKind::TF32),
        ("f8E5M2", FloatKind::F8E5M2),
        ("f8E4M3", FloatKind::F8E4M3),
        ("f8E4M3FN", FloatKind::F8E4M3FN),
        ("f8E5M2FNUZ", FloatKind::F8E5M2FNUZ),
        ("f8E4M3FNUZ", FloatKind::F8E4M3FNUZ),
        ("f8E4M3B11FNUZ", FloatKind::F8E4M3B11FNUZ),
    ];
    use ir::float::{self, FloatKind};

    fn int_value(r: &mut Rng, w: u32) -> String {
        let mask = super::super::eval::low_mask(w);
        let v: u128 = match r.next() % 8 {
            0 => 0,
            1 => 1,
            2 => mask,
            3 => 1 << (w - 1),
            4 => mask >> 1,
            5 => u128::from(r.next() % 8),
            6 => mask.wrapping_sub(u128::from(r.next() % 4)),
            _ => r.bits() & mask,
        };
        let s = ir::attrs::sign_extend(v & mask, w);
        if w == 1 {
            return if s != 0 { "true".into() } else { "false".into() };
        }
        s.to_string()
    }

    fn float_value(r: &mut Rng, k: FloatKind) -> String {
        let specials = [
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.5,
            2.0,
            3.0,
            -2.5,
            1.5,
            7.0,
            1e-3,
            0.1,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ];
        let bits = match r.next() % 3 {
            0 => float::canonicalize(k, r.bits() & super::super::eval::low_mask(k.semantics_bits())),
            _ => float::from_f64(k, *r.pick(&specials)),
        };
        format!("{:#X}", float::canonicalize(k, bits))
    }

    fn shaped(r: &mut Rng, elem: &str) -> (String, bool) {
        match r.next() % 4 {
            0 => (format!("vector<3x{elem}>"), true),
            _ => (elem.to_string(), false),
        }
    }

    fn constant(name: &str, v: &[String], ty: &str, elem: &str) -> String {
        if ty == elem {
            if elem == "i1" {
                return format!("  %{name} = arith.constant {}", v[0]);
            }
            return format!("  %{name} = arith.constant {} : {ty}", v[0]);
        }
        format!("  %{name} = arith.constant dense<[{}]> : {ty}", v.join(", "))
    }

    pub fn cases(n: usize) -> Vec<Case> {
        let seed = std::env::var("ARITH_DIFF_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0x5eed);
        let mut r = Rng(seed);
        let int_ops = [
            "addi",
            "subi",
            "muli",
            "divsi",
            "divui",
            "ceildivsi",
            "ceildivui",
            "floordivsi",
            "remsi",
            "remui",
            "andi",
            "ori",
            "xori",
            "shli",
            "shrsi",
            "shrui",
            "maxsi",
            "minsi",
            "maxui",
            "minui",
        ];
        let float_ops = ["addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf"];
        let cmpi = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"];
        let cmpf = [
            "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno",
            "true",
        ];
        let math1 = [
            "absf",
            "ceil",
            "floor",
            "roundeven",
            "sqrt",
            "exp",
            "exp2",
            "expm1",
            "log",
            "log2",
            "log10",
            "log1p",
            "sin",
            "cos",
            "tan",
            "tanh",
            "sinh",
            "cosh",
            "asin",
            "acos",
            "atan",
            "asinh",
            "acosh",
            "atanh",
            "erf",
            "round",
            "trunc",
        ];
        let mut out = Vec::new();
        while out.len() < n {
            let kind = r.next() % 10;
            let case = match kind {
                0 | 1 => {
                    let (elem, w) = *r.pick(&INT_TYPES);
                    let op = *r.pick(&int_ops);
                    let (ty, vec) = shaped(&mut r, elem);
                    let k = if vec { 3 } else { 1 };
                    let a: Vec<String> = (0..k).map(|_| int_value(&mut r, w)).collect();
                    let b: Vec<String> = (0..k).map(|_| int_value(&mut r, w)).collect();
                    let text = format!(
                        "{}\n{}\n  %r = arith.{op} %a, %b : {ty}\n  return %r : {ty}",
                        constant("a", &a, &ty, elem),
                        constant("b", &b, &ty, elem)
                    );
                    Case { text, ret_ty: ty, op: format!("arith.{op}") }
                }
                2 => {
                    let (elem, k) = *r.pick(&FLOAT_TYPES);
                    let op = *r.pick(&float_ops);
                    let (ty, vec) = shaped(&mut r, elem);
                    let n = if vec { 3 } else { 1 };
                    let a: Vec<String> = (0..n).map(|_| float_value(&mut r, k)).collect();
                    let b: Vec<String> = (0..n).map(|_| float_value(&mut r, k)).collect();
                    let text = format!(
                        "{}\n{}\n  %r = arith.{op} %a, %b : {ty}\n  return %r : {ty}",
                        constant("a", &a, &ty, elem),
                        constant("b", &b, &ty, elem)
                    );
                    Case { text, ret_ty: ty, op: format!("arith.{op}") }
                }
                3 => {
                    let (elem, w) = *r.pick(&INT_TYPES);
                    let p = *r.pick(&cmpi);
                    let a = vec![int_value(&mut r, w)];
                    let b = vec![int_value(&mut r, w)];
                    let text = format!(
                        "{}\n{}\n  %r = arith.cmpi {p}, %a, %b : {elem}\n  return %r : i1",
                        constant("a", &a, elem, elem),
                        constant("b", &b, elem, elem)
                    );
                    Case { text, ret_ty: "i1".into(), op: "arith.cmpi".into() }
                }
                4 => {
                    let (elem, k) = *r.pick(&FLOAT_TYPES);
                    let p = *r.pick(&cmpf);
                    let a = vec![float_value(&mut r, k)];
                    let b = vec![float_value(&mut r, k)];
                    let text = format!(
                        "{}\n{}\n  %r = arith.cmpf {p}, %a, %b : {elem}\n  return %r : i1",
                        constant("a", &a, elem, elem),
                        constant("b", &b, elem, elem)
                    );
                    Case { text, ret_ty: "i1".into(), op: "arith.cmpf".into() }
                }
                5 => {
                    // Casts.
                    let (fe, fk) = *r.pick(&FLOAT_TYPES);
                    let (ie, iw) = *r.pick(&INT_TYPES[..6]);
                    let (ge, gk) = *r.pick(&FLOAT_TYPES);
                    let which = r.next() % 6;
                    let (src_ty, src, dst_ty, op) = match which {
                        0 => (ie, int_value(&mut r, iw), fe, "sitofp"),
                        1 => (ie, int_value(&mut r, iw), fe, "uitofp"),
                        2 => (fe, float_value(&mut r, fk), ie, "fptosi"),
                        3 => (fe, float_value(&mut r, fk), ie, "fptoui"),
                        _ => {
                            let (a, b) =
                                if fk.bit_width() < gk.bit_width() || (fk.bit_width() == gk.bit_width() && fe < ge) {
                                    (fe, ge)
                                } else {
                                    (ge, fe)
                                };
                            if fk.bit_width() == gk.bit_width() {
                                continue;
                            }
                            let (sk, op) = if which == 4 { (a, "extf") } else { (b, "truncf") };
                            let dk = if which == 4 { b } else { a };
                            let kind = FLOAT_TYPES.iter().find(|t| t.0 == sk).map(|t| t.1).unwrap_or(FloatKind::F32);
                            (sk, float_value(&mut r, kind), dk, op)
                        }
                    };
                    if src_ty == "index" {
                        continue;
                    }
                    let text = format!(
                        "{}\n  %r = arith.{op} %a : {src_ty} to {dst_ty}\n  return %r : {dst_ty}",
                        constant("a", &[src], src_ty, src_ty)
                    );
                    Case { text, ret_ty: dst_ty.into(), op: format!("arith.{op}") }
                }
                7 => {
                    // Integer casts.
                    let (fe, fw) = *r.pick(&INT_TYPES);
                    let (te, tw) = *r.pick(&INT_TYPES);
                    let op = match (fe, te) {
                        ("index", "index") => continue,
                        ("index", _) | (_, "index") => *r.pick(&["index_cast", "index_castui"]),
                        _ if fw < tw => *r.pick(&["extsi", "extui"]),
                        _ if fw > tw => "trunci",
                        _ => "bitcast",
                    };
                    let text = format!(
                        "{}\n  %r = arith.{op} %a : {fe} to {te}\n  return %r : {te}",
                        constant("a", &[int_value(&mut r, fw)], fe, fe)
                    );
                    Case { text, ret_ty: te.into(), op: format!("arith.{op}") }
                }
                8 => {
                    let (elem, w) = *r.pick(&INT_TYPES);
                    let op = *r.pick(&["absi", "ctlz", "cttz", "ctpop", "ipowi"]);
                    let a = vec![int_value(&mut r, w)];
                    let b = vec![int_value(&mut r, w)];
                    let args = if op == "ipowi" { "%a, %b" } else { "%a" };
                    let text = format!(
                        "{}\n{}\n  %r = math.{op} {args} : {elem}\n  return %r : {elem}",
                        constant("a", &a, elem, elem),
                        constant("b", &b, elem, elem)
                    );
                    Case { text, ret_ty: elem.into(), op: format!("math.{op}") }
                }
                9 => {
                    let (elem, k) = *r.pick(&FLOAT_TYPES);
                    let op = *r.pick(&["powf", "atan2", "copysign"]);
                    let a = vec![float_value(&mut r, k)];
                    let b = vec![float_value(&mut r, k)];
                    let text = format!(
                        "{}\n{}\n  %r = math.{op} %a, %b : {elem}\n  return %r : {elem}",
                        constant("a", &a, elem, elem),
                        constant("b", &b, elem, elem)
                    );
                    Case { text, ret_ty: elem.into(), op: format!("math.{op}") }
                }
                _ => {
                    let (elem, k) = *r.pick(&FLOAT_TYPES);
                    let op = *r.pick(&math1);
                    let a = vec![float_value(&mut r, k)];
                    let text = format!(
                        "{}\n  %r = math.{op} %a : {elem}\n  return %r : {elem}",
                        constant("a", &a, elem, elem)
                    );
                    Case { text, ret_ty: elem.into(), op: format!("math.{op}") }
                }
            };
            out.push(case);
        }
        out
    }

    /// Folds the case's op with our folder: the constant it folds to, or
    /// `none`.
    pub fn fold_case(func: &str, op_name: &str) -> String {
        let (mut ir, top) = parse(func);
        let op = find(&ir, top, op_name);
        match fold_op(&mut ir, op) {
            FoldOutcome::Results(rs) => match rs[0] {
                OpFoldResult::Attr(a) => attr_to_string(ir.ctx(), a),
                OpFoldResult::Value(v) => {
                    value_constant(&ir, v).map(|a| attr_to_string(ir.ctx(), a)).unwrap_or_else(|| "value".into())
                }
            },
            _ => "none".into(),
        }
    }

    /// The constant a canonicalized function returns, or `none`: the text
    /// mlir-opt printed (re-reading decimal floats would round them through
    /// `f64`, as MLIR's parser does).
    pub fn returned(ir: &Ir, f: OpId, text: &str) -> String {
        let ret = ir.pre_order(f).into_iter().find(|&o| ir.is_op(o, "func.return"));
        let v = ret.filter(|&r| ir.num_operands(r) == 1).map(|r| ir.operand(r, 0));
        let Some(def) = v.and_then(|v| ir.defining_op(v)).filter(|&d| ir.is_op(d, "arith.constant")) else {
            return "none".into();
        };
        let line = ir.ctx().file_line_col(ir.op_loc(def)).map(|(_, l, _)| l as usize).unwrap_or(0);
        let src = text.lines().nth(line.wrapping_sub(1)).unwrap_or("");
        src.split_once("<{value = ")
            .and_then(|(_, r)| r.rsplit_once("}> :"))
            .map(|(v, _)| v.to_string())
            .unwrap_or_default()
    }
}

#[test]
fn select_results_flow_from_both_values() {
    use ir::buffer_interfaces::BufferViewFlow;
    let src = "func.func @f(%c: i1, %a: memref<4xf32>, %b: memref<4xf32>) {\n  %s = arith.select %c, %a, %b : memref<4xf32>\n  return\n}";
    let (ir, top) = parse(src);
    let op = find(&ir, top, "arith.select");
    let sel = super::SelectOp::cast(&ir, op).expect("a select");
    let flow = ir.ctx().registry().interface::<dyn BufferViewFlow>(ir.op_name(op)).expect("attached");
    let mut deps = Vec::new();
    flow.dependencies(&ir, op, &mut deps);
    let r = sel.result(&ir);
    assert_eq!(deps, vec![(sel.true_value(&ir), r), (sel.false_value(&ir), r)]);
    assert_eq!(describe(&ir, deps[0].0), "%arg1");
    assert_eq!(describe(&ir, deps[1].0), "%arg2");
    assert!(!flow.may_be_terminal_buffer(&ir, op, r));
    // Other arith ops do not take part.
    let (ir2, top2) = parse("func.func @g(%x: i32) {\n  %y = arith.addi %x, %x : i32\n  return\n}");
    let add = find(&ir2, top2, "arith.addi");
    assert!(ir2.ctx().registry().interface::<dyn BufferViewFlow>(ir2.op_name(add)).is_none());
}

#[test]
fn typed_views_read_the_declared_groups() {
    let src = "func.func @f(%x: i32, %i: index) {\n  %y = arith.addi %x, %x overflow<nsw> : i32\n  %j = arith.index_cast %i : index to i32\n  %p = arith.cmpi slt, %y, %j : i32\n  %c = arith.constant 3 : i32\n  return\n}";
    let (ir, top) = parse(src);
    let add = super::AddIOp::cast(&ir, find(&ir, top, "arith.addi")).expect("addi");
    assert_eq!(describe(&ir, add.lhs(&ir)), "%arg0");
    assert_eq!(describe(&ir, add.rhs(&ir)), "%arg0");
    assert!(add.overflowFlags(&ir).is_some());
    let cast = super::IndexCastOp::cast(&ir, find(&ir, top, "arith.index_cast")).expect("index_cast");
    assert_eq!(describe(&ir, cast.input(&ir)), "%arg1");
    assert_eq!(ir.value_type(cast.out(&ir)), ir.ctx().int_ty(32));
    let cmp = super::CmpIOp::cast(&ir, find(&ir, top, "arith.cmpi")).expect("cmpi");
    assert_eq!(describe(&ir, cmp.lhs(&ir)), "arith.addi#0");
    assert_eq!(describe(&ir, cmp.rhs(&ir)), "arith.index_cast#0");
    let c = super::ConstantOp::cast(&ir, find(&ir, top, "arith.constant")).expect("constant");
    assert_eq!(attr_to_string(ir.ctx(), c.value(&ir).expect("value")), "3 : i32");
    assert!(super::AddIOp::cast(&ir, c.0).is_none());
}

#[test]
fn fold_results_materialize_through_the_dialect() {
    use ir::rewrite_api::materialize_constant_for;
    let src = "func.func @f(%x: f32, %t: tensor<4xf32>) {\n  %y = math.absf %x : f32\n  %d = arith.constant 0 : index\n  %e = tensor.extract %t[%d] : tensor<4xf32>\n  cf.br ^bb1\n^bb1:\n  return\n}";
    let (mut ir, top) = parse(src);
    let ctx = ir.ctx_arc().clone();
    let i32t = ctx.int_ty(32);
    let a = ctx.int_attr(i32t, 7);
    for name in ["math.absf", "tensor.extract", "arith.constant"] {
        let op = find(&ir, top, name);
        let loc = ir.op_loc(op);
        let c = materialize_constant_for(&mut ir, op, InsertPoint::Before(op), a, i32t, loc).expect("materialized");
        assert!(ir.is_op(c, "arith.constant"), "{name}");
        // Not buildable: the dialect's materializer declines.
        assert!(materialize_constant_for(&mut ir, op, InsertPoint::Before(op), a, ctx.int_ty(8), loc).is_none());
    }
    // `cf` has no materializer.
    let br = find(&ir, top, "cf.br");
    let loc = ir.op_loc(br);
    assert!(materialize_constant_for(&mut ir, br, InsertPoint::Before(br), a, i32t, loc).is_none());
}

#[test]
fn a_materializer_attached_twice_or_to_an_unknown_dialect_is_an_error() {
    let mut ctx = crate::new_context();
    super::use_arith_materializer(&mut ctx, "arith");
    super::use_arith_materializer(&mut ctx, "nosuchdialect");
    let err = ctx.registry().check(&ctx).expect_err("two mistakes").to_string();
    assert!(err.contains("constant materializer attached twice to dialect 'arith'"), "{err}");
    assert!(err.contains("constant materializer of an unregistered dialect 'nosuchdialect'"), "{err}");
}
