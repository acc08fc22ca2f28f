#!/usr/bin/env bash
# Speed of the interpreter (bufopt-run) against MLIR's compile-and-run path
# (scripts/lower-and-run.sh: mlir-opt-19 lowering + mlir-cpu-runner-19 JIT)
# on the interpreter benchmarks bench/interp-*.mlir.
#
# Usage: bench/interp-runner.sh [programs...]   (default: bench/interp-*.mlir)
# Env:   REPS (default 3; the best times are reported),
#        BUFOPT_RUN (default: the release build, built here if missing),
#        CARGO_TARGET_DIR (where to build/find it; default target).
#
# Times are "wall/cpu" seconds (best of REPS each; cpu = user+system of the
# whole process tree). Columns: lower+run = lowering and JIT execution
# together; run-only = mlir-cpu-runner-19 on the pre-lowered module (it still
# compiles the LLVM IR to machine code, so this is JIT compile + execution);
# bufopt-run = the interpreter on the original program. "same" says whether
# both printed the same output (memref base addresses masked).
set -euo pipefail
cd "$(dirname "$0")/.."
reps=${REPS:-3}
target=${CARGO_TARGET_DIR:-target}
if [ -z "${BUFOPT_RUN:-}" ]; then
  cargo build --release -q -p bufopt --bin bufopt-run
  BUFOPT_RUN=$target/release/bufopt-run
fi
progs=("$@"); [ ${#progs[@]} -gt 0 ] || progs=(bench/interp-*.mlir)
have_mlir=1
command -v mlir-opt-19 >/dev/null && command -v mlir-cpu-runner-19 >/dev/null || have_mlir=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mask() { sed -E 's/base@ = 0x[0-9a-f]+/base@ = 0xMASKED/g'; }

# best_time OUTFILE CMD...: runs CMD $reps times and prints "wall/cpu": the
# best wall time and the best user+system CPU time (children included) in
# seconds, which is steadier on a loaded machine. The output of the last run
# goes to OUTFILE.
best_time() {
  local out=$1; shift
  local best="" cbest="" w c
  for _ in $(seq "$reps"); do
    /usr/bin/time -f '%e %U %S' -o "$tmp/time.txt" "$@" > "$out"
    read -r w u s < "$tmp/time.txt"
    c=$(awk "BEGIN{printf \"%.2f\", $u + $s}")
    if [ -z "$best" ] || awk "BEGIN{exit !($w < $best)}"; then best=$w; fi
    if [ -z "$cbest" ] || awk "BEGIN{exit !($c < $cbest)}"; then cbest=$c; fi
  done
  echo "$best/$cbest"
}

printf '%-20s %14s %14s %14s %6s\n' program lower+run run-only bufopt-run same
for p in "${progs[@]}"; do
  name=$(basename "$p")
  lr=n/a ro=n/a same=n/a
  if [ "$have_mlir" = 1 ]; then
    lr=$(best_time "$tmp/ref.txt" scripts/lower-and-run.sh "$p")
    scripts/lower-and-run.sh --lower-only "$tmp/lowered.mlir" "$p"
    ro=$(best_time "$tmp/ref2.txt" scripts/lower-and-run.sh --run-only "$tmp/lowered.mlir")
  fi
  br=$(best_time "$tmp/ours.txt" "$BUFOPT_RUN" "$p")
  if [ "$have_mlir" = 1 ]; then
    if cmp -s <(mask < "$tmp/ref.txt") <(mask < "$tmp/ours.txt"); then same=yes; else same=NO; fi
  fi
  printf '%-20s %14s %14s %14s %6s\n' "$name" "$lr" "$ro" "$br" "$same"
done
