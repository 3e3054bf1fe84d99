#!/usr/bin/env python3
"""The interpreter with and without its object-extraction batching (issue 13): runs a batt
module with `battgpu run` twice over ARC tasks, once one call at a time
(BATTGPU_BATCH_OBJECTS=0) and once with the extractions of each statement batched, and
compares the record files byte for byte. With --gpu the batched run forces the GPU path
(BATTGPU_PATH=gpu) over larger blocks of calls, and the test is skipped (exit 77) where the
runtime has no usable GPU.

--program is a batt file, or synth:N for a module of N solvers that synth_batt writes.

Usage: compare_batching.py --battgpu BIN --program FILE.py|synth:N --synth SYNTH_BATT.py
                           --tasks DIR --work DIR [--gpu]
Exit status: 0 identical, 1 different, 2 a run failed, 77 skipped.
"""

import argparse
import filecmp
import json
import os
import subprocess
import sys


def run(cmd, env):
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if r.returncode != 0:
        sys.stderr.write(f'command failed ({r.returncode}): {" ".join(cmd)}\n{r.stderr[-3000:]}\n')
        sys.exit(2)
    return r


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--battgpu', required=True)
    ap.add_argument('--program', required=True)
    ap.add_argument('--synth', required=True)
    ap.add_argument('--tasks', required=True)
    ap.add_argument('--work', required=True)
    ap.add_argument('--gpu', action='store_true')
    args = ap.parse_args()
    if not os.path.isdir(args.tasks):
        print(f'skipped: {args.tasks} is absent')
        return 77
    os.makedirs(args.work, exist_ok=True)
    program = args.program
    if program.startswith('synth:'):
        program = os.path.join(args.work, 'synth.py')
        subprocess.run([sys.executable, args.synth, '--language', 'python', '--solvers',
                        args.program.split(':', 1)[1], '--output', program], check=True)
    elif not os.path.isfile(program):
        print(f'skipped: {program} is absent')
        return 77

    base = dict(os.environ)
    base.pop('BATTGPU_PATH', None)
    off_env = dict(base, BATTGPU_BATCH_OBJECTS='0')
    on_env = dict(base, BATTGPU_BATCH_OBJECTS='1')
    stats = os.path.join(args.work, 'stats.json')
    on_env['BATTGPU_STATS'] = stats
    extra = ['--block', '16']
    if args.gpu:
        on_env['BATTGPU_PATH'] = 'gpu'
        extra = ['--block', '64']
    else:
        on_env['BATTGPU_DISABLE_CUDA'] = '1'
    off = os.path.join(args.work, 'off.jsonl')
    on = os.path.join(args.work, 'on.jsonl')
    common = [args.battgpu, 'run', program, args.tasks, '-q', '--no-progress']
    run(common + ['--records', off], off_env)
    run(common + ['--records', on] + extra, on_env)
    with open(stats) as fp:
        st = json.load(fp)
    print(f"batched run: {st.get('calls')} batch calls, {st.get('items')} extractions, "
          f"{st.get('gpu_items')} on a GPU, {st.get('cpu_items')} on the CPU")
    if args.gpu and not st.get('gpu_items'):
        if not st.get('devices'):
            print('skipped: no usable GPU')
            return 77
        print('a GPU was usable but computed nothing')
        return 1
    if not st.get('items'):
        print('no extraction was batched')
        return 1
    with open(off) as fp:
        lines = sum(1 for _ in fp)
    same = filecmp.cmp(off, on, shallow=False)
    print(f'records: {lines} lines, {"identical" if same else "DIFFERENT"}')
    return 0 if same else 1


if __name__ == '__main__':
    sys.exit(main())
