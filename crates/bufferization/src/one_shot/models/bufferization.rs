//! The `BufferizableOp` models of the `bufferization` dialect's ops
//! (upstream's methods in `BufferizationOps.cpp`/`.td`): `alloc_tensor`
//! (a new buffer, a copy when it has `copy`), `to_tensor` and `to_memref`
//! (the boundaries; the pair folds), `materialize_in_destination` (a copy
//! into a tensor or memref destination) and `dealloc_tensor`.

use crate::one_shot::driver::fold_to_memref_to_tensor_pair;
use crate::one_shot::helpers::{
    create_alloc, create_memcpy, get_buffer, get_buffer_type, memref_type_identity, replace_op_with_bufferized_values,
};
use crate::one_shot::interface::{AliasingValue, AliasingValueList, AnalysisState, BufferRelation, BufferizableOp};
use crate::one_shot::options::BufferizationOptions;
use dialects::bufferization::{AllocTensorOp, DeallocTensorOp, MaterializeInDestinationOp, ToMemrefOp, ToTensorOp};
use ir::op_decl::OpView;
use ir::rewrite_api::PatternRewriter;
use ir::{Attribute, Context, Diagnostic, Ir, OpId, OperandId, Type, TypeKind, ValueId, DYNAMIC};

/// The memory space of a memref type (`None`: the default space).
pub(crate) fn memory_space_of(ir: &Ir, ty: Type) -> Option<Attribute> {
    match ir.ctx().kind(ty) {
        TypeKind::MemRef { memory_space, .. } | TypeKind::UnrankedMemRef { memory_space, .. } => *memory_space,
        _ => None,
    }
}

struct AllocTensorModel;

impl BufferizableOp for AllocTensorModel {
    fn bufferizes_to_allocation(&self, _ir: &Ir, _value: ValueId) -> bool {
        true
    }
    crate::memory_access!(read: true, write: false);
    fn result_bufferizes_to_memory_write(&self, ir: &Ir, result: ValueId, _state: &dyn AnalysisState) -> bool {
        ir.defining_op(result).is_some_and(|op| AllocTensorOp(op).copy(ir).is_some())
    }
    fn aliasing_values(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        AliasingValueList::new()
    }
    fn buffer_type(
        &self,
        ir: &Ir,
        value: ValueId,
        options: &BufferizationOptions,
        stack: &mut Vec<ValueId>,
    ) -> Result<Type, Diagnostic> {
        let op = AllocTensorOp(ir.defining_op(value).expect("an alloc_tensor result"));
        let space = if let Some(s) = op.memory_space(ir) {
            Some(s)
        } else if let Some(copy) = op.copy(ir) {
            memory_space_of(ir, get_buffer_type(ir, copy, options, stack)?)
        } else {
            match options.default_memory_space(ir, ir.value_type(value)) {
                Some(s) => s,
                None => {
                    return Err(Diagnostic::error(ir.op_loc(op.0), "could not infer memory space").with_op(op.0));
                }
            }
        };
        Ok(memref_type_identity(ir, ir.value_type(value), space).expect("a tensor result"))
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        let saved = rw.insertion_point();
        let a = AllocTensorOp(op);
        let result = a.result(rw.ir());
        if !rw.ir().has_uses(result) {
            rw.erase_op(op);
            return Ok(());
        }
        let loc = rw.ir().op_loc(op);
        let copy_buffer = match a.copy(rw.ir()) {
            Some(c) => Some(get_buffer(rw, c, options)?),
            None => None,
        };
        let alloc_ty = get_buffer_type(rw.ir(), result, options, &mut Vec::new())?;
        let mut dyn_sizes: Vec<ValueId> = a.dynamic_sizes(rw.ir()).to_vec();
        if let Some(buf) = copy_buffer {
            let ctx = rw.ir().ctx_arc().clone();
            let shape: Vec<i64> = ctx.shape(rw.ir().value_type(buf)).unwrap_or(&[]).to_vec();
            for (i, &d) in shape.iter().enumerate() {
                if d == DYNAMIC {
                    let c = dialects::tensor::build_index_constant(rw, loc, i as i64);
                    let index = ctx.index_ty();
                    dyn_sizes.push(dialects::memref::DimOp::build(rw, loc, index, buf, c).result(rw.ir()));
                }
            }
        }
        let alloc = create_alloc(rw, loc, alloc_ty, &dyn_sizes, options)?;
        if let Some(buf) = copy_buffer {
            create_memcpy(rw, loc, buf, alloc, options)?;
        }
        replace_op_with_bufferized_values(rw, op, &[alloc]);
        crate::one_shot::helpers::restore(rw, saved);
        Ok(())
    }
}

struct ToTensorModel;

impl BufferizableOp for ToTensorModel {
    crate::memory_access!(read: false, write: false);
    fn aliasing_values(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        AliasingValueList::new()
    }
    fn is_writable(&self, ir: &Ir, value: ValueId, _state: &dyn AnalysisState) -> bool {
        ir.defining_op(value).is_some_and(|op| ToTensorOp(op).writable(ir))
    }
    fn buffer_type(
        &self,
        ir: &Ir,
        value: ValueId,
        _options: &BufferizationOptions,
        _stack: &mut Vec<ValueId>,
    ) -> Result<Type, Diagnostic> {
        let op = ir.defining_op(value).expect("a to_tensor result");
        Ok(ir.value_type(ToTensorOp(op).memref(ir)))
    }
    fn bufferize(
        &self,
        _rw: &mut PatternRewriter<'_>,
        _op: OpId,
        _options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        // to_tensor/to_memref pairs fold away after bufferization.
        Ok(())
    }
}

struct ToMemrefModel;

impl BufferizableOp for ToMemrefModel {
    fn bufferizes_to_memory_read(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> bool {
        // Whether the memref is read is unknown.
        true
    }
    fn bufferizes_to_memory_write(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> bool {
        !ToMemrefOp(ir.use_owner(operand)).read_only(ir)
    }
    fn aliasing_values(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        AliasingValueList::new()
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        // Whether the pair folded does not matter; only errors do.
        fold_to_memref_to_tensor_pair(rw, op, options).map(|_| ())
    }
}

struct MaterializeInDestinationModel;

fn is_dest(ir: &Ir, operand: OperandId) -> bool {
    MaterializeInDestinationOp(ir.use_owner(operand)).dest_operand(ir) == operand
}

fn has_tensor_dest(ir: &Ir, op: OpId) -> bool {
    ir.ctx().is_tensor(ir.value_type(MaterializeInDestinationOp(op).dest(ir)))
}

impl BufferizableOp for MaterializeInDestinationModel {
    fn bufferizes_to_memory_read(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> bool {
        MaterializeInDestinationOp(ir.use_owner(operand)).source_operand(ir) == operand
    }
    fn bufferizes_to_memory_write(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> bool {
        is_dest(ir, operand)
    }
    fn must_bufferize_in_place(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> bool {
        // The source is only read; the (tensor) destination is written in
        // place by definition.
        true
    }
    fn aliasing_values(&self, ir: &Ir, operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        let mut out = AliasingValueList::new();
        if is_dest(ir, operand) {
            out.push(AliasingValue::new(ir.result(ir.use_owner(operand), 0), BufferRelation::Equivalent));
        }
        out
    }
    fn bufferizes_to_elementwise_access(
        &self,
        _ir: &Ir,
        _op: OpId,
        _state: &dyn AnalysisState,
        _operands: &[OperandId],
    ) -> bool {
        // Elements are copied once from source to destination.
        true
    }
    fn is_writable(&self, ir: &Ir, value: ValueId, _state: &dyn AnalysisState) -> bool {
        let Some(op) = crate::one_shot::interface::owner_of_value(ir, value) else { return false };
        has_tensor_dest(ir, op) || MaterializeInDestinationOp(op).writable(ir)
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        let m = MaterializeInDestinationOp(op);
        let tensor_dest = has_tensor_dest(rw.ir(), op);
        let dest = m.dest(rw.ir());
        let buffer = if tensor_dest { get_buffer(rw, dest, options)? } else { dest };
        let src = m.source(rw.ir());
        let src_buffer = get_buffer(rw, src, options)?;
        let loc = rw.ir().op_loc(op);
        create_memcpy(rw, loc, src_buffer, buffer, options)?;
        if tensor_dest {
            replace_op_with_bufferized_values(rw, op, &[buffer]);
        } else {
            replace_op_with_bufferized_values(rw, op, &[]);
        }
        Ok(())
    }
}

struct DeallocTensorModel;

impl BufferizableOp for DeallocTensorModel {
    crate::memory_access!(read: false, write: false);
    fn aliasing_values(&self, _ir: &Ir, _operand: OperandId, _state: &dyn AnalysisState) -> AliasingValueList {
        AliasingValueList::new()
    }
    fn bufferize(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        options: &BufferizationOptions,
    ) -> Result<(), Diagnostic> {
        let t = DeallocTensorOp(op).tensor(rw.ir());
        let buffer = get_buffer(rw, t, options)?;
        let loc = rw.ir().op_loc(op);
        dialects::memref::DeallocOp::build(rw, loc, buffer);
        rw.erase_op(op);
        Ok(())
    }
}

/// Attaches the `bufferization` models.
pub fn register(ctx: &mut Context) {
    let names = [
        AllocTensorOp::name(ctx),
        ToTensorOp::name(ctx),
        ToMemrefOp::name(ctx),
        MaterializeInDestinationOp::name(ctx),
        DeallocTensorOp::name(ctx),
    ];
    let reg = ctx.registry_mut();
    reg.add_interface::<dyn BufferizableOp>(names[0], Box::new(AllocTensorModel));
    reg.add_interface::<dyn BufferizableOp>(names[1], Box::new(ToTensorModel));
    reg.add_interface::<dyn BufferizableOp>(names[2], Box::new(ToMemrefModel));
    reg.add_interface::<dyn BufferizableOp>(names[3], Box::new(MaterializeInDestinationModel));
    reg.add_interface::<dyn BufferizableOp>(names[4], Box::new(DeallocTensorModel));
}
