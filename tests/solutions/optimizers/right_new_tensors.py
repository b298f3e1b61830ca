import torch


# new tensors for everything, written back into the params with copy_; the state lists replaced


def _write(params, values):
    with torch.no_grad():
        for p, value in zip(params, values):
            p.copy_(value)


def adam_step(params, grads, state, lr, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0):
    beta1, beta2 = betas
    t = state.get("step", 0) + 1
    ms = state.get("exp_avg") or [torch.zeros_like(p) for p in params]
    vs = state.get("exp_avg_sq") or [torch.zeros_like(p) for p in params]
    new_p, new_m, new_v = [], [], []
    for p, g, m, v in zip(params, grads, ms, vs):
        p = p.detach()
        g = g + weight_decay * p
        m = beta1 * m + (1 - beta1) * g
        v = beta2 * v + (1 - beta2) * g.square()
        m_hat, v_hat = m / (1 - beta1 ** t), v / (1 - beta2 ** t)
        new_p.append(p - lr * m_hat / (torch.sqrt(v_hat) + eps))
        new_m.append(m)
        new_v.append(v)
    _write(params, new_p)
    state.update(step=t, exp_avg=new_m, exp_avg_sq=new_v)


def adagrad_step(params, grads, state, lr, eps=1e-10, weight_decay=0.0, initial_accumulator_value=0.0):
    sums = state.get("sum") or [torch.full_like(p, initial_accumulator_value) for p in params]
    ds = [g + weight_decay * p.detach() for p, g in zip(params, grads)]
    sums = [s + d ** 2 for s, d in zip(sums, ds)]
    _write(params, [p.detach() - lr * d / (s ** 0.5 + eps) for p, d, s in zip(params, ds, sums)])
    state["sum"] = sums


def rmsprop_step(params, grads, state, lr, alpha=0.99, eps=1e-8, weight_decay=0.0, momentum=0.0, centered=False):
    zeros = [torch.zeros_like(p) for p in params]
    sqs, gas, bufs = state.get("square_avg", zeros), state.get("grad_avg", zeros), state.get("momentum_buffer", zeros)
    new_p, new_sq, new_ga, new_buf = [], [], [], []
    for p, g, sq, ga, buf in zip(params, grads, sqs, gas, bufs):
        p = p.detach()
        g = g + weight_decay * p
        sq = torch.lerp(g * g, sq, alpha)                 # alpha * sq + (1 - alpha) * g²
        ga = torch.lerp(g, ga, alpha)
        avg = (sq - ga ** 2 if centered else sq).sqrt() + eps
        step = g / avg
        if momentum > 0:
            buf = momentum * buf + step
            step = buf
        new_p.append(p - lr * step)
        new_sq.append(sq)
        new_ga.append(ga)
        new_buf.append(buf)
    _write(params, new_p)
    state.update(square_avg=new_sq, grad_avg=new_ga, momentum_buffer=new_buf)


def lion_step(params, grads, state, lr, betas=(0.9, 0.99), weight_decay=0.0):
    beta1, beta2 = betas
    ms = state.get("exp_avg") or [torch.zeros_like(p) for p in params]
    new_p = []
    for p, g, m in zip(params, grads, ms):
        p = p.detach()
        c = torch.lerp(g, m, beta1)                       # beta1 * m + (1 - beta1) * g
        update = torch.where(c > 0, 1.0, 0.0) - torch.where(c < 0, 1.0, 0.0)
        new_p.append(p - lr * (update + weight_decay * p))
    _write(params, new_p)
    state["exp_avg"] = [torch.lerp(g, m, beta2) for g, m in zip(grads, ms)]
