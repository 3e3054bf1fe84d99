#!/usr/bin/env python3
"""Differential test of the typed C++ DSL's set order: runs battgpu-typed-order-cases over the
ARC tasks, evaluates the same expressions with arc-dsl in CPython, and compares every value,
the iteration order of every frozenset included. Prints the number of cases and matches; the
first differences are shown. Exit status 0 when every case matches, 1 otherwise, 77 (skipped)
when the reference or the tasks are absent.

Usage: check_typed_order.py --cases BIN --reference ARC_DSL_DIR --tasks DIR [--max-tasks N]
"""

import argparse
import json
import os
import subprocess
import sys

# The Python of each expression of typed_order_cases.cpp, over G (the grid) and O (its
# objects(G, True, False, True)).
EXPRESSIONS = {f'objects{m}': f'objects(G, {bool(m & 4)}, {bool(m & 2)}, {bool(m & 1)})'
               for m in range(8)}
EXPRESSIONS.update({
    'palette': 'palette(G)',
    'asindices': 'asindices(G)',
    'ofcolor': 'ofcolor(G, mostcolor(G))',
    'asobject': 'asobject(G)',
    'partition': 'partition(G)',
    'fgpartition': 'fgpartition(G)',
    'frontiers': 'frontiers(G)',
    'product': 'product(palette(G), palette(G))',
    'insert': 'insert(11, palette(G))',
    'apply_size': 'apply(size, O)',
    'apply_color': 'apply(color, O)',
    'apply_normalize': 'apply(normalize, O)',
    'totuple': 'totuple(O)',
    'order_size': 'order(O, size)',
    'merge': 'merge(O)',
    'colorfilter': 'colorfilter(O, leastcolor(G))',
    'sizefilter': 'sizefilter(O, 1)',
    'mapply_toindices': 'mapply(toindices, O)',
    'mapply_box': 'mapply(box, O)',
    'mapply_inbox': 'mapply(inbox, O)',
    'mapply_outbox': 'mapply(outbox, O)',
    'mapply_delta': 'mapply(delta, O)',
    'mapply_backdrop': 'mapply(backdrop, O)',
    'mapply_corners': 'mapply(corners, O)',
    'argmax_size': 'argmax(O, size)',
    'first': 'first(O)',
    'last': 'last(O)',
    'upscale': 'upscale(first(O), 2)',
    'hmirror': 'hmirror(first(O))',
    'dmirror': 'dmirror(first(O))',
    'recolor': 'recolor(3, first(O))',
    'toobject': 'toobject(backdrop(first(O)), G)',
    'occurrences': 'occurrences(G, first(O))',
    'neighbors': 'neighbors(ulcorner(first(O)))',
    'difference': 'difference(asindices(G), toindices(first(O)))',
    'intersection': 'intersection(backdrop(first(O)), ofcolor(G, color(first(O))))',
    'connect': 'connect(ulcorner(first(O)), lrcorner(last(O)))',
    'vmirror': 'vmirror(first(O))',
    'cmirror': 'cmirror(last(O))',
    'shift': 'shift(first(O), (1, -2))',
    'toindices': 'toindices(first(O))',
    'box': 'box(first(O))',
    'inbox': 'inbox(last(O))',
    'outbox': 'outbox(last(O))',
    'delta': 'delta(first(O))',
    'corners': 'corners(first(O))',
    'dneighbors': 'dneighbors(lrcorner(first(O)))',
    'ineighbors': 'ineighbors(lrcorner(first(O)))',
    'vfrontier': 'vfrontier(ulcorner(first(O)))',
    'shoot': 'shoot(ulcorner(first(O)), (1, 1))',
    'remove': 'remove(first(O), O)',
    'mfilter': 'mfilter(O, matcher(size, 1))',
    'initset': 'initset(first(O))',
    'prapply': 'prapply(astuple, palette(G), palette(G))',
})


def encode(v):
    """The JSON form typed_order_cases.cpp writes: containers in iteration order."""
    if isinstance(v, bool):
        return v
    if isinstance(v, int):
        return v
    if isinstance(v, tuple):
        return {'t': [encode(x) for x in v]}
    if isinstance(v, frozenset):
        return {'s': [encode(x) for x in v]}
    raise TypeError(f'unexpected value {v!r}')


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--cases', required=True, help='the battgpu-typed-order-cases program')
    ap.add_argument('--reference', required=True, help="arc-dsl's directory (dsl.py)")
    ap.add_argument('--tasks', required=True, help='ARC task directory')
    ap.add_argument('--max-tasks', type=int, default=400)
    a = ap.parse_args()
    if not os.path.isfile(os.path.join(a.reference, 'dsl.py')) or not os.path.isdir(a.tasks):
        print('skipped: arc-dsl or the tasks are absent')
        return 77
    sys.path.insert(0, a.reference)
    namespace = {}
    exec('from dsl import *', namespace)

    out = subprocess.run([a.cases, a.tasks, str(a.max_tasks)], check=True, capture_output=True,
                         text=True).stdout
    grids = {}
    for name in sorted(os.listdir(a.tasks))[:a.max_tasks]:
        if name.endswith('.json'):
            with open(os.path.join(a.tasks, name)) as fp:
                task = json.load(fp)
            gs = []
            for p in task['train']:
                gs += [p['input'], p['output']]
            gs += [p['input'] for p in task['test']]
            grids[name[:-5]] = [tuple(tuple(r) for r in g) for g in gs]
    cases = matches = 0
    shown = 0
    for line in out.splitlines():
        case = json.loads(line)
        G = grids[case['task']][case['grid']]
        env = dict(namespace, G=G)
        env['O'] = eval('objects(G, True, False, True)', env)
        expected = encode(eval(EXPRESSIONS[case['expr']], env))
        cases += 1
        if expected == case['value']:
            matches += 1
        elif shown < 10:
            shown += 1
            print(f"DIFFERENT {case['task']} grid {case['grid']} {case['expr']}:\n"
                  f"  C++    {json.dumps(case['value'])[:300]}\n"
                  f"  Python {json.dumps(expected)[:300]}")
    print(f'typed DSL set order: {matches} of {cases} cases match CPython')
    return 0 if cases > 0 and matches == cases else 1


if __name__ == '__main__':
    sys.exit(main())
