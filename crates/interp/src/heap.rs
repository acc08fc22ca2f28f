//! The checked heap: every buffer the interpreted program touches (heap,
//! stack, global, argument and tensor-backed memory) with its contents,
//! per-element initialisation bits, liveness and the ops that allocated and
//! freed it; the memory checks (bounds, liveness, frees, constant globals,
//! uninitialised reads) and the allocation statistics.
//!
//! The heap knows nothing about the IR beyond opaque [`OpId`]s for the
//! sites it reports; turning a [`MemError`] into a diagnostic is the
//! executor's job.

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
    /// Elements as raw bits (empty once freed).
    pub data: Vec<u64>,
    /// One bit per element: has it been written?
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
    /// For views: byte offset into the parent.
    pub view_shift: i64,
}

/// A memory fault found by the checker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MemError {
    /// Access to a freed buffer.
    UseAfterFree { write: bool, alloc: u32 },
    /// Linear offset outside the buffer.
    OutOfBounds { write: bool, index: i64, len: usize, alloc: u32 },
    /// Second free.
    DoubleFree { alloc: u32 },
    /// Free of something that is not a live heap buffer's base.
    InvalidFree { why: &'static str, alloc: u32 },
    /// Store into a constant global.
    ConstantWrite { alloc: u32 },
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

#[inline]
fn bit(v: &[u64], i: usize) -> bool {
    (v[i >> 6] >> (i & 63)) & 1 != 0
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
        let words = len.div_ceil(64);
        let (data, initbits) = match init {
            Some(d) => (d, vec![u64::MAX; words]),
            None => (vec![0; len], vec![0; words]),
        };
        if matches!(kind, AllocKind::Heap | AllocKind::Stack) {
            let bytes = len as u64 * elem_bytes;
            self.stats.allocations += 1;
            self.stats.bytes_allocated += bytes;
            self.live_bytes += bytes;
            self.stats.peak_live_bytes = self.stats.peak_live_bytes.max(self.live_bytes);
        }
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
        });
        (self.allocs.len() - 1) as u32
    }

    /// Frees a heap buffer through a view starting at linear offset
    /// `offset` (a base view has offset 0).
    pub fn free(&mut self, a: u32, offset: i64, site: OpId) -> Result<(), MemError> {
        let Some(al) = self.allocs.get_mut(a as usize) else {
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
        if offset != 0 {
            return Err(MemError::InvalidFree { why: "not the base of its allocation", alloc: a });
        }
        self.release(a, Some(site));
        self.stats.deallocations += 1;
        Ok(())
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
        let end = shift + len as i64 * elem_bytes as i64;
        if shift < 0 || end > bytes {
            return Err(MemError::OutOfBounds { write: false, index: end - 1, len: bytes as usize, alloc: a });
        }
        let site = al.alloc_site;
        for &c in &al.children {
            let ch = &self.allocs[c as usize];
            if ch.elem_bytes == elem_bytes && ch.len == len && ch.view_shift == shift {
                return Ok(c);
            }
        }
        let c = self.allocate(len, elem_bytes, AllocKind::View, site, None);
        self.allocs[c as usize].view_shift = shift;
        self.allocs[a as usize].children.push(c);
        Ok(c)
    }

    /// Checks an access and returns the buffer.
    #[inline]
    fn check(&self, a: u32, index: i64, write: bool) -> Result<&Allocation, MemError> {
        let Some(al) = self.allocs.get(a as usize) else {
            return Err(MemError::UseAfterFree { write, alloc: a });
        };
        if !al.live {
            return Err(MemError::UseAfterFree { write, alloc: a });
        }
        if index < 0 || index as u64 >= al.len as u64 {
            return Err(MemError::OutOfBounds { write, index, len: al.len, alloc: a });
        }
        Ok(al)
    }

    /// Reads element `index`; also says whether it was initialised.
    #[inline]
    pub fn read(&mut self, a: u32, index: i64) -> Result<(u64, ReadInit), MemError> {
        self.check(a, index, false)?;
        let al = &mut self.allocs[a as usize];
        let i = index as usize;
        let v = al.data[i];
        if bit(&al.init, i) {
            Ok((v, ReadInit::Init))
        } else if al.warned_uninit {
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
        let al = self.check(a, index, false)?;
        Ok(al.data[index as usize])
    }

    /// Is element `index` initialised (false when out of range)?
    pub fn is_init(&self, a: u32, index: i64) -> bool {
        self.allocs
            .get(a as usize)
            .is_some_and(|al| index >= 0 && (index as usize) < al.len && al.live && bit(&al.init, index as usize))
    }

    /// Writes element `index`.
    #[inline]
    pub fn write(&mut self, a: u32, index: i64, v: u64) -> Result<(), MemError> {
        let al = self.check(a, index, true)?;
        if let AllocKind::Global { constant: true, .. } = al.kind {
            return Err(MemError::ConstantWrite { alloc: a });
        }
        let al = &mut self.allocs[a as usize];
        let i = index as usize;
        al.data[i] = v;
        al.init[i >> 6] |= 1 << (i & 63);
        Ok(())
    }

    /// Writes element `index` with an explicit initialisation state (copies
    /// carry uninitialised elements along instead of reporting them).
    pub fn write_init(&mut self, a: u32, index: i64, v: u64, init: bool) -> Result<(), MemError> {
        self.write(a, index, v)?;
        if !init {
            let i = index as usize;
            self.allocs[a as usize].init[i >> 6] &= !(1 << (i & 63));
        }
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
        h.free(a, 0, site).unwrap();
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
        assert_eq!(h.free(a, 1, site), Err(MemError::InvalidFree { why: "not the base of its allocation", alloc: a }));
        h.free(a, 0, site).unwrap();
        assert_eq!(h.free(a, 0, site), Err(MemError::DoubleFree { alloc: a }));
        assert_eq!(h.read(a, 0), Err(MemError::UseAfterFree { write: false, alloc: a }));
        assert_eq!(h.write(a, 0, 0), Err(MemError::UseAfterFree { write: true, alloc: a }));
        let s = h.allocate(4, 4, AllocKind::Stack, None, None);
        assert_eq!(h.free(s, 0, site), Err(MemError::InvalidFree { why: "stack memory", alloc: s }));
        let g = h.allocate(2, 4, AllocKind::Global { name: 0, constant: true }, None, Some(vec![1, 2]));
        assert_eq!(h.read(g, 1), Ok((2, ReadInit::Init)));
        assert_eq!(h.write(g, 1, 5), Err(MemError::ConstantWrite { alloc: g }));
        assert_eq!(h.free(g, 0, site), Err(MemError::InvalidFree { why: "global memory", alloc: g }));
        assert_eq!(h.stats.allocations, 2);
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
        assert_eq!(h.free(v, 0, site), Err(MemError::InvalidFree { why: "not the base of its allocation", alloc: v }));
        h.free(a, 0, site).unwrap();
        assert_eq!(h.read(v, 3), Err(MemError::UseAfterFree { write: false, alloc: v }));
        assert_eq!(h.stats.allocations, 1);
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
