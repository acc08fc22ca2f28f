//! Reassociation-group arithmetic shared by the reshape ops of `tensor`
//! and `memref` (upstream's `ReshapeOpsUtils`): composing the groups of two
//! chained reshapes, the groups that collapse one shape into another, and
//! the groups of a collapse of an expansion.

use ir::DYNAMIC;

/// `composeReassociationIndices`: the reassociation of two chained
/// collapses (or expansions), the longer one being the producer's. `None`
/// when the groups do not chain.
pub fn compose_reassociation_indices(a: &[Vec<i64>], b: &[Vec<i64>]) -> Option<Vec<Vec<i64>>> {
    let (producer, consumer) = match a.len().cmp(&b.len()) {
        std::cmp::Ordering::Equal => return None,
        std::cmp::Ordering::Greater => (a, b),
        std::cmp::Ordering::Less => (b, a),
    };
    if consumer.is_empty() {
        return Some(Vec::new());
    }
    if consumer.iter().map(Vec::len).sum::<usize>() != producer.len() {
        return None;
    }
    consumer
        .iter()
        .map(|group| {
            let mut out = Vec::new();
            for &i in group {
                out.extend_from_slice(producer.get(usize::try_from(i).ok()?)?);
            }
            Some(out)
        })
        .collect()
}

/// The groups of `collapse_shape(expand_shape(x))` over `x`'s side when one
/// side's groups are runs of whole groups of the other (`higher`: the
/// groups of the higher-rank side; `lower`: the other's); `None` otherwise
/// (upstream's `ComposeCollapseOfExpandOp`).
pub fn compose_collapse_of_expand_groups(higher: &[Vec<i64>], lower: &[Vec<i64>]) -> Option<Vec<Vec<i64>>> {
    let mut next = 0usize;
    let mut composed = Vec::with_capacity(lower.len());
    for group in lower {
        let &last = group.last()?;
        let mut ids = Vec::new();
        while let Some(h) = higher.get(next) {
            let &rightmost = h.last()?;
            if rightmost > last {
                return None;
            }
            ids.push(next as i64);
            next += 1;
            if rightmost == last {
                break;
            }
        }
        composed.push(ids);
    }
    Some(composed)
}

/// `getReassociationIndicesForCollapse`: how `source` collapses into
/// `target` (trailing unit or dynamic extents join the last group).
pub fn groups_for_collapse(source: &[i64], target: &[i64]) -> Option<Vec<Vec<i64>>> {
    if source.len() <= target.len() {
        return None;
    }
    let mut groups: Vec<Vec<i64>> = Vec::with_capacity(target.len());
    let mut current = Vec::new();
    let mut product = 1i64;
    let mut s = 0usize;
    while s < source.len() {
        let Some(&want) = target.get(groups.len()) else { break };
        while s < source.len() && source[s] != DYNAMIC && product.saturating_mul(source[s]) < want {
            product = product.saturating_mul(source[s]);
            current.push(s as i64);
            s += 1;
        }
        let &here = source.get(s)?;
        if here == DYNAMIC && (want != DYNAMIC || product != 1) {
            return None;
        }
        if want == DYNAMIC && here != DYNAMIC {
            return None;
        }
        if product.saturating_mul(here) != want {
            return None;
        }
        current.push(s as i64);
        s += 1;
        groups.push(std::mem::take(&mut current));
        product = 1;
    }
    if groups.len() != target.len() {
        return None;
    }
    for (d, &extent) in source.iter().enumerate().skip(s) {
        if extent != DYNAMIC && extent != 1 {
            return None;
        }
        if let Some(last) = groups.last_mut() {
            last.push(d as i64);
        }
    }
    Some(groups)
}

/// `findCollapsingReassociation` of `ComposeExpandOfCollapseOp`.
pub fn collapsing_groups(
    src_groups: &[Vec<i64>],
    result_groups: &[Vec<i64>],
    src_shape: &[i64],
    result_shape: &[i64],
) -> Option<Vec<Vec<i64>>> {
    if src_groups.is_empty() {
        return groups_for_collapse(src_shape, result_shape);
    }
    let mut out = Vec::new();
    for (src, res) in src_groups.iter().zip(result_groups) {
        let (&s0, &r0) = (src.first()?, res.first()?);
        let src_sub = src_shape.get(usize::try_from(s0).ok()?..)?.get(..src.len())?;
        let res_sub = result_shape.get(usize::try_from(r0).ok()?..)?.get(..res.len())?;
        if src_sub.len() == res_sub.len() {
            if src_sub == res_sub && src_sub.iter().filter(|&&d| d == DYNAMIC).count() < 2 {
                out.push(src.clone());
            } else {
                return None;
            }
        }
        // As upstream: the sub-shape collapse is tried even after an equal
        // group was taken, and fails for equal ranks.
        let sub = groups_for_collapse(src_sub, res_sub)?;
        out.extend(sub.into_iter().map(|g| g.into_iter().map(|i| i + s0).collect()));
    }
    Some(out)
}
