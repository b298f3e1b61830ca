"""Focal loss 焦点损失

Write `focal_loss(logits, targets, alpha=0.25, gamma=2.0, reduction="mean")`: the binary focal
loss of RetinaNet (Lin et al., 2017), with the meaning of torchvision.ops.sigmoid_focal_loss.
For each element, with p = sigmoid(logit) and the target t in {0, 1}:

    ce      = -(t * log(p) + (1 - t) * log(1 - p))          binary cross-entropy
    p_t     = p * t + (1 - p) * (1 - t)                      probability of the true class
    alpha_t = alpha * t + (1 - alpha) * (1 - t)              alpha for positives, 1 - alpha for negatives
    loss    = alpha_t * (1 - p_t) ** gamma * ce

- `logits`: float `(N,)`; `targets`: float `(N,)` of 0.0 and 1.0, same shape.
- `alpha < 0` means no class weighting at all (alpha_t = 1), as in torchvision.
- `reduction`: "mean" (a 0-d tensor, the default), "sum" (0-d), or "none" (the `(N,)` losses).
- The modulating factor is (1 - p_t) ** gamma: confident, correct predictions (p_t near 1)
  are down-weighted. gamma = 0 with alpha < 0 is plain binary cross-entropy.
- Numerically stable for logits as large as ±1e4: log(sigmoid(x)) is log(0) = -inf once
  sigmoid underflows; use log(sigmoid(x)) = -softplus(-x) (F.logsigmoid) or
  F.binary_cross_entropy_with_logits, which are exact at any size.
- Gradients with respect to `logits` are graded (not with respect to the targets). Output dtype
  and device are the logits'; the inputs are not modified.

Example:
    >>> logits = torch.tensor([2.0, -1.0, 0.5, -3.0])
    >>> targets = torch.tensor([1.0, 0.0, 0.0, 1.0])
    >>> focal_loss(logits, targets, reduction="none")
    tensor([4.5089e-04, 1.6994e-02, 2.8306e-01, 6.9157e-01])
    >>> focal_loss(logits, targets)
    tensor(0.2480)
    >>> focal_loss(logits, targets, alpha=-1, gamma=0, reduction="none")   # = BCE with logits
    tensor([0.1269, 0.3133, 0.9741, 3.0486])
"""
import torch
import torch.nn.functional as F


def focal_loss(logits: torch.Tensor, targets: torch.Tensor, alpha: float = 0.25, gamma: float = 2.0,
               reduction: str = "mean") -> torch.Tensor:
    # TODO: stable BCE from the logits, p_t, the (1 - p_t) ** gamma factor, alpha_t, the reduction
    # (about 10 lines)
    raise NotImplementedError
