import torch


def newton_schulz(G: torch.Tensor, steps: int = 5) -> torch.Tensor:
    a, b, c = 3.4445, -4.7750, 2.0315
    tall = G.shape[0] > G.shape[1]
    X = G.T if tall else G                               # wide: the Gram matrix X Xᵀ is the small one
    X = X / (X.norm() + 1e-7)                            # Frobenius norm 1 puts every singular value in [0, 1]
    for _ in range(steps):
        A = X @ X.T                                      # (r, r), r = min(rows, cols)
        B = b * A + c * A @ A
        X = a * X + B @ X                                # a X + b (X Xᵀ) X + c (X Xᵀ)² X: odd in X
    return X.T if tall else X


def muon_step(params: list[torch.Tensor], grads: list[torch.Tensor], state: dict, lr: float,
              momentum: float = 0.95, nesterov: bool = True, ns_steps: int = 5, weight_decay: float = 0.0) -> None:
    if not state:
        state["momentum_buffer"] = [torch.zeros_like(p) for p in params]
    with torch.no_grad():                                # params are leaves that require grad
        for p, g, buf in zip(params, grads, state["momentum_buffer"]):
            buf.lerp_(g, 1 - momentum)                   # buf = momentum * buf + (1 - momentum) * g
            update = g.lerp(buf, momentum) if nesterov else buf    # Nesterov: look ahead along the buffer
            O = newton_schulz(update, ns_steps)
            scale = max(1.0, p.shape[0] / p.shape[1]) ** 0.5       # tall matrices: same RMS per update
            p.mul_(1 - lr * weight_decay)                # decoupled decay, with the plain lr
            p.add_(O, alpha=-lr * scale)
