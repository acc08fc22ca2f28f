//! The conversion target: which ops are legal after a conversion
//! (MLIR's `ConversionTarget`).
//!
//! An op's action is looked up by its name first, then by its dialect
//! (the name's prefix before the first `.`), then falls back to the
//! unknown-op callback. A dynamically legal op is legal when its callback
//! says so and illegal otherwise; an op with no action and no unknown-op
//! callback is neither legal nor illegal (a partial conversion may leave
//! it, a full one may not).

use ir::{Ir, OpId};
use rustc_hash::FxHashMap;

/// Decides whether one op is legal.
pub type LegalityFn = Box<dyn Fn(&Ir, OpId) -> bool + Send + Sync>;

/// What the target says about an op name or a dialect.
enum Action {
    Legal,
    Dynamic(LegalityFn),
    Illegal,
}

/// Legal, illegal and dynamically legal ops and dialects.
#[derive(Default)]
pub struct ConversionTarget {
    ops: FxHashMap<String, Action>,
    dialects: FxHashMap<String, Action>,
    unknown: Option<LegalityFn>,
}

impl ConversionTarget {
    /// A target with nothing declared.
    pub fn new() -> Self {
        Self::default()
    }
    /// Marks the op `name` (`"func.call"`) legal.
    pub fn add_legal_op(&mut self, name: &str) {
        self.ops.insert(name.to_string(), Action::Legal);
    }
    /// Marks the op `name` illegal.
    pub fn add_illegal_op(&mut self, name: &str) {
        self.ops.insert(name.to_string(), Action::Illegal);
    }
    /// Makes the op `name` legal exactly when `f` holds.
    pub fn add_dynamically_legal_op(&mut self, name: &str, f: impl Fn(&Ir, OpId) -> bool + Send + Sync + 'static) {
        self.ops.insert(name.to_string(), Action::Dynamic(Box::new(f)));
    }
    /// Marks every op of `dialect` (`"memref"`) legal.
    pub fn add_legal_dialect(&mut self, dialect: &str) {
        self.dialects.insert(dialect.to_string(), Action::Legal);
    }
    /// Marks every op of `dialect` illegal.
    pub fn add_illegal_dialect(&mut self, dialect: &str) {
        self.dialects.insert(dialect.to_string(), Action::Illegal);
    }
    /// Makes the ops of `dialect` legal exactly when `f` holds.
    pub fn add_dynamically_legal_dialect(
        &mut self,
        dialect: &str,
        f: impl Fn(&Ir, OpId) -> bool + Send + Sync + 'static,
    ) {
        self.dialects.insert(dialect.to_string(), Action::Dynamic(Box::new(f)));
    }
    /// Ops with no declared action are legal exactly when `f` holds
    /// (and illegal otherwise).
    pub fn mark_unknown_op_dynamically_legal(&mut self, f: impl Fn(&Ir, OpId) -> bool + Send + Sync + 'static) {
        self.unknown = Some(Box::new(f));
    }

    fn action(&self, ir: &Ir, op: OpId) -> Option<&Action> {
        let name = ir.op_name_str(op);
        if let Some(a) = self.ops.get(name) {
            return Some(a);
        }
        let dialect = name.split('.').next().unwrap_or(name);
        self.dialects.get(dialect)
    }

    /// Whether `op` is legal on this target.
    pub fn is_legal(&self, ir: &Ir, op: OpId) -> bool {
        match self.action(ir, op) {
            Some(Action::Legal) => true,
            Some(Action::Dynamic(f)) => f(ir, op),
            Some(Action::Illegal) => false,
            None => self.unknown.as_ref().is_some_and(|f| f(ir, op)),
        }
    }

    /// Whether `op` is known to be illegal: explicitly, or dynamically
    /// legal with a callback that rejects it.
    pub fn is_illegal(&self, ir: &Ir, op: OpId) -> bool {
        match self.action(ir, op) {
            Some(Action::Legal) => false,
            Some(Action::Dynamic(f)) => !f(ir, op),
            Some(Action::Illegal) => true,
            None => self.unknown.as_ref().is_some_and(|f| !f(ir, op)),
        }
    }
}
