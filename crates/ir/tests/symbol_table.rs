//! Unit tests of the arena's symbol-table cache: lookups stay equal to a
//! scan of the table's block after inserts, erasures, moves, renames,
//! shadowing duplicates and block surgery, and nested references resolve
//! through nested tables, and the verifier's redefinition check, which
//! skips tables whose cache saw no duplicate, still finds one.

use ir::*;
use std::sync::Arc;

/// A context with `t.table` (a symbol table of one region) and `t.sym`
/// (a symbol with one region, so it can hold symbols too).
fn context() -> Arc<Context> {
    let mut ctx = Context::new();
    let mut table = OpInfo::new(&ctx, "t.table");
    table.traits = OpTraits::SYMBOL_TABLE | OpTraits::NO_TERMINATOR;
    ctx.registry_mut().register_op(table);
    let mut sym = OpInfo::new(&ctx, "t.sym");
    sym.traits = OpTraits::SYMBOL;
    ctx.registry_mut().register_op(sym);
    Arc::new(ctx)
}

/// A `t.table` with one block.
fn table(ir: &mut Ir) -> (OpId, BlockId) {
    let name = ir.ctx().intern_str("t.table");
    let loc = ir.ctx().unknown_loc();
    let t = ir.create_op(OpSpec { num_regions: 1, ..OpSpec::new(name, loc) });
    let r = ir.region(t, 0);
    let b = ir.append_block(r, &[], &[]);
    (t, b)
}

/// A detached op named `name`, a symbol called `sym` when given.
fn op(ir: &mut Ir, name: &str, sym: Option<&str>) -> OpId {
    let n = ir.ctx().intern_str(name);
    let loc = ir.ctx().unknown_loc();
    let attrs: Vec<NamedAttr> = sym
        .map(|s| NamedAttr { name: ir.ctx().intern_str("sym_name"), value: ir.ctx().str_attr(s) })
        .into_iter()
        .collect();
    ir.create_op(OpSpec { attrs: &attrs, ..OpSpec::new(n, loc) })
}

fn sym(ir: &mut Ir, b: BlockId, name: &str) -> OpId {
    let o = op(ir, "t.sym", Some(name));
    ir.insert_op(o, InsertPoint::BlockEnd(b));
    o
}

fn s(ir: &Ir, name: &str) -> Str {
    ir.ctx().intern_str(name)
}

/// The cached lookup of every name in `names` equals the scan.
fn check(ir: &Ir, table: OpId, names: &[&str]) {
    for n in names {
        let n = s(ir, n);
        assert_eq!(ir.lookup_symbol_in(table, n), ir.lookup_symbol_in_uncached(table, n), "{}", ir.ctx().str(n));
    }
}

#[test]
fn insert_erase_rename_keep_the_table_current() {
    let mut ir = Ir::new(context());
    let (t, b) = table(&mut ir);
    let a = sym(&mut ir, b, "a");
    let bb = sym(&mut ir, b, "b");
    assert_eq!(ir.lookup_symbol_in(t, s(&ir, "a")), Some(a));
    assert!(ir.has_cached_symbol_table(t));

    // Insert after the table is cached.
    let c = sym(&mut ir, b, "c");
    assert_eq!(ir.lookup_symbol_in(t, s(&ir, "c")), Some(c));
    // Erase.
    ir.erase_op(bb);
    assert_eq!(ir.lookup_symbol_in(t, s(&ir, "b")), None);
    // Rename through set_attr, set_attrs and remove_attr.
    let name = s(&ir, "sym_name");
    let d = ir.ctx().str_attr("d");
    ir.set_attr(a, name, d);
    assert_eq!(ir.lookup_symbol_in(t, s(&ir, "a")), None);
    assert_eq!(ir.lookup_symbol_in(t, s(&ir, "d")), Some(a));
    let e = ir.ctx().str_attr("e");
    ir.set_attrs(c, &[NamedAttr { name, value: e }]);
    assert_eq!(ir.lookup_symbol_in(t, s(&ir, "c")), None);
    assert_eq!(ir.lookup_symbol_in(t, s(&ir, "e")), Some(c));
    ir.remove_attr(c, "sym_name");
    assert_eq!(ir.lookup_symbol_in(t, s(&ir, "e")), None);
    // The table stayed cached through all of it.
    assert!(ir.has_cached_symbol_table(t));
    check(&ir, t, &["a", "b", "c", "d", "e"]);
}

#[test]
fn moving_a_symbol_out_and_back_in() {
    let mut ir = Ir::new(context());
    let (t, b) = table(&mut ir);
    let (_, other) = table(&mut ir);
    let a = sym(&mut ir, b, "a");
    let _x = sym(&mut ir, b, "x");
    assert_eq!(ir.lookup_symbol_in(t, s(&ir, "a")), Some(a));
    ir.move_op(a, InsertPoint::BlockEnd(other));
    assert_eq!(ir.lookup_symbol_in(t, s(&ir, "a")), None);
    ir.move_op(a, InsertPoint::BlockStart(b));
    assert_eq!(ir.lookup_symbol_in(t, s(&ir, "a")), Some(a));
    // A renamed op outside the table does not enter it.
    ir.remove_op(a);
    let name = s(&ir, "sym_name");
    let y = ir.ctx().str_attr("y");
    ir.set_attr(a, name, y);
    assert_eq!(ir.lookup_symbol_in(t, s(&ir, "y")), None);
    check(&ir, t, &["a", "x", "y"]);
}

#[test]
fn duplicates_resolve_to_the_first_in_block_order() {
    let mut ir = Ir::new(context());
    let (t, b) = table(&mut ir);
    let first = sym(&mut ir, b, "f");
    let second = sym(&mut ir, b, "f");
    assert_eq!(ir.lookup_symbol_in(t, s(&ir, "f")), Some(first));
    // A third one inserted before both becomes the symbol.
    let third = op(&mut ir, "t.sym", Some("f"));
    ir.insert_op(third, InsertPoint::BlockStart(b));
    assert_eq!(ir.lookup_symbol_in(t, s(&ir, "f")), Some(third));
    ir.erase_op(third);
    assert_eq!(ir.lookup_symbol_in(t, s(&ir, "f")), Some(first));
    ir.erase_op(first);
    assert_eq!(ir.lookup_symbol_in(t, s(&ir, "f")), Some(second));
    ir.erase_op(second);
    assert_eq!(ir.lookup_symbol_in(t, s(&ir, "f")), None);
}

#[test]
fn block_surgery_and_clones_stay_consistent() {
    let mut ir = Ir::new(context());
    let (t, b) = table(&mut ir);
    let a = sym(&mut ir, b, "a");
    let z = sym(&mut ir, b, "z");
    assert_eq!(ir.lookup_symbol_in(t, s(&ir, "z")), Some(z));
    // Splitting the table's block moves `z` out of its entry block.
    ir.split_block(b, Some(z));
    check(&ir, t, &["a", "z"]);
    assert_eq!(ir.lookup_symbol_in(t, s(&ir, "z")), None);
    // A clone of the arena answers like the original, and changes apart.
    let mut copy = ir.clone();
    assert_eq!(copy.lookup_symbol_in(t, s(&copy, "a")), Some(a));
    copy.erase_op(a);
    assert_eq!(copy.lookup_symbol_in(t, s(&copy, "a")), None);
    assert_eq!(ir.lookup_symbol_in(t, s(&ir, "a")), Some(a));
    // Inlining a region with symbols into the table.
    let holder = op(&mut ir, "t.sym", None);
    let r = ir.add_region(holder);
    let nb = ir.append_block(r, &[], &[]);
    let w = sym(&mut ir, nb, "w");
    let tr = ir.region(t, 0);
    let entry = ir.entry_block(tr);
    ir.inline_region_before(r, tr, entry);
    assert_eq!(ir.lookup_symbol_in(t, s(&ir, "w")), Some(w));
    check(&ir, t, &["a", "z", "w"]);
}

#[test]
fn nested_references_resolve_through_nested_tables() {
    let mut ir = Ir::new(context());
    let (outer, ob) = table(&mut ir);
    let (inner, ib) = table(&mut ir);
    let name = s(&ir, "sym_name");
    let inner_name = ir.ctx().str_attr("inner");
    ir.set_attr(inner, name, inner_name);
    ir.insert_op(inner, InsertPoint::BlockEnd(ob));
    let f = sym(&mut ir, ib, "f");
    let g = sym(&mut ir, ob, "g");
    let user = op(&mut ir, "t.user", None);
    ir.insert_op(user, InsertPoint::BlockEnd(ib));
    let ctx = ir.ctx_arc().clone();
    let (inner_s, f_s) = (ctx.intern_str("inner"), ctx.intern_str("f"));
    let nested = ctx.attr(AttrKind::SymbolRef { root: inner_s, nested: vec![f_s].into() });
    assert_eq!(ir.resolve_symbol_ref(outer, nested), Some(f));
    assert_eq!(ir.resolve_symbol_ref(g, nested), Some(f));
    assert_eq!(ir.resolve_symbol_ref(user, nested), None);
    // Only the nearest table is searched (MLIR's lookupNearestSymbolFrom):
    // `@g` of the outer table is not visible from inside the inner one.
    assert_eq!(ir.resolve_symbol_ref(user, ctx.symbol_ref_attr("g")), None);
    assert_eq!(ir.resolve_symbol_ref(inner, ctx.symbol_ref_attr("g")), None);
    assert_eq!(ir.resolve_symbol_ref(outer, ctx.symbol_ref_attr("g")), Some(g));
    assert_eq!(ir.resolve_symbol_ref(user, ctx.symbol_ref_attr("f")), Some(f));
    // A nested reference through a symbol that is not a table fails.
    let (g_s, f2) = (ctx.intern_str("g"), ctx.intern_str("f"));
    let through_g = ctx.attr(AttrKind::SymbolRef { root: g_s, nested: vec![f2].into() });
    assert_eq!(ir.resolve_symbol_ref(outer, through_g), None);
    // Renaming the nested table is seen by the outer one.
    let other = ctx.str_attr("other");
    ir.set_attr(inner, name, other);
    assert_eq!(ir.resolve_symbol_ref(outer, nested), None);
    ir.erase_op(inner);
    assert_eq!(ir.lookup_symbol_in(outer, s(&ir, "other")), None);
}

#[test]
fn random_mutations_match_the_scan() {
    let mut ir = Ir::new(context());
    let (t, b) = table(&mut ir);
    let (_, side) = table(&mut ir);
    let names = ["a", "b", "c", "d", "e", "f"];
    let sym_name = s(&ir, "sym_name");
    let mut ops: Vec<OpId> = Vec::new();
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    for step in 0..4000 {
        let live: Vec<OpId> = ops.iter().copied().filter(|&o| ir.is_alive(o)).collect();
        match next(7) {
            0 | 1 => {
                let o = op(&mut ir, "t.sym", Some(names[next(names.len())]));
                let ip = match live.iter().copied().find(|&o| ir.op_block(o) == Some(b)) {
                    Some(at) if next(2) == 0 => InsertPoint::Before(at),
                    _ => InsertPoint::BlockEnd(b),
                };
                ir.insert_op(o, ip);
                ops.push(o);
            }
            2 if !live.is_empty() => ir.erase_op(live[next(live.len())]),
            3 if !live.is_empty() => {
                let o = live[next(live.len())];
                let v = ir.ctx().str_attr(names[next(names.len())]);
                ir.set_attr(o, sym_name, v);
            }
            4 if !live.is_empty() => {
                let o = live[next(live.len())];
                ir.remove_attr(o, "sym_name");
            }
            5 if !live.is_empty() => {
                let o = live[next(live.len())];
                let to = if next(2) == 0 { side } else { b };
                ir.move_op(o, InsertPoint::BlockStart(to));
            }
            _ => {}
        }
        if step % 3 == 0 {
            check(&ir, t, &names);
        }
    }
    check(&ir, t, &names);
}

#[test]
fn verifier_sees_a_duplicate_added_to_a_cached_table() {
    let mut ir = Ir::new(context());
    let (t, b) = table(&mut ir);
    let _a = sym(&mut ir, b, "a");
    let other = sym(&mut ir, b, "b");
    let opts = verifier::VerifyOptions { allow_unregistered: true, ..Default::default() };
    verifier::verify(&ir, t, opts).expect("valid");
    // The clean scan seeded the cache.
    assert!(ir.has_cached_symbol_table(t));
    assert_eq!(ir.cached_symbols_are_unique(t), Some(true));
    let dup = sym(&mut ir, b, "a");
    let err = verifier::verify(&ir, t, opts).expect_err("duplicate");
    assert_eq!(err.message, "redefinition of symbol named 'a'");
    ir.erase_op(dup);
    verifier::verify(&ir, t, opts).expect("valid again");
    assert_eq!(ir.cached_symbols_are_unique(t), Some(true));
    // A rename into a taken name is a redefinition too.
    let name = s(&ir, "sym_name");
    let a = ir.ctx().str_attr("a");
    ir.set_attr(other, name, a);
    let err = verifier::verify(&ir, t, opts).expect_err("duplicate by rename");
    assert_eq!(err.message, "redefinition of symbol named 'a'");
}
