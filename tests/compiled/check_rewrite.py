#!/usr/bin/env python3
"""battgpu-rewrite on battgpu-import's output: it parses the file, finds its candidates (o_g
and objects calls, apply(first/second, S) and mapply sample patterns, mapply/apply of a
per-object primitive), rewrites none of them (their values are Python values, not the typed
DSL the batched runtime calls take) and reports each with its reason, as a warning at the call
and in the JSON report.

Usage: check_rewrite.py BATTGPU_REWRITE IMPORTED.cpp WORK_DIR -- COMPILER_FLAGS...
Exit status: 0 as described, 1 otherwise."""
import json
import os
import re
import subprocess
import sys

tool, cpp, work = sys.argv[1:4]
flags = sys.argv[sys.argv.index('--') + 1:]
os.makedirs(work, exist_ok=True)
failures = []


def check(ok, message):
    if not ok:
        failures.append(message)
        print('FAIL:', message)


src = open(cpp).read()
expected = {
    'object-batch': len(re.findall(r'= tok::o_g\(|= tok::objects\(', src)),
    'sample-batch': len(re.findall(r'= tok::apply\(tok::(first|second), ', src)),
    'mapply-batch': 0,
}
for name in ('toindices', 'normalize', 'corners', 'backdrop', 'delta', 'outbox', 'inbox', 'box',
             'ulcorner', 'urcorner', 'llcorner', 'lrcorner', 'center', 'centerofmass',
             'uppermost', 'lowermost', 'leftmost', 'rightmost', 'hperiod', 'vperiod', 'color',
             'dneighbors', 'ineighbors', 'neighbors'):
    expected['mapply-batch'] += len(re.findall(r'= tok::m?apply\(tok::' + name + r', ', src))

p = subprocess.run([tool, '--dry-run', '--report=json', cpp, '--'] + flags, capture_output=True,
                   text=True)
check(p.returncode == 1, f'exit status {p.returncode} (expected 1: nothing rewritten)\n'
      f'{p.stderr[-3000:]}')
report = json.loads(p.stdout)
patterns = report['patterns']
skips = report['files'][0]['skips']
reasons = {}
for s in skips:
    reasons.setdefault((s['pattern'], s.get('reason', '')), 0)
    reasons[(s['pattern'], s.get('reason', ''))] += 1
for name, want in expected.items():
    got = patterns.get(name, {})
    print(f"{name}: {got.get('candidates', 0)} candidates ({want} calls of its DSL functions in "
          f"the file), {got.get('rewrites', 0)} rewritten, {got.get('skipped', 0)} skipped")
    check(got.get('rewrites', 0) == 0, f'{name}: rewrote something')
    check(got.get('candidates', 0) == got.get('skipped', 0), f'{name}: a candidate not reported')
check(patterns['object-batch']['candidates'] == expected['object-batch'] > 0,
      'object-batch: not every o_g/objects call is a candidate')
check(sum(p['candidates'] for p in patterns.values()) > 0, 'no candidate at all')
for s in skips:
    check(s.get('reason'), f'a skip without a reason: {s}')
for (pattern, reason), n in sorted(reasons.items()):
    print(f'  skipped {n:4} {pattern}: {reason}')
# Each skip is a warning at its call, FILE:LINE:COL.
warnings = [l for l in p.stderr.splitlines() if ': warning: ' in l and 'not rewritten' in l]
check(len(warnings) == len(skips), f'{len(warnings)} warnings for {len(skips)} skips')
check(all(re.match(re.escape(cpp) + r':\d+:\d+: warning: ', w) for w in warnings),
      'warnings not in the FILE:LINE:COL form')
print(f'{len(failures)} failures')
sys.exit(1 if failures else 0)
