//! Unit tests of the FileCheck behaviour, one group per feature.

use crate::{check, DumpInput, Options, Status};

fn opts() -> Options {
    Options { dump_input: DumpInput::Never, ..Options::default() }
}

fn status_with(check_text: &str, input: &str, o: &Options) -> Status {
    check(check_text.as_bytes(), "check.txt", input.as_bytes(), "<stdin>", o).status
}

fn status(check_text: &str, input: &str) -> Status {
    status_with(check_text, input, &opts())
}

fn diagnostics(check_text: &str, input: &str) -> String {
    check(check_text.as_bytes(), "check.txt", input.as_bytes(), "<stdin>", &opts()).diagnostics
}

use Status::{Failed, Invalid, Passed};

#[test]
fn plain_check() {
    assert_eq!(status("CHECK: foo\nCHECK: baz\n", "foo\nbar\nbaz\n"), Passed);
    assert_eq!(status("CHECK: baz\nCHECK: foo\n", "foo\nbar\nbaz\n"), Failed);
    assert_eq!(status("CHECK: a\nCHECK: b\n", "a b\n"), Passed);
}

#[test]
fn check_next() {
    assert_eq!(status("CHECK: a\nCHECK-NEXT: b\n", "a\nb\n"), Passed);
    assert_eq!(status("CHECK: a\nCHECK-NEXT: b\n", "a b\n"), Failed);
    assert_eq!(status("CHECK: a\nCHECK-NEXT: b\n", "a\nx\nb\n"), Failed);
    assert_eq!(status("CHECK-NEXT: a\n", "a\n"), Invalid);
    let d = diagnostics("CHECK: a\nCHECK-NEXT: b\n", "a\nx\nb\n");
    assert!(d.contains("CHECK-NEXT: is not on the line after the previous match"), "{d}");
}

#[test]
fn check_same() {
    assert_eq!(status("CHECK: a\nCHECK-SAME: b\nCHECK-SAME: c\n", "a b c\n"), Passed);
    assert_eq!(status("CHECK: a\nCHECK-SAME: b\n", "a\nb\n"), Failed);
}

#[test]
fn check_empty() {
    assert_eq!(status("CHECK: a\nCHECK-EMPTY:\nCHECK-NEXT: b\n", "a\n\nb\n"), Passed);
    assert_eq!(status("CHECK: a\nCHECK-EMPTY:\n", "a\nx\n\n"), Failed);
    assert_eq!(status("CHECK: a\nCHECK-EMPTY: x\n", "a\n\n"), Invalid);
}

#[test]
fn check_not() {
    assert_eq!(status("CHECK: a\nCHECK-NOT: x\nCHECK: b\n", "a\nb\nx\n"), Passed);
    assert_eq!(status("CHECK: a\nCHECK-NOT: x\nCHECK: b\n", "a\nx\nb\n"), Failed);
    assert_eq!(status("CHECK: a\nCHECK-NOT: x\n", "a\nx\n"), Failed);
    assert_eq!(status("CHECK-NOT: x\nCHECK: a\n", "x\na\n"), Failed);
    assert_eq!(status("CHECK-NEXT-NOT: x\n", "a\n"), Invalid);
}

#[test]
fn check_label() {
    let c = "CHECK-LABEL: @a\nCHECK: ret\nCHECK-LABEL: @b\nCHECK: ret\n";
    assert_eq!(status(c, "@a\nret\n@b\nret\n"), Passed);
    // A CHECK may not look past the next label.
    let c = "CHECK-LABEL: @a\nCHECK: special\nCHECK-LABEL: @b\n";
    assert_eq!(status(c, "@a\nret\n@b\nspecial\n"), Failed);
    assert_eq!(status("CHECK-LABEL: [[X:a]]\n", "a\n"), Invalid);
    assert_eq!(status("CHECK-LABEL: @c\n", "@a\n"), Failed);
}

#[test]
fn check_dag() {
    let c = "CHECK: start\nCHECK-DAG: b\nCHECK-DAG: a\nCHECK: end\n";
    assert_eq!(status(c, "start\na\nb\nend\n"), Passed);
    assert_eq!(status("CHECK-DAG: a\nCHECK-DAG: a\n", "a\n"), Failed);
    assert_eq!(status("CHECK-DAG: a\nCHECK-DAG: a\n", "a\na\n"), Passed);
    let mut o = opts();
    o.allow_deprecated_dag_overlap = true;
    assert_eq!(status_with("CHECK-DAG: a\nCHECK-DAG: a\n", "a\n", &o), Passed);
    let c = "CHECK-DAG: a\nCHECK-NOT: x\nCHECK-DAG: b\n";
    assert_eq!(status(c, "a\nx\nb\n"), Failed);
    assert_eq!(status(c, "a\nb\nx\n"), Passed);
    // The directive after a DAG group is searched after the group.
    assert_eq!(status("CHECK-DAG: b\nCHECK: a\n", "a\nb\n"), Failed);
}

#[test]
fn check_count() {
    assert_eq!(status("CHECK-COUNT-3: x\nCHECK-NEXT: y\n", "x\nx\nx\ny\n"), Passed);
    assert_eq!(status("CHECK-COUNT-3: x\n", "x\nx\n"), Failed);
    assert_eq!(status("CHECK-COUNT-0: x\n", "x\n"), Invalid);
    assert_eq!(status("CHECK-COUNT-2: ab\n", "abab\n"), Passed);
}

#[test]
fn prefixes() {
    let mut o = opts();
    o.check_prefixes = vec!["A".into(), "B".into()];
    assert_eq!(status_with("A: one\nB: two\nA-NEXT: three\n", "one\ntwo\nthree\n", &o), Passed);
    assert_eq!(status_with("A: one\n", "one\n", &o), Invalid);
    o.allow_unused_prefixes = true;
    assert_eq!(status_with("A: one\n", "one\n", &o), Passed);
    assert_eq!(status("XCHECK: nope\nCHECK: yes\n", "yes\n"), Passed);
    assert_eq!(status("CHECK_NEXT: x\n", "x\n"), Invalid);
    assert_eq!(status("COM: CHECK: nope\nCHECK: yes\n", "yes\n"), Passed);
    assert_eq!(status("// RUN: x --check-prefix=CHECK\n// CHECK: yes\n", "yes\n"), Passed);
    assert_eq!(status("no directives\n", "x\n"), Invalid);
}

#[test]
fn literal_modifier() {
    assert_eq!(status("CHECK{LITERAL}: {{x}} [[y]]\n", "{{x}} [[y]]\n"), Passed);
}

#[test]
fn implicit_check_not() {
    let mut o = opts();
    o.implicit_check_not = vec!["bad".into()];
    assert_eq!(status_with("CHECK: a\nCHECK: c\n", "a\nbad\nc\n", &o), Failed);
    assert_eq!(status_with("CHECK: a\nCHECK: bad\nCHECK: c\n", "a\nbad\nc\n", &o), Passed);
    assert_eq!(status_with("CHECK: a\n", "a\nbad\n", &o), Failed);
    assert_eq!(status_with("", "clean\n", &o), Passed);
}

#[test]
fn whitespace() {
    assert_eq!(status("CHECK: a b  c\n", "a \t b c\n"), Passed);
    let mut o = opts();
    o.strict_whitespace = true;
    assert_eq!(status_with("CHECK: a b\n", "a  b\n", &o), Failed);
    // Trailing whitespace in patterns is ignored.
    assert_eq!(status("CHECK: foo   \nCHECK-NEXT: bar\t\n", "foo\nbar\n"), Passed);
    assert_eq!(status("CHECK: foo\nCHECK-NEXT: bar\n", "foo\r\nbar\r\n"), Passed);
}

#[test]
fn match_full_lines() {
    let mut o = opts();
    o.match_full_lines = true;
    assert_eq!(status_with("CHECK: foo bar\n", "  foo bar  \n", &o), Passed);
    assert_eq!(status_with("CHECK: foo\n", "foo bar\n", &o), Failed);
    o.strict_whitespace = true;
    assert_eq!(status_with("CHECK: foo\n", "  foo\n", &o), Failed);
}

#[test]
fn ignore_case() {
    let mut o = opts();
    o.ignore_case = true;
    assert_eq!(status_with("CHECK: HeLLo {{WORLD}}\n", "hello world\n", &o), Passed);
    assert_eq!(status("CHECK: Hello\n", "hello\n"), Failed);
}

#[test]
fn llvm_regex_dialect() {
    assert_eq!(status("CHECK: {{\\d}}\n", "d\n"), Passed);
    assert_eq!(status("CHECK: {{\\d}}\n", "7\n"), Failed);
    assert_eq!(status("CHECK: {{[^\\n]}}\n", "n\\\n"), Failed);
    assert_eq!(status("CHECK: {{a{b}}}\n", "a{b}\n"), Passed);
    assert_eq!(status("CHECK: {{^x{2}$}}\n", "xx\n"), Passed);
    assert_eq!(status("CHECK: {{[[:alpha:]_][[:alnum:]_]*}} = 1\n", "_v1 = 1\n"), Passed);
    assert_eq!(status("CHECK: {{a**}}\n", "a\n"), Invalid);
    assert_eq!(status("CHECK: {{a+?}}\n", "a\n"), Invalid);
    assert_eq!(status("CHECK: {{}}\n", "a\n"), Invalid);
    assert_eq!(status("CHECK: a{{.*}}b\n", "a\nb\n"), Failed);
    assert_eq!(status("CHECK: a\nCHECK-SAME: {{^}}b\n", "ab\n"), Passed);
    assert_eq!(status("CHECK: {{(ab)x\\1}}\n", "abxab\n"), Passed);
    let d = diagnostics("CHECK: {{a**}}\n", "a\n");
    assert!(d.contains("invalid regex: repetition-operator operand invalid"), "{d}");
}

#[test]
fn leftmost_longest_semantics() {
    assert_eq!(status("CHECK: {{a|ab}}\nCHECK-SAME: {{^}}c\n", "abc\n"), Passed);
    assert_eq!(status("CHECK: [[X:a|ab]]\nCHECK-SAME: {{^}} [[X]]\n", "ab ab\n"), Passed);
}

#[test]
fn string_variables() {
    let c = "CHECK: %[[V:[0-9]+]] = add\nCHECK: return %[[V]]\n";
    assert_eq!(status(c, "%7 = add\nreturn %7\n"), Passed);
    assert_eq!(status(c, "%7 = add\nreturn %8\n"), Failed);
    assert_eq!(status("CHECK: [[NOPE]]\n", "x\n"), Failed);
    assert!(diagnostics("CHECK: [[NOPE]]\n", "x\n").contains("undefined variable: NOPE"));
    assert_eq!(status("CHECK: a\nCHECK-NOT: [[NOPE]]\nCHECK: b\n", "a\nb\n"), Failed);
    assert_eq!(status("CHECK: [[X:[a-z]+]] == [[X]]\n", "foo == bar, baz == baz\n"), Passed);
    assert_eq!(status("CHECK: [[X:a.*]]\nCHECK: [[X]]\n", "a(b)+\na(b)+\n"), Passed);
    assert_eq!(status("CHECK: [[X Y:a]]\n", "a\n"), Invalid);
    assert_eq!(status("CHECK: [[X+1]]\n", "a\n"), Invalid);
    assert_eq!(status("CHECK: [[[X:a]]]\n", "[a]\n"), Passed);
    // An empty value makes an empty regex, which LLVM cannot compile: it
    // matches nothing.
    assert_eq!(status("CHECK: a[[V:.*]]\nCHECK-NOT: [[V]]\nCHECK: b\n", "a\nb\n"), Passed);
    assert_eq!(status("CHECK: a[[V:.*]]\nCHECK: [[V]]\n", "a\nb\n"), Failed);
}

#[test]
fn iter_args_pitfall() {
    let c = "CHECK: scf.for {{.*}} iter_args(%[[A:.*]] = %[[INIT:.*]]) -> (f32) {\nCHECK: scf.yield %[[A]]\n";
    let input = "scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %init) -> (f32) {\n  scf.yield %acc : f32\n";
    assert_eq!(status(c, input), Passed);
    let c = "CHECK: call @f(%[[A:.*]], %[[B:.*]])\nCHECK: use %[[B]]\n";
    assert_eq!(status(c, "call @f(%x, %y, %z)\nuse %z\n"), Passed);
}

#[test]
fn variable_scopes() {
    let c = "CHECK-LABEL: @a\nCHECK: [[X:v[0-9]]]\nCHECK-LABEL: @b\nCHECK: [[X]]\n";
    let input = "@a\nv1\n@b\nv1\n";
    assert_eq!(status(c, input), Passed);
    let mut o = opts();
    o.enable_var_scope = true;
    assert_eq!(status_with(c, input, &o), Failed);
    let g = "CHECK-LABEL: @a\nCHECK: [[$X:v[0-9]]]\nCHECK-LABEL: @b\nCHECK: [[$X]]\n";
    assert_eq!(status_with(g, input, &o), Passed);
}

#[test]
fn defines() {
    let mut o = opts();
    o.defines = vec!["VAL=42".into(), "#N=5".into()];
    assert_eq!(status_with("CHECK: value [[VAL]] [[#N+1]]\n", "value 42 6\n", &o), Passed);
}

#[test]
fn numeric_variables() {
    assert_eq!(status("CHECK: [[#N:]] a\nCHECK: [[#N+1]] b\n", "3 a\n4 b\n"), Passed);
    assert_eq!(status("CHECK: [[#N:]] a\nCHECK: [[#N+1]] b\n", "3 a\n5 b\n"), Failed);
    assert_eq!(status("CHECK: 0x[[#%x,A:]]\nCHECK: 0x[[#%x,A+1]]\n", "0xff\n0x100\n"), Passed);
    assert_eq!(status("CHECK: [[#%.3u,N:]]\nCHECK: [[#N]]\n", "007\n007\n"), Passed);
    assert_eq!(status("CHECK: [[#%d,N:]]\nCHECK: [[#N+10]]\n", "-3\n7\n"), Passed);
    assert_eq!(status("CHECK: [[#A:]]\nCHECK: [[#B:A+2]]\nCHECK: [[#B]]\n", "1\n3\n3\n"), Passed);
    assert_eq!(status("CHECK: [[#N]]\n", "1\n"), Failed);
    assert_eq!(status("CHECK: [[#N:]] [[#N]]\n", "1 1\n"), Invalid);
    assert_eq!(status("CHECK: [[#foo(1,2)]]\n", "3\n"), Invalid);
}

#[test]
fn variables_named_like_functions() {
    let c = "CHECK: [[#add:]] [[#mul:]] [[#min:]]\nCHECK: [[#add+mul+min]] [[#mul(add,min)]]\n";
    assert_eq!(status(c, "1 2 3\n6 3\n"), Passed);
}

#[test]
fn line_variable() {
    assert_eq!(status("foo\nCHECK: line [[@LINE]]\nCHECK: line [[@LINE+1]]\n", "line 2\nline 4\n"), Passed);
    assert_eq!(status("CHECK: line [[#@LINE]]\nCHECK: line [[#@LINE-1]]\n", "line 1\nline 1\n"), Passed);
    assert_eq!(status("CHECK: line [[@LINE]]\n", "line 2\n"), Failed);
}

#[test]
fn empty_input() {
    assert_eq!(status("CHECK-NOT: x\n", ""), Invalid);
    let mut o = opts();
    o.allow_empty = true;
    assert_eq!(status_with("CHECK-NOT: x\n", "", &o), Passed);
}

#[test]
fn diagnostics_look_like_llvm() {
    let d = diagnostics("CHECK: foo\nCHECK: qux\n", "foo\nbar\n");
    assert!(
        d.starts_with("check.txt:2:8: error: CHECK: expected string not found in input\nCHECK: qux\n       ^\n"),
        "{d}"
    );
    assert!(d.contains("<stdin>:1:4: note: scanning from here"), "{d}");
}

#[test]
fn input_dump() {
    let mut o = opts();
    o.dump_input = DumpInput::Fail;
    let r = check(b"CHECK: a\nCHECK-NOT: b\n", "c", b"a\nb\n", "<stdin>", &o);
    assert_eq!(r.status, Failed);
    assert!(r.diagnostics.contains("<<<<<<\n"), "{}", r.diagnostics);
    assert!(r.diagnostics.contains("not:2     !  error: no match expected"), "{}", r.diagnostics);
}

#[test]
fn large_input_is_fast() {
    let input: String = (0..10_000).map(|i| format!("  %{i} = arith.addi %a, %b : i32\n")).collect();
    let checks: String =
        (0..10_000).step_by(10).map(|i| format!("CHECK: %[[V{i}:{i}]] = arith.addi\nCHECK-NOT: error\n")).collect();
    let start = std::time::Instant::now();
    assert_eq!(status(&checks, &input), Passed);
    assert!(start.elapsed() < std::time::Duration::from_secs(5), "{:?}", start.elapsed());
}
