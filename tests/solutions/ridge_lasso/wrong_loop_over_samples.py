import torch

EXPECT = {
    'ridge: no loop': '',
}


def ridge(X, y, alpha):
    n, d = X.shape
    xm, ym = X.mean(0), y.mean()
    A = alpha * torch.eye(d, dtype=X.dtype, device=X.device)
    rhs = torch.zeros(d, dtype=X.dtype, device=X.device)
    for i in range(n):                                   # one outer product per sample
        xi = X[i] - xm
        A = A + torch.outer(xi, xi)
        rhs = rhs + xi * (y[i] - ym)
    w = torch.linalg.solve(A, rhs)
    return w, ym - xm @ w


def lasso(X, y, alpha, max_iter=1000, tol=1e-6):
    n, d = X.shape
    Xc, yc = X - X.mean(0), y - y.mean()
    z = (Xc * Xc).sum(0) / n
    w = X.new_zeros(d)
    r = yc.clone()
    for _ in range(max_iter):
        biggest = 0.0
        for j in range(d):
            if z[j] == 0:
                continue
            rho = Xc[:, j] @ r / n + z[j] * w[j]
            new = torch.sign(rho) * torch.clamp(rho.abs() - alpha, min=0) / z[j]
            r = r - Xc[:, j] * (new - w[j])
            biggest = max(biggest, (new - w[j]).abs().item())
            w[j] = new
        if biggest < tol:
            break
    return w, y.mean() - X.mean(0) @ w
