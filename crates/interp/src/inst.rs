//! The interpreter's program form, which [`crate::compile`] produces and
//! [`crate::exec`] runs: functions as trees of [`Region`]s whose blocks hold
//! pre-decoded [`Inst`]s over dense per-function value slots.

use crate::complex::CxOp;
use crate::value::{ElemTy, Value};
use dialects::arith::eval::{CmpFPredicate, CmpIPredicate, FloatBinOp, IntBinOp, IntUnaryOp};
use ir::affine::{AffineMap, IntegerSet};
use ir::{FloatKind, OpId, Type};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// A dense value slot of a function frame.
pub type Slot = u32;
/// A list of slots.
pub type Slots = SmallVec<[Slot; 4]>;

/// A compiled region: its blocks, entry first.
#[derive(Debug, Default)]
pub struct Region {
    /// Blocks.
    pub blocks: Vec<Block>,
}

/// A compiled block.
#[derive(Debug)]
pub struct Block {
    /// Slots of the block arguments.
    pub args: Slots,
    /// The non-terminator ops.
    pub insts: Vec<Inst>,
    /// The terminator.
    pub term: Term,
    /// The terminator op (for diagnostics).
    pub term_op: Option<OpId>,
}

/// Block terminators.
#[derive(Debug)]
pub enum Term {
    /// Leaves the region with these values (`func.return`, `scf.yield`,
    /// `scf.condition`, `linalg.yield`, ...).
    Yield(Slots),
    /// `cf.br`
    Br(u32, Slots),
    /// `cf.cond_br`
    CondBr {
        /// Condition slot.
        cond: Slot,
        /// Block index of the true destination.
        t: u32,
        /// Arguments of the true destination.
        targs: Slots,
        /// Block index of the false destination.
        f: u32,
        /// Arguments of the false destination.
        fargs: Slots,
    },
    /// `cf.switch`
    Switch {
        /// Slot of the switch flag.
        flag: Slot,
        /// Bit width of the flag.
        width: u32,
        /// Block index and arguments of the default destination.
        default: (u32, Slots),
        /// Case value, block index and arguments of each case.
        cases: Vec<(i64, u32, Slots)>,
    },
    /// A block without a terminator, or an unknown one.
    Bad(String),
}

/// One compiled op.
#[derive(Debug)]
pub struct Inst {
    /// The op (for diagnostics).
    pub op: OpId,
    /// What it does.
    pub k: K,
}

/// Casts between scalar types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastK {
    /// Sign extension (also `index_cast` widening).
    SExt,
    /// Zero extension (`extui`, `index_castui`).
    ZExt,
    /// Truncation (or plain bit move).
    Trunc,
    /// `sitofp`
    SIToFP,
    /// `uitofp`
    UIToFP,
    /// `fptosi`
    FPToSI,
    /// `fptoui`
    FPToUI,
    /// `extf` / `truncf`
    FConv,
    /// `bitcast`
    Bitcast,
}

/// Float unary functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FUn {
    /// `arith.negf`
    Neg,
    /// `math.absf`
    Abs,
    /// `math.sqrt`
    Sqrt,
    /// `math.rsqrt`
    Rsqrt,
    /// `math.exp`
    Exp,
    /// `math.exp2`
    Exp2,
    /// `math.expm1`
    Expm1,
    /// `math.log`
    Log,
    /// `math.log2`
    Log2,
    /// `math.log10`
    Log10,
    /// `math.log1p`
    Log1p,
    /// `math.sin`
    Sin,
    /// `math.cos`
    Cos,
    /// `math.tan`
    Tan,
    /// `math.tanh`
    Tanh,
    /// `math.sinh`
    Sinh,
    /// `math.cosh`
    Cosh,
    /// `math.asin`
    Asin,
    /// `math.acos`
    Acos,
    /// `math.atan`
    Atan,
    /// `math.asinh`
    Asinh,
    /// `math.acosh`
    Acosh,
    /// `math.atanh`
    Atanh,
    /// `math.erf`
    Erf,
    /// `math.cbrt`
    Cbrt,
    /// `math.floor`
    Floor,
    /// `math.ceil`
    Ceil,
    /// `math.round`
    Round,
    /// `math.roundeven`
    RoundEven,
    /// `math.trunc`
    Trunc,
}

/// Where a memref op's memory comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AllocWhere {
    /// `memref.alloc`
    Heap,
    /// `memref.alloca`
    Stack,
}

/// A view computation of the shape-changing memref/tensor ops.
#[derive(Debug, Clone)]
pub enum Reshape {
    /// `collapse_shape` with the reassociation groups.
    Collapse(Vec<Vec<usize>>),
    /// `expand_shape`: groups and the (mixed) output shape.
    Expand(Vec<Vec<usize>>, Vec<i64>, Slots),
}

/// The operand positions and constant parts of an offsets/sizes/strides op.
#[derive(Debug, Clone, Default)]
pub struct Mixed {
    /// Static offsets (`DYNAMIC` = next dynamic slot).
    pub offsets: Vec<i64>,
    /// Static sizes.
    pub sizes: Vec<i64>,
    /// Static strides.
    pub strides: Vec<i64>,
    /// Dynamic offsets.
    pub d_offsets: Slots,
    /// Dynamic sizes.
    pub d_sizes: Slots,
    /// Dynamic strides.
    pub d_strides: Slots,
}

/// A linalg structured op.
#[derive(Debug)]
pub struct Linalg {
    /// Operands (ins then outs).
    pub operands: Slots,
    /// Element types of the operands.
    pub elems: Vec<ElemTy>,
    /// Operand is a tensor (else memref).
    pub is_tensor: Vec<bool>,
    /// Number of ins.
    pub num_inputs: usize,
    /// Indexing maps.
    pub maps: Vec<AffineMap>,
    /// Number of loops.
    pub num_loops: usize,
    /// The scalar body.
    pub body: Region,
    /// Result slots (one per tensor output).
    pub res: Slots,
    /// The op is `linalg.copy` (counts copied bytes).
    pub is_copy: bool,
    /// Per body argument: does the body use it (unused ones are not loaded).
    pub arg_used: Vec<bool>,
}

/// A compiled affine map application: the map and its operands.
#[derive(Debug, Clone)]
pub struct MapApply {
    /// The map.
    pub map: AffineMap,
    /// Dim operands then symbol operands.
    pub operands: Slots,
}

/// Pre-decoded operations.
#[derive(Debug)]
pub enum K {
    /// Not executable; the message says why.
    Unsupported(String),
    /// A constant value.
    Const {
        /// Result slot.
        r: Slot,
        /// The value.
        v: Value,
    },
    /// Integer binary op on scalars or aggregates.
    IBin {
        /// The operation.
        op: IntBinOp,
        /// Integer bit width.
        w: u32,
        /// Result slot.
        r: Slot,
        /// First operand slot.
        a: Slot,
        /// Second operand slot.
        b: Slot,
    },
    /// Integer unary op.
    IUn {
        /// The operation.
        op: IntUnaryOp,
        /// Integer bit width.
        w: u32,
        /// Result slot.
        r: Slot,
        /// Operand slot.
        a: Slot,
    },
    /// Float binary op.
    FBin {
        /// The operation.
        op: FloatBinOp,
        /// Float kind.
        k: FloatKind,
        /// Result slot.
        r: Slot,
        /// First operand slot.
        a: Slot,
        /// Second operand slot.
        b: Slot,
    },
    /// Float unary op.
    FUn {
        /// The function.
        f: FUn,
        /// Float kind.
        k: FloatKind,
        /// Result slot.
        r: Slot,
        /// Operand slot.
        a: Slot,
    },
    /// A `complex` dialect op (see [`crate::complex`]).
    Complex {
        /// The op.
        op: CxOp,
        /// Element kind of the complex values.
        k: FloatKind,
        /// Result slot.
        r: Slot,
        /// Operand slots.
        args: Slots,
    },
    /// `math.powf`, `math.atan2`
    FPow {
        /// `math.atan2` rather than `math.powf`.
        atan2: bool,
        /// Float kind.
        k: FloatKind,
        /// Result slot.
        r: Slot,
        /// First operand slot.
        a: Slot,
        /// Second operand slot.
        b: Slot,
    },
    /// `math.fpowi`
    FPowI {
        /// Float kind.
        k: FloatKind,
        /// Integer bit width.
        w: u32,
        /// Result slot.
        r: Slot,
        /// First operand slot.
        a: Slot,
        /// Second operand slot.
        b: Slot,
    },
    /// `math.fma`
    Fma {
        /// Float kind.
        k: FloatKind,
        /// Result slot.
        r: Slot,
        /// First operand slot.
        a: Slot,
        /// Second operand slot.
        b: Slot,
        /// Third operand slot (the addend).
        c: Slot,
    },
    /// `arith.cmpi`
    CmpI {
        /// Comparison predicate.
        p: CmpIPredicate,
        /// Integer bit width.
        w: u32,
        /// Result slot.
        r: Slot,
        /// First operand slot.
        a: Slot,
        /// Second operand slot.
        b: Slot,
    },
    /// `arith.cmpf`
    CmpF {
        /// Comparison predicate.
        p: CmpFPredicate,
        /// Float kind.
        k: FloatKind,
        /// Result slot.
        r: Slot,
        /// First operand slot.
        a: Slot,
        /// Second operand slot.
        b: Slot,
    },
    /// `arith.select`
    Select {
        /// Result slot.
        r: Slot,
        /// Condition slot.
        c: Slot,
        /// First operand slot.
        a: Slot,
        /// Second operand slot.
        b: Slot,
    },
    /// Scalar casts.
    Cast {
        /// The cast kind.
        c: CastK,
        /// Source element type.
        from: ElemTy,
        /// Result element type.
        to: ElemTy,
        /// Result slot.
        r: Slot,
        /// Operand slot.
        a: Slot,
    },
    /// A call of a function with a body.
    Call {
        /// Index of the callee function.
        f: u32,
        /// Argument slots.
        args: Slots,
        /// Result slots.
        res: Slots,
    },
    /// A call of a body-less function (runner utilities).
    CallExt {
        /// Callee symbol name.
        name: String,
        /// Argument slots.
        args: Slots,
        /// Argument types.
        tys: Vec<Type>,
        /// Result slots.
        res: Slots,
    },
    /// `cf.assert`
    Assert {
        /// Condition slot.
        c: Slot,
        /// Failure message.
        msg: String,
    },
    /// `arith.mulsi_extended` / `arith.mului_extended`
    MulExt {
        /// Signed (`mulsi_extended`) rather than unsigned.
        signed: bool,
        /// Integer bit width.
        w: u32,
        /// Slot of the low half of the product.
        lo: Slot,
        /// Slot of the high half of the product.
        hi: Slot,
        /// First operand slot.
        a: Slot,
        /// Second operand slot.
        b: Slot,
    },
    /// `func.constant`: the function's index as a scalar.
    FuncConst {
        /// Index of the function.
        f: u32,
        /// Result slot.
        r: Slot,
    },
    /// `func.call_indirect`
    CallIndirect {
        /// Slot of the callee function value.
        callee: Slot,
        /// Argument slots.
        args: Slots,
        /// Result slots.
        res: Slots,
    },
    /// `memref.atomic_rmw` (sequential): `kind` is the `AtomicRMWKind`.
    AtomicRmw {
        /// The `AtomicRMWKind` number.
        kind: i64,
        /// Element type.
        elem: ElemTy,
        /// Slot of the operand value.
        v: Slot,
        /// Memref slot.
        m: Slot,
        /// Index slots.
        idx: Slots,
        /// Result slot.
        r: Slot,
    },
    /// `memref.generic_atomic_rmw`: the body maps the old value to the new.
    GenericAtomic {
        /// Memref slot.
        m: Slot,
        /// Index slots.
        idx: Slots,
        /// Body region.
        body: Region,
        /// Result slot.
        r: Slot,
    },
    /// `memref.view`
    View {
        /// Source slot.
        src: Slot,
        /// Slot of the byte shift.
        shift: Slot,
        /// Element type.
        elem: ElemTy,
        /// Static shape (`DYNAMIC` marks a dynamic size).
        shape: Vec<i64>,
        /// Slots of the dynamic sizes.
        dyn_sizes: Slots,
        /// Result slot.
        r: Slot,
    },
    /// `scf.for` (and `affine.for` with constant bounds) over `w`-bit ints.
    For {
        /// Lower bound slot.
        lb: Slot,
        /// Upper bound slot.
        ub: Slot,
        /// Step slot.
        step: Slot,
        /// Integer bit width.
        w: u32,
        /// Slots of the initial iteration values.
        inits: Slots,
        /// Body region.
        body: Region,
        /// Result slots.
        res: Slots,
    },
    /// `scf.if` / `affine.if`
    If {
        /// Condition slot.
        c: Slot,
        /// Then region.
        then: Region,
        /// Else region, if any.
        els: Option<Region>,
        /// Result slots.
        res: Slots,
    },
    /// `affine.if`
    AffineIf {
        /// The integer set.
        set: IntegerSet,
        /// Dim then symbol operand slots.
        operands: Slots,
        /// Then region.
        then: Region,
        /// Else region, if any.
        els: Option<Region>,
        /// Result slots.
        res: Slots,
    },
    /// `affine.for`
    AffineFor {
        /// Lower bound map application (max of its results).
        lb: MapApply,
        /// Upper bound map application (min of its results).
        ub: MapApply,
        /// Constant step.
        step: i64,
        /// Slots of the initial iteration values.
        inits: Slots,
        /// Body region.
        body: Region,
        /// Result slots.
        res: Slots,
    },
    /// `affine.apply`
    AffineApply {
        /// The map and its operands.
        m: MapApply,
        /// Result slot.
        r: Slot,
    },
    /// `affine.min` / `affine.max`
    AffineMinMax {
        /// The map and its operands.
        m: MapApply,
        /// `affine.max` rather than `affine.min`.
        max: bool,
        /// Result slot.
        r: Slot,
    },
    /// `affine.load` / `affine.store` (value = Some for store).
    AffineMem {
        /// The access map and its operands.
        m: MapApply,
        /// Memref slot.
        mem: Slot,
        /// Stored value slot (`None` for a load).
        val: Option<Slot>,
        /// Result slot.
        r: Slot,
    },
    /// `scf.while`
    While {
        /// Slots of the initial iteration values.
        inits: Slots,
        /// The `before` region (the condition).
        before: Region,
        /// The `after` region (the body).
        after: Region,
        /// Result slots.
        res: Slots,
    },
    /// `scf.execute_region`, `memref.alloca_scope` (scope = true)
    Exec {
        /// Body region.
        body: Region,
        /// Result slots.
        res: Slots,
        /// `memref.alloca_scope` (frees its allocas on exit).
        scope: bool,
    },
    /// `scf.index_switch`: default region first.
    IndexSwitch {
        /// Selector slot.
        arg: Slot,
        /// Case values.
        cases: Vec<i64>,
        /// The default region, then one per case.
        regions: Vec<Region>,
        /// Result slots.
        res: Slots,
    },
    /// `scf.forall` (sequential): bounds, shared outs, body; the
    /// terminator's `parallel_insert_slice`s are compiled in `inserts`.
    Forall {
        /// Lower bound per dimension.
        lbs: Vec<MixedOne>,
        /// Upper bound per dimension.
        ubs: Vec<MixedOne>,
        /// Step per dimension.
        steps: Vec<MixedOne>,
        /// Slots of the shared outputs.
        outs: Slots,
        /// Body region.
        body: Region,
        /// The terminator's `parallel_insert_slice`s, compiled.
        inserts: Vec<Inst>,
        /// Result slots.
        res: Slots,
    },
    /// `scf.parallel` (sequential) with `scf.reduce` combiners.
    Parallel {
        /// Lower bound slots.
        lbs: Slots,
        /// Upper bound slots.
        ubs: Slots,
        /// Step slots.
        steps: Slots,
        /// Slots of the initial iteration values.
        inits: Slots,
        /// Body region.
        body: Region,
        /// One `scf.reduce` combiner region per reduction.
        reducers: Vec<Region>,
        /// Result slots.
        res: Slots,
    },
    /// `memref.alloc` / `memref.alloca` (also `bufferization.alloc_tensor` to memref? no).
    Alloc {
        /// Heap or stack.
        at: AllocWhere,
        /// Element type.
        elem: ElemTy,
        /// Static shape (`DYNAMIC` marks a dynamic size).
        shape: Vec<i64>,
        /// Slots of the dynamic sizes.
        dyn_sizes: Slots,
        /// Static strided layout (strides, offset), if any.
        layout: Option<(Vec<i64>, i64)>,
        /// Result slot.
        r: Slot,
    },
    /// `memref.dealloc`
    Dealloc {
        /// Memref slot.
        m: Slot,
    },
    /// `memref.realloc`
    Realloc {
        /// Memref slot.
        m: Slot,
        /// Element type.
        elem: ElemTy,
        /// Slot of the new size, if dynamic.
        size: Option<Slot>,
        /// The new size when static.
        static_size: i64,
        /// Result slot.
        r: Slot,
    },
    /// `memref.load`
    Load {
        /// Memref slot.
        m: Slot,
        /// Index slots.
        idx: Slots,
        /// Result slot.
        r: Slot,
    },
    /// `memref.store`
    Store {
        /// Slot of the stored value.
        v: Slot,
        /// Memref slot.
        m: Slot,
        /// Index slots.
        idx: Slots,
    },
    /// `memref.subview` (also `memref.reinterpret_cast` when `reinterpret`).
    SubView {
        /// Source slot.
        src: Slot,
        /// Offsets, sizes and strides.
        mixed: Mixed,
        /// Result shape.
        res_shape: Vec<i64>,
        /// `memref.reinterpret_cast` rather than `memref.subview`.
        reinterpret: bool,
        /// Result slot.
        r: Slot,
    },
    /// Same descriptor, new type (`memref.cast`, `memory_space_cast`, `to_memref` of a memref...).
    Alias {
        /// Source slot.
        src: Slot,
        /// Result slot.
        r: Slot,
    },
    /// `memref.collapse_shape` / `memref.expand_shape`
    MemReshape {
        /// Source slot.
        src: Slot,
        /// The reshape.
        how: Reshape,
        /// Result slot.
        r: Slot,
    },
    /// `memref.reshape`
    MemReshapeDyn {
        /// Source slot.
        src: Slot,
        /// Static shape (`DYNAMIC` marks a dynamic size).
        shape: Slot,
        /// Result slot.
        r: Slot,
    },
    /// `memref.transpose`
    Transpose {
        /// Source slot.
        src: Slot,
        /// The permutation.
        perm: Vec<usize>,
        /// Result slot.
        r: Slot,
    },
    /// `memref.copy`, `linalg`-free copies between views.
    Copy {
        /// Source slot.
        src: Slot,
        /// Destination slot.
        dst: Slot,
        /// Bytes per element (for copy statistics).
        elem_bytes: u64,
    },
    /// `memref.get_global`
    GetGlobal {
        /// Global index.
        g: u32,
        /// Result slot.
        r: Slot,
    },
    /// `memref.dim`, `tensor.dim`
    Dim {
        /// Source slot.
        src: Slot,
        /// Slot of the dimension index.
        d: Slot,
        /// Result slot.
        r: Slot,
    },
    /// `memref.rank`, `tensor.rank`
    Rank {
        /// Source slot.
        src: Slot,
        /// Result slot.
        r: Slot,
    },
    /// `memref.extract_strided_metadata`
    Metadata {
        /// Source slot.
        src: Slot,
        /// Result slots.
        res: Slots,
    },
    /// `memref.extract_aligned_pointer_as_index`
    AlignedPtr {
        /// Source slot.
        src: Slot,
        /// Result slot.
        r: Slot,
    },
    /// `bufferization.to_memref`, with the result type's static strided
    /// layout if it has one.
    ToMemref {
        /// Source slot.
        src: Slot,
        /// Element type.
        elem: ElemTy,
        /// Static strided layout (strides, offset), if any.
        layout: Option<(Vec<i64>, i64)>,
        /// Result slot.
        r: Slot,
    },
    /// `bufferization.to_tensor`
    ToTensor {
        /// Source slot.
        src: Slot,
        /// Result slot.
        r: Slot,
    },
    /// `bufferization.clone`
    Clone {
        /// Source slot.
        src: Slot,
        /// Element type.
        elem: ElemTy,
        /// Result slot.
        r: Slot,
    },
    /// `bufferization.alloc_tensor` / `tensor.empty`
    EmptyTensor {
        /// Static shape (`DYNAMIC` marks a dynamic size).
        shape: Vec<i64>,
        /// Slots of the dynamic sizes.
        dyn_sizes: Slots,
        /// Slot of the `copy` operand, if any.
        copy: Option<Slot>,
        /// Result slot.
        r: Slot,
    },
    /// `bufferization.materialize_in_destination`
    Materialize {
        /// Source slot.
        src: Slot,
        /// Destination slot.
        dst: Slot,
        /// Bytes per element (for copy statistics).
        elem_bytes: u64,
        /// Result slot (for a tensor destination).
        r: Option<Slot>,
    },
    /// `bufferization.dealloc`
    BufDealloc {
        /// Memref slots.
        memrefs: Slots,
        /// Condition slots.
        conds: Slots,
        /// Slots of the retained memrefs.
        retained: Slots,
        /// Result slots.
        res: Slots,
    },
    /// `tensor.extract`, `vector.extractelement`-like on aggregates.
    Extract {
        /// Source slot.
        src: Slot,
        /// Index slots.
        idx: Slots,
        /// Result slot.
        r: Slot,
    },
    /// `tensor.insert`
    Insert {
        /// Slot of the inserted value.
        v: Slot,
        /// Destination slot.
        dst: Slot,
        /// Index slots.
        idx: Slots,
        /// Result slot.
        r: Slot,
    },
    /// `tensor.extract_slice`
    ExtractSlice {
        /// Source slot.
        src: Slot,
        /// Offsets, sizes and strides.
        mixed: Mixed,
        /// Result shape.
        res_shape: Vec<i64>,
        /// Result slot.
        r: Slot,
    },
    /// `tensor.insert_slice`, `tensor.parallel_insert_slice` (r = dest for the latter)
    InsertSlice {
        /// Source slot.
        src: Slot,
        /// Destination slot.
        dst: Slot,
        /// Offsets, sizes and strides.
        mixed: Mixed,
        /// Result slot.
        r: Slot,
    },
    /// `tensor.from_elements`
    FromElements {
        /// Element slots.
        elems: Slots,
        /// Static shape (`DYNAMIC` marks a dynamic size).
        shape: Vec<i64>,
        /// Result slot.
        r: Slot,
    },
    /// `tensor.splat` / `vector.splat` / `vector.broadcast` of a scalar.
    Splat {
        /// Slot of the scalar.
        v: Slot,
        /// Static shape (`DYNAMIC` marks a dynamic size).
        shape: Vec<i64>,
        /// Slots of the dynamic sizes.
        dyn_sizes: Slots,
        /// Result slot.
        r: Slot,
    },
    /// `tensor.generate`
    Generate {
        /// Static shape (`DYNAMIC` marks a dynamic size).
        shape: Vec<i64>,
        /// Slots of the dynamic sizes.
        dyn_sizes: Slots,
        /// Body region.
        body: Region,
        /// Result slot.
        r: Slot,
    },
    /// `tensor.cast`, no-op value moves.
    Move {
        /// Source slot.
        src: Slot,
        /// Result slot.
        r: Slot,
    },
    /// `tensor.collapse_shape` / `tensor.expand_shape` / `tensor.reshape`
    TensorReshape {
        /// Source slot.
        src: Slot,
        /// Static shape (`DYNAMIC` marks a dynamic size).
        shape: Vec<i64>,
        /// Slots of the dynamic sizes.
        dyn_sizes: Slots,
        /// Slot of the `tensor.reshape` shape operand, if any.
        from: Option<Slot>,
        /// Reassociation groups (collapse/expand), if any.
        groups: Option<Vec<Vec<usize>>>,
        /// Result slot.
        r: Slot,
    },
    /// `tensor.pad` with a region yielding the padding value.
    Pad {
        /// Source slot.
        src: Slot,
        /// Low padding per dimension.
        low: Vec<MixedOne>,
        /// High padding per dimension.
        high: Vec<MixedOne>,
        /// Body region.
        body: Region,
        /// Result slot.
        r: Slot,
    },
    /// linalg structured ops.
    Linalg(Box<Linalg>),
    /// `linalg.index`
    LinalgIndex {
        /// Loop dimension.
        dim: usize,
        /// Result slot.
        r: Slot,
    },
    /// `vector.print`
    VPrint {
        /// Slot of the printed value, if any.
        v: Option<Slot>,
        /// Element type of the printed value, if known.
        elem: Option<ElemTy>,
        /// Punctuation printed after the value, if any.
        punct: Option<String>,
    },
    /// `vector.print str "..."`
    VPrintStr(String),
    /// `vector.broadcast` of a vector.
    VBroadcast {
        /// Slot of the source vector.
        v: Slot,
        /// Static shape (`DYNAMIC` marks a dynamic size).
        shape: Vec<i64>,
        /// Result slot.
        r: Slot,
    },
    /// `vector.extract` with mixed static/dynamic position.
    VExtract {
        /// Slot of the source vector.
        v: Slot,
        /// Position, static or dynamic per dimension.
        pos: Vec<MixedOne>,
        /// Result slot.
        r: Slot,
    },
    /// `vector.insert`
    VInsert {
        /// Slot of the inserted value.
        v: Slot,
        /// Destination slot.
        dst: Slot,
        /// Position, static or dynamic per dimension.
        pos: Vec<MixedOne>,
        /// Result slot.
        r: Slot,
    },
    /// `vector.transfer_read`
    TransferRead {
        /// Source slot.
        src: Slot,
        /// Index slots.
        idx: Slots,
        /// Slot of the padding value.
        pad: Slot,
        /// Mask slot, if any.
        mask: Option<Slot>,
        /// Pass-through vector slot (a `vector.mask`'s passthru): the
        /// masked-off lanes take its lanes instead of the padding.
        pass: Option<Slot>,
        /// Permutation map.
        map: AffineMap,
        /// Result vector shape.
        shape: Vec<i64>,
        /// Result slot.
        r: Slot,
    },
    /// `vector.transfer_write`
    TransferWrite {
        /// Slot of the written vector.
        v: Slot,
        /// Destination slot.
        dst: Slot,
        /// Index slots.
        idx: Slots,
        /// Mask slot, if any.
        mask: Option<Slot>,
        /// Permutation map.
        map: AffineMap,
        /// Result slot (for a tensor destination).
        r: Option<Slot>,
    },
    /// `vector.gather`: the lanes of `mask` load the element at the linear
    /// offset `index_vec[lane]` past the base indices; the others take
    /// `pass_thru`.
    Gather {
        /// Base memref or tensor slot.
        base: Slot,
        /// Base index slots.
        idx: Slots,
        /// Slot of the index vector.
        index_vec: Slot,
        /// Bit width of the index vector's elements (signed offsets).
        width: u32,
        /// Mask slot.
        mask: Slot,
        /// Pass-through vector slot; `None` for zeros (a `vector.mask`
        /// without passthru replaces the gather's own mask and pass-through,
        /// as upstream's `MaskedGatherOpPattern` lowers it).
        pass_thru: Option<Slot>,
        /// Result slot.
        r: Slot,
    },
    /// `linalg.softmax` along `dim`, on memrefs or tensors.
    Softmax {
        /// Input slot.
        input: Slot,
        /// Output (init) slot.
        output: Slot,
        /// The reduction dimension.
        dim: usize,
        /// The element type.
        k: FloatKind,
        /// Result slot (for tensors).
        r: Option<Slot>,
    },
    /// `vector.reduction` with its combining kind keyword.
    VReduce {
        /// Combining kind keyword.
        kind: String,
        /// Element type.
        elem: ElemTy,
        /// Slot of the reduced vector.
        v: Slot,
        /// Accumulator slot, if any.
        acc: Option<Slot>,
        /// The mask of an enclosing `vector.mask`: only its lanes are
        /// combined, into the accumulator or the kind's neutral value.
        mask: Option<Slot>,
        /// Result slot.
        r: Slot,
    },
    /// `vector.load` / `vector.store` (value = Some for store).
    VLoad {
        /// Memref slot.
        m: Slot,
        /// Index slots.
        idx: Slots,
        /// Result vector shape.
        shape: Vec<i64>,
        /// Result slot.
        r: Slot,
    },
    /// `vector.store`
    VStore {
        /// Slot of the stored vector.
        v: Slot,
        /// Memref slot.
        m: Slot,
        /// Index slots.
        idx: Slots,
    },
    /// An op without an observable effect here (`memref.prefetch`,
    /// `bufferization.dealloc_tensor`).
    Nop,
    /// `tensor.pack` / `tensor.unpack`.
    Relayout(Box<RelayoutSpec>),
    /// `tensor.gather` / `tensor.scatter`.
    TensorGather(Box<GatherSpec>),
    /// `tensor.concat` along `dim`.
    Concat {
        /// Source slots.
        srcs: Slots,
        /// Concatenation dimension.
        dim: usize,
        /// Result slot.
        r: Slot,
    },
    /// `arith.addui_extended`: the sum and the carry bit.
    AddExt {
        /// Integer bit width.
        w: u32,
        /// Slot of the sum.
        sum: Slot,
        /// Slot of the carry bit.
        carry: Slot,
        /// First operand slot.
        a: Slot,
        /// Second operand slot.
        b: Slot,
    },
    /// `vector.create_mask` / `vector.constant_mask`: the leading
    /// `sizes[d]` positions of each dimension are set.
    Mask {
        /// Mask size per dimension.
        sizes: Vec<MixedOne>,
        /// Static shape (`DYNAMIC` marks a dynamic size).
        shape: Vec<i64>,
        /// Result slot.
        r: Slot,
    },
    /// `affine.parallel` (sequential), with the `arith.atomic_rmw` kind
    /// index and element type of each reduction.
    AffineParallel {
        /// Lower bound maps, applied.
        lb: MapApply,
        /// Number of lower-bound map results per loop (their max is taken).
        lb_groups: Vec<usize>,
        /// Upper bound maps, applied.
        ub: MapApply,
        /// Number of upper-bound map results per loop (their min is taken).
        ub_groups: Vec<usize>,
        /// Constant step per loop.
        steps: Vec<i64>,
        /// `AtomicRMWKind` number and element type per reduction.
        reductions: Vec<(i64, ElemTy)>,
        /// Body region.
        body: Region,
        /// Result slots.
        res: Slots,
    },
}

/// A static value or a dynamic slot.
#[derive(Debug, Clone, Copy)]
pub enum MixedOne {
    /// Constant.
    C(i64),
    /// From a slot.
    S(Slot),
}

/// A compiled function.
#[derive(Debug)]
pub struct Func {
    /// Symbol name.
    pub name: String,
    /// The `func.func` op.
    pub op: OpId,
    /// Argument types.
    pub arg_tys: Vec<Type>,
    /// Result types.
    pub res_tys: Vec<Type>,
    /// The body (None for declarations).
    pub body: Option<Region>,
    /// Frame size.
    pub nslots: u32,
}

/// A `memref.global`.
#[derive(Debug)]
pub struct Global {
    /// Name.
    pub name: String,
    /// The op.
    pub op: OpId,
    /// Element type.
    pub elem: ElemTy,
    /// Shape.
    pub shape: Vec<i64>,
    /// Initial contents (None: uninitialised).
    pub init: Option<Vec<u64>>,
    /// Read-only.
    pub constant: bool,
}

/// A compiled module.
#[derive(Debug, Default)]
pub struct Program {
    /// Functions.
    pub funcs: Vec<Func>,
    /// Name → function index.
    pub by_name: FxHashMap<String, u32>,
    /// Globals.
    pub globals: Vec<Global>,
}

/// A compiled `tensor.pack` or `tensor.unpack`.
#[derive(Clone, Debug)]
pub struct RelayoutSpec {
    /// True for `pack`.
    pub pack: bool,
    /// Source slot.
    pub src: Slot,
    /// Destination slot (its shape is the result's).
    pub dest: Slot,
    /// Padding value slot (`pack` only).
    pub pad: Option<Slot>,
    /// `inner_dims_pos`.
    pub inner: Vec<usize>,
    /// `outer_dims_perm` (empty: identity).
    pub outer: SmallVec<[usize; 4]>,
    /// The tile sizes.
    pub tiles: Vec<MixedOne>,
    /// Result slot.
    pub r: Slot,
}

/// A compiled `tensor.gather` or `tensor.scatter`.
#[derive(Clone, Debug)]
pub struct GatherSpec {
    /// The gathered tensor, or the scattered slices.
    pub src: Slot,
    /// The scatter destination (`None` for gather).
    pub dest: Option<Slot>,
    /// The coordinates tensor.
    pub indices: Slot,
    /// Bit width of the coordinates' element type.
    pub index_bits: u32,
    /// `gather_dims` / `scatter_dims`.
    pub dims: Vec<usize>,
    /// True when the gather result drops the gathered unit dimensions.
    pub rank_reduced: bool,
    /// Result slot.
    pub r: Slot,
}
