#!/usr/bin/env python3
"""Writes a batt module of N trivial statements in the format of tokpidjin's card.py: a chain of
`identity` calls from the sample's input, each in its try/except, and one score record of the
last. Run through bench_batt.py beside a real batt, it separates what a statement costs in
itself (the interpreter's dispatch, the try, the borrowed arguments, freeing the dead local)
from what its DSL function costs: the chain's values are the sample's own grid, so no call of a
task can take another's outcome, and no statement allocates.

Usage: statement_floor.py [--statements N] --output FILE.py
Exit codes: 0 written, 2 bad usage or the file could not be written.
"""

import argparse
import os
import sys
import tempfile

# The statements are written in card.py's form by the synthetic batt generator's writer.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tools',
                                'synth_batt'))
import batt_python  # noqa: E402


def module_text(statements):
    w = batt_python.Writer()
    w.lines += ['def batt(task_id, S, I, C, log_path):', '    s = []', '    o = []']
    t = 'I'
    for _ in range(statements):
        t = w.stmt('identity', [t])
    w.score("'floor'", 'identity_chain', t)
    w.lines.append('    return o, s')
    return batt_python.source(w)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--statements', type=int, default=30000)
    ap.add_argument('--output', required=True)
    args = ap.parse_args()
    if args.statements < 1:
        ap.error('--statements must be at least 1')
    directory = os.path.dirname(os.path.abspath(args.output))
    temporary = None
    try:
        # Written to a temporary file and renamed: never a partial module.
        with tempfile.NamedTemporaryFile('w', dir=directory, delete=False, suffix='.tmp') as fp:
            temporary = fp.name
            fp.write(module_text(args.statements))
        os.replace(temporary, args.output)
    except OSError as e:
        if temporary is not None and os.path.exists(temporary):
            os.unlink(temporary)
        print(f'statement_floor.py: cannot write {args.output}: {e}', file=sys.stderr)
        sys.exit(2)


if __name__ == '__main__':
    main()
