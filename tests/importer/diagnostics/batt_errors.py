# A batt function with errors keeps its other statements: only the statements with an
# error, what depends on them, and the records of those are left out.
def batt(task_id, S, I, C, log_path):
    try:
        t1 = vmirror(I)
    except (TypeError, ValueError):
        t1 = I
    o.append((1, 't1'))
    t2 = size(task_id)
    t3 = hmirror(I)
    o.append((3, True, 'kept', t3))
    t4 = astuple(t2, ONE)
    t5 = canvas(ZERO, t4)
    o.append((5, True, 'depends', t5))
    o.append((1, True, 'depends_too', t1))
    if t3:
        t6 = vmirror(t3)
    t7 = hconcat(t3, t3)
    o.append((7, True, 'kept_too', t7))
    return o, s
