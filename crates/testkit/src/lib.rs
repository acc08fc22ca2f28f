//! Test helpers shared by the crates' tests, used only as a dev-dependency:
//! parsing a module with every dialect registered ([`parse`],
//! [`parse_in`]), finding its ops and values and querying them ([`Module`]:
//! by name, by `tag` attribute, the first function's blocks and arguments,
//! the registered folder, memory effects), and checking what a textual pass
//! pipeline prints ([`check_pass`]).
//!
//! One place parses test input, so every test reports a parse error the
//! same way (a panic with the located diagnostic).

use expect_test::Expect;
use ir::interfaces::{EffectKind, EffectOn, MemoryEffects};
use ir::{Attribute, BlockId, Context, Diagnostic, FoldOutcome, Ir, OpId, ValueId};
use std::sync::Arc;
use syntax::op_parser::{parse_source, ParseOptions};
use syntax::printer::{print_module, PrintOptions};
use transforms::pass::{PassRegistry, PmOptions};

pub use expect_test::expect;

/// A parsed module: the arena and its top-level op.
pub struct Module {
    /// The IR.
    pub ir: Ir,
    /// The top-level op (`builtin.module`).
    pub top: OpId,
}

/// Parses `src` in `ctx`, unregistered ops allowed or not; panics with the
/// located diagnostic on error. Tests of a dialect crate pass their own
/// context (`crate::new_context()`), so the ops under test are the crate's.
pub fn parse_in(ctx: Context, src: &str, allow_unregistered: bool) -> Module {
    let ctx = Arc::new(ctx);
    match parse_source(&ctx, src, "test.mlir", ParseOptions { allow_unregistered }) {
        Ok(m) => Module { ir: m.ir, top: m.top },
        Err(d) => panic!("parse error: {}", render(&d)),
    }
}

/// Parses `src` with every dialect registered and unregistered ops allowed;
/// panics with the located diagnostic on error.
pub fn parse(src: &str) -> Module {
    parse_in(dialects::new_context(), src, true)
}

/// A diagnostic's message followed by its notes' messages.
fn render(d: &Diagnostic) -> String {
    let mut s = d.message.clone();
    for note in &d.notes {
        s.push_str("\n  note: ");
        s.push_str(&note.message);
    }
    s
}

impl Module {
    /// Every op named `name` in pre-order.
    pub fn all(&self, name: &str) -> Vec<OpId> {
        self.ir.pre_order(self.top).into_iter().filter(|&o| self.ir.is_op(o, name)).collect()
    }
    /// The `n`th op named `name` in pre-order; panics when there is none.
    pub fn op(&self, name: &str, n: usize) -> OpId {
        self.all(name).get(n).copied().unwrap_or_else(|| panic!("no {name} #{n}"))
    }
    /// The module printed in custom form.
    pub fn print(&self) -> String {
        print_module(&self.ir, self.top, PrintOptions::default())
    }
    /// Verifies the module (unregistered ops allowed or not).
    pub fn verify(&self, allow_unregistered: bool) -> Result<(), Diagnostic> {
        let opts = ir::verifier::VerifyOptions { allow_unregistered, op_printer: None, ..Default::default() };
        ir::verifier::verify(&self.ir, self.top, opts)
    }
    /// The op whose string attribute `tag` is `tag`; panics when there is
    /// none.
    pub fn tagged(&self, tag: &str) -> OpId {
        self.ir
            .pre_order(self.top)
            .into_iter()
            .find(|&o| self.ir.attr(o, "tag").and_then(|a| self.ir.ctx().str_value(a)) == Some(tag))
            .expect("tagged op")
    }
    /// The first result of the op tagged `tag`.
    pub fn tagged_result(&self, tag: &str) -> ValueId {
        self.ir.result(self.tagged(tag), 0)
    }
    /// The first `func.func`.
    pub fn func(&self) -> OpId {
        self.op("func.func", 0)
    }
    /// The blocks of the first function's body.
    pub fn blocks(&self) -> Vec<BlockId> {
        let r = self.ir.region(self.func(), 0);
        self.ir.region_blocks(r).collect()
    }
    /// Argument `i` of the first function's entry block.
    pub fn arg(&self, i: usize) -> ValueId {
        let b = self.ir.entry_block(self.ir.region(self.func(), 0)).expect("body");
        self.ir.block_arg(b, i)
    }
    /// Runs `op`'s registered folder with the given constant operands.
    pub fn fold(&mut self, op: OpId, operands: &[Option<Attribute>]) -> FoldOutcome {
        let f = self.ir.op_info(op).and_then(|i| i.fold).expect("folder registered");
        f(&mut self.ir, op, operands)
    }
    /// The memory effects (kind and target) of the first op named `name`.
    pub fn effects(&self, name: &str) -> Vec<(EffectKind, EffectOn)> {
        let op = self.op(name, 0);
        let imp = self.ir.ctx().registry().interface::<dyn MemoryEffects>(self.ir.op_name(op)).expect("effects");
        let mut out = Vec::new();
        imp.effects(&self.ir, op, &mut out);
        out.into_iter().map(|e| (e.kind, e.on)).collect()
    }
}

/// Parses `input`, runs the textual `pipeline` on it (the syntax of
/// `--pass-pipeline`, over the passes of [`PassRegistry::with_builtin_passes`],
/// verifying after each pass), prints the module and compares the text with
/// `expect`; `UPDATE_EXPECT=1 cargo test` rewrites the expectation in place.
/// A pipeline failure prints as `error: <message>`.
pub fn check_pass(input: &str, pipeline: &str, expect: Expect) {
    let mut m = parse(input);
    let reg = PassRegistry::with_builtin_passes();
    let opts = PmOptions { verify_each: true, allow_unregistered: true, ..PmOptions::default() };
    let mut pm = reg.parse_pass_manager(pipeline, opts).unwrap_or_else(|e| panic!("bad pipeline {pipeline:?}: {e}"));
    let out = match pm.run(&mut m.ir, m.top, &mut |_: &str, _: &Ir, _: OpId| {}) {
        Ok(()) => m.print(),
        Err(d) => format!("error: {}\n", d.message),
    };
    expect.assert_eq(&out);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_pass_runs_a_textual_pipeline() {
        check_pass(
            "func.func @f(%a: i32) -> i32 {\n  %x = arith.addi %a, %a : i32\n  %y = arith.addi %a, %a : i32\n  %z = arith.muli %x, %y : i32\n  return %z : i32\n}\n",
            "builtin.module(func.func(cse))",
            expect![[r#"
                module {
                  func.func @f(%arg0: i32) -> i32 {
                    %0 = arith.addi %arg0, %arg0 : i32
                    %1 = arith.muli %0, %0 : i32
                    return %1 : i32
                  }
                }
            "#]],
        );
    }

    #[test]
    fn check_pass_reports_a_failing_pipeline() {
        check_pass(
            "func.func @f() {\n  return\n}\n",
            "func.func(cse)",
            expect![[r#"
                error: can't run 'func.func' pass manager on 'builtin.module' op
            "#]],
        );
    }

    #[test]
    #[should_panic(expected = "parse error")]
    fn a_parse_error_panics_with_the_diagnostic() {
        parse("func.func @f( {");
    }

    #[test]
    fn ops_are_found_by_name() {
        let m = parse("func.func @f() {\n  \"foo.a\"() : () -> ()\n  \"foo.a\"() : () -> ()\n  return\n}\n");
        assert_eq!(m.all("foo.a").len(), 2);
        assert_ne!(m.op("foo.a", 0), m.op("foo.a", 1));
        m.verify(true).expect("verifies");
        assert!(m.verify(false).is_err());
    }
}

/// Running the tools from integration tests.
pub mod process {
    use std::path::{Path, PathBuf};
    use std::process::Command;

    /// `tool` found on `PATH`, if any (`mlir-opt-19`, say).
    pub fn find_on_path(tool: &str) -> Option<PathBuf> {
        let path = std::env::var_os("PATH")?;
        std::env::split_paths(&path).map(|d| d.join(tool)).find(|p| p.is_file())
    }

    /// Runs `bin` with `args`: (exit success, stdout, stderr).
    ///
    /// # Panics
    /// When `bin` cannot be started.
    pub fn run(bin: &Path, args: &[&str]) -> (bool, String, String) {
        let o = Command::new(bin).args(args).output().unwrap_or_else(|e| panic!("cannot run {}: {e}", bin.display()));
        (
            o.status.success(),
            String::from_utf8_lossy(&o.stdout).into_owned(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    }
}
