#!/usr/bin/env python3
"""Runs a Python script as `python3 SCRIPT ARG...` would, after making N function objects that
stay alive: the objects the script then makes (a reference DSL's functions, when it imports
one) lie elsewhere in memory. CPython hashes a function (and a NaN) by its address, so the
order of a set that holds one can change with N: a record that changes with N depends on
where CPython put an object, which no other program can reproduce.

Usage: heap_shifted.py N SCRIPT [ARG...]
"""

import runpy
import sys


def main():
    if len(sys.argv) < 3 or not sys.argv[1].isdigit():
        sys.stderr.write('usage: heap_shifted.py N SCRIPT [ARG...]\n')
        return 2
    moved = [(lambda k=k: k) for k in range(int(sys.argv[1]))]
    sys.argv = sys.argv[2:]
    runpy.run_path(sys.argv[0], run_name='__main__')
    del moved
    return 0


if __name__ == '__main__':
    sys.exit(main())
