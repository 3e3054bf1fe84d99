#!/usr/bin/env python3
"""A batt module whose statements build a chain of tuples 200 000 levels deep, each the pair of
the one before, then use it: `initset` hashes it, `equality` compares it with itself, and a
third record compares two such chains built apart. CPython itself cannot run it: its tuple
hash recurses once a level and crashes past about 100 000 levels (measured), and comparing
chains built apart raises RecursionError at about 1 000. battgpu must run every call to its
end and give what CPython gives where CPython gets there: a one-element set (size 1), the
chain equal to itself (identity, no level compared), and the two chains not equal (tokpidjin's
default for the RecursionError). Exit 0 when every call's records are those.

usage: deep_chain.py BATTGPU TASKS_DIR
"""
import json
import os
import subprocess
import sys
import tempfile

DEPTH = 200000
HANDLED = '(TypeError, AttributeError, ValueError, IndexError, KeyError)'


def module():
    lines = ['from dsl import *', 'from constants import *', '',
             'def batt(task_id, S, I, C, log_path):', '    s = []', '    o = []',
             '    a0 = size(I)', '    b0 = size(I)']
    for k in range(1, DEPTH + 1):
        lines.append(f'    a{k} = astuple(a{k - 1}, ONE)')
    for k in range(1, 2001):
        lines.append(f'    b{k} = astuple(b{k - 1}, ONE)')
    lines += [f'    r = initset(a{DEPTH})', '    q = size(r)',
              "    o.append((1, 'None', 'size', q))",
              f'    e = equality(a{DEPTH}, a{DEPTH})', "    o.append((2, 'None', 'same', e))",
              '    try:', '        d = equality(a2000, b2000)', f'    except {HANDLED}:',
              '        d = _get_safe_default(equality)',
              "    o.append((3, 'None', 'apart', d))", '    return o, s']
    return '\n'.join(lines) + '\n'


def main():
    battgpu, tasks_dir = sys.argv[1:3]
    with tempfile.TemporaryDirectory() as tmp:
        task_dir = os.path.join(tmp, 'tasks')
        os.mkdir(task_dir)
        os.symlink(os.path.abspath(os.path.join(tasks_dir, '007bbfb7.json')),
                   os.path.join(task_dir, '007bbfb7.json'))
        program = os.path.join(tmp, 'deep_chain.py')
        with open(program, 'w') as f:
            f.write(module())
        records = os.path.join(tmp, 'records.jsonl')
        env = dict(os.environ, BATTGPU_DISABLE_CUDA='1')
        run = subprocess.run([battgpu, 'run', program, task_dir, '--records', records, '-q',
                              '--no-progress'], env=env, capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f'battgpu run exited {run.returncode}:\n{run.stderr[-2000:]}')
        with open(records) as f:
            lines = [json.loads(line) for line in f]
    expected = [[1, 'None', 'size', 1], [2, 'None', 'same', {'bool': True}],
                [3, 'None', 'apart', {'bool': False}]]
    matches = sum(line['status'] == 'ok' and line['o'] == expected for line in lines)
    print(f'{len(lines)} calls, {matches} with the expected records')
    if not lines or matches != len(lines):
        bad = next(line for line in lines if line['o'] != expected) if lines else None
        sys.exit(f'unexpected: {json.dumps(bad)[:400]}')


if __name__ == '__main__':
    main()
