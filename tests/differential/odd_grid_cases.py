#!/usr/bin/env python3
"""Writes differential cases of the objects functions on grids that are not rectangles of ints.

Ill-typed batt statements hand `objects` and `o_g` ragged grids (vconcat of grids of different
widths) and grids whose cells are floats (the DSL's -inf and NaN defaults), bools, tuples,
frozensets or None. battgpu extracts objects from those by the same simulation as from grids of
ints, with the cells numbered by their values' equality classes; these cases check it against
the reference: every mode of objects, objects_t, o_g and o_g_t on random such grids.

Run it with /usr/bin/python3 and PYTHONHASHSEED=0 EXPECT_GPU=0 (run_differential.py --source
odd-grids does). The output depends only on the seed.
"""

import argparse
import math
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dslcases  # noqa: E402
from dslcases import canonical, dumps, raised  # noqa: E402

# Cell values other than colours, each with the weight it is drawn with.
ODD_VALUES = [
    (0.0, 1), (1.0, 1), (0.5, 1), (-math.inf, 3), (math.inf, 1), (math.nan, 2),
    (True, 1), (False, 1), ((), 3), ((1, 2), 1), ((0,), 1), (frozenset(), 3),
    (frozenset({1}), 1), (None, 1),
]


def random_cell(rng, colours, odd_share):
    if rng.random() >= odd_share:
        return rng.choice(colours)
    values, weights = zip(*ODD_VALUES)
    return rng.choices(values, weights)[0]


def random_grid(rng):
    """A grid of h rows, the first of w cells; other rows as long or longer (some shorter),
    cells mostly colours, some other values."""
    h, w = rng.randint(1, 8), rng.randint(1, 8)
    colours = rng.sample(range(10), rng.randint(1, 3))
    style = rng.random()
    odd_share = 0.0 if style < 0.3 else rng.choice((0.05, 0.2, 0.5, 1.0))
    rows = []
    for i in range(h):
        length = w
        if i > 0 and style < 0.5 and rng.random() < 0.5:
            length = w + rng.randint(1, 4)  # longer rows: the loop reads their first w cells
        if i > 0 and rng.random() < 0.05:
            length = rng.randint(0, w - 1) if w > 1 else 0  # a shorter row: IndexError
        if odd_share == 0.0 and rng.random() < 0.5:
            # Large areas of one colour, so that objects span many cells.
            rows.append(tuple(colours[0] if rng.random() < 0.6 else rng.choice(colours)
                              for _ in range(length)))
        else:
            rows.append(tuple(random_cell(rng, colours, odd_share) for _ in range(length)))
    return tuple(rows)


def with_bg_mode(mode):
    """o_g's modes: bit 0 asks for the background (tokpidjin's o_g lists them)."""
    return bool(mode & 1)


def background_is_fragile(grid):
    """Whether mostcolor_t(grid) is a tie that a NaN takes part in: max then keeps the first in
    the set's order, which CPython decides by the NaN's address."""
    values = [v for r in grid for v in r]
    if not values:
        return False
    counts = [(values.count(x), x) for x in set(values)]
    best = max(c for c, _ in counts)
    ties = [x for c, x in counts if c == best]
    return len(ties) > 1 and any(x != x for x in ties)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--reference", required=True, help="directory of tokpidjin's dsl.py")
    p.add_argument("--out", required=True, help="case file to write (JSON lines)")
    p.add_argument("--grids", type=int, default=400, help="random grids (default 400)")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    if os.environ.get("PYTHONHASHSEED") != "0":
        print("odd_grid_cases.py: warning: PYTHONHASHSEED is not 0", file=sys.stderr)

    started = time.perf_counter()
    reference = dslcases.Reference("tokpidjin", args.reference)
    evaluator = dslcases.Evaluator(reference)
    encoder = dslcases.Encoder(reference)
    rng = random.Random(f"{args.seed}:odd-grids")
    lines = []
    raised_count = fragile_count = 0
    for _ in range(args.grids):
        value = random_grid(rng)
        grid = encoder.encode(value)
        fragile_bg = background_is_fragile(value)
        calls = []
        for mode in range(8):
            flags = [{"bool": bool(mode & 4)}, {"bool": bool(mode & 2)}, {"bool": bool(mode & 1)}]
            calls.append(("objects", [grid] + flags))
            calls.append(("objects_t", [grid] + flags))
            calls.append(("o_g", [grid, mode]))
            calls.append(("o_g_t", [grid, mode]))
        for name, call_args in calls:
            try:
                result = evaluator.evaluate_case(name, call_args)
                expect = canonical(result)
            except Exception as exc:  # noqa: BLE001 - the reference's failure is the expectation
                expect = raised(type(exc).__name__)
            raised_count += expect.startswith('{"raises"')
            case = {"id": len(lines), "fn": name, "args": call_args, "expect": expect}
            with_bg = call_args[3]["bool"] if len(call_args) == 4 else with_bg_mode(call_args[1])
            if fragile_bg and with_bg:
                case["fragile"] = True
                fragile_count += 1
            lines.append(dumps(case))

    tmp = args.out + ".tmp"
    with open(tmp, "w") as out:
        out.write(dumps(dslcases.header(reference, evaluator, "odd_grid_cases.py",
                                        seed=args.seed, grids=args.grids)) + "\n")
        for line in lines:
            out.write(line + "\n")
    os.replace(tmp, args.out)
    print(f"odd_grid_cases.py: {len(lines)} cases on {args.grids} grids ({raised_count} raise, "
          f"{fragile_count} fragile) "
          f"in {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
