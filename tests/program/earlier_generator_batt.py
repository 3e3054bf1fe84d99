# A batt module in the form earlier versions of tokpidjin's card.py wrote (run with the modules
# of earlier_generator/ on the path): the DSL imported through `pile`, helpers of that
# runtime imported (one renamed), a comment before each statement, no try/except around the
# statements (a statement that raises ends the call), and the sample pattern as one call of
# batch_process_samples_gpu unpacked into four variables.

from pile import *
from gpu_env import GPUEnv as Env
from safe_dsl import _get_safe_default
from batt_gpu import batch_process_samples_gpu

def batt(task_id, S, I, C, log_path):
    s = []
    o = []
    # Pre-mutate: t1 - differ = True - solver = False
    t1 = identity(p_g)
    t2 = t1(I)
    t3 = t1(C)
    t4 = difference_tuple(t3, t2)
    t5 = size(t4)
    t6 = get_nth_t(t4, F0)
    t7 = astuple(t5, t6)
    s.append((7, 'None', 'differ_grid', t7))
    # Pre-mutate: t8 - differ = True - solver = False
    t8 = rbind(o_g, R5)
    t9 = t8(I)
    t10 = t8(C)
    t11 = rbind(sizefilter, ONE)
    t12 = t11(t9)
    t13 = t11(t10)
    t14 = difference(t12, t13)
    t15 = size(t14)
    t16 = get_nth_f(t14, F0)
    t17 = astuple(t15, t16)
    s.append((17, 'None', 'differ_singletons', t17))
    t18 = difference(t13, t12)
    t19 = multiply(size(t18), HUNDRED)
    s.append((19, 'None', 'differ_singletons_back', t19))
    # GPU Batch Pattern: Sample processing (t20-t23)
    t20, t21, t22, t23 = batch_process_samples_gpu(S)
    t24 = dedupe(t22)
    t25 = dedupe(t23)
    t26 = difference_tuple(t24, t25)
    t27 = get_nth_t(t26, F0)
    t28 = replace(I, THREE, MAGENTA)
    t29 = f_ofcolor(I, BLUE)
    t30 = o_g(I, R4)
    t31 = colorfilter(t30, BLACK)
    t32 = fork(difference, toindices, box)
    t33 = mapply(t32, t31)
    t34 = fill(I, t27, t33)
    o.append((34, False, 'fill_boxes', t34))
    t35 = t1(t34)
    t36 = difference_tuple(t3, t35)
    t37 = astuple(size(t36), get_nth_t(t36, F0))
    s.append((37, 'fill_boxes', 'differ_grid', t37))
    t38 = mir_rot_t(I, R1)
    o.append((38, False, 'mirror', t38))
    t39 = hconcat(I, I)
    t40 = cellwise(I, t38, NEG_ONE)
    t41 = f_ofcolor(t40, NEG_ONE)
    t42 = subtract(multiply(height_t(I), width_t(I)), size(t41))
    o.append((42, True, 'same_cells', t42))
    # GPU Batch Pattern: Sample processing (t43-t46)
    t43, t44, t45, t46 = batch_process_samples_gpu(S)
    t47 = get_nth_t(t44, L1)
    t48 = equality(t47, C)
    o.append((48, t48, 'last_output', t47))
    t49 = lbind(lbind, shift)
    t50 = compose(center, rbind(get_nth_f, F0))
    t51 = t50(t9)
    s.append((51, 'None', 'center', t51))
    # Ill-typed statements, as the search writes them: an int called with a grid raises, and
    # with no try around it the call ends there. Only the scoring call of each task's last
    # train sample calls a function here.
    t52 = branch(t48, t1, t5)
    t53 = t52(I)
    o.append((53, False, 'last_sample_scored', t53))
    return o, s
