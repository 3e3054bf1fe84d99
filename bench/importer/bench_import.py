#!/usr/bin/env python3
"""Times battgpu-import on a module of N solvers made by replicating a corpus under renamed
ids: the per-solver import, the portfolio import (median of repeats), and one compile of
each result. Prints one JSON line.

usage: bench_import.py --tool BATTGPU_IMPORT --corpus SOLVERS.py [--solvers 400]
                       [--repeats 5] [--cxx c++] [--include DIR]... [--work DIR]
                       [--commit SHA] [--no-compile]"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--solvers", type=int, default=400)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--cxx", default="c++")
    ap.add_argument("--cxx-flags", default="-std=c++20 -O2")
    ap.add_argument("--include", action="append", default=[])
    ap.add_argument("--work", default="bench_import_work")
    ap.add_argument("--commit", default="unknown")
    ap.add_argument("--no-compile", action="store_true")
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)

    text = open(a.corpus).read()
    bodies = re.findall(r"^def solve_(\w+)\(I\):\n((?:[ \t]+.*\n|\n)*)", text, flags=re.M)
    if not bodies:
        sys.exit("no solvers in " + a.corpus)
    module = ["from dsl import *", "from constants import *", ""]
    for k in range(a.solvers):
        sid, body = bodies[k % len(bodies)]
        module.append(f"def solve_{sid}_{k // len(bodies)}(I):")
        module.append(body.rstrip("\n"))
        module.append("")
    src = os.path.join(a.work, f"module_{a.solvers}.py")
    with open(src, "w") as f:
        f.write("\n".join(module) + "\n")
    statements = sum(1 for l in "\n".join(module).splitlines() if re.match(r"\s+\w+ = ", l))

    def time_import(extra, out):
        runs = []
        for _ in range(a.repeats):
            t0 = time.perf_counter()
            p = subprocess.run([a.tool, *extra, "--report=json", "-o", out, src],
                               capture_output=True, text=True)
            runs.append(time.perf_counter() - t0)
            if p.returncode != 0:
                sys.exit(f"battgpu-import failed ({p.returncode}): {p.stderr[-2000:]}")
        return statistics.median(runs), json.loads(p.stderr)

    per_cpp = os.path.join(a.work, "module_solvers.cpp")
    port_cpp = os.path.join(a.work, "module_portfolio.cpp")
    t_solvers, rep = time_import([], per_cpp)
    t_portfolio, prep = time_import(["--portfolio"], port_cpp)

    def compile_time(cpp):
        if a.no_compile:
            return None
        cmd = [a.cxx, *a.cxx_flags.split(), *(f"-I{d}" for d in a.include), "-c", cpp, "-o",
               cpp + ".o"]
        t0 = time.perf_counter()
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode != 0:
            sys.exit(f"compile failed: {p.stderr[-2000:]}")
        return round(time.perf_counter() - t0, 2)

    result = {
        "bench": "importer",
        "commit": a.commit,
        "solvers": a.solvers,
        "statements": statements,
        "repeats": a.repeats,
        "import_solvers_s": round(t_solvers, 4),
        "import_portfolio_s": round(t_portfolio, 4),
        "imported": rep["imported"],
        "portfolio_calls": prep["portfolio"]["calls"],
        "portfolio_computed": prep["portfolio"]["computed"],
        "compile_solvers_s": compile_time(per_cpp),
        "compile_portfolio_s": compile_time(port_cpp),
        "compiler": a.cxx + " " + a.cxx_flags,
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
