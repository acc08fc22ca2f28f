//! Mixed static/dynamic index lists, as used by ops with offsets, sizes and
//! strides (`tensor.extract_slice`, `tensor.insert_slice`, `memref.subview`,
//! `tensor.pad`, `tensor.expand_shape`, …).
//!
//! Such an op stores each list twice: an `array<i64: ...>` attribute with one
//! entry per position (`ShapedType::kDynamic`, i.e. [`DYNAMIC`], where the
//! value is an SSA operand) and a variadic operand group holding the dynamic
//! entries in order. The custom syntax interleaves them: `[0, %i, 4]`.
//!
//! This module owns:
//! * the `custom<DynamicIndexList>` syntax ([`parse_dynamic_index_list`],
//!   [`print_dynamic_index_list`]), including the scalable `[[4]]` form;
//! * conversions between the split form and [`OpFoldSize`] lists
//!   ([`mixed_values`], [`dispatch_mixed`]);
//! * the `operandSegmentSizes` helpers of ops with `AttrSizedOperandSegments`
//!   ([`operand_segments`], [`verify_operand_segments`],
//!   [`segment_sizes_attr`]);
//! * the checks of `OffsetSizeAndStrideOpInterface`
//!   ([`verify_offset_size_and_stride`]) and the [`OffsetSizeAndStride`]
//!   interface with which such ops describe their lists ([`slice_params`]).

use ir::interfaces::OpFoldSize;
use ir::op_decl::OPERAND_SEGMENT_SIZES;
use ir::{AttrKind, Attribute, Context, Diagnostic, Ir, OpId, Str, ValueId, DYNAMIC};
use smallvec::SmallVec;
use syntax::asm::OpState;
use syntax::lexer::TokenKind;
use syntax::op_parser::{IrParser, UnresolvedOperand};
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

/// The brackets around a dynamic index list.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Delimiter {
    /// `[...]` (the default).
    #[default]
    Square,
    /// `(...)`
    Paren,
    /// `<...>`
    LessGreater,
    /// `{...}`
    Braces,
}

impl Delimiter {
    fn tokens(self) -> (TokenKind, TokenKind) {
        match self {
            Delimiter::Square => (TokenKind::LSquare, TokenKind::RSquare),
            Delimiter::Paren => (TokenKind::LParen, TokenKind::RParen),
            Delimiter::LessGreater => (TokenKind::Less, TokenKind::Greater),
            Delimiter::Braces => (TokenKind::LBrace, TokenKind::RBrace),
        }
    }
    fn chars(self) -> (char, char) {
        match self {
            Delimiter::Square => ('[', ']'),
            Delimiter::Paren => ('(', ')'),
            Delimiter::LessGreater => ('<', '>'),
            Delimiter::Braces => ('{', '}'),
        }
    }
}

/// A parsed but unresolved `[0, %i, [4]]` list.
#[derive(Clone, Debug, Default)]
pub struct UnresolvedIndexList<'a> {
    /// The SSA operands, in order.
    pub operands: Vec<UnresolvedOperand<'a>>,
    /// One entry per position: the integer, or [`DYNAMIC`] for an operand.
    pub statics: Vec<i64>,
    /// One entry per position: true when written as `[x]` (scalable).
    pub scalables: Vec<bool>,
}

/// Parses `custom<DynamicIndexList>`: a delimited, possibly empty list whose
/// elements are SSA operands or (possibly negative) integers, each optionally
/// wrapped in `[...]` to mark it scalable.
///
/// Errors MLIR reports through the custom op parser (`expected integer
/// value`) carry no `custom op '...'` prefix here; use
/// [`parse_dynamic_index_list_in`] from an op's parser to get it.
pub fn parse_dynamic_index_list<'a>(
    p: &mut IrParser<'a, '_>,
    delimiter: Delimiter,
) -> PResult<UnresolvedIndexList<'a>> {
    parse_list(p, None, delimiter)
}

/// [`parse_dynamic_index_list`] from the custom parser of the op `st`, whose
/// errors are prefixed with `custom op '<name>'` as in MLIR.
pub fn parse_dynamic_index_list_in<'a>(
    p: &mut IrParser<'a, '_>,
    st: &OpState,
    delimiter: Delimiter,
) -> PResult<UnresolvedIndexList<'a>> {
    parse_list(p, Some(st.name), delimiter)
}

fn parse_list<'a>(p: &mut IrParser<'a, '_>, op: Option<Str>, delimiter: Delimiter) -> PResult<UnresolvedIndexList<'a>> {
    let (open, close) = delimiter.tokens();
    let mut out = UnresolvedIndexList::default();
    if !p.p.eat(open) {
        return Err(p.p.wrong_token_error(format!("expected '{}' in dynamic index list", open.spelling())));
    }
    if p.p.eat(close) {
        return Ok(out);
    }
    loop {
        let operand = if p.p.at(TokenKind::PercentIdent) { Some(p.parse_operand()?) } else { None };
        let scalable = p.p.eat(TokenKind::LSquare);
        match operand {
            Some(o) => {
                out.operands.push(o);
                out.statics.push(DYNAMIC);
            }
            None => out.statics.push(integer(p, op)?),
        }
        if scalable {
            p.p.expect(TokenKind::RSquare, "expected ']'")?;
        }
        out.scalables.push(scalable);
        if !p.p.eat(TokenKind::Comma) {
            break;
        }
    }
    if !p.p.eat(close) {
        return Err(p.p.wrong_token_error(format!("expected '{}' in dynamic index list", close.spelling())));
    }
    Ok(out)
}

/// Parses a signed integer that must fit in `i64`.
pub fn parse_i64(p: &mut IrParser<'_, '_>) -> PResult<i64> {
    integer(p, None)
}

fn integer(p: &mut IrParser<'_, '_>, op: Option<Str>) -> PResult<i64> {
    let prefix = match op {
        Some(n) => format!("custom op '{}' ", p.p.ctx.str(n)),
        None => String::new(),
    };
    let pos = p.p.tok.start;
    let negative = p.p.at(TokenKind::Minus);
    if negative {
        p.p.bump();
    }
    if !p.p.at(TokenKind::Integer) {
        return Err(p.p.error_here(format!("{prefix}expected integer value")));
    }
    let text = p.p.tok_text();
    p.p.bump();
    let mag = syntax::parser::parse_u128(text);
    let v = match mag {
        Some(m) if negative && m <= i64::MAX as u128 + 1 => Some((m as i128).wrapping_neg() as i64),
        Some(m) if !negative => i64::try_from(m).ok(),
        _ => None,
    };
    v.ok_or_else(|| p.p.error_at(pos, format!("{prefix}integer value too large")))
}

/// Parses a dynamic index list and resolves its operands as `index` values.
pub fn parse_index_list(p: &mut IrParser<'_, '_>, delimiter: Delimiter) -> PResult<(Vec<ValueId>, Vec<i64>)> {
    let list = parse_dynamic_index_list(p, delimiter)?;
    resolve_index_list(p, list)
}

/// [`parse_index_list`] from the custom parser of the op `st` (errors
/// prefixed as in MLIR).
pub fn parse_index_list_in(
    p: &mut IrParser<'_, '_>,
    st: &OpState,
    delimiter: Delimiter,
) -> PResult<(Vec<ValueId>, Vec<i64>)> {
    let list = parse_dynamic_index_list_in(p, st, delimiter)?;
    resolve_index_list(p, list)
}

fn resolve_index_list<'a>(
    p: &mut IrParser<'a, '_>,
    list: UnresolvedIndexList<'a>,
) -> PResult<(Vec<ValueId>, Vec<i64>)> {
    let index = p.p.ctx.index_ty();
    let mut values = Vec::with_capacity(list.operands.len());
    for o in list.operands {
        values.push(p.resolve_operand(o, index)?);
    }
    Ok((values, list.statics))
}

/// Prints `custom<DynamicIndexList>`: `[0, %i, 4]`; `scalables`, when not
/// empty, wraps the marked positions in `[...]`. Positions whose operand is
/// missing (malformed ops) print as `<<missing>>` rather than failing.
pub fn print_dynamic_index_list(
    pr: &mut OpPrinter<'_>,
    values: &[ValueId],
    statics: &[i64],
    scalables: &[bool],
    delimiter: Delimiter,
) {
    let (l, r) = delimiter.chars();
    pr.out.push(l);
    let mut next = values.iter();
    for (i, &s) in statics.iter().enumerate() {
        if i > 0 {
            pr.out.push_str(", ");
        }
        let scalable = scalables.get(i).copied().unwrap_or(false);
        if scalable {
            pr.out.push('[');
        }
        if s == DYNAMIC {
            match next.next() {
                Some(&v) => pr.print_value(v),
                None => pr.out.push_str("<<missing>>"),
            }
        } else {
            pr.out.push_str(&s.to_string());
        }
        if scalable {
            pr.out.push(']');
        }
    }
    pr.out.push(r);
}

/// Combines a static list and its dynamic operands into one list, or `None`
/// when the number of operands does not match the [`DYNAMIC`] entries.
pub fn mixed_values(statics: &[i64], dynamics: &[ValueId]) -> Option<Vec<OpFoldSize>> {
    if statics.iter().filter(|&&s| s == DYNAMIC).count() != dynamics.len() {
        return None;
    }
    let mut next = dynamics.iter();
    statics
        .iter()
        .map(|&s| if s == DYNAMIC { next.next().map(|&v| OpFoldSize::Value(v)) } else { Some(OpFoldSize::Static(s)) })
        .collect()
}

/// Splits a mixed list into its dynamic operands and its static list
/// (MLIR's `dispatchIndexOpFoldResults`).
pub fn dispatch_mixed(mixed: &[OpFoldSize]) -> (Vec<ValueId>, Vec<i64>) {
    let mut values = Vec::new();
    let mut statics = Vec::with_capacity(mixed.len());
    for m in mixed {
        match *m {
            OpFoldSize::Static(s) => statics.push(s),
            OpFoldSize::Value(v) => {
                values.push(v);
                statics.push(DYNAMIC);
            }
        }
    }
    (values, statics)
}

/// The constant of a mixed entry, if static.
pub fn constant_of(m: OpFoldSize) -> Option<i64> {
    match m {
        OpFoldSize::Static(s) => Some(s),
        OpFoldSize::Value(_) => None,
    }
}

/// `array<i32: ...>`, as used by `operandSegmentSizes`.
pub fn dense_i32_array_attr(ctx: &Context, values: &[i32]) -> Attribute {
    let elem = ctx.int_ty(32);
    ctx.attr(AttrKind::DenseArray { elem, bits: values.iter().map(|&v| v as u32 as u128).collect() })
}

/// The `operandSegmentSizes` attribute for the given group sizes.
pub fn segment_sizes_attr(ctx: &Context, sizes: &[usize]) -> Attribute {
    let v: Vec<i32> = sizes.iter().map(|&s| i32::try_from(s).unwrap_or(i32::MAX)).collect();
    dense_i32_array_attr(ctx, &v)
}

/// Sets the operands of a parsed slice op (`subview`, `extract_slice`,
/// `insert_slice`, `parallel_insert_slice`): the `leading` operands, then
/// the dynamic offsets, sizes and strides, with their `operandSegmentSizes`
/// (one group per leading operand, then the three lists).
pub(crate) fn set_slice_operands(ctx: &Context, st: &mut OpState, leading: &[ValueId], lists: [Vec<ValueId>; 3]) {
    let mut sizes = vec![1; leading.len()];
    sizes.extend(lists.iter().map(Vec::len));
    st.add_attr(ctx.intern_str("operandSegmentSizes"), segment_sizes_attr(ctx, &sizes));
    st.operands = leading.to_vec();
    st.operands.extend(lists.into_iter().flatten());
}

/// The operand group sizes of an op with `AttrSizedOperandSegments`, when the
/// attribute is present, has `expected` non-negative entries and matches the
/// operand count.
pub fn operand_segments(ir: &Ir, op: OpId, expected: usize) -> Option<Vec<usize>> {
    let a = ir.attr_by(op, OPERAND_SEGMENT_SIZES.get(ir.ctx()))?;
    let v = ir.ctx().dense_i64_iter(a)?;
    if v.len() != expected {
        return None;
    }
    let sizes: Vec<usize> = v.map(|s| usize::try_from(s).ok()).collect::<Option<_>>()?;
    (sizes.iter().sum::<usize>() == ir.num_operands(op)).then_some(sizes)
}

/// The operand index range of group `group`.
pub fn segment_range(ir: &Ir, op: OpId, num_groups: usize, group: usize) -> Option<std::ops::Range<usize>> {
    let sizes = operand_segments(ir, op, num_groups)?;
    let start: usize = sizes.get(..group)?.iter().sum();
    Some(start..start + *sizes.get(group)?)
}

/// The operands of group `group` (empty for malformed ops).
pub fn segment_values(ir: &Ir, op: OpId, num_groups: usize, group: usize) -> Vec<ValueId> {
    match segment_range(ir, op, num_groups, group) {
        Some(r) => r.map(|i| ir.operand(op, i)).collect(),
        None => Vec::new(),
    }
}

/// MLIR's checks of the `operandSegmentSizes` attribute, with its wording:
/// a missing attribute counts as all zeros.
pub fn verify_operand_segments(ir: &Ir, op: OpId, num_groups: usize) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let name = ir.op_name_str(op);
    let sizes: SmallVec<[i64; 4]> = match ir.attr_by(op, OPERAND_SEGMENT_SIZES.get(ctx)) {
        None => smallvec::smallvec![0; num_groups],
        Some(a) => match ctx.attr_kind(a) {
            AttrKind::DenseArray { elem, .. } if ctx.int_width(*elem) == Some(32) => {
                ctx.dense_i64_iter(a).map(Iterator::collect).unwrap_or_default()
            }
            _ => {
                return Err(Diagnostic::error(
                    ir.op_loc(op),
                    format!("'{name}' op attribute 'operandSegmentSizes' failed to satisfy constraint: i32 dense array attribute"),
                ))
            }
        },
    };
    if sizes.len() != num_groups {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            format!(
                "'{name}' op 'operandSegmentSizes' attribute for specifying operand segments must have {num_groups} elements, but got {}",
                sizes.len()
            ),
        ));
    }
    if sizes.iter().any(|&s| s < 0) {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            format!("'{name}' op 'operandSegmentSizes' attribute cannot have negative elements"),
        ));
    }
    let total: i64 = sizes.iter().sum();
    if total != ir.num_operands(op) as i64 {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            format!(
                "'{name}' op operand count ({}) does not match with the total size ({total}) specified in attribute 'operandSegmentSizes'",
                ir.num_operands(op)
            ),
        ));
    }
    Ok(())
}

/// Reads a required `array<i64: ...>` attribute, reporting MLIR's errors
/// when it is missing or has another kind.
pub fn required_i64_array(ir: &Ir, op: OpId, attr: &str) -> Result<Vec<i64>, Diagnostic> {
    let name = ir.op_name_str(op);
    let Some(a) = ir.attr(op, attr) else {
        return Err(Diagnostic::error(ir.op_loc(op), format!("'{name}' op requires attribute '{attr}'")));
    };
    match ir.ctx().attr_kind(a) {
        AttrKind::DenseArray { elem, .. } if ir.ctx().int_width(*elem) == Some(64) => {
            Ok(ir.ctx().dense_i64_array(a).unwrap_or_default())
        }
        _ => Err(Diagnostic::error(
            ir.op_loc(op),
            format!("'{name}' op attribute '{attr}' failed to satisfy constraint: i64 dense array attribute"),
        )),
    }
}

/// The value of an `array<i64: ...>` attribute (empty when absent or not one).
pub fn i64_array(ir: &Ir, op: OpId, attr: &str) -> Vec<i64> {
    ir.attr(op, attr).and_then(|a| ir.ctx().dense_i64_array(a)).unwrap_or_default()
}

/// MLIR's `verifyListOfOperandsOrIntegers`: `statics` has `num_elements`
/// entries and as many [`DYNAMIC`] ones as there are `num_values` operands.
/// `name` is `offset`, `size`, `stride`, … in the messages.
pub fn verify_list_of_operands_or_integers(
    ir: &Ir,
    op: OpId,
    name: &str,
    num_elements: usize,
    statics: &[i64],
    num_values: usize,
) -> Result<(), Diagnostic> {
    if statics.len() != num_elements {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            format!("expected {num_elements} {name} values, got {}", statics.len()),
        ));
    }
    let dynamic = statics.iter().filter(|&&s| s == DYNAMIC).count();
    if num_values != dynamic {
        return Err(Diagnostic::error(ir.op_loc(op), format!("expected {dynamic} dynamic {name} values")));
    }
    Ok(())
}

/// `OffsetSizeAndStrideOpInterface`: how an op stores its three lists.
pub trait OffsetSizeAndStride: Send + Sync {
    /// Index of the offsets group in `operandSegmentSizes` (sizes and
    /// strides follow it).
    fn offsets_segment(&self) -> usize;
    /// Total number of operand groups.
    fn num_segments(&self) -> usize;
    /// Maximal number of offsets, sizes and strides (usually the rank of
    /// the sliced type).
    fn max_ranks(&self, ir: &Ir, op: OpId) -> [usize; 3];
}

/// The offsets, sizes and strides of an op, split and mixed.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SliceParams {
    /// `static_offsets`
    pub static_offsets: Vec<i64>,
    /// `static_sizes`
    pub static_sizes: Vec<i64>,
    /// `static_strides`
    pub static_strides: Vec<i64>,
    /// Dynamic offset operands.
    pub offsets: Vec<ValueId>,
    /// Dynamic size operands.
    pub sizes: Vec<ValueId>,
    /// Dynamic stride operands.
    pub strides: Vec<ValueId>,
}

impl SliceParams {
    /// Offsets as one mixed list (`None` when malformed).
    pub fn mixed_offsets(&self) -> Option<Vec<OpFoldSize>> {
        mixed_values(&self.static_offsets, &self.offsets)
    }
    /// Sizes as one mixed list.
    pub fn mixed_sizes(&self) -> Option<Vec<OpFoldSize>> {
        mixed_values(&self.static_sizes, &self.sizes)
    }
    /// Strides as one mixed list.
    pub fn mixed_strides(&self) -> Option<Vec<OpFoldSize>> {
        mixed_values(&self.static_strides, &self.strides)
    }
}

/// Reads `static_offsets/sizes/strides` and the dynamic operand groups of an
/// op with the [`OffsetSizeAndStride`] interface (or any op laid out with
/// the three groups starting at segment `offsets_segment` of
/// `num_segments`).
pub fn slice_params_at(ir: &Ir, op: OpId, offsets_segment: usize, num_segments: usize) -> SliceParams {
    SliceParams {
        static_offsets: i64_array(ir, op, "static_offsets"),
        static_sizes: i64_array(ir, op, "static_sizes"),
        static_strides: i64_array(ir, op, "static_strides"),
        offsets: segment_values(ir, op, num_segments, offsets_segment),
        sizes: segment_values(ir, op, num_segments, offsets_segment + 1),
        strides: segment_values(ir, op, num_segments, offsets_segment + 2),
    }
}

/// The slice parameters of an op registered with [`OffsetSizeAndStride`].
pub fn slice_params(ir: &Ir, op: OpId) -> Option<SliceParams> {
    let i = ir.ctx().registry().interface::<dyn OffsetSizeAndStride>(ir.op_name(op))?;
    Some(slice_params_at(ir, op, i.offsets_segment(), i.num_segments()))
}

/// MLIR's `verifyOffsetSizeAndStrideOp` for an op laid out as described by
/// `iface`: the three attributes exist, their lengths agree with each other
/// and with `max_ranks`, the dynamic operand counts match, and static
/// offsets and sizes are non-negative.
pub fn verify_offset_size_and_stride(ir: &Ir, op: OpId, iface: &dyn OffsetSizeAndStride) -> Result<(), Diagnostic> {
    let offsets = required_i64_array(ir, op, "static_offsets")?;
    let sizes = required_i64_array(ir, op, "static_sizes")?;
    let strides = required_i64_array(ir, op, "static_strides")?;
    verify_operand_segments(ir, op, iface.num_segments())?;
    let p = slice_params_at(ir, op, iface.offsets_segment(), iface.num_segments());
    let max = iface.max_ranks(ir, op);
    if !(offsets.len() == 1 && max[0] == 1) && offsets.len() != sizes.len() {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            format!(
                "expected mixed offsets rank to match mixed sizes rank ({} vs {}) so the rank of the result type is well-formed.",
                offsets.len(),
                sizes.len()
            ),
        ));
    }
    if sizes.len() != strides.len() {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            format!(
                "expected mixed sizes rank to match mixed strides rank ({} vs {}) so the rank of the result type is well-formed.",
                sizes.len(),
                strides.len()
            ),
        ));
    }
    verify_list_of_operands_or_integers(ir, op, "offset", max[0], &offsets, p.offsets.len())?;
    verify_list_of_operands_or_integers(ir, op, "size", max[1], &sizes, p.sizes.len())?;
    verify_list_of_operands_or_integers(ir, op, "stride", max[2], &strides, p.strides.len())?;
    if let Some(o) = offsets.iter().find(|&&o| o < 0 && o != DYNAMIC) {
        return Err(Diagnostic::error(ir.op_loc(op), format!("expected offsets to be non-negative, but got {o}")));
    }
    if let Some(s) = sizes.iter().find(|&&s| s < 0 && s != DYNAMIC) {
        return Err(Diagnostic::error(ir.op_loc(op), format!("expected sizes to be non-negative, but got {s}")));
    }
    Ok(())
}

/// True when every mixed entry is the constant `c`.
pub fn all_constant(mixed: &[OpFoldSize], c: i64) -> bool {
    mixed.iter().all(|&m| m == OpFoldSize::Static(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mixed_round_trip() {
        let ctx = std::sync::Arc::new(ir::Context::new());
        let mut ir = Ir::new(ctx.clone());
        let v = ir.create_detached_value(ctx.index_ty(), ctx.unknown_loc());
        let statics = [0, DYNAMIC, 4];
        let mixed = mixed_values(&statics, &[v]).expect("consistent");
        assert_eq!(mixed, vec![OpFoldSize::Static(0), OpFoldSize::Value(v), OpFoldSize::Static(4)]);
        assert_eq!(dispatch_mixed(&mixed), (vec![v], statics.to_vec()));
        assert_eq!(mixed_values(&statics, &[]), None);
        assert!(all_constant(&[OpFoldSize::Static(1), OpFoldSize::Static(1)], 1));
    }
}
