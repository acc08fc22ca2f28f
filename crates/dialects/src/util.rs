//! Helpers shared by the dialect modules: registration shorthands and the
//! small pieces of declarative-format syntax many ops share.

use ir::{Context, DialectInfo, OpInfo, OpTraits};
use syntax::asm::OpAsm;

/// Registers an op with traits, inherent attributes, verifier and syntax.
pub fn register_op(
    ctx: &mut Context,
    name: &str,
    traits: OpTraits,
    inherent: &[&str],
    verify: Option<ir::registry::VerifyFn>,
    asm: Option<Box<dyn OpAsm>>,
) {
    let mut info = OpInfo::new(ctx, name);
    info.traits = traits;
    info.inherent_attrs = inherent.iter().map(|s| ctx.intern_str(s)).collect();
    info.verify = verify;
    let n = info.name;
    ctx.registry_mut().register_op(info);
    if let Some(a) = asm {
        ctx.registry_mut().add_interface::<dyn OpAsm>(n, a);
    }
}

/// Registers a dialect namespace.
pub fn register_dialect(ctx: &mut Context, name: &str, allow_unknown_ops: bool) {
    let n = ctx.intern_str(name);
    ctx.registry_mut().register_dialect(n, DialectInfo { allow_unknown_ops });
}

/// Dialect namespaces whose ops are not modelled yet but that mlir-opt-19
/// knows: `test` accepts unknown ops (as upstream's test dialect does).
pub fn register_passthrough_dialects(ctx: &mut Context) {
    register_dialect(ctx, "test", true);
}
