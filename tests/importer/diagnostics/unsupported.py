# Constructs outside the batt and solver forms: each is an error, and the file is not imported
# (nothing is written). The forms between them (tuple unpacking, string and tuple values, a
# call as a statement, a statement after a return) are inside the forms.
def solve_if(I):
    x1 = vmirror(I)
    if x1:
        x1 = hmirror(I)
    return x1
def solve_for(I):
    for x in I:
        pass
    return I
def solve_subscript(I):
    x1 = I[0]
    return x1
def solve_attribute(I):
    x1 = I.copy()
    return x1
def solve_keyword(I):
    x1 = upscale(I, factor=TWO)
    return x1
def solve_lambda(I):
    x1 = lambda x: x
    return I
def solve_unpack(I):
    a, b = hsplit(I, TWO)
    return a
def solve_augmented(I):
    x1 = size(I)
    x1 += 1
    return I
def solve_operator(I):
    x1 = size(I)
    x2 = x1 + ONE
    return I
def solve_string(I):
    x1 = 'grid'
    return I
def solve_tuple(I):
    x1 = canvas(ZERO, (3, 3))
    return x1
def solve_nested(I):
    def helper(x):
        return x
    return I
def solve_after_return(I):
    return I
    x1 = vmirror(I)
def solve_bare_call(I):
    vmirror(I)
    return I
x = 3
def helper(a, b):
    return a
def solve_two_params(I, J):
    return I
def solve_fine(I):
    O = vmirror(I)
    return O
