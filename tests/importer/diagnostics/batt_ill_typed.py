# A batt function whose statements are ill-typed in many ways: every one is kept and fails
# (or not) when it runs, as in Python; only names the dialect lacks are reported, as
# warnings. Nothing here is an import error.
from dsl import *
from constants import *
from safe_dsl import _get_safe_default


def batt(task_id, S, I, C, log_path):
    s = []
    o = []
    try:
        t1 = vmirror_t(I)
    except (TypeError, ValueError):
        t1 = I
    o.append((1, 't1'))
    t2 = size(task_id)
    t3 = hmirror_t(I)
    o.append((3, True, 'kept', t3))
    try:
        t4 = astuple(t2, ONE)
        t5 = canvas(ZERO, t4)
        t6 = t5(t4)
    except TypeError:
        t6 = _get_safe_default(t5)
    o.append((6, True, 'caught', t6))
    try:
        t7 = vmirror_t(I, I)
    except TypeError:
        t7 = _get_safe_default(vmirror_t)
    s.append((7, 'arity', 'differ_arity', t7))
    try:
        t8 = mirror_left(t3)
    except (TypeError, ValueError):
        t8 = _get_safe_default(hmirror_t)
    o.append((8, True, 'never', t8))
    return o, s
