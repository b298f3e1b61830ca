import torch

EXPECT = {
    'values': "L2 regularisation (weight_decay * p added to the gradient, as Adam does) instead of AdamW's decoupled decay p *= 1 - lr * weight_decay",
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
            g = g + weight_decay * p
            m.mul_(b1).add_((1 - b1) * g)
            v.mul_(b2).add_((1 - b2) * g * g)
            m_hat = m / (1 - b1 ** t)
            v_hat = v / (1 - b2 ** t)
            p.sub_(lr * m_hat / (v_hat.sqrt() + eps))
