//! The `bufferization` dialect: `bufferization.alloc_tensor`, `clone`,
//! `to_memref`, `to_tensor`, `materialize_in_destination`, `dealloc` and
//! `dealloc_tensor`, each declared once with [`declare_op!`](crate::declare_op).
//!
//! Submodules, by concern:
//! - [`ops`]: the declarations (typed views, accessors, builders) and the
//!   dialect's registration;
//! - `verify`: the verifiers, with upstream's wording;
//! - `asm`: mlir-opt-19's custom syntax (`alloc_tensor`'s hand-written
//!   format, `dealloc`'s optional groups, the unit keywords of the
//!   conversions);
//! - [`fold`]: the folders (`to_tensor(to_memref(x))`,
//!   `to_memref(to_tensor(m))`, `clone(memref.cast)`);
//! - [`canon`]: the canonicalization patterns (the `dealloc`
//!   simplifications, `to_memref`/`to_tensor` interplay with `tensor.dim`,
//!   `memref.dim`, `memref.load` and casts, `SimplifyClones`);
//! - `interfaces`: memory effects, destination style, shape reification,
//!   subset insertion (`materialize_in_destination`) and allocation
//!   (`clone`);
//! - [`build`]: builders with logic beyond the generated ones (inferred
//!   result types).

mod asm;
pub mod build;
pub mod canon;
pub mod fold;
mod interfaces;
pub mod ops;
#[cfg(test)]
mod tests;
mod verify;

pub use build::{build_dealloc, build_to_tensor};
pub use ops::{
    register, AllocTensorOp, CloneOp, DeallocOp, DeallocTensorOp, MaterializeInDestinationOp, ToMemrefOp, ToTensorOp,
};
