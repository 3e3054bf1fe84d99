#!/usr/bin/env python3
"""Runs an arc-dsl solver module (`def solve_<id>(I)` functions) over ARC tasks in CPython and
writes SPEC section 7's records: one line per call, in task-file order, train samples before
test samples; a call runs the solver named after its task, and `o` holds its returned grid as
[1, true, "<id>", grid] (`o` is empty when the module has no solver for the task).

Usage: run_solvers_reference.py --dsl-dir DIR --solvers FILE.py --tasks DIR --out FILE
"""

import argparse
import importlib.util
import json
import os
import sys

import pyrecords


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--dsl-dir', required=True)
    ap.add_argument('--solvers', required=True)
    ap.add_argument('--tasks', required=True)
    ap.add_argument('--out', required=True)
    args = ap.parse_args()
    pyrecords.import_dsl(args.dsl_dir)
    spec = importlib.util.spec_from_file_location('solvers_ref', args.solvers)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    calls = solved = 0
    with open(args.out, 'w') as out:
        for f in pyrecords.task_files(args.tasks):
            task_id = f[:-5]
            demo, test = pyrecords.load_task(os.path.join(args.tasks, f))
            solver = getattr(module, 'solve_' + task_id, None)
            all_right = bool(test) and solver is not None
            for split, i, sample, _ in pyrecords.calls_of(demo, test):
                rec = {'task': task_id, 'split': split, 'index': i, 'status': 'ok'}
                o = []
                if solver is not None:
                    try:
                        grid = solver(sample['input'])
                        o = [(1, True, task_id, grid)]
                        if split == 'test' and grid != sample['output']:
                            all_right = False
                    except Exception as e:  # noqa: BLE001 -- every failure is a record
                        rec['status'] = 'raised'
                        rec['error'] = f'{type(e).__name__}: {e}'[:500]
                        all_right = False
                rec['o'] = [pyrecords.canon(e) for e in o]
                rec['s'] = []
                out.write(pyrecords.dumps(rec) + '\n')
                calls += 1
            solved += all_right
    print(f'calls={calls} solved={solved}')


if __name__ == '__main__':
    main()
