//! A subset of the `vector` dialect: `vector.transfer_read`,
//! `vector.transfer_write`, `vector.load`, `vector.store`, `vector.print`,
//! `vector.broadcast`, `vector.splat`, `vector.extract`, `vector.insert`,
//! `vector.fma`, `vector.reduction`, `vector.constant_mask` and
//! `vector.create_mask`, with mlir-opt-19's custom syntax, verifiers with
//! upstream's wording, memory effects (transfers on memrefs and
//! loads/stores read or write their memref, `vector.print` writes),
//! `DestinationStyle` for the transfers, and accessors for interpreters
//! ([`transfer_parts`], [`position`], [`print_punctuation`],
//! [`reduction_kind`]).

use crate::static_dynamic::{
    mixed_values, operand_segments, parse_dynamic_index_list_in, print_dynamic_index_list, segment_sizes_attr,
    segment_values, verify_operand_segments, Delimiter,
};
use crate::tensor::{check_num_operands, check_num_results, check_operands, check_results, op_error, q};
use crate::util::{parse_builtin_type, parse_opt_attr_dict, register_dialect, register_op};
use ir::affine::{AffineExpr, AffineMap};
use ir::interfaces::{DestinationStyle, Effect, EffectKind, EffectOn, MemoryEffects, OpFoldSize};
use ir::{AttrKind, Attribute, Context, Diagnostic, Ir, OpId, OpTraits, Type, TypeKind, ValueId, DYNAMIC};
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::{IrParser, UnresolvedOperand};
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

/// Registers the vector subset.
pub fn register(ctx: &mut Context) {
    // Ops of the dialect that bufopt does not model yet (`vector.vscale`, …)
    // stay usable in generic form as unknown ops.
    register_dialect(ctx, "vector", true);
    let pure = OpTraits::PURE;
    register_op(
        ctx,
        "vector.transfer_read",
        OpTraits::default(),
        &["in_bounds", "operandSegmentSizes", "permutation_map"],
        Some(verify_transfer_read),
        Some(Box::new(TransferReadAsm)),
    );
    register_op(
        ctx,
        "vector.transfer_write",
        OpTraits::default(),
        &["in_bounds", "operandSegmentSizes", "permutation_map"],
        Some(verify_transfer_write),
        Some(Box::new(TransferWriteAsm)),
    );
    register_op(
        ctx,
        "vector.print",
        OpTraits::default(),
        &["punctuation", "stringLiteral"],
        Some(verify_print),
        Some(Box::new(PrintAsm)),
    );
    register_op(ctx, "vector.broadcast", pure, &[], Some(verify_broadcast), Some(Box::new(BroadcastAsm)));
    register_op(ctx, "vector.splat", pure, &[], Some(verify_splat), Some(Box::new(SplatAsm)));
    register_op(ctx, "vector.extract", pure, &["static_position"], Some(verify_extract), Some(Box::new(ExtractAsm)));
    register_op(ctx, "vector.insert", pure, &["static_position"], Some(verify_insert), Some(Box::new(InsertAsm)));
    register_op(
        ctx,
        "vector.constant_mask",
        pure,
        &["mask_dim_sizes"],
        Some(verify_constant_mask),
        Some(Box::new(ConstantMaskAsm)),
    );
    register_op(ctx, "vector.create_mask", pure, &[], Some(verify_create_mask), Some(Box::new(CreateMaskAsm)));
    register_op(
        ctx,
        "vector.load",
        OpTraits::default(),
        &["nontemporal"],
        Some(verify_load_store),
        Some(Box::new(LoadStoreAsm { store: false })),
    );
    register_op(
        ctx,
        "vector.store",
        OpTraits::default(),
        &["nontemporal"],
        Some(verify_load_store),
        Some(Box::new(LoadStoreAsm { store: true })),
    );
    register_op(ctx, "vector.fma", pure, &[], Some(verify_fma), Some(Box::new(FmaAsm)));
    register_op(
        ctx,
        "vector.reduction",
        pure,
        &["fastmath", "kind"],
        Some(verify_reduction),
        Some(Box::new(ReductionAsm)),
    );
    for name in ["vector.load", "vector.store"] {
        let n = ctx.intern_str(name);
        ctx.registry_mut().add_interface::<dyn MemoryEffects>(n, Box::new(VectorEffects));
    }
    for name in ["vector.transfer_read", "vector.transfer_write", "vector.print"] {
        let n = ctx.intern_str(name);
        ctx.registry_mut().add_interface::<dyn MemoryEffects>(n, Box::new(VectorEffects));
    }
    for name in ["vector.transfer_read", "vector.transfer_write"] {
        let n = ctx.intern_str(name);
        ctx.registry_mut().add_interface::<dyn DestinationStyle>(n, Box::new(TransferDps));
    }
}

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

// ----- accessors ---------------------------------------------------------------

/// The pieces of a `vector.transfer_read` / `vector.transfer_write`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TransferParts {
    /// The vector written (`transfer_write` only).
    pub vector: Option<ValueId>,
    /// The memref or tensor read or written.
    pub source: ValueId,
    /// One index per source dimension.
    pub indices: Vec<ValueId>,
    /// The padding value (`transfer_read` only).
    pub padding: Option<ValueId>,
    /// The optional mask.
    pub mask: Option<ValueId>,
    /// `permutation_map`: source dims to vector dims (a `0` result is a
    /// broadcast dimension).
    pub permutation_map: AffineMap,
    /// `in_bounds`, one flag per vector dimension.
    pub in_bounds: Vec<bool>,
}

/// The operands and attributes of a transfer op (`None` when malformed).
pub fn transfer_parts(ir: &Ir, op: OpId) -> Option<TransferParts> {
    let ctx = ir.ctx();
    operand_segments(ir, op, 4)?;
    let read = ir.is_op(op, "vector.transfer_read");
    let g = |i| segment_values(ir, op, 4, i);
    let perm = match ctx.attr_kind(ir.attr(op, "permutation_map")?) {
        AttrKind::AffineMap(m) => m.clone(),
        _ => return None,
    };
    let in_bounds = bool_array(ctx, ir.attr(op, "in_bounds")?)?;
    let mask = g(3).first().copied();
    if read {
        Some(TransferParts {
            vector: None,
            source: *g(0).first()?,
            indices: g(1),
            padding: g(2).first().copied(),
            mask,
            permutation_map: perm,
            in_bounds,
        })
    } else {
        Some(TransferParts {
            vector: g(0).first().copied(),
            source: *g(1).first()?,
            indices: g(2),
            padding: None,
            mask,
            permutation_map: perm,
            in_bounds,
        })
    }
}

fn bool_array(ctx: &Context, a: Attribute) -> Option<Vec<bool>> {
    ctx.array_value(a)?
        .iter()
        .map(|&b| match ctx.attr_kind(b) {
            AttrKind::Bool(v) => Some(*v),
            _ => None,
        })
        .collect()
}

/// The mixed position of `vector.extract` / `vector.insert`.
pub fn position(ir: &Ir, op: OpId) -> Option<Vec<OpFoldSize>> {
    let statics = ir.ctx().dense_i64_array(ir.attr(op, "static_position")?)?;
    let first = if ir.is_op(op, "vector.insert") { 2 } else { 1 };
    let dynamics: Vec<ValueId> = ir.operands(op).skip(first).collect();
    mixed_values(&statics, &dynamics)
}

/// The punctuation of `vector.print`: `no_punctuation`, `newline`, `comma`,
/// `open` or `close` (`newline` when absent).
pub fn print_punctuation(ir: &Ir, op: OpId) -> String {
    let ctx = ir.ctx();
    match ir.attr(op, "punctuation").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Opaque { body, .. }) => {
            let b = ctx.str(*body);
            b.strip_prefix("punctuation<").and_then(|s| s.strip_suffix('>')).unwrap_or("newline").to_string()
        }
        _ => "newline".to_string(),
    }
}

/// The string of `vector.print str "..."`, if any.
pub fn print_string(ir: &Ir, op: OpId) -> Option<Vec<u8>> {
    match ir.ctx().attr_kind(ir.attr(op, "stringLiteral")?) {
        AttrKind::String { value, .. } => Some(value.to_vec()),
        _ => None,
    }
}

/// MLIR's `getTransferMinorIdentityMap`.
pub fn transfer_minor_identity_map(ctx: &Context, shaped: Type, vector: Type) -> AffineMap {
    let rank = ctx.shape(shaped).map_or(0, |s| s.len());
    let elem_rank = ctx.element_type(shaped).and_then(|e| vector_parts(ctx, e)).map_or(0, |(s, _, _)| s.len());
    let vshape = vector_parts(ctx, vector).map(|(s, _, _)| s.to_vec()).unwrap_or_default();
    if rank == 0 && vshape == [1] {
        return AffineMap::new(0, 0, [AffineExpr::constant(0)]);
    }
    let results = vshape.len().saturating_sub(elem_rank).min(rank);
    AffineMap::minor_identity(rank, results).unwrap_or_else(|| AffineMap::zero_results(rank, 0))
}

/// MLIR's `inferTransferOpMaskType`: the mask shape follows the source
/// dimensions the permutation map uses, in order.
pub fn infer_transfer_mask_type(ctx: &Context, vector: Type, perm: &AffineMap) -> Option<Type> {
    let (shape, scalable, _) = vector_parts(ctx, vector)?;
    let mut mshape = Vec::new();
    let mut mscal = Vec::new();
    for d in 0..perm.num_dims {
        if let Some(i) = perm.results.iter().position(|e| e.as_dim() == Some(d)) {
            mshape.push(*shape.get(i)?);
            mscal.push(scalable.get(i).copied().unwrap_or(false));
        }
    }
    Some(vector_ty(ctx, &mshape, &mscal, ctx.i1_ty()))
}

// ----- interfaces --------------------------------------------------------------

struct VectorEffects;

impl MemoryEffects for VectorEffects {
    fn effects(&self, ir: &Ir, op: OpId, out: &mut Vec<Effect>) {
        let ctx = ir.ctx();
        match ir.op_name_str(op) {
            "vector.print" => out.push(Effect::new(EffectKind::Write, EffectOn::Unknown)),
            "vector.load" => out.push(Effect::new(EffectKind::Read, EffectOn::Operand(0))),
            "vector.store" => out.push(Effect::new(EffectKind::Write, EffectOn::Operand(1))),
            name => {
                let (idx, kind) =
                    if name == "vector.transfer_read" { (0, EffectKind::Read) } else { (1, EffectKind::Write) };
                if idx < ir.num_operands(op) && ctx.is_memref(ir.value_type(ir.operand(op, idx))) {
                    out.push(Effect::new(kind, EffectOn::Operand(idx)));
                }
            }
        }
    }
}

struct TransferDps;

impl DestinationStyle for TransferDps {
    fn inits(&self, ir: &Ir, op: OpId) -> std::ops::Range<usize> {
        if ir.is_op(op, "vector.transfer_write") && ir.num_operands(op) > 1 {
            1..2
        } else {
            0..0
        }
    }
}

// ----- verifiers ---------------------------------------------------------------

fn required_attr(ir: &Ir, op: OpId, name: &str) -> Result<Attribute, Diagnostic> {
    ir.attr(op, name).ok_or_else(|| op_error(ir, op, format!("requires attribute '{name}'")))
}

/// The checks shared by both transfers (`verifyTransferOp` and ODS).
fn verify_transfer_common(ir: &Ir, op: OpId, read: bool) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let in_bounds_attr = required_attr(ir, op, "in_bounds")?;
    let Some(in_bounds) = bool_array(ctx, in_bounds_attr) else {
        return Err(op_error(
            ir,
            op,
            "attribute 'in_bounds' failed to satisfy constraint: 1-bit boolean array attribute",
        ));
    };
    let perm_attr = required_attr(ir, op, "permutation_map")?;
    let AttrKind::AffineMap(perm) = ctx.attr_kind(perm_attr) else {
        return Err(op_error(ir, op, "attribute 'permutation_map' failed to satisfy constraint: AffineMap attribute"));
    };
    verify_operand_segments(ir, op, 4)?;
    let Some(sizes) = operand_segments(ir, op, 4) else { return Ok(()) };
    let (src_idx, vec_ty) = if read {
        if sizes[0] != 1 || sizes[2] != 1 {
            let (start, n) = if sizes[0] != 1 { (0, sizes[0]) } else { (sizes[0] + sizes[1], sizes[2]) };
            return Err(op_error(
                ir,
                op,
                format!("operand group starting at #{start} requires 1 element, but found {n}"),
            ));
        }
        check_num_results(ir, op, 1)?;
        (0, ir.value_type(ir.result(op, 0)))
    } else {
        if sizes[0] != 1 || sizes[1] != 1 {
            let (start, n) = if sizes[0] != 1 { (0, sizes[0]) } else { (1, sizes[1]) };
            return Err(op_error(
                ir,
                op,
                format!("operand group starting at #{start} requires 1 element, but found {n}"),
            ));
        }
        (1, ir.value_type(ir.operand(op, 0)))
    };
    if sizes[3] > 1 {
        let start = sizes[0] + sizes[1] + sizes[2];
        return Err(op_error(
            ir,
            op,
            format!("operand group starting at #{start} requires 0 or 1 element, but found {}", sizes[3]),
        ));
    }
    let idx_start = if read { 1 } else { 2 };
    let idx_len = if read { sizes[1] } else { sizes[2] };
    if !read {
        check_operands(ir, op, 0..1, is_vector, "vector of any type values")?;
    }
    check_operands(ir, op, src_idx..src_idx + 1, |c, t| c.is_shaped(t), "shaped of any type values")?;
    check_operands(ir, op, idx_start..idx_start + idx_len, |c, t| c.is_index(t), "variadic of index")?;
    let mask_idx = sizes[0] + sizes[1] + sizes[2];
    check_operands(ir, op, mask_idx..mask_idx + sizes[3], is_i1_vector, "vector of 1-bit signless integer values")?;
    if read {
        check_results(ir, op, 0..1, is_vector, "vector of any type values")?;
    } else {
        if ir.num_results(op) > 1 {
            return Err(op_error(ir, op, format!("requires zero or one result, but found {}", ir.num_results(op))));
        }
        check_results(
            ir,
            op,
            0..1,
            |c, t| matches!(c.kind(t), TypeKind::Tensor { .. }),
            "ranked tensor of any type values",
        )?;
    }

    let shaped = ir.value_type(ir.operand(op, src_idx));
    let rank = ctx.shape(shaped).map_or(0, |s| s.len());
    if ctx.shape(shaped).is_some() && idx_len != rank {
        return Err(op_error(ir, op, format!("requires {rank} indices")));
    }
    if !read && perm.results.iter().any(|e| e.as_constant() == Some(0)) {
        return Err(op_error(ir, op, "should not have broadcast dimensions"));
    }
    if ir.attr(op, "masked").is_some() {
        return Err(op_error(ir, op, "masked attribute has been removed. Use in_bounds instead."));
    }
    if !matches!(ctx.kind(shaped), TypeKind::MemRef { .. } | TypeKind::Tensor { .. }) {
        return Err(op_error(ir, op, "requires source to be a memref or ranked tensor type"));
    }
    let Some((vshape, _, velem)) = vector_parts(ctx, vec_ty) else { return Ok(()) };
    let elem = ctx.element_type(shaped).unwrap_or(velem);
    let has_mask = sizes[3] == 1;
    if let Some((eshape, _, eelem)) = vector_parts(ctx, elem) {
        let src_bits = ctx.scalar_bit_width(eelem).unwrap_or(0) as i64 * eshape.last().copied().unwrap_or(1);
        let res_bits = ctx.scalar_bit_width(velem).unwrap_or(0) as i64 * vshape.last().copied().unwrap_or(1);
        if src_bits != 0 && res_bits % src_bits != 0 {
            return Err(op_error(
                ir,
                op,
                "requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the minor 1-D vector of the source",
            ));
        }
        if eshape.len() > vshape.len() {
            return Err(op_error(ir, op, "requires source vector element and vector result ranks to match."));
        }
        if perm.num_results() != vshape.len() - eshape.len() {
            return Err(op_error(
                ir,
                op,
                "requires a permutation_map with result dims of the same rank as the vector type",
            ));
        }
        if has_mask {
            return Err(op_error(ir, op, "does not support masks with vector element type"));
        }
    } else {
        let minor = vshape.last().copied().unwrap_or(1);
        let res_bits = ctx.scalar_bit_width(velem).unwrap_or(0) as i64 * minor;
        let eb = ctx.scalar_bit_width(elem).unwrap_or(0) as i64;
        if eb != 0 && res_bits % eb != 0 {
            return Err(op_error(
                ir,
                op,
                "requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the source element type",
            ));
        }
        if perm.num_results() != vshape.len() {
            return Err(op_error(
                ir,
                op,
                "requires a permutation_map with result dims of the same rank as the vector type",
            ));
        }
    }
    if perm.num_symbols != 0 {
        return Err(op_error(ir, op, "requires permutation_map without symbols"));
    }
    if perm.num_dims != rank {
        return Err(op_error(ir, op, "requires a permutation_map with input dims of the same rank as the source type"));
    }
    if has_mask {
        let mask_ty = ir.value_type(ir.operand(op, mask_idx));
        if let Some(inferred) = infer_transfer_mask_type(ctx, vec_ty, perm) {
            if inferred != mask_ty {
                return Err(op_error(
                    ir,
                    op,
                    format!(
                        "inferred mask type ({}) and mask operand type ({}) don't match",
                        q(ctx, inferred).trim_matches('\''),
                        q(ctx, mask_ty).trim_matches('\'')
                    ),
                ));
            }
        }
    }
    if perm.num_results() != in_bounds.len() {
        return Err(op_error(
            ir,
            op,
            format!(
                "expects the in_bounds attr of same rank as permutation_map results: affine_map<{perm}> vs inBounds of size: {}",
                in_bounds.len()
            ),
        ));
    }
    for (e, &b) in perm.results.iter().zip(&in_bounds) {
        if e.is_constant() && !b {
            return Err(op_error(ir, op, "requires broadcast dimensions to be in-bounds"));
        }
    }
    if read {
        let padding = ir.value_type(ir.operand(op, sizes[0] + sizes[1]));
        if vector_parts(ctx, elem).is_some() {
            if elem != padding {
                return Err(op_error(ir, op, "requires source element type and padding type to match."));
            }
        } else {
            if !is_int_index_or_float(ctx, padding) {
                return Err(op_error(ir, op, "requires valid padding vector elemental type"));
            }
            if padding != elem {
                return Err(op_error(ir, op, "requires formal padding and source of the same elemental type"));
            }
        }
    }
    verify_permutation_map(ir, op, perm)
}

fn verify_permutation_map(ir: &Ir, op: OpId, perm: &AffineMap) -> Result<(), Diagnostic> {
    let mut seen = vec![false; perm.num_inputs()];
    for e in &perm.results {
        if let Some(c) = e.as_constant() {
            if c != 0 {
                return Err(op_error(
                    ir,
                    op,
                    "requires a projected permutation_map (at most one dim or the zero constant can appear in each result)",
                ));
            }
            continue;
        }
        let Some(d) = e.as_dim() else {
            return Err(op_error(
                ir,
                op,
                "requires a projected permutation_map (at most one dim or the zero constant can appear in each result)",
            ));
        };
        if seen.get(d).copied().unwrap_or(false) {
            return Err(op_error(
                ir,
                op,
                "requires a permutation_map that is a permutation (found one dim used more than once)",
            ));
        }
        if let Some(s) = seen.get_mut(d) {
            *s = true;
        }
    }
    Ok(())
}

fn verify_transfer_read(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    verify_transfer_common(ir, op, true)
}

fn verify_transfer_write(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    verify_transfer_common(ir, op, false)
}

fn verify_print(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    if ir.num_operands(op) > 1 {
        return Err(op_error(ir, op, format!("expected 0 or 1 operands, but found {}", ir.num_operands(op))));
    }
    check_num_results(ir, op, 0)?;
    check_operands(
        ir,
        op,
        0..1,
        |c, t| is_vector(c, t) || is_int_index_or_float(c, t),
        "vector of any type values or integer or index or floating-point",
    )?;
    if let Some(s) = ir.attr(op, "stringLiteral") {
        if ctx.str_value(s).is_none() && !matches!(ctx.attr_kind(s), AttrKind::String { .. }) {
            return Err(op_error(ir, op, "attribute 'stringLiteral' failed to satisfy constraint: string attribute"));
        }
        if ir.num_operands(op) > 0 || print_punctuation(ir, op) != "newline" {
            return Err(op_error(
                ir,
                op,
                "failed to verify that `source` or `punctuation` are not set when printing strings",
            ));
        }
    }
    Ok(())
}

fn verify_broadcast(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_num_operands(ir, op, 1)?;
    check_num_results(ir, op, 1)?;
    check_results(ir, op, 0..1, is_vector, "vector of any type values")?;
    let src = ir.value_type(ir.operand(op, 0));
    let dst = ir.value_type(ir.result(op, 0));
    let elem_or_self = |t: Type| vector_parts(ctx, t).map_or(t, |(_, _, e)| e);
    if elem_or_self(src) != elem_or_self(dst) {
        return Err(op_error(ir, op, "failed to verify that source operand and result have same element type"));
    }
    if is_int_index_or_float(ctx, src) {
        return Ok(());
    }
    let Some((sshape, _, _)) = vector_parts(ctx, src) else {
        return Err(op_error(ir, op, "source type is not a vector"));
    };
    let Some((dshape, _, _)) = vector_parts(ctx, dst) else { return Ok(()) };
    if sshape.len() > dshape.len() {
        return Err(op_error(ir, op, "source rank higher than destination rank"));
    }
    let lead = dshape.len() - sshape.len();
    for (r, &s) in sshape.iter().enumerate() {
        let d = dshape[lead + r];
        if s != 1 && s != d {
            return Err(op_error(ir, op, format!("dimension mismatch ({s} vs. {d})")));
        }
    }
    Ok(())
}

fn verify_splat(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_num_operands(ir, op, 1)?;
    check_num_results(ir, op, 1)?;
    check_operands(
        ir,
        op,
        0..1,
        |c, t| {
            (c.is_integer(t)
                && matches!(c.kind(t), TypeKind::Integer { signedness: ir::types::Signedness::Signless, .. }))
                || c.is_index(t)
                || c.float_kind(t).is_some()
        },
        "integer/index/float type",
    )?;
    check_results(ir, op, 0..1, is_vector, "vector of any type values")?;
    let elem = vector_parts(ctx, ir.value_type(ir.result(op, 0))).map(|(_, _, e)| e);
    if elem != Some(ir.value_type(ir.operand(op, 0))) {
        return Err(op_error(ir, op, "failed to verify that operand type matches element type of result"));
    }
    Ok(())
}

/// Checks `static_position` against the dynamic operands and the vector
/// type; `first` is the index of the first dynamic position operand.
fn verify_position(ir: &Ir, op: OpId, first: usize, vshape: &[i64], dest: bool) -> Result<Vec<OpFoldSize>, Diagnostic> {
    let statics = crate::static_dynamic::required_i64_array(ir, op, "static_position")?;
    check_operands(ir, op, first..ir.num_operands(op), |c, t| c.is_index(t), "variadic of index")?;
    let dynamics: Vec<ValueId> = ir.operands(op).skip(first).collect();
    let Some(pos) = mixed_values(&statics, &dynamics) else {
        return Err(op_error(
            ir,
            op,
            "mismatch between dynamic and static positions (kDynamic marker but no corresponding dynamic position) -- this can only happen due to an incorrect fold/rewrite",
        ));
    };
    if pos.len() > vshape.len() {
        let what = if dest { "dest vector rank" } else { "vector rank" };
        return Err(op_error(ir, op, format!("expected position attribute of rank no greater than {what}")));
    }
    Ok(pos)
}

fn check_position_bounds(ir: &Ir, op: OpId, pos: &[OpFoldSize], vshape: &[i64], dest: bool) -> Result<(), Diagnostic> {
    for (i, p) in pos.iter().enumerate() {
        if let OpFoldSize::Static(c) = *p {
            if c < 0 || c >= vshape[i] {
                let what = if dest { "dest vector dimension" } else { "vector dimension" };
                return Err(op_error(
                    ir,
                    op,
                    format!(
                        "expected position attribute #{} to be a non-negative integer smaller than the corresponding {what}",
                        i + 1
                    ),
                ));
            }
        }
    }
    Ok(())
}

fn verify_extract(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    if ir.num_operands(op) < 1 {
        return Err(op_error(ir, op, "expected 1 or more operands, but found 0"));
    }
    check_num_results(ir, op, 1)?;
    check_operands(ir, op, 0..1, is_vector, "vector of any type values")?;
    let vt = ir.value_type(ir.operand(op, 0));
    let Some((vshape, vscal, velem)) = vector_parts(ctx, vt) else { return Ok(()) };
    let res = ir.value_type(ir.result(op, 0));
    let elem_or_self = |t: Type| vector_parts(ctx, t).map_or(t, |(_, _, e)| e);
    if elem_or_self(res) != velem {
        return Err(op_error(ir, op, "failed to verify that operand and result have same element type"));
    }
    let pos = verify_position(ir, op, 1, vshape, false)?;
    check_position_bounds(ir, op, &pos, vshape, false)?;
    let statics = crate::static_dynamic::required_i64_array(ir, op, "static_position")?;
    // mlir-opt-19 checks the inferred result type after the op verifier.
    let inferred = if statics.len() == vshape.len() {
        velem
    } else {
        let n = statics.len().min(vshape.len());
        vector_ty(ctx, &vshape[n..], &vscal[n.min(vscal.len())..], velem)
    };
    let one_elem = |a: Type, b: Type| vector_parts(ctx, a).is_some_and(|(s, _, e)| s == [1] && e == b);
    if inferred != res && !one_elem(inferred, res) && !one_elem(res, inferred) {
        return Err(op_error(
            ir,
            op,
            format!(
                "inferred type(s) {} are incompatible with return type(s) of operation {}",
                q(ctx, inferred),
                q(ctx, res)
            ),
        ));
    }
    Ok(())
}

fn verify_insert(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    if ir.num_operands(op) < 2 {
        return Err(op_error(ir, op, format!("expected 2 or more operands, but found {}", ir.num_operands(op))));
    }
    check_num_results(ir, op, 1)?;
    check_operands(ir, op, 1..2, is_vector, "vector of any type values")?;
    check_results(ir, op, 0..1, is_vector, "vector of any type values")?;
    let src = ir.value_type(ir.operand(op, 0));
    let dest = ir.value_type(ir.operand(op, 1));
    let Some((dshape, _, delem)) = vector_parts(ctx, dest) else { return Ok(()) };
    let elem_or_self = |t: Type| vector_parts(ctx, t).map_or(t, |(_, _, e)| e);
    if elem_or_self(src) != delem {
        return Err(op_error(ir, op, "failed to verify that source operand and result have same element type"));
    }
    if ir.value_type(ir.result(op, 0)) != dest {
        return Err(op_error(ir, op, "failed to verify that all of {dest, result} have same type"));
    }
    let pos = verify_position(ir, op, 2, dshape, true)?;
    match vector_parts(ctx, src) {
        Some((sshape, _, _)) if sshape.len() + pos.len() != dshape.len() => {
            return Err(op_error(ir, op, "expected position attribute rank + source rank to match dest vector rank"));
        }
        None if pos.len() != dshape.len() => {
            return Err(op_error(ir, op, "expected position attribute rank to match the dest vector rank"));
        }
        _ => {}
    }
    check_position_bounds(ir, op, &pos, dshape, true)
}

fn verify_constant_mask(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_num_operands(ir, op, 0)?;
    check_num_results(ir, op, 1)?;
    let a = required_attr(ir, op, "mask_dim_sizes")?;
    let sizes: Option<Vec<i64>> = ctx.array_value(a).and_then(|v| {
        v.iter()
            .map(|&e| match ctx.attr_kind(e) {
                AttrKind::Integer { ty, .. } if ctx.int_width(*ty) == Some(64) => ctx.int_value(e).map(|x| x as i64),
                _ => None,
            })
            .collect()
    });
    let Some(sizes) = sizes else {
        return Err(op_error(
            ir,
            op,
            "attribute 'mask_dim_sizes' failed to satisfy constraint: 64-bit integer array attribute",
        ));
    };
    check_results(ir, op, 0..1, is_i1_vector, "vector of 1-bit signless integer values")?;
    let Some((shape, scal, _)) = vector_parts(ctx, ir.value_type(ir.result(op, 0))) else { return Ok(()) };
    if shape.is_empty() {
        if sizes.len() != 1 {
            return Err(Diagnostic::error(ir.op_loc(op), "array attr must have length 1 for 0-D vectors"));
        }
        if sizes[0] != 0 && sizes[0] != 1 {
            return Err(Diagnostic::error(ir.op_loc(op), "mask dim size must be either 0 or 1 for 0-D vectors"));
        }
        return Ok(());
    }
    if sizes.len() != shape.len() {
        return Err(op_error(ir, op, "must specify array attr of size equal vector result rank"));
    }
    for (i, &s) in sizes.iter().enumerate() {
        if s < 0 || s > shape[i] {
            return Err(op_error(ir, op, "array attr of size out of bounds of vector result dimension size"));
        }
        if scal.get(i).copied().unwrap_or(false) && s != 0 && s != shape[i] {
            return Err(op_error(ir, op, "only supports 'none set' or 'all set' scalable dimensions"));
        }
    }
    if sizes.contains(&0) && !sizes.iter().all(|&s| s == 0) {
        return Err(op_error(
            ir,
            op,
            "expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim",
        ));
    }
    Ok(())
}

fn verify_create_mask(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_num_results(ir, op, 1)?;
    check_operands(ir, op, 0..ir.num_operands(op), |c, t| c.is_index(t), "variadic of index")?;
    check_results(ir, op, 0..1, is_i1_vector, "vector of 1-bit signless integer values")?;
    let Some((shape, _, _)) = vector_parts(ctx, ir.value_type(ir.result(op, 0))) else { return Ok(()) };
    if shape.is_empty() {
        if ir.num_operands(op) != 1 {
            return Err(op_error(ir, op, "must specify exactly one operand for 0-D create_mask"));
        }
    } else if ir.num_operands(op) != shape.len() {
        return Err(op_error(ir, op, "must specify an operand for each result vector dimension"));
    }
    Ok(())
}

// ----- syntax ------------------------------------------------------------------

fn has_attr(p: &IrParser<'_, '_>, st: &OpState, name: &str) -> Option<Attribute> {
    st.attrs.iter().find(|a| p.p.ctx.str(a.name) == name).map(|a| a.value)
}

/// Parses `: type, type` of a transfer; returns (types, position).
fn parse_two_types(p: &mut IrParser<'_, '_>) -> PResult<(Type, Type, u32)> {
    p.p.expect(TokenKind::Colon, "expected ':'")?;
    let pos = p.p.tok.start;
    let tys = p.parse_type_list()?;
    if tys.len() != 2 {
        return Err(p.p.error_at(pos, "requires two types"));
    }
    Ok((tys[0], tys[1], pos))
}

/// Fills in the default `permutation_map` and `in_bounds`; returns the map.
fn transfer_defaults(p: &mut IrParser<'_, '_>, st: &mut OpState, shaped: Type, vector: Type) -> AffineMap {
    let ctx = p.p.ctx;
    let perm = match has_attr(p, st, "permutation_map").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::AffineMap(m)) => m.clone(),
        _ => {
            let m = transfer_minor_identity_map(ctx, shaped, vector);
            st.attrs.retain(|a| ctx.str(a.name) != "permutation_map");
            st.add_attr(ctx.intern_str("permutation_map"), ctx.attr(AttrKind::AffineMap(m.clone())));
            m
        }
    };
    if has_attr(p, st, "in_bounds").is_none() {
        let f = ctx.bool_attr(false);
        let v = vec![f; perm.num_results()];
        st.add_attr(ctx.intern_str("in_bounds"), ctx.array_attr(&v));
    }
    perm
}

fn resolve_mask<'a>(
    p: &mut IrParser<'a, '_>,
    mask: UnresolvedOperand<'a>,
    shaped: Type,
    vector: Type,
    perm: &AffineMap,
    types_pos: u32,
) -> PResult<ValueId> {
    let ctx = p.p.ctx;
    if ctx.element_type(shaped).is_some_and(|e| is_vector(ctx, e)) {
        return Err(p.p.error_at(mask.pos, "does not support masks with vector element type"));
    }
    let vrank = vector_parts(ctx, vector).map_or(0, |(s, _, _)| s.len());
    if vrank != perm.num_results() {
        return Err(p
            .p
            .error_at(types_pos, "expected the same rank for the vector and the results of the permutation map"));
    }
    let Some(mt) = infer_transfer_mask_type(ctx, vector, perm) else {
        return Err(p.p.error_at(types_pos, "requires vector type"));
    };
    p.resolve_operand(mask, mt)
}

/// Parses the indices of a transfer, load or store: `[%i, %j]` (possibly
/// empty).
fn parse_indices<'a>(p: &mut IrParser<'a, '_>) -> PResult<Vec<UnresolvedOperand<'a>>> {
    p.p.expect(TokenKind::LSquare, "expected '['")?;
    let idx = if p.p.at(TokenKind::RSquare) { Vec::new() } else { p.parse_operand_list()? };
    p.p.expect(TokenKind::RSquare, "expected ']'")?;
    Ok(idx)
}

/// Resolves a transfer's source (of type `shaped`) and its indices.
fn resolve_source_and_indices<'a>(
    p: &mut IrParser<'a, '_>,
    st: &mut OpState,
    src: UnresolvedOperand<'a>,
    shaped: Type,
    idx: &[UnresolvedOperand<'a>],
) -> PResult<()> {
    st.operands.push(p.resolve_operand(src, shaped)?);
    let index = p.p.ctx.index_ty();
    for &i in idx {
        st.operands.push(p.resolve_operand(i, index)?);
    }
    Ok(())
}

/// Resolves a transfer's optional mask against `(shaped, vector, position
/// of the types)` and adds the `operandSegmentSizes`.
fn finish_transfer<'a>(
    p: &mut IrParser<'a, '_>,
    st: &mut OpState,
    mask: Option<UnresolvedOperand<'a>>,
    (shaped, vector, types_pos): (Type, Type, u32),
    perm: &AffineMap,
    sizes: [usize; 4],
) -> PResult<()> {
    if let Some(m) = mask {
        let v = resolve_mask(p, m, shaped, vector, perm, types_pos)?;
        st.operands.push(v);
    }
    let ctx = p.p.ctx;
    st.add_attr(ctx.intern_str("operandSegmentSizes"), segment_sizes_attr(ctx, &sizes));
    Ok(())
}

/// Prints `%src[%i, %j]`.
fn print_source_and_indices(pr: &mut OpPrinter<'_>, src: &[ValueId], idx: Vec<ValueId>) {
    pr.print_values(src.iter().copied());
    pr.out.push('[');
    pr.print_values(idx);
    pr.out.push(']');
}

/// Prints a transfer's optional `, %mask`, its attributes and ` : `.
fn print_mask_and_attrs(pr: &mut OpPrinter<'_>, op: OpId, mask: &[ValueId]) {
    if let Some(&m) = mask.first() {
        pr.out.push_str(", ");
        pr.print_value(m);
    }
    print_transfer_attrs(pr, op);
    pr.out.push_str(" : ");
}

fn print_transfer_attrs(pr: &mut OpPrinter<'_>, op: OpId) {
    let ir = pr.ir;
    let ctx = ir.ctx();
    let mut elided = vec!["operandSegmentSizes"];
    if let Some(AttrKind::AffineMap(m)) = ir.attr(op, "permutation_map").map(|a| ctx.attr_kind(a)) {
        if m.is_minor_identity() {
            elided.push("permutation_map");
        }
    }
    let in_bounds = ir.attr(op, "in_bounds").and_then(|a| bool_array(ctx, a)).unwrap_or_default();
    if !in_bounds.iter().any(|&b| b) {
        elided.push("in_bounds");
    }
    pr.print_optional_attr_dict(ir.attrs(op), &elided);
}

fn check_shaped_source(p: &IrParser<'_, '_>, t: Type, pos: u32) -> PResult<()> {
    if matches!(p.p.ctx.kind(t), TypeKind::MemRef { .. } | TypeKind::Tensor { .. }) {
        Ok(())
    } else {
        Err(p.p.error_at(pos, "requires memref or ranked tensor type"))
    }
}

struct TransferReadAsm;

impl OpAsm for TransferReadAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let src = p.parse_operand()?;
        let idx = parse_indices(p)?;
        p.p.expect(TokenKind::Comma, "expected ','")?;
        let pad = p.parse_operand()?;
        let mask = if p.p.eat(TokenKind::Comma) { Some(p.parse_operand()?) } else { None };
        parse_opt_attr_dict(p, st)?;
        let (shaped, vector, tpos) = parse_two_types(p)?;
        check_shaped_source(p, shaped, tpos)?;
        if !is_vector(ctx, vector) {
            return Err(p.p.error_at(tpos, "requires vector type"));
        }
        let perm = transfer_defaults(p, st, shaped, vector);
        resolve_source_and_indices(p, st, src, shaped, &idx)?;
        let elem = ctx.element_type(shaped).unwrap_or(shaped);
        st.operands.push(p.resolve_operand(pad, elem)?);
        let sizes = [1, idx.len(), 1, usize::from(mask.is_some())];
        finish_transfer(p, st, mask, (shaped, vector, tpos), &perm, sizes)?;
        st.result_types.push(vector);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let g = |i| segment_values(ir, op, 4, i);
        let (src, idx, pad, mask) = (g(0), g(1), g(2), g(3));
        pr.out.push(' ');
        print_source_and_indices(pr, &src, idx);
        pr.out.push_str(", ");
        pr.print_values(pad);
        print_mask_and_attrs(pr, op, &mask);
        if let Some(&s) = src.first() {
            pr.print_type(ir.value_type(s));
        }
        pr.out.push_str(", ");
        pr.print_types(ir.result_types(op));
    }
}

struct TransferWriteAsm;

impl OpAsm for TransferWriteAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let vec = p.parse_operand()?;
        p.p.expect(TokenKind::Comma, "expected ','")?;
        let src = p.parse_operand()?;
        let idx = parse_indices(p)?;
        let mask = if p.p.eat(TokenKind::Comma) { Some(p.parse_operand()?) } else { None };
        parse_opt_attr_dict(p, st)?;
        let (vector, shaped, tpos) = parse_two_types(p)?;
        if !is_vector(ctx, vector) {
            return Err(p.p.error_at(tpos, "requires vector type"));
        }
        check_shaped_source(p, shaped, tpos)?;
        let perm = transfer_defaults(p, st, shaped, vector);
        st.operands.push(p.resolve_operand(vec, vector)?);
        resolve_source_and_indices(p, st, src, shaped, &idx)?;
        let sizes = [1, 1, idx.len(), usize::from(mask.is_some())];
        finish_transfer(p, st, mask, (shaped, vector, tpos), &perm, sizes)?;
        if matches!(ctx.kind(shaped), TypeKind::Tensor { .. }) {
            st.result_types.push(shaped);
        }
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let g = |i| segment_values(ir, op, 4, i);
        let (vec, src, idx, mask) = (g(0), g(1), g(2), g(3));
        pr.out.push(' ');
        pr.print_values(vec.iter().copied());
        pr.out.push_str(", ");
        print_source_and_indices(pr, &src, idx);
        print_mask_and_attrs(pr, op, &mask);
        if let Some(&v) = vec.first() {
            pr.print_type(ir.value_type(v));
        }
        pr.out.push_str(", ");
        if let Some(&s) = src.first() {
            pr.print_type(ir.value_type(s));
        }
    }
}

const PUNCTUATIONS: [&str; 5] = ["no_punctuation", "newline", "comma", "open", "close"];

fn punctuation_attr(ctx: &Context, kw: &str) -> Attribute {
    ctx.attr(AttrKind::Opaque {
        dialect: ctx.intern_str("vector"),
        body: ctx.intern_str(&format!("punctuation<{kw}>")),
        ty: None,
    })
}

struct PrintAsm;

impl OpAsm for PrintAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        if p.p.at(TokenKind::PercentIdent) {
            let v = p.parse_operand()?;
            p.p.expect(TokenKind::Colon, "expected ':'")?;
            let t = p.p.parse_type()?;
            st.operands.push(p.resolve_operand(v, t)?);
        }
        let (mut seen_str, mut seen_punct) = (false, false);
        loop {
            if p.p.at_keyword("str") {
                if seen_str {
                    return Err(p
                        .p
                        .error_here("`str` clause can appear at most once in the expansion of the oilist directive"));
                }
                p.p.bump();
                seen_str = true;
                let s = p.p.parse_string()?;
                st.add_attr(
                    ctx.intern_str("stringLiteral"),
                    ctx.attr(AttrKind::String { value: s.into_boxed_slice(), ty: None }),
                );
            } else if p.p.at_keyword("punctuation") {
                if seen_punct {
                    return Err(p.p.error_here(
                        "`punctuation` clause can appear at most once in the expansion of the oilist directive",
                    ));
                }
                p.p.bump();
                seen_punct = true;
                p.p.expect(TokenKind::Less, "expected '<'")?;
                let pos = p.p.tok.start;
                let kw = p.p.tok_text();
                if !p.p.at(TokenKind::BareIdent) || !PUNCTUATIONS.contains(&kw) {
                    return Err(p.p.error_at(pos, "expected ::mlir::vector::PrintPunctuation to be one of: no_punctuation, newline, comma, open, close"));
                }
                p.p.bump();
                p.p.expect(TokenKind::Greater, "expected '>'")?;
                st.add_attr(ctx.intern_str("punctuation"), punctuation_attr(ctx, kw));
            } else {
                break;
            }
        }
        parse_opt_attr_dict(p, st)?;
        if !st.attrs.iter().any(|a| ctx.str(a.name) == "punctuation") {
            st.add_attr(ctx.intern_str("punctuation"), punctuation_attr(ctx, "newline"));
        }
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        if ir.num_operands(op) > 0 {
            pr.out.push(' ');
            pr.print_value(ir.operand(op, 0));
            pr.out.push_str(" : ");
            pr.print_type(ir.value_type(ir.operand(op, 0)));
        }
        if let Some(s) = ir.attr(op, "stringLiteral") {
            pr.out.push_str(" str ");
            pr.print_attr(s);
        }
        let punct = print_punctuation(ir, op);
        if punct != "newline" {
            pr.out.push_str(" punctuation <");
            pr.out.push_str(&punct);
            pr.out.push('>');
        }
        pr.print_optional_attr_dict(ir.attrs(op), &["punctuation", "stringLiteral"]);
    }
}

/// Parses a vector type (`expected builtin.vector`).
fn parse_vector_type(p: &mut IrParser<'_, '_>) -> PResult<Type> {
    parse_builtin_type(p, "vector", |ctx, t| is_vector(ctx, t).then_some(())).map(|(t, ())| t)
}

struct BroadcastAsm;

impl OpAsm for BroadcastAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let v = p.parse_operand()?;
        parse_opt_attr_dict(p, st)?;
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let t = p.p.parse_type()?;
        if !p.p.eat_keyword("to") {
            return Err(p.p.error_here("expected 'to'"));
        }
        let r = parse_vector_type(p)?;
        st.operands.push(p.resolve_operand(v, t)?);
        st.result_types.push(r);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        pr.print_value(ir.operand(op, 0));
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
        pr.out.push_str(" : ");
        pr.print_type(ir.value_type(ir.operand(op, 0)));
        pr.out.push_str(" to ");
        pr.print_types(ir.result_types(op));
    }
}

struct SplatAsm;

impl OpAsm for SplatAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let v = p.parse_operand()?;
        parse_opt_attr_dict(p, st)?;
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let (r, elem) = parse_builtin_type(p, "vector", |ctx, t| vector_parts(ctx, t).map(|(_, _, e)| e))?;
        st.operands.push(p.resolve_operand(v, elem)?);
        st.result_types.push(r);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        pr.print_value(ir.operand(op, 0));
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
        pr.out.push_str(" : ");
        pr.print_types(ir.result_types(op));
    }
}

fn print_position(pr: &mut OpPrinter<'_>, op: OpId, first: usize) {
    let ir = pr.ir;
    let statics = ir.attr(op, "static_position").and_then(|a| ir.ctx().dense_i64_array(a)).unwrap_or_default();
    let dynamics: Vec<ValueId> = ir.operands(op).skip(first).collect();
    print_dynamic_index_list(pr, &dynamics, &statics, &[], Delimiter::Square);
}

fn parse_position(p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<(Vec<ValueId>, Vec<i64>)> {
    crate::static_dynamic::parse_index_list_in(p, st, Delimiter::Square)
}

struct ExtractAsm;

impl OpAsm for ExtractAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let v = p.parse_operand()?;
        let list = parse_dynamic_index_list_in(p, st, Delimiter::Square)?;
        parse_opt_attr_dict(p, st)?;
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let r = p.p.parse_type()?;
        if !p.p.eat_keyword("from") {
            return Err(p.p.error_here("expected 'from'"));
        }
        let vt = parse_vector_type(p)?;
        st.operands.push(p.resolve_operand(v, vt)?);
        let index = ctx.index_ty();
        for o in list.operands {
            st.operands.push(p.resolve_operand(o, index)?);
        }
        st.add_attr(ctx.intern_str("static_position"), ctx.dense_i64_array_attr(&list.statics));
        st.result_types.push(r);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        pr.print_value(ir.operand(op, 0));
        print_position(pr, op, 1);
        pr.print_optional_attr_dict(ir.attrs(op), &["static_position"]);
        pr.out.push_str(" : ");
        pr.print_types(ir.result_types(op));
        pr.out.push_str(" from ");
        pr.print_type(ir.value_type(ir.operand(op, 0)));
    }
}

struct InsertAsm;

impl OpAsm for InsertAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let s = p.parse_operand()?;
        p.p.expect(TokenKind::Comma, "expected ','")?;
        let d = p.parse_operand()?;
        let (dyns, statics) = parse_position(p, st)?;
        parse_opt_attr_dict(p, st)?;
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let st_ty = p.p.parse_type()?;
        if !p.p.eat_keyword("into") {
            return Err(p.p.error_here("expected 'into'"));
        }
        let dt = parse_vector_type(p)?;
        st.operands.push(p.resolve_operand(s, st_ty)?);
        st.operands.push(p.resolve_operand(d, dt)?);
        st.operands.extend(dyns);
        st.add_attr(ctx.intern_str("static_position"), ctx.dense_i64_array_attr(&statics));
        st.result_types.push(dt);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        pr.print_value(ir.operand(op, 0));
        pr.out.push_str(", ");
        pr.print_value(ir.operand(op, 1));
        pr.out.push(' ');
        print_position(pr, op, 2);
        pr.print_optional_attr_dict(ir.attrs(op), &["static_position"]);
        pr.out.push_str(" : ");
        pr.print_type(ir.value_type(ir.operand(op, 0)));
        pr.out.push_str(" into ");
        pr.print_type(ir.value_type(ir.operand(op, 1)));
    }
}

struct ConstantMaskAsm;

impl OpAsm for ConstantMaskAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let a = p.p.parse_attribute(None)?;
        st.add_attr(ctx.intern_str("mask_dim_sizes"), a);
        parse_opt_attr_dict(p, st)?;
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        st.result_types.push(p.p.parse_type()?);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        if let Some(a) = ir.attr(op, "mask_dim_sizes") {
            pr.print_attr(a);
        }
        pr.print_optional_attr_dict(ir.attrs(op), &["mask_dim_sizes"]);
        pr.out.push_str(" : ");
        pr.print_types(ir.result_types(op));
    }
}

struct CreateMaskAsm;

impl OpAsm for CreateMaskAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let ops = p.parse_operand_list()?;
        parse_opt_attr_dict(p, st)?;
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        st.result_types.push(p.p.parse_type()?);
        let index = ctx.index_ty();
        for o in ops {
            st.operands.push(p.resolve_operand(o, index)?);
        }
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        pr.print_values(ir.operands(op));
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
        pr.out.push_str(" : ");
        pr.print_types(ir.result_types(op));
    }
}

// ----- load, store, fma, reduction ----------------------------------------------

/// The combining kinds of `vector.reduction`, in enum order.
pub const COMBINING_KINDS: [&str; 13] = [
    "add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and", "or", "xor", "maximumf", "minimumf",
];

fn kind_attr(ctx: &Context, kw: &str) -> Attribute {
    ctx.attr(AttrKind::Opaque {
        dialect: ctx.intern_str("vector"),
        body: ctx.intern_str(&format!("kind<{kw}>")),
        ty: None,
    })
}

/// The combining kind of `vector.reduction` (`add`, `maxsi`, …).
pub fn reduction_kind(ir: &Ir, op: OpId) -> Option<&'static str> {
    let ctx = ir.ctx();
    match ctx.attr_kind(ir.attr(op, "kind")?) {
        AttrKind::Opaque { body, .. } => {
            let b = ctx.str(*body);
            let kw = b.strip_prefix("kind<")?.strip_suffix('>')?;
            COMBINING_KINDS.iter().copied().find(|&k| k == kw)
        }
        _ => None,
    }
}

fn verify_load_store(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let store = ir.is_op(op, "vector.store");
    let (base, first_index) = if store { (1, 2) } else { (0, 1) };
    if ir.num_operands(op) < first_index {
        return Err(op_error(
            ir,
            op,
            format!("expected {first_index} or more operands, but found {}", ir.num_operands(op)),
        ));
    }
    if let Some(a) = ir.attr(op, "nontemporal") {
        if !matches!(ctx.attr_kind(a), AttrKind::Bool(_)) {
            return Err(op_error(ir, op, "attribute 'nontemporal' failed to satisfy constraint: bool attribute"));
        }
    }
    if store {
        check_num_results(ir, op, 0)?;
        check_operands(ir, op, 0..1, is_vector, "vector of any type values")?;
    } else {
        check_num_results(ir, op, 1)?;
    }
    check_operands(ir, op, base..base + 1, |c, t| c.is_memref(t), "memref of any type values")?;
    check_operands(ir, op, first_index..ir.num_operands(op), |c, t| c.is_index(t), "variadic of index")?;
    if !store {
        check_results(ir, op, 0..1, is_vector, "vector of any type values")?;
    }
    let vt = if store { ir.value_type(ir.operand(op, 0)) } else { ir.value_type(ir.result(op, 0)) };
    let mt = ir.value_type(ir.operand(op, base));
    let Some(mut elem) = ctx.element_type(mt) else { return Ok(()) };
    let what = if store { "valueToStore" } else { "result" };
    if ctx.shape(mt).is_some() {
        let unit = crate::layout::strides_and_offset(ctx, mt)
            .is_some_and(|(strides, _)| strides.last().is_none_or(|&s| s == 1));
        if !unit {
            return Err(op_error(ir, op, "most minor memref dim must have unit stride"));
        }
    }
    if is_vector(ctx, elem) {
        if elem != vt {
            return Err(op_error(ir, op, format!("base memref and {what} vector types should match")));
        }
        elem = vector_parts(ctx, elem).map_or(elem, |(_, _, e)| e);
    }
    if vector_parts(ctx, vt).map(|(_, _, e)| e) != Some(elem) {
        // Upstream's wording differs between the two ops.
        let noun = if store { "type" } else { "types" };
        return Err(op_error(ir, op, format!("base and {what} element {noun} should match")));
    }
    let rank = ctx.shape(mt).map_or(0, |s| s.len());
    if ir.num_operands(op) - first_index != rank {
        return Err(op_error(ir, op, format!("requires {rank} indices")));
    }
    Ok(())
}

fn verify_fma(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_operands(ir, op, 3)?;
    check_num_results(ir, op, 1)?;
    let float_vec = |c: &Context, t: Type| vector_parts(c, t).is_some_and(|(_, _, e)| c.float_kind(e).is_some());
    check_operands(ir, op, 0..3, float_vec, "vector of any float type values")?;
    check_results(ir, op, 0..1, float_vec, "vector of any float type values")?;
    let t = ir.value_type(ir.result(op, 0));
    if ir.operands(op).any(|v| ir.value_type(v) != t) {
        return Err(op_error(ir, op, "failed to verify that all of {lhs, rhs, acc, result} have same type"));
    }
    Ok(())
}

fn verify_reduction(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    if ir.attr(op, "kind").is_none() {
        return Err(op_error(ir, op, "requires attribute 'kind'"));
    }
    let Some(kind) = reduction_kind(ir, op) else {
        return Err(op_error(
            ir,
            op,
            "attribute 'kind' failed to satisfy constraint: Kind of combining function for contractions and reductions",
        ));
    };
    if ir.num_operands(op) < 1 || ir.num_operands(op) > 2 {
        return Err(op_error(ir, op, format!("expected 1 or 2 operands, but found {}", ir.num_operands(op))));
    }
    check_num_results(ir, op, 1)?;
    check_operands(ir, op, 0..1, is_vector, "vector of any type values")?;
    let Some((shape, _, elem)) = vector_parts(ctx, ir.value_type(ir.operand(op, 0))) else { return Ok(()) };
    let dest = ir.value_type(ir.result(op, 0));
    if elem != dest {
        return Err(op_error(ir, op, "failed to verify that source operand and result have same element type"));
    }
    if ir.num_operands(op) == 2 && ir.value_type(ir.operand(op, 1)) != dest {
        return Err(op_error(ir, op, "failed to verify that dest and acc have the same type"));
    }
    if shape.len() > 1 {
        return Err(op_error(ir, op, format!("unsupported reduction rank: {}", shape.len())));
    }
    let int = ctx.is_int_or_index(dest);
    let float = ctx.float_kind(dest).is_some();
    let ok = match kind {
        "add" | "mul" => int || float,
        "minui" | "minsi" | "maxui" | "maxsi" | "and" | "or" | "xor" => int,
        _ => float,
    };
    if !ok {
        return Err(op_error(
            ir,
            op,
            // mlir-opt-19 quotes the type twice.
            format!(
                "unsupported reduction type ''{}'' for kind '{kind}'",
                syntax::print_attr::type_to_string(ctx, dest)
            ),
        ));
    }
    Ok(())
}

struct LoadStoreAsm {
    store: bool,
}

impl OpAsm for LoadStoreAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let value = if self.store {
            let v = p.parse_operand()?;
            p.p.expect(TokenKind::Comma, "expected ','")?;
            Some(v)
        } else {
            None
        };
        let base = p.parse_operand()?;
        let idx = parse_indices(p)?;
        parse_opt_attr_dict(p, st)?;
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let mpos = p.p.tok.start;
        let mt = p.p.parse_type()?;
        if !ctx.is_memref(mt) {
            return Err(p.p.error_at(
                mpos,
                format!(
                    "'base' must be memref of any type values, but got '{}'",
                    syntax::print_attr::type_to_string(ctx, mt)
                ),
            ));
        }
        p.p.expect(TokenKind::Comma, "expected ','")?;
        let vt = parse_vector_type(p)?;
        if let Some(v) = value {
            st.operands.push(p.resolve_operand(v, vt)?);
        }
        st.operands.push(p.resolve_operand(base, mt)?);
        let index = ctx.index_ty();
        for i in idx {
            st.operands.push(p.resolve_operand(i, index)?);
        }
        if !self.store {
            st.result_types.push(vt);
        }
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let ops: Vec<ValueId> = ir.operands(op).collect();
        let base = usize::from(self.store);
        if ops.len() <= base {
            return;
        }
        pr.out.push(' ');
        if self.store {
            pr.print_value(ops[0]);
            pr.out.push_str(", ");
        }
        pr.print_value(ops[base]);
        pr.out.push('[');
        pr.print_values(ops[base + 1..].iter().copied());
        pr.out.push(']');
        let default =
            ir.attr(op, "nontemporal").is_some_and(|a| matches!(ir.ctx().attr_kind(a), AttrKind::Bool(false)));
        pr.print_optional_attr_dict(ir.attrs(op), if default { &["nontemporal"] } else { &[] });
        pr.out.push_str(" : ");
        pr.print_type(ir.value_type(ops[base]));
        pr.out.push_str(", ");
        if self.store {
            pr.print_type(ir.value_type(ops[0]));
        } else {
            pr.print_types(ir.result_types(op));
        }
    }
}

struct FmaAsm;

impl OpAsm for FmaAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let a = p.parse_operand()?;
        p.p.expect(TokenKind::Comma, "expected ','")?;
        let b = p.parse_operand()?;
        p.p.expect(TokenKind::Comma, "expected ','")?;
        let c = p.parse_operand()?;
        parse_opt_attr_dict(p, st)?;
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let t = p.p.parse_type()?;
        for v in [a, b, c] {
            st.operands.push(p.resolve_operand(v, t)?);
        }
        st.result_types.push(t);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        pr.print_values(ir.operands(op));
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
        pr.out.push_str(" : ");
        if let Some(v) = ir.operands(op).next() {
            pr.print_type(ir.value_type(v));
        }
    }
}

struct ReductionAsm;

impl OpAsm for ReductionAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let fm = &crate::arith::flags::FASTMATH;
        p.p.expect(TokenKind::Less, "expected '<'")?;
        let pos = p.p.tok.start;
        let kw = p.p.tok_text();
        if !p.p.at(TokenKind::BareIdent) || !COMBINING_KINDS.contains(&kw) {
            return Err(p.p.error_at(
                pos,
                format!("expected ::mlir::vector::CombiningKind to be one of: {}", COMBINING_KINDS.join(", ")),
            ));
        }
        p.p.bump();
        p.p.expect(TokenKind::Greater, "expected '>'")?;
        st.add_attr(ctx.intern_str("kind"), kind_attr(ctx, kw));
        p.p.expect(TokenKind::Comma, "expected ','")?;
        let v = p.parse_operand()?;
        let acc = if p.p.eat(TokenKind::Comma) { Some(p.parse_operand()?) } else { None };
        let mut bits = 0;
        if p.p.eat_keyword("fastmath") {
            let name = ctx.str(st.name).to_string();
            bits = fm.parse_body(p, &name)?;
        }
        parse_opt_attr_dict(p, st)?;
        if !st.attrs.iter().any(|a| ctx.str(a.name) == "fastmath") {
            st.add_attr(ctx.intern_str("fastmath"), fm.attr(ctx, bits));
        }
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let vt = p.p.parse_type()?;
        if !p.p.eat_keyword("into") {
            return Err(p.p.error_here("expected 'into'"));
        }
        let dt = p.p.parse_type()?;
        st.operands.push(p.resolve_operand(v, vt)?);
        if let Some(a) = acc {
            st.operands.push(p.resolve_operand(a, dt)?);
        }
        st.result_types.push(dt);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let fm = &crate::arith::flags::FASTMATH;
        pr.out.push_str(" <");
        pr.out.push_str(reduction_kind(ir, op).unwrap_or("add"));
        pr.out.push_str(">, ");
        pr.print_values(ir.operands(op));
        let bits = ir.attr(op, "fastmath").and_then(|a| fm.value(pr.ctx(), a)).unwrap_or(0);
        if bits != 0 {
            pr.out.push_str(" fastmath<");
            pr.out.push_str(&fm.spell(bits));
            pr.out.push('>');
        }
        pr.print_optional_attr_dict(ir.attrs(op), &["kind", "fastmath"]);
        pr.out.push_str(" : ");
        if let Some(v) = ir.operands(op).next() {
            pr.print_type(ir.value_type(v));
        }
        pr.out.push_str(" into ");
        pr.print_types(ir.result_types(op));
    }
}

/// True when `op`'s static position has a dynamic entry.
pub fn has_dynamic_position(ir: &Ir, op: OpId) -> bool {
    crate::static_dynamic::i64_array(ir, op, "static_position").contains(&DYNAMIC)
}

#[cfg(test)]
mod tests {
    //! Accessors on parsed IR.

    use super::*;
    use crate::test_util::{find, parse};

    #[test]
    fn transfer_and_position_accessors() {
        let (ir, top) = parse(
            r#"
func.func @f(%m: memref<4x8xf32>, %i: index, %p: f32, %mk: vector<8x4xi1>) {
  %v = vector.transfer_read %m[%i, %i], %p, %mk {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<4x8xf32>, vector<4x8xf32>
  %e = vector.extract %v[1, %i] : f32 from vector<4x8xf32>
  vector.print punctuation <comma>
  vector.print str "hi"
  return
}
"#,
        );
        let r = find(&ir, top, "vector.transfer_read");
        let t = transfer_parts(&ir, r).expect("parts");
        assert_eq!(t.indices.len(), 2);
        assert!(t.mask.is_some() && t.padding.is_some() && t.vector.is_none());
        assert_eq!(t.in_bounds, vec![false, false]);
        assert!(t.permutation_map.is_permutation());
        let mut effects = Vec::new();
        VectorEffects.effects(&ir, r, &mut effects);
        assert_eq!(effects, vec![Effect::new(EffectKind::Read, EffectOn::Operand(0))]);
        let e = find(&ir, top, "vector.extract");
        let pos = position(&ir, e).expect("position");
        assert_eq!(pos[0], OpFoldSize::Static(1));
        assert!(matches!(pos[1], OpFoldSize::Value(_)));
        assert!(has_dynamic_position(&ir, e));
        let prints: Vec<OpId> = ir.pre_order(top).into_iter().filter(|&o| ir.is_op(o, "vector.print")).collect();
        assert_eq!(print_punctuation(&ir, prints[0]), "comma");
        assert_eq!(print_punctuation(&ir, prints[1]), "newline");
        assert_eq!(print_string(&ir, prints[1]), Some(b"hi".to_vec()));
    }
}
