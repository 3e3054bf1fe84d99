#!/usr/bin/env bash
# Installs what battgpu needs, builds it with the `default` preset, and runs the example
# solvers over examples/tasks: prints each task's result, solved/total and the time.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/packages.sh

battgpu_ensure_packages "${BATTGPU_BUILD_PACKAGES[@]}" "${BATTGPU_GENERATOR_PACKAGES[@]}"

cmake --preset default
cmake --build --preset default --target battgpu -j 2
build/default/driver/battgpu run examples/tasks
