import torch

EXPECT = {
    'newton_schulz: dtype': "computed in bfloat16 (as the speedrun's code does): work and return in G's dtype",
    'muon_step: values': '',
}


def newton_schulz(G, steps=5):
    a, b, c = (3.4445, -4.7750, 2.0315)
    X = G.bfloat16()
    if G.size(-2) > G.size(-1):
        X = X.mT
    X = X / (X.norm(dim=(-2, -1), keepdim=True) + 1e-7)
    for _ in range(steps):
        A = X @ X.mT
        B = b * A + c * A @ A
        X = a * X + B @ X
    if G.size(-2) > G.size(-1):
        X = X.mT
    return X


def muon_step(params, grads, state, lr, momentum=0.95, nesterov=True, ns_steps=5, weight_decay=0.0):
    if not state:
        state["momentum_buffer"] = [torch.zeros_like(p) for p in params]
    with torch.no_grad():
        for p, g, buf in zip(params, grads, state["momentum_buffer"]):
            buf.lerp_(g, 1 - momentum)
            u = g.lerp(buf, momentum) if nesterov else buf
            p.mul_(1 - lr * weight_decay)
            p.add_(newton_schulz(u, ns_steps), alpha=-lr * max(1, p.shape[0] / p.shape[1]) ** 0.5)
