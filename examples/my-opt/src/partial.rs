//! `my-bufferize`: a partial bufferization pass for the `my` dialect in
//! the style of dialect-conversion bufferization (the spec's "How to write
//! a partial bufferization pass"), written only against bufopt's public
//! API: the conversion framework (`transforms::conversion`) and the
//! bufferize type converter and legality helpers of `bufferization`.
//!
//! The pass is the four usual pieces: a type converter
//! ([`bufferize_type_converter`]: tensors to memrefs, with
//! `bufferization.to_tensor` / `to_memref` materializations), a pattern
//! set ([`add_my_bufferize_patterns`], kept separate so a larger
//! conversion can reuse it), a conversion target (`my.scale` on tensors is
//! illegal; the ops the pattern builds and the materializations are
//! legal), and a partial conversion of each function.
//!
//! The pattern bufferizes `%r = my.scale %x by %f : tensor<...>` out of
//! place, as conversion patterns do (there is no in-place analysis here):
//! a new buffer of the converted type (its dynamic sizes read from `%x`'s
//! buffer), a `linalg.map` that writes `%x * %f` into it, and `%r` replaced
//! by that buffer. Its operands arrive already converted: `%x` is a memref
//! (a `to_memref` of the tensor when its producer is not bufferized yet).
//! Everything built is upstream MLIR, so the result runs under `bufopt-run`
//! and verifies with `mlir-opt-19`.

use crate::ScaleOp;
use bufferization::type_converter::{add_materialization_legality, bufferize_type_converter};
use dialects::arith::MulFOp;
use dialects::linalg::{MapOp, YieldOp};
use dialects::memref::{AllocOp, DimOp};
use ir::op_decl::IrBuilder;
use ir::{Diagnostic, InsertPoint, Ir, OpId, TypeKind, DYNAMIC};
use std::sync::Arc;
use transforms::conversion::{
    apply_partial_conversion, ConversionPatternSet, ConversionTarget, NoMatch, TypeConverter,
};
use transforms::pass::{Pass, PassContext, PassInfo};

/// Adds the conversion pattern of `my.scale` on tensors for `tc` (the
/// dialect's `populate...BufferizePatterns`).
pub fn add_my_bufferize_patterns(patterns: &mut ConversionPatternSet, tc: &Arc<TypeConverter>) {
    let c = tc.clone();
    patterns.add_fn(Some(ScaleOp::NAME), Some(tc.clone()), move |op, operands, rw| {
        let ir = rw.ir();
        let ctx = ir.ctx_arc().clone();
        let result_ty = ir.value_type(ScaleOp(op).result(ir));
        let buffer_ty = c.convert_type_one(&ctx, result_ty).ok_or(NoMatch)?;
        let TypeKind::MemRef { shape, .. } = ctx.kind(buffer_ty) else { return Err(NoMatch) };
        let shape = shape.to_vec();
        let (input, factor) = (operands[0], operands[1]);
        let elem = ir.value_type(factor);
        let loc = ir.op_loc(op);
        let mut b = rw.builder(InsertPoint::Before(op));
        let index = ctx.index_ty();
        let mut sizes = Vec::new();
        for (i, &d) in shape.iter().enumerate() {
            if d == DYNAMIC {
                let dim = dialects::tensor::build_index_constant(&mut b, loc, i as i64);
                sizes.push(DimOp::build(&mut b, loc, index, input, dim).result(b.ir));
            }
        }
        let out = AllocOp::build(&mut b, loc, buffer_ty, &sizes, &[], None).memref(b.ir);
        let map = MapOp::build(&mut b, loc, &[], &[input], out, 1);
        let body = map.mapper(b.ir);
        let block = b.ir.append_block(body, &[elem], &[loc]);
        let element = b.ir.block_arg(block, 0);
        let mut inner = IrBuilder::at(b.ir, InsertPoint::BlockEnd(block));
        let product = MulFOp::build(&mut inner, loc, elem, element, factor, None).result(inner.ir);
        YieldOp::build(&mut inner, loc, &[product]);
        rw.replace_op(op, &[out]);
        Ok(())
    });
}

/// Marks `my.scale` on tensors illegal and what its pattern builds legal.
pub fn add_my_bufferize_legality(target: &mut ConversionTarget, tc: &Arc<TypeConverter>) {
    let c = tc.clone();
    target.add_dynamically_legal_op(ScaleOp::NAME, move |ir, op| c.is_legal_op(ir, op));
    for dialect in ["memref", "linalg", "arith"] {
        target.add_legal_dialect(dialect);
    }
    add_materialization_legality(target);
}

/// The `my-bufferize` pass (runs on each `func.func`).
pub struct MyBufferize;

impl Pass for MyBufferize {
    fn name(&self) -> &'static str {
        "my-bufferize"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("func.func")
    }
    fn run(&self, ir: &mut Ir, op: OpId, _cx: &mut PassContext) -> Result<(), Diagnostic> {
        let tc = bufferize_type_converter();
        let mut patterns = ConversionPatternSet::new();
        add_my_bufferize_patterns(&mut patterns, &tc);
        let mut target = ConversionTarget::new();
        add_my_bufferize_legality(&mut target, &tc);
        apply_partial_conversion(ir, op, &target, &patterns)
    }
}

/// Registration of `my-bufferize`.
pub fn pass_info() -> PassInfo {
    PassInfo {
        name: "my-bufferize",
        summary: "Bufferize the my dialect",
        options: vec![],
        ctor: |_| Ok(Box::new(MyBufferize)),
    }
}
