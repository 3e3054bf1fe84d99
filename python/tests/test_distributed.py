"""The bulk form on Dask's distributed: a local cluster of worker processes runs the chunks,
results come back in order and equal to a local run, and a worker killed mid-run costs its
chunks a retry and nothing else."""

import logging
import os
import signal
import time

import pytest

import battgpu
from conftest import TOKPIDJIN, shared_or_skip
from test_bulk import SLOW_BATT

distributed = pytest.importorskip('distributed')


@pytest.fixture(scope='module')
def client():
    cluster = distributed.LocalCluster(n_workers=3, threads_per_worker=1, processes=True,
                                       dashboard_address=None, silence_logs=logging.ERROR)
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


def strip(results):
    return [tuple(r)[:7] for r in results]  # all but the seconds


def test_cluster_run_equals_local_run(client):
    training = shared_or_skip('arc-agi', 'training')
    files = sorted(f for f in os.listdir(training) if f.endswith('.json'))[:40]
    paths = [str(training / f) for f in files]
    batt = battgpu.load(TOKPIDJIN / 'batt_small.py')
    local = list(battgpu.run(batt, paths, progress=False))
    remote = list(battgpu.run(batt, paths, client=client, chunk_tasks=3, progress=False))
    assert strip(remote) == strip(local)
    print(f'\ndask: {len(remote)} calls over {len(client.scheduler_info()["workers"])} workers, '
          f'equal to the local run')


def test_worker_lost_mid_run(client, tmp_path):
    program = tmp_path / 'slow_batt.py'
    program.write_text(SLOW_BATT)
    batt = battgpu.load(program)
    tasks = {f't{i:02d}': {'train': [{'input': [[i % 10]], 'output': [[0]]}],
                           'test': [{'input': [[1, i % 10]]}]} for i in range(36)}
    local = list(battgpu.run(batt, tasks, progress=False))
    pids = client.run(os.getpid)
    results = []
    killed = None
    for r in battgpu.distributed.run(batt, tasks, client, chunk_tasks=2, progress=False):
        results.append(r)
        if killed is None:
            # A worker with chunks in hand, killed outright (no clean shutdown).
            deadline = time.monotonic() + 10
            while killed is None and time.monotonic() < deadline:
                busy = [w for w, keys in client.processing().items() if keys and w in pids]
                if busy:
                    killed = busy[0]
                    os.kill(pids[killed], signal.SIGKILL)
                else:
                    time.sleep(0.01)
    assert killed is not None, 'no worker was busy'
    assert strip(results) == strip(local)
    assert all(r.status == 'ok' for r in results)
    print(f'\ndask: worker {killed} killed mid-run; {len(results)} calls, all present, in order, '
          f'equal to the local run')
