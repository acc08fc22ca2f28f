//! Random memref programs through `-buffer-deallocation-pipeline` and the
//! clone-based `-buffer-deallocation`, executed.
//!
//! A small seeded generator (its own xorshift RNG) writes valid memref
//! programs: a `@main` and a few helper functions taking and returning
//! `memref<4xi64>`, with `memref.alloc`/`memref.alloca`, stores and loads,
//! diamonds (`cf.cond_br` to a join block with a memref argument),
//! `cf.switch`, nested `scf.if`/`scf.for` regions with memref results and
//! iteration arguments, subviews, `arith.select` of memrefs, and calls that
//! return fresh or forwarded buffers. Every branch condition and switch flag
//! is computed from buffer contents, so control flow is dynamic. The program
//! prints loaded values with `@printI64`/`@printNewline`.
//!
//! For each seed the test
//! 1. runs the program as generated with `bufopt-run` (it never frees, so
//!    every heap allocation is reported as a leak: their number is the heap
//!    allocation count, and no other error may occur);
//! 2. runs `bufopt -buffer-deallocation-pipeline` on it;
//! 3. runs the result with `bufopt-run --strict --stats`: exit 0 (no leak,
//!    double free, use after free or invalid free), the same printed output,
//!    and as many deallocations as the original made heap allocations
//!    (`--stats` counts `alloca` among allocations, hence the leak count);
//! 4. when `mlir-opt-19` is on `PATH`, checks that it parses and verifies
//!    bufopt's output.
//!
//! Programs with CFG loops (a header block with a memref argument and a
//! back edge) go through the same pipeline spelled out with
//! `ownership-based-buffer-deallocation{allow-unstructured-loops=true}`, as
//! the default one rejects them like upstream. On failure the seed and the
//! program are printed.
//!
//! The same generator, restricted to what the clone-based pass supports
//! ([`CLONE_BASED`]: no CFG loops, no calls, no stores after a buffer's
//! initialisation), drives `-buffer-deallocation`: the result must run under
//! `bufopt-run --strict` with the original output and one deallocation per
//! heap allocation, and equal mlir-opt-19's output apart from the places of
//! the deallocs where upstream frees too early or leaks.
//!
//! Every construct is on by default ([`DEFAULT`]); two of them were known
//! bugs of the pipeline, kept as [`Features`] switches:
//! - `cross_block_region_results`: an `scf.if`/`scf.for` result used in a
//!   successor block without being a branch operand. mlir-opt-19 frees it
//!   before the branch (its liveness does not know the region op that the
//!   pass replaced to add ownership results), a use after free; bufopt's
//!   state follows the replacement and retains it.
//! - `loop_init_any`: a CFG loop entered with any buffer in scope (alloc,
//!   alloca or function argument) that stays live in the loop. The entry
//!   branch retains it twice (forwarded and live into the header), and its
//!   ownership is the first updated condition
//!   (`dialects::dealloc_interfaces::take_retained_ownerships`).

use std::fmt::Write as _;
use std::path::Path;
use testkit::process::{find_on_path, run};

/// Number of seeds the test runs.
const SEEDS: u64 = 200;

/// The memref type every buffer of a generated program has.
const TY: &str = "memref<4xi64>";
/// The type of the subviews the generator takes.
const VIEW_TY: &str = "memref<2xi64, strided<[1], offset: 1>>";

/// xorshift64* generator.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

/// A value in scope.
#[derive(Clone)]
struct Val {
    name: String,
    /// A subview (type [`VIEW_TY`]) rather than a whole buffer.
    view: bool,
    /// May alias stack memory (an `alloca`): must not leave its function.
    stack: bool,
    /// Derived from an `scf.if`/`scf.for` result (see
    /// [`Features::cross_block_region_results`]).
    region: bool,
}

/// Generator state of one program.
struct Gen {
    rng: Rng,
    out: String,
    ssa: usize,
    blocks: usize,
    /// Helpers the function being generated may call (`@h0..@h{n-1}`).
    callable: usize,
    /// Which constructs are generated.
    features: Features,
}

/// Generator switches for constructs (two of them exposed bugs that are
/// fixed; see the module doc).
#[derive(Clone, Copy)]
struct Features {
    /// A helper may return a value that aliases its argument (otherwise it
    /// returns a fresh copy).
    return_arg: bool,
    /// `cf.switch` terminators.
    switch: bool,
    /// `scf.if`/`scf.for` results (and values derived from them) used in
    /// another block than their own without being passed as a block argument.
    cross_block_region_results: bool,
    /// Loops of blocks (a header with a memref argument and a back edge);
    /// such programs go through [`LOOP_PIPELINE`].
    cfg_loops: bool,
    /// A CFG loop may start from any buffer in scope, which may stay live in
    /// the loop (otherwise from a fresh copy of one).
    loop_init_any: bool,
    /// Helper functions and calls to them (helpers return fresh buffers).
    calls: bool,
    /// Stores into buffers after their initialisation (the statement that
    /// stores into any buffer in scope, and `scf.for` storing its induction
    /// variable into the iteration buffer).
    mutate: bool,
}

/// `-buffer-deallocation-pipeline` spelled out, with CFG loops allowed.
const LOOP_PIPELINE: &str = "-pass-pipeline=builtin.module(expand-realloc{emit-deallocs=false},canonicalize,\
ownership-based-buffer-deallocation{allow-unstructured-loops=true},canonicalize,\
buffer-deallocation-simplification,bufferization-lower-deallocations,cse,canonicalize)";

/// What the test generates.
const DEFAULT: Features = Features {
    return_arg: true,
    switch: true,
    cross_block_region_results: true,
    cfg_loops: true,
    loop_init_any: true,
    calls: true,
    mutate: true,
};

/// What the clone-based `-buffer-deallocation` test generates: no CFG
/// loops (the pass rejects them, as mlir-opt-19's), no calls (the pass
/// frees no call result, so a helper's fresh buffer would leak; the callee
/// does not free what it returns) and no stores after a buffer's
/// initialisation (the pass clones buffers where they merge, which assumes,
/// as its document says, that "buffers are essentially immutable after
/// their creation": a store into an iteration buffer would go to a clone).
const CLONE_BASED: Features = Features {
    return_arg: false,
    switch: true,
    cross_block_region_results: true,
    cfg_loops: false,
    loop_init_any: false,
    calls: false,
    mutate: false,
};

impl Gen {
    fn fresh(&mut self) -> String {
        self.ssa += 1;
        format!("%v{}", self.ssa)
    }
    fn block(&mut self) -> String {
        self.blocks += 1;
        format!("^bb{}", self.blocks)
    }
    fn line(&mut self, s: &str) {
        self.out.push_str("  ");
        self.out.push_str(s);
        self.out.push('\n');
    }
    fn index(&mut self, v: usize) -> String {
        let c = self.fresh();
        self.line(&format!("{c} = arith.constant {v} : index"));
        c
    }
    fn i64c(&mut self, v: usize) -> String {
        let c = self.fresh();
        self.line(&format!("{c} = arith.constant {v} : i64"));
        c
    }
    fn pick(&mut self, scope: &[Val], view: bool, allow_stack: bool) -> Option<Val> {
        let cands: Vec<&Val> = scope.iter().filter(|v| v.view == view && (allow_stack || !v.stack)).collect();
        (!cands.is_empty()).then(|| cands[self.rng.below(cands.len())].clone())
    }
    fn buf(&mut self, scope: &[Val]) -> Val {
        self.pick(scope, false, true).expect("a buffer is always in scope")
    }
    /// A buffer or (sometimes) a view in scope.
    fn any(&mut self, scope: &[Val]) -> Val {
        let view = self.rng.chance(30);
        self.pick(scope, view, true).unwrap_or_else(|| self.buf(scope))
    }
    /// Loads a random element of `v`.
    fn load(&mut self, v: &Val) -> String {
        let (ty, n) = if v.view { (VIEW_TY, 2) } else { (TY, 4) };
        let i = self.rng.below(n);
        let c = self.index(i);
        let x = self.fresh();
        self.line(&format!("{x} = memref.load {}[{c}] : {ty}", v.name));
        x
    }
    fn store(&mut self, v: &Val, value: &str) {
        let (ty, n) = if v.view { (VIEW_TY, 2) } else { (TY, 4) };
        let i = self.rng.below(n);
        let c = self.index(i);
        self.line(&format!("memref.store {value}, {}[{c}] : {ty}", v.name));
    }
    fn print(&mut self, v: &Val) {
        let x = self.load(v);
        self.line(&format!("func.call @printI64({x}) : (i64) -> ()"));
        self.line("func.call @printNewline() : () -> ()");
    }
    /// A new initialized buffer: `memref.alloc` or (when `stack`) `memref.alloca`.
    fn alloc(&mut self, stack: bool) -> Val {
        let m = self.fresh();
        let op = if stack { "alloca" } else { "alloc" };
        self.line(&format!("{m} = memref.{op}() : {TY}"));
        for i in 0..4 {
            let v = self.rng.below(8);
            let x = self.i64c(v);
            let c = self.index(i);
            self.line(&format!("memref.store {x}, {m}[{c}] : {TY}"));
        }
        Val { name: m, view: false, stack, region: false }
    }
    /// A dynamic `i1`: an element of a buffer compared with a constant.
    fn cond(&mut self, scope: &[Val]) -> String {
        let b = self.buf(scope);
        let x = self.load(&b);
        let k = self.rng.below(8);
        let k = self.i64c(k);
        let c = self.fresh();
        self.line(&format!("{c} = arith.cmpi slt, {x}, {k} : i64"));
        c
    }
    /// A buffer to yield, return or branch with: any non-view value, stack
    /// ones only when `allow_stack`; sometimes a fresh allocation.
    fn result(&mut self, scope: &[Val], allow_stack: bool) -> Val {
        if self.rng.chance(35) {
            return self.alloc(false);
        }
        match self.pick(scope, false, allow_stack) {
            Some(v) => v,
            None => self.alloc(false),
        }
    }

    /// Emits `n` statements; `top` allows CFG constructs (the current
    /// position is a block of the function's region, not of an scf region).
    fn stmts(&mut self, scope: &mut Vec<Val>, n: usize, depth: usize, top: bool) {
        for _ in 0..n {
            self.stmt(scope, depth, top);
        }
    }

    fn stmt(&mut self, scope: &mut Vec<Val>, depth: usize, top: bool) {
        let kinds = if depth == 0 {
            6
        } else if !top {
            9
        } else {
            10 + usize::from(self.features.switch) + usize::from(self.features.cfg_loops)
        };
        match self.rng.below(kinds) {
            0 => {
                let stack = top && self.rng.chance(25);
                let v = self.alloc(stack);
                scope.push(v);
            }
            1 if !self.features.mutate => {
                let b = self.any(scope);
                self.print(&b);
            }
            1 => {
                let b = self.any(scope);
                let k = self.rng.below(8);
                let k = self.i64c(k);
                self.store(&b, &k);
            }
            2 | 3 => {
                let b = self.any(scope);
                self.print(&b);
            }
            4 => {
                let b = self.buf(scope);
                let s = self.fresh();
                self.line(&format!("{s} = memref.subview {}[1] [2] [1] : {TY} to {VIEW_TY}", b.name));
                scope.push(Val { name: s, view: true, stack: b.stack, region: b.region });
            }
            5 => {
                let c = self.cond(scope);
                let a = self.buf(scope);
                let b = self.buf(scope);
                let s = self.fresh();
                self.line(&format!("{s} = arith.select {c}, {}, {} : {TY}", a.name, b.name));
                scope.push(Val { name: s, view: false, stack: a.stack || b.stack, region: a.region || b.region });
            }
            6 => self.scf_if(scope, depth),
            7 => self.scf_for(scope, depth),
            8 => self.call(scope),
            9 => self.diamond(scope, depth),
            10 if self.features.switch => self.switch(scope, depth),
            _ => self.cfg_loop(scope, depth),
        }
    }

    fn call(&mut self, scope: &mut Vec<Val>) {
        if self.callable == 0 {
            return;
        }
        let h = self.rng.below(self.callable);
        let mut a = self.buf(scope);
        if self.features.return_arg {
            // The helper may return (an alias of) its argument. The
            // function-boundary ABI returns owned results, so the pass
            // clones a returned argument (as mlir-opt-19 does): the result
            // no longer aliases the argument, which only a program that
            // writes through one and reads the other can observe. Such a
            // program is outside the contract of deallocation (One-Shot
            // never emits one), so the argument is a private copy the
            // caller does not use again.
            let copy = self.fresh();
            self.line(&format!("{copy} = memref.alloc() : {TY}"));
            self.line(&format!("memref.copy {}, {copy} : {TY} to {TY}", a.name));
            a = Val { name: copy, view: false, stack: false, region: false };
        }
        let r = self.fresh();
        self.line(&format!("{r} = func.call @h{h}({}) : ({TY}) -> {TY}", a.name));
        scope.push(Val { name: r, view: false, stack: false, region: false });
    }

    /// A nested region: statements in their own scope, then the yielded buffer.
    fn region(&mut self, scope: &mut Vec<Val>, depth: usize) -> Val {
        let mark = scope.len();
        let n = 1 + self.rng.below(3);
        self.stmts(scope, n, depth - 1, false);
        let y = self.result(scope, true);
        scope.truncate(mark);
        y
    }

    fn scf_if(&mut self, scope: &mut Vec<Val>, depth: usize) {
        let c = self.cond(scope);
        let r = self.fresh();
        self.line(&format!("{r} = scf.if {c} -> ({TY}) {{"));
        let a = self.region(scope, depth);
        self.line(&format!("scf.yield {} : {TY}", a.name));
        self.line("} else {");
        let b = self.region(scope, depth);
        self.line(&format!("scf.yield {} : {TY}", b.name));
        self.line("}");
        scope.push(Val { name: r, view: false, stack: a.stack || b.stack, region: true });
    }

    fn scf_for(&mut self, scope: &mut Vec<Val>, depth: usize) {
        let init = self.buf(scope);
        let lb = self.index(0);
        let trips = self.rng.below(4);
        let ub = self.index(trips);
        let st = self.index(1);
        let (r, i, it) = (self.fresh(), self.fresh(), self.fresh());
        self.line(&format!("{r} = scf.for {i} = {lb} to {ub} step {st} iter_args({it} = {}) -> ({TY}) {{", init.name));
        let mark = scope.len();
        // The iteration argument may alias stack memory only if the init does.
        scope.push(Val { name: it.clone(), view: false, stack: init.stack, region: init.region });
        let x = self.fresh();
        self.line(&format!("{x} = arith.index_cast {i} : index to i64"));
        let itv = scope[mark].clone();
        if self.features.mutate {
            self.store(&itv, &x);
        } else {
            let c = self.i64c(0);
            let s = self.fresh();
            self.line(&format!("{s} = arith.addi {x}, {c} : i64"));
        }
        let n = 1 + self.rng.below(3);
        self.stmts(scope, n, depth - 1, false);
        let y = if self.rng.chance(40) {
            let n = self.alloc(false);
            self.line(&format!("memref.copy {it}, {} : {TY} to {TY}", n.name));
            n
        } else {
            self.result(scope, init.stack)
        };
        self.line(&format!("scf.yield {} : {TY}", y.name));
        self.line("}");
        scope.truncate(mark);
        scope.push(Val { name: r, view: false, stack: init.stack || y.stack, region: true });
    }

    /// Ends the current block with `term` (built from the targets' labels
    /// and branch operands), emits each target as a block whose statements
    /// branch to a join block with a memref argument, and continues there.
    fn branches(&mut self, scope: &mut Vec<Val>, depth: usize, targets: usize, term: impl FnOnce(&[String]) -> String) {
        let labels: Vec<String> = (0..targets).map(|_| self.block()).collect();
        let join = self.block();
        let t = term(&labels);
        self.line(&t);
        self.leave_block(scope);
        let mut stack = false;
        for l in &labels {
            self.out.push_str(&format!("{l}:\n"));
            let mark = scope.len();
            let n = 1 + self.rng.below(3);
            self.stmts(scope, n, depth - 1, true);
            let y = self.result(scope, true);
            stack |= y.stack;
            self.line(&format!("cf.br {join}({} : {TY})", y.name));
            scope.truncate(mark);
        }
        let a = self.fresh();
        self.out.push_str(&format!("{join}({a}: {TY}):\n"));
        scope.push(Val { name: a, view: false, stack, region: false });
    }

    /// Drops the values that may not be used in another block (see
    /// [`Features::cross_block_region_results`]); called at each terminator.
    fn leave_block(&mut self, scope: &mut Vec<Val>) {
        if !self.features.cross_block_region_results {
            scope.retain(|v| !v.region);
        }
    }

    /// A loop of blocks: a header with an index and a memref argument, a
    /// body that branches back with a (maybe new) buffer, and an exit.
    fn cfg_loop(&mut self, scope: &mut Vec<Val>, depth: usize) {
        let init = if self.features.loop_init_any {
            self.buf(scope)
        } else {
            let src = self.buf(scope);
            let r = self.fresh();
            self.line(&format!("{r} = memref.alloc() : {TY}"));
            self.line(&format!("memref.copy {}, {r} : {TY} to {TY}", src.name));
            Val { name: r, view: false, stack: false, region: false }
        };
        let (hdr, body, exit) = (self.block(), self.block(), self.block());
        let lb = self.index(0);
        let trips = self.rng.below(4);
        self.line(&format!("cf.br {hdr}({lb}, {} : index, {TY})", init.name));
        self.leave_block(scope);
        let (i, m) = (self.fresh(), self.fresh());
        self.out.push_str(&format!("{hdr}({i}: index, {m}: {TY}):\n"));
        let ub = self.index(trips);
        let c = self.fresh();
        self.line(&format!("{c} = arith.cmpi slt, {i}, {ub} : index"));
        self.line(&format!("cf.cond_br {c}, {body}, {exit}"));
        let carried = Val { name: m, view: false, stack: init.stack, region: false };
        self.out.push_str(&format!("{body}:\n"));
        let mark = scope.len();
        scope.push(carried.clone());
        let x = self.fresh();
        self.line(&format!("{x} = arith.index_cast {i} : index to i64"));
        self.store(&carried, &x);
        let n = 1 + self.rng.below(3);
        self.stmts(scope, n, depth - 1, true);
        let y = if self.rng.chance(40) {
            let n = self.alloc(false);
            self.line(&format!("memref.copy {}, {} : {TY} to {TY}", carried.name, n.name));
            n
        } else {
            self.result(scope, init.stack)
        };
        let one = self.index(1);
        let next = self.fresh();
        self.line(&format!("{next} = arith.addi {i}, {one} : index"));
        self.line(&format!("cf.br {hdr}({next}, {} : index, {TY})", y.name));
        scope.truncate(mark);
        self.out.push_str(&format!("{exit}:\n"));
        scope.push(Val { stack: init.stack || y.stack, ..carried });
    }

    fn diamond(&mut self, scope: &mut Vec<Val>, depth: usize) {
        let c = self.cond(scope);
        self.branches(scope, depth, 2, |l| format!("cf.cond_br {c}, {}, {}", l[0], l[1]));
    }

    fn switch(&mut self, scope: &mut Vec<Val>, depth: usize) {
        let b = self.buf(scope);
        let x = self.load(&b);
        let f = self.fresh();
        self.line(&format!("{f} = arith.trunci {x} : i64 to i32"));
        let cases = 1 + self.rng.below(3);
        let mut vals: Vec<usize> = (0..8).collect();
        for i in 0..cases {
            let j = i + self.rng.below(8 - i);
            vals.swap(i, j);
        }
        self.branches(scope, depth, cases + 1, |l| {
            let mut s = format!("cf.switch {f} : i32, [default: {}", l[0]);
            for (k, l) in l[1..].iter().enumerate() {
                let _ = write!(s, ", {}: {l}", vals[k]);
            }
            s.push(']');
            s
        });
    }

    fn function(&mut self, name: &str, helper: bool) {
        self.blocks = 0;
        let mut scope = Vec::new();
        if helper {
            let arg = self.fresh();
            let vis = if self.rng.chance(50) { "private " } else { "" };
            self.out.push_str(&format!("func.func {vis}@{name}({arg}: {TY}) -> {TY} {{\n"));
            scope.push(Val { name: arg, view: false, stack: false, region: false });
        } else {
            self.out.push_str(&format!("func.func @{name}() {{\n"));
            let a = self.alloc(false);
            scope.push(a);
        }
        let n = 2 + self.rng.below(if helper { 3 } else { 6 });
        self.stmts(&mut scope, n, 3, true);
        if helper {
            let r = if self.features.return_arg {
                self.result(&scope, false)
            } else {
                let src = self.buf(&scope);
                let r = self.fresh();
                self.line(&format!("{r} = memref.alloc() : {TY}"));
                self.line(&format!("memref.copy {}, {r} : {TY} to {TY}", src.name));
                Val { name: r, view: false, stack: false, region: false }
            };
            self.line(&format!("return {} : {TY}", r.name));
        } else {
            for v in scope.clone() {
                self.print(&v);
            }
            self.line("return");
        }
        self.out.push_str("}\n\n");
    }
}

/// The program of `seed`.
fn generate(seed: u64, features: Features) -> String {
    let mut g = Gen { rng: Rng::new(seed), out: String::new(), ssa: 0, blocks: 0, callable: 0, features };
    g.out.push_str("func.func private @printI64(i64)\nfunc.func private @printNewline()\n\n");
    let helpers = if features.calls { g.rng.below(4) } else { 0 };
    for h in 0..helpers {
        g.callable = h;
        g.function(&format!("h{h}"), true);
    }
    g.callable = helpers;
    g.function("main", false);
    g.out
}

/// The `name: N` line of `--stats` output.
fn stat(stderr: &str, name: &str) -> Option<u64> {
    stderr.lines().find_map(|l| l.strip_prefix(name)?.strip_prefix(": ")?.trim().parse().ok())
}

/// Whether some block branches to a block that comes before it in the text
/// (the generator emits every other edge forwards).
fn has_back_edge(program: &str) -> bool {
    let mut seen = std::collections::HashSet::new();
    for line in program.lines() {
        let t = line.trim_start();
        if t.starts_with("func.func") {
            seen.clear();
        }
        if let Some(label) = t.strip_prefix('^') {
            seen.insert(label.split([':', '(']).next().unwrap_or("").to_string());
        } else if t.starts_with("cf.") {
            for target in t.split('^').skip(1) {
                let name = target.split(|c: char| !c.is_ascii_alphanumeric() && c != '_').next().unwrap_or("");
                if seen.contains(name) {
                    return true;
                }
            }
        }
    }
    false
}

/// One generated program written to disk and run once as it is.
struct Prepared {
    program: String,
    src: String,
    out: String,
    /// What the original prints.
    expected: String,
    /// Its stack allocations: every heap allocation of the original leaks,
    /// the rest are allocas.
    stack_allocs: u64,
}

/// Writes the program of `seed` and runs it under `bufopt-run --stats`.
fn prepare(seed: u64, dir: &Path, features: Features, prefix: &str) -> Result<Prepared, String> {
    let bufopt_run = Path::new(env!("CARGO_BIN_EXE_bufopt-run"));
    let src = dir.join(format!("{prefix}{seed}.mlir"));
    let out = dir.join(format!("{prefix}{seed}.dealloc.mlir"));
    let program = generate(seed, features);
    std::fs::write(&src, &program).map_err(|e| e.to_string())?;
    let (src, out) = (src.to_string_lossy().into_owned(), out.to_string_lossy().into_owned());
    let (_, expected, err) = run(bufopt_run, &["--stats", src.as_str()]);
    let errors: Vec<&str> = err.lines().filter(|l| l.contains("error:")).collect();
    if let Some(e) = errors.iter().find(|l| !l.contains("memory leak")) {
        return Err(format!("the original program fails: {e}\n{err}"));
    }
    let stack_allocs = stat(&err, "allocations").ok_or("no --stats output")? - errors.len() as u64;
    Ok(Prepared { program, src, out, expected, stack_allocs })
}

/// Runs bufopt with `pass` on the prepared program, then the result under
/// `bufopt-run --strict --stats` (any leak, double free or use after free
/// fails), and compares its output with the original's. Returns the
/// deallocated program and its (allocations, deallocations).
fn deallocate_and_run(p: &Prepared, pass: &str) -> Result<(String, u64, u64), String> {
    let bufopt = Path::new(env!("CARGO_BIN_EXE_bufopt"));
    let bufopt_run = Path::new(env!("CARGO_BIN_EXE_bufopt-run"));
    let (ok, _, err) = run(bufopt, &[pass, p.src.as_str(), "-o", p.out.as_str()]);
    if !ok {
        return Err(format!("bufopt {pass} fails:\n{err}"));
    }
    let output = std::fs::read_to_string(&p.out).unwrap_or_default();
    let (ok, got, err) = run(bufopt_run, &["--strict", "--stats", p.out.as_str()]);
    if !ok {
        return Err(format!("the deallocated program fails under bufopt-run --strict:\n{err}\n{output}"));
    }
    if got != p.expected {
        return Err(format!("output differs: expected\n{}\ngot\n{got}\n{output}", p.expected));
    }
    let (Some(a), Some(d)) = (stat(&err, "allocations"), stat(&err, "deallocations")) else {
        return Err(format!("no --stats output:\n{err}"));
    };
    Ok((output, a, d))
}

/// Checks one seed through `-buffer-deallocation-pipeline`; `Err` says
/// what went wrong.
fn check(seed: u64, dir: &Path, mlir_opt: Option<&Path>) -> Result<(), String> {
    let p = prepare(seed, dir, DEFAULT, "seed")?;
    let bufopt = Path::new(env!("CARGO_BIN_EXE_bufopt"));
    let pipeline = if has_back_edge(&p.program) { LOOP_PIPELINE } else { "-buffer-deallocation-pipeline" };
    let (output, a, d) = deallocate_and_run(&p, pipeline)?;
    // The pipeline adds clones, so heap allocations are counted again: the
    // strict run already fails on any leak; the statistics must agree.
    // Canonicalization may erase an allocation nobody reads (an alloca
    // too), so the executed allocas are at most the original's.
    if d > a || d + p.stack_allocs < a {
        return Err(format!("allocations {a} ({} of them alloca) but deallocations {d}\n{output}", p.stack_allocs));
    }
    if let Some(m) = mlir_opt {
        let (ok, _, err) = run(m, &[p.out.as_str(), "-o", "/dev/null"]);
        if !ok && !err.contains(SWITCH_PARSER_LIMIT) {
            return Err(format!("mlir-opt-19 rejects bufopt's output:\n{err}\n{output}"));
        }
        if !ok {
            // mlir-opt-19's `cf.switch` parser reads its successor operands
            // without result numbers, so it cannot read back a switch that
            // forwards `%r#0` (a region result once the pass appended its
            // ownership result), not even mlir-opt-19's own output. The
            // generic form spells every operand in the op's operand list:
            // that must parse and verify.
            let generic = format!("{}.generic.mlir", p.out);
            let (ok, _, err) = run(bufopt, &[p.out.as_str(), "--mlir-print-op-generic", "-o", generic.as_str()]);
            if !ok {
                return Err(format!("bufopt cannot print its output in generic form:\n{err}"));
            }
            let (ok, _, err) = run(m, &[generic.as_str(), "-o", "/dev/null"]);
            if !ok {
                return Err(format!("mlir-opt-19 rejects bufopt's output (generic form):\n{err}\n{output}"));
            }
        }
    }
    Ok(())
}

/// mlir-opt-19's error on a `cf.switch` successor operand with a result
/// number.
const SWITCH_PARSER_LIMIT: &str = "result number not allowed in argument list";

/// Checks one seed of [`CLONE_BASED`] through the clone-based
/// `-buffer-deallocation`: the result runs under `bufopt-run --strict` with
/// the original's output and one deallocation per heap allocation (clones
/// included), and equals mlir-opt-19's output but for the `memref.dealloc`
/// lines when it is on `PATH`.
fn check_clone_based(seed: u64, dir: &Path, mlir_opt: Option<&Path>) -> Result<(), String> {
    let p = prepare(seed, dir, CLONE_BASED, "clone")?;
    let (output, a, d) = deallocate_and_run(&p, "-buffer-deallocation")?;
    if d + p.stack_allocs != a {
        return Err(format!("allocations {a} ({} of them alloca) but deallocations {d}\n{output}", p.stack_allocs));
    }
    // mlir-opt-19's output: the same text, but for where the deallocs are.
    // bufopt places some deallocs where upstream frees too early or not at
    // all (see `bufferization::clone_dealloc`): a buffer used in a join
    // block after its first op, an unused argument of a block that only
    // branches on. The clones and everything else must be the same.
    if let Some(m) = mlir_opt {
        let (ok, theirs, _) = run(m, &["-buffer-deallocation", p.src.as_str()]);
        let strip = |t: &str| t.lines().filter(|l| !l.contains("memref.dealloc")).collect::<Vec<_>>().join("\n");
        if ok && strip(&theirs) != strip(&output) {
            return Err(format!("differs from mlir-opt-19's output:\n{theirs}\nbufopt:\n{output}"));
        }
    }
    Ok(())
}

#[test]
fn random_programs_clone_based_deallocation() {
    let dir = std::env::temp_dir().join(format!("bufopt-clone-dealloc-random-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mlir_opt = find_on_path("mlir-opt-19");
    let mut failures = Vec::new();
    for seed in 1..=SEEDS {
        if let Err(e) = check_clone_based(seed, &dir, mlir_opt.as_deref()) {
            failures.push(format!("seed {seed}: {e}\nprogram:\n{}", generate(seed, CLONE_BASED)));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{} of {SEEDS} seeds fail:\n{}", failures.len(), failures.join("\n\n"));
}

#[test]
fn random_programs_are_deallocated_exactly_once() {
    let dir = std::env::temp_dir().join(format!("bufopt-dealloc-random-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mlir_opt = find_on_path("mlir-opt-19");
    let mut failures = Vec::new();
    for seed in 1..=SEEDS {
        if let Err(e) = check(seed, &dir, mlir_opt.as_deref()) {
            failures.push(format!("seed {seed}: {e}\nprogram:\n{}", generate(seed, DEFAULT)));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{} of {SEEDS} seeds fail:\n{}", failures.len(), failures.join("\n\n"));
}

#[test]
fn generator_covers_every_construct() {
    let all: String = (1..=SEEDS).map(|s| generate(s, DEFAULT)).collect();
    for needle in [
        "memref.alloca",
        "cf.cond_br",
        "cf.switch",
        "cf.br ^",
        "scf.if",
        "scf.for",
        "memref.subview",
        "arith.select",
        "func.call @h",
    ] {
        assert!(all.contains(needle), "no seed generates {needle}");
    }
}
