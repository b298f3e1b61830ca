import torch

EXPECT = {
    'fit_closed_form: values': 'the ridge term is l2 · I: for the MEAN squared error it is N · l2 · I ((XcᵀXc + N·l2·I) w = Xcᵀyc)',
    'fit_closed_form: normal equations hold (a stable solve)': '',
}


def fit_closed_form(X, y, l2=0.0):
    D = X.shape[1]
    x_mean, y_mean = X.mean(0), y.mean()
    Xc, yc = X - x_mean, y - y_mean
    w = torch.linalg.solve(Xc.T @ Xc + l2 * torch.eye(D, dtype=X.dtype, device=X.device), Xc.T @ yc)
    return w, y_mean - x_mean @ w


def fit_gd(X, y, l2=0.0, lr=0.1, steps=100):
    N = X.shape[0]
    w, b = X.new_zeros(X.shape[1]), X.new_zeros(())
    for _ in range(steps):
        r = X @ w + b - y
        w, b = w - lr * (X.T @ r / N + l2 * w), b - lr * r.mean()
    return w, b
