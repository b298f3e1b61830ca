import torch


def newton_schulz(G, steps=5):
    # fused multiply-adds as torch.optim.Muon writes them, and a clamped norm
    a, b, c = (3.4445, -4.7750, 2.0315)
    X = G.clone()
    if G.size(0) > G.size(1):
        X = X.T
    X = X / X.norm().clamp(min=1e-7)
    for _ in range(steps):
        gram = X @ X.T
        update = torch.addmm(gram, gram, gram, beta=b, alpha=c)
        X = torch.addmm(X, update, X, beta=a)
    if G.size(0) > G.size(1):
        X = X.T
    return X


def muon_step(params, grads, state, lr, momentum=0.95, nesterov=True, ns_steps=5, weight_decay=0.0):
    bufs = state.setdefault("momentum_buffer", [torch.zeros_like(p) for p in params])
    with torch.no_grad():
        for i, p in enumerate(params):
            g = grads[i]
            bufs[i].lerp_(g, 1 - momentum)
            u = g.lerp(bufs[i], momentum) if nesterov else bufs[i]
            o = newton_schulz(u, ns_steps)
            A, B = p.shape[:2]
            adjusted_lr = lr * max(1, A / B) ** 0.5
            p.mul_(1 - lr * weight_decay)
            p.add_(o, alpha=-adjusted_lr)
