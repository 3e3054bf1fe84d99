#!/usr/bin/env python3
"""Runs one call of a batt or solver module in CPython and prints every value the call assigns
to a variable, in execution order, one JSON line each ({"line": L, "target": "t5", "value":
...}, frozensets listed in iteration order) -- the same lines `battgpu run --trace` prints, so
that the first statement whose value differs can be named.

Usage: trace_reference.py --dsl-dir DIR --program FILE.py --tasks DIR --call TASK:SPLIT:INDEX
"""

import argparse
import ast
import os
import sys

import pyrecords


class Instrument(ast.NodeTransformer):
    """After every assignment to names, a call __trace__(line, name, value) per name."""

    def _traced(self, stmts):
        out = []
        for s in stmts:
            s = self.visit(s)
            out.append(s)
            if isinstance(s, ast.Assign):
                names = []
                for t in s.targets:
                    if isinstance(t, ast.Name):
                        names.append(t.id)
                    elif isinstance(t, (ast.Tuple, ast.List)):
                        names.extend(e.id for e in t.elts if isinstance(e, ast.Name))
                for n in names:
                    call = ast.Expr(ast.Call(ast.Name('__trace__', ast.Load()),
                                             [ast.Constant(s.lineno), ast.Constant(n),
                                              ast.Name(n, ast.Load())], []))
                    out.append(ast.copy_location(call, s))
        return out

    def generic_visit(self, node):
        for field in ('body', 'orelse', 'finalbody'):
            if isinstance(getattr(node, field, None), list):
                setattr(node, field, self._traced(getattr(node, field)))
        if isinstance(node, ast.Try):
            for h in node.handlers:
                h.body = self._traced(h.body)
        return node


def trace(lineno, name, value):
    if name in ('o', 's') and isinstance(value, list):
        return  # the record lists
    print(pyrecords.dumps({'line': lineno, 'target': name,
                           'value': pyrecords.canon(value, iteration_order=True)}))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--dsl-dir', required=True)
    ap.add_argument('--program', required=True)
    ap.add_argument('--tasks', required=True)
    ap.add_argument('--call', required=True)
    args = ap.parse_args()
    task_id, split, index = args.call.split(':')
    pyrecords.import_dsl(args.dsl_dir)
    with open(args.program) as fp:
        tree = ast.parse(fp.read(), args.program)
    tree = ast.fix_missing_locations(Instrument().visit(tree))
    namespace = {'__name__': 'traced_program', '__trace__': trace}
    exec(compile(tree, args.program, 'exec'), namespace)
    demo, test = pyrecords.load_task(os.path.join(args.tasks, task_id + '.json'))
    S = tuple((tuple(s['input']), tuple(s['output'])) for s in demo)
    for sp, i, sample, C in pyrecords.calls_of(demo, test, score=split.endswith('_diff')):
        if sp == split and str(i) == index:
            if 'batt' in namespace:
                try:
                    namespace['batt'](task_id, S, sample['input'], C, '/dev/null')
                except Exception as e:  # noqa: BLE001
                    print(pyrecords.dumps({'raised': type(e).__name__}))
            else:
                solver = namespace.get('solve_' + task_id)
                if solver is not None:
                    try:
                        solver(sample['input'])
                    except Exception as e:  # noqa: BLE001
                        print(pyrecords.dumps({'raised': type(e).__name__}))
            return
    sys.exit(f'no call {args.call}')


if __name__ == '__main__':
    main()
