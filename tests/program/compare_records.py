#!/usr/bin/env python3
"""Differential test of whole programs: runs a batt or solver module over ARC tasks in the
Python reference and in `battgpu run`, and compares the records (SPEC section 7) line by line.
Prints the number of lines compared and identical; at the first difference, traces that call
on both sides and names the first statement whose value differs.

The reference side is tokpidjin's runner (reference/tokpidjin/run_reference.py) for a batt
module and run_solvers_reference.py for a solver module. Per-call times and exception
messages are not compared (only the exception's type).

With --compiled NAME, the battgpu side is the compiled program NAME linked into BIN
(`BIN run --program NAME`, battgpu-import's output of FILE.py), and --against says what it is
compared with: the Python reference, the interpreter (`BIN run FILE.py`), or both.

Usage: compare_records.py --battgpu BIN --program FILE.py --reference DIR --tasks DIR
                          --work DIR [--score] [--jobs N] [--python-path DIR] [--extra ARG...]
                          [--compiled NAME [--against reference|interpreter|both]]
Exit status: 0 identical, 1 some line differs, 2 a run failed.
"""

import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def normalise(line):
    rec = json.loads(line)
    rec.pop('seconds', None)
    out = {k: rec[k] for k in ('task', 'split', 'index', 'status')}
    if 'error' in rec:
        out['error'] = rec['error'].split(':')[0]
    out['o'] = rec['o']
    out['s'] = rec['s']
    return json.dumps(out, separators=(',', ':'))


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode not in (0, 1):
        sys.stderr.write(f'command failed ({r.returncode}): {" ".join(cmd)}\n{r.stderr[-3000:]}\n')
        sys.exit(2)
    return r


def first_difference(ref_trace, our_trace):
    ref = [json.loads(l) for l in ref_trace.splitlines() if l.strip()]
    ours = [json.loads(l) for l in our_trace.splitlines() if l.strip()]
    for k, (a, b) in enumerate(zip(ref, ours)):
        if a != b:
            return k, a, b
    if len(ref) != len(ours):
        k = min(len(ref), len(ours))
        return k, ref[k] if k < len(ref) else None, ours[k] if k < len(ours) else None
    return None


def reference_command(reference, program, tasks, out, score=False, source=None):
    """The command (script and arguments, without the interpreter) that runs `program` in
    Python over `tasks` and writes its records to `out`: tokpidjin's runner for a batt module
    (its text `source`, read from `program` when not given), run_solvers_reference.py for a
    solver module."""
    if source is None:
        with open(program) as fp:
            source = fp.read()
    if 'def batt(' in source:
        return [os.path.join(reference, 'run_reference.py'), '--dsl-dir', reference, '--batt',
                program, '--tasks', tasks, '--out', out, '--cache-type-hints'] + \
            (['--diff'] if score else [])
    return [os.path.join(HERE, 'run_solvers_reference.py'), '--dsl-dir', reference,
            '--solvers', program, '--tasks', tasks, '--out', out]


def reference_records(args, out, env):
    cmd = [sys.executable] + reference_command(args.reference, args.program, args.tasks, out,
                                               args.score)
    r = run(cmd, env=env)
    print('reference:', r.stdout.strip().splitlines()[-1] if r.stdout.strip() else '')


def battgpu_records(args, out, compiled):
    what = ['--program', args.compiled] if compiled else [args.program]
    cmd = [args.battgpu, 'run'] + what + [args.tasks, '--records', out, '-q',
                                          '--no-progress'] + (['--score'] if args.score else []) \
        + args.extra
    if args.jobs:
        cmd += ['--jobs', str(args.jobs)]
    r = run(cmd)
    label = 'compiled: ' if compiled else 'battgpu:  '
    print(label + ' | '.join(r.stdout.strip().splitlines()[-4:]))


def compare(args, env, ref_out, ref_name, our_out, our_name):
    """Compares two record files; prints the first differences (traced for the first one)."""
    with open(ref_out) as fp:
        ref_lines = [normalise(l) for l in fp if l.strip()]
    with open(our_out) as fp:
        our_lines = [normalise(l) for l in fp if l.strip()]
    same = sum(a == b for a, b in zip(ref_lines, our_lines))
    total = max(len(ref_lines), len(our_lines))
    print(f'records ({our_name} against {ref_name}): {total} lines compared, {same} identical, '
          f'{total - same} differ')
    if same == total:
        return True
    if args.show == 0:
        return False
    shown = 0
    for k in range(total):
        a = ref_lines[k] if k < len(ref_lines) else '<missing>'
        b = our_lines[k] if k < len(our_lines) else '<missing>'
        if a == b:
            continue
        rec = json.loads(a if a != '<missing>' else b)
        call = f"{rec['task']}:{rec['split']}:{rec['index']}"
        print(f'--- line {k + 1} ({call}) differs')
        print(f'  {ref_name:9}:', a[:600])
        print(f'  {our_name:9}:', b[:600])
        if shown == 0 and ref_name == 'python':
            # The interpreter traces the statements of the same module (a compiled program
            # gives the interpreter's values, or this comparison tells where it does not).
            ref_trace = run([sys.executable, os.path.join(HERE, 'trace_reference.py'),
                             '--dsl-dir', args.reference, '--program', args.program, '--tasks',
                             args.tasks, '--call', call], env=env).stdout
            our_trace = run([args.battgpu, 'run', args.program, args.tasks, '--trace', call, '-q',
                             '--no-progress'] + args.extra).stdout
            d = first_difference(ref_trace, our_trace)
            if d is None:
                print('  every traced statement has the same value')
            else:
                k2, pa, pb = d
                where = pa or pb
                print(f"  first statement whose value differs (statement {k2 + 1} of the call): "
                      f"line {where.get('line')}, {where.get('target')}")
                print('    python :', json.dumps(pa)[:600])
                print('    battgpu:', json.dumps(pb)[:600])
        shown += 1
        if shown >= args.show:
            break
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--battgpu', required=True)
    ap.add_argument('--program', required=True)
    ap.add_argument('--reference', help='the reference DSL directory')
    ap.add_argument('--tasks', required=True)
    ap.add_argument('--work', required=True)
    ap.add_argument('--score', action='store_true')
    ap.add_argument('--jobs', type=int, default=0)
    ap.add_argument('--show', type=int, default=3, help='differing lines to print (0: none, '
                    'and no trace)')
    ap.add_argument('--python-path', metavar='DIR',
                    help='a folder of modules the program imports beside the DSL (put on the '
                         "reference's PYTHONPATH)")
    ap.add_argument('--extra', nargs='*', default=[], help='more arguments for battgpu run')
    ap.add_argument('--compiled', metavar='NAME',
                    help='run the compiled program NAME linked into --battgpu')
    ap.add_argument('--against', choices=('reference', 'interpreter', 'both'),
                    default='reference', help='with --compiled: what its records are compared '
                    'with (default: the Python reference)')
    args = ap.parse_args()
    if not args.compiled:
        args.against = 'reference'
    if args.against != 'interpreter' and not args.reference:
        ap.error('--reference is needed to compare with the Python reference')
    os.makedirs(args.work, exist_ok=True)
    ref_out = os.path.join(args.work, 'reference.jsonl')
    interp_out = os.path.join(args.work, 'battgpu.jsonl')
    compiled_out = os.path.join(args.work, 'compiled.jsonl')
    env = dict(os.environ, PYTHONHASHSEED='0', EXPECT_GPU='0')
    if args.python_path:
        env['PYTHONPATH'] = os.pathsep.join(
            [args.python_path] + ([env['PYTHONPATH']] if env.get('PYTHONPATH') else []))
    if args.against != 'interpreter':
        reference_records(args, ref_out, env)
    if not args.compiled or args.against != 'reference':
        battgpu_records(args, interp_out, False)
    if args.compiled:
        battgpu_records(args, compiled_out, True)
    ok = True
    if not args.compiled:
        ok = compare(args, env, ref_out, 'python', interp_out, 'battgpu')
    else:
        if args.against in ('reference', 'both'):
            ok = compare(args, env, ref_out, 'python', compiled_out, 'compiled') and ok
        if args.against in ('interpreter', 'both'):
            ok = compare(args, env, interp_out, 'interp', compiled_out, 'compiled') and ok
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
