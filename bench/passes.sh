#!/usr/bin/env bash
# canonicalize+cse and the dominance/liveness test passes, bufopt against
# mlir-opt-19, on generated modules of 10k, 100k and 1M ops (many functions),
# and one huge function. Prints the best of 3 wall times and peak RSS.
# Usage: bench/passes.sh [sizes...]
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000 1000000)
cargo build --release -q -p bufopt
bin=target/release/bufopt
out=bench/out; mkdir -p "$out"
best_of_3() {
  local best="" mem=""
  for _ in 1 2 3; do
    if ! /usr/bin/time -f '%e %M' -o "$out/time.txt" timeout 300 "$@" > /dev/null 2>&1; then
      printf '%10s %10s' "fail/300s" "-"
      return
    fi
    read -r t m < "$out/time.txt"
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
    mem=$m
  done
  printf '%10s %10.1f' "$best" "$(awk "BEGIN{print $mem/1024}")"
}
printf '%-22s %-28s %10s %10s %10s %10s\n' input pass bufopt_s bufopt_MiB mlir_s mlir_MiB
for n in "${sizes[@]}"; do
  for shape in many one; do
    f="$out/arith-$shape-$n.mlir"
    if [ ! -f "$f" ]; then
      if [ "$shape" = one ]; then python3 bench/gen_arith.py "$n" one > "$f"; else python3 bench/gen_arith.py "$n" > "$f"; fi
    fi
    for pass in "--canonicalize --cse" \
      "--pass-pipeline=builtin.module(func.func(test-print-dominance))" \
      "--pass-pipeline=builtin.module(func.func(test-print-liveness))"; do
      # shellcheck disable=SC2086
      b=$(best_of_3 "$bin" $pass "$f")
      m="-"
      if command -v mlir-opt-19 >/dev/null; then
        # shellcheck disable=SC2086
        m=$(best_of_3 mlir-opt-19 $pass "$f")
      fi
      printf '%-22s %-28s %s %s\n' "$shape-$n" "${pass#--pass-pipeline=builtin.module(func.func(}" "$b" "$m"
    done
  done
done
