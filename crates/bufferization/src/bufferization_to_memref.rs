//! `convert-bufferization-to-memref`: lowers what is left of the
//! bufferization dialect after bufferization and deallocation to memref
//! ops. `bufferization.clone` becomes an allocation and a copy;
//! `bufferization.dealloc` goes through the lowering of
//! [`crate::lower_deallocations`] (with its helper function when run on a
//! module). Every other bufferization op is illegal and has no lowering, so
//! one that is still there (and does not fold away) fails the pass.
//!
//! A clone of a ranked memref allocates the result's shape (the sizes of
//! its dynamic dimensions read from the input with `memref.dim`, folded
//! where the input's defining op knows them) with the identity layout and
//! casts it to the result type when that has another layout; when no
//! identity-layout buffer can be cast to the result type (a static stride
//! that is not the identity's) the clone cannot be lowered. A clone of an
//! unranked memref computes the rank, the sizes and their product at run
//! time, allocates a 1-D buffer and reshapes it to the input's shape.

use crate::conversion::{convert_partially, create_or_fold, Lowering};
use crate::lower_deallocations::{build_dealloc_helpers, is_module_or_function, lower_dealloc, root_error};
use dialects::arith::MulIOp;
use dialects::bufferization::{CloneOp, DeallocOp};
use dialects::layout::{are_cast_compatible, memref_parts, memref_type};
use dialects::memref::{AllocOp, AllocaOp, CastOp, CopyOp, DimOp, RankOp, ReshapeOp, StoreOp};
use dialects::scf::build::build_for;
use dialects::util::build_constant;
use ir::op_decl::IrBuilder;
use ir::{Diagnostic, InsertPoint, Ir, Location, OpId, TypeKind, ValueId, DYNAMIC};
use smallvec::{smallvec, SmallVec};
use transforms::pass::{Pass, PassContext, PassInfo};

fn index_const(b: &mut IrBuilder<'_>, loc: Location, v: i64) -> ValueId {
    let ctx = b.ir.ctx_arc().clone();
    build_constant(b, loc, ctx.index_attr(v), ctx.index_ty())
}

/// Lowers the `bufferization.clone` `op` before it; `NoMatch` (nothing
/// built) when its result type cannot be allocated.
pub fn lower_clone(ir: &mut Ir, op: OpId) -> Lowering {
    let clone = CloneOp(op);
    let (input, ty) = (clone.input(ir), ir.value_type(clone.output(ir)));
    let loc = ir.op_loc(op);
    let ctx = ir.ctx_arc().clone();
    let index = ctx.index_ty();
    let b = &mut IrBuilder::at(ir, InsertPoint::Before(op));
    let result = if let TypeKind::UnrankedMemRef { elem, .. } = *ctx.kind(ty) {
        let zero = index_const(b, loc, 0);
        let one = index_const(b, loc, 1);
        let rank = RankOp::build(b, loc, index, input).result(b.ir);
        let shape_ty = ctx.memref_ty(&[DYNAMIC], index, None);
        let shape = AllocaOp::build(b, loc, shape_ty, &[rank], &[], None).memref(b.ir);
        let for_op = build_for(b, loc, (zero, rank, one), &[one], |b, i, acc| {
            let dim = DimOp::build(b, loc, index, input, i).result(b.ir);
            StoreOp::build(b, loc, dim, shape, &[i], Some(false));
            // The builder sets the default `overflowFlags` (none).
            let none = dialects::arith::flags::OVERFLOW.attr(&ctx, 0);
            vec![MulIOp::build(b, loc, index, acc[0], dim, Some(none)).result(b.ir)]
        });
        let size = for_op.results(b.ir).next().unwrap_or(one);
        let flat = AllocOp::build(b, loc, ctx.memref_ty(&[DYNAMIC], elem, None), &[size], &[], None).memref(b.ir);
        ReshapeOp::build(b, loc, ty, flat, shape).result(b.ir)
    } else {
        let Some(parts) = memref_parts(&ctx, ty) else { return Lowering::NoMatch };
        let alloc_ty = memref_type(&ctx, &parts.shape, parts.elem, None, parts.memory_space);
        if !are_cast_compatible(&ctx, alloc_ty, ty) {
            return Lowering::NoMatch;
        }
        let mut sizes: SmallVec<[ValueId; 4]> = SmallVec::new();
        for (i, &d) in parts.shape.iter().enumerate() {
            if d != DYNAMIC {
                continue;
            }
            let c = index_const(b, loc, i as i64);
            let dim = DimOp::build(b, loc, index, input, c);
            sizes.extend(create_or_fold(b.ir, dim.0));
        }
        let alloc = AllocOp::build(b, loc, alloc_ty, &sizes, &[], None).memref(b.ir);
        if alloc_ty == ty {
            alloc
        } else {
            CastOp::build(b, loc, ty, alloc).dest(b.ir)
        }
    };
    CopyOp::build(b, loc, input, result);
    Lowering::Replaced(smallvec![result])
}

/// True for the ops of the bufferization dialect (all illegal here).
fn is_bufferization_op(ir: &Ir, op: OpId) -> bool {
    ir.op_name_str(op).starts_with("bufferization.")
}

/// `convert-bufferization-to-memref`.
pub struct BufferizationToMemRef;

impl Pass for BufferizationToMemRef {
    fn name(&self) -> &'static str {
        "convert-bufferization-to-memref"
    }
    fn title(&self) -> String {
        "ConvertBufferizationToMemRef".into()
    }
    fn run(&self, ir: &mut Ir, op: OpId, _cx: &mut PassContext) -> Result<(), Diagnostic> {
        if !is_module_or_function(ir, op) {
            return Err(root_error(ir, op));
        }
        let helpers = build_dealloc_helpers(ir, op);
        convert_partially(ir, op, is_bufferization_op, |ir, o| {
            if CloneOp::matches(ir, o) {
                lower_clone(ir, o)
            } else if DeallocOp::matches(ir, o) {
                lower_dealloc(ir, o, &helpers)
            } else {
                Lowering::NoMatch
            }
        })
    }
}

/// The registry entry.
pub fn pass_info() -> PassInfo {
    PassInfo {
        name: "convert-bufferization-to-memref",
        summary: "Convert operations from the Bufferization dialect to the MemRef dialect",
        options: Vec::new(),
        ctor: |_| Ok(Box::new(BufferizationToMemRef)),
    }
}
