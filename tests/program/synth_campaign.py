#!/usr/bin/env python3
"""A differential campaign over many generated programs: for each seed, a module is written and
compare_records.py runs it through the Python reference and through `battgpu run` and compares
the records line by line. The modules are either synthetic batt modules in card.py's format
(tools/synth_batt, tokpidjin's dialect; with --score, the scoring calls too) or, with
--mutate PROGRAM, a solver or batt module changed at random as a program search changes it
(mutate_program.py: a function swapped, an argument replaced or two exchanged), so that its
calls raise or compute something else in the ways Python's dynamic typing allows.

A differing line whose differing records all hold a NaN is counted apart: CPython hashes a
NaN by its address, so the order of a set that holds one (or holds a set that does) changes
from run to run of the reference itself, and no other run can reproduce it
(docs/running-python.md). So is a line the reference itself does not reproduce: the tasks of
the remaining differing lines are run through the reference up to seven times more, each time
with its objects moved in memory by another amount first and `math.nan` given another NaN
object (heap_shifted.py), since CPython hashes a function by its address too, and a line that
changes there (a NaN's order upstream, picked into a value without one, or a function that
reached a set) is counted as varying.
Every other difference is a bug until shown otherwise.

Prints a line per seed and a total (or, with --json, one JSON object).
Exit status: 0 every difference is one of those; 1 some other line differs; 2 a run failed or
bad usage.

usage: synth_campaign.py --battgpu BIN --reference DIR --tasks DIR --work DIR
                         [--seeds 21-30] [--solvers 40] [--score] [--json]
       synth_campaign.py --mutate PROGRAM --battgpu BIN --reference DIR --tasks DIR
                         --work DIR [--seeds 1-5] [--mutations K] [--score] [--json]
"""

import argparse
import json
import os
import shutil
import subprocess
import sys

import compare_records

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SYNTH = os.path.join(ROOT, 'tools', 'synth_batt', 'synth_batt.py')
MUTATE = os.path.join(HERE, 'mutate_program.py')
SHIFTED = os.path.join(HERE, 'heap_shifted.py')
NAN = '{"float": null}'  # the canonical form of a NaN (SPEC section 7)


def parse_seeds(text):
    seeds = []
    for part in text.split(','):
        first, _, last = part.partition('-')
        seeds.extend(range(int(first), int(last or first) + 1))
    return seeds


def differs_only_where_nan(a, b):
    """Whether two record lines of one call differ only in records that hold a NaN, on
    either side (the same status, the same number of records)."""
    if a['status'] != b['status'] or len(a['o']) != len(b['o']) or len(a['s']) != len(b['s']):
        return False
    for x, y in zip(a['o'] + a['s'], b['o'] + b['s']):
        if x != y and NAN not in json.dumps(x) and NAN not in json.dumps(y):
            return False
    return True


def classify(work):
    """Lines compared, identical, differing only in records with a NaN, and the calls of the
    other ones."""
    with open(os.path.join(work, 'reference.jsonl')) as fp:
        ref = [json.loads(line) for line in fp if line.strip()]
    with open(os.path.join(work, 'battgpu.jsonl')) as fp:
        ours = [json.loads(line) for line in fp if line.strip()]
    identical = with_nan = 0
    others = []
    for k in range(max(len(ref), len(ours))):
        a = ref[k] if k < len(ref) else None
        b = ours[k] if k < len(ours) else None
        fields = ('task', 'split', 'index', 'status', 'o', 's')
        if a and b and all(a.get(f) == b.get(f) for f in fields) and \
                a.get('error', '').split(':')[0] == b.get('error', '').split(':')[0]:
            identical += 1
        elif a and b and differs_only_where_nan(a, b):
            with_nan += 1
        else:
            where = a or b
            others.append(f"{where['task']}:{where['split']}:{where['index']}")
    return max(len(ref), len(ours)), identical, with_nan, others


def reference_varies(args, module, work, calls, shifts=7):
    """The calls (TASK:SPLIT:INDEX) whose reference records change when the reference runs
    their tasks again with its objects moved in memory (heap_shifted.py, by 1 to `shifts`
    function objects, each rerun over the tasks of the calls not yet seen to change): its own
    outcome there is not reproducible (a NaN, or a function in a set, upstream)."""
    with open(os.path.join(work, 'reference.jsonl')) as fp:
        first = {key(r): r for r in map(json.loads, fp) if key(r) in calls}
    varies = set()
    env = dict(os.environ, PYTHONHASHSEED='0', EXPECT_GPU='0')
    for shift in range(1, shifts + 1):
        remaining = set(calls) - varies
        if not remaining:
            break
        task_dir = os.path.join(work, 'again', f'shift_{shift}')
        shutil.rmtree(task_dir, ignore_errors=True)
        os.makedirs(task_dir)
        for t in sorted({c.split(':')[0] for c in remaining}):
            os.symlink(os.path.abspath(os.path.join(args.tasks, t + '.json')),
                       os.path.join(task_dir, t + '.json'))
        out = task_dir + '.jsonl'
        cmd = compare_records.reference_command(args.reference, module, task_dir, out, args.score)
        subprocess.run([sys.executable, SHIFTED, str(shift)] + cmd, check=True,
                       capture_output=True, env=env)
        with open(out) as fp:
            for r in map(json.loads, fp):
                c = key(r)
                if c in remaining and any(r.get(f) != first[c].get(f)
                                          for f in ('status', 'o', 's')):
                    varies.add(c)
    return varies


def key(record):
    return f"{record['task']}:{record['split']}:{record['index']}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--battgpu', required=True)
    ap.add_argument('--reference', required=True, help="the programs' DSL directory "
                    "(tokpidjin's for synthetic batt modules)")
    ap.add_argument('--tasks', required=True)
    ap.add_argument('--work', required=True)
    ap.add_argument('--seeds', default='21-30', help='seeds, as 21-30 or 3,5,8-9')
    ap.add_argument('--solvers', type=int, default=40, help='solvers a module (about 43 '
                    'statements each)')
    ap.add_argument('--score', action='store_true', help='the scoring calls too (C = the '
                    'expected output)')
    ap.add_argument('--mutate', metavar='PROGRAM', help='a solver or batt module changed at '
                    'random for each seed (mutate_program.py) instead of synthetic batt modules')
    ap.add_argument('--mutations', type=int, help='with --mutate: changed calls a solver, or '
                    'in the batt (mutate_program.py)')
    ap.add_argument('--json', action='store_true', help='one JSON object on standard output')
    args = ap.parse_args()
    try:
        seeds = parse_seeds(args.seeds)
    except ValueError:
        ap.error(f'--seeds: not a list of seeds: {args.seeds!r}')
    os.makedirs(args.work, exist_ok=True)
    report = {'seeds': [], 'lines': 0, 'identical': 0, 'with_nan': 0, 'reference_varies': 0,
              'other': 0}
    for seed in seeds:
        work = os.path.join(args.work, f'seed_{seed}')
        if args.mutate:
            module = os.path.join(args.work, f'mutated_{seed}.py')
            subprocess.run([sys.executable, MUTATE, '--program', args.mutate, '--reference',
                            args.reference, '--seed', str(seed), '--out', module]
                           + (['--mutations', str(args.mutations)] if args.mutations else []),
                           check=True)
        else:
            module = os.path.join(args.work, f'synth_{seed}.py')
            subprocess.run([sys.executable, SYNTH, '--language', 'python', '--solvers',
                            str(args.solvers), '--seed', str(seed), '--output', module],
                           check=True)
        cmd = [sys.executable, os.path.join(HERE, 'compare_records.py'), '--battgpu',
               args.battgpu, '--program', module, '--reference', args.reference, '--tasks',
               args.tasks, '--work', work, '--show', '0'] + (['--score'] if args.score else [])
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode not in (0, 1):
            sys.stderr.write(f'seed {seed}: the comparison failed ({run.returncode}):\n'
                             f'{run.stderr[-2000:]}\n')
            return 2
        lines, identical, with_nan, others = classify(work)
        varies = reference_varies(args, module, work, set(others)) if others else set()
        others = [c for c in others if c not in varies]
        entry = {'seed': seed, 'lines': lines, 'identical': identical, 'with_nan': with_nan,
                 'reference_varies': len(varies), 'other': len(others),
                 'first_other': others[:3]}
        report['seeds'].append(entry)
        for name in ('lines', 'identical', 'with_nan', 'reference_varies'):
            report[name] += entry[name]
        report['other'] += len(others)
        if not args.json:
            print(f'seed {seed}: {lines} lines compared, {identical} identical, {with_nan} '
                  f'differ in records with a NaN, {len(varies)} where the reference varies '
                  f'from run to run (or with its memory layout), {len(others)} differ otherwise'
                  + (f' (first: {", ".join(others[:3])})' if others else ''), flush=True)
    if args.json:
        print(json.dumps(report))
    else:
        print(f"total: {len(seeds)} modules, {report['lines']} lines compared, "
              f"{report['identical']} identical, {report['with_nan']} differ in records with a "
              f"NaN, {report['reference_varies']} where the reference varies, "
              f"{report['other']} differ otherwise")
    return 0 if report['other'] == 0 else 1


if __name__ == '__main__':
    sys.exit(main())
