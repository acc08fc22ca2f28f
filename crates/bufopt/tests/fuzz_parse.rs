//! Mutation fuzzing of the whole reader: every `.mlir` file under `tests/`
//! is mutated with a fixed seed (byte deletions, duplications, swaps,
//! insertions of syntax characters, truncations, token-ish splices) and
//! fed to parse → verify → print. Nothing may panic; whatever parses and
//! verifies must print, and the printed text must parse again.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use ir::verifier::{verify, VerifyOptions};
use syntax::op_parser::{parse_source, ParseOptions};
use syntax::printer::{print_module, PrintOptions};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    let mut v: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    v.sort();
    for p in v {
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|e| e == "mlir") {
            out.push(p);
        }
    }
}

const SPLICES: &[&str] = &[
    "(", ")", "{", "}", "<", ">", "[", "]", ",", ":", "=", "->", "%0", "%x#3", "^bb9", "@f", "#map", "!t", "\"", "0x",
    "?x", "dense<", "loc(", "i32", "tensor<", "memref<", "-", "1.5e", "// -----", "\\", "\u{e9}", "{-#",
];

fn mutate(rng: &mut Rng, src: &str) -> String {
    let mut b: Vec<u8> = src.as_bytes().to_vec();
    let rounds = 1 + rng.below(3);
    for _ in 0..rounds {
        if b.is_empty() {
            break;
        }
        let i = rng.below(b.len());
        match rng.below(6) {
            0 => {
                let n = 1 + rng.below(8);
                b.drain(i..(i + n).min(b.len()));
            }
            1 => {
                let n = 1 + rng.below(16);
                let chunk: Vec<u8> = b[i..(i + n).min(b.len())].to_vec();
                b.splice(i..i, chunk);
            }
            2 => {
                let j = rng.below(b.len());
                b.swap(i, j);
            }
            3 => {
                let s = SPLICES[rng.below(SPLICES.len())];
                b.splice(i..i, s.bytes());
            }
            4 => b.truncate(i),
            _ => {
                const BYTES: &[u8] = b" (){}<>[],:=%^@#!\"x?0123456789abcdef-+*.";
                b[i] = BYTES[rng.below(BYTES.len())];
            }
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

#[test]
fn mutated_inputs_never_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    collect(&root.join("tests"), &mut files);
    collect(&root.join("examples"), &mut files);
    assert!(!files.is_empty());
    let mut ctx = ir::Context::new();
    dialects::register_all(&mut ctx);
    let ctx = Arc::new(ctx);
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let per_file = (6000 / files.len()).max(10);
    let (mut parsed, mut total) = (0usize, 0usize);
    for f in &files {
        let text = std::fs::read_to_string(f).expect("read");
        for _ in 0..per_file {
            let m = mutate(&mut rng, &text);
            total += 1;
            for allow in [true, false] {
                let opts = ParseOptions { allow_unregistered: allow };
                let Ok(p) = parse_source(&ctx, &m, "fuzz.mlir", opts) else { continue };
                parsed += 1;
                let vopts = VerifyOptions { allow_unregistered: allow, op_printer: None };
                if verify(&p.ir, p.top, vopts).is_err() {
                    continue;
                }
                for generic in [false, true] {
                    // Files that reproduce a known mlir-opt-19 printer bug
                    // (custom form its own parser rejects) say so.
                    if !generic && text.contains("FUZZ: custom form does not re-parse") {
                        continue;
                    }
                    let out = print_module(&p.ir, p.top, PrintOptions { generic, ..Default::default() });
                    if let Err(d) = parse_source(&ctx, &out, "reprint.mlir", opts) {
                        panic!(
                            "printed output does not parse again ({}):\n--- input ---\n{m}\n--- printed ---\n{out}",
                            d.message
                        );
                    }
                }
            }
        }
    }
    println!("fuzz: {total} mutations, {parsed} parsed");
}
