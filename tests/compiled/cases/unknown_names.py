# Names the dialect lacks raise NameError when their statement runs: caught by an
# `except NameError` or `except Exception`, not by the usual clause, and ending the call when
# nothing catches them (here only where a handler reaches one: grids not two cells wide).
from dsl import *
from constants import *
from safe_dsl import _get_safe_default


def batt(task_id, S, I, C, log_path):
    s = []
    o = []
    try:
        t1 = vmirror_t(I)
    except (TypeError, ValueError):
        t1 = _get_safe_default(vmirror_t)
    o.append((1, True, 'before', t1))
    try:
        t2 = no_such_function(t1)
    except NameError:
        t2 = t1
    o.append((2, True, 'caught', t2))
    try:
        t3 = hmirror_t(undefined_value)
    except Exception:
        t3 = ZERO
    o.append((3, True, 'exception', t3))
    try:
        a, b = first(I)
        t4 = astuple(b, a)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t4 = astuple(t3, missing_constant)
    o.append((4, True, 'pairs_only', t4))
    return o, s
