//! The dealloc and clone lowering passes called directly: the root-op check,
//! the two errors of a general dealloc on a function (in order, each naming
//! the op), and a helper built once per symbol table.

use bufferization::bufferization_to_memref::BufferizationToMemRef;
use bufferization::lower_deallocations::LowerDeallocations;
use transforms::pass::{Pass, PassContext};

const GENERAL: &str = r#"
memref.global "private" @g : memref<2xf32> = dense<0.0>
func.func @f(%a: memref<2xf32>, %b: memref<2xf32>, %c: i1) {
  bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%c, %c)
  bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%c, %c)
  return
}
"#;

#[test]
fn root_must_be_a_module_or_a_function() {
    for pass in [&LowerDeallocations as &dyn Pass, &BufferizationToMemRef] {
        let mut m = testkit::parse(GENERAL);
        let global = m.op("memref.global", 0);
        let err = pass.run(&mut m.ir, global, &mut PassContext::new()).expect_err("a global is no root");
        assert_eq!(err.message, "root operation must be a builtin.module or a function");
    }
}

#[test]
fn general_dealloc_on_a_function_reports_two_errors_at_the_first_dealloc() {
    for pass in [&LowerDeallocations as &dyn Pass, &BufferizationToMemRef] {
        let mut m = testkit::parse(GENERAL);
        let f = m.op("func.func", 0);
        let first = m.op("bufferization.dealloc", 0);
        let err = pass.run(&mut m.ir, f, &mut PassContext::new()).expect_err("needs the helper");
        let seq = err.into_sequence();
        let messages: Vec<&str> = seq.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "library function required for generic lowering, but cannot be automatically inserted when \
                 operating on functions",
                "failed to legalize operation 'bufferization.dealloc' that was explicitly marked illegal",
            ]
        );
        assert!(seq.iter().all(|d| d.op == Some(first)));
    }
}

#[test]
fn one_helper_per_symbol_table() {
    let mut m = testkit::parse(GENERAL);
    let top = m.top;
    LowerDeallocations.run(&mut m.ir, top, &mut PassContext::new()).expect("lowers on a module");
    assert!(m.all("bufferization.dealloc").is_empty());
    assert_eq!(m.all("func.call").len(), 2);
    let helpers: Vec<_> = m
        .all("func.func")
        .into_iter()
        .filter(|&f| m.ir.symbol_name(f).is_some_and(|n| m.ir.ctx().str(n) == "dealloc_helper"))
        .collect();
    assert_eq!(helpers.len(), 1);
    // It is the module's last op, private.
    let body = m.ir.entry_block(m.ir.regions(top)[0]).expect("module body");
    assert_eq!(m.ir.last_op(body), Some(helpers[0]));
    assert!(m.print().contains("func.func private @dealloc_helper("));
    m.verify(false).expect("the lowered module verifies");
}
