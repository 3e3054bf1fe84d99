#!/usr/bin/env bash
# Installs what battgpu needs, builds it with the `default` preset, and runs the main job on
# its built-in default: the example batt module (examples/batt, written by battgpu's own
# generator in the format of tokpidjin's card.py, about 2 000 statements) run as it is by
# `battgpu run` over the 400 ARC training tasks shipped in data/arc-agi, every train and test
# sample of every task. Prints the summary (tasks solved, calls, records, the time per call
# and tasks per second); the records go to build/default/example-records.jsonl.
# Then the compiled example solvers run over examples/tasks with cross-task batching.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/packages.sh

battgpu_ensure_packages "${BATTGPU_BUILD_PACKAGES[@]}" "${BATTGPU_GENERATOR_PACKAGES[@]}"

cmake --preset default
cmake --build --preset default --target battgpu -j 2
build/default/driver/battgpu run examples/batt/synth_batt_48.py --quiet \
  --records build/default/example-records.jsonl
build/default/driver/battgpu run --prefetch always --gather always examples/tasks
