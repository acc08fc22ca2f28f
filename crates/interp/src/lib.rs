//! The reference interpreter with a memory checker: runs a module's entry
//! function on a checked heap ([`heap`]), reports memory faults with the
//! locations of the faulting op, the allocation and the free, and collects
//! allocation statistics. Used by the `bufopt-run` tool to check that a
//! bufferized program computes what its tensor form computed.
//!
//! Pipeline: [`compile::compile`] turns the IR into pre-decoded
//! instructions over dense value slots once; [`exec::Machine`] executes
//! them; [`run`] ties both together with argument generation, leak checking
//! and result rendering.

pub mod cli;
pub mod compile;
pub mod complex;
pub mod exec;
pub mod heap;
pub mod inst;
pub mod run;
pub mod runner_utils;
pub mod value;

pub use run::{run, RunOptions, RunOutcome};
