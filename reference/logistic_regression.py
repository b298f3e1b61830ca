import torch


def loss_and_grad(X: torch.Tensor, y: torch.Tensor, w: torch.Tensor, b: torch.Tensor,
                  l2: float = 0.0) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    z = X @ w + b                                                      # (N,) logits
    # -log sigmoid(z) = softplus(-z), written so that exp never overflows: max(z, 0) - y z + log1p(e^-|z|)
    nll = z.clamp(min=0) - y * z + torch.log1p(torch.exp(-z.abs()))
    loss = nll.mean() + 0.5 * l2 * (w * w).sum()                       # the bias is not penalised
    err = (torch.sigmoid(z) - y) / X.shape[0]                          # d loss / d z: the 1/N of the mean
    return loss, X.T @ err + l2 * w, err.sum()


def fit(X: torch.Tensor, y: torch.Tensor, l2: float = 0.0, lr: float = 0.1,
        steps: int = 100) -> tuple[torch.Tensor, torch.Tensor]:
    w, b = X.new_zeros(X.shape[1]), X.new_zeros(())
    for _ in range(steps):
        _, dw, db = loss_and_grad(X, y, w, b, l2)
        w, b = w - lr * dw, b - lr * db                                # both from the same point
    return w, b
