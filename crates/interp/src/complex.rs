//! Complex numbers in the interpreter: how a `complex<fN>` value is held,
//! the ops of the `complex` dialect ([`CxOp`]) and their semantics.
//!
//! A complex value whose parts are at most 32 bits wide (`complex<f16>`,
//! `complex<bf16>`, `complex<f32>`) is one scalar word: the real part's
//! bits in the low half, the imaginary part's above them — the layout of
//! LLVM's `{re, im}` struct in memory, so such values live in tensors and
//! memrefs like any scalar (element type [`ElemTy::Complex`]) and
//! `complex.bitcast` to an integer of twice the width is a bit move. A
//! `complex<f64>` is a [`Value::C`] pair; it cannot be a tensor or memref
//! element.
//!
//! The functions follow upstream's `--convert-complex-to-standard`
//! expansions step by step (the scaled modulus, Smith's division with its
//! infinity and NaN cases, the multiplication's NaN recovery, `tanh`
//! through `expm1`, ...) in the element type's precision (`f32` for the
//! narrower formats), calling the platform's libm as the lowered program
//! does, so results match mlir-cpu-runner-19's bit for bit.

use crate::value::{ElemTy, Value};
use ir::FloatKind;

/// The ops of the `complex` dialect the interpreter runs through
/// [`eval`] (`constant`, `bitcast` and `create`'s peers compile otherwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CxOp {
    /// `complex.add`
    Add,
    /// `complex.sub`
    Sub,
    /// `complex.mul`
    Mul,
    /// `complex.div`
    Div,
    /// `complex.pow`
    Pow,
    /// `complex.atan2`
    Atan2,
    /// `complex.neg`
    Neg,
    /// `complex.conj`
    Conj,
    /// `complex.exp`
    Exp,
    /// `complex.expm1`
    Expm1,
    /// `complex.log`
    Log,
    /// `complex.log1p`
    Log1p,
    /// `complex.sqrt`
    Sqrt,
    /// `complex.rsqrt`
    Rsqrt,
    /// `complex.sin`
    Sin,
    /// `complex.cos`
    Cos,
    /// `complex.tan`
    Tan,
    /// `complex.tanh`
    Tanh,
    /// `complex.sign`
    Sign,
    /// `complex.abs` (a real result)
    Abs,
    /// `complex.angle` (a real result)
    Angle,
    /// `complex.re` (a real result)
    Re,
    /// `complex.im` (a real result)
    Im,
    /// `complex.eq` (an `i1` result)
    Eq,
    /// `complex.neq` (an `i1` result)
    Neq,
    /// `complex.create` (two real operands)
    Create,
}

impl CxOp {
    /// The op named `name`.
    pub fn of(name: &str) -> Option<CxOp> {
        use CxOp::*;
        Some(match name.strip_prefix("complex.")? {
            "add" => Add,
            "sub" => Sub,
            "mul" => Mul,
            "div" => Div,
            "pow" => Pow,
            "atan2" => Atan2,
            "neg" => Neg,
            "conj" => Conj,
            "exp" => Exp,
            "expm1" => Expm1,
            "log" => Log,
            "log1p" => Log1p,
            "sqrt" => Sqrt,
            "rsqrt" => Rsqrt,
            "sin" => Sin,
            "cos" => Cos,
            "tan" => Tan,
            "tanh" => Tanh,
            "sign" => Sign,
            "abs" => Abs,
            "angle" => Angle,
            "re" => Re,
            "im" => Im,
            "eq" => Eq,
            "neq" => Neq,
            "create" => Create,
            _ => return None,
        })
    }
}

/// True when complex values of element kind `k` are one scalar word.
pub fn packs(k: FloatKind) -> bool {
    k.bit_width() <= 32
}

fn part_to_f64(k: FloatKind, bits: u64) -> f64 {
    match k {
        FloatKind::F32 => f64::from(f32::from_bits(bits as u32)),
        FloatKind::F64 => f64::from_bits(bits),
        _ => ir::float::to_f64(k, u128::from(bits)),
    }
}

fn part_from_f64(k: FloatKind, x: f64) -> u64 {
    match k {
        FloatKind::F32 => u64::from((x as f32).to_bits()),
        FloatKind::F64 => x.to_bits(),
        _ => ir::float::from_f64(k, x) as u64,
    }
}

/// The value of the parts' bits `re` and `im` of element kind `k`.
pub fn from_parts(k: FloatKind, re: u64, im: u64) -> Value {
    if packs(k) {
        let w = k.bit_width();
        Value::S(crate::value::mask(re, w) | (crate::value::mask(im, w) << w))
    } else {
        Value::C(re, im)
    }
}

/// The parts' bits of a complex value of element kind `k`.
pub fn parts(k: FloatKind, v: &Value) -> Option<(u64, u64)> {
    match v {
        Value::S(b) if packs(k) => {
            let w = k.bit_width();
            Some((crate::value::mask(*b, w), crate::value::mask(*b >> w, w)))
        }
        Value::C(re, im) => Some((*re, *im)),
        _ => None,
    }
}

/// The element type of `complex<k>` values in memory, when they fit a word.
pub fn elem_ty(k: FloatKind) -> Option<ElemTy> {
    packs(k).then_some(ElemTy::Complex(k))
}

/// The float operations the lowered complex functions use, in the element
/// type's own precision (`f32` or `f64`, each calling the platform's libm
/// as the LLVM lowering does).
trait Fl:
    Copy
    + PartialOrd
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::Div<Output = Self>
    + std::ops::Neg<Output = Self>
{
    fn of(x: f64) -> Self;
    fn to(self) -> f64;
    fn abs(self) -> Self;
    fn sqrt(self) -> Self;
    fn rsqrt(self) -> Self;
    fn exp(self) -> Self;
    fn exp_m1(self) -> Self;
    fn ln(self) -> Self;
    fn ln_1p(self) -> Self;
    fn sin(self) -> Self;
    fn cos(self) -> Self;
    fn atan2(self, x: Self) -> Self;
    fn powf(self, e: Self) -> Self;
    fn copysign(self, s: Self) -> Self;
    fn is_nan(self) -> bool;
}

macro_rules! impl_fl {
    ($t:ty) => {
        impl Fl for $t {
            fn of(x: f64) -> Self {
                x as $t
            }
            fn to(self) -> f64 {
                self as f64
            }
            fn abs(self) -> Self {
                <$t>::abs(self)
            }
            fn sqrt(self) -> Self {
                <$t>::sqrt(self)
            }
            fn rsqrt(self) -> Self {
                1.0 / <$t>::sqrt(self)
            }
            fn exp(self) -> Self {
                <$t>::exp(self)
            }
            // `--convert-math-to-llvm` expands `math.expm1` and
            // `math.log1p` as `exp(x) - 1` and `log(1 + x)`.
            fn exp_m1(self) -> Self {
                <$t>::exp(self) - 1.0
            }
            fn ln(self) -> Self {
                <$t>::ln(self)
            }
            fn ln_1p(self) -> Self {
                <$t>::ln(1.0 + self)
            }
            fn sin(self) -> Self {
                <$t>::sin(self)
            }
            fn cos(self) -> Self {
                <$t>::cos(self)
            }
            fn atan2(self, x: Self) -> Self {
                <$t>::atan2(self, x)
            }
            fn powf(self, e: Self) -> Self {
                <$t>::powf(self, e)
            }
            fn copysign(self, s: Self) -> Self {
                <$t>::copysign(self, s)
            }
            fn is_nan(self) -> bool {
                <$t>::is_nan(self)
            }
        }
    };
}
impl_fl!(f32);
impl_fl!(f64);

/// `arith.maximumf`: NaN-propagating, `+0 > -0`.
fn maximum<F: Fl>(a: F, b: F) -> F {
    if a.is_nan() || b.is_nan() {
        return F::of(f64::NAN);
    }
    if a == b {
        return if a.to().is_sign_negative() { b } else { a };
    }
    if a > b {
        a
    } else {
        b
    }
}

/// `arith.minimumf`: NaN-propagating, `-0 < +0`.
fn minimum<F: Fl>(a: F, b: F) -> F {
    if a.is_nan() || b.is_nan() {
        return F::of(f64::NAN);
    }
    if a == b {
        return if a.to().is_sign_negative() { a } else { b };
    }
    if a < b {
        a
    } else {
        b
    }
}

fn inf<F: Fl>() -> F {
    F::of(f64::INFINITY)
}

fn zero<F: Fl>() -> F {
    F::of(0.0)
}

fn one<F: Fl>() -> F {
    F::of(1.0)
}

fn sel<F>(c: bool, a: F, b: F) -> F {
    if c {
        a
    } else {
        b
    }
}

#[derive(Clone, Copy, PartialEq)]
enum AbsFn {
    Abs,
    Sqrt,
    Rsqrt,
}

/// The modulus (or its square root or reciprocal square root), scaled by
/// the larger part.
fn compute_abs<F: Fl>(re: F, im: F, f: AbsFn) -> F {
    let (ar, ai) = (re.abs(), im.abs());
    let (mut max, mut min) = (maximum(ar, ai), minimum(ar, ai));
    let ratio = min / max;
    let mut sq1 = ratio * ratio + one();
    if f == AbsFn::Rsqrt {
        sq1 = sq1.rsqrt();
        min = min.rsqrt();
        max = max.rsqrt();
    }
    let result = if f == AbsFn::Sqrt { max.sqrt() * sq1.powf(F::of(0.25)) } else { max * sq1.sqrt() };
    sel(result.is_nan(), min, result)
}

type P<F> = (F, F);

fn mul<F: Fl>((a, b): P<F>, (c, d): P<F>) -> P<F> {
    let (mut lr, mut li, mut rr, mut ri) = (a, b, c, d);
    let (lra, lia, rra, ria) = (lr.abs(), li.abs(), rr.abs(), ri.abs());
    let (rr_x, ii_x, ir_x, ri_x) = (lr * rr, li * ri, li * rr, lr * ri);
    let mut real = rr_x - ii_x;
    let mut imag = ir_x + ri_x;
    let is_nan = real.is_nan() && imag.is_nan();
    let (inf, zero, one) = (inf::<F>(), zero::<F>(), one::<F>());
    let (lr_inf, li_inf) = (lra == inf, lia == inf);
    let lhs_inf = lr_inf || li_inf;
    let (rr_nan, ri_nan) = (rr.is_nan(), ri.is_nan());
    lr = sel(lhs_inf, sel(lr_inf, one, zero).copysign(lr), lr);
    li = sel(lhs_inf, sel(li_inf, one, zero).copysign(li), li);
    rr = sel(lhs_inf && rr_nan, zero.copysign(rr), rr);
    ri = sel(lhs_inf && ri_nan, zero.copysign(ri), ri);
    let (rr_inf, ri_inf) = (rra == inf, ria == inf);
    let rhs_inf = rr_inf || ri_inf;
    let (lr_nan, li_nan) = (lr.is_nan(), li.is_nan());
    rr = sel(rhs_inf, sel(rr_inf, one, zero).copysign(rr), rr);
    ri = sel(rhs_inf, sel(ri_inf, one, zero).copysign(ri), ri);
    lr = sel(rhs_inf && lr_nan, zero.copysign(lr), lr);
    li = sel(rhs_inf && li_nan, zero.copysign(li), li);
    let mut recalc = lhs_inf || rhs_inf;
    let special = (rr_x.abs() == inf || ii_x.abs() == inf || ri_x.abs() == inf || ir_x.abs() == inf) && !recalc;
    lr = sel(special && lr_nan, zero.copysign(lr), lr);
    li = sel(special && li_nan, zero.copysign(li), li);
    rr = sel(special && rr_nan, zero.copysign(rr), rr);
    ri = sel(special && ri_nan, zero.copysign(ri), ri);
    recalc = is_nan && (recalc || special);
    real = sel(recalc, inf * (lr * rr - li * ri), real);
    imag = sel(recalc, inf * (li * rr + lr * ri), imag);
    (real, imag)
}

fn div<F: Fl>((lr, li): P<F>, (rr, ri): P<F>) -> P<F> {
    let (inf, zero, one) = (inf::<F>(), zero::<F>(), one::<F>());
    let ratio1 = rr / ri;
    let den1 = ri + ratio1 * rr;
    let (re1, im1) = ((lr * ratio1 + li) / den1, (li * ratio1 - lr) / den1);
    let ratio2 = ri / rr;
    let den2 = rr + ratio2 * ri;
    let (re2, im2) = ((lr + li * ratio2) / den2, (li - lr * ratio2) / den2);
    let (rra, ria, lra, lia) = (rr.abs(), ri.abs(), lr.abs(), li.abs());
    let lhs_not_nan = !lr.is_nan() || !li.is_nan();
    let result_inf = lhs_not_nan && rra == zero && ria == zero;
    let inf_sign = inf.copysign(rr);
    let (re_inf, im_inf) = (inf_sign * lr, inf_sign * li);
    // `ONE` (ordered and unequal) is false for NaN.
    let finite = |x: F| !x.is_nan() && x != inf;
    let rhs_finite = finite(rra) && finite(ria);
    let (lr_inf, li_inf) = (lra == inf, lia == inf);
    let inf_num = (lr_inf || li_inf) && rhs_finite;
    let (lrs, lis) = (sel(lr_inf, one, zero).copysign(lr), sel(li_inf, one, zero).copysign(li));
    let re3 = inf * (lrs * rr + lis * ri);
    let im3 = inf * (lis * rr - lrs * ri);
    let lhs_finite = finite(lra) && finite(lia);
    let (rr_inf, ri_inf) = (rra == inf, ria == inf);
    let inf_den = lhs_finite && (rr_inf || ri_inf);
    let (rrs, ris) = (sel(rr_inf, one, zero).copysign(rr), sel(ri_inf, one, zero).copysign(ri));
    let re4 = zero * (lr * rrs + li * ris);
    let im4 = zero * (li * rrs - lr * ris);
    let smaller = rra < ria;
    let (re, im) = (sel(smaller, re1, re2), sel(smaller, im1, im2));
    let re_s3 = sel(inf_den, re4, re);
    let im_s3 = sel(inf_den, im4, im);
    let re_s2 = sel(inf_num, re3, re_s3);
    let im_s2 = sel(inf_num, im3, im_s3);
    let re_s1 = sel(result_inf, re_inf, re_s2);
    let im_s1 = sel(result_inf, im_inf, im_s2);
    let nan = re.is_nan() && im.is_nan();
    (sel(nan, re_s1, re), sel(nan, im_s1, im))
}

fn exp<F: Fl>((re, im): P<F>) -> P<F> {
    let e = re.exp();
    (e * im.cos(), e * im.sin())
}

fn log<F: Fl>((re, im): P<F>) -> P<F> {
    (compute_abs(re, im, AbsFn::Abs).ln(), im.atan2(re))
}

fn log1p<F: Fl>((re, im): P<F>) -> P<F> {
    let (half, one) = (F::of(0.5), one::<F>());
    let re1 = re + one;
    let (ar1, ai) = (re1.abs(), im.abs());
    let (max, min) = (maximum(ar1, ai), minimum(ar1, ai));
    let use_real = re1 > ai;
    let max_m1 = sel(use_real, re, max - one);
    let ratio = min / max;
    let r = half * (ratio * ratio).ln_1p() + max_m1.ln_1p();
    (sel(r.is_nan(), min, r), im.atan2(re1))
}

fn sqrt<F: Fl>((re, im): P<F>) -> P<F> {
    let (zero, inf) = (zero::<F>(), inf::<F>());
    let abs_sqrt = compute_abs(re, im, AbsFn::Sqrt);
    let arg = im.atan2(re) * F::of(0.5);
    let (cos, sin) = (arg.cos(), arg.sin());
    let mut rr = abs_sqrt * cos;
    let mut ri = sel(sin == zero, zero, abs_sqrt * sin);
    let ai = im.abs();
    let (ai_inf, ai_not_inf) = (ai == inf, !ai.is_nan() && ai != inf);
    let (re_inf, re_neg_inf) = (re == inf, re == -inf);
    rr = sel(re_neg_inf && ai_not_inf, zero, rr);
    rr = sel(ai_inf || re_inf, inf, rr);
    ri = sel(abs_sqrt.is_nan(), F::of(f64::NAN), ri);
    ri = sel(ai_inf || re_neg_inf, inf.copysign(im), ri);
    let is_zero = abs_sqrt == zero;
    (sel(is_zero, zero, rr), sel(is_zero, zero, ri))
}

fn rsqrt<F: Fl>((re, im): P<F>) -> P<F> {
    let (zero, inf, nan) = (zero::<F>(), inf::<F>(), F::of(f64::NAN));
    let abs_rsqrt = compute_abs(re, im, AbsFn::Rsqrt);
    let arg = im.atan2(re) * F::of(-0.5);
    let mut rr = abs_rsqrt * arg.cos();
    let mut ri = abs_rsqrt * arg.sin();
    let (re0, im0) = (zero.copysign(re), zero.copysign(im));
    let result_zero = (im.abs() == inf && re.is_nan()) || re.abs() == inf;
    rr = sel(result_zero, re0, rr);
    ri = sel(result_zero, F::of(-1.0) * im0, ri);
    let is_zero = re == zero && im == zero;
    (sel(is_zero, inf, rr), sel(is_zero, nan, ri))
}

/// `sin` (`sine`) or `cos` through `exp(±im)`.
fn trig<F: Fl>((re, im): P<F>, sine: bool) -> P<F> {
    let half = F::of(0.5);
    let e = im.exp();
    let (scaled, recip) = (half * e, half / e);
    let (sin, cos) = (re.sin(), re.cos());
    if sine {
        ((scaled + recip) * sin, (scaled - recip) * cos)
    } else {
        ((recip + scaled) * cos, (recip - scaled) * sin)
    }
}

/// `tanh`, or `tan` through `tanh(i z)`.
fn tan_tanh<F: Fl>((re, im): P<F>, tan: bool) -> P<F> {
    let neg_one = F::of(-1.0);
    let (mut real, mut imag) = (re, im);
    if tan {
        std::mem::swap(&mut real, &mut imag);
        real = real * neg_one;
    }
    let (inf, four, zero) = (inf::<F>(), F::of(4.0), zero::<F>());
    let two_real = real + real;
    let e1 = two_real.exp_m1();
    let e2 = (neg_one * two_real).exp_m1();
    let real_num = e1 - e2;
    let cos = imag.cos();
    let two_cos = cos * cos * four;
    let imag_num = four * (cos * imag.sin());
    let sum = e1 + e2;
    let den = sum + two_cos;
    let mut rr = sel(sum == inf, neg_one.copysign(real), real_num / den);
    let mut ri = imag_num / den;
    let abs_real_inf = real.abs() == inf;
    let num_nan = imag_num.is_nan();
    rr = sel(num_nan && !abs_real_inf, F::of(f64::NAN), rr);
    ri = sel(imag == zero || (abs_real_inf && num_nan), zero, ri);
    if tan {
        std::mem::swap(&mut rr, &mut ri);
        ri = ri * neg_one;
    }
    (rr, ri)
}

fn pow<F: Fl>((a, b): P<F>, (c, d): P<F>) -> P<F> {
    let (inf, zero, one) = (inf::<F>(), zero::<F>(), one::<F>());
    let abs = compute_abs(a, b, AbsFn::Abs);
    let abs_to_c = abs.powf(c);
    let arg = b.atan2(a);
    let coeff = abs_to_c * (-d * arg).exp();
    let q = c * arg + d * abs.ln();
    let coeff_cos_sin = (coeff * q.cos(), coeff * q.sin());
    let (c0, d0, b0) = (c == zero, d == zero, b == zero);
    let one_or_zero = sel(c0, (one, zero), (zero, zero));
    let cut0 = sel(abs == zero && d0 && zero <= c, one_or_zero, coeff_cos_sin);
    let cut1 = sel(c0 && d0, (one, zero), cut0);
    let cut2 = sel(a == one && b0, (one, zero), cut1);
    let lhs_inf = a == inf && b0;
    let cut3 = sel(lhs_inf && d0 && c > zero, (inf, zero), cut2);
    sel(lhs_inf && d0 && c < zero, (zero, zero), cut3)
}

/// `atan2(y, x) = -i log((x + i y) / sqrt(x² + y²))` over complex `x`, `y`.
fn atan2<F: Fl>(y: P<F>, x: P<F>) -> P<F> {
    let (zero, one) = (zero::<F>(), one::<F>());
    let sum = mul(x, x);
    let sum = {
        let yy = mul(y, y);
        (sum.0 + yy.0, sum.1 + yy.1)
    };
    let den = sqrt(sum);
    let iy = mul((zero, one), y);
    let num = (x.0 + iy.0, x.1 + iy.1);
    mul((zero, F::of(-1.0)), log(div(num, den)))
}

fn sign<F: Fl>((re, im): P<F>) -> P<F> {
    let zero = zero::<F>();
    if re == zero && im == zero {
        return (re, im);
    }
    let abs = compute_abs(re, im, AbsFn::Abs);
    (re / abs, im / abs)
}

/// Evaluates `op` on parts in precision `F`: complex result parts, or the
/// real result in `.0`.
fn eval_in<F: Fl>(op: CxOp, a: P<F>, b: Option<P<F>>) -> Option<P<F>> {
    use CxOp::*;
    let neg_one = F::of(-1.0);
    Some(match op {
        Add => {
            let b = b?;
            (a.0 + b.0, a.1 + b.1)
        }
        Sub => {
            let b = b?;
            (a.0 - b.0, a.1 - b.1)
        }
        Mul => mul(a, b?),
        Div => div(a, b?),
        Pow => pow(a, b?),
        Atan2 => atan2(a, b?),
        Neg => (-a.0, -a.1),
        Conj => (a.0, -a.1),
        Exp => exp(a),
        Expm1 => {
            let e = exp(a);
            (e.0 - one(), e.1)
        }
        Log => log(a),
        Log1p => log1p(a),
        Sqrt => sqrt(a),
        Rsqrt => rsqrt(a),
        Sin => trig(a, true),
        Cos => trig(a, false),
        Tan => tan_tanh(a, true),
        Tanh => tan_tanh(a, false),
        Sign => sign(a),
        Abs => (compute_abs(a.0, a.1, AbsFn::Abs), neg_one),
        Angle => (a.1.atan2(a.0), neg_one),
        Re | Im | Create | Eq | Neq => return None,
    })
}

fn parts_f64(k: FloatKind, v: &Value) -> Option<(f64, f64)> {
    let (re, im) = parts(k, v)?;
    Some((part_to_f64(k, re), part_to_f64(k, im)))
}

/// Evaluates a complex function of element kind `k` on `args`; the result
/// is complex, real (`abs`, `angle`, `re`, `im`: the part's bits) or `i1`.
/// `f64` parts compute in `f64`, narrower ones in `f32`, following the
/// expansions of upstream's `--convert-complex-to-standard` step by step.
pub fn eval(op: CxOp, k: FloatKind, args: &[&Value]) -> Option<Value> {
    use CxOp::*;
    match op {
        Create => {
            let (Value::S(re), Value::S(im)) = (args.first()?, args.get(1)?) else { return None };
            return Some(from_parts(k, *re, *im));
        }
        Re | Im => {
            let (re, im) = parts(k, args.first()?)?;
            return Some(Value::S(if op == Re { re } else { im }));
        }
        Eq | Neq => {
            let (a, b) = (parts_f64(k, args.first()?)?, parts_f64(k, args.get(1)?)?);
            // `oeq` on both parts, or `une` on either.
            let r = if op == Eq { a.0 == b.0 && a.1 == b.1 } else { a.0 != b.0 || a.1 != b.1 };
            return Some(Value::S(u64::from(r)));
        }
        _ => {}
    }
    let a = parts_f64(k, args.first()?)?;
    let b = match args.get(1) {
        Some(v) => Some(parts_f64(k, v)?),
        None => None,
    };
    let (re, im) = if k == FloatKind::F64 {
        eval_in::<f64>(op, a, b)?
    } else {
        let n = |p: (f64, f64)| (p.0 as f32, p.1 as f32);
        let (re, im) = eval_in::<f32>(op, n(a), b.map(n))?;
        (f64::from(re), f64::from(im))
    };
    if matches!(op, Abs | Angle) {
        return Some(Value::S(part_from_f64(k, re)));
    }
    Some(from_parts(k, part_from_f64(k, re), part_from_f64(k, im)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f32c(re: f32, im: f32) -> Value {
        from_parts(FloatKind::F32, u64::from(re.to_bits()), u64::from(im.to_bits()))
    }

    fn back(v: &Value) -> (f32, f32) {
        let (re, im) = parts(FloatKind::F32, v).unwrap();
        (f32::from_bits(re as u32), f32::from_bits(im as u32))
    }

    /// `complex<f32>` packs real then imaginary, as LLVM lays out the
    /// struct; `complex<f64>` is a pair.
    #[test]
    fn layout() {
        assert_eq!(f32c(1.0, 2.0).s(), u64::from(1.0f32.to_bits()) | (u64::from(2.0f32.to_bits()) << 32));
        assert!(matches!(from_parts(FloatKind::F64, 1, 2), Value::C(1, 2)));
    }

    #[test]
    fn arithmetic_and_functions() {
        let k = FloatKind::F32;
        let (a, b) = (f32c(1.0, 2.0), f32c(3.0, -4.0));
        assert_eq!(back(&eval(CxOp::Mul, k, &[&a, &b]).unwrap()), (11.0, 2.0));
        assert_eq!(back(&eval(CxOp::Div, k, &[&b, &a]).unwrap()), (-1.0, -2.0));
        // sqrt goes through the polar form, as the lowering does: cos(pi/2)
        // in f32 leaves a tiny real part.
        let (re, im) = back(&eval(CxOp::Sqrt, k, &[&f32c(-4.0, 0.0)]).unwrap());
        assert!(re.abs() < 1e-6 && re != 0.0 && im == 2.0);
        let abs = eval(CxOp::Abs, k, &[&b]).unwrap();
        assert_eq!(f32::from_bits(abs.s() as u32), 5.0);
        assert_eq!(eval(CxOp::Eq, k, &[&a, &a]).unwrap().s(), 1);
        assert_eq!(eval(CxOp::Neq, k, &[&a, &b]).unwrap().s(), 1);
        // exp(log(z)) is z again, up to rounding.
        let l = eval(CxOp::Log, k, &[&b]).unwrap();
        let (re, im) = back(&eval(CxOp::Exp, k, &[&l]).unwrap());
        assert!((re - 3.0).abs() < 1e-5 && (im + 4.0).abs() < 1e-5);
        // tanh saturates for large real parts.
        assert_eq!(back(&eval(CxOp::Tanh, k, &[&f32c(100.0, 1.0)]).unwrap()).0, 1.0);
    }
}
