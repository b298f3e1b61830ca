import torch

EXPECT = {"check": "extreme inputs", "mistake": "log(sigmoid(x)) is unstable"}


def focal_loss(logits, targets, alpha=0.25, gamma=2.0, reduction="mean"):
    p = torch.sigmoid(logits).clamp(1e-7, 1 - 1e-7)      # "avoid log(0)"
    ce = -(targets * torch.log(p) + (1 - targets) * torch.log(1 - p))
    p_t = p * targets + (1 - p) * (1 - targets)
    loss = ce * (1 - p_t) ** gamma
    if alpha >= 0:
        loss = (alpha * targets + (1 - alpha) * (1 - targets)) * loss
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    return loss
