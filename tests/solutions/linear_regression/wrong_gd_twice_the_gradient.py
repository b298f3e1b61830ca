import torch

EXPECT = {
    'fit_gd: values': 'twice the gradient: the loss has a ½, so d/dw of (1/2N)·Σ r² is Xᵀ r / N',
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
        r = X @ w + b - y
        dw = 2 * X.T @ r / N + l2 * w          # d/dw of mean(r^2)
        db = 2 * r.mean()
        w, b = w - lr * dw, b - lr * db
    return w, b
