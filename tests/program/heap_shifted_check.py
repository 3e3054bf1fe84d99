#!/usr/bin/env python3
"""Checks heap_shifted.py, which the differential campaigns rely on to tell apart the records
CPython itself does not reproduce: run after N function objects, a script sees the same
arguments and gives the same exit status, and the functions of a module it imports lie
elsewhere in memory, so that the slot a function takes in a small set (its hash, an address,
modulo 8) changes with N. Exit status 0 when all holds, 1 otherwise."""

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
print(hash(dsl_like.vmirror) % 8, hash(dsl_like.hmirror) % 8, ' '.join(sys.argv[2:]))
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
        slots = set()
        for n in range(8):
            r = subprocess.run([sys.executable, SHIFTED, str(n), script, tmp, '3', 'x y'],
                               capture_output=True, text=True)
            if r.returncode != 3 or not r.stdout.strip().endswith('3 x y'):
                failures.append(f'shift {n}: exit {r.returncode}, output {r.stdout!r} '
                                f'{r.stderr[-300:]!r}')
                continue
            slots.add(tuple(r.stdout.split()[:2]))
        if len(slots) < 2:
            failures.append(f'the functions take the same slots after every shift: {slots}')
        r = subprocess.run([sys.executable, SHIFTED, 'x', script], capture_output=True, text=True)
        if r.returncode != 2:
            failures.append(f'a shift that is not a number: exit {r.returncode}, expected 2')
    print(f'heap_shifted.py: 8 shifts, {len(slots)} distinct slot pairs of two functions; '
          f'{len(failures)} failures')
    for f in failures:
        print('  ' + f)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
