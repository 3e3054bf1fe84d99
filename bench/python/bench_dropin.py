#!/usr/bin/env python3
"""battgpu from Python, timed side by side (SPEC section 6: one JSON object per measurement).

  dropin.*  the drop-in batt call against the Python module on the same calls, one core:
            tokpidjin's runner's solving calls (C = None) over the first --dropin-tasks tasks,
            the Python module with its type-hint lookups cached (run_reference.py's
            --cache-type-hints); milliseconds per call.
  bulk.*    a whole run over --tasks: battgpu.run (CallResults as Python values) and
            battgpu.records (record lines) against `battgpu run` (the command line, with and
            without --records) on the same program, tasks and jobs; seconds per run.

Runs are interleaved (A, B, A, B, ...) so that a shared machine's noise hits both sides alike;
median, min and max over --repeat runs, and the spread (max - min) / median.

  python bench/python/bench_dropin.py --battgpu build/default/driver/battgpu [--repeat 5]
"""

import argparse
import importlib
import importlib.util
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get('BATTGPU_SHARED_DIR') or REPO.parent / 'shared')


def load_reference(dsl_dir, batt_path):
    """The batt module as tokpidjin's runner imports it, with the type-hint cache."""
    os.environ.setdefault('EXPECT_GPU', '0')
    sys.path.insert(0, str(dsl_dir))
    importlib.import_module('dsl')
    safe_dsl = importlib.import_module('safe_dsl')
    orig, cache = safe_dsl._get_type_hints_cached, {}

    def cached(func):
        try:
            return cache[func]
        except (KeyError, TypeError):
            pass
        hints = orig(func)
        try:
            cache[func] = hints
        except TypeError:
            pass
        return hints
    safe_dsl._get_type_hints_cached = cached
    spec = importlib.util.spec_from_file_location('batt_ref', batt_path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.batt


def load_calls(tasks_dir, limit):
    calls = []
    files = sorted(f for f in os.listdir(tasks_dir) if f.endswith('.json'))[:limit]
    for f in files:
        with open(os.path.join(tasks_dir, f)) as fp:
            d = json.load(fp)
        grid = lambda g: tuple(tuple(r) for r in g)  # noqa: E731
        demo = [(grid(e['input']), grid(e['output'])) for e in d['train']]
        S = tuple(demo)
        for I in [i for i, _ in demo] + [grid(e['input']) for e in d['test']]:
            calls.append((f[:-5], S, I))
    return calls


def sweep(batt, calls):
    t0 = time.perf_counter()
    for task_id, S, I in calls:
        batt(task_id, S, I, None, '/dev/null')
    return time.perf_counter() - t0


def emit(name, samples, unit, scale=1.0, **extra):
    values = [s * scale for s in samples]
    med = statistics.median(values)
    rec = {'name': name, 'unit': unit, 'median': round(med, 6), 'min': round(min(values), 6),
           'max': round(max(values), 6),
           'spread': round((max(values) - min(values)) / med, 4) if med else None,
           'repeats': len(values), **extra}
    rec.update(CONTEXT)
    print(json.dumps(rec), flush=True)
    return med


def commit():
    try:
        return subprocess.run(['git', '-C', str(REPO), 'rev-parse', '--short', 'HEAD'],
                              capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


CONTEXT = {}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--batt', default=str(SHARED / 'reference/tokpidjin/batt_small.py'))
    ap.add_argument('--dsl-dir', default=str(SHARED / 'reference/tokpidjin'))
    ap.add_argument('--tasks', default=str(SHARED / 'arc-agi/training'))
    ap.add_argument('--battgpu', default=str(REPO / 'build/default/driver/battgpu'),
                    help='the battgpu program (command line) for the bulk comparison')
    ap.add_argument('--repeat', type=int, default=5)
    ap.add_argument('--dropin-tasks', type=int, default=100)
    ap.add_argument('--jobs', type=int, default=0, help='bulk runs: threads (0: every core)')
    ap.add_argument('--skip-python', action='store_true', help='no CPython drop-in timing')
    args = ap.parse_args()

    import battgpu
    CONTEXT.update({'device': 'cpu', 'cpus': os.cpu_count(), 'machine': platform.machine(),
                    'python': platform.python_version(), 'commit': commit(),
                    'battgpu_cuda': battgpu.build_info()['cuda'],
                    'loadavg_start': round(os.getloadavg()[0], 2)})
    program = battgpu.load(args.batt)

    # ---- the drop-in, one call at a time on this thread
    calls = load_calls(args.tasks, args.dropin_tasks)
    ref = None if args.skip_python else load_reference(args.dsl_dir, args.batt)
    sweep(program, calls[:20])
    py_runs, bg_runs = [], []
    for _ in range(args.repeat):
        if ref is not None:
            py_runs.append(sweep(ref, calls))
        bg_runs.append(sweep(program, calls))
    n = len(calls)
    bg = emit('dropin.battgpu', bg_runs, 'ms/call', 1000.0 / n, calls=n)
    if ref is not None:
        py = emit('dropin.python_cached_hints', py_runs, 'ms/call', 1000.0 / n, calls=n)
        ratios = [p / b for p, b in zip(py_runs, bg_runs)]
        emit('dropin.speedup', ratios, 'x', calls=n,
             note='per run: Python module time / battgpu time on the same calls')
        del py

    # ---- bulk: Python bulk forms against the command line, same run
    cli = Path(args.battgpu)
    jobs = args.jobs or os.cpu_count()
    out = {k: [] for k in ('values', 'records', 'cli', 'cli_records')}
    with tempfile.TemporaryDirectory() as tmp:
        rec_file = os.path.join(tmp, 'records.jsonl')
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            calls_done = sum(1 for _ in battgpu.run(program, args.tasks, jobs=jobs,
                                                    progress=False))
            out['values'].append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            for _ in battgpu.records(program, args.tasks, jobs=jobs, progress=False):
                pass
            out['records'].append(time.perf_counter() - t0)
            if cli.exists():
                base = [str(cli), 'run', args.batt, args.tasks, '--jobs', str(jobs), '-q',
                        '--no-progress']
                t0 = time.perf_counter()
                subprocess.run(base, check=True, stdout=subprocess.DEVNULL)
                out['cli'].append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                subprocess.run(base + ['--records', rec_file], check=True,
                               stdout=subprocess.DEVNULL)
                out['cli_records'].append(time.perf_counter() - t0)
    extra = {'calls': calls_done, 'jobs': jobs}
    values = emit('bulk.battgpu_run_values', out['values'], 's', **extra)
    records = emit('bulk.battgpu_records', out['records'], 's', **extra)
    if out['cli']:
        c = emit('bulk.cli_battgpu_run', out['cli'], 's', **extra)
        cr = emit('bulk.cli_battgpu_run_records', out['cli_records'], 's', **extra)
        emit('bulk.values_over_cli', [v / x for v, x in zip(out['values'], out['cli'])], 'x',
             note='battgpu.run (Python values) / battgpu run (no records), per pair of runs',
             **extra)
        emit('bulk.records_over_cli_records',
             [v / x for v, x in zip(out['records'], out['cli_records'])], 'x',
             note='battgpu.records / battgpu run --records, per pair of runs', **extra)
        del c, cr
    del values, records, bg
    print(json.dumps({'name': 'context', 'loadavg_end': round(os.getloadavg()[0], 2),
                      **CONTEXT}))


if __name__ == '__main__':
    main()
