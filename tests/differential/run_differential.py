#!/usr/bin/env python3
"""ctest driver of the differential tests: (re)generates a case file when its inputs changed,
then runs battgpu-diff on it and passes its exit status on.

    run_differential.py --runner BATTGPU_DIFF --cases FILE --source gen|tests|odd-grids
                        --dialect D --reference DIR [--tasks DIR] [--per-function N]
                        [--seed S] [--jobs J] [--python PY] [-- battgpu-diff options]

Exits 77 (ctest's skip) when the reference or the tasks are absent, or when tokpidjin's
reference cannot be imported for want of numpy. The case file is regenerated only when the
generator, the reference or the options changed (a fingerprint is kept next to it), so that
running the tests again after a C++ change costs only the C++ side.
"""

import argparse
import hashlib
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SKIP = 77


def fingerprint(args):
    """A digest of everything the case file depends on."""
    h = hashlib.sha256()
    files = [os.path.join(HERE, n) for n in ("gen_cases.py", "dslcases.py",
                                              "record_arcdsl_tests.py",
                                              "odd_grid_cases.py")]
    for name in sorted(os.listdir(args.reference)):
        if name.endswith(".py"):
            files.append(os.path.join(args.reference, name))
    # arc-dsl's batt extensions come from tokpidjin's dsl.py (dslcases.Reference).
    sibling = os.path.join(os.path.dirname(args.reference), "tokpidjin", "dsl.py")
    if os.path.isfile(sibling):
        files.append(sibling)
    for path in files:
        h.update(path.encode())
        with open(path, "rb") as f:
            h.update(f.read())
    h.update(repr((args.source, args.dialect, args.tasks, args.per_function, args.seed,
                   args.python)).encode())
    return h.hexdigest()


def generate(args):
    env = dict(os.environ, PYTHONHASHSEED="0", EXPECT_GPU="0")
    if args.source == "gen":
        cmd = [args.python, os.path.join(HERE, "gen_cases.py"), "--dialect", args.dialect,
               "--reference", args.reference, "--tasks", args.tasks, "--out", args.cases,
               "--per-function", str(args.per_function), "--seed", str(args.seed),
               "--jobs", str(args.jobs)]
    elif args.source == "odd-grids":
        cmd = [args.python, os.path.join(HERE, "odd_grid_cases.py"), "--reference",
               args.reference, "--out", args.cases, "--seed", str(args.seed)]
    else:
        cmd = [args.python, os.path.join(HERE, "record_arcdsl_tests.py"), "--reference",
               args.reference, "--out", args.cases]
    print("+ " + " ".join(cmd), flush=True)
    return subprocess.call(cmd, env=env)


def main():
    argv = sys.argv[1:]
    extra = []
    if "--" in argv:
        cut = argv.index("--")
        argv, extra = argv[:cut], argv[cut + 1:]
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runner", required=True)
    p.add_argument("--cases", required=True)
    p.add_argument("--source", choices=("gen", "tests", "odd-grids"), default="gen")
    p.add_argument("--dialect", required=True)
    p.add_argument("--reference", required=True)
    p.add_argument("--tasks", default="")
    p.add_argument("--per-function", type=int, default=500)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--python", default=sys.executable)
    args = p.parse_args(argv)
    args.reference = os.path.abspath(args.reference)

    if not os.path.isfile(os.path.join(args.reference, "dsl.py")):
        print(f"skipped: no reference DSL in {args.reference}")
        return SKIP
    if args.source == "gen" and not os.path.isdir(args.tasks):
        print(f"skipped: no ARC tasks in {args.tasks}")
        return SKIP
    if args.dialect == "tokpidjin":
        probe = subprocess.call([args.python, "-c", "import numpy"], stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        if probe != 0:
            print(f"skipped: {args.python} cannot import numpy (tokpidjin's dsl.py needs it)")
            return SKIP

    stamp_path = args.cases + ".stamp"
    stamp = fingerprint(args)
    current = None
    if os.path.exists(stamp_path) and os.path.exists(args.cases):
        with open(stamp_path) as f:
            current = f.read().strip()
    if current != stamp:
        os.makedirs(os.path.dirname(os.path.abspath(args.cases)), exist_ok=True)
        started = time.perf_counter()
        rc = generate(args)
        if rc != 0:
            print(f"case generation failed (exit status {rc})")
            return 2
        with open(stamp_path, "w") as f:
            f.write(stamp + "\n")
        print(f"generated {args.cases} in {time.perf_counter() - started:.1f} s", flush=True)
    else:
        print(f"reusing {args.cases} (generator and reference unchanged)", flush=True)

    cmd = [args.runner, "--dialect", args.dialect, args.cases] + extra
    print("+ " + " ".join(cmd), flush=True)
    return subprocess.call(cmd)


if __name__ == "__main__":
    sys.exit(main())
