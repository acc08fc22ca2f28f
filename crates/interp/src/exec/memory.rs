//! Checked heap access for the executor: element loads and stores, view
//! reads, writes and copies, fresh heap buffers, and the diagnostics (with
//! allocation and free site notes) that memory faults turn into.

use super::*;

impl<'p> Machine<'p> {
    pub(super) fn site_note(&self, d: Diagnostic, site: Option<OpId>, what: &str) -> Diagnostic {
        match site {
            Some(s) => d.with_note(self.ir.op_loc(s), what),
            None => d,
        }
    }

    /// Turns a heap error at `op` into a diagnostic.
    pub fn mem_err(&self, op: OpId, e: MemError) -> Fault {
        let loc = self.ir.op_loc(op);
        let al = |a: u32| self.heap.allocs.get(a as usize);
        let rw = |w: bool| if w { "write" } else { "read" };
        let d = match e {
            MemError::UseAfterFree { write, alloc } => {
                let d = Diagnostic::error(loc, format!("use after free: {} of a freed buffer", rw(write)));
                let d = self.site_note(d, al(alloc).and_then(|a| a.alloc_site), "allocated here");
                self.site_note(d, al(alloc).and_then(|a| a.free_site), "freed here")
            }
            MemError::OutOfBounds { write, index, len, alloc } => {
                let d = Diagnostic::error(
                    loc,
                    format!("out-of-bounds access: {} at element {index} of a buffer of {len} elements", rw(write)),
                );
                self.site_note(d, al(alloc).and_then(|a| a.alloc_site), "allocated here")
            }
            MemError::DoubleFree { alloc } => {
                let d = Diagnostic::error(loc, "double free");
                let d = self.site_note(d, al(alloc).and_then(|a| a.alloc_site), "allocated here");
                self.site_note(d, al(alloc).and_then(|a| a.free_site), "previously freed here")
            }
            MemError::InvalidFree { why, alloc } => {
                let d = Diagnostic::error(loc, format!("invalid free: {why}"));
                self.site_note(d, al(alloc).and_then(|a| a.alloc_site), "allocated here")
            }
            MemError::ConstantWrite { alloc } => {
                let name = match al(alloc).map(|a| a.kind) {
                    Some(AllocKind::Global { name, .. }) => {
                        self.heap.names.get(name as usize).cloned().unwrap_or_default()
                    }
                    _ => String::new(),
                };
                Diagnostic::error(loc, format!("write into constant global @{name}"))
            }
        };
        Box::new(d)
    }

    pub(super) fn uninit(&mut self, op: OpId, alloc: u32) -> Res<()> {
        let site = self.heap.allocs.get(alloc as usize).and_then(|a| a.alloc_site);
        let d = if self.opts.strict {
            Diagnostic::error(self.ir.op_loc(op), "read of uninitialized memory")
        } else {
            Diagnostic::warning(self.ir.op_loc(op), "read of uninitialized memory")
        };
        let d = self.site_note(d, site, "allocated here");
        if self.opts.strict {
            return Err(Box::new(d));
        }
        self.diags.push(d);
        Ok(())
    }

    #[inline]
    pub(super) fn load(&mut self, op: OpId, a: u32, i: i64) -> Res<u64> {
        match self.heap.read(a, i) {
            Ok((v, ReadInit::Init)) | Ok((v, ReadInit::Uninit)) if !self.opts.strict => Ok(v),
            Ok((v, ReadInit::Init)) => Ok(v),
            Ok((v, ReadInit::FirstUninit)) => {
                self.uninit(op, a)?;
                Ok(v)
            }
            Ok((_, ReadInit::Uninit)) => {
                self.uninit(op, a)?;
                Ok(0)
            }
            Err(e) => Err(self.mem_err(op, e)),
        }
    }

    #[inline]
    pub(super) fn store(&mut self, op: OpId, a: u32, i: i64, v: u64) -> Res<()> {
        self.heap.write(a, i, v).map_err(|e| self.mem_err(op, e))
    }

    /// Reads every element of a view (row-major), reporting uninitialised reads.
    pub(super) fn read_view(&mut self, op: OpId, m: &MemRef) -> Res<Vec<u64>> {
        let mut lins = Vec::with_capacity(m.num_elements().max(0) as usize);
        m.for_each_linear(|l| lins.push(l));
        let mut out = Vec::with_capacity(lins.len());
        for l in lins {
            out.push(self.load(op, m.alloc, l)?);
        }
        Ok(out)
    }

    /// Copies view to view element by element, carrying init state.
    pub(super) fn copy_view(&mut self, op: OpId, src: &MemRef, dst: &MemRef, elem_bytes: u64) -> Res<()> {
        if src.sizes != dst.sizes {
            return Err(
                self.err(op, format!("copy between views of different shapes {:?} and {:?}", src.sizes, dst.sizes))
            );
        }
        let mut sl = Vec::new();
        src.for_each_linear(|l| sl.push(l));
        let mut dl = Vec::with_capacity(sl.len());
        dst.for_each_linear(|l| dl.push(l));
        for (s, d) in sl.iter().zip(&dl) {
            let v = self.heap.peek(src.alloc, *s).map_err(|e| self.mem_err(op, e))?;
            let init = self.heap.is_init(src.alloc, *s);
            self.heap.write_init(dst.alloc, *d, v, init).map_err(|e| self.mem_err(op, e))?;
        }
        self.heap.count_copy(sl.len() as u64 * elem_bytes);
        Ok(())
    }

    pub(super) fn write_view(&mut self, op: OpId, m: &MemRef, data: &[u64]) -> Res<()> {
        let mut dl = Vec::with_capacity(data.len());
        m.for_each_linear(|l| dl.push(l));
        if dl.len() != data.len() {
            return Err(self.err(op, "shape mismatch between tensor and buffer"));
        }
        for (l, v) in dl.iter().zip(data) {
            self.store(op, m.alloc, *l, *v)?;
        }
        Ok(())
    }

    pub(super) fn new_heap_buffer(
        &mut self,
        op: OpId,
        shape: &[i64],
        elem: ElemTy,
        kind: AllocKind,
        init: Option<Vec<u64>>,
    ) -> Res<Rc<MemRef>> {
        let n = self.check_shape(op, shape)?;
        let a = self.heap.allocate(n, elem.bytes(), kind, Some(op), init);
        if kind == AllocKind::Stack {
            self.stack.push(a);
        }
        Ok(Rc::new(MemRef {
            alloc: a,
            offset: 0,
            sizes: shape.iter().copied().collect(),
            strides: row_major_strides(shape),
            base: true,
        }))
    }
}
