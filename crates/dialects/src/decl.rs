//! Ops declared once: the [`declare_op!`](crate::declare_op) macro, bufopt's
//! counterpart of an ODS `def`.
//!
//! One declaration states an op's name, traits, operand / attribute /
//! result / region / successor groups, custom assembly, verifiers, folder,
//! interfaces and canonicalization patterns. It generates:
//! - a typed view `struct FooOp(pub OpId)` implementing [`ir::op_decl::OpView`]
//!   (`FooOp::cast(&ir, op)`, `FooOp::matches(&ir, op)`, name test by
//!   interned handle);
//! - one accessor per group: `op.source(&ir) -> ValueId` and
//!   `op.source_operand(&ir) -> OperandId` for a single operand, `Option`s for
//!   an optional one, [`Values`] and `&[OperandId]` for a variadic one;
//!   typed attribute getters (`op.static_sizes(&ir) -> SmallVec<[i64; 6]>`)
//!   through [`ir::op_decl::AttrDecl`]; results, regions and successors
//!   likewise; `*_range` gives a group's indices;
//! - a typed builder `FooOp::build(&mut b, loc, result types.., operands..,
//!   attributes..)` over [`ir::op_decl::OpBuilder`], so the rewriter's
//!   listener sees what it creates; segment sizes are filled in;
//! - `FooOp::register(ctx)`, which registers everything. Registration
//!   mistakes (the op twice, an interface twice) are recorded in the
//!   registry and reported by `dialects::register_all`.
//!
//! ```ignore
//! declare_op! {
//!     /// `memref.load`
//!     pub struct LoadOp = "memref.load" {
//!         traits: OpTraits::default(),
//!         operands: [memref: Single, indices: Variadic],
//!         attrs: [nontemporal: Opt<BoolAttr>],
//!         results: [result: Single],
//!         verify: verify_load,
//!         asm: LoadAsm,
//!         interfaces: [MemoryEffects => LoadEffects],
//!     }
//! }
//! ```
//! Groups are `Single`, `Optional` or `Variadic`. With more than one
//! optional or variadic operand group, say `operand_segments: true` (MLIR's
//! `AttrSizedOperandSegments`) or `operand_segments: same` (groups of equal
//! size, MLIR's `SameVariadicOperandSize`); `result_segments:` likewise.
//! An attribute whose IR name is not a usable Rust name is declared as
//! `global_type as "type": TypeAttr`. A pattern rooted at another op than the
//! declared one is written `"Label" on "memref.load" => f`.

use ir::{Ir, OperandId, ValueId};

#[doc(hidden)]
pub use ir as __ir;
#[doc(hidden)]
pub use pastey as __pastey;
#[doc(hidden)]
pub use smallvec as __smallvec;
#[doc(hidden)]
pub use syntax as __syntax;

/// The values of a variadic operand group.
#[derive(Clone, Copy)]
pub struct Values<'a> {
    ir: &'a Ir,
    ids: &'a [OperandId],
}

impl<'a> Values<'a> {
    /// The group's operand slots.
    pub fn new(ir: &'a Ir, ids: &'a [OperandId]) -> Self {
        Values { ir, ids }
    }
    /// The operand slots.
    pub fn ids(&self) -> &'a [OperandId] {
        self.ids
    }
    /// Number of values.
    pub fn len(&self) -> usize {
        self.ids.len()
    }
    /// True when the group is empty.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }
    /// Value `i`.
    pub fn get(&self, i: usize) -> Option<ValueId> {
        self.ids.get(i).map(|&u| self.ir.use_value(u))
    }
    /// The values.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = ValueId> + Clone + 'a {
        let ir = self.ir;
        self.ids.iter().map(move |&u| ir.use_value(u))
    }
    /// The values, collected.
    pub fn to_vec(&self) -> Vec<ValueId> {
        self.iter().collect()
    }
}

impl std::fmt::Debug for Values<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Declares an op: see the [module documentation](crate::decl).
#[macro_export]
macro_rules! declare_op {
    (
        $(#[$meta:meta])*
        $vis:vis struct $Name:ident = $opname:literal {
            traits: $traits:expr,
            $(operands: [$($oname:ident : $okind:ident),* $(,)?],)?
            $(operand_segments: $oseg:tt,)?
            $(attrs: [$($aname:ident $(as $aspell:literal)? : $akind:ty),* $(,)?],)?
            $(results: [$($rname:ident : $rkind:ident),* $(,)?],)?
            $(result_segments: $rseg:tt,)?
            $(regions: [$($gname:ident : $gkind:ident),* $(,)?],)?
            $(successors: [$($sname:ident : $skind:ident),* $(,)?],)?
            $(verify: $verify:expr,)?
            $(verify_regions: $verify_regions:expr,)?
            $(fold: $fold:expr,)?
            $(asm: $asm:expr,)?
            $(format: $format:literal,)?
            $(format_rules: [$($fvar:ident : $frule:expr),* $(,)?],)?
            $(result_name: $result_name:literal,)?
            $(result_names: $result_names:expr,)?
            $(interfaces: [$($iface:path => $imp:expr),* $(,)?],)?
            $(patterns: [$($plabel:literal $(on $proot:literal)? => $pfn:expr),* $(,)?],)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        $vis struct $Name(pub $crate::decl::__ir::OpId);

        impl $crate::decl::__ir::op_decl::OpView for $Name {
            const NAME: &'static str = $opname;
            #[inline]
            fn name(ctx: &$crate::decl::__ir::Context) -> $crate::decl::__ir::Str {
                static NAME: $crate::decl::__ir::rewrite_api::StaticName =
                    $crate::decl::__ir::rewrite_api::StaticName::new($opname);
                NAME.get(ctx)
            }
            #[inline]
            fn op(self) -> $crate::decl::__ir::OpId {
                self.0
            }
            #[inline]
            fn wrap(op: $crate::decl::__ir::OpId) -> Self {
                $Name(op)
            }
        }

        #[allow(dead_code, non_snake_case, clippy::too_many_arguments, clippy::needless_lifetimes)]
        impl $Name {
            /// The op name.
            pub const NAME: &'static str = $opname;
            const OPERAND_ARITIES: &'static [$crate::decl::__ir::op_decl::Arity] =
                &[$($($crate::decl::__ir::op_decl::Arity::$okind),*)?];
            const RESULT_ARITIES: &'static [$crate::decl::__ir::op_decl::Arity] =
                &[$($($crate::decl::__ir::op_decl::Arity::$rkind),*)?];
            const REGION_ARITIES: &'static [$crate::decl::__ir::op_decl::Arity] =
                &[$($($crate::decl::__ir::op_decl::Arity::$gkind),*)?];
            const SUCCESSOR_ARITIES: &'static [$crate::decl::__ir::op_decl::Arity] =
                &[$($($crate::decl::__ir::op_decl::Arity::$skind),*)?];
            const OPERAND_NAMES: &'static [&'static str] = &[$($(stringify!($oname)),*)?];
            const RESULT_NAMES: &'static [&'static str] = &[$($(stringify!($rname)),*)?];
            const SUCCESSOR_NAMES: &'static [&'static str] = &[$($(stringify!($sname)),*)?];
            const ATTR_SYNTAX: &'static [(&'static str, $crate::decl::__ir::op_decl::AttrSyntax)] = &[$($(
                ($crate::declare_op!(@spell $aname $($aspell)?), <$akind as $crate::decl::__ir::op_decl::AttrDecl>::SYNTAX)
            ),*)?];
            const FORMAT: ::std::option::Option<&'static str> = $crate::declare_op!(@opt $($format)?);
            const FORMAT_RULES: &'static [(&'static str, $crate::decl::__syntax::format::Rule)] = &[$($(
                (stringify!($fvar), { #[allow(unused_imports)] use $crate::decl::__syntax::format::Rule::*; $frule })
            ),*)?];
            const RESULT_NAME: ::std::option::Option<&'static str> = $crate::declare_op!(@opt $($result_name)?);
            const RESULT_NAMES_FN: ::std::option::Option<$crate::decl::__syntax::format::ResultNamesFn> =
                $crate::declare_op!(@opt_fn $($result_names)?);
            const OPERAND_SEGMENTS: bool = $crate::declare_op!(@has_segments $($oseg)?);
            const RESULT_SEGMENTS: bool = $crate::declare_op!(@has_segments $($rseg)?);

            /// True when `op` is this op.
            #[inline]
            pub fn matches(ir: &$crate::decl::__ir::Ir, op: $crate::decl::__ir::OpId) -> bool {
                <Self as $crate::decl::__ir::op_decl::OpView>::matches(ir, op)
            }
            /// The view of `op`, when it is this op.
            #[inline]
            pub fn cast(ir: &$crate::decl::__ir::Ir, op: $crate::decl::__ir::OpId) -> Option<Self> {
                <Self as $crate::decl::__ir::op_decl::OpView>::cast(ir, op)
            }
            /// The op viewed.
            #[inline]
            pub fn op(self) -> $crate::decl::__ir::OpId {
                self.0
            }

            #[inline]
            fn operand_sizing() -> $crate::decl::__ir::op_decl::Sizing {
                $crate::declare_op!(@sizing OPERAND_SEGMENT_SIZES; $($oseg)?)
            }
            #[inline]
            fn result_sizing() -> $crate::decl::__ir::op_decl::Sizing {
                $crate::declare_op!(@sizing RESULT_SEGMENT_SIZES; $($rseg)?)
            }
            fn operand_group(self, ir: &$crate::decl::__ir::Ir, g: usize) -> ::std::ops::Range<usize> {
                $crate::decl::__ir::op_decl::group_range(
                    ir, self.0, ir.num_operands(self.0), Self::OPERAND_ARITIES, Self::operand_sizing(), g)
            }
            fn result_group(self, ir: &$crate::decl::__ir::Ir, g: usize) -> ::std::ops::Range<usize> {
                $crate::decl::__ir::op_decl::group_range(
                    ir, self.0, ir.num_results(self.0), Self::RESULT_ARITIES, Self::result_sizing(), g)
            }
            fn region_group(self, ir: &$crate::decl::__ir::Ir, g: usize) -> ::std::ops::Range<usize> {
                $crate::decl::__ir::op_decl::implicit_range(Self::REGION_ARITIES, ir.regions(self.0).len(), g)
            }
            fn successor_group(self, ir: &$crate::decl::__ir::Ir, g: usize) -> ::std::ops::Range<usize> {
                $crate::decl::__ir::op_decl::implicit_range(Self::SUCCESSOR_ARITIES, ir.successors(self.0).len(), g)
            }

            $crate::declare_op!(@operands 0usize; $($($oname : $okind,)*)?);
            $crate::declare_op!(@results 0usize; $($($rname : $rkind,)*)?);
            $crate::declare_op!(@regions 0usize; $($($gname : $gkind,)*)?);
            $crate::declare_op!(@successors 0usize; $($($sname : $skind,)*)?);
            $($(
                $crate::decl::__pastey::paste! {
                    #[doc = concat!("The `", stringify!($aname), "` attribute, typed.")]
                    #[inline]
                    pub fn $aname<'a>(self, ir: &'a $crate::decl::__ir::Ir)
                        -> <$akind as $crate::decl::__ir::op_decl::AttrDecl>::Get<'a> {
                        <$akind as $crate::decl::__ir::op_decl::AttrDecl>::get(ir.ctx(), self.[<$aname _attr>](ir))
                    }
                    #[doc = concat!("The `", stringify!($aname), "` attribute as stored.")]
                    #[inline]
                    pub fn [<$aname _attr>](self, ir: &$crate::decl::__ir::Ir) -> Option<$crate::decl::__ir::Attribute> {
                        ir.attr_by(self.0, Self::[<$aname _name>](ir.ctx()))
                    }
                    #[doc = concat!("The interned name of the `", stringify!($aname), "` attribute.")]
                    #[inline]
                    pub fn [<$aname _name>](ctx: &$crate::decl::__ir::Context) -> $crate::decl::__ir::Str {
                        static N: $crate::decl::__ir::rewrite_api::StaticName =
                            $crate::decl::__ir::rewrite_api::StaticName::new($crate::declare_op!(@spell $aname $($aspell)?));
                        N.get(ctx)
                    }
                }
            )*)?

            $crate::decl::__pastey::paste! {
                /// Creates the op at the builder's insertion point: result
                /// types, then operand groups, then attributes, in
                /// declaration order; segment sizes are added.
                #[allow(unused_mut)]
                pub fn build<B: $crate::decl::__ir::op_decl::OpBuilder + ?Sized>(
                    b: &mut B,
                    loc: $crate::decl::__ir::Location,
                    $($([<$rname _ty>]: $crate::declare_op!(@arg_ty Type $rkind),)*)?
                    $($($oname: $crate::declare_op!(@arg_ty ValueId $okind),)*)?
                    $($($aname: <$akind as $crate::decl::__ir::op_decl::AttrDecl>::Arg<'_>,)*)?
                    $($([<$gname _regions>]: $crate::declare_op!(@region_arg $gkind),)*)?
                    $($([<$sname _dest>]: $crate::declare_op!(@arg_ty BlockId $skind),)*)?
                ) -> Self {
                    #[allow(unused_imports)] // (an op of regions only has no group to size)
                    use $crate::decl::__ir::op_decl::GroupArg as _;
                    let ctx = ::std::sync::Arc::clone(b.ir().ctx_arc());
                    let mut operands: $crate::decl::__smallvec::SmallVec<[$crate::decl::__ir::ValueId; 8]> =
                        Default::default();
                    let mut results: $crate::decl::__smallvec::SmallVec<[$crate::decl::__ir::Type; 8]> =
                        Default::default();
                    let mut successors: $crate::decl::__smallvec::SmallVec<[$crate::decl::__ir::BlockId; 8]> =
                        Default::default();
                    let mut attrs: ::std::vec::Vec<$crate::decl::__ir::NamedAttr> = ::std::vec::Vec::new();
                    let operand_sizes: &[usize] = &[$($($oname.extend_into(&mut operands)),*)?];
                    let result_sizes: &[usize] = &[$($([<$rname _ty>].extend_into(&mut results)),*)?];
                    $($($crate::declare_op!(@succ_push successors, [<$sname _dest>]);)*)?
                    let num_regions: usize = 0 $($( + [<$gname _regions>])*)?;
                    $($(
                        if let Some(v) = <$akind as $crate::decl::__ir::op_decl::AttrDecl>::make(&ctx, $aname) {
                            attrs.push($crate::decl::__ir::NamedAttr { name: Self::[<$aname _name>](&ctx), value: v });
                        }
                    )*)?
                    if Self::OPERAND_SEGMENTS {
                        attrs.push($crate::decl::__ir::NamedAttr {
                            name: $crate::decl::__ir::op_decl::OPERAND_SEGMENT_SIZES.get(&ctx),
                            value: $crate::decl::__ir::op_decl::segment_sizes_attr(&ctx, operand_sizes),
                        });
                    }
                    if Self::RESULT_SEGMENTS {
                        attrs.push($crate::decl::__ir::NamedAttr {
                            name: $crate::decl::__ir::op_decl::RESULT_SEGMENT_SIZES.get(&ctx),
                            value: $crate::decl::__ir::op_decl::segment_sizes_attr(&ctx, result_sizes),
                        });
                    }
                    let _ = (operand_sizes, result_sizes);
                    let spec = $crate::decl::__ir::OpSpec {
                        operands: &operands,
                        results: &results,
                        attrs: &attrs,
                        successors: &successors,
                        num_regions,
                        ..$crate::decl::__ir::OpSpec::new(<Self as $crate::decl::__ir::op_decl::OpView>::name(&ctx), loc)
                    };
                    $Name(b.create(spec))
                }
            }

            /// Registers the op with everything its declaration names.
            pub fn register(ctx: &mut $crate::decl::__ir::Context) {
                let mut info = $crate::decl::__ir::OpInfo::new(ctx, $opname);
                info.traits = $traits;
                let mut inherent: ::std::vec::Vec<&str> =
                    ::std::vec![$($($crate::declare_op!(@spell $aname $($aspell)?)),*)?];
                if Self::OPERAND_SEGMENTS {
                    inherent.push("operandSegmentSizes");
                }
                if Self::RESULT_SEGMENTS {
                    inherent.push("resultSegmentSizes");
                }
                info.inherent_attrs = inherent.iter().map(|s| ctx.intern_str(s)).collect();
                $(info.verify = Some($verify);)?
                $(info.verify_regions = Some($verify_regions);)?
                $(info.fold = Some($fold);)?
                let name = info.name;
                ctx.registry_mut().register_op(info);
                $(
                    let asm: ::std::boxed::Box<dyn $crate::decl::__syntax::asm::OpAsm> = ::std::boxed::Box::new($asm);
                    ctx.registry_mut().add_interface::<dyn $crate::decl::__syntax::asm::OpAsm>(name, asm);
                )?
                if let Some(format) = Self::FORMAT {
                    let shape = $crate::decl::__syntax::format::OpShape {
                        name: $opname,
                        operands: Self::OPERAND_NAMES,
                        operand_arities: Self::OPERAND_ARITIES,
                        operand_sizing: Self::operand_sizing(),
                        results: Self::RESULT_NAMES,
                        result_arities: Self::RESULT_ARITIES,
                        result_sizing: Self::result_sizing(),
                        attrs: Self::ATTR_SYNTAX,
                        successors: Self::SUCCESSOR_NAMES,
                        rules: Self::FORMAT_RULES,
                        result_name: Self::RESULT_NAME,
                        result_names: Self::RESULT_NAMES_FN,
                    };
                    match $crate::decl::__syntax::format::FormatAsm::new(shape, format) {
                        Ok(f) => {
                            let asm: ::std::boxed::Box<dyn $crate::decl::__syntax::asm::OpAsm> = ::std::boxed::Box::new(f);
                            ctx.registry_mut().add_interface::<dyn $crate::decl::__syntax::asm::OpAsm>(name, asm);
                        }
                        Err(e) => ctx.registry_mut().record_error(
                            ::std::format!("invalid assembly format of '{}': {e}", $opname)),
                    }
                }
                $($(
                    let imp: ::std::boxed::Box<dyn $iface> = ::std::boxed::Box::new($imp);
                    ctx.registry_mut().add_interface::<dyn $iface>(name, imp);
                )*)?
                $(
                    let set = $crate::patterns::PatternSet(::std::vec![
                        $(($plabel, $crate::declare_op!(@root $opname $($proot)?), $pfn as $crate::patterns::PatternFn)),*
                    ]);
                    ctx.registry_mut()
                        .add_interface::<dyn $crate::decl::__ir::rewrite_api::CanonicalizationPatterns>(name, ::std::boxed::Box::new(set));
                )?
                let _ = name;
            }
        }
    };

    // `operand_segments:` / `result_segments:` — `true` for a segment-size
    // attribute, `same` for groups of equal size.
    (@opt) => { ::std::option::Option::None };
    (@opt $x:literal) => { ::std::option::Option::Some($x) };
    (@opt_fn) => { ::std::option::Option::None };
    (@opt_fn $x:expr) => { ::std::option::Option::Some($x) };
    (@has_segments) => { false };
    (@has_segments true) => { true };
    (@has_segments same) => { false };
    (@sizing $attr:ident;) => { $crate::decl::__ir::op_decl::Sizing::Implicit };
    (@sizing $attr:ident; true) => { $crate::decl::__ir::op_decl::Sizing::Segments(&$crate::decl::__ir::op_decl::$attr) };
    (@sizing $attr:ident; same) => { $crate::decl::__ir::op_decl::Sizing::SameSize };
    // An attribute's name as spelled in the IR (`as "type"` when the Rust
    // name differs).
    (@spell $a:ident) => { stringify!($a) };
    (@spell $a:ident $s:literal) => { $s };
    // A pattern's root: the op itself unless `on "other.op"`.
    (@root $op:literal) => { $op };
    (@root $op:literal $r:literal) => { $r };

    (@arg_ty $t:ident Single) => { $crate::decl::__ir::$t };
    (@arg_ty $t:ident Optional) => { ::std::option::Option<$crate::decl::__ir::$t> };
    (@arg_ty $t:ident Variadic) => { &[$crate::decl::__ir::$t] };
    (@region_arg Single) => { usize };
    (@region_arg Variadic) => { usize };
    (@succ_push $v:ident, $x:expr) => { $crate::decl::__ir::op_decl::GroupArg::extend_into(&$x, &mut $v); };

    // ----- operand accessors ------------------------------------------------
    (@operands $i:expr;) => {};
    (@operands $i:expr; $n:ident : Single, $($rest:tt)*) => {
        $crate::decl::__pastey::paste! {
            #[doc = concat!("The `", stringify!($n), "` operand.")]
            #[inline]
            pub fn $n(self, ir: &$crate::decl::__ir::Ir) -> $crate::decl::__ir::ValueId {
                ir.operand(self.0, self.operand_group(ir, $i).start)
            }
            #[doc = concat!("The slot of the `", stringify!($n), "` operand.")]
            #[inline]
            pub fn [<$n _operand>](self, ir: &$crate::decl::__ir::Ir) -> $crate::decl::__ir::OperandId {
                ir.operand_ids(self.0)[self.operand_group(ir, $i).start]
            }
            #[doc = concat!("The operand indices of `", stringify!($n), "`.")]
            #[inline]
            pub fn [<$n _range>](self, ir: &$crate::decl::__ir::Ir) -> ::std::ops::Range<usize> {
                self.operand_group(ir, $i)
            }
        }
        $crate::declare_op!(@operands $i + 1usize; $($rest)*);
    };
    (@operands $i:expr; $n:ident : Optional, $($rest:tt)*) => {
        $crate::decl::__pastey::paste! {
            #[doc = concat!("The optional `", stringify!($n), "` operand.")]
            #[inline]
            pub fn $n(self, ir: &$crate::decl::__ir::Ir) -> Option<$crate::decl::__ir::ValueId> {
                let r = self.operand_group(ir, $i);
                (!r.is_empty()).then(|| ir.operand(self.0, r.start))
            }
            #[doc = concat!("The slot of the optional `", stringify!($n), "` operand.")]
            #[inline]
            pub fn [<$n _operand>](self, ir: &$crate::decl::__ir::Ir) -> Option<$crate::decl::__ir::OperandId> {
                let r = self.operand_group(ir, $i);
                (!r.is_empty()).then(|| ir.operand_ids(self.0)[r.start])
            }
            #[doc = concat!("The operand indices of `", stringify!($n), "`.")]
            #[inline]
            pub fn [<$n _range>](self, ir: &$crate::decl::__ir::Ir) -> ::std::ops::Range<usize> {
                self.operand_group(ir, $i)
            }
        }
        $crate::declare_op!(@operands $i + 1usize; $($rest)*);
    };
    (@operands $i:expr; $n:ident : Variadic, $($rest:tt)*) => {
        $crate::decl::__pastey::paste! {
            #[doc = concat!("The `", stringify!($n), "` operands.")]
            #[inline]
            pub fn $n<'a>(self, ir: &'a $crate::decl::__ir::Ir) -> $crate::decl::Values<'a> {
                $crate::decl::Values::new(ir, &ir.operand_ids(self.0)[self.operand_group(ir, $i)])
            }
            #[doc = concat!("The slots of the `", stringify!($n), "` operands.")]
            #[inline]
            pub fn [<$n _operands>]<'a>(self, ir: &'a $crate::decl::__ir::Ir) -> &'a [$crate::decl::__ir::OperandId] {
                &ir.operand_ids(self.0)[self.operand_group(ir, $i)]
            }
            #[doc = concat!("The operand indices of `", stringify!($n), "`.")]
            #[inline]
            pub fn [<$n _range>](self, ir: &$crate::decl::__ir::Ir) -> ::std::ops::Range<usize> {
                self.operand_group(ir, $i)
            }
        }
        $crate::declare_op!(@operands $i + 1usize; $($rest)*);
    };

    // ----- result accessors -------------------------------------------------
    (@results $i:expr;) => {};
    (@results $i:expr; $n:ident : Single, $($rest:tt)*) => {
        #[doc = concat!("The `", stringify!($n), "` result.")]
        #[inline]
        pub fn $n(self, ir: &$crate::decl::__ir::Ir) -> $crate::decl::__ir::ValueId {
            ir.result(self.0, self.result_group(ir, $i).start)
        }
        $crate::declare_op!(@results $i + 1usize; $($rest)*);
    };
    (@results $i:expr; $n:ident : Optional, $($rest:tt)*) => {
        #[doc = concat!("The optional `", stringify!($n), "` result.")]
        #[inline]
        pub fn $n(self, ir: &$crate::decl::__ir::Ir) -> Option<$crate::decl::__ir::ValueId> {
            let r = self.result_group(ir, $i);
            (!r.is_empty()).then(|| ir.result(self.0, r.start))
        }
        $crate::declare_op!(@results $i + 1usize; $($rest)*);
    };
    (@results $i:expr; $n:ident : Variadic, $($rest:tt)*) => {
        #[doc = concat!("The `", stringify!($n), "` results.")]
        #[inline]
        pub fn $n(self, ir: &$crate::decl::__ir::Ir)
            -> impl ExactSizeIterator<Item = $crate::decl::__ir::ValueId> + Clone + '_ {
            let op = self.0;
            self.result_group(ir, $i).map(move |k| ir.result(op, k))
        }
        $crate::declare_op!(@results $i + 1usize; $($rest)*);
    };

    // ----- region accessors -------------------------------------------------
    (@regions $i:expr;) => {};
    (@regions $i:expr; $n:ident : Single, $($rest:tt)*) => {
        #[doc = concat!("The `", stringify!($n), "` region.")]
        #[inline]
        pub fn $n(self, ir: &$crate::decl::__ir::Ir) -> $crate::decl::__ir::RegionId {
            ir.regions(self.0)[self.region_group(ir, $i).start]
        }
        $crate::declare_op!(@regions $i + 1usize; $($rest)*);
    };
    (@regions $i:expr; $n:ident : Variadic, $($rest:tt)*) => {
        #[doc = concat!("The `", stringify!($n), "` regions.")]
        #[inline]
        pub fn $n<'a>(self, ir: &'a $crate::decl::__ir::Ir) -> &'a [$crate::decl::__ir::RegionId] {
            &ir.regions(self.0)[self.region_group(ir, $i)]
        }
        $crate::declare_op!(@regions $i + 1usize; $($rest)*);
    };

    // ----- successor accessors ----------------------------------------------
    (@successors $i:expr;) => {};
    (@successors $i:expr; $n:ident : Single, $($rest:tt)*) => {
        #[doc = concat!("The `", stringify!($n), "` successor.")]
        #[inline]
        pub fn $n(self, ir: &$crate::decl::__ir::Ir) -> $crate::decl::__ir::BlockId {
            ir.successors(self.0)[self.successor_group(ir, $i).start]
        }
        $crate::declare_op!(@successors $i + 1usize; $($rest)*);
    };
    (@successors $i:expr; $n:ident : Variadic, $($rest:tt)*) => {
        #[doc = concat!("The `", stringify!($n), "` successors.")]
        #[inline]
        pub fn $n<'a>(self, ir: &'a $crate::decl::__ir::Ir) -> &'a [$crate::decl::__ir::BlockId] {
            &ir.successors(self.0)[self.successor_group(ir, $i)]
        }
        $crate::declare_op!(@successors $i + 1usize; $($rest)*);
    };
}

/// Registers a list of declared ops: `register_ops!(ctx, [AOp, BOp])`.
#[macro_export]
macro_rules! register_ops {
    ($ctx:expr, [$($op:ty),* $(,)?]) => {{
        $(<$op>::register($ctx);)*
    }};
}

#[cfg(test)]
mod tests;
