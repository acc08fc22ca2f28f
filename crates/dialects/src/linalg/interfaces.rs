//! Interface implementations of the linalg structured ops:
//! `DestinationStyle` (the `outs` operands are the inits, tied to the
//! results in order), `MemoryEffects` (upstream's `getGenericEffectsImpl`:
//! memref inputs are read, memref inits are written and read when the body
//! uses their element; tensor operands have no effects) and `ReifyShapes`
//! (each result has the shape of its tied init).

use super::{io_split, op_kind};
use crate::affine_compose::make_composed_folded_affine_apply;
use ir::affine::{AffineExpr, AffineMap};
use ir::interfaces::{DestinationStyle, Effect, EffectKind, EffectOn, MemoryEffects, OpFoldSize, ReifyShapes};
use ir::{InsertPoint, Ir, OpId, DYNAMIC};

/// The structured ops' `DestinationStyle`, `MemoryEffects` and
/// `ReifyShapes` implementation.
pub(super) struct LinalgInterfaces;

fn split(ir: &Ir, op: OpId) -> Option<(usize, usize)> {
    io_split(ir, op, op_kind(ir.op_name_str(op))?)
}

impl DestinationStyle for LinalgInterfaces {
    fn inits(&self, ir: &Ir, op: OpId) -> std::ops::Range<usize> {
        let n = ir.num_operands(op);
        match split(ir, op) {
            Some((i, _)) => i..n,
            None => n..n,
        }
    }
}

/// True when the body reads the element of operand `i` (its block
/// argument has uses); `map`'s init has no block argument (upstream's
/// `LinalgOp::payloadUsesValueFromOperand`).
pub fn payload_uses_operand(ir: &Ir, op: OpId, i: usize) -> bool {
    let Some(b) = ir.regions(op).first().and_then(|&r| ir.entry_block(r)) else { return false };
    if super::MapOp::matches(ir, op) && i + 1 == ir.num_operands(op) {
        return false;
    }
    ir.block_args(b).get(i).is_some_and(|&a| ir.has_uses(a))
}

impl MemoryEffects for LinalgInterfaces {
    fn effects(&self, ir: &Ir, op: OpId, out: &mut Vec<Effect>) {
        let ctx = ir.ctx();
        let Some((n_in, _)) = split(ir, op) else { return };
        for i in 0..ir.num_operands(op) {
            if !ctx.is_memref(ir.value_type(ir.operand(op, i))) {
                continue;
            }
            if i < n_in {
                out.push(Effect::new(EffectKind::Read, EffectOn::Operand(i)));
                continue;
            }
            if payload_uses_operand(ir, op, i) {
                out.push(Effect::new(EffectKind::Read, EffectOn::Operand(i)));
            }
            out.push(Effect::new(EffectKind::Write, EffectOn::Operand(i)));
        }
    }
}

/// Upstream's `LinalgOp::reifyResultShapes`. First a size for every
/// dimension of every operand (a constant, or a folded `tensor.dim`), then
/// each result extent as an affine function of those sizes through the
/// shapes-to-loops map (`affine.apply`s that fold away when trivial).
/// Where a result extent depends on the init's own sizes (its loop is
/// first seen on an init), a fresh `tensor.dim` of the init is taken
/// instead. All at `at`, in upstream's creation order, so the ops that
/// bufferization leaves behind are mlir-opt-19's.
impl ReifyShapes for LinalgInterfaces {
    fn reify(&self, ir: &mut Ir, op: OpId, at: InsertPoint) -> Option<Vec<Vec<OpFoldSize>>> {
        let ctx = ir.ctx_arc().clone();
        let kind = op_kind(ir.op_name_str(op))?;
        let (n_in, _) = io_split(ir, op, kind)?;
        let n = ir.num_operands(op);
        if (n_in..n).any(|i| !ctx.is_tensor(ir.value_type(ir.operand(op, i)))) || n - n_in != ir.num_results(op) {
            return None;
        }
        let maps = super::indexing_maps(ir, op, kind, n_in)?;
        if maps.len() != n {
            return None;
        }
        let loops = maps.first()?.num_dims;
        let ranks: Vec<usize> = maps.iter().map(AffineMap::num_results).collect();
        let loops_to_shapes = super::loops_to_shapes_map(&maps, loops);
        let shapes_to_loops = loops_to_shapes.inverse_permutation()?;
        let (res_start, res_len) = (ranks[..n_in].iter().sum::<usize>(), ranks[n_in..].iter().sum::<usize>());
        let from_inputs = loops_to_shapes.slice_map(res_start, res_len).compose(&shapes_to_loops)?;
        let loc = ir.op_loc(op);
        let mut flat = Vec::with_capacity(res_start + res_len);
        for i in 0..n {
            let v = ir.operand(op, i);
            let shape = ctx.shape(ir.value_type(v)).map(<[i64]>::to_vec).unwrap_or_default();
            for (d, &size) in shape.iter().enumerate() {
                flat.push(if size == DYNAMIC {
                    OpFoldSize::Value(crate::tensor::build_dim_folded(ir, at, loc, v, d)?)
                } else {
                    OpFoldSize::Static(size)
                });
            }
        }
        let all: Vec<OpFoldSize> = (0..res_len)
            .map(|k| make_composed_folded_affine_apply(ir, at, loc, &from_inputs.get_sub_map(&[k]), &flat))
            .collect();
        let on_inits = |e: &AffineExpr| (res_start..res_start + res_len).any(|d| e.is_function_of_dim(d));
        let mut out = Vec::with_capacity(n - n_in);
        let mut pos = 0;
        for i in n_in..n {
            let init = ir.operand(op, i);
            let shape = ctx.shape(ir.value_type(init))?.to_vec();
            let mut dims = Vec::with_capacity(shape.len());
            for (d, &size) in shape.iter().enumerate() {
                if size != DYNAMIC {
                    dims.push(OpFoldSize::Static(size));
                } else if from_inputs.result(pos).is_some_and(on_inits) {
                    dims.push(OpFoldSize::Value(crate::tensor::build_dim_folded(ir, at, loc, init, d)?));
                } else {
                    dims.push(OpFoldSize::Value(match *all.get(pos)? {
                        OpFoldSize::Value(v) => v,
                        OpFoldSize::Static(c) => {
                            crate::tensor::build_index_constant(&mut ir::op_decl::IrBuilder::at(ir, at), loc, c)
                        }
                    }));
                }
                pos += 1;
            }
            out.push(dims);
        }
        Some(out)
    }
}

/// `linalg.copy` as a subset op: it writes the whole destination (upstream's
/// `LinalgCopyOpSubsetOpInterface` and `LinalgCopyOpInterface`), so empty
/// tensor elimination can make its source write into the destination.
pub(super) struct CopySubset;

impl ir::buffer_interfaces::SubsetOp for CopySubset {
    fn operates_on_equivalent_subset(
        &self,
        ir: &Ir,
        op: OpId,
        other: OpId,
        equiv: ir::buffer_interfaces::EquivalenceFn<'_>,
    ) -> bool {
        super::CopyOp::matches(ir, other)
            && ir.num_operands(op) == 2
            && ir.num_operands(other) == 2
            && equiv(ir.operand(op, 1), ir.operand(other, 1))
    }
    fn operates_on_disjoint_subset(
        &self,
        _ir: &Ir,
        _op: OpId,
        _other: OpId,
        _equiv: ir::buffer_interfaces::EquivalenceFn<'_>,
    ) -> bool {
        false
    }
}

impl ir::buffer_interfaces::SubsetInsertion for CopySubset {
    fn source_operand(&self, ir: &Ir, op: OpId) -> ir::OperandId {
        ir.operand_ids(op)[0]
    }
    fn destination_operand(&self, ir: &Ir, op: OpId) -> ir::OperandId {
        ir.operand_ids(op)[1]
    }
    fn updated_destination(&self, ir: &Ir, op: OpId) -> Option<ir::ValueId> {
        ir.results(op).next()
    }
    fn is_equivalent_subset(
        &self,
        ir: &Ir,
        op: OpId,
        candidate: ir::ValueId,
        equiv: ir::buffer_interfaces::EquivalenceFn<'_>,
    ) -> bool {
        equiv(candidate, ir.operand(op, 1))
    }
    fn values_needed_to_build_subset_extraction(&self, ir: &Ir, op: OpId) -> Vec<ir::ValueId> {
        vec![ir.operand(op, 1)]
    }
    fn build_subset_extraction(
        &self,
        b: &mut dyn ir::op_decl::OpBuilder,
        op: OpId,
        _loc: ir::Location,
    ) -> Option<ir::ValueId> {
        Some(b.ir().operand(op, 1))
    }
}

/// `linalg.softmax`'s `DestinationStyle` (its `output` is the init) and
/// `MemoryEffects` (a memref input is read, a memref output read and
/// written, as upstream's `SoftmaxOp::getEffects`).
pub(super) struct SoftmaxInterfaces;

impl DestinationStyle for SoftmaxInterfaces {
    fn inits(&self, ir: &Ir, op: OpId) -> std::ops::Range<usize> {
        let n = ir.num_operands(op);
        n.min(1)..n.min(2)
    }
}

impl MemoryEffects for SoftmaxInterfaces {
    fn effects(&self, ir: &Ir, op: OpId, out: &mut Vec<Effect>) {
        let ctx = ir.ctx();
        let memref = |i: usize| i < ir.num_operands(op) && ctx.is_memref(ir.value_type(ir.operand(op, i)));
        if memref(0) {
            out.push(Effect::new(EffectKind::Read, EffectOn::Operand(0)));
        }
        if memref(1) {
            out.push(Effect::new(EffectKind::Read, EffectOn::Operand(1)));
            out.push(Effect::new(EffectKind::Write, EffectOn::Operand(1)));
        }
    }
}
