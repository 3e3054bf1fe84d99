#!/usr/bin/env python3
"""synth_batt: writes synthetic batt-style C++ solvers (SPEC section 3) for tests and benchmarks.

Every solver is a straight-line sequence of `auto tN = f(args...);` statements over the DSL
(runtime/include/battgpu/dsl.hpp), interleaved with `o.emplace_back(N, "id", tN);` scoring
statements, and holds the three rewrite patterns of SPEC section 4 at the frequencies measured
on real batt files (see README.md). A small type model tracks the C++ type of every tN, and
each primitive is only given arguments whose types it accepts, so the output compiles.

The output depends only on the options: the same options give a byte-identical file (the
generator uses its own random number generator, not Python's, so the Python version does not
matter). Solver k is the same whatever --solvers says, so a small file is a prefix of a big one.

Exit status: 0 written; 1 the output could not be written; 2 usage error.
"""

import argparse
import os
import re
import sys
import tempfile

import batt_python

# Targets per solver, measured on real batt files (README.md).
STATEMENTS_PER_SOLVER = 32
SCORING_SHARE = 19 / 32
SAMPLE_BATCH_PER_SOLVER = 0.3
MAPPLY_OBJECTS_PER_SOLVER = 0.13
# Number of o_g calls in a solver: 0..3 with these weights, mean 1.1.
OBJECT_EXTRACTIONS = [(0, 0.20), (1, 0.55), (2, 0.20), (3, 0.05)]
# Second and later o_g of a solver reuse the first one's grid (the object-batch pattern).
SAME_GRID_SHARE = 0.5
# o_g on a grid computed in the solver rather than on the parameter I.
DERIVED_GRID_SHARE = 0.7
MODES = [("R5", 0.6), ("R7", 0.1), ("R1", 0.1), ("R4", 0.05), ("R3", 0.05), ("R0", 0.04),
         ("R2", 0.03), ("R6", 0.03)]
OBJECT_FUNCTIONS = ["corners", "backdrop", "delta", "outbox", "inbox", "box", "toindices"]
# Largest area of a derived grid relative to the input (upscale and concatenation are limited).
MAX_GROWTH = 4
# Statements the closing step adds on average (values used, leftovers turned into grids).
CLOSING_STATEMENTS = 5


class Rng:
    """splitmix64: small, fast and the same on every platform and Python version."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFFFFFFFFFF

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def random(self):
        return (self.next() >> 11) / float(1 << 53)

    def below(self, n):
        return self.next() % n

    def choice(self, items):
        return items[self.below(len(items))]

    def weighted(self, pairs):
        total = sum(w for _, w in pairs)
        x = self.random() * total
        for item, w in pairs:
            x -= w
            if x < 0:
                return item
        return pairs[-1][0]


# ---- The type model ---------------------------------------------------------------------
# Type keys are the C++ types of values.hpp, plus two refinements of IntegerTuple:
#   Dims  - an IntegerTuple known to be a grid shape (safe as canvas/crop dimensions);
#   ObjFn - the closure rbind(o_g, Rk), Grid -> Objects.
COMPATIBLE = {"IntegerTuple": ("IntegerTuple", "Dims")}
PATCH = ("Indices", "Object")
COLORS = ["ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"]
CONSTANTS = {
    "Integer": COLORS,
    "IntegerTuple": ["ORIGIN", "UNITY", "DOWN", "RIGHT", "UP", "LEFT", "TWO_BY_TWO"],
    "Dims": ["TWO_BY_TWO", "THREE_BY_THREE", "UNITY"],
}
DIRECTIONS = ["DOWN", "RIGHT", "UP", "LEFT", "UNITY", "NEG_UNITY", "UP_RIGHT", "DOWN_LEFT"]
SMALL = ["TWO", "THREE"]
NTH = ["F0", "F1", "F2", "L1", "L2"]
KEYS = ["size", "height", "width", "uppermost", "leftmost", "numcolors", "color"]
GRID_MAPS = ["rot90", "rot180", "rot270", "hmirror", "vmirror", "dmirror", "cmirror"]

# An argument is a type key or a tuple of them (a variable or constant of that type),
# ("lit", [...]) (one of these constants or function objects, never a variable), or
# ("color",) (a colour constant or an Integer variable).
COLOR = ("color",)


def lit(*names):
    return ("lit", list(names))


# (result type, primitive, arguments, weight, growth rule). Growth rule: None keeps the
# growth of the first Grid argument; a number multiplies it; "sum" adds the two grids'.
OPS = []


def op(result, name, args, weight, growth=None):
    OPS.append((result, name, args, weight, growth))


for f in GRID_MAPS:
    op("Grid", f, ["Grid"], 0.5)
for f in ["trim", "compress", "tophalf", "bottomhalf", "lefthalf", "righthalf"]:
    op("Grid", f, ["Grid"], 0.3)
op("Grid", "replace", ["Grid", COLOR, COLOR], 1.5)
op("Grid", "switch_", ["Grid", COLOR, COLOR], 0.3)
op("Grid", "fill", ["Grid", COLOR, PATCH], 2.0)
op("Grid", "underfill", ["Grid", COLOR, PATCH], 0.5)
op("Grid", "paint", ["Grid", "Object"], 1.0)
op("Grid", "underpaint", ["Grid", "Object"], 0.3)
op("Grid", "cover", ["Grid", PATCH], 0.5)
op("Grid", "crop", ["Grid", "IntegerTuple", "Dims"], 0.5)
op("Grid", "subgrid", [PATCH, "Grid"], 1.0)
op("Grid", "upscale", ["Grid", lit("TWO")], 0.3, 4)
op("Grid", "hupscale", ["Grid", lit(*SMALL)], 0.2, 3)
op("Grid", "vupscale", ["Grid", lit(*SMALL)], 0.2, 3)
op("Grid", "downscale", ["Grid", lit(*SMALL)], 0.2)
op("Grid", "hconcat", ["Grid", "Grid"], 0.5, "sum")
op("Grid", "vconcat", ["Grid", "Grid"], 0.5, "sum")
op("Grid", "cellwise", ["Grid", "Grid", COLOR], 0.3, "max")
op("Grid", "canvas", [COLOR, "Dims"], 0.5)
op("Grid", "move", ["Grid", "Object", "IntegerTuple"], 0.3)
op("Grid", "first", ["Tuple<Grid>"], 0.4)
op("Grid", "last", ["Tuple<Grid>"], 0.3)
op("Grid", "get_nth_t", ["Tuple<Grid>", lit(*NTH)], 0.2)
op("Grid", "branch", ["Boolean", "Grid", "Grid"], 0.5, "max")
op("Objects", "partition", ["Grid"], 0.3)
op("Objects", "fgpartition", ["Grid"], 0.3)
op("Objects", "frontiers", ["Grid"], 0.2)
op("Objects", "colorfilter", ["Objects", COLOR], 0.4)
op("Objects", "sizefilter", ["Objects", "Integer"], 0.3)
op("Objects", "remove", ["Object", "Objects"], 0.2)
op("Object", "argmax", [("Objects", "Tuple<Object>"), lit(*KEYS)], 1.0)
op("Object", "argmin", [("Objects", "Tuple<Object>"), lit(*KEYS)], 0.8)
op("Object", "first", [("Objects", "Tuple<Object>")], 0.4)
op("Object", "last", ["Tuple<Object>"], 0.2)
op("Object", "toobject", [PATCH, "Grid"], 0.5)
op("Object", "recolor", [COLOR, PATCH], 0.5)
op("Object", "asobject", ["Grid"], 0.2)
op("Object", "shift", ["Object", lit(*DIRECTIONS)], 0.3)
op("Object", "normalize", ["Object"], 0.3)
op("Object", "hmirror", ["Object"], 0.1)
op("Object", "vmirror", ["Object"], 0.1)
op("Indices", "ofcolor", ["Grid", COLOR], 1.0)
op("Indices", "asindices", ["Grid"], 0.3)
op("Indices", "toindices", ["Object"], 0.4)
for f in OBJECT_FUNCTIONS[:-1]:
    op("Indices", f, [PATCH], 0.15)
op("Indices", "connect", ["IntegerTuple", "IntegerTuple"], 0.3)
op("Indices", "shoot", ["IntegerTuple", lit(*DIRECTIONS)], 0.3)
op("Indices", "hfrontier", ["IntegerTuple"], 0.15)
op("Indices", "vfrontier", ["IntegerTuple"], 0.15)
op("Indices", "dneighbors", ["IntegerTuple"], 0.1)
op("Indices", "difference", ["Indices", "Indices"], 0.2)
op("Indices", "intersection", ["Indices", "Indices"], 0.1)
op("Indices", "combine", ["Indices", "Indices"], 0.2)
op("IntegerSet", "palette", [("Grid", "Object")], 0.6)
op("Integer", "mostcolor", [("Grid", "Object")], 1.0)
op("Integer", "leastcolor", [("Grid", "Object")], 0.6)
op("Integer", "numcolors", [("Grid", "Object")], 0.3)
op("Integer", "size", [("Objects", "Indices", "Object", "IntegerSet", "Tuple<Integer>")], 0.8)
op("Integer", "height", [("Grid", "Indices", "Object")], 0.2)
op("Integer", "width", [("Grid", "Indices", "Object")], 0.2)
op("Integer", "colorcount", [("Grid", "Object"), COLOR], 0.3)
op("Integer", "color", ["Object"], 0.6)
for f in ["uppermost", "lowermost", "leftmost", "rightmost"]:
    op("Integer", f, [PATCH], 0.1)
op("Integer", "first", [("IntegerSet", "Tuple<Integer>")], 0.6)
op("Integer", "last", ["Tuple<Integer>"], 0.2)
op("Integer", "maximum", [("IntegerSet", "Tuple<Integer>")], 0.2)
op("Integer", "minimum", [("IntegerSet", "Tuple<Integer>")], 0.2)
op("Integer", "mostcommon", ["Tuple<Integer>"], 0.2)
op("Integer", "leastcommon", ["Tuple<Integer>"], 0.1)
op("Integer", "get_nth_t", ["Tuple<Integer>", lit(*NTH)], 0.2)
op("Integer", "get_nth_f", ["IntegerSet", lit(*NTH)], 0.2)
op("Integer", "increment", ["Integer"], 0.15)
op("Integer", "decrement", ["Integer"], 0.15)
for f in ["ulcorner", "urcorner", "llcorner", "lrcorner", "center", "centerofmass"]:
    op("IntegerTuple", f, [PATCH], 0.15)
op("IntegerTuple", "astuple", ["Integer", "Integer"], 0.2)
op("IntegerTuple", "position", [PATCH, PATCH], 0.1)
op("IntegerTuple", "add", ["IntegerTuple", lit(*DIRECTIONS)], 0.2)
op("IntegerTuple", "first", ["Indices"], 0.1)
op("Dims", "shape", ["Grid"], 0.4)
op("Dims", "halve", ["Dims"], 0.1)
op("Boolean", "equality", ["Grid", "Grid"], 0.2)
op("Boolean", "portrait", ["Grid"], 0.2)
op("Boolean", "square", ["Grid"], 0.1)
op("Boolean", "vline", ["Object"], 0.1)
op("Boolean", "hline", ["Object"], 0.1)
op("Boolean", "contained", ["Integer", "IntegerSet"], 0.2)
op("Boolean", "greater", ["Integer", "Integer"], 0.2)
op("Boolean", "even", ["Integer"], 0.1)
op("Boolean", "bordering", ["Object", "Grid"], 0.1)
op("Boolean", "adjacent", [PATCH, PATCH], 0.1)
op("Tuple<Grid>", "hsplit", ["Grid", lit(*SMALL)], 0.2)
op("Tuple<Grid>", "vsplit", ["Grid", lit(*SMALL)], 0.2)
op("Tuple<Grid>", "apply", [lit(*GRID_MAPS), "Tuple<Grid>"], 0.1)
op("Tuple<Integer>", "p_g", ["Grid"], 0.3)
op("Tuple<Integer>", "totuple", ["IntegerSet"], 0.2)
op("Tuple<Integer>", "difference_tuple", ["Tuple<Integer>", ("Tuple<Integer>", "IntegerSet")],
   0.3)
op("Tuple<Object>", "totuple", ["Objects"], 0.2)
op("Tuple<Object>", "order", ["Objects", lit(*KEYS)], 0.2)

# Sample-batch functions: name (or a closure to bind first) and the type of mapply's result.
SAMPLE_FUNCTIONS = [("palette", "Tuple<Integer>", 0.35), ("p_g", "Tuple<Integer>", 0.2),
                    ("rbind(o_g, R5)", "Tuple<Object>", 0.2),
                    ("fgpartition", "Tuple<Object>", 0.1),
                    ("asindices", "Tuple<IntegerTuple>", 0.1),
                    ("rbind(o_g, R1)", "Tuple<Object>", 0.05)]


class Var:
    def __init__(self, name, number, type_, growth=1, param=False):
        self.name, self.number, self.type, self.growth, self.param = (
            name, number, type_, growth, param)
        self.uses = 0
        self.scored = 0


class Solver:
    """Generates the statements of one solver (or one section of the one-function form)."""

    def __init__(self, rng, seed, index, solver_id, first_number):
        self.rng = rng
        self.seed, self.index = seed, index
        self.id = solver_id
        self.next_number = first_number
        self.lines = []  # (kind, text); kind is "assign", "score" or a pattern name
        self.vars = []
        self.params = {p: Var(p, 0, t, param=True)
                       for p, t in (("S", "Samples"), ("I", "Grid"), ("C", "Grid"))}

    # -- variables and arguments --
    def candidates(self, types):
        types = (types,) if isinstance(types, str) else types
        allowed = set()
        for t in types:
            allowed.update(COMPATIBLE.get(t, (t,)))
        return [v for v in self.vars if v.type in allowed]

    def pick_var(self, types, exclude=()):
        pool = [v for v in self.candidates(types) if v not in exclude]
        grids = "Grid" in ((types,) if isinstance(types, str) else types)
        weighted = []
        n = len(self.vars)
        for v in pool:
            age = n - self.vars.index(v)
            w = (4.0 if v.uses == 0 else 1.0) / (1.0 + 0.4 * age)
            weighted.append((v, w))
        if grids:
            weighted.append((self.params["I"], 0.25 if pool else 1.0))
            weighted.append((self.params["C"], 0.02))
        if not weighted:
            return None
        return self.rng.weighted(weighted)

    def use(self, v):
        v.uses += 1
        return v.name

    def argument(self, spec, taken):
        """Text of one argument of type `spec`, or None if no value fits. Adds to `taken`."""
        if isinstance(spec, tuple) and spec and spec[0] == "lit":
            return self.rng.choice(spec[1])
        if spec == COLOR:
            ints = self.candidates("Integer")
            if ints and self.rng.random() < 0.4:
                v = self.pick_var("Integer")
                taken.append(v)
                return self.use(v)
            return self.rng.choice(COLORS)
        types = (spec,) if isinstance(spec, str) else spec
        v = self.pick_var(types, exclude=taken)
        consts = [c for t in types for c in CONSTANTS.get(t, [])]
        if consts and (v is None or self.rng.random() < 0.15):
            return self.rng.choice(consts)
        if v is None:
            return None
        taken.append(v)
        return self.use(v)

    def define(self, type_, text, kind="assign", growth=1):
        number = self.next_number
        self.next_number += 1
        v = Var(f"t{number}", number, type_, growth)
        self.lines.append((kind, f"auto {v.name} = {text};"))
        self.vars.append(v)
        return v

    def score(self, v):
        v.scored += 1
        self.lines.append(("score", f'o.emplace_back({v.number}, "{self.id}", {v.name});'))

    # -- ordinary statements --
    def random_statement(self):
        for _ in range(50):
            result, name, args, weight, growth = self.rng.weighted(
                [((r, n, a, w, g), w) for r, n, a, w, g in OPS])
            taken = []
            texts = []
            for spec in args:
                t = self.argument(spec, taken)
                if t is None:
                    break
                texts.append(t)
            else:
                g = self.growth_of(taken, growth)
                if g > MAX_GROWTH:
                    self.unuse(taken)
                    continue
                return self.define(result, f"{name}({', '.join(texts)})", growth=g)
            self.unuse(taken)
        return self.derive_grid()

    def unuse(self, taken):
        for v in taken:
            v.uses -= 1

    @staticmethod
    def growth_of(taken, rule):
        gs = [v.growth for v in taken if v.type in ("Grid", "Dims", "Tuple<Grid>")] or [1]
        if rule == "sum":
            return sum(gs)
        if rule == "max":
            return max(gs)
        if isinstance(rule, int):
            return gs[0] * rule
        return gs[0]

    def derive_grid(self):
        """A grid computed from I, the usual input of an object extraction."""
        f = self.rng.weighted([("rot90", 1), ("hmirror", 1), ("vmirror", 1), ("replace", 1.5),
                               ("dmirror", 0.5), ("trim", 0.5), ("compress", 0.3)])
        i = self.use(self.params["I"])
        if f == "replace":
            a, b = self.rng.choice(COLORS), self.rng.choice(COLORS)
            return self.define("Grid", f"replace({i}, {a}, {b})")
        return self.define("Grid", f"{f}({i})")

    # -- the three patterns --
    def object_extraction(self, same_as=None):
        if same_as is not None:
            grid = same_as
        elif self.rng.random() < DERIVED_GRID_SHARE:
            derived = self.candidates("Grid")
            grid = derived[-1] if derived and self.rng.random() < 0.5 else self.derive_grid()
        else:
            grid = self.params["I"]
        mode = self.rng.weighted(MODES)
        return self.define("Objects", f"o_g({self.use(grid)}, {mode})", kind="o_g"), grid

    def mapply_objects(self):
        objs = self.candidates("Objects")
        if objs:
            v = objs[-1]
        else:
            v = self.define("Objects", f"fgpartition({self.use(self.derive_grid())})")
        f = self.rng.choice(OBJECT_FUNCTIONS)
        return self.define("Indices", f"mapply({f}, {self.use(v)})", kind="mapply")

    def sample_batch(self):
        s = self.use(self.params["S"])
        f = self.rng.weighted([((n, t), w) for n, t, w in SAMPLE_FUNCTIONS])
        g = f if self.rng.random() < 0.7 else self.rng.weighted(
            [((n, t), w) for n, t, w in SAMPLE_FUNCTIONS])
        order = self.rng.weighted([("abcd", 0.6), ("acbd", 0.2), ("ab-cd", 0.1), ("abc", 0.1)])
        held = {}
        for step in order:
            if step == "a":
                held["a"] = self.define("Tuple<Grid>", f"apply(first, {s})", kind="sample")
            elif step == "b":
                held["b"] = self.define("Tuple<Grid>", f"apply(second, {s})", kind="sample")
            elif step == "-":
                self.random_statement()
            else:
                fn, type_ = f if step == "c" else g
                src = held["a" if step == "c" else "b"]
                if fn.startswith("rbind"):
                    fn = self.define("ObjFn", fn).name
                    self.vars[-1].uses += 1
                self.define(type_, f"mapply({fn}, {self.use(src)})", kind="sample")

    # -- closing: every value of a trivially copyable type is used, and leftovers reach a grid --
    def close(self):
        for v in list(self.vars):
            if v.uses:
                continue
            grid = self.latest_grid()
            c = self.rng.choice(COLORS)
            if v.type == "Integer":
                self.define("Grid", f"replace({self.use(grid)}, {self.use(v)}, {c})")
            elif v.type == "Boolean":
                self.define("Grid", f"branch({self.use(v)}, {self.use(grid)}, "
                            f"{self.use(self.params['I'])})", growth=grid.growth)
            elif v.type == "Dims":
                self.define("Grid", f"canvas({c}, {self.use(v)})", growth=v.growth)
            elif v.type == "IntegerTuple":
                self.define("Grid", f"crop({self.use(grid)}, {self.use(v)}, THREE_BY_THREE)")
            elif v.type == "Indices":
                self.define("Grid", f"fill({self.use(grid)}, {c}, {self.use(v)})",
                            growth=grid.growth)
            elif v.type == "Object":
                self.define("Grid", f"paint({self.use(grid)}, {self.use(v)})", growth=grid.growth)
            elif v.type == "Objects":
                key = self.rng.choice(KEYS)
                obj = self.define("Object", f"argmax({self.use(v)}, {key})")
                self.define("Grid", f"paint({self.use(grid)}, {self.use(obj)})",
                            growth=grid.growth)

        if not any(v.type == "Grid" for v in self.vars):
            self.derive_grid()  # every solver records at least one grid

    def latest_grid(self):
        grids = [v for v in self.vars if v.type == "Grid"]
        return grids[-1] if grids else self.params["I"]

    def quota(self, what, rate):
        """How many of a rare pattern solver k holds: floor((k+1)*rate + u) - floor(k*rate + u)
        with u fixed by the seed, so every run of consecutive solvers holds the pattern at
        `rate` within one occurrence, not only on average."""
        u = Rng(self.seed * 31 + len(what)).random()
        k = self.index
        return int((k + 1) * rate + u) - int(k * rate + u)

    def generate(self, statements):
        scoring = max(1, round(statements * SCORING_SHARE))
        assignments = max(3, statements - scoring - CLOSING_STATEMENTS)
        n_og = self.rng.weighted(OBJECT_EXTRACTIONS)
        n_sb = self.quota("sample-batch", SAMPLE_BATCH_PER_SOLVER)
        n_mo = self.quota("mapply-objects", MAPPLY_OBJECTS_PER_SOLVER)
        planned = n_og + 4 * n_sb + n_mo
        events = ["og"] * n_og + ["sb"] * n_sb + ["mo"] * n_mo
        events += ["rand"] * max(1, assignments - planned)
        for i in range(len(events) - 1, 0, -1):  # Fisher-Yates with our own generator
            j = self.rng.below(i + 1)
            events[i], events[j] = events[j], events[i]
        first_og = None
        for e in events:
            if e == "rand":
                self.random_statement()
            elif e == "sb":
                self.sample_batch()
            elif e == "mo":
                self.mapply_objects()
            elif first_og is None:
                _, first_og = self.object_extraction()
            else:
                same = first_og if self.rng.random() < SAME_GRID_SHARE else None
                self.object_extraction(same)
        self.close()
        self.place_scores(scoring)

    def place_scores(self, scoring):
        """Each grid nothing else uses is scored right after its definition; the rest of the
        quota re-scores grids later on, newest first, at random later points."""
        grids = [v for v in self.vars if v.type == "Grid"]
        first = [v for v in grids if v.uses == 0] or grids[-1:]
        rest = scoring - len(first)
        extra = [g for g in reversed(grids) if g not in first]
        later = []
        k = 0
        pool = extra + first[::-1]
        while rest > 0 and pool:
            later.append(pool[k % len(pool)])
            k += 1
            rest -= 1
        body = self.lines
        self.lines = []
        positions = {}
        for kind, text in body:
            self.lines.append((kind, text))
            name = text.split(" ", 2)[1] if text.startswith("auto ") else None
            v = next((g for g in grids if g.name == name), None)
            if v is not None and v in first:
                self.score(v)
            if v is not None:
                positions[v.name] = len(self.lines)
        for v in later:
            pos = positions[v.name] + self.rng.below(len(self.lines) - positions[v.name] + 1)
            v.scored += 1
            self.lines.insert(pos, ("score",
                                    f'o.emplace_back({v.number}, "{self.id}", {v.name});'))
            for name, p in positions.items():
                if p >= pos:
                    positions[name] = p + 1


def solver_rng(seed, k):
    mix = Rng(seed * 0x100000001B3 + k)
    mix.next()
    return Rng(mix.next())


def statements_for(rng, mean):
    return max(6, round(mean * (0.5 + rng.random())))


def signature(name, lines):
    code = [re.sub(r'"[^"]*"', "", text) for _, text in lines]  # ids are no parameter uses
    used = {p for p in "SIC" if any(re.search(rf"\b{p}\b", text) for text in code)}
    parts = []
    for p, t in (("S", "Samples"), ("I", "Grid"), ("C", "Grid")):
        attr = "" if p in used else "[[maybe_unused]] "
        parts.append(f"{attr}const {t}& {p}")
    return f"void {name}({', '.join(parts)}, Outputs& o) {{"


def generate(options):
    ns = options.namespace
    out = [
        f"// Generated by tools/synth_batt/synth_batt.py --solvers {options.solvers} "
        f"--seed {options.seed} --statements-per-solver {options.statements_per_solver}"
        + (" --one-function" if options.one_function else "") + f" --namespace {ns}.",
        "// Synthetic batt-style solvers; do not edit.",
        '#include "battgpu/dsl.hpp"',
        '#include "battgpu/solver.hpp"',
        "",
        f"namespace battgpu::{ns} {{",
        "using namespace battgpu::dsl;",
        "",
    ]
    number = 1
    sections = []
    for k in range(options.solvers):
        rng = solver_rng(options.seed, k)
        s = Solver(rng, options.seed, k, f"{ns}-{k}", number if options.one_function else 1)
        s.generate(statements_for(rng, options.statements_per_solver))
        if options.one_function:
            number = s.next_number
        sections.append(s)
    if options.one_function:
        out.append("// NOLINTNEXTLINE(readability-function-size)")
        out.append(signature(f"{ns}_all", [line for s in sections for line in s.lines]))
        for s in sections:
            out.append(f"  // {s.id}")
            out.extend(f"  {text}" for _, text in s.lines)
        out.append("}")
        out.append(f'BATTGPU_REGISTER_SOLVER("{ns}", {ns}_all);')
        out.append("")
    else:
        for k, s in enumerate(sections):
            name = f"{ns}_{k}"
            out.append(signature(name, s.lines))
            out.extend(f"  {text}" for _, text in s.lines)
            out.append("}")
            out.append(f'BATTGPU_REGISTER_SOLVER("{s.id}", {name});')
            out.append("")
    out.append(f"}} // namespace battgpu::{ns}")
    return "\n".join(out) + "\n", sections


def stats(sections):
    counts = {"solvers": len(sections), "statements": 0, "scoring": 0, "o_g": 0,
              "sample_batch_groups": 0, "mapply_objects": 0}
    for s in sections:
        for kind, text in s.lines:
            counts["statements"] += 1
            counts["scoring"] += kind == "score"
            counts["o_g"] += kind == "o_g"
            counts["mapply_objects"] += kind == "mapply"
            counts["sample_batch_groups"] += text.endswith("apply(first, S);")
    return counts


def write_atomically(path, text):
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".synth_batt.", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def identifier(text):
    if not text.isidentifier() or not text.isascii():
        raise argparse.ArgumentTypeError(f"not a C++ identifier: {text!r}")
    return text


def count(minimum):
    def parse(text):
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}: {value}")
        return value
    return parse


def main(argv):
    parser = argparse.ArgumentParser(
        prog="synth_batt.py",
        description="Write synthetic batt-style C++ solvers with the sample-batch, object-batch "
                    "and mapply-batch patterns at realistic frequencies. The same options give "
                    "a byte-identical file.",
        epilog="Exit status: 0 written; 1 the output could not be written; 2 usage error.")
    parser.add_argument("--solvers", type=count(1), default=10, metavar="N",
                        help="number of solvers (default 10)")
    parser.add_argument("--seed", type=count(0), default=0, metavar="S",
                        help="random seed, a non-negative integer (default 0)")
    parser.add_argument("--statements-per-solver", type=count(6),
                        default=STATEMENTS_PER_SOLVER, metavar="K",
                        help="mean statements per solver, scoring statements included "
                             f"(default {STATEMENTS_PER_SOLVER})")
    parser.add_argument("--output", metavar="FILE",
                        help="write here, atomically (temporary file and rename); "
                             "default standard output")
    parser.add_argument("--one-function", action="store_true",
                        help="put every solver's statements in one function (registered "
                             "under the namespace's name) instead of one function per solver")
    parser.add_argument("--namespace", type=identifier, default="synth", metavar="NAME",
                        help="solvers go in namespace battgpu::NAME and are registered as "
                             "NAME-k (default synth)")
    parser.add_argument("--stats", action="store_true",
                        help="print the pattern counts to standard error")
    parser.add_argument("--language", choices=["cpp", "python"], default="cpp",
                        help="cpp: batt-style C++ solvers (default); python: one Python batt "
                             "module in the format of tokpidjin's card.py, tokpidjin dialect "
                             "(--statements-per-solver then counts each solver's own "
                             "statements, its five score differs apart)")
    options = parser.parse_args(argv)

    if options.language == "python":
        per_solver = (options.statements_per_solver
                      if "--statements-per-solver" in " ".join(argv) else 9)
        text, statements, counts = batt_python.generate(
            Rng(options.seed * 0x9E3779B1 + 7), options.solvers, per_solver, options.namespace)
        if options.stats:
            top = sorted(counts.items(), key=lambda kv: -kv[1])[:15]
            print(f"statements={statements} " + " ".join(f"{k}={v}" for k, v in top),
                  file=sys.stderr)
    else:
        text, sections = generate(options)
    if options.stats and options.language == "cpp":
        c = stats(sections)
        n = c["solvers"]
        print(" ".join(f"{k}={v}" for k, v in c.items()), file=sys.stderr)
        print(" ".join(f"{k}/solver={v / n:.3f}" for k, v in c.items() if k != "solvers"),
              file=sys.stderr)
    try:
        if options.output:
            write_atomically(options.output, text)
        else:
            sys.stdout.write(text)
            sys.stdout.flush()
    except OSError as e:
        print(f"synth_batt.py: cannot write {options.output or 'standard output'}: {e}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
