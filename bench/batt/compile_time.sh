#!/usr/bin/env bash
# compile_time.sh BUILD_DIR PROGRAM.py: the cost of the compiled path for a batt module: the
# import (battgpu-import) and the compile of its C++ at -O1 and -O2 with the project's flags,
# CPU seconds and peak memory of each (GNU time). Prints one JSON line per step.
set -euo pipefail
build=$1
program=$2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
lines=$(wc -l <"$program")
measure() { # measure NAME COMMAND...
  local name=$1
  shift
  /usr/bin/time -f '%U %S %M' -o "$work/time" "$@" >/dev/null 2>"$work/err" || {
    cat "$work/err" >&2
    exit 1
  }
  read -r user sys kb <"$work/time"
  printf '{"name": "%s", "program": "%s", "lines": %s, "cpu_seconds": %.2f, "peak_mb": %d}\n' \
    "$name" "$(basename "$program")" "$lines" "$(echo "$user + $sys" | bc)" $((kb / 1024))
}
measure import "$build/importer/battgpu-import" "$program" -o "$work/program.cpp" --name bench
includes=(-I"$here/runtime/include" -I"$here/frontend/include" -I"$here/interp/include")
for level in -O1 -O2; do
  measure "compile$level" c++ -std=c++20 "$level" "${includes[@]}" -c "$work/program.cpp" \
    -o "$work/program.o"
done
