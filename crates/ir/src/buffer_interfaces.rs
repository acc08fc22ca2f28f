//! The op interfaces that bufferization and the buffer passes ask: which op
//! allocates and how to free, clone or promote what it allocates
//! ([`AllocationOp`]); which ops read or write a subset of a tensor
//! ([`SubsetOp`], [`SubsetExtraction`], [`SubsetInsertion`]); which
//! terminator combines the results of parallel iterations
//! ([`ParallelCombining`]); which ops create aliases beyond
//! `ViewLikeOpInterface` ([`BufferViewFlow`]); and which ops need special
//! handling by the ownership-based deallocation ([`BufferDeallocationOp`],
//! which sees the pass's [`DeallocationState`] and the [`Ownership`]
//! lattice).
//!
//! They mirror MLIR's `AllocationOpInterface`, `SubsetOpInterface` (with its
//! extraction and insertion refinements), `ParallelCombiningOpInterface` and
//! `BufferViewFlowOpInterface`. Like every interface they are attached to op
//! names in the registry, so a user's op takes part by implementing them.

use crate::arena::{BlockId, InsertPoint, Ir, OpId, OperandId, ValueId};
use crate::diag::Diagnostic;
use crate::location::Location;
use crate::op_decl::OpBuilder;

/// Where an allocation may be hoisted to (MLIR's `HoistingKind` bits).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub struct HoistingKind(pub u8);

impl HoistingKind {
    /// Not hoistable.
    pub const NONE: HoistingKind = HoistingKind(0);
    /// Out of loops (`buffer-loop-hoisting`).
    pub const LOOP: HoistingKind = HoistingKind(1);
    /// Up to a common dominator block (`buffer-hoisting`).
    pub const BLOCK: HoistingKind = HoistingKind(2);

    /// True when every bit of `other` is set.
    pub fn contains(self, other: HoistingKind) -> bool {
        self.0 & other.0 == other.0
    }
}

impl std::ops::BitOr for HoistingKind {
    type Output = HoistingKind;
    fn bitor(self, o: HoistingKind) -> HoistingKind {
        HoistingKind(self.0 | o.0)
    }
}

/// `AllocationOpInterface`: an op whose result is a fresh buffer.
pub trait AllocationOp: Send + Sync {
    /// Builds the op that frees `alloc` (a result of `op`) at the builder's
    /// insertion point; `None` when the buffer must not be freed (stack
    /// memory).
    fn build_dealloc(&self, b: &mut dyn OpBuilder, op: OpId, alloc: ValueId) -> Option<OpId>;
    /// Builds a copy of `alloc` into a new buffer of the same kind.
    fn build_clone(&self, b: &mut dyn OpBuilder, op: OpId, alloc: ValueId) -> Option<ValueId>;
    /// Where allocations of this op may be hoisted.
    fn hoisting_kind(&self, ir: &Ir, op: OpId) -> HoistingKind;
    /// Builds the stack allocation replacing `op` (`promote-buffers-to-stack`);
    /// `None` when the op cannot be promoted.
    fn build_promoted_alloc(&self, b: &mut dyn OpBuilder, op: OpId) -> Option<ValueId>;
}

/// Decides whether two values are equivalent (the same buffer after
/// bufferization), for the subset queries.
pub type EquivalenceFn<'a> = &'a dyn Fn(ValueId, ValueId) -> bool;

/// `SubsetOpInterface`: an op that reads or writes a subset of a tensor.
pub trait SubsetOp: Send + Sync {
    /// True when `op` and `other` (another subset op) access the same subset
    /// of equivalent tensors.
    fn operates_on_equivalent_subset(&self, ir: &Ir, op: OpId, other: OpId, equiv: EquivalenceFn<'_>) -> bool;
    /// True when `op` and `other` access provably disjoint subsets of
    /// equivalent tensors.
    fn operates_on_disjoint_subset(&self, ir: &Ir, op: OpId, other: OpId, equiv: EquivalenceFn<'_>) -> bool;
}

/// `SubsetExtractionOpInterface`: reads a subset (`tensor.extract_slice`,
/// `vector.transfer_read`).
pub trait SubsetExtraction: Send + Sync {
    /// The tensor read from.
    fn source_operand(&self, ir: &Ir, op: OpId) -> OperandId;
}

/// `SubsetInsertionOpInterface`: writes a subset into a destination
/// (`tensor.insert_slice`, `tensor.parallel_insert_slice`,
/// `vector.transfer_write`, `bufferization.materialize_in_destination`).
pub trait SubsetInsertion: Send + Sync {
    /// The value inserted.
    fn source_operand(&self, ir: &Ir, op: OpId) -> OperandId;
    /// The tensor inserted into.
    fn destination_operand(&self, ir: &Ir, op: OpId) -> OperandId;
    /// The updated destination (`None` when the op has no result, as
    /// `parallel_insert_slice`, whose update is a result of the enclosing
    /// loop).
    fn updated_destination(&self, ir: &Ir, op: OpId) -> Option<ValueId>;
    /// True when `candidate` is the subset this op writes, i.e. an
    /// extraction of the same subset of an equivalent tensor.
    fn is_equivalent_subset(&self, ir: &Ir, op: OpId, candidate: ValueId, equiv: EquivalenceFn<'_>) -> bool;
    /// The values an extraction of the written subset would use, as
    /// upstream lists them: offsets, sizes, strides (or indices), then the
    /// destination.
    fn values_needed_to_build_subset_extraction(&self, ir: &Ir, op: OpId) -> Vec<ValueId>;
    /// Builds the extraction of the written subset from the destination at
    /// the builder's insertion point.
    fn build_subset_extraction(&self, b: &mut dyn OpBuilder, op: OpId, loc: Location) -> Option<ValueId>;
    /// [`SubsetInsertion::build_subset_extraction`] at `ip` for a caller
    /// that lets `op` change too: upstream's `materialize_in_destination`
    /// into a memref moves its `restrict` flag to the new `to_tensor`.
    fn build_subset_extraction_updating(
        &self,
        ir: &mut Ir,
        ip: crate::arena::InsertPoint,
        op: OpId,
        loc: Location,
    ) -> Option<ValueId> {
        let mut b = crate::op_decl::IrBuilder::at(ir, ip);
        self.build_subset_extraction(&mut b, op, loc)
    }
}

/// `ParallelCombiningOpInterface` (`scf.forall.in_parallel`): the
/// terminator of a parallel loop whose nested ops say how each iteration's
/// result is combined into the loop's results.
pub trait ParallelCombining: Send + Sync {
    /// The ops in the terminator's region that combine results, in result
    /// order.
    fn yielding_ops(&self, ir: &Ir, op: OpId) -> Vec<OpId>;
    /// The result of the enclosing loop that yielding op number `index`
    /// updates.
    fn parent_result(&self, ir: &Ir, op: OpId, index: usize) -> Option<ValueId>;
}

/// `BufferViewFlowOpInterface`: results that may alias operands in ways
/// `ViewLikeOpInterface` does not express (`arith.select` picks either
/// operand).
pub trait BufferViewFlow: Send + Sync {
    /// Pushes `(from, to)` pairs: `to` may be a view of or equal to `from`.
    fn dependencies(&self, ir: &Ir, op: OpId, out: &mut Vec<(ValueId, ValueId)>);
    /// False when `value` (a result of `op`) is known not to be a terminal
    /// buffer, i.e. it always aliases a dependency.
    fn may_be_terminal_buffer(&self, _ir: &Ir, _op: OpId, _value: ValueId) -> bool {
        true
    }
}

/// The ownership of a memref in one block (MLIR's `Ownership` lattice of
/// the ownership-based deallocation): not yet known, owned under a runtime
/// `i1` indicator, or unknown (several indicators that cannot be merged).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Ownership {
    /// Nothing known yet (the lattice's bottom).
    #[default]
    Uninitialized,
    /// Owned when the `i1` indicator value is true.
    Unique(ValueId),
    /// Conflicting indicators (the lattice's top).
    Unknown,
}

impl Ownership {
    /// The indicator of a unique ownership.
    pub fn indicator(self) -> Option<ValueId> {
        match self {
            Ownership::Unique(v) => Some(v),
            _ => None,
        }
    }
}

/// The options of the ownership-based deallocation that interface
/// implementations see (MLIR's `DeallocationOptions`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct DeallocationOptions {
    /// `private-function-dynamic-ownership`: private functions return an
    /// `i1` ownership indicator per memref result.
    pub private_func_dynamic_ownership: bool,
}

/// What an op with special deallocation needs may ask of (and do to) the
/// state of the ownership-based deallocation (MLIR's `DeallocationState`).
/// The pass owns the implementation; [`BufferDeallocationOp`]
/// implementations see it through this trait.
pub trait DeallocationState {
    /// The ownership of `memref` in `block`.
    fn ownership(&self, memref: ValueId, block: BlockId) -> Ownership;
    /// Joins `ownership` into the ownership of `memref` in `block` (the
    /// block defining `memref` when `None`).
    fn update_ownership(&mut self, ir: &Ir, memref: ValueId, ownership: Ownership, block: Option<BlockId>);
    /// Forgets the ownership of `memrefs` in `block`.
    fn reset_ownerships(&mut self, memrefs: &[ValueId], block: BlockId);
    /// Adds `memref` to those `block` must free (under its ownership).
    fn add_memref_to_deallocate(&mut self, memref: ValueId, block: BlockId);
    /// The base buffers (through `memref.extract_strided_metadata`, built at
    /// `ip`) and ownership indicators of the memrefs `block` must free; an
    /// error when one of them has no unique ownership.
    fn memrefs_and_conditions_to_deallocate(
        &self,
        ir: &mut Ir,
        ip: InsertPoint,
        loc: Location,
        block: BlockId,
    ) -> Result<(Vec<ValueId>, Vec<ValueId>), Diagnostic>;
    /// The memrefs a dealloc at the end of `from` must keep: the memref
    /// operands forwarded to the successor, then the memrefs live out of
    /// `from` (and live into `to`, when given), in MLIR's value order.
    fn memrefs_to_retain(&self, ir: &Ir, from: BlockId, to: Option<BlockId>, dest_operands: &[ValueId])
        -> Vec<ValueId>;
    /// `memref` with a unique ownership in `block`: itself and its indicator,
    /// or a `bufferization.clone` built at `ip`, owned (`true`).
    fn memref_with_unique_ownership(
        &mut self,
        ir: &mut Ir,
        ip: InsertPoint,
        memref: ValueId,
        block: BlockId,
    ) -> (ValueId, ValueId);
    /// MLIR's `insertDeallocOpForReturnLike`: before the terminator `op`
    /// (without successors), frees what its block owns, keeping `operands`
    /// and the live memrefs; returns the updated ownership of each memref
    /// operand (empty when nothing had to be built).
    fn insert_dealloc_for_return_like(
        &mut self,
        ir: &mut Ir,
        op: OpId,
        operands: &[ValueId],
    ) -> Result<Vec<ValueId>, Diagnostic>;
}

/// `BufferDeallocationOpInterface`: an op the ownership-based
/// deallocation cannot handle through the generic interfaces
/// (`cf.cond_br`, `arith.select`, …).
pub trait BufferDeallocationOp: Send + Sync {
    /// Updates the state for `op` and inserts the deallocations it needs;
    /// returns the op that replaces `op` (`None` when it was erased).
    fn process(
        &self,
        ir: &mut Ir,
        op: OpId,
        state: &mut dyn DeallocationState,
        options: &DeallocationOptions,
    ) -> Result<Option<OpId>, Diagnostic>;
    /// A memref with unique ownership for `memref`, a result of `op`, and its
    /// indicator, built at `ip`.
    fn materialize_unique_ownership(
        &self,
        ir: &mut Ir,
        op: OpId,
        state: &mut dyn DeallocationState,
        ip: InsertPoint,
        memref: ValueId,
    ) -> (ValueId, ValueId) {
        let _ = op;
        let block = ir.value_block(memref).expect("a memref defined in a block");
        state.memref_with_unique_ownership(ir, ip, memref, block)
    }
}
