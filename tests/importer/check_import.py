#!/usr/bin/env python3
"""Checks battgpu-import itself: every diagnostic of diagnostics/*.py (location, severity,
message, exit status, nothing written on errors), the golden outputs of golden/*.py, that no
statement of a module is left out of its C++, the JSON report, file errors, atomic output,
usage and exit codes, cut and byte-mutated inputs (never a crash) and deep nesting.

Usage: check_import.py BATTGPU_IMPORT TESTS_DIR WORK_DIR [--update-golden]"""
import json
import os
import random
import re
import subprocess
import sys

tool, tests_dir, work = sys.argv[1:4]
update_golden = '--update-golden' in sys.argv
os.makedirs(work, exist_ok=True)
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print('FAIL:', message)


def run(*args):
    p = subprocess.run([tool, *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def statement_lines(path):
    """The line numbers of the statements of a module's function bodies (what the C++ must
    keep): assignments, appends, bare calls, returns; not docstrings, which do nothing."""
    lines = []
    in_def = False
    for k, line in enumerate(open(path, encoding='utf-8'), 1):
        text = line.strip()
        if line.startswith('def '):
            in_def = True
            continue
        if not line.startswith((' ', '\t')):
            in_def = False
            continue
        if not in_def or not text or text.startswith('#'):
            continue
        if re.match(r'(try|except|else|finally)\b.*:$', text) or text == 'pass' or \
                text.startswith(('"', "'")):
            continue
        lines.append(k)
    return lines


# 1. Diagnostics: the expected (line:col severity message) in order; errors give exit status 1
#    and leave the output alone, warnings none of that.
diag_dir = os.path.join(tests_dir, 'diagnostics')
for name in sorted(os.listdir(diag_dir)):
    if not name.endswith('.py'):
        continue
    src = os.path.join(diag_dir, name)
    out = os.path.join(work, name + '.cpp')
    with open(out, 'w') as f:
        f.write('previous\n')
    with open(src[:-3] + '.expected') as f:
        expected = [l.rstrip('\n').split(' ', 2) for l in f if l.strip()]
    errors = any(e[1] == 'error' for e in expected)
    rc, _, err = run(src, '--report=json', '-o', out)
    check(rc == (1 if errors else 0), f'{name}: exit status {rc}')
    written = open(out).read() != 'previous\n'
    check(written != errors, f'{name}: output {"written" if written else "not written"}')
    report = json.loads(err)
    check(report['written'] == (not errors), f'{name}: report says written={report["written"]}')
    got = [(d['line'], d['col'], d['severity'], d['message']) for d in report['diagnostics']]
    check(len(got) == len(expected), f'{name}: {len(got)} diagnostics, expected {len(expected)}: '
          f'{got}')
    for g, (pos, severity, message) in zip(got, expected):
        line, col = map(int, pos.split(':'))
        check((g[0], g[1], g[2]) == (line, col, severity) and g[3].startswith(message),
              f'{name}: got {g}, expected {pos} {severity} {message}')
    # The text form: FILE:LINE:COL: error|warning: MESSAGE [STATEMENT], then the summary.
    rc, _, err = run(src, '-o', out)
    lines = err.splitlines()
    diags = [l for l in lines if not l.startswith('battgpu-import: ')]
    check(len(diags) == len(expected) and
          all(re.match(re.escape(src) + r':\d+:\d+: (error|warning): ', l) for l in diags),
          f'{name}: text diagnostics not in the FILE:LINE:COL form: {diags}')
    summary = [l for l in lines if l.startswith('battgpu-import: ')]
    check(len(summary) == 1 and ('cannot be imported' in summary[0]) == errors,
          f'{name}: summary {summary}')
    check(len(run(src, '-q', '-o', out)[2].splitlines()) ==
          1 + sum(e[1] == 'error' for e in expected), f'{name}: -q printed warnings')

# 2. The golden outputs: the exact C++ of small modules.
golden_dir = os.path.join(tests_dir, 'golden')
for name in sorted(os.listdir(golden_dir)):
    if not name.endswith('.py'):
        continue
    src = os.path.join(golden_dir, name)
    expected_cpp = src[:-3] + '.cpp'
    rc, cpp, err = run(src, '-q', '--source', name)
    check(rc == 0, f'golden {name}: exit status {rc}: {err}')
    if update_golden:
        with open(expected_cpp, 'w') as f:
            f.write(cpp)
    want = open(expected_cpp).read()
    if cpp != want:
        a, b = want.splitlines(), cpp.splitlines()
        k = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        check(False, f'golden {name}: differs from {os.path.basename(expected_cpp)} at line '
              f'{k + 1}:\n  expected: {a[k] if k < len(a) else "<end>"}\n  got:      '
              f'{b[k] if k < len(b) else "<end>"}\n  (rerun with --update-golden after checking)')

# 3. No statement left out: every statement line of these modules is in their C++, under its
#    line number, and the report counts them.
modules = [os.path.join(tests_dir, 'batt', 'batt_sample.py'),
           os.path.join(tests_dir, 'corpus', 'solvers.py'),
           os.path.join(diag_dir, 'batt_ill_typed.py'),
           os.path.join(golden_dir, 'try_forms.py')]
for path in modules:
    out = os.path.join(work, os.path.basename(path) + '.cpp')
    rc, _, err = run(path, '--report=json', '-o', out)
    check(rc == 0, f'{path}: exit status {rc}')
    cpp = open(out).read()
    kept = set(int(m) for m in re.findall(r'^\s*// (\d+): `', cpp, flags=re.M))
    missing = [l for l in statement_lines(path) if l not in kept]
    check(not missing, f'{os.path.basename(path)}: statements left out at lines {missing}')
    report = json.loads(err)
    check(report['records'] == open(path).read().count('.append('),
          f'{os.path.basename(path)}: records {report["records"]}')

# 4. The report and the options.
src = os.path.join(tests_dir, 'batt', 'batt_sample.py')
rc, cpp, err = run(src, '--name', 'my-program', '--namespace', 'my_ns', '--source', 'x/y.py')
check(rc == 0 and 'BATTGPU_REGISTER_PROGRAM("my-program"' in cpp and
      'namespace battgpu::imported::my_ns {' in cpp and '"x/y.py"' in cpp, '--name/--namespace')
check('battgpu-import: ' in err and 'every one kept' in err, f'text report: {err}')
rc, cpp2, _ = run(src, '--nodes-per-function', '1')
check(rc == 0 and cpp2.count('(compiled::Frame& f) {') > cpp.count('(compiled::Frame& f) {'),
      '--nodes-per-function cuts functions')
report_file = os.path.join(work, 'report.json')
rc, _, err = run(src, '--report=json', '--report-file', report_file, '-o',
                 os.path.join(work, 'r.cpp'))
report = json.loads(open(report_file).read())
check(rc == 0 and err == '' and report['form'] == 'batt' and report['dialect'] == 'tokpidjin' and
      report['functions'] == 1 and report['cpp_functions'] >= 1, f'json report {report}')
rc, out, _ = run('--list-names', 'arc-dsl')
check(rc == 0 and 'objects function' in out.splitlines() and 'ORIGIN constant' in
      out.splitlines(), '--list-names')

# 5. Files that cannot be read or parsed: exit status 3 (missing, a directory) or 1 (not UTF-8,
#    NUL, truncated), a located message, and nothing written (an existing output keeps its
#    content, no temporary is left).
cases = {
    'bad_utf8.py': (b'def solve_x(I):\n    O = vmirror(I)\xff\n    return O\n', '2:19', 'UTF-8'),
    'nul.py': (b'def solve_x(I):\n\x00', '2:1', 'NUL'),
    'truncated_call.py': (b'def solve_x(I):\n    O = hconcat(I,\n', '2:16', 'truncated'),
    'truncated_string.py': (b'def solve_x(I):\n    """doc\n', '2:5', 'truncated'),
    'truncated_utf8.py': (b'def solve_x(I):\n    # \xc3', '2:7', 'UTF-8'),
    'no_function.py': (b'from dsl import *\n', '1:1', 'not a solver or batt module'),
    # Indentation CPython's tokenizer rejects: a meaning that depends on the tab size, and a
    # dedent to no enclosing level.
    'tab_error.py': (b'def solve_x(I):\n\tO = I\n        return O\n', '3:9', 'TabError'),
    'unindent.py': (b'def solve_x(I):\n    O = I\n  return O\n', '3:3', 'IndentationError'),
    # Blocks and clauses CPython's parser rejects: a header without its indented block, a tuple
    # of exception types without a comma, clauses out of order.
    'empty_def.py': (b'def solve_x(I):\ndef solve_y(I):\n    return I\n', '1:1',
                     'IndentationError: expected an indented block after function definition'),
    'empty_try.py': (b'def batt(task_id, S, I, C, log_path):\n    try:\n    except (TypeError):\n'
                     b'        t1 = 1\n    return [], []\n', '2:5',
                     "expected an indented block after 'try' statement on line 2"),
    'empty_except.py': (b'def batt(task_id, S, I, C, log_path):\n    try:\n        t1 = 1\n'
                        b'    except (TypeError, ValueError):\n    return [], []\n', '4:5',
                        "expected an indented block after 'except' statement on line 4"),
    'no_comma.py': (b'def batt(task_id, S, I, C, log_path):\n    try:\n        t1 = 1\n'
                    b'    except (TypeError ValueError):\n        t1 = 2\n    return [], []\n',
                    '4:5', 'malformed except clause'),
    'else_first.py': (b'def batt(task_id, S, I, C, log_path):\n    try:\n        t1 = 1\n'
                      b'    else:\n        t1 = 2\n    except TypeError:\n        t1 = 3\n'
                      b'    return [], []\n', '4:5', "'else' of a try"),
    'bare_not_last.py': (b'def batt(task_id, S, I, C, log_path):\n    try:\n        t1 = 1\n'
                         b'    except:\n        t1 = 2\n    except TypeError:\n        t1 = 3\n'
                         b'    return [], []\n', '6:5', "default 'except:' must be last"),
    # Imports CPython's parser rejects: a trailing comma without parentheses, names without a
    # comma between them, `as` without a name, a module list ending in a comma.
    'import_trailing_comma.py': (b'from dsl import vmirror,\ndef solve_x(I):\n    return I\n',
                                 '1:1', 'malformed import'),
    'import_no_comma.py': (b'from dsl import vmirror hmirror\ndef solve_x(I):\n    return I\n',
                           '1:1', 'malformed import'),
    'import_as_nothing.py': (b'from dsl import vmirror as\ndef solve_x(I):\n    return I\n',
                             '1:1', 'malformed import'),
    'import_modules_comma.py': (b'import os, \ndef solve_x(I):\n    return I\n', '1:1',
                                'malformed import'),
}
syntax_errors = {'tab_error.py': 'TabError', 'unindent.py': 'IndentationError',
                 'empty_def.py': 'IndentationError', 'empty_try.py': 'IndentationError',
                 'empty_except.py': 'IndentationError', 'no_comma.py': 'SyntaxError',
                 'else_first.py': 'SyntaxError', 'bare_not_last.py': 'SyntaxError',
                 'import_trailing_comma.py': 'SyntaxError', 'import_no_comma.py': 'SyntaxError',
                 'import_as_nothing.py': 'SyntaxError', 'import_modules_comma.py': 'SyntaxError'}
for name, expected in syntax_errors.items():
    try:
        compile(cases[name][0], name, 'exec')
        check(False, f'{name}: CPython compiles it')
    except SyntaxError as e:  # TabError and IndentationError are SyntaxErrors
        check(type(e).__name__ == expected, f'{name}: CPython raises {type(e).__name__}')
out = os.path.join(work, 'kept.cpp')
for name, (data, pos, word) in cases.items():
    path = os.path.join(work, name)
    with open(path, 'wb') as f:
        f.write(data)
    with open(out, 'w') as f:
        f.write('previous\n')
    rc, stdout, err = run(path, '-o', out)
    check(rc == 1, f'{name}: exit status {rc}, expected 1')
    check(f'{path}:{pos}: error:' in err and word in err, f'{name}: message {err!r}')
    check(open(out).read() == 'previous\n', f'{name}: the output file was changed')
    check(not [f for f in os.listdir(work) if f.startswith('.#')], f'{name}: temporary left')
    rc, stdout, err = run(path)
    check(rc == 1 and stdout == '', f'{name}: something written to standard output')
# Indentation by tabs alone, and by tabs and spaces that mean the same at any tab size, is
# Python (CPython compiles both): it imports.
for name, data in (('tabs.py', b'def solve_x(I):\n\tO = vmirror(I)\n\treturn O\n'),
                   ('tabs_spaces.py', b'def solve_x(I):\n\t O = vmirror(I)\n\t return O\n')):
    compile(data, name, 'exec')
    path = os.path.join(work, name)
    with open(path, 'wb') as f:
        f.write(data)
    rc, _, err = run(path, '-o', os.path.join(work, 'tabs.cpp'))
    check(rc == 0, f'{name}: exit status {rc} {err!r}')
# Imports that rename (`from M import A as B`, parenthesised, several modules on a line) are
# Python: the module imports, and each renamed name stands for the DSL name it imports.
renamed = (b'from dsl import *\nfrom dsl import vmirror as mirror, hconcat\n'
           b'from constants import (ZERO as nothing,)\nimport os, sys as system\n\n'
           b'def solve_x(I):\n    x1 = mirror(I)\n    O = hconcat(x1, replace(I, nothing, 5))\n'
           b'    return O\n')
compile(renamed, 'renamed.py', 'exec')
path = os.path.join(work, 'renamed.py')
with open(path, 'wb') as f:
    f.write(renamed)
rc, _, err = run(path, '-o', os.path.join(work, 'renamed.cpp'))
cpp = open(os.path.join(work, 'renamed.cpp')).read() if rc == 0 else ''
check(rc == 0 and 'unknown name' not in err, f'renamed.py: exit status {rc} {err!r}')
check('arc::vmirror(I)' in cpp and 'arc::replace(I, integer(0), integer(5))' in cpp,
      'renamed.py: the renamed names are the DSL names they import')
for missing in (os.path.join(work, 'no_such_file.py'), work):
    rc, _, err = run(missing, '-o', out)
    check(rc == 3 and missing in err, f'{missing}: exit status {rc} {err!r}')

# 6. Usage and help.
corpus = os.path.join(tests_dir, 'corpus', 'solvers.py')
check(run()[0] == 2, 'no arguments: exit status')
check(run('--no-such-option', corpus)[0] == 2, 'unknown option: exit status')
check(run('--report=xml', corpus)[0] == 2, 'bad --report: exit status')
check(run(corpus, corpus)[0] == 2, 'two inputs: exit status')
check(run('--dialect', 'python', corpus)[0] == 2, 'bad --dialect: exit status')
check(run('--namespace', '1x', corpus)[0] == 2, 'bad --namespace: exit status')
check(run('--nodes-per-function', '0', corpus)[0] == 2, 'bad --nodes-per-function')
check(run('--list-names', 'x')[0] == 2, 'bad --list-names')
check(run(corpus, '-o')[0] == 2, '-o without a value')
rc, stdout, _ = run('--help')
check(rc == 0 and 'exit status' in stdout and '--name NAME' in stdout and 'FILE:LINE:COL' in
      stdout, '--help')
rc, _, _ = run(corpus, '-o', os.path.join(work, 'no_such_dir', 'x.cpp'))
check(rc == 4, f'unwritable output: exit status {rc}')
rc, _, _ = run(corpus, '-o', os.path.join(work, 'r.cpp'), '--report-file',
               os.path.join(work, 'no_such_dir', 'r.json'))
check(rc == 4, f'unwritable report: exit status {rc}')

# 7. No input crashes the tool: the corpus and the batt sample cut at many offsets and with
#    bytes replaced give exit status 0 or 1, never a signal.
rng = random.Random(6)
fuzz = os.path.join(work, 'fuzz.py')
fuzz_out = os.path.join(work, 'fuzz.cpp')
crashes = 0
batt = os.path.join(tests_dir, 'batt', 'batt_sample.py')
for base in (corpus, batt):
    data = open(base, 'rb').read()
    variants = [data[:n] for n in range(0, len(data), max(1, len(data) // 150))]
    for _ in range(250):
        b = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            b[rng.randrange(len(b))] = rng.choice(b"()[]:,=.'\"#\n\t xI0\xff\xc3\x00")
        variants.append(bytes(b))
    for v in variants:
        with open(fuzz, 'wb') as f:
            f.write(v)
        p = subprocess.run([tool, fuzz, '-o', fuzz_out], capture_output=True)
        if p.returncode not in (0, 1):
            crashes += 1
            if crashes <= 3:
                check(False, f'fuzz: exit status {p.returncode} on {v[:200]!r}')
check(crashes == 0, f'fuzz: {crashes} inputs crashed the tool')

# 8. Deep nesting: too deep is reported, not a stack overflow; the deepest the front end takes
#    imports.
deep = os.path.join(work, 'deep.py')
with open(deep, 'w') as f:
    f.write('def solve_deep(I):\n    x1 = ' + 'vmirror(' * 50000 + 'I' + ')' * 50000 +
            '\n    return x1\n')
rc, _, err = run(deep, '-o', fuzz_out)
check(rc == 1 and 'nested too deeply' in err, f'deep nesting: exit status {rc}')
depth = 60
with open(deep, 'w') as f:
    f.write('def batt(task_id, S, I, C, log_path):\n    o = []\n    s = []\n' +
            ''.join('    ' * (k + 1) + 'try:\n' for k in range(depth)) +
            '    ' * (depth + 1) + 't1 = size((((I, (I,)),),))\n' +
            ''.join('    ' * (depth - k) + 'except TypeError:\n' + '    ' * (depth - k + 1) +
                    'pass\n' for k in range(depth)) + '    return o, s\n')
rc, _, err = run(deep, '-o', fuzz_out)
check(rc == 0, f'{depth} nested tries: exit status {rc}: {err[-500:]}')

print(f'{len(failures)} failures')
sys.exit(1 if failures else 0)
