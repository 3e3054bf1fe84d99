#!/usr/bin/env python3
"""Tests of the differential harness itself (not of the DSL): battgpu-diff must report a
wrong result, a function missing in C++, a stale or listed known difference, a malformed case
file, a wrong dialect, and a names mismatch, each with the documented exit status.

    selftest.py --runner BATTGPU_DIFF --reference DIR --tasks DIR --work DIR

DIR of --reference holds arc-dsl/ and tokpidjin/. The checks do not depend on which DSL
functions are written yet: they tamper with cases that match and compare reports.
"""

import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SKIP = 77
FUNCTIONS = "identity,first,second,difference_tuple,p_g,size,add,combine"


class Check:
    """Collects failed expectations."""

    def __init__(self):
        self.failures = []
        self.count = 0

    def that(self, condition, what):
        self.count += 1
        if not condition:
            self.failures.append(what)
            print(f"FAIL: {what}")


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def report(runner, cases, *extra):
    """battgpu-diff's JSON report (and exit status) for a case file."""
    rc, out, err = run([runner, "--json", "--show", "1000", cases, *extra])
    try:
        return rc, json.loads(out)
    except json.JSONDecodeError:
        print(out, err)
        raise


def write_lines(path, lines):
    with open(path, "w") as f:
        for line in lines:
            f.write(line + "\n")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runner", required=True)
    p.add_argument("--reference", required=True)
    p.add_argument("--tasks", required=True)
    p.add_argument("--work", required=True)
    args = p.parse_args()
    tok_ref = os.path.join(args.reference, "tokpidjin")
    if not os.path.isfile(os.path.join(tok_ref, "dsl.py")) or not os.path.isdir(args.tasks):
        print("skipped: no reference or tasks")
        return SKIP
    if subprocess.call([sys.executable, "-c", "import numpy"], stderr=subprocess.DEVNULL) != 0:
        print("skipped: no numpy")
        return SKIP
    os.makedirs(args.work, exist_ok=True)
    check = Check()

    # A small case file of a few tokpidjin functions.
    cases = os.path.join(args.work, "cases.jsonl")
    env = dict(os.environ, PYTHONHASHSEED="0", EXPECT_GPU="0")
    gen = [sys.executable, os.path.join(HERE, "gen_cases.py"), "--dialect", "tokpidjin",
           "--reference", tok_ref, "--tasks", args.tasks, "--per-function", "40",
           "--functions", FUNCTIONS, "--quiet", "--seed", "3"]
    rc = subprocess.call(gen + ["--out", cases], env=env)
    check.that(rc == 0, "gen_cases.py runs")
    again = os.path.join(args.work, "cases-again.jsonl")
    subprocess.call(gen + ["--out", again, "--jobs", "2"], env=env)
    with open(cases) as a, open(again) as b:
        check.that(a.read() == b.read(), "gen_cases.py is deterministic (and --jobs agrees)")

    with open(cases) as f:
        lines = f.read().splitlines()
    rc0, base = report(args.runner, cases)
    stats = {f["name"]: f for f in base["functions"]}
    check.that(base["cases"] == sum(1 for line in lines if '"fn"' in line),
               "every case is run")
    check.that(set(stats) == set(FUNCTIONS.split(",")), "cases of exactly the chosen functions")
    check.that(rc0 == (0 if base["ok"] else 1), "exit status follows the result")

    # A wrong expected value in a case that matches: reported, fails the run.
    victim = None
    tampered = []
    for line in lines:
        doc = json.loads(line)
        if victim is None and doc.get("fn") in stats and stats[doc["fn"]]["matches"] > 0:
            if doc["fn"] == "identity" and not doc.get("fragile"):
                victim = doc
                doc = dict(doc, expect='{"wrong":true}')
                line = json.dumps(doc, separators=(",", ":"))
        tampered.append(line)
    check.that(victim is not None, "an identity case to tamper with")
    wrong = os.path.join(args.work, "wrong.jsonl")
    write_lines(wrong, tampered)
    rc, rep = report(args.runner, wrong)
    ident = {f["name"]: f for f in rep["functions"]}["identity"]
    check.that(rc == 1, "a wrong result fails the run (exit 1)")
    check.that("identity" in rep["failing"], "the wrong function is named")
    check.that(ident["matches"] == stats["identity"]["matches"] - 1, "one match fewer")
    check.that(any(m["id"] == victim["id"] and m["expected"] == '{"wrong":true}'
                   for m in ident["mismatches"]), "the mismatching case is shown")

    # Frozensets compare in iteration order: the same elements listed in another order differ.
    swapped = None
    reordered = []
    for line in lines:
        doc = json.loads(line)
        if swapped is None and doc.get("fn") == "identity" and not doc.get("fragile"):
            value = json.loads(doc["expect"])
            if isinstance(value, dict) and len(value.get("frozenset", [])) >= 2:
                items = value["frozenset"]
                items[0], items[1] = items[1], items[0]
                swapped = dict(doc, expect=json.dumps(value, separators=(",", ":")))
                line = json.dumps(swapped, separators=(",", ":"))
        reordered.append(line)
    check.that(swapped is not None, "an identity case of a frozenset to reorder")
    order = os.path.join(args.work, "order.jsonl")
    write_lines(order, reordered)
    rc, rep = report(args.runner, order)
    ident = {f["name"]: f for f in rep["functions"]}["identity"]
    check.that(rc == 1 and any(m["id"] == swapped["id"] for m in ident["mismatches"]),
               "a frozenset listed in another order is a mismatch")

    # The same function listed as a known difference: the run passes (if nothing else fails).
    known = os.path.join(args.work, "known.txt")
    others = [n for n in base["failing"]]
    with open(known, "w") as f:
        f.write("# test\n\ntokpidjin identity deliberately wrong expectation\n")
        f.write("arc-dsl identity another dialect's entry is ignored\n")
        for n in others:
            f.write(f"tokpidjin {n} failing before the test\n")
    rc, rep = report(args.runner, wrong, "--known", known)
    check.that(rc == 0 and rep["ok"], "a known difference does not fail the run")
    check.that(any(k["function"] == "identity" and "deliberately" in k["reason"]
                   for k in rep["known"]), "the known difference is listed with its reason")
    rc, text, _ = run([args.runner, wrong, "--known", known])
    check.that("deliberately wrong expectation" in text, "the text report prints the reason")
    rc, text, _ = run([args.runner, cases, "--known", known])
    check.that("now matches: remove the entry" in text or "identity" in base["failing"],
               "a stale known difference is pointed out")

    # A function the C++ module does not have.
    missing = os.path.join(args.work, "missing.jsonl")
    doc = json.loads(lines[-1])
    doc.update(fn="no_such_function", id=999999999)
    write_lines(missing, lines + [json.dumps(doc, separators=(",", ":"))])
    rc, rep = report(args.runner, missing)
    st = {f["name"]: f for f in rep["functions"]}.get("no_such_function", {})
    check.that(rc == 1 and st.get("missing"), "a function missing in C++ fails the run")

    # Names: the header lists a function that C++ lacks (--all-functions).
    head = json.loads(lines[0])
    head["functions"] = head["functions"] + ["no_such_function"]
    head["functions_selected"] = []  # as if every function had been asked for
    names = os.path.join(args.work, "names.jsonl")
    write_lines(names, [json.dumps(head)] + lines[1:])
    rc, rep = report(args.runner, names, "--all-functions", "--known", known)
    check.that(rc == 1 and "no_such_function" in rep["missing_in_cpp"],
               "--all-functions reports a public name missing in C++")
    check.that(len(rep["no_cases"]) > 0, "--all-functions reports functions without cases")

    # Fragile cases: a mismatch is reported but fails only with --strict.
    fragile = os.path.join(args.work, "fragile.jsonl")
    doc = dict(victim, id=888888888, expect='{"wrong":true}', fragile=True)
    write_lines(fragile, lines + [json.dumps(doc, separators=(",", ":"))])
    rc, rep = report(args.runner, fragile, "--known", known)
    ident = {f["name"]: f for f in rep["functions"]}["identity"]
    check.that(ident["fragile"] == 1, "a fragile mismatch is counted apart")
    rc_strict, _ = report(args.runner, fragile, "--strict")
    check.that(rc_strict == 1, "--strict fails on a fragile mismatch")

    # Malformed input, a wrong dialect, usage errors: exit 2.
    bad = os.path.join(args.work, "bad.jsonl")
    write_lines(bad, lines[:3] + ['{"id":1,"fn":"identity","args":[1,]}'])
    check.that(run([args.runner, bad])[0] == 2, "a malformed line is an input error")
    check.that(run([args.runner, "--dialect", "arc-dsl", cases])[0] == 2,
               "a case file of another dialect is an input error")
    check.that(run([args.runner, "--bogus", cases])[0] == 2, "an unknown option is a usage error")
    check.that(run([args.runner, "--help"])[0] == 0, "--help exits 0")

    print(f"selftest: {check.count - len(check.failures)} of {check.count} checks passed")
    return 1 if check.failures else 0


if __name__ == "__main__":
    sys.exit(main())
