#!/usr/bin/env bash
# How far a host itself lets a one-core run scale: N independent one-core runs of `battgpu run`
# at once (separate processes sharing nothing but the machine), each run's time against one run
# alone, beside battgpu's own N threads on the same work. The first says how much slower each
# core gets when N are busy (shared caches, memory bandwidth, clocks); linear scaling can
# only be asked of the second up to that.
#
# usage: host_ceiling.sh BATTGPU PROGRAM.py TASKS [ROUNDS] [N...]
#   e.g. host_ceiling.sh build/default/driver/battgpu batt_small.py data/arc-agi/training 3 1 8 16 32
# Prints one line per round and N: the median run time of the N copies, and the run time of
# one battgpu run on N threads (both `--time-limit 0`, the runtime's threads held to the run's).
set -eu
if [ $# -lt 3 ]; then
  sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
BATTGPU=$1 PROGRAM=$2 TASKS=$3
ROUNDS=${4:-3}
shift $(( $# >= 4 ? 4 : 3 ))
COUNTS=${*:-"1 $(nproc)"}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run_seconds() { # jobs
  BATTGPU_CPU_THREADS=$1 "$BATTGPU" run "$PROGRAM" "$TASKS" --jobs "$1" --time-limit 0 -q \
    --no-progress 2>&1 | grep -o 'run [0-9.]* s' | cut -d' ' -f2
}
for r in $(seq "$ROUNDS"); do
  for n in $COUNTS; do
    rm -f "$tmp"/copy.*
    for k in $(seq "$n"); do (run_seconds 1 > "$tmp/copy.$k") & done
    wait
    copies=$(sort -n "$tmp"/copy.* | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
    echo "round $r n $n copies_median_s $copies threads_run_s $(run_seconds "$n")"
  done
done
