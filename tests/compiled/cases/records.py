# Record lists: recreated by `o = []`, appended values of every kind (nested tuples, floats,
# strings with quotes, backslashes and escapes, None, booleans, DSL functions and closures),
# an append inside a try body that fails half way.
from dsl import *
from constants import *
from safe_dsl import _get_safe_default


def batt(task_id, S, I, C, log_path):
    s = []
    o = []
    o.append((0, True, 'dropped', I))
    o = []
    t1 = size(I)
    o.append((1, True, 'ints', (t1, -3, 0, 9223372036854775807)))
    o.append((2, False, "quo'te\"s \\ back\\slash \t tab \n newline", 0.5))
    o.append((3, None, 'floats', (1e300, -0.0, 2.5e8, 1.0)))
    o.append((4, True, 'functions', (vmirror_t, rbind(add, ONE), T, F, ORIGIN)))
    t2 = rbind(o_g, R5)
    s.append((5, 'records', 'closure', t2))
    try:
        o.append((6, True, 'partial', t1))
        t3 = t1(I)
        o.append((7, True, 'skipped', t3))
    except TypeError:
        s.append((7, 'records', 'caught', ()))
    s.append(t1)
    return o, s
