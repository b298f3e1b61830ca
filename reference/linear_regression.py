import torch


def fit_closed_form(X: torch.Tensor, y: torch.Tensor, l2: float = 0.0) -> tuple[torch.Tensor, torch.Tensor]:
    N, D = X.shape
    x_mean, y_mean = X.mean(0), y.mean()
    Xc, yc = X - x_mean, y - y_mean                           # centring takes the intercept out of the penalty
    A = Xc.T @ Xc + N * l2 * torch.eye(D, dtype=X.dtype, device=X.device)
    w = torch.linalg.solve(A, Xc.T @ yc)                      # LU: backward stable, unlike inv(A) @ rhs
    return w, y_mean - x_mean @ w


def fit_gd(X: torch.Tensor, y: torch.Tensor, l2: float = 0.0, lr: float = 0.1,
           steps: int = 100) -> tuple[torch.Tensor, torch.Tensor]:
    N = X.shape[0]
    w, b = X.new_zeros(X.shape[1]), X.new_zeros(())
    for _ in range(steps):
        r = X @ w + b - y                                     # (N,) residuals
        w, b = w - lr * (X.T @ r / N + l2 * w), b - lr * r.mean()    # both from the same point
    return w, b
