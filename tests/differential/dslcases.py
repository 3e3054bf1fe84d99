"""Shared machinery of the differential tests: loading a reference DSL, the case file format,
decoding arguments into Python values, evaluating calls, and the canonical text of results.

Both gen_cases.py and record_arcdsl_tests.py write case files with these helpers, and
battgpu-diff (diff_runner.cpp) reads them back with the same rules; README.md describes the
format. The rules that matter for agreement with the C++ side:

* Arguments are *build instructions*: a frozenset is listed in iteration order and rebuilt by
  inserting its elements in that order, so the expected value is always computed from the
  decoded arguments (the rebuilt table may lay out differently from the original one).
* Every DSL call of an evaluation (those in the arguments and the case's own call) is made
  from a Python frame at the same, known depth (`base_depth` in the file header), so that a
  RecursionError happens at the same place in C++, which is told that depth.
* A frozenset whose elements contain a NaN or a function has no reproducible order (CPython
  hashes those by address), so such a set is listed sorted (by battgpu::py's canonical
  order) on both sides; every other frozenset is listed in iteration order. None is hashed
  by address too, but at a fixed one in the reference interpreter, whose hash battgpu::py
  uses (NONE_STABLE); under another interpreter, sets with None are listed sorted as well.
"""

import ast
import functools
import importlib
import inspect
import json
import math
import os
import sys
import types

FORMAT = "battgpu-diff-cases/1"

# The Python frames below the frame that makes the DSL calls of an evaluation (see
# Evaluator.base_depth). Large enough for every caller of Evaluator.evaluate.
_EVAL_PAD_DEPTH = 40

# Results larger than this many values are not written as cases.
MAX_RESULT_NODES = 40000

# CPython 3.11 hashes None by its address. battgpu::py hashes it as the reference interpreter
# (Debian 12's non-PIE python3.11, where None sits at a fixed address) does; under that
# interpreter, sets holding None have a reproducible order, under another they do not.
BATTGPU_NONE_HASH = 612812
NONE_STABLE = hash(None) == BATTGPU_NONE_HASH


class Unencodable(Exception):
    """A value that the case format cannot express (a lambda, a list, ...)."""


class TooLarge(Exception):
    """A result too large to be worth a case."""


def dumps(obj):
    """Compact JSON, as the case files are written."""
    return json.dumps(obj, separators=(",", ":"))


# ---------------------------------------------------------------------------- reference


class Reference:
    """One dialect's reference DSL: the module, its public functions and constants."""

    def __init__(self, dialect, directory):
        if dialect not in ("arc-dsl", "tokpidjin"):
            raise ValueError(f"unknown dialect {dialect!r}")
        self.dialect = dialect
        self.directory = os.path.abspath(directory)
        os.environ.setdefault("EXPECT_GPU", "0")
        sys.path.insert(0, self.directory)
        self.dsl = importlib.import_module("dsl")
        self.constants_module = importlib.import_module("constants")
        if os.path.dirname(os.path.abspath(self.dsl.__file__)) != self.directory:
            raise RuntimeError(f"imported {self.dsl.__file__}, not the reference in {directory}")
        self.functions = self._public_functions()
        self.extensions = []
        if dialect == "arc-dsl":
            self.extensions = self._batt_extensions()
            self.functions += self.extensions
        self.by_name = {f.name: f for f in self.functions}
        self.constants = self._constants()

    def _batt_extensions(self):
        """SPEC section 2's batt extensions, which arc-dsl programs may use too (and which
        battgpu's arc-dsl module has): o_g and o_g_t are arc-dsl's objects with the mode as
        one number R = 4*univalued + 2*diagonal + without_bg; p_g, get_nth_t, get_nth_f and
        difference_tuple have tokpidjin's meaning, without its safe_dsl wrapper: their
        definitions are taken from tokpidjin's dsl.py next to this reference (they use only
        builtins and math). Empty when that file is absent."""
        tok_dsl = os.path.join(os.path.dirname(self.directory), "tokpidjin", "dsl.py")
        if not os.path.isfile(tok_dsl):
            print(f"dslcases: no {tok_dsl}: the batt extensions are left out", file=sys.stderr)
            return []
        objects = self.dsl.objects

        def o_g(grid: "Grid", type: "R8") -> "Objects":
            return objects(grid, type & 4, type & 2, type & 1)

        def o_g_t(grid: "Grid", type: "R8") -> "Tuple":
            return tuple(objects(grid, type & 4, type & 2, type & 1))

        namespace = {"math": math, "__name__": "tokpidjin_extensions"}
        with open(tok_dsl) as f:
            tree = ast.parse(f.read(), tok_dsl)
        wanted = ("p_g", "get_nth_t", "get_nth_f", "difference_tuple")
        defs = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name in wanted]
        exec(compile(ast.Module(body=defs, type_ignores=[]), tok_dsl, "exec"), namespace)
        table = self._annotation_names()
        return [Function(name, fn, table) for name, fn in
                [("o_g", o_g), ("o_g_t", o_g_t)] + [(n, namespace[n]) for n in wanted]]

    def _public_functions(self):
        """The module's functions defined in dsl.py whose names do not start with '_', in
        definition order (tokpidjin: the safe_dsl wrappers, aliases under their own names)."""
        out = []
        for name, obj in vars(self.dsl).items():
            if name.startswith("_") or not isinstance(obj, types.FunctionType):
                continue
            if obj.__module__ != self.dsl.__name__:
                continue
            out.append(Function(name, obj, self._annotation_names()))
        return out

    def _annotation_names(self):
        """Maps arc-dsl's evaluated annotations back to their arc_types names."""
        if hasattr(self, "_annotations"):
            return self._annotations
        table = {}
        arc_types = sys.modules.get("arc_types")
        if arc_types is not None:
            for name, obj in vars(arc_types).items():
                if name.startswith("_") or isinstance(obj, types.ModuleType):
                    continue
                try:
                    key = repr(obj)
                except Exception:
                    continue
                # The first name wins (Boolean before bool's other aliases).
                table.setdefault(key, name)
        table.update({"<class 'int'>": "Integer", "<class 'bool'>": "Boolean"})
        self._annotations = table
        return table

    def _constants(self):
        """The public constants of constants.py whose values the case format can express,
        as (name, value) in definition order."""
        out = []
        for name, value in vars(self.constants_module).items():
            if name.startswith("_") or not name.isupper() and name not in ("F", "T"):
                continue
            if isinstance(value, (types.ModuleType, types.FunctionType, type)):
                continue
            if isinstance(value, (bool, int, float, str, tuple, frozenset)):
                out.append((name, value))
        return out


class Function:
    """A public DSL function: its module name, the value, and its parameters as
    (name, annotation name, has default)."""

    def __init__(self, name, value, annotation_table):
        self.name = name
        self.value = value
        target = getattr(value, "__wrapped__", value)
        signature = inspect.signature(target)
        self.params = []
        for p in signature.parameters.values():
            self.params.append(
                (p.name, _annotation_name(p.annotation, p.name, annotation_table),
                 p.default is not inspect.Parameter.empty))
        self.returns = _annotation_name(signature.return_annotation, "", annotation_table)
        self.min_args = sum(1 for p in self.params if not p[2])
        self.max_args = len(self.params)


def _annotation_name(annotation, param_name, table):
    """The arc_types name of an annotation ('Grid', 'Callable', ...); 'Any' when absent
    (a parameter called `function` without annotation is a Callable)."""
    if annotation is inspect.Parameter.empty or annotation is inspect.Signature.empty:
        return "Callable" if param_name in ("function", "f", "g", "h", "key") else "Any"
    if isinstance(annotation, str):
        return annotation
    text = repr(annotation)
    if text in table:
        return table[text]
    return text.replace("typing.", "")


# ---------------------------------------------------------------------------- canonical text

def _is_unstable(v):
    """True when v is, or contains through tuples and frozensets, a value that CPython hashes
    by address (a NaN, a function; None unless NONE_STABLE): sets holding it have no
    reproducible order."""
    t = type(v)
    if t is int or t is bool or t is str:
        return False
    if v is None:
        return not NONE_STABLE
    if t is float:
        return v != v
    if t is tuple or t is frozenset:
        return any(_is_unstable(e) for e in v)
    return callable(v)


def _canon_group(v):
    if isinstance(v, bool):
        return 0
    if isinstance(v, (int, float)):
        return 1
    if isinstance(v, str):
        return 2
    if v is None:
        return 3
    if isinstance(v, tuple):
        return 4
    if isinstance(v, frozenset):
        return 5
    if callable(v):
        return 6
    return 7


def canonical_compare(a, b):
    """battgpu::py::canonical_less as a three-way comparison (canonical.cpp): booleans, then
    numbers (NaN last), strings, None, tuples, frozensets (by sorted elements), functions."""
    ga, gb = _canon_group(a), _canon_group(b)
    if ga != gb:
        return -1 if ga < gb else 1
    if ga == 0:
        return (a > b) - (a < b)
    if ga == 1:
        na = isinstance(a, float) and a != a
        nb = isinstance(b, float) and b != b
        if na or nb:
            return 0 if na == nb else (1 if na else -1)
        if type(a) is int and type(b) is int:
            return (a > b) - (a < b)
        x, y = float(a), float(b)
        return (x > y) - (x < y)
    if ga == 2:
        x, y = a.encode("utf-8"), b.encode("utf-8")
        return (x > y) - (x < y)
    if ga == 3:
        return 0
    if ga == 4:
        for x, y in zip(a, b):
            c = canonical_compare(x, y)
            if c:
                return c
        return (len(a) > len(b)) - (len(a) < len(b))
    if ga == 5:
        xs, ys = _sorted_elements(a), _sorted_elements(b)
        for x, y in zip(xs, ys):
            c = canonical_compare(x, y)
            if c:
                return c
        return (len(xs) > len(ys)) - (len(xs) < len(ys))
    if ga == 6:
        x, y = _function_name(a).encode(), _function_name(b).encode()
        return (x > y) - (x < y)
    return 0


_canonical_key = functools.cmp_to_key(canonical_compare)


def _sorted_elements(s):
    return sorted(s, key=_canonical_key)


def _function_name(f):
    return getattr(f, "__name__", type(f).__name__)


def _jsonable(v, budget):
    """The JSON structure of v's canonical form (see module docstring)."""
    budget[0] -= 1
    if budget[0] < 0:
        raise TooLarge()
    t = type(v)
    if t is int:
        return v
    if t is bool:
        return {"bool": v}
    if v is None:
        return {"none": None}
    if t is float:
        if v != v:
            return {"float": None}
        if math.isinf(v):
            return {"float": "inf" if v > 0 else "-inf"}
        return {"float": v}
    if t is str:
        return v
    if t is tuple:
        return [_jsonable(e, budget) for e in v]
    if t is frozenset:
        items = list(v)
        if any(_is_unstable(e) for e in items):
            items.sort(key=_canonical_key)
        return {"frozenset": [_jsonable(e, budget) for e in items]}
    if isinstance(v, types.FunctionType):
        return {"function": v.__name__}
    # Kinds that battgpu::py does not model: written so that a C++ result never matches.
    if t is list:
        return {"list": [_jsonable(e, budget) for e in v]}
    if t is set:
        return {"set": [_jsonable(e, budget) for e in _sorted_elements(v)]}
    if t is dict:
        return {"dict": [[_jsonable(k, budget), _jsonable(x, budget)] for k, x in v.items()]}
    return {"repr": f"{t.__module__}.{t.__qualname__}: {v!r}"[:200]}


def canonical(value, max_nodes=MAX_RESULT_NODES):
    """The canonical text of a result (battgpu::py::to_canonical with IterationOrder, except
    that sets of address-hashed values are sorted). Raises TooLarge past max_nodes values."""
    return dumps(_jsonable(value, [max_nodes]))


def raised(exc_name):
    """The canonical text of a raised exception."""
    return dumps({"raises": exc_name})


def has_unstable_set(value):
    """True when value holds a frozenset with an address-hashed element somewhere."""
    t = type(value)
    if t is tuple:
        return any(has_unstable_set(e) for e in value)
    if t is frozenset:
        return any(_is_unstable(e) or has_unstable_set(e) for e in value)
    return False


# ---------------------------------------------------------------------------- encoding


class Encoder:
    """Python values to argument encodings E (module functions by name, closures by the
    call that made them when that call was registered)."""

    def __init__(self, reference):
        self.reference = reference
        self._function_names = {}
        for f in reference.functions:
            self._function_names.setdefault(id(f.value), f.name)
        self._made = {}  # id(closure) -> (closure, E of the call that made it)

    def register(self, value, expression):
        """Remembers that `value` (a closure) is what `expression` evaluates to."""
        if isinstance(value, types.FunctionType) and id(value) not in self._function_names:
            self._made[id(value)] = (value, expression)

    def function_name(self, value):
        return self._function_names.get(id(value))

    def encode(self, v):
        t = type(v)
        if t is int:
            return v
        if t is bool:
            return {"bool": v}
        if v is None:
            return {"none": None}
        if t is float:
            if v != v:
                if v is not math.nan:
                    raise Unencodable("a NaN other than math.nan")
                return {"float": None}
            if math.isinf(v):
                return {"float": "inf" if v > 0 else "-inf"}
            return {"float": v}
        if t is str:
            if not v.isascii():
                raise Unencodable("a non-ASCII string")
            return v
        if t is tuple:
            return [self.encode(e) for e in v]
        if t is frozenset:
            return {"frozenset": [self.encode(e) for e in v]}
        if isinstance(v, types.FunctionType):
            name = self._function_names.get(id(v))
            if name is not None:
                return {"function": name}
            made = self._made.get(id(v))
            if made is not None and made[0] is v:
                return made[1]
            raise Unencodable(f"the function {v.__name__!r}")
        raise Unencodable(f"a value of type {t.__name__}")


# ---------------------------------------------------------------------------- evaluation


class CaseTimeout(BaseException):
    """The per-case time limit (a BaseException: no DSL `except Exception` catches it)."""


def _frame_depth():
    """The number of Python frames on the stack, the caller's included."""
    frame = sys._getframe(1)
    n = 0
    while frame is not None:
        n += 1
        frame = frame.f_back
    return n


class Evaluator:
    """Decodes argument encodings into Python values, making their DSL calls, and evaluates
    cases. Shared values (`{"ref": K}`) are defined once with `define`."""

    def __init__(self, reference):
        self.reference = reference
        self.module = reference.dsl
        self.defs = []  # decoded shared values (or the exception their decoding raised)
        self.base_depth = _EVAL_PAD_DEPTH + 2
        self._depth_checked = False

    # -- public
    def define(self, expression):
        """Decodes a shared value; returns its index K. A decoding that raises is stored as
        the exception, which a case that refers to it raises again."""
        try:
            value = self.evaluate(expression)
        except (CaseTimeout, MemoryError, KeyboardInterrupt):
            raise
        except Exception as exc:  # noqa: BLE001 - the reference's failure is data
            value = _Raised(exc)
        self.defs.append(value)
        return len(self.defs) - 1

    def value_of(self, k):
        v = self.defs[k]
        if isinstance(v, _Raised):
            raise v.exc
        return v

    def evaluate(self, expression):
        """The value of an argument encoding E, or of a case node {"case": fn, "args": [E]}."""
        depth = _frame_depth()
        if depth > _EVAL_PAD_DEPTH:
            raise RuntimeError("Evaluator.evaluate called too deep; raise _EVAL_PAD_DEPTH")
        return self._descend(_EVAL_PAD_DEPTH - depth, expression)

    def evaluate_case(self, fn, args):
        return self.evaluate({"case": fn, "args": args})

    # -- internals
    def _descend(self, n, expression):
        # Pads the stack so that _run always runs at the same depth.
        if n > 0:
            return self._descend(n - 1, expression)
        return self._run(expression)

    def _run(self, expression):
        """Post-order evaluation with an explicit stack: every DSL call is made from this
        frame, whose depth is base_depth."""
        if not self._depth_checked:
            if _frame_depth() != self.base_depth:
                raise RuntimeError("evaluator frame depth differs from base_depth")
            self._depth_checked = True
        stack = [(expression, False)]
        values = []
        while stack:
            node, ready = stack.pop()
            t = type(node)
            if t is int or t is str:
                values.append(node)
                continue
            if t is list:
                if ready:
                    n = len(node)
                    items = tuple(values[len(values) - n:]) if n else ()
                    del values[len(values) - n:]
                    values.append(items)
                else:
                    stack.append((node, True))
                    stack.extend((e, False) for e in reversed(node))
                continue
            if t is not dict or len(node) == 0:
                raise ValueError(f"bad encoding: {node!r}")
            if "frozenset" in node:
                items = node["frozenset"]
                if ready:
                    n = len(items)
                    built = frozenset(values[len(values) - n:]) if n else frozenset()
                    del values[len(values) - n:]
                    values.append(built)
                else:
                    stack.append((node, True))
                    stack.extend((e, False) for e in reversed(items))
                continue
            if "call" in node or "case" in node:
                args = node["args"]
                if not ready:
                    stack.append((node, True))
                    stack.extend((e, False) for e in reversed(args))
                    continue
                n = len(args)
                argv = values[len(values) - n:] if n else []
                del values[len(values) - n:]
                name = node.get("call", node.get("case"))
                if name == "@call":
                    f, argv = argv[0], argv[1:]
                elif name == "@constant":
                    values.append(getattr(self.reference.constants_module, argv[0]))
                    continue
                else:
                    f = self.reference.by_name[name].value
                values.append(f(*argv))
                continue
            if "ref" in node:
                values.append(self.value_of(node["ref"]))
            elif "bool" in node:
                values.append(bool(node["bool"]))
            elif "none" in node:
                values.append(None)
            elif "float" in node:
                values.append(_decode_float(node["float"]))
            elif "function" in node:
                values.append(self.reference.by_name[node["function"]].value)
            else:
                raise ValueError(f"bad encoding: {node!r}")
        assert len(values) == 1
        return values[0]


class _Raised:
    """A shared value whose decoding raised."""

    def __init__(self, exc):
        self.exc = exc


def _decode_float(x):
    if x is None:
        return math.nan
    if x == "inf":
        return math.inf
    if x == "-inf":
        return -math.inf
    return float(x)


def has_unstable_argument(args):
    """True when a decoded argument holds a frozenset with None, a NaN or a function in it:
    C++ lays such a set out differently (other hashes), so the case could not agree."""
    return any(has_unstable_set(a) for a in args)


class Fragility:
    """Marks the cases whose reference result may depend on object addresses, which no
    other process (and no C++) reproduces: CPython hashes None, NaNs and functions by
    address, so a reference function that puts them into a set and then picks from it
    (`max(set(t), key=t.count)` with a tie) chooses differently; and `str(<generator>)`
    (what `type(c)(<generator>)` makes of a string c) holds an address.

    A case is fragile when its arguments hold a NaN or a string anywhere (None too, unless
    NONE_STABLE), or a
    function in a data position: inside a tuple or frozenset, or given to a parameter that
    is not a Callable (rbind's and lbind's fixed value takes the kind of the parameter it is
    bound to; rapply's `functions` hold callables). battgpu-diff reports the mismatches of
    fragile cases apart."""

    CALLEE, DATA, INSIDE, CALLEES = 0, 1, 2, 3

    def __init__(self, reference):
        self.positions = {}
        for f in reference.functions:
            self.positions[f.name] = [
                self.CALLEES if name == "functions" else
                self.CALLEE if annotation == "Callable" else self.DATA
                for name, annotation, _ in f.params]
        self.defs = []  # per shared value: fragile in each context

    def define(self, expression):
        """Records shared value K (in order)."""
        self.defs.append(tuple(self.check(expression, c) for c in range(4)))

    def case(self, fn, args, closure_params=()):
        """Whether a case is fragile. For "@call", closure_params are the annotations of the
        called closure's parameters."""
        if fn == "@call":
            positions = [self.CALLEE] + [self.CALLEE if a == "Callable" else self.DATA
                                         for a in closure_params]
        else:
            positions = self.positions.get(fn, [])
        return any(self.check(a, positions[i] if i < len(positions) else self.DATA)
                   for i, a in enumerate(args))

    def check(self, node, ctx):
        t = type(node)
        if t is int:
            return False
        if t is str:
            return True
        if t is list or "frozenset" in node:
            inner = self.CALLEE if ctx == self.CALLEES else self.INSIDE
            return any(self.check(e, inner) for e in (node if t is list else node["frozenset"]))
        if "none" in node:
            return not NONE_STABLE
        if "float" in node and node["float"] is None:
            return True
        if "function" in node:
            return ctx not in (self.CALLEE, self.CALLEES)
        if "call" in node:
            if ctx not in (self.CALLEE, self.CALLEES):
                return True
            return any(self.check(a, c) for a, c in self._call_positions(node))
        if "ref" in node:
            return self.defs[node["ref"]][ctx]
        return False

    def _call_positions(self, node):
        """(argument, context) of a call that makes a closure."""
        name, args = node["call"], node["args"]
        positions = list(self.positions.get(name, []))
        if name in ("rbind", "lbind") and len(args) == 2:
            bound = args[0]
            inner = self.positions.get(bound.get("function"), []) if isinstance(bound, dict) \
                else []
            if inner:
                positions[1] = inner[-1] if name == "rbind" else inner[0]
        elif name == "branch":
            positions[1:3] = [self.CALLEE, self.CALLEE]
        return [(a, positions[i] if i < len(positions) else self.DATA)
                for i, a in enumerate(args)]


def address_dependent(value):
    """True when a result holds a string made from an object's address (the repr of a
    generator that `str(<generator>)` gives), which no other run reproduces."""
    t = type(value)
    if t is str:
        return " at 0x" in value
    if t is tuple or t is frozenset:
        return any(address_dependent(e) for e in value)
    return False


def header(reference, evaluator, generator, **extra):
    """The first line of a case file."""
    doc = {
        "format": FORMAT,
        "dialect": reference.dialect,
        "generator": generator,
        "python": sys.version.split()[0],
        "base_depth": evaluator.base_depth,
        "recursion_limit": sys.getrecursionlimit(),
        "hash_none": hash(None),
        "none_stable": NONE_STABLE,
        "functions": [f.name for f in reference.functions],
        "extensions": [f.name for f in reference.extensions],
        "constants": [name for name, _ in reference.constants],
    }
    doc.update(extra)
    return doc
