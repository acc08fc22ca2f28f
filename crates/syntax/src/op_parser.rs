//! Parsing of operations, regions, blocks and SSA names into an [`Ir`].
//!
//! Owns the op-level grammar: result lists, the generic op form, dispatch to
//! a registered op's custom syntax ([`OpAsm`]), regions and blocks with
//! labels and arguments, SSA value scoping (isolated-from-above scopes,
//! forward references, redefinition checks), default dialects, and the
//! top-level module (alias definitions, implicit `builtin.module`).
//! Types, attributes and locations are parsed by the parser core
//! ([`Parser`]).

use crate::asm::{OpAsm, OpState};
use crate::lexer::TokenKind;
use crate::parser::{PResult, ParseError, Parser};
use ir::entity::EntityRef;
use ir::{
    Attribute, BlockId, Context, Diagnostic, InsertPoint, Ir, Location, NamedAttr, OpId, OpSpec, RegionId, Str, Type,
    ValueId,
};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::collections::hash_map::Entry;
use std::sync::Arc;

/// Options of the reader.
#[derive(Clone, Copy, Debug, Default)]
pub struct ParseOptions {
    /// Accept ops of unregistered dialects (`--allow-unregistered-dialect`).
    pub allow_unregistered: bool,
}

/// A parsed function type with its position:
/// [`IrParser::parse_function_signature`].
#[derive(Clone, Debug)]
pub struct FunctionSignature {
    /// Where the type starts (for operand-count errors).
    pub pos: u32,
    /// The function type.
    pub ty: Type,
    /// Its inputs.
    pub inputs: Vec<Type>,
    /// Its results.
    pub results: Vec<Type>,
}

/// A use of an SSA name not yet resolved to a value: `%name` or `%name#3`.
#[derive(Clone, Copy, Debug)]
pub struct UnresolvedOperand<'a> {
    /// The name without `%`.
    pub name: &'a str,
    /// The result number after `#` (0 when absent).
    pub number: u32,
    /// Byte position of the token, for errors.
    pub pos: u32,
}

/// An argument being declared: `%name : type loc(...)`.
#[derive(Clone, Copy, Debug)]
pub struct ArgDecl<'a> {
    /// The SSA name.
    pub name: UnresolvedOperand<'a>,
    /// Its type.
    pub ty: Type,
    /// Its location.
    pub loc: Location,
}

/// The values a name stands for: `count` consecutive values from `first`
/// (a group of results of one op, or one block argument).
struct Definition {
    first: ValueId,
    count: u32,
    pos: u32,
}

/// A name as a map key: hashed like its bytes, compared inline. Names are
/// short (`%v12`, `arith.addi`), and a call to `memcmp` for each lookup
/// costs more than the comparison itself.
#[derive(Clone, Copy, Debug)]
struct Name<'a>(&'a str);

impl PartialEq for Name<'_> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        short_bytes_eq(self.0.as_bytes(), other.0.as_bytes())
    }
}

impl Eq for Name<'_> {}

impl std::hash::Hash for Name<'_> {
    #[inline]
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write(self.0.as_bytes());
    }
}

/// Byte equality with inline word compares for lengths up to 16 (two
/// overlapping loads from each end), falling back to `==` beyond.
#[inline]
fn short_bytes_eq(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    if n >= 8 {
        if n <= 16 {
            if let (Some(a0), Some(a1), Some(b0), Some(b1)) =
                (a.first_chunk::<8>(), a.last_chunk::<8>(), b.first_chunk::<8>(), b.last_chunk::<8>())
            {
                return (u64::from_ne_bytes(*a0) ^ u64::from_ne_bytes(*b0))
                    | (u64::from_ne_bytes(*a1) ^ u64::from_ne_bytes(*b1))
                    == 0;
            }
        }
        return a == b;
    }
    if n >= 4 {
        if let (Some(a0), Some(a1), Some(b0), Some(b1)) =
            (a.first_chunk::<4>(), a.last_chunk::<4>(), b.first_chunk::<4>(), b.last_chunk::<4>())
        {
            return (u32::from_ne_bytes(*a0) ^ u32::from_ne_bytes(*b0))
                | (u32::from_ne_bytes(*a1) ^ u32::from_ne_bytes(*b1))
                == 0;
        }
    }
    a.iter().zip(b).all(|(x, y)| x == y)
}

struct ForwardRef {
    value: ValueId,
    pos: u32,
}

#[derive(Default)]
struct IsolatedScope<'a> {
    values: FxHashMap<Name<'a>, Definition>,
    forward: FxHashMap<(Name<'a>, u32), ForwardRef>,
    /// Names defined per open region, removed when the region closes.
    region_defs: Vec<Vec<Name<'a>>>,
}

struct BlockScope<'a> {
    blocks: FxHashMap<&'a str, (BlockId, bool, u32)>,
}

/// Parses ops into an [`Ir`].
pub struct IrParser<'a, 'ir> {
    /// The token-level parser.
    pub p: Parser<'a>,
    /// The IR being built.
    pub ir: &'ir mut Ir,
    opts: ParseOptions,
    scopes: Vec<IsolatedScope<'a>>,
    block_scopes: Vec<BlockScope<'a>>,
    /// Errors reported together with the one a failing parse returns (MLIR
    /// reports every undeclared SSA name of a scope, not just the first).
    extra_errors: Vec<Diagnostic>,
    default_dialects: Vec<Option<&'static str>>,
    /// Generic op names already read and accepted, by their quoted token
    /// text (so they are neither unescaped, interned nor checked again).
    op_names: FxHashMap<&'a str, Str>,
    /// Reused for the attribute dictionary of each generic op.
    attr_scratch: Vec<NamedAttr>,
    /// Custom op names already resolved, with their syntax, by their token
    /// text and the address of the default dialect they were read under
    /// (default dialects are `&'static str`s; two addresses spelling the
    /// same dialect just make two entries resolving alike).
    custom_names: FxHashMap<(Name<'a>, usize), (Str, &'a dyn OpAsm)>,
    /// Emptied [`OpState`]s whose vectors keep their capacity, so a custom
    /// op's parse allocates nothing in the common case (one per nesting
    /// level is in use at a time).
    /// Boxed so that taking one out and putting it back moves a pointer,
    /// not the whole state (measured: a third of parse-time `memcpy`).
    #[allow(clippy::vec_box)]
    spare_states: Vec<Box<OpState>>,
    /// [`Self::memo`]'s entries.
    memo: FxHashMap<(usize, u64), u64>,
    /// How many results the op being parsed is bound to (`%a, %b = ...`),
    /// MLIR's `OpAsmParser::getNumResults`: valid at the start of a custom
    /// parser, before it parses nested ops.
    pub num_named_results: usize,
    /// Set by [`Self::parse_top_level`] when it created the top module.
    pub implicit_module: bool,
}

/// What [`parse_source`] returns.
pub struct ParsedModule {
    /// The IR.
    pub ir: Ir,
    /// The top-level op (a `builtin.module`).
    pub top: OpId,
    /// `{-# dialect_resources: ... #-}` entries, kept for printing.
    pub resources: Vec<crate::parser::ResourceEntry>,
    /// True when `top` was created around the file's top-level ops (the
    /// file was not one `builtin.module`): MLIR's implicit module, which a
    /// tool run with `--no-implicit-module` takes apart again.
    pub implicit_module: bool,
}

/// Parses a whole source buffer into a module. On failure returns the
/// diagnostic (the parser stops at the first error, as MLIR's does).
pub fn parse_source(
    ctx: &Arc<Context>,
    src: &str,
    file_name: &str,
    opts: ParseOptions,
) -> Result<ParsedModule, Diagnostic> {
    parse_source_all(ctx, src, file_name, opts).map_err(|mut ds| ds.swap_remove(0))
}

/// Like [`parse_source`], but a failure returns every error the parser
/// reported, in order (at least one).
pub fn parse_source_all(
    ctx: &Arc<Context>,
    src: &str,
    file_name: &str,
    opts: ParseOptions,
) -> Result<ParsedModule, Vec<Diagnostic>> {
    let mut ir = Ir::new(ctx.clone());
    // Generic-form ops take 60 to 100 bytes of text; unused capacity costs
    // only address space.
    ir.reserve(src.len() / 48);
    // A location per op; a table sized for too many would be touched all
    // over, so aim lower and let it grow once if need be.
    ctx.reserve_locations(src.len() / 80);
    let (top, resources, implicit_module) = {
        let mut parser = IrParser::new(Parser::new(ctx, src, file_name), &mut ir, opts);
        let fail = |parser: &mut IrParser<'_, '_>, e: ParseError| {
            let mut all = vec![e.0];
            all.append(&mut parser.extra_errors);
            all
        };
        let top = match parser.parse_top_level() {
            Ok(t) => t,
            Err(e) => return Err(fail(&mut parser, e)),
        };
        if let Err(e) = parser.resolve_deferred_locations(top) {
            return Err(fail(&mut parser, e));
        }
        (top, std::mem::take(&mut parser.p.resources), parser.implicit_module)
    };
    Ok(ParsedModule { ir, top, resources, implicit_module })
}

impl<'a, 'ir> IrParser<'a, 'ir> {
    /// A parser writing into `ir`.
    pub fn new(p: Parser<'a>, ir: &'ir mut Ir, opts: ParseOptions) -> Self {
        IrParser {
            p,
            ir,
            opts,
            scopes: Vec::new(),
            block_scopes: Vec::new(),
            extra_errors: Vec::new(),
            default_dialects: vec![None],
            op_names: FxHashMap::default(),
            attr_scratch: Vec::new(),
            custom_names: FxHashMap::default(),
            spare_states: Vec::new(),
            memo: FxHashMap::default(),
            num_named_results: 0,
            implicit_module: false,
        }
    }

    fn ctx(&self) -> &'a Context {
        self.p.ctx
    }

    /// A value computed once per parser for `(owner, key)` by `make`, for
    /// custom parsers that would otherwise intern the same names and
    /// attributes for every op (`owner` is the address of something the
    /// caller owns, so that callers do not collide).
    pub fn memo(&mut self, owner: usize, key: u64, make: impl FnOnce(&'a Context) -> u64) -> u64 {
        let ctx = self.p.ctx;
        *self.memo.entry((owner, key)).or_insert_with(|| make(ctx))
    }

    /// Parses the top level: alias definitions, file metadata and ops, then
    /// wraps the ops in a `builtin.module` unless the file is one (and then
    /// sets [`Self::implicit_module`]).
    pub fn parse_top_level(&mut self) -> PResult<OpId> {
        let ctx = self.ctx();
        let module_name = ctx.intern_str("builtin.module");
        let file_loc = ctx.loc(ir::LocKind::FileLineCol { file: self.p.file, line: 0, col: 0 });
        let top = self.ir.create_op(OpSpec { num_regions: 1, ..OpSpec::new(module_name, file_loc) });
        let region = self.ir.region(top, 0);
        let block = self.ir.append_block(region, &[], &[]);
        self.scopes.push(IsolatedScope::default());
        self.scopes.last_mut().expect("scope").region_defs.push(Vec::new());
        loop {
            match self.p.tok.kind {
                TokenKind::Eof => break,
                TokenKind::HashIdent | TokenKind::ExclaimIdent => self.p.parse_alias_definition()?,
                TokenKind::FileMetadataBegin => self.p.parse_file_metadata()?,
                _ => {
                    self.parse_operation(block)?;
                }
            }
        }
        self.pop_value_scope_region()?;
        self.finish_isolated_scope()?;
        // A file holding exactly one `builtin.module` is that module.
        let ops: SmallVec<[OpId; 2]> = self.ir.block_ops(block).take(2).collect();
        if ops.len() == 1 && self.ir.op_name(ops[0]) == module_name {
            let m = ops[0];
            self.ir.remove_op(m);
            self.ir.erase_op(top);
            return Ok(m);
        }
        self.implicit_module = true;
        Ok(top)
    }

    /// Replaces `loc(#alias)` placeholders whose alias was defined later in
    /// the file.
    fn resolve_deferred_locations(&mut self, top: OpId) -> PResult<()> {
        if !self.p.has_deferred_locs() {
            return Ok(());
        }
        for op in self.ir.pre_order(top) {
            let l = self.ir.op_loc(op);
            if self.p.is_deferred_loc(l) {
                let r = self.p.resolve_deferred_loc(l)?;
                self.ir.set_op_loc(op, r);
            }
            for ri in 0..self.ir.regions(op).len() {
                let r = self.ir.region(op, ri);
                let blocks: Vec<BlockId> = self.ir.region_blocks(r).collect();
                for b in blocks {
                    for i in 0..self.ir.block_args(b).len() {
                        let a = self.ir.block_arg(b, i);
                        let l = self.ir.value_loc(a);
                        if self.p.is_deferred_loc(l) {
                            let r = self.p.resolve_deferred_loc(l)?;
                            self.ir.set_value_loc(a, r);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    // ----- SSA scopes ----------------------------------------------------

    fn push_value_scope(&mut self, isolated: bool) {
        if isolated || self.scopes.is_empty() {
            self.scopes.push(IsolatedScope::default());
        }
        self.scopes.last_mut().expect("scope").region_defs.push(Vec::new());
        self.block_scopes.push(BlockScope { blocks: FxHashMap::default() });
    }

    fn pop_value_scope_region(&mut self) -> PResult<()> {
        let scope = self.scopes.last_mut().expect("scope");
        if let Some(names) = scope.region_defs.pop() {
            // A name is defined once per scope, so when the map holds as
            // many names as this region defined, they are all this region's.
            if names.len() == scope.values.len() {
                scope.values.clear();
            } else {
                for n in names {
                    scope.values.remove(&n);
                }
            }
        }
        Ok(())
    }

    fn pop_value_scope(&mut self, isolated: bool) -> PResult<()> {
        if let Some(bs) = self.block_scopes.pop() {
            let mut undefined: Vec<(&str, u32)> =
                bs.blocks.iter().filter(|(_, v)| !v.1).map(|(k, v)| (*k, v.2)).collect();
            undefined.sort_by_key(|x| x.1);
            if let Some((name, pos)) = undefined.first() {
                let _ = name;
                return Err(self.p.error_at(*pos, "reference to an undefined block"));
            }
        }
        self.pop_value_scope_region()?;
        if isolated {
            self.finish_isolated_scope()?;
        }
        Ok(())
    }

    fn finish_isolated_scope(&mut self) -> PResult<()> {
        let scope = self.scopes.pop().expect("scope");
        let mut pending: Vec<(&str, u32, u32)> = scope.forward.iter().map(|(k, v)| (k.0 .0, k.1, v.pos)).collect();
        pending.sort_by_key(|x| x.2);
        if let Some(&(_, _, pos)) = pending.first() {
            for &(_, _, later) in &pending[1..] {
                let e = self.p.error_at(later, "use of undeclared SSA value name");
                self.extra_errors.push(e.0);
            }
            return Err(self.p.error_at(pos, "use of undeclared SSA value name"));
        }
        Ok(())
    }

    /// Binds SSA names to values (`%a` for one value; `%a:2` for a group).
    /// The group is `count` consecutive values from `first` (results of one
    /// op, or a single block argument).
    fn define_values(&mut self, name: &'a str, pos: u32, first: ValueId, count: u32) -> PResult<()> {
        let scope = self.scopes.last_mut().expect("scope");
        // With no pending forward reference (the usual case), one hash
        // lookup checks the name and binds it; a redefinition is reported
        // below.
        if scope.forward.is_empty() {
            if let Entry::Vacant(slot) = scope.values.entry(Name(name)) {
                slot.insert(Definition { first, count, pos });
                if let Some(defs) = scope.region_defs.last_mut() {
                    defs.push(Name(name));
                }
                return Ok(());
            }
        }
        if let Some(prev) = scope.values.get(&Name(name)) {
            let prev_pos = prev.pos;
            let e = self.p.error_at(pos, format!("redefinition of SSA value '%{name}'"));
            return Err(self.add_note(e, prev_pos, "previously defined here"));
        }
        for i in 0..count as usize {
            if scope.forward.is_empty() {
                break;
            }
            let v = ValueId::new(first.index() + i);
            if let Some(fr) = scope.forward.remove(&(Name(name), i as u32)) {
                let (fty, vty) = (self.ir.value_type(fr.value), self.ir.value_type(v));
                if fty != vty {
                    let msg = format!(
                        "definition of SSA value '%{name}#{i}' has type {}",
                        crate::print_attr::type_to_string(self.ctx(), vty)
                    );
                    let e = self.p.error_at(pos, msg);
                    let note = format!(
                        "previously used here with type {}",
                        crate::print_attr::type_to_string(self.ctx(), fty)
                    );
                    return Err(self.add_note(e, fr.pos, &note));
                }
                self.ir.replace_all_uses(fr.value, v);
            }
        }
        let scope = self.scopes.last_mut().expect("scope");
        scope.values.insert(Name(name), Definition { first, count, pos });
        if let Some(defs) = scope.region_defs.last_mut() {
            defs.push(Name(name));
        }
        Ok(())
    }

    fn add_note(&self, mut e: ParseError, pos: u32, msg: &str) -> ParseError {
        let loc = self.p.loc_at(pos);
        e.0 = e.0.with_note(loc, msg);
        e
    }

    /// Resolves a use of an SSA name to a value of type `ty`, creating a
    /// forward reference when the name is not defined yet.
    pub fn resolve_operand(&mut self, u: UnresolvedOperand<'a>, ty: Type) -> PResult<ValueId> {
        let scope = self.scopes.last().expect("scope");
        let found: Option<(Option<ValueId>, u32)> = if let Some(def) = scope.values.get(&Name(u.name)) {
            let v = (u.number < def.count).then(|| ValueId::new(def.first.index() + u.number as usize));
            Some((v, def.pos))
        } else {
            scope.forward.get(&(Name(u.name), u.number)).map(|fr| (Some(fr.value), fr.pos))
        };
        if let Some((v, prior)) = found {
            let Some(v) = v else {
                return Err(self.p.error_at(u.pos, "reference to invalid result number"));
            };
            let vty = self.ir.value_type(v);
            if vty != ty {
                let msg = format!(
                    "use of value '%{}' expects different type than prior uses: '{}' vs '{}'",
                    u.name,
                    crate::print_attr::type_to_string(self.ctx(), ty),
                    crate::print_attr::type_to_string(self.ctx(), vty)
                );
                let e = self.p.error_at(u.pos, msg);
                return Err(self.add_note(e, prior, "prior use here"));
            }
            return Ok(v);
        }
        let loc = self.p.loc_at(u.pos);
        let v = self.ir.create_detached_value(ty, loc);
        let key = (Name(u.name), u.number);
        self.scopes.last_mut().expect("scope").forward.insert(key, ForwardRef { value: v, pos: u.pos });
        Ok(v)
    }

    /// Parses a function type at the current token (the trailing
    /// `(T, U) -> R` of call-like custom syntax), reporting `msg` at its
    /// position when the type is of another kind.
    pub fn parse_function_signature(&mut self, msg: &str) -> PResult<FunctionSignature> {
        let pos = self.p.tok.start;
        let ty = self.p.parse_type()?;
        match self.ctx().function_sig(ty) {
            Some((inputs, results)) => {
                Ok(FunctionSignature { pos, ty, inputs: inputs.to_vec(), results: results.to_vec() })
            }
            None => Err(self.p.error_at(pos, msg)),
        }
    }

    /// [`Self::parse_function_signature`], then `operands` resolved against
    /// its inputs: the operand values and the result types.
    pub fn parse_call_signature(
        &mut self,
        operands: &[UnresolvedOperand<'a>],
        msg: &str,
    ) -> PResult<(Vec<ValueId>, Vec<Type>)> {
        let sig = self.parse_function_signature(msg)?;
        let values = self.resolve_operands(operands, &sig.inputs, sig.pos)?;
        Ok((values, sig.results))
    }

    /// Resolves a list of operands against a list of types.
    pub fn resolve_operands(
        &mut self,
        us: &[UnresolvedOperand<'a>],
        tys: &[Type],
        err_pos: u32,
    ) -> PResult<Vec<ValueId>> {
        let mut out = Vec::with_capacity(us.len());
        self.resolve_operands_into(us, tys, err_pos, |v| out.push(v))?;
        Ok(out)
    }

    /// [`Self::resolve_operands`] appending to `out` (which custom parsers
    /// can reuse, e.g. [`OpState::operands`]).
    pub fn resolve_operands_to(
        &mut self,
        us: &[UnresolvedOperand<'a>],
        tys: &[Type],
        err_pos: u32,
        out: &mut Vec<ValueId>,
    ) -> PResult<()> {
        out.reserve(us.len());
        self.resolve_operands_into(us, tys, err_pos, |v| out.push(v))
    }

    /// [`Self::resolve_operands`] handing each value to `out`.
    fn resolve_operands_into(
        &mut self,
        us: &[UnresolvedOperand<'a>],
        tys: &[Type],
        err_pos: u32,
        mut out: impl FnMut(ValueId),
    ) -> PResult<()> {
        if us.len() != tys.len() {
            return Err(self.p.error_at(err_pos, format!("{} operands present, but expected {}", us.len(), tys.len())));
        }
        for (&u, &t) in us.iter().zip(tys) {
            out(self.resolve_operand(u, t)?);
        }
        Ok(())
    }

    // ----- SSA syntax ----------------------------------------------------

    /// At a `%name` token: parses `%name` or `%name#N`.
    pub fn parse_operand(&mut self) -> PResult<UnresolvedOperand<'a>> {
        if !self.p.at(TokenKind::PercentIdent) {
            return Err(self.p.wrong_token_error("expected SSA operand"));
        }
        let pos = self.p.tok.start;
        let name = &self.p.tok_text()[1..];
        self.p.bump();
        let mut number = 0;
        if self.p.at(TokenKind::HashIdent) {
            match self.p.tok_text()[1..].parse::<u32>() {
                Ok(k) => number = k,
                Err(_) => return Err(self.p.error_here("invalid SSA value result number")),
            }
            self.p.bump();
        }
        Ok(UnresolvedOperand { name, number, pos })
    }

    /// Parses `%a, %b#1` (possibly empty) up to a non-`%` token.
    pub fn parse_operand_list(&mut self) -> PResult<Vec<UnresolvedOperand<'a>>> {
        let mut out = Vec::new();
        self.parse_operand_list_into(|u| out.push(u))?;
        Ok(out)
    }

    /// [`Self::parse_operand_list`] appending to `out`.
    fn parse_operand_list_into(&mut self, mut out: impl FnMut(UnresolvedOperand<'a>)) -> PResult<()> {
        if !self.p.at(TokenKind::PercentIdent) {
            return Ok(());
        }
        loop {
            out(self.parse_operand()?);
            if !self.p.eat(TokenKind::Comma) {
                break;
            }
        }
        Ok(())
    }

    /// Parses `(%a, %b)`.
    pub fn parse_paren_operand_list(&mut self) -> PResult<Vec<UnresolvedOperand<'a>>> {
        self.p.expect(TokenKind::LParen, "expected '('")?;
        let l = self.parse_operand_list()?;
        self.p.expect(TokenKind::RParen, "expected ')' in operand list")?;
        Ok(l)
    }

    /// At `@name` or `@"quoted name"`: returns the symbol name.
    pub fn parse_symbol_name(&mut self) -> PResult<String> {
        if !self.p.at(TokenKind::AtIdent) {
            return Err(self.p.error_here("expected valid '@'-identifier for symbol name"));
        }
        let text = &self.p.tok_text()[1..];
        let name = if text.starts_with('"') { self.p.string_text(self.p.tok) } else { text.to_string() };
        self.p.bump();
        Ok(name)
    }

    /// Parses `t1, t2, ...` (at least one type).
    pub fn parse_type_list(&mut self) -> PResult<Vec<Type>> {
        let mut out = vec![self.p.parse_type()?];
        while self.p.eat(TokenKind::Comma) {
            out.push(self.p.parse_type()?);
        }
        Ok(out)
    }

    // ----- operations ----------------------------------------------------

    /// Parses one operation and appends it to `block`.
    pub fn parse_operation(&mut self, block: BlockId) -> PResult<OpId> {
        let start = self.p.tok.start;
        // Result list.
        let mut result_groups: SmallVec<[(&'a str, u32, u32); 2]> = SmallVec::new();
        if self.p.at(TokenKind::PercentIdent) {
            loop {
                let pos = self.p.tok.start;
                let text = &self.p.tok_text()[1..];
                self.p.bump();
                let mut count = 1u32;
                if self.p.eat(TokenKind::Colon) {
                    if !self.p.at(TokenKind::Integer) {
                        return Err(self.p.error_here("expected integer number of results"));
                    }
                    let n = self.p.tok_text().parse::<u32>().unwrap_or(0);
                    if n < 1 {
                        return Err(self.p.error_here("expected named operation to have at least 1 result"));
                    }
                    count = n;
                    self.p.bump();
                }
                result_groups.push((text, count, pos));
                if !self.p.eat(TokenKind::Comma) {
                    break;
                }
            }
            self.p.expect(TokenKind::Equal, "expected '=' after SSA name")?;
        }
        self.num_named_results = result_groups.iter().map(|g| g.1 as usize).sum();
        let op = match self.p.tok.kind {
            TokenKind::String => self.parse_generic_op()?,
            TokenKind::BareIdent => self.parse_custom_op()?,
            _ => return Err(self.p.error_here("expected operation name in quotes")),
        };
        // Results.
        let expected: u32 = result_groups.iter().map(|g| g.1).sum();
        if !result_groups.is_empty() && expected as usize != self.ir.num_results(op) {
            let msg = if self.ir.num_results(op) == 0 {
                "cannot name an operation with no results".to_string()
            } else {
                format!("operation defines {} results but was provided {} to bind", self.ir.num_results(op), expected)
            };
            self.ir.erase_op(op);
            return Err(self.p.error_at(start, msg));
        }
        self.ir.insert_op(op, InsertPoint::BlockEnd(block));
        let mut next = 0usize;
        for (name, count, pos) in result_groups {
            let first = self.ir.result(op, next);
            next += count as usize;
            self.define_values(name, pos, first, count)?;
        }
        Ok(op)
    }

    /// Optional trailing `loc(...)`.
    pub fn parse_trailing_location(&mut self, default: Location) -> PResult<Location> {
        if self.p.at_keyword("loc") {
            self.p.bump();
            return self.p.parse_location_body();
        }
        Ok(default)
    }

    /// MLIR's error for a custom op whose dialect is not registered, with
    /// the note listing the registered dialects.
    fn dialect_not_found(&self, pos: u32, dialect: &str, name: &str, tried: Option<&str>) -> ParseError {
        let ctx = self.ctx();
        let mut msg = format!("Dialect `{dialect}' not found for custom op '{name}' ");
        if let Some(t) = tried {
            msg.push_str(&format!(" (tried '{t}' as well)"));
        }
        let mut names: Vec<&str> = ctx.registry().dialect_names().map(|d| ctx.str(d)).collect();
        names.sort_unstable();
        let note = format!(
            "Registered dialects: {} ; for more info on dialect registration see \
             https://mlir.llvm.org/getting_started/Faq/#registered-loaded-dependent-whats-up-with-dialects-management",
            names.join(", ")
        );
        self.add_note(self.p.error_at(pos, msg), pos, &note)
    }

    fn check_registered(&mut self, name: &str, pos: u32, custom: bool) -> PResult<()> {
        let ctx = self.ctx();
        let s = ctx.intern_str(name);
        if ctx.registry().op(s).is_some() {
            return Ok(());
        }
        let dialect = name.split_once('.').map(|(d, _)| d).unwrap_or("");
        let dinfo = ctx.lookup_str(dialect).and_then(|d| ctx.registry().dialect(d));
        match dinfo {
            Some(d) if d.allow_unknown_ops => Ok(()),
            Some(_) if !custom => Ok(()),
            Some(_) => {
                if custom {
                    Err(self.p.error_at(pos, format!("custom op '{name}' is unknown")))
                } else {
                    let e = self.p.error_at(
                        pos,
                        format!("unregistered operation '{name}' found in dialect ('{dialect}') that does not allow unknown operations"),
                    );
                    Err(e)
                }
            }
            None if self.opts.allow_unregistered && !custom => Ok(()),
            None if custom => Err(self.dialect_not_found(pos, dialect, name, None)),
            None => Err(self.p.error_at(
                self.p.tok.start,
                "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used",
            )),
        }
    }

    /// A generic op (`"name"(...) ... : type loc(...)`) without result
    /// names, created detached (MLIR's `parseGenericOperation`, for custom
    /// parsers that wrap an op, like `test.wrapping_region`).
    pub fn parse_generic_operation(&mut self) -> PResult<OpId> {
        if !self.p.at(TokenKind::String) {
            return Err(self.p.error_here("expected operation name in quotes"));
        }
        self.parse_generic_op()
    }

    fn parse_generic_op(&mut self) -> PResult<OpId> {
        let ctx = self.ctx();
        let name_pos = self.p.tok.start;
        let quoted = self.p.tok_text();
        let known = self.op_names.get(quoted).copied();
        let (name_str, new_name) = match known {
            Some(s) => {
                self.p.bump();
                (s, None)
            }
            None => {
                let name = match String::from_utf8(self.p.parse_string()?) {
                    Ok(s) if !s.is_empty() => s,
                    _ => return Err(self.p.error_at(name_pos, "empty operation name is invalid")),
                };
                (ctx.intern_str(&name), Some(name))
            }
        };
        let loc = self.p.loc_at(name_pos);
        // MLIR reports a missing dialect at the token after the name.
        if !self.p.at(TokenKind::LParen) {
            return Err(self.p.wrong_token_error("expected '(' to start operand list"));
        }
        if let Some(name) = new_name {
            self.check_registered(&name, name_pos, false)?;
            self.op_names.insert(quoted, name_str);
        }
        self.p.bump();
        let mut operands: SmallVec<[UnresolvedOperand<'a>; 4]> = SmallVec::new();
        self.parse_operand_list_into(|u| operands.push(u))?;
        self.p.expect(TokenKind::RParen, "expected ')' to end operand list")?;
        // Successors.
        let mut successors: SmallVec<[BlockId; 2]> = SmallVec::new();
        if self.p.eat(TokenKind::LSquare) {
            loop {
                successors.push(self.parse_successor()?);
                if self.p.eat(TokenKind::Comma) {
                    continue;
                }
                if self.p.eat(TokenKind::RSquare) {
                    break;
                }
                return Err(self.p.wrong_token_error("expected ',' or ']'"));
            }
        }
        // Properties.
        let mut props_attr: Option<Attribute> = None;
        if self.p.at(TokenKind::Less) {
            self.p.bump();
            let a = self.p.parse_attribute(None)?;
            self.p.expect(TokenKind::Greater, "expected '>' to close properties")?;
            props_attr = Some(a);
        }
        // Regions.
        let mut regions: SmallVec<[RegionId; 2]> = SmallVec::new();
        if self.p.at(TokenKind::LParen) {
            self.p.bump();
            // A generic op keeps the enclosing default dialect.
            let inherited = self.default_dialects.last().copied().flatten();
            self.default_dialects.push(inherited);
            loop {
                let r = self.ir.create_region();
                self.parse_region(r, &[], false)?;
                regions.push(r);
                if !self.p.eat(TokenKind::Comma) {
                    break;
                }
            }
            self.default_dialects.pop();
            self.p.expect(TokenKind::RParen, "expected ')' to end region list")?;
        }
        // Nested ops are done with, so the scratch list is free.
        let mut attrs = std::mem::take(&mut self.attr_scratch);
        attrs.clear();
        let r = self.finish_generic_op(name_str, loc, &operands, &successors, props_attr, &regions, &mut attrs);
        self.attr_scratch = attrs;
        r
    }

    /// The part of [`Self::parse_generic_op`] after the regions: attributes,
    /// the function type, the location, and the op itself.
    #[allow(clippy::too_many_arguments)]
    fn finish_generic_op(
        &mut self,
        name_str: Str,
        loc: Location,
        operands: &[UnresolvedOperand<'a>],
        successors: &[BlockId],
        props_attr: Option<Attribute>,
        regions: &[RegionId],
        attrs: &mut Vec<NamedAttr>,
    ) -> PResult<OpId> {
        let ctx = self.ctx();
        if self.p.at(TokenKind::LBrace) {
            self.p.parse_attr_dict(attrs)?;
        }
        self.p.expect(TokenKind::Colon, "expected ':' followed by operation type")?;
        let ty_pos = self.p.tok.start;
        let fty = self.p.parse_line_end_type()?;
        let Some((ins, outs)) = ctx.function_sig(fty) else {
            return Err(self.p.error_at(ty_pos, "expected function type"));
        };
        if ins.len() != operands.len() {
            return Err(self.p.error_at(
                ty_pos,
                format!("expected {} operand type{} but had {}", operands.len(), plural(operands.len()), ins.len()),
            ));
        }
        let mut values: SmallVec<[ValueId; 4]> = SmallVec::new();
        self.resolve_operands_into(operands, ins, ty_pos, |v| values.push(v))?;
        let loc = self.parse_trailing_location(loc)?;
        // Registered ops keep inherent attributes with the others; an
        // unregistered op keeps its properties dictionary as is.
        let info = ctx.registry().op(name_str);
        let registered = info.is_some();
        let mut props = None;
        if let Some(pa) = props_attr {
            if registered {
                if let ir::AttrKind::Dictionary(entries) = ctx.attr_kind(pa) {
                    for e in entries.iter() {
                        if !attrs.iter().any(|a| a.name == e.name) {
                            attrs.push(*e);
                        }
                    }
                } else {
                    return Err(self.p.error_at(ty_pos, "expected a dictionary of properties"));
                }
            } else {
                props = Some(pa);
            }
        }
        for d in info.map_or(&[][..], |i| &i.default_attrs[..]) {
            if !attrs.iter().any(|a| a.name == d.name) {
                attrs.push(*d);
            }
        }
        let op = self.ir.create_op(OpSpec {
            name: name_str,
            loc,
            operands: &values,
            results: outs,
            attrs,
            successors,
            num_regions: 0,
            props,
        });
        for &r in regions {
            self.ir.attach_region(op, r);
        }
        Ok(op)
    }

    fn parse_custom_op(&mut self) -> PResult<OpId> {
        let ctx = self.ctx();
        let pos = self.p.tok.start;
        let text = self.p.tok_text();
        // Resolve the full name: as written, with the default dialect, or builtin.
        let mut full: Option<(Str, &dyn OpAsm)> = None;
        // As MLIR: an unprefixed name is looked up in the enclosing op's
        // default dialect (`func` inside `func.func`), else in `builtin`.
        let default = match self.default_dialects.last() {
            Some(Some(d)) => *d,
            _ => "builtin",
        };
        let registered = |c: &str| {
            let s = ctx.lookup_str(c)?;
            Some((s, ctx.registry().interface::<dyn OpAsm>(s)?))
        };
        // (A dotted name may be a nested op name with the dialect elided,
        // like `forall.in_parallel` inside `scf.forall`.)
        let dotted = || text.contains('.');
        let with_default = || !default.is_empty() || !dotted();
        let key = (Name(text), default.as_ptr() as usize);
        if let Some(&found) = self.custom_names.get(&key) {
            full = Some(found);
        } else {
            if dotted() {
                full = registered(text);
            }
            if full.is_none() && with_default() {
                full = registered(&format!("{default}.{text}"));
            }
            if let Some(found) = full {
                self.custom_names.insert(key, found);
            }
        }
        let Some((name, asm)) = full else {
            let tried = if with_default() { format!("{default}.{text}") } else { text.to_string() };
            if text.contains('.') {
                self.check_registered(text, pos, true)?;
            } else if default.is_empty() {
                return Err(self.dialect_not_found(pos, "", text, Some(&format!(".{text}"))));
            }
            // MLIR tries the default dialect only for a name without a dot.
            if dotted() {
                return Err(self.p.error_at(pos, format!("custom op '{text}' is unknown")));
            }
            return Err(self.p.error_at(pos, format!("custom op '{text}' is unknown (tried '{tried}' as well)")));
        };
        self.p.bump();
        let loc = self.p.loc_at(pos);
        let mut st = match self.spare_states.pop() {
            Some(mut st) => {
                st.reset(name, loc);
                st
            }
            None => Box::new(OpState::new(name, loc)),
        };
        // MLIR pushes the op's default dialect, "" when it has none.
        self.default_dialects.push(Some(asm.default_dialect().unwrap_or("")));
        let r = asm.parse(self, &mut st);
        self.default_dialects.pop();
        let r = r.and_then(|()| self.parse_trailing_location(st.loc));
        let op = r.map(|loc| {
            let op = self.ir.create_op(OpSpec {
                name,
                loc,
                operands: &st.operands,
                results: &st.result_types,
                attrs: &st.attrs,
                successors: &st.successors,
                num_regions: 0,
                props: st.props,
            });
            for &r in &st.regions {
                self.ir.attach_region(op, r);
            }
            op
        });
        self.spare_states.push(st);
        op
    }

    // ----- regions and blocks ----------------------------------------------

    /// At `^name`: returns the block, creating a forward reference.
    pub fn parse_successor(&mut self) -> PResult<BlockId> {
        if !self.p.at(TokenKind::CaretIdent) {
            return Err(self.p.error_here("expected block name"));
        }
        let pos = self.p.tok.start;
        let name = &self.p.tok_text()[1..];
        self.p.bump();
        Ok(self.block_ref(name, pos, false))
    }

    /// Parses `^bb1` or `^bb1(%a, %b : i32, f32)`; returns the block and
    /// the resolved operands.
    pub fn parse_successor_and_use_list(&mut self) -> PResult<(BlockId, Vec<ValueId>)> {
        let b = self.parse_successor()?;
        let mut vals = Vec::new();
        if self.p.eat(TokenKind::LParen) {
            let ops = self.parse_operand_list()?;
            self.p.expect(TokenKind::Colon, "expected ':' in successor operand list")?;
            let pos = self.p.tok.start;
            let tys = self.parse_type_list()?;
            vals = self.resolve_operands(&ops, &tys, pos)?;
            self.p.expect(TokenKind::RParen, "expected ')' to end successor operand list")?;
        }
        Ok((b, vals))
    }

    fn block_ref(&mut self, name: &'a str, pos: u32, defining: bool) -> BlockId {
        let Some(scope) = self.block_scopes.last_mut() else {
            return self.ir.create_block(&[], &[]);
        };
        if let Some(entry) = scope.blocks.get_mut(name) {
            if defining {
                entry.1 = true;
            }
            return entry.0;
        }
        let b = self.ir.create_block(&[], &[]);
        scope.blocks.insert(name, (b, defining, pos));
        b
    }

    /// Parses `{ blocks }` into `region`. `entry_args` are arguments the
    /// custom syntax declared (e.g. a function signature); `shadowing`
    /// starts a fresh SSA scope where names from above are invisible (MLIR's
    /// `enableNameShadowing`; no upstream op uses it in its parser, so
    /// values from enclosing regions stay visible and isolation is left to
    /// the verifier, as in MLIR).
    pub fn parse_region(&mut self, region: RegionId, entry_args: &[ArgDecl<'a>], shadowing: bool) -> PResult<()> {
        let isolated = shadowing;
        if self.block_scopes.len() >= crate::parser::MAX_NESTING as usize && self.p.at(TokenKind::LBrace) {
            let max = crate::parser::MAX_NESTING;
            return Err(self.p.error_here(format!("exceeded the maximum region nesting depth of {max}")));
        }
        self.p.expect(TokenKind::LBrace, "expected '{' to begin a region")?;
        self.push_value_scope(isolated);
        let r = self.parse_region_body(region, entry_args);
        match r {
            Ok(()) => self.pop_value_scope(isolated),
            Err(e) => Err(e),
        }
    }

    fn parse_region_body(&mut self, region: RegionId, entry_args: &[ArgDecl<'a>]) -> PResult<()> {
        if self.p.eat(TokenKind::RBrace) {
            if !entry_args.is_empty() {
                let b = self.ir.append_block(region, &[], &[]);
                self.add_entry_args(b, entry_args)?;
            }
            return Ok(());
        }
        if !self.p.at(TokenKind::CaretIdent) {
            let b = self.ir.append_block(region, &[], &[]);
            self.add_entry_args(b, entry_args)?;
            self.parse_block_ops(b)?;
        } else if !entry_args.is_empty() {
            return Err(self.p.error_here("invalid block name in region with named arguments"));
        }
        while self.p.at(TokenKind::CaretIdent) {
            self.parse_block(region)?;
        }
        self.p.expect(TokenKind::RBrace, "expected '}' to end region")?;
        Ok(())
    }

    fn add_entry_args(&mut self, b: BlockId, args: &[ArgDecl<'a>]) -> PResult<()> {
        for a in args {
            let prior = self.scopes.last().and_then(|s| s.values.get(&Name(a.name.name))).map(|d| d.pos);
            if let Some(prior) = prior {
                let e =
                    self.p.error_at(a.name.pos, format!("region entry argument '%{}' is already in use", a.name.name));
                return Err(self.add_note(e, prior, "previously referenced here"));
            }
            let v = self.ir.add_block_arg(b, a.ty, a.loc);
            self.define_values(a.name.name, a.name.pos, v, 1)?;
        }
        Ok(())
    }

    fn parse_block_ops(&mut self, b: BlockId) -> PResult<()> {
        while !matches!(self.p.tok.kind, TokenKind::CaretIdent | TokenKind::RBrace | TokenKind::Eof) {
            self.parse_operation(b)?;
        }
        if self.p.at(TokenKind::Eof) {
            return Err(self.p.error_here("expected '}' to end region"));
        }
        Ok(())
    }

    fn parse_block(&mut self, region: RegionId) -> PResult<()> {
        let pos = self.p.tok.start;
        let name = &self.p.tok_text()[1..];
        self.p.bump();
        if let Some(&(_, true, _)) = self.block_scopes.last().and_then(|s| s.blocks.get(name)) {
            return Err(self.p.error_at(pos, format!("redefinition of block '^{name}'")));
        }
        let b = self.block_ref(name, pos, true);
        self.ir.insert_block(region, b, None);
        if self.p.eat(TokenKind::LParen) {
            if !self.p.at(TokenKind::RParen) {
                loop {
                    let a = self.parse_arg_decl(true)?;
                    let v = self.ir.add_block_arg(b, a.ty, a.loc);
                    self.define_values(a.name.name, a.name.pos, v, 1)?;
                    if !self.p.eat(TokenKind::Comma) {
                        break;
                    }
                }
            }
            self.p.expect(TokenKind::RParen, "expected ')' to end argument list")?;
        }
        self.p.expect(TokenKind::Colon, "expected ':' after block name")?;
        self.parse_block_ops(b)
    }

    /// Parses `%name : type` with an optional trailing `loc(...)`.
    pub fn parse_arg_decl(&mut self, allow_loc: bool) -> PResult<ArgDecl<'a>> {
        let name = self.parse_operand()?;
        self.p.expect(TokenKind::Colon, "expected ':' and type for SSA operand")?;
        let ty = self.p.parse_type()?;
        let mut loc = self.p.loc_at(name.pos);
        if allow_loc && self.p.at_keyword("loc") {
            self.p.bump();
            loc = self.p.parse_location_body()?;
        }
        Ok(ArgDecl { name, ty, loc })
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

#[cfg(test)]
mod tests {
    use super::short_bytes_eq;

    /// Against `==` for every length up to 20 (each word-compare branch
    /// and the fallback), with a difference at every position and slices
    /// of different lengths.
    #[test]
    fn short_bytes_eq_agrees_with_slice_eq() {
        let base: Vec<u8> = (0..20u8).map(|i| b'a' + i).collect();
        for n in 0..=base.len() {
            let a = &base[..n];
            assert!(short_bytes_eq(a, a));
            let copy = a.to_vec();
            assert!(short_bytes_eq(a, &copy));
            for i in 0..n {
                let mut b = a.to_vec();
                b[i] ^= 0x20;
                assert!(!short_bytes_eq(a, &b), "length {n}, differing at {i}");
            }
            if n > 0 {
                assert!(!short_bytes_eq(a, &base[..n - 1]));
            }
        }
    }
}
