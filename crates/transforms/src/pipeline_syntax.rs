//! Textual pass pipelines and pass option strings, as MLIR 19 spells them:
//! parsing `builtin.module(func.func(canonicalize{max-iterations=3},cse))`
//! into a tree of passes and op-anchored nests (with MLIR's error messages
//! and `MLIR Textual PassPipeline Parser:L:C` locations), splitting pass
//! option strings the way `PassOptions::parseFromString` does, converting
//! option values with LLVM `cl`'s rules and wording, and printing pipelines
//! and option blocks in MLIR's canonical form (as `--dump-pass-pipeline`
//! and the `--mlir-print-ir-*` headers show them).
//!
//! This module only knows syntax. Which names are passes, which options a
//! pass declares and their defaults belong to the pass registry, which
//! feeds them in through closures and [`OptionSpec`] lists.

use std::fmt;

/// A byte range in the buffer that was parsed (for a full pipeline, the
/// text between the anchor's parentheses: see [`Pipeline::body`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// One element of a textual pipeline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PipelineElement {
    /// A pass or named pipeline, `name` or `name{options}`.
    Pass {
        /// The pass argument, trimmed (may be empty or contain spaces when
        /// the text is malformed; resolution reports those).
        name: String,
        /// The raw text between the braces, untrimmed (empty when absent).
        options: String,
        /// From the start of the name to past the closing brace.
        span: Span,
    },
    /// A nested pipeline anchored on an op name (or `any`): `anchor(...)`.
    Nest {
        /// The op name, trimmed.
        anchor: String,
        /// The nested elements (never empty: `a()` holds one empty name).
        elements: Vec<PipelineElement>,
        /// From the start of the anchor to past the closing parenthesis.
        span: Span,
    },
}

impl PipelineElement {
    /// The element's span in the parsed buffer.
    pub fn span(&self) -> Span {
        match self {
            PipelineElement::Pass { span, .. } | PipelineElement::Nest { span, .. } => *span,
        }
    }
}

impl fmt::Display for PipelineElement {
    /// Prints the element as written, normalised: `name{options}` (braces
    /// only when options were given) or `anchor(a,b)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PipelineElement::Pass { name, options, .. } if options.is_empty() => f.write_str(name),
            PipelineElement::Pass { name, options, .. } => write!(f, "{name}{{{options}}}"),
            PipelineElement::Nest { anchor, elements, .. } => {
                write!(f, "{anchor}(")?;
                for (i, e) in elements.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{e}")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// A full pipeline, `anchor(elements)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pipeline {
    /// The outer op name (`builtin.module`), trimmed.
    pub anchor: String,
    /// The elements inside the outer parentheses.
    pub elements: Vec<PipelineElement>,
    /// The text between the outer parentheses: the buffer spans refer to
    /// and errors are located in.
    pub body: String,
    /// Byte offset of `body` in the text given to [`parse_pipeline`].
    pub body_offset: usize,
}

impl Pipeline {
    /// Checks that every pass name is registered (see [`check_registered`]).
    pub fn check_registered(&self, is_registered: impl Fn(&str) -> bool) -> Result<(), PipelineError> {
        check_registered(&self.elements, &self.body, is_registered)
    }
}

impl fmt::Display for Pipeline {
    /// Prints `anchor(elements)` with each element as written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(", self.anchor)?;
        for (i, e) in self.elements.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{e}")?;
        }
        f.write_str(")")
    }
}

/// Where a pipeline error points: a buffer and a byte offset in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErrorLocation {
    /// The buffer MLIR's source manager sees (the pipeline body).
    pub buffer: String,
    /// Byte offset of the error in `buffer`.
    pub offset: usize,
}

/// A pipeline parse or resolution error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PipelineError {
    /// MLIR's message, e.g. `expected ',' after parsing pipeline`.
    pub message: String,
    /// The location, for errors inside the pipeline body.
    pub location: Option<ErrorLocation>,
}

impl PipelineError {
    fn at(buffer: &str, offset: usize, message: impl Into<String>) -> Self {
        PipelineError {
            message: message.into(),
            location: Some(ErrorLocation { buffer: buffer.to_string(), offset: offset.min(buffer.len()) }),
        }
    }

    /// 1-based (line, column) of the location, columns counted in bytes
    /// like LLVM's `SourceMgr`.
    pub fn line_col(&self) -> Option<(usize, usize)> {
        let loc = self.location.as_ref()?;
        let before = loc.buffer.get(..loc.offset)?;
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        Some((line, loc.offset - line_start + 1))
    }

    /// Exactly the text mlir-opt writes after `<unknown>:0: error: `: for a
    /// located error, `MLIR Textual PassPipeline Parser:L:C: error: msg`,
    /// the source line and a caret line, ending with a newline.
    pub fn to_mlir_string(&self) -> String {
        let (Some(loc), Some((line, col))) = (&self.location, self.line_col()) else {
            return self.message.clone();
        };
        let line_start = loc.buffer[..loc.offset].rfind('\n').map_or(0, |i| i + 1);
        let line_end = loc.buffer[loc.offset..].find('\n').map_or(loc.buffer.len(), |i| loc.offset + i);
        let source_line = &loc.buffer[line_start..line_end];
        // Expand tabs to 8-column stops, like SourceMgr, in both lines.
        // A caret on a tab covers the tab's whole expansion.
        let mut shown = String::new();
        let mut width = 0;
        let mut caret = None;
        for (i, c) in source_line.char_indices() {
            let n = if c == '\t' { 8 - width % 8 } else { 1 };
            if line_start + i == loc.offset {
                caret = Some((width, n));
            }
            if c == '\t' {
                shown.extend(std::iter::repeat_n(' ', n));
            } else {
                shown.push(c);
            }
            width += n;
        }
        let (caret_col, caret_len) = caret.unwrap_or((width, 1));
        format!(
            "MLIR Textual PassPipeline Parser:{line}:{col}: error: {}\n{shown}\n{}{}\n",
            self.message,
            " ".repeat(caret_col),
            "^".repeat(caret_len)
        )
    }
}

impl fmt::Display for PipelineError {
    /// Like [`PipelineError::to_mlir_string`] without the final newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.to_mlir_string().trim_end_matches('\n'))
    }
}

impl std::error::Error for PipelineError {}

/// MLIR's message when a full pipeline lacks `anchor(...)`.
pub const EXPECTED_ANCHOR_MESSAGE: &str = "expected pass pipeline to be wrapped with the anchor \
     operation type, e.g. 'builtin.module(...)'";

/// The whitespace LLVM's `StringRef::trim` removes.
fn is_llvm_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0B' | '\x0C' | '\r')
}

fn ltrim(s: &str) -> &str {
    s.trim_start_matches(is_llvm_space)
}

fn trim(s: &str) -> &str {
    s.trim_matches(is_llvm_space)
}

/// Parses a full pipeline `anchor(elements)` the way `mlir-opt
/// --pass-pipeline` does: surrounding whitespace is trimmed, the text must
/// contain `(` after a non-empty prefix and end with `)`. Only the
/// structure is checked; use [`Pipeline::check_registered`] to resolve
/// names (MLIR reports structural errors first).
pub fn parse_pipeline(text: &str) -> Result<Pipeline, PipelineError> {
    let trimmed = trim(text);
    let lead = text.len() - ltrim(text).len();
    let open = trimmed.find('(');
    let (Some(open), Some(inner)) = (open.filter(|&p| p > 0), trimmed.strip_suffix(')')) else {
        return Err(PipelineError { message: EXPECTED_ANCHOR_MESSAGE.to_string(), location: None });
    };
    // The last character is ')', so the first '(' lies inside `inner`.
    let body = inner.get(open + 1..).unwrap_or("");
    let anchor = trimmed[..open].trim_end_matches(is_llvm_space).to_string();
    let elements = parse_pipeline_elements(body)?;
    Ok(Pipeline { anchor, elements, body: body.to_string(), body_offset: lead + open + 1 })
}

/// Nesting limit for `anchor(...)`, far beyond real pipelines; it keeps
/// the recursive printers and `Drop` of absurd inputs off the stack limit.
pub const MAX_NESTING: usize = 256;

struct Frame {
    anchor: String,
    start: usize,
    elements: Vec<PipelineElement>,
}

/// Parses the inside of a pipeline (`func.func(cse),canonicalize{...}`)
/// with MLIR's rules: names run up to one of `,(){` and are trimmed;
/// `{...}` takes everything up to the matching brace (braces nest, quotes
/// are not special) as options; `(` opens a nest; `)` closes as many nests
/// as it repeats; elements are separated by `,`. The empty string is an
/// empty pipeline. Spans are byte offsets in `text`.
pub fn parse_pipeline_elements(text: &str) -> Result<Vec<PipelineElement>, PipelineError> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let bytes = text.as_bytes();
    let mut stack = vec![Frame { anchor: String::new(), start: 0, elements: Vec::new() }];
    let mut pos = 0;
    loop {
        let rest = &text[pos..];
        let sep = rest.find([',', '(', ')', '{']);
        let raw = &rest[..sep.unwrap_or(rest.len())];
        let name = trim(raw);
        let name_start = pos + (raw.len() - ltrim(raw).len());
        let name_end = name_start + name.len();
        let Some(sep) = sep else {
            push_pass(&mut stack, name, String::new(), name_start, name_end);
            break;
        };
        pos += sep;
        match bytes[pos] {
            b'{' => {
                let open = pos;
                pos += 1;
                let mut depth = 1usize;
                let mut close = None;
                for (i, &b) in bytes.iter().enumerate().skip(pos) {
                    if b == b'{' {
                        depth += 1;
                    } else if b == b'}' {
                        depth -= 1;
                        if depth == 0 {
                            close = Some(i);
                            break;
                        }
                    }
                }
                let Some(close) = close else {
                    return Err(PipelineError::at(text, open, "missing closing '}' while processing pass options"));
                };
                let options = text[pos..close].to_string();
                push_pass(&mut stack, name, options, name_start, close + 1);
                pos = close + 1;
                pos = text.len() - ltrim(&text[pos..]).len();
            }
            b'(' => {
                if stack.len() > MAX_NESTING {
                    return Err(PipelineError::at(text, pos, format!("pipeline nesting exceeds {MAX_NESTING} levels")));
                }
                stack.push(Frame { anchor: name.to_string(), start: name_start, elements: Vec::new() });
                pos += 1;
                continue;
            }
            _ => push_pass(&mut stack, name, String::new(), name_start, name_end),
        }
        // Greedily close nests.
        while bytes.get(pos) == Some(&b')') {
            if stack.len() == 1 {
                return Err(PipelineError::at(
                    text,
                    pos,
                    "encountered extra closing ')' creating unbalanced parentheses while \
                     parsing pipeline",
                ));
            }
            pos += 1;
            if let Some(frame) = stack.pop() {
                let nest = PipelineElement::Nest {
                    anchor: frame.anchor,
                    elements: frame.elements,
                    span: Span { start: frame.start, end: pos },
                };
                if let Some(parent) = stack.last_mut() {
                    parent.elements.push(nest);
                }
            }
            pos = text.len() - ltrim(&text[pos..]).len();
        }
        if pos == text.len() {
            break;
        }
        if bytes[pos] != b',' {
            return Err(PipelineError::at(text, pos, "expected ',' after parsing pipeline"));
        }
        pos += 1;
    }
    if stack.len() > 1 {
        return Err(PipelineError::at(text, pos, "encountered unbalanced parentheses while parsing pipeline"));
    }
    Ok(stack.pop().map(|f| f.elements).unwrap_or_default())
}

fn push_pass(stack: &mut [Frame], name: &str, options: String, start: usize, end: usize) {
    if let Some(top) = stack.last_mut() {
        top.elements.push(PipelineElement::Pass { name: name.to_string(), options, span: Span { start, end } });
    }
}

/// Resolves pass names depth-first, in order, like MLIR: the first name for
/// which `is_registered` is false gives `'name' does not refer to a
/// registered pass or pass pipeline`, located in `buffer` (the text the
/// elements were parsed from).
pub fn check_registered(
    elements: &[PipelineElement],
    buffer: &str,
    is_registered: impl Fn(&str) -> bool,
) -> Result<(), PipelineError> {
    fn walk(
        elements: &[PipelineElement],
        buffer: &str,
        is_registered: &dyn Fn(&str) -> bool,
    ) -> Result<(), PipelineError> {
        for e in elements {
            match e {
                PipelineElement::Nest { elements, .. } => walk(elements, buffer, is_registered)?,
                PipelineElement::Pass { name, span, .. } if !is_registered(name) => {
                    return Err(PipelineError::at(
                        buffer,
                        span.start,
                        format!("'{name}' does not refer to a registered pass or pass pipeline"),
                    ));
                }
                PipelineElement::Pass { .. } => {}
            }
        }
        Ok(())
    }
    walk(elements, buffer, &is_registered)
}

/// MLIR's message when adding a pass (or named pipeline) with `options`
/// to a pass manager fails.
pub fn failed_to_add_message(name: &str, options: &str) -> String {
    format!("failed to add `{name}` with options `{options}`")
}

/// MLIR's message when adding the nest `anchor(...)` fails.
pub fn failed_to_add_nest_message(anchor: &str) -> String {
    format!("failed to add `{anchor}` with options `` to inner pipeline")
}

/// Prints a pipeline in MLIR's canonical form, `anchor(p1,nest(p2))`,
/// letting `print_pass(name, options_text)` render each pass (normally
/// `name` plus [`print_options_block`] of the pass's full option values).
pub fn print_pipeline(
    anchor: &str,
    elements: &[PipelineElement],
    print_pass: &mut dyn FnMut(&str, &str) -> String,
) -> String {
    let mut out = format!("{anchor}(");
    for (i, e) in elements.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        match e {
            PipelineElement::Pass { name, options, .. } => out.push_str(&print_pass(name, options)),
            PipelineElement::Nest { anchor, elements, .. } => {
                out.push_str(&print_pipeline(anchor, elements, print_pass))
            }
        }
    }
    out.push(')');
    out
}

// ---------------------------------------------------------------------------
// Pass option strings.
// ---------------------------------------------------------------------------

/// Trims, then drops one pair of enclosing `'...'`, `"..."` or `{...}` (and
/// trims again) when the text is longer than two characters.
fn unescape_arg(s: &str) -> &str {
    let s = trim(s);
    if s.len() > 2 {
        for (open, close) in [('\'', '\''), ('"', '"'), ('{', '}')] {
            if let Some(inner) = s.strip_prefix(open).and_then(|r| r.strip_suffix(close)) {
                return trim(inner);
            }
        }
    }
    s
}

/// Splits the next `key[=value]` off `options`; returns the key, the value
/// (None without `=`) and the rest.
fn next_option(options: &str) -> (&str, Option<&str>, &str) {
    let bytes = options.as_bytes();
    let mut i = 0;
    let value_text = loop {
        if i == bytes.len() || bytes[i] == b' ' {
            return (unescape_arg(&options[..i]), None, ltrim(&options[i..]));
        }
        if bytes[i] == b'=' {
            let key = unescape_arg(&options[..i]);
            break (key, &options[i + 1..]);
        }
        i += 1;
    };
    let (key, text) = value_text;
    let bytes = text.as_bytes();
    let skip_quote = |i: usize| -> usize {
        // Jump to the closing quote when there is one.
        let q = bytes[i];
        bytes.iter().skip(i + 1).position(|&b| b == q).map_or(i, |p| i + 1 + p)
    };
    let mut i = 0;
    loop {
        if i == bytes.len() || bytes[i] == b' ' {
            return (key, Some(unescape_arg(&text[..i])), ltrim(&text[i..]));
        }
        match bytes[i] {
            b'\'' | b'"' => i = skip_quote(i) + 1,
            b'{' => {
                // Skip to the matching brace; quotes inside are opaque.
                let mut depth = 1usize;
                i += 1;
                while i < bytes.len() {
                    match bytes[i] {
                        b'\'' | b'"' => i = skip_quote(i),
                        b'{' => depth += 1,
                        b'}' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
}

/// Splits a pass options string into ordered `(key, value)` pairs like
/// MLIR's `PassOptions::parseFromString`: entries are separated by spaces;
/// `key` alone gives `None` (true for booleans), `key=` gives `Some("")`;
/// a value may contain spaces inside `'...'`, `"..."` or `{...}` (nested),
/// and one enclosing pair of those is removed from keys and values longer
/// than two characters. Empty keys are skipped. Never fails.
pub fn parse_pass_options(text: &str) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let (key, value, next) = next_option(rest);
        rest = next;
        if !key.is_empty() {
            out.push((key.to_string(), value.map(str::to_string)));
        }
    }
    out
}

/// Splits a list option value on top-level commas like MLIR's
/// `parseCommaSeparatedList`: commas inside `{}`, `()`, `[]`, `"..."` or
/// `'...'` do not split, and the pieces are kept verbatim. An unclosed
/// range extends to the end (where MLIR would loop forever).
pub fn split_comma_list(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    let mut closers: Vec<u8> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if closers.last() == Some(&b) {
            closers.pop();
        } else if b == b',' && closers.is_empty() {
            out.push(&text[start..i]);
            start = i + 1;
        } else {
            match b {
                b'{' => closers.push(b'}'),
                b'(' => closers.push(b')'),
                b'[' => closers.push(b']'),
                b'"' | b'\'' => match bytes.iter().skip(i + 1).position(|&c| c == b) {
                    Some(p) => i += 1 + p,
                    None => break,
                },
                _ => {}
            }
        }
        i += 1;
    }
    out.push(&text[start..]);
    out
}

/// An integer option's C++ type, which fixes its range and the name LLVM
/// uses in errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntType {
    /// `int` ("integer").
    I32,
    /// `int64_t` ("long").
    I64,
    /// `unsigned` ("uint").
    U32,
    /// `uint64_t` ("ulong").
    U64,
}

impl IntType {
    /// The name LLVM's parser uses in `value invalid for X argument!`.
    pub fn llvm_name(self) -> &'static str {
        match self {
            IntType::I32 => "integer",
            IntType::I64 => "long",
            IntType::U32 => "uint",
            IntType::U64 => "ulong",
        }
    }

    fn is_signed(self) -> bool {
        matches!(self, IntType::I32 | IntType::I64)
    }
}

/// The type of a pass option's value (or of each element of a list).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionType<'a> {
    /// `true/false/1/0` (also `TRUE`, `True`, ...); a bare key is true.
    Bool,
    /// An integer of the given C++ type.
    Int(IntType),
    /// Free text.
    Str,
    /// One of the given names.
    Enum(&'a [&'a str]),
}

/// A declared pass option, for [`parse_typed_options`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec<'a> {
    /// The option name (`max-iterations`).
    pub name: &'a str,
    /// The value type (the element type for lists).
    pub ty: OptionType<'a>,
    /// A comma-separated list option (`ListOption`).
    pub list: bool,
}

/// A typed option value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    /// A boolean.
    Bool(bool),
    /// A signed integer.
    Int(i64),
    /// An unsigned integer.
    UInt(u64),
    /// Free text.
    Str(String),
    /// The name of an enum value.
    Enum(String),
    /// A list (printed comma-separated; omitted when empty).
    List(Vec<OptionValue>),
}

impl OptionValue {
    /// The printed value, or None for an empty list (which MLIR omits,
    /// leaving a doubled space in the options block).
    pub fn render(&self) -> Option<String> {
        Some(match self {
            OptionValue::Bool(b) => b.to_string(),
            OptionValue::Int(v) => v.to_string(),
            OptionValue::UInt(v) => v.to_string(),
            OptionValue::Str(s) => escape_string_value(s),
            OptionValue::Enum(s) => s.clone(),
            OptionValue::List(items) if items.is_empty() => return None,
            OptionValue::List(items) => {
                items.iter().map(|v| v.render().unwrap_or_default()).collect::<Vec<_>>().join(",")
            }
        })
    }
}

/// Wraps a string option value in `{...}` when MLIR would: when it has a
/// space before any `{`, `'` or `"`.
pub fn escape_string_value(s: &str) -> String {
    let space = s.find(' ');
    let escape = s.find(['{', '\'', '"']);
    match (space, escape) {
        (Some(sp), Some(e)) if sp >= e => s.to_string(),
        (Some(_), _) => format!("{{{s}}}"),
        (None, _) => s.to_string(),
    }
}

/// Prints a pass's options block like MLIR: `{a=1 b=x}` with every declared
/// option sorted by name and separated by one space; an empty list prints
/// nothing (so `{  max-iterations=10 ...}` when two lists are empty). No
/// declared options print as the empty string (no braces).
pub fn print_options_block(options: &[(String, OptionValue)]) -> String {
    let rendered: Vec<(String, Option<String>)> = options.iter().map(|(n, v)| (n.clone(), v.render())).collect();
    print_rendered_options_block(&rendered)
}

/// Like [`print_options_block`] for values the caller already rendered
/// (`None` = an empty list, omitted).
pub fn print_rendered_options_block(options: &[(String, Option<String>)]) -> String {
    if options.is_empty() {
        return String::new();
    }
    let mut sorted: Vec<&(String, Option<String>)> = options.iter().collect();
    sorted.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    let body: Vec<String> =
        sorted.iter().map(|(n, v)| v.as_ref().map_or(String::new(), |v| format!("{n}={v}"))).collect();
    format!("{{{}}}", body.join(" "))
}

/// Why an option string was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionErrorKind {
    /// The key is not a declared option.
    NoSuchOption,
    /// A value is required but the key had no `=`.
    MissingValue,
    /// The value does not parse for the option's type.
    InvalidValue,
}

/// A pass option error with LLVM's wording.
///
/// mlir-opt prints `NoSuchOption` errors as the diagnostic text
/// (`<unknown>:0: error: <Pass-Options-Parser>: no such option foo` and a
/// newline); the others are LLVM `cl` errors it prints as
/// `mlir-opt: for the --x option: ...` before an empty
/// `<unknown>:0: error: ` diagnostic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionError {
    /// The option (or unknown key) concerned.
    pub option: String,
    /// What went wrong.
    pub kind: OptionErrorKind,
    /// The message after `for the --x option: ` (or the whole message for
    /// `NoSuchOption`).
    pub message: String,
    /// For enum options, the accepted names (LLVM does not print them).
    pub choices: Vec<String>,
}

impl OptionError {
    fn new(option: &str, kind: OptionErrorKind, message: String) -> Self {
        OptionError { option: option.to_string(), kind, message, choices: Vec::new() }
    }

    fn invalid(option: &str, message: String) -> Self {
        Self::new(option, OptionErrorKind::InvalidValue, message)
    }
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.kind == OptionErrorKind::NoSuchOption {
            return f.write_str(&self.message);
        }
        let dashes = if self.option.chars().count() == 1 { "-" } else { "--" };
        write!(f, "for the {dashes}{} option: {}", self.option, self.message)
    }
}

impl std::error::Error for OptionError {}

fn require<'v>(option: &str, value: Option<&'v str>) -> Result<&'v str, OptionError> {
    value.ok_or_else(|| OptionError::new(option, OptionErrorKind::MissingValue, "requires a value!".to_string()))
}

/// A boolean value: none or empty, `true`, `TRUE`, `True`, `1` are true;
/// `false`, `FALSE`, `False`, `0` are false.
pub fn parse_bool_value(option: &str, value: Option<&str>) -> Result<bool, OptionError> {
    match value.unwrap_or("") {
        "" | "true" | "TRUE" | "True" | "1" => Ok(true),
        "false" | "FALSE" | "False" | "0" => Ok(false),
        v => Err(OptionError::invalid(option, format!("'{v}' is invalid value for boolean argument! Try 0 or 1"))),
    }
}

/// A string value (required; may be empty with `key=`).
pub fn parse_string_value(option: &str, value: Option<&str>) -> Result<String, OptionError> {
    require(option, value).map(str::to_string)
}

/// An enum value, one of `choices`.
pub fn parse_enum_value(option: &str, value: Option<&str>, choices: &[&str]) -> Result<String, OptionError> {
    let v = require(option, value)?;
    if choices.contains(&v) {
        return Ok(v.to_string());
    }
    let mut e = OptionError::invalid(option, format!("Cannot find option named '{v}'!"));
    e.choices = choices.iter().map(|c| c.to_string()).collect();
    Err(e)
}

/// LLVM's unsigned `getAsInteger` with radix auto-detection: `0x`/`0X`
/// hex, `0b`/`0B` binary, `0o` or a leading `0` octal; no sign, no spaces.
fn parse_unsigned_auto(s: &str) -> Option<u64> {
    let lower = s.get(..2).map(str::to_ascii_lowercase);
    let (digits, radix) = match lower.as_deref() {
        Some("0x") => (&s[2..], 16),
        Some("0b") => (&s[2..], 2),
        _ if s.starts_with("0o") => (&s[2..], 8),
        _ if s.len() > 1 && s.starts_with('0') && s.as_bytes()[1].is_ascii_digit() => (&s[1..], 8),
        _ => (s, 10),
    };
    if digits.is_empty() {
        return None;
    }
    digits.chars().try_fold(0u64, |acc, c| {
        let d = c.to_digit(36).filter(|d| *d < radix)?;
        acc.checked_mul(u64::from(radix))?.checked_add(u64::from(d))
    })
}

/// An integer value of type `ty`: [`OptionValue::Int`] for signed types,
/// [`OptionValue::UInt`] for unsigned ones, range-checked.
pub fn parse_int_value(option: &str, value: Option<&str>, ty: IntType) -> Result<OptionValue, OptionError> {
    let v = require(option, value)?;
    let parsed = if ty.is_signed() {
        let n = match v.strip_prefix('-') {
            Some(rest) => parse_unsigned_auto(rest).and_then(|u| 0i64.checked_sub_unsigned(u)),
            None => parse_unsigned_auto(v).and_then(|u| i64::try_from(u).ok()),
        };
        n.filter(|n| ty == IntType::I64 || i32::try_from(*n).is_ok()).map(OptionValue::Int)
    } else {
        parse_unsigned_auto(v).filter(|n| ty == IntType::U64 || u32::try_from(*n).is_ok()).map(OptionValue::UInt)
    };
    parsed.ok_or_else(|| OptionError::invalid(option, format!("'{v}' value invalid for {} argument!", ty.llvm_name())))
}

/// A scalar value of type `ty`.
pub fn parse_value(option: &str, value: Option<&str>, ty: OptionType<'_>) -> Result<OptionValue, OptionError> {
    match ty {
        OptionType::Bool => parse_bool_value(option, value).map(OptionValue::Bool),
        OptionType::Int(t) => parse_int_value(option, value, t),
        OptionType::Str => parse_string_value(option, value).map(OptionValue::Str),
        OptionType::Enum(choices) => parse_enum_value(option, value, choices).map(OptionValue::Enum),
    }
}

/// A list value: [`split_comma_list`] then each element as `ty` (string
/// elements are kept verbatim, quotes included, like MLIR).
pub fn parse_list_value(
    option: &str,
    value: Option<&str>,
    ty: OptionType<'_>,
) -> Result<Vec<OptionValue>, OptionError> {
    let text = match (value, ty) {
        (None, OptionType::Bool) => "",
        _ => require(option, value)?,
    };
    split_comma_list(text).into_iter().map(|item| parse_value(option, Some(item), ty)).collect()
}

/// Parses a pass options string against the declared options: unknown keys
/// fail with `<Pass-Options-Parser>: no such option KEY`; values are typed;
/// a repeated scalar keeps its last value and a repeated list accumulates,
/// like MLIR. Returns the options that were given, in first-seen order
/// (the caller fills in defaults for the rest).
pub fn parse_typed_options(text: &str, specs: &[OptionSpec<'_>]) -> Result<Vec<(String, OptionValue)>, OptionError> {
    let mut out: Vec<(String, OptionValue)> = Vec::new();
    for (key, value) in parse_pass_options(text) {
        let Some(spec) = specs.iter().find(|s| s.name == key) else {
            return Err(OptionError::new(
                &key,
                OptionErrorKind::NoSuchOption,
                format!("<Pass-Options-Parser>: no such option {key}"),
            ));
        };
        let slot = out.iter().position(|(k, _)| *k == key);
        if spec.list {
            let items = parse_list_value(&key, value.as_deref(), spec.ty)?;
            match slot.map(|i| &mut out[i].1) {
                Some(OptionValue::List(existing)) => existing.extend(items),
                _ => out.push((key, OptionValue::List(items))),
            }
        } else {
            let v = parse_value(&key, value.as_deref(), spec.ty)?;
            match slot {
                Some(i) => out[i].1 = v,
                None => out.push((key, v)),
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pass(name: &str, options: &str) -> PipelineElement {
        PipelineElement::Pass { name: name.into(), options: options.into(), span: Span::default() }
    }

    /// Drops spans so trees can be compared structurally.
    fn strip(elements: &[PipelineElement]) -> Vec<PipelineElement> {
        elements
            .iter()
            .map(|e| match e {
                PipelineElement::Pass { name, options, .. } => pass(name, options),
                PipelineElement::Nest { anchor, elements, .. } => {
                    PipelineElement::Nest { anchor: anchor.clone(), elements: strip(elements), span: Span::default() }
                }
            })
            .collect()
    }

    fn nest(anchor: &str, elements: Vec<PipelineElement>) -> PipelineElement {
        PipelineElement::Nest { anchor: anchor.into(), elements, span: Span::default() }
    }

    fn err(text: &str) -> String {
        match parse_pipeline(text) {
            Ok(p) => panic!("expected an error for {text:?}, got {p:?}"),
            Err(e) => e.to_mlir_string(),
        }
    }

    #[test]
    fn parses_nested_pipelines() {
        let p = parse_pipeline(
            "builtin.module(func.func(canonicalize{max-iterations=3 region-simplify=aggressive},\
             cse),one-shot-bufferize{bufferize-function-boundaries})",
        )
        .unwrap();
        assert_eq!(p.anchor, "builtin.module");
        assert_eq!(
            strip(&p.elements),
            vec![
                nest(
                    "func.func",
                    vec![pass("canonicalize", "max-iterations=3 region-simplify=aggressive"), pass("cse", ""),]
                ),
                pass("one-shot-bufferize", "bufferize-function-boundaries"),
            ]
        );
        assert_eq!(p.body_offset, "builtin.module(".len());
        let PipelineElement::Nest { span, .. } = &p.elements[0] else {
            panic!("expected a nest");
        };
        assert_eq!(&p.body[span.start..span.end], &p.body[..span.end]);
        assert!(p.body[..span.end].ends_with("cse)"));
        assert_eq!(
            p.to_string(),
            "builtin.module(func.func(canonicalize{max-iterations=3 \
             region-simplify=aggressive},cse),one-shot-bufferize{bufferize-function-boundaries})"
        );
    }

    #[test]
    fn whitespace_any_and_nested_braces() {
        let p = parse_pipeline("  builtin.module  (  func.func ( cse ) , any(canonicalize { a={x=1} b=\"q s\" } ) )  ")
            .unwrap();
        assert_eq!(
            strip(&p.elements),
            vec![
                nest("func.func", vec![pass("cse", "")]),
                nest("any", vec![pass("canonicalize", " a={x=1} b=\"q s\" ")]),
            ]
        );
        assert_eq!(p.to_string(), "builtin.module(func.func(cse),any(canonicalize{ a={x=1} b=\"q s\" }))");
        assert!(parse_pipeline("builtin.module()").unwrap().elements.is_empty());
        let p = parse_pipeline("builtin.module(cse foo)").unwrap();
        assert_eq!(strip(&p.elements), vec![pass("cse foo", "")]);
    }

    #[test]
    fn structural_errors_match_mlir() {
        assert_eq!(err("(cse)"), EXPECTED_ANCHOR_MESSAGE);
        assert_eq!(err("builtin.module"), EXPECTED_ANCHOR_MESSAGE);
        assert_eq!(err("builtin.module(func.func(cse),cse"), EXPECTED_ANCHOR_MESSAGE);
        assert_eq!(
            err("builtin.module(func.func(cse)"),
            "MLIR Textual PassPipeline Parser:1:11: error: encountered unbalanced parentheses \
             while parsing pipeline\nfunc.func(cse\n          ^\n"
        );
        assert_eq!(
            err("builtin.module(func.func(cse)))"),
            format!(
                "MLIR Textual PassPipeline Parser:1:15: error: encountered extra closing ')' \
                 creating unbalanced parentheses while parsing pipeline\nfunc.func(cse))\n{}^\n",
                " ".repeat(14)
            )
        );
        assert_eq!(
            err("builtin.module(func.func(cse) cse)"),
            "MLIR Textual PassPipeline Parser:1:16: error: expected ',' after parsing \
             pipeline\nfunc.func(cse) cse\n               ^\n"
        );
        assert_eq!(
            err("builtin.module(cse{)"),
            "MLIR Textual PassPipeline Parser:1:4: error: missing closing '}' while processing \
             pass options\ncse{\n   ^\n"
        );
        assert!(err("builtin.module(cse{a}b)").starts_with("MLIR Textual PassPipeline Parser:1:7:"));
        assert!(err("builtin.module(cse{}(x))").starts_with("MLIR Textual PassPipeline Parser:1:6:"));
        assert!(err("builtin.module(func.func{x}(cse))")
            .starts_with("MLIR Textual PassPipeline Parser:1:13: error: expected ','"));
        let e = parse_pipeline("builtin.module(cse))").unwrap_err();
        assert_eq!(e.line_col(), Some((1, 4)));
        assert!(e.to_string().ends_with('^'));
    }

    #[test]
    fn resolution_errors_match_mlir() {
        let known = |n: &str| matches!(n, "cse" | "canonicalize");
        let check = |text: &str| -> Result<(), String> {
            let p = parse_pipeline(text).map_err(|e| e.to_mlir_string())?;
            p.check_registered(known).map_err(|e| e.to_mlir_string())
        };
        assert_eq!(check("builtin.module(func.func(cse),canonicalize)"), Ok(()));
        assert_eq!(
            check("builtin.module(foo)"),
            Err("MLIR Textual PassPipeline Parser:1:1: error: 'foo' does not refer to a \
                 registered pass or pass pipeline\nfoo\n^\n"
                .into())
        );
        assert!(check("builtin.module(cse,,cse)")
            .unwrap_err()
            .starts_with("MLIR Textual PassPipeline Parser:1:5: error: '' does not"));
        assert!(check("builtin.module( )")
            .unwrap_err()
            .starts_with("MLIR Textual PassPipeline Parser:1:2: error: '' does not"));
        assert!(check("builtin.module(func.func())")
            .unwrap_err()
            .starts_with("MLIR Textual PassPipeline Parser:1:11: error: '' does not"));
        assert!(check("builtin.module(cse})").unwrap_err().contains("'cse}' does not refer"));
        // Structure errors win over unknown names.
        assert!(check("builtin.module(foo,bar(cse)").unwrap_err().contains("unbalanced"));
    }

    #[test]
    fn multi_line_and_tab_locations() {
        let text = "cse,\n\tfoo bar,\ncse";
        let elements = parse_pipeline_elements(text).unwrap();
        let e = check_registered(&elements, text, |n| n == "cse").unwrap_err();
        assert_eq!(e.line_col(), Some((2, 2)));
        assert!(e.to_mlir_string().ends_with("\n        foo bar,\n        ^\n"));
        let e = check_registered(&parse_pipeline_elements("cse,\n\tfoo").unwrap(), "cse,\n\tfoo", |n| n == "cse")
            .unwrap_err();
        assert_eq!(
            e.to_mlir_string(),
            "MLIR Textual PassPipeline Parser:2:2: error: 'foo' does not refer to a registered \
             pass or pass pipeline\n        foo\n        ^\n"
        );
    }

    #[test]
    fn printing_with_declared_options() {
        let p = parse_pipeline("builtin.module(func.func(canonicalize{max-iterations=3}),cse)").unwrap();
        let text = print_pipeline(&p.anchor, &p.elements, &mut |name, opts| {
            if name != "canonicalize" {
                return name.to_string();
            }
            let given = parse_typed_options(
                opts,
                &[OptionSpec { name: "max-iterations", ty: OptionType::Int(IntType::I64), list: false }],
            )
            .unwrap();
            let mut all = vec![
                ("disable-patterns".to_string(), OptionValue::List(vec![])),
                ("enable-patterns".to_string(), OptionValue::List(vec![])),
                ("max-iterations".to_string(), OptionValue::Int(10)),
                ("max-num-rewrites".to_string(), OptionValue::Int(-1)),
                ("region-simplify".to_string(), OptionValue::Enum("normal".into())),
                ("test-convergence".to_string(), OptionValue::Bool(false)),
                ("top-down".to_string(), OptionValue::Bool(true)),
            ];
            for (k, v) in given {
                if let Some(slot) = all.iter_mut().find(|(n, _)| *n == k) {
                    slot.1 = v;
                }
            }
            format!("{name}{}", print_options_block(&all))
        });
        assert_eq!(
            text,
            "builtin.module(func.func(canonicalize{  max-iterations=3 max-num-rewrites=-1 \
             region-simplify=normal test-convergence=false top-down=true}),cse)"
        );
    }

    #[test]
    fn options_blocks() {
        assert_eq!(print_options_block(&[]), "");
        assert_eq!(print_options_block(&[("l".into(), OptionValue::List(vec![]))]), "{}");
        assert_eq!(
            print_rendered_options_block(&[
                ("b".into(), Some("2".into())),
                ("a".into(), None),
                ("c".into(), Some(String::new())),
            ]),
            "{ b=2 c=}"
        );
        let strings = OptionValue::List(vec![
            OptionValue::Str("x".into()),
            OptionValue::Str("\"y z\"".into()),
            OptionValue::Str("p q".into()),
        ]);
        assert_eq!(strings.render().as_deref(), Some("x,\"y z\",{p q}"));
        assert_eq!(escape_string_value("a b"), "{a b}");
        assert_eq!(escape_string_value("ab"), "ab");
        assert_eq!(escape_string_value("a{b c}"), "a{b c}");
        assert_eq!(escape_string_value("\"a b\""), "\"a b\"");
        assert_eq!(escape_string_value(""), "");
    }

    #[test]
    fn pass_option_strings() {
        let got = parse_pass_options("a b=1 list=1,2,3 s=\"x y\" nested={p={q=1} r} t='u v' e= k=v=w  {w}=z \"\"");
        let want: Vec<(String, Option<String>)> = [
            ("a", None),
            ("b", Some("1")),
            ("list", Some("1,2,3")),
            ("s", Some("x y")),
            ("nested", Some("p={q=1} r")),
            ("t", Some("u v")),
            ("e", Some("")),
            ("k", Some("v=w")),
            ("w", Some("z")),
            ("\"\"", None),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.map(str::to_string)))
        .collect();
        assert_eq!(got, want);
        // MLIR quirks: `key =v` is a bare key (and `=v` has an empty key,
        // skipped), `key= v` an empty value followed by the key `v`.
        assert_eq!(parse_pass_options("max-iterations =3"), [("max-iterations".to_string(), None)]);
        assert_eq!(parse_pass_options("x= 3"), [("x".to_string(), Some(String::new())), ("3".to_string(), None)]);
        assert_eq!(
            parse_pass_options("s=\"\" t={} u=\"a\" v={ a }"),
            [
                ("s".to_string(), Some("\"\"".to_string())),
                ("t".to_string(), Some("{}".to_string())),
                ("u".to_string(), Some("a".to_string())),
                ("v".to_string(), Some("a".to_string())),
            ]
        );
        assert_eq!(parse_pass_options("=x string=y"), [("string".to_string(), Some("y".to_string()))]);
        assert!(parse_pass_options("   ").is_empty());
        // Unbalanced braces and quotes run to the end instead of hanging.
        assert_eq!(parse_pass_options("a={x y b=\"c"), [("a".to_string(), Some("{x y b=\"c".to_string()))]);
    }

    #[test]
    fn comma_lists() {
        assert_eq!(split_comma_list("1,2,3"), ["1", "2", "3"]);
        assert_eq!(split_comma_list(""), [""]);
        assert_eq!(split_comma_list("a,b,"), ["a", "b", ""]);
        assert_eq!(
            split_comma_list("'a,b',\"c,d\",(e,f),[g,h],{i,{j,k}}"),
            ["'a,b'", "\"c,d\"", "(e,f)", "[g,h]", "{i,{j,k}}"]
        );
        assert_eq!(split_comma_list("x y},\"y z\",{p q"), ["x y}", "\"y z\"", "{p q"]);
        assert_eq!(split_comma_list("a,\"b,c"), ["a", "\"b,c"]);
    }

    #[test]
    fn typed_values_match_llvm() {
        let t = |v: Option<&str>, ty| parse_value("x", v, ty).map_err(|e| e.to_string());
        assert_eq!(t(None, OptionType::Bool), Ok(OptionValue::Bool(true)));
        assert_eq!(t(Some(""), OptionType::Bool), Ok(OptionValue::Bool(true)));
        assert_eq!(t(Some("True"), OptionType::Bool), Ok(OptionValue::Bool(true)));
        assert_eq!(t(Some("0"), OptionType::Bool), Ok(OptionValue::Bool(false)));
        assert_eq!(
            parse_bool_value("bufferize-function-boundaries", Some("yes")).unwrap_err().to_string(),
            "for the --bufferize-function-boundaries option: 'yes' is invalid value for \
             boolean argument! Try 0 or 1"
        );
        let long = OptionType::Int(IntType::I64);
        assert_eq!(t(Some("-0x10"), long), Ok(OptionValue::Int(-16)));
        assert_eq!(t(Some("010"), long), Ok(OptionValue::Int(8)));
        assert_eq!(t(Some("-9223372036854775808"), long), Ok(OptionValue::Int(i64::MIN)));
        assert_eq!(
            parse_value("max-iterations", Some("abc"), long).unwrap_err().to_string(),
            "for the --max-iterations option: 'abc' value invalid for long argument!"
        );
        assert!(t(Some("9223372036854775808"), long).is_err());
        assert!(t(Some(""), long).is_err());
        assert_eq!(
            parse_value("max-iterations", None, long).unwrap_err().to_string(),
            "for the --max-iterations option: requires a value!"
        );
        let uint = OptionType::Int(IntType::U32);
        assert_eq!(
            parse_value("analysis-fuzzer-seed", Some("-1"), uint).unwrap_err().to_string(),
            "for the --analysis-fuzzer-seed option: '-1' value invalid for uint argument!"
        );
        assert!(t(Some("4294967296"), uint).is_err());
        assert_eq!(t(Some("4294967295"), uint), Ok(OptionValue::UInt(u64::from(u32::MAX))));
        assert!(t(Some("2147483648"), OptionType::Int(IntType::I32)).is_err());
        assert_eq!(
            parse_value("list", Some("x"), OptionType::Int(IntType::I32)).unwrap_err().to_string(),
            "for the --list option: 'x' value invalid for integer argument!"
        );
        let e = parse_enum_value("region-simplify", Some("foo"), &["disabled", "normal"]).unwrap_err();
        assert_eq!(e.to_string(), "for the --region-simplify option: Cannot find option named 'foo'!");
        assert_eq!(e.choices, ["disabled", "normal"]);
        assert_eq!(t(Some(""), OptionType::Str), Ok(OptionValue::Str(String::new())));
        assert!(t(None, OptionType::Str).is_err());
        assert_eq!(
            parse_value("p", None, OptionType::Str).unwrap_err().to_string(),
            "for the -p option: requires a value!"
        );
    }

    #[test]
    fn typed_option_strings() {
        let specs = [
            OptionSpec { name: "b", ty: OptionType::Bool, list: false },
            OptionSpec { name: "num", ty: OptionType::Int(IntType::I32), list: true },
            OptionSpec { name: "s", ty: OptionType::Str, list: false },
            OptionSpec { name: "l", ty: OptionType::Str, list: true },
        ];
        let got = parse_typed_options("b num=1,2 s=a s=\"b c\" num=3 l=x,\"y z\"", &specs).unwrap();
        assert_eq!(
            got,
            [
                ("b".to_string(), OptionValue::Bool(true)),
                (
                    "num".to_string(),
                    OptionValue::List(vec![OptionValue::Int(1), OptionValue::Int(2), OptionValue::Int(3)])
                ),
                ("s".to_string(), OptionValue::Str("b c".into())),
                (
                    "l".to_string(),
                    OptionValue::List(vec![OptionValue::Str("x".into()), OptionValue::Str("\"y z\"".into())])
                ),
            ]
        );
        let e = parse_typed_options("b foo", &specs).unwrap_err();
        assert_eq!(e.kind, OptionErrorKind::NoSuchOption);
        assert_eq!(e.to_string(), "<Pass-Options-Parser>: no such option foo");
        assert_eq!(
            parse_typed_options("num", &specs).unwrap_err().to_string(),
            "for the --num option: requires a value!"
        );
        assert_eq!(
            parse_typed_options("num=", &specs).unwrap_err().to_string(),
            "for the --num option: '' value invalid for integer argument!"
        );
        assert_eq!(
            parse_typed_options("l=", &specs).unwrap(),
            [("l".to_string(), OptionValue::List(vec![OptionValue::Str(String::new())]))]
        );
    }

    #[test]
    fn no_panics_on_odd_input() {
        let samples = [
            "",
            "(",
            ")",
            "{",
            "}",
            "a(",
            "a()",
            "a(()",
            "a({)",
            "x(é{é}é)",
            "é(é,é)",
            "a(,)",
            "a(b{\"}\"})",
            "a(b{{{}})",
            "a(b)(c)",
            "a( b ,c )) ",
            "\u{a0}a(b)",
            "a(\n)",
        ];
        for s in samples {
            let _ = parse_pipeline(s).map(|p| p.check_registered(|_| false));
            let _ = parse_pipeline_elements(s).map(|e| check_registered(&e, s, |_| true));
            let _ = parse_pass_options(s);
            let _ = split_comma_list(s);
            if let Err(e) = parse_pipeline_elements(s) {
                let _ = e.to_mlir_string();
            }
        }
        let deep = "{".repeat(100_000);
        let _ = parse_pass_options(&format!("a={deep}"));
        let _ = split_comma_list(&deep);
        let _ = parse_pipeline_elements(&deep);
        let nested = "a(".repeat(10_000);
        assert!(parse_pipeline_elements(&nested).is_err());
        let closed = format!("{}b{}", "a(".repeat(100_000), ")".repeat(100_000));
        assert!(parse_pipeline_elements(&closed).unwrap_err().message.contains("nesting"));
        let ok = format!("{}b{}", "a(".repeat(MAX_NESTING), ")".repeat(MAX_NESTING));
        let elements = parse_pipeline_elements(&ok).unwrap();
        assert_eq!(print_pipeline("m", &elements, &mut |n, _| n.to_string()).len(), ok.len() + 3);
    }
}
