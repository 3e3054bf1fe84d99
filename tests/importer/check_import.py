#!/usr/bin/env python3
"""Checks battgpu-import: every diagnostic (location, reason, message), the portfolio's
deduplication, the batt sample's translation, file errors and exit codes.
Usage: check_import.py BATTGPU_IMPORT TESTS_DIR WORK_DIR"""
import json
import os
import re
import subprocess
import sys

tool, tests_dir, work = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(work, exist_ok=True)
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message)


def run(*args):
    p = subprocess.run([tool, *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


# 1. Every diagnostic: the expected (line:col reason message) in order, exit status 1, the
#    good solvers still written.
diag_dir = os.path.join(tests_dir, "diagnostics")
for name in sorted(os.listdir(diag_dir)):
    if not name.endswith(".py"):
        continue
    src = os.path.join(diag_dir, name)
    out = os.path.join(work, name + ".cpp")
    rc, _, err = run(src, "--report=json", "-o", out)
    check(rc == 1, f"{name}: exit status {rc}, expected 1")
    check(os.path.exists(out), f"{name}: the output of the other solvers was not written")
    report = json.loads(err)
    got = [(d["line"], d["col"], d["reason"], d["message"]) for d in report["diagnostics"]]
    with open(src[:-3] + ".expected") as f:
        expected = [l.rstrip("\n").split(" ", 2) for l in f if l.strip()]
    check(len(got) == len(expected), f"{name}: {len(got)} diagnostics, expected {len(expected)}")
    for g, (pos, reason, message) in zip(got, expected):
        line, col = map(int, pos.split(":"))
        check((g[0], g[1], g[2]) == (line, col, reason) and g[3].startswith(message),
              f"{name}: got {g}, expected {pos} {reason} {message}")
    by_reason = {}
    for s in report["solvers"]:
        if not s["imported"]:
            by_reason[s["reason"]] = by_reason.get(s["reason"], 0) + 1
    check(by_reason == report["left_out_by_reason"], f"{name}: summary counts disagree")
    # The text form: file:line:col: error: message [statement], and the summary line.
    rc, _, err = run(src, "-o", out)
    lines = err.splitlines()
    diags = [l for l in lines if not l.startswith("battgpu-import: ")]
    check(len(diags) == len(expected) and
          all(re.match(re.escape(src) + r":\d+:\d+: error: .* \[.*\]$", l) for l in diags),
          f"{name}: text diagnostics not in the file:line:col form")
    check(any(l.startswith("battgpu-import: imported ") for l in lines), f"{name}: no summary")

# A batt function with errors is kept in part: the records that do not depend on an error.
out = os.path.join(work, "batt_errors.py.cpp")
rc, _, err = run(os.path.join(diag_dir, "batt_errors.py"), "--report=json", "-o", out)
cpp = open(out).read()
check('"kept", t3' in cpp and '"kept_too", t7' in cpp, "batt errors: the good records were lost")
check('"depends' not in cpp and "t5" not in cpp and "t6" not in cpp, "batt errors: kept a bad one")
fn = json.loads(err)["solvers"][0]
check((fn["imported"], fn["errors"], fn["statements_left_out"], fn["records_left_out"]) ==
      (True, 6, 5, 3), f"batt errors: counts {fn}")

# 2. The portfolio's deduplication: 9 calls, 6 computed; every solver recorded.
dedup = os.path.join(tests_dir, "corpus", "dedup.py")
out = os.path.join(work, "dedup.cpp")
rc, _, err = run("--portfolio", "--report=json", "-o", out, dedup)
check(rc == 0, f"dedup: exit status {rc}")
report = json.loads(err)
check(report["portfolio"] == {"calls": 9, "computed": 6, "shared": 3},
      f"dedup: portfolio counts {report['portfolio']}")
cpp = open(out).read()
check(len(re.findall(r"auto t\d+ = ", cpp)) == 6, "dedup: not 6 computed statements")
for sid in ("a", "b", "c"):
    check(f'"{sid}", ' in cpp, f"dedup: solver {sid} not recorded")
check("hconcat(t5, I)" in cpp, "dedup: the alias O = I was not followed")

# The corpus portfolio against an independent count: one computed statement per distinct
# call text after replacing each variable by the first variable that computed the same text.
corpus = os.path.join(tests_dir, "corpus", "solvers.py")
out = os.path.join(work, "corpus_portfolio.cpp")
rc, _, err = run("--portfolio", "--report=json", "-o", out, corpus)
report = json.loads(err)
seen, calls = {}, 0
for body in re.split(r"^def ", open(corpus).read(), flags=re.M)[1:]:
    canon = {}
    for target, value in re.findall(r"^\s+(\w+) = (.+)$", body, flags=re.M):
        text = re.sub(r"\b\w+\b", lambda m: canon.get(m.group(0), m.group(0)), value)
        if "(" not in text:
            canon[target] = text
            continue
        calls += 1
        canon[target] = seen.setdefault(text, f"v{len(seen)}")
check(report["portfolio"]["calls"] == calls and report["portfolio"]["computed"] == len(seen),
      f"corpus portfolio {report['portfolio']}, independent count {calls} calls {len(seen)} distinct")
check(report["imported"] == 30 and cpp.count("o.emplace_back") >= 3, "corpus portfolio")

# 3. The batt sample: try/except dropped (the C++ DSL is total), records kept.
batt = os.path.join(tests_dir, "batt", "batt_sample.py")
out = os.path.join(work, "batt.cpp")
rc, _, err = run(batt, "-o", out)
cpp = open(out).read()
check(rc == 0, f"batt: exit status {rc}: {err}")
check("try" not in cpp and "_get_safe_default" not in cpp, "batt: try/except left in")
check('o.emplace_back(3, "67a3c6ac", t3);' in cpp, "batt: o.append record")
check('o.emplace_back(11, "25ff71a9", t11);' in cpp, "batt: last record")
check("// s: s.append((5, '67a3c6ac', 'differ_vmirror', t5))" in cpp, "batt: s.append kept")
check('BATTGPU_REGISTER_SOLVER("batt_sample", batt_batt_sample);' in cpp, "batt: registration")

# 4. File errors: exit status 3, a located message, and nothing written (an existing output
#    file keeps its content).
cases = {
    "bad_utf8.py": (b"def solve_x(I):\n    O = vmirror(I)\xff\n    return O\n", "2:19", "UTF-8"),
    "nul.py": (b"def solve_x(I):\n\x00", "2:1", "NUL"),
    "truncated_call.py": (b"def solve_x(I):\n    O = hconcat(I,\n", "2:16", "truncated"),
    "truncated_string.py": (b'def solve_x(I):\n    """doc\n', "2:5", "truncated"),
    "truncated_utf8.py": (b"def solve_x(I):\n    # \xc3", "2:7", "UTF-8"),
}
out = os.path.join(work, "kept.cpp")
for name, (data, pos, word) in cases.items():
    path = os.path.join(work, name)
    with open(path, "wb") as f:
        f.write(data)
    with open(out, "w") as f:
        f.write("previous\n")
    rc, stdout, err = run(path, "-o", out)
    check(rc == 3, f"{name}: exit status {rc}, expected 3")
    check(f"{path}:{pos}: error:" in err and word in err, f"{name}: message {err!r}")
    check(open(out).read() == "previous\n", f"{name}: the output file was changed")
    check(not [f for f in os.listdir(work) if f.startswith(".#")], f"{name}: temporary left")
for missing in (os.path.join(work, "no_such_file.py"), work):
    rc, _, err = run(missing, "-o", out)
    check(rc == 3 and missing in err, f"{missing}: exit status {rc} {err!r}")

# 5. Usage and help.
check(run()[0] == 2, "no arguments: exit status")
check(run("--no-such-option", corpus)[0] == 2, "unknown option: exit status")
check(run("--report=xml", corpus)[0] == 2, "bad --report: exit status")
rc, stdout, _ = run("--help")
check(rc == 0 and "exit status" in stdout and "--portfolio" in stdout, "--help")
rc, _, _ = run(corpus, "-o", os.path.join(work, "no_such_dir", "x.cpp"))
check(rc == 4, f"unwritable output: exit status {rc}")

# 6. No input crashes the tool: the corpus and the batt sample cut at many offsets and with
#    bytes replaced give exit status 0, 1 or 3, never a signal.
import random

rng = random.Random(6)
fuzz = os.path.join(work, "fuzz.py")
fuzz_out = os.path.join(work, "fuzz.cpp")
crashes = 0
for base in (corpus, batt):
    data = open(base, "rb").read()
    variants = [data[:n] for n in range(0, len(data), max(1, len(data) // 150))]
    for _ in range(250):
        b = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            b[rng.randrange(len(b))] = rng.choice(b"()[]:,=.'\"#\n\t xI0\xff\xc3\x00")
        variants.append(bytes(b))
    for v in variants:
        with open(fuzz, "wb") as f:
            f.write(v)
        p = subprocess.run([tool, "--portfolio", fuzz, "-o", fuzz_out], capture_output=True)
        if p.returncode not in (0, 1, 3):
            crashes += 1
            if crashes <= 3:
                check(False, f"fuzz: exit status {p.returncode} on {v[:200]!r}")
check(crashes == 0, f"fuzz: {crashes} inputs crashed the tool")

# Deep nesting is reported, not a stack overflow.
deep = os.path.join(work, "deep.py")
with open(deep, "w") as f:
    f.write("def solve_deep(I):\n    x1 = " + "vmirror(" * 50000 + "I" + ")" * 50000 +
            "\n    return x1\n")
    f.write("def solve_nested(I):\n" + "".join(" " * 4 * (k + 1) + "if I:\n" for k in range(3000)))
rc, _, err = run(deep, "-o", fuzz_out)
check(rc == 1 and "expression nested too deeply" in err, f"deep nesting: exit status {rc}")

print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
