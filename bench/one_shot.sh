#!/usr/bin/env bash
# One-Shot Bufferize, bufopt against mlir-opt-19, on generated tensor
# programs (bench/gen_one_shot.py; shapes: insert, slices, generic, fanout,
# loops, funcs, versions) of 10k and 100k ops, plus one function of 400k
# ops. For each: bufopt's best wall time and peak RSS over RUNS runs
# (default 3, 1 above 100k ops), the same for parse+print alone (the
# One-Shot / parse+print ratio), mlir-opt-19's time (skipped above MLIR_MAX
# ops, default 100000, and cut at TIMEOUT seconds, default 60: a longer run
# shows as ">60") and whether the outputs are byte-identical; then
# t(100k)/t(10k) per shape (linear is 10, the target is <= 11).
# Usage: bench/one_shot.sh [sizes...]   (default: 10000 100000)
#   BUFOPT=path skips the build; SHAPES="insert slices ..." picks shapes;
#   BIG=n sets the single-function size (default 400000; 0 skips it).
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000)
. bench/lib.sh
export TIMEOUT=${TIMEOUT:-60}
declare -A T
row() { # shape n
  local shape=$1 n=$2 f="$out/oneshot-$1-$2.mlir" opt="" runs=${RUNS:-3}
  [ "$n" -gt 100000 ] && runs=${RUNS:-1}
  [ -f "$f" ] || python3 bench/gen_one_shot.py "$n" "$shape" > "$f"
  [ "$shape" = funcs ] && opt="{bufferize-function-boundaries}"
  local pipe="--pass-pipeline=builtin.module(one-shot-bufferize$opt)"
  read -r bt bm <<< "$(best "$runs" "$bin" "$pipe" "$f" -o "$out/b.mlir")"
  read -r pt pm <<< "$(best "$runs" "$bin" "$f" -o /dev/null)"
  local mt="-" mm="-" same="-"
  if [ $have_mlir = 1 ] && [ "$n" -le "${MLIR_MAX:-100000}" ]; then
    read -r mt mm <<< "$(best 1 mlir-opt-19 "$pipe" "$f" -o "$out/m.mlir")"
    if [[ $mt =~ ^[0-9.]+$ ]]; then
      if cmp -s "$out/b.mlir" "$out/m.mlir"; then same=yes; else same=NO; fi
    fi
  fi
  local ratio="-" pr="-"
  if [[ $bt =~ ^[0-9.]+$ && $mt =~ ^[0-9.]+$ ]] && awk "BEGIN{exit !($mt > 0)}"; then
    ratio=$(awk "BEGIN{printf \"%.3f\", $bt/$mt}")
  fi
  if [[ $bt =~ ^[0-9.]+$ && $pt =~ ^[0-9.]+$ ]] && awk "BEGIN{exit !($pt > 0)}"; then
    pr=$(awk "BEGIN{printf \"%.1f\", $bt/$pt}")
  fi
  T[$shape,$n]=$bt
  printf '%-10s %8s %9s %9s %9s %9s %9s %8s %7s %5s\n' "$shape" "$n" "$bt" "$bm" "$pt" "$pr" "$mt" "$mm" "$ratio" "$same"
}
printf '%-10s %8s %9s %9s %9s %9s %9s %8s %7s %5s\n' shape ops bufopt_s bufopt_MB parse_s os/parse mlir_s mlir_MB ratio same
shapes=${SHAPES:-insert slices generic fanout loops funcs versions}
for shape in $shapes; do
  for n in "${sizes[@]}"; do row "$shape" "$n"; done
done
big=${BIG:-400000}
if [ "$big" -gt 0 ]; then
  for shape in insert generic; do row "$shape" "$big"; done
fi
echo
echo "scaling t(10n)/t(n) (10 is linear; target <= 11; times under 0.05 s are noise):"
for shape in $shapes; do
  line="" prev=""
  for n in "${sizes[@]}"; do
    t=${T[$shape,$n]:-}
    if [ -n "$prev" ] && [[ $t =~ ^[0-9.]+$ && $prev =~ ^[0-9.]+$ ]] && awk "BEGIN{exit !($prev > 0)}"; then
      line+=" $(awk "BEGIN{printf \"%.1f\", $t/$prev}")"
    fi
    prev=$t
  done
  printf '  %-10s%s\n' "$shape" "$line"
done
