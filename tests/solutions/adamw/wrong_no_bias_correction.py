import torch

EXPECT = {
    'values': 'no bias correction: divide m by 1 - beta1 ** step and v by 1 - beta2 ** step',
    'the first step is lr * sign(grad)': '',
}


def adamw_step(params, grads, state, lr, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01):
    if not state:
        state["step"] = 0
        state["exp_avg"] = [torch.zeros_like(p) for p in params]
        state["exp_avg_sq"] = [torch.zeros_like(p) for p in params]
    state["step"] += 1
    b1, b2 = betas
    with torch.no_grad():
        for p, g, m, v in zip(params, grads, state["exp_avg"], state["exp_avg_sq"]):
            p.mul_(1 - lr * weight_decay)
            m.mul_(b1).add_((1 - b1) * g)
            v.mul_(b2).add_((1 - b2) * g * g)
            p.sub_(lr * m / (v.sqrt() + eps))
