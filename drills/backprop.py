"""Backprop by hand 手推反向传播

Write `linear_softmax_ce_backward(x, W, b, target)`: the gradients of the mean cross-entropy loss
of a linear layer, derived and computed by hand — no autograd.

    logits = x @ W.T + b                      # x (N, D), W (C, D), b (C,) -> logits (N, C)
    p      = softmax(logits, dim=-1)
    loss   = mean over the N rows of -log p[i, target[i]]

Return `(dW, db, dx)` = d loss / d(W, b, x), with the shapes of W (C, D), b (C,) and x (N, D).
The key fact: d loss / d logits = (p - one_hot(target)) / N — the 1/N because the loss is a mean.
From there it is the chain rule through a matrix product: dW = dlogitsᵀ x, db = the sum of
dlogits over the batch, dx = dlogits W.

- `target` is a LongTensor (N,) of class indices in [0, C). Float inputs are float32 (float64
  must work too); the outputs have their dtype and device.
- Compute the softmax stably (subtract each row's max): logits of ±1000 must not give NaN.
- Not allowed: torch.autograd.grad, Tensor.backward, torch.autograd.backward (or torch.func,
  which calls them) — the drill is to do the calculus yourself.

Example (N=1, D=2, C=2):
    >>> x = torch.tensor([[1.0, 2.0]]); W = torch.eye(2); b = torch.zeros(2)
    >>> dW, db, dx = linear_softmax_ce_backward(x, W, b, torch.tensor([0]))
    >>> db                       # logits [1, 2]: p = [0.2689, 0.7311]; p - one_hot([0]) = [-0.7311, 0.7311]
    tensor([-0.7311,  0.7311])
    >>> dW                       # dlogitsᵀ x: row c is dlogits[:, c] times x
    tensor([[-0.7311, -1.4621],
            [ 0.7311,  1.4621]])
    >>> dx                       # dlogits W
    tensor([[-0.7311,  0.7311]])
"""
import torch


def linear_softmax_ce_backward(x: torch.Tensor, W: torch.Tensor, b: torch.Tensor,
                               target: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # TODO: logits, stable softmax, dlogits = (p - one_hot) / N, then dW, db, dx (about 6 lines)
    raise NotImplementedError
