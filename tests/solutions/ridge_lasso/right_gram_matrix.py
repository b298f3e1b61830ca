import torch


def ridge(X, y, alpha):
    mu, ybar = X.mean(dim=0), y.mean()
    A, t = X - mu, y - ybar
    L = torch.linalg.cholesky(A.T @ A + alpha * torch.eye(X.shape[1], dtype=X.dtype, device=X.device))
    w = torch.cholesky_solve((A.T @ t)[:, None], L)[:, 0]
    return w, ybar - mu @ w


def lasso(X, y, alpha, max_iter=1000, tol=1e-6):
    n, d = X.shape
    mu, ybar = X.mean(dim=0), y.mean()
    A = X - mu
    G = A.T @ A / n                         # (d, d) Gram matrix: rho_j = c_j - G_j · w + G_jj w_j
    c = A.T @ (y - ybar) / n
    w = torch.zeros(d, dtype=X.dtype, device=X.device)
    for sweep in range(max_iter):
        change = 0.0
        for j in range(d):
            g = G[j, j]
            if g <= 0:
                continue
            rho = c[j] - G[j] @ w + g * w[j]
            if rho > alpha:
                new = (rho - alpha) / g
            elif rho < -alpha:
                new = (rho + alpha) / g
            else:
                new = torch.zeros((), dtype=X.dtype, device=X.device)
            change = max(change, abs(float(new - w[j])))
            w[j] = new
        if change < tol:
            break
    return w, ybar - mu @ w
