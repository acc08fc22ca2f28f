//! Diagnostics: an error, warning, remark or note attached to a location,
//! with attached notes. Text rendering (`file:line:col: error: msg`) is done
//! by the `syntax` crate's source manager, which knows the source buffers.

use crate::arena::OpId;
use crate::location::Location;

/// How serious a diagnostic is.
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
pub enum Severity {
    /// `note:`
    Note,
    /// `remark:`
    Remark,
    /// `warning:`
    Warning,
    /// `error:`
    Error,
}

impl Severity {
    /// The word printed before the message.
    pub fn word(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Remark => "remark",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// A located message with notes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Severity.
    pub severity: Severity,
    /// Where.
    pub loc: Location,
    /// What.
    pub message: String,
    /// Attached notes.
    pub notes: Vec<Diagnostic>,
    /// The op the diagnostic is about, when emitted through the op (MLIR
    /// then adds a "see current operation" note outside verify mode).
    pub op: Option<OpId>,
}

impl Diagnostic {
    /// An error.
    pub fn error(loc: Location, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Error, loc, message: message.into(), notes: Vec::new(), op: None }
    }
    /// A warning.
    pub fn warning(loc: Location, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Warning, loc, message: message.into(), notes: Vec::new(), op: None }
    }
    /// A remark.
    pub fn remark(loc: Location, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Remark, loc, message: message.into(), notes: Vec::new(), op: None }
    }
    /// Marks the op the diagnostic is about.
    pub fn with_op(mut self, op: OpId) -> Self {
        self.op = Some(op);
        self
    }
    /// Attaches a note.
    pub fn with_note(mut self, loc: Location, message: impl Into<String>) -> Self {
        self.notes.push(Diagnostic {
            severity: Severity::Note,
            loc,
            message: message.into(),
            notes: Vec::new(),
            op: None,
        });
        self
    }
}

/// Collects diagnostics emitted while a pass or the verifier runs.
#[derive(Default, Debug)]
pub struct DiagSink {
    /// Everything emitted, in order.
    pub diags: Vec<Diagnostic>,
}

impl DiagSink {
    /// Records a diagnostic.
    pub fn emit(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }
    /// True when an error was recorded.
    pub fn has_errors(&self) -> bool {
        self.diags.iter().any(|d| d.severity == Severity::Error)
    }
}
