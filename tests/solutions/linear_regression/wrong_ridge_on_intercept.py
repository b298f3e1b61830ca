import torch

EXPECT = {
    'fit_closed_form: values': 'ridge on the intercept: the penalty is on w only, not on b',
    'fit_closed_form: normal equations hold (a stable solve)': '',
    'fit_gd: values': 'ridge on the intercept: the penalty is on w only, not on b',
}


def fit_closed_form(X, y, l2=0.0):
    N, D = X.shape
    Xb = torch.cat([X, torch.ones_like(X[:, :1])], dim=1)            # bias as one more feature
    theta = torch.linalg.solve(Xb.T @ Xb + N * l2 * torch.eye(D + 1, dtype=X.dtype, device=X.device), Xb.T @ y)
    return theta[:D], theta[D]


def fit_gd(X, y, l2=0.0, lr=0.1, steps=100):
    N, D = X.shape
    Xb = torch.cat([X, torch.ones_like(X[:, :1])], dim=1)
    theta = X.new_zeros(D + 1)
    for _ in range(steps):
        theta = theta - lr * (Xb.T @ (Xb @ theta - y) / N + l2 * theta)
    return theta[:D], theta[D]
