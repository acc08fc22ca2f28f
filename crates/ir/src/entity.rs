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
///
/// The table covers the span of keys set so far, not everything below the
/// highest one: a map filled with the ops of one function of a large module
/// costs that function's size, so per-function tables stay linear overall.
#[derive(Clone, Debug)]
pub struct EntityMap<K: EntityRef, V: Clone> {
    /// Slot `i` holds the key of index `base + i`.
    data: Vec<V>,
    base: usize,
    default: V,
    _k: PhantomData<K>,
}

impl<K: EntityRef, V: Clone> EntityMap<K, V> {
    /// An empty map whose unset slots read as `default`.
    pub fn with_default(default: V) -> Self {
        EntityMap { data: Vec::new(), base: 0, default, _k: PhantomData }
    }
    /// The value at `k` (the default when unset).
    #[inline]
    pub fn get(&self, k: K) -> &V {
        // A key below `base` wraps to a huge slot and reads the default.
        self.data.get(k.index().wrapping_sub(self.base)).unwrap_or(&self.default)
    }
    /// A mutable slot at `k`, growing the table as needed (to the left by
    /// at least its length, so growth stays amortized in both directions).
    #[inline]
    pub fn get_mut(&mut self, k: K) -> &mut V {
        let slot = span_slot(&mut self.data, &mut self.base, k.index(), &self.default);
        &mut self.data[slot]
    }
    /// Sets the value at `k`.
    #[inline]
    pub fn set(&mut self, k: K, v: V) {
        *self.get_mut(k) = v;
    }
    /// Resets every slot to the default.
    pub fn clear(&mut self) {
        self.data.clear();
        self.base = 0;
    }
}

/// The slot of index `i` in a table covering `base..base + data.len()`,
/// growing the table to cover `i` (to the left by at least its length, so
/// growth stays amortized in both directions).
#[inline]
fn span_slot<V: Clone>(data: &mut Vec<V>, base: &mut usize, i: usize, default: &V) -> usize {
    if data.is_empty() {
        *base = i;
    } else if i < *base {
        let new_base = i.min(base.saturating_sub(data.len()));
        let mut grown = vec![default.clone(); *base - new_base];
        grown.append(data);
        *data = grown;
        *base = new_base;
    }
    let slot = i - *base;
    if slot >= data.len() {
        data.resize(slot + 1, default.clone());
    }
    slot
}

/// A set of entities: one bit per key over the span of keys inserted so
/// far (see [`EntityMap`]).
#[derive(Clone, Debug)]
pub struct EntitySet<K: EntityRef> {
    /// Word `i` holds the keys `64 * (base + i)..64 * (base + i + 1)`.
    words: Vec<u64>,
    base: usize,
    len: usize,
    _k: PhantomData<K>,
}

impl<K: EntityRef> Default for EntitySet<K> {
    fn default() -> Self {
        EntitySet { words: Vec::new(), base: 0, len: 0, _k: PhantomData }
    }
}

impl<K: EntityRef> EntitySet<K> {
    /// True when `k` is in the set.
    #[inline]
    pub fn contains(&self, k: K) -> bool {
        let i = k.index();
        self.words.get((i / 64).wrapping_sub(self.base)).is_some_and(|w| w >> (i % 64) & 1 == 1)
    }
    /// Adds `k`; true when it was not in the set.
    #[inline]
    pub fn insert(&mut self, k: K) -> bool {
        let i = k.index();
        let slot = span_slot(&mut self.words, &mut self.base, i / 64, &0);
        let bit = 1u64 << (i % 64);
        let new = self.words[slot] & bit == 0;
        self.words[slot] |= bit;
        self.len += usize::from(new);
        new
    }
    /// Number of keys in the set.
    pub fn len(&self) -> usize {
        self.len
    }
    /// True when the set is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl<K: EntityRef> Extend<K> for EntitySet<K> {
    fn extend<I: IntoIterator<Item = K>>(&mut self, keys: I) {
        for k in keys {
            self.insert(k);
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::OpId;

    #[test]
    fn entity_map_covers_only_the_span_it_was_given() {
        let mut m: EntityMap<OpId, u32> = EntityMap::with_default(7);
        m.set(OpId::new(1_000_000), 1);
        m.set(OpId::new(1_000_002), 3);
        assert_eq!(m.data.len(), 3, "no slots below the first key");
        assert_eq!(*m.get(OpId::new(1_000_001)), 7);
        assert_eq!(*m.get(OpId::new(3)), 7, "a key below the span reads the default");
        // Growing to the left keeps every value in place.
        m.set(OpId::new(999_990), 9);
        assert_eq!((m[OpId::new(999_990)], m[OpId::new(1_000_000)], m[OpId::new(1_000_002)]), (9, 1, 3));
        assert_eq!(*m.get(OpId::new(999_995)), 7);
        m.set(OpId::new(0), 5);
        assert_eq!((m[OpId::new(0)], m[OpId::new(999_990)], m[OpId::new(1_000_002)]), (5, 9, 3));
        m.clear();
        assert_eq!(*m.get(OpId::new(0)), 7);
    }

    #[test]
    fn entity_set_inserts_on_both_sides_of_its_span() {
        let mut s: EntitySet<OpId> = EntitySet::default();
        assert!(s.insert(OpId::new(70_000)));
        assert!(!s.insert(OpId::new(70_000)));
        assert!(s.insert(OpId::new(70_001)));
        assert_eq!(s.words.len(), 1);
        assert!(s.insert(OpId::new(5)));
        assert!(s.insert(OpId::new(200_000)));
        for i in [5, 70_000, 70_001, 200_000] {
            assert!(s.contains(OpId::new(i)), "{i}");
        }
        for i in [0, 4, 6, 69_999, 70_002, 199_999, 200_001, 9_000_000] {
            assert!(!s.contains(OpId::new(i)), "{i}");
        }
        assert_eq!(s.len(), 4);
    }
}
