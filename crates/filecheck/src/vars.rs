//! FileCheck variables and numeric expressions.
//!
//! Owns the pattern context shared by all patterns of a check file: string
//! variables (`[[VAR:regex]]` / `[[VAR]]`), numeric variables
//! (`[[#VAR:]]`, `[[#%x,VAR:]]`), the `@LINE` pseudo variable, and the
//! parser/evaluator for numeric substitution blocks (`[[#VAR+1]]`,
//! `[[#add(A,B)]]`, `[[#%.4X,N:==A*2]]` ...), following LLVM 19's grammar,
//! formats and error messages.  Values are kept as `i128`, which covers every
//! value LLVM's arbitrary-precision integers take in practice; anything
//! larger is reported as an overflow.

use std::collections::{HashMap, HashSet};

use crate::source::Loc;

/// Index of a numeric variable in [`Context::numeric`].
pub(crate) type NumVarId = usize;

/// The kind of a numeric format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FormatKind {
    /// No format (literals); defaults to unsigned.
    None,
    Unsigned,
    Signed,
    HexUpper,
    HexLower,
}

/// A numeric matching format such as `%u`, `%.8X` or `%#x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Format {
    pub(crate) kind: FormatKind,
    pub(crate) precision: u32,
    pub(crate) alternate: bool,
}

impl Format {
    pub(crate) const NONE: Format = Format::new(FormatKind::None, 0, false);
    pub(crate) const UNSIGNED: Format = Format::new(FormatKind::Unsigned, 0, false);

    pub(crate) const fn new(kind: FormatKind, precision: u32, alternate: bool) -> Self {
        Format { kind, precision, alternate }
    }

    fn name(self) -> &'static str {
        match self.kind {
            FormatKind::None => "<none>",
            FormatKind::Unsigned => "%u",
            FormatKind::Signed => "%d",
            FormatKind::HexUpper => "%X",
            FormatKind::HexLower => "%x",
        }
    }

    fn is_hex(self) -> bool {
        matches!(self.kind, FormatKind::HexUpper | FormatKind::HexLower)
    }

    /// The regex (LLVM dialect) matching any value in this format.
    pub(crate) fn wildcard_regex(self) -> String {
        let prefix = if self.alternate { "0x" } else { "" };
        let (digits, first) = match self.kind {
            FormatKind::Signed => return self.with_precision("-?", "[1-9][0-9]*", "[0-9]", "-?[0-9]+"),
            FormatKind::HexUpper => ("[0-9A-F]", "[1-9A-F][0-9A-F]*"),
            FormatKind::HexLower => ("[0-9a-f]", "[1-9a-f][0-9a-f]*"),
            FormatKind::Unsigned | FormatKind::None => {
                return self.with_precision("", "[1-9][0-9]*", "[0-9]", "[0-9]+");
            }
        };
        if self.precision > 0 {
            format!("{prefix}({first})?{digits}{{{}}}", self.precision)
        } else {
            format!("{prefix}{digits}+")
        }
    }

    fn with_precision(self, sign: &str, first: &str, digit: &str, plain: &str) -> String {
        if self.precision > 0 {
            format!("{sign}({first})?{digit}{{{}}}", self.precision)
        } else {
            plain.to_string()
        }
    }

    /// Renders `value` in this format; `None` on overflow (a negative value
    /// in an unsigned format).
    pub(crate) fn render(self, value: i128) -> Option<String> {
        if self.kind != FormatKind::Signed && value < 0 {
            return None;
        }
        let abs = value.unsigned_abs();
        let digits = match self.kind {
            FormatKind::HexUpper => format!("{abs:X}"),
            FormatKind::HexLower => format!("{abs:x}"),
            _ => abs.to_string(),
        };
        let sign = if value < 0 { "-" } else { "" };
        let prefix = if self.alternate { "0x" } else { "" };
        let zeros = (self.precision as usize).saturating_sub(digits.len());
        Some(format!("{sign}{prefix}{}{digits}", "0".repeat(zeros)))
    }

    /// Parses a string matched by [`Format::wildcard_regex`].
    pub(crate) fn parse_value(self, s: &[u8]) -> Option<i128> {
        let s = std::str::from_utf8(s).ok()?;
        let (neg, s) = match s.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, s),
        };
        let s = if self.alternate && self.kind != FormatKind::Signed { s.strip_prefix("0x").unwrap_or(s) } else { s };
        let v = i128::from_str_radix(s, if self.is_hex() { 16 } else { 10 }).ok()?;
        Some(if neg { -v } else { v })
    }
}

/// A numeric variable.
#[derive(Clone, Debug)]
pub(crate) struct NumericVariable {
    pub(crate) name: String,
    pub(crate) format: Format,
    pub(crate) value: Option<i128>,
    /// Where the current value was matched in the input, if it was.
    pub(crate) matched_at: Option<(usize, usize)>,
    /// Line of the CHECK directive defining it, if any.
    pub(crate) def_line: Option<usize>,
}

/// The value of a string variable and where it was captured in the input.
pub(crate) type StringValue = (Vec<u8>, Option<(usize, usize)>);

/// Variable tables shared by all patterns (LLVM's `FileCheckPatternContext`).
#[derive(Default)]
pub(crate) struct Context {
    /// Values of defined string variables (and where they were matched).
    pub(crate) strings: HashMap<String, StringValue>,
    /// Names of string variables defined anywhere in the check file.
    pub(crate) defined_strings: HashSet<String>,
    /// All numeric variables ever created.
    pub(crate) numeric: Vec<NumericVariable>,
    /// Currently visible numeric variables by name.
    pub(crate) numeric_table: HashMap<String, NumVarId>,
    /// The `@LINE` pseudo variable.
    pub(crate) line_var: NumVarId,
}

impl Context {
    pub(crate) fn make_numeric(&mut self, name: &str, format: Format, def_line: Option<usize>) -> NumVarId {
        self.numeric.push(NumericVariable { name: name.to_string(), format, value: None, matched_at: None, def_line });
        self.numeric.len() - 1
    }

    /// Creates the `@LINE` pseudo variable.
    pub(crate) fn create_line_variable(&mut self) {
        self.line_var = self.make_numeric("@LINE", Format::UNSIGNED, None);
        self.numeric_table.insert("@LINE".to_string(), self.line_var);
    }

    /// Forgets all variables whose name does not start with `$`
    /// (`--enable-var-scope` at each CHECK-LABEL block).
    pub(crate) fn clear_local_vars(&mut self) {
        self.strings.retain(|name, _| name.starts_with('$'));
        let locals: Vec<String> = self.numeric_table.keys().filter(|name| !name.starts_with('$')).cloned().collect();
        for name in locals {
            if let Some(id) = self.numeric_table.remove(&name) {
                self.numeric[id].value = None;
                self.numeric[id].matched_at = None;
            }
        }
    }
}

/// An error produced while parsing a pattern, located in the check file.
#[derive(Clone, Debug)]
pub(crate) struct ParseError {
    pub(crate) loc: Loc,
    pub(crate) msg: String,
    /// LLVM reports this error through `logAllUnhandledErrors`, which
    /// follows the message with a blank line.
    pub(crate) logged: bool,
}

impl ParseError {
    /// An error printed directly (no trailing blank line).
    pub(crate) fn new(loc: Loc, msg: impl Into<String>) -> Self {
        ParseError { loc, msg: msg.into(), logged: false }
    }

    /// An error printed through `logAllUnhandledErrors`.
    pub(crate) fn logged(loc: Loc, msg: impl Into<String>) -> Self {
        ParseError { loc, msg: msg.into(), logged: true }
    }
}

fn err<T>(loc: Loc, msg: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError::logged(loc, msg))
}

/// Binary operations and functions of numeric expressions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Max,
    Min,
}

impl Op {
    fn function(name: &[u8]) -> Option<Op> {
        Some(match name {
            b"add" => Op::Add,
            b"div" => Op::Div,
            b"max" => Op::Max,
            b"min" => Op::Min,
            b"mul" => Op::Mul,
            b"sub" => Op::Sub,
            _ => return None,
        })
    }

    fn apply(self, a: i128, b: i128) -> Option<i128> {
        match self {
            Op::Add => a.checked_add(b),
            Op::Sub => a.checked_sub(b),
            Op::Mul => a.checked_mul(b),
            Op::Div => a.checked_div(b),
            Op::Max => Some(a.max(b)),
            Op::Min => Some(a.min(b)),
        }
    }
}

/// Numeric expression syntax tree.
#[derive(Clone, Debug)]
pub(crate) enum Ast {
    Literal(i128),
    Var { id: NumVarId, text: String, loc: Loc },
    Binary { op: Op, lhs: Box<Ast>, rhs: Box<Ast>, text: String, loc: Loc },
}

/// Why evaluating an expression failed.
#[derive(Clone, Debug)]
pub(crate) enum EvalError {
    /// Uses of undefined variables (name and location of each use).
    Undefined(Vec<(String, Loc)>),
    Overflow,
}

impl Ast {
    pub(crate) fn eval(&self, ctx: &Context) -> Result<i128, EvalError> {
        match self {
            Ast::Literal(v) => Ok(*v),
            Ast::Var { id, text, loc } => {
                ctx.numeric[*id].value.ok_or_else(|| EvalError::Undefined(vec![(text.clone(), *loc)]))
            }
            Ast::Binary { op, lhs, rhs, .. } => {
                let (l, r) = (lhs.eval(ctx), rhs.eval(ctx));
                match (l, r) {
                    (Ok(l), Ok(r)) => op.apply(l, r).ok_or(EvalError::Overflow),
                    (Err(EvalError::Undefined(mut a)), Err(EvalError::Undefined(b))) => {
                        a.extend(b);
                        Err(EvalError::Undefined(a))
                    }
                    (Err(e), _) | (_, Err(e)) => Err(e),
                }
            }
        }
    }

    fn text(&self) -> String {
        match self {
            Ast::Literal(v) => v.to_string(),
            Ast::Var { text, .. } | Ast::Binary { text, .. } => text.clone(),
        }
    }

    fn implicit_format(&self, ctx: &Context) -> Result<Format, ParseError> {
        match self {
            Ast::Literal(_) => Ok(Format::NONE),
            Ast::Var { id, .. } => Ok(ctx.numeric[*id].format),
            Ast::Binary { lhs, rhs, text, loc, .. } => {
                let l = lhs.implicit_format(ctx)?;
                let r = rhs.implicit_format(ctx)?;
                if l.kind != FormatKind::None && r.kind != FormatKind::None && l != r {
                    return err(
                        *loc,
                        format!(
                            "implicit format conflict between '{}' ({}) and '{}' ({}), need an explicit format specifier",
                            lhs.text(),
                            l.name(),
                            rhs.text(),
                            r.name()
                        ),
                    );
                }
                let _ = text;
                Ok(if l.kind != FormatKind::None { l } else { r })
            }
        }
    }
}

/// A parsed numeric substitution block.
#[derive(Clone, Debug)]
pub(crate) struct Expression {
    pub(crate) ast: Option<Ast>,
    pub(crate) format: Format,
}

/// Result of parsing the inside of `[[#...]]`.
pub(crate) struct NumericBlock {
    pub(crate) expr: Expression,
    /// The variable defined by the block, if any.
    pub(crate) defined: Option<NumVarId>,
}

/// Horizontal whitespace as FileCheck understands it.
fn is_space(c: u8) -> bool {
    c == b' ' || c == b'\t'
}

/// A cursor over expression text that remembers absolute check-file offsets.
#[derive(Clone, Copy)]
pub(crate) struct Cursor<'a> {
    pub(crate) s: &'a [u8],
    pub(crate) loc: Loc,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(s: &'a [u8], loc: Loc) -> Self {
        Cursor { s, loc }
    }

    fn advance(&mut self, n: usize) {
        self.s = &self.s[n..];
        self.loc = self.loc.plus(n);
    }

    fn ltrim(&mut self) {
        let n = self.s.iter().take_while(|&&c| is_space(c)).count();
        self.advance(n);
    }

    fn rtrim(&mut self) {
        let n = self.s.iter().rev().take_while(|&&c| is_space(c)).count();
        self.s = &self.s[..self.s.len() - n];
    }

    fn starts_with(&self, p: &[u8]) -> bool {
        self.s.starts_with(p)
    }

    fn consume(&mut self, p: &[u8]) -> bool {
        if self.starts_with(p) {
            self.advance(p.len());
            true
        } else {
            false
        }
    }

    fn is_empty(&self) -> bool {
        self.s.is_empty()
    }

    pub(crate) fn text(&self) -> String {
        String::from_utf8_lossy(self.s).into_owned()
    }
}

/// A parsed variable name.
pub(crate) struct VarName {
    pub(crate) name: String,
    pub(crate) pseudo: bool,
    pub(crate) loc: Loc,
}

/// Parses a variable name (`[$@]?[A-Za-z_][A-Za-z0-9_]*`) at the cursor.
pub(crate) fn parse_variable(c: &mut Cursor<'_>) -> Result<VarName, ParseError> {
    if c.is_empty() {
        return err(c.loc, "empty variable name");
    }
    let pseudo = c.s[0] == b'@';
    let mut i = usize::from(c.s[0] == b'$' || pseudo);
    if i == c.s.len() {
        let kind = if pseudo { "pseudo " } else { "global " };
        return err(c.loc.plus(i), format!("empty {kind}variable name"));
    }
    let first = c.s[i];
    if !(first == b'_' || first.is_ascii_alphabetic()) {
        return err(c.loc, "invalid variable name");
    }
    i += 1;
    while i < c.s.len() && (c.s[i] == b'_' || c.s[i].is_ascii_alphanumeric()) {
        i += 1;
    }
    let name = String::from_utf8_lossy(&c.s[..i]).into_owned();
    let loc = c.loc;
    c.advance(i);
    Ok(VarName { name, pseudo, loc })
}

/// Which operands [`Parser::operand`] accepts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Allowed {
    /// Legacy `[[@LINE+N]]`: the first operand must be `@LINE` ...
    LineVar,
    /// ... and the second a decimal literal.
    LegacyLiteral,
    Any,
}

/// Parser for numeric substitution blocks.
pub(crate) struct Parser<'c> {
    pub(crate) ctx: &'c mut Context,
    /// Line of the directive being parsed (`None` for command-line defines
    /// and implicit patterns).
    pub(crate) line: Option<usize>,
}

impl Parser<'_> {
    /// Parses the contents of a numeric substitution block (without `#`).
    pub(crate) fn numeric_block(&mut self, mut expr: Cursor<'_>, legacy: bool) -> Result<NumericBlock, ParseError> {
        let mut explicit = Format::NONE;
        let mut precision = 0u32;

        // Format specifier, e.g. `%.3x,`; ',' is also the argument separator.
        let comma = expr.s.iter().position(|&c| c == b',');
        let paren = expr.s.iter().position(|&c| c == b'(');
        if let Some(comma) = comma.filter(|&c| paren.is_none_or(|p| c < p)) {
            let mut spec = Cursor::new(&expr.s[..comma], expr.loc);
            expr.advance(comma + 1);
            spec.ltrim();
            spec.rtrim();
            if !spec.consume(b"%") {
                return err(spec.loc, "invalid matching format specification in expression");
            }
            let alt_loc = spec.loc;
            let alternate = spec.consume(b"#");
            if spec.consume(b".") {
                let n = spec.s.iter().take_while(|c| c.is_ascii_digit()).count();
                let value = std::str::from_utf8(&spec.s[..n]).ok().and_then(|d| d.parse::<u32>().ok());
                let Some(value) = value else {
                    return err(spec.loc, "invalid precision in format specifier");
                };
                precision = value;
                spec.advance(n);
            }
            if !spec.is_empty() {
                let kind = match spec.s[0] {
                    b'u' => FormatKind::Unsigned,
                    b'd' => FormatKind::Signed,
                    b'x' => FormatKind::HexLower,
                    b'X' => FormatKind::HexUpper,
                    _ => return err(spec.loc, "invalid format specifier in expression"),
                };
                let hex = matches!(kind, FormatKind::HexLower | FormatKind::HexUpper);
                explicit = Format::new(kind, precision, alternate && hex);
                spec.advance(1);
            }
            if alternate && !explicit.is_hex() {
                return err(alt_loc, "alternate form only supported for hex values");
            }
            spec.ltrim();
            if !spec.is_empty() {
                return err(spec.loc, "invalid matching format specification in expression");
            }
        }

        // Variable definition, if any.
        let mut def = None;
        if let Some(colon) = expr.s.iter().position(|&c| c == b':') {
            def = Some(Cursor::new(&expr.s[..colon], expr.loc));
            expr.advance(colon + 1);
        }

        expr.ltrim();
        let constrained = expr.consume(b"==");
        expr.ltrim();
        let mut ast = None;
        if expr.is_empty() {
            if constrained {
                return err(expr.loc, "empty numeric expression should not have a constraint");
            }
        } else {
            expr.rtrim();
            let outer = expr;
            let first = if legacy { Allowed::LineVar } else { Allowed::Any };
            let mut tree = self.operand(&mut expr, first, !constrained)?;
            while !expr.is_empty() {
                tree = self.binop(outer, &mut expr, tree, legacy)?;
                if legacy && !expr.is_empty() {
                    return err(expr.loc, format!("unexpected characters at end of expression '{}'", expr.text()));
                }
            }
            ast = Some(tree);
        }

        let format = if explicit.kind != FormatKind::None {
            explicit
        } else {
            match &ast {
                Some(tree) => tree.implicit_format(self.ctx)?,
                None => Format::NONE,
            }
        };
        let format =
            if format.kind == FormatKind::None { Format::new(FormatKind::Unsigned, precision, false) } else { format };
        let expr = Expression { ast, format };

        let defined = match def {
            Some(mut d) => {
                d.ltrim();
                Some(self.numeric_definition(d, format)?)
            }
            None => None,
        };
        Ok(NumericBlock { expr, defined })
    }

    fn numeric_definition(&mut self, mut c: Cursor<'_>, format: Format) -> Result<NumVarId, ParseError> {
        let v = parse_variable(&mut c)?;
        if v.pseudo {
            return err(v.loc, "definition of pseudo numeric variable unsupported");
        }
        if self.ctx.defined_strings.contains(&v.name) {
            return err(v.loc, format!("string variable with name '{}' already exists", v.name));
        }
        c.ltrim();
        if !c.is_empty() {
            return err(c.loc, "unexpected characters after numeric variable name");
        }
        if let Some(&id) = self.ctx.numeric_table.get(&v.name) {
            if self.ctx.numeric[id].format != format {
                return err(c.loc, "format different from previous variable definition");
            }
            return Ok(id);
        }
        Ok(self.ctx.make_numeric(&v.name, format, self.line))
    }

    fn variable_use(&mut self, v: VarName) -> Result<Ast, ParseError> {
        if v.pseudo && v.name != "@LINE" {
            return err(v.loc, format!("invalid pseudo numeric variable '{}'", v.name));
        }
        let id = match self.ctx.numeric_table.get(&v.name) {
            Some(&id) => id,
            None => {
                let id = self.ctx.make_numeric(&v.name, Format::UNSIGNED, None);
                self.ctx.numeric_table.insert(v.name.clone(), id);
                id
            }
        };
        let def_line = self.ctx.numeric[id].def_line;
        if def_line.is_some() && def_line == self.line {
            return err(v.loc, format!("numeric variable '{}' defined earlier in the same CHECK directive", v.name));
        }
        Ok(Ast::Var { id, text: v.name, loc: v.loc })
    }

    fn operand(&mut self, c: &mut Cursor<'_>, allowed: Allowed, maybe_constraint: bool) -> Result<Ast, ParseError> {
        if c.starts_with(b"(") {
            if allowed != Allowed::Any {
                return err(c.loc, "parenthesized expression not permitted here");
            }
            return self.paren_expr(c);
        }
        if matches!(allowed, Allowed::LineVar | Allowed::Any) {
            let save = *c;
            match parse_variable(c) {
                Ok(v) => {
                    let mut ahead = *c;
                    ahead.ltrim();
                    if ahead.starts_with(b"(") {
                        if allowed != Allowed::Any {
                            return err(v.loc, "unexpected function call");
                        }
                        return self.call_expr(c, v);
                    }
                    return self.variable_use(v);
                }
                Err(e) => {
                    if allowed == Allowed::LineVar {
                        return Err(e);
                    }
                    *c = save;
                }
            }
        }
        // Literal.
        let save = *c;
        let negative = c.consume(b"-");
        let radix_auto = allowed != Allowed::LegacyLiteral;
        if let Some((value, len)) = parse_integer(c.s, radix_auto) {
            c.advance(len);
            return Ok(Ast::Literal(if negative { -value } else { value }));
        }
        *c = save;
        let what =
            if maybe_constraint { "invalid matching constraint or operand format" } else { "invalid operand format" };
        err(save.loc, what)
    }

    fn paren_expr(&mut self, c: &mut Cursor<'_>) -> Result<Ast, ParseError> {
        c.ltrim();
        c.consume(b"(");
        c.ltrim();
        if c.is_empty() {
            return err(c.loc, "missing operand in expression");
        }
        let mut tree = self.operand(c, Allowed::Any, false)?;
        c.ltrim();
        while !c.is_empty() && !c.starts_with(b")") {
            let outer = *c;
            tree = self.binop(outer, c, tree, false)?;
            c.ltrim();
        }
        if !c.consume(b")") {
            return err(c.loc, "missing ')' at end of nested expression");
        }
        Ok(tree)
    }

    fn binop(&mut self, outer: Cursor<'_>, rest: &mut Cursor<'_>, lhs: Ast, legacy: bool) -> Result<Ast, ParseError> {
        rest.ltrim();
        if rest.is_empty() {
            return Ok(lhs);
        }
        let op_loc = rest.loc;
        let op = match rest.s[0] {
            b'+' => Op::Add,
            b'-' => Op::Sub,
            other => {
                return err(op_loc, format!("unsupported operation '{}'", char::from(other)));
            }
        };
        rest.advance(1);
        rest.ltrim();
        if rest.is_empty() {
            return err(rest.loc, "missing operand in expression");
        }
        let allowed = if legacy { Allowed::LegacyLiteral } else { Allowed::Any };
        let rhs = self.operand(rest, allowed, false)?;
        let consumed = outer.s.len() - rest.s.len();
        let text = String::from_utf8_lossy(&outer.s[..consumed]).into_owned();
        Ok(Ast::Binary { op, lhs: Box::new(lhs), rhs: Box::new(rhs), text, loc: outer.loc })
    }

    fn call_expr(&mut self, c: &mut Cursor<'_>, name: VarName) -> Result<Ast, ParseError> {
        c.ltrim();
        let Some(op) = Op::function(name.name.as_bytes()) else {
            return err(name.loc, format!("call to undefined function '{}'", name.name));
        };
        c.consume(b"(");
        c.ltrim();
        let mut args = Vec::new();
        while !c.is_empty() && !c.starts_with(b")") {
            if c.starts_with(b",") {
                return err(c.loc, "missing argument");
            }
            let outer = *c;
            let mut arg = self.operand(c, Allowed::Any, false)?;
            while !c.is_empty() {
                c.ltrim();
                if c.starts_with(b",") || c.starts_with(b")") {
                    break;
                }
                arg = self.binop(outer, c, arg, false)?;
            }
            args.push(arg);
            c.ltrim();
            if !c.consume(b",") {
                break;
            }
            c.ltrim();
            if c.starts_with(b")") {
                return err(c.loc, "missing argument");
            }
        }
        if !c.consume(b")") {
            return err(c.loc, "missing ')' at end of call expression");
        }
        if args.len() != 2 {
            return err(name.loc, format!("function '{}' takes 2 arguments but {} given", name.name, args.len()));
        }
        let rhs = args.pop().expect("two arguments");
        let lhs = args.pop().expect("two arguments");
        Ok(Ast::Binary { op, lhs: Box::new(lhs), rhs: Box::new(rhs), text: name.name, loc: name.loc })
    }
}

/// Parses an unsigned integer prefix like `StringRef::consumeInteger`:
/// with `auto_radix`, `0x`/`0b`/`0o`/leading-`0` prefixes select the radix.
/// Returns the value and the number of bytes consumed.
fn parse_integer(s: &[u8], auto_radix: bool) -> Option<(i128, usize)> {
    let (radix, skip) = if !auto_radix {
        (10, 0)
    } else if s.len() >= 2 && s[0] == b'0' && (s[1] == b'x' || s[1] == b'X') {
        (16, 2)
    } else if s.len() >= 2 && s[0] == b'0' && (s[1] == b'b' || s[1] == b'B') {
        (2, 2)
    } else if s.starts_with(b"0o") {
        (8, 2)
    } else if s.len() >= 2 && s[0] == b'0' && s[1].is_ascii_digit() {
        (8, 1)
    } else {
        (10, 0)
    };
    let digits = s[skip..].iter().take_while(|c| char::from(**c).is_digit(radix)).count();
    if digits == 0 {
        return None;
    }
    let text = std::str::from_utf8(&s[skip..skip + digits]).ok()?;
    let value = i128::from_str_radix(text, radix).ok()?;
    Some((value, skip + digits))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(ctx: &mut Context, s: &str) -> Result<NumericBlock, ParseError> {
        let mut p = Parser { ctx, line: Some(1) };
        p.numeric_block(Cursor::new(s.as_bytes(), Loc::new(0, 0)), false)
    }

    #[test]
    fn formats() {
        let hex = Format::new(FormatKind::HexUpper, 4, true);
        assert_eq!(hex.render(255).unwrap(), "0x00FF");
        assert_eq!(hex.wildcard_regex(), "0x([1-9A-F][0-9A-F]*)?[0-9A-F]{4}");
        assert_eq!(Format::UNSIGNED.render(-1), None);
        assert_eq!(Format::new(FormatKind::Signed, 0, false).render(-5).unwrap(), "-5");
        assert_eq!(hex.parse_value(b"0x00FF"), Some(255));
    }

    #[test]
    fn variables_named_like_functions() {
        let mut ctx = Context::default();
        let b = parse(&mut ctx, "add:").unwrap();
        let id = b.defined.unwrap();
        ctx.numeric_table.insert("add".into(), id);
        ctx.numeric[id].value = Some(41);
        let mut p = Parser { ctx: &mut ctx, line: Some(2) };
        let e = p.numeric_block(Cursor::new(b"add+1", Loc::new(0, 0)), false).unwrap();
        assert_eq!(e.expr.ast.unwrap().eval(&ctx).unwrap(), 42);
        let mut p = Parser { ctx: &mut ctx, line: Some(3) };
        let e = match p.numeric_block(Cursor::new(b"add(add, 2)", Loc::new(0, 0)), false) {
            Ok(e) => e,
            Err(e) => panic!("{}", e.msg),
        };
        assert_eq!(e.expr.ast.unwrap().eval(&ctx).unwrap(), 43);
    }

    #[test]
    fn expression_errors() {
        let mut ctx = Context::default();
        assert!(parse(&mut ctx, "foo(1,2)").is_err());
        assert!(parse(&mut ctx, "X*2").is_err());
        assert!(parse(&mut ctx, "%q,X:").is_err());
        assert!(parse(&mut ctx, "==").is_err());
        assert!(parse(&mut ctx, "max(1)").is_err());
    }

    #[test]
    fn literals() {
        assert_eq!(parse_integer(b"0x1f", true), Some((31, 4)));
        assert_eq!(parse_integer(b"017", true), Some((15, 3)));
        assert_eq!(parse_integer(b"017", false), Some((17, 3)));
        assert_eq!(parse_integer(b"x", true), None);
    }
}
