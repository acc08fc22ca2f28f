#!/usr/bin/env bash
# Measures how close bufopt is to mlir-opt-19 on upstream MLIR 19.1.7's own
# test files (issue 21's two figures). Not part of the test suite.
#
# Every .mlir file under $BUFOPT_UPSTREAM_MLIR/test/Dialect/<D>/ (recursively)
# for the dialects Tensor, Linalg, SCF, Arith, MemRef, Func, ControlFlow,
# Bufferization, Math, Index, Complex, Shape, UB is split into chunks at
# `// -----` (as -split-input-file does). A chunk is considered when
# mlir-opt-19 parses and verifies it. For each considered chunk:
#   print:  bufopt's output equals mlir-opt-19's byte for byte, both in custom
#           form and in generic form (--mlir-print-op-generic), exit status 0;
#   canon:  `--canonicalize --cse` output of each tool, re-printed by
#           mlir-opt-19, is equal (when mlir-opt-19's run fails, the chunk is
#           equal when bufopt's fails too).
# Both tools run with --allow-unregistered-dialect (many chunks use
# unregistered test ops). Each run has a time limit (--timeout); a timeout is
# a difference.
#
# Usage: BUFOPT_UPSTREAM_MLIR=/path/to/mlir scripts/upstream-chunks.sh [options]
#   --bufopt PATH      the bufopt binary (default: $BUFOPT, else
#                      target/release/bufopt of this repository)
#   --mlir-opt PATH    the reference (default: $MLIR_OPT, else mlir-opt-19)
#   --dialects A,B     only these dialect directories (e.g. Tensor,SCF)
#   --skip-ops A,B     leave out the chunks that use an op of these dialects
#                      (e.g. transform,vector,affine: an `A.name` op outside
#                      comments); the number left out is printed
#   --list-failing     also list each differing chunk as
#                      `<path under test/>:<chunk index, from 0> (line N): print|canon`
#   -j N               parallel jobs (default: number of CPUs)
#   --timeout S        seconds per tool run (default 30)
#
# About 3,500 chunks, 8 tool runs each: some 20 minutes with -j 2.
#
# Output: one line per dialect and one overall line: the chunks considered
# and, for each comparison, the equal chunks and their percentage: custom and
# generic form separately, print (both forms equal: the printing figure) and
# canon (the canonicalization figure).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exec python3 - "$here" "$@" <<'PY'
import os, re, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

DIALECTS = ["Tensor", "Linalg", "SCF", "Arith", "MemRef", "Func", "ControlFlow",
            "Bufferization", "Math", "Index", "Complex", "Shape", "UB"]
MARKER = "// -----"

def usage(msg):
    sys.exit(f"upstream-chunks.sh: {msg} (see the header of scripts/upstream-chunks.sh)")

repo, args = sys.argv[1], sys.argv[2:]
bufopt = os.environ.get("BUFOPT", os.path.join(repo, "target/release/bufopt"))
mlir_opt = os.environ.get("MLIR_OPT", "mlir-opt-19")
dialects, list_failing, jobs, timeout, skip_ops = DIALECTS, False, os.cpu_count() or 1, 30.0, []
i = 0
while i < len(args):
    a = args[i]
    val = lambda: args[i + 1] if i + 1 < len(args) else usage(f"{a} needs a value")
    if a == "--bufopt": bufopt = val(); i += 1
    elif a == "--mlir-opt": mlir_opt = val(); i += 1
    elif a == "--dialects": dialects = [d for d in val().split(",") if d]; i += 1
    elif a == "--skip-ops": skip_ops = [d for d in val().split(",") if d]; i += 1
    elif a == "--list-failing": list_failing = True
    elif a == "-j": jobs = int(val()); i += 1
    elif a == "--timeout": timeout = float(val()); i += 1
    else: usage(f"unknown option {a}")
    i += 1
root = os.environ.get("BUFOPT_UPSTREAM_MLIR") or usage("set BUFOPT_UPSTREAM_MLIR to upstream's mlir/ directory")
test_dir = os.path.join(root, "test")
if not os.path.isfile(bufopt) or not os.access(bufopt, os.X_OK):
    usage(f"no bufopt binary at {bufopt} (cargo build --release -p bufopt, or --bufopt)")
COMMON = ["--allow-unregistered-dialect"]

def run(tool, flags, text):
    """(exit status, stdout) of `tool flags -` on `text`; a timeout is (-1, '')."""
    try:
        p = subprocess.run([tool, *COMMON, *flags, "-"], input=text, capture_output=True,
                           text=True, timeout=timeout, errors="replace")
        return p.returncode, p.stdout
    except subprocess.TimeoutExpired:
        return -1, ""

def reprint(rc_out):
    rc, out = rc_out
    return (rc, out) if rc != 0 else run(mlir_opt, [], out)

def check(chunk):
    """None when mlir-opt-19 rejects the chunk, else whether the custom form,
    the generic form, both, and the canonicalized output are equal."""
    rc, ref = run(mlir_opt, [], chunk)
    if rc != 0:
        return None
    gen = ["--mlir-print-op-generic"]
    custom = run(bufopt, [], chunk) == (0, ref)
    generic = run(bufopt, gen, chunk) == run(mlir_opt, gen, chunk)
    canon = ["--canonicalize", "--cse"]
    m_rc, m_out = reprint(run(mlir_opt, canon, chunk))
    b_rc, b_out = reprint(run(bufopt, canon, chunk))
    same = (b_rc == 0 and b_out == m_out) if m_rc == 0 else b_rc != 0
    return custom, generic, custom and generic, same

# An op name of a skipped dialect, not part of an attribute, type or SSA name.
skip_re = re.compile(r'(?<![\w.#!$%^@])(?:' + "|".join(map(re.escape, skip_ops)) + r')\.[a-z_]') if skip_ops else None
uses_skipped = lambda chunk: bool(skip_re and skip_re.search(re.sub(r"//[^\n]*", "", chunk)))

work = []  # (dialect, relative path, chunk index, first line, text)
skipped = 0
for d in dialects:
    base = os.path.join(test_dir, "Dialect", d)
    if not os.path.isdir(base):
        usage(f"no directory {base}")
    for dirpath, _, files in sorted(os.walk(base)):
        for f in sorted(files):
            if not f.endswith(".mlir"):
                continue
            path = os.path.join(dirpath, f)
            with open(path, encoding="utf-8", errors="replace") as fh:
                text = fh.read()
            line = 1
            for k, chunk in enumerate(text.split(MARKER)):
                if uses_skipped(chunk):
                    skipped += 1
                else:
                    work.append((d, os.path.relpath(path, test_dir), k, line, chunk))
                line += chunk.count("\n")

with ThreadPoolExecutor(max_workers=jobs) as pool:
    results = list(pool.map(lambda w: check(w[4]), work))

COLUMNS = ("custom", "generic", "print", "canon")
rows = {d: [0] * (1 + len(COLUMNS)) for d in dialects}
failing = []
for (d, rel, k, line, _), r in zip(work, results):
    if r is None:
        continue
    rows[d][0] += 1
    for j, ok in enumerate(r):
        rows[d][1 + j] += ok
    bad = [n for n, ok in zip(COLUMNS, r) if not ok and n in ("print", "canon")]
    if bad:
        failing.append(f"{rel}:{k} (line {line}): {' '.join(bad)}")

pct = lambda n, t: f"{100.0 * n / t:.1f}%" if t else "-"
print(f"{'dialect':<14}{'chunks':>7}" + "".join(f"{c:>16}" for c in COLUMNS))
rows["overall"] = [sum(rows[d][j] for d in dialects) for j in range(1 + len(COLUMNS))]
for d in [*dialects, "overall"]:
    t = rows[d][0]
    print(f"{d:<14}{t:>7}" + "".join(f"{n:>8}{pct(n, t):>8}" for n in rows[d][1:]))
if skip_ops:
    print(f"left out: {skipped} chunks using ops of {','.join(skip_ops)}")
if list_failing:
    print("\nDiffering chunks:")
    print("\n".join(failing) if failing else "(none)")
PY
