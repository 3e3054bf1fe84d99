# Reads of locals that may have no value yet: UnboundLocalError (a NameError) where one has
# none, caught or ending the call.
from dsl import *
from constants import *
from safe_dsl import _get_safe_default


def batt(task_id, S, I, C, log_path):
    s = []
    o = []
    try:
        t1 = ONE(I)
    except TypeError:
        pass
    try:
        t2 = vmirror_t(t1)
    except NameError:
        t2 = I
    o.append((2, True, 'unbound', t2))
    try:
        t3 = size(I)
    except TypeError:
        pass
    o.append((3, True, 'maybe', t3))
    try:
        a, b = first(I)
    except ValueError:
        pass
    o.append((4, True, 'pair', (b, a)))
    return o, s
