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
    /// Diagnostics emitted before this one by the same failing step, each
    /// reported in full (with its own notes and op) ahead of it: MLIR emits
    /// diagnostics as they happen, while a pass or the verifier returns
    /// the one it fails with and carries the earlier ones here.
    pub preceding: Vec<Diagnostic>,
}

impl Diagnostic {
    /// An error.
    pub fn error(loc: Location, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            loc,
            message: message.into(),
            notes: Vec::new(),
            op: None,
            preceding: Vec::new(),
        }
    }
    /// A warning.
    pub fn warning(loc: Location, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            loc,
            message: message.into(),
            notes: Vec::new(),
            op: None,
            preceding: Vec::new(),
        }
    }
    /// A remark.
    pub fn remark(loc: Location, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Remark,
            loc,
            message: message.into(),
            notes: Vec::new(),
            op: None,
            preceding: Vec::new(),
        }
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
            preceding: Vec::new(),
        });
        self
    }
    /// This diagnostic, reported after `earlier` (and whatever preceded
    /// `earlier`).
    pub fn after(mut self, earlier: Diagnostic) -> Self {
        let mut all = earlier.into_sequence();
        all.append(&mut self.preceding);
        self.preceding = all;
        self
    }
    /// Every diagnostic carried, in the order they are reported: the
    /// preceding ones (flattened), then this one without them.
    pub fn into_sequence(mut self) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        for p in std::mem::take(&mut self.preceding) {
            out.extend(p.into_sequence());
        }
        out.push(self);
        out
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preceding_diagnostics_come_first_in_order() {
        let loc = crate::Context::new().unknown_loc();
        let a = Diagnostic::error(loc, "a");
        let b = Diagnostic::error(loc, "b").after(a);
        let c = Diagnostic::warning(loc, "c").after(b).with_note(loc, "n");
        let seq = c.into_sequence();
        let msgs: Vec<&str> = seq.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(msgs, ["a", "b", "c"]);
        assert!(seq.iter().all(|d| d.preceding.is_empty()));
        assert_eq!(seq[2].notes.len(), 1);
        assert_eq!(seq[2].severity, Severity::Warning);
    }
}
