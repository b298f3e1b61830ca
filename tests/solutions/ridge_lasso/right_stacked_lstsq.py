import math

import torch


def ridge(X, y, alpha):
    n, d = X.shape
    xm = X.mean(0)
    ym = y.mean()
    # ‖yc - Xc w‖² + alpha ‖w‖² is the least-squares problem of [Xc; sqrt(alpha) I] against [yc; 0]
    A = torch.cat([X - xm, math.sqrt(alpha) * torch.eye(d, dtype=X.dtype, device=X.device)])
    t = torch.cat([y - ym, torch.zeros(d, dtype=X.dtype, device=X.device)])
    w = torch.linalg.lstsq(A.double(), t.double()[:, None]).solution[:, 0].to(X.dtype)
    return w, ym - xm @ w


def soft(v, a):
    return torch.where(v > a, v - a, torch.where(v < -a, v + a, torch.zeros_like(v)))


def lasso(X, y, alpha, max_iter=1000, tol=1e-6):
    n, d = X.shape
    Xc = X - X.mean(0)
    yc = y - y.mean()
    norms = (Xc ** 2).mean(0)
    w = torch.zeros_like(norms)
    it = 0
    while it < max_iter:
        it += 1
        before = w.clone()
        for j in range(d):
            if norms[j] == 0:
                continue
            partial = yc - Xc @ w + Xc[:, j] * w[j]        # residual without coordinate j
            w[j] = soft((Xc[:, j] * partial).mean(), alpha) / norms[j]
        if (w - before).abs().max() < tol:
            break
    return w, y.mean() - X.mean(0) @ w
