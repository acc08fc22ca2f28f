//! The named structured ops generated upstream from OpDSL (`matmul`,
//! `batch_matmul`, their `_transpose_a`/`_transpose_b` and quantized
//! variants, `batch_reduce_matmul`, `matvec`, `vecmat`, `batch_matvec`,
//! `batch_vecmat`, `dot`, `mmt4d`, `batch_mmt4d`,
//! `fill`, `copy`, `elemwise_unary`, `elemwise_binary`, the elementwise
//! ops `exp` ... `erf`, `add` ... `powf`, `select`, and the convolution and
//! pooling ops `conv_*`, `depthwise_conv_*`, `pooling_*`): their static
//! description (loop structure, attributes), the indexing maps of the
//! convolutions (which depend on their `strides` and `dilations`) and the
//! builder of the scalar body mlir-opt-19 materialises when it parses them
//! (mulf+addf, casts, zero-point subtractions, `#linalg.unary_fn` /
//! `#linalg.binary_fn` payloads).

use super::IteratorKind;
use ir::affine::{simplify_affine_map, AffineExpr, AffineMap};
use ir::op_decl::IrBuilder;
use ir::{
    AttrKind, Attribute, BlockId, Context, InsertPoint, Ir, Location, NamedAttr, OpSpec, Type, TypeKind, ValueId,
};

/// How the body of a named op is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BodyKind {
    /// `C += cast(A) * cast(B)` (upstream's contraction ops).
    Contraction,
    /// `C += cast(A * cast(B))`, as `batch_reduce_matmul` is written upstream.
    ReduceContraction,
    /// `O = cast_signed(value)`
    Fill,
    /// `O = cast(I)`
    Copy,
    /// `O = fun(cast(I))`
    Unary,
    /// `O = fun(cast(lhs), cast(rhs))`
    Binary,
    /// `O = fun(I)` with a fixed `#linalg.unary_fn` case and no cast (the
    /// elementwise ops `linalg.exp`, `linalg.log`, ...).
    UnaryFn(&'static str),
    /// `O = fun(lhs, rhs)` with a fixed `#linalg.binary_fn` case and no
    /// cast (`linalg.add`, `linalg.max`, ...).
    BinaryFn(&'static str),
    /// `O = cond ? lhs : rhs` (`linalg.select`).
    Select,
    /// `O += (cast(I) - cast(IZp)) * (cast(K) - cast(KZp))`, the quantized
    /// convolutions (operands `I, K, IZp, KZp, O`).
    QuantContraction,
    /// `fill_rng_2d`'s linear congruential generator: `O = cast(min + (max
    /// - min) * 2^-32 * (2^31 - 1 + lcg(lcg(i0 + seed) + i1)))`, operands
    /// `min, max, seed, O`.
    FillRng2D,
    /// `O = fun(O, cast(I))`, the pooling ops: the `#linalg.binary_fn` case
    /// and whether the cast is `cast_unsigned`. The window operand is not
    /// read.
    Pool(&'static str, bool),
}

/// One result of a convolution's indexing map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    /// `d<n>`
    D(usize),
    /// `d<out> * strides[k] + d<window> * dilations[k]` as `(out, window,
    /// k)`; both factors are 1 for ops without those attributes.
    W(usize, usize, usize),
}

/// How a named op's indexing maps are obtained.
#[derive(Clone, Copy, Debug)]
pub enum Maps {
    /// One identity (or, for a scalar operand, empty) map per operand over
    /// the init's rank.
    Polymorphic,
    /// The loop count and, per operand, the loop dim of each result.
    Static(usize, &'static [&'static [usize]]),
    /// The loop count and, per operand, its results: the convolutions and
    /// pooling ops, whose maps depend on their `strides` and `dilations`.
    Window(usize, &'static [&'static [Term]]),
}

/// The static description of one named op.
#[derive(Debug)]
pub struct NamedDef {
    /// Full op name.
    pub name: &'static str,
    /// Number of region arguments the op's body takes (ins + outs).
    pub num_args: usize,
    /// The indexing maps.
    pub maps: Maps,
    /// Iterator kinds of the loops of non-polymorphic maps (`p`/`r`).
    pub iterators: &'static str,
    /// Inherent attributes besides `operandSegmentSizes`.
    pub attrs: &'static [&'static str],
    /// The body.
    pub body: BodyKind,
}

pub use super::ops::NAMED_OPS;

/// The description of the named op `name` (a hash lookup: every
/// structured-op query starts here).
pub fn named_def(name: &str) -> Option<&'static NamedDef> {
    static BY_NAME: std::sync::OnceLock<std::collections::HashMap<&'static str, &'static NamedDef>> =
        std::sync::OnceLock::new();
    BY_NAME.get_or_init(|| NAMED_OPS.iter().map(|&d| (d.name, d)).collect()).get(name).copied()
}

impl NamedDef {
    /// True for the ops whose maps do not depend on operand ranks.
    pub fn has_fixed_loops(&self) -> bool {
        !matches!(self.maps, Maps::Polymorphic)
    }
    /// True for the convolution and pooling ops (upstream's
    /// `LinalgConvolutionOpInterface`).
    pub fn is_convolution(&self) -> bool {
        matches!(self.maps, Maps::Window(..))
    }
    /// True for the ops upstream declares with `LinalgContractionOpInterface`:
    /// the multiply-accumulate ops that are not convolutions (not the
    /// quantized matmuls, whose zero points make four inputs, nor
    /// `fill_rng_2d`).
    pub fn is_contraction(&self) -> bool {
        !self.is_convolution() && matches!(self.body, BodyKind::Contraction | BodyKind::ReduceContraction)
    }
    /// The number of spatial dims, i.e. the length of the `strides` and
    /// `dilations` attributes (0 for ops without them).
    pub fn num_spatial(&self) -> usize {
        match self.maps {
            Maps::Window(_, results) if self.attrs.contains(&"strides") => {
                results.first().map_or(0, |r| r.iter().filter(|t| matches!(t, Term::W(..))).count())
            }
            _ => 0,
        }
    }
    /// The indexing maps of an op with these attributes, as mlir-opt-19
    /// computes them: for convolutions, `d_out * s + d_win * t` with the
    /// `strides`/`dilations` (default 1) substituted for the symbols and
    /// the map simplified. `None` for rank-polymorphic ops and for a
    /// `strides` or `dilations` attribute of the wrong kind (the verifier
    /// rejects it).
    pub fn maps_with(&self, ctx: &Context, attrs: &[NamedAttr]) -> Option<Vec<AffineMap>> {
        match self.maps {
            Maps::Polymorphic => None,
            Maps::Static(dims, results) => {
                Some(results.iter().map(|r| AffineMap::new(dims, 0, r.iter().map(|&d| AffineExpr::dim(d)))).collect())
            }
            Maps::Window(dims, results) => {
                let n = self.num_spatial();
                let strides = window_attr(ctx, attrs, "strides", n)?;
                let dilations = window_attr(ctx, attrs, "dilations", n)?;
                // Real IR repeats a few strides/dilations many times: the
                // simplified maps are computed once per combination.
                type Key = (&'static str, Vec<i64>, Vec<i64>);
                thread_local! {
                    static CACHE: std::cell::RefCell<std::collections::HashMap<Key, Vec<AffineMap>>> =
                        std::cell::RefCell::default();
                }
                let key = (self.name, strides, dilations);
                if let Some(maps) = CACHE.with(|c| c.borrow().get(&key).cloned()) {
                    return Some(maps);
                }
                let (_, strides, dilations) = &key;
                let syms: Vec<AffineExpr> =
                    strides.iter().zip(dilations).flat_map(|(&s, &d)| [s, d]).map(AffineExpr::constant).collect();
                let num_syms = syms.len().max(2);
                let maps = results.iter().map(|r| {
                    let exprs = r.iter().map(|t| match *t {
                        Term::D(d) => AffineExpr::dim(d),
                        Term::W(o, w, k) => {
                            let (s, t) = if n == 0 { (0, 1) } else { (2 * k, 2 * k + 1) };
                            AffineExpr::dim(o) * AffineExpr::symbol(s) + AffineExpr::dim(w) * AffineExpr::symbol(t)
                        }
                    });
                    let ones = vec![AffineExpr::constant(1); num_syms];
                    let bound = if n == 0 { &ones } else { &syms };
                    let m = AffineMap::new(dims, num_syms, exprs);
                    let dims_ids: Vec<AffineExpr> = (0..dims).map(AffineExpr::dim).collect();
                    let results = m.results.iter().map(|e| e.replace_dims_and_symbols(&dims_ids, bound));
                    simplify_affine_map(&AffineMap::new(dims, 0, results))
                });
                let maps: Vec<AffineMap> = maps.collect();
                CACHE.with(|c| c.borrow_mut().insert(key.clone(), maps.clone()));
                Some(maps)
            }
        }
    }
    /// The static iterator kinds.
    pub fn static_iterators(&self) -> Vec<IteratorKind> {
        self.iterators
            .chars()
            .map(|c| if c == 'r' { IteratorKind::Reduction } else { IteratorKind::Parallel })
            .collect()
    }
}

/// The values of a convolution's `strides`/`dilations` attribute named
/// `name` among `attrs` (all 1 when absent); `None` when it is not a
/// 64-bit signless integer elements attribute of shape `[n]`.
pub fn window_attr(ctx: &Context, attrs: &[NamedAttr], name: &str, n: usize) -> Option<Vec<i64>> {
    let Some(a) = attrs.iter().find(|a| ctx.str(a.name) == name) else { return Some(vec![1; n]) };
    let AttrKind::DenseElements { ty, data } = ctx.attr_kind(a.value) else { return None };
    let elem = match ctx.kind(*ty) {
        TypeKind::Tensor { elem, .. } | TypeKind::Vector { elem, .. } => *elem,
        _ => return None,
    };
    let signless_i64 = matches!(ctx.kind(elem), TypeKind::Integer { width: 64, signedness: ir::Signedness::Signless });
    if !signless_i64 || ctx.shape(*ty) != Some(&[n as i64][..]) {
        return None;
    }
    Some((0..n).map(|i| data.bits[if data.splat { 0 } else { i }] as u64 as i64).collect())
}

/// `#linalg.unary_fn<...>` cases, in upstream's enum order.
pub const UNARY_FNS: [&str; 13] =
    ["exp", "log", "abs", "ceil", "floor", "negf", "reciprocal", "round", "sqrt", "rsqrt", "square", "tanh", "erf"];
/// `#linalg.binary_fn<...>` cases.
pub const BINARY_FNS: [&str; 10] =
    ["add", "sub", "mul", "div", "div_unsigned", "max_signed", "min_signed", "max_unsigned", "min_unsigned", "powf"];
/// `#linalg.type_fn<...>` cases.
pub const TYPE_FNS: [&str; 2] = ["cast_signed", "cast_unsigned"];

/// The case of a `#linalg.<mnemonic><case>` attribute, if `a` is one.
pub fn enum_case<'c>(ctx: &'c Context, a: Attribute, mnemonic: &str) -> Option<&'c str> {
    let AttrKind::Opaque { dialect, body, ty: None } = ctx.attr_kind(a) else { return None };
    if ctx.str(*dialect) != "linalg" {
        return None;
    }
    let inner = ctx.str(*body).strip_prefix(mnemonic)?.trim_start().strip_prefix('<')?.strip_suffix('>')?;
    Some(inner.trim())
}

/// `#linalg.<mnemonic><case>`.
pub fn enum_attr(ctx: &Context, mnemonic: &str, case: &str) -> Attribute {
    let body = format!("{mnemonic}<{case}>");
    ctx.attr(AttrKind::Opaque { dialect: ctx.intern_str("linalg"), body: ctx.intern_str(&body), ty: None })
}

/// Builds ops at the end of one block, all at one location.
struct BodyBuilder<'a> {
    ir: &'a mut Ir,
    block: BlockId,
    loc: Location,
}

/// Scalar classes the payload functions distinguish.
fn is_float(ctx: &Context, t: Type) -> bool {
    matches!(ctx.kind(t), TypeKind::Float(_))
}
fn is_int(ctx: &Context, t: Type) -> bool {
    matches!(ctx.kind(t), TypeKind::Integer { .. })
}

impl BodyBuilder<'_> {
    /// Creates `name(operands) : result` with the op's default properties
    /// (`fastmath`, `overflowFlags`) plus `attrs`.
    fn op(&mut self, name: &str, operands: &[ValueId], result: Type, attrs: &[NamedAttr]) -> ValueId {
        let ctx = self.ir.ctx_arc().clone();
        let mut all = crate::arith::default_properties(&ctx, name);
        all.retain(|d| !attrs.iter().any(|a| a.name == d.name));
        all.extend_from_slice(attrs);
        let n = ctx.intern_str(name);
        let results = [result];
        let op = self.ir.insert_new_op(
            InsertPoint::BlockEnd(self.block),
            OpSpec { operands, results: &results, attrs: &all, ..OpSpec::new(n, self.loc) },
        );
        self.ir.result(op, 0)
    }

    fn ty(&self, v: ValueId) -> Type {
        self.ir.value_type(v)
    }

    /// MLIR's `convertScalarToDtype`: the cast ops that turn `v` into
    /// `to`; `v` itself when no cast applies (upstream then warns).
    fn cast(&mut self, to: Type, v: ValueId, unsigned: bool) -> ValueId {
        let ctx = self.ir.ctx_arc().clone();
        let from = self.ty(v);
        if from == to {
            return v;
        }
        match (ctx.kind(to), ctx.kind(from)) {
            (TypeKind::Integer { width: tw, .. }, _) => match ctx.kind(from) {
                TypeKind::Float(_) => self.op(if unsigned { "arith.fptoui" } else { "arith.fptosi" }, &[v], to, &[]),
                TypeKind::Index => self.op("arith.index_cast", &[v], to, &[]),
                TypeKind::Integer { width: fw, .. } => {
                    if tw > fw {
                        self.op(if unsigned { "arith.extui" } else { "arith.extsi" }, &[v], to, &[])
                    } else if tw < fw {
                        self.op("arith.trunci", &[v], to, &[])
                    } else {
                        v
                    }
                }
                _ => v,
            },
            (TypeKind::Float(_), TypeKind::Integer { .. }) => {
                self.op(if unsigned { "arith.uitofp" } else { "arith.sitofp" }, &[v], to, &[])
            }
            (TypeKind::Float(tk), TypeKind::Float(fk)) => {
                if tk.bit_width() > fk.bit_width() {
                    self.op("arith.extf", &[v], to, &[])
                } else if tk.bit_width() < fk.bit_width() {
                    self.op("arith.truncf", &[v], to, &[])
                } else {
                    v
                }
            }
            _ => v,
        }
    }

    /// Upstream's `buildBinaryFn`, as its release build behaves: operand
    /// classes it does not support fall through to the integer ops (the
    /// verifier then rejects them, as it does upstream).
    fn binary(&mut self, fun: &str, a: ValueId, b: ValueId) -> Result<ValueId, String> {
        let ctx = self.ir.ctx_arc().clone();
        let (ta, tb) = (self.ty(a), self.ty(b));
        let complex = matches!(ctx.kind(ta), TypeKind::Complex(_)) && matches!(ctx.kind(tb), TypeKind::Complex(_));
        let floats = is_float(&ctx, ta) && is_float(&ctx, tb);
        let bools =
            is_int(&ctx, ta) && is_int(&ctx, tb) && ctx.int_width(ta) == Some(1) && ctx.int_width(tb) == Some(1);
        let name = match fun {
            "add" if complex => "complex.add",
            "add" if floats => "arith.addf",
            "add" if bools => "arith.ori",
            "add" => "arith.addi",
            "sub" if complex => "complex.sub",
            "sub" if floats => "arith.subf",
            "sub" => "arith.subi",
            "mul" if complex => "complex.mul",
            "mul" if floats => "arith.mulf",
            "mul" if bools => "arith.andi",
            "mul" => "arith.muli",
            "div" if complex => "complex.div",
            "div" if floats => "arith.divf",
            "div" => "arith.divsi",
            "div_unsigned" => "arith.divui",
            "max_signed" | "max_unsigned" if floats => "arith.maximumf",
            "min_signed" | "min_unsigned" if floats => "arith.minimumf",
            "max_signed" => "arith.maxsi",
            "min_signed" => "arith.minsi",
            "max_unsigned" => "arith.maxui",
            "min_unsigned" => "arith.minui",
            "powf" => "math.powf",
            _ => return Err(format!("unknown binary function '{fun}'")),
        };
        Ok(self.op(name, &[a, b], ta, &[]))
    }

    /// Upstream's `buildUnaryFn` (built whatever the operand type; the
    /// verifier rejects non-float operands, as it does upstream).
    fn unary(&mut self, fun: &str, a: ValueId) -> Result<ValueId, String> {
        let ctx = self.ir.ctx_arc().clone();
        let t = self.ty(a);
        let name = match fun {
            "exp" => "math.exp",
            "log" => "math.log",
            "abs" => "math.absf",
            "ceil" => "math.ceil",
            "floor" => "math.floor",
            "negf" => "arith.negf",
            "round" => "math.round",
            "sqrt" => "math.sqrt",
            "rsqrt" => "math.rsqrt",
            "tanh" => "math.tanh",
            "erf" => "math.erf",
            "square" => return Ok(self.op("arith.mulf", &[a, a], t, &[])),
            "reciprocal" => {
                let one = match *ctx.kind(t) {
                    TypeKind::Float(kind) => ctx.attr(AttrKind::Float { ty: t, bits: ir::float::from_f64(kind, 1.0) }),
                    TypeKind::Integer { .. } | TypeKind::Index => ctx.int_attr(t, 1),
                    _ => return Err("reciprocal needs a float operand".to_string()),
                };
                let value = NamedAttr { name: ctx.intern_str("value"), value: one };
                let c = self.op("arith.constant", &[], t, &[value]);
                return Ok(self.op("arith.divf", &[c, a], t, &[]));
            }
            _ => return Err(format!("unknown unary function '{fun}'")),
        };
        Ok(self.op(name, &[a], t, &[]))
    }

    /// `arith.constant` of `value : i64`, cast to `to` (OpDSL's
    /// `scalar_const` under a `cast_signed`).
    fn i64_const(&mut self, value: i64, to: Type) -> ValueId {
        let ctx = self.ir.ctx_arc().clone();
        let i64_ty = ctx.int_ty(64);
        let attr = NamedAttr { name: ctx.intern_str("value"), value: ctx.int_attr(i64_ty, i128::from(value)) };
        let c = self.op("arith.constant", &[], i64_ty, &[attr]);
        self.cast(to, c, false)
    }

    /// `linalg.index dim` cast to `to`.
    fn index(&mut self, dim: i64, to: Type) -> ValueId {
        let ctx = self.ir.ctx_arc().clone();
        let attr = NamedAttr { name: ctx.intern_str("dim"), value: ctx.int_attr(ctx.int_ty(64), i128::from(dim)) };
        let i = self.op("linalg.index", &[], ctx.index_ty(), &[attr]);
        self.cast(to, i, false)
    }

    /// One step of `fill_rng_2d`'s generator: `(x + seed) * 1103515245 +
    /// 12345` in the seed's type `t`.
    fn lcg(&mut self, x: ValueId, seed: ValueId, t: Type) -> Result<ValueId, String> {
        let sum = self.binary("add", x, seed)?;
        let a = self.i64_const(1_103_515_245, t);
        let m = self.binary("mul", sum, a)?;
        let c = self.i64_const(12_345, t);
        self.binary("add", m, c)
    }

    fn yield_values(&mut self, values: &[ValueId]) {
        super::YieldOp::build(&mut IrBuilder::at(self.ir, InsertPoint::BlockEnd(self.block)), self.loc, values);
    }
}

/// The value of a `#linalg.<mnemonic>` attribute named `attr` among
/// `attrs`, or `default` when absent or of another kind (as upstream's
/// region builders read them).
fn fn_attr<'c>(ctx: &'c Context, attrs: &[NamedAttr], attr: &str, mnemonic: &str, default: &'c str) -> &'c str {
    attrs.iter().find(|a| ctx.str(a.name) == attr).and_then(|a| enum_case(ctx, a.value, mnemonic)).unwrap_or(default)
}

/// Fills `block` (whose arguments are the element types of the operands)
/// with the body of named op `def`, reading its function attributes from
/// `attrs`. Errors name a payload that does not apply to the types
/// (mlir-opt-19 aborts on those).
pub fn build_body(
    ir: &mut Ir,
    block: BlockId,
    def: &NamedDef,
    attrs: &[NamedAttr],
    loc: Location,
) -> Result<(), String> {
    let ctx = ir.ctx_arc().clone();
    let args: Vec<ValueId> = ir.block_args(block).to_vec();
    if args.len() != def.num_args {
        return Err(format!("expects {} region arguments, got {}", def.num_args, args.len()));
    }
    let out_ty = ir.value_type(args[args.len() - 1]);
    // Only the ops that declare a `cast` attribute read it.
    let unsigned =
        def.attrs.contains(&"cast") && fn_attr(&ctx, attrs, "cast", "type_fn", "cast_signed") == "cast_unsigned";
    let mut b = BodyBuilder { ir, block, loc };
    let result = match def.body {
        BodyKind::Contraction => {
            let a = b.cast(out_ty, args[0], unsigned);
            let bb = b.cast(out_ty, args[1], unsigned);
            let m = b.binary("mul", a, bb)?;
            b.binary("add", args[2], m)?
        }
        BodyKind::ReduceContraction => {
            let bb = b.cast(out_ty, args[1], false);
            let m = b.binary("mul", args[0], bb)?;
            let c = b.cast(out_ty, m, false);
            b.binary("add", args[2], c)?
        }
        BodyKind::Fill => b.cast(out_ty, args[0], false),
        BodyKind::Copy => b.cast(out_ty, args[0], unsigned),
        BodyKind::Unary => {
            let fun = fn_attr(&ctx, attrs, "fun", "unary_fn", "exp");
            let a = b.cast(out_ty, args[0], unsigned);
            b.unary(fun, a)?
        }
        BodyKind::Binary => {
            let fun = fn_attr(&ctx, attrs, "fun", "binary_fn", "add");
            let l = b.cast(out_ty, args[0], unsigned);
            let r = b.cast(out_ty, args[1], unsigned);
            b.binary(fun, l, r)?
        }
        BodyKind::UnaryFn(fun) => b.unary(fun, args[0])?,
        BodyKind::BinaryFn(fun) => b.binary(fun, args[0], args[1])?,
        BodyKind::Select => {
            let t = b.ty(args[1]);
            b.op("arith.select", &[args[0], args[1], args[2]], t, &[])
        }
        BodyKind::QuantContraction => {
            let i = b.cast(out_ty, args[0], false);
            let izp = b.cast(out_ty, args[2], false);
            let l = b.binary("sub", i, izp)?;
            let k = b.cast(out_ty, args[1], false);
            let kzp = b.cast(out_ty, args[3], false);
            let r = b.binary("sub", k, kzp)?;
            let m = b.binary("mul", l, r)?;
            b.binary("add", args[4], m)?
        }
        BodyKind::FillRng2D => {
            // OpDSL's type variables `F64` and `I32` are f64 and i32 in
            // mlir-opt-19's builder whatever `min` and `seed` are (other
            // operand types give a body the verifier rejects, as upstream);
            // `T` is the output element type.
            let (min, max, seed) = (args[0], args[1], args[2]);
            let (f, i) = (ctx.float_ty(ir::FloatKind::F64), ctx.int_ty(32));
            let offset = b.i64_const(2_147_483_647, f);
            let i1 = b.index(1, i);
            let i0 = b.index(0, i);
            let inner = b.lcg(i0, seed, i)?;
            let outer = b.lcg(i1, inner, i)?;
            let outer = b.cast(f, outer, false);
            let value = b.binary("add", offset, outer)?;
            let range = b.binary("sub", max, min)?;
            let scale = {
                let f64_ty = ctx.float_ty(ir::FloatKind::F64);
                let bits = ir::float::from_f64(ir::FloatKind::F64, 2.3283064e-10);
                let attr =
                    NamedAttr { name: ctx.intern_str("value"), value: ctx.attr(AttrKind::Float { ty: f64_ty, bits }) };
                let c = b.op("arith.constant", &[], f64_ty, &[attr]);
                b.cast(f, c, false)
            };
            let step = b.binary("mul", range, scale)?;
            let scaled = b.binary("mul", value, step)?;
            let shifted = b.binary("add", scaled, min)?;
            b.cast(out_ty, shifted, false)
        }
        BodyKind::Pool(fun, unsigned) => {
            let i = b.cast(out_ty, args[0], unsigned);
            b.binary(fun, args[2], i)?
        }
    };
    b.yield_values(&[result]);
    Ok(())
}
