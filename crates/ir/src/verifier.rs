//! The structural verifier, mirroring MLIR's: terminators, successors,
//! entry blocks, graph-region shape, unknown ops of registered dialects,
//! each registered op's own verifier, isolation from above, and SSA
//! dominance of every operand. Stops at the first error, as MLIR does.

use crate::arena::{BlockId, Ir, OpId, RegionId, ValueDef};
use crate::context::Str;
use crate::diag::Diagnostic;
use crate::dominance::{block_has_ssa_dominance, DominanceInfo, RegionDomTree};
use crate::registry::OpTraits;
use crate::walk::WalkResult;
use rustc_hash::{FxHashMap, FxHashSet};

/// Verifier options.
#[derive(Clone, Copy, Debug, Default)]
pub struct VerifyOptions {
    /// Accept ops of unregistered dialects.
    pub allow_unregistered: bool,
    /// Prints an op into a message (`block with no terminator, has <op>`);
    /// the text layer supplies it.
    pub op_printer: Option<fn(&Ir, OpId) -> String>,
    /// Skip the verifiers of [`OpTraits::SYMBOL_USER`] ops (for a function
    /// verified apart from its module; [`verify_symbol_uses`] checks them
    /// later).
    pub skip_symbol_users: bool,
    /// Check a large body on the rayon pool ([`verify_in_parallel`]); off
    /// with `--mlir-disable-threading`. The result, and on failure the
    /// diagnostic, is the serial verifier's.
    pub parallel: bool,
}

/// Verifies `root` and everything nested in it.
pub fn verify(ir: &Ir, root: OpId, opts: VerifyOptions) -> Result<(), Diagnostic> {
    if opts.parallel && verify_in_parallel(ir, root, opts) {
        return Ok(());
    }
    // One walk checks everything; only a failure pays for the ordered
    // passes that find and word the first error.
    if walk_dominance(ir, &DominanceInfo::new(), Walk::Root(root), Some(opts)) {
        return Ok(());
    }
    verify_structure(ir, root, opts)?;
    verify_dominance(ir, root)
}

/// Fewer ops than this (nested ones included) are verified serially: the
/// pool's start-up would cost more than it saves.
const PARALLEL_MIN_OPS: usize = 4096;

/// The chunks handed to each pool thread, for load balance (the ops of a
/// chunk may hold very different amounts of nested IR).
const CHUNKS_PER_THREAD: usize = 8;

/// True when every check of [`verify`] passes, found by splitting the body
/// of `root` over the rayon pool. The body is the first op, going down from
/// `root` through single-block regions holding a single op (a module with
/// one function), whose regions hold more than one op; its ops are cut into
/// chunks, each checked (structure and the dominance walk of
/// [`dominance_holds`], with the enclosing ops set up as the serial walk
/// has them) on its own. The ops above the chunks are checked here.
///
/// `false` when `root` is small, has no such body, or something failed:
/// the caller then runs the serial verifier, which words the first error
/// exactly as a serial run would (failures are rare; checking twice only
/// costs then).
pub fn verify_in_parallel(ir: &Ir, root: OpId, opts: VerifyOptions) -> bool {
    use rayon::prelude::*;
    let threads = rayon::current_num_threads();
    if threads < 2 {
        return false;
    }
    let mut seen = 0usize;
    ir.walk_pre(root, |_| {
        seen += 1;
        if seen >= PARALLEL_MIN_OPS {
            WalkResult::Interrupt
        } else {
            WalkResult::Advance
        }
    });
    if seen < PARALLEL_MIN_OPS {
        return false;
    }
    // `chain[0]` is `root`; each further op is alone in the single block of
    // the one before; the last holds the body that is split.
    let mut chain = vec![root];
    loop {
        let Some(&x) = chain.last() else { return false };
        let regions = ir.regions(x);
        let [r] = regions else { break };
        let mut blocks = ir.region_blocks(*r);
        let (Some(b), None) = (blocks.next(), blocks.next()) else { break };
        match ir.first_op(b) {
            Some(o) if ir.last_op(b) == Some(o) => {
                // Operands of an op alone in its block come from outside
                // it: leave such unusual IR to the serial verifier.
                if ir.num_operands(o) != 0 {
                    return false;
                }
                chain.push(o);
            }
            _ => break,
        }
    }
    let Some(&body_op) = chain.last() else { return false };
    // Each chunk is a run of consecutive ops of one region, which may span
    // several blocks (a region of many small blocks must not become one
    // chunk per block: each chunk sets up a walk of its own).
    let mut chunks: Vec<Chunk> = Vec::new();
    for &r in ir.regions(body_op) {
        let total: usize = ir.region_blocks(r).map(|b| ir.block_ops(b).count()).sum();
        let per = total.div_ceil(threads * CHUNKS_PER_THREAD).max(1);
        let mut open: Option<(BlockId, OpId)> = None;
        let mut count = 0usize;
        let mut last_seen: Option<(BlockId, OpId)> = None;
        for b in ir.region_blocks(r) {
            for o in ir.block_ops(b) {
                if open.is_none() {
                    open = Some((b, o));
                }
                count += 1;
                last_seen = Some((b, o));
                if count == per {
                    if let Some((fb, fo)) = open.take() {
                        chunks.push(Chunk { first_block: fb, first: fo, last_block: b, last: o });
                    }
                    count = 0;
                }
            }
        }
        if let (Some((fb, fo)), Some((lb, lo))) = (open, last_seen) {
            chunks.push(Chunk { first_block: fb, first: fo, last_block: lb, last: lo });
        }
    }
    if chunks.len() < 2 {
        return false;
    }
    // The chain's own checks: entry checks top-down, then the exit checks
    // of its blocks and ops bottom-up. The ops of the body are checked by
    // the chunks' walks, so the body op's regions are not scanned here.
    for &c in &chain {
        let ok = if c == body_op {
            verify_op_head(ir, c, opts).is_ok() && ir.regions(c).iter().all(|&r| region_shape(ir, c, r, false).is_ok())
        } else {
            verify_op_entry(ir, c, opts).is_ok()
        };
        if !ok {
            return false;
        }
    }
    for &c in chain.iter().rev() {
        for &r in ir.regions(c) {
            for b in ir.region_blocks(r) {
                if verify_block_exit(ir, b, opts).is_err() {
                    return false;
                }
            }
        }
        let exit = match ir.op_info(c) {
            Some(info) => verify_op_regions(ir, c, info),
            None => verify_op_exit(ir, c, opts),
        };
        if exit.is_err() {
            return false;
        }
    }
    // Where the dominance walk stands when it reaches the body's ops.
    let mut prefix = WalkPrefix { path: chain[1..].to_vec(), region_level: FxHashMap::default(), iso_level: None };
    for (level, &c) in chain.iter().enumerate() {
        for &r in ir.regions(c) {
            prefix.region_level.insert(r, level);
        }
        if ir.has_trait(c, OpTraits::ISOLATED_FROM_ABOVE) {
            prefix.iso_level = Some(level);
        }
    }
    let prefix = &prefix;
    // The dominance trees of the split body's regions, built once for all
    // chunks: each chunk building them again costs chunks x blocks (a
    // function of thousands of blocks has thousands of chunks).
    let trees: Vec<(RegionId, std::sync::Arc<RegionDomTree>)> = ir
        .regions(body_op)
        .iter()
        .filter(|&&r| ir.region_blocks(r).nth(1).is_some())
        .map(|&r| (r, std::sync::Arc::new(RegionDomTree::build(ir, r))))
        .collect();
    let trees = &trees[..];
    chunks.par_iter().all(|&c| chunk_holds(ir, opts, prefix, trees, c))
}

/// A run of consecutive ops of one region: from `first` (in `first_block`)
/// to `last` (in `last_block`, the same block or a later one).
#[derive(Clone, Copy)]
struct Chunk {
    first_block: BlockId,
    first: OpId,
    last_block: BlockId,
    last: OpId,
}

/// The state of the dominance walk of [`dominance_holds`] above a split
/// body: the enclosing ops by level, the level of each enclosing region,
/// the level of the innermost op isolated from above.
struct WalkPrefix {
    path: Vec<OpId>,
    region_level: FxHashMap<RegionId, usize>,
    iso_level: Option<usize>,
}

/// Every check of [`verify`] for the ops of chunk `c` and everything
/// nested in them.
fn chunk_holds(
    ir: &Ir,
    opts: VerifyOptions,
    prefix: &WalkPrefix,
    trees: &[(RegionId, std::sync::Arc<RegionDomTree>)],
    c: Chunk,
) -> bool {
    walk_dominance(ir, &DominanceInfo::with_trees(trees), Walk::Range { prefix, chunk: c }, Some(opts))
}

/// Runs the verifiers of the [`OpTraits::SYMBOL_USER`] ops in `root`, in
/// walk order: the part of [`verify`] that
/// [`VerifyOptions::skip_symbol_users`] left out.
pub fn verify_symbol_uses(ir: &Ir, root: OpId) -> Result<(), Diagnostic> {
    let mut failure: Option<Diagnostic> = None;
    ir.walk_pre(root, |op| match ir.op_info(op) {
        Some(info) if info.has(OpTraits::SYMBOL_USER) => match info.verify {
            Some(v) => record(&mut failure, v(ir, op).map_err(|d| d.with_op(op))),
            None => WalkResult::Advance,
        },
        _ => WalkResult::Advance,
    });
    failure.map_or(Ok(()), Err)
}

fn may_lack_terminator(ir: &Ir, b: BlockId) -> bool {
    let Some(r) = ir.block_region(b) else { return true };
    if ir.region_blocks(r).nth(1).is_some() {
        return false;
    }
    match ir.region_parent_op(r) {
        None => true,
        Some(op) => ir.op_info(op).is_none_or(|i| i.has(OpTraits::NO_TERMINATOR)),
    }
}

/// Walk control for a check's result: stop at the first failure, kept in
/// `failure`.
fn record(failure: &mut Option<Diagnostic>, r: Result<(), Diagnostic>) -> WalkResult {
    match r {
        Ok(()) => WalkResult::Advance,
        Err(d) => {
            *failure = Some(d);
            WalkResult::Interrupt
        }
    }
}

fn verify_structure(ir: &Ir, root: OpId, opts: VerifyOptions) -> Result<(), Diagnostic> {
    // Names of unregistered ops already found acceptable.
    let mut accepted: FxHashSet<Str> = FxHashSet::default();
    structure_fails(ir, root, opts, &mut accepted).map_or(Ok(()), Err)
}

/// The structural checks of `root` and its nested ops: the first failure.
/// `accepted` holds the names of unregistered ops already found acceptable.
fn structure_fails(ir: &Ir, root: OpId, opts: VerifyOptions, accepted: &mut FxHashSet<Str>) -> Option<Diagnostic> {
    // Children before parents ("on exit" checks), but entry checks first.
    let mut failure: Option<Diagnostic> = None;
    ir.walk_pre(root, |op| record(&mut failure, verify_op_entry(ir, op, opts)));
    if failure.is_none() {
        ir.walk_post(root, |op| {
            for &r in ir.regions(op) {
                for b in ir.region_blocks(r) {
                    if let Err(d) = verify_block_exit(ir, b, opts) {
                        return record(&mut failure, Err(d));
                    }
                }
            }
            if let Some(info) = ir.op_info(op) {
                return record(&mut failure, verify_op_regions(ir, op, info));
            }
            if accepted.contains(&ir.op_name(op)) {
                return WalkResult::Advance;
            }
            let r = verify_op_exit(ir, op, opts);
            if r.is_ok() {
                accepted.insert(ir.op_name(op));
            }
            record(&mut failure, r)
        });
    }
    failure
}

#[inline]
fn verify_op_entry(ir: &Ir, op: OpId, opts: VerifyOptions) -> Result<(), Diagnostic> {
    verify_op_head(ir, op, opts)?;
    for &r in ir.regions(op) {
        region_shape(ir, op, r, true)?;
    }
    Ok(())
}

/// The entry checks of one op that do not look into its regions' blocks:
/// terminator position, symbol placement, symbol tables, the op's own
/// verifier, graph-region block counts.
#[inline]
fn verify_op_head(ir: &Ir, op: OpId, opts: VerifyOptions) -> Result<(), Diagnostic> {
    verify_dialect_attrs(ir, op)?;
    let Some(info) = ir.op_info(op) else { return Ok(()) };
    // Only the errors need the name.
    let name = || ir.op_name_str(op);
    if info.has(OpTraits::TERMINATOR) && ir.op_block(op).is_some_and(|b| ir.last_op(b) != Some(op)) {
        return Err(Diagnostic::error(
            ir.op_loc(op),
            format!("'{}' op must be the last operation in the parent block", name()),
        )
        .with_op(op));
    }
    // An optional symbol without a name is no symbol (MLIR's
    // `SymbolOpInterface` verifier returns early).
    let unnamed = info.has(OpTraits::OPTIONAL_SYMBOL) && ir.attr(op, "sym_name").is_none();
    if info.has(OpTraits::SYMBOL) && !unnamed {
        if let Some(p) = ir.parent_op(op) {
            if ir.op_info(p).is_some_and(|pi| !pi.has(OpTraits::SYMBOL_TABLE)) {
                return Err(Diagnostic::error(
                    ir.op_loc(op),
                    format!("'{}' op symbol's parent must have the SymbolTable trait", name()),
                )
                .with_op(op));
            }
        }
    }
    if info.has(OpTraits::SYMBOL_TABLE) {
        verify_symbol_table(ir, op)?;
    }
    if let Some(v) = info.verify {
        if !(opts.skip_symbol_users && info.has(OpTraits::SYMBOL_USER)) {
            v(ir, op).map_err(|d| d.with_op(op))?;
        }
    }
    let graph = info.has(OpTraits::GRAPH_REGION);
    for (i, &r) in ir.regions(op).iter().enumerate() {
        if graph && ir.region_blocks(r).nth(1).is_some() {
            return Err(Diagnostic::error(
                ir.op_loc(op),
                format!("'{}' op expects graph region #{i} to have 0 or 1 blocks", ir.op_name_str(op)),
            )
            .with_op(op));
        }
    }
    Ok(())
}

/// Each discardable attribute of `op` checked by the dialect its name
/// belongs to, first of an op's checks (as MLIR's verifier does).
fn verify_dialect_attrs(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let ctx = ir.ctx();
    let reg = ctx.registry();
    let info = ir.op_info(op);
    for &a in ir.attrs(op) {
        if info.is_some_and(|i| i.is_inherent(a.name)) {
            continue;
        }
        if let Some(v) = reg.attr_verifier_for(ctx.str(a.name)) {
            v.verify_op_attr(ir, op, a).map_err(|d| d.with_op(op))?;
        }
    }
    Ok(())
}

/// The shape of region `r` of `op`: its entry block has no predecessors,
/// no block is empty unless it may lack a terminator, and (when `scan_ops`)
/// only a block's last op has successors.
fn region_shape(ir: &Ir, op: OpId, r: RegionId, scan_ops: bool) -> Result<(), Diagnostic> {
    if let Some(entry) = ir.entry_block(r) {
        if !ir.predecessors(entry).is_empty() {
            return Err(Diagnostic::error(ir.op_loc(op), "entry block of region may not have predecessors"));
        }
    }
    for b in ir.region_blocks(r) {
        if ir.block_is_empty(b) {
            if may_lack_terminator(ir, b) {
                continue;
            }
            return Err(Diagnostic::error(ir.op_loc(op), "empty block: expect at least a terminator"));
        }
        if !scan_ops {
            continue;
        }
        let last = ir.last_op(b);
        for o in ir.block_ops(b) {
            if !ir.successors(o).is_empty() && Some(o) != last {
                return Err(Diagnostic::error(
                    ir.op_loc(o),
                    "operation with block successors must terminate its parent block",
                ));
            }
        }
    }
    Ok(())
}

/// No two symbols of table `op` share a name. A table of one block whose
/// cached symbol table never saw a duplicate needs no scan; otherwise the
/// scan finds the first redefinition, and a clean scan of one block seeds
/// the cache for the symbol lookups that follow.
fn verify_symbol_table(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let single_block = match ir.regions(op) {
        [r] => ir.entry_block(*r).is_some() && ir.region_blocks(*r).nth(1).is_none(),
        _ => false,
    };
    if single_block && ir.cached_symbols_are_unique(op) == Some(true) {
        return Ok(());
    }
    let mut seen: rustc_hash::FxHashMap<crate::Str, OpId> = rustc_hash::FxHashMap::default();
    for &r in ir.regions(op) {
        for b in ir.region_blocks(r) {
            for o in ir.block_ops(b) {
                if let Some(n) = ir.symbol_name(o) {
                    if let Some(&first) = seen.get(&n) {
                        return Err(Diagnostic::error(
                            ir.op_loc(o),
                            format!("redefinition of symbol named '{}'", ir.ctx().str(n)),
                        )
                        .with_note(ir.op_loc(first), "see existing symbol definition here")
                        .with_op(o));
                    }
                    seen.insert(n, o);
                }
            }
        }
    }
    if single_block {
        ir.seed_symbol_table(op, seen);
    }
    Ok(())
}

fn verify_block_exit(ir: &Ir, b: BlockId, opts: VerifyOptions) -> Result<(), Diagnostic> {
    let Some(last) = ir.last_op(b) else { return Ok(()) };
    for &s in ir.successors(last) {
        if ir.block_region(s) != ir.block_region(b) {
            return Err(Diagnostic::error(
                ir.op_loc(last),
                format!("'{}' op branching to block of a different region", ir.op_name_str(last)),
            ));
        }
    }
    if may_lack_terminator(ir, b) {
        return Ok(());
    }
    let is_term = ir.op_info(last).is_none_or(|i| i.has(OpTraits::TERMINATOR));
    if !is_term {
        let text = match opts.op_printer {
            Some(p) => p(ir, last),
            None => ir.op_name_str(last).to_string(),
        };
        return Err(Diagnostic::error(ir.op_loc(last), format!("block with no terminator, has {text}")).with_op(last));
    }
    Ok(())
}

/// The registered op's verifier of what its regions hold, run once they
/// are verified.
#[inline]
fn verify_op_regions(ir: &Ir, op: OpId, info: &crate::registry::OpInfo) -> Result<(), Diagnostic> {
    match info.verify_regions {
        Some(v) => v(ir, op).map_err(|d| d.with_op(op)),
        None => Ok(()),
    }
}

fn verify_op_exit(ir: &Ir, op: OpId, opts: VerifyOptions) -> Result<(), Diagnostic> {
    if ir.op_info(op).is_some() {
        return Ok(());
    }
    let ctx = ir.ctx();
    let name = ir.op_name_str(op);
    let dialect = name.split_once('.').map(|(d, _)| d).unwrap_or("");
    match ctx.lookup_str(dialect).and_then(|d| ctx.registry().dialect(d)) {
        None if opts.allow_unregistered => Ok(()),
        None => Err(Diagnostic::error(
            ir.op_loc(op),
            format!("'{name}' op created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used"),
        )),
        Some(d) if d.allow_unknown_ops => Ok(()),
        Some(_) => Err(Diagnostic::error(
            ir.op_loc(op),
            format!("unregistered operation '{name}' found in dialect ('{dialect}') that does not allow unknown operations"),
        )
        .with_op(op)),
    }
}

/// The dominance and isolation checks of [`verify`] alone (the structure
/// of `root` must be verified already).
pub fn verify_dominance(ir: &Ir, root: OpId) -> Result<(), Diagnostic> {
    let dom = DominanceInfo::new();
    if dominance_holds(ir, root, &dom) {
        return Ok(());
    }
    first_dominance_error(ir, root, &dom)
}

/// [`verify_dominance`] done by the ordered walk alone, whose queries walk
/// up the region nesting: the reference the tests compare the O(1) walk
/// with.
pub fn verify_dominance_reference(ir: &Ir, root: OpId) -> Result<(), Diagnostic> {
    first_dominance_error(ir, root, &DominanceInfo::new())
}

/// The dominance and isolation checks in MLIR's order, stopping at the
/// first failure. MLIR verifies each op isolated from above on its own,
/// once the op holding it has been verified structurally (so in the
/// post-order of their parents), `root` last: first the isolation of its
/// regions, then the dominance inside them. Each query walks up the region
/// nesting, so this runs only when [`dominance_holds`] found a problem.
fn first_dominance_error(ir: &Ir, root: OpId, dom: &DominanceInfo) -> Result<(), Diagnostic> {
    let mut units: Vec<OpId> = Vec::new();
    for p in ir.post_order(root) {
        for &r in ir.regions(p) {
            for b in ir.region_blocks(r) {
                units.extend(ir.block_ops(b).filter(|&o| ir.has_trait(o, OpTraits::ISOLATED_FROM_ABOVE)));
            }
        }
    }
    units.push(root);
    for unit in units {
        if ir.has_trait(unit, OpTraits::ISOLATED_FROM_ABOVE) {
            check_isolation(ir, unit)?;
        }
        dominance_in_regions(ir, unit, dom)?;
    }
    Ok(())
}

/// MLIR's `verifyDominanceOfContainedRegions`: an op's regions, then the
/// region-holding ops found there (last found first), not entering ops
/// isolated from above.
fn dominance_in_regions(ir: &Ir, unit: OpId, dom: &DominanceInfo) -> Result<(), Diagnostic> {
    let mut stack = vec![unit];
    while let Some(op) = stack.pop() {
        for &r in ir.regions(op) {
            for b in ir.region_blocks(r) {
                // Dominance is only checked in reachable blocks; in a block
                // without SSA dominance (graph regions, the single block of
                // an unregistered op) the ops of the block see each other.
                let reachable = dom.is_reachable(ir, b);
                let ssa = block_has_ssa_dominance(ir, b);
                for o in ir.block_ops(b) {
                    if reachable {
                        for (i, v) in ir.operands(o).enumerate() {
                            // Most operands come from the same block.
                            let ok = match ir.value_def(v) {
                                ValueDef::Result { op: d, .. } if ir.op_block(d) == Some(b) => {
                                    !ssa || ir.is_before_in_block(d, o)
                                }
                                ValueDef::BlockArg { block, .. } if block == b => true,
                                _ => dom.value_dominates(ir, v, o),
                            };
                            if !ok {
                                return Err(dominance_error(ir, o, i));
                            }
                        }
                    }
                    if !ir.regions(o).is_empty() && !ir.has_trait(o, OpTraits::ISOLATED_FROM_ABOVE) {
                        stack.push(o);
                    }
                }
            }
        }
    }
    Ok(())
}

/// True when every operand passes the checks of [`first_dominance_error`],
/// in one depth-first walk that keeps the ops enclosing the current one
/// (`path[k]`: the enclosing op at nesting level `k`) and the level of each
/// region entered. An operand defined in an enclosing region is lifted to
/// that region by indexing `path`, so each check is O(1) however deep the
/// nesting. `false` (also for anything unusual, such as a value defined
/// outside the regions enclosing its use) sends the caller to
/// [`first_dominance_error`], which finds and words the error.
fn dominance_holds(ir: &Ir, root: OpId, dom: &DominanceInfo) -> bool {
    walk_dominance(ir, dom, Walk::Root(root), None)
}

/// Where [`walk_dominance`] starts.
enum Walk<'a> {
    /// Everything nested in this op.
    Root(OpId),
    /// The ops of `chunk` and what is nested in them, with the walk's
    /// state above them (`prefix.path` has one op per level above the
    /// chunk's ops).
    Range { prefix: &'a WalkPrefix, chunk: Chunk },
}

/// The walk of [`dominance_holds`], from the root or over a range of ops.
///
/// With `checks`, the same walk also runs every structural check of
/// [`verify_structure`] (as a yes/no answer): each op's own checks when it
/// is reached, and each region's shape and block exits when the walk enters
/// it, so a region is known well formed before any dominance query looks
/// into it. One pass over the IR instead of three; a failure sends the
/// caller to the ordered verifier for the diagnostic.
fn walk_dominance(ir: &Ir, dom: &DominanceInfo, start: Walk<'_>, checks: Option<VerifyOptions>) -> bool {
    struct Frame {
        op: OpId,
        /// Nesting level of the ops in `op`'s regions.
        level: usize,
        /// Level of the ops in the innermost op isolated from above that
        /// holds them (operands must come from that level or deeper).
        iso_level: Option<usize>,
        next_region: usize,
        block: Option<BlockId>,
        next: Option<OpId>,
        /// The last op to visit, and its block, when the frame covers a
        /// chunk.
        last: Option<(BlockId, OpId)>,
        reachable: bool,
        ssa: bool,
    }
    let frame = |op: OpId, level: usize, outer: Option<usize>| Frame {
        op,
        level,
        iso_level: if ir.has_trait(op, OpTraits::ISOLATED_FROM_ABOVE) { Some(level) } else { outer },
        next_region: 0,
        block: None,
        next: None,
        last: None,
        reachable: false,
        ssa: true,
    };
    // Names of unregistered ops already found acceptable.
    let mut accepted: FxHashSet<Str> = FxHashSet::default();
    let mut op_holds = |o: OpId, opts: VerifyOptions| -> bool {
        if verify_op_head(ir, o, opts).is_err() {
            return false;
        }
        if let Some(info) = ir.op_info(o) {
            return verify_op_regions(ir, o, info).is_ok();
        }
        if accepted.contains(&ir.op_name(o)) {
            return true;
        }
        let ok = verify_op_exit(ir, o, opts).is_ok();
        if ok {
            accepted.insert(ir.op_name(o));
        }
        ok
    };
    let region_holds = |op: OpId, r: RegionId, opts: VerifyOptions| -> bool {
        region_shape(ir, op, r, false).is_ok() && ir.region_blocks(r).all(|b| verify_block_exit(ir, b, opts).is_ok())
    };
    let (mut region_level, mut path, mut frames) = match start {
        Walk::Root(root) => {
            if checks.is_some_and(|opts| !op_holds(root, opts)) {
                return false;
            }
            (FxHashMap::default(), Vec::new(), vec![frame(root, 0, None)])
        }
        Walk::Range { prefix, chunk } => {
            let block = chunk.first_block;
            let Some(op) = ir.block_parent_op(block) else { return false };
            let f = Frame {
                op,
                level: prefix.path.len(),
                iso_level: prefix.iso_level,
                next_region: usize::MAX,
                block: Some(block),
                next: Some(chunk.first),
                last: Some((chunk.last_block, chunk.last)),
                reachable: dom.is_reachable(ir, block),
                ssa: block_has_ssa_dominance(ir, block),
            };
            (prefix.region_level.clone(), prefix.path.clone(), vec![f])
        }
    };
    while let Some(f) = frames.last_mut() {
        let Some(o) = f.next else {
            if let Some((last_block, _)) = f.last {
                // A chunk goes on in the next block until its last block.
                match f.block.filter(|&b| b != last_block).and_then(|b| ir.next_block(b)) {
                    Some(nb) => {
                        f.block = Some(nb);
                        f.next = ir.first_op(nb);
                        f.reachable = dom.is_reachable(ir, nb);
                        f.ssa = block_has_ssa_dominance(ir, nb);
                    }
                    None => {
                        frames.pop();
                    }
                }
                continue;
            }
            let enter = if let Some(nb) = f.block.and_then(|b| ir.next_block(b)) {
                Some(nb)
            } else if let Some(&r) = ir.regions(f.op).get(f.next_region) {
                if checks.is_some_and(|opts| !region_holds(f.op, r, opts)) {
                    return false;
                }
                f.next_region += 1;
                region_level.insert(r, f.level);
                f.block = None;
                ir.entry_block(r)
            } else {
                frames.pop();
                continue;
            };
            if let Some(b) = enter {
                f.block = Some(b);
                f.next = ir.first_op(b);
                f.reachable = dom.is_reachable(ir, b);
                f.ssa = block_has_ssa_dominance(ir, b);
            }
            continue;
        };
        f.next = if f.last.is_some_and(|(_, l)| l == o) { None } else { ir.next_op(o) };
        let (level, iso_level, reachable, ssa) = (f.level, f.iso_level, f.reachable, f.ssa);
        let Some(b) = f.block else { return false };
        if let Some(opts) = checks {
            // Only a block's last op may have successors.
            if !op_holds(o, opts) || (!ir.successors(o).is_empty() && ir.last_op(b) != Some(o)) {
                return false;
            }
        }
        path.truncate(level);
        path.push(o);
        // The level of `r` when it encloses `o`.
        let enclosing = |r: RegionId| -> Option<usize> {
            let l = *region_level.get(&r)?;
            let anc = *path.get(l)?;
            (ir.op_block(anc).and_then(|ab| ir.block_region(ab)) == Some(r)).then_some(l)
        };
        for v in ir.operands(o) {
            let (def_block, def_op) = match ir.value_def(v) {
                ValueDef::Result { op: d, .. } => match ir.op_block(d) {
                    Some(db) => (db, Some(d)),
                    None => return false,
                },
                ValueDef::BlockArg { block, .. } => (block, None),
                ValueDef::Detached => return false,
            };
            if def_block == b {
                // Same block: inside any isolated op holding `o`.
                if reachable && ssa && def_op.is_some_and(|d| !ir.is_before_in_block(d, o)) {
                    return false;
                }
                continue;
            }
            let Some(def_region) = ir.block_region(def_block) else { return false };
            let Some(l) = enclosing(def_region) else { return false };
            if iso_level.is_some_and(|il| l < il) {
                return false;
            }
            if !reachable {
                continue;
            }
            // The ancestor of `o` in the defining region, and its block.
            let anc = path[l];
            let Some(anc_block) = ir.op_block(anc) else { return false };
            let ok = match def_op {
                Some(d) if anc_block == def_block => {
                    !block_has_ssa_dominance(ir, def_block) || (d != anc && ir.is_before_in_block(d, anc))
                }
                Some(_) => dom.tree(ir, def_region).dominates(def_block, anc_block),
                None => dom.dominates_in_region(ir, def_region, def_block, anc_block),
            };
            if !ok {
                return false;
            }
        }
        if !ir.regions(o).is_empty() {
            frames.push(frame(o, level + 1, iso_level));
        }
    }
    true
}

/// MLIR's `verifyIsIsolatedFromAbove`: every op nested in `iso` (not
/// looking into nested ops isolated from above, which check themselves)
/// uses only values defined inside `iso`.
fn check_isolation(ir: &Ir, iso: OpId) -> Result<(), Diagnostic> {
    // Region by region; nested regions on a stack, as MLIR does.
    let mut pending: Vec<crate::arena::RegionId> = Vec::new();
    for &top in ir.regions(iso) {
        pending.push(top);
        while let Some(r) = pending.pop() {
            for b in ir.region_blocks(r) {
                for o in ir.block_ops(b) {
                    for v in ir.operands(o) {
                        let inside = match ir.value_def(v) {
                            ValueDef::Result { op, .. } => ir.is_ancestor(iso, op) && op != iso,
                            ValueDef::BlockArg { block, .. } => {
                                ir.block_parent_op(block).is_some_and(|p| ir.is_ancestor(iso, p))
                            }
                            ValueDef::Detached => false,
                        };
                        if !inside {
                            return Err(Diagnostic::error(
                                ir.op_loc(o),
                                format!("'{}' op using value defined outside the region", ir.op_name_str(o)),
                            )
                            .with_op(o)
                            .with_note(ir.op_loc(iso), "required by region isolation constraints"));
                        }
                    }
                    if !ir.has_trait(o, OpTraits::ISOLATED_FROM_ABOVE) {
                        pending.extend(ir.regions(o).iter().copied());
                    }
                }
            }
        }
    }
    Ok(())
}

fn dominance_error(ir: &Ir, op: OpId, i: usize) -> Diagnostic {
    let v = ir.operand(op, i);
    let d = Diagnostic::error(ir.op_loc(op), format!("operand #{i} does not dominate this use")).with_op(op);
    let ub = ir.op_block(op).expect("attached");
    let ur = ir.block_region(ub);
    match ir.value_def(v) {
        ValueDef::Result { op: def, .. } => {
            let db = ir.op_block(def);
            let dr = db.and_then(|b| ir.block_region(b));
            let what = if db == Some(ub) {
                " (op in the same block)"
            } else if dr == ur {
                " (op in the same region)"
            } else if dr.is_some_and(|r| region_properly_contains(ir, r, ub)) {
                " (op in a parent region)"
            } else if db.is_some_and(|b| ur.is_some_and(|r| region_properly_contains(ir, r, b))) {
                " (op in a child region)"
            } else {
                " (op is neither in a parent nor in a child region)"
            };
            d.with_note(ir.op_loc(def), format!("operand defined here{what}"))
        }
        ValueDef::BlockArg { block, .. } => {
            let loc = ir.block_parent_op(block).map(|p| ir.op_loc(p)).unwrap_or(ir.ctx().unknown_loc());
            let br = ir.block_region(block);
            let index = br.map(|r| ir.region_blocks(r).position(|x| x == block).unwrap_or(0)).unwrap_or(0);
            let rel = if br == ur {
                " in the same region)"
            } else if br.is_some_and(|r| region_properly_contains(ir, r, ub)) {
                " in a parent region)"
            } else if ur.is_some_and(|r| region_properly_contains(ir, r, block)) {
                " in a child region)"
            } else {
                " neither in a parent nor in a child region)"
            };
            d.with_note(loc, format!("operand defined as a block argument (block #{index}{rel}"))
        }
        ValueDef::Detached => d,
    }
}

/// True when block `b` is nested (strictly) inside region `r`.
fn region_properly_contains(ir: &Ir, r: crate::arena::RegionId, b: BlockId) -> bool {
    let mut cur = ir.block_parent_op(b).and_then(|p| ir.op_block(p));
    while let Some(c) = cur {
        if ir.block_region(c) == Some(r) {
            return true;
        }
        cur = ir.block_parent_op(c).and_then(|p| ir.op_block(p));
    }
    false
}
