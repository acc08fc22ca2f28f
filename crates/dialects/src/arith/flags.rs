//! The enum attributes of `arith` (also used by `math`): the bit enums
//! `#arith.fastmath<...>` and `#arith.overflow<...>`, and the integer enum
//! properties `predicate` (`cmpi`/`cmpf`, `i64`) and `roundingmode`
//! (`truncf`, `i32`).
//!
//! The bit enums are dialect attributes the IR keeps as opaque
//! `#arith.<mnemonic><...>` attributes; this module builds them with the
//! canonical spelling mlir-opt prints, reads them back, and parses and
//! prints their custom-syntax form (`fastmath<nnan,contract>`).

use super::eval::{CmpFPredicate, CmpIPredicate};
use ir::rewrite_api::StaticName;
use ir::{AttrKind, Attribute, Context, IntValue, Signedness, TypeKind};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use syntax::lexer::TokenKind;
use syntax::op_parser::IrParser;
use syntax::parser::{PResult, ParseError};

/// A bit-enum attribute kind of the arith dialect.
#[derive(Debug)]
pub struct BitEnum {
    /// The attribute mnemonic (`fastmath`).
    pub mnemonic: &'static str,
    /// Keyword and bit of each case, in bit order.
    pub cases: &'static [(&'static str, u32)],
    /// A group keyword printed instead of its bits when all are set.
    pub group: Option<(&'static str, u32)>,
    /// Separator between printed keywords.
    pub separator: &'static str,
    /// The C++ enum name used in parse errors.
    pub cpp_name: &'static str,
    /// The ODS attribute name used in parse errors.
    pub ods_name: &'static str,
    /// The attribute description used in verifier errors.
    pub summary: &'static str,
    /// The name of the inherent attribute (property) holding the flags.
    pub attr_name: StaticName,
    /// The last attribute [`BitEnum::value`] read: `(context tag) << 40 |
    /// bits << 32 | attribute`, 0 when empty. Ops of one function nearly
    /// always carry one spelling, so this one entry spares the memo table.
    last: AtomicU64,
}

/// `#arith.fastmath<...>`.
pub static FASTMATH: BitEnum = BitEnum {
    mnemonic: "fastmath",
    cases: &[("reassoc", 1), ("nnan", 2), ("ninf", 4), ("nsz", 8), ("arcp", 16), ("contract", 32), ("afn", 64)],
    group: Some(("fast", 127)),
    separator: ",",
    cpp_name: "::mlir::arith::FastMathFlags",
    ods_name: "Arith_FastMathAttr",
    summary: "Floating point fast math flags",
    attr_name: StaticName::new("fastmath"),
    last: AtomicU64::new(0),
};

/// `#arith.overflow<...>`.
pub static OVERFLOW: BitEnum = BitEnum {
    mnemonic: "overflow",
    cases: &[("nsw", 1), ("nuw", 2)],
    group: None,
    separator: ", ",
    cpp_name: "::mlir::arith::IntegerOverflowFlags",
    ods_name: "Arith_IntegerOverflowAttr",
    summary: "Integer overflow arith flags",
    attr_name: StaticName::new("overflowFlags"),
    last: AtomicU64::new(0),
};

/// The `contract` fast-math bit.
pub const FASTMATH_CONTRACT: u32 = 32;

impl BitEnum {
    fn all_bits(&self) -> u32 {
        self.cases.iter().fold(0, |acc, c| acc | c.1)
    }

    /// The bits of one keyword (`none` is 0).
    pub fn keyword_bits(&self, kw: &str) -> Option<u32> {
        if kw == "none" {
            return Some(0);
        }
        if let Some((g, bits)) = self.group {
            if g == kw {
                return Some(bits);
            }
        }
        self.cases.iter().find(|c| c.0 == kw).map(|c| c.1)
    }

    /// The canonical spelling of `value` (`none`, `fast`, `nnan,contract`).
    pub fn spell(&self, mut value: u32) -> String {
        if value == 0 {
            return "none".to_string();
        }
        let mut parts: Vec<&str> = Vec::new();
        if let Some((g, bits)) = self.group {
            if value & bits == bits {
                parts.push(g);
                value &= !bits;
            }
        }
        parts.extend(self.cases.iter().filter(|c| value & c.1 != 0).map(|c| c.0));
        parts.join(self.separator)
    }

    /// The `#arith.<mnemonic><...>` attribute of `value`.
    pub fn attr(&'static self, ctx: &Context, value: u32) -> Attribute {
        let id = ctx.memo(self, u64::from(value), || {
            let body = format!("{}<{}>", self.mnemonic, self.spell(value));
            let a =
                ctx.attr(AttrKind::Opaque { dialect: ctx.intern_str("arith"), body: ctx.intern_str(&body), ty: None });
            u64::from(a.as_u32())
        });
        Attribute::from_u32(id as u32)
    }

    /// The value of an `#arith.<mnemonic><...>` attribute.
    pub fn value(&'static self, ctx: &Context, a: Attribute) -> Option<u32> {
        // The low 24 bits of the context id tell contexts apart (as in
        // `StaticName`: a clash needs 16 million contexts alive in turn).
        let tag = ((ctx.id() & 0xFF_FFFF) + 1) << 40;
        let last = self.last.load(Relaxed);
        if last >> 40 == tag >> 40 && last as u32 == a.as_u32() {
            return Some((last >> 32) as u32 & 0xFF);
        }
        // Keys above u32::MAX are attributes, below are flag values.
        let v = ctx.memo(self, (1 << 32) | u64::from(a.as_u32()), || match self.read(ctx, a) {
            Some(bits) => u64::from(bits),
            None => u64::MAX,
        });
        let bits = u32::try_from(v).ok()?;
        // Every case bit fits in the low byte (checked by a unit test).
        if bits <= 0xFF {
            self.last.store(tag | u64::from(bits) << 32 | u64::from(a.as_u32()), Relaxed);
        }
        Some(bits)
    }

    /// Reads the flags an attribute spells.
    fn read(&self, ctx: &Context, a: Attribute) -> Option<u32> {
        let AttrKind::Opaque { dialect, body, ty: None } = ctx.attr_kind(a) else { return None };
        if ctx.str(*dialect) != "arith" {
            return None;
        }
        let inner = ctx.str(*body).strip_prefix(self.mnemonic)?.trim_start().strip_prefix('<')?.strip_suffix('>')?;
        let mut bits = 0;
        for kw in inner.split(',') {
            bits |= self.keyword_bits(kw.trim())?;
        }
        Some(bits & self.all_bits())
    }

    /// Parses the custom form after the keyword: `<kw, kw, ...>`. Errors
    /// carry the `custom op '<name>'` prefix MLIR gives them.
    pub fn parse_body(&self, p: &mut IrParser<'_, '_>, op_name: &str) -> PResult<u32> {
        p.p.expect(TokenKind::Less, "expected '<'")?;
        // Upstream reports an unknown keyword at the start of the list.
        let start = p.p.tok.start;
        let mut bits = 0;
        loop {
            if !p.p.at(TokenKind::BareIdent) {
                return Err(custom_error(p, p.p.tok.start, op_name, "expected valid keyword"));
            }
            let Some(b) = self.keyword_bits(p.p.tok_text()) else {
                let names: Vec<&str> = std::iter::once("none")
                    .chain(self.cases.iter().map(|c| c.0))
                    .chain(self.group.iter().map(|g| g.0))
                    .collect();
                let msg = format!("expected {} to be one of: {}", self.cpp_name, names.join(", "));
                return Err(custom_error(p, start, op_name, &msg));
            };
            bits |= b;
            p.p.bump();
            if !p.p.eat(TokenKind::Comma) {
                break;
            }
        }
        p.p.expect(TokenKind::Greater, "expected '>'")?;
        Ok(bits)
    }
}

/// An error of a custom op parser: `custom op 'name' msg` at `pos`.
pub fn custom_error(p: &IrParser<'_, '_>, pos: u32, op_name: &str, msg: &str) -> ParseError {
    p.p.error_at(pos, format!("custom op '{op_name}' {msg}"))
}

/// An `i64`-typed or `i32`-typed enum property value.
fn int_enum_value(ctx: &Context, a: Attribute, width: u32) -> Option<i128> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { ty, value: IntValue::Small(v) }
            if *ctx.kind(*ty) == (TypeKind::Integer { width, signedness: Signedness::Signless }) =>
        {
            Some(*v)
        }
        _ => None,
    }
}

/// The `cmpi` predicate held by a `predicate` attribute.
pub fn cmpi_predicate(ctx: &Context, a: Attribute) -> Option<CmpIPredicate> {
    int_enum_value(ctx, a, 64).and_then(CmpIPredicate::from_value)
}

/// The `cmpf` predicate held by a `predicate` attribute.
pub fn cmpf_predicate(ctx: &Context, a: Attribute) -> Option<CmpFPredicate> {
    int_enum_value(ctx, a, 64).and_then(CmpFPredicate::from_value)
}

/// The `predicate` attribute of enum value `v`.
pub fn predicate_attr(ctx: &Context, v: i64) -> Attribute {
    ctx.int_attr(ctx.int_ty(64), i128::from(v))
}

/// `truncf`'s rounding modes, in enum order.
pub const ROUNDING_MODES: [&str; 5] = ["to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away"];

/// The rounding mode index held by a `roundingmode` attribute.
pub fn rounding_mode(ctx: &Context, a: Attribute) -> Option<usize> {
    int_enum_value(ctx, a, 32).and_then(|v| usize::try_from(v).ok()).filter(|&i| i < ROUNDING_MODES.len())
}

/// The `roundingmode` attribute of mode `i`.
pub fn rounding_mode_attr(ctx: &Context, i: usize) -> Attribute {
    ctx.int_attr(ctx.int_ty(32), i as i128)
}

/// Parses a required I64/I32 enum keyword (or its string form) for
/// property `attr_name`, with upstream's errors.
pub fn parse_enum_keyword(
    p: &mut IrParser<'_, '_>,
    op_name: &str,
    attr_name: &str,
    keywords: &[&str],
) -> PResult<usize> {
    let pos = p.p.tok.start;
    let text: String = match p.p.tok.kind {
        TokenKind::BareIdent if keywords.contains(&p.p.tok_text()) => p.p.tok_text().to_string(),
        TokenKind::String => p.p.string_text(p.p.tok),
        _ => {
            let msg = format!(
                "expected string or keyword containing one of the following enum values for attribute '{attr_name}' [{}]",
                keywords.join(", ")
            );
            return Err(custom_error(p, pos, op_name, &msg));
        }
    };
    let Some(i) = keywords.iter().position(|k| *k == text) else {
        let msg = format!("invalid {attr_name} attribute specification: \"{text}\"");
        return Err(custom_error(p, pos, op_name, &msg));
    };
    p.p.bump();
    Ok(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spelling() {
        assert_eq!(FASTMATH.spell(0), "none");
        assert_eq!(FASTMATH.spell(127), "fast");
        assert_eq!(FASTMATH.spell(2 | 32), "nnan,contract");
        assert_eq!(OVERFLOW.spell(3), "nsw, nuw");
        assert_eq!(OVERFLOW.spell(2), "nuw");
    }

    #[test]
    fn attribute_round_trip() {
        let ctx = Context::new();
        let a = FASTMATH.attr(&ctx, 2 | 32);
        assert_eq!(FASTMATH.value(&ctx, a), Some(34));
        assert_eq!(OVERFLOW.value(&ctx, a), None);
        let o = OVERFLOW.attr(&ctx, 3);
        assert_eq!(OVERFLOW.value(&ctx, o), Some(3));
        let odd = ctx.attr(AttrKind::Opaque {
            dialect: ctx.intern_str("arith"),
            body: ctx.intern_str("fastmath<contract, fast>"),
            ty: None,
        });
        assert_eq!(FASTMATH.value(&ctx, odd), Some(127));
    }

    /// The one-entry cache of `value` never answers for another attribute
    /// or another context, even when the handles are equal.
    #[test]
    fn value_cache_keys_on_context_and_attribute() {
        for e in [&FASTMATH, &OVERFLOW] {
            assert!(e.all_bits() <= 0xFF, "{} bits must fit the cache", e.mnemonic);
        }
        let (c1, c2) = (Context::new(), Context::new());
        let spelled = |ctx: &Context, body: &str| {
            ctx.attr(AttrKind::Opaque { dialect: ctx.intern_str("arith"), body: ctx.intern_str(body), ty: None })
        };
        let a1 = spelled(&c1, "fastmath<nnan>");
        let a2 = spelled(&c2, "fastmath<fast>");
        let bad = spelled(&c1, "fastmath<bogus>");
        assert_eq!(a1.as_u32(), a2.as_u32(), "the test needs equal handles in both contexts");
        for _ in 0..3 {
            assert_eq!(FASTMATH.value(&c1, a1), Some(2));
            assert_eq!(FASTMATH.value(&c2, a2), Some(127));
            assert_eq!(FASTMATH.value(&c1, bad), None);
            assert_eq!(OVERFLOW.value(&c1, a1), None);
        }
    }
}
