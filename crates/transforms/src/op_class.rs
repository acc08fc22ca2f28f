//! Effect queries that region DCE and CSE ask of every op of a nest,
//! answered from a per-op-name class and a per-op memo.
//!
//! Whether an op is a terminator, a symbol, a branch, has recursive memory
//! effects or implements the memory-effect interface depends only on its
//! name, so [`EffectMemo`] looks those up in the registry once per name (a
//! dense table keyed by the interned name) instead of once per op and
//! question. Effects themselves are per op: an op with the interface is
//! still asked through it. On top of that, whether an op and everything
//! nested in it is free of effects is memoized per op, as
//! `ir::interfaces::EffectFreeMemo` does: a pass asks it of each enclosing
//! op, which without the memo is quadratic in the nesting depth.
//!
//! The answers equal those of `ir::interfaces::memory_effects` and
//! `is_memory_effect_free`; they stay valid while no op is created or moved
//! into a region (region DCE's propagation, CSE). Call [`EffectMemo::clear`]
//! between runs: a thread may see another context, whose names differ.

use ir::entity::EntityMap;
use ir::interfaces::{memory_effects, BranchOp, EffectKind, EffectOn, MemoryEffects};
use ir::rewrite_api::BranchOpMut;
use ir::{Ir, OpId, OpTraits, Str};

/// The name-level facts about an op (bits of [`Class`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Class(u16);

impl Class {
    /// The entry was computed (table slots start at 0).
    const KNOWN: u16 = 1;
    const TERMINATOR: u16 = 2;
    const SYMBOL: u16 = 4;
    const RECURSIVE: u16 = 8;
    /// Implements `MemoryEffects`: effects must be asked per op.
    const EFFECT_INTERFACE: u16 = 16;
    /// No interface, but `PURE` or recursive effects: no own effects.
    const NO_OWN_EFFECTS: u16 = 32;
    /// Implements `BranchOp`.
    const BRANCH: u16 = 64;
    /// Implements `BranchOpMut`.
    const BRANCH_MUT: u16 = 128;
    /// `CONSTANT_LIKE`.
    const CONSTANT_LIKE: u16 = 256;

    fn of(ir: &Ir, name: Str) -> Class {
        let reg = ir.ctx().registry();
        let Some(info) = reg.op(name) else { return Class(Self::KNOWN) };
        let mut bits = Self::KNOWN;
        let mut flag = |cond: bool, bit: u16| {
            if cond {
                bits |= bit;
            }
        };
        flag(info.has(OpTraits::TERMINATOR), Self::TERMINATOR);
        flag(info.has(OpTraits::SYMBOL), Self::SYMBOL);
        flag(info.has(OpTraits::CONSTANT_LIKE), Self::CONSTANT_LIKE);
        let recursive = info.has(OpTraits::RECURSIVE_MEMORY_EFFECTS);
        flag(recursive, Self::RECURSIVE);
        let interface = reg.interface::<dyn MemoryEffects>(name).is_some();
        flag(interface, Self::EFFECT_INTERFACE);
        flag(!interface && (info.has(OpTraits::PURE) || recursive), Self::NO_OWN_EFFECTS);
        flag(reg.interface::<dyn BranchOp>(name).is_some(), Self::BRANCH);
        flag(reg.interface::<dyn BranchOpMut>(name).is_some(), Self::BRANCH_MUT);
        Class(bits)
    }
    /// A registered terminator.
    pub fn terminator(self) -> bool {
        self.0 & Self::TERMINATOR != 0
    }
    /// A registered symbol.
    pub fn symbol(self) -> bool {
        self.0 & Self::SYMBOL != 0
    }
    /// Registered with recursive memory effects.
    pub fn recursive(self) -> bool {
        self.0 & Self::RECURSIVE != 0
    }
    /// Implements `BranchOp`.
    pub fn branch(self) -> bool {
        self.0 & Self::BRANCH != 0
    }
    /// Implements `BranchOpMut`.
    pub fn branch_mut(self) -> bool {
        self.0 & Self::BRANCH_MUT != 0
    }
    /// Registered as constant-like.
    pub fn constant_like(self) -> bool {
        self.0 & Self::CONSTANT_LIKE != 0
    }
}

/// Per-name classes and per-op effect-freeness (see the module docs).
pub struct EffectMemo {
    /// Per interned name: its [`Class`] bits (0: not computed).
    classes: Vec<u16>,
    /// Names with a computed class, to reset.
    names: Vec<u32>,
    /// Per op: 0 unknown, 1 free (with everything nested), 2 not.
    free: EntityMap<OpId, u8>,
    /// Ops with a memoized answer, to reset.
    ops: Vec<OpId>,
}

impl Default for EffectMemo {
    fn default() -> Self {
        EffectMemo { classes: Vec::new(), names: Vec::new(), free: EntityMap::with_default(0), ops: Vec::new() }
    }
}

impl EffectMemo {
    /// The class of `op`'s name.
    #[inline]
    pub fn class(&mut self, ir: &Ir, op: OpId) -> Class {
        let name = ir.op_name(op);
        let i = name.as_u32() as usize;
        if let Some(&c) = self.classes.get(i) {
            if c != 0 {
                return Class(c);
            }
        }
        self.class_slow(ir, name)
    }

    #[cold]
    fn class_slow(&mut self, ir: &Ir, name: Str) -> Class {
        let i = name.as_u32() as usize;
        if i >= self.classes.len() {
            self.classes.resize(i + 1, 0);
        }
        let c = Class::of(ir, name);
        self.classes[i] = c.0;
        self.names.push(i as u32);
        c
    }

    /// True when `op` has no own memory effect (`memory_effects` is
    /// `Some` and empty).
    fn own_effect_free(&mut self, ir: &Ir, op: OpId, class: Class) -> bool {
        if class.0 & Class::EFFECT_INTERFACE != 0 {
            return matches!(memory_effects(ir, op), Some(e) if e.is_empty());
        }
        class.0 & Class::NO_OWN_EFFECTS != 0
    }

    /// `ir::interfaces::is_memory_effect_free(ir, op)`, memoized.
    pub fn is_free(&mut self, ir: &Ir, op: OpId) -> bool {
        match *self.free.get(op) {
            1 => return true,
            2 => return false,
            _ => {}
        }
        let class = self.class(ir, op);
        let free = self.own_effect_free(ir, op, class)
            && (!class.recursive()
                || ir
                    .regions(op)
                    .iter()
                    .all(|&r| ir.region_blocks(r).all(|b| ir.block_ops(b).all(|o| self.is_free(ir, o)))));
        self.free.set(op, if free { 1 } else { 2 });
        self.ops.push(op);
        free
    }

    /// MLIR's `wouldOpBeTriviallyDead`: `op` could be erased if its results
    /// were unused (no effects other than reads and allocations of its own
    /// results, and with recursive effects every nested op free of effects
    /// or a terminator; never terminators, symbols or unregistered ops).
    pub fn would_be_trivially_dead(&mut self, ir: &Ir, op: OpId) -> bool {
        let class = self.class(ir, op);
        if class.terminator() || class.symbol() {
            return false;
        }
        if class.0 & Class::EFFECT_INTERFACE != 0 {
            let Some(effects) = memory_effects(ir, op) else { return false };
            // Any effect on a result the op allocates itself is dropped
            // (as `ir::interfaces`' `effects_allow_erasure`).
            let allocated =
                |i: usize| effects.iter().any(|e| e.kind == EffectKind::Allocate && e.on == EffectOn::Result(i));
            let own = effects.iter().all(|e| match e.on {
                EffectOn::Result(i) if allocated(i) => true,
                _ => e.kind == EffectKind::Read,
            });
            if !own {
                return false;
            }
        } else if class.0 & Class::NO_OWN_EFFECTS == 0 {
            return false;
        }
        if !class.recursive() {
            return true;
        }
        ir.regions(op).iter().all(|&r| {
            ir.region_blocks(r).all(|b| {
                ir.block_ops(b).all(|o| {
                    let terminator = self.class(ir, o).terminator();
                    self.is_free(ir, o) || terminator
                })
            })
        })
    }

    /// Forgets every answer, in time proportional to their number.
    pub fn clear(&mut self) {
        for i in self.names.drain(..) {
            self.classes[i as usize] = 0;
        }
        for o in self.ops.drain(..) {
            self.free.set(o, 0);
        }
    }
}

/// `ir::interfaces::is_trivially_dead`, testing first what rejects most
/// ops and needs no registry lookup: a result with uses.
#[inline]
pub fn is_trivially_dead(ir: &Ir, op: OpId) -> bool {
    if ir.results(op).any(|r| ir.has_uses(r)) {
        return false;
    }
    ir::interfaces::is_trivially_dead(ir, op)
}

thread_local! {
    /// The erasure memo's table, sized by the arena once per thread rather
    /// than once per function.
    static ERASURE_MEMO: std::cell::RefCell<ir::interfaces::ErasureMemo> = Default::default();
}

/// Runs `f` with this thread's [`ir::interfaces::ErasureMemo`], empty on
/// entry and emptied again on return.
pub fn with_erasure_memo<R>(f: impl FnOnce(&mut ir::interfaces::ErasureMemo) -> R) -> R {
    let mut memo = ERASURE_MEMO.with(|m| std::mem::take(&mut *m.borrow_mut()));
    let r = f(&mut memo);
    memo.clear();
    ERASURE_MEMO.with(|m| *m.borrow_mut() = memo);
    r
}

/// [`is_trivially_dead`] through a memo (see [`ir::interfaces::ErasureMemo`]
/// for when it must be cleared).
#[inline]
pub fn is_trivially_dead_memo(memo: &mut ir::interfaces::ErasureMemo, ir: &Ir, op: OpId) -> bool {
    if ir.results(op).any(|r| ir.has_uses(r)) {
        return false;
    }
    memo.is_trivially_dead(ir, op)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::interfaces::is_memory_effect_free;

    /// The IR of `src` and its ops in pre-order.
    fn parse(src: &str) -> (Ir, Vec<OpId>) {
        let m = testkit::parse(src);
        let ops = m.ir.pre_order(m.top);
        (m.ir, ops)
    }

    /// Every op of `src` gets the same answers from the memo as from the
    /// unmemoized queries, and a cleared memo answers again.
    fn check(src: &str) {
        let (ir, ops) = parse(src);
        let mut memo = EffectMemo::default();
        let (mut free, mut erasure) =
            (ir::interfaces::EffectFreeMemo::default(), ir::interfaces::ErasureMemo::default());
        for round in 0..2 {
            for &o in &ops {
                assert_eq!(free.is_free(&ir, o), is_memory_effect_free(&ir, o));
                assert_eq!(erasure.is_trivially_dead(&ir, o), ir::interfaces::is_trivially_dead(&ir, o));
                assert_eq!(memo.is_free(&ir, o), is_memory_effect_free(&ir, o), "{round}: {}", ir.op_name_str(o));
                let class = memo.class(&ir, o);
                assert_eq!(class.terminator(), ir.has_trait(o, OpTraits::TERMINATOR));
                assert_eq!(class.symbol(), ir.has_trait(o, OpTraits::SYMBOL));
                assert_eq!(class.constant_like(), ir.has_trait(o, OpTraits::CONSTANT_LIKE));
                assert_eq!(is_trivially_dead(&ir, o), ir::interfaces::is_trivially_dead(&ir, o));
            }
            memo.clear();
            free.clear();
            erasure.clear();
            assert!(memo.names.is_empty() && memo.ops.is_empty());
        }
    }

    #[test]
    fn memo_matches_the_direct_queries() {
        check(
            r#"func.func @f(%m: memref<4xf32>, %c: i1, %i: index) -> f32 {
  %a = memref.alloc() : memref<4xf32>
  %x = memref.load %m[%i] : memref<4xf32>
  %r = scf.if %c -> (f32) {
    %y = arith.addf %x, %x : f32
    scf.yield %y : f32
  } else {
    memref.store %x, %a[%i] : memref<4xf32>
    scf.yield %x : f32
  }
  %s = scf.if %c -> (f32) {
    %z = arith.mulf %x, %x : f32
    scf.yield %z : f32
  } else {
    scf.yield %x : f32
  }
  cf.br ^bb1
^bb1:
  "test.unknown"() : () -> ()
  return %r : f32
}"#,
        );
    }

    #[test]
    fn would_be_dead_follows_effects() {
        let src = r#"func.func @f(%m: memref<4xf32>, %c: i1, %i: index) {
  %a = memref.alloc() : memref<4xf32>
  %x = memref.load %m[%i] : memref<4xf32>
  memref.store %x, %m[%i] : memref<4xf32>
  %r = scf.if %c -> (f32) {
    scf.yield %x : f32
  } else {
    memref.store %x, %m[%i] : memref<4xf32>
    scf.yield %x : f32
  }
  %s = scf.if %c -> (f32) {
    %y = arith.addf %x, %x : f32
    scf.yield %y : f32
  } else {
    scf.yield %x : f32
  }
  "test.unknown"() : () -> ()
  return
}"#;
        let (ir, ops) = parse(src);
        let mut memo = EffectMemo::default();
        let dead: Vec<(String, bool)> = ops
            .iter()
            .filter(|&&o| ir.op_block(o).and_then(|b| ir.block_parent_op(b)).is_some_and(|p| ir.is_op(p, "func.func")))
            .map(|&o| (ir.op_name_str(o).to_string(), memo.would_be_trivially_dead(&ir, o)))
            .collect();
        let expect = [
            ("memref.alloc", true),
            ("memref.load", true),
            ("memref.store", false),
            ("scf.if", false),
            ("scf.if", true),
            ("test.unknown", false),
            ("func.return", false),
        ];
        let expect: Vec<(String, bool)> = expect.iter().map(|(n, d)| (n.to_string(), *d)).collect();
        assert_eq!(dead, expect);
    }
}
