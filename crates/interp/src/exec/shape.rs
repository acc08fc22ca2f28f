//! Shape helpers on views and aggregates: rank reduction of a view's
//! sizes and strides, row-major positions in and sub-ranges of aggregates,
//! and the dimension permutation a projected affine map describes.

use crate::value::{Agg, Value};
use ir::affine::{AffineExpr, AffineMap};
use smallvec::SmallVec;
use std::rc::Rc;

/// Drops unit dims (from the left) until `rank` dims remain.
pub(super) fn rank_reduce(sizes: &[i64], strides: &[i64], rank: usize) -> (SmallVec<[i64; 4]>, SmallVec<[i64; 4]>) {
    let mut drop = sizes.len().saturating_sub(rank);
    let mut s = SmallVec::new();
    let mut t = SmallVec::new();
    for (i, &size) in sizes.iter().enumerate() {
        if drop > 0 && size == 1 {
            drop -= 1;
            continue;
        }
        s.push(size);
        t.push(strides.get(i).copied().unwrap_or(1));
    }
    (s, t)
}

pub(super) fn agg_index(shape: &[i64], ix: &[i64]) -> Option<usize> {
    if shape.len() != ix.len() {
        return None;
    }
    let mut l = 0i64;
    for (i, s) in ix.iter().zip(shape) {
        if *i < 0 || i >= s {
            return None;
        }
        l = l * s + i;
    }
    Some(l as usize)
}

pub(super) fn sub_range(shape: &[i64], pos: &[i64]) -> Option<(usize, usize)> {
    if pos.len() > shape.len() {
        return None;
    }
    let inner: i64 = shape[pos.len()..].iter().product();
    let mut l = 0i64;
    for (p, s) in pos.iter().zip(shape) {
        if *p < 0 || p >= s {
            return None;
        }
        l = l * s + p;
    }
    Some(((l * inner) as usize, inner as usize))
}

pub(super) fn sub_agg(a: &Agg, pos: &[i64]) -> Option<Value> {
    let (start, n) = sub_range(&a.shape, pos)?;
    if pos.len() == a.shape.len() {
        return a.data.get(start).map(|&x| Value::S(x));
    }
    Some(Value::A(Rc::new(Agg {
        shape: a.shape[pos.len()..].iter().copied().collect(),
        data: a.data.get(start..start + n)?.to_vec(),
    })))
}

pub(super) fn map_dims(m: &AffineMap) -> Option<Vec<Option<usize>>> {
    m.results
        .iter()
        .map(|e| match e {
            AffineExpr::Dim(d) => Some(Some(*d)),
            AffineExpr::Constant(0) => Some(None),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_reduction_drops_leading_unit_dims() {
        let (s, t) = rank_reduce(&[1, 4, 1, 3], &[12, 3, 3, 1], 2);
        assert_eq!((s.as_slice(), t.as_slice()), (&[4, 3][..], &[3, 1][..]));
    }
}
