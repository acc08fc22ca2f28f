//! Unit tests of the analysis with small test-only models of a few tensor
//! and arith ops (upstream's semantics for them), compared with what
//! mlir-opt-19 prints under `test-analysis-only dump-alias-sets`.

use super::super::interface::{AliasingValue, AliasingValueList, AnalysisState, BufferRelation, BufferizableOp};
use super::super::options::{AnalysisHeuristic, BufferizationOptions};
use super::{analyze_op, analyze_op_with_mode, AnalysisStatistics, DecisionMode};
use ir::rewrite_api::PatternRewriter;
use ir::{Diagnostic, Ir, OpId, OperandId, ValueId};
use syntax::printer::{print_module, PrintOptions};

struct Insert;
struct Extract;
struct ExtractSlice;
struct InsertSlice;
struct Empty;
struct Constant;
struct Select;
fn no_bufferize(rw: &mut PatternRewriter<'_>, op: OpId) -> Result<(), Diagnostic> {
    Err(Diagnostic::error(rw.ir().op_loc(op), "test model"))
}

macro_rules! common {
    () => {
        fn bufferize(
            &self,
            rw: &mut PatternRewriter<'_>,
            op: OpId,
            _o: &BufferizationOptions,
        ) -> Result<(), Diagnostic> {
            no_bufferize(rw, op)
        }
    };
}

struct Func;

impl BufferizableOp for Func {
    fn bufferizes_to_memory_read(&self, _: &Ir, _: OperandId, _: &dyn AnalysisState) -> bool {
        true
    }
    fn bufferizes_to_memory_write(&self, _: &Ir, _: OperandId, _: &dyn AnalysisState) -> bool {
        true
    }
    fn aliasing_values(&self, _: &Ir, _: OperandId, _: &dyn AnalysisState) -> AliasingValueList {
        AliasingValueList::new()
    }
    /// Upstream's FuncOp model: a tensor in the signature or a tensor block
    /// argument.
    fn has_tensor_semantics(&self, ir: &Ir, op: OpId) -> bool {
        let callable = ir.ctx().registry().interface::<dyn ir::interfaces::Callable>(ir.op_name(op)).expect("callable");
        let (ins, outs) = callable.signature(ir, op);
        ins.iter().chain(outs.iter()).any(|&t| ir.ctx().is_tensor(t))
            || super::super::interface::default_has_tensor_semantics(ir, op)
    }
    common!();
}

fn result_alias(ir: &Ir, u: OperandId, relation: BufferRelation, definite: bool) -> AliasingValueList {
    let mut l = AliasingValueList::new();
    l.push(AliasingValue { value: ir.result(ir.use_owner(u), 0), relation, definite });
    l
}

impl BufferizableOp for Insert {
    fn bufferizes_to_memory_read(&self, _: &Ir, _: OperandId, _: &dyn AnalysisState) -> bool {
        true
    }
    fn bufferizes_to_memory_write(&self, _: &Ir, _: OperandId, _: &dyn AnalysisState) -> bool {
        true
    }
    fn aliasing_values(&self, ir: &Ir, u: OperandId, _: &dyn AnalysisState) -> AliasingValueList {
        result_alias(ir, u, BufferRelation::Equivalent, true)
    }
    common!();
}

impl BufferizableOp for Extract {
    fn bufferizes_to_memory_read(&self, _: &Ir, _: OperandId, _: &dyn AnalysisState) -> bool {
        true
    }
    fn bufferizes_to_memory_write(&self, _: &Ir, _: OperandId, _: &dyn AnalysisState) -> bool {
        false
    }
    fn aliasing_values(&self, _: &Ir, _: OperandId, _: &dyn AnalysisState) -> AliasingValueList {
        AliasingValueList::new()
    }
    common!();
}

impl BufferizableOp for ExtractSlice {
    fn bufferizes_to_memory_read(&self, _: &Ir, _: OperandId, _: &dyn AnalysisState) -> bool {
        false
    }
    fn bufferizes_to_memory_write(&self, _: &Ir, _: OperandId, _: &dyn AnalysisState) -> bool {
        false
    }
    fn aliasing_values(&self, ir: &Ir, u: OperandId, _: &dyn AnalysisState) -> AliasingValueList {
        if ir.use_index(u) == 0 {
            result_alias(ir, u, BufferRelation::Unknown, true)
        } else {
            AliasingValueList::new()
        }
    }
    common!();
}

impl BufferizableOp for InsertSlice {
    fn bufferizes_to_memory_read(&self, ir: &Ir, u: OperandId, _: &dyn AnalysisState) -> bool {
        if ir.use_index(u) == 0 {
            return true;
        }
        let op = dialects::tensor::InsertSliceOp(ir.use_owner(u));
        let shape = ir.ctx().shape(ir.value_type(ir.use_value(u))).unwrap_or(&[]).to_vec();
        let full = op.static_offsets(ir).iter().all(|&o| o == 0)
            && op.static_sizes(ir).to_vec() == shape
            && op.static_strides(ir).iter().all(|&s| s == 1);
        !full
    }
    fn bufferizes_to_memory_write(&self, ir: &Ir, u: OperandId, _: &dyn AnalysisState) -> bool {
        ir.use_index(u) == 1
    }
    fn aliasing_values(&self, ir: &Ir, u: OperandId, _: &dyn AnalysisState) -> AliasingValueList {
        if ir.use_index(u) == 1 {
            result_alias(ir, u, BufferRelation::Equivalent, true)
        } else {
            AliasingValueList::new()
        }
    }
    common!();
}

impl BufferizableOp for Empty {
    fn bufferizes_to_allocation(&self, _: &Ir, _: ValueId) -> bool {
        true
    }
    fn result_bufferizes_to_memory_write(&self, _: &Ir, _: ValueId, _: &dyn AnalysisState) -> bool {
        false
    }
    fn bufferizes_to_memory_read(&self, _: &Ir, _: OperandId, _: &dyn AnalysisState) -> bool {
        false
    }
    fn bufferizes_to_memory_write(&self, _: &Ir, _: OperandId, _: &dyn AnalysisState) -> bool {
        false
    }
    fn aliasing_values(&self, _: &Ir, _: OperandId, _: &dyn AnalysisState) -> AliasingValueList {
        AliasingValueList::new()
    }
    common!();
}

impl BufferizableOp for Constant {
    fn bufferizes_to_allocation(&self, _: &Ir, _: ValueId) -> bool {
        true
    }
    fn is_writable(&self, _: &Ir, _: ValueId, _: &dyn AnalysisState) -> bool {
        false
    }
    fn bufferizes_to_memory_read(&self, _: &Ir, _: OperandId, _: &dyn AnalysisState) -> bool {
        false
    }
    fn bufferizes_to_memory_write(&self, _: &Ir, _: OperandId, _: &dyn AnalysisState) -> bool {
        false
    }
    fn aliasing_values(&self, _: &Ir, _: OperandId, _: &dyn AnalysisState) -> AliasingValueList {
        AliasingValueList::new()
    }
    common!();
}

impl BufferizableOp for Select {
    fn bufferizes_to_memory_read(&self, _: &Ir, _: OperandId, _: &dyn AnalysisState) -> bool {
        false
    }
    fn bufferizes_to_memory_write(&self, _: &Ir, _: OperandId, _: &dyn AnalysisState) -> bool {
        false
    }
    fn aliasing_values(&self, ir: &Ir, u: OperandId, _: &dyn AnalysisState) -> AliasingValueList {
        if ir.use_index(u) == 0 {
            AliasingValueList::new()
        } else {
            result_alias(ir, u, BufferRelation::Equivalent, false)
        }
    }
    common!();
}

/// Parses `src` in a context with the test models attached.
fn parse(src: &str) -> testkit::Module {
    let mut ctx = dialects::new_context();
    let models: Vec<(&str, Box<dyn BufferizableOp>)> = vec![
        ("tensor.insert", Box::new(Insert)),
        ("tensor.extract", Box::new(Extract)),
        ("tensor.extract_slice", Box::new(ExtractSlice)),
        ("tensor.insert_slice", Box::new(InsertSlice)),
        ("tensor.empty", Box::new(Empty)),
        ("arith.constant", Box::new(Constant)),
        ("arith.select", Box::new(Select)),
        ("func.func", Box::new(Func)),
    ];
    for (name, m) in models {
        let n = ctx.intern_str(name);
        ctx.registry_mut().add_interface::<dyn BufferizableOp>(n, m);
    }
    testkit::parse_in(ctx, src, false)
}

fn run(src: &str, heuristic: AnalysisHeuristic, seed: u32) -> Result<String, String> {
    let mut m = parse(src);
    let options = BufferizationOptions {
        test_analysis_only: true,
        dump_alias_sets: true,
        analysis_heuristic: heuristic,
        analysis_fuzzer_seed: seed,
        ..BufferizationOptions::default()
    };
    let mut stats = AnalysisStatistics::default();
    match analyze_op(&mut m.ir, m.top, &options, &mut stats) {
        Ok(_) => Ok(print_module(&m.ir, m.top, PrintOptions::default())),
        Err(d) => Err(d.message),
    }
}

const U1: &str = include_str!("testdata/u1.mlir");

#[test]
fn u1_matches_mlir_opt_under_every_heuristic() {
    let cases = [
        (AnalysisHeuristic::BottomUp, 0, include_str!("testdata/u1.bottom-up.out")),
        (AnalysisHeuristic::TopDown, 0, include_str!("testdata/u1.top-down.out")),
        (AnalysisHeuristic::BottomUpFromTerminators, 0, include_str!("testdata/u1.bottom-up-from-terminators.out")),
        (AnalysisHeuristic::Fuzzer, 59, include_str!("testdata/u1.fuzzer59.out")),
        (AnalysisHeuristic::Fuzzer, 23, include_str!("testdata/u1.fuzzer23.out")),
    ];
    for (h, seed, expected) in cases {
        let got = run(U1, h, seed).expect("analysis succeeds");
        assert_eq!(got.trim_end(), expected.trim_end(), "heuristic {h:?} seed {seed}");
    }
}

#[test]
fn pre_check_reports_unstructured_control_flow() {
    // A model that does not support unstructured control flow, on an op
    // whose region has two blocks.
    let src = r#"
func.func @f() -> tensor<4xf32> {
  %0 = scf.execute_region -> tensor<4xf32> {
    %e = tensor.empty() : tensor<4xf32>
    cf.br ^bb1(%e : tensor<4xf32>)
  ^bb1(%x: tensor<4xf32>):
    scf.yield %x : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}
"#;
    let mut ctx = dialects::new_context();
    let n = ctx.intern_str("scf.execute_region");
    assert!(ctx.registry_mut().add_interface::<dyn BufferizableOp>(n, Box::new(Empty)));
    let mut m = testkit::parse_in(ctx, src, false);
    let mut stats = AnalysisStatistics::default();
    let err = analyze_op(&mut m.ir, m.top, &BufferizationOptions::default(), &mut stats).err().expect("error");
    assert_eq!(
        err.message,
        "'scf.execute_region' op op or BufferizableOpInterface implementation does not support unstructured \
         control flow, but at least one region has multiple blocks"
    );
}

#[test]
fn statistics_count_decisions() {
    let mut m = parse(U1);
    let mut stats = AnalysisStatistics::default();
    let state = analyze_op(&mut m.ir, m.top, &BufferizationOptions::default(), &mut stats).expect("ok");
    // The "true" and "false" marks of mlir-opt-19's bottom-up output.
    assert_eq!((stats.num_tensor_in_place, stats.num_tensor_out_of_place), (29, 7));
    assert_eq!(state.stat_num_tensor_in_place(), 29);
}

#[test]
fn incremental_literal_and_shadow_decide_alike() {
    for h in [
        AnalysisHeuristic::BottomUp,
        AnalysisHeuristic::TopDown,
        AnalysisHeuristic::BottomUpFromTerminators,
        AnalysisHeuristic::Fuzzer,
    ] {
        let mut outs = Vec::new();
        for mode in [DecisionMode::Literal, DecisionMode::Incremental, DecisionMode::Shadow] {
            let mut m = parse(U1);
            let options = BufferizationOptions {
                test_analysis_only: true,
                dump_alias_sets: true,
                analysis_heuristic: h,
                analysis_fuzzer_seed: 91,
                ..BufferizationOptions::default()
            };
            let mut stats = AnalysisStatistics::default();
            analyze_op_with_mode(&mut m.ir, m.top, &options, &mut stats, mode).expect("ok");
            outs.push((print_module(&m.ir, m.top, PrintOptions::default()), stats.num_tensor_in_place));
        }
        assert_eq!(outs[0], outs[1], "{h:?}");
        assert_eq!(outs[0], outs[2], "{h:?}");
    }
}
