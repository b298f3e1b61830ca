import torch

EXPECT = {
    'inputs unchanged': 'a gradient modified in place: work on new tensors (g = g + ..., not g.add_)',
}


def adamw_step(params, grads, state, lr, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01):
    if not state:
        state.update(step=0, exp_avg=[torch.zeros_like(p) for p in params],
                     exp_avg_sq=[torch.zeros_like(p) for p in params])
    state["step"] += 1
    b1, b2 = betas
    with torch.no_grad():
        for p, g, m, v in zip(params, grads, state["exp_avg"], state["exp_avg_sq"]):
            p.mul_(1 - lr * weight_decay)
            m.mul_(b1).add_(g, alpha=1 - b1)
            g.mul_(g)                                        # reuses the gradient's memory for g²
            v.mul_(b2).add_(g, alpha=1 - b2)
            denom = (v / (1 - b2 ** state["step"])).sqrt() + eps
            p.addcdiv_(m, denom, value=-lr / (1 - b1 ** state["step"]))
