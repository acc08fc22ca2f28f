//! The runtime half of op declarations (MLIR's ODS-generated accessors):
//! what the `declare_op!` macro of the `dialects` crate expands to calls
//! these.
//!
//! - [`OpView`]: a typed view of one op (`SubViewOp(OpId)`), with the name
//!   test done by interned handle.
//! - [`Arity`] and [`group_range`]: where an operand (or result, region,
//!   successor) group lies, for fixed, optional and variadic groups, with or
//!   without `operandSegmentSizes` / `resultSegmentSizes` (MLIR's
//!   `AttrSizedOperandSegments`).
//! - [`AttrDecl`]: an attribute constraint with its typed getter and builder
//!   argument (`I64Array` gets `SmallVec<[i64; 6]>` and is built from
//!   `&[i64]`). Any crate can add one.
//! - [`OpBuilder`]: the one way passes and patterns create ops. It is
//!   implemented by the pattern rewriter (which tells its listener) and by
//!   [`IrBuilder`] (plain IR at an insertion point, for passes that run no
//!   driver).

use crate::arena::{BlockId, InsertPoint, Ir, OpId, OpSpec, RegionId};
use crate::attrs::{AttrKind, Attribute};
use crate::context::{Context, Str};
use crate::rewrite_api::{PatternRewriter, StaticName};
use crate::types::Type;
use smallvec::SmallVec;
use std::ops::Range;

/// How many entries a declared group has: MLIR's plain, `Optional<...>` and
/// `Variadic<...>` operands (results, regions, successors).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Arity {
    /// Exactly one.
    Single,
    /// Zero or one.
    Optional,
    /// Any number.
    Variadic,
}

/// Where the sizes of an op's groups come from.
#[derive(Clone, Copy, Debug)]
pub enum Sizing {
    /// At most one group is optional or variadic; it takes what the fixed
    /// groups leave.
    Implicit,
    /// An `array<i32: ...>` attribute of that name gives every group's size
    /// ([`OPERAND_SEGMENT_SIZES`], [`RESULT_SEGMENT_SIZES`]).
    Segments(&'static StaticName),
    /// Every optional or variadic group has the same size, sharing what the
    /// fixed groups leave (MLIR's `SameVariadicOperandSize`,
    /// `SameVariadicResultSize`).
    SameSize,
}

/// `operandSegmentSizes`, MLIR's `AttrSizedOperandSegments` attribute.
pub static OPERAND_SEGMENT_SIZES: StaticName = StaticName::new("operandSegmentSizes");
/// `resultSegmentSizes`, MLIR's `AttrSizedResultSegments` attribute.
pub static RESULT_SEGMENT_SIZES: StaticName = StaticName::new("resultSegmentSizes");

/// The range of group `group` among `total` entries laid out as `arities`.
/// Malformed layouts (a missing or mismatching segment attribute, too few
/// entries) give an empty or clamped range: the verifier reports them, and an
/// accessor never panics on unverified IR.
pub fn group_range(ir: &Ir, op: OpId, total: usize, arities: &[Arity], sizing: Sizing, group: usize) -> Range<usize> {
    match sizing {
        Sizing::Segments(name) => {
            let Some(a) = ir.attr_by(op, name.get(ir.ctx())) else { return 0..0 };
            let AttrKind::DenseArray { bits, .. } = ir.ctx().attr_kind(a) else { return 0..0 };
            if bits.len() != arities.len() {
                return 0..0;
            }
            let start: usize = bits[..group].iter().map(|&b| b as u32 as usize).sum();
            let len = bits[group] as u32 as usize;
            start.min(total)..(start + len).min(total)
        }
        Sizing::Implicit => implicit_range(arities, total, group),
        Sizing::SameSize => same_size_range(arities, total, group),
    }
}

/// The range of group `group` when the optional and variadic groups all
/// have the same size (clamped to `total`).
pub fn same_size_range(arities: &[Arity], total: usize, group: usize) -> Range<usize> {
    let fixed = arities.iter().filter(|a| **a == Arity::Single).count();
    let flexible = arities.len() - fixed;
    let each = total.saturating_sub(fixed).checked_div(flexible).unwrap_or(0);
    let len = |a: &Arity| if *a == Arity::Single { 1 } else { each };
    let start: usize = arities.iter().take(group).map(len).sum();
    match arities.get(group) {
        Some(a) => start.min(total)..(start + len(a)).min(total),
        None => 0..0,
    }
}

/// The range of group `group` when at most one group is optional or
/// variadic: it takes what the fixed groups leave (clamped to `total`).
pub fn implicit_range(arities: &[Arity], total: usize, group: usize) -> Range<usize> {
    let fixed = arities.iter().filter(|a| **a == Arity::Single).count();
    let extra = total.saturating_sub(fixed);
    let mut start = 0;
    for (i, a) in arities.iter().enumerate() {
        let len = match a {
            Arity::Single => 1,
            Arity::Optional => extra.min(1),
            Arity::Variadic => extra,
        };
        if i == group {
            return start.min(total)..(start + len).min(total);
        }
        start += len;
    }
    0..0
}

/// A typed view of an op of one registered name.
pub trait OpView: Copy {
    /// The op name (`memref.subview`).
    const NAME: &'static str;
    /// The interned op name.
    fn name(ctx: &Context) -> Str;
    /// The op viewed.
    fn op(self) -> OpId;
    /// Views `op` without checking its name.
    fn wrap(op: OpId) -> Self;
    /// True when `op` has this name.
    #[inline]
    fn matches(ir: &Ir, op: OpId) -> bool {
        ir.op_name(op) == Self::name(ir.ctx())
    }
    /// The view of `op`, when it has this name.
    #[inline]
    fn cast(ir: &Ir, op: OpId) -> Option<Self> {
        Self::matches(ir, op).then(|| Self::wrap(op))
    }
}

/// An attribute constraint of a declaration: how its value is read from the
/// op and how a builder argument becomes the attribute.
pub trait AttrDecl {
    /// What the generated getter returns.
    type Get<'a>;
    /// What the generated builder takes.
    type Arg<'a>;
    /// Reads the attribute (absent when `a` is `None`).
    fn get(ctx: &Context, a: Option<Attribute>) -> Self::Get<'_>;
    /// The attribute to store for a builder argument (`None`: leave it off).
    fn make(ctx: &Context, arg: Self::Arg<'_>) -> Option<Attribute>;
    /// How a declarative assembly format writes the attribute (`$name`).
    const SYNTAX: AttrSyntax = AttrSyntax::Plain(any_attr);
}

/// How a declarative assembly format (`syntax::format`) writes an attribute
/// variable, as ODS derives it from the attribute constraint.
#[derive(Clone, Copy, Debug)]
pub enum AttrSyntax {
    /// Written in full (`printAttribute`); a parsed value failing the
    /// predicate is `invalid kind of attribute specified`.
    Plain(fn(&Context, Attribute) -> bool),
    /// Written without its type, which is buildable (`I64Attr` prints `0`,
    /// parsed with type `i64`).
    Typed(fn(&Context) -> Type),
    /// A `UnitAttr`: only its presence counts.
    Unit,
}

/// The [`AttrSyntax::Plain`] predicate every attribute satisfies.
pub fn any_attr(_: &Context, _: Attribute) -> bool {
    true
}

/// Any attribute, optional.
pub struct AnyAttr;
impl AttrDecl for AnyAttr {
    type Get<'a> = Option<Attribute>;
    type Arg<'a> = Option<Attribute>;
    fn get(_: &Context, a: Option<Attribute>) -> Option<Attribute> {
        a
    }
    fn make(_: &Context, arg: Option<Attribute>) -> Option<Attribute> {
        arg
    }
}

/// `DenseI64ArrayAttr` (`array<i64: ...>`); absent reads as empty.
pub struct I64Array;
impl AttrDecl for I64Array {
    type Get<'a> = SmallVec<[i64; 6]>;
    type Arg<'a> = &'a [i64];
    fn get(ctx: &Context, a: Option<Attribute>) -> SmallVec<[i64; 6]> {
        a.and_then(|a| ctx.dense_i64_iter(a)).map(Iterator::collect).unwrap_or_default()
    }
    fn make(ctx: &Context, arg: &[i64]) -> Option<Attribute> {
        Some(ctx.dense_i64_array_attr(arg))
    }
}

/// `TypeAttr`.
pub struct TypeAttr;
impl AttrDecl for TypeAttr {
    type Get<'a> = Option<Type>;
    type Arg<'a> = Type;
    fn get(ctx: &Context, a: Option<Attribute>) -> Option<Type> {
        a.and_then(|a| ctx.type_value(a))
    }
    fn make(ctx: &Context, arg: Type) -> Option<Attribute> {
        Some(ctx.type_attr(arg))
    }
}

/// `StrAttr`.
pub struct StrAttr;
impl AttrDecl for StrAttr {
    type Get<'a> = Option<&'a str>;
    type Arg<'a> = &'a str;
    fn get(ctx: &Context, a: Option<Attribute>) -> Option<&str> {
        a.and_then(|a| ctx.str_value(a))
    }
    fn make(ctx: &Context, arg: &str) -> Option<Attribute> {
        Some(ctx.str_attr(arg))
    }
    const SYNTAX: AttrSyntax = AttrSyntax::Plain(|ctx, a| ctx.str_value(a).is_some());
}

/// `FlatSymbolRefAttr`: read as the referenced name.
pub struct FlatSymbolRef;
impl AttrDecl for FlatSymbolRef {
    type Get<'a> = Option<&'a str>;
    type Arg<'a> = &'a str;
    fn get(ctx: &Context, a: Option<Attribute>) -> Option<&str> {
        a.and_then(|a| ctx.symbol_ref_root(a)).map(|s| ctx.str(s))
    }
    fn make(ctx: &Context, arg: &str) -> Option<Attribute> {
        Some(ctx.symbol_ref_attr(arg))
    }
    const SYNTAX: AttrSyntax =
        AttrSyntax::Plain(|ctx, a| matches!(ctx.attr_kind(a), AttrKind::SymbolRef { nested, .. } if nested.is_empty()));
}

/// `UnitAttr`: present or not.
pub struct UnitAttr;
impl AttrDecl for UnitAttr {
    type Get<'a> = bool;
    type Arg<'a> = bool;
    fn get(_: &Context, a: Option<Attribute>) -> bool {
        a.is_some()
    }
    fn make(ctx: &Context, arg: bool) -> Option<Attribute> {
        arg.then(|| ctx.unit_attr())
    }
    const SYNTAX: AttrSyntax = AttrSyntax::Unit;
}

/// An integer attribute (`I64Attr`, `IndexAttr`, `I32Attr`, …) read as
/// `i64`; built with the type `T` names.
pub struct IntAttr<const BITS: u32>;
impl<const BITS: u32> AttrDecl for IntAttr<BITS> {
    type Get<'a> = Option<i64>;
    type Arg<'a> = i64;
    fn get(ctx: &Context, a: Option<Attribute>) -> Option<i64> {
        a.and_then(|a| ctx.int_value(a)).and_then(|v| i64::try_from(v).ok())
    }
    fn make(ctx: &Context, arg: i64) -> Option<Attribute> {
        Some(if BITS == 0 { ctx.index_attr(arg) } else { ctx.int_attr(ctx.int_ty(BITS), arg as i128) })
    }
    const SYNTAX: AttrSyntax = AttrSyntax::Typed(|ctx| if BITS == 0 { ctx.index_ty() } else { ctx.int_ty(BITS) });
}

/// `IndexAttr`.
pub type IndexAttr = IntAttr<0>;
/// `I64Attr`.
pub type I64Attr = IntAttr<64>;
/// `I32Attr`.
pub type I32Attr = IntAttr<32>;

/// An optional variant of a required constraint: the builder may leave it
/// off.
pub struct Opt<A>(std::marker::PhantomData<A>);
impl<A: AttrDecl> AttrDecl for Opt<A> {
    type Get<'a> = A::Get<'a>;
    type Arg<'a> = Option<A::Arg<'a>>;
    fn get(ctx: &Context, a: Option<Attribute>) -> A::Get<'_> {
        A::get(ctx, a)
    }
    fn make(ctx: &Context, arg: Self::Arg<'_>) -> Option<Attribute> {
        arg.and_then(|v| A::make(ctx, v))
    }
    const SYNTAX: AttrSyntax = A::SYNTAX;
}

/// Creates ops at an insertion point. Passes and patterns build IR only
/// through this trait, so a rewriter's listener sees every op created.
pub trait OpBuilder {
    /// The IR being built.
    fn ir(&self) -> &Ir;
    /// Creates an op and inserts it at the insertion point (detached when
    /// there is none), notifying whoever listens.
    fn create(&mut self, spec: OpSpec<'_>) -> OpId;
}

impl OpBuilder for PatternRewriter<'_> {
    fn ir(&self) -> &Ir {
        PatternRewriter::ir(self)
    }
    fn create(&mut self, spec: OpSpec<'_>) -> OpId {
        PatternRewriter::create(self, spec)
    }
}

/// Plain IR with an insertion point, for passes that build without a
/// pattern driver watching.
pub struct IrBuilder<'a> {
    /// The IR.
    pub ir: &'a mut Ir,
    /// Where new ops go (detached when `None`).
    pub ip: Option<InsertPoint>,
}

impl<'a> IrBuilder<'a> {
    /// A builder inserting at `ip`.
    pub fn at(ir: &'a mut Ir, ip: InsertPoint) -> Self {
        IrBuilder { ir, ip: Some(ip) }
    }
}

impl OpBuilder for IrBuilder<'_> {
    fn ir(&self) -> &Ir {
        self.ir
    }
    fn create(&mut self, spec: OpSpec<'_>) -> OpId {
        match self.ip {
            Some(ip) => self.ir.insert_new_op(ip, spec),
            None => self.ir.create_op(spec),
        }
    }
}

/// The `i32` segment sizes attribute for groups of these lengths.
pub fn segment_sizes_attr(ctx: &Context, sizes: &[usize]) -> Attribute {
    let elem = ctx.int_ty(32);
    ctx.attr(AttrKind::DenseArray { elem, bits: sizes.iter().map(|&s| s as u32 as u128).collect() })
}

/// Lengths of builder arguments for each group kind, so the generated
/// builder can compute segment sizes uniformly.
pub trait GroupArg {
    /// The element (a value, a type, a block).
    type Elem: Copy;
    /// Appends the elements.
    fn extend_into(&self, out: &mut SmallVec<[Self::Elem; 8]>) -> usize;
}

macro_rules! group_arg_impls {
    ($($t:ty),*) => {$(
        impl GroupArg for $t {
            type Elem = $t;
            fn extend_into(&self, out: &mut SmallVec<[$t; 8]>) -> usize {
                out.push(*self);
                1
            }
        }
        impl GroupArg for Option<$t> {
            type Elem = $t;
            fn extend_into(&self, out: &mut SmallVec<[$t; 8]>) -> usize {
                out.extend(self.iter().copied());
                self.is_some() as usize
            }
        }
        impl GroupArg for &[$t] {
            type Elem = $t;
            fn extend_into(&self, out: &mut SmallVec<[$t; 8]>) -> usize {
                out.extend_from_slice(self);
                self.len()
            }
        }
    )*};
}
group_arg_impls!(crate::arena::ValueId, Type, BlockId);

/// The region `group` of `op` when declared regions are all single: the
/// generated region accessors call this.
#[inline]
pub fn region_at(ir: &Ir, op: OpId, arities: &[Arity], group: usize) -> Option<RegionId> {
    let r = group_range(ir, op, ir.regions(op).len(), arities, Sizing::Implicit, group);
    (!r.is_empty()).then(|| ir.regions(op)[r.start])
}

#[cfg(test)]
mod tests {
    use super::*;
    use Arity::*;

    #[test]
    fn implicit_groups_give_the_variadic_the_rest() {
        let arities = [Single, Variadic, Single];
        assert_eq!(implicit_range(&arities, 5, 0), 0..1);
        assert_eq!(implicit_range(&arities, 5, 1), 1..4);
        assert_eq!(implicit_range(&arities, 5, 2), 4..5);
        assert_eq!(implicit_range(&arities, 2, 1), 1..1);
        assert_eq!(implicit_range(&[Single, Optional], 2, 1), 1..2);
        assert_eq!(implicit_range(&[Single, Optional], 1, 1), 1..1);
    }

    #[test]
    fn same_size_groups_share_the_rest() {
        // `extract_strided_metadata`: base, offset, then sizes and strides
        // of one rank each.
        let arities = [Single, Single, Variadic, Variadic];
        assert_eq!(same_size_range(&arities, 8, 2), 2..5);
        assert_eq!(same_size_range(&arities, 8, 3), 5..8);
        assert_eq!(same_size_range(&arities, 2, 3), 2..2);
        assert_eq!(same_size_range(&[Variadic, Variadic], 3, 1), 1..2);
        assert_eq!(same_size_range(&[Single], 1, 4), 0..0);
    }

    #[test]
    fn malformed_layouts_clamp() {
        // Too few entries for the fixed groups: ranges stay inside `total`.
        assert_eq!(implicit_range(&[Single, Variadic, Single], 1, 2), 1..1);
        assert_eq!(implicit_range(&[Single, Single], 0, 1), 0..0);
        assert_eq!(implicit_range(&[Single], 3, 5), 0..0);
    }
}
