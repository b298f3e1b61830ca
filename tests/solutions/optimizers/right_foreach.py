import math

import torch


# every tensor at once with the _foreach kernels (what torch.optim does with foreach=True)

def adam_step(params, grads, state, lr, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0):
    if "step" not in state:
        state["step"] = 0
        state["exp_avg"] = [torch.zeros_like(p) for p in params]
        state["exp_avg_sq"] = [torch.zeros_like(p) for p in params]
    state["step"] += 1
    beta1, beta2 = betas
    m, v = state["exp_avg"], state["exp_avg_sq"]
    with torch.no_grad():
        d = torch._foreach_add(list(grads), params, alpha=weight_decay)
        torch._foreach_lerp_(m, d, 1 - beta1)
        torch._foreach_mul_(v, beta2)
        torch._foreach_addcmul_(v, d, d, 1 - beta2)
        denom = torch._foreach_sqrt(v)
        torch._foreach_div_(denom, math.sqrt(1 - beta2 ** state["step"]))
        torch._foreach_add_(denom, eps)
        torch._foreach_addcdiv_(params, m, denom, -lr / (1 - beta1 ** state["step"]))


def adagrad_step(params, grads, state, lr, eps=1e-10, weight_decay=0.0, initial_accumulator_value=0.0):
    if "sum" not in state:
        state["sum"] = [torch.zeros_like(p).add_(initial_accumulator_value) for p in params]
    with torch.no_grad():
        d = torch._foreach_add(list(grads), params, alpha=weight_decay)
        torch._foreach_addcmul_(state["sum"], d, d)
        std = torch._foreach_sqrt(state["sum"])
        torch._foreach_add_(std, eps)
        torch._foreach_addcdiv_(params, d, std, -lr)


def rmsprop_step(params, grads, state, lr, alpha=0.99, eps=1e-8, weight_decay=0.0, momentum=0.0, centered=False):
    for key in ("square_avg", "grad_avg", "momentum_buffer"):
        state.setdefault(key, [torch.zeros_like(p) for p in params])
    with torch.no_grad():
        d = torch._foreach_add(list(grads), params, alpha=weight_decay)
        sq = state["square_avg"]
        torch._foreach_mul_(sq, alpha)
        torch._foreach_addcmul_(sq, d, d, 1 - alpha)
        if centered:
            torch._foreach_lerp_(state["grad_avg"], d, 1 - alpha)
            var = torch._foreach_addcmul(sq, state["grad_avg"], state["grad_avg"], -1)
            avg = torch._foreach_sqrt(var)
        else:
            avg = torch._foreach_sqrt(sq)
        torch._foreach_add_(avg, eps)
        if momentum > 0:
            torch._foreach_mul_(state["momentum_buffer"], momentum)
            torch._foreach_addcdiv_(state["momentum_buffer"], d, avg)
            torch._foreach_add_(params, state["momentum_buffer"], alpha=-lr)
        else:
            torch._foreach_addcdiv_(params, d, avg, -lr)


def lion_step(params, grads, state, lr, betas=(0.9, 0.99), weight_decay=0.0):
    if "exp_avg" not in state:
        state["exp_avg"] = [torch.zeros_like(p) for p in params]
    beta1, beta2 = betas
    m = state["exp_avg"]
    with torch.no_grad():
        c = torch._foreach_mul(m, beta1)
        torch._foreach_add_(c, list(grads), alpha=1 - beta1)
        signs = torch._foreach_sign(c)
        torch._foreach_mul_(params, 1 - lr * weight_decay)
        torch._foreach_add_(params, signs, alpha=-lr)
        torch._foreach_lerp_(m, list(grads), 1 - beta2)
