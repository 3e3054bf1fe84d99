#!/usr/bin/env python3
"""A seeded fuzz of the Python front end: a batt or solver module is damaged at random (characters and
lines deleted, inserted, duplicated, swapped, the file cut short) and each variant is given
to CPython's compile() and to `battgpu run` over a few tasks. What must hold:

- battgpu never crashes: its exit status is that of a run (0) or of a located error (5: the
  file cannot be run), never a signal or another status;
- a file CPython rejects, battgpu rejects too, naming the file, line and column;
- a file both accept writes the records the reference runner writes (--compare of them);
- a file CPython accepts and battgpu rejects uses a construct outside the batt and solver
  forms (an operator or a method call battgpu does not take), reported with its location:
  counted.

Prints the counts; exit status 0 when everything holds, 1 otherwise, 2 for bad usage.

usage: syntax_fuzz.py --battgpu BIN --program FILE.py --tasks DIR --work DIR [--first N]
                      [--reference DIR] [--seed N] [--cases N] [--compare N]
"""

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import compare_records  # noqa: E402  (the reference runners and records as the program tests see them)

CHARS = list("()[]{}:,.=+-*/%<>!&|^~@#'\"\\ \t\nabcxyzT0123456789_")
RUN_OK, CANNOT_RUN = 0, 5  # battgpu run's exit statuses (docs/running-python.md)


def damage(text, rng):
    """One to three random edits of `text`."""
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(6)
        p = rng.randrange(len(text))
        lines = text.split('\n')
        if op == 0:
            text = text[:p] + text[p + 1:]
        elif op == 1:
            text = text[:p] + rng.choice(CHARS) + text[p:]
        elif op == 2:
            lines.insert(rng.randrange(len(lines)), lines[rng.randrange(len(lines))])
            text = '\n'.join(lines)
        elif op == 3:
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            text = '\n'.join(lines)
        elif op == 4:
            text = text[:p]
        else:
            del lines[rng.randrange(len(lines))]
            text = '\n'.join(lines)
    return text


def python_accepts(text):
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')  # SyntaxWarning for `5(...)` and the like
        try:
            compile(text, 'variant.py', 'exec')
            return True
        except (SyntaxError, ValueError):
            return False


def records(path):
    with open(path) as fp:
        return [compare_records.normalise(line) for line in fp if line.strip()]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--battgpu', required=True)
    ap.add_argument('--program', required=True, help='the batt or solver module to damage')
    ap.add_argument('--tasks', required=True, help='a folder of ARC task files')
    ap.add_argument('--first', type=int, help='run only its first N task files')
    ap.add_argument('--work', required=True)
    ap.add_argument('--reference', help="the program's DSL directory (for --compare)")
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--cases', type=int, default=300)
    ap.add_argument('--compare', type=int, default=20, help='variants both accept whose '
                    'records are compared with the reference runner\'s (needs --reference)')
    args = ap.parse_args()
    with open(args.program) as fp:
        source = fp.read()
    os.makedirs(args.work, exist_ok=True)
    if args.first:
        chosen = os.path.join(args.work, 'tasks')
        shutil.rmtree(chosen, ignore_errors=True)
        os.makedirs(chosen)
        for name in sorted(f for f in os.listdir(args.tasks) if f.endswith('.json'))[:args.first]:
            os.symlink(os.path.abspath(os.path.join(args.tasks, name)), os.path.join(chosen, name))
        args.tasks = chosen
    rng = random.Random(args.seed)
    variant = os.path.join(args.work, 'variant.py')
    ours_out = os.path.join(args.work, 'battgpu.jsonl')
    ref_out = os.path.join(args.work, 'reference.jsonl')
    counts = {'python rejects, battgpu rejects': 0, 'both run': 0,
              'outside the batt and solver forms': 0, 'records compared': 0}
    failures = []
    for k in range(args.cases):
        text = damage(source, rng)
        with open(variant, 'w') as fp:
            fp.write(text)
        accepted = python_accepts(text)
        run = subprocess.run([args.battgpu, 'run', variant, args.tasks, '-q', '--no-progress',
                              '--jobs', '1', '--records', ours_out],
                             capture_output=True, text=True, timeout=120)
        located = re.search(re.escape(variant) + r':\d+:\d+: error: ', run.stderr) is not None
        problem = None
        if run.returncode not in (RUN_OK, CANNOT_RUN):
            problem = f'exit status {run.returncode}'
        elif run.returncode == CANNOT_RUN and not located:
            problem = 'an error without its location'
        elif not accepted and run.returncode == RUN_OK:
            problem = 'CPython rejects it, battgpu ran it'
        elif not accepted:
            counts['python rejects, battgpu rejects'] += 1
        elif run.returncode == CANNOT_RUN:
            counts['outside the batt and solver forms'] += 1
        else:
            counts['both run'] += 1
            if args.reference and counts['records compared'] < args.compare:
                counts['records compared'] += 1
                env = dict(os.environ, PYTHONHASHSEED='0', EXPECT_GPU='0')
                cmd = compare_records.reference_command(args.reference, variant, args.tasks,
                                                        ref_out, source=source)
                ref = subprocess.run([sys.executable] + cmd, capture_output=True, text=True,
                                     env=env)
                if ref.returncode != 0:
                    problem = f'the reference runner failed: {ref.stderr[-300:]}'
                elif records(ref_out) != records(ours_out):
                    problem = 'records differ from the reference runner\'s'
        if problem:
            kept = os.path.join(args.work, f'failure_{k}.py')
            shutil.copyfile(variant, kept)
            failures.append(f'variant {k} ({kept}): {problem}: {run.stderr.strip()[-300:]}')
    print(f'{args.cases} damaged variants of {os.path.basename(args.program)} (seed {args.seed}): '
          + ', '.join(f'{v} {k}' for k, v in counts.items()) + f', {len(failures)} failures')
    for f in failures[:10]:
        print('  ' + f)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
