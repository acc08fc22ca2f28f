//! LLVM-`cl`-style command-line parsing for the `bufopt` driver: the table of
//! mlir-opt-19 options bufopt understands (supported, explicitly ignored, or
//! explicitly rejected), one flag per registered pass or named pipeline (kept
//! in command-line order, since they form the pipeline), `@file` response
//! files, LLVM's error messages with "Did you mean" suggestions, and the
//! `--help` / `--version` texts.
//!
//! Spelling rules follow LLVM's `cl` library as used by `mlir-opt-19`:
//! every option is accepted as `-name` and `--name`; values are written
//! `--name=value`, or `--name value` for options that require one; boolean
//! options take only `=true|false|1|0` (and `TRUE`, `True`, ...); `--` ends
//! option processing; single-letter options (`-o`, `-p`, `-h`) cannot carry
//! a glued value (`-ofile` is an error, as in LLVM); a repeated option keeps
//! its last value.

use std::collections::HashMap;
use std::fmt;

/// The default `--split-input-file` / `--output-split-marker` marker.
pub const DEFAULT_SPLIT_MARKER: &str = "// -----";

/// The message MLIR emits when `--pass-pipeline` is combined with pass flags.
pub const PIPELINE_CONFLICT_MESSAGE: &str = "'-pass-pipeline' option can't be used with individual pass options";

/// A registered pass or named pipeline, offered as a command-line flag
/// (`--canonicalize`, `--one-shot-bufferize="opts"`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PassFlagInfo {
    /// The flag / pass argument (`canonicalize`).
    pub name: String,
    /// One-line summary shown by `--help`.
    pub summary: String,
    /// Declared options as `(name, help)`, shown by `--help`.
    pub options: Vec<(String, String)>,
    /// True for named pass pipelines (listed under "Pass Pipelines").
    pub is_pipeline: bool,
}

impl PassFlagInfo {
    /// A pass flag.
    pub fn pass(name: &str, summary: &str, options: &[(&str, &str)]) -> Self {
        Self::new(name, summary, options, false)
    }

    /// A named-pipeline flag.
    pub fn pipeline(name: &str, summary: &str, options: &[(&str, &str)]) -> Self {
        Self::new(name, summary, options, true)
    }

    fn new(name: &str, summary: &str, options: &[(&str, &str)], is_pipeline: bool) -> Self {
        PassFlagInfo {
            name: name.to_string(),
            summary: summary.to_string(),
            options: options.iter().map(|(n, h)| (n.to_string(), h.to_string())).collect(),
            is_pipeline,
        }
    }
}

/// How `--mlir-timing` reports (`--mlir-timing-display`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TimingDisplay {
    /// A list sorted by total time.
    List,
    /// A nested tree view (the default).
    #[default]
    Tree,
}

/// Output format of the timing report (`--mlir-output-format`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TimingFormat {
    /// Plain text (the default).
    #[default]
    Text,
    /// JSON.
    Json,
}

/// How `--mlir-pass-statistics` reports (`--mlir-pass-statistics-display`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StatisticsDisplay {
    /// A merged list sorted by pass name.
    List,
    /// A nested pipeline view (the default).
    #[default]
    Pipeline,
}

/// Everything the command line said, with mlir-opt-19's defaults.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandLine {
    /// Program name used in messages (basename of `argv[0]`).
    pub program: String,
    /// The positional input file; `-` (stdin) by default.
    pub input: String,
    /// `-o <filename>`; `-` (stdout) by default.
    pub output: String,
    /// `--split-input-file[=<marker>]`: the marker to split on, if splitting.
    pub split_input_file: Option<String>,
    /// `--output-split-marker=<string>` used when merging split outputs.
    pub output_split_marker: String,
    /// `--verify-diagnostics`.
    pub verify_diagnostics: bool,
    /// `--verify-each` (default true; `--verify-each=false` disables).
    pub verify_each: bool,
    /// `--verify-roundtrip`.
    pub verify_roundtrip: bool,
    /// `--pass-pipeline=<string>` / `-p <string>` (last one wins).
    pub pass_pipeline: Option<String>,
    /// Pass and pipeline flags in command-line order: (name, options text).
    pub pass_flags: Vec<(String, String)>,
    /// `--allow-unregistered-dialect`.
    pub allow_unregistered_dialect: bool,
    /// `--no-implicit-module`.
    pub no_implicit_module: bool,
    /// `--dump-pass-pipeline`.
    pub dump_pass_pipeline: bool,
    /// `--show-dialects`.
    pub show_dialects: bool,
    /// `--help`, `-h`, `--help-list` (or their `-hidden` forms): print help
    /// and exit 0. Parsing stopped at this option, like LLVM.
    pub help: bool,
    /// `--help-hidden` / `--help-list-hidden`: include hidden options.
    pub help_hidden: bool,
    /// `--version`: print the version and exit 0. Parsing stopped here.
    pub version: bool,
    /// Errors seen before `--help`/`--version` stopped parsing; LLVM prints
    /// them to stderr and still prints help (exit 0).
    pub early_errors: Vec<String>,
    /// `--mlir-print-ir-before-all`.
    pub mlir_print_ir_before_all: bool,
    /// `--mlir-print-ir-after-all`.
    pub mlir_print_ir_after_all: bool,
    /// `--mlir-print-ir-after-change`.
    pub mlir_print_ir_after_change: bool,
    /// `--mlir-print-ir-after-failure`.
    pub mlir_print_ir_after_failure: bool,
    /// `--mlir-print-ir-module-scope`.
    pub mlir_print_ir_module_scope: bool,
    /// `--mlir-print-ir-before=<pass-arg>[,...]` (accumulates).
    pub mlir_print_ir_before: Vec<String>,
    /// `--mlir-print-ir-after=<pass-arg>[,...]` (accumulates).
    pub mlir_print_ir_after: Vec<String>,
    /// `--mlir-timing`.
    pub mlir_timing: bool,
    /// `--mlir-timing-display=list|tree`.
    pub mlir_timing_display: TimingDisplay,
    /// `--mlir-output-format=text|json`.
    pub mlir_output_format: TimingFormat,
    /// `--mlir-pass-statistics`.
    pub mlir_pass_statistics: bool,
    /// `--mlir-pass-statistics-display=list|pipeline`.
    pub mlir_pass_statistics_display: StatisticsDisplay,
    /// `--mlir-print-debuginfo`.
    pub mlir_print_debuginfo: bool,
    /// `--mlir-pretty-debuginfo`.
    pub mlir_pretty_debuginfo: bool,
    /// `--mlir-print-op-generic` (hidden in mlir-opt's `--help`).
    pub mlir_print_op_generic: bool,
    /// `--mlir-print-assume-verified` (hidden).
    pub mlir_print_assume_verified: bool,
    /// `--mlir-print-local-scope`.
    pub mlir_print_local_scope: bool,
    /// `--mlir-print-skip-regions`.
    pub mlir_print_skip_regions: bool,
    /// `--mlir-print-value-users`.
    pub mlir_print_value_users: bool,
    /// `--mlir-print-unique-ssa-ids`.
    pub mlir_print_unique_ssa_ids: bool,
    /// `--mlir-elide-elementsattrs-if-larger=<uint>` (32-bit, like LLVM).
    pub mlir_elide_elementsattrs_if_larger: Option<u64>,
    /// `--mlir-elide-resource-strings-if-larger=<uint>`.
    pub mlir_elide_resource_strings_if_larger: Option<u64>,
    /// `--mlir-print-elementsattrs-with-hex-if-larger=<long>`.
    pub mlir_print_elementsattrs_with_hex_if_larger: Option<i64>,
    /// `--mlir-disable-threading`.
    pub mlir_disable_threading: bool,
    /// `--mlir-print-op-on-diagnostic` (default true).
    pub mlir_print_op_on_diagnostic: bool,
    /// Harmless mlir-opt options that were given and are ignored, as spelled
    /// (see [`ignored_option_names`]).
    pub ignored: Vec<String>,
}

impl CommandLine {
    /// The defaults, before any argument is seen.
    pub fn new(program: &str) -> Self {
        CommandLine {
            program: program.to_string(),
            input: "-".to_string(),
            output: "-".to_string(),
            split_input_file: None,
            output_split_marker: DEFAULT_SPLIT_MARKER.to_string(),
            verify_diagnostics: false,
            verify_each: true,
            verify_roundtrip: false,
            pass_pipeline: None,
            pass_flags: Vec::new(),
            allow_unregistered_dialect: false,
            no_implicit_module: false,
            dump_pass_pipeline: false,
            show_dialects: false,
            help: false,
            help_hidden: false,
            version: false,
            early_errors: Vec::new(),
            mlir_print_ir_before_all: false,
            mlir_print_ir_after_all: false,
            mlir_print_ir_after_change: false,
            mlir_print_ir_after_failure: false,
            mlir_print_ir_module_scope: false,
            mlir_print_ir_before: Vec::new(),
            mlir_print_ir_after: Vec::new(),
            mlir_timing: false,
            mlir_timing_display: TimingDisplay::default(),
            mlir_output_format: TimingFormat::default(),
            mlir_pass_statistics: false,
            mlir_pass_statistics_display: StatisticsDisplay::default(),
            mlir_print_debuginfo: false,
            mlir_pretty_debuginfo: false,
            mlir_print_op_generic: false,
            mlir_print_assume_verified: false,
            mlir_print_local_scope: false,
            mlir_print_skip_regions: false,
            mlir_print_value_users: false,
            mlir_print_unique_ssa_ids: false,
            mlir_elide_elementsattrs_if_larger: None,
            mlir_elide_resource_strings_if_larger: None,
            mlir_print_elementsattrs_with_hex_if_larger: None,
            mlir_disable_threading: false,
            mlir_print_op_on_diagnostic: true,
            ignored: Vec::new(),
        }
    }

    /// MLIR's error when both `--pass-pipeline` and pass flags are given
    /// (mlir-opt reports it as `<unknown>:0: error: ...` and exits 1).
    pub fn pipeline_conflict(&self) -> Option<&'static str> {
        (self.pass_pipeline.is_some() && !self.pass_flags.is_empty()).then_some(PIPELINE_CONFLICT_MESSAGE)
    }
}

/// Command-line errors, one printed line each, already formatted like LLVM
/// (`bufopt: Unknown command line argument '--foo'.  Try: 'bufopt --help'`).
/// The process should print them to stderr and exit with status 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClError {
    /// The lines to print, without trailing newlines.
    pub lines: Vec<String>,
}

impl fmt::Display for ClError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.lines.join("\n"))
    }
}

impl std::error::Error for ClError {}

/// Names of mlir-opt options that bufopt accepts and deliberately ignores
/// because they cannot change anything bufopt produces.
#[cfg_attr(not(test), allow(dead_code))]
pub fn ignored_option_names() -> Vec<&'static str> {
    builtin_options().into_iter().filter(|o| matches!(o.kind, Kind::Ignored(_))).map(|o| o.name).collect()
}

/// Names of mlir-opt options that bufopt recognises but rejects.
#[cfg_attr(not(test), allow(dead_code))]
pub fn unsupported_option_names() -> Vec<&'static str> {
    builtin_options().into_iter().filter(|o| matches!(o.kind, Kind::Unsupported { .. })).map(|o| o.name).collect()
}

// ---------------------------------------------------------------------------
// The option table.
// ---------------------------------------------------------------------------

type Cl = CommandLine;

/// How an option takes its value and where the value goes.
#[derive(Clone, Copy)]
enum Kind {
    /// No value allowed; performing it stops parsing (`--help`).
    Action(fn(&mut Cl)),
    /// Boolean: `--x`, `--x=true|false|1|0`; never consumes the next arg.
    Bool(fn(&mut Cl, bool)),
    /// String value, required: `--x=v` or `--x v`.
    Str(fn(&mut Cl, String)),
    /// String value, optional and only via `=`: `--x` or `--x=v`.
    OptStr(fn(&mut Cl, String)),
    /// Unsigned integer, required, at most `max`; `ty` names it in errors.
    UInt(u64, &'static str, fn(&mut Cl, u64)),
    /// Signed 64-bit integer, required.
    Long(fn(&mut Cl, i64)),
    /// One of a fixed set of `(value, help)` names, required.
    Enum(&'static [(&'static str, &'static str)], fn(&mut Cl, &str)),
    /// Comma-separated registered pass / pipeline names, optional value.
    PassNames(fn(&mut Cl, String)),
    /// Accepted and recorded in `ignored`; `true` if it takes a value.
    Ignored(bool),
    /// Rejected. `takes_value`: a string option (always rejected); otherwise
    /// a boolean option, rejected only when set to true.
    Unsupported { takes_value: bool, reason: &'static str },
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Category {
    General,
    Generic,
}

#[derive(Clone, Copy)]
struct OptSpec {
    name: &'static str,
    kind: Kind,
    value_name: &'static str,
    help: &'static str,
    hidden: bool,
    category: Category,
}

impl OptSpec {
    fn new(name: &'static str, kind: Kind, help: &'static str) -> Self {
        OptSpec { name, kind, value_name: default_value_name(&kind), help, hidden: false, category: Category::General }
    }

    fn value_name(mut self, v: &'static str) -> Self {
        self.value_name = v;
        self
    }

    fn hidden(mut self) -> Self {
        self.hidden = true;
        self
    }

    fn generic(mut self) -> Self {
        self.category = Category::Generic;
        self
    }

    /// LLVM's `ValueDisallowed`.
    fn disallows_value(&self) -> bool {
        matches!(self.kind, Kind::Action(_))
    }

    /// LLVM's `ValueRequired`: a missing `=value` takes the next argument.
    fn requires_value(&self) -> bool {
        match self.kind {
            Kind::Str(_) | Kind::UInt(..) | Kind::Long(_) | Kind::Enum(..) => true,
            Kind::Ignored(v) => v,
            Kind::Unsupported { takes_value, .. } => takes_value,
            _ => false,
        }
    }
}

fn default_value_name(kind: &Kind) -> &'static str {
    match kind {
        Kind::Str(_) | Kind::OptStr(_) | Kind::Ignored(true) => "string",
        Kind::Unsupported { takes_value: true, .. } => "string",
        Kind::UInt(_, ty, _) => ty,
        Kind::Long(_) => "long",
        Kind::Enum(..) => "value",
        Kind::PassNames(_) => "pass-arg",
        _ => "",
    }
}

const TIMING_DISPLAY: &[(&str, &str)] = &[
    ("list", "display the results in a list sorted by total time"),
    ("tree", "display the results ina with a nested tree view"),
];
const TIMING_FORMAT: &[(&str, &str)] =
    &[("text", "display the results in text format"), ("json", "display the results in JSON format")];
const STATISTICS_DISPLAY: &[(&str, &str)] = &[
    ("list", "display the results in a merged list sorted by pass name"),
    ("pipeline", "display the results with a nested pipeline view"),
];

/// Every non-pass option, in no particular order (help output sorts).
fn builtin_options() -> Vec<OptSpec> {
    use Kind::*;
    let u32_max = u64::from(u32::MAX);
    vec![
        // Driver options (MlirOptMain.cpp).
        OptSpec::new("o", Str(|c, v| c.output = v), "Output filename").value_name("filename"),
        OptSpec::new(
            "allow-unregistered-dialect",
            Bool(|c, b| c.allow_unregistered_dialect = b),
            "Allow operation with no registered dialects",
        ),
        OptSpec::new(
            "dump-pass-pipeline",
            Bool(|c, b| c.dump_pass_pipeline = b),
            "Print the pipeline that will be run",
        ),
        OptSpec::new(
            "no-implicit-module",
            Bool(|c, b| c.no_implicit_module = b),
            "Disable implicit addition of a top-level module op during parsing",
        ),
        OptSpec::new(
            "show-dialects",
            Bool(|c, b| c.show_dialects = b),
            "Print the list of registered dialects and exit",
        ),
        OptSpec::new(
            "split-input-file",
            OptStr(|c, v| {
                let marker = if v.is_empty() { DEFAULT_SPLIT_MARKER.to_string() } else { v };
                c.split_input_file = Some(marker);
            }),
            "Split the input file into chunks using the given or default marker and process \
             each chunk independently",
        ),
        OptSpec::new(
            "output-split-marker",
            Str(|c, v| c.output_split_marker = v),
            "Split marker to use for merging the ouput",
        ),
        OptSpec::new(
            "verify-diagnostics",
            Bool(|c, b| c.verify_diagnostics = b),
            "Check that emitted diagnostics match expected-* lines on the corresponding line",
        ),
        OptSpec::new("verify-each", Bool(|c, b| c.verify_each = b), "Run the verifier after each transformation pass"),
        OptSpec::new(
            "verify-roundtrip",
            Bool(|c, b| c.verify_roundtrip = b),
            "Round-trip the IR after parsing and ensure it succeeds",
        ),
        OptSpec::new(
            "pass-pipeline",
            Str(|c, v| c.pass_pipeline = Some(v)),
            "Textual description of the pass pipeline to run",
        ),
        OptSpec::new("p", Str(|c, v| c.pass_pipeline = Some(v)), "Alias for --pass-pipeline").value_name("").hidden(),
        // Pass manager options (PassManagerOptions.cpp).
        OptSpec::new(
            "mlir-print-ir-before",
            PassNames(|c, v| c.mlir_print_ir_before.push(v)),
            "Print IR before specified passes",
        ),
        OptSpec::new(
            "mlir-print-ir-after",
            PassNames(|c, v| c.mlir_print_ir_after.push(v)),
            "Print IR after specified passes",
        ),
        OptSpec::new(
            "mlir-print-ir-before-all",
            Bool(|c, b| c.mlir_print_ir_before_all = b),
            "Print IR before each pass",
        ),
        OptSpec::new("mlir-print-ir-after-all", Bool(|c, b| c.mlir_print_ir_after_all = b), "Print IR after each pass"),
        OptSpec::new(
            "mlir-print-ir-after-change",
            Bool(|c, b| c.mlir_print_ir_after_change = b),
            "When printing the IR after a pass, only print if the IR changed",
        ),
        OptSpec::new(
            "mlir-print-ir-after-failure",
            Bool(|c, b| c.mlir_print_ir_after_failure = b),
            "When printing the IR after a pass, only print if the pass failed",
        ),
        OptSpec::new(
            "mlir-print-ir-module-scope",
            Bool(|c, b| c.mlir_print_ir_module_scope = b),
            "When printing IR for print-ir-[before|after]{-all} always print the top-level \
             operation",
        ),
        OptSpec::new(
            "mlir-pass-statistics",
            Bool(|c, b| c.mlir_pass_statistics = b),
            "Display the statistics of each pass",
        ),
        OptSpec::new(
            "mlir-pass-statistics-display",
            Enum(STATISTICS_DISPLAY, |c, v| {
                c.mlir_pass_statistics_display =
                    if v == "list" { StatisticsDisplay::List } else { StatisticsDisplay::Pipeline }
            }),
            "Display method for pass statistics",
        ),
        // Timing (Timing.cpp).
        OptSpec::new("mlir-timing", Bool(|c, b| c.mlir_timing = b), "Display execution times"),
        OptSpec::new(
            "mlir-timing-display",
            Enum(TIMING_DISPLAY, |c, v| {
                c.mlir_timing_display = if v == "list" { TimingDisplay::List } else { TimingDisplay::Tree }
            }),
            "Display method for timing data",
        ),
        OptSpec::new(
            "mlir-output-format",
            Enum(TIMING_FORMAT, |c, v| {
                c.mlir_output_format = if v == "json" { TimingFormat::Json } else { TimingFormat::Text }
            }),
            "Output format for timing data",
        ),
        // Printer options (AsmPrinter.cpp).
        OptSpec::new(
            "mlir-print-debuginfo",
            Bool(|c, b| c.mlir_print_debuginfo = b),
            "Print debug info in MLIR output",
        ),
        OptSpec::new(
            "mlir-pretty-debuginfo",
            Bool(|c, b| c.mlir_pretty_debuginfo = b),
            "Print pretty debug info in MLIR output",
        ),
        OptSpec::new("mlir-print-op-generic", Bool(|c, b| c.mlir_print_op_generic = b), "Print the generic op form")
            .hidden(),
        OptSpec::new(
            "mlir-print-assume-verified",
            Bool(|c, b| c.mlir_print_assume_verified = b),
            "Skip op verification when using custom printers",
        )
        .hidden(),
        OptSpec::new(
            "mlir-print-local-scope",
            Bool(|c, b| c.mlir_print_local_scope = b),
            "Print with local scope and inline information (eliding aliases for attributes, \
             types, and locations",
        ),
        OptSpec::new(
            "mlir-print-skip-regions",
            Bool(|c, b| c.mlir_print_skip_regions = b),
            "Skip regions when printing ops.",
        ),
        OptSpec::new(
            "mlir-print-value-users",
            Bool(|c, b| c.mlir_print_value_users = b),
            "Print users of operation results and block arguments as a comment",
        ),
        OptSpec::new(
            "mlir-print-unique-ssa-ids",
            Bool(|c, b| c.mlir_print_unique_ssa_ids = b),
            "Print unique SSA ID numbers for values, block arguments and naming conflicts \
             across all regions",
        ),
        OptSpec::new(
            "mlir-elide-elementsattrs-if-larger",
            UInt(u32_max, "uint", |c, v| c.mlir_elide_elementsattrs_if_larger = Some(v)),
            "Elide ElementsAttrs with \"...\" that have more elements than the given upper limit",
        ),
        OptSpec::new(
            "mlir-elide-resource-strings-if-larger",
            UInt(u32_max, "uint", |c, v| c.mlir_elide_resource_strings_if_larger = Some(v)),
            "Elide printing value of resources if string is too long in chars.",
        ),
        OptSpec::new(
            "mlir-print-elementsattrs-with-hex-if-larger",
            Long(|c, v| c.mlir_print_elementsattrs_with_hex_if_larger = Some(v)),
            "Print DenseElementsAttrs with a hex string that have more elements than the given \
             upper limit (use -1 to disable)",
        ),
        // Context options (MLIRContext.cpp).
        OptSpec::new(
            "mlir-disable-threading",
            Bool(|c, b| c.mlir_disable_threading = b),
            "Disable multi-threading within MLIR, overrides any further call to \
             MLIRContext::enableMultiThreading()",
        ),
        OptSpec::new(
            "mlir-print-op-on-diagnostic",
            Bool(|c, b| c.mlir_print_op_on_diagnostic = b),
            "When a diagnostic is emitted on an operation, also print the operation as an \
             attached note",
        ),
        // Harmless options bufopt accepts and ignores.
        OptSpec::new("color", Ignored(false), "Use colors in output (default=autodetect) [ignored by bufopt]"),
        OptSpec::new(
            "mlir-print-stacktrace-on-diagnostic",
            Ignored(false),
            "When a diagnostic is emitted, also print the stack trace as an attached note \
             [ignored by bufopt]",
        ),
        OptSpec::new(
            "mlir-enable-debugger-hook",
            Ignored(false),
            "Enable Debugger hook for debugging MLIR Actions [ignored by bufopt]",
        ),
        OptSpec::new(
            "mlir-pass-pipeline-local-reproducer",
            Ignored(false),
            "When generating a crash reproducer, attempt to generated a reproducer with the \
             smallest pipeline. [ignored by bufopt]",
        ),
        OptSpec::new(
            "mlir-print-debug-counter",
            Ignored(false),
            "Print out debug counter information after all counters have been accumulated \
             [ignored by bufopt]",
        ),
        OptSpec::new(
            "elide-resource-data-from-bytecode",
            Ignored(false),
            "Elide resources when generating bytecode [ignored by bufopt]",
        ),
        // Recognised mlir-opt options bufopt rejects.
        OptSpec::new(
            "emit-bytecode",
            Unsupported { takes_value: false, reason: "bytecode output is not supported by bufopt" },
            "Emit bytecode when generating output [unsupported]",
        ),
        OptSpec::new(
            "emit-bytecode-version",
            Unsupported { takes_value: true, reason: "bytecode output is not supported by bufopt" },
            "Use specified bytecode when generating output [unsupported]",
        )
        .value_name("value"),
        OptSpec::new(
            "run-reproducer",
            Unsupported { takes_value: false, reason: "reproducers are not supported by bufopt" },
            "Run the pipeline stored in the reproducer [unsupported]",
        ),
        OptSpec::new(
            "mlir-generate-reproducer",
            Unsupported { takes_value: true, reason: "reproducers are not supported by bufopt" },
            "Generate an mlir reproducer at the provided filename (no crash required) \
             [unsupported]",
        )
        .value_name("filename"),
        OptSpec::new(
            "mlir-pass-pipeline-crash-reproducer",
            Unsupported { takes_value: true, reason: "reproducers are not supported by bufopt" },
            "Generate a .mlir reproducer file at the given output path if the pass manager \
             crashes or fails [unsupported]",
        ),
        OptSpec::new(
            "mlir-print-ir-tree-dir",
            Unsupported { takes_value: true, reason: "printing IR to a file tree is not supported by bufopt" },
            "When printing the IR before/after a pass, print file tree rooted at this directory \
             [unsupported]",
        ),
        OptSpec::new(
            "mlir-debug-counter",
            Unsupported { takes_value: true, reason: "debug counters are not supported by bufopt" },
            "Comma separated list of debug counter skip and count arguments [unsupported]",
        ),
        OptSpec::new(
            "irdl-file",
            Unsupported { takes_value: true, reason: "IRDL dialect loading is not supported by bufopt" },
            "IRDL file to register before processing the input [unsupported]",
        )
        .value_name("filename"),
        OptSpec::new(
            "load-pass-plugin",
            Unsupported { takes_value: true, reason: "plugins are not supported by bufopt" },
            "Load passes from plugin library [unsupported]",
        ),
        OptSpec::new(
            "load-dialect-plugin",
            Unsupported { takes_value: true, reason: "plugins are not supported by bufopt" },
            "Load dialects from plugin library [unsupported]",
        ),
        OptSpec::new(
            "log-actions-to",
            Unsupported { takes_value: true, reason: "action logging is not supported by bufopt" },
            "Log action execution to a file, or stderr if  '-' is passed [unsupported]",
        ),
        OptSpec::new(
            "log-mlir-actions-filter",
            Unsupported { takes_value: true, reason: "action logging is not supported by bufopt" },
            "Comma separated list of locations to filter actions from logging [unsupported]",
        ),
        OptSpec::new(
            "profile-actions-to",
            Unsupported { takes_value: true, reason: "action profiling is not supported by bufopt" },
            "Profile action execution to a file, or stderr if  '-' is passed [unsupported]",
        ),
        // Generic options (LLVM's own).
        OptSpec::new("help", Action(|c| c.help = true), "Display available options (--help-hidden for more)").generic(),
        OptSpec::new("h", Action(|c| c.help = true), "Alias for --help").generic().hidden(),
        OptSpec::new(
            "help-hidden",
            Action(|c| {
                c.help = true;
                c.help_hidden = true;
            }),
            "Display all available options",
        )
        .generic()
        .hidden(),
        OptSpec::new(
            "help-list",
            Action(|c| c.help = true),
            "Display list of available options (--help-list-hidden for more)",
        )
        .generic(),
        OptSpec::new(
            "help-list-hidden",
            Action(|c| {
                c.help = true;
                c.help_hidden = true;
            }),
            "Display list of all available options",
        )
        .generic()
        .hidden(),
        OptSpec::new("version", Action(|c| c.version = true), "Display the version of this program").generic(),
    ]
}

// ---------------------------------------------------------------------------
// Parsing.
// ---------------------------------------------------------------------------

/// The outcome of treating an unknown argument as a one-letter group.
enum Group {
    /// Not a group.
    None,
    /// A grouped action (`-hxyz`) ran: stop parsing.
    Stop,
    /// A grouped option that needs a value: rejected.
    Rejected(&'static str),
}

/// What an option name resolves to.
#[derive(Clone, Copy)]
enum Target<'a> {
    Builtin(&'a OptSpec),
    Pass(&'a PassFlagInfo),
}

struct Registry<'a> {
    builtins: &'a [OptSpec],
    passes: &'a [PassFlagInfo],
    by_name: HashMap<&'a str, Target<'a>>,
}

impl<'a> Registry<'a> {
    fn new(builtins: &'a [OptSpec], passes: &'a [PassFlagInfo]) -> Self {
        let mut by_name = HashMap::new();
        for p in passes {
            by_name.insert(p.name.as_str(), Target::Pass(p));
        }
        // Built-in options win over a pass of the same name.
        for o in builtins {
            by_name.insert(o.name, Target::Builtin(o));
        }
        Registry { builtins, passes, by_name }
    }

    fn lookup(&self, name: &str) -> Option<Target<'a>> {
        self.by_name.get(name).copied()
    }

    /// Candidate names for suggestions: (name, permits a value).
    fn candidates(&self) -> impl Iterator<Item = (&'a str, bool)> + '_ {
        let builtins = self.builtins.iter().map(|o| (o.name, !o.disallows_value()));
        let passes = self.passes.iter().map(|p| (p.name.as_str(), true));
        builtins.chain(passes)
    }

    fn is_pass_or_pipeline(&self, name: &str) -> bool {
        self.passes.iter().any(|p| p.name == name)
    }
}

/// `-` for one-letter names, `--` otherwise (LLVM's `PrintArg`).
fn dashed(name: &str) -> String {
    if name.chars().count() == 1 {
        format!("-{name}")
    } else {
        format!("--{name}")
    }
}

struct Parser<'a> {
    reg: Registry<'a>,
    cl: CommandLine,
    errors: Vec<String>,
}

impl Parser<'_> {
    fn option_error(&mut self, name: &str, msg: &str) {
        let line = format!("{}: for the {} option: {msg}", self.cl.program, dashed(name));
        self.errors.push(line);
    }

    /// Reports an unknown argument, suggesting `suggestion` or else the
    /// nearest option.
    fn unknown_argument(&mut self, arg: &str, body: &str, suggestion: Option<String>) {
        let program = &self.cl.program;
        self.errors.push(format!("{program}: Unknown command line argument '{arg}'.  Try: '{program} --help'"));
        if let Some(s) = suggestion.or_else(|| nearest_option(body, self.reg.candidates())) {
            self.errors.push(format!("{program}: Did you mean '{}'?", dashed(&s)));
        }
    }

    /// Handles one option occurrence. Returns true when an action (help,
    /// version) was performed and parsing must stop.
    fn handle(
        &mut self,
        spec: &OptSpec,
        arg: &str,
        value: Option<&str>,
        rest: &mut std::slice::Iter<'_, String>,
    ) -> bool {
        let name = spec.name;
        if let Kind::Action(act) = spec.kind {
            match value {
                Some(v) => {
                    let msg = format!("does not allow a value! '{v}' specified.");
                    self.option_error(name, &msg);
                }
                None => {
                    act(&mut self.cl);
                    return true;
                }
            }
            return false;
        }
        // Resolve the value text: `=value`, the next argument, or none.
        let mut spelled = arg.to_string();
        let value: Option<String> = match value {
            Some(v) => Some(v.to_string()),
            None if spec.requires_value() => match rest.next() {
                Some(next) => {
                    spelled = format!("{arg} {next}");
                    Some(next.clone())
                }
                None => {
                    self.option_error(name, "requires a value!");
                    return false;
                }
            },
            None => None,
        };
        let text = value.as_deref().unwrap_or("");
        match spec.kind {
            Kind::Action(_) => {}
            Kind::Bool(set) => match parse_cl_bool(text) {
                Some(b) => set(&mut self.cl, b),
                None => self.bad_bool(name, text),
            },
            Kind::Str(set) | Kind::OptStr(set) => set(&mut self.cl, text.to_string()),
            Kind::UInt(max, ty, set) => match parse_cl_unsigned(text).filter(|v| *v <= max) {
                Some(v) => set(&mut self.cl, v),
                None => self.option_error(name, &format!("'{text}' value invalid for {ty} argument!")),
            },
            Kind::Long(set) => match parse_cl_signed(text) {
                Some(v) => set(&mut self.cl, v),
                None => self.option_error(name, &format!("'{text}' value invalid for long argument!")),
            },
            Kind::Enum(values, set) => match values.iter().find(|(v, _)| *v == text) {
                Some((v, _)) => set(&mut self.cl, v),
                None => self.option_error(name, &format!("Cannot find option named '{text}'!")),
            },
            Kind::PassNames(set) => {
                // Comma separated; stops at the first unknown name, like LLVM.
                for item in text.split(',') {
                    if !self.reg.is_pass_or_pipeline(item) {
                        let msg = format!("Cannot find option named '{item}'!");
                        self.option_error(name, &msg);
                        break;
                    }
                    set(&mut self.cl, item.to_string());
                }
            }
            Kind::Ignored(takes_value) => {
                if takes_value || parse_cl_bool(text).is_some() {
                    self.cl.ignored.push(spelled);
                } else {
                    self.bad_bool(name, text);
                }
            }
            Kind::Unsupported { takes_value, reason } => {
                if takes_value {
                    self.option_error(name, reason);
                } else {
                    match parse_cl_bool(text) {
                        Some(true) => self.option_error(name, reason),
                        Some(false) => {}
                        None => self.bad_bool(name, text),
                    }
                }
            }
        }
        false
    }

    fn bad_bool(&mut self, name: &str, text: &str) {
        let msg = format!("'{text}' is invalid value for boolean argument! Try 0 or 1");
        self.option_error(name, &msg);
    }

    /// LLVM treats an unknown `-xyz` whose first letter is a one-letter
    /// option as a group of one-letter flags: `-hfoo` is `-h`, while
    /// `-ofile` (or `--one-shot-bufferise`) is an error that then suggests
    /// the one-letter option itself.
    fn handle_group(&mut self, body: &str) -> Group {
        let Some(first) = body.chars().next() else {
            return Group::None;
        };
        let name = &body[..first.len_utf8()];
        let Some(Target::Builtin(spec)) = self.reg.lookup(name) else {
            return Group::None;
        };
        match spec.kind {
            Kind::Action(act) => {
                act(&mut self.cl);
                Group::Stop
            }
            _ if spec.requires_value() => {
                self.option_error(spec.name, "may not occur within a group!");
                Group::Rejected(spec.name)
            }
            _ => Group::None,
        }
    }
}

/// Parses `args` (including `args[0]`, the program name, as with
/// `std::env::args()`) against the built-in options and the pass flags.
///
/// `@file` arguments are replaced by the file's GNU-tokenized contents
/// (recursively; unreadable files are kept as literal arguments, like LLVM).
/// All errors are collected, like LLVM does, and returned together. When
/// `--help` or `--version` is reached, parsing stops there and the result is
/// `Ok` with `help` / `version` set (earlier errors in `early_errors`).
pub fn parse_args(args: &[String], passes: &[PassFlagInfo]) -> Result<CommandLine, ClError> {
    let program = args
        .first()
        .map(|a| a.rsplit(['/', '\\']).next().unwrap_or(a).to_string())
        .filter(|p| !p.is_empty())
        .unwrap_or_else(|| "bufopt".to_string());
    let argv = expand_response_files(args.get(1..).unwrap_or(&[]))?;
    let builtins = builtin_options();
    let mut p = Parser { reg: Registry::new(&builtins, passes), cl: CommandLine::new(&program), errors: Vec::new() };
    let mut positionals: Vec<String> = Vec::new();
    let mut dash_dash = false;
    let mut rest = argv.iter();
    while let Some(arg) = rest.next() {
        if dash_dash || !arg.starts_with('-') || arg == "-" {
            positionals.push(arg.clone());
            continue;
        }
        if arg == "--" {
            dash_dash = true;
            continue;
        }
        let body = arg.strip_prefix("--").or_else(|| arg.strip_prefix('-')).unwrap_or(arg);
        let (name, value) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (body, None),
        };
        let stop = match p.reg.lookup(name) {
            Some(Target::Builtin(spec)) => p.handle(spec, arg, value, &mut rest),
            Some(Target::Pass(info)) => {
                let options = value.unwrap_or("").to_string();
                p.cl.pass_flags.push((info.name.clone(), options));
                false
            }
            None => match p.handle_group(body) {
                Group::Stop => true,
                Group::Rejected(name) => {
                    p.unknown_argument(arg, body, Some(name.to_string()));
                    false
                }
                Group::None => {
                    p.unknown_argument(arg, body, None);
                    false
                }
            },
        };
        if stop {
            let mut cl = p.cl;
            cl.early_errors = p.errors;
            return Ok(cl);
        }
    }
    match positionals.len() {
        0 => {}
        1 => p.cl.input = positionals.remove(0),
        _ => {
            let program = &p.cl.program;
            p.errors.push(format!("{program}: Too many positional arguments specified!"));
            p.errors.push(format!("Can specify at most 1 positional arguments: See: {program} --help"));
        }
    }
    if p.errors.is_empty() {
        Ok(p.cl)
    } else {
        Err(ClError { lines: p.errors })
    }
}

/// LLVM's `parser<bool>`: empty, `true`, `TRUE`, `True`, `1` / `false`,
/// `FALSE`, `False`, `0`.
fn parse_cl_bool(s: &str) -> Option<bool> {
    match s {
        "" | "true" | "TRUE" | "True" | "1" => Some(true),
        "false" | "FALSE" | "False" | "0" => Some(false),
        _ => None,
    }
}

/// LLVM's `getAsInteger(0, ...)` for unsigned types: auto-detected radix
/// (`0x`, `0b`, `0o`, leading `0` = octal), whole string, no sign.
fn parse_cl_unsigned(s: &str) -> Option<u64> {
    let lower = s.get(..2).map(str::to_ascii_lowercase);
    let (digits, radix) = match lower.as_deref() {
        Some("0x") => (&s[2..], 16),
        Some("0b") => (&s[2..], 2),
        _ if s.starts_with("0o") => (&s[2..], 8),
        _ if s.len() > 1 && s.starts_with('0') && s.as_bytes()[1].is_ascii_digit() => (&s[1..], 8),
        _ => (s, 10),
    };
    if digits.is_empty() {
        return None;
    }
    let mut value: u64 = 0;
    for c in digits.chars() {
        let d = c.to_digit(36).filter(|d| *d < radix)?;
        value = value.checked_mul(u64::from(radix))?.checked_add(u64::from(d))?;
    }
    Some(value)
}

/// LLVM's `getAsInteger(0, ...)` for `int64_t`: an optional leading `-`.
fn parse_cl_signed(s: &str) -> Option<i64> {
    match s.strip_prefix('-') {
        Some(rest) => {
            let v = parse_cl_unsigned(rest)?;
            0i64.checked_sub_unsigned(v)
        }
        None => i64::try_from(parse_cl_unsigned(s)?).ok(),
    }
}

/// Levenshtein distance (LLVM's `edit_distance` with replacements).
fn edit_distance(a: &str, b: &str) -> usize {
    let a = a.as_bytes();
    let b = b.as_bytes();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let replace = prev[j] + usize::from(ca != cb);
            cur[j + 1] = replace.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// LLVM's nearest-option suggestion: compares the part before `=` (or the
/// whole argument for options that take no value) with every option name
/// and keeps `=value` in the suggestion. Ties go to the first candidate.
fn nearest_option<'a>(body: &str, candidates: impl Iterator<Item = (&'a str, bool)>) -> Option<String> {
    if body.is_empty() {
        return None;
    }
    let (lhs, rhs) = body.split_once('=').unwrap_or((body, ""));
    let mut best: Option<(usize, String)> = None;
    for (name, permits_value) in candidates {
        let flag = if permits_value { lhs } else { body };
        let d = edit_distance(name, flag);
        if best.as_ref().is_none_or(|(bd, _)| d < *bd) {
            let s = if rhs.is_empty() || !permits_value { name.to_string() } else { format!("{name}={rhs}") };
            best = Some((d, s));
        }
    }
    best.map(|(_, s)| s)
}

// ---------------------------------------------------------------------------
// Response files.
// ---------------------------------------------------------------------------

/// Replaces `@file` arguments by the file's contents, tokenized the GNU way
/// (LLVM's default on Unix). Files that cannot be read stay literal.
fn expand_response_files(args: &[String]) -> Result<Vec<String>, ClError> {
    let mut out = Vec::new();
    let mut stack = Vec::new();
    expand_into(args, &mut out, &mut stack)?;
    Ok(out)
}

fn expand_into(args: &[String], out: &mut Vec<String>, stack: &mut Vec<std::path::PathBuf>) -> Result<(), ClError> {
    for arg in args {
        let Some(path) = arg.strip_prefix('@') else {
            out.push(arg.clone());
            continue;
        };
        let Ok(contents) = std::fs::read(path) else {
            out.push(arg.clone());
            continue;
        };
        let key = std::fs::canonicalize(path).unwrap_or_else(|_| path.into());
        if stack.contains(&key) {
            return Err(ClError { lines: vec![format!("recursive expansion of: '{}'", key.display())] });
        }
        let text = String::from_utf8_lossy(&contents);
        let tokens = tokenize_gnu(&text);
        stack.push(key);
        expand_into(&tokens, out, stack)?;
        stack.pop();
    }
    Ok(())
}

/// GNU-style tokenization: whitespace separates, a backslash escapes the
/// next character, quotes group (with backslash escapes inside).
fn tokenize_gnu(src: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut token = String::new();
    let mut in_token = false;
    let mut chars = src.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                if let Some(n) = chars.next() {
                    token.push(n);
                }
                in_token = true;
            }
            '"' | '\'' => {
                in_token = true;
                while let Some(q) = chars.next() {
                    if q == c {
                        break;
                    }
                    if q == '\\' {
                        if let Some(n) = chars.next() {
                            token.push(n);
                        }
                        continue;
                    }
                    token.push(q);
                }
            }
            c if c.is_ascii_whitespace() => {
                if in_token {
                    tokens.push(std::mem::take(&mut token));
                    in_token = false;
                }
            }
            c => {
                token.push(c);
                in_token = true;
            }
        }
    }
    if in_token {
        tokens.push(token);
    }
    tokens
}

// ---------------------------------------------------------------------------
// Help and version.
// ---------------------------------------------------------------------------

/// The `--version` text (ends with a newline).
pub fn version_text(program: &str) -> String {
    format!(
        "{program} version {}\n  MLIR 19 (mlir-opt-19) compatible bufferization driver\n",
        env!("CARGO_PKG_VERSION")
    )
}

/// The `--help` text, in the spirit of `mlir-opt --help`: an overview, the
/// dialect list, a usage line, the sorted options (hidden ones only with
/// `show_hidden`), then every pass and pipeline with its options.
pub fn help_text(program: &str, passes: &[PassFlagInfo], dialects: &[&str], show_hidden: bool) -> String {
    let mut options: Vec<OptSpec> = builtin_options().into_iter().filter(|o| show_hidden || !o.hidden).collect();
    options.sort_by(|a, b| a.name.cmp(b.name));
    let mut sorted_passes: Vec<&PassFlagInfo> = passes.iter().collect();
    sorted_passes.sort_by(|a, b| a.name.cmp(&b.name));

    // Left column of each line and the width they are aligned to.
    let left = |o: &OptSpec| -> String {
        let dashes = dashed(o.name);
        match o.kind {
            Kind::OptStr(_) => format!("{dashes}[=<{}>]", o.value_name),
            _ if o.value_name.is_empty() => dashes,
            _ if o.name.len() == 1 => format!("{dashes} <{}>", o.value_name),
            _ => format!("{dashes}=<{}>", o.value_name),
        }
    };
    let mut width = options.iter().map(|o| left(o).len()).max().unwrap_or(0);
    for p in &sorted_passes {
        width = width.max(p.name.len() + 2 + 4);
        for (n, _) in &p.options {
            width = width.max(n.len() + 2 + 6);
        }
    }

    let mut out = String::new();
    // mlir-opt's overview line (`MlirOptMain`'s tool name), which scripts and
    // upstream's `check-help-output.mlir` look for.
    out.push_str("OVERVIEW: MLIR modular optimizer driver\n\n");
    if !dialects.is_empty() {
        out.push_str(&format!("Available Dialects: {}\n", dialects.join(", ")));
    }
    out.push_str(&format!("USAGE: {program} [options] <input file>\n\nOPTIONS:\n"));
    for (category, title) in [(Category::General, "General options"), (Category::Generic, "Generic Options")] {
        out.push_str(&format!("\n{title}:\n\n"));
        for o in options.iter().filter(|o| o.category == category) {
            out.push_str(&format!("  {:<width$} - {}\n", left(o), o.help));
            if let Kind::Enum(values, _) = o.kind {
                for (v, h) in values {
                    let val = format!("={v}");
                    out.push_str(&format!("    {:<w$} -   {h}\n", val, w = width.saturating_sub(2)));
                }
            }
        }
        if category == Category::General && !sorted_passes.is_empty() {
            out.push_str("  Compiler passes to run\n");
            for (pipelines, header) in [(false, "Passes"), (true, "Pass Pipelines")] {
                let group: Vec<&&PassFlagInfo> = sorted_passes.iter().filter(|p| p.is_pipeline == pipelines).collect();
                if group.is_empty() {
                    continue;
                }
                out.push_str(&format!("    {header}:\n"));
                for p in group {
                    let name = format!("--{}", p.name);
                    out.push_str(&format!("      {:<w$} -   {}\n", name, p.summary, w = width.saturating_sub(4)));
                    let mut opts: Vec<&(String, String)> = p.options.iter().collect();
                    opts.sort_by(|a, b| a.0.cmp(&b.0));
                    for (n, h) in opts {
                        let n = format!("--{n}");
                        out.push_str(&format!("        {:<w$} - {h}\n", n, w = width.saturating_sub(6)));
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn passes() -> Vec<PassFlagInfo> {
        vec![
            PassFlagInfo::pass("canonicalize", "Canonicalize operations", &[("max-iterations", "Max. iterations")]),
            PassFlagInfo::pass("cse", "Eliminate common sub-expressions", &[]),
            PassFlagInfo::pass(
                "one-shot-bufferize",
                "One-Shot Bufferize",
                &[("bufferize-function-boundaries", "Bufferize function boundaries")],
            ),
            PassFlagInfo::pipeline(
                "buffer-deallocation-pipeline",
                "The default pipeline for automatically inserting deallocation operations",
                &[],
            ),
        ]
    }

    fn parse(args: &[&str]) -> Result<CommandLine, ClError> {
        let mut v = vec!["/usr/bin/bufopt".to_string()];
        v.extend(args.iter().map(|s| s.to_string()));
        parse_args(&v, &passes())
    }

    fn ok(args: &[&str]) -> CommandLine {
        match parse(args) {
            Ok(cl) => cl,
            Err(e) => panic!("unexpected error for {args:?}:\n{e}"),
        }
    }

    fn err(args: &[&str]) -> String {
        match parse(args) {
            Ok(cl) => panic!("expected an error for {args:?}, got {cl:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn defaults() {
        let cl = ok(&[]);
        assert_eq!(cl.program, "bufopt");
        assert_eq!(cl.input, "-");
        assert_eq!(cl.output, "-");
        assert!(cl.verify_each);
        assert!(cl.mlir_print_op_on_diagnostic);
        assert_eq!(cl.split_input_file, None);
        assert_eq!(cl.output_split_marker, "// -----");
        assert!(cl.pass_flags.is_empty());
    }

    #[test]
    fn single_and_double_dash() {
        for spelling in ["-split-input-file", "--split-input-file"] {
            let cl = ok(&["in.mlir", spelling, "-verify-diagnostics"]);
            assert_eq!(cl.split_input_file.as_deref(), Some("// -----"));
            assert!(cl.verify_diagnostics);
            assert_eq!(cl.input, "in.mlir");
        }
        let cl = ok(&["--allow-unregistered-dialect", "-mlir-print-debuginfo"]);
        assert!(cl.allow_unregistered_dialect && cl.mlir_print_debuginfo);
        assert!(err(&["---cse"]).contains("Unknown command line argument '---cse'"));
    }

    #[test]
    fn values_with_equals_and_space() {
        assert_eq!(ok(&["-o", "out.mlir"]).output, "out.mlir");
        assert_eq!(ok(&["-o=out.mlir"]).output, "out.mlir");
        assert_eq!(ok(&["--o=x"]).output, "x");
        assert_eq!(ok(&["-o", "--foo"]).output, "--foo");
        assert_eq!(ok(&["-o", "a", "-o", "b"]).output, "b");
        let cl = ok(&["--mlir-elide-elementsattrs-if-larger", "16"]);
        assert_eq!(cl.mlir_elide_elementsattrs_if_larger, Some(16));
        let cl = ok(&["--mlir-elide-elementsattrs-if-larger=0x10"]);
        assert_eq!(cl.mlir_elide_elementsattrs_if_larger, Some(16));
        let cl = ok(&["--mlir-print-elementsattrs-with-hex-if-larger=-1"]);
        assert_eq!(cl.mlir_print_elementsattrs_with_hex_if_larger, Some(-1));
        let cl = ok(&["-p", "builtin.module(cse)"]);
        assert_eq!(cl.pass_pipeline.as_deref(), Some("builtin.module(cse)"));
        let cl = ok(&["--pass-pipeline=a", "--pass-pipeline", "b"]);
        assert_eq!(cl.pass_pipeline.as_deref(), Some("b"));
        let cl = ok(&["--mlir-timing-display=list", "--mlir-output-format", "json"]);
        assert_eq!(cl.mlir_timing_display, TimingDisplay::List);
        assert_eq!(cl.mlir_output_format, TimingFormat::Json);
    }

    #[test]
    fn booleans() {
        assert!(!ok(&["--verify-each=false"]).verify_each);
        assert!(!ok(&["--verify-each=FALSE"]).verify_each);
        assert!(!ok(&["--verify-each=0"]).verify_each);
        assert!(ok(&["--verify-each=0", "--verify-each"]).verify_each);
        assert!(ok(&["--verify-each="]).verify_each);
        // A boolean never consumes the next argument.
        assert_eq!(
            err(&["--verify-each", "false", "in.mlir"]),
            "bufopt: Too many positional arguments specified!\n\
             Can specify at most 1 positional arguments: See: bufopt --help"
        );
        assert_eq!(
            err(&["--verify-each=yes"]),
            "bufopt: for the --verify-each option: 'yes' is invalid value for boolean \
             argument! Try 0 or 1"
        );
    }

    #[test]
    fn split_input_file_marker() {
        let cl = ok(&["--split-input-file=// =====", "x.mlir"]);
        assert_eq!(cl.split_input_file.as_deref(), Some("// ====="));
        let cl = ok(&["--split-input-file="]);
        assert_eq!(cl.split_input_file.as_deref(), Some("// -----"));
        // The marker is only taken with `=`.
        assert!(err(&["--split-input-file", "a", "b"]).contains("Too many positional"));
    }

    #[test]
    fn pass_flags_keep_order_and_options() {
        let cl = ok(&[
            "in.mlir",
            "-one-shot-bufferize=bufferize-function-boundaries test-analysis-only",
            "--canonicalize",
            "-cse",
            "--canonicalize=max-iterations=3",
            "-buffer-deallocation-pipeline",
        ]);
        let flags: Vec<(&str, &str)> = cl.pass_flags.iter().map(|(n, o)| (n.as_str(), o.as_str())).collect();
        assert_eq!(
            flags,
            [
                ("one-shot-bufferize", "bufferize-function-boundaries test-analysis-only"),
                ("canonicalize", ""),
                ("cse", ""),
                ("canonicalize", "max-iterations=3"),
                ("buffer-deallocation-pipeline", ""),
            ]
        );
        assert_eq!(cl.input, "in.mlir");
        assert_eq!(cl.pipeline_conflict(), None);
        let cl = ok(&["--cse", "--pass-pipeline=builtin.module(cse)"]);
        assert_eq!(cl.pipeline_conflict(), Some(PIPELINE_CONFLICT_MESSAGE));
    }

    #[test]
    fn quoted_pass_options_from_response_file() {
        let dir = std::env::temp_dir().join(format!("bufopt-cl-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let rsp = dir.join("args.rsp");
        std::fs::write(
            &rsp,
            "-one-shot-bufferize=\"bufferize-function-boundaries dialect-filter=tensor\"\n\
             '-o' out\\ file.mlir --cse",
        )
        .unwrap();
        let cl = ok(&[&format!("@{}", rsp.display())]);
        assert_eq!(cl.output, "out file.mlir");
        assert_eq!(
            cl.pass_flags,
            [
                ("one-shot-bufferize".to_string(), "bufferize-function-boundaries dialect-filter=tensor".to_string()),
                ("cse".to_string(), String::new()),
            ]
        );
        let selfref = dir.join("self.rsp");
        std::fs::write(&selfref, format!("@{}", selfref.display())).unwrap();
        assert!(err(&[&format!("@{}", selfref.display())]).starts_with("recursive expansion of"));
        // A missing file stays a literal (positional) argument.
        assert_eq!(ok(&["@/nonexistent/x.rsp"]).input, "@/nonexistent/x.rsp");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn dash_dash_and_positionals() {
        assert_eq!(ok(&["--", "-weird.mlir"]).input, "-weird.mlir");
        assert_eq!(ok(&["-"]).input, "-");
        assert!(err(&["a.mlir", "b.mlir"]).contains("Too many positional arguments"));
    }

    #[test]
    fn unknown_options_suggest() {
        assert_eq!(
            err(&["--foo"]),
            "bufopt: Unknown command line argument '--foo'.  Try: 'bufopt --help'\n\
             bufopt: Did you mean '-o'?"
        );
        assert_eq!(
            err(&["--canonicalise=max-iterations=2"]),
            "bufopt: Unknown command line argument '--canonicalise=max-iterations=2'.  Try: \
             'bufopt --help'\nbufopt: Did you mean '--canonicalize=max-iterations=2'?"
        );
        assert!(err(&["-split-input-fil"]).ends_with("Did you mean '--split-input-file'?"));
        // A leading one-letter option turns it into a (rejected) group.
        assert_eq!(
            err(&["--one-shot-bufferise"]),
            "bufopt: for the -o option: may not occur within a group!\n\
             bufopt: Unknown command line argument '--one-shot-bufferise'.  Try: 'bufopt \
             --help'\nbufopt: Did you mean '-o'?"
        );
        assert!(ok(&["--hownership"]).help);
        assert!(err(&["--verify-each =false"]).ends_with("Did you mean '--verify-each=false'?"));
        // All errors are reported, then the positional check.
        let e = err(&["--foo", "--verify-diagnostic", "a", "b"]);
        assert_eq!(e.lines().count(), 6, "{e}");
    }

    #[test]
    fn value_errors() {
        assert_eq!(err(&["-o"]), "bufopt: for the -o option: requires a value!");
        assert_eq!(err(&["--pass-pipeline"]), "bufopt: for the --pass-pipeline option: requires a value!");
        assert_eq!(
            err(&["--mlir-elide-elementsattrs-if-larger=-1"]),
            "bufopt: for the --mlir-elide-elementsattrs-if-larger option: '-1' value invalid \
             for uint argument!"
        );
        assert!(err(&["--mlir-elide-elementsattrs-if-larger=4294967296"]).contains("invalid"));
        assert!(err(&["--mlir-elide-elementsattrs-if-larger=08"]).contains("invalid"));
        assert_eq!(
            err(&["--mlir-timing-display=foo"]),
            "bufopt: for the --mlir-timing-display option: Cannot find option named 'foo'!"
        );
        assert_eq!(err(&["--version=1"]), "bufopt: for the --version option: does not allow a value! '1' specified.");
        assert_eq!(
            err(&["-ofile"]),
            "bufopt: for the -o option: may not occur within a group!\n\
             bufopt: Unknown command line argument '-ofile'.  Try: 'bufopt --help'\n\
             bufopt: Did you mean '-o'?"
        );
    }

    #[test]
    fn print_ir_pass_lists() {
        let cl = ok(&["--mlir-print-ir-after=cse,canonicalize", "-mlir-print-ir-after=buffer-deallocation-pipeline"]);
        assert_eq!(cl.mlir_print_ir_after, ["cse", "canonicalize", "buffer-deallocation-pipeline"]);
        // The value is optional, so the next argument is not consumed.
        let e = err(&["-mlir-print-ir-after", "cse", "in.mlir"]);
        assert!(e.starts_with("bufopt: for the --mlir-print-ir-after option: Cannot find option named ''!\n"));
        assert!(e.contains("Too many positional"));
        let e = err(&["--mlir-print-ir-before=cse,nope,bad"]);
        assert_eq!(e, "bufopt: for the --mlir-print-ir-before option: Cannot find option named 'nope'!");
        assert!(err(&["--mlir-print-ir-before"]).contains("Cannot find option named ''!"));
    }

    #[test]
    fn ignored_and_unsupported() {
        let cl = ok(&["--color", "--mlir-print-stacktrace-on-diagnostic=false"]);
        assert_eq!(cl.ignored, ["--color", "--mlir-print-stacktrace-on-diagnostic=false"]);
        assert!(ignored_option_names().contains(&"color"));
        assert!(unsupported_option_names().contains(&"emit-bytecode"));
        assert_eq!(
            err(&["--emit-bytecode"]),
            "bufopt: for the --emit-bytecode option: bytecode output is not supported by bufopt"
        );
        assert!(parse(&["--emit-bytecode=false"]).is_ok());
        assert!(err(&["--log-actions-to", "-"]).contains("not supported"));
    }

    #[test]
    fn help_and_version_stop_parsing() {
        let cl = ok(&["--foo", "--help", "--bar"]);
        assert!(cl.help);
        assert_eq!(cl.early_errors.len(), 2);
        assert!(ok(&["-h"]).help);
        assert!(ok(&["-hfoo"]).help);
        let cl = ok(&["--help-hidden"]);
        assert!(cl.help && cl.help_hidden);
        assert!(ok(&["-version", "--help"]).version);
        assert!(version_text("bufopt").starts_with("bufopt version "));
    }

    #[test]
    fn help_lists_options_and_passes() {
        let text = help_text("bufopt", &passes(), &["builtin", "func"], false);
        assert!(text.contains("USAGE: bufopt [options] <input file>"));
        assert!(text.contains("Available Dialects: builtin, func"));
        assert!(text.contains("--split-input-file[=<string>]"));
        assert!(text.contains("-o <filename>"));
        assert!(text.contains("    =list"));
        assert!(!text.contains("--mlir-print-op-generic"));
        let canon = text.find("--canonicalize ").unwrap();
        let cse = text.find("--cse ").unwrap();
        let dealloc = text.find("--buffer-deallocation-pipeline ").unwrap();
        assert!(canon < cse && cse < dealloc);
        assert!(text.contains("--max-iterations"));
        assert!(help_text("bufopt", &[], &[], true).contains("--mlir-print-op-generic"));
        // Option names are sorted.
        let a = text.find("--allow-unregistered-dialect").unwrap();
        let v = text.find("--verify-each").unwrap();
        assert!(a < v);
    }

    #[test]
    fn integer_parsing_matches_llvm() {
        assert_eq!(parse_cl_unsigned("0x1F"), Some(31));
        assert_eq!(parse_cl_unsigned("0X1f"), Some(31));
        assert_eq!(parse_cl_unsigned("0b101"), Some(5));
        assert_eq!(parse_cl_unsigned("0o17"), Some(15));
        assert_eq!(parse_cl_unsigned("017"), Some(15));
        assert_eq!(parse_cl_unsigned("0"), Some(0));
        assert_eq!(parse_cl_unsigned("08"), None);
        assert_eq!(parse_cl_unsigned("0x"), None);
        assert_eq!(parse_cl_unsigned("+5"), None);
        assert_eq!(parse_cl_unsigned(" 5"), None);
        assert_eq!(parse_cl_unsigned(""), None);
        assert_eq!(parse_cl_unsigned("18446744073709551616"), None);
        assert_eq!(parse_cl_signed("-0x10"), Some(-16));
        assert_eq!(parse_cl_signed("-9223372036854775808"), Some(i64::MIN));
        assert_eq!(parse_cl_signed("9223372036854775808"), None);
        assert_eq!(parse_cl_signed("-"), None);
        assert_eq!(parse_cl_signed("é"), None);
    }

    #[test]
    fn no_panic_on_odd_input() {
        for a in ["-", "--", "-=", "--=", "-é", "--é=é", "=", "-\u{0}", "@", "-o="] {
            let _ = parse(&[a]);
        }
        assert!(parse_args(&[], &[]).is_ok());
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
