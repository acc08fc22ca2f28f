//! Tests of [`structured_info`](super::structured_info) and the linalg
//! interfaces (destination style, memory effects, reified shapes) on
//! parsed IR.

use super::*;
use ir::interfaces::{DestinationStyle, EffectKind, EffectOn, MemoryEffects, OpFoldSize, ReifyShapes};

use testkit::Module;

fn parse(src: &str) -> Module {
    testkit::parse_in(crate::new_context(), src, false)
}

/// The structured description of the `n`th op named `name`.
fn info(m: &Module, name: &str, n: usize) -> StructuredInfo {
    structured_info(&m.ir, m.op(name, n)).expect("structured op")
}

fn maps(text: &[&str]) -> Vec<String> {
    text.iter().map(|s| s.to_string()).collect()
}

fn map_strings(info: &StructuredInfo) -> Vec<String> {
    info.indexing_maps.iter().map(|m| m.to_string()).collect()
}

use IteratorKind::{Parallel as P, Reduction as R};

const NAMED: &str = r#"
func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x2xf32>, %c: tensor<4x2xf32>, %v: tensor<8xf32>, %w: tensor<4xf32>,
             %s: tensor<f32>, %x: f32, %m: memref<2x4x8xi8>, %n: memref<2x8x3xi8>, %o: memref<2x4x3xi32>,
             %r: memref<4x3xi8>) {
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x2xf32>) outs(%c : tensor<4x2xf32>) -> tensor<4x2xf32>
  %1 = linalg.matvec ins(%a, %v : tensor<4x8xf32>, tensor<8xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
  %2 = linalg.vecmat ins(%w, %a : tensor<4xf32>, tensor<4x8xf32>) outs(%v : tensor<8xf32>) -> tensor<8xf32>
  %3 = linalg.dot ins(%v, %v : tensor<8xf32>, tensor<8xf32>) outs(%s : tensor<f32>) -> tensor<f32>
  linalg.batch_matmul ins(%m, %n : memref<2x4x8xi8>, memref<2x8x3xi8>) outs(%o : memref<2x4x3xi32>)
  linalg.batch_reduce_matmul ins(%m, %n : memref<2x4x8xi8>, memref<2x8x3xi8>) outs(%r : memref<4x3xi8>)
  %4 = linalg.fill ins(%x : f32) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  %5 = linalg.copy ins(%a : tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  %6 = linalg.elemwise_unary ins(%s : tensor<f32>) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  %7 = linalg.elemwise_binary ins(%a, %s : tensor<4x8xf32>, tensor<f32>) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}
"#;

#[test]
fn named_op_structure() {
    let m = parse(NAMED);
    m.verify(false).expect("valid");
    let mm = info(&m, "linalg.matmul", 0);
    assert_eq!(
        map_strings(&mm),
        maps(&["(d0, d1, d2) -> (d0, d2)", "(d0, d1, d2) -> (d2, d1)", "(d0, d1, d2) -> (d0, d1)"])
    );
    assert_eq!(mm.iterators, vec![P, P, R]);
    assert_eq!((mm.num_inputs, mm.num_outputs), (2, 1));
    assert_eq!(info(&m, "linalg.matvec", 0).iterators, vec![P, R]);
    assert_eq!(map_strings(&info(&m, "linalg.vecmat", 0))[1], "(d0, d1) -> (d1, d0)");
    assert_eq!(map_strings(&info(&m, "linalg.dot", 0)), maps(&["(d0) -> (d0)", "(d0) -> (d0)", "(d0) -> ()"]));
    assert_eq!(info(&m, "linalg.batch_matmul", 0).iterators, vec![P, P, P, R]);
    assert_eq!(info(&m, "linalg.batch_reduce_matmul", 0).iterators, vec![R, P, P, R]);
    let fill = info(&m, "linalg.fill", 0);
    assert_eq!(map_strings(&fill), maps(&["(d0, d1) -> ()", "(d0, d1) -> (d0, d1)"]));
    assert_eq!(fill.iterators, vec![P, P]);
    assert_eq!(map_strings(&info(&m, "linalg.copy", 0)), maps(&["(d0, d1) -> (d0, d1)", "(d0, d1) -> (d0, d1)"]));
    assert_eq!(map_strings(&info(&m, "linalg.elemwise_unary", 0))[0], "(d0, d1) -> ()");
    let bin = info(&m, "linalg.elemwise_binary", 0);
    assert_eq!((bin.num_inputs, bin.num_outputs, bin.indexing_maps.len()), (2, 1, 3));
}

#[test]
fn packed_and_quantized_matmul_structure() {
    let m = parse(
        r#"
func.func @f(%l: tensor<2x3x8x1xf32>, %r: tensor<5x3x4x1xf32>, %acc: tensor<2x5x8x4xf32>, %a: tensor<3x4xi8>,
             %b: tensor<4x2xi8>, %zp: i8, %c: tensor<3x2xi32>, %v: vector<4xf32>, %t: tensor<6xvector<4xf32>>) {
  %0 = linalg.mmt4d ins(%l, %r : tensor<2x3x8x1xf32>, tensor<5x3x4x1xf32>) outs(%acc : tensor<2x5x8x4xf32>) -> tensor<2x5x8x4xf32>
  %1 = linalg.quantized_matmul ins(%a, %b, %zp, %zp : tensor<3x4xi8>, tensor<4x2xi8>, i8, i8) outs(%c : tensor<3x2xi32>) -> tensor<3x2xi32>
  %2 = linalg.fill ins(%v : vector<4xf32>) outs(%t : tensor<6xvector<4xf32>>) -> tensor<6xvector<4xf32>>
  return
}
"#,
    );
    m.verify(false).expect("valid");
    let mmt4d = info(&m, "linalg.mmt4d", 0);
    assert_eq!(mmt4d.iterators, vec![P, P, R, P, P, R]);
    assert_eq!(map_strings(&mmt4d)[2], "(d0, d1, d2, d3, d4, d5) -> (d0, d1, d3, d4)");
    let q = info(&m, "linalg.quantized_matmul", 0);
    assert_eq!((q.num_inputs, q.num_outputs), (4, 1));
    assert_eq!(map_strings(&q)[2], "(d0, d1, d2) -> ()");
    assert!(named::named_def("linalg.mmt4d").is_some_and(named::NamedDef::is_contraction));
    assert!(!named::named_def("linalg.quantized_matmul").is_some_and(named::NamedDef::is_contraction));
    // A vector value is a scalar to linalg: one loop, over the tensor.
    assert_eq!(map_strings(&info(&m, "linalg.fill", 0)), maps(&["(d0) -> ()", "(d0) -> (d0)"]));
}

#[test]
fn named_op_bodies_are_materialised() {
    let m = parse(NAMED);
    // The batch_matmul body on i8 inputs and an i32 accumulator: two
    // sign extensions, muli, addi, yield.
    let op = m.op("linalg.batch_matmul", 0);
    let body = m.ir.entry_block(m.ir.region(op, 0)).expect("body");
    let names: Vec<&str> = m.ir.block_ops(body).map(|o| m.ir.op_name_str(o)).collect();
    assert_eq!(names, ["arith.extsi", "arith.extsi", "arith.muli", "arith.addi", "linalg.yield"]);
    let arg_types: Vec<String> =
        m.ir.block_args(body)
            .iter()
            .map(|&a| syntax::print_attr::type_to_string(m.ir.ctx(), m.ir.value_type(a)))
            .collect();
    assert_eq!(arg_types, ["i8", "i8", "i32"]);
    // fill yields its scalar directly.
    let fill = m.op("linalg.fill", 0);
    let body = m.ir.entry_block(m.ir.region(fill, 0)).expect("body");
    let y = m.ir.terminator(body).expect("yield");
    assert_eq!(m.ir.operand(y, 0), m.ir.block_arg(body, 0));
}

const STRUCTURED: &str = r#"
func.func @g(%a: tensor<2x3x4xf32>, %r: tensor<3xf32>, %t: tensor<4x2x3xf32>, %v: tensor<3xf32>,
             %b: tensor<2x3x4xf32>, %m: memref<?x?xf32>, %n: memref<?xf32>) {
  %0 = linalg.reduce { arith.addf } ins(%a : tensor<2x3x4xf32>) outs(%r : tensor<3xf32>) dimensions = [0, 2]
  %1 = linalg.transpose ins(%a : tensor<2x3x4xf32>) outs(%t : tensor<4x2x3xf32>) permutation = [2, 0, 1]
  %2 = linalg.broadcast ins(%v : tensor<3xf32>) outs(%b : tensor<2x3x4xf32>) dimensions = [0, 2]
  %3 = linalg.map { arith.negf } ins(%a : tensor<2x3x4xf32>) outs(%b : tensor<2x3x4xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%m : memref<?x?xf32>) outs(%n : memref<?xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  linalg.map outs(%n : memref<?xf32>) () {
    %c = arith.constant 0.0 : f32
    linalg.yield %c : f32
  }
  linalg.map { arith.negf } ins(%n : memref<?xf32>) outs(%n : memref<?xf32>)
  return
}
"#;

#[test]
fn structured_op_structure() {
    let m = parse(STRUCTURED);
    m.verify(false).expect("valid");
    let red = info(&m, "linalg.reduce", 0);
    assert_eq!(map_strings(&red), maps(&["(d0, d1, d2) -> (d0, d1, d2)", "(d0, d1, d2) -> (d1)"]));
    assert_eq!(red.iterators, vec![R, P, R]);
    let tr = info(&m, "linalg.transpose", 0);
    assert_eq!(map_strings(&tr), maps(&["(d0, d1, d2) -> (d1, d2, d0)", "(d0, d1, d2) -> (d0, d1, d2)"]));
    let bc = info(&m, "linalg.broadcast", 0);
    assert_eq!(map_strings(&bc)[0], "(d0, d1, d2) -> (d1)");
    let map = info(&m, "linalg.map", 0);
    assert_eq!((map.num_inputs, map.num_outputs, map.iterators.len()), (1, 1, 3));
    let gen = info(&m, "linalg.generic", 0);
    assert_eq!(gen.iterators, vec![P, R]);
    assert_eq!(map_strings(&gen), maps(&["(d0, d1) -> (d0, d1)", "(d0, d1) -> (d0)"]));
    assert!(structured_info(&m.ir, m.op("func.return", 0)).is_none());
}

#[test]
fn buffer_effects_and_inits() {
    let m = parse(STRUCTURED);
    // generic: reads its input, reads (the body uses it) and writes its init.
    assert_eq!(
        m.effects("linalg.generic"),
        vec![
            (EffectKind::Read, EffectOn::Operand(0)),
            (EffectKind::Read, EffectOn::Operand(1)),
            (EffectKind::Write, EffectOn::Operand(1))
        ]
    );
    // A map without inputs only writes; tensor ops have no effects.
    let map = m.op("linalg.map", 1);
    let imp = m.ir.ctx().registry().interface::<dyn MemoryEffects>(m.ir.op_name(map)).expect("effects");
    let mut out = Vec::new();
    imp.effects(&m.ir, map, &mut out);
    assert_eq!(out.len(), 1);
    assert_eq!((out[0].kind, out[0].on), (EffectKind::Write, EffectOn::Operand(0)));
    assert!(m.effects("linalg.reduce").is_empty());
    let red = m.op("linalg.reduce", 0);
    let dps = m.ir.ctx().registry().interface::<dyn DestinationStyle>(m.ir.op_name(red)).expect("dps");
    assert_eq!(dps.inits(&m.ir, red), 1..2);
}

#[test]
fn reified_shapes_use_the_init() {
    let mut m = parse(
        r#"
func.func @h(%a: tensor<?x4xf32>, %x: f32) -> tensor<?x4xf32> {
  %0 = linalg.fill ins(%x : f32) outs(%a : tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
"#,
    );
    let op = m.op("linalg.fill", 0);
    let ctx = m.ir.ctx_arc().clone();
    let imp = ctx.registry().interface::<dyn ReifyShapes>(m.ir.op_name(op)).expect("reify");
    let shapes = imp.reify(&mut m.ir, op, ir::InsertPoint::Before(op)).expect("reified");
    assert_eq!(shapes.len(), 1);
    assert!(matches!(shapes[0][0], OpFoldSize::Value(_)));
    assert_eq!(shapes[0][1], OpFoldSize::Static(4));
    m.verify(false).expect("still valid");
}

#[test]
fn malformed_ops_give_no_structure_and_no_panic() {
    // Generic-form ops with missing or wrong attributes.
    let m = parse(
        r#"
func.func @bad(%a: tensor<4xf32>) {
  %0 = "linalg.generic"(%a, %a) <{iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%x: f32, %y: f32):
    "linalg.yield"(%x) : (f32) -> ()
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = "linalg.transpose"(%a, %a) <{permutation = array<i64: 3>}> ({
  ^bb0(%x: f32, %y: f32):
    "linalg.yield"(%x) : (f32) -> ()
  }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = "linalg.reduce"(%a) <{dimensions = array<i64: 0>}> ({
  ^bb0(%x: f32):
    "linalg.yield"(%x) : (f32) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}
"#,
    );
    for name in ["linalg.generic", "linalg.transpose", "linalg.reduce"] {
        assert!(structured_info(&m.ir, m.op(name, 0)).is_none(), "{name}");
    }
    assert!(m.verify(false).is_err());
}

#[test]
fn built_named_ops_print_like_parsed_ones() {
    let src = r#"
func.func @b(%x: f32, %t: tensor<2x3xf64>, %m: memref<3x3xi8>, %c: memref<3x3xi32>) {
  return
}
"#;
    let mut m = parse(src);
    let ret = m.op("func.return", 0);
    let func = m.op("func.func", 0);
    let entry = m.ir.entry_block(m.ir.region(func, 0)).expect("body");
    let args: Vec<ir::ValueId> = m.ir.block_args(entry).to_vec();
    let loc = m.ir.op_loc(ret);
    let fill = build_named_op(&mut m.ir, ir::InsertPoint::Before(ret), loc, "linalg.fill", &[args[0]], &[args[1]], &[])
        .expect("fill");
    assert_eq!(m.ir.num_results(fill), 1);
    build_named_op(&mut m.ir, ir::InsertPoint::Before(ret), loc, "linalg.matmul", &[args[2], args[2]], &[args[3]], &[])
        .expect("matmul");
    assert!(build_named_op(&mut m.ir, ir::InsertPoint::Before(ret), loc, "linalg.dot", &[args[2]], &[args[3]], &[])
        .is_err());
    m.verify(false).expect("valid");
    let text = syntax::printer::print_module(&m.ir, m.top, syntax::printer::PrintOptions::default());
    assert!(
        text.contains("%0 = linalg.fill ins(%arg0 : f32) outs(%arg1 : tensor<2x3xf64>) -> tensor<2x3xf64>"),
        "{text}"
    );
    assert!(
        text.contains("linalg.matmul ins(%arg2, %arg2 : memref<3x3xi8>, memref<3x3xi8>) outs(%arg3 : memref<3x3xi32>)"),
        "{text}"
    );
    let generic = syntax::printer::print_module(
        &m.ir,
        m.top,
        syntax::printer::PrintOptions { generic: true, ..Default::default() },
    );
    assert!(generic.contains(") : (f32) -> f64"), "{generic}");
    assert!(generic.contains("\"arith.extsi\""), "{generic}");
    assert!(generic.contains("linalg.memoized_indexing_maps"), "{generic}");
}

#[test]
fn elementwise_named_ops_are_rank_polymorphic_with_fixed_bodies() {
    let m = parse(
        r#"
func.func @f(%c: tensor<2x3xi1>, %a: tensor<2x3xf32>, %i: memref<4xi32>, %s: tensor<f32>) {
  %0 = linalg.select ins(%c, %a, %a : tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) outs(%a : tensor<2x3xf32>) -> tensor<2x3xf32>
  linalg.max ins(%i, %i : memref<4xi32>, memref<4xi32>) outs(%i : memref<4xi32>)
  %1 = linalg.max ins(%a, %a : tensor<2x3xf32>, tensor<2x3xf32>) outs(%a : tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = linalg.exp ins(%s : tensor<f32>) outs(%a : tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}
"#,
    );
    m.verify(false).expect("valid");
    let sel = info(&m, "linalg.select", 0);
    assert_eq!((sel.num_inputs, sel.num_outputs), (3, 1));
    assert_eq!(map_strings(&sel), maps(&["(d0, d1) -> (d0, d1)"; 4]));
    assert_eq!(sel.iterators, vec![P, P]);
    assert_eq!(info(&m, "linalg.max", 0).iterators, vec![P]);
    assert_eq!(map_strings(&info(&m, "linalg.exp", 0)), maps(&["(d0, d1) -> ()", "(d0, d1) -> (d0, d1)"]));
    let body_ops = |name: &str, n: usize| -> Vec<String> {
        let op = m.op(name, n);
        let b = m.ir.entry_block(m.ir.region(op, 0)).expect("body");
        m.ir.block_ops(b).map(|o| m.ir.op_name_str(o).to_string()).collect()
    };
    assert_eq!(body_ops("linalg.select", 0), ["arith.select", "linalg.yield"]);
    assert_eq!(body_ops("linalg.max", 0), ["arith.maxsi", "linalg.yield"]);
    assert_eq!(body_ops("linalg.max", 1), ["arith.maximumf", "linalg.yield"]);
    assert_eq!(body_ops("linalg.exp", 0), ["math.exp", "linalg.yield"]);
}

#[test]
fn typed_views_split_ins_and_outs() {
    let m = parse(STRUCTURED);
    let ir = &m.ir;
    let gen = GenericOp::cast(ir, m.op("linalg.generic", 0)).expect("generic");
    assert_eq!((gen.inputs(ir).len(), gen.outputs(ir).len()), (1, 1));
    assert!(gen.indexing_maps_attr(ir).is_some());
    let red = ReduceOp::cast(ir, m.op("linalg.reduce", 0)).expect("reduce");
    assert_eq!(red.inputs(ir).to_vec(), vec![ir.operand(red.op(), 0)]);
    assert_eq!(red.inits(ir).to_vec(), vec![ir.operand(red.op(), 1)]);
    assert_eq!(red.dimensions(ir).as_slice(), &[0, 2]);
    let tr = TransposeOp::cast(ir, m.op("linalg.transpose", 0)).expect("transpose");
    assert_eq!(tr.init(ir), ir.operand(tr.op(), 1));
    assert_eq!(tr.result(ir).len(), ir.num_results(tr.op()));
    let map = MapOp::cast(ir, m.op("linalg.map", 1)).expect("map");
    assert!(map.inputs(ir).is_empty());
    assert_eq!(map.init(ir), ir.operand(map.op(), 0));
    assert!(MatmulOp::cast(ir, gen.op()).is_none());
}

#[test]
fn named_op_views_and_function_attrs_are_declared() {
    let m = parse(
        "func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x2xf32>, %c: tensor<4x2xf32>, %s: f32) -> tensor<4x2xf32> {
  %f = linalg.fill ins(%s : f32) outs(%c : tensor<4x2xf32>) -> tensor<4x2xf32>
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x2xf32>) outs(%f : tensor<4x2xf32>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}",
    );
    m.verify(false).expect("valid");
    let ir = &m.ir;
    let mm = MatmulOp::cast(ir, m.op("linalg.matmul", 0)).expect("matmul");
    assert_eq!((mm.inputs(ir).len(), mm.outputs(ir).len()), (2, 1));
    let fill = FillOp::cast(ir, m.op("linalg.fill", 0)).expect("fill");
    assert_eq!(mm.outputs(ir).get(0), fill.result_tensors(ir).next());
    let reg = ir.ctx().registry();
    for def in NAMED_OPS {
        let info = reg.op(ir.ctx().intern_str(def.name)).expect("registered");
        for a in def.attrs.iter().copied().chain(["operandSegmentSizes"]) {
            assert!(info.is_inherent(ir.ctx().intern_str(a)), "{} {a}", def.name);
        }
        assert_eq!(info.inherent_attrs.len(), def.attrs.len() + 1);
    }
}

const CONV: &str = r#"
func.func @c(%i: tensor<1x9x9x3xf32>, %k: tensor<3x3x3x8xf32>, %o: tensor<1x3x3x8xf32>,
             %qi: memref<1x4x4x2xi8>, %qk: memref<2x2x2xi8>, %z: i32, %qo: memref<1x3x3x2xi32>,
             %pi: memref<1x4x4x2xf32>, %w: memref<2x2xf32>, %po: memref<1x3x3x2xf32>) {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<[2, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%i, %k : tensor<1x9x9x3xf32>, tensor<3x3x3x8xf32>) outs(%o : tensor<1x3x3x8xf32>) -> tensor<1x3x3x8xf32>
  linalg.depthwise_conv_2d_nhwc_hwc_q ins(%qi, %qk, %z, %z : memref<1x4x4x2xi8>, memref<2x2x2xi8>, i32, i32) outs(%qo : memref<1x3x3x2xi32>)
  linalg.pooling_nhwc_max ins(%pi, %w : memref<1x4x4x2xf32>, memref<2x2xf32>) outs(%po : memref<1x3x3x2xf32>)
  return
}
"#;

#[test]
fn convolution_maps_follow_strides_and_dilations() {
    let m = parse(CONV);
    m.verify(false).expect("valid");
    let conv = info(&m, "linalg.conv_2d_nhwc_hwcf", 0);
    assert_eq!(
        map_strings(&conv),
        maps(&[
            "(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4 * 2, d2 * 3 + d5, d6)",
            "(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)",
            "(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)",
        ])
    );
    assert_eq!(conv.iterators, vec![P, P, P, P, R, R, R]);
    let q = info(&m, "linalg.depthwise_conv_2d_nhwc_hwc_q", 0);
    assert_eq!((q.num_inputs, q.num_outputs), (4, 1));
    assert_eq!(map_strings(&q)[0], "(d0, d1, d2, d3, d4, d5) -> (d0, d1 + d4, d2 + d5, d3)");
    assert_eq!(map_strings(&q)[2], "(d0, d1, d2, d3, d4, d5) -> ()");
    // The same maps from the definition and the attributes alone.
    let def = named::named_def("linalg.conv_2d_nhwc_hwcf").expect("def");
    let op = m.op("linalg.conv_2d_nhwc_hwcf", 0);
    assert_eq!(def.maps_with(m.ir.ctx(), m.ir.attrs(op)), Some(conv.indexing_maps.clone()));
    assert_eq!(def.num_spatial(), 2);
}

#[test]
fn pooling_reads_its_window_and_its_init() {
    let m = parse(CONV);
    // Upstream reads every memref input (the window is never loaded but
    // still counts) and reads and writes the init the max accumulates into.
    assert_eq!(
        m.effects("linalg.pooling_nhwc_max"),
        vec![
            (EffectKind::Read, EffectOn::Operand(0)),
            (EffectKind::Read, EffectOn::Operand(1)),
            (EffectKind::Read, EffectOn::Operand(2)),
            (EffectKind::Write, EffectOn::Operand(2)),
        ]
    );
    let op = m.op("linalg.pooling_nhwc_max", 0);
    let dps = m.ir.ctx().registry().interface::<dyn DestinationStyle>(m.ir.op_name(op)).expect("dps");
    assert_eq!(dps.inits(&m.ir, op), 2..3);
}

#[test]
fn convolution_rows_are_consistent() {
    for def in NAMED_OPS.iter().filter(|d| d.is_convolution()) {
        let named::Maps::Window(loops, results) = def.maps else { unreachable!() };
        assert_eq!(results.len(), def.num_args, "{}", def.name);
        assert_eq!(def.iterators.len(), loops, "{}", def.name);
        for r in results {
            for t in *r {
                let ok = match *t {
                    named::Term::D(d) => d < loops,
                    named::Term::W(o, w, k) => {
                        o < loops && w < loops && (def.num_spatial() == 0 || k < def.num_spatial())
                    }
                };
                assert!(ok, "{}", def.name);
            }
        }
        let maps = def.maps_with(&crate::new_context(), &[]).expect("default maps");
        assert!(maps.iter().all(|m| m.num_dims == loops && m.num_symbols == 0), "{}", def.name);
    }
}

#[test]
fn built_convolutions_print_like_parsed_ones() {
    let src = r#"
func.func @b(%i: memref<1x6x6x2xf32>, %w: memref<2x2xf32>, %o: memref<1x3x3x2xf32>) {
  linalg.pooling_nhwc_sum {strides = dense<2> : tensor<2xi64>} ins(%i, %w : memref<1x6x6x2xf32>, memref<2x2xf32>) outs(%o : memref<1x3x3x2xf32>)
  return
}
"#;
    let mut m = parse(src);
    let parsed = m.op("linalg.pooling_nhwc_sum", 0);
    let ret = m.op("func.return", 0);
    let args: Vec<ir::ValueId> = m.ir.operands(parsed).collect();
    let loc = m.ir.op_loc(ret);
    let ctx = m.ir.ctx_arc().clone();
    let strides = m.ir.attr(parsed, "strides").expect("strides");
    let attrs = [ir::NamedAttr { name: ctx.intern_str("strides"), value: strides }];
    let built = build_named_op(
        &mut m.ir,
        ir::InsertPoint::Before(ret),
        loc,
        "linalg.pooling_nhwc_sum",
        &args[..2],
        &args[2..],
        &attrs,
    )
    .expect("pooling");
    m.verify(false).expect("valid");
    assert_eq!(structured_info(&m.ir, built), structured_info(&m.ir, parsed));
    let text = syntax::printer::print_module(&m.ir, m.top, syntax::printer::PrintOptions::default());
    let line = "linalg.pooling_nhwc_sum {strides = dense<2> : tensor<2xi64>} ins(%arg0, %arg1 : memref<1x6x6x2xf32>, memref<2x2xf32>) outs(%arg2 : memref<1x3x3x2xf32>)";
    assert_eq!(text.matches(line).count(), 2, "{text}");
    let generic = syntax::printer::print_module(
        &m.ir,
        m.top,
        syntax::printer::PrintOptions { generic: true, ..Default::default() },
    );
    assert!(generic.contains("(d0, d1 * 2 + d4, d2 * 2 + d5, d3)"), "{generic}");
    // A strides attribute of the wrong shape is rejected by the verifier.
    let bad = ctx.dense_i64_array_attr(&[2, 2]);
    m.ir.set_attr(built, ctx.intern_str("strides"), bad);
    let err = m.verify(false).expect_err("bad strides");
    assert!(format!("{err:?}").contains("64-bit signless int elements attribute of shape [2]"), "{err:?}");
}
