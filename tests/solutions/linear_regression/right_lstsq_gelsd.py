import torch


def fit_closed_form(X, y, l2=0.0):
    # the intercept as a column of ones, the ridge as extra rows that penalise w only; SVD least squares
    N, D = X.shape
    ones = torch.ones(N, 1, dtype=X.dtype, device=X.device)
    ridge = torch.cat([(N * l2) ** 0.5 * torch.eye(D, dtype=X.dtype, device=X.device),
                       torch.zeros(D, 1, dtype=X.dtype, device=X.device)], 1)
    A = torch.cat([torch.cat([X, ones], 1), ridge])                     # (N + D, D + 1)
    t = torch.cat([y, y.new_zeros(D)])
    theta = torch.linalg.lstsq(A, t[:, None], driver="gelsd").solution[:, 0]
    return theta[:D], theta[D]


def fit_gd(X, y, l2=0.0, lr=0.1, steps=100):
    N = X.shape[0]
    w, b = X.new_zeros(X.shape[1]), X.new_zeros(())
    for _ in range(steps):
        r = torch.addmv(b - y, X, w)
        dw, db = torch.addmv(l2 * w, X.T, r, alpha=1 / N), r.mean()
        w, b = w - lr * dw, b - lr * db
    return w, b
