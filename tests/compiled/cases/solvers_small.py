# A solver module (arc-dsl's dialect): solvers that return, raise (arc-dsl's functions raise
# to their caller), unpack, call unknown names, catch, and one defined twice (the later one is
# used).
from dsl import *
from constants import *


def solve_007bbfb7(I):
    x1 = hupscale(I, THREE)
    x2 = vupscale(x1, THREE)
    x3 = ofcolor(I, ZERO)
    x4 = shift(x3, UNITY)
    O = fill(x2, ZERO, x4)
    return O


def solve_00d62c1b(I):
    x1, x2 = first(I)
    O = canvas(x1, astuple(x2, TWO))
    return O


def solve_017c7c7b(I):
    x1 = undefined_thing(I)
    return x1


def solve_025d127b(I):
    try:
        x1 = first(first(I))(I)
    except TypeError:
        x1 = vmirror(I)
    return x1


def solve_045e512c(I):
    x1 = objects(I, T, F, T)
    x2 = argmax(x1, size)
    x3 = first(sizefilter(x1, 100))
    O = paint(I, x2)
    return O


def solve_0520fde7(I):
    O = vmirror(I)
    return O


def solve_0520fde7(I):
    x1 = lefthalf(I)
    O = x1
    return O


def solve_05269061(I):
    x1 = rbind(colorcount, ZERO)
    x2 = x1(I)
    x3 = x2(I)
    return x3
