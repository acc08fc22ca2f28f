//! The pass registry bufopt offers and the construction of a pass manager
//! from the command line (`--pass-pipeline=...` or pass flags in order).

use crate::cl::PassFlagInfo;
use crate::driver::Config;
use transforms::pass::{PassManager, PassRegistry, PmOptions};

/// Every pass and named pipeline bufopt registers.
pub fn registry() -> PassRegistry {
    PassRegistry::default()
}

/// The registry as command-line flags.
pub fn pass_flags(reg: &PassRegistry) -> Vec<PassFlagInfo> {
    let mut v: Vec<PassFlagInfo> = reg
        .passes
        .iter()
        .map(|p| {
            let opts: Vec<(&str, &str)> = p.options.iter().map(|o| (o.name, o.help)).collect();
            PassFlagInfo::pass(p.name, p.summary, &opts)
        })
        .collect();
    v.extend(reg.pipelines.iter().map(|p| {
        let opts: Vec<(&str, &str)> = p.options.iter().map(|o| (o.name, o.help)).collect();
        PassFlagInfo::pipeline(p.name, p.summary, &opts)
    }));
    v
}

/// Builds the pass manager for `cfg`.
pub fn build(cfg: &Config, opts: PmOptions) -> Result<PassManager, String> {
    let reg = registry();
    let pm = PassManager::new("builtin.module", opts);
    if let Some(text) = &cfg.pipeline {
        if !text.trim().is_empty() && text.trim() != "builtin.module()" {
            return Err(format!("pipeline '{text}' names passes, and none are registered yet"));
        }
    }
    for (name, _) in &cfg.pass_flags {
        if reg.pass(name).is_none() && reg.pipeline(name).is_none() {
            return Err(format!("'{name}' does not refer to a registered pass or pass pipeline"));
        }
    }
    Ok(pm)
}
