//! The partial bufferization passes of dialect-conversion bufferization
//! that LLVM 18 still had and 19 removed: `arith-bufferize`,
//! `tensor-bufferize` and `linalg-bufferize`.
//!
//! Semantics are LLVM 18's (`Arith/Transforms/Bufferize.cpp`,
//! `Tensor/Transforms/Bufferize.cpp`, `Linalg/Transforms/Bufferize.cpp`):
//! by then none of them had conversion patterns of its own any more. Each
//! runs the rewrite of One-Shot Bufferize ([`bufferize_op`]) with the
//! *partial bufferization options* ([`partial_bufferization_options`],
//! upstream's `getPartialBufferizationOptions`) and an op filter that
//! allows its dialect (and `bufferization`, for the `alloc_tensor`s the
//! models create):
//!
//! - no analysis: every operand that is written is copied first
//!   (`copy-before-write`, the [`BaseState`](crate::one_shot::BaseState)
//!   decisions), so a partial pass never needs to see the whole program;
//! - unknown ops are allowed: values flowing from or to ops of other
//!   dialects go through `bufferization.to_memref` / `to_tensor`, the same
//!   materializations the conversion-based passes (`func-bufferize`,
//!   `scf-bufferize`, a user's pass over [`transforms::conversion`]) leave,
//!   and `to_memref(to_tensor(x))` pairs met on the way fold to `x`;
//! - buffers whose layout cannot be inferred get the static identity
//!   layout (the [`BufferizeTypeConverter`](crate::type_converter)'s types),
//!   so the materializations of different passes meet with equal types and
//!   `finalizing-bufferize` removes them;
//! - loops are not made to yield equivalent buffers
//!   (`enforce_aliasing_invariants` off), as the conversion-based
//!   `scf-bufferize` does not either.
//!
//! `arith-bufferize` runs on the module (a tensor `arith.constant` becomes
//! a `memref.global` in the module; option `alignment`, default 0: the
//! globals' alignment); `tensor-bufferize` and `linalg-bufferize` run on
//! each `func.func`. A pipeline of partial passes bufferizes a mixed
//! program, and `finalizing-bufferize` checks that nothing is left:
//! `--func-bufferize --arith-bufferize --tensor-bufferize
//! --linalg-bufferize --scf-bufferize --finalizing-bufferize`.

use crate::one_shot::driver::{bufferize_op, BufferizationStatistics};
use crate::one_shot::options::{BufferizationOptions, LayoutMapOption};
use ir::{Diagnostic, Ir, OpId};
use transforms::pass::{OptionDecl, Pass, PassContext, PassInfo};

/// Upstream's `getPartialBufferizationOptions`: copy before write, unknown
/// ops allowed, no aliasing invariants for loops, identity layouts for
/// buffers of unknown layout, and the `bufferization` dialect allowed.
/// Add the ops a pass bufferizes to `op_filter`.
pub fn partial_bufferization_options() -> BufferizationOptions {
    let mut options = BufferizationOptions {
        allow_unknown_ops: true,
        copy_before_write: true,
        enforce_aliasing_invariants: false,
        unknown_type_conversion: LayoutMapOption::IdentityLayoutMap,
        ..BufferizationOptions::default()
    };
    options.op_filter.allow_dialect("bufferization");
    options
}

/// Runs a partial bufferization of `op` with `options` (upstream's
/// `bufferizeOp` with partial options): the ops the filter allows are
/// bufferized, the others are left with materializations around them.
pub fn partially_bufferize(ir: &mut Ir, op: OpId, options: &BufferizationOptions) -> Result<(), Diagnostic> {
    let mut stats = BufferizationStatistics::default();
    bufferize_op(ir, op, options, &mut stats)
}

/// The three passes: which dialect each bufferizes and where it runs.
#[derive(Clone, Copy)]
enum Kind {
    Arith,
    Tensor,
    Linalg,
}

/// A partial bufferization pass for one dialect.
pub struct PartialBufferize {
    kind: Kind,
    options: BufferizationOptions,
    /// `alignment` as given (`arith-bufferize` only).
    alignment: u64,
}

impl PartialBufferize {
    fn new(kind: Kind, alignment: u64) -> Self {
        let mut options = partial_bufferization_options();
        let dialect = match kind {
            Kind::Arith => {
                options.buffer_alignment = alignment;
                "arith"
            }
            Kind::Tensor => "tensor",
            Kind::Linalg => "linalg",
        };
        options.op_filter.allow_dialect(dialect);
        PartialBufferize { kind, options, alignment }
    }
}

impl Pass for PartialBufferize {
    fn name(&self) -> &'static str {
        match self.kind {
            Kind::Arith => "arith-bufferize",
            Kind::Tensor => "tensor-bufferize",
            Kind::Linalg => "linalg-bufferize",
        }
    }
    fn title(&self) -> String {
        match self.kind {
            Kind::Arith => "ArithBufferize",
            Kind::Tensor => "TensorBufferize",
            Kind::Linalg => "LinalgBufferize",
        }
        .to_string()
    }
    fn anchor(&self) -> Option<&'static str> {
        match self.kind {
            Kind::Arith => Some("builtin.module"),
            Kind::Tensor | Kind::Linalg => Some("func.func"),
        }
    }
    fn options_text(&self) -> String {
        match self.kind {
            Kind::Arith => format!("alignment={}", self.alignment),
            Kind::Tensor | Kind::Linalg => String::new(),
        }
    }
    fn run(&self, ir: &mut Ir, op: OpId, _cx: &mut PassContext) -> Result<(), Diagnostic> {
        partially_bufferize(ir, op, &self.options)
    }
}

/// Registration of `arith-bufferize`.
pub fn arith_pass_info() -> PassInfo {
    PassInfo {
        name: "arith-bufferize",
        summary: "Bufferize Arith dialect ops.",
        options: vec![OptionDecl {
            name: "alignment",
            help: "Create global memrefs with a specified alignment",
            default: "0",
            choices: &[],
        }],
        ctor: |o| {
            let alignment = o
                .get("alignment")
                .unwrap_or("0")
                .parse::<u64>()
                .map_err(|_| "invalid value for option 'alignment'".to_string())?;
            Ok(Box::new(PartialBufferize::new(Kind::Arith, alignment)))
        },
    }
}

/// Registration of `tensor-bufferize`.
pub fn tensor_pass_info() -> PassInfo {
    PassInfo {
        name: "tensor-bufferize",
        summary: "Bufferize the `tensor` dialect",
        options: vec![],
        ctor: |_| Ok(Box::new(PartialBufferize::new(Kind::Tensor, 0))),
    }
}

/// Registration of `linalg-bufferize`.
pub fn linalg_pass_info() -> PassInfo {
    PassInfo {
        name: "linalg-bufferize",
        summary: "Bufferize the linalg dialect",
        options: vec![],
        ctor: |_| Ok(Box::new(PartialBufferize::new(Kind::Linalg, 0))),
    }
}
