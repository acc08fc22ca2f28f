#!/usr/bin/env bash
# The older buffer passes (buffer-hoisting, buffer-loop-hoisting,
# promote-buffers-to-stack, and buffer-deallocation when the binary lists
# it), bufopt against mlir-opt-19, on generated memref modules of 10k, 100k
# and 1M ops in two shapes (bench/gen_hoist.py): "funcs" (functions of 174
# ops) and "one" (a single function: a chain of CFG diamonds holding loops
# and branches, so dominator trees are deep), plus "dealloc"
# (bench/gen_dealloc.py: one block of N allocations), and "copies" for
# copy-removal only (bench/gen_clone_dealloc.py through bufopt's
# -buffer-deallocation: one function of CFG diamonds and scf.ifs with
# clones, copies and deallocs, about 26 ops per section; copy-removal has no
# mlir-opt-19 counterpart, so that row has only bufopt's figures). Prints the best wall
# time of RUNS runs (default 3, 1 for inputs of 1M ops and more), peak RSS,
# the bufopt/mlir-opt ratio and whether the outputs are byte-identical, then
# the scaling of each bufopt row (time at 10x the input over time at x;
# linear is 10, the target is <= 11).
# A pass the bufopt binary does not list in --help is skipped.
# Usage: bench/legacy_passes.sh [sizes...]
#   BUFOPT=path skips the build; PASSES="buffer-hoisting ..." picks rows;
#   SHAPES="funcs one dealloc copies" picks shapes; TIMEOUT=seconds per run
#   (default 600; a longer run shows as ">TIMEOUT"); MLIR_MAX=n skips
#   mlir-opt-19 on inputs above n ops; RUNS=n.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000 1000000)
. bench/lib.sh
listed=$("$bin" --help)
mlir_listed=""; [ $have_mlir = 1 ] && mlir_listed=$(mlir-opt-19 --help)
passes=()
for p in ${PASSES:-buffer-hoisting buffer-loop-hoisting promote-buffers-to-stack buffer-deallocation copy-removal}; do
  if grep -q -- "--$p " <<< "$listed"; then passes+=("$p"); else echo "skipping $p: not in $bin --help"; fi
done
declare -A T
# skip PASS SHAPE: copy-removal runs on the "copies" shape only, and only it does.
skip() { local a=0 b=0; [ "$1" = copy-removal ] && a=1; [ "$2" = copies ] && b=1; [ $a != $b ]; }
printf '%-14s %-26s %9s %9s %9s %9s %7s %5s\n' input pass bufopt_s bufopt_MB mlir_s mlir_MB ratio same
for n in "${sizes[@]}"; do
  runs=${RUNS:-3}; [ "$n" -ge 1000000 ] && runs=${RUNS:-1}
  for shape in ${SHAPES:-funcs one dealloc copies}; do
    f="$out/memref-$shape-$n.mlir"
    if [ ! -f "$f" ]; then
      case $shape in
        dealloc) python3 bench/gen_dealloc.py "$n" > "$f" ;;
        copies) python3 bench/gen_clone_dealloc.py $((n / 26)) | "$bin" -buffer-deallocation -o "$f" ;;
        *) python3 bench/gen_hoist.py "$n" "$shape" > "$f" ;;
      esac
    fi
    for pass in "${passes[@]}"; do
      if skip "$pass" "$shape"; then continue; fi
      read -r bt bm <<< "$(best "$runs" "$bin" "--$pass" "$f" -o "$out/b.mlir")"
      mt="-"; mm="-"; same="-"
      if [ $have_mlir = 1 ] && [ "$n" -le "${MLIR_MAX:-100000000}" ] && grep -q -- "--$pass " <<< "$mlir_listed"; then
        read -r mt mm <<< "$(best "$runs" mlir-opt-19 "--$pass" "$f" -o "$out/m.mlir")"
        if [[ $bt =~ ^[0-9.]+$ && $mt =~ ^[0-9.]+$ ]]; then
          if cmp -s "$out/b.mlir" "$out/m.mlir"; then same=yes; else same=NO; fi
        fi
      fi
      ratio="-"
      if [[ $bt =~ ^[0-9.]+$ && $mt =~ ^[0-9.]+$ ]] && awk "BEGIN{exit !($mt > 0)}"; then
        ratio=$(awk "BEGIN{printf \"%.2f\", $bt/$mt}")
      fi
      T[$shape,$pass,$n]=$bt
      printf '%-14s %-26s %9s %9s %9s %9s %7s %5s\n' "$shape-$n" "$pass" "$bt" "$bm" "$mt" "$mm" "$ratio" "$same"
    done
  done
done
echo
echo "scaling of bufopt's time (t(10n)/t(n); 10 is linear, target <= 11; times under 0.05 s are noise):"
for shape in ${SHAPES:-funcs one dealloc copies}; do
  for pass in "${passes[@]}"; do
    if skip "$pass" "$shape"; then continue; fi
    line=""
    prev=""
    for n in "${sizes[@]}"; do
      t=${T[$shape,$pass,$n]:-}
      if [ -n "$prev" ] && [[ $t =~ ^[0-9.]+$ && $prev =~ ^[0-9.]+$ ]] && awk "BEGIN{exit !($prev > 0)}"; then
        line+=" $(awk "BEGIN{printf \"%.1f\", $t/$prev}")"
      fi
      prev=$t
    done
    printf '  %-8s %-26s %s\n' "$shape" "$pass" "$line"
  done
done
