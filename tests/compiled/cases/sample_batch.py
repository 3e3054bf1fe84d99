# `a, b, c, d = batch_process_samples_gpu(S)`: the sample pattern of earlier generators
# (a battgpu extension; not a name of the Python DSL).
from dsl import *
from constants import *


def batt(task_id, S, I, C, log_path):
    s = []
    o = []
    t1, t2, t3, t4 = batch_process_samples_gpu(S)
    o.append((1, True, 'inputs', t1))
    s.append((2, 'sample', 'differ_o', t2))
    s.append((3, 'sample', 'differ_p', (t3, t4)))
    try:
        t5, t6, t7, t8 = batch_process_samples_gpu(I)
    except TypeError:
        t5 = ZERO
    o.append((5, True, 'not_samples', t5))
    return o, s
