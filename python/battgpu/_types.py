"""battgpu's exception and warning types, and how pickled DSL functions come back."""


class CallTimeout(TimeoutError):
    """A program call ran past its time limit (the reference runner's alarm)."""


class ProgramError(ValueError):
    """A file that battgpu cannot run: not Python, or outside the batt and solver forms.

    ``errors`` lists every problem as ``FILE:LINE:COL: error: MESSAGE [STATEMENT]``;
    ``filename`` and ``lineno`` give the first one's place.
    """

    def __init__(self, path, errors):
        self.path = path
        self.errors = list(errors)
        self.filename = path
        self.lineno = None
        first = self.errors[0] if self.errors else ''
        rest = first[len(path) + 1:] if first.startswith(path + ':') else ''
        line = rest.split(':', 1)[0]
        if line.isdigit():
            self.lineno = int(line)
        super().__init__(f'{path} cannot be run:\n' + '\n'.join(self.errors))


class TaskFileError(ValueError):
    """Task files that could not be loaded. A bulk run raises it after it has yielded the
    results of every task that did load; ``errors`` lists ``(path, message)`` pairs, each
    message starting with the path and the place in the file."""

    def __init__(self, errors):
        self.errors = list(errors)
        super().__init__('\n'.join(message for _, message in self.errors))


class ProgramWarning(UserWarning):
    """A warning of battgpu's check of a program (a name that fails when it runs, ...)."""


class FunctionName:
    """A DSL closure after pickling (e.g. a result sent back by a Dask worker): only its
    ``__name__`` travels, which is what it is compared by."""

    __slots__ = ('__name__',)

    def __init__(self, name):
        self.__name__ = name

    def __call__(self, *args, **kwargs):
        raise TypeError(f'closure {self.__name__!r} cannot be called after pickling')

    def __eq__(self, other):
        name = getattr(other, '__name__', None)
        if not callable(other) or not isinstance(name, str):
            return NotImplemented
        return name == self.__name__

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self):
        return hash(self.__name__)

    def __repr__(self):
        return f'<battgpu closure {self.__name__} (by name)>'

    def __reduce__(self):
        return (FunctionName, (self.__name__,))


def dsl_function(dialect, name):
    """The DSL function `name` of a dialect (how a pickled DslFunction comes back)."""
    from . import _core
    return _core._function(dialect, name)


def _math_nan():
    import math
    return math.nan


class MathNan:
    """Stands for ``math.nan`` in results that are pickled (Dask): it unpickles as math.nan
    itself, so that ``math.nan in (x,)`` and tuple equality hold as in the reference."""

    __slots__ = ()

    def __reduce__(self):
        return (_math_nan, ())


MATH_NAN = MathNan()
