//! Side storage for the short variable-length lists of IR objects (an op's
//! operand slots, attributes, regions and successors, a block's arguments
//! and predecessors).
//!
//! Every list of one kind lives in one shared vector; its owner keeps a
//! [`Span`] (8 bytes) instead of an inline small vector (24 bytes or more,
//! and a heap allocation once it spills). A list grows in place when it ends
//! the vector and is moved to the end otherwise; the slots it leaves behind
//! stay unused until the IR is dropped, which bounds the waste by the number
//! of list edits a pass makes.

/// Where one list lives in its [`Pool`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Span {
    start: u32,
    len: u32,
}

impl Span {
    /// Number of elements.
    #[inline]
    pub(crate) fn len(self) -> usize {
        self.len as usize
    }
    #[inline]
    fn end(self) -> usize {
        self.start as usize + self.len as usize
    }
}

/// The lists of one kind (see the module docs).
#[derive(Clone, Debug)]
pub(crate) struct Pool<T> {
    data: Vec<T>,
}

impl<T> Default for Pool<T> {
    fn default() -> Self {
        Pool { data: Vec::new() }
    }
}

impl<T: Copy> Pool<T> {
    /// The elements of a list.
    #[inline]
    pub(crate) fn get(&self, s: Span) -> &[T] {
        &self.data[s.start as usize..s.end()]
    }
    /// The elements of a list, mutably.
    #[inline]
    pub(crate) fn get_mut(&mut self, s: Span) -> &mut [T] {
        &mut self.data[s.start as usize..s.end()]
    }
    /// Reserves room for `n` more elements.
    pub(crate) fn reserve(&mut self, n: usize) {
        self.data.reserve(n);
    }
    /// Stores a new list.
    pub(crate) fn alloc(&mut self, items: &[T]) -> Span {
        if items.is_empty() {
            return Span::default();
        }
        let start = self.index(self.data.len());
        self.data.extend_from_slice(items);
        Span { start, len: self.index(items.len()) }
    }
    fn index(&self, n: usize) -> u32 {
        u32::try_from(n).expect("IR list pool exceeds u32 indices")
    }
    /// Makes `s` end the vector, so it can grow in place.
    fn move_to_end(&mut self, s: &mut Span) {
        if s.end() == self.data.len() {
            return;
        }
        let start = self.index(self.data.len());
        self.data.extend_from_within(s.start as usize..s.end());
        s.start = start;
    }
    /// Appends `x` to the list.
    pub(crate) fn push(&mut self, s: &mut Span, x: T) {
        self.move_to_end(s);
        self.data.push(x);
        s.len += 1;
    }
    /// Inserts `x` at position `i` of the list.
    pub(crate) fn insert(&mut self, s: &mut Span, i: usize, x: T) {
        assert!(i <= s.len(), "list insertion index out of bounds");
        self.push(s, x);
        self.get_mut(*s)[i..].rotate_right(1);
    }
    /// Removes and returns element `i`, keeping the order of the others.
    pub(crate) fn remove(&mut self, s: &mut Span, i: usize) -> T {
        let list = self.get_mut(*s);
        let x = list[i];
        list[i..].rotate_left(1);
        s.len -= 1;
        x
    }
    /// Removes element `i`, moving the last element into its place.
    pub(crate) fn swap_remove(&mut self, s: &mut Span, i: usize) -> T {
        let list = self.get_mut(*s);
        let x = list[i];
        let last = list.len() - 1;
        list.swap(i, last);
        s.len -= 1;
        x
    }
    /// Replaces the whole list.
    pub(crate) fn set(&mut self, s: &mut Span, items: &[T]) {
        if items.len() <= s.len() {
            self.get_mut(*s)[..items.len()].copy_from_slice(items);
            s.len = self.index(items.len());
        } else {
            *s = self.alloc(items);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_grow_move_and_shrink() {
        let mut p: Pool<u32> = Pool::default();
        let mut a = p.alloc(&[1, 2]);
        let mut b = Span::default();
        p.push(&mut b, 10);
        // `a` no longer ends the vector: growing it moves it.
        p.push(&mut a, 3);
        assert_eq!(p.get(a), [1, 2, 3]);
        assert_eq!(p.get(b), [10]);
        p.insert(&mut a, 0, 0);
        p.insert(&mut b, 1, 11);
        assert_eq!(p.get(a), [0, 1, 2, 3]);
        assert_eq!(p.get(b), [10, 11]);
        assert_eq!(p.remove(&mut a, 1), 1);
        assert_eq!(p.get(a), [0, 2, 3]);
        assert_eq!(p.swap_remove(&mut a, 0), 0);
        assert_eq!(p.get(a), [3, 2]);
        p.set(&mut a, &[7]);
        assert_eq!(p.get(a), [7]);
        p.set(&mut a, &[7, 8, 9]);
        assert_eq!(p.get(a), [7, 8, 9]);
        assert_eq!(p.get(b), [10, 11]);
        let mut e = Span::default();
        p.insert(&mut e, 0, 5);
        assert_eq!(p.get(e), [5]);
    }
}
