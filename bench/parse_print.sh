#!/usr/bin/env bash
# Parse + verify + print speed and peak memory of bufopt against
# mlir-opt-19 on generated generic-form modules (100k and 1M ops).
# Usage: bench/parse_print.sh [sizes...]   (default: 100000 1000000)
#   BASE=path adds the rows of a second bufopt (an older build) to the same run.
#   GEN=linalg measures custom-form modules of linalg named ops instead
#   (bench/gen_linalg_named.py), parsed and printed back in custom form.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(100000 1000000)
cargo build --release -q -p bufopt
bin=target/release/bufopt
out=bench/out; mkdir -p "$out"
case ${GEN:-generic} in
  generic) gen=generic; print=(--mlir-print-op-generic) ;;
  linalg) gen=linalg_named; print=() ;;
  *) echo "GEN must be generic or linalg" >&2; exit 2 ;;
esac
printf '%-10s %-12s %10s %12s\n' size tool wall_s peak_MiB
for n in "${sizes[@]}"; do
  f="$out/$gen-$n.mlir"
  [ -f "$f" ] || python3 "bench/gen_$gen.py" "$n" > "$f"
  tools=(bufopt); [ -n "${BASE:-}" ] && tools+=(base); tools+=(mlir-opt-19)
  for tool in "${tools[@]}"; do
    if [ "$tool" = bufopt ]; then cmd=("$bin" --allow-unregistered-dialect ${print[@]+"${print[@]}"} "$f" -o /dev/null)
    elif [ "$tool" = base ]; then cmd=("$BASE" --allow-unregistered-dialect ${print[@]+"${print[@]}"} "$f" -o /dev/null)
    else command -v mlir-opt-19 >/dev/null || continue
         cmd=(mlir-opt-19 --allow-unregistered-dialect ${print[@]+"${print[@]}"} "$f" -o /dev/null); fi
    best=""
    mem=""
    for rep in 1 2 3; do
      /usr/bin/time -f '%e %M' -o "$out/time.txt" "${cmd[@]}"
      read -r t m < "$out/time.txt"
      if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
      mem=$m
    done
    printf '%-10s %-12s %10s %12.1f\n' "$n" "$tool" "$best" "$(awk "BEGIN{print $mem/1024}")"
  done
done
