#!/usr/bin/env python3
"""Batt modules end to end, side by side in one run: CPython (tokpidjin's runner, as its users
run it and with the type-hint lookups cached) against `battgpu run` on one core and on every
core, over the ARC training tasks. Prints one JSON object per measurement (name, program,
calls, median and spread over the repetitions, per-call times) and, with --profile, the share
of battgpu's time per DSL function.

Usage:
  bench_batt.py --battgpu BIN --reference DIR --tasks DIR --program FILE.py [--program ...]
                [--build NAME=BIN ...] [--repetitions N] [--python-repetitions N]
                [--python-tasks N] [--jobs N] [--extra-config NAME=ARGS]

The repetitions are interleaved: each round runs every battgpu configuration once, and the
CPython runs with the hints cached are spread over the rounds, so that a machine whose speed
drifts (a shared one does) moves every column alike. `--build NAME=BIN` measures another
battgpu build on one core in the same rounds (a plain Release build beside the
profile-guided one, or an older commit).

`--python-tasks N` runs CPython on the first N tasks only (a synthetic file of 20 000
statements takes minutes a task set in CPython); per-call times are compared, and the number
of calls each side made is printed.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


def commit():
    try:
        return subprocess.run(['git', 'rev-parse', '--short', 'HEAD'], capture_output=True,
                              text=True, cwd=os.path.dirname(os.path.abspath(__file__))
                              ).stdout.strip()
    except OSError:
        return 'unknown'


def summary_of(path):
    with open(path + '.summary.json') as fp:
        return json.load(fp)


def run_python(args, program, cached, tasks_dir, limit):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, 'records.jsonl')
        cmd = [sys.executable, os.path.join(args.reference, 'run_reference.py'), '--dsl-dir',
               args.reference, '--batt', program, '--tasks', tasks_dir, '--out', out,
               '--timeout', '0']
        if cached:
            cmd.append('--cache-type-hints')
        if limit:
            cmd += ['--limit', str(limit)]
        env = dict(os.environ, PYTHONHASHSEED='0', EXPECT_GPU='0')
        subprocess.run(cmd, check=True, capture_output=True, env=env)
        s = summary_of(out)
        return s['seconds'], s['calls']


def run_battgpu(args, program, jobs, tasks_dir, extra, binary=None):
    """`battgpu run` (args.battgpu, or `binary`): (run seconds, calls, wall seconds, report)."""
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, 'report.json')
        cmd = [binary or args.battgpu, 'run', program, tasks_dir, '--json', '--no-progress',
               '--output', report, '--jobs', str(jobs), '--time-limit', '0'] + extra
        # One core means one: the runtime's own CPU threads (batched object extraction) are
        # held to the run's threads too.
        env = dict(os.environ, BATTGPU_CPU_THREADS=str(jobs))
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True, env=env)
        wall = time.perf_counter() - t0
        with open(report) as fp:
            r = json.load(fp)
        return r['timing']['run_seconds'], r['summary']['calls'], wall, r


def summarize(name, program, times, calls):
    """Prints and returns the row of one measurement: median, range and spread of `times`."""
    med = statistics.median(times)
    row = {'name': name, 'program': os.path.basename(program), 'calls': calls,
           'repetitions': len(times), 'median_s': round(med, 4), 'min_s': round(min(times), 4),
           'max_s': round(max(times), 4),
           'spread': round((max(times) - min(times)) / med, 3) if med else 0,
           'ms_per_call': round(1000 * med / calls, 4) if calls else None,
           'commit': commit()}
    print(json.dumps(row), flush=True)
    return row


def measure(name, program, reps, fn):
    """`fn` run `reps` times in a row: (the row, fn's last output)."""
    times, calls, extra = [], 0, None
    for _ in range(reps):
        extra = fn()
        times.append(extra[0])
        calls = extra[1]
    return summarize(name, program, times, calls), extra


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--battgpu', required=True)
    ap.add_argument('--build', action='append', default=[],
                    help='NAME=BIN: another battgpu build, measured on one core alongside')
    ap.add_argument('--reference', required=True, help='reference/tokpidjin directory')
    ap.add_argument('--tasks', required=True)
    ap.add_argument('--program', action='append', required=True)
    ap.add_argument('--repetitions', type=int, default=3)
    ap.add_argument('--python-repetitions', type=int, default=1)
    ap.add_argument('--python-tasks', type=int, default=0,
                    help='CPython on the first N tasks only (0: all)')
    ap.add_argument('--jobs', type=int, default=os.cpu_count())
    ap.add_argument('--skip-uncached', action='store_true',
                    help='leave out CPython as its users run it (slow)')
    ap.add_argument('--profile', action='store_true')
    ap.add_argument('--extra-config', action='append', default=[],
                    help='NAME=ARGS: one more battgpu run configuration (e.g. gpu=--gpu always)')
    args = ap.parse_args()
    for program in args.program:
        per_call = {}
        if not args.skip_uncached:
            row, _ = measure('cpython', program, args.python_repetitions,
                             lambda: run_python(args, program, False, args.tasks, args.python_tasks))
            per_call['cpython'] = row['ms_per_call']
        # (name, binary, jobs, extra arguments)
        configs = [('battgpu_1_core', args.battgpu, 1, [])]
        for spec in args.build:
            name, _, binary = spec.partition('=')
            configs.append((f'battgpu_1_core_{name}', binary, 1, []))
        configs.append(('battgpu_all_cores', args.battgpu, args.jobs, []))
        for spec in args.extra_config:
            name, _, extra = spec.partition('=')
            configs.append((name, args.battgpu, args.jobs, extra.split()))
        times = {name: [] for name, *_ in configs}
        calls = {}
        python_times, python_calls = [], 0
        rounds = max(args.repetitions, args.python_repetitions)
        python_rounds = {round(r * rounds / args.python_repetitions)
                         for r in range(args.python_repetitions)}
        for r in range(rounds):
            if r in python_rounds:
                seconds, python_calls = run_python(args, program, True, args.tasks,
                                                   args.python_tasks)
                python_times.append(seconds)
            if r >= args.repetitions:
                continue
            for name, binary, jobs, extra in configs:
                seconds, n, _, _ = run_battgpu(args, program, jobs, args.tasks, extra, binary)
                times[name].append(seconds)
                calls[name] = n
        row = summarize('cpython_cached_hints', program, python_times, python_calls)
        per_call['cpython_cached_hints'] = row['ms_per_call']
        for name, *_ in configs:
            # ms_per_call of a multi-threaded run is wall time per call (throughput).
            per_call[name] = summarize(name, program, times[name], calls[name])['ms_per_call']
        for name, *_ in configs:
            if not name.startswith('battgpu_1_core'):
                continue
            one = per_call[name]
            speedups = {k: round(v / one, 1) for k, v in per_call.items()
                        if one and k.startswith('cpython')}
            print(json.dumps({'name': 'speedup_' + name.removeprefix('battgpu_'),
                              'program': os.path.basename(program), 'over': speedups}),
                  flush=True)
        one = per_call.get('battgpu_1_core')
        if args.jobs > 1 and per_call.get('battgpu_all_cores'):
            eff = one / (per_call['battgpu_all_cores'] * args.jobs)
            print(json.dumps({'name': 'core_scaling', 'program': os.path.basename(program),
                              'jobs': args.jobs, 'efficiency': round(eff, 3)}), flush=True)
        if args.profile:
            _, _, _, report = run_battgpu(args, program, 1, args.tasks, ['--profile'])
            total = sum(e['seconds'] for e in report.get('profile', [])) or 1
            top = [{'function': e['function'], 'share': round(e['seconds'] / total, 3),
                    'calls': e['calls']} for e in report.get('profile', [])[:15]]
            print(json.dumps({'name': 'profile', 'program': os.path.basename(program),
                              'top': top}), flush=True)


if __name__ == '__main__':
    main()
