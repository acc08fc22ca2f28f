//! Test-dialect ops that upstream's `mlir/test/IR` files use for custom
//! syntax (`TestOpsSyntax.td`/`.cpp`): `test.polyfor` (a region whose
//! arguments are written without types, named from the op's `arg_names`)
//! and `test.wrapping_region` (`wraps` a generic op, printed generically,
//! whose results become the op's through a `test.return`), and
//! `test.destination_style_op` (`ins`/`outs` in declarative syntax, its
//! `outs` its inits: upstream's tensor canonicalization test uses it), and
//! `test.custom_result_name` (generic form only; its results are named by
//! its `names` attribute).

use crate::util::{check_num_regions, register_op};
use ir::{Context, InsertPoint, OpId, OpSpec, OpTraits, ValueId};
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::{ArgDecl, IrParser};
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

/// Registers the ops.
pub fn register(ctx: &mut Context) {
    register_op(ctx, "test.polyfor", OpTraits::default(), &[], Some(verify_one_region), Some(Box::new(PolyForAsm)));
    register_op(
        ctx,
        "test.wrapping_region",
        OpTraits::SINGLE_BLOCK,
        &[],
        Some(verify_one_region),
        Some(Box::new(WrappingRegionAsm)),
    );
    crate::register_ops!(ctx, [DestinationStyleOp]);
    register_op(
        ctx,
        "test.custom_result_name",
        OpTraits::default(),
        &["names"],
        None,
        Some(Box::new(crate::util::GenericOnlyAsm { result_names: Some(names_from_attr) })),
    );
}

/// `test.custom_result_name`'s `getAsmResultNames`: result `i` is named
/// by the `i`-th non-empty string of `names`.
fn names_from_attr(ir: &ir::Ir, op: OpId, set: &mut dyn FnMut(ValueId, &str)) {
    let ctx = ir.ctx();
    let Some(names) = ir.attr(op, "names").and_then(|a| ctx.array_value(a)) else { return };
    for (r, &n) in ir.results(op).zip(names) {
        if let Some(s) = ctx.str_value(n).filter(|s| !s.is_empty()) {
            set(r, s);
        }
    }
}

crate::declare_op! {
    /// `test.destination_style_op`: inputs, outputs (its inits, as
    /// `DestinationStyleOpInterface` names them) and other operands.
    pub struct DestinationStyleOp = "test.destination_style_op" {
        traits: OpTraits::default(),
        operands: [inputs: Variadic, outputs: Variadic, other_operands: Variadic],
        operand_segments: true,
        results: [results: Variadic],
        format: "attr-dict (`ins` `(` $inputs^ `:` type($inputs) `)`)? (`outs` `(` $outputs^ `:` type($outputs) `)`)? (`(` $other_operands^ `:` type($other_operands) `)`)? (`->` type($results)^)?",
        interfaces: [ir::interfaces::DestinationStyle => OutputsAreInits],
    }
}

/// `test.destination_style_op`'s inits are its outputs.
struct OutputsAreInits;

impl ir::interfaces::DestinationStyle for OutputsAreInits {
    fn inits(&self, ir: &ir::Ir, op: OpId) -> std::ops::Range<usize> {
        DestinationStyleOp(op).outputs_range(ir)
    }
}

/// Both ops hold exactly one region (ODS's `OneRegion`); their custom
/// printers rely on it.
fn verify_one_region(ir: &ir::Ir, op: OpId) -> Result<(), ir::Diagnostic> {
    check_num_regions(ir, op, 1)
}

/// `test.polyfor %i, %j {region}`: index-typed region arguments.
struct PolyForAsm;

impl OpAsm for PolyForAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let index = p.p.ctx.index_ty();
        let mut args = Vec::new();
        if p.p.at(TokenKind::PercentIdent) {
            loop {
                let name = p.parse_operand()?;
                args.push(ArgDecl { name, ty: index, loc: p.p.loc_at(name.pos) });
                if !p.p.eat(TokenKind::Comma) {
                    break;
                }
            }
        }
        let r = p.ir.create_region();
        p.parse_region(r, &args, false)?;
        st.regions.push(r);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let r = ir.region(op, 0);
        pr.out.push(' ');
        if let Some(entry) = ir.entry_block(r) {
            pr.print_values(ir.block_args(entry).iter().copied());
        }
        pr.out.push(' ');
        pr.print_region(r, false, true, false);
    }

    fn block_arg_names(&self, ir: &ir::Ir, op: OpId, region: ir::RegionId, set: &mut dyn FnMut(ValueId, &str)) {
        let ctx = ir.ctx();
        let (Some(names), Some(entry)) =
            (ir.attr(op, "arg_names").and_then(|a| ctx.array_value(a)), ir.entry_block(region))
        else {
            return;
        };
        for (&a, &n) in ir.block_args(entry).iter().zip(names) {
            if let ir::AttrKind::String { .. } = ctx.attr_kind(n) {
                if let Some(s) = ctx.str_value(n) {
                    set(a, s);
                }
            }
        }
    }
}

/// `test.wrapping_region wraps "op"(...) ... : type`.
struct WrappingRegionAsm;

impl OpAsm for WrappingRegionAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        if !p.p.eat_keyword("wraps") {
            return Err(p.p.error_here("expected 'wraps'"));
        }
        let r = p.ir.create_region();
        let block = p.ir.append_block(r, &[], &[]);
        let inner = p.parse_generic_operation()?;
        p.ir.insert_op(inner, InsertPoint::BlockEnd(block));
        let results: Vec<ValueId> = p.ir.results(inner).collect();
        let loc = p.ir.op_loc(inner);
        let ret = p.p.ctx.intern_str("test.return");
        p.ir.insert_new_op(InsertPoint::BlockEnd(block), OpSpec { operands: &results, ..OpSpec::new(ret, loc) });
        st.result_types = results.iter().map(|&v| p.ir.value_type(v)).collect();
        st.loc = loc;
        st.regions.push(r);
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let Some(inner) = ir.entry_block(ir.region(op, 0)).and_then(|b| ir.first_op(b)) else { return };
        pr.out.push_str(" wraps ");
        pr.print_generic_op(inner);
    }
}
