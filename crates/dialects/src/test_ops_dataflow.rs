//! The ops of upstream's test dialect that its data-flow tests use
//! (`TestOps.td`, "Test Dataflow"), with upstream's syntax and semantics:
//! - `test.call_on_device`: a call (`CallOp`) passing its forwarded
//!   operands to the callee; its last operand (the device) is not passed;
//! - `test.call_and_store`: a call that also writes its `address` operand,
//!   before or after the call as `store_before_call` says;
//! - `test.store_with_a_region` and `test.store_with_a_loop_region`: a
//!   write to `address` and one region (`RegionBranch`: entered once, or
//!   any number of times including none for the loop form);
//! - `test.store_with_a_region_terminator`: their `ReturnLike` terminator.

use crate::declare_op;
use ir::interfaces::{CallOp, Callee, Effect, EffectKind, EffectOn, MemoryEffects, RegionBranch, RegionSuccessor};
use ir::op_decl::AnyAttr;
use ir::{Context, Diagnostic, Ir, OpId, OpTraits, RegionId, ValueId};
use smallvec::SmallVec;
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::IrParser;
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

declare_op! {
    /// `test.call_on_device`: a call whose last operand picks a device.
    pub struct CallOnDeviceOp = "test.call_on_device" {
        traits: OpTraits::default(),
        operands: [forwarded_operands: Variadic, non_forwarded_device_operand: Single],
        attrs: [callee: AnyAttr],
        results: [results: Variadic],
        verify: verify_callee,
        format: "$callee `(` $forwarded_operands `)` `,` $non_forwarded_device_operand attr-dict `:` functional-type(operands, results)",
        interfaces: [CallOp => TestCall { skip: 0 }],
    }
}

declare_op! {
    /// `test.call_and_store`: a call that writes `address`.
    pub struct CallAndStoreOp = "test.call_and_store" {
        traits: OpTraits::default(),
        operands: [address: Single, callee_operands: Variadic],
        attrs: [callee: AnyAttr, store_before_call: AnyAttr],
        results: [results: Variadic],
        verify: verify_callee,
        format: "$callee `(` $callee_operands `)` `,` $address attr-dict `:` functional-type(operands, results)",
        interfaces: [CallOp => TestCall { skip: 1 }, MemoryEffects => WritesFirstOperand],
    }
}

declare_op! {
    /// `test.store_with_a_region`: writes `address`, runs its region once.
    pub struct StoreWithARegionOp = "test.store_with_a_region" {
        traits: OpTraits::SINGLE_BLOCK,
        operands: [address: Single],
        attrs: [store_before_region: AnyAttr],
        regions: [body: Single],
        verify: verify_store_with_region,
        asm: StoreWithRegionAsm,
        interfaces: [RegionBranch => StoreRegionBranch { looping: false }, MemoryEffects => WritesFirstOperand],
    }
}

declare_op! {
    /// `test.store_with_a_loop_region`: writes `address`, runs its region
    /// any number of times.
    pub struct StoreWithALoopRegionOp = "test.store_with_a_loop_region" {
        traits: OpTraits::SINGLE_BLOCK,
        operands: [address: Single],
        attrs: [store_before_region: AnyAttr],
        regions: [body: Single],
        verify: verify_store_with_region,
        asm: StoreWithRegionAsm,
        interfaces: [RegionBranch => StoreRegionBranch { looping: true }, MemoryEffects => WritesFirstOperand],
    }
}

declare_op! {
    /// `test.store_with_a_region_terminator`: returns from the region.
    pub struct StoreWithARegionTerminatorOp = "test.store_with_a_region_terminator" {
        traits: OpTraits(OpTraits::RETURN_LIKE.0 | OpTraits::TERMINATOR.0),
        format: "attr-dict",
        interfaces: [MemoryEffects => NoEffects],
    }
}

/// Registers the data-flow test ops.
pub fn register(ctx: &mut Context) {
    crate::register_ops!(
        ctx,
        [CallOnDeviceOp, CallAndStoreOp, StoreWithARegionOp, StoreWithALoopRegionOp, StoreWithARegionTerminatorOp]
    );
}

/// One operand and one region (ODS's `OneOperand`, `OneRegion`); the
/// custom printer relies on both.
fn verify_store_with_region(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    if ir.num_operands(op) != 1 {
        return Err(crate::util::op_error(ir, op, "requires a single operand"));
    }
    crate::util::check_num_regions(ir, op, 1)
}

/// `callee` must be a symbol reference.
fn verify_callee(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    match ir.attr(op, "callee").map(|a| ir.ctx().attr_kind(a)) {
        Some(ir::AttrKind::SymbolRef { .. }) => Ok(()),
        _ => Err(Diagnostic::error(ir.op_loc(op), format!("'{}' op requires attribute 'callee'", ir.op_name_str(op)))),
    }
}

/// The calls: the callee is `callee`; the arguments are the operands after
/// the first `skip`, except a `call_on_device`'s last.
struct TestCall {
    skip: usize,
}

impl CallOp for TestCall {
    fn callee(&self, ir: &Ir, op: OpId) -> Option<Callee> {
        ir.attr(op, "callee").map(Callee::Symbol)
    }
    fn arg_operands(&self, ir: &Ir, op: OpId) -> std::ops::Range<usize> {
        let n = ir.num_operands(op);
        if self.skip == 0 {
            0..n.saturating_sub(1)
        } else {
            self.skip.min(n)..n
        }
    }
}

/// `Arg<AnyMemRef, "", [MemWrite]>` on the first operand.
struct WritesFirstOperand;

impl MemoryEffects for WritesFirstOperand {
    fn effects(&self, ir: &Ir, op: OpId, out: &mut Vec<Effect>) {
        if ir.num_operands(op) > 0 {
            out.push(Effect::new(EffectKind::Write, EffectOn::Operand(0)));
        }
    }
}

/// `NoMemoryEffect`.
struct NoEffects;

impl MemoryEffects for NoEffects {
    fn effects(&self, _ir: &Ir, _op: OpId, _out: &mut Vec<Effect>) {}
}

/// The region control flow of the store ops: from the op into the body,
/// from the body out; the loop form may also skip or repeat the body.
struct StoreRegionBranch {
    looping: bool,
}

impl RegionBranch for StoreRegionBranch {
    fn successors(&self, ir: &Ir, op: OpId, from: Option<RegionId>, out: &mut SmallVec<[RegionSuccessor; 2]>) {
        let body = ir.regions(op).first().copied();
        if self.looping {
            out.extend(body.map(RegionSuccessor::Region));
            out.push(RegionSuccessor::Parent);
        } else if from.is_none() {
            out.extend(body.map(RegionSuccessor::Region));
        } else {
            out.push(RegionSuccessor::Parent);
        }
    }

    fn entry_operands(&self, _ir: &Ir, _op: OpId, _to: RegionSuccessor) -> SmallVec<[ValueId; 4]> {
        SmallVec::new()
    }
}

/// `$address attr-dict-with-keyword regions : type($address)`.
struct StoreWithRegionAsm;

impl OpAsm for StoreWithRegionAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let address = p.parse_operand()?;
        if p.p.eat_keyword("attributes") {
            p.p.parse_attr_dict(&mut st.attrs)?;
        }
        let r = p.ir.create_region();
        p.parse_region(r, &[], false)?;
        st.regions.push(r);
        p.p.expect(TokenKind::Colon, "expected ':'")?;
        let pos = p.p.tok.start;
        let ty = p.p.parse_type()?;
        st.operands = p.resolve_operands(&[address], &[ty], pos)?;
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        pr.out.push(' ');
        pr.print_values(ir.operands(op));
        pr.print_optional_attr_dict_with_keyword(ir.attrs(op), &[]);
        pr.out.push(' ');
        pr.print_region(ir.regions(op)[0], true, true, false);
        pr.out.push_str(" : ");
        pr.print_types(ir.operand_types(op));
    }
}
