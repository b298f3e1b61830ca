import torch

EXPECT = {
    'no loop': '',
}


def adamw_step(params, grads, state, lr, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01):
    if not state:
        state["step"] = 0
        state["exp_avg"] = [torch.zeros_like(p) for p in params]
        state["exp_avg_sq"] = [torch.zeros_like(p) for p in params]
    state["step"] += 1
    t = state["step"]
    b1, b2 = betas
    with torch.no_grad():
        for p, g, m, v in zip(params, grads, state["exp_avg"], state["exp_avg_sq"]):
            if p.dim() < 2:
                rows = [(p, g, m, v)]
            else:
                rows = zip(p, g, m, v)
            for pr, gr, mr, vr in rows:
                pr.mul_(1 - lr * weight_decay)
                mr.mul_(b1).add_((1 - b1) * gr)
                vr.mul_(b2).add_((1 - b2) * gr * gr)
                pr.sub_(lr * (mr / (1 - b1 ** t)) / ((vr / (1 - b2 ** t)).sqrt() + eps))
