//! The `promote-buffers-to-stack` pass (MLIR's `PromoteBuffersToStack`,
//! anchored on `func.func`): small heap allocations that nothing frees and
//! that stay inside an automatic allocation scope become stack
//! allocations.
//!
//! Options, as mlir-opt-19's: `max-alloc-size-in-bytes` (default 1024)
//! and `max-rank-of-allocated-memref` (default 1); and
//! `bitwidth-of-index-type` (default 64, the size of `index` MLIR's default
//! data layout gives), which mlir-opt-19 no longer has: it reads the
//! index width from the data layout instead. As there, an `index` entry
//! in the `dlti.dl_spec` of an enclosing op takes precedence.
//!
//! A heap allocation ([`find_allocs`]) is promoted when
//! - it is *small*: a `memref.alloc` of static shape whose elements take at
//!   most `max-alloc-size-in-bytes` bytes, or of dynamic shape, rank at most
//!   `max-rank-of-allocated-memref`, whose every size is a `memref.rank`;
//! - it has no dealloc (the pass runs before deallocation is placed);
//! - an enclosing op with `AutomaticAllocationScope` is reached by going
//!   up through known control-flow ops (`RegionBranch`, `LoopLike`) that
//!   are not loops, and no alias of the buffer is forwarded out of that
//!   scope's region by a region terminator (returned or yielded): such an
//!   *escaping* allocation outlives the scope and stays on the heap.
//!
//! The stack allocation is built by the op's `AllocationOp` interface
//! (`build_promoted_alloc`) before the allocation's start op in its block,
//! takes over every use, and the heap allocation is erased.

use crate::buffer_placement::{find_allocs, is_known_control_flow, is_loop, start_operation};
use analysis::alias::BufferViewFlow;
use analysis::liveness::Liveness;
use dialects::memref::{AllocOp, RankOp};
use ir::buffer_interfaces::AllocationOp;
use ir::interfaces::RegionTerminator;
use ir::op_decl::IrBuilder;
use ir::{Context, Diagnostic, InsertPoint, Ir, OpId, OpTraits, RegionId, Type, TypeKind, ValueId};
use transforms::pass::{OptionDecl, Pass, PassContext, PassInfo, PassOptions};
use transforms::pipeline_syntax::{parse_int_value, IntType, OptionValue};

/// The `promote-buffers-to-stack` pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PromoteBuffersToStack {
    /// Largest promoted static allocation, in bytes.
    pub max_alloc_size_in_bytes: u32,
    /// Largest rank of a promoted dynamically shaped allocation.
    pub max_rank_of_allocated_memref: u32,
    /// The size of `index` in bits.
    pub bitwidth_of_index_type: u32,
}

impl Default for PromoteBuffersToStack {
    fn default() -> Self {
        PromoteBuffersToStack {
            max_alloc_size_in_bytes: 1024,
            max_rank_of_allocated_memref: 1,
            bitwidth_of_index_type: 64,
        }
    }
}

/// An `unsigned` option with LLVM's parsing and message.
fn uint_option(opts: &PassOptions, name: &str, default: u32) -> Result<u32, String> {
    match opts.get(name) {
        None => Ok(default),
        Some(v) => match parse_int_value(name, Some(v), IntType::U32).map_err(|e| e.to_string())? {
            OptionValue::UInt(n) => {
                u32::try_from(n).map_err(|_| format!("for the --{name} option: '{v}' value invalid for uint argument!"))
            }
            _ => Err(format!("for the --{name} option: '{v}' value invalid for uint argument!")),
        },
    }
}

impl PromoteBuffersToStack {
    /// Builds the pass from its options.
    pub fn from_options(opts: &PassOptions) -> Result<PromoteBuffersToStack, String> {
        Ok(PromoteBuffersToStack {
            max_alloc_size_in_bytes: uint_option(opts, "max-alloc-size-in-bytes", 1024)?,
            max_rank_of_allocated_memref: uint_option(opts, "max-rank-of-allocated-memref", 1)?,
            bitwidth_of_index_type: uint_option(opts, "bitwidth-of-index-type", 64)?,
        })
    }

    /// MLIR's `defaultIsSmallAlloc`.
    fn is_small_alloc(&self, ir: &Ir, alloc: ValueId) -> bool {
        let Some(def) = ir.defining_op(alloc) else { return false };
        if !AllocOp::matches(ir, def) {
            return false;
        }
        let ctx = ir.ctx();
        let TypeKind::MemRef { shape, elem, .. } = ctx.kind(ir.value_type(alloc)) else { return false };
        if shape.iter().any(|&d| d < 0) {
            // Sizes given by `memref.rank` are small; the rank bound keeps
            // their product small.
            return shape.len() <= self.max_rank_of_allocated_memref as usize
                && ir.operands(def).all(|v| ir.defining_op(v).is_some_and(|d| RankOp::matches(ir, d)));
        }
        let index_bits = layout_index_bitwidth(ir, def).unwrap_or(self.bitwidth_of_index_type);
        let Some(bits) = type_size_in_bits(ctx, *elem, index_bits) else { return false };
        let elements: i64 = shape.iter().product();
        // As upstream: the element count times the width in 64 bits, the
        // limit times 8 in 32 (unsigned, wrapping).
        let limit = i64::from(self.max_alloc_size_in_bytes.wrapping_mul(8));
        elements.wrapping_mul(bits as i64) <= limit
    }
}

/// The width of `index` in the data layout closest to `op` (MLIR's
/// `DataLayout::closest`): the `index` entry of the `dlti.dl_spec`
/// attribute of the nearest enclosing op that has one (`#dlti.dl_spec<
/// #dlti.dl_entry<index, 32>>`), if any.
fn layout_index_bitwidth(ir: &Ir, op: OpId) -> Option<u32> {
    let mut cur = ir.parent_op(op);
    while let Some(p) = cur {
        if let Some(spec) = ir.attr(p, "dlti.dl_spec") {
            let ir::AttrKind::Opaque { body, .. } = ir.ctx().attr_kind(spec) else { return None };
            let text = ir.ctx().str(*body);
            let rest = text.split("dl_entry<").find_map(|e| e.trim_start().strip_prefix("index"))?;
            let digits: String = rest.trim_start_matches([',', ' ']).chars().take_while(char::is_ascii_digit).collect();
            return digits.parse().ok();
        }
        cur = ir.parent_op(p);
    }
    None
}

/// The size in bits MLIR's default data layout gives a memref element
/// type (`getTypeSizeInBits`), with `index` of `index_bits`; `None` for
/// types without a default size.
pub fn type_size_in_bits(ctx: &Context, t: Type, index_bits: u32) -> Option<u64> {
    match ctx.kind(t) {
        TypeKind::Integer { width, .. } => Some(u64::from(*width)),
        TypeKind::Float(k) => Some(u64::from(k.bit_width())),
        TypeKind::Index => Some(u64::from(index_bits)),
        TypeKind::Complex(e) => {
            let inner = type_size_in_bits(ctx, *e, index_bits)?;
            let align = preferred_alignment(ctx, *e, index_bits)? * 8;
            Some(inner.div_ceil(align.max(1)) * align.max(1) + inner)
        }
        TypeKind::Vector { shape, elem, .. } => {
            let last = *shape.last()? as u64;
            let count: u64 = shape.iter().map(|&d| d as u64).product();
            let elem_bytes = type_size_in_bits(ctx, *elem, index_bits)?.div_ceil(8);
            Some(count / last.max(1) * last.next_power_of_two() * elem_bytes * 8)
        }
        _ => None,
    }
}

/// The default preferred alignment in bytes of a scalar or vector type.
fn preferred_alignment(ctx: &Context, t: Type, index_bits: u32) -> Option<u64> {
    match ctx.kind(t) {
        TypeKind::Index => preferred_alignment(ctx, ctx.int_ty(index_bits), index_bits),
        TypeKind::Integer { .. } | TypeKind::Float(_) | TypeKind::Vector { .. } => {
            Some(type_size_in_bits(ctx, t, index_bits)?.div_ceil(8).next_power_of_two())
        }
        TypeKind::Complex(e) => preferred_alignment(ctx, *e, index_bits),
        _ => None,
    }
}

/// True when `op` forwards values out of its region to a region successor
/// (MLIR's `RegionBranchTerminatorOpInterface`, which return-like ops get).
fn is_region_terminator(ir: &Ir, op: OpId) -> bool {
    ir.has_trait(op, OpTraits::RETURN_LIKE)
        || ir.ctx().registry().interface::<dyn RegionTerminator>(ir.op_name(op)).is_some()
}

/// MLIR's `leavesAllocationScope`: some alias is used by a region
/// terminator of `region`.
fn leaves_scope(ir: &Ir, region: RegionId, aliases: &[ValueId]) -> bool {
    aliases.iter().any(|&a| ir.users(a).any(|u| is_region_terminator(ir, u) && ir.op_region(u) == Some(region)))
}

/// MLIR's `hasAllocationScope`: an automatic allocation scope encloses
/// `alloc` through non-loop control flow, and no alias leaves it.
fn has_allocation_scope(ir: &Ir, flow: &BufferViewFlow, alloc: ValueId) -> bool {
    let mut region = ir.value_block(alloc).and_then(|b| ir.block_region(b));
    let mut aliases: Option<Vec<ValueId>> = None;
    while let Some(r) = region {
        let Some(parent) = ir.region_parent_op(r) else { break };
        if ir.has_trait(parent, OpTraits::AUTOMATIC_ALLOCATION_SCOPE) {
            let aliases = aliases.get_or_insert_with(|| flow.resolve(alloc));
            if !leaves_scope(ir, r, aliases) {
                return true;
            }
        }
        if is_loop(ir, parent) || !is_known_control_flow(ir, parent) {
            break;
        }
        region = ir.op_region(parent);
    }
    false
}

impl Pass for PromoteBuffersToStack {
    fn name(&self) -> &'static str {
        "promote-buffers-to-stack"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("func.func")
    }
    fn options_text(&self) -> String {
        format!(
            "bitwidth-of-index-type={} max-alloc-size-in-bytes={} max-rank-of-allocated-memref={}",
            self.bitwidth_of_index_type, self.max_alloc_size_in_bytes, self.max_rank_of_allocated_memref
        )
    }
    fn run(&self, ir: &mut Ir, op: OpId, _cx: &mut PassContext) -> Result<(), Diagnostic> {
        let (heap, _) = find_allocs(ir, op);
        let flow = BufferViewFlow::new(ir, op);
        // Only the allocations' live ranges are asked about.
        let values: Vec<ir::ValueId> = heap.iter().map(|e| e.alloc).collect();
        let liveness = Liveness::sets_of(ir, op, &values);
        for entry in heap {
            let alloc = entry.alloc;
            if entry.dealloc.is_some() || !self.is_small_alloc(ir, alloc) || !has_allocation_scope(ir, &flow, alloc) {
                continue;
            }
            let (Some(def), Some(block)) = (ir.defining_op(alloc), ir.value_block(alloc)) else { continue };
            let Some(start) = start_operation(ir, &liveness, alloc, block) else { continue };
            let ctx = ir.ctx_arc().clone();
            let Some(iface) = ctx.registry().interface::<dyn AllocationOp>(ir.op_name(def)) else { continue };
            let mut b = IrBuilder::at(ir, InsertPoint::Before(start));
            let Some(stack) = iface.build_promoted_alloc(&mut b, def) else { continue };
            ir.replace_all_uses(alloc, stack);
            ir.erase_op(def);
        }
        Ok(())
    }
}

/// The pass's registration.
pub fn pass_info() -> PassInfo {
    let opt = |name, help, default| OptionDecl { name, help, default, choices: &[] };
    PassInfo {
        name: "promote-buffers-to-stack",
        summary: "Promotes heap-based allocations to automatically managed stack-based allocations",
        options: vec![
            opt("max-alloc-size-in-bytes", "Maximal size in bytes to promote allocations to stack.", "1024"),
            opt("max-rank-of-allocated-memref", "Maximal memref rank to promote dynamic buffers.", "1"),
            opt("bitwidth-of-index-type", "Bitwidth of the index type. Used for size estimation.", "64"),
        ],
        ctor: |o| Ok(Box::new(PromoteBuffersToStack::from_options(o)?)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn element_sizes_follow_the_default_data_layout() {
        let types =
            ["i1", "bf16", "index", "complex<i8>", "complex<i33>", "vector<2x3xf32>", "vector<3xi1>", "memref<2xf32>"];
        let args: Vec<String> = types.iter().enumerate().map(|(i, t)| format!("%a{i}: {t}")).collect();
        let m = testkit::parse(&format!("func.func @f({}) {{\n  return\n}}\n", args.join(", ")));
        let ctx = m.ir.ctx();
        let func = m.op("func.func", 0);
        let entry = m.ir.entry_block(m.ir.regions(func)[0]).expect("body");
        let arg_types: Vec<Type> = m.ir.block_args(entry).iter().map(|&a| m.ir.value_type(a)).collect();
        let ty = |s: &str| arg_types[types.iter().position(|t| *t == s).expect("listed")];
        assert_eq!(type_size_in_bits(ctx, ty("i1"), 64), Some(1));
        assert_eq!(type_size_in_bits(ctx, ty("bf16"), 64), Some(16));
        assert_eq!(type_size_in_bits(ctx, ty("index"), 64), Some(64));
        assert_eq!(type_size_in_bits(ctx, ty("index"), 32), Some(32));
        // The imaginary part is aligned: complex<i8> is 16 bits, complex<i33>
        // 64 + 33.
        assert_eq!(type_size_in_bits(ctx, ty("complex<i8>"), 64), Some(16));
        assert_eq!(type_size_in_bits(ctx, ty("complex<i33>"), 64), Some(97));
        // The innermost dimension rounds up to a power of two.
        assert_eq!(type_size_in_bits(ctx, ty("vector<2x3xf32>"), 64), Some(2 * 4 * 32));
        assert_eq!(type_size_in_bits(ctx, ty("vector<3xi1>"), 64), Some(32));
        assert_eq!(type_size_in_bits(ctx, ty("memref<2xf32>"), 64), None);
    }

    #[test]
    fn options_parse_as_llvm_unsigned() {
        let opts = |kv: &[(&str, &str)]| PassOptions {
            values: kv.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
        };
        assert_eq!(PromoteBuffersToStack::from_options(&opts(&[])).unwrap(), PromoteBuffersToStack::default());
        let p = PromoteBuffersToStack::from_options(&opts(&[
            ("max-alloc-size-in-bytes", "0x40"),
            ("bitwidth-of-index-type", "32"),
        ]))
        .unwrap();
        assert_eq!((p.max_alloc_size_in_bytes, p.max_rank_of_allocated_memref, p.bitwidth_of_index_type), (64, 1, 32));
        let e = PromoteBuffersToStack::from_options(&opts(&[("max-rank-of-allocated-memref", "-2")])).unwrap_err();
        assert_eq!(e, "for the --max-rank-of-allocated-memref option: '-2' value invalid for uint argument!");
    }
}
