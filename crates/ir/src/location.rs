//! Source locations, interned like attributes.
//!
//! Parsed ops carry `file:line:col` locations; `loc(...)` syntax can build
//! name, call-site and fused locations. Diagnostics are printed from these.

use crate::attrs::Attribute;
use crate::context::{Context, Str};

/// An interned location.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Location(pub(crate) u32);

/// The structure of a location.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum LocKind {
    /// `loc(unknown)`
    Unknown,
    /// `loc("file":line:col)`
    FileLineCol { file: Str, line: u32, col: u32 },
    /// `loc("name")` or `loc("name"(child))`
    Name { name: Str, child: Option<Location> },
    /// `loc(callsite(callee at caller))`
    CallSite { callee: Location, caller: Location },
    /// `loc(fused[a, b])` or `loc(fused<#meta>[a, b])`
    Fused { locs: Box<[Location]>, metadata: Option<Attribute> },
    /// An opaque location of another dialect, kept as its attribute.
    Opaque(Attribute),
}

impl Context {
    /// The structure of `l`.
    #[inline]
    pub fn loc_kind(&self, l: Location) -> &LocKind {
        self.locs.get(l.0)
    }
    /// Interns a location.
    pub fn loc(&self, k: LocKind) -> Location {
        Location(self.locs.intern(k))
    }
    /// `loc(unknown)`
    pub fn unknown_loc(&self) -> Location {
        self.common.unknown_loc
    }
    /// `loc("file":line:col)`
    pub fn file_loc(&self, file: &str, line: u32, col: u32) -> Location {
        let file = self.intern_str(file);
        self.loc(LocKind::FileLineCol { file, line, col })
    }
    /// The first `file:line:col` inside `l`, for diagnostics.
    pub fn file_line_col(&self, l: Location) -> Option<(&str, u32, u32)> {
        match self.loc_kind(l) {
            LocKind::FileLineCol { file, line, col } => Some((self.str(*file), *line, *col)),
            LocKind::Name { child: Some(c), .. } => self.file_line_col(*c),
            LocKind::CallSite { callee, .. } => self.file_line_col(*callee),
            LocKind::Fused { locs, .. } => locs.iter().find_map(|&c| self.file_line_col(c)),
            _ => None,
        }
    }
}
