//! The `--test-func-*` passes (upstream's `test/lib/IR/TestFunc.cpp`): they
//! edit the signature of each function directly in the module as the
//! function's `test.*` attributes say, through `dialects::func_sig` (MLIR's
//! `FunctionOpInterface` helpers). They live with the tool because
//! `transforms` does not see the dialects.

use dialects::func::FuncOp;
use dialects::func_sig;
use ir::{AttrKind, Attribute, Diagnostic, Ir, Location, NamedAttr, OpId, Type};
use transforms::pass::{Pass, PassContext, PassInfo, PassRegistry};

/// Adds the passes to `reg`.
pub fn register(reg: &mut PassRegistry) {
    reg.add(info("test-func-insert-arg", "Test inserting func args.", |_| Ok(Box::new(TestFunc(Kind::InsertArg)))));
    reg.add(info("test-func-insert-result", "Test inserting func results.", |_| {
        Ok(Box::new(TestFunc(Kind::InsertResult)))
    }));
    reg.add(info("test-func-erase-arg", "Test erasing func args.", |_| Ok(Box::new(TestFunc(Kind::EraseArg)))));
    reg.add(info("test-func-erase-result", "Test erasing func results.", |_| {
        Ok(Box::new(TestFunc(Kind::EraseResult)))
    }));
    reg.add(info("test-func-set-type", "Test FunctionOpInterface::setType.", |_| {
        Ok(Box::new(TestFunc(Kind::SetType)))
    }));
}

fn info(name: &'static str, summary: &'static str, ctor: transforms::pass::PassCtor) -> PassInfo {
    PassInfo { name, summary, options: Vec::new(), ctor }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    InsertArg,
    InsertResult,
    EraseArg,
    EraseResult,
    SetType,
}

struct TestFunc(Kind);

impl Pass for TestFunc {
    fn name(&self) -> &'static str {
        match self.0 {
            Kind::InsertArg => "test-func-insert-arg",
            Kind::InsertResult => "test-func-insert-result",
            Kind::EraseArg => "test-func-erase-arg",
            Kind::EraseResult => "test-func-erase-result",
            Kind::SetType => "test-func-set-type",
        }
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&self, ir: &mut Ir, module: OpId, _cx: &mut PassContext) -> Result<(), Diagnostic> {
        let funcs: Vec<OpId> = ir
            .regions(module)
            .iter()
            .flat_map(|&r| ir.region_blocks(r))
            .flat_map(|b| ir.block_ops(b))
            .filter(|&o| FuncOp::matches(ir, o))
            .collect();
        for f in funcs {
            match self.0 {
                Kind::InsertArg => insert(ir, f, "test.insert_args", true),
                Kind::InsertResult => insert(ir, f, "test.insert_results", false),
                Kind::EraseArg => {
                    let n = func_sig::signature(ir, f).0.len();
                    let mask: Vec<bool> =
                        (0..n).map(|i| func_sig::arg_attr(ir, f, i, "test.erase_this_arg").is_some()).collect();
                    func_sig::erase_arguments(ir, f, &mask);
                }
                Kind::EraseResult => {
                    let n = func_sig::signature(ir, f).1.len();
                    let mask: Vec<bool> =
                        (0..n).map(|i| func_sig::result_attr(ir, f, i, "test.erase_this_result").is_some()).collect();
                    func_sig::erase_results(ir, f, &mask);
                }
                Kind::SetType => {
                    let Some(sym) = ir.attr(f, "test.set_type_from") else { continue };
                    let Some(from) = ir.resolve_symbol_ref(module, sym).filter(|&g| FuncOp::matches(ir, g)) else {
                        continue;
                    };
                    let (ins, outs) = func_sig::signature(ir, from);
                    func_sig::set_type(ir, f, &ins, &outs);
                }
            }
        }
        Ok(())
    }
}

/// `[index, type, {attrs}?, loc?]` entries of `attr` on `f`: inserts those
/// arguments (`args`) or results, and removes `attr`.
fn insert(ir: &mut Ir, f: OpId, attr: &str, args: bool) {
    let ctx = ir.ctx_arc().clone();
    let Some(list) = ir.attr(f, attr).and_then(|a| ctx.array_value(a).map(<[Attribute]>::to_vec)) else { return };
    if list.is_empty() {
        return;
    }
    let (mut at, mut types, mut attrs, mut locs) = (Vec::new(), Vec::<Type>::new(), Vec::new(), Vec::<Location>::new());
    for entry in list {
        let Some(parts) = ctx.array_value(entry) else { return };
        let (Some(i), Some(t)) =
            (parts.first().and_then(|&a| ctx.int_value(a)), parts.get(1).and_then(|&a| ctx.type_value(a)))
        else {
            return;
        };
        at.push(i as usize);
        types.push(t);
        attrs.push(match parts.get(2).map(|&a| ctx.attr_kind(a)) {
            Some(AttrKind::Dictionary(d)) => d.to_vec(),
            _ => Vec::<NamedAttr>::new(),
        });
        locs.push(match parts.get(3).map(|&a| ctx.attr_kind(a)) {
            Some(&AttrKind::Location(l)) => l,
            _ => ctx.unknown_loc(),
        });
    }
    ir.remove_attr(f, attr);
    if args {
        func_sig::insert_arguments(ir, f, &at, &types, &attrs, &locs);
    } else {
        func_sig::insert_results(ir, f, &at, &types, &attrs);
    }
}
