//! The checked heap: every buffer the interpreted program touches (heap,
//! stack, global, argument and tensor-backed memory) with its contents as
//! little-endian bytes, per-byte initialisation bits, liveness and the ops
//! that allocated and freed it; the memory checks (bounds, liveness, frees,
//! constant globals, uninitialised reads) and the allocation statistics.
//!
//! A typed `memref.view` is an [`Allocation`] of its own (its element size
//! and bounds) without storage: it reads and writes its root buffer's
//! bytes, so views of one buffer with different element types alias as in
//! compiled code.
//!
//! The heap knows nothing about the IR beyond opaque [`OpId`]s for the
//! sites it reports; turning a [`MemError`] into a diagnostic is the
//! executor's job.

use crate::value::MemRef;
use ir::OpId;

/// Where a buffer lives; decides which frees are valid and what leaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AllocKind {
    /// `memref.alloc`, `memref.realloc`, `bufferization.clone`: must be freed.
    Heap,
    /// `memref.alloca`: dies with its scope, cannot be freed.
    Stack,
    /// A `memref.global`; `constant` ones are read-only.
    Global {
        /// Index of the global's name in [`Heap::names`].
        name: u32,
        /// Read-only.
        constant: bool,
    },
    /// Owned outside the program (entry arguments, buffers of
    /// `bufferization.to_memref`): never reported as leaked.
    External,
    /// A typed `memref.view` into a byte buffer: lives as long as its
    /// parent and cannot be freed itself.
    View,
}

/// One buffer.
#[derive(Clone, Debug)]
pub struct Allocation {
    /// The bytes, little-endian (empty once freed, and for views).
    pub data: Vec<u8>,
    /// One bit per byte: has it been written? (Empty for views.)
    pub init: Vec<u64>,
    /// Number of elements.
    pub len: usize,
    /// Bytes per element.
    pub elem_bytes: u64,
    /// Kind.
    pub kind: AllocKind,
    /// False once freed (or its scope ended).
    pub live: bool,
    /// The op that allocated it.
    pub alloc_site: Option<OpId>,
    /// The op that freed it.
    pub free_site: Option<OpId>,
    /// An uninitialised read was already reported for this buffer.
    pub warned_uninit: bool,
    /// Typed views carved out of this buffer (they die with it).
    pub children: Vec<u32>,
    /// For views: byte offset into the root buffer.
    pub view_shift: i64,
    /// The buffer holding the bytes (the allocation itself unless a view).
    pub root: u32,
}

/// A memory fault found by the checker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MemError {
    /// Access to a freed buffer.
    UseAfterFree {
        /// The access was a write.
        write: bool,
        /// The allocation id.
        alloc: u32,
    },
    /// Linear offset outside the buffer.
    OutOfBounds {
        /// The access was a write.
        write: bool,
        /// The linear offset accessed.
        index: i64,
        /// The buffer length in elements.
        len: usize,
        /// The allocation id.
        alloc: u32,
    },
    /// Second free.
    DoubleFree {
        /// The allocation id.
        alloc: u32,
    },
    /// Free of something that is not a live heap buffer's base.
    InvalidFree {
        /// What was wrong with the freed pointer.
        why: &'static str,
        /// The allocation id.
        alloc: u32,
    },
    /// Store into a constant global.
    ConstantWrite {
        /// The allocation id.
        alloc: u32,
    },
}

/// Counters the `--stats` option prints.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Heap and stack allocations executed.
    pub allocations: u64,
    /// Bytes those allocations requested.
    pub bytes_allocated: u64,
    /// Highest number of bytes live at once.
    pub peak_live_bytes: u64,
    /// Bytes moved by copy-like ops.
    pub bytes_copied: u64,
    /// Deallocations executed.
    pub deallocations: u64,
}

/// Access results for reads of possibly uninitialised memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadInit {
    /// The element was written before.
    Init,
    /// First uninitialised read of this buffer (report it).
    FirstUninit,
    /// Uninitialised, already reported.
    Uninit,
}

/// The checked heap.
#[derive(Default, Debug)]
pub struct Heap {
    /// All buffers ever created; indices are never reused.
    pub allocs: Vec<Allocation>,
    /// Names of globals.
    pub names: Vec<String>,
    /// Statistics.
    pub stats: Stats,
    live_bytes: u64,
}

/// Are the `n` (1..=64) bits from bit `b` on all set?
#[inline]
fn bits_set(v: &[u64], b: usize, n: usize) -> bool {
    let (w, sh) = (b >> 6, b & 63);
    if sh + n <= 64 {
        let m = if n == 64 { u64::MAX } else { ((1u64 << n) - 1) << sh };
        v[w] & m == m
    } else {
        (b..b + n).all(|i| (v[i >> 6] >> (i & 63)) & 1 != 0)
    }
}

/// Sets (or clears) the `n` bits from bit `b` on.
#[inline]
fn set_bits(v: &mut [u64], b: usize, n: usize, on: bool) {
    let (w, sh) = (b >> 6, b & 63);
    if sh + n <= 64 {
        let m = if n == 64 { u64::MAX } else { ((1u64 << n) - 1) << sh };
        if on {
            v[w] |= m;
        } else {
            v[w] &= !m;
        }
        return;
    }
    for i in b..b + n {
        if on {
            v[i >> 6] |= 1 << (i & 63);
        } else {
            v[i >> 6] &= !(1 << (i & 63));
        }
    }
}

/// Reads `eb` bytes at `b` as a little-endian value (the low 8 bytes of
/// wider elements).
#[inline]
fn get_le(d: &[u8], b: usize, eb: usize) -> u64 {
    match eb {
        4 => u64::from(u32::from_le_bytes([d[b], d[b + 1], d[b + 2], d[b + 3]])),
        8 => u64::from_le_bytes([d[b], d[b + 1], d[b + 2], d[b + 3], d[b + 4], d[b + 5], d[b + 6], d[b + 7]]),
        1 => u64::from(d[b]),
        2 => u64::from(u16::from_le_bytes([d[b], d[b + 1]])),
        _ => {
            let mut buf = [0u8; 8];
            let k = eb.min(8);
            buf[..k].copy_from_slice(&d[b..b + k]);
            u64::from_le_bytes(buf)
        }
    }
}

/// Writes `v` as `eb` little-endian bytes at `b` (zero above 8 bytes).
#[inline]
fn put_le(d: &mut [u8], b: usize, eb: usize, v: u64) {
    let bytes = v.to_le_bytes();
    if eb <= 8 {
        d[b..b + eb].copy_from_slice(&bytes[..eb]);
    } else {
        d[b..b + 8].copy_from_slice(&bytes);
        d[b + 8..b + eb].fill(0);
    }
}

impl Heap {
    /// Creates a buffer of `len` elements; `init` gives its contents (then
    /// every element counts as initialised).
    pub fn allocate(
        &mut self,
        len: usize,
        elem_bytes: u64,
        kind: AllocKind,
        site: Option<OpId>,
        init: Option<Vec<u64>>,
    ) -> u32 {
        let eb = elem_bytes as usize;
        let nbytes = if kind == AllocKind::View { 0 } else { len * eb };
        let words = nbytes.div_ceil(64);
        let mut data = vec![0u8; nbytes];
        let initbits = match init {
            Some(d) => {
                for (i, v) in d.into_iter().enumerate().take(len) {
                    put_le(&mut data, i * eb, eb, v);
                }
                vec![u64::MAX; words]
            }
            None => vec![0; words],
        };
        if matches!(kind, AllocKind::Heap | AllocKind::Stack) {
            let bytes = len as u64 * elem_bytes;
            self.stats.allocations += 1;
            self.stats.bytes_allocated += bytes;
            self.live_bytes += bytes;
            self.stats.peak_live_bytes = self.stats.peak_live_bytes.max(self.live_bytes);
        }
        let id = self.allocs.len() as u32;
        self.allocs.push(Allocation {
            data,
            init: initbits,
            len,
            elem_bytes,
            kind,
            live: true,
            alloc_site: site,
            free_site: None,
            warned_uninit: false,
            children: Vec::new(),
            view_shift: 0,
            root: id,
        });
        id
    }

    /// Frees the heap buffer behind descriptor `m`, as MLIR's runtime does:
    /// `free` receives only the descriptor's allocated pointer, so the free
    /// is valid when that pointer is a live heap allocation's base,
    /// whatever the descriptor's shape and offset. That holds for the
    /// descriptors that stand for the allocation ([`MemRef::base`]: what an
    /// allocating op returns, and the base buffer of
    /// `memref.extract_strided_metadata`, a rank-0 memref), and for a view
    /// that covers the whole allocation from its start. A view into the
    /// allocation (a subview at an offset, a typed `memref.view`), stack and
    /// global memory are invalid frees; freeing a freed allocation, through
    /// any descriptor of it, is a double free.
    pub fn free(&mut self, m: &MemRef, site: OpId) -> Result<(), MemError> {
        let a = m.alloc;
        let len = self.freeable(a)?;
        let whole_view = m.offset == 0 && u64::try_from(m.num_elements()).is_ok_and(|n| n == len as u64);
        if !m.base && !whole_view {
            return Err(MemError::InvalidFree { why: "not the base of its allocation", alloc: a });
        }
        self.release(a, Some(site));
        self.stats.deallocations += 1;
        Ok(())
    }

    /// Frees allocation `a` as a whole, with the checks of [`Heap::free`]
    /// but no descriptor: `bufferization.dealloc` frees the allocations its
    /// operands belong to.
    pub fn free_allocation(&mut self, a: u32, site: OpId) -> Result<(), MemError> {
        self.freeable(a)?;
        self.release(a, Some(site));
        self.stats.deallocations += 1;
        Ok(())
    }

    /// Checks that allocation `a` is live heap memory that may be freed,
    /// and returns its length in elements.
    fn freeable(&self, a: u32) -> Result<usize, MemError> {
        let Some(al) = self.allocs.get(a as usize) else {
            return Err(MemError::InvalidFree { why: "not the base of its allocation", alloc: a });
        };
        match al.kind {
            AllocKind::Stack => return Err(MemError::InvalidFree { why: "stack memory", alloc: a }),
            AllocKind::Global { .. } => return Err(MemError::InvalidFree { why: "global memory", alloc: a }),
            AllocKind::View => return Err(MemError::InvalidFree { why: "not the base of its allocation", alloc: a }),
            AllocKind::Heap | AllocKind::External => {}
        }
        if !al.live {
            return Err(MemError::DoubleFree { alloc: a });
        }
        Ok(al.len)
    }

    /// Ends the life of a buffer (free or end of scope) without checks.
    pub fn release(&mut self, a: u32, site: Option<OpId>) {
        if let Some(al) = self.allocs.get_mut(a as usize) {
            if al.live {
                al.live = false;
                al.free_site = site;
                if matches!(al.kind, AllocKind::Heap | AllocKind::Stack) {
                    self.live_bytes = self.live_bytes.saturating_sub(al.len as u64 * al.elem_bytes);
                }
                al.data = Vec::new();
                al.init = Vec::new();
                for c in std::mem::take(&mut al.children) {
                    self.release(c, site);
                }
            }
        }
    }

    /// A typed view of `len` elements of `elem_bytes` bytes at byte offset
    /// `shift` of buffer `a` (created once per offset and element size).
    pub fn typed_view(&mut self, a: u32, shift: i64, len: usize, elem_bytes: u64) -> Result<u32, MemError> {
        let Some(al) = self.allocs.get(a as usize) else {
            return Err(MemError::UseAfterFree { write: false, alloc: a });
        };
        if !al.live {
            return Err(MemError::UseAfterFree { write: false, alloc: a });
        }
        let bytes = al.len as i64 * al.elem_bytes as i64;
        let end = shift.saturating_add((len as i64).saturating_mul(elem_bytes as i64));
        if shift < 0 || end > bytes {
            return Err(MemError::OutOfBounds { write: false, index: end - 1, len: bytes as usize, alloc: a });
        }
        let site = al.alloc_site;
        let (root, base_shift) = (al.root, al.view_shift);
        let shift = base_shift + shift;
        for &c in &al.children {
            let ch = &self.allocs[c as usize];
            if ch.elem_bytes == elem_bytes && ch.len == len && ch.view_shift == shift {
                return Ok(c);
            }
        }
        let c = self.allocate(len, elem_bytes, AllocKind::View, site, None);
        self.allocs[c as usize].view_shift = shift;
        self.allocs[c as usize].root = root;
        self.allocs[a as usize].children.push(c);
        Ok(c)
    }

    /// Checks an access of element `index` of buffer `a`: returns the
    /// root buffer holding the bytes, the byte offset and the element size.
    #[inline]
    fn check(&self, a: u32, index: i64, write: bool) -> Result<(usize, usize, usize), MemError> {
        let Some(al) = self.allocs.get(a as usize) else {
            return Err(MemError::UseAfterFree { write, alloc: a });
        };
        if !al.live {
            return Err(MemError::UseAfterFree { write, alloc: a });
        }
        if index < 0 || index as u64 >= al.len as u64 {
            return Err(MemError::OutOfBounds { write, index, len: al.len, alloc: a });
        }
        let eb = al.elem_bytes as usize;
        Ok((al.root as usize, al.view_shift as usize + index as usize * eb, eb))
    }

    /// Reads element `index`; also says whether it was initialised.
    #[inline]
    pub fn read(&mut self, a: u32, index: i64) -> Result<(u64, ReadInit), MemError> {
        let (r, b, eb) = self.check(a, index, false)?;
        let root = &self.allocs[r];
        let v = get_le(&root.data, b, eb);
        if bits_set(&root.init, b, eb.min(64)) {
            return Ok((v, ReadInit::Init));
        }
        let al = &mut self.allocs[a as usize];
        if al.warned_uninit {
            Ok((v, ReadInit::Uninit))
        } else {
            al.warned_uninit = true;
            Ok((v, ReadInit::FirstUninit))
        }
    }

    /// Reads element `index` without the initialisation check (but with
    /// the bounds and liveness checks).
    #[inline]
    pub fn peek(&self, a: u32, index: i64) -> Result<u64, MemError> {
        let (r, b, eb) = self.check(a, index, false)?;
        Ok(get_le(&self.allocs[r].data, b, eb))
    }

    /// Is element `index` initialised (false when out of range)?
    pub fn is_init(&self, a: u32, index: i64) -> bool {
        match self.check(a, index, false) {
            Ok((r, b, eb)) => bits_set(&self.allocs[r].init, b, eb.min(64)),
            Err(_) => false,
        }
    }

    /// Writes element `index`.
    #[inline]
    pub fn write(&mut self, a: u32, index: i64, v: u64) -> Result<(), MemError> {
        self.write_init(a, index, v, true)
    }

    /// Writes element `index` with an explicit initialisation state (copies
    /// carry uninitialised elements along instead of reporting them).
    #[inline]
    pub fn write_init(&mut self, a: u32, index: i64, v: u64, init: bool) -> Result<(), MemError> {
        let (r, b, eb) = self.check(a, index, true)?;
        let root = &mut self.allocs[r];
        if let AllocKind::Global { constant: true, .. } = root.kind {
            return Err(MemError::ConstantWrite { alloc: r as u32 });
        }
        put_le(&mut root.data, b, eb, v);
        set_bits(&mut root.init, b, eb, init);
        Ok(())
    }

    /// Records `n` bytes moved by a copy.
    pub fn count_copy(&mut self, bytes: u64) {
        self.stats.bytes_copied += bytes;
    }

    /// Live heap buffers (leak candidates), in allocation order.
    pub fn leaks(&self) -> impl Iterator<Item = (u32, &Allocation)> {
        self.allocs.iter().enumerate().filter(|(_, a)| a.live && a.kind == AllocKind::Heap).map(|(i, a)| (i as u32, a))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::entity::EntityRef;
    use smallvec::smallvec;

    /// The descriptor an allocating op returns for a 1-d buffer of `len`.
    fn whole(a: u32, len: i64) -> MemRef {
        MemRef { alloc: a, offset: 0, sizes: smallvec![len], strides: smallvec![1], base: true }
    }

    /// A 1-d view of `len` elements at `offset` of buffer `a`.
    fn view(a: u32, offset: i64, len: i64) -> MemRef {
        MemRef { alloc: a, offset, sizes: smallvec![len], strides: smallvec![1], base: false }
    }

    /// The base buffer `memref.extract_strided_metadata` returns for any
    /// view of buffer `a`: rank 0, offset 0.
    fn base_buffer(a: u32) -> MemRef {
        MemRef { alloc: a, offset: 0, sizes: smallvec![], strides: smallvec![], base: true }
    }

    #[test]
    fn alloc_read_write_and_stats() {
        let mut h = Heap::default();
        let a = h.allocate(10, 4, AllocKind::Heap, None, None);
        assert_eq!(h.stats.allocations, 1);
        assert_eq!(h.stats.bytes_allocated, 40);
        assert_eq!(h.read(a, 3), Ok((0, ReadInit::FirstUninit)));
        assert_eq!(h.read(a, 4), Ok((0, ReadInit::Uninit)));
        h.write(a, 3, 7).unwrap();
        assert_eq!(h.read(a, 3), Ok((7, ReadInit::Init)));
        assert!(h.is_init(a, 3));
        assert!(!h.is_init(a, 2));
        let b = h.allocate(100, 8, AllocKind::Heap, None, None);
        assert_eq!(h.stats.peak_live_bytes, 840);
        let site = OpId::new(1);
        h.free(&whole(a, 10), site).unwrap();
        assert_eq!(h.stats.deallocations, 1);
        let c = h.allocate(1, 8, AllocKind::Heap, None, None);
        assert_eq!(h.stats.peak_live_bytes, 840);
        assert_eq!(h.leaks().map(|l| l.0).collect::<Vec<_>>(), vec![b, c]);
    }

    #[test]
    fn faults() {
        let mut h = Heap::default();
        let site = OpId::new(1);
        let a = h.allocate(4, 4, AllocKind::Heap, None, None);
        assert_eq!(h.write(a, 4, 1), Err(MemError::OutOfBounds { write: true, index: 4, len: 4, alloc: a }));
        assert_eq!(h.read(a, -1), Err(MemError::OutOfBounds { write: false, index: -1, len: 4, alloc: a }));
        assert_eq!(
            h.free(&view(a, 1, 3), site),
            Err(MemError::InvalidFree { why: "not the base of its allocation", alloc: a })
        );
        h.free(&whole(a, 4), site).unwrap();
        assert_eq!(h.free(&whole(a, 4), site), Err(MemError::DoubleFree { alloc: a }));
        assert_eq!(h.read(a, 0), Err(MemError::UseAfterFree { write: false, alloc: a }));
        assert_eq!(h.write(a, 0, 0), Err(MemError::UseAfterFree { write: true, alloc: a }));
        let s = h.allocate(4, 4, AllocKind::Stack, None, None);
        assert_eq!(h.free(&whole(s, 4), site), Err(MemError::InvalidFree { why: "stack memory", alloc: s }));
        let g = h.allocate(2, 4, AllocKind::Global { name: 0, constant: true }, None, Some(vec![1, 2]));
        assert_eq!(h.read(g, 1), Ok((2, ReadInit::Init)));
        assert_eq!(h.write(g, 1, 5), Err(MemError::ConstantWrite { alloc: g }));
        assert_eq!(h.free(&whole(g, 2), site), Err(MemError::InvalidFree { why: "global memory", alloc: g }));
        assert_eq!(h.stats.allocations, 2);
        assert_eq!(h.leaks().count(), 0);
    }

    #[test]
    fn frees_go_through_the_allocated_pointer() {
        let mut h = Heap::default();
        let site = OpId::new(1);
        // memref<2x3xf32, strided<[3, 1], offset: 2>> over an 8-element buffer.
        let a = h.allocate(8, 4, AllocKind::Heap, None, None);
        let v = MemRef { alloc: a, offset: 2, sizes: smallvec![2, 3], strides: smallvec![3, 1], base: false };
        // The view itself is not the allocation...
        assert_eq!(h.free(&v, site), Err(MemError::InvalidFree { why: "not the base of its allocation", alloc: a }));
        // ...nor is a smaller view at offset 0.
        assert_eq!(
            h.free(&view(a, 0, 4), site),
            Err(MemError::InvalidFree { why: "not the base of its allocation", alloc: a })
        );
        assert!(h.allocs[a as usize].live);
        // Its base buffer is: rank 0, yet it frees all 32 bytes.
        h.free(&base_buffer(a), site).unwrap();
        assert!(!h.allocs[a as usize].live);
        assert_eq!((h.stats.deallocations, h.leaks().count()), (1, 0));
        // A second base buffer of the same allocation is a double free.
        assert_eq!(h.free(&base_buffer(a), site), Err(MemError::DoubleFree { alloc: a }));
        assert_eq!(h.free(&v, site), Err(MemError::DoubleFree { alloc: a }));
        assert_eq!(h.stats.deallocations, 1);
        // An allocation whose layout has an offset (memref.alloc of a strided
        // type) is freed through the descriptor the alloc returned.
        let b = h.allocate(6, 4, AllocKind::Heap, None, None);
        h.free(&MemRef { alloc: b, offset: 2, sizes: smallvec![4], strides: smallvec![1], base: true }, site).unwrap();
        // A view covering the whole allocation from its start stands for it.
        let c = h.allocate(6, 4, AllocKind::Heap, None, None);
        h.free(&MemRef { alloc: c, offset: 0, sizes: smallvec![2, 3], strides: smallvec![3, 1], base: false }, site)
            .unwrap();
        // Base buffers of stack and global memory are still refused.
        let s = h.allocate(4, 4, AllocKind::Stack, None, None);
        assert_eq!(h.free(&base_buffer(s), site), Err(MemError::InvalidFree { why: "stack memory", alloc: s }));
        let g = h.allocate(2, 4, AllocKind::Global { name: 0, constant: false }, None, None);
        assert_eq!(h.free(&base_buffer(g), site), Err(MemError::InvalidFree { why: "global memory", alloc: g }));
        assert_eq!(h.leaks().count(), 0);
    }

    #[test]
    fn typed_views_die_with_their_buffer() {
        let mut h = Heap::default();
        let site = OpId::new(1);
        let a = h.allocate(64, 1, AllocKind::Heap, None, None);
        let v = h.typed_view(a, 16, 4, 4).unwrap();
        assert_eq!(h.typed_view(a, 16, 4, 4), Ok(v));
        assert!(h.typed_view(a, 60, 2, 4).is_err());
        h.write(v, 3, 9).unwrap();
        assert_eq!(
            h.free(&whole(v, 4), site),
            Err(MemError::InvalidFree { why: "not the base of its allocation", alloc: v })
        );
        // The base buffer of a typed view's metadata is not an allocation base either.
        assert_eq!(
            h.free(&base_buffer(v), site),
            Err(MemError::InvalidFree { why: "not the base of its allocation", alloc: v })
        );
        h.free(&whole(a, 64), site).unwrap();
        assert_eq!(h.read(v, 3), Err(MemError::UseAfterFree { write: false, alloc: v }));
        assert_eq!(h.stats.allocations, 1);
    }

    #[test]
    fn views_of_other_element_types_share_the_bytes() {
        let mut h = Heap::default();
        let a = h.allocate(16, 1, AllocKind::Heap, None, None);
        let w = h.typed_view(a, 4, 2, 4).unwrap();
        let d = h.typed_view(a, 8, 1, 8).unwrap();
        h.write(w, 0, 0x1122_3344).unwrap();
        // Little-endian bytes 4..8 of the i8 buffer.
        assert_eq!((4..8).map(|i| h.peek(a, i).unwrap()).collect::<Vec<_>>(), vec![0x44, 0x33, 0x22, 0x11]);
        h.write(a, 8, 0xff).unwrap();
        h.write(w, 1, 0x0102_0304).unwrap();
        // w[1] (bytes 8..12) overwrote byte 8 and overlaps the i64 at 8..16.
        assert_eq!(h.peek(d, 0), Ok(0x0102_0304));
        // Bytes 12..16 of the i64 were never written: reading it is uninitialised.
        assert_eq!(h.read(d, 0).map(|r| r.1), Ok(ReadInit::FirstUninit));
        assert_eq!(h.read(w, 1).map(|r| r.1), Ok(ReadInit::Init));
        assert_eq!(h.peek(a, 8), Ok(0x04));
        // A view of a view: bytes 6..8 as one i16.
        let s = h.typed_view(w, 2, 1, 2).unwrap();
        assert_eq!(h.peek(s, 0), Ok(0x1122));
        assert_eq!(h.write(w, 2, 0), Err(MemError::OutOfBounds { write: true, index: 2, len: 2, alloc: w }));
        let g = h.allocate(2, 8, AllocKind::Global { name: 0, constant: true }, None, Some(vec![7, 9]));
        let gv = h.typed_view(g, 8, 2, 4).unwrap();
        assert_eq!(h.peek(gv, 0), Ok(9));
        assert_eq!(h.write(gv, 0, 1), Err(MemError::ConstantWrite { alloc: g }));
    }

    #[test]
    fn init_bits_cross_word_boundaries() {
        let mut h = Heap::default();
        let a = h.allocate(130, 1, AllocKind::Heap, None, None);
        for i in [0, 63, 64, 127, 128, 129] {
            h.write(a, i, i as u64).unwrap();
        }
        for i in 0..130 {
            assert_eq!(h.is_init(a, i), [0, 63, 64, 127, 128, 129].contains(&i));
        }
    }
}
