//! Unit tests of the `index` dialect's attribute helpers.

use super::CmpPredicate;
use ir::Context;

#[test]
fn predicate_attribute_round_trips() {
    let ctx = Context::new();
    for i in 0..10 {
        let p = CmpPredicate::from_index(i).unwrap();
        assert_eq!(CmpPredicate::from_attr(&ctx, p.attr(&ctx)), Some(p));
    }
    assert_eq!(CmpPredicate::from_index(10), None);
}
