# Solvers for a few ARC training tasks, written in the Python ARC-DSL style for the
# battgpu-import tests. Each `solve_<task id>(I)` maps the task's input grid to its output.
from dsl import *
from constants import *


def solve_67a3c6ac(I):
    # mirror left to right
    O = vmirror(I)
    return O


def solve_68b16354(I):
    O = hmirror(I)
    return O


def solve_74dd1130(I):
    O = dmirror(I)
    return O


def solve_3c9b0459(I):
    O = rot180(I)
    return O


def solve_6150a2bd(I):
    O = rot180(I)
    return O


def solve_a416b8f3(I):
    O = hconcat(I, I)
    return O


def solve_c8f0f002(I):
    O = replace(I, SEVEN, FIVE)
    return O


def solve_b1948b0a(I):
    # a callable held in a variable, called with the remaining arguments
    x1 = rbind(replace, TWO)
    O = x1(I, SIX)
    return O


def solve_c59eb873(I):
    O = upscale(I, TWO)
    return O


def solve_9172f3a0(I):
    x1 = lbind(upscale, I)
    O = x1(THREE)
    return O


def solve_8be77c9e(I):
    x1 = hmirror(I)
    O = vconcat(I, x1)
    return O


def solve_6d0aefbc(I):
    x1 = vmirror(I)
    O = hconcat(I, x1)
    return O


def solve_c9e6f938(I):
    x1 = rot180(I)
    x2 = hmirror(x1)
    O = hconcat(I, x2)
    return O


def solve_6fa7a44f(I):
    x1 = rot180(I)
    x2 = vmirror(x1)
    O = vconcat(I, x2)
    return O


def solve_3af2c5a8(I):
    x1 = hmirror(I)
    x2 = vconcat(I, x1)
    x3 = vmirror(x2)
    O = hconcat(x2, x3)
    return O


def solve_62c24649(I):
    # the four mirror images tiled 2 x 2
    x1 = vmirror(I)
    x2 = hmirror(I)
    x3 = rot180(I)
    x4 = hconcat(I, x1)
    x5 = hconcat(x2, x3)
    O = vconcat(x4, x5)
    return O


def solve_f25ffba3(I):
    x1 = hmirror(I)
    x2 = tophalf(x1)
    x3 = bottomhalf(I)
    O = vconcat(x2, x3)
    return O


def solve_7b7f7511(I):
    # the input is two copies side by side or one above the other: keep one
    x1 = width(I)
    x2 = height(I)
    x3 = greater(x1, x2)
    x4 = branch(x3, lefthalf, tophalf)
    O = x4(I)
    return O


def solve_2dee498d(I):
    x1 = hsplit(I, THREE)
    O = last(x1)
    return O


def solve_d511f180(I):
    O = switch(I, FIVE, EIGHT)
    return O


def solve_0d3d703e(I):
    x1 = switch(I, ONE, FIVE)
    x2 = switch(x1, TWO, SIX)
    x3 = switch(x2, THREE, FOUR)
    O = switch(x3, EIGHT, NINE)
    return O


def solve_25ff71a9(I):
    """Everything that is not background falls by one row."""
    x1 = fgpartition(I)
    x2 = merge(x1)
    O = move(I, x2, DOWN)
    return O


def solve_1cf80156(I):
    x1 = mostcolor(I)
    x2 = palette(I)
    x3 = other(x2, x1)
    x4 = ofcolor(I, x3)
    O = subgrid(x4, I)
    return O


def solve_7468f01a(I):
    x1 = asindices(I)
    x2 = ofcolor(I, ZERO)
    x3 = difference(x1, x2)
    x4 = subgrid(x3, I)
    O = vmirror(x4)
    return O


def solve_28bf18c6(I):
    x1 = fgpartition(I)
    x2 = first(x1)
    x3 = subgrid(x2, I)
    O = hconcat(x3, x3)
    return O


def solve_d631b094(I):
    x1 = ofcolor(I, ZERO)
    x2 = asindices(I)
    x3 = difference(x2, x1)
    x4 = size(x3)
    x5 = palette(I)
    x6 = remove(ZERO, x5)
    x7 = first(x6)
    x8 = astuple(ONE, x4)
    O = canvas(x7, x8)
    return O


def solve_5582e5ca(I):
    x1 = mostcolor(I)
    x2 = astuple(THREE, THREE)
    O = canvas(x1, x2)
    return O


def solve_d10ecb37(I):
    x1 = astuple(TWO, TWO)
    O = crop(I, ORIGIN, x1)
    return O


def solve_4c4377d9(I):
    x1 = rot180(I)
    x2 = vmirror(x1)
    O = vconcat(x2, I)
    return O


def solve_b91ae062(I):
    # scaled up by the number of colours other than the background
    x1 = palette(I)
    x2 = remove(ZERO, x1)
    x3 = size(x2)
    O = upscale(I, x3)
    return O
