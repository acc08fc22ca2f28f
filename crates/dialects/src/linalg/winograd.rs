//! The Winograd Conv2D transform ops `linalg.winograd_filter_transform`,
//! `linalg.winograd_input_transform` and `linalg.winograd_output_transform`
//! (upstream's `LinalgOps.td`): their declarations, declarative syntax
//! (`m(4) r(3) ins(...) outs(...) -> type`) and verifiers, which check the
//! ODS constraints (the `m`/`r` attributes, ranked tensors of rank 4 or 6,
//! matching element types) and then the shape relations of F(m, r) that
//! upstream's `verify()` checks, with its messages.

use crate::declare_op;
use crate::util::{check_num_operands, check_num_results, check_operands, check_results, op_error};
use ir::op_decl::I64Attr;
use ir::{AttrKind, Context, Diagnostic, Ir, OpId, OpTraits, Type, TypeKind, DYNAMIC};

declare_op! {
    /// `linalg.winograd_filter_transform`: `G x g x G^T` of a 4-D `FHWC`
    /// filter into a `(m+r-1) x (m+r-1) x C x F` tensor.
    pub struct WinogradFilterTransformOp = "linalg.winograd_filter_transform" {
        traits: OpTraits::default(),
        operands: [filter: Single, output: Single],
        attrs: [m: I64Attr, r: I64Attr],
        results: [result: Single],
        verify: verify_filter_transform,
        format: "attr-dict `m` `(` $m `)` `r` `(` $r `)` `ins` `(` $filter `:` type($filter) `)` `outs` `(` $output `:` type($output) `)` `->` type($result)",
        format_rules: [filter: Kind(is_tensor), output: Kind(is_tensor), result: Kind(is_tensor)],
    }
}

declare_op! {
    /// `linalg.winograd_input_transform`: `B^T x d x B` of the tiles of a
    /// 4-D `NHWC` input into a 6-D tensor of tiles.
    pub struct WinogradInputTransformOp = "linalg.winograd_input_transform" {
        traits: OpTraits::default(),
        operands: [input: Single, output: Single],
        attrs: [m: I64Attr, r: I64Attr],
        results: [result: Single],
        verify: verify_input_transform,
        format: "attr-dict `m` `(` $m `)` `r` `(` $r `)` `ins` `(` $input `:` type($input) `)` `outs` `(` $output `:` type($output) `)` `->` type($result)",
        format_rules: [input: Kind(is_tensor), output: Kind(is_tensor), result: Kind(is_tensor)],
    }
}

declare_op! {
    /// `linalg.winograd_output_transform`: `A^T x y x A` of a 6-D tensor of
    /// tiles back into a 4-D `NHWF` output.
    pub struct WinogradOutputTransformOp = "linalg.winograd_output_transform" {
        traits: OpTraits::default(),
        operands: [value: Single, output: Single],
        attrs: [m: I64Attr, r: I64Attr],
        results: [result: Single],
        verify: verify_output_transform,
        format: "attr-dict `m` `(` $m `)` `r` `(` $r `)` `ins` `(` $value `:` type($value) `)` `outs` `(` $output `:` type($output) `)` `->` type($result)",
        format_rules: [value: Kind(is_tensor), output: Kind(is_tensor), result: Kind(is_tensor)],
    }
}

/// ODS's `TensorType` (the custom parser's type kind for the operands and
/// the result).
fn is_tensor(ctx: &Context, t: Type) -> bool {
    ctx.is_tensor(t)
}

/// The shape of a ranked tensor of rank `rank`.
fn tensor_shape(ctx: &Context, t: Type, rank: usize) -> Option<&[i64]> {
    match ctx.kind(t) {
        TypeKind::Tensor { shape, .. } if shape.len() == rank => Some(shape),
        _ => None,
    }
}

/// A transform's `m` and `r` and the shapes of its two operands.
struct Operands<'a> {
    m: i64,
    r: i64,
    input: &'a [i64],
    output: &'a [i64],
}

/// The ODS invariants shared by the three ops: the `m` and `r` attributes,
/// operand and result counts and ranks (`TensorRankOf<[AnyType], [rank]>`)
/// and `AllElementTypesMatch` of the two operands named `names`. Returns
/// the attributes and the two operands' shapes.
fn verify_invariants<'a>(
    ir: &'a Ir,
    op: OpId,
    ranks: [usize; 2],
    names: [&str; 2],
) -> Result<Operands<'a>, Diagnostic> {
    let ctx = ir.ctx();
    let mut mr = [0i64; 2];
    for (slot, name) in mr.iter_mut().zip(["m", "r"]) {
        let Some(a) = ir.attr(op, name) else {
            return Err(op_error(ir, op, format!("requires attribute '{name}'")));
        };
        match ctx.attr_kind(a) {
            AttrKind::Integer { ty, .. } if *ty == ctx.int_ty(64) => *slot = ctx.int_value(a).unwrap_or(0) as i64,
            _ => {
                return Err(op_error(
                    ir,
                    op,
                    format!("attribute '{name}' failed to satisfy constraint: 64-bit signless integer attribute"),
                ))
            }
        }
    }
    check_num_operands(ir, op, 2)?;
    check_num_results(ir, op, 1)?;
    let desc = |rank: usize| format!("{rank}D tensor of any type values");
    for (i, &rank) in ranks.iter().enumerate() {
        check_operands(ir, op, i..i + 1, |c, t| tensor_shape(c, t, rank).is_some(), &desc(rank))?;
    }
    check_results(ir, op, 0..1, |c, t| tensor_shape(c, t, ranks[1]).is_some(), &desc(ranks[1]))?;
    let (a, b) = (ir.value_type(ir.operand(op, 0)), ir.value_type(ir.operand(op, 1)));
    if ctx.element_type(a) != ctx.element_type(b) {
        return Err(op_error(
            ir,
            op,
            format!("failed to verify that all of {{{}, {}}} have same element type", names[0], names[1]),
        ));
    }
    let shape = |t| ctx.shape(t).unwrap_or(&[]);
    Ok(Operands { m: mr[0], r: mr[1], input: shape(a), output: shape(b) })
}

/// MLIR's `verifyCompatibleShape` on two shapes.
fn compatible(expected: &[i64], actual: &[i64]) -> bool {
    expected.len() == actual.len() && expected.iter().zip(actual).all(|(&e, &a)| e == DYNAMIC || a == DYNAMIC || e == a)
}

/// The error upstream's three verifiers end with.
fn unexpected_output(ir: &Ir, op: OpId) -> Diagnostic {
    op_error(ir, op, "the output shape is not expected")
}

/// `WinogradFilterTransformOp::verify`: the filter's height and width are
/// `r` or 1 (not both 1); the output is `[alpha_h, alpha_w, C, F]`.
fn verify_filter_transform(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let Operands { m, r, input: filter, output } = verify_invariants(ir, op, [4, 4], ["filter", "output"])?;
    let (h, w) = (filter[1], filter[2]);
    if h != r && h != 1 {
        return Err(op_error(ir, op, "expect filter height either equals to r or 1"));
    }
    if w != r && w != 1 {
        return Err(op_error(ir, op, "expect filter width either equals to r or 1"));
    }
    if h == 1 && w == 1 {
        return Err(op_error(ir, op, "expect either filter height or width equals to r"));
    }
    let alpha = m.wrapping_add(r).wrapping_sub(1);
    let expected = [if h == r { alpha } else { 1 }, if w == r { alpha } else { 1 }, filter[3], filter[0]];
    if !compatible(&expected, output) {
        return Err(unexpected_output(ir, op));
    }
    Ok(())
}

/// `(size - (r - 1)) / m`, the number of tiles along a static dim (dynamic
/// where upstream would divide by zero).
fn num_tiles(size: i64, m: i64, r: i64) -> i64 {
    size.wrapping_sub(r.wrapping_sub(1)).checked_div(m).unwrap_or(DYNAMIC)
}

/// `WinogradInputTransformOp::verify`: the output is `[alpha_h, alpha_w,
/// tiles_h, tiles_w, N, C]`, each transformed dim being 1 when the input's
/// is.
fn verify_input_transform(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let Operands { m, r, input, output } = verify_invariants(ir, op, [4, 6], ["input", "output"])?;
    // Upstream reads `m` and `r` into an `int`.
    let (m, r) = (i64::from(m as i32), i64::from(r as i32));
    let alpha = i64::from((m as i32).wrapping_add(r as i32).wrapping_sub(1));
    let mut expected = [0i64; 6];
    for (k, &size) in input[1..3].iter().enumerate() {
        (expected[k], expected[k + 2]) = if size == DYNAMIC {
            (alpha, DYNAMIC)
        } else if size != 1 {
            (alpha, num_tiles(size, m, r))
        } else {
            (1, 1)
        };
    }
    expected[4] = input[0];
    expected[5] = input[3];
    if !compatible(&expected, output) {
        return Err(unexpected_output(ir, op));
    }
    Ok(())
}

/// `WinogradOutputTransformOp::verify`: the value's tile height and width
/// are `m + r - 1` (or 1 when not transformed); the output is `[N, m *
/// tiles_h, m * tiles_w, F]`.
fn verify_output_transform(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let Operands { m, r, input: value, output } = verify_invariants(ir, op, [6, 4], ["value", "output"])?;
    let (m, r) = (i64::from(m as i32), i64::from(r as i32));
    let alpha = i64::from((m as i32).wrapping_add(r as i32).wrapping_sub(1));
    let mut expected = [0i64; 4];
    for (k, what) in ["height", "width"].into_iter().enumerate() {
        let (size, tiles) = (value[k], value[k + 2]);
        expected[k + 1] = if size == DYNAMIC || tiles == DYNAMIC {
            DYNAMIC
        } else {
            let transformed = size != 1;
            if size != if transformed { alpha } else { 1 } {
                return Err(op_error(ir, op, format!("expect input {what} equals to input tile size")));
            }
            (if transformed { m } else { 1 }).wrapping_mul(tiles)
        };
    }
    expected[0] = value[4];
    expected[3] = value[5];
    if !compatible(&expected, output) {
        return Err(unexpected_output(ir, op));
    }
    Ok(())
}
