#!/usr/bin/env bash
# Installs what battgpu needs, builds it with the `default` preset (battgpu-rewrite
# regenerates the example solvers, which are linked with the runtime), and runs them over
# examples/tasks with cross-task batching: the tasks' grids are prefetched through the
# runtime in one batch, and the solvers run as coroutines whose batch points are gathered
# across the tasks. Prints each task's result, solved/total, the time per stage and the
# runtime's statistics.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/packages.sh

battgpu_ensure_packages "${BATTGPU_BUILD_PACKAGES[@]}" "${BATTGPU_GENERATOR_PACKAGES[@]}"

cmake --preset default
cmake --build --preset default --target battgpu -j 2
build/default/driver/battgpu run --prefetch always --gather always examples/tasks
