//! A subset of the `vector` dialect, each op declared once with
//! [`declare_op!`](crate::declare_op): `vector.transfer_read`,
//! `vector.transfer_write`, `vector.gather`, `vector.load`, `vector.store`, `vector.print`,
//! `vector.broadcast`, `vector.splat`, `vector.extract`, `vector.insert`,
//! `vector.fma`, `vector.reduction`, `vector.constant_mask`,
//! `vector.create_mask`, `vector.mask` and `vector.yield`.
//!
//! This module owns the declarations and registration, the vector type
//! helpers, memory effects (transfers on memrefs and loads/stores read or
//! write their memref, `vector.print` writes) and accessors for
//! interpreters ([`transfer_parts`], [`position`], [`print_punctuation`],
//! [`reduction_kind`]). Submodules: [`transfer`] (everything about the two
//! transfer ops: verifiers, syntax, destination style, subset interfaces),
//! [`mask`] (`vector.mask`, the maskable ops and their queries), `verify`
//! and `asm` (the other ops' verifiers and custom syntax).

mod asm;
pub mod mask;
#[cfg(test)]
mod tests;
pub mod transfer;
mod verify;

use crate::declare_op;
use crate::static_dynamic::mixed_values;
use crate::util::register_dialect;
use asm::{ConstantMaskAsm, ExtractAsm, FmaAsm, InsertAsm, LoadStoreAsm, PrintAsm, ReductionAsm, SplatAsm};
use ir::buffer_interfaces::{SubsetExtraction, SubsetInsertion, SubsetOp};
use ir::interfaces::{DestinationStyle, Effect, EffectKind, EffectOn, MemoryEffects, OpFoldSize, RegionTerminator};
use ir::op_decl::{AnyAttr, I64Array};
use ir::{AttrKind, Context, Ir, OpId, OpTraits, Type, TypeKind, ValueId, DYNAMIC};
use mask::{
    elide_empty_mask, fold_mask, verify_mask, GatherMaskable, MaskAsm, ReductionMaskable, TransferMaskable, MASK_TRAITS,
};
pub use mask::{is_masked, maskable, masked_op, masking_op, MaskableOp};
pub use transfer::{
    infer_transfer_mask_type, transfer_minor_identity_map, transfer_parts, AffineMapAttr, BoolArrayAttr, TransferParts,
};
use transfer::{
    verify_transfer_read, verify_transfer_write, ReadDps, TransferEffects, TransferReadAsm, TransferSubset,
    TransferWriteAsm, WriteDps,
};
use verify::{
    verify_broadcast, verify_constant_mask, verify_create_mask, verify_extract, verify_fma, verify_gather,
    verify_insert, verify_load_store, verify_print, verify_reduction, verify_splat,
};

declare_op! {
    /// `vector.transfer_read`: reads a vector from a slice of a memref or
    /// tensor, padding out-of-bounds lanes.
    pub struct TransferReadOp = "vector.transfer_read" {
        traits: OpTraits::default(),
        operands: [source: Single, indices: Variadic, padding: Single, mask: Optional],
        operand_segments: true,
        attrs: [permutation_map: AffineMapAttr, in_bounds: BoolArrayAttr],
        results: [vector: Single],
        verify: verify_transfer_read,
        asm: TransferReadAsm,
        interfaces: [
            MemoryEffects => TransferEffects,
            DestinationStyle => ReadDps,
            SubsetOp => TransferSubset,
            SubsetExtraction => TransferSubset,
            MaskableOp => TransferMaskable { read: true },
        ],
    }
}

declare_op! {
    /// `vector.transfer_write`: writes a vector into a slice of a memref or
    /// tensor (then returning the updated tensor).
    pub struct TransferWriteOp = "vector.transfer_write" {
        traits: OpTraits::default(),
        operands: [vector: Single, source: Single, indices: Variadic, mask: Optional],
        operand_segments: true,
        attrs: [permutation_map: AffineMapAttr, in_bounds: BoolArrayAttr],
        results: [result: Optional],
        verify: verify_transfer_write,
        asm: TransferWriteAsm,
        interfaces: [
            MemoryEffects => TransferEffects,
            DestinationStyle => WriteDps,
            SubsetOp => TransferSubset,
            SubsetInsertion => TransferSubset,
            MaskableOp => TransferMaskable { read: false },
        ],
    }
}

declare_op! {
    /// `vector.print`: prints a value, a string or punctuation.
    pub struct PrintOp = "vector.print" {
        traits: OpTraits::default(),
        operands: [source: Optional],
        attrs: [punctuation: AnyAttr, stringLiteral: AnyAttr],
        verify: verify_print,
        asm: PrintAsm,
        interfaces: [MemoryEffects => WritesUnknown],
    }
}

declare_op! {
    /// `vector.broadcast`: a scalar or vector broadcast to a vector.
    pub struct BroadcastOp = "vector.broadcast" {
        traits: OpTraits::PURE,
        operands: [source: Single],
        results: [vector: Single],
        verify: verify_broadcast,
        format: "$source attr-dict `:` type($source) `to` type($vector)",
        format_rules: [vector: Builtin("vector", is_vector)],
    }
}

declare_op! {
    /// `vector.splat`: a scalar broadcast to every element.
    pub struct SplatOp = "vector.splat" {
        traits: OpTraits::PURE,
        operands: [input: Single],
        results: [aggregate: Single],
        verify: verify_splat,
        asm: SplatAsm,
    }
}

declare_op! {
    /// `vector.extract`: an element or sub-vector at a (mixed) position.
    pub struct ExtractOp = "vector.extract" {
        traits: OpTraits::PURE,
        operands: [vector: Single, dynamic_position: Variadic],
        attrs: [static_position: I64Array],
        results: [result: Single],
        verify: verify_extract,
        asm: ExtractAsm,
    }
}

declare_op! {
    /// `vector.insert`: a vector with an element or sub-vector replaced.
    pub struct InsertOp = "vector.insert" {
        traits: OpTraits::PURE,
        operands: [source: Single, dest: Single, dynamic_position: Variadic],
        attrs: [static_position: I64Array],
        results: [result: Single],
        verify: verify_insert,
        asm: InsertAsm,
    }
}

declare_op! {
    /// `vector.constant_mask`: a mask set in a leading box.
    pub struct ConstantMaskOp = "vector.constant_mask" {
        traits: OpTraits::PURE,
        attrs: [mask_dim_sizes: AnyAttr],
        results: [result: Single],
        verify: verify_constant_mask,
        asm: ConstantMaskAsm,
    }
}

declare_op! {
    /// `vector.create_mask`: a mask set in a leading box of dynamic sizes
    /// (upstream's `operands`).
    pub struct CreateMaskOp = "vector.create_mask" {
        traits: OpTraits::PURE,
        operands: [bounds: Variadic],
        results: [result: Single],
        verify: verify_create_mask,
        format: "$bounds attr-dict `:` type(results)",
        format_rules: [bounds: Is(Context::index_ty)],
    }
}

declare_op! {
    /// `vector.gather`: reads the elements of a memref or tensor at the
    /// base indices plus the offsets of an index vector, where the mask is
    /// set (elsewhere the pass-through lanes).
    pub struct GatherOp = "vector.gather" {
        traits: OpTraits::default(),
        operands: [base: Single, indices: Variadic, index_vec: Single, mask: Single, pass_thru: Single],
        results: [result: Single],
        verify: verify_gather,
        format: "$base `[` $indices `]` `[` $index_vec `]` `,` $mask `,` $pass_thru attr-dict `:` type($base) `,` type($index_vec) `,` type($mask) `,` type($pass_thru) `into` type($result)",
        format_rules: [indices: Is(Context::index_ty)],
        interfaces: [MemoryEffects => GatherEffects, MaskableOp => GatherMaskable],
    }
}

declare_op! {
    /// `vector.load`: a vector read from a memref.
    pub struct LoadOp = "vector.load" {
        traits: OpTraits::default(),
        operands: [base: Single, indices: Variadic],
        attrs: [nontemporal: AnyAttr],
        results: [result: Single],
        verify: verify_load_store,
        asm: LoadStoreAsm { store: false },
        interfaces: [MemoryEffects => LoadEffects],
    }
}

declare_op! {
    /// `vector.store`: a vector written to a memref.
    pub struct StoreOp = "vector.store" {
        traits: OpTraits::default(),
        operands: [value_to_store: Single, base: Single, indices: Variadic],
        attrs: [nontemporal: AnyAttr],
        verify: verify_load_store,
        asm: LoadStoreAsm { store: true },
        interfaces: [MemoryEffects => StoreEffects],
    }
}

declare_op! {
    /// `vector.fma`: fused multiply-add of float vectors.
    pub struct FmaOp = "vector.fma" {
        traits: OpTraits::PURE,
        operands: [lhs: Single, rhs: Single, acc: Single],
        results: [result: Single],
        verify: verify_fma,
        asm: FmaAsm,
    }
}

declare_op! {
    /// `vector.reduction`: a 1-D vector combined into a scalar.
    pub struct ReductionOp = "vector.reduction" {
        traits: OpTraits::PURE,
        operands: [vector: Single, acc: Optional],
        attrs: [kind: AnyAttr, fastmath: AnyAttr],
        results: [dest: Single],
        verify: verify_reduction,
        asm: ReductionAsm,
        interfaces: [MaskableOp => ReductionMaskable],
    }
}

declare_op! {
    /// `vector.mask`: predicates the one maskable op of its region by a
    /// mask (masked-off lanes of the result from the optional passthru);
    /// the region's `vector.yield` yields that op's results.
    pub struct MaskOp = "vector.mask" {
        traits: MASK_TRAITS,
        operands: [mask: Single, passthru: Optional],
        results: [results: Variadic],
        regions: [mask_region: Single],
        verify: verify_mask,
        fold: fold_mask,
        asm: MaskAsm,
        patterns: ["ElideEmptyMaskOp" => elide_empty_mask],
    }
}

declare_op! {
    /// `vector.yield`: yields values from a vector op's region (the results
    /// of a `vector.mask`).
    pub struct YieldOp = "vector.yield" {
        traits: OpTraits(OpTraits::TERMINATOR.0 | OpTraits::RETURN_LIKE.0 | OpTraits::PURE.0),
        operands: [operands: Variadic],
        format: "attr-dict ($operands^ `:` type($operands))?",
        interfaces: [RegionTerminator => crate::util::ForwardAllOperands],
    }
}

/// Registers the vector subset.
pub fn register(ctx: &mut Context) {
    // Ops of the dialect that bufopt does not model yet (`vector.vscale`, …)
    // stay usable in generic form as unknown ops.
    register_dialect(ctx, "vector", true);
    crate::register_ops!(
        ctx,
        [
            TransferReadOp,
            TransferWriteOp,
            GatherOp,
            PrintOp,
            BroadcastOp,
            SplatOp,
            ExtractOp,
            InsertOp,
            ConstantMaskOp,
            CreateMaskOp,
            LoadOp,
            StoreOp,
            FmaOp,
            ReductionOp,
            MaskOp,
            YieldOp,
        ]
    );
}

// ----- effects -----------------------------------------------------------------

/// `vector.print` writes to an unknown resource (the output).
struct WritesUnknown;

impl MemoryEffects for WritesUnknown {
    fn effects(&self, _ir: &Ir, _op: OpId, out: &mut Vec<Effect>) {
        out.push(Effect::new(EffectKind::Write, EffectOn::Unknown));
    }
}

/// `vector.load` reads its base.
struct LoadEffects;

impl MemoryEffects for LoadEffects {
    fn effects(&self, ir: &Ir, op: OpId, out: &mut Vec<Effect>) {
        out.push(Effect::new(EffectKind::Read, EffectOn::Operand(LoadOp(op).base_range(ir).start)));
    }
}

/// `vector.gather` reads its base (a memref or a tensor, as upstream's
/// `MemRead` on the operand).
struct GatherEffects;

impl MemoryEffects for GatherEffects {
    fn effects(&self, _ir: &Ir, _op: OpId, out: &mut Vec<Effect>) {
        out.push(Effect::new(EffectKind::Read, EffectOn::Operand(0)));
    }
}

/// `vector.store` writes its base.
struct StoreEffects;

impl MemoryEffects for StoreEffects {
    fn effects(&self, ir: &Ir, op: OpId, out: &mut Vec<Effect>) {
        out.push(Effect::new(EffectKind::Write, EffectOn::Operand(StoreOp(op).base_range(ir).start)));
    }
}

// ----- types -------------------------------------------------------------------

// ----- types -------------------------------------------------------------------

/// The shape, scalable flags and element type of a vector type.
pub fn vector_parts(ctx: &Context, t: Type) -> Option<(&[i64], &[bool], Type)> {
    match ctx.kind(t) {
        TypeKind::Vector { shape, scalable, elem } => Some((shape, scalable, *elem)),
        _ => None,
    }
}

fn is_vector(ctx: &Context, t: Type) -> bool {
    matches!(ctx.kind(t), TypeKind::Vector { .. })
}

fn vector_ty(ctx: &Context, shape: &[i64], scalable: &[bool], elem: Type) -> Type {
    ctx.ty(TypeKind::Vector { shape: shape.into(), scalable: scalable.into(), elem })
}

fn is_int_index_or_float(ctx: &Context, t: Type) -> bool {
    ctx.is_int_or_index(t) || ctx.float_kind(t).is_some()
}

fn is_i1_vector(ctx: &Context, t: Type) -> bool {
    vector_parts(ctx, t).is_some_and(|(_, _, e)| e == ctx.i1_ty())
}

/// The mixed position of `vector.extract` / `vector.insert`.
pub fn position(ir: &Ir, op: OpId) -> Option<Vec<OpFoldSize>> {
    let (statics, dynamics): (_, Vec<ValueId>) = match InsertOp::cast(ir, op) {
        Some(ins) => (ins.static_position_attr(ir), ins.dynamic_position(ir).to_vec()),
        None => (ExtractOp(op).static_position_attr(ir), ExtractOp(op).dynamic_position(ir).to_vec()),
    };
    mixed_values(&ir.ctx().dense_i64_array(statics?)?, &dynamics)
}

/// The punctuation of `vector.print`: `no_punctuation`, `newline`, `comma`,
/// `open` or `close` (`newline` when absent).
pub fn print_punctuation(ir: &Ir, op: OpId) -> String {
    let ctx = ir.ctx();
    match PrintOp(op).punctuation(ir).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Opaque { body, .. }) => {
            let b = ctx.str(*body);
            b.strip_prefix("punctuation<").and_then(|s| s.strip_suffix('>')).unwrap_or("newline").to_string()
        }
        _ => "newline".to_string(),
    }
}

/// The string of `vector.print str "..."`, if any.
pub fn print_string(ir: &Ir, op: OpId) -> Option<Vec<u8>> {
    match ir.ctx().attr_kind(PrintOp(op).stringLiteral(ir)?) {
        AttrKind::String { value, .. } => Some(value.to_vec()),
        _ => None,
    }
}

// ----- reduction ---------------------------------------------------------------

/// The combining kinds of `vector.reduction`, in enum order.
pub const COMBINING_KINDS: [&str; 13] = [
    "add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and", "or", "xor", "maximumf", "minimumf",
];

/// The combining kind of `vector.reduction` (`add`, `maxsi`, …).
pub fn reduction_kind(ir: &Ir, op: OpId) -> Option<&'static str> {
    let ctx = ir.ctx();
    match ctx.attr_kind(ReductionOp(op).kind(ir)?) {
        AttrKind::Opaque { body, .. } => {
            let b = ctx.str(*body);
            let kw = b.strip_prefix("kind<")?.strip_suffix('>')?;
            COMBINING_KINDS.iter().copied().find(|&k| k == kw)
        }
        _ => None,
    }
}

/// True when `op`'s static position has a dynamic entry.
pub fn has_dynamic_position(ir: &Ir, op: OpId) -> bool {
    // `vector.extract` and `vector.insert` name the attribute alike.
    ExtractOp(op).static_position(ir).contains(&DYNAMIC)
}
