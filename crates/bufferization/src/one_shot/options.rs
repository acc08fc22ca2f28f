//! The options of One-Shot Bufferize: upstream's `BufferizationOptions` and
//! `OneShotBufferizationOptions` in one struct, the op filter, and the
//! layout and memory-space policies.
//!
//! *Deviation:* upstream splits the analysis options into a subclass; here
//! they are fields of [`BufferizationOptions`] (one options type for every
//! state and pass). Hooks that upstream stores as `std::function`
//! (allocation, copy, type converters, default memory space) are `Arc`'d
//! closures so a library user can replace them.

use ir::{Attribute, Ir, Location, OpId, Type, ValueId};
use std::sync::Arc;

/// How tensors at boundaries get a layout (`function-boundary-type-conversion`,
/// `unknown-type-conversion`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum LayoutMapOption {
    /// Infer the layout from the body (function results only).
    #[default]
    InferLayoutMap,
    /// Static identity layout.
    IdentityLayoutMap,
    /// `strided<[?, ...], offset: ?>`.
    FullyDynamicLayoutMap,
}

impl LayoutMapOption {
    /// Parses the pass-option spelling.
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "infer-layout-map" => Some(Self::InferLayoutMap),
            "identity-layout-map" => Some(Self::IdentityLayoutMap),
            "fully-dynamic-layout-map" => Some(Self::FullyDynamicLayoutMap),
            _ => None,
        }
    }
}

/// The order in which the analysis decides operands (`analysis-heuristic`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum AnalysisHeuristic {
    /// Last op first.
    #[default]
    BottomUp,
    /// First op first.
    TopDown,
    /// Operands reachable from terminators first, then bottom-up.
    BottomUpFromTerminators,
    /// A shuffled order (`analysis-fuzzer-seed`).
    Fuzzer,
}

impl AnalysisHeuristic {
    /// Parses the pass-option spelling.
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "bottom-up" => Some(Self::BottomUp),
            "top-down" => Some(Self::TopDown),
            "bottom-up-from-terminators" => Some(Self::BottomUpFromTerminators),
            "fuzzer" => Some(Self::Fuzzer),
            _ => None,
        }
    }
}

/// A predicate on ops.
pub type OpPredicate = Arc<dyn Fn(&Ir, OpId) -> bool + Send + Sync>;

/// A filter entry: a predicate on ops that allows or denies them.
#[derive(Clone)]
pub enum FilterEntry {
    /// Allow matching ops.
    Allow(OpPredicate),
    /// Deny matching ops.
    Deny(OpPredicate),
}

/// Which ops bufferize (upstream's `OpFilter`): with no allow rule every op
/// is allowed unless denied; with allow rules an op must match one and no
/// deny rule.
#[derive(Clone, Default)]
pub struct OpFilter {
    entries: Vec<FilterEntry>,
}

impl OpFilter {
    /// Allows the ops of dialect `name`.
    pub fn allow_dialect(&mut self, name: &str) {
        let prefix = format!("{name}.");
        self.entries.push(FilterEntry::Allow(Arc::new(move |ir, op| ir.op_name_str(op).starts_with(&prefix))));
    }
    /// Denies the ops of dialect `name`.
    pub fn deny_dialect(&mut self, name: &str) {
        let prefix = format!("{name}.");
        self.entries.push(FilterEntry::Deny(Arc::new(move |ir, op| ir.op_name_str(op).starts_with(&prefix))));
    }
    /// Allows op `name`.
    pub fn allow_operation(&mut self, name: &str) {
        let name = name.to_string();
        self.entries.push(FilterEntry::Allow(Arc::new(move |ir, op| ir.op_name_str(op) == name)));
    }
    /// Denies op `name`.
    pub fn deny_operation(&mut self, name: &str) {
        let name = name.to_string();
        self.entries.push(FilterEntry::Deny(Arc::new(move |ir, op| ir.op_name_str(op) == name)));
    }
    /// Adds a rule.
    pub fn push(&mut self, e: FilterEntry) {
        self.entries.push(e);
    }
    /// True when some rule allows.
    pub fn has_allow_rule(&self) -> bool {
        self.entries.iter().any(|e| matches!(e, FilterEntry::Allow(_)))
    }
    /// Upstream's `isOpAllowed`.
    pub fn is_op_allowed(&self, ir: &Ir, op: OpId) -> bool {
        let mut allowed = !self.has_allow_rule();
        for e in &self.entries {
            match e {
                FilterEntry::Allow(f) => {
                    if f(ir, op) {
                        allowed = true;
                    }
                }
                FilterEntry::Deny(f) => {
                    if f(ir, op) {
                        return false;
                    }
                }
            }
        }
        allowed
    }
}

/// Builds an allocation: `(builder, loc, memref type, dynamic sizes,
/// alignment)`.
pub type AllocationFn =
    Arc<dyn Fn(&mut dyn ir::op_decl::OpBuilder, Location, Type, &[ValueId], u64) -> Option<ValueId> + Send + Sync>;
/// Builds a copy `(builder, loc, from, to)`.
pub type MemCpyFn = Arc<dyn Fn(&mut dyn ir::op_decl::OpBuilder, Location, ValueId, ValueId) -> bool + Send + Sync>;
/// The memory space of a new buffer for a tensor type: `None` when it cannot
/// be inferred, `Some(None)` for the default space.
pub type DefaultMemorySpaceFn = Arc<dyn Fn(&Ir, Type) -> Option<Option<Attribute>> + Send + Sync>;

/// Every option of One-Shot Bufferize.
#[derive(Clone)]
pub struct BufferizationOptions {
    /// Which ops bufferize (`dialect-filter` adds allow rules).
    pub op_filter: OpFilter,
    /// Ops that are not bufferizable are kept, with `to_memref`/`to_tensor`
    /// around them.
    pub allow_unknown_ops: bool,
    /// Bufferize function signatures, calls and returns.
    pub bufferize_function_boundaries: bool,
    /// Reject in-place writes in parallel regions to buffers defined
    /// outside them.
    pub check_parallel_regions: bool,
    /// Insert copies so that yielded values are equivalent to the loop's
    /// block arguments (`allow-return-allocs-from-loops` turns it off).
    pub enforce_aliasing_invariants: bool,
    /// Layout of function argument types (`function-boundary-type-conversion`).
    pub function_boundary_type_conversion: LayoutMapOption,
    /// Infer function result layouts from the body.
    pub infer_function_result_layout: bool,
    /// Layout of buffers whose layout is unknown (`unknown-type-conversion`).
    pub unknown_type_conversion: LayoutMapOption,
    /// Skip the analysis; copy before every write.
    pub copy_before_write: bool,
    /// Annotate the analysis result instead of bufferizing.
    pub test_analysis_only: bool,
    /// With `test_analysis_only`: mark the conflicts.
    pub print_conflicts: bool,
    /// Alignment of new buffers (0: none).
    pub buffer_alignment: u64,
    /// The analysis order.
    pub analysis_heuristic: AnalysisHeuristic,
    /// The seed of the `fuzzer` heuristic.
    pub analysis_fuzzer_seed: u32,
    /// With `test_analysis_only`: annotate alias sets.
    pub dump_alias_sets: bool,
    /// Functions whose bodies are bufferized without analysis (copy before
    /// write).
    pub no_analysis_func_filter: Vec<String>,
    /// Allow loops to yield buffers that are not equivalent to their
    /// iteration arguments.
    pub allow_return_allocs_from_loops: bool,
    /// Fail when a memory space cannot be inferred (no default).
    pub must_infer_memory_space: bool,
    /// Take the memory space of a tensor from its encoding.
    pub use_encoding_for_memory_space: bool,
    /// The default memory space (when neither of the two above applies).
    pub default_memory_space: Option<Attribute>,
    /// Replaces `memref.alloc` as the allocation builder.
    pub allocation_fn: Option<AllocationFn>,
    /// Replaces `memref.copy` as the copy builder.
    pub memcpy_fn: Option<MemCpyFn>,
    /// Replaces the default memory-space policy.
    pub default_memory_space_fn: Option<DefaultMemorySpaceFn>,
}

impl Default for BufferizationOptions {
    fn default() -> Self {
        BufferizationOptions {
            op_filter: OpFilter::default(),
            allow_unknown_ops: false,
            bufferize_function_boundaries: false,
            check_parallel_regions: true,
            enforce_aliasing_invariants: true,
            function_boundary_type_conversion: LayoutMapOption::InferLayoutMap,
            infer_function_result_layout: true,
            unknown_type_conversion: LayoutMapOption::FullyDynamicLayoutMap,
            copy_before_write: false,
            test_analysis_only: false,
            print_conflicts: false,
            buffer_alignment: 64,
            analysis_heuristic: AnalysisHeuristic::BottomUp,
            analysis_fuzzer_seed: 0,
            dump_alias_sets: false,
            no_analysis_func_filter: Vec::new(),
            allow_return_allocs_from_loops: false,
            must_infer_memory_space: false,
            use_encoding_for_memory_space: false,
            default_memory_space: None,
            allocation_fn: None,
            memcpy_fn: None,
            default_memory_space_fn: None,
        }
    }
}

impl BufferizationOptions {
    /// Upstream's `isOpAllowed`: `func` ops only with function-boundary
    /// bufferization, then the filter.
    pub fn is_op_allowed(&self, ir: &Ir, op: OpId) -> bool {
        if !self.bufferize_function_boundaries && ir.op_name_str(op).starts_with("func.") {
            return false;
        }
        self.op_filter.is_op_allowed(ir, op)
    }

    /// The memory space of a new buffer for tensor type `ty`: `None` when it
    /// cannot be inferred, `Some(None)` for no memory space.
    pub fn default_memory_space(&self, ir: &Ir, ty: Type) -> Option<Option<Attribute>> {
        if let Some(f) = &self.default_memory_space_fn {
            return f(ir, ty);
        }
        if self.use_encoding_for_memory_space {
            if let ir::TypeKind::Tensor { encoding: Some(enc), .. } = ir.ctx().kind(ty) {
                return Some(Some(*enc));
            }
        }
        if self.must_infer_memory_space {
            return None;
        }
        Some(self.default_memory_space)
    }

    /// Sets the function-boundary layout policy and whether result layouts
    /// are inferred (upstream's `setFunctionBoundaryTypeConversion`).
    pub fn set_function_boundary_type_conversion(&mut self, o: LayoutMapOption) {
        self.function_boundary_type_conversion = o;
        self.infer_function_result_layout = o == LayoutMapOption::InferLayoutMap;
    }
}
