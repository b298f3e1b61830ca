import torch
import torch.nn.functional as F

EXPECT = {
    'no loop': '',
}


def focal_loss(logits, targets, alpha=0.25, gamma=2.0, reduction="mean"):
    losses = []
    for x, t in zip(logits, targets):                 # one element at a time
        p = torch.sigmoid(x)
        ce = F.binary_cross_entropy_with_logits(x, t)
        p_t = p if t == 1 else 1 - p
        loss = ce * (1 - p_t) ** gamma
        if alpha >= 0:
            loss = loss * (alpha if t == 1 else 1 - alpha)
        losses.append(loss)
    loss = torch.stack(losses)
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    return loss
