import torch


def adamw_step(params, grads, state, lr, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01):
    beta1, beta2 = betas
    step = state.get("step", 0) + 1
    old_m = state.get("exp_avg", [torch.zeros_like(p) for p in params])
    old_v = state.get("exp_avg_sq", [torch.zeros_like(p) for p in params])
    new_m, new_v = [], []
    for p, g, m, v in zip(params, grads, old_m, old_v):
        m = beta1 * m + (1 - beta1) * g
        v = beta2 * v + (1 - beta2) * g ** 2
        m_hat = m / (1 - beta1 ** step)
        v_hat = v / (1 - beta2 ** step)
        update = m_hat / (v_hat ** 0.5 + eps) + weight_decay * p.detach()
        with torch.no_grad():
            p.copy_(p - lr * update)
        new_m.append(m)
        new_v.append(v)
    state.update(step=step, exp_avg=new_m, exp_avg_sq=new_v)
