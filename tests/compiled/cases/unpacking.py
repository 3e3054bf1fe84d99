# Tuple unpacking: all targets or none, ValueError for the wrong count (data-dependent here:
# only grids three cells wide unpack their first row into three), TypeError for what is not
# iterable; locals named like C++ keywords and like the generated code's own names.
from dsl import *
from constants import *
from safe_dsl import _get_safe_default


def batt(task_id, S, I, C, log_path):
    s = []
    o = []
    try:
        a, b, c = first(I)
    except ValueError:
        a = ZERO
        b = ONE
    o.append((1, True, 'row3', (a, b)))
    try:
        d, = size(I)
    except TypeError:
        d = NEG_ONE
    o.append((2, False, 'one', d))
    try:
        int, v = shape_t(I)
    except (TypeError, ValueError):
        int = ZERO
        v = ZERO
    o.append((3, True, 'shape', astuple(v, int)))
    try:
        f, tuple, double = first(I)
        o.append((4, True, 'reserved', (tuple, f, double)))
    except ValueError:
        pass
    e, g = first(I)
    o.append((5, True, 'pair', (g, e)))
    return o, s
