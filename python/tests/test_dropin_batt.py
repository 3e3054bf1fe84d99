"""The drop-in batt call: a run_batt-style harness (tokpidjin's runner: the solving call with
C = None, then the scoring call with C = the expected output) over every training task, once
with the Python batt module and once with battgpu's; `o` and `s` must be identical."""

import math
import os

import pytest

import battgpu
from conftest import HASH_SEED_ZERO, TOKPIDJIN
from pyrecords import canon


def harness(batt, tasks):
    """What tokpidjin's run_batt does with a batt function, for each task: S from the train
    pairs, then for every train and test sample the solving call and, when the sample has an
    expected output, the scoring call. Yields ((task, split, index, C given), (o, s))."""
    for task_id, demo, test in tasks:
        S = tuple((tuple(sample['input']), tuple(sample['output'])) for sample in demo)
        for split, samples in (('train', demo), ('test', test)):
            for i, sample in enumerate(samples):
                I = sample['input']
                yield (task_id, split, i, False), batt(task_id, S, I, None, '/dev/null')
                if sample['output'] is not None:
                    yield (task_id, split, i, True), batt(task_id, S, I, sample['output'],
                                                          '/dev/null')


@pytest.fixture(scope='module')
def program():
    return battgpu.load(TOKPIDJIN / 'batt_small.py')


def test_batt_small_identical_over_training(tokpidjin_ref, program, training_tasks):
    reference = list(harness(tokpidjin_ref.batt_small_ref.batt, training_tasks))
    ours = list(harness(program, training_tasks))
    assert [k for k, _ in ours] == [k for k, _ in reference]
    equal = same_canon = same_order = 0
    differences = []
    check_order = HASH_SEED_ZERO
    for (key, ref), (_, got) in zip(reference, ours):
        assert isinstance(got, tuple) and len(got) == 2
        assert isinstance(got[0], list) and isinstance(got[1], list)
        if got == ref:
            equal += 1
        else:
            differences.append(key)
        if canon(list(got)) == canon(list(ref)):
            same_canon += 1
        # Frozensets iterate in the reference's order too.
        if check_order and canon(list(got), True) == canon(list(ref), True):
            same_order += 1
    print(f'\nbatt_small over {len(training_tasks)} training tasks: {len(reference)} calls, '
          f'{equal} equal (==), {same_canon} equal canonical text'
          + (f', {same_order} equal in set iteration order' if check_order else ''))
    assert not differences, f'{len(differences)} calls differ, first {differences[:5]}'
    assert same_canon == len(reference)
    if check_order:
        assert same_order == len(reference)


def test_values_are_python_values(program, training_tasks):
    task_id, demo, test = training_tasks[0]
    S = tuple((s['input'], s['output']) for s in demo)
    o, s = program(task_id, S, demo[0]['input'], None, '/dev/null')
    kinds = set()

    def walk(x):
        kinds.add(type(x))
        if isinstance(x, (tuple, frozenset)):
            for e in x:
                walk(e)
    for rec in o + s:
        walk(rec)
    assert kinds <= {tuple, frozenset, int, bool, str, float, type(None), battgpu.DslFunction}
    # math.nan comes back as math.nan itself, as the DSL returns it by name.
    nans = [v for rec in s for v in rec[3:] for v in (v if isinstance(v, tuple) else (v,))
            if isinstance(v, float) and math.isnan(v)]
    assert all(v is math.nan for v in nans)


def test_keyword_arguments_and_lists(program, training_tasks):
    task_id, demo, _ = training_tasks[1]
    S = tuple((s['input'], s['output']) for s in demo)
    I = demo[0]['input']
    expected = program(task_id, S, I, None, '/dev/null')
    assert program(task_id=task_id, S=S, I=I, C=None, log_path='x') == expected
    # JSON lists where the runner would have tuples are read as it reads them.
    as_lists = [[list(map(list, a)), list(map(list, b))] for a, b in S]
    assert program(task_id, as_lists, [list(r) for r in I], None, None) == expected


SAMPLES_BATT = '''from dsl import *
from constants import *
from safe_dsl import _get_safe_default

def batt(task_id, S, I, C, log_path):
    s = []
    o = []
    try:
        t1 = apply(first, S)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t1 = _get_safe_default(apply)
    try:
        t2 = mapply(p_g, t1)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t2 = _get_safe_default(mapply)
    try:
        t3 = contained(I, t1)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t3 = _get_safe_default(contained)
    try:
        t4 = get_nth_t(t1, F0)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t4 = _get_safe_default(get_nth_t)
    o.append((4, t3, task_id, t4))
    s.append((2, 'None', 'differ_x', t2))
    return o, s
'''


def compare_programs(reference_batt, program, tasks):
    reference = list(harness(reference_batt, tasks))
    ours = list(harness(program, tasks))
    same = sum(r == o and canon(list(r[1])) == canon(list(o[1])) and
               (not HASH_SEED_ZERO or canon(list(r[1]), True) == canon(list(o[1]), True))
               for r, o in zip(reference, ours))
    return len(reference), same


def test_batt_reading_the_samples(tmp_path, training_tasks):
    # S is read here: the same S object over a task's calls is converted once (kept with its
    # tuples), and an equal S built anew gives the same results.
    from conftest import import_reference, install_type_hint_cache
    path = tmp_path / 'samples_batt.py'
    path.write_text(SAMPLES_BATT)
    ref = import_reference(TOKPIDJIN, ['arc_types', 'constants', 'dsl', 'safe_dsl'],
                           extra=[('samples_batt_ref', path)])
    install_type_hint_cache(ref.safe_dsl)
    program = battgpu.load(path)
    calls, same = compare_programs(ref.samples_batt_ref.batt, program, training_tasks[:80])
    print(f'\nS-reading batt: {calls} calls, {same} identical')
    assert same == calls


def test_example_batt_of_the_repository(training_tasks):
    # examples/batt/synth_batt_48.py: about 2 000 statements in card.py's format.
    from conftest import REPO, import_reference, install_type_hint_cache
    path = REPO / 'examples' / 'batt' / 'synth_batt_48.py'
    if not path.exists():
        pytest.skip(f'{path} is absent')
    ref = import_reference(TOKPIDJIN, ['arc_types', 'constants', 'dsl', 'safe_dsl'],
                           extra=[('synth_batt_ref', path)])
    install_type_hint_cache(ref.safe_dsl)
    calls, same = compare_programs(ref.synth_batt_ref.batt, battgpu.load(path),
                                   training_tasks[:40])
    print(f'\nexamples/batt/synth_batt_48.py over 40 training tasks: {calls} calls, {same} '
          f'identical')
    assert same == calls
