//! Compilation of a module into the interpreter's program form: every
//! function body becomes a tree of [`Region`]s whose blocks hold
//! pre-decoded [`Inst`]s over dense per-function value slots, so execution
//! never looks at op names, attributes or hash maps.
//!
//! Ops the interpreter cannot run compile to [`K::Unsupported`], which
//! reports an error only if it is actually executed.

use crate::complex::CxOp;
use crate::value::{Agg, ElemTy, Value};
use dialects::arith::eval::{CmpFPredicate, CmpIPredicate, FloatBinOp, IntBinOp, IntUnaryOp};
use dialects::static_dynamic as sd;
use ir::affine::{AffineExpr, AffineMap};
use ir::{AttrKind, Attribute, Ir, OpId, Type, TypeKind, ValueId, DYNAMIC};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::rc::Rc;

pub use crate::inst::{
    AllocWhere, Block, CastK, FUn, Func, GatherSpec, Global, Inst, Linalg, MapApply, Mixed, MixedOne, Program, Region,
    RelayoutSpec, Reshape, Slot, Slots, Term, K,
};

struct FnCx<'a> {
    ir: &'a Ir,
    slots: FxHashMap<ValueId, Slot>,
    next: Slot,
    funcs: &'a FxHashMap<String, u32>,
    globals: &'a FxHashMap<String, u32>,
}

/// Decodes a constant attribute into a value of type `ty`.
pub fn const_value(ir: &Ir, attr: Attribute, ty: Type) -> Option<Value> {
    let ctx = ir.ctx();
    match ctx.attr_kind(attr) {
        AttrKind::Integer { value: ir::IntValue::Small(v), .. } => {
            let e = ElemTy::of(ctx, ty)?;
            Some(Value::S(crate::value::mask(*v as u64, e.bits())))
        }
        AttrKind::Bool(b) => Some(Value::S(u64::from(*b))),
        AttrKind::Float { bits, .. } => Some(Value::S(*bits as u64)),
        AttrKind::DenseElements { ty: aty, data } => {
            let shape: SmallVec<[i64; 4]> = ctx.shape(*aty)?.iter().copied().collect();
            let e = ElemTy::of(ctx, ctx.element_type(*aty)?)?;
            let n: i64 = shape.iter().product();
            let n = usize::try_from(n).ok()?;
            if let ElemTy::Complex(k) = e {
                // Two parts per element, packed into one word each.
                let pack = |p: &[u128]| crate::complex::from_parts(k, p[0] as u64, p[1] as u64).s();
                let elems: Vec<u64> = data.bits.chunks_exact(2).map(pack).collect();
                let data = match (data.splat, elems.len()) {
                    (true, 1) => vec![elems[0]; n],
                    (false, len) if len == n => elems,
                    _ => return None,
                };
                return Some(Value::A(Rc::new(Agg { shape, data })));
            }
            let conv = |b: u128| crate::value::mask(b as u64, e.bits());
            let data: Vec<u64> = if data.splat {
                vec![conv(*data.bits.first()?); n]
            } else {
                if data.bits.len() != n {
                    return None;
                }
                data.bits.iter().map(|&b| conv(b)).collect()
            };
            Some(Value::A(Rc::new(Agg { shape, data })))
        }
        // `complex.constant`: the two parts.
        AttrKind::Array(parts) => {
            let TypeKind::Complex(e) = ctx.kind(ty) else { return None };
            let TypeKind::Float(k) = ctx.kind(*e) else { return None };
            let bits = |a: Attribute| match ctx.attr_kind(a) {
                AttrKind::Float { bits, .. } => Some(*bits as u64),
                _ => None,
            };
            match &parts[..] {
                [re, im] => Some(crate::complex::from_parts(*k, bits(*re)?, bits(*im)?)),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The value `ub.poison` of type `ty` yields. The interpreter does not
/// track poison (see `exec::scalar::ibin` on over-wide shifts): a poison
/// value is a deterministic one, zero in every element, for scalars and
/// statically shaped vectors and tensors of scalars.
fn poison_value(ir: &Ir, ty: Type) -> Option<Value> {
    let ctx = ir.ctx();
    if ElemTy::of(ctx, ty).is_some() {
        return Some(Value::S(0));
    }
    if !matches!(ctx.kind(ty), TypeKind::Vector { .. } | TypeKind::Tensor { .. }) {
        return None;
    }
    ElemTy::of(ctx, ctx.element_type(ty)?)?;
    let shape: SmallVec<[i64; 4]> = ctx.shape(ty)?.iter().copied().collect();
    if shape.contains(&DYNAMIC) {
        return None;
    }
    let n = usize::try_from(shape.iter().product::<i64>()).ok()?;
    Some(Value::A(Rc::new(Agg { shape, data: vec![0; n] })))
}

fn reassociation(ir: &Ir, op: OpId) -> Option<Vec<Vec<usize>>> {
    let ctx = ir.ctx();
    let a = ir.attr(op, "reassociation")?;
    let mut out = Vec::new();
    for g in ctx.array_value(a)? {
        let mut grp = Vec::new();
        if let Some(arr) = ctx.array_value(*g) {
            for x in arr {
                grp.push(usize::try_from(ctx.int_value(*x)?).ok()?);
            }
        } else {
            grp.extend(ctx.dense_i64_array(*g)?.into_iter().map(|x| x as usize));
        }
        out.push(grp);
    }
    Some(out)
}

fn int_attr(ir: &Ir, op: OpId, name: &str) -> Option<i128> {
    ir.attr(op, name).and_then(|a| ir.ctx().int_value(a))
}

fn affine_map_attr(ir: &Ir, op: OpId, name: &str) -> Option<AffineMap> {
    match ir.ctx().attr_kind(ir.attr(op, name)?) {
        AttrKind::AffineMap(m) => Some(m.clone()),
        _ => None,
    }
}

fn ibin(name: &str) -> Option<IntBinOp> {
    use IntBinOp::*;
    Some(match name {
        "arith.addi" => Add,
        "arith.subi" => Sub,
        "arith.muli" => Mul,
        "arith.divsi" => DivSI,
        "arith.divui" => DivUI,
        "arith.ceildivsi" => CeilDivSI,
        "arith.ceildivui" => CeilDivUI,
        "arith.floordivsi" => FloorDivSI,
        "arith.remsi" => RemSI,
        "arith.remui" => RemUI,
        "arith.andi" => And,
        "arith.ori" => Or,
        "arith.xori" => Xor,
        "arith.shli" => Shl,
        "arith.shrsi" => ShrSI,
        "arith.shrui" => ShrUI,
        "arith.maxsi" => MaxSI,
        "arith.minsi" => MinSI,
        "arith.maxui" => MaxUI,
        "arith.minui" => MinUI,
        "math.ipowi" => IPowI,
        "index.add" => Add,
        "index.sub" => Sub,
        "index.mul" => Mul,
        "index.divs" => DivSI,
        "index.divu" => DivUI,
        "index.ceildivs" => CeilDivSI,
        "index.ceildivu" => CeilDivUI,
        "index.floordivs" => FloorDivSI,
        "index.rems" => RemSI,
        "index.remu" => RemUI,
        "index.maxs" => MaxSI,
        "index.maxu" => MaxUI,
        "index.mins" => MinSI,
        "index.minu" => MinUI,
        "index.shl" => Shl,
        "index.shrs" => ShrSI,
        "index.shru" => ShrUI,
        "index.and" => And,
        "index.or" => Or,
        "index.xor" => Xor,
        _ => return None,
    })
}

fn fbin(name: &str) -> Option<FloatBinOp> {
    use FloatBinOp::*;
    Some(match name {
        "arith.addf" => Add,
        "arith.subf" => Sub,
        "arith.mulf" => Mul,
        "arith.divf" => Div,
        "arith.remf" => Rem,
        "arith.maximumf" => Maximum,
        "arith.minimumf" => Minimum,
        "arith.maxnumf" => MaxNum,
        "arith.minnumf" => MinNum,
        "math.copysign" => CopySign,
        _ => return None,
    })
}

fn fun(name: &str) -> Option<FUn> {
    use FUn::*;
    Some(match name {
        "arith.negf" => Neg,
        "math.absf" => Abs,
        "math.sqrt" => Sqrt,
        "math.rsqrt" => Rsqrt,
        "math.exp" => Exp,
        "math.exp2" => Exp2,
        "math.expm1" => Expm1,
        "math.log" => Log,
        "math.log2" => Log2,
        "math.log10" => Log10,
        "math.log1p" => Log1p,
        "math.sin" => Sin,
        "math.cos" => Cos,
        "math.tan" => Tan,
        "math.tanh" => Tanh,
        "math.sinh" => Sinh,
        "math.cosh" => Cosh,
        "math.asin" => Asin,
        "math.acos" => Acos,
        "math.atan" => Atan,
        "math.asinh" => Asinh,
        "math.acosh" => Acosh,
        "math.atanh" => Atanh,
        "math.erf" => Erf,
        "math.cbrt" => Cbrt,
        "math.floor" => Floor,
        "math.ceil" => Ceil,
        "math.round" => Round,
        "math.roundeven" => RoundEven,
        "math.trunc" => Trunc,
        _ => return None,
    })
}

/// The scalar element type of a (possibly shaped) type.
fn scalar_of(ir: &Ir, t: Type) -> Option<ElemTy> {
    let ctx = ir.ctx();
    // A complex type is itself the scalar (not its parts' type).
    let e = if matches!(ctx.kind(t), TypeKind::Complex(_)) { t } else { ctx.element_type(t).unwrap_or(t) };
    ElemTy::of(ctx, e)
}

impl FnCx<'_> {
    fn slot(&mut self, v: ValueId) -> Slot {
        if let Some(&s) = self.slots.get(&v) {
            return s;
        }
        let s = self.next;
        self.next += 1;
        self.slots.insert(v, s);
        s
    }
    fn slots(&mut self, vs: impl IntoIterator<Item = ValueId>) -> Slots {
        vs.into_iter().map(|v| self.slot(v)).collect()
    }
    fn opnd(&mut self, op: OpId, i: usize) -> Slot {
        let v = self.ir.operand(op, i);
        self.slot(v)
    }
    fn res(&mut self, op: OpId, i: usize) -> Slot {
        let v = self.ir.result(op, i);
        self.slot(v)
    }
    fn all_res(&mut self, op: OpId) -> Slots {
        let rs: Vec<ValueId> = self.ir.results(op).collect();
        self.slots(rs)
    }
    fn mixed(&mut self, op: OpId) -> Mixed {
        match sd::slice_params(self.ir, op) {
            Some(p) => Mixed {
                offsets: p.static_offsets,
                sizes: p.static_sizes,
                strides: p.static_strides,
                d_offsets: self.slots(p.offsets),
                d_sizes: self.slots(p.sizes),
                d_strides: self.slots(p.strides),
            },
            None => Mixed::default(),
        }
    }
    fn mixed_list(&mut self, statics: &[i64], dynamics: &[ValueId]) -> Vec<MixedOne> {
        let mut it = dynamics.iter();
        statics
            .iter()
            .map(|&s| {
                if s == DYNAMIC {
                    match it.next() {
                        Some(&v) => MixedOne::S(self.slot(v)),
                        None => MixedOne::C(0),
                    }
                } else {
                    MixedOne::C(s)
                }
            })
            .collect()
    }

    fn region(&mut self, r: ir::RegionId) -> Region {
        let ir = self.ir;
        let blocks: Vec<ir::BlockId> = ir.region_blocks(r).collect();
        let index: FxHashMap<ir::BlockId, u32> = blocks.iter().enumerate().map(|(i, b)| (*b, i as u32)).collect();
        let mut out = Vec::with_capacity(blocks.len());
        for &b in &blocks {
            let args = self.slots(ir.block_args(b).iter().copied());
            let mut insts = Vec::new();
            let mut term = Term::Bad("block without terminator".into());
            let mut term_op = None;
            for op in ir.block_ops(b) {
                if Some(op) == ir.terminator(b) && ir.has_trait(op, ir::OpTraits::TERMINATOR) {
                    term_op = Some(op);
                    term = self.term(op, &index);
                } else {
                    let k = self.inst(op);
                    insts.push(Inst { op, k });
                }
            }
            out.push(Block { args, insts, term, term_op });
        }
        Region { blocks: out }
    }

    fn term(&mut self, op: OpId, index: &FxHashMap<ir::BlockId, u32>) -> Term {
        let ir = self.ir;
        let name = ir.op_name_str(op);
        let succ = |i: usize| ir.successors(op).get(i).and_then(|b| index.get(b)).copied();
        match name {
            "cf.br" => match succ(0) {
                Some(t) => Term::Br(t, self.slots(ir.operands(op))),
                None => Term::Bad("bad successor".into()),
            },
            "cf.cond_br" => {
                let segs = sd::operand_segments(ir, op, 3).unwrap_or_default();
                let (nt, nf) = (segs.get(1).copied().unwrap_or(0), segs.get(2).copied().unwrap_or(0));
                let ops: Vec<ValueId> = ir.operands(op).collect();
                let (Some(t), Some(f), Some(&c)) = (succ(0), succ(1), ops.first()) else {
                    return Term::Bad("bad successor".into());
                };
                let cond = self.slot(c);
                let targs = self.slots(ops[1..1 + nt].iter().copied());
                let fargs = self.slots(ops[1 + nt..(1 + nt + nf).min(ops.len())].iter().copied());
                Term::CondBr { cond, t, targs, f, fargs }
            }
            "cf.switch" => {
                let ops: Vec<ValueId> = ir.operands(op).collect();
                let Some(&flag_v) = ops.first() else { return Term::Bad("bad switch".into()) };
                let width = ir.ctx().scalar_bit_width(ir.value_type(flag_v)).unwrap_or(64);
                let flag = self.slot(flag_v);
                let seg = sd::operand_segments(ir, op, 3).unwrap_or_default();
                let ndef = seg.get(1).copied().unwrap_or(0);
                let case_sizes: Vec<i64> =
                    ir.attr(op, "case_operand_segments").and_then(|a| ir.ctx().dense_i64_array(a)).unwrap_or_default();
                let case_vals: Vec<i64> = match ir.attr(op, "case_values").map(|a| ir.ctx().attr_kind(a)) {
                    Some(AttrKind::DenseElements { data, .. }) => {
                        data.bits.iter().map(|&b| crate::value::sext(b as u64, width)).collect()
                    }
                    _ => Vec::new(),
                };
                let Some(d) = succ(0) else { return Term::Bad("bad successor".into()) };
                let dargs = self.slots(ops[1..(1 + ndef).min(ops.len())].iter().copied());
                let mut pos = 1 + ndef;
                let mut cases = Vec::new();
                for (i, v) in case_vals.iter().enumerate() {
                    let n = case_sizes.get(i).copied().unwrap_or(0) as usize;
                    let args = self.slots(ops[pos.min(ops.len())..(pos + n).min(ops.len())].iter().copied());
                    pos += n;
                    let Some(t) = succ(i + 1) else { return Term::Bad("bad successor".into()) };
                    cases.push((*v, t, args));
                }
                Term::Switch { flag, width, default: (d, dargs), cases }
            }
            "scf.forall.in_parallel" => Term::Yield(Slots::new()),
            _ => {
                if ir.has_trait(op, ir::OpTraits::RETURN_LIKE)
                    || matches!(
                        name,
                        "scf.yield"
                            | "scf.condition"
                            | "func.return"
                            | "linalg.yield"
                            | "tensor.yield"
                            | "affine.yield"
                            | "memref.alloca_scope.return"
                            | "scf.reduce.return"
                            | "scf.reduce"
                            | "memref.atomic_yield"
                    )
                {
                    Term::Yield(self.slots(ir.operands(op)))
                } else {
                    Term::Bad(format!("unsupported terminator '{name}'"))
                }
            }
        }
    }

    fn inst(&mut self, op: OpId) -> K {
        match self.inst_inner(op) {
            Some(k) => k,
            None => {
                let name = self.ir.op_name_str(op);
                match self.wide_integer(op) {
                    Some(w) => K::Unsupported(format!(
                        "'{name}' on i{w}: integers wider than 64 bits are not supported by the interpreter"
                    )),
                    None => K::Unsupported(format!("unsupported op '{name}'")),
                }
            }
        }
    }

    /// The width of the first integer wider than 64 bits among the
    /// (element) types of `op`'s operands and results.
    fn wide_integer(&self, op: OpId) -> Option<u32> {
        let ir = self.ir;
        let ctx = ir.ctx();
        ir.operands(op).chain(ir.results(op)).find_map(|v| {
            let t = ir.value_type(v);
            match ctx.kind(ctx.element_type(t).unwrap_or(t)) {
                TypeKind::Integer { width, .. } if *width > 64 => Some(*width),
                _ => None,
            }
        })
    }

    fn inst_inner(&mut self, op: OpId) -> Option<K> {
        let ir = self.ir;
        let ctx = ir.ctx();
        let name = ir.op_name_str(op);
        let nres = ir.num_results(op);
        let nops = ir.num_operands(op);
        if let Some(b) = ibin(name) {
            let w = scalar_of(ir, ir.value_type(ir.result(op, 0)))?.bits();
            return Some(K::IBin { op: b, w, r: self.res(op, 0), a: self.opnd(op, 0), b: self.opnd(op, 1) });
        }
        if let Some(b) = fbin(name) {
            let ElemTy::Float(k) = scalar_of(ir, ir.value_type(ir.result(op, 0)))? else { return None };
            return Some(K::FBin { op: b, k, r: self.res(op, 0), a: self.opnd(op, 0), b: self.opnd(op, 1) });
        }
        if let Some(f) = fun(name) {
            let ElemTy::Float(k) = scalar_of(ir, ir.value_type(ir.result(op, 0)))? else { return None };
            return Some(K::FUn { f, k, r: self.res(op, 0), a: self.opnd(op, 0) });
        }
        let res_elem = if nres > 0 { scalar_of(ir, ir.value_type(ir.result(op, 0))) } else { None };
        let opnd_elem = if nops > 0 { scalar_of(ir, ir.value_type(ir.operand(op, 0))) } else { None };
        let cast = |c: CastK| -> Option<(CastK, ElemTy, ElemTy)> { Some((c, opnd_elem?, res_elem?)) };
        let cast_kind = match name {
            "arith.extsi" | "arith.index_cast" | "index.casts" => Some(cast(CastK::SExt)?),
            "arith.extui" | "arith.index_castui" | "index.castu" => Some(cast(CastK::ZExt)?),
            "arith.trunci" => Some(cast(CastK::Trunc)?),
            "arith.sitofp" => Some(cast(CastK::SIToFP)?),
            "arith.uitofp" => Some(cast(CastK::UIToFP)?),
            "arith.fptosi" => Some(cast(CastK::FPToSI)?),
            "arith.fptoui" => Some(cast(CastK::FPToUI)?),
            "arith.extf" | "arith.truncf" => Some(cast(CastK::FConv)?),
            "arith.bitcast" | "tensor.bitcast" | "complex.bitcast" => Some(cast(CastK::Bitcast)?),
            _ => None,
        };
        if let Some((c, from, to)) = cast_kind {
            return Some(K::Cast { c, from, to, r: self.res(op, 0), a: self.opnd(op, 0) });
        }
        if let Some(cx) = CxOp::of(name) {
            // The element kind: of the complex operand, or of `create`'s result.
            let t = if cx == CxOp::Create { ir.value_type(ir.result(op, 0)) } else { ir.value_type(ir.operand(op, 0)) };
            let TypeKind::Complex(e) = ctx.kind(t) else { return None };
            let TypeKind::Float(k) = ctx.kind(*e) else { return None };
            let operands: Vec<ValueId> = ir.operands(op).collect();
            return Some(K::Complex { op: cx, k: *k, r: self.res(op, 0), args: self.slots(operands) });
        }
        Some(match name {
            "arith.constant" | "index.constant" | "index.bool.constant" | "complex.constant" => {
                let v = const_value(ir, ir.attr(op, "value")?, ir.value_type(ir.result(op, 0)))?;
                K::Const { r: self.res(op, 0), v }
            }
            // The interpreter targets 64-bit `index`.
            "index.sizeof" => K::Const { r: self.res(op, 0), v: Value::S(64) },
            "ub.poison" => K::Const { r: self.res(op, 0), v: poison_value(ir, ir.value_type(ir.result(op, 0)))? },
            "index.cmp" => {
                let pred = dialects::index::CmpPredicate::from_attr(ctx, ir.attr(op, "pred")?)?;
                let p = CmpIPredicate::from_value(pred as i128)?;
                K::CmpI { p, w: 64, r: self.res(op, 0), a: self.opnd(op, 0), b: self.opnd(op, 1) }
            }
            "arith.cmpi" => {
                let p = CmpIPredicate::from_value(int_attr(ir, op, "predicate")?)?;
                let w = opnd_elem?.bits();
                K::CmpI { p, w, r: self.res(op, 0), a: self.opnd(op, 0), b: self.opnd(op, 1) }
            }
            "arith.cmpf" => {
                let p = CmpFPredicate::from_value(int_attr(ir, op, "predicate")?)?;
                let ElemTy::Float(k) = opnd_elem? else { return None };
                K::CmpF { p, k, r: self.res(op, 0), a: self.opnd(op, 0), b: self.opnd(op, 1) }
            }
            "arith.select" => {
                K::Select { r: self.res(op, 0), c: self.opnd(op, 0), a: self.opnd(op, 1), b: self.opnd(op, 2) }
            }
            "math.absi" | "math.ctlz" | "math.cttz" | "math.ctpop" => {
                let u = match name {
                    "math.absi" => IntUnaryOp::Abs,
                    "math.ctlz" => IntUnaryOp::CountLeadingZeros,
                    "math.cttz" => IntUnaryOp::CountTrailingZeros,
                    _ => IntUnaryOp::CountOnes,
                };
                K::IUn { op: u, w: res_elem?.bits(), r: self.res(op, 0), a: self.opnd(op, 0) }
            }
            "math.powf" | "math.atan2" => {
                let ElemTy::Float(k) = res_elem? else { return None };
                K::FPow { atan2: name == "math.atan2", k, r: self.res(op, 0), a: self.opnd(op, 0), b: self.opnd(op, 1) }
            }
            "math.fpowi" => {
                let ElemTy::Float(k) = res_elem? else { return None };
                let w = scalar_of(ir, ir.value_type(ir.operand(op, 1)))?.bits();
                K::FPowI { k, w, r: self.res(op, 0), a: self.opnd(op, 0), b: self.opnd(op, 1) }
            }
            "math.fma" | "vector.fma" => {
                let ElemTy::Float(k) = res_elem? else { return None };
                K::Fma { k, r: self.res(op, 0), a: self.opnd(op, 0), b: self.opnd(op, 1), c: self.opnd(op, 2) }
            }
            "func.call" => {
                let callee = ctx.str(ctx.symbol_ref_root(ir.attr(op, "callee")?)?).to_string();
                let args = self.slots(ir.operands(op));
                let res = self.all_res(op);
                match self.funcs.get(&callee) {
                    Some(&f) => K::Call { f, args, res },
                    None => return None,
                }
            }
            "arith.mulsi_extended" | "arith.mului_extended" => K::MulExt {
                signed: name == "arith.mulsi_extended",
                w: res_elem?.bits(),
                lo: self.res(op, 0),
                hi: self.res(op, 1),
                a: self.opnd(op, 0),
                b: self.opnd(op, 1),
            },
            "memref.atomic_rmw" => K::AtomicRmw {
                kind: int_attr(ir, op, "kind")? as i64,
                elem: res_elem?,
                v: self.opnd(op, 0),
                m: self.opnd(op, 1),
                idx: self.slots(ir.operands(op).skip(2)),
                r: self.res(op, 0),
            },
            "memref.generic_atomic_rmw" => {
                let body = self.region(ir.region(op, 0));
                K::GenericAtomic {
                    m: self.opnd(op, 0),
                    idx: self.slots(ir.operands(op).skip(1)),
                    body,
                    r: self.res(op, 0),
                }
            }
            "memref.atomic_yield" => return None,
            "func.constant" => {
                let callee = ctx.str(ctx.symbol_ref_root(ir.attr(op, "value")?)?).to_string();
                K::FuncConst { f: *self.funcs.get(&callee)?, r: self.res(op, 0) }
            }
            "func.call_indirect" => K::CallIndirect {
                callee: self.opnd(op, 0),
                args: self.slots(ir.operands(op).skip(1)),
                res: self.all_res(op),
            },
            "memref.view" => {
                let t = ir.value_type(ir.result(op, 0));
                K::View {
                    src: self.opnd(op, 0),
                    shift: self.opnd(op, 1),
                    elem: res_elem?,
                    shape: ctx.shape(t)?.to_vec(),
                    dyn_sizes: self.slots(ir.operands(op).skip(2)),
                    r: self.res(op, 0),
                }
            }
            "cf.assert" => {
                let msg = ir.attr(op, "msg").and_then(|a| ctx.str_value(a)).unwrap_or("").to_string();
                K::Assert { c: self.opnd(op, 0), msg }
            }
            "scf.for" => {
                let w = scalar_of(ir, ir.value_type(ir.operand(op, 0)))?.bits();
                let inits = self.slots(ir.operands(op).skip(3));
                let body = self.region(ir.region(op, 0));
                K::For {
                    lb: self.opnd(op, 0),
                    ub: self.opnd(op, 1),
                    step: self.opnd(op, 2),
                    w,
                    inits,
                    body,
                    res: self.all_res(op),
                }
            }
            "scf.if" => {
                let then = self.region(ir.region(op, 0));
                let els = ir.regions(op).get(1).filter(|r| !ir.region_is_empty(**r)).map(|&r| self.region(r));
                K::If { c: self.opnd(op, 0), then, els, res: self.all_res(op) }
            }
            "scf.while" => {
                let inits = self.slots(ir.operands(op));
                let before = self.region(ir.region(op, 0));
                let after = self.region(ir.region(op, 1));
                K::While { inits, before, after, res: self.all_res(op) }
            }
            "vector.mask" => self.vector_mask(op),
            "scf.execute_region" | "memref.alloca_scope" => {
                let body = self.region(ir.region(op, 0));
                K::Exec { body, res: self.all_res(op), scope: name == "memref.alloca_scope" }
            }
            "scf.index_switch" => {
                let cases = ir.attr(op, "cases").and_then(|a| ctx.dense_i64_array(a)).unwrap_or_default();
                let regions = ir.regions(op).to_vec().into_iter().map(|r| self.region(r)).collect();
                K::IndexSwitch { arg: self.opnd(op, 0), cases, regions, res: self.all_res(op) }
            }
            "scf.forall" => {
                let ops: Vec<ValueId> = ir.operands(op).collect();
                let st = |n: &str| ir.attr(op, n).and_then(|a| ctx.dense_i64_array(a));
                let ubs_s = st("staticUpperBound")?;
                let rank = ubs_s.len();
                let lbs_s = st("staticLowerBound").unwrap_or_else(|| vec![0; rank]);
                let steps_s = st("staticStep").unwrap_or_else(|| vec![1; rank]);
                let segs = sd::operand_segments(ir, op, 4)?;
                let mut pos = 0;
                let mut grp = |n: usize| {
                    let g = ops[pos..pos + n].to_vec();
                    pos += n;
                    g
                };
                let (dl, du, ds, outs) = (grp(segs[0]), grp(segs[1]), grp(segs[2]), grp(segs[3]));
                let lbs = self.mixed_list(&lbs_s, &dl);
                let ubs = self.mixed_list(&ubs_s, &du);
                let steps = self.mixed_list(&steps_s, &ds);
                let outs = self.slots(outs);
                let body_r = ir.region(op, 0);
                let body = self.region(body_r);
                let mut inserts = Vec::new();
                let term = ir.entry_block(body_r).and_then(|b| ir.terminator(b));
                if let Some(t) = term.filter(|t| ir.is_op(*t, "scf.forall.in_parallel")) {
                    for &r in ir.regions(t) {
                        for b in ir.region_blocks(r) {
                            for o in ir.block_ops(b) {
                                let k = self.inst(o);
                                inserts.push(Inst { op: o, k });
                            }
                        }
                    }
                }
                K::Forall { lbs, ubs, steps, outs, body, inserts, res: self.all_res(op) }
            }
            "scf.parallel" => {
                let segs = sd::operand_segments(ir, op, 4)?;
                let ops: Vec<ValueId> = ir.operands(op).collect();
                let mut pos = 0;
                let mut grp = |n: usize| {
                    let g = ops[pos..pos + n].to_vec();
                    pos += n;
                    g
                };
                let (l, u, s, i) = (grp(segs[0]), grp(segs[1]), grp(segs[2]), grp(segs[3]));
                let body_r = ir.region(op, 0);
                let mut reducers = Vec::new();
                if let Some(b) = ir.entry_block(body_r) {
                    if let Some(t) = ir.terminator(b) {
                        if ir.is_op(t, "scf.reduce") {
                            for &r in ir.regions(t) {
                                reducers.push(self.region(r));
                            }
                        }
                    }
                }
                let body = self.region(body_r);
                K::Parallel {
                    lbs: self.slots(l),
                    ubs: self.slots(u),
                    steps: self.slots(s),
                    inits: self.slots(i),
                    body,
                    reducers,
                    res: self.all_res(op),
                }
            }
            "memref.alloc" | "memref.alloca" => {
                let t = ir.value_type(ir.result(op, 0));
                let shape = ctx.shape(t)?.to_vec();
                let elem = scalar_of(ir, t)?;
                let dyn_sizes = self.slots(sd::segment_values(ir, op, 2, 0));
                let layout =
                    if ctx.memref_layout(t).is_some() { dialects::layout::strides_and_offset(ctx, t) } else { None };
                let at = if name == "memref.alloc" { AllocWhere::Heap } else { AllocWhere::Stack };
                K::Alloc { at, elem, shape, dyn_sizes, layout, r: self.res(op, 0) }
            }
            "memref.dealloc" => K::Dealloc { m: self.opnd(op, 0) },
            "memref.realloc" => {
                let t = ir.value_type(ir.result(op, 0));
                let static_size = ctx.shape(t)?.first().copied().unwrap_or(DYNAMIC);
                let size = if nops > 1 { Some(self.opnd(op, 1)) } else { None };
                K::Realloc { m: self.opnd(op, 0), elem: res_elem?, size, static_size, r: self.res(op, 0) }
            }
            "memref.load" => {
                K::Load { m: self.opnd(op, 0), idx: self.slots(ir.operands(op).skip(1)), r: self.res(op, 0) }
            }
            "memref.store" => {
                K::Store { v: self.opnd(op, 0), m: self.opnd(op, 1), idx: self.slots(ir.operands(op).skip(2)) }
            }
            "memref.subview" | "memref.reinterpret_cast" => {
                let mixed = self.mixed(op);
                let res_shape = ctx.shape(ir.value_type(ir.result(op, 0)))?.to_vec();
                K::SubView {
                    src: self.opnd(op, 0),
                    mixed,
                    res_shape,
                    reinterpret: name == "memref.reinterpret_cast",
                    r: self.res(op, 0),
                }
            }
            "memref.cast" | "memref.memory_space_cast" | "memref.assume_alignment" => {
                if nres == 0 {
                    return Some(K::Move { src: self.opnd(op, 0), r: self.opnd(op, 0) });
                }
                K::Alias { src: self.opnd(op, 0), r: self.res(op, 0) }
            }
            "memref.collapse_shape" => K::MemReshape {
                src: self.opnd(op, 0),
                how: Reshape::Collapse(reassociation(ir, op)?),
                r: self.res(op, 0),
            },
            "memref.expand_shape" => {
                let groups = reassociation(ir, op)?;
                let st = sd::i64_array(ir, op, "static_output_shape");
                let dynv: Vec<ValueId> = ir.operands(op).skip(1).collect();
                let d = self.slots(dynv);
                K::MemReshape { src: self.opnd(op, 0), how: Reshape::Expand(groups, st, d), r: self.res(op, 0) }
            }
            "memref.reshape" => K::MemReshapeDyn { src: self.opnd(op, 0), shape: self.opnd(op, 1), r: self.res(op, 0) },
            "memref.transpose" => {
                let AttrKind::AffineMap(m) = ctx.attr_kind(ir.attr(op, "permutation")?) else { return None };
                let perm = m_results_dims(m)?;
                K::Transpose { src: self.opnd(op, 0), perm, r: self.res(op, 0) }
            }
            "memref.copy" => K::Copy { src: self.opnd(op, 0), dst: self.opnd(op, 1), elem_bytes: opnd_elem?.bytes() },
            "memref.get_global" => {
                let n = ctx.str(ctx.symbol_ref_root(ir.attr(op, "name")?)?);
                K::GetGlobal { g: *self.globals.get(n)?, r: self.res(op, 0) }
            }
            "memref.dim" | "tensor.dim" => K::Dim { src: self.opnd(op, 0), d: self.opnd(op, 1), r: self.res(op, 0) },
            "memref.rank" | "tensor.rank" => K::Rank { src: self.opnd(op, 0), r: self.res(op, 0) },
            "memref.extract_strided_metadata" => K::Metadata { src: self.opnd(op, 0), res: self.all_res(op) },
            "memref.extract_aligned_pointer_as_index" => K::AlignedPtr { src: self.opnd(op, 0), r: self.res(op, 0) },
            "bufferization.to_memref" => {
                let t = ir.value_type(ir.result(op, 0));
                let layout = if ctx.memref_layout(t).is_some() {
                    dialects::layout::strides_and_offset(ctx, t)
                        .filter(|(st, off)| !st.contains(&DYNAMIC) && *off != DYNAMIC && *off >= 0)
                } else {
                    None
                };
                K::ToMemref { src: self.opnd(op, 0), elem: res_elem?, layout, r: self.res(op, 0) }
            }
            "bufferization.to_tensor" => K::ToTensor { src: self.opnd(op, 0), r: self.res(op, 0) },
            "bufferization.clone" => K::Clone { src: self.opnd(op, 0), elem: res_elem?, r: self.res(op, 0) },
            "bufferization.alloc_tensor" => {
                let t = ir.value_type(ir.result(op, 0));
                let shape = ctx.shape(t)?.to_vec();
                let segs = sd::operand_segments(ir, op, 3).unwrap_or_else(|| vec![nops, 0, 0]);
                let ops: Vec<ValueId> = ir.operands(op).collect();
                let dyn_sizes = self.slots(ops[..segs[0]].iter().copied());
                let copy = if segs.get(1).copied().unwrap_or(0) > 0 { Some(self.slot(ops[segs[0]])) } else { None };
                K::EmptyTensor { shape, dyn_sizes, copy, r: self.res(op, 0) }
            }
            "tensor.empty" => {
                let t = ir.value_type(ir.result(op, 0));
                let shape = ctx.shape(t)?.to_vec();
                K::EmptyTensor { shape, dyn_sizes: self.slots(ir.operands(op)), copy: None, r: self.res(op, 0) }
            }
            "bufferization.materialize_in_destination" => {
                let r = if nres > 0 { Some(self.res(op, 0)) } else { None };
                K::Materialize { src: self.opnd(op, 0), dst: self.opnd(op, 1), elem_bytes: opnd_elem?.bytes(), r }
            }
            "bufferization.dealloc" => {
                let segs = sd::operand_segments(ir, op, 3)?;
                let ops: Vec<ValueId> = ir.operands(op).collect();
                let memrefs = self.slots(ops[..segs[0]].iter().copied());
                let conds = self.slots(ops[segs[0]..segs[0] + segs[1]].iter().copied());
                let retained = self.slots(ops[segs[0] + segs[1]..].iter().copied());
                K::BufDealloc { memrefs, conds, retained, res: self.all_res(op) }
            }
            "tensor.extract" | "vector.extractelement" => {
                K::Extract { src: self.opnd(op, 0), idx: self.slots(ir.operands(op).skip(1)), r: self.res(op, 0) }
            }
            "tensor.insert" | "vector.insertelement" => K::Insert {
                v: self.opnd(op, 0),
                dst: self.opnd(op, 1),
                idx: self.slots(ir.operands(op).skip(2)),
                r: self.res(op, 0),
            },
            "tensor.extract_slice" => {
                let mixed = self.mixed(op);
                let res_shape = ctx.shape(ir.value_type(ir.result(op, 0)))?.to_vec();
                K::ExtractSlice { src: self.opnd(op, 0), mixed, res_shape, r: self.res(op, 0) }
            }
            "tensor.insert_slice" => {
                let mixed = self.mixed(op);
                K::InsertSlice { src: self.opnd(op, 0), dst: self.opnd(op, 1), mixed, r: self.res(op, 0) }
            }
            "tensor.parallel_insert_slice" => {
                let mixed = self.mixed(op);
                let dst = self.opnd(op, 1);
                K::InsertSlice { src: self.opnd(op, 0), dst, mixed, r: dst }
            }
            "tensor.from_elements" => {
                let shape = ctx.shape(ir.value_type(ir.result(op, 0)))?.to_vec();
                K::FromElements { elems: self.slots(ir.operands(op)), shape, r: self.res(op, 0) }
            }
            "tensor.splat" | "vector.splat" => {
                let shape = ctx.shape(ir.value_type(ir.result(op, 0)))?.to_vec();
                K::Splat {
                    v: self.opnd(op, 0),
                    shape,
                    dyn_sizes: self.slots(ir.operands(op).skip(1)),
                    r: self.res(op, 0),
                }
            }
            "vector.broadcast" => {
                let shape = ctx.shape(ir.value_type(ir.result(op, 0)))?.to_vec();
                if ctx.shape(ir.value_type(ir.operand(op, 0))).is_some() {
                    K::VBroadcast { v: self.opnd(op, 0), shape, r: self.res(op, 0) }
                } else {
                    K::Splat { v: self.opnd(op, 0), shape, dyn_sizes: Slots::new(), r: self.res(op, 0) }
                }
            }
            "tensor.generate" => {
                let shape = ctx.shape(ir.value_type(ir.result(op, 0)))?.to_vec();
                let dyn_sizes = self.slots(ir.operands(op));
                let body = self.region(ir.region(op, 0));
                K::Generate { shape, dyn_sizes, body, r: self.res(op, 0) }
            }
            "tensor.cast" => K::Move { src: self.opnd(op, 0), r: self.res(op, 0) },
            "tensor.collapse_shape" | "tensor.expand_shape" | "tensor.reshape" => {
                let shape = ctx.shape(ir.value_type(ir.result(op, 0)))?.to_vec();
                let (dyn_sizes, from, groups) = match name {
                    "tensor.expand_shape" => (self.slots(ir.operands(op).skip(1)), None, None),
                    "tensor.reshape" => (Slots::new(), Some(self.opnd(op, 1)), None),
                    _ => (Slots::new(), None, Some(reassociation(ir, op)?)),
                };
                K::TensorReshape { src: self.opnd(op, 0), shape, dyn_sizes, from, groups, r: self.res(op, 0) }
            }
            "tensor.pad" => {
                let lo = sd::i64_array(ir, op, "static_low");
                let hi = sd::i64_array(ir, op, "static_high");
                let segs = sd::operand_segments(ir, op, 3)?;
                let ops: Vec<ValueId> = ir.operands(op).collect();
                let low = self.mixed_list(&lo, &ops[segs[0]..segs[0] + segs[1]]);
                let high = self.mixed_list(&hi, &ops[segs[0] + segs[1]..]);
                let body = self.region(ir.region(op, 0));
                K::Pad { src: self.opnd(op, 0), low, high, body, r: self.res(op, 0) }
            }
            "tensor.pack" | "tensor.unpack" => {
                let r = dialects::tensor::Relayout::cast(ir, op)?;
                let to_usize = |v: Vec<i64>| v.into_iter().map(usize::try_from).collect::<Result<Vec<_>, _>>().ok();
                let pad = match r {
                    dialects::tensor::Relayout::Pack(p) => p.padding_value(ir),
                    dialects::tensor::Relayout::UnPack(_) => None,
                };
                let tiles = self.mixed_list(&r.static_inner_tiles(ir), &r.inner_tiles(ir));
                K::Relayout(Box::new(RelayoutSpec {
                    pack: name == "tensor.pack",
                    src: self.slot(r.source(ir)),
                    dest: self.slot(r.dest(ir)),
                    pad: pad.map(|p| self.slot(p)),
                    inner: to_usize(r.inner_dims_pos(ir))?,
                    outer: to_usize(r.outer_dims_perm(ir))?.into_iter().collect(),
                    tiles,
                    r: self.res(op, 0),
                }))
            }
            "tensor.gather" | "tensor.scatter" => {
                let scatter = name == "tensor.scatter";
                let attr = if scatter { "scatter_dims" } else { "gather_dims" };
                let dims =
                    sd::i64_array(ir, op, attr).into_iter().map(usize::try_from).collect::<Result<Vec<_>, _>>().ok()?;
                let idx = ir.operand(op, if scatter { 2 } else { 1 });
                let index_bits = ElemTy::of(ctx, ctx.element_type(ir.value_type(idx))?)?.bits();
                let src_rank = ctx.shape(ir.value_type(ir.operand(op, 0)))?.len();
                let res_rank = ctx.shape(ir.value_type(ir.result(op, 0)))?.len();
                K::TensorGather(Box::new(GatherSpec {
                    src: self.opnd(op, 0),
                    dest: if scatter { Some(self.opnd(op, 1)) } else { None },
                    indices: self.slot(idx),
                    index_bits,
                    rank_reduced: !scatter && res_rank < src_rank + ctx.shape(ir.value_type(idx))?.len() - 1,
                    dims,
                    r: self.res(op, 0),
                }))
            }
            "memref.prefetch" | "bufferization.dealloc_tensor" => K::Nop,
            "tensor.concat" => K::Concat {
                srcs: self.slots(ir.operands(op)),
                dim: int_attr(ir, op, "dim")? as usize,
                r: self.res(op, 0),
            },
            "arith.addui_extended" => K::AddExt {
                w: res_elem?.bits(),
                sum: self.res(op, 0),
                carry: self.res(op, 1),
                a: self.opnd(op, 0),
                b: self.opnd(op, 1),
            },
            "vector.create_mask" | "vector.constant_mask" => {
                let shape = ctx.shape(ir.value_type(ir.result(op, 0)))?.to_vec();
                let sizes = if name == "vector.constant_mask" {
                    let a = ir.attr(op, "mask_dim_sizes")?;
                    let v = ctx.array_value(a)?;
                    v.iter().map(|&e| ctx.int_value(e).map(|x| MixedOne::C(x as i64))).collect::<Option<_>>()?
                } else {
                    ir.operands(op).collect::<Vec<_>>().into_iter().map(|v| MixedOne::S(self.slot(v))).collect()
                };
                K::Mask { sizes, shape, r: self.res(op, 0) }
            }
            "affine.parallel" => {
                let b = dialects::affine_ops::parallel_bounds(ir, op)?;
                let nl = b.lower_map.num_inputs();
                if b.operands.len() < nl {
                    return None;
                }
                let lb = MapApply { map: b.lower_map, operands: self.slots(b.operands[..nl].iter().copied()) };
                let ub = MapApply { map: b.upper_map, operands: self.slots(b.operands[nl..].iter().copied()) };
                let mut reductions = Vec::new();
                for (i, kind) in b.reductions.iter().enumerate() {
                    let k = dialects::affine_ops::ATOMIC_RMW_KINDS.iter().position(|x| x == kind)? as i64;
                    reductions.push((k, scalar_of(ir, ir.value_type(ir.result(op, i)))?));
                }
                let body = self.region(ir.region(op, 0));
                K::AffineParallel {
                    lb,
                    lb_groups: b.lower_groups,
                    ub,
                    ub_groups: b.upper_groups,
                    steps: b.steps,
                    reductions,
                    body,
                    res: self.all_res(op),
                }
            }
            "linalg.index" => K::LinalgIndex { dim: int_attr(ir, op, "dim")? as usize, r: self.res(op, 0) },
            "vector.print" => {
                let punct = ir.attr(op, "punctuation").and_then(|a| punctuation_keyword(ir, a));
                if let Some(s) = ir.attr(op, "stringLiteral").and_then(|a| ctx.str_value(a)) {
                    return Some(K::VPrintStr(s.to_string()));
                }
                if nops == 0 {
                    K::VPrint { v: None, elem: None, punct }
                } else {
                    K::VPrint { v: Some(self.opnd(op, 0)), elem: opnd_elem, punct }
                }
            }
            "vector.extract" | "vector.insert" => {
                let st = sd::i64_array(ir, op, "static_position");
                let is_ins = name == "vector.insert";
                let skip = if is_ins { 2 } else { 1 };
                let dynv: Vec<ValueId> = ir.operands(op).skip(skip).collect();
                let pos = self.mixed_list(&st, &dynv);
                if is_ins {
                    K::VInsert { v: self.opnd(op, 0), dst: self.opnd(op, 1), pos, r: self.res(op, 0) }
                } else {
                    K::VExtract { v: self.opnd(op, 0), pos, r: self.res(op, 0) }
                }
            }
            "vector.transfer_read" => {
                let segs = sd::operand_segments(ir, op, 4)?;
                let ops: Vec<ValueId> = ir.operands(op).collect();
                let idx = self.slots(ops[1..1 + segs[1]].iter().copied());
                let pad = self.slot(ops[1 + segs[1]]);
                let mask = ops.get(1 + segs[1] + segs[2]).filter(|_| segs[3] == 1).map(|&v| self.slot(v));
                let map = affine_map_attr(ir, op, "permutation_map")?;
                let shape = ctx.shape(ir.value_type(ir.result(op, 0)))?.to_vec();
                K::TransferRead { src: self.opnd(op, 0), idx, pad, mask, pass: None, map, shape, r: self.res(op, 0) }
            }
            "vector.transfer_write" => {
                let segs = sd::operand_segments(ir, op, 4)?;
                let ops: Vec<ValueId> = ir.operands(op).collect();
                let idx = self.slots(ops[2..2 + segs[2]].iter().copied());
                let mask = ops.get(2 + segs[2]).filter(|_| segs[3] == 1).map(|&v| self.slot(v));
                let map = affine_map_attr(ir, op, "permutation_map")?;
                let r = if nres > 0 { Some(self.res(op, 0)) } else { None };
                K::TransferWrite { v: self.opnd(op, 0), dst: self.opnd(op, 1), idx, mask, map, r }
            }
            "vector.gather" => {
                if nops < 4 {
                    return None;
                }
                let idx = self.slots(ir.operands(op).take(nops - 3).skip(1));
                let (index_vec, mask, pass_thru) =
                    (self.opnd(op, nops - 3), self.opnd(op, nops - 2), self.opnd(op, nops - 1));
                let width = scalar_of(ir, ir.value_type(ir.operand(op, nops - 3)))?.bits();
                K::Gather {
                    base: self.opnd(op, 0),
                    idx,
                    index_vec,
                    width,
                    mask,
                    pass_thru: Some(pass_thru),
                    r: self.res(op, 0),
                }
            }
            "linalg.softmax" => {
                let s = dialects::linalg::SoftmaxOp(op);
                let ElemTy::Float(k) = scalar_of(ir, ir.value_type(s.input(ir)))? else { return None };
                let dim = usize::try_from(s.dimension(ir)?).ok()?;
                let r = if nres > 0 { Some(self.res(op, 0)) } else { None };
                K::Softmax { input: self.opnd(op, 0), output: self.opnd(op, 1), dim, k, r }
            }
            "vector.reduction" => {
                let kind = match ctx.attr_kind(ir.attr(op, "kind")?) {
                    AttrKind::Opaque { body, .. } => {
                        let b = ctx.str(*body);
                        b.strip_prefix("kind<").and_then(|x| x.strip_suffix('>')).unwrap_or(b).to_string()
                    }
                    _ => return None,
                };
                let acc = if nops > 1 { Some(self.opnd(op, 1)) } else { None };
                K::VReduce { kind, elem: res_elem?, v: self.opnd(op, 0), acc, mask: None, r: self.res(op, 0) }
            }
            "vector.load" => {
                let shape = ctx.shape(ir.value_type(ir.result(op, 0)))?.to_vec();
                K::VLoad { m: self.opnd(op, 0), idx: self.slots(ir.operands(op).skip(1)), shape, r: self.res(op, 0) }
            }
            "vector.store" => {
                K::VStore { v: self.opnd(op, 0), m: self.opnd(op, 1), idx: self.slots(ir.operands(op).skip(2)) }
            }
            "affine.apply" => {
                let map = affine_map_attr(ir, op, "map")?;
                K::AffineApply { m: MapApply { map, operands: self.slots(ir.operands(op)) }, r: self.res(op, 0) }
            }
            "affine.min" | "affine.max" => {
                let map = affine_map_attr(ir, op, "map")?;
                K::AffineMinMax {
                    m: MapApply { map, operands: self.slots(ir.operands(op)) },
                    max: name == "affine.max",
                    r: self.res(op, 0),
                }
            }
            "affine.load" => {
                let map = affine_map_attr(ir, op, "map")?;
                let operands = self.slots(ir.operands(op).skip(1));
                K::AffineMem { m: MapApply { map, operands }, mem: self.opnd(op, 0), val: None, r: self.res(op, 0) }
            }
            "affine.store" => {
                let map = affine_map_attr(ir, op, "map")?;
                let operands = self.slots(ir.operands(op).skip(2));
                K::AffineMem { m: MapApply { map, operands }, mem: self.opnd(op, 1), val: Some(self.opnd(op, 0)), r: 0 }
            }
            "affine.for" => {
                let lbm = affine_map_attr(ir, op, "lowerBoundMap")?;
                let ubm = affine_map_attr(ir, op, "upperBoundMap")?;
                let step = int_attr(ir, op, "step")? as i64;
                let ops: Vec<ValueId> = ir.operands(op).collect();
                let (nl, nu) = match sd::operand_segments(ir, op, 3) {
                    Some(s) => (s[0], s[1]),
                    None => (lbm.num_inputs(), ubm.num_inputs()),
                };
                let lb = MapApply { map: lbm, operands: self.slots(ops[..nl].iter().copied()) };
                let ub = MapApply { map: ubm, operands: self.slots(ops[nl..nl + nu].iter().copied()) };
                let inits = self.slots(ops[nl + nu..].iter().copied());
                let body = self.region(ir.region(op, 0));
                K::AffineFor { lb, ub, step, inits, body, res: self.all_res(op) }
            }
            "affine.if" => {
                let AttrKind::IntegerSet(set) = ctx.attr_kind(ir.attr(op, "condition")?) else { return None };
                let set = set.clone();
                let operands = self.slots(ir.operands(op));
                let then = self.region(ir.region(op, 0));
                let els = ir.regions(op).get(1).filter(|r| !ir.region_is_empty(**r)).map(|&r| self.region(r));
                K::AffineIf { set, operands, then, els, res: self.all_res(op) }
            }
            _ => {
                if let Some(info) = dialects::linalg::structured_info(ir, op) {
                    return self.linalg(op, info);
                }
                return None;
            }
        })
    }

    /// `vector.mask` (MLIR's `MaskingOpInterface`): its region runs once, and
    /// the transfer it masks takes its mask (and a read its passthru for
    /// the masked-off lanes); a masked `vector.reduction` combines only the
    /// active lanes, and a masked `vector.gather` takes the mask and the
    /// passthru (zeros without one) in place of its own, as upstream lowers
    /// them. Other masked ops are not supported yet.
    fn vector_mask(&mut self, op: OpId) -> K {
        let ir = self.ir;
        let m = dialects::vector::MaskOp(op);
        let mask_slot = self.slot(m.mask(ir));
        let passthru = m.passthru(ir).map(|v| self.slot(v));
        let masked = dialects::vector::masked_op(ir, m);
        let mut body = self.region(ir.region(op, 0));
        if let Some(masked) = masked {
            let inst = body.blocks.first_mut().and_then(|b| b.insts.first_mut());
            match inst.map(|i| &mut i.k) {
                Some(K::TransferRead { mask: mask @ None, pass, .. }) => {
                    *mask = Some(mask_slot);
                    *pass = passthru;
                }
                Some(K::TransferWrite { mask: mask @ None, .. }) if passthru.is_none() => *mask = Some(mask_slot),
                Some(K::VReduce { mask: mask @ None, .. }) if passthru.is_none() => *mask = Some(mask_slot),
                Some(K::Gather { mask, pass_thru, .. }) => {
                    *mask = mask_slot;
                    *pass_thru = passthru;
                }
                _ => {
                    let name = ir.op_name_str(masked);
                    return K::Unsupported(format!("'vector.mask' of '{name}' is not supported by the interpreter"));
                }
            }
        }
        K::Exec { body, res: self.all_res(op), scope: false }
    }

    fn linalg(&mut self, op: OpId, info: dialects::linalg::StructuredInfo) -> Option<K> {
        let ir = self.ir;
        let ctx = ir.ctx();
        let n = info.num_inputs + info.num_outputs;
        let ops: Vec<ValueId> = ir.operands(op).take(n).collect();
        if ops.len() != n || info.indexing_maps.len() != n {
            return None;
        }
        let mut elems = Vec::new();
        let mut is_tensor = Vec::new();
        for &v in &ops {
            let t = ir.value_type(v);
            elems.push(scalar_of(ir, t)?);
            is_tensor.push(ctx.is_tensor(t) || ctx.shape(t).is_none());
        }
        let operands = self.slots(ops);
        let body_r = *ir.regions(op).first()?;
        let arg_used = match ir.entry_block(body_r) {
            Some(b) => ir.block_args(b).iter().map(|&a| ir.has_uses(a)).collect(),
            None => Vec::new(),
        };
        let body = self.region(body_r);
        let num_loops = info.iterators.len();
        Some(K::Linalg(Box::new(Linalg {
            operands,
            elems,
            is_tensor,
            num_inputs: info.num_inputs,
            maps: info.indexing_maps,
            num_loops,
            body,
            res: self.all_res(op),
            is_copy: ir.is_op(op, "linalg.copy"),
            arg_used,
        })))
    }
}

/// The keyword of a `#vector.punctuation<...>` attribute.
fn punctuation_keyword(ir: &Ir, a: Attribute) -> Option<String> {
    let ctx = ir.ctx();
    match ctx.attr_kind(a) {
        AttrKind::Opaque { body, .. } => {
            let b = ctx.str(*body);
            let inner = b.split_once('<').map(|(_, r)| r.trim_end_matches('>')).unwrap_or(b);
            Some(inner.trim().to_string())
        }
        AttrKind::Integer { .. } => {
            let v = ctx.int_value(a)?;
            Some(["newline", "no_punctuation", "comma", "open", "close"].get(v as usize)?.to_string())
        }
        _ => None,
    }
}

fn m_results_dims(m: &AffineMap) -> Option<Vec<usize>> {
    (0..m.num_results()).map(|i| m.result(i).and_then(AffineExpr::as_dim)).collect()
}

/// Compiles every function and global of the module under `top`.
pub fn compile(ir: &Ir, top: OpId) -> Program {
    let ctx = ir.ctx();
    let mut prog = Program::default();
    let mut funcs: Vec<OpId> = Vec::new();
    let mut gmap: FxHashMap<String, u32> = FxHashMap::default();
    let mut stack: Vec<OpId> = vec![top];
    // Collect functions and globals of every nested symbol table under `top`.
    while let Some(o) = stack.pop() {
        for &r in ir.regions(o) {
            for b in ir.region_blocks(r) {
                for op in ir.block_ops(b) {
                    match ir.op_name_str(op) {
                        "func.func" => funcs.push(op),
                        "memref.global" => {
                            let Some(name) = ir.attr(op, "sym_name").and_then(|a| ctx.str_value(a)) else { continue };
                            let Some(t) = ir.attr(op, "type").and_then(|a| ctx.type_value(a)) else { continue };
                            let (Some(shape), Some(elem)) = (ctx.shape(t), scalar_of(ir, t)) else { continue };
                            let init = ir.attr(op, "initial_value").and_then(|a| match const_value(ir, a, t) {
                                Some(Value::A(agg)) => Some(agg.data.clone()),
                                _ => None,
                            });
                            gmap.insert(name.to_string(), prog.globals.len() as u32);
                            prog.globals.push(Global {
                                name: name.to_string(),
                                op,
                                elem,
                                shape: shape.to_vec(),
                                init,
                                constant: ir.attr(op, "constant").is_some(),
                            });
                        }
                        "builtin.module" => stack.push(op),
                        _ => {}
                    }
                }
            }
        }
    }
    for (i, &f) in funcs.iter().enumerate() {
        if let Some(n) = ir.attr(f, "sym_name").and_then(|a| ctx.str_value(a)) {
            prog.by_name.insert(n.to_string(), i as u32);
        }
    }
    for &f in &funcs {
        let name = ir.attr(f, "sym_name").and_then(|a| ctx.str_value(a)).unwrap_or("").to_string();
        let fty = ir.attr(f, "function_type").and_then(|a| ctx.type_value(a));
        let (arg_tys, res_tys) = match fty.and_then(|t| ctx.function_sig(t)) {
            Some((i, r)) => (i.to_vec(), r.to_vec()),
            None => (Vec::new(), Vec::new()),
        };
        let mut cx = FnCx { ir, slots: FxHashMap::default(), next: 0, funcs: &prog.by_name, globals: &gmap };
        let body = match ir.regions(f).first() {
            Some(&r) if !ir.region_is_empty(r) => Some(cx.region(r)),
            _ => None,
        };
        let nslots = cx.next;
        prog.funcs.push(Func { name, op: f, arg_tys, res_tys, body, nslots });
    }
    // Calls to declarations become external calls.
    let decls: FxHashMap<u32, (String, Vec<Type>)> = prog
        .funcs
        .iter()
        .enumerate()
        .filter(|(_, f)| f.body.is_none())
        .map(|(i, f)| (i as u32, (f.name.clone(), f.arg_tys.clone())))
        .collect();
    if !decls.is_empty() {
        for f in &mut prog.funcs {
            if let Some(b) = &mut f.body {
                externalize(b, &decls);
            }
        }
    }
    prog
}

fn externalize(r: &mut Region, decls: &FxHashMap<u32, (String, Vec<Type>)>) {
    for b in &mut r.blocks {
        for i in &mut b.insts {
            if let K::Call { f, args, res } = &mut i.k {
                if let Some((name, tys)) = decls.get(f) {
                    i.k = K::CallExt {
                        name: name.clone(),
                        args: std::mem::take(args),
                        tys: tys.clone(),
                        res: std::mem::take(res),
                    };
                }
                continue;
            }
            for_each_region_mut(&mut i.k, &mut |r| externalize(r, decls));
        }
    }
}

/// Calls `f` on every nested region of an instruction.
pub fn for_each_region_mut(k: &mut K, f: &mut impl FnMut(&mut Region)) {
    match k {
        K::For { body, .. }
        | K::Exec { body, .. }
        | K::Forall { body, .. }
        | K::Generate { body, .. }
        | K::Pad { body, .. }
        | K::AffineFor { body, .. }
        | K::GenericAtomic { body, .. }
        | K::AffineParallel { body, .. } => f(body),
        K::Parallel { body, reducers, .. } => {
            f(body);
            reducers.iter_mut().for_each(f);
        }
        K::If { then, els, .. } | K::AffineIf { then, els, .. } => {
            f(then);
            if let Some(e) = els {
                f(e);
            }
        }
        K::While { before, after, .. } => {
            f(before);
            f(after);
        }
        K::IndexSwitch { regions, .. } => regions.iter_mut().for_each(f),
        K::Linalg(l) => f(&mut l.body),
        _ => {}
    }
}
