//! The `arith` op declarations: one [`declare_op!`](crate::declare_op) per
//! op, in ODS order, with traits, operand/result groups, the inherent
//! attributes (exactly ODS's properties), verifier, folder, custom
//! assembly, interfaces and canonicalization patterns; and the registration
//! of the dialect's ops.
//!
//! Most arith ops share a few shapes (integer and float binary ops, casts),
//! so the local `arith_op!` macro expands one row per op into the shared
//! [`elementwise_op!`](super::elementwise) shape.

use super::asm::{
    AddUIExtendedAsm, CastAsm, CmpAsm, ConstantAsm, ElementwiseAsm, Flag, MulExtendedAsm, SelectAsm, OVERFLOW_DEFAULT,
};
use super::elementwise::elementwise_op;
use super::verify::{self, Cast};
use super::{canon, flags, fold};
use crate::dealloc_interfaces::SelectDealloc;
use crate::declare_op;
use ir::buffer_interfaces::{BufferDeallocationOp, BufferViewFlow};
use ir::interfaces::{CastLike, Effect, MemoryEffects};
use ir::op_decl::AnyAttr;
use ir::{Context, Ir, OpId, OpTraits, Type, ValueId};

/// The union of trait sets, usable in constants.
const fn traits(ts: &[OpTraits]) -> OpTraits {
    let mut bits = 0;
    let mut i = 0;
    while i < ts.len() {
        bits |= ts[i].0;
        i += 1;
    }
    OpTraits(bits)
}

const PURE: OpTraits = OpTraits::PURE;
const SAME: OpTraits = OpTraits::SAME_OPERANDS_AND_RESULT_TYPE;
const COMM: OpTraits = OpTraits::COMMUTATIVE;
const PURE_SAME: OpTraits = traits(&[PURE, SAME]);
const PURE_COMM: OpTraits = traits(&[PURE, COMM]);
const PURE_COMM_SAME: OpTraits = traits(&[PURE, COMM, SAME]);
const CONSTANT: OpTraits = traits(&[PURE, OpTraits::CONSTANT_LIKE]);

/// One row per op of a common shape, expanded by
/// [`elementwise_op!`](super::elementwise):
/// - `int`: `lhs`, `rhs` → `result`, no properties;
/// - `int_trap`: as `int`, but a division that may trap (no memory
///   effects, not speculatable, so not `PURE`);
/// - `int_ovf`: as `int`, with the `overflowFlags` property;
/// - `float`: `lhs`, `rhs` → `result`, with the `fastmath` property
///   (the shared `float_binary` shape);
/// - `cast`: `input` → `out`, with `CastOpInterface`.
macro_rules! arith_op {
    (int $Name:ident = $n:literal, $tr:expr, $fold:expr $(, $p:tt)?) => {
        elementwise_op!(@op $Name = $n, ".", $tr, [lhs, rhs] [] -> result, verify::verify_int_binary,
            ElementwiseAsm::new(2, Flag::None), [], fold: $fold $(, patterns: $p)?);
    };
    (int_trap $Name:ident = $n:literal, $tr:expr, $fold:expr) => {
        elementwise_op!(@op $Name = $n, ": may trap, so not speculatable.", $tr, [lhs, rhs] [] -> result,
            verify::verify_int_binary, ElementwiseAsm::new(2, Flag::None), [MemoryEffects => NoMemoryEffect],
            fold: $fold);
    };
    (int_ovf $Name:ident = $n:literal, $tr:expr, $fold:expr $(, $p:tt)?) => {
        elementwise_op!(@op $Name = $n, ", with integer overflow flags.", $tr, [lhs, rhs] [overflowFlags] -> result,
            verify::verify_int_binary, ElementwiseAsm::new(2, OVERFLOW_DEFAULT), [], fold: $fold $(, patterns: $p)?);
    };
    (float $Name:ident = $n:literal, $tr:expr, $fold:expr $(, $p:tt)?) => {
        elementwise_op!(float_binary $Name = $n, $tr, fold: $fold $(, patterns: $p)?);
    };
    (cast $Name:ident = $n:literal, $kind:ident, $fold:expr $(, $p:tt)?) => {
        elementwise_op!(@op $Name = $n, ": a cast.", PURE, [input] [] -> out, verify::verify_cast,
            CastAsm { flag: Flag::None, rounding: false }, [CastLike => CastCompat(Cast::$kind)],
            fold: $fold $(, patterns: $p)?);
    };
}

declare_op! {
    /// `arith.constant`: a typed integer, float or elements attribute.
    pub struct ConstantOp = "arith.constant" {
        traits: CONSTANT,
        attrs: [value: AnyAttr],
        results: [result: Single],
        verify: verify::verify_constant,
        fold: fold::fold_constant,
        asm: ConstantAsm,
    }
}

arith_op!(int_ovf AddIOp = "arith.addi", PURE_COMM_SAME, fold::fold_addi, [
    "AddIAddConstant" => canon::addi_addi_constant,
    "AddISubConstantRHS" => canon::addi_subi_constant_rhs,
    "AddISubConstantLHS" => canon::addi_subi_constant_lhs,
    "AddIMulNegativeOneRhs" => canon::addi_mul_negative_one_rhs,
    "AddIMulNegativeOneLhs" => canon::addi_mul_negative_one_lhs,
]);

declare_op! {
    /// `arith.addui_extended`: the sum and its unsigned overflow bit.
    pub struct AddUIExtendedOp = "arith.addui_extended" {
        traits: PURE_COMM,
        operands: [lhs: Single, rhs: Single],
        results: [sum: Single, overflow: Single],
        verify: verify::verify_addui_extended,
        fold: fold::fold_addui_extended,
        asm: AddUIExtendedAsm,
        patterns: ["AddUIExtendedToAddI" => canon::addui_extended_to_addi],
    }
}

arith_op!(int_ovf SubIOp = "arith.subi", PURE_SAME, fold::fold_subi, [
    "SubIRHSAddConstant" => canon::subi_rhs_add_constant,
    "SubILHSAddConstant" => canon::subi_lhs_add_constant,
    "SubIRHSSubConstantRHS" => canon::subi_rhs_sub_constant_rhs,
    "SubIRHSSubConstantLHS" => canon::subi_rhs_sub_constant_lhs,
    "SubILHSSubConstantRHS" => canon::subi_lhs_sub_constant_rhs,
    "SubILHSSubConstantLHS" => canon::subi_lhs_sub_constant_lhs,
    "SubISubILHSRHSLHS" => canon::subi_subi_lhs_rhs_lhs,
]);
arith_op!(int_ovf MulIOp = "arith.muli", PURE_COMM_SAME, fold::fold_muli, [
    "MulIMulIConstant" => canon::muli_muli_constant,
]);

declare_op! {
    /// `arith.mulsi_extended`: the low and high halves of a signed product.
    pub struct MulSIExtendedOp = "arith.mulsi_extended" {
        traits: PURE_COMM,
        operands: [lhs: Single, rhs: Single],
        results: [low: Single, high: Single],
        verify: verify::verify_mul_extended,
        fold: fold::fold_mulsi_extended,
        asm: MulExtendedAsm,
        patterns: [
            "MulSIExtendedToMulI" => canon::mul_extended_to_muli,
            "MulSIExtendedRHSOne" => canon::mulsi_extended_rhs_one,
        ],
    }
}

declare_op! {
    /// `arith.mului_extended`: the low and high halves of an unsigned product.
    pub struct MulUIExtendedOp = "arith.mului_extended" {
        traits: PURE_COMM,
        operands: [lhs: Single, rhs: Single],
        results: [low: Single, high: Single],
        verify: verify::verify_mul_extended,
        fold: fold::fold_mului_extended,
        asm: MulExtendedAsm,
        patterns: ["MulUIExtendedToMulI" => canon::mul_extended_to_muli],
    }
}

arith_op!(int_trap DivUIOp = "arith.divui", SAME, fold::fold_divui);
arith_op!(int_trap DivSIOp = "arith.divsi", SAME, fold::fold_divsi);
arith_op!(int_trap CeilDivUIOp = "arith.ceildivui", SAME, fold::fold_ceildivui);
arith_op!(int_trap CeilDivSIOp = "arith.ceildivsi", SAME, fold::fold_ceildivsi);
arith_op!(int FloorDivSIOp = "arith.floordivsi", PURE_SAME, fold::fold_floordivsi_op);
arith_op!(int RemUIOp = "arith.remui", PURE_SAME, fold::fold_remui);
arith_op!(int RemSIOp = "arith.remsi", PURE_SAME, fold::fold_remsi);
arith_op!(int AndIOp = "arith.andi", PURE_COMM_SAME, fold::fold_andi, [
    "AndOfExtUI" => canon::andi_of_extui,
    "AndOfExtSI" => canon::andi_of_extsi,
]);
arith_op!(int OrIOp = "arith.ori", PURE_COMM_SAME, fold::fold_ori, [
    "OrOfExtUI" => canon::ori_of_extui,
    "OrOfExtSI" => canon::ori_of_extsi,
]);
arith_op!(int XOrIOp = "arith.xori", PURE_COMM_SAME, fold::fold_xori, [
    "XOrIOfExtUI" => canon::xori_of_extui,
    "XOrIOfExtSI" => canon::xori_of_extsi,
    "XOrINotCmpI" => canon::xori_not_cmpi,
]);
arith_op!(int_ovf ShLIOp = "arith.shli", PURE_SAME, fold::fold_shli);
arith_op!(int ShRUIOp = "arith.shrui", PURE_SAME, fold::fold_shrui);
arith_op!(int ShRSIOp = "arith.shrsi", PURE_SAME, fold::fold_shrsi);

elementwise_op!(float_unary NegFOp = "arith.negf", PURE_SAME, fold: fold::fold_negf);

arith_op!(float AddFOp = "arith.addf", PURE_COMM_SAME, fold::fold_addf);
arith_op!(float SubFOp = "arith.subf", PURE_SAME, fold::fold_subf);
arith_op!(float MaximumFOp = "arith.maximumf", PURE_COMM_SAME, fold::fold_maximumf);
arith_op!(float MaxNumFOp = "arith.maxnumf", PURE_COMM_SAME, fold::fold_maxnumf);
arith_op!(int MaxSIOp = "arith.maxsi", PURE_COMM_SAME, fold::fold_maxsi);
arith_op!(int MaxUIOp = "arith.maxui", PURE_COMM_SAME, fold::fold_maxui);
arith_op!(float MinimumFOp = "arith.minimumf", PURE_COMM_SAME, fold::fold_minimumf);
arith_op!(float MinNumFOp = "arith.minnumf", PURE_COMM_SAME, fold::fold_minnumf);
arith_op!(int MinSIOp = "arith.minsi", PURE_COMM_SAME, fold::fold_minsi);
arith_op!(int MinUIOp = "arith.minui", PURE_COMM_SAME, fold::fold_minui);
arith_op!(float MulFOp = "arith.mulf", PURE_COMM_SAME, fold::fold_mulf, [
    "MulFOfNegF" => canon::float_op_of_negf,
]);
arith_op!(float DivFOp = "arith.divf", PURE_SAME, fold::fold_divf, [
    "DivFOfNegF" => canon::float_op_of_negf,
]);
arith_op!(float RemFOp = "arith.remf", PURE_SAME, fold::fold_remf);

arith_op!(cast ExtUIOp = "arith.extui", ExtI, fold::fold_extui);
arith_op!(cast ExtSIOp = "arith.extsi", ExtI, fold::fold_extsi, [
    "ExtSIOfExtUI" => canon::extsi_of_extui,
]);

declare_op! {
    /// `arith.extf`: a float extension, with optional fast-math flags.
    pub struct ExtFOp = "arith.extf" {
        traits: PURE,
        operands: [input: Single],
        attrs: [fastmath: AnyAttr],
        results: [out: Single],
        verify: verify::verify_cast,
        fold: fold::fold_extf,
        asm: CastAsm { flag: Flag::Optional(&flags::FASTMATH, "fastmath"), rounding: false },
        interfaces: [CastLike => CastCompat(Cast::ExtF)],
    }
}

arith_op!(cast TruncIOp = "arith.trunci", TruncI, fold::fold_trunci, [
    "TruncIExtSIToExtSI" => canon::trunci_extsi_to_extsi,
    "TruncIExtUIToExtUI" => canon::trunci_extui_to_extui,
    "TruncIShrSIToTrunciShrUI" => canon::trunci_shrsi_to_trunci_shrui,
    "TruncIShrUIMulIToMulSIExtended" => canon::trunci_shrui_muli_to_mulsi_extended,
    "TruncIShrUIMulIToMulUIExtended" => canon::trunci_shrui_muli_to_mului_extended,
]);

declare_op! {
    /// `arith.truncf`: a float truncation, with optional fast-math flags and
    /// rounding mode.
    pub struct TruncFOp = "arith.truncf" {
        traits: PURE,
        operands: [input: Single],
        attrs: [fastmath: AnyAttr, roundingmode: AnyAttr],
        results: [out: Single],
        verify: verify::verify_cast,
        fold: fold::fold_truncf,
        asm: CastAsm { flag: Flag::Optional(&flags::FASTMATH, "fastmath"), rounding: true },
        interfaces: [CastLike => CastCompat(Cast::TruncF)],
    }
}

arith_op!(cast UIToFPOp = "arith.uitofp", IToF, fold::fold_uitofp);
arith_op!(cast SIToFPOp = "arith.sitofp", IToF, fold::fold_sitofp);
arith_op!(cast FPToUIOp = "arith.fptoui", FToI, fold::fold_fptoui);
arith_op!(cast FPToSIOp = "arith.fptosi", FToI, fold::fold_fptosi);
arith_op!(cast IndexCastOp = "arith.index_cast", Index, fold::fold_index_cast, [
    "IndexCastOfIndexCast" => canon::index_cast_of_index_cast,
    "IndexCastOfExtSI" => canon::index_cast_of_extsi,
]);
arith_op!(cast IndexCastUIOp = "arith.index_castui", Index, fold::fold_index_castui, [
    "IndexCastUIOfIndexCastUI" => canon::index_castui_of_index_castui,
    "IndexCastUIOfExtUI" => canon::index_castui_of_extui,
]);
arith_op!(cast BitcastOp = "arith.bitcast", Bitcast, fold::fold_bitcast_op, [
    "BitcastOfBitcast" => canon::bitcast_of_bitcast,
]);

declare_op! {
    /// `arith.cmpi`: an integer comparison.
    pub struct CmpIOp = "arith.cmpi" {
        traits: PURE,
        operands: [lhs: Single, rhs: Single],
        attrs: [predicate: AnyAttr],
        results: [result: Single],
        verify: verify::verify_cmp,
        fold: fold::fold_cmpi_op,
        asm: CmpAsm { float: false },
        patterns: [
            "CmpIExtSI" => canon::cmpi_extsi,
            "CmpIExtUI" => canon::cmpi_extui,
        ],
    }
}

declare_op! {
    /// `arith.cmpf`: a float comparison, with fast-math flags.
    pub struct CmpFOp = "arith.cmpf" {
        traits: PURE,
        operands: [lhs: Single, rhs: Single],
        attrs: [fastmath: AnyAttr, predicate: AnyAttr],
        results: [result: Single],
        verify: verify::verify_cmp,
        fold: fold::fold_cmpf_op,
        asm: CmpAsm { float: true },
    }
}

declare_op! {
    /// `arith.select`: `true_value` where `condition` holds, else
    /// `false_value`.
    pub struct SelectOp = "arith.select" {
        traits: PURE,
        operands: [condition: Single, true_value: Single, false_value: Single],
        results: [result: Single],
        verify: verify::verify_select,
        fold: fold::fold_select,
        asm: SelectAsm,
        interfaces: [BufferViewFlow => SelectViewFlow, BufferDeallocationOp => SelectDealloc],
        patterns: [
            "RedundantSelectFalse" => canon::redundant_select_false,
            "RedundantSelectTrue" => canon::redundant_select_true,
            "SelectNotCond" => canon::select_not_cond,
            "SelectI1ToNot" => canon::select_i1_to_not,
            "SelectToExtUI" => canon::select_to_extui,
        ],
    }
}

/// Registers every arith op, in ODS order.
pub(super) fn register_ops(ctx: &mut Context) {
    crate::register_ops!(
        ctx,
        [
            ConstantOp,
            AddIOp,
            AddUIExtendedOp,
            SubIOp,
            MulIOp,
            MulSIExtendedOp,
            MulUIExtendedOp,
            DivUIOp,
            DivSIOp,
            CeilDivUIOp,
            CeilDivSIOp,
            FloorDivSIOp,
            RemUIOp,
            RemSIOp,
            AndIOp,
            OrIOp,
            XOrIOp,
            ShLIOp,
            ShRUIOp,
            ShRSIOp,
            NegFOp,
            AddFOp,
            SubFOp,
            MaximumFOp,
            MaxNumFOp,
            MaxSIOp,
            MaxUIOp,
            MinimumFOp,
            MinNumFOp,
            MinSIOp,
            MinUIOp,
            MulFOp,
            DivFOp,
            RemFOp,
            ExtUIOp,
            ExtSIOp,
            ExtFOp,
            TruncIOp,
            TruncFOp,
            UIToFPOp,
            SIToFPOp,
            FPToUIOp,
            FPToSIOp,
            IndexCastOp,
            IndexCastUIOp,
            BitcastOp,
            CmpIOp,
            CmpFOp,
            SelectOp,
        ]
    );
}

/// `NoMemoryEffect` without `AlwaysSpeculatable` (the divisions that may
/// trap).
struct NoMemoryEffect;

impl MemoryEffects for NoMemoryEffect {
    fn effects(&self, _: &Ir, _: OpId, _: &mut Vec<Effect>) {}
}

/// `CastOpInterface` of the cast ops.
struct CastCompat(Cast);

impl CastLike for CastCompat {
    fn are_cast_compatible(&self, ir: &Ir, inputs: &[Type], outputs: &[Type]) -> bool {
        match (inputs, outputs) {
            ([from], [to]) => verify::cast_compatible(ir.ctx(), self.0, *from, *to),
            _ => false,
        }
    }
}

/// `BufferViewFlowOpInterface` of `arith.select`: the result is either
/// value operand, so it depends on both and is never a terminal buffer.
struct SelectViewFlow;

impl BufferViewFlow for SelectViewFlow {
    fn dependencies(&self, ir: &Ir, op: OpId, out: &mut Vec<(ValueId, ValueId)>) {
        let Some(select) = SelectOp::cast(ir, op) else { return };
        let result = select.result(ir);
        out.push((select.true_value(ir), result));
        out.push((select.false_value(ir), result));
    }

    fn may_be_terminal_buffer(&self, _: &Ir, _: OpId, _: ValueId) -> bool {
        false
    }
}
