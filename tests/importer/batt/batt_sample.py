# A batt function in the generated format: try/except around each statement, candidates
# recorded with o.append, sample differences with s.append, comment lines in between.
def batt(task_id, S, I, C, log_path):
    s = []
    o = []
    # the sample inputs and outputs
    t1 = apply(first, S)
    t2 = apply(second, S)
    try:
        t3 = vmirror_t(I)
    except (TypeError, ValueError, IndexError, KeyError, AttributeError):
        t3 = _get_safe_default(vmirror_t)
    o.append((3, True, '67a3c6ac', t3))
    try:
        t4 = apply(vmirror_t, t1)
    except (TypeError, ValueError):
        t4 = _get_safe_default(apply)
    try:
        t5 = difference_tuple(t4, t2)
    except (TypeError, ValueError):
        t5 = _get_safe_default(difference_tuple)
    s.append((5, '67a3c6ac', 'differ_vmirror', t5))
    try:
        t6 = hmirror_t(I)
    except: t6 = _get_safe_default(hmirror_t)
    o.append((6, False, '68b16354', t6))
    # a callable in a variable
    t7 = rbind(replace, TWO)
    try:
        t8 = t7(I, SIX)
    except (TypeError, ValueError):
        t8 = _get_safe_default(t7)
    o.append((8, True, 'b1948b0a', t8))
    t9 = o_g(I, R7)
    t10 = first(t9)
    t11 = move(I, t10, DOWN)
    o.append((11, True, '25ff71a9', t11))
    return o, s
