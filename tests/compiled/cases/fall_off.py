# A batt function that falls off its end (it returns None), and a statement after the
# records that never runs because a return came first inside a try.
from dsl import *
from constants import *


def batt(task_id, S, I, C, log_path):
    s = []
    o = []
    o.append((1, True, 'x', I))
    try:
        t1 = size(I)
    except TypeError:
        return o, s
