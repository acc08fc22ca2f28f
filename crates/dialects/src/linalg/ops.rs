//! The `linalg` op declarations: one [`declare_op!`](crate::declare_op) per
//! op (`generic`, `map`, `reduce`, `transpose`, `broadcast`, `yield`,
//! `index`) and one table row per OpDSL-generated named op, which the local
//! `named_ops!` macro expands into the op's declaration and its
//! [`NamedDef`] (loop structure, function attributes, body); and the
//! registration of the dialect's ops.

use super::asm::{GenericAsm, MapAsm, NamedAsm, ReduceAsm, TransposeAsm, YieldAsm};
use super::interfaces::LinalgInterfaces;
use super::named::{BodyKind, NamedDef};
use super::verify;
use crate::decl::Values;
use crate::declare_op;
use ir::interfaces::{DestinationStyle, MemoryEffects, ReifyShapes};
use ir::op_decl::{AnyAttr, I64Array, I64Attr};
use ir::{Context, Ir, OpTraits};

/// The traits every structured op has.
const STRUCTURED: OpTraits = OpTraits(OpTraits::SINGLE_BLOCK.0 | OpTraits::IMPLICIT_TERMINATOR.0);

declare_op! {
    /// `linalg.generic`: a structured op whose maps, iterators and body are
    /// spelled out.
    pub struct GenericOp = "linalg.generic" {
        traits: STRUCTURED,
        operands: [inputs: Variadic, outputs: Variadic],
        operand_segments: true,
        attrs: [doc: AnyAttr, indexing_maps: AnyAttr, iterator_types: AnyAttr, library_call: AnyAttr],
        results: [result_tensors: Variadic],
        regions: [region: Single],
        verify: verify::verify_structured,
        asm: GenericAsm,
        interfaces: [
            DestinationStyle => LinalgInterfaces,
            MemoryEffects => LinalgInterfaces,
            ReifyShapes => LinalgInterfaces,
        ],
    }
}

/// One row per named op: its view, name, number of body arguments, static
/// loop structure (`None` for rank-polymorphic ops), iterator kinds,
/// function attributes (the inherent attributes besides
/// `operandSegmentSizes`) and body. The function attributes are not
/// declared as typed attributes (a getter named `cast` would clash with the
/// view's `cast`); [`add_function_attrs`] makes them inherent. Each row becomes a `declare_op!` with
/// `ins`/`outs` operand segments and a `static` [`NamedDef`]; [`NAMED_OPS`]
/// lists the defs in row order.
macro_rules! named_ops {
    ($($Name:ident = $n:literal {
        $args:expr, $maps:expr, $it:literal, [$($a:ident),*], $body:expr
    }),* $(,)?) => {
        $crate::decl::__pastey::paste! {
            $(
                declare_op! {
                    #[doc = concat!("`", $n, "`, a named structured op.")]
                    pub struct $Name = $n {
                        traits: STRUCTURED,
                        operands: [inputs: Variadic, outputs: Variadic],
                        operand_segments: true,
                        results: [result_tensors: Variadic],
                        regions: [region: Single],
                        verify: verify::verify_structured,
                        asm: NamedAsm(&[<$Name Def>]),
                        interfaces: [
                            DestinationStyle => LinalgInterfaces,
                            MemoryEffects => LinalgInterfaces,
                            ReifyShapes => LinalgInterfaces,
                        ],
                    }
                }
                #[allow(non_upper_case_globals)]
                static [<$Name Def>]: NamedDef = NamedDef {
                    name: $n,
                    num_args: $args,
                    maps: $maps,
                    iterators: $it,
                    attrs: &[$(stringify!($a)),*],
                    body: $body,
                };
            )*
            /// Every named op bufopt models, in declaration order.
            pub static NAMED_OPS: &[&NamedDef] = &[$(&[<$Name Def>]),*];
            /// Registers the named ops.
            fn register_named_ops(ctx: &mut Context) {
                crate::register_ops!(ctx, [$($Name),*]);
                add_function_attrs(ctx);
            }
        }
    };
}

/// Makes each named op's function attributes (`cast`, `fun`) inherent,
/// after the `operandSegmentSizes` its declaration registers.
fn add_function_attrs(ctx: &mut Context) {
    for def in NAMED_OPS {
        let op = ctx.intern_str(def.name);
        let attrs: Vec<ir::Str> = def.attrs.iter().map(|a| ctx.intern_str(a)).collect();
        if let Some(info) = ctx.registry_mut().op_mut(op) {
            info.inherent_attrs.extend(attrs);
        }
    }
}

use BodyKind::{Binary, BinaryFn, Contraction, Copy as CopyBody, Fill, ReduceContraction, Select, Unary, UnaryFn};

named_ops! {
    MatmulOp = "linalg.matmul" { 3, Some((3, &[&[0, 2], &[2, 1], &[0, 1]])), "ppr", [cast], Contraction },
    BatchMatmulOp = "linalg.batch_matmul" { 3, Some((4, &[&[0, 1, 3], &[0, 3, 2], &[0, 1, 2]])), "pppr", [], Contraction },
    BatchReduceMatmulOp = "linalg.batch_reduce_matmul" {
        3, Some((4, &[&[0, 1, 3], &[0, 3, 2], &[1, 2]])), "rppr", [], ReduceContraction
    },
    MatvecOp = "linalg.matvec" { 3, Some((2, &[&[0, 1], &[1], &[0]])), "pr", [], Contraction },
    VecmatOp = "linalg.vecmat" { 3, Some((2, &[&[1], &[1, 0], &[0]])), "pr", [], Contraction },
    DotOp = "linalg.dot" { 3, Some((1, &[&[0], &[0], &[]])), "r", [], Contraction },
    FillOp = "linalg.fill" { 2, None, "", [], Fill },
    CopyOp = "linalg.copy" { 2, None, "", [cast], CopyBody },
    ElemwiseUnaryOp = "linalg.elemwise_unary" { 2, None, "", [cast, fun], Unary },
    ElemwiseBinaryOp = "linalg.elemwise_binary" { 3, None, "", [cast, fun], Binary },
    ExpOp = "linalg.exp" { 2, None, "", [], UnaryFn("exp") },
    LogOp = "linalg.log" { 2, None, "", [], UnaryFn("log") },
    AbsOp = "linalg.abs" { 2, None, "", [], UnaryFn("abs") },
    CeilOp = "linalg.ceil" { 2, None, "", [], UnaryFn("ceil") },
    FloorOp = "linalg.floor" { 2, None, "", [], UnaryFn("floor") },
    NegFOp = "linalg.negf" { 2, None, "", [], UnaryFn("negf") },
    ReciprocalOp = "linalg.reciprocal" { 2, None, "", [], UnaryFn("reciprocal") },
    RoundOp = "linalg.round" { 2, None, "", [], UnaryFn("round") },
    SqrtOp = "linalg.sqrt" { 2, None, "", [], UnaryFn("sqrt") },
    RsqrtOp = "linalg.rsqrt" { 2, None, "", [], UnaryFn("rsqrt") },
    SquareOp = "linalg.square" { 2, None, "", [], UnaryFn("square") },
    TanhOp = "linalg.tanh" { 2, None, "", [], UnaryFn("tanh") },
    ErfOp = "linalg.erf" { 2, None, "", [], UnaryFn("erf") },
    AddOp = "linalg.add" { 3, None, "", [], BinaryFn("add") },
    SubOp = "linalg.sub" { 3, None, "", [], BinaryFn("sub") },
    MulOp = "linalg.mul" { 3, None, "", [], BinaryFn("mul") },
    DivOp = "linalg.div" { 3, None, "", [], BinaryFn("div") },
    DivUnsignedOp = "linalg.div_unsigned" { 3, None, "", [], BinaryFn("div_unsigned") },
    MaxOp = "linalg.max" { 3, None, "", [], BinaryFn("max_signed") },
    MinOp = "linalg.min" { 3, None, "", [], BinaryFn("min_signed") },
    PowFOp = "linalg.powf" { 3, None, "", [], BinaryFn("powf") },
    SelectOp = "linalg.select" { 4, None, "", [], Select },
}

declare_op! {
    /// `linalg.map`: an elementwise structured op over `inputs` into `init`.
    pub struct MapOp = "linalg.map" {
        traits: STRUCTURED,
        operands: [inputs: Variadic, init: Single],
        results: [result: Variadic],
        regions: [mapper: Single],
        verify: verify::verify_structured,
        asm: MapAsm,
        interfaces: [
            DestinationStyle => LinalgInterfaces,
            MemoryEffects => LinalgInterfaces,
            ReifyShapes => LinalgInterfaces,
        ],
    }
}

declare_op! {
    /// `linalg.reduce`: reduces `inputs` along `dimensions` into as many
    /// `inits`. The two groups have the same size (upstream's
    /// `SameVariadicOperandSize`), so the one declared group holds both:
    /// [`ReduceOp::inputs`] and [`ReduceOp::inits`] split it.
    pub struct ReduceOp = "linalg.reduce" {
        traits: STRUCTURED,
        operands: [inputs_and_inits: Variadic],
        attrs: [dimensions: I64Array],
        results: [result: Variadic],
        regions: [combiner: Single],
        verify: verify::verify_structured,
        asm: ReduceAsm,
        interfaces: [
            DestinationStyle => LinalgInterfaces,
            MemoryEffects => LinalgInterfaces,
            ReifyShapes => LinalgInterfaces,
        ],
    }
}

impl ReduceOp {
    /// The first half of the operands.
    pub fn inputs<'a>(self, ir: &'a Ir) -> Values<'a> {
        let ids = self.inputs_and_inits_operands(ir);
        Values::new(ir, &ids[..ids.len() / 2])
    }
    /// The second half of the operands.
    pub fn inits<'a>(self, ir: &'a Ir) -> Values<'a> {
        let ids = self.inputs_and_inits_operands(ir);
        Values::new(ir, &ids[ids.len() / 2..])
    }
}

declare_op! {
    /// `linalg.transpose`: `init` is `input` with its dims permuted.
    pub struct TransposeOp = "linalg.transpose" {
        traits: STRUCTURED,
        operands: [input: Single, init: Single],
        attrs: [permutation: I64Array],
        results: [result: Variadic],
        regions: [region: Single],
        verify: verify::verify_structured,
        asm: TransposeAsm { attr: "permutation" },
        interfaces: [
            DestinationStyle => LinalgInterfaces,
            MemoryEffects => LinalgInterfaces,
            ReifyShapes => LinalgInterfaces,
        ],
    }
}

declare_op! {
    /// `linalg.broadcast`: `init` is `input` with `dimensions` added.
    pub struct BroadcastOp = "linalg.broadcast" {
        traits: STRUCTURED,
        operands: [input: Single, init: Single],
        attrs: [dimensions: I64Array],
        results: [result: Variadic],
        regions: [region: Single],
        verify: verify::verify_structured,
        asm: TransposeAsm { attr: "dimensions" },
        interfaces: [
            DestinationStyle => LinalgInterfaces,
            MemoryEffects => LinalgInterfaces,
            ReifyShapes => LinalgInterfaces,
        ],
    }
}

declare_op! {
    /// `linalg.yield`: the terminator of a structured op's body.
    pub struct YieldOp = "linalg.yield" {
        traits: OpTraits(OpTraits::PURE.0 | OpTraits::RETURN_LIKE.0 | OpTraits::TERMINATOR.0),
        operands: [values: Variadic],
        verify: verify::verify_yield,
        asm: YieldAsm,
    }
}

declare_op! {
    /// `linalg.index`: the index of loop `dim` in a structured op's body.
    pub struct IndexOp = "linalg.index" {
        traits: OpTraits::PURE,
        attrs: [dim: I64Attr],
        results: [result: Single],
        verify: verify::verify_index,
        format: "$dim attr-dict `:` type($result)",
        format_rules: [result: Kind(|ctx, t| ctx.is_index(t))],
    }
}

/// Registers the linalg ops.
pub(super) fn register_ops(ctx: &mut Context) {
    GenericOp::register(ctx);
    register_named_ops(ctx);
    crate::register_ops!(ctx, [MapOp, ReduceOp, TransposeOp, BroadcastOp, YieldOp, IndexOp]);
}
