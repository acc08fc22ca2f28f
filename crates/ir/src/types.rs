//! Builtin types: their interned representation and structural queries.
//!
//! A [`Type`] is a `Copy` handle into the [`Context`](crate::Context)'s type
//! interner; two types are equal exactly when their handles are. The
//! structure lives in [`TypeKind`]. Textual syntax lives in the `syntax`
//! crate; this module knows nothing about text.

use crate::attrs::Attribute;
use crate::context::{Context, Str};
use crate::float::FloatKind;

/// `ShapedType::kDynamic`: a `?` dimension, stride or offset.
pub const DYNAMIC: i64 = i64::MIN;

/// An interned type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Type(pub(crate) u32);

impl Type {
    /// The raw interner index (stable for the context's lifetime).
    pub fn as_u32(self) -> u32 {
        self.0
    }
}

/// Signedness of an integer type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Signedness {
    /// `i32`
    Signless,
    /// `si32`
    Signed,
    /// `ui32`
    Unsigned,
}

/// The structure of a type.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum TypeKind {
    /// `i1`, `si8`, `ui64`, any width.
    Integer {
        /// Bit width.
        width: u32,
        /// Signless, signed or unsigned.
        signedness: Signedness,
    },
    /// `index`
    Index,
    /// `f32`, `bf16`, `f8E4M3FN`, …
    Float(FloatKind),
    /// `none`
    None,
    /// `complex<f32>`
    Complex(Type),
    /// `vector<[4]x8xf32>`: `scalable[i]` marks a `[n]` dimension.
    Vector {
        /// The dimensions.
        shape: Box<[i64]>,
        /// Per dimension: scalable (`[n]`).
        scalable: Box<[bool]>,
        /// The element type.
        elem: Type,
    },
    /// `tensor<4x?xf32, #enc>`
    Tensor {
        /// The dimensions (`DYNAMIC` for `?`).
        shape: Box<[i64]>,
        /// The element type.
        elem: Type,
        /// The encoding, if any.
        encoding: Option<Attribute>,
    },
    /// `tensor<*xf32>`
    UnrankedTensor {
        /// The element type.
        elem: Type,
    },
    /// `memref<4x?xf32, strided<[?, 1]>, 1>`; an identity layout is `None`,
    /// and so is the default (absent or integer `0`) memory space.
    MemRef {
        /// The dimensions (`DYNAMIC` for `?`).
        shape: Box<[i64]>,
        /// The element type.
        elem: Type,
        /// The layout (`None` for the identity).
        layout: Option<Attribute>,
        /// The memory space (`None` for the default).
        memory_space: Option<Attribute>,
    },
    /// `memref<*xf32, 1>`
    UnrankedMemRef {
        /// The element type.
        elem: Type,
        /// The memory space (`None` for the default).
        memory_space: Option<Attribute>,
    },
    /// `tuple<i32, f32>`
    Tuple(Box<[Type]>),
    /// `(i32) -> (f32, f32)`
    Function {
        /// Argument types.
        inputs: Box<[Type]>,
        /// Result types.
        results: Box<[Type]>,
    },
    /// A type of another dialect kept verbatim: `!dialect.body`, where
    /// `body` is the text after the dot (e.g. `"bar<1, 2>"`).
    Opaque {
        /// The dialect namespace.
        dialect: Str,
        /// The text after the dialect name.
        body: Str,
    },
}

impl Context {
    /// The structure of `t`.
    #[inline]
    pub fn kind(&self, t: Type) -> &TypeKind {
        self.types.get(t.0)
    }
    /// Interns a type.
    pub fn ty(&self, k: TypeKind) -> Type {
        Type(self.types.intern(k))
    }
    /// A signless integer type `iN`.
    pub fn int_ty(&self, width: u32) -> Type {
        match width {
            1 => self.common.i1,
            8 => self.common.ints[0],
            16 => self.common.ints[1],
            32 => self.common.ints[2],
            64 => self.common.ints[3],
            _ => self.ty(TypeKind::Integer { width, signedness: Signedness::Signless }),
        }
    }
    /// `index`
    pub fn index_ty(&self) -> Type {
        self.common.index
    }
    /// `i1`
    pub fn i1_ty(&self) -> Type {
        self.common.i1
    }
    /// `none`
    pub fn none_ty(&self) -> Type {
        self.common.none
    }
    /// A float type.
    pub fn float_ty(&self, k: FloatKind) -> Type {
        self.ty(TypeKind::Float(k))
    }
    /// A function type.
    pub fn function_ty(&self, inputs: &[Type], results: &[Type]) -> Type {
        self.ty(TypeKind::Function { inputs: inputs.into(), results: results.into() })
    }
    /// A ranked tensor type without encoding.
    pub fn tensor_ty(&self, shape: &[i64], elem: Type) -> Type {
        self.ty(TypeKind::Tensor { shape: shape.into(), elem, encoding: None })
    }
    /// A memref with identity layout.
    pub fn memref_ty(&self, shape: &[i64], elem: Type, memory_space: Option<Attribute>) -> Type {
        self.ty(TypeKind::MemRef { shape: shape.into(), elem, layout: None, memory_space })
    }

    /// True for `iN`, `siN`, `uiN`.
    pub fn is_integer(&self, t: Type) -> bool {
        matches!(self.kind(t), TypeKind::Integer { .. })
    }
    /// Width of an integer type.
    pub fn int_width(&self, t: Type) -> Option<u32> {
        match self.kind(t) {
            TypeKind::Integer { width, .. } => Some(*width),
            _ => None,
        }
    }
    /// True for `index`.
    pub fn is_index(&self, t: Type) -> bool {
        t == self.common.index
    }
    /// True for integers and `index`.
    pub fn is_int_or_index(&self, t: Type) -> bool {
        self.is_index(t) || self.is_integer(t)
    }
    /// The float kind, if `t` is a float type.
    pub fn float_kind(&self, t: Type) -> Option<FloatKind> {
        match self.kind(t) {
            TypeKind::Float(k) => Some(*k),
            _ => None,
        }
    }
    /// True for ranked or unranked tensors.
    pub fn is_tensor(&self, t: Type) -> bool {
        matches!(self.kind(t), TypeKind::Tensor { .. } | TypeKind::UnrankedTensor { .. })
    }
    /// True for ranked or unranked memrefs.
    pub fn is_memref(&self, t: Type) -> bool {
        matches!(self.kind(t), TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. })
    }
    /// True for tensors, memrefs and vectors.
    pub fn is_shaped(&self, t: Type) -> bool {
        matches!(
            self.kind(t),
            TypeKind::Tensor { .. }
                | TypeKind::UnrankedTensor { .. }
                | TypeKind::MemRef { .. }
                | TypeKind::UnrankedMemRef { .. }
                | TypeKind::Vector { .. }
        )
    }
    /// Shape of a ranked shaped type.
    pub fn shape(&self, t: Type) -> Option<&[i64]> {
        match self.kind(t) {
            TypeKind::Tensor { shape, .. } | TypeKind::MemRef { shape, .. } | TypeKind::Vector { shape, .. } => {
                Some(shape)
            }
            _ => None,
        }
    }
    /// Element type of a shaped type (or of `complex`).
    pub fn element_type(&self, t: Type) -> Option<Type> {
        match self.kind(t) {
            TypeKind::Tensor { elem, .. }
            | TypeKind::UnrankedTensor { elem }
            | TypeKind::MemRef { elem, .. }
            | TypeKind::UnrankedMemRef { elem, .. }
            | TypeKind::Vector { elem, .. }
            | TypeKind::Complex(elem) => Some(*elem),
            _ => None,
        }
    }
    /// Memory space of a memref type.
    pub fn memory_space(&self, t: Type) -> Option<Attribute> {
        match self.kind(t) {
            TypeKind::MemRef { memory_space, .. } | TypeKind::UnrankedMemRef { memory_space, .. } => *memory_space,
            _ => None,
        }
    }
    /// Layout of a ranked memref (`None` = identity).
    pub fn memref_layout(&self, t: Type) -> Option<Attribute> {
        match self.kind(t) {
            TypeKind::MemRef { layout, .. } => *layout,
            _ => None,
        }
    }
    /// True when every dimension of a ranked shaped type is static.
    pub fn has_static_shape(&self, t: Type) -> bool {
        self.shape(t).is_some_and(|s| s.iter().all(|&d| d != DYNAMIC))
    }
    /// Inputs and results of a function type.
    pub fn function_sig(&self, t: Type) -> Option<(&[Type], &[Type])> {
        match self.kind(t) {
            TypeKind::Function { inputs, results } => Some((inputs, results)),
            _ => None,
        }
    }
    /// Bit width of an integer, index (64) or float scalar.
    pub fn scalar_bit_width(&self, t: Type) -> Option<u32> {
        match self.kind(t) {
            TypeKind::Integer { width, .. } => Some(*width),
            TypeKind::Index => Some(64),
            TypeKind::Float(k) => Some(k.bit_width()),
            _ => None,
        }
    }
}
