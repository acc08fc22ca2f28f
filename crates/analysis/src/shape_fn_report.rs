//! `test-shape-function-report` (upstream's `TestShapeFunctions.cpp`): for
//! every op of every function of a module (shape function libraries
//! aside), a remark saying how its result shapes could be refined: it
//! infers its result types, a shape function library named by the
//! module's `shape.lib` attribute maps its op name to a shape function,
//! or its own `shape.function` attribute names one.
//!
//! The pass reads the libraries at the attribute level, as upstream's
//! `FunctionLibraryOp::getShapeFunction` does: the library's `mapping`
//! dictionary goes from op names to symbols of the library. Result type
//! inference (MLIR's `InferTypeOpInterface`, which ODS gives every op whose
//! result types follow from its traits) is recognised here by the
//! `SameOperandsAndResultType` trait, the one such trait bufopt records.

use crate::test_reports::{is_function, Report};
use ir::{Attribute, Diagnostic, Ir, OpId, OpTraits};

/// The remarks for module `module`.
pub fn report(ir: &Ir, module: OpId) -> Report {
    let mut r = Report::default();
    let ctx = ir.ctx();
    let libraries: Vec<OpId> = match ir.attr(module, "shape.lib") {
        None => Vec::new(),
        Some(a) => {
            let refs: Vec<Attribute> = match ctx.array_value(a) {
                Some(v) => v.to_vec(),
                None => vec![a],
            };
            refs.iter().filter_map(|&s| ir.resolve_symbol_ref(module, s)).collect()
        }
    };
    let name_of = |f: OpId| ir.attr(f, "sym_name").and_then(|a| ctx.str_value(a)).unwrap_or("").to_string();
    // Upstream's `remarkShapeFn` for one library: `None` when it has no
    // answer, `Some(None)` for a terminator (nothing to say).
    let answer = |lib: OpId, op: OpId| -> Option<Option<String>> {
        if ir.has_trait(op, OpTraits::TERMINATOR) {
            return Some(None);
        }
        if ir.has_trait(op, OpTraits::SAME_OPERANDS_AND_RESULT_TYPE) {
            return Some(Some("implements InferType op interface".into()));
        }
        let mapped = ir
            .attr(lib, "mapping")
            .and_then(|m| ctx.dict_get(m, ir.op_name_str(op)))
            .and_then(|sym| ctx.symbol_ref_root(sym))
            .and_then(|name| ir.lookup_symbol_in(lib, name));
        let named = || ir.attr(op, "shape.function").and_then(|s| ir.resolve_symbol_ref(module, s));
        let fun = mapped.or_else(named)?;
        Some(Some(format!("associated shape function: {}", name_of(fun))))
    };
    let funcs: Vec<OpId> = ir
        .post_order(module)
        .into_iter()
        .filter(|&f| f != module && is_function(ir, f) && !ir.parent_op(f).is_some_and(|p| libraries.contains(&p)))
        .collect();
    for f in funcs {
        for op in ir.post_order(f) {
            let text = match libraries.iter().find_map(|&lib| answer(lib, op)) {
                Some(t) => t,
                None => Some("no associated way to refine shape".to_string()),
            };
            if let Some(t) = text {
                r.diagnostics.push(Diagnostic::remark(ir.op_loc(op), t).with_op(op));
            }
        }
    }
    r
}
