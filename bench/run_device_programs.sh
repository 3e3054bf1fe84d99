#!/usr/bin/env bash
# On a GPU machine: the Python-program path (issues 12 and 13). Builds with the `device`
# preset, runs the GPU tests (ctest -L gpu: the runtime's and the batched object extraction of
# Python programs, GPU results against the CPU path), compute-sanitizer memcheck and racecheck
# on the small GPU tests, the batched object extraction benchmark, `battgpu run` on batt
# modules over the 400 training tasks on one core, all cores, and with the GPU (auto and
# forced), CPython's reference runner beside it where numpy is there, and the end-to-end
# benchmark of compiled solvers with `auto` against the stages off. Logs under $OUT (default
# ./out); a table of the runs last.
# Environment: OUT, JOBS, STEPS (a list of: build tests sanitizer bench-objects programs e2e;
# default all), BATTGPU_SHARED_DIR (default: ./shared if there, else ../shared),
# PROGRAM_REPS (default 3), SYNTH_SOLVERS (default 470: about 20 000 statements).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1
OUT="${OUT:-./out}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
JOBS="${JOBS:-$(nproc)}"
STEPS="${STEPS:-build tests sanitizer bench-objects programs e2e}"
if [ -z "${BATTGPU_SHARED_DIR:-}" ]; then
  if [ -d shared/arc-agi ]; then export BATTGPU_SHARED_DIR="$PWD/shared"; else export BATTGPU_SHARED_DIR="$(cd .. && pwd)/shared"; fi
fi
TASKS="$BATTGPU_SHARED_DIR/arc-agi/training"
BUILD=build/device
has() { case " $STEPS " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
log() { echo "$*" | tee -a "$OUT/summary.txt"; }
: >"$OUT/summary.txt"
{
  date -u
  git rev-parse HEAD 2>/dev/null || echo "commit: ${BATTGPU_COMMIT:-unknown}"
  nvidia-smi -L 2>&1
  nproc
  python3 --version 2>&1
} >"$OUT/environment.txt"

if has build; then
  start=$SECONDS
  cmake --preset device >"$OUT/configure.log" 2>&1 || { tail -20 "$OUT/configure.log"; exit 1; }
  cmake --build "$BUILD" -j "$JOBS" --target battgpu battgpu_runtime_gpu_tests \
    battgpu_py_objects_tests battgpu_py_objects_gpu_tests battgpu_bench_py_objects \
    battgpu_bench_e2e >"$OUT/build.log" 2>&1 || { grep -E "error" "$OUT/build.log" | head -30; exit 1; }
  log "build: $((SECONDS - start)) s, warnings $(grep -c 'warning' "$OUT/build.log")"
fi

if has tests; then
  start=$SECONDS
  ctest --test-dir "$BUILD" -L gpu --output-on-failure >"$OUT/ctest-gpu.log" 2>&1
  log "ctest -L gpu: exit $? ($((SECONDS - start)) s): $(grep -E 'tests passed' "$OUT/ctest-gpu.log")"
  grep -E "Failed|\*\*\*" "$OUT/ctest-gpu.log" | head -10
fi

if has sanitizer; then
  SAN="$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)"
  for t in "runtime/battgpu_runtime_gpu_tests GpuSmall.*" "py_objects/battgpu_py_objects_gpu_tests GpuPySmall.*"; do
    set -- $t
    for tool in memcheck racecheck; do
      "$SAN" --tool "$tool" --error-exitcode 3 "$BUILD/tests/$1" --gtest_filter="$2" \
        >"$OUT/$tool-$(basename "$1").log" 2>&1
      log "$tool $(basename "$1") $2: exit $? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/$tool-$(basename "$1").log" | tail -1)"
    done
  done
fi

if has bench-objects; then
  "$BUILD/bench/battgpu_bench_py_objects" --tasks "$TASKS" --sizes 1000,10000,100000 \
    --repetitions 3 >"$OUT/bench-py-objects.jsonl" 2>"$OUT/bench-py-objects.log"
  log "bench py_objects: exit $?"
fi

run_program() { # run_program NAME PROGRAM JOBS [ENV...]: one battgpu run, its JSON report
  local name="$1" program="$2" jobs="$3"
  shift 3
  env "$@" "$BUILD/driver/battgpu" run "$program" "$TASKS" --json --no-progress --jobs "$jobs" \
    --time-limit 0 --block 16 >"$OUT/$name.json" 2>"$OUT/$name.err"
  python3 - "$OUT/$name.json" "$name" <<'PY' | tee -a "$OUT/programs.jsonl"
import json, sys
r = json.load(open(sys.argv[1]))
t = r['timing']; s = r['summary']
print(json.dumps({'name': sys.argv[2], 'run_seconds': t['run_seconds'], 'calls': s['calls'],
                  'ms_per_call_wall': round(1000 * t['run_seconds'] / s['calls'], 4),
                  'jobs': r['settings']['jobs'], 'solved': s['solved_tasks']}))
PY
}

if has programs; then
  python3 tools/synth_batt/synth_batt.py --language python --solvers "${SYNTH_SOLVERS:-470}" \
    --seed 20 --output "$OUT/synth.py" 2>/dev/null
  : >"$OUT/programs.jsonl"
  for prog in "$BATTGPU_SHARED_DIR/reference/tokpidjin/batt_small.py" "$OUT/synth.py"; do
    base=$(basename "$prog" .py)
    for rep in $(seq "${PROGRAM_REPS:-3}"); do
      run_program "$base-cpu-1core-$rep" "$prog" 1 BATTGPU_DISABLE_CUDA=1
      run_program "$base-cpu-all-$rep" "$prog" "$JOBS" BATTGPU_DISABLE_CUDA=1
      run_program "$base-gpu-auto-$rep" "$prog" "$JOBS"
      run_program "$base-gpu-forced-$rep" "$prog" "$JOBS" BATTGPU_PATH=gpu
    done
  done
  if python3 -c 'import numpy' 2>/dev/null; then
    for prog in "$BATTGPU_SHARED_DIR/reference/tokpidjin/batt_small.py"; do
      (cd "$BATTGPU_SHARED_DIR/reference/tokpidjin" && PYTHONHASHSEED=0 python3 run_reference.py \
        --dsl-dir . --batt "$prog" --tasks "$TASKS" --out "$OUT/ref.jsonl" --cache-type-hints \
        >"$OUT/cpython.log" 2>&1)
      log "cpython cached hints, $(basename "$prog"): $(tail -1 "$OUT/cpython.log")"
    done
  else
    log "cpython: numpy missing on this machine, the reference runner not run here"
  fi
fi

if has e2e; then
  "$BUILD/bench/e2e/battgpu_bench_e2e" --tasks "$TASKS" --repetitions 3 \
    --configs original-1core,original-all,regenerated-plain-1core,regenerated-auto-1core,regenerated-plain-all,regenerated-auto-all,regenerated-cpu,regenerated-gpu \
    >"$OUT/bench-e2e.jsonl" 2>"$OUT/bench-e2e.log"
  log "e2e: exit $?"
  tail -1 "$OUT/bench-e2e.jsonl"
fi
echo "---"
cat "$OUT/summary.txt"
[ -f "$OUT/programs.jsonl" ] && cat "$OUT/programs.jsonl"
[ -f "$OUT/bench-py-objects.jsonl" ] && tail -6 "$OUT/bench-py-objects.jsonl"
exit 0
