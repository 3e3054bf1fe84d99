#!/usr/bin/env python3
"""Writes a program changed at random as a program search changes one: a solver module (each
`solve_<id>` function, arc-dsl's solvers for instance) or a batt module (its one `batt`
function, tokpidjin's batt_small.py for instance), with calls changed in one of four ways:
the function swapped for another DSL function taking as many arguments or for an earlier
variable (a closure, or a value that cannot be called), an argument replaced by an earlier
variable, a parameter, a constant or a DSL function, or two arguments exchanged.
Most changed calls then raise, or compute something else, in the ways Python's dynamic typing
allows; the differential test (compare_records.py, synth_campaign.py --mutate) runs the module
in CPython and in `battgpu run` and compares every call's records.

A batt statement's `except` branch names the function it calls (`_get_safe_default(f)`), and
follows a swapped function. Deterministic: the same program, DSL and options give the same
module.

Usage: mutate_program.py --program FILE.py --reference DIR --seed N [--mutations K] --out FILE
  --mutations K  calls changed in each solver of a solver module (default 1), or in the batt
                 function of a batt module (default 1 in 10 of its calls)
Exit status: 0 written, 1 the input could not be read or the output written, 2 usage error.
"""

import argparse
import ast
import os
import random
import sys
import tempfile

# Functions whose changed calls can take time or memory without bound in CPython (a repeated
# composition n levels deep, a Cartesian product, a canvas or range of any size): left out of
# the functions a call may be swapped to, so that every changed program ends quickly.
UNBOUNDED = {'power', 'product', 'prapply', 'mpapply', 'canvas', 'interval', 'upscale',
             'hupscale', 'vupscale', 'repeat', 'upscale_t', 'upscale_f'}


def dsl_arities(reference):
    """The public functions of dsl.py and how many positional arguments each takes."""
    with open(os.path.join(reference, 'dsl.py')) as fp:
        tree = ast.parse(fp.read())
    return {f.name: len(f.args.args) for f in tree.body
            if isinstance(f, ast.FunctionDef) and not f.name.startswith('_')}


def constant_names(reference):
    """The constants of constants.py that are values a program uses (numbers, booleans and
    tuples of them; not the generator's tables)."""
    with open(os.path.join(reference, 'constants.py')) as fp:
        tree = ast.parse(fp.read())
    return sorted(t.id for node in tree.body if isinstance(node, ast.Assign)
                  and isinstance(node.value, (ast.Constant, ast.UnaryOp, ast.Tuple))
                  for t in node.targets if isinstance(t, ast.Name))


def assigned(node):
    """The names a statement assigns: `x = f(...)`, or the same inside a batt's `try`."""
    body = node.body if isinstance(node, ast.Try) else [node]
    return [n.id for s in body if isinstance(s, ast.Assign) for t in s.targets
            for n in ast.walk(t) if isinstance(n, ast.Name)]


def call_of(node):
    """The call a statement makes (`x = f(...)`, or the same inside a batt's `try`) and the
    `except` branches' calls that name its function, or None."""
    if isinstance(node, ast.Try) and len(node.body) == 1:
        handlers = [s.value for h in node.handlers for s in h.body
                    if isinstance(s, ast.Assign) and isinstance(s.value, ast.Call)]
        node = node.body[0]
    else:
        handlers = []
    if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
        return node.value, handlers
    return None


class Mutator:
    def __init__(self, rng, arities, constants, parameters):
        self.rng = rng
        self.arities = arities
        self.constants = constants
        self.parameters = parameters
        self.by_arity = {}
        for name, n in sorted(arities.items()):
            if name not in UNBOUNDED:
                self.by_arity.setdefault(n, []).append(name)
        self.functions = sorted(n for n in arities if n not in UNBOUNDED)

    def mutate(self, fn, count):
        """Changes `count` calls of the function `fn` (an ast.FunctionDef) in place."""
        calls = [(k, found) for k, node in enumerate(fn.body)
                 if (found := call_of(node)) is not None]
        for _ in range(count):
            if not calls:
                return
            k, (call, handlers) = calls[self.rng.randrange(len(calls))]
            # The DSL's values only: not the batt's record lists `o` and `s`.
            earlier = self.parameters + [n for node in fn.body[:k] if call_of(node)
                                         for n in assigned(node)]
            kind = self.rng.randrange(4)
            if kind in (0, 3) and isinstance(call.func, ast.Name):
                same = self.by_arity.get(len(call.args), []) if kind == 0 else earlier
                if same:
                    old, new = call.func.id, self.rng.choice(same)
                    call.func = ast.Name(id=new, ctx=ast.Load())
                    for h in handlers:
                        h.args = [ast.Name(id=new, ctx=ast.Load())
                                  if isinstance(a, ast.Name) and a.id == old else a
                                  for a in h.args]
                    continue
            if kind == 2 and len(call.args) >= 2:
                a, b = self.rng.sample(range(len(call.args)), 2)
                call.args[a], call.args[b] = call.args[b], call.args[a]
                continue
            if call.args:
                pool = self.rng.choice([earlier, self.constants, self.functions])
                at = self.rng.randrange(len(call.args))
                call.args[at] = ast.Name(id=self.rng.choice(pool), ctx=ast.Load())


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--program', required=True, help='a solver or batt module')
    ap.add_argument('--reference', required=True, help="its DSL's directory (dsl.py, "
                    'constants.py)')
    ap.add_argument('--seed', type=int, required=True)
    ap.add_argument('--mutations', type=int, help='changed calls a solver, or in the batt')
    ap.add_argument('--out', required=True)
    args = ap.parse_args()
    if args.seed < 0 or (args.mutations is not None and args.mutations < 1):
        ap.error('--seed must be at least 0 and --mutations at least 1')
    try:
        with open(args.program) as fp:
            tree = ast.parse(fp.read())
        arities = dsl_arities(args.reference)
        constants = constant_names(args.reference)
    except (OSError, SyntaxError) as e:
        sys.stderr.write(f'mutate_program.py: cannot read the program or its DSL: {e}\n')
        return 1
    functions = [f for f in tree.body if isinstance(f, ast.FunctionDef)]
    for k, fn in enumerate(functions):
        parameters = [a.arg for a in fn.args.args if a.arg not in ('task_id', 'log_path')]
        calls = sum(call_of(node) is not None for node in fn.body)
        count = args.mutations or (max(1, calls // 10) if fn.name == 'batt' else 1)
        # Each function draws from (seed, its position) alone.
        Mutator(random.Random(args.seed * 1000003 + k), arities, constants,
                parameters).mutate(fn, count)
    try:
        folder = os.path.dirname(os.path.abspath(args.out))
        with tempfile.NamedTemporaryFile('w', dir=folder, delete=False, suffix='.tmp') as fp:
            fp.write(ast.unparse(tree) + '\n')
        os.replace(fp.name, args.out)
    except OSError as e:
        sys.stderr.write(f'mutate_program.py: cannot write {args.out}: {e}\n')
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
