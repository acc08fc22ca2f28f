//! Source locations, interned like attributes.
//!
//! Parsed ops carry `file:line:col` locations; `loc(...)` syntax can build
//! name, call-site and fused locations. Diagnostics are printed from these.

use crate::attrs::Attribute;
use crate::context::{Context, Str};

/// An interned location.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Location(pub(crate) u32);

/// An interned list of locations: the parts of a fused location, read
/// with [`Context::loc_list_items`]. (A handle rather than a boxed slice
/// keeps [`LocKind`] at 16 bytes; a module interns one location per op.)
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct LocList(pub(crate) u32);

/// The structure of a location.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum LocKind {
    /// `loc(unknown)`
    Unknown,
    /// `loc("file":line:col)`
    FileLineCol {
        /// The file name.
        file: Str,
        /// The line (1-based).
        line: u32,
        /// The column (1-based).
        col: u32,
    },
    /// `loc("name")` or `loc("name"(child))`
    Name {
        /// The name.
        name: Str,
        /// The nested location, if any.
        child: Option<Location>,
    },
    /// `loc(callsite(callee at caller))`
    CallSite {
        /// Where the callee is.
        callee: Location,
        /// Where the call is.
        caller: Location,
    },
    /// `loc(fused[a, b])` or `loc(fused<#meta>[a, b])`
    Fused {
        /// The fused locations.
        locs: LocList,
        /// The metadata attribute, if any.
        metadata: Option<Attribute>,
    },
    /// An opaque location of another dialect, kept as its attribute.
    Opaque(Attribute),
}

/// The interning hash of a location. A parser makes one `file:line:col`
/// location per op, in source order, so the table takes about one insert
/// per line of a large file: for these the bucket comes from the line
/// number, which keeps consecutive inserts on neighbouring cache lines of
/// the table (a scattering hash costs a cache miss or two per op on big
/// files). The top bits, which the table matches before comparing values,
/// still mix all fields.
pub(crate) fn loc_hash(k: &LocKind) -> u64 {
    match k {
        LocKind::FileLineCol { file, line, col } => {
            let mixed = crate::intern::hash_of(k);
            let near = (*line as u64) ^ ((file.0 as u64) << 24) ^ ((*col as u64) << 40);
            (mixed & (0xFF << 56)) | (near & !(0xFF << 56))
        }
        _ => crate::intern::hash_of(k),
    }
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
    /// Interns a list of locations (the parts of a [`LocKind::Fused`]).
    pub fn loc_list(&self, locs: &[Location]) -> LocList {
        LocList(self.loc_lists.intern_ref(locs))
    }
    /// The locations of an interned list.
    #[inline]
    pub fn loc_list_items(&self, l: LocList) -> &[Location] {
        self.loc_lists.get(l.0)
    }
    /// Prepares for about `n` more locations (a parser makes one per op).
    pub fn reserve_locations(&self, n: usize) {
        self.locs.reserve(n);
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
            LocKind::Fused { locs, .. } => self.loc_list_items(*locs).iter().find_map(|&c| self.file_line_col(c)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One location is interned per op: keep the record small.
    #[test]
    fn loc_kind_is_small() {
        assert!(std::mem::size_of::<LocKind>() <= 16);
    }

    #[test]
    fn fused_parts_round_trip() {
        let ctx = Context::new();
        let a = ctx.file_loc("f", 1, 2);
        let b = ctx.file_loc("f", 3, 4);
        let list = ctx.loc_list(&[a, b]);
        assert_eq!(list, ctx.loc_list(&[a, b]));
        assert_eq!(ctx.loc_list_items(list), [a, b]);
        let fused = ctx.loc(LocKind::Fused { locs: list, metadata: None });
        assert_eq!(ctx.file_line_col(fused), Some(("f", 1, 2)));
    }
}
