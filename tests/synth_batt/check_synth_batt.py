#!/usr/bin/env python3
"""Checks tools/synth_batt/synth_batt.py: determinism, pattern frequencies on 500 solvers,
the one-function form, and the documented exit statuses.
Usage: check_synth_batt.py GENERATOR WORK_DIR. Exit status 0 when every check passes."""

import ast
import os
import re
import subprocess
import sys

GENERATOR, WORK = sys.argv[1], sys.argv[2]
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
    print(("ok   " if condition else "FAIL ") + message)


def run(*args):
    return subprocess.run([sys.executable, GENERATOR, *args], capture_output=True, text=True)


def generate(name, *args):
    path = os.path.join(WORK, name)
    r = run(*args, "--output", path)
    check(r.returncode == 0, f"{name}: exit status 0 ({r.stderr.strip()})")
    with open(path, "rb") as f:
        return f.read().decode()


def functions(text):
    """{function name: [body lines]} of every solver function."""
    result, current = {}, None
    for line in text.splitlines():
        m = re.match(r"void (\w+)\(", line)
        if m:
            current = result.setdefault(m.group(1), [])
        elif line == "}":
            current = None
        elif current is not None and not line.strip().startswith("//"):
            current.append(line.strip())
    return result


def within(value, target, tolerance, what):
    check(abs(value - target) <= tolerance,
          f"{what}: {value:.3f} per solver, target {target} +- {tolerance}")


os.makedirs(WORK, exist_ok=True)

# Determinism: the same options give the same bytes; another seed gives another file.
a = generate("a.cpp", "--solvers", "40", "--seed", "3")
b = generate("b.cpp", "--solvers", "40", "--seed", "3")
c = generate("c.cpp", "--solvers", "40", "--seed", "4")
check(a == b, "same seed and options give a byte-identical file")
check(a != c, "another seed gives another file")
small = functions(generate("small.cpp", "--solvers", "10", "--seed", "3"))
big = functions(a)
check(all(big[name] == body for name, body in small.items()) and len(small) == 10,
      "solver k is the same whatever --solvers says")
one_a = generate("one_a.cpp", "--solvers", "20", "--seed", "3", "--one-function")
one_b = generate("one_b.cpp", "--solvers", "20", "--seed", "3", "--one-function")
check(one_a == one_b, "the one-function form is deterministic too")
check(not [f for f in os.listdir(WORK) if f.startswith(".synth_batt.")],
      "no temporary files are left behind")

# Pattern frequencies over 500 solvers.
text = generate("freq.cpp", "--solvers", "500", "--seed", "1")
bodies = functions(text)
n = len(bodies)
check(n == 500 and text.count("BATTGPU_REGISTER_SOLVER(") == 500, "500 solvers registered")
statements = scoring = sample_groups = og = og_r5 = og_derived = same_grid = mapply_obj = 0
untyped = []
for name, body in bodies.items():
    defined = set()
    og_grids = []
    for line in body:
        statements += 1
        m = re.fullmatch(r"auto (t\d+) = (\w+)\((.*)\);", line)
        s = re.fullmatch(r'o\.emplace_back\((\d+), "([\w-]+)", (t\d+)\);', line)
        if s:
            scoring += 1
            if s.group(3) not in defined or s.group(1) != s.group(3)[1:]:
                untyped.append(f"{name}: {line}")
            continue
        if not m:
            untyped.append(f"{name}: {line}")
            continue
        for arg in re.findall(r"\bt\d+\b", m.group(3)):
            if arg not in defined:
                untyped.append(f"{name}: {line} uses {arg} before its definition")
        if m.group(1) in defined:
            untyped.append(f"{name}: {m.group(1)} defined twice")
        defined.add(m.group(1))
        call, args = m.group(2), m.group(3)
        if call == "apply" and args == "first, S":
            sample_groups += 1
        if call == "o_g":
            grid, mode = args.split(", ")
            og += 1
            og_r5 += mode == "R5"
            og_derived += grid not in ("I", "C")
            same_grid += grid in og_grids
            og_grids.append(grid)
        if call == "mapply" and re.match(
                r"(corners|backdrop|delta|outbox|inbox|box|toindices), t\d+$", args):
            mapply_obj += 1
    sample_second = sum(line.endswith("= apply(second, S);") for line in body)
    sample_first = sum(line.endswith("= apply(first, S);") for line in body)
    if sample_second > sample_first:
        untyped.append(f"{name}: apply(second, S) without apply(first, S)")
check(not untyped, "every statement is a definition or a scoring of a defined grid, in order"
      + ("".join("\n     " + u for u in untyped[:5])))
within(statements / n, 32, 2.5, "statements")
within(scoring / n, 19, 1.5, "scoring statements")
within(sample_groups / n, 0.3, 0.03, "sample-batch groups")
within(og / n, 1.1, 0.12, "object extractions (o_g)")
within(mapply_obj / n, 0.13, 0.03, "mapply over object sets")
check(og_r5 > og / 2, f"most o_g calls are in mode R5 ({og_r5} of {og})")
check(og_derived > og / 2, f"most o_g calls are on derived grids ({og_derived} of {og})")
check(same_grid >= n * 0.05,
      f"o_g pairs on one grid (object-batch) occur ({same_grid} in {n} solvers)")

# The statements-per-solver option sets the mean; the patterns stay per solver.
big_text = generate("k100.cpp", "--solvers", "200", "--seed", "2", "--statements-per-solver", "100")
big_bodies = functions(big_text)
within(sum(len(b) for b in big_bodies.values()) / len(big_bodies), 100, 8,
       "statements with --statements-per-solver 100")

# One function holding every solver's statements, registered once.
one = generate("one.cpp", "--solvers", "100", "--seed", "5", "--one-function", "--namespace", "big")
one_bodies = functions(one)
check(list(one_bodies) == ["big_all"] and one.count("BATTGPU_REGISTER_SOLVER(") == 1,
      "--one-function writes one registered function")
check(len(set(re.findall(r"auto (t\d+) =", one))) == len(re.findall(r"auto t\d+ =", one)),
      "--one-function numbers its variables uniquely")
within(len(one_bodies["big_all"]) / 100, 32, 3, "statements per solver in one function")
check("namespace battgpu::big {" in one, "--namespace names the namespace")

# Python batt modules: deterministic, Python, and as card.py writes them, each call once: no
# two statements of the file have the same callee and arguments, and every record reads a
# variable assigned before it.
py_a = generate("a.py", "--language", "python", "--solvers", "200", "--seed", "9")
py_b = generate("b.py", "--language", "python", "--solvers", "200", "--seed", "9")
check(py_a == py_b, "a Python module: same seed and options give a byte-identical file")
module = ast.parse(py_a)
batt = [f for f in module.body if isinstance(f, ast.FunctionDef) and f.name == "batt"]
check(len(batt) == 1, "a Python module defines batt")
calls, repeated, unassigned, assigned, records = set(), [], [], set(), 0
for node in batt[0].body if batt else []:
    if isinstance(node, ast.Try):
        target = node.body[0].targets[0].id
        call = ast.unparse(node.body[0].value)
        if call in calls:
            repeated.append(f"{target} = {call}")
        calls.add(call)
        assigned.add(target)
    elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
        records += 1
        read = node.value.args[0].elts[-1].id
        if read not in assigned:
            unassigned.append(ast.unparse(node))
check(len(calls) > 5000 and records > 1000,
      f"a Python module of {len(calls)} statements and {records} records")
check(not repeated, f"no call is written twice ({len(repeated)} repeated"
      + "".join("\n     " + r for r in repeated[:3]) + ")")
check(not unassigned, "every record reads an assigned variable"
      + "".join("\n     " + u for u in unassigned[:3]))

# Exit statuses: 0 help, 2 usage errors, 1 when the output cannot be written.
check(run("--help").returncode == 0, "--help exits 0")
check(run("--solvers", "0").returncode == 2, "--solvers 0 is a usage error (2)")
check(run("--namespace", "9x").returncode == 2, "a namespace that is no identifier exits 2")
check(run("--no-such-option").returncode == 2, "an unknown option exits 2")
missing = os.path.join(WORK, "no-such-dir", "x.cpp")
check(run("--output", missing).returncode == 1 and not os.path.exists(missing),
      "an unwritable output exits 1 and writes nothing")

print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
