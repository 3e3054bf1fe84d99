# Nested try statements: an inner clause that does not match lets the exception reach the
# outer one (skipping the rest of both bodies), a handler that raises itself, else and
# finally, several clauses, and a bare except.
from dsl import *
from constants import *
from safe_dsl import _get_safe_default


def batt(task_id, S, I, C, log_path):
    s = []
    o = []
    try:
        t1 = vmirror_t(I)
        try:
            t2 = ONE(I)
            t3 = hmirror_t(I)
        except (ValueError, IndexError):
            t3 = _get_safe_default(hmirror_t)
        t4 = rot90(I)
    except TypeError:
        t2 = ZERO
        t3 = I
        t4 = t1
    o.append((4, True, 'nested', t4))
    s.append((3, 'nested', 'differ_a', t3))
    try:
        try:
            t5 = C(I)
        except TypeError:
            t5 = t6
    except NameError:
        t5 = TWO
    s.append((5, 'nested', 'differ_b', t5))
    try:
        t7 = size(I)
    except TypeError:
        t7 = NEG_ONE
    else:
        t7 = add(t7, ONE)
    finally:
        t8 = t7
    o.append((8, True, 'else_finally', astuple(t7, t8)))
    try:
        t9 = first(I)
        t10 = t9(ZERO)
    except ValueError:
        t10 = ONE
    except (KeyError, TypeError):
        t10 = TWO
    except:
        t10 = THREE
    o.append((10, False, 'clauses', t10))
    try:
        t11 = vmirror_t(I)
    except:
        t11 = _get_safe_default(vmirror_t)
    try:
        try:
            t12 = hmirror_t(t11)
            t13 = t12(t11)
        finally:
            t14 = t11
    except TypeError:
        t13 = t14
    o.append((13, True, 'finally_raises', t13))
    try:
        t15 = vmirror_t(t13)
    except TypeError:
        pass
    finally:
        t16 = ONE
    s.append((16, 'nested', 'differ_c', astuple(t15, t16)))
    return o, s
