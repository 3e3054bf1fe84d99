"""The bulk form: battgpu.run over many tasks yields every call's CallResult in the runner's
order, with the values the drop-in (and the reference) gives; battgpu.records gives the record
lines `battgpu run --records` writes, and the two agree."""

import json
import os
import sys

import pytest

import battgpu
from conftest import ARC_DSL, TOKPIDJIN, TRAINING, shared_or_skip
from pyrecords import canon, dumps

SLOW_BATT = '''from dsl import *
from constants import *
from safe_dsl import _get_safe_default

def batt(task_id, S, I, C, log_path):
    s = []
    o = []
    t1 = size(I)
    o.append((1, False, 'size', t1))
    t2 = interval(0, 300000, 1)
    t3 = apply(double, t2)
    t4 = apply(double, t3)
    t5 = size(t4)
    o.append((5, False, 'slow', t5))
    return o, s
'''


@pytest.fixture(scope='module')
def batt_small():
    shared_or_skip('reference', 'tokpidjin', 'batt_small.py')
    return battgpu.load(TOKPIDJIN / 'batt_small.py')


@pytest.fixture(scope='module')
def training_dir():
    return str(shared_or_skip('arc-agi', 'training'))


def expected_keys(tasks, score=False):
    keys = []
    for task_id, demo, test in tasks:
        for split, samples in (('train', demo), ('test', test)):
            for i, sample in enumerate(samples):
                keys.append((task_id, split, i))
                if score and sample['output'] is not None:
                    keys.append((task_id, split + '_diff', i))
    return keys


def test_bulk_matches_reference_and_order(tokpidjin_ref, batt_small, training_tasks,
                                          training_dir):
    results = list(battgpu.run(batt_small, training_dir, progress=False))
    assert [(r.task, r.split, r.index) for r in results] == expected_keys(training_tasks)
    assert all(r.status == 'ok' and r.error is None for r in results)
    # Against the Python module on the first 60 tasks, call for call.
    batt = tokpidjin_ref.batt_small_ref.batt
    by_key = {(r.task, r.split, r.index): r for r in results}
    checked = 0
    for task_id, demo, test in training_tasks[:60]:
        S = tuple((s['input'], s['output']) for s in demo)
        for split, samples in (('train', demo), ('test', test)):
            for i, sample in enumerate(samples):
                o, s = batt(task_id, S, sample['input'], None, '/dev/null')
                r = by_key[(task_id, split, i)]
                assert (r.o, r.s) == (o, s)
                assert canon(r.o) == canon(o) and canon(r.s) == canon(s)
                checked += 1
    print(f'\nbulk: {len(results)} calls in order, {checked} compared with the Python module')


def test_bulk_values_agree_with_run_program_records(batt_small, training_dir):
    values = list(battgpu.run(batt_small, training_dir, score=True, progress=False))
    lines = list(battgpu.records(batt_small, training_dir, score=True, progress=False))
    assert len(values) == len(lines)
    same = 0
    for r, line in zip(values, lines):
        rec = json.loads(line)
        assert (rec['task'], rec['split'], rec['index'], rec['status']) == \
            (r.task, r.split, r.index, r.status)
        same += dumps([canon(x) for x in r.o]) == dumps(rec['o']) and \
            dumps([canon(x) for x in r.s]) == dumps(rec['s'])
    print(f'\nbulk values vs run_program records (score=True): {len(values)} calls, {same} equal')
    assert same == len(values)


def test_task_dicts_jobs_and_blocks(batt_small, training_dir):
    files = sorted(f for f in os.listdir(training_dir) if f.endswith('.json'))[:12]
    paths = [os.path.join(training_dir, f) for f in files]
    from_files = list(battgpu.run(batt_small, paths, jobs=2, block_tasks=3, progress=False))
    tasks = {}
    for f, p in zip(files, paths):
        with open(p) as fp:
            tasks[f[:-5]] = json.load(fp)
    from_dicts = list(battgpu.run(batt_small, tasks, jobs=1, block_tasks=8, progress=False))
    from_pairs = list(battgpu.run(batt_small, list(tasks.items()), jobs=1, block_tasks=1,
                                  progress=False))
    strip = lambda rs: [r[:6] for r in rs]  # noqa: E731 -- all but the seconds
    assert strip(from_files) == strip(from_dicts) == strip(from_pairs)


def test_solver_module_in_bulk(training_dir):
    shared_or_skip('reference', 'arc-dsl', 'solvers.py')
    solvers = battgpu.load(ARC_DSL / 'solvers.py')
    path = os.path.join(training_dir, '007bbfb7.json')
    results = list(battgpu.run(solvers, path, progress=False))
    assert [r.split for r in results] == ['train'] * 5 + ['test']
    for r in results:
        assert r.status == 'ok' and r.s == []
        (n, flag, task, grid), = r.o
        assert (n, flag, task) == (1, True, '007bbfb7') and isinstance(grid, tuple)


def test_time_limit_per_call(tmp_path):
    program = tmp_path / 'slow_batt.py'
    program.write_text(SLOW_BATT)
    tasks = {f't{i}': {'train': [{'input': [[i]], 'output': [[i]]}],
                       'test': [{'input': [[i, i]]}]} for i in range(3)}
    results = list(battgpu.run(str(program), tasks, time_limit=0.005, progress=False))
    assert [(r.task, r.split) for r in results] == [
        ('t0', 'train'), ('t0', 'test'), ('t1', 'train'), ('t1', 'test'), ('t2', 'train'),
        ('t2', 'test')]
    assert all(r.status == 'timeout' and r.o == [] for r in results)
    ok = list(battgpu.run(str(program), tasks, time_limit=None, progress=False))
    assert [r.o for r in ok][:2] == [[(1, False, 'size', 1), (5, False, 'slow', 300000)],
                                     [(1, False, 'size', 1), (5, False, 'slow', 300000)]]


def test_progress_display(batt_small, training_dir, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, 'tqdm', None)  # the plain stderr line
    files = sorted(os.listdir(training_dir))[:5]
    list(battgpu.run(batt_small, [os.path.join(training_dir, f) for f in files], progress=True))
    err = capsys.readouterr().err
    assert '5/5 tasks' in err and 'tasks/s' in err


def test_stopping_early(batt_small, training_dir):
    run = battgpu.run(batt_small, training_dir, jobs=2, progress=False)
    first = next(run)
    assert first.task == '007bbfb7'
    run.close()  # the workers stop after their blocks; nothing hangs
    assert list(run) == []


def test_many_threads_same_results(batt_small, training_dir):
    # Each worker runs its own executors: more threads than cores change nothing.
    files = sorted(f for f in os.listdir(training_dir) if f.endswith('.json'))[:100]
    paths = [os.path.join(training_dir, f) for f in files]
    one = [r[:7] for r in battgpu.run(batt_small, paths, score=True, jobs=1, progress=False)]
    many = [r[:7] for r in battgpu.run(batt_small, paths, score=True, jobs=16, block_tasks=1,
                                       progress=False)]
    assert many == one


def test_dropin_from_several_python_threads(batt_small, training_tasks):
    # Calls from Python threads run at once (the GIL is released while a call runs).
    import concurrent.futures
    calls = []
    for task_id, demo, test in training_tasks[:40]:
        S = tuple((s['input'], s['output']) for s in demo)
        calls += [(task_id, S, s['input']) for s in demo + test]
    expected = [batt_small(t, S, I, None, '/dev/null') for t, S, I in calls]
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        got = list(pool.map(lambda c: batt_small(c[0], c[1], c[2], None, '/dev/null'), calls))
    assert got == expected
