"""Bulk runs over a Dask cluster (``distributed``): the tasks go to the cluster's workers in
chunks, each worker runs its chunk with battgpu's runner (its cores, its GPUs), and the results
come back in task order.

The program travels as its source text and the tasks as JSON text, so the workers need not
see the client's files. When a worker is lost mid-run, the Dask scheduler gives the chunks it
held to another worker; results already gathered are kept, so the loss costs those chunks a
retry and nothing else (the scheduler gives up on a chunk that kills
``distributed.scheduler.allowed-failures`` workers, 3 by default, and the run raises
``distributed.KilledWorker``).
"""

import os
import uuid
from pathlib import Path

from ._bulk import CallResult, _program, _task_sources
from ._types import TaskFileError
from ._progress import Progress

# Programs already loaded in this worker process, by (path, source, dialect, time limit).
_PROGRAMS = {}


def _worker_program(source, path, dialect):
    from ._program import loads
    key = (path, source, dialect)
    program = _PROGRAMS.get(key)
    if program is None:
        if len(_PROGRAMS) > 8:
            _PROGRAMS.clear()
        program = _PROGRAMS[key] = loads(source, path, dialect=dialect, _warn=False)
    return program


def _run_chunk(source, path, dialect, chunk, score, time_limit, jobs, block_tasks):
    """Runs on a worker: the CallResults of a chunk of (id, JSON text, label) tasks, as plain
    tuples, and the load errors of its tasks."""
    from . import _core
    from ._types import MATH_NAN
    program = _worker_program(source, path, dialect)
    handle, errors = _core._values_run(program._core, list(chunk), score, time_limit, jobs,
                                       block_tasks)
    results = []
    while True:
        task = handle.next(MATH_NAN)  # math.nan goes through the pickle as itself
        if task is None:
            break
        results.extend(task)
    return results, list(errors)


def _read_sources(sources):
    """Task files read on the client: (id, text, label) triples, and the paths that failed."""
    out, errors = [], []

    def read(path, shown):
        try:
            with open(path, 'rb') as fp:
                text = fp.read().decode('utf-8', errors='replace')
        except FileNotFoundError:
            errors.append((shown, f'{shown}: no such file or directory'))
            return
        except OSError as e:
            errors.append((shown, f'{shown}: cannot open: {e.strerror}'))
            return
        out.append((Path(path).stem, text, shown))

    for src in sources:
        if isinstance(src, tuple):
            out.append(src)
            continue
        if os.path.isdir(src):
            files = []
            for root, _, names in os.walk(src):
                files.extend(os.path.join(root, n) for n in names if n.endswith('.json'))
            if not files:
                errors.append((src, f'{src}: no .json task files in this directory'))
            for f in sorted(files, key=lambda p: Path(p).parts):
                if os.path.isfile(f):
                    read(f, f)
        else:
            read(src, src)
    return out, errors


def run(program, tasks, client, *, score=False, time_limit=30.0, chunk_tasks=8, jobs=1,
        block_tasks=0, progress=None, raise_errors=True, dialect=None, retries=0):
    """Like battgpu.run, over the workers of ``client`` (a ``distributed.Client``): yields every
    call's CallResult in task order.

    chunk_tasks: tasks per Dask task; jobs: threads each chunk runs on inside its worker (a
    worker runs as many chunks at once as it has threads); retries: how many times a chunk
    that raises is run again (a lost worker's chunks are rerun by the scheduler regardless).
    """
    from distributed import as_completed

    program = _program(program, dialect)
    sources = _task_sources(tasks)
    texts, errors = _read_sources(sources)
    chunk_tasks = max(1, int(chunk_tasks))
    chunks = [texts[i:i + chunk_tasks] for i in range(0, len(texts), chunk_tasks)]
    token = uuid.uuid4().hex[:12]
    futures = [
        client.submit(_run_chunk, program.source, program.path, program.dialect, chunk,
                      bool(score), float(time_limit or 0), int(jobs), int(block_tasks),
                      key=f'battgpu-chunk-{token}-{i}', pure=False, retries=retries)
        for i, chunk in enumerate(chunks)
    ]
    index = {f.key: i for i, f in enumerate(futures)}
    bar = Progress(len(texts), progress, desc='battgpu (dask)')

    def results():
        pending = {}
        next_chunk = 0
        done_tasks = 0
        try:
            for future in as_completed(futures):
                i = index[future.key]
                # Gathered at once and released: a later loss of that worker costs nothing.
                pending[i] = future.result()
                future.release()
                done_tasks += len(chunks[i])
                bar.update(done_tasks)
                while next_chunk in pending:
                    chunk_results, chunk_errors = pending.pop(next_chunk)
                    errors.extend(chunk_errors)
                    for r in chunk_results:
                        yield CallResult._make(r)
                    next_chunk += 1
        finally:
            bar.close()
            for f in futures:
                f.release()
        if errors:
            if raise_errors:
                raise TaskFileError(errors)
            import warnings
            for _, message in errors:
                warnings.warn(message, stacklevel=2)

    return results()
