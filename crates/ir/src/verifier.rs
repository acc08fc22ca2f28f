//! The structural verifier, mirroring MLIR's: terminators, successors,
//! entry blocks, graph-region shape, unknown ops of registered dialects,
//! each registered op's own verifier, isolation from above, and SSA
//! dominance of every operand. Stops at the first error, as MLIR does.

use crate::arena::{BlockId, Ir, OpId, ValueDef};
use crate::context::Str;
use crate::diag::Diagnostic;
use crate::dominance::{has_ssa_dominance, DominanceInfo};
use crate::registry::OpTraits;
use crate::walk::WalkResult;
use rustc_hash::FxHashSet;

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
}

/// Verifies `root` and everything nested in it.
pub fn verify(ir: &Ir, root: OpId, opts: VerifyOptions) -> Result<(), Diagnostic> {
    verify_structure(ir, root, opts)?;
    verify_dominance(ir, root)
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
    // Children before parents ("on exit" checks), but entry checks first.
    let mut failure: Option<Diagnostic> = None;
    ir.walk_pre(root, |op| record(&mut failure, verify_op_entry(ir, op, opts)));
    if failure.is_none() {
        // Names of unregistered ops already found acceptable.
        let mut accepted: FxHashSet<Str> = FxHashSet::default();
        ir.walk_post(root, |op| {
            for &r in ir.regions(op) {
                for b in ir.region_blocks(r) {
                    if let Err(d) = verify_block_exit(ir, b, opts) {
                        return record(&mut failure, Err(d));
                    }
                }
            }
            if ir.op_info(op).is_some() || accepted.contains(&ir.op_name(op)) {
                return WalkResult::Advance;
            }
            let r = verify_op_exit(ir, op, opts);
            if r.is_ok() {
                accepted.insert(ir.op_name(op));
            }
            record(&mut failure, r)
        });
    }
    failure.map_or(Ok(()), Err)
}

fn verify_op_entry(ir: &Ir, op: OpId, opts: VerifyOptions) -> Result<(), Diagnostic> {
    if let Some(info) = ir.op_info(op) {
        let name = ir.op_name_str(op);
        if info.has(OpTraits::TERMINATOR) && ir.op_block(op).is_some_and(|b| ir.last_op(b) != Some(op)) {
            return Err(Diagnostic::error(
                ir.op_loc(op),
                format!("'{name}' op must be the last operation in the parent block"),
            )
            .with_op(op));
        }
        if info.has(OpTraits::SYMBOL) {
            if let Some(p) = ir.parent_op(op) {
                if ir.op_info(p).is_some_and(|pi| !pi.has(OpTraits::SYMBOL_TABLE)) {
                    return Err(Diagnostic::error(
                        ir.op_loc(op),
                        format!("'{name}' op symbol's parent must have the SymbolTable trait"),
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
    }
    for &r in ir.regions(op) {
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
    }
    Ok(())
}

fn verify_symbol_table(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
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

/// One region-holding op being walked by [`verify_dominance`].
struct DomFrame {
    holder: OpId,
    isolated: bool,
    region: usize,
    block: Option<BlockId>,
    next: Option<OpId>,
    ssa: bool,
    reachable: bool,
}

impl DomFrame {
    fn new(ir: &Ir, dom: &DominanceInfo, holder: OpId) -> Self {
        let mut f = DomFrame {
            holder,
            isolated: ir.has_trait(holder, OpTraits::ISOLATED_FROM_ABOVE),
            region: 0,
            block: None,
            next: None,
            ssa: true,
            reachable: true,
        };
        f.enter_region(ir, dom);
        f
    }

    /// Moves to the first block of region `self.region` (or past the last
    /// region: `block` stays `None`).
    fn enter_region(&mut self, ir: &Ir, dom: &DominanceInfo) {
        while let Some(&r) = ir.regions(self.holder).get(self.region) {
            self.ssa = has_ssa_dominance(ir, r);
            if let Some(b) = ir.entry_block(r) {
                self.enter_block(ir, dom, b);
                return;
            }
            self.region += 1;
        }
        self.block = None;
    }

    fn enter_block(&mut self, ir: &Ir, dom: &DominanceInfo, b: BlockId) {
        self.block = Some(b);
        self.next = ir.first_op(b);
        self.reachable = dom.is_reachable(ir, b);
    }

    /// Moves to the next block, region by region; false past the end.
    fn advance_block(&mut self, ir: &Ir, dom: &DominanceInfo) -> bool {
        let Some(b) = self.block else { return false };
        if let Some(n) = ir.next_block(b) {
            self.enter_block(ir, dom, n);
            return true;
        }
        self.region += 1;
        self.enter_region(ir, dom);
        self.block.is_some()
    }
}

/// SSA dominance of every operand, and isolation from above. The walk
/// keeps, for each block on the path from the root, the op it is inside
/// of, so an operand defined in an enclosing block is checked in O(1)
/// (its definition must come before that op) instead of by a walk up from
/// the user.
fn verify_dominance(ir: &Ir, root: OpId) -> Result<(), Diagnostic> {
    let dom = DominanceInfo::new();
    // Per block on the current path: the op being descended into, and
    // whether the block's region has SSA dominance.
    let mut inside: crate::entity::EntityMap<BlockId, Option<(OpId, bool)>> =
        crate::entity::EntityMap::with_default(None);
    let mut stack = vec![DomFrame::new(ir, &dom, root)];
    while let Some(top) = stack.last_mut() {
        let Some(b) = top.block else {
            stack.pop();
            if let Some(parent) = stack.last() {
                if let Some(pb) = parent.block {
                    inside.set(pb, None);
                }
            }
            continue;
        };
        let Some(o) = top.next else {
            top.advance_block(ir, &dom);
            continue;
        };
        top.next = ir.next_op(o);
        if top.isolated {
            check_isolation(ir, top.holder, o)?;
        }
        if top.reachable && top.ssa {
            for (i, v) in ir.operands(o).enumerate() {
                let ok = match ir.value_def(v) {
                    // Most operands come from the same block.
                    ValueDef::Result { op: d, .. } if ir.op_block(d) == Some(b) => {
                        d != o && ir.is_before_in_block(d, o)
                    }
                    ValueDef::BlockArg { block, .. } if block == b => true,
                    ValueDef::Result { op: d, .. } => match ir.op_block(d).and_then(|db| *inside.get(db)) {
                        Some((a, true)) => d != a && ir.is_before_in_block(d, a),
                        _ => dom.value_dominates(ir, v, o),
                    },
                    ValueDef::BlockArg { block, .. } => match *inside.get(block) {
                        Some((_, true)) => true,
                        _ => dom.value_dominates(ir, v, o),
                    },
                    ValueDef::Detached => dom.value_dominates(ir, v, o),
                };
                if !ok {
                    return Err(dominance_error(ir, o, i));
                }
            }
        } else if top.reachable {
            // Graph regions: operands must still be visible (defined in an
            // enclosing region or this one).
            for (i, v) in ir.operands(o).enumerate() {
                let visible = ir.value_block(v).is_some_and(|vb| {
                    crate::dominance::ancestor_block_in_region(ir, ir.block_region(vb).expect("attached"), b).is_some()
                });
                if !visible {
                    return Err(dominance_error(ir, o, i));
                }
            }
        }
        if !ir.regions(o).is_empty() {
            let ssa = top.ssa;
            inside.set(b, Some((o, ssa)));
            stack.push(DomFrame::new(ir, &dom, o));
        }
    }
    Ok(())
}

fn check_isolation(ir: &Ir, iso: OpId, o: OpId) -> Result<(), Diagnostic> {
    for v in ir.operands(o) {
        let inside = match ir.value_def(v) {
            ValueDef::Result { op, .. } => ir.is_ancestor(iso, op) && op != iso,
            ValueDef::BlockArg { block, .. } => ir.block_parent_op(block).is_some_and(|p| ir.is_ancestor(iso, p)),
            ValueDef::Detached => false,
        };
        if !inside {
            return Err(Diagnostic::error(ir.op_loc(o), "using value defined outside the region")
                .with_note(ir.op_loc(iso), "required by region isolation constraints"));
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
