//! Parallel printing (`PrintOptions::parallel`) against the serial printer:
//! generated modules large enough to be split into chunks (one huge function
//! with nested, multi-block and argument-carrying regions; many functions in
//! one module) are printed both ways in every printer mode, the texts must
//! be equal byte for byte, and the parallel run must really have printed
//! chunks on the pool and, unless SSA ids are unique across regions, named
//! sibling regions there (counters the printer keeps). A module holding a
//! `distinct` attribute (numbered in print order) must not be printed in
//! parallel.

use std::fmt::Write as _;
use std::sync::Arc;

use ir::Context;
use syntax::op_parser::{parse_source, ParseOptions};
use syntax::printer::{
    parallel_chunks_printed, parallel_naming_chunks, print_module_with_resources, write_module_with_resources,
    PrintOptions,
};

/// One function whose body holds `n` groups of ops: loops with iteration
/// arguments around `scf.if`, a multi-block `scf.execute_region` whose
/// blocks take arguments, a load through a memref with an affine-map layout
/// (an attribute alias), named constants, a multi-result unregistered op,
/// and file, named and fused locations.
fn one_function(n: usize, distinct: bool) -> String {
    let mut s = String::new();
    s.push_str("#map = affine_map<(d0) -> (d0 + 1)>\nmodule {\n");
    s.push_str("  func.func @big(%arg0: i32, %arg1: i32, %c: i1, %m: memref<8xf32, #map>) -> i32 {\n");
    s.push_str("    %c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index\n");
    s.push_str("    %c4 = arith.constant 4 : index\n    %a0 = arith.addi %arg0, %arg1 : i32\n");
    if distinct {
        s.push_str("    \"test.tag\"() {d = distinct[0]<42 : i32>} : () -> ()\n");
    }
    for i in 1..=n {
        let p = i - 1;
        let _ = writeln!(s, "    %k{i} = arith.constant {i} : i32 loc(\"gen.mlir\":{i}:5)");
        let _ = writeln!(s, "    %b{i} = arith.addi %a{p}, %k{i} : i32 loc(\"step{}\"(\"gen.mlir\":{i}:9))", i % 7);
        let _ = writeln!(
            s,
            "    %f{i} = scf.for %iv = %c0 to %c4 step %c1 iter_args(%acc = %b{i}) -> (i32) {{\n      \
             %t = arith.xori %acc, %arg0 : i32\n      %u = scf.if %c -> (i32) {{\n        \
             %w = arith.muli %t, %t : i32 loc(fused[\"gen.mlir\":{i}:1, \"other.mlir\":2:{}])\n        \
             scf.yield %w : i32\n      }} else {{\n        scf.yield %t : i32\n      }}\n      \
             scf.yield %u : i32\n    }}",
            i % 5
        );
        let _ = writeln!(
            s,
            "    %r{i} = scf.execute_region -> i32 {{\n      cf.cond_br %c, ^bb1, ^bb2(%f{i} : i32)\n    \
             ^bb1:\n      cf.br ^bb2(%b{i} : i32)\n    ^bb2(%x: i32):\n      scf.yield %x : i32\n    }}"
        );
        let _ = writeln!(s, "    %l{i} = memref.load %m[%c0] : memref<8xf32, #map>");
        let _ = writeln!(s, "    %q{i}:2 = \"test.pair\"(%r{i}) : (i32) -> (i32, i32)");
        let _ = writeln!(s, "    %a{i} = arith.subi %q{i}#1, %q{i}#0 : i32");
    }
    let _ = writeln!(s, "    return %a{n} : i32\n  }}\n}}");
    s
}

/// `n` functions of a few dozen ops each, with block arguments and a
/// multi-block body.
fn many_functions(n: usize) -> String {
    let mut s = String::from("module {\n");
    for f in 0..n {
        let _ = writeln!(s, "  func.func @f{f}(%x: i32, %y: i32, %c: i1) -> i32 {{");
        s.push_str("    %z = arith.constant 0 : i32\n    cf.cond_br %c, ^bb1(%x : i32), ^bb2\n  ^bb1(%v: i32):\n");
        for i in 0..20 {
            let prev = if i == 0 { "%v".to_string() } else { format!("%v{}", i - 1) };
            let _ = writeln!(s, "    %v{i} = arith.muli {prev}, %y : i32 loc(\"many.mlir\":{f}:{i})");
        }
        s.push_str("    cf.br ^bb2\n  ^bb2:\n    %s = arith.addi %x, %z : i32\n    return %s : i32\n  }\n");
    }
    s.push_str("}\n");
    s
}

/// The printer modes checked: default, generic, with locations (plain and
/// pretty, generic too), unique SSA ids, local scope, skipped regions.
fn modes() -> Vec<(&'static str, PrintOptions)> {
    let d = PrintOptions::default();
    vec![
        ("default", d),
        ("generic", PrintOptions { generic: true, ..d }),
        ("debuginfo", PrintOptions { debug_info: true, ..d }),
        ("generic+debuginfo", PrintOptions { generic: true, debug_info: true, ..d }),
        ("pretty-debuginfo", PrintOptions { debug_info: true, pretty_debuginfo: true, ..d }),
        ("unique-ssa-ids", PrintOptions { unique_ssa_ids: true, ..d }),
        ("local-scope", PrintOptions { local_scope: true, debug_info: true, ..d }),
        ("skip-regions", PrintOptions { skip_regions: true, ..d }),
    ]
}

/// Prints `src` serially and in parallel in every mode (as a string and
/// streamed to a sink); returns the chunks printed in parallel and the
/// chunks of regions named in parallel.
fn check(name: &str, src: &str) -> (u64, u64) {
    let ctx = {
        let mut c = Context::new();
        dialects::register_all(&mut c).expect("registration");
        Arc::new(c)
    };
    let m = parse_source(&ctx, src, name, ParseOptions { allow_unregistered: true })
        .unwrap_or_else(|d| panic!("{name}: {}", d.message));
    let (mut chunks, mut named) = (0, 0);
    for (mode, opts) in modes() {
        let serial_opts = PrintOptions { parallel: false, ..opts };
        let (before, named_before) = (parallel_chunks_printed(), parallel_naming_chunks());
        let serial = print_module_with_resources(&m.ir, m.top, serial_opts, &m.resources);
        assert_eq!(parallel_chunks_printed(), before, "{name} {mode}: serial print used the pool");
        assert_eq!(parallel_naming_chunks(), named_before, "{name} {mode}: serial naming used the pool");
        let par_opts = PrintOptions { parallel: true, ..opts };
        let par = print_module_with_resources(&m.ir, m.top, par_opts, &m.resources);
        let mut streamed = Vec::new();
        write_module_with_resources(&m.ir, m.top, par_opts, &m.resources, &mut streamed).expect("write to a Vec");
        let got = parallel_chunks_printed() - before;
        if got == 0 {
            assert_eq!(par, serial, "{name} {mode}");
        } else if par != serial {
            let line = serial.lines().zip(par.lines()).position(|(a, b)| a != b);
            panic!("{name} {mode}: parallel print differs from serial (first at line {line:?})");
        }
        assert!(streamed == serial.as_bytes(), "{name} {mode}: streamed parallel print differs");
        chunks += got;
        let n = parallel_naming_chunks() - named_before;
        if opts.generic || opts.unique_ssa_ids {
            assert_eq!(n, 0, "{name} {mode}: unique SSA ids were numbered in parallel");
        }
        named += n;
    }
    (chunks, named)
}

#[test]
fn parallel_print_equals_serial() {
    // A pool of four, whatever the machine's cores: the printer only splits
    // a block when the pool has at least two threads.
    let pool = rayon::ThreadPoolBuilder::new().num_threads(4).build().expect("rayon pool");
    pool.install(|| {
        let one = one_function(700, false);
        assert!(one.contains("#map") && one.contains("^bb2(%x: i32)") && one.contains(":2 = "));
        let (chunks, named) = check("one", &one);
        // 8 modes; every mode but skip-regions splits the function body
        // (8 chunks per thread: 32), twice (string and stream).
        assert!(chunks >= 7 * 2 * 16, "one: only {chunks} chunks printed in parallel");
        // The regions nested in the function body are named in parallel in
        // the 5 modes without unique ids, twice each.
        assert!(named >= 5 * 2 * 16, "one: only {named} chunks of regions named in parallel");

        let (chunks, named) = check("many", &many_functions(300));
        // Every mode splits the module body (300 functions).
        assert!(chunks >= 8 * 2 * 16, "many: only {chunks} chunks printed in parallel");
        assert!(named >= 5 * 2 * 16, "many: only {named} chunks of functions named in parallel");

        // `distinct` attributes are numbered in print order: never printed
        // in parallel (naming does not depend on them).
        let (chunks, _) = check("distinct", &one_function(700, true));
        assert_eq!(chunks, 0, "a module with a distinct attribute was printed in parallel");
    });
}
