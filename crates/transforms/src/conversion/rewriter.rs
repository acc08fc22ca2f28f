//! The rewriter a conversion pattern works through, and the journal that
//! lets the driver roll back a failed pattern or a failed conversion.
//!
//! New ops and blocks need no journal entry: arena handles grow
//! monotonically, so everything created since a checkpoint is what lies
//! above its watermarks, and a rollback erases it. Changes to what existed
//! before (operands, attributes, result types, moved ops and blocks,
//! successors) are journaled and undone in reverse. Replacements and
//! erasures are only recorded (a value mapping plus the set of replaced
//! ops); the IR sees them when the conversion commits.

use super::type_converter::{SignatureConversion, TypeConverter};
use ir::entity::EntityRef;
use ir::op_decl::IrBuilder;
use ir::{BlockId, InsertPoint, Ir, Location, NamedAttr, OpId, OpSpec, RegionId, Type, ValueId};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use std::sync::Arc;

/// A pattern (or a step of one) does not apply; whatever it changed is
/// undone by the driver.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct NoMatch;

/// Which kind of materialization an unresolved cast stands for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum MatKind {
    Source,
    Target,
    Argument,
}

/// One recorded rewrite, in the order patterns made them.
pub(crate) enum Rewrite {
    /// `op` was replaced (its results are in the mapping, or erased).
    ReplaceOp { op: OpId, converter: Option<Arc<TypeConverter>>, changed: bool },
    /// `old`'s ops moved to `new`, whose arguments have converted types;
    /// `old` is detached.
    BlockConversion { old: BlockId, new: BlockId, converter: Option<Arc<TypeConverter>> },
    /// A block argument of a converted block is replaced by its mapping.
    ReplaceArg(ValueId),
    /// An unresolved materialization (a `builtin.unrealized_conversion_cast`).
    Materialization { op: OpId, kind: MatKind, converter: Option<Arc<TypeConverter>> },
    /// A block was detached and is erased on commit.
    EraseBlock(BlockId),
    /// A block moved (by inlining) into another region.
    MovedBlock(BlockId),
    /// An op was changed in place.
    Modified(OpId),
}

/// How to undo one change.
enum Undo {
    Map(ValueId, Option<ValueId>),
    Replaced(OpId),
    Rewrite,
    Operands(OpId, SmallVec<[ValueId; 4]>),
    Attrs(OpId, Vec<NamedAttr>),
    ResultTypes(OpId, SmallVec<[Type; 2]>),
    MovedOps { from: BlockId, to: BlockId },
    MovedBlock { block: BlockId, region: RegionId, before: Option<BlockId> },
    Successor(OpId, usize, BlockId),
    RegionConverter(RegionId, Option<Arc<TypeConverter>>),
}

/// A point the journal can roll back to.
#[derive(Clone, Copy)]
pub(crate) struct Checkpoint {
    journal: usize,
    rewrites: usize,
    pub(crate) ops: usize,
    blocks: usize,
}

/// The rewriter conversion patterns use. It changes the IR so that the
/// driver can undo every change: build new ops freely (through
/// [`ConversionRewriter::builder`] or [`ConversionRewriter::ir_mut`]),
/// but change ops that existed before the pattern only through the
/// methods here.
pub struct ConversionRewriter<'a> {
    pub(crate) ir: &'a mut Ir,
    journal: Vec<Undo>,
    pub(crate) mapping: FxHashMap<ValueId, ValueId>,
    pub(crate) replaced: FxHashSet<OpId>,
    pub(crate) ignored: FxHashSet<OpId>,
    pub(crate) rewrites: Vec<Rewrite>,
    pub(crate) mats: FxHashMap<OpId, usize>,
    pub(crate) region_converter: FxHashMap<RegionId, Arc<TypeConverter>>,
    pub(crate) converter: Option<Arc<TypeConverter>>,
}

impl<'a> ConversionRewriter<'a> {
    pub(crate) fn new(ir: &'a mut Ir) -> Self {
        ConversionRewriter {
            ir,
            journal: Vec::new(),
            mapping: FxHashMap::default(),
            replaced: FxHashSet::default(),
            ignored: FxHashSet::default(),
            rewrites: Vec::new(),
            mats: FxHashMap::default(),
            region_converter: FxHashMap::default(),
            converter: None,
        }
    }

    /// The IR (read-only).
    pub fn ir(&self) -> &Ir {
        self.ir
    }
    /// The IR, for building new ops and changing ops this pattern built.
    pub fn ir_mut(&mut self) -> &mut Ir {
        self.ir
    }
    /// A builder inserting at `ip`.
    pub fn builder(&mut self, ip: InsertPoint) -> IrBuilder<'_> {
        IrBuilder::at(self.ir, ip)
    }
    /// The type converter of the running pattern.
    pub fn type_converter(&self) -> Option<&TypeConverter> {
        self.converter.as_deref()
    }

    pub(crate) fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            journal: self.journal.len(),
            rewrites: self.rewrites.len(),
            ops: self.ir.op_capacity(),
            blocks: self.ir.block_capacity(),
        }
    }

    /// The blocks moved and the ops changed in place since `cp`.
    pub(crate) fn rewrites_since(&self, cp: Checkpoint) -> (Vec<BlockId>, Vec<OpId>) {
        let (mut moved, mut modified) = (Vec::new(), Vec::new());
        for r in &self.rewrites[cp.rewrites.min(self.rewrites.len())..] {
            match *r {
                Rewrite::MovedBlock(b) => moved.push(b),
                Rewrite::Modified(o) => modified.push(o),
                _ => {}
            }
        }
        (moved, modified)
    }

    /// Undoes everything done since `cp`.
    pub(crate) fn rollback(&mut self, cp: Checkpoint) {
        while self.journal.len() > cp.journal {
            let Some(u) = self.journal.pop() else { break };
            match u {
                Undo::Map(k, prev) => match prev {
                    Some(p) => {
                        self.mapping.insert(k, p);
                    }
                    None => {
                        self.mapping.remove(&k);
                    }
                },
                Undo::Replaced(op) => {
                    self.replaced.remove(&op);
                }
                Undo::Rewrite => {
                    if let Some(Rewrite::Materialization { op, .. }) = self.rewrites.pop() {
                        self.mats.remove(&op);
                    }
                }
                Undo::Operands(op, vals) => self.ir.set_operands(op, &vals),
                Undo::Attrs(op, attrs) => self.ir.set_attrs(op, &attrs),
                Undo::ResultTypes(op, tys) => {
                    for (i, t) in tys.into_iter().enumerate() {
                        let r = self.ir.result(op, i);
                        self.ir.set_value_type(r, t);
                    }
                }
                Undo::MovedOps { from, to } => {
                    while let Some(o) = self.ir.first_op(to) {
                        self.ir.move_op(o, InsertPoint::BlockEnd(from));
                    }
                }
                Undo::MovedBlock { block, region, before } => {
                    self.ir.remove_block(block);
                    self.ir.insert_block(region, block, before);
                }
                Undo::Successor(op, i, b) => self.ir.set_successor(op, i, b),
                Undo::RegionConverter(r, prev) => match prev {
                    Some(c) => {
                        self.region_converter.insert(r, c);
                    }
                    None => {
                        self.region_converter.remove(&r);
                    }
                },
            }
        }
        // Erase what was created, latest first.
        for i in (cp.ops..self.ir.op_capacity()).rev() {
            let op = OpId::new(i);
            if self.ir.is_alive(op) {
                let n = self.ir.num_operands(op);
                if n > 0 {
                    self.ir.set_operands(op, &[]);
                }
                self.ir.erase_op(op);
            }
        }
        for i in (cp.blocks..self.ir.block_capacity()).rev() {
            let b = BlockId::new(i);
            if self.ir.block_is_alive(b) {
                self.ir.erase_block(b);
            }
        }
    }

    fn push_rewrite(&mut self, r: Rewrite) {
        if let Rewrite::Materialization { op, .. } = r {
            self.mats.insert(op, self.rewrites.len());
        }
        self.rewrites.push(r);
        self.journal.push(Undo::Rewrite);
    }

    /// Maps `from` to `to` (journaled).
    pub(crate) fn map(&mut self, from: ValueId, to: ValueId) {
        let prev = self.mapping.insert(from, to);
        self.journal.push(Undo::Map(from, prev));
    }
    pub(crate) fn unmap(&mut self, from: ValueId) {
        if let Some(prev) = self.mapping.remove(&from) {
            self.journal.push(Undo::Map(from, Some(prev)));
        }
    }

    /// Replaces every use of `from` with `to` (journaled).
    pub(crate) fn replace_all_uses(&mut self, from: ValueId, to: ValueId) {
        let mut users: Vec<OpId> = self.ir.users(from).collect();
        users.sort_unstable();
        users.dedup();
        for u in users {
            self.journal.push(Undo::Operands(u, self.ir.operand_vec(u)));
        }
        self.ir.replace_all_uses(from, to);
    }

    /// The deepest value `from` maps to that has type `desired` (the leaf
    /// of its mapping chain when there is none, or when `desired` is
    /// `None`).
    pub fn lookup_or_default(&self, mut from: ValueId, desired: Option<Type>) -> ValueId {
        let Some(desired) = desired else {
            while let Some(&m) = self.mapping.get(&from) {
                from = m;
            }
            return from;
        };
        let mut found = None;
        loop {
            if self.ir.value_type(from) == desired {
                found = Some(from);
            }
            match self.mapping.get(&from) {
                Some(&m) => from = m,
                None => break,
            }
        }
        found.unwrap_or(from)
    }
    /// What `from` was replaced by (of type `desired` when given), if
    /// anything.
    pub fn lookup_or_null(&self, from: ValueId, desired: Option<Type>) -> Option<ValueId> {
        let r = self.lookup_or_default(from, desired);
        (r != from && desired.is_none_or(|t| self.ir.value_type(r) == t)).then_some(r)
    }
    /// The value replacing `v` so far (the leaf of its mapping chain).
    pub fn remapped(&self, v: ValueId) -> ValueId {
        self.lookup_or_default(v, None)
    }

    /// Whether `op` was replaced or erased (or is nested in such an op), or
    /// is otherwise left out of the conversion.
    pub fn is_ignored(&self, op: OpId) -> bool {
        self.replaced.contains(&op) || self.ignored.contains(&op)
    }

    /// The operands a pattern sees: each operand's replacement, converted
    /// to the running converter's type for it through a target
    /// materialization where needed. `None` when an operand type cannot
    /// be converted.
    pub(crate) fn remap_values(&mut self, loc: Location, values: &[ValueId]) -> Option<SmallVec<[ValueId; 4]>> {
        let mut out = SmallVec::with_capacity(values.len());
        for &v in values {
            let mut desired = None;
            if let Some(c) = self.converter.clone() {
                let ts = c.convert_type(self.ir.ctx(), self.ir.value_type(v))?;
                if ts.len() == 1 {
                    desired = Some(ts[0]);
                }
            }
            let mut new = self.lookup_or_default(v, desired);
            if let Some(d) = desired {
                if self.converter.is_some() && self.ir.value_type(new) != d {
                    let ip = match self.ir.defining_op(new) {
                        Some(def) => InsertPoint::After(def),
                        None => InsertPoint::BlockStart(self.ir.value_block(new).expect("block argument")),
                    };
                    let cast = self.build_unresolved(MatKind::Target, ip, loc, &[new], d);
                    let leaf = self.lookup_or_default(new, None);
                    self.map(leaf, cast);
                    new = cast;
                }
            }
            out.push(new);
        }
        Some(out)
    }

    /// Builds an unresolved materialization of `inputs` as `ty` at `ip`.
    pub(crate) fn build_unresolved(
        &mut self,
        kind: MatKind,
        ip: InsertPoint,
        loc: Location,
        inputs: &[ValueId],
        ty: Type,
    ) -> ValueId {
        if let [one] = inputs {
            if self.ir.value_type(*one) == ty {
                return *one;
            }
        }
        let name = self.ir.ctx().intern_str("builtin.unrealized_conversion_cast");
        let spec = OpSpec { operands: inputs, results: &[ty], ..OpSpec::new(name, loc) };
        let op = self.ir.insert_new_op(ip, spec);
        let converter = self.converter.clone();
        self.push_rewrite(Rewrite::Materialization { op, kind, converter });
        self.ir.result(op, 0)
    }

    /// Replaces `op`'s results with `values` (when the conversion
    /// commits); a result with a value of another type gets a source
    /// materialization if anything the conversion leaves still uses it.
    pub fn replace_op(&mut self, op: OpId, values: &[ValueId]) {
        self.replace_op_opt(op, &values.iter().map(|&v| Some(v)).collect::<SmallVec<[_; 4]>>());
    }
    /// Erases `op` (when the conversion commits); its results must then be
    /// unused.
    pub fn erase_op(&mut self, op: OpId) {
        let none: SmallVec<[Option<ValueId>; 4]> = (0..self.ir.num_results(op)).map(|_| None).collect();
        self.replace_op_opt(op, &none);
    }
    fn replace_op_opt(&mut self, op: OpId, values: &[Option<ValueId>]) {
        let mut changed = false;
        for (i, v) in values.iter().enumerate() {
            let r = self.ir.result(op, i);
            match *v {
                Some(v) => {
                    changed |= self.ir.value_type(v) != self.ir.value_type(r);
                    self.map(r, v);
                }
                None => changed = true,
            }
        }
        let converter = self.converter.clone();
        self.push_rewrite(Rewrite::ReplaceOp { op, converter, changed });
        for o in self.ir.pre_order(op) {
            if self.replaced.insert(o) {
                self.journal.push(Undo::Replaced(o));
            }
        }
    }
    /// Replaces `op` by the results of `new_op`.
    pub fn replace_op_with_op(&mut self, op: OpId, new_op: OpId) {
        let vals: SmallVec<[ValueId; 4]> = self.ir.results(new_op).collect();
        self.replace_op(op, &vals);
    }

    /// Changes `op` in place with `f` (operands, attributes, result
    /// types); the driver legalizes it again afterwards.
    pub fn modify_in_place(&mut self, op: OpId, f: impl FnOnce(&mut Ir)) {
        self.journal.push(Undo::Operands(op, self.ir.operand_vec(op)));
        self.journal.push(Undo::Attrs(op, self.ir.attrs(op).to_vec()));
        self.journal.push(Undo::ResultTypes(op, self.ir.result_types(op)));
        f(self.ir);
        self.push_rewrite(Rewrite::Modified(op));
    }
    /// Sets the operands of `op` (in place).
    pub fn set_operands(&mut self, op: OpId, values: &[ValueId]) {
        self.modify_in_place(op, |ir| ir.set_operands(op, values));
    }

    /// Moves the blocks of `src` into `dest` before `before` (at the end
    /// when `None`).
    pub fn inline_region_before(&mut self, src: RegionId, dest: RegionId, before: Option<BlockId>) {
        let blocks: Vec<BlockId> = self.ir.region_blocks(src).collect();
        for b in blocks {
            let next = self.ir.next_block(b);
            self.ir.remove_block(b);
            self.ir.insert_block(dest, b, before);
            self.journal.push(Undo::MovedBlock { block: b, region: src, before: next });
            self.push_rewrite(Rewrite::MovedBlock(b));
        }
    }
    /// Detaches block `b` and erases it and its ops when the conversion
    /// commits.
    pub fn erase_block(&mut self, b: BlockId) {
        let ops = self.ir.block_ops_vec(b);
        for o in ops {
            if !self.is_ignored(o) {
                self.erase_op(o);
            }
        }
        if let Some(r) = self.ir.block_region(b) {
            let next = self.ir.next_block(b);
            self.ir.remove_block(b);
            self.journal.push(Undo::MovedBlock { block: b, region: r, before: next });
            self.push_rewrite(Rewrite::EraseBlock(b));
        }
    }

    /// Converts the argument types of every block of `region` with
    /// `converter` (the entry block with `entry` when given). Returns the
    /// new entry block (`None` for an empty region), or `Err` when a type
    /// cannot be converted.
    pub fn convert_region_types(
        &mut self,
        region: RegionId,
        converter: &Arc<TypeConverter>,
        entry: Option<&SignatureConversion>,
    ) -> Result<Option<BlockId>, NoMatch> {
        let prev = self.region_converter.insert(region, converter.clone());
        self.journal.push(Undo::RegionConverter(region, prev));
        let blocks: Vec<BlockId> = self.ir.region_blocks(region).collect();
        let Some((&first, rest)) = blocks.split_first() else { return Ok(None) };
        for &b in rest {
            let conv = converter.convert_block_signature(self.ir, b).ok_or(NoMatch)?;
            self.apply_signature_conversion(b, &conv, Some(converter));
        }
        let conv = match entry {
            Some(c) => c.clone(),
            None => converter.convert_block_signature(self.ir, first).ok_or(NoMatch)?,
        };
        Ok(Some(self.apply_signature_conversion(first, &conv, Some(converter))))
    }

    /// Replaces `block` by a block with the converted signature `conv`:
    /// its ops move there, and each old argument maps to its new
    /// arguments through an argument materialization. Returns the new
    /// block (`block` itself when nothing changes).
    pub fn apply_signature_conversion(
        &mut self,
        block: BlockId,
        conv: &SignatureConversion,
        converter: Option<&Arc<TypeConverter>>,
    ) -> BlockId {
        let old_args: Vec<ValueId> = self.ir.block_args(block).to_vec();
        let old_types: Vec<Type> = old_args.iter().map(|&a| self.ir.value_type(a)).collect();
        if old_types == conv.converted_types() {
            return block;
        }
        let region = self.ir.block_region(block).expect("block in a region");
        let unknown = self.ir.ctx().unknown_loc();
        let mut locs = vec![unknown; conv.converted_types().len()];
        for (i, &a) in old_args.iter().enumerate() {
            if let Some(m) = conv.input_mapping(i) {
                if m.replacement.is_none() {
                    for j in 0..m.size {
                        locs[m.input_no + j] = self.ir.value_loc(a);
                    }
                }
            }
        }
        let new = self.ir.create_block(conv.converted_types(), &locs);
        let next = self.ir.next_block(block);
        self.ir.insert_block(region, new, next);
        while let Some(o) = self.ir.first_op(block) {
            self.ir.move_op(o, InsertPoint::BlockEnd(new));
        }
        self.journal.push(Undo::MovedOps { from: block, to: new });
        let preds: Vec<OpId> = self.ir.predecessors(block).to_vec();
        let mut done: FxHashSet<OpId> = FxHashSet::default();
        for p in preds {
            if !done.insert(p) {
                continue;
            }
            let succs: Vec<BlockId> = self.ir.successors(p).to_vec();
            for (i, s) in succs.into_iter().enumerate() {
                if s == block {
                    self.ir.set_successor(p, i, new);
                    self.journal.push(Undo::Successor(p, i, block));
                }
            }
        }
        let saved = self.converter.clone();
        self.converter = converter.cloned();
        for (i, &arg) in old_args.iter().enumerate() {
            let ty = old_types[i];
            let loc = self.ir.value_loc(arg);
            let Some(m) = conv.input_mapping(i) else {
                let repl = self.build_unresolved(MatKind::Source, InsertPoint::BlockStart(new), loc, &[], ty);
                self.map(arg, repl);
                self.push_rewrite(Rewrite::ReplaceArg(arg));
                continue;
            };
            if let Some(r) = m.replacement {
                self.map(arg, r);
                self.push_rewrite(Rewrite::ReplaceArg(arg));
                continue;
            }
            let repl: Vec<ValueId> = self.ir.block_args(new)[m.input_no..m.input_no + m.size].to_vec();
            let arg_mat = self.build_unresolved(MatKind::Argument, InsertPoint::BlockStart(new), loc, &repl, ty);
            self.map(arg, arg_mat);
            self.push_rewrite(Rewrite::ReplaceArg(arg));
            let legal = converter.and_then(|c| c.convert_type_one(self.ir.ctx(), ty));
            if let Some(legal) = legal {
                if legal != ty {
                    let ip = match self.ir.defining_op(arg_mat) {
                        Some(d) => InsertPoint::After(d),
                        None => InsertPoint::BlockStart(new),
                    };
                    let target = self.build_unresolved(MatKind::Target, ip, loc, &[arg_mat], legal);
                    self.map(arg_mat, target);
                }
            }
        }
        self.converter = saved;
        let converter = converter.cloned();
        self.push_rewrite(Rewrite::BlockConversion { old: block, new, converter });
        let next = self.ir.next_block(block);
        self.ir.remove_block(block);
        self.journal.push(Undo::MovedBlock { block, region, before: next });
        new
    }
}
