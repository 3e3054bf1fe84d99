#!/usr/bin/env python3
"""`battgpu programs` and `battgpu run --program NAME`: the listing, usage errors, the report of
a compiled program and its records against the interpreter's for the same module, and the time
limit of a compiled call.

Usage: check_driver.py BATTGPU TASK_DIR WORK_DIR
Exit status: 0 all checks passed, 1 otherwise."""
import json
import os
import subprocess
import sys

exe, tasks, work = sys.argv[1:4]
os.makedirs(work, exist_ok=True)
failures = []


def check(ok, message):
    if not ok:
        failures.append(message)
        print('FAIL:', message)


def run(*args):
    p = subprocess.run([exe, *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


here = os.path.dirname(os.path.abspath(__file__))
some = [os.path.join(tasks, t + '.json') for t in ('007bbfb7', '00d62c1b', '017c7c7b')]

rc, out, err = run('programs')
check(rc == 0, f'programs: exit status {rc}')
lines = out.splitlines()
check(any(l.startswith('synth_batt_small  tokpidjin batt, 1 function, from synth_batt_small.py')
          for l in lines), f'programs: {lines}')
check(any(l.startswith('solvers_small  arc-dsl solvers, ') for l in lines), 'programs: solvers')
check(lines == sorted(lines), 'programs: not sorted by name')
check(run('programs', 'x')[0] == 2, 'programs with an argument')
check(run('programs', '--help')[0] == 0, 'programs --help')
rc, out, _ = run('--help')
check('battgpu programs' in out and '--program NAME' in out, 'battgpu --help')
rc, out, _ = run('run', '--program', 'synth_batt_small', '--help')
check(rc == 0 and '--program NAME' in out, 'run --program --help')

rc, _, err = run('run', '--program', 'no_such_program', *some)
check(rc == 2 and "no compiled program 'no_such_program'" in err, f'unknown program: {rc} {err}')
rc, _, err = run('run', '--program', 'synth_batt_small', '--trace', '007bbfb7:test:0', *some)
check(rc == 2 and '--trace needs the interpreter' in err, f'--trace: {rc} {err}')
rc, _, err = run('run', '--program', 'synth_batt_small', '--dialect', 'arc-dsl', *some)
check(rc == 2 and 'compiled for the tokpidjin dialect' in err, f'--dialect: {rc} {err}')
rc, _, err = run('run', '--program', 'synth_batt_small', os.path.join(here, 'cases',
                                                                        'records.py'), *some)
check(rc == 2 and 'not both' in err, f'program and FILE.py: {rc} {err}')
rc, _, err = run('run', '--program')
check(rc == 2, f'--program without a name: {rc}')

# A run's report and records: the same as the interpreter's for the module.
records_c = os.path.join(work, 'compiled.jsonl')
records_i = os.path.join(work, 'interpreted.jsonl')
rc, out, err = run('run', '--program', 'records', '--json', '--score', '--records', records_c,
                   *some)
check(rc == 0, f'run --program: exit status {rc}: {err}')
report = json.loads(out)
expected_program = {'compiled': 'records', 'source': 'records.py', 'dialect': 'tokpidjin',
                    'form': 'batt', 'functions': 1}
check({k: report['program'].get(k) for k in expected_program} == expected_program,
      f"report: {report['program']}")
check(report['summary']['calls'] > 0 and report['settings']['score'], 'report: summary')
rc, out_i, err = run('run', os.path.join(here, 'cases', 'records.py'), '--json', '--score',
                     '--records', records_i, *some)
report_i = json.loads(out_i)
for key in ('statements', 'records'):
    check(report['program'].get(key) == report_i['program'].get(key),
          f"program {key}: {report['program'].get(key)} against {report_i['program'].get(key)}")
for key in ('calls', 'raised', 'o_records', 's_records', 'raised_types', 'solved_tasks'):
    check(report['summary'][key] == report_i['summary'][key],
          f"summary {key}: {report['summary'][key]} against {report_i['summary'][key]}")
check(open(records_c).read() == open(records_i).read(), 'records differ from the interpreter')
rc, out, _ = run('run', '--program', 'records', '--no-progress', *some)
check(rc == 0 and 'compiled program records (records.py): tokpidjin batt module, 1 function'
      in out, f'text report: {out}')
rc, out, _ = run('run', '--program', 'solvers_small', '--profile', '--no-progress', *some)
check(rc == 0 and 'compiled solve_007bbfb7' in out, f'profile: {out}')

# The time limit: a call past it stops at its next DSL call with status timeout.
slow = os.path.join(work, 'slow.jsonl')
rc, out, err = run('run', '--program', 'slow', '--time-limit', '0.01', '--records', slow,
                   '--jobs', '1', some[0])
check(rc == 0, f'time limit: exit status {rc}: {err}')
statuses = [json.loads(l)['status'] for l in open(slow)]
check(statuses and all(s == 'timeout' for s in statuses), f'time limit: {statuses}')

print(f'{len(failures)} failures')
sys.exit(1 if failures else 0)
