#!/usr/bin/env python3
"""The programs battgpu-import compiled into BATTGPU (tests/importer/CMakeLists.txt) against the
interpreter running their sources: the same records, call for call, over the tasks (scoring
calls included); and the corpus of solvers solves every task it was written for.

Usage: check_programs.py BATTGPU TASK_DIR WORK_DIR CORPUS.py BATT_SAMPLE.py ILL_TYPED.py
                         WARNINGS.py
Exit status: 0 all checks passed, 1 otherwise."""
import json
import os
import re
import subprocess
import sys

exe, tasks, work, corpus, batt_sample, ill_typed, warnings = sys.argv[1:8]
failures = []


def check(ok, message):
    if not ok:
        failures.append(message)
        print('FAIL:', message)


def run(*args):
    p = subprocess.run([exe, 'run', *args, '--no-progress', '-q'], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


corpus_ids = re.findall(r'^def solve_([0-9a-f]+)\(', open(corpus).read(), flags=re.M)
corpus_tasks = [os.path.join(tasks, i + '.json') for i in corpus_ids]
some_tasks = sorted(os.path.join(tasks, f) for f in os.listdir(tasks))[:40]
programs = [
    ('corpus', corpus, [], corpus_tasks),
    ('batt_sample', batt_sample, ['--score'], some_tasks),
    ('batt_ill_typed', ill_typed, ['--score'], some_tasks),
    ('warnings', warnings, [], some_tasks),
    ('names_tokpidjin', os.path.join(work, 'names_tokpidjin.py'), ['--dialect', 'tokpidjin'],
     some_tasks[:2]),
    ('names_arc_dsl', os.path.join(work, 'names_arc_dsl.py'), ['--dialect', 'arc-dsl'],
     some_tasks[:2]),
]
for name, source, extra, task_files in programs:
    ours = os.path.join(work, name + '.compiled.jsonl')
    theirs = os.path.join(work, name + '.interpreted.jsonl')
    rc, out_c, err = run('--program', name, '--records', ours, '--json', *extra, *task_files)
    check(rc == 0, f'{name}: compiled run, exit status {rc}: {err[-2000:]}')
    rc, out_i, err = run(source, '--records', theirs, '--json', *extra, *task_files)
    check(rc == 0, f'{name}: interpreted run, exit status {rc}: {err[-2000:]}')
    if failures:
        continue
    a = open(theirs).read().splitlines()
    b = open(ours).read().splitlines()
    same = sum(x == y for x, y in zip(a, b))
    print(f'{name}: {max(len(a), len(b))} record lines compared, {same} identical')
    check(len(a) == len(b) == same and same > 0, f'{name}: records differ from the interpreter')
    for x, y in zip(a, b):
        if x != y:
            print('  interpreted:', x[:400])
            print('  compiled:   ', y[:400])
            break
    report = json.loads(out_c)
    if name == 'corpus':
        check(report['summary']['solved_tasks'] == len(corpus_ids) == 30,
              f"corpus: solved {report['summary']['solved_tasks']} of {len(corpus_ids)} tasks")
    if name.startswith('names_'):
        n = len(json.loads(b[0])['o'])
        print(f'{name}: {n} names recorded')
        check(n > 100 and all('"status":"ok"' in l for l in b), f'{name}: names not recorded')
print(f'{len(failures)} failures')
sys.exit(1 if failures else 0)
