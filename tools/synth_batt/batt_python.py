"""Python batt modules in the format of tokpidjin's generator (card.py), in the tokpidjin dialect.

A module is one function `def batt(task_id, S, I, C, log_path)` of `tN = f(args)` statements,
each wrapped in try/except with `_get_safe_default` in the handler, interleaved with candidate
records `o.append((N, flag, 'solver-id', tN))` and score records
`s.append((N, 'solver-id' or 'None', 'differ-id', tN))`, ending in `return o, s`.

The statement mix is that of real generated files: a prologue of differs comparing I with C,
then per solver a few statements that build a candidate grid (closures defined and called
later, some arguments of the wrong type on purpose, as a program search writes them), its
candidate record, and the five differs that score the candidate against C -- which is why
astuple, multiply, size, subtract, get_nth_f/t, difference(_tuple), f_ofcolor, cellwise,
height_t and width_t dominate real files.
"""

# Argument and result types. "Any" matches anything; Fn:A>B is a callable from A to B.
GRID, OBJS, OBJ, IDX, IJ, INT, BOOL, C_, TUP, ISET = (
    "Grid", "Objects", "Object", "Indices", "IJ", "Integer", "Boolean", "C_", "Tuple", "IntegerSet")
PATCH = (OBJ, IDX)

COLORS = ["ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE",
          "BLACK", "BLUE", "RED", "GREEN", "YELLOW", "GRAY"]
RANKS = ["F0", "F1", "F2", "L1", "L2"]
SMALL = ["TWO", "THREE"]
PAIRS = ["ORIGIN", "UNITY", "DOWN", "RIGHT", "UP", "LEFT", "NEG_UNITY", "UP_RIGHT", "TWO_BY_TWO"]
# Constants by the type they stand for.
CONSTANTS = {
    C_: COLORS, INT: ["ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "TEN"], IJ: PAIRS,
    BOOL: ["T", "F"], "R8": ["R%d" % k for k in range(8)], "A8": ["A%d" % k for k in range(8)],
    "R4": ["R0", "R1", "R2", "R3"], "FL": RANKS, "Small": SMALL,
}

# (result, function, argument types, weight). A tuple of types accepts any of them.
OPS = [
    (GRID, "mir_rot_t", [GRID, "A8"], 3.0), (GRID, "replace", [GRID, C_, C_], 2.0),
    (GRID, "fill", [GRID, C_, PATCH], 2.5), (GRID, "paint", [GRID, OBJ], 1.2),
    (GRID, "cover", [GRID, PATCH], 0.6), (GRID, "hconcat", [GRID, GRID], 0.8),
    (GRID, "vconcat", [GRID, GRID], 0.8), (GRID, "subgrid", [PATCH, GRID], 1.2),
    (GRID, "crop", [GRID, IJ, IJ], 0.5), (GRID, "tophalf", [GRID], 0.4),
    (GRID, "bottomhalf", [GRID], 0.3), (GRID, "lefthalf", [GRID], 0.4),
    (GRID, "righthalf", [GRID], 0.3), (GRID, "trim", [GRID], 0.3), (GRID, "compress", [GRID], 0.3),
    (GRID, "upscale_t", [GRID, "Small"], 0.3), (GRID, "downscale", [GRID, "Small"], 0.3),
    (GRID, "hupscale", [GRID, "Small"], 0.2), (GRID, "vupscale", [GRID, "Small"], 0.2),
    (GRID, "cellwise", [GRID, GRID, C_], 0.4), (GRID, "switch", [GRID, C_, C_], 0.3),
    (GRID, "canvas", [C_, IJ], 0.4), (GRID, "underfill", [GRID, C_, PATCH], 0.4),
    (GRID, "move", [GRID, OBJ, IJ], 0.3), (GRID, "rot90", [GRID], 0.3),
    (GRID, "hmirror_t", [GRID], 0.3), (GRID, "vmirror_t", [GRID], 0.3),
    (OBJS, "o_g", [GRID, "R8"], 2.5), (OBJS, "colorfilter", [OBJS, C_], 0.8),
    (OBJS, "sizefilter", [OBJS, INT], 0.6), (OBJS, "partition", [GRID], 0.4),
    (OBJS, "fgpartition", [GRID], 0.4), (OBJS, "frontiers", [GRID], 0.2),
    (OBJ, "get_arg_rank_f", [OBJS, "KeyFn", "FL"], 1.5), (OBJ, "argmax_f", [OBJS, "KeyFn"], 0.5),
    (OBJ, "get_nth_f", [OBJS, "FL"], 0.6), (OBJ, "toobject", [PATCH, GRID], 0.5),
    (OBJ, "recolor_i", [C_, IDX], 0.4), (OBJ, "recolor_o", [C_, OBJ], 0.3),
    (OBJ, "shift", [PATCH, IJ], 0.5), (OBJ, "normalize_o", [OBJ], 0.3),
    (OBJ, "asobject", [GRID], 0.3),
    (IDX, "f_ofcolor", [GRID, C_], 1.5), (IDX, "asindices", [GRID], 0.3),
    (IDX, "toindices", [PATCH], 0.4), (IDX, "backdrop", [PATCH], 0.4), (IDX, "delta", [PATCH], 0.3),
    (IDX, "box", [PATCH], 0.3), (IDX, "inbox", [PATCH], 0.2), (IDX, "outbox", [PATCH], 0.2),
    (IDX, "corners", [PATCH], 0.2), (IDX, "shoot", [IJ, IJ], 0.6), (IDX, "connect", [IJ, IJ], 0.4),
    (IDX, "hfrontier", [IJ], 0.2), (IDX, "vfrontier", [IJ], 0.2), (IDX, "neighbors", [IJ], 0.2),
    (IDX, "difference", [IDX, IDX], 0.3), (IDX, "combine_f", [IDX, IDX], 0.2),
    (IJ, "corner", [PATCH, "R4"], 1.0), (IJ, "center", [PATCH], 0.3), (IJ, "shape_t", [GRID], 0.4),
    (IJ, "shape_f", [PATCH], 0.3), (IJ, "position", [PATCH, PATCH], 0.2),
    (IJ, "gravitate", [PATCH, PATCH], 0.2), (IJ, "add", [IJ, IJ], 0.3), (IJ, "toivec", [INT], 0.2),
    (IJ, "astuple", [INT, INT], 0.3),
    (INT, "size", [(OBJS, IDX, OBJ, TUP)], 0.8), (INT, "height_t", [GRID], 0.4),
    (INT, "width_t", [GRID], 0.4), (INT, "height_f", [PATCH], 0.2), (INT, "width_f", [PATCH], 0.2),
    (C_, "get_color_rank_t", [GRID, "FL"], 1.2), (C_, "get_color_rank_f", [OBJ, "FL"], 0.4),
    (INT, "colorcount_t", [GRID, C_], 0.3), (C_, "mostcolor_t", [GRID], 0.4),
    (C_, "leastcolor_t", [GRID], 0.3), (C_, "color", [OBJ], 0.4), (INT, "numcolors_t", [GRID], 0.2),
    (INT, "add", [INT, INT], 0.2), (INT, "subtract", [INT, INT], 0.2),
    (INT, "multiply", [INT, INT], 0.2), (INT, "increment", [INT], 0.2), (INT, "halve", [INT], 0.2),
    (INT, "manhattan", [PATCH, PATCH], 0.1), (INT, "index", [GRID, IJ], 0.2),
    (INT, "col_row", [PATCH, "R4"], 0.3), (INT, "size_t", [TUP], 0.3),
    (BOOL, "portrait_t", [GRID], 0.5), (BOOL, "square_t", [GRID], 0.2),
    (BOOL, "equality", [GRID, GRID], 0.2), (BOOL, "greater", [INT, INT], 0.2),
    (BOOL, "even", [INT], 0.2), (BOOL, "hline_o", [OBJ], 0.3), (BOOL, "vline_o", [OBJ], 0.2),
    (BOOL, "adjacent", [PATCH, PATCH], 0.1), (BOOL, "bordering", [PATCH, GRID], 0.2),
    (BOOL, "flip", [BOOL], 0.1),
    (ISET, "palette_t", [GRID], 0.3), (ISET, "palette_f", [OBJ], 0.2),
    (TUP, "p_g", [GRID], 0.3), (TUP, "totuple", [(OBJS, IDX)], 0.4),
    (TUP, "order", [(OBJS, TUP), "KeyFn"], 0.5), (TUP, "interval", [INT, INT, INT], 0.3),
    (TUP, "o_g_t", [GRID, "R8"], 0.3),
    (IDX, "mapply", ["ObjFn", OBJS], 0.4), (OBJS, "apply", ["ObjFn", OBJS], 0.2),
]
# Functions passed as values (keys of ranks and orders, branch alternatives).
KEY_FUNCTIONS = ["size", "height_f", "width_f", "color", "uppermost", "leftmost", "numcolors_f",
                 "centerofmass"]
# Per-object functions mapped over object sets (mapply, apply).
OBJECT_FUNCTIONS = ["toindices", "corners", "backdrop", "delta", "box", "inbox", "outbox"]
GRID_FUNCTIONS = ["tophalf", "lefthalf", "bottomhalf", "righthalf", "trim", "compress",
                  "rot90", "rot180", "hmirror_t", "vmirror_t", "dmirror_t"]
# Closures: what a search writes to pass functions around, and calls later.
CLOSURE_SHARE = 0.18
ILL_TYPED_SHARE = 0.04
# The prologue differ helpers: t1 = identity(p_g), rbind(o_g, R5), rbind(sizefilter, ONE).
HANDLED = "(TypeError, AttributeError, ValueError, IndexError, KeyError)"


class Writer:
    """Numbers statements and writes them, each in card.py's try/except form.

    As card.py, it writes each call once: a call whose callee and arguments an earlier
    statement already has is not written again, and its value is that statement's variable
    (`fresh` says which of the two the last call of `stmt` was)."""

    def __init__(self):
        self.n = 0
        self.lines = []
        self.written = {}  # (callee, args) -> its variable
        self.fresh = False

    def stmt(self, callee, args, default_of=None):
        key = (callee, tuple(args))
        known = self.written.get(key)
        self.fresh = known is None
        if known is not None:
            return known
        self.n += 1
        t = "t%d" % self.n
        self.written[key] = t
        self.lines += ["    try:",
                       "        %s = %s(%s)" % (t, callee, ", ".join(args)),
                       "    except %s:" % HANDLED,
                       "        %s = _get_safe_default(%s)" % (t, default_of or callee)]
        return t

    def score(self, solver, differ, t):
        self.lines.append("    s.append((%s, %s, '%s', %s))" % (t[1:], solver, differ, t))

    def candidate(self, flag, solver, t):
        self.lines.append("    o.append((%s, %s, %s, %s))" % (t[1:], flag, solver, t))

    def comment(self, text):
        self.lines.append("    # " + text)


class Module:
    def __init__(self, rng, solvers, per_solver):
        self.rng = rng
        self.solvers = solvers
        self.per_solver = per_solver
        self.w = Writer()
        self.vars = {}  # type -> [names]
        self.closures = []  # (name, argument type, result type)
        self.differs = ["differ_" + "".join("%016x" % rng.next() for _ in range(2))
                        for _ in range(5)]
        self.counts = {}

    def add(self, typ, name):
        self.vars.setdefault(typ, []).append(name)

    def pick(self, typ):
        """A variable or constant of `typ` (a type or tuple of types), or None."""
        types = typ if isinstance(typ, tuple) else (typ,)
        rng = self.rng
        if "KeyFn" in types:
            return rng.choice(KEY_FUNCTIONS)
        if "ObjFn" in types:
            return rng.choice(OBJECT_FUNCTIONS)
        cands = []
        for t in types:
            cands += self.vars.get(t, [])
            if t == C_:
                cands += self.vars.get(INT, [])[-4:]
        consts = [c for t in types for c in CONSTANTS.get(t, [])]
        if GRID in types:
            cands += ["I"] * 3
        if consts and (not cands or rng.random() < 0.5):
            return rng.choice(consts)
        if not cands:
            return None
        # Recent values are used most, as in generated files.
        recent = cands[-8:]
        return rng.choice(recent if rng.random() < 0.8 else cands)

    def any_value(self):
        every = [v for vs in self.vars.values() for v in vs] + ["I", "S", "C", "ONE", "ORIGIN"]
        return self.rng.choice(every)

    def call(self, op):
        result, name, arg_types, _ = op
        args = []
        for at in arg_types:
            if self.rng.random() < ILL_TYPED_SHARE:
                args.append(self.any_value())  # the wrong type on purpose
                continue
            v = self.pick(at)
            if v is None:
                return None
            args.append(v)
        t = self.w.stmt(name, args)
        if self.w.fresh:
            self.counts[name] = self.counts.get(name, 0) + 1
            self.add(result, t)
        return t

    def closure(self):
        """A closure made now, kept to be called later."""
        rng = self.rng
        kind = rng.below(6)
        if kind == 0:
            callee, args, types = "rbind", ["o_g", rng.choice(CONSTANTS["R8"])], (GRID, OBJS)
        elif kind == 1:
            callee, args, types = "rbind", [rng.choice(["colorfilter", "sizefilter"]),
                                            rng.choice(["ONE", "TWO", "ZERO"])], (OBJS, OBJS)
        elif kind == 2:
            callee, args, types = "rbind", ["get_nth_f", rng.choice(RANKS)], (OBJS, OBJ)
        elif kind == 3:
            cond = self.pick(BOOL) or "T"
            callee, args, types = "branch", [cond, rng.choice(GRID_FUNCTIONS),
                                             rng.choice(GRID_FUNCTIONS)], (GRID, GRID)
        elif kind == 4:
            callee, args, types = "compose", [rng.choice(GRID_FUNCTIONS),
                                              rng.choice(GRID_FUNCTIONS)], (GRID, GRID)
        else:
            callee, args, types = "fork", ["combine_f", "toindices",
                                           rng.choice(["box", "delta", "outbox"])], (PATCH, IDX)
        t = self.w.stmt(callee, args)
        if self.w.fresh:
            self.closures.append((t,) + types)
        return t

    def call_closure(self):
        name, arg, result = self.rng.choice(self.closures)
        a = self.pick(arg) if self.rng.random() > ILL_TYPED_SHARE else self.any_value()
        if a is None:
            return None
        t = self.w.stmt(name, [a], default_of=name)
        if self.w.fresh:
            self.add(result, t)
        return t

    def statement(self):
        rng = self.rng
        if self.closures and rng.random() < CLOSURE_SHARE:
            return self.call_closure()
        if rng.random() < CLOSURE_SHARE / 2:
            return self.closure()
        total = sum(op[3] for op in OPS)
        for _ in range(20):
            x = rng.random() * total
            for op in OPS:
                x -= op[3]
                if x < 0:
                    break
            t = self.call(op)
            if t is not None:
                return t
        return None

    def differs_of(self, solver, cand, h):
        """The five differs that score `cand` against C (h: the prologue's helpers)."""
        w = self.w
        x = w.stmt(h["p"], [cand], default_of=h["p"])
        d = w.stmt("difference_tuple", [h["pc"], x])
        n = w.stmt("size", [d])
        m = w.stmt("multiply", [n, "HUNDRED"])
        g = w.stmt("get_nth_t", [d, "F0"])
        w.score(solver, self.differs[0], w.stmt("astuple", [m, g]))
        c = w.stmt("cellwise", [cand, "C", "NEG_ONE"])
        f = w.stmt("f_ofcolor", [c, "NEG_ONE"])
        n = w.stmt("size", [f])
        hh = w.stmt("height_t", [cand])
        ww = w.stmt("width_t", [cand])
        hw = w.stmt("multiply", [hh, ww])
        w.score(solver, self.differs[1], w.stmt("astuple", [w.stmt("subtract", [hw, n]), f]))
        d = w.stmt("difference_tuple", [x, h["pc"]])
        n = w.stmt("size", [d])
        m = w.stmt("multiply", [n, "HUNDRED"])
        k = w.stmt("subtract", ["THOUSAND", m])
        g = w.stmt("get_nth_t", [d, "F0"])
        w.score(solver, self.differs[2], w.stmt("astuple", [k, g]))
        ob = w.stmt(h["og"], [cand], default_of=h["og"])
        sf = w.stmt(h["sf"], [ob], default_of=h["sf"])
        d = w.stmt("difference", [sf, h["sfc"]])
        n = w.stmt("size", [d])
        m = w.stmt("multiply", [n, "HUNDRED"])
        k = w.stmt("subtract", ["THOUSAND", m])
        g = w.stmt("get_nth_f", [d, "F0"])
        w.score(solver, self.differs[3], w.stmt("astuple", [k, g]))
        d = w.stmt("difference", [h["sfc"], sf])
        n = w.stmt("size", [d])
        m = w.stmt("multiply", [n, "HUNDRED"])
        g = w.stmt("get_nth_f", [d, "F0"])
        w.score(solver, self.differs[4], w.stmt("astuple", [m, g]))

    def write(self, name):
        w = self.w
        w.lines += ["def batt(task_id, S, I, C, log_path):", "    s = []", "    o = []"]
        h = {"p": w.stmt("identity", ["p_g"])}
        w.stmt(h["p"], ["I"], default_of=h["p"])
        h["pc"] = w.stmt(h["p"], ["C"], default_of=h["p"])
        h["og"] = w.stmt("rbind", ["o_g", "R5"])
        w.stmt(h["og"], ["I"], default_of=h["og"])
        ogc = w.stmt(h["og"], ["C"], default_of=h["og"])
        h["sf"] = w.stmt("rbind", ["sizefilter", "ONE"])
        h["sfc"] = w.stmt(h["sf"], [ogc], default_of=h["sf"])
        self.differs_of("'None'", "I", h)
        for k in range(self.solvers):
            solver = "%s-%d" % (name, k)
            count = max(2, int(self.per_solver * (0.5 + self.rng.random())))
            last_grid = None
            for _ in range(count):
                t = self.statement()
                if t is not None and t in self.vars.get(GRID, []):
                    last_grid = t
            if last_grid is None or self.rng.random() < 0.3:
                last_grid = self.call((GRID, "mir_rot_t", [GRID, "A8"], 1)) or "I"
            if self.rng.random() < 0.05:
                w.comment("- Arg change: %s -> %s" % (last_grid, self.rng.choice(GRID_FUNCTIONS)))
            w.candidate("True" if self.rng.random() < 0.1 else "False", "'%s'" % solver, last_grid)
            self.differs_of("'%s'" % solver, last_grid, h)
        w.lines.append("    return o, s")


# A module's imports, as card.py writes them.
HEAD = ["# Generated by battgpu's synth_batt in the format of tokpidjin's card.py", "",
        "from dsl import *", "from constants import *",
        "from safe_dsl import _get_safe_default", ""]


def source(writer):
    """The text of the module whose function `writer` wrote."""
    return "\n".join(HEAD + writer.lines) + "\n"


def generate(rng, solvers, per_solver, name):
    """The text of a batt module, and its statement counts by callee."""
    m = Module(rng, solvers, per_solver)
    m.write(name)
    counts = {}
    for line in m.w.lines:
        line = line.strip()
        if line.startswith("t") and " = " in line and "_get_safe_default" not in line:
            callee = line.split(" = ", 1)[1].split("(", 1)[0]
            counts[callee] = counts.get(callee, 0) + 1
    return source(m.w), m.w.n, counts
