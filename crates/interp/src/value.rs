//! Runtime values of the interpreter: scalars as raw bits, memref
//! descriptors (views into a heap allocation), and immutable aggregates for
//! tensors and vectors; plus the element types they carry and the
//! conversions between raw bits and the runner-utility scalars.

use crate::runner_utils::RtScalar;
use ir::{Context, FloatKind, Type, TypeKind};
use smallvec::SmallVec;
use std::rc::Rc;

/// The scalar type of a value or memory element, decoded once at compile time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ElemTy {
    /// Signless/signed/unsigned integer of the given width (1..=64).
    Int(u32),
    /// `index` (64-bit).
    Index,
    /// Any float format.
    Float(FloatKind),
    /// `complex<k>` with parts of at most 32 bits, packed into one word
    /// (see [`crate::complex`]).
    Complex(FloatKind),
}

impl ElemTy {
    /// Decodes a scalar type; `None` for anything else (or integers wider
    /// than 64 bits, which the interpreter does not model).
    pub fn of(ctx: &Context, t: Type) -> Option<ElemTy> {
        match ctx.kind(t) {
            TypeKind::Integer { width, .. } if *width <= 64 && *width >= 1 => Some(ElemTy::Int(*width)),
            TypeKind::Index => Some(ElemTy::Index),
            TypeKind::Float(k) => Some(ElemTy::Float(*k)),
            TypeKind::Complex(e) => match ctx.kind(*e) {
                TypeKind::Float(k) => crate::complex::elem_ty(*k),
                _ => None,
            },
            _ => None,
        }
    }
    /// Bit width.
    pub fn bits(self) -> u32 {
        match self {
            ElemTy::Int(w) => w,
            ElemTy::Index => 64,
            ElemTy::Float(k) => k.bit_width(),
            ElemTy::Complex(k) => 2 * k.bit_width(),
        }
    }
    /// Storage size in bytes, as the LLVM lowering lays the element out.
    pub fn bytes(self) -> u64 {
        u64::from(self.bits().div_ceil(8).max(1)).next_power_of_two()
    }
    /// Converts raw bits to a runner-utility scalar.
    pub fn to_rt(self, bits: u64) -> RtScalar {
        match self {
            ElemTy::Int(width) => RtScalar::I { width, bits },
            ElemTy::Index => RtScalar::Index(bits as i64),
            ElemTy::Float(FloatKind::F32) => RtScalar::F32(f32::from_bits(bits as u32)),
            ElemTy::Float(FloatKind::F64) => RtScalar::F64(f64::from_bits(bits)),
            ElemTy::Float(FloatKind::F16) => RtScalar::F16(bits as u16),
            ElemTy::Float(FloatKind::BF16) => RtScalar::BF16(bits as u16),
            ElemTy::Float(_) | ElemTy::Complex(_) => RtScalar::I { width: self.bits(), bits },
        }
    }
}

/// Sign-extends the low `width` bits of `bits`.
#[inline]
pub fn sext(bits: u64, width: u32) -> i64 {
    if width >= 64 {
        bits as i64
    } else {
        let sh = 64 - width;
        ((bits << sh) as i64) >> sh
    }
}

/// The low `width` bits of `bits`.
#[inline]
pub fn mask(bits: u64, width: u32) -> u64 {
    if width >= 64 {
        bits
    } else {
        bits & ((1u64 << width) - 1)
    }
}

/// A view of a heap allocation: MLIR's strided memref descriptor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemRef {
    /// The allocation (index into the heap).
    pub alloc: u32,
    /// Offset in elements into the allocation.
    pub offset: i64,
    /// Sizes per dimension.
    pub sizes: SmallVec<[i64; 4]>,
    /// Strides per dimension, in elements.
    pub strides: SmallVec<[i64; 4]>,
    /// The descriptor stands for its whole allocation: its allocated
    /// pointer (the one MLIR's runtime passes to `free`) is the allocation's
    /// start and the program obtained it as the allocation, from an
    /// allocating op or as the base buffer `memref.extract_strided_metadata`
    /// returns for any view. Freeing such a descriptor frees the allocation
    /// whatever its shape and offset. `memref.cast` and
    /// `memref.reinterpret_cast` (which rebuilds a descriptor around its
    /// source's allocated pointer, as the lowering of `realloc` and the
    /// folding of `extract_strided_metadata` do) keep the flag; views
    /// (`subview`, reshapes, `transpose`, `memref.view`) do not.
    pub base: bool,
}

impl MemRef {
    /// Number of elements the view covers.
    pub fn num_elements(&self) -> i64 {
        self.sizes.iter().product()
    }
    /// Linear index into the allocation of a multi-index.
    #[inline]
    pub fn linear(&self, idx: &[i64]) -> i64 {
        let mut l = self.offset;
        for (i, s) in idx.iter().zip(self.strides.iter()) {
            l = l.wrapping_add(i.wrapping_mul(*s));
        }
        l
    }
    /// Linear indices into the allocation of every element, row-major.
    pub fn for_each_linear(&self, mut f: impl FnMut(i64)) {
        let n = self.num_elements();
        if n <= 0 {
            return;
        }
        let rank = self.sizes.len();
        let mut idx: SmallVec<[i64; 4]> = SmallVec::from_elem(0, rank);
        let mut lin = self.offset;
        for _ in 0..n {
            f(lin);
            // Odometer increment, updating `lin` incrementally.
            let mut d = rank;
            while d > 0 {
                d -= 1;
                idx[d] += 1;
                lin += self.strides[d];
                if idx[d] < self.sizes[d] {
                    break;
                }
                lin -= self.strides[d] * self.sizes[d];
                idx[d] = 0;
            }
        }
    }
}

/// A tensor or vector value: an immutable row-major array of raw bits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Agg {
    /// Shape.
    pub shape: SmallVec<[i64; 4]>,
    /// Elements, row-major.
    pub data: Vec<u64>,
}

impl Agg {
    /// Row-major strides of the shape.
    pub fn strides(&self) -> SmallVec<[i64; 4]> {
        row_major_strides(&self.shape)
    }
}

/// Row-major strides of a shape.
pub fn row_major_strides(shape: &[i64]) -> SmallVec<[i64; 4]> {
    let mut s: SmallVec<[i64; 4]> = SmallVec::from_elem(1, shape.len());
    let mut run = 1i64;
    for d in (0..shape.len()).rev() {
        s[d] = run;
        run = run.wrapping_mul(shape[d].max(0));
    }
    s
}

/// One runtime value in a register.
#[derive(Clone, Debug, Default)]
pub enum Value {
    /// Not yet defined.
    #[default]
    Undef,
    /// A scalar (integer zero-extended to its width, index, or float bits).
    S(u64),
    /// A memref (ranked or unranked).
    M(Rc<MemRef>),
    /// A tensor or vector.
    A(Rc<Agg>),
    /// A complex number too wide for one word (`complex<f64>`): the bits of
    /// its real and imaginary parts (see [`crate::complex`]).
    C(u64, u64),
}

impl Value {
    /// The scalar bits (0 for non-scalars).
    #[inline]
    pub fn s(&self) -> u64 {
        match self {
            Value::S(b) => *b,
            _ => 0,
        }
    }
}
