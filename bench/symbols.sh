#!/usr/bin/env bash
# The many-functions benchmark (symbol tables): modules of functions of about
# 100 tensor ops that call each other (gen_many_funcs.py), at 100k and 1M ops
# by default. Times generic parse+verify+print (--mlir-print-op-generic) and
# --canonicalize --cse for bufopt and mlir-opt-19: best wall time of RUNS runs
# (default 3, 1 at 1M ops and more), peak RSS, the bufopt/mlir-opt ratio
# (target <= 0.2), then the scaling of each row (time at 10x the input over
# time at x; linear is 10, the target is <= 11).
# Usage: bench/symbols.sh [sizes...]
#   BUFOPT=path skips the build; BASE=path adds the rows of a second bufopt
#   (e.g. the previous commit's build) measured in the same run; RUNS=n;
#   TIMEOUT=seconds per run (default 600).
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(100000 1000000)
. bench/lib.sh
tools=(bufopt)
[ -n "${BASE:-}" ] && tools+=(base)
[ $have_mlir = 1 ] && tools+=(mlir-opt-19)
declare -A T
printf '%-14s %-18s %-12s %9s %9s %9s\n' input pass tool seconds MiB vs_mlir
for n in "${sizes[@]}"; do
  runs=${RUNS:-3}; [ "$n" -ge 1000000 ] && runs=${RUNS:-1}
  f="$out/many-funcs-$n.mlir"
  [ -f "$f" ] || python3 bench/gen_many_funcs.py "$n" > "$f"
  for pass in generic canonicalize,cse; do
    case $pass in
      generic) args=(--mlir-print-op-generic) ;;
      canonicalize,cse) args=(--canonicalize --cse) ;;
    esac
    for tool in "${tools[@]}"; do
      case $tool in
        bufopt) bin=$BUFOPT ;;
        base) bin=$BASE ;;
        *) bin=$tool ;;
      esac
      read -r t m <<< "$(best "$runs" "$bin" "${args[@]}" "$f")"
      T[$tool,$pass,$n]=$t
      ratio="-"
      mt=${T[mlir-opt-19,$pass,$n]:-}
      if [ $have_mlir = 1 ] && [ "$tool" = mlir-opt-19 ]; then ratio=1.00; fi
      printf '%-14s %-18s %-12s %9s %9s %9s\n' "funcs-$n" "$pass" "$tool" "$t" "$m" "$ratio"
    done
    if [ $have_mlir = 1 ]; then
      mt=${T[mlir-opt-19,$pass,$n]}
      for tool in "${tools[@]}"; do
        [ "$tool" = mlir-opt-19 ] && continue
        bt=${T[$tool,$pass,$n]}
        if [[ $bt =~ ^[0-9.]+$ && $mt =~ ^[0-9.]+$ ]] && awk "BEGIN{exit !($mt > 0)}"; then
          printf '%-14s %-18s %-12s %9s %9s %9s\n' "" "" "$tool/mlir" "" "" "$(awk "BEGIN{printf \"%.2f\", $bt/$mt}")"
        fi
      done
    fi
  done
done
echo
echo "scaling (time at 10x the input / time at x; linear is 10, target <= 11):"
for tool in "${tools[@]}"; do
  for pass in generic canonicalize,cse; do
    for n in "${sizes[@]}"; do
      m=$((n * 10))
      a=${T[$tool,$pass,$n]:-}; b=${T[$tool,$pass,$m]:-}
      if [[ $a =~ ^[0-9.]+$ && $b =~ ^[0-9.]+$ ]] && awk "BEGIN{exit !($a > 0)}"; then
        printf '  %-12s %-18s %s -> %s: %.1f\n' "$tool" "$pass" "$n" "$m" "$(awk "BEGIN{print $b/$a}")"
      fi
    done
  done
done
