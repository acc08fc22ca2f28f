#!/usr/bin/env bash
# Times --buffer-deallocation-pipeline on generated memref modules in bufopt
# and mlir-opt-19. Shapes: `funcs` and `cfg` (bench/gen_memref.py: many
# functions, or one function of diamonds in unstructured control flow), and
# `tosa-static` and `tosa-dynamic` (bench/gen_tosa_residual.py: N residual
# conv blocks in TOSA, static or dynamic batch, lowered and bufferized by
# mlir-opt-19's own passes, so these need mlir-opt-19). Prints wall time, CPU time
# (user+sys) and peak RSS from /usr/bin/time, and whether the outputs are
# byte-identical.
# usage: bench/dealloc_pipeline.sh [SHAPE:N ...]
#   default: funcs:10000 funcs:100000 funcs:1000000 cfg:1000 cfg:10000 cfg:100000
#            tosa-static:100 tosa-static:1000 tosa-dynamic:100 tosa-dynamic:1000
# Environment: BUFOPT (the binary), PASSES (default --buffer-deallocation-pipeline),
# TIMEOUT (seconds for each run, default 600; a run past it prints "timeout").
# mlir-opt-19's ownership-based deallocation is exponential in the length of a
# chain of diamonds (about 2x per diamond: 22 diamonds 0.45 s, 27 diamonds
# 13.7 s of CPU), so its `cfg` runs from 1000 ops on print "timeout".
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
bufopt=${BUFOPT:-$root/target/release/bufopt}
passes=${PASSES:---buffer-deallocation-pipeline}
limit=${TIMEOUT:-600}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cases=("$@")
[ ${#cases[@]} -eq 0 ] && cases=(funcs:10000 funcs:100000 funcs:1000000 cfg:1000 cfg:10000 cfg:100000
  tosa-static:100 tosa-static:1000 tosa-dynamic:100 tosa-dynamic:1000)
lower='builtin.module(func.func(tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,tosa-to-tensor),one-shot-bufferize{bufferize-function-boundaries},canonicalize)'

# gen SHAPE N: writes the input module to $tmp/in.mlir.
gen() {
  case $1 in
    tosa-*)
      python3 "$here/gen_tosa_residual.py" "$2" "${1#tosa-}" > "$tmp/tosa.mlir"
      mlir-opt-19 "$tmp/tosa.mlir" --pass-pipeline="$lower" -o "$tmp/in.mlir" ;;
    *) python3 "$here/gen_memref.py" "$2" "$1" > "$tmp/in.mlir" ;;
  esac
}

# run TOOL OUT: prints "wall cpu rss_MB" or "timeout"/"failed(rc)".
run() {
  local tool=$1 out=$2 rc=0
  timeout "$limit" /usr/bin/time -f '%e %U %S %M' -o "$tmp/time" \
    "$tool" "$tmp/in.mlir" $passes -o "$out" 2> "$tmp/err" || rc=$?
  if [ $rc -eq 124 ]; then echo timeout; return; fi
  if [ $rc -ne 0 ]; then echo "failed($rc)"; return; fi
  awk '{ printf "%.2f %.2f %.0f", $1, $2 + $3, $4 / 1024 }' "$tmp/time"
}

printf '%-16s %28s %28s %8s %6s\n' case 'bufopt wall/cpu/MB' 'mlir-opt-19 wall/cpu/MB' cpu-ratio same
for c in "${cases[@]}"; do
  shape=${c%%:*} n=${c##*:}
  gen "$shape" "$n"
  b=$(run "$bufopt" "$tmp/b.mlir")
  m=- same=- ratio=-
  if [ -z "${SKIP_MLIR_OPT:-}" ] && command -v mlir-opt-19 > /dev/null; then
    m=$(run mlir-opt-19 "$tmp/m.mlir")
    if [[ $b != t* && $b != f* && $m != t* && $m != f* ]]; then
      if cmp -s "$tmp/b.mlir" "$tmp/m.mlir"; then same=yes; else same=NO; fi
      ratio=$(echo "$b $m" | awk '{ if ($5 > 0) printf "%.3f", $2 / $5; else print "-" }')
    fi
  fi
  printf '%-16s %28s %28s %8s %6s\n' "$c" "$b" "$m" "$ratio" "$same"
done
