//! Affine expressions, affine maps and integer sets, behaving exactly like
//! MLIR 19's `AffineExpr`, `AffineMap` and `IntegerSet`.
//!
//! This module owns:
//! * [`AffineExpr`] and its simplifying constructors (the operator overloads
//!   and `getAffineBinaryOpExpr` of MLIR: constant folding, canonical operand
//!   order, `simplifyAdd/Mul/FloorDiv/CeilDiv/Mod`), plus the flattening-based
//!   [`simplify_affine_expr`] (including the semi-affine rules);
//! * [`AffineMap`] and [`IntegerSet`] with the queries and rewrites the rest of
//!   bufopt needs (identity/permutation tests, composition, dim/symbol
//!   replacement, constant evaluation with MLIR's `floordiv`/`mod` semantics);
//! * `Display` impls that print byte-for-byte what `mlir-opt-19` prints
//!   (they stay with the types: Rust ties `Display` to its type's crate;
//!   the parser is `syntax::affine_parse`);
//! * strided memref layouts: [`make_strided_linear_layout_map`],
//!   [`make_canonical_strided_layout_expr`] and [`strides_and_offset`].
//!
//! # Representation
//!
//! An [`AffineExpr`] is a small enum: dims, symbols and constants are stored
//! inline (16 bytes, no allocation), and a binary node is an `Arc`-shared
//! immutable [`AffineBinaryExpr`].  Sharing makes `clone` an atomic
//! increment, which matters because the simplification rules constantly
//! re-combine existing sub-trees (MLIR does the same through uniquing).  The
//! result list of a map is a `SmallVec` with four inline slots, so common
//! maps like `(d0, d1) -> (d0, d1)` allocate nothing and
//! `(d0)[s0] -> (d0 + s0)` allocates one node.
//! A per-map arena would make sub-expressions second-class (they could not
//! outlive or move between maps) and every rewrite would need an arena; the
//! `Arc` tree keeps expressions first-class values like in MLIR.
//!
//! Equality and hashing are structural (`Arc`'s `PartialEq` short-cuts on
//! pointer identity).  Every value is `Clone + Eq + Hash + Debug + Send + Sync`
//! so that the IR context can intern whole maps and sets as attributes.
//! Binary nodes cache whether they mention a dimension (making
//! `is_symbolic_or_constant` O(1), as the simplifier asks it on every
//! construction) and their depth (used to bound recursion on hostile input:
//! `syntax::affine_parse` rejects trees deeper than [`MAX_EXPR_DEPTH`], and textual
//! nesting deeper than [`MAX_PAREN_NESTING`]).
//!
//! Arithmetic on coefficients wraps on overflow where MLIR's C++ would (in
//! practice) wrap, and never panics.
//!
use smallvec::SmallVec;
use std::fmt;
use std::ops::{Add, Mul, Neg, Rem, Sub};
use std::sync::Arc;

/// The `?` of shapes, strides and offsets (`ShapedType::kDynamic`).
pub const DYNAMIC: i64 = i64::MIN;

/// Maximum depth of the tree of a parsed affine expression. Deeper input is
/// rejected with an error: the simplifying constructors and the other
/// operations on expressions recurse over the tree, some more than linearly.
pub const MAX_EXPR_DEPTH: u32 = 1000;

/// Maximum nesting of parentheses and negations in parsed affine text
/// (`((((d0))))`), which need not deepen the tree. The parser recurses once
/// per level; the `bufopt` driver's stack is sized for the textual nesting
/// limit of `syntax::parser::MAX_NESTING`, which this matches.
pub const MAX_PAREN_NESTING: u32 = 1_000_000;

// ---------------------------------------------------------------------------
// Integer helpers (LLVM's divideFloorSigned / divideCeilSigned / mod).
// ---------------------------------------------------------------------------

/// Floor division; `b` must be non-zero.  `i64::MIN / -1` wraps.
fn floor_div_i64(a: i64, b: i64) -> i64 {
    let q = a.wrapping_div(b);
    if a.wrapping_rem(b) != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

/// Ceiling division; `b` must be non-zero.  `i64::MIN / -1` wraps.
fn ceil_div_i64(a: i64, b: i64) -> i64 {
    let q = a.wrapping_div(b);
    if a.wrapping_rem(b) != 0 && ((a < 0) == (b < 0)) {
        q + 1
    } else {
        q
    }
}

/// Non-negative remainder; `b` must be positive.
fn mod_i64(a: i64, b: i64) -> i64 {
    let m = a % b;
    if m < 0 {
        m + b
    } else {
        m
    }
}

fn gcd_u64(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

/// `a % b == 0` with C++ semantics where defined; division by zero is "not
/// divisible" and `MIN % -1` is 0.
fn divides(a: i64, b: i64) -> bool {
    b != 0 && a.wrapping_rem(b) == 0
}

// ---------------------------------------------------------------------------
// AffineExpr
// ---------------------------------------------------------------------------

/// The binary operators of affine expressions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AffineBinaryOp {
    /// `+`
    Add,
    /// `*`
    Mul,
    /// `mod`
    Mod,
    /// `floordiv`
    FloorDiv,
    /// `ceildiv`
    CeilDiv,
}

impl AffineBinaryOp {
    /// The keyword or symbol used in the textual form (`+`, `*`, `mod`, ...).
    pub fn spelling(self) -> &'static str {
        match self {
            AffineBinaryOp::Add => "+",
            AffineBinaryOp::Mul => "*",
            AffineBinaryOp::Mod => "mod",
            AffineBinaryOp::FloorDiv => "floordiv",
            AffineBinaryOp::CeilDiv => "ceildiv",
        }
    }
}

/// An affine expression.  Construct binary expressions only through the
/// simplifying constructors ([`AffineExpr::binary`], the `+ - * %` operators,
/// [`AffineExpr::floor_div`], [`AffineExpr::ceil_div`]), which mirror MLIR's.
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum AffineExpr {
    /// `d<pos>`
    Dim(usize),
    /// `s<pos>`
    Symbol(usize),
    /// An integer constant.
    Constant(i64),
    /// A binary operation; see [`AffineBinaryExpr`].
    Binary(Arc<AffineBinaryExpr>),
}

/// A binary affine expression node (immutable, shared).
#[derive(PartialEq, Eq, Hash)]
pub struct AffineBinaryExpr {
    // Cached structural facts first: they make inequality checks cheap and
    // are functions of the structure, so derived Eq/Hash stay structural.
    depth: u32,
    has_dims: bool,
    op: AffineBinaryOp,
    lhs: AffineExpr,
    rhs: AffineExpr,
}

impl AffineBinaryExpr {
    /// The operator.
    pub fn op(&self) -> AffineBinaryOp {
        self.op
    }
    /// The left operand.
    pub fn lhs(&self) -> &AffineExpr {
        &self.lhs
    }
    /// The right operand.
    pub fn rhs(&self) -> &AffineExpr {
        &self.rhs
    }
}

impl fmt::Debug for AffineBinaryExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AffineBinaryExpr")
            .field("op", &self.op)
            .field("lhs", &self.lhs)
            .field("rhs", &self.rhs)
            .finish()
    }
}

impl From<i64> for AffineExpr {
    fn from(v: i64) -> Self {
        AffineExpr::Constant(v)
    }
}

impl AffineExpr {
    /// `d<pos>`.
    pub fn dim(pos: usize) -> Self {
        AffineExpr::Dim(pos)
    }
    /// `s<pos>`.
    pub fn symbol(pos: usize) -> Self {
        AffineExpr::Symbol(pos)
    }
    /// A constant.
    pub fn constant(v: i64) -> Self {
        AffineExpr::Constant(v)
    }

    /// `getAffineBinaryOpExpr`: builds `lhs op rhs`, simplifying like MLIR.
    pub fn binary(op: AffineBinaryOp, lhs: &AffineExpr, rhs: &AffineExpr) -> Self {
        match op {
            AffineBinaryOp::Add => add_expr(lhs, rhs),
            AffineBinaryOp::Mul => mul_expr(lhs, rhs),
            AffineBinaryOp::Mod => mod_expr(lhs, rhs),
            AffineBinaryOp::FloorDiv => floor_div_expr(lhs, rhs),
            AffineBinaryOp::CeilDiv => ceil_div_expr(lhs, rhs),
        }
    }

    /// Builds the node without any simplification (internal).
    fn raw(op: AffineBinaryOp, lhs: AffineExpr, rhs: AffineExpr) -> Self {
        let depth = lhs.depth().max(rhs.depth()).saturating_add(1);
        let has_dims = !lhs.is_symbolic_or_constant() || !rhs.is_symbolic_or_constant();
        AffineExpr::Binary(Arc::new(AffineBinaryExpr { depth, has_dims, op, lhs, rhs }))
    }

    /// `self floordiv rhs`, simplified.
    pub fn floor_div(&self, rhs: impl Into<AffineExpr>) -> Self {
        floor_div_expr(self, &rhs.into())
    }
    /// `self ceildiv rhs`, simplified.
    pub fn ceil_div(&self, rhs: impl Into<AffineExpr>) -> Self {
        ceil_div_expr(self, &rhs.into())
    }
    /// `self mod rhs`, simplified (also available as the `%` operator).
    pub fn modulo(&self, rhs: impl Into<AffineExpr>) -> Self {
        mod_expr(self, &rhs.into())
    }

    /// Depth of the tree (leaves have depth 0).
    pub fn depth(&self) -> u32 {
        match self {
            AffineExpr::Binary(b) => b.depth,
            _ => 0,
        }
    }

    /// The value, if this is a constant.
    pub fn as_constant(&self) -> Option<i64> {
        match self {
            AffineExpr::Constant(c) => Some(*c),
            _ => None,
        }
    }
    /// The position, if this is a dimension.
    pub fn as_dim(&self) -> Option<usize> {
        match self {
            AffineExpr::Dim(p) => Some(*p),
            _ => None,
        }
    }
    /// The position, if this is a symbol.
    pub fn as_symbol(&self) -> Option<usize> {
        match self {
            AffineExpr::Symbol(p) => Some(*p),
            _ => None,
        }
    }
    /// The binary node, if this is one.
    pub fn as_binary(&self) -> Option<&AffineBinaryExpr> {
        match self {
            AffineExpr::Binary(b) => Some(b),
            _ => None,
        }
    }
    /// The binary node if it has operator `op`.
    fn as_op(&self, op: AffineBinaryOp) -> Option<&AffineBinaryExpr> {
        self.as_binary().filter(|b| b.op == op)
    }
    /// True for a constant.
    pub fn is_constant(&self) -> bool {
        matches!(self, AffineExpr::Constant(_))
    }
    /// The binary operator, if this is a binary expression.
    pub fn binary_op(&self) -> Option<AffineBinaryOp> {
        self.as_binary().map(|b| b.op)
    }

    /// True if made only of symbols and constants.
    pub fn is_symbolic_or_constant(&self) -> bool {
        match self {
            AffineExpr::Dim(_) => false,
            AffineExpr::Symbol(_) | AffineExpr::Constant(_) => true,
            AffineExpr::Binary(b) => !b.has_dims,
        }
    }

    /// True if multiplication has a constant operand and the right operand of
    /// every `floordiv`, `ceildiv` and `mod` is a constant.
    pub fn is_pure_affine(&self) -> bool {
        match self {
            AffineExpr::Binary(b) => match b.op {
                AffineBinaryOp::Add => b.lhs.is_pure_affine() && b.rhs.is_pure_affine(),
                AffineBinaryOp::Mul => {
                    b.lhs.is_pure_affine() && b.rhs.is_pure_affine() && (b.lhs.is_constant() || b.rhs.is_constant())
                }
                _ => b.lhs.is_pure_affine() && b.rhs.is_constant(),
            },
            _ => true,
        }
    }

    /// `getLargestKnownDivisor`.
    pub fn largest_known_divisor(&self) -> i64 {
        match self {
            AffineExpr::Dim(_) | AffineExpr::Symbol(_) => 1,
            AffineExpr::Constant(c) => c.wrapping_abs(),
            AffineExpr::Binary(b) => match b.op {
                AffineBinaryOp::CeilDiv | AffineBinaryOp::FloorDiv => match b.rhs.as_constant() {
                    Some(r) if r != 0 => {
                        let l = b.lhs.largest_known_divisor();
                        if l.wrapping_rem(r) == 0 {
                            l.wrapping_div(r).wrapping_abs()
                        } else {
                            1
                        }
                    }
                    _ => 1,
                },
                AffineBinaryOp::Mul => b.lhs.largest_known_divisor().wrapping_mul(b.rhs.largest_known_divisor()),
                AffineBinaryOp::Add | AffineBinaryOp::Mod => {
                    gcd_u64(b.lhs.largest_known_divisor() as u64, b.rhs.largest_known_divisor() as u64) as i64
                }
            },
        }
    }

    /// `isMultipleOf`: true if the expression is known to be a multiple of
    /// `factor`.
    pub fn is_multiple_of(&self, factor: i64) -> bool {
        match self {
            AffineExpr::Dim(_) | AffineExpr::Symbol(_) => factor.wrapping_mul(factor) == 1,
            AffineExpr::Constant(c) => divides(*c, factor),
            AffineExpr::Binary(b) => {
                let l = b.lhs.largest_known_divisor() as u64;
                let r = b.rhs.largest_known_divisor() as u64;
                let f = factor as u64;
                let rem = |x: u64| x.checked_rem(f) == Some(0);
                if b.op == AffineBinaryOp::Mul {
                    rem(l) || rem(r) || rem(l.wrapping_mul(r))
                } else {
                    rem(gcd_u64(l, r))
                }
            }
        }
    }

    /// True if `d<pos>` occurs in the expression.
    pub fn is_function_of_dim(&self, pos: usize) -> bool {
        match self {
            AffineExpr::Dim(p) => *p == pos,
            AffineExpr::Binary(b) => b.has_dims && (b.lhs.is_function_of_dim(pos) || b.rhs.is_function_of_dim(pos)),
            _ => false,
        }
    }

    /// True if `s<pos>` occurs in the expression.
    pub fn is_function_of_symbol(&self, pos: usize) -> bool {
        match self {
            AffineExpr::Symbol(p) => *p == pos,
            AffineExpr::Binary(b) => b.lhs.is_function_of_symbol(pos) || b.rhs.is_function_of_symbol(pos),
            _ => false,
        }
    }

    /// Visits every node in post-order.
    pub fn walk(&self, f: &mut impl FnMut(&AffineExpr)) {
        if let AffineExpr::Binary(b) = self {
            b.lhs.walk(f);
            b.rhs.walk(f);
        }
        f(self);
    }

    /// Replaces `d<i>` by `dims[i]` and `s<i>` by `syms[i]` (positions out of
    /// range are kept) and re-simplifies the nodes that changed.
    pub fn replace_dims_and_symbols(&self, dims: &[AffineExpr], syms: &[AffineExpr]) -> Self {
        match self {
            AffineExpr::Constant(_) => self.clone(),
            AffineExpr::Dim(p) => dims.get(*p).unwrap_or(self).clone(),
            AffineExpr::Symbol(p) => syms.get(*p).unwrap_or(self).clone(),
            AffineExpr::Binary(b) => {
                let l = b.lhs.replace_dims_and_symbols(dims, syms);
                let r = b.rhs.replace_dims_and_symbols(dims, syms);
                if l == b.lhs && r == b.rhs {
                    self.clone()
                } else {
                    AffineExpr::binary(b.op, &l, &r)
                }
            }
        }
    }

    /// Replaces dims only.
    pub fn replace_dims(&self, dims: &[AffineExpr]) -> Self {
        self.replace_dims_and_symbols(dims, &[])
    }

    /// Replaces symbols only.
    pub fn replace_symbols(&self, syms: &[AffineExpr]) -> Self {
        self.replace_dims_and_symbols(&[], syms)
    }

    /// Replaces every occurrence of the sub-expression `from` by `to`.
    pub fn replace(&self, from: &AffineExpr, to: &AffineExpr) -> Self {
        if self == from {
            return to.clone();
        }
        match self {
            AffineExpr::Binary(b) => {
                let l = b.lhs.replace(from, to);
                let r = b.rhs.replace(from, to);
                if l == b.lhs && r == b.rhs {
                    self.clone()
                } else {
                    AffineExpr::binary(b.op, &l, &r)
                }
            }
            _ => self.clone(),
        }
    }

    /// Renumbers `d<offset..num_dims>` to `d<offset+shift..>`.
    pub fn shift_dims(&self, num_dims: usize, shift: usize, offset: usize) -> Self {
        let dims: Vec<AffineExpr> =
            (0..num_dims).map(|i| AffineExpr::Dim(if i < offset { i } else { i.saturating_add(shift) })).collect();
        self.replace_dims_and_symbols(&dims, &[])
    }

    /// Renumbers `s<offset..num_symbols>` to `s<offset+shift..>`.
    pub fn shift_symbols(&self, num_symbols: usize, shift: usize, offset: usize) -> Self {
        let syms: Vec<AffineExpr> = (0..num_symbols)
            .map(|i| AffineExpr::Symbol(if i < offset { i } else { i.saturating_add(shift) }))
            .collect();
        self.replace_dims_and_symbols(&[], &syms)
    }

    /// Substitutes the results of `map` for the dims of this expression.
    pub fn compose(&self, map: &AffineMap) -> Self {
        self.replace_dims_and_symbols(&map.results, &[])
    }

    /// Evaluates with constant dims and symbols, like MLIR's constant folder:
    /// `None` if an operand is missing or on division by zero / `mod` by a
    /// non-positive value ("poison").  `+` and `*` wrap.
    pub fn evaluate(&self, dims: &[i64], syms: &[i64]) -> Option<i64> {
        match self {
            AffineExpr::Constant(c) => Some(*c),
            AffineExpr::Dim(p) => dims.get(*p).copied(),
            AffineExpr::Symbol(p) => syms.get(*p).copied(),
            AffineExpr::Binary(b) => {
                let l = b.lhs.evaluate(dims, syms)?;
                let r = b.rhs.evaluate(dims, syms)?;
                match b.op {
                    AffineBinaryOp::Add => Some(l.wrapping_add(r)),
                    AffineBinaryOp::Mul => Some(l.wrapping_mul(r)),
                    AffineBinaryOp::Mod => (r >= 1).then(|| mod_i64(l, r)),
                    AffineBinaryOp::FloorDiv => (r != 0).then(|| floor_div_i64(l, r)),
                    AffineBinaryOp::CeilDiv => (r != 0).then(|| ceil_div_i64(l, r)),
                }
            }
        }
    }

    /// Displays the expression with custom names for dims and symbols:
    /// `name(f, position, is_symbol)` prints one identifier.
    pub fn display_with<'a, F>(&'a self, name: F) -> impl fmt::Display + 'a
    where
        F: Fn(&mut fmt::Formatter<'_>, usize, bool) -> fmt::Result + 'a,
    {
        DisplayWith { expr: self, name }
    }
}

// ---------------------------------------------------------------------------
// Simplifying constructors (AffineExpr.cpp's operator overloads).
// ---------------------------------------------------------------------------

/// `lhs` as `(inner, c)` if it is `inner * c` with a constant `c`.
fn mul_by_const(e: &AffineExpr) -> Option<(&AffineExpr, i64)> {
    let b = e.as_op(AffineBinaryOp::Mul)?;
    Some((&b.lhs, b.rhs.as_constant()?))
}

fn add_expr(lhs: &AffineExpr, rhs: &AffineExpr) -> AffineExpr {
    simplify_add(lhs, rhs).unwrap_or_else(|| AffineExpr::raw(AffineBinaryOp::Add, lhs.clone(), rhs.clone()))
}

fn simplify_add(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let lc = lhs.as_constant();
    let rc = rhs.as_constant();
    if let (Some(a), Some(b)) = (lc, rc) {
        return a.checked_add(b).map(AffineExpr::Constant);
    }
    // Canonicalize so that only the RHS is a constant, and a symbolic
    // operand goes to the right of a non-symbolic one.
    if lc.is_some() || (lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant()) {
        return Some(add_expr(rhs, lhs));
    }
    if rc == Some(0) {
        return Some(lhs.clone());
    }
    let lbin = lhs.as_op(AffineBinaryOp::Add);
    // (e + c1) + c2 -> e + (c1 + c2)
    if let (Some(lb), Some(c2)) = (lbin, rc) {
        if let Some(c1) = lb.rhs.as_constant() {
            return Some(add_expr(&lb.lhs, &AffineExpr::Constant(c1.wrapping_add(c2))));
        }
    }
    // c1 * e + c2 * e -> (c1 + c2) * e
    let (first, c1) = mul_by_const(lhs).unwrap_or((lhs, 1));
    let (second, c2) = mul_by_const(rhs).unwrap_or((rhs, 1));
    if first == second {
        return Some(mul_expr(first, &AffineExpr::Constant(c1.wrapping_add(c2))));
    }
    // (e1 + c) + e2 -> (e1 + e2) + c
    if let Some(lb) = lbin {
        if lb.rhs.is_constant() {
            return Some(add_expr(&add_expr(&lb.lhs, rhs), &lb.rhs));
        }
    }
    // e - q * (e floordiv q) -> e mod q, in its two shapes.
    let rb = rhs.as_binary()?;
    let (lrhs, rrhs) = (&rb.lhs, &rb.rhs);
    if rrhs.as_constant() == Some(-1) {
        if let Some(lrb) = lrhs.as_op(AffineBinaryOp::Mul) {
            let llb = lrb.lhs.as_op(AffineBinaryOp::FloorDiv)?;
            if llb.rhs == lrb.rhs && *lhs == llb.lhs {
                return Some(mod_expr(lhs, &lrb.rhs));
            }
        }
    }
    let lrb = lrhs.as_binary()?;
    if rb.op != AffineBinaryOp::Mul || lrb.op != AffineBinaryOp::FloorDiv {
        return None;
    }
    if *lhs == lrb.lhs && lrb.rhs == neg_expr(rrhs) {
        return Some(mod_expr(lhs, &lrb.rhs));
    }
    None
}

fn mul_expr(lhs: &AffineExpr, rhs: &AffineExpr) -> AffineExpr {
    simplify_mul(lhs, rhs).unwrap_or_else(|| AffineExpr::raw(AffineBinaryOp::Mul, lhs.clone(), rhs.clone()))
}

fn simplify_mul(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let rc = rhs.as_constant();
    if let (Some(a), Some(b)) = (lhs.as_constant(), rc) {
        return a.checked_mul(b).map(AffineExpr::Constant);
    }
    if !lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant() {
        return None;
    }
    if !rhs.is_symbolic_or_constant() || lhs.is_constant() {
        return Some(mul_expr(rhs, lhs));
    }
    match rc {
        Some(1) => return Some(lhs.clone()),
        Some(0) => return Some(rhs.clone()),
        _ => {}
    }
    if let Some((inner, c1)) = mul_by_const(lhs) {
        // (e * c1) * c2 -> e * (c1 * c2)
        if let Some(c2) = rc {
            return Some(mul_expr(inner, &AffineExpr::Constant(c1.wrapping_mul(c2))));
        }
        // (e * c) * e2 -> (e * e2) * c
        return Some(mul_expr(&mul_expr(inner, rhs), &AffineExpr::Constant(c1)));
    }
    None
}

fn neg_expr(e: &AffineExpr) -> AffineExpr {
    mul_expr(e, &AffineExpr::Constant(-1))
}

fn sub_expr(lhs: &AffineExpr, rhs: &AffineExpr) -> AffineExpr {
    add_expr(lhs, &neg_expr(rhs))
}

fn floor_div_expr(lhs: &AffineExpr, rhs: &AffineExpr) -> AffineExpr {
    simplify_floor_div(lhs, rhs).unwrap_or_else(|| AffineExpr::raw(AffineBinaryOp::FloorDiv, lhs.clone(), rhs.clone()))
}

fn simplify_floor_div(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let r = rhs.as_constant().filter(|&r| r != 0)?;
    if let Some(l) = lhs.as_constant() {
        if l == i64::MIN && r == -1 {
            return None;
        }
        return Some(AffineExpr::Constant(floor_div_i64(l, r)));
    }
    if r == 1 {
        return Some(lhs.clone());
    }
    let lbin = lhs.as_binary()?;
    if let Some((inner, c)) = mul_by_const(lhs) {
        if divides(c, r) {
            return Some(mul_expr(inner, &AffineExpr::Constant(c.wrapping_div(r))));
        }
    }
    if lbin.op == AffineBinaryOp::Add {
        let ld = lbin.lhs.largest_known_divisor();
        let rd = lbin.rhs.largest_known_divisor();
        if divides(ld, r) || divides(rd, r) {
            let rc = AffineExpr::Constant(r);
            return Some(add_expr(&floor_div_expr(&lbin.lhs, &rc), &floor_div_expr(&lbin.rhs, &rc)));
        }
    }
    None
}

fn ceil_div_expr(lhs: &AffineExpr, rhs: &AffineExpr) -> AffineExpr {
    simplify_ceil_div(lhs, rhs).unwrap_or_else(|| AffineExpr::raw(AffineBinaryOp::CeilDiv, lhs.clone(), rhs.clone()))
}

fn simplify_ceil_div(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let r = rhs.as_constant().filter(|&r| r != 0)?;
    if let Some(l) = lhs.as_constant() {
        if l == i64::MIN && r == -1 {
            return None;
        }
        return Some(AffineExpr::Constant(ceil_div_i64(l, r)));
    }
    if r == 1 {
        return Some(lhs.clone());
    }
    if let Some((inner, c)) = mul_by_const(lhs) {
        if divides(c, r) {
            return Some(mul_expr(inner, &AffineExpr::Constant(c.wrapping_div(r))));
        }
    }
    None
}

fn mod_expr(lhs: &AffineExpr, rhs: &AffineExpr) -> AffineExpr {
    simplify_mod(lhs, rhs).unwrap_or_else(|| AffineExpr::raw(AffineBinaryOp::Mod, lhs.clone(), rhs.clone()))
}

fn simplify_mod(lhs: &AffineExpr, rhs: &AffineExpr) -> Option<AffineExpr> {
    let r = rhs.as_constant().filter(|&r| r >= 1)?;
    if let Some(l) = lhs.as_constant() {
        return Some(AffineExpr::Constant(mod_i64(l, r)));
    }
    if divides(lhs.largest_known_divisor(), r) {
        return Some(AffineExpr::Constant(0));
    }
    let lbin = lhs.as_binary()?;
    let rc = AffineExpr::Constant(r);
    if lbin.op == AffineBinaryOp::Add {
        if divides(lbin.lhs.largest_known_divisor(), r) {
            return Some(mod_expr(&lbin.rhs, &rc));
        }
        if divides(lbin.rhs.largest_known_divisor(), r) {
            return Some(mod_expr(&lbin.lhs, &rc));
        }
    }
    if lbin.op == AffineBinaryOp::Mod {
        if let Some(a) = lbin.rhs.as_constant() {
            if a >= 1 && mod_i64(a, r) == 0 {
                return Some(mod_expr(&lbin.lhs, &rc));
            }
        }
    }
    None
}

macro_rules! impl_binop {
    ($trait:ident, $method:ident, $f:ident) => {
        impl $trait<AffineExpr> for AffineExpr {
            type Output = AffineExpr;
            fn $method(self, rhs: AffineExpr) -> AffineExpr {
                $f(&self, &rhs)
            }
        }
        impl $trait<&AffineExpr> for AffineExpr {
            type Output = AffineExpr;
            fn $method(self, rhs: &AffineExpr) -> AffineExpr {
                $f(&self, rhs)
            }
        }
        impl $trait<AffineExpr> for &AffineExpr {
            type Output = AffineExpr;
            fn $method(self, rhs: AffineExpr) -> AffineExpr {
                $f(self, &rhs)
            }
        }
        impl $trait<&AffineExpr> for &AffineExpr {
            type Output = AffineExpr;
            fn $method(self, rhs: &AffineExpr) -> AffineExpr {
                $f(self, rhs)
            }
        }
        impl $trait<i64> for AffineExpr {
            type Output = AffineExpr;
            fn $method(self, rhs: i64) -> AffineExpr {
                $f(&self, &AffineExpr::Constant(rhs))
            }
        }
        impl $trait<i64> for &AffineExpr {
            type Output = AffineExpr;
            fn $method(self, rhs: i64) -> AffineExpr {
                $f(self, &AffineExpr::Constant(rhs))
            }
        }
    };
}

impl_binop!(Add, add, add_expr);
impl_binop!(Sub, sub, sub_expr);
impl_binop!(Mul, mul, mul_expr);
impl_binop!(Rem, rem, mod_expr);

impl Neg for AffineExpr {
    type Output = AffineExpr;
    fn neg(self) -> AffineExpr {
        neg_expr(&self)
    }
}

impl Neg for &AffineExpr {
    type Output = AffineExpr;
    fn neg(self) -> AffineExpr {
        neg_expr(self)
    }
}

// ---------------------------------------------------------------------------
// Flattening-based simplification (simplifyAffineExpr).
// ---------------------------------------------------------------------------

/// MLIR's `SimpleAffineExprFlattener`: turns an expression into a sum of
/// products over `[dims, symbols, locals, constant]`, introducing a local for
/// each distinct division/modulo (or semi-affine product) it cannot remove.
struct Flattener {
    num_dims: usize,
    num_symbols: usize,
    locals: Vec<AffineExpr>,
    stack: Vec<Vec<i64>>,
}

impl Flattener {
    fn new(num_dims: usize, num_symbols: usize) -> Self {
        Flattener { num_dims, num_symbols, locals: Vec::new(), stack: Vec::with_capacity(8) }
    }

    fn num_cols(&self) -> usize {
        self.num_dims + self.num_symbols + self.locals.len() + 1
    }

    fn local_start(&self) -> usize {
        self.num_dims + self.num_symbols
    }

    fn leaf(&mut self, idx: usize, value: i64) {
        let mut row = vec![0; self.num_cols()];
        row[idx] = value;
        self.stack.push(row);
    }

    fn flat_to_expr(&self, flat: &[i64]) -> AffineExpr {
        expr_from_flat_form(flat, self.num_dims, self.num_symbols, &self.locals)
    }

    fn find_local(&self, e: &AffineExpr) -> Option<usize> {
        self.locals.iter().position(|l| l == e)
    }

    /// Adds a local column (to every row on the stack) for `e`.
    fn add_local(&mut self, e: AffineExpr) {
        let at = self.local_start() + self.locals.len();
        for row in &mut self.stack {
            row.insert(at, 0);
        }
        self.locals.push(e);
    }

    /// Replaces the top row by the local for `e` (adding it if new).
    fn set_top_to_local(&mut self, e: AffineExpr) {
        let idx = match self.find_local(&e) {
            Some(i) => i,
            None => {
                self.add_local(e);
                self.locals.len() - 1
            }
        };
        let at = self.local_start() + idx;
        if let Some(top) = self.stack.last_mut() {
            top.iter_mut().for_each(|v| *v = 0);
            top[at] = 1;
        }
    }

    fn walk(&mut self, e: &AffineExpr) -> Result<(), ()> {
        match e {
            AffineExpr::Dim(p) => {
                if *p >= self.num_dims {
                    return Err(());
                }
                self.leaf(*p, 1);
            }
            AffineExpr::Symbol(p) => {
                if *p >= self.num_symbols {
                    return Err(());
                }
                self.leaf(self.num_dims + *p, 1);
            }
            AffineExpr::Constant(c) => {
                let last = self.num_cols() - 1;
                self.leaf(last, *c);
            }
            AffineExpr::Binary(b) => {
                self.walk(&b.lhs)?;
                self.walk(&b.rhs)?;
                let rhs = self.stack.pop().ok_or(())?;
                if self.stack.is_empty() {
                    return Err(());
                }
                match b.op {
                    AffineBinaryOp::Add => {
                        let lhs = self.stack.last_mut().ok_or(())?;
                        for (l, r) in lhs.iter_mut().zip(&rhs) {
                            *l = l.wrapping_add(*r);
                        }
                    }
                    AffineBinaryOp::Mul => self.visit_mul(&b.rhs, rhs),
                    AffineBinaryOp::Mod => self.visit_mod(&b.rhs, rhs)?,
                    AffineBinaryOp::FloorDiv => self.visit_div(&b.rhs, rhs, false)?,
                    AffineBinaryOp::CeilDiv => self.visit_div(&b.rhs, rhs, true)?,
                }
            }
        }
        Ok(())
    }

    fn top(&self) -> &[i64] {
        self.stack.last().map(Vec::as_slice).unwrap_or(&[])
    }

    fn visit_mul(&mut self, orig_rhs: &AffineExpr, rhs: Vec<i64>) {
        if !orig_rhs.is_constant() {
            let a = self.flat_to_expr(self.top());
            let b = self.flat_to_expr(&rhs);
            self.set_top_to_local(mul_expr(&a, &b));
            return;
        }
        let c = rhs.last().copied().unwrap_or(0);
        if let Some(lhs) = self.stack.last_mut() {
            lhs.iter_mut().for_each(|v| *v = v.wrapping_mul(c));
        }
    }

    fn visit_mod(&mut self, orig_rhs: &AffineExpr, rhs: Vec<i64>) -> Result<(), ()> {
        if !orig_rhs.is_constant() {
            let a = self.flat_to_expr(self.top());
            let b = self.flat_to_expr(&rhs);
            self.set_top_to_local(mod_expr(&a, &b));
            return Ok(());
        }
        let c = rhs.last().copied().unwrap_or(0);
        if c <= 0 {
            return Err(());
        }
        let lhs = self.top().to_vec();
        if lhs.iter().all(|v| v % c == 0) {
            if let Some(top) = self.stack.last_mut() {
                top.iter_mut().for_each(|v| *v = 0);
            }
            return Ok(());
        }
        let mut gcd = c as u64;
        for v in &lhs {
            gcd = gcd_u64(gcd, v.unsigned_abs());
        }
        let g = gcd as i64;
        let dividend: Vec<i64> = lhs.iter().map(|v| v / g).collect();
        let divisor = c / g;
        let q = floor_div_expr(&self.flat_to_expr(&dividend), &AffineExpr::Constant(divisor));
        let idx = match self.find_local(&q) {
            Some(i) => i,
            None => {
                self.add_local(q);
                self.locals.len() - 1
            }
        };
        let at = self.local_start() + idx;
        if let Some(top) = self.stack.last_mut() {
            top[at] = c.wrapping_neg();
        }
        Ok(())
    }

    fn visit_div(&mut self, orig_rhs: &AffineExpr, rhs: Vec<i64>, ceil: bool) -> Result<(), ()> {
        let make = |a: &AffineExpr, b: &AffineExpr| {
            if ceil {
                ceil_div_expr(a, b)
            } else {
                floor_div_expr(a, b)
            }
        };
        if !orig_rhs.is_constant() {
            let a = self.flat_to_expr(self.top());
            let b = self.flat_to_expr(&rhs);
            self.set_top_to_local(make(&a, &b));
            return Ok(());
        }
        let c = rhs.last().copied().unwrap_or(0);
        if c <= 0 {
            return Err(());
        }
        let mut gcd = c as u64;
        for v in self.top() {
            gcd = gcd_u64(gcd, v.unsigned_abs());
        }
        let g = gcd as i64;
        if g != 1 {
            if let Some(top) = self.stack.last_mut() {
                top.iter_mut().for_each(|v| *v /= g);
            }
        }
        let divisor = c / g;
        if divisor == 1 {
            return Ok(());
        }
        let a = self.flat_to_expr(self.top());
        let q = make(&a, &AffineExpr::Constant(divisor));
        self.set_top_to_local(q);
        Ok(())
    }
}

/// `getAffineExprFromFlatForm`: rebuilds `sum(coeff * id) + sum(coeff *
/// local) + constant` from `[dims, symbols, locals, constant]`.
fn expr_from_flat_form(flat: &[i64], num_dims: usize, num_symbols: usize, locals: &[AffineExpr]) -> AffineExpr {
    let mut expr = AffineExpr::Constant(0);
    let Some((&constant, coeffs)) = flat.split_last() else {
        return expr;
    };
    for (j, &c) in coeffs.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let id = if j < num_dims {
            AffineExpr::Dim(j)
        } else if j < num_dims + num_symbols {
            AffineExpr::Symbol(j - num_dims)
        } else {
            match locals.get(j - num_dims - num_symbols) {
                Some(l) => l.clone(),
                None => continue,
            }
        };
        expr = add_expr(&expr, &mul_expr(&id, &AffineExpr::Constant(c)));
    }
    if constant != 0 {
        expr = add_expr(&expr, &AffineExpr::Constant(constant));
    }
    expr
}

/// `getSemiAffineExprFromFlatForm`: like [`expr_from_flat_form`] but orders
/// the terms by dim/symbol position so that products like `d0 * s0` sit next
/// to `d0`.
fn semi_affine_expr_from_flat_form(
    flat: &[i64],
    num_dims: usize,
    num_symbols: usize,
    locals: &[AffineExpr],
) -> AffineExpr {
    let mut expr = AffineExpr::Constant(0);
    let Some(&constant) = flat.last() else {
        return expr;
    };
    let coeff = |j: usize| flat.get(j).copied().unwrap_or(0);
    // (index, coefficient, expr); the first entry for an index wins (MLIR's
    // DenseMap::insert), duplicates of an index stay in the list.
    let mut entries: Vec<((usize, i64), i64, AffineExpr)> = Vec::new();
    let mut add_entry = |index: (usize, i64), c: i64, e: AffineExpr| {
        let existing = entries.iter().find(|(i, _, _)| *i == index);
        let (c, e) = match existing {
            Some((_, c0, e0)) => (*c0, e0.clone()),
            None => (c, e),
        };
        entries.push((index, c, e));
    };
    let max_ds = num_dims.max(num_symbols) as i64;
    let mut offset_sym: i64 = 0;
    let mut offset_dim: i64 = -1;
    for j in num_dims..num_dims + num_symbols {
        let c = coeff(j);
        if c == 0 {
            continue;
        }
        add_entry((j - num_dims, max_ds + offset_sym), c, AffineExpr::Symbol(j - num_dims));
        offset_sym += 1;
    }
    let local_base = num_dims + num_symbols;
    let mut added = vec![false; locals.len()];
    for (i, local) in locals.iter().enumerate() {
        let c = coeff(local_base + i);
        if c == 0 {
            continue;
        }
        let Some(b) = local.as_binary() else {
            continue;
        };
        let lhs_pos = match &b.lhs {
            AffineExpr::Dim(p) | AffineExpr::Symbol(p) => *p,
            _ => continue,
        };
        let index = match (&b.lhs, &b.rhs) {
            (AffineExpr::Dim(_), AffineExpr::Constant(_)) => {
                let idx = (lhs_pos, offset_dim);
                offset_dim -= 1;
                idx
            }
            (AffineExpr::Dim(_), AffineExpr::Dim(p) | AffineExpr::Symbol(p)) => (lhs_pos, *p as i64),
            (AffineExpr::Symbol(_), AffineExpr::Constant(_) | AffineExpr::Symbol(_) | AffineExpr::Dim(_)) => {
                let idx = (lhs_pos, max_ds + offset_sym);
                offset_sym += 1;
                idx
            }
            _ => continue,
        };
        add_entry(index, c, local.clone());
        added[i] = true;
    }
    for j in 0..num_dims {
        let c = coeff(j);
        if c == 0 {
            continue;
        }
        add_entry((j, offset_dim), c, AffineExpr::Dim(j));
        offset_dim -= 1;
    }
    entries.sort_by_key(|(index, _, _)| *index);
    for (_, c, e) in &entries {
        expr = add_expr(&expr, &mul_expr(e, &AffineExpr::Constant(*c)));
    }
    for (i, local) in locals.iter().enumerate() {
        let c = coeff(local_base + i);
        if c == 0 || added[i] {
            continue;
        }
        expr = add_expr(&expr, &mul_expr(local, &AffineExpr::Constant(c)));
    }
    if constant != 0 {
        expr = add_expr(&expr, &AffineExpr::Constant(constant));
    }
    expr
}

/// Whether `e` is divisible by symbol `pos` for the division kind `op`.
fn is_divisible_by_symbol(e: &AffineExpr, pos: usize, op: AffineBinaryOp) -> bool {
    match e {
        AffineExpr::Constant(c) => *c == 0,
        AffineExpr::Dim(_) => false,
        AffineExpr::Symbol(p) => *p == pos,
        AffineExpr::Binary(b) => match b.op {
            AffineBinaryOp::Add => is_divisible_by_symbol(&b.lhs, pos, op) && is_divisible_by_symbol(&b.rhs, pos, op),
            AffineBinaryOp::Mod => {
                is_divisible_by_symbol(&b.lhs, pos, AffineBinaryOp::Mod)
                    && is_divisible_by_symbol(&b.rhs, pos, AffineBinaryOp::Mod)
            }
            AffineBinaryOp::Mul => is_divisible_by_symbol(&b.lhs, pos, op) || is_divisible_by_symbol(&b.rhs, pos, op),
            AffineBinaryOp::FloorDiv | AffineBinaryOp::CeilDiv => {
                op == b.op && is_divisible_by_symbol(&b.lhs, pos, b.op)
            }
        },
    }
}

/// Divides `e` by symbol `pos` (divisibility must have been checked).
fn symbolic_divide(e: &AffineExpr, pos: usize, op: AffineBinaryOp) -> Option<AffineExpr> {
    match e {
        AffineExpr::Constant(c) => (*c == 0).then_some(AffineExpr::Constant(0)),
        AffineExpr::Dim(_) => None,
        AffineExpr::Symbol(_) => Some(AffineExpr::Constant(1)),
        AffineExpr::Binary(b) => match b.op {
            AffineBinaryOp::Add => {
                Some(add_expr(&symbolic_divide(&b.lhs, pos, op)?, &symbolic_divide(&b.rhs, pos, op)?))
            }
            AffineBinaryOp::Mod => {
                Some(mod_expr(&symbolic_divide(&b.lhs, pos, b.op)?, &symbolic_divide(&b.rhs, pos, b.op)?))
            }
            AffineBinaryOp::Mul => {
                if !is_divisible_by_symbol(&b.lhs, pos, op) {
                    Some(mul_expr(&b.lhs, &symbolic_divide(&b.rhs, pos, op)?))
                } else {
                    Some(mul_expr(&symbolic_divide(&b.lhs, pos, op)?, &b.rhs))
                }
            }
            AffineBinaryOp::FloorDiv | AffineBinaryOp::CeilDiv => {
                Some(AffineExpr::binary(b.op, &symbolic_divide(&b.lhs, pos, b.op)?, &b.rhs))
            }
        },
    }
}

/// Pushes the summands of a (nested) addition.
fn summands<'a>(e: &'a AffineExpr, out: &mut Vec<&'a AffineExpr>) {
    match e.as_op(AffineBinaryOp::Add) {
        Some(b) => {
            summands(&b.lhs, out);
            summands(&b.rhs, out);
        }
        None => out.push(e),
    }
}

/// `e` as `x` if it is `x * -1` or `-1 * x`.
fn negated(e: &AffineExpr) -> Option<&AffineExpr> {
    let b = e.as_op(AffineBinaryOp::Mul)?;
    if b.lhs.as_constant() == Some(-1) {
        return Some(&b.rhs);
    }
    if b.rhs.as_constant() == Some(-1) {
        return Some(&b.lhs);
    }
    None
}

/// True if `lhs mod rhs` is zero because `lhs` is `x - x mod rhs`.
fn is_mod_of_mod_subtraction(lhs: &AffineExpr, rhs: &AffineExpr, num_dims: usize, num_symbols: usize) -> bool {
    let mut terms = Vec::new();
    summands(lhs, &mut terms);
    for (i, term) in terms.iter().enumerate() {
        let Some(inner) = negated(term).and_then(|n| n.as_op(AffineBinaryOp::Mod)) else {
            continue;
        };
        if inner.rhs != *rhs {
            continue;
        }
        let mut diff = AffineExpr::Constant(0);
        for (j, t) in terms.iter().enumerate() {
            if i != j {
                diff = add_expr(&diff, t);
            }
        }
        diff = sub_expr(&diff, &inner.lhs);
        if simplify_affine_expr(&diff, num_dims, num_symbols).as_constant() == Some(0) {
            return true;
        }
    }
    false
}

/// MLIR's `simplifySemiAffine`.
fn simplify_semi_affine(e: &AffineExpr, num_dims: usize, num_symbols: usize) -> AffineExpr {
    let AffineExpr::Binary(b) = e else {
        return e.clone();
    };
    let sl = simplify_semi_affine(&b.lhs, num_dims, num_symbols);
    let sr = simplify_semi_affine(&b.rhs, num_dims, num_symbols);
    match b.op {
        AffineBinaryOp::Add | AffineBinaryOp::Mul => AffineExpr::binary(b.op, &sl, &sr),
        op => {
            if is_mod_of_mod_subtraction(&sl, &sr, num_dims, num_symbols) {
                return AffineExpr::Constant(0);
            }
            let AffineExpr::Symbol(pos) = sr else {
                return AffineExpr::binary(op, &sl, &sr);
            };
            if !is_divisible_by_symbol(&b.lhs, pos, op) {
                return AffineExpr::binary(op, &sl, &sr);
            }
            if op == AffineBinaryOp::Mod {
                return AffineExpr::Constant(0);
            }
            symbolic_divide(&sl, pos, op).unwrap_or_else(|| AffineExpr::binary(op, &sl, &sr))
        }
    }
}

/// MLIR's `simplifyAffineExpr`: simplifies by flattening into a sum of
/// products and rebuilding (semi-affine expressions get the extra symbolic
/// division rules first).  Returns the input unchanged if it cannot be
/// flattened (e.g. `mod` by a non-positive constant, or an out-of-range
/// dim/symbol).
pub fn simplify_affine_expr(expr: &AffineExpr, num_dims: usize, num_symbols: usize) -> AffineExpr {
    let mut expr = expr.clone();
    let mut pure = expr.is_pure_affine();
    if !pure {
        expr = simplify_semi_affine(&expr, num_dims, num_symbols);
        pure = expr.is_pure_affine();
    }
    let mut flattener = Flattener::new(num_dims, num_symbols);
    if flattener.walk(&expr).is_err() || flattener.stack.len() != 1 {
        return expr;
    }
    let flat = flattener.top();
    if pure {
        return flattener.flat_to_expr(flat);
    }
    if expr == flattener.flat_to_expr(flat) {
        return expr;
    }
    semi_affine_expr_from_flat_form(flat, num_dims, num_symbols, &flattener.locals)
}

/// Simplifies every result of `map` with [`simplify_affine_expr`].
pub fn simplify_affine_map(map: &AffineMap) -> AffineMap {
    AffineMap {
        num_dims: map.num_dims,
        num_symbols: map.num_symbols,
        results: map.results.iter().map(|e| simplify_affine_expr(e, map.num_dims, map.num_symbols)).collect(),
    }
}

// ---------------------------------------------------------------------------
// AffineMap
// ---------------------------------------------------------------------------

/// The result list of an [`AffineMap`].
pub type AffineExprList = SmallVec<[AffineExpr; 4]>;

/// `(d0, ..)[s0, ..] -> (results)`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct AffineMap {
    /// Number of dimension inputs.
    pub num_dims: usize,
    /// Number of symbol inputs.
    pub num_symbols: usize,
    /// The result expressions.
    pub results: AffineExprList,
}

impl AffineMap {
    /// A map with the given results (no simplification, like `AffineMap::get`).
    pub fn new(num_dims: usize, num_symbols: usize, results: impl IntoIterator<Item = AffineExpr>) -> Self {
        AffineMap { num_dims, num_symbols, results: results.into_iter().collect() }
    }

    /// `() -> ()`.
    pub fn empty() -> Self {
        Self::new(0, 0, [])
    }

    /// `(d0, ..)[s0, ..] -> ()`.
    pub fn zero_results(num_dims: usize, num_symbols: usize) -> Self {
        Self::new(num_dims, num_symbols, [])
    }

    /// `() -> (value)`.
    pub fn constant_map(value: i64) -> Self {
        Self::new(0, 0, [AffineExpr::Constant(value)])
    }

    /// `(d0, .., dn-1) -> (d0, .., dn-1)` (`getMultiDimIdentityMap`).
    pub fn identity(num_dims: usize) -> Self {
        Self::new(num_dims, 0, (0..num_dims).map(AffineExpr::Dim))
    }

    /// `(d0, .., dn-1) -> (dn-r, .., dn-1)`; `None` if `results > dims`.
    pub fn minor_identity(dims: usize, results: usize) -> Option<Self> {
        (results <= dims).then(|| Self::new(dims, 0, (dims - results..dims).map(AffineExpr::Dim)))
    }

    /// `(d0, .., d{num_dims-1}) -> (d{targets[0]}, ..)`.
    pub fn multi_dim_with_targets(num_dims: usize, targets: &[usize]) -> Self {
        Self::new(num_dims, 0, targets.iter().map(|&t| AffineExpr::Dim(t)))
    }

    /// The permutation map for `perm`; `None` if `perm` is empty or not a
    /// permutation.
    pub fn permutation(perm: &[usize]) -> Option<Self> {
        let max = *perm.iter().max()?;
        let map = Self::multi_dim_with_targets(max.checked_add(1)?, perm);
        map.is_permutation().then_some(map)
    }

    /// Number of results.
    pub fn num_results(&self) -> usize {
        self.results.len()
    }

    /// Number of dims plus symbols.
    pub fn num_inputs(&self) -> usize {
        self.num_dims.saturating_add(self.num_symbols)
    }

    /// Result `idx`, if there is one.
    pub fn result(&self, idx: usize) -> Option<&AffineExpr> {
        self.results.get(idx)
    }

    /// True for `(d0, .., dn-1) -> (d0, .., dn-1)` (symbols allowed).
    pub fn is_identity(&self) -> bool {
        self.num_dims == self.results.len() && self.results.iter().enumerate().all(|(i, e)| e.as_dim() == Some(i))
    }

    /// True if the results are the trailing dims in order.
    pub fn is_minor_identity(&self) -> bool {
        let n = self.results.len();
        self.num_dims >= n
            && self.num_symbols == 0
            && self.results.iter().enumerate().all(|(i, e)| e.as_dim() == Some(self.num_dims - n + i))
    }

    /// True for `() -> ()`.
    pub fn is_empty(&self) -> bool {
        self.num_dims == 0 && self.num_symbols == 0 && self.results.is_empty()
    }

    /// True if the map has exactly one result and it is constant.
    pub fn is_single_constant(&self) -> bool {
        self.results.len() == 1 && self.results[0].is_constant()
    }

    /// The constant of a single-constant map.
    pub fn single_constant_result(&self) -> Option<i64> {
        match self.results.as_slice() {
            [AffineExpr::Constant(c)] => Some(*c),
            _ => None,
        }
    }

    /// True if every result is constant.
    /// True for a constant.
    pub fn is_constant(&self) -> bool {
        self.results.iter().all(AffineExpr::is_constant)
    }

    /// The results if they are all constants.
    pub fn constant_results(&self) -> Option<Vec<i64>> {
        self.results.iter().map(AffineExpr::as_constant).collect()
    }

    /// The dim position of result `idx`, if it is a plain dim.
    pub fn dim_position(&self, idx: usize) -> Option<usize> {
        self.results.get(idx)?.as_dim()
    }

    /// The index of the first result equal to the dim expression `input`.
    pub fn result_position(&self, input: &AffineExpr) -> Option<usize> {
        input.as_dim()?;
        self.results.iter().position(|e| e == input)
    }

    /// `isProjectedPermutation(allowZeroInResults)`.
    pub fn is_projected_permutation_with(&self, allow_zero_in_results: bool) -> bool {
        if self.num_symbols > 0 || self.results.len() > self.num_inputs() {
            return false;
        }
        let mut seen: SmallVec<[usize; 8]> = SmallVec::new();
        for e in &self.results {
            match e {
                AffineExpr::Dim(p) if *p < self.num_dims && !seen.contains(p) => seen.push(*p),
                AffineExpr::Constant(0) if allow_zero_in_results => {}
                _ => return false,
            }
        }
        true
    }

    /// True if the results are distinct dims (a permutation of a subset).
    pub fn is_projected_permutation(&self) -> bool {
        self.is_projected_permutation_with(false)
    }

    /// True if the map is a permutation of its dims.
    pub fn is_permutation(&self) -> bool {
        self.num_dims == self.results.len() && self.is_projected_permutation()
    }

    /// The map with the results at `positions` (out-of-range ones skipped).
    pub fn get_sub_map(&self, positions: &[usize]) -> Self {
        Self::new(self.num_dims, self.num_symbols, positions.iter().filter_map(|&i| self.results.get(i).cloned()))
    }

    /// The map with results `start..start + len` (clamped).
    pub fn slice_map(&self, start: usize, len: usize) -> Self {
        let start = start.min(self.results.len());
        let end = start.saturating_add(len).min(self.results.len());
        Self::new(self.num_dims, self.num_symbols, self.results[start..end].iter().cloned())
    }

    /// The map with the results whose index is in `positions` removed.
    pub fn drop_results(&self, positions: &[usize]) -> Self {
        Self::new(
            self.num_dims,
            self.num_symbols,
            self.results.iter().enumerate().filter(|(i, _)| !positions.contains(i)).map(|(_, e)| e.clone()),
        )
    }

    /// `replaceDimsAndSymbols` on every result, with the new counts.
    pub fn replace_dims_and_symbols(
        &self,
        dims: &[AffineExpr],
        syms: &[AffineExpr],
        num_result_dims: usize,
        num_result_syms: usize,
    ) -> Self {
        Self::new(num_result_dims, num_result_syms, self.results.iter().map(|e| e.replace_dims_and_symbols(dims, syms)))
    }

    /// `self ∘ other`: feeds the results of `other` into the dims of `self`.
    /// The result has `other`'s dims and `self`'s symbols followed by
    /// `other`'s.  `None` if `self.num_dims != other.num_results()`.
    pub fn compose(&self, other: &AffineMap) -> Option<Self> {
        if self.num_dims != other.results.len() {
            return None;
        }
        let num_dims = other.num_dims;
        let num_symbols = self.num_symbols + other.num_symbols;
        let dims: Vec<AffineExpr> = (0..num_dims).map(AffineExpr::Dim).collect();
        let syms: Vec<AffineExpr> = (self.num_symbols..num_symbols).map(AffineExpr::Symbol).collect();
        let other = other.replace_dims_and_symbols(&dims, &syms, num_dims, num_symbols);
        Some(Self::new(num_dims, num_symbols, self.results.iter().map(|e| e.compose(&other))))
    }

    /// Applies a symbol-less map to constants (`compose(ArrayRef<int64_t>)`);
    /// `None` if the arity is wrong or a result does not fold.
    pub fn compose_values(&self, values: &[i64]) -> Option<Vec<i64>> {
        if self.num_symbols != 0 {
            return None;
        }
        let consts = Self::new(0, 0, values.iter().map(|&v| AffineExpr::Constant(v)));
        self.compose(&consts)?.constant_results()
    }

    /// Evaluates every result with constant dims and symbols (for the
    /// interpreter).  `None` on arity mismatch or poison (division by zero,
    /// `mod` by a non-positive value).
    pub fn evaluate_constant(&self, dims: &[i64], syms: &[i64]) -> Option<Vec<i64>> {
        if dims.len() != self.num_dims || syms.len() != self.num_symbols {
            return None;
        }
        self.results.iter().map(|e| e.evaluate(dims, syms)).collect()
    }

    /// Renumbers dims `offset..num_dims` by `shift`; the map gains `shift` dims.
    pub fn shift_dims(&self, shift: usize, offset: usize) -> Self {
        Self::new(
            self.num_dims.saturating_add(shift),
            self.num_symbols,
            self.results.iter().map(|e| e.shift_dims(self.num_dims, shift, offset)),
        )
    }

    /// Renumbers symbols `offset..num_symbols` by `shift`; the map gains
    /// `shift` symbols.
    pub fn shift_symbols(&self, shift: usize, offset: usize) -> Self {
        Self::new(
            self.num_dims,
            self.num_symbols.saturating_add(shift),
            self.results.iter().map(|e| e.shift_symbols(self.num_symbols, shift, offset)),
        )
    }

    /// True if any result uses `d<pos>`.
    pub fn is_function_of_dim(&self, pos: usize) -> bool {
        self.results.iter().any(|e| e.is_function_of_dim(pos))
    }

    /// True if any result uses `s<pos>`.
    pub fn is_function_of_symbol(&self, pos: usize) -> bool {
        self.results.iter().any(|e| e.is_function_of_symbol(pos))
    }

    /// `inversePermutation`: for a map whose results include each dim (the
    /// first occurrence is used; results that are not a plain dim are
    /// skipped, as upstream skips non-permutation results), the map sending
    /// each result position back; `None` if some dim is never a result or
    /// the map has symbols.
    pub fn inverse_permutation(&self) -> Option<Self> {
        if self.is_empty() {
            return Some(self.clone());
        }
        if self.num_symbols != 0 {
            return None;
        }
        let mut exprs: Vec<Option<AffineExpr>> = vec![None; self.num_dims];
        for (i, e) in self.results.iter().enumerate() {
            let Some(p) = e.as_dim() else { continue };
            let slot = exprs.get_mut(p)?;
            if slot.is_none() {
                *slot = Some(AffineExpr::Dim(i));
            }
        }
        let seen: Option<Vec<AffineExpr>> = exprs.into_iter().collect();
        Some(Self::new(self.results.len(), 0, seen?))
    }
}

impl fmt::Display for AffineMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_id_lists(f, self.num_dims, self.num_symbols)?;
        f.write_str(" -> (")?;
        for (i, e) in self.results.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{e}")?;
        }
        f.write_str(")")
    }
}

impl fmt::Debug for AffineMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "affine_map<{self}>")
    }
}

// ---------------------------------------------------------------------------
// IntegerSet
// ---------------------------------------------------------------------------

/// `(d0, ..)[s0, ..] : (c0 >= 0, c1 == 0, ..)`.  `eq_flags[i]` tells whether
/// constraint `i` is an equality (`== 0`) or an inequality (`>= 0`).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct IntegerSet {
    /// Number of dimension inputs.
    pub num_dims: usize,
    /// Number of symbol inputs.
    pub num_symbols: usize,
    /// The constraint expressions.
    pub constraints: Vec<AffineExpr>,
    /// Per constraint: an equality (else `>= 0`).
    pub eq_flags: Vec<bool>,
}

impl IntegerSet {
    /// A set from constraints and their equality flags.
    pub fn new(num_dims: usize, num_symbols: usize, constraints: Vec<AffineExpr>, eq_flags: Vec<bool>) -> Self {
        IntegerSet { num_dims, num_symbols, constraints, eq_flags }
    }

    /// The canonical empty set `(..) : (1 == 0)`.
    pub fn empty_set(num_dims: usize, num_symbols: usize) -> Self {
        Self::new(num_dims, num_symbols, vec![AffineExpr::Constant(1)], vec![true])
    }

    /// True if this is the canonical empty set.
    pub fn is_empty_integer_set(&self) -> bool {
        *self == Self::empty_set(self.num_dims, self.num_symbols)
    }

    /// Number of dims plus symbols.
    pub fn num_inputs(&self) -> usize {
        self.num_dims.saturating_add(self.num_symbols)
    }

    /// Number of constraints.
    pub fn num_constraints(&self) -> usize {
        self.constraints.len()
    }

    /// True when constraint `idx` is an equality.
    pub fn is_eq(&self, idx: usize) -> bool {
        self.eq_flags.get(idx).copied().unwrap_or(false)
    }

    /// Number of equalities.
    pub fn num_equalities(&self) -> usize {
        self.eq_flags.iter().filter(|&&e| e).count()
    }

    /// Number of inequalities.
    pub fn num_inequalities(&self) -> usize {
        self.constraints.len() - self.num_equalities().min(self.constraints.len())
    }

    /// `replaceDimsAndSymbols` on every constraint, with the new counts.
    pub fn replace_dims_and_symbols(
        &self,
        dims: &[AffineExpr],
        syms: &[AffineExpr],
        num_result_dims: usize,
        num_result_syms: usize,
    ) -> Self {
        Self::new(
            num_result_dims,
            num_result_syms,
            self.constraints.iter().map(|e| e.replace_dims_and_symbols(dims, syms)).collect(),
            self.eq_flags.clone(),
        )
    }

    /// Whether constant dims and symbols satisfy every constraint; `None` on
    /// arity mismatch or poison.
    pub fn contains(&self, dims: &[i64], syms: &[i64]) -> Option<bool> {
        if dims.len() != self.num_dims || syms.len() != self.num_symbols {
            return None;
        }
        let mut all = true;
        for (i, c) in self.constraints.iter().enumerate() {
            let v = c.evaluate(dims, syms)?;
            all &= if self.is_eq(i) { v == 0 } else { v >= 0 };
        }
        Some(all)
    }
}

impl fmt::Display for IntegerSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_id_lists(f, self.num_dims, self.num_symbols)?;
        f.write_str(" : (")?;
        for (i, e) in self.constraints.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            let rel = if self.is_eq(i) { "==" } else { ">=" };
            write!(f, "{e} {rel} 0")?;
        }
        f.write_str(")")
    }
}

impl fmt::Debug for IntegerSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "affine_set<{self}>")
    }
}

// ---------------------------------------------------------------------------
// Printing
// ---------------------------------------------------------------------------

/// Writes `d<i>` / `s<i>` (table lookup for the common small positions).
fn write_id(f: &mut fmt::Formatter<'_>, pos: usize, is_symbol: bool) -> fmt::Result {
    const DIMS: [&str; 8] = ["d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7"];
    const SYMS: [&str; 8] = ["s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7"];
    let table = if is_symbol { &SYMS } else { &DIMS };
    match table.get(pos) {
        Some(name) => f.write_str(name),
        None => write!(f, "{}{pos}", if is_symbol { 's' } else { 'd' }),
    }
}

fn write_id_lists(f: &mut fmt::Formatter<'_>, num_dims: usize, num_symbols: usize) -> fmt::Result {
    f.write_str("(")?;
    for i in 0..num_dims {
        if i > 0 {
            f.write_str(", ")?;
        }
        write_id(f, i, false)?;
    }
    f.write_str(")")?;
    if num_symbols != 0 {
        f.write_str("[")?;
        for i in 0..num_symbols {
            if i > 0 {
                f.write_str(", ")?;
            }
            write_id(f, i, true)?;
        }
        f.write_str("]")?;
    }
    Ok(())
}

type NameFn<'a> = &'a dyn Fn(&mut fmt::Formatter<'_>, usize, bool) -> fmt::Result;

/// `printAffineExprInternal`: `strong` is MLIR's `BindingStrength::Strong`.
fn print_expr(e: &AffineExpr, strong: bool, f: &mut fmt::Formatter<'_>, name: NameFn<'_>) -> fmt::Result {
    let b = match e {
        AffineExpr::Dim(p) => return name(f, *p, false),
        AffineExpr::Symbol(p) => return name(f, *p, true),
        AffineExpr::Constant(c) => return write!(f, "{c}"),
        AffineExpr::Binary(b) => b,
    };
    if strong {
        f.write_str("(")?;
    }
    if b.op != AffineBinaryOp::Add {
        if b.op == AffineBinaryOp::Mul && b.rhs.as_constant() == Some(-1) {
            f.write_str("-")?;
            print_expr(&b.lhs, true, f, name)?;
        } else {
            print_expr(&b.lhs, true, f, name)?;
            write!(f, " {} ", b.op.spelling())?;
            print_expr(&b.rhs, true, f, name)?;
        }
    } else if let Some((inner, c)) = mul_by_const(&b.rhs).filter(|&(_, c)| c <= -1) {
        // `a + b * -1` prints as `a - b`, `a + b * -c` as `a - b * c`.
        print_expr(&b.lhs, false, f, name)?;
        f.write_str(" - ")?;
        if c == -1 {
            print_expr(inner, inner.binary_op() == Some(AffineBinaryOp::Add), f, name)?;
        } else {
            print_expr(inner, true, f, name)?;
            write!(f, " * {}", c.wrapping_neg())?;
        }
    } else if let Some(c) = b.rhs.as_constant().filter(|&c| c < 0) {
        print_expr(&b.lhs, false, f, name)?;
        write!(f, " - {}", c.wrapping_neg())?;
    } else {
        print_expr(&b.lhs, false, f, name)?;
        f.write_str(" + ")?;
        print_expr(&b.rhs, false, f, name)?;
    }
    if strong {
        f.write_str(")")?;
    }
    Ok(())
}

impl fmt::Display for AffineExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        print_expr(self, false, f, &write_id)
    }
}

impl fmt::Debug for AffineExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        print_expr(self, false, f, &write_id)
    }
}

struct DisplayWith<'a, F> {
    expr: &'a AffineExpr,
    name: F,
}

impl<F> fmt::Display for DisplayWith<'_, F>
where
    F: Fn(&mut fmt::Formatter<'_>, usize, bool) -> fmt::Result,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        print_expr(self.expr, false, f, &self.name)
    }
}

// ---------------------------------------------------------------------------
// Strided layouts
// ---------------------------------------------------------------------------

/// `makeStridedLinearLayoutMap`: `(d0, ..)[s..] -> (offset + d0 * stride0 +
/// ..)`, where each [`DYNAMIC`] offset or stride becomes the next symbol
/// (the offset first).
pub fn make_strided_linear_layout_map(strides: &[i64], offset: i64) -> AffineMap {
    let mut num_symbols = 0;
    let mut next = |v: i64| {
        if v == DYNAMIC {
            num_symbols += 1;
            AffineExpr::Symbol(num_symbols - 1)
        } else {
            AffineExpr::Constant(v)
        }
    };
    let mut expr = next(offset);
    for (i, &s) in strides.iter().enumerate() {
        let mult = next(s);
        expr = add_expr(&expr, &mul_expr(&AffineExpr::Dim(i), &mult));
    }
    AffineMap::new(strides.len(), num_symbols, [expr])
}

/// `makeCanonicalStridedLayoutExpr(sizes, exprs)`: the contiguous row-major
/// layout expression of `sizes` applied to `exprs`; strides after a dynamic
/// (or zero) size become fresh symbols.
pub fn make_canonical_strided_layout_expr_with(sizes: &[i64], exprs: &[AffineExpr]) -> AffineExpr {
    if sizes.is_empty() {
        return AffineExpr::Constant(0);
    }
    let (mut num_dims, mut num_symbols) = (0, 0);
    for e in exprs {
        e.walk(&mut |x| match x {
            AffineExpr::Dim(p) => num_dims = num_dims.max(p + 1),
            AffineExpr::Symbol(p) => num_symbols = num_symbols.max(p + 1),
            _ => {}
        });
    }
    let mut expr: Option<AffineExpr> = None;
    let mut dynamic = false;
    let mut running: i64 = 1;
    for (e, &size) in exprs.iter().rev().zip(sizes.iter().rev()) {
        let stride = if dynamic {
            num_symbols += 1;
            AffineExpr::Symbol(num_symbols - 1)
        } else {
            AffineExpr::Constant(running)
        };
        let term = mul_expr(e, &stride);
        expr = Some(match expr {
            Some(x) => add_expr(&x, &term),
            None => term,
        });
        if size > 0 {
            running = running.wrapping_mul(size);
        } else {
            dynamic = true;
        }
    }
    match expr {
        Some(e) => simplify_affine_expr(&e, num_dims, num_symbols),
        None => AffineExpr::Constant(0),
    }
}

/// `makeCanonicalStridedLayoutExpr(sizes)` over `d0, .., d<rank-1>`.
pub fn make_canonical_strided_layout_expr(sizes: &[i64]) -> AffineExpr {
    let dims: Vec<AffineExpr> = (0..sizes.len()).map(AffineExpr::Dim).collect();
    make_canonical_strided_layout_expr_with(sizes, &dims)
}

/// `extractStrides`: accumulates the stride of every dim and the offset.
fn extract_strides(
    e: &AffineExpr,
    factor: &AffineExpr,
    strides: &mut [AffineExpr],
    offset: &mut AffineExpr,
) -> Result<(), ()> {
    let AffineExpr::Binary(b) = e else {
        if let AffineExpr::Dim(p) = e {
            let s = strides.get_mut(*p).ok_or(())?;
            *s = add_expr(s, factor);
        } else {
            *offset = add_expr(offset, &mul_expr(e, factor));
        }
        return Ok(());
    };
    match b.op {
        AffineBinaryOp::CeilDiv | AffineBinaryOp::FloorDiv | AffineBinaryOp::Mod => Err(()),
        AffineBinaryOp::Mul => {
            if let AffineExpr::Dim(p) = b.lhs {
                let s = strides.get_mut(p).ok_or(())?;
                *s = add_expr(s, &mul_expr(&b.rhs, factor));
                return Ok(());
            }
            if b.lhs.is_symbolic_or_constant() {
                extract_strides(&b.rhs, &mul_expr(factor, &b.lhs), strides, offset)
            } else {
                extract_strides(&b.lhs, &mul_expr(factor, &b.rhs), strides, offset)
            }
        }
        AffineBinaryOp::Add => {
            let r1 = extract_strides(&b.lhs, factor, strides, offset);
            let r2 = extract_strides(&b.rhs, factor, strides, offset);
            r1.and(r2)
        }
    }
}

/// `getStridesAndOffset` for a memref of shape `shape` whose layout is the
/// affine map `layout` (an identity layout gives the canonical row-major
/// strides).  Non-constant strides and offsets are [`DYNAMIC`].  `None` if
/// the layout is not strided (multiple results, `floordiv`/`ceildiv`/`mod`,
/// a zero stride, ...).
pub fn strides_and_offset(layout: &AffineMap, shape: &[i64]) -> Option<(Vec<i64>, i64)> {
    let identity = layout.is_identity();
    if layout.results.len() != 1 && !identity {
        return None;
    }
    let one = AffineExpr::Constant(1);
    let mut offset = AffineExpr::Constant(0);
    let mut strides = vec![AffineExpr::Constant(0); shape.len()];
    if identity {
        if shape.is_empty() {
            return Some((Vec::new(), 0));
        }
        let e = make_canonical_strided_layout_expr(shape);
        extract_strides(&e, &one, &mut strides, &mut offset).ok()?;
    } else {
        let (nd, ns) = (layout.num_dims, layout.num_symbols);
        let e = simplify_affine_expr(&layout.results[0], nd, ns);
        extract_strides(&e, &one, &mut strides, &mut offset).ok()?;
        offset = simplify_affine_expr(&offset, nd, ns);
        for s in &mut strides {
            *s = simplify_affine_expr(s, nd, ns);
        }
        if strides.iter().any(|s| s.as_constant() == Some(0)) {
            return None;
        }
    }
    let to_int = |e: &AffineExpr| e.as_constant().unwrap_or(DYNAMIC);
    Some((strides.iter().map(to_int).collect(), to_int(&offset)))
}

/// `canonicalizeStridedLayout` for a memref of shape `shape` with layout
/// `layout`: `None` if the layout is (equivalent to) the identity layout,
/// otherwise the layout with its single result simplified (maps with several
/// results are returned unchanged).
pub fn canonicalize_strided_layout(layout: &AffineMap, shape: &[i64]) -> Option<AffineMap> {
    if layout.is_identity() {
        return None;
    }
    let [result] = layout.results.as_slice() else {
        return Some(layout.clone());
    };
    if layout.num_dims == 0 && layout.num_symbols == 0 {
        return (result.as_constant() != Some(0)).then(|| layout.clone());
    }
    if shape.is_empty() {
        return Some(layout.clone());
    }
    let canonical = make_canonical_strided_layout_expr(shape);
    let simplified = simplify_affine_expr(result, layout.num_dims, layout.num_symbols);
    (canonical != simplified).then(|| AffineMap::new(layout.num_dims, layout.num_symbols, [simplified]))
}
