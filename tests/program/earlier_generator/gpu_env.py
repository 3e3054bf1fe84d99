# Stands in for the `gpu_env` module of tokpidjin's earlier runtime: batt files import GPUEnv
# from it (as Env) without using it.


class GPUEnv:
    pass
