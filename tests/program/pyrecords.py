"""Shared pieces of the program tests: SPEC section 7's canonical values, ARC task loading as
tokpidjin's runner does it, and importing a reference DSL."""

import json
import math
import os
import sys
import types


def sort_key(x):
    """The total order SPEC section 7 sorts frozenset elements by."""
    if isinstance(x, bool):
        return (0, int(x))
    if isinstance(x, int):
        return (1, x)
    if isinstance(x, float):
        return (1, float('inf'), 1) if math.isnan(x) else (1, x)
    if isinstance(x, str):
        return (2, x)
    if x is None:
        return (3,)
    if isinstance(x, tuple):
        return (4, tuple(sort_key(e) for e in x))
    if isinstance(x, frozenset):
        return (5, tuple(sorted(sort_key(e) for e in x)))
    if callable(x):
        return (6, getattr(x, '__name__', repr(x)))
    return (7, type(x).__name__, repr(x))


def canon(x, iteration_order=False):
    """SPEC section 7's JSON value of x; frozensets sorted, or in iteration order."""
    if isinstance(x, bool):
        return {'bool': x}
    if isinstance(x, int):
        return x
    if isinstance(x, str):
        return x
    if x is None:
        return {'none': None}
    if isinstance(x, float):
        if math.isnan(x):
            return {'float': None}
        if math.isinf(x):
            return {'float': 'inf' if x > 0 else '-inf'}
        return {'float': x}
    if isinstance(x, tuple):
        return [canon(e, iteration_order) for e in x]
    if isinstance(x, frozenset):
        items = list(x) if iteration_order else sorted(x, key=sort_key)
        return {'frozenset': [canon(e, iteration_order) for e in items]}
    if isinstance(x, (types.FunctionType, types.BuiltinFunctionType)) or callable(x):
        return {'function': getattr(x, '__name__', type(x).__name__)}
    return {'repr': f'{type(x).__name__}: {x!r}'}


def dumps(value):
    return json.dumps(value, separators=(',', ':'))


def load_task(path):
    """A task as tokpidjin's runner builds it: grids as tuples of row tuples."""
    with open(path) as fp:
        d = json.load(fp)
    grid = lambda g: tuple(tuple(r) for r in g)
    demo = [{'input': grid(e['input']), 'output': grid(e['output'])} for e in d['train']]
    test = [{'input': grid(e['input']), 'output': grid(e['output']) if 'output' in e else None}
            for e in d['test']]
    return demo, test


def task_files(tasks_dir):
    return sorted(f for f in os.listdir(tasks_dir) if f.endswith('.json'))


def calls_of(demo, test, score=False):
    """(split, index, sample, C) for every call the runner makes, in record order."""
    jobs = [('train', i, s) for i, s in enumerate(demo)] + [('test', i, s) for i, s in enumerate(test)]
    for split, i, sample in jobs:
        yield split, i, sample, None
        if score and sample['output'] is not None:
            yield split + '_diff', i, sample, sample['output']


def import_dsl(dsl_dir):
    """Puts a reference DSL first on sys.path (a batt or solver module imports it by name)."""
    os.environ.setdefault('EXPECT_GPU', '0')
    sys.path.insert(0, os.path.abspath(dsl_dir))
