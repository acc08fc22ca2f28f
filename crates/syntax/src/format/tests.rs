//! Reading formats: what registration rejects, and the spaces the printer
//! puts between elements.

use super::*;
use ir::op_decl::Arity::{Optional, Single, Variadic};

fn index(ctx: &Context) -> Type {
    ctx.index_ty()
}

const LOAD: OpShape = OpShape {
    name: "t.load",
    operands: &["memref", "indices"],
    operand_arities: &[Single, Variadic],
    operand_sizing: Sizing::Implicit,
    results: &["result"],
    result_arities: &[Single],
    result_sizing: Sizing::Implicit,
    attrs: &[("flag", AttrSyntax::Unit)],
    successors: &[],
    rules: &[("indices", Rule::Is(index)), ("result", Rule::From("memref", |ctx, t| ctx.element_type(t)))],
    result_name: None,
    result_names: None,
};

fn spaces(fmt: &'static str) -> String {
    let f = FormatAsm::new(LOAD, fmt).expect("valid format");
    fn walk(items: &[Item], out: &mut String) {
        for it in items {
            if it.space {
                out.push('_');
            }
            match &it.elem {
                Elem::Literal(l) => out.push_str(l),
                Elem::Optional(g) => {
                    out.push('{');
                    walk(&g.items, out);
                    out.push('}');
                }
                Elem::AttrDict { .. } => out.push('D'),
                Elem::Space(_) => {}
                _ => out.push('x'),
            }
        }
    }
    let mut out = String::new();
    walk(&f.items, &mut out);
    out
}

#[test]
fn spacing_follows_ods() {
    assert_eq!(spaces("$memref `[` $indices `]` attr-dict `:` type($memref)"), "_x[x]D_:_x");
    assert_eq!(spaces("`(` $indices `)` attr-dict `:` type($memref) `to` type($result) $memref"), "(x)D_:_x_to_x_x");
    assert_eq!(spaces("$memref `` `[` $indices `]` attr-dict `:` type($memref) `->` type(results)"), "_x[x]D_:_x_->_x");
    assert_eq!(spaces("$memref (`flag` $flag^)? attr-dict `:` type($memref) $indices"), "_x{_flag}D_:_x_x");
}

#[test]
fn malformed_formats_are_rejected() {
    let err = |fmt: &'static str| FormatAsm::new(LOAD, fmt).err().unwrap_or_default();
    assert_eq!(err("$memref $indices `:` type($memref)"), "the format must have exactly one attr-dict directive");
    assert_eq!(err("$memref attr-dict `:` type($memref)"), "operand '$indices' must appear exactly once");
    assert_eq!(err("$memref $nope $indices attr-dict"), "unknown variable '$nope'");
    assert_eq!(err("$memref $indices attr-dict `:` type($memref"), "expected ')'");
    assert_eq!(err("$memref $indices attr-dict `:"), "unterminated literal");
    assert_eq!(err("$memref $indices attr-dict (`x` type($memref))?"), "an optional group has no anchor ('^')");
    assert_eq!(err("$memref^ $indices attr-dict"), "'^' outside an optional group");
    assert_eq!(err("($memref^)? $indices attr-dict"), "anchor '$memref' is neither optional nor variadic");
    assert_eq!(err("$memref $indices attr-dict bogus"), "unsupported directive 'bogus'");
    // The memref's type is neither written nor derivable.
    assert_eq!(err("$memref $indices attr-dict"), "type of operand 'memref' is neither written nor inferable");
    let _ = Optional;
}

#[test]
fn used_and_segment_attributes_leave_the_attr_dict() {
    let f =
        FormatAsm::new(LOAD, "$memref `[` $indices `]` (`flag` $flag^)? attr-dict `:` type($memref)").expect("valid");
    assert_eq!(f.elided, vec!["flag"]);
}
