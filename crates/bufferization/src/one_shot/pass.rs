//! The One-Shot passes: `one-shot-bufferize` (every upstream option, its
//! validation errors and statistics), `test-tensor-copy-insertion` and
//! `empty-tensor-to-alloc-tensor`.

use super::driver::{
    insert_tensor_copies_with_analysis, run_one_shot_bufferize, run_one_shot_module_bufferize, BufferizationStatistics,
};
use super::options::{AnalysisHeuristic, BufferizationOptions, LayoutMapOption};
use dialects::bufferization::AllocTensorOp;
use dialects::tensor::EmptyOp;
use ir::rewrite_api::{PatternRewriter, RewritePattern};
use ir::{Diagnostic, Ir, OpId};
use transforms::greedy::{apply_patterns_and_fold_greedily, FrozenPatterns, GreedyConfig, RegionSimplify};
use transforms::pass::{OptionDecl, Pass, PassContext, PassInfo, PassOptions};

const LAYOUTS: &[&str] = &["infer-layout-map", "identity-layout-map", "fully-dynamic-layout-map"];
const HEURISTICS: &[&str] = &["bottom-up", "top-down", "bottom-up-from-terminators", "fuzzer"];

/// The `one-shot-bufferize` pass.
pub struct OneShotBufferizePass {
    /// The options built from the pass options.
    pub options: BufferizationOptions,
    /// `unknown-type-conversion` as given (upstream rejects
    /// `infer-layout-map` when the pass runs).
    unknown_type_conversion: LayoutMapOption,
    /// `must-infer-memory-space` together with
    /// `use-encoding-for-memory-space`: rejected when the pass runs.
    conflicting_memory_space_options: bool,
    /// The options as given, for printing the pipeline.
    given: PassOptions,
}

/// The options of a pass as `--dump-pass-pipeline` prints them (LLVM's
/// order: sorted by name; an empty list prints as nothing). The options
/// upstream added after 19 (`later`) are printed only when they differ from
/// their defaults, so that the text stays mlir-opt-19's otherwise.
fn options_text(given: &PassOptions, lists: &[&str], later: &[(&str, &str)]) -> String {
    let mut values: Vec<&(String, String)> = given.values.iter().collect();
    values.sort_by(|a, b| a.0.cmp(&b.0));
    let mut out: Vec<String> = Vec::new();
    for (k, v) in values {
        if later.iter().any(|(n, d)| n == k && d == v) {
            continue;
        }
        if lists.contains(&k.as_str()) && v.is_empty() {
            out.push(String::new());
        } else {
            out.push(format!("{k}={v}"));
        }
    }
    out.join(" ")
}

fn opt(name: &'static str, default: &'static str, help: &'static str) -> OptionDecl {
    OptionDecl { name, help, default, choices: &[] }
}

/// The `(a,b,c)` items of a list option.
fn list(o: &PassOptions, name: &str) -> Vec<String> {
    o.get(name)
        .unwrap_or("")
        .split(',')
        .map(|s| s.trim().trim_matches('"').to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

fn layout(o: &PassOptions, name: &str) -> Result<LayoutMapOption, String> {
    let v = o.get(name).unwrap_or("");
    LayoutMapOption::parse(v).ok_or_else(|| format!("invalid value '{v}' for option '{name}'"))
}

/// Builds the options of `one-shot-bufferize` from the pass options.
fn build_pass(o: &PassOptions) -> Result<OneShotBufferizePass, String> {
    let mut opt = BufferizationOptions {
        allow_return_allocs_from_loops: o.get_bool("allow-return-allocs-from-loops"),
        allow_unknown_ops: o.get_bool("allow-unknown-ops"),
        analysis_fuzzer_seed: o
            .get("analysis-fuzzer-seed")
            .and_then(|v| v.parse().ok())
            .ok_or("invalid value for option 'analysis-fuzzer-seed'")?,
        analysis_heuristic: AnalysisHeuristic::parse(o.get("analysis-heuristic").unwrap_or(""))
            .ok_or("invalid value for option 'analysis-heuristic'")?,
        copy_before_write: o.get_bool("copy-before-write"),
        dump_alias_sets: o.get_bool("dump-alias-sets"),
        print_conflicts: o.get_bool("print-conflicts"),
        test_analysis_only: o.get_bool("test-analysis-only"),
        bufferize_function_boundaries: o.get_bool("bufferize-function-boundaries"),
        check_parallel_regions: o.get_bool("check-parallel-regions"),
        no_analysis_func_filter: list(o, "no-analysis-func-filter"),
        must_infer_memory_space: o.get_bool("must-infer-memory-space"),
        use_encoding_for_memory_space: o.get_bool("use-encoding-for-memory-space"),
        buffer_alignment: o
            .get("buffer-alignment")
            .and_then(|v| v.parse().ok())
            .ok_or("invalid value for option 'buffer-alignment'")?,
        ..BufferizationOptions::default()
    };
    opt.set_function_boundary_type_conversion(layout(o, "function-boundary-type-conversion")?);
    let unknown_type_conversion = layout(o, "unknown-type-conversion")?;
    opt.unknown_type_conversion = unknown_type_conversion;
    for d in list(o, "dialect-filter") {
        opt.op_filter.allow_dialect(&d);
    }
    let conflicting_memory_space_options = opt.must_infer_memory_space && opt.use_encoding_for_memory_space;
    Ok(OneShotBufferizePass {
        options: opt,
        unknown_type_conversion,
        conflicting_memory_space_options,
        given: o.clone(),
    })
}

impl OneShotBufferizePass {
    /// Upstream's option checks, in its order (errors at an unknown
    /// location).
    fn validate(&self, ir: &Ir) -> Result<(), Diagnostic> {
        let err = |m: &str| Err(Diagnostic::error(ir.ctx().unknown_loc(), m.to_string()));
        let o = &self.options;
        if self.conflicting_memory_space_options {
            return err("only one of 'must-infer-memory-space' and 'use-encoding-for-memory-space' are allowed in \
                 OneShotBufferizePass");
        }
        if self.unknown_type_conversion == LayoutMapOption::InferLayoutMap {
            return err("Invalid option: 'infer-layout-map' is not a valid value for 'unknown-type-conversion'");
        }
        if o.copy_before_write && o.test_analysis_only {
            return err("Invalid option: 'copy-before-write' cannot be used with 'test-analysis-only'");
        }
        if o.print_conflicts && !o.test_analysis_only {
            return err("Invalid option: 'print-conflicts' requires 'test-analysis-only'");
        }
        if o.dump_alias_sets && !o.test_analysis_only {
            return err("Invalid option: 'dump-alias-sets' requires 'test-analysis-only'");
        }
        if !o.bufferize_function_boundaries && !o.no_analysis_func_filter.is_empty() {
            return err("Invalid option: 'no-analysis-func-filter' requires 'bufferize-function-boundaries'");
        }
        Ok(())
    }
}

impl Pass for OneShotBufferizePass {
    fn name(&self) -> &'static str {
        "one-shot-bufferize"
    }
    fn title(&self) -> String {
        "OneShotBufferize".to_string()
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn options_text(&self) -> String {
        options_text(
            &self.given,
            &["dialect-filter", "no-analysis-func-filter"],
            &[("buffer-alignment", "64"), ("use-encoding-for-memory-space", "false")],
        )
    }
    fn statistics(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("num-buffer-alloc", "Number of buffer allocations"),
            ("num-tensor-in-place", "Number of in-place tensor OpOperands"),
            ("num-tensor-out-of-place", "Number of out-of-place tensor OpOperands"),
        ]
    }
    fn run(&self, ir: &mut Ir, op: OpId, cx: &mut PassContext) -> Result<(), Diagnostic> {
        self.validate(ir)?;
        let mut stats = BufferizationStatistics::default();
        let r = if self.options.bufferize_function_boundaries {
            run_one_shot_module_bufferize(ir, op, &self.options, &mut stats)
        } else {
            run_one_shot_bufferize(ir, op, &self.options, &mut stats)
        };
        if r.is_ok() {
            cx.stats.push(("num-buffer-alloc", stats.num_buffer_alloc));
            cx.stats.push(("num-tensor-in-place", stats.num_tensor_in_place));
            cx.stats.push(("num-tensor-out-of-place", stats.num_tensor_out_of_place));
        }
        r
    }
}

/// The registry entry of `one-shot-bufferize`.
pub fn pass_info() -> PassInfo {
    PassInfo {
        name: "one-shot-bufferize",
        summary: "One-Shot Bufferize",
        options: vec![
            opt("allow-return-allocs-from-loops", "false", "Allows returning/yielding new allocations from a loop."),
            opt("allow-unknown-ops", "false", "Allows unknown (not bufferizable) ops in the input IR."),
            opt("analysis-fuzzer-seed", "0", "Test only: Analyze ops in random order with a given seed (fuzzer)"),
            OptionDecl {
                name: "analysis-heuristic",
                help: "Heuristic that control the IR traversal during analysis",
                default: "bottom-up",
                choices: HEURISTICS,
            },
            opt("bufferize-function-boundaries", "false", "Bufferize function boundaries (experimental)."),
            opt("check-parallel-regions", "true", "Account for parallel regions in RaW analysis."),
            opt("copy-before-write", "false", "Skip the analysis. Make a buffer copy on every write."),
            opt("dialect-filter", "", "Restrict bufferization to ops from these dialects."),
            opt("dump-alias-sets", "false", "Test only: Annotate tensor IR with alias sets"),
            opt(
                "no-analysis-func-filter",
                "",
                "Skip analysis of functions with these symbol names.Set copyBeforeWrite to true when bufferizing them.",
            ),
            OptionDecl {
                name: "function-boundary-type-conversion",
                help: "Controls layout maps when bufferizing function signatures.",
                default: "infer-layout-map",
                choices: LAYOUTS,
            },
            opt(
                "must-infer-memory-space",
                "false",
                "The memory space of an memref types must always be inferred. If unset, a default memory space of 0 \
                 is used otherwise.",
            ),
            opt(
                "use-encoding-for-memory-space",
                "false",
                "Use the Tensor encoding attribute for the memory space. Exclusive to the 'must-infer-memory-space' \
                 option",
            ),
            opt("test-analysis-only", "false", "Test only: Only run inplaceability analysis and annotate IR"),
            opt("print-conflicts", "false", "Test only: Annotate IR with RaW conflicts. Requires test-analysis-only."),
            OptionDecl {
                name: "unknown-type-conversion",
                help: "Controls layout maps for non-inferrable memref types.",
                default: "fully-dynamic-layout-map",
                choices: LAYOUTS,
            },
            opt("buffer-alignment", "64", "Sets the alignment of newly allocated buffers."),
        ],
        ctor: |o| Ok(Box::new(build_pass(o)?)),
    }
}

/// The `test-tensor-copy-insertion` pass: the analysis and tensor copy
/// insertion only.
pub struct TestTensorCopyInsertionPass {
    options: BufferizationOptions,
    given: PassOptions,
}

impl Pass for TestTensorCopyInsertionPass {
    fn name(&self) -> &'static str {
        "test-tensor-copy-insertion"
    }
    fn title(&self) -> String {
        "TestTensorCopyInsertionPass".to_string()
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn options_text(&self) -> String {
        options_text(&self.given, &[], &[])
    }
    fn run(&self, ir: &mut Ir, op: OpId, _cx: &mut PassContext) -> Result<(), Diagnostic> {
        if self.options.bufferize_function_boundaries {
            return Err(Diagnostic::error(
                ir.op_loc(op),
                "'bufferize-function-boundaries' needs One-Shot Module Analysis, which is not implemented",
            )
            .with_op(op));
        }
        insert_tensor_copies_with_analysis(ir, op, &self.options, &mut BufferizationStatistics::default())
    }
}

/// The registry entry of `test-tensor-copy-insertion`.
pub fn test_copy_insertion_pass_info() -> PassInfo {
    PassInfo {
        name: "test-tensor-copy-insertion",
        summary: "Module pass to test Tensor Copy Insertion",
        options: vec![
            opt("allow-return-allocs-from-loops", "false", "Allows returning/yielding new allocations from a loop."),
            opt("bufferize-function-boundaries", "false", "Bufferize function boundaries."),
            opt(
                "must-infer-memory-space",
                "false",
                "The memory space of an memref types must always be inferred. If unset, a default memory space of 0 \
                 is used otherwise.",
            ),
        ],
        ctor: |o| {
            let options = BufferizationOptions {
                allow_return_allocs_from_loops: o.get_bool("allow-return-allocs-from-loops"),
                bufferize_function_boundaries: o.get_bool("bufferize-function-boundaries"),
                must_infer_memory_space: o.get_bool("must-infer-memory-space"),
                ..BufferizationOptions::default()
            };
            Ok(Box::new(TestTensorCopyInsertionPass { options, given: o.clone() }))
        },
    }
}

/// `tensor.empty` becomes `bufferization.alloc_tensor` with the same sizes.
struct EmptyTensorLowering;

impl RewritePattern for EmptyTensorLowering {
    fn name(&self) -> &str {
        "EmptyTensorLoweringPattern"
    }
    fn root(&self) -> Option<&str> {
        Some("tensor.empty")
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
        let ir = rw.ir();
        if !EmptyOp::matches(ir, op) {
            return false;
        }
        let ty = ir.value_type(ir.result(op, 0));
        let sizes: Vec<_> = EmptyOp(op).dynamic_sizes(ir).to_vec();
        let loc = ir.op_loc(op);
        rw.set_insertion_point(ir::InsertPoint::Before(op));
        let alloc = AllocTensorOp::build(rw, loc, ty, &sizes, None, None, None).result(rw.ir());
        rw.replace_op(op, &[alloc]);
        true
    }
}

/// The `empty-tensor-to-alloc-tensor` pass.
pub struct EmptyTensorToAllocTensorPass;

impl Pass for EmptyTensorToAllocTensorPass {
    fn name(&self) -> &'static str {
        "empty-tensor-to-alloc-tensor"
    }
    fn title(&self) -> String {
        "EmptyTensorToAllocTensor".to_string()
    }
    fn run(&self, ir: &mut Ir, op: OpId, _cx: &mut PassContext) -> Result<(), Diagnostic> {
        let frozen = FrozenPatterns::new(ir, vec![Box::new(EmptyTensorLowering)]);
        let config =
            GreedyConfig { top_down: false, region_simplify: RegionSimplify::Aggressive, ..GreedyConfig::default() };
        // Not converging within the iteration limit is reported by
        // upstream as a bare pass failure; the rewrite here always
        // converges (each empty op is replaced once).
        let _ = apply_patterns_and_fold_greedily(ir, op, &frozen, &config);
        Ok(())
    }
}

/// The registry entry of `empty-tensor-to-alloc-tensor`.
pub fn empty_tensor_pass_info() -> PassInfo {
    PassInfo {
        name: "empty-tensor-to-alloc-tensor",
        summary: "Replace all empty ops by alloc_tensor ops.",
        options: Vec::new(),
        ctor: |_| Ok(Box::new(EmptyTensorToAllocTensorPass)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn make(info: PassInfo, given: &[(&str, &str)]) -> PassOptions {
        let mut values: Vec<(String, String)> =
            info.options.iter().map(|d| (d.name.to_string(), d.default.to_string())).collect();
        for (k, v) in given {
            values.iter_mut().find(|(n, _)| n == k).expect("a declared option").1 = v.to_string();
        }
        PassOptions { values }
    }

    /// The pipeline text is mlir-opt-19's `--dump-pass-pipeline` text for
    /// `one-shot-bufferize="dialect-filter=arith,tensor copy-before-write"`
    /// (captured from mlir-opt-19), and names the later options only when set.
    #[test]
    fn options_text_is_upstreams() {
        let o = make(pass_info(), &[("dialect-filter", "arith,tensor"), ("copy-before-write", "true")]);
        let p = build_pass(&o).expect("valid options");
        assert_eq!(
            p.options_text(),
            "allow-return-allocs-from-loops=false allow-unknown-ops=false analysis-fuzzer-seed=0 \
             analysis-heuristic=bottom-up bufferize-function-boundaries=false check-parallel-regions=true \
             copy-before-write=true dialect-filter=arith,tensor dump-alias-sets=false \
             function-boundary-type-conversion=infer-layout-map must-infer-memory-space=false  \
             print-conflicts=false test-analysis-only=false unknown-type-conversion=fully-dynamic-layout-map"
        );
        let o = make(pass_info(), &[("buffer-alignment", "16")]);
        assert!(build_pass(&o).expect("valid options").options_text().contains("buffer-alignment=16"));
        let o = make(test_copy_insertion_pass_info(), &[]);
        let p = (test_copy_insertion_pass_info().ctor)(&o).expect("valid options");
        assert_eq!(
            p.options_text(),
            "allow-return-allocs-from-loops=false bufferize-function-boundaries=false must-infer-memory-space=false"
        );
    }

    /// The option values reach the options struct.
    #[test]
    fn options_are_parsed() {
        let o = make(
            pass_info(),
            &[
                ("analysis-heuristic", "top-down"),
                ("function-boundary-type-conversion", "identity-layout-map"),
                ("no-analysis-func-filter", "f,g"),
                ("buffer-alignment", "0"),
                ("analysis-fuzzer-seed", "23"),
            ],
        );
        let p = build_pass(&o).expect("valid options");
        assert_eq!(p.options.analysis_heuristic, AnalysisHeuristic::TopDown);
        assert_eq!(p.options.function_boundary_type_conversion, LayoutMapOption::IdentityLayoutMap);
        assert!(!p.options.infer_function_result_layout);
        assert_eq!(p.options.no_analysis_func_filter, vec!["f".to_string(), "g".to_string()]);
        assert_eq!(p.options.buffer_alignment, 0);
        assert_eq!(p.options.analysis_fuzzer_seed, 23);
        let bad = make(pass_info(), &[("buffer-alignment", "x")]);
        assert!(build_pass(&bad).is_err());
    }
}
