#!/usr/bin/env bash
# Whether batching object extraction over the calls in flight pays: interleaved rounds of
# `battgpu run PROGRAM` with N worker threads and the runtime's CPU threads left at their
# default (every core), object extraction batched (BATTGPU_BATCH_OBJECTS=1: on the runtime's
# CPU threads, or on the GPU where its cost model sends it there), not batched (=0), and the
# default (auto), beside the one-core run in the strict sense (BATTGPU_CPU_THREADS=1).
#
# usage: batching_rounds.sh BATTGPU PROGRAM.py TASKS [ROUNDS] [JOBS...]
#   e.g. batching_rounds.sh build/default/driver/battgpu examples/batt/synth_batt_48.py \
#          data/arc-agi/training 5 1 8
# Prints one line per round and JOBS: the run seconds of each configuration (`--time-limit 0`).
# Exit codes: 0 done, 1 a run failed, 2 bad usage.
set -eu
if [ $# -lt 3 ]; then
  sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
BATTGPU=$1 PROGRAM=$2 TASKS=$3
ROUNDS=${4:-3}
shift $(($# >= 4 ? 4 : 3))
JOBS_LIST=${*:-1}
run_seconds() { # jobs, then environment assignments
  local jobs=$1 out
  shift
  if ! out=$(env "$@" "$BATTGPU" run "$PROGRAM" "$TASKS" --jobs "$jobs" --time-limit 0 -q \
    --no-progress 2>&1) || ! grep -q 'run [0-9.]* s' <<<"$out"; then
    echo "batching_rounds.sh: the run with --jobs $jobs $* failed:" >&2
    tail -5 <<<"$out" >&2
    return 1
  fi
  grep -o 'run [0-9.]* s' <<<"$out" | cut -d' ' -f2
}
printf '%-6s %-5s %10s %10s %10s %12s\n' round jobs batched plain auto strict-1
for r in $(seq 1 "$ROUNDS"); do
  for j in $JOBS_LIST; do
    batched=$(run_seconds "$j" BATTGPU_BATCH_OBJECTS=1) || exit 1
    plain=$(run_seconds "$j" BATTGPU_BATCH_OBJECTS=0) || exit 1
    auto=$(run_seconds "$j" BATTGPU_UNUSED=) || exit 1
    strict=-
    if [ "$j" = 1 ]; then strict=$(run_seconds 1 BATTGPU_CPU_THREADS=1) || exit 1; fi
    printf '%-6s %-5s %10s %10s %10s %12s\n' "$r" "$j" "$batched" "$plain" "$auto" "$strict"
  done
done
