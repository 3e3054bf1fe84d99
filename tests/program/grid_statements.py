# Grid statements (cellwise, replace, fill, f_ofcolor) in chains, as battgpu's --grid-statements
# runs them for a block of calls at once on packed grids: locals only grid statements read (t1,
# t2, t14, t20, t21), locals a record or another function reads (t3, t4), and calls the packed
# path leaves to the one-at-a-time path (C None in the plain calls, grids of other shapes,
# colours that are not small ints, a bool, a float, patches that are a frozenset of objects or
# the train pairs, objects of pairs), which must unpack a packed argument first (t15); fills and
# paints of cells partly outside the grid (t24, t31), a paint of an object whose cells share
# positions with other colours (t31: the later in iteration order wins).

from dsl import *
from constants import *
from safe_dsl import _get_safe_default

def batt(task_id, S, I, C, log_path):
    s = []
    o = []
    try:
        t1 = cellwise(I, C, NEG_ONE)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t1 = _get_safe_default(cellwise)
    try:
        t2 = replace(t1, NEG_ONE, FIVE)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t2 = _get_safe_default(replace)
    try:
        t3 = cellwise(t2, I, ZERO)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t3 = _get_safe_default(cellwise)
    o.append((3, False, 'grid_3', t3))
    try:
        t4 = f_ofcolor(t1, NEG_ONE)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t4 = _get_safe_default(f_ofcolor)
    try:
        t5 = size(t4)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t5 = _get_safe_default(size)
    try:
        t6 = astuple(t5, t4)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t6 = _get_safe_default(astuple)
    s.append((6, 'None', 'differ_cells', t6))
    try:
        t7 = mir_rot_t(I, R1)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t7 = _get_safe_default(mir_rot_t)
    try:
        t8 = cellwise(I, t7, NEG_ONE)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t8 = _get_safe_default(cellwise)
    try:
        t9 = f_ofcolor(t8, NEG_ONE)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t9 = _get_safe_default(f_ofcolor)
    o.append((9, False, 'indices_9', t9))
    try:
        t10 = replace(I, TWO, 200)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t10 = _get_safe_default(replace)
    try:
        t11 = f_ofcolor(t10, 200)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t11 = _get_safe_default(f_ofcolor)
    o.append((11, False, 'indices_11', t11))
    try:
        t12 = replace(I, ZERO, 0.5)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t12 = _get_safe_default(replace)
    try:
        t13 = cellwise(I, t12, SEVEN)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t13 = _get_safe_default(cellwise)
    o.append((13, False, 'grid_13', t13))
    try:
        t14 = cellwise(t1, t2, SEVEN)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t14 = _get_safe_default(cellwise)
    try:
        t15 = replace(t14, SEVEN, True)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t15 = _get_safe_default(replace)
    o.append((15, False, 'grid_15', t15))
    try:
        t16 = f_ofcolor(t14, FIVE)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t16 = _get_safe_default(f_ofcolor)
    s.append((16, 'None', 'differ_16', t16))
    try:
        t17 = f_ofcolor(C, 1.0)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t17 = _get_safe_default(f_ofcolor)
    s.append((17, 'None', 'differ_17', t17))
    try:
        t18 = o_g(I, R5)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t18 = _get_safe_default(o_g)
    try:
        t19 = get_nth_f(t18, F0)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t19 = _get_safe_default(get_nth_f)
    try:
        t20 = fill(t1, EIGHT, t19)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t20 = _get_safe_default(fill)
    try:
        t21 = fill(t20, NEG_ONE, t4)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t21 = _get_safe_default(fill)
    try:
        t22 = f_ofcolor(t21, EIGHT)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t22 = _get_safe_default(f_ofcolor)
    s.append((22, 'None', 'differ_22', t22))
    try:
        t23 = shift(t19, UNITY)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t23 = _get_safe_default(shift)
    try:
        t24 = fill(I, THREE, t23)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t24 = _get_safe_default(fill)
    o.append((24, False, 'grid_24', t24))
    try:
        t25 = fill(I, FOUR, t18)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t25 = _get_safe_default(fill)
    o.append((25, False, 'grid_25', t25))
    try:
        t26 = fill(I, TWO, S)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t26 = _get_safe_default(fill)
    o.append((26, False, 'grid_26', t26))
    try:
        t27 = paint(t21, t19)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t27 = _get_safe_default(paint)
    try:
        t28 = f_ofcolor(t27, NEG_ONE)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t28 = _get_safe_default(f_ofcolor)
    s.append((28, 'None', 'differ_28', t28))
    try:
        t29 = recolor_o(NINE, t23)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t29 = _get_safe_default(recolor_o)
    try:
        t30 = combine(t29, t19)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t30 = _get_safe_default(combine)
    try:
        t31 = paint(I, t30)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t31 = _get_safe_default(paint)
    o.append((31, False, 'grid_31', t31))
    try:
        t32 = paint(I, t18)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t32 = _get_safe_default(paint)
    o.append((32, False, 'grid_32', t32))
    try:
        t33 = paint(C, t4)
    except (TypeError, AttributeError, ValueError, IndexError, KeyError):
        t33 = _get_safe_default(paint)
    o.append((33, False, 'grid_33', t33))
    return o, s
