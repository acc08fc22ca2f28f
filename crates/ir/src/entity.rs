//! Typed `u32` entity handles and the dense maps keyed by them.
//!
//! Every IR object (op, block, region, value, operand slot) is named by a
//! `Copy` newtype around a `NonZeroU32`, so `Option<Id>` stays 4 bytes. Side
//! tables are [`EntityMap`]s: dense vectors indexed by the handle, never hash
//! maps (the Cranelift pattern).

use std::marker::PhantomData;
use std::num::NonZeroU32;

/// A dense `u32` handle.
pub trait EntityRef: Copy + Eq {
    /// Builds the handle for slot `index`.
    fn new(index: usize) -> Self;
    /// The slot this handle names.
    fn index(self) -> usize;
}

/// Declares a `NonZeroU32`-backed entity handle.
#[macro_export]
macro_rules! entity {
    ($(#[$m:meta])* $vis:vis struct $name:ident; $prefix:literal) => {
        $(#[$m])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis struct $name(::std::num::NonZeroU32);
        impl $crate::entity::EntityRef for $name {
            #[inline]
            fn new(index: usize) -> Self {
                debug_assert!(index < u32::MAX as usize);
                $name(::std::num::NonZeroU32::new(index as u32 + 1).expect("entity index overflow"))
            }
            #[inline]
            fn index(self) -> usize {
                (self.0.get() - 1) as usize
            }
        }
        impl ::std::fmt::Debug for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0.get() - 1)
            }
        }
    };
}

/// A side table keyed by an entity, with a default for unset slots.
#[derive(Clone, Debug)]
pub struct EntityMap<K: EntityRef, V: Clone> {
    data: Vec<V>,
    default: V,
    _k: PhantomData<K>,
}

impl<K: EntityRef, V: Clone> EntityMap<K, V> {
    /// An empty map whose unset slots read as `default`.
    pub fn with_default(default: V) -> Self {
        EntityMap { data: Vec::new(), default, _k: PhantomData }
    }
    /// The value at `k` (the default when unset).
    #[inline]
    pub fn get(&self, k: K) -> &V {
        self.data.get(k.index()).unwrap_or(&self.default)
    }
    /// A mutable slot at `k`, growing the table as needed.
    #[inline]
    pub fn get_mut(&mut self, k: K) -> &mut V {
        let i = k.index();
        if i >= self.data.len() {
            self.data.resize(i + 1, self.default.clone());
        }
        &mut self.data[i]
    }
    /// Sets the value at `k`.
    #[inline]
    pub fn set(&mut self, k: K, v: V) {
        *self.get_mut(k) = v;
    }
    /// Resets every slot to the default.
    pub fn clear(&mut self) {
        self.data.clear();
    }
}

impl<K: EntityRef, V: Clone + Default> Default for EntityMap<K, V> {
    fn default() -> Self {
        Self::with_default(V::default())
    }
}

impl<K: EntityRef, V: Clone> std::ops::Index<K> for EntityMap<K, V> {
    type Output = V;
    fn index(&self, k: K) -> &V {
        self.get(k)
    }
}

/// A primary arena: pushes return fresh handles.
#[derive(Clone, Debug)]
pub struct Arena<K: EntityRef, V> {
    data: Vec<V>,
    _k: PhantomData<K>,
}

impl<K: EntityRef, V> Default for Arena<K, V> {
    fn default() -> Self {
        Arena { data: Vec::new(), _k: PhantomData }
    }
}

impl<K: EntityRef, V> Arena<K, V> {
    /// Appends `v` and returns its handle.
    #[inline]
    pub fn push(&mut self, v: V) -> K {
        let k = K::new(self.data.len());
        self.data.push(v);
        k
    }
    /// Number of slots ever allocated.
    #[inline]
    pub fn len(&self) -> usize {
        self.data.len()
    }
    /// True when nothing was ever allocated.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }
    /// Reserves room for `n` more entries.
    pub fn reserve(&mut self, n: usize) {
        self.data.reserve(n);
    }
    /// Iterates every handle ever allocated.
    pub fn keys(&self) -> impl Iterator<Item = K> + use<K, V> {
        (0..self.data.len()).map(K::new)
    }
}

impl<K: EntityRef, V> std::ops::Index<K> for Arena<K, V> {
    type Output = V;
    #[inline]
    fn index(&self, k: K) -> &V {
        &self.data[k.index()]
    }
}

impl<K: EntityRef, V> std::ops::IndexMut<K> for Arena<K, V> {
    #[inline]
    fn index_mut(&mut self, k: K) -> &mut V {
        &mut self.data[k.index()]
    }
}

/// Helper so `NonZeroU32` handles can be rebuilt from raw parts in tests.
pub fn raw_index(n: NonZeroU32) -> usize {
    (n.get() - 1) as usize
}
