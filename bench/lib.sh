# Shared by the benchmark scripts (source it after `cd` to the repo root):
# builds bufopt unless BUFOPT names a binary, sets `bin`, the output folder
# `out` (BENCH_OUT, default bench/out), `have_mlir` (1 when mlir-opt-19 is
# on PATH), and defines `best`.

if [ -z "${BUFOPT:-}" ]; then
  cargo build --release -q -p bufopt
  BUFOPT=${CARGO_TARGET_DIR:-target}/release/bufopt
fi
bin=$BUFOPT
out=${BENCH_OUT:-bench/out}; mkdir -p "$out"
have_mlir=0; command -v mlir-opt-19 >/dev/null && have_mlir=1

# best RUNS CMD...: runs CMD (stdout discarded) RUNS times under
# /usr/bin/time and prints "best_seconds peak_MiB", or ">TIMEOUT -" when a
# run exceeds TIMEOUT seconds (default 600), or "fail -" when it fails.
best() {
  local runs=$1; shift
  local best="" mem=""
  for _ in $(seq "$runs"); do
    local rc=0
    /usr/bin/time -f '%e %M' -o "$out/time.txt" timeout "${TIMEOUT:-600}" "$@" > /dev/null 2>&1 || rc=$?
    if [ $rc = 124 ]; then echo ">${TIMEOUT:-600} -"; return; fi
    if [ $rc != 0 ]; then echo "fail -"; return; fi
    read -r t m < "$out/time.txt"
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
    mem=$m
  done
  echo "$best $(awk "BEGIN{printf \"%.1f\", $mem/1024}")"
}
