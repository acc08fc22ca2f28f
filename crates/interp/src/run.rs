//! One interpreter run: compiles the module, builds (or parses) the entry
//! function's arguments with a seeded generator, executes, checks for
//! leaks, and renders the entry results and statistics for printing and
//! for comparison mode.

use crate::compile::{compile, Program};
use crate::exec::{ExecOptions, Machine};
use crate::heap::{AllocKind, Stats};
use crate::value::{row_major_strides, sext, Agg, ElemTy, MemRef, Value};
use ir::{Diagnostic, FloatKind, Ir, OpId, Type, TypeKind, DYNAMIC};
use smallvec::SmallVec;
use std::rc::Rc;

/// What to run and how.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Entry function name.
    pub entry: String,
    /// Scalar arguments given on the command line (in order).
    pub args: Vec<String>,
    /// Seed of the generated inputs.
    pub seed: u64,
    /// Size used for every dynamic dimension of generated inputs.
    pub dyn_size: i64,
    /// Uninitialised reads are errors.
    pub strict: bool,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions { entry: "main".into(), args: Vec::new(), seed: 1, dyn_size: 4, strict: false }
    }
}

/// The outcome of a run.
#[derive(Debug, Default)]
pub struct RunOutcome {
    /// Text printed by the program.
    pub stdout: String,
    /// Diagnostics: the fatal error (if any), leaks, warnings.
    pub diags: Vec<Diagnostic>,
    /// Allocation statistics.
    pub stats: Stats,
    /// The entry function's results, rendered (`None` when it did not return).
    pub results: Option<Vec<String>>,
    /// True when no error was reported.
    pub ok: bool,
}

/// A small deterministic generator (splitmix64).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// Seeded generator.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }
    /// Next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// A random element of type `e`: small integers, or floats that are
    /// multiples of 1/4 in [-4, 4) (exact in every format, so sums do not
    /// depend on evaluation order more than necessary).
    pub fn elem(&mut self, e: ElemTy) -> u64 {
        let r = self.next_u64();
        match e {
            ElemTy::Int(1) => r & 1,
            ElemTy::Int(w) => crate::value::mask(((r % 16) as i64 - 8) as u64, w),
            ElemTy::Index => r % 8,
            ElemTy::Float(k) => float_from_f64(k, ((r % 32) as i64 - 16) as f64 / 4.0),
            ElemTy::Complex(k) => {
                let part = |x: u64| float_from_f64(k, ((x % 32) as i64 - 16) as f64 / 4.0);
                crate::complex::from_parts(k, part(r), part(r >> 16)).s()
            }
        }
    }
}

fn float_from_f64(k: FloatKind, x: f64) -> u64 {
    match k {
        FloatKind::F64 => x.to_bits(),
        FloatKind::F32 => u64::from((x as f32).to_bits()),
        _ => ir::float::from_f64(k, x) as u64,
    }
}

fn parse_scalar(e: ElemTy, s: &str) -> Option<u64> {
    match e {
        ElemTy::Float(k) => s.parse::<f64>().ok().map(|x| float_from_f64(k, x)),
        ElemTy::Int(1) => match s {
            "true" => Some(1),
            "false" => Some(0),
            _ => s.parse::<i64>().ok().map(|v| (v & 1) as u64),
        },
        ElemTy::Int(w) => s.parse::<i64>().ok().map(|v| crate::value::mask(v as u64, w)),
        ElemTy::Index => s.parse::<i64>().ok().map(|v| v as u64),
        ElemTy::Complex(_) => None,
    }
}

/// Builds the entry arguments: scalars from `opts.args` (random when
/// missing), tensors and memrefs from the seeded generator.
fn make_args(m: &mut Machine, tys: &[Type], opts: &RunOptions, rng: &mut Rng) -> Result<SmallVec<[Value; 4]>, String> {
    let ctx = m.ir.ctx();
    let mut out = SmallVec::new();
    let mut cli = opts.args.iter();
    for (i, &t) in tys.iter().enumerate() {
        let kind = ctx.kind(t).clone();
        let v = match kind {
            TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_) => {
                let e = ElemTy::of(ctx, t).ok_or_else(|| format!("unsupported argument type of argument #{i}"))?;
                match cli.next() {
                    Some(s) => Value::S(parse_scalar(e, s).ok_or_else(|| format!("cannot parse argument #{i} '{s}'"))?),
                    None => Value::S(rng.elem(e)),
                }
            }
            TypeKind::Tensor { shape, elem, .. } | TypeKind::MemRef { shape, elem, .. } => {
                let e = ElemTy::of(ctx, elem).ok_or_else(|| format!("unsupported element type of argument #{i}"))?;
                let shape: SmallVec<[i64; 4]> =
                    shape.iter().map(|&d| if d == DYNAMIC { opts.dyn_size } else { d }).collect();
                let n: i64 = shape.iter().product();
                let data: Vec<u64> = (0..n).map(|_| rng.elem(e)).collect();
                if matches!(ctx.kind(t), TypeKind::Tensor { .. }) {
                    Value::A(Rc::new(Agg { shape, data }))
                } else {
                    let a = m.heap.allocate(data.len(), e.bytes(), AllocKind::External, None, Some(data));
                    let strides = row_major_strides(&shape);
                    Value::M(Rc::new(MemRef { alloc: a, offset: 0, sizes: shape, strides, base: true }))
                }
            }
            _ => return Err(format!("unsupported type of argument #{i}")),
        };
        out.push(v);
    }
    Ok(out)
}

fn fmt_scalar(e: ElemTy, bits: u64) -> String {
    match e {
        ElemTy::Int(1) => (bits & 1).to_string(),
        ElemTy::Int(w) => sext(bits, w).to_string(),
        ElemTy::Index => (bits as i64).to_string(),
        ElemTy::Float(FloatKind::F32) => format!("{:?}", f32::from_bits(bits as u32)),
        ElemTy::Float(FloatKind::F64) => format!("{:?}", f64::from_bits(bits)),
        ElemTy::Float(k) => format!("{:?}", ir::float::to_f64(k, u128::from(bits))),
        ElemTy::Complex(k) => fmt_complex(k, &Value::S(bits)),
    }
}

/// `(re, im)` of a complex value of element kind `k`.
fn fmt_complex(k: FloatKind, v: &Value) -> String {
    match crate::complex::parts(k, v) {
        Some((re, im)) => format!("({}, {})", fmt_scalar(ElemTy::Float(k), re), fmt_scalar(ElemTy::Float(k), im)),
        None => "<undef>".into(),
    }
}

fn render(m: &Machine, v: &Value, t: Type) -> String {
    let ctx = m.ir.ctx();
    if let (Value::C(..), TypeKind::Complex(e)) = (v, ctx.kind(t)) {
        if let TypeKind::Float(k) = ctx.kind(*e) {
            return fmt_complex(*k, v);
        }
    }
    let e = match ctx.kind(t) {
        TypeKind::Complex(_) => ElemTy::of(ctx, t),
        _ => ctx.element_type(t).and_then(|e| ElemTy::of(ctx, e)).or_else(|| ElemTy::of(ctx, t)),
    };
    let Some(e) = e else { return "<unsupported>".into() };
    let list = |shape: &[i64], it: &mut dyn Iterator<Item = Option<u64>>| {
        let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
        let elems: Vec<String> = it.map(|x| x.map(|b| fmt_scalar(e, b)).unwrap_or_else(|| "?".into())).collect();
        format!("<{}> [{}]", dims.join("x"), elems.join(", "))
    };
    match v {
        Value::S(b) => fmt_scalar(e, *b),
        Value::A(a) => list(&a.shape, &mut a.data.iter().map(|&x| Some(x))),
        Value::M(mr) => {
            let mut lins = Vec::new();
            mr.for_each_linear(|l| lins.push(l));
            let vals: Vec<Option<u64>> = lins
                .iter()
                .map(|&l| if m.heap.is_init(mr.alloc, l) { m.heap.peek(mr.alloc, l).ok() } else { None })
                .collect();
            list(&mr.sizes, &mut vals.into_iter())
        }
        Value::C(..) => "<unsupported>".into(),
        Value::Undef => "<undef>".into(),
    }
}

/// Runs `opts.entry` of the module under `top`.
pub fn run(ir: &Ir, top: OpId, opts: &RunOptions) -> RunOutcome {
    let prog: Program = compile(ir, top);
    run_program(ir, &prog, opts)
}

/// Runs an already compiled program.
pub fn run_program(ir: &Ir, prog: &Program, opts: &RunOptions) -> RunOutcome {
    let mut out = RunOutcome::default();
    let unknown = ir.ctx().unknown_loc();
    let Some(&fi) = prog.by_name.get(&opts.entry) else {
        out.diags.push(Diagnostic::error(unknown, format!("entry function @{} not found", opts.entry)));
        return out;
    };
    let mut m = Machine::new(ir, prog, ExecOptions { strict: opts.strict, ..Default::default() });
    let mut rng = Rng::new(opts.seed);
    let func = &prog.funcs[fi as usize];
    let args = match make_args(&mut m, &func.arg_tys, opts, &mut rng) {
        Ok(a) => a,
        Err(e) => {
            out.diags.push(Diagnostic::error(ir.op_loc(func.op), e));
            return out;
        }
    };
    let result = m.call(fi, args, None);
    let mut failed = false;
    match result {
        Ok(vals) => {
            let mut rendered = Vec::new();
            let mut handed_out = Vec::new();
            for (v, t) in vals.iter().zip(&func.res_tys) {
                rendered.push(render(&m, v, *t));
                if let Value::M(mr) = v {
                    handed_out.push(mr.alloc);
                }
            }
            out.results = Some(rendered);
            let leaks: Vec<(Option<OpId>, u64)> = m
                .heap
                .leaks()
                .filter(|(i, _)| !handed_out.contains(i))
                .map(|(_, a)| (a.alloc_site, a.len as u64 * a.elem_bytes))
                .collect();
            for (site, bytes) in leaks {
                let loc = site.map(|s| ir.op_loc(s)).unwrap_or(unknown);
                m.diags
                    .push(Diagnostic::error(loc, format!("memory leak: {bytes} bytes allocated here are never freed")));
                failed = true;
            }
        }
        Err(d) => {
            m.diags.push(*d);
            failed = true;
        }
    }
    failed |= m.diags.iter().any(|d| d.severity == ir::Severity::Error);
    out.ok = !failed;
    out.stats = m.heap.stats;
    out.stdout = std::mem::take(&mut m.out);
    out.diags = std::mem::take(&mut m.diags);
    out
}

/// Statistics as text (one `name: value` line each).
pub fn stats_text(s: &Stats) -> String {
    format!(
        "allocations: {}\nbytes allocated: {}\npeak live bytes: {}\nbytes copied: {}\ndeallocations: {}\n",
        s.allocations, s.bytes_allocated, s.peak_live_bytes, s.bytes_copied, s.deallocations
    )
}

/// Statistics as a JSON object.
pub fn stats_json(s: &Stats) -> String {
    format!(
        "{{\"allocations\": {}, \"bytes_allocated\": {}, \"peak_live_bytes\": {}, \"bytes_copied\": {}, \"deallocations\": {}}}",
        s.allocations, s.bytes_allocated, s.peak_live_bytes, s.bytes_copied, s.deallocations
    )
}
