//! Decimal formatting of integers straight into a `String` (through `itoa`),
//! without the `core::fmt` machinery (padding checks, trait objects): the
//! printer writes an SSA id or a block number for nearly every token.

/// Appends the decimal digits of `n`.
#[inline]
pub fn push_u64(out: &mut String, n: u64) {
    if n < 10 {
        out.push((b'0' + n as u8) as char);
        return;
    }
    out.push_str(itoa::Buffer::new().format(n));
}

/// Appends the decimal digits of `n`.
#[inline]
pub fn push_u32(out: &mut String, n: u32) {
    if n < 10 {
        out.push((b'0' + n as u8) as char);
        return;
    }
    out.push_str(itoa::Buffer::new().format(n));
}

/// Appends `n` in decimal, with a leading `-` when negative.
#[inline]
pub fn push_i64(out: &mut String, n: i64) {
    if n < 0 {
        out.push('-');
    }
    push_u64(out, n.unsigned_abs());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_display() {
        for n in (0u64..10_000).chain([12345, 99_999, 100_000, u32::MAX as u64, u64::MAX]) {
            let mut s = String::new();
            push_u64(&mut s, n);
            assert_eq!(s, n.to_string());
        }
        for n in [0i64, -1, 7, -10, i64::MIN, i64::MAX] {
            let mut s = String::from("x");
            push_i64(&mut s, n);
            assert_eq!(s, format!("x{n}"));
        }
    }
}
