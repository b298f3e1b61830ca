import torch

EXPECT = {
    'fit_gd: no loop': '',
    'banned calls': '',
}


def fit_closed_form(X, y, l2=0.0):
    N, D = X.shape
    x_mean, y_mean = X.mean(0), y.mean()
    Xc = X - x_mean
    w = torch.linalg.solve(Xc.T @ Xc + N * l2 * torch.eye(D, dtype=X.dtype, device=X.device), Xc.T @ (y - y_mean))
    return w, y_mean - x_mean @ w


def fit_gd(X, y, l2=0.0, lr=0.1, steps=100):
    w = X.new_zeros(X.shape[1], requires_grad=True)
    b = X.new_zeros((), requires_grad=True)
    for _ in range(steps):
        loss = ((X @ w + b - y) ** 2).mean() / 2 + l2 / 2 * (w * w).sum()
        dw, db = torch.autograd.grad(loss, (w, b))
        with torch.no_grad():
            w -= lr * dw
            b -= lr * db
    return w.detach(), b.detach()
