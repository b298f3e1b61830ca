import torch

EXPECT = {
    'fit_closed_form: normal equations hold (a stable solve)': 'normal equations solved through an explicit inverse (inv(XᵀX) @ Xᵀy): inaccurate when XᵀX is ill-conditioned; solve the system instead',
}


def fit_closed_form(X, y, l2=0.0):
    N, D = X.shape
    x_mean, y_mean = X.mean(0), y.mean()
    Xc = X - x_mean
    A = Xc.T @ Xc + N * l2 * torch.eye(D, dtype=X.dtype, device=X.device)
    w = torch.linalg.inv(A) @ Xc.T @ (y - y_mean)
    return w, y_mean - x_mean @ w


def fit_gd(X, y, l2=0.0, lr=0.1, steps=100):
    N = X.shape[0]
    w, b = X.new_zeros(X.shape[1]), X.new_zeros(())
    for _ in range(steps):
        r = X @ w + b - y
        w, b = w - lr * (X.T @ r / N + l2 * w), b - lr * r.mean()
    return w, b
