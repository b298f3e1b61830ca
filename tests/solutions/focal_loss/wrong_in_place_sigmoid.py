import torch
import torch.nn.functional as F

EXPECT = {
    'gradients': '',
    'inputs unchanged': '',
}


def focal_loss(logits, targets, alpha=0.25, gamma=2.0, reduction="mean"):
    ce = F.binary_cross_entropy_with_logits(logits, targets, reduction="none")
    p = logits.detach().sigmoid_()                     # overwrites the caller's logits
    p_t = p * targets + (1 - p) * (1 - targets)
    loss = ce * (1 - p_t) ** gamma
    if alpha >= 0:
        loss = (alpha * targets + (1 - alpha) * (1 - targets)) * loss
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    return loss
