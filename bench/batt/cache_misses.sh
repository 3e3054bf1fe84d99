#!/usr/bin/env bash
# Instructions and simulated cache misses of `battgpu run` on one core, for one or more builds
# side by side: valgrind's callgrind with its cache simulation, counting only the calls
# (Executor::run), over every task of a directory.
#
# Why: on a shared machine the one-core time of the same run moves by half (other tenants take
# the last-level cache), while CPython's does not; the misses of a small last-level cache are
# the part of battgpu's time that moves, and they count the same on every run.
#
# usage: bench/batt/cache_misses.sh PROGRAM TASKS BATTGPU [BATTGPU...]
#   LL_BYTES  the simulated last-level cache (default 2097152: 2 MiB, a contended share)
# Exit codes: 0 done, 1 a run failed, 2 bad usage or valgrind missing.
set -euo pipefail

if [[ $# -lt 3 || $1 == -h || $1 == --help ]]; then
  sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
  [[ $# -ge 3 ]] && exit 0 || exit 2
fi
command -v valgrind > /dev/null || { echo "cache_misses.sh: valgrind is not installed" >&2; exit 2; }

program=$1 tasks=$2
shift 2
ll=${LL_BYTES:-2097152}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

printf '%-40s %15s %13s %13s %13s\n' build instructions "D1 misses" "LL rd misses" "LL wr misses"
for battgpu in "$@"; do
  log="$out/log"
  if ! BATTGPU_CPU_THREADS=1 valgrind --tool=callgrind --cache-sim=yes --D1=32768,8,64 \
    --LL="$ll,16,64" --toggle-collect='battgpu::interp::Executor::run*' \
    --callgrind-out-file="$out/cg" "$battgpu" run "$program" "$tasks" --jobs 1 --time-limit 0 \
    -q --no-progress > /dev/null 2> "$log"; then
    echo "cache_misses.sh: $battgpu failed; its log:" >&2
    tail -20 "$log" >&2
    exit 1
  fi
  # callgrind's summary lines: "I   refs:", "D1  misses:", "LLd misses:" with rd and wr parts.
  refs=$(sed -n 's/.*I   refs: *\([0-9,]*\).*/\1/p' "$log")
  d1=$(sed -n 's/.*D1  misses: *\([0-9,]*\).*/\1/p' "$log")
  llrd=$(sed -n 's/.*LLd misses: *[0-9,]* *( *\([0-9,]*\) rd.*/\1/p' "$log")
  llwr=$(sed -n 's/.*LLd misses: *[0-9,]* *( *[0-9,]* rd + *\([0-9,]*\) wr.*/\1/p' "$log")
  printf '%-40s %15s %13s %13s %13s\n' "$battgpu" "$refs" "$d1" "$llrd" "$llwr"
done
