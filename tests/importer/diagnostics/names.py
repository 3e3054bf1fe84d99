# Unknown names, wrong arities and calls of values.
def solve_unknown_callee(I):
    x1 = mirror_left(I)
    return x1
def solve_unknown_argument(I):
    x1 = hconcat(I, x9)
    return x1
def solve_samples_in_solver(I):
    x1 = vmirror(I)
    x2 = apply(first, S)
    return x1
def solve_arity(I):
    x1 = vmirror(I, I)
    return x1
def solve_arity_two(I):
    x1 = upscale(I)
    return x1
def solve_bound_arity(I):
    x1 = rbind(replace, TWO)
    x2 = x1(I)
    return x2
def solve_bind_unary(I):
    x1 = rbind(vmirror, TWO)
    return I
def solve_call_value(I):
    x1 = vmirror(I)
    x2 = x1(I)
    return x2
def solve_call_constant(I):
    x1 = ONE(I)
    return x1
def solve_no_return(I):
    x1 = vmirror(I)
    x2 = hmirror(x1)
def solve_fine(I):
    O = vmirror(I)
    return O
def solve_fine(I):
    O = hmirror(I)
    return O
def solve_value_as_function(I):
    x1 = size(I)
    x2 = apply(x1, I)
    return x2
def solve_binary_for_apply(I):
    x1 = objects(I, T, F, T)
    x2 = apply(combine, x1)
    return x2
def solve_fork_outer(I):
    x1 = fork(vmirror, identity, identity)
    return I
def solve_bound_ok(I):
    x1 = rbind(colorcount, ONE)
    x2 = objects(I, T, F, T)
    x3 = argmax(x2, x1)
    x4 = fork(combine, vfrontier, hfrontier)
    x5 = compose(x4, center)
    x6 = mapply(x5, x2)
    O = fill(I, ONE, x6)
    return O
