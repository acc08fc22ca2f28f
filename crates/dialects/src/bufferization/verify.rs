//! The verifiers of the bufferization ops, with upstream's wording (ODS
//! operand/result constraints first, then the ops' own `verify`).

use super::canon::dealloc_ranges;
use super::ops::{AllocTensorOp, MaterializeInDestinationOp, ToMemrefOp, ToTensorOp};
use crate::layout::tensor_type_from_memref;
use crate::static_dynamic::{operand_segments, verify_operand_segments};
use crate::tensor::{is_index, is_tensor};
use crate::util::{check_num_operands, check_num_results, check_operands, check_results, op_error, plain_error};
use ir::{AttrKind, Context, Diagnostic, Ir, OpId, Type, DYNAMIC};

fn is_i1(ctx: &Context, t: Type) -> bool {
    t == ctx.i1_ty()
}

const MEMREF_DESC: &str = "ranked or unranked memref of any type values";

pub(super) fn verify_alloc_tensor(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_num_results(ir, op, 1)?;
    verify_operand_segments(ir, op, 3)?;
    let Some(segs) = operand_segments(ir, op, 3) else { return Ok(()) };
    if segs[1] > 1 || segs[2] > 1 {
        let (i, n) = if segs[1] > 1 { (1, segs[1]) } else { (2, segs[2]) };
        return Err(op_error(
            ir,
            op,
            format!(
                "operand group starting at #{} requires 0 or 1 element, but found {n}",
                segs[0] + if i == 2 { segs[1] } else { 0 }
            ),
        ));
    }
    let at = AllocTensorOp(op);
    check_operands(ir, op, at.dynamic_sizes_range(ir), is_index, "variadic of index")?;
    check_operands(ir, op, at.copy_range(ir), is_tensor, "tensor of any type values")?;
    check_operands(ir, op, at.size_hint_range(ir), is_index, "index")?;
    check_results(ir, op, 0..1, is_tensor, "tensor of any type values")?;
    let res = ir.value_type(at.result(ir));
    let copy = at.copy(ir);
    let has_copy = copy.is_some();
    let num_sizes = at.dynamic_sizes(ir).len();
    if has_copy && num_sizes != 0 {
        return Err(plain_error(ir, op, "dynamic sizes not needed when copying a tensor"));
    }
    let dynamic = ctx.shape(res).map(|s| s.iter().filter(|&&d| d == DYNAMIC).count()).unwrap_or(0);
    if !has_copy && dynamic != num_sizes {
        return Err(plain_error(ir, op, format!("expected {dynamic} dynamic sizes")));
    }
    if copy.is_some_and(|c| ir.value_type(c) != res) {
        return Err(plain_error(ir, op, "expected that `copy` and return type match"));
    }
    Ok(())
}

pub(super) fn verify_clone(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_operands(ir, op, 1)?;
    check_num_results(ir, op, 1)?;
    check_operands(ir, op, 0..1, Context::is_memref, MEMREF_DESC)?;
    check_results(ir, op, 0..1, Context::is_memref, MEMREF_DESC)
}

pub(super) fn verify_dealloc_tensor(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_operands(ir, op, 1)?;
    check_num_results(ir, op, 0)?;
    check_operands(ir, op, 0..1, is_tensor, "tensor of any type values")
}

fn verify_unit(ir: &Ir, op: OpId, names: &[&str]) -> Result<(), Diagnostic> {
    for n in names {
        if let Some(a) = ir.attr(op, n) {
            if !matches!(ir.ctx().attr_kind(a), AttrKind::Unit) {
                return Err(op_error(ir, op, format!("attribute '{n}' failed to satisfy constraint: unit attribute")));
            }
        }
    }
    Ok(())
}

pub(super) fn verify_to_tensor(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_num_operands(ir, op, 1)?;
    check_num_results(ir, op, 1)?;
    verify_unit(ir, op, &["restrict", "writable"])?;
    check_operands(ir, op, 0..1, Context::is_memref, MEMREF_DESC)?;
    check_results(ir, op, 0..1, is_tensor, "tensor of any type values")?;
    let tt = ToTensorOp(op);
    let (m, t) = (ir.value_type(tt.memref(ir)), ir.value_type(tt.result(ir)));
    if tensor_type_from_memref(ctx, m) != Some(t) {
        return Err(op_error(ir, op, "failed to verify that result type matches tensor equivalent of 'memref'"));
    }
    Ok(())
}

pub(super) fn verify_to_memref(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_num_operands(ir, op, 1)?;
    check_num_results(ir, op, 1)?;
    verify_unit(ir, op, &["read_only"])?;
    check_operands(ir, op, 0..1, is_tensor, "tensor of any type values")?;
    check_results(ir, op, 0..1, Context::is_memref, MEMREF_DESC)?;
    let tm = ToMemrefOp(op);
    let (t, m) = (ir.value_type(tm.tensor(ir)), ir.value_type(tm.memref(ir)));
    if tensor_type_from_memref(ctx, m) != Some(t) {
        return Err(op_error(ir, op, "failed to verify that type of 'tensor' is the tensor equivalent of 'memref'"));
    }
    Ok(())
}

pub(super) fn verify_materialize(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    check_num_operands(ir, op, 2)?;
    if ir.num_results(op) > 1 {
        return Err(op_error(ir, op, format!("requires zero or one result, but found {}", ir.num_results(op))));
    }
    verify_unit(ir, op, &["restrict", "writable"])?;
    check_operands(ir, op, 0..1, is_tensor, "tensor of any type values")?;
    check_operands(ir, op, 1..2, |c, t| c.is_shaped(t), "shaped of any type values")?;
    check_results(ir, op, 0..1, is_tensor, "tensor of any type values")?;
    let mat = MaterializeInDestinationOp(op);
    let (src, dest) = (ir.value_type(mat.source(ir)), ir.value_type(mat.dest(ir)));
    if ctx.element_type(src) != ctx.element_type(dest) {
        return Err(op_error(ir, op, "failed to verify that all of {source, dest} have same element type"));
    }
    let dest_is_memref = ctx.is_memref(dest);
    if !ctx.is_tensor(dest) && !dest_is_memref {
        return Err(op_error(ir, op, "'dest' must be a tensor or a memref"));
    }
    if ctx.is_tensor(dest) {
        if ir.num_results(op) != 1 {
            return Err(op_error(ir, op, "tensor 'dest' implies exactly one tensor result"));
        }
        if mat.result(ir).map(|r| ir.value_type(r)) != Some(dest) {
            return Err(op_error(ir, op, "result and 'dest' types must match"));
        }
    }
    if dest_is_memref && ir.num_results(op) != 0 {
        return Err(op_error(ir, op, "memref 'dest' implies zero results"));
    }
    if mat.restrict(ir) && !dest_is_memref {
        return Err(op_error(ir, op, "'restrict' is valid only for memref destinations"));
    }
    if mat.writable(ir) != dest_is_memref {
        return Err(op_error(ir, op, "'writable' must be specified if and only if the destination is of memref type"));
    }
    match (ctx.shape(src), ctx.shape(dest)) {
        (Some(s), Some(d)) => {
            if s.len() != d.len() {
                return Err(op_error(ir, op, "rank mismatch between source and destination shape"));
            }
            if s.iter().zip(d).any(|(&a, &b)| a != DYNAMIC && b != DYNAMIC && a != b) {
                return Err(op_error(ir, op, "source/destination shapes are incompatible"));
            }
        }
        (None, None) => {}
        _ => return Err(op_error(ir, op, "source/destination shapes are incompatible")),
    }
    Ok(())
}

pub(super) fn verify_dealloc(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    verify_operand_segments(ir, op, 3)?;
    let Some([memrefs, conds, retained]) = dealloc_ranges(ir, op) else { return Ok(()) };
    let (num_memrefs, num_conds, num_retained) = (memrefs.len(), conds.len(), retained.len());
    const VARIADIC_MEMREF: &str = "variadic of ranked or unranked memref of any type values";
    check_operands(ir, op, memrefs, Context::is_memref, VARIADIC_MEMREF)?;
    check_operands(ir, op, conds, is_i1, "variadic of 1-bit signless integer")?;
    check_operands(ir, op, retained, Context::is_memref, VARIADIC_MEMREF)?;
    check_results(ir, op, 0..ir.num_results(op), is_i1, "variadic of 1-bit signless integer")?;
    if num_memrefs != num_conds {
        return Err(op_error(ir, op, "must have the same number of conditions as memrefs to deallocate"));
    }
    if num_retained != ir.num_results(op) {
        return Err(op_error(ir, op, "must have the same number of updated conditions (results) as retained operands"));
    }
    Ok(())
}

/// The bufferization dialect's own attributes where other ops carry them
/// (upstream's `BufferizationDialect::verifyOperationAttribute` and
/// `verifyRegionArgAttribute`): `bufferization.manual_deallocation` on an
/// op that allocates or frees; `bufferization.writable`,
/// `bufferization.access` and `bufferization.buffer_layout` on function
/// arguments.
pub(super) struct BufferizationAttrs;

const WRITABLE: &str = "bufferization.writable";
const ACCESS: &str = "bufferization.access";
const BUFFER_LAYOUT: &str = "bufferization.buffer_layout";
const MANUAL_DEALLOCATION: &str = "bufferization.manual_deallocation";

impl ir::DialectAttrVerifier for BufferizationAttrs {
    fn verify_op_attr(&self, ir: &Ir, op: OpId, attr: ir::NamedAttr) -> Result<(), Diagnostic> {
        let name = ir.ctx().str(attr.name);
        if name == MANUAL_DEALLOCATION {
            use ir::interfaces::EffectKind;
            let effects = ir::interfaces::memory_effects(ir, op).unwrap_or_default();
            if !effects.iter().any(|e| matches!(e.kind, EffectKind::Allocate | EffectKind::Free)) {
                return Err(op_error(
                    ir,
                    op,
                    format!("attribute '{MANUAL_DEALLOCATION}' can be used only on ops that have an allocation and/or free side effect"),
                ));
            }
            return Ok(());
        }
        Err(plain_error(
            ir,
            op,
            format!("attribute '\"{name}\"' not supported as an op attribute by the bufferization dialect"),
        ))
    }

    fn verify_region_arg_attr(
        &self,
        ir: &Ir,
        op: OpId,
        _region: usize,
        _arg: usize,
        attr: ir::NamedAttr,
    ) -> Result<(), Diagnostic> {
        let ctx = ir.ctx();
        let err = |msg: String| Err(plain_error(ir, op, msg));
        let callable = ir::interfaces::callable(ir, op);
        let function_like = |name: &str| match callable {
            Some(_) => Ok(()),
            None => err(format!("expected '{name}' to be used on function-like operations")),
        };
        match ctx.str(attr.name) {
            WRITABLE => {
                if !matches!(ctx.attr_kind(attr.value), AttrKind::Bool(_)) {
                    return err(format!("'{WRITABLE}' is expected to be a boolean attribute"));
                }
                function_like(WRITABLE)?;
                let external = callable.and_then(|c| c.body(ir, op)).and_then(|r| ir.entry_block(r)).is_none();
                if external {
                    return err(format!("'{WRITABLE}' is invalid on external functions"));
                }
                Ok(())
            }
            ACCESS => {
                let Some(s) = ctx.str_value(attr.value) else {
                    return err(format!("'{ACCESS}' is expected to be a string attribute"));
                };
                if !matches!(s, "none" | "read" | "write" | "read-write") {
                    return err(format!("invalid value for '{ACCESS}'"));
                }
                function_like(ACCESS)
            }
            BUFFER_LAYOUT => {
                if !matches!(ctx.attr_kind(attr.value), AttrKind::AffineMap(_)) {
                    return err(format!("'{BUFFER_LAYOUT}' is expected to be a affine map attribute"));
                }
                function_like(BUFFER_LAYOUT)
            }
            // Upstream names the layout attribute here, whichever it met.
            _ => err(format!(
                "attribute '{BUFFER_LAYOUT}' not supported as a region arg attribute by the bufferization dialect"
            )),
        }
    }
}
