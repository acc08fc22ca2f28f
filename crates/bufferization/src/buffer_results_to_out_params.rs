//! `buffer-results-to-out-params`: every memref result of a function
//! becomes an extra argument (an "out param") that the caller allocates;
//! the function copies into it (or, with `hoist-static-allocs`, writes
//! straight into it when the result is a fresh statically shaped
//! allocation).
//!
//! By default this is mlir-opt-19's pass. Two later-upstream options are
//! available behind flags:
//! * `hoist-dynamic-allocs`: a fresh allocation of dynamic shape whose
//!   sizes are all arguments of the function is hoisted too; the caller
//!   allocates with the matching call operands;
//! * `modify-public-functions` (default true, 19's behaviour): when false,
//!   public functions and their calls are left alone (later upstream's
//!   default).
//!
//! Functions are looked up once per call through the symbol table cache,
//! so the pass is linear in the module.

use dialects::func::{CallOp, FuncOp, ReturnOp};
use dialects::func_sig::{
    append_arguments, called_function, erase_results, is_external, result_attrs, set_arg_attrs, signature,
};
use dialects::layout::{has_identity_layout, memref_parts, memref_type, strides_and_offset};
use dialects::memref::{AllocOp, CastOp, CopyOp};
use ir::buffer_interfaces::AllocationOp;
use ir::interfaces::{SymbolOp, Visibility};
use ir::op_decl::IrBuilder;
use ir::{Diagnostic, InsertPoint, Ir, NamedAttr, OpId, Type, ValueDef, ValueId, DYNAMIC};
use rustc_hash::FxHashMap;
use transforms::pass::{OptionDecl, Pass, PassContext, PassInfo};

/// The pass options.
#[derive(Clone, Copy, Debug)]
pub struct OutParamsOptions {
    /// Add the unit attribute `bufferize.result` to every out param.
    pub add_result_attr: bool,
    /// Write fresh static allocations straight into the out param.
    pub hoist_static_allocs: bool,
    /// Also dynamic ones whose sizes are function arguments (later upstream).
    pub hoist_dynamic_allocs: bool,
    /// Rewrite public functions too (19's behaviour).
    pub modify_public_functions: bool,
}

/// The pass.
pub struct BufferResultsToOutParams(pub OutParamsOptions);

fn has_fully_dynamic_layout(ir: &Ir, ty: Type) -> bool {
    match strides_and_offset(ir.ctx(), ty) {
        Some((strides, offset)) => offset == DYNAMIC && strides.iter().all(|&s| s == DYNAMIC),
        None => false,
    }
}

fn is_ranked_memref(ir: &Ir, ty: Type) -> bool {
    dialects::layout::is_ranked_memref(ir.ctx(), ty)
}

fn is_public(ir: &Ir, f: OpId) -> bool {
    ir.ctx()
        .registry()
        .interface::<dyn SymbolOp>(ir.op_name(f))
        .is_none_or(|s| s.visibility(ir, f) == Visibility::Public)
}

/// For each hoisted dynamic result (in out-param order): the indices of the
/// function arguments that give its dynamic sizes.
type HoistedSizes = FxHashMap<OpId, Vec<Option<Vec<usize>>>>;

/// Moves the memref results of `f` to out params; returns the new block
/// arguments.
fn update_func(ir: &mut Ir, f: OpId, o: &OutParamsOptions) -> Result<Vec<ValueId>, Diagnostic> {
    let (ins, outs) = signature(ir, f);
    let mut mask = vec![false; outs.len()];
    let mut moved: Vec<(usize, Type)> = Vec::new();
    for (i, &t) in outs.iter().enumerate() {
        if !is_ranked_memref(ir, t) {
            continue;
        }
        if !has_identity_layout(ir.ctx(), t) && !has_fully_dynamic_layout(ir, t) {
            return Err(Diagnostic::error(ir.op_loc(f), "cannot create out param for result with unsupported layout")
                .with_op(f));
        }
        mask[i] = true;
        moved.push((i, t));
    }
    let attrs: Vec<Vec<NamedAttr>> = moved.iter().map(|&(i, _)| result_attrs(ir, f, i)).collect();
    let types: Vec<Type> = moved.iter().map(|&(_, t)| t).collect();
    let loc = ir.op_loc(f);
    let args = append_arguments(ir, f, &types, loc);
    let ctx = ir.ctx_arc().clone();
    for (k, mut a) in attrs.into_iter().enumerate() {
        if o.add_result_attr {
            a.push(NamedAttr { name: ctx.intern_str("bufferize.result"), value: ctx.unit_attr() });
        }
        set_arg_attrs(ir, f, ins.len() + k, a);
    }
    erase_results(ir, f, &mask);
    Ok(args)
}

/// The argument indices that give the dynamic sizes of allocation `v` in
/// `f`, when all of them are arguments of `f`'s entry block.
fn sizes_from_arguments(ir: &Ir, f: OpId, v: ValueId) -> Option<Vec<usize>> {
    let def = ir.defining_op(v)?;
    let entry = ir.entry_block(ir.regions(f)[0])?;
    let mut out = Vec::new();
    for s in ir.operands(def) {
        if !ir.ctx().is_index(ir.value_type(s)) {
            continue;
        }
        match ir.value_def(s) {
            ValueDef::BlockArg { block, index } if block == entry => out.push(index as usize),
            _ => return None,
        }
    }
    Some(out)
}

/// Rewrites the returns of `f`: memrefs go into the out params `args`.
fn update_returns(ir: &mut Ir, f: OpId, args: &[ValueId], o: &OutParamsOptions) -> Vec<Option<Vec<usize>>> {
    let returns: Vec<OpId> = ir.post_order(f).into_iter().filter(|&op| ReturnOp::matches(ir, op)).collect();
    let mut sizes = Vec::new();
    for ret in returns {
        let operands: Vec<ValueId> = ir.operands(ret).collect();
        let (memrefs, kept): (Vec<ValueId>, Vec<ValueId>) =
            operands.iter().partition(|&&v| is_ranked_memref(ir, ir.value_type(v)));
        let loc = ir.op_loc(ret);
        sizes.clear();
        for (&orig, &arg) in memrefs.iter().zip(args) {
            let ty = ir.value_type(orig);
            let is_static = ir.ctx().has_static_shape(ty);
            let def = ir.defining_op(orig);
            let is_alloc =
                def.is_some_and(|d| ir.ctx().registry().interface::<dyn AllocationOp>(ir.op_name(d)).is_some());
            let dyn_sizes =
                (!is_static && o.hoist_dynamic_allocs && is_alloc).then(|| sizes_from_arguments(ir, f, orig)).flatten();
            let hoist = is_alloc && ((o.hoist_static_allocs && is_static) || dyn_sizes.is_some());
            if hoist {
                ir.replace_all_uses(orig, arg);
                ir.erase_op(def.expect("an allocation"));
                if !is_static {
                    sizes.push(dyn_sizes);
                }
            } else {
                let mut b = IrBuilder::at(ir, InsertPoint::Before(ret));
                CopyOp::build(&mut b, loc, orig, arg);
                if !is_static {
                    sizes.push(None);
                }
            }
        }
        let mut b = IrBuilder::at(ir, InsertPoint::Before(ret));
        ReturnOp::build(&mut b, loc, &kept);
        ir.erase_op(ret);
    }
    sizes
}

/// Rewrites one call of a rewritten function: allocates the out params.
fn update_call(ir: &mut Ir, call: OpId, callee: OpId, sizes: &[Option<Vec<usize>>]) -> Result<(), Diagnostic> {
    let loc = ir.op_loc(call);
    let operands: Vec<ValueId> = ir.operands(call).collect();
    let results: Vec<ValueId> = ir.results(call).collect();
    let mut out_params = Vec::new();
    let mut kept = Vec::new();
    let mut dynamic_index = 0;
    for &r in &results {
        let ty = ir.value_type(r);
        if !is_ranked_memref(ir, ty) {
            kept.push(r);
            continue;
        }
        let parts = memref_parts(ir.ctx(), ty).expect("a ranked memref");
        let dyn_sizes: Vec<ValueId> = if ir.ctx().has_static_shape(ty) {
            Vec::new()
        } else {
            let Some(Some(idx)) = sizes.get(dynamic_index) else {
                return Err(
                    Diagnostic::error(loc, "cannot create out param for dynamically shaped result").with_op(call)
                );
            };
            dynamic_index += 1;
            idx.iter().map(|&i| operands[i]).collect()
        };
        let alloc_ty = memref_type(ir.ctx(), &parts.shape, parts.elem, None, parts.memory_space);
        let mut b = IrBuilder::at(ir, InsertPoint::Before(call));
        let mut param = AllocOp::build(&mut b, loc, alloc_ty, &dyn_sizes, &[], None).memref(b.ir);
        if !has_identity_layout(ir.ctx(), ty) {
            let mut b = IrBuilder::at(ir, InsertPoint::Before(call));
            param = CastOp::build(&mut b, loc, ty, param).dest(b.ir);
        }
        ir.replace_all_uses(r, param);
        out_params.push(param);
    }
    let _ = callee;
    let mut new_operands = operands;
    new_operands.extend(out_params);
    let types: Vec<Type> = kept.iter().map(|&v| ir.value_type(v)).collect();
    let callee_attr = CallOp(call).callee(ir).expect("a callee").to_string();
    let mut b = IrBuilder::at(ir, InsertPoint::Before(call));
    let new_call = CallOp::build(&mut b, loc, &types, &new_operands, &callee_attr);
    let new_results: Vec<ValueId> = ir.results(new_call.0).collect();
    for (&old, &new) in kept.iter().zip(&new_results) {
        ir.replace_all_uses(old, new);
    }
    ir.erase_op(call);
    Ok(())
}

/// Runs the pass on `module`.
pub fn promote_buffer_results_to_out_params(ir: &mut Ir, module: OpId, o: &OutParamsOptions) -> Result<(), Diagnostic> {
    let funcs: Vec<OpId> = ir
        .regions(module)
        .iter()
        .flat_map(|&r| ir.region_blocks(r))
        .flat_map(|b| ir.block_ops_vec(b))
        .filter(|&op| FuncOp::matches(ir, op))
        .collect();
    let mut rewritten: HoistedSizes = FxHashMap::default();
    for f in funcs {
        if !o.modify_public_functions && is_public(ir, f) {
            continue;
        }
        let args = update_func(ir, f, o)?;
        let sizes = if is_external(ir, f) { Vec::new() } else { update_returns(ir, f, &args, o) };
        rewritten.insert(f, sizes);
    }
    let calls: Vec<OpId> = ir.post_order(module).into_iter().filter(|&op| CallOp::matches(ir, op)).collect();
    for call in calls {
        let Some(callee) = called_function(ir, call) else {
            let name = CallOp(call).callee(ir).map(str::to_string);
            return Err(Diagnostic::error(
                ir.op_loc(call),
                format!("cannot find callee '{}' in symbol table", name.unwrap_or_default()),
            )
            .with_op(call));
        };
        if let Some(sizes) = rewritten.get(&callee) {
            let sizes = sizes.clone();
            update_call(ir, call, callee, &sizes)?;
        }
    }
    Ok(())
}

impl Pass for BufferResultsToOutParams {
    fn name(&self) -> &'static str {
        "buffer-results-to-out-params"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn options_text(&self) -> String {
        let o = &self.0;
        format!(
            "add-result-attr={} hoist-dynamic-allocs={} hoist-static-allocs={} modify-public-functions={}",
            o.add_result_attr, o.hoist_dynamic_allocs, o.hoist_static_allocs, o.modify_public_functions
        )
    }
    fn run(&self, ir: &mut Ir, op: OpId, _cx: &mut PassContext) -> Result<(), Diagnostic> {
        promote_buffer_results_to_out_params(ir, op, &self.0)
    }
}

fn flag(name: &'static str, help: &'static str, default: &'static str) -> OptionDecl {
    OptionDecl { name, help, default, choices: &[] }
}

/// The registry entry.
pub fn pass_info() -> PassInfo {
    PassInfo {
        name: "buffer-results-to-out-params",
        summary: "Converts memref-typed function results to out-params",
        options: vec![
            flag("add-result-attr", "Add the attribute 'bufferize.result' to all output parameters.", "false"),
            flag("hoist-static-allocs", "Hoist static allocations to call sites.", "false"),
            flag(
                "hoist-dynamic-allocs",
                "Hoist dynamic allocations whose sizes are function arguments to call sites (later upstream).",
                "false",
            ),
            flag(
                "modify-public-functions",
                "Modify the signatures of public functions and their calls (19's behaviour; later upstream's default is false).",
                "true",
            ),
        ],
        ctor: |p| {
            Ok(Box::new(BufferResultsToOutParams(OutParamsOptions {
                add_result_attr: p.get_bool("add-result-attr"),
                hoist_static_allocs: p.get_bool("hoist-static-allocs"),
                hoist_dynamic_allocs: p.get_bool("hoist-dynamic-allocs"),
                modify_public_functions: p.get_bool("modify-public-functions"),
            })))
        },
    }
}
