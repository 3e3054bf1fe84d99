# The forms of the emitted C++ (compared with try_forms.cpp): a try around one statement, a
# try body of several statements, nested tries, else and finally, an unknown name, a read
# that needs an unbound check, records.
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
        t2 = size(t1)
        t3 = t2(I)
    except TypeError:
        pass
    try:
        try:
            t4 = first(t1)
        except ValueError:
            t4 = unknown_name
    except NameError:
        t4 = ZERO
    else:
        t4 = add(t4, ONE)
    finally:
        t5 = t4
    o.append((5, True, 'golden', (t3, t5)))
    s.append((2, 'golden', 'differ_golden', t2))
    return o, s
