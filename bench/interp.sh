#!/usr/bin/env bash
# Speed of bufopt's interpreter (bufopt-run, release build) on the two
# interpreter benchmarks: a 256x256x256 f32 linalg.matmul on tensors
# (bench/interp-matmul.mlir) and a one-million-iteration scf.for of scalar
# arithmetic (bench/interp-loop.mlir). bench/interp-runner.sh measures the
# same programs lowered by mlir-opt-19 and run by mlir-cpu-runner-19.
#
# Usage: bench/interp.sh [programs...]
# Env:   REPS (default 3), BUFOPT_RUN (default: release build, built here),
#        CARGO_TARGET_DIR (default target).
# Uses hyperfine when installed, else reports the best of REPS runs of
# `time` (user+sys CPU seconds, which is stable on a loaded machine, and
# wall seconds).
set -euo pipefail
cd "$(dirname "$0")/.."
reps=${REPS:-3}
target=${CARGO_TARGET_DIR:-target}
if [ -z "${BUFOPT_RUN:-}" ]; then
  cargo build --release -q -p bufopt --bin bufopt-run
  BUFOPT_RUN=$target/release/bufopt-run
fi
progs=("$@"); [ ${#progs[@]} -gt 0 ] || progs=(bench/interp-matmul.mlir bench/interp-loop.mlir)
if command -v hyperfine >/dev/null; then
  for p in "${progs[@]}"; do
    hyperfine --warmup 1 --runs "$reps" -N "$BUFOPT_RUN $p"
  done
  exit 0
fi
printf '%-28s %10s %10s\n' program cpu-s wall-s
for p in "${progs[@]}"; do
  best_cpu="" best_wall=""
  for _ in $(seq "$reps"); do
    t=$( { TIMEFORMAT='%U %S %R'; time "$BUFOPT_RUN" "$p" > /dev/null; } 2>&1 | tail -1)
    cpu=$(awk -v u="$(echo "$t" | cut -d' ' -f1)" -v s="$(echo "$t" | cut -d' ' -f2)" 'BEGIN{printf "%.3f", u + s}')
    wall=$(echo "$t" | cut -d' ' -f3)
    if [ -z "$best_cpu" ] || awk "BEGIN{exit !($cpu < $best_cpu)}"; then best_cpu=$cpu; fi
    if [ -z "$best_wall" ] || awk "BEGIN{exit !($wall < $best_wall)}"; then best_wall=$wall; fi
  done
  printf '%-28s %10s %10s\n' "$(basename "$p")" "$best_cpu" "$best_wall"
done
