//! The registered ops of upstream's `test` dialect that bufferization tests
//! use, with the syntax, traits, memory effects and region semantics of
//! mlir-opt-19's test dialect (`TestOps.td`). Other `test.*` ops stay
//! unregistered (the dialect accepts unknown ops, as upstream's does).
//!
//! Modelled: `test.copy` (a `CopyLike` op), `test.make_tuple`,
//! `test.get_tuple_element`, `test.buffer_based`,
//! `test.region_buffer_based` with `test.region_yield`, `test.region_if`
//! with `test.region_if_yield` (a `RegionBranch` op: entry to the then and
//! else regions, both to the join region, the join region to the parent),
//! `test.tensor_based`, `test.read_buffer`, `test.forward_buffer`,
//! `test.side_effect_op` (effects read from its `effects` attribute),
//! `test.one_region_with_recursive_memory_effects`, `test.graph_region`
//! (one graph region: uses may precede definitions),
//! `test.br` and `test.producing_br` (branches forwarding all operands, or
//! for `producing_br` its second operand segment to successor 0 and its
//! first to successor 1, as upstream), `test.test_effects_result` (allocates
//! and writes its result), `test.op_with_memread` / `test.op_with_memwrite`
//! (a read / a write of
//! unspecified memory), `test.cse_of_single_block_op` (pure, one block ended by
//! `test.region_yield`), `test.return` and
//! `test.dialect_canonicalizable` with the dialect's canonicalization
//! pattern (it becomes `arith.constant 42 : i32`), `test.conversion_call_op`
//! (a call through the `CallOp` interface) and `test.functional_region_op`
//! (a `Callable` region whose result is a function value), and the
//! value-bounds ops `test.reify_bound` and `test.compare` (generic syntax).

use crate::patterns::insert_before;
use crate::util::{op_error, register_op};
use ir::interfaces::{
    BranchOp, CopyLike, Effect, EffectKind, EffectOn, MemoryEffects, RegionBranch, RegionSuccessor, RegionTerminator,
};
use ir::rewrite_api::{CanonicalizationPatterns, PatternRewriter, RewritePattern};
use ir::{Context, Diagnostic, InsertPoint, Ir, NamedAttr, OpId, OpSpec, OpTraits, RegionId, ValueId};
use smallvec::SmallVec;
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::IrParser;
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

/// Registers the modelled test ops (the `test` namespace itself is
/// registered by [`crate::util::register_passthrough_dialects`]).
pub fn register(ctx: &mut Context) {
    register_op(ctx, "test.copy", OpTraits::default(), &[], Some(verify_copy), Some(Box::new(CopyAsm)));
    let n = ctx.intern_str("test.copy");
    ctx.registry_mut().add_interface::<dyn MemoryEffects>(n, Box::new(CopyEffects));
    ctx.registry_mut().add_interface::<dyn CopyLike>(n, Box::new(CopyEffects));
    // Tuple helpers of the type-decomposition tests (generic syntax only).
    register_op(ctx, "test.make_tuple", OpTraits::PURE, &[], None, None);
    register_op(ctx, "test.get_tuple_element", OpTraits::PURE, &["index"], None, None);

    let ret = OpTraits::PURE | OpTraits::RETURN_LIKE | OpTraits::TERMINATOR;
    register_op(
        ctx,
        "test.region_yield",
        ret,
        &[],
        Some(verify_region_yield),
        Some(Box::new(RegionYieldAsm { single: true })),
    );
    register_op(ctx, "test.region_if_yield", ret, &[], None, Some(Box::new(RegionYieldAsm { single: false })));
    register_op(ctx, "test.return", ret, &[], None, None);
    for name in ["test.region_yield", "test.region_if_yield", "test.return"] {
        let n = ctx.intern_str(name);
        ctx.registry_mut().add_interface::<dyn RegionTerminator>(n, Box::new(ForwardAll));
    }

    register_op(
        ctx,
        "test.buffer_based",
        OpTraits::default(),
        &[],
        Some(verify_buffer_based),
        Some(Box::new(BufferBasedAsm { region: false })),
    );
    register_op(
        ctx,
        "test.region_buffer_based",
        OpTraits::SINGLE_BLOCK | OpTraits::IMPLICIT_TERMINATOR,
        &[],
        Some(verify_buffer_based),
        Some(Box::new(BufferBasedAsm { region: true })),
    );
    for name in ["test.buffer_based", "test.region_buffer_based"] {
        let n = ctx.intern_str(name);
        ctx.registry_mut().add_interface::<dyn MemoryEffects>(n, Box::new(BufferBasedEffects));
    }

    register_op(
        ctx,
        "test.region_if",
        OpTraits::RECURSIVE_MEMORY_EFFECTS | OpTraits::SINGLE_BLOCK | OpTraits::IMPLICIT_TERMINATOR,
        &[],
        Some(verify_region_if),
        Some(Box::new(RegionIfAsm)),
    );
    let n = ctx.intern_str("test.region_if");
    ctx.registry_mut().add_interface::<dyn RegionBranch>(n, Box::new(RegionIfBranch));

    register_op(
        ctx,
        "test.tensor_based",
        OpTraits::default(),
        &[],
        Some(verify_tensor_based),
        Some(Box::new(TensorBasedAsm)),
    );
    register_op(ctx, "test.read_buffer", OpTraits::default(), &[], Some(verify_read_buffer), None);
    let n = ctx.intern_str("test.read_buffer");
    ctx.registry_mut().add_interface::<dyn MemoryEffects>(n, Box::new(ReadBufferEffects));
    register_op(ctx, "test.forward_buffer", OpTraits::PURE, &[], Some(verify_forward_buffer), None);
    register_op(ctx, "test.side_effect_op", OpTraits::default(), &[], Some(verify_one_result), None);
    let n = ctx.intern_str("test.side_effect_op");
    ctx.registry_mut().add_interface::<dyn MemoryEffects>(n, Box::new(AttrEffects));
    register_op(
        ctx,
        "test.one_region_with_recursive_memory_effects",
        OpTraits::RECURSIVE_MEMORY_EFFECTS,
        &[],
        Some(verify_one_result),
        None,
    );
    // Branches of the region-simplification tests (generic syntax).
    let term = OpTraits::TERMINATOR;
    register_op(ctx, "test.br", term, &[], Some(verify_succs(1)), None);
    register_op(ctx, "test.producing_br", term, &["operandSegmentSizes"], Some(verify_succs(2)), None);
    for name in ["test.br", "test.producing_br"] {
        let n = ctx.intern_str(name);
        ctx.registry_mut().add_interface::<dyn BranchOp>(n, Box::new(TestBranch));
    }
    register_op(ctx, "test.test_effects_result", OpTraits::default(), &[], Some(verify_one_result), None);
    let n = ctx.intern_str("test.test_effects_result");
    ctx.registry_mut().add_interface::<dyn MemoryEffects>(n, Box::new(AllocWriteResult));
    // `MemoryEffects<[MemRead]>` / `<[MemWrite]>` on no particular value.
    register_op(ctx, "test.op_with_memread", OpTraits::default(), &[], Some(verify_one_int_result), None);
    register_op(ctx, "test.op_with_memwrite", OpTraits::default(), &[], None, None);
    for (name, kind) in [("test.op_with_memread", EffectKind::Read), ("test.op_with_memwrite", EffectKind::Write)] {
        let n = ctx.intern_str(name);
        ctx.registry_mut().add_interface::<dyn MemoryEffects>(n, Box::new(UnknownEffect(kind)));
    }
    register_op(
        ctx,
        "test.cse_of_single_block_op",
        OpTraits::PURE | OpTraits::SINGLE_BLOCK | OpTraits::IMPLICIT_TERMINATOR,
        &[],
        Some(|ir, op| check_one_region(ir, op, true)),
        Some(Box::new(CseOfSingleBlockAsm)),
    );
    register_op(
        ctx,
        "test.graph_region",
        OpTraits::GRAPH_REGION,
        &[],
        Some(|ir, op| check_one_region(ir, op, false)),
        Some(Box::new(GraphRegionAsm)),
    );
    register_op(ctx, "test.dialect_canonicalizable", OpTraits::default(), &[], Some(verify_one_result), None);
    let n = ctx.intern_str("test.dialect_canonicalizable");
    ctx.registry_mut().add_interface::<dyn CanonicalizationPatterns>(n, Box::new(DialectPatterns));
    // A call op of the test dialect (upstream's ConversionCallOp): the call
    // graph sees it through `CallOp` alone.
    register_op(ctx, "test.conversion_call_op", OpTraits::default(), &["callee"], Some(verify_callee_ref), None);
    let n = ctx.intern_str("test.conversion_call_op");
    ctx.registry_mut().add_interface::<dyn ir::interfaces::CallOp>(n, Box::new(crate::func_interfaces::SymbolCallee));
    // The value-bounds test ops (upstream's ReifyBoundOp, pure, and
    // CompareOp): generic syntax, their attributes inherent.
    let bound_attrs = ["constant", "dim", "scalable", "type", "vscale_max", "vscale_min"];
    register_op(ctx, "test.reify_bound", OpTraits::PURE, &bound_attrs, None, None);
    register_op(ctx, "test.compare", OpTraits::default(), &["cmp", "compose", "lhs_map", "rhs_map"], None, None);
    // Their string attributes default to "EQ" (`DefaultValuedAttr`).
    for (op, attr) in [("test.reify_bound", "type"), ("test.compare", "cmp")] {
        let (n, name, value) = (ctx.intern_str(op), ctx.intern_str(attr), ctx.str_attr("EQ"));
        if let Some(info) = ctx.registry_mut().op_mut(n) {
            info.default_attrs.push(NamedAttr { name, value });
        }
    }
    // A callable region whose result is a function value (upstream's
    // FunctionalRegionOp): `func.call_indirect` of that value calls it.
    register_op(ctx, "test.functional_region_op", OpTraits::default(), &[], Some(verify_functional_region), None);
    let n = ctx.intern_str("test.functional_region_op");
    ctx.registry_mut().add_interface::<dyn ir::interfaces::Callable>(n, Box::new(FunctionalRegion));
}

/// One region; one result of function type.
fn verify_functional_region(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    if ir.regions(op).len() != 1 {
        return Err(op_error(ir, op, format!("requires 1 region, but found {}", ir.regions(op).len())));
    }
    let mut results = ir.results(op);
    if results.len() != 1 {
        return Err(op_error(ir, op, format!("requires 1 result, but found {}", results.len())));
    }
    let ty = ir.value_type(results.next().expect("one result"));
    if ir.ctx().function_sig(ty).is_none() {
        let shown = syntax::print_attr::type_to_string(ir.ctx(), ty);
        return Err(op_error(ir, op, format!("result #0 must be function type, but got '{shown}'")));
    }
    Ok(())
}

/// `test.functional_region_op`'s `Callable`: its region, typed by its result.
struct FunctionalRegion;

impl ir::interfaces::Callable for FunctionalRegion {
    fn body(&self, ir: &Ir, op: OpId) -> Option<RegionId> {
        ir.regions(op).first().copied()
    }
    fn signature(&self, ir: &Ir, op: OpId) -> (Vec<ir::Type>, Vec<ir::Type>) {
        let ty = ir.results(op).next().map(|r| ir.value_type(r));
        match ty.and_then(|t| ir.ctx().function_sig(t)) {
            Some((ins, outs)) => (ins.to_vec(), outs.to_vec()),
            None => (Vec::new(), Vec::new()),
        }
    }
}

/// `SymbolRefAttr:$callee`.
fn verify_callee_ref(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    match ir.attr(op, "callee") {
        None => Err(op_error(ir, op, "requires attribute 'callee'")),
        Some(a) if ir.ctx().symbol_ref_root(a).is_none() => {
            Err(op_error(ir, op, "attribute 'callee' failed to satisfy constraint: symbol reference attribute"))
        }
        Some(_) => Ok(()),
    }
}

fn is_memref_like(ir: &Ir, v: ValueId) -> bool {
    let ctx = ir.ctx();
    let t = ir.value_type(v);
    ctx.is_memref(t)
}

fn verify_copy(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    if ir.num_operands(op) != 2 || ir.operands(op).any(|v| !is_memref_like(ir, v)) {
        return Err(op_error(ir, op, "expects two memref operands"));
    }
    Ok(())
}

fn verify_buffer_based(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    if ir.num_operands(op) != 2 || ir.num_results(op) != 0 {
        return Err(op_error(ir, op, "expects an input and an output memref and no results"));
    }
    for (i, v) in ir.operands(op).enumerate() {
        if !is_memref_like(ir, v) {
            let t = syntax::print_attr::type_to_string(ir.ctx(), ir.value_type(v));
            return Err(op_error(
                ir,
                op,
                format!("operand #{i} must be ranked or unranked memref of any type values, but got '{t}'"),
            ));
        }
    }
    let expect_regions = usize::from(ir.is_op(op, "test.region_buffer_based"));
    if ir.regions(op).len() != expect_regions {
        return Err(op_error(ir, op, format!("requires {expect_regions} region(s)")));
    }
    Ok(())
}

fn verify_region_yield(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    if ir.num_operands(op) != 1 {
        return Err(op_error(ir, op, "requires a single operand"));
    }
    Ok(())
}

fn verify_tensor_based(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let ranked = |t| matches!(ctx.kind(t), ir::TypeKind::Tensor { .. });
    if ir.num_operands(op) != 1 || ir.num_results(op) != 1 {
        return Err(op_error(ir, op, "expects one operand and one result"));
    }
    if !ranked(ir.value_type(ir.operand(op, 0))) || !ranked(ir.value_type(ir.result(op, 0))) {
        return Err(op_error(ir, op, "expects ranked tensor operand and result"));
    }
    Ok(())
}

fn verify_read_buffer(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    if ir.num_operands(op) != 1 || !is_memref_like(ir, ir.operand(op, 0)) {
        return Err(op_error(ir, op, "expects one memref operand"));
    }
    Ok(())
}

fn verify_forward_buffer(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    if ir.num_operands(op) != 1 || ir.num_results(op) != 1 {
        return Err(op_error(ir, op, "expects one operand and one result"));
    }
    if !is_memref_like(ir, ir.operand(op, 0)) || !is_memref_like(ir, ir.result(op, 0)) {
        return Err(op_error(ir, op, "expects memref operand and result"));
    }
    Ok(())
}

fn verify_one_result(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    if ir.num_results(op) != 1 {
        return Err(op_error(ir, op, format!("requires one result but got {}", ir.num_results(op))));
    }
    Ok(())
}

/// `test.region_if`: three single-block regions ending in
/// `test.region_if_yield`, and matching values along every edge (then/else
/// receive the operands and feed the join region, which feeds the results).
fn verify_region_if(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let regions = ir.regions(op).to_vec();
    if regions.len() != 3 {
        return Err(op_error(ir, op, "requires three regions"));
    }
    for &r in &regions {
        let n = ir.region_blocks(r).count();
        if n != 1 {
            return Err(op_error(ir, op, format!("expects a non-empty block, got {n} blocks")));
        }
        let Some(b) = ir.entry_block(r) else { continue };
        match ir.last_op(b) {
            Some(t) if ir.is_op(t, "test.region_if_yield") => {}
            _ => {
                return Err(op_error(ir, op, "expects regions to end with 'test.region_if_yield'"));
            }
        }
    }
    let types_of = |vs: &mut dyn Iterator<Item = ValueId>| vs.map(|v| ir.value_type(v)).collect::<Vec<_>>();
    let args = |r: RegionId| ir.entry_block(r).map(|b| ir.block_args(b).to_vec()).unwrap_or_default();
    let yielded = |r: RegionId| {
        ir.entry_block(r).and_then(|b| ir.last_op(b)).map(|t| ir.operands(t).collect::<Vec<_>>()).unwrap_or_default()
    };
    let operand_types = types_of(&mut ir.operands(op));
    for (i, &r) in regions.iter().take(2).enumerate() {
        let a = types_of(&mut args(r).into_iter());
        if a.len() != operand_types.len() {
            return Err(op_error(
                ir,
                op,
                format!(
                    " region control flow edge from parent operands to Region #{i}: source has {} operands, but target successor needs {}",
                    operand_types.len(),
                    a.len()
                ),
            ));
        }
        let join_args = types_of(&mut args(regions[2]).into_iter());
        let y = yielded(r);
        if y.len() != join_args.len() {
            return Err(op_error(
                ir,
                op,
                format!(
                    " region control flow edge from Region #{i} to Region #2: source has {} operands, but target successor needs {}",
                    y.len(),
                    join_args.len()
                ),
            ));
        }
    }
    let y = yielded(regions[2]);
    if y.len() != ir.num_results(op) {
        return Err(op_error(
            ir,
            op,
            format!(
                " region control flow edge from Region #2 to parent results: source has {} operands, but target successor needs {}",
                y.len(),
                ir.num_results(op)
            ),
        ));
    }
    Ok(())
}

// ----- interfaces -------------------------------------------------------------

struct CopyEffects;

impl MemoryEffects for CopyEffects {
    fn effects(&self, _ir: &Ir, _op: OpId, out: &mut Vec<Effect>) {
        out.push(Effect::new(EffectKind::Read, EffectOn::Operand(0)));
        out.push(Effect::new(EffectKind::Write, EffectOn::Operand(1)));
    }
}

impl CopyLike for CopyEffects {
    fn source(&self, _ir: &Ir, _op: OpId) -> usize {
        0
    }
    fn target(&self, _ir: &Ir, _op: OpId) -> usize {
        1
    }
}

/// `test.buffer_based` / `test.region_buffer_based`: reads the input,
/// writes the output.
struct BufferBasedEffects;

impl MemoryEffects for BufferBasedEffects {
    fn effects(&self, _ir: &Ir, _op: OpId, out: &mut Vec<Effect>) {
        out.push(Effect::new(EffectKind::Read, EffectOn::Operand(0)));
        out.push(Effect::new(EffectKind::Write, EffectOn::Operand(1)));
    }
}

/// `test.read_buffer`: reads its operand and writes (dumps) to an unknown
/// resource.
struct ReadBufferEffects;

impl MemoryEffects for ReadBufferEffects {
    fn effects(&self, _ir: &Ir, _op: OpId, out: &mut Vec<Effect>) {
        out.push(Effect::new(EffectKind::Read, EffectOn::Operand(0)));
        out.push(Effect::new(EffectKind::Write, EffectOn::Unknown));
    }
}

/// `test.br` / `test.producing_br` successor operands.
struct TestBranch;

impl BranchOp for TestBranch {
    fn successor_operands(&self, ir: &Ir, op: OpId, succ: usize) -> std::ops::Range<usize> {
        let n = ir.num_operands(op);
        if !ir.is_op(op, "test.producing_br") {
            return 0..n;
        }
        let seg = ir.attr(op, "operandSegmentSizes").and_then(|a| ir.ctx().dense_i64_array(a)).unwrap_or_default();
        let first = seg.first().map_or(0, |&v| v.max(0) as usize).min(n);
        if succ == 1 {
            0..first
        } else {
            first..n
        }
    }
}

/// One region (`AnyRegion`), with `sized` one block (`SizedRegion<1>`).
fn check_one_region(ir: &Ir, op: OpId, sized: bool) -> Result<(), Diagnostic> {
    if ir.regions(op).len() != 1 {
        return Err(op_error(ir, op, format!("requires one region, found {}", ir.regions(op).len())));
    }
    if sized && ir.region_blocks(ir.region(op, 0)).count() != 1 {
        return Err(op_error(ir, op, "region #0 ('region') failed to verify constraint: region with 1 blocks"));
    }
    Ok(())
}

/// A verifier requiring `n` successors.
fn verify_succs(n: usize) -> fn(&Ir, OpId) -> Result<(), Diagnostic> {
    match n {
        1 => |ir, op| check_succs(ir, op, 1),
        _ => |ir, op| check_succs(ir, op, 2),
    }
}

fn check_succs(ir: &Ir, op: OpId, n: usize) -> Result<(), Diagnostic> {
    if ir.successors(op).len() != n {
        return Err(op_error(ir, op, format!("requires {n} successors")));
    }
    Ok(())
}

/// `test.test_effects_result`: `Res<I32, "", [MemAlloc, MemWrite]>`.
struct AllocWriteResult;

impl MemoryEffects for AllocWriteResult {
    fn effects(&self, _ir: &Ir, _op: OpId, out: &mut Vec<Effect>) {
        out.push(Effect::new(EffectKind::Allocate, EffectOn::Result(0)));
        out.push(Effect::new(EffectKind::Write, EffectOn::Result(0)));
    }
}

/// One effect on unspecified memory.
struct UnknownEffect(EffectKind);

impl MemoryEffects for UnknownEffect {
    fn effects(&self, _ir: &Ir, _op: OpId, out: &mut Vec<Effect>) {
        out.push(Effect::new(self.0, EffectOn::Unknown));
    }
}

/// `test.op_with_memread`: one integer result (`AnyInteger`).
fn verify_one_int_result(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ok = ir.num_results(op) == 1
        && matches!(ir.ctx().kind(ir.value_type(ir.result(op, 0))), ir::TypeKind::Integer { .. });
    if !ok {
        return Err(op_error(ir, op, "requires one integer result"));
    }
    Ok(())
}

/// `test.side_effect_op`: `effects = [{effect = "read", on_result}, ...]`.
struct AttrEffects;

impl MemoryEffects for AttrEffects {
    fn effects(&self, ir: &Ir, op: OpId, out: &mut Vec<Effect>) {
        let ctx = ir.ctx();
        let Some(list) = ir.attr(op, "effects").and_then(|a| ctx.array_value(a)) else { return };
        for &e in list {
            let kind = match ctx.dict_get(e, "effect").and_then(|a| ctx.str_value(a)) {
                Some("allocate") => EffectKind::Allocate,
                Some("free") => EffectKind::Free,
                Some("read") => EffectKind::Read,
                Some("write") => EffectKind::Write,
                _ => continue,
            };
            let on = if ctx.dict_get(e, "on_result").is_some() && ir.num_results(op) > 0 {
                EffectOn::Result(0)
            } else {
                EffectOn::Unknown
            };
            out.push(Effect::new(kind, on));
        }
    }
}

/// Return-like test terminators forward all their operands.
struct ForwardAll;

impl RegionTerminator for ForwardAll {
    fn forwarded_operands(&self, ir: &Ir, op: OpId, _to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
        ir.operands(op).collect()
    }
}

/// `test.region_if`: parent → then, else; then/else → join; join → parent.
struct RegionIfBranch;

impl RegionBranch for RegionIfBranch {
    fn successors(&self, ir: &Ir, op: OpId, from: Option<RegionId>, out: &mut SmallVec<[RegionSuccessor; 2]>) {
        let regions = ir.regions(op);
        if regions.len() != 3 {
            return;
        }
        match from {
            None => {
                out.push(RegionSuccessor::Region(regions[0]));
                out.push(RegionSuccessor::Region(regions[1]));
            }
            Some(r) if r == regions[2] => out.push(RegionSuccessor::Parent),
            Some(_) => out.push(RegionSuccessor::Region(regions[2])),
        }
    }

    fn entry_operands(&self, ir: &Ir, op: OpId, _to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
        ir.operands(op).collect()
    }
}

// ----- canonicalization ---------------------------------------------------------

/// The test dialect's canonicalization pattern.
struct DialectPatterns;

impl CanonicalizationPatterns for DialectPatterns {
    fn patterns(&self) -> Vec<Box<dyn RewritePattern>> {
        vec![Box::new(DialectCanonicalizable)]
    }
}

/// `test.dialect_canonicalizable` → `arith.constant 42 : i32`.
struct DialectCanonicalizable;

impl RewritePattern for DialectCanonicalizable {
    fn name(&self) -> &str {
        "dialectCanonicalizationPattern"
    }
    fn root(&self) -> Option<&str> {
        Some("test.dialect_canonicalizable")
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
        if rw.ir().num_results(op) != 1 {
            return false;
        }
        let ctx = rw.ir().ctx_arc().clone();
        let i32t = ctx.int_ty(32);
        let value = ctx.int_attr(i32t, 42);
        let attrs = [NamedAttr { name: ctx.intern_str("value"), value }];
        let results = [i32t];
        let loc = insert_before(rw, op);
        let c = rw.create(OpSpec {
            results: &results,
            attrs: &attrs,
            ..OpSpec::new(ctx.intern_str("arith.constant"), loc)
        });
        let r = rw.ir().result(c, 0);
        rw.replace_op(op, &[r]);
        true
    }
}

// ----- syntax -------------------------------------------------------------------

struct CopyAsm;

impl OpAsm for CopyAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        p.p.expect(TokenKind::LParen, "expected '('")?;
        let a = p.parse_operand()?;
        p.p.expect(TokenKind::Comma, "expected ','")?;
        let b = p.parse_operand()?;
        p.p.expect(TokenKind::RParen, "expected ')'")?;
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        p.p.expect(TokenKind::LParen, "expected '('")?;
        let pos = p.p.tok.start;
        let ta = p.p.parse_type()?;
        p.p.expect(TokenKind::Comma, "expected ','")?;
        let tb = p.p.parse_type()?;
        p.p.expect(TokenKind::RParen, "expected ')'")?;
        st.operands = p.resolve_operands(&[a, b], &[ta, tb], pos)?;
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push('(');
        pr.print_values(ir.operands(op));
        pr.out.push_str(") : (");
        pr.print_types(ir.operand_types(op));
        pr.out.push(')');
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
    }
}

/// `$results : type($results) attr-dict`: `test.region_yield` (`single`:
/// exactly one value) and `test.region_if_yield` (at least one type when
/// parsing, as `parseColonTypeList` requires).
struct RegionYieldAsm {
    single: bool,
}

impl OpAsm for RegionYieldAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let vs = if self.single { vec![p.parse_operand()?] } else { p.parse_operand_list()? };
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let pos = p.p.tok.start;
        let ts = if self.single { vec![p.p.parse_type()?] } else { p.parse_type_list()? };
        st.operands = p.resolve_operands(&vs, &ts, pos)?;
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        pr.print_values(ir.operands(op));
        pr.out.push_str(" : ");
        pr.print_types(ir.operand_types(op));
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
    }
}

/// `in ( $input : type ) out ( $output : type ) [$region] attr-dict`
struct BufferBasedAsm {
    region: bool,
}

fn parse_paren_operand_with_type(p: &mut IrParser<'_, '_>, kw: &str) -> PResult<ValueId> {
    if !p.p.eat_keyword(kw) {
        return Err(p.p.error_here(format!("expected '{kw}'")));
    }
    p.p.expect(TokenKind::LParen, "expected '('")?;
    let v = p.parse_operand()?;
    p.p.expect(TokenKind::Colon, "expected ':'")?;
    let pos = p.p.tok.start;
    let t = p.p.parse_type()?;
    p.p.expect(TokenKind::RParen, "expected ')'")?;
    let r = p.resolve_operands(&[v], &[t], pos)?;
    Ok(r[0])
}

impl OpAsm for BufferBasedAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let input = parse_paren_operand_with_type(p, "in")?;
        let output = parse_paren_operand_with_type(p, "out")?;
        st.operands = vec![input, output];
        if self.region {
            let r = p.ir.create_region();
            p.parse_region(r, &[], false)?;
            ensure_region_yield(p.ir, r, st.loc);
            st.regions.push(r);
        }
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        for (i, kw) in ["in", "out"].iter().enumerate() {
            let Some(v) = ir.operands(op).nth(i) else { continue };
            pr.out.push(' ');
            pr.out.push_str(kw);
            pr.out.push('(');
            pr.print_value(v);
            pr.out.push_str(" : ");
            pr.print_type(ir.value_type(v));
            pr.out.push(')');
        }
        if let Some(&r) = ir.regions(op).first() {
            let print_term = match ir.entry_block(r).and_then(|b| ir.last_op(b)) {
                Some(t) => !ir.attrs(t).is_empty() || ir.num_operands(t) != 0 || ir.num_results(t) != 0,
                None => true,
            };
            pr.out.push(' ');
            pr.print_region(r, true, print_term, false);
        }
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
    }
}

/// Appends an operand-less `test.region_yield` to a region whose block has
/// no terminator (`SingleBlockImplicitTerminator`; the verifier then asks
/// for the missing operand, as upstream's does).
fn ensure_region_yield(ir: &mut Ir, region: RegionId, loc: ir::Location) {
    if ir.region_is_empty(region) {
        ir.append_block(region, &[], &[]);
    }
    let Some(b) = ir.entry_block(region) else { return };
    let needs = match ir.last_op(b) {
        None => true,
        Some(last) => !ir.has_trait(last, OpTraits::TERMINATOR),
    };
    if needs {
        let name = ir.ctx().intern_str("test.region_yield");
        ir.insert_new_op(InsertPoint::BlockEnd(b), OpSpec::new(name, loc));
    }
}

/// `operands : types -> result-types then {..} else {..} join {..}`
struct RegionIfAsm;

impl OpAsm for RegionIfAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let vs = p.parse_operand_list()?;
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let ts = p.parse_type_list()?;
        p.p.expect(TokenKind::Arrow, "expected '->'")?;
        st.result_types = p.p.parse_function_result_types()?;
        for kw in ["then", "else", "join"] {
            if !p.p.eat_keyword(kw) {
                return Err(p.p.error_here(format!("expected '{kw}'")));
            }
            let r = p.ir.create_region();
            p.parse_region(r, &[], false)?;
            st.regions.push(r);
        }
        let pos = p.p.tok.start;
        st.operands = p.resolve_operands(&vs, &ts, pos)?;
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        pr.print_values(ir.operands(op));
        pr.out.push_str(": ");
        pr.print_types(ir.operand_types(op));
        let results = ir.result_types(op);
        pr.out.push_str(" -> ");
        let wrapped = results.len() != 1 || ir.ctx().function_sig(results[0]).is_some();
        if wrapped {
            pr.out.push('(');
        }
        pr.print_types(results.iter().copied());
        if wrapped {
            pr.out.push(')');
        }
        for (kw, &r) in ["then", "else", "join"].iter().zip(ir.regions(op)) {
            pr.out.push(' ');
            pr.out.push_str(kw);
            pr.out.push(' ');
            pr.print_region(r, true, true, false);
        }
    }
}

/// `attr-dict inputs ( $inputs ) $region : type($inputs) -> type($outputs)`
struct CseOfSingleBlockAsm;

impl OpAsm for CseOfSingleBlockAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        if !p.p.eat_keyword("inputs") {
            return Err(p.p.error_here("expected 'inputs'"));
        }
        p.p.expect(TokenKind::LParen, "expected '('")?;
        let vs = p.parse_operand_list()?;
        p.p.expect(TokenKind::RParen, "expected ')'")?;
        let r = p.ir.create_region();
        p.parse_region(r, &[], false)?;
        ensure_region_yield(p.ir, r, st.loc);
        st.regions.push(r);
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let mut ts = Vec::new();
        if !vs.is_empty() {
            p.p.parse_type_list_no_parens(&mut ts)?;
        }
        p.p.expect(TokenKind::Arrow, "expected '->'")?;
        if p.p.at_type_start() {
            p.p.parse_type_list_no_parens(&mut st.result_types)?;
        }
        let pos = p.p.tok.start;
        st.operands = p.resolve_operands(&vs, &ts, pos)?;
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
        pr.out.push_str(" inputs(");
        pr.print_values(ir.operands(op));
        pr.out.push_str(") ");
        // Printers also see unverified ops (generic input): no region, no print.
        if let Some(&r) = ir.regions(op).first() {
            let print_term = match ir.entry_block(r).and_then(|b| ir.last_op(b)) {
                Some(t) => !ir.attrs(t).is_empty() || ir.num_operands(t) != 0 || ir.num_results(t) != 0,
                None => true,
            };
            pr.print_region(r, true, print_term, false);
        }
        pr.out.push_str(" : ");
        pr.print_types(ir.operand_types(op));
        pr.out.push_str(" -> ");
        pr.print_types(ir.result_types(op).iter().copied());
    }
}

/// `attr-dict-with-keyword $region`
struct GraphRegionAsm;

impl OpAsm for GraphRegionAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        if p.p.eat_keyword("attributes") {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        let r = p.ir.create_region();
        p.parse_region(r, &[], false)?;
        st.regions.push(r);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.print_optional_attr_dict_with_keyword(ir.attrs(op), &[]);
        if let Some(&r) = ir.regions(op).first() {
            pr.out.push(' ');
            pr.print_region(r, true, true, false);
        }
    }
}

/// `in ( $input : type ) -> type($result) attr-dict`
struct TensorBasedAsm;

impl OpAsm for TensorBasedAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let input = parse_paren_operand_with_type(p, "in")?;
        p.p.expect(TokenKind::Arrow, "expected '->'")?;
        let t = p.p.parse_type()?;
        st.operands = vec![input];
        st.result_types = vec![t];
        if p.p.at(TokenKind::LBrace) {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        if let Some(v) = ir.operands(op).next() {
            pr.out.push_str(" in(");
            pr.print_value(v);
            pr.out.push_str(" : ");
            pr.print_type(ir.value_type(v));
            pr.out.push(')');
        }
        pr.out.push_str(" -> ");
        pr.print_types(ir.result_types(op).iter().copied());
        pr.print_optional_attr_dict(ir.attrs(op), &[]);
    }
}
