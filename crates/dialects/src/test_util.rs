//! Helpers for the crate's unit tests: parsing a module with every dialect
//! registered, and finding its ops by name.

use ir::{Ir, OpId};
use std::sync::Arc;
use syntax::op_parser::{parse_source, ParseOptions};

/// Parses `src` (registered ops only); panics with the diagnostic on error.
pub(crate) fn parse(src: &str) -> (Ir, OpId) {
    let ctx = Arc::new(crate::new_context());
    let m = parse_source(&ctx, src, "test.mlir", ParseOptions::default()).unwrap_or_else(|d| panic!("{}", d.message));
    (m.ir, m.top)
}

/// Every op named `name` below `top`, in pre-order.
pub(crate) fn all(ir: &Ir, top: OpId, name: &str) -> Vec<OpId> {
    ir.pre_order(top).into_iter().filter(|&o| ir.is_op(o, name)).collect()
}

/// The first op named `name` below `top`; panics when there is none.
pub(crate) fn find(ir: &Ir, top: OpId, name: &str) -> OpId {
    all(ir, top, name).first().copied().unwrap_or_else(|| panic!("no {name}"))
}

/// The last op named `name` below `top`; panics when there is none.
pub(crate) fn find_last(ir: &Ir, top: OpId, name: &str) -> OpId {
    all(ir, top, name).last().copied().unwrap_or_else(|| panic!("no {name}"))
}
