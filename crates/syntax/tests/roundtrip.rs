//! Round-trips the `.mlir` corpus under `tests/syntax/` through the type,
//! attribute and location parsers and printers, and compares the result
//! with what `mlir-opt-19` prints for the same file.
//!
//! Corpus files hold only top-level alias definitions, file metadata and
//! result-less unregistered ops in generic form
//! (`"test.op"() {attrs} : () -> () loc(...)`), so a tiny op reader here
//! is enough. The RUN line's `--mlir-print-debuginfo`,
//! `--mlir-elide-elementsattrs-if-larger=N` and
//! `--mlir-print-elementsattrs-with-hex-if-larger=N` flags are honoured.
//!
//! `SYNTAX_FILE=path` runs a single file and shows both outputs.
//! Without `mlir-opt-19` on PATH the comparison is skipped (it fails when
//! `BUFOPT_REQUIRE_MLIR=1`).

use std::path::{Path, PathBuf};
use std::process::Command;

use ir::{Context, Location, NamedAttr, Type};
use syntax::lexer::TokenKind;
use syntax::print_attr::{self, AliasTable, AttrPrintOptions};
use syntax::{PResult, Parser};

struct Op {
    name: String,
    attrs: Vec<NamedAttr>,
    ty: Type,
    loc: Location,
}

#[derive(Default, Clone, Copy)]
struct Flags {
    debuginfo: bool,
    opts: AttrPrintOptions,
}

fn flags_of(text: &str) -> Flags {
    let mut f = Flags::default();
    for line in text.lines().filter(|l| l.contains("RUN:")) {
        for w in line.split_whitespace() {
            if w == "--mlir-print-debuginfo" || w == "-mlir-print-debuginfo" {
                f.debuginfo = true;
            }
            if let Some(v) = w.trim_start_matches('-').strip_prefix("mlir-elide-elementsattrs-if-larger=") {
                f.opts.elide_elements_larger = v.parse().ok();
            }
            if let Some(v) = w.trim_start_matches('-').strip_prefix("mlir-print-elementsattrs-with-hex-if-larger=") {
                f.opts.hex_elements_larger = v.parse().unwrap_or(100);
            }
        }
    }
    f
}

fn mlir_flags(f: Flags) -> Vec<String> {
    let mut v = vec!["--allow-unregistered-dialect".to_string()];
    if f.debuginfo {
        v.push("--mlir-print-debuginfo".into());
    }
    if let Some(n) = f.opts.elide_elements_larger {
        v.push(format!("--mlir-elide-elementsattrs-if-larger={n}"));
    }
    if f.opts.hex_elements_larger != 100 {
        v.push(format!("--mlir-print-elementsattrs-with-hex-if-larger={}", f.opts.hex_elements_larger));
    }
    v
}

fn parse_file<'a>(p: &mut Parser<'a>) -> PResult<Vec<Op>> {
    let mut ops = Vec::new();
    loop {
        match p.tok.kind {
            TokenKind::Eof => break,
            TokenKind::HashIdent | TokenKind::ExclaimIdent => p.parse_alias_definition()?,
            TokenKind::FileMetadataBegin => p.parse_file_metadata()?,
            TokenKind::String => {
                let loc = p.cur_loc();
                let name = p.string_text(p.tok);
                p.bump();
                p.expect(TokenKind::LParen, "expected '(' to start operand list")?;
                p.expect(TokenKind::RParen, "expected ')' to end operand list")?;
                let mut attrs = Vec::new();
                if p.at(TokenKind::LBrace) {
                    p.parse_attr_dict(&mut attrs)?;
                }
                p.expect(TokenKind::Colon, "expected ':' followed by operation type")?;
                let ty = p.parse_type()?;
                let loc = p.parse_trailing_location()?.unwrap_or(loc);
                ops.push(Op { name, attrs, ty, loc });
            }
            _ => return Err(p.wrong_token_error("expected operation name in quotes")),
        }
    }
    for op in &mut ops {
        op.loc = p.resolve_deferred_loc(op.loc)?;
    }
    Ok(ops)
}

/// Parses and prints `src` the way `mlir-opt-19 --allow-unregistered-dialect` would.
fn render(src: &str, file_name: &str, flags: Flags) -> Result<String, String> {
    let ctx = Context::new();
    let mut p = Parser::new(&ctx, src, file_name);
    let mut ops = match parse_file(&mut p) {
        Ok(ops) => ops,
        Err(e) => {
            let (file, line, col) = ctx.file_line_col(e.0.loc).unwrap_or(("?", 0, 0));
            return Err(format!("{file}:{line}:{col}: error: {}", e.0.message));
        }
    };
    // Generic op attribute dictionaries are sorted by name.
    for op in &mut ops {
        op.attrs.sort_by(|a, b| ctx.str(a.name).cmp(ctx.str(b.name)));
    }
    let module_loc = ctx.file_loc(file_name, 0, 0);
    let mut table = AliasTable::with_options(flags.opts);
    if flags.debuginfo {
        table.collect_loc(&ctx, module_loc, true);
    }
    for op in &ops {
        if flags.debuginfo {
            table.collect_loc(&ctx, op.loc, true);
        }
        table.collect_type(&ctx, op.ty);
        for a in &op.attrs {
            table.collect_attr(&ctx, a.value);
        }
    }
    table.finalize();
    let mut out = String::new();
    print_attr::print_alias_definitions(&ctx, &table, false, &mut out);
    out.push_str("module {\n");
    for op in &ops {
        out.push_str("  ");
        print_attr::print_escaped_string(op.name.as_bytes(), &mut out);
        out.push_str("()");
        if !op.attrs.is_empty() {
            out.push(' ');
            print_attr::print_attr_dict(&ctx, &table, &op.attrs, &mut out);
        }
        out.push_str(" : ");
        print_attr::print_type(&ctx, &table, op.ty, &mut out);
        if flags.debuginfo {
            out.push(' ');
            print_attr::print_loc(&ctx, &table, op.loc, &mut out);
        }
        out.push('\n');
    }
    out.push('}');
    if flags.debuginfo {
        out.push(' ');
        print_attr::print_loc(&ctx, &table, module_loc, &mut out);
    }
    out.push('\n');
    print_attr::print_alias_definitions(&ctx, &table, true, &mut out);
    print_attr::print_file_metadata(&ctx, &table, &p.resources, &mut out);
    out.push('\n');
    Ok(out)
}

fn mlir_opt_available() -> bool {
    Command::new("mlir-opt-19").arg("--version").output().is_ok_and(|o| o.status.success())
}

/// Runs mlir-opt-19 on `path`; `Err` holds its first error line.
fn mlir_opt(path: &Path, flags: Flags) -> Result<String, String> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path.file_name().unwrap_or_default();
    let out = Command::new("mlir-opt-19").args(mlir_flags(flags)).arg(name).current_dir(dir).output();
    let out = out.map_err(|e| e.to_string())?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        let err = String::from_utf8_lossy(&out.stderr);
        Err(err.lines().find(|l| l.contains("error:")).unwrap_or("").to_string())
    }
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/syntax")
}

fn corpus_files() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .map(|d| {
            d.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "mlir")).collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

fn check_file(path: &Path, verbose: bool) -> Result<(), String> {
    let src = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let flags = flags_of(&src);
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let mine = render(&src, name, flags);
    let theirs = mlir_opt(path, flags);
    if verbose {
        println!("--- bufopt ---\n{}", mine.as_ref().unwrap_or_else(|e| e));
        println!("--- mlir-opt-19 ---\n{}", theirs.as_ref().unwrap_or_else(|e| e));
    }
    if mine == theirs {
        return Ok(());
    }
    let mut msg = format!("{}: output differs from mlir-opt-19\n", path.display());
    match (&mine, &theirs) {
        (Ok(a), Ok(b)) => {
            for (la, lb) in a.lines().zip(b.lines()).filter(|(x, y)| x != y).take(3) {
                msg.push_str(&format!("  bufopt: {la}\n  mlir:   {lb}\n"));
            }
            if a.lines().count() != b.lines().count() {
                msg.push_str("  (line counts differ)\n");
            }
        }
        _ => msg.push_str(&format!("  bufopt: {mine:?}\n  mlir:   {theirs:?}\n")),
    }
    Err(msg)
}

#[test]
fn corpus_matches_mlir_opt() {
    if !mlir_opt_available() {
        assert!(std::env::var("BUFOPT_REQUIRE_MLIR").as_deref() != Ok("1"), "mlir-opt-19 is required");
        println!("skipped: mlir-opt-19 not installed");
        return;
    }
    if let Ok(one) = std::env::var("SYNTAX_FILE") {
        check_file(Path::new(&one), true).unwrap();
        return;
    }
    let files = corpus_files();
    assert!(files.len() >= 20, "corpus too small: {}", files.len());
    let failures: Vec<String> = files.iter().filter_map(|f| check_file(f, false).err()).collect();
    println!("{} of {} corpus files match mlir-opt-19", files.len() - failures.len(), files.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Printing what we parsed and parsing it again gives the same text
/// (runs without mlir-opt-19).
#[test]
fn corpus_print_is_a_fixed_point() {
    for f in corpus_files() {
        let src = std::fs::read_to_string(&f).unwrap();
        let flags = flags_of(&src);
        let Ok(once) = render(&src, "x.mlir", flags) else { continue };
        if flags.debuginfo || flags.opts.elide_elements_larger.is_some() {
            continue;
        }
        let body: String =
            once.lines().filter(|l| *l != "module {" && *l != "}").map(|l| format!("{}\n", l.trim_start())).collect();
        let twice = render(&body, "x.mlir", flags).unwrap_or_else(|e| panic!("{}: reparse failed: {e}", f.display()));
        assert_eq!(once, twice, "{}", f.display());
    }
}

/// Malformed inputs: each snippet is a whole file; the expected text is
/// the first error `mlir-opt-19` reports (`line:col: error: message`), or
/// empty when it accepts the input.
const MALFORMED: &[(&str, &str)] = &[
    ("\"test.op\"() {a = i99999999} : () -> ()", "1:18: error: integer bitwidth is limited to 16777215 bits"),
    ("\"test.op\"() {a = tensor<4xf32} : () -> ()", "1:30: error: expected '>' in tensor type"),
    ("\"test.op\"() {a = memref<4x!foo.bar>} : () -> ()", "1:27: error: invalid memref element type"),
    ("\"test.op\"() {a = vector<0xf32>} : () -> ()", "1:27: error: vector types must have positive constant sizes"),
    (
        "\"test.op\"() {a = vector<4xtensor<f32>>} : () -> ()",
        "1:27: error: vector elements must be int/index/float type",
    ),
    ("\"test.op\"() {a = tensor<4x>} : () -> ()", "1:27: error: expected non-function type"),
    ("\"test.op\"() {a = complex<tensor<f32>>} : () -> ()", "1:26: error: invalid element type for complex"),
    ("\"test.op\"() {a = 256 : i8} : () -> ()", "1:18: error: integer constant out of range for attribute"),
    (
        "\"test.op\"() {a = -1 : ui8} : () -> ()",
        "1:19: error: negative integer literal not valid for unsigned integer type",
    ),
    (
        "\"test.op\"() {a = 1 : f32} : () -> ()",
        "1:18: error: unexpected decimal integer literal for a floating point value",
    ),
    ("\"test.op\"() {a = 1.0 : i32} : () -> ()", "1:27: error: floating point value not valid for specified type"),
    (
        "\"test.op\"() {a = dense<[1, 2]> : tensor<3xi32>} : () -> ()",
        "1:32: error: inferred shape of elements literal ([2]) does not match type ([3])",
    ),
    (
        "\"test.op\"() {a = dense<[[1], [2, 3]]> : tensor<2x2xi32>} : () -> ()",
        "1:36: error: tensor literal is invalid; ranks are not consistent between elements",
    ),
    (
        "\"test.op\"() {a = dense<1.5> : tensor<2xi32>} : () -> ()",
        "1:24: error: expected integer elements, but parsed floating-point",
    ),
    (
        "\"test.op\"() {a = dense<1> : tensor<?xi32>} : () -> ()",
        "1:42: error: elements literal type must have static shape",
    ),
    ("\"test.op\"() {a = dense<1> : i32} : () -> ()", "1:32: error: elements literal must be a shaped type"),
    ("\"test.op\"() {a = 1, a = 2} : () -> ()", "1:21: error: duplicate key 'a' in dictionary attribute"),
    ("\"test.op\"() {a = \"unterminated} : () -> ()", "1:43: error: expected '\"' in string literal"),
    ("\"test.op\"() {a = \"\\q\"} : () -> ()", "1:19: error: unknown escape in string literal"),
    ("\"test.op\"() {a = #undefined} : () -> ()", "1:28: error: undefined symbol alias id 'undefined'"),
    ("\"test.op\"() {a = !undefined} : () -> ()", "1:28: error: undefined symbol alias id 'undefined'"),
    ("#a = 1\n#a = 2", "2:1: error: redefinition of attribute alias id 'a'"),
    ("\"test.op\"() {a = array<i3: 1>} : () -> ()", "1:24: error: element type bitwidth must be a multiple of 8"),
    ("\"test.op\"() {a = strided<[1, 0]>} : () -> ()", "1:18: error: strides must not be zero"),
    (
        "\"test.op\"() {a = memref<4xf32, strided<[1, 1]>>} : () -> ()",
        "1:18: error: expected the number of strides to match the rank",
    ),
    (
        "\"test.op\"() {a = memref<4xf32, affine_map<(d0, d1) -> (d0)>>} : () -> ()",
        "1:18: error: memref layout mismatch between rank and affine map: 1 != 2",
    ),
    ("\"test.op\"() {a = !foo.bar<(]>} : () -> ()", "1:26: error: unbalanced '(' character in pretty dialect name"),
    ("\"test.op\"() {a = @} : () -> ()", "1:19: error: @ identifier expected to start with letter or '_'"),
    (
        "\"test.op\"() {a = dense<\"0x0102\"> : tensor<3xi32>} : () -> ()",
        "1:34: error: elements hex data size is invalid for provided type: 'tensor<3xi32>'",
    ),
    ("\"test.op\"() : () -> () loc(#nope)", "1:28: error: operation location alias was never defined"),
    ("\"test.op\"() {a = tensor<*xf32, #foo.e>} : () -> ()", "1:39: error: cannot apply encoding to unranked tensor"),
    (
        "\"test.op\"() {a = memref<*xf32, strided<[1]>>} : () -> ()",
        "1:44: error: cannot have affine map for unranked memref type",
    ),
    (
        "\"test.op\"() {a = memref<4xf32, 1, 2>} : () -> ()",
        "1:36: error: multiple memory spaces specified in memref type",
    ),
    (
        "\"test.op\"() {a = memref<4xf32, strided<[1]>, 1, strided<[1]>>} : () -> ()",
        "1:61: error: expected memory space to be last in memref type",
    ),
    (
        "\"test.op\"() {a = 0x1FF : f8E4M3FN} : () -> ()",
        "1:18: error: hexadecimal float constant out of range for type",
    ),
    (
        "\"test.op\"() {a = -0x1 : f32} : () -> ()",
        "1:19: error: hexadecimal float literal should not have a leading minus",
    ),
    ("\"test.op\"() {a = [1, 2} : () -> ()", "1:23: error: expected ',' or ']'"),
    ("\"test.op\"() {a = tensor<4x4.0xf32>} : () -> ()", "1:27: error: expected non-function type"),
    ("\"test.op\"() {a = loc(callsite(\"a\"))} : () -> ()", "1:34: error: expected 'at' in callsite location"),
    ("\"test.op\"() {a = affine_map<(d0) -> (d1)>} : () -> ()", "1:38: error: use of undeclared identifier"),
    (
        "\"test.op\"() {a = 99999999999999999999999} : () -> ()",
        "1:18: error: integer constant out of range for attribute",
    ),
    ("\"test.op\"() {a = tensor<4xf32\n} : () -> ()", "1:30: error: expected '>' in tensor type"),
    (
        "\"test.op\"() {a = array<f32: 1>} : () -> ()",
        "1:29: error: unexpected decimal integer literal for a floating point value",
    ),
    ("\"test.op\"() {a = tensor<9223372036854775808xf32>} : () -> ()", "1:25: error: invalid dimension"),
    ("\"test.op\"() {a = $} : () -> ()", "1:18: error: unexpected character"),
    (
        "\"test.op\"() {a = dense<[1, -1]> : tensor<2xui8>} : () -> ()",
        "1:29: error: expected unsigned integer elements, but parsed negative value",
    ),
    (
        "\"test.op\"() {a = dense<[true, 2]> : tensor<2xi32>} : () -> ()",
        "1:25: error: expected i1 type for 'true' or 'false' values",
    ),
    (
        "\"test.op\"() {a = dense<\"abc\"> : tensor<2xi32>} : () -> ()",
        "1:24: error: expected string containing hex digits starting with `0x`",
    ),
    ("\"test.op\"() {a = dense<} : () -> ()", "1:24: error: expected element literal of primitive type"),
    (
        "\"test.op\"() {a = array<tensor<f32>: 1>} : () -> ()",
        "1:24: error: expected integer or float type, got: 'tensor<f32>'",
    ),
    ("\"test.op\"() {a = tensor<*xnone>} : () -> ()", "1:27: error: invalid tensor element type"),
    ("\"test.op\"() {a = -0 : i32} : () -> ()", "1:19: error: integer constant out of range for attribute"),
    ("\"test.op\"() {a = strided<[x]>} : () -> ()", "1:27: error: expected a 64-bit signed integer or '?'"),
    ("\"test.op\"() {a = #foo.bar<\"unterminated>} : () -> ()", "1:53: error: expected '\"' in string literal"),
    ("\"test.op\"() {a = loc(\"f\":x:1)} : () -> ()", "1:26: error: expected integer line number in FileLineColLoc"),
    (
        "\"test.op\"() {a = loc(fused<1 [unknown])} : () -> ()",
        "1:29: error: expected '>' after fused location metadata",
    ),
    ("\"test.op\"() {a = dense<(1, 2)> : tensor<2xi32>} : () -> ()", ""),
    ("\"test.op\"() {a = {b = 1 c = 2}} : () -> ()", "1:24: error: expected '}' in attribute dictionary"),
    ("\"test.op\"() {a = @a::b} : () -> ()", "1:22: error: expected nested symbol reference identifier"),
    ("\"test.op\"() {a = tensor<4x?xf32, >} : () -> ()", ""),
    ("\"test.op\"() {a = ..} : () -> ()", "1:19: error: expected three consecutive dots for an ellipsis"),
    (
        "\"test.op\"() {a = 1} : () -> () // trailing\n\"test.op\"() {a = memref<4xf32 // comment\n\n} : () -> ()",
        "2:30: error: expected ',' or '>' in memref type",
    ),
    ("\"test.op\"() {a = #loc} : () -> ()\n#loc = loc(\"a\":1:1)", "1:22: error: undefined symbol alias id 'loc'"),
    ("!t = i32\n!t = i64", "2:1: error: redefinition of type alias id 't'"),
    ("#a.b = 1", "1:1: error: attribute names with a '.' are reserved for dialect-defined names"),
    ("\"test.op\"() {a = affine_set<(d0) -> (d0)>} : () -> ()", "1:29: error: expected IntegerSet, but got AffineMap"),
];

#[test]
fn malformed_inputs_report_mlir_errors() {
    let mut failures = Vec::new();
    for (i, (src, want)) in MALFORMED.iter().enumerate() {
        let got = match render(src, "bad.mlir", Flags::default()) {
            Ok(_) => String::new(),
            Err(e) => e.trim_start_matches("bad.mlir:").to_string(),
        };
        if got != *want {
            failures.push(format!("#{}: {src:?}\n  want: {want}\n  got:  {got}", i + 1));
        }
    }
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), MALFORMED.len(), failures.join("\n"));
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

/// One random edit of `src`: truncate, delete, duplicate or swap ranges,
/// or insert a piece of MLIR punctuation.
fn mutate(rng: &mut Rng, src: &[u8]) -> Vec<u8> {
    const PIECES: &[&str] = &[
        "<", ">", "[", "]", "(", ")", "{", "}", ",", ":", "x", "?", "-", "\"", "#", "!", "@", "0x", "1", "loc(",
        "dense<", " ", "\n", "\\", "*", "...", "{-#", "#-}",
    ];
    let mut v = src.to_vec();
    let n = v.len();
    let a = rng.below(n + 1);
    let b = (a + rng.below(24)).min(n);
    match rng.below(6) {
        0 => v.truncate(a),
        1 => {
            v.drain(a..b);
        }
        2 => {
            let piece = v[a..b].to_vec();
            let at = rng.below(v.len() + 1);
            v.splice(at..at, piece);
        }
        3 => {
            let c = rng.below(n + 1);
            let d = (c + rng.below(8)).min(n);
            if b <= c {
                let (x, y) = (v[a..b].to_vec(), v[c..d].to_vec());
                v.splice(c..d, x);
                v.splice(a..b, y);
            }
        }
        4 => {
            let p = PIECES[rng.below(PIECES.len())];
            v.splice(a..a, p.bytes());
        }
        _ => {
            if a < n {
                v[a] = (rng.next() & 0x7f) as u8;
            }
        }
    }
    v
}

#[test]
fn mutated_corpus_never_panics() {
    let sources: Vec<Vec<u8>> = corpus_files().iter().filter_map(|f| std::fs::read(f).ok()).collect();
    assert!(!sources.is_empty());
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut rejected = 0;
    for i in 0..4000 {
        let mut text = sources[i % sources.len()].clone();
        for _ in 0..1 + rng.below(3) {
            text = mutate(&mut rng, &text);
        }
        let text = String::from_utf8_lossy(&text);
        let flags = Flags { debuginfo: i % 2 == 0, opts: AttrPrintOptions::default() };
        if render(&text, "fuzz.mlir", flags).is_err() {
            rejected += 1;
        }
    }
    println!("{rejected} of 4000 mutants rejected");
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    // Unclosed nests 100,000 deep, on a 1 GiB stack: nesting is allowed
    // up to `MAX_NESTING` (1,000,000) on the driver's deep stacks, so the
    // error here is the unterminated input, reported, never an overflow.
    // The over-limit diagnostics are tested in tests/nesting.
    let handle = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(|| {
            for open in ["[", "tuple<", "dense<[", "loc(fused[", "!foo.bar<", "(", "{a = "] {
                let src = format!("\"test.op\"() {{a = {}}} : () -> ()", open.repeat(100_000));
                assert!(render(&src, "deep.mlir", Flags::default()).is_err());
            }
        })
        .unwrap();
    handle.join().unwrap();
}

/// The output `mlir-opt-19` printed when the corpus was written, rebuilt
/// from a file's CHECK lines (`{{.*}}` stands before file names).
fn expected_from_checks(src: &str) -> String {
    let mut out = String::new();
    for line in src.lines() {
        let Some(rest) = line.strip_prefix("// CHECK") else { continue };
        let Some((directive, text)) = rest.split_once(':') else { continue };
        if directive == "-EMPTY" {
            out.push('\n');
            continue;
        }
        let text = text.strip_prefix(' ').unwrap_or(text);
        let text = if directive.ends_with("{LITERAL}") { text.to_string() } else { text.replace("{{.*}}", "") };
        out.push_str(&text);
        out.push('\n');
    }
    out
}

/// Compares with the CHECK lines of every corpus file (runs without
/// `mlir-opt-19`).
#[test]
fn corpus_matches_its_check_lines() {
    let files = corpus_files();
    assert!(files.len() >= 20, "corpus too small: {}", files.len());
    let mut failures = Vec::new();
    for f in &files {
        let src = std::fs::read_to_string(f).unwrap();
        let name = f.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let want = expected_from_checks(&src);
        match render(&src, name, flags_of(&src)) {
            Ok(got) if got.trim_end() == want.trim_end() => {}
            Ok(got) => failures.push(format!("{}:\n--- got\n{got}--- want\n{want}", f.display())),
            Err(e) => failures.push(format!("{}: {e}", f.display())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
