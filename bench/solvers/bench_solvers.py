#!/usr/bin/env python3
"""arc-dsl's 400 solvers over the ARC training tasks, side by side in one run, one core:
CPython (the solver module imported with arc-dsl's dsl.py, each solver called on every train
and test input of its task), `battgpu run solvers.py` (the interpreter: every value dynamic,
every call dispatched when it runs) and the same module compiled by battgpu-import (`battgpu
run --program`: calls resolved when the C++ is compiled). Prints one JSON object per
configuration: per-call time, median and spread over the repetitions.

Usage: bench_solvers.py --battgpu BIN --compiled BIN --reference DIR --tasks DIR
                        [--program-name arc_dsl_solvers] [--repetitions 3]
"""

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


def commit():
    r = subprocess.run(['git', 'rev-parse', '--short', 'HEAD'], capture_output=True, text=True,
                       cwd=os.path.dirname(os.path.abspath(__file__)))
    return r.stdout.strip() or 'unknown'


def cpython_run(reference, tasks):
    """Seconds spent in solver calls and the number of calls, CPython."""
    sys.path.insert(0, reference)
    spec = importlib.util.spec_from_file_location('solvers_bench', os.path.join(reference, 'solvers.py'))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    total, calls = 0.0, 0
    for f in sorted(os.listdir(tasks)):
        if not f.endswith('.json'):
            continue
        with open(os.path.join(tasks, f)) as fp:
            d = json.load(fp)
        solver = getattr(module, 'solve_' + f[:-5], None)
        if solver is None:
            continue
        for sample in d['train'] + d['test']:
            grid = tuple(tuple(r) for r in sample['input'])
            t0 = time.perf_counter()
            try:
                solver(grid)
            except Exception:  # noqa: BLE001 -- a failing solver is a call too
                pass
            total += time.perf_counter() - t0
            calls += 1
    return total, calls


def battgpu_run(cmd):
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, 'report.json')
        # One core in the strict sense: the runtime's own threads are held to one as well.
        subprocess.run(cmd + ['--json', '--no-progress', '--output', report, '--jobs', '1',
                              '--time-limit', '0'], check=True, capture_output=True,
                       env=dict(os.environ, BATTGPU_CPU_THREADS='1'))
        with open(report) as fp:
            r = json.load(fp)
        return r['timing']['run_seconds'], r['summary']['calls']


def measure(name, reps, fn):
    times, calls = [], 0
    for _ in range(reps):
        t, calls = fn()
        times.append(t / calls)
    med = statistics.median(times)
    row = {'name': name, 'calls': calls, 'repetitions': reps,
           'ms_per_call': round(1000 * med, 4), 'min_ms': round(1000 * min(times), 4),
           'max_ms': round(1000 * max(times), 4),
           'spread': round((max(times) - min(times)) / med, 3), 'commit': commit()}
    print(json.dumps(row), flush=True)
    return med


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--battgpu', required=True)
    ap.add_argument('--compiled', required=True, help='a battgpu with the solvers compiled in')
    ap.add_argument('--program-name', default='arc_dsl_solvers')
    ap.add_argument('--reference', required=True, help='reference/arc-dsl')
    ap.add_argument('--tasks', required=True)
    ap.add_argument('--repetitions', type=int, default=3)
    a = ap.parse_args()
    py = measure('cpython', a.repetitions, lambda: cpython_run(a.reference, a.tasks))
    solvers = os.path.join(a.reference, 'solvers.py')
    dyn = measure('battgpu_interpreted', a.repetitions,
                  lambda: battgpu_run([a.battgpu, 'run', solvers, a.tasks, '--dialect', 'arc-dsl']))
    comp = measure('battgpu_compiled', a.repetitions,
                   lambda: battgpu_run([a.compiled, 'run', '--program', a.program_name, a.tasks]))
    print(json.dumps({'name': 'ratios', 'cpython_over_interpreted': round(py / dyn, 1),
                      'cpython_over_compiled': round(py / comp, 1),
                      'interpreted_over_compiled': round(dyn / comp, 2)}), flush=True)


if __name__ == '__main__':
    main()
