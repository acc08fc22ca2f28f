//! The type converter (MLIR's `TypeConverter`): type conversions, block
//! signature conversions, and the three kinds of materialization.
//!
//! Conversions are tried from the most recently added to the first; the
//! first one that applies decides (it may convert a type to several types
//! or to none, or fail). Materializations are tried in the same order; the
//! first that builds a value wins.

use ir::{BlockId, Context, InsertPoint, Ir, Location, OpId, RegionId, Type, ValueId};
use smallvec::{smallvec, SmallVec};

/// The outcome of one conversion callback.
pub enum TypeConversion {
    /// The callback does not handle this type; the next one is tried.
    NotApplicable,
    /// The type converts to these types (none: the type is dropped).
    Converted(SmallVec<[Type; 2]>),
    /// The type handled by this callback cannot be converted.
    Failed,
}

/// One conversion callback.
pub type ConversionFn = Box<dyn Fn(&Context, Type) -> TypeConversion + Send + Sync>;

/// One materialization callback: builds, at the insertion point, a value
/// of the given type from the inputs, or returns `None`.
pub type MaterializationFn =
    Box<dyn Fn(&mut Ir, InsertPoint, Type, &[ValueId], Location) -> Option<ValueId> + Send + Sync>;

/// How an original block argument maps into a converted signature.
#[derive(Clone, Copy, Debug)]
pub struct InputMapping {
    /// The first new argument it maps to.
    pub input_no: usize,
    /// How many new arguments it maps to.
    pub size: usize,
    /// A value that replaces the argument, which is dropped.
    pub replacement: Option<ValueId>,
}

/// A block or function signature being converted: the new argument types
/// and where each original argument went.
#[derive(Clone, Debug)]
pub struct SignatureConversion {
    inputs: Vec<Option<InputMapping>>,
    types: Vec<Type>,
}

impl SignatureConversion {
    /// A conversion of `n` original arguments, none mapped yet.
    pub fn new(n: usize) -> Self {
        SignatureConversion { inputs: vec![None; n], types: Vec::new() }
    }
    /// Maps original argument `orig` to new arguments of `types`.
    pub fn add_inputs(&mut self, orig: usize, types: &[Type]) {
        self.inputs[orig] = Some(InputMapping { input_no: self.types.len(), size: types.len(), replacement: None });
        self.types.extend_from_slice(types);
    }
    /// Appends new arguments that no original argument maps to.
    pub fn add_new_inputs(&mut self, types: &[Type]) {
        self.types.extend_from_slice(types);
    }
    /// Drops original argument `orig`, replaced by `value`.
    pub fn remap_input(&mut self, orig: usize, value: ValueId) {
        self.inputs[orig] = Some(InputMapping { input_no: 0, size: 0, replacement: Some(value) });
    }
    /// The new argument types.
    pub fn converted_types(&self) -> &[Type] {
        &self.types
    }
    /// Where original argument `orig` went (`None`: dropped).
    pub fn input_mapping(&self, orig: usize) -> Option<InputMapping> {
        self.inputs.get(orig).copied().flatten()
    }
}

/// Type conversions and materializations.
#[derive(Default)]
pub struct TypeConverter {
    conversions: Vec<ConversionFn>,
    source: Vec<MaterializationFn>,
    target: Vec<MaterializationFn>,
    argument: Vec<MaterializationFn>,
}

impl TypeConverter {
    /// A converter that knows no type.
    pub fn new() -> Self {
        Self::default()
    }
    /// Adds a conversion callback (tried before the ones added earlier).
    pub fn add_conversion(&mut self, f: impl Fn(&Context, Type) -> TypeConversion + Send + Sync + 'static) {
        self.conversions.push(Box::new(f));
    }
    /// Adds a source materialization: from converted values back to an
    /// original type, for users the conversion left alone.
    pub fn add_source_materialization(
        &mut self,
        f: impl Fn(&mut Ir, InsertPoint, Type, &[ValueId], Location) -> Option<ValueId> + Send + Sync + 'static,
    ) {
        self.source.push(Box::new(f));
    }
    /// Adds a target materialization: from an original value to the
    /// converted type a pattern's operand needs.
    pub fn add_target_materialization(
        &mut self,
        f: impl Fn(&mut Ir, InsertPoint, Type, &[ValueId], Location) -> Option<ValueId> + Send + Sync + 'static,
    ) {
        self.target.push(Box::new(f));
    }
    /// Adds an argument materialization: from converted block arguments
    /// to a value of the original argument's type.
    pub fn add_argument_materialization(
        &mut self,
        f: impl Fn(&mut Ir, InsertPoint, Type, &[ValueId], Location) -> Option<ValueId> + Send + Sync + 'static,
    ) {
        self.argument.push(Box::new(f));
    }

    /// The types `ty` converts to, or `None` when it cannot be converted.
    pub fn convert_type(&self, ctx: &Context, ty: Type) -> Option<SmallVec<[Type; 2]>> {
        for f in self.conversions.iter().rev() {
            match f(ctx, ty) {
                TypeConversion::NotApplicable => continue,
                TypeConversion::Converted(ts) => return Some(ts),
                TypeConversion::Failed => return None,
            }
        }
        None
    }
    /// The single type `ty` converts to (`None` for a failed or 1:N
    /// conversion).
    pub fn convert_type_one(&self, ctx: &Context, ty: Type) -> Option<Type> {
        match self.convert_type(ctx, ty)?.as_slice() {
            [t] => Some(*t),
            _ => None,
        }
    }
    /// The concatenated conversions of `types`.
    pub fn convert_types(&self, ctx: &Context, types: &[Type]) -> Option<Vec<Type>> {
        let mut out = Vec::with_capacity(types.len());
        for &t in types {
            out.extend(self.convert_type(ctx, t)?);
        }
        Some(out)
    }
    /// Whether `ty` converts to itself.
    pub fn is_legal_type(&self, ctx: &Context, ty: Type) -> bool {
        self.convert_type_one(ctx, ty) == Some(ty)
    }
    /// Whether every type of `types` converts to itself.
    pub fn are_legal_types(&self, ctx: &Context, types: &[Type]) -> bool {
        types.iter().all(|&t| self.is_legal_type(ctx, t))
    }
    /// Whether the operand and result types of `op` are legal.
    pub fn is_legal_op(&self, ir: &Ir, op: OpId) -> bool {
        let ctx = ir.ctx();
        ir.operands(op).all(|v| self.is_legal_type(ctx, ir.value_type(v)))
            && ir.results(op).all(|v| self.is_legal_type(ctx, ir.value_type(v)))
    }
    /// Whether the argument types of every block of `region` are legal.
    pub fn is_legal_region(&self, ir: &Ir, region: RegionId) -> bool {
        let ctx = ir.ctx();
        ir.region_blocks(region).all(|b| ir.block_args(b).iter().all(|&a| self.is_legal_type(ctx, ir.value_type(a))))
    }
    /// Whether a function type with these inputs and results is legal.
    pub fn is_signature_legal(&self, ctx: &Context, inputs: &[Type], results: &[Type]) -> bool {
        self.are_legal_types(ctx, inputs) && self.are_legal_types(ctx, results)
    }
    /// Adds the conversion of original argument `i` of type `ty` to `conv`;
    /// `None` when the type cannot be converted.
    pub fn convert_signature_arg(
        &self,
        ctx: &Context,
        i: usize,
        ty: Type,
        conv: &mut SignatureConversion,
    ) -> Option<()> {
        let ts = self.convert_type(ctx, ty)?;
        if !ts.is_empty() {
            conv.add_inputs(i, &ts);
        }
        Some(())
    }
    /// The conversion of the signature of `block`; `None` when an argument
    /// type cannot be converted.
    pub fn convert_block_signature(&self, ir: &Ir, block: BlockId) -> Option<SignatureConversion> {
        let args = ir.block_args(block);
        let mut conv = SignatureConversion::new(args.len());
        for (i, &a) in args.iter().enumerate() {
            self.convert_signature_arg(ir.ctx(), i, ir.value_type(a), &mut conv)?;
        }
        Some(conv)
    }

    fn materialize(
        fs: &[MaterializationFn],
        ir: &mut Ir,
        ip: InsertPoint,
        ty: Type,
        inputs: &[ValueId],
        loc: Location,
    ) -> Option<ValueId> {
        fs.iter().rev().find_map(|f| f(ir, ip, ty, inputs, loc))
    }
    /// Runs the source materializations.
    pub fn materialize_source(
        &self,
        ir: &mut Ir,
        ip: InsertPoint,
        ty: Type,
        inputs: &[ValueId],
        loc: Location,
    ) -> Option<ValueId> {
        Self::materialize(&self.source, ir, ip, ty, inputs, loc)
    }
    /// Runs the target materializations.
    pub fn materialize_target(
        &self,
        ir: &mut Ir,
        ip: InsertPoint,
        ty: Type,
        inputs: &[ValueId],
        loc: Location,
    ) -> Option<ValueId> {
        Self::materialize(&self.target, ir, ip, ty, inputs, loc)
    }
    /// Runs the argument materializations.
    pub fn materialize_argument(
        &self,
        ir: &mut Ir,
        ip: InsertPoint,
        ty: Type,
        inputs: &[ValueId],
        loc: Location,
    ) -> Option<ValueId> {
        Self::materialize(&self.argument, ir, ip, ty, inputs, loc)
    }
}

/// A conversion callback for every type: it converts to itself.
pub fn keep_all_types() -> impl Fn(&Context, Type) -> TypeConversion + Send + Sync {
    |_, t| TypeConversion::Converted(smallvec![t])
}
