//! The `linalg` op declarations: one [`declare_op!`](crate::declare_op) per
//! op (`generic`, `map`, `reduce`, `transpose`, `broadcast`, `yield`,
//! `index`) and one table row per OpDSL-generated named op (the
//! convolution and pooling rows give their maps as [`Term`]s, whose
//! factors come from the `strides` and `dilations` attributes), which the local
//! `named_ops!` macro expands into the op's declaration and its
//! [`NamedDef`] (loop structure, function attributes, body); and the
//! registration of the dialect's ops.

use super::asm::{GenericAsm, MapAsm, NamedAsm, ReduceAsm, TransposeAsm, YieldAsm};
use super::interfaces::{LinalgInterfaces, SoftmaxInterfaces};
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

use super::named::{Maps, Term};
use BodyKind::{
    Binary, BinaryFn, Contraction, Copy as CopyBody, Fill, FillRng2D, Pool, QuantContraction, ReduceContraction,
    Select, Unary, UnaryFn,
};
use Maps::{Polymorphic, Static, Window};
use Term::{D, W};

named_ops! {
    MatmulOp = "linalg.matmul" { 3, Static(3, &[&[0, 2], &[2, 1], &[0, 1]]), "ppr", [cast], Contraction },
    BatchMatmulOp = "linalg.batch_matmul" { 3, Static(4, &[&[0, 1, 3], &[0, 3, 2], &[0, 1, 2]]), "pppr", [], Contraction },
    BatchReduceMatmulOp = "linalg.batch_reduce_matmul" {
        3, Static(4, &[&[0, 1, 3], &[0, 3, 2], &[1, 2]]), "rppr", [], ReduceContraction
    },
    MatmulTransposeAOp = "linalg.matmul_transpose_a" { 3, Static(3, &[&[2, 0], &[2, 1], &[0, 1]]), "ppr", [cast], Contraction },
    MatmulTransposeBOp = "linalg.matmul_transpose_b" { 3, Static(3, &[&[0, 2], &[1, 2], &[0, 1]]), "ppr", [cast], Contraction },
    QuantizedMatmulOp = "linalg.quantized_matmul" {
        5, Static(3, &[&[0, 2], &[2, 1], &[], &[], &[0, 1]]), "ppr", [], QuantContraction
    },
    Mmt4DOp = "linalg.mmt4d" { 3, Static(6, &[&[0, 2, 3, 5], &[1, 2, 4, 5], &[0, 1, 3, 4]]), "pprppr", [], Contraction },
    BatchMmt4DOp = "linalg.batch_mmt4d" {
        3, Static(7, &[&[0, 1, 3, 4, 6], &[0, 2, 3, 5, 6], &[0, 1, 2, 4, 5]]), "ppprppr", [], Contraction
    },
    BatchMatmulTransposeAOp = "linalg.batch_matmul_transpose_a" {
        3, Static(4, &[&[0, 3, 1], &[0, 3, 2], &[0, 1, 2]]), "pppr", [], Contraction
    },
    BatchMatmulTransposeBOp = "linalg.batch_matmul_transpose_b" {
        3, Static(4, &[&[0, 1, 3], &[0, 2, 3], &[0, 1, 2]]), "pppr", [], Contraction
    },
    QuantizedBatchMatmulOp = "linalg.quantized_batch_matmul" {
        5, Static(4, &[&[0, 1, 3], &[0, 3, 2], &[], &[], &[0, 1, 2]]), "pppr", [], QuantContraction
    },
    MatvecOp = "linalg.matvec" { 3, Static(2, &[&[0, 1], &[1], &[0]]), "pr", [], Contraction },
    VecmatOp = "linalg.vecmat" { 3, Static(2, &[&[1], &[1, 0], &[0]]), "pr", [], Contraction },
    BatchMatvecOp = "linalg.batch_matvec" { 3, Static(3, &[&[0, 1, 2], &[0, 2], &[0, 1]]), "ppr", [], Contraction },
    BatchVecmatOp = "linalg.batch_vecmat" { 3, Static(3, &[&[0, 2], &[0, 2, 1], &[0, 1]]), "ppr", [], Contraction },
    DotOp = "linalg.dot" { 3, Static(1, &[&[0], &[0], &[]]), "r", [], Contraction },
    FillOp = "linalg.fill" { 2, Polymorphic, "", [], Fill },
    FillRng2DOp = "linalg.fill_rng_2d" { 4, Static(2, &[&[], &[], &[], &[0, 1]]), "pp", [], FillRng2D },
    CopyOp = "linalg.copy" { 2, Polymorphic, "", [cast], CopyBody },
    ElemwiseUnaryOp = "linalg.elemwise_unary" { 2, Polymorphic, "", [cast, fun], Unary },
    ElemwiseBinaryOp = "linalg.elemwise_binary" { 3, Polymorphic, "", [cast, fun], Binary },
    ExpOp = "linalg.exp" { 2, Polymorphic, "", [], UnaryFn("exp") },
    LogOp = "linalg.log" { 2, Polymorphic, "", [], UnaryFn("log") },
    AbsOp = "linalg.abs" { 2, Polymorphic, "", [], UnaryFn("abs") },
    CeilOp = "linalg.ceil" { 2, Polymorphic, "", [], UnaryFn("ceil") },
    FloorOp = "linalg.floor" { 2, Polymorphic, "", [], UnaryFn("floor") },
    NegFOp = "linalg.negf" { 2, Polymorphic, "", [], UnaryFn("negf") },
    ReciprocalOp = "linalg.reciprocal" { 2, Polymorphic, "", [], UnaryFn("reciprocal") },
    RoundOp = "linalg.round" { 2, Polymorphic, "", [], UnaryFn("round") },
    SqrtOp = "linalg.sqrt" { 2, Polymorphic, "", [], UnaryFn("sqrt") },
    RsqrtOp = "linalg.rsqrt" { 2, Polymorphic, "", [], UnaryFn("rsqrt") },
    SquareOp = "linalg.square" { 2, Polymorphic, "", [], UnaryFn("square") },
    TanhOp = "linalg.tanh" { 2, Polymorphic, "", [], UnaryFn("tanh") },
    ErfOp = "linalg.erf" { 2, Polymorphic, "", [], UnaryFn("erf") },
    AddOp = "linalg.add" { 3, Polymorphic, "", [], BinaryFn("add") },
    SubOp = "linalg.sub" { 3, Polymorphic, "", [], BinaryFn("sub") },
    MulOp = "linalg.mul" { 3, Polymorphic, "", [], BinaryFn("mul") },
    DivOp = "linalg.div" { 3, Polymorphic, "", [], BinaryFn("div") },
    DivUnsignedOp = "linalg.div_unsigned" { 3, Polymorphic, "", [], BinaryFn("div_unsigned") },
    MaxOp = "linalg.max" { 3, Polymorphic, "", [], BinaryFn("max_signed") },
    MinOp = "linalg.min" { 3, Polymorphic, "", [], BinaryFn("min_signed") },
    PowFOp = "linalg.powf" { 3, Polymorphic, "", [], BinaryFn("powf") },
    SelectOp = "linalg.select" { 4, Polymorphic, "", [], Select },
    Conv1DOp = "linalg.conv_1d" { 3, Window(2, &[&[W(0, 1, 0)], &[D(1)], &[D(0)]]), "pr", [], Contraction },
    Conv2DOp = "linalg.conv_2d" { 3, Window(4, &[&[W(0, 2, 0), W(1, 3, 0)], &[D(2), D(3)], &[D(0), D(1)]]), "pprr", [], Contraction },
    Conv3DOp = "linalg.conv_3d" { 3, Window(6, &[&[W(0, 3, 0), W(1, 4, 0), W(2, 5, 0)], &[D(3), D(4), D(5)], &[D(0), D(1), D(2)]]), "ppprrr", [], Contraction },
    Conv1DNwcWcfOp = "linalg.conv_1d_nwc_wcf" { 3, Window(5, &[&[D(0), W(1, 3, 0), D(4)], &[D(3), D(4), D(2)], &[D(0), D(1), D(2)]]), "ppprr", [strides, dilations], Contraction },
    Conv1DNcwFcwOp = "linalg.conv_1d_ncw_fcw" { 3, Window(5, &[&[D(0), D(3), W(2, 4, 0)], &[D(1), D(3), D(4)], &[D(0), D(1), D(2)]]), "ppprr", [strides, dilations], Contraction },
    Conv2DNhwcHwcfOp = "linalg.conv_2d_nhwc_hwcf" { 3, Window(7, &[&[D(0), W(1, 4, 0), W(2, 5, 1), D(6)], &[D(4), D(5), D(6), D(3)], &[D(0), D(1), D(2), D(3)]]), "pppprrr", [strides, dilations], Contraction },
    Conv2DNhwcFhwcOp = "linalg.conv_2d_nhwc_fhwc" { 3, Window(7, &[&[D(0), W(1, 4, 0), W(2, 5, 1), D(6)], &[D(3), D(4), D(5), D(6)], &[D(0), D(1), D(2), D(3)]]), "pppprrr", [strides, dilations], Contraction },
    Conv2DNhwcHwcfQOp = "linalg.conv_2d_nhwc_hwcf_q" { 5, Window(7, &[&[D(0), W(1, 4, 0), W(2, 5, 1), D(6)], &[D(4), D(5), D(6), D(3)], &[], &[], &[D(0), D(1), D(2), D(3)]]), "pppprrr", [strides, dilations], QuantContraction },
    Conv2DNhwcFhwcQOp = "linalg.conv_2d_nhwc_fhwc_q" { 5, Window(7, &[&[D(0), W(1, 4, 0), W(2, 5, 1), D(6)], &[D(3), D(4), D(5), D(6)], &[], &[], &[D(0), D(1), D(2), D(3)]]), "pppprrr", [strides, dilations], QuantContraction },
    Conv2DNchwFchwOp = "linalg.conv_2d_nchw_fchw" { 3, Window(7, &[&[D(0), D(4), W(2, 5, 0), W(3, 6, 1)], &[D(1), D(4), D(5), D(6)], &[D(0), D(1), D(2), D(3)]]), "pppprrr", [strides, dilations], Contraction },
    Conv2DNgchwFgchwOp = "linalg.conv_2d_ngchw_fgchw" { 3, Window(8, &[&[D(0), D(1), D(5), W(3, 6, 0), W(4, 7, 1)], &[D(2), D(1), D(5), D(6), D(7)], &[D(0), D(1), D(2), D(3), D(4)]]), "ppppprrr", [strides, dilations], Contraction },
    Conv2DNgchwGfchwOp = "linalg.conv_2d_ngchw_gfchw" { 3, Window(8, &[&[D(0), D(1), D(5), W(3, 6, 0), W(4, 7, 1)], &[D(1), D(2), D(5), D(6), D(7)], &[D(0), D(1), D(2), D(3), D(4)]]), "ppppprrr", [strides, dilations], Contraction },
    Conv2DNgchwGfchwQOp = "linalg.conv_2d_ngchw_gfchw_q" { 5, Window(8, &[&[D(0), D(1), D(5), W(3, 6, 0), W(4, 7, 1)], &[D(1), D(2), D(5), D(6), D(7)], &[], &[], &[D(0), D(1), D(2), D(3), D(4)]]), "ppppprrr", [strides, dilations], QuantContraction },
    Conv3DNdhwcDhwcfOp = "linalg.conv_3d_ndhwc_dhwcf" { 3, Window(9, &[&[D(0), W(1, 5, 0), W(2, 6, 1), W(3, 7, 2), D(8)], &[D(5), D(6), D(7), D(8), D(4)], &[D(0), D(1), D(2), D(3), D(4)]]), "ppppprrrr", [strides, dilations], Contraction },
    Conv3DNdhwcDhwcfQOp = "linalg.conv_3d_ndhwc_dhwcf_q" { 5, Window(9, &[&[D(0), W(1, 5, 0), W(2, 6, 1), W(3, 7, 2), D(8)], &[D(5), D(6), D(7), D(8), D(4)], &[], &[], &[D(0), D(1), D(2), D(3), D(4)]]), "ppppprrrr", [strides, dilations], QuantContraction },
    Conv3DNcdhwFcdhwOp = "linalg.conv_3d_ncdhw_fcdhw" { 3, Window(9, &[&[D(0), D(8), W(1, 5, 0), W(2, 6, 1), W(3, 7, 2)], &[D(4), D(8), D(5), D(6), D(7)], &[D(0), D(4), D(1), D(2), D(3)]]), "ppppprrrr", [strides, dilations], Contraction },
    DepthwiseConv1DNwcWcOp = "linalg.depthwise_conv_1d_nwc_wc" { 3, Window(4, &[&[D(0), W(1, 3, 0), D(2)], &[D(3), D(2)], &[D(0), D(1), D(2)]]), "pppr", [strides, dilations], Contraction },
    DepthwiseConv1DNcwCwOp = "linalg.depthwise_conv_1d_ncw_cw" { 3, Window(4, &[&[D(0), D(2), W(1, 3, 0)], &[D(2), D(3)], &[D(0), D(2), D(1)]]), "pppr", [strides, dilations], Contraction },
    DepthwiseConv1DNwcWcmOp = "linalg.depthwise_conv_1d_nwc_wcm" { 3, Window(5, &[&[D(0), W(1, 4, 0), D(2)], &[D(4), D(2), D(3)], &[D(0), D(1), D(2), D(3)]]), "ppppr", [strides, dilations], Contraction },
    DepthwiseConv2DNhwcHwcOp = "linalg.depthwise_conv_2d_nhwc_hwc" { 3, Window(6, &[&[D(0), W(1, 4, 0), W(2, 5, 1), D(3)], &[D(4), D(5), D(3)], &[D(0), D(1), D(2), D(3)]]), "pppprr", [strides, dilations], Contraction },
    DepthwiseConv2DNchwChwOp = "linalg.depthwise_conv_2d_nchw_chw" { 3, Window(6, &[&[D(0), D(3), W(1, 4, 0), W(2, 5, 1)], &[D(3), D(4), D(5)], &[D(0), D(3), D(1), D(2)]]), "pppprr", [strides, dilations], Contraction },
    DepthwiseConv2DNhwcHwcQOp = "linalg.depthwise_conv_2d_nhwc_hwc_q" { 5, Window(6, &[&[D(0), W(1, 4, 0), W(2, 5, 1), D(3)], &[D(4), D(5), D(3)], &[], &[], &[D(0), D(1), D(2), D(3)]]), "pppprr", [strides, dilations], QuantContraction },
    DepthwiseConv2DNhwcHwcmOp = "linalg.depthwise_conv_2d_nhwc_hwcm" { 3, Window(7, &[&[D(0), W(1, 5, 0), W(2, 6, 1), D(3)], &[D(5), D(6), D(3), D(4)], &[D(0), D(1), D(2), D(3), D(4)]]), "ppppprr", [strides, dilations], Contraction },
    DepthwiseConv2DNhwcHwcmQOp = "linalg.depthwise_conv_2d_nhwc_hwcm_q" { 5, Window(7, &[&[D(0), W(1, 5, 0), W(2, 6, 1), D(3)], &[D(5), D(6), D(3), D(4)], &[], &[], &[D(0), D(1), D(2), D(3), D(4)]]), "ppppprr", [strides, dilations], QuantContraction },
    DepthwiseConv3DNdhwcDhwcOp = "linalg.depthwise_conv_3d_ndhwc_dhwc" { 3, Window(8, &[&[D(0), W(1, 4, 0), W(2, 5, 1), W(3, 6, 2), D(7)], &[D(4), D(5), D(6), D(7)], &[D(0), D(1), D(2), D(3), D(7)]]), "pppprrrp", [strides, dilations], Contraction },
    DepthwiseConv3DNcdhwCdhwOp = "linalg.depthwise_conv_3d_ncdhw_cdhw" { 3, Window(8, &[&[D(0), D(7), W(1, 4, 0), W(2, 5, 1), W(3, 6, 2)], &[D(7), D(4), D(5), D(6)], &[D(0), D(7), D(1), D(2), D(3)]]), "pppprrrp", [strides, dilations], Contraction },
    DepthwiseConv3DNdhwcDhwcmOp = "linalg.depthwise_conv_3d_ndhwc_dhwcm" { 3, Window(9, &[&[D(0), W(1, 5, 0), W(2, 6, 1), W(3, 7, 2), D(8)], &[D(5), D(6), D(7), D(8), D(4)], &[D(0), D(1), D(2), D(3), D(8), D(4)]]), "ppppprrrp", [strides, dilations], Contraction },
    PoolingNhwcSumOp = "linalg.pooling_nhwc_sum" { 3, Window(6, &[&[D(0), W(1, 4, 0), W(2, 5, 1), D(3)], &[D(4), D(5)], &[D(0), D(1), D(2), D(3)]]), "pppprr", [strides, dilations], Pool("add", false) },
    PoolingNchwSumOp = "linalg.pooling_nchw_sum" { 3, Window(6, &[&[D(0), D(1), W(2, 4, 0), W(3, 5, 1)], &[D(4), D(5)], &[D(0), D(1), D(2), D(3)]]), "pppprr", [strides, dilations], Pool("add", false) },
    PoolingNhwcMaxOp = "linalg.pooling_nhwc_max" { 3, Window(6, &[&[D(0), W(1, 4, 0), W(2, 5, 1), D(3)], &[D(4), D(5)], &[D(0), D(1), D(2), D(3)]]), "pppprr", [strides, dilations], Pool("max_signed", false) },
    PoolingNhwcMaxUnsignedOp = "linalg.pooling_nhwc_max_unsigned" { 3, Window(6, &[&[D(0), W(1, 4, 0), W(2, 5, 1), D(3)], &[D(4), D(5)], &[D(0), D(1), D(2), D(3)]]), "pppprr", [strides, dilations], Pool("max_unsigned", true) },
    PoolingNchwMaxOp = "linalg.pooling_nchw_max" { 3, Window(6, &[&[D(0), D(1), W(2, 4, 0), W(3, 5, 1)], &[D(4), D(5)], &[D(0), D(1), D(2), D(3)]]), "pppprr", [strides, dilations], Pool("max_signed", false) },
    PoolingNhwcMinOp = "linalg.pooling_nhwc_min" { 3, Window(6, &[&[D(0), W(1, 4, 0), W(2, 5, 1), D(3)], &[D(4), D(5)], &[D(0), D(1), D(2), D(3)]]), "pppprr", [strides, dilations], Pool("min_signed", false) },
    PoolingNhwcMinUnsignedOp = "linalg.pooling_nhwc_min_unsigned" { 3, Window(6, &[&[D(0), W(1, 4, 0), W(2, 5, 1), D(3)], &[D(4), D(5)], &[D(0), D(1), D(2), D(3)]]), "pppprr", [strides, dilations], Pool("min_unsigned", true) },
    PoolingNwcSumOp = "linalg.pooling_nwc_sum" { 3, Window(4, &[&[D(0), W(1, 3, 0), D(2)], &[D(3)], &[D(0), D(1), D(2)]]), "pppr", [strides, dilations], Pool("add", false) },
    PoolingNcwSumOp = "linalg.pooling_ncw_sum" { 3, Window(4, &[&[D(0), D(1), W(2, 3, 0)], &[D(3)], &[D(0), D(1), D(2)]]), "pppr", [strides, dilations], Pool("add", false) },
    PoolingNwcMaxOp = "linalg.pooling_nwc_max" { 3, Window(4, &[&[D(0), W(1, 3, 0), D(2)], &[D(3)], &[D(0), D(1), D(2)]]), "pppr", [strides, dilations], Pool("max_signed", false) },
    PoolingNwcMaxUnsignedOp = "linalg.pooling_nwc_max_unsigned" { 3, Window(4, &[&[D(0), W(1, 3, 0), D(2)], &[D(3)], &[D(0), D(1), D(2)]]), "pppr", [strides, dilations], Pool("max_unsigned", true) },
    PoolingNcwMaxOp = "linalg.pooling_ncw_max" { 3, Window(4, &[&[D(0), D(1), W(2, 3, 0)], &[D(3)], &[D(0), D(1), D(2)]]), "pppr", [strides, dilations], Pool("max_signed", false) },
    PoolingNwcMinOp = "linalg.pooling_nwc_min" { 3, Window(4, &[&[D(0), W(1, 3, 0), D(2)], &[D(3)], &[D(0), D(1), D(2)]]), "pppr", [strides, dilations], Pool("min_signed", false) },
    PoolingNwcMinUnsignedOp = "linalg.pooling_nwc_min_unsigned" { 3, Window(4, &[&[D(0), W(1, 3, 0), D(2)], &[D(3)], &[D(0), D(1), D(2)]]), "pppr", [strides, dilations], Pool("min_unsigned", true) },
    PoolingNdhwcSumOp = "linalg.pooling_ndhwc_sum" { 3, Window(8, &[&[D(0), W(1, 5, 0), W(2, 6, 1), W(3, 7, 2), D(4)], &[D(5), D(6), D(7)], &[D(0), D(1), D(2), D(3), D(4)]]), "ppppprrr", [strides, dilations], Pool("add", false) },
    PoolingNdhwcMaxOp = "linalg.pooling_ndhwc_max" { 3, Window(8, &[&[D(0), W(1, 5, 0), W(2, 6, 1), W(3, 7, 2), D(4)], &[D(5), D(6), D(7)], &[D(0), D(1), D(2), D(3), D(4)]]), "ppppprrr", [strides, dilations], Pool("max_signed", false) },
    PoolingNdhwcMinOp = "linalg.pooling_ndhwc_min" { 3, Window(8, &[&[D(0), W(1, 5, 0), W(2, 6, 1), W(3, 7, 2), D(4)], &[D(5), D(6), D(7)], &[D(0), D(1), D(2), D(3), D(4)]]), "ppppprrr", [strides, dilations], Pool("min_signed", false) },
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
        fold: super::transpose_patterns::fold_transpose,
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

declare_op! {
    /// `linalg.softmax`: softmax of `input` along `dimension` into
    /// `output` (destination style, not a structured op: it has no body).
    pub struct SoftmaxOp = "linalg.softmax" {
        traits: OpTraits::default(),
        operands: [input: Single, output: Single],
        attrs: [dimension: I64Attr],
        results: [result: Variadic],
        verify: verify::verify_softmax,
        format: "attr-dict `dimension` `(` $dimension `)` `ins` `(` $input `:` type($input) `)` `outs` `(` $output `:` type($output) `)` (`->` type($result)^)?",
        interfaces: [DestinationStyle => SoftmaxInterfaces, MemoryEffects => SoftmaxInterfaces],
    }
}

/// Registers the linalg ops.
pub(super) fn register_ops(ctx: &mut Context) {
    GenericOp::register(ctx);
    register_named_ops(ctx);
    crate::register_ops!(ctx, [MapOp, ReduceOp, TransposeOp, BroadcastOp, YieldOp, IndexOp, SoftmaxOp]);
    crate::register_ops!(
        ctx,
        [
            super::winograd::WinogradFilterTransformOp,
            super::winograd::WinogradInputTransformOp,
            super::winograd::WinogradOutputTransformOp
        ]
    );
}
