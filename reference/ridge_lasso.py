import torch


def ridge(X: torch.Tensor, y: torch.Tensor, alpha: float) -> tuple[torch.Tensor, torch.Tensor]:
    d = X.shape[1]
    x_mean, y_mean = X.mean(0), y.mean()
    Xc, yc = X - x_mean, y - y_mean                          # centring leaves the intercept unpenalised
    A = Xc.T @ Xc + alpha * torch.eye(d, dtype=X.dtype, device=X.device)   # sum of squares: alpha, not n · alpha
    w = torch.linalg.solve(A, Xc.T @ yc)
    return w, y_mean - x_mean @ w


def lasso(X: torch.Tensor, y: torch.Tensor, alpha: float, max_iter: int = 1000,
          tol: float = 1e-6) -> tuple[torch.Tensor, torch.Tensor]:
    n, d = X.shape
    x_mean, y_mean = X.mean(0), y.mean()
    Xc = X - x_mean
    r = y - y_mean                                           # residual of w = 0
    z = (Xc * Xc).sum(0) / n                                 # (d,) curvature along each coordinate
    w = X.new_zeros(d)
    for _ in range(max_iter):
        biggest = 0.0
        for j in range(d):
            if z[j] == 0:                                    # a constant column: its coefficient stays 0
                continue
            rho = Xc[:, j] @ r / n + z[j] * w[j]             # the fit of column j to the rest's residual
            new = torch.sign(rho) * torch.clamp(rho.abs() - alpha, min=0) / z[j]    # soft threshold
            r = r - Xc[:, j] * (new - w[j])                  # keep the residual current: Gauss-Seidel
            biggest = max(biggest, (new - w[j]).abs().item())
            w[j] = new
        if biggest < tol:
            break
    return w, y_mean - x_mean @ w
