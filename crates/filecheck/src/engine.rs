//! Regex matching with POSIX (leftmost-longest) semantics and a compile cache.
//!
//! LLVM's regex engine reports the *leftmost-longest* match, while Rust's
//! engines report the leftmost-first (Perl) one.  Both agree on where a match
//! starts; this module finds the end of the longest match with a lazy DFA
//! built with `MatchKind::All` and, when that differs from the Perl match,
//! recomputes the capture groups with the match forced to end there.  That
//! reproduces LLVM's results for patterns such as `{{a|ab}}` while keeping
//! matching linear.  Patterns with back-references go to `fancy-regex`.
//!
//! Compiled expressions are cached by their (translated) source, since
//! FileCheck re-matches the same pattern many times (CHECK-DAG, CHECK-NOT,
//! CHECK-LABEL scanning).

use std::collections::HashMap;

use regex_automata::hybrid::dfa::{Cache as DfaCache, DFA};
use regex_automata::nfa::thompson;
use regex_automata::util::captures::Captures;
use regex_automata::util::syntax;
use regex_automata::{meta, Anchored, Input, MatchKind};

use crate::ere::{self, Dialect};

/// Byte spans of a successful match: index 0 is the whole match, index `n`
/// the `n`-th capture group (`None` when the group did not participate).
pub(crate) type Groups = Vec<Option<(usize, usize)>>;

/// Upper bound on cached expressions before the cache is flushed.
const CACHE_LIMIT: usize = 256;

/// Compiles and runs LLVM regular expressions.
pub(crate) struct Engine {
    ignore_case: bool,
    cache: HashMap<Vec<u8>, Compiled>,
}

enum Compiled {
    Automata(Box<AutomataRegex>),
    Backtracking(fancy_regex::Regex),
}

struct AutomataRegex {
    /// Leftmost-first regex with capture support.
    regex: meta::Regex,
    /// Lazy DFA finding the longest match from an anchored start.
    longest: Option<(DFA, DfaCache)>,
    /// The translated pattern, for building `ending_here` on demand.
    pattern: String,
    /// `(?:pattern)\z`, used when the longest match differs from the Perl one.
    ending_here: Option<meta::Regex>,
}

impl Engine {
    /// Creates an engine; `ignore_case` applies to every expression.
    pub(crate) fn new(ignore_case: bool) -> Self {
        Engine { ignore_case, cache: HashMap::new() }
    }

    /// Finds the leftmost-longest match of the LLVM regex `ere` in `hay`.
    ///
    /// `hay` is treated as a complete string: `^` matches at its start and
    /// `$` at its end, like LLVM matching a `StringRef`.  Errors are
    /// LLVM-style regex error messages.
    pub(crate) fn search(&mut self, ere: &[u8], hay: &[u8]) -> Result<Option<Groups>, String> {
        if !self.cache.contains_key(ere) {
            if self.cache.len() >= CACHE_LIMIT {
                self.cache.clear();
            }
            let Some(compiled) = compile(ere, self.ignore_case)? else {
                // Like `llvm::Regex::match`, an expression that does not
                // compile (e.g. empty after substituting an empty variable)
                // simply matches nothing.
                return Ok(None);
            };
            self.cache.insert(ere.to_vec(), compiled);
        }
        let compiled = self.cache.get_mut(ere).expect("inserted above");
        match compiled {
            Compiled::Automata(re) => Ok(re.search(hay, self.ignore_case)),
            Compiled::Backtracking(re) => search_backtracking(re, hay),
        }
    }
}

fn syntax_config(ignore_case: bool) -> syntax::Config {
    syntax::Config::new().unicode(false).utf8(false).multi_line(true).case_insensitive(ignore_case)
}

fn build_meta(pattern: &str, ignore_case: bool) -> Result<meta::Regex, String> {
    meta::Regex::builder()
        .syntax(syntax_config(ignore_case))
        .configure(meta::Config::new().utf8_empty(false).hybrid(false).onepass(false).nfa_size_limit(Some(256 << 20)))
        .build(pattern)
        .map_err(|e| format!("unsupported regex: {e}"))
}

/// Compiles an LLVM regex; `Ok(None)` when LLVM would reject it, `Err` when
/// it is valid but the Rust engines cannot handle it.
fn compile(ere: &[u8], ignore_case: bool) -> Result<Option<Compiled>, String> {
    let Ok(t) = ere::translate(ere, Dialect::Bytes, ignore_case) else {
        return Ok(None);
    };
    if t.backrefs {
        let t = ere::translate(ere, Dialect::Unicode, ignore_case).map_err(str::to_string)?;
        let flags = if ignore_case { "(?mi)" } else { "(?m)" };
        let re = fancy_regex::RegexBuilder::new(&format!("{flags}{}", t.pattern))
            .build()
            .map_err(|e| format!("unsupported regex: {e}"))?;
        return Ok(Some(Compiled::Backtracking(re)));
    }
    let regex = build_meta(&t.pattern, ignore_case)?;
    if !t.ambiguous {
        return Ok(Some(Compiled::Automata(Box::new(AutomataRegex {
            regex,
            longest: None,
            pattern: t.pattern,
            ending_here: None,
        }))));
    }
    let longest = DFA::builder()
        .syntax(syntax_config(ignore_case))
        .thompson(thompson::Config::new().utf8(false))
        .configure(DFA::config().match_kind(MatchKind::All))
        .build(&t.pattern)
        .ok()
        .map(|dfa| {
            let cache = dfa.create_cache();
            (dfa, cache)
        });
    Ok(Some(Compiled::Automata(Box::new(AutomataRegex { regex, longest, pattern: t.pattern, ending_here: None }))))
}

fn groups_of(caps: &Captures, offset: usize) -> Groups {
    (0..caps.group_len()).map(|i| caps.get_group(i).map(|s| (s.start + offset, s.end + offset))).collect()
}

impl AutomataRegex {
    fn search(&mut self, hay: &[u8], ignore_case: bool) -> Option<Groups> {
        let mut caps = self.regex.create_captures();
        self.regex.search_captures(&Input::new(hay), &mut caps);
        let m = caps.get_match()?;
        let (start, first_end) = (m.start(), m.end());
        let longest_end = self
            .longest
            .as_mut()
            .and_then(|(dfa, cache)| {
                let input = Input::new(hay).range(start..).anchored(Anchored::Yes);
                dfa.try_search_fwd(cache, &input).ok().flatten()
            })
            .map_or(first_end, |hm| hm.offset().max(first_end));
        if longest_end == first_end {
            return Some(groups_of(&caps, 0));
        }
        // Recompute the captures with the match forced to end at
        // `longest_end`, as POSIX's subexpression rules would.
        if self.ending_here.is_none() {
            let pattern = format!("(?:{})\\z", self.pattern);
            self.ending_here = build_meta(&pattern, ignore_case).ok();
        }
        let mut groups = None;
        if let Some(re) = &self.ending_here {
            let mut caps = re.create_captures();
            let input = Input::new(&hay[..longest_end]).range(start..).anchored(Anchored::Yes);
            re.search_captures(&input, &mut caps);
            if caps.is_match() {
                groups = Some(groups_of(&caps, 0));
            }
        }
        Some(groups.unwrap_or_else(|| groups_of(&caps, 0)))
    }
}

fn search_backtracking(re: &fancy_regex::Regex, hay: &[u8]) -> Result<Option<Groups>, String> {
    let Ok(text) = std::str::from_utf8(hay) else {
        // Back-references over invalid UTF-8 cannot be matched faithfully.
        return Ok(None);
    };
    match re.captures(text) {
        Ok(Some(caps)) => Ok(Some((0..caps.len()).map(|i| caps.get(i).map(|m| (m.start(), m.end()))).collect())),
        Ok(None) => Ok(None),
        Err(e) => Err(format!("regex matching failed: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find(ere: &str, hay: &str) -> Option<Groups> {
        Engine::new(false).search(ere.as_bytes(), hay.as_bytes()).unwrap()
    }

    #[test]
    fn longest_alternative_wins() {
        assert_eq!(find("(a|ab)", "xab").unwrap()[0], Some((1, 3)));
        assert_eq!(find("(a|ab)(c|bcd)", "abcd").unwrap()[0], Some((0, 4)));
    }

    #[test]
    fn greedy_captures_inside_a_line() {
        let g = find(r"iter_args\(%(.*) = %(.*)\)", "iter_args(%a = %b, %c = %d)\nx)").unwrap();
        assert_eq!(g[0], Some((0, 27)));
        assert_eq!(g[1], Some((11, 21)));
        assert_eq!(g[2], Some((25, 26)));
    }

    #[test]
    fn anchors_are_line_anchors_of_the_slice() {
        assert_eq!(find("^b", "ab").map(|g| g[0]), None);
        assert_eq!(find("^b$", "a\nb\nc").unwrap()[0], Some((2, 3)));
        assert_eq!(find("^b", "b").unwrap()[0], Some((0, 1)));
    }

    #[test]
    fn dot_and_negated_brackets_stop_at_newlines() {
        assert_eq!(find("a.*", "abc\nd").unwrap()[0], Some((0, 3)));
        assert_eq!(find("a[^x]*", "abc\nd").unwrap()[0], Some((0, 3)));
    }

    #[test]
    fn backreferences() {
        let g = find(r"(%[a-z0-9]+) = \1", "%a = %b, %c = %c").unwrap();
        assert_eq!(g[0], Some((9, 16)));
    }

    #[test]
    fn invalid_utf8_is_fine() {
        let mut e = Engine::new(false);
        let g = e.search(b"b.c", b"a\xffb\xfec").unwrap().unwrap();
        assert_eq!(g[0], Some((2, 5)));
    }
}
