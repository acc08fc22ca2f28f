//! Sparse constant propagation (MLIR's `SparseConstantPropagation`): the
//! [`ConstantValue`] lattice, and a forward transfer that simulates each op
//! by calling its folder on the constant operands. Folds are tried
//! out-of-place only: an in-place fold is undone and its results are
//! unknown, since the constants may not be the run-time values.

use super::solver::{Cx, StateId};
use super::sparse::{self, Lattice, LatticeValue, SparseForwardTransfer};
use ir::{Attribute, FoldOutcome, Ir, OpFoldResult, OpId, OpTraits};

/// What is known of a value: nothing yet, a constant, or that it is not
/// one constant.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum ConstantValue {
    /// Not computed yet.
    #[default]
    Uninitialized,
    /// Not a known constant.
    Unknown,
    /// Always this attribute.
    Known(Attribute),
}

impl LatticeValue for ConstantValue {
    fn join(&self, rhs: &Self) -> Self {
        match (self, rhs) {
            (ConstantValue::Uninitialized, _) => *rhs,
            (_, ConstantValue::Uninitialized) => *self,
            _ if self == rhs => *self,
            _ => ConstantValue::Unknown,
        }
    }
}

/// The attribute of a constant-like op, from its folder (MLIR's
/// `m_Constant`).
pub fn constant_attr(ir: &mut Ir, op: OpId) -> Option<Attribute> {
    if !ir.has_trait(op, OpTraits::CONSTANT_LIKE) {
        return None;
    }
    let fold = ir.op_info(op)?.fold?;
    match fold(ir, op, &[]) {
        FoldOutcome::Results(rs) if rs.len() == 1 => match rs[0] {
            OpFoldResult::Attr(a) => Some(a),
            OpFoldResult::Value(_) => None,
        },
        _ => None,
    }
}

/// The transfer of sparse constant propagation.
#[derive(Default)]
pub struct ConstantPropagation;

/// Sparse constant propagation as a solver analysis.
pub type SparseConstantPropagation = sparse::SparseForward<ConstantPropagation>;

impl SparseConstantPropagation {
    /// A new analysis.
    pub fn new() -> Self {
        sparse::SparseForward(ConstantPropagation)
    }
}

impl Default for SparseConstantPropagation {
    fn default() -> Self {
        Self::new()
    }
}

impl SparseForwardTransfer for ConstantPropagation {
    type Value = ConstantValue;

    fn set_to_entry_state(&mut self, cx: &mut Cx<'_>, ir: &Ir, lattice: StateId) {
        let changed = cx.get_mut::<Lattice<ConstantValue>>(lattice).join(&ConstantValue::Unknown);
        cx.propagate(ir, lattice, changed);
    }

    fn visit_operation(&mut self, cx: &mut Cx<'_>, ir: &mut Ir, op: OpId, operands: &[StateId], results: &[StateId]) {
        // A region op's fold might not be out-of-place; do not simulate it.
        if !ir.regions(op).is_empty() {
            return results.iter().for_each(|&r| self.set_to_entry_state(cx, ir, r));
        }
        let mut constants = Vec::with_capacity(operands.len());
        for &o in operands {
            match *cx.get::<Lattice<ConstantValue>>(o).value() {
                ConstantValue::Uninitialized => return,
                ConstantValue::Unknown => constants.push(None),
                ConstantValue::Known(a) => constants.push(Some(a)),
            }
        }
        let Some(fold) = ir.op_info(op).and_then(|i| i.fold) else {
            return results.iter().for_each(|&r| self.set_to_entry_state(cx, ir, r));
        };
        let (operands_before, attrs_before, props_before) = (ir.operand_vec(op), ir.attrs(op).to_vec(), ir.props(op));
        match fold(ir, op, &constants) {
            FoldOutcome::Results(rs) if rs.len() == results.len() => {
                for (r, &l) in rs.into_iter().zip(results) {
                    match r {
                        OpFoldResult::Attr(a) => {
                            let changed = cx.get_mut::<Lattice<ConstantValue>>(l).join(&ConstantValue::Known(a));
                            cx.propagate(ir, l, changed);
                        }
                        OpFoldResult::Value(v) => {
                            let src = sparse::lattice::<ConstantValue>(cx, v);
                            sparse::join::<ConstantValue>(cx, ir, l, src);
                        }
                    }
                }
            }
            outcome => {
                if outcome == FoldOutcome::InPlace {
                    ir.set_operands(op, &operands_before);
                    ir.set_attrs(op, &attrs_before);
                    ir.set_props(op, props_before);
                }
                results.iter().for_each(|&r| self.set_to_entry_state(cx, ir, r));
            }
        }
    }
}
