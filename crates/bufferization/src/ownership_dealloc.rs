//! The `ownership-based-buffer-deallocation` pass (MLIR's
//! `OwnershipBasedBufferDeallocation`): frees every buffer exactly once
//! with `bufferization.dealloc` ops at the ends of blocks, passing the
//! ownership of memrefs as `i1` indicators along branches, region-branch
//! ops and (with `private-function-dynamic-ownership`) calls of private
//! functions.
//!
//! Design, as upstream: each function is processed block by block, nested
//! blocks before the block holding their op, the blocks of a region in
//! depth-first order from the entry (so a block's dominators come first).
//! A block takes the ownership of the memrefs live into it from its own
//! region, none of those captured from enclosing regions, and receives one
//! new `i1` argument per memref argument (function arguments are not owned:
//! the function-boundary ABI). Ops are handled through their interfaces:
//! `BufferDeallocationOp` for ops with special needs, then memory effects
//! (allocations on the default resource are owned; `alloca`'s
//! automatic-allocation-scope resource and `bufferization.manual_deallocation`
//! ops are not; frees are rejected unless manual), region branches (an `i1`
//! operand per memref entry operand, an `i1` result per memref result),
//! calls, branches (a dealloc before the branch, the updated indicators
//! forwarded), and region terminators (a dealloc before them; a function's
//! results are returned owned, cloned when the ownership is not known to
//! be true). Results whose ownership no interface set alias all memref
//! operands, or are not owned when there are none. The liveness is that of
//! the function before the pass; an op the pass replaces (a region branch
//! or call gaining ownership results) is followed to its replacement, so
//! its results stay retained where they are live (upstream forgets them
//! and frees a region result used in a later block before its use).
//!
//! Multi-way branches take part through `BufferDeallocationOp`:
//! `cf.cond_br` as upstream, and `cf.switch`, which upstream rejects, with
//! one dealloc per successor under the condition that it is taken.
//!
//! Loops of blocks (CFG back edges, natural or irreducible) are rejected
//! with upstream's error unless `allow-unstructured-loops` is set. With it,
//! they are processed by the same single walk, which is then already a
//! fixed point: a block depends only on its dominators (visited before it
//! in depth-first pre-order, whatever the back edges) and on its own
//! arguments. A memref carried around a loop can only enter a block as a
//! block argument, and its ownership enters with it as the `i1` argument
//! that every predecessor, the back-edge ones included, passes; a memref
//! live across the loop keeps the ownership of its defining block, and
//! every block of the loop retains it (it is live out of each of them)
//! until the edge leaving its live range frees it. A buffer that enters
//! the loop as the header's initial memref and also stays live in it is
//! retained twice by the entry edge's dealloc; both updated conditions are
//! equal, and it keeps the first (upstream's join of the two would make
//! its ownership unknown in the header). Aliases among the
//! owned memrefs of one block (an argument of the loop header and the
//! buffer it was initialised with) are resolved at run time by the
//! `bufferization.dealloc` semantics: retained values are never freed, and
//! a buffer named twice is freed once. Nothing flows back along a back
//! edge that the walk would have to revisit.

use crate::dealloc_state::{is_constant, is_memref, State};
use dialects::bufferization::CloneOp;
use dialects::cf::AssertOp;
use dialects::scf::{IfOp, YieldOp};
use dialects::util::build_bool;
use ir::buffer_interfaces::{BufferDeallocationOp, DeallocationOptions, DeallocationState, Ownership};
use ir::interfaces::{
    call_op, callable, memory_effects, resolve_callee, symbol_op, BranchOp, EffectKind, EffectOn, RegionBranch,
    RegionSuccessor, RegionTerminator, Resource, Visibility,
};
use ir::op_decl::IrBuilder;
use ir::rewrite_api::BranchOpMut;
use ir::{BlockId, Diagnostic, InsertPoint, Ir, OpId, OpSpec, OpTraits, RegionId, Type, ValueId};
use transforms::pass::{OptionDecl, Pass, PassContext, PassInfo};

/// The attribute that puts an op under manual deallocation.
const MANUAL_DEALLOCATION: &str = "bufferization.manual_deallocation";

/// The pass with its options.
pub struct OwnershipBasedBufferDeallocation {
    options: DeallocationOptions,
    /// `allow-unstructured-loops` (a bufopt extension).
    allow_loops: bool,
}

impl Pass for OwnershipBasedBufferDeallocation {
    fn name(&self) -> &'static str {
        "ownership-based-buffer-deallocation"
    }
    fn title(&self) -> String {
        "OwnershipBasedBufferDeallocation".to_string()
    }
    fn options_text(&self) -> String {
        format!(
            "allow-unstructured-loops={} private-function-dynamic-ownership={}",
            self.allow_loops, self.options.private_func_dynamic_ownership
        )
    }
    fn runs_per_isolated_symbol(&self) -> bool {
        // Without dynamic ownership no function looks at another (a call's
        // results are owned whatever its callee is), so the module pass is
        // the same as running on each function apart: the pass manager can
        // then keep it in one per-function run with the canonicalizations
        // around it (one copy of each function for the whole pipeline).
        // With it, a call depends on whether its callee is private.
        !self.options.private_func_dynamic_ownership
    }
    fn run(&self, ir: &mut Ir, op: OpId, _cx: &mut PassContext) -> Result<(), Diagnostic> {
        // Post-order, as MLIR's walk: nested functions first.
        for f in crate::defined_functions(ir, op) {
            deallocate_function(ir, f, self.options, self.allow_loops)?;
        }
        Ok(())
    }
}

/// The registry entry.
pub fn pass_info() -> PassInfo {
    PassInfo {
        name: "ownership-based-buffer-deallocation",
        summary: "Adds all required dealloc operations for all allocations in the input program",
        options: vec![
            OptionDecl {
                name: "allow-unstructured-loops",
                help: "Accept loops of blocks (CFG back edges) instead of rejecting them as upstream does (a bufopt extension)",
                default: "false",
                choices: &[],
            },
            OptionDecl {
            name: "private-function-dynamic-ownership",
            help: "Allows to add additional arguments to private functions to dynamically pass ownership of memrefs to callees. This can enable earlier deallocations.",
            default: "false",
            choices: &[],
        }],
        ctor: |o| {
            Ok(Box::new(OwnershipBasedBufferDeallocation {
                options: DeallocationOptions {
                    private_func_dynamic_ownership: o.get_bool("private-function-dynamic-ownership"),
                },
                allow_loops: o.get_bool("allow-unstructured-loops"),
            }))
        },
    }
}

/// Runs the deallocation on one function (MLIR's
/// `deallocateBuffersOwnershipBased`).
/// With `allow_loops`, loops of blocks are accepted (see the module doc)
/// instead of rejected as upstream does.
pub fn deallocate_function(
    ir: &mut Ir,
    func: OpId,
    options: DeallocationOptions,
    allow_loops: bool,
) -> Result<(), Diagnostic> {
    if !allow_loops && has_cfg_loop(ir, func) {
        return Err(
            Diagnostic::error(ir.op_loc(func), "Only structured control-flow loops are supported.").with_op(func)
        );
    }
    let mut d = Dealloc { state: State::new(ir, func), options, added_args: Default::default() };
    d.walk_op(ir, func)?;
    update_function_signature(ir, func)
}

/// True when a region under `func` has a cycle of blocks reachable from its
/// entry through branch ops (MLIR's `Backedges` analysis finds one).
fn has_cfg_loop(ir: &Ir, func: OpId) -> bool {
    let reg = ir.ctx().registry();
    for op in ir.pre_order(func) {
        for &r in ir.regions(op) {
            let Some(entry) = ir.entry_block(r) else { continue };
            // 0 new, 1 on the DFS stack, 2 done.
            let mut state: rustc_hash::FxHashMap<BlockId, u8> = rustc_hash::FxHashMap::default();
            let succs = |b: BlockId| -> Vec<BlockId> {
                match ir.terminator(b) {
                    Some(t) if reg.interface::<dyn BranchOp>(ir.op_name(t)).is_some() => ir.successors(t).to_vec(),
                    _ => Vec::new(),
                }
            };
            let mut stack: Vec<(BlockId, Vec<BlockId>, usize)> = vec![(entry, succs(entry), 0)];
            state.insert(entry, 1);
            while let Some(top) = stack.last_mut() {
                if let Some(&s) = top.1.get(top.2) {
                    top.2 += 1;
                    match state.get(&s).copied().unwrap_or(0) {
                        0 => {
                            state.insert(s, 1);
                            let ss = succs(s);
                            stack.push((s, ss, 0));
                        }
                        1 => return true,
                        _ => {}
                    }
                } else {
                    state.insert(top.0, 2);
                    stack.pop();
                }
            }
        }
    }
    false
}

/// The blocks of `r` reachable from its entry in depth-first pre-order
/// (LLVM's `depth_first`), the order MLIR's forward-dominance walk uses.
fn dfs_blocks(ir: &Ir, r: RegionId) -> Vec<BlockId> {
    let Some(entry) = ir.entry_block(r) else { return Vec::new() };
    let mut out = vec![entry];
    let mut seen: rustc_hash::FxHashSet<BlockId> = rustc_hash::FxHashSet::default();
    seen.insert(entry);
    let mut stack: Vec<(BlockId, usize)> = vec![(entry, 0)];
    while let Some(top) = stack.last_mut() {
        let succs = ir.terminator_successors(top.0);
        if let Some(&s) = succs.get(top.1) {
            top.1 += 1;
            if seen.insert(s) {
                out.push(s);
                stack.push((s, 0));
            }
        } else {
            stack.pop();
        }
    }
    out
}

/// Where MLIR's `OpBuilder::atBlockBegin` inserts: before the block's
/// first op as of now.
fn block_begin(ir: &Ir, b: BlockId) -> InsertPoint {
    match ir.first_op(b) {
        Some(o) => InsertPoint::Before(o),
        None => InsertPoint::BlockEnd(b),
    }
}

/// Where the `i1` constants for the ops of `block` go: its beginning
/// (MLIR's `atBlockBegin`), except in the region of a masking op
/// (`MaskingOpInterface`, i.e. `vector.mask`), which holds only the masked
/// op and its terminator: then right before the masking op, whose block
/// dominates the region (mlir-opt-19 puts them inside and fails to verify).
fn constant_ip(ir: &Ir, block: BlockId) -> InsertPoint {
    match ir.first_op(block).and_then(|o| dialects::vector::mask::masking_op(ir, o)) {
        Some(mask) => InsertPoint::Before(mask.0),
        None => block_begin(ir, block),
    }
}

fn is_region_terminator(ir: &Ir, op: OpId) -> bool {
    ir.ctx().registry().interface::<dyn RegionTerminator>(ir.op_name(op)).is_some()
        || ir.has_trait(op, OpTraits::RETURN_LIKE)
}

fn is_branch(ir: &Ir, op: OpId) -> bool {
    ir.ctx().registry().interface::<dyn BranchOp>(ir.op_name(op)).is_some()
}

fn is_region_branch(ir: &Ir, op: OpId) -> bool {
    ir.ctx().registry().interface::<dyn RegionBranch>(ir.op_name(op)).is_some()
}

/// The operand indices of region terminator `op` forwarded to the parent
/// (MLIR's `getMutableSuccessorOperands(parent)`): the trailing operands
/// the terminator forwards.
fn parent_operand_range(ir: &Ir, op: OpId) -> std::ops::Range<usize> {
    let n = analysis::alias::forwarded_operands(ir, op, RegionSuccessor::Parent).len();
    let total = ir.num_operands(op);
    total - n.min(total)..total
}

fn is_private_definition(ir: &Ir, op: OpId) -> bool {
    symbol_op(ir, op).is_some_and(|s| s.visibility(ir, op) == Visibility::Private && !s.is_declaration(ir, op))
}

/// True when `op` has an effect of `kind` on anything.
fn has_effect(effects: &[ir::interfaces::Effect], kind: EffectKind) -> bool {
    effects.iter().any(|e| e.kind == kind)
}

/// MLIR's `hasBufferSemantics`.
fn has_buffer_semantics(ir: &Ir, op: OpId) -> bool {
    ir.operands(op).any(|v| is_memref(ir, v))
        || ir.results(op).any(|v| is_memref(ir, v))
        || ir
            .regions(op)
            .iter()
            .any(|&r| ir.entry_block(r).is_some_and(|b| ir.block_args(b).iter().any(|&a| is_memref(ir, a))))
}

/// MLIR's `verifyOperationPreconditions`.
fn verify_preconditions(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let effects = memory_effects(ir, op);
    let neither = match &effects {
        Some(e) => !has_effect(e, EffectKind::Allocate) && !has_effect(e, EffectKind::Free),
        None => ir.has_trait(op, OpTraits::RECURSIVE_MEMORY_EFFECTS),
    };
    if !has_buffer_semantics(ir, op) && neither {
        return Ok(());
    }
    let err = |m: &str| Err(Diagnostic::error(ir.op_loc(op), m.to_string()).with_op(op));
    if dialects::bufferization::DeallocOp::matches(ir, op) {
        return err("No deallocation operations must be present when running this pass!");
    }
    if effects.is_none() && call_op(ir, op).is_none() {
        return err("ops with unknown memory side effects are not supported");
    }
    let n = ir.regions(op).len();
    if ((n == 1 && ir.num_results(op) > 0) || n > 1) && !is_region_branch(ir, op) {
        return err("All operations with attached regions need to implement the RegionBranchOpInterface.");
    }
    if ir.has_trait(op, OpTraits::NO_TERMINATOR) {
        return err("NoTerminator trait is not supported");
    }
    if ir.has_trait(op, OpTraits::TERMINATOR) {
        let (br, rt) = (is_branch(ir, op), is_region_terminator(ir, op));
        if br == rt {
            return err("Terminators must implement either BranchOpInterface or RegionBranchTerminatorOpInterface (but not both)!");
        }
        if ir.successors(op).len() > 1 {
            return err("Terminators with more than one successor are not supported!");
        }
    }
    Ok(())
}

/// MLIR's `updateFunctionSignature`: the function's result types become
/// those its returns forward.
fn update_function_signature(ir: &mut Ir, func: OpId) -> Result<(), Diagnostic> {
    let Some(&body) = ir.regions(func).first() else { return Ok(()) };
    let mut returned: Option<Vec<Type>> = None;
    for b in ir.region_blocks(body) {
        for o in ir.block_ops(b) {
            if !is_region_terminator(ir, o) {
                continue;
            }
            let tys: Vec<Type> = parent_operand_range(ir, o).map(|i| ir.value_type(ir.operand(o, i))).collect();
            match &returned {
                Some(r) if *r != tys => {
                    return Err(Diagnostic::error(
                        ir.op_loc(func),
                        "there are multiple return operations with different operand types",
                    )
                    .with_op(func));
                }
                Some(_) => {}
                None => returned = Some(tys),
            }
        }
    }
    let Some(c) = callable(ir, func) else { return Ok(()) };
    let (_, old_results) = c.signature(ir, func);
    let results = returned.unwrap_or(old_results);
    let Some(entry) = ir.entry_block(body) else { return Ok(()) };
    let inputs: Vec<Type> = ir.block_args(entry).iter().map(|&a| ir.value_type(a)).collect();
    let ctx = ir.ctx_arc().clone();
    let fty = ctx.function_ty(&inputs, &results);
    let attr = ctx.type_attr(fty);
    ir.set_attr_str(func, "function_type", attr);
    Ok(())
}

/// Creates a copy of `op` with `extra` result types appended, taking its
/// regions, and replaces `op` by it (MLIR's `appendOpResults`); `state`
/// learns the new results, so that the liveness (of the function before the
/// pass) still knows them.
fn append_op_results(ir: &mut Ir, state: &mut State, op: OpId, extra: &[Type]) -> OpId {
    let mut types: Vec<Type> = ir.result_types(op).to_vec();
    types.extend_from_slice(extra);
    let operands: Vec<ValueId> = ir.operands(op).collect();
    let attrs = ir.attrs(op).to_vec();
    let succs = ir.successors(op).to_vec();
    let regions = ir.regions(op).to_vec();
    let spec = OpSpec {
        operands: &operands,
        results: &types,
        attrs: &attrs,
        successors: &succs,
        num_regions: regions.len(),
        props: ir.props(op),
        ..OpSpec::new(ir.op_name(op), ir.op_loc(op))
    };
    let new = ir.insert_new_op(InsertPoint::Before(op), spec);
    for (i, &old) in regions.iter().enumerate() {
        let dst = ir.region(new, i);
        ir.inline_region_before(old, dst, None);
    }
    for i in 0..ir.num_results(op) {
        let (from, to) = (ir.result(op, i), ir.result(new, i));
        ir.replace_all_uses(from, to);
        state.record_replacement(from, to);
    }
    ir.erase_op(op);
    new
}

struct Dealloc {
    state: State,
    options: DeallocationOptions,
    /// The indicator arguments added to each block.
    added_args: rustc_hash::FxHashMap<BlockId, usize>,
}

impl Dealloc {
    /// MLIR's post-order walk over blocks in forward dominance order.
    fn walk_op(&mut self, ir: &mut Ir, op: OpId) -> Result<(), Diagnostic> {
        let regions = ir.regions(op).to_vec();
        for r in regions {
            for b in dfs_blocks(ir, r) {
                let ops = ir.block_ops_vec(b);
                for o in ops {
                    if !ir.regions(o).is_empty() {
                        self.walk_op(ir, o)?;
                    }
                }
                self.deallocate_block(ir, b)?;
            }
        }
        Ok(())
    }

    fn bool_at(ir: &mut Ir, ip: InsertPoint, loc: ir::Location, v: bool) -> ValueId {
        build_bool(&mut IrBuilder::at(ir, ip), loc, v)
    }

    fn deallocate_block(&mut self, ir: &mut Ir, block: BlockId) -> Result<(), Diagnostic> {
        let ip = constant_ip(ir, block);
        let region = ir.block_region(block);
        for li in self.state.live_memrefs_in(ir, block) {
            let def_block = ir.value_block(li);
            let def_region = def_block.and_then(|b| ir.block_region(b));
            if def_region == region {
                let own = def_block.map(|db| self.state.ownership(li, db)).unwrap_or_default();
                self.state.update_ownership(ir, li, own, Some(block));
                self.state.add_memref_to_deallocate(li, block);
                continue;
            }
            if let (Some(dr), Some(r)) = (def_region, region) {
                if is_proper_ancestor_region(ir, dr, r) {
                    let f = Self::bool_at(ir, ip, ir.value_loc(li), false);
                    self.state.update_ownership(ir, li, Ownership::Unique(f), Some(block));
                }
            }
        }
        let parent = ir.block_parent_op(block);
        let is_func_entry =
            parent.is_some_and(|p| callable(ir, p).is_some()) && region.and_then(|r| ir.entry_block(r)) == Some(block);
        let nargs = ir.block_args(block).len();
        let i1 = ir.ctx().i1_ty();
        for i in 0..nargs {
            let arg = ir.block_arg(block, i);
            if !is_memref(ir, arg) {
                continue;
            }
            let loc = ir.value_loc(arg);
            let indicator = if is_func_entry {
                Self::bool_at(ir, ip, loc, false)
            } else {
                *self.added_args.entry(block).or_default() += 1;
                ir.add_block_arg(block, i1, loc)
            };
            self.state.update_ownership(ir, arg, Ownership::Unique(indicator), None);
            self.state.add_memref_to_deallocate(arg, block);
        }
        let mut cur = ir.first_op(block);
        while let Some(op) = cur {
            cur = ir.next_op(op);
            if let Some(new) = self.handle_all(ir, op)? {
                self.populate_remaining_ownerships(ir, new);
            }
        }
        Ok(())
    }

    fn handle_all(&mut self, ir: &mut Ir, op: OpId) -> Result<Option<OpId>, Diagnostic> {
        let ctx = ir.ctx_arc().clone();
        if let Some(i) = ctx.registry().interface::<dyn BufferDeallocationOp>(ir.op_name(op)) {
            return i.process(ir, op, &mut self.state, &self.options);
        }
        verify_preconditions(ir, op)?;
        let mut op = op;
        if memory_effects(ir, op).is_some() {
            op = self.handle_memory_effects(ir, op)?;
        }
        if is_region_branch(ir, op) {
            op = self.handle_region_branch(ir, op);
        }
        if call_op(ir, op).is_some() {
            op = self.handle_call(ir, op);
        }
        if is_branch(ir, op) {
            op = self.handle_branch(ir, op)?;
        }
        if is_region_terminator(ir, op) {
            op = self.handle_region_terminator(ir, op)?;
        }
        Ok(Some(op))
    }

    fn handle_memory_effects(&mut self, ir: &mut Ir, op: OpId) -> Result<OpId, Diagnostic> {
        let effects = memory_effects(ir, op).unwrap_or_default();
        let block = ir.op_block(op).expect("an op in a block");
        let loc = ir.op_loc(op);
        let manual = ir.attr(op, MANUAL_DEALLOCATION).is_some();
        let operands: Vec<ValueId> = ir.operands(op).collect();
        for &v in &operands {
            if !is_memref(ir, v) {
                continue;
            }
            let frees = effects.iter().any(|e| {
                e.kind == EffectKind::Free && matches!(e.on, EffectOn::Operand(i) if operands.get(i) == Some(&v))
            });
            if !frees {
                continue;
            }
            if !manual {
                return Err(
                    Diagnostic::error(loc, "memory free side-effect on MemRef value not supported!").with_op(op)
                );
            }
            if let Ownership::Unique(ind) = self.state.ownership(v, block) {
                let mut b = IrBuilder::at(ir, InsertPoint::Before(op));
                let t = build_bool(&mut b, loc, true);
                let i1 = b.ir.ctx().i1_ty();
                let inv = dialects::arith::XOrIOp::build(&mut b, loc, i1, ind, t).result(b.ir);
                AssertOp::build(&mut b, loc, inv, "expected that the block does not have ownership");
            }
        }
        let results: Vec<ValueId> = ir.results(op).collect();
        let ip = constant_ip(ir, block);
        for (i, &r) in results.iter().enumerate() {
            if !is_memref(ir, r) {
                continue;
            }
            let Some(alloc) = effects.iter().find(|e| e.kind == EffectKind::Allocate && e.on == EffectOn::Result(i))
            else {
                continue;
            };
            if alloc.resource == Resource::AutomaticAllocationScope || manual {
                self.state.reset_ownerships(&[r], block);
                let f = Self::bool_at(ir, ip, loc, false);
                self.state.update_ownership(ir, r, Ownership::Unique(f), None);
                continue;
            }
            let t = Self::bool_at(ir, ip, loc, true);
            self.state.update_ownership(ir, r, Ownership::Unique(t), None);
            self.state.add_memref_to_deallocate(r, block);
        }
        Ok(op)
    }

    fn handle_region_branch(&mut self, ir: &mut Ir, op: OpId) -> OpId {
        let ctx = ir.ctx_arc().clone();
        let block = ir.op_block(op).expect("an op in a block");
        let ip = constant_ip(ir, block);
        let loc = ir.op_loc(op);
        let rb = ctx.registry().interface::<dyn RegionBranch>(ir.op_name(op)).expect("a region branch op");
        let succs = ir::interfaces::region_successors(ir, op, None).unwrap_or_default();
        let n =
            succs.first().map_or(0, |&s| rb.entry_operands(ir, op, s).iter().filter(|&&v| is_memref(ir, v)).count());
        let f = Self::bool_at(ir, ip, loc, false);
        let end = ir.num_operands(op);
        ir.insert_operands(op, end, &vec![f; n]);
        let counter = ir.num_results(op);
        let m = ir.results(op).filter(|&r| is_memref(ir, r)).count();
        let new = append_op_results(ir, &mut self.state, op, &vec![ctx.i1_ty(); m]);
        let mut k = counter;
        let results: Vec<ValueId> = ir.results(new).collect();
        for r in results {
            if !is_memref(ir, r) {
                continue;
            }
            let ind = ir.result(new, k);
            k += 1;
            self.state.update_ownership(ir, r, Ownership::Unique(ind), None);
            self.state.add_memref_to_deallocate(r, block);
        }
        new
    }

    fn handle_call(&mut self, ir: &mut Ir, op: OpId) -> OpId {
        // The callee is only looked up with dynamic ownership (a function
        // run on its own does not see the others).
        let private = || resolve_callee(ir, op).is_some_and(|c| is_private_definition(ir, c));
        if self.options.private_func_dynamic_ownership && private() {
            let m = ir.results(op).filter(|&r| is_memref(ir, r)).count();
            let counter = ir.num_results(op);
            let i1 = ir.ctx().i1_ty();
            let new = append_op_results(ir, &mut self.state, op, &vec![i1; m]);
            let mut k = counter;
            let results: Vec<ValueId> = ir.results(new).collect();
            for r in results {
                if !is_memref(ir, r) {
                    continue;
                }
                let ind = ir.result(new, k);
                k += 1;
                self.state.update_ownership(ir, r, Ownership::Unique(ind), None);
                let b = ir.value_block(r).expect("a result in a block");
                self.state.add_memref_to_deallocate(r, b);
            }
            return new;
        }
        let t = Self::bool_at(ir, InsertPoint::Before(op), ir.op_loc(op), true);
        let results: Vec<ValueId> = ir.results(op).collect();
        for r in results {
            if !is_memref(ir, r) {
                continue;
            }
            self.state.update_ownership(ir, r, Ownership::Unique(t), None);
            let b = ir.value_block(r).expect("a result in a block");
            self.state.add_memref_to_deallocate(r, b);
        }
        op
    }

    fn handle_branch(&mut self, ir: &mut Ir, op: OpId) -> Result<OpId, Diagnostic> {
        let loc = ir.op_loc(op);
        let nsucc = ir.successors(op).len();
        if nsucc > 1 {
            return Err(Diagnostic::error(
                loc,
                "BranchOpInterface operations with multiple successors are not supported yet",
            )
            .with_op(op));
        }
        if nsucc != 1 {
            return Err(Diagnostic::error(
                loc,
                "only BranchOpInterface operations with exactly one successor are supported yet",
            ));
        }
        let ctx = ir.ctx_arc().clone();
        let range =
            ctx.registry().interface::<dyn BranchOp>(ir.op_name(op)).expect("a branch").successor_operands(ir, op, 0);
        let target = ir.successors(op)[0];
        // Arguments the target had before this pass added indicators: more
        // than the forwarded operands means the branch produces some.
        let added = self.added_args.get(&target).copied().unwrap_or(0);
        if ir.block_args(target).len() - added > range.len() {
            return Err(Diagnostic::error(loc, "produced operands are not supported").with_op(op));
        }
        let block = ir.op_block(op).expect("a branch in a block");
        let ip = InsertPoint::Before(op);
        let (memrefs, conditions) = self.state.memrefs_and_conditions_to_deallocate(ir, ip, loc, block)?;
        let forwarded: Vec<ValueId> = range.map(|i| ir.operand(op, i)).collect();
        let retain = self.state.memrefs_to_retain(ir, block, Some(target), &forwarded);
        let dealloc = dialects::bufferization::build::build_dealloc(
            &mut IrBuilder::at(ir, ip),
            loc,
            &memrefs,
            &conditions,
            &retain,
        );
        let updated: Vec<ValueId> = ir.results(dealloc.0).collect();
        dialects::dealloc_interfaces::take_retained_ownerships(ir, &mut self.state, &retain, &updated, block);
        let n = forwarded.iter().filter(|&&v| is_memref(ir, v)).count();
        let extra: Vec<ValueId> = updated.into_iter().take(n).collect();
        if !extra.is_empty() {
            match ctx.registry().interface::<dyn BranchOpMut>(ir.op_name(op)) {
                Some(m) => m.append_successor_operands(ir, op, 0, &extra),
                None => {
                    return Err(
                        Diagnostic::error(loc, "cannot forward ownership indicators through this branch").with_op(op)
                    )
                }
            }
        }
        Ok(op)
    }

    fn handle_region_terminator(&mut self, ir: &mut Ir, op: OpId) -> Result<OpId, Diagnostic> {
        let block = ir.op_block(op).expect("a terminator in a block");
        let parent = ir.parent_op(op);
        let func_without_dynamic = parent.is_some_and(|p| {
            callable(ir, p).is_some()
                && (!self.options.private_func_dynamic_ownership
                    || !is_private_symbol(ir, p)
                    || callable(ir, p).is_some_and(|c| c.body(ir, p).is_none_or(|r| ir.region_is_empty(r))))
        });
        let ip = InsertPoint::Before(op);
        if func_without_dynamic {
            for i in 0..ir.num_operands(op) {
                let v = ir.operand(op, i);
                if !is_memref(ir, v) {
                    continue;
                }
                let nv = self.materialize_guaranteed_ownership(ir, ip, v, block);
                ir.set_operand(op, i, nv);
            }
        }
        let range = parent_operand_range(ir, op);
        let operands: Vec<ValueId> = range.clone().map(|i| ir.operand(op, i)).collect();
        let updated = self.state.insert_dealloc_for_return_like(ir, op, &operands)?;
        if !func_without_dynamic && !updated.is_empty() {
            ir.insert_operands(op, range.end, &updated);
        }
        Ok(op)
    }

    /// MLIR's `materializeUniqueOwnership`: asks the defining op's
    /// `BufferDeallocationOp` when `memref` is defined in `block`.
    fn materialize_unique_ownership(
        &mut self,
        ir: &mut Ir,
        ip: InsertPoint,
        memref: ValueId,
        block: BlockId,
    ) -> (ValueId, ValueId) {
        if ir.value_block(memref) != Some(block) {
            return self.state.memref_with_unique_ownership(ir, ip, memref, block);
        }
        let owner = ir.defining_op(memref).or_else(|| ir.block_parent_op(block));
        let ctx = ir.ctx_arc().clone();
        if let Some(owner) = owner {
            if let Some(i) = ctx.registry().interface::<dyn BufferDeallocationOp>(ir.op_name(owner)) {
                return i.materialize_unique_ownership(ir, owner, &mut self.state, ip, memref);
            }
        }
        self.state.memref_with_unique_ownership(ir, ip, memref, block)
    }

    /// MLIR's `materializeMemrefWithGuaranteedOwnership`: a memref owned for
    /// sure, through a clone under `scf.if` when ownership is only known at
    /// run time.
    fn materialize_guaranteed_ownership(
        &mut self,
        ir: &mut Ir,
        ip: InsertPoint,
        memref: ValueId,
        block: BlockId,
    ) -> ValueId {
        let (new, cond) = self.materialize_unique_ownership(ir, ip, memref, block);
        if is_constant(ir, cond, 1) {
            return new;
        }
        let loc = ir.value_loc(memref);
        let ty = ir.value_type(new);
        let if_op = IfOp::build(&mut IrBuilder::at(ir, ip), loc, &[ty], cond, 1, 1);
        let (then_r, else_r) = (ir.region(if_op.0, 0), ir.region(if_op.0, 1));
        let then_b = ir.append_block(then_r, &[], &[]);
        YieldOp::build(&mut IrBuilder::at(ir, InsertPoint::BlockEnd(then_b)), loc, &[new]);
        let else_b = ir.append_block(else_r, &[], &[]);
        let mut b = IrBuilder::at(ir, InsertPoint::BlockEnd(else_b));
        let clone = CloneOp::build(&mut b, loc, ty, new).output(b.ir);
        YieldOp::build(&mut b, loc, &[clone]);
        let maybe = ir.result(if_op.0, 0);
        let t = Self::bool_at(ir, ip, loc, true);
        self.state.update_ownership(ir, maybe, Ownership::Unique(t), None);
        let mb = ir.value_block(maybe).expect("an scf.if in a block");
        self.state.add_memref_to_deallocate(maybe, mb);
        maybe
    }

    /// MLIR's `populateRemainingOwnerships`.
    fn populate_remaining_ownerships(&mut self, ir: &mut Ir, op: OpId) {
        let Some(block) = ir.op_block(op) else { return };
        let results: Vec<ValueId> = ir.results(op).collect();
        for r in results {
            if !is_memref(ir, r) || self.state.ownership(r, block) != Ownership::Uninitialized {
                continue;
            }
            let operands: Vec<ValueId> = ir.operands(op).collect();
            for v in operands {
                if !is_memref(ir, v) {
                    continue;
                }
                let own = ir.value_block(v).map(|vb| self.state.ownership(v, vb)).unwrap_or_default();
                self.state.update_ownership(ir, r, own, Some(block));
            }
            if self.state.ownership(r, block) == Ownership::Uninitialized {
                let f = Self::bool_at(ir, InsertPoint::Before(op), ir.op_loc(op), false);
                self.state.update_ownership(ir, r, Ownership::Unique(f), None);
            }
        }
    }
}

fn is_private_symbol(ir: &Ir, op: OpId) -> bool {
    symbol_op(ir, op).is_some_and(|s| s.visibility(ir, op) == Visibility::Private)
}

/// True when `anc` strictly encloses `r`.
fn is_proper_ancestor_region(ir: &Ir, anc: RegionId, r: RegionId) -> bool {
    let mut cur = ir.region_parent_op(r).and_then(|p| ir.op_region(p));
    while let Some(x) = cur {
        if x == anc {
            return true;
        }
        cur = ir.region_parent_op(x).and_then(|p| ir.op_region(p));
    }
    false
}
