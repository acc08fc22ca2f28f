#!/usr/bin/env bash
# Times --buffer-deallocation-simplification on one function with one big
# bufferization.dealloc (bench/gen_dealloc.py) in bufopt and mlir-opt-19.
# usage: bench/dealloc_simplify.sh [N...]   (default: 1000 4000 16000)
# Set SKIP_MLIR_OPT=1 to time bufopt alone (mlir-opt-19 is quadratic here).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
bufopt=${BUFOPT:-$root/target/release/bufopt}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(1000 4000 16000)
printf '%8s %12s %12s %s\n' N bufopt mlir-opt-19 same-output
for n in "${sizes[@]}"; do
  python3 "$here/gen_dealloc.py" "$n" > "$tmp/in.mlir"
  start=$(date +%s.%N)
  "$bufopt" "$tmp/in.mlir" --buffer-deallocation-simplification -o "$tmp/b.mlir"
  tb=$(echo "$(date +%s.%N) - $start" | bc)
  tm=- same=-
  if [ -z "${SKIP_MLIR_OPT:-}" ] && command -v mlir-opt-19 > /dev/null; then
    start=$(date +%s.%N)
    mlir-opt-19 "$tmp/in.mlir" --buffer-deallocation-simplification -o "$tmp/m.mlir"
    tm=$(echo "$(date +%s.%N) - $start" | bc)
    if cmp -s "$tmp/b.mlir" "$tmp/m.mlir"; then same=yes; else same=NO; fi
  fi
  printf '%8s %12.3f %12s %s\n' "$n" "$tb" "$tm" "$same"
done
