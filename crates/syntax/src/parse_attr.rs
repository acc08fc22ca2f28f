//! Parsing of builtin attributes: scalars, strings, arrays, dictionaries,
//! symbol references, `dense<...>` (nested, splat and hex forms),
//! `dense_resource<...>`, `array<...>`, affine maps and sets, strided
//! layouts, inline locations, `#alias` references and opaque dialect
//! attributes, with MLIR's checks and messages.

use ir::affine::{AffineMap, IntegerSet};
use ir::{AttrKind, Attribute, DenseData, IntValue, Signedness, Type, TypeKind};

use crate::lexer::{Token, TokenKind};
use crate::parse_type::ExtSymbol;
use crate::parser::{PResult, ParseError, Parser};
use crate::print_attr::type_to_string;

/// Number of dimensions of an affine map (for memref layout checks).
pub(crate) fn affine_map_num_dims(m: &AffineMap) -> usize {
    m.num_dims
}

/// True for an identity map (symbols allowed, as in MLIR's
/// `AffineMap::isIdentity`), which memref types do not print.
pub(crate) fn affine_map_is_identity(m: &AffineMap) -> bool {
    m.is_identity()
}

/// A non-negative integer of any size (little-endian 32-bit limbs), used
/// for literals wider than 128 bits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct BigUint(Vec<u32>);

impl BigUint {
    fn trim(mut self) -> Self {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
        self
    }
    fn mul_add(&mut self, mul: u32, add: u32) {
        let mut carry = add as u64;
        for l in &mut self.0 {
            let v = (*l as u64) * (mul as u64) + carry;
            *l = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }
    /// Parses a decimal or `0x` hex spelling.
    pub(crate) fn parse(s: &str) -> Option<Self> {
        let mut r = BigUint(Vec::new());
        if let Some(h) = s.strip_prefix("0x") {
            if h.is_empty() {
                return None;
            }
            for c in h.bytes() {
                r.mul_add(16, (c as char).to_digit(16)?);
            }
        } else {
            if s.is_empty() {
                return None;
            }
            for c in s.bytes() {
                r.mul_add(10, (c as char).to_digit(10)?);
            }
        }
        Some(r.trim())
    }
    /// Number of significant bits.
    pub(crate) fn bits(&self) -> u64 {
        match self.0.last() {
            None => 0,
            Some(&top) => (self.0.len() as u64 - 1) * 32 + (32 - top.leading_zeros() as u64),
        }
    }
    fn is_zero(&self) -> bool {
        self.0.is_empty()
    }
    fn to_u128(&self) -> Option<u128> {
        if self.0.len() > 4 {
            return None;
        }
        Some(self.0.iter().rev().fold(0u128, |acc, &l| (acc << 32) | l as u128))
    }
    fn pow2(n: u64) -> Self {
        let mut v = vec![0u32; (n / 32) as usize + 1];
        v[(n / 32) as usize] = 1 << (n % 32);
        BigUint(v)
    }
    /// `self - other`, requires `self >= other`.
    fn sub(&self, other: &Self) -> Self {
        let mut out = self.0.clone();
        let mut borrow = 0i64;
        for (i, l) in out.iter_mut().enumerate() {
            let o = *other.0.get(i).unwrap_or(&0) as i64;
            let mut v = *l as i64 - o - borrow;
            borrow = 0;
            if v < 0 {
                v += 1 << 32;
                borrow = 1;
            }
            *l = v as u32;
        }
        BigUint(out).trim()
    }
    fn to_decimal(&self) -> String {
        if self.is_zero() {
            return "0".into();
        }
        let mut limbs = self.0.clone();
        let mut digits = Vec::new();
        while !limbs.is_empty() {
            let mut rem = 0u64;
            for l in limbs.iter_mut().rev() {
                let v = (rem << 32) | *l as u64;
                *l = (v / 1_000_000_000) as u32;
                rem = v % 1_000_000_000;
            }
            while limbs.last() == Some(&0) {
                limbs.pop();
            }
            for _ in 0..9 {
                digits.push(b'0' + (rem % 10) as u8);
                rem /= 10;
                if limbs.is_empty() && rem == 0 {
                    break;
                }
            }
        }
        while digits.len() > 1 && digits.last() == Some(&b'0') {
            digits.pop();
        }
        digits.reverse();
        String::from_utf8(digits).unwrap_or_default()
    }
}

/// The integer semantics of an attribute's type: width and signedness
/// (`index` is a 64-bit signed value).
fn int_semantics(ctx: &ir::Context, ty: Type) -> Option<(u32, Signedness, bool)> {
    match ctx.kind(ty) {
        TypeKind::Integer { width, signedness } => Some((*width, *signedness, false)),
        TypeKind::Index => Some((64, Signedness::Signed, true)),
        _ => None,
    }
}

/// MLIR's `buildAttributeAPInt`: the bit pattern of `spelling` (negated
/// when `negative`) in `ty`'s width, or `None` when out of range.
/// Returns the value as MLIR prints it (signed unless unsigned).
pub(crate) fn build_int(ctx: &ir::Context, ty: Type, negative: bool, spelling: &str) -> Option<IntValue> {
    let (width, sign, is_index) = int_semantics(ctx, ty)?;
    if width < 128 {
        if let Some(mag) = crate::parser::parse_u128(spelling) {
            return build_small_int(width, sign, is_index, negative, mag);
        }
    }
    let mag = BigUint::parse(spelling)?;
    let w = width as u64;
    if mag.bits() > w {
        return None;
    }
    let signed = sign == Signedness::Signed || is_index;
    if width == 0 {
        return if negative { None } else { Some(IntValue::Small(0)) };
    }
    // The value as MLIR prints it: signless and signed values print signed.
    let print_signed = sign != Signedness::Unsigned;
    let half = BigUint::pow2(w - 1);
    let value_neg; // printed value is negative
    let abs; // its magnitude
    if negative {
        // -mag must have its sign bit set: 0 < mag <= 2^(w-1).
        if mag.is_zero() || mag.bits() > w || (mag.bits() == w && mag != half) {
            return None;
        }
        if print_signed {
            value_neg = true;
            abs = mag;
        } else {
            value_neg = false;
            abs = BigUint::pow2(w).sub(&mag);
        }
    } else {
        let top_set = mag.bits() == w;
        if signed && top_set {
            return None;
        }
        if print_signed && top_set {
            value_neg = true;
            abs = BigUint::pow2(w).sub(&mag);
        } else {
            value_neg = false;
            abs = mag;
        }
    }
    if let Some(a) = abs.to_u128() {
        if value_neg && a <= 1u128 << 127 {
            return Some(IntValue::Small((a as i128).wrapping_neg()));
        }
        if !value_neg && a <= i128::MAX as u128 {
            return Some(IntValue::Small(a as i128));
        }
    }
    let mut s = abs.to_decimal();
    if value_neg {
        s.insert(0, '-');
    }
    Some(IntValue::Wide(s.into()))
}

/// [`build_int`] for widths below 128 and magnitudes that fit a `u128`.
fn build_small_int(width: u32, sign: Signedness, is_index: bool, negative: bool, mag: u128) -> Option<IntValue> {
    if width == 0 {
        return (!negative && mag == 0).then_some(IntValue::Small(0));
    }
    if mag >> width != 0 {
        return None;
    }
    let half = 1u128 << (width - 1);
    let full = 1i128 << width;
    if negative {
        if mag == 0 || mag > half {
            return None;
        }
        return Some(IntValue::Small(if sign == Signedness::Unsigned { full - mag as i128 } else { -(mag as i128) }));
    }
    let top = mag >= half;
    if top && (sign == Signedness::Signed || is_index) {
        return None;
    }
    Some(IntValue::Small(if top && sign != Signedness::Unsigned { mag as i128 - full } else { mag as i128 }))
}

/// Truncated bit pattern of a small integer value (for dense storage).
fn int_bits(v: &IntValue, width: u32) -> u128 {
    match v {
        IntValue::Small(x) => {
            if width >= 128 {
                *x as u128
            } else {
                (*x as u128) & ((1u128 << width) - 1)
            }
        }
        IntValue::Wide(_) => 0,
    }
}

/// One parsed element of a tensor literal: sign and token.
#[derive(Clone, Copy)]
struct Elem {
    negative: bool,
    tok: Token,
}

/// The elements of a `dense<...>` literal before the type is known.
#[derive(Default)]
struct TensorLiteral {
    shape: Vec<i64>,
    elems: Vec<Elem>,
    hex: Option<Token>,
}

impl<'a> Parser<'a> {
    /// Parses an attribute if the current token can start one.
    pub fn parse_optional_attribute(&mut self, ty: Option<Type>) -> PResult<Option<Attribute>> {
        match self.tok.kind {
            TokenKind::AtIdent
            | TokenKind::Float
            | TokenKind::Integer
            | TokenKind::HashIdent
            | TokenKind::LBrace
            | TokenKind::LSquare
            | TokenKind::Minus
            | TokenKind::String => self.parse_attribute(ty).map(Some),
            TokenKind::BareIdent
                if matches!(
                    self.tok_text(),
                    "affine_map"
                        | "affine_set"
                        | "dense"
                        | "dense_resource"
                        | "false"
                        | "loc"
                        | "sparse"
                        | "true"
                        | "unit"
                ) =>
            {
                self.parse_attribute(ty).map(Some)
            }
            _ => Ok(self.parse_optional_type()?.map(|t| self.ctx.type_attr(t))),
        }
    }

    /// Parses any attribute. `ty` is the type already known from context
    /// (then no `: type` suffix is parsed).
    pub fn parse_attribute(&mut self, ty: Option<Type>) -> PResult<Attribute> {
        self.nested(|p| p.parse_attribute_inner(ty))
    }

    fn parse_attribute_inner(&mut self, ty: Option<Type>) -> PResult<Attribute> {
        let ctx = self.ctx;
        match self.tok.kind {
            TokenKind::LSquare => {
                self.bump();
                let mut elems = Vec::new();
                self.parse_comma_list_until(TokenKind::RSquare, true, |p| {
                    elems.push(p.parse_attribute(None)?);
                    Ok(())
                })?;
                Ok(ctx.array_attr(&elems))
            }
            TokenKind::LBrace => {
                let mut v = Vec::new();
                self.parse_attr_dict(&mut v)?;
                Ok(ctx.dict_attr(&v))
            }
            TokenKind::HashIdent => self.parse_extended_attr(ty),
            TokenKind::Float => self.parse_float_attr(ty, false),
            TokenKind::Integer => self.parse_dec_or_hex_attr(ty, false),
            TokenKind::Minus => {
                self.bump();
                match self.tok.kind {
                    TokenKind::Integer => self.parse_dec_or_hex_attr(ty, true),
                    TokenKind::Float => self.parse_float_attr(ty, true),
                    _ => Err(self.wrong_token_error("expected constant integer or floating point value")),
                }
            }
            TokenKind::String => {
                let value = self.string_value(self.tok);
                self.bump();
                let mut ty = ty;
                if ty.is_none() && self.eat(TokenKind::Colon) {
                    ty = Some(self.parse_type()?);
                }
                Ok(ctx.attr(AttrKind::String { value: value.into(), ty }))
            }
            TokenKind::AtIdent => self.parse_symbol_ref(),
            TokenKind::BareIdent => match self.tok_text() {
                "affine_map" => {
                    self.bump();
                    self.expect(TokenKind::Less, "expected '<' in affine map")?;
                    let m = self.parse_affine(true)?;
                    self.expect(TokenKind::Greater, "expected '>' in affine map")?;
                    Ok(m)
                }
                "affine_set" => {
                    self.bump();
                    self.expect(TokenKind::Less, "expected '<' in integer set")?;
                    let s = self.parse_affine(false)?;
                    self.expect(TokenKind::Greater, "expected '>' in integer set")?;
                    Ok(s)
                }
                "true" => {
                    self.bump();
                    Ok(ctx.bool_attr(true))
                }
                "false" => {
                    self.bump();
                    Ok(ctx.bool_attr(false))
                }
                "unit" => {
                    self.bump();
                    Ok(ctx.unit_attr())
                }
                "dense" => self.parse_dense_elements(ty),
                "dense_resource" => self.parse_dense_resource(ty),
                "array" => self.parse_dense_array(),
                "strided" => self.parse_strided(),
                "loc" => {
                    self.bump();
                    self.expect(TokenKind::LParen, "expected '(' in inline location")?;
                    let l = self.parse_location_instance()?;
                    self.expect(TokenKind::RParen, "expected ')' in inline location")?;
                    Ok(ctx.attr(AttrKind::Location(l)))
                }
                "sparse" => self.parse_sparse_elements(ty),
                "distinct" => self.parse_distinct(ty),
                _ => self.parse_type_attr(),
            },
            _ => self.parse_type_attr(),
        }
    }

    fn parse_type_attr(&mut self) -> PResult<Attribute> {
        match self.parse_optional_type()? {
            Some(t) => Ok(self.ctx.type_attr(t)),
            None => Err(self.wrong_token_error("expected attribute value")),
        }
    }

    fn parse_symbol_ref(&mut self) -> PResult<Attribute> {
        let ctx = self.ctx;
        let root = self.symbol_name(self.tok);
        self.bump();
        let mut nested = Vec::new();
        while self.at(TokenKind::Colon) {
            let colon = self.tok.start;
            self.bump();
            if !self.eat(TokenKind::Colon) {
                if !matches!(self.tok.kind, TokenKind::Eof | TokenKind::Error) {
                    self.reset_to(colon);
                }
                break;
            }
            if !self.at(TokenKind::AtIdent) {
                return Err(self.error_here("expected nested symbol reference identifier"));
            }
            nested.push(self.symbol_name(self.tok));
            self.bump();
        }
        Ok(ctx.attr(AttrKind::SymbolRef { root, nested: nested.into() }))
    }

    /// The interned name of an `@sym` / `@"sym"` token.
    pub fn symbol_name(&self, t: Token) -> ir::Str {
        let text = self.text(t);
        if text.as_bytes().get(1) == Some(&b'"') {
            let v = self.string_value(t);
            self.ctx.intern_str(&String::from_utf8_lossy(&v))
        } else {
            self.ctx.intern_str(&text[1..])
        }
    }

    fn parse_affine(&mut self, map: bool) -> PResult<Attribute> {
        let start = self.tok.start;
        let src = &self.src[start as usize..];
        let r = if map {
            crate::affine_parse::parse_affine_map(src).map(|(m, n)| (AttrKind::AffineMap(m), n))
        } else {
            crate::affine_parse::parse_integer_set(src).map(|(s, n): (IntegerSet, usize)| (AttrKind::IntegerSet(s), n))
        };
        match r {
            Ok((k, n)) => {
                self.reset_to(start + n as u32);
                Ok(self.ctx.attr(k))
            }
            Err(e) => {
                let pos = start + e.offset as u32;
                self.reset_to(start);
                let loc = self.loc_at(pos);
                Err(ParseError(ir::Diagnostic::error(loc, e.message)))
            }
        }
    }

    fn parse_float_attr(&mut self, ty: Option<Type>, negative: bool) -> PResult<Attribute> {
        let t = self.tok;
        self.bump();
        let ty = match ty {
            Some(t) => t,
            None => {
                if self.eat(TokenKind::Colon) {
                    self.parse_type()?
                } else {
                    self.ctx.float_ty(ir::FloatKind::F64)
                }
            }
        };
        let Some(kind) = self.ctx.float_kind(ty) else {
            return Err(self.error_here("floating point value not valid for specified type"));
        };
        match crate::float_text::parse_decimal(kind, self.text(t), negative) {
            Ok(bits) => Ok(self.ctx.attr(AttrKind::Float { ty, bits })),
            Err(msg) => Err(self.error_at(t.start, msg)),
        }
    }

    fn parse_dec_or_hex_attr(&mut self, ty: Option<Type>, negative: bool) -> PResult<Attribute> {
        let t = self.tok;
        let spelling = self.text(t);
        self.bump();
        let ty = match ty {
            Some(t) => t,
            None => {
                if self.eat(TokenKind::Colon) {
                    self.parse_type()?
                } else {
                    self.ctx.int_ty(64)
                }
            }
        };
        if let Some(kind) = self.ctx.float_kind(ty) {
            return match crate::float_text::parse_integer_literal(kind, spelling, negative) {
                Ok(bits) => Ok(self.ctx.attr(AttrKind::Float { ty, bits })),
                Err(msg) => {
                    let mut e = self.error_at(t.start, msg.clone());
                    if msg == crate::float_text::ERR_DECIMAL_INTEGER {
                        e.0 = e.0.with_note(self.loc_at(t.start), crate::float_text::NOTE_DECIMAL_INTEGER);
                    }
                    Err(e)
                }
            };
        }
        let Some((_, sign, _)) = int_semantics(self.ctx, ty) else {
            return Err(self.error_at(t.start, "integer literal not valid for specified type"));
        };
        if negative && sign == Signedness::Unsigned {
            return Err(self.error_at(t.start, "negative integer literal not valid for unsigned integer type"));
        }
        match build_int(self.ctx, ty, negative, spelling) {
            // `1 : i1` is MLIR's `BoolAttr`.
            Some(value) if ty == self.ctx.i1_ty() => Ok(self.ctx.bool_attr(value != IntValue::Small(0))),
            Some(value) => Ok(self.ctx.attr(AttrKind::Integer { ty, value })),
            None => Err(self.error_at(t.start, "integer constant out of range for attribute")),
        }
    }

    /// `#alias` or a dialect attribute `#dialect.name<...>` (opaque), with
    /// an optional `: type` for the latter.
    fn parse_extended_attr(&mut self, ty: Option<Type>) -> PResult<Attribute> {
        let ctx = self.ctx;
        if self.text(self.tok) == "#complex.number" {
            return self.parse_complex_number();
        }
        let attr = match self.parse_extended_symbol()? {
            ExtSymbol::Alias(name) => match self.attr_aliases.get(name) {
                Some(&a) => a,
                None => return Err(self.wrong_token_error(format!("undefined symbol alias id '{name}'"))),
            },
            ExtSymbol::Dialect { dialect, body } => {
                let mut attr_ty = ty;
                if self.eat(TokenKind::Colon) {
                    attr_ty = Some(self.parse_type()?);
                }
                let attr_ty = attr_ty.filter(|&t| t != ctx.none_ty());
                let dialect = ctx.intern_str(dialect);
                let body = ctx.intern_str(body);
                ctx.attr(AttrKind::Opaque { dialect, body, ty: attr_ty })
            }
        };
        if let (Some(want), Some(got)) = (ty, attr_type(ctx, attr)) {
            if want != got {
                return Err(self.error_here(format!(
                    "attribute type different than expected: expected '{}', but got '{}'",
                    type_to_string(ctx, want),
                    type_to_string(ctx, got)
                )));
            }
        }
        Ok(attr)
    }

    /// `#complex.number<:f32 1.0, 2.0>` (the complex dialect's
    /// `NumberAttr`): kept as an opaque attribute whose body spells the
    /// parts as MLIR prints them, typed `complex<f32>`.
    fn parse_complex_number(&mut self) -> PResult<Attribute> {
        let ctx = self.ctx;
        self.bump();
        self.expect(TokenKind::Less, "expected '<'")?;
        self.expect(TokenKind::Colon, "expected ':'")?;
        let pos = self.tok.start;
        let elem = self.parse_type()?;
        if ctx.float_kind(elem).is_none() {
            return Err(self.error_at(pos, "element type of the complex attribute must be float like type."));
        }
        let mut body = format!("number<:{} ", type_to_string(ctx, elem));
        for i in 0..2 {
            if i == 1 {
                self.expect(TokenKind::Comma, "expected ','")?;
                body.push_str(", ");
            }
            let negative = self.eat(TokenKind::Minus);
            if !matches!(self.tok.kind, TokenKind::Float | TokenKind::Integer) {
                return Err(self.wrong_token_error("expected floating point literal"));
            }
            let t = self.tok;
            self.bump();
            let kind = ctx.float_kind(elem).unwrap_or(ir::FloatKind::F64);
            let bits = crate::float_text::parse_decimal(kind, self.text(t), negative)
                .map_err(|m| self.error_at(t.start, m))?;
            let part = ctx.attr(AttrKind::Float { ty: elem, bits });
            crate::print_attr::print_attr(ctx, &Default::default(), part, &mut body, true);
        }
        self.expect(TokenKind::Greater, "expected '>'")?;
        body.push('>');
        let (dialect, body) = (ctx.intern_str("complex"), ctx.intern_str(&body));
        Ok(ctx.attr(AttrKind::Opaque { dialect, body, ty: Some(ctx.ty(ir::TypeKind::Complex(elem))) }))
    }

    /// `distinct[N]<attr>` (`distinct[N]<>` references `unit`). The same `N`
    /// names the same attribute throughout the file.
    fn parse_distinct(&mut self, ty: Option<Type>) -> PResult<Attribute> {
        let start = self.tok.start;
        self.bump();
        self.expect(TokenKind::LSquare, "expected '[' after 'distinct'")?;
        if !self.at(TokenKind::Integer) {
            return Err(self.error_here("expected distinct ID"));
        }
        let Some(id) = self.token_u64(self.tok) else {
            self.bump();
            return Err(self.error_here("expected an unsigned 64-bit integer"));
        };
        self.bump();
        self.expect(TokenKind::RSquare, "expected ']' to close distinct ID")?;
        self.expect(TokenKind::Less, "expected '<' after distinct ID")?;
        let referenced = if self.eat(TokenKind::Greater) {
            self.ctx.unit_attr()
        } else {
            let a = self.parse_attribute(ty)?;
            self.expect(TokenKind::Greater, "expected '>' to close distinct attribute")?;
            a
        };
        if let Some(&prev) = self.distinct_attrs.get(&id) {
            let AttrKind::Distinct { referenced: old, .. } = *self.ctx.attr_kind(prev) else {
                return Ok(prev);
            };
            if old != referenced {
                let mut msg = String::from("referenced attribute does not match previous definition: ");
                crate::print_attr::print_attr(self.ctx, &crate::print_attr::AliasTable::new(), old, &mut msg, false);
                return Err(self.error_at(start, msg));
            }
            return Ok(prev);
        }
        let a = self.ctx.distinct_attr(referenced);
        self.distinct_attrs.insert(id, a);
        Ok(a)
    }

    fn parse_strided(&mut self) -> PResult<Attribute> {
        let kw = self.tok.start;
        self.bump();
        self.expect(TokenKind::Less, "expected '<' after 'strided'")?;
        self.expect(TokenKind::LSquare, "expected '['")?;
        let mut strides = Vec::new();
        if !self.at(TokenKind::RSquare) {
            loop {
                strides.push(self.parse_stride_or_offset()?);
                if !self.eat(TokenKind::Comma) {
                    break;
                }
            }
        }
        self.expect(TokenKind::RSquare, "expected ']'")?;
        let offset = if self.eat(TokenKind::Greater) {
            0
        } else {
            self.expect(TokenKind::Comma, "expected ','")?;
            if !self.eat_keyword("offset") {
                return Err(self.wrong_token_error("expected 'offset' after comma"));
            }
            self.expect(TokenKind::Colon, "expected ':' after 'offset'")?;
            let o = self.parse_stride_or_offset()?;
            self.expect(TokenKind::Greater, "expected '>'")?;
            o
        };
        if strides.contains(&0) {
            return Err(self.error_at(kw, "strides must not be zero"));
        }
        Ok(self.ctx.attr(AttrKind::Strided { strides: strides.into(), offset }))
    }

    fn parse_stride_or_offset(&mut self) -> PResult<i64> {
        if self.eat(TokenKind::Question) {
            return Ok(ir::DYNAMIC);
        }
        let pos = self.tok.start;
        let negative = self.eat(TokenKind::Minus);
        if self.at(TokenKind::Integer) {
            if let Some(v) = self.token_u64(self.tok).filter(|&v| v <= i64::MAX as u64) {
                self.bump();
                return Ok(if negative { -(v as i64) } else { v as i64 });
            }
        }
        Err(self.error_at(pos, "expected a 64-bit signed integer or '?'"))
    }

    fn parse_dense_array(&mut self) -> PResult<Attribute> {
        let ctx = self.ctx;
        self.bump();
        self.expect(TokenKind::Less, "expected '<' after 'array'")?;
        let type_pos = self.tok.start;
        let elem = self.parse_type()?;
        let width = match ctx.kind(elem) {
            TypeKind::Integer { width, .. } => *width,
            TypeKind::Float(k) => k.bit_width(),
            TypeKind::Index => 64,
            _ => {
                return Err(self.error_at(
                    type_pos,
                    format!("expected integer or float type, got: '{}'", type_to_string(ctx, elem)),
                ))
            }
        };
        if width != 1 && width % 8 != 0 {
            return Err(self.error_at(type_pos, "element type bitwidth must be a multiple of 8"));
        }
        let mut bits = Vec::new();
        if !self.eat(TokenKind::Greater) {
            self.expect(TokenKind::Colon, "expected ':' after dense array type")?;
            self.parse_comma_list(|p| {
                bits.push(p.parse_dense_array_element(elem, width)?);
                Ok(())
            })?;
            self.expect(TokenKind::Greater, "expected '>' to close an array attribute")?;
        }
        Ok(ctx.attr(AttrKind::DenseArray { elem, bits: bits.into() }))
    }

    fn parse_dense_array_element(&mut self, elem: Type, width: u32) -> PResult<u128> {
        let ctx = self.ctx;
        let negative = self.eat(TokenKind::Minus);
        if let Some(kind) = ctx.float_kind(elem) {
            let t = self.tok;
            let r = match t.kind {
                TokenKind::Integer => crate::float_text::parse_integer_literal(kind, self.text(t), negative),
                TokenKind::Float => crate::float_text::parse_decimal(kind, self.text(t), negative),
                _ => return Err(self.error_here("expected integer or floating point literal")),
            };
            self.bump();
            return r.map_err(|m| self.error_at(t.start, m));
        }
        if self.at_keyword("true") || self.at_keyword("false") {
            if width != 1 || !ctx.is_integer(elem) {
                return Err(self.error_here("expected i1 type for 'true' or 'false' values"));
            }
            let v = self.at_keyword("true") as u128;
            self.bump();
            return Ok(v);
        }
        if !self.at(TokenKind::Integer) {
            return Err(self.error_here("expected integer literal"));
        }
        let t = self.tok;
        self.bump();
        match build_int(ctx, elem, negative, self.text(t)) {
            Some(v) => Ok(int_bits(&v, width)),
            None => Err(self.error_here("integer constant out of range")),
        }
    }

    fn parse_dense_resource(&mut self, ty: Option<Type>) -> PResult<Attribute> {
        let ctx = self.ctx;
        let loc = self.tok.start;
        self.bump();
        self.expect(TokenKind::Less, "expected '<' after 'dense_resource'")?;
        if !self.at_any_keyword() {
            return Err(self.error_here("expected identifier key for 'resource' entry"));
        }
        let handle = ctx.intern_str(self.tok_text());
        self.bump();
        self.expect(TokenKind::Greater, "expected '>'")?;
        let mut type_pos = loc;
        let ty = match ty {
            Some(t) => t,
            None => {
                type_pos = self.tok.start;
                self.expect(TokenKind::Colon, "expected ':'")?;
                self.parse_type()?
            }
        };
        if !ctx.is_shaped(ty) {
            return Err(self.error_at(type_pos, "`dense_resource` expected a shaped type"));
        }
        Ok(ctx.attr(AttrKind::DenseResource { ty, handle }))
    }

    fn parse_dense_elements(&mut self, ty: Option<Type>) -> PResult<Attribute> {
        let attr_loc = self.tok.start;
        self.bump();
        self.expect(TokenKind::Less, "expected '<' after 'dense'")?;
        let mut lit = TensorLiteral::default();
        if !self.eat(TokenKind::Greater) {
            if self.at(TokenKind::String) {
                lit.hex = Some(self.tok);
                self.bump();
            } else if self.at(TokenKind::LSquare) {
                lit.shape = self.parse_tensor_list(&mut lit.elems)?;
            } else {
                self.parse_tensor_element(&mut lit.elems)?;
            }
            self.expect(TokenKind::Greater, "expected '>'")?;
        }
        let loc = if ty.is_some() { attr_loc } else { self.tok.start };
        let ty = self.parse_elements_literal_type(ty)?;
        self.build_dense(loc, ty, &lit)
    }

    /// `sparse<>` or `sparse<indices, values>`, then the type.
    fn parse_sparse_elements(&mut self, ty: Option<Type>) -> PResult<Attribute> {
        let ctx = self.ctx;
        let attr_loc = self.tok.start;
        self.bump();
        self.expect(TokenKind::Less, "Expected '<' after 'sparse'")?;
        let i64_ty = ctx.int_ty(64);
        let tensor = |shape: Vec<i64>, elem: Type| ctx.tensor_ty(&shape, elem);
        if self.eat(TokenKind::Greater) {
            let ty = self.parse_elements_literal_type(ty)?;
            let rank = ctx.shape(ty).map_or(0, |s| s.len() as i64);
            let elem = ctx.element_type(ty).unwrap_or(ty);
            let empty = TensorLiteral::default();
            let indices = self.build_dense(attr_loc, tensor(vec![0, rank], i64_ty), &empty)?;
            let values = self.build_dense(attr_loc, tensor(vec![0], elem), &empty)?;
            return Ok(ctx.attr(AttrKind::Sparse { ty, indices, values }));
        }
        let parse_literal = |p: &mut Self, allow_hex: bool| -> PResult<TensorLiteral> {
            let mut lit = TensorLiteral::default();
            if allow_hex && p.at(TokenKind::String) {
                lit.hex = Some(p.tok);
                p.bump();
            } else if p.at(TokenKind::LSquare) {
                lit.shape = p.parse_tensor_list(&mut lit.elems)?;
            } else {
                p.parse_tensor_element(&mut lit.elems)?;
            }
            Ok(lit)
        };
        let indices_loc = self.tok.start;
        let ilit = parse_literal(self, false)?;
        self.expect(TokenKind::Comma, "expected ','")?;
        let values_loc = self.tok.start;
        let vlit = parse_literal(self, true)?;
        self.expect(TokenKind::Greater, "expected '>'")?;
        let ty = self.parse_elements_literal_type(ty)?;
        let shape = ctx.shape(ty).unwrap_or(&[]).to_vec();
        let indices_shape = if ilit.shape.is_empty() { vec![1, shape.len() as i64] } else { ilit.shape.clone() };
        let indices = self.build_dense(indices_loc, tensor(indices_shape.clone(), i64_ty), &ilit)?;
        let elem = ctx.element_type(ty).unwrap_or(ty);
        let values_shape: Vec<i64> = if vlit.shape.is_empty() { vec![indices_shape[0]] } else { vlit.shape.clone() };
        let values = self.build_dense(values_loc, tensor(values_shape.clone(), elem), &vlit)?;
        // SparseElementsAttr's verifier.
        let err = |m: String| Err(self.error_at(attr_loc, m));
        let (index_splat, index_bits) = match ctx.attr_kind(indices) {
            AttrKind::DenseElements { data, .. } => (data.splat, data.bits.to_vec()),
            _ => (false, Vec::new()),
        };
        if values_shape.len() != 1 {
            return err("expected 1-d tensor for sparse element values".into());
        }
        let rank = shape.len();
        let shape_ok = match indices_shape.len() {
            2 => indices_shape[1] == rank as i64,
            1 => rank == 1,
            _ => false,
        } && indices_shape[0] == values_shape[0];
        if !shape_ok {
            return err(format!(
                "expected shape ([{}]); inferred shape of indices literal ([{}]); inferred shape of values literal ([{}])",
                join_i64(&shape),
                join_i64(&indices_shape),
                join_i64(&values_shape)
            ));
        }
        let valid = |idx: &[u128]| idx.len() == rank && idx.iter().zip(&shape).all(|(&b, &d)| (b as u64) < d as u64);
        let index_error = |n: usize, idx: &[u128]| {
            let list: Vec<String> = idx.iter().map(|&b| (b as u64).to_string()).collect();
            err(format!(
                "sparse index #{n} is not contained within the value shape, with index=[{}], and type='{}'",
                list.join(", "),
                type_to_string(ctx, ty)
            ))
        };
        if index_splat {
            let idx = vec![index_bits.first().copied().unwrap_or(0); rank];
            if !valid(&idx) {
                return index_error(0, &idx);
            }
        } else if rank > 0 {
            for (n, idx) in index_bits.chunks(rank).enumerate() {
                if !valid(idx) {
                    return index_error(n, idx);
                }
            }
        }
        Ok(ctx.attr(AttrKind::Sparse { ty, indices, values }))
    }

    fn parse_elements_literal_type(&mut self, ty: Option<Type>) -> PResult<Type> {
        let ty = match ty {
            Some(t) => t,
            None => {
                self.expect(TokenKind::Colon, "expected ':'")?;
                self.parse_type()?
            }
        };
        if !self.ctx.is_shaped(ty) {
            return Err(self.error_here("elements literal must be a shaped type"));
        }
        if !self.ctx.has_static_shape(ty) {
            return Err(self.error_here("elements literal type must have static shape"));
        }
        Ok(ty)
    }

    fn parse_tensor_element(&mut self, out: &mut Vec<Elem>) -> PResult<()> {
        self.nested(|p| p.parse_tensor_element_inner(out))
    }

    fn parse_tensor_element_inner(&mut self, out: &mut Vec<Elem>) -> PResult<()> {
        match self.tok.kind {
            TokenKind::Float | TokenKind::Integer | TokenKind::String => {
                out.push(Elem { negative: false, tok: self.tok });
                self.bump();
            }
            TokenKind::BareIdent if self.at_keyword("true") || self.at_keyword("false") => {
                out.push(Elem { negative: false, tok: self.tok });
                self.bump();
            }
            TokenKind::Minus => {
                self.bump();
                if !matches!(self.tok.kind, TokenKind::Float | TokenKind::Integer) {
                    return Err(self.error_here("expected integer or floating point literal"));
                }
                out.push(Elem { negative: true, tok: self.tok });
                self.bump();
            }
            TokenKind::LParen => {
                self.bump();
                self.parse_tensor_element(out)?;
                self.expect(TokenKind::Comma, "expected ',' between complex elements")?;
                self.parse_tensor_element(out)?;
                self.expect(TokenKind::RParen, "expected ')' after complex elements")?;
            }
            _ => return Err(self.error_here("expected element literal of primitive type")),
        }
        Ok(())
    }

    fn parse_tensor_list(&mut self, out: &mut Vec<Elem>) -> PResult<Vec<i64>> {
        self.nested(|p| p.parse_tensor_list_inner(out))
    }

    fn parse_tensor_list_inner(&mut self, out: &mut Vec<Elem>) -> PResult<Vec<i64>> {
        let mut first = true;
        let mut new_dims: Vec<i64> = Vec::new();
        let mut size = 0i64;
        self.parse_delimited_list(TokenKind::LSquare, TokenKind::RSquare, "", |p| {
            let this_dims = if p.at(TokenKind::LSquare) {
                p.parse_tensor_list(out)?
            } else {
                p.parse_tensor_element(out).map(|_| Vec::new())?
            };
            size += 1;
            if !first {
                if new_dims != this_dims {
                    return Err(p.error_here("tensor literal is invalid; ranks are not consistent between elements"));
                }
                return Ok(());
            }
            new_dims = this_dims;
            first = false;
            Ok(())
        })?;
        let mut dims = Vec::with_capacity(new_dims.len() + 1);
        dims.push(size);
        dims.extend(new_dims);
        Ok(dims)
    }

    fn build_dense(&self, loc: u32, ty: Type, lit: &TensorLiteral) -> PResult<Attribute> {
        let ctx = self.ctx;
        let shape = ctx.shape(ty).unwrap_or(&[]).to_vec();
        let num: i64 = shape.iter().product();
        let elem_ty = ctx.element_type(ty).unwrap_or(ty);
        let (scalar_ty, complex) = match ctx.kind(elem_ty) {
            TypeKind::Complex(e) => (*e, true),
            _ => (elem_ty, false),
        };
        let numeric = matches!(ctx.kind(scalar_ty), TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_));
        if let Some(h) = lit.hex {
            if numeric {
                return self.build_dense_hex(loc, ty, h, scalar_ty, complex, num);
            }
        }
        if !lit.shape.is_empty() && lit.shape != shape {
            return Err(self.error_at(
                loc,
                format!(
                    "inferred shape of elements literal ([{}]) does not match type ([{}])",
                    join_i64(&lit.shape),
                    join_i64(&shape)
                ),
            ));
        }
        if lit.hex.is_none() && lit.elems.is_empty() && num != 0 {
            return Err(self.error_at(
                loc,
                format!("parsed zero elements, but type ('{}') expected at least 1", type_to_string(ctx, ty)),
            ));
        }
        if !numeric || (complex && !matches!(ctx.kind(scalar_ty), TypeKind::Integer { .. } | TypeKind::Float(_))) {
            return self.build_dense_string(ty, lit);
        }
        let mut bits = Vec::with_capacity(lit.elems.len());
        if let Some(kind) = ctx.float_kind(scalar_ty) {
            for e in &lit.elems {
                let text = self.text(e.tok);
                let r = match e.tok.kind {
                    TokenKind::Integer if text.starts_with("0x") => {
                        crate::float_text::parse_integer_literal(kind, text, e.negative)
                            .map_err(|m| self.error_at(e.tok.start, m))
                    }
                    TokenKind::Float => crate::float_text::parse_decimal(kind, text, e.negative)
                        .map_err(|m| self.error_at(e.tok.start, m)),
                    _ => Err(self.error_at(self.tok.start, "expected floating-point elements, but parsed integer")),
                };
                bits.push(r?);
            }
        } else {
            let (width, sign, _) = int_semantics(ctx, scalar_ty).unwrap_or((64, Signedness::Signless, true));
            if width > 128 {
                return Err(self.error_at(loc, "dense elements wider than 128 bits are not supported"));
            }
            for e in &lit.elems {
                let at = e.tok.start;
                if e.negative && sign == Signedness::Unsigned {
                    return Err(self.error_at(at, "expected unsigned integer elements, but parsed negative value"));
                }
                match e.tok.kind {
                    TokenKind::Float => {
                        return Err(self.error_at(at, "expected integer elements, but parsed floating-point"))
                    }
                    TokenKind::String => {
                        return Err(self.error_at(at, "expected integer elements, but parsed string"));
                    }
                    TokenKind::BareIdent => {
                        if width != 1 {
                            return Err(self.error_at(at, "expected i1 type for 'true' or 'false' values"));
                        }
                        bits.push((self.text(e.tok) == "true") as u128);
                    }
                    _ => match build_int(ctx, scalar_ty, e.negative, self.text(e.tok)) {
                        Some(v) => bits.push(int_bits(&v, width)),
                        None => return Err(self.error_at(at, "integer constant out of range for type")),
                    },
                }
            }
        }
        if complex && bits.len() % 2 != 0 {
            return Err(self.error_at(loc, "expected complex elements as '(' real ',' imag ')' pairs"));
        }
        let group = if complex { 2 } else { 1 };
        let count = bits.len() / group;
        let all_same = count >= 1 && bits.chunks(group).all(|c| c == &bits[..group]);
        // One value stands for all; a full list whose values are all equal
        // is stored as a splat too (MLIR's storage uniquing does that).
        let splat = num != 0 && (count == 1 || all_same);
        if num == 0 {
            bits.clear();
        } else if count != 1 && count as i64 != num {
            return Err(self.error_at(loc, "number of elements does not match the type"));
        } else if splat {
            bits.truncate(group);
        }
        Ok(ctx.attr(AttrKind::DenseElements { ty, data: DenseData { splat, bits: bits.into() } }))
    }

    fn build_dense_string(&self, ty: Type, lit: &TensorLiteral) -> PResult<Attribute> {
        let ctx = self.ctx;
        let mut values: Vec<Box<[u8]>> = Vec::new();
        if let Some(h) = lit.hex {
            values.push(self.string_value(h).into());
        } else {
            for e in &lit.elems {
                if e.tok.kind != TokenKind::String {
                    return Err(self.error_at(e.tok.start, "expected string elements"));
                }
                values.push(self.string_value(e.tok).into());
            }
        }
        let splat = values.len() <= 1 || values.iter().all(|v| v == &values[0]);
        if splat {
            values.truncate(1);
        }
        Ok(ctx.attr(AttrKind::DenseString { ty, splat, values: values.into() }))
    }

    fn build_dense_hex(
        &self,
        loc: u32,
        ty: Type,
        h: Token,
        scalar_ty: Type,
        complex: bool,
        num: i64,
    ) -> PResult<Attribute> {
        let ctx = self.ctx;
        let text = self.text(h);
        let body = &text[1..text.len() - 1];
        let data = body.strip_prefix("0x").filter(|d| d.len() % 2 == 0).and_then(decode_hex);
        let Some(data) = data else {
            return Err(self.error_at(h.start, "expected string containing hex digits starting with `0x`"));
        };
        let width = ctx.scalar_bit_width(scalar_ty).unwrap_or(64);
        let invalid = || {
            self.error_at(
                loc,
                format!("elements hex data size is invalid for provided type: '{}'", type_to_string(ctx, ty)),
            )
        };
        if width == 1 && !complex {
            if data.len() == 1 && (data[0] == 0 || data[0] == 0xff) {
                let bits = vec![(data[0] != 0) as u128];
                return Ok(ctx.attr(AttrKind::DenseElements { ty, data: DenseData { splat: true, bits: bits.into() } }));
            }
            if data.len() as i64 * 8 != (num + 7) / 8 * 8 {
                return Err(invalid());
            }
            let bits: Vec<u128> = (0..num as usize).map(|i| ((data[i / 8] >> (i % 8)) & 1) as u128).collect();
            return Ok(self.finish_dense(ty, bits, 1));
        }
        if width > 128 {
            return Err(self.error_at(loc, "dense elements wider than 128 bits are not supported"));
        }
        let comp_bytes = (width as usize).div_ceil(8);
        let group = if complex { 2 } else { 1 };
        let elem_bytes = comp_bytes * group;
        if data.len() != elem_bytes && data.len() as i64 != elem_bytes as i64 * num {
            return Err(invalid());
        }
        let mask = if width >= 128 { u128::MAX } else { (1u128 << width) - 1 };
        let bits: Vec<u128> = data
            .chunks(comp_bytes)
            .map(|c| c.iter().rev().fold(0u128, |acc, &b| (acc << 8) | b as u128) & mask)
            .collect();
        Ok(self.finish_dense(ty, bits, group))
    }

    fn finish_dense(&self, ty: Type, mut bits: Vec<u128>, group: usize) -> Attribute {
        let splat = bits.len() <= group || bits.chunks(group).all(|c| c == &bits[..group]);
        if splat {
            bits.truncate(group);
        }
        self.ctx.attr(AttrKind::DenseElements { ty, data: DenseData { splat, bits: bits.into() } })
    }
}

/// The type of a typed attribute, as MLIR's `TypedAttr` reports it.
pub fn attr_type(ctx: &ir::Context, a: Attribute) -> Option<Type> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { ty, .. } | AttrKind::Float { ty, .. } => Some(*ty),
        AttrKind::Bool(_) => Some(ctx.i1_ty()),
        AttrKind::String { ty, .. } => Some(ty.unwrap_or(ctx.none_ty())),
        AttrKind::DenseElements { ty, .. } | AttrKind::DenseString { ty, .. } | AttrKind::DenseResource { ty, .. } => {
            Some(*ty)
        }
        AttrKind::Opaque { ty, .. } => Some(ty.unwrap_or(ctx.none_ty())),
        _ => None,
    }
}

fn join_i64(v: &[i64]) -> String {
    let mut s = String::new();
    for (i, d) in v.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        s.push_str(&d.to_string());
    }
    s
}

fn decode_hex(s: &str) -> Option<Vec<u8>> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len() / 2);
    for pair in b.chunks(2) {
        let hi = (pair[0] as char).to_digit(16)?;
        let lo = (pair[1] as char).to_digit(16)?;
        out.push((hi * 16 + lo) as u8);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print_attr::attr_to_string;
    use ir::Context;

    fn parse(ctx: &Context, s: &str) -> Result<Attribute, String> {
        let mut p = Parser::new(ctx, s, "a.mlir");
        let a = p.parse_attribute(None).map_err(|e| e.0.message)?;
        assert!(p.at(TokenKind::Eof), "{s}: trailing input");
        Ok(a)
    }

    fn roundtrip(s: &str) -> String {
        let ctx = Context::new();
        attr_to_string(&ctx, parse(&ctx, s).unwrap_or_else(|e| panic!("{s}: {e}")))
    }

    #[test]
    fn big_integers() {
        for s in [
            "0",
            "1",
            "4294967296",
            "340282366920938463463374607431768211456",
            "123456789012345678901234567890123456789012",
        ] {
            assert_eq!(BigUint::parse(s).unwrap().to_decimal(), s);
        }
        assert_eq!(BigUint::parse("0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF").unwrap().bits(), 136);
        assert_eq!(BigUint::pow2(130).sub(&BigUint::parse("1").unwrap()).bits(), 130);
    }

    #[test]
    fn integer_ranges() {
        let ctx = Context::new();
        let i8t = ctx.int_ty(8);
        let si8 = ctx.ty(TypeKind::Integer { width: 8, signedness: Signedness::Signed });
        let ui8 = ctx.ty(TypeKind::Integer { width: 8, signedness: Signedness::Unsigned });
        assert_eq!(build_int(&ctx, i8t, false, "255"), Some(IntValue::Small(-1)));
        assert_eq!(build_int(&ctx, i8t, true, "128"), Some(IntValue::Small(-128)));
        assert_eq!(build_int(&ctx, i8t, true, "129"), None);
        assert_eq!(build_int(&ctx, i8t, false, "256"), None);
        assert_eq!(build_int(&ctx, i8t, true, "0"), None);
        assert_eq!(build_int(&ctx, si8, false, "128"), None);
        assert_eq!(build_int(&ctx, ui8, false, "0xFF"), Some(IntValue::Small(255)));
        assert_eq!(build_int(&ctx, ui8, true, "1"), Some(IntValue::Small(255)));
        let i200 = ctx.int_ty(200);
        let two_199 = "803469022129495137770981046170581301261101496891396417650688";
        assert_eq!(build_int(&ctx, i200, false, two_199), Some(IntValue::Wide(format!("-{two_199}").into())));
        assert_eq!(build_int(&ctx, i200, true, "5"), Some(IntValue::Small(-5)));
    }

    #[test]
    fn scalars_print_like_mlir() {
        assert_eq!(roundtrip("42"), "42 : i64");
        assert_eq!(roundtrip("-1 : index"), "-1 : index");
        assert_eq!(roundtrip("1 : i1"), "true");
        assert_eq!(roundtrip("0x10 : i8"), "16 : i8");
        assert_eq!(roundtrip("1.5"), "1.500000e+00 : f64");
        assert_eq!(roundtrip("0x7FC00000 : f32"), "0x7FC00000 : f32");
        assert_eq!(roundtrip("\"a\\\"b\\n\" : i32"), "\"a\\22b\\0A\" : i32");
        assert_eq!(roundtrip("[1, 2.0, 3 : i32]"), "[1, 2.000000e+00, 3 : i32]");
        assert_eq!(roundtrip("@a::@\"b c\""), "@a::@\"b c\"");
        assert_eq!(roundtrip("{b = 1, a}"), "{a, b = 1 : i64}");
        assert_eq!(roundtrip("array<i8: -1, 2>"), "array<i8: -1, 2>");
        assert_eq!(roundtrip("strided<[?, 1], offset: 0>"), "strided<[?, 1]>");
        assert_eq!(roundtrip("#foo<\"x\"> : i8"), "#foo<\"x\"> : i8");
        assert_eq!(roundtrip("loc(\"n\"(unknown))"), "loc(\"n\")");
    }

    #[test]
    fn dense_elements() {
        assert_eq!(roundtrip("dense<[1, 1, 1]> : tensor<3xi32>"), "dense<1> : tensor<3xi32>");
        assert_eq!(roundtrip("dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>"), "dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>");
        assert_eq!(roundtrip("dense<\"0x01000000\"> : tensor<3xi32>"), "dense<1> : tensor<3xi32>");
        assert_eq!(roundtrip("dense<\"0x05\"> : tensor<3xi1>"), "dense<[true, false, true]> : tensor<3xi1>");
        assert_eq!(roundtrip("dense<> : tensor<0xf32>"), "dense<> : tensor<0xf32>");
        assert_eq!(roundtrip("dense<(1, 2)> : tensor<2xi32>"), "dense<[1, 2]> : tensor<2xi32>");
        assert_eq!(roundtrip("dense<[\"a\", \"a\"]> : tensor<2x!x.s>"), "dense<\"a\"> : tensor<2x!x.s>");
        let ctx = Context::new();
        let a = parse(&ctx, "dense<[true, false]> : tensor<2xi1>").unwrap();
        let AttrKind::DenseElements { data, .. } = ctx.attr_kind(a) else { panic!() };
        assert_eq!((data.splat, &data.bits[..]), (false, &[1u128, 0][..]));
    }

    #[test]
    fn errors() {
        let ctx = Context::new();
        for (src, msg) in [
            ("256 : i8", "integer constant out of range for attribute"),
            ("-1 : ui8", "negative integer literal not valid for unsigned integer type"),
            ("1 : f32", "unexpected decimal integer literal for a floating point value"),
            ("dense<[1, 2]> : tensor<3xi32>", "inferred shape of elements literal ([2]) does not match type ([3])"),
            ("dense<[1, [2]]> : tensor<2xi32>", "tensor literal is invalid; ranks are not consistent between elements"),
            ("dense<> : tensor<2xi32>", "parsed zero elements, but type ('tensor<2xi32>') expected at least 1"),
            ("dense<1> : tensor<?xi32>", "elements literal type must have static shape"),
            ("array<i4: 1>", "element type bitwidth must be a multiple of 8"),
            ("strided<[0]>", "strides must not be zero"),
            ("#nope", "undefined symbol alias id 'nope'"),
            ("@a::b", "expected nested symbol reference identifier"),
            ("sparse<[[0]], [1]> : tensor<?xi32>", "elements literal type must have static shape"),
            ("distinct[0]<1 : i32", "expected '>' to close distinct attribute"),
        ] {
            assert_eq!(parse(&ctx, src).unwrap_err(), msg, "{src}");
        }
    }
}
