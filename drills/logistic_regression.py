"""Logistic regression by gradient descent  逻辑回归(手推梯度下降)

Binary logistic regression with an L2 penalty, trained by full-batch gradient descent, with the
gradient derived and computed by hand — no autograd.

    z    = X @ w + b                                   # X (N, D), w (D,), b a 0-d tensor -> z (N,)
    loss = mean over the N samples of [ -y log sigmoid(z) - (1 - y) log(1 - sigmoid(z)) ]
           + (l2 / 2) * ||w||²                         # the bias b is NOT penalised

`loss_and_grad(X, y, w, b, l2=0.0)` returns `(loss, dw, db)`: the loss (0-d), d loss / dw (D,)
and d loss / db (0-d).

- `y` (N,) holds the labels 0.0 / 1.0, in X's dtype. Float inputs are float32 (float64 must work
  too); the outputs have their dtype and device.
- Stable for any logit: z = ±1000 must give a finite loss (no inf, no NaN). log(sigmoid(z)) and
  log(1 + exp(z)) are not stable; write the loss so that exp never overflows.
- Not allowed: torch.autograd.grad, Tensor.backward (or torch.func), and the ready-made losses
  F.binary_cross_entropy(_with_logits), F.logsigmoid, F.softplus (torch.sigmoid is fine).

`fit(X, y, l2=0.0, lr=0.1, steps=100)` returns `(w, b)` after `steps` steps of gradient descent
on that loss, starting from w = 0 (D,) and b = 0 (0-d): each step computes (dw, db) at the current
(w, b), then w -= lr * dw and b -= lr * db (both from the same point). steps = 0 returns the zeros.
Graded against the reference's trajectory, so follow exactly this update.

No Python loop over the samples (a loop over the steps is fine); the inputs are not modified.

Example:
    >>> X = torch.tensor([[1.0, 2.0], [-1.0, 0.5], [0.0, -1.0]]); y = torch.tensor([1.0, 0.0, 1.0])
    >>> loss_and_grad(X, y, torch.tensor([0.5, -0.25]), torch.tensor(0.1), l2=0.1)   # z = [0.1, -0.525, 0.35]
    (tensor(0.5631), tensor([-0.2322, -0.1419]), tensor(-0.1722))
    >>> fit(X, y, l2=0.1, lr=0.5, steps=100)
    (tensor([ 1.5489, -0.3469]), tensor(1.0282))
"""
import torch


def loss_and_grad(X: torch.Tensor, y: torch.Tensor, w: torch.Tensor, b: torch.Tensor,
                  l2: float = 0.0) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # TODO: logits, stable mean log-loss + (l2/2)||w||², then d loss/d z = (sigmoid(z) - y) / N,
    # dw and db from it (about 5 lines)
    raise NotImplementedError


def fit(X: torch.Tensor, y: torch.Tensor, l2: float = 0.0, lr: float = 0.1,
        steps: int = 100) -> tuple[torch.Tensor, torch.Tensor]:
    # TODO: zeros, then `steps` gradient steps on (w, b) (about 5 lines)
    raise NotImplementedError
