//! The verifier split over the rayon pool (`VerifyOptions::parallel`)
//! accepts what the serial verifier accepts and, when something is wrong,
//! gives the serial verifier's diagnostic: the first error in its order,
//! also when several chunks hold errors.

use std::sync::Arc;
use syntax::op_parser::{parse_source, ParseOptions};

/// A function of `n` groups of ops (straight-line arithmetic, an `scf.if`
/// and an `scf.for` each), `extra` inserted before group `k` for each
/// `(k, extra)`, in a module with a second, small function when `two`.
fn program(n: usize, inserts: &[(usize, &str)], two: bool) -> String {
    let mut s = String::from("module {\n  func.func @big(%a: i32, %b: i32, %c: i1) -> i32 {\n");
    s.push_str("    %lb = arith.constant 0 : index\n    %ub = arith.constant 4 : index\n");
    s.push_str("    %st = arith.constant 1 : index\n    %v0 = arith.addi %a, %b : i32\n");
    for g in 0..n {
        for &(k, extra) in inserts {
            if k == g {
                s.push_str(extra);
            }
        }
        let p = format!("%v{g}");
        s.push_str(&format!("    %w{g} = arith.muli {p}, %a : i32\n"));
        s.push_str(&format!("    %i{g} = scf.if %c -> (i32) {{\n      %t{g} = arith.addi %w{g}, %b : i32\n"));
        s.push_str(&format!("      scf.yield %t{g} : i32\n    }} else {{\n      scf.yield {p} : i32\n    }}\n"));
        s.push_str(&format!(
            "    %f{g} = scf.for %iv{g} = %lb to %ub step %st iter_args(%acc{g} = %i{g}) -> (i32) {{\n"
        ));
        s.push_str(&format!("      %u{g} = arith.xori %acc{g}, %w{g} : i32\n      scf.yield %u{g} : i32\n    }}\n"));
        s.push_str(&format!("    %v{} = arith.addi %f{g}, %b : i32\n", g + 1));
    }
    s.push_str(&format!("    return %v{n} : i32\n  }}\n"));
    if two {
        s.push_str("  func.func @small(%a: i32) -> i32 {\n    return %a : i32\n  }\n");
    }
    s.push_str("}\n");
    s
}

/// The verdicts of the serial and the parallel verifier on `text`, and
/// whether the parallel fast path alone accepted it.
fn verdicts(text: &str) -> (Result<(), String>, Result<(), String>, bool) {
    let ctx = Arc::new(dialects::new_context());
    let parsed = parse_source(&ctx, text, "input.mlir", ParseOptions { allow_unregistered: false }).expect("parses");
    let render = |r: Result<(), ir::Diagnostic>| {
        r.map_err(|d| {
            let notes: Vec<String> = d.notes.iter().map(|n| format!("{:?}: {}", n.loc, n.message)).collect();
            format!("{:?}: {} [{}] op={:?}", d.loc, d.message, notes.join("; "), d.op)
        })
    };
    let serial = ir::verifier::VerifyOptions::default();
    let parallel = ir::verifier::VerifyOptions { parallel: true, ..serial };
    let s = render(ir::verifier::verify(&parsed.ir, parsed.top, serial));
    let p = render(ir::verifier::verify(&parsed.ir, parsed.top, parallel));
    let fast = ir::verifier::verify_in_parallel(&parsed.ir, parsed.top, parallel);
    (s, p, fast)
}

/// Enough groups for the parallel path (7 top-level ops and 6 nested ones
/// per group).
const GROUPS: usize = 600;

fn pool_has_threads() -> bool {
    rayon::current_num_threads() > 1
}

#[test]
fn valid_ir_passes_on_the_parallel_path() {
    for two in [false, true] {
        let (s, p, fast) = verdicts(&program(GROUPS, &[], two));
        assert_eq!(s, Ok(()));
        assert_eq!(p, Ok(()));
        assert_eq!(fast, pool_has_threads(), "large bodies take the parallel path");
    }
}

#[test]
fn small_ir_stays_serial() {
    let (s, p, fast) = verdicts(&program(20, &[], true));
    assert_eq!(s, Ok(()));
    assert_eq!(p, Ok(()));
    assert!(!fast, "below the threshold the verifier stays serial");
}

#[test]
fn errors_are_the_serial_ones() {
    // A use before its definition in the function body, in a nested
    // region, an op verifier's error, and two errors far apart (the first
    // one in the serial order must win).
    let late_use = "    %bad = arith.addi %late, %a : i32\n    %late = arith.addi %a, %a : i32\n";
    let nested_use = "    %n = scf.if %c -> (i32) {\n      %q = arith.addi %later, %a : i32\n      scf.yield %q : i32\n    } else {\n      scf.yield %a : i32\n    }\n    %later = arith.addi %a, %b : i32\n";
    let bad_op = "    %e = \"arith.addi\"(%a, %b) : (i32, i32) -> i64\n";
    let cases: Vec<Vec<(usize, &str)>> = vec![
        vec![(GROUPS / 2, late_use)],
        vec![(GROUPS - 3, nested_use)],
        vec![(GROUPS / 3, bad_op)],
        vec![(GROUPS - 10, late_use), (10, bad_op)],
        vec![(GROUPS - 10, bad_op), (10, nested_use)],
        vec![(GROUPS - 5, late_use), (5, nested_use)],
    ];
    for inserts in cases {
        let (s, p, fast) = verdicts(&program(GROUPS, &inserts, true));
        assert!(s.is_err(), "the serial verifier finds the error ({inserts:?})");
        assert_eq!(s, p, "same diagnostic ({inserts:?})");
        assert!(!fast, "the parallel path does not accept invalid IR ({inserts:?})");
    }
}

/// A function of `n` diamonds in unstructured control flow (a block of two
/// ops that branches to a block of two ops or straight on, 4n + 2 ops in
/// 2n + 2 blocks), `extra` placed at the start of join block `k` for each
/// `(k, extra)`. The parallel verifier's chunks then span many blocks.
fn cfg_program(n: usize, inserts: &[(usize, &str)]) -> String {
    let mut s = String::from("module {\n  func.func @cfg(%a: i32, %c: i1) -> i32 {\n    cf.br ^b0(%a : i32)\n");
    for g in 0..n {
        s.push_str(&format!("  ^b{g}(%x{g}: i32):\n"));
        for &(k, extra) in inserts {
            if k == g {
                s.push_str(extra);
            }
        }
        s.push_str(&format!("    %y{g} = arith.addi %x{g}, %a : i32\n"));
        s.push_str(&format!("    cf.cond_br %c, ^t{g}, ^b{}(%y{g} : i32)\n", g + 1));
        s.push_str(&format!("  ^t{g}:\n    %z{g} = arith.muli %y{g}, %a : i32\n"));
        s.push_str(&format!("    cf.br ^b{}(%z{g} : i32)\n", g + 1));
    }
    s.push_str(&format!("  ^b{n}(%x{n}: i32):\n    return %x{n} : i32\n  }}\n}}\n"));
    s
}

/// Enough diamonds for the parallel path.
const DIAMONDS: usize = 1200;

#[test]
fn many_blocks_take_the_parallel_path_with_the_serial_errors() {
    let (s, p, fast) = verdicts(&cfg_program(DIAMONDS, &[]));
    assert_eq!(s, Ok(()));
    assert_eq!(p, Ok(()));
    assert_eq!(fast, pool_has_threads(), "a body of many blocks takes the parallel path");
    // A value of a branch used in the join (its block does not dominate
    // the join), a use before its definition in one block, and an op
    // verifier's error, alone and two at once far apart.
    let branch_value = |k: usize| format!("    %bad{k} = arith.addi %z{}, %a : i32\n", k - 1);
    let late_use = "    %l1 = arith.addi %l2, %a : i32\n    %l2 = arith.addi %a, %a : i32\n".to_string();
    let bad_op = "    %e = \"arith.addi\"(%a, %a) : (i32, i32) -> i64\n".to_string();
    let (b1, b2) = (branch_value(DIAMONDS / 2), branch_value(DIAMONDS - 3));
    let cases: Vec<Vec<(usize, &str)>> = vec![
        vec![(DIAMONDS / 2, &b1)],
        vec![(DIAMONDS / 3, &late_use)],
        vec![(DIAMONDS - 7, &bad_op)],
        vec![(DIAMONDS - 3, &b2), (10, &bad_op)],
        vec![(DIAMONDS - 10, &bad_op), (DIAMONDS / 2, &b1)],
    ];
    for inserts in cases {
        let (s, p, fast) = verdicts(&cfg_program(DIAMONDS, &inserts));
        assert!(s.is_err(), "the serial verifier finds the error ({inserts:?})");
        assert_eq!(s, p, "same diagnostic ({inserts:?})");
        assert!(!fast, "the parallel path does not accept invalid IR ({inserts:?})");
    }
}
