//! The `expand-realloc` pass (MLIR's `ExpandRealloc`, option
//! `emit-deallocs`, default true): rewrites every `memref.realloc` into the
//! simpler ops that do its job, so that later passes (buffer deallocation,
//! the lowering to LLVM) never meet a realloc.
//!
//! `%r = memref.realloc %src (%size) : memref<?xT> to memref<?xT>` becomes,
//! at the realloc's position and with its location:
//! ```mlir
//! %c0 = arith.constant 0 : index                 // dynamic source size only
//! %dim = memref.dim %src, %c0 : memref<?xT>       // (else a constant)
//! %grow = arith.cmpi ult, %dim, %size : index     // a constant for a static result
//! %r = scf.if %grow -> (memref<?xT>) {
//!   %new = memref.alloc(%size) : memref<?xT>      // with the realloc's alignment
//!   %sv = memref.subview %new[0] [%dim] [1]
//!   memref.copy %src, %sv
//!   memref.dealloc %src                           // unless emit-deallocs=false
//!   scf.yield %new : memref<?xT>
//! } else {
//!   %rc = memref.reinterpret_cast %src to offset: [0], sizes: [%size], strides: [1]
//!   scf.yield %rc : memref<?xT>
//! }
//! ```
//! A shrinking realloc keeps the old buffer, viewed at the new size. Every
//! realloc is independent of the others and is expanded in place (upstream
//! runs one pattern through a partial dialect conversion whose only illegal
//! op is `memref.realloc`; it cannot fail on verified IR), so the output is
//! the same op for op. The realloc verifier guarantees a 1-d source and
//! result with identity layouts, one memory space and one element type; a
//! realloc that does not satisfy it (unverified input) gets a located error.

use dialects::arith::flags::predicate_attr;
use dialects::arith::{eval::CmpIPredicate, CmpIOp, ConstantOp};
use dialects::layout::{memref_parts, subview_result_type};
use dialects::memref::{AllocOp, CopyOp, DeallocOp, DimOp, ReallocOp, ReinterpretCastOp, SubViewOp};
use dialects::scf::{IfOp, YieldOp};
use dialects::static_dynamic::dispatch_mixed;
use ir::interfaces::OpFoldSize;
use ir::op_decl::IrBuilder;
use ir::{Diagnostic, InsertPoint, Ir, Location, OpId, ValueId, DYNAMIC};
use transforms::pass::{OptionDecl, Pass, PassContext, PassInfo, PassOptions};
use transforms::pipeline_syntax::parse_bool_value;

/// The `expand-realloc` pass.
pub struct ExpandRealloc {
    /// Free the old buffer after copying it into a bigger one.
    pub emit_deallocs: bool,
}

impl ExpandRealloc {
    /// Builds the pass from its options (`emit-deallocs`).
    pub fn from_options(opts: &PassOptions) -> Result<ExpandRealloc, String> {
        let emit_deallocs = parse_bool_value("emit-deallocs", opts.get("emit-deallocs")).map_err(|e| e.to_string())?;
        Ok(ExpandRealloc { emit_deallocs })
    }
}

impl Pass for ExpandRealloc {
    fn name(&self) -> &'static str {
        "expand-realloc"
    }
    fn options_text(&self) -> String {
        format!("emit-deallocs={}", self.emit_deallocs)
    }
    fn runs_per_isolated_symbol(&self) -> bool {
        true
    }
    fn run(&self, ir: &mut Ir, op: OpId, cx: &mut PassContext) -> Result<(), Diagnostic> {
        let reallocs: Vec<OpId> = ir.pre_order(op).into_iter().filter(|&o| ReallocOp::matches(ir, o)).collect();
        // Without a realloc the IR is untouched and needs no new verification.
        cx.preserved_all = reallocs.is_empty();
        for r in reallocs {
            expand(ir, ReallocOp(r), self.emit_deallocs)?;
        }
        Ok(())
    }
}

/// A size as the expansion uses it: a constant or an SSA value.
fn materialize(b: &mut IrBuilder<'_>, loc: Location, size: OpFoldSize) -> ValueId {
    match size {
        OpFoldSize::Value(v) => v,
        OpFoldSize::Static(n) => {
            let ctx = b.ir.ctx_arc().clone();
            ConstantOp::build(b, loc, ctx.index_ty(), Some(ctx.index_attr(n))).result(b.ir)
        }
    }
}

/// Replaces the realloc `op` by its expansion.
fn expand(ir: &mut Ir, op: ReallocOp, emit_deallocs: bool) -> Result<(), Diagnostic> {
    let loc = ir.op_loc(op.0);
    let ctx = ir.ctx_arc().clone();
    let source = op.source(ir);
    let result = op.result(ir);
    let (src_ty, res_ty) = (ir.value_type(source), ir.value_type(result));
    let size_of = |ty| memref_parts(&ctx, ty).filter(|p| p.shape.len() == 1).map(|p| p.shape[0]);
    let (Some(in_size), Some(out_size)) = (size_of(src_ty), size_of(res_ty)) else {
        return Err(Diagnostic::error(loc, "'memref.realloc' op expects a 1-D source and result").with_op(op.0));
    };
    let dyn_size = op.dynamic_result_size(ir);
    let target = if out_size == DYNAMIC {
        match dyn_size {
            Some(v) => OpFoldSize::Value(v),
            None => {
                return Err(Diagnostic::error(loc, "'memref.realloc' op missing dimension operand").with_op(op.0));
            }
        }
    } else {
        OpFoldSize::Static(out_size)
    };
    // The type of the view of the new buffer the old values are copied into.
    let Some(view_ty) = subview_result_type(&ctx, res_ty, &[0], &[in_size], &[1]) else {
        return Err(Diagnostic::error(loc, "'memref.realloc' op expects a strided result type").with_op(op.0));
    };
    let alignment = op.alignment(ir);
    let index = ctx.index_ty();

    let mut b = IrBuilder::at(ir, InsertPoint::Before(op.0));
    // The size of the old buffer.
    let current = if in_size == DYNAMIC {
        let zero = materialize(&mut b, loc, OpFoldSize::Static(0));
        OpFoldSize::Value(DimOp::build(&mut b, loc, index, source, zero).result(b.ir))
    } else {
        OpFoldSize::Static(in_size)
    };
    // Grow (allocate and copy) only when the old buffer is smaller.
    let lhs = materialize(&mut b, loc, current);
    let rhs = materialize(&mut b, loc, target);
    let pred = predicate_attr(&ctx, CmpIPredicate::Ult as i64);
    let cond = CmpIOp::build(&mut b, loc, ctx.i1_ty(), lhs, rhs, Some(pred)).result(b.ir);
    let if_op = IfOp::build(&mut b, loc, &[res_ty], cond, 1, 1);
    let then_block = ir.append_block(if_op.then_region(ir), &[], &[]);
    let else_block = ir.append_block(if_op.else_region(ir), &[], &[]);

    let mut b = IrBuilder::at(ir, InsertPoint::BlockEnd(then_block));
    let dyn_sizes: Vec<ValueId> = dyn_size.into_iter().collect();
    let new_alloc = AllocOp::build(&mut b, loc, res_ty, &dyn_sizes, &[], alignment).memref(b.ir);
    // Copy the old values into the front of the new buffer (copy wants
    // equal shapes on both sides).
    let mixed = [OpFoldSize::Static(0)];
    let ones = [OpFoldSize::Static(1)];
    let view = SubViewOp::build_mixed(&mut b, loc, view_ty, new_alloc, [&mixed, &[current], &ones]).result(b.ir);
    CopyOp::build(&mut b, loc, source, view);
    if emit_deallocs {
        DeallocOp::build(&mut b, loc, source);
    }
    YieldOp::build(&mut b, loc, &[new_alloc]);

    // The old buffer is big enough: view it at the new size (a cast between
    // static and dynamic sizes, or a shrinking view).
    let mut b = IrBuilder::at(ir, InsertPoint::BlockEnd(else_block));
    let (offs, static_offs) = dispatch_mixed(&mixed);
    let (sizes, static_sizes) = dispatch_mixed(&[target]);
    let (strides, static_strides) = dispatch_mixed(&ones);
    let cast = ReinterpretCastOp::build(
        &mut b,
        loc,
        res_ty,
        source,
        &offs,
        &sizes,
        &strides,
        &static_offs,
        &static_sizes,
        &static_strides,
    )
    .result(b.ir);
    YieldOp::build(&mut b, loc, &[cast]);

    let new_result = if_op.results(ir).next().expect("scf.if built with one result");
    ir.replace_all_uses(result, new_result);
    ir.erase_op(op.0);
    Ok(())
}

/// The registry entry.
pub fn pass_info() -> PassInfo {
    PassInfo {
        name: "expand-realloc",
        summary: "Expand memref.realloc operations into its components",
        options: vec![OptionDecl {
            name: "emit-deallocs",
            help: "Emit deallocation operations for the original MemRef",
            default: "true",
            choices: &[],
        }],
        ctor: |o| Ok(Box::new(ExpandRealloc::from_options(o)?)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::parse;
    use transforms::pass::PassContext;

    fn run(src: &str, emit_deallocs: bool) -> (testkit::Module, Result<(), Diagnostic>) {
        let mut m = parse(src);
        let mut cx = PassContext::default();
        let r = ExpandRealloc { emit_deallocs }.run(&mut m.ir, m.top, &mut cx);
        (m, r)
    }

    #[test]
    fn every_realloc_is_replaced_and_its_uses_follow() {
        let src = "func.func @f(%n: index) -> memref<?xf32> {\n  %a = memref.alloc() : memref<2xf32>\n  %b = memref.realloc %a(%n) : memref<2xf32> to memref<?xf32>\n  %c = memref.realloc %b : memref<?xf32> to memref<3xf32>\n  %d = memref.cast %c : memref<3xf32> to memref<?xf32>\n  return %d : memref<?xf32>\n}\n";
        for emit in [true, false] {
            let (m, r) = run(src, emit);
            r.expect("expands");
            m.verify(false).expect("the expansion verifies");
            assert!(m.all("memref.realloc").is_empty());
            assert_eq!(m.all("scf.if").len(), 2);
            assert_eq!(m.all("memref.dealloc").len(), if emit { 2 } else { 0 });
            // The cast now reads the second scf.if, which reads the first.
            let (if1, if2) = (m.op("scf.if", 0), m.op("scf.if", 1));
            let cast = m.op("memref.cast", 0);
            assert_eq!(m.ir.operand(cast, 0), m.ir.result(if2, 0));
            let dim = m.op("memref.dim", 0);
            assert_eq!(m.ir.operand(dim, 0), m.ir.result(if1, 0));
        }
    }

    #[test]
    fn an_unverified_realloc_gets_a_located_error() {
        let src = "func.func @f(%a: memref<2x2xf32>) {\n  %b = \"memref.realloc\"(%a) : (memref<2x2xf32>) -> memref<4x4xf32>\n  return\n}\n";
        let (m, r) = run(src, true);
        let d = r.expect_err("a 2-D realloc cannot be expanded");
        assert_eq!(d.message, "'memref.realloc' op expects a 1-D source and result");
        assert_eq!(d.op, Some(m.op("memref.realloc", 0)));
    }

    #[test]
    fn a_non_strided_result_is_refused_before_anything_is_built() {
        let src = "func.func @f(%a: memref<2xf32>) {\n  %b = \"memref.realloc\"(%a) : (memref<2xf32>) -> memref<4xf32, affine_map<(d0) -> (d0 floordiv 2)>>\n  return\n}\n";
        let (m, r) = run(src, true);
        assert_eq!(r.expect_err("not strided").message, "'memref.realloc' op expects a strided result type");
        assert!(m.all("scf.if").is_empty() && m.all("arith.constant").is_empty());
        assert_eq!(m.all("memref.realloc").len(), 1);
    }

    #[test]
    fn options_parse_like_mlir_booleans() {
        let opts = |v: &str| PassOptions { values: vec![("emit-deallocs".into(), v.into())] };
        assert!(ExpandRealloc::from_options(&opts("true")).unwrap().emit_deallocs);
        assert!(!ExpandRealloc::from_options(&opts("0")).unwrap().emit_deallocs);
        assert_eq!(ExpandRealloc::from_options(&opts("False")).unwrap().options_text(), "emit-deallocs=false");
        let e = ExpandRealloc::from_options(&opts("maybe")).err().unwrap();
        assert_eq!(e, "for the --emit-deallocs option: 'maybe' is invalid value for boolean argument! Try 0 or 1");
    }
}
