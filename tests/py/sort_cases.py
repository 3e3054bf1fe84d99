#!/usr/bin/env python3
"""Random cases for py::sort, with what CPython's sorted() makes of them.

Run with the reference Python (Debian's /usr/bin/python3, 3.11.2) and PYTHONHASHSEED=0; the
cases go to stdout, for battgpu-sort-diff to read from its stdin:

    PYTHONHASHSEED=0 /usr/bin/python3 sort_cases.py --count 100000 --seed 1 | battgpu-sort-diff

Each case is four lines:

    C <id> <key> <reverse 0|1> <n>
    I <item> ...                        the n items
    O <position> ... | X <exception>    sorted(items, key=..., reverse=...): each result item as
                                        the position of the first input item encoded alike
    T <numbers> <crc32> | T -           the comparisons list.sort made, as (i, j) positions
                                        of the keys compared (key i < key j), in order: their
                                        count, and the CRC-32 of them as little-endian int32
                                        pairs; "-" when a key function failed

Values: i<int>, f<float.hex()>, n<k> (a NaN object: 0 is math.nan, others are distinct NaN
objects), T / F, N (None), s<letters> (a str), ( ... ) a tuple, { ... } a frozenset (its items
in sorted order of their encodings).

Keys: `none` sorts the items themselves; `first` (lambda t: t[0]), `wrap` (lambda t: (t[0],))
and `inv` (lambda t: 100 // t[0]) sort pairs (k, index).
"""

import argparse
import math
import random
import sys
import zlib
from array import array

NAN_POOL = [math.nan] + [float("nan") for _ in range(7)]
NAN_IDS = {id(x): i for i, x in enumerate(NAN_POOL)}

KEYS = {
    "none": None,
    "first": lambda t: t[0],
    "wrap": lambda t: (t[0],),
    "inv": lambda t: 100 // t[0],
}


def enc(v):
    if v is None:
        return "N"
    if v is True:
        return "T"
    if v is False:
        return "F"
    if isinstance(v, int):
        return "i%d" % v
    if isinstance(v, float):
        if v != v:
            return "n%d" % NAN_IDS[id(v)]
        return "f" + v.hex()
    if isinstance(v, str):
        return "s" + v
    if isinstance(v, tuple):
        return " ".join(["("] + [enc(x) for x in v] + [")"])
    if isinstance(v, frozenset):
        return " ".join(["{"] + sorted(enc(x) for x in v) + ["}"])
    raise TypeError(type(v))


class Traced:
    """A key whose `<` records the positions compared, for list.sort's comparison trace."""

    __slots__ = ("k", "i", "trace")

    def __init__(self, k, i, trace):
        self.k = k
        self.i = i
        self.trace = trace

    def __lt__(self, other):
        self.trace.append(self.i)
        self.trace.append(other.i)
        return self.k < other.k


# ---- keys of each family ----

def small_fset(rng, universe, most):
    return frozenset(rng.sample(range(universe), rng.randint(0, min(most, universe))))


def nan_or_float(rng):
    r = rng.random()
    if r < 0.15:
        return NAN_POOL[0]
    if r < 0.3:
        return rng.choice(NAN_POOL[1:])
    if r < 0.35:
        return rng.choice([math.inf, -math.inf, -0.0, 0.0])
    return rng.randint(-6, 6) / 2


def family_atom(family, rng, p):
    """One key of `family`; p holds the case's parameters."""
    if family == "int_dups":
        return rng.randint(0, p["range"])
    if family == "int_wide":
        r = rng.random()
        if r < 0.05:
            return rng.choice([2**40, -(2**40), 2**53 + 1, -(2**62), 2**62, 255, 256, 257])
        return rng.randint(-1000, 1000)
    if family == "bool_int":
        return rng.choice([True, False, 0, 1, 2])
    if family == "float_nan":
        return nan_or_float(rng)
    if family == "mixed_num":
        r = rng.random()
        if r < 0.4:
            return rng.randint(-3, 3)
        if r < 0.5:
            return rng.choice([True, False])
        if r < 0.55:
            return rng.choice([2**53, 2**53 + 1, float(2**53)])
        return nan_or_float(rng)
    if family == "fset":
        return small_fset(rng, p["universe"], p["most"])
    if family == "str":
        return "".join(rng.choice("abc") for _ in range(rng.randint(0, 3)))
    if family == "tuple_fs_int":
        return (small_fset(rng, 4, 3), rng.randint(0, 2))
    if family == "tuple_int_fs":
        return (rng.randint(0, 3), small_fset(rng, 4, 2))
    if family == "tuple_nan":
        return (nan_or_float(rng), rng.choice([nan_or_float(rng), rng.randint(0, 2)]))
    if family == "tuple_var":
        return tuple(rng.randint(0, 2) for _ in range(rng.randint(0, 3)))
    if family == "tuple_nested":
        return (rng.randint(0, 2), (rng.randint(0, 2), small_fset(rng, 3, 2)))
    # Failing comparisons, depending on which pairs are compared.
    if family == "err_int_str":
        return (rng.randint(0, p["range"]), rng.choice([0, 1, "a", "b"]) if rng.random() < p["bad"] else rng.randint(0, 1))
    if family == "err_nan_str":
        return (rng.choice([NAN_POOL[0], NAN_POOL[1], 1.0]), rng.choice([1, "a"]))
    if family == "err_fs_str":
        return (small_fset(rng, 3, 2), rng.choice([0, "a"]) if rng.random() < p["bad"] else 0)
    if family == "err_none":
        return (rng.randint(0, p["range"]), None if rng.random() < p["bad"] else 0)
    if family == "err_rare":
        return rng.randint(0, 50) if rng.random() > p["bad"] else rng.choice(["x", None, (1,), frozenset()])
    if family == "inv":
        return rng.choice([-3, -1, 1, 2, 5]) if rng.random() > p["bad"] else rng.choice([0, "z", 0.0])
    raise ValueError(family)


FAMILIES = ["int_dups", "int_wide", "bool_int", "float_nan", "mixed_num", "fset", "fset", "fset",
            "str", "tuple_fs_int", "tuple_int_fs", "tuple_nan", "tuple_nan", "tuple_var",
            "tuple_nested", "err_int_str", "err_nan_str", "err_fs_str", "err_none", "err_rare"]


def proxy_sorted(keys, rng):
    """Keys in sorted order where sorted() manages, else in an order of their encodings."""
    try:
        return sorted(keys)
    except TypeError:
        return sorted(keys, key=enc)


def structure(keys, rng):
    """Reorders random keys into runs, as real inputs have them."""
    n = len(keys)
    shape = rng.random()
    if shape < 0.35 or n < 2:
        return keys
    ordered = proxy_sorted(keys, rng)
    if shape < 0.45:
        return ordered
    if shape < 0.55:
        return ordered[::-1]
    if shape < 0.75:
        # Sorted and reversed chunks of random lengths.
        out = []
        rest = keys[:]
        rng.shuffle(rest)
        while rest:
            m = rng.randint(1, max(1, min(len(rest), rng.choice([4, 16, 40, 100, 300]))))
            chunk = proxy_sorted(rest[:m], rng)
            del rest[:m]
            out.extend(chunk if rng.random() < 0.6 else chunk[::-1])
        return out
    if shape < 0.9:
        # Sorted with a few swaps.
        out = ordered[:]
        for _ in range(rng.randint(1, 5)):
            i, j = rng.randrange(n), rng.randrange(n)
            out[i], out[j] = out[j], out[i]
        return out
    # A sorted prefix and a random tail.
    cut = rng.randint(0, n)
    return ordered[:cut] + keys[cut:]


def length(rng):
    r = rng.random()
    if r < 0.3:
        return rng.randint(0, 63)
    if r < 0.8:
        return rng.randint(64, 500)
    if r < 0.95:
        return rng.randint(501, 1000)
    return rng.randint(1001, 2000)


def make_case(rng):
    family = rng.choice(FAMILIES)
    p = {"range": rng.choice([1, 2, 5, 20, 200]), "universe": rng.choice([3, 4, 5, 7]),
         "most": rng.choice([1, 2, 3, 5]), "bad": rng.choice([0.001, 0.01, 0.05, 0.3])}
    keymode = rng.choice(["none", "none", "first", "first", "wrap"])
    if rng.random() < 0.03:
        family, keymode = "inv", "inv"
    n = length(rng)
    keys = structure([family_atom(family, rng, p) for _ in range(n)], rng)
    if keymode == "none":
        items = keys
    else:
        items = [(k, i) for i, k in enumerate(keys)]
    return keymode, rng.random() < 0.3, items


def expected(keymode, reverse, items):
    """(result line, trace line) of sorted(items, key=..., reverse=...)."""
    keyfunc = KEYS[keymode]
    try:
        result = sorted(items, key=keyfunc, reverse=reverse)
        outcome = None
    except Exception as e:  # noqa: BLE001 - the type is the contract
        result = None
        outcome = type(e).__name__
    # The comparisons: the same sort over keys that record them.
    try:
        keys = items if keyfunc is None else [keyfunc(x) for x in items]
    except Exception:
        keys = None
    if keys is None:
        trace_line = "T -"
        assert outcome is not None
    else:
        trace = array("i")
        traced = [Traced(k, i, trace) for i, k in enumerate(keys)]
        try:
            order = [t.i for t in sorted(traced, reverse=reverse)]
            traced_outcome = None
        except Exception as e:  # noqa: BLE001
            order = None
            traced_outcome = type(e).__name__
        assert traced_outcome == outcome, (traced_outcome, outcome)
        if order is not None:
            assert all(items[i] is r for i, r in zip(order, result))
        if sys.byteorder != "little":
            trace.byteswap()
        trace_line = "T %d %d" % (len(trace) // 2, zlib.crc32(trace.tobytes()))
    if outcome is not None:
        return "X " + outcome, trace_line
    codes = [enc(x) for x in items]
    first = {}
    for i, c in enumerate(codes):
        first.setdefault(c, i)
    return "O " + " ".join(str(first[enc(x)]) for x in result), trace_line


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    out = sys.stdout
    for case_id in range(args.count):
        keymode, reverse, items = make_case(rng)
        result_line, trace_line = expected(keymode, reverse, items)
        out.write("C %d %s %d %d\n" % (case_id, keymode, int(reverse), len(items)))
        out.write("I " + " ".join(enc(x) for x in items) + "\n")
        out.write(result_line + "\n")
        out.write(trace_line + "\n")
    out.flush()


if __name__ == "__main__":
    main()
