//! A thread-safe interner: values are stored once, handed out as dense
//! `u32` indices, and read back without taking a lock.
//!
//! Reads go through a lock-free append-only vector (`boxcar`); inserts take a
//! mutex around a `hashbrown::HashTable` of indices, so each value is stored
//! exactly once.

use hashbrown::HashTable;
use parking_lot::Mutex;
use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};

/// Interns values of type `T`.
pub struct Interner<T> {
    data: boxcar::Vec<T>,
    table: Mutex<HashTable<u32>>,
    /// The hash of a stored value ([`hash_of`] unless the interner was
    /// made [`Interner::with_hash`]).
    hash: fn(&T) -> u64,
}

impl<T: Hash + Eq> Default for Interner<T> {
    fn default() -> Self {
        Interner { data: boxcar::Vec::new(), table: Mutex::new(HashTable::new()), hash: hash_of::<T> }
    }
}

/// The default hash of interned values.
pub fn hash_of<Q: Hash + ?Sized>(v: &Q) -> u64 {
    let mut h = FxHasher::default();
    v.hash(&mut h);
    h.finish()
}

impl<T: Hash + Eq> Interner<T> {
    /// An interner hashing values with `hash` (which must agree with `Eq`).
    /// Values can then only be interned by value ([`Interner::intern`]):
    /// the borrowed-key lookups hash with [`hash_of`].
    pub fn with_hash(hash: fn(&T) -> u64) -> Self {
        Interner { data: boxcar::Vec::new(), table: Mutex::new(HashTable::new()), hash }
    }

    /// Interns `v`, returning its index.
    pub fn intern(&self, v: T) -> u32 {
        let hash = (self.hash)(&v);
        let mut table = self.table.lock();
        if let Some(&i) = table.find(hash, |&i| self.data[i as usize] == v) {
            return i;
        }
        let i = self.data.push(v) as u32;
        table.insert_unique(hash, i, |&j| (self.hash)(&self.data[j as usize]));
        i
    }

    /// Interns a value given by reference, cloning only when it is new.
    pub fn intern_ref<Q>(&self, v: &Q) -> u32
    where
        Q: Hash + ?Sized,
        T: std::borrow::Borrow<Q>,
        Q: PartialEq + ToOwnedInto<T>,
    {
        let hash = hash_of(v);
        let mut table = self.table.lock();
        if let Some(&i) = table.find(hash, |&i| self.data[i as usize].borrow() == v) {
            return i;
        }
        let i = self.data.push(v.to_owned_into()) as u32;
        table.insert_unique(hash, i, |&j| (self.hash)(&self.data[j as usize]));
        i
    }

    /// Looks a value up without inserting it.
    pub fn lookup<Q>(&self, v: &Q) -> Option<u32>
    where
        Q: Hash + PartialEq + ?Sized,
        T: std::borrow::Borrow<Q>,
    {
        let hash = hash_of(v);
        self.table.lock().find(hash, |&i| self.data[i as usize].borrow() == v).copied()
    }

    /// Reads an interned value.
    #[inline]
    pub fn get(&self, i: u32) -> &T {
        &self.data[i as usize]
    }

    /// Makes room in the lookup table for `n` more values, so a known
    /// number of inserts does not rehash it repeatedly.
    pub fn reserve(&self, n: usize) {
        self.table.lock().reserve(n, |&j| (self.hash)(&self.data[j as usize]));
    }

    /// Every interned value, in interning order.
    pub fn iter(&self) -> impl Iterator<Item = &T> + '_ {
        self.data.iter().map(|(_, v)| v)
    }

    /// Number of interned values.
    pub fn len(&self) -> usize {
        self.data.count()
    }

    /// True when nothing has been interned.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Conversion from a borrowed key to the stored form.
pub trait ToOwnedInto<T> {
    /// Builds the owned value.
    fn to_owned_into(&self) -> T;
}

impl ToOwnedInto<Box<str>> for str {
    fn to_owned_into(&self) -> Box<str> {
        self.into()
    }
}

impl<T: Clone> ToOwnedInto<Box<[T]>> for [T] {
    fn to_owned_into(&self) -> Box<[T]> {
        self.into()
    }
}
