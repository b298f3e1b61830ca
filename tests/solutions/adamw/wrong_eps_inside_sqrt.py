import torch

EXPECT = {
    'values': 'eps inside the square root: the denominator is sqrt(v_hat) + eps',
    'the first step is lr * sign(grad)': '',
}


def adamw_step(params, grads, state, lr, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01):
    if len(state) == 0:
        state["step"] = 0
        state["exp_avg"] = [torch.zeros_like(p) for p in params]
        state["exp_avg_sq"] = [torch.zeros_like(p) for p in params]
    state["step"] += 1
    step = state["step"]
    beta1, beta2 = betas
    with torch.no_grad():
        for i, p in enumerate(params):
            g = grads[i]
            m, v = state["exp_avg"][i], state["exp_avg_sq"][i]
            p.mul_(1 - lr * weight_decay)
            m.lerp_(g, 1 - beta1)
            v.mul_(beta2).addcmul_(g, g, value=1 - beta2)
            m_hat = m / (1 - beta1 ** step)
            v_hat = v / (1 - beta2 ** step)
            p.add_(-lr * m_hat / torch.sqrt(v_hat + eps))
