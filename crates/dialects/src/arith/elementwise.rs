//! The one shape of the elementwise op declarations that arith and math
//! share: the [`elementwise_op!`] macro, which expands a one-line row into
//! its [`declare_op!`](crate::declare_op) call.
//!
//! A row names the op's `Single` operands, its `AnyAttr` properties, its one
//! `Single` result, verifier, custom assembly and interfaces, then an
//! optional folder and canonicalization patterns (`@op`). The float shapes
//! both dialects use are spelled out once here: `float_unary` (`operand`)
//! and `float_binary` (`lhs`, `rhs`), each with the `fastmath` property,
//! arith's float verifiers and elementwise assembly; they take the traits,
//! then `fold: f` and `patterns: [..]` when the op has them.

/// Declares one elementwise op: see the
/// [module documentation](crate::arith::elementwise).
macro_rules! elementwise_op {
    (@op $Name:ident = $n:literal, $doc:literal, $tr:expr, [$($o:ident),*] [$($a:ident),*] -> $r:ident,
        $verify:expr, $asm:expr, [$($iface:path => $imp:expr),*]
        $(, fold: $fold:expr)? $(, patterns: [$($pl:literal => $pf:expr),* $(,)?])? $(,)?) => {
        $crate::declare_op! {
            #[doc = concat!("`", $n, "`", $doc)]
            pub struct $Name = $n {
                traits: $tr,
                operands: [$($o: Single),*],
                attrs: [$($a: $crate::decl::__ir::op_decl::AnyAttr),*],
                results: [$r: Single],
                verify: $verify,
                $(fold: $fold,)?
                asm: $asm,
                interfaces: [$($iface => $imp),*],
                patterns: [$($($pl => $pf),*)?],
            }
        }
    };
    (float_unary $Name:ident = $n:literal, $tr:expr $(, $($rest:tt)*)?) => {
        $crate::arith::elementwise::elementwise_op!(@op $Name = $n, ", with fast-math flags.", $tr,
            [operand] [fastmath] -> result, $crate::arith::verify::verify_float_unary,
            $crate::arith::asm::ElementwiseAsm::new(1, $crate::arith::asm::FASTMATH_DEFAULT), [] $(, $($rest)*)?);
    };
    (float_binary $Name:ident = $n:literal, $tr:expr $(, $($rest:tt)*)?) => {
        $crate::arith::elementwise::elementwise_op!(@op $Name = $n, ", with fast-math flags.", $tr,
            [lhs, rhs] [fastmath] -> result, $crate::arith::verify::verify_float_binary,
            $crate::arith::asm::ElementwiseAsm::new(2, $crate::arith::asm::FASTMATH_DEFAULT), [] $(, $($rest)*)?);
    };
}

pub(crate) use elementwise_op;
