//! The bufferization passes: One-Shot Bufferize, ownership-based buffer
//! deallocation with its simplification and lowering, and the older
//! (clone-based and dialect-conversion) passes upstream has removed.
//!
//! Passes live one module each and reach ops through the registry's
//! interfaces and `dialects`' typed views; [`register_passes`] adds them
//! all to a [`PassRegistry`], and the `bufopt` tool calls it.

pub mod dealloc_simplify;

use transforms::pass::PassRegistry;

/// Adds every bufferization pass and pipeline to `reg`.
pub fn register_passes(reg: &mut PassRegistry) {
    reg.add(dealloc_simplify::pass_info());
}
