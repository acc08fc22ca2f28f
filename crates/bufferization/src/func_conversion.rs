//! The preparation-phase extensions of the `BufferizeTypeConverter` (the
//! spec's "Preparation Phase" through "Summarizing Example", upstream's
//! `BufferAssignmentTypeConverter` of LLVM 11/12) and the three converters
//! built on them: [`add_func_converter`], [`add_return_converter`] and
//! [`add_call_converter`] (`BufferizeFuncOpConverter`,
//! `BufferizeReturnOpConverter`, `BufferizeCallOpConverter`), plus the
//! `test-bufferize-func-conversion` pass that drives them.
//!
//! A [`BufferizeTypeConverter`] wraps a framework
//! [`TypeConverter`] (tensor → memref, see `type_converter`) with:
//! - a [`ResultConversionKind`] per (original, converted) type pair: a
//!   function result converted with `AppendToArgumentsList` becomes an
//!   out-parameter appended to the function's arguments; the default is
//!   `KeepAsFunctionResult`;
//! - type decompositions: a type (a `tuple`) expands into several types,
//!   recursively, before each is converted; a value of it is unpacked by
//!   the matching value decomposition, and packed again by the converter's
//!   argument materialization.
//!
//! The converters keep the three places consistent: a function's inputs
//! are decomposed and converted (its block arguments are packed back with
//! the argument materialization), its results are decomposed, converted
//! and split into kept results and appended out-parameters; a return
//! unpacks its operands, copies (`memref.copy`) each appended one into its
//! out-parameter and returns the rest; a call unpacks its operands,
//! allocates (`memref.alloc`) each appended result, passes the buffers
//! last and packs the results again for its users. An appended result of
//! a dynamically shaped type cannot be allocated by the caller: the call
//! is then left illegal and the conversion fails.

use crate::type_converter::{add_materialization_legality, bufferized_type, standard_bufferize_type_converter};
use dialects::memref::{AllocOp, CopyOp};
use ir::interfaces::Callable;
use ir::op_decl::IrBuilder;
use ir::{Context, Diagnostic, InsertPoint, Ir, Location, OpId, OpSpec, Type, TypeKind, ValueId};
use smallvec::{smallvec, SmallVec};
use std::sync::Arc;
use transforms::conversion::{
    apply_partial_conversion, ConversionPatternSet, ConversionTarget, NoMatch, SignatureConversion, TypeConversion,
    TypeConverter,
};
use transforms::pass::{OptionDecl, Pass, PassContext, PassInfo, PassOptions};

/// How a function result of some converted type is passed (the spec's
/// `ResultConversionKind`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ResultConversionKind {
    /// The result becomes an out-parameter appended to the arguments.
    AppendToArgumentsList,
    /// The result stays a result (the default).
    KeepAsFunctionResult,
}

/// Matches a type by its kind (`RankedTensorType`, `MemRefType`, ...).
pub type TypePredicate = Box<dyn Fn(&Context, Type) -> bool + Send + Sync>;
/// Decomposes a type into its parts (`None`: not this callback's type).
pub type DecomposeTypeFn = Box<dyn Fn(&Context, Type) -> Option<SmallVec<[Type; 4]>> + Send + Sync>;
/// Unpacks a value of a decomposable type into one value per part, built
/// at the insertion point (`None`: not this callback's type).
pub type DecomposeValueFn =
    Box<dyn Fn(&mut Ir, InsertPoint, Location, ValueId) -> Option<SmallVec<[ValueId; 4]>> + Send + Sync>;

/// The `BufferizeTypeConverter` with result conversion kinds and type
/// decompositions (see the module doc).
pub struct BufferizeTypeConverter {
    converter: Arc<TypeConverter>,
    kinds: Vec<(TypePredicate, TypePredicate, ResultConversionKind)>,
    decompose_types: Vec<DecomposeTypeFn>,
    decompose_values: Vec<DecomposeValueFn>,
}

impl BufferizeTypeConverter {
    /// Extends `converter` (its conversions and materializations are used
    /// as they are); no result kind and no decomposition yet.
    pub fn new(converter: TypeConverter) -> Self {
        BufferizeTypeConverter {
            converter: Arc::new(converter),
            kinds: Vec::new(),
            decompose_types: Vec::new(),
            decompose_values: Vec::new(),
        }
    }
    /// The standard tensor → memref converter, extended; with
    /// `tuples`, tuples are decomposed too (see [`add_tuple_support`]).
    pub fn standard(tuples: bool) -> Self {
        let mut tc = standard_bufferize_type_converter();
        if tuples {
            add_tuple_conversions(&mut tc);
        }
        let mut c = Self::new(tc);
        if tuples {
            c.add_tuple_decomposition();
        }
        c
    }
    /// The framework converter the patterns use.
    pub fn converter(&self) -> &Arc<TypeConverter> {
        &self.converter
    }
    /// Results whose original type matches `from` and converted type
    /// matches `to` are passed as `kind` (a later call overrides an earlier
    /// one for the types both match; the spec's `setResultConversionKind`).
    pub fn set_result_conversion_kind(
        &mut self,
        from: impl Fn(&Context, Type) -> bool + Send + Sync + 'static,
        to: impl Fn(&Context, Type) -> bool + Send + Sync + 'static,
        kind: ResultConversionKind,
    ) {
        self.kinds.push((Box::new(from), Box::new(to), kind));
    }
    /// Tensor results (ranked → memref, unranked → unranked memref) are
    /// passed as `kind`.
    pub fn set_tensor_result_kind(&mut self, kind: ResultConversionKind) {
        self.set_result_conversion_kind(
            |c, t| matches!(c.kind(t), TypeKind::Tensor { .. }),
            |c, t| matches!(c.kind(t), TypeKind::MemRef { .. }),
            kind,
        );
        self.set_result_conversion_kind(
            |c, t| matches!(c.kind(t), TypeKind::UnrankedTensor { .. }),
            |c, t| matches!(c.kind(t), TypeKind::UnrankedMemRef { .. }),
            kind,
        );
    }
    /// How a result of type `from`, converted to `to`, is passed.
    pub fn result_conversion_kind(&self, ctx: &Context, from: Type, to: Type) -> ResultConversionKind {
        self.kinds
            .iter()
            .rev()
            .find(|(f, t, _)| f(ctx, from) && t(ctx, to))
            .map_or(ResultConversionKind::KeepAsFunctionResult, |k| k.2)
    }
    /// Adds a type decomposition (the spec's `addDecomposeTypeConversion`).
    pub fn add_decompose_type_conversion(
        &mut self,
        f: impl Fn(&Context, Type) -> Option<SmallVec<[Type; 4]>> + Send + Sync + 'static,
    ) {
        self.decompose_types.push(Box::new(f));
    }
    /// Adds a value decomposition (the spec's `addDecomposeValueConversion`).
    pub fn add_decompose_value_conversion(
        &mut self,
        f: impl Fn(&mut Ir, InsertPoint, Location, ValueId) -> Option<SmallVec<[ValueId; 4]>> + Send + Sync + 'static,
    ) {
        self.decompose_values.push(Box::new(f));
    }
    /// Decomposes tuples into their elements, with `test.get_tuple_element`.
    pub fn add_tuple_decomposition(&mut self) {
        self.add_decompose_type_conversion(|ctx, t| match ctx.kind(t) {
            TypeKind::Tuple(ts) => Some(ts.iter().copied().collect()),
            _ => None,
        });
        self.add_decompose_value_conversion(|ir, ip, loc, v| {
            let ip = stable(ir, ip);
            let ctx = ir.ctx_arc().clone();
            let TypeKind::Tuple(ts) = ctx.kind(ir.value_type(v)) else { return None };
            let ts = ts.to_vec();
            Some(ts.iter().enumerate().map(|(i, &t)| get_tuple_element(ir, ip, loc, v, i, t)).collect())
        });
    }

    fn decompose_type(&self, ctx: &Context, t: Type) -> Option<SmallVec<[Type; 4]>> {
        self.decompose_types.iter().rev().find_map(|f| f(ctx, t))
    }
    /// `t` decomposed recursively into its leaf types (`[t]` when no
    /// decomposition applies).
    pub fn flatten_type(&self, ctx: &Context, t: Type, out: &mut Vec<Type>) {
        match self.decompose_type(ctx, t) {
            Some(parts) => parts.into_iter().for_each(|p| self.flatten_type(ctx, p, out)),
            None => out.push(t),
        }
    }
    /// `v` unpacked recursively at `ip` into one value per leaf type of
    /// its type; `None` when a decomposable type has no value decomposition.
    pub fn flatten_value(&self, ir: &mut Ir, ip: InsertPoint, loc: Location, v: ValueId) -> Option<Vec<ValueId>> {
        let ctx = ir.ctx_arc().clone();
        if self.decompose_type(&ctx, ir.value_type(v)).is_none() {
            return Some(vec![v]);
        }
        let parts = self.decompose_values.iter().rev().find_map(|f| f(ir, ip, loc, v))?;
        let mut out = Vec::new();
        for p in parts {
            out.extend(self.flatten_value(ir, ip, loc, p)?);
        }
        Some(out)
    }
    /// The leaf types of `t`, each converted.
    fn convert_flat(&self, ctx: &Context, t: Type) -> Option<Vec<(Type, Type)>> {
        let mut leaves = Vec::new();
        self.flatten_type(ctx, t, &mut leaves);
        let mut out = Vec::new();
        for l in leaves {
            for c in self.converter.convert_type(ctx, l)? {
                out.push((l, c));
            }
        }
        Some(out)
    }
    /// Whether `t` needs no decomposition and converts to itself.
    pub fn is_legal_type(&self, ctx: &Context, t: Type) -> bool {
        self.decompose_type(ctx, t).is_none() && self.converter.is_legal_type(ctx, t)
    }
    /// The converted signature of a function with these inputs and results:
    /// the new input types (the appended out-parameters last), the kept
    /// result types, and each leaf result's kind in order.
    fn convert_signature(
        &self,
        ctx: &Context,
        ins: &[Type],
        outs: &[Type],
        conv: &mut SignatureConversion,
    ) -> Option<(Vec<Type>, Vec<ResultConversionKind>)> {
        for (i, &t) in ins.iter().enumerate() {
            let ts: Vec<Type> = self.convert_flat(ctx, t)?.into_iter().map(|p| p.1).collect();
            if !ts.is_empty() {
                conv.add_inputs(i, &ts);
            }
        }
        let (mut kept, mut appended, mut kinds) = (Vec::new(), Vec::new(), Vec::new());
        for &t in outs {
            for (l, c) in self.convert_flat(ctx, t)? {
                let k = self.result_conversion_kind(ctx, l, c);
                match k {
                    ResultConversionKind::AppendToArgumentsList => appended.push(c),
                    ResultConversionKind::KeepAsFunctionResult => kept.push(c),
                }
                kinds.push(k);
            }
        }
        conv.add_new_inputs(&appended);
        Some((kept, kinds))
    }
}

fn get_tuple_element(ir: &mut Ir, ip: InsertPoint, loc: Location, v: ValueId, i: usize, t: Type) -> ValueId {
    let ctx = ir.ctx_arc().clone();
    let index = ctx.int_attr(ctx.int_ty(32), i as i128);
    let attrs = [ir::NamedAttr { name: ctx.intern_str("index"), value: index }];
    let name = ctx.intern_str("test.get_tuple_element");
    let spec = OpSpec { operands: &[v], results: &[t], attrs: &attrs, ..OpSpec::new(name, loc) };
    let op = ir.insert_new_op(ip, spec);
    ir.result(op, 0)
}

fn make_tuple(ir: &mut Ir, ip: InsertPoint, inputs: &[ValueId], loc: Location) -> ValueId {
    let ctx = ir.ctx_arc().clone();
    let types: Vec<Type> = inputs.iter().map(|&v| ir.value_type(v)).collect();
    let ty = ctx.ty(TypeKind::Tuple(types.into()));
    let name = ctx.intern_str("test.make_tuple");
    let op = ir.insert_new_op(ip, OpSpec { operands: inputs, results: &[ty], ..OpSpec::new(name, loc) });
    ir.result(op, 0)
}

/// An insertion point where successive insertions keep their order.
fn stable(ir: &Ir, ip: InsertPoint) -> InsertPoint {
    let before_or_end = |next: Option<OpId>, b| next.map_or(InsertPoint::BlockEnd(b), InsertPoint::Before);
    match ip {
        InsertPoint::After(op) => match ir.op_block(op) {
            Some(b) => before_or_end(ir.next_op(op), b),
            None => ip,
        },
        InsertPoint::BlockStart(b) => before_or_end(ir.first_op(b), b),
        _ => ip,
    }
}

/// The tuple type `t` with every tensor inside converted (recursively).
fn convert_tuple(ctx: &Context, t: Type) -> Type {
    match ctx.kind(t) {
        TypeKind::Tuple(ts) => {
            let elems: Vec<Type> = ts.iter().map(|&e| convert_tuple(ctx, e)).collect();
            ctx.ty(TypeKind::Tuple(elems.into()))
        }
        _ => bufferized_type(ctx, t).unwrap_or(t),
    }
}

/// Packs the leaves `inputs` (in order) into a value shaped like `ty`:
/// nested `test.make_tuple`s for tuples, one input for any other type.
fn pack(
    ir: &mut Ir,
    ip: InsertPoint,
    ty: Type,
    inputs: &mut std::slice::Iter<'_, ValueId>,
    loc: Location,
) -> Option<ValueId> {
    let ctx = ir.ctx_arc().clone();
    let TypeKind::Tuple(ts) = ctx.kind(ty) else { return inputs.next().copied() };
    let mut elems = Vec::with_capacity(ts.len());
    for &e in ts.iter() {
        elems.push(pack(ir, ip, e, inputs, loc)?);
    }
    Some(make_tuple(ir, ip, &elems, loc))
}

/// `v` as a value of type `want`: tensors and memrefs meet through
/// `to_tensor` / `to_memref`, tuples are rebuilt element by element.
fn rebuild(ir: &mut Ir, ip: InsertPoint, want: Type, v: ValueId, loc: Location) -> Option<ValueId> {
    let ctx = ir.ctx_arc().clone();
    let have = ir.value_type(v);
    if want == have {
        return Some(v);
    }
    if ctx.is_tensor(want) && ctx.is_memref(have) {
        let b = &mut IrBuilder::at(ir, ip);
        return Some(dialects::bufferization::ToTensorOp::build(b, loc, want, v, false, false).result(b.ir));
    }
    if ctx.is_memref(want) && ctx.is_tensor(have) {
        let b = &mut IrBuilder::at(ir, ip);
        return Some(dialects::bufferization::ToMemrefOp::build(b, loc, want, v, false).memref(b.ir));
    }
    let (TypeKind::Tuple(ws), TypeKind::Tuple(hs)) = (ctx.kind(want), ctx.kind(have)) else { return None };
    if ws.len() != hs.len() {
        return None;
    }
    let mut elems = Vec::with_capacity(ws.len());
    for (i, (&w, &h)) in ws.iter().zip(hs.iter()).enumerate() {
        let e = get_tuple_element(ir, ip, loc, v, i, h);
        elems.push(rebuild(ir, ip, w, e, loc)?);
    }
    Some(make_tuple(ir, ip, &elems, loc))
}

/// Teaches `tc` tuples: a tuple converts to the tuple of its converted
/// elements (recursively); converted leaves are packed with
/// `test.make_tuple` (the spec's argument materialization; the value has
/// the converted tuple type); a tuple value of another tuple type is
/// rebuilt element by element (`test.get_tuple_element`, each element
/// materialized, `test.make_tuple`), as target and source materialization.
pub fn add_tuple_conversions(tc: &mut TypeConverter) {
    tc.add_conversion(|ctx, t| match ctx.kind(t) {
        TypeKind::Tuple(_) => TypeConversion::Converted(smallvec![convert_tuple(ctx, t)]),
        _ => TypeConversion::NotApplicable,
    });
    tc.add_argument_materialization(|ir, ip, ty, inputs, loc| {
        let ip = stable(ir, ip);
        if !matches!(ir.ctx().kind(ty), TypeKind::Tuple(_)) {
            return None;
        }
        if let [v] = inputs {
            if matches!(ir.ctx().kind(ir.value_type(*v)), TypeKind::Tuple(_)) {
                return rebuild(ir, ip, ty, *v, loc);
            }
        }
        let mut it = inputs.iter();
        let v = pack(ir, ip, ty, &mut it, loc)?;
        it.next().is_none().then_some(v)
    });
    let rebuild_one = |ir: &mut Ir, ip: InsertPoint, ty: Type, inputs: &[ValueId], loc: Location| match inputs {
        [v] if matches!(ir.ctx().kind(ty), TypeKind::Tuple(_)) => rebuild(ir, stable(ir, ip), ty, *v, loc),
        _ => None,
    };
    tc.add_target_materialization(rebuild_one);
    tc.add_source_materialization(rebuild_one);
}

/// The function type of a callable op.
fn signature(ir: &Ir, op: OpId) -> Option<(Vec<Type>, Vec<Type>)> {
    let c = ir.ctx().registry().interface::<dyn Callable>(ir.op_name(op))?;
    Some(c.signature(ir, op))
}

/// Adds `BufferizeFuncOpConverter` for `func.func`: inputs decomposed and
/// converted, results decomposed, converted and kept or appended.
pub fn add_func_converter(patterns: &mut ConversionPatternSet, c: &Arc<BufferizeTypeConverter>) {
    let c = c.clone();
    patterns.add_fn(Some("func.func"), Some(c.converter.clone()), move |op, _, rw| {
        let (ins, outs) = signature(rw.ir(), op).ok_or(NoMatch)?;
        let ctx = rw.ir().ctx_arc().clone();
        let mut conv = SignatureConversion::new(ins.len());
        let (kept, _) = c.convert_signature(&ctx, &ins, &outs, &mut conv).ok_or(NoMatch)?;
        if let Some(&body) = rw.ir().regions(op).first() {
            rw.convert_region_types(body, &c.converter, Some(&conv))?;
        }
        let fty = ctx.type_attr(ctx.function_ty(conv.converted_types(), &kept));
        rw.modify_in_place(op, |ir| ir.set_attr_str(op, "function_type", fty));
        Ok(())
    });
}

/// Adds `BufferizeReturnOpConverter` for `func.return`: operands unpacked,
/// the appended ones copied into the function's out-parameters, the rest
/// returned.
pub fn add_return_converter(patterns: &mut ConversionPatternSet, c: &Arc<BufferizeTypeConverter>) {
    let c = c.clone();
    patterns.add_fn(Some("func.return"), Some(c.converter.clone()), move |op, operands, rw| {
        let ctx = rw.ir().ctx_arc().clone();
        let loc = rw.ir().op_loc(op);
        let orig: Vec<Type> = rw.ir().operands(op).map(|v| rw.ir().value_type(v)).collect();
        let entry = rw
            .ir()
            .parent_op(op)
            .and_then(|f| rw.ir().regions(f).first().copied())
            .and_then(|r| rw.ir().entry_block(r))
            .ok_or(NoMatch)?;
        let (mut kept, mut copies) = (Vec::new(), Vec::new());
        for (&t, &v) in orig.iter().zip(operands) {
            let leaves = c.convert_flat(&ctx, t).ok_or(NoMatch)?;
            let values = c.flatten_value(rw.ir_mut(), InsertPoint::Before(op), loc, v).ok_or(NoMatch)?;
            if values.len() != leaves.len() {
                return Err(NoMatch);
            }
            for ((l, cv), v) in leaves.into_iter().zip(values) {
                match c.result_conversion_kind(&ctx, l, cv) {
                    ResultConversionKind::AppendToArgumentsList => copies.push(v),
                    ResultConversionKind::KeepAsFunctionResult => kept.push(v),
                }
            }
        }
        let args = rw.ir().block_args(entry).to_vec();
        let Some(first_out) = args.len().checked_sub(copies.len()) else { return Err(NoMatch) };
        for (i, v) in copies.into_iter().enumerate() {
            let out = args[first_out + i];
            if rw.ir().value_type(out) != rw.ir().value_type(v) {
                return Err(NoMatch);
            }
            let b = &mut rw.builder(InsertPoint::Before(op));
            CopyOp::build(b, loc, v, out);
        }
        rw.set_operands(op, &kept);
        Ok(())
    });
}

/// Adds `BufferizeCallOpConverter` for `func.call`: operands unpacked, a
/// `memref.alloc` passed last for each appended result, results packed
/// again.
pub fn add_call_converter(patterns: &mut ConversionPatternSet, c: &Arc<BufferizeTypeConverter>) {
    let c = c.clone();
    patterns.add_fn(Some("func.call"), Some(c.converter.clone()), move |op, operands, rw| {
        let ctx = rw.ir().ctx_arc().clone();
        let loc = rw.ir().op_loc(op);
        let mut new_operands = Vec::new();
        for &v in operands {
            new_operands.extend(c.flatten_value(rw.ir_mut(), InsertPoint::Before(op), loc, v).ok_or(NoMatch)?);
        }
        // Per original result: its leaves, each a buffer or a kept result.
        let mut plan: Vec<Vec<Result<ValueId, Type>>> = Vec::new();
        let mut kept_types = Vec::new();
        for t in rw.ir().result_types(op) {
            let mut leaves = Vec::new();
            for (l, cv) in c.convert_flat(&ctx, t).ok_or(NoMatch)? {
                if c.result_conversion_kind(&ctx, l, cv) == ResultConversionKind::AppendToArgumentsList {
                    let static_shape = matches!(ctx.kind(cv), TypeKind::MemRef { shape, .. }
                        if shape.iter().all(|&d| d != ir::DYNAMIC));
                    if !static_shape {
                        return Err(NoMatch);
                    }
                    let b = &mut rw.builder(InsertPoint::Before(op));
                    leaves.push(Ok(AllocOp::build(b, loc, cv, &[], &[], None).memref(b.ir)));
                } else {
                    kept_types.push(cv);
                    leaves.push(Err(cv));
                }
            }
            plan.push(leaves);
        }
        new_operands.extend(plan.iter().flatten().filter_map(|l| l.ok()));
        let callee = rw.ir().attr(op, "callee").ok_or(NoMatch)?;
        let attrs = [ir::NamedAttr { name: ctx.intern_str("callee"), value: callee }];
        let spec = OpSpec {
            operands: &new_operands,
            results: &kept_types,
            attrs: &attrs,
            ..OpSpec::new(rw.ir().op_name(op), loc)
        };
        let call = rw.ir_mut().insert_new_op(InsertPoint::Before(op), spec);
        let mut results = rw.ir().results(call);
        let mut repl = Vec::new();
        for (i, leaves) in plan.into_iter().enumerate() {
            let values: Vec<ValueId> =
                leaves.into_iter().map(|l| l.unwrap_or_else(|_| results.next().expect("kept result"))).collect();
            let orig = rw.ir().value_type(rw.ir().result(op, i));
            let packed = match values.as_slice() {
                [v] if c.decompose_type(&ctx, orig).is_none() => *v,
                _ => c
                    .converter
                    .materialize_argument(rw.ir_mut(), InsertPoint::Before(op), orig, &values, loc)
                    .ok_or(NoMatch)?,
            };
            repl.push(packed);
        }
        rw.replace_op(op, &repl);
        Ok(())
    });
}

/// The target and patterns of the three converters: `func.func`,
/// `func.call` and `func.return` are legal once their types are; every
/// other op is legal.
pub fn func_conversion(c: &Arc<BufferizeTypeConverter>) -> (ConversionTarget, ConversionPatternSet) {
    let mut patterns = ConversionPatternSet::new();
    add_func_converter(&mut patterns, c);
    add_return_converter(&mut patterns, c);
    add_call_converter(&mut patterns, c);
    let mut target = ConversionTarget::new();
    let legal_values = move |c: &BufferizeTypeConverter, ir: &Ir, op: OpId| {
        ir.operands(op).chain(ir.results(op)).all(|v| c.is_legal_type(ir.ctx(), ir.value_type(v)))
    };
    let f = c.clone();
    target.add_dynamically_legal_op("func.func", move |ir, op| {
        let Some((ins, outs)) = signature(ir, op) else { return true };
        let kinds_keep = outs.iter().all(|&t| {
            f.convert_flat(ir.ctx(), t).is_some_and(|ls| {
                ls.iter().all(|&(l, cv)| {
                    f.result_conversion_kind(ir.ctx(), l, cv) == ResultConversionKind::KeepAsFunctionResult
                })
            })
        });
        ins.iter().chain(&outs).all(|&t| f.is_legal_type(ir.ctx(), t))
            && kinds_keep
            && ir.regions(op).iter().all(|&r| f.converter.is_legal_region(ir, r))
    });
    let f = c.clone();
    target.add_dynamically_legal_op("func.call", move |ir, op| legal_values(&f, ir, op));
    let f = c.clone();
    target.add_dynamically_legal_op("func.return", move |ir, op| legal_values(&f, ir, op));
    add_materialization_legality(&mut target);
    target.mark_unknown_op_dynamically_legal(|_, _| true);
    (target, patterns)
}

/// `test-bufferize-func-conversion`: runs the three converters over the
/// module with the standard converter, tensor results passed as
/// `result-kind` and tuples decomposed with `decompose-tuples`.
pub struct TestBufferizeFuncConversion {
    kind: ResultConversionKind,
    tuples: bool,
    fold_tuples: bool,
}

/// Folds every `test.get_tuple_element` of a `test.make_tuple` under `root`
/// to the element it reads, then erases the tuple ops left unused: what
/// remains of tuple decomposition once every tuple only crosses function
/// boundaries, so that the program can be executed.
pub fn fold_tuple_pairs(ir: &mut Ir, root: OpId) {
    let ops = ir.post_order(root);
    for &op in ops.iter().rev() {
        if !ir.is_alive(op) || !ir.is_op(op, "test.get_tuple_element") || ir.num_operands(op) != 1 {
            continue;
        }
        let Some(tuple) = ir.defining_op(ir.operand(op, 0)).filter(|&d| ir.is_op(d, "test.make_tuple")) else {
            continue;
        };
        let index = ir.attr(op, "index").and_then(|a| ir.ctx().int_value(a));
        let Some(element) = index.and_then(|i| usize::try_from(i).ok()).filter(|&i| i < ir.num_operands(tuple)) else {
            continue;
        };
        let (from, to) = (ir.result(op, 0), ir.operand(tuple, element));
        ir.replace_all_uses(from, to);
    }
    // Users first, so that a tuple whose readers go is unused in turn.
    for &op in ops.iter().rev() {
        let tuple_op = ir.is_op(op, "test.get_tuple_element") || ir.is_op(op, "test.make_tuple");
        if ir.is_alive(op) && tuple_op && !ir.has_uses(ir.result(op, 0)) {
            ir.erase_op(op);
        }
    }
}

impl Pass for TestBufferizeFuncConversion {
    fn name(&self) -> &'static str {
        "test-bufferize-func-conversion"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&self, ir: &mut Ir, op: OpId, _cx: &mut PassContext) -> Result<(), Diagnostic> {
        let mut c = BufferizeTypeConverter::standard(self.tuples);
        c.set_tensor_result_kind(self.kind);
        let c = Arc::new(c);
        let (target, patterns) = func_conversion(&c);
        apply_partial_conversion(ir, op, &target, &patterns)?;
        if self.fold_tuples {
            fold_tuple_pairs(ir, op);
        }
        Ok(())
    }
}

fn from_options(opts: &PassOptions) -> Result<Box<dyn Pass>, String> {
    let kind = match opts.get("result-kind").unwrap_or("append") {
        "append" | "" => ResultConversionKind::AppendToArgumentsList,
        "keep" => ResultConversionKind::KeepAsFunctionResult,
        v => return Err(format!("for the --result-kind option: Cannot find option named '{v}'!")),
    };
    let tuples = match opts.get("decompose-tuples").unwrap_or("false") {
        "true" | "1" | "" => true,
        "false" | "0" => false,
        v => {
            return Err(format!(
                "for the --decompose-tuples option: '{v}' is invalid value for boolean argument! Try 0 or 1"
            ))
        }
    };
    let fold_tuples = match opts.get("fold-tuple-pairs").unwrap_or("false") {
        "true" | "1" | "" => true,
        "false" | "0" => false,
        v => {
            return Err(format!(
                "for the --fold-tuple-pairs option: '{v}' is invalid value for boolean argument! Try 0 or 1"
            ))
        }
    };
    Ok(Box::new(TestBufferizeFuncConversion { kind, tuples, fold_tuples }))
}

/// Registration of `test-bufferize-func-conversion`.
pub fn pass_info() -> PassInfo {
    PassInfo {
        name: "test-bufferize-func-conversion",
        summary:
            "Bufferize function signatures, returns and calls with result conversion kinds and tuple decomposition",
        options: vec![
            OptionDecl {
                name: "result-kind",
                help: "How tensor results are passed: 'append' (out-parameters) or 'keep' (results)",
                default: "append",
                choices: &["append", "keep"],
            },
            OptionDecl {
                name: "decompose-tuples",
                help: "Decompose tuple arguments, results and operands into their elements",
                default: "false",
                choices: &[],
            },
            OptionDecl {
                name: "fold-tuple-pairs",
                help: "Afterwards, fold test.get_tuple_element of test.make_tuple and erase unused tuple ops",
                default: "false",
                choices: &[],
            },
        ],
        ctor: from_options,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::parse;

    /// A user decomposition: `complex<f32>` into its two `f32` parts,
    /// unpacked with `test.re` / `test.im` and packed with `test.pack`.
    fn complex_converter(kind: ResultConversionKind) -> Arc<BufferizeTypeConverter> {
        let mut tc = standard_bufferize_type_converter();
        tc.add_argument_materialization(|ir, ip, ty, inputs, loc| {
            if !matches!(ir.ctx().kind(ty), TypeKind::Complex(_)) || inputs.len() != 2 {
                return None;
            }
            let name = ir.ctx().intern_str("test.pack");
            let op = ir.insert_new_op(ip, OpSpec { operands: inputs, results: &[ty], ..OpSpec::new(name, loc) });
            Some(ir.result(op, 0))
        });
        let mut c = BufferizeTypeConverter::new(tc);
        c.add_decompose_type_conversion(|ctx, t| match ctx.kind(t) {
            TypeKind::Complex(e) => Some(smallvec![*e, *e]),
            _ => None,
        });
        c.add_decompose_value_conversion(|ir, ip, loc, v| {
            let ctx = ir.ctx_arc().clone();
            let TypeKind::Complex(e) = ctx.kind(ir.value_type(v)) else { return None };
            let e = *e;
            let mut out = SmallVec::new();
            for n in ["test.re", "test.im"] {
                let spec = OpSpec { operands: &[v], results: &[e], ..OpSpec::new(ctx.intern_str(n), loc) };
                let op = ir.insert_new_op(ip, spec);
                out.push(ir.result(op, 0));
            }
            Some(out)
        });
        c.set_tensor_result_kind(kind);
        Arc::new(c)
    }

    fn convert(src: &str, c: &Arc<BufferizeTypeConverter>) -> (testkit::Module, Result<(), Diagnostic>) {
        let mut m = parse(src);
        let (target, patterns) = func_conversion(c);
        let r = apply_partial_conversion(&mut m.ir, m.top, &target, &patterns);
        (m, r)
    }

    const COMPLEX: &str = "func.func @f(%z: complex<f32>, %t: tensor<2xf32>) -> (complex<f32>, tensor<2xf32>) {\n  return %z, %t : complex<f32>, tensor<2xf32>\n}\nfunc.func @g(%z: complex<f32>, %t: tensor<2xf32>) -> (complex<f32>, tensor<2xf32>) {\n  %r:2 = call @f(%z, %t) : (complex<f32>, tensor<2xf32>) -> (complex<f32>, tensor<2xf32>)\n  return %r#0, %r#1 : complex<f32>, tensor<2xf32>\n}\n";

    #[test]
    fn a_user_decomposition_expands_arguments_results_and_operands() {
        let (m, r) = convert(COMPLEX, &complex_converter(ResultConversionKind::AppendToArgumentsList));
        r.expect("converts");
        let text = m.print();
        assert!(
            text.contains(
                "func.func @f(%arg0: f32, %arg1: f32, %arg2: memref<2xf32>, %arg3: memref<2xf32>) -> (f32, f32)"
            ),
            "{text}"
        );
        // Each function packs its two parts; each return (and the call)
        // unpacks its complex operand.
        assert_eq!(m.all("test.pack").len(), 3, "{text}");
        assert_eq!(m.all("test.re").len(), 3, "{text}");
        assert_eq!(m.all("memref.alloc").len(), 1, "{text}");
        assert_eq!(m.all("memref.copy").len(), 2, "{text}");
        let call = m.op("func.call", 0);
        assert_eq!(m.ir.num_operands(call), 4);
        assert_eq!(m.ir.num_results(call), 2);
        // The alloc is the call's last operand.
        assert_eq!(m.ir.operand(call, 3), m.ir.result(m.op("memref.alloc", 0), 0));
    }

    #[test]
    fn kept_results_stay_results() {
        let (m, r) = convert(COMPLEX, &complex_converter(ResultConversionKind::KeepAsFunctionResult));
        r.expect("converts");
        let text = m.print();
        assert!(
            text.contains("func.func @f(%arg0: f32, %arg1: f32, %arg2: memref<2xf32>) -> (f32, f32, memref<2xf32>)"),
            "{text}"
        );
        assert!(m.all("memref.alloc").is_empty() && m.all("memref.copy").is_empty(), "{text}");
    }

    #[test]
    fn a_failed_conversion_leaves_the_input_as_it_was() {
        let src = "func.func @f(%t: tensor<?xf32>) -> tensor<?xf32> {\n  return %t : tensor<?xf32>\n}\nfunc.func @g(%t: tensor<?xf32>) -> tensor<?xf32> {\n  %r = call @f(%t) : (tensor<?xf32>) -> tensor<?xf32>\n  return %r : tensor<?xf32>\n}\n";
        let before = parse(src).print();
        let (m, r) = convert(src, &complex_converter(ResultConversionKind::AppendToArgumentsList));
        let d = r.expect_err("a dynamically shaped out-parameter cannot be allocated");
        assert_eq!(d.message, "failed to legalize operation 'func.call' that was explicitly marked illegal");
        assert_eq!(m.print(), before);
    }

    #[test]
    fn result_kinds_default_to_keep_and_later_rules_win() {
        let ctx = Context::new();
        let t = ctx.tensor_ty(&[2], ctx.float_ty(ir::FloatKind::F32));
        let mt = bufferized_type(&ctx, t).expect("a memref");
        let mut c = BufferizeTypeConverter::standard(false);
        assert_eq!(c.result_conversion_kind(&ctx, t, mt), ResultConversionKind::KeepAsFunctionResult);
        c.set_tensor_result_kind(ResultConversionKind::AppendToArgumentsList);
        assert_eq!(c.result_conversion_kind(&ctx, t, mt), ResultConversionKind::AppendToArgumentsList);
        assert_eq!(c.result_conversion_kind(&ctx, mt, mt), ResultConversionKind::KeepAsFunctionResult);
        c.set_tensor_result_kind(ResultConversionKind::KeepAsFunctionResult);
        assert_eq!(c.result_conversion_kind(&ctx, t, mt), ResultConversionKind::KeepAsFunctionResult);
    }
}
