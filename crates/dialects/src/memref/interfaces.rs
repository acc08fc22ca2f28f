//! The interface implementations of the memref ops: memory effects (with
//! `alloca`'s automatic-allocation-scope resource), `ViewLike`, `CopyLike`,
//! `CastLike`, `alloca_scope`'s region branching, `expand_shape`'s shape
//! reification, the `OffsetSizeAndStride` layout of `subview` and
//! `reinterpret_cast`, and `AllocationOp` for `alloc`, `alloca` and
//! `realloc` (upstream's `AllocationOpInterfaceImpl.cpp`).

use super::*;

pub(super) struct MemEffects(pub(super) &'static [(EffectKind, EffectOn)]);

impl MemoryEffects for MemEffects {
    fn effects(&self, _ir: &Ir, _op: OpId, out: &mut Vec<Effect>) {
        out.extend(self.0.iter().map(|&(kind, on)| Effect::new(kind, on)));
    }
}

/// `memref.alloca`: allocates on the automatic allocation scope.
pub(super) struct AllocaEffects;

impl MemoryEffects for AllocaEffects {
    fn effects(&self, _ir: &Ir, _op: OpId, out: &mut Vec<Effect>) {
        let scope = ir::interfaces::Resource::AutomaticAllocationScope;
        out.push(Effect::on_resource(EffectKind::Allocate, EffectOn::Result(0), scope));
    }
}

pub(super) struct FirstOperandView;

impl ViewLike for FirstOperandView {
    fn view_source(&self, _ir: &Ir, _op: OpId) -> usize {
        0
    }
}

pub(super) struct CopyIface;

impl CopyLike for CopyIface {
    fn source(&self, _ir: &Ir, _op: OpId) -> usize {
        0
    }
    fn target(&self, _ir: &Ir, _op: OpId) -> usize {
        1
    }
}

pub(super) struct CastIface {
    pub(super) memory_space: bool,
}

impl CastLike for CastIface {
    fn are_cast_compatible(&self, ir: &Ir, inputs: &[Type], outputs: &[Type]) -> bool {
        let ([a], [b]) = (inputs, outputs) else { return false };
        if self.memory_space {
            layout::memory_space_cast_compatible(ir.ctx(), *a, *b)
        } else {
            layout::are_cast_compatible(ir.ctx(), *a, *b)
        }
    }
}

pub(super) struct AllocaScopeBranch;

impl RegionBranch for AllocaScopeBranch {
    fn successors(&self, ir: &Ir, op: OpId, from: Option<RegionId>, out: &mut SmallVec<[RegionSuccessor; 2]>) {
        match from {
            None => {
                if let Some(&r) = ir.regions(op).first() {
                    out.push(RegionSuccessor::Region(r));
                }
            }
            Some(_) => out.push(RegionSuccessor::Parent),
        }
    }
    fn entry_operands(&self, _ir: &Ir, _op: OpId, _to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
        SmallVec::new()
    }
}

/// `alloca_scope.return` forwards all its operands to the parent's results.
pub(super) struct ForwardAll;

impl RegionTerminator for ForwardAll {
    fn forwarded_operands(&self, ir: &Ir, op: OpId, _to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
        ir.operands(op).collect()
    }
}

pub(super) struct ExpandShapeReify;

impl ReifyShapes for ExpandShapeReify {
    fn reify(&self, ir: &mut Ir, op: OpId, _at: InsertPoint) -> Option<Vec<Vec<OpFoldSize>>> {
        let expand = ExpandShapeOp(op);
        Some(vec![mixed_values(&expand.static_output_shape(ir), &expand.output_shape(ir).to_vec())?])
    }
}

/// How `subview` and `reinterpret_cast` lay out their offset, size and
/// stride lists.
pub(super) enum SliceLayout {
    SubView,
    ReinterpretCast,
}

impl OffsetSizeAndStride for SliceLayout {
    fn offsets_segment(&self) -> usize {
        1
    }
    fn num_segments(&self) -> usize {
        4
    }
    fn max_ranks(&self, ir: &Ir, op: OpId) -> [usize; 3] {
        match self {
            SliceLayout::SubView => {
                let r = operand_rank(ir, op, 0);
                [r, r, r]
            }
            SliceLayout::ReinterpretCast => {
                let r = result_rank(ir, op);
                [1, r, r]
            }
        }
    }
}

/// `AllocationOp` of `memref.alloc`: freed by `memref.dealloc`, cloned by
/// `bufferization.clone`, hoistable out of loops and blocks, promotable to
/// a `memref.alloca`.
pub(super) struct HeapAllocation;

impl AllocationOp for HeapAllocation {
    fn build_dealloc(&self, b: &mut dyn OpBuilder, _op: OpId, alloc: ValueId) -> Option<OpId> {
        let loc = b.ir().value_loc(alloc);
        Some(DeallocOp::build(b, loc, alloc).op())
    }

    fn build_clone(&self, b: &mut dyn OpBuilder, _op: OpId, alloc: ValueId) -> Option<ValueId> {
        // The bufferization dialect owns `bufferization.clone`; it is built
        // by name so this module does not depend on that one.
        let ir = b.ir();
        let (loc, ty) = (ir.value_loc(alloc), ir.value_type(alloc));
        let name = ir.ctx().intern_str("bufferization.clone");
        let clone = b.create(OpSpec { operands: &[alloc], results: &[ty], ..OpSpec::new(name, loc) });
        Some(b.ir().result(clone, 0))
    }

    fn hoisting_kind(&self, _ir: &Ir, _op: OpId) -> HoistingKind {
        HoistingKind::LOOP | HoistingKind::BLOCK
    }

    fn build_promoted_alloc(&self, b: &mut dyn OpBuilder, op: OpId) -> Option<ValueId> {
        // As upstream: an `alloca` with the same result type, operands and
        // attributes (`alignment`, the segment sizes, discardable ones).
        let ir = b.ir();
        let ty = (ir.num_results(op) == 1).then(|| ir.value_type(ir.result(op, 0)))?;
        let operands: SmallVec<[ValueId; 4]> = ir.operands(op).collect();
        let attrs = ir.attrs(op).to_vec();
        let name = AllocaOp::name(ir.ctx());
        let spec = OpSpec { operands: &operands, results: &[ty], attrs: &attrs, ..OpSpec::new(name, ir.op_loc(op)) };
        let alloca = b.create(spec);
        Some(b.ir().result(alloca, 0))
    }
}

/// `AllocationOp` of `memref.alloca`: never freed nor cloned, hoistable
/// out of loops only.
pub(super) struct StackAllocation;

impl AllocationOp for StackAllocation {
    fn build_dealloc(&self, _b: &mut dyn OpBuilder, _op: OpId, _alloc: ValueId) -> Option<OpId> {
        None
    }
    fn build_clone(&self, _b: &mut dyn OpBuilder, _op: OpId, _alloc: ValueId) -> Option<ValueId> {
        None
    }
    fn hoisting_kind(&self, _ir: &Ir, _op: OpId) -> HoistingKind {
        HoistingKind::LOOP
    }
    fn build_promoted_alloc(&self, _b: &mut dyn OpBuilder, _op: OpId) -> Option<ValueId> {
        None
    }
}

/// `AllocationOp` of `memref.realloc`: freed by `memref.dealloc`; not
/// cloned, hoisted or promoted.
pub(super) struct Reallocation;

impl AllocationOp for Reallocation {
    fn build_dealloc(&self, b: &mut dyn OpBuilder, _op: OpId, alloc: ValueId) -> Option<OpId> {
        let loc = b.ir().value_loc(alloc);
        Some(DeallocOp::build(b, loc, alloc).op())
    }
    fn build_clone(&self, _b: &mut dyn OpBuilder, _op: OpId, _alloc: ValueId) -> Option<ValueId> {
        None
    }
    fn hoisting_kind(&self, _ir: &Ir, _op: OpId) -> HoistingKind {
        HoistingKind::NONE
    }
    fn build_promoted_alloc(&self, _b: &mut dyn OpBuilder, _op: OpId) -> Option<ValueId> {
        None
    }
}

pub(super) fn operand_rank(ir: &Ir, op: OpId, i: usize) -> usize {
    if i >= ir.num_operands(op) {
        return 0;
    }
    ir.ctx().shape(ir.value_type(ir.operand(op, i))).map_or(0, <[i64]>::len)
}

pub(super) fn result_rank(ir: &Ir, op: OpId) -> usize {
    if ir.num_results(op) == 0 {
        return 0;
    }
    ir.ctx().shape(ir.value_type(ir.result(op, 0))).map_or(0, <[i64]>::len)
}

/// `BufferViewFlowOpInterface` of `memref.realloc`: the result may be the
/// source buffer, or (a terminal buffer) a new allocation.
pub(super) struct ReallocViewFlow;

impl BufferViewFlow for ReallocViewFlow {
    fn dependencies(&self, ir: &Ir, op: OpId, out: &mut Vec<(ValueId, ValueId)>) {
        if let Some(r) = ReallocOp::cast(ir, op) {
            out.push((r.source(ir), r.result(ir)));
        }
    }
}
