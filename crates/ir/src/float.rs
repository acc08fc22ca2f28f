//! Values of MLIR's builtin floating-point types: bit layouts, conversions,
//! literal parsing and printing, byte-compatible with `mlir-opt-19`.
//!
//! This module owns everything about *values* of the float types `f8E5M2`,
//! `f8E4M3`, `f8E4M3FN`, `f8E5M2FNUZ`, `f8E4M3FNUZ`, `f8E4M3B11FNUZ`, `bf16`,
//! `f16`, `tf32`, `f32`, `f64`, `f80` and `f128`:
//!
//! * their encodings (LLVM `APFloat` semantics, including the NaN-only FN/FNUZ
//!   8-bit formats and the explicit integer bit of x87 `f80`);
//! * conversions between them with round-to-nearest-even, as
//!   `APFloat::convert` does ([`convert`], [`to_f64`], [`from_f64`]);
//! * the decoded form ([`decode`], [`Decoded`]) the text module of the
//!   `syntax` crate (`syntax::float_text`: literal parsing and printing,
//!   byte-compatible with `mlir-opt-19`) builds on.
//!
//! Nothing here reads or writes text, except the type keywords.
//!
//! Bit patterns travel as right-aligned `u128`s holding the `APFloat`
//! encoding, [`FloatKind::semantics_bits`] wide (19 bits for `tf32`, 80 for
//! `f80`). Nothing here panics, and printing performs no heap allocation
//! beyond the output string.

use std::fmt;

/// One of MLIR 19's builtin floating-point types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FloatKind {
    /// `f8E5M2`: IEEE-like, 5 exponent bits, 2 mantissa bits.
    F8E5M2,
    /// `f8E4M3`: IEEE-like, 4 exponent bits, 3 mantissa bits.
    F8E4M3,
    /// `f8E4M3FN`: no infinities, NaN is `S.1111.111`.
    F8E4M3FN,
    /// `f8E5M2FNUZ`: no infinities, no negative zero, NaN is `0x80`.
    F8E5M2FNUZ,
    /// `f8E4M3FNUZ`: no infinities, no negative zero, NaN is `0x80`.
    F8E4M3FNUZ,
    /// `f8E4M3B11FNUZ`: like `f8E4M3FNUZ` with exponent bias 11.
    F8E4M3B11FNUZ,
    /// `bf16`.
    BF16,
    /// `f16` (IEEE binary16).
    F16,
    /// `tf32`: 19 significant bits of storage (1 + 8 + 10).
    TF32,
    /// `f32` (IEEE binary32).
    F32,
    /// `f64` (IEEE binary64).
    F64,
    /// `f80` (x87 double extended, explicit integer bit).
    F80,
    /// `f128` (IEEE binary128).
    F128,
}

/// How NaN is encoded (LLVM's `fltNanEncoding` together with the
/// non-finite behaviour: only `Ieee` formats have infinities).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NanEncoding {
    /// Exponent all ones, non-zero significand; infinities exist.
    Ieee,
    /// NaN-only: exponent and significand all ones (sign is kept).
    AllOnes,
    /// NaN-only: the negative-zero pattern is the single NaN.
    NegativeZero,
}

/// The parameters of a format, mirroring LLVM's `fltSemantics`.
#[derive(Clone, Copy, Debug)]
pub struct Semantics {
    /// Largest unbiased exponent of a finite value.
    pub max_exp: i32,
    /// Smallest unbiased exponent of a normal value.
    pub min_exp: i32,
    /// Significand bits including the integer bit.
    pub precision: u32,
    /// Bits of the encoding.
    pub bits: u32,
    nan: NanEncoding,
    /// The integer bit is stored (x87 `f80`).
    explicit_int: bool,
}

const fn sem(max_exp: i32, min_exp: i32, precision: u32, bits: u32, nan: NanEncoding) -> Semantics {
    Semantics { max_exp, min_exp, precision, bits, nan, explicit_int: false }
}

impl Semantics {
    /// Width of the stored significand field.
    const fn sig_field_bits(&self) -> u32 {
        if self.explicit_int {
            self.precision
        } else {
            self.precision - 1
        }
    }

    const fn exp_field_bits(&self) -> u32 {
        self.bits - 1 - self.sig_field_bits()
    }

    const fn bias(&self) -> i32 {
        1 - self.min_exp
    }

    /// Exponent of the least significant significand bit of a number whose
    /// integer bit has unbiased exponent `exp`.
    const fn lsb_exp(&self, exp: i32) -> i32 {
        exp - (self.precision as i32 - 1)
    }
}

/// `n` low bits set (`n` may be anything up to 128).
/// The low `n` bits set.
pub const fn low_mask(n: u32) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

impl FloatKind {
    /// Every kind, in declaration order.
    pub const ALL: [FloatKind; 13] = [
        FloatKind::F8E5M2,
        FloatKind::F8E4M3,
        FloatKind::F8E4M3FN,
        FloatKind::F8E5M2FNUZ,
        FloatKind::F8E4M3FNUZ,
        FloatKind::F8E4M3B11FNUZ,
        FloatKind::BF16,
        FloatKind::F16,
        FloatKind::TF32,
        FloatKind::F32,
        FloatKind::F64,
        FloatKind::F80,
        FloatKind::F128,
    ];

    /// The type's keyword exactly as MLIR spells it (`f32`, `bf16`, `f8E4M3FN`, ...).
    pub fn keyword(self) -> &'static str {
        match self {
            FloatKind::F8E5M2 => "f8E5M2",
            FloatKind::F8E4M3 => "f8E4M3",
            FloatKind::F8E4M3FN => "f8E4M3FN",
            FloatKind::F8E5M2FNUZ => "f8E5M2FNUZ",
            FloatKind::F8E4M3FNUZ => "f8E4M3FNUZ",
            FloatKind::F8E4M3B11FNUZ => "f8E4M3B11FNUZ",
            FloatKind::BF16 => "bf16",
            FloatKind::F16 => "f16",
            FloatKind::TF32 => "tf32",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
            FloatKind::F80 => "f80",
            FloatKind::F128 => "f128",
        }
    }

    /// Inverse of [`FloatKind::keyword`].
    pub fn from_keyword(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.keyword() == s)
    }

    /// The width MLIR's `FloatType::getWidth` reports: 8, 16, 32 (also for
    /// `tf32`), 64, 80 or 128. This is the width used by `arith.bitcast`,
    /// dense storage and the range check of hexadecimal literals.
    pub fn bit_width(self) -> u32 {
        match self {
            FloatKind::TF32 => 32,
            k => k.semantics().bits,
        }
    }

    /// Bits of the encoding itself (`APFloat`'s `sizeInBits`): as
    /// [`FloatKind::bit_width`] except 19 for `tf32`. Bit patterns taken and
    /// returned by this module are this wide.
    pub fn semantics_bits(self) -> u32 {
        self.semantics().bits
    }

    /// Significand precision in bits, including the integer bit
    /// (`APFloat::semanticsPrecision`).
    pub fn precision(self) -> u32 {
        self.semantics().precision
    }

    /// Whether the format has infinities (only the IEEE-like ones do).
    pub fn has_infinity(self) -> bool {
        self.semantics().nan == NanEncoding::Ieee
    }

    /// Whether the format has a negative zero (all but the FNUZ ones do).
    pub fn has_negative_zero(self) -> bool {
        self.semantics().nan != NanEncoding::NegativeZero
    }

    /// The format's parameters.
    pub const fn semantics(self) -> Semantics {
        use NanEncoding::{AllOnes, Ieee, NegativeZero};
        match self {
            FloatKind::F8E5M2 => sem(15, -14, 3, 8, Ieee),
            FloatKind::F8E4M3 => sem(7, -6, 4, 8, Ieee),
            FloatKind::F8E4M3FN => sem(8, -6, 4, 8, AllOnes),
            FloatKind::F8E5M2FNUZ => sem(15, -15, 3, 8, NegativeZero),
            FloatKind::F8E4M3FNUZ => sem(7, -7, 4, 8, NegativeZero),
            FloatKind::F8E4M3B11FNUZ => sem(4, -10, 4, 8, NegativeZero),
            FloatKind::BF16 => sem(127, -126, 8, 16, Ieee),
            FloatKind::F16 => sem(15, -14, 11, 16, Ieee),
            FloatKind::TF32 => sem(127, -126, 11, 19, Ieee),
            FloatKind::F32 => sem(127, -126, 24, 32, Ieee),
            FloatKind::F64 => sem(1023, -1022, 53, 64, Ieee),
            FloatKind::F80 => Semantics { explicit_int: true, ..sem(16383, -16382, 64, 80, Ieee) },
            FloatKind::F128 => sem(16383, -16382, 113, 128, Ieee),
        }
    }
}

impl fmt::Display for FloatKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.keyword())
    }
}

// ---------------------------------------------------------------------------
// Encoding and decoding.
// ---------------------------------------------------------------------------

/// A decoded value, in the spirit of `APFloat`'s (category, sign, exponent,
/// significand) representation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// A zero.
    Zero {
        /// The sign.
        neg: bool,
    },
    /// An infinity.
    Inf {
        /// The sign.
        neg: bool,
    },
    /// `payload` is the stored significand field (for `f80` including the
    /// integer bit).
    NaN {
        /// The sign.
        neg: bool,
        /// The significand field.
        payload: u128,
    },
    /// `sig * 2^lsb`, with `sig < 2^precision`; `sig < 2^(precision-1)` only
    /// for denormals (whose integer bit has exponent `min_exp`).
    Finite {
        /// The sign.
        neg: bool,
        /// The significand.
        sig: u128,
        /// The exponent of its lowest bit.
        lsb: i32,
    },
}

/// Decodes a bit pattern of format `s`.
pub fn decode(s: &Semantics, bits: u128) -> Value {
    let bits = bits & low_mask(s.bits);
    let neg = (bits >> (s.bits - 1)) & 1 == 1;
    let sf = s.sig_field_bits();
    let field = bits & low_mask(sf);
    let exp_field_max = low_mask(s.exp_field_bits());
    let ef = (bits >> sf) & exp_field_max;
    // Exponent fields are at most 15 bits wide, so this cannot truncate.
    let exp_of = |ef: u128| ef as i32 - s.bias();
    if s.explicit_int {
        let int_bit = 1u128 << (s.precision - 1);
        return if ef == 0 && field == 0 {
            Value::Zero { neg }
        } else if ef == exp_field_max && field == int_bit {
            Value::Inf { neg }
        } else if ef == exp_field_max || (ef != 0 && field & int_bit == 0) {
            // NaNs, pseudo-NaNs, pseudo-infinities and unnormals.
            Value::NaN { neg, payload: field }
        } else {
            // Denormals and pseudo-denormals live at the minimum exponent.
            let exp = if ef == 0 { s.min_exp } else { exp_of(ef) };
            Value::Finite { neg, sig: field, lsb: s.lsb_exp(exp) }
        };
    }
    let zero_pattern = ef == 0 && field == 0;
    let is_nan = match s.nan {
        NanEncoding::Ieee => {
            if ef == exp_field_max && field == 0 {
                return Value::Inf { neg };
            }
            ef == exp_field_max
        }
        NanEncoding::AllOnes => ef == exp_field_max && field == low_mask(sf),
        NanEncoding::NegativeZero => zero_pattern && neg,
    };
    if is_nan {
        Value::NaN { neg, payload: field }
    } else if zero_pattern {
        Value::Zero { neg }
    } else if ef == 0 {
        Value::Finite { neg, sig: field, lsb: s.lsb_exp(s.min_exp) }
    } else {
        Value::Finite { neg, sig: field | (1u128 << sf), lsb: s.lsb_exp(exp_of(ef)) }
    }
}

/// The canonical encoding of `v` (what `APFloat::bitcastToAPInt` returns).
fn encode(s: &Semantics, v: Value) -> u128 {
    let sf = s.sig_field_bits();
    let exp_field_max = low_mask(s.exp_field_bits());
    let explicit_one = if s.explicit_int { 1u128 << (s.precision - 1) } else { 0 };
    let (neg, ef, field) = match v {
        Value::Zero { neg } => (neg && s.nan != NanEncoding::NegativeZero, 0, 0),
        Value::Inf { neg } if s.nan == NanEncoding::Ieee => (neg, exp_field_max, explicit_one),
        Value::Inf { neg } => return encode(s, Value::NaN { neg, payload: 0 }),
        Value::NaN { neg, payload } => match s.nan {
            NanEncoding::Ieee => (neg, exp_field_max, payload & low_mask(sf)),
            NanEncoding::AllOnes => (neg, exp_field_max, low_mask(sf)),
            NanEncoding::NegativeZero => (true, 0, 0),
        },
        Value::Finite { neg, sig, lsb } => {
            let int_bit = 1u128 << (s.precision - 1);
            let ef = if sig & int_bit == 0 {
                0
            } else {
                // In range by construction; clamp defensively.
                (lsb + s.precision as i32 - 1 + s.bias()).clamp(0, exp_field_max as i32) as u128
            };
            (neg, ef, sig & low_mask(sf))
        }
    };
    (u128::from(neg) << (s.bits - 1)) | (ef << sf) | field
}

fn quiet_bit(s: &Semantics) -> u128 {
    1u128 << (s.precision - 2)
}

fn zero(s: &Semantics, neg: bool) -> Value {
    Value::Zero { neg: neg && s.nan != NanEncoding::NegativeZero }
}

/// The result of overflow when rounding to nearest: infinity, or NaN for
/// formats without infinities.
fn overflow(s: &Semantics, neg: bool) -> Value {
    if s.nan == NanEncoding::Ieee {
        Value::Inf { neg }
    } else {
        Value::NaN { neg, payload: 0 }
    }
}

/// Rounds `(mant + ε) * 2^lsb` (ε > 0 tiny iff `sticky`) to nearest, ties
/// to even, handling denormals, overflow and the formats' special encodings.
fn round(s: &Semantics, neg: bool, mant: u128, lsb: i32, sticky: bool) -> Value {
    if mant == 0 {
        return zero(s, neg);
    }
    let p = s.precision as i32;
    let msb = 128 - mant.leading_zeros() as i32;
    let top_exp = lsb + msb - 1;
    let mut ulp = top_exp.max(s.min_exp) - (p - 1);
    let shift = ulp - lsb;
    let mut q = if shift <= 0 {
        // Exact: the shifted significand still fits in `precision` bits.
        mant << shift.unsigned_abs()
    } else {
        let sh = shift.unsigned_abs();
        let (q, rem) = match sh {
            1..=127 => (mant >> sh, mant & low_mask(sh)),
            128 => (0, mant),
            // Less than half of the smallest denormal.
            _ => return zero(s, neg),
        };
        let half = 1u128 << (sh - 1);
        let up = rem > half || (rem == half && (sticky || q & 1 == 1));
        q + u128::from(up)
    };
    if q == 1u128 << p {
        q >>= 1;
        ulp += 1;
    }
    if q == 0 {
        return zero(s, neg);
    }
    let exp = if q >> (p - 1) != 0 { ulp + p - 1 } else { s.min_exp };
    if exp > s.max_exp || (s.nan == NanEncoding::AllOnes && exp == s.max_exp && q == low_mask(s.precision)) {
        return overflow(s, neg);
    }
    Value::Finite { neg, sig: q, lsb: ulp }
}

fn convert_nan(from: &Semantics, to: &Semantics, neg: bool, payload: u128) -> Value {
    if to.nan != NanEncoding::Ieee {
        return Value::NaN { neg, payload: 0 };
    }
    let explicit_one = if to.explicit_int { 1u128 << (to.precision - 1) } else { 0 };
    if from.nan == NanEncoding::NegativeZero {
        // A fresh positive quiet NaN (LLVM avoids turning it into -inf).
        return Value::NaN { neg: false, payload: quiet_bit(to) | explicit_one };
    }
    let signaling = from.nan == NanEncoding::Ieee && payload & quiet_bit(from) == 0;
    let shift = to.precision as i32 - from.precision as i32;
    let mut payload = if shift >= 0 { payload << shift.unsigned_abs() } else { payload >> shift.unsigned_abs() };
    payload |= explicit_one;
    if signaling {
        payload |= quiet_bit(to);
    }
    Value::NaN { neg, payload }
}

/// Converts a bit pattern of `from` to `to`, rounding to nearest-even like
/// `APFloat::convert` (signaling NaNs are quieted, NaN payloads are shifted,
/// overflow gives infinity or NaN, `-0` becomes `+0` in FNUZ formats).
/// With `from == to` the pattern is only canonicalized.
pub fn convert(from: FloatKind, to: FloatKind, bits: u128) -> u128 {
    let fs = from.semantics();
    let ts = to.semantics();
    let v = decode(&fs, bits);
    if from == to {
        return encode(&ts, v);
    }
    let out = match v {
        Value::Zero { neg } => zero(&ts, neg),
        Value::Inf { neg } => overflow(&ts, neg),
        Value::NaN { neg, payload } => convert_nan(&fs, &ts, neg, payload),
        Value::Finite { neg, sig, lsb } => round(&ts, neg, sig, lsb, false),
    };
    encode(&ts, out)
}

/// The value as an `f64` (rounding `f80`/`f128` to nearest-even).
pub fn to_f64(kind: FloatKind, bits: u128) -> f64 {
    // An f64 pattern fits in 64 bits.
    f64::from_bits(convert(kind, FloatKind::F64, bits) as u64)
}

/// `APFloat(v).convert(kind, rmNearestTiesToEven)`; for `f64` the bits of `v`.
pub fn from_f64(kind: FloatKind, v: f64) -> u128 {
    convert(FloatKind::F64, kind, u128::from(v.to_bits()))
}

/// The canonical form of a bit pattern: the bits MLIR reports for a
/// `FloatAttr` built from it (`tf32` masked to 19 bits, `f80` unnormals
/// turned into NaNs, ...).
pub fn canonicalize(kind: FloatKind, bits: u128) -> u128 {
    let s = kind.semantics();
    encode(&s, decode(&s, bits))
}

/// Whether the pattern is a NaN.
pub fn is_nan(kind: FloatKind, bits: u128) -> bool {
    matches!(decode(&kind.semantics(), bits), Value::NaN { .. })
}

/// Whether the pattern is an infinity.
pub fn is_infinite(kind: FloatKind, bits: u128) -> bool {
    matches!(decode(&kind.semantics(), bits), Value::Inf { .. })
}

/// Whether the pattern is a zero of either sign.
pub fn is_zero(kind: FloatKind, bits: u128) -> bool {
    matches!(decode(&kind.semantics(), bits), Value::Zero { .. })
}

/// Whether the sign bit is set (FNUZ NaN included).
pub fn is_negative(kind: FloatKind, bits: u128) -> bool {
    let s = kind.semantics();
    (bits >> (s.bits - 1)) & 1 == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_and_widths() {
        for kind in FloatKind::ALL {
            assert_eq!(FloatKind::from_keyword(kind.keyword()), Some(kind));
            assert_eq!(kind.to_string(), kind.keyword());
        }
        assert_eq!(FloatKind::from_keyword("f8E3M4"), None);
        assert_eq!(FloatKind::from_keyword("F32"), None);
        let widths: Vec<u32> = FloatKind::ALL.iter().map(|k| k.bit_width()).collect();
        assert_eq!(widths, [8, 8, 8, 8, 8, 8, 16, 16, 32, 32, 64, 80, 128]);
        assert_eq!(FloatKind::TF32.semantics_bits(), 19);
        assert_eq!(FloatKind::F80.precision(), 64);
        assert!(!FloatKind::F8E4M3FN.has_infinity() && FloatKind::F8E4M3.has_infinity());
        assert!(!FloatKind::F8E5M2FNUZ.has_negative_zero() && FloatKind::F8E4M3FN.has_negative_zero());
    }

    #[test]
    fn conversions() {
        use FloatKind::*;
        // NaN conversions as folded by mlir-opt-19 (arith.extf).
        assert_eq!(convert(F8E5M2FNUZ, F32, 0x80), 0x7FC0_0000);
        assert_eq!(convert(F8E4M3FN, F32, 0x7F), 0x7FF0_0000);
        assert_eq!(convert(F8E4M3FN, F32, 0xFF), 0xFFF0_0000);
        assert_eq!(convert(F16, F32, 0x7E01), 0x7FC0_2000);
        // Signaling NaNs are quieted; x87 NaNs get their integer bit.
        assert_eq!(convert(F32, F64, 0x7F80_0001), 0x7FF8_0000_2000_0000);
        assert_eq!(convert(F64, F80, 0x7FF8_0000_0000_0000), 0x7FFF_C000_0000_0000_0000);
        // Rounding, overflow and the NaN-only formats.
        assert_eq!(from_f64(F16, 65519.0), 0x7BFF);
        assert_eq!(from_f64(F16, 65520.0), 0x7C00);
        assert_eq!(from_f64(F8E4M3FN, 464.0), 0x7E);
        assert_eq!(from_f64(F8E4M3FN, -465.0), 0xFF);
        assert_eq!(from_f64(F8E4M3FNUZ, 1e9), 0x80);
        assert_eq!(from_f64(F8E4M3FNUZ, -0.0), 0);
        assert_eq!(from_f64(F8E5M2, f64::NEG_INFINITY), 0xFC);
        assert_eq!(from_f64(F8E5M2FNUZ, f64::INFINITY), 0x80);
        assert_eq!(from_f64(BF16, 1.0 + 1.0 / 256.0), 0x3F80); // tie to even
        assert_eq!(from_f64(BF16, 1.0 + 3.0 / 256.0), 0x3F82);
        assert_eq!(from_f64(F32, 1e-46), 0);
        assert_eq!(from_f64(F32, 1.0e-45), 1);
        assert_eq!(to_f64(F80, 0x3FFF_8000_0000_0000_0000), 1.0);
        assert_eq!(to_f64(F128, 0x3FFF_0000_0000_0000_0000_0000_0000_0001), 1.0);
        assert_eq!(to_f64(F8E4M3B11FNUZ, 0x7F), 30.0);
        assert_eq!(to_f64(F8E4M3FNUZ, 0x01), 2f64.powi(-10));
        assert!(to_f64(F8E5M2FNUZ, 0x80).is_nan());
        assert_eq!(to_f64(F64, from_f64(F64, -2.5)), -2.5);
        // f80 unnormals are NaNs; pseudo-denormals are numbers.
        assert_eq!(canonicalize(F80, 0x1234_0000_0000_0000_0001), 0x7FFF_0000_0000_0000_0001);
        assert!(is_nan(F80, 0x7FFF_0000_0000_0000_0000));
        assert_eq!(canonicalize(F80, 0x0000_8000_0000_0000_0000), 0x0001_8000_0000_0000_0000);
        assert_eq!(canonicalize(TF32, 0xFFFF_FFFF), 0x7FFFF);
        assert!(is_infinite(F32, 0xFF80_0000) && is_negative(F32, 0xFF80_0000));
        assert!(is_zero(F8E4M3FN, 0x80) && !is_zero(F8E4M3FNUZ, 0x80));
        // Every bf16 and a sample of f64s agree with the host's conversions.
        for b in 0..=u16::MAX {
            let host = f32::from_bits(u32::from(b) << 16);
            if !host.is_nan() {
                assert_eq!(to_f64(BF16, u128::from(b)), f64::from(host));
                assert_eq!(from_f64(F32, f64::from(host)), u128::from(host.to_bits()));
            }
        }
        // A Weyl sequence spreads the samples over all bit patterns.
        for i in 0..100_000u64 {
            let v = f64::from_bits(i.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x1234_5678);
            if !v.is_nan() {
                assert_eq!(from_f64(F32, v), u128::from((v as f32).to_bits()), "{v:e}");
                assert_eq!(to_f64(F32, from_f64(F32, v)), f64::from(v as f32));
            }
        }
    }
}
