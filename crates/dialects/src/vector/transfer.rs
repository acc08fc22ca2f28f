//! The transfer ops, `vector.transfer_read` and `vector.transfer_write`:
//! their pieces ([`TransferParts`]), the default permutation map and mask
//! type, verifiers with upstream's wording (ODS constraints and
//! `verifyTransferOp`), custom syntax, memory effects, destination style,
//! and the subset interfaces (`SubsetOpInterface` with extraction for the
//! read, insertion for the write).

use super::{is_i1_vector, is_int_index_or_float, is_vector, vector_parts, vector_ty, TransferReadOp, TransferWriteOp};
use crate::static_dynamic::{operand_segments, segment_sizes_attr, verify_operand_segments};
use crate::util::{
    check_num_results, check_operands, check_results, op_error, parse_opt_attr_dict, parse_square_operands, q,
};
use ir::affine::{AffineExpr, AffineMap};
use ir::buffer_interfaces::{EquivalenceFn, SubsetExtraction, SubsetInsertion, SubsetOp};
use ir::interfaces::{DestinationStyle, Effect, EffectKind, EffectOn, MemoryEffects};
use ir::op_decl::{AttrDecl, OpBuilder};
use ir::{AttrKind, Attribute, Context, Diagnostic, Ir, Location, OpId, OperandId, Type, TypeKind, ValueId};
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::{IrParser, UnresolvedOperand};
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

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
    operand_segments(ir, op, 4)?;
    // The first value of a group (groups of malformed ops may be empty).
    let first = |r: std::ops::Range<usize>| (r.start < r.end).then(|| ir.operand(op, r.start));
    let values = |r: std::ops::Range<usize>| r.map(|i| ir.operand(op, i)).collect::<Vec<_>>();
    if let Some(t) = TransferReadOp::cast(ir, op) {
        Some(TransferParts {
            vector: None,
            source: first(t.source_range(ir))?,
            indices: values(t.indices_range(ir)),
            padding: first(t.padding_range(ir)),
            mask: t.mask(ir),
            permutation_map: t.permutation_map(ir)?.clone(),
            in_bounds: t.in_bounds(ir)?,
        })
    } else {
        let t = TransferWriteOp(op);
        Some(TransferParts {
            vector: first(t.vector_range(ir)),
            source: first(t.source_range(ir))?,
            indices: values(t.indices_range(ir)),
            padding: None,
            mask: t.mask(ir),
            permutation_map: t.permutation_map(ir)?.clone(),
            in_bounds: t.in_bounds(ir)?,
        })
    }
}

/// `AffineMapAttr`, read as the map.
pub struct AffineMapAttr;

impl AttrDecl for AffineMapAttr {
    type Get<'a> = Option<&'a AffineMap>;
    type Arg<'a> = &'a AffineMap;
    fn get(ctx: &Context, a: Option<Attribute>) -> Option<&AffineMap> {
        match ctx.attr_kind(a?) {
            AttrKind::AffineMap(m) => Some(m),
            _ => None,
        }
    }
    fn make(ctx: &Context, arg: &AffineMap) -> Option<Attribute> {
        Some(ctx.attr(AttrKind::AffineMap(arg.clone())))
    }
}

/// `BoolArrayAttr` (`[true, false]`), read as flags (`None` when absent or
/// not an array of booleans).
pub struct BoolArrayAttr;

impl AttrDecl for BoolArrayAttr {
    type Get<'a> = Option<Vec<bool>>;
    type Arg<'a> = &'a [bool];
    fn get(ctx: &Context, a: Option<Attribute>) -> Option<Vec<bool>> {
        bool_array(ctx, a?)
    }
    fn make(ctx: &Context, arg: &[bool]) -> Option<Attribute> {
        let flags: Vec<Attribute> = arg.iter().map(|&b| ctx.bool_attr(b)).collect();
        Some(ctx.array_attr(&flags))
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

// ----- verifiers ---------------------------------------------------------------

pub(super) fn required_attr(ir: &Ir, op: OpId, name: &str) -> Result<Attribute, Diagnostic> {
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
        (TransferReadOp(op).source_range(ir).start, ir.value_type(TransferReadOp(op).vector(ir)))
    } else {
        if sizes[0] != 1 || sizes[1] != 1 {
            let (start, n) = if sizes[0] != 1 { (0, sizes[0]) } else { (1, sizes[1]) };
            return Err(op_error(
                ir,
                op,
                format!("operand group starting at #{start} requires 1 element, but found {n}"),
            ));
        }
        (TransferWriteOp(op).source_range(ir).start, ir.value_type(TransferWriteOp(op).vector(ir)))
    };
    if sizes[3] > 1 {
        let start = sizes[0] + sizes[1] + sizes[2];
        return Err(op_error(
            ir,
            op,
            format!("operand group starting at #{start} requires 0 or 1 element, but found {}", sizes[3]),
        ));
    }
    let (indices, mask) = if read {
        (TransferReadOp(op).indices_range(ir), TransferReadOp(op).mask_range(ir))
    } else {
        check_operands(ir, op, TransferWriteOp(op).vector_range(ir), is_vector, "vector of any type values")?;
        (TransferWriteOp(op).indices_range(ir), TransferWriteOp(op).mask_range(ir))
    };
    let idx_len = indices.len();
    check_operands(ir, op, src_idx..src_idx + 1, |c, t| c.is_shaped(t), "shaped of any type values")?;
    check_operands(ir, op, indices, |c, t| c.is_index(t), "variadic of index")?;
    check_operands(ir, op, mask.clone(), is_i1_vector, "vector of 1-bit signless integer values")?;
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
    let has_mask = mask.len() == 1;
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
        let mask_ty = ir.value_type(ir.operand(op, mask.start));
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
        let padding = ir.value_type(TransferReadOp(op).padding(ir));
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

pub(super) fn verify_transfer_read(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    verify_transfer_common(ir, op, true)
}

pub(super) fn verify_transfer_write(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    verify_transfer_common(ir, op, false)
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
    let mut elided = vec!["operandSegmentSizes"];
    // Both transfers name their attributes alike.
    let t = TransferReadOp(op);
    if let Some(m) = t.permutation_map(ir) {
        if m.is_minor_identity() {
            elided.push("permutation_map");
        }
    }
    let in_bounds = t.in_bounds(ir).unwrap_or_default();
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

/// `$source[$indices], $padding (, $mask)? attr-dict : type, type`.
pub(super) struct TransferReadAsm;

impl OpAsm for TransferReadAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let src = p.parse_operand()?;
        let idx = parse_square_operands(p)?;
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
        let t = TransferReadOp(op);
        let g = |r: std::ops::Range<usize>| r.map(|i| ir.operand(op, i)).collect::<Vec<ValueId>>();
        let (src, idx, pad, mask) =
            (g(t.source_range(ir)), g(t.indices_range(ir)), g(t.padding_range(ir)), g(t.mask_range(ir)));
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

/// `$vector, $source[$indices] (, $mask)? attr-dict : type, type`.
pub(super) struct TransferWriteAsm;

impl OpAsm for TransferWriteAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let vec = p.parse_operand()?;
        p.p.expect(TokenKind::Comma, "expected ','")?;
        let src = p.parse_operand()?;
        let idx = parse_square_operands(p)?;
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
        let t = TransferWriteOp(op);
        let g = |r: std::ops::Range<usize>| r.map(|i| ir.operand(op, i)).collect::<Vec<ValueId>>();
        let (vec, src, idx, mask) =
            (g(t.vector_range(ir)), g(t.source_range(ir)), g(t.indices_range(ir)), g(t.mask_range(ir)));
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

// ----- interfaces --------------------------------------------------------------

/// The transfers read (`transfer_read`) or write (`transfer_write`) their
/// source when it is a memref; on tensors they have no effect.
pub(super) struct TransferEffects;

impl MemoryEffects for TransferEffects {
    fn effects(&self, ir: &Ir, op: OpId, out: &mut Vec<Effect>) {
        let (source, kind) = match TransferReadOp::cast(ir, op) {
            Some(t) => (t.source_range(ir), EffectKind::Read),
            None => (TransferWriteOp(op).source_range(ir), EffectKind::Write),
        };
        if source.len() == 1 && ir.ctx().is_memref(ir.value_type(ir.operand(op, source.start))) {
            out.push(Effect::new(kind, EffectOn::Operand(source.start)));
        }
    }
}

/// `transfer_read` has no inits.
pub(super) struct ReadDps;

impl DestinationStyle for ReadDps {
    fn inits(&self, _ir: &Ir, _op: OpId) -> std::ops::Range<usize> {
        0..0
    }
}

/// The source of `transfer_write` is its init.
pub(super) struct WriteDps;

impl DestinationStyle for WriteDps {
    fn inits(&self, ir: &Ir, op: OpId) -> std::ops::Range<usize> {
        if ir.num_operands(op) > 1 {
            TransferWriteOp(op).source_range(ir)
        } else {
            0..0
        }
    }
}

/// The hyperrectangle a transfer accesses: its indices as offsets, and
/// `getTransferChunkAccessed` as sizes (the vector size along each source
/// dimension the permutation map uses, 1 elsewhere); with the tensor it is
/// a subset of (the source of a read, the destination of a write).
struct Slice {
    container: ValueId,
    offsets: Vec<ValueId>,
    sizes: Vec<i64>,
}

fn transfer_slice(ir: &Ir, op: OpId) -> Option<Slice> {
    let parts = transfer_parts(ir, op)?;
    let vector_ty = match parts.vector {
        Some(v) => ir.value_type(v),
        None => ir.value_type(TransferReadOp(op).vector(ir)),
    };
    let (shape, _, _) = vector_parts(ir.ctx(), vector_ty)?;
    let perm = &parts.permutation_map;
    let mut sizes = vec![1; perm.num_dims];
    for (e, &size) in perm.results.iter().zip(shape) {
        if let Some(d) = e.as_dim() {
            *sizes.get_mut(d)? = size;
        }
    }
    (parts.indices.len() == sizes.len()).then_some(Slice { container: parts.source, offsets: parts.indices, sizes })
}

/// The value of an `index` constant.
fn constant_index(ir: &Ir, v: ValueId) -> Option<i64> {
    let d = ir.defining_op(v).filter(|&d| ir.is_op(d, "arith.constant"))?;
    ir.ctx().int_value(ir.attr(d, "value")?).and_then(|x| i64::try_from(x).ok())
}

/// Two offsets are provably equal: the same value or equal constants.
fn same_offset(ir: &Ir, a: ValueId, b: ValueId) -> bool {
    a == b || matches!((constant_index(ir, a), constant_index(ir, b)), (Some(x), Some(y)) if x == y)
}

/// `SubsetOpInterface` for both transfers, `SubsetExtractionOpInterface`
/// for the read and `SubsetInsertionOpInterface` for the write (as
/// upstream's `SubsetOpInterfaceImpl`). Slices are compared against other
/// transfers: equal when the containers are equivalent and offsets and
/// sizes agree; disjoint when, along some dimension, constant offsets put
/// the two chunks apart. Anything else is conservatively neither.
pub(super) struct TransferSubset;

impl TransferSubset {
    fn slices(ir: &Ir, op: OpId, other: OpId, equiv: EquivalenceFn<'_>) -> Option<(Slice, Slice)> {
        if !TransferReadOp::matches(ir, other) && !TransferWriteOp::matches(ir, other) {
            return None;
        }
        let (a, b) = (transfer_slice(ir, op)?, transfer_slice(ir, other)?);
        (equiv(a.container, b.container) && a.sizes.len() == b.sizes.len()).then_some((a, b))
    }
}

impl SubsetOp for TransferSubset {
    fn operates_on_equivalent_subset(&self, ir: &Ir, op: OpId, other: OpId, equiv: EquivalenceFn<'_>) -> bool {
        Self::slices(ir, op, other, equiv).is_some_and(|(a, b)| {
            a.sizes == b.sizes && a.offsets.iter().zip(&b.offsets).all(|(&x, &y)| same_offset(ir, x, y))
        })
    }

    fn operates_on_disjoint_subset(&self, ir: &Ir, op: OpId, other: OpId, equiv: EquivalenceFn<'_>) -> bool {
        Self::slices(ir, op, other, equiv).is_some_and(|(a, b)| {
            (0..a.sizes.len()).any(|d| match (constant_index(ir, a.offsets[d]), constant_index(ir, b.offsets[d])) {
                (Some(x), Some(y)) => x + a.sizes[d] <= y || y + b.sizes[d] <= x,
                _ => false,
            })
        })
    }
}

impl SubsetExtraction for TransferSubset {
    fn source_operand(&self, ir: &Ir, op: OpId) -> OperandId {
        TransferReadOp(op).source_operand(ir)
    }
}

impl SubsetInsertion for TransferSubset {
    /// The vector written.
    fn source_operand(&self, ir: &Ir, op: OpId) -> OperandId {
        TransferWriteOp(op).vector_operand(ir)
    }
    /// The tensor written into (the op's `source`).
    fn destination_operand(&self, ir: &Ir, op: OpId) -> OperandId {
        TransferWriteOp(op).source_operand(ir)
    }
    fn updated_destination(&self, ir: &Ir, op: OpId) -> Option<ValueId> {
        TransferWriteOp(op).result(ir)
    }
    /// Upstream's default: `candidate` comes from a subset extraction of
    /// the same subset.
    fn is_equivalent_subset(&self, ir: &Ir, op: OpId, candidate: ValueId, equiv: EquivalenceFn<'_>) -> bool {
        let Some(def) = ir.defining_op(candidate) else { return false };
        if ir.ctx().registry().interface::<dyn SubsetExtraction>(ir.op_name(def)).is_none() {
            return false;
        }
        self.operates_on_equivalent_subset(ir, op, def, equiv)
    }
    /// None, as upstream (not implemented there).
    fn values_needed_to_build_subset_extraction(&self, _ir: &Ir, _op: OpId) -> Vec<ValueId> {
        Vec::new()
    }
    /// None, as upstream (not implemented there).
    fn build_subset_extraction(&self, _b: &mut dyn OpBuilder, _op: OpId, _loc: Location) -> Option<ValueId> {
        None
    }
}
