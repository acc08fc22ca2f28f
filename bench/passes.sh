#!/usr/bin/env bash
# canonicalize+cse (threads on and off) and the analysis test passes
# (dominance + post-dominance, liveness, buffer alias), bufopt against
# mlir-opt-19, on generated modules of 10k, 100k and 1M ops in two shapes:
# "many" (functions of 1000 ops) and "one" (a single function with nests of
# scf.if/scf.for regions; see gen_arith.py). Prints the best wall time of
# RUNS runs (default 3, 1 for inputs of 1M ops and more), peak RSS and
# bufopt/mlir-opt ratio, then the scaling of each bufopt row (time at 10x
# the input over time at x; linear is 10, the target is <= 11).
# SHAPES="many one deep" picks shapes (default "many one"); "deep" is one
# function of nests 500 regions deep (gen_deep.py), where a dominance query
# that walks up the nesting would cost O(depth).
# Usage: bench/passes.sh [sizes...]
#   BUFOPT=path skips the build; PASSES="canonicalize,cse liveness" picks rows
#   (canonicalize,cse canonicalize,cse/serial dominance domqueries liveness
#   alias); TIMEOUT=seconds per run (default 600; a run that takes longer
#   shows as ">TIMEOUT"); MLIR_MAX=n skips mlir-opt-19 on inputs above n
#   ops (its liveness printer is quadratic: minutes at 100k); RUNS=n.
# "dominance" prints every pair of blocks (MLIR's format), so on the "one"
# shape its output is quadratic; "domqueries" (bufopt only) builds the same
# analyses and asks one query per operand, the linear workload that shows
# the analysis itself scales. That quadratic output makes the "dominance" row
# on the "one" and "deep" shapes run out of memory at 1M ops: it is skipped
# there above DOM_MAX ops (default 100000).
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000 1000000)
. bench/lib.sh
declare -A T
printf '%-12s %-26s %9s %9s %9s %9s %7s\n' input pass bufopt_s bufopt_MB mlir_s mlir_MB ratio
for n in "${sizes[@]}"; do
  runs=${RUNS:-3}; [ "$n" -ge 1000000 ] && runs=${RUNS:-1}
  for shape in ${SHAPES:-many one}; do
    f="$out/arith-$shape-$n.mlir"
    if [ ! -f "$f" ]; then
      if [ "$shape" = deep ]; then python3 bench/gen_deep.py "$n" > "$f"; else python3 bench/gen_arith.py "$n" "$shape" > "$f"; fi
    fi
    for pass in ${PASSES:-canonicalize,cse canonicalize,cse/serial dominance domqueries liveness alias}; do
      case $pass in
        canonicalize,cse) args=(--canonicalize --cse) ;;
        canonicalize,cse/serial) args=(--canonicalize --cse --mlir-disable-threading) ;;
        dominance) args=("--pass-pipeline=builtin.module(func.func(test-print-dominance))") ;;
        domqueries) args=("--pass-pipeline=builtin.module(func.func(test-dominance-queries))") ;;
        liveness) args=("--pass-pipeline=builtin.module(func.func(test-print-liveness))") ;;
        alias) args=("--pass-pipeline=builtin.module(func.func(test-print-alias))") ;;
      esac
      if [ "$pass" = dominance ] && [ "$shape" != many ] && [ "$n" -gt "${DOM_MAX:-100000}" ]; then
        printf '%-12s %-26s %9s\n' "$shape-$n" "$pass" "skipped (quadratic output; DOM_MAX)"
        continue
      fi
      read -r bt bm <<< "$(best "$runs" "$bin" "${args[@]}" "$f")"
      mt="-"; mm="-"
      if [ $have_mlir = 1 ] && [ "$pass" != alias ] && [ "$pass" != domqueries ] && [ "$n" -le "${MLIR_MAX:-100000000}" ]; then
        read -r mt mm <<< "$(best "$runs" mlir-opt-19 "${args[@]}" "$f")"
      fi
      ratio="-"
      if [[ $bt =~ ^[0-9.]+$ && $mt =~ ^[0-9.]+$ ]] && awk "BEGIN{exit !($mt > 0)}"; then
        ratio=$(awk "BEGIN{printf \"%.2f\", $bt/$mt}")
      fi
      T[$shape,$pass,$n]=$bt
      printf '%-12s %-26s %9s %9s %9s %9s %7s\n' "$shape-$n" "$pass" "$bt" "$bm" "$mt" "$mm" "$ratio"
    done
  done
done
echo
echo "scaling of bufopt's time (t(10n)/t(n); 10 is linear, target <= 11; times under 0.05 s are noise):"
for shape in ${SHAPES:-many one}; do
  for pass in ${PASSES:-canonicalize,cse canonicalize,cse/serial dominance domqueries liveness alias}; do
    line=""
    prev=""
    for n in "${sizes[@]}"; do
      t=${T[$shape,$pass,$n]:-}
      if [ -n "$prev" ] && [[ $t =~ ^[0-9.]+$ && $prev =~ ^[0-9.]+$ ]] && awk "BEGIN{exit !($prev > 0)}"; then
        line+=" $(awk "BEGIN{printf \"%.1f\", $t/$prev}")"
      fi
      prev=$t
    done
    printf '  %-5s %-26s %s\n' "$shape" "$pass" "$line"
  done
done
