//! Decimal formatting of integers straight into a `String`, without the
//! `core::fmt` machinery (padding checks, trait objects): the printer writes
//! an SSA id or a block number for nearly every token it prints.

/// Appends the decimal digits of `n`.
#[inline]
pub fn push_u64(out: &mut String, mut n: u64) {
    if n < 10 {
        out.push((b'0' + n as u8) as char);
        return;
    }
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    while n >= 10 {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
    }
    i -= 1;
    buf[i] = b'0' + n as u8;
    // Only ASCII digits were written.
    out.push_str(std::str::from_utf8(&buf[i..]).unwrap_or_default());
}

/// Appends the decimal digits of `n`.
#[inline]
pub fn push_u32(out: &mut String, n: u32) {
    push_u64(out, n as u64);
}

/// Appends `n` in decimal, with a leading `-` when negative (test helper).
#[cfg(test)]
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
        for n in [0u64, 1, 9, 10, 99, 100, 12345, u32::MAX as u64, u64::MAX] {
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
