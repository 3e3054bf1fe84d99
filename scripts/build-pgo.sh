#!/usr/bin/env bash
# Builds `battgpu` with profile-guided optimisation (GCC) in build/pgo, as CPython's own
# release builds are made: an instrumented build, a training run that writes the execution
# profiles, then the optimised build of the same tree in the same folder
# (cmake/BattgpuPgo.cmake). The training run is the shipped example batt module
# (examples/batt, written by battgpu's own generator in the format of tokpidjin's card.py)
# over the shipped ARC training tasks, scored: the statements, values and failures that batt
# files make. Arguments are passed on to the configure step. Result: build/pgo/driver/battgpu.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/packages.sh

battgpu_ensure_packages "${BATTGPU_BUILD_PACKAGES[@]}"

profiles=build/pgo/pgo-profiles
rm -rf "$profiles"
cmake --preset pgo -DBATTGPU_PGO=GENERATE "$@"
cmake --build --preset pgo --target battgpu
echo "build-pgo: training run (instrumented, about half a minute)" >&2
build/pgo/driver/battgpu run examples/batt/synth_batt_48.py --score --jobs 2 --no-progress \
  --quiet > /dev/null
cmake --preset pgo -DBATTGPU_PGO=USE "$@"
cmake --build --preset pgo --target battgpu
echo "build-pgo: build/pgo/driver/battgpu" >&2
