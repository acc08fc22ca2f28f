//! Helpers for the crate's unit tests: parsing a module with every dialect
//! registered, and finding its ops by name.

use ir::{Ir, OpId};

/// Parses `src` (registered ops only, through the shared test kit, with
/// this crate's dialects); panics with the diagnostic on error.
pub(crate) fn parse(src: &str) -> (Ir, OpId) {
    let m = testkit::parse_in(crate::new_context(), src, false);
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
