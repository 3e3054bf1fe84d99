#!/usr/bin/env python3
"""Records every DSL call that arc-dsl's own tests.py makes, as differential test cases.

    record_arcdsl_tests.py --reference DIR --out FILE

Run it with /usr/bin/python3 and PYTHONHASHSEED=0. It imports DIR/tests.py, replaces each
public DSL name in that module's namespace by a recorder, runs every test_* function, and
writes each recorded call as a case (the format of gen_cases.py, README.md), its expected
result evaluated again from the decoded arguments. battgpu-diff then shows that each call of
tests.py gives the same result in C++.

Calls whose arguments the case format cannot express (tests.py passes its own lambdas to
compose, rbind, apply, ...) are left out and counted; so are the calls tests.py makes on
closures directly (`rbind(f, 2)(3)`), which are not DSL functions.
"""

import argparse
import importlib
import os
import signal
import sys
import time
import types

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dslcases  # noqa: E402
from dslcases import CaseTimeout, TooLarge, Unencodable, canonical, dumps, raised  # noqa: E402

TIME_LIMIT_S = 5.0


class Recorder:
    """Wraps DSL functions so that each call made through the wrapper is remembered."""

    def __init__(self, reference):
        self.reference = reference
        self.encoder = dslcases.Encoder(reference)
        self.calls = []  # (test name, function name, encoded arguments)
        self.unencodable = {}  # function name -> calls left out
        self.test = ""

    def wrap(self, name, fn):
        def recording(*args):
            try:
                encoded = [self.encoder.encode(a) for a in args]
            except Unencodable:
                encoded = None
                self.unencodable[name] = self.unencodable.get(name, 0) + 1
            if encoded is not None:
                self.calls.append((self.test, name, encoded))
            result = fn(*args)
            if encoded is not None:
                if isinstance(result, types.FunctionType):
                    # A closure made by the DSL: later calls can pass it as this call.
                    self.encoder.register(result, {"call": name, "args": encoded})
            return result

        recording.__name__ = fn.__name__
        return recording


def run_tests(reference, recorder):
    """Runs every test_* function of tests.py with the recorders in place; returns the
    names of the tests that failed in the reference itself."""
    tests = importlib.import_module("tests")
    for f in reference.functions:
        if f.name in vars(tests):
            setattr(tests, f.name, recorder.wrap(f.name, f.value))
    failed = []
    for name, fn in list(vars(tests).items()):
        if not name.startswith("test_") or not isinstance(fn, types.FunctionType):
            continue
        recorder.test = name
        try:
            fn()
        except Exception as exc:  # noqa: BLE001 - reported, not fatal
            failed.append(f"{name}: {type(exc).__name__}")
    return failed


def _on_alarm(signum, frame):
    raise CaseTimeout()


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--reference", required=True, help="directory of arc-dsl's dsl.py, tests.py")
    p.add_argument("--out", required=True)
    args = p.parse_args()
    started = time.perf_counter()

    reference = dslcases.Reference("arc-dsl", args.reference)
    recorder = Recorder(reference)
    failed = run_tests(reference, recorder)

    evaluator = dslcases.Evaluator(reference)
    fragility = dslcases.Fragility(reference)
    signal.signal(signal.SIGPROF, _on_alarm)
    lines = []
    left_out = {"unstable": 0, "timeout": 0, "large": 0}
    per_function = {}
    for n, (test, name, encoded) in enumerate(recorder.calls):
        try:
            signal.setitimer(signal.ITIMER_PROF, TIME_LIMIT_S)
            try:
                decoded = evaluator.evaluate(encoded)
                if dslcases.has_unstable_argument(decoded):
                    left_out["unstable"] += 1
                    continue
                try:
                    result = evaluator.evaluate_case(name, encoded)
                    if dslcases.address_dependent(result):
                        left_out["unstable"] += 1
                        continue
                    expect = canonical(result)
                except (CaseTimeout, MemoryError, TooLarge):
                    raise
                except Exception as exc:  # noqa: BLE001 - the reference's failure is data
                    expect = raised(type(exc).__name__)
            finally:
                signal.setitimer(signal.ITIMER_PROF, 0)
        except CaseTimeout:
            left_out["timeout"] += 1
            continue
        except (MemoryError, TooLarge):
            left_out["large"] += 1
            continue
        per_function[name] = per_function.get(name, 0) + 1
        case = {"id": n, "fn": name, "args": encoded, "expect": expect, "test": test}
        if fragility.case(name, encoded):
            case["fragile"] = True
        lines.append(dumps(case))

    with open(args.out + ".tmp", "w") as out:
        out.write(dumps(dslcases.header(reference, evaluator, "record_arcdsl_tests.py",
                                        tests=os.path.join(reference.directory, "tests.py")))
                  + "\n")
        for line in lines:
            out.write(line + "\n")
    os.replace(args.out + ".tmp", args.out)

    skipped = sum(recorder.unencodable.values())
    by_function = ", ".join(f"{k} {v}" for k, v in sorted(recorder.unencodable.items()))
    print(f"record_arcdsl_tests.py: {len(lines)} calls of {len(per_function)} functions "
          f"recorded from tests.py in {time.perf_counter() - started:.1f} s")
    print(f"  left out: {skipped} with arguments the format cannot express (lambdas, Python "
          f"sets: {by_function}); {left_out['unstable']} with address-hashed set elements or "
          f"results; {left_out['timeout']} over the time limit; {left_out['large']} too large")
    never = [f.name for f in reference.functions if f.name not in per_function]
    if never:
        print(f"  functions tests.py never calls with encodable arguments: {', '.join(never)}")
    if failed:
        print(f"  tests failing in the reference itself: {', '.join(failed)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
