//! The custom-syntax interface ([`OpAsm`]) that dialects implement for
//! their ops, and [`OpState`], the op under construction while a custom
//! parser runs. Registered through the op registry's interface map:
//! `ctx.registry_mut().add_interface::<dyn OpAsm>(name, Box::new(..))`.

use crate::op_parser::IrParser;
use crate::parser::PResult;
use crate::printer::OpPrinter;
use ir::{Attribute, BlockId, Ir, Location, NamedAttr, OpId, RegionId, Str, Type, ValueId};

/// An op being built by a custom parser.
#[derive(Clone, Debug)]
pub struct OpState {
    /// Full op name.
    pub name: Str,
    /// Location (the op name's position unless a `loc(...)` follows).
    pub loc: Location,
    /// Resolved operands.
    pub operands: Vec<ValueId>,
    /// Result types.
    pub result_types: Vec<Type>,
    /// Attributes (any order).
    pub attrs: Vec<NamedAttr>,
    /// Regions, filled by [`IrParser::parse_region`].
    pub regions: Vec<RegionId>,
    /// Successor blocks.
    pub successors: Vec<BlockId>,
    /// Properties of an unregistered op.
    pub props: Option<Attribute>,
}

impl OpState {
    /// An empty state.
    pub fn new(name: Str, loc: Location) -> Self {
        OpState {
            name,
            loc,
            operands: Vec::new(),
            result_types: Vec::new(),
            attrs: Vec::new(),
            regions: Vec::new(),
            successors: Vec::new(),
            props: None,
        }
    }
    /// Empties the state for another op, keeping the vectors' capacity.
    pub fn reset(&mut self, name: Str, loc: Location) {
        self.name = name;
        self.loc = loc;
        self.operands.clear();
        self.result_types.clear();
        self.attrs.clear();
        self.regions.clear();
        self.successors.clear();
        self.props = None;
    }
    /// Adds an attribute.
    pub fn add_attr(&mut self, name: Str, value: Attribute) {
        self.attrs.push(NamedAttr { name, value });
    }
}

/// Custom assembly syntax of one op.
pub trait OpAsm: Send + Sync {
    /// Parses everything after the op name.
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()>;
    /// Prints everything after the op name (the printer has already written
    /// the results, `= ` and the name).
    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId);
    /// Dialect whose ops may be written without prefix inside this op's
    /// regions (`func` inside `func.func`).
    fn default_dialect(&self) -> Option<&'static str> {
        None
    }
    /// Name hints for results (`%c0`, `%alloc`, …).
    fn result_names(&self, _ir: &Ir, _op: OpId, _set: &mut dyn FnMut(ValueId, &str)) {}
    /// Name hints for region arguments.
    fn block_arg_names(&self, _ir: &Ir, _op: OpId, _region: RegionId, _set: &mut dyn FnMut(ValueId, &str)) {}
}
