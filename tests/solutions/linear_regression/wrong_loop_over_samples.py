import torch

EXPECT = {
    'fit_gd: no loop': '',
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
        dw, db = l2 * w, torch.zeros_like(b)
        for i in range(N):
            r = X[i] @ w + b - y[i]
            dw = dw + r * X[i] / N
            db = db + r / N
        w, b = w - lr * dw, b - lr * db
    return w, b
