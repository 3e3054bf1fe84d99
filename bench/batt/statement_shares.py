#!/usr/bin/env python3
"""Where each side's time goes, statement by statement: a batt module run in CPython (tokpidjin's
runner, the type-hint lookups cached) with every statement timed, and in `battgpu run --profile`
on one core, over the same tasks; the seconds of each kind of statement (its callee: a DSL
function, or a closure named after the first DSL function it holds, as battgpu's profile names
it) side by side, with the share of each side's time and the ratio. It shows which statements
a one-core speed-up is made of, and which hold it back.

CPython's side is the module rewritten so that each `try` statement of the batt function is
timed with time.perf_counter (the timer's own floor, measured in the same process, is taken
out of every statement); battgpu's is its profile, which takes out its own records. Both sides
count every statement of every call; a statement whose callee is its own target is not timed.

With --check it is also a test of the profile: every kind of statement must have run as many
times on both sides (the profile counts every statement of every call, the ones whose outcome
another call's gave included), under the same name; the count of kinds and of matches is
printed, and a difference fails.

Usage:
  statement_shares.py --battgpu BIN --reference DIR --tasks DIR --program FILE.py
                      [--top N] [--json] [--check] [--work DIR]
Exit codes: 0 done, 1 a run failed or (--check) some count differs, 2 bad usage.
"""

import argparse
import ast
import json
import os
import subprocess
import sys
import tempfile

# Added to the module: the timer, the floor it measures, and the tally by callee label.
PRELUDE = r'''
import atexit as _atexit
import json as _json
import os as _os
import statistics as _statistics
from time import perf_counter as _pc

_seconds = {}
_calls = {}


def _floor():
    samples = []
    for _ in range(20000):
        _t0 = _pc()
        try:
            pass
        except (TypeError, ValueError):
            pass
        samples.append(_pc() - _t0)
    return _statistics.median(samples)


_FLOOR = _floor()


def _held(f):
    """The first DSL function a closure holds, in its maker's parameter order."""
    code = getattr(f, '__code__', None)
    maker = getattr(f, '__globals__', {}).get(f.__qualname__.split('.<locals>')[0])
    maker = getattr(maker, '__wrapped__', maker)
    if code is None or not hasattr(maker, '__code__') or not f.__closure__:
        return None
    cells = dict(zip(code.co_freevars, f.__closure__))
    params = maker.__code__.co_varnames[:maker.__code__.co_argcount]
    for name in params:
        if name in cells:
            try:
                v = cells[name].cell_contents
            except ValueError:
                continue
            if callable(v) and '<locals>' not in getattr(v, '__qualname__', '<locals>'):
                return v.__name__
    return None


def _label(f):
    if not callable(f):
        return '<not callable>'
    qualname = getattr(f, '__qualname__', '')
    if '<locals>' not in qualname:
        return getattr(f, '__name__', '<not callable>')
    held = _held(f)
    return 'closure ' + f.__name__ + (' of ' + held if held else '')


def _note(f, seconds):
    # Outside the statement's try: naming its callee must never raise into the batt call.
    try:
        k = _label(f)
    except Exception:
        k = '<unnamed callee>'
    _seconds[k] = _seconds.get(k, 0.0) + max(0.0, seconds - _FLOOR)
    _calls[k] = _calls.get(k, 0) + 1


def _dump():
    with open(_os.environ['BATTGPU_SHARES_OUT'], 'w') as fp:
        _json.dump({'floor_s': _FLOOR, 'seconds': _seconds, 'calls': _calls}, fp)


_atexit.register(_dump)
'''


def timed_statement(stmt):
    """`stmt` (a top-level statement of the batt function) with its timing, or None."""
    if not isinstance(stmt, ast.Try) or len(stmt.body) != 1:
        return None
    assign = stmt.body[0]
    if not (isinstance(assign, ast.Assign) and isinstance(assign.value, ast.Call)
            and len(assign.targets) == 1):
        return None
    callee = assign.value.func
    targets = {n.id for n in ast.walk(assign.targets[0]) if isinstance(n, ast.Name)}
    if isinstance(callee, ast.Name) and callee.id in targets:
        return None  # the callee is gone once the statement ran
    start = ast.parse('_t0 = _pc()').body[0]
    note = ast.Expr(ast.Call(ast.Name('_note', ast.Load()),
                             [callee, ast.parse('_pc() - _t0', mode='eval').body], []))
    return [start, stmt, note]


def instrument(source):
    tree = ast.parse(source)
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == 'batt':
            body = []
            for stmt in node.body:
                body.extend(timed_statement(stmt) or [stmt])
            node.body = body
            break
    else:
        raise ValueError('no batt function')
    prelude = ast.parse(PRELUDE).body
    # After the module's imports, which the prelude must not shadow.
    first = next((i for i, n in enumerate(tree.body)
                  if not isinstance(n, (ast.Import, ast.ImportFrom))), len(tree.body))
    tree.body[first:first] = prelude
    return ast.unparse(ast.fix_missing_locations(tree)) + '\n'


def run_cpython(args, work):
    with open(args.program) as fp:
        text = instrument(fp.read())
    program = os.path.join(work, 'timed_' + os.path.basename(args.program))
    with open(program, 'w') as fp:
        fp.write(text)
    shares = os.path.join(work, 'cpython_shares.json')
    out = os.path.join(work, 'records.jsonl')
    cmd = [sys.executable, os.path.join(args.reference, 'run_reference.py'), '--dsl-dir',
           args.reference, '--batt', program, '--tasks', args.tasks, '--out', out, '--timeout',
           '0', '--cache-type-hints']
    env = dict(os.environ, PYTHONHASHSEED='0', EXPECT_GPU='0', BATTGPU_SHARES_OUT=shares)
    subprocess.run(cmd, check=True, capture_output=True, env=env)
    with open(shares) as fp:
        tally = json.load(fp)
    with open(out + '.summary.json') as fp:
        summary = json.load(fp)
    return tally, summary


def run_battgpu(args, work):
    report = os.path.join(work, 'report.json')
    cmd = [args.battgpu, 'run', args.program, args.tasks, '--profile', '--json', '--no-progress',
           '--output', report, '--jobs', '1', '--time-limit', '0']
    subprocess.run(cmd, check=True, capture_output=True,
                   env=dict(os.environ, BATTGPU_CPU_THREADS='1'))
    with open(report) as fp:
        return json.load(fp)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--battgpu', required=True)
    ap.add_argument('--reference', required=True, help='reference/tokpidjin directory')
    ap.add_argument('--tasks', required=True)
    ap.add_argument('--program', required=True)
    ap.add_argument('--top', type=int, default=30, help='rows of the text table')
    ap.add_argument('--json', action='store_true', help='one JSON object instead of the table')
    ap.add_argument('--check', action='store_true',
                    help='fail unless both sides ran every kind of statement as often')
    ap.add_argument('--work', help='keep the rewritten module and the reports here')
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        work = args.work or temporary
        try:
            os.makedirs(work, exist_ok=True)
            tally, py_summary = run_cpython(args, work)
            report = run_battgpu(args, work)
        except (subprocess.CalledProcessError, OSError, ValueError, SyntaxError) as e:
            detail = getattr(e, 'stderr', b'') or b''
            print(f'statement_shares.py: {e}\n{detail.decode(errors="replace")[-2000:]}',
                  file=sys.stderr)
            return 1
    bg_seconds, bg_calls = {}, {}
    for e in report['profile']:
        bg_seconds[e['function']] = e['seconds']
        bg_calls[e['function']] = e['calls']
    py_total = sum(tally['seconds'].values())
    bg_total = sum(bg_seconds.values())
    rows = []
    for name in sorted(set(tally['seconds']) | set(bg_seconds),
                       key=lambda k: -tally['seconds'].get(k, 0.0)):
        p, b = tally['seconds'].get(name, 0.0), bg_seconds.get(name, 0.0)
        rows.append({'statement': name, 'cpython_s': round(p, 4),
                     'cpython_share': round(p / py_total, 4) if py_total else 0,
                     'cpython_calls': tally['calls'].get(name, 0), 'battgpu_s': round(b, 5),
                     'battgpu_share': round(b / bg_total, 4) if bg_total else 0,
                     'battgpu_calls': bg_calls.get(name, 0),
                     'ratio': round(p / b, 1) if b > 0 else None})
    result = {
        'program': os.path.basename(args.program), 'calls': report['summary']['calls'],
        'cpython_calls': py_summary['calls'],
        'cpython_statements_s': round(py_total, 3), 'cpython_calls_s': py_summary['seconds'],
        'cpython_timer_floor_ns': round(1e9 * tally['floor_s'], 1),
        'battgpu_statements_s': round(bg_total, 4),
        'battgpu_profiled_run_s': round(report['timing']['run_seconds'], 4),
        'ratio': round(py_total / bg_total, 1) if bg_total else None, 'rows': rows}
    differing = [r for r in rows if r['cpython_calls'] != r['battgpu_calls']]
    if args.json:
        print(json.dumps(result))
    else:
        print_table(result, rows, py_summary, args.top)
    if args.check:
        print(f'kinds of statement: {len(rows)}, run as often on both sides: '
              f'{len(rows) - len(differing)}')
        for r in differing[:10]:
            print(f"  {r['statement']}: CPython {r['cpython_calls']}, battgpu "
                  f"{r['battgpu_calls']}")
        if result['calls'] != result['cpython_calls']:
            print(f"calls: CPython {result['cpython_calls']}, battgpu {result['calls']}")
            return 1
        return 1 if differing or not rows else 0
    return 0


def print_table(result, rows, py_summary, top):
    py_total, bg_total = result['cpython_statements_s'], result['battgpu_statements_s']
    print(f"{result['program']}: {result['calls']} calls (CPython {result['cpython_calls']}); "
          f"statements timed: CPython {py_total:.3f} s (its calls {py_summary['seconds']} s, "
          f"timer floor {result['cpython_timer_floor_ns']} ns a statement taken out), battgpu "
          f"{bg_total:.4f} s (profiled run {result['battgpu_profiled_run_s']} s): "
          f"{result['ratio']}x")
    print(f"{'statement':32} {'CPython s':>10} {'share':>6} {'battgpu s':>10} {'share':>6} "
          f"{'ratio':>7} {'calls':>8}")
    for r in rows[:top]:
        ratio = f"{r['ratio']:.1f}" if r['ratio'] is not None else '-'
        print(f"{r['statement'][:32]:32} {r['cpython_s']:10.3f} {100 * r['cpython_share']:5.1f}% "
              f"{r['battgpu_s']:10.4f} {100 * r['battgpu_share']:5.1f}% {ratio:>7} "
              f"{r['battgpu_calls']:8d}")


if __name__ == '__main__':
    sys.exit(main())
