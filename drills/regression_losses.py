"""Regression losses 回归损失

Write four losses with exactly the meaning of PyTorch's built-ins. Each takes two float tensors of
the same shape (any shape, a 0-d tensor included) and a `reduction`:

    with d = pred - target:
    mse_loss(pred, target)               l = d²
    huber_loss(pred, target, delta=1.0)  l = 0.5 · d²                  if |d| <= delta
                                             delta · (|d| - 0.5 · delta)  otherwise
    smooth_l1_loss(pred, target, beta=1.0)
                                         l = 0.5 · d² / beta           if |d| < beta
                                             |d| - 0.5 · beta             otherwise
    hinge_loss(scores, target, margin=1.0)
                                         l = max(0, margin - target · scores)

- `reduction="none"`: the elementwise losses, of the inputs' shape. `"sum"`: their sum. `"mean"`
  (the default): their mean over EVERY element (not per row). `"sum"` and `"mean"` return a 0-dim
  tensor.
- Huber and smooth L1 are the same curve scaled: huber(d, delta) = delta · smooth_l1(d, beta=delta).
  Their quadratic parts differ (0.5 · d² against 0.5 · d² / beta), and so do their linear parts
  (slope delta against slope 1); with delta = beta = 1 they coincide, with any other value they do
  not. `delta` and `beta` are floats > 0: tiny ones make (almost) everything linear, huge ones make
  everything quadratic. `margin` is a float >= 0; hinge's `target` holds -1.0 and +1.0 (floats).
- The result has the inputs' dtype and device (float64 must work too); gradients flow to both
  inputs (hinge's target is a label: only its scores' gradient is graded); the inputs are not
  modified. No Python loop over the elements.
- Do not call the built-ins (F.mse_loss, F.huber_loss, F.smooth_l1_loss, F.hinge_embedding_loss,
  F.multi_margin_loss or their nn modules): write them with tensor operations.

Example:
    >>> pred = torch.tensor([0.5, -2.0, 3.0])
    >>> target = torch.tensor([0.0, 0.0, 1.0])          # d = [0.5, -2, 2]
    >>> mse_loss(pred, target, reduction="none"), mse_loss(pred, target)
    (tensor([0.2500, 4.0000, 4.0000]), tensor(2.7500))
    >>> huber_loss(pred, target, reduction="none")      # |d| = 2 > delta = 1: linear
    tensor([0.1250, 1.5000, 1.5000])
    >>> huber_loss(pred, target, delta=2.0, reduction="none")      # all quadratic
    tensor([0.1250, 2.0000, 2.0000])
    >>> smooth_l1_loss(pred, target, beta=2.0, reduction="none")   # huber / beta
    tensor([0.0625, 1.0000, 1.0000])
    >>> scores, y = torch.tensor([0.3, -2.0, 1.5]), torch.tensor([1.0, -1.0, -1.0])
    >>> hinge_loss(scores, y, reduction="sum")          # 0.7 + 0 + 2.5
    tensor(3.2000)
"""
import torch


def mse_loss(pred: torch.Tensor, target: torch.Tensor, reduction: str = "mean") -> torch.Tensor:
    # TODO: squared error, then reduce (about 3 lines)
    raise NotImplementedError


def huber_loss(pred: torch.Tensor, target: torch.Tensor, delta: float = 1.0,
               reduction: str = "mean") -> torch.Tensor:
    # TODO: quadratic inside |d| <= delta, linear outside, then reduce (about 4 lines)
    raise NotImplementedError


def smooth_l1_loss(pred: torch.Tensor, target: torch.Tensor, beta: float = 1.0,
                   reduction: str = "mean") -> torch.Tensor:
    # TODO: quadratic / beta inside |d| < beta, |d| - beta / 2 outside, then reduce (about 4 lines)
    raise NotImplementedError


def hinge_loss(scores: torch.Tensor, target: torch.Tensor, margin: float = 1.0,
               reduction: str = "mean") -> torch.Tensor:
    # TODO: max(0, margin - target * scores), then reduce (about 3 lines)
    raise NotImplementedError
