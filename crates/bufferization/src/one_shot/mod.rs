//! One-Shot Bufferize: the bufferizable-op interface, the whole-function
//! in-place analysis, tensor copy insertion and the rewrite.
//!
//! * `interface`: [`BufferizableOp`], the alias vocabulary, [`AnalysisState`]
//!   and its queries, the interface defaults;
//! * `options`: [`BufferizationOptions`] and the op filter;
//! * `helpers`: what `bufferize` implementations call (buffers, buffer
//!   types, allocation, copies, replacing ops);
//! * `analysis`: One-Shot Analysis and its debug annotations;
//! * `driver`: the rewrite (tensor copy insertion, then `bufferize` of
//!   every op), `pass`: the passes;
//! * `models`: the models of the built-in dialects' ops.

pub mod analysis;
pub mod driver;
pub mod empty_tensor_elimination;
pub mod helpers;
pub mod interface;
pub mod models;
pub mod module;
pub mod options;
pub mod pass;
pub mod unstructured;

pub use interface::{
    AliasingOpOperand, AliasingOpOperandList, AliasingValue, AliasingValueList, AnalysisState, BaseState,
    BufferRelation, BufferizableOp, TraversalConfig,
};
pub use options::{AnalysisHeuristic, BufferizationOptions, LayoutMapOption, OpFilter};
