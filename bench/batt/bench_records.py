#!/usr/bin/env python3
"""The whole job as users run it: a batt module over the ARC training tasks, every sample's
plain and scoring call (tokpidjin's runner with --diff, `battgpu run --score`), every record
written to a file, side by side in one run. Reports the wall time of each process (reading
the tasks, the calls, writing the records), and for battgpu also its run seconds without
--records, which shows what writing the records costs. battgpu's configurations run
interleaved, repeated; medians and spreads.

Usage:
  bench_records.py --battgpu BIN [--baseline OLD_BIN] --reference DIR --tasks DIR
                   --program FILE.py [--repetitions N] [--python-repetitions N] [--jobs N]

--baseline runs the same battgpu configurations with an older build, interleaved with the
new one, so that a change is measured in one sitting. Prints one JSON object per
configuration.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

from bench_batt import commit, run_battgpu, summary_of  # beside this script


def cpython_job(args, tmp):
    """tokpidjin's runner, hints cached, with --diff: (wall seconds, batt seconds, calls)."""
    out = os.path.join(tmp, 'reference.jsonl')
    cmd = [sys.executable, os.path.join(args.reference, 'run_reference.py'), '--dsl-dir',
           args.reference, '--batt', args.program, '--tasks', args.tasks, '--out', out,
           '--timeout', '0', '--diff', '--cache-type-hints']
    env = dict(os.environ, PYTHONHASHSEED='0', EXPECT_GPU='0')
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True, env=env)
    wall = time.perf_counter() - t0
    summary = summary_of(out)
    return wall, summary['seconds'], summary['calls']


def battgpu_job(binary, args, jobs, records, tmp):
    """`battgpu run --score`: (process wall seconds, run seconds, calls)."""
    extra = ['--score']
    if records:
        extra += ['--records', os.path.join(tmp, 'records.jsonl')]
    run, calls, wall, _ = run_battgpu(args, args.program, jobs, args.tasks, extra, binary)
    return wall, run, calls


def row(name, program, walls, runs, calls, reps):
    med = statistics.median(walls)
    out = {'name': name, 'program': os.path.basename(program), 'calls': calls,
           'repetitions': reps, 'wall_median_s': round(med, 4),
           'wall_min_s': round(min(walls), 4), 'wall_max_s': round(max(walls), 4),
           'wall_spread': round((max(walls) - min(walls)) / med, 3) if med else 0,
           'commit': commit()}
    if runs:
        out['run_median_s'] = round(statistics.median(runs), 4)
    print(json.dumps(out), flush=True)
    return out



def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--battgpu', required=True)
    ap.add_argument('--baseline', help='an older battgpu build, measured alongside')
    ap.add_argument('--reference', required=True, help='reference/tokpidjin directory')
    ap.add_argument('--tasks', required=True)
    ap.add_argument('--program', required=True)
    ap.add_argument('--repetitions', type=int, default=5)
    ap.add_argument('--python-repetitions', type=int, default=1,
                    help='CPython jobs (0: leave CPython out)')
    ap.add_argument('--jobs', type=int, default=os.cpu_count())
    args = ap.parse_args()

    builds = [('battgpu', args.battgpu)] + ([('baseline', args.baseline)] if args.baseline else [])
    configs = [(f'{b}_{j}_core{"s" if j > 1 else ""}{"_records" if rec else ""}', binary, j, rec)
               for b, binary in builds for j in sorted({1, args.jobs}) for rec in (True, False)]
    results = {name: ([], [], 0) for name, *_ in configs}
    with tempfile.TemporaryDirectory() as tmp:
        if args.python_repetitions:
            walls, seconds = [], []
            for _ in range(args.python_repetitions):
                wall, batt_seconds, calls = cpython_job(args, tmp)
                walls.append(wall)
                seconds.append(batt_seconds)
            cp = row('cpython_cached_hints_records', args.program, walls, seconds, calls,
                     args.python_repetitions)
        for _ in range(args.repetitions):
            for name, binary, jobs, records in configs:
                wall, run, calls = battgpu_job(binary, args, jobs, records, tmp)
                walls, runs, _ = results[name]
                walls.append(wall)
                runs.append(run)
                results[name] = (walls, runs, calls)
    rows = {name: row(name, args.program, w, r, c, args.repetitions) for name, (w, r, c) in results.items()}
    if args.python_repetitions:
        over = {name: round(cp['wall_median_s'] / r['wall_median_s'], 1)
                for name, r in rows.items() if name.endswith('_records')}
        print(json.dumps({'name': 'whole_job_speedup_over_cpython', 'over': over}), flush=True)


if __name__ == '__main__':
    main()
