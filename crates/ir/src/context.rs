//! The [`Context`]: interned strings, types, attributes and locations, plus
//! the op registry. It is `Sync`: passes running on different functions in
//! parallel can intern new types through a shared reference.

use crate::attrs::{AttrKind, Attribute};
use crate::intern::Interner;
use crate::location::{LocKind, Location};
use crate::registry::Registry;
use crate::types::{Type, TypeKind};

/// An interned string (op names, attribute names, symbol names, files).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Str(pub(crate) u32);

impl Str {
    /// The raw interner index; dense, so it can key a side table.
    pub fn as_u32(self) -> u32 {
        self.0
    }
    /// The string with raw index `i` (from [`Str::as_u32`] of the same
    /// context; for memo tables).
    pub fn from_u32(i: u32) -> Self {
        Str(i)
    }
}

/// Frequently used handles, created with the context.
pub(crate) struct Common {
    pub index: Type,
    pub i1: Type,
    /// Signless `i8`, `i16`, `i32`, `i64` (no interning on the hot path).
    pub ints: [Type; 4],
    pub none: Type,
    pub unit: Attribute,
    pub true_attr: Attribute,
    pub false_attr: Attribute,
    pub unknown_loc: Location,
}

/// Owns every interned object and the op registry.
pub struct Context {
    pub(crate) strings: Interner<Box<str>>,
    pub(crate) types: Interner<TypeKind>,
    pub(crate) attrs: Interner<AttrKind>,
    pub(crate) locs: Interner<LocKind>,
    pub(crate) loc_lists: Interner<Box<[Location]>>,
    pub(crate) common: Common,
    registry: Registry,
    next_distinct: std::sync::atomic::AtomicU64,
    /// A number no other context of the process has (keys thread-local
    /// caches).
    id: u64,
    /// Values dialects compute often from a small key (see [`Context::memo`]).
    memo: parking_lot::Mutex<rustc_hash::FxHashMap<(usize, u64), u64>>,
}

impl Default for Context {
    fn default() -> Self {
        Self::new()
    }
}

impl Context {
    /// An empty context with no dialects registered.
    pub fn new() -> Self {
        let strings = Interner::default();
        let types: Interner<TypeKind> = Interner::default();
        let attrs: Interner<AttrKind> = Interner::default();
        let locs: Interner<LocKind> = Interner::with_hash(crate::location::loc_hash);
        let common = Common {
            index: Type(types.intern(TypeKind::Index)),
            i1: Type(types.intern(TypeKind::Integer { width: 1, signedness: crate::types::Signedness::Signless })),
            ints: [8, 16, 32, 64].map(|width| {
                Type(types.intern(TypeKind::Integer { width, signedness: crate::types::Signedness::Signless }))
            }),
            none: Type(types.intern(TypeKind::None)),
            unit: Attribute(attrs.intern(AttrKind::Unit)),
            true_attr: Attribute(attrs.intern(AttrKind::Bool(true))),
            false_attr: Attribute(attrs.intern(AttrKind::Bool(false))),
            unknown_loc: Location(locs.intern(LocKind::Unknown)),
        };
        Context {
            strings,
            types,
            attrs,
            locs,
            loc_lists: Interner::default(),
            common,
            registry: Registry::default(),
            next_distinct: std::sync::atomic::AtomicU64::new(0),
            id: {
                static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
                NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
            },
            memo: Default::default(),
        }
    }

    /// A new `distinct[..]<referenced>` attribute, different from every
    /// other attribute.
    pub fn distinct_attr(&self, referenced: Attribute) -> Attribute {
        let id = self.next_distinct.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.attr(AttrKind::Distinct { id, referenced })
    }

    /// The value `make` computes for `(owner, key)`, computed once per
    /// context. `owner` identifies the computation (the address of a static
    /// describing, say, an attribute kind), `key` its argument. Dialects use
    /// it for facts asked per op that would otherwise be formatted, interned
    /// or parsed again each time, like the attribute `#arith.fastmath<none>`
    /// (see `Attribute::from_u32`) or the flags an attribute spells.
    pub fn memo<T>(&self, owner: &'static T, key: u64, make: impl FnOnce() -> u64) -> u64 {
        thread_local! {
            /// This thread's copy of the entries it asked for, so that a hit
            /// takes no lock: `(context id, owner, key) -> value`.
            static LOCAL: std::cell::RefCell<rustc_hash::FxHashMap<(u64, usize, u64), u64>> =
                Default::default();
        }
        let owner = owner as *const T as usize;
        let local_key = (self.id, owner, key);
        if let Some(v) = LOCAL.with(|m| m.borrow().get(&local_key).copied()) {
            return v;
        }
        let cached = self.memo.lock().get(&(owner, key)).copied();
        let v = match cached {
            Some(v) => v,
            None => {
                let v = make();
                self.memo.lock().insert((owner, key), v);
                v
            }
        };
        LOCAL.with(|m| m.borrow_mut().insert(local_key, v));
        v
    }

    /// Interns a string.
    #[inline]
    pub fn intern_str(&self, s: &str) -> Str {
        Str(self.strings.intern_ref(s))
    }
    /// A number no other context of this process has (keys caches that
    /// outlive one context, such as [`crate::rewrite_api::StaticName`]).
    #[inline]
    pub fn id(&self) -> u64 {
        self.id
    }
    /// Finds an already interned string.
    pub fn lookup_str(&self, s: &str) -> Option<Str> {
        self.strings.lookup(s).map(Str)
    }
    /// The text of an interned string.
    #[inline]
    pub fn str(&self, s: Str) -> &str {
        self.strings.get(s.0)
    }

    /// Every interned type, in interning order (for whole-context scans).
    pub fn interned_types(&self) -> impl Iterator<Item = &TypeKind> + '_ {
        self.types.iter()
    }
    /// Every interned attribute, in interning order (for whole-context scans).
    pub fn interned_attrs(&self) -> impl Iterator<Item = &AttrKind> + '_ {
        self.attrs.iter()
    }

    /// The op registry.
    #[inline]
    pub fn registry(&self) -> &Registry {
        &self.registry
    }
    /// The op registry, for registering dialects before the context is shared.
    pub fn registry_mut(&mut self) -> &mut Registry {
        &mut self.registry
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interning_is_identity() {
        let ctx = Context::new();
        let a = ctx.intern_str("func.func");
        let b = ctx.intern_str("func.func");
        assert_eq!(a, b);
        assert_ne!(a, ctx.intern_str("func.return"));
        assert_eq!(ctx.str(a), "func.func");
        let t1 = ctx.tensor_ty(&[4, crate::types::DYNAMIC], ctx.int_ty(32));
        let t2 = ctx.tensor_ty(&[4, crate::types::DYNAMIC], ctx.int_ty(32));
        assert_eq!(t1, t2);
        assert_ne!(t1, ctx.tensor_ty(&[4], ctx.int_ty(32)));
        assert_eq!(ctx.int_ty(1), ctx.i1_ty());
    }

    #[test]
    fn context_is_sync_and_interns_from_threads() {
        fn assert_sync<T: Sync + Send>() {}
        assert_sync::<Context>();
        let ctx = Context::new();
        let handles: Vec<Type> = std::thread::scope(|s| {
            let hs: Vec<_> = (0..4).map(|_| s.spawn(|| ctx.int_ty(17))).collect();
            hs.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert!(handles.windows(2).all(|w| w[0] == w[1]));
    }

    #[test]
    fn dict_attr_sorted_and_deduped() {
        let ctx = Context::new();
        let b = crate::attrs::NamedAttr { name: ctx.intern_str("b"), value: ctx.unit_attr() };
        let a = crate::attrs::NamedAttr { name: ctx.intern_str("a"), value: ctx.bool_attr(true) };
        let d1 = ctx.dict_attr(&[b, a]);
        let d2 = ctx.dict_attr(&[a, b]);
        assert_eq!(d1, d2);
        assert_eq!(ctx.dict_get(d1, "a"), Some(ctx.bool_attr(true)));
    }

    #[test]
    fn int_attr_normalizes_width() {
        let ctx = Context::new();
        let i8t = ctx.int_ty(8);
        assert_eq!(ctx.int_value(ctx.int_attr(i8t, 255)), Some(-1));
        let u8t = ctx.ty(TypeKind::Integer { width: 8, signedness: crate::types::Signedness::Unsigned });
        assert_eq!(ctx.int_value(ctx.int_attr(u8t, -1)), Some(255));
    }
}
