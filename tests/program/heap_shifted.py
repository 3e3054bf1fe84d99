#!/usr/bin/env python3
"""Runs a Python script as `python3 SCRIPT ARG...` would, after making N function objects that
stay alive, and with N > 0 after giving `math.nan` another NaN object: the objects the script
then makes (a reference DSL's functions, when it imports one) lie elsewhere in memory, and so
does the NaN that tokpidjin's functions return. CPython hashes a function and a NaN by its
address, so the order of a set that holds one can change with N: a record that changes with N
depends on where CPython put an object, which no other program can reproduce. (The functions
alone do not move `math.nan`, which the runner makes before the DSL; its place changes instead
with the environment, such as PYTHONPATH, which no rerun here should have to guess.)

Usage: heap_shifted.py N SCRIPT [ARG...]
"""

import runpy
import sys


def move_math_nan(slot):
    """Gives `math.nan` a NaN object whose hash is `slot` modulo 8 (CPython's NaN hashes are
    odd, so an odd slot; where an interpreter never gives that slot, the last NaN tried), and
    returns the NaNs made on the way, to be kept alive so that the new one's address stays its
    own."""
    import math
    made = []
    for _ in range(256):
        made.append(float('nan'))
        if hash(made[-1]) % 8 == slot:
            break
    math.nan = made[-1]
    return made


def main():
    if len(sys.argv) < 3 or not sys.argv[1].isdigit():
        sys.stderr.write('usage: heap_shifted.py N SCRIPT [ARG...]\n')
        return 2
    shift = int(sys.argv[1])
    moved = [(lambda k=k: k) for k in range(shift)]
    if shift > 0:
        moved.append(move_math_nan((2 * shift + 1) % 8))
    sys.argv = sys.argv[2:]
    runpy.run_path(sys.argv[0], run_name='__main__')
    del moved
    return 0


if __name__ == '__main__':
    sys.exit(main())
