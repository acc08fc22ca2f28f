//! The executor: runs a compiled [`Program`] on a [`Heap`], one frame of
//! value slots per call, and turns memory faults and other runtime errors
//! into diagnostics at the faulting op (with notes at the allocation and
//! free sites).

use crate::compile::{AllocWhere, Inst, Linalg, MapApply, Mixed, MixedOne, Program, Region, Reshape, Slot, Term, K};
use crate::heap::{AllocKind, Heap, MemError, ReadInit};
use crate::runner_utils::{self, RtArg, RtMemref, RtScalar};
use crate::value::{mask, row_major_strides, sext, Agg, ElemTy, MemRef, Value};
use dialects::arith::eval::{self as ev, FloatBinOp, IntBinOp};
use ir::affine::AffineExpr;
use ir::{Diagnostic, FloatKind, Ir, OpId, Type, DYNAMIC};
use smallvec::SmallVec;
use std::rc::Rc;

mod calls;
mod linalg;
mod memory;
mod relayout;
mod scalar;
mod shape;
mod softmax_gather;

use scalar::*;
pub use scalar::{cast, fbin, funary, ibin};
use shape::*;

/// A runtime error (already a diagnostic).
pub type Fault = Box<Diagnostic>;
/// Result of executing something.
pub type Res<T> = Result<T, Fault>;
type Frame = Vec<Value>;
type Vals = SmallVec<[Value; 4]>;
type Ints = SmallVec<[i64; 4]>;
type ElemFn<'a> = Box<dyn Fn(i64) -> RtScalar + 'a>;

/// The largest buffer or tensor (in elements) the interpreter creates.
pub const MAX_ELEMENTS: i64 = 1 << 27;

/// Execution options.
#[derive(Clone, Copy, Debug)]
pub struct ExecOptions {
    /// Uninitialised reads are errors.
    pub strict: bool,
    /// Maximum call depth.
    pub max_depth: u32,
}

impl Default for ExecOptions {
    fn default() -> Self {
        ExecOptions { strict: false, max_depth: 4000 }
    }
}

/// The interpreter state.
pub struct Machine<'p> {
    /// The IR (for locations and types).
    pub ir: &'p Ir,
    /// The program.
    pub prog: &'p Program,
    /// The checked heap.
    pub heap: Heap,
    /// Text the program printed.
    pub out: String,
    /// Warnings (and errors in strict mode) that did not stop execution.
    pub diags: Vec<Diagnostic>,
    opts: ExecOptions,
    stack: Vec<u32>,
    globals: Vec<u32>,
    ivs: Vec<i64>,
    depth: u32,
}

impl<'p> Machine<'p> {
    /// A machine for `prog`, with its globals allocated.
    pub fn new(ir: &'p Ir, prog: &'p Program, opts: ExecOptions) -> Self {
        let mut heap = Heap::default();
        let mut globals = Vec::new();
        for g in &prog.globals {
            let n: i64 = g.shape.iter().product();
            let n = usize::try_from(n).ok().filter(|&n| n as i64 <= MAX_ELEMENTS).unwrap_or(0);
            heap.names.push(g.name.clone());
            let kind = AllocKind::Global { name: (heap.names.len() - 1) as u32, constant: g.constant };
            let init = g.init.clone().filter(|d| d.len() == n);
            globals.push(heap.allocate(n, g.elem.bytes(), kind, Some(g.op), init));
        }
        Machine {
            ir,
            prog,
            heap,
            out: String::new(),
            diags: Vec::new(),
            opts,
            stack: Vec::new(),
            globals,
            ivs: Vec::new(),
            depth: 0,
        }
    }

    fn err(&self, op: OpId, msg: impl Into<String>) -> Fault {
        Box::new(Diagnostic::error(self.ir.op_loc(op), msg))
    }

    fn memref<'f>(&self, f: &'f Frame, s: Slot, op: OpId) -> Res<&'f Rc<MemRef>> {
        match f.get(s as usize) {
            Some(Value::M(m)) => Ok(m),
            _ => Err(self.err(op, "expected a memref value")),
        }
    }

    fn agg<'f>(&self, f: &'f Frame, s: Slot, op: OpId) -> Res<&'f Rc<Agg>> {
        match f.get(s as usize) {
            Some(Value::A(a)) => Ok(a),
            _ => Err(self.err(op, "expected a tensor or vector value")),
        }
    }

    /// Calls function `fi` with `args`.
    pub fn call(&mut self, fi: u32, args: Vals, op: Option<OpId>) -> Res<Vals> {
        let prog = self.prog;
        let Some(func) = prog.funcs.get(fi as usize) else {
            return Err(Box::new(Diagnostic::error(self.ir.ctx().unknown_loc(), "call of an unknown function")));
        };
        let Some(body) = &func.body else {
            let o = op.unwrap_or(func.op);
            self.call_ext(o, &func.name, &args, &func.arg_tys, func.res_tys.len())?;
            return Ok(SmallVec::new());
        };
        if self.depth >= self.opts.max_depth {
            return Err(self.err(op.unwrap_or(func.op), "call stack overflow (recursion too deep)"));
        }
        self.depth += 1;
        let mut frame: Frame = vec![Value::Undef; func.nslots as usize];
        if let Some(b) = body.blocks.first() {
            for (s, v) in b.args.iter().zip(args) {
                frame[*s as usize] = v;
            }
        }
        let mark = self.stack.len();
        let r = self.run_region(&mut frame, body);
        self.pop_scope(mark, func.op);
        self.depth -= 1;
        let ys = r?;
        Ok(ys.iter().map(|&s| frame[s as usize].clone()).collect())
    }

    fn pop_scope(&mut self, mark: usize, site: OpId) {
        while self.stack.len() > mark {
            if let Some(a) = self.stack.pop() {
                self.heap.release(a, Some(site));
            }
        }
    }

    fn bind(f: &mut Frame, dst: &[Slot], src: &[Slot]) {
        if dst.len() == 1 && src.len() == 1 {
            let v = f[src[0] as usize].clone();
            f[dst[0] as usize] = v;
            return;
        }
        let vals: Vals = src.iter().map(|&s| f[s as usize].clone()).collect();
        for (d, v) in dst.iter().zip(vals) {
            f[*d as usize] = v;
        }
    }

    fn set_all(f: &mut Frame, dst: &[Slot], vals: Vals) {
        for (d, v) in dst.iter().zip(vals) {
            f[*d as usize] = v;
        }
    }

    fn take(f: &Frame, src: &[Slot]) -> Vals {
        src.iter().map(|&s| f[s as usize].clone()).collect()
    }

    /// Runs a region until it yields; returns the yielded slots.
    pub fn run_region<'r>(&mut self, f: &mut Frame, r: &'r Region) -> Res<&'r [Slot]> {
        let mut bi = 0usize;
        loop {
            let Some(blk) = r.blocks.get(bi) else { return Ok(&[]) };
            for i in &blk.insts {
                self.exec(f, i)?;
            }
            match &blk.term {
                Term::Yield(v) => return Ok(v),
                Term::Br(t, args) => {
                    bi = *t as usize;
                    Self::bind(f, &r.blocks[bi].args, args);
                }
                Term::CondBr { cond, t, targs, f: fb, fargs } => {
                    let (tb, a) = if f[*cond as usize].s() & 1 != 0 { (*t, targs) } else { (*fb, fargs) };
                    bi = tb as usize;
                    Self::bind(f, &r.blocks[bi].args, a);
                }
                Term::Switch { flag, width, default, cases } => {
                    let v = sext(f[*flag as usize].s(), *width);
                    let (tb, a) =
                        cases.iter().find(|c| c.0 == v).map(|c| (c.1, &c.2)).unwrap_or((default.0, &default.1));
                    bi = tb as usize;
                    Self::bind(f, &r.blocks[bi].args, a);
                }
                Term::Bad(msg) => {
                    let op = blk.term_op.or(blk.insts.last().map(|i| i.op));
                    return Err(match op {
                        Some(o) => self.err(o, msg.clone()),
                        None => Box::new(Diagnostic::error(self.ir.ctx().unknown_loc(), msg.clone())),
                    });
                }
            }
        }
    }

    fn run_with_args<'r>(&mut self, f: &mut Frame, r: &'r Region, args: Vals) -> Res<&'r [Slot]> {
        if let Some(b) = r.blocks.first() {
            Self::set_all(f, &b.args, args);
        }
        self.run_region(f, r)
    }

    fn mixed1(f: &Frame, m: &MixedOne) -> i64 {
        match m {
            MixedOne::C(c) => *c,
            MixedOne::S(s) => as_i64(&f[*s as usize]),
        }
    }

    fn mixed_vals(f: &Frame, st: &[i64], dy: &[Slot]) -> SmallVec<[i64; 4]> {
        let mut it = dy.iter();
        st.iter()
            .map(|&s| if s == DYNAMIC { it.next().map(|d| as_i64(&f[*d as usize])).unwrap_or(0) } else { s })
            .collect()
    }

    fn slice_of(f: &Frame, m: &Mixed) -> (Ints, Ints, Ints) {
        (
            Self::mixed_vals(f, &m.offsets, &m.d_offsets),
            Self::mixed_vals(f, &m.sizes, &m.d_sizes),
            Self::mixed_vals(f, &m.strides, &m.d_strides),
        )
    }

    fn idx(f: &Frame, s: &[Slot]) -> SmallVec<[i64; 4]> {
        s.iter().map(|&x| as_i64(&f[x as usize])).collect()
    }

    fn dyn_shape(f: &Frame, shape: &[i64], dy: &[Slot]) -> SmallVec<[i64; 4]> {
        Self::mixed_vals(f, shape, dy)
    }

    fn check_shape(&self, op: OpId, shape: &[i64]) -> Res<usize> {
        let mut n: i64 = 1;
        for &s in shape {
            if s < 0 {
                return Err(self.err(op, format!("negative dimension size {s}")));
            }
            n = n
                .checked_mul(s)
                .filter(|&n| n <= MAX_ELEMENTS)
                .ok_or_else(|| self.err(op, "buffer too large for the interpreter"))?;
        }
        Ok(n as usize)
    }

    fn elementwise2(&self, op: OpId, a: &Value, b: &Value, g: impl Fn(u64, u64) -> Option<u64>) -> Res<Value> {
        match (a, b) {
            (Value::S(x), Value::S(y)) => g(*x, *y).map(Value::S).ok_or_else(|| self.ub(op)),
            (Value::A(x), Value::A(y)) if x.data.len() == y.data.len() => {
                let data = x
                    .data
                    .iter()
                    .zip(&y.data)
                    .map(|(p, q)| g(*p, *q))
                    .collect::<Option<Vec<u64>>>()
                    .ok_or_else(|| self.ub(op))?;
                Ok(Value::A(Rc::new(Agg { shape: x.shape.clone(), data })))
            }
            _ => Err(self.err(op, "unsupported operand kinds")),
        }
    }

    fn elementwise1(&self, op: OpId, a: &Value, g: impl Fn(u64) -> Option<u64>) -> Res<Value> {
        match a {
            Value::S(x) => g(*x).map(Value::S).ok_or_else(|| self.ub(op)),
            Value::A(x) => {
                let data = x.data.iter().map(|p| g(*p)).collect::<Option<Vec<u64>>>().ok_or_else(|| self.ub(op))?;
                Ok(Value::A(Rc::new(Agg { shape: x.shape.clone(), data })))
            }
            _ => Err(self.err(op, "unsupported operand kinds")),
        }
    }

    fn ub(&self, op: OpId) -> Fault {
        self.err(
            op,
            format!("undefined behaviour: '{}' has no defined result for these operands", self.ir.op_name_str(op)),
        )
    }

    /// Executes one instruction.
    pub fn exec(&mut self, f: &mut Frame, inst: &Inst) -> Res<()> {
        let op = inst.op;
        match &inst.k {
            K::IBin { op: b, w, r, a, b: bb } => {
                let v = match (&f[*a as usize], &f[*bb as usize]) {
                    (Value::S(x), Value::S(y)) => Value::S(ibin(*b, *w, *x, *y).ok_or_else(|| self.ub(op))?),
                    (x, y) => self.elementwise2(op, x, y, |p, q| ibin(*b, *w, p, q))?,
                };
                f[*r as usize] = v;
            }
            K::FBin { op: b, k, r, a, b: bb } => {
                let v = match (&f[*a as usize], &f[*bb as usize]) {
                    (Value::S(x), Value::S(y)) => Value::S(fbin(*b, *k, *x, *y)),
                    (x, y) => self.elementwise2(op, x, y, |p, q| Some(fbin(*b, *k, p, q)))?,
                };
                f[*r as usize] = v;
            }
            K::Const { r, v } => f[*r as usize] = v.clone(),
            K::CmpI { p, w, r, a, b } => {
                let v = self.elementwise2(op, &f[*a as usize], &f[*b as usize], |x, y| {
                    Some(u64::from(ev::eval_cmpi(*p, int_val(*w, x), int_val(*w, y))))
                })?;
                f[*r as usize] = v;
            }
            K::CmpF { p, k, r, a, b } => {
                let v = self.elementwise2(op, &f[*a as usize], &f[*b as usize], |x, y| {
                    Some(u64::from(ev::eval_cmpf(*p, *k, u128::from(x), u128::from(y))))
                })?;
                f[*r as usize] = v;
            }
            K::Select { r, c, a, b } => {
                let v = match &f[*c as usize] {
                    Value::S(c) => {
                        if c & 1 != 0 {
                            f[*a as usize].clone()
                        } else {
                            f[*b as usize].clone()
                        }
                    }
                    Value::A(cv) => {
                        let (x, y) = (self.agg(f, *a, op)?, self.agg(f, *b, op)?);
                        let data = cv
                            .data
                            .iter()
                            .enumerate()
                            .map(|(i, c)| if c & 1 != 0 { x.data[i] } else { y.data[i] })
                            .collect();
                        Value::A(Rc::new(Agg { shape: cv.shape.clone(), data }))
                    }
                    _ => return Err(self.err(op, "bad select condition")),
                };
                f[*r as usize] = v;
            }
            K::Cast { c, from, to, r, a } => {
                let v = self.elementwise1(op, &f[*a as usize], |x| Some(cast(*c, *from, *to, x)))?;
                f[*r as usize] = v;
            }
            K::IUn { op: u, w, r, a } => {
                let v = self
                    .elementwise1(op, &f[*a as usize], |x| Some(ev::eval_int_unary(*u, int_val(*w, x)).bits as u64))?;
                f[*r as usize] = v;
            }
            K::FUn { f: g, k, r, a } => {
                let v = self.elementwise1(op, &f[*a as usize], |x| funary(*g, *k, x))?;
                f[*r as usize] = v;
            }
            K::Complex { op: cx, k, r, args } => {
                let v = {
                    let vals: SmallVec<[&Value; 2]> = args.iter().map(|&s| &f[s as usize]).collect();
                    crate::complex::eval(*cx, *k, &vals)
                };
                f[*r as usize] =
                    v.ok_or_else(|| self.err(op, "complex op on operands that are not complex scalars"))?;
            }
            K::FPow { atan2, k, r, a, b } => {
                let v = self.elementwise2(op, &f[*a as usize], &f[*b as usize], |x, y| {
                    Some(match k {
                        FloatKind::F32 => {
                            let (x, y) = (f32::from_bits(x as u32), f32::from_bits(y as u32));
                            u64::from(if *atan2 { x.atan2(y) } else { x.powf(y) }.to_bits())
                        }
                        _ => {
                            let (x, y) = (to_f64(*k, x), to_f64(*k, y));
                            from_f64(*k, if *atan2 { x.atan2(y) } else { x.powf(y) })
                        }
                    })
                })?;
                f[*r as usize] = v;
            }
            K::FPowI { k, w, r, a, b } => {
                let v = self.elementwise2(op, &f[*a as usize], &f[*b as usize], |x, y| {
                    let e = sext(y, *w);
                    Some(match k {
                        FloatKind::F32 => u64::from(f32::from_bits(x as u32).powi(e as i32).to_bits()),
                        _ => from_f64(*k, to_f64(*k, x).powi(e as i32)),
                    })
                })?;
                f[*r as usize] = v;
            }
            K::Fma { k, r, a, b, c } => {
                let g = |x: u64, y: u64, z: u64| match k {
                    FloatKind::F32 => u64::from(
                        f32::from_bits(x as u32).mul_add(f32::from_bits(y as u32), f32::from_bits(z as u32)).to_bits(),
                    ),
                    _ => from_f64(*k, to_f64(*k, x).mul_add(to_f64(*k, y), to_f64(*k, z))),
                };
                let v = match (&f[*a as usize], &f[*b as usize], &f[*c as usize]) {
                    (Value::S(x), Value::S(y), Value::S(z)) => Value::S(g(*x, *y, *z)),
                    (Value::A(x), Value::A(y), Value::A(z))
                        if x.data.len() == y.data.len() && y.data.len() == z.data.len() =>
                    {
                        let data = (0..x.data.len()).map(|i| g(x.data[i], y.data[i], z.data[i])).collect();
                        Value::A(Rc::new(Agg { shape: x.shape.clone(), data }))
                    }
                    _ => return Err(self.err(op, "unsupported operand kinds")),
                };
                f[*r as usize] = v;
            }
            K::Call { f: fi, args, res } => {
                let a = Self::take(f, args);
                let out = self.call(*fi, a, Some(op))?;
                Self::set_all(f, res, out);
            }
            K::CallExt { name, args, tys, res } => {
                let a = Self::take(f, args);
                self.call_ext(op, name, &a, tys, res.len())?;
            }
            K::MulExt { signed, w, lo, hi, a, b } => {
                let (x, y) = (f[*a as usize].s(), f[*b as usize].s());
                let l = ibin(IntBinOp::Mul, *w, x, y).unwrap_or(0);
                let h = ibin(if *signed { IntBinOp::MulHS } else { IntBinOp::MulHU }, *w, x, y).unwrap_or(0);
                f[*lo as usize] = Value::S(l);
                f[*hi as usize] = Value::S(h);
            }
            K::AtomicRmw { kind, elem, v, m, idx, r } => {
                let mr = self.memref(f, *m, op)?.clone();
                let l = mr.linear(&Self::idx(f, idx));
                let old = self.load(op, mr.alloc, l)?;
                let x = f[*v as usize].s();
                let new =
                    atomic_combine(*kind, *elem, old, x).ok_or_else(|| self.err(op, "unsupported atomic_rmw kind"))?;
                self.store(op, mr.alloc, l, new)?;
                f[*r as usize] = Value::S(old);
            }
            K::GenericAtomic { m, idx, body, r } => {
                let mr = self.memref(f, *m, op)?.clone();
                let l = mr.linear(&Self::idx(f, idx));
                let old = self.load(op, mr.alloc, l)?;
                let ys = self.run_with_args(f, body, SmallVec::from_iter([Value::S(old)]))?;
                let new = ys.first().map(|&y| f[y as usize].s()).unwrap_or(old);
                self.store(op, mr.alloc, l, new)?;
                f[*r as usize] = Value::S(old);
            }
            K::FuncConst { f: fi, r } => f[*r as usize] = Value::S(u64::from(*fi)),
            K::CallIndirect { callee, args, res } => {
                let fi = f[*callee as usize].s() as u32;
                let a = Self::take(f, args);
                let out = self.call(fi, a, Some(op))?;
                Self::set_all(f, res, out);
            }
            K::View { src, shift, elem, shape, dyn_sizes, r } => {
                let s = self.memref(f, *src, op)?.clone();
                let shift = as_i64(&f[*shift as usize]);
                let sizes = Self::dyn_shape(f, shape, dyn_sizes);
                let n = self.check_shape(op, &sizes)?;
                let c = self.heap.typed_view(s.alloc, shift, n, elem.bytes()).map_err(|e| self.mem_err(op, e))?;
                let strides = row_major_strides(&sizes);
                f[*r as usize] = Value::M(Rc::new(MemRef { alloc: c, offset: 0, sizes, strides, base: false }));
            }
            K::Assert { c, msg } => {
                if f[*c as usize].s() & 1 == 0 {
                    return Err(self.err(op, format!("assertion failed: {msg}")));
                }
            }
            K::For { lb, ub, step, w, inits, body, res } => {
                let (lb, ub, st) =
                    (sext(f[*lb as usize].s(), *w), sext(f[*ub as usize].s(), *w), sext(f[*step as usize].s(), *w));
                if st <= 0 {
                    return Err(self.err(op, format!("scf.for step must be positive, got {st}")));
                }
                let Some(entry) = body.blocks.first() else { return Ok(()) };
                let iv = entry.args.first().copied();
                let iters = &entry.args[1.min(entry.args.len())..];
                Self::bind(f, iters, inits);
                let mut i = lb;
                while i < ub {
                    if let Some(iv) = iv {
                        f[iv as usize] = Value::S(mask(i as u64, *w));
                    }
                    let mark = self.stack.len();
                    let ys = self.run_region(f, body);
                    if self.stack.len() > mark {
                        // The loop body is an automatic allocation scope.
                        self.pop_scope(mark, op);
                    }
                    let ys = ys?;
                    if !ys.is_empty() {
                        Self::bind(f, iters, ys);
                    }
                    i = match i.checked_add(st) {
                        Some(n) => n,
                        None => break,
                    };
                }
                Self::bind(f, res, iters);
            }
            K::If { c, then, els, res } => {
                let ys = if f[*c as usize].s() & 1 != 0 {
                    self.run_region(f, then)?
                } else if let Some(e) = els {
                    self.run_region(f, e)?
                } else {
                    &[]
                };
                Self::bind(f, res, ys);
            }
            K::AffineIf { set, operands, then, els, res } => {
                let vals = Self::idx(f, operands);
                let (d, s) = vals.split_at(set.num_dims.min(vals.len()));
                let holds = set.contains(d, s).ok_or_else(|| self.err(op, "cannot evaluate affine.if condition"))?;
                let ys = if holds {
                    self.run_region(f, then)?
                } else if let Some(e) = els {
                    self.run_region(f, e)?
                } else {
                    &[]
                };
                Self::bind(f, res, ys);
            }
            K::AffineApply { m, r } => {
                let v = self.apply(f, op, m)?;
                f[*r as usize] = Value::S(v.first().copied().unwrap_or(0) as u64);
            }
            K::AffineMinMax { m, max, r } => {
                let v = self.apply(f, op, m)?;
                let x = if *max { v.iter().copied().max() } else { v.iter().copied().min() };
                f[*r as usize] = Value::S(x.ok_or_else(|| self.err(op, "empty affine map"))? as u64);
            }
            K::AffineMem { m, mem, val, r } => {
                let idx = self.apply(f, op, m)?;
                let mr = self.memref(f, *mem, op)?.clone();
                let l = mr.linear(&idx);
                match val {
                    Some(v) => {
                        let x = f[*v as usize].s();
                        self.store(op, mr.alloc, l, x)?;
                    }
                    None => f[*r as usize] = Value::S(self.load(op, mr.alloc, l)?),
                }
            }
            K::AffineFor { lb, ub, step, inits, body, res } => {
                let lo = self.apply(f, op, lb)?.iter().copied().max().unwrap_or(0);
                let hi = self.apply(f, op, ub)?.iter().copied().min().unwrap_or(0);
                if *step <= 0 {
                    return Err(self.err(op, "affine.for step must be positive"));
                }
                let Some(entry) = body.blocks.first() else { return Ok(()) };
                let iv = entry.args.first().copied();
                let iters = &entry.args[1.min(entry.args.len())..];
                Self::bind(f, iters, inits);
                let mut i = lo;
                while i < hi {
                    if let Some(iv) = iv {
                        f[iv as usize] = Value::S(i as u64);
                    }
                    let mark = self.stack.len();
                    let ys = self.run_region(f, body);
                    if self.stack.len() > mark {
                        // The loop body is an automatic allocation scope.
                        self.pop_scope(mark, op);
                    }
                    let ys = ys?;
                    if !ys.is_empty() {
                        Self::bind(f, iters, ys);
                    }
                    i += step;
                }
                Self::bind(f, res, iters);
            }
            K::While { inits, before, after, res } => {
                let mut cur = Self::take(f, inits);
                loop {
                    let ys = self.run_with_args(f, before, cur)?;
                    let Some((&c, rest)) = ys.split_first() else { return Err(self.err(op, "scf.condition missing")) };
                    let vals = Self::take(f, rest);
                    if f[c as usize].s() & 1 == 0 {
                        Self::set_all(f, res, vals);
                        break;
                    }
                    let ys = self.run_with_args(f, after, vals)?;
                    cur = Self::take(f, ys);
                }
            }
            K::Exec { body, res, scope } => {
                let mark = self.stack.len();
                let r = self.run_region(f, body);
                if *scope {
                    self.pop_scope(mark, op);
                }
                let ys = r?;
                Self::bind(f, res, ys);
            }
            K::IndexSwitch { arg, cases, regions, res } => {
                let v = as_i64(&f[*arg as usize]);
                let which = cases.iter().position(|&c| c == v).map(|p| p + 1).unwrap_or(0);
                let Some(r) = regions.get(which) else { return Err(self.err(op, "missing switch region")) };
                let ys = self.run_region(f, r)?;
                Self::bind(f, res, ys);
            }
            K::Forall { lbs, ubs, steps, outs, body, inserts, res } => {
                let lb: SmallVec<[i64; 4]> = lbs.iter().map(|m| Self::mixed1(f, m)).collect();
                let ub: SmallVec<[i64; 4]> = ubs.iter().map(|m| Self::mixed1(f, m)).collect();
                let st: SmallVec<[i64; 4]> = steps.iter().map(|m| Self::mixed1(f, m)).collect();
                if st.iter().any(|&s| s <= 0) {
                    return Err(self.err(op, "scf.forall step must be positive"));
                }
                if lb.len() != ub.len() || st.len() != ub.len() {
                    return Err(self.err(op, "malformed loop bounds"));
                }
                let counts: SmallVec<[i64; 4]> = (0..ub.len())
                    .map(|d| if ub[d] > lb[d] { (ub[d] - lb[d] + st[d] - 1) / st[d] } else { 0 })
                    .collect();
                let mut acc = Self::take(f, outs);
                let Some(entry) = body.blocks.first() else { return Ok(()) };
                let rank = ub.len();
                let ivs: SmallVec<[Slot; 4]> = entry.args.iter().take(rank).copied().collect();
                let outs_args: SmallVec<[Slot; 4]> = entry.args.iter().skip(rank).copied().collect();
                for_each_index(&counts, |ix| {
                    for (d, &iv) in ivs.iter().enumerate() {
                        f[iv as usize] = Value::S((lb[d] + ix[d] * st[d]) as u64);
                    }
                    for (s, v) in outs_args.iter().zip(acc.iter()) {
                        f[*s as usize] = v.clone();
                    }
                    let mark = self.stack.len();
                    let r = self.run_region(f, body).map(|_| ());
                    self.pop_scope(mark, op);
                    r?;
                    for i in inserts {
                        self.exec(f, i)?;
                    }
                    acc = Self::take(f, &outs_args);
                    Ok(())
                })?;
                Self::set_all(f, res, acc);
            }
            K::Parallel { lbs, ubs, steps, inits, body, reducers, res } => {
                let lb = Self::idx(f, lbs);
                let ub = Self::idx(f, ubs);
                let st = Self::idx(f, steps);
                if st.iter().any(|&s| s <= 0) {
                    return Err(self.err(op, "scf.parallel step must be positive"));
                }
                if lb.len() != ub.len() || st.len() != ub.len() {
                    return Err(self.err(op, "malformed loop bounds"));
                }
                let counts: SmallVec<[i64; 4]> = (0..ub.len())
                    .map(|d| if ub[d] > lb[d] { (ub[d] - lb[d] + st[d] - 1) / st[d] } else { 0 })
                    .collect();
                let mut acc = Self::take(f, inits);
                let Some(entry) = body.blocks.first() else { return Ok(()) };
                let ivs: SmallVec<[Slot; 4]> = entry.args.iter().copied().collect();
                for_each_index(&counts, |ix| {
                    for d in 0..ivs.len().min(ix.len()) {
                        f[ivs[d] as usize] = Value::S((lb[d] + ix[d] * st[d]) as u64);
                    }
                    let mark = self.stack.len();
                    let ys = self.run_region(f, body);
                    self.pop_scope(mark, op);
                    let vals = Self::take(f, ys?);
                    for (k, (v, red)) in vals.into_iter().zip(reducers).enumerate() {
                        let lhs = acc.get(k).cloned().unwrap_or_default();
                        let out = self.run_with_args(f, red, SmallVec::from_iter([lhs, v]))?;
                        if let (Some(&o), Some(slot)) = (out.first(), acc.get_mut(k)) {
                            *slot = f[o as usize].clone();
                        }
                    }
                    Ok(())
                })?;
                Self::set_all(f, res, acc);
            }
            K::Alloc { at, elem, shape, dyn_sizes, layout, r } => {
                let sizes = Self::dyn_shape(f, shape, dyn_sizes);
                let n = self.check_shape(op, &sizes)?;
                let kind = if *at == AllocWhere::Heap { AllocKind::Heap } else { AllocKind::Stack };
                let (strides, offset, len): (SmallVec<[i64; 4]>, i64, usize) = match layout {
                    Some((st, off)) if !st.contains(&DYNAMIC) && *off != DYNAMIC => {
                        let mut len = *off + 1;
                        for (s, d) in st.iter().zip(&sizes) {
                            len += (d - 1).max(0) * s;
                        }
                        if len > MAX_ELEMENTS {
                            return Err(self.err(op, "buffer too large for the interpreter"));
                        }
                        let len = if n == 0 { 0 } else { len.max(0) as usize };
                        (st.iter().copied().collect(), *off, len)
                    }
                    _ => (row_major_strides(&sizes), 0, n),
                };
                let a = self.heap.allocate(len, elem.bytes(), kind, Some(op), None);
                if kind == AllocKind::Stack {
                    self.stack.push(a);
                }
                f[*r as usize] = Value::M(Rc::new(MemRef { alloc: a, offset, sizes, strides, base: true }));
            }
            K::Dealloc { m } => {
                let m = self.memref(f, *m, op)?.clone();
                self.free(op, &m)?;
            }
            K::Realloc { m, elem, size, static_size, r } => {
                let m = self.memref(f, *m, op)?.clone();
                let n = match size {
                    Some(s) => as_i64(&f[*s as usize]),
                    None => *static_size,
                };
                let nm = self.new_heap_buffer(op, &[n], *elem, AllocKind::Heap, None)?;
                let keep = n.min(m.num_elements());
                for i in 0..keep.max(0) {
                    let l = m.linear(&[i]);
                    let v = self.heap.peek(m.alloc, l).map_err(|e| self.mem_err(op, e))?;
                    let init = self.heap.is_init(m.alloc, l);
                    self.heap.write_init(nm.alloc, i, v, init).map_err(|e| self.mem_err(op, e))?;
                }
                self.free(op, &m)?;
                f[*r as usize] = Value::M(nm);
            }
            K::Load { m, idx, r } => {
                let v = {
                    let Value::M(mr) = &f[*m as usize] else { return Err(self.err(op, "expected a memref value")) };
                    let mut l = mr.offset;
                    for (k, s) in idx.iter().enumerate() {
                        l = l.wrapping_add(
                            as_i64(&f[*s as usize]).wrapping_mul(mr.strides.get(k).copied().unwrap_or(0)),
                        );
                    }
                    (mr.alloc, l)
                };
                let x = self.load(op, v.0, v.1)?;
                f[*r as usize] = Value::S(x);
            }
            K::Store { v, m, idx } => {
                let (a, l) = {
                    let Value::M(mr) = &f[*m as usize] else { return Err(self.err(op, "expected a memref value")) };
                    let mut l = mr.offset;
                    for (k, s) in idx.iter().enumerate() {
                        l = l.wrapping_add(
                            as_i64(&f[*s as usize]).wrapping_mul(mr.strides.get(k).copied().unwrap_or(0)),
                        );
                    }
                    (mr.alloc, l)
                };
                let x = f[*v as usize].s();
                self.store(op, a, l, x)?;
            }
            K::SubView { src, mixed, res_shape, reinterpret, r } => {
                let s = self.memref(f, *src, op)?.clone();
                let (offs, sizes, strides) = Self::slice_of(f, mixed);
                let nm = if *reinterpret {
                    // A reinterpret_cast rebuilds the descriptor around its
                    // source's allocated pointer (the base buffer's, after
                    // extract_strided_metadata): it stands for the
                    // allocation when its source does.
                    MemRef { alloc: s.alloc, offset: offs.first().copied().unwrap_or(0), sizes, strides, base: s.base }
                } else {
                    let mut off = s.offset;
                    for (i, o) in offs.iter().enumerate() {
                        off += o * s.strides.get(i).copied().unwrap_or(0);
                    }
                    let st: SmallVec<[i64; 4]> =
                        strides.iter().enumerate().map(|(i, x)| x * s.strides.get(i).copied().unwrap_or(0)).collect();
                    let (sizes, st) = rank_reduce(&sizes, &st, res_shape.len());
                    MemRef { alloc: s.alloc, offset: off, sizes, strides: st, base: false }
                };
                f[*r as usize] = Value::M(Rc::new(nm));
            }
            K::Alias { src, r } | K::Move { src, r } => {
                let v = f[*src as usize].clone();
                f[*r as usize] = v;
            }
            K::MemReshape { src, how, r } => {
                let s = self.memref(f, *src, op)?.clone();
                let nm = match how {
                    Reshape::Collapse(groups) => {
                        let mut sizes = SmallVec::new();
                        let mut strides = SmallVec::new();
                        for g in groups {
                            sizes.push(g.iter().map(|&d| s.sizes.get(d).copied().unwrap_or(1)).product());
                            // The stride of the innermost dimension of size other
                            // than 1 (unit dimensions may carry any stride, as
                            // MLIR's collapsed layout and its lowering assume);
                            // the last one when all are units.
                            let inner = g.iter().rev().find(|&&d| s.sizes.get(d).copied().unwrap_or(1) != 1);
                            let d = inner.or(g.last());
                            strides.push(d.and_then(|&d| s.strides.get(d).copied()).unwrap_or(1));
                        }
                        MemRef { alloc: s.alloc, offset: s.offset, sizes, strides, base: false }
                    }
                    Reshape::Expand(groups, st, dy) => {
                        let out = Self::mixed_vals(f, st, dy);
                        let mut strides: SmallVec<[i64; 4]> = SmallVec::from_elem(1, out.len());
                        for (i, g) in groups.iter().enumerate() {
                            let mut run = s.strides.get(i).copied().unwrap_or(1);
                            for &d in g.iter().rev() {
                                if d < strides.len() {
                                    strides[d] = run;
                                    run *= out[d];
                                }
                            }
                        }
                        MemRef { alloc: s.alloc, offset: s.offset, sizes: out, strides, base: false }
                    }
                };
                f[*r as usize] = Value::M(Rc::new(nm));
            }
            K::MemReshapeDyn { src, shape, r } => {
                let s = self.memref(f, *src, op)?.clone();
                let sh = self.memref(f, *shape, op)?.clone();
                let sizes: SmallVec<[i64; 4]> = self.read_view(op, &sh)?.into_iter().map(|x| x as i64).collect();
                let strides = row_major_strides(&sizes);
                f[*r as usize] =
                    Value::M(Rc::new(MemRef { alloc: s.alloc, offset: s.offset, sizes, strides, base: false }));
            }
            K::Transpose { src, perm, r } => {
                let s = self.memref(f, *src, op)?.clone();
                let sizes = perm.iter().map(|&p| s.sizes.get(p).copied().unwrap_or(1)).collect();
                let strides = perm.iter().map(|&p| s.strides.get(p).copied().unwrap_or(1)).collect();
                f[*r as usize] =
                    Value::M(Rc::new(MemRef { alloc: s.alloc, offset: s.offset, sizes, strides, base: false }));
            }
            K::Copy { src, dst, elem_bytes } => {
                let s = self.memref(f, *src, op)?.clone();
                let d = self.memref(f, *dst, op)?.clone();
                self.copy_view(op, &s, &d, *elem_bytes)?;
            }
            K::GetGlobal { g, r } => {
                let a = self.globals.get(*g as usize).copied().ok_or_else(|| self.err(op, "unknown global"))?;
                let shape = &self.prog.globals[*g as usize].shape;
                f[*r as usize] = Value::M(Rc::new(MemRef {
                    alloc: a,
                    offset: 0,
                    sizes: shape.iter().copied().collect(),
                    strides: row_major_strides(shape),
                    base: true,
                }));
            }
            K::Dim { src, d, r } => {
                let i = as_i64(&f[*d as usize]);
                let shape: &[i64] = match &f[*src as usize] {
                    Value::M(m) => &m.sizes,
                    Value::A(a) => &a.shape,
                    _ => return Err(self.err(op, "expected a shaped value")),
                };
                let v = usize::try_from(i)
                    .ok()
                    .and_then(|i| shape.get(i))
                    .copied()
                    .ok_or_else(|| self.err(op, format!("dimension index {i} out of range")))?;
                f[*r as usize] = Value::S(v as u64);
            }
            K::Rank { src, r } => {
                let n = match &f[*src as usize] {
                    Value::M(m) => m.sizes.len(),
                    Value::A(a) => a.shape.len(),
                    _ => return Err(self.err(op, "expected a shaped value")),
                };
                f[*r as usize] = Value::S(n as u64);
            }
            K::Metadata { src, res } => {
                let s = self.memref(f, *src, op)?.clone();
                let mut vals: Vals = SmallVec::new();
                vals.push(Value::M(Rc::new(MemRef {
                    alloc: s.alloc,
                    offset: 0,
                    sizes: SmallVec::new(),
                    strides: SmallVec::new(),
                    // The base buffer is the allocation itself, whatever
                    // view `src` is: its allocated pointer is `src`'s.
                    base: true,
                })));
                vals.push(Value::S(s.offset as u64));
                vals.extend(s.sizes.iter().map(|&x| Value::S(x as u64)));
                vals.extend(s.strides.iter().map(|&x| Value::S(x as u64)));
                Self::set_all(f, res, vals);
            }
            K::AlignedPtr { src, r } => {
                let s = self.memref(f, *src, op)?;
                let v = (u64::from(s.alloc) + 1) << 32;
                f[*r as usize] = Value::S(v);
            }
            K::ToMemref { src, elem, layout, r } => {
                let v = match &f[*src as usize] {
                    Value::A(a) => {
                        let a = a.clone();
                        match layout {
                            Some((st, off)) if st.len() == a.shape.len() && st.iter().all(|&s| s >= 0) => {
                                // Lay the elements out as the result type says.
                                let mut len = *off + 1;
                                for (s, d) in st.iter().zip(&a.shape) {
                                    len += (d - 1).max(0) * s;
                                }
                                if len > MAX_ELEMENTS {
                                    return Err(self.err(op, "buffer too large for the interpreter"));
                                }
                                let n = if a.data.is_empty() { 0 } else { len as usize };
                                let al = self.heap.allocate(n, elem.bytes(), AllocKind::External, Some(op), None);
                                let m = MemRef {
                                    alloc: al,
                                    offset: *off,
                                    sizes: a.shape.clone(),
                                    strides: st.iter().copied().collect(),
                                    base: true,
                                };
                                self.write_view(op, &m, &a.data)?;
                                Value::M(Rc::new(m))
                            }
                            _ => Value::M(self.new_heap_buffer(
                                op,
                                &a.shape,
                                *elem,
                                AllocKind::External,
                                Some(a.data.clone()),
                            )?),
                        }
                    }
                    Value::M(m) => Value::M(m.clone()),
                    _ => return Err(self.err(op, "expected a tensor")),
                };
                f[*r as usize] = v;
            }
            K::ToTensor { src, r } => {
                let m = self.memref(f, *src, op)?.clone();
                let data = self.read_view(op, &m)?;
                f[*r as usize] = Value::A(Rc::new(Agg { shape: m.sizes.clone(), data }));
            }
            K::Clone { src, elem, r } => {
                let m = self.memref(f, *src, op)?.clone();
                let nm = self.new_heap_buffer(op, &m.sizes, *elem, AllocKind::Heap, None)?;
                self.copy_view(op, &m, &nm, elem.bytes())?;
                f[*r as usize] = Value::M(nm);
            }
            K::EmptyTensor { shape, dyn_sizes, copy, r } => {
                let v = match copy {
                    Some(c) => f[*c as usize].clone(),
                    None => {
                        let sh = Self::dyn_shape(f, shape, dyn_sizes);
                        let n = self.check_shape(op, &sh)?;
                        Value::A(Rc::new(Agg { shape: sh, data: vec![0; n] }))
                    }
                };
                f[*r as usize] = v;
            }
            K::Materialize { src, dst, elem_bytes, r } => {
                let s = self.agg(f, *src, op)?.clone();
                match &f[*dst as usize] {
                    Value::M(m) => {
                        let m = m.clone();
                        if m.sizes != s.shape {
                            return Err(self.err(op, "source and destination shapes differ"));
                        }
                        self.write_view(op, &m, &s.data)?;
                        self.heap.count_copy(s.data.len() as u64 * elem_bytes);
                    }
                    Value::A(d) => {
                        if d.shape != s.shape {
                            return Err(self.err(op, "source and destination shapes differ"));
                        }
                        self.heap.count_copy(s.data.len() as u64 * elem_bytes);
                    }
                    _ => return Err(self.err(op, "bad destination")),
                }
                if let Some(r) = r {
                    f[*r as usize] = Value::A(s);
                }
            }
            K::BufDealloc { memrefs, conds, retained, res } => {
                // Memrefs and retained values are compared by the allocation
                // they belong to (a typed view's root): the operands are base
                // buffers, and a retained value aliases a memref when it
                // lives in the same allocation.
                let root = |h: &crate::heap::Heap, a: u32| h.allocs.get(a as usize).map_or(a, |al| al.root);
                let ms: Vec<u32> = memrefs
                    .iter()
                    .map(|&s| self.memref(f, s, op).map(|m| root(&self.heap, m.alloc)))
                    .collect::<Res<_>>()?;
                let cs: Vec<bool> = conds.iter().map(|&s| f[s as usize].s() & 1 != 0).collect();
                let rs: Vec<u32> = retained
                    .iter()
                    .map(|&s| self.memref(f, s, op).map(|m| root(&self.heap, m.alloc)))
                    .collect::<Res<_>>()?;
                // Per allocation: whether any of its conditions holds, in
                // the order the allocations first appear.
                let mut owned: rustc_hash::FxHashMap<u32, bool> = rustc_hash::FxHashMap::default();
                let mut order: Vec<u32> = Vec::new();
                for (i, &a) in ms.iter().enumerate() {
                    let c = cs.get(i).copied().unwrap_or(false);
                    let e = owned.entry(a).or_insert_with(|| {
                        order.push(a);
                        false
                    });
                    *e |= c;
                }
                let updated: Vec<bool> = rs.iter().map(|ra| owned.get(ra).copied().unwrap_or(false)).collect();
                // Each allocation is freed at most once: when any of its
                // conditions holds and no retained value aliases it.
                let retained: rustc_hash::FxHashSet<u32> = rs.iter().copied().collect();
                for a in order {
                    if owned[&a] && !retained.contains(&a) {
                        self.heap.free_allocation(a, op).map_err(|e| self.mem_err(op, e))?;
                    }
                }
                Self::set_all(f, res, updated.into_iter().map(|b| Value::S(u64::from(b))).collect());
            }
            K::Extract { src, idx, r } => {
                let a = self.agg(f, *src, op)?;
                let ix = Self::idx(f, idx);
                let l = agg_index(&a.shape, &ix)
                    .ok_or_else(|| self.err(op, format!("index {ix:?} out of bounds of shape {:?}", a.shape)))?;
                let v = a.data[l];
                f[*r as usize] = Value::S(v);
            }
            K::Insert { v, dst, idx, r } => {
                let x = f[*v as usize].s();
                let ix = Self::idx(f, idx);
                let mut a = (**self.agg(f, *dst, op)?).clone();
                let l = agg_index(&a.shape, &ix)
                    .ok_or_else(|| self.err(op, format!("index {ix:?} out of bounds of shape {:?}", a.shape)))?;
                a.data[l] = x;
                f[*r as usize] = Value::A(Rc::new(a));
            }
            K::ExtractSlice { src, mixed, res_shape, r } => {
                let a = self.agg(f, *src, op)?.clone();
                let (offs, sizes, strides) = Self::slice_of(f, mixed);
                if offs.len() != a.shape.len() || sizes.len() != a.shape.len() || strides.len() != a.shape.len() {
                    return Err(self.err(op, "malformed slice"));
                }
                let st = a.strides();
                let mut data = Vec::new();
                for_each_index(&sizes, |ix| {
                    let mut l = 0i64;
                    for d in 0..ix.len() {
                        let p = offs[d] + ix[d] * strides[d];
                        if p < 0 || p >= a.shape[d] {
                            return Err(self.err(op, "slice out of bounds"));
                        }
                        l += p * st[d];
                    }
                    data.push(a.data[l as usize]);
                    Ok(())
                })?;
                let shape = rank_reduce(&sizes, &sizes, res_shape.len()).0;
                f[*r as usize] = Value::A(Rc::new(Agg { shape, data }));
            }
            K::InsertSlice { src, dst, mixed, r } => {
                let s = self.agg(f, *src, op)?.clone();
                let mut d = (**self.agg(f, *dst, op)?).clone();
                let (offs, sizes, strides) = Self::slice_of(f, mixed);
                if offs.len() != d.shape.len() || sizes.len() != d.shape.len() || strides.len() != d.shape.len() {
                    return Err(self.err(op, "malformed slice"));
                }
                let st = d.strides();
                let mut k = 0usize;
                for_each_index(&sizes, |ix| {
                    let mut l = 0i64;
                    for dd in 0..ix.len() {
                        let p = offs[dd] + ix[dd] * strides[dd];
                        if p < 0 || p >= d.shape[dd] {
                            return Err(self.err(op, "slice out of bounds"));
                        }
                        l += p * st[dd];
                    }
                    let v = *s.data.get(k).ok_or_else(|| self.err(op, "slice size mismatch"))?;
                    d.data[l as usize] = v;
                    k += 1;
                    Ok(())
                })?;
                f[*r as usize] = Value::A(Rc::new(d));
            }
            K::FromElements { elems, shape, r } => {
                let data = elems.iter().map(|&s| f[s as usize].s()).collect();
                f[*r as usize] = Value::A(Rc::new(Agg { shape: shape.iter().copied().collect(), data }));
            }
            K::Splat { v, shape, dyn_sizes, r } => {
                let x = f[*v as usize].s();
                let sh = Self::dyn_shape(f, shape, dyn_sizes);
                let n = self.check_shape(op, &sh)?;
                f[*r as usize] = Value::A(Rc::new(Agg { shape: sh, data: vec![x; n] }));
            }
            K::VBroadcast { v, shape, r } => {
                let a = self.agg(f, *v, op)?.clone();
                let n = self.check_shape(op, shape)?;
                if a.shape.len() > shape.len() {
                    return Err(self.err(op, "cannot broadcast to a lower rank"));
                }
                let lead = shape.len() - a.shape.len();
                let st = a.strides();
                let mut data = Vec::with_capacity(n);
                for_each_index(shape, |ix| {
                    let mut l = 0i64;
                    for (d, &sz) in a.shape.iter().enumerate() {
                        if sz != 1 {
                            l += ix[lead + d] * st[d];
                        }
                    }
                    data.push(a.data.get(l as usize).copied().unwrap_or(0));
                    Ok(())
                })?;
                f[*r as usize] = Value::A(Rc::new(Agg { shape: shape.iter().copied().collect(), data }));
            }
            K::Generate { shape, dyn_sizes, body, r } => {
                let sh = Self::dyn_shape(f, shape, dyn_sizes);
                let n = self.check_shape(op, &sh)?;
                let mut data = Vec::with_capacity(n);
                for_each_index(&sh, |ix| {
                    let ys = self.run_with_args(f, body, ix.iter().map(|&i| Value::S(i as u64)).collect())?;
                    data.push(ys.first().map(|&y| f[y as usize].s()).unwrap_or(0));
                    Ok(())
                })?;
                f[*r as usize] = Value::A(Rc::new(Agg { shape: sh, data }));
            }
            K::TensorReshape { src, shape, dyn_sizes, from, groups, r } => {
                let a = self.agg(f, *src, op)?.clone();
                let sh: SmallVec<[i64; 4]> = if let Some(fr) = from {
                    self.agg(f, *fr, op)?.data.iter().map(|&x| x as i64).collect()
                } else if let Some(g) = groups {
                    g.iter().map(|grp| grp.iter().map(|&d| a.shape.get(d).copied().unwrap_or(1)).product()).collect()
                } else {
                    Self::dyn_shape(f, shape, dyn_sizes)
                };
                let n = self.check_shape(op, &sh)?;
                if n != a.data.len() {
                    return Err(self.err(op, "reshape changes the number of elements"));
                }
                f[*r as usize] = Value::A(Rc::new(Agg { shape: sh, data: a.data.clone() }));
            }
            K::Pad { src, low, high, body, r } => {
                let a = self.agg(f, *src, op)?.clone();
                let lo: SmallVec<[i64; 4]> = low.iter().map(|m| Self::mixed1(f, m)).collect();
                let hi: SmallVec<[i64; 4]> = high.iter().map(|m| Self::mixed1(f, m)).collect();
                let sh: SmallVec<[i64; 4]> = (0..a.shape.len())
                    .map(|d| a.shape[d] + lo.get(d).copied().unwrap_or(0) + hi.get(d).copied().unwrap_or(0))
                    .collect();
                let st = a.strides();
                let mut data = Vec::new();
                for_each_index(&sh, |ix| {
                    let mut l = 0i64;
                    let mut inside = true;
                    for d in 0..ix.len() {
                        let p = ix[d] - lo.get(d).copied().unwrap_or(0);
                        if p < 0 || p >= a.shape[d] {
                            inside = false;
                            break;
                        }
                        l += p * st[d];
                    }
                    if inside {
                        data.push(a.data[l as usize]);
                    } else {
                        let ys = self.run_with_args(f, body, ix.iter().map(|&i| Value::S(i as u64)).collect())?;
                        data.push(ys.first().map(|&y| f[y as usize].s()).unwrap_or(0));
                    }
                    Ok(())
                })?;
                f[*r as usize] = Value::A(Rc::new(Agg { shape: sh, data }));
            }
            K::Linalg(l) => self.linalg(f, op, l)?,
            K::LinalgIndex { dim, r } => {
                let v = self.ivs.get(*dim).copied().ok_or_else(|| self.err(op, "linalg.index outside a linalg op"))?;
                f[*r as usize] = Value::S(v as u64);
            }
            K::VPrint { v, elem, punct } => {
                let (shape, elems): (Vec<i64>, Vec<RtScalar>) = match v.map(|s| &f[s as usize]) {
                    None => (Vec::new(), Vec::new()),
                    Some(Value::S(x)) => (Vec::new(), elem.map(|e| vec![e.to_rt(*x)]).unwrap_or_default()),
                    Some(Value::A(a)) => {
                        let e = elem.ok_or_else(|| self.err(op, "unsupported element type"))?;
                        // A 0-d vector prints like a one-element vector.
                        let shape = if a.shape.is_empty() { vec![1] } else { a.shape.to_vec() };
                        (shape, a.data.iter().map(|&x| e.to_rt(x)).collect())
                    }
                    Some(_) => return Err(self.err(op, "cannot print this value")),
                };
                runner_utils::vector_print(&shape, &elems, punct.as_deref(), &mut self.out);
            }
            K::VPrintStr(s) => self.out.push_str(s),
            K::VExtract { v, pos, r } => {
                let a = self.agg(f, *v, op)?;
                let p: SmallVec<[i64; 4]> = pos.iter().map(|m| Self::mixed1(f, m)).collect();
                let out = sub_agg(a, &p).ok_or_else(|| self.err(op, "vector.extract position out of bounds"))?;
                f[*r as usize] = out;
            }
            K::VInsert { v, dst, pos, r } => {
                let p: SmallVec<[i64; 4]> = pos.iter().map(|m| Self::mixed1(f, m)).collect();
                let mut d = (**self.agg(f, *dst, op)?).clone();
                let (start, n) =
                    sub_range(&d.shape, &p).ok_or_else(|| self.err(op, "vector.insert position out of bounds"))?;
                match &f[*v as usize] {
                    Value::S(x) => d.data[start] = *x,
                    Value::A(a) if a.data.len() == n => d.data[start..start + n].copy_from_slice(&a.data),
                    _ => return Err(self.err(op, "vector.insert shape mismatch")),
                }
                f[*r as usize] = Value::A(Rc::new(d));
            }
            K::TransferRead { src, idx, pad, mask, pass, map, shape, r } => {
                let maskv: Option<Rc<Agg>> = match mask {
                    Some(m) => Some(self.agg(f, *m, op)?.clone()),
                    None => None,
                };
                let passv: Option<Rc<Agg>> = match pass {
                    Some(p) => Some(self.agg(f, *p, op)?.clone()),
                    None => None,
                };
                let mut k = 0usize;
                let base = Self::idx(f, idx);
                let padv = f[*pad as usize].s();
                let dims = map_dims(map).ok_or_else(|| self.err(op, "unsupported permutation map"))?;
                let mut data = Vec::new();
                let srcv = f[*src as usize].clone();
                for_each_index(shape, |ix| {
                    let mut p = base.clone();
                    for (j, d) in dims.iter().enumerate() {
                        if let Some(x) = d.and_then(|d| p.get_mut(d)) {
                            *x += ix[j];
                        }
                    }
                    let on = maskv.as_ref().is_none_or(|m| m.data.get(k).is_some_and(|b| b & 1 != 0));
                    let lane = k;
                    k += 1;
                    let v = match &srcv {
                        _ if !on => passv.as_ref().and_then(|p| p.data.get(lane).copied()).unwrap_or(padv),
                        Value::M(m) => {
                            if p.iter().zip(&m.sizes).all(|(i, s)| *i >= 0 && i < s) {
                                self.load(op, m.alloc, m.linear(&p))?
                            } else {
                                padv
                            }
                        }
                        Value::A(a) => agg_index(&a.shape, &p).map(|l| a.data[l]).unwrap_or(padv),
                        _ => return Err(self.err(op, "bad transfer source")),
                    };
                    data.push(v);
                    Ok(())
                })?;
                f[*r as usize] = Value::A(Rc::new(Agg { shape: shape.iter().copied().collect(), data }));
            }
            K::TransferWrite { v, dst, idx, mask, map, r } => {
                let maskv: Option<Rc<Agg>> = match mask {
                    Some(m) => Some(self.agg(f, *m, op)?.clone()),
                    None => None,
                };
                let base = Self::idx(f, idx);
                let vec = self.agg(f, *v, op)?.clone();
                let dims = map_dims(map).ok_or_else(|| self.err(op, "unsupported permutation map"))?;
                let mut dstv = f[*dst as usize].clone();
                let mut tdata = match &dstv {
                    Value::A(a) => Some((**a).clone()),
                    _ => None,
                };
                let mut k = 0usize;
                for_each_index(&vec.shape, |ix| {
                    let mut p = base.clone();
                    for (j, d) in dims.iter().enumerate() {
                        if let Some(x) = d.and_then(|d| p.get_mut(d)) {
                            *x += ix[j];
                        }
                    }
                    let x = vec.data[k];
                    let on = maskv.as_ref().is_none_or(|m| m.data.get(k).is_some_and(|b| b & 1 != 0));
                    k += 1;
                    if !on {
                        return Ok(());
                    }
                    match (&dstv, &mut tdata) {
                        (Value::M(m), _) => {
                            if p.iter().zip(&m.sizes).all(|(i, s)| *i >= 0 && i < s) {
                                self.store(op, m.alloc, m.linear(&p), x)?;
                            }
                        }
                        (_, Some(t)) => {
                            if let Some(l) = agg_index(&t.shape, &p) {
                                t.data[l] = x;
                            }
                        }
                        _ => return Err(self.err(op, "bad transfer destination")),
                    }
                    Ok(())
                })?;
                if let (Some(r), Some(t)) = (r, tdata) {
                    dstv = Value::A(Rc::new(t));
                    f[*r as usize] = dstv;
                }
            }
            K::Gather { base, idx, index_vec, width, mask, pass_thru, r } => {
                self.gather(f, op, (*base, idx), (*index_vec, *mask, *pass_thru), (*width, *r))?
            }
            K::Softmax { input, output, dim, k, r } => self.softmax(f, op, (*input, *output), *dim, *k, *r)?,
            K::VReduce { kind, elem, v, acc, mask, r } => {
                let mut a = self.agg(f, *v, op)?.clone();
                let w = elem.bits();
                let fk = match elem {
                    ElemTy::Float(k) => Some(*k),
                    _ => None,
                };
                let step = |x: u64, y: u64| -> Option<u64> {
                    match (kind.as_str(), fk) {
                        ("add", Some(k)) => Some(fbin(FloatBinOp::Add, k, x, y)),
                        ("mul", Some(k)) => Some(fbin(FloatBinOp::Mul, k, x, y)),
                        ("minnumf", Some(k)) => Some(fbin(FloatBinOp::MinNum, k, x, y)),
                        ("maxnumf", Some(k)) => Some(fbin(FloatBinOp::MaxNum, k, x, y)),
                        ("minimumf", Some(k)) => Some(fbin(FloatBinOp::Minimum, k, x, y)),
                        ("maximumf", Some(k)) => Some(fbin(FloatBinOp::Maximum, k, x, y)),
                        ("add", None) => ibin(IntBinOp::Add, w, x, y),
                        ("mul", None) => ibin(IntBinOp::Mul, w, x, y),
                        ("minui", None) => ibin(IntBinOp::MinUI, w, x, y),
                        ("minsi", None) => ibin(IntBinOp::MinSI, w, x, y),
                        ("maxui", None) => ibin(IntBinOp::MaxUI, w, x, y),
                        ("maxsi", None) => ibin(IntBinOp::MaxSI, w, x, y),
                        ("and", None) => ibin(IntBinOp::And, w, x, y),
                        ("or", None) => ibin(IntBinOp::Or, w, x, y),
                        ("xor", None) => ibin(IntBinOp::Xor, w, x, y),
                        _ => None,
                    }
                };
                let mut acc = acc.map(|s| f[s as usize].s());
                if let Some(m) = mask {
                    let lanes = self.agg(f, *m, op)?.data.clone();
                    let (data, start) = masked_reduction_lanes(kind, *elem, &a.data, &lanes)
                        .ok_or_else(|| self.err(op, format!("unsupported masked vector.reduction <{kind}>")))?;
                    a = Rc::new(Agg { shape: a.shape.clone(), data });
                    acc = acc.or(start);
                }
                let mut it = a.data.iter().copied();
                let mut cur = match acc {
                    Some(s) => Some(s),
                    None => it.next(),
                };
                for x in it {
                    cur = cur.and_then(|c| step(c, x));
                }
                let v = cur.ok_or_else(|| self.err(op, format!("unsupported vector.reduction <{kind}>")))?;
                f[*r as usize] = Value::S(v);
            }
            K::VLoad { m, idx, shape, r } => {
                let mr = self.memref(f, *m, op)?.clone();
                let base = Self::idx(f, idx);
                let lead = base.len() - shape.len().min(base.len());
                let mut data = Vec::new();
                for_each_index(shape, |ix| {
                    let mut p = base.clone();
                    for (j, x) in ix.iter().enumerate() {
                        p[lead + j] += x;
                    }
                    data.push(self.load(op, mr.alloc, mr.linear(&p))?);
                    Ok(())
                })?;
                f[*r as usize] = Value::A(Rc::new(Agg { shape: shape.iter().copied().collect(), data }));
            }
            K::VStore { v, m, idx } => {
                let mr = self.memref(f, *m, op)?.clone();
                let vec = self.agg(f, *v, op)?.clone();
                let base = Self::idx(f, idx);
                let lead = base.len() - vec.shape.len().min(base.len());
                let mut k = 0;
                for_each_index(&vec.shape, |ix| {
                    let mut p = base.clone();
                    for (j, x) in ix.iter().enumerate() {
                        p[lead + j] += x;
                    }
                    self.store(op, mr.alloc, mr.linear(&p), vec.data[k])?;
                    k += 1;
                    Ok(())
                })?;
            }
            K::Nop => {}
            K::Relayout(spec) => self.relayout(f, op, spec)?,
            K::TensorGather(spec) => self.gather_scatter(f, op, spec)?,
            K::Concat { srcs, dim, r } => {
                let parts: Vec<Rc<Agg>> = srcs.iter().map(|&s| self.agg(f, s, op).cloned()).collect::<Res<_>>()?;
                let first = parts.first().ok_or_else(|| self.err(op, "tensor.concat without operands"))?;
                let rank = first.shape.len();
                if *dim >= rank || parts.iter().any(|p| p.shape.len() != rank) {
                    return Err(self.err(op, "tensor.concat operands of different ranks"));
                }
                let mut shape = first.shape.clone();
                shape[*dim] = parts.iter().map(|p| p.shape[*dim]).sum();
                for p in &parts {
                    for d in (0..rank).filter(|&d| d != *dim) {
                        if p.shape[d] != shape[d] {
                            return Err(self.err(op, format!("tensor.concat operands differ in dimension {d}")));
                        }
                    }
                }
                let n = self.check_shape(op, &shape)?;
                // Row-major: each operand contributes a run of
                // `shape[dim] * inner` elements per outer index.
                let outer: i64 = shape[..*dim].iter().product();
                let inner: i64 = shape[*dim + 1..].iter().product();
                let mut data = Vec::with_capacity(n);
                for o in 0..outer.max(0) as usize {
                    for p in &parts {
                        let run = (p.shape[*dim] * inner).max(0) as usize;
                        data.extend_from_slice(&p.data[o * run..(o + 1) * run]);
                    }
                }
                f[*r as usize] = Value::A(Rc::new(Agg { shape, data }));
            }
            K::AddExt { w, sum, carry, a, b } => {
                let (x, y) = (f[*a as usize].s(), f[*b as usize].s());
                let s = mask(x.wrapping_add(y), *w);
                f[*sum as usize] = Value::S(s);
                f[*carry as usize] = Value::S(u64::from(s < mask(x, *w)));
            }
            K::Mask { sizes, shape, r } => {
                let lim: SmallVec<[i64; 4]> = sizes.iter().map(|m| Self::mixed1(f, m)).collect();
                let n = self.check_shape(op, shape)?;
                let mut data = Vec::with_capacity(n);
                for_each_index(shape, |ix| {
                    data.push(u64::from(ix.iter().zip(&lim).all(|(i, l)| i < l)));
                    Ok(())
                })?;
                f[*r as usize] = Value::A(Rc::new(Agg { shape: shape.iter().copied().collect(), data }));
            }
            K::AffineParallel { lb, lb_groups, ub, ub_groups, steps, reductions, body, res } => {
                self.affine_parallel(f, op, (lb, lb_groups), (ub, ub_groups), steps, reductions, body, res)?;
            }
            K::Unsupported(msg) => return Err(self.err(op, msg.clone())),
        }
        Ok(())
    }

    fn apply(&self, f: &Frame, op: OpId, m: &MapApply) -> Res<SmallVec<[i64; 4]>> {
        let vals = Self::idx(f, &m.operands);
        eval_map(&m.map, &vals).ok_or_else(|| self.err(op, "affine map evaluation failed (division by zero)"))
    }

    fn free(&mut self, op: OpId, m: &MemRef) -> Res<()> {
        self.heap.free(m, op).map_err(|e| self.mem_err(op, e))
    }
}
