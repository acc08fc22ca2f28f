//! C's `%g` (6 significant digits), the float format of MLIR's runner
//! utilities (`printMemrefF32`, `printF32`, …).

use std::fmt::{self, Write as _};

// ---------------------------------------------------------------------------
// C `%g`.
// ---------------------------------------------------------------------------

/// Formats like C's `printf("%g")` / a default C++ `ostream`: 6 significant
/// digits, trailing zeros removed, exponent form outside `[1e-4, 1e6)`
/// (`1`, `0.5`, `1e+10`, `1.23457e+06`, `-0`, `inf`, `nan`, `-nan`).
pub fn format_g6(v: f64) -> String {
    let mut out = String::with_capacity(16);
    write_g6(&mut out, v);
    out
}

/// [`format_g6`] appending to `out`.
pub fn write_g6(out: &mut String, v: f64) {
    if v.is_sign_negative() {
        out.push('-');
    }
    if v.is_nan() {
        out.push_str("nan");
        return;
    }
    if v.is_infinite() {
        out.push_str("inf");
        return;
    }
    if v == 0.0 {
        out.push('0');
        return;
    }
    // Six correctly rounded (ties-to-even) significant digits.
    let mut buf = StackStr::default();
    let _ = write!(buf, "{:.5e}", v.abs());
    let text = buf.as_bytes();
    let digits: [u8; 6] = [text[0], text[2], text[3], text[4], text[5], text[6]];
    let exp: i32 = std::str::from_utf8(&text[8..]).ok().and_then(|e| e.parse().ok()).unwrap_or(0);
    let significant = 6 - digits.iter().rev().take_while(|&&c| c == b'0').count();
    let digits = &digits[..significant.max(1)];
    let push = |out: &mut String, ds: &[u8]| ds.iter().for_each(|&c| out.push(char::from(c)));
    if (-4..6).contains(&exp) {
        if exp >= 0 {
            let whole = exp as usize + 1;
            push(out, &digits[..whole.min(digits.len())]);
            for _ in digits.len()..whole {
                out.push('0');
            }
            if digits.len() > whole {
                out.push('.');
                push(out, &digits[whole..]);
            }
        } else {
            out.push_str("0.");
            for _ in 1..-exp {
                out.push('0');
            }
            push(out, digits);
        }
    } else {
        push(out, &digits[..1]);
        if digits.len() > 1 {
            out.push('.');
            push(out, &digits[1..]);
        }
        out.push('e');
        out.push(if exp < 0 { '-' } else { '+' });
        let _ = write!(out, "{:02}", exp.unsigned_abs());
    }
}

/// A tiny fixed-size `fmt::Write` sink (for `{:e}` output of an `f64`).
struct StackStr {
    buf: [u8; 40],
    len: usize,
}

impl Default for StackStr {
    fn default() -> Self {
        StackStr { buf: [b'0'; 40], len: 0 }
    }
}

impl StackStr {
    fn as_bytes(&self) -> &[u8] {
        // Keep at least the "d.ddddde0" shape so indexing above is in bounds.
        &self.buf[..self.len.max(9)]
    }
}

impl fmt::Write for StackStr {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        if end > self.buf.len() {
            return Err(fmt::Error);
        }
        self.buf[self.len..end].copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_g6_matches_printf() {
        // Expected strings from glibc's printf("%g").
        let cases: &[(f64, &str)] = &[
            (0.0, "0"),
            (-0.0, "-0"),
            (1.0, "1"),
            (0.5, "0.5"),
            (-2.5, "-2.5"),
            (1e10, "1e+10"),
            (1234567.0, "1.23457e+06"),
            (1234565.0, "1.23456e+06"),
            (123456.5, "123456"),
            (999999.5, "1e+06"),
            (999999.4, "999999"),
            (100000.0, "100000"),
            (1e6, "1e+06"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (0.000123456789, "0.000123457"),
            (1.0 / 3.0, "0.333333"),
            (2.0 / 3.0, "0.666667"),
            (std::f64::consts::PI, "3.14159"),
            (1e-300, "1e-300"),
            (f64::from_bits(1), "4.94066e-324"),
            (f64::MAX, "1.79769e+308"),
            (1e100, "1e+100"),
            (-1e-5, "-1e-05"),
            (12345.678, "12345.7"),
            (0.1, "0.1"),
            (1e21, "1e+21"),
            (123456789.0, "1.23457e+08"),
            (9.9999949999e-5, "9.99999e-05"),
            (f64::INFINITY, "inf"),
            (f64::NEG_INFINITY, "-inf"),
            (f64::NAN, "nan"),
            (-f64::NAN, "-nan"),
        ];
        for &(v, expected) in cases {
            assert_eq!(format_g6(v), expected, "{v:e}");
        }
    }
}
