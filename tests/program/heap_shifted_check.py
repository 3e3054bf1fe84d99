#!/usr/bin/env python3
"""Checks heap_shifted.py, which the differential campaigns rely on to tell apart the records
CPython itself does not reproduce: run after N function objects, a script sees the same
arguments and gives the same exit status, and the functions of a module it imports lie
elsewhere in memory, so that the slot a function takes in a small set (its hash, an address,
modulo 8) changes with N, and `math.nan` takes each of the four odd slots of 8 (a NaN's hash
is its address too) over the shifts. Exit status 0 when all holds, 1 otherwise."""

import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SHIFTED = os.path.join(HERE, 'heap_shifted.py')

MODULE = 'def vmirror(grid):\n    return grid\n\n\ndef hmirror(grid):\n    return grid\n'
SCRIPT = '''import sys
sys.path.insert(0, sys.argv[1])
import dsl_like
import math
print(hash(dsl_like.vmirror) % 8, hash(dsl_like.hmirror) % 8, hash(math.nan) % 8,
      ' '.join(sys.argv[2:]))
sys.exit(int(sys.argv[2]))
'''


def main():
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, 'dsl_like.py'), 'w') as fp:
            fp.write(MODULE)
        script = os.path.join(tmp, 'script.py')
        with open(script, 'w') as fp:
            fp.write(SCRIPT)
        slots, nan_slots = set(), set()
        for n in range(8):
            r = subprocess.run([sys.executable, SHIFTED, str(n), script, tmp, '3', 'x y'],
                               capture_output=True, text=True)
            if r.returncode != 3 or not r.stdout.strip().endswith('3 x y'):
                failures.append(f'shift {n}: exit {r.returncode}, output {r.stdout!r} '
                                f'{r.stderr[-300:]!r}')
                continue
            slots.add(tuple(r.stdout.split()[:2]))
            nan_slots.add(r.stdout.split()[2])
        if len(slots) < 2:
            failures.append(f'the functions take the same slots after every shift: {slots}')
        if len(nan_slots) < 4:
            failures.append(f'math.nan takes {len(nan_slots)} slots of 8 over the shifts '
                            f'({sorted(nan_slots)}), not all four odd ones')
        r = subprocess.run([sys.executable, SHIFTED, 'x', script], capture_output=True, text=True)
        if r.returncode != 2:
            failures.append(f'a shift that is not a number: exit {r.returncode}, expected 2')
    print(f'heap_shifted.py: 8 shifts, {len(slots)} distinct slot pairs of two functions, '
          f'math.nan in {len(nan_slots)} slots of 8; {len(failures)} failures')
    for f in failures:
        print('  ' + f)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
