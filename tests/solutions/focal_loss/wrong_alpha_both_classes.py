import torch
import torch.nn.functional as F

EXPECT = {
    'values': 'alpha applied to both classes the same way: alpha_t = alpha for positives, 1 - alpha for negatives',
}


def focal_loss(logits, targets, alpha=0.25, gamma=2.0, reduction="mean"):
    p = torch.sigmoid(logits)
    ce = F.binary_cross_entropy_with_logits(logits, targets, reduction="none")
    p_t = p * targets + (1 - p) * (1 - targets)
    loss = ce * (1 - p_t) ** gamma
    if alpha >= 0:
        loss = alpha * loss
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    return loss
