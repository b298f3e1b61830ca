import math

import torch


def fit_closed_form(X, y, l2=0.0):
    # ridge as least squares on the centred data stacked over sqrt(N·l2)·I, solved by QR in float64
    N, D = X.shape
    A, t = X.double(), y.double()
    mu, nu = A.mean(0), t.mean()
    A = torch.cat([A - mu, math.sqrt(N * l2) * torch.eye(D, dtype=A.dtype, device=A.device)])
    t = torch.cat([t - nu, t.new_zeros(D)])
    Q, R = torch.linalg.qr(A)                                   # A = QR, R (D, D) upper triangular
    w = torch.linalg.solve_triangular(R, (Q.T @ t)[:, None], upper=True)[:, 0]
    return w.to(X.dtype), (nu - mu @ w).to(X.dtype)


def fit_gd(X, y, l2=0.0, lr=0.1, steps=100):
    N, D = X.shape
    w, b = X.new_zeros(D, dtype=torch.float64), X.new_zeros((), dtype=torch.float64)
    A, t = X.double(), y.double()
    for _ in range(steps):
        r = A @ w + b - t
        w, b = w - lr * (A.T @ r / N + l2 * w), b - lr * r.mean()
    return w.to(X.dtype), b.to(X.dtype)
