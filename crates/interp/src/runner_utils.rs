//! The MLIR runner utility libraries as the interpreter's runtime: what
//! `mlir-cpu-runner-19` prints through `libmlir_runner_utils` and
//! `libmlir_c_runner_utils`, reproduced byte for byte.
//!
//! This module owns the text of every print the runtime can emit:
//!
//! * the scalar printers `vector.print` lowers to (`printI64`, `printU64`,
//!   `printF16`, `printBF16`, `printF32`, `printF64`, `printOpen`,
//!   `printClose`, `printComma`, `printNewline`) and the `vector.print`
//!   decomposition itself ([`vector_print`]: `( 1, 2 )`, nested
//!   `( ( 1, 2 ), ( 3, 4 ) )`, a 0-d vector as `( 5 )`, punctuation);
//! * the memref printers (`printMemrefF32`, `printMemrefI8`, ... and their
//!   `_mlir_ciface_` spellings, `printMemrefShape*`, the ranked
//!   `printMemref{0..4}dF32` / `printMemref1d*` variants): the
//!   `Unranked Memref base@ = 0x... rank = .. offset = .. sizes = [..]
//!   strides = [..] data = ` header and the nested bracket layout of
//!   `RunnerUtils.h`'s `MemRefDataPrinter`.
//!
//! Numbers are formatted as C's `printf` / a default C++ `ostream` does:
//! floats with `%g` (through [`write_g6`]), `-nan` for a NaN
//! with the sign bit set, `index` elements and `index` scalars as unsigned
//! 64-bit integers, `i1` scalars zero-extended, other integers
//! sign-extended. An `i8` memref element goes through `ostream << int8_t`,
//! i.e. it is printed as the *character* with that code.
//!
//! Known, documented differences from the native libraries:
//!
//! * Upstream reads (and prints) one element even from a memref with no
//!   elements, i.e. garbage memory. Here such a memref prints the zero of
//!   its element type in those positions, and `elem` is never called for it.
//! * An `i8` element of 0x80..=0xFF is a single raw byte upstream, which a
//!   `String` cannot hold; it is printed as `U+0080..=U+00FF` (two bytes).
//! * Complex memrefs (`printMemrefC32`/`C64`), `printString` (which takes a
//!   pointer), the timing functions and the `verifyMemRef*` family (which
//!   return values) are not provided: [`call_runtime`] returns `None`.

use std::fmt::Write as _;

use ir::float::{to_f64, FloatKind};

/// A scalar passed to (or stored in a memref printed by) a runtime function.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RtScalar {
    /// A signless integer of `width` bits (1..=64); `bits` holds its two's
    /// complement pattern (bits above `width` are ignored).
    I {
        /// Bit width (1..=64).
        width: u32,
        /// Two's complement bits.
        bits: u64,
    },
    /// An `index` value.
    Index(i64),
    /// An `f32` value.
    F32(f32),
    /// An `f64` value.
    F64(f64),
    /// An IEEE half, as raw bits.
    F16(u16),
    /// A bfloat16, as raw bits.
    BF16(u16),
}

/// A strided memref descriptor as the runtime sees it.
pub struct RtMemref<'a> {
    /// The address printed after `base@ = ` (the aligned pointer upstream).
    pub base_addr: u64,
    /// Offset in elements from the base.
    pub offset: i64,
    /// One size per dimension (empty for a 0-d memref).
    pub sizes: &'a [i64],
    /// One stride per dimension, in elements.
    pub strides: &'a [i64],
    /// Element at a linear index into the base allocation. Only called with
    /// `offset + sum(i_k * strides[k])` for in-range indices `i_k`.
    pub elem: &'a dyn Fn(i64) -> RtScalar,
}

/// One argument of a runtime call.
pub enum RtArg<'a> {
    /// A scalar (`printI64`'s operand, ...).
    Scalar(RtScalar),
    /// A memref (ranked or unranked, the runtime only looks at the descriptor).
    Memref(RtMemref<'a>),
}

/// The element type a memref printer reads its data as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Elem {
    I8,
    I16,
    I32,
    I64,
    Ind,
    F16,
    BF16,
    F32,
    F64,
}

impl Elem {
    fn from_suffix(s: &str) -> Option<Elem> {
        Some(match s {
            "I8" => Elem::I8,
            "I16" => Elem::I16,
            "I32" => Elem::I32,
            "I64" => Elem::I64,
            "Ind" => Elem::Ind,
            "F16" => Elem::F16,
            "BF16" => Elem::BF16,
            "F32" => Elem::F32,
            "F64" => Elem::F64,
            _ => return None,
        })
    }
}

/// Which memref printer a runtime function name denotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MemrefPrinter {
    /// `printMemrefXX`: header and data, `Unranked Memref ` prefix.
    Unranked(Elem),
    /// `printMemrefShapeXX`: the header and a newline.
    Shape(Elem),
    /// `printMemref<N>dXX`: header and data, `Memref ` prefix, rank `N`.
    Ranked(usize, Elem),
}

/// Parses a memref printer's name (without any `_mlir_ciface_` prefix).
fn memref_printer(name: &str) -> Option<MemrefPrinter> {
    let rest = name.strip_prefix("printMemref")?;
    if let Some(ty) = rest.strip_prefix("Shape") {
        // Upstream has no F16/BF16/I16 shape printers.
        return match Elem::from_suffix(ty)? {
            Elem::F16 | Elem::BF16 | Elem::I16 => None,
            e => Some(MemrefPrinter::Shape(e)),
        };
    }
    let bytes = rest.as_bytes();
    if bytes.len() >= 2 && bytes[0].is_ascii_digit() && bytes[1] == b'd' {
        let rank = usize::from(bytes[0] - b'0');
        let elem = Elem::from_suffix(&rest[2..])?;
        let exists = match elem {
            Elem::F32 => rank <= 4,
            Elem::I8 | Elem::I32 | Elem::I64 | Elem::F64 | Elem::Ind => rank == 1,
            _ => false,
        };
        return exists.then_some(MemrefPrinter::Ranked(rank, elem));
    }
    Elem::from_suffix(rest).map(MemrefPrinter::Unranked)
}

/// Runs the runtime function `name` (e.g. `printMemrefF32`, `printI64`,
/// `_mlir_ciface_printMemrefI32`), appending what it prints to `out`.
///
/// Returns `None` when `name` is not a runtime function this module
/// provides, and `Some(Err(message))` when the arguments do not fit it
/// (wrong count or kind, a rank mismatch for a ranked printer, sizes and
/// strides of different lengths); nothing is printed then.
pub fn call_runtime(name: &str, args: &[RtArg], out: &mut String) -> Option<Result<(), String>> {
    let base = name.strip_prefix("_mlir_ciface_").unwrap_or(name);
    if let Some(printer) = memref_printer(base) {
        return Some(call_memref_printer(name, printer, args, out));
    }
    let result = match base {
        "printOpen" | "printClose" | "printComma" | "printNewline" => no_args(name, args).map(|()| {
            out.push_str(match base {
                "printOpen" => "( ",
                "printClose" => " )",
                "printComma" => ", ",
                _ => "\n",
            })
        }),
        "printI64" => one_scalar(name, args).map(|s| {
            let _ = write!(out, "{}", scalar_as_i64(s));
        }),
        "printU64" => one_scalar(name, args).map(|s| {
            let _ = write!(out, "{}", scalar_as_i64(s) as u64);
        }),
        "printF32" => one_scalar(name, args).map(|s| print_c_float(out, f64::from(scalar_as_f32(s)))),
        "printF64" => one_scalar(name, args).map(|s| print_c_float(out, scalar_as_f64(s))),
        "printF16" => one_scalar(name, args).map(|s| print_c_float(out, half_value(FloatKind::F16, s))),
        "printBF16" => one_scalar(name, args).map(|s| print_c_float(out, half_value(FloatKind::BF16, s))),
        _ => return None,
    };
    Some(result)
}

fn no_args(name: &str, args: &[RtArg]) -> Result<(), String> {
    if args.is_empty() {
        Ok(())
    } else {
        Err(format!("runtime function '{name}' takes no arguments, got {}", args.len()))
    }
}

fn one_scalar(name: &str, args: &[RtArg]) -> Result<RtScalar, String> {
    match args {
        [RtArg::Scalar(s)] => Ok(*s),
        [RtArg::Memref(_)] => Err(format!("runtime function '{name}' expects a scalar, got a memref")),
        _ => Err(format!("runtime function '{name}' takes 1 argument, got {}", args.len())),
    }
}

fn call_memref_printer(name: &str, printer: MemrefPrinter, args: &[RtArg], out: &mut String) -> Result<(), String> {
    let m = match args {
        [RtArg::Memref(m)] => m,
        [RtArg::Scalar(_)] => return Err(format!("runtime function '{name}' expects a memref, got a scalar")),
        _ => return Err(format!("runtime function '{name}' takes 1 argument, got {}", args.len())),
    };
    if m.sizes.len() != m.strides.len() {
        return Err(format!(
            "runtime function '{name}': memref has {} sizes but {} strides",
            m.sizes.len(),
            m.strides.len()
        ));
    }
    if let Some(&bad) = m.sizes.iter().find(|&&s| s < 0) {
        return Err(format!("runtime function '{name}': negative memref size {bad}"));
    }
    match printer {
        MemrefPrinter::Shape(_) => {
            out.push_str("Unranked Memref ");
            print_metadata(out, m);
            out.push('\n');
        }
        MemrefPrinter::Unranked(elem) => {
            out.push_str("Unranked Memref ");
            print_memref(out, m, elem);
        }
        MemrefPrinter::Ranked(rank, elem) => {
            if m.sizes.len() != rank {
                return Err(format!(
                    "runtime function '{name}' expects a rank-{rank} memref, got rank {}",
                    m.sizes.len()
                ));
            }
            out.push_str("Memref ");
            print_memref(out, m, elem);
        }
    }
    Ok(())
}

/// `base@ = 0x.. rank = .. offset = .. sizes = [..] strides = [..]`.
fn print_metadata(out: &mut String, m: &RtMemref) {
    // `std::showbase` prints a null pointer as plain `0`.
    if m.base_addr == 0 {
        out.push_str("base@ = 0");
    } else {
        let _ = write!(out, "base@ = {:#x}", m.base_addr);
    }
    let _ = write!(out, " rank = {} offset = {} sizes = [", m.sizes.len(), m.offset);
    join_i64(out, m.sizes);
    out.push_str("] strides = [");
    join_i64(out, m.strides);
    out.push(']');
}

fn join_i64(out: &mut String, xs: &[i64]) {
    for (i, x) in xs.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "{x}");
    }
}

/// Header, ` data = `, newline, the nested data and a final newline.
fn print_memref(out: &mut String, m: &RtMemref, elem: Elem) {
    print_metadata(out, m);
    out.push_str(" data = \n");
    let rank = m.sizes.len();
    // With no elements upstream prints whatever memory holds; use zero.
    let empty = m.sizes.contains(&0);
    let mut printer = DataPrinter { out, m, elem, rank, empty };
    if rank == 0 {
        printer.out.push('[');
        printer.print(0, m.offset);
        printer.out.push(']');
    } else {
        printer.print(0, m.offset);
    }
    out.push('\n');
}

/// `MemRefDataPrinter`: the bracket layout of the data.
struct DataPrinter<'o, 'm, 'a> {
    out: &'o mut String,
    m: &'m RtMemref<'a>,
    elem: Elem,
    rank: usize,
    empty: bool,
}

impl DataPrinter<'_, '_, '_> {
    /// Prints the sub-array at dimension `d` (0 = outermost) starting at
    /// linear element `offset`.
    fn print(&mut self, d: usize, offset: i64) {
        if d == self.rank {
            let value = if self.empty { None } else { Some((self.m.elem)(offset)) };
            format_elem(self.out, self.elem, value);
            return;
        }
        let size = self.m.sizes[d];
        let stride = self.m.strides[d];
        // Dimensions left including this one (upstream's `dim`).
        let dims_left = self.rank - d;
        let indent = d + 1;
        self.out.push('[');
        self.print(d + 1, offset);
        if size <= 1 {
            self.out.push(']');
            return;
        }
        self.separator(dims_left);
        for i in 1..size - 1 {
            self.spaces(indent);
            self.print(d + 1, offset.wrapping_add(i.wrapping_mul(stride)));
            self.separator(dims_left);
        }
        self.spaces(indent);
        self.print(d + 1, offset.wrapping_add((size - 1).wrapping_mul(stride)));
        self.out.push(']');
    }

    fn separator(&mut self, dims_left: usize) {
        self.out.push_str(", ");
        if dims_left > 1 {
            self.out.push('\n');
        }
    }

    fn spaces(&mut self, n: usize) {
        for _ in 0..n {
            self.out.push(' ');
        }
    }
}

/// One memref element read as `elem` and written through `ostream <<`;
/// `None` prints the zero of the type.
fn format_elem(out: &mut String, elem: Elem, value: Option<RtScalar>) {
    let Some(v) = value else {
        out.push(if elem == Elem::I8 { '\0' } else { '0' });
        return;
    };
    match elem {
        // `ostream << int8_t` writes the character.
        Elem::I8 => out.push(char::from(scalar_as_i64(v) as u8)),
        Elem::I16 => {
            let _ = write!(out, "{}", scalar_as_i64(v) as i16);
        }
        Elem::I32 => {
            let _ = write!(out, "{}", scalar_as_i64(v) as i32);
        }
        Elem::I64 => {
            let _ = write!(out, "{}", scalar_as_i64(v));
        }
        Elem::Ind => {
            let _ = write!(out, "{}", scalar_as_i64(v) as u64);
        }
        Elem::F16 => write_g6(out, half_value(FloatKind::F16, v)),
        Elem::BF16 => write_g6(out, half_value(FloatKind::BF16, v)),
        Elem::F32 => write_g6(out, f64::from(scalar_as_f32(v))),
        Elem::F64 => write_g6(out, scalar_as_f64(v)),
    }
}

/// `printf("%g")` as `printF32`/`printF64` use it. They print a negative NaN
/// as `-nan` explicitly and otherwise rely on glibc, which prints `nan`,
/// `-nan`, `inf` and `-inf`: exactly what `write_g6` does.
fn print_c_float(out: &mut String, v: f64) {
    write_g6(out, v);
}

/// The value of an integer scalar, sign-extended to 64 bits (`i1` is
/// zero-extended, as the `vector.print` lowering does); floats are
/// reinterpreted by their bits.
fn scalar_as_i64(s: RtScalar) -> i64 {
    match s {
        RtScalar::I { width, bits } => {
            if width == 1 {
                (bits & 1) as i64
            } else if width == 0 || width >= 64 {
                bits as i64
            } else {
                let shift = 64 - width;
                ((bits << shift) as i64) >> shift
            }
        }
        RtScalar::Index(v) => v,
        RtScalar::F32(f) => i64::from(f.to_bits()),
        RtScalar::F64(f) => f.to_bits() as i64,
        RtScalar::F16(b) | RtScalar::BF16(b) => i64::from(b),
    }
}

fn scalar_as_f64(s: RtScalar) -> f64 {
    match s {
        RtScalar::F64(f) => f,
        RtScalar::F32(f) => f64::from(f),
        RtScalar::F16(b) => to_f64(FloatKind::F16, u128::from(b)),
        RtScalar::BF16(b) => to_f64(FloatKind::BF16, u128::from(b)),
        RtScalar::I { .. } | RtScalar::Index(_) => f64::from_bits(scalar_as_i64(s) as u64),
    }
}

fn scalar_as_f32(s: RtScalar) -> f32 {
    match s {
        RtScalar::F32(f) => f,
        RtScalar::I { .. } | RtScalar::Index(_) => f32::from_bits(scalar_as_i64(s) as u32),
        other => scalar_as_f64(other) as f32,
    }
}

/// A 16-bit float scalar (given as bits or as a value) widened to `f64`.
fn half_value(kind: FloatKind, s: RtScalar) -> f64 {
    match s {
        RtScalar::F16(b) | RtScalar::BF16(b) => to_f64(kind, u128::from(b)),
        RtScalar::I { bits, .. } => to_f64(kind, u128::from(bits & 0xffff)),
        other => scalar_as_f64(other),
    }
}

/// Prints `vector.print` of a value as mlir-cpu-runner-19 does after the
/// upstream lowering (VectorToSCF's decomposition into scalar prints, then
/// VectorToLLVM's calls into the runtime), appending to `out`.
///
/// * `shape` is the vector shape; empty for a scalar (`vector.print %x : f32`).
///   A 0-d vector is printed like a one-element 1-d vector, so pass `&[1]`
///   for `vector<f32>`.
/// * `elems` are the elements in row-major order; for a scalar, one element.
///   With no `elems` (and an empty `shape`) only the punctuation is printed
///   (`vector.print punctuation <open>`).
/// * `punctuation` is the keyword of the op's `punctuation` attribute:
///   `"no_punctuation"`, `"newline"`, `"comma"`, `"open"` or `"close"`.
///   `None` means the default, a newline. Any other string is printed
///   verbatim: that is how `vector.print str "..."` is expressed.
///
/// Elements that do not match the shape are printed as far as they go.
pub fn vector_print(shape: &[i64], elems: &[RtScalar], punctuation: Option<&str>, out: &mut String) {
    if shape.is_empty() {
        if let Some(&s) = elems.first() {
            print_scalar(out, s);
        }
    } else {
        let mut next = 0usize;
        print_vector_dim(out, shape, elems, &mut next);
    }
    match punctuation {
        None | Some("newline") => out.push('\n'),
        Some("no_punctuation") => {}
        Some("comma") => out.push_str(", "),
        Some("open") => out.push_str("( "),
        Some("close") => out.push_str(" )"),
        Some(text) => out.push_str(text),
    }
}

/// One level of the `( a, b )` nesting.
fn print_vector_dim(out: &mut String, shape: &[i64], elems: &[RtScalar], next: &mut usize) {
    let Some((&n, inner)) = shape.split_first() else {
        if let Some(&s) = elems.get(*next) {
            print_scalar(out, s);
        }
        *next += 1;
        return;
    };
    out.push_str("( ");
    for i in 0..n.max(0) {
        print_vector_dim(out, inner, elems, next);
        if i + 1 < n {
            out.push_str(", ");
        }
    }
    out.push_str(" )");
}

/// The scalar printer `vector.print` lowers an element of this type to.
fn print_scalar(out: &mut String, s: RtScalar) {
    match s {
        RtScalar::I { .. } => {
            let _ = write!(out, "{}", scalar_as_i64(s));
        }
        RtScalar::Index(v) => {
            let _ = write!(out, "{}", v as u64);
        }
        RtScalar::F32(f) => print_c_float(out, f64::from(f)),
        RtScalar::F64(f) => print_c_float(out, f),
        RtScalar::F16(b) => print_c_float(out, to_f64(FloatKind::F16, u128::from(b))),
        RtScalar::BF16(b) => print_c_float(out, to_f64(FloatKind::BF16, u128::from(b))),
    }
}

mod g6;
pub use g6::{format_g6, write_g6};
#[cfg(test)]
mod tests;
