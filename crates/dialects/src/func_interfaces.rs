//! The call and symbol interfaces of `func` and of the other symbol ops:
//! `CallOp` for `func.call` (a symbol callee) and `func.call_indirect` (a
//! value callee), `Callable` and `SymbolOp` for `func.func`, `SymbolOp` for
//! `builtin.module` and `memref.global`. The call graph, the alias analyses
//! and symbol passes find calls and functions only through these.
//!
//! [`SymbolCallee`] is public so that other dialects (and user code) can
//! give their own call ops with a `callee` symbol the same interface.

use ir::interfaces::{CallOp, Callable, Callee, SymbolOp};
use ir::{Ir, OpId, RegionId, Type};

/// [`CallOp`] for an op whose callee is the symbol reference attribute
/// `callee` and whose operands are all call arguments (`func.call`, the
/// test dialect's `test.conversion_call_op`).
pub struct SymbolCallee;

impl CallOp for SymbolCallee {
    fn callee(&self, ir: &Ir, op: OpId) -> Option<Callee> {
        let a = ir.attr(op, "callee")?;
        ir.ctx().symbol_ref_root(a).map(|_| Callee::Symbol(a))
    }
    fn arg_operands(&self, ir: &Ir, op: OpId) -> std::ops::Range<usize> {
        0..ir.num_operands(op)
    }
}

/// [`CallOp`] for `func.call_indirect`: the callee is operand 0, the
/// arguments follow it.
pub(crate) struct IndirectCallee;

impl CallOp for IndirectCallee {
    fn callee(&self, ir: &Ir, op: OpId) -> Option<Callee> {
        (ir.num_operands(op) > 0).then(|| Callee::Value(ir.operand(op, 0)))
    }
    fn arg_operands(&self, ir: &Ir, op: OpId) -> std::ops::Range<usize> {
        1.min(ir.num_operands(op))..ir.num_operands(op)
    }
}

/// The body of a function-like op: its first region, unless that is empty
/// (a declaration).
fn body_region(ir: &Ir, op: OpId) -> Option<RegionId> {
    ir.regions(op).first().copied().filter(|&r| !ir.region_is_empty(r))
}

/// [`Callable`] and [`SymbolOp`] for `func.func`.
pub(crate) struct FuncInterfaces;

impl Callable for FuncInterfaces {
    fn body(&self, ir: &Ir, op: OpId) -> Option<RegionId> {
        body_region(ir, op)
    }
    fn signature(&self, ir: &Ir, op: OpId) -> (Vec<Type>, Vec<Type>) {
        match crate::func::func_type(ir, op).and_then(|t| ir.ctx().function_sig(t)) {
            Some((ins, outs)) => (ins.to_vec(), outs.to_vec()),
            None => (Vec::new(), Vec::new()),
        }
    }
}

impl SymbolOp for FuncInterfaces {
    fn is_declaration(&self, ir: &Ir, op: OpId) -> bool {
        body_region(ir, op).is_none()
    }
}

/// [`SymbolOp`] for symbols that are always definitions (`builtin.module`
/// with a name, `memref.global`).
pub struct DefinitionSymbol;

impl SymbolOp for DefinitionSymbol {
    fn is_declaration(&self, _ir: &Ir, _op: OpId) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use crate::test_util::{all as find, parse};
    use ir::interfaces::{call_op, callable, resolve_callee, symbol_op, Callee, Visibility};

    #[test]
    fn func_ops_answer_through_the_interfaces() {
        let (ir, m) = parse(
            r#"
module {
  func.func private @decl(i32) -> i32
  func.func @f(%x: i32) -> i32 {
    %r = func.call @decl(%x) : (i32) -> i32
    %c = func.constant @decl : (i32) -> i32
    %s = func.call_indirect %c(%r) : (i32) -> i32
    return %s : i32
  }
  memref.global "private" @g : memref<2xf32> = dense<0.0>
}
"#,
        );
        let funcs = find(&ir, m, "func.func");
        let (decl, f) = (funcs[0], funcs[1]);
        assert!(symbol_op(&ir, decl).unwrap().is_declaration(&ir, decl));
        assert_eq!(symbol_op(&ir, decl).unwrap().visibility(&ir, decl), Visibility::Private);
        assert!(!symbol_op(&ir, f).unwrap().is_declaration(&ir, f));
        assert_eq!(symbol_op(&ir, f).unwrap().visibility(&ir, f), Visibility::Public);
        assert_eq!(symbol_op(&ir, f).unwrap().name(&ir, f).map(|n| ir.ctx().str(n).to_string()).as_deref(), Some("f"));
        assert!(callable(&ir, decl).unwrap().body(&ir, decl).is_none());
        assert_eq!(callable(&ir, f).unwrap().body(&ir, f), Some(ir.regions(f)[0]));
        let (ins, outs) = callable(&ir, f).unwrap().signature(&ir, f);
        assert_eq!((ins.len(), outs.len()), (1, 1));

        let call = find(&ir, m, "func.call")[0];
        assert!(matches!(call_op(&ir, call).unwrap().callee(&ir, call), Some(Callee::Symbol(_))));
        assert_eq!(call_op(&ir, call).unwrap().arg_operands(&ir, call), 0..1);
        assert_eq!(resolve_callee(&ir, call), Some(decl));

        let ind = find(&ir, m, "func.call_indirect")[0];
        let c = find(&ir, m, "func.constant")[0];
        assert_eq!(call_op(&ir, ind).unwrap().callee(&ir, ind), Some(Callee::Value(ir.result(c, 0))));
        assert_eq!(call_op(&ir, ind).unwrap().arg_operands(&ir, ind), 1..2);
        assert_eq!(resolve_callee(&ir, ind), None);

        let g = find(&ir, m, "memref.global")[0];
        assert!(!symbol_op(&ir, g).unwrap().is_declaration(&ir, g));
        assert!(symbol_op(&ir, m).is_some());
        assert!(call_op(&ir, f).is_none());
    }
}
