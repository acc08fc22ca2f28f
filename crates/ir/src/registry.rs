//! The op registry: what the IR knows about each registered op name.
//!
//! An [`OpInfo`] carries the op's traits, its inherent attribute names (the
//! ones printed as `<{...}>` properties in generic form), its verifier and
//! folder, and a type-keyed map of interface implementations. Any crate may
//! define an interface trait and attach implementations to op names with
//! [`Registry::add_interface`]; passes ask with [`Registry::interface`].

use crate::arena::{Ir, OpId, ValueId};
use crate::attrs::{Attribute, NamedAttr};
use crate::context::{Context, Str};
use crate::diag::Diagnostic;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::any::{Any, TypeId};

/// Static properties of an op, as a bit set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct OpTraits(pub u32);

impl OpTraits {
    /// Ends a block.
    pub const TERMINATOR: OpTraits = OpTraits(1);
    /// Regions cannot use values defined above.
    pub const ISOLATED_FROM_ABOVE: OpTraits = OpTraits(1 << 1);
    /// Regions' blocks need no terminator.
    pub const NO_TERMINATOR: OpTraits = OpTraits(1 << 2);
    /// Each region has at most one block.
    pub const SINGLE_BLOCK: OpTraits = OpTraits(1 << 3);
    /// Defines a symbol table (`builtin.module`).
    pub const SYMBOL_TABLE: OpTraits = OpTraits(1 << 4);
    /// Defines a symbol (`sym_name`).
    pub const SYMBOL: OpTraits = OpTraits(1 << 5);
    /// Returns to the parent op (`func.return`, `scf.yield`).
    pub const RETURN_LIKE: OpTraits = OpTraits(1 << 6);
    /// No memory effects and no undefined behaviour: removable when unused.
    pub const PURE: OpTraits = OpTraits(1 << 7);
    /// Produces a constant (foldable to an attribute).
    pub const CONSTANT_LIKE: OpTraits = OpTraits(1 << 8);
    /// Operands may be reordered.
    pub const COMMUTATIVE: OpTraits = OpTraits(1 << 9);
    /// Regions are graph regions (no dominance inside).
    pub const GRAPH_REGION: OpTraits = OpTraits(1 << 10);
    /// Has recursive memory effects: its effects are those of its body.
    pub const RECURSIVE_MEMORY_EFFECTS: OpTraits = OpTraits(1 << 11);
    /// Ops of a single-block region may omit the terminator in custom form.
    pub const IMPLICIT_TERMINATOR: OpTraits = OpTraits(1 << 12);
    /// Automatic allocation scope (`func.func`, `memref.alloca_scope`).
    pub const AUTOMATIC_ALLOCATION_SCOPE: OpTraits = OpTraits(1 << 13);
    /// Operands of the same type as results (elementwise).
    pub const SAME_OPERANDS_AND_RESULT_TYPE: OpTraits = OpTraits(1 << 14);
    /// The op's verifier resolves symbol references (`func.call`'s callee),
    /// so it needs the enclosing symbol table: MLIR's
    /// `SymbolUserOpInterface::verifySymbolUses`.
    pub const SYMBOL_USER: OpTraits = OpTraits(1 << 15);
    /// A [`Self::SYMBOL`] whose name may be absent (`builtin.module`, MLIR's
    /// `isOptionalSymbol`): without a `sym_name` it is not checked as a
    /// symbol, so it may sit in any op.
    pub const OPTIONAL_SYMBOL: OpTraits = OpTraits(1 << 16);
    /// The regions' iterations may run in parallel (`scf.parallel`,
    /// `scf.forall`, `affine.parallel`): MLIR's `HasParallelRegion`.
    pub const HAS_PARALLEL_REGION: OpTraits = OpTraits(1 << 17);

    /// True when every bit of `other` is set.
    #[inline]
    pub fn contains(self, other: OpTraits) -> bool {
        self.0 & other.0 == other.0
    }
}

impl std::ops::BitOr for OpTraits {
    type Output = OpTraits;
    fn bitor(self, o: OpTraits) -> OpTraits {
        OpTraits(self.0 | o.0)
    }
}

/// One result of a fold: an existing value or a constant attribute.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OpFoldResult {
    /// The op's result is this value.
    Value(ValueId),
    /// The op's result is this constant.
    Attr(Attribute),
}

/// What a folder did.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FoldOutcome {
    /// Nothing.
    Failure,
    /// The op was updated in place.
    InPlace,
    /// The results, one per op result.
    Results(SmallVec<[OpFoldResult; 1]>),
}

/// Verifies one op (its own invariants; regions are verified separately).
pub type VerifyFn = fn(&Ir, OpId) -> Result<(), Diagnostic>;
/// Folds one op given the constant values of its operands, if known.
pub type FoldFn = fn(&mut Ir, OpId, &[Option<Attribute>]) -> FoldOutcome;

/// Everything registered for one op name.
pub struct OpInfo {
    /// The op name.
    pub name: Str,
    /// The dialect namespace.
    pub dialect: Str,
    /// Static traits.
    pub traits: OpTraits,
    /// Inherent attribute names (properties in generic form).
    pub inherent_attrs: Vec<Str>,
    /// Inherent attributes with a default value (ODS's
    /// `DefaultValuedAttr`): the parser fills them in when generic input
    /// leaves them out, as MLIR's properties are initialised.
    pub default_attrs: Vec<crate::NamedAttr>,
    /// The op verifier.
    pub verify: Option<VerifyFn>,
    /// The verifier that runs once everything nested in the op is verified
    /// (MLIR's `verifyRegions` and the interface verifiers marked
    /// `verifyWithRegions`), for checks that read the nested ops.
    pub verify_regions: Option<VerifyFn>,
    /// The folder.
    pub fold: Option<FoldFn>,
    interfaces: SmallVec<[(TypeId, Box<dyn Any + Send + Sync>); 4]>,
}

impl OpInfo {
    /// True when the op has all traits in `t`.
    #[inline]
    pub fn has(&self, t: OpTraits) -> bool {
        self.traits.contains(t)
    }
    /// True when `name` is an inherent attribute of the op.
    pub fn is_inherent(&self, name: Str) -> bool {
        self.inherent_attrs.contains(&name)
    }
}

/// What is registered for a dialect namespace.
#[derive(Clone, Default)]
pub struct DialectInfo {
    /// Unknown ops of this dialect are accepted (like the `test` dialect).
    pub allow_unknown_ops: bool,
    /// The dialect's constant materializer (MLIR's
    /// `Dialect::materializeConstant`): turns a folded attribute of one of
    /// its ops back into a constant op.
    pub materializer: Option<std::sync::Arc<dyn crate::rewrite_api::ConstantMaterializer>>,
    /// The dialect's own canonicalization patterns (MLIR's
    /// `Dialect::getCanonicalizationPatterns`): patterns that match ops of
    /// any dialect through an interface, such as the tensor dialect's
    /// `FoldTensorCastProducerOp` on every destination-style op.
    pub patterns: Option<std::sync::Arc<dyn crate::rewrite_api::CanonicalizationPatterns>>,
    /// The dialect's checks of its own attributes where ops carry them
    /// (MLIR's `Dialect::verifyOperationAttribute` and
    /// `verifyRegionArgAttribute` / `verifyRegionResultAttribute`).
    pub attr_verifier: Option<std::sync::Arc<dyn DialectAttrVerifier>>,
}

/// A dialect's verification of the attributes named in its namespace
/// (`bufferization.writable`, ...) that ops of any dialect carry. Each
/// check returns the diagnostic that fails verification.
pub trait DialectAttrVerifier: Send + Sync {
    /// `attr`, a discardable attribute of `op`.
    fn verify_op_attr(&self, ir: &Ir, op: OpId, attr: NamedAttr) -> Result<(), Diagnostic>;
    /// `attr` on argument `arg` of region `region` of `op` (a function's
    /// `arg_attrs`).
    fn verify_region_arg_attr(
        &self,
        _ir: &Ir,
        _op: OpId,
        _region: usize,
        _arg: usize,
        _attr: NamedAttr,
    ) -> Result<(), Diagnostic> {
        Ok(())
    }
    /// `attr` on result `result` of region `region` of `op` (a function's
    /// `res_attrs`).
    fn verify_region_result_attr(
        &self,
        _ir: &Ir,
        _op: OpId,
        _region: usize,
        _result: usize,
        _attr: NamedAttr,
    ) -> Result<(), Diagnostic> {
        Ok(())
    }
}

impl std::fmt::Debug for DialectInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DialectInfo")
            .field("allow_unknown_ops", &self.allow_unknown_ops)
            .field("materializer", &self.materializer.is_some())
            .field("patterns", &self.patterns.is_some())
            .field("attr_verifier", &self.attr_verifier.is_some())
            .finish()
    }
}

/// Registered dialects and ops.
#[derive(Default)]
pub struct Registry {
    infos: Vec<OpInfo>,
    by_name: Vec<u32>,
    dialects: FxHashMap<Str, DialectInfo>,
    /// The dialects with attribute verifiers, by namespace with its `.`
    /// (a prefix test per attribute, cheaper than an interned lookup).
    attr_verifiers: Vec<(String, std::sync::Arc<dyn DialectAttrVerifier>)>,
    /// Registration mistakes: what went wrong, and the name it concerns.
    errors: Vec<(String, Option<Str>)>,
}

/// Registration mistakes found at start-up: an op registered twice, an
/// interface attached to a name no op has (a misspelling), or attached twice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegistryError(pub Vec<String>);

impl std::fmt::Display for RegistryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "invalid op registration: {}", self.0.join("; "))
    }
}

impl std::error::Error for RegistryError {}

impl Registry {
    /// Registers a dialect namespace.
    pub fn register_dialect(&mut self, ctx_name: Str, info: DialectInfo) {
        self.dialects.insert(ctx_name, info);
    }
    /// The dialect registered under `name`.
    pub fn dialect(&self, name: Str) -> Option<&DialectInfo> {
        self.dialects.get(&name)
    }
    /// Attaches `m` as the constant materializer of dialect `name`. A
    /// dialect not registered yet, or one that has a materializer already,
    /// is a registration mistake (recorded, see [`Registry::check`]).
    pub fn set_materializer(&mut self, name: Str, m: std::sync::Arc<dyn crate::rewrite_api::ConstantMaterializer>) {
        match self.dialects.get_mut(&name) {
            Some(d) if d.materializer.is_none() => d.materializer = Some(m),
            Some(_) => self.errors.push(("constant materializer attached twice to dialect".into(), Some(name))),
            None => self.errors.push(("constant materializer of an unregistered dialect".into(), Some(name))),
        }
    }
    /// Attaches `p` as the canonicalization patterns of dialect `name`
    /// (mistakes recorded as for [`Registry::set_materializer`]).
    pub fn set_dialect_patterns(
        &mut self,
        name: Str,
        p: std::sync::Arc<dyn crate::rewrite_api::CanonicalizationPatterns>,
    ) {
        match self.dialects.get_mut(&name) {
            Some(d) if d.patterns.is_none() => d.patterns = Some(p),
            Some(_) => self.errors.push(("canonicalization patterns attached twice to dialect".into(), Some(name))),
            None => self.errors.push(("canonicalization patterns of an unregistered dialect".into(), Some(name))),
        }
    }
    /// Attaches `v` as the attribute verifier of dialect `name`, spelled
    /// `namespace` (mistakes recorded as for [`Registry::set_materializer`]).
    pub fn set_attr_verifier(&mut self, name: Str, namespace: &str, v: std::sync::Arc<dyn DialectAttrVerifier>) {
        match self.dialects.get_mut(&name) {
            Some(d) if d.attr_verifier.is_none() => {
                d.attr_verifier = Some(v.clone());
                self.attr_verifiers.push((format!("{namespace}."), v));
            }
            Some(_) => self.errors.push(("attribute verifier attached twice to dialect".into(), Some(name))),
            None => self.errors.push(("attribute verifier of an unregistered dialect".into(), Some(name))),
        }
    }
    /// The attribute verifier of the dialect an attribute name belongs to
    /// (the namespace before its first `.`), if that dialect has one.
    pub fn attr_verifier_for(&self, attr_name: &str) -> Option<&dyn DialectAttrVerifier> {
        self.attr_verifiers.iter().find(|(ns, _)| attr_name.starts_with(ns.as_str())).map(|(_, v)| v.as_ref())
    }
    /// Registered dialect namespaces.
    pub fn dialect_names(&self) -> impl Iterator<Item = Str> + '_ {
        self.dialects.keys().copied()
    }
    /// Registers an op. A second registration of a name is a mistake: it is
    /// recorded (see [`Registry::check`]) and the first one is kept.
    pub fn register_op(&mut self, info: OpInfo) -> &mut OpInfo {
        let i = info.name.0 as usize;
        if i >= self.by_name.len() {
            self.by_name.resize(i + 1, u32::MAX);
        }
        let slot = self.by_name[i];
        if slot != u32::MAX {
            self.errors.push(("op registered twice".into(), Some(info.name)));
            return &mut self.infos[slot as usize];
        }
        self.by_name[i] = self.infos.len() as u32;
        self.infos.push(info);
        self.infos.last_mut().expect("just pushed")
    }
    /// The registration of an op name.
    #[inline]
    pub fn op(&self, name: Str) -> Option<&OpInfo> {
        match self.by_name.get(name.0 as usize) {
            Some(&i) if i != u32::MAX => Some(&self.infos[i as usize]),
            _ => None,
        }
    }
    /// Mutable access to a registration.
    pub fn op_mut(&mut self, name: Str) -> Option<&mut OpInfo> {
        match self.by_name.get(name.0 as usize) {
            Some(&i) if i != u32::MAX => Some(&mut self.infos[i as usize]),
            _ => None,
        }
    }
    /// Every registered op.
    pub fn ops(&self) -> impl Iterator<Item = &OpInfo> {
        self.infos.iter()
    }
    /// Attaches the implementation of interface `I` to op `name`. Attaching
    /// to an unregistered name or attaching `I` twice is a mistake: it is
    /// recorded (see [`Registry::check`]), nothing is attached, and false is
    /// returned.
    pub fn add_interface<I: ?Sized + 'static>(&mut self, name: Str, imp: Box<I>) -> bool
    where
        Box<I>: Send + Sync,
    {
        let id = TypeId::of::<Box<I>>();
        let what = std::any::type_name::<I>();
        let Some(info) = self.op_mut(name) else {
            self.errors.push((format!("interface {what} attached to an unregistered op"), Some(name)));
            return false;
        };
        if info.interfaces.iter().any(|(t, _)| *t == id) {
            self.errors.push((format!("interface {what} attached twice to an op"), Some(name)));
            return false;
        }
        info.interfaces.push((id, Box::new(imp)));
        true
    }
    /// Replaces (or attaches) the implementation of interface `I` of a
    /// registered op on purpose: a user overriding a built-in model.
    pub fn replace_interface<I: ?Sized + 'static>(&mut self, name: Str, imp: Box<I>) -> bool
    where
        Box<I>: Send + Sync,
    {
        let id = TypeId::of::<Box<I>>();
        let Some(info) = self.op_mut(name) else { return false };
        info.interfaces.retain(|(t, _)| *t != id);
        info.interfaces.push((id, Box::new(imp)));
        true
    }
    /// Records a registration mistake found by a caller (a folder or
    /// pattern table naming an op that is not registered).
    pub fn record_error(&mut self, message: String) {
        self.errors.push((message, None));
    }
    /// The registration mistakes recorded so far, with op names spelled
    /// out: call once every dialect is registered.
    pub fn check(&self, ctx: &Context) -> Result<(), RegistryError> {
        if self.errors.is_empty() {
            return Ok(());
        }
        let spelled = self
            .errors
            .iter()
            .map(|(what, name)| match name {
                Some(n) => format!("{what} '{}'", ctx.str(*n)),
                None => what.clone(),
            })
            .collect();
        Err(RegistryError(spelled))
    }

    /// The implementation of interface `I` for op `name`.
    #[inline]
    pub fn interface<I: ?Sized + 'static>(&self, name: Str) -> Option<&I> {
        let info = self.op(name)?;
        let id = TypeId::of::<Box<I>>();
        info.interfaces.iter().find(|(t, _)| *t == id).and_then(|(_, b)| b.downcast_ref::<Box<I>>()).map(|b| &**b)
    }
}

impl OpInfo {
    /// A registration with no traits, verifier or folder.
    pub fn new(ctx: &Context, name: &str) -> OpInfo {
        let dialect = name.split_once('.').map(|(d, _)| d).unwrap_or("");
        OpInfo {
            name: ctx.intern_str(name),
            dialect: ctx.intern_str(dialect),
            traits: OpTraits::default(),
            inherent_attrs: Vec::new(),
            default_attrs: Vec::new(),
            verify: None,
            verify_regions: None,
            fold: None,
            interfaces: SmallVec::new(),
        }
    }
}
