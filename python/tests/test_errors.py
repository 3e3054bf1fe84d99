"""Bad input gives a clear Python exception (naming the file and the place, or the argument)
and costs no other result."""

import json
import math

import pytest

import battgpu
from conftest import TOKPIDJIN, shared_or_skip

BATT_HEADER = '''from dsl import *
from constants import *
from safe_dsl import _get_safe_default

def batt(task_id, S, I, C, log_path):
    s = []
    o = []
'''


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_not_a_batt_module(tmp_path):
    path = write(tmp_path, 'notes.py', 'x = 1\n\ndef helper(a):\n    return a\n')
    with pytest.raises(battgpu.ProgramError) as e:
        battgpu.load(path)
    assert e.value.path == path and e.value.lineno == 1
    assert f'{path}:1:1: error: not a solver or batt module' in str(e.value)


def test_constructs_outside_the_forms_are_listed_with_places(tmp_path):
    path = write(tmp_path, 'bad_batt.py', BATT_HEADER + '''    t1 = identity(I)
    for k in range(3):
        t1 = identity(t1)
    return o, s
''')
    with pytest.raises(battgpu.ProgramError) as e:
        battgpu.load(path)
    assert e.value.lineno == 9 and e.value.errors[0].startswith(f'{path}:9:')
    with pytest.raises(battgpu.ProgramError, match='not UTF-8'):
        battgpu.load(_write_bytes(tmp_path / 'latin.py'))


def _write_bytes(path):
    path.write_bytes(b'def batt(task_id, S, I, C, log_path):\n    return "\xe9", 1\n')
    return str(path)


def test_missing_program_file(tmp_path):
    with pytest.raises(FileNotFoundError):
        battgpu.load(tmp_path / 'absent.py')


def test_wrong_arguments_of_a_call(tmp_path):
    shared_or_skip('reference', 'tokpidjin', 'batt_small.py')
    batt = battgpu.load(TOKPIDJIN / 'batt_small.py')
    grid = ((1, 0), (0, 1))
    S = ((grid, grid),)
    good = batt('t', S, grid, None, '/dev/null')
    with pytest.raises(TypeError, match=r"battgpu: I\[0\]\[1\]: a 'dict' is not a DSL value"):
        batt('t', S, ((1, {}),), None, '/dev/null')
    with pytest.raises(TypeError, match=r'C\[0\]\[1\]: a list is not'):
        batt('t', S, grid, ((1, [2]),), '/dev/null')
    with pytest.raises(TypeError, match=r"missing 1 required positional argument: 'log_path'"):
        batt('t', S, grid, None)
    with pytest.raises(TypeError, match="unexpected keyword argument 'J'"):
        batt('t', S, grid, None, '', J=1)
    with pytest.raises(OverflowError, match=r'I\[0\]\[0\]'):
        batt('t', S, ((2 ** 64,),), None, '')
    # Nothing else is lost: the next call gives what it gave before.
    assert batt('t', S, grid, None, '/dev/null') == good


def test_exceptions_escaping_the_program(tmp_path):
    path = write(tmp_path, 'raises.py', BATT_HEADER + '''    t1 = undefined_name(I)
    return o, s
''')
    with pytest.warns(battgpu.ProgramWarning, match='undefined_name'):
        program = battgpu.load(path)
    with pytest.raises(NameError):
        program('t', (), ((0,),), None, '')
    path = write(tmp_path, 'divides.py', '''from dsl import *

def solve_x(I):
    x1 = divide(ONE, ZERO)
    return x1
''')
    solvers = battgpu.load(path)
    assert solvers.dialect == 'arc-dsl'
    with pytest.raises(ZeroDivisionError):
        solvers.solve_x(((0,),))
    results = list(battgpu.run(program, {'t': {'train': [{'input': [[1]], 'output': [[1]]}],
                                               'test': [{'input': [[1]]}]}}, progress=False))
    assert [(r.status, r.error.split(':')[0]) for r in results] == [('raised', 'NameError')] * 2


def test_call_timeout(tmp_path):
    from test_bulk import SLOW_BATT
    path = write(tmp_path, 'slow.py', SLOW_BATT)
    program = battgpu.load(path, time_limit=0.005)
    assert program.time_limit == 0.005
    with pytest.raises(battgpu.CallTimeout, match='time limit'):
        program('t', (), ((0,),), None, '')
    assert isinstance(battgpu.CallTimeout('x'), TimeoutError)
    unlimited = battgpu.load(path)
    assert unlimited('t', (), ((0,),), None, '')[0][1] == (5, False, 'slow', 300000)


def test_bad_task_files_lose_no_other_result(tmp_path):
    shared_or_skip('reference', 'tokpidjin', 'batt_small.py')
    batt = battgpu.load(TOKPIDJIN / 'batt_small.py')
    tasks = tmp_path / 'tasks'
    tasks.mkdir()
    good = {'train': [{'input': [[1, 2], [3, 4]], 'output': [[4, 3], [2, 1]]}],
            'test': [{'input': [[0, 1], [1, 0]]}]}
    (tasks / 'a.json').write_text(json.dumps(good))
    (tasks / 'b.json').write_text('{"train": [{"input": [[1, 2], [3]], "output": [[1]]}],\n'
                                  ' "test": []}')
    (tasks / 'c.json').write_text(json.dumps(good))
    missing = str(tmp_path / 'missing.json')
    got = []
    with pytest.raises(battgpu.TaskFileError) as e:
        for r in battgpu.run(batt, [str(tasks), missing], progress=False):
            got.append((r.task, r.split, r.status))
    assert got == [('a', 'train', 'ok'), ('a', 'test', 'ok'), ('c', 'train', 'ok'),
                   ('c', 'test', 'ok')]
    paths = [p for p, _ in e.value.errors]
    assert paths == [str(tasks / 'b.json'), missing]
    assert str(tasks / 'b.json') + ':1:' in str(e.value) and 'no such file' in str(e.value)
    with pytest.warns(UserWarning):
        run = battgpu.run(batt, [str(tasks), missing], progress=False, raise_errors=False)
        assert len(list(run)) == 4
    assert len(run.errors) == 2
    with pytest.raises(TypeError, match='not a lone task dict'):
        battgpu.run(batt, good)
    with pytest.raises(TypeError, match='must be a path'):
        battgpu.run(batt, [1, 2])


def test_math_nan_in_results():
    shared_or_skip('reference', 'tokpidjin', 'batt_small.py')
    batt = battgpu.load(TOKPIDJIN / 'batt_small.py')
    grid = ((1, 0), (0, 1))
    _, s = batt('t', ((grid, grid),), grid, None, '/dev/null')
    assert s[0][3][1] is math.nan


def test_values_nested_past_the_recursion_limit(tmp_path):
    # Python code recursing through a value nested past the recursion limit raises
    # RecursionError; so does converting one, both ways, instead of overflowing the C stack.
    from battgpu.dsl import tokpidjin as T
    deep = 0
    for _ in range(200000):
        deep = (deep, 0)
    with pytest.raises(RecursionError):
        T.size(deep)
    assert T.size(((0, 0), 0)) == 2
    # A value the program nests 3 000 levels deep, returned in a record.
    chain = ''.join(f'    t{k + 1} = astuple(t{k}, ZERO)\n' for k in range(3000))
    path = write(tmp_path, 'deep.py', BATT_HEADER + '    t0 = ZERO\n' + chain +
                 "    o.append((1, 'None', 'deep', t3000))\n    return o, s\n")
    program = battgpu.load(path)
    with pytest.raises(RecursionError):
        program('t', (), ((0,),), None, '')
    # A bulk run gives that call as raising RecursionError, without its lists, and the other
    # calls their values.
    path = write(tmp_path, 'deep_some.py', BATT_HEADER + '    t0 = ZERO\n' + chain +
                 '    t3001 = multiply(height_t(I), width_t(I))\n'
                 '    t3002 = greater(t3001, 2)\n'
                 '    t3003 = branch(t3002, t3000, ZERO)\n'
                 "    o.append((1, 'None', 'deep', t3003))\n    return o, s\n")
    tasks = {'t': {'train': [{'input': [[1]], 'output': [[1]]},
                             {'input': [[1, 2], [3, 4]], 'output': [[1]]}],
                   'test': [{'input': [[5]]}]}}
    results = list(battgpu.run(battgpu.load(path), tasks, progress=False))
    assert [r.status for r in results] == ['ok', 'raised', 'ok']
    assert results[1].error.startswith('RecursionError') and results[1].o == []
    assert results[0].o == [(1, 'None', 'deep', 0)] and results[2].o == results[0].o
