# Callables held in variables: closures from rbind, lbind, compose, fork, chain and power
# called later (right and wrong arity), calls of values that are not callable, a call of a
# call's result, a statement that is only a call, and a DSL function assigned to a variable.
from dsl import *
from constants import *
from safe_dsl import _get_safe_default


def batt(task_id, S, I, C, log_path):
    s = []
    o = []
    t1 = rbind(o_g, R5)
    try:
        t2 = t1(I)
    except (TypeError, ValueError):
        t2 = _get_safe_default(t1)
    o.append((2, True, 'rbind', t2))
    try:
        t3 = t1(I, I)
    except TypeError:
        t3 = _get_safe_default(t1)
    o.append((3, True, 'arity', t3))
    t4 = compose(vmirror_t, hmirror_t)
    t5 = t4(I)
    o.append((5, True, 'compose', t5))
    t6 = compose(ONE, vmirror_t)
    try:
        t7 = t6(I)
    except TypeError:
        t7 = _get_safe_default(t6)
    o.append((7, True, 'inner', t7))
    try:
        t8 = rbind(o_g, R2)(I)
    except TypeError:
        t8 = ZERO
    o.append((8, True, 'nested', size(t8)))
    vmirror_t(I)
    t9 = identity
    t10 = t9(I)
    o.append((10, True, 'moved', t10))
    t11 = power(vmirror_t, TWO)
    t12 = fork(astuple, height_t, width_t)
    t13 = chain(size, t11, identity)
    o.append((13, True, 'more', (t11(I), t12(I), t13(I))))
    t14 = lbind(add, ONE)
    try:
        t15 = t14(TWO, THREE)
    except TypeError:
        t15 = t14(TWO)
    o.append((15, True, 'lbind', t15))
    t16 = t13(first(I))
    o.append((16, True, 'chain_row', t16))
    return o, s
