//! Parsing of locations: `loc(unknown)`, `loc("file":1:2)`, name and
//! call-site locations, `fused[...]` with optional metadata, and `#alias`
//! references, including forward references from trailing op locations
//! (resolved with [`Parser::resolve_deferred_loc`]).

use ir::{AttrKind, LocKind, Location};

use crate::lexer::TokenKind;
use crate::parser::{PResult, Parser};
use crate::print_attr::attr_to_string;

impl<'a> Parser<'a> {
    /// Parses `(...)` after the `loc` keyword of a trailing location. An
    /// alias defined later in the file yields a placeholder location (see
    /// [`Parser::resolve_deferred_loc`]).
    pub fn parse_location_body(&mut self) -> PResult<Location> {
        self.expect(TokenKind::LParen, "expected '(' in location")?;
        let l =
            if self.at(TokenKind::HashIdent) { self.parse_location_alias()? } else { self.parse_location_instance()? };
        self.expect(TokenKind::RParen, "expected ')' in location")?;
        Ok(l)
    }

    /// Parses `loc(...)` if the current token is the `loc` keyword.
    pub fn parse_trailing_location(&mut self) -> PResult<Option<Location>> {
        if !self.eat_keyword("loc") {
            return Ok(None);
        }
        self.parse_location_body().map(Some)
    }

    fn parse_location_alias(&mut self) -> PResult<Location> {
        let t = self.tok;
        let name = &self.text(t)[1..];
        self.bump();
        if name.contains('.') {
            return Err(self.error_at(t.start, format!("expected location, but found dialect attribute: '#{name}'")));
        }
        match self.attr_aliases.get(name) {
            Some(&a) => {
                match self.ctx.attr_kind(a) {
                    AttrKind::Location(l) => Ok(*l),
                    _ => Err(self
                        .error_at(t.start, format!("expected location, but found '{}'", attr_to_string(self.ctx, a)))),
                }
            }
            None => Ok(self.defer_loc(t.start, name)),
        }
    }

    /// A location without the surrounding `loc(` `)`.
    pub fn parse_location_instance(&mut self) -> PResult<Location> {
        self.nested(|p| p.parse_location_instance_inner())
    }

    fn parse_location_instance_inner(&mut self) -> PResult<Location> {
        let ctx = self.ctx;
        match self.tok.kind {
            TokenKind::HashIdent => {
                let a = self.parse_attribute(None)?;
                match ctx.attr_kind(a) {
                    AttrKind::Location(l) => Ok(*l),
                    _ => {
                        Err(self.error_here(format!("expected location attribute, but got{}", attr_to_string(ctx, a))))
                    }
                }
            }
            TokenKind::String => self.parse_name_or_file_loc(),
            TokenKind::BareIdent => match self.tok_text() {
                "callsite" => {
                    self.bump();
                    self.expect(TokenKind::LParen, "expected '(' in callsite location")?;
                    let callee = self.parse_location_instance()?;
                    if !self.eat_keyword("at") {
                        return Err(self.wrong_token_error("expected 'at' in callsite location"));
                    }
                    let caller = self.parse_location_instance()?;
                    self.expect(TokenKind::RParen, "expected ')' in callsite location")?;
                    Ok(ctx.loc(LocKind::CallSite { callee, caller }))
                }
                "fused" => {
                    self.bump();
                    let mut metadata = None;
                    if self.eat(TokenKind::Less) {
                        metadata = Some(self.parse_attribute(None)?);
                        self.expect(TokenKind::Greater, "expected '>' after fused location metadata")?;
                    }
                    let mut locs = Vec::new();
                    self.parse_delimited_list(TokenKind::LSquare, TokenKind::RSquare, " in fused location", |p| {
                        locs.push(p.parse_location_instance()?);
                        Ok(())
                    })?;
                    Ok(fused_loc(ctx, locs, metadata))
                }
                "unknown" => {
                    self.bump();
                    Ok(ctx.unknown_loc())
                }
                _ => Err(self.wrong_token_error("expected location instance")),
            },
            _ => Err(self.wrong_token_error("expected location instance")),
        }
    }

    fn parse_name_or_file_loc(&mut self) -> PResult<Location> {
        let ctx = self.ctx;
        let s = self.string_text(self.tok);
        self.bump();
        let name = ctx.intern_str(&s);
        if self.eat(TokenKind::Colon) {
            let line = self.parse_loc_number("expected integer line number in FileLineColLoc")?;
            self.expect(TokenKind::Colon, "expected ':' in FileLineColLoc")?;
            let col = self.parse_loc_number("expected integer column number in FileLineColLoc")?;
            return Ok(ctx.loc(LocKind::FileLineCol { file: name, line, col }));
        }
        if self.eat(TokenKind::LParen) {
            let child = self.parse_location_instance()?;
            self.expect(TokenKind::RParen, "expected ')' after child location of NameLoc")?;
            // An unknown child is no child (MLIR's default).
            let child = Some(child).filter(|&c| c != ctx.unknown_loc());
            return Ok(ctx.loc(LocKind::Name { name, child }));
        }
        Ok(ctx.loc(LocKind::Name { name, child: None }))
    }

    fn parse_loc_number(&mut self, msg: &str) -> PResult<u32> {
        if !self.at(TokenKind::Integer) {
            return Err(self.wrong_token_error(msg));
        }
        match self.token_u64(self.tok).and_then(|v| u32::try_from(v).ok()) {
            Some(v) => {
                self.bump();
                Ok(v)
            }
            None => Err(self.wrong_token_error(msg)),
        }
    }
}

/// `FusedLoc::get`: nested fused locations with the same metadata are
/// flattened, unknown locations and duplicates dropped; no location left
/// gives `unknown` (or `fused<meta>[unknown]`), and a single one without
/// metadata is returned as is.
pub fn fused_loc(ctx: &ir::Context, locs: Vec<Location>, metadata: Option<ir::Attribute>) -> Location {
    let mut out: Vec<Location> = Vec::with_capacity(locs.len());
    let push = |l: Location, out: &mut Vec<Location>| {
        if !out.contains(&l) {
            out.push(l);
        }
    };
    for l in locs {
        match ctx.loc_kind(l) {
            LocKind::Fused { locs: inner, metadata: m } if *m == metadata => {
                for &i in ctx.loc_list_items(*inner) {
                    push(i, &mut out);
                }
            }
            LocKind::Unknown => {}
            _ => push(l, &mut out),
        }
    }
    if out.is_empty() {
        if metadata.is_none() {
            return ctx.unknown_loc();
        }
        out.push(ctx.unknown_loc());
    } else if out.len() == 1 && metadata.is_none() {
        return out[0];
    }
    ctx.loc(LocKind::Fused { locs: ctx.loc_list(&out), metadata })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print_attr::loc_to_string;
    use ir::Context;

    fn roundtrip(s: &str) -> String {
        let ctx = Context::new();
        let mut p = Parser::new(&ctx, s, "l.mlir");
        assert!(p.eat_keyword("loc"));
        let l = p.parse_location_body().unwrap_or_else(|e| panic!("{s}: {}", e.0.message));
        loc_to_string(&ctx, l)
    }

    #[test]
    fn forms() {
        for s in [
            "loc(unknown)",
            "loc(\"f.mlir\":1:2)",
            "loc(\"name\")",
            "loc(\"name\"(\"f\":1:1))",
            "loc(callsite(\"a\" at \"b\":2:3))",
            "loc(fused[\"a\":1:1, \"b\":2:2])",
            "loc(fused<\"m\">[\"a\":1:1])",
        ] {
            assert_eq!(roundtrip(s), s);
        }
    }

    #[test]
    fn fused_locations_are_canonical() {
        assert_eq!(roundtrip("loc(fused[])"), "loc(unknown)");
        assert_eq!(roundtrip("loc(fused[unknown, \"a\":1:1])"), "loc(\"a\":1:1)");
        assert_eq!(roundtrip("loc(fused[\"a\":1:1, \"a\":1:1, \"b\":1:1])"), "loc(fused[\"a\":1:1, \"b\":1:1])");
        assert_eq!(
            roundtrip("loc(fused[fused[\"a\":1:1, \"b\":1:1], \"c\":1:1])"),
            "loc(fused[\"a\":1:1, \"b\":1:1, \"c\":1:1])"
        );
        assert_eq!(roundtrip("loc(fused<1>[])"), "loc(fused<1 : i64>[unknown])");
    }
}
