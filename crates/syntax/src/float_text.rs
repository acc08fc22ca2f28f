//! Float literals as text, byte-compatible with `mlir-opt-19`: parsing
//! them the way MLIR's parser builds a `FloatAttr` ([`parse_decimal`],
//! [`from_hex_bits`], [`parse_integer_literal`]) and printing a value
//! exactly like `AsmPrinter`'s `printFloatValue` ([`print`], [`print_into`],
//! [`print_hex`]), used for `FloatAttr`, `dense<...>` and `array<...>`
//! elements alike. The values themselves (encodings, conversions) are
//! `ir::float`'s.

use ir::float::*;
use std::cmp::Ordering;
use std::fmt::Write as _;

// ---------------------------------------------------------------------------
// Parsing.
// ---------------------------------------------------------------------------

/// Error for a decimal integer literal where a float is expected.
pub const ERR_DECIMAL_INTEGER: &str = "unexpected decimal integer literal for a floating point value";
/// Note MLIR attaches to [`ERR_DECIMAL_INTEGER`].
pub const NOTE_DECIMAL_INTEGER: &str = "add a trailing dot to make the literal a float";
/// Error for `-0x...` float literals.
pub const ERR_HEX_NEGATIVE: &str = "hexadecimal float literal should not have a leading minus";
/// Error for a hexadecimal literal wider than the type.
pub const ERR_HEX_RANGE: &str = "hexadecimal float constant out of range for type";

/// Whether `text` is an MLIR float-literal token: `[0-9]+ '.' [0-9]* ([eE][-+]?[0-9]+)?`.
fn is_float_literal(text: &str) -> bool {
    let b = text.as_bytes();
    let digits = |mut i: usize| {
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        i
    };
    let int_end = digits(0);
    if int_end == 0 || b.get(int_end) != Some(&b'.') {
        return false;
    }
    let frac_end = digits(int_end + 1);
    if frac_end == b.len() {
        return true;
    }
    if !matches!(b[frac_end], b'e' | b'E') {
        return false;
    }
    let mut i = frac_end + 1;
    if matches!(b.get(i), Some(b'+' | b'-')) {
        i += 1;
    }
    let exp_end = digits(i);
    exp_end > i && exp_end == b.len()
}

/// Parses a float-literal token (`1.5`, `2.0e+03`, `1.` ...; the sign comes
/// separately) for an attribute of type `kind`. Like MLIR 19, the literal is
/// first rounded to `f64` (overflow gives infinity) and then converted to the
/// type with round-to-nearest-even, so `0.1 : f128` is the `f64` nearest 0.1.
pub fn parse_decimal(kind: FloatKind, text: &str, negative: bool) -> Result<u128, String> {
    if !is_float_literal(text) {
        if !text.is_empty() && text.bytes().all(|c| c.is_ascii_digit()) {
            return Err(ERR_DECIMAL_INTEGER.to_owned());
        }
        return Err(format!("invalid floating point literal '{text}'"));
    }
    let v: f64 = text.parse().map_err(|_| "floating point value too large for attribute".to_owned())?;
    Ok(from_f64(kind, if negative { -v } else { v }))
}

/// Parses the hexadecimal form of a float (`0x7FC00000`; the `0x` prefix is
/// optional): the raw bit pattern, which must fit in [`FloatKind::bit_width`]
/// bits (leading zeros are fine). Returns the canonical pattern (see
/// [`canonicalize`]; `tf32` keeps the low 19 bits).
pub fn from_hex_bits(kind: FloatKind, hex_digits: &str) -> Result<u128, String> {
    let digits = hex_digits.strip_prefix("0x").unwrap_or(hex_digits).as_bytes();
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_hexdigit) {
        return Err(format!("invalid hexadecimal float literal '{hex_digits}'"));
    }
    let significant = match digits.iter().position(|&c| c != b'0') {
        Some(i) => &digits[i..],
        None => return Ok(canonicalize(kind, 0)),
    };
    let first = hex_value(significant[0]);
    let active_bits = 4 * (significant.len() as u64 - 1) + u64::from(8 - first.leading_zeros());
    if active_bits > u64::from(kind.bit_width()) {
        return Err(ERR_HEX_RANGE.to_owned());
    }
    let bits = significant.iter().fold(0u128, |acc, &c| (acc << 4) | u128::from(hex_value(c)));
    Ok(canonicalize(kind, bits))
}

fn hex_value(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        b'a'..=b'f' => c - b'a' + 10,
        b'A'..=b'F' => c - b'A' + 10,
        _ => 0,
    }
}

/// An integer-literal token used where a float is expected, as MLIR's
/// `parseFloatFromIntegerLiteral`: only the hexadecimal form is accepted
/// (decimal integers are an error whose note is [`NOTE_DECIMAL_INTEGER`]),
/// and it must not be negated.
pub fn parse_integer_literal(kind: FloatKind, spelling: &str, negative: bool) -> Result<u128, String> {
    let is_hex = spelling.as_bytes().get(1) == Some(&b'x');
    if !is_hex {
        return Err(ERR_DECIMAL_INTEGER.to_owned());
    }
    if negative {
        return Err(ERR_HEX_NEGATIVE.to_owned());
    }
    from_hex_bits(kind, spelling)
}

// ---------------------------------------------------------------------------
// Printing.
// ---------------------------------------------------------------------------

/// Prints a value as MLIR's `printFloatValue` does: the 6-digit exponential
/// form (`1.000000e-01`) when it reads back to the same value, otherwise the
/// default `APFloat::toString` form (enough digits to round-trip, e.g.
/// `0.30000000000000004` or `3.40282347E+38`) if it has a `.`, otherwise
/// (and for NaN and infinities) the hexadecimal bit pattern (`0x7FC00000`).
pub fn print(kind: FloatKind, bits: u128) -> String {
    let mut out = String::with_capacity(24);
    print_into(kind, bits, &mut out);
    out
}

/// [`print`] appending to `out`; also the element printer of `dense<...>`
/// and `array<...>` attributes. Returns whether the hexadecimal form was
/// used (a `FloatAttr` of type `f64` only elides its type when it was not).
pub fn print_into(kind: FloatKind, bits: u128, out: &mut String) -> bool {
    let s = kind.semantics();
    match decode(&s, bits) {
        Value::Zero { neg } => {
            out.push_str(if neg { "-0.000000e+00" } else { "0.000000e+00" });
            false
        }
        Value::Finite { neg, sig, lsb } => {
            let printed = match kind {
                FloatKind::F80 | FloatKind::F128 => print_finite::<WIDE_LIMBS>(&s, neg, sig, lsb, out),
                FloatKind::F64 => print_finite::<F64_LIMBS>(&s, neg, sig, lsb, out),
                _ => print_finite::<SMALL_LIMBS>(&s, neg, sig, lsb, out),
            };
            if !printed {
                write_hex(out, canonicalize(kind, bits));
            }
            !printed
        }
        Value::Inf { .. } | Value::NaN { .. } => {
            write_hex(out, canonicalize(kind, bits));
            true
        }
    }
}

/// The hexadecimal form MLIR prints for a float (`APInt::toString` radix 16
/// as a C literal): `0x`, then the canonical bit pattern in upper-case hex
/// without leading zeros (`0x7FC00000`, `0x80`, `0x7FFFF` for `tf32`).
pub fn print_hex(kind: FloatKind, bits: u128) -> String {
    let mut out = String::with_capacity(36);
    write_hex(&mut out, canonicalize(kind, bits));
    out
}

fn write_hex(out: &mut String, bits: u128) {
    // Writing to a String cannot fail.
    let _ = write!(out, "{bits:#X}");
}

/// Tries the decimal forms; returns false when the hex form must be used.
fn print_finite<const N: usize>(s: &Semantics, neg: bool, sig: u128, lsb: i32, out: &mut String) -> bool {
    let start = out.len();
    // toString(6, 0, false), accepted if it reads back to the same value.
    let short = to_decimal::<N>(sig, lsb, 6);
    write_decimal(out, neg, &short, 6, 0, false);
    if reads_back_as::<N>(s, sig, lsb, &short) {
        return true;
    }
    out.truncate(start);
    // toString() with the default precision, accepted if it has a '.'.
    let precision = 2 + s.precision * 59 / 196;
    let long = to_decimal::<N>(sig, lsb, precision);
    write_decimal(out, neg, &long, precision, 3, true);
    if out[start..].contains('.') {
        return true;
    }
    out.truncate(start);
    false
}

/// Decimal digits of a value, least significant first (as in LLVM's buffer).
struct Decimal {
    digits: [u8; 40],
    len: usize,
    /// Power of ten of `digits[0]`.
    exp: i32,
}

impl Decimal {
    /// The digits as an integer (at most 39 digits, so it fits).
    fn mantissa(&self) -> u128 {
        self.digits[..self.len].iter().rev().fold(0u128, |acc, &d| acc.wrapping_mul(10).wrapping_add(u128::from(d)))
    }

    /// Appends the next more significant digit; zeros before the first
    /// non-zero digit only bump the exponent.
    fn push_digit(&mut self, digit: u8) {
        if self.len == 0 && digit == 0 {
            self.exp = self.exp.saturating_add(1);
        } else if self.len < self.digits.len() {
            self.digits[self.len] = digit;
            self.len += 1;
        }
    }

    fn drop_low(&mut self, count: usize) {
        self.digits.copy_within(count..self.len, 0);
        self.len -= count;
        self.exp += count as i32;
    }

    /// LLVM's `AdjustToPrecision` on the digit buffer: keep `precision`
    /// digits, rounding half up on the first dropped digit.
    fn adjust_to_precision(&mut self, precision: usize) {
        let n = self.len;
        if n <= precision {
            return;
        }
        let mut first = n - precision;
        if self.digits[first - 1] < 5 {
            while first < n && self.digits[first] == 0 {
                first += 1;
            }
            self.drop_low(first);
            return;
        }
        let mut carried = first;
        for d in &mut self.digits[first..n] {
            if *d == 9 {
                carried += 1;
            } else {
                *d += 1;
                break;
            }
        }
        first = carried;
        if first == n {
            self.exp += n as i32;
            self.digits[0] = 1;
            self.len = 1;
            return;
        }
        self.drop_low(first);
    }
}

/// The digits `APFloat::toString` prints for `sig * 2^lsb` (`sig != 0`) with
/// `precision` significant digits, reproducing its truncation then
/// half-up rounding exactly.
///
/// LLVM forms the integer `N` (`sig << lsb`, or `sig * 5^-lsb` meaning
/// `N * 10^lsb`), drops `tens` decimal digits from it by truncating division,
/// where `tens` follows from the bit length of `N`, and then rounds the
/// remaining digits. The same quotient is computed here without building
/// the (up to 38000-bit) `N`: `floor(N / 10^tens)` is `sig * 5^(t - tens)`
/// shifted right by `tens` bits, or `sig` shifted by `lsb - tens` bits divided
/// by `5^tens`.
fn to_decimal<const N: usize>(sig: u128, lsb: i32, precision: u32) -> Decimal {
    let tz = sig.trailing_zeros().min(127);
    let sig = sig >> tz;
    let e = i64::from(lsb) + i64::from(tz);
    let sig_bits = u64::from(128 - sig.leading_zeros());
    let bits = if e >= 0 {
        sig_bits + e.unsigned_abs()
    } else if let Some(n) = pow5(e.unsigned_abs()).and_then(|p| sig.checked_mul(p)) {
        u64::from(128 - n.leading_zeros())
    } else {
        bit_len_times_pow5::<N>(sig, e.unsigned_abs())
    };
    let bits_required = (u64::from(precision) * 196).div_ceil(59);
    let tens = if bits > bits_required { (bits - bits_required) * 59 / 196 } else { 0 };
    let mut exp = i32::try_from(e.min(0) + i64::try_from(tens).unwrap_or(i64::MAX)).unwrap_or(i32::MAX);
    let mut v = match quotient_u128(sig, e, tens) {
        Some(v) => v,
        None => {
            let mut q = Big::<N>::from_u128(sig);
            let to_u32 = |v: u64| u32::try_from(v).unwrap_or(u32::MAX);
            if e >= 0 {
                let e = e.unsigned_abs();
                if e >= tens {
                    q.shl(to_u32(e - tens));
                } else {
                    q.shr(to_u32(tens - e));
                }
                q.div_pow5(to_u32(tens));
            } else {
                let t = e.unsigned_abs();
                if t >= tens {
                    q.mul_pow5(to_u32(t - tens));
                    q.shr(to_u32(tens));
                } else {
                    q.shr(to_u32(tens));
                    q.div_pow5(to_u32(tens - t));
                }
            }
            loop {
                match q.to_u128() {
                    Some(v) => break v,
                    // Unreachable: the quotient has about `bits_required` bits.
                    None => {
                        q.div_small(10);
                        exp = exp.saturating_add(1);
                    }
                }
            }
        }
    };
    let mut d = Decimal { digits: [0; 40], len: 0, exp };
    // Digits from the least significant one, dropping trailing zeros; u64
    // arithmetic where possible (u128 division is slow).
    const TEN_POW_19: u128 = 10_000_000_000_000_000_000;
    while v > u128::from(u64::MAX) {
        let mut low = (v % TEN_POW_19) as u64;
        v /= TEN_POW_19;
        for _ in 0..19 {
            d.push_digit((low % 10) as u8);
            low /= 10;
        }
    }
    let mut w = v as u64;
    while w != 0 {
        d.push_digit((w % 10) as u8);
        w /= 10;
    }
    d.adjust_to_precision(precision as usize);
    d
}

/// `floor(N / 10^tens)` for `N = sig * 2^e` (`e >= 0`) or `sig * 5^-e`
/// (`e < 0`), when all intermediate values fit in a `u128`.
fn quotient_u128(sig: u128, e: i64, tens: u64) -> Option<u128> {
    if e >= 0 {
        let e = e.unsigned_abs();
        let x = if e >= tens { shl_checked(sig, e - tens)? } else { shr_saturating(sig, tens - e) };
        Some(div_u128(x, pow5(tens)?))
    } else {
        let t = e.unsigned_abs();
        if t >= tens {
            Some(shr_saturating(sig.checked_mul(pow5(t - tens)?)?, tens))
        } else {
            Some(div_u128(shr_saturating(sig, tens), pow5(tens - t)?))
        }
    }
}

/// `5^e` if it fits in a `u128` (`e <= 55`).
fn pow5(e: u64) -> Option<u128> {
    5u128.checked_pow(u32::try_from(e).ok()?)
}

fn shl_checked(x: u128, s: u64) -> Option<u128> {
    if x == 0 {
        Some(0)
    } else if s < u64::from(x.leading_zeros()) {
        Some(x << s)
    } else {
        None
    }
}

fn shr_saturating(x: u128, s: u64) -> u128 {
    if s >= 128 {
        0
    } else {
        x >> s
    }
}

/// `x / d` (`d != 0`), using 64-bit division when both fit.
fn div_u128(x: u128, d: u128) -> u128 {
    match (u64::try_from(x), u64::try_from(d)) {
        (Ok(x), Ok(d)) if d != 0 => u128::from(x / d),
        _ => x.checked_div(d).unwrap_or(0),
    }
}

/// The bit length of `sig * 5^t`, from a floating-point estimate unless that
/// is too close to a power of two to be trusted.
fn bit_len_times_pow5<const N: usize>(sig: u128, t: u64) -> u64 {
    let log2 = (sig as f64).log2() + t as f64 * std::f64::consts::LOG2_10 - t as f64;
    let floor = log2.floor();
    let frac = log2 - floor;
    if (1e-7..1.0 - 1e-7).contains(&frac) && floor >= 0.0 {
        return floor as u64 + 1;
    }
    let mut n = Big::<N>::from_u128(sig);
    n.mul_pow5(u32::try_from(t).unwrap_or(u32::MAX));
    n.bit_len()
}

/// The formatting half of LLVM's `toStringImpl`.
fn write_decimal(out: &mut String, neg: bool, d: &Decimal, precision: u32, max_padding: u32, truncate_zero: bool) {
    let digit = |i: usize| char::from(b'0' + d.digits[i]);
    if neg {
        out.push('-');
    }
    let nd = d.len;
    if nd == 0 {
        out.push('0');
        return;
    }
    let exp = i64::from(d.exp);
    let ndi = nd as i64;
    let scientific = if max_padding == 0 {
        true
    } else if exp >= 0 {
        exp > i64::from(max_padding) || ndi + exp > i64::from(precision)
    } else {
        let msd = exp + ndi - 1;
        msd < 0 && -msd > i64::from(max_padding)
    };
    if scientific {
        let exp = exp + ndi - 1;
        out.push(digit(nd - 1));
        out.push('.');
        if nd == 1 && truncate_zero {
            out.push('0');
        } else {
            for i in (0..nd - 1).rev() {
                out.push(digit(i));
            }
        }
        if !truncate_zero && precision as usize + 1 > nd {
            for _ in 0..precision as usize + 1 - nd {
                out.push('0');
            }
        }
        out.push(if truncate_zero { 'E' } else { 'e' });
        out.push(if exp >= 0 { '+' } else { '-' });
        let abs = exp.unsigned_abs();
        if !truncate_zero && abs < 10 {
            out.push('0');
        }
        push_decimal(out, abs);
        return;
    }
    if exp >= 0 {
        for i in (0..nd).rev() {
            out.push(digit(i));
        }
        for _ in 0..exp {
            out.push('0');
        }
        return;
    }
    let whole = exp + ndi;
    let mut i = nd;
    if whole > 0 {
        for _ in 0..whole {
            i -= 1;
            out.push(digit(i));
        }
        out.push('.');
    } else {
        out.push_str("0.");
        for _ in 0..-whole {
            out.push('0');
        }
    }
    while i > 0 {
        i -= 1;
        out.push(digit(i));
    }
}

/// Appends `v` in decimal.
fn push_decimal(out: &mut String, mut v: u64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    buf[i..].iter().for_each(|&c| out.push(char::from(c)));
}

/// Whether parsing `d` back in the format (correctly rounded, as
/// `APFloat(semantics, string)` does) yields exactly `sig * 2^lsb`: whether
/// `d` lies between the midpoints to the neighbouring values (inclusive for
/// an even significand, which wins ties).
fn reads_back_as<const N: usize>(s: &Semantics, sig: u128, lsb: i32, d: &Decimal) -> bool {
    if d.len == 0 {
        return false;
    }
    let m = d.mantissa();
    let e10 = d.exp;
    let top = 1u128 << (s.precision - 1);
    let binade_bottom = sig == top && lsb + s.precision as i32 - 1 > s.min_exp;
    // Midpoints as (k, e) meaning k * 2^e.
    let upper = (2 * sig + 1, lsb - 1);
    let lower = if binade_bottom { (4 * sig - 1, lsb - 2) } else { (2 * sig - 1, lsb - 1) };
    let even = sig & 1 == 0;
    let accept = |up: Ordering, lo: Ordering| {
        (up == Ordering::Less || (even && up == Ordering::Equal))
            && (lo == Ordering::Greater || (even && lo == Ordering::Equal))
    };
    if let (Some(up), Some(lo)) = (compare_u128(m, e10, upper), compare_u128(m, e10, lower)) {
        return accept(up, lo);
    }
    let mut pow5 = Big::<N>::from_u128(1);
    pow5.mul_pow5(e10.unsigned_abs());
    // Compares m * 10^e10 = m * 5^e10 * 2^e10 with k * 2^e2.
    let compare = |(k, e2): (u128, i32)| {
        let (mut a, mut b) = if e10 >= 0 {
            (pow5.mul_u128(m), Big::<N>::from_u128(k))
        } else {
            (Big::<N>::from_u128(m), pow5.mul_u128(k))
        };
        let diff = i64::from(e10) - i64::from(e2);
        let shift = u32::try_from(diff.unsigned_abs()).unwrap_or(u32::MAX);
        if diff >= 0 {
            a.shl(shift);
        } else {
            b.shl(shift);
        }
        a.cmp_mag(&b)
    };
    accept(compare(upper), compare(lower))
}

/// Compares `m * 10^e10` with `k * 2^e2` if that can be done in `u128`s.
fn compare_u128(m: u128, e10: i32, (k, e2): (u128, i32)) -> Option<Ordering> {
    let p = pow5(u64::from(e10.unsigned_abs()))?;
    let (a, b) = if e10 >= 0 { (m.checked_mul(p)?, k) } else { (m, k.checked_mul(p)?) };
    let diff = i64::from(e10) - i64::from(e2);
    let (a, b) =
        if diff >= 0 { (shl_checked(a, diff.unsigned_abs())?, b) } else { (a, shl_checked(b, diff.unsigned_abs())?) };
    Some(a.cmp(&b))
}

/// Limbs for the exact arithmetic of each family of formats. The largest
/// numbers are the exact bit-length fallback `sig * 5^-lsb` for the smallest
/// denormal (f32: ~370 bits, f64: ~2550 bits, f128: ~38400 bits); everything
/// else stays below a third of that.
const SMALL_LIMBS: usize = 16;
const F64_LIMBS: usize = 48;
const WIDE_LIMBS: usize = 640;

/// A fixed-capacity unsigned big integer on the stack; limbs at and above
/// `len` are always zero. Results that would exceed the capacity are
/// truncated (which the sizes above rule out).
#[derive(Clone)]
struct Big<const N: usize> {
    len: usize,
    limbs: [u64; N],
}

impl<const N: usize> Big<N> {
    fn from_u128(v: u128) -> Self {
        let mut b = Big { len: 0, limbs: [0; N] };
        for (i, limb) in [v as u64, (v >> 64) as u64].into_iter().enumerate() {
            if let Some(slot) = b.limbs.get_mut(i) {
                *slot = limb;
                b.len = i + 1;
            }
        }
        b.trim();
        b
    }

    fn trim(&mut self) {
        while self.len > 0 && self.limbs[self.len - 1] == 0 {
            self.len -= 1;
        }
    }

    fn clear(&mut self) {
        self.limbs[..self.len].fill(0);
        self.len = 0;
    }

    fn bit_len(&self) -> u64 {
        match self.len {
            0 => 0,
            n => 64 * n as u64 - u64::from(self.limbs[n - 1].leading_zeros()),
        }
    }

    fn to_u128(&self) -> Option<u128> {
        match self.len {
            0 => Some(0),
            1 => Some(u128::from(self.limbs[0])),
            2 => Some(u128::from(self.limbs[0]) | (u128::from(self.limbs[1]) << 64)),
            _ => None,
        }
    }

    fn push(&mut self, limb: u64) {
        if limb != 0 && self.len < N {
            self.limbs[self.len] = limb;
            self.len += 1;
        }
    }

    fn mul_small(&mut self, m: u64) {
        let mut carry = 0u64;
        for limb in &mut self.limbs[..self.len] {
            let wide = u128::from(*limb) * u128::from(m) + u128::from(carry);
            *limb = wide as u64;
            carry = (wide >> 64) as u64;
        }
        self.push(carry);
        if m == 0 {
            self.clear();
        }
    }

    fn mul_pow5(&mut self, mut e: u32) {
        const POW5_27: u64 = 7_450_580_596_923_828_125;
        while e >= 27 && self.len > 0 {
            self.mul_small(POW5_27);
            e -= 27;
        }
        if e > 0 && e < 27 {
            self.mul_small(5u64.pow(e));
        }
    }

    fn add(&mut self, other: &Self) {
        let mut carry = false;
        let len = self.len.max(other.len);
        for i in 0..len {
            let (sum, c1) = self.limbs[i].overflowing_add(other.limbs[i]);
            let (sum, c2) = sum.overflowing_add(u64::from(carry));
            self.limbs[i] = sum;
            carry = c1 || c2;
        }
        self.len = len;
        self.push(u64::from(carry));
    }

    /// `self * x` as a new number.
    fn mul_u128(&self, x: u128) -> Self {
        let mut low = self.clone();
        low.mul_small(x as u64);
        let high_factor = (x >> 64) as u64;
        if high_factor != 0 {
            let mut high = self.clone();
            high.mul_small(high_factor);
            high.shl(64);
            low.add(&high);
        }
        low
    }

    /// Divides in place, returning the remainder (`d != 0`).
    fn div_small(&mut self, d: u64) -> u64 {
        if d == 0 {
            return 0;
        }
        let mut rem = 0u64;
        for limb in self.limbs[..self.len].iter_mut().rev() {
            let wide = (u128::from(rem) << 64) | u128::from(*limb);
            *limb = (wide / u128::from(d)) as u64;
            rem = (wide % u128::from(d)) as u64;
        }
        self.trim();
        rem
    }

    /// Truncating division by `5^t`.
    fn div_pow5(&mut self, t: u32) {
        if t <= 27 {
            if t > 0 {
                self.div_small(5u64.pow(t));
            }
            return;
        }
        let mut divisor = Big::<N>::from_u128(1);
        divisor.mul_pow5(t);
        self.div_big(&divisor);
    }

    /// Truncating division by a multi-limb number (Knuth's algorithm D).
    fn div_big(&mut self, divisor: &Self) {
        let n = divisor.len;
        if n <= 1 {
            if n == 1 {
                self.div_small(divisor.limbs[0]);
            }
            return;
        }
        if self.cmp_mag(divisor) == Ordering::Less {
            self.clear();
            return;
        }
        let total = self.len;
        if total >= N {
            // No room for the normalization limb (cannot happen, see above).
            self.clear();
            return;
        }
        let m = total - n;
        let shift = divisor.limbs[n - 1].leading_zeros();
        let mut v = divisor.clone();
        v.shl(shift);
        let mut u = self.clone();
        u.shl(shift);
        let (v_top, v_next) = (u128::from(v.limbs[n - 1]), u128::from(v.limbs[n - 2]));
        self.clear();
        for j in (0..=m).rev() {
            let num = (u128::from(u.limbs[j + n]) << 64) | u128::from(u.limbs[j + n - 1]);
            let mut qhat = num / v_top;
            let mut rhat = num % v_top;
            while qhat > u128::from(u64::MAX) || qhat * v_next > ((rhat << 64) | u128::from(u.limbs[j + n - 2])) {
                qhat -= 1;
                rhat += v_top;
                if rhat > u128::from(u64::MAX) {
                    break;
                }
            }
            // u[j..=j+n] -= qhat * v
            let mut carry = 0u128;
            let mut borrow = 0u128;
            for i in 0..n {
                let product = qhat * u128::from(v.limbs[i]) + carry;
                carry = product >> 64;
                let diff = u128::from(u.limbs[i + j]).wrapping_sub(u128::from(product as u64)).wrapping_sub(borrow);
                u.limbs[i + j] = diff as u64;
                borrow = diff >> 127;
            }
            let diff = u128::from(u.limbs[j + n]).wrapping_sub(carry).wrapping_sub(borrow);
            u.limbs[j + n] = diff as u64;
            if diff >> 127 != 0 {
                // Estimated one too many: add the divisor back.
                qhat -= 1;
                let mut carry = 0u128;
                for i in 0..n {
                    let sum = u128::from(u.limbs[i + j]) + u128::from(v.limbs[i]) + carry;
                    u.limbs[i + j] = sum as u64;
                    carry = sum >> 64;
                }
                u.limbs[j + n] = u.limbs[j + n].wrapping_add(carry as u64);
            }
            self.limbs[j] = qhat as u64;
        }
        self.len = m + 1;
        self.trim();
    }

    fn shl(&mut self, s: u32) {
        if self.len == 0 || s == 0 {
            return;
        }
        let words = (s / 64) as usize;
        let bits = s % 64;
        if words >= N {
            self.clear();
            return;
        }
        let old = self.len;
        let new_len = (old + words + 1).min(N);
        for i in (0..new_len).rev() {
            let src = i.checked_sub(words);
            let hi = src.filter(|&j| j < old).map_or(0, |j| self.limbs[j]);
            let lo = src.and_then(|j| j.checked_sub(1)).filter(|&j| j < old).map_or(0, |j| self.limbs[j]);
            self.limbs[i] = if bits == 0 { hi } else { (hi << bits) | (lo >> (64 - bits)) };
        }
        self.len = new_len;
        self.trim();
    }

    fn shr(&mut self, s: u32) {
        let words = (s / 64) as usize;
        let bits = s % 64;
        if words >= self.len {
            self.clear();
            return;
        }
        let old = self.len;
        for i in 0..old - words {
            let lo = self.limbs[i + words];
            let hi = self.limbs.get(i + words + 1).copied().unwrap_or(0);
            self.limbs[i] = if bits == 0 { lo } else { (lo >> bits) | (hi << (64 - bits)) };
        }
        self.limbs[old - words..old].fill(0);
        self.len = old - words;
        self.trim();
    }

    fn cmp_mag(&self, other: &Self) -> Ordering {
        self.len
            .cmp(&other.len)
            .then_with(|| self.limbs[..self.len].iter().rev().cmp(other.limbs[..other.len].iter().rev()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (type, literal, what `mlir-opt-19 --mlir-print-op-generic` prints for
    /// `"test.op"() {v = <literal> : <type>} : () -> ()`), generated with
    /// mlir-opt-19 (a sample of a differential corpus of ~2.3M cases).
    const MLIR_OPT_19: &[(&str, &str, &str)] = &[
        ("f8E5M2", "-0.0", "-0.000000e+00"),
        ("f8E5M2", "-1.0e-45", "-0.000000e+00"),
        ("f8E5M2", "-2.0e+03", "-2.048000e+03"),
        ("f8E5M2", "0.0", "0.000000e+00"),
        ("f8E5M2", "0.1", "9.375000e-02"),
        ("f8E5M2", "1.0", "1.000000e+00"),
        ("f8E5M2", "1.0e400", "0x7C"),
        ("f8E5M2", "448.0", "4.480000e+02"),
        ("f8E5M2", "464.0", "4.480000e+02"),
        ("f8E5M2", "57344.0", "5.734400e+04"),
        ("f8E5M2", "0x1", "1.525880e-05"),
        ("f8E5M2", "0x4", "6.103520e-05"),
        ("f8E5M2", "0x7B", "5.734400e+04"),
        ("f8E5M2", "0x7C", "0x7C"),
        ("f8E5M2", "0x7D", "0x7D"),
        ("f8E5M2", "0x7E", "0x7E"),
        ("f8E5M2", "0x80", "-0.000000e+00"),
        ("f8E5M2", "0xFC", "0xFC"),
        ("f8E5M2", "0xFF", "0xFF"),
        ("f8E5M2", "0x6", "9.155270e-05"),
        ("f8E5M2", "0x10", "4.882810e-04"),
        ("f8E4M3", "-0.0", "-0.000000e+00"),
        ("f8E4M3", "-1.0e-45", "-0.000000e+00"),
        ("f8E4M3", "-2.0e+03", "0xF8"),
        ("f8E4M3", "0.0", "0.000000e+00"),
        ("f8E4M3", "0.1", "1.015630e-01"),
        ("f8E4M3", "1.0", "1.000000e+00"),
        ("f8E4M3", "1.0e400", "0x78"),
        ("f8E4M3", "448.0", "0x78"),
        ("f8E4M3", "464.0", "0x78"),
        ("f8E4M3", "57344.0", "0x78"),
        ("f8E4M3", "0x1", "1.953130e-03"),
        ("f8E4M3", "0x8", "1.562500e-02"),
        ("f8E4M3", "0x77", "2.400000e+02"),
        ("f8E4M3", "0x78", "0x78"),
        ("f8E4M3", "0x79", "0x79"),
        ("f8E4M3", "0x7C", "0x7C"),
        ("f8E4M3", "0x80", "-0.000000e+00"),
        ("f8E4M3", "0xF8", "0xF8"),
        ("f8E4M3", "0xFF", "0xFF"),
        ("f8E4M3", "0x9", "1.757810e-02"),
        ("f8E4M3", "0x1F", "1.171880e-01"),
        ("f8E4M3FN", "-0.0", "-0.000000e+00"),
        ("f8E4M3FN", "-1.0e-45", "-0.000000e+00"),
        ("f8E4M3FN", "-2.0e+03", "0xFF"),
        ("f8E4M3FN", "0.0", "0.000000e+00"),
        ("f8E4M3FN", "0.1", "1.015630e-01"),
        ("f8E4M3FN", "1.0", "1.000000e+00"),
        ("f8E4M3FN", "1.0e400", "0x7F"),
        ("f8E4M3FN", "448.0", "4.480000e+02"),
        ("f8E4M3FN", "464.0", "4.480000e+02"),
        ("f8E4M3FN", "57344.0", "0x7F"),
        ("f8E4M3FN", "0x1", "1.953130e-03"),
        ("f8E4M3FN", "0x8", "1.562500e-02"),
        ("f8E4M3FN", "0x77", "2.400000e+02"),
        ("f8E4M3FN", "0x78", "2.560000e+02"),
        ("f8E4M3FN", "0x79", "2.880000e+02"),
        ("f8E4M3FN", "0x7C", "3.840000e+02"),
        ("f8E4M3FN", "0x80", "-0.000000e+00"),
        ("f8E4M3FN", "0xF8", "-2.560000e+02"),
        ("f8E4M3FN", "0xFF", "0xFF"),
        ("f8E4M3FN", "0xA", "1.953130e-02"),
        ("f8E4M3FN", "0xD", "2.539060e-02"),
        ("f8E5M2FNUZ", "-0.0", "0.000000e+00"),
        ("f8E5M2FNUZ", "-1.0e-45", "0.000000e+00"),
        ("f8E5M2FNUZ", "-2.0e+03", "-2.048000e+03"),
        ("f8E5M2FNUZ", "0.0", "0.000000e+00"),
        ("f8E5M2FNUZ", "0.1", "9.375000e-02"),
        ("f8E5M2FNUZ", "1.0", "1.000000e+00"),
        ("f8E5M2FNUZ", "1.0e400", "0x80"),
        ("f8E5M2FNUZ", "448.0", "4.480000e+02"),
        ("f8E5M2FNUZ", "464.0", "4.480000e+02"),
        ("f8E5M2FNUZ", "57344.0", "5.734400e+04"),
        ("f8E5M2FNUZ", "0x1", "7.629390e-06"),
        ("f8E5M2FNUZ", "0x4", "3.051760e-05"),
        ("f8E5M2FNUZ", "0x7B", "2.867200e+04"),
        ("f8E5M2FNUZ", "0x7C", "3.276800e+04"),
        ("f8E5M2FNUZ", "0x7D", "4.096000e+04"),
        ("f8E5M2FNUZ", "0x7E", "4.915200e+04"),
        ("f8E5M2FNUZ", "0x80", "0x80"),
        ("f8E5M2FNUZ", "0xFC", "-3.276800e+04"),
        ("f8E5M2FNUZ", "0xFF", "-5.734400e+04"),
        ("f8E5M2FNUZ", "0x3", "2.288820e-05"),
        ("f8E4M3FNUZ", "-0.0", "0.000000e+00"),
        ("f8E4M3FNUZ", "-1.0e-45", "0.000000e+00"),
        ("f8E4M3FNUZ", "-2.0e+03", "0x80"),
        ("f8E4M3FNUZ", "0.0", "0.000000e+00"),
        ("f8E4M3FNUZ", "0.1", "1.015630e-01"),
        ("f8E4M3FNUZ", "1.0", "1.000000e+00"),
        ("f8E4M3FNUZ", "1.0e400", "0x80"),
        ("f8E4M3FNUZ", "448.0", "0x80"),
        ("f8E4M3FNUZ", "464.0", "0x80"),
        ("f8E4M3FNUZ", "57344.0", "0x80"),
        ("f8E4M3FNUZ", "0x1", "9.765620e-04"),
        ("f8E4M3FNUZ", "0x8", "7.812500e-03"),
        ("f8E4M3FNUZ", "0x77", "1.200000e+02"),
        ("f8E4M3FNUZ", "0x78", "1.280000e+02"),
        ("f8E4M3FNUZ", "0x79", "1.440000e+02"),
        ("f8E4M3FNUZ", "0x7C", "1.920000e+02"),
        ("f8E4M3FNUZ", "0x80", "0x80"),
        ("f8E4M3FNUZ", "0xF8", "-1.280000e+02"),
        ("f8E4M3FNUZ", "0xFF", "-2.400000e+02"),
        ("f8E4M3FNUZ", "0xD", "1.269530e-02"),
        ("f8E4M3FNUZ", "0x1E", "5.468750e-02"),
        ("f8E4M3B11FNUZ", "-0.0", "0.000000e+00"),
        ("f8E4M3B11FNUZ", "-1.0e-45", "0.000000e+00"),
        ("f8E4M3B11FNUZ", "-2.0e+03", "0x80"),
        ("f8E4M3B11FNUZ", "0.0", "0.000000e+00"),
        ("f8E4M3B11FNUZ", "0.1", "1.015630e-01"),
        ("f8E4M3B11FNUZ", "1.0", "1.000000e+00"),
        ("f8E4M3B11FNUZ", "1.0e400", "0x80"),
        ("f8E4M3B11FNUZ", "448.0", "0x80"),
        ("f8E4M3B11FNUZ", "464.0", "0x80"),
        ("f8E4M3B11FNUZ", "57344.0", "0x80"),
        ("f8E4M3B11FNUZ", "0x1", "1.220700e-04"),
        ("f8E4M3B11FNUZ", "0x8", "9.765620e-04"),
        ("f8E4M3B11FNUZ", "0x77", "1.500000e+01"),
        ("f8E4M3B11FNUZ", "0x78", "1.600000e+01"),
        ("f8E4M3B11FNUZ", "0x79", "1.800000e+01"),
        ("f8E4M3B11FNUZ", "0x7C", "2.400000e+01"),
        ("f8E4M3B11FNUZ", "0x80", "0x80"),
        ("f8E4M3B11FNUZ", "0xF8", "-1.600000e+01"),
        ("f8E4M3B11FNUZ", "0xFF", "-3.000000e+01"),
        ("f8E4M3B11FNUZ", "0x9", "1.098630e-03"),
        ("f8E4M3B11FNUZ", "0x3B", "8.593750e-02"),
        ("bf16", "0.1", "1.000980e-01"),
        ("bf16", "1.0", "1.000000e+00"),
        ("bf16", "-2.0e+03", "-2.000000e+03"),
        ("bf16", "3.14159", "3.140630e+00"),
        ("bf16", "-0.0", "-0.000000e+00"),
        ("bf16", "1.0e-45", "0.000000e+00"),
        ("bf16", "3.4028235e38", "0x7F80"),
        ("bf16", "1.7976931348623157e308", "0x7F80"),
        ("bf16", "4.9406564584124654e-324", "0.000000e+00"),
        ("bf16", "123456789.0", "1.232080e+08"),
        ("bf16", "0.30000000000000004", "3.007810e-01"),
        ("bf16", "-1.0e400", "0xFF80"),
        ("bf16", "1.0E10", "9.999220e+09"),
        ("bf16", "0x1", "9.183550e-41"),
        ("bf16", "0x80", "1.175490e-38"),
        ("bf16", "0x7F7F", "3.389530e+38"),
        ("bf16", "0x7F80", "0x7F80"),
        ("bf16", "0x7F81", "0x7F81"),
        ("bf16", "0x7FC0", "0x7FC0"),
        ("bf16", "0x8000", "-0.000000e+00"),
        ("bf16", "0xFF80", "0xFF80"),
        ("bf16", "0xFFFF", "0xFFFF"),
        ("bf16", "0x22", "3.122410e-39"),
        ("bf16", "0x29", "3.765260e-39"),
        ("f16", "0.1", "9.997550e-02"),
        ("f16", "1.0", "1.000000e+00"),
        ("f16", "-2.0e+03", "-2.000000e+03"),
        ("f16", "3.14159", "3.140630e+00"),
        ("f16", "-0.0", "-0.000000e+00"),
        ("f16", "1.0e-45", "0.000000e+00"),
        ("f16", "3.4028235e38", "0x7C00"),
        ("f16", "1.7976931348623157e308", "0x7C00"),
        ("f16", "4.9406564584124654e-324", "0.000000e+00"),
        ("f16", "123456789.0", "0x7C00"),
        ("f16", "0.30000000000000004", "3.000490e-01"),
        ("f16", "-1.0e400", "0xFC00"),
        ("f16", "1.0E10", "0x7C00"),
        ("f16", "0x1", "5.960460e-08"),
        ("f16", "0x400", "6.103520e-05"),
        ("f16", "0x7BFF", "6.550400e+04"),
        ("f16", "0x7C00", "0x7C00"),
        ("f16", "0x7C01", "0x7C01"),
        ("f16", "0x7E00", "0x7E00"),
        ("f16", "0x8000", "-0.000000e+00"),
        ("f16", "0xFC00", "0xFC00"),
        ("f16", "0xFFFF", "0xFFFF"),
        ("f16", "0x7", "4.172330e-07"),
        ("f16", "0xE", "8.344650e-07"),
        ("tf32", "0.1", "9.997550e-02"),
        ("tf32", "1.0", "1.000000e+00"),
        ("tf32", "-2.0e+03", "-2.000000e+03"),
        ("tf32", "3.14159", "3.140630e+00"),
        ("tf32", "-0.0", "-0.000000e+00"),
        ("tf32", "1.0e-45", "0.000000e+00"),
        ("tf32", "3.4028235e38", "0x3FC00"),
        ("tf32", "1.7976931348623157e308", "0x3FC00"),
        ("tf32", "4.9406564584124654e-324", "0.000000e+00"),
        ("tf32", "123456789.0", "1.234700e+08"),
        ("tf32", "0.30000000000000004", "3.000490e-01"),
        ("tf32", "-1.0e400", "0x7FC00"),
        ("tf32", "1.0E10", "9.999220e+09"),
        ("tf32", "0x1", "1.147940e-41"),
        ("tf32", "0x400", "1.175490e-38"),
        ("tf32", "0x3FBFF", "3.401160e+38"),
        ("tf32", "0x3FC00", "0x3FC00"),
        ("tf32", "0x3FC01", "0x3FC01"),
        ("tf32", "0x3FE00", "0x3FE00"),
        ("tf32", "0x40000", "-0.000000e+00"),
        ("tf32", "0x7FC00", "0x7FC00"),
        ("tf32", "0x7FFFF", "0x7FFFF"),
        ("tf32", "0xFFFFF", "0x7FFFF"),
        ("tf32", "0xFFFFFFFF", "0x7FFFF"),
        ("tf32", "0x6", "6.887660e-41"),
        ("tf32", "0x1A", "2.984650e-40"),
        ("f32", "0.1", "1.000000e-01"),
        ("f32", "1.0", "1.000000e+00"),
        ("f32", "-2.0e+03", "-2.000000e+03"),
        ("f32", "3.14159", "3.141590e+00"),
        ("f32", "-0.0", "-0.000000e+00"),
        ("f32", "1.0e-45", "1.401300e-45"),
        ("f32", "3.4028235e38", "3.40282347E+38"),
        ("f32", "1.7976931348623157e308", "0x7F800000"),
        ("f32", "4.9406564584124654e-324", "0.000000e+00"),
        ("f32", "123456789.0", "0x4CEB79A3"),
        ("f32", "0.30000000000000004", "3.000000e-01"),
        ("f32", "-1.0e400", "0xFF800000"),
        ("f32", "1.0E10", "1.000000e+10"),
        ("f32", "0x1", "1.401300e-45"),
        ("f32", "0x800000", "1.17549435E-38"),
        ("f32", "0x7F7FFFFF", "3.40282347E+38"),
        ("f32", "0x7F800000", "0x7F800000"),
        ("f32", "0x7F800001", "0x7F800001"),
        ("f32", "0x7FC00000", "0x7FC00000"),
        ("f32", "0x80000000", "-0.000000e+00"),
        ("f32", "0xFF800000", "0xFF800000"),
        ("f32", "0xFFFFFFFF", "0xFFFFFFFF"),
        ("f32", "0xD7B73666", "-4.02888535E+14"),
        ("f32", "0xB13DAF", "1.62770107E-38"),
        ("f32", "0x4E333256", "0x4E333256"),
        ("f32", "0x4CBF84BA", "0x4CBF84BA"),
        ("f32", "0x3BA283F0", "0.00495957583"),
        ("f32", "0x4A0219A3", "2131560.75"),
        ("f32", "0x7F0D0685", "1.874550e+38"),
        ("f32", "0x7B24EAB", "2.682870e-34"),
        ("f64", "0.1", "1.000000e-01"),
        ("f64", "1.0", "1.000000e+00"),
        ("f64", "-2.0e+03", "-2.000000e+03"),
        ("f64", "3.14159", "3.141590e+00"),
        ("f64", "-0.0", "-0.000000e+00"),
        ("f64", "1.0e-45", "9.9999999999999998E-46"),
        ("f64", "3.4028235e38", "3.4028234999999999E+38"),
        ("f64", "1.7976931348623157e308", "1.7976931348623157E+308"),
        ("f64", "4.9406564584124654e-324", "4.940660e-324"),
        ("f64", "123456789.0", "0x419D6F3454000000"),
        ("f64", "0.30000000000000004", "0.30000000000000004"),
        ("f64", "-1.0e400", "0xFFF0000000000000"),
        ("f64", "1.0E10", "1.000000e+10"),
        ("f64", "0x1", "4.940660e-324"),
        ("f64", "0x10000000000000", "2.2250738585072014E-308"),
        ("f64", "0x7FEFFFFFFFFFFFFF", "1.7976931348623157E+308"),
        ("f64", "0x7FF0000000000000", "0x7FF0000000000000"),
        ("f64", "0x7FF0000000000001", "0x7FF0000000000001"),
        ("f64", "0x7FF8000000000000", "0x7FF8000000000000"),
        ("f64", "0x8000000000000000", "-0.000000e+00"),
        ("f64", "0xFFF0000000000000", "0xFFF0000000000000"),
        ("f64", "0xFFFFFFFFFFFFFFFF", "0xFFFFFFFFFFFFFFFF"),
        ("f64", "0x1000000000009C", "2.2250738585072785E-308"),
        ("f64", "0x1E74C3083C9D7C", "4.2354421291637779E-308"),
        ("f64", "0xC36460966C5860D1", "0xC36460966C5860D1"),
        ("f64", "0xC260008000000000", "0xC260008000000000"),
        ("f64", "0x41EA9713E4DD81ED", "3568869158.9221101"),
        ("f64", "0x41E4065F02471BAE", "2687694866.2221289"),
        ("f64", "0xC0D4000000000000", "-2.048000e+04"),
        ("f64", "0x53", "4.100740e-322"),
        ("f80", "0.1", "0.100000000000000005551"),
        ("f80", "1.0", "1.000000e+00"),
        ("f80", "-2.0e+03", "-2.000000e+03"),
        ("f80", "3.14159", "3.14158999999999988262"),
        ("f80", "-0.0", "-0.000000e+00"),
        ("f80", "1.0e-45", "9.99999999999999984105E-46"),
        ("f80", "3.4028235e38", "3.40282349999999991755E+38"),
        ("f80", "1.7976931348623157e308", "1.79769313486231570815E+308"),
        ("f80", "4.9406564584124654e-324", "4.94065645841246544177E-324"),
        ("f80", "123456789.0", "0x4019EB79A2A000000000"),
        ("f80", "0.30000000000000004", "0.300000000000000044409"),
        ("f80", "-1.0e400", "0xFFFF8000000000000000"),
        ("f80", "1.0E10", "1.000000e+10"),
        ("f80", "0x1", "3.645200e-4951"),
        ("f80", "0x8000000000000000", "3.36210314311209350626E-4932"),
        ("f80", "0x12340000000000000001", "0x7FFF0000000000000001"),
        ("f80", "0x3FFF0000000000000000", "0x7FFF0000000000000000"),
        ("f80", "0x3FFF8000000000000000", "1.000000e+00"),
        ("f80", "0x7FFEFFFFFFFFFFFFFFFF", "1.18973149535723176502E+4932"),
        ("f80", "0x7FFF0000000000000000", "0x7FFF0000000000000000"),
        ("f80", "0x7FFF0000000000000001", "0x7FFF0000000000000001"),
        ("f80", "0x7FFF8000000000000000", "0x7FFF8000000000000000"),
        ("f80", "0x7FFFC000000000000000", "0x7FFFC000000000000000"),
        ("f80", "0x80000000000000000000", "-0.000000e+00"),
        ("f80", "0xFFFF8000000000000000", "0xFFFF8000000000000000"),
        ("f80", "0x80018100008000020000", "-3.38836977431466805856E-4932"),
        ("f80", "0x88D5AA7553ED6D4C7A51", "-9.52378202025233468898E-4252"),
        ("f80", "0x6300625E0C4E20A200E9", "0x7FFF625E0C4E20A200E9"),
        ("f80", "0xEAE46A66AF7AA053A529", "0xFFFF6A66AF7AA053A529"),
        ("f80", "0xC0228000400000000C00", "-34360000512.0000114441"),
        ("f80", "0xC0118000040021000000", "-262144.125015735626221"),
        ("f80", "0xC011A000000000000000", "-3.276800e+05"),
        ("f80", "0x8000000000000000009D", "-5.722960e-4949"),
        ("f128", "0.1", "0.100000000000000005551115123125782702"),
        ("f128", "1.0", "1.000000e+00"),
        ("f128", "-2.0e+03", "-2.000000e+03"),
        ("f128", "3.14159", "3.14158999999999988261834005243144929"),
        ("f128", "-0.0", "-0.000000e+00"),
        ("f128", "1.0e-45", "9.99999999999999984105197967281081158E-46"),
        ("f128", "3.4028235e38", "3.40282349999999991754788743781432689E+38"),
        ("f128", "1.7976931348623157e308", "1.79769313486231570814527423731704357E+308"),
        ("f128", "4.9406564584124654e-324", "4.94065645841246544176568792868221372E-324"),
        ("f128", "123456789.0", "0x4019D6F3454000000000000000000000"),
        ("f128", "0.30000000000000004", "0.300000000000000044408920985006261617"),
        ("f128", "-1.0e400", "0xFFFF0000000000000000000000000000"),
        ("f128", "1.0E10", "1.000000e+10"),
        ("f128", "0x1", "6.475180e-4966"),
        ("f128", "0x10000000000000000000000000000", "3.3621031431120935062626778173217526E-4932"),
        ("f128", "0x7FFEFFFFFFFFFFFFFFFFFFFFFFFFFFFF", "1.18973149535723176508575932662800702E+4932"),
        ("f128", "0x7FFF0000000000000000000000000000", "0x7FFF0000000000000000000000000000"),
        ("f128", "0x7FFF0000000000000000000000000001", "0x7FFF0000000000000000000000000001"),
        ("f128", "0x7FFF8000000000000000000000000000", "0x7FFF8000000000000000000000000000"),
        ("f128", "0x80000000000000000000000000000000", "-0.000000e+00"),
        ("f128", "0xFFFF0000000000000000000000000000", "0xFFFF0000000000000000000000000000"),
        ("f128", "0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF", "0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"),
        ("f128", "0x7C70640D32DD70324C031968BB0FF992", "9.55863400907072291240574478050016717E+4657"),
        ("f128", "0x18000008000000004000000080000", "5.04315481486662203183337812652326482E-4932"),
        ("f128", "0x401A0400000000000000000000000000", "0x401A0400000000000000000000000000"),
        ("f128", "0xC0204084000000000000000000000000", "0xC0204084000000000000000000000000"),
        ("f128", "0xC0225584078CD0D278D7D09D454D5A94", "-45837466726.5256923880705605458722299"),
        ("f128", "0x401A8B279CCA2F224DDC0451D34790B2", "207174886.318253662175388843426165734"),
        ("f128", "0x70", "7.252200e-4964"),
        ("f128", "0xCB", "1.314460e-4963"),
    ];

    /// Parses a literal the way the attribute parser routes it.
    fn parse(kind: FloatKind, literal: &str) -> Result<u128, String> {
        let (negative, body) = match literal.strip_prefix('-') {
            Some(body) => (true, body),
            None => (false, literal),
        };
        if body.starts_with("0x") {
            parse_integer_literal(kind, body, negative)
        } else {
            parse_decimal(kind, body, negative)
        }
    }

    #[test]
    fn matches_mlir_opt_19() {
        let mut failures = Vec::new();
        for &(keyword, literal, expected) in MLIR_OPT_19 {
            let kind = FloatKind::from_keyword(keyword).unwrap();
            let got = parse(kind, literal).map(|bits| print(kind, bits));
            if got.as_deref() != Ok(expected) {
                failures.push(format!("{literal} : {keyword}: expected {expected}, got {got:?}"));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn literal_errors_use_mlir_wording() {
        use FloatKind::*;
        assert_eq!(parse_integer_literal(F32, "1", false), Err(ERR_DECIMAL_INTEGER.into()));
        assert_eq!(parse_integer_literal(F32, "0x1", true), Err(ERR_HEX_NEGATIVE.into()));
        assert_eq!(from_hex_bits(F8E4M3FN, "0x100"), Err(ERR_HEX_RANGE.into()));
        assert_eq!(from_hex_bits(TF32, "0x1FFFFFFFF"), Err(ERR_HEX_RANGE.into()));
        assert_eq!(from_hex_bits(F128, &format!("0x1{}", "0".repeat(32))), Err(ERR_HEX_RANGE.into()));
        assert_eq!(parse_decimal(F32, "12", false), Err(ERR_DECIMAL_INTEGER.into()));
        for bad in ["", "1", ".5", "1.0e", "1.0e+", "1.5x", "inf", "nan", "0x1p3", "1..0", "-1.0"] {
            assert!(parse_decimal(F64, bad, false).is_err(), "{bad}");
        }
        for bad in ["", "0x", "0xG", "0x1.8"] {
            assert!(from_hex_bits(F64, bad).is_err(), "{bad}");
        }
        // Leading zeros do not count against the width; the prefix is optional.
        assert_eq!(from_hex_bits(F32, "0x0000000000000000000000001"), Ok(1));
        assert_eq!(from_hex_bits(F32, "7fc00000"), Ok(0x7FC0_0000));
        assert_eq!(from_hex_bits(F128, &format!("0x{}", "F".repeat(32))), Ok(u128::MAX));
    }

    #[test]
    fn decimal_literals_round_through_f64() {
        use FloatKind::*;
        // 0.1 : f128 is the f64 nearest to 0.1, not the f128 nearest.
        assert_eq!(print(F128, parse_decimal(F128, "0.1", false).unwrap()), "0.100000000000000005551115123125782702");
        assert_eq!(parse_decimal(F64, "1.0e400", true), Ok(0xFFF0_0000_0000_0000));
        assert_eq!(parse_decimal(F8E4M3FNUZ, "0.0", true), Ok(0));
        assert_eq!(parse_decimal(F16, "1.5E+3", false), Ok(u128::from(0x65DC_u16)));
        assert_eq!(parse_decimal(F32, "1.", false), Ok(0x3F80_0000));
    }

    #[test]
    fn hex_form() {
        use FloatKind::*;
        assert_eq!(print_hex(F32, 0x7FC0_0000), "0x7FC00000");
        assert_eq!(print_hex(F8E4M3FNUZ, 0x80), "0x80");
        assert_eq!(print_hex(TF32, 0x3FC00), "0x3FC00");
        assert_eq!(print_hex(F32, 0), "0x0");
        let mut out = String::from("v = ");
        assert!(print_into(F64, 0x7FF8_0000_0000_0000, &mut out));
        assert!(!print_into(F64, 0x3FF0_0000_0000_0000, &mut out));
        assert_eq!(out, "v = 0x7FF80000000000001.000000e+00");
    }

    /// xorshift64*, to keep the tests deterministic and dependency-free.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }
    }

    #[test]
    fn printed_values_read_back() {
        let mut rng = Rng(42);
        for kind in FloatKind::ALL {
            for i in 0..3000 {
                let raw = (u128::from(rng.next()) << 64) | u128::from(rng.next());
                // Also exercise tiny and huge magnitudes of the wide formats.
                let bits = match i % 3 {
                    0 => raw,
                    1 => raw & low_mask(kind.semantics_bits() / 2),
                    _ => raw | (low_mask(kind.semantics_bits() - 2) & !low_mask(kind.precision())),
                };
                let canonical = canonicalize(kind, bits);
                let text = print(kind, bits);
                if text.starts_with("0x") {
                    assert_eq!(from_hex_bits(kind, &text), Ok(canonical), "{kind} {text}");
                } else if kind == FloatKind::F64 {
                    let (negative, body) = match text.strip_prefix('-') {
                        Some(body) => (true, body),
                        None => (false, text.as_str()),
                    };
                    let body = body.replace('E', "e");
                    assert_eq!(parse_decimal(kind, &body, negative), Ok(canonical), "{text}");
                } else {
                    assert!(text.contains('.'), "{kind} {text}");
                }
            }
        }
    }

    #[test]
    fn parsers_never_panic() {
        let mut rng = Rng(7);
        let alphabet = b"0123456789.eE+-xXabcdefABCDEF ";
        for _ in 0..20_000 {
            let len = (rng.next() % 12) as usize;
            let text: String =
                (0..len).map(|_| char::from(alphabet[(rng.next() % alphabet.len() as u64) as usize])).collect();
            for kind in FloatKind::ALL {
                let _ = parse_decimal(kind, &text, false);
                let _ = from_hex_bits(kind, &text);
                let _ = parse_integer_literal(kind, &text, true);
            }
        }
    }
}
