# mapply and apply of per-object functions over object sets, with their results recorded as
# tuples (so that the records show each frozenset's iteration order), a mapply over index
# pairs and one over a grid: what battgpu run batches over the calls in flight
# (runtime::batch_py_mapply), compared with Python by tests/program and with the unbatched
# run by tests/interp/mapply_batch_test.cpp.
from dsl import *
from constants import *
from safe_dsl import _get_safe_default

def batt(task_id, S, I, C, log_path):
    s = []
    o = []
    try:
        t1 = o_g(I, R5)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t1 = _get_safe_default(o_g)
    try:
        t2 = mapply(toindices, t1)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t2 = _get_safe_default(mapply)
    t3 = totuple(t2)
    o.append((3, 'None', 'toindices', t3))
    try:
        t4 = mapply(backdrop, t1)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t4 = _get_safe_default(mapply)
    t5 = totuple(t4)
    o.append((5, 'None', 'backdrop', t5))
    t6 = o_g(I, R1)
    t7 = mapply_f(delta, t6)
    o.append((7, 'None', 'delta', totuple(t7)))
    t8 = apply(outbox, t6)
    o.append((8, 'None', 'outbox', totuple(t8)))
    t9 = apply_f(corners, t1)
    s.append((9, 'None', 'corners', size(t9)))
    t10 = mapply(inbox, t2)
    o.append((10, 'None', 'inbox of cells', t10))
    try:
        t11 = mapply(box, I)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t11 = _get_safe_default(mapply)
    o.append((11, 'None', 'box of a grid', t11))
    return o, s
