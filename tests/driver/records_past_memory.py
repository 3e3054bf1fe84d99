#!/usr/bin/env python3
"""A record too large for memory ends only its own call: `battgpu run`, with its address space
limited, runs a batt module whose one record is a tuple of 2**40 leaves (40 tuples in memory,
each the pair of the one before, but written out in full) wherever the input grid has more
than 50 cells. Those calls must be recorded as raising MemoryError with empty lists; every
other call keeps its records; the run exits 0 and writes a line for every call.

usage: records_past_memory.py BATTGPU TASKS_DIR
"""
import json
import os
import resource
import subprocess
import sys
import tempfile

TASKS = ['007bbfb7', '2dee498d']  # 6 calls on small grids; 4 calls, one on a grid of 64 cells
LIMIT_BYTES = 1536 << 20


def batt_source():
    lines = ['from dsl import *', 'from constants import *', '',
             'def batt(task_id, S, I, C, log_path):', '    s = []', '    o = []',
             '    t0 = multiply(height_t(I), width_t(I))', '    t1 = greater(t0, 50)']
    lines.append('    t2 = height_t(I)')
    for k in range(2, 42):
        lines.append(f'    t{k + 1} = astuple(t{k}, t{k})')
    lines += ['    t43 = branch(t1, t42, ZERO)', "    o.append((43, 'None', 'big', t43))",
              "    o.append((44, 'None', 'h', t2))", '    return o, s']
    return '\n'.join(lines) + '\n'


def main():
    battgpu, tasks_dir = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as tmp:
        program = os.path.join(tmp, 'big_records.py')
        with open(program, 'w') as f:
            f.write(batt_source())
        task_dir = os.path.join(tmp, 'tasks')
        os.mkdir(task_dir)
        expected = []
        for task in TASKS:
            src = os.path.join(tasks_dir, task + '.json')
            with open(src) as f:
                data = json.load(f)
            os.symlink(os.path.abspath(src), os.path.join(task_dir, task + '.json'))
            for split in ('train', 'test'):
                for i, sample in enumerate(data[split]):
                    grid = sample['input']
                    expected.append((task, split, i, len(grid) * len(grid[0]) > 50, len(grid)))
        records = os.path.join(tmp, 'records.jsonl')

        def limit():
            resource.setrlimit(resource.RLIMIT_AS, (LIMIT_BYTES, LIMIT_BYTES))

        env = dict(os.environ, BATTGPU_DISABLE_CUDA='1')
        run = subprocess.run([battgpu, 'run', program, task_dir, '--records', records, '--jobs',
                              '2', '-q'], env=env, preexec_fn=limit, capture_output=True,
                             text=True)
        if run.returncode != 0:
            sys.exit(f'battgpu run exited {run.returncode}:\n{run.stderr[-2000:]}')
        with open(records) as f:
            lines = [json.loads(line) for line in f]
    if len(lines) != len(expected):
        sys.exit(f'{len(lines)} record lines for {len(expected)} calls')
    # The summary keeps the calls' own outcome (none raised) and counts the unwritten apart.
    past = sum(e[3] for e in expected)
    unwritten = f"{past} call's records could not be written" if past == 1 else \
        f"{past} calls' records could not be written"
    if f'calls {len(expected)}: raised 0,' not in run.stdout or unwritten not in run.stdout:
        sys.exit(f'summary:\n{run.stdout[-1000:]}')
    matches = 0
    for line, (task, split, index, big, height) in zip(lines, expected):
        where = (line['task'], line['split'], line['index'])
        if where != (task, split, index):
            sys.exit(f'line {where} where {(task, split, index)} was expected')
        if big:
            ok = (line['status'] == 'raised' and line['error'].startswith('MemoryError')
                  and line['o'] == [] and line['s'] == [])
        else:
            ok = line['status'] == 'ok' and line['o'] == [[43, 'None', 'big', 0],
                                                           [44, 'None', 'h', height]]
        if not ok:
            sys.exit(f'call {where} (grid over 50 cells: {big}): {json.dumps(line)[:300]}')
        matches += 1
    print(f'{len(expected)} calls, {matches} as expected '
          f'({sum(e[3] for e in expected)} past memory)')


if __name__ == '__main__':
    main()
