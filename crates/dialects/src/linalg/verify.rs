//! Verifiers of the linalg ops, in mlir-opt-19's order and wording: the
//! ODS constraints (operand/result types, properties, segment sizes), then
//! `DestinationStyleOpInterface`, `LinalgStructuredInterface` (indexing
//! maps against loops and operand ranks, static shapes against the loop
//! ranges, body block arguments), the contraction and fill interfaces of
//! the named ops, each op's own `verify()`, and the region's terminator.
//! Also `linalg.yield` and `linalg.index`.

use super::named::{self, BodyKind};
use super::{elem_or_self, io_split, iterators, op_kind, operand_rank, operand_shape, IteratorKind, OpKind};
use crate::tensor::{op_error, q};
use ir::affine::{AffineExpr, AffineMap};
use ir::{AttrKind, Context, Diagnostic, Ir, OpId, Type, TypeKind, DYNAMIC};

type VResult = Result<(), Diagnostic>;

/// `'name' op` errors without the op prefix (`emitError`).
fn plain(ir: &Ir, op: OpId, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::error(ir.op_loc(op), msg)
}

fn is_shaped(ctx: &Context, t: Type) -> bool {
    ctx.is_shaped(t)
}
fn is_tensor_or_memref(ctx: &Context, t: Type) -> bool {
    matches!(ctx.kind(t), TypeKind::Tensor { .. } | TypeKind::MemRef { .. })
}

/// The operand-count traits (`AtLeastNOperands<1>` of `map`, `NOperands<2>`
/// of `transpose` and `broadcast`), which MLIR verifies before
/// `SingleBlock`.
fn verify_operand_count(ir: &Ir, op: OpId, kind: OpKind) -> VResult {
    let n = ir.num_operands(op);
    match kind {
        OpKind::Map if n == 0 => Err(op_error(ir, op, "expected 1 or more operands, but found 0")),
        OpKind::Transpose | OpKind::Broadcast if n != 2 => {
            Err(op_error(ir, op, format!("expected 2 operands, but found {n}")))
        }
        _ => Ok(()),
    }
}

/// ODS constraints of the op's operands, results and properties.
fn verify_ods(ir: &Ir, op: OpId, kind: OpKind) -> VResult {
    let ctx = ir.ctx();
    let n = ir.num_operands(op);
    let attr_err =
        |name: &str, what: &str| op_error(ir, op, format!("attribute '{name}' failed to satisfy constraint: {what}"));
    let require =
        |name: &str| ir.attr(op, name).ok_or_else(|| op_error(ir, op, format!("requires attribute '{name}'")));
    match kind {
        OpKind::Generic | OpKind::Named(_) => {
            if let OpKind::Generic = kind {
                let maps = require("indexing_maps")?;
                if super::map_array(ctx, maps).is_none() {
                    return Err(attr_err("indexing_maps", "AffineMap array attribute"));
                }
                let its = require("iterator_types")?;
                if super::iterator_array(ctx, its).is_none() {
                    return Err(attr_err("iterator_types", "Iterator type should be an enum."));
                }
                for s in ["doc", "library_call"] {
                    if let Some(a) = ir.attr(op, s) {
                        if !matches!(ctx.attr_kind(a), AttrKind::String { ty: None, .. }) {
                            return Err(attr_err(s, "string attribute"));
                        }
                    }
                }
            }
            if let OpKind::Named(def) = kind {
                verify_fn_attrs(ir, op, def).map_err(|m| attr_err(m.0, m.1))?;
            }
            let sizes = ir.attr(op, "operandSegmentSizes").and_then(|a| ctx.dense_i64_array(a));
            if sizes.as_ref().is_some_and(|v| v.iter().any(|&x| x < 0)) {
                return Err(op_error(ir, op, "'operandSegmentSizes' attribute cannot have negative elements"));
            }
            let total = ir
                .attr(op, "operandSegmentSizes")
                .and_then(|a| ctx.dense_i64_array(a))
                .map_or(0, |v| v.iter().sum::<i64>());
            let segs = crate::static_dynamic::operand_segments(ir, op, 2);
            if segs.is_none() || total != n as i64 {
                return Err(op_error(
                    ir,
                    op,
                    format!(
                        "operand count ({n}) does not match with the total size ({total}) specified in attribute 'operandSegmentSizes'"
                    ),
                ));
            }
            let n_in = segs.map_or(0, |s| s[0]);
            crate::tensor::check_operands(ir, op, n_in..n, is_shaped, "variadic of shaped of any type values")?;
            crate::tensor::check_results(
                ir,
                op,
                0..ir.num_results(op),
                |c, t| matches!(c.kind(t), TypeKind::Tensor { .. }),
                "variadic of ranked tensor of any type values",
            )?;
        }
        OpKind::Map | OpKind::Reduce | OpKind::Transpose | OpKind::Broadcast => {
            let desc = match kind {
                OpKind::Map | OpKind::Reduce => {
                    "variadic of memref of any type values or ranked tensor of any type values"
                }
                _ => "memref of any type values or ranked tensor of any type values",
            };
            if matches!(kind, OpKind::Reduce) && !n.is_multiple_of(2) {
                return Err(op_error(ir, op, format!("operand count ({n}) must be a multiple of 2")));
            }
            crate::tensor::check_operands(ir, op, 0..n, is_tensor_or_memref, desc)?;
            crate::tensor::check_results(
                ir,
                op,
                0..ir.num_results(op),
                |c, t| c.is_tensor(t),
                "variadic of tensor of any type values",
            )?;
            let attr = match kind {
                OpKind::Reduce | OpKind::Broadcast => Some("dimensions"),
                OpKind::Transpose => Some("permutation"),
                _ => None,
            };
            if let Some(name) = attr {
                let a = require(name)?;
                let Some(v) = ctx.dense_i64_array(a) else {
                    return Err(attr_err(name, "i64 dense array attribute"));
                };
                if matches!(kind, OpKind::Reduce) && v.windows(2).any(|w| w[0] >= w[1]) {
                    return Err(attr_err(name, "i64 dense array attribute should be in increasing order"));
                }
            }
        }
    }
    if ir.regions(op).len() != 1 {
        return Err(op_error(ir, op, "requires one region"));
    }
    Ok(())
}

/// The `cast`/`fun` properties of a named op: `(name, constraint)` of the
/// first that is of the wrong kind.
fn verify_fn_attrs(ir: &Ir, op: OpId, def: &named::NamedDef) -> Result<(), (&'static str, &'static str)> {
    fn_attrs_error(ir.ctx(), ir.attrs(op), def)
}

/// [`verify_fn_attrs`] on an attribute list (the custom parser checks
/// them before building the body).
pub(super) fn fn_attrs_error(
    ctx: &Context,
    attrs: &[ir::NamedAttr],
    def: &named::NamedDef,
) -> Result<(), (&'static str, &'static str)> {
    for &name in def.attrs {
        let Some(a) = attrs.iter().find(|a| ctx.str(a.name) == name).map(|a| a.value) else { continue };
        if name == "strides" || name == "dilations" {
            let n = def.num_spatial();
            if named::window_attr(ctx, attrs, name, n).is_none() {
                let desc = WINDOW_ATTR_CONSTRAINTS.get(n).copied().unwrap_or(WINDOW_ATTR_CONSTRAINTS[0]);
                return Err((if name == "strides" { "strides" } else { "dilations" }, desc));
            }
            continue;
        }
        let (mnemonic, cases, desc): (&str, &[&str], &'static str) = match (name, def.body) {
            ("cast", _) => ("type_fn", &named::TYPE_FNS, "allowed 32-bit signless integer cases: 0, 1"),
            (_, BodyKind::Unary) => (
                "unary_fn",
                &named::UNARY_FNS,
                "allowed 32-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12",
            ),
            _ => {
                ("binary_fn", &named::BINARY_FNS, "allowed 32-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9")
            }
        };
        let ok = named::enum_case(ctx, a, mnemonic).is_some_and(|c| cases.contains(&c));
        if !ok {
            return Err((if name == "cast" { "cast" } else { "fun" }, desc));
        }
    }
    Ok(())
}

/// ODS's description of `RankedI64ElementsAttr<[n]>`, by `n`.
const WINDOW_ATTR_CONSTRAINTS: [&str; 4] = [
    "64-bit signless int elements attribute of shape [0]",
    "64-bit signless int elements attribute of shape [1]",
    "64-bit signless int elements attribute of shape [2]",
    "64-bit signless int elements attribute of shape [3]",
];

/// `DestinationStyleOpInterface`'s verifier.
fn verify_dps(ir: &Ir, op: OpId, n_in: usize) -> VResult {
    let ctx = ir.ctx();
    let mut tensor_inits = Vec::new();
    for i in n_in..ir.num_operands(op) {
        let t = ir.value_type(ir.operand(op, i));
        if ctx.is_tensor(t) {
            tensor_inits.push(i);
        } else if !ctx.is_memref(t) {
            return Err(op_error(ir, op, format!("expected that operand #{i} is a tensor or a memref")));
        }
    }
    let tensor_results = ir.results(op).filter(|&r| ctx.is_tensor(ir.value_type(r))).count();
    if tensor_results != tensor_inits.len() {
        return Err(op_error(
            ir,
            op,
            format!(
                "expected the number of tensor results ({tensor_results}) to be equal to the number of output tensors ({})",
                tensor_inits.len()
            ),
        ));
    }
    for (k, &i) in tensor_inits.iter().enumerate() {
        let t = ir.value_type(ir.operand(op, i));
        let r = ir.value_type(ir.result(op, k));
        if t != r {
            return Err(op_error(
                ir,
                op,
                format!(
                    "expected type of operand #{i} ({}) to match type of corresponding result ({})",
                    q(ctx, t),
                    q(ctx, r)
                ),
            ));
        }
    }
    Ok(())
}

/// MLIR's `getShapesToLoopsMap` as positions: for each loop, the flat
/// operand dimension that is exactly that loop (first one wins); `None`
/// when some loop appears in no such position.
fn shapes_to_loops(maps: &[AffineMap], loops: usize) -> Option<Vec<usize>> {
    super::loops_to_shapes_map(maps, loops).inverse_permutation()?.results.iter().map(AffineExpr::as_dim).collect()
}

/// `LinalgStructuredInterface`'s verifier.
fn verify_structured_interface(ir: &Ir, op: OpId, kind: OpKind, n_in: usize) -> VResult {
    let ctx = ir.ctx();
    let n = ir.num_operands(op);
    let types: Vec<Type> = ir.operand_types(op).to_vec();
    let any_memref = types.iter().any(|&t| ctx.is_memref(t));
    let any_tensor = types.iter().any(|&t| ctx.is_tensor(t));
    if n > 0 && any_memref == any_tensor {
        return Err(op_error(ir, op, "expected to have pure tensor or buffer semantics"));
    }
    let maps = super::indexing_maps(ir, op, kind, n_in)
        .ok_or_else(|| op_error(ir, op, "expected valid indexing maps for its operand types"))?;
    if maps.len() != n {
        return Err(op_error(
            ir,
            op,
            format!(
                "expected the number of indexing_map ({}) to be equal to the number of input/output operands ({n})",
                maps.len()
            ),
        ));
    }
    let its = iterators(ir, op, kind, n_in).ok_or_else(|| op_error(ir, op, "expected valid iterator types"))?;
    let loops = its.len();
    for (i, m) in maps.iter().enumerate() {
        if m.num_symbols != 0 {
            return Err(op_error(ir, op, format!("unexpected symbols in indexing_map #{i}")));
        }
        if m.num_dims != loops {
            return Err(op_error(
                ir,
                op,
                format!("expected indexing_map #{i} to have {loops} dim(s) to match the number of loops"),
            ));
        }
        let rank = operand_rank(ctx, types[i]);
        if m.num_results() != rank {
            return Err(op_error(
                ir,
                op,
                format!(
                    "expected operand rank ({rank}) to match the result rank of indexing_map #{i} ({})",
                    m.num_results()
                ),
            ));
        }
    }
    let Some(inverse) = shapes_to_loops(&maps, loops) else {
        return Err(op_error(ir, op, "expected the shape-to-loops map to be non-null"));
    };
    let flat: Vec<i64> = types.iter().flat_map(|&t| operand_shape(ctx, t).iter().copied()).collect();
    let ranges: Vec<i64> = inverse.iter().map(|&f| flat.get(f).copied().unwrap_or(DYNAMIC)).collect();
    if ranges.iter().all(|&r| r != DYNAMIC) {
        let start = vec![0i64; loops];
        let end: Vec<i64> = ranges.iter().map(|r| r - 1).collect();
        for (i, m) in maps.iter().enumerate() {
            let shape = operand_shape(ctx, types[i]);
            let (Some(lo), Some(hi)) = (m.evaluate_constant(&start, &[]), m.evaluate_constant(&end, &[])) else {
                continue;
            };
            for (d, &size) in shape.iter().enumerate() {
                if size == DYNAMIC || size == 0 {
                    continue;
                }
                let (a, b) = (lo[d], hi[d]);
                let inferred = a.max(b) + 1;
                if a.min(b) < 0 {
                    return Err(op_error(
                        ir,
                        op,
                        format!("unexpected result less than 0 at expression #{d} in {}", map_text(m)),
                    ));
                }
                let is_dim = m.result(d).is_some_and(|e| e.as_dim().is_some());
                if is_dim && inferred != size {
                    return Err(op_error(
                        ir,
                        op,
                        format!(
                            "inferred input/output operand #{i} has shape's dimension #{d} to be {inferred}, but found {size}"
                        ),
                    ));
                }
                if !is_dim && inferred > size {
                    return Err(op_error(
                        ir,
                        op,
                        format!(
                            "inferred input/output operand #{i} has shape's dimension #{d} to be greater than or equal to {inferred}, but found {size}"
                        ),
                    ));
                }
            }
        }
    }
    let regions = ir.regions(op);
    let block = match regions {
        [r] => ir.entry_block(*r).filter(|&b| ir.next_block(b).is_none()),
        _ => None,
    };
    let Some(block) = block else {
        return Err(op_error(ir, op, "expects to have 1 region with 1 block"));
    };
    let matched = if matches!(kind, OpKind::Map) { n_in } else { n };
    let args = ir.block_args(block);
    if args.len() != matched {
        return Err(op_error(
            ir,
            op,
            "expected as many non-induction variable region arguments as the number of input/output operands",
        ));
    }
    for (i, &a) in args.iter().enumerate() {
        let want = elem_or_self(ctx, types[i]);
        let got = ir.value_type(a);
        if want != got {
            return Err(op_error(
                ir,
                op,
                format!(
                    "expected type of bb argument #{i} ({}) to match element or self type of the corresponding operand ({})",
                    ty_text(ctx, got),
                    ty_text(ctx, want)
                ),
            ));
        }
    }
    Ok(())
}

/// A type as MLIR streams it into a diagnostic (quoted).
fn ty_text(ctx: &Context, t: Type) -> String {
    q(ctx, t)
}

fn map_text(m: &AffineMap) -> String {
    m.to_string()
}

/// The contraction interface (`matmul` and friends) and the fill
/// interface (`fill`), with their `emitError` wording.
fn verify_named_interfaces(ir: &Ir, op: OpId, def: &named::NamedDef, n_in: usize) -> VResult {
    let n_out = ir.num_operands(op) - n_in;
    if super::FillOp::matches(ir, op) {
        if n_in != 1 || n_out != 1 {
            return Err(plain(ir, op, "expected op with 1 input and 1 output"));
        }
        // `isScalar`: neither a tensor nor a memref (a vector value is a scalar).
        let is_buffer_or_tensor = |v| ir.ctx().is_tensor(ir.value_type(v)) || ir.ctx().is_memref(ir.value_type(v));
        if super::FillOp(op).inputs(ir).get(0).is_some_and(is_buffer_or_tensor) {
            return Err(plain(ir, op, "expected op with scalar input"));
        }
        return Ok(());
    }
    if def.is_convolution() {
        return verify_convolution_interface(ir, op, n_in, n_out);
    }
    if !def.is_contraction() {
        return Ok(());
    }
    if n_in != 2 || n_out != 1 {
        return Err(plain(ir, op, "expected op with 2 inputs and 1 output"));
    }
    let Some(info) = super::structured_info(ir, op) else { return Ok(()) };
    if !info.iterators.contains(&IteratorKind::Reduction) {
        return Err(plain(ir, op, "expected at least 1 reduction"));
    }
    if info.indexing_maps.iter().any(|m| !m.is_projected_permutation()) {
        return Err(plain(ir, op, "expected indexing maps to be projected permutations"));
    }
    if !is_contraction_body(ir, op) {
        return Err(plain(ir, op, "expected add/mul op in the body"));
    }
    Ok(())
}

/// The dims an input map of a convolution uses: those it uses alone
/// (`unconvolved`) and those it uses in a sum (`convolved`), upstream's
/// `ConvAccessExprWalker`; `None` when a result has another form or a dim
/// is used twice.
fn conv_input_dims(map: &AffineMap, size: usize) -> Option<(Vec<bool>, Vec<bool>)> {
    let mut unconvolved = vec![false; size];
    let mut convolved = vec![false; size];
    let seen = |d: usize, u: &[bool], c: &[bool]| d >= size || u[d] || c[d];
    for e in &map.results {
        if let Some(d) = e.as_dim() {
            if seen(d, &unconvolved, &convolved) {
                return None;
            }
            unconvolved[d] = true;
            continue;
        }
        let b = e.as_binary()?;
        if b.op() != ir::affine::AffineBinaryOp::Add {
            return None;
        }
        for side in [b.lhs(), b.rhs()] {
            // `d` or `d * factor` with a symbol or constant factor.
            let d = match side.as_dim() {
                Some(d) => d,
                None => {
                    let m = side.as_binary().filter(|m| m.op() == ir::affine::AffineBinaryOp::Mul)?;
                    let factor = |x: &AffineExpr| x.as_symbol().is_some() || x.as_constant().is_some();
                    match (m.lhs().as_dim(), m.rhs().as_dim()) {
                        (Some(d), _) if factor(m.rhs()) => d,
                        (_, Some(d)) if factor(m.lhs()) => d,
                        _ => return None,
                    }
                }
            };
            if seen(d, &unconvolved, &convolved) {
                return None;
            }
            convolved[d] = true;
        }
    }
    Some((unconvolved, convolved))
}

/// The convolution interface's verifier (`conv_*`, `depthwise_conv_*`,
/// `pooling_*`), upstream's `isConvolutionInterfaceImpl` and its messages.
fn verify_convolution_interface(ir: &Ir, op: OpId, n_in: usize, n_out: usize) -> VResult {
    if n_in < 2 || n_out != 1 {
        return Err(plain(ir, op, "expected op with 2 inputs and 1 output"));
    }
    let Some(info) = super::structured_info(ir, op) else { return Ok(()) };
    let maps = &info.indexing_maps;
    let its = &info.iterators;
    let loops = its.len();
    let (Some(input), Some(filter), Some(output)) = (maps.first(), maps.get(1), maps.last()) else { return Ok(()) };
    // The maps may name more dims than there are loops (memoized maps in
    // generic form); the verifier of the structured interface rejects
    // that later, as upstream does.
    let size = maps.iter().map(|m| m.num_dims).max().unwrap_or(0).max(loops);
    let Some((unconv, conv)) = conv_input_dims(input, size) else {
        return Err(plain(ir, op, "unexpected input index map for convolutions"));
    };
    if !filter.is_projected_permutation() || !output.is_projected_permutation() {
        return Err(plain(ir, op, "expected output/filter indexing maps to be projected permutations"));
    }
    let dims_of = |m: &AffineMap| {
        let mut v = vec![false; size];
        for e in &m.results {
            if let Some(d) = e.as_dim().filter(|&d| d < size) {
                v[d] = true;
            }
        }
        v
    };
    let (out_dims, filter_dims) = (dims_of(output), dims_of(filter));
    let non_conv = || plain(ir, op, "unexpected loop dimension for convolution op");
    let mut all = vec![false; size];
    let is = |d: usize, kind: IteratorKind| its.get(d) == Some(&kind);
    for d in output.results.iter().filter_map(AffineExpr::as_dim).filter(|&d| d < size) {
        // Batch or output image (in the input, not in the filter), output
        // channel (in the filter, not in the input) or depth multiplier
        // (in the filter and unconvolved in the input).
        let known = if filter_dims[d] { unconv[d] || !conv[d] } else { unconv[d] || conv[d] };
        if !known {
            return Err(non_conv());
        }
        if !is(d, IteratorKind::Parallel) {
            return Err(plain(ir, op, "expected all iterators used to access outputs to be parallel"));
        }
        all[d] = true;
    }
    for d in filter.results.iter().filter_map(AffineExpr::as_dim).filter(|&d| d < size) {
        if out_dims[d] && !unconv[d] && !conv[d] {
            continue;
        }
        if (conv[d] || unconv[d]) && !out_dims[d] {
            if !is(d, IteratorKind::Reduction) {
                return Err(plain(ir, op, "expected all iterators not used to access outputs to be reduction"));
            }
            if all[d] {
                return Err(non_conv());
            }
            all[d] = true;
            continue;
        }
        if unconv[d] && out_dims[d] {
            continue;
        }
        return Err(non_conv());
    }
    if all.iter().filter(|&&x| x).count() != loops {
        return Err(non_conv());
    }
    Ok(())
}

/// MLIR's `isContractionBody`: the yielded value is an add of the output
/// argument and a mul of the two input arguments, each possibly behind
/// single-operand casts.
fn is_contraction_body(ir: &Ir, op: OpId) -> bool {
    let Some(b) = ir.regions(op).first().and_then(|&r| ir.entry_block(r)) else { return false };
    let args = ir.block_args(b);
    if args.len() != 3 {
        return false;
    }
    let Some(y) = ir.terminator(b) else { return false };
    if ir.num_operands(y) != 1 {
        return false;
    }
    // Strips unary ops (casts) down to a value.
    let strip = |mut v: ir::ValueId| {
        while let Some(d) = ir.defining_op(v) {
            if ir.num_operands(d) != 1 {
                break;
            }
            v = ir.operand(d, 0);
        }
        v
    };
    let binary = |v: ir::ValueId, names: &[&str]| {
        let d = ir.defining_op(v)?;
        (names.contains(&ir.op_name_str(d)) && ir.num_operands(d) == 2).then(|| (ir.operand(d, 0), ir.operand(d, 1)))
    };
    let adds = ["arith.addf", "arith.addi", "arith.ori", "complex.add"];
    let muls = ["arith.mulf", "arith.muli", "arith.andi", "complex.mul"];
    let Some((l, r)) = binary(strip(ir.operand(y, 0)), &adds) else { return false };
    let (l, r) = (strip(l), strip(r));
    let mul = if l == args[2] {
        r
    } else if r == args[2] {
        l
    } else {
        return false;
    };
    let Some((a, bb)) = binary(mul, &muls) else { return false };
    let (a, bb) = (strip(a), strip(bb));
    (a == args[0] && bb == args[1]) || (a == args[1] && bb == args[0])
}

/// The `verify()` of `map`, `reduce`, `transpose` and `broadcast`.
fn verify_op_specific(ir: &Ir, op: OpId, kind: OpKind, n_in: usize) -> VResult {
    let ctx = ir.ctx();
    let types: Vec<Type> = ir.operand_types(op).to_vec();
    let shape = |t: Type| ctx.shape(t).unwrap_or(&[]);
    let elem = |t: Type| ctx.element_type(t).unwrap_or(t);
    let fmt_shape = |s: &[i64]| s.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
    let block = ir.regions(op).first().and_then(|&r| ir.entry_block(r));
    match kind {
        OpKind::Map => {
            let Some(b) = block else { return Ok(()) };
            let args = ir.block_args(b);
            if n_in != args.len() {
                return Err(op_error(
                    ir,
                    op,
                    format!(
                        "expects number of operands to match the arity of mapper, but got: {n_in} and {}",
                        args.len()
                    ),
                ));
            }
            for (&a, &t) in args.iter().zip(&types) {
                if ir.value_type(a) != elem(t) {
                    return Err(op_error(
                        ir,
                        op,
                        format!(
                            "expected element type of input {} to match bbArg type {}",
                            ty_text(ctx, elem(t)),
                            ty_text(ctx, ir.value_type(a))
                        ),
                    ));
                }
            }
            let out = shape(types[n_in]);
            for &t in &types[..n_in] {
                if shape(t) != out {
                    return Err(op_error(
                        ir,
                        op,
                        format!(
                            "expected shape of input ({}) to match shape of output ({})",
                            fmt_shape(shape(t)),
                            fmt_shape(out)
                        ),
                    ));
                }
            }
        }
        OpKind::Reduce => {
            if n_in == 0 {
                return Err(op_error(ir, op, "expects at least one input and one init"));
            }
            for i in 1..n_in {
                if shape(types[i]) != shape(types[0]) {
                    return Err(op_error(
                        ir,
                        op,
                        format!(
                            "expects all inputs to have the same shapes. Shape at input-index {i} is not equal to the shape at input-index 0."
                        ),
                    ));
                }
            }
            for i in 1..types.len() - n_in {
                if shape(types[n_in + i]) != shape(types[n_in]) {
                    return Err(op_error(
                        ir,
                        op,
                        format!(
                            "expects all outputs to have the same shapes. Shape at output-index {i} is not equal to the shape at output-index 0."
                        ),
                    ));
                }
            }
            let input = shape(types[0]);
            let init = shape(types[n_in]);
            let dims = super::ReduceOp(op).dimensions(ir);
            for &d in &dims {
                if d < 0 || d >= input.len() as i64 {
                    return Err(op_error(
                        ir,
                        op,
                        format!("dimensions for reduction should be in the range [0, {}].", input.len() as i64 - 1),
                    ));
                }
            }
            let kept: Vec<i64> =
                input.iter().enumerate().filter(|(i, _)| !dims.contains(&(*i as i64))).map(|(_, &d)| d).collect();
            if kept.len() != init.len() {
                return Err(op_error(
                    ir,
                    op,
                    format!(
                        "number of dimensions after reduction {} doesn't match the init rank {}",
                        kept.len(),
                        init.len()
                    ),
                ));
            }
            if kept != init {
                return Err(op_error(
                    ir,
                    op,
                    format!(
                        "init dimensions [{}] doesn't match input dimensions after reduction [{}]",
                        fmt_shape(init),
                        fmt_shape(&kept)
                    ),
                ));
            }
            let Some(b) = block else { return Ok(()) };
            let args = ir.block_args(b);
            if args.len() != types.len() {
                return Err(op_error(ir, op, "mismatching number of operands and block arguments"));
            }
            for (&t, &a) in types[..n_in].iter().zip(args) {
                if elem(t) != ir.value_type(a) {
                    return Err(op_error(
                        ir,
                        op,
                        format!(
                            "input element type {} does not match corresponding block argument type {}",
                            ty_text(ctx, elem(t)),
                            ty_text(ctx, ir.value_type(a))
                        ),
                    ));
                }
            }
            let n_out = types.len() - n_in;
            for (&t, &a) in types[n_in..].iter().zip(&args[args.len() - n_out..]) {
                if elem(t) != ir.value_type(a) {
                    return Err(op_error(
                        ir,
                        op,
                        format!(
                            "output element type {} does not match corresponding block argument type {}",
                            ty_text(ctx, elem(t)),
                            ty_text(ctx, ir.value_type(a))
                        ),
                    ));
                }
            }
        }
        OpKind::Transpose => {
            let perm = super::TransposeOp(op).permutation(ir);
            let mut seen = vec![false; perm.len()];
            for &p in &perm {
                match usize::try_from(p).ok().filter(|&p| p < perm.len()) {
                    Some(p) if !seen[p] => seen[p] = true,
                    _ => return Err(op_error(ir, op, "permutation is not valid")),
                }
            }
            let (input, init) = (shape(types[0]), shape(types[1]));
            if input.len() != init.len() {
                return Err(op_error(
                    ir,
                    op,
                    format!("input rank {} does not match init rank {}", input.len(), init.len()),
                ));
            }
            if perm.len() != input.len() {
                return Err(op_error(
                    ir,
                    op,
                    format!("size of permutation {} does not match the argument rank {}", perm.len(), input.len()),
                ));
            }
            for (i, &p) in perm.iter().enumerate() {
                let (a, b) = (input[p as usize], init[i]);
                if a != b {
                    return Err(op_error(
                        ir,
                        op,
                        format!(
                            "dim(result, {i}) = {} doesn't match dim(input, permutation[{i}]) = {}",
                            dim_text(b),
                            dim_text(a)
                        ),
                    ));
                }
            }
        }
        OpKind::Broadcast => {
            let dims = super::BroadcastOp(op).dimensions(ir);
            let (input, init) = (shape(types[0]), shape(types[1]));
            if input.len() + dims.len() != init.len() {
                return Err(op_error(
                    ir,
                    op,
                    format!(
                        "input rank plus added dimensions does not match init rank. input rank: {}, dimensions size: {}, init rank: {}",
                        input.len(),
                        dims.len(),
                        init.len()
                    ),
                ));
            }
            for (i, &d) in dims.iter().enumerate() {
                if d < 0 || d >= init.len() as i64 {
                    return Err(op_error(
                        ir,
                        op,
                        format!(
                            "dimension {i} is out of range. expected range: [0, {}], got: {d}",
                            init.len() as i64 - 1
                        ),
                    ));
                }
            }
            let kept: Vec<usize> = (0..init.len()).filter(|&d| !dims.contains(&(d as i64))).collect();
            for (i, &d) in kept.iter().enumerate() {
                let Some(&input_dim) = input.get(i) else { break };
                if input_dim != init[d] {
                    return Err(op_error(
                        ir,
                        op,
                        format!(
                            "input dim {i} should match init dim {d}. input: {}, init: {}",
                            dim_text(input_dim),
                            dim_text(init[d])
                        ),
                    ));
                }
            }
        }
        OpKind::Generic | OpKind::Named(_) => {}
    }
    Ok(())
}

/// A dimension as MLIR streams an `int64_t` (dynamic sizes are `kDynamic`).
fn dim_text(d: i64) -> String {
    d.to_string()
}

/// MLIR verifies the ops of the body before the region invariants that
/// follow (terminator, destination style, structured interface), so an
/// invalid body op reports first: run the body ops' own verifiers here.
fn verify_body_ops_first(ir: &Ir, op: OpId) -> VResult {
    for &r in ir.regions(op) {
        for b in ir.region_blocks(r) {
            for o in ir.block_ops(b) {
                if let Some(v) = ir.op_info(o).and_then(|i| i.verify) {
                    v(ir, o).map_err(|d| d.with_op(o))?;
                }
            }
        }
    }
    Ok(())
}

/// The `SingleBlock` trait.
fn verify_single_block(ir: &Ir, op: OpId) -> VResult {
    for (i, &r) in ir.regions(op).iter().enumerate() {
        let Some(b) = ir.entry_block(r) else { continue };
        if ir.next_block(b).is_some() {
            return Err(op_error(ir, op, format!("expects region #{i} to have 0 or 1 blocks")));
        }
        if ir.block_is_empty(b) {
            return Err(op_error(ir, op, "expects a non-empty block"));
        }
    }
    Ok(())
}

/// `SingleBlockImplicitTerminator<"linalg.yield">`.
fn verify_terminator(ir: &Ir, op: OpId) -> VResult {
    for &r in ir.regions(op) {
        let Some(b) = ir.entry_block(r) else { continue };
        let Some(last) = ir.last_op(b) else { continue };
        if super::YieldOp::matches(ir, last) || !ir.has_trait(last, ir::OpTraits::TERMINATOR) {
            continue;
        }
        return Err(op_error(
            ir,
            op,
            format!("expects regions to end with 'linalg.yield', found '{}'", ir.op_name_str(last)),
        )
        .with_note(ir.op_loc(op), "in custom textual format, the absence of terminator implies 'linalg.yield'"));
    }
    Ok(())
}

/// The verifier of every structured op. MLIR runs the ODS constraints,
/// the fill interface and the op's own `verify()` on entry, and the
/// terminator, destination-style, structured and contraction checks as
/// region invariants (after the nested ops). bufopt runs them all on entry,
/// in that order, running the body ops' verifiers just before the region
/// invariants so that their errors come first as upstream.
pub fn verify_structured(ir: &Ir, op: OpId) -> VResult {
    let Some(kind) = op_kind(ir.op_name_str(op)) else { return Ok(()) };
    verify_operand_count(ir, op, kind)?;
    verify_single_block(ir, op)?;
    verify_ods(ir, op, kind)?;
    let Some((n_in, _)) = io_split(ir, op, kind) else { return Ok(()) };
    // The fill and convolution interfaces verify on entry, the contraction
    // interface with the regions (upstream's `verifyWithRegions`).
    let on_entry = |def: &named::NamedDef| super::FillOp::matches(ir, op) || def.is_convolution();
    if let OpKind::Named(def) = kind {
        if on_entry(def) {
            verify_named_interfaces(ir, op, def, n_in)?;
        }
    }
    verify_op_specific(ir, op, kind, n_in)?;
    verify_body_ops_first(ir, op)?;
    verify_terminator(ir, op)?;
    verify_dps(ir, op, n_in)?;
    verify_structured_interface(ir, op, kind, n_in)?;
    if let OpKind::Named(def) = kind {
        if !on_entry(def) {
            verify_named_interfaces(ir, op, def, n_in)?;
        }
    }
    Ok(())
}

/// `linalg.yield`.
pub fn verify_yield(ir: &Ir, op: OpId) -> VResult {
    let ctx = ir.ctx();
    let Some(parent) = ir.parent_op(op) else {
        return Err(op_error(ir, op, "expected parent op with LinalgOp interface"));
    };
    let regions = ir.regions(parent);
    if regions.len() != 1 || ir.region_is_empty(regions[0]) {
        return Err(op_error(ir, op, "expected single non-empty parent region"));
    }
    let Some(kind) = op_kind(ir.op_name_str(parent)) else {
        return Err(op_error(ir, op, "expected parent op with LinalgOp interface"));
    };
    let Some((n_in, n_out)) = io_split(ir, parent, kind) else { return Ok(()) };
    if ir.num_operands(op) != n_out {
        return Err(op_error(
            ir,
            op,
            format!(
                "expected number of yield values ({}) to match the number of inits / outs operands of the enclosing LinalgOp ({n_out})",
                ir.num_operands(op)
            ),
        ));
    }
    for (i, v) in ir.operands(op).enumerate() {
        let want = elem_or_self(ctx, ir.value_type(ir.operand(parent, n_in + i)));
        let got = ir.value_type(v);
        if want != got {
            return Err(op_error(
                ir,
                op,
                format!(
                    "type of yield operand {} ({}) doesn't match the element type of the enclosing linalg.generic op ({})",
                    i + 1,
                    ty_text(ctx, got),
                    ty_text(ctx, want)
                ),
            ));
        }
    }
    Ok(())
}

/// `linalg.index`.
pub fn verify_index(ir: &Ir, op: OpId) -> VResult {
    let ctx = ir.ctx();
    crate::tensor::check_num_operands(ir, op, 0)?;
    crate::tensor::check_num_results(ir, op, 1)?;
    let Some(a) = super::IndexOp(op).dim_attr(ir) else { return Err(op_error(ir, op, "requires attribute 'dim'")) };
    let dim = match ctx.attr_kind(a) {
        AttrKind::Integer { ty, .. } if *ty == ctx.int_ty(64) => ctx.int_value(a).unwrap_or(-1),
        _ => -1,
    };
    if dim < 0 {
        return Err(op_error(
            ir,
            op,
            "attribute 'dim' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0",
        ));
    }
    crate::tensor::check_results(ir, op, 0..1, |c, t| c.is_index(t), "index")?;
    let parent = ir.parent_op(op);
    let Some((parent, kind)) = parent.and_then(|p| op_kind(ir.op_name_str(p)).map(|k| (p, k))) else {
        return Err(op_error(ir, op, "expected parent op with LinalgOp interface"));
    };
    let Some((n_in, _)) = io_split(ir, parent, kind) else { return Ok(()) };
    let Some(its) = iterators(ir, parent, kind, n_in) else { return Ok(()) };
    if its.len() as i128 <= dim {
        return Err(op_error(
            ir,
            op,
            format!(
                "expected dim ({dim}) to be lower than the number of loops ({}) of the enclosing LinalgOp",
                its.len()
            ),
        ));
    }
    Ok(())
}

/// `linalg.softmax`: shaped operands, ranked tensor results, a required
/// `dimension`, the same element type in and out, compatible shapes and a
/// dimension within the input's rank (upstream's ODS checks, then
/// `SoftmaxOp::verify`).
pub fn verify_softmax(ir: &Ir, op: OpId) -> VResult {
    let ctx = ir.ctx();
    crate::tensor::check_num_operands(ir, op, 2)?;
    let Some(a) = super::SoftmaxOp(op).dimension_attr(ir) else {
        return Err(op_error(ir, op, "requires attribute 'dimension'"));
    };
    let dimension = match ctx.attr_kind(a) {
        AttrKind::Integer { ty, .. } if *ty == ctx.int_ty(64) => ctx.int_value(a).unwrap_or(0),
        _ => {
            return Err(op_error(
                ir,
                op,
                "attribute 'dimension' failed to satisfy constraint: 64-bit signless integer attribute",
            ))
        }
    };
    let shaped = |c: &ir::Context, t: ir::Type| {
        c.shape(t).is_some()
            || matches!(c.kind(t), ir::TypeKind::UnrankedTensor { .. } | ir::TypeKind::UnrankedMemRef { .. })
    };
    crate::tensor::check_operands(ir, op, 0..2, shaped, "shaped of any type values")?;
    let n = ir.num_results(op);
    crate::tensor::check_results(
        ir,
        op,
        0..n,
        |c, t| matches!(c.kind(t), ir::TypeKind::Tensor { .. }),
        "variadic of ranked tensor of any type values",
    )?;
    let (input, output) = (ir.value_type(ir.operand(op, 0)), ir.value_type(ir.operand(op, 1)));
    if ctx.element_type(input) != ctx.element_type(output) {
        return Err(op_error(ir, op, "failed to verify that input and output have same element type"));
    }
    let (Some(ishape), Some(oshape)) = (ctx.shape(input), ctx.shape(output)) else { return Ok(()) };
    let compatible = ishape.len() == oshape.len()
        && ishape.iter().zip(oshape).all(|(&a, &b)| a == DYNAMIC || b == DYNAMIC || a == b);
    if !compatible {
        return Err(op_error(ir, op, "incompatible output shape"));
    }
    if dimension < 0 || dimension >= ishape.len() as i128 {
        return Err(op_error(ir, op, "incorrect dimension specified"));
    }
    Ok(())
}
