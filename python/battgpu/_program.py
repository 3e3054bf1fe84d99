"""Loading batt and solver modules, and calling their functions as Python would."""

import os
import warnings

from . import _core
from ._types import ProgramError, ProgramWarning


class ProgramFunction:
    """One function of a program (``batt`` or a ``solve_<id>``), called like the Python one."""

    __slots__ = ('_call', '_index', '__name__', 'program')

    def __init__(self, program, index, name):
        self.program = program
        self._index = index
        self._call = program._core._call
        self.__name__ = name

    def __call__(self, *args, **kwargs):
        return self._call(self._index, *args, **kwargs)

    def __repr__(self):
        return f'<battgpu {self.__name__} of {self.program.path}>'


class Program:
    """A batt or solver module, checked and ready to run with battgpu's C++ DSL.

    A batt module's program is called as its ``batt`` function:
    ``o, s = program(task_id, S, I, C, log_path)``. A solver module's functions are its
    attributes: ``program.solve_007bbfb7(I)``, or ``program.solver('007bbfb7')``.
    """

    def __init__(self, core):
        self._core = core
        self._functions = {}
        if core.form == 'batt':
            self._batt = self._function('batt')
            self._batt_call = self._batt._call

    # ---- what it is
    @property
    def path(self):
        return self._core.path

    @property
    def source(self):
        return self._core.source

    @property
    def dialect(self):
        """'tokpidjin' or 'arc-dsl'."""
        return self._core.dialect

    @property
    def form(self):
        """'batt' or 'solvers'."""
        return self._core.form

    @property
    def time_limit(self):
        return self._core.time_limit or None

    @property
    def warnings(self):
        return list(self._core.warnings)

    @property
    def function_names(self):
        return list(self._core.function_names)

    # ---- calling
    def __call__(self, *args, **kwargs):
        if self._core.form != 'batt':
            raise TypeError(f'{self.path} is a solver module: call its solve_<id> functions')
        return self._batt_call(0, *args, **kwargs)

    def _function(self, name):
        f = self._functions.get(name)
        if f is None:
            index = self._core._find(name)
            if index is None:
                return None
            real = self._core.function_names[index]
            f = self._functions.get(real)
            if f is None:
                f = self._functions[real] = ProgramFunction(self, index, real)
            self._functions[name] = f
        return f

    def solver(self, task_id):
        """The solver of a task id (``solve_<id>``)."""
        f = self._function(str(task_id)) if self.form == 'solvers' else None
        if f is None:
            raise KeyError(f'{self.path} has no solve_{task_id}')
        return f

    @property
    def solvers(self):
        """Every solver of a solver module, by task id, in file order."""
        names = self.function_names if self.form == 'solvers' else []
        return {n[len('solve_'):]: self._function(n) for n in names}

    def __getattr__(self, name):
        if name.startswith('_'):
            raise AttributeError(name)
        f = self._function(name)
        if f is None:
            raise AttributeError(f'{self.path} has no function {name!r}')
        return f

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(self.function_names))

    def __repr__(self):
        return (f'<battgpu.Program {self.path}: {self.dialect} {self.form}, '
                f'{len(self.function_names)} function(s)>')

    def __reduce__(self):
        # Travels as its source (Dask workers need not see the file).
        return (_reload, (self.source, self.path, self.dialect, self._core.time_limit))


def _reload(source, path, dialect, time_limit):
    return loads(source, path, dialect=dialect, time_limit=time_limit or None, _warn=False)


def loads(source, path='<string>', *, dialect=None, time_limit=None, _warn=True):
    """A program from the text of a batt or solver module (``path`` names it in messages)."""
    if isinstance(source, bytes):
        source = source.decode('utf-8', errors='surrogateescape')
    if not isinstance(source, str):
        raise TypeError(f'battgpu.loads: source must be str, not {type(source).__name__}')
    limit = 0.0 if time_limit is None else float(time_limit)
    if not limit >= 0:
        raise ValueError('battgpu: time_limit must be a number of seconds >= 0, or None')
    result = _core._load(source, str(path), dialect, limit)
    if isinstance(result, list):
        raise ProgramError(str(path), result)
    program = Program(result)
    if _warn:
        for w in program.warnings:
            warnings.warn(w, ProgramWarning, stacklevel=3)
    return program


def load(path, *, dialect=None, time_limit=None):
    """Loads a batt module (``def batt(task_id, S, I, C, log_path)``) or a solver module
    (``def solve_<id>(I)`` functions) from a file.

    ``dialect``: 'tokpidjin' or 'arc-dsl' (default: read off the module's form).
    ``time_limit``: seconds a call may take (default: none, as in Python); past it the call
    raises :class:`battgpu.CallTimeout`.

    Raises FileNotFoundError (or another OSError) for a file that cannot be read and
    :class:`battgpu.ProgramError`, listing every problem with its line and column, for a file
    that is not such a module.
    """
    path = os.fspath(path)
    with open(path, 'rb') as fp:
        data = fp.read()
    try:
        source = data.decode('utf-8')
    except UnicodeDecodeError as e:
        raise ProgramError(path, [f'{path}:1:1: error: not UTF-8 text ({e.reason} at byte {e.start})']) from None
    return loads(source, path, dialect=dialect, time_limit=time_limit, _warn=True)
