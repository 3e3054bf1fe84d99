# A batt function whose except block does more than fall back to a default.
def batt(task_id, S, I, C, log_path):
    try:
        t1 = vmirror(I)
    except (TypeError, ValueError):
        t1 = I
    o.append((1, 't1'))
    t2 = size(task_id)
    return o, s
