# Three solvers that share calls: the portfolio computes 6 of their 9 calls.
def solve_a(I):
    x1 = objects(I, T, F, T)
    x2 = first(x1)
    O = subgrid(x2, I)
    return O


def solve_b(I):
    y = objects(I, T, F, T)
    z = first(y)
    O = vmirror(I)
    return O


def solve_c(I):
    x1 = vmirror(I)
    x2 = I
    x3 = hmirror(x1)
    O = hconcat(x3, x2)
    return O
