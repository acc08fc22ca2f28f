//! Randomized check of the verifier's dominance walk: generated functions
//! with nested regions of every kind whose ops use values of their own and
//! of enclosing regions, defined before or after the use (so many inputs
//! are invalid). The O(1)-per-operand walk must give the verdict and the
//! error of the reference walk (MLIR's formulation, walking up the
//! nesting); when mlir-opt-19 is installed, a sample is also checked
//! against its verdict.

use ir::verifier::{verify, verify_dominance, verify_dominance_reference, VerifyOptions};
use std::fmt::Write;
use std::sync::Arc;
use syntax::op_parser::{parse_source, ParseOptions};

mod common;
use common::Rng;

/// An op of the generated tree: a result name, what it holds and the
/// names it uses (chosen when printing, from the enclosing scopes).
struct Op {
    result: String,
    kind: Kind,
    regions: Vec<Region>,
    operands: usize,
}

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Plain,
    /// `u.region`: unregistered, any number of blocks.
    Unregistered,
    /// `scf.execute_region`: registered, SSA dominance.
    ExecuteRegion,
    /// `builtin.module`: graph region, isolated from above.
    Module,
}

struct Block {
    args: Vec<String>,
    ops: Vec<Op>,
    /// Successor block indices of the terminator.
    succs: Vec<usize>,
}

struct Region {
    blocks: Vec<Block>,
}

struct Gen {
    rng: Rng,
    next: u32,
}

impl Gen {
    fn name(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }

    fn region(&mut self, blocks: usize, depth: u32, entry_args: bool) -> Region {
        let blocks = (0..blocks)
            .map(|i| {
                let nargs = if (i > 0 || entry_args) && self.rng.chance(30) { 1 } else { 0 };
                let args = (0..nargs).map(|_| self.name()).collect();
                let ops = (0..self.rng.below(4)).map(|_| self.op(depth)).collect();
                let succs = if blocks > 1 {
                    match self.rng.below(3) {
                        0 => vec![1 + self.rng.below(blocks as u64 - 1) as usize],
                        1 => (0..2).map(|_| 1 + self.rng.below(blocks as u64 - 1) as usize).collect(),
                        _ => Vec::new(),
                    }
                } else {
                    Vec::new()
                };
                Block { args, ops, succs }
            })
            .collect();
        Region { blocks }
    }

    fn op(&mut self, depth: u32) -> Op {
        let result = self.name();
        let operands = if self.rng.chance(35) { 1 + self.rng.below(2) as usize } else { 0 };
        if depth >= 4 || self.rng.chance(60) {
            return Op { result, kind: Kind::Plain, regions: Vec::new(), operands };
        }
        let (kind, regions) = match self.rng.below(3) {
            0 => {
                let n = 1 + self.rng.below(2);
                let regions = (0..n)
                    .map(|_| {
                        // Mostly single blocks: graph-like when unregistered.
                        let blocks = [1, 1, 1, 0, 2][self.rng.below(5) as usize];
                        self.region(blocks, depth + 1, true)
                    })
                    .collect();
                (Kind::Unregistered, regions)
            }
            1 => {
                let blocks = 1 + self.rng.below(2) as usize;
                (Kind::ExecuteRegion, vec![self.region(blocks, depth + 1, false)])
            }
            _ => (Kind::Module, vec![self.region(1, depth + 1, false)]),
        };
        let operands = if kind == Kind::Unregistered { operands.min(1) } else { 0 };
        Op { result, kind, regions, operands }
    }
}

/// Prints the tree; operands are names of the enclosing regions (the
/// parser's scopes), picked at random.
struct Printer<'a> {
    rng: &'a mut Rng,
    out: String,
    scopes: Vec<Vec<String>>,
}

impl Printer<'_> {
    fn region(&mut self, r: &Region, terminators: bool, isolated: bool) {
        let outer = if isolated { std::mem::take(&mut self.scopes) } else { Vec::new() };
        let mut names = Vec::new();
        for b in &r.blocks {
            names.extend(b.args.iter().cloned());
            names.extend(b.ops.iter().filter(|o| o.kind != Kind::Module).map(|o| o.result.clone()));
        }
        self.scopes.push(names);
        self.out.push_str("{\n");
        for (i, b) in r.blocks.iter().enumerate() {
            if i > 0 || !b.args.is_empty() {
                let _ = write!(self.out, "^bb{i}");
                if !b.args.is_empty() {
                    let args: Vec<String> = b.args.iter().map(|a| format!("{a}: i32")).collect();
                    let _ = write!(self.out, "({})", args.join(", "));
                }
                self.out.push_str(":\n");
            }
            for o in &b.ops {
                self.op(o);
            }
            if terminators {
                let succs: Vec<String> = b.succs.iter().map(|s| format!("^bb{s}")).collect();
                if succs.is_empty() {
                    self.out.push_str("\"u.term\"() : () -> ()\n");
                } else {
                    let _ = writeln!(self.out, "\"u.br\"()[{}] : () -> ()", succs.join(", "));
                }
            }
        }
        self.out.push('}');
        self.scopes.pop();
        if isolated {
            self.scopes = outer;
        }
    }

    fn op(&mut self, o: &Op) {
        let visible: Vec<&String> = self.scopes.iter().flatten().collect();
        let operands: Vec<String> = if visible.is_empty() {
            Vec::new()
        } else {
            (0..o.operands).map(|_| visible[self.rng.below(visible.len() as u64) as usize].clone()).collect()
        };
        let types = vec!["i32"; operands.len()].join(", ");
        let (name, result, ty) = match o.kind {
            Kind::Plain => ("u.op", true, "i32"),
            Kind::Unregistered => ("u.region", true, "i32"),
            Kind::ExecuteRegion => ("scf.execute_region", true, "i32"),
            Kind::Module => ("builtin.module", false, ""),
        };
        let operands = if o.kind == Kind::Module { String::new() } else { operands.join(", ") };
        let types = if o.kind == Kind::Module { String::new() } else { types };
        if result {
            let _ = write!(self.out, "{} = ", o.result);
        }
        let _ = write!(self.out, "\"{name}\"({operands}) ");
        if !o.regions.is_empty() {
            self.out.push('(');
            for (k, r) in o.regions.iter().enumerate() {
                if k > 0 {
                    self.out.push_str(", ");
                }
                let barrier = o.kind == Kind::Module && self.rng.chance(80);
                self.region(r, o.kind != Kind::Module, barrier);
            }
            self.out.push_str(") ");
        }
        let _ = writeln!(self.out, ": ({types}) -> ({ty})");
    }
}

fn generate(seed: u64) -> String {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut out = String::new();
    for f in 0..2 {
        let mut g = Gen { rng: Rng(rng.next() | 1), next: 1000 * f };
        let blocks = 1 + g.rng.below(3) as usize;
        let body = g.region(blocks, 0, false);
        let mut p = Printer { rng: &mut rng, out: String::new(), scopes: Vec::new() };
        p.region(&body, true, true);
        let _ =
            writeln!(out, "\"func.func\"() <{{function_type = () -> (), sym_name = \"f{f}\"}}> ({}) : () -> ()", p.out);
    }
    out
}

#[test]
fn constant_time_walk_matches_the_reference() {
    let ctx = Arc::new(dialects::new_context());
    let (mut valid, mut invalid) = (0, 0);
    for seed in 0..3000u64 {
        let src = generate(seed);
        let m = match parse_source(&ctx, &src, "gen.mlir", ParseOptions { allow_unregistered: true }) {
            Ok(m) => m,
            Err(d) => panic!("generated input does not parse: {}\n{src}", d.message),
        };
        let fast = verify_dominance(&m.ir, m.top);
        let slow = verify_dominance_reference(&m.ir, m.top);
        match (&fast, &slow) {
            (Ok(()), Ok(())) => valid += 1,
            (Err(a), Err(b)) if a.message == b.message && a.loc == b.loc => invalid += 1,
            _ => panic!(
                "fast {:?} vs reference {:?} on\n{src}",
                fast.err().map(|d| d.message),
                slow.err().map(|d| d.message)
            ),
        }
    }
    assert!(valid > 300 && invalid > 300, "{valid} valid, {invalid} invalid");
}

/// The verdict of the whole verifier agrees with mlir-opt-19's on a
/// sample (skipped without mlir-opt-19 unless `BUFOPT_REQUIRE_MLIR` is set).
#[test]
fn verdicts_match_mlir_opt_19() {
    let have = std::process::Command::new("mlir-opt-19")
        .arg("--version")
        .stdout(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !have {
        assert!(std::env::var_os("BUFOPT_REQUIRE_MLIR").is_none(), "mlir-opt-19 is required");
        println!("skipped: mlir-opt-19 not installed");
        return;
    }
    let ctx = Arc::new(dialects::new_context());
    // Many inputs in one mlir-opt-19 run: chunks split as -split-input-file does.
    let seeds: Vec<u64> = (5000..5600).collect();
    let mut text = String::new();
    let mut ours = Vec::new();
    for (i, &seed) in seeds.iter().enumerate() {
        let src = generate(seed);
        let m = parse_source(&ctx, &src, "gen.mlir", ParseOptions { allow_unregistered: true }).expect("parses");
        let opts = VerifyOptions { allow_unregistered: true, ..Default::default() };
        ours.push(verify(&m.ir, m.top, opts).is_ok());
        if i > 0 {
            text.push_str("// -----\n");
        }
        text.push_str(&src);
    }
    let dir = std::env::temp_dir().join(format!("bufopt-verifier-random-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("gen.mlir");
    std::fs::write(&file, &text).expect("write input");
    let out = std::process::Command::new("mlir-opt-19")
        .args(["--allow-unregistered-dialect", "-split-input-file", "--mlir-disable-threading", "-o", "/dev/null"])
        .arg(&file)
        .output()
        .expect("runs mlir-opt-19");
    let _ = std::fs::remove_dir_all(&dir);
    // Errors name their chunk by the line of the separator before it
    // (`within split at gen.mlir:<line> offset ...`); the first chunk's
    // errors are plain `gen.mlir:<line>:<col>: error:`.
    let stderr = String::from_utf8_lossy(&out.stderr);
    let seps: Vec<usize> = text.lines().enumerate().filter(|(_, l)| *l == "// -----").map(|(n, _)| n + 1).collect();
    let mut theirs = vec![true; seeds.len()];
    for line in stderr.lines().filter(|l| l.contains(": error: ")) {
        let chunk = match line.strip_prefix("within split at ") {
            Some(rest) => {
                let n = rest.split("gen.mlir:").nth(1).and_then(|r| r.split(' ').next()).and_then(|n| n.parse().ok());
                match n {
                    Some(1) => 0,
                    Some(n) => match seps.iter().position(|&s| s == n) {
                        Some(i) => i + 1,
                        None => panic!("unexpected diagnostic: {line}"),
                    },
                    None => panic!("unexpected diagnostic: {line}"),
                }
            }
            None => 0,
        };
        theirs[chunk] = false;
    }
    let mismatches: Vec<u64> =
        seeds.iter().zip(ours.iter().zip(&theirs)).filter(|(_, (a, b))| a != b).map(|(s, _)| *s).collect();
    assert!(mismatches.is_empty(), "verdicts differ from mlir-opt-19 for seeds {mismatches:?}");
    let accepted = ours.iter().filter(|&&x| x).count();
    assert!(accepted > 30 && accepted < seeds.len() - 30, "{accepted} of {} accepted", seeds.len());
}
