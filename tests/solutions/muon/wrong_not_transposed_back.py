import torch

EXPECT = {
    'newton_schulz: shape': 'a tall matrix transposed but not transposed back: newton_schulz returns the shape of G',
    'newton_schulz: singular values near 1': '',
    'muon_step: runs': 'a tall matrix transposed but not transposed back: newton_schulz returns the shape of G',
}


def newton_schulz(G, steps=5):
    a, b, c = 3.4445, -4.7750, 2.0315
    X = G.T if G.shape[0] > G.shape[1] else G
    X = X / (X.norm() + 1e-7)
    for _ in range(steps):
        A = X @ X.T
        X = a * X + (b * A + c * A @ A) @ X
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
