import math

import torch

COEFFS = (3.4445, -4.7750, 2.0315)


def newton_schulz(G, steps=5):
    # no transposes: a tall X multiplies its small Gram matrix XᵀX from the right instead
    a, b, c = COEFFS
    X = G / (torch.linalg.matrix_norm(G) + 1e-7)
    tall = G.shape[0] > G.shape[1]
    for _ in range(steps):
        if tall:
            S = X.T @ X                                  # (cols, cols)
            X = a * X + X @ (b * S + c * (S @ S))
        else:
            S = X @ X.T                                  # (rows, rows)
            X = a * X + (b * S + c * (S @ S)) @ X
    return X


def muon_step(params, grads, state, lr, momentum=0.95, nesterov=True, ns_steps=5, weight_decay=0.0):
    if "momentum_buffer" not in state:
        state["momentum_buffer"] = [torch.zeros_like(p) for p in params]
    for p, g, buf in zip(params, grads, state["momentum_buffer"]):
        buf.mul_(momentum).add_((1 - momentum) * g)
        u = (1 - momentum) * g + momentum * buf if nesterov else buf
        step = newton_schulz(u, ns_steps) * math.sqrt(max(1.0, p.shape[0] / p.shape[1]))
        with torch.no_grad():
            p.copy_(p * (1 - lr * weight_decay) - lr * step)
