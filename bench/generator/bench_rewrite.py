#!/usr/bin/env python3
"""Times battgpu-rewrite against `clang -fsyntax-only` on a synthetic batt file.

The file is made by tools/synth_batt (deterministic): all solvers in one function, about
20 000 statements, with the three rewrite patterns many times. Both commands parse it with
the same flags; their runs are interleaved so that they see the same machine load. Prints
one JSON object per measurement (SPEC section 6): name, size, runs, median and spread of the
wall time in seconds, device, commit; then the ratio of the medians.

usage: bench_rewrite.py --rewrite build/generator/battgpu-rewrite [--clang clang++-19]
                        [--runs 7] [--solvers 625] [--seed 0] [--work DIR]
"""
import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def commit():
    try:
        out = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                             capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True).stdout.strip()
        return out + ("-dirty" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return os.environ.get("BATTGPU_COMMIT", "unknown")


def device():
    return "cpu: %s, %d cores, %s" % (platform.machine(), os.cpu_count() or 0, platform.system())


def timed(cmd, expect):
    start = time.perf_counter()
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if done.returncode not in expect:
        sys.stderr.write(done.stderr.decode(errors="replace"))
        sys.exit("bench_rewrite: %s exited with %d" % (cmd[0], done.returncode))
    return elapsed


def summary(name, size, times, extra):
    med = statistics.median(times)
    record = {
        "name": name,
        "size": size,
        "unit": "s",
        "runs": len(times),
        "median": round(med, 4),
        "min": round(min(times), 4),
        "max": round(max(times), 4),
        "spread": round((max(times) - min(times)) / med, 4) if med else 0.0,
        "device": device(),
        "commit": commit(),
    }
    record.update(extra)
    print(json.dumps(record), flush=True)
    return med


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rewrite", required=True, help="the battgpu-rewrite binary")
    ap.add_argument("--clang", default=shutil.which("clang++-19") or "clang++")
    ap.add_argument("--include", default=os.path.join(ROOT, "runtime", "include"))
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--solvers", type=int, default=625, help="625 solvers: ~20 000 statements")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--two-pass", action="store_true",
                    help="also time --speculate=false (parse the input, re-parse the output)")
    ap.add_argument("--work", help="keep the files here (default: a temporary folder)")
    args = ap.parse_args()

    work = args.work or tempfile.mkdtemp(prefix="battgpu-bench-")
    os.makedirs(work, exist_ok=True)
    source = os.path.join(work, "batt_%d.cpp" % args.solvers)
    subprocess.run([sys.executable, os.path.join(ROOT, "tools", "synth_batt", "synth_batt.py"),
                    "--solvers", str(args.solvers), "--seed", str(args.seed), "--one-function",
                    "--output", source], check=True)
    with open(source) as f:
        text = f.read()
    statements = sum(1 for line in text.splitlines()
                     if line.startswith("  auto t") or line.startswith("  o.emplace_back("))
    output = os.path.join(work, "batt_%d.rewritten.cpp" % args.solvers)

    flags = ["-std=c++20", "-w", "-I" + args.include]
    syntax = [args.clang, "-fsyntax-only"] + flags + [source]
    rewrite = [args.rewrite, source, "-o", output, "--quiet", "--"] + flags
    two_pass = [args.rewrite, source, "-o", output + ".two-pass.cpp", "--quiet",
                "--speculate=false", "--"] + flags
    commands = [("generator/clang-syntax-only", syntax, {0})]
    commands.append(("generator/battgpu-rewrite", rewrite, {0}))
    if args.two_pass:
        commands.append(("generator/battgpu-rewrite-two-pass", two_pass, {0}))

    for _, cmd, expect in commands:  # warm the caches
        timed(cmd, expect)
    times = {name: [] for name, _, _ in commands}
    for _ in range(args.runs):
        for name, cmd, expect in commands:
            times[name].append(timed(cmd, expect))

    report = subprocess.run(rewrite[:4] + ["--dry-run", "--report=json", "--quiet", "--"] + flags,
                            capture_output=True, text=True)
    counts = json.loads(report.stdout)["files"][0] if report.stdout else {}
    extra = {"statements": statements, "bytes": len(text.encode())}
    medians = {}
    for name, _, _ in commands:
        more = dict(extra)
        if name == "generator/battgpu-rewrite" and counts:
            more["parses"] = counts.get("parses")
            more["speculative"] = counts.get("speculative")
            more["rewrites"] = {p: c["rewrites"] for p, c in counts["patterns"].items()}
        medians[name] = summary(name, statements, times[name], more)
    ratio = medians["generator/battgpu-rewrite"] / medians["generator/clang-syntax-only"]
    print(json.dumps({"name": "generator/rewrite-over-syntax-only", "size": statements,
                      "ratio": round(ratio, 3), "target": 1.5, "ok": ratio <= 1.5,
                      "device": device(), "commit": commit()}), flush=True)
    if not args.work:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
