"""A program over many ARC tasks: every call tokpidjin's runner makes, in order, on every core
(or over a Dask cluster's workers)."""

import collections
import json
import os
import warnings
from collections.abc import Mapping

from . import _core
from ._types import TaskFileError
from ._program import Program, load
from ._progress import Progress

CallResult = collections.namedtuple(
    'CallResult', ['task', 'split', 'index', 'status', 'o', 's', 'error', 'seconds'])
CallResult.__doc__ = """One call of a program over a task, as tokpidjin's runner makes it.

task, split, index: the task id, 'train' or 'test' ('train_diff' / 'test_diff' for the scoring
calls of ``score=True``) and the sample's index; status: 'ok', 'raised' (``error`` names the
exception: 'TypeError: ...') or 'timeout'; o, s: the two lists the batt returned (a solver
module's call has ``o == [(1, True, '<id>', grid)]`` and ``s == []``), empty when the call did
not return; seconds: the call's own time."""


def _program(program, dialect=None):
    if isinstance(program, Program):
        return program
    if isinstance(program, (str, bytes, os.PathLike)):
        return load(program, dialect=dialect)
    raise TypeError(f'battgpu: program must be a battgpu.Program or a path, '
                    f'not {type(program).__name__}')


def _task_sources(tasks):
    """Task paths and (id, JSON text, label) triples, in order."""
    if isinstance(tasks, (str, bytes, os.PathLike)):
        return [os.fsdecode(tasks)]
    if isinstance(tasks, Mapping):
        if 'train' in tasks and 'test' in tasks:
            raise TypeError('battgpu: give tasks as {task_id: task}, (task_id, task) pairs, or '
                            'paths, not a lone task dict')
        items = tasks.items()
    else:
        try:
            items = iter(tasks)
        except TypeError:
            raise TypeError(f'battgpu: tasks must be a path, a {{task_id: task}} mapping or an '
                            f'iterable of paths or (task_id, task) pairs, not '
                            f'{type(tasks).__name__}') from None
    sources = []
    for n, item in enumerate(items):
        if isinstance(item, (str, bytes, os.PathLike)):
            sources.append(os.fsdecode(item))
            continue
        if not (isinstance(item, tuple) and len(item) == 2):
            raise TypeError(f'battgpu: tasks[{n}] must be a path or a (task_id, task) pair, not '
                            f'{type(item).__name__}')
        task_id, task = item
        if isinstance(task, bytes):
            task = task.decode('utf-8')
        if not isinstance(task, str):
            try:
                task = json.dumps(task)
            except (TypeError, ValueError) as e:
                raise TypeError(f'battgpu: task {task_id!r} is not a JSON task: {e}') from None
        sources.append((str(task_id), task, f'<task {task_id}>'))
    return sources


class BulkRun:
    """The results of a bulk run, call by call, in order (an iterator of CallResult).

    ``errors`` lists the task files that could not be loaded, as ``(path, message)``; with
    ``raise_errors`` (the default) a TaskFileError naming them is raised once every result of
    the other tasks has been yielded.
    """

    def __init__(self, run, errors, progress, raise_errors):
        self._run = run
        self.errors = list(errors)
        self.total = run.total
        self.jobs = getattr(run, 'jobs', None)
        self._progress = progress
        self._raise = raise_errors
        self._buffer = collections.deque()
        self._done = 0
        self._finished = False

    def __iter__(self):
        return self

    def __next__(self):
        while not self._buffer:
            if self._finished:
                raise StopIteration
            task = self._run.next()
            if task is None:
                self._finish()
                continue
            self._buffer.extend(CallResult._make(t) for t in task)
            self._done += 1
            self._progress.update(self._done)
        return self._buffer.popleft()

    def _finish(self):
        self._finished = True
        self._progress.close()
        self._run = None  # the worker threads end
        if self.errors:
            if self._raise:
                raise TaskFileError(self.errors)
            for _, message in self.errors:
                warnings.warn(message, stacklevel=3)

    def close(self):
        """Stops the run (the blocks of tasks being run finish first)."""
        self._finished = True
        self._buffer.clear()
        self._progress.close()
        self._run = None


def run(program, tasks, *, score=False, time_limit=30.0, jobs=0, block_tasks=0, progress=None,
        raise_errors=True, client=None, chunk_tasks=8, dialect=None):
    """Runs a batt or solver program over ARC tasks and yields every call's CallResult, in
    task order, then train samples before test samples (tokpidjin's runner's calls: S = the
    task's train pairs, I = the sample's input, C = None).

    program: a battgpu.Program or the path of a .py module.
    tasks: a task file or a directory of them (searched recursively for *.json), a
      ``{task_id: task_dict}`` mapping, or an iterable of paths and (task_id, task) pairs
      (task_dict as in ARC's JSON: {"train": [{"input": grid, "output": grid}, ...],
      "test": [...]}).
    score: also make each sample's scoring call (C = the expected output).
    time_limit: seconds a call may take (status 'timeout' past it); 0 or None for none.
    jobs: worker threads (0: every core); block_tasks: tasks whose calls run together
    (0: chosen from the tasks, threads and program length).
    progress: True, False, or None (shown when the run lasts over a second on a terminal).
    client: a ``distributed.Client``: the tasks are spread over its cluster's workers in
      chunks of ``chunk_tasks`` (see battgpu.distributed.run).
    """
    program = _program(program, dialect)
    limit = float(time_limit or 0)
    if client is not None:
        from .distributed import run as distributed_run
        return distributed_run(program, tasks, client, score=score, time_limit=limit,
                               chunk_tasks=chunk_tasks, progress=progress,
                               raise_errors=raise_errors)
    sources = _task_sources(tasks)
    handle, errors = _core._values_run(program._core, sources, bool(score), limit,
                                       int(jobs), int(block_tasks))
    return BulkRun(handle, errors, Progress(handle.total, progress), raise_errors)


class RecordsRun:
    """SPEC section 7 record lines (JSON text, one per call, in order), as
    ``battgpu run --records`` writes them: an iterator of str. ``summary`` is filled at the
    end (tasks, solved_tasks, calls, raised, timeouts, ...)."""

    def __init__(self, run, errors, progress, raise_errors):
        self._run = run
        self.errors = list(errors)
        self.total = run.total
        self.summary = None
        self._progress = progress
        self._raise = raise_errors
        self._buffer = collections.deque()
        self._finished = False

    def __iter__(self):
        return self

    def __next__(self):
        while not self._buffer:
            if self._finished:
                raise StopIteration
            lines = self._run.next()
            self._progress.update(self._run.tasks_done)
            if lines is None:
                self._finished = True
                self.summary = self._run.summary()
                self._progress.close()
                self._run = None
                if self.errors:
                    if self._raise:
                        raise TaskFileError(self.errors)
                    for _, message in self.errors:
                        warnings.warn(message, stacklevel=2)
                continue
            self._buffer.extend(lines)
        return self._buffer.popleft()


def records(program, tasks, *, score=False, time_limit=30.0, jobs=0, block_tasks=0,
            progress=None, raise_errors=True, dialect=None):
    """The record lines of a bulk run (SPEC section 7's JSON, values canonical), computed by
    battgpu's runner exactly as ``battgpu run FILE.py TASKS --records FILE`` computes them.
    Arguments as for :func:`run`."""
    program = _program(program, dialect)
    sources = _task_sources(tasks)
    handle, errors = _core._records_run(program._core, sources, bool(score),
                                        float(time_limit or 0), int(jobs), int(block_tasks))
    return RecordsRun(handle, errors, Progress(handle.total, progress), raise_errors)
