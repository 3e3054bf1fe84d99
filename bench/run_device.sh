#!/usr/bin/env bash
# On a GPU machine: builds the runtime with the `device` preset (no generator, sm_90 + PTX),
# runs the GPU tests (ctest -L gpu), compute-sanitizer memcheck and racecheck on the small GPU
# test, and the runtime benchmark (once per device count when DEVICE_COUNTS is set). Every log
# and result is packed into one archive, $OUT/logs.tgz (OUT defaults to ./out), next to a copy
# of summary.txt; the archive holds:
#   environment.txt        nvidia-smi, nvcc, cmake, compiler, CPU
#   configure.log build.log
#   ctest-gpu.log          the GPU suite, and stats-gpu-tests.json (runtime statistics)
#   memcheck.log racecheck.log
#   bench-runtime.jsonl    one JSON object per measurement; bench-runtime.log its stderr
#   bench-runtime-<N>dev.jsonl/.log, stats-bench-<N>dev.json
#                          with DEVICE_COUNTS: the benchmark on the first N devices
#   summary.txt            one line per step with its exit status
# Environment: OUT, JOBS (build jobs, default all cores), SKIP_BENCH=1, SKIP_SANITIZER=1,
# SKIP_TESTS=1, BENCH_ARGS (passed to battgpu_bench_runtime), DEVICE_COUNTS (e.g. "1 2": the
# benchmark once per count N with BATTGPU_DEVICES=0,...,N-1, instead of once on every device),
# DEVICE_BENCH_ARGS (added to BENCH_ARGS for those runs), BATTGPU_COMMIT (the commit to print
# in the benchmark's results where the copy has no git history), BATTGPU_SHARED_DIR (the ARC
# data and oracle, when not at ../shared: the oracle test and ARC-resampled benchmark grids
# need it).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1
FINAL_OUT="${OUT:-./out}"
mkdir -p "$FINAL_OUT"
FINAL_OUT="$(cd "$FINAL_OUT" && pwd)"
# Everything is written under $FINAL_OUT/logs and packed into $FINAL_OUT/logs.tgz on exit.
OUT="$FINAL_OUT/logs"
rm -rf "$OUT"
mkdir -p "$OUT"
# shellcheck disable=SC2317 # called by the EXIT trap
pack() {
  tar -czf "$FINAL_OUT/logs.tgz" -C "$FINAL_OUT" logs &&
    cp "$OUT/summary.txt" "$FINAL_OUT/summary.txt" 2>/dev/null
  rm -rf "$OUT"
  echo "packed: $FINAL_OUT/logs.tgz"
}
trap pack EXIT
# The ARC data and oracle: ../shared by default; a copy of the tree with shared/ inside uses that.
if [ -z "${BATTGPU_SHARED_DIR:-}" ] && [ ! -d ../shared/arc-agi ] && [ -d shared/arc-agi ]; then
  export BATTGPU_SHARED_DIR="$PWD/shared"
fi
JOBS="${JOBS:-$(nproc)}"
BUILD=build/device
status=0

step() { # step NAME LOG COMMAND...: runs COMMAND with its output in LOG, records the status
  local name="$1" log="$2"
  shift 2
  local start=$SECONDS
  "$@" >"$log" 2>&1
  local rc=$?
  echo "$name: exit $rc ($((SECONDS - start)) s)" | tee -a "$OUT/summary.txt"
  [ $rc -eq 0 ] || status=1
  return $rc
}

: >"$OUT/summary.txt"
{
  date -u
  git rev-parse HEAD 2>/dev/null || echo "commit: ${BATTGPU_COMMIT:-unknown (no git history here)}"
  nvidia-smi 2>&1 || true
  nvcc --version 2>&1 || true
  cmake --version 2>&1 | head -1
  c++ --version 2>&1 | head -1
  lscpu 2>/dev/null | grep -E "Model name|^CPU\(s\)" || true
  echo "ARC data and oracle: ${BATTGPU_SHARED_DIR:-../shared}"
} >"$OUT/environment.txt"

step configure "$OUT/configure.log" cmake --preset device || { tail -30 "$OUT/configure.log"; exit 1; }
step build "$OUT/build.log" cmake --build "$BUILD" -j "$JOBS" --target \
  battgpu_runtime_tests battgpu_runtime_gpu_tests battgpu_bench_runtime || {
  grep -E "error|warning" "$OUT/build.log" | head -40
  exit 1
}
grep -c -E "warning" "$OUT/build.log" | sed 's/^/build warnings: /' | tee -a "$OUT/summary.txt"

if [ "${SKIP_TESTS:-0}" != 1 ]; then
  BATTGPU_STATS="$OUT/stats-gpu-tests.json" \
    step ctest-gpu "$OUT/ctest-gpu.log" ctest --test-dir "$BUILD" -L gpu --output-on-failure
  grep -E "tests passed|Skipped|Failed|SKIPPED" "$OUT/ctest-gpu.log" | tail -5
fi

if [ "${SKIP_SANITIZER:-0}" != 1 ] && [ "${SKIP_TESTS:-0}" != 1 ]; then
  SAN="$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)"
  SMALL=("$BUILD/tests/runtime/battgpu_runtime_gpu_tests" --gtest_filter='GpuSmall.*')
  step memcheck "$OUT/memcheck.log" "$SAN" --tool memcheck --leak-check full --error-exitcode 3 "${SMALL[@]}"
  step racecheck "$OUT/racecheck.log" "$SAN" --tool racecheck --racecheck-report all --error-exitcode 3 "${SMALL[@]}"
  tail -n 3 "$OUT/memcheck.log" "$OUT/racecheck.log"
fi

if [ "${SKIP_BENCH:-0}" != 1 ]; then
  BENCH=("$BUILD/bench/battgpu_bench_runtime")
  [ -n "${BATTGPU_COMMIT:-}" ] && BENCH+=(--commit "${BATTGPU_COMMIT}")
  [ -n "${BATTGPU_SHARED_DIR:-}" ] && BENCH+=(--tasks "${BATTGPU_SHARED_DIR}/arc-agi/training")
  # shellcheck disable=SC2206
  BENCH+=(${BENCH_ARGS:-})
  bench() { # bench NAME EXTRA...: the benchmark, its JSON lines in NAME.jsonl
    local name="$1"
    shift
    # shellcheck disable=SC2016 # expanded by sh -c: $0 is the JSON file, "$@" the command
    step "$name" "$OUT/$name.log" sh -c '"$@" >"$0"' "$OUT/$name.jsonl" "${BENCH[@]}" "$@"
    cat "$OUT/$name.jsonl"
  }
  if [ -z "${DEVICE_COUNTS:-}" ]; then
    bench bench-runtime
  else
    for n in $DEVICE_COUNTS; do
      devices="$(seq -s, 0 $((n - 1)))"
      # shellcheck disable=SC2086
      BATTGPU_DEVICES="$devices" BATTGPU_STATS="$OUT/stats-bench-${n}dev.json" \
        bench "bench-runtime-${n}dev" ${DEVICE_BENCH_ARGS:-}
    done
  fi
fi
cat "$OUT/summary.txt"
exit $status
