"""Solver modules: battgpu.load('solvers.py') gives each solve_<id> as a callable taking I;
arc-dsl's 400 solvers on every input of their training task return what the Python solvers
return, or raise the same exception type."""

import pytest

import battgpu
from conftest import ARC_DSL, shared_or_skip
from pyrecords import canon


@pytest.fixture(scope='module')
def solvers():
    shared_or_skip('reference', 'arc-dsl', 'solvers.py')
    return battgpu.load(ARC_DSL / 'solvers.py')


def outcome(f, I):
    try:
        return 'ok', f(I)
    except Exception as e:  # noqa: BLE001
        return 'raise', type(e).__name__


def test_arc_dsl_solvers_identical(arc_dsl_ref, solvers, training_tasks):
    assert solvers.form == 'solvers' and solvers.dialect == 'arc-dsl'
    ref = arc_dsl_ref.solvers_ref
    cases = matches = solved = 0
    differences = []
    for task_id, demo, test in training_tasks:
        name = f'solve_{task_id}'
        if not hasattr(ref, name):
            continue
        ours = getattr(solvers, name)
        assert ours is solvers.solver(task_id) and ours.__name__ == name
        for sample in demo + test:
            expected = outcome(getattr(ref, name), sample['input'])
            got = outcome(ours, sample['input'])
            cases += 1
            same = got[0] == expected[0] and (
                got[1] == expected[1] if got[0] == 'raise' else
                got[1] == expected[1] and canon(got[1]) == canon(expected[1]))
            matches += same
            solved += got[0] == 'ok' and got[1] == sample['output']
            if not same:
                differences.append((task_id, expected, got))
    print(f'\narc-dsl solvers: {cases} calls, {matches} identical to the reference, '
          f'{solved} equal to the expected output')
    assert cases > 1500
    assert not differences, differences[:3]


def test_solver_module_access(solvers):
    assert len(solvers.solvers) == len(solvers.function_names) >= 400
    with pytest.raises(KeyError):
        solvers.solver('nonexistent')
    with pytest.raises(AttributeError):
        solvers.solve_nonexistent
    with pytest.raises(TypeError, match='solver module'):
        solvers('x', (), (), None, '')
    f = solvers.solver('007bbfb7')
    with pytest.raises(TypeError, match=r'takes 1 positional argument but 2 were given'):
        f(((0,),), 1)
