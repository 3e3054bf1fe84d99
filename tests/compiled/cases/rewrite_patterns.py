# The statements battgpu-rewrite batches (SPEC section 4), as a generated batt writes them: the
# sample pattern (apply(first, S), apply(second, S) and their mapply), several o_g calls on one
# grid, an rbind(o_g, R) closure, and mapply of per-object primitives over object sets. The
# rewrite finds each in the imported C++ and leaves it as it is (tests/compiled/check_rewrite.py).
from dsl import *
from constants import *
from safe_dsl import _get_safe_default


def batt(task_id, S, I, C, log_path):
    s = []
    o = []
    try:
        t1 = apply(first, S)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t1 = _get_safe_default(apply)
    try:
        t2 = apply(second, S)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t2 = _get_safe_default(apply)
    try:
        t3 = mapply(p_g, t1)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t3 = _get_safe_default(mapply)
    try:
        t4 = mapply(p_g, t2)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t4 = _get_safe_default(mapply)
    s.append((4, 'patterns', 'differ_samples', astuple(t3, t4)))
    try:
        t5 = o_g(I, R5)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t5 = _get_safe_default(o_g)
    try:
        t6 = o_g(I, R1)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t6 = _get_safe_default(o_g)
    try:
        t7 = rbind(o_g, R7)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t7 = _get_safe_default(rbind)
    try:
        t8 = t7(I)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t8 = _get_safe_default(t7)
    try:
        t9 = mapply(corners, t5)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t9 = _get_safe_default(mapply)
    try:
        t10 = apply(center, t6)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t10 = _get_safe_default(apply)
    try:
        t11 = mapply(dneighbors, t10)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t11 = _get_safe_default(mapply)
    o.append((11, True, 'patterns', fill(I, ONE, t11)))
    s.append((9, 'patterns', 'differ_objects', astuple(size(t8), t9)))
    return o, s
