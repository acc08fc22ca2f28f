//! `BufferizeTypeConverter`: the type converter of dialect-conversion
//! bufferization (upstream's, as in LLVM 19). Every type converts to
//! itself except tensors: a ranked tensor becomes a memref of the same
//! shape and element type with the identity layout, an unranked tensor an
//! unranked memref. Values are carried across the tensor/memref boundary
//! by `bufferization.to_tensor` (source and argument materializations)
//! and `bufferization.to_memref` (target materialization); a memref that
//! must become another ranked memref type goes through a `memref.cast`
//! when that cast always succeeds, else a new allocation and a copy.

use dialects::bufferization::{ToMemrefOp, ToTensorOp};
use ir::op_decl::IrBuilder;
use ir::{Context, InsertPoint, Ir, Location, Type, TypeKind, ValueId};
use smallvec::smallvec;
use std::sync::Arc;
use transforms::conversion::{keep_all_types, ConversionTarget, TypeConversion, TypeConverter};

/// The memref type a tensor type bufferizes to (`None` for other types).
pub fn bufferized_type(ctx: &Context, ty: Type) -> Option<Type> {
    match ctx.kind(ty) {
        TypeKind::Tensor { shape, elem, .. } => Some(ctx.memref_ty(shape, *elem, None)),
        TypeKind::UnrankedTensor { elem } => Some(ctx.ty(TypeKind::UnrankedMemRef { elem: *elem, memory_space: None })),
        _ => None,
    }
}

fn to_tensor(ir: &mut Ir, ip: InsertPoint, ty: Type, inputs: &[ValueId], loc: Location) -> Option<ValueId> {
    let ctx = ir.ctx_arc().clone();
    let [input] = inputs else { return None };
    if !ctx.is_tensor(ty) || !ctx.is_memref(ir.value_type(*input)) {
        return None;
    }
    let b = &mut IrBuilder::at(ir, ip);
    Some(ToTensorOp::build(b, loc, ty, *input, false, false).result(b.ir))
}

fn to_buffer(ir: &mut Ir, ip: InsertPoint, ty: Type, inputs: &[ValueId], loc: Location) -> Option<ValueId> {
    let ctx = ir.ctx_arc().clone();
    let [input] = inputs else { return None };
    if !ctx.is_memref(ty) {
        return None;
    }
    let in_ty = ir.value_type(*input);
    if ctx.is_tensor(in_ty) {
        let b = &mut IrBuilder::at(ir, ip);
        return Some(ToMemrefOp::build(b, loc, ty, *input, false).memref(b.ir));
    }
    // Unranked to ranked and ranked to unranked casts must be explicit.
    if !matches!(ctx.kind(in_ty), TypeKind::MemRef { .. }) || !matches!(ctx.kind(ty), TypeKind::MemRef { .. }) {
        return None;
    }
    cast_or_realloc(ir, ip, *input, ty, loc)
}

/// `value` as a ranked memref of type `dst`, built at `ip` (see
/// [`dialects::bufferization::build::cast_or_realloc`]).
pub fn cast_or_realloc(ir: &mut Ir, ip: InsertPoint, value: ValueId, dst: Type, loc: Location) -> Option<ValueId> {
    dialects::bufferization::build::cast_or_realloc(&mut IrBuilder::at(ir, ip), loc, value, dst)
}

/// The bufferize type converter (see the module doc).
pub fn bufferize_type_converter() -> Arc<TypeConverter> {
    Arc::new(standard_bufferize_type_converter())
}

/// The bufferize type converter, still open for more conversions and
/// materializations (`func_conversion` adds tuples to it).
pub fn standard_bufferize_type_converter() -> TypeConverter {
    let mut c = TypeConverter::new();
    c.add_conversion(keep_all_types());
    c.add_conversion(|ctx, t| match bufferized_type(ctx, t) {
        Some(m) => TypeConversion::Converted(smallvec![m]),
        None => TypeConversion::NotApplicable,
    });
    c.add_argument_materialization(to_tensor);
    c.add_source_materialization(to_tensor);
    c.add_target_materialization(to_buffer);
    c
}

/// Marks the materialization ops legal (upstream's
/// `populateBufferizeMaterializationLegality`).
pub fn add_materialization_legality(target: &mut ConversionTarget) {
    target.add_legal_op("bufferization.to_tensor");
    target.add_legal_op("bufferization.to_memref");
}
