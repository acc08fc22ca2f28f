//! Unstructured control flow in One-Shot Bufferize (upstream's
//! `UnstructuredControlFlow.h`): the arguments of non-entry blocks alias
//! the operands their predecessor branches forward, and their buffer type
//! is the common buffer type of those operands. (Rewriting a block's
//! signature is the driver's `bufferize_block_signature`.)
//!
//! Used by the models of ops that may hold several blocks
//! (`scf.execute_region`, `func.func`) and of the branch ops (`cf.br`,
//! `cf.cond_br`).

use super::helpers::memref_type_fully_dynamic;
use super::interface::{
    AliasingOpOperand, AliasingOpOperandList, AliasingValue, AliasingValueList, AnalysisState, BufferRelation,
};
use super::options::BufferizationOptions;
use ir::interfaces::BranchOp;
use ir::{BlockId, Diagnostic, Ir, OpId, OperandId, Type, TypeKind, ValueDef, ValueId};

fn branch_interface(ir: &Ir, op: OpId) -> Option<&dyn BranchOp> {
    ir.ctx().registry().interface::<dyn BranchOp>(ir.op_name(op))
}

fn op_error(ir: &Ir, op: OpId, msg: &str) -> Diagnostic {
    Diagnostic::error(ir.op_loc(op), format!("'{}' op {msg}", ir.op_name_str(op))).with_op(op)
}

/// The predecessor branches of `block` and, for each, the successor slots
/// that name it (each distinct branch once).
fn predecessor_slots(ir: &Ir, block: BlockId) -> Vec<(OpId, usize)> {
    let mut out: Vec<(OpId, usize)> = Vec::new();
    let mut seen: Vec<OpId> = Vec::new();
    for &p in ir.predecessors(block) {
        if seen.contains(&p) {
            continue;
        }
        seen.push(p);
        for (s, &b) in ir.successors(p).iter().enumerate() {
            if b == block {
                out.push((p, s));
            }
        }
    }
    out
}

/// The operands that predecessor branches forward to block argument
/// `bb_arg` (upstream's `getCallerOpOperands`).
pub fn caller_op_operands(ir: &Ir, bb_arg: ValueId) -> Vec<OperandId> {
    let ValueDef::BlockArg { block, index } = ir.value_def(bb_arg) else { return Vec::new() };
    let mut out = Vec::new();
    for (p, s) in predecessor_slots(ir, block) {
        let Some(br) = branch_interface(ir, p) else { continue };
        let range = br.successor_operands(ir, p, s);
        let i = range.start + index as usize;
        if i < range.end {
            out.push(ir.operand_ids(p)[i]);
        }
    }
    out
}

/// The aliasing operands of a block argument: every forwarded operand,
/// Equivalent and not definite (upstream's `getAliasingBranchOpOperands`).
pub fn aliasing_branch_op_operands(ir: &Ir, bb_arg: ValueId, _state: &dyn AnalysisState) -> AliasingOpOperandList {
    caller_op_operands(ir, bb_arg)
        .into_iter()
        .map(|u| AliasingOpOperand { operand: u, relation: BufferRelation::Equivalent, definite: false })
        .collect()
}

/// The aliasing values of an operand of a branch op: the argument it is
/// forwarded to in each successor, Equivalent and not definite (upstream's
/// `BranchOpBufferizableOpInterfaceExternalModel::getAliasingValues`).
pub fn branch_aliasing_values(ir: &Ir, operand: OperandId) -> AliasingValueList {
    let op = ir.use_owner(operand);
    let mut out = AliasingValueList::new();
    let Some(br) = branch_interface(ir, op) else { return out };
    let n = ir.use_index(operand);
    for (s, &block) in ir.successors(op).iter().enumerate() {
        let range = br.successor_operands(ir, op, s);
        if range.contains(&n) {
            if let Some(&arg) = ir.block_args(block).get(n - range.start) {
                out.push(AliasingValue { value: arg, relation: BufferRelation::Equivalent, definite: false });
            }
        }
    }
    out
}

fn is_memref_type(ir: &Ir, ty: Type) -> bool {
    matches!(ir.ctx().kind(ty), TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. })
}

fn memory_space(ir: &Ir, ty: Type) -> Option<ir::Attribute> {
    match ir.ctx().kind(ty) {
        TypeKind::MemRef { memory_space, .. } | TypeKind::UnrankedMemRef { memory_space, .. } => *memory_space,
        _ => None,
    }
}

/// The buffer type of block argument `bb_arg` of an op with unstructured
/// control flow: the common buffer type of the forwarded operands (a fully
/// dynamic layout when they differ). Operands being computed already are
/// skipped (upstream's `OpWithUnstructuredControlFlow...::getBufferType`).
pub fn unstructured_buffer_type(
    ir: &Ir,
    bb_arg: ValueId,
    options: &BufferizationOptions,
    stack: &mut Vec<ValueId>,
) -> Result<Type, Diagnostic> {
    let op = super::interface::owner_of_value(ir, bb_arg).expect("a block argument in a region");
    let mut ty: Option<Type> = None;
    for u in caller_op_operands(ir, bb_arg) {
        let v = ir.use_value(u);
        if stack.contains(&v) {
            continue;
        }
        let vt = ir.value_type(v);
        let caller_ty =
            if is_memref_type(ir, vt) { vt } else { super::helpers::get_buffer_type(ir, v, options, stack)? };
        let Some(cur) = ty else {
            ty = Some(caller_ty);
            continue;
        };
        if cur == caller_ty {
            continue;
        }
        let space = memory_space(ir, cur);
        if space != memory_space(ir, caller_ty) {
            return Err(op_error(ir, op, "incoming operands of block argument have inconsistent memory spaces"));
        }
        ty = memref_type_fully_dynamic(ir, ir.value_type(bb_arg), space);
    }
    ty.ok_or_else(|| op_error(ir, op, "could not infer buffer type of block argument"))
}
