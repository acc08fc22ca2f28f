//! Execution of the tensor relayout ops `tensor.pack` and `tensor.unpack`
//! and of `tensor.gather` / `tensor.scatter`, on tensor values.
//!
//! `pack` fills each element of the destination shape from the source
//! element its outer and tile coordinates name (outer dimensions permuted
//! by `outer_dims_perm`, tiled source dimension `d` at
//! `outer * tile + inner`); coordinates past the source take the padding
//! value, and without one they are an error (upstream leaves them
//! undefined). `unpack` inverts it over the destination shape. `gather`
//! and `scatter` read (write) one slice of the source (destination) per
//! coordinate tuple in the indices tensor, the gathered dimensions of the
//! slice being 1 (or dropped in the rank-reduced form); out-of-bounds
//! coordinates are errors.

use super::{for_each_index, Frame, Machine, Res};
use crate::compile::{GatherSpec, RelayoutSpec};
use crate::value::{sext, Agg, Value};
use ir::OpId;
use smallvec::SmallVec;
use std::rc::Rc;

impl Machine<'_> {
    /// `tensor.pack` (with `spec.pack`) or `tensor.unpack`.
    pub(super) fn relayout(&mut self, f: &mut Frame, op: OpId, spec: &RelayoutSpec) -> Res<()> {
        let src = self.agg(f, spec.src, op)?.clone();
        let dest_shape = self.agg(f, spec.dest, op)?.shape.clone();
        let tiles: SmallVec<[i64; 4]> = spec.tiles.iter().map(|m| Self::mixed1(f, m)).collect();
        if tiles.iter().any(|&t| t <= 0) {
            return Err(self.err(op, "non-positive tile size"));
        }
        let (packed_shape, unpacked_shape) =
            if spec.pack { (&dest_shape, &src.shape) } else { (&src.shape, &dest_shape) };
        let n = unpacked_shape.len();
        if packed_shape.len() != n + tiles.len() || spec.inner.len() != tiles.len() {
            return Err(self.err(op, "packed and unpacked ranks do not match the tiles"));
        }
        // `tile_of[d]`: which tile, if any, tiles unpacked dimension `d`;
        // `perm[j]`: the unpacked dimension at packed outer position `j`.
        let mut tile_of: SmallVec<[Option<usize>; 4]> = SmallVec::from_elem(None, n);
        for (i, &d) in spec.inner.iter().enumerate() {
            *tile_of.get_mut(d).ok_or_else(|| self.err(op, "inner_dims_pos out of range"))? = Some(i);
        }
        let perm: SmallVec<[usize; 4]> = if spec.outer.is_empty() { (0..n).collect() } else { spec.outer.clone() };
        let mut inv: SmallVec<[usize; 4]> = SmallVec::from_elem(0, n);
        for (j, &d) in perm.iter().enumerate() {
            *inv.get_mut(d).ok_or_else(|| self.err(op, "outer_dims_perm out of range"))? = j;
        }
        let pad = spec.pad.map(|p| f[p as usize].s());
        let out_shape = dest_shape.clone();
        let total = self.check_shape(op, &out_shape)?;
        let src_strides = src.strides();
        let mut data = Vec::with_capacity(total);
        let mut unpacked: SmallVec<[i64; 4]> = SmallVec::from_elem(0, n);
        let mut packed: SmallVec<[i64; 4]> = SmallVec::from_elem(0, n + tiles.len());
        for_each_index(&out_shape, |ix| {
            if spec.pack {
                // `ix` is a packed index: compose the unpacked one.
                for d in 0..n {
                    let outer = ix[inv[d]];
                    unpacked[d] = match tile_of[d] {
                        Some(i) => outer * tiles[i] + ix[n + i],
                        None => outer,
                    };
                }
                let inside = unpacked.iter().zip(&src.shape).all(|(&u, &s)| u >= 0 && u < s);
                if inside {
                    let l: i64 = unpacked.iter().zip(&src_strides).map(|(u, s)| u * s).sum();
                    data.push(src.data[l as usize]);
                } else {
                    data.push(
                        pad.ok_or_else(|| self.err(op, "tensor.pack reads past the source without a padding_value"))?,
                    );
                }
            } else {
                // `ix` is an unpacked index: split it into outer and tile.
                for d in 0..n {
                    let (outer, inner) = match tile_of[d] {
                        Some(i) => (ix[d] / tiles[i], Some((i, ix[d] % tiles[i]))),
                        None => (ix[d], None),
                    };
                    packed[inv[d]] = outer;
                    if let Some((i, r)) = inner {
                        packed[n + i] = r;
                    }
                }
                let inside = packed.iter().zip(&src.shape).all(|(&p, &s)| p >= 0 && p < s);
                if !inside {
                    return Err(self.err(op, "tensor.unpack reads past the packed source"));
                }
                let l: i64 = packed.iter().zip(&src_strides).map(|(p, s)| p * s).sum();
                data.push(src.data[l as usize]);
            }
            Ok(())
        })?;
        f[spec.r as usize] = Value::A(Rc::new(Agg { shape: out_shape, data }));
        Ok(())
    }

    /// `tensor.gather` (no `spec.dest`) or `tensor.scatter`.
    pub(super) fn gather_scatter(&mut self, f: &mut Frame, op: OpId, spec: &GatherSpec) -> Res<()> {
        let indices = self.agg(f, spec.indices, op)?.clone();
        let src = self.agg(f, spec.src, op)?.clone();
        // The tensor indexed by the coordinates.
        let (indexed_shape, mut out) = match spec.dest {
            Some(d) => {
                let dest = self.agg(f, d, op)?.clone();
                (dest.shape.clone(), Some((*dest).clone()))
            }
            None => (src.shape.clone(), None),
        };
        let k = spec.dims.len();
        let Some((&last, batch)) = indices.shape.split_last() else {
            return Err(self.err(op, "indices must have rank at least 1"));
        };
        if last != k as i64 {
            return Err(self.err(op, "the last dimension of the indices must match the gathered dimensions"));
        }
        // The slice around one coordinate tuple: the gathered dimensions 1.
        let mut slice: SmallVec<[i64; 4]> = indexed_shape.clone();
        for &d in &spec.dims {
            *slice.get_mut(d).ok_or_else(|| self.err(op, "gathered dimension out of range"))? = 1;
        }
        let mut gathered_shape: SmallVec<[i64; 4]> = batch.iter().copied().collect();
        gathered_shape.extend(slice.iter().copied());
        let gathered_len = self.check_shape(op, &gathered_shape)?;
        let indexed_strides = crate::value::row_major_strides(&indexed_shape);
        let mut data = Vec::with_capacity(if out.is_some() { 0 } else { gathered_len });
        if out.is_some() && src.data.len() != gathered_len {
            return Err(self.err(op, "scatter source does not match the indices and destination"));
        }
        let index_strides = indices.strides();
        let mut next = 0usize;
        let mut coords: SmallVec<[i64; 4]> = SmallVec::from_elem(0, k);
        for_each_index(batch, |b| {
            let base = b.iter().zip(index_strides.iter()).map(|(i, s)| i * s).sum::<i64>() as usize;
            for (j, c) in coords.iter_mut().enumerate() {
                *c = sext(indices.data[base + j], spec.index_bits);
            }
            for_each_index(&slice, |s| {
                let mut l = 0i64;
                let mut ci = 0;
                for (d, (&x, &size)) in s.iter().zip(&indexed_shape).enumerate() {
                    let x = if spec.dims.get(ci) == Some(&d) {
                        ci += 1;
                        coords[ci - 1]
                    } else {
                        x
                    };
                    if x < 0 || x >= size {
                        return Err(self.err(op, format!("coordinate {x} out of bounds in dimension {d}")));
                    }
                    l += x * indexed_strides[d];
                }
                match &mut out {
                    Some(o) => o.data[l as usize] = src.data[next],
                    None => data.push(src.data[l as usize]),
                }
                next += 1;
                Ok(())
            })?;
            Ok(())
        })?;
        let value = match out {
            Some(o) => o,
            None => {
                // The rank-reduced result drops the gathered unit
                // dimensions; the elements are the same.
                let mut shape = gathered_shape;
                if spec.rank_reduced {
                    for &d in spec.dims.iter().rev() {
                        shape.remove(batch.len() + d);
                    }
                }
                Agg { shape, data }
            }
        };
        f[spec.r as usize] = Value::A(Rc::new(value));
        Ok(())
    }
}
