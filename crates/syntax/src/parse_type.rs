//! Parsing of builtin types, type aliases and opaque dialect types, with
//! MLIR's shape-list lexing rules (`4x?xf32`, `0x4` as a dimension) and
//! MLIR's validity checks and messages.

use ir::{AttrKind, Attribute, FloatKind, Signedness, Type, TypeKind, DYNAMIC};

use crate::lexer::TokenKind;
use crate::parser::{PResult, Parser};

/// `IntegerType::kMaxWidth`.
pub const MAX_INT_WIDTH: u32 = (1 << 24) - 1;

/// The float kind spelled `kw` (`f32`, `bf16`, `f8E4M3FN`, ...).
pub fn float_kind_from_keyword(kw: &str) -> Option<FloatKind> {
    FloatKind::from_keyword(kw)
}

/// Splits an integer type spelling (`i32`, `si8`, `ui1`) into its sign
/// and width digits, as MLIR's lexer recognises them.
pub fn int_type_spelling(s: &str) -> Option<(Signedness, &str)> {
    let b = s.as_bytes();
    let all_digits = |d: &[u8]| d.iter().all(u8::is_ascii_digit);
    if b.len() > 1 && b[0] == b'i' && all_digits(&b[1..]) {
        return Some((Signedness::Signless, &s[1..]));
    }
    if b.len() > 2 && b[1] == b'i' && all_digits(&b[2..]) {
        match b[0] {
            b's' => return Some((Signedness::Signed, &s[2..])),
            b'u' => return Some((Signedness::Unsigned, &s[2..])),
            _ => {}
        }
    }
    None
}

/// True for a type MLIR accepts as a tensor element.
pub fn is_valid_tensor_elem(ctx: &ir::Context, t: Type) -> bool {
    !matches!(
        ctx.kind(t),
        TypeKind::None
            | TypeKind::Function { .. }
            | TypeKind::Tuple(_)
            | TypeKind::Tensor { .. }
            | TypeKind::UnrankedTensor { .. }
            | TypeKind::MemRef { .. }
            | TypeKind::UnrankedMemRef { .. }
    )
}

/// The dialects `mlir-opt-19` registers. Their attributes and types are
/// dialect (non-builtin) values there, unlike those of unknown dialects,
/// which become builtin opaque attributes and types.
pub const MLIR_OPT_DIALECTS: &[&str] = &[
    "acc",
    "affine",
    "amdgpu",
    "amx",
    "arith",
    "arm_neon",
    "arm_sme",
    "arm_sve",
    "async",
    "bufferization",
    "builtin",
    "cf",
    "complex",
    "dlti",
    "emitc",
    "func",
    "gpu",
    "index",
    "irdl",
    "linalg",
    "llvm",
    "math",
    "memref",
    "mesh",
    "ml_program",
    "mpi",
    "nvgpu",
    "nvvm",
    "omp",
    "pdl",
    "pdl_interp",
    "polynomial",
    "ptr",
    "quant",
    "rocdl",
    "scf",
    "shape",
    "sparse_tensor",
    "spirv",
    "tensor",
    "test",
    "test_dyn",
    "tosa",
    "transform",
    "ub",
    "vector",
    "x86vector",
    "xegpu",
];

/// True when `dialect` is registered in `mlir-opt-19`.
pub fn is_registered_dialect(dialect: &str) -> bool {
    MLIR_OPT_DIALECTS.contains(&dialect)
}

/// True for a type MLIR accepts as a memref element (types of registered
/// dialects are assumed to implement `MemRefElementTypeInterface`).
pub fn is_valid_memref_elem(ctx: &ir::Context, t: Type) -> bool {
    match ctx.kind(t) {
        TypeKind::Integer { .. }
        | TypeKind::Index
        | TypeKind::Float(_)
        | TypeKind::Complex(_)
        | TypeKind::Vector { .. }
        | TypeKind::MemRef { .. }
        | TypeKind::UnrankedMemRef { .. } => true,
        TypeKind::Opaque { dialect, .. } => is_registered_dialect(ctx.str(*dialect)),
        _ => false,
    }
}

/// True for a type MLIR accepts as a vector element.
pub fn is_valid_vector_elem(ctx: &ir::Context, t: Type) -> bool {
    matches!(ctx.kind(t), TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_))
}

impl<'a> Parser<'a> {
    /// True when the current token can start a type.
    pub fn at_type_start(&self) -> bool {
        match self.tok.kind {
            TokenKind::LParen | TokenKind::ExclaimIdent => true,
            TokenKind::BareIdent => {
                let s = self.tok_text();
                matches!(s, "memref" | "tensor" | "complex" | "tuple" | "vector" | "index" | "none")
                    || int_type_spelling(s).is_some()
                    || float_kind_from_keyword(s).is_some()
            }
            _ => false,
        }
    }

    /// Parses a type if the current token can start one.
    pub fn parse_optional_type(&mut self) -> PResult<Option<Type>> {
        if self.at_type_start() {
            self.parse_type().map(Some)
        } else {
            Ok(None)
        }
    }

    /// The signless integer type `iN` at the current token when it is
    /// short enough (at most 7 digits) that no width error is possible:
    /// the commonest type, parsed without the general path's dispatch.
    /// `None` leaves the token to the general path.
    #[inline]
    fn parse_short_int_type(&mut self) -> Option<Type> {
        if self.tok.kind != TokenKind::BareIdent || self.depth() >= crate::parser::MAX_NESTING {
            return None;
        }
        let b = self.tok_text().as_bytes();
        if b.len() < 2 || b.len() > 8 || b[0] != b'i' {
            return None;
        }
        let mut width = 0u32;
        for &c in &b[1..] {
            if !c.is_ascii_digit() {
                return None;
            }
            width = width * 10 + u32::from(c - b'0');
        }
        self.bump();
        Some(self.ctx.int_ty(width))
    }

    /// Parses any type, including function types.
    pub fn parse_type(&mut self) -> PResult<Type> {
        if let Some(t) = self.parse_short_int_type() {
            return Ok(t);
        }
        self.parse_type_memo(|p| {
            p.nested(
                |p| if p.at(TokenKind::LParen) { p.parse_function_type() } else { p.parse_non_function_type_inner() },
            )
        })
    }

    /// `(t, t)`, possibly empty.
    pub fn parse_type_list_parens(&mut self) -> PResult<Vec<Type>> {
        self.expect(TokenKind::LParen, "expected '('")?;
        let mut v = Vec::new();
        if self.eat(TokenKind::RParen) {
            return Ok(v);
        }
        self.parse_type_list_no_parens(&mut v)?;
        self.expect(TokenKind::RParen, "expected ')'")?;
        Ok(v)
    }

    /// `t (, t)*`
    pub fn parse_type_list_no_parens(&mut self, out: &mut Vec<Type>) -> PResult<()> {
        self.parse_comma_list(|p| {
            let t = p.parse_type()?;
            out.push(t);
            Ok(())
        })
    }

    /// Function results: a single non-function type or `(t, t)`.
    pub fn parse_function_result_types(&mut self) -> PResult<Vec<Type>> {
        if self.at(TokenKind::LParen) {
            return self.parse_type_list_parens();
        }
        Ok(vec![self.parse_non_function_type()?])
    }

    /// `(inputs) -> results`
    pub fn parse_function_type(&mut self) -> PResult<Type> {
        let inputs = self.parse_type_list_parens()?;
        self.expect(TokenKind::Arrow, "expected '->' in function type")?;
        let results = self.parse_function_result_types()?;
        Ok(self.ctx.function_ty(&inputs, &results))
    }

    /// Any type but a function type.
    pub fn parse_non_function_type(&mut self) -> PResult<Type> {
        if let Some(t) = self.parse_short_int_type() {
            return Ok(t);
        }
        self.nested(|p| p.parse_non_function_type_inner())
    }

    fn parse_non_function_type_inner(&mut self) -> PResult<Type> {
        let ctx = self.ctx;
        match self.tok.kind {
            TokenKind::ExclaimIdent => return self.parse_extended_type(),
            TokenKind::BareIdent => {}
            _ => return Err(self.wrong_token_error("expected non-function type")),
        }
        let s = self.tok_text();
        // Integer types first: the most common, and no keyword below is
        // spelled like one.
        if let Some((signedness, digits)) = int_type_spelling(s) {
            let Ok(width) = digits.parse::<u32>() else {
                return Err(self.error_here("invalid integer width"));
            };
            if width > MAX_INT_WIDTH {
                return Err(self.error_here(format!("integer bitwidth is limited to {MAX_INT_WIDTH} bits")));
            }
            self.bump();
            if signedness == ir::Signedness::Signless {
                return Ok(ctx.int_ty(width));
            }
            return Ok(ctx.ty(TypeKind::Integer { width, signedness }));
        }
        match s {
            "memref" => return self.parse_memref_type(),
            "tensor" => return self.parse_tensor_type(),
            "complex" => return self.parse_complex_type(),
            "tuple" => return self.parse_tuple_type(),
            "vector" => return self.parse_vector_type(),
            "index" => {
                self.bump();
                return Ok(ctx.index_ty());
            }
            "none" => {
                self.bump();
                return Ok(ctx.none_ty());
            }
            _ => {}
        }
        if let Some(k) = float_kind_from_keyword(s) {
            self.bump();
            return Ok(ctx.float_ty(k));
        }
        Err(self.wrong_token_error("expected non-function type"))
    }

    fn parse_complex_type(&mut self) -> PResult<Type> {
        self.bump();
        self.expect(TokenKind::Less, "expected '<' in complex type")?;
        let pos = self.tok.start;
        let elem = self.parse_type()?;
        self.expect(TokenKind::Greater, "expected '>' in complex type")?;
        if !matches!(self.ctx.kind(elem), TypeKind::Integer { .. } | TypeKind::Float(_)) {
            return Err(self.error_at(pos, "invalid element type for complex"));
        }
        Ok(self.ctx.ty(TypeKind::Complex(elem)))
    }

    fn parse_tuple_type(&mut self) -> PResult<Type> {
        self.bump();
        self.expect(TokenKind::Less, "expected '<' in tuple type")?;
        let mut v = Vec::new();
        if !self.eat(TokenKind::Greater) {
            self.parse_type_list_no_parens(&mut v)?;
            self.expect(TokenKind::Greater, "expected '>' in tuple type")?;
        }
        Ok(self.ctx.ty(TypeKind::Tuple(v.into())))
    }

    /// Consumes the `x` separating dimensions; when it is the first letter
    /// of a longer identifier (`xf32`), lexing resumes right after it.
    pub fn parse_x_in_dimension_list(&mut self) -> PResult<()> {
        if !self.at(TokenKind::BareIdent) || !self.tok_text().starts_with('x') {
            return Err(self.wrong_token_error("expected 'x' in dimension list"));
        }
        if self.tok.end - self.tok.start != 1 {
            let pos = self.tok.start + 1;
            self.reset_to(pos);
        } else {
            self.bump();
        }
        Ok(())
    }

    /// A static dimension; `0x...` is read as `0` followed by `x`.
    fn parse_integer_in_dimension_list(&mut self) -> PResult<i64> {
        let t = self.tok;
        let s = self.text(t);
        if s.len() > 1 && s.as_bytes()[1] == b'x' {
            self.reset_to(t.start + 1);
            return Ok(0);
        }
        match self.token_u64(t) {
            Some(v) if v <= i64::MAX as u64 && t.kind == TokenKind::Integer => {
                self.bump();
                Ok(v as i64)
            }
            _ => Err(self.error_here("invalid dimension")),
        }
    }

    /// `(dim 'x')*` where a dim is an integer or `?` (when `allow_dynamic`).
    pub fn parse_dimension_list_ranked(&mut self, allow_dynamic: bool) -> PResult<Vec<i64>> {
        let mut dims = Vec::new();
        while matches!(self.tok.kind, TokenKind::Integer | TokenKind::Question) {
            if self.at(TokenKind::Question) {
                if !allow_dynamic {
                    return Err(self.error_here("expected static shape"));
                }
                self.bump();
                dims.push(DYNAMIC);
            } else {
                dims.push(self.parse_integer_in_dimension_list()?);
            }
            self.parse_x_in_dimension_list()?;
        }
        Ok(dims)
    }

    fn parse_vector_type(&mut self) -> PResult<Type> {
        self.bump();
        self.expect(TokenKind::Less, "expected '<' in vector type")?;
        let mut dims = Vec::new();
        let mut scalable = Vec::new();
        while matches!(self.tok.kind, TokenKind::Integer | TokenKind::LSquare) {
            let sc = self.eat(TokenKind::LSquare);
            if !self.at(TokenKind::Integer) {
                return Err(self.error_here("invalid dimension"));
            }
            dims.push(self.parse_integer_in_dimension_list()?);
            if sc && !self.eat(TokenKind::RSquare) {
                return Err(self.wrong_token_error("missing ']' closing scalable dimension"));
            }
            scalable.push(sc);
            self.parse_x_in_dimension_list()?;
        }
        if dims.iter().any(|&d| d <= 0) {
            return Err(self.error_here("vector types must have positive constant sizes"));
        }
        let pos = self.tok.start;
        let elem = self.parse_type()?;
        self.expect(TokenKind::Greater, "expected '>' in vector type")?;
        if !is_valid_vector_elem(self.ctx, elem) {
            return Err(self.error_at(pos, "vector elements must be int/index/float type"));
        }
        Ok(self.ctx.ty(TypeKind::Vector { shape: dims.into(), scalable: scalable.into(), elem }))
    }

    fn parse_tensor_type(&mut self) -> PResult<Type> {
        self.bump();
        self.expect(TokenKind::Less, "expected '<' in tensor type")?;
        let unranked = self.eat(TokenKind::Star);
        let dims = if unranked {
            self.parse_x_in_dimension_list()?;
            Vec::new()
        } else {
            self.parse_dimension_list_ranked(true)?
        };
        let pos = self.tok.start;
        let elem = self.parse_type()?;
        let mut encoding = None;
        if self.eat(TokenKind::Comma) {
            encoding = self.parse_optional_attribute(None)?;
        }
        self.expect(TokenKind::Greater, "expected '>' in tensor type")?;
        if !is_valid_tensor_elem(self.ctx, elem) {
            return Err(self.error_at(pos, "invalid tensor element type"));
        }
        if unranked {
            if encoding.is_some() {
                return Err(self.error_here("cannot apply encoding to unranked tensor"));
            }
            return Ok(self.ctx.ty(TypeKind::UnrankedTensor { elem }));
        }
        Ok(self.ctx.ty(TypeKind::Tensor { shape: dims.into(), elem, encoding }))
    }

    fn parse_memref_type(&mut self) -> PResult<Type> {
        let kw_pos = self.tok.start;
        self.bump();
        self.expect(TokenKind::Less, "expected '<' in memref type")?;
        let unranked = self.eat(TokenKind::Star);
        let dims = if unranked {
            self.parse_x_in_dimension_list()?;
            Vec::new()
        } else {
            self.parse_dimension_list_ranked(true)?
        };
        let pos = self.tok.start;
        let elem = self.parse_type()?;
        if !is_valid_memref_elem(self.ctx, elem) {
            return Err(self.error_at(pos, "invalid memref element type"));
        }
        let mut layout: Option<Attribute> = None;
        let mut space: Option<Attribute> = None;
        if !self.eat(TokenKind::Greater) {
            self.expect(TokenKind::Comma, "expected ',' or '>' in memref type")?;
            self.parse_comma_list_until(TokenKind::Greater, false, |p| {
                let a = p.parse_attribute(None)?;
                if matches!(p.ctx.attr_kind(a), AttrKind::AffineMap(_) | AttrKind::Strided { .. }) {
                    layout = Some(a);
                } else if space.is_some() {
                    return Err(p.error_here("multiple memory spaces specified in memref type"));
                } else {
                    space = Some(a);
                    return Ok(());
                }
                if unranked {
                    return Err(p.error_here("cannot have affine map for unranked memref type"));
                }
                if space.is_some() {
                    return Err(p.error_here("expected memory space to be last in memref type"));
                }
                Ok(())
            })?;
        }
        // Default memory space: integer 0 is dropped.
        if let Some(s) = space {
            if self.ctx.int_value(s) == Some(0) {
                space = None;
            } else if !self.is_supported_memory_space(s) {
                return Err(self.error_at(kw_pos, "unsupported memory space Attribute"));
            }
        }
        if unranked {
            return Ok(self.ctx.ty(TypeKind::UnrankedMemRef { elem, memory_space: space }));
        }
        if let Some(l) = layout {
            layout = self.verify_memref_layout(kw_pos, &dims, l)?;
        }
        Ok(self.ctx.ty(TypeKind::MemRef { shape: dims.into(), elem, layout, memory_space: space }))
    }

    fn is_supported_memory_space(&self, a: Attribute) -> bool {
        match self.ctx.attr_kind(a) {
            AttrKind::Integer { .. } | AttrKind::Bool(_) | AttrKind::String { .. } | AttrKind::Dictionary(_) => true,
            AttrKind::Opaque { dialect, .. } => is_registered_dialect(self.ctx.str(*dialect)),
            _ => false,
        }
    }

    /// Checks a layout against the memref rank; identity maps become
    /// `None`, as MLIR does not print them.
    fn verify_memref_layout(&self, pos: u32, dims: &[i64], l: Attribute) -> PResult<Option<Attribute>> {
        match self.ctx.attr_kind(l) {
            AttrKind::Strided { strides, .. } => {
                if strides.len() != dims.len() {
                    return Err(self.error_at(pos, "expected the number of strides to match the rank"));
                }
                Ok(Some(l))
            }
            AttrKind::AffineMap(m) => {
                let n = crate::parse_attr::affine_map_num_dims(m);
                if n != dims.len() {
                    return Err(self.error_at(
                        pos,
                        format!("memref layout mismatch between rank and affine map: {} != {}", dims.len(), n),
                    ));
                }
                if crate::parse_attr::affine_map_is_identity(m) {
                    return Ok(None);
                }
                Ok(Some(l))
            }
            _ => Ok(Some(l)),
        }
    }

    /// `!alias`, `!dialect.name<...>` or `!dialect<...>`.
    fn parse_extended_type(&mut self) -> PResult<Type> {
        let ctx = self.ctx;
        match self.parse_extended_symbol()? {
            ExtSymbol::Alias(name) => match self.type_aliases.get(name) {
                Some(&t) => Ok(t),
                None => Err(self.wrong_token_error(format!("undefined symbol alias id '{name}'"))),
            },
            ExtSymbol::Dialect { dialect, body } => {
                let dialect = ctx.intern_str(dialect);
                let body = ctx.intern_str(body);
                Ok(ctx.ty(TypeKind::Opaque { dialect, body }))
            }
        }
    }

    /// Shared by `#...` attributes and `!...` types: splits the current
    /// token into an alias reference or a dialect symbol with its body.
    pub(crate) fn parse_extended_symbol(&mut self) -> PResult<ExtSymbol<'a>> {
        let t = self.tok;
        let ident = &self.text(t)[1..];
        self.bump();
        let (dialect, rest) = match ident.find('.') {
            Some(i) => (&ident[..i], Some(&ident[i + 1..])),
            None => (ident, None),
        };
        let pretty = rest.is_some();
        let trailing = self.at(TokenKind::Less) && self.tok.start == t.end;
        if !trailing && !pretty {
            return Ok(ExtSymbol::Alias(ident));
        }
        if !pretty {
            // Verbose form `!dialect<body>`: the body is inside the brackets.
            let lt = self.tok.start;
            let end = self.scan_dialect_symbol_body()?;
            let body = &self.src[lt as usize + 1..end as usize - 1];
            return Ok(ExtSymbol::Dialect { dialect, body });
        }
        let body_start = t.start as usize + 1 + dialect.len() + 1;
        let end = if trailing { self.scan_dialect_symbol_body()? as usize } else { t.end as usize };
        Ok(ExtSymbol::Dialect { dialect, body: &self.src[body_start..end] })
    }

    /// At a `<`: skips a balanced `<...>` body (strings lexed as such) and
    /// returns the offset just past it; the current token follows it.
    /// Errors are reported at the last token MLIR's scanner lexed.
    fn scan_dialect_symbol_body(&mut self) -> PResult<u32> {
        let bytes = self.src.as_bytes();
        let mut stack: Vec<u8> = Vec::with_capacity(8);
        let mut err_pos = self.tok.start;
        let mut i = self.tok.start as usize;
        let unbalanced = |p: &Self, pos: u32, stack: &[u8]| match stack.last() {
            Some(&open) => p.error_at(pos, format!("unbalanced '{}' character in pretty dialect name", open as char)),
            None => p.error_at(pos, "unexpected nul or EOF in pretty dialect name"),
        };
        loop {
            let c = bytes.get(i).copied().unwrap_or(0);
            i += 1;
            let expected = match c {
                b'<' | b'[' | b'(' | b'{' => {
                    stack.push(c);
                    continue;
                }
                b'-' => {
                    if bytes.get(i) == Some(&b'>') {
                        i += 1;
                    }
                    continue;
                }
                b'>' => b'<',
                b']' => b'[',
                b')' => b'(',
                b'}' => b'{',
                b'"' => {
                    self.reset_to(i as u32 - 1);
                    if self.tok.kind != TokenKind::String {
                        return Err(self.error_here("expected '\"' in string literal"));
                    }
                    err_pos = self.tok.start;
                    i = self.tok.end as usize;
                    continue;
                }
                0 => return Err(unbalanced(self, err_pos, &stack)),
                _ => continue,
            };
            if stack.last() != Some(&expected) {
                return Err(unbalanced(self, err_pos, &stack));
            }
            stack.pop();
            if stack.is_empty() {
                break;
            }
        }
        self.reset_to(i as u32);
        Ok(i as u32)
    }
}

/// The shape of a `#...` / `!...` reference.
pub(crate) enum ExtSymbol<'a> {
    /// `#name` / `!name`: an alias (name without the sigil).
    Alias(&'a str),
    /// A dialect symbol: namespace and verbatim body.
    Dialect { dialect: &'a str, body: &'a str },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print_attr::type_to_string;
    use ir::Context;

    fn ty(ctx: &Context, s: &str) -> Type {
        let mut p = Parser::new(ctx, s, "t.mlir");
        let t = p.parse_type().unwrap_or_else(|e| panic!("{s}: {}", e.0.message));
        assert!(p.at(TokenKind::Eof), "{s}: trailing input");
        t
    }

    fn roundtrip(s: &str) -> String {
        let ctx = Context::new();
        let t = ty(&ctx, s);
        type_to_string(&ctx, t)
    }

    #[test]
    fn integer_spellings() {
        assert_eq!(int_type_spelling("i32"), Some((Signedness::Signless, "32")));
        assert_eq!(int_type_spelling("si8"), Some((Signedness::Signed, "8")));
        assert_eq!(int_type_spelling("ui01"), Some((Signedness::Unsigned, "01")));
        assert_eq!(int_type_spelling("i"), None);
        assert_eq!(int_type_spelling("xi8"), None);
        assert_eq!(int_type_spelling("i8x"), None);
        assert_eq!(roundtrip("ui007"), "ui7");
    }

    #[test]
    fn dimension_lists() {
        assert_eq!(roundtrip("tensor<4x?xf32>"), "tensor<4x?xf32>");
        assert_eq!(roundtrip("tensor<0x4xf32>"), "tensor<0x4xf32>");
        assert_eq!(roundtrip("memref<0xi8>"), "memref<0xi8>");
        assert_eq!(roundtrip("vector<[4]x2xf32>"), "vector<[4]x2xf32>");
        assert_eq!(roundtrip("tensor<*xi1>"), "tensor<*xi1>");
        assert_eq!(roundtrip("vector<f32>"), "vector<f32>");
        let ctx = Context::new();
        assert_eq!(ctx.shape(ty(&ctx, "tensor<1x?x0xindex>")), Some(&[1, DYNAMIC, 0][..]));
    }

    #[test]
    fn memref_canonical_forms() {
        let ctx = Context::new();
        let plain = ty(&ctx, "memref<4x4xf32>");
        assert_eq!(ty(&ctx, "memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>>"), plain);
        assert_eq!(ty(&ctx, "memref<4x4xf32, 0>"), plain);
        assert_eq!(ty(&ctx, "memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>, 0 : i32>"), plain);
        assert_ne!(ty(&ctx, "memref<4x4xf32, strided<[4, 1]>>"), plain);
        assert_eq!(roundtrip("memref<*xf32, 0>"), "memref<*xf32>");
        assert_eq!(roundtrip("memref<4xf32, 2 : i8>"), "memref<4xf32, 2 : i8>");
    }

    #[test]
    fn opaque_types_keep_their_body() {
        assert_eq!(roundtrip("!foo<bar>"), "!foo.bar");
        assert_eq!(roundtrip("!foo<\"x y\">"), "!foo<\"x y\">");
        assert_eq!(roundtrip("!foo.bar<{a}[(\">\")]>"), "!foo.bar<{a}[(\">\")]>");
        assert_eq!(roundtrip("(!foo.a) -> !foo.b<c -> d>"), "(!foo.a) -> !foo.b<c -> d>");
    }

    #[test]
    fn errors() {
        let ctx = Context::new();
        for (src, msg) in [
            ("i16777216", "integer bitwidth is limited to 16777215 bits"),
            ("vector<4x[4]f32>", "expected 'x' in dimension list"),
            ("tensor<4xf32", "expected '>' in tensor type"),
            ("complex<index>", "invalid element type for complex"),
            ("!foo.bar<(]>", "unbalanced '(' character in pretty dialect name"),
            ("!foo.bar<a", "unbalanced '<' character in pretty dialect name"),
            ("!undefined", "undefined symbol alias id 'undefined'"),
            ("(i32) i32", "expected '->' in function type"),
        ] {
            let mut p = Parser::new(&ctx, src, "t.mlir");
            assert_eq!(p.parse_type().unwrap_err().0.message, msg, "{src}");
        }
    }
}
