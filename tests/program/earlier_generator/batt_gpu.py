# Stands in for the `batt_gpu` module of tokpidjin's earlier runtime: its
# batch_process_samples_gpu(S) as that runtime computes it without a GPU, which is the meaning
# battgpu gives the helper (interp/sample_batch.hpp).
from dsl import apply, first, mapply, p_g, second


def batch_process_samples_gpu(S):
    inputs = apply(first, S)
    outputs = apply(second, S)
    return inputs, outputs, mapply(p_g, inputs), mapply(p_g, outputs)
