# A solver module full of statements that are wrong but importable: unknown names (warnings;
# NameError when they run), wrong numbers of arguments, calls of values, a solver without a
# return (it returns None), a solver defined twice (the later one is used). Each fails when it
# runs, as in Python. Each solver is named after a task it runs on (its purpose in the comment).
# unknown callee
def solve_007bbfb7(I):
    x1 = mirror_left(I)
    return x1
# unknown argument
def solve_00d62c1b(I):
    x1 = hconcat(I, x9)
    return x1
# samples in solver
def solve_017c7c7b(I):
    x1 = vmirror(I)
    x2 = apply(first, S)
    return x1
# arity
def solve_025d127b(I):
    x1 = vmirror(I, I)
    return x1
# bound arity
def solve_045e512c(I):
    x1 = rbind(replace, TWO)
    x2 = x1(I)
    return x2
# call value
def solve_0520fde7(I):
    x1 = vmirror(I)
    x2 = x1(I)
    return x2
# call constant
def solve_05269061(I):
    x1 = ONE(I)
    return x1
# no return
def solve_05f2a901(I):
    x1 = vmirror(I)
    x2 = hmirror(x1)
# fine
def solve_06df4c85(I):
    O = vmirror(I)
    return O
# fine
def solve_06df4c85(I):
    O = hmirror(I)
    return O
# value as function
def solve_08ed6ac7(I):
    x1 = size(I)
    x2 = apply(x1, I)
    return x2
def helper(a, b):
    return a
