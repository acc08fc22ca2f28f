//! The subset of the `gpu` dialect that buffer deallocation meets:
//! `gpu.launch`, a kernel launch whose single region is the kernel body,
//! and its terminator `gpu.terminator`.
//!
//! `gpu.launch` has mlir-opt-19's custom syntax (optional `async` token and
//! dependencies, optional `clusters`, `blocks` and `threads` size
//! assignments that define the region's identifier and size arguments,
//! `dynamic_shared_memory_size`, `workgroup`/`private` memory attributions)
//! and operand segments. Its body's entry block has 12 `index` arguments
//! (18 with clusters: block ids, thread ids, grid sizes, block sizes, then
//! cluster ids and sizes), then the workgroup attributions (counted by the
//! discardable `workgroup_attributions` attribute) and the private ones.
//! It is an automatic allocation scope with recursive memory effects, and
//! carries upstream's canonicalization `FoldLaunchArguments` (an id whose
//! size is the constant 1 is 0). Its verifiers are ODS's and upstream's.
//!
//! `gpu.terminator` ends the body; the ownership-based deallocation frees
//! what its block owns before it, like a return (upstream's
//! `BufferDeallocationOpInterface` model of the op). `!gpu.async.token` is
//! kept as an opaque dialect type; the memory attributions' address spaces
//! are checked when written as `#gpu.address_space<...>`.

use crate::declare_op;
use crate::util::{check_min_operands, check_num_regions, check_operands, op_error, register_dialect};
use ir::buffer_interfaces::{BufferDeallocationOp, DeallocationOptions, DeallocationState};
use ir::rewrite_api::PatternRewriter;
use ir::{AttrKind, Context, Diagnostic, InsertPoint, Ir, OpId, OpTraits, RegionId, Type, TypeKind, ValueId};
use syntax::asm::{OpAsm, OpState};
use syntax::lexer::TokenKind;
use syntax::op_parser::{ArgDecl, IrParser, UnresolvedOperand};
use syntax::parser::PResult;
use syntax::printer::OpPrinter;

declare_op! {
    /// `gpu.launch`: launches its body as a kernel on a grid of blocks of
    /// threads.
    pub struct LaunchOp = "gpu.launch" {
        traits: OpTraits(OpTraits::AUTOMATIC_ALLOCATION_SCOPE.0 | OpTraits::RECURSIVE_MEMORY_EFFECTS.0),
        operands: [
            async_dependencies: Variadic,
            grid_size_x: Single,
            grid_size_y: Single,
            grid_size_z: Single,
            block_size_x: Single,
            block_size_y: Single,
            block_size_z: Single,
            cluster_size_x: Optional,
            cluster_size_y: Optional,
            cluster_size_z: Optional,
            dynamic_shared_memory_size: Optional,
        ],
        operand_segments: true,
        results: [async_token: Optional],
        regions: [body: Single],
        verify: verify_launch,
        verify_regions: verify_launch_regions,
        asm: LaunchAsm,
        patterns: ["FoldLaunchArguments" => fold_launch_arguments],
    }
}

declare_op! {
    /// `gpu.terminator`: ends the body of a `gpu.launch`.
    pub struct TerminatorOp = "gpu.terminator" {
        traits: OpTraits(OpTraits::TERMINATOR.0 | OpTraits::PURE.0),
        verify: verify_terminator,
        format: "attr-dict",
        interfaces: [BufferDeallocationOp => TerminatorDealloc],
    }
}

/// Registers the `gpu` subset.
pub fn register(ctx: &mut Context) {
    register_dialect(ctx, "gpu", false);
    crate::register_ops!(ctx, [LaunchOp, TerminatorOp]);
}

/// `!gpu.async.token`.
pub fn async_token_type(ctx: &Context) -> Type {
    ctx.ty(TypeKind::Opaque { dialect: ctx.intern_str("gpu"), body: ctx.intern_str("async.token") })
}

/// The discardable attribute counting the workgroup attributions.
const WORKGROUP_ATTRIBUTIONS: &str = "workgroup_attributions";
/// The region arguments before the attributions, without clusters.
const NUM_CONFIG_REGION_ARGS: usize = 12;

impl LaunchOp {
    /// True when all three cluster sizes are given.
    pub fn has_cluster_size(self, ir: &Ir) -> bool {
        self.cluster_size_x(ir).is_some() && self.cluster_size_y(ir).is_some() && self.cluster_size_z(ir).is_some()
    }
    /// The number of leading `index` arguments of the body (12, or 18 with
    /// clusters).
    pub fn num_config_region_args(self, ir: &Ir) -> usize {
        NUM_CONFIG_REGION_ARGS + if self.has_cluster_size(ir) { 6 } else { 0 }
    }
    /// The number of workgroup memory attributions.
    pub fn num_workgroup_attributions(self, ir: &Ir) -> usize {
        ir.attr(self.0, WORKGROUP_ATTRIBUTIONS)
            .and_then(|a| ir.ctx().int_value(a))
            .map_or(0, |v| usize::try_from(v).unwrap_or(0))
    }
    /// The body's entry block arguments.
    fn body_args(self, ir: &Ir) -> &[ValueId] {
        ir.entry_block(self.body(ir)).map_or(&[], |b| ir.block_args(b))
    }
    /// The workgroup attributions (body arguments).
    pub fn workgroup_attributions(self, ir: &Ir) -> &[ValueId] {
        let args = self.body_args(ir);
        let start = self.num_config_region_args(ir).min(args.len());
        let end = (start + self.num_workgroup_attributions(ir)).min(args.len());
        &args[start..end]
    }
    /// The private attributions (the body arguments after the workgroup
    /// ones).
    pub fn private_attributions(self, ir: &Ir) -> &[ValueId] {
        let args = self.body_args(ir);
        let start = (self.num_config_region_args(ir) + self.num_workgroup_attributions(ir)).min(args.len());
        &args[start..]
    }
}

// ----- verification -----------------------------------------------------------

fn is_index(ctx: &Context, t: Type) -> bool {
    t == ctx.index_ty()
}

fn verify_launch(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    check_num_regions(ir, op, 1)?;
    check_min_operands(ir, op, 6)?;
    crate::static_dynamic::verify_operand_segments(ir, op, 11)?;
    let l = LaunchOp(op);
    for (range, start) in [
        l.cluster_size_x_range(ir),
        l.cluster_size_y_range(ir),
        l.cluster_size_z_range(ir),
        l.dynamic_shared_memory_size_range(ir),
    ]
    .into_iter()
    .map(|r| (r.clone(), r.start))
    {
        if range.len() > 1 {
            return Err(op_error(
                ir,
                op,
                format!("operand group starting at #{start} requires 0 or 1 element, but found {}", range.len()),
            ));
        }
    }
    if ir.num_results(op) > 1 {
        return Err(op_error(
            ir,
            op,
            format!("result group starting at #0 requires 0 or 1 element, but found {}", ir.num_results(op)),
        ));
    }
    let token = |ctx: &Context, t: Type| t == async_token_type(ctx);
    check_operands(ir, op, l.async_dependencies_range(ir), token, "variadic of async token type")?;
    for r in [
        l.grid_size_x_range(ir),
        l.grid_size_y_range(ir),
        l.grid_size_z_range(ir),
        l.block_size_x_range(ir),
        l.block_size_y_range(ir),
        l.block_size_z_range(ir),
        l.cluster_size_x_range(ir),
        l.cluster_size_y_range(ir),
        l.cluster_size_z_range(ir),
    ] {
        check_operands(ir, op, r, is_index, "index")?;
    }
    check_operands(
        ir,
        op,
        l.dynamic_shared_memory_size_range(ir),
        |ctx, t| t == ctx.int_ty(32),
        "32-bit signless integer",
    )?;
    crate::util::check_results(ir, op, 0..ir.num_results(op), token, "async token type")?;
    // `LaunchOp::verify`.
    let any_cluster =
        l.cluster_size_x(ir).is_some() || l.cluster_size_y(ir).is_some() || l.cluster_size_z(ir).is_some();
    if !l.has_cluster_size(ir) && any_cluster {
        return Err(op_error(ir, op, "cluster size must be all present"));
    }
    Ok(())
}

/// The address space a `#gpu.address_space<...>` memory space names.
fn gpu_address_space(ir: &Ir, memory_space: Option<ir::Attribute>) -> Option<String> {
    let ctx = ir.ctx();
    match ctx.attr_kind(memory_space?) {
        AttrKind::Opaque { dialect, body, .. } if ctx.str(*dialect) == "gpu" => {
            let body = ctx.str(*body);
            let inner = body.strip_prefix("address_space<")?.strip_suffix('>')?;
            Some(inner.trim().to_string())
        }
        _ => None,
    }
}

/// Upstream's `verifyAttributions`: memrefs, in `space` when the memory
/// space is a GPU address space.
fn verify_attributions(ir: &Ir, op: OpId, values: &[ValueId], space: &str) -> Result<(), Diagnostic> {
    for &v in values {
        let memory_space = match ir.ctx().kind(ir.value_type(v)) {
            TypeKind::MemRef { memory_space, .. } => *memory_space,
            _ => return Err(op_error(ir, op, "expected memref type in attribution")),
        };
        if let Some(s) = gpu_address_space(ir, memory_space) {
            if s != space {
                return Err(op_error(ir, op, format!("expected memory space {space} in attribution")));
            }
        }
    }
    Ok(())
}

fn verify_launch_regions(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    let l = LaunchOp(op);
    let body = l.body(ir);
    if let Some(entry) = ir.entry_block(body) {
        if ir.block_args(entry).len() < l.num_config_region_args(ir) + l.num_workgroup_attributions(ir) {
            return Err(op_error(ir, op, "unexpected number of region arguments"));
        }
    }
    verify_attributions(ir, op, l.workgroup_attributions(ir), "workgroup")?;
    verify_attributions(ir, op, l.private_attributions(ir), "private")?;
    for b in ir.region_blocks(body) {
        let Some(last) = ir.last_op(b) else { continue };
        if !ir.successors(last).is_empty() || TerminatorOp::matches(ir, last) {
            continue;
        }
        return Err(Diagnostic::error(ir.op_loc(last), "expected 'gpu.terminator' or a terminator with successors")
            .with_op(last)
            .with_note(ir.op_loc(op), "in 'gpu.launch' body region"));
    }
    Ok(())
}

fn verify_terminator(ir: &Ir, op: OpId) -> Result<(), Diagnostic> {
    if !ir.parent_op(op).is_some_and(|p| LaunchOp::matches(ir, p)) {
        return Err(op_error(ir, op, "expects parent op 'gpu.launch'"));
    }
    crate::util::check_num_operands(ir, op, 0)?;
    crate::util::check_num_results(ir, op, 0)
}

// ----- canonicalization ----------------------------------------------------------

/// `FoldLaunchArguments`: a block or thread id whose size is the constant
/// 1 is always 0; its uses take a `0 : index` built at the start of the
/// body.
fn fold_launch_arguments(op: OpId, rw: &mut PatternRewriter<'_>) -> bool {
    let ir = rw.ir();
    let l = LaunchOp(op);
    let Some(entry) = ir.entry_block(l.body(ir)) else { return false };
    let args = ir.block_args(entry);
    if args.len() < NUM_CONFIG_REGION_ARGS {
        return false;
    }
    let sizes = [
        l.grid_size_x(ir),
        l.grid_size_y(ir),
        l.grid_size_z(ir),
        l.block_size_x(ir),
        l.block_size_y(ir),
        l.block_size_z(ir),
    ];
    // Block ids are arguments 0..3, thread ids 3..6.
    let targets: Vec<ValueId> = sizes
        .iter()
        .zip(args)
        .filter(|&(&size, &id)| crate::util::const_int(ir, size) == Some(1) && ir.uses(id).next().is_some())
        .map(|(_, &id)| id)
        .collect();
    if targets.is_empty() {
        return false;
    }
    let loc = ir.op_loc(op);
    let saved = rw.insertion_point();
    rw.set_insertion_point(InsertPoint::BlockStart(entry));
    let ctx = rw.ir().ctx_arc().clone();
    let zero = crate::util::build_constant(rw, loc, ctx.index_attr(0), ctx.index_ty());
    if let Some(ip) = saved {
        rw.set_insertion_point(ip);
    }
    for id in targets {
        rw.replace_all_uses(id, zero);
    }
    true
}

// ----- deallocation ----------------------------------------------------------------

/// `gpu.terminator`: frees what its block owns, like a return of nothing.
struct TerminatorDealloc;

impl BufferDeallocationOp for TerminatorDealloc {
    fn process(
        &self,
        ir: &mut Ir,
        op: OpId,
        state: &mut dyn DeallocationState,
        _options: &DeallocationOptions,
    ) -> Result<Option<OpId>, Diagnostic> {
        state.insert_dealloc_for_return_like(ir, op, &[])?;
        Ok(Some(op))
    }
}

// ----- custom syntax ------------------------------------------------------------

/// Parses `(%id, %id, %id) in (%size = %operand, ...)`: the three ids and
/// three size arguments of the body, and the three size operands.
#[allow(clippy::type_complexity)]
fn parse_size_assignment<'a>(
    p: &mut IrParser<'a, '_>,
) -> PResult<([UnresolvedOperand<'a>; 3], [UnresolvedOperand<'a>; 3], [UnresolvedOperand<'a>; 3])> {
    let ids = p.parse_paren_operand_list()?;
    let Ok(ids) = <[UnresolvedOperand<'a>; 3]>::try_from(ids) else {
        return Err(p.p.error_here("expected 3 identifiers"));
    };
    crate::util::expect_keyword(p, "in")?;
    p.p.expect(TokenKind::LParen, "expected '('")?;
    let (mut region_sizes, mut sizes) = (ids, ids);
    for i in 0..3 {
        if i != 0 {
            p.p.expect(TokenKind::Comma, "expected ','")?;
        }
        region_sizes[i] = p.parse_operand()?;
        p.p.expect(TokenKind::Equal, "expected '='")?;
        sizes[i] = p.parse_operand()?;
    }
    p.p.expect(TokenKind::RParen, "expected ')'")?;
    Ok((ids, region_sizes, sizes))
}

/// Parses `keyword(%a : type, ...)` when the keyword is there.
fn parse_attributions<'a>(p: &mut IrParser<'a, '_>, keyword: &str, out: &mut Vec<ArgDecl<'a>>) -> PResult<()> {
    if !p.p.eat_keyword(keyword) {
        return Ok(());
    }
    p.p.expect(TokenKind::LParen, "expected '('")?;
    if p.p.eat(TokenKind::RParen) {
        return Ok(());
    }
    loop {
        out.push(p.parse_arg_decl(true)?);
        if !p.p.eat(TokenKind::Comma) {
            break;
        }
    }
    p.p.expect(TokenKind::RParen, "expected ')'")
}

/// `gpu.launch` (upstream's `LaunchOp::parse`/`print`).
struct LaunchAsm;

impl OpAsm for LaunchAsm {
    fn parse(&self, p: &mut IrParser<'_, '_>, st: &mut OpState) -> PResult<()> {
        let ctx = p.p.ctx;
        let index = ctx.index_ty();
        let named = p.num_named_results;
        let token_ty = async_token_type(ctx);
        let async_pos = p.p.tok.start;
        let is_async = p.p.eat_keyword("async");
        if is_async && named == 0 {
            return Err(crate::util::custom_error(p, st, async_pos, "needs to be named when marked 'async'"));
        }
        let mut deps = Vec::new();
        if p.p.eat(TokenKind::LSquare) {
            deps = p.parse_operand_list()?;
            p.p.expect(TokenKind::RSquare, "expected ']' in operand list")?;
        }
        for d in deps.iter() {
            let v = p.resolve_operand(*d, token_ty)?;
            st.operands.push(v);
        }
        if named > 0 && is_async {
            st.result_types.push(token_ty);
        }
        // Region arguments: ids and sizes, in upstream's order.
        let mut cluster = None;
        if p.p.eat_keyword("clusters") {
            cluster = Some(parse_size_assignment(p)?);
        }
        crate::util::expect_keyword(p, "blocks")?;
        let (block_ids, grid_args, grid) = parse_size_assignment(p)?;
        crate::util::expect_keyword(p, "threads")?;
        let (thread_ids, block_args, block) = parse_size_assignment(p)?;
        let mut sizes: Vec<UnresolvedOperand<'_>> = grid.iter().chain(block.iter()).copied().collect();
        if let Some((_, _, c)) = &cluster {
            sizes.extend(c.iter().copied());
        }
        for u in sizes {
            let v = p.resolve_operand(u, index)?;
            st.operands.push(v);
        }
        let mut has_shmem = false;
        if p.p.eat_keyword("dynamic_shared_memory_size") {
            let u = p.parse_operand()?;
            let v = p.resolve_operand(u, ctx.int_ty(32))?;
            st.operands.push(v);
            has_shmem = true;
        }
        let mut names: Vec<UnresolvedOperand<'_>> = Vec::new();
        names.extend(block_ids.iter().chain(&thread_ids).chain(&grid_args).chain(&block_args).copied());
        if let Some((ids, args, _)) = &cluster {
            names.extend(ids.iter().chain(args.iter()).copied());
        }
        let mut region_args: Vec<ArgDecl<'_>> =
            names.into_iter().map(|n| ArgDecl { name: n, ty: index, loc: p.p.loc_at(n.pos) }).collect();
        let config = region_args.len();
        parse_attributions(p, "workgroup", &mut region_args)?;
        let workgroup = region_args.len() - config;
        crate::util::add_attr(p, st, WORKGROUP_ATTRIBUTIONS, ctx.int_attr(ctx.int_ty(64), workgroup as i128));
        parse_attributions(p, "private", &mut region_args)?;
        let r: RegionId = p.ir.create_region();
        p.parse_region(r, &region_args, false)?;
        st.regions.push(r);
        crate::util::parse_opt_attr_dict(p, st)?;
        let c = usize::from(cluster.is_some());
        let segments = [deps.len(), 1, 1, 1, 1, 1, 1, c, c, c, usize::from(has_shmem)];
        crate::util::add_attr(p, st, "operandSegmentSizes", ir::op_decl::segment_sizes_attr(ctx, &segments));
        Ok(())
    }

    fn print(&self, pr: &mut OpPrinter<'_>, op: OpId) {
        let ir = pr.ir;
        let l = LaunchOp(op);
        if l.async_token(ir).is_some() {
            pr.out.push_str(" async");
            let deps = l.async_dependencies(ir);
            if !deps.is_empty() {
                pr.out.push_str(" [");
                print_list(pr, deps.iter());
                pr.out.push(']');
            }
        }
        let args = l.body_args(ir);
        if args.len() >= l.num_config_region_args(ir) {
            let assign = |pr: &mut OpPrinter<'_>, kw: &str, ids: usize, sizes: usize, operands: [ValueId; 3]| {
                pr.out.push(' ');
                pr.out.push_str(kw);
                pr.out.push('(');
                print_list(pr, args[ids..ids + 3].iter().copied());
                pr.out.push_str(") in (");
                for (i, v) in operands.into_iter().enumerate() {
                    if i > 0 {
                        pr.out.push_str(", ");
                    }
                    pr.print_value(args[sizes + i]);
                    pr.out.push_str(" = ");
                    pr.print_value(v);
                }
                pr.out.push(')');
            };
            if let (Some(x), Some(y), Some(z)) = (l.cluster_size_x(ir), l.cluster_size_y(ir), l.cluster_size_z(ir)) {
                let c = [x, y, z];
                assign(pr, "clusters", 12, 15, c);
            }
            assign(pr, "blocks", 0, 6, [l.grid_size_x(ir), l.grid_size_y(ir), l.grid_size_z(ir)]);
            assign(pr, "threads", 3, 9, [l.block_size_x(ir), l.block_size_y(ir), l.block_size_z(ir)]);
        }
        if let Some(v) = l.dynamic_shared_memory_size(ir) {
            pr.out.push_str(" dynamic_shared_memory_size ");
            pr.print_value(v);
        }
        print_attributions(pr, "workgroup", l.workgroup_attributions(ir));
        print_attributions(pr, "private", l.private_attributions(ir));
        pr.out.push(' ');
        pr.print_region(l.body(ir), false, true, false);
        pr.print_optional_attr_dict(ir.attrs(op), &["operandSegmentSizes", WORKGROUP_ATTRIBUTIONS]);
    }
}

fn print_list(pr: &mut OpPrinter<'_>, values: impl Iterator<Item = ValueId>) {
    for (i, v) in values.enumerate() {
        if i > 0 {
            pr.out.push_str(", ");
        }
        pr.print_value(v);
    }
}

/// ` keyword(%a : type, ...)`, nothing when there are none.
fn print_attributions(pr: &mut OpPrinter<'_>, keyword: &str, values: &[ValueId]) {
    if values.is_empty() {
        return;
    }
    pr.out.push(' ');
    pr.out.push_str(keyword);
    pr.out.push('(');
    for (i, &v) in values.iter().enumerate() {
        if i > 0 {
            pr.out.push_str(", ");
        }
        pr.print_value(v);
        pr.out.push_str(" : ");
        pr.print_type(pr.ir.value_type(v));
    }
    pr.out.push(')');
}
