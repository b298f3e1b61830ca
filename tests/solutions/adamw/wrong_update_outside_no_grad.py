import torch

EXPECT = {
    'runs': 'in-place update of a leaf that requires grad outside torch.no_grad()',
}


def adamw_step(params, grads, state, lr, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01):
    if not state:
        state.update(step=0, exp_avg=[torch.zeros_like(p) for p in params],
                     exp_avg_sq=[torch.zeros_like(p) for p in params])
    state["step"] += 1
    b1, b2 = betas
    for p, g, m, v in zip(params, grads, state["exp_avg"], state["exp_avg_sq"]):
        p.mul_(1 - lr * weight_decay)                       # params require grad: this needs torch.no_grad()
        m.mul_(b1).add_(g, alpha=1 - b1)
        v.mul_(b2).addcmul_(g, g, value=1 - b2)
        denom = (v / (1 - b2 ** state["step"])).sqrt() + eps
        p.addcdiv_(m, denom, value=-lr / (1 - b1 ** state["step"]))
