//! The former home of the pattern helpers several dialects share, kept as a
//! path for their call sites: the helpers now live in [`crate::util`] and
//! [`crate::patterns`], and the scf patterns in `scf::canon`.

pub(crate) use crate::patterns::{register_patterns, PatternFn};
pub(crate) use crate::util::{build, build_bool, build_constant, const_attr, const_int, int_width, wrap_signed};
