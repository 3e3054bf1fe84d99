# A solver module (compared with solver.cpp): a closure called later, a nested call, tuple
# unpacking.
from dsl import *
from constants import *


def solve_67a3c6ac(I):
    x1 = rbind(replace, TWO)
    x2 = x1(I, SIX)
    x3, x4 = shape(vmirror(x2))
    O = canvas(x3, astuple(x4, x4))
    return O
