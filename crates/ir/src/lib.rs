//! The IR core of bufopt: entities, the interning [`Context`], builtin
//! types and attributes, locations, the [`Ir`] arena with use-lists and
//! intrusive op order, walking, symbol tables, the op registry with its
//! interface map, and diagnostics.
//!
//! Nothing here knows about text; the `syntax` crate reads and prints.

pub mod affine;
pub mod arena;
pub mod attrs;
pub mod buffer_interfaces;
pub mod context;
pub mod diag;
pub mod dominance;
pub mod entity;
pub mod float;
pub mod interfaces;
pub mod intern;
pub mod location;
pub mod op_decl;
mod pool;
pub mod registry;
pub mod rewrite_api;
pub mod symbol;
pub mod types;
pub mod verifier;
pub mod walk;

pub use arena::{
    BlockId, InsertPoint, InvariantViolation, Ir, IrMapping, OpId, OpSpec, OperandId, RegionId, ValueDef, ValueId,
};
pub use attrs::{AttrKind, Attribute, DenseData, IntValue, NamedAttr};
pub use context::{Context, Str};
pub use diag::{DiagSink, Diagnostic, Severity};
pub use float::FloatKind;
pub use location::{LocKind, LocList, Location};
pub use registry::{
    DialectAttrVerifier, DialectInfo, FoldOutcome, OpFoldResult, OpInfo, OpTraits, Registry, RegistryError,
};
pub use symbol::SymbolTable;
pub use types::{Signedness, Type, TypeKind, DYNAMIC};
pub use walk::WalkResult;
