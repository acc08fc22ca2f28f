//! The interfaces of the bufferization ops: memory effects (with upstream's
//! unknown effects modelled as a write of unknown memory), destination style
//! and subset insertion for `materialize_in_destination`, shape reification
//! for `alloc_tensor`, and `AllocationOpInterface` for `clone`.

use super::ops::{AllocTensorOp, CloneOp, MaterializeInDestinationOp};
use crate::static_dynamic::operand_segments;
use ir::buffer_interfaces::{AllocationOp, EquivalenceFn, HoistingKind, SubsetInsertion, SubsetOp};
use ir::interfaces::{DestinationStyle, Effect, EffectKind, EffectOn, MemoryEffects, OpFoldSize, ReifyShapes};
use ir::op_decl::OpBuilder;
use ir::{InsertPoint, Ir, Location, OpId, OpSpec, OperandId, ValueId, DYNAMIC};

/// `alloc_tensor` allocates its result and reads its `copy` operand.
/// Upstream declares no effects (so they are unknown): a write of unknown
/// memory stands for that, so that an unused `alloc_tensor` is never
/// trivially dead and CSE never merges two of them, as in mlir-opt-19.
pub(super) struct AllocTensorEffects;

impl MemoryEffects for AllocTensorEffects {
    fn effects(&self, ir: &Ir, op: OpId, out: &mut Vec<Effect>) {
        if ir.num_results(op) == 1 {
            out.push(Effect::new(EffectKind::Allocate, EffectOn::Result(0)));
        }
        let copy = AllocTensorOp(op).copy_range(ir);
        if copy.len() == 1 {
            out.push(Effect::new(EffectKind::Read, EffectOn::Operand(copy.start)));
        }
        out.push(Effect::new(EffectKind::Write, EffectOn::Unknown));
    }
}

/// `clone` reads its operand and allocates and writes its result.
pub(super) struct CloneEffects;

impl MemoryEffects for CloneEffects {
    fn effects(&self, ir: &Ir, op: OpId, out: &mut Vec<Effect>) {
        if ir.num_operands(op) == 1 {
            out.push(Effect::new(EffectKind::Read, EffectOn::Operand(0)));
        }
        if ir.num_results(op) == 1 {
            out.push(Effect::new(EffectKind::Write, EffectOn::Result(0)));
            out.push(Effect::new(EffectKind::Allocate, EffectOn::Result(0)));
        }
    }
}

/// `to_tensor` reads its memref.
pub(super) struct ToTensorEffects;

impl MemoryEffects for ToTensorEffects {
    fn effects(&self, ir: &Ir, op: OpId, out: &mut Vec<Effect>) {
        if ir.num_operands(op) == 1 {
            out.push(Effect::new(EffectKind::Read, EffectOn::Operand(0)));
        }
    }
}

/// `materialize_in_destination` writes a memref destination.
pub(super) struct MaterializeEffects;

impl MemoryEffects for MaterializeEffects {
    fn effects(&self, ir: &Ir, op: OpId, out: &mut Vec<Effect>) {
        let mat = MaterializeInDestinationOp(op);
        if ir.num_operands(op) == 2 && ir.ctx().is_memref(ir.value_type(mat.dest(ir))) {
            out.push(Effect::new(EffectKind::Write, EffectOn::Operand(mat.dest_range(ir).start)));
        }
    }
}

/// The destination of `materialize_in_destination` is its init.
pub(super) struct MaterializeDps;

impl DestinationStyle for MaterializeDps {
    fn inits(&self, ir: &Ir, op: OpId) -> std::ops::Range<usize> {
        if ir.num_operands(op) == 2 {
            MaterializeInDestinationOp(op).dest_range(ir)
        } else {
            0..0
        }
    }
}

/// The sizes of `alloc_tensor`: its dynamic sizes, or the dims of its copy.
pub(super) struct AllocTensorReify;

impl ReifyShapes for AllocTensorReify {
    fn reify(&self, ir: &mut Ir, op: OpId, ip: InsertPoint) -> Option<Vec<Vec<OpFoldSize>>> {
        let ctx = ir.ctx_arc().clone();
        if ir.num_results(op) != 1 {
            return None;
        }
        let shape = ctx.shape(ir.value_type(ir.result(op, 0)))?.to_vec();
        operand_segments(ir, op, 3)?;
        let at = AllocTensorOp(op);
        let (copy, sizes) = (at.copy(ir), at.dynamic_sizes(ir).to_vec());
        let mut dims = Vec::with_capacity(shape.len());
        let mut sizes = sizes.into_iter();
        for (i, &d) in shape.iter().enumerate() {
            if d != DYNAMIC {
                dims.push(OpFoldSize::Static(d));
            } else if let Some(copy) = copy {
                let loc = ir.op_loc(op);
                dims.push(OpFoldSize::Value(crate::tensor::build_dim(ir, ip, loc, copy, i)?));
            } else {
                dims.push(OpFoldSize::Value(sizes.next()?));
            }
        }
        Some(vec![dims])
    }
}

/// `clone` is an allocation (`AllocationOpInterface`): its buffer is freed
/// by `memref.dealloc` and cloned by another `clone`; it is not hoisted and
/// has no stack form.
pub(super) struct CloneAllocation;

impl AllocationOp for CloneAllocation {
    fn build_dealloc(&self, b: &mut dyn OpBuilder, _op: OpId, alloc: ValueId) -> Option<OpId> {
        let loc = b.ir().value_loc(alloc);
        let name = b.ir().ctx().intern_str("memref.dealloc");
        Some(b.create(OpSpec { operands: &[alloc], ..OpSpec::new(name, loc) }))
    }

    fn build_clone(&self, b: &mut dyn OpBuilder, _op: OpId, alloc: ValueId) -> Option<ValueId> {
        let loc = b.ir().value_loc(alloc);
        let ty = b.ir().value_type(alloc);
        let clone = CloneOp::build(b, loc, ty, alloc);
        Some(clone.output(b.ir()))
    }

    fn hoisting_kind(&self, _ir: &Ir, _op: OpId) -> HoistingKind {
        HoistingKind::NONE
    }

    fn build_promoted_alloc(&self, _b: &mut dyn OpBuilder, _op: OpId) -> Option<ValueId> {
        None
    }
}

/// `materialize_in_destination` inserts its whole source into its
/// destination (`SubsetInsertionOpInterface`). As upstream, it never claims
/// to operate on the same or a disjoint subset as another subset op.
pub(super) struct MaterializeSubset;

impl SubsetOp for MaterializeSubset {
    fn operates_on_equivalent_subset(&self, _: &Ir, _: OpId, _: OpId, _: EquivalenceFn<'_>) -> bool {
        false
    }
    fn operates_on_disjoint_subset(&self, _: &Ir, _: OpId, _: OpId, _: EquivalenceFn<'_>) -> bool {
        false
    }
}

impl SubsetInsertion for MaterializeSubset {
    fn source_operand(&self, ir: &Ir, op: OpId) -> OperandId {
        MaterializeInDestinationOp(op).source_operand(ir)
    }
    fn destination_operand(&self, ir: &Ir, op: OpId) -> OperandId {
        MaterializeInDestinationOp(op).dest_operand(ir)
    }
    fn updated_destination(&self, ir: &Ir, op: OpId) -> Option<ValueId> {
        MaterializeInDestinationOp(op).result(ir)
    }
    /// The subset is the whole destination.
    fn is_equivalent_subset(&self, ir: &Ir, op: OpId, candidate: ValueId, equiv: EquivalenceFn<'_>) -> bool {
        equiv(MaterializeInDestinationOp(op).dest(ir), candidate)
    }
    fn values_needed_to_build_subset_extraction(&self, ir: &Ir, op: OpId) -> Vec<ValueId> {
        vec![MaterializeInDestinationOp(op).dest(ir)]
    }
    /// A tensor destination is its own subset. A memref destination needs
    /// [`SubsetInsertion::build_subset_extraction_updating`] (the builder
    /// cannot modify `op`), so this gives `None` (cannot build).
    fn build_subset_extraction(&self, b: &mut dyn OpBuilder, op: OpId, _loc: Location) -> Option<ValueId> {
        let ir = b.ir();
        let dest = MaterializeInDestinationOp(op).dest(ir);
        ir.ctx().is_tensor(ir.value_type(dest)).then_some(dest)
    }
    /// A memref destination of a `restrict` op: a `restrict` `to_tensor`
    /// of it (writable as the op), and the `restrict` flag moves off the
    /// op (upstream: otherwise another `restrict` `to_tensor` of the same
    /// buffer could exist). Without `restrict`, nothing is built.
    fn build_subset_extraction_updating(
        &self,
        ir: &mut Ir,
        ip: ir::InsertPoint,
        op: OpId,
        loc: Location,
    ) -> Option<ValueId> {
        let m = MaterializeInDestinationOp(op);
        let dest = m.dest(ir);
        if ir.ctx().is_tensor(ir.value_type(dest)) {
            return Some(dest);
        }
        ir.attr(op, "restrict")?;
        let writable = ir.attr(op, "writable").is_some();
        ir.remove_attr(op, "restrict");
        let mut b = ir::op_decl::IrBuilder::at(ir, ip);
        crate::bufferization::build::build_to_tensor(&mut b, loc, dest, true, writable)
    }
}
