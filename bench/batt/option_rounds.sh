#!/usr/bin/env bash
# Whether a `battgpu run` option pays: interleaved rounds of `battgpu run PROGRAM TASKS` with
# each of several option sets, at each of several thread counts (the runtime's CPU threads held
# to the same count), `--time-limit 0`, printing each run's seconds and peak memory.
#
# usage: option_rounds.sh BATTGPU PROGRAM.py TASKS ROUNDS "JOBS..." "OPTIONS" ["OPTIONS"...]
#   e.g. option_rounds.sh build/cpu/driver/battgpu synth.py data/arc-agi/training 3 "2 16" \
#          "" "--calls-apart 0"
# An empty OPTIONS is the default. One line per round, thread count and option set:
#   round jobs seconds peak-MiB options
# Exit codes: 0 done, 1 a run failed, 2 bad usage.
set -eu
if [ $# -lt 6 ]; then
  sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
BATTGPU=$1 PROGRAM=$2 TASKS=$3 ROUNDS=$4 JOBS_LIST=$5
shift 5
report=$(mktemp)
trap 'rm -f "$report"' EXIT
printf '%-6s %-5s %10s %9s  %s\n' round jobs seconds peak-MiB options
for r in $(seq 1 "$ROUNDS"); do
  for j in $JOBS_LIST; do
    for options in "$@"; do
      # shellcheck disable=SC2086 # an option set is split into its words
      if ! BATTGPU_CPU_THREADS=$j "$BATTGPU" run "$PROGRAM" "$TASKS" --jobs "$j" --time-limit 0 \
        --no-progress --json --output "$report" $options > /dev/null 2>&1; then
        echo "option_rounds.sh: the run with --jobs $j $options failed" >&2
        exit 1
      fi
      seconds=$(grep -m1 -o '"run_seconds": *[0-9.]*' "$report" | grep -o '[0-9.]*$')
      peak=$(grep -m1 -o '"peak_memory_mib": *[0-9.]*' "$report" | grep -o '[0-9.]*$')
      printf '%-6s %-5s %10.3f %9.0f  %s\n' "$r" "$j" "$seconds" "$peak" "${options:-(default)}"
    done
  done
done
