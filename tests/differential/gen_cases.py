#!/usr/bin/env python3
"""Generates differential test cases for every public function of one DSL dialect.

    gen_cases.py --dialect arc-dsl|tokpidjin --reference DIR --tasks DIR --out FILE
                 [--per-function N] [--seed S] [--functions a,b,...] [--jobs J]

Run it with /usr/bin/python3 and PYTHONHASHSEED=0 EXPECT_GPU=0. It imports the reference
DSL of the dialect, builds a pool of argument values (ARC grids and what the DSL itself
derives from them, odd scalars, containers, DSL functions and closures), and for every public
function writes N cases, each evaluated in the reference. Then it writes cases that call
closures ("@call") and cases that read constants ("@constant"). README.md describes the file.

The output depends only on the arguments (the seed included): each function draws from its
own random stream, so --functions and --jobs do not change the cases of a function. The only
exception is a case whose evaluation passes the time limit, which is left out.
"""

import argparse
import json
import math
import multiprocessing
import os
import random
import resource
import signal
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dslcases  # noqa: E402
from dslcases import CaseTimeout, TooLarge, canonical, dumps, raised  # noqa: E402

TIME_LIMIT_S = 1.0  # CPU seconds per case, in the reference
MEMORY_LIMIT = 6 << 30  # address space of the generator: huge allocations fail fast
ID_STRIDE = 100000  # case ids are function index * ID_STRIDE + case number
TYPED_P = 0.88  # a parameter gets a value of its annotation's kinds, else any value
WRONG_ARITY_P = 0.025  # a call with one argument too few or too many

# ---------------------------------------------------------------------------- annotations

# Which pool kinds fit each annotation name (arc_types.py of either dialect), with weights.
ANNOTATION_KINDS = {
    "Grid": [("grid_small", 6), ("grid_large", 1.2), ("grid_odd", 0.6)],
    "Samples": [("samples", 8), ("tuple_grid", 0.5)],
    "Object": [("object", 8), ("empty_fs", 0.3), ("indices", 0.4)],
    "Objects": [("objects", 8), ("empty_fs", 0.3)],
    "Indices": [("indices", 8), ("empty_fs", 0.3), ("object", 0.4)],
    "IndicesSet": [("indicesset", 6), ("objects", 1)],
    "Patch": [("object", 4), ("indices", 4), ("empty_fs", 0.3)],
    "Element": [("object", 3), ("grid_small", 3)],
    "Piece": [("grid_small", 3), ("object", 3), ("indices", 3)],
    "Cell": [("cell", 8)],
    "IJ": [("pair", 8)],
    "IntegerTuple": [("pair", 8)],
    "Integer": [("int", 8)],
    "I_": [("int", 8)],
    "J_": [("int", 8)],
    "Numerical": [("int", 5), ("pair", 3)],
    "Boolean": [("bool", 8)],
    "C_": [("colour", 8)],
    "FL": [("rank", 8)],
    "F_": [("rank", 8), ("callable1", 0.5)],
    "R4": [("r4", 8)],
    "R8": [("r8", 8)],
    "A4": [("r4", 8)],
    "A8": [("r8", 8)],
    "Callable": [("callable1", 8)],
    "Container": [("tuple_int", 2), ("fs_int", 2), ("grid_small", 1), ("object", 1),
                  ("indices", 1), ("objects", 1), ("tuple_obj", 1), ("tuple_pair", 1),
                  ("mixed", 0.5), ("empty_tuple", 0.3), ("empty_fs", 0.3)],
    "ContainerContainer": [("objects", 3), ("grid_small", 2), ("tuple_obj", 2),
                           ("indicesset", 1), ("tuple_grid", 1), ("ttt", 0.5)],
    "Tuple": [("tuple_int", 3), ("tuple_pair", 1), ("grid_small", 2), ("tuple_obj", 1),
              ("mixed", 0.5), ("empty_tuple", 0.5), ("samples", 0.3), ("ttt", 0.3)],
    "FrozenSet": [("fs_int", 2), ("indices", 2), ("object", 2), ("objects", 1),
                  ("fs_pair", 1), ("empty_fs", 0.5)],
    "IntegerSet": [("fs_int", 4), ("palette", 2), ("tuple_int", 1)],
    "TupleTuple": [("tuple_grid", 2), ("grid_small", 2)],
    "TTT_iii": [("ttt", 6), ("tuple_obj", 1)],
}

# How often each kind is drawn for a parameter that takes anything ("Any", or a wrong type).
ANY_KINDS = [
    ("int", 3), ("bool", 1), ("pair", 2), ("colour", 1), ("grid_small", 3), ("grid_large", 0.5),
    ("grid_odd", 0.5), ("object", 2), ("indices", 2), ("objects", 1), ("cell", 1),
    ("tuple_int", 1.5), ("tuple_pair", 1), ("tuple_obj", 1), ("fs_int", 1.5), ("fs_pair", 1),
    ("mixed", 1), ("odd", 1.5), ("empty_tuple", 0.5), ("empty_fs", 0.5),
    ("callable1", 1), ("callable2", 0.3), ("samples", 0.3), ("palette", 0.5), ("ttt", 0.3),
    ("indicesset", 0.3), ("tuple_grid", 0.3),
]

# Kinds for particular parameters, where the annotation says too little.
PARAM_KINDS = {
    ("rapply", "functions"): [("fn_tuple", 6), ("fn_set", 2)],
    ("rapply_t", "functions"): [("fn_tuple", 8)],
    ("rapply_f", "functions"): [("fn_set", 8)],
    ("celltuple", "a"): [("tuple_pair", 6), ("tuple_int", 1)],
}
# Scale factors stay small: a large one on a large grid makes a result too big to keep, after
# seconds of work in the reference.
for _name in ("upscale", "upscale_t", "upscale_f", "hupscale", "vupscale"):
    PARAM_KINDS[(_name, "factor")] = [("factor", 8), ("int", 0.3)]

# Chance that a call's arguments are made to fit together: a callable that takes the
# elements of the container it is applied to, or a value taken from another argument (an
# element for `contained`, a colour of the grid for `ofcolor`, a window of the grid for
# `occurrences`, the same value twice for `equality`).
FIT_CALLABLE_P = 0.7
RELATED_P = 0.4

# The annotations that fit a value, by the value's shape (see Generator._shape).
SHAPE_FITS = {
    "int": {"Integer", "Numerical", "C_", "FL", "F_", "Boolean", "I_", "J_", "R4", "R8",
            "A4", "A8", "Any"},
    "pair": {"IJ", "IntegerTuple", "Numerical", "Tuple", "Container", "Any"},
    "grid": {"Grid", "Tuple", "Container", "ContainerContainer", "TupleTuple", "Piece",
             "Element", "Any"},
    "object": {"Object", "Patch", "FrozenSet", "Container", "Piece", "Element", "Any"},
    "indices": {"Indices", "Patch", "FrozenSet", "Container", "Piece", "Any"},
    "sets": {"Objects", "IndicesSet", "FrozenSet", "Container", "ContainerContainer", "Any"},
    "cell": {"Cell", "Tuple", "Container", "Any"},
    "tuple": {"Tuple", "Container", "Any"},
    "other": {"Any"},
}

# The arity a callable parameter expects, where it is not 1: (function, parameter) -> arities.
CALLABLE_ARITY = {
    ("fork", "outer"): (2,),
    ("papply", "function"): (2,),
    ("mpapply", "function"): (2,),
    ("prapply", "function"): (2,),
    ("rbind", "function"): (2, 3),
    ("lbind", "function"): (2, 3),
}

# ---------------------------------------------------------------------------- the pool


class Pool:
    """Argument values by kind. Structured values are shared: each is one definition line,
    referred to as {"ref": K}; small values are drawn afresh and written inline."""

    def __init__(self, reference, evaluator, encoder, seed):
        self.ref = reference
        self.evaluator = evaluator
        self.encoder = encoder
        self.rng = random.Random(f"{seed}:{reference.dialect}:pool")
        self.kinds = {}
        self.defs = []  # (K, E)
        self.fragility = dslcases.Fragility(reference)
        self.callables = {1: [], 2: [], 3: []}  # arity -> [(E, parameter annotations)]
        self.closures = []  # (E, arity, parameter annotations)
        self.tok = reference.dialect == "tokpidjin"
        self.dsl_pairs = []  # pairs the DSL computed (shapes, corners), as encodings

    # -- recording values
    def share(self, value, *kinds):
        """Adds a value as a shared definition under `kinds`; returns its {"ref": K}."""
        return self.share_expression(self.encoder.encode(value), *kinds)

    def share_expression(self, expression, *kinds):
        k = self.evaluator.define(expression)
        self.defs.append((k, expression))
        self.fragility.define(expression)
        ref = {"ref": k}
        for kind in kinds:
            self.kinds.setdefault(kind, []).append(ref)
        return ref

    def value(self, encoded):
        return self.evaluator.evaluate(encoded)

    def fn(self, name):
        return self.ref.by_name[name].value

    # -- drawing values
    def draw_kind(self, kind, rng):
        """One value of a kind, as an argument encoding."""
        if kind == "pair":
            # Positions and sizes the DSL computed, or small ones (a few larger).
            if self.dsl_pairs and rng.random() < 0.3:
                return list(rng.choice(self.dsl_pairs))
            if rng.random() < 0.05:
                return [_int(rng), _int(rng)]
            return [rng.randint(-3, 12), rng.randint(-3, 12)]
        make = _INLINE.get(kind)
        if make is not None:
            return make(rng)
        values = self.kinds.get(kind)
        if not values:
            return _INLINE["int"](rng)
        if kind.startswith("callable"):
            return rng.choice(values)[0]
        return rng.choice(values)

    def draw(self, annotation, rng, arities=(1,), kinds=None):
        """A value for a parameter annotated `annotation`: mostly of a fitting kind."""
        if annotation == "Callable" and rng.random() < TYPED_P:
            return self.draw_kind(f"callable{rng.choice(arities)}", rng)
        if kinds is None:
            kinds = ANNOTATION_KINDS.get(annotation)
        if kinds is None or rng.random() >= TYPED_P:
            kinds = ANY_KINDS
        return self.draw_kind(_weighted(rng, kinds), rng)

    # -- building
    def build(self, tasks_dir, n_tasks):
        self._scalars()
        grids, samples = self._arc_grids(tasks_dir, n_tasks)
        grids += self._random_grids()
        self._odd_grids()
        small = [g for g in grids if _cells(g) <= 100]
        large = [g for g in grids if _cells(g) > 100]
        for g in small:
            self.share(g, "grid_small")
        for g in large:
            self.share(g, "grid_large")
        for s in samples:
            self.share(s, "samples")
        self._derived(small, large)
        self._containers()
        self._functions()
        self._closures()

    def _scalars(self):
        # No strings: they are no DSL values, and the reference turns a string container into
        # `str(<generator>)`, a text holding an address, which no other run reproduces.
        for v in (None, math.nan, -math.inf, math.inf, 0.5, -2.5, 1.0, True, False, 10**4, -7,
                  0):
            self.share(v, "odd")
        self.share((), "empty_tuple")
        self.share(frozenset(), "empty_fs")

    def _arc_grids(self, tasks_dir, n_tasks):
        """Inputs and outputs of a sample of ARC tasks, and their samples S as tokpidjin's
        runner builds them (a tuple of (input, output) pairs of the train examples)."""
        names = sorted(n for n in os.listdir(tasks_dir) if n.endswith(".json"))
        chosen = self.rng.sample(names, min(n_tasks, len(names)))
        grids, samples = [], []
        for name in sorted(chosen):
            with open(os.path.join(tasks_dir, name)) as f:
                task = json.load(f)
            pairs = []
            for split in ("train", "test"):
                for example in task.get(split, []):
                    gi = tuple(tuple(r) for r in example["input"])
                    grids.append(gi)
                    if "output" in example:
                        go = tuple(tuple(r) for r in example["output"])
                        grids.append(go)
                        if split == "train":
                            pairs.append((gi, go))
            samples.append(tuple(pairs))
        # Samples with an unchanged pair (for dedupe_pair_tuple) and with a single pair.
        if samples and samples[0]:
            first = samples[0][0]
            samples.append(((first[0], first[0]),) + samples[0])
            samples.append((first,))
        samples.append(())
        unique = []
        seen = set()
        for g in grids:
            if g not in seen:
                seen.add(g)
                unique.append(g)
        return unique, samples

    def _random_grids(self):
        rng = self.rng
        out = [((0,),), ((5,),), ((1, 2), (3, 4)), ((0, 0), (0, 0))]
        for _ in range(50):
            h, w = rng.randint(1, 7), rng.randint(1, 7)
            colours = rng.sample(range(10), rng.randint(1, 4))
            weights = [rng.random() + 0.1 for _ in colours]
            out.append(tuple(tuple(rng.choices(colours, weights)[0] for _ in range(w))
                             for _ in range(h)))
        return out

    def _odd_grids(self):
        for g in ((), ((),), ((), ()), ((1, 2), (3,)), ((1, 2, 3),), ((1,), (2,), (3,)),
                  ((10, -1), (0, 12)), ((255, 255, 3), (3, -5, 3)),
                  ((True, False), (False, True)), ((0.5, 1), (1, 0.5)), ((1, 2), (3, 4), ())):
            self.share(g, "grid_odd")

    def _derived(self, small, large):
        """Values the DSL itself derives from grids: objects in all 8 modes, partitions,
        single objects, indices, colour sets, cells, tuples of objects."""
        rng = self.rng
        objects = self.fn("objects")
        ofcolor = self.fn("f_ofcolor" if self.tok else "ofcolor")
        palette = self.fn("palette_t" if self.tok else "palette")
        toindices = self.fn("toindices")
        asobject = self.fn("asobject")
        totuple = self.fn("totuple")
        pick = sorted(rng.sample(range(len(small)), min(45, len(small))))
        sources = [small[i] for i in pick] + rng.sample(large, min(6, len(large)))
        single = []
        for g in sources:
            for mode in range(8):
                objs = objects(g, bool(mode & 4), bool(mode & 2), bool(mode & 1))
                if not isinstance(objs, frozenset) or len(objs) > 60:
                    continue
                self.share(objs, "objects")
                members = list(objs)
                for o in rng.sample(members, min(2, len(members))):
                    single.append(o)
                if mode in (1, 7) and 0 < len(objs) <= 12:
                    self.share(totuple(objs), "tuple_obj")
                    if self.tok:
                        self.share(self.fn("o_g_t")(g, mode), "ttt")
            for name in ("partition", "fgpartition"):
                objs = self.fn(name)(g)
                if isinstance(objs, frozenset):
                    self.share(objs, "objects")
            pal = palette(g)
            if isinstance(pal, (frozenset, tuple)):
                self.share(pal, "palette", "fs_int" if isinstance(pal, frozenset) else "tuple_int")
                for c in sorted(pal)[:3]:
                    idx = ofcolor(g, c)
                    if idx:
                        self.share(idx, "indices")
        for g in small[:25]:
            self.share(asobject(g), "object")
            self.share(self.fn("asindices")(g), "indices")
        rng.shuffle(single)
        cells = []
        for o in single[:260]:
            self.share(o, "object")
            idx = toindices(o)
            self.share(idx, "indices")
            cells.extend(rng.sample(list(o), min(2, len(o))))
        for o in single[260:380]:
            self.share(toindices(o), "indices")
        for c in cells[:200]:
            self.share(c, "cell")
        # Sets of index sets, tuples of grids, the shapes and corners the DSL computes.
        objsets = [self.value(r) for r in self.kinds.get("objects", [])[:40]]
        # Sets of objects with an empty one among them: `next(iter(obj))` inside a generator
        # then raises StopIteration, which Python turns into RuntimeError.
        for objs in objsets[:6]:
            self.share(objs | {frozenset()}, "objects")
        self.share(frozenset({frozenset()}), "objects")
        for objs in objsets:
            if 0 < len(objs) <= 20:
                self.share(frozenset(toindices(o) for o in objs), "indicesset")
        hsplit = self.fn("hsplit")
        for g in small[:20]:
            self.share(hsplit(g, 2), "tuple_grid")
            self.share((g, g), "tuple_grid")
        shape = self.fn("shape_t" if self.tok else "shape")
        pairs = [shape(g) for g in small[:30]]
        for o in single[:60]:
            pairs.append(self.fn("ulcorner")(o))
            pairs.append(self.fn("lrcorner")(o))
            self.share(self.fn("corners")(o), "indices")
            self.share(self.fn("backdrop")(o), "indices")
        self.dsl_pairs = [list(p) for p in pairs if _is_pair(p)]

    def _containers(self):
        """Frozensets and tuples of ints, pairs and sets; tuples of mixed values."""
        rng = self.rng
        for _ in range(40):
            self.share(frozenset(rng.randint(-2, 12) for _ in range(rng.randint(1, 9))),
                       "fs_int")
            self.share(tuple(rng.randint(-2, 12) for _ in range(rng.randint(0, 9))), "tuple_int")
            self.share(frozenset(_pair(rng) for _ in range(rng.randint(1, 9))), "fs_pair")
            self.share(tuple(_pair(rng) for _ in range(rng.randint(0, 6))), "tuple_pair")
        for _ in range(10):
            # A pool of values drawn from a few: repeats, for mostcommon, dedupe, count.
            base = [rng.randint(0, 9) for _ in range(3)]
            self.share(tuple(rng.choice(base) for _ in range(rng.randint(2, 12))), "tuple_int")
        for v in ((True, False, True), (1, True, 1.0), tuple(range(20))):
            self.share(v, "tuple_int")
        for v in ((1, 0.5, None, (2, 3)), (True, 1, 1.0), (frozenset(), ()), (0.5, -1),
                  (None,), (-math.inf,), ((1, 2), frozenset({1, 2})), (None, 1),
                  ((1, (2, 3)), (4, (5, 6))), (frozenset({1}), frozenset({1, 2})),
                  ((0, 0, 1), (0, 1, 2)), (-math.inf, 3), ((), ()), (((),),)):
            self.share(v, "mixed")
        if dslcases.NONE_STABLE:
            for v in (frozenset({None, 1, 2}), frozenset({(None, 1), (2, 3), None})):
                self.share(v, "mixed", "fs_int")
        for v in (frozenset({frozenset(), frozenset({1})}), frozenset({(1, 2), (1, (2, 3))}),
                  frozenset({(1, 0.5), (True, 2), 1}), frozenset({0.5, 1, -math.inf}),
                  frozenset({True, 2, 3})):
            self.share(v, "mixed", "fs_int")

    def _functions(self):
        """Every DSL function, as a value, under the arities it accepts."""
        for f in self.ref.functions:
            e = {"function": f.name}
            params = [p[1] for p in f.params]
            for arity in (1, 2, 3):
                if f.min_args <= arity <= f.max_args:
                    self.callables[arity].append((e, params[:arity]))
        for arity, entries in self.callables.items():
            self.kinds[f"callable{arity}"] = entries
        # Containers of functions (for rapply). A frozenset of several functions iterates in
        # an order that changes from run to run (functions hash by address), and so would the
        # reference's results: the sets hold one function each.
        rng = self.rng
        ones = [e for e, params in self.callables[1]]
        for _ in range(30):
            picked = rng.sample(ones, rng.randint(1, 4))
            self.share_expression(picked, "fn_tuple")
            self.share_expression({"frozenset": picked[:1]}, "fn_set")

    def _closures(self, count=260):
        """Closures made by the DSL (rbind, lbind, compose, chain, fork, matcher, power,
        branch), of DSL functions and of earlier closures."""
        rng = self.rng
        makers = [("rbind", 3), ("lbind", 3), ("compose", 2), ("chain", 1), ("fork", 1.5),
                  ("matcher", 1.5), ("power", 1), ("branch", 0.4)]
        made = 0
        attempts = 0
        while made < count and attempts < count * 5:
            attempts += 1
            maker = _weighted(rng, makers)
            built = self._make_closure(maker, rng)
            if built is None:
                continue
            expression, arity, params = built
            ref = self.share_expression(expression)
            k = ref["ref"]
            if not callable(self.evaluator.defs[k]):  # its construction failed in Python
                continue
            ref = {"ref": k}
            self.closures.append((ref, arity, params))
            if arity in self.callables:
                self.callables[arity].append((ref, params))
            made += 1
        # rapply's containers can now hold closures too.
        for _ in range(10):
            picked = [c[0] for c in rng.sample(self.closures, rng.randint(1, 3))]
            self.share_expression(picked, "fn_tuple")

    def _callable(self, rng, arity):
        """A DSL function or an earlier closure taking `arity` arguments: (E, params)."""
        entries = self.callables[arity]
        closures = [c for c in entries if "ref" in c[0]]
        if closures and rng.random() < 0.3:
            return rng.choice(closures)
        return rng.choice(entries)

    def _make_closure(self, maker, rng):
        funcs = self.ref.functions
        if maker in ("rbind", "lbind"):
            f = rng.choice([f for f in funcs if 2 <= f.max_args <= 4])
            params = [p[1] for p in f.params]
            fixed_param = params[-1] if maker == "rbind" else params[0]
            fixed = self.draw(fixed_param, rng)
            rest = params[:-1] if maker == "rbind" else params[1:]
            return {"call": maker, "args": [{"function": f.name}, fixed]}, len(rest), rest
        if maker == "compose":
            outer, inner = self._callable(rng, 1), self._callable(rng, 1)
            return {"call": "compose", "args": [outer[0], inner[0]]}, 1, inner[1]
        if maker == "chain":
            h, g, f = (self._callable(rng, 1) for _ in range(3))
            return {"call": "chain", "args": [h[0], g[0], f[0]]}, 1, f[1]
        if maker == "fork":
            outer = self._callable(rng, 2)
            a, b = self._callable(rng, 1), self._callable(rng, 1)
            return {"call": "fork", "args": [outer[0], a[0], b[0]]}, 1, a[1]
        if maker == "matcher":
            f = self._callable(rng, 1)
            target = self.draw("Any", rng)
            return {"call": "matcher", "args": [f[0], target]}, 1, f[1]
        if maker == "power":
            f = self._callable(rng, 1)
            n = _weighted(rng, [(1, 3), (2, 3), (3, 2), (4, 1), (0, 0.3), (-1, 0.2)])
            return {"call": "power", "args": [f[0], n]}, 1, f[1]
        if maker == "branch":
            a, b = self._callable(rng, 1), self._callable(rng, 1)
            cond = rng.random() < 0.5
            chosen = a if cond else b
            return {"call": "branch", "args": [{"bool": cond}, a[0], b[0]]}, 1, chosen[1]
        return None


def _is_pair(v):
    return type(v) is tuple and len(v) == 2 and type(v[0]) is int and type(v[1]) is int


def _is_grid(v):
    return type(v) is tuple and all(type(r) is tuple for r in v)


def _ints_in(v, limit):
    """Ints found in a value (through tuples and frozensets), at most `limit` looked at."""
    out, stack = [], [v]
    while stack and limit > 0:
        x = stack.pop()
        limit -= 1
        if type(x) is int:
            out.append(x)
        elif type(x) in (tuple, frozenset):
            stack.extend(list(x)[:30])
    return out


def _colours_in(v, tok):
    """The colours of a grid, an object (its cells' colours) or a set of objects."""
    if _is_grid(v):
        return [c for row in v[:10] for c in row[:10]]
    out = []
    items = list(v)[:30] if isinstance(v, frozenset) else []
    for x in items:
        if isinstance(x, frozenset):
            items.extend(list(x)[:5])
            continue
        if tok and type(x) is tuple and len(x) == 3 and type(x[2]) is int:
            out.append(x[2])
        elif not tok and type(x) is tuple and len(x) == 2 and type(x[0]) is int:
            out.append(x[0])
    return out


def _pairs_in(v, limit):
    """Pairs of ints found in a value (positions in patches, shapes)."""
    out, stack = [], [v]
    while stack and limit > 0:
        x = stack.pop()
        limit -= 1
        if _is_pair(x):
            out.append(x)
        elif type(x) in (tuple, frozenset):
            stack.extend(list(x)[:30])
    return out


def _weighted(rng, pairs):
    total = sum(w for _, w in pairs)
    x = rng.random() * total
    for item, w in pairs:
        x -= w
        if x < 0:
            return item
    return pairs[-1][0]


def _cells(grid):
    return sum(len(r) for r in grid) if grid else 0


def _pair(rng):
    return (rng.randint(-2, 12), rng.randint(-2, 12))


def _int(rng):
    x = rng.random()
    if x < 0.8:
        return rng.randint(-3, 12)
    if x < 0.97:
        return rng.randint(13, 40) * rng.choice((1, -1))
    return rng.choice((100, -100, 1000, -1000))


def _rank(rng):
    """A rank (FL: -10..9 counts from either end), mostly a small one."""
    if rng.random() >= 0.95:
        return rng.choice((-11, 10, 25))
    return rng.randint(-3, 2) if rng.random() < 0.6 else rng.randint(-10, 9)


# Kinds drawn afresh for every argument, as inline encodings.
_INLINE = {
    "int": _int,
    "bool": lambda rng: {"bool": rng.random() < 0.5},
    "colour": lambda rng: rng.randint(0, 9) if rng.random() < 0.92 else rng.choice((-1, 10, 11)),
    "rank": _rank,
    "r4": lambda rng: rng.randint(0, 3) if rng.random() < 0.9 else rng.choice((-1, 4, 5, 9)),
    "r8": lambda rng: rng.randint(0, 7) if rng.random() < 0.9 else rng.choice((-1, 8, 9)),
    "factor": lambda rng: rng.randint(-1, 4) if rng.random() < 0.9 else rng.randint(5, 9),
}

# ---------------------------------------------------------------------------- cases


class Generator:
    """Writes the cases of one dialect."""

    def __init__(self, args):
        self.args = args
        self.reference = dslcases.Reference(args.dialect, args.reference)
        self.evaluator = dslcases.Evaluator(self.reference)
        self.encoder = dslcases.Encoder(self.reference)
        self.pool = Pool(self.reference, self.evaluator, self.encoder, args.seed)

    def function_cases(self, index):
        """The case lines of the function at `index` (or of "@call"), and its tallies."""
        if index == len(self.reference.functions):
            return self._call_cases(index)
        f = self.reference.functions[index]
        rng = random.Random(f"{self.args.seed}:{self.reference.dialect}:{f.name}")
        want = self.args.per_function
        return self._cases(index, f.name, want, rng, lambda: self._draw_args(f, rng))

    def _call_cases(self, index):
        rng = random.Random(f"{self.args.seed}:{self.reference.dialect}:@call")
        closures = self.pool.closures
        want = self.args.call_cases

        params_of = {}  # closure K -> the annotations of its parameters

        def draw():
            ref, arity, params = rng.choice(closures)
            params_of[ref["ref"]] = params
            n = arity
            if rng.random() < WRONG_ARITY_P:
                n = max(0, arity + rng.choice((-1, 1)))
            args = [ref]
            for i in range(n):
                args.append(self.pool.draw(params[i] if i < len(params) else "Any", rng))
            return args

        return self._cases(index, "@call", want, rng, draw,
                           lambda args: params_of[args[0]["ref"]])

    def _draw_args(self, f, rng):
        n = f.max_args
        if f.min_args < f.max_args:
            n = rng.randint(f.min_args, f.max_args)
        if rng.random() < WRONG_ARITY_P:
            n = max(0, rng.choice((f.min_args - 1, f.max_args + 1)))
        args, annotations = [], []
        for i in range(n):
            if i < len(f.params):
                pname, annotation, _ = f.params[i]
            else:
                pname, annotation = "", "Any"
            arities = CALLABLE_ARITY.get((f.name, pname), (1,))
            kinds = PARAM_KINDS.get((f.name, pname))
            args.append(self.pool.draw(annotation, rng, arities, kinds))
            annotations.append(annotation)
        if rng.random() < FIT_CALLABLE_P:
            self._fit_callable(f, args, annotations, rng)
        if rng.random() < RELATED_P:
            self._relate(args, annotations, rng)
        return args

    # -- making arguments fit together
    def _decoded(self, encoded):
        try:
            return self.evaluator.evaluate(encoded)
        except Exception:  # noqa: BLE001 - an argument whose making raises has no shape
            return None

    def _shape(self, v):
        """A coarse type of a value, for matching callables to the elements they get."""
        tok = self.reference.dialect == "tokpidjin"
        t = type(v)
        if t is int or t is bool:
            return "int"
        if t is tuple:
            if len(v) == 2 and all(type(x) is int for x in v):
                return "pair"
            if tok and len(v) == 3 and all(type(x) is int for x in v):
                return "cell"
            if not tok and len(v) == 2 and type(v[0]) is int and type(v[1]) is tuple:
                return "cell"
            if v and all(type(r) is tuple for r in v):
                return "grid"
            return "tuple"
        if t is frozenset:
            e = next(iter(v), None)
            s = self._shape(e) if e is not None else "other"
            return {"pair": "indices", "cell": "object", "object": "sets",
                    "indices": "sets"}.get(s, "other")
        return "other"

    def _fit_callable(self, f, args, annotations, rng):
        """Gives the callable argument a function that takes the elements of the container
        argument (apply, sfilter, argmax, mapply, c_iz, ...)."""
        fn_at = [i for i, a in enumerate(annotations) if a == "Callable"]
        box_at = [i for i, a in enumerate(annotations)
                  if a in ("Container", "Tuple", "FrozenSet", "ContainerContainer", "Samples",
                           "Objects", "IndicesSet", "TTT_iii")]
        if len(fn_at) != 1 or not box_at:
            return
        box = self._decoded(args[box_at[0]])
        if annotations[box_at[0]] == "Samples":
            shape = "grid"
        elif isinstance(box, (tuple, frozenset)) and box:
            shape = self._shape(next(iter(box)))
        else:
            return
        arity = CALLABLE_ARITY.get((f.name, f.params[fn_at[0]][0]), (1,))[0]
        fits = SHAPE_FITS[shape]
        choices = [e for e, params in self.pool.callables.get(arity, [])
                   if params and params[0] in fits and params[0] != "Any"]
        if choices:
            args[fn_at[0]] = rng.choice(choices)

    def _relate(self, args, annotations, rng):
        """Replaces one argument by a value drawn from the others: an element, a colour, a
        length, a position, a window of a grid, or the same value again."""
        slots = [i for i, a in enumerate(annotations) if a != "Callable"]
        if len(slots) < 2:
            return
        i = rng.choice(slots)
        others = [self._decoded(args[j]) for j in slots if j != i]
        if any(dslcases.has_unstable_set(v) for v in others):
            return  # its iteration order differs from run to run: no reproducible choice
        want = annotations[i]
        candidates = []
        tok = self.reference.dialect == "tokpidjin"
        for v in others:
            if want == "C_":
                candidates.extend(_colours_in(v, tok) or _ints_in(v, 200))
            elif want in ("Integer", "FL", "F_", "I_", "J_", "Numerical", "R4", "R8"):
                lengths = []
                if isinstance(v, (tuple, frozenset)):
                    lengths.append(len(v))
                    lengths.extend(len(e) for e in list(v)[:20]
                                   if isinstance(e, (tuple, frozenset)))
                candidates.extend(lengths if lengths and rng.random() < 0.6
                                  else _ints_in(v, 200))
            elif want in ("IJ", "IntegerTuple"):
                if _is_grid(v) and v and v[0] and rng.random() < 0.7:
                    h, w = len(v), len(v[0])
                    candidates.append((rng.randrange(h), rng.randrange(w)))
                    candidates.append((rng.randint(1, h), rng.randint(1, w)))
                else:
                    candidates.extend(_pairs_in(v, 200))
            elif want in ("Object", "Patch") and _is_grid(v) and v and v[0]:
                candidates.append(self._window(v, rng, tok))
            else:
                if isinstance(v, (tuple, frozenset)) and v:
                    candidates.extend(list(v)[:50])
                candidates.append(v)
        candidates = [c for c in candidates if c is not None]
        if not candidates:
            return
        try:
            args[i] = self.encoder.encode(rng.choice(candidates))
        except dslcases.Unencodable:
            pass

    def _window(self, grid, rng, tok):
        """An object cut out of a grid (as occurrences looks for one), normalized or not."""
        h, w = len(grid), len(grid[0])
        i, j = rng.randrange(h), rng.randrange(w)
        dh, dw = rng.randint(1, min(3, h - i)), rng.randint(1, min(3, w - j))
        cells = []
        for a in range(i, i + dh):
            for b in range(j, j + dw):
                if b < len(grid[a]):
                    c = grid[a][b]
                    pos = (a - i, b - j) if rng.random() < 0.7 else (a, b)
                    cells.append((pos[0], pos[1], c) if tok else (c, pos))
        return frozenset(cells)

    def _cases(self, index, name, want, rng, draw, closure_params=lambda args: ()):
        lines = []
        tally = {"cases": 0, "raised": 0, "timeouts": 0, "skipped": 0, "duplicates": 0,
                 "fragile": 0, "seconds": 0.0}
        seen = set()
        attempts = 0
        start = time.perf_counter()
        while len(lines) < want and attempts < want * 4:
            attempts += 1
            args = draw()
            key = dumps(args)
            if key in seen:
                tally["duplicates"] += 1
                continue
            seen.add(key)
            outcome = self._evaluate(name, args)
            if outcome is None:
                tally["skipped"] += 1
                continue
            if outcome == "timeout":
                tally["timeouts"] += 1
                continue
            if outcome.startswith('{"raises"'):
                tally["raised"] += 1
            case = {"id": index * ID_STRIDE + len(lines), "fn": name, "args": args,
                    "expect": outcome}
            if self.pool.fragility.case(name, args, closure_params(args)):
                case["fragile"] = True
                tally["fragile"] += 1
            lines.append(dumps(case))
        tally["cases"] = len(lines)
        tally["seconds"] = time.perf_counter() - start
        return name, lines, tally

    def _evaluate(self, name, args):
        """The expected text of a case, "timeout", or None for a case not worth writing."""
        signal.setitimer(signal.ITIMER_PROF, TIME_LIMIT_S)
        try:
            try:
                result = self.evaluator.evaluate_case(name, args)
            finally:
                signal.setitimer(signal.ITIMER_PROF, 0)
        except CaseTimeout:
            return "timeout"
        except MemoryError:
            return None
        except Exception as exc:  # noqa: BLE001 - the reference's failure is the expectation
            return raised(type(exc).__name__)
        if dslcases.address_dependent(result):
            return None
        try:
            return canonical(result)
        except (TooLarge, RecursionError):
            return None

    def constant_cases(self, index):
        lines = []
        for n, (name, _) in enumerate(self.reference.constants):
            value = self.evaluator.evaluate_case("@constant", [name])
            lines.append(dumps({"id": index * ID_STRIDE + n, "fn": "@constant", "args": [name],
                                "expect": canonical(value)}))
        return lines


def _on_alarm(signum, frame):
    raise CaseTimeout()


# The generator of a worker process (set before forking).
_GENERATOR = None


def _worker(index):
    return _GENERATOR.function_cases(index)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--dialect", required=True, choices=("arc-dsl", "tokpidjin"))
    p.add_argument("--reference", required=True, help="directory of the dialect's dsl.py")
    p.add_argument("--tasks", required=True, help="directory of ARC task JSON files")
    p.add_argument("--out", required=True, help="case file to write (JSON lines)")
    p.add_argument("--per-function", type=int, default=400, help="cases per function")
    p.add_argument("--call-cases", type=int, default=None,
                   help="cases calling closures (default: 8 x --per-function)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--functions", default="", help="only these functions (comma-separated)")
    p.add_argument("--tasks-sampled", type=int, default=30, help="ARC tasks in the pool")
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--quiet", action="store_true")
    args = p.parse_args(argv)
    if args.call_cases is None:
        args.call_cases = 8 * args.per_function
    if args.per_function >= ID_STRIDE or args.call_cases >= ID_STRIDE:
        p.error(f"at most {ID_STRIDE - 1} cases per function")
    return args


def main(argv=None):
    global _GENERATOR
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if os.environ.get("PYTHONHASHSEED") != "0":
        print("gen_cases.py: warning: PYTHONHASHSEED is not 0", file=sys.stderr)
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard == resource.RLIM_INFINITY or hard > MEMORY_LIMIT:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, hard))
    # The limit counts the process's CPU time, not wall time, so that a loaded machine does
    # not change which cases are left out.
    signal.signal(signal.SIGPROF, _on_alarm)

    started = time.perf_counter()
    gen = Generator(args)
    ref = gen.reference
    gen.pool.build(args.tasks, args.tasks_sampled)
    pool_seconds = time.perf_counter() - started

    wanted = [n for n in args.functions.split(",") if n]
    unknown = [n for n in wanted if n not in ref.by_name and n != "@call"]
    if unknown:
        print(f"gen_cases.py: no such function in {args.dialect}: {', '.join(unknown)}",
              file=sys.stderr)
        return 2
    indices = [i for i, f in enumerate(ref.functions) if not wanted or f.name in wanted]
    if not wanted or "@call" in wanted:
        indices.append(len(ref.functions))

    _GENERATOR = gen
    if args.jobs > 1:
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(args.jobs) as workers:
            results = list(workers.imap(_worker, indices, chunksize=1))
    else:
        results = [gen.function_cases(i) for i in indices]

    total = {"cases": 0, "raised": 0, "timeouts": 0, "skipped": 0, "fragile": 0}
    tmp = args.out + ".tmp"
    with open(tmp, "w") as out:
        head = dslcases.header(ref, gen.evaluator, "gen_cases.py", seed=args.seed,
                               per_function=args.per_function, call_cases=args.call_cases,
                               functions_selected=wanted)
        out.write(dumps(head) + "\n")
        for k, e in gen.pool.defs:
            out.write(dumps({"def": k, "value": e}) + "\n")
        for name, lines, tally in results:
            for line in lines:
                out.write(line + "\n")
            for key in total:
                total[key] += tally[key]
        if not wanted:
            for line in gen.constant_cases(len(ref.functions) + 1):
                out.write(line + "\n")
    os.replace(tmp, args.out)

    seconds = time.perf_counter() - started
    if not args.quiet:
        slow = sorted(results, key=lambda r: -r[2]["seconds"])[:8]
        print(f"gen_cases.py: {args.dialect}: {total['cases']} cases of {len(results)} "
              f"functions ({total['raised']} raising, {total['fragile']} fragile), "
              f"{len(gen.pool.defs)} shared values; left out: {total['timeouts']} over "
              f"{TIME_LIMIT_S:g} s, {total['skipped']} too large or address-dependent; "
              f"{seconds:.1f} s (pool {pool_seconds:.1f} s)")
        print("  slowest: " + ", ".join(f"{n} {t['seconds']:.1f}s" for n, _, t in slow))
        slow_cases = [f"{n} {t['timeouts']}" for n, _, t in results if t["timeouts"]]
        if slow_cases:
            print("  over the time limit: " + ", ".join(slow_cases))
        thin = [n for n, _, t in results if t["cases"] < args.per_function // 4]
        if thin:
            print(f"  few distinct cases: {', '.join(thin)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
