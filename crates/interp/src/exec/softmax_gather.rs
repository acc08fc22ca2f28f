//! Execution of `linalg.softmax` and `vector.gather`, on memrefs and
//! tensors alike.
//!
//! `linalg.softmax` computes what upstream's decomposition
//! (`SoftmaxOp::decomposeOperation`) computes, in the same order and
//! precision, so the results match the lowered program bit for bit: per
//! slice along the dimension, the maximum (`arith.maxnumf`, starting from
//! the lowest finite value), `exp(x - max)`, their sum (`arith.addf` from
//! zero, in index order) and the quotients.
//!
//! `vector.gather` loads, for each lane whose mask bit is set, the element
//! at the base indices plus the lane's index-vector entry as a linear
//! offset (the LLVM lowering's pointer arithmetic, which needs a unit
//! innermost stride); masked-off lanes take the pass-through value and
//! access nothing.

use super::{fbin, for_each_index, funary, Frame, Machine, Res};
use crate::compile::{FUn, Slot};
use crate::value::{sext, Agg, Value};
use dialects::arith::eval::FloatBinOp;
use ir::{FloatKind, OpId};
use smallvec::SmallVec;
use std::rc::Rc;

/// The lowest finite value of `k` (upstream's identity of `maximumf` with
/// `useOnlyFiniteValue`), as bits; `None` for formats wider than `f64`.
fn lowest_finite(k: FloatKind) -> Option<u64> {
    let s = k.semantics();
    if s.precision > 53 {
        return None;
    }
    // The largest finite significand: all ones, except in `f8E4M3FN`,
    // whose all-ones pattern at the top exponent is its NaN.
    let spare = if k == FloatKind::F8E4M3FN { 2 } else { 1 };
    let largest = (2.0 - 2f64.powi(spare - s.precision as i32)) * 2f64.powi(s.max_exp);
    Some(ir::float::from_f64(k, -largest) as u64)
}

impl Machine<'_> {
    /// Every element of a memref view or tensor, row-major, with the shape.
    fn read_shaped(&mut self, f: &Frame, s: Slot, op: OpId) -> Res<(SmallVec<[i64; 4]>, Vec<u64>)> {
        match &f[s as usize] {
            Value::A(a) => Ok((a.shape.clone(), a.data.clone())),
            Value::M(m) => {
                let m = m.clone();
                let data = self.read_view(op, &m)?;
                Ok((m.sizes.clone(), data))
            }
            _ => Err(self.err(op, "expected a memref or tensor value")),
        }
    }

    /// `linalg.softmax` of `input` along `dim` into `output`: written into
    /// the output buffer, or a new tensor in `r`.
    pub(super) fn softmax(
        &mut self,
        f: &mut Frame,
        op: OpId,
        (input, output): (Slot, Slot),
        dim: usize,
        k: FloatKind,
        r: Option<Slot>,
    ) -> Res<()> {
        let (shape, x) = self.read_shaped(f, input, op)?;
        let out_shape: SmallVec<[i64; 4]> = match &f[output as usize] {
            Value::A(a) => a.shape.clone(),
            Value::M(m) => m.sizes.clone(),
            _ => return Err(self.err(op, "expected a memref or tensor output")),
        };
        if out_shape != shape || dim >= shape.len() {
            return Err(self.err(op, "softmax input and output shapes differ"));
        }
        let lowest = lowest_finite(k).ok_or_else(|| self.err(op, format!("softmax on {k} is not supported")))?;
        let n = shape[dim].max(0) as usize;
        // Elements of one slice are `stride` apart; slices start at every
        // index whose `dim` coordinate is 0.
        let stride: usize = shape[dim + 1..].iter().map(|&s| s.max(0) as usize).product();
        let mut y = vec![0u64; x.len()];
        let mut outer = shape.clone();
        outer[dim] = 1;
        let strides = crate::value::row_major_strides(&shape);
        for_each_index(&outer, |ix| {
            let start: i64 = ix.iter().zip(&strides).map(|(i, s)| i * s).sum();
            let at = |j: usize| start as usize + j * stride;
            let mut max = lowest;
            for j in 0..n {
                max = fbin(FloatBinOp::MaxNum, k, x[at(j)], max);
            }
            // +0.0 is all zero bits in every format.
            let mut sum = 0u64;
            for j in 0..n {
                let e = funary(FUn::Exp, k, fbin(FloatBinOp::Sub, k, x[at(j)], max)).unwrap_or(0);
                y[at(j)] = e;
                sum = fbin(FloatBinOp::Add, k, e, sum);
            }
            for j in 0..n {
                y[at(j)] = fbin(FloatBinOp::Div, k, y[at(j)], sum);
            }
            Ok(())
        })?;
        match &f[output as usize] {
            Value::M(m) => {
                let m = m.clone();
                self.write_view(op, &m, &y)?;
            }
            _ => {
                if let Some(r) = r {
                    f[r as usize] = Value::A(Rc::new(Agg { shape, data: y }));
                }
            }
        }
        Ok(())
    }

    /// `vector.gather` from `base` at `idx` with `(index_vec, mask,
    /// pass_thru)` into `r` (zeros without a pass-through); the offsets are
    /// signed integers of `width` bits.
    pub(super) fn gather(
        &mut self,
        f: &mut Frame,
        op: OpId,
        (base, idx): (Slot, &[Slot]),
        (index_vec, mask, pass_thru): (Slot, Slot, Option<Slot>),
        (width, r): (u32, Slot),
    ) -> Res<()> {
        let offsets = self.agg(f, index_vec, op)?.clone();
        let maskv = self.agg(f, mask, op)?.clone();
        let pass = match pass_thru {
            Some(p) => self.agg(f, p, op)?.clone(),
            None => Rc::new(Agg { shape: offsets.shape.clone(), data: vec![0; offsets.data.len()] }),
        };
        if offsets.data.len() != pass.data.len() || maskv.data.len() != pass.data.len() {
            return Err(self.err(op, "vector.gather operands of different sizes"));
        }
        let at = Self::idx(f, idx);
        let mut data = pass.data.clone();
        match f[base as usize].clone() {
            Value::M(m) => {
                if m.strides.last().is_some_and(|&s| s != 1) {
                    return Err(self.err(op, "vector.gather needs a unit innermost stride"));
                }
                let start = m.linear(&at);
                for (lane, out) in data.iter_mut().enumerate() {
                    if maskv.data[lane] & 1 != 0 {
                        *out = self.load(op, m.alloc, start.wrapping_add(sext(offsets.data[lane], width)))?;
                    }
                }
            }
            Value::A(t) => {
                let strides = t.strides();
                if at.len() != t.shape.len() || at.iter().zip(&t.shape).any(|(&i, &s)| i < 0 || i >= s) {
                    return Err(self.err(op, "vector.gather base indices out of bounds"));
                }
                let start: i64 = at.iter().zip(&strides).map(|(i, s)| i * s).sum();
                for (lane, out) in data.iter_mut().enumerate() {
                    if maskv.data[lane] & 1 != 0 {
                        let l = start.wrapping_add(sext(offsets.data[lane], width));
                        *out = *usize::try_from(l)
                            .ok()
                            .and_then(|l| t.data.get(l))
                            .ok_or_else(|| self.err(op, "vector.gather reads out of bounds of the tensor"))?;
                    }
                }
            }
            _ => return Err(self.err(op, "bad vector.gather base")),
        }
        f[r as usize] = Value::A(Rc::new(Agg { shape: pass.shape.clone(), data }));
        Ok(())
    }
}
