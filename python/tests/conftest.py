"""Shared fixtures: the reference material (../shared, or BATTGPU_SHARED_DIR), the Python
reference DSLs imported side by side, and ARC tasks loaded as tokpidjin's runner loads them.

Tests that need the reference material skip when it is absent; those that run the reference
DSLs also need numpy (tokpidjin's dsl.py imports it)."""

import importlib.util
import json
import os
import sys
import types
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
# Whether this interpreter hashes strings as the reference runs do (read at start: Dask's nanny
# sets PYTHONHASHSEED in os.environ for its workers).
HASH_SEED_ZERO = os.environ.get('PYTHONHASHSEED') == '0'
SHARED = Path(os.environ.get('BATTGPU_SHARED_DIR') or REPO.parent / 'shared')
TRAINING = SHARED / 'arc-agi' / 'training'
TOKPIDJIN = SHARED / 'reference' / 'tokpidjin'
ARC_DSL = SHARED / 'reference' / 'arc-dsl'
# tests/program/pyrecords.py: SPEC section 7's canonical values, shared with the C++ tests.
sys.path.insert(0, str(REPO / 'tests' / 'program'))


def shared_or_skip(*parts):
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f'{path} is absent (set BATTGPU_SHARED_DIR)')
    return path


def import_reference(directory, names, extra=()):
    """Imports the modules `names` of a reference DSL folder with that folder first on
    sys.path, then takes them out of sys.modules again, so that both dialects' `dsl` modules
    can live in one process. `extra`: (module name, file) pairs imported in the same setting.
    Returns a namespace of the modules by name."""
    os.environ.setdefault('EXPECT_GPU', '0')
    saved = {n: sys.modules.pop(n) for n in list(names) + [e[0] for e in extra]
             if n in sys.modules}
    sys.path.insert(0, str(directory))
    out = types.SimpleNamespace()
    try:
        for n in names:
            setattr(out, n, importlib.import_module(n))
        for name, file in extra:
            spec = importlib.util.spec_from_file_location(name, file)
            mod = importlib.util.module_from_spec(spec)
            sys.modules[name] = mod
            spec.loader.exec_module(mod)
            setattr(out, name, mod)
    finally:
        sys.path.remove(str(directory))
        for n in list(names) + [e[0] for e in extra]:
            sys.modules.pop(n, None)
        sys.modules.update(saved)
    return out


def install_type_hint_cache(safe_dsl):
    """run_reference.py's --cache-type-hints: safe_dsl's type-hint lookups memoised per
    function (the same results, several times faster)."""
    orig = safe_dsl._get_type_hints_cached
    cache = {}

    def cached(func):
        try:
            return cache[func]
        except (KeyError, TypeError):
            pass
        hints = orig(func)
        try:
            cache[func] = hints
        except TypeError:
            pass
        return hints

    safe_dsl._get_type_hints_cached = cached


@pytest.fixture(scope='session')
def tokpidjin_ref():
    """tokpidjin's DSL and batt_small.py as tokpidjin's runner imports them."""
    shared_or_skip('reference', 'tokpidjin')
    pytest.importorskip('numpy')
    ref = import_reference(TOKPIDJIN, ['arc_types', 'constants', 'dsl', 'safe_dsl'],
                           extra=[('batt_small_ref', TOKPIDJIN / 'batt_small.py')])
    install_type_hint_cache(ref.safe_dsl)
    return ref


@pytest.fixture(scope='session')
def arc_dsl_ref():
    """arc-dsl's DSL and solvers."""
    shared_or_skip('reference', 'arc-dsl')
    return import_reference(ARC_DSL, ['arc_types', 'constants', 'dsl'],
                            extra=[('solvers_ref', ARC_DSL / 'solvers.py')])


def load_task(path):
    """A task as tokpidjin's runner builds it: grids as tuples of row tuples."""
    with open(path) as fp:
        d = json.load(fp)
    grid = lambda g: tuple(tuple(r) for r in g)
    demo = [{'input': grid(e['input']), 'output': grid(e['output'])} for e in d['train']]
    test = [{'input': grid(e['input']), 'output': grid(e['output']) if 'output' in e else None}
            for e in d['test']]
    return demo, test


@pytest.fixture(scope='session')
def training_tasks():
    """[(task_id, demo, test)] for every training task, in file-name order."""
    shared_or_skip('arc-agi', 'training')
    files = sorted(f for f in os.listdir(TRAINING) if f.endswith('.json'))
    return [(f[:-5], *load_task(TRAINING / f)) for f in files]


def pytest_report_header(config):
    lines = [f'battgpu reference material: {SHARED}' + ('' if SHARED.exists() else ' (absent: '
                                                        'the tests that need it skip)')]
    if not HASH_SEED_ZERO:
        lines.append('PYTHONHASHSEED is not 0: set iteration orders are not compared')
    return lines
