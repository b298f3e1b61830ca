import torch
import torch.nn.functional as F


def focal_loss(logits: torch.Tensor, targets: torch.Tensor, alpha: float = 0.25, gamma: float = 2.0,
               reduction: str = "mean") -> torch.Tensor:
    # binary cross-entropy from the logits: log(1 - sigmoid(x)) = logsigmoid(-x), both stable at any |x|
    ce = -(targets * F.logsigmoid(logits) + (1 - targets) * F.logsigmoid(-logits))   # (N,)
    p = torch.sigmoid(logits)
    p_t = p * targets + (1 - p) * (1 - targets)          # the probability given to the true class
    loss = ce * (1 - p_t) ** gamma                       # easy examples (p_t near 1) count less
    if alpha >= 0:                                       # alpha < 0: no class weighting, as torchvision
        loss = (alpha * targets + (1 - alpha) * (1 - targets)) * loss   # alpha for positives only
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    return loss
