//! `drop-equivalent-buffer-results`: a function result that is one of its
//! arguments (through `memref.cast`s) is removed; calls use the argument
//! instead (with a `memref.cast` when the types differ).
//!
//! Upstream walks the whole module once per function; here the calls are
//! grouped by callee in one walk and rewritten when their callee is done,
//! so the pass is linear in the module.

use dialects::func::{CallOp, FuncOp};
use dialects::func_sig::{called_function, erase_results, is_external, unique_return};
use dialects::memref::CastOp;
use ir::op_decl::IrBuilder;
use ir::{Diagnostic, InsertPoint, Ir, OpId, ValueId};
use rustc_hash::FxHashMap;
use transforms::pass::{Pass, PassContext, PassInfo};

/// The pass.
pub struct DropEquivalentBufferResults;

/// Drops the results of the functions in module `module` that are
/// equivalent to arguments, and rewrites their calls. Functions are handled
/// in module order and each one's calls are rewritten right away, so a
/// later function sees the arguments its calls now pass through (as
/// upstream does).
pub fn drop_equivalent_buffer_results(ir: &mut Ir, module: OpId) {
    let funcs: Vec<OpId> = ir
        .regions(module)
        .iter()
        .flat_map(|&r| ir.region_blocks(r))
        .flat_map(|b| ir.block_ops_vec(b))
        .filter(|&o| FuncOp::matches(ir, o))
        .collect();
    let mut calls_of: FxHashMap<OpId, Vec<OpId>> = FxHashMap::default();
    for call in ir.post_order(module).into_iter().filter(|&o| CallOp::matches(ir, o)) {
        if let Some(f) = called_function(ir, call) {
            calls_of.entry(f).or_default().push(call);
        }
    }
    for f in funcs {
        if is_external(ir, f) {
            continue;
        }
        let Some(ret) = unique_return(ir, f) else { continue };
        let entry = ir.entry_block(ir.regions(f)[0]).expect("a body");
        let args = ir.block_args(entry).to_vec();
        let operands: Vec<ValueId> = ir.operands(ret).collect();
        let mut to_arg = FxHashMap::default();
        let mut mask = vec![false; operands.len()];
        let mut kept = Vec::new();
        for (i, &v) in operands.iter().enumerate() {
            let mut val = v;
            while let Some(c) = ir.defining_op(val).filter(|&d| CastOp::matches(ir, d)) {
                val = ir.operand(c, 0);
            }
            match args.iter().position(|&a| a == val) {
                Some(a) => {
                    to_arg.insert(i, a);
                    mask[i] = true;
                }
                None => kept.push(v),
            }
        }
        erase_results(ir, f, &mask);
        ir.set_operands(ret, &kept);
        for call in calls_of.remove(&f).unwrap_or_default() {
            rewrite_call(ir, call, &to_arg);
        }
    }
}

/// Replaces `call` by a call without the dropped results (`to_arg`: result
/// index → argument index); their uses take the argument instead.
fn rewrite_call(ir: &mut Ir, call: OpId, to_arg: &FxHashMap<usize, usize>) {
    let loc = ir.op_loc(call);
    let operands: Vec<ValueId> = ir.operands(call).collect();
    let old: Vec<ValueId> = ir.results(call).collect();
    let new_types: Vec<_> =
        old.iter().enumerate().filter(|(i, _)| !to_arg.contains_key(i)).map(|(_, &r)| ir.value_type(r)).collect();
    let callee = CallOp(call).callee(ir).expect("a callee").to_string();
    let mut b = IrBuilder::at(ir, InsertPoint::Before(call));
    let new_call = CallOp::build(&mut b, loc, &new_types, &operands, &callee);
    let new_results: Vec<ValueId> = ir.results(new_call.0).collect();
    let mut next = 0;
    let mut repl = Vec::with_capacity(old.len());
    for (i, &r) in old.iter().enumerate() {
        match to_arg.get(&i) {
            None => {
                repl.push(new_results[next]);
                next += 1;
            }
            Some(&a) => {
                let arg = operands[a];
                let ty = ir.value_type(r);
                if ir.value_type(arg) != ty {
                    let mut b = IrBuilder::at(ir, InsertPoint::Before(call));
                    repl.push(CastOp::build(&mut b, loc, ty, arg).dest(b.ir));
                } else {
                    repl.push(arg);
                }
            }
        }
    }
    ir.replace_op(call, &repl);
}

impl Pass for DropEquivalentBufferResults {
    fn name(&self) -> &'static str {
        "drop-equivalent-buffer-results"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&self, ir: &mut Ir, op: OpId, _cx: &mut PassContext) -> Result<(), Diagnostic> {
        drop_equivalent_buffer_results(ir, op);
        Ok(())
    }
}

/// The registry entry.
pub fn pass_info() -> PassInfo {
    PassInfo {
        name: "drop-equivalent-buffer-results",
        summary: "Remove MemRef return values that are equivalent to a bbArg",
        options: vec![],
        ctor: |_| Ok(Box::new(DropEquivalentBufferResults)),
    }
}
