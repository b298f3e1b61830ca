import math

import torch


def adamw_step(params, grads, state, lr, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01):
    # all tensors at once with the _foreach kernels (what torch.optim does with foreach=True)
    if "step" not in state:
        state["step"] = 0
        state["exp_avg"] = [torch.zeros_like(p) for p in params]
        state["exp_avg_sq"] = [torch.zeros_like(p) for p in params]
    state["step"] += 1
    beta1, beta2 = betas
    m, v = state["exp_avg"], state["exp_avg_sq"]
    step_size = lr / (1 - beta1 ** state["step"])
    root_bc2 = math.sqrt(1 - beta2 ** state["step"])
    with torch.no_grad():
        torch._foreach_mul_(params, 1 - lr * weight_decay)
        torch._foreach_lerp_(m, list(grads), 1 - beta1)
        torch._foreach_mul_(v, beta2)
        torch._foreach_addcmul_(v, list(grads), list(grads), 1 - beta2)
        denom = torch._foreach_sqrt(v)
        torch._foreach_div_(denom, root_bc2)
        torch._foreach_add_(denom, eps)
        torch._foreach_addcdiv_(params, m, denom, -step_size)
