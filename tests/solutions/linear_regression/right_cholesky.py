import torch


def fit_closed_form(X, y, l2=0.0):
    n, d = X.shape
    x_bar = X.mean(0, keepdim=True)
    Xc = X - x_bar
    gram = Xc.T @ Xc + n * l2 * torch.eye(d, dtype=X.dtype, device=X.device)
    L = torch.linalg.cholesky(gram)
    w = torch.cholesky_solve((Xc.T @ (y - y.mean()))[:, None], L)[:, 0]
    b = y.mean() - (x_bar @ w).squeeze(0)
    return w, b


def fit_gd(X, y, l2=0.0, lr=0.1, steps=100):
    n, d = X.shape
    Xa = torch.cat([X, torch.ones_like(X[:, :1])], dim=1)         # last column: the intercept
    penalty = torch.cat([torch.full_like(X[0], l2), torch.zeros_like(X[0, :1])])
    theta = torch.zeros_like(Xa[0])
    for _ in range(steps):
        theta = theta - lr * (Xa.T @ (Xa @ theta - y) / n + penalty * theta)
    return theta[:d], theta[d]
