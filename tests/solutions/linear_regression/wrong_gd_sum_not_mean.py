import torch

EXPECT = {
    'fit_gd: values': 'gradient not divided by N: the loss is a mean over the samples, so is its gradient',
}


def fit_closed_form(X, y, l2=0.0):
    N, D = X.shape
    x_mean, y_mean = X.mean(0), y.mean()
    Xc = X - x_mean
    w = torch.linalg.solve(Xc.T @ Xc + N * l2 * torch.eye(D, dtype=X.dtype, device=X.device), Xc.T @ (y - y_mean))
    return w, y_mean - x_mean @ w


def fit_gd(X, y, l2=0.0, lr=0.1, steps=100):
    w, b = X.new_zeros(X.shape[1]), X.new_zeros(())
    for _ in range(steps):
        r = X @ w + b - y
        w, b = w - lr * (X.T @ r + l2 * w), b - lr * r.sum()
    return w, b
