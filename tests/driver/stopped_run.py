#!/usr/bin/env python3
"""A run stopped by a signal leaves no file behind: `battgpu run --records FILE` is sent
SIGTERM once its temporary records file has appeared (records are written as the blocks
finish); it must die of the signal, with neither FILE nor the temporary file left.

usage: stopped_run.py BATTGPU PROGRAM.py TASKS_DIR
"""
import os
import signal
import subprocess
import sys
import tempfile
import time


def main():
    battgpu, program, tasks = sys.argv[1:4]
    with tempfile.TemporaryDirectory() as tmp:
        records = os.path.join(tmp, 'records.jsonl')
        # The task set five times over, on one thread: a run of several seconds.
        args = [battgpu, 'run', program] + [tasks] * 5 + ['--records', records, '--jobs', '1',
                                                          '-q']
        env = dict(os.environ, BATTGPU_DISABLE_CUDA='1', BATTGPU_CPU_THREADS='1')
        proc = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and proc.poll() is None:
            names = os.listdir(tmp)
            if names and all(n.startswith('.records.jsonl.tmp.') for n in names):
                if os.path.getsize(os.path.join(tmp, names[0])) > 0:
                    break
            time.sleep(0.01)
        if proc.poll() is not None:
            sys.exit(f'the run ended (status {proc.returncode}) before it could be stopped')
        proc.send_signal(signal.SIGTERM)
        status = proc.wait(timeout=60)
        left = os.listdir(tmp)
        if status != -signal.SIGTERM:
            sys.exit(f'exit status {status}, expected death by SIGTERM')
        if left:
            sys.exit(f'left behind: {left}')
    print('stopped by SIGTERM with its records being written; nothing left behind')


if __name__ == '__main__':
    main()
