//! Builtin attributes: interned representation and constructors.
//!
//! An [`Attribute`] is a `Copy` handle into the context's attribute
//! interner; equal attributes have equal handles. [`AttrKind`] holds the
//! structure. Attributes of dialects the IR does not model are kept verbatim
//! as [`AttrKind::Opaque`] so they round-trip.

use crate::affine::{AffineMap, IntegerSet};
use crate::context::{Context, Str};
use crate::location::Location;
use crate::types::Type;

/// An interned attribute.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Attribute(pub(crate) u32);

impl Attribute {
    /// The raw interner index.
    pub fn as_u32(self) -> u32 {
        self.0
    }
    /// The attribute of a raw interner index [`Attribute::as_u32`] gave
    /// for the same context.
    pub fn from_u32(i: u32) -> Self {
        Attribute(i)
    }
}

/// `name = value` in a dictionary or an op's attribute list.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct NamedAttr {
    /// The attribute name.
    pub name: Str,
    /// Its value.
    pub value: Attribute,
}

/// An integer attribute's value. Widths up to 128 bits are stored as an
/// `i128`, sign-extended for signless and signed types and zero-extended
/// for unsigned ones. Wider values keep their canonical decimal text.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum IntValue {
    /// Width ≤ 128.
    Small(i128),
    /// Width > 128: canonical decimal text.
    Wide(Box<str>),
}

/// Contents of a `dense<...>` elements attribute. Each element is its raw
/// bit pattern (integers truncated to their width and zero-extended, floats
/// as IEEE bits); complex elements take two consecutive entries.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct DenseData {
    /// True when one element stands for all.
    pub splat: bool,
    /// Raw bits, one (two for complex) per element; a single element when
    /// `splat`.
    pub bits: Box<[u128]>,
}

/// The structure of an attribute.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum AttrKind {
    /// `unit`
    Unit,
    /// `true` / `false`
    Bool(bool),
    /// `42 : i32`, `-1 : index`
    Integer {
        /// The integer or index type.
        ty: Type,
        /// The value.
        value: IntValue,
    },
    /// `1.0 : f32` as raw bits of the type's semantics.
    Float {
        /// The float type.
        ty: Type,
        /// The value's bits.
        bits: u128,
    },
    /// `"text"` (bytes; MLIR strings may hold any byte), with an optional type.
    String {
        /// The bytes.
        value: Box<[u8]>,
        /// The type, if one was given.
        ty: Option<Type>,
    },
    /// `i32` used as an attribute.
    Type(Type),
    /// `[a, b]`
    Array(Box<[Attribute]>),
    /// `array<i64: 1, 2>`: element type and raw bits per element.
    DenseArray {
        /// The element type.
        elem: Type,
        /// Raw bits of each element.
        bits: Box<[u128]>,
    },
    /// `{a = 1, b}` sorted by name.
    Dictionary(Box<[NamedAttr]>),
    /// `@root::@nested`
    SymbolRef {
        /// The root symbol.
        root: Str,
        /// The nested symbols, outermost first.
        nested: Box<[Str]>,
    },
    /// `dense<...> : tensor<..>`
    DenseElements {
        /// The shaped type.
        ty: Type,
        /// The elements.
        data: DenseData,
    },
    /// `dense<["a", "b"]> : tensor<2x!foo.string>` (string elements).
    DenseString {
        /// The shaped type.
        ty: Type,
        /// One value for every element.
        splat: bool,
        /// The elements (one when splat).
        values: Box<[Box<[u8]>]>,
    },
    /// `dense_resource<handle> : tensor<..>`, kept verbatim.
    DenseResource {
        /// The shaped type.
        ty: Type,
        /// The resource handle.
        handle: Str,
    },
    /// `affine_map<...>`
    AffineMap(AffineMap),
    /// `affine_set<...>`
    IntegerSet(IntegerSet),
    /// `strided<[s0, s1], offset: o>` (`DYNAMIC` for `?`).
    Strided {
        /// Stride per dimension.
        strides: Box<[i64]>,
        /// The offset.
        offset: i64,
    },
    /// An attribute of a dialect the IR does not model: `#dialect.body`
    /// where `body` is the text after the dot (or inside `#dialect<...>`),
    /// verbatim, with the optional trailing `: type`.
    Opaque {
        /// The dialect namespace.
        dialect: Str,
        /// The text after the dialect name.
        body: Str,
        /// The trailing type, if any.
        ty: Option<Type>,
    },
    /// A location used as an attribute: `{a = loc("f":1:2)}`, or the value
    /// of a `#loc = loc(...)` alias.
    Location(Location),
    /// `distinct[N]<attr>`: an attribute that is unique however equal its
    /// referenced attribute is. `id` is unique in the context (the printer
    /// renumbers ids from 0 in print order, as MLIR does).
    Distinct {
        /// The unique id.
        id: u64,
        /// The referenced attribute.
        referenced: Attribute,
    },
    /// `sparse<indices, values> : ty`: `indices` is a dense `i64` tensor of
    /// shape `N x rank` and `values` a dense tensor of `N` elements (or a
    /// splat) of `ty`'s element type; every other element is zero.
    Sparse {
        /// The shaped type.
        ty: Type,
        /// The indices tensor.
        indices: Attribute,
        /// The values tensor.
        values: Attribute,
    },
}

impl Context {
    /// The structure of `a`.
    #[inline]
    pub fn attr_kind(&self, a: Attribute) -> &AttrKind {
        self.attrs.get(a.0)
    }
    /// Interns an attribute.
    pub fn attr(&self, k: AttrKind) -> Attribute {
        Attribute(self.attrs.intern(k))
    }
    /// `unit`
    pub fn unit_attr(&self) -> Attribute {
        self.common.unit
    }
    /// `true` / `false`
    pub fn bool_attr(&self, b: bool) -> Attribute {
        if b {
            self.common.true_attr
        } else {
            self.common.false_attr
        }
    }
    /// An integer attribute, `value` truncated and extended to `ty`'s width
    /// and signedness.
    pub fn int_attr(&self, ty: Type, value: i128) -> Attribute {
        // `i1` integer attributes are booleans, one handle per value.
        if ty == self.common.i1 {
            return self.bool_attr(value & 1 != 0);
        }
        let value = self.normalize_int(ty, value);
        self.attr(AttrKind::Integer { ty, value: IntValue::Small(value) })
    }
    /// An `index` attribute.
    pub fn index_attr(&self, value: i64) -> Attribute {
        self.int_attr(self.index_ty(), value as i128)
    }
    /// A string attribute without type.
    pub fn str_attr(&self, s: &str) -> Attribute {
        self.attr(AttrKind::String { value: s.as_bytes().into(), ty: None })
    }
    /// A type attribute.
    pub fn type_attr(&self, t: Type) -> Attribute {
        self.attr(AttrKind::Type(t))
    }
    /// An array attribute.
    pub fn array_attr(&self, elems: &[Attribute]) -> Attribute {
        self.attr(AttrKind::Array(elems.into()))
    }
    /// A flat symbol reference `@name`.
    pub fn symbol_ref_attr(&self, name: &str) -> Attribute {
        let root = self.intern_str(name);
        self.attr(AttrKind::SymbolRef { root, nested: Box::new([]) })
    }
    /// A dictionary attribute; entries are sorted by name and later
    /// duplicates win.
    pub fn dict_attr(&self, entries: &[NamedAttr]) -> Attribute {
        let mut v: Vec<NamedAttr> = entries.to_vec();
        v.sort_by(|a, b| self.str(a.name).cmp(self.str(b.name)));
        v.dedup_by(|later, earlier| {
            if later.name == earlier.name {
                earlier.value = later.value;
                true
            } else {
                false
            }
        });
        self.attr(AttrKind::Dictionary(v.into()))
    }
    /// The integer value of an integer or index attribute (≤ 128 bits).
    pub fn int_value(&self, a: Attribute) -> Option<i128> {
        match self.attr_kind(a) {
            AttrKind::Integer { value: IntValue::Small(v), .. } => Some(*v),
            AttrKind::Bool(b) => Some(*b as i128),
            _ => None,
        }
    }
    /// The text of a string attribute, if it is valid UTF-8.
    pub fn str_value(&self, a: Attribute) -> Option<&str> {
        match self.attr_kind(a) {
            AttrKind::String { value, .. } => std::str::from_utf8(value).ok(),
            _ => None,
        }
    }
    /// The type held by a type attribute.
    pub fn type_value(&self, a: Attribute) -> Option<Type> {
        match self.attr_kind(a) {
            AttrKind::Type(t) => Some(*t),
            _ => None,
        }
    }
    /// The root name of a symbol reference.
    pub fn symbol_ref_root(&self, a: Attribute) -> Option<Str> {
        match self.attr_kind(a) {
            AttrKind::SymbolRef { root, .. } => Some(*root),
            _ => None,
        }
    }
    /// The elements of an array attribute.
    pub fn array_value(&self, a: Attribute) -> Option<&[Attribute]> {
        match self.attr_kind(a) {
            AttrKind::Array(v) => Some(v),
            _ => None,
        }
    }
    /// Looks `name` up in a dictionary attribute.
    pub fn dict_get(&self, a: Attribute, name: &str) -> Option<Attribute> {
        match self.attr_kind(a) {
            AttrKind::Dictionary(v) => v.iter().find(|n| self.str(n.name) == name).map(|n| n.value),
            _ => None,
        }
    }
    /// The `i64` elements of a `DenseArray` of integers.
    pub fn dense_i64_array(&self, a: Attribute) -> Option<Vec<i64>> {
        self.dense_i64_iter(a).map(Iterator::collect)
    }
    /// The `i64` elements of a `DenseArray` of integers, without collecting
    /// them.
    pub fn dense_i64_iter(&self, a: Attribute) -> Option<impl ExactSizeIterator<Item = i64> + '_> {
        match self.attr_kind(a) {
            AttrKind::DenseArray { elem, bits } if self.is_int_or_index(*elem) => {
                let w = self.scalar_bit_width(*elem).unwrap_or(64);
                Some(bits.iter().map(move |&b| sign_extend(b, w) as i64))
            }
            _ => None,
        }
    }
    /// `array<i64: ...>`
    pub fn dense_i64_array_attr(&self, values: &[i64]) -> Attribute {
        let elem = self.int_ty(64);
        self.attr(AttrKind::DenseArray { elem, bits: values.iter().map(|&v| v as u64 as u128).collect() })
    }

    /// Truncates `value` to `ty`'s width and re-extends it by signedness.
    pub fn normalize_int(&self, ty: Type, value: i128) -> i128 {
        use crate::types::{Signedness, TypeKind};
        match self.kind(ty) {
            TypeKind::Integer { width, signedness } if *width < 128 => {
                if *signedness == Signedness::Unsigned {
                    (value as u128 & ((1u128 << width) - 1)) as i128
                } else {
                    sign_extend(value as u128, *width)
                }
            }
            TypeKind::Index => value as i64 as i128,
            _ => value,
        }
    }
}

/// Sign-extends the low `width` bits of `bits`.
pub fn sign_extend(bits: u128, width: u32) -> i128 {
    if width == 0 {
        return 0;
    }
    if width >= 128 {
        return bits as i128;
    }
    let shift = 128 - width;
    ((bits << shift) as i128) >> shift
}
