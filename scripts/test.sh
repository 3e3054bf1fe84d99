#!/usr/bin/env bash
# Installs what battgpu needs, configures and builds everything with the `default` preset
# (2 jobs), and runs every test through ctest: the GoogleTest suites and, where it is
# built, the lit suite of battgpu-rewrite. Then builds the Python package with pip and runs
# its pytest suite (scripts/python-test.sh). Arguments are passed on to the configure step
# (e.g. -DBATTGPU_BUILD_GENERATOR=OFF).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/packages.sh

battgpu_ensure_packages "${BATTGPU_BUILD_PACKAGES[@]}" "${BATTGPU_GENERATOR_PACKAGES[@]}"

cmake --preset default "$@"
cmake --build --preset default -j 2
ctest --preset default -j 2
./scripts/python-test.sh
