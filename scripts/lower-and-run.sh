#!/usr/bin/env bash
# Lowers a tensor- or memref-level .mlir program to the LLVM dialect with
# mlir-opt-19 and runs it with mlir-cpu-runner-19 and the MLIR runner utility
# libraries: the reference that bufopt-run's output is compared against.
#
# Usage: scripts/lower-and-run.sh [options] FILE [-- extra mlir-cpu-runner args]
#   -e NAME           entry function (default: main; it must take no arguments
#                     and return nothing)
#   --dealloc         run -buffer-deallocation-pipeline after bufferization
#                     (default: no deallocation). The pipeline rejects programs
#                     that already contain memref.dealloc.
#   --mask            replace memref base addresses (base@ = 0x...) by 0xMASKED
#   --emit            print the lowered LLVM-dialect module instead of running it
#   --lower-only OUT  write the lowered module to OUT and stop
#   --run-only        FILE is an already lowered module: only run it
#   --print-pipeline  print the mlir-opt pass list (for FILE, if given) and exit
#
# A FILE in which the word "tensor" never occurs is not bufferized (One-Shot
# Bufferize refuses functions with several returns even when they hold no
# tensor).
#
# Environment: MLIR_OPT (default mlir-opt-19), MLIR_CPU_RUNNER (default
# mlir-cpu-runner-19), MLIR_LIB_DIR (directory of libmlir_runner_utils.so and
# libmlir_c_runner_utils.so; default: `llvm-config-19 --libdir`, else
# /usr/lib/llvm-19/lib).
#
# Exit status: that of the failing tool (mlir-opt's 1 for a lowering failure),
# else the runner's.
set -euo pipefail

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2; }

entry=main
dealloc=0
mask=0
mode=run
lower_out=""
file=""
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    -e) [ $# -ge 2 ] || usage; entry=$2; shift 2 ;;
    -e=*) entry=${1#-e=}; shift ;;
    --dealloc) dealloc=1; shift ;;
    --mask) mask=1; shift ;;
    --emit) mode=emit; shift ;;
    --lower-only) [ $# -ge 2 ] || usage; mode=lower; lower_out=$2; shift 2 ;;
    --run-only) mode=runonly; shift ;;
    --print-pipeline) mode=pipeline; shift ;;
    -h|--help) usage ;;
    --) shift; extra=("$@"); break ;;
    -*) echo "lower-and-run.sh: unknown option '$1'" >&2; usage ;;
    *) [ -z "$file" ] || usage; file=$1; shift ;;
  esac
done

# The lowering. Order matters:
# * elementwise arith/math ops on tensors become linalg.generic (One-Shot
#   Bufferize cannot bufferize them directly);
# * bufferize (function boundaries included), optionally deallocate,
#   then turn the remaining bufferization ops into memref ops;
# * structured and vector ops become loops (vector.print of an n-D vector is
#   decomposed into scalar prints here), scf.forall/parallel become scf.for;
# * strided views become plain descriptor arithmetic (affine.apply, lowered
#   right after);
# * math ops with an LLVM intrinsic use it, the rest call libm (tan, erf, ...),
#   integer/float powers become outlined functions;
# * everything left goes to LLVM through the dialect interfaces.
# One-Shot Bufferize rejects any function with several func.return ops (even
# one without tensors), so a program that never mentions a tensor skips it.
bufferize=1
if [ -n "$file" ] && [ -f "$file" ] && [ "$mode" != runonly ] && ! grep -q 'tensor' "$file"; then
  bufferize=0
fi
# One-Shot Bufferize in MLIR 19 has no model of tensor.concat: a file that
# uses it first runs the tensor dialect's decompose_concat patterns (concat
# becomes tensor.empty + insert_slice) through the transform interpreter.
decompose_concat=0
if [ -n "$file" ] && [ -f "$file" ] && [ "$mode" != runonly ] && grep -q 'tensor\.concat' "$file"; then
  decompose_concat=1
fi
passes=()
if [ "$decompose_concat" = 1 ]; then
  passes+=(--transform-preload-library=transform-library-paths=@CONCAT_LIBRARY@ --transform-interpreter)
fi
if [ "$bufferize" = 1 ]; then
  passes+=(--convert-elementwise-to-linalg --one-shot-bufferize=bufferize-function-boundaries)
fi
if [ "$dealloc" = 1 ]; then passes+=(--buffer-deallocation-pipeline); fi
passes+=(
  --convert-bufferization-to-memref
  --scf-forall-to-for
  --convert-linalg-to-loops
  --convert-vector-to-scf
  --expand-strided-metadata
  --lower-affine
  --convert-scf-to-cf
  --convert-complex-to-standard
  --arith-expand
  --convert-math-to-funcs
  --convert-math-to-llvm
  --convert-math-to-libm
  --convert-vector-to-llvm
  --convert-to-llvm
  --reconcile-unrealized-casts
)

if [ "$mode" = pipeline ]; then printf '%s\n' "${passes[@]}"; exit 0; fi
[ -n "$file" ] || usage
[ -f "$file" ] || { echo "lower-and-run.sh: no such file: $file" >&2; exit 2; }

opt=${MLIR_OPT:-mlir-opt-19}
runner=${MLIR_CPU_RUNNER:-mlir-cpu-runner-19}
if [ -z "${MLIR_LIB_DIR:-}" ]; then
  if command -v llvm-config-19 >/dev/null 2>&1; then MLIR_LIB_DIR=$(llvm-config-19 --libdir)
  else MLIR_LIB_DIR=/usr/lib/llvm-19/lib; fi
fi

# The libraries may only exist with their versioned suffix.
find_lib() {
  local f
  for f in "$MLIR_LIB_DIR/$1.so" "$MLIR_LIB_DIR/$1".so.*; do
    if [ -f "$f" ]; then echo "$f"; return 0; fi
  done
  echo "lower-and-run.sh: $1.so not found in $MLIR_LIB_DIR (set MLIR_LIB_DIR)" >&2
  return 1
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/lower-and-run.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

if [ "$decompose_concat" = 1 ]; then
  cat > "$tmp/concat.mlir" <<'EOF_TRANSFORM'
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %funcs = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %funcs {
      transform.apply_patterns.tensor.decompose_concat
    } : !transform.any_op
    transform.yield
  }
}
EOF_TRANSFORM
  passes=("${passes[@]/@CONCAT_LIBRARY@/$tmp/concat.mlir}")
fi

lowered=$tmp/lowered.mlir
if [ "$mode" = runonly ]; then
  lowered=$file
else
  "$opt" "${passes[@]}" "$file" -o "$lowered"
  case "$mode" in
    emit) cat "$lowered"; exit 0 ;;
    lower) cp "$lowered" "$lower_out"; exit 0 ;;
  esac
fi

libs="$(find_lib libmlir_runner_utils),$(find_lib libmlir_c_runner_utils)"
run=("$runner" "$lowered" -e "$entry" -entry-point-result=void "-shared-libs=$libs" "${extra[@]}")
status=0
if [ "$mask" = 1 ]; then
  "${run[@]}" > "$tmp/out" || status=$?
  sed -E 's/base@ = 0x[0-9a-f]+/base@ = 0xMASKED/g' "$tmp/out"
else
  "${run[@]}" || status=$?
fi
exit $status
