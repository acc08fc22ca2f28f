//! Lexes a file and prints the token count and a checksum: a harness for
//! measuring the lexer alone (`valgrind --tool=cachegrind`) and for
//! comparing token streams across lexer versions. `lexbench FILE` lexes a
//! token per call; `lexbench FILE N` lexes in batches of `N` tokens.

use syntax::{Lexer, Token, TokenKind};

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: lexbench FILE");
        std::process::exit(2);
    };
    let src = match std::fs::read_to_string(&path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
    };
    let batch: usize = std::env::args().nth(2).and_then(|n| n.parse().ok()).unwrap_or(0);
    let mut lexer = Lexer::new(&src);
    let (mut count, mut sum) = (0u64, 0u64);
    let mut buf = vec![Token { kind: TokenKind::Eof, start: 0, end: 0 }; batch.max(1)];
    'outer: loop {
        let n = if batch == 0 {
            buf[0] = lexer.next_token();
            1
        } else {
            lexer.fill(&mut buf)
        };
        for t in &buf[..n] {
            count += 1;
            sum = sum
                .wrapping_mul(31)
                .wrapping_add(u64::from(t.start) ^ (u64::from(t.end) << 20) ^ (t.kind as u64) << 40);
            if matches!(t.kind, TokenKind::Eof | TokenKind::Error) {
                break 'outer;
            }
        }
    }
    println!("{count} tokens, checksum {sum:x}");
}
