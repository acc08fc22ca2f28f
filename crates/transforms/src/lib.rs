//! Pass infrastructure and generic transformations: the pass manager,
//! textual pipelines, the greedy pattern driver, canonicalize, CSE and
//! symbol-dce, topological sorting.

pub mod canonicalize;
pub mod conversion;
pub mod cse;
pub mod equivalence;
pub mod greedy;
pub mod op_class;
pub mod pass;
pub mod pipeline_syntax;
pub mod region_simplify;
pub mod symbol_dce;
pub mod test_ir;
pub mod topo_sort;
pub mod transplant;
