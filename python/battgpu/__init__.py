"""battgpu for Python pipelines: batt and solver modules run with battgpu's C++ ARC DSL.

    import battgpu
    batt = battgpu.load('batt.py')                   # a tokpidjin batt module
    o, s = batt(task_id, S, I, C, log_path)          # what batt.batt(...) returns in Python

    for r in battgpu.run(batt, 'training/'):         # every call over many tasks, all cores
        r.task, r.split, r.index, r.status, r.o, r.s

    battgpu.dsl.tokpidjin.o_g(grid, 5)               # the DSL primitives on Python values
"""

from . import _core
from ._bulk import BulkRun, CallResult, RecordsRun, records, run
from ._core import DslFunction, canonical
from ._types import CallTimeout, FunctionName, ProgramError, ProgramWarning, TaskFileError
from ._program import Program, ProgramFunction, load, loads

__version__ = _core.build_info()['version']


def build_info():
    """What this build of battgpu has: its version, whether it has the CUDA runtime
    (``cuda``), and the hardware threads it sees."""
    return dict(_core.build_info())


def devices():
    """The GPUs battgpu's runtime can use (empty without CUDA in the build or a usable GPU)."""
    return list(_core.devices())


def __getattr__(name):
    # battgpu.dsl and battgpu.distributed on first use (the latter needs Dask).
    if name in ('dsl', 'distributed'):
        import importlib
        return importlib.import_module(f'{__name__}.{name}')
    raise AttributeError(f'module {__name__!r} has no attribute {name!r}')


__all__ = [
    'BulkRun', 'CallResult', 'CallTimeout', 'DslFunction', 'FunctionName', 'Program',
    'ProgramError', 'ProgramFunction', 'ProgramWarning', 'RecordsRun', 'TaskFileError',
    'build_info', 'canonical', 'devices', 'load', 'loads', 'records', 'run',
]
