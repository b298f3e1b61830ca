import torch

EXPECT = {
    'fit_gd: values': 'b updated with the residuals of the new w: compute dw and db from the same point',
}


def fit_closed_form(X, y, l2=0.0):
    N, D = X.shape
    x_mean, y_mean = X.mean(0), y.mean()
    Xc = X - x_mean
    w = torch.linalg.solve(Xc.T @ Xc + N * l2 * torch.eye(D, dtype=X.dtype, device=X.device), Xc.T @ (y - y_mean))
    return w, y_mean - x_mean @ w


def fit_gd(X, y, l2=0.0, lr=0.1, steps=100):
    N = X.shape[0]
    w, b = X.new_zeros(X.shape[1]), X.new_zeros(())
    for _ in range(steps):
        w = w - lr * (X.T @ (X @ w + b - y) / N + l2 * w)
        b = b - lr * (X @ w + b - y).mean()
    return w, b
