# Statements that take long (each builds a tuple of millions of integers): a call with a short
# time limit stops with status timeout at its next DSL call.
from dsl import *
from constants import *


def batt(task_id, S, I, C, log_path):
    s = []
    o = []
    t1 = interval(0, 4000000, 1)
    t2 = interval(0, 4000000, 1)
    t3 = interval(0, 4000000, 1)
    t4 = size(t3)
    o.append((4, True, 'slow', t4))
    return o, s
