//! The `canonicalize` pass: the greedy driver ([`crate::greedy`]) with every
//! canonicalization pattern the registered ops contribute, plus folding.
//!
//! Patterns come from the registry: each op name may carry an
//! implementation of [`CanonicalizationPatterns`] (defined in
//! `ir::rewrite_api` so dialects can provide them without depending on
//! this crate). They are collected when the pass runs, in registry order,
//! then filtered by `disable-patterns` / `enable-patterns` labels.
//!
//! Options follow mlir-opt-19: `top-down` (default true), `region-simplify`
//! (`disabled`, `normal` (default), `aggressive`), `max-iterations` (10),
//! `max-num-rewrites` (-1, unlimited), `test-convergence`,
//! `disable-patterns`, `enable-patterns`. Non-convergence is not an error,
//! except with `test-convergence`, where the pass fails (upstream fails
//! silently; bufopt's pass API reports an error diagnostic).

use crate::greedy::{apply_patterns_and_fold_greedily_reporting, FrozenPatterns, GreedyConfig, RegionSimplify};
use crate::pass::{OptionDecl, Pass, PassContext, PassInfo, PassOptions};
use ir::rewrite_api::{CanonicalizationPatterns, RewritePattern};
use ir::{Diagnostic, Ir, OpId};
use std::sync::{Arc, OnceLock};

/// The configured pass.
pub struct Canonicalize {
    config: GreedyConfig,
    test_convergence: bool,
    disabled: Vec<String>,
    enabled: Vec<String>,
    /// The patterns, frozen on first use (with the address of the context
    /// they were interned in), shared by every function the pass runs on.
    frozen: OnceLock<(usize, FrozenPatterns)>,
}

fn list(opts: &PassOptions, name: &str) -> Vec<String> {
    opts.get(name).unwrap_or("").split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect()
}

fn int_option(opts: &PassOptions, name: &str, default: i64) -> Result<i64, String> {
    match opts.get(name) {
        None | Some("") => Ok(default),
        Some(v) => v.parse().map_err(|_| format!("for the --{name} option: '{v}' value invalid for long argument!")),
    }
}

fn bool_option(opts: &PassOptions, name: &str, default: bool) -> Result<bool, String> {
    match opts.get(name) {
        None | Some("") => Ok(default),
        Some("true" | "1" | "TRUE" | "True") => Ok(true),
        Some("false" | "0" | "FALSE" | "False") => Ok(false),
        Some(v) => Err(format!("for the --{name} option: '{v}' is invalid value for boolean argument! Try 0 or 1")),
    }
}

impl Canonicalize {
    /// Builds the pass from its options.
    pub fn from_options(opts: &PassOptions) -> Result<Canonicalize, String> {
        let region_simplify = match opts.get("region-simplify").unwrap_or("normal") {
            "disabled" => RegionSimplify::Disabled,
            "normal" | "" => RegionSimplify::Normal,
            "aggressive" => RegionSimplify::Aggressive,
            v => return Err(format!("for the --region-simplify option: Cannot find option named '{v}'!")),
        };
        let config = GreedyConfig {
            top_down: bool_option(opts, "top-down", true)?,
            region_simplify,
            max_iterations: int_option(opts, "max-iterations", 10)?,
            max_num_rewrites: int_option(opts, "max-num-rewrites", -1)?,
        };
        Ok(Canonicalize {
            config,
            test_convergence: bool_option(opts, "test-convergence", false)?,
            disabled: list(opts, "disable-patterns"),
            enabled: list(opts, "enable-patterns"),
            frozen: OnceLock::new(),
        })
    }

    /// The patterns of every registered dialect (by name), then of every
    /// registered op, as MLIR's canonicalizer collects them, filtered by
    /// the labels.
    fn collect_patterns(&self, ir: &Ir) -> Vec<Box<dyn RewritePattern>> {
        let ctx = ir.ctx();
        let reg = ctx.registry();
        let mut out: Vec<Box<dyn RewritePattern>> = Vec::new();
        let mut dialects: Vec<_> = reg.dialect_names().collect();
        dialects.sort_by(|&a, &b| ctx.str(a).cmp(ctx.str(b)));
        for d in dialects {
            if let Some(p) = reg.dialect(d).and_then(|i| i.patterns.as_ref()) {
                out.extend(p.patterns());
            }
        }
        for info in reg.ops() {
            if let Some(p) = reg.interface::<dyn CanonicalizationPatterns>(info.name) {
                out.extend(p.patterns());
            }
        }
        out.retain(|p| {
            let name = p.name();
            !self.disabled.iter().any(|d| d == name)
                && (self.enabled.is_empty() || self.enabled.iter().any(|e| e == name))
        });
        out
    }
}

impl Pass for Canonicalize {
    fn name(&self) -> &'static str {
        "canonicalize"
    }
    fn title(&self) -> String {
        "Canonicalizer".to_string()
    }
    fn runs_per_isolated_symbol(&self) -> bool {
        // The rewrite limit counts over the whole op, and a convergence
        // failure is reported on it.
        self.config.max_num_rewrites < 0 && !self.test_convergence
    }
    fn run(&self, ir: &mut Ir, op: OpId, cx: &mut PassContext) -> Result<(), Diagnostic> {
        let ctx_id = Arc::as_ptr(ir.ctx_arc()) as usize;
        let (owner, cached) = self.frozen.get_or_init(|| (ctx_id, FrozenPatterns::new(ir, self.collect_patterns(ir))));
        let fresh;
        let patterns = if *owner == ctx_id {
            cached
        } else {
            fresh = FrozenPatterns::new(ir, self.collect_patterns(ir));
            &fresh
        };
        let outcome = apply_patterns_and_fold_greedily_reporting(ir, op, patterns, &self.config);
        // Unchanged IR needs no new verification.
        cx.preserved_all = !outcome.changed;
        if self.test_convergence && !outcome.converged {
            return Err(Diagnostic::error(ir.op_loc(op), "canonicalizer failed to converge").with_op(op));
        }
        Ok(())
    }
    fn options_text(&self) -> String {
        let c = &self.config;
        let rs = match c.region_simplify {
            RegionSimplify::Disabled => "disabled",
            RegionSimplify::Normal => "normal",
            RegionSimplify::Aggressive => "aggressive",
        };
        // An empty list prints nothing but keeps its separator, as MLIR's.
        let list =
            |name: &str, v: &[String]| if v.is_empty() { String::new() } else { format!("{name}={}", v.join(",")) };
        format!(
            "{} {} max-iterations={} max-num-rewrites={} region-simplify={rs} test-convergence={} top-down={}",
            list("disable-patterns", &self.disabled),
            list("enable-patterns", &self.enabled),
            c.max_iterations,
            c.max_num_rewrites,
            self.test_convergence,
            c.top_down
        )
    }
}

/// The registry entry.
pub fn pass_info() -> PassInfo {
    PassInfo {
        name: "canonicalize",
        summary: "Canonicalize operations",
        options: vec![
            OptionDecl {
                name: "disable-patterns",
                help: "Labels of patterns that should be filtered out during application",
                default: "",
                choices: &[],
            },
            OptionDecl {
                name: "enable-patterns",
                help: "Labels of patterns that should be used during application, all other patterns are filtered out",
                default: "",
                choices: &[],
            },
            OptionDecl {
                name: "max-iterations",
                help: "Max. iterations between applying patterns / simplifying regions",
                default: "10",
                choices: &[],
            },
            OptionDecl {
                name: "max-num-rewrites",
                help: "Max. number of pattern rewrites within an iteration",
                default: "-1",
                choices: &[],
            },
            OptionDecl {
                name: "region-simplify",
                help: "Perform control flow optimizations to the region tree",
                default: "normal",
                choices: &["disabled", "normal", "aggressive"],
            },
            OptionDecl {
                name: "test-convergence",
                help: "Test only: Fail pass on non-convergence to detect cyclic pattern",
                default: "false",
                choices: &[],
            },
            OptionDecl {
                name: "top-down",
                help: "Seed the worklist in general top-down order",
                default: "true",
                choices: &[],
            },
        ],
        ctor: |o| Ok(Box::new(Canonicalize::from_options(o)?)),
    }
}
